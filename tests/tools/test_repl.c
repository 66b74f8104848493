/* REPL: the statement splitter and the dot-commands. */
#include <stdlib.h>
#include <string.h>

#include "kp_test.h"
#include "tools/replInt.h"

static void splits(const char *buf, size_t want, bool blank)
{
	bool b;
	size_t n = kp_repl_complete(buf, strlen(buf), &b);
	if (n != want || b != blank)
		fprintf(stderr, "\n  '%s': got %zu/%d want %zu/%d\n", buf, n, b, want, blank);
	CU_ASSERT_EQUAL(n, want);
	CU_ASSERT_EQUAL(b, blank);
}

static void test_statement_ends_at_semicolon_outside_quotes_and_comments(void)
{
	splits("SELECT 1;", 9, false);
	splits("SELECT 1", 0, false);
	splits("SELECT 1;\nSELECT 2;", 9, false);
	splits("SELECT ';' FROM t", 0, false);          /* ; in a string */
	splits("SELECT 'it''s;' FROM t;", 23, false);
	splits("SELECT 'open", 0, false);               /* unterminated: more is coming */
	splits("SELECT /* ; */ 1", 0, false);           /* ; in a comment */
	splits("SELECT /* open", 0, false);
	splits("SELECT 1 -- ;\n", 0, false);
	splits("SELECT \"a;b\" FROM t", 0, false);       /* ; in a quoted name */
	splits("SELECT `a;b` FROM t;", 20, false);
	splits("   \n-- only a comment\n", 0, true);
	splits("", 0, true);
}

/* Runs dot-commands and statements under target, returns what they printed. */
static char *session_on(kp_target target, const char *const *lines, int n, char **errout)
{
	FILE *out = tmpfile(), *err = tmpfile();
	kp_repl *r = kp_repl_new(target, out, err);
	for (int i = 0; i < n; i++) {
		if (lines[i][0] == '.')
			kp_repl_dot(r, lines[i]);
		else
			kp_repl_sql(r, "t", lines[i], strlen(lines[i]));
	}
	kp_repl_free(r);
	char *bufs[2];
	FILE *fs[2] = {out, err};
	for (int k = 0; k < 2; k++) {
		long len = ftell(fs[k]);
		rewind(fs[k]);
		bufs[k] = calloc(1, (size_t)len + 1);
		if (fread(bufs[k], 1, (size_t)len, fs[k]) != (size_t)len)
			bufs[k][0] = 0;
		fclose(fs[k]);
	}
	*errout = bufs[1];
	return bufs[0];
}

static char *session(const char *const *lines, int n, char **errout)
{
	return session_on(KP_TARGET_LINDORM, lines, n, errout);
}

static const char *SCHEMA = "CREATE TABLE t (a BIGINT, b BIGINT, v INT, PRIMARY KEY (a, b DESC));"
                            "CREATE INDEX iv ON t (v);";

static void test_dot_commands_show_format_and_try_schema(void)
{
	char *err;
	const char *s1[] = {SCHEMA, ".tables", ".schema t", ".indexes", ".schema nope"};
	char *out = session(s1, 5, &err);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "CREATE TABLE t\nCREATE INDEX iv ON t\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "t                        [a][b DESC]\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "CREATE TABLE t (a BIGINT NOT NULL, b BIGINT NOT NULL, v INT, PRIMARY KEY (a, b DESC));\n  -- key: [a][b DESC]\n"));
	/* the primary key's columns keep their direction in the index key */
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "CREATE INDEX iv ON t (v);\n  -- key: [v][a][b DESC]\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "iv  on t  [v][a][b DESC]\n"));
	CU_ASSERT_STRING_EQUAL(err, "error: no such table: nope\n");
	free(out);
	free(err);

	const char *s2[] = {SCHEMA, ".format json", "SELECT * FROM t WHERE a = 1;", ".format text",
	                    "SELECT * FROM t WHERE a = 1;", ".format xml", ".bogus"};
	out = session(s2, 7, &err);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\"access\": \"scan\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "\nSCAN t prefix (a=1)\n"));
	CU_ASSERT_STRING_EQUAL(err, "error: usage: .format text|json\nerror: unknown command '.bogus' (.help lists them)\n");
	free(out);
	free(err);

	const char *s3[] = {SCHEMA, "SELECT * FROM t WHERE b = 2;", ".try t PRIMARY KEY (b, a)", ".try t PRIMARY KEY (zz)",
	                    ".tables"};
	out = session(s3, 5, &err);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "[a][b DESC]                                      | [b][a]\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "| SCAN t prefix (b=2)\n"));
	/* the real schema is unchanged */
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "t                        [a][b DESC]\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "error: cannot use that key: primary key of t names unknown column 'zz'"));
	free(out);
	free(err);

	const char *s4[] = {"CREATE TABLE logs (ts TIMESTAMP, h VARCHAR(8), PRIMARY KEY (ts, h));", ".advise", ".help"};
	out = session(s4, 3, &err);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "[KP101 hotspot-monotonic]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "[KP101] logs: hash_prefix"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, ".try TABLE PRIMARY KEY (...)"));
	free(out);
	free(err);

	/* an advised DDL that starts with its bucket's annotation lines: every
	 * line indented under its advice (the later lines started at column 0) */
	const char *s5[] = {"CREATE TABLE logs (ts TIMESTAMP, h VARCHAR(8), PRIMARY KEY (ts, h));",
	                    "SELECT * FROM logs WHERE ts >= 1 AND ts < 2;", ".advise"};
	out = session(s5, 3, &err);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "    key: [bucket][ts][h]\n"
	                                   "    -- distinct: bucket 16\n"
	                                   "    -- distribution: bucket uniform\n"
	                                   "    CREATE TABLE logs (bucket INT NOT NULL, ts TIMESTAMP NOT NULL, "
	                                   "h VARCHAR(8) NOT NULL, PRIMARY KEY (bucket, ts, h));\n[KP101] logs: "));
	free(out);
	free(err);
}

static const char *ORDERS =
	"CREATE TABLE orders (userid VARCHAR(32), orderid BIGINT, status VARCHAR(8), amount DOUBLE,"
	" PRIMARY KEY (userid, orderid));"
	"CREATE INDEX by_status ON orders (status) INCLUDE (amount);";

/* .try with the table's own key changes nothing: its secondary indexes
 * stay (an index-served query stays a SCAN), and the DDL tried is printed. */
static void test_try_keeps_secondary_indexes_and_prints_its_ddl(void)
{
	char *err;
	const char *s[] = {ORDERS, "SELECT amount FROM orders WHERE status = 'x';",
	                   ".try orders PRIMARY KEY (userid, orderid)", ".try orders PRIMARY KEY (orderid)"};
	char *out = session(s, 4, &err);
	CU_ASSERT_PTR_NOT_NULL(strstr(out,
		"CREATE TABLE orders (userid VARCHAR(32) NOT NULL, orderid BIGINT NOT NULL, status VARCHAR(8), "
		"amount DOUBLE, PRIMARY KEY (userid, orderid));\n"
		"[userid][orderid]                                | [userid][orderid]\n"
		"SCAN orders via index by_status prefix           | SCAN orders via index by_status prefix\n"
		"(status='x')                                     | (status='x')\n"));
	/* another key: the index carries the new key's columns */
	CU_ASSERT_PTR_NOT_NULL(strstr(out,
		"CREATE TABLE orders (userid VARCHAR(32) NOT NULL, orderid BIGINT NOT NULL, status VARCHAR(8), "
		"amount DOUBLE, PRIMARY KEY (orderid));\n"
		"[userid][orderid]                                | [orderid]\n"
		"SCAN orders via index by_status prefix           | SCAN orders via index by_status prefix\n"));
	CU_ASSERT_STRING_EQUAL(err, "");
	free(out);
	free(err);
	/* the typed key cannot smuggle in another statement */
	const char *s2[] = {ORDERS, ".try orders PRIMARY KEY (userid); DROP TABLE orders", ".tables"};
	out = session(s2, 3, &err);
	CU_ASSERT_PTR_NOT_NULL(strstr(err, "error: cannot use that key: syntax error near ';'"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "orders                   [userid][orderid]\n"));
	free(out);
	free(err);
}

/* Under Phoenix, the dot-commands read a table name as SQL does: unquoted
 * names are upper-cased, quoted ones kept; a miss names the nearest table. */
static void test_phoenix_dot_commands_fold_table_names(void)
{
	char *err;
	const char *s[] = {"CREATE TABLE orders (userid VARCHAR NOT NULL, orderid BIGINT NOT NULL, status VARCHAR,"
	                   " amount DOUBLE CONSTRAINT pk PRIMARY KEY (userid, orderid));"
	                   "CREATE INDEX by_status ON orders (status) INCLUDE (amount);"
	                   "CREATE TABLE \"low\" (\"k\" VARCHAR NOT NULL PRIMARY KEY, v INTEGER);",
	                   "SELECT amount FROM orders WHERE status = 'x';",
	                   ".schema orders", ".indexes Orders", ".advise orders",
	                   ".try orders PRIMARY KEY (status, userid, orderid)", ".schema \"low\"", ".schema \"orders\"",
	                   ".schema low"};
	char *out = session_on(KP_TARGET_PHOENIX, s, 9, &err);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "CREATE TABLE ORDERS (USERID VARCHAR NOT NULL, ORDERID BIGINT NOT NULL, STATUS "
	                                   "VARCHAR, AMOUNT DOUBLE, CONSTRAINT pk PRIMARY KEY (USERID, ORDERID));\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "CREATE INDEX BY_STATUS ON ORDERS (STATUS) INCLUDE (AMOUNT);\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "BY_STATUS  on ORDERS  [STATUS][USERID][ORDERID]\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "| [STATUS][USERID][ORDERID]\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "CREATE TABLE \"low\" (\"k\" VARCHAR NOT NULL, V INTEGER, CONSTRAINT pk PRIMARY KEY (\"k\"));\n"));
	CU_ASSERT_STRING_EQUAL(err, "error: no such table: orders (did you mean ORDERS?)\n"
	                            "error: no such table: LOW (did you mean low?)\n");
	free(out);
	free(err);
}

/* .schema writes each index as declared (kind, USING, expressions, DESC,
 * INCLUDE, a partial WHERE), and that DDL read again gives the same. */
static void test_schema_prints_index_ddl_that_reads_back_the_same(void)
{
	const char *ddl =
		"CREATE TABLE t (a VARCHAR NOT NULL, b BIGINT NOT NULL, c VARCHAR, d DOUBLE, e INTEGER"
		" CONSTRAINT pk PRIMARY KEY (a, b));"
		"CREATE INDEX i_inc ON t (c) INCLUDE (d, e);"
		"CREATE LOCAL INDEX i_loc ON t (d DESC, c);"
		"CREATE INDEX i_part ON t (e) INCLUDE (c) WHERE d > 10 AND c IS NOT NULL;"
		"CREATE INDEX i_fn ON t (UPPER(c), b);"
		"CREATE UNCOVERED INDEX i_unc ON t (e);"
		"ALTER INDEX i_unc ON t DISABLE;";
	const char *want =
		"CREATE TABLE T (A VARCHAR NOT NULL, B BIGINT NOT NULL, C VARCHAR, D DOUBLE, E INTEGER, "
		"CONSTRAINT pk PRIMARY KEY (A, B));\n  -- key: [A][B]\n"
		"CREATE INDEX I_INC ON T (C) INCLUDE (D, E);\n  -- key: [C][A][B]\n"
		"CREATE LOCAL INDEX I_LOC ON T (D DESC, C);\n  -- key: [D DESC][C][A][B]\n"
		"CREATE INDEX I_PART ON T (E) INCLUDE (C) WHERE D > 10 AND C IS NOT NULL;\n  -- key: [E][A][B]\n"
		"CREATE INDEX I_FN ON T (UPPER(C), B);\n  -- key: [UPPER(C)][B][A]\n"
		"CREATE UNCOVERED INDEX I_UNC ON T (E);\n  -- key: [E][A][B]\nALTER INDEX I_UNC ON T DISABLE;\n";
	char *err;
	const char *s[] = {ddl, ".schema t"};
	char *out = session_on(KP_TARGET_PHOENIX, s, 2, &err);
	const char *at = strstr(out, "CREATE TABLE T (");
	CU_ASSERT_PTR_NOT_NULL_FATAL(at);
	CU_ASSERT_STRING_EQUAL(at, want);
	CU_ASSERT_STRING_EQUAL(err, "");
	/* the printed DDL, read into a fresh session, prints the same */
	const char *s2[] = {at, ".schema t"};
	char *err2;
	char *again = session_on(KP_TARGET_PHOENIX, s2, 2, &err2);
	const char *at2 = strstr(again, "CREATE TABLE T (");
	CU_ASSERT_PTR_NOT_NULL_FATAL(at2);
	CU_ASSERT_STRING_EQUAL(at2, want);
	CU_ASSERT_STRING_EQUAL(err2, "");
	free(again);
	free(err2);
	free(out);
	free(err);
	/* Lindorm: USING and every column (*) */
	const char *s3[] = {"CREATE TABLE l (a INT, b INT, PRIMARY KEY (a));"
	                    "CREATE INDEX s1 USING SEARCH ON l (*); CREATE INDEX k1 USING KV ON l (b DESC);",
	                    ".schema l"};
	out = session(s3, 2, &err);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "CREATE INDEX s1 USING SEARCH ON l (*);\n  -- key: none  (not key-ordered)\n"
	                                   "CREATE INDEX k1 USING KV ON l (b DESC);\n  -- key: [b DESC][a]\n"));
	free(out);
	free(err);
}

/* The completions offered for word, joined by spaces ("" for none; "FILES"
 * for a file name). */
static void offers(kp_repl *r, const char *before, const char *word, const char *after, const char *want)
{
	bool files;
	char **m = kp_repl_completions(r, before, after, word, &files);
	kp_buf b = {0};
	if (files)
		kp_buf_puts(&b, "FILES");
	for (size_t i = 0; m && m[i]; i++) {
		kp_buf_printf(&b, "%s%s", i ? " " : "", m[i]);
		free(m[i]);
	}
	free(m);
	const char *got = b.data ? b.data : "";
	if (strcmp(got, want))
		fprintf(stderr, "\n  '%s|%s|%s': got '%s' want '%s'\n", before, word, after, got, want);
	CU_ASSERT_STRING_EQUAL(got, want);
	kp_buf_free(&b);
}

/* Completion reads where the word stands: tables after FROM, the columns
 * of the statement's tables where a column may come (even when FROM comes
 * after the cursor), dot-commands and their arguments. */
static void test_completion_depends_on_where_the_word_stands(void)
{
	FILE *out = tmpfile(), *err = tmpfile();
	kp_repl *r = kp_repl_new(KP_TARGET_LINDORM, out, err);
	const char *schema = "CREATE TABLE orders (userid VARCHAR, orderid BIGINT, status VARCHAR, amount DOUBLE,"
	                     " PRIMARY KEY (userid, orderid));"
	                     "CREATE TABLE sessions (sid VARCHAR, started BIGINT, PRIMARY KEY (sid));"
	                     "CREATE TABLE users (uid VARCHAR, name VARCHAR, PRIMARY KEY (uid));";
	kp_repl_sql(r, "s", schema, strlen(schema));
	/* after WHERE: the columns of the table in FROM, not SELECT, SET or sessions */
	offers(r, "SELECT * FROM orders WHERE ", "s", "", "status");
	offers(r, "SELECT * FROM orders WHERE userid = 'a' AND ", "", "", "userid orderid status amount");
	/* FROM after the cursor */
	offers(r, "SELECT ", "am", " FROM orders", "amount");
	/* after FROM and JOIN, tables only */
	offers(r, "SELECT * FROM ", "s", "", "sessions");
	offers(r, "SELECT * FROM orders JOIN ", "u", "", "users");
	offers(r, "UPDATE ", "o", "", "orders");
	offers(r, "UPDATE orders SET ", "st", "", "status");
	offers(r, "CREATE INDEX ix ON ", "us", "", "users");
	/* no column fits: keywords (in the case typed) and tables */
	offers(r, "SELECT * FROM orders WHERE ", "se", "", "select set sessions");
	offers(r, "SELECT * FROM orders WHERE userid = 'a' ", "or", "", "or order orders orderid");
	/* a statement over lines: the earlier lines count */
	offers(r, "SELECT *\nFROM users\nWHERE ", "n", "", "name");
	/* dot-commands */
	offers(r, "", ".t", "", ".tables .target .tenant .try");
	offers(r, ".schema ", "o", "", "orders");
	offers(r, ".try orders PRIMARY KEY (", "st", "", "status");
	offers(r, ".format ", "j", "", "json");
	offers(r, ".target ", "p", "", "phoenix");
	offers(r, ".read ", "ex", "", "FILES");
	kp_repl_free(r);
	fclose(out);
	fclose(err);
}

KPT_SUITE("repl", NULL, NULL,
	{"a statement ends at a ';' outside strings, quoted names and comments", test_statement_ends_at_semicolon_outside_quotes_and_comments},
	{"dot-commands show the schema, switch the format and try another key", test_dot_commands_show_format_and_try_schema},
	{".try keeps the secondary indexes and prints the DDL it tried", test_try_keeps_secondary_indexes_and_prints_its_ddl},
	{"under Phoenix, dot-commands read table names as SQL does", test_phoenix_dot_commands_fold_table_names},
	{".schema prints index DDL that reads back the same", test_schema_prints_index_ddl_that_reads_back_the_same},
	{"completion depends on where the word stands", test_completion_depends_on_where_the_word_stands})
