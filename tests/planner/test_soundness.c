/* Planner soundness (issue 22): a plan never loses rows, never claims an
 * order the path does not deliver, and never rejects a query its key
 * serves. Each test is a reproduction, with its exact plan. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "advisor/targets.h"
#include "kp_test.h"

static kpt T;

/* A fresh session for target tg with schema sql. */
static void start(kp_target tg, const char *sql)
{
	kpt_free(&T);
	kpt_init(&T);
	T.cat.names = kp_target_names(tg);
	kp_target_plan_opts(&T.opts, tg);
	kp_pipe_borrow(&T.pipe, &T.cat, &T.opts);
	int errs = kpt_schema(&T, sql);
	if (errs)
		fprintf(stderr, "\n  schema has %d errors: %s\n", errs, T.rules);
	CU_ASSERT_EQUAL(errs, 0);
}

/* Plans q and checks access, ranges JSON, filter and order. */
static void plan(const char *q, const char *access, const char *ranges, const char *filter,
                 const char *order)
{
	kpt_plan(&T, q);
	int bad = strcmp(T.access, access) || strcmp(T.ranges, ranges) || strcmp(T.filter, filter) ||
	          strcmp(T.order, order);
	if (bad)
		fprintf(stderr, "\n  query: %.200s\n  got:  %s | %.300s | %s | %s\n  want: %s | %.300s | %s | %s\n", q,
		        T.access, T.ranges, T.filter, T.order, access, ranges, filter, order);
	CU_ASSERT_STRING_EQUAL(T.access, access);
	CU_ASSERT_STRING_EQUAL(T.ranges, ranges);
	CU_ASSERT_STRING_EQUAL(T.filter, filter);
	CU_ASSERT_STRING_EQUAL(T.order, order);
}

static void rules(const char *want)
{
	if (strcmp(T.rules, want))
		fprintf(stderr, "\n  rules: got '%s' want '%s'\n", T.rules, want);
	CU_ASSERT_STRING_EQUAL(T.rules, want);
}

/* "i0, i1, ..., i(n-1)" with i = from + (k % mod) */
static char *int_list(int n, int mod)
{
	char *s = malloc((size_t)n * 8 + 1);
	size_t o = 0;
	for (int k = 0; k < n; k++)
		o += (size_t)sprintf(s + o, "%s%d", k ? ", " : "", k % mod);
	s[o] = 0;
	return s;
}

static const char *KV =
	"CREATE TABLE t (k0 INTEGER NOT NULL, k1 VARCHAR NOT NULL, v0 INTEGER, PRIMARY KEY (k0, k1));"
	"CREATE TABLE u (k0 INTEGER NOT NULL, k1 INTEGER NOT NULL, v0 INTEGER, PRIMARY KEY (k0, k1))";

/* Past the range limit, the side that shrinks to one range must hold every
 * value of its IN list: with a parameter among them no bound covers the
 * list, so it is unbounded (the rows with k1 = 'a' were lost). */
static void test_range_limit_keeps_in_list_with_parameter(void)
{
	start(KP_TARGET_LINDORM, KV);
	char *l = int_list(3400, 3400);
	char q[40000];
	snprintf(q, sizeof q, "SELECT * FROM t WHERE k0 IN (%s) AND k1 IN ('a', :p1, 'b')", l);
	kpt_plan(&T, q);
	ASSERT_STR(T.access, "filtered_scan");
	CU_ASSERT_EQUAL(T.plan.nranges, 3400);
	CU_ASSERT_EQUAL(T.plan.ranges[0].neq, 1);
	CU_ASSERT_FALSE(T.plan.ranges[0].has_range);
	CU_ASSERT_EQUAL(T.plan.ranges[3399].eq[0].i, 3399);
	ASSERT_STR(T.filter, "k1 IN ('a', :p1, 'b')");
	rules("KP021 KP002");
	/* where the parameter stands changes nothing */
	snprintf(q, sizeof q, "SELECT * FROM t WHERE k0 IN (%s) AND k1 IN (:p1, 'a', 'b')", l);
	kpt_plan(&T, q);
	ASSERT_STR(T.access, "filtered_scan");
	CU_ASSERT_EQUAL(T.plan.nranges, 3400);
	ASSERT_STR(T.filter, "k1 IN (:p1, 'a', 'b')");
	free(l);
}

/* An intersection past the range limit with a parameter is no
 * contradiction: k0 = 1 rows match. */
static void test_range_limit_with_parameter_is_no_contradiction(void)
{
	start(KP_TARGET_LINDORM, KV);
	char *l = int_list(3334, 3334);
	char q[40000];
	snprintf(q, sizeof q, "SELECT * FROM t WHERE k0 IN (%s) AND k0 IN (1, :p1, 99999)", l);
	kpt_plan(&T, q);
	ASSERT_STR(T.access, "filtered_scan");
	CU_ASSERT_EQUAL(T.plan.nranges, 3334);
	ASSERT_STR(T.filter, "k0 IN (1, :p1, 99999)");
	rules("KP021 KP002");
	free(l);
}

/* Repeated IN items are one range each (docs/limits.md): 12,000 items of
 * 50 values times 3 is 150 ranges, no limit reached. */
static void test_repeated_in_items_do_not_count_against_the_limit(void)
{
	start(KP_TARGET_LINDORM, KV);
	char *l = int_list(12000, 50);
	char q[100000];
	snprintf(q, sizeof q, "SELECT * FROM u WHERE k0 IN (%s) AND k1 IN (1, 2, 3)", l);
	kpt_plan(&T, q);
	ASSERT_STR(T.access, "get");
	CU_ASSERT_EQUAL(T.plan.nranges, 150);
	ASSERT_STR(T.filter, "");
	rules("");
	snprintf(q, sizeof q, "SELECT * FROM u WHERE k0 IN (%s)", l);
	kpt_plan(&T, q);
	ASSERT_STR(T.access, "scan");
	CU_ASSERT_EQUAL(T.plan.nranges, 50);
	rules("");
	free(l);
}

/* Ranges whose equality prefix is a parameter against a value are the
 * same prefix or disjoint once bound: never merged into a full scan. */
static void test_parameter_prefix_is_no_full_scan(void)
{
	start(KP_TARGET_LINDORM, KV);
	plan("SELECT * FROM u WHERE k0 IN (:p1, 1) AND k1 NOT BETWEEN 2 AND 5", "scan",
	     "[{\"eq\": [1], \"range\": {\"column\": \"k1\", \"lower\": null, \"lower_inclusive\": false, \"upper\": 2, "
	     "\"upper_inclusive\": false}}, {\"eq\": [1], \"range\": {\"column\": \"k1\", \"lower\": 5, "
	     "\"lower_inclusive\": false, \"upper\": null, \"upper_inclusive\": false}}, {\"eq\": [{\"param\": \":p1\"}], "
	     "\"range\": {\"column\": \"k1\", \"lower\": null, \"lower_inclusive\": false, \"upper\": 2, "
	     "\"upper_inclusive\": false}}, {\"eq\": [{\"param\": \":p1\"}], \"range\": {\"column\": \"k1\", \"lower\": 5, "
	     "\"lower_inclusive\": false, \"upper\": null, \"upper_inclusive\": false}}]", "", "none");
	rules("");
	CU_ASSERT_TRUE(T.plan.unordered);
	plan("SELECT * FROM u WHERE k0 IN (:p1, 1) AND (k0, k1) < (6, 7)", "filtered_scan",
	     "[{\"eq\": [1], \"range\": null}, {\"eq\": [{\"param\": \":p1\"}], \"range\": null}]", "(k0, k1) < (6, 7)",
	     "none");
	rules("KP002");
	/* the bound prefix of each branch stays when the rest overlaps */
	plan("SELECT * FROM u WHERE (k0 = :p AND k1 > 3) OR (k0 = 2 AND k1 < 7)", "filtered_scan",
	     "[{\"eq\": [2], \"range\": null}, {\"eq\": [{\"param\": \":p\"}], \"range\": null}]",
	     "k0 = :p AND k1 > 3 OR k0 = 2 AND k1 < 7", "none");
	/* a prefix known to differ needs no parameter to tell them apart */
	plan("SELECT * FROM u WHERE (k0 = 1 AND k1 > :p) OR (k0 = 2 AND k1 < 7)", "scan",
	     "[{\"eq\": [1], \"range\": {\"column\": \"k1\", \"lower\": {\"param\": \":p\"}, \"lower_inclusive\": false, "
	     "\"upper\": null, \"upper_inclusive\": false}}, {\"eq\": [2], \"range\": {\"column\": \"k1\", \"lower\": null, "
	     "\"lower_inclusive\": false, \"upper\": 7, \"upper_inclusive\": false}}]", "", "none");
	start(KP_TARGET_PHOENIX, KV);
	plan("SELECT * FROM u WHERE k0 IN (:p1, 1) AND k1 BETWEEN 0 AND :p2", "scan",
	     "[{\"eq\": [1], \"range\": {\"column\": \"K1\", \"lower\": 0, \"lower_inclusive\": true, \"upper\": "
	     "{\"param\": \":p2\"}, \"upper_inclusive\": true}}, {\"eq\": [{\"param\": \":p1\"}], \"range\": {\"column\": "
	     "\"K1\", \"lower\": 0, \"lower_inclusive\": true, \"upper\": {\"param\": \":p2\"}, \"upper_inclusive\": true}}]",
	     "", "none");
	plan("SELECT * FROM u WHERE k0 IN (:p1, 1) AND (k0, k1) < (6, 7)", "filtered_scan",
	     "[{\"eq\": [1], \"range\": null}, {\"eq\": [{\"param\": \":p1\"}], \"range\": null}]",
	     "(K0, K1) < (6, 7)", "none");
	rules("KP002");
}

/* NULL order on a DESC nullable column (docs/plan-json.md, "NULL order"):
 * NULL is the least value under lindorm, so a forward read of an index on
 * (v1 DESC) gives 'd', 'c', NULL: DESC NULLS LAST, or ASC NULLS FIRST read
 * backwards. */
static void test_desc_nullable_index_order_follows_null_order(void)
{
	start(KP_TARGET_LINDORM, "CREATE TABLE t (k0 INTEGER NOT NULL, v1 VARCHAR, PRIMARY KEY (k0));"
	                         "CREATE INDEX ix ON t (v1 DESC)");
	static const char *RNG =
		"[{\"eq\": [], \"range\": {\"column\": \"v1\", \"lower\": \"b\", \"lower_inclusive\": false, \"upper\": null, "
		"\"upper_inclusive\": false, \"nulls\": false}}, {\"eq\": [null], \"range\": null}]";
	const char *W = "SELECT * FROM t WHERE v1 > 'b' OR v1 IS NULL ORDER BY ";
	char q[256];
	struct { const char *ob, *order; } cases[] = {
		{"v1 DESC NULLS FIRST LIMIT 3", "sort"}, {"v1 NULLS LAST LIMIT 3", "sort"},
		{"v1 DESC NULLS LAST", "key"}, {"v1 DESC", "key"},
		{"v1 NULLS FIRST", "reverse"}, {"v1", "reverse"}, {"v1 ASC", "reverse"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(q, sizeof q, "%s%s", W, cases[i].ob);
		plan(q, "scan", RNG, "", cases[i].order);
	}
	/* no NULL read: any placement is served */
	plan("SELECT * FROM t WHERE v1 > 'b' ORDER BY v1 DESC NULLS FIRST", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"v1\", \"lower\": \"b\", \"lower_inclusive\": false, \"upper\": null, "
	     "\"upper_inclusive\": false, \"nulls\": false}}]", "", "key");
}

/* Phoenix stores NULL first on a DESC key part too: a forward read of
 * (A DESC, B) gives NULL first, so ORDER BY A DESC NULLS FIRST is the key
 * order and ORDER BY A DESC (NULLS LAST by default) sorts; ranges of which
 * one reads those NULLs are not in stored order. */
static void test_phoenix_desc_nullable_key_stores_null_first(void)
{
	start(KP_TARGET_PHOENIX,
	      "CREATE TABLE D (A VARCHAR, B VARCHAR NOT NULL, V DOUBLE, CONSTRAINT pk PRIMARY KEY (A DESC, B))");
	plan("SELECT * FROM D WHERE A >= 'a' OR A IS NULL ORDER BY A DESC NULLS FIRST", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"A\", \"lower\": \"a\", \"lower_inclusive\": true, \"upper\": null, "
	     "\"upper_inclusive\": false, \"nulls\": false}}, {\"eq\": [null], \"range\": null}]", "", "sort");
	CU_ASSERT_TRUE(T.plan.unordered);
	plan("SELECT /*+ _l_allow_filtering_ */ * FROM D WHERE B = 'x' ORDER BY A DESC NULLS FIRST", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "B = 'x'", "key");
	plan("SELECT /*+ _l_allow_filtering_ */ * FROM D WHERE B = 'x' ORDER BY A DESC", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "B = 'x'", "sort");
	plan("SELECT /*+ _l_allow_filtering_ */ * FROM D WHERE B = 'x' ORDER BY A NULLS LAST", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "B = 'x'", "reverse");
	/* the same under lindorm, where the key column cannot be NULL */
	start(KP_TARGET_LINDORM, "CREATE TABLE D (A VARCHAR, B VARCHAR NOT NULL, V DOUBLE, PRIMARY KEY (A DESC, B))");
	plan("SELECT /*+ _l_allow_filtering_ */ * FROM D WHERE B = 'x' ORDER BY A DESC NULLS FIRST", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "B = 'x'", "key");
	plan("SELECT * FROM D WHERE A IS NULL", "get", "[]", "", "none");
}

/* Phoenix: a variable-length key column not declared NOT NULL holds NULL
 * (in a key of several columns); a fixed-width one does not. */
static void test_phoenix_nullable_key_columns_match_null(void)
{
	start(KP_TARGET_PHOENIX,
	      "CREATE TABLE T (A VARCHAR, B VARCHAR, C BIGINT NOT NULL, V DOUBLE, CONSTRAINT pk PRIMARY KEY (A, B, C));"
	      "CREATE TABLE F (A CHAR(3), B BIGINT, C DECIMAL, CONSTRAINT pk PRIMARY KEY (A, B, C));"
	      "CREATE TABLE O (A VARCHAR PRIMARY KEY, V DOUBLE)");
	plan("SELECT * FROM T WHERE A = 'x' AND B IS NULL AND C > 5", "scan",
	     "[{\"eq\": [\"x\", null], \"range\": {\"column\": \"C\", \"lower\": 5, \"lower_inclusive\": false, "
	     "\"upper\": null, \"upper_inclusive\": false}}]", "", "none");
	rules("");
	plan("SELECT * FROM T WHERE A IS NULL", "scan", "[{\"eq\": [null], \"range\": null}]", "", "none");
	rules("");
	/* a comparison reads no NULL: from just after it */
	plan("SELECT * FROM T WHERE A < 'm'", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"A\", \"lower\": null, \"lower_inclusive\": false, \"upper\": \"m\", "
	     "\"upper_inclusive\": false, \"nulls\": false}}]", "", "none");
	plan("SELECT * FROM T WHERE A = 'x' ORDER BY B", "scan", "[{\"eq\": [\"x\"], \"range\": null}]", "", "key");
	plan("SELECT * FROM T WHERE A = 'x' ORDER BY B NULLS LAST", "scan", "[{\"eq\": [\"x\"], \"range\": null}]", "",
	     "sort");
	/* fixed-width CHAR(3) and BIGINT are never NULL; DECIMAL can be */
	plan("SELECT * FROM F WHERE A IS NULL", "get", "[]", "", "none");
	plan("SELECT * FROM F WHERE A = 'abc' AND B IS NULL", "get", "[]", "", "none");
	plan("SELECT * FROM F WHERE A = 'abc' AND B = 1 AND C IS NULL", "get", "[{\"eq\": [\"abc\", 1, null], \"range\": null}]",
	     "", "none");
	/* a one-column key is never empty */
	plan("SELECT * FROM O WHERE A IS NULL", "get", "[]", "", "none");
	/* under lindorm no key column is NULL */
	start(KP_TARGET_LINDORM, "CREATE TABLE T (A VARCHAR, B VARCHAR, C BIGINT NOT NULL, PRIMARY KEY (A, B, C))");
	plan("SELECT * FROM T WHERE A IS NULL", "get", "[]", "", "none");
}

/* keyplan does not compute the store's hash: ranges over different hash
 * values are listed by the hashed values, their stored order unknown. */
static void test_hash_key_ranges_claim_no_order(void)
{
	start(KP_TARGET_LINDORM, "CREATE TABLE h (p1 VARCHAR, p2 INT, v INT, PRIMARY KEY (hash32(p1), p1, p2))");
	plan("SELECT * FROM h WHERE p1 IN ('y', 'x', 'w') ORDER BY p1 LIMIT 3", "scan",
	     "[{\"eq\": [{\"hash\": \"hash32\", \"of\": [\"w\"]}, \"w\"], \"range\": null}, {\"eq\": [{\"hash\": \"hash32\", "
	     "\"of\": [\"x\"]}, \"x\"], \"range\": null}, {\"eq\": [{\"hash\": \"hash32\", \"of\": [\"y\"]}, \"y\"], \"range\": "
	     "null}]", "", "sort");
	CU_ASSERT_TRUE(T.plan.unordered);
	/* one hash value: its range is in key order */
	plan("SELECT * FROM h WHERE p1 = 'y' AND p2 > 1 ORDER BY p2 LIMIT 3", "scan",
	     "[{\"eq\": [{\"hash\": \"hash32\", \"of\": [\"y\"]}, \"y\"], \"range\": {\"column\": \"p2\", \"lower\": 1, "
	     "\"lower_inclusive\": false, \"upper\": null, \"upper_inclusive\": false}}]", "", "key");
	CU_ASSERT_FALSE(T.plan.unordered);
	/* ORDER BY a column every range binds to one value stays constant */
	plan("SELECT * FROM h WHERE p1 IN ('y', 'x') AND p2 = 4 ORDER BY p2 LIMIT 3", "get",
	     "[{\"eq\": [{\"hash\": \"hash32\", \"of\": [\"x\"]}, \"x\", 4], \"range\": null}, {\"eq\": [{\"hash\": \"hash32\", "
	     "\"of\": [\"y\"]}, \"y\", 4], \"range\": null}]", "", "key");
}

/* A hint forcing an index the query cannot use is reported and ignored;
 * a forced index read whole names its own leading column, not the
 * primary key's (which the WHERE binds). */
static void test_forced_index_that_cannot_serve_is_reported(void)
{
	start(KP_TARGET_LINDORM, "CREATE TABLE t (k0 INTEGER NOT NULL, v1 VARCHAR, v2 INTEGER, PRIMARY KEY (k0));"
	                         "CREATE INDEX ix ON t (v1);"
	                         "CREATE INDEX off ON t (v2);"
	                         "ALTER INDEX off ON t DISABLE");
	plan("SELECT /*+ _l_force_index_('ix') */ * FROM t WHERE k0 = 1", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "k0 = 1", "none");
	rules("KP001");
	CU_ASSERT_TRUE(T.plan.rejected);
	CU_ASSERT_TRUE(kpt_has_message(&T, "full scan of index ix: no condition on its leading column 'v1'"));
	CU_ASSERT_FALSE(kpt_has_message(&T, "'k0'"));
	ASSERT_STR(T.text, "REJECTED t: full scan of index ix, no condition on its leading column v1 filter k0 = 1");
	plan("SELECT /*+ _l_force_index_('off') */ * FROM t WHERE k0 = 1", "get", "[{\"eq\": [1], \"range\": null}]", "",
	     "none");
	rules("KP020");
	CU_ASSERT_TRUE(kpt_has_message(&T, "the hint forces index off, which is disabled (ALTER INDEX ... DISABLE): "
	                                   "it is ignored"));
	/* at the hint's argument 'off' */
	CU_ASSERT_EQUAL(T.d.head->off, 27);
	CU_ASSERT_EQUAL(T.d.head->len, 5);
	start(KP_TARGET_PHOENIX, "CREATE TABLE t (k0 INTEGER NOT NULL, v1 VARCHAR, v2 INTEGER, CONSTRAINT pk PRIMARY KEY (k0));"
	                         "CREATE INDEX pi ON t (v1) INCLUDE (v2) WHERE v2 > 3");
	plan("SELECT /*+ INDEX(t pi) */ * FROM t WHERE v1 = 'a'", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "V1 = 'a'", "none");
	rules("KP020 KP001");
	CU_ASSERT_TRUE(kpt_has_message(&T, "the hint forces index PI, which is partial and the WHERE clause does not "
	                                   "hold its condition, so it lacks rows the query reads: it is ignored"));
	plan("SELECT /*+ _l_force_index_('PI') */ * FROM t WHERE v1 = 'a' AND v2 > 3", "scan",
	     "[{\"eq\": [\"a\"], \"range\": null}]", "", "none");
	rules("");
	CU_ASSERT_PTR_NOT_NULL(T.plan.index);
}

/* An index row ends with the table's row key, hash part included: over an
 * index of a hash-keyed table, the primary-key columns after the hash are
 * in key order only within one hash value. */
static void test_index_of_hash_keyed_table_holds_the_hash(void)
{
	start(KP_TARGET_LINDORM, "CREATE TABLE h (p1 VARCHAR, p2 INT, v INT, PRIMARY KEY (hash32(p1), p1, p2));"
	                         "CREATE INDEX iv ON h (v)");
	plan("SELECT * FROM h WHERE v = 1 ORDER BY p1 LIMIT 5", "scan", "[{\"eq\": [1], \"range\": null}]", "", "sort");
	CU_ASSERT_PTR_NOT_NULL(T.plan.index);
	CU_ASSERT_EQUAL(T.plan.key->n, 4);
	plan("SELECT * FROM h WHERE v = 1 AND p1 = 'a' ORDER BY p2 LIMIT 5", "scan",
	     "[{\"eq\": [1, {\"hash\": \"hash32\", \"of\": [\"a\"]}, \"a\"], \"range\": null}]", "", "key");
	plan("SELECT * FROM h WHERE v = 1 AND p1 IN ('a', 'b') ORDER BY p1, p2 LIMIT 5", "scan",
	     "[{\"eq\": [1, {\"hash\": \"hash32\", \"of\": [\"a\"]}, \"a\"], \"range\": null}, {\"eq\": [1, {\"hash\": "
	     "\"hash32\", \"of\": [\"b\"]}, \"b\"], \"range\": null}]", "", "sort");
}

/* An indexed expression over a nullable column is NULL where the column
 * is: a comparison never holds for NULL, so its range starts above NULL
 * (found by the oracle: the range read the rows where v0 is NULL as
 * matching v0 * 2 < 2, with no filter). */
static void test_indexed_expression_range_reads_no_null(void)
{
	start(KP_TARGET_PHOENIX, "CREATE TABLE t (k0 BIGINT NOT NULL, v0 BIGINT, v1 VARCHAR, CONSTRAINT pk PRIMARY KEY (k0));"
	                         "CREATE LOCAL INDEX i0 ON t (v0 * 2)");
	plan("SELECT * FROM t WHERE v0 * 2 < 2", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"V0 * 2\", \"lower\": null, \"lower_inclusive\": false, \"upper\": 2, "
	     "\"upper_inclusive\": false, \"nulls\": false}}]", "", "none");
	CU_ASSERT_TRUE(T.plan.ranges[0].lo.set);
	CU_ASSERT_EQUAL(T.plan.ranges[0].lo.kind, KP_V_NULL);
	CU_ASSERT_FALSE(T.plan.ranges[0].lo.incl);
}

/* A NULL item matches no row, also in an IN list past the range limit:
 * it is no reason to read the whole table. */
static void test_null_in_a_long_in_list_is_no_full_scan(void)
{
	start(KP_TARGET_LINDORM, KV);
	char *l = int_list(10005, 10005);
	char q[80000];
	snprintf(q, sizeof q, "SELECT * FROM u WHERE k0 IN (%s, NULL)", l);
	kpt_plan(&T, q);
	ASSERT_STR(T.access, "filtered_scan");
	ASSERT_STR(T.ranges, "[{\"eq\": [], \"range\": {\"column\": \"k0\", \"lower\": 0, \"lower_inclusive\": true, "
	                     "\"upper\": 10004, \"upper_inclusive\": true}}]");
	CU_ASSERT_FALSE(T.plan.rejected);
	rules("KP021 KP002");
	free(l);
}

static int setup(void)
{
	kpt_init(&T);
	return 0;
}

static int teardown(void)
{
	kpt_free(&T);
	return 0;
}

KPT_SUITE("soundness", setup, teardown,
	{"past the range limit an IN list with a parameter keeps all its values", test_range_limit_keeps_in_list_with_parameter},
	{"past the range limit a parameter is no contradiction", test_range_limit_with_parameter_is_no_contradiction},
	{"repeated IN items do not count against the range limit", test_repeated_in_items_do_not_count_against_the_limit},
	{"a parameter in an equality prefix is no full scan", test_parameter_prefix_is_no_full_scan},
	{"a DESC nullable index column orders NULLs as the target stores them", test_desc_nullable_index_order_follows_null_order},
	{"Phoenix stores NULL first on a DESC key part", test_phoenix_desc_nullable_key_stores_null_first},
	{"Phoenix nullable key columns match NULL", test_phoenix_nullable_key_columns_match_null},
	{"ranges over different hash values claim no order", test_hash_key_ranges_claim_no_order},
	{"a forced index that cannot serve the query is reported", test_forced_index_that_cannot_serve_is_reported},
	{"an index of a hash-keyed table holds the hash part", test_index_of_hash_keyed_table_holds_the_hash},
	{"a range on an indexed expression reads no NULL", test_indexed_expression_range_reads_no_null},
	{"a NULL in an IN list past the range limit is no full scan", test_null_in_a_long_in_list_is_no_full_scan})
