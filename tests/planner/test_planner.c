/* Planner: every rule with its exact ranges, filter, order and diagnostics
 * (ranges in key order, literals, parameters and the range limit:
 * test_ranges.c). */
#include <stdlib.h>
#include <string.h>

#include "plan_check.h"

static void test_get_when_every_key_column_bound(void)
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

static void test_filtered_scan_after_key_gap_or_range(void)
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

static void test_full_scan_rejected_unless_allowed(void)
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

static void test_like_prefix_becomes_key_range(void)
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

/* The KP002 message is its head and the filter's text, kept whole: a '%'
 * (or "%s") in a pattern is text, never a conversion; the plan's filter is
 * that same text. */
static const char *kp002_message(void)
{
	for (const kp_diag *g = T.d.head; g; g = g->next)
		if (g->rule == KP_R_FILTERED_SCAN)
			return g->message;
	return "";
}

static void test_filter_message_keeps_percent(void)
{
	plan("SELECT * FROM orders WHERE userid = 'a' AND amount > 1 AND userid LIKE '%s%d%%'", "filtered_scan",
	     "[{\"eq\": [\"a\"], \"range\": null}]", "amount > 1 AND userid LIKE '%s%d%%'", "none");
	CU_ASSERT_STRING_EQUAL(kp002_message(),
	                       "filtered scan: the server filters rows by amount > 1 AND userid LIKE '%s%d%%'");
	plan("SELECT * FROM orders WHERE userid = 'a' AND orderid = 2 AND amount LIKE '50%'", "get",
	     "[{\"eq\": [\"a\", 2], \"range\": null}]", "amount LIKE '50%'", "none");
	CU_ASSERT_STRING_EQUAL(kp002_message(), "get: the server filters rows by amount LIKE '50%'");
	CU_ASSERT_STRING_EQUAL(T.text, "GET orders key (userid='a', orderid=2) filter amount LIKE '50%'");
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

/* The message of the first finding of rule r, or "". */
static const char *message_of(kp_rule r)
{
	for (const kp_diag *g = T.d.head; g; g = g->next)
		if (g->rule == r)
			return g->message;
	return "";
}

static void test_order_by_in_key_order_reverse_or_sorted(void)
{
	plan("SELECT * FROM k3 WHERE p1 = 1 ORDER BY p2", "scan", "[{\"eq\": [1], \"range\": null}]", "", "key");
	plan("SELECT * FROM k3 WHERE p1 = 1 ORDER BY p3", "scan", "[{\"eq\": [1], \"range\": null}]", "", "sort");
	rules("KP004");
	plan("SELECT * FROM k3 WHERE p1 = 1 OR p1 = 2 ORDER BY p2", "scan",
	     "[{\"eq\": [1], \"range\": null}, {\"eq\": [2], \"range\": null}]", "", "sort");
	plan("SELECT * FROM k3 WHERE p1 IN (1, 2) ORDER BY p1 DESC", "scan",
	     "[{\"eq\": [1], \"range\": null}, {\"eq\": [2], \"range\": null}]", "", "reverse");
	rules("KP003");
	CU_ASSERT_STRING_EQUAL(message_of(KP_R_REVERSE_SCAN),
	                       "rows are read in reverse key order, which is slower than the stored order; if most "
	                       "reads want this order, declare the key column with the opposite direction");
	/* a value the store generates has no direction to declare (E35: the
	 * advisor's KP122 says so, and the per-query finding must agree) */
	plan("SELECT body FROM ai WHERE tl = 'a' ORDER BY seq DESC LIMIT 20", "scan",
	     "[{\"eq\": [\"a\"], \"range\": null}]", "", "reverse");
	CU_ASSERT_STRING_EQUAL(message_of(KP_R_REVERSE_SCAN),
	                       "rows are read in reverse key order, which is slower than the stored order; the store "
	                       "generates seq (AUTO_INCREMENT), so its order cannot be reversed: a backward range "
	                       "read is how it is read newest first");
	plan("SELECT * FROM k3 WHERE p1 = 1 ORDER BY p2 DESC, p3 ASC", "scan",
	     "[{\"eq\": [1], \"range\": null}]", "", "sort");
	plan("SELECT * FROM m WHERE host = 'a' AND ev = 'cpu' ORDER BY ts DESC LIMIT 10", "scan",
	     "[{\"eq\": [\"a\", \"cpu\"], \"range\": null}]", "", "key");
	rules("KP018");
	plan("SELECT * FROM m WHERE host = 'a' AND ev = 'cpu' ORDER BY ts", "scan",
	     "[{\"eq\": [\"a\", \"cpu\"], \"range\": null}]", "", "reverse");
	/* a hash key part has no column, and neither has a column's write
	 * timestamp (v_l_ts): ORDER BY v_l_ts is not the key's order */
	plan("SELECT * FROM h WHERE p1 = 1 ORDER BY v_l_ts", "scan",
	     "[{\"eq\": [{\"hash\": \"hash32\", \"of\": [1]}, 1], \"range\": null}]", "", "sort");
	plan("SELECT * FROM h WHERE p1 = 1 ORDER BY v_l_ts, p2", "scan",
	     "[{\"eq\": [{\"hash\": \"hash32\", \"of\": [1]}, 1], \"range\": null}]", "", "sort");
	plan("SELECT * FROM h WHERE p1 = 1 ORDER BY p2", "scan",
	     "[{\"eq\": [{\"hash\": \"hash32\", \"of\": [1]}, 1], \"range\": null}]", "", "key");
	/* DESC ranges sort in stored order */
	plan("SELECT * FROM m WHERE host = 'a' AND ev = 'e' AND ts IN (1, 9, 5)", "get",
	     "[{\"eq\": [\"a\", \"e\", 9], \"range\": null}, {\"eq\": [\"a\", \"e\", 5], \"range\": null}, "
	     "{\"eq\": [\"a\", \"e\", 1], \"range\": null}]", "", "none");
}

static void test_index_chosen_by_class_and_coverage_or_by_hint(void)
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

static void test_hash_prefix_usable_only_when_hashed_columns_bound(void)
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
	CU_ASSERT_TRUE(kpt_has_message(&T, "malformed hint '_l_force_index_' is ignored; write it _l_force_index_('idx')"));
	plan("SELECT /*+ _l_whatever_ */ * FROM tr WHERE seller = 7", "scan", "[{\"eq\": [7], \"range\": null}]", "",
	     "none");
	CU_ASSERT_TRUE(kpt_has_message(&T, "unknown hint '_l_whatever_' is ignored"));
}

/* Every documented Lindorm hint with its argument forms; Phoenix's hints
 * under --target phoenix, INDEX and NO_INDEX changing the path. */
static void test_documented_hints(void)
{
	plan("SELECT /*+ _l_hot_only_, _l_hot_only_(true), _l_hot_only_(FALSE), _l_ts_min_(1000), "
	     "_l_ts_max_(2000), _l_versions_(3), _l_ts_(1500), _l_operation_timeout_(30000), operationtimeout(?) */ "
	     "* FROM tr WHERE seller = 7", "scan", "[{\"eq\": [7], \"range\": null}]", "", "none");
	rules("");
	plan("SELECT /*+ _l_hot_only_(3) */ * FROM tr WHERE seller = 7", "scan", "[{\"eq\": [7], \"range\": null}]", "",
	     "none");
	rules("KP020");
	CU_ASSERT_TRUE(kpt_has_message(&T, "malformed hint '_l_hot_only_' is ignored; write it _l_hot_only_ or _l_hot_only_(true)"));
	plan("SELECT /*+ _l_ts_('x') */ * FROM tr WHERE seller = 7", "scan", "[{\"eq\": [7], \"range\": null}]", "", "none");
	CU_ASSERT_TRUE(kpt_has_message(&T, "malformed hint '_l_ts_' is ignored; write it _l_ts_(1700000000000)"));
	plan("SELECT /*+ _l_allow_filtering_(1) */ * FROM tr WHERE ono = 7", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "ono = 7", "none");
	CU_ASSERT_TRUE(T.plan.rejected);
	/* Phoenix's hints are unknown to other targets */
	plan("SELECT /*+ NO_INDEX */ * FROM tr WHERE buyer = 7", "scan", "[{\"eq\": [7], \"range\": null}]", "", "none");
	rules("KP020");
	CU_ASSERT_TRUE(kpt_has_message(&T, "unknown hint 'NO_INDEX' is ignored"));
	T.opts.phoenix = true;
	T.opts.never_reject = true;
	plan("SELECT /*+ NO_INDEX SMALL SERIAL NO_CACHE RANGE_SCAN SKIP_SCAN USE_SORT_MERGE_JOIN NO_STAR_JOIN "
	     "NO_CHILD_PARENT_JOIN_OPTIMIZATION USE_PERSISTENT_CACHE NO_INDEX_SERVER_MERGE hash_aggregate "
	     "FORWARD_SCAN SEEK_TO_COLUMN NO_SEEK_TO_COLUMN USE_DATA_OVER_INDEX_TABLE USE_INDEX_OVER_DATA_TABLE */ "
	     "* FROM tr WHERE buyer = 7", "full_scan", "[{\"eq\": [], \"range\": null}]", "buyer = 7", "none");
	rules("KP001");
	CU_ASSERT_PTR_NULL(T.plan.index);
	/* INDEX(table idx ...): the first index of the table that exists */
	plan("SELECT /*+ INDEX(tr nope by_ts by_buyer) */ * FROM tr WHERE buyer = 7 AND ts = 3", "filtered_scan",
	     "[{\"eq\": [3], \"range\": null}]", "buyer = 7", "none");
	CU_ASSERT_STRING_EQUAL(T.plan.index->name, "by_ts");
	plan("SELECT /*+ INDEX(x \"by_ts\") */ * FROM tr x WHERE buyer = 7 AND ts = 3", "filtered_scan",
	     "[{\"eq\": [3], \"range\": null}]", "buyer = 7", "none");
	CU_ASSERT_STRING_EQUAL(T.plan.index->name, "by_ts");
	plan("SELECT /*+ INDEX(other by_ts) */ * FROM tr WHERE buyer = 7 AND ts = 3", "scan",
	     "[{\"eq\": [7, 3], \"range\": null}]", "", "none");
	rules("KP020");
	CU_ASSERT_TRUE(kpt_has_message(&T, "INDEX hint names table 'other', not tr: it is ignored"));
	plan("SELECT /*+ INDEX(tr nope) */ * FROM tr WHERE buyer = 7", "scan", "[{\"eq\": [7], \"range\": null}]", "",
	     "none");
	CU_ASSERT_TRUE(kpt_has_message(&T, "INDEX hint names no index of tr that keyplan can use: it is ignored"));
	plan("SELECT /*+ INDEX(tr) */ * FROM tr WHERE buyer = 7", "scan", "[{\"eq\": [7], \"range\": null}]", "", "none");
	CU_ASSERT_TRUE(kpt_has_message(&T, "malformed hint 'INDEX' is ignored; write it INDEX(table idx ...)"));
	/* a tie between the table and an index (seller = 1 AND buyer = 7: one
	 * part bound on either key, both covering with SELECT seller, buyer,
	 * ts): Phoenix takes the table with fewer non-key columns, by_buyer
	 * (price) over tr (buyer, price), unless USE_DATA_OVER_INDEX_TABLE
	 * (QueryOptimizer.orderPlansBestToWorst) */
	plan("SELECT seller, buyer, ts FROM tr WHERE seller = 1 AND buyer = 7", "filtered_scan",
	     "[{\"eq\": [7], \"range\": null}]", "seller = 1", "none");
	CU_ASSERT_STRING_EQUAL(T.plan.index ? T.plan.index->name : "", "by_buyer");
	plan("SELECT /*+ USE_INDEX_OVER_DATA_TABLE */ seller, buyer, ts FROM tr WHERE seller = 1 AND buyer = 7",
	     "filtered_scan", "[{\"eq\": [7], \"range\": null}]", "seller = 1", "none");
	CU_ASSERT_STRING_EQUAL(T.plan.index ? T.plan.index->name : "", "by_buyer");
	plan("SELECT /*+ USE_DATA_OVER_INDEX_TABLE */ seller, buyer, ts FROM tr WHERE seller = 1 AND buyer = 7",
	     "filtered_scan", "[{\"eq\": [1], \"range\": null}]", "buyer = 7", "none");
	/* NO_INDEX wins over INDEX */
	plan("SELECT /*+ INDEX(tr by_ts) NO_INDEX */ * FROM tr WHERE ts = 3", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "ts = 3", "none");
	T.opts.phoenix = false;
	T.opts.never_reject = false;
}

/* NULLS FIRST|LAST: key columns are never NULL; a nullable index column
 * holds NULL before its values, unless the ranges bound it. */
static void test_order_nulls(void)
{
	plan("SELECT * FROM k3 WHERE p1 = 1 ORDER BY p2 NULLS LAST, p3 DESC NULLS FIRST", "scan",
	     "[{\"eq\": [1], \"range\": null}]", "", "sort");
	plan("SELECT * FROM k3 WHERE p1 = 1 ORDER BY p2 DESC NULLS FIRST, p3 DESC NULLS LAST", "scan",
	     "[{\"eq\": [1], \"range\": null}]", "", "reverse");
	plan("SELECT * FROM k3 WHERE p1 = 1 ORDER BY p2 NULLS LAST", "scan", "[{\"eq\": [1], \"range\": null}]", "", "key");
	/* buyer (in index by_buyer) may be NULL: a forward read gives NULLS FIRST */
	plan("SELECT /*+ _l_force_index_('by_buyer') */ buyer, ts FROM tr WHERE price > 1 ORDER BY buyer NULLS FIRST",
	     "full_scan", "[{\"eq\": [], \"range\": null}]", "price > 1", "key");
	plan("SELECT /*+ _l_force_index_('by_buyer') */ buyer, ts FROM tr WHERE price > 1 ORDER BY buyer NULLS LAST",
	     "full_scan", "[{\"eq\": [], \"range\": null}]", "price > 1", "sort");
	plan("SELECT /*+ _l_force_index_('by_buyer') */ buyer, ts FROM tr WHERE price > 1 ORDER BY buyer DESC NULLS LAST",
	     "full_scan", "[{\"eq\": [], \"range\": null}]", "price > 1", "reverse");
	plan("SELECT /*+ _l_force_index_('by_buyer') */ buyer, ts FROM tr WHERE price > 1 ORDER BY buyer DESC NULLS FIRST",
	     "full_scan", "[{\"eq\": [], \"range\": null}]", "price > 1", "sort");
	/* a range on buyer holds no NULL: either placement is served */
	plan("SELECT buyer, ts FROM tr WHERE buyer > 5 ORDER BY buyer NULLS LAST", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"buyer\", \"lower\": 5, \"lower_inclusive\": false, "
	     "\"upper\": null, \"upper_inclusive\": false, \"nulls\": false}}]", "", "key");
	/* unbounded below, the range reads the NULLs: only NULLS FIRST is served */
	plan("SELECT buyer, ts FROM tr WHERE buyer < 5 OR buyer IS NULL ORDER BY buyer NULLS LAST", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"buyer\", \"lower\": null, \"lower_inclusive\": false, "
	     "\"upper\": 5, \"upper_inclusive\": false, \"nulls\": true}}]", "", "sort");
}

/* Functions of literals bound the key like literals; other constants
 * like bind parameters. */
static void test_constant_functions(void)
{
	plan("SELECT * FROM ev WHERE flag = TRUE AND at >= TO_DATE('2013-01-01') AND at < TO_TIMESTAMP('2013-01-02 10:30:00.5')",
	     "scan", "[{\"eq\": [1], \"range\": {\"column\": \"at\", \"lower\": {\"time\": \"2013-01-01 00:00:00.000\"}, "
	     "\"lower_inclusive\": true, \"upper\": {\"time\": \"2013-01-02 10:30:00.500\"}, \"upper_inclusive\": false}}]",
	     "", "none");
	rules("");
	/* a date string and epoch milliseconds compare with a folded date */
	plan("SELECT * FROM ev WHERE flag = TRUE AND at > TO_DATE('2013-01-01') AND at > '2012-12-31' AND at < 1356998400001",
	     "scan", "[{\"eq\": [1], \"range\": {\"column\": \"at\", \"lower\": {\"time\": \"2013-01-01 00:00:00.000\"}, "
	     "\"lower_inclusive\": false, \"upper\": 1356998400001, \"upper_inclusive\": false}}]", "", "none");
	plan("SELECT * FROM ev WHERE flag = TRUE AND at = DATE '2013-01-01' AND name = CAST(12 AS VARCHAR)", "get",
	     "[{\"eq\": [1, {\"time\": \"2013-01-01 00:00:00.000\"}, \"12\"], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 = CAST('7' AS INTEGER) AND p2 = TO_NUMBER('8') AND p3 = 2 * 3 + 1", "get",
	     "[{\"eq\": [7, 8, 7], \"range\": null}]", "", "none");
	plan("SELECT * FROM s WHERE name = 'ab' || 'c' AND n = -(2)", "get", "[{\"eq\": [\"abc\", -2], \"range\": null}]",
	     "", "none");
	/* constants keyplan does not evaluate: a bound with no known value */
	plan("SELECT * FROM ev WHERE flag = TRUE AND at > NOW() AND at <= CURRENT_DATE", "scan",
	     "[{\"eq\": [1], \"range\": {\"column\": \"at\", \"lower\": {\"param\": \"NOW()\"}, "
	     "\"lower_inclusive\": false, \"upper\": {\"param\": \"CURRENT_DATE()\"}, \"upper_inclusive\": true}}]",
	     "", "none");
	plan("SELECT * FROM s WHERE name = UPPER('a') AND n > TO_DATE('1/2/2013', 'M/d/yyyy')", "scan",
	     "[{\"eq\": [{\"param\": \"UPPER('a')\"}], \"range\": {\"column\": \"n\", \"lower\": {\"param\": "
	     "\"TO_DATE('1/2/2013', 'M/d/yyyy')\"}, \"lower_inclusive\": false, \"upper\": null, \"upper_inclusive\": false}}]",
	     "", "none");
	/* the folded date does not fit an integer column; RAND() is not a constant */
	plan("SELECT * FROM k3 WHERE p1 = TO_DATE('2013-01-01')", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "p1 = TO_DATE('2013-01-01')", "none");
	CU_ASSERT_TRUE(kpt_has_message(&T, "TIMESTAMP '2013-01-01 00:00:00.000' does not fit INT column 'p1', so it is not used for the key"));
	plan("SELECT * FROM k3 WHERE p1 = RAND()", "full_scan", "[{\"eq\": [], \"range\": null}]", "p1 = RAND()", "none");
	/* casts keyplan cannot evaluate exactly stay opaque constants */
	plan("SELECT * FROM k3 WHERE p1 = CAST(1e30 AS INTEGER) AND p2 = CAST(2.5 AS INTEGER) AND p3 = TO_NUMBER('99999999999999999999')",
	     "get", "[{\"eq\": [{\"param\": \"CAST(1e30 AS INTEGER)\"}, {\"param\": \"CAST(2.5 AS INTEGER)\"}, 1e+20], "
	     "\"range\": null}]", "", "none");
	/* not a date keyplan reads: still a constant */
	plan("SELECT * FROM ev WHERE flag = TRUE AND at = TO_DATE('2013-02-30')", "scan",
	     "[{\"eq\": [1, {\"param\": \"TO_DATE('2013-02-30')\"}], \"range\": null}]", "", "none");
}

/* Name resolution returns a view of the statement and leaves its AST as
 * parsed: kp_plan.names says which table column each column reference
 * names; a function written without parentheses is a function in the plan
 * (its filter and bounds) while the AST keeps the name. */
static void test_resolved_view(void)
{
	const char *q = "SELECT * FROM orders WHERE userid = 'u' AND amount > CURRENT_DATE ORDER BY orderid";
	for (int pass = 0; pass < 2; pass++) {   /* the same plan twice: nothing was written */
		plan(q, "filtered_scan", "[{\"eq\": [\"u\"], \"range\": null}]", "amount > CURRENT_DATE()", "key");
		const kp_stmt *s = T.plan.stmt;
		const kp_expr *w = s->u.select.where;
		CU_ASSERT_EQUAL(w->list[1]->b->kind, KP_X_COLUMN);
		CU_ASSERT_EQUAL(kp_names_column(T.plan.names, w->list[0]->a), 0);   /* userid */
		CU_ASSERT_EQUAL(kp_names_column(T.plan.names, w->list[1]->a), 2);   /* amount */
		CU_ASSERT_EQUAL(kp_names_column(T.plan.names, w->list[1]->b), -1);  /* CURRENT_DATE */
		CU_ASSERT_EQUAL(kp_names_column(T.plan.names, ((kp_order_item *)s->u.select.order.items[0])->expr), 1);
		CU_ASSERT_EQUAL(kp_names_column(T.plan.names, w), -1);   /* not a column reference */
	}
	/* unknown names: no plan, and the view says so */
	plan("SELECT * FROM orders WHERE nope = 1", "none", "", "", "none");
	CU_ASSERT_EQUAL(kp_names_column(T.plan.names, T.plan.stmt->u.select.where->a), -1);
}

/* UPSERT ... SELECT is planned as its SELECT; x = ANY(ARRAY[...]) is IN. */
static void test_query_forms(void)
{
	plan("UPSERT INTO s (name, n) SELECT status, 1 FROM orders WHERE userid = 'u' LIMIT 10", "scan",
	     "[{\"eq\": [\"u\"], \"range\": null}]", "", "none");
	plan("UPSERT INTO nosuch SELECT * FROM orders WHERE userid = 'u'", "scan",
	     "[{\"eq\": [\"u\"], \"range\": null}]", "", "none");
	rules("KP008");
	CU_ASSERT_TRUE(kpt_has_message(&T, "no such table: nosuch"));
	plan("SELECT * FROM k3 WHERE p1 = ANY(ARRAY[3, 1]) AND p2 = 2", "scan",
	     "[{\"eq\": [1, 2], \"range\": null}, {\"eq\": [3, 2], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 = ALL(ARRAY[3, 1])", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "p1 = ALL(ARRAY[3, 1])", "none");
	plan("SELECT * FROM k3 WHERE p1 = 1 AND v = ANY(ARRAY[1]) AND MATCH(v) AGAINST('x') AND v[1] = 2", "filtered_scan",
	     "[{\"eq\": [1], \"range\": null}]", "v = ANY(ARRAY[1]) AND MATCH(v) AGAINST('x') AND v[1] = 2", "none");
	plan("SELECT * FROM k3 WHERE p1 IS NOT DISTINCT FROM 4 AND p2 IS DISTINCT FROM 5", "filtered_scan",
	     "[{\"eq\": [4], \"range\": null}]", "p2 IS NOT 5", "none");
	/* Lindorm's write-timestamp pseudo-column of a non-key column */
	plan("SELECT /*+ _l_versions_(2) */ v, v_l_ts FROM k3 WHERE p1 = 1 AND v_l_ts > 1000", "filtered_scan",
	     "[{\"eq\": [1], \"range\": null}]", "v_l_ts > 1000", "none");
	plan("SELECT p1_l_ts FROM k3 WHERE p1 = 1", "none", "", "", "none");
	CU_ASSERT_TRUE(kpt_has_message(&T, "unknown column 'p1_l_ts' in table k3"));
	plan("SELECT NEXT VALUE FOR seq, p1 FROM k3 WHERE p1 = 1 OFFSET 5 ROWS FETCH NEXT 3 ROWS ONLY", "scan",
	     "[{\"eq\": [1], \"range\": null}]", "", "none");
	rules("KP018");
}

/* schema.table names another table than table; a query on a table whose
 * CREATE failed says where it failed. */
static void test_table_names(void)
{
	CU_ASSERT_EQUAL(kpt_schema(&T, "CREATE TABLE app.users (id BIGINT, n INT, PRIMARY KEY (id));\n"
	                                "CREATE TABLE users (name VARCHAR, id BIGINT, PRIMARY KEY (name));"), 0);
	plan("SELECT * FROM app.users WHERE id = 1", "get", "[{\"eq\": [1], \"range\": null}]", "", "none");
	plan("SELECT * FROM users WHERE id = 1", "full_scan", "[{\"eq\": [], \"range\": null}]", "id = 1", "none");
	/* a column qualified by the table, with or without its schema */
	plan("SELECT users.n, app.users.id FROM app.users WHERE app.users.id = 2 AND users.n = 3", "get",
	     "[{\"eq\": [2], \"range\": null}]", "n = 3", "none");
	plan("SELECT * FROM other.users WHERE id = 1", "none", "", "", "none");
	rules("KP008");
	CU_ASSERT_TRUE(kpt_has_message(&T, "no such table: other.users"));
	/* one CREATE that does not parse, one the catalog refuses */
	CU_ASSERT_EQUAL(kpt_schema(&T, "CREATE TABLE broken (a INT, b INT PRIMARY KEY (a));\n"
	                                "CREATE TABLE IF NOT EXISTS app.refused (a INT, PRIMARY KEY (nope));"), 2);
	plan("SELECT * FROM broken WHERE a = 1", "none", "", "", "none");
	rules("KP008");
	CU_ASSERT_PTR_NOT_NULL_FATAL(T.d.head);
	CU_ASSERT_STRING_EQUAL(T.d.head->message, "no such table: broken");
	CU_ASSERT_PTR_NOT_NULL_FATAL(T.d.head->notes);
	CU_ASSERT_STRING_EQUAL(T.d.head->notes->message,
	                       "the CREATE statement of broken failed here, so the table is not in the schema");
	uint32_t line, col;
	kp_source_linecol(T.d.head->notes->src, T.d.head->notes->off, &line, &col);
	CU_ASSERT_EQUAL(line, 1);
	CU_ASSERT_EQUAL(col, 1);
	plan("UPSERT INTO app.refused (a) VALUES (1)", "none", "", "", "none");
	CU_ASSERT_PTR_NOT_NULL_FATAL(T.d.head);
	CU_ASSERT_PTR_NOT_NULL_FATAL(T.d.head->notes);
	kp_source_linecol(T.d.head->notes->src, T.d.head->notes->off, &line, &col);
	CU_ASSERT_EQUAL(line, 2);
	CU_ASSERT_STRING_EQUAL(T.d.head->notes->message,
	                       "the CREATE statement of app.refused failed here, so the table is not in the schema");
	/* a table never declared has no note */
	plan("SELECT * FROM never WHERE a = 1", "none", "", "", "none");
	CU_ASSERT_PTR_NULL(T.d.head->notes);
}

static void test_in_lists_qualified_names_patterns_and_constant_terms(void)
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

/* The help of the last call's only diagnostic, or "" (none, or no help). */
static const char *only_help(void)
{
	const kp_diag *g = T.d.head;
	if (!g || g->next || !g->helps)
		return "";
	return g->helps->message;
}

/* A misspelt column or table gets the nearest declared name as help; a
 * name nothing is near gets none. */
static void test_misspelt_names_suggest_the_nearest(void)
{
	kpt_plan(&T, "SELECT * FROM orders WHERE userd = 'a'");
	CU_ASSERT_TRUE(kpt_has_message(&T, "unknown column 'userd' in table orders"));
	CU_ASSERT_STRING_EQUAL(only_help(), "did you mean 'userid'?");
	kpt_plan(&T, "SELECT amuont FROM orders WHERE userid = 'a'");   /* a transposition */
	CU_ASSERT_STRING_EQUAL(only_help(), "did you mean 'amount'?");
	kpt_plan(&T, "UPDATE orders SET stauts = 'x' WHERE userid = 'a' AND orderid = 1");
	CU_ASSERT_STRING_EQUAL(only_help(), "did you mean 'status'?");
	kpt_plan(&T, "SELECT * FROM ordres WHERE userid = 'a'");
	CU_ASSERT_TRUE(kpt_has_message(&T, "no such table: ordres"));
	CU_ASSERT_STRING_EQUAL(only_help(), "did you mean orders?");
	/* too far from every name: no guess */
	kpt_plan(&T, "SELECT * FROM orders WHERE zzzzzz = 1");
	CU_ASSERT_TRUE(kpt_has_message(&T, "unknown column 'zzzzzz' in table orders"));
	CU_ASSERT_STRING_EQUAL(only_help(), "");
	kpt_plan(&T, "SELECT * FROM qqqq WHERE a = 1");
	CU_ASSERT_STRING_EQUAL(only_help(), "");
	/* a one-letter name has no near miss (k3 has v, and p1..p3) */
	kpt_plan(&T, "SELECT * FROM k3 WHERE p1 = 1 AND w = 1");
	CU_ASSERT_TRUE(kpt_has_message(&T, "unknown column 'w' in table k3"));
	CU_ASSERT_STRING_EQUAL(only_help(), "");
}

KPT_SUITE("planner", plan_setup, plan_teardown,
	{"a misspelt column or table suggests the nearest declared name", test_misspelt_names_suggest_the_nearest},
	{"GET when every key column is bound by = or IN", test_get_when_every_key_column_bound},
	{"SCAN and chained comparison", test_scan_and_chain},
	{"the KP002 message keeps a '%' of the filter as text", test_filter_message_keeps_percent},
	{"FILTERED SCAN: key conditions after a gap or a range are filtered", test_filtered_scan_after_key_gap_or_range},
	{"a full scan is REJECTED unless a hint, ALLOW FILTERING or a missing WHERE allows it", test_full_scan_rejected_unless_allowed},
	{"OR and IN become unions of ranges", test_or_in_union},
	{"NOT is pushed down", test_not_pushdown},
	{"LIKE 'prefix%' is a key range, other patterns a filter", test_like_prefix_becomes_key_range},
	{"unions that cover everything", test_union_of_everything},
	{"limits and edge cases", test_limits_and_edges},
	{"redundant and impossible conditions", test_redundant_and_impossible},
	{"conditions the key cannot use", test_unusable_conditions},
	{"ORDER BY is served in key order, in reverse, or sorted", test_order_by_in_key_order_reverse_or_sorted},
	{"secondary indexes chosen by class and coverage, or forced and ignored by hints", test_index_chosen_by_class_and_coverage_or_by_hint},
	{"hints with arguments", test_hints_with_arguments},
	{"documented hints", test_documented_hints},
	{"NULLS FIRST and LAST", test_order_nulls},
	{"functions of constants", test_constant_functions},
	{"query forms", test_query_forms},
	{"name resolution returns a view, the AST stays as parsed", test_resolved_view},
	{"table names", test_table_names},
	{"empty IN, qualified names, LIKE and GLOB patterns, constant terms, IN past the range limit", test_in_lists_qualified_names_patterns_and_constant_terms},
	{"a hash-prefixed key is usable only when the hashed columns are bound", test_hash_prefix_usable_only_when_hashed_columns_bound},
	{"DML and name errors", test_dml_and_errors})
