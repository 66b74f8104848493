/* libkeyplan's public API (include/keyplan.h), as a client uses it: exact
 * plans, diagnostics, advice and error returns. Links the shared library
 * and includes nothing but keyplan.h. */
#define _DEFAULT_SOURCE   /* mkstemps */
#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "keyplan.h"

#define ASSERT_STR(a, b) CU_ASSERT_STRING_EQUAL(a, b)

static const char schema[] =
	"CREATE TABLE orders (userid VARCHAR(32), orderid BIGINT, status VARCHAR(16), amount DOUBLE,\n"
	"  PRIMARY KEY (userid, orderid));\n";

/* What the callbacks saw, copied (what they are handed is borrowed). */
typedef struct seen {
	int n;                  /* statements */
	char kind[8][32], access[8][32], table[8][32], index[8][32], text[8][256], json[8][2048], file[8][64];
	unsigned line[8], col[8];
	int rejected[8];
	int ndiag[8];
	char rule[8][8], slug[8][32], message[8][256], dtext[8][1024];
	unsigned dline[8], dcol[8];
	int severity[8];
	int nother;             /* diagnostics outside statements */
	char orule[4][8], ofile[4][64], omessage[4][256], otext[4][512];
	unsigned oline[4], ocol[4];
	int nadvice;
	char akind[4][32], arule[4][8], atable[4][32], akey[4][64], addl[4][256], ajson[4][1024];
	int serves[4], of[4], recommended[4], rank[4], wcost[4], ins_before[4], ins_after[4];
	double written_before[4], written_after[4];
} seen;

static void copy(char *to, size_t n, const char *s)
{
	snprintf(to, n, "%s", s ? s : "(null)");
}

static void on_statement(void *ctx, const keyplan_statement *st)
{
	seen *s = ctx;
	int i = s->n++;
	if (i >= 8)
		return;
	copy(s->kind[i], sizeof s->kind[i], keyplan_statement_kind(st));
	copy(s->access[i], sizeof s->access[i], keyplan_statement_access(st));
	copy(s->table[i], sizeof s->table[i], keyplan_statement_table(st));
	copy(s->index[i], sizeof s->index[i], keyplan_statement_index(st));
	copy(s->text[i], sizeof s->text[i], keyplan_statement_plan_text(st));
	copy(s->json[i], sizeof s->json[i], keyplan_statement_plan_json(st));
	copy(s->file[i], sizeof s->file[i], keyplan_statement_file(st));
	s->line[i] = keyplan_statement_line(st);
	s->col[i] = keyplan_statement_column(st);
	s->rejected[i] = keyplan_statement_rejected(st);
	s->ndiag[i] = (int)keyplan_statement_diagnostic_count(st);
	CU_ASSERT_PTR_NULL(keyplan_statement_diagnostic(st, keyplan_statement_diagnostic_count(st)));
	if (s->ndiag[i]) {
		const keyplan_diagnostic *d = keyplan_statement_diagnostic(st, 0);
		copy(s->rule[i], sizeof s->rule[i], keyplan_diagnostic_rule(d));
		copy(s->slug[i], sizeof s->slug[i], keyplan_diagnostic_slug(d));
		copy(s->message[i], sizeof s->message[i], keyplan_diagnostic_message(d));
		copy(s->dtext[i], sizeof s->dtext[i], keyplan_diagnostic_text(d));
		s->dline[i] = keyplan_diagnostic_line(d);
		s->dcol[i] = keyplan_diagnostic_column(d);
		s->severity[i] = keyplan_diagnostic_severity(d);
	}
}

static void on_diagnostic(void *ctx, const keyplan_diagnostic *d)
{
	seen *s = ctx;
	int i = s->nother++;
	if (i >= 4)
		return;
	copy(s->orule[i], sizeof s->orule[i], keyplan_diagnostic_rule(d));
	copy(s->ofile[i], sizeof s->ofile[i], keyplan_diagnostic_file(d));
	copy(s->omessage[i], sizeof s->omessage[i], keyplan_diagnostic_message(d));
	copy(s->otext[i], sizeof s->otext[i], keyplan_diagnostic_text(d));
	s->oline[i] = keyplan_diagnostic_line(d);
	s->ocol[i] = keyplan_diagnostic_column(d);
}

static void on_advice(void *ctx, const keyplan_advice *a)
{
	seen *s = ctx;
	int i = s->nadvice++;
	if (i >= 4)
		return;
	copy(s->akind[i], sizeof s->akind[i], keyplan_advice_kind(a));
	copy(s->arule[i], sizeof s->arule[i], keyplan_advice_rule(a));
	copy(s->atable[i], sizeof s->atable[i], keyplan_advice_table(a));
	copy(s->akey[i], sizeof s->akey[i], keyplan_advice_key(a));
	copy(s->addl[i], sizeof s->addl[i], keyplan_advice_ddl(a));
	copy(s->ajson[i], sizeof s->ajson[i], keyplan_advice_json(a));
	s->serves[i] = keyplan_advice_serves(a, &s->of[i]);
	s->recommended[i] = keyplan_advice_recommended(a);
	s->rank[i] = keyplan_advice_rank(a);
	s->wcost[i] = keyplan_advice_write_cost(a, &s->ins_before[i], &s->ins_after[i], &s->written_before[i],
	                                        &s->written_after[i]);
}

static keyplan *open_session(seen *s, const char *target)
{
	memset(s, 0, sizeof *s);
	keyplan_options o = {target, on_statement, on_diagnostic, s};
	keyplan *k = NULL;
	CU_ASSERT_EQUAL_FATAL(keyplan_open(&o, &k), KEYPLAN_OK);
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	return k;
}

/* Each statement's plan and diagnostics, byte for byte as keyplan explain
 * --format json prints them. */
static void test_plans_and_diagnostics(void)
{
	seen s;
	keyplan *k = open_session(&s, NULL);
	CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_SCHEMA, "s.sql", schema, strlen(schema)), KEYPLAN_OK);
	CU_ASSERT_EQUAL(s.n, 1);   /* the CREATE TABLE */
	ASSERT_STR(s.kind[0], "create_table");
	ASSERT_STR(s.access[0], "(null)");
	CU_ASSERT_EQUAL(s.ndiag[0], 0);
	const char *q = "SELECT * FROM orders WHERE userid = 'a' AND orderid = 1;\n"
	                "SELECT * FROM orders WHERE status = 'paid';\n";
	s.n = 0;
	CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_QUERY, "q.sql", q, strlen(q)), KEYPLAN_OK);
	CU_ASSERT_EQUAL_FATAL(s.n, 2);
	ASSERT_STR(s.kind[0], "select");
	ASSERT_STR(s.access[0], "get");
	ASSERT_STR(s.table[0], "orders");
	ASSERT_STR(s.index[0], "(null)");
	CU_ASSERT_EQUAL(s.rejected[0], 0);
	ASSERT_STR(s.text[0], "GET orders key (userid='a', orderid=1)");
	ASSERT_STR(s.json[0], "{\"file\": \"q.sql\", \"line\": 1, \"column\": 1, \"statement\": \"select\", \"table\": "
	           "\"orders\", \"path\": {\"type\": \"primary\"}, \"access\": \"get\", \"rejected\": false, \"key\": "
	           "[\"userid\", \"orderid\"], \"key_order\": [\"asc\", \"asc\"], \"ranges\": [{\"eq\": [\"a\", 1], "
	           "\"range\": null}], \"filter\": null, \"order\": null, \"diagnostics\": []}");
	ASSERT_STR(s.file[0], "q.sql");
	CU_ASSERT_EQUAL(s.line[0], 1);
	CU_ASSERT_EQUAL(s.col[0], 1);
	CU_ASSERT_EQUAL(s.ndiag[0], 0);

	ASSERT_STR(s.access[1], "full_scan");
	CU_ASSERT_EQUAL(s.rejected[1], 1);
	ASSERT_STR(s.text[1], "REJECTED orders: full table scan, no condition on leading key column userid filter "
	           "status = 'paid'");
	CU_ASSERT_EQUAL(s.line[1], 2);
	CU_ASSERT_EQUAL(s.ndiag[1], 1);
	ASSERT_STR(s.rule[1], "KP001");
	ASSERT_STR(s.slug[1], "full-scan");
	CU_ASSERT_EQUAL(s.severity[1], KEYPLAN_ERROR);
	ASSERT_STR(s.message[1], "full table scan: no condition on leading key column 'userid' of orders (Lindorm "
	           "refuses it: \"This query may be a full table scan and thus may have unpredictable performance\")");
	CU_ASSERT_EQUAL(s.dline[1], 2);
	CU_ASSERT_EQUAL(s.dcol[1], 28);
	ASSERT_STR(s.dtext[1], "q.sql:2:28: error: full table scan: no condition on leading key column 'userid' of "
	           "orders (Lindorm refuses it: \"This query may be a full table scan and thus may have unpredictable "
	           "performance\") [KP001 full-scan]\n"
	           "     2 | SELECT * FROM orders WHERE status = 'paid';\n"
	           "       |                            ^~~~~~~~~~~~~~~\n"
	           "s.sql:2:3: note: primary key of orders declared here\n"
	           "help: bind userid with = or IN, use a secondary index or index table (keyplan check, given the "
	           "workload, says whether one pays), or opt in with /*+ _l_allow_filtering_ */\n");
	CU_ASSERT_EQUAL(s.nother, 0);
	keyplan_close(k);
}

/* The target changes the plan: Phoenix warns about a full scan instead of
 * rejecting it. */
static void test_target(void)
{
	seen s;
	keyplan *k = open_session(&s, "phoenix");
	keyplan_feed_string(k, KEYPLAN_SCHEMA, "s.sql", schema, strlen(schema));
	const char *q = "SELECT * FROM orders WHERE status = 'paid'";
	s.n = 0;
	CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_QUERY, NULL, q, strlen(q)), KEYPLAN_OK);
	CU_ASSERT_EQUAL_FATAL(s.n, 1);
	CU_ASSERT_EQUAL(s.rejected[0], 0);
	ASSERT_STR(s.access[0], "full_scan");
	ASSERT_STR(s.file[0], "<string>");
	ASSERT_STR(s.rule[0], "KP001");
	CU_ASSERT_EQUAL(s.severity[0], KEYPLAN_WARNING);
	keyplan_close(k);
}

/* A workload's advice, as keyplan check --format json writes it. */
static void test_advice(void)
{
	seen s;
	keyplan *k = open_session(&s, "lindorm");
	keyplan_feed_string(k, KEYPLAN_SCHEMA, "s.sql", schema, strlen(schema));
	const char *w = "SELECT * FROM orders WHERE userid = 'a' AND orderid = 1;\n"
	                "-- weight: 50\n"
	                "SELECT * FROM orders WHERE status = 'paid' AND orderid = 7;\n";
	CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_WORKLOAD, "w.sql", w, strlen(w)), KEYPLAN_OK);
	CU_ASSERT_EQUAL(keyplan_advise(k, on_advice, &s), KEYPLAN_OK);
	CU_ASSERT_EQUAL_FATAL(s.nadvice, 3);
	/* the recommendation first: the index the store maintains, at the cost
	 * of the index table the application would write */
	ASSERT_STR(s.akind[0], "secondary_index");
	ASSERT_STR(s.ajson[0], "{\"rule\": \"KP120\", \"kind\": \"secondary_index\", \"table\": \"orders\", \"columns\": "
	           "[\"orderid\", \"status\"], \"message\": \"secondary_index: idx_orders_orderid_status on orders, "
	           "covering the columns these queries read; the store maintains it on every write: an insert into orders "
	           "then writes 2 rows; served 1 -> 51 "
	           "of 51 weight\", \"key\": \"[orderid][status][userid]\", \"ddl\": \"CREATE INDEX "
	           "idx_orders_orderid_status ON orders (orderid, status) INCLUDE (amount)\", \"serves\": 50, \"of\": "
	           "50, \"served_before\": 1, \"served_after\": 51, \"weight\": 51, \"fanout\": 0, \"worse\": [], "
	           "\"rank\": 1, \"recommended\": true, \"excludes\": [1, 2], \"trades\": null}");
	CU_ASSERT_EQUAL(s.recommended[0], 1);
	CU_ASSERT_EQUAL(s.rank[0], 1);
	/* its write cost: an insert writes the row and its index row; the
	 * workload's one write weight is assumed at its read weight (51) */
	CU_ASSERT_EQUAL(s.wcost[0], 1);
	CU_ASSERT_EQUAL(s.ins_before[0], 1);
	CU_ASSERT_EQUAL(s.ins_after[0], 2);
	CU_ASSERT_DOUBLE_EQUAL(s.written_after[0], 2 * s.written_before[0], 1e-9);
	CU_ASSERT_TRUE(s.written_before[0] > 0);
	/* the index table it excludes (pick one), at the same cost, ranked
	 * next: the index the application writes */
	ASSERT_STR(s.akind[1], "index_table");
	CU_ASSERT_EQUAL(s.recommended[1], 0);
	CU_ASSERT_EQUAL(s.rank[1], 2);
	CU_ASSERT_EQUAL(s.wcost[1], 0);   /* not recommended: no cost of the recommendation */
	ASSERT_STR(s.arule[1], "KP120");
	ASSERT_STR(s.atable[1], "orders");
	ASSERT_STR(s.akey[1], "[orderid][status][userid]");
	ASSERT_STR(s.addl[1], "CREATE TABLE orders_by_orderid_status (userid VARCHAR(32) NOT NULL, orderid BIGINT NOT "
	           "NULL, status VARCHAR(16) NOT NULL, amount DOUBLE, PRIMARY KEY (orderid, status, userid))");
	CU_ASSERT_EQUAL(s.serves[1], 50);
	CU_ASSERT_EQUAL(s.of[1], 50);
	/* a search index over the read's columns (holding amount, which the
	 * read returns), an alternative on the same columns: it finds the same
	 * rows but asks each of its shards for every condition (the fan-out,
	 * docs/advice.md), so a fixed access path ranks it after both */
	ASSERT_STR(s.akind[2], "search_index");
	CU_ASSERT_EQUAL(s.recommended[2], 0);
	CU_ASSERT_EQUAL(s.rank[2], 3);
	ASSERT_STR(s.addl[2], "CREATE INDEX idx_orders_search USING SEARCH ON orders (orderid, status, amount)");
	/* the advisor's finding on the query it cannot serve comes as a diagnostic */
	CU_ASSERT_EQUAL(s.nother, 1);
	ASSERT_STR(s.orule[0], "KP120");
	ASSERT_STR(s.ofile[0], "w.sql");
	CU_ASSERT_EQUAL(s.oline[0], 3);
	CU_ASSERT_EQUAL(keyplan_advise(k, on_advice, &s), KEYPLAN_EFAILED);
	keyplan_close(k);
}

/* A schema string's annotation lines are weighed as check weighs a file's:
 * the lines above a CREATE after another statement (lib/pipeline.c keeps a
 * declaration with the comments before it; it kept the statement alone,
 * and t read as unannotated: no hotspot, no advice). */
static void test_advice_reads_annotations(void)
{
	seen s;
	keyplan *k = open_session(&s, "lindorm");
	const char *sc = "CREATE TABLE other (a INT NOT NULL, PRIMARY KEY (a));\n"
	                 "-- distribution: t monotonic\n"
	                 "CREATE TABLE ev (t BIGINT NOT NULL, id BIGINT NOT NULL, v INT, PRIMARY KEY (t, id));\n";
	keyplan_feed_string(k, KEYPLAN_SCHEMA, "s.sql", sc, strlen(sc));
	const char *w = "SELECT * FROM ev WHERE t >= ? AND t < ? AND v <> 1;\nUPSERT INTO ev (t, id, v) VALUES (?, ?, ?);\n";
	CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_WORKLOAD, "w.sql", w, strlen(w)), KEYPLAN_OK);
	CU_ASSERT_EQUAL(keyplan_advise(k, on_advice, &s), KEYPLAN_OK);
	CU_ASSERT_EQUAL_FATAL(s.nadvice, 2);
	ASSERT_STR(s.akind[0], "salt_buckets");
	CU_ASSERT_EQUAL(s.recommended[0], 1);
	ASSERT_STR(s.addl[0], "-- distinct: bucket 16\n-- distribution: bucket uniform\nCREATE TABLE ev (bucket INT NOT NULL, "
	           "t BIGINT NOT NULL, id BIGINT NOT NULL, v INT, PRIMARY KEY (bucket, t, id))");
	ASSERT_STR(s.akind[1], "hash_prefix");
	keyplan_close(k);
}

/* Files: by extension (application code too), and one that cannot be read
 * is a diagnostic naming it, and KEYPLAN_EIO. */
static void test_files(void)
{
	seen s;
	keyplan *k = open_session(&s, NULL);
	char path[] = "/tmp/kp-api-XXXXXX";
	int fd = mkstemp(path);
	CU_ASSERT_TRUE_FATAL(fd >= 0);
	CU_ASSERT_EQUAL((size_t)write(fd, schema, strlen(schema)), strlen(schema));
	close(fd);
	CU_ASSERT_EQUAL(keyplan_feed_file(k, KEYPLAN_SCHEMA, path), KEYPLAN_OK);
	unlink(path);
	char java[] = "/tmp/kp-api-XXXXXX.java";
	fd = mkstemps(java, 5);
	CU_ASSERT_TRUE_FATAL(fd >= 0);
	const char *code = "class A {\n  String q = \"SELECT * FROM orders WHERE userid = ? AND orderid = ?\";\n}\n";
	CU_ASSERT_EQUAL((size_t)write(fd, code, strlen(code)), strlen(code));
	close(fd);
	s.n = 0;
	CU_ASSERT_EQUAL(keyplan_feed_file(k, KEYPLAN_QUERY, java), KEYPLAN_OK);
	unlink(java);
	CU_ASSERT_EQUAL_FATAL(s.n, 1);
	ASSERT_STR(s.access[0], "get");
	ASSERT_STR(s.file[0], java);
	CU_ASSERT_EQUAL(s.line[0], 2);
	CU_ASSERT_EQUAL(s.col[0], 15);   /* inside the Java string literal */

	CU_ASSERT_EQUAL(keyplan_feed_file(k, KEYPLAN_QUERY, "/nonexistent/q.sql"), KEYPLAN_EIO);
	CU_ASSERT_EQUAL_FATAL(s.nother, 1);
	ASSERT_STR(s.orule[0], "KP023");
	ASSERT_STR(s.ofile[0], "/nonexistent/q.sql");
	CU_ASSERT_EQUAL(s.oline[0], 0);
	ASSERT_STR(s.omessage[0], "cannot open: No such file or directory");
	ASSERT_STR(s.otext[0], "/nonexistent/q.sql: error: cannot open: No such file or directory [KP023 io-error]\n");
	keyplan_close(k);
}

/* Text fed as the file at path would be (an editor's unsaved text): the
 * language by path's extension, the file never read; SQL by any other
 * name; NULLs refused. */
static void test_feed_text(void)
{
	seen s;
	keyplan *k = open_session(&s, NULL);
	CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_SCHEMA, "s.sql", schema, strlen(schema)), KEYPLAN_OK);
	const char *code = "class A {\n  String q = \"SELECT * FROM orders WHERE userid = ? AND orderid = ?\";\n}\n";
	s.n = 0;
	CU_ASSERT_EQUAL(keyplan_feed_text(k, KEYPLAN_QUERY, "/nonexistent/A.java", code, strlen(code)), KEYPLAN_OK);
	CU_ASSERT_EQUAL_FATAL(s.n, 1);
	ASSERT_STR(s.access[0], "get");
	ASSERT_STR(s.file[0], "/nonexistent/A.java");
	CU_ASSERT_EQUAL(s.line[0], 2);
	CU_ASSERT_EQUAL(s.col[0], 15);   /* inside the Java string literal */
	const char *sql = "\nSELECT * FROM orders WHERE userid = 'u' AND orderid = 1;\n";
	s.n = 0;
	CU_ASSERT_EQUAL(keyplan_feed_text(k, KEYPLAN_QUERY, "/nonexistent/q.txt", sql, strlen(sql)), KEYPLAN_OK);
	CU_ASSERT_EQUAL_FATAL(s.n, 1);
	ASSERT_STR(s.access[0], "get");
	CU_ASSERT_EQUAL(s.line[0], 2);
	CU_ASSERT_EQUAL(s.col[0], 1);
	CU_ASSERT_EQUAL(keyplan_feed_text(k, KEYPLAN_QUERY, NULL, sql, strlen(sql)), KEYPLAN_EINVAL);
	CU_ASSERT_EQUAL(keyplan_feed_text(k, KEYPLAN_QUERY, "q.sql", NULL, 0), KEYPLAN_EINVAL);
	CU_ASSERT_EQUAL(keyplan_feed_text(NULL, KEYPLAN_QUERY, "q.sql", sql, strlen(sql)), KEYPLAN_EINVAL);
	keyplan_close(k);
}

/* A session with the schema, then fed text as a query file named by path
 * (a mkstemps template whose suffix, the language, is ext bytes long): what
 * s saw of that file alone. */
static keyplan *feed_code(seen *s, char *path, int ext, const char *text)
{
	keyplan *k = open_session(s, NULL);
	CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_SCHEMA, "s.sql", schema, strlen(schema)), KEYPLAN_OK);
	int fd = mkstemps(path, ext);
	CU_ASSERT_TRUE_FATAL(fd >= 0);
	CU_ASSERT_EQUAL((size_t)write(fd, text, strlen(text)), strlen(text));
	close(fd);
	s->n = s->nother = 0;
	CU_ASSERT_EQUAL(keyplan_feed_file(k, KEYPLAN_QUERY, path), KEYPLAN_OK);
	unlink(path);
	return k;
}

/* Application code as keyplan lint reads it: a value pasted into the SQL
 * text is KP035, located in the host file; the statement is still planned,
 * its findings handed to on_diagnostic, not to the statement. */
static void test_interpolated_sql(void)
{
	seen s;
	char java[] = "/tmp/kp-api-XXXXXX.java";
	keyplan *k = feed_code(&s, java, 5, "class A {\n"
	                       "  String q(String uid) { return \"SELECT * FROM orders WHERE userid = '\" + uid + \"'\"; }\n"
	                       "}\n");
	CU_ASSERT_EQUAL_FATAL(s.n, 1);
	ASSERT_STR(s.access[0], "scan");
	CU_ASSERT_EQUAL(s.ndiag[0], 0);
	CU_ASSERT_EQUAL_FATAL(s.nother, 1);
	ASSERT_STR(s.orule[0], "KP035");
	ASSERT_STR(s.ofile[0], java);
	CU_ASSERT_EQUAL(s.oline[0], 2);
	CU_ASSERT_EQUAL(s.ocol[0], 75);   /* uid, in the Java code */
	ASSERT_STR(s.omessage[0], "interpolated SQL: `uid` is pasted into the statement text: an injection risk, and "
	           "keyplan cannot check it fully (it was planned with a bind parameter in its place)");
	keyplan_close(k);
}

/* A MyBatis statement: a finding of two of its variants comes once, with
 * the conditions that produce it; one with more variants than are planned
 * says so (KP036). */
static void test_mybatis_variants(void)
{
	seen s;
	char xml[] = "/tmp/kp-api-XXXXXX.xml";
	keyplan *k = feed_code(&s, xml, 4, "<mapper namespace=\"M\">\n"
	                       "  <select id=\"byStatus\">\n"
	                       "    SELECT * FROM orders WHERE status = #{s}\n"
	                       "    <choose>\n"
	                       "      <when test=\"a != null\">AND amount = #{a}</when>\n"
	                       "      <when test=\"u != null\">AND userid = #{u}</when>\n"
	                       "      <otherwise>AND orderid = #{o}</otherwise>\n"
	                       "    </choose>\n"
	                       "  </select>\n"
	                       "</mapper>\n");
	CU_ASSERT_EQUAL(s.n, 3);   /* each variant is planned */
	CU_ASSERT_EQUAL_FATAL(s.nother, 2);
	ASSERT_STR(s.orule[0], "KP001");
	ASSERT_STR(s.ofile[0], xml);
	CU_ASSERT_EQUAL(s.oline[0], 3);
	CU_ASSERT_EQUAL(s.ocol[0], 32);
	ASSERT_STR(s.omessage[0], "when <otherwise> (none of `a != null`, `u != null`) (and 1 other variant): full table "
	           "scan: no condition on leading key column 'userid' of orders (Lindorm refuses it: \"This query may be a "
	           "full table scan and thus may have unpredictable performance\")");
	ASSERT_STR(s.orule[1], "KP002");
	ASSERT_STR(s.omessage[1], "when `u != null`: filtered scan: the server filters rows by status = ?");
	keyplan_close(k);

	char many[] = "/tmp/kp-api-XXXXXX.xml";
	k = feed_code(&s, many, 4, "<mapper namespace=\"S\">\n"
	              "  <select id=\"many\">SELECT * FROM orders WHERE userid = #{u} AND orderid = #{o}"
	              "<if test=\"c0 != null\"> </if><if test=\"c1 != null\"> </if><if test=\"c2 != null\"> </if>"
	              "<if test=\"c3 != null\"> </if><if test=\"c4 != null\"> </if><if test=\"c5 != null\"> </if>"
	              "<if test=\"c6 != null\"> </if></select>\n"
	              "</mapper>\n");
	CU_ASSERT_EQUAL(s.n, 64);
	CU_ASSERT_EQUAL_FATAL(s.nother, 1);
	ASSERT_STR(s.orule[0], "KP036");
	CU_ASSERT_EQUAL(s.oline[0], 2);
	CU_ASSERT_EQUAL(s.ocol[0], 3);
	ASSERT_STR(s.omessage[0], "'many' has 128 variants (7 <if>, 0 <choose>); 64 are planned: every branch absent, "
	           "every branch present, each branch alone and each left out, then a fixed sample (at most 64)");
	keyplan_close(k);
}

/* Bad arguments are KEYPLAN_EINVAL, never a crash. */
static void test_errors(void)
{
	keyplan *k = (keyplan *)1;
	keyplan_options o = {"cassandra", NULL, NULL, NULL};
	CU_ASSERT_EQUAL(keyplan_open(&o, &k), KEYPLAN_EINVAL);
	CU_ASSERT_PTR_NULL(k);
	k = (keyplan *)1;
	CU_ASSERT_EQUAL(keyplan_open(NULL, &k), KEYPLAN_EINVAL);
	CU_ASSERT_PTR_NULL(k);
	o.target = NULL;
	CU_ASSERT_EQUAL(keyplan_open(&o, NULL), KEYPLAN_EINVAL);
	CU_ASSERT_EQUAL(keyplan_open(&o, &k), KEYPLAN_OK);
	CU_ASSERT_EQUAL(keyplan_feed_string(NULL, KEYPLAN_QUERY, "x", "SELECT 1", 8), KEYPLAN_EINVAL);
	CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_QUERY, "x", NULL, 0), KEYPLAN_EINVAL);
	CU_ASSERT_EQUAL(keyplan_feed_string(k, (keyplan_role)7, "x", "SELECT 1", 8), KEYPLAN_EINVAL);
	CU_ASSERT_EQUAL(keyplan_feed_file(k, KEYPLAN_QUERY, NULL), KEYPLAN_EINVAL);
	CU_ASSERT_EQUAL(keyplan_feed_file(NULL, KEYPLAN_QUERY, "x.sql"), KEYPLAN_EINVAL);
	CU_ASSERT_EQUAL(keyplan_advise(NULL, NULL, NULL), KEYPLAN_EINVAL);
	/* no callbacks: the statements are read all the same */
	CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_QUERY, "x", "SELECT * FROM t", 15), KEYPLAN_OK);
	CU_ASSERT_EQUAL(keyplan_advise(k, NULL, NULL), KEYPLAN_OK);
	keyplan_close(k);
	keyplan_close(NULL);
}

/* Peak resident memory of the process so far, in KB. */
static long peak_rss_kb(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

/* Reads each statement's plan JSON, as a client printing plans would. */
static void read_plan(void *ctx, const keyplan_statement *st)
{
	size_t *n = ctx;
	if (keyplan_statement_plan_json(st)[0] == '{' && keyplan_statement_access(st))
		(*n)++;
}

/* Memory does not grow with the statements: strings fed as queries are
 * not kept (1M of them reached 247 MB, 778 MB reading the JSON), and a
 * query file is read in windows, not whole. The peak RSS (getrusage) after
 * a warm-up may grow by a little only; not a timing. Sanitizers hold
 * freed memory back, so their builds check the counts only. */
static void test_memory_is_flat_in_statements(void)
{
	int bound = !getenv("KP_SANITIZED");
	size_t planned = 0;
	keyplan_options o = {NULL, read_plan, NULL, &planned};
	keyplan *k;
	CU_ASSERT_EQUAL_FATAL(keyplan_open(&o, &k), KEYPLAN_OK);
	CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_SCHEMA, "s.sql", schema, strlen(schema)), KEYPLAN_OK);
	const char *q = "SELECT * FROM orders WHERE userid = 'u1' AND orderid = 42;";
	/* a tenth of the statements where the bound is not checked */
	int nstr = bound ? 220000 : 22000, nfile = bound ? 400000 : 40000;
	long warm = 0;
	for (int i = 0; i < nstr; i++) {
		if (i == nstr / 11)
			warm = peak_rss_kb();
		keyplan_feed_string(k, KEYPLAN_QUERY, "q.sql", q, strlen(q));
	}
	long grew = peak_rss_kb() - warm;
	CU_ASSERT_EQUAL(planned, (size_t)nstr);
	if (bound && grew > 2048)
		fprintf(stderr, "\n  200k strings: peak RSS grew %ld KB\n", grew);
	CU_ASSERT_TRUE(!bound || grew <= 2048);   /* kept, they took 50 MB */

	/* a 24 MB query file */
	char path[] = "/tmp/kp-api-XXXXXX";
	int fd = mkstemp(path);
	CU_ASSERT_TRUE_FATAL(fd >= 0);
	FILE *f = fdopen(fd, "w");
	for (int i = 0; i < nfile; i++)
		fprintf(f, "%s\n", q);
	fclose(f);
	warm = peak_rss_kb();
	planned = 0;
	CU_ASSERT_EQUAL(keyplan_feed_file(k, KEYPLAN_QUERY, path), KEYPLAN_OK);
	unlink(path);
	grew = peak_rss_kb() - warm;
	CU_ASSERT_EQUAL(planned, (size_t)nfile);
	if (bound && grew > 8192)
		fprintf(stderr, "\n  a 24 MB file: peak RSS grew %ld KB\n", grew);
	CU_ASSERT_TRUE(!bound || grew <= 8192);   /* read whole, it took 60 MB */
	keyplan_close(k);
}

/* What a session holds (keyplan_memory) does not grow with the statements
 * fed: query strings not at all (the most its arenas held after 1,000 is
 * the most after 100,000, the plan JSON read for each); workload strings
 * by their places only, a few bytes a statement (kept, each string took
 * about 700 bytes: 713 MB for 1M); a workload file by its line table and
 * those places (read whole, it was its text too). */
static void test_session_memory_is_bounded(void)
{
	const char *q = "SELECT * FROM orders WHERE userid = 'u1' AND orderid = 42;";
	int n = getenv("KP_SANITIZED") ? 20000 : 100000;   /* a fifth under the sanitizers: time */
	for (int role = KEYPLAN_QUERY; role <= KEYPLAN_WORKLOAD; role++) {
		size_t planned = 0;
		keyplan_options o = {NULL, read_plan, NULL, &planned};
		keyplan *k;
		CU_ASSERT_EQUAL_FATAL(keyplan_open(&o, &k), KEYPLAN_OK);
		CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_SCHEMA, "s.sql", schema, strlen(schema)), KEYPLAN_OK);
		size_t peak1 = 0, peak2 = 0;
		for (int i = 0; i < n; i++) {
			if (i == 1000)
				keyplan_memory(k, &peak1);
			CU_ASSERT_EQUAL_FATAL(keyplan_feed_string(k, (keyplan_role)role, "q.sql", q, strlen(q)), KEYPLAN_OK);
		}
		size_t held = keyplan_memory(k, &peak2);
		CU_ASSERT_EQUAL(planned, (size_t)n);
		CU_ASSERT_TRUE(held > 0 && held <= peak2 && peak1 > 0);
		if (role == KEYPLAN_QUERY) {
			if (peak2 != peak1)
				fprintf(stderr, "\n  query strings: %zu bytes after 1,000, %zu after %d\n", peak1, peak2, n);
			CU_ASSERT_EQUAL(peak2, peak1);
		} else {
			if (peak2 - peak1 > 8 * (size_t)(n - 1000))
				fprintf(stderr, "\n  workload strings: %zu bytes after 1,000, %zu after %d\n", peak1, peak2, n);
			CU_ASSERT_TRUE(peak2 - peak1 <= 8 * (size_t)(n - 1000));
		}
		keyplan_close(k);
	}
	/* a workload file of 2n statements */
	char path[] = "/tmp/kp-api-XXXXXX";
	int fd = mkstemp(path);
	CU_ASSERT_TRUE_FATAL(fd >= 0);
	FILE *f = fdopen(fd, "w");
	for (int i = 0; i < 2 * n; i++)
		fprintf(f, "%s\n", q);
	fclose(f);
	size_t planned = 0;
	keyplan_options o = {NULL, read_plan, NULL, &planned};
	keyplan *k;
	CU_ASSERT_EQUAL_FATAL(keyplan_open(&o, &k), KEYPLAN_OK);
	CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_SCHEMA, "s.sql", schema, strlen(schema)), KEYPLAN_OK);
	size_t before = 0, after = 0;
	keyplan_memory(k, &before);
	CU_ASSERT_EQUAL(keyplan_feed_file(k, KEYPLAN_WORKLOAD, path), KEYPLAN_OK);
	unlink(path);
	keyplan_memory(k, &after);
	CU_ASSERT_EQUAL(planned, 2 * (size_t)n);
	if (after - before > 24 * (size_t)n)
		fprintf(stderr, "\n  a workload file: %zu bytes before, %zu after\n", before, after);
	CU_ASSERT_TRUE(after - before <= 24 * (size_t)n);   /* its text alone is 59 a statement */
	keyplan_close(k);
	CU_ASSERT_EQUAL(keyplan_memory(NULL, &after), 0);
	CU_ASSERT_EQUAL(after, 0);
}

/* Workload strings of one name merge as the statements of one file do:
 * the advice is the same whether the workload comes as one string or as a
 * string a statement. */
static void test_workload_strings_advise_as_one_file(void)
{
	static const char *const stmt[] = {
		"SELECT * FROM orders WHERE userid = 'a' AND orderid = 1;\n",
		"-- weight: 50\nSELECT * FROM orders WHERE status = 'paid' AND orderid = 7;\n",
		"SELECT * FROM orders WHERE userid = 'b' AND orderid = 2;\n",
		"-- weight: 50\nSELECT * FROM orders WHERE status = 'new' AND orderid = 8;\n",
		"INSERT INTO orders (userid, orderid, status, amount) VALUES ('c', 3, 'new', 1.5);\n",
		"INSERT INTO orders (userid, orderid, status, amount) VALUES ('c', 4, 'new', 2.5);\n",
	};
	seen one, many;
	keyplan *k1 = open_session(&one, "lindorm"), *k2 = open_session(&many, "lindorm");
	keyplan_feed_string(k1, KEYPLAN_SCHEMA, "s.sql", schema, strlen(schema));
	keyplan_feed_string(k2, KEYPLAN_SCHEMA, "s.sql", schema, strlen(schema));
	char all[1024] = "";
	for (size_t i = 0; i < sizeof stmt / sizeof *stmt; i++) {
		strcat(all, stmt[i]);
		CU_ASSERT_EQUAL(keyplan_feed_string(k2, KEYPLAN_WORKLOAD, "w.sql", stmt[i], strlen(stmt[i])), KEYPLAN_OK);
	}
	CU_ASSERT_EQUAL(keyplan_feed_string(k1, KEYPLAN_WORKLOAD, "w.sql", all, strlen(all)), KEYPLAN_OK);
	CU_ASSERT_EQUAL(keyplan_advise(k1, on_advice, &one), KEYPLAN_OK);
	CU_ASSERT_EQUAL(keyplan_advise(k2, on_advice, &many), KEYPLAN_OK);
	CU_ASSERT_EQUAL(one.n, 7);   /* the schema's statement too */
	CU_ASSERT_EQUAL(many.n, 7);
	CU_ASSERT_TRUE(one.nadvice >= 1);
	CU_ASSERT_EQUAL_FATAL(many.nadvice, one.nadvice);
	ASSERT_STR(one.akind[0], "secondary_index");
	for (int i = 0; i < one.nadvice && i < 4; i++) {
		ASSERT_STR(many.ajson[i], one.ajson[i]);
		CU_ASSERT_EQUAL(many.written_before[i], one.written_before[i]);
		CU_ASSERT_EQUAL(many.written_after[i], one.written_after[i]);
	}
	keyplan_close(k1);
	keyplan_close(k2);
}

/* Each string is a script of its own: a -- keyplan:tenant line in one
 * string set the connection of the next string of the same name (its
 * source at the same address), and a DELIMITER outlived its string. */
static void test_each_string_its_own_script(void)
{
	seen s;
	keyplan *k = open_session(&s, "phoenix");
	const char *ddl = "CREATE TABLE t (tid VARCHAR NOT NULL, id VARCHAR NOT NULL, v INTEGER "
	                  "CONSTRAINT pk PRIMARY KEY (tid, id)) MULTI_TENANT=true;";
	const char *q1 = "-- keyplan:tenant acme\nSELECT * FROM t WHERE id = 'x';";
	const char *q2 = "SELECT * FROM t WHERE id = 'x';";
	const char *d1 = "DELIMITER //\nSELECT * FROM t WHERE id = 'y'//";
	const char *q3 = "SELECT * FROM t WHERE id = 'x'; SELECT * FROM t WHERE id = 'z';";
	CU_ASSERT_EQUAL(keyplan_feed_string(k, KEYPLAN_SCHEMA, "s.sql", ddl, strlen(ddl)), KEYPLAN_OK);
	for (int role = KEYPLAN_QUERY; role <= KEYPLAN_WORKLOAD; role++) {
		s.n = 0;
		keyplan_feed_string(k, (keyplan_role)role, "q.sql", q1, strlen(q1));
		keyplan_feed_string(k, (keyplan_role)role, "q.sql", q2, strlen(q2));
		keyplan_feed_string(k, (keyplan_role)role, "q.sql", d1, strlen(d1));
		keyplan_feed_string(k, (keyplan_role)role, "q.sql", q3, strlen(q3));
		CU_ASSERT_EQUAL_FATAL(s.n, 6);
		ASSERT_STR(s.text[0], "GET T key (TID='acme', ID='x')");
		ASSERT_STR(s.text[1], "FULL SCAN T filter ID = 'x'");
		ASSERT_STR(s.kind[2], "skipped");   /* the DELIMITER line */
		ASSERT_STR(s.text[3], "FULL SCAN T filter ID = 'y'");
		/* ';' ends a statement again */
		ASSERT_STR(s.text[4], "FULL SCAN T filter ID = 'x'");
		ASSERT_STR(s.text[5], "FULL SCAN T filter ID = 'z'");
	}
	keyplan_close(k);
}

int main(void)
{
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 1;
	CU_pSuite s = CU_add_suite("libkeyplan", NULL, NULL);
	CU_add_test(s, "plans and diagnostics of each statement", test_plans_and_diagnostics);
	CU_add_test(s, "the target decides what is rejected", test_target);
	CU_add_test(s, "a workload's advice", test_advice);
	CU_add_test(s, "a schema string's annotations are weighed as check weighs them", test_advice_reads_annotations);
	CU_add_test(s, "files by extension; an unreadable one is a diagnostic", test_files);
	CU_add_test(s, "text fed as the file at its path would be, the file never read", test_feed_text);
	CU_add_test(s, "interpolated SQL in application code is KP035 at the host's line and column",
	            test_interpolated_sql);
	CU_add_test(s, "a finding of several MyBatis variants comes once, with its conditions; KP036",
	            test_mybatis_variants);
	CU_add_test(s, "bad arguments return KEYPLAN_EINVAL", test_errors);
	CU_add_test(s, "memory does not grow with the statements fed", test_memory_is_flat_in_statements);
	CU_add_test(s, "keyplan_memory: flat in query strings, a few bytes a workload statement",
	            test_session_memory_is_bounded);
	CU_add_test(s, "workload strings of one name advise as one file", test_workload_strings_advise_as_one_file);
	CU_add_test(s, "each string is a script of its own: its tenant, its DELIMITER", test_each_string_its_own_script);
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
	CU_cleanup_registry();
	return failed ? 1 : 0;
}
