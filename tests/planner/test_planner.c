/* Planner: every rule with its exact ranges, filter, order and diagnostics. */
#include <string.h>

#include "kp_test.h"

static kpt T;

static const char *SCHEMA =
	"CREATE TABLE orders (userid VARCHAR(64), orderid BIGINT, amount DOUBLE, status VARCHAR(8),"
	"  PRIMARY KEY (userid, orderid));"
	"CREATE TABLE m (host VARCHAR, ev VARCHAR, ts BIGINT, v DOUBLE, PRIMARY KEY (host, ev, ts DESC));"
	"CREATE TABLE k3 (p1 INT, p2 INT, p3 INT, v INT, `f:x` INT, PRIMARY KEY (p1, p2, p3));"
	"CREATE TABLE s (name VARCHAR, n INT, PRIMARY KEY (name, n));"
	"CREATE TABLE h (p1 INT, p2 INT, v INT, PRIMARY KEY (hash32(p1), p1, p2));"
	"CREATE TABLE tr (seller BIGINT, buyer BIGINT, ts BIGINT, ono BIGINT, price INT,"
	"  PRIMARY KEY (seller, ts, ono));"
	"CREATE INDEX by_buyer ON tr (buyer, ts) INCLUDE (price);"
	"CREATE INDEX by_ts ON tr (ts);"
	"CREATE TABLE ev (flag BOOLEAN, at TIMESTAMP, name VARCHAR(16), PRIMARY KEY (flag, at, name));";

/* Plans q and checks access, ranges JSON, filter and order. */
static void plan(const char *q, const char *access, const char *ranges, const char *filter,
                 const char *order)
{
	kpt_plan(&T, q);
	int bad = strcmp(T.access, access) || strcmp(T.ranges, ranges) || strcmp(T.filter, filter) ||
	          strcmp(T.order, order);
	if (bad)
		fprintf(stderr, "\n  query: %s\n  got:  %s | %s | %s | %s\n  want: %s | %s | %s | %s\n", q,
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

static void test_get(void)
{
	plan("SELECT * FROM orders WHERE userid='abc' AND orderid=123", "get",
	     "[{\"eq\": [\"abc\", 123], \"range\": null}]", "", "none");
	rules("");
	CU_ASSERT_STRING_EQUAL(T.text, "GET orders key (userid='abc', orderid=123)");
	plan("SELECT * FROM orders WHERE userid IN ('b', 'a') AND orderid = 1 AND amount > 3", "get",
	     "[{\"eq\": [\"a\", 1], \"range\": null}, {\"eq\": [\"b\", 1], \"range\": null}]", "amount > 3", "none");
	rules("KP002");
}

static void test_scan_and_chain(void)
{
	plan("SELECT * FROM orders WHERE userid='abc' AND 123<orderid<456", "scan",
	     "[{\"eq\": [\"abc\"], \"range\": {\"column\": \"orderid\", \"lower\": 123, \"lower_inclusive\": false, "
	     "\"upper\": 456, \"upper_inclusive\": false}}]", "", "none");
	rules("KP010");
	CU_ASSERT_STRING_EQUAL(T.text, "SCAN orders prefix (userid='abc') range orderid (123, 456)");
	plan("SELECT * FROM orders WHERE userid = 'a' AND orderid BETWEEN 1 AND 5", "scan",
	     "[{\"eq\": [\"a\"], \"range\": {\"column\": \"orderid\", \"lower\": 1, \"lower_inclusive\": true, "
	     "\"upper\": 5, \"upper_inclusive\": true}}]", "", "none");
	plan("SELECT * FROM orders WHERE userid = 'a'", "scan", "[{\"eq\": [\"a\"], \"range\": null}]", "", "none");
}

static void test_filtered(void)
{
	plan("SELECT * FROM orders WHERE userid='abc' AND amount > 10", "filtered_scan",
	     "[{\"eq\": [\"abc\"], \"range\": null}]", "amount > 10", "none");
	CU_ASSERT_STRING_EQUAL(T.text, "FILTERED SCAN orders prefix (userid='abc') filter amount > 10");
	/* a key column after a gap is a filter */
	plan("SELECT * FROM k3 WHERE p1 = 1 AND p3 = 2", "filtered_scan",
	     "[{\"eq\": [1], \"range\": null}]", "p3 = 2", "none");
	/* a range stops the prefix: later key conditions filter */
	plan("SELECT * FROM k3 WHERE p1 > 1 AND p2 = 2", "filtered_scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"p1\", \"lower\": 1, \"lower_inclusive\": false, "
	     "\"upper\": null, \"upper_inclusive\": false}}]", "p2 = 2", "none");
}

static void test_rejected(void)
{
	plan("SELECT * FROM orders WHERE orderid = 123", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "orderid = 123", "none");
	CU_ASSERT_TRUE(T.plan.rejected);
	rules("KP001");
	CU_ASSERT_STRING_EQUAL(T.text, "REJECTED orders: full table scan, no condition on leading key column userid filter orderid = 123");
	plan("SELECT /*+ _l_allow_filtering_ */ * FROM orders WHERE orderid = 123", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "orderid = 123", "none");
	CU_ASSERT_FALSE(T.plan.rejected);
	plan("SELECT * FROM orders WHERE orderid = 123 ALLOW FILTERING", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "orderid = 123", "none");
	CU_ASSERT_FALSE(T.plan.rejected);
	/* an OR branch without the leading column scans everything */
	plan("SELECT * FROM orders WHERE userid = 'a' OR orderid = 1", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "userid = 'a' OR orderid = 1", "none");
	CU_ASSERT_TRUE(T.plan.rejected);
	/* no WHERE: full scan, not rejected, warned unless LIMIT */
	plan("SELECT * FROM orders", "full_scan", "[{\"eq\": [], \"range\": null}]", "", "none");
	CU_ASSERT_FALSE(T.plan.rejected);
	rules("KP001");
	plan("SELECT * FROM orders LIMIT 5", "full_scan", "[{\"eq\": [], \"range\": null}]", "", "none");
	rules("KP018");
	/* Phoenix warns instead */
	T.opts.never_reject = true;
	plan("SELECT * FROM orders WHERE orderid = 123", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "orderid = 123", "none");
	CU_ASSERT_FALSE(T.plan.rejected);
	CU_ASSERT_EQUAL(T.d.head->severity, KP_SEV_WARNING);
	T.opts.never_reject = false;
}

static void test_or_in_union(void)
{
	plan("SELECT * FROM k3 WHERE p1 = 2 OR p1 = 1 OR p1 = 2", "scan",
	     "[{\"eq\": [1], \"range\": null}, {\"eq\": [2], \"range\": null}]", "", "none");
	/* overlapping ranges merge */
	plan("SELECT * FROM k3 WHERE p1 = 1 AND (p2 BETWEEN 1 AND 5 OR p2 BETWEEN 4 AND 9)", "scan",
	     "[{\"eq\": [1], \"range\": {\"column\": \"p2\", \"lower\": 1, \"lower_inclusive\": true, "
	     "\"upper\": 9, \"upper_inclusive\": true}}]", "", "none");
	/* a prefix covers the narrower range */
	plan("SELECT * FROM k3 WHERE p1 = 1 OR (p1 = 1 AND p2 = 3)", "scan",
	     "[{\"eq\": [1], \"range\": null}]", "", "none");
	/* skip scan over several prefixes with a range */
	plan("SELECT * FROM k3 WHERE p1 IN (3, 1) AND p2 > 7", "scan",
	     "[{\"eq\": [1], \"range\": {\"column\": \"p2\", \"lower\": 7, \"lower_inclusive\": false, "
	     "\"upper\": null, \"upper_inclusive\": false}}, {\"eq\": [3], \"range\": {\"column\": \"p2\", "
	     "\"lower\": 7, \"lower_inclusive\": false, \"upper\": null, \"upper_inclusive\": false}}]", "", "none");
	/* tuple comparison */
	plan("SELECT * FROM k3 WHERE p1 = 1 AND (p2, p3) IN ((1, 2), (3, 4))", "get",
	     "[{\"eq\": [1, 1, 2], \"range\": null}, {\"eq\": [1, 3, 4], \"range\": null}]", "", "none");
}

static void test_not_pushdown(void)
{
	plan("SELECT * FROM k3 WHERE NOT (p1 <> 4)", "scan", "[{\"eq\": [4], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE NOT (p1 < 4 OR p1 > 4)", "scan", "[{\"eq\": [4], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 NOT BETWEEN 2 AND 8", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"p1\", \"lower\": null, \"lower_inclusive\": false, "
	     "\"upper\": 2, \"upper_inclusive\": false}}, {\"eq\": [], \"range\": {\"column\": \"p1\", "
	     "\"lower\": 8, \"lower_inclusive\": false, \"upper\": null, \"upper_inclusive\": false}}]", "", "none");
}

static void test_union_of_everything(void)
{
	/* two ranges that together cover the whole column are a full scan */
	plan("SELECT * FROM k3 WHERE p1 > 5 OR p1 <= 5", "full_scan", "[{\"eq\": [], \"range\": null}]", "", "none");
	CU_ASSERT_TRUE(T.plan.rejected);
	plan("SELECT * FROM k3 WHERE p1 NOT BETWEEN 5 AND 3", "full_scan", "[{\"eq\": [], \"range\": null}]", "", "none");
	/* under a prefix it is just the prefix */
	plan("SELECT * FROM k3 WHERE p1 = 1 AND (p2 < 3 OR p2 >= 3)", "scan", "[{\"eq\": [1], \"range\": null}]", "", "none");
}

static void test_limits_and_edges(void)
{
	/* over KP_MAX_RANGES values: one covering range and a filter, with a warning */
	kp_buf q = {0};
	kp_buf_puts(&q, "SELECT * FROM k3 WHERE p1 IN (");
	for (int i = 0; i < 10001; i++)
		kp_buf_printf(&q, "%s%d", i ? ", " : "", 10001 - i);
	kp_buf_puts(&q, ")");
	kpt_plan(&T, q.data);
	CU_ASSERT_STRING_EQUAL(T.access, "filtered_scan");
	CU_ASSERT_STRING_EQUAL(T.ranges, "[{\"eq\": [], \"range\": {\"column\": \"p1\", \"lower\": 1, "
	                                 "\"lower_inclusive\": true, \"upper\": 10001, \"upper_inclusive\": true}}]");
	CU_ASSERT_TRUE(kpt_has_message(&T, "more than 10000 key ranges"));
	kp_buf_free(&q);
	/* 101 x 101 keys: the cross product is cut back to one side */
	kp_buf_puts(&q, "SELECT * FROM k3 WHERE p1 IN (");
	for (int i = 0; i < 101; i++)
		kp_buf_printf(&q, "%s%d", i ? ", " : "", i);
	kp_buf_puts(&q, ") AND p2 IN (");
	for (int i = 0; i < 101; i++)
		kp_buf_printf(&q, "%s%d", i ? ", " : "", i);
	kp_buf_puts(&q, ")");
	kpt_plan(&T, q.data);
	CU_ASSERT_STRING_EQUAL(T.access, "filtered_scan");
	CU_ASSERT_EQUAL(T.plan.nranges, 101);
	kp_buf_free(&q);
	/* long IN lists are served by a sorted lookup: every conjunct the ranges
	 * guarantee stays out of the filter, whatever the list order */
	plan("SELECT * FROM k3 WHERE p1 IN (9, 3, 12, 1, 7, 5, 11, 2, 8, 4) AND p1 IN (3, 1, 2) AND p2 = 0 AND p3 = 0",
	     "get", "[{\"eq\": [1, 0, 0], \"range\": null}, {\"eq\": [2, 0, 0], \"range\": null}, "
	     "{\"eq\": [3, 0, 0], \"range\": null}]", "", "none");
	plan("SELECT * FROM orders WHERE userid IN ('h', 'b', 'g', 'a', 'f', 'c', 'e', 'd') AND orderid = 1",
	     "get", "[{\"eq\": [\"a\", 1], \"range\": null}, {\"eq\": [\"b\", 1], \"range\": null}, "
	     "{\"eq\": [\"c\", 1], \"range\": null}, {\"eq\": [\"d\", 1], \"range\": null}, "
	     "{\"eq\": [\"e\", 1], \"range\": null}, {\"eq\": [\"f\", 1], \"range\": null}, "
	     "{\"eq\": [\"g\", 1], \"range\": null}, {\"eq\": [\"h\", 1], \"range\": null}]", "", "none");
	/* a value of another kind is looked up against every box */
	plan("SELECT * FROM k3 WHERE p1 IN (1, 2, 3, 4, 5, 6, 7, 8, 9) AND p1 = 4.0", "scan",
	     "[{\"eq\": [4], \"range\": null}]", "", "none");
	/* a range is never inside a list of single values */
	plan("SELECT * FROM k3 WHERE p1 IN (1, 2, 3, 4, 5, 6, 7, 8, 9) OR p1 BETWEEN 20 AND 30", "scan",
	     "[{\"eq\": [1], \"range\": null}, {\"eq\": [2], \"range\": null}, {\"eq\": [3], \"range\": null}, "
	     "{\"eq\": [4], \"range\": null}, {\"eq\": [5], \"range\": null}, {\"eq\": [6], \"range\": null}, "
	     "{\"eq\": [7], \"range\": null}, {\"eq\": [8], \"range\": null}, {\"eq\": [9], \"range\": null}, "
	     "{\"eq\": [], \"range\": {\"column\": \"p1\", \"lower\": 20, \"lower_inclusive\": true, "
	     "\"upper\": 30, \"upper_inclusive\": true}}]", "", "none");
	/* 5,000 values and 2 x 5,000 keys: each range found by binary search */
	kp_buf_puts(&q, "SELECT * FROM k3 WHERE p1 IN (");
	for (int i = 0; i < 5000; i++)
		kp_buf_printf(&q, "%s%d", i ? ", " : "", (i * 7919) % 5000);
	kp_buf_puts(&q, ") AND p2 IN (1, 2)");
	kpt_plan(&T, q.data);
	CU_ASSERT_STRING_EQUAL(T.access, "scan");
	CU_ASSERT_EQUAL(T.plan.nranges, 10000);
	CU_ASSERT_STRING_EQUAL(T.filter, "");
	kp_buf_free(&q);
	/* BOOLEAN and TIMESTAMP keys take their literals */
	plan("SELECT * FROM ev WHERE flag = TRUE AND at >= '2026-01-01'", "scan",
	     "[{\"eq\": [1], \"range\": {\"column\": \"at\", \"lower\": \"2026-01-01\", \"lower_inclusive\": true, "
	     "\"upper\": null, \"upper_inclusive\": false}}]", "", "none");
	plan("SELECT * FROM ev WHERE flag = 2", "full_scan", "[{\"eq\": [], \"range\": null}]", "flag = 2", "none");
	rules("KP007 KP001");
	/* LIKE: multibyte prefixes, ESCAPE, NOT LIKE */
	plan("SELECT * FROM orders WHERE userid LIKE '\xc3\xa9%'", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"userid\", \"lower\": \"\xc3\xa9\", \"lower_inclusive\": true, "
	     "\"upper\": \"\xc3\xaa\", \"upper_inclusive\": false}}]", "", "none");
	plan("SELECT * FROM orders WHERE userid LIKE '\xe7\x94\xa8%'", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"userid\", \"lower\": \"\xe7\x94\xa8\", \"lower_inclusive\": true, "
	     "\"upper\": \"\xe7\x94\xa9\", \"upper_inclusive\": false}}]", "", "none");
	plan("SELECT * FROM orders WHERE userid LIKE 'a!%%' ESCAPE '!'", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "userid LIKE 'a!%%' ESCAPE '!'", "none");
	plan("SELECT * FROM orders WHERE userid NOT LIKE 'b%' AND userid < 'c'", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"userid\", \"lower\": null, \"lower_inclusive\": false, "
	     "\"upper\": \"b\", \"upper_inclusive\": false}}]", "", "none");
	/* tuples of different sizes compare nothing */
	plan("SELECT * FROM k3 WHERE p1 = 1 AND (p2, p3) = (1, 2, 3)", "filtered_scan",
	     "[{\"eq\": [1], \"range\": null}]", "(p2, p3) = (1, 2, 3)", "none");
	/* constant on the left */
	plan("SELECT * FROM k3 WHERE 5 > p1", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"p1\", \"lower\": null, \"lower_inclusive\": false, "
	     "\"upper\": 5, \"upper_inclusive\": false}}]", "", "none");
	/* a comparison with NULL is never true (nor false) */
	plan("SELECT * FROM k3 WHERE p1 = NULL", "get", "[]", "", "none");
	rules("KP005");
	plan("SELECT * FROM k3 WHERE NOT (p1 < NULL)", "get", "[]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 BETWEEN 3 AND NULL", "get", "[]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 NOT BETWEEN 3 AND NULL", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"p1\", \"lower\": null, \"lower_inclusive\": false, "
	     "\"upper\": 3, \"upper_inclusive\": false}}]", "", "none");
	/* a NULL in an IN list matches nothing */
	plan("SELECT * FROM k3 WHERE p1 IN (2, NULL)", "scan", "[{\"eq\": [2], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 IS NOT NULL AND p1 = 3", "scan", "[{\"eq\": [3], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE FALSE OR p1 = 3", "scan", "[{\"eq\": [3], \"range\": null}]", "", "none");
	/* GLOB prefixes are ranges too; ISNULL and NOTNULL are IS [NOT] NULL */
	plan("SELECT * FROM orders WHERE userid GLOB 'ab*'", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"userid\", \"lower\": \"ab\", \"lower_inclusive\": true, "
	     "\"upper\": \"ac\", \"upper_inclusive\": false}}]", "", "none");
	plan("SELECT * FROM orders WHERE userid GLOB 'a?c*' AND userid NOTNULL", "filtered_scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"userid\", \"lower\": \"a\", \"lower_inclusive\": true, "
	     "\"upper\": \"b\", \"upper_inclusive\": false}}]", "userid GLOB 'a?c*'", "none");
	plan("SELECT * FROM k3 WHERE p1 ISNULL", "get", "[]", "", "none");
	/* COLLATE BINARY is the keys' own order; NOCASE is not */
	plan("SELECT * FROM orders WHERE userid COLLATE BINARY = 'a' AND orderid BETWEEN 1 AND 2", "scan",
	     "[{\"eq\": [\"a\"], \"range\": {\"column\": \"orderid\", \"lower\": 1, \"lower_inclusive\": true, "
	     "\"upper\": 2, \"upper_inclusive\": true}}]", "", "none");
	plan("SELECT * FROM orders WHERE userid COLLATE NOCASE = 'a'", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "userid COLLATE NOCASE = 'a'", "none");
	rules("KP006 KP001");
	/* IS on a key column (never NULL) is =; IS NOT is <> */
	plan("SELECT * FROM k3 WHERE p1 IS 3 AND NOT (p2 IS NOT 4)", "scan", "[{\"eq\": [3, 4], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 = 3 AND v IS 4", "filtered_scan", "[{\"eq\": [3], \"range\": null}]", "v IS 4", "none");
}

static void test_like(void)
{
	plan("SELECT * FROM orders WHERE userid LIKE 'abc%'", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"userid\", \"lower\": \"abc\", \"lower_inclusive\": true, "
	     "\"upper\": \"abd\", \"upper_inclusive\": false}}]", "", "none");
	plan("SELECT * FROM orders WHERE userid LIKE 'a_c%'", "filtered_scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"userid\", \"lower\": \"a\", \"lower_inclusive\": true, "
	     "\"upper\": \"b\", \"upper_inclusive\": false}}]", "userid LIKE 'a_c%'", "none");
	plan("SELECT * FROM orders WHERE userid LIKE '%x'", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "userid LIKE '%x'", "none");
}

static void test_redundant_and_impossible(void)
{
	plan("SELECT * FROM k3 WHERE p1 > 1 AND p1 > 3", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"p1\", \"lower\": 3, \"lower_inclusive\": false, "
	     "\"upper\": null, \"upper_inclusive\": false}}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 = 1 AND p1 = 2", "get", "[]", "", "none");
	rules("KP005");
	plan("SELECT * FROM k3 WHERE p1 > 5 AND p1 < 3", "get", "[]", "", "none");
	rules("KP005");
	plan("SELECT * FROM k3 WHERE p1 IS NULL", "get", "[]", "", "none");
	rules("KP005");
	CU_ASSERT_STRING_EQUAL(T.text, "GET k3 no keys: the condition is never true");
}

static void test_unusable_conditions(void)
{
	plan("SELECT * FROM orders WHERE md5(userid) = 'x'", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "md5(userid) = 'x'", "none");
	rules("KP006 KP001");
	CU_ASSERT_TRUE(kpt_has_message(&T, "key column 'userid' is wrapped in an expression"));
	plan("SELECT * FROM k3 WHERE p1 = 'abc'", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "p1 = 'abc'", "none");
	rules("KP007 KP001");
	CU_ASSERT_TRUE(kpt_has_message(&T, "'abc' does not fit INT column 'p1'"));
	plan("SELECT * FROM k3 WHERE p1 = ?1 AND p2 = :x", "scan",
	     "[{\"eq\": [{\"param\": \"?1\"}, {\"param\": \":x\"}], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 = ? AND p1 = ?", "filtered_scan",
	     "[{\"eq\": [{\"param\": \"?\"}], \"range\": null}]", "p1 = ?", "none");
}

static void test_order(void)
{
	plan("SELECT * FROM k3 WHERE p1 = 1 ORDER BY p2", "scan", "[{\"eq\": [1], \"range\": null}]", "", "key");
	plan("SELECT * FROM k3 WHERE p1 = 1 ORDER BY p3", "scan", "[{\"eq\": [1], \"range\": null}]", "", "sort");
	rules("KP004");
	plan("SELECT * FROM k3 WHERE p1 = 1 OR p1 = 2 ORDER BY p2", "scan",
	     "[{\"eq\": [1], \"range\": null}, {\"eq\": [2], \"range\": null}]", "", "sort");
	plan("SELECT * FROM k3 WHERE p1 IN (1, 2) ORDER BY p1 DESC", "scan",
	     "[{\"eq\": [1], \"range\": null}, {\"eq\": [2], \"range\": null}]", "", "reverse");
	rules("KP003");
	plan("SELECT * FROM k3 WHERE p1 = 1 ORDER BY p2 DESC, p3 ASC", "scan",
	     "[{\"eq\": [1], \"range\": null}]", "", "sort");
	plan("SELECT * FROM m WHERE host = 'a' AND ev = 'cpu' ORDER BY ts DESC LIMIT 10", "scan",
	     "[{\"eq\": [\"a\", \"cpu\"], \"range\": null}]", "", "key");
	rules("KP018");
	plan("SELECT * FROM m WHERE host = 'a' AND ev = 'cpu' ORDER BY ts", "scan",
	     "[{\"eq\": [\"a\", \"cpu\"], \"range\": null}]", "", "reverse");
	/* DESC ranges sort in stored order */
	plan("SELECT * FROM m WHERE host = 'a' AND ev = 'e' AND ts IN (1, 9, 5)", "get",
	     "[{\"eq\": [\"a\", \"e\", 9], \"range\": null}, {\"eq\": [\"a\", \"e\", 5], \"range\": null}, "
	     "{\"eq\": [\"a\", \"e\", 1], \"range\": null}]", "", "none");
}

static void test_indexes(void)
{
	plan("SELECT price FROM tr WHERE buyer = 7 AND ts > 100", "scan",
	     "[{\"eq\": [7], \"range\": {\"column\": \"ts\", \"lower\": 100, \"lower_inclusive\": false, "
	     "\"upper\": null, \"upper_inclusive\": false}}]", "", "none");
	CU_ASSERT_PTR_NOT_NULL(T.plan.index);
	CU_ASSERT_TRUE(T.plan.covering);
	CU_ASSERT_STRING_EQUAL(T.text, "SCAN tr via index by_buyer prefix (buyer=7) range ts (100, +inf)");
	/* equal class and bound parts: the covering path (the table) wins */
	plan("SELECT * FROM tr WHERE seller = 1 AND buyer = 7", "filtered_scan",
	     "[{\"eq\": [1], \"range\": null}]", "buyer = 7", "none");
	CU_ASSERT_PTR_NULL(T.plan.index);
	/* the index key ends with the primary key columns it does not hold */
	plan("SELECT price FROM tr WHERE seller = 1 AND buyer = 7 AND ts = 2", "scan",
	     "[{\"eq\": [7, 2, 1], \"range\": null}]", "", "none");
	CU_ASSERT_STRING_EQUAL(T.plan.index->name, "by_buyer");
	plan("SELECT /*+ _l_ignore_index_ */ * FROM tr WHERE buyer = 7", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "buyer = 7", "none");
	plan("SELECT /*+ _l_force_index_('by_ts') */ * FROM tr WHERE buyer = 7 AND ts = 3", "filtered_scan",
	     "[{\"eq\": [3], \"range\": null}]", "buyer = 7", "none");
	plan("SELECT /*+ _l_force_index_('nope') */ * FROM tr WHERE buyer = 7", "none", "", "", "none");
	rules("KP019");
}

static void test_hash_prefix(void)
{
	plan("SELECT * FROM h WHERE p1 = 5 AND p2 = 6", "get",
	     "[{\"eq\": [{\"hash\": \"hash32\", \"of\": [5]}, 5, 6], \"range\": null}]", "", "none");
	plan("SELECT * FROM h WHERE p1 > 5", "full_scan", "[{\"eq\": [], \"range\": null}]", "p1 > 5", "none");
	rules("KP017");
}

static void test_hints_with_arguments(void)
{
	plan("SELECT /*+ _l_ignore_index_('by_buyer') */ * FROM tr WHERE buyer = 7", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "buyer = 7", "none");
	plan("SELECT /*+ _l_ignore_index_(by_ts, 'by_buyer') */ * FROM tr WHERE buyer = 7 AND ts = 3", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "buyer = 7 AND ts = 3", "none");
	/* ignoring another index leaves by_buyer usable */
	plan("SELECT /*+ _l_ignore_index_(by_ts) */ * FROM tr WHERE buyer = 7", "scan",
	     "[{\"eq\": [7], \"range\": null}]", "", "none");
	plan("SELECT /*+ _l_force_index_('a', 'b') */ * FROM tr WHERE buyer = 7", "scan",
	     "[{\"eq\": [7], \"range\": null}]", "", "none");
	rules("KP020");
	CU_ASSERT_TRUE(kpt_has_message(&T, "_l_force_index_ takes one index name, as _l_force_index_('idx')"));
	plan("SELECT /*+ _l_whatever_ */ * FROM tr WHERE seller = 7", "scan", "[{\"eq\": [7], \"range\": null}]", "",
	     "none");
	CU_ASSERT_TRUE(kpt_has_message(&T, "unknown hint '_l_whatever_' is ignored"));
}

static void test_more_shapes(void)
{
	/* IN lists: empty, and tuples of the wrong arity stay in the filter */
	plan("SELECT * FROM k3 WHERE p1 IN ()", "get", "[]", "", "none");
	rules("KP005");
	plan("SELECT * FROM k3 WHERE p1 NOT IN ()", "full_scan", "[{\"eq\": [], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE (p1, p2) IN ((1, 2), (3))", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "(p1, p2) IN ((1, 2), 3)", "none");
	/* qualified names: the alias, the table, a column family */
	plan("SELECT * FROM k3 x WHERE x.p1 = 1 AND k3.p2 = 2 AND f.x = 3", "filtered_scan",
	     "[{\"eq\": [1, 2], \"range\": null}]", "x = 3", "none");
	plan("SELECT * FROM k3 WHERE y.p1 = 1", "none", "", "", "none");
	CU_ASSERT_TRUE(kpt_has_message(&T, "'y' is not table k3, its alias or a column family of 'p1'"));
	/* ORDER BY over bound prefixes, mixed directions, non-key columns */
	plan("SELECT * FROM k3 WHERE p1 = 1 AND p2 = 2 ORDER BY p1, p2, p3 DESC", "scan",
	     "[{\"eq\": [1, 2], \"range\": null}]", "", "reverse");
	plan("SELECT * FROM k3 WHERE p1 = 1 ORDER BY p2 DESC, p3", "scan", "[{\"eq\": [1], \"range\": null}]", "",
	     "sort");
	plan("SELECT * FROM k3 WHERE p1 = 1 ORDER BY v", "scan", "[{\"eq\": [1], \"range\": null}]", "", "sort");
	plan("SELECT * FROM k3 WHERE p1 IN (1, 2) AND p2 = 3 ORDER BY p3 LIMIT 2", "scan",
	     "[{\"eq\": [1, 3], \"range\": null}, {\"eq\": [2, 3], \"range\": null}]", "", "sort");
	rules("KP004 KP018");
	CU_ASSERT_TRUE(kpt_has_message(&T, "LIMIT does not bound the work: every row in range is read and sorted first"));
	/* patterns: ESCAPE, no prefix, no wildcard, GLOB, a non-string column */
	plan("SELECT * FROM s WHERE name LIKE 'a\\%%' ESCAPE '\\'", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "name LIKE 'a\\%%' ESCAPE '\\'", "none");
	plan("SELECT * FROM s WHERE name LIKE '%a'", "full_scan", "[{\"eq\": [], \"range\": null}]", "name LIKE '%a'",
	     "none");
	plan("SELECT * FROM s WHERE name LIKE 'abc'", "scan", "[{\"eq\": [\"abc\"], \"range\": null}]", "", "none");
	plan("SELECT * FROM s WHERE name GLOB 'a?b'", "filtered_scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"name\", \"lower\": \"a\", \"lower_inclusive\": true, "
	     "\"upper\": \"b\", \"upper_inclusive\": false}}]", "name GLOB 'a?b'", "none");
	plan("SELECT * FROM k3 WHERE p1 LIKE '1%'", "full_scan", "[{\"eq\": [], \"range\": null}]", "p1 LIKE '1%'",
	     "none");
	/* the successor of U+FFFF is U+10000, of a 4-byte character the next one */
	plan("SELECT * FROM s WHERE name LIKE '\xef\xbf\xbf%'", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"name\", \"lower\": \"\xef\xbf\xbf\", \"lower_inclusive\": true, "
	     "\"upper\": \"\xf0\x90\x80\x80\", \"upper_inclusive\": false}}]", "", "none");
	plan("SELECT * FROM s WHERE name LIKE '\xf0\x9d\x84\x9e%'", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"name\", \"lower\": \"\xf0\x9d\x84\x9e\", \"lower_inclusive\": true, "
	     "\"upper\": \"\xf0\x9d\x84\x9f\", \"upper_inclusive\": false}}]", "", "none");
	/* constants: TRUE, NOT FALSE and OR FALSE change nothing */
	plan("SELECT * FROM k3 WHERE p1 = 1 AND TRUE", "scan", "[{\"eq\": [1], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 = 1 AND NOT FALSE", "scan", "[{\"eq\": [1], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 = 1 OR FALSE", "scan", "[{\"eq\": [1], \"range\": null}]", "", "none");
	/* a constant on the left; a tuple comparison the range already implies */
	plan("SELECT * FROM k3 WHERE 1 = p1", "scan", "[{\"eq\": [1], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE 1 < p1 AND (p1, p2) > (1, 2)", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"p1\", \"lower\": 1, \"lower_inclusive\": false, "
	     "\"upper\": null, \"upper_inclusive\": false}}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 BETWEEN p2 AND 5", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "p1 BETWEEN p2 AND 5", "none");
	/* OR of two IN lists past the range limit: one covering range */
	kp_buf q = {0};
	kp_buf_puts(&q, "SELECT * FROM k3 WHERE p1 IN (");
	for (int i = 0; i < 6000; i++)
		kp_buf_printf(&q, "%s%d", i ? ", " : "", i);
	kp_buf_puts(&q, ") OR p1 IN (");
	for (int i = 0; i < 6000; i++)
		kp_buf_printf(&q, "%s%d", i ? ", " : "", 10000 + i);
	kp_buf_puts(&q, ")");
	kpt_plan(&T, q.data);
	CU_ASSERT_STRING_EQUAL(T.access, "filtered_scan");
	CU_ASSERT_STRING_EQUAL(T.ranges, "[{\"eq\": [], \"range\": {\"column\": \"p1\", \"lower\": 0, "
	                                 "\"lower_inclusive\": true, \"upper\": 15999, \"upper_inclusive\": true}}]");
	CU_ASSERT_TRUE(kpt_has_message(&T, "more than 10000 key ranges"));
	kp_buf_free(&q);
}

static void test_dml_and_errors(void)
{
	plan("UPDATE orders SET amount = 1 WHERE userid = 'a' AND orderid = 2", "get",
	     "[{\"eq\": [\"a\", 2], \"range\": null}]", "", "none");
	plan("DELETE FROM orders WHERE orderid = 2", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "orderid = 2", "none");
	CU_ASSERT_TRUE(T.plan.rejected);
	plan("INSERT INTO orders (userid) VALUES ('a')", "none", "", "", "none");
	plan("SELECT * FROM nope WHERE a = 1", "none", "", "", "none");
	rules("KP008");
	plan("SELECT zz FROM orders WHERE userid = 'a'", "none", "", "", "none");
	rules("KP009");
	plan("SELECT * FROM orders o WHERE o.userid = 'a' AND orders.orderid = 1", "get",
	     "[{\"eq\": [\"a\", 1], \"range\": null}]", "", "none");
}

int main(void)
{
	kpt_init(&T);
	if (kpt_schema(&T, SCHEMA) != 0) {
		fprintf(stderr, "schema failed: %s\n", T.d.head ? T.d.head->message : "?");
		return 1;
	}
	CU_initialize_registry();
	CU_pSuite s = CU_add_suite("planner", NULL, NULL);
	CU_add_test(s, "GET", test_get);
	CU_add_test(s, "SCAN and chained comparison", test_scan_and_chain);
	CU_add_test(s, "FILTERED SCAN", test_filtered);
	CU_add_test(s, "REJECTED and allowed full scans", test_rejected);
	CU_add_test(s, "OR and IN become unions of ranges", test_or_in_union);
	CU_add_test(s, "NOT is pushed down", test_not_pushdown);
	CU_add_test(s, "LIKE prefixes", test_like);
	CU_add_test(s, "unions that cover everything", test_union_of_everything);
	CU_add_test(s, "limits and edge cases", test_limits_and_edges);
	CU_add_test(s, "redundant and impossible conditions", test_redundant_and_impossible);
	CU_add_test(s, "conditions the key cannot use", test_unusable_conditions);
	CU_add_test(s, "ORDER BY", test_order);
	CU_add_test(s, "secondary indexes and hints", test_indexes);
	CU_add_test(s, "hints with arguments", test_hints_with_arguments);
	CU_add_test(s, "more shapes", test_more_shapes);
	CU_add_test(s, "hash-prefixed keys", test_hash_prefix);
	CU_add_test(s, "DML and name errors", test_dml_and_errors);
	int rc = kpt_run();
	kpt_free(&T);
	return rc;
}
