/* Parser: the forms of real application schemas and queries (MySQL,
 * PostgreSQL, SQLite, HSQLDB), each asserting its AST and the place of
 * each form kept on the statement (kp_stmt.forms); their misspellings are
 * syntax errors at the word. Per target findings: tests/tools/test_forms.py. */
#include <stdlib.h>
#include <string.h>

#include "grammar/parser.h"
#include "kp_test.h"

static kp_arena arena;
static kp_source src;
static kp_diags d;

static kp_stmt *one(const char *sql, kp_stmt_kind kind)
{
	kp_list l = {0};
	kp_source_free(&src);
	kp_source_from_string(&src, "t.sql", sql, strlen(sql));
	memset(&d, 0, sizeof d);
	kp_arena_reset(&arena);
	kp_parse_all(&l, &src, &arena, &d);
	if (d.head)
		fprintf(stderr, "\n  unexpected: %s\n  in: %s\n", d.head->message, sql);
	CU_ASSERT_PTR_NULL(d.head);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	kp_stmt *s = l.items[0];
	CU_ASSERT_EQUAL_FATAL(s->kind, kind);
	return s;
}

static void error_at(const char *sql, const char *message, uint32_t line, uint32_t col)
{
	kp_list l = {0};
	kp_source_free(&src);
	kp_source_from_string(&src, "t.sql", sql, strlen(sql));
	memset(&d, 0, sizeof d);
	kp_arena_reset(&arena);
	kp_parse_all(&l, &src, &arena, &d);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d.head);
	uint32_t ln, c;
	kp_source_linecol(&src, d.head->off, &ln, &c);
	if (strcmp(d.head->message, message) || ln != line || c != col)
		fprintf(stderr, "\n  got: %s at %u:%u\n  want: %s at %u:%u\n", d.head->message, ln, c, message, line, col);
	CU_ASSERT_STRING_EQUAL(d.head->message, message);
	CU_ASSERT_EQUAL(ln, line);
	CU_ASSERT_EQUAL(c, col);
}

/* The statement's forms, as "FORM@col FORM@col" (1-based columns, line 1). */
static const char *forms(const kp_stmt *s)
{
	static char buf[1024];
	size_t n = 0;
	buf[0] = 0;
	for (uint32_t i = 0; i < s->forms.n && n < sizeof buf - 64; i++) {
		const kp_form_use *u = s->forms.items[i];
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s@%u", i ? " " : "", kp_sql_form_name(u->form),
		                      u->off + 1);
	}
	return buf;
}

static void forms_are(const kp_stmt *s, const char *want)
{
	const char *got = forms(s);
	if (strcmp(got, want))
		fprintf(stderr, "\n  forms: %s\n  want:  %s\n", got, want);
	CU_ASSERT_STRING_EQUAL(got, want);
}

static int name_is(const kp_name *n, const char *s)
{
	return n->s && kp_name_eq(n, s);
}

static const kp_coldef *col(const kp_stmt *s, uint32_t i)
{
	CU_ASSERT_FATAL(i < s->u.create_table.cols.n);
	return s->u.create_table.cols.items[i];
}

static void test_constraints_leave_the_key_alone(void)
{
	/* jpetstore-6: named key, then named foreign keys with no comma between lines */
	kp_stmt *s = one("create table item (itemid varchar(10) not null, productid varchar(10) not null, "
	                 "constraint pk_item primary key (itemid), constraint fk_item_1 foreign key (productid) "
	                 "references product (productid) on delete cascade on update no action match simple "
	                 "not deferrable initially immediate)", KP_S_CREATE_TABLE);
	const kp_create_table *t = &s->u.create_table;
	CU_ASSERT_EQUAL(t->cols.n, 2);
	CU_ASSERT_TRUE(t->has_pk);
	CU_ASSERT_EQUAL(t->pk.n, 1);
	CU_ASSERT_EQUAL(t->indexes.n, 0);
	forms_are(s, "FOREIGN KEY@143");
	/* column REFERENCES with its actions, CHECK, CONSTRAINT names on each */
	s = one("CREATE TABLE c (id INT CONSTRAINT c_pk PRIMARY KEY, pid INT NOT NULL CONSTRAINT r REFERENCES p (id) "
	        "ON DELETE SET NULL ON UPDATE CASCADE MATCH FULL DEFERRABLE INITIALLY DEFERRED, "
	        "v INT CONSTRAINT ck CHECK (v > 0 AND v < 10), CHECK (v <> 5), CONSTRAINT ck2 CHECK (pid > 0))",
	        KP_S_CREATE_TABLE);
	CU_ASSERT_TRUE(col(s, 0)->primary_key);
	CU_ASSERT_TRUE(col(s, 1)->not_null);
	forms_are(s, "REFERENCES@83 CHECK@200 CHECK@226 CHECK@257");
	/* MySQL: unnamed FOREIGN KEY, FOREIGN KEY name (...), UNIQUE (a,b) */
	s = one("CREATE TABLE vs (a INT UNSIGNED NOT NULL, b INT NOT NULL, FOREIGN KEY (a) REFERENCES v(id), "
	        "FOREIGN KEY fk_b (b) REFERENCES w(id), UNIQUE (a,b), PRIMARY KEY (a, b)) engine=InnoDB",
	        KP_S_CREATE_TABLE);
	CU_ASSERT_EQUAL(s->u.create_table.pk.n, 2);
	CU_ASSERT_EQUAL(s->u.create_table.indexes.n, 1);
	forms_are(s, "FOREIGN KEY@59 FOREIGN KEY@93 UNIQUE@132");
	/* misspelt actions are syntax errors at the word */
	error_at("CREATE TABLE c (id INT PRIMARY KEY, p INT REFERENCES t (id) MATCH LOOSE)",
	         "syntax error near 'LOOSE'", 1, 67);
	error_at("CREATE TABLE c (id INT PRIMARY KEY, p INT REFERENCES t (id) INITIALLY LATER)",
	         "syntax error near 'LATER'", 1, 71);
	error_at("CREATE TABLE c (id INT PRIMARY KEY, p INT REFERENCES t (id) ON DELETE NO WAY)",
	         "syntax error near 'WAY'", 1, 74);
	/* PRIMARY KEY (...) after a column needs its CONSTRAINT name (Phoenix's form) */
	s = one("CREATE TABLE t (a INT NOT NULL, b INT NOT NULL CONSTRAINT pk PRIMARY KEY (a, b))", KP_S_CREATE_TABLE);
	CU_ASSERT_EQUAL(s->u.create_table.pk.n, 2);
	error_at("CREATE TABLE t (a INT, b INT PRIMARY KEY (a))", "syntax error near 'PRIMARY'", 1, 30);
}

static void test_unique_is_a_unique_index(void)
{
	kp_stmt *s = one("CREATE TABLE vets (id INT PRIMARY KEY, uuid UUID DEFAULT gen_random_uuid() UNIQUE, "
	                 "code CHAR(4) CONSTRAINT u_code UNIQUE KEY, CONSTRAINT u_pair UNIQUE KEY pair (uuid, code))",
	                 KP_S_CREATE_TABLE);
	const kp_create_table *t = &s->u.create_table;
	CU_ASSERT_EQUAL_FATAL(t->indexes.n, 3);
	const kp_indexdef *x = t->indexes.items[0];
	CU_ASSERT_TRUE(x->unique);
	CU_ASSERT_EQUAL(x->parts.n, 1);
	CU_ASSERT_TRUE(name_is(&((const kp_keypart *)x->parts.items[0])->col, "uuid"));
	x = t->indexes.items[2];
	CU_ASSERT_TRUE(x->unique && name_is(&x->name, "pair") && x->parts.n == 2);
	CU_ASSERT_EQUAL(col(s, 1)->dflt->kind, KP_X_COLUMN);   /* a call with no arguments */
	/* a key column's UNIQUE is its key, no index */
	s = one("CREATE TABLE t (id INT PRIMARY KEY UNIQUE)", KP_S_CREATE_TABLE);
	CU_ASSERT_EQUAL(s->u.create_table.indexes.n, 0);
	/* ALTER TABLE ADD [CONSTRAINT n] UNIQUE (...) is its CREATE UNIQUE INDEX */
	s = one("ALTER TABLE t ADD CONSTRAINT u_ab UNIQUE (a, b)", KP_S_CREATE_INDEX);
	CU_ASSERT_TRUE(s->u.create_index.unique);
	CU_ASSERT_TRUE(name_is(&s->u.create_index.name, "u_ab"));
	CU_ASSERT_TRUE(name_is(&s->u.create_index.table, "t"));
	CU_ASSERT_EQUAL(s->u.create_index.parts.n, 2);
	/* foreign keys and checks added later change nothing */
	s = one("ALTER TABLE kids ADD CONSTRAINT fk_kids FOREIGN KEY (parent_id) REFERENCES parents (id)",
	        KP_S_ALTER_TABLE);
	CU_ASSERT_EQUAL(s->u.alter.cols.n, 0);
	forms_are(s, "FOREIGN KEY@41");
	s = one("ALTER TABLE t ADD PRIMARY KEY (id)", KP_S_ALTER_TABLE);
	forms_are(s, "ALTER TABLE ... ADD PRIMARY KEY@19");
}

static void test_identity_columns_are_auto_increment(void)
{
	kp_stmt *s = one("CREATE TABLE v (a INT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, "
	                 "b BIGINT GENERATED ALWAYS AS IDENTITY (START WITH 1 INCREMENT BY 1 NO MAXVALUE CACHE 20), "
	                 "c INTEGER IDENTITY, d INT IDENTITY(1,1), e INT GENERATED ALWAYS AS (a + b) STORED, "
	                 "f INT AS (a * 2) VIRTUAL, g INT GENERATED BY DEFAULT ON NULL AS IDENTITY)", KP_S_CREATE_TABLE);
	for (uint32_t i = 0; i < 7; i++)
		CU_ASSERT_EQUAL(col(s, i)->auto_increment, i != 4 && i != 5);
	CU_ASSERT_TRUE(col(s, 0)->primary_key);
	forms_are(s, "an identity or generated column@23 an identity or generated column@78 "
	             "an identity or generated column@169 an identity or generated column@185 "
	             "an identity or generated column@206 an identity or generated column@248 "
	             "an identity or generated column@274");
	error_at("CREATE TABLE v (a INT GENERATED SOMETIMES AS IDENTITY)", "syntax error near 'SOMETIMES'", 1, 33);
	/* the words stay names elsewhere */
	s = one("SELECT identity, generated, stored, virtual, charset, no FROM t WHERE check = 1", KP_S_SELECT);
	CU_ASSERT_EQUAL(s->u.select.items.n, 6);
}

static void test_mysql_columns_and_table_options(void)
{
	/* newbee-mall's dump */
	kp_stmt *s = one("CREATE TABLE `u` (`id` int(11) NOT NULL AUTO_INCREMENT COMMENT 'id', "
	                 "`n` varchar(50) CHARACTER SET utf8 COLLATE utf8_general_ci NOT NULL COMMENT 'name', "
	                 "`m` varchar(5) CHARSET latin1, "
	                 "`t` datetime(0) NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP, "
	                 "`t2` timestamp(3) NULL DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP(3), "
	                 "PRIMARY KEY (`id`) USING BTREE, KEY `k_n` (`n`) USING HASH COMMENT 'by name') "
	                 "ENGINE = InnoDB AUTO_INCREMENT = 4 CHARACTER SET = utf8 COLLATE = utf8_general_ci "
	                 "ROW_FORMAT = Dynamic DEFAULT CHARSET=utf8mb4 COMMENT='users'", KP_S_CREATE_TABLE);
	const kp_create_table *t = &s->u.create_table;
	CU_ASSERT_EQUAL(t->cols.n, 5);
	CU_ASSERT_EQUAL(t->pk.n, 1);
	CU_ASSERT_EQUAL(t->indexes.n, 1);
	CU_ASSERT_TRUE(col(s, 0)->auto_increment);
	CU_ASSERT_EQUAL(t->options.n, 7);
	CU_ASSERT_TRUE(name_is(&((const kp_option *)t->options.items[2])->key, "CHARACTER"));
	forms_are(s, "CHARACTER SET@86 CHARACTER SET@169");
	/* session settings of a dump are recognised and skipped */
	s = one("SET FOREIGN_KEY_CHECKS = 0", KP_S_SKIPPED);
	CU_ASSERT_STRING_EQUAL(s->u.skipped.what, "SET");
	/* HSQLDB: DROP TABLE t IF EXISTS */
	s = one("DROP TABLE vet_specialties IF EXISTS", KP_S_DROP);
	CU_ASSERT_TRUE(s->u.drop.if_exists);
	CU_ASSERT_TRUE(name_is(&s->u.drop.name, "vet_specialties"));
}

static void test_writes_of_other_databases(void)
{
	kp_stmt *s = one("UPDATE orders AS o SET status = 'x' WHERE o.id = 1 RETURNING o.id, status", KP_S_UPDATE);
	CU_ASSERT_TRUE(name_is(&s->u.update.alias, "o"));
	CU_ASSERT_EQUAL(s->u.update.sets.n, 1);
	forms_are(s, "RETURNING@52 UPDATE@1");
	s = one("UPDATE orders o SET o.status = 'x' WHERE o.id = 1", KP_S_UPDATE);
	CU_ASSERT_TRUE(name_is(&s->u.update.alias, "o"));
	s = one("DELETE FROM orders o WHERE o.id = 1", KP_S_DELETE);
	CU_ASSERT_TRUE(name_is(&s->u.update.alias, "o"));
	s = one("DELETE FROM orders AS o WHERE o.id = 1 RETURNING *", KP_S_DELETE);
	CU_ASSERT_TRUE(name_is(&s->u.update.alias, "o"));
	forms_are(s, "");
	s = one("DELETE FROM orders RETURNING *", KP_S_DELETE);
	CU_ASSERT_PTR_NULL(s->u.update.alias.s);
	s = one("INSERT OR REPLACE INTO t (a) VALUES (1)", KP_S_REPLACE);
	forms_are(s, "INSERT OR@8");
	s = one("INSERT OR IGNORE INTO t (a) VALUES (1)", KP_S_INSERT);
	error_at("INSERT OR MAYBE INTO t (a) VALUES (1)", "syntax error near 'MAYBE'", 1, 11);
	s = one("INSERT INTO t (a, b) VALUES (1, 2) ON CONFLICT (a) WHERE b > 0 DO UPDATE SET b = excluded.b "
	        "WHERE t.b < excluded.b RETURNING a", KP_S_INSERT);
	CU_ASSERT_EQUAL(s->u.insert.on_dup.n, 1);
	CU_ASSERT_FALSE(s->u.insert.on_dup_ignore);
	CU_ASSERT_TRUE(s->u.insert.returning);
	forms_are(s, "INSERT@1 ON CONFLICT@39 RETURNING@116");
	s = one("INSERT INTO t (a) VALUES (1) ON CONFLICT ON CONSTRAINT t_pkey DO NOTHING", KP_S_INSERT);
	CU_ASSERT_TRUE(s->u.insert.on_dup_ignore);
	s = one("INSERT INTO t (a) VALUES (1) ON CONFLICT DO NOTHING", KP_S_INSERT);
	CU_ASSERT_TRUE(s->u.insert.on_dup_ignore);
	error_at("INSERT INTO t (a) VALUES (1) ON CONFLICT DO SOMETHING", "syntax error near 'SOMETHING'", 1, 45);
	s = one("INSERT INTO t (a, b) VALUES (1, 2) ON DUPLICATE KEY UPDATE b = VALUES(b)", KP_S_INSERT);
	CU_ASSERT_EQUAL(s->u.insert.on_dup.n, 1);
	forms_are(s, "INSERT@1");
	/* the verbs: Phoenix writes with UPSERT alone */
	s = one("UPSERT INTO t (a, b) VALUES (1, 2) ON DUPLICATE KEY UPDATE b = b + 1", KP_S_UPSERT);
	forms_are(s, "");
	s = one("INSERT IGNORE INTO t (a) VALUES (1)", KP_S_INSERT);
	forms_are(s, "INSERT@1");
	s = one("REPLACE INTO t (a) VALUES (1)", KP_S_REPLACE);
	forms_are(s, "REPLACE@1");
	s = one("/* a comment */ UPDATE t x SET b = 1 WHERE x.a = 1", KP_S_UPDATE);
	forms_are(s, "UPDATE@17");
}

static void test_casts_and_match(void)
{
	kp_stmt *s = one("SELECT * FROM t WHERE a = '1'::int AND b::varchar(10) = 'x' AND c = $1::text[]", KP_S_SELECT);
	const kp_expr *w = s->u.select.where;
	CU_ASSERT_EQUAL_FATAL(w->kind, KP_X_AND);
	const kp_expr *e = w->list[0]->b;
	CU_ASSERT_EQUAL(e->kind, KP_X_CAST);
	CU_ASSERT_TRUE(name_is(&e->name, "int"));
	CU_ASSERT_EQUAL(e->a->kind, KP_X_STRING);
	CU_ASSERT_EQUAL(w->list[1]->a->kind, KP_X_CAST);
	forms_are(s, "'::' casts@30 '::' casts@41 '::' casts@71");
	/* pg_dump: a parenthesized default cast again */
	s = one("CREATE TABLE t (d date DEFAULT ('now'::text)::date, PRIMARY KEY (d))", KP_S_CREATE_TABLE);
	CU_ASSERT_EQUAL(((kp_coldef *)s->u.create_table.cols.items[0])->dflt->kind, KP_X_CAST);
	forms_are(s, "'::' casts@38 '::' casts@45");
	s = one("DROP TABLE a, s.b, c CASCADE", KP_S_DROP);
	CU_ASSERT_TRUE(name_is(&s->u.drop.name, "a"));
	CU_ASSERT_EQUAL_FATAL(s->u.drop.more.n, 2);
	CU_ASSERT_TRUE(name_is(s->u.drop.more.items[1], "c"));
	CU_ASSERT_TRUE(s->u.drop.cascade);
	error_at("DROP TABLE a,", "syntax error: statement is incomplete at end of input", 1, 14);
	/* SQLite full-text search: a function of both sides */
	s = one("SELECT * FROM docs WHERE docs MATCH :q AND id > 1", KP_S_SELECT);
	e = s->u.select.where->list[0];
	CU_ASSERT_EQUAL(e->kind, KP_X_FUNC);
	CU_ASSERT_TRUE(name_is(&e->name, "match"));
	CU_ASSERT_EQUAL(e->n, 2);
	forms_are(s, "MATCH@31");
	/* match stays a name, and Tablestore's MATCH(col, 'text') a call */
	s = one("SELECT match FROM t WHERE match = 1", KP_S_SELECT);
	CU_ASSERT_EQUAL(s->u.select.where->a->kind, KP_X_COLUMN);
	s = one("SELECT * FROM t WHERE MATCH(title, 'x')", KP_S_SELECT);
	CU_ASSERT_EQUAL(s->u.select.where->kind, KP_X_FUNC);
	forms_are(s, "");
}

/* The length of each string token of text, read with or without MySQL's
 * escapes, as "len len ...". */
static const char *string_lengths(const char *text, bool backslash)
{
	static char buf[128];
	size_t n = 0;
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, text, strlen(text), 0);
	lx.backslash = backslash;
	buf[0] = 0;
	while (kp_lex(&lx, &t) != KP_TOK_EOF && n < sizeof buf - 16)
		if (t.type == TK_STRING)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%u", n ? " " : "", t.len);
	return buf;
}

static void test_backslash_escapes_where_the_target_reads_them(void)
{
	/* 'it\'s' is one string with MySQL's escapes; without, 'it\' then s,
	 * ' ', x and an unterminated quote */
	CU_ASSERT_STRING_EQUAL(string_lengths("'it\\'s'", true), "7");
	CU_ASSERT_STRING_EQUAL(string_lengths("'it\\'s' 'x'", false), "5 3");
	/* the longer standard reading ('' inside) loses to the escaped one */
	CU_ASSERT_STRING_EQUAL(string_lengths("'a\\'' 'b'", true), "5 3");
	CU_ASSERT_STRING_EQUAL(string_lengths("'a\\'' 'b'", false), "7");
	/* a string ending in an escaped backslash; two strings on a line */
	CU_ASSERT_STRING_EQUAL(string_lengths("'C:\\\\', 'x\\'y'", true), "6 6");
	CU_ASSERT_STRING_EQUAL(string_lengths("'C:\\', 'x'", false), "5 3");
	/* an unterminated MySQL reading falls back to the standard one */
	CU_ASSERT_STRING_EQUAL(string_lengths("'C:\\'", true), "5");
}

static int setup(void)
{
	kp_arena_init(&arena);
	return 0;
}

static int teardown(void)
{
	kp_source_free(&src);
	kp_arena_free(&arena);
	return 0;
}

KPT_SUITE("forms", setup, teardown,
	{"FOREIGN KEY, REFERENCES, CHECK and CONSTRAINT names leave the key alone", test_constraints_leave_the_key_alone},
	{"UNIQUE on a column, the table or ALTER TABLE is a unique index", test_unique_is_a_unique_index},
	{"identity columns are AUTO_INCREMENT, generated columns read", test_identity_columns_are_auto_increment},
	{"MySQL column clauses, table options, SET and DROP TABLE t IF EXISTS", test_mysql_columns_and_table_options},
	{"UPDATE and DELETE with an alias, INSERT OR, ON CONFLICT, RETURNING", test_writes_of_other_databases},
	{"x::type is a CAST, x MATCH 'q' a filter", test_casts_and_match},
	{"MySQL's backslash escapes in strings where the target reads them", test_backslash_escapes_where_the_target_reads_them})
