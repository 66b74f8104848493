/* REPL: the statement splitter and the dot-commands. */
#include <stdlib.h>
#include <string.h>

#include "kp_test.h"
#include "tools/repl.h"

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

/* Runs dot-commands and statements, returns what they printed. */
static char *session(const char *const *lines, int n, char **errout)
{
	FILE *out = tmpfile(), *err = tmpfile();
	kp_repl *r = kp_repl_new(KP_TARGET_LINDORM, out, err);
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
}

KPT_SUITE("repl", NULL, NULL,
	{"a statement ends at a ';' outside strings, quoted names and comments", test_statement_ends_at_semicolon_outside_quotes_and_comments},
	{"dot-commands show the schema, switch the format and try another key", test_dot_commands_show_format_and_try_schema})
