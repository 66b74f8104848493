/* Which host strings are statements (host/evidence.c, host/names.c): the
 * statements keyplan reads and does not plan, and a SELECT with no FROM,
 * found where a SQL call takes them or where the grammar reads the whole
 * string as one; a name passed to a SQL call makes SQL of the strings it
 * is given in the same function, not of another function's local of the
 * same name. */
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

static const kp_host_stmt *nth(const ext *x, unsigned k)
{
	const kp_host_stmt *s = x->f.head;
	while (s && k--)
		s = s->next;
	return s;
}

/* The host offset of the statement's first byte: where its string is. */
static uint32_t at(const ext *x, unsigned k)
{
	const kp_host_stmt *s = nth(x, k);
	return s ? s->v[0].sql.map[0] : UINT32_MAX;
}

static uint32_t off_of(const ext *x, const char *needle)
{
	const char *p = strstr(x->src.text, needle);
	return p ? (uint32_t)(p - x->src.text) : UINT32_MAX - 1;
}

/* The six statements last session's unseen repositories missed (an H2
 * test's CREATE ALIAS, a migration's CREATE EXTENSION, SELECT
 * CURRENT_TIMESTAMP), and the other forms keyplan reads and skips, given
 * to a SQL call: each is one statement, at its string. */
static void test_skipped_forms_found_where_a_call_runs_them(void)
{
	ext x;
	extract(&x, KP_LANG_JAVA,
	        "class A {\n"
	        "  void init(Connection c) throws Exception {\n"
	        "    Statement st = c.createStatement();\n"
	        "    st.execute(\"CREATE EXTENSION IF NOT EXISTS hstore\");\n"
	        "    st.execute(\"CREATE ALIAS IF NOT EXISTS MY_F FOR \\\"com.x.F.f\\\"\");\n"
	        "    st.execute(\"GRANT SELECT ON users TO bob\");\n"
	        "    st.executeQuery(\"SELECT CURRENT_TIMESTAMP\");\n"
	        "    st.execute(\"VALUES (1, 2)\");\n"
	        "    st.execute(\"commit\");\n"
	        "    st.execute(\"PRAGMA foreign_keys = ON\");\n"
	        "    st.execute(\"hello world\");\n"   /* the grammar refuses it */
	        "    st.execute(\"INSERT\");\n"
	        "  }\n"
	        "}\n");
	CU_ASSERT_EQUAL(count(&x), 7);
	static const char *const want[] = {"CREATE EXTENSION IF NOT EXISTS hstore",
	                                   "CREATE ALIAS IF NOT EXISTS MY_F FOR \"com.x.F.f\"",
	                                   "GRANT SELECT ON users TO bob", "SELECT CURRENT_TIMESTAMP", "VALUES (1, 2)",
	                                   "commit", "PRAGMA foreign_keys = ON"};
	for (unsigned k = 0; k < 7 && nth(&x, k); k++) {
		ASSERT_STR(nth(&x, k)->v[0].sql.text, want[k]);
		CU_ASSERT_EQUAL(nth(&x, k)->evidence, KP_HE_CALL);
	}
	CU_ASSERT_EQUAL(at(&x, 0), off_of(&x, "CREATE EXTENSION"));
	CU_ASSERT_EQUAL(at(&x, 6), off_of(&x, "PRAGMA"));
	ext_free(&x);
}

/* No call takes them: the grammar's verdict on the whole string, in its
 * one case, decides; a label, a title or an action's name is no
 * statement. */
static void test_whole_statements_found_without_a_call(void)
{
	ext x;
	extract(&x, KP_LANG_JAVA,
	        "class A {\n"
	        "  static final String NOW = \"SELECT CURRENT_TIMESTAMP\";\n"
	        "  static final String ONE = \"select 1\";\n"
	        "  static final String FN = \"select now(), ?\";\n"
	        "  static final String CMT = \"COMMENT ON TABLE users IS 'people'\";\n"
	        "  static final String EXT = \"CREATE EXTENSION pgcrypto\";\n"
	        "  static final String AL = \"CREATE ALIAS REVERSE FOR \\\"org.x.S.reverse\\\"\";\n"
	        "  static final String SP = \"SET search_path TO app\";\n"
	        "  static final String GR = \"grant select on users to bob\";\n"
	        "  static final String VAL = \"VALUES (1, 'a'), (2, 'b')\";\n"
	        "  static final String L1 = \"Select 1 item\";\n"
	        "  static final String L2 = \"Select file\";\n"
	        "  static final String L3 = \"select name\";\n"
	        "  static final String L4 = \"Create extension\";\n"
	        "  static final String L5 = \"Set value to 5\";\n"
	        "  static final String L6 = \"commit\";\n"
	        "  static final String L7 = \"show all tables\";\n"
	        "  static final String L8 = \"Grant access to the users\";\n"
	        "  static final String L9 = \"open cursor\";\n"
	        "  static final String L10 = \"SELECT the best\";\n"
	        "  static final String L11 = \"values\";\n"
	        "}\n");
	static const char *const want[] = {"SELECT CURRENT_TIMESTAMP", "select 1", "select now(), ?",
	                                   "COMMENT ON TABLE users IS 'people'", "CREATE EXTENSION pgcrypto",
	                                   "CREATE ALIAS REVERSE FOR \"org.x.S.reverse\"", "SET search_path TO app",
	                                   "grant select on users to bob", "VALUES (1, 'a'), (2, 'b')"};
	CU_ASSERT_EQUAL(count(&x), 9);
	for (unsigned k = 0; k < 9 && nth(&x, k); k++) {
		ASSERT_STR(nth(&x, k)->v[0].sql.text, want[k]);
		CU_ASSERT_EQUAL(nth(&x, k)->evidence, KP_HE_NONE);
	}
	CU_ASSERT_EQUAL(at(&x, 1), off_of(&x, "select 1"));
	ext_free(&x);
	CU_ASSERT_TRUE(kp_host_whole_sql("SELECT CURRENT_DATE, 1 + 2", 26, false));
	CU_ASSERT_FALSE(kp_host_whole_sql("SELECT a + 1", 12, false));      /* a column, and no table */
	CU_ASSERT_FALSE(kp_host_whole_sql("SELECT t.now()", 14, false));
	CU_ASSERT_TRUE(kp_host_whole_sql("SELECT a + 1", 12, true));        /* a call runs it */
	CU_ASSERT_TRUE(kp_host_whole_sql("SELECT 1; SELECT 2", 18, false));  /* a script */
	CU_ASSERT_FALSE(kp_host_whole_sql("Select 1; Select 2", 18, false));
	CU_ASSERT_FALSE(kp_host_whole_sql("select 1; then go", 17, false));
	CU_ASSERT_TRUE(kp_host_whole_sql("SELECT 1; SELECT 2", 18, true));
	CU_ASSERT_FALSE(kp_host_whole_sql("select 1 +", 10, true));         /* the grammar refuses it */
	CU_ASSERT_FALSE(kp_host_whole_sql("", 0, true));
}

/* A name passed to a SQL call links the strings assigned to it in the
 * same function: another function's local of the same name, passed to a
 * dialog, is not SQL by that call (it had "no such table: the" as an
 * error); a field or a file's constant is seen by every function. */
static void test_sql_call_names_linked_per_function(void)
{
	ext x;
	extract(&x, KP_LANG_JAVA,
	        "class B {\n"
	        "  private String find = \"SELECT id FROM t WHERE a = ?\";\n"
	        "  void load(Connection c) throws Exception {\n"
	        "    String sql = \"SELECT name FROM users WHERE id = ?\";\n"
	        "    c.prepareStatement(sql);\n"
	        "    c.prepareStatement(find);\n"
	        "  }\n"
	        "  void show(Dialog d) {\n"
	        "    String sql = \"Select a row from the list\";\n"
	        "    d.message(sql);\n"
	        "    String find = \"SELECT b FROM t\";\n"
	        "  }\n"
	        "  void other(Dialog d) {\n"
	        "    String sql = \"SELECT c FROM t\";\n"
	        "    d.message(sql);\n"
	        "    find = \"SELECT d FROM t\";\n"
	        "  }\n"
	        "}\n");
	CU_ASSERT_EQUAL(count(&x), 5);
	static const char *const want[] = {"SELECT id FROM t WHERE a = ?", "SELECT name FROM users WHERE id = ?",
	                                   "SELECT b FROM t", "SELECT c FROM t", "SELECT d FROM t"};
	static const kp_host_evidence ev[] = {KP_HE_CALL, KP_HE_CALL, KP_HE_NONE, KP_HE_NAME, KP_HE_CALL};
	for (unsigned k = 0; k < 5 && nth(&x, k); k++) {
		ASSERT_STR(nth(&x, k)->v[0].sql.text, want[k]);
		CU_ASSERT_EQUAL(nth(&x, k)->evidence, ev[k]);
	}
	ext_free(&x);
	/* Python: a def's names are its locals; the module's are seen in every
	 * def */
	extract(&x, KP_LANG_PYTHON,
	        "STMT = \"select name from users\"\n"
	        "def load(cur):\n"
	        "    q = \"select name from users where id = %s\"\n"
	        "    cur.execute(q, (1,))\n"
	        "    cur.execute(STMT)\n"
	        "\n"
	        "def show(ui):\n"
	        "    q = \"update the record set\"\n"
	        "    ui.say(q)\n"
	        "    q = \"select b from t\"\n");
	CU_ASSERT_EQUAL(count(&x), 3);
	ASSERT_STR(nth(&x, 0)->v[0].sql.text, "select name from users");
	CU_ASSERT_EQUAL(nth(&x, 0)->evidence, KP_HE_CALL);
	ASSERT_STR(nth(&x, 1)->v[0].sql.text, "select name from users where id = ?");
	CU_ASSERT_EQUAL(nth(&x, 1)->evidence, KP_HE_CALL);
	ASSERT_STR(nth(&x, 2)->v[0].sql.text, "select b from t");
	CU_ASSERT_EQUAL(nth(&x, 2)->evidence, KP_HE_NONE);
	ext_free(&x);
	/* Go: q := declares a local of its function */
	extract(&x, KP_LANG_GO,
	        "package b\n"
	        "func load(db *sql.DB) {\n"
	        "\tq := \"SELECT name FROM users WHERE id = $1\"\n"
	        "\tdb.Query(q, 1)\n"
	        "}\n"
	        "func show(w io.Writer) {\n"
	        "\tq := \"SELECT name FROM nosuch\"\n"
	        "\tfmt.Fprintln(w, q)\n"
	        "}\n");
	CU_ASSERT_EQUAL(count(&x), 2);
	CU_ASSERT_EQUAL(nth(&x, 0)->evidence, KP_HE_CALL);
	CU_ASSERT_EQUAL(nth(&x, 1)->evidence, KP_HE_NONE);
	CU_ASSERT_EQUAL(at(&x, 1), off_of(&x, "SELECT name FROM nosuch"));
	ext_free(&x);
}

/* What asyncpg, aiosqlite, kwery, dbutils and go-sqlite3 wrote (excerpts
 * written for the test): a schema script of several statements; a value a
 * test compares (PostgreSQL's command tags 'SELECT 10', 'CREATE TABLE');
 * a helper named for the exception it expects; a local whose name says
 * query, its select list pasted; asyncpg's prepare and cursor; statements
 * ended by ';' appended to a list. */
static void test_scripts_tags_and_helpers(void)
{
	ext x;
	extract(&x, KP_LANG_PYTHON,
	        "async def t(self):\n"
	        "    status = await self.con.execute('SELECT generate_series(1, 10)')\n"
	        "    self.assertEqual(status, 'SELECT 10')\n"
	        "    self.assertEqual(await self.con.execute('CREATE TABLE t (a int)'), 'CREATE TABLE')\n"
	        "    query = 'SELECT ' + ', '.join(cols)\n"
	        "    ps = await self.con.prepare(\"SELECT 1 as a, '2' as b\")\n"
	        "    cur = self.con.cursor('SELECT current_setting($1)', 'jit')\n"
	        "    reset.append('RESET ALL;')\n"
	        "    reset.append('UNLISTEN *;')\n"
	        "    label = 'Close all;'\n"
	        "    tag = 'DROP TABLE'\n");
	static const char *const want[] = {"SELECT generate_series(1, 10)", "CREATE TABLE t (a int)", "SELECT ",
	                                   "SELECT 1 as a, '2' as b", "SELECT current_setting($1)", "RESET ALL;",
	                                   "UNLISTEN *;"};
	CU_ASSERT_EQUAL(count(&x), 7);
	for (unsigned k = 0; k < 7 && nth(&x, k); k++)
		ASSERT_STR(nth(&x, k)->v[0].sql.text, want[k]);
	ext_free(&x);
	extract(&x, KP_LANG_KOTLIN,
	        "val filmSchema = \"\"\"\n"
	        "    create sequence actor_seq;\n"
	        "    create table actor (actor_id integer default nextval('actor_seq'), name varchar(20));\n"
	        "\"\"\"\n"
	        "fun a() { callBatchWithException(\"select * from blah where ? = ?\", params) }\n"
	        "fun b() { throwUnsupportedException(\"select * from a join is unsupported\") }\n");
	CU_ASSERT_EQUAL(count(&x), 2);
	CU_ASSERT_PTR_NOT_NULL(nth(&x, 0) ? strstr(nth(&x, 0)->v[0].sql.text, "create table actor") : NULL);
	ASSERT_STR(nth(&x, 1) ? nth(&x, 1)->v[0].sql.text : "", "select * from blah where ? = ?");
	ext_free(&x);
	/* IntelliJ's language injection: the team's word (kwery's film schema,
	 * HSQLDB's syntax, which the grammar need not read) */
	extract(&x, KP_LANG_KOTLIN,
	        "//language=SQL\n"
	        "val filmSchema = \"\"\"\n"
	        "    create sequence actor_seq;\n"
	        "    create table film (film_id integer identity, f varchar(255) array)\n"
	        "\"\"\"\n"
	        "// language=JSON\n"
	        "val doc = \"select value\"\n"
	        "@Language(\"PostgreSQL\") val reset = \"RESET ALL\"\n"
	        "val plain = \"RESET ALL\"\n");
	CU_ASSERT_EQUAL(count(&x), 2);
	CU_ASSERT_EQUAL(at(&x, 0), off_of(&x, "\n    create sequence"));   /* the raw string's first byte */
	CU_ASSERT_EQUAL(nth(&x, 0) ? nth(&x, 0)->evidence : KP_HE_NONE, KP_HE_CALL);
	ASSERT_STR(nth(&x, 1) ? nth(&x, 1)->v[0].sql.text : "", "RESET ALL");
	ext_free(&x);
	/* a local formatted later with str.format: its braces are fields,
	 * KP035 at the hole, never KP016 on '{' (asyncpg's test_prepare) */
	extract(&x, KP_LANG_PYTHON, "async def t(self):\n"
	                            "    query = 'select {} from t'\n"
	                            "    for i in range(3):\n"
	                            "        s = await self.con._prepare(query.format(i))\n"
	                            "    other = 'select {} from t'\n");
	CU_ASSERT_EQUAL(count(&x), 2);
	CU_ASSERT_PTR_NULL(nth(&x, 0) ? strchr(nth(&x, 0)->v[0].sql.text, '{') : "{");
	CU_ASSERT_EQUAL(nth(&x, 0) ? nth(&x, 0)->v[0].nholes : 0, 1);
	CU_ASSERT_PTR_NOT_NULL(nth(&x, 1) ? strchr(nth(&x, 1)->v[0].sql.text, '{') : NULL);
	ext_free(&x);
	/* a private wrapper named as a SQL call (asyncpg's self.__execute,
	 * con._prepare) */
	CU_ASSERT_EQUAL(kp_host_call_evidence("_prepare", 8, NULL), KP_HE_CALL);
	CU_ASSERT_EQUAL(kp_host_call_evidence("__execute", 9, NULL), KP_HE_CALL);
	CU_ASSERT_EQUAL(kp_host_call_evidence("___execute", 10, NULL), KP_HE_NONE);
	CU_ASSERT_EQUAL(kp_host_call_evidence("_", 1, NULL), KP_HE_NONE);
	CU_ASSERT_EQUAL(kp_host_call_evidence("_show", 5, NULL), KP_HE_NONE);
	/* Python's repeated string is pasted text, not a literal joined
	 * (asyncpg's test_prepare: "SELECT '" + "a" * 50 + "'" gave
	 * "unterminated string literal") */
	extract(&x, KP_LANG_PYTHON, "await self.con._prepare(\"SELECT '\" + \"a\" * 50 + \"'\", use_cache=True)\n");
	CU_ASSERT_EQUAL(count(&x), 1);
	CU_ASSERT_EQUAL(nth(&x, 0) ? nth(&x, 0)->v[0].nholes : 0, 1);
	CU_ASSERT_PTR_NULL(nth(&x, 0) ? strstr(nth(&x, 0)->v[0].sql.text, "'a") : "'a");
	ext_free(&x);
	/* Go: go-sqlite3's own exec runs its statements */
	extract(&x, KP_LANG_GO, "func (tx *Tx) Commit() error {\n"
	                        "\t_, err := tx.c.exec(context.Background(), \"COMMIT\", nil)\n"
	                        "\treturn err\n}\n");
	CU_ASSERT_EQUAL(count(&x), 1);
	ASSERT_STR(nth(&x, 0) ? nth(&x, 0)->v[0].sql.text : "", "COMMIT");
	ext_free(&x);
}

KPT_SUITE("host_found", NULL, NULL,
	{"CREATE EXTENSION, CREATE ALIAS, GRANT, VALUES, SELECT CURRENT_TIMESTAMP found where a call runs them", test_skipped_forms_found_where_a_call_runs_them},
	{"without a call, the grammar's verdict on the whole string in one case; labels are not statements", test_whole_statements_found_without_a_call},
	{"a name passed to a SQL call links its strings in the same function only", test_sql_call_names_linked_per_function},
	{"scripts, command tags a test compares, helpers named for an exception, asyncpg's prepare", test_scripts_tags_and_helpers})
