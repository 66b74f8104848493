/* Each store's own plan (docs/targets.md): every rule a target decides a
 * plan by, planned under that target with its names, limits and words, and
 * checked by the exact plan line, rule IDs and message. */
#include <string.h>

#include "advisor/targets.h"
#include "kp_test.h"

static kpt P;   /* --target phoenix */
static kpt L;   /* --target lindorm */
static kpt S;   /* --target tablestore */
static kpt G;   /* --target generic */

static const char *PHOENIX_SCHEMA =
	"CREATE TABLE t (k INTEGER NOT NULL PRIMARY KEY, v VARCHAR, v1 INTEGER, v2 VARCHAR);"
	"CREATE INDEX iv ON t (v);"
	"CREATE INDEX iv1 ON t (v1);"
	"CREATE INDEX iv2 ON t (v2) INCLUDE (v);"
	"CREATE TABLE atable (organization_id CHAR(15) NOT NULL, entity_id CHAR(15) NOT NULL, a_string VARCHAR,"
	"  CONSTRAINT pk PRIMARY KEY (organization_id, entity_id));"
	"CREATE TABLE ptsdb (inst VARCHAR NOT NULL, host VARCHAR NOT NULL, \"DATE\" DATE NOT NULL, val DECIMAL,"
	"  CONSTRAINT pk PRIMARY KEY (inst, host, \"DATE\"));"
	"CREATE TABLE dt (d DATE NOT NULL, n DECIMAL NOT NULL, v VARCHAR, CONSTRAINT pk PRIMARY KEY (d, n));"
	"CREATE TABLE nt (n DECIMAL NOT NULL PRIMARY KEY, v VARCHAR);"
	"CREATE TABLE it (i BIGINT NOT NULL PRIMARY KEY, v VARCHAR);"
	"CREATE TABLE r2 (a INTEGER NOT NULL, b INTEGER NOT NULL, c INTEGER, CONSTRAINT pk PRIMARY KEY (a, b));"
	"CREATE INDEX r2_ac ON r2 (a, c);"
	"CREATE TABLE k3 (k0 DOUBLE NOT NULL, k1 DOUBLE NOT NULL, k2 INTEGER NOT NULL, v1 VARCHAR,"
	"  CONSTRAINT pk PRIMARY KEY (k0, k1, k2));"
	"CREATE TABLE t1 (k1 INTEGER NOT NULL, k2 INTEGER NOT NULL, v1 VARCHAR, CONSTRAINT pk PRIMARY KEY (k1, k2));"
	"CREATE VIEW v1 (v2 VARCHAR, k3 VARCHAR PRIMARY KEY) AS SELECT * FROM t1 WHERE k1 = 1;"
	"CREATE VIEW v2 (k4 INTEGER, v4 VARCHAR, CONSTRAINT pk PRIMARY KEY (k4 DESC)) AS SELECT * FROM t1;"
	"CREATE TABLE u (k INTEGER NOT NULL PRIMARY KEY, use VARCHAR);";

static const char *LINDORM_SCHEMA =
	"CREATE TABLE test (p1 INT, p2 INT, p3 INT, c1 INT, c2 INT, c3 INT, PRIMARY KEY (p1, p2, p3));"
	"CREATE TABLE o (userid VARCHAR(64), orderid BIGINT, PRIMARY KEY (userid, orderid));"
	"CREATE TABLE t (k INT, v VARCHAR, v1 INT, PRIMARY KEY (k));"
	"CREATE INDEX iv ON t (v);"
	"CREATE INDEX iv1 ON t (v1);"
	"CREATE TABLE u (k INT, use VARCHAR, PRIMARY KEY (k));"
	"CREATE TABLE t_dynamic (p1 INT, c1 INT, c2 VARCHAR, PRIMARY KEY(p1)) WITH (DYNAMIC_COLUMNS = 'true');";

static const char *TABLESTORE_SCHEMA =
	"CREATE TABLE o (userid VARCHAR(64), orderid BIGINT, amount BIGINT, note VARCHAR(16) DEFAULT \"none\","
	"  PRIMARY KEY (userid, orderid)) ENGINE=\"Tablestore\";"
	"CREATE INDEX by_amount ON o (amount);"
	"CREATE TABLE u (k BIGINT, use VARCHAR(8), PRIMARY KEY (k));"
	"CREATE TABLE ts (a BIGINT, b BIGINT, c BIGINT, d VARCHAR(8), PRIMARY KEY (a, b));"
	"CREATE INDEX ts_c ON ts (c, a, b);"
	"CREATE INDEX ts_s USING SEARCH ON ts (b, d);";

static const char *GENERIC_SCHEMA = "CREATE TABLE u (k INT, use VARCHAR(8), PRIMARY KEY (k));";

/* A session under target tg: its names, plan rules and statement limits. */
static int target_setup(kpt *t, kp_target tg, const char *schema)
{
	kpt_init(t);
	kp_pipe_free(&t->pipe);
	kp_pipe_init(&t->pipe, tg);
	t->cat.names = kp_target_names(tg);
	kp_target_plan_opts(&t->opts, tg);
	kp_pipe_borrow(&t->pipe, &t->cat, &t->opts);
	t->pipe.collect = &t->d;
	t->pipe.collect_arena = &t->arena;
	if (kpt_schema(t, schema) == 0)
		return 0;
	for (const kp_diag *g = t->d.head; g; g = g->next)
		fprintf(stderr, "schema: %s\n", g->message);
	return 1;
}

static int setup(void)
{
	return target_setup(&P, KP_TARGET_PHOENIX, PHOENIX_SCHEMA) ||
	       target_setup(&L, KP_TARGET_LINDORM, LINDORM_SCHEMA) ||
	       target_setup(&S, KP_TARGET_TABLESTORE, TABLESTORE_SCHEMA) ||
	       target_setup(&G, KP_TARGET_GENERIC, GENERIC_SCHEMA);
}

static int teardown(void)
{
	kpt_free(&P);
	kpt_free(&L);
	kpt_free(&S);
	kpt_free(&G);
	return 0;
}

/* Plans q in t and checks the plan line and the rule IDs of its diagnostics. */
static void plan(kpt *t, const char *q, const char *text, const char *rules)
{
	kpt_plan(t, q);
	if (strcmp(t->text, text) || strcmp(t->rules, rules))
		fprintf(stderr, "\n  query: %s\n  got:  %s [%s]\n  want: %s [%s]\n", q, t->text, t->rules, text, rules);
	CU_ASSERT_STRING_EQUAL(t->text, text);
	CU_ASSERT_STRING_EQUAL(t->rules, rules);
}

/* The help lines of the last plan's diagnostics, joined by " | ". */
static const char *helps(const kpt *t)
{
	static char buf[2048];
	buf[0] = 0;
	for (const kp_diag *g = t->d.head; g; g = g->next)
		for (const kp_help *h = g->helps; h; h = h->next) {
			if (buf[0])
				strncat(buf, " | ", sizeof buf - strlen(buf) - 1);
			strncat(buf, h->message, sizeof buf - strlen(buf) - 1);
		}
	return buf;
}

/* ------------------------------------------------------------ KP002 */

/* Tablestore's SQL scan limit counts the rows scanned before the filter:
 * KP002's help says so where the filter is; a store with no such limit,
 * and a GET that filters its one row, say nothing of it. */
static void test_filtered_scan_help_names_the_scan_limit(void)
{
	plan(&S, "SELECT * FROM ts WHERE a = 1 AND d = 'x'", "FILTERED SCAN ts prefix (a=1) filter d = 'x'", "KP002");
	ASSERT_STR(helps(&S), "Tablestore's SQL scan limit counts the rows scanned, before this filter: one scan fails "
	                      "past 100,000 scanned rows, so every row of the key range counts, not only those the "
	                      "filter keeps (keyplan check counts the read failing where -- rows: and -- distinct: put "
	                      "more rows in its range); a key or index that binds these columns scans only the rows "
	                      "they keep");
	plan(&L, "SELECT * FROM test WHERE p1 = 1 AND c1 = 3", "FILTERED SCAN test prefix (p1=1) filter c1 = 3", "KP002");
	ASSERT_STR(helps(&L), "");
	plan(&S, "SELECT * FROM ts WHERE a = 1 AND b = 2 AND d = 'x'", "GET ts key (a=1, b=2) filter d = 'x'", "KP002");
	ASSERT_STR(helps(&S), "");
}

/* ------------------------------------------------------------ KP001 */

static void test_full_scan_help_names_the_targets_own_opt_in(void)
{
	plan(&L, "SELECT * FROM o WHERE orderid = 1", "REJECTED o: full table scan, no condition on leading key column userid filter orderid = 1", "KP001");
	ASSERT_STR(helps(&L), "bind userid with = or IN, use a secondary index or index table (keyplan check, "
	                      "given the workload, says whether one pays), or opt in with /*+ _l_allow_filtering_ */");
	plan(&P, "SELECT * FROM t WHERE v1 + 1 = 2", "FULL SCAN T filter V1 + 1 = 2", "KP001");
	ASSERT_STR(helps(&P), "bind K with = or IN, or use a secondary index or index table (keyplan check, given the workload, says whether one pays)");
	plan(&S, "SELECT * FROM o WHERE orderid = 1", "FULL SCAN o filter orderid = 1", "KP001");
	ASSERT_STR(helps(&S), "bind userid with = or IN, or use a secondary index or index table (keyplan check, "
	                      "given the workload, says whether one pays)");
}

static void test_tablestore_runs_a_full_scan_within_its_scan_limits(void)
{
	plan(&S, "select * from o where note > 'a' limit 4", "FULL SCAN o filter note > 'a'", "KP001 KP018");
	CU_ASSERT_FALSE(S.plan.rejected);
	CU_ASSERT_EQUAL(S.d.count[KP_SEV_ERROR], 0);
	CU_ASSERT_TRUE(kpt_has_message(&S, "full table scan: no condition on leading key column 'userid' of o"));
	CU_ASSERT_TRUE(kpt_has_message(&S, "(Tablestore runs it, reading every partition, and fails it past its SQL "
	                                   "scan limits: \"100,000 for the number of scanned rows, 128 MB for the size "
	                                   "of scanned data, and 30 seconds for the scan duration\")"));
}

/* ------------------------------------------------------ Phoenix hints */

static void test_phoenix_uses_the_first_usable_of_several_index_hints(void)
{
	plan(&P, "SELECT /*+ INDEX(t iv) INDEX(t iv1) */ k FROM t WHERE v = 'a' AND v1 = 3",
	     "FILTERED SCAN T via index IV (+ table lookup) prefix (V='a') filter V1 = 3", "KP002");
	/* a missing index is skipped, hint after hint */
	plan(&P, "SELECT /*+ INDEX(t nope) INDEX(t iv1) */ k FROM t WHERE v = 'a' AND v1 = 3",
	     "FILTERED SCAN T via index IV1 (+ table lookup) prefix (V1=3) filter V = 'a'", "KP002");
	/* a hint on another table is ignored and said so */
	plan(&P, "SELECT /*+ INDEX(x iv) INDEX(t iv1) */ k FROM t WHERE v = 'a' AND v1 = 3",
	     "FILTERED SCAN T via index IV1 (+ table lookup) prefix (V1=3) filter V = 'a'", "KP020 KP002");
	CU_ASSERT_TRUE(kpt_has_message(&P, "INDEX hint names table 'X', not T: it is ignored"));
	plan(&P, "SELECT /*+ INDEX(t nope) INDEX(t nope2) */ k FROM t WHERE v = 'a'", "SCAN T via index IV prefix (V='a')",
	     "KP020");
	CU_ASSERT_TRUE(kpt_has_message(&P, "INDEX hint names no index of T that keyplan can use: it is ignored"));
}

static void test_phoenix_plans_dynamic_columns_on_the_data_table(void)
{
	plan(&P, "SELECT k FROM t WHERE v = 'a'", "SCAN T via index IV prefix (V='a')", "");
	plan(&P, "SELECT k FROM t(v3 VARCHAR) WHERE v = 'a'", "FULL SCAN T filter V = 'a'", "KP001");
}

/* ------------------------------------------------- Phoenix views with keys */

/* ViewIT: a view adds key columns after its parent's, unless the parent's
 * last key column is of variable length. */
static void test_phoenix_view_adds_key_columns(void)
{
	plan(&P, "SELECT * FROM v1 WHERE k2 = 2 AND k3 = 'a'", "GET V1 key (K1=1, K2=2, K3='a')", "");
	plan(&P, "SELECT * FROM v1 WHERE k2 = 2", "SCAN V1 prefix (K1=1, K2=2)", "");
	plan(&P, "SELECT * FROM v2 WHERE k1 = 1 AND k2 = 2 ORDER BY k4 DESC", "SCAN V2 prefix (K1=1, K2=2) order key", "");
	kpt t;
	CU_ASSERT_EQUAL(target_setup(&t, KP_TARGET_PHOENIX, "CREATE TABLE t2 (k1 VARCHAR NOT NULL PRIMARY KEY, v1 VARCHAR);"), 0);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE VIEW v3 (k3 VARCHAR PRIMARY KEY) AS SELECT * FROM t2"), 1);
	CU_ASSERT_STRING_EQUAL(t.rules, "KP014");
	CU_ASSERT_TRUE(kpt_has_message(&t, "view V3 cannot add key columns: the last key column K1 of T2 is of variable "
	                                   "length (Phoenix: \"Cannot modify the primary key of a VIEW if last PK column "
	                                   "of parent is variable length\")"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE VIEW v4 (x VARCHAR, CONSTRAINT pk PRIMARY KEY (k1)) AS SELECT * FROM t2"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "view V4 cannot change the primary key of T2: a view's key columns are new "
	                                   "columns, after those of T2"));
	kpt_free(&t);
}

/* ---------------------------------------------------------- Tablestore */

/* MySQL-compatible: "text" is a string, in DDL (the schema above) and
 * queries alike (the Python SDK's example: where uid = "7") */
static void test_tablestore_double_quoted_text_is_a_string(void)
{
	plan(&S, "select * from o where userid = \"7\" and orderid = 1", "GET o key (userid='7', orderid=1)", "");
	plan(&S, "select * from o where userid = \"a\"\"b\"", "SCAN o prefix (userid='a\"b')", "");
	plan(&S, "select * from o where userid = \"7", "ERROR: statement not planned (see diagnostics)", "KP016");
	CU_ASSERT_TRUE(kpt_has_message(&S, "unterminated string literal"));
	/* elsewhere a quoted name */
	plan(&L, "select * from o where userid = \"7\"", "ERROR: statement not planned (see diagnostics)", "KP009");
}

/* Tablestore's "Index selection policy": USE INDEX (idx) picks the index,
 * USE INDEX () the data table (a full scan when the key is not bound). */
static void test_tablestore_use_index_picks_the_path(void)
{
	plan(&S, "select * from o where amount = 5",
	     "SCAN o via index by_amount (+ table lookup) prefix (amount=5); chosen by Tablestore's cost-based optimizer among: "
	     "SCAN via index by_amount, FULL SCAN of the table",
	     "");
	plan(&S, "select * from o use index () where amount = 5", "FULL SCAN o filter amount = 5", "KP001");
	plan(&S, "select * from o AS x USE INDEX (nope, by_amount) where userid = 'a' and amount = 5",
	     "SCAN o via index by_amount (+ table lookup) prefix (amount=5, userid='a')", "");
	plan(&S, "select * from o USE INDEX (by_amount) where userid = 'a'",
	     "FULL SCAN o via index by_amount (+ table lookup) filter userid = 'a'", "KP001");
	plan(&S, "select * from o x use index (nope) where amount = 5", "ERROR: statement not planned (see diagnostics)",
	     "KP019");
	CU_ASSERT_TRUE(kpt_has_message(&S, "USE INDEX names 'nope', which is not an index of o that keyplan can use"));
}

/* Tablestore's "Index selection policy" (Query optimization, "Automatic
 * selection rules"): 1. a search index holding every column of the WHERE,
 * aggregate and ORDER BY clauses; 2. a secondary index binding more
 * leading key columns than the data table and covering the query (the
 * page's example: key (a, b), index (c, a, b), WHERE c = 1 AND a > 1);
 * 3. else its cost-based optimizer, whose candidates keyplan lists. */
static void test_tablestore_index_selection_policy(void)
{
	/* rule 1, even where the data table's key serves */
	plan(&S, "select a from ts where b = 1 and d = 'x'", "SEARCH ts via search index ts_s: the search engine serves every condition (b, d)", "");
	CU_ASSERT_EQUAL(S.plan.choice, KP_CHOICE_SEARCH);
	plan(&S, "select * from ts where a = 1 and b = 2 and d = 'x'", "GET ts key (a=1, b=2) filter d = 'x'", "KP002");
	CU_ASSERT_EQUAL(S.plan.choice, KP_CHOICE_NONE);
	/* ... which holds every column the statement reads, the select list
	 * too ("Computing pushdown": SELECT a, b, c, d with a search index on
	 * a, b and c scans the whole table), the key columns it returns with
	 * every row; with no WHERE as well (SELECT a, b, c reads the index) */
	plan(&S, "select c from ts where b = 1 and d = 'x'", "FULL SCAN ts filter b = 1 AND d = 'x'", "KP001");
	CU_ASSERT_EQUAL(S.plan.choice, KP_CHOICE_NONE);
	plan(&S, "select a, b, d from ts", "SEARCH ts via search index ts_s: the search engine serves every condition (b, d)",
	     "");
	CU_ASSERT_EQUAL(S.plan.choice, KP_CHOICE_SEARCH);
	plan(&S, "select * from ts", "FULL SCAN ts", "KP001");
	CU_ASSERT_EQUAL(S.plan.choice, KP_CHOICE_NONE);
	/* a condition on a key column it does not list is the key's */
	plan(&S, "select d from ts where a = 1", "SCAN ts prefix (a=1)", "");
	/* rule 2 */
	plan(&S, "select a, b, c from ts where c = 1 and a > 1", "SCAN ts via index ts_c prefix (c=1) range a (1, +inf)", "");
	CU_ASSERT_EQUAL(S.plan.choice, KP_CHOICE_SECONDARY);
	/* rule 3: ts_c does not hold d, so the data table is a candidate too */
	plan(&S, "select * from ts where c = 1 and a > 1",
	     "SCAN ts via index ts_c (+ table lookup) prefix (c=1) range a (1, +inf); chosen by Tablestore's cost-based "
	     "optimizer among: SCAN via index ts_c, FILTERED SCAN of the table",
	     "");
	CU_ASSERT_EQUAL(S.plan.choice, KP_CHOICE_COST);
	CU_ASSERT_EQUAL(S.plan.ncands, 2);
	if (S.plan.ncands == 2) {
		CU_ASSERT_PTR_NULL(S.plan.cands[1].index);
		CU_ASSERT_EQUAL(S.plan.cands[1].access, KP_ACCESS_FILTERED);
		CU_ASSERT_EQUAL(S.plan.cands[1].bound, 1);
		CU_ASSERT_EQUAL(S.plan.cands[0].bound, 2);
		CU_ASSERT_FALSE(S.plan.cands[0].covering);
	}
	/* ... a full scan of an index that does not cover is no candidate */
	plan(&S, "select * from ts where c + 1 > 5", "FULL SCAN ts filter c + 1 > 5", "KP001");
	CU_ASSERT_EQUAL(S.plan.choice, KP_CHOICE_NONE);
	/* USE INDEX chooses: no policy */
	plan(&S, "select * from ts use index (ts_c) where c = 1", "SCAN ts via index ts_c (+ table lookup) prefix (c=1)", "");
	CU_ASSERT_EQUAL(S.plan.choice, KP_CHOICE_NONE);
	/* elsewhere keyplan's own order, with no choice reported */
	plan(&L, "SELECT * FROM t WHERE v = 'a'", "SCAN t via index iv (+ table lookup) prefix (v='a')", "");
	CU_ASSERT_EQUAL(L.plan.choice, KP_CHOICE_NONE);
}

/* Lindorm's SELECT page ("Wide table queries"): "Use only the first
 * primary key column or the first index column of the index table as the
 * query condition, OR If you need to filter on any other column, set an
 * upper and lower bound for the first primary key column or the first
 * index column. Queries that violate both rules are flagged as inefficient
 * and blocked by default." */
static void test_lindorm_needs_both_bounds_on_the_lead_to_filter(void)
{
	plan(&L, "SELECT * FROM test WHERE p1 > 1", "SCAN test range p1 (1, +inf)", "");
	plan(&L, "SELECT * FROM test WHERE p1 > 1 AND p1 < 9 AND c1 = 2", "FILTERED SCAN test range p1 (1, 9) filter c1 = 2", "KP002");
	plan(&L, "SELECT * FROM test WHERE p1 = 1 AND c1 = 2", "FILTERED SCAN test prefix (p1=1) filter c1 = 2", "KP002");
	plan(&L, "SELECT * FROM test WHERE p1 > 1 AND c1 = 2", "REJECTED FILTERED SCAN test range p1 (1, +inf) filter c1 = 2",
	     "KP001 KP002");
	CU_ASSERT_TRUE(kpt_has_message(&L, "inefficient query: a condition on another column than 'p1', which is bounded on "
	                                   "one side only (Lindorm refuses it"));
	CU_ASSERT_TRUE(L.plan.rejected);
	/* another key column is another column too */
	plan(&L, "SELECT * FROM test WHERE p1 < 5 AND p2 = 3", "REJECTED FILTERED SCAN test range p1 (-inf, 5) filter p2 = 3",
	     "KP001 KP002");
	plan(&L, "SELECT /*+ _l_allow_filtering_ */ * FROM test WHERE p1 > 1 AND c1 = 2",
	     "FILTERED SCAN test range p1 (1, +inf) filter c1 = 2", "KP002");
	/* an index path: its first index column; a path Lindorm runs is
	 * chosen over one it refuses */
	plan(&L, "SELECT * FROM t WHERE v > 'a' AND v1 = 2", "FILTERED SCAN t via index iv1 (+ table lookup) prefix (v1=2) filter v > 'a'",
	     "KP002");
	plan(&L, "SELECT * FROM t WHERE v > 'a' AND k = 2", "GET t key (k=2) filter v > 'a'", "KP002");
	plan(&L, "SELECT * FROM t WHERE v > 'a' AND k > 2", "REJECTED FILTERED SCAN t range k (2, +inf) filter v > 'a'",
	     "KP001 KP002");
	/* elsewhere no such rule */
	plan(&S, "SELECT * FROM o WHERE userid > 'a' AND note = 'x'", "FILTERED SCAN o range userid ('a', +inf) filter note = 'x'",
	     "KP002");
}

/* LindormTable deletes one row by its whole primary key ("the filter
 * condition must specify all primary key columns to delete a row.
 * Otherwise, an error occurs": its DELETE reference). Before, a DELETE by a
 * key prefix or through an index planned as a SCAN the store would run;
 * now it is REJECTED with one error in Lindorm's words, whatever path reads
 * its rows. A DELETE of whole keys (one, or several by IN) is a GET, and
 * other stores plan any DELETE as the read of its rows. */
static void test_lindorm_deletes_one_row_by_its_whole_key(void)
{
	plan(&L, "DELETE FROM test WHERE p1 = 1 AND p2 = 2 AND p3 = 3", "GET test key (p1=1, p2=2, p3=3)", "");
	plan(&L, "DELETE FROM test WHERE p1 = 1 AND p2 = 2 AND p3 IN (3, 4)",
	     "GET test 2 keys (p1=1, p2=2, p3=3), (p1=1, p2=2, p3=4)", "");
	plan(&L, "DELETE FROM test WHERE p1 = 1 AND p2 = 2",
	     "REJECTED SCAN test prefix (p1=1, p2=2) (a DELETE removes one row by its whole primary key)", "KP001");
	CU_ASSERT_TRUE(L.plan.rejected);
	CU_ASSERT_PTR_NOT_NULL_FATAL(L.d.head);
	ASSERT_STR(L.d.head->message, "DELETE refused: it binds only part of the key, and the store deletes one row by "
	           "its whole primary key, every column of (p1, p2, p3) bound by = (LindormTable, DELETE: \"the filter "
	           "condition must specify all primary key columns to delete a row. Otherwise, an error occurs\"; batch "
	           "deletion is off by default)");
	CU_ASSERT_EQUAL(L.d.head->severity, KP_SEV_ERROR);
	CU_ASSERT_EQUAL(L.d.head->off, 23);
	ASSERT_STR(helps(&L), "bind every column of the key of test with =, one row per DELETE (read the keys with a "
	           "SELECT first), or write the rows with a TTL or a deletion mark the reads skip");
	plan(&L, "DELETE FROM t WHERE v = 'a'",
	     "REJECTED SCAN t via index iv (+ table lookup) prefix (v='a') (a DELETE removes one row by its whole primary key)",
	     "KP001");
	CU_ASSERT_TRUE(kpt_has_message(&L, "DELETE refused: it reads its rows through an index, and the store"));
	plan(&L, "DELETE FROM test WHERE c1 = 2",
	     "REJECTED test: full table scan, no condition on leading key column p1 filter c1 = 2 (a DELETE removes one "
	     "row by its whole primary key)", "KP001");
	CU_ASSERT_TRUE(kpt_has_message(&L, "DELETE refused: it binds no key column, and the store"));
	/* no hint opts in: the store's DELETE has no such choice */
	plan(&L, "DELETE /*+ _l_allow_filtering_ */ FROM test WHERE c1 = 2",
	     "REJECTED test: full table scan, no condition on leading key column p1 filter c1 = 2 (a DELETE removes one "
	     "row by its whole primary key)", "KP001");
	plan(&L, "DELETE FROM test", "REJECTED test: full table scan, no condition on leading key column p1 (a DELETE "
	     "removes one row by its whole primary key)", "KP001");
	CU_ASSERT_TRUE(kpt_has_message(&L, "DELETE refused: it has no WHERE clause, and the store"));
	/* UPDATE may change many rows (LindormTable, UPDATE: "In a batch
	 * update ... some rows may succeed while others fail") */
	plan(&L, "UPDATE test SET c1 = 1 WHERE p1 = 1", "SCAN test prefix (p1=1)", "");
	plan(&S, "DELETE FROM o WHERE userid = 'a'", "SCAN o prefix (userid='a')", "");
	plan(&P, "DELETE FROM t WHERE k > 1", "SCAN T range K (1, +inf)", "");
}

/* A row value comparison: the same exact ranges on every target; Phoenix
 * counts the key columns it spans as bound (ScanRanges.getBoundPkSpan), so
 * `(a, b) > (1, 2)` binds 2 columns of the data table against 1 of the
 * index on (a, c), and the data table wins (orderPlansBestToWorst's bound
 * columns come before its smaller table). */
static void test_row_value_comparison_binds_its_span_in_phoenix(void)
{
	plan(&P, "SELECT a, b, c FROM r2 WHERE (a, b) > (1, 2)", "SCAN R2 2 ranges: prefix (A=1) range B (2, +inf); range A (1, +inf)", "");
	/* one column: the index, smaller, wins the tie */
	plan(&P, "SELECT a, b, c FROM r2 WHERE a > 1", "SCAN R2 via index R2_AC range A (1, +inf)", "");
	/* columns out of key order span nothing */
	plan(&P, "SELECT a, b, c FROM r2 WHERE (b, a) > (1, 2)", "FULL SCAN R2 via index R2_AC filter (B, A) > (1, 2)", "KP001");
	/* Lindorm's SELECT grammar has the same comparison ('(' column_name
	 * (',' column_name)* ')' operator tuple_literal): the same ranges */
	plan(&L, "SELECT * FROM test WHERE (p1, p2) > (1, 2) AND p1 < 5",
	     "SCAN test 2 ranges: prefix (p1=1) range p2 (2, +inf); range p1 (1, 5)", "");
}

/* USE is a keyword for USE INDEX only: a table alias or a column named use
 * reads as before on every target, USE INDEX after such an alias too. */
static void test_alias_or_column_named_use_parses_on_every_target(void)
{
	kpt *all[] = {&P, &L, &S, &G};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		kpt *t = all[i];
		bool up = t == &P;   /* Phoenix shows names upper-cased */
		plan(t, "select use.use from u use where use.k = 1", up ? "GET U key (K=1)" : "GET u key (k=1)", "");
		plan(t, "select * from u AS use where use = 'x' and k = 2",
		     up ? "GET U key (K=2) filter USE = 'x'" : "GET u key (k=2) filter use = 'x'", "KP002");
		plan(t, "select use from u use order by use.k limit 3", up ? "FULL SCAN U order key" : "FULL SCAN u order key",
		     "KP018");
		plan(t, "select * from u use where use.use = 'x'",
		     up ? "FULL SCAN U filter USE = 'x'" : t == &L ? "REJECTED u: full table scan, no condition on leading key column k filter use = 'x'" : "FULL SCAN u filter use = 'x'",
		     "KP001");
		plan(t, "select * from u use use index () where k = 3", up ? "GET U key (K=3)" : "GET u key (k=3)", "");
		plan(t, "select * from u use index () where k = 3", up ? "GET U key (K=3)" : "GET u key (k=3)", "");
		/* USE followed by neither INDEX nor a clause is still an error */
		plan(t, "select * from u use use where k = 3", "ERROR: statement not planned (see diagnostics)", "KP011");
	}
}

/* ------------------------------------------------------- path choice */

/* Phoenix's orderPlansBestToWorst: a plan that needs no sort for the
 * ORDER BY comes before one that binds more key columns. */
static void test_phoenix_prefers_the_path_whose_order_needs_no_sort(void)
{
	plan(&P, "SELECT k, v FROM t WHERE v >= 'x' ORDER BY k LIMIT 2", "FULL SCAN T filter V >= 'x' order key",
	     "KP001 KP018");
	plan(&P, "SELECT k FROM t WHERE k > 30 ORDER BY v1 LIMIT 5", "FULL SCAN T via index IV1 filter K > 30 order key",
	     "KP001 KP018");
	/* KP001 names the index read end to end, and its leading column */
	CU_ASSERT_TRUE(kpt_has_message(&P, "full scan of index IV1: no condition on its leading column 'V1' (Phoenix "
	                                   "runs it as a full scan over every region)"));
	ASSERT_STR(helps(&P), "bind V1 with = or IN");
	/* without the ORDER BY, the index binds more */
	plan(&P, "SELECT k, v FROM t WHERE v >= 'x' LIMIT 2", "SCAN T via index IV range V ['x', +inf)", "KP018");
	/* a point lookup before any order */
	plan(&P, "SELECT k FROM t WHERE k = 30 ORDER BY v1 LIMIT 5", "GET T key (K=30) order sort", "");
	/* Lindorm (keyplan's order by class) takes the index and must sort */
	plan(&L, "SELECT k, v FROM t WHERE v >= 'x' ORDER BY k LIMIT 2", "SCAN t via index iv range v ['x', +inf) order sort",
	     "KP004 KP018 KP110");
}

/* QueryOptimizerTest: with PRIMARY KEY (k DESC) an index on (v1) holds k
 * DESC after v1, so it serves ORDER BY v1, k DESC and not ORDER BY v1, k. */
static void test_index_key_keeps_the_primary_keys_direction(void)
{
	kpt t;
	CU_ASSERT_EQUAL(target_setup(&t, KP_TARGET_PHOENIX,
	                             "CREATE TABLE t (k INTEGER NOT NULL PRIMARY KEY DESC, v1 VARCHAR, v2 VARCHAR);"
	                             "CREATE INDEX idx ON t(v1);"), 0);
	plan(&t, "SELECT k FROM t WHERE k > 30 ORDER BY v1, k DESC LIMIT 5",
	     "FULL SCAN T via index IDX filter K > 30 order key", "KP001 KP018");
	plan(&t, "SELECT k FROM t WHERE k > 30 ORDER BY v1, k LIMIT 5", "SCAN T range K (30, +inf) order sort",
	     "KP004 KP018");
	kpt_free(&t);
}

/* Equal bound key columns: the table with fewer non-key columns (an index
 * over the data table), unless USE_DATA_OVER_INDEX_TABLE. */
static void test_phoenix_breaks_ties_by_the_smaller_table(void)
{
	plan(&P, "SELECT k, v FROM t WHERE v >= 'x' AND k > 3", "FILTERED SCAN T via index IV range V ['x', +inf) filter K > 3",
	     "KP002");
	plan(&P, "SELECT /*+ USE_DATA_OVER_INDEX_TABLE */ k, v FROM t WHERE v >= 'x' AND k > 3",
	     "FILTERED SCAN T range K (3, +inf) filter V >= 'x'", "KP002");
	/* IV does not hold V2: a global index that does not cover is no
	 * candidate (unless hinted), so IV2 (V2, INCLUDE V) is used */
	plan(&P, "SELECT k, v FROM t WHERE v = 'x' AND v2 = 'y'",
	     "FILTERED SCAN T via index IV2 prefix (V2='y') filter V = 'x'", "KP002");
}

/* ------------------------------------------- key ranges through functions */

static void test_phoenix_substr_prefix_is_a_key_range(void)
{
	/* Phoenix's WhereOptimizerTest: RANGE SCAN OVER ATABLE ['000000000000001','003'] - [...,'004'] */
	plan(&P, "SELECT * FROM atable WHERE organization_id = '000000000000001' AND SUBSTR(entity_id,1,3) > '002' "
	         "AND SUBSTR(entity_id,1,3) <= '003'",
	     "SCAN ATABLE prefix (ORGANIZATION_ID='000000000000001') range ENTITY_ID ['003', '004')", "");
	plan(&P, "SELECT * FROM atable WHERE SUBSTR(organization_id, 1, 2) IN ('ab', 'cd')",
	     "SCAN ATABLE 2 ranges: range ORGANIZATION_ID ['ab', 'ac'); range ORGANIZATION_ID ['cd', 'ce')", "");
	/* shorter than the length: the column equals it; longer: never true */
	plan(&P, "SELECT * FROM atable WHERE SUBSTR(organization_id, 1, 3) = 'ab'",
	     "SCAN ATABLE prefix (ORGANIZATION_ID='ab')", "");
	plan(&P, "SELECT * FROM atable WHERE SUBSTR(organization_id, 1, 2) = 'abc'", "GET ATABLE no keys: the condition is never true", "KP005");
	plan(&P, "SELECT * FROM atable WHERE SUBSTR(organization_id, 0, 2) BETWEEN 'ab' AND 'cd'",
	     "SCAN ATABLE range ORGANIZATION_ID ['ab', 'ce')", "");
	/* a parameter: a range from it, the condition kept */
	plan(&P, "SELECT * FROM atable WHERE organization_id = ? AND SUBSTR(entity_id, 1, 3) = ?",
	     "FILTERED SCAN ATABLE prefix (ORGANIZATION_ID=?) range ENTITY_ID [?, +inf) filter SUBSTR(ENTITY_ID, 1, 3) = ?",
	     "KP002");
	/* another offset keeps no order: KP006 */
	plan(&P, "SELECT * FROM atable WHERE organization_id = 'a' AND SUBSTR(entity_id, 2, 3) = 'b'",
	     "FILTERED SCAN ATABLE prefix (ORGANIZATION_ID='a') filter SUBSTR(ENTITY_ID, 2, 3) = 'b'", "KP006 KP002");
	/* Lindorm: a function of a key column serves no range */
	plan(&L, "SELECT * FROM o WHERE SUBSTR(userid, 1, 3) = 'abc'", "REJECTED o: full table scan, no condition on "
	     "leading key column userid filter SUBSTR(userid, 1, 3) = 'abc'", "KP006 KP001");
}

static void test_phoenix_regexp_substr_and_rtrim_keep_their_filter(void)
{
	plan(&P, "SELECT * FROM ptsdb WHERE REGEXP_SUBSTR(inst, '[^-]+', 1) IN ('a', 'c')",
	     "FILTERED SCAN PTSDB 2 ranges: range INST ['a', 'b'); range INST ['c', 'd') filter "
	     "REGEXP_SUBSTR(INST, '[^-]+', 1) IN ('a', 'c')", "KP002");
	plan(&P, "SELECT * FROM ptsdb WHERE RTRIM(inst) = 'a'", "FILTERED SCAN PTSDB range INST ['a', 'a!') filter RTRIM(INST) = 'a'",
	     "KP002");
	plan(&P, "SELECT * FROM ptsdb WHERE RTRIM(inst) > 'a'", "FILTERED SCAN PTSDB range INST ('a', +inf) filter RTRIM(INST) > 'a'",
	     "KP002");
}

static void test_phoenix_floor_ceil_round_trunc_are_key_ranges(void)
{
	plan(&P, "SELECT * FROM dt WHERE FLOOR(d, 'DAY') = TO_DATE('2013-01-01')",
	     "SCAN DT range D [TIMESTAMP '2013-01-01 00:00:00.000', TIMESTAMP '2013-01-01 23:59:59.999']", "");
	/* not on a day: never true */
	plan(&P, "SELECT * FROM dt WHERE FLOOR(d, 'DAY') = TO_DATE('2013-01-01 10:00:00')", "GET DT no keys: the condition is never true", "KP005");
	plan(&P, "SELECT * FROM dt WHERE TRUNC(d, 'HOUR', 2) > TO_DATE('2013-01-01 01:00:00')",
	     "SCAN DT range D (TIMESTAMP '2013-01-01 01:59:59.999', +inf)", "");
	plan(&P, "SELECT * FROM dt WHERE CEIL(d, 'MINUTE') <= TO_DATE('2013-01-01 00:10:00')",
	     "SCAN DT range D (-inf, TIMESTAMP '2013-01-01 00:10:00.000']", "");
	plan(&P, "SELECT * FROM dt WHERE ROUND(d, 'SECOND') = TO_DATE('2013-01-01 00:00:10')",
	     "SCAN DT range D [TIMESTAMP '2013-01-01 00:00:09.500', TIMESTAMP '2013-01-01 00:00:10.499']", "");
	plan(&P, "SELECT * FROM nt WHERE FLOOR(n) = 3", "SCAN NT range N [3.0, 4.0)", "");
	plan(&P, "SELECT * FROM nt WHERE CEIL(n) BETWEEN 2 AND 4.5", "SCAN NT range N (1.0, 4.0]", "");
	plan(&P, "SELECT * FROM nt WHERE FLOOR(n) > 2.5", "SCAN NT range N [3.0, +inf)", "");
}

/* WEEK, MONTH and YEAR round by the calendar, as Phoenix's Joda
 * expressions do (FloorMonthExpression, RoundWeekExpression, ...): months
 * and years of their own length, weeks from Monday, ROUND half even with
 * DateUtil.rangeJodaHalfEven's ends. */
static void test_phoenix_week_month_year_round_by_the_calendar(void)
{
	/* February of a leap year */
	plan(&P, "SELECT * FROM dt WHERE FLOOR(d, 'MONTH') = TO_DATE('2012-02-01')",
	     "SCAN DT range D [TIMESTAMP '2012-02-01 00:00:00.000', TIMESTAMP '2012-02-29 23:59:59.999']", "");
	plan(&P, "SELECT * FROM dt WHERE TRUNC(d, 'MONTH') = TO_DATE('2013-02-01')",
	     "SCAN DT range D [TIMESTAMP '2013-02-01 00:00:00.000', TIMESTAMP '2013-02-28 23:59:59.999']", "");
	plan(&P, "SELECT * FROM dt WHERE CEIL(d, 'MONTH') = TO_DATE('2012-03-01')",
	     "SCAN DT range D [TIMESTAMP '2012-02-01 00:00:00.001', TIMESTAMP '2012-03-01 00:00:00.000']", "");
	/* half even: the midpoint of February 2012 (29 days) goes to March
	 * (odd) only past it; March 16 12:00 goes to April (even) */
	plan(&P, "SELECT * FROM dt WHERE ROUND(d, 'MONTH') = TO_DATE('2012-03-01')",
	     "SCAN DT range D [TIMESTAMP '2012-02-15 12:00:00.001', TIMESTAMP '2012-03-16 11:59:59.999']", "");
	plan(&P, "SELECT * FROM dt WHERE ROUND(d, 'YEAR') = TO_DATE('2012-01-01')",
	     "SCAN DT range D [TIMESTAMP '2011-07-02 12:00:00.000', TIMESTAMP '2012-07-02 00:00:00.000']", "");
	/* 2013-01-07 is the Monday of ISO week 2 */
	plan(&P, "SELECT * FROM dt WHERE ROUND(d, 'WEEK') = TO_DATE('2013-01-07')",
	     "SCAN DT range D [TIMESTAMP '2013-01-03 12:00:00.000', TIMESTAMP '2013-01-10 12:00:00.000']", "");
	plan(&P, "SELECT * FROM dt WHERE FLOOR(d, 'WEEK') = TO_DATE('2013-01-08')", "GET DT no keys: the condition is never true",
	     "KP005");
	plan(&P, "SELECT * FROM dt WHERE TRUNC(d, 'WEEK') >= TO_DATE('2013-01-02')",
	     "SCAN DT range D (TIMESTAMP '2013-01-06 23:59:59.999', +inf)", "");
	plan(&P, "SELECT * FROM dt WHERE FLOOR(d, 'YEAR') < TO_DATE('2013-01-02')",
	     "SCAN DT range D (-inf, TIMESTAMP '2013-12-31 23:59:59.999']", "");
	plan(&P, "SELECT * FROM dt WHERE CEIL(d, 'YEAR') > TO_DATE('2013-01-01')",
	     "SCAN DT range D (TIMESTAMP '2013-01-01 00:00:00.000', +inf)", "");
	/* the multiple is not read by Phoenix's calendar expressions */
	plan(&P, "SELECT * FROM dt WHERE FLOOR(d, 'MONTH', 3) = TO_DATE('2013-04-01')",
	     "SCAN DT range D [TIMESTAMP '2013-04-01 00:00:00.000', TIMESTAMP '2013-04-30 23:59:59.999']", "");
	/* a parameter or a time before 1970: the condition stays a filter */
	plan(&P, "SELECT * FROM dt WHERE FLOOR(d, 'MONTH') = ?", "FULL SCAN DT filter FLOOR(D, 'MONTH') = ?", "KP006 KP001");
	plan(&P, "SELECT * FROM dt WHERE FLOOR(d, 'YEAR') = TO_DATE('1969-01-01')",
	     "FULL SCAN DT filter FLOOR(D, 'YEAR') = TO_DATE('1969-01-01')", "KP006 KP001");
}

/* ROUND (half up), TRUNC (FLOOR) and CEIL of a number with s decimal
 * places (RoundDecimalExpression, FloorDecimalExpression,
 * CeilDecimalExpression); of an integer column, the column itself. */
static void test_phoenix_round_and_trunc_of_numbers_keep_decimal_places(void)
{
	plan(&P, "SELECT * FROM nt WHERE ROUND(n, 2) = 1.25", "SCAN NT range N [1.2450000000000001, 1.2549999999999999)", "");
	plan(&P, "SELECT * FROM nt WHERE ROUND(n, 2) = 1.234", "GET NT no keys: the condition is never true", "KP005");
	plan(&P, "SELECT * FROM nt WHERE ROUND(n) = 0", "SCAN NT range N (-0.5, 0.5)", "");
	plan(&P, "SELECT * FROM nt WHERE ROUND(n) = -2", "SCAN NT range N (-2.5, -1.5]", "");
	plan(&P, "SELECT * FROM nt WHERE ROUND(n, 1) < 2.5", "SCAN NT range N (-inf, 2.4500000000000002)", "");
	plan(&P, "SELECT * FROM nt WHERE TRUNC(n, 1) >= 2.5", "SCAN NT range N [2.5, +inf)", "");
	plan(&P, "SELECT * FROM nt WHERE TRUNC(n, 1) > 2.55", "SCAN NT range N [2.6000000000000001, +inf)", "");
	plan(&P, "SELECT * FROM nt WHERE CEIL(n, 1) <= 2.55", "SCAN NT range N (-inf, 2.5]", "");
	plan(&P, "SELECT * FROM it WHERE ROUND(i, 2) = 5", "GET IT key (I=5)", "");
	plan(&P, "SELECT * FROM it WHERE TRUNC(i) > 2.5", "SCAN IT range I (2.5, +inf)", "");
	/* a negative scale is not served */
	plan(&P, "SELECT * FROM nt WHERE ROUND(n, -1) = 10", "FULL SCAN NT filter ROUND(N, -1) = 10", "KP006 KP001");
	/* elsewhere a function of a key column is KP006 */
	plan(&L, "SELECT * FROM t WHERE ROUND(k, 2) = 5", "REJECTED t: full table scan, no condition on leading key column k filter ROUND(k, 2) = 5",
	     "KP006 KP001");
}

/* ------------------------------------------------------------ skip scan */

/* Phoenix's skip scan goes on past IN into a range: SKIP SCAN ON 2 RANGES,
 * no filter (the date range is a key range, not a filter). */
static void test_skip_scan_continues_past_in_into_a_range(void)
{
	plan(&P, "SELECT * FROM ptsdb WHERE inst LIKE 'na%' AND host IN ('a','b') AND \"DATE\" >= to_date('2013-01-01') "
	         "AND \"DATE\" < to_date('2013-01-02')",
	     "SCAN PTSDB 2 ranges: range INST ['na', 'nb') then (HOST='a') range DATE [TIMESTAMP '2013-01-01 00:00:00.000', "
	     "TIMESTAMP '2013-01-02 00:00:00.000'); range INST ['na', 'nb') then (HOST='b') range DATE "
	     "[TIMESTAMP '2013-01-01 00:00:00.000', TIMESTAMP '2013-01-02 00:00:00.000')", "");
	ASSERT_STR(P.ranges, "[{\"eq\": [], \"range\": {\"column\": \"INST\", \"lower\": \"na\", \"lower_inclusive\": true, "
	                     "\"upper\": \"nb\", \"upper_inclusive\": false}, \"then\": [\"a\"], \"then_range\": {\"column\": "
	                     "\"DATE\", \"lower\": {\"time\": \"2013-01-01 00:00:00.000\"}, \"lower_inclusive\": true, \"upper\": "
	                     "{\"time\": \"2013-01-02 00:00:00.000\"}, \"upper_inclusive\": false}}, {\"eq\": [], \"range\": "
	                     "{\"column\": \"INST\", \"lower\": \"na\", \"lower_inclusive\": true, \"upper\": \"nb\", "
	                     "\"upper_inclusive\": false}, \"then\": [\"b\"], \"then_range\": {\"column\": \"DATE\", \"lower\": "
	                     "{\"time\": \"2013-01-01 00:00:00.000\"}, \"lower_inclusive\": true, \"upper\": {\"time\": "
	                     "\"2013-01-02 00:00:00.000\"}, \"upper_inclusive\": false}}]");
	/* one range: no skip scan; the equality and the date stay in the filter */
	plan(&P, "SELECT * FROM ptsdb WHERE inst LIKE 'na%' AND host = 'a' AND \"DATE\" >= to_date('2013-01-01')",
	     "FILTERED SCAN PTSDB range INST ['na', 'nb') filter HOST = 'a' AND \"DATE\" >= TO_DATE('2013-01-01')", "KP002");
	/* different date ranges per host are not merged */
	plan(&P, "SELECT * FROM ptsdb WHERE inst LIKE 'na%' AND ((host = 'a' AND \"DATE\" > to_date('2013-01-01')) OR "
	         "(host = 'b' AND \"DATE\" < to_date('2013-01-01')))",
	     "SCAN PTSDB 2 ranges: range INST ['na', 'nb') then (HOST='a') range DATE (TIMESTAMP '2013-01-01 00:00:00.000', "
	     "+inf); range INST ['na', 'nb') then (HOST='b') range DATE (-inf, TIMESTAMP '2013-01-01 00:00:00.000')", "");
	/* merged K0 ranges, the same K2 range after each K1: one skip range per K1 value */
	plan(&P, "SELECT * FROM k3 WHERE ((k0 BETWEEN 2.5 AND 4) OR (k0 > -1 AND k0 <= 3)) AND k1 IN (5, 2.5) AND k2 > 3",
	     "SCAN K3 2 ranges: range K0 (-1, 4] then (K1=2.5) range K2 (3, +inf); range K0 (-1, 4] then (K1=5) range K2 "
	     "(3, +inf)", "");
	/* the same K1 value seeking two K2 ranges that overlap would read a row
	 * twice (the oracle, seed 7): the K2 ranges are left out (here the
	 * condition always holds, so no filter is left either) */
	plan(&P, "SELECT * FROM k3 WHERE ((k0 BETWEEN 2.5 AND 4) OR (k0 > -1 AND k0 <= 3)) AND k1 IN (5, 2.5) AND "
	         "(k2 < 5 OR k2 > 3)",
	     "SCAN K3 2 ranges: range K0 (-1, 4] then (K1=2.5); range K0 (-1, 4] then (K1=5)", "");
	plan(&P, "SELECT * FROM k3 WHERE k0 > 1 AND k1 IN (5, 2.5) AND (k2 < 3 OR k2 > 7)",
	     "FILTERED SCAN K3 2 ranges: range K0 (1, +inf) then (K1=2.5); range K0 (1, +inf) then (K1=5) filter K2 < 3 OR "
	     "K2 > 7", "KP002");
}

/* ------------------------------------------------------------ ORDER BY */

/* A constant ORDER BY term sorts nothing (Phoenix's OrderByCompiler drops
 * it); an integer names the select item at that position. */
static void test_constant_order_by_terms_are_dropped_and_integers_are_positions(void)
{
	plan(&P, "SELECT k FROM t WHERE k = 1 ORDER BY 'a', 'b'", "GET T key (K=1)", "");
	CU_ASSERT_EQUAL(P.plan.order, KP_ORDER_NONE);
	plan(&P, "SELECT k, v FROM t WHERE v > 'a' ORDER BY 2", "SCAN T via index IV range V ('a', +inf) order key", "");
	plan(&P, "SELECT k, v FROM t WHERE v > 'a' ORDER BY 1 DESC, NULL",
	     "FULL SCAN T filter V > 'a' order reverse", "KP001 KP003");
	/* a position past the select list stays a term the store cannot serve */
	plan(&L, "SELECT * FROM test WHERE p1 = 1 ORDER BY 9", "SCAN test prefix (p1=1) order sort", "KP004 KP110");
	plan(&L, "SELECT * FROM test WHERE p1 = 1 ORDER BY ?, p2", "SCAN test prefix (p1=1) order key", "");
}

/* --------------------------------------------------- Lindorm ORDER BY */

/* The examples of Lindorm's "ORDER BY clause in Lindorm SQL", one by one. */
static void test_lindorm_order_by_needs_an_equality_on_every_key_column_before_it(void)
{
	const char *no = "lindorm cannot serve this ORDER BY: it returns rows in key order without sorting them, so "
	                 "every key column before an ORDER BY column must be bound by one equality (not a range, IN "
	                 "or OR)";
	plan(&L, "SELECT * FROM test WHERE p1 = ? ORDER BY p2", "SCAN test prefix (p1=?) order key", "");
	plan(&L, "SELECT * FROM test WHERE p1 = ? and p2 = ? ORDER BY p3", "SCAN test prefix (p1=?, p2=?) order key", "");
	plan(&L, "SELECT * FROM test WHERE p1 = ? and c1 = ? ORDER BY p2",
	     "FILTERED SCAN test prefix (p1=?) filter c1 = ? order key", "KP002");
	plan(&L, "SELECT * FROM test ORDER BY p1", "FULL SCAN test order key", "KP001");
	plan(&L, "SELECT * FROM test WHERE p1 = ? ORDER BY p3", "SCAN test prefix (p1=?) order sort", "KP004 KP110");
	CU_ASSERT_TRUE(kpt_has_message(&L, no));
	plan(&L, "SELECT * FROM test WHERE p1 < ? ORDER BY p2", "SCAN test range p1 (-inf, ?) order sort", "KP004 KP110");
	plan(&L, "SELECT * FROM test WHERE p1 = ? and p2 > ? ORDER BY p3", "SCAN test prefix (p1=?) range p2 (?, +inf) order sort",
	     "KP004 KP110");
	plan(&L, "SELECT * FROM test WHERE p1 = ? and p2 = ? and p3 = ? ORDER BY c1",
	     "GET test key (p1=?, p2=?, p3=?) order sort", "KP110");
	plan(&L, "SELECT * FROM test WHERE p1 = 1 or p1 = 2 ORDER BY p2", "SCAN test 2 ranges: prefix (p1=1); prefix (p1=2) order sort",
	     "KP004 KP110");
	/* DESC reads the key backwards: no sort */
	plan(&L, "SELECT * FROM test WHERE p1 = ? ORDER BY p2 DESC", "SCAN test prefix (p1=?) order reverse", "KP003");
}

/* Lindorm's "Dynamic columns": a table created WITH (DYNAMIC_COLUMNS =
 * 'true') is read and written by names it does not define ("SELECT p1,
 * c2, c3, c4 FROM t_dynamic WHERE p1 = 1"); they are never key columns.
 * Elsewhere an unknown name stays KP009. */
static void test_lindorm_dynamic_columns_table_reads_undefined_names(void)
{
	plan(&L, "SELECT p1, c2, c3, c4 FROM t_dynamic WHERE p1 = 1", "GET t_dynamic key (p1=1)", "");
	plan(&L, "SELECT * FROM t_dynamic WHERE p1 = 1 AND c9 = 'x'", "GET t_dynamic key (p1=1) filter c9 = 'x'", "KP002");
	plan(&L, "SELECT c3 FROM t WHERE k = 1", "ERROR: statement not planned (see diagnostics)", "KP009");
	plan(&L, "SELECT x.c3 FROM t_dynamic x WHERE p1 = 1", "GET t_dynamic key (p1=1)", "");
}

KPT_SUITE("targets", setup, teardown,
	{"Lindorm deletes one row by its whole key: any other DELETE is REJECTED", test_lindorm_deletes_one_row_by_its_whole_key},
	{"KP001's help names the target's own opt-in, or none", test_full_scan_help_names_the_targets_own_opt_in},
	{"KP002's help names Tablestore's scan limit, counted before the filter", test_filtered_scan_help_names_the_scan_limit},
	{"Lindorm: a DYNAMIC_COLUMNS table reads names it does not define",
	 test_lindorm_dynamic_columns_table_reads_undefined_names},
	{"Tablestore runs a full scan, within its scan limits", test_tablestore_runs_a_full_scan_within_its_scan_limits},
	{"Phoenix uses the first usable index of several INDEX hints", test_phoenix_uses_the_first_usable_of_several_index_hints},
	{"Phoenix plans a query with dynamic columns on the data table", test_phoenix_plans_dynamic_columns_on_the_data_table},
	{"Phoenix: a view adds key columns after its parent's", test_phoenix_view_adds_key_columns},
	{"Tablestore: double-quoted text is a string", test_tablestore_double_quoted_text_is_a_string},
	{"Tablestore: USE INDEX picks the path", test_tablestore_use_index_picks_the_path},
	{"a table alias or column named use parses on every target", test_alias_or_column_named_use_parses_on_every_target},
	{"a row value comparison binds its span in Phoenix", test_row_value_comparison_binds_its_span_in_phoenix},
	{"Lindorm needs both bounds on the leading column to filter on another",
	 test_lindorm_needs_both_bounds_on_the_lead_to_filter},
	{"Tablestore: its index selection policy, and the cost-based optimizer's candidates",
	 test_tablestore_index_selection_policy},
	{"Phoenix prefers the path whose order needs no sort", test_phoenix_prefers_the_path_whose_order_needs_no_sort},
	{"an index key keeps the primary key's direction", test_index_key_keeps_the_primary_keys_direction},
	{"Phoenix breaks ties by the smaller table", test_phoenix_breaks_ties_by_the_smaller_table},
	{"Phoenix: SUBSTR(c, 1, n) is a key range", test_phoenix_substr_prefix_is_a_key_range},
	{"Phoenix: REGEXP_SUBSTR and RTRIM are key ranges that keep their filter",
	 test_phoenix_regexp_substr_and_rtrim_keep_their_filter},
	{"Phoenix: FLOOR, CEIL, ROUND and TRUNC are key ranges", test_phoenix_floor_ceil_round_trunc_are_key_ranges},
	{"Phoenix: WEEK, MONTH and YEAR round by the calendar", test_phoenix_week_month_year_round_by_the_calendar},
	{"Phoenix: ROUND and TRUNC of numbers keep decimal places",
	 test_phoenix_round_and_trunc_of_numbers_keep_decimal_places},
	{"a skip scan continues past IN into a range", test_skip_scan_continues_past_in_into_a_range},
	{"constant ORDER BY terms are dropped; integers are positions",
	 test_constant_order_by_terms_are_dropped_and_integers_are_positions},
	{"Lindorm's ORDER BY needs an equality on every key column before it",
	 test_lindorm_order_by_needs_an_equality_on_every_key_column_before_it})
