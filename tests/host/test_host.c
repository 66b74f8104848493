/* SQL taken out of application code (grammar/host.h): the SQL each host
 * language's literals make, escapes decoded, placeholders as parameters,
 * holes where code is pasted in, the host offset of every byte, file
 * picking, and the MyBatis variants and their sample. */
#include <stdlib.h>
#include <string.h>

#include "host/host.h"
#include "kp_test.h"

typedef struct ext {
	kp_source src;
	kp_arena a;
	kp_host_file f;
} ext;

static void extract(ext *x, kp_lang lang, const char *text)
{
	kp_arena_init(&x->a);
	kp_source_from_string(&x->src, "t", text, strlen(text));
	kp_host_extract(&x->f, &x->src, lang, &x->a);
}

static void ext_free(ext *x)
{
	kp_host_file_free(&x->f);
	kp_source_free(&x->src);
	kp_arena_free(&x->a);
}

static unsigned count(const ext *x)
{
	unsigned n = 0;
	for (const kp_host_stmt *s = x->f.head; s; s = s->next)
		n++;
	return n;
}

/* The SQL of the only statement, and the host offset of its byte at. */
static const char *sql_of(ext *x, const char *at_text, uint32_t *host)
{
	if (!x->f.head)
		return "";
	kp_source *s = &x->f.head->v[0].sql;
	if (at_text && host) {
		const char *p = strstr(s->text, at_text);
		*host = p ? s->map[p - s->text] : UINT32_MAX;
	}
	return s->text;
}

static void test_java_strings_concatenations_text_blocks_annotations(void)
{
	ext x;
	uint32_t h;
	const char *t = "String q = \"SELECT * FROM t WHERE a = '\\u00e9\\t\\101\\\\\\\"' \"\n"
	                "  + \"AND b = ?\"; // SELECT * FROM nope\n";
	extract(&x, KP_LANG_JAVA, t);
	CU_ASSERT_EQUAL(count(&x), 1);
	ASSERT_STR(sql_of(&x, "AND", &h), "SELECT * FROM t WHERE a = '\xc3\xa9\tA\\\"' AND b = ?");
	CU_ASSERT_EQUAL(h, (uint32_t)(strstr(t, "AND") - t));
	sql_of(&x, "\xc3\xa9", &h);
	CU_ASSERT_EQUAL(h, (uint32_t)(strstr(t, "\\u00e9") - t));   /* an escape maps to its backslash */
	ext_free(&x);

	/* a text block: the body after the line break, escapes and \<newline> */
	t = "String q = \"\"\"\n    SELECT * FROM t \\\n    WHERE a = \"x\"\n    \"\"\";";
	extract(&x, KP_LANG_JAVA, t);
	ASSERT_STR(sql_of(&x, "WHERE", &h), "    SELECT * FROM t     WHERE a = \"x\"\n    ");
	CU_ASSERT_EQUAL(h, (uint32_t)(strstr(t, "WHERE") - t));
	ext_free(&x);

	/* not SQL: no statement keyword, or no FROM after SELECT */
	extract(&x, KP_LANG_JAVA, "a(\"Select a file\"); b(\"Update failed: \" + e); c(\"from x\");");
	CU_ASSERT_EQUAL(count(&x), 0);
	ext_free(&x);

	/* an annotation's array joined with a space; #{} and ${} */
	extract(&x, KP_LANG_JAVA, "@Select({\"SELECT * FROM t\", \"WHERE a = #{a} AND b = ${b}\"}) void f();");
	ASSERT_STR(sql_of(&x, NULL, NULL), "SELECT * FROM t WHERE a = ? AND b = ?");
	CU_ASSERT_EQUAL(x.f.head->v[0].nholes, 1);
	CU_ASSERT(x.f.head->v[0].holes_planned);
	ext_free(&x);

	/* a pasted clause is not planned; a pasted value inside quotes is */
	extract(&x, KP_LANG_JAVA, "q = \"SELECT * FROM t \" + where + \"\";\nr = \"SELECT * FROM t WHERE a = '\" + a + \"'\";");
	CU_ASSERT_EQUAL(count(&x), 2);
	CU_ASSERT_FALSE(x.f.head->v[0].holes_planned);
	CU_ASSERT_EQUAL(x.f.head->v[0].hole_off, 25);
	CU_ASSERT_EQUAL(x.f.head->v[0].hole_len, 5);
	CU_ASSERT(x.f.head->next->v[0].holes_planned);
	ASSERT_STR(x.f.head->next->v[0].sql.text, "SELECT * FROM t WHERE a = ''");
	ext_free(&x);

	/* constants of the file are their text: a prefix constant is planned
	 * where it is used, not alone; a name assigned twice is not a constant */
	const char *ct = "static final String COLS = \"a, \" + \"b\";\n"
	                 "static final String BASE = \"SELECT \" + COLS + \" FROM t\";\n"
	                 "String q = BASE + \" WHERE a = ?\";\n"
	                 "String X = \"x\"; String X = \"y\";\n"
	                 "String r = \"SELECT * FROM t WHERE a = \" + X;\n";
	extract(&x, KP_LANG_JAVA, ct);
	CU_ASSERT_EQUAL(count(&x), 2);
	ASSERT_STR(sql_of(&x, "b FROM", &h), "SELECT a, b FROM t WHERE a = ?");
	CU_ASSERT_EQUAL(h, (uint32_t)(strstr(ct, "b\";") - ct));   /* maps into COLS's definition */
	CU_ASSERT_EQUAL(x.f.head->off, (uint32_t)(strstr(ct, "BASE + ") - ct));
	CU_ASSERT_EQUAL(x.f.head->v[0].nholes, 0);
	CU_ASSERT_EQUAL(x.f.head->next->v[0].nholes, 1);
	ext_free(&x);
	extract(&x, KP_LANG_GO, "const base = \"SELECT * FROM t\"\nvar q = base + \" WHERE a = ?\"\n");
	CU_ASSERT_EQUAL(count(&x), 1);
	ASSERT_STR(sql_of(&x, NULL, NULL), "SELECT * FROM t WHERE a = ?");
	ext_free(&x);

	/* Spring Data @Query is JPQL unless nativeQuery = true; JPA's
	 * @NamedQuery is JPQL ("a static, named query in the Java Persistence
	 * query language"), @NamedNativeQuery and Spring Data's @NativeQuery SQL
	 * (spring-data-jpa's User.java: @NamedQuery(query = "SELECT new
	 * ...NameOnlyDto(u.firstname, u.lastname) from User u") gave KP011) */
	extract(&x, KP_LANG_JAVA, "@Query(\"SELECT u FROM User u\") A a();\n"
	                          "@org.x.Query(value = {\"SELECT o FROM Order o\"}) B b();\n"
	                          "@Query(value = \"SELECT * FROM t\", nativeQuery = true) C c();\n"
	                          "@NamedQuery(name = \"U.x\", query = \"SELECT new a.Dto(u.f) FROM User u\")\n"
	                          "@NamedQueries({@NamedQuery(name = \"U.y\", query = \"SELECT u FROM User u\")})\n"
	                          "@NamedNativeQuery(name = \"U.z\", query = \"SELECT * FROM u\") D d();");
	CU_ASSERT_EQUAL(count(&x), 2);
	ASSERT_STR(x.f.head->v[0].sql.text, "SELECT * FROM t");
	ASSERT_STR(x.f.head->next->v[0].sql.text, "SELECT * FROM u");
	ext_free(&x);

	/* a list pasted after IN */
	extract(&x, KP_LANG_JAVA, "q = \"SELECT * FROM t WHERE a IN \" + ids;");
	ASSERT_STR(sql_of(&x, NULL, NULL), "SELECT * FROM t WHERE a IN (?)");
	CU_ASSERT(x.f.head->v[0].holes_planned);
	ext_free(&x);

	/* String.format: %s outside quotes is pasted text; a LIKE pattern is not */
	extract(&x, KP_LANG_JAVA, "f(\"SELECT * FROM t WHERE a = %d AND b LIKE 'x%s'\")");
	ASSERT_STR(sql_of(&x, NULL, NULL), "SELECT * FROM t WHERE a = ? AND b LIKE 'x%s'");
	CU_ASSERT_EQUAL(x.f.head->v[0].nholes, 1);
	ext_free(&x);
}

static void test_kotlin_templates_are_holes_and_comments_nest(void)
{
	ext x;
	uint32_t h;
	const char *t = "val q = \"\"\"SELECT * FROM t WHERE a = ${m[\"k\"]} AND b = $id\"\"\"\n";
	extract(&x, KP_LANG_KOTLIN, t);
	ASSERT_STR(sql_of(&x, "AND", &h), "SELECT * FROM t WHERE a = ? AND b = ?");
	CU_ASSERT_EQUAL(h, (uint32_t)(strstr(t, "AND") - t));
	CU_ASSERT_EQUAL(x.f.head->v[0].nholes, 2);
	CU_ASSERT_EQUAL(x.f.head->v[0].hole_off, (uint32_t)(strstr(t, "${") - t));
	CU_ASSERT_EQUAL(x.f.head->v[0].hole_len, 9);
	ext_free(&x);
	/* block comments nest in Kotlin, not in Java */
	extract(&x, KP_LANG_KOTLIN, "/* a /* b */ \"SELECT * FROM t\" */ val q = \"SELECT * FROM u\"");
	CU_ASSERT_EQUAL(count(&x), 1);
	ASSERT_STR(sql_of(&x, NULL, NULL), "SELECT * FROM u");
	ext_free(&x);
	extract(&x, KP_LANG_JAVA, "/* a /* b */ String q = \"SELECT * FROM t\";");
	ASSERT_STR(sql_of(&x, NULL, NULL), "SELECT * FROM t");
	ext_free(&x);
	extract(&x, KP_LANG_KOTLIN, "val q = \"SELECT * FROM t WHERE a = \\$1\"");
	ASSERT_STR(sql_of(&x, NULL, NULL), "SELECT * FROM t WHERE a = $1");
	CU_ASSERT_EQUAL(x.f.head->v[0].nholes, 0);
	ext_free(&x);
}

static void test_go_raw_strings_keep_nul_and_drop_cr(void)
{
	ext x;
	uint32_t h;
	const char *t = "q := `SELECT * FROM t\r\nWHERE a = $1` + \"\\x41ND b = '\\U0001F600'\"";
	extract(&x, KP_LANG_GO, t);
	ASSERT_STR(sql_of(&x, "WHERE", &h), "SELECT * FROM t\nWHERE a = $1AND b = '\xf0\x9f\x98\x80'");
	CU_ASSERT_EQUAL(h, (uint32_t)(strstr(t, "WHERE") - t));   /* after a dropped CR */
	ext_free(&x);
	/* a NUL byte does not end a raw string (the SQL lexer reports it), and
	 * an unterminated one runs to the end: neither statement is dropped */
	static const char nul[] = "q := `SELECT * FROM t\0 WHERE a = 1`\nr := `SELECT * FROM u WHERE b = 2\n";
	kp_arena_init(&x.a);
	kp_source_from_string(&x.src, "t", nul, sizeof nul - 1);
	kp_host_extract(&x.f, &x.src, KP_LANG_GO, &x.a);
	CU_ASSERT_EQUAL(count(&x), 2);
	if (count(&x) == 2) {
		static const char want[] = "SELECT * FROM t\0 WHERE a = 1";
		CU_ASSERT_EQUAL(x.f.head->v[0].sql.len, sizeof want - 1);
		CU_ASSERT_EQUAL(memcmp(x.f.head->v[0].sql.text, want, sizeof want), 0);
		ASSERT_STR(x.f.head->next->v[0].sql.text, "SELECT * FROM u WHERE b = 2\n");
	}
	ext_free(&x);
}

static void test_python_fstring_fields_are_holes(void)
{
	ext x;
	uint32_t h;
	const char *t = "cur.execute(\"SELECT * FROM t \"\n    r\"WHERE a = %(name)s AND b LIKE 'x%%' AND d = '\\\"'\"\n"
	                "    \" AND c = %s\")\nother = \"SELECT * FROM u WHERE a = 1\"\n";
	extract(&x, KP_LANG_PYTHON, t);
	CU_ASSERT_EQUAL(count(&x), 2);
	ASSERT_STR(sql_of(&x, "WHERE", &h), "SELECT * FROM t WHERE a = :name AND b LIKE 'x%' AND d = '\\\"' AND c = ?");
	CU_ASSERT_EQUAL(h, (uint32_t)(strstr(t, "WHERE") - t));
	ext_free(&x);
	/* f-strings: {{ is a brace, {x} a hole; % formatting pastes */
	extract(&x, KP_LANG_PYTHON, "q = f\"SELECT * FROM t WHERE a = {a} AND b = '{{x}}'\"\n"
	                            "r = \"SELECT * FROM t WHERE a = %s\" % a\n");
	ASSERT_STR(x.f.head->v[0].sql.text, "SELECT * FROM t WHERE a = ? AND b = '{x}'");
	CU_ASSERT_EQUAL(x.f.head->v[0].nholes, 1);
	CU_ASSERT_EQUAL(x.f.head->next->v[0].nholes, 1);
	ext_free(&x);
	/* str.format: {} fields are pasted, {{ }} are braces */
	const char *t2 = "q = \"SELECT * FROM t WHERE a = {} AND b = '{{x}}' AND c = {name!r}\".format(a, name=n)\n";
	extract(&x, KP_LANG_PYTHON, t2);
	ASSERT_STR(sql_of(&x, NULL, NULL), "SELECT * FROM t WHERE a = ? AND b = '{x}' AND c = ?");
	CU_ASSERT_EQUAL(x.f.head->v[0].nholes, 2);
	CU_ASSERT_EQUAL(x.f.head->v[0].hole_off, (uint32_t)(strstr(t2, "{}") - t2));
	CU_ASSERT_EQUAL(x.f.head->v[0].hole_len, 2);
	ext_free(&x);
}

static void test_language_picked_by_file_name_and_mapper_root(void)
{
	CU_ASSERT_EQUAL(kp_lang_of_path("a/B.java"), KP_LANG_JAVA);
	CU_ASSERT_EQUAL(kp_lang_of_path("b.kt"), KP_LANG_KOTLIN);
	CU_ASSERT_EQUAL(kp_lang_of_path("x.go"), KP_LANG_GO);
	CU_ASSERT_EQUAL(kp_lang_of_path("x.py"), KP_LANG_PYTHON);
	CU_ASSERT_EQUAL(kp_lang_of_path("q.sql"), KP_LANG_SQL);
	CU_ASSERT_EQUAL(kp_lang_of_path("m.xml"), KP_LANG_MYBATIS);
	CU_ASSERT_EQUAL(kp_lang_of_path("notes.txt"), -1);
	CU_ASSERT_EQUAL(kp_lang_of_path(".py"), -1);
	CU_ASSERT_EQUAL(kp_lang_parse("kotlin"), KP_LANG_KOTLIN);
	CU_ASSERT_EQUAL(kp_lang_parse("cobol"), -1);
	const char *m = "\xef\xbb\xbf<?xml version=\"1.0\"?>\n<!-- c -->\n<!DOCTYPE mapper PUBLIC \"x\" \"y\" [ <!-- > --> ]>\n"
	                "<mapper namespace=\"a\">";
	CU_ASSERT(kp_host_is_mapper(m, strlen(m)));
	CU_ASSERT(kp_host_is_mapper("<m:mapper>", 10));
	CU_ASSERT_FALSE(kp_host_is_mapper("<project><mapper/></project>", 28));
	CU_ASSERT_FALSE(kp_host_is_mapper("<mappers>", 9));
	CU_ASSERT_FALSE(kp_host_is_mapper("<!-- unterminated", 17));
	CU_ASSERT_FALSE(kp_host_is_mapper("", 0));
}

static void test_mybatis_variants_sampled_and_mapped(void)
{
	ext x;
	/* 20 independent <if>: 2^20 variants; the sample starts with every
	 * branch absent, then every branch present, then each alone */
	kp_buf b = {0};
	kp_buf_puts(&b, "<mapper><select id=\"s\">SELECT * FROM t <where>");
	for (int i = 0; i < 20; i++)
		kp_buf_printf(&b, "<if test=\"c%d != null\">AND a%d = #{c%d}</if>", i, i, i);
	kp_buf_puts(&b, "</where></select></mapper>");
	extract(&x, KP_LANG_MYBATIS, b.data);
	kp_host_stmt *st = x.f.head;
	CU_ASSERT_EQUAL(st->nv, KP_HOST_MAX_VARIANTS);
	CU_ASSERT_EQUAL(st->total, 1048576.0);
	CU_ASSERT_EQUAL(st->nchoices, 20);
	bool all0 = true, all1 = true, alone = true;
	for (unsigned c = 0; c < 20; c++) {
		all0 &= st->v[0].pick[c] == 0;
		all1 &= st->v[1].pick[c] == 1;
		for (unsigned k = 0; k < 20; k++)
			alone &= st->v[2 + c].pick[k] == (k == c);
	}
	CU_ASSERT(all0 && all1 && alone);
	ASSERT_STR(st->v[0].sql.text, "SELECT * FROM t ");
	ASSERT_STR(st->v[2].sql.text, "SELECT * FROM t  WHERE a0 = ? ");
	/* the sample is the same on every run */
	ext y;
	extract(&y, KP_LANG_MYBATIS, b.data);
	bool same = true;
	for (unsigned i = 0; i < st->nv; i++)
		same &= !strcmp(st->v[i].sql.text, y.f.head->v[i].sql.text);
	CU_ASSERT(same);
	ext_free(&y);
	ext_free(&x);
	kp_buf_free(&b);

	/* <choose> branches are exclusive; an <if> inside a <foreach> is the
	 * same choice point in both items; nested unreached choices collapse */
	extract(&x, KP_LANG_MYBATIS,
	        "<mapper><select id=\"s\">SELECT * FROM t WHERE <choose><when test=\"x\">a = 1</when>"
	        "<when test=\"y\">b = 2<if test=\"z\"> AND c = 3</if></when><otherwise>d = 4</otherwise></choose>"
	        " AND e IN <foreach open=\"(\" close=\")\" separator=\",\">#{i}<if test=\"w\">+1</if></foreach>"
	        "</select></mapper>");
	st = x.f.head;
	CU_ASSERT_EQUAL(st->nchoices, 3);
	CU_ASSERT_EQUAL(st->total, 8.0);   /* z only under y: (x, y and z, y, otherwise) x w */
	CU_ASSERT_EQUAL(st->nv, 8);
	ASSERT_STR(st->v[0].sql.text, "SELECT * FROM t WHERE d = 4 AND e IN (? , ?)");
	bool found = false;
	for (unsigned i = 0; i < st->nv; i++)
		found |= !strcmp(st->v[i].sql.text, "SELECT * FROM t WHERE b = 2 AND c = 3 AND e IN (?+1 , ?+1)");
	CU_ASSERT(found);
	bool in[8] = {0};
	for (unsigned i = 0; i < st->nv; i++)
		in[i] = st->v[i].pick[0] == 2;
	kp_arena a;
	kp_arena_init(&a);
	ASSERT_STR(kp_host_describe(st, in, &a), "when `y`");
	memset(in, 0, sizeof in);
	in[0] = true;
	ASSERT_STR(kp_host_describe(st, in, &a), "when <otherwise> (none of `x`, `y`) and not `w`");
	kp_arena_free(&a);
	ext_free(&x);

	/* a parameter with a nested ${} is one parameter */
	extract(&x, KP_LANG_MYBATIS, "<mapper><select id=\"s\">SELECT * FROM t WHERE a IN <foreach open=\"(\" "
	                             "close=\")\" separator=\",\">#{ids[${index}]}</foreach></select></mapper>");
	ASSERT_STR(x.f.head->v[0].sql.text, "SELECT * FROM t WHERE a IN (? , ?)");
	CU_ASSERT_EQUAL(x.f.head->v[0].nholes, 0);
	ext_free(&x);

	/* an <include>'s <property> fills ${name} of its fragment; other ${} are pasted */
	const char *pm = "<mapper namespace=\"n\"><sql id=\"c\">${alias}.a, ${alias}.b, ${other}</sql>"
	                 "<select id=\"s\">SELECT <include refid=\"n.c\"><property name=\"alias\" value=\"t1\"/>"
	                 "</include> FROM t t1</select></mapper>";
	extract(&x, KP_LANG_MYBATIS, pm);
	st = x.f.head;
	ASSERT_STR(st->v[0].sql.text, "SELECT t1.a, t1.b, ? FROM t t1");
	CU_ASSERT_EQUAL(st->v[0].nholes, 1);
	CU_ASSERT_EQUAL(st->v[0].sql.map[7], (uint32_t)(strstr(pm, "${alias}") - pm));
	CU_ASSERT_EQUAL(st->v[0].hole_off, (uint32_t)(strstr(pm, "${other}") - pm));
	ext_free(&x);

	/* <set>, <trim>, entities and CDATA map back to the host */
	const char *t = "<mapper><update id=\"u\">UPDATE t <set><if test=\"a\">a = 1,</if></set>\n"
	                "<trim prefix=\"WHERE\" prefixOverrides=\"AND |OR \"> OR k &lt; <![CDATA[ 5 ]]></trim></update></mapper>";
	extract(&x, KP_LANG_MYBATIS, t);
	st = x.f.head;
	CU_ASSERT_EQUAL(st->nv, 2);
	ASSERT_STR(st->v[1].sql.text, "UPDATE t  SET a = 1 \n WHERE k <  5 ");
	const char *k = strstr(st->v[1].sql.text, "k <");
	CU_ASSERT_EQUAL(st->v[1].sql.map[k - st->v[1].sql.text], (uint32_t)(strstr(t, "k &lt;") - t));
	CU_ASSERT_EQUAL(st->v[1].sql.map[k + 2 - st->v[1].sql.text], (uint32_t)(strstr(t, "&lt;") - t));
	CU_ASSERT_EQUAL(st->v[1].sql.map[k + 5 - st->v[1].sql.text], (uint32_t)(strstr(t, " 5 ]]") - t) + 1);
	ext_free(&x);
}

/* Statements that start with WITH, ALTER, CREATE/DROP VIEW and TRUNCATE
 * are read; prose that starts with those words is not; the evidence of a
 * string's context is kept with it. */
static void test_statement_forms_and_evidence(void)
{
	ext x;
	extract(&x, KP_LANG_JAVA, "a(\"WITH x AS (SELECT 1) SELECT * FROM x\"); b(\"ALTER TABLE t ADD c INT\");\n"
	                          "c(\"CREATE VIEW v AS SELECT * FROM t\"); d(\"DROP VIEW v\"); e(\"TRUNCATE TABLE t\");\n"
	                          "f(\"truncate s.t\"); g(\"Truncate the log\"); h(\"With regards\"); i(\"Alter ego\");\n"
	                          "j(\"truncate t now\");");
	CU_ASSERT_EQUAL(count(&x), 6);
	const char *want[] = {"WITH x AS (SELECT 1) SELECT * FROM x", "ALTER TABLE t ADD c INT",
	                      "CREATE VIEW v AS SELECT * FROM t", "DROP VIEW v", "TRUNCATE TABLE t", "truncate s.t"};
	unsigned k = 0;
	for (const kp_host_stmt *s = x.f.head; s && k < 6; s = s->next, k++) {
		ASSERT_STR(s->v[0].sql.text, want[k]);
		CU_ASSERT_EQUAL(s->evidence, KP_HE_NONE);
	}
	ext_free(&x);

	/* the evidence: a SQL call (through String.format), a name passed to
	 * one, a name that says sql; JPQL's createQuery is not SQL at all */
	extract(&x, KP_LANG_JAVA, "ps = c.prepareStatement(String.format(\"SELECT * FROM t WHERE a = %d\", 1));\n"
	                          "String q = \"SELECT * FROM t\"; jdbc.query(q, m);\n"
	                          "String countSql = \"SELECT * FROM u\";\n"
	                          "String other = \"SELECT * FROM w\"; log(other);\n"
	                          "em.createQuery(\"SELECT u FROM User u\");\n"
	                          "conn.prepareStatement(\"Select a row from the list\");\n"
	                          "show(\"Select a row from the list\");\n"
	                          "String sqlHint = \"Select a row from the list\";");
	CU_ASSERT_EQUAL(count(&x), 5);
	kp_host_evidence ev[] = {KP_HE_CALL, KP_HE_CALL, KP_HE_NAME, KP_HE_NONE, KP_HE_CALL};
	k = 0;
	for (const kp_host_stmt *s = x.f.head; s && k < 5; s = s->next, k++)
		CU_ASSERT_EQUAL(s->evidence, ev[k]);
	ext_free(&x);

	/* a team's own call */
	const char *calls[] = {"runSql", NULL};
	kp_arena_init(&x.a);
	const char *t = "runSql(\"SELECT * FROM t\"); other(\"SELECT * FROM t\");";
	kp_source_from_string(&x.src, "t", t, strlen(t));
	kp_host_opts o = {.sql_calls = calls};
	kp_host_extract_with(&x.f, &x.src, KP_LANG_JAVA, &o, &x.a);
	CU_ASSERT_EQUAL(count(&x), 2);
	CU_ASSERT_EQUAL(x.f.head->evidence, KP_HE_CALL);
	CU_ASSERT_EQUAL(x.f.head->next->evidence, KP_HE_NONE);
	ext_free(&x);
}

/* The SQL texts of every variant of the only statement, joined by '|'. */
static const char *variants(ext *x, kp_buf *b)
{
	kp_buf_clear(b);
	for (unsigned i = 0; x->f.head && i < x->f.head->nv; i++)
		kp_buf_printf(b, "%s%s", i ? "|" : "", x->f.head->v[i].sql.text);
	return b->data ? b->data : "";
}

/* <foreach separator> goes only between items that wrote text, as
 * ForEachSqlNode does. */
static void test_mybatis_foreach_separator_only_after_text(void)
{
	ext x;
	kp_buf b = {0};
	extract(&x, KP_LANG_MYBATIS, "<mapper><select id=\"s\">select * from t <where><foreach collection=\"cs\" "
	                             "item=\"c\" separator=\"or\"><if test=\"c.valid\">(a = #{c.v})</if></foreach>"
	                             "</where></select></mapper>");
	ASSERT_STR(variants(&x, &b), "select * from t |select * from t  WHERE (a = ?) or (a = ?) ");
	CU_ASSERT_EQUAL(x.f.head->total, 2.0);
	ext_free(&x);
	/* open and close stay; a blank item writes no separator */
	extract(&x, KP_LANG_MYBATIS, "<mapper><select id=\"s\">select * from t where a in <foreach open=\"(\" "
	                             "close=\")\" separator=\",\"> <if test=\"x\">#{i}</if> </foreach></select></mapper>");
	ASSERT_STR(variants(&x, &b), "select * from t where a in (    )|select * from t where a in ( ?  ,  ? )");
	ext_free(&x);
	kp_buf_free(&b);
}

/* <trim> overrides as TrimSqlNode applies them: split at '|', compared
 * without regard to case; a prefix override matches the start of the
 * trimmed text; a suffix override matches its end as written or trimmed,
 * and the trimmed one is removed ("AND " takes "AND" off "a = 1 AND");
 * the first that matches wins, even one of white space alone, which
 * removes nothing. */
static void test_mybatis_trim_overrides_as_trimsqlnode(void)
{
	ext x;
	kp_buf b = {0};
	extract(&x, KP_LANG_MYBATIS, "<mapper><update id=\"u\">UPDATE t SET a = 1 <trim prefix=\"WHERE\" "
	                             "suffixOverrides=\"AND |OR \"><if test=\"k != null\">k = #{k} and</if></trim>"
	                             "</update></mapper>");
	ASSERT_STR(variants(&x, &b), "UPDATE t SET a = 1 |UPDATE t SET a = 1  WHERE k = ?  ");
	ext_free(&x);
	extract(&x, KP_LANG_MYBATIS, "<mapper><select id=\"s\">SELECT * FROM t <trim prefix=\"WHERE\" "
	                             "prefixOverrides=\"and |or \"> OR a = 1 AND</trim></select></mapper>");
	ASSERT_STR(variants(&x, &b), "SELECT * FROM t  WHERE a = 1 AND ");
	ext_free(&x);
	extract(&x, KP_LANG_MYBATIS, "<mapper><insert id=\"i\">INSERT INTO t (a, b) VALUES <trim prefix=\"(\" "
	                             "suffix=\")\" suffixOverrides=\" |,\">1, 2,</trim></insert></mapper>");
	ASSERT_STR(variants(&x, &b), "INSERT INTO t (a, b) VALUES  ( 1, 2, ) ");
	ext_free(&x);
	kp_buf_free(&b);
}

/* OGNL tests: the same test twice is one condition, x != null and
 * x == null are complements, x == 'a' excludes x == 'b', and/or/not;
 * only variants whose conditions can hold together are counted and
 * planned; nested branches are not multiplied. */
static void test_mybatis_only_reachable_variants(void)
{
	ext x;
	kp_buf b = {0};
	extract(&x, KP_LANG_MYBATIS, "<mapper><select id=\"s\">SELECT * FROM t WHERE <if test=\"a != null\">a = #{a}</if>"
	                             "<if test=\"a == null\">b = 1</if></select></mapper>");
	ASSERT_STR(variants(&x, &b), "SELECT * FROM t WHERE b = 1|SELECT * FROM t WHERE a = ?");
	CU_ASSERT_EQUAL(x.f.head->total, 2.0);
	ext_free(&x);

	/* twelve times the same test (spelled null != x, neq): two variants */
	kp_buf m = {0};
	kp_buf_puts(&m, "<mapper><select id=\"s\">SELECT * FROM t <where>");
	for (int i = 0; i < 12; i++)
		kp_buf_printf(&m, "<if test=\"%s\">AND c%d = 1 </if>", i % 3 == 0 ? "x != null" : i % 3 == 1 ?
		              "null != x" : "x neq null", i);
	kp_buf_puts(&m, "</where></select></mapper>");
	extract(&x, KP_LANG_MYBATIS, m.data);
	CU_ASSERT_EQUAL(x.f.head->total, 2.0);
	CU_ASSERT_EQUAL(x.f.head->nv, 2);
	CU_ASSERT_FALSE(x.f.head->total_bound);
	ext_free(&x);
	kp_buf_free(&m);

	/* and, or, not; a <choose> whose when's exclude an <if> */
	extract(&x, KP_LANG_MYBATIS, "<mapper><select id=\"s\">SELECT * FROM t WHERE k = 1"
	                             "<if test=\"a != null and b != null\"> AND a = #{a}</if>"
	                             "<if test=\"a == null or !(b != null)\"> AND b = 2</if></select></mapper>");
	ASSERT_STR(variants(&x, &b), "SELECT * FROM t WHERE k = 1 AND b = 2|SELECT * FROM t WHERE k = 1 AND a = ?");
	ext_free(&x);
	extract(&x, KP_LANG_MYBATIS, "<mapper><select id=\"s\">SELECT * FROM t WHERE <choose>"
	                             "<when test=\"t == 1\">a = 1</when><when test='t == \"2\"'>a = 2</when>"
	                             "<otherwise>a = 3</otherwise></choose><if test=\"t eq 1\"> AND b = 1</if>"
	                             "<if test=\"t == '2'\"> AND c = 1</if></select></mapper>");
	ASSERT_STR(variants(&x, &b), "SELECT * FROM t WHERE a = 3|SELECT * FROM t WHERE a = 1 AND b = 1|"
	                             "SELECT * FROM t WHERE a = 2 AND c = 1");
	CU_ASSERT_EQUAL(x.f.head->total, 3.0);
	ext_free(&x);

	/* nested branches: 20 <if> each holding one more: 3^20, not 4^20
	 * (too many to count one by one, but no two tests share a condition:
	 * the count is exact) */
	kp_buf_puts(&m, "<mapper><select id=\"s\">SELECT * FROM t <where>");
	for (int i = 0; i < 20; i++)
		kp_buf_printf(&m, "<if test=\"a%d != null\">AND a%d = 1 <if test=\"b%d != null\">AND b%d = 1 </if></if>",
		              i, i, i, i);
	kp_buf_puts(&m, "</where></select></mapper>");
	extract(&x, KP_LANG_MYBATIS, m.data);
	CU_ASSERT_EQUAL(x.f.head->total, 3486784401.0);
	CU_ASSERT_FALSE(x.f.head->total_bound);
	CU_ASSERT_EQUAL(x.f.head->nv, KP_HOST_MAX_VARIANTS);
	ext_free(&x);
	kp_buf_clear(&m);
	/* 20 pairs of complementary tests: too many to count, and the tests
	 * interact: 4^20 is a bound; every variant planned is possible */
	kp_buf_puts(&m, "<mapper><select id=\"s\">SELECT * FROM t <where>");
	for (int i = 0; i < 20; i++)
		kp_buf_printf(&m, "<if test=\"a%d != null\">AND a%d = 1 </if><if test=\"a%d == null\">AND b%d = 1 </if>",
		              i, i, i, i);
	kp_buf_puts(&m, "</where></select></mapper>");
	extract(&x, KP_LANG_MYBATIS, m.data);
	CU_ASSERT_EQUAL(x.f.head->total, 1099511627776.0);
	CU_ASSERT(x.f.head->total_bound);
	bool possible = x.f.head->nv > 0;
	for (unsigned i = 0; i < x.f.head->nv; i++)
		for (unsigned c = 0; c < 40; c += 2)
			possible &= x.f.head->v[i].pick[c] != x.f.head->v[i].pick[c + 1];
	CU_ASSERT(possible);
	ext_free(&x);
	kp_buf_free(&m);
	kp_buf_free(&b);
}

/* The n-th statement (0-based) of the file, or NULL. */
static const kp_host_stmt *nth(const ext *x, unsigned k)
{
	const kp_host_stmt *s = x->f.head;
	while (s && k--)
		s = s->next;
	return s;
}

/* Python's builders: a list's append adds an item, not text; a block is its
 * indentation (datasette's default_permissions/defaults.py appended one
 * statement in an if and another in its else: "missing ';' before
 * 'SELECT'"); a literal that receives a method call is the call's value
 * (PyMySQL's test_issues.py: big_sql += " and ".join(...): "syntax error
 * near 'and'"). */
static void test_python_builders_follow_blocks_and_receivers(void)
{
	ext x;
	const char *t = "def g(a):\n"
	                "    rule_sqls = []\n"
	                "    if a:\n"
	                "        rule_sqls.append(\"SELECT a FROM q WHERE o = :o\")\n"
	                "    else:\n"
	                "        rule_sqls.append(\"SELECT b FROM q WHERE o = :o\")\n";
	extract(&x, KP_LANG_PYTHON, t);
	CU_ASSERT_EQUAL(count(&x), 2);
	ASSERT_STR(nth(&x, 0)->v[0].sql.text, "SELECT a FROM q WHERE o = :o");
	ASSERT_STR(nth(&x, 1)->v[0].sql.text, "SELECT b FROM q WHERE o = :o");
	ext_free(&x);

	/* += in a deeper block is conditional: the statement is not known */
	extract(&x, KP_LANG_PYTHON, "def f(a):\n"
	                            "    sql = \"SELECT * FROM t\"\n"
	                            "    if a:\n"
	                            "        sql += \" WHERE a = %s\"\n"
	                            "    cur.execute(sql, (a,))\n");
	CU_ASSERT_EQUAL(count(&x), 0);
	ext_free(&x);
	/* ... and one after the block the builder lives in is not its */
	extract(&x, KP_LANG_PYTHON, "def f(a):\n"
	                            "    sql = \"SELECT * FROM t\"\n"
	                            "    sql += \" WHERE a = %s\"\n"
	                            "    cur.execute(sql, (a,))\n"
	                            "sql = \"SELECT * FROM u\"\n"
	                            "sql += \" WHERE b = %s\"\n");
	CU_ASSERT_EQUAL(count(&x), 2);
	ASSERT_STR(nth(&x, 0)->v[0].sql.text, "SELECT * FROM t WHERE a = ?");
	ASSERT_STR(nth(&x, 1)->v[0].sql.text, "SELECT * FROM u WHERE b = ?");
	ext_free(&x);

	const char *j = "big_sql = \"select * from tbl where \"\n"
	                "big_sql += \" and \".join(\"%d=%d\" % (i, i) for i in range(9))\n"
	                "c.execute(big_sql)\n";
	extract(&x, KP_LANG_PYTHON, j);
	CU_ASSERT_EQUAL(count(&x), 1);
	ASSERT_STR(sql_of(&x, NULL, NULL), "select * from tbl where ");
	CU_ASSERT_EQUAL(x.f.head->v[0].nholes, 1);
	CU_ASSERT_EQUAL(x.f.head->v[0].hole_off, (uint32_t)(strstr(j, "\" and") - j));
	CU_ASSERT(!x.f.head->v[0].holes_planned);
	ext_free(&x);

	/* ... and in a chain (datasette's views/row.py: sql = "select " +
	 * ", ".join(...) + " from ...": "syntax error near ','") */
	const char *r = "sql = \"select \" + \", \".join(cols) + \" from t where id = ?\"\ncur.execute(sql)\n";
	extract(&x, KP_LANG_PYTHON, r);
	ASSERT_STR(sql_of(&x, NULL, NULL), "select  from t where id = ?");
	CU_ASSERT_EQUAL(x.f.head->v[0].nholes, 1);
	CU_ASSERT_EQUAL(x.f.head->v[0].hole_off, (uint32_t)(strstr(r, "\", \"") - r));
	ext_free(&x);

	/* pasted between statements: the statements around it are planned
	 * (datasette's fixtures.py: TABLES = """...;""" + "\n".join([...]) +
	 * """INSERT ...""" left its 70 statements unplanned) */
	const char *b = "TABLES = (\"CREATE TABLE t (id int primary key);\"\n"
	                "  + \"\\n\".join(rows)\n"
	                "  + \"INSERT INTO t VALUES (9);\")\n"
	                "conn.executescript(TABLES)\n"
	                "c.execute(\"SELECT 1 FROM t;\" + \" \".join(w) + \" WHERE a = 1\")\n";
	extract(&x, KP_LANG_PYTHON, b);
	CU_ASSERT_EQUAL(count(&x), 2);
	ASSERT_STR(nth(&x, 0)->v[0].sql.text, "CREATE TABLE t (id int primary key);INSERT INTO t VALUES (9);");
	CU_ASSERT(nth(&x, 0)->v[0].holes_planned);
	CU_ASSERT(nth(&x, 0)->v[0].holes_between);
	CU_ASSERT_EQUAL(nth(&x, 0)->v[0].hole_off, (uint32_t)(strstr(b, "\"\\n\".join") - b));
	CU_ASSERT(!nth(&x, 1)->v[0].holes_planned);   /* WHERE ... follows: no statement starts */
	CU_ASSERT(!nth(&x, 1)->v[0].holes_between);
	ext_free(&x);

	/* Java: a sign at an operand's start (Phoenix's WhereOptimizerTest:
	 * "... pk < " + +(Long.MIN_VALUE + 1) ended the chain: "statement is
	 * incomplete") */
	const char *u = "query = \"SELECT * FROM t where pk < \" + +(Long.MIN_VALUE + 1);";
	extract(&x, KP_LANG_JAVA, u);
	ASSERT_STR(sql_of(&x, NULL, NULL), "SELECT * FROM t where pk < ?");
	CU_ASSERT_EQUAL(x.f.head->v[0].hole_off, (uint32_t)(strstr(u, "+(") - u));
	CU_ASSERT(x.f.head->v[0].holes_planned);
	ext_free(&x);
}

/* Placeholders as the drivers and Spring Data write them. */
static void test_driver_and_spring_data_placeholders(void)
{
	ext x;
	/* formatted, %s pastes text whatever follows (PyMySQL's dbapi20.py:
	 * "select name from %sbooze" % self.table_prefix: KP011 near '%') */
	const char *p = "cur.execute(\"select name from %sbooze\" % self.table_prefix)";
	extract(&x, KP_LANG_PYTHON, p);
	CU_ASSERT_EQUAL(count(&x), 1);
	CU_ASSERT_EQUAL(x.f.head->v[0].nholes, 1);
	CU_ASSERT_EQUAL(x.f.head->v[0].hole_off, (uint32_t)(strstr(p, "%sbooze") - p));
	CU_ASSERT_EQUAL(x.f.head->v[0].hole_len, 2);
	CU_ASSERT(!x.f.head->v[0].holes_planned);
	ext_free(&x);
	/* a local formatted with % later is a format string too (sqlalchemy's
	 * oracle/test_reflection.py: sql = """CREATE TABLE %(schema)sparent ...""";
	 * (sql % dd).split(";"): KP011 near '%') */
	const char *q = "def f(conn, dd):\n"
	                "    sql = \"drop table %(schema)smy_table\"\n"
	                "    for stmt in (sql % dd).split(\";\"):\n"
	                "        conn.exec_driver_sql(stmt)\n"
	                "def g(c):\n"
	                "    sql = \"select * from t where a = %(a)s\"\n"
	                "    c.execute(sql, {\"a\": 1})\n"
	                "x = sql % 2\n";
	extract(&x, KP_LANG_PYTHON, q);
	CU_ASSERT_EQUAL(count(&x), 2);
	CU_ASSERT_EQUAL(nth(&x, 0)->v[0].nholes, 1);
	CU_ASSERT_EQUAL(nth(&x, 0)->v[0].hole_off, (uint32_t)(strstr(q, "%(schema)s") - q));
	ASSERT_STR(nth(&x, 1)->v[0].sql.text, "select * from t where a = :a");
	ext_free(&x);
	/* a DB-API placeholder after IN is a sequence the driver writes as a
	 * list (PyMySQL's test_basic.py: "where i in %s": KP011 near '?') */
	extract(&x, KP_LANG_PYTHON, "c.execute(\"select l from t where i in %s order by i\", (seq,))\n"
	                            "c.execute(\"select l from t where i in %(ids)s\", d)\n");
	CU_ASSERT_EQUAL(count(&x), 2);
	ASSERT_STR(nth(&x, 0)->v[0].sql.text, "select l from t where i in (?) order by i");
	ASSERT_STR(nth(&x, 1)->v[0].sql.text, "select l from t where i in (:ids)");
	ext_free(&x);

	/* Spring Data's @Query (spring-data-jpa's UserRepository.java and
	 * QueryWithNullLikeIntegrationTests.java): :#{expr} and ?#{expr} are
	 * parameters, #{#entityName} is written in, LIKE %:name% binds name */
	const char *s = "@Query(value = \"select count(1) from u where u.lastname = :#{#lastname}\", nativeQuery = true)\n"
	                "@Query(value = \"select * from t where a = ?#{[0]}\", nativeQuery = true)\n"
	                "@Query(value = \"select * from SD_#{#entityName} u where u.e = ?\", nativeQuery = true)\n"
	                "@Query(value = \"select * from e where e.name like %:partialName% and b like ?1%\", "
	                "nativeQuery = true)\n";
	extract(&x, KP_LANG_JAVA, s);
	CU_ASSERT_EQUAL(count(&x), 4);
	ASSERT_STR(nth(&x, 0)->v[0].sql.text, "select count(1) from u where u.lastname = ?");
	CU_ASSERT_EQUAL(nth(&x, 0)->v[0].nholes, 0);
	ASSERT_STR(nth(&x, 1)->v[0].sql.text, "select * from t where a = ?");
	CU_ASSERT_EQUAL(nth(&x, 2)->v[0].nholes, 1);
	CU_ASSERT_EQUAL(nth(&x, 2)->v[0].hole_off, (uint32_t)(strstr(s, "#{#entityName}") - s));
	CU_ASSERT_EQUAL(nth(&x, 2)->v[0].hole_len, 14);
	ASSERT_STR(nth(&x, 3)->v[0].sql.text, "select * from e where e.name like :partialName and b like ?1");
	ext_free(&x);
	/* MyBatis's #{name} stays a parameter, a LIKE pattern in quotes stays */
	extract(&x, KP_LANG_JAVA, "@Select(\"SELECT * FROM t WHERE a = #{a} AND b LIKE '%x%'\") T f();");
	ASSERT_STR(sql_of(&x, NULL, NULL), "SELECT * FROM t WHERE a = ? AND b LIKE '%x%'");
	ext_free(&x);
}

/* JPQL that no call names: the identification variable alone, a
 * constructor expression (spring-data-jpa's DefaultEntityQueryUnitTests:
 * String queryString = "select u from User u where u.id in :ids" gave
 * KP011); SQL that selects a column of the same name stays. A local used
 * as the start of a longer string is not what runs (Phoenix's
 * TransformToolIT: String select = "SELECT ... FROM "; executeQuery(select
 * + name): "statement is incomplete"). */
static void test_jpql_and_prefix_locals_are_not_statements(void)
{
	ext x;
	extract(&x, KP_LANG_JAVA, "String queryString = \"select u from User u where u.id in :ids\";\n"
	                          "String query = \"SELECT COUNT(DISTINCT u) FROM org.acme.User AS u\";\n"
	                          "String fq = \"select new a.b.Dto(u.f, u.l) from User u\";\n"
	                          "String sql = \"select u from users v\";\n"
	                          "String sql2 = \"select count(u) from users\";\n");
	CU_ASSERT_EQUAL(count(&x), 2);
	ASSERT_STR(nth(&x, 0)->v[0].sql.text, "select u from users v");
	ASSERT_STR(nth(&x, 1)->v[0].sql.text, "select count(u) from users");
	ext_free(&x);
	CU_ASSERT(kp_host_jpql("SELECT u FROM User u", 20));
	CU_ASSERT(!kp_host_jpql("SELECT u FROM User", 18));
	/* the variable among other items, an entity named as a keyword, OBJECT()
	 * (spring-data-jpa's JpqlQueryRendererTckTests) */
	const char *jp[] = {"SELECT e, a.LAST_UPDATE_USER FROM Employee e, TABLE('AUDIT') a WHERE a.TABLE = 'E'",
	                    "SELECT DISTINCT o FROM Order AS o JOIN o.lineItems AS l WHERE l.shipped = FALSE",
	                    "SELECT o FROM Order o WHERE EXISTS (SELECT 1 FROM Vehicle v)",
	                    "SELECT OBJECT(c) FROM Customer c, IN(c.orders) o WHERE c.status = 1", NULL};
	for (int k = 0; jp[k]; k++)
		CU_ASSERT(kp_host_jpql(jp[k], strlen(jp[k])));
	/* SQL: a column of the same name as a table joined, or no alias */
	const char *sq[] = {"SELECT a FROM t JOIN a ON a.id = t.a", "SELECT a, b FROM t WHERE a = 1",
	                    "SELECT id FROM t x WHERE id IN (SELECT id FROM id)", "SELECT count(*) FROM t",
	                    "SELECT anon_1 FROM unnest(:unnest_1) AS anon_1", NULL};
	for (int k = 0; sq[k]; k++)
		CU_ASSERT(!kp_host_jpql(sq[k], strlen(sq[k])));

	extract(&x, KP_LANG_JAVA, "void m(Connection conn) {\n"
	                          "  String select = \"SELECT ID, CAR_NUM FROM \";\n"
	                          "  conn.createStatement().executeQuery(select + newName);\n"
	                          "  conn.createStatement().executeQuery(select);\n"
	                          "}\n"
	                          "void n(Connection conn) {\n"
	                          "  String select = \"SELECT ID FROM t\";\n"
	                          "  conn.createStatement().executeQuery(select);\n"
	                          "}\n");
	CU_ASSERT_EQUAL(count(&x), 2);
	CU_ASSERT_EQUAL(nth(&x, 0)->evidence, KP_HE_NONE);   /* a prefix: a fragment says nothing */
	CU_ASSERT_EQUAL(nth(&x, 1)->evidence, KP_HE_CALL);
	ASSERT_STR(nth(&x, 1)->v[0].sql.text, "SELECT ID FROM t");
	ext_free(&x);
}

/* Collections after IN without parentheses (SQLAlchemy's expanding
 * bindparam, sqlalchemy's testing/suite/test_select.py: "WHERE z IN :q":
 * KP011 near ':q'; JPQL's IN ?1), and SQLAlchemy's \: for a colon
 * (test_text.py: r"attrelid = :tab\:\:regclass": KP016 at '\'). */
static void test_in_collections_and_escaped_colons(void)
{
	ext x;
	extract(&x, KP_LANG_PYTHON, "conn.execute(text(\"select id FROM t WHERE z IN :q ORDER BY id\"))\n"
	                            "conn.execute(text(\"select id FROM t WHERE (x, z) IN :q\"))\n"
	                            "conn.execute(text(\"select id FROM t WHERE z IN (:q)\"))\n"
	                            "conn.execute(text(r\"select * from t where a = :tab\\:\\:regclass\"))\n");
	CU_ASSERT_EQUAL(count(&x), 4);
	ASSERT_STR(nth(&x, 0)->v[0].sql.text, "select id FROM t WHERE z IN (:q) ORDER BY id");
	ASSERT_STR(nth(&x, 1)->v[0].sql.text, "select id FROM t WHERE (x, z) IN (:q)");
	ASSERT_STR(nth(&x, 2)->v[0].sql.text, "select id FROM t WHERE z IN (:q)");
	ASSERT_STR(nth(&x, 3)->v[0].sql.text, "select * from t where a = :tab::regclass");
	ext_free(&x);
	extract(&x, KP_LANG_JAVA, "@Query(value = \"select * from t where a in ?1 and b in ? and c in :cs\", "
	                          "nativeQuery = true)");
	ASSERT_STR(sql_of(&x, NULL, NULL), "select * from t where a in (?1) and b in ? and c in (:cs)");
	ext_free(&x);
	/* MyBatis's IN stays as written */
	extract(&x, KP_LANG_JAVA, "@Select(\"SELECT * FROM t WHERE a IN #{ids}\") T f();");
	ASSERT_STR(sql_of(&x, NULL, NULL), "SELECT * FROM t WHERE a IN ?");
	ext_free(&x);
}

/* A SELECT with no FROM that a SQL call runs is a statement (PyMySQL's
 * test_issues.py: c.execute("select sleep(10)"), datasette's app.py:
 * conn.execute("select sqlite_version()") were not read); not passed to
 * one, or prose, it is not. */
static void test_select_without_from_read_where_a_call_runs_it(void)
{
	ext x;
	extract(&x, KP_LANG_PYTHON, "c.execute(\"select sleep(10)\")\n"
	                            "v = conn.execute(\"select sqlite_version()\").fetchone()[0]\n"
	                            "c.execute(\"Select the row you want.\")\n"
	                            "label = \"Select a row\"\n"
	                            "c.execute(\"select\")\n");
	CU_ASSERT_EQUAL(count(&x), 2);
	ASSERT_STR(nth(&x, 0)->v[0].sql.text, "select sleep(10)");
	ASSERT_STR(nth(&x, 1)->v[0].sql.text, "select sqlite_version()");
	ext_free(&x);
	/* SQLAlchemy's exec_driver_sql and encode/databases' fetch_one run SQL
	 * (sqlalchemy's postgresql/base.py: exec_driver_sql("select
	 * current_schema()") was not read) */
	extract(&x, KP_LANG_PYTHON, "connection.exec_driver_sql(\"select current_schema()\").scalar()\n"
	                            "await database.fetch_one(\"SELECT 1\")\n");
	CU_ASSERT_EQUAL(count(&x), 2);
	CU_ASSERT_EQUAL(nth(&x, 1)->evidence, KP_HE_CALL);
	ext_free(&x);
	/* ... and the other objects the grammar reads (Phoenix's
	 * UpsertSelectIT: stmt.execute("drop sequence s"), LocalIndexIT:
	 * execute("UPDATE STATISTICS " + t) were not read) */
	extract(&x, KP_LANG_JAVA, "stmt.execute(\"drop sequence s\");\n"
	                          "c.execute(\"UPDATE STATISTICS \" + t);\n"
	                          "c.execute(\"CREATE SCHEMA IF NOT EXISTS \" + s);\n"
	                          "c.execute(\"CREATE PROCEDURE p() BEGIN END\");\n"
	                          "String h = \"Drop sequence\";\n");
	CU_ASSERT_EQUAL(count(&x), 4);
	ASSERT_STR(nth(&x, 0)->v[0].sql.text, "drop sequence s");
	ASSERT_STR(nth(&x, 1)->v[0].sql.text, "UPDATE STATISTICS ");
	ASSERT_STR(nth(&x, 2)->v[0].sql.text, "CREATE SCHEMA IF NOT EXISTS ");
	ASSERT_STR(nth(&x, 3)->v[0].sql.text, "CREATE PROCEDURE p() BEGIN END");
	ext_free(&x);
}

/* A message for people is not SQL, whatever its first word: an exception's
 * constructor, a log line (Exposed's FunctionProvider.kt:
 * throwUnsupportedException("DELETE from a join relation is unsupported")
 * was read as a statement). A team's own call named like one still is. */
static void test_messages_to_exceptions_and_logs_are_not_sql(void)
{
	ext x;
	extract(&x, KP_LANG_KOTLIN, "fun a(): String = tx.throwUnsupportedException(\"DELETE from a join relation is unsupported\")\n"
	                            "fun b() { throw IllegalStateException(\"UPDATE t SET a = 1 failed\") }\n"
	                            "fun c() { logger.info(\"SELECT * FROM t took too long\") }\n"
	                            "fun d() { error(\"DELETE FROM t is not allowed here\") }\n"
	                            "fun e() { jdbc.update(\"UPDATE t SET a = 1\") }\n");
	CU_ASSERT_EQUAL(count(&x), 1);
	ASSERT_STR(sql_of(&x, NULL, NULL), "UPDATE t SET a = 1");
	ext_free(&x);
	extract(&x, KP_LANG_PYTHON, "raise ValueError(\"SELECT * FROM t needs a key\")\n"
	                            "log.debug(\"DELETE FROM t WHERE a = %s\", a)\n");
	CU_ASSERT_EQUAL(count(&x), 0);
	ext_free(&x);
	CU_ASSERT_EQUAL(kp_host_call_evidence("error", 5, NULL), KP_HE_NOT_SQL);
	const char *mine[] = {"error", NULL};
	CU_ASSERT_EQUAL(kp_host_call_evidence("error", 5, mine), KP_HE_CALL);
}

KPT_SUITE("host", NULL, NULL,
	{"Java: escapes, + concatenation, text blocks, annotations, non-SQL strings", test_java_strings_concatenations_text_blocks_annotations},
	{"Kotlin: ${} and $name are holes, block comments nest, \\$ is a dollar", test_kotlin_templates_are_holes_and_comments_nest},
	{"Go: raw and interpreted strings; a raw string keeps a NUL, drops CRs, runs to the end unterminated", test_go_raw_strings_keep_nul_and_drop_cr},
	{"Python: f-string and str.format fields are holes, doubled braces are braces", test_python_fstring_fields_are_holes},
	{"the language is picked by file name, a mapper by its root element", test_language_picked_by_file_name_and_mapper_root},
	{"MyBatis: variants sampled the same on every run, SQL mapped to the XML", test_mybatis_variants_sampled_and_mapped},
	{"WITH, ALTER, views, TRUNCATE read; the evidence of a string's context", test_statement_forms_and_evidence},
	{"MyBatis: <foreach separator> only after an item that wrote text", test_mybatis_foreach_separator_only_after_text},
	{"MyBatis: <trim> overrides as TrimSqlNode applies them", test_mybatis_trim_overrides_as_trimsqlnode},
	{"MyBatis: only variants whose OGNL conditions can hold together, nesting not multiplied", test_mybatis_only_reachable_variants},
	{"Python builders: a list's append, blocks by indentation, a literal's method call; a sign after +", test_python_builders_follow_blocks_and_receivers},
	{"placeholders: %s formatted, IN %s a list, Spring Data's :#{}, ?#{}, #{#entityName}, LIKE %:name%", test_driver_and_spring_data_placeholders},
	{"JPQL no call names is not read; a local used as a prefix is a fragment", test_jpql_and_prefix_locals_are_not_statements},
	{"IN :name and IN ?1 are collections; SQLAlchemy's \\: is a colon", test_in_collections_and_escaped_colons},
	{"a SELECT with no FROM is read where a SQL call runs it", test_select_without_from_read_where_a_call_runs_it},
	{"messages to exceptions, logs and prints are not SQL", test_messages_to_exceptions_and_logs_are_not_sql})
