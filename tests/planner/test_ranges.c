/* Planner: ranges in stored key order, NULLs on index columns, literal
 * forms, parameters as bounds, the range limit and its skip-scan product,
 * and the memory of a flat OR chain. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "plan_check.h"

/* Issue 12, class 1: ranges sorted in stored key order (DESC aware),
 * disjoint, none listed twice. */
static void test_ranges_in_key_order(void)
{
	char want[2048];
	/* keyset pagination: [p1 = 3, p2 > 5] comes before [p1 > 3] */
	snprintf(want, sizeof want, "[%s, %s]", R("3", "p2", "5", 0, "null", 0), R("", "p1", "3", 0, "null", 0));
	plan("SELECT * FROM k3 WHERE (p1, p2) > (3, 5) ORDER BY p1, p2", "scan", want, "", "key");
	plan("SELECT * FROM k3 WHERE (p1, p2) > (3, 5) ORDER BY p1 DESC, p2 DESC", "scan", want, "", "reverse");
	/* a DESC column: a > 3 is stored before a = 3 */
	snprintf(want, sizeof want, "[%s, %s]", R("", "a", "3", 0, "null", 0), R("3", "b", "5", 0, "null", 0));
	plan("SELECT * FROM dk WHERE (a, b) > (3, 5) ORDER BY a DESC, b", "scan", want, "", "key");
	/* overlapping boxes: each stretch once, contained ranges absorbed */
	snprintf(want, sizeof want, "[%s]", R("", "p1", "1", 1, "5", 1));
	plan("SELECT * FROM k3 WHERE p1 BETWEEN 1 AND 5 OR p1 = 3 OR (p1 = 5 AND p2 > 2) OR p1 BETWEEN 2 AND 4",
	     "scan", want, "", "none");
	snprintf(want, sizeof want, "[%s, %s]", R("3", "p2", "5", 0, "null", 0), R("", "p1", "3", 0, "null", 0));
	plan("SELECT * FROM k3 WHERE (p1 = 3 AND p2 > 5) OR p1 > 3 OR (p1 = 3 AND p2 BETWEEN 6 AND 9)", "scan",
	     want, "", "none");
	/* touching stretches join; a range cut back into pieces at a deeper part */
	snprintf(want, sizeof want, "[%s, %s]", R("2", "p2", "4", 1, "null", 0), R("", "p1", "2", 0, "5", 0));
	plan("SELECT * FROM k3 WHERE (p1 = 2 AND p2 >= 4) OR (p1 > 2 AND p1 < 4) OR (p1 >= 4 AND p1 < 5)", "scan",
	     want, "", "none");
	plan("SELECT * FROM k3 WHERE p1 < 3 OR p1 >= 3", "full_scan", "[{\"eq\": [], \"range\": null}]", "", "none");
}

/* Class 2: index columns can be NULL, and NULL sorts first. */
static void test_nulls_on_index_columns(void)
{
	plan("SELECT * FROM nt WHERE v0 IS NULL", "scan", "[{\"eq\": [null], \"range\": null}]", "", "none");
	CU_ASSERT_STRING_EQUAL(T.text, "SCAN nt via index nv0 (+ table lookup) prefix (v0=NULL)");
	rules("");
	plan("SELECT * FROM nt WHERE v0 ISNULL ORDER BY v0", "scan", "[{\"eq\": [null], \"range\": null}]", "", "key");
	/* IS NOT NULL is a range above NULL ("lower": null, not inclusive, no NULLs) */
	const char *notnull = "[{\"eq\": [\"a\"], \"range\": {\"column\": \"v0\", \"lower\": null, "
	                      "\"lower_inclusive\": false, \"upper\": null, \"upper_inclusive\": false, \"nulls\": false}}]";
	plan("SELECT * FROM nt WHERE v1 = 'a' AND v0 IS NOT NULL", "scan", notnull, "", "none");
	CU_ASSERT_STRING_EQUAL(T.text, "SCAN nt via index nv10 prefix (v1='a') range v0 (NULL, +inf)");
	plan("SELECT * FROM nt WHERE v1 = 'a' AND v0 NOTNULL", "scan", notnull, "", "none");
	/* a comparison is never true for NULL: v0 < 3 reads no NULLs, nor NOT (v0 > 3) */
	plan("SELECT * FROM nt WHERE v1 = 'a' AND v0 < 3", "scan",
	     "[{\"eq\": [\"a\"], \"range\": {\"column\": \"v0\", \"lower\": null, \"lower_inclusive\": false, "
	     "\"upper\": 3, \"upper_inclusive\": false, \"nulls\": false}}]", "", "none");
	plan("SELECT * FROM nt WHERE v1 = 'a' AND NOT (v0 > 3)", "scan",
	     "[{\"eq\": [\"a\"], \"range\": {\"column\": \"v0\", \"lower\": null, \"lower_inclusive\": false, "
	     "\"upper\": 3, \"upper_inclusive\": true, \"nulls\": false}}]", "", "none");
	/* ... and with IS NULL the range starts at the beginning, NULLs read */
	plan("SELECT * FROM nt WHERE v1 = 'a' AND (v0 < 3 OR v0 IS NULL)", "scan",
	     "[{\"eq\": [\"a\"], \"range\": {\"column\": \"v0\", \"lower\": null, \"lower_inclusive\": false, "
	     "\"upper\": 3, \"upper_inclusive\": false, \"nulls\": true}}]", "", "none");
	/* a parameter may be NULL, which IS matches: not a key value there */
	plan("SELECT * FROM nt WHERE v1 = 'a' AND v0 IS :p", "filtered_scan", "[{\"eq\": [\"a\"], \"range\": null}]",
	     "v0 IS :p", "none");
	plan("SELECT * FROM nt WHERE v1 = 'a' AND NOT (v0 IS NOT :p)", "filtered_scan",
	     "[{\"eq\": [\"a\"], \"range\": null}]", "NOT v0 IS NOT :p", "none");
	/* key columns stay never NULL */
	plan("SELECT * FROM nt WHERE k0 IS NULL", "get", "[]", "", "none");
}

/* Class 3: literals as SQLite reads them. */
static void test_literal_forms(void)
{
	/* infinities bound like any number: nothing is above +inf */
	plan("SELECT * FROM k3 WHERE p1 > 1e999", "get", "[]", "", "none");
	rules("KP005");
	plan("SELECT * FROM k3 WHERE p1 < 1e999", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"p1\", \"lower\": null, \"lower_inclusive\": false, "
	     "\"upper\": 1e999, \"upper_inclusive\": false}}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 >= -1e999 AND p1 < -1e999", "get", "[]", "", "none");
	/* hex: 64-bit two's complement */
	plan("SELECT * FROM k3 WHERE p1 = 0xFFFFFFFFFFFFFFFF", "scan", "[{\"eq\": [-1], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 = 0x10 AND p2 = -0x1", "scan", "[{\"eq\": [16, -1], \"range\": null}]", "",
	     "none");
	plan("SELECT * FROM k3 WHERE p1 = 0x7FFFFFFFFFFFFFFF", "scan",
	     "[{\"eq\": [9223372036854775807], \"range\": null}]", "", "none");
	/* more than 64 bits of hex is an error in SQLite: no key value */
	plan("SELECT * FROM k3 WHERE p1 = 0x1FFFFFFFFFFFFFFFF", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "p1 = 0x1FFFFFFFFFFFFFFFF", "none");
	/* decimals past 64 bits are REAL; -9223372036854775808 is INTEGER */
	plan("SELECT * FROM k3 WHERE p1 = 9223372036854775808", "scan",
	     "[{\"eq\": [9.2233720368547758e+18], \"range\": null}]", "", "none");
	plan("SELECT * FROM k3 WHERE p1 = -9223372036854775808", "scan",
	     "[{\"eq\": [-9223372036854775808], \"range\": null}]", "", "none");
}

/* Class 4: bounds that are parameters have no known order. */
static void test_parameter_bounds(void)
{
	plan("SELECT * FROM k3 WHERE p1 = 1 AND p2 NOT BETWEEN 1 AND :p1", "filtered_scan",
	     "[{\"eq\": [1], \"range\": null}]", "p2 NOT BETWEEN 1 AND :p1", "none");
	plan("SELECT * FROM k3 WHERE p1 < 1 OR p1 > :p1", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "p1 < 1 OR p1 > :p1", "none");
	plan("SELECT * FROM k3 WHERE p1 IN (:p1, :p2) ORDER BY p1", "scan",
	     "[{\"eq\": [{\"param\": \":p1\"}], \"range\": null}, {\"eq\": [{\"param\": \":p2\"}], \"range\": null}]",
	     "", "sort");
	CU_ASSERT_TRUE(T.plan.unordered);
	/* the same parameter twice is one key */
	plan("SELECT * FROM k3 WHERE p1 IN (:p1, 3, :p1)", "scan",
	     "[{\"eq\": [3], \"range\": null}, {\"eq\": [{\"param\": \":p1\"}], \"range\": null}]", "", "none");
	/* one parameter prefix, literal values after it: ordered */
	plan("SELECT * FROM k3 WHERE p1 = :a AND p2 IN (2, 1) ORDER BY p2", "scan",
	     "[{\"eq\": [{\"param\": \":a\"}, 1], \"range\": null}, {\"eq\": [{\"param\": \":a\"}, 2], \"range\": null}]",
	     "", "key");
	CU_ASSERT_FALSE(T.plan.unordered);
	/* a value against bounds of unknown order: the value, the bound filtered */
	plan("SELECT * FROM k3 WHERE p1 > 1 AND p1 = :a", "filtered_scan",
	     "[{\"eq\": [{\"param\": \":a\"}], \"range\": null}]", "p1 > 1", "none");
}

/* Class 5: the range limit. */
static void test_range_limit(void)
{
	kp_buf q = {0};
	kp_buf_puts(&q, "SELECT * FROM nt WHERE k0 IN (");
	for (int i = 0; i < 4000; i++)
		kp_buf_printf(&q, "%s%d", i ? ", " : "", i);
	kp_buf_puts(&q, ") AND (v0 = 1 OR v1 = 'a' OR v1 = 'b')");
	kpt_plan(&T, q.data);
	CU_ASSERT_STRING_EQUAL(T.access, "filtered_scan");
	CU_ASSERT_EQUAL(T.plan.nranges, 4000);
	CU_ASSERT_EQUAL(T.plan.ranges[3999].neq, 1);
	CU_ASSERT_STRING_EQUAL(T.filter, "v0 = 1 OR v1 = 'a' OR v1 = 'b'");
	rules("KP002");
	/* past the limit: the side that binds more key parts keeps its boxes */
	kp_buf_clear(&q);
	kp_buf_puts(&q, "SELECT * FROM nt WHERE k0 IN (");
	for (int i = 0; i < 4000; i++)
		kp_buf_printf(&q, "%s%d", i ? ", " : "", i);
	kp_buf_puts(&q, ") AND k1 IN (3, 1, 2)");
	kpt_plan(&T, q.data);
	CU_ASSERT_STRING_EQUAL(T.access, "filtered_scan");
	CU_ASSERT_EQUAL(T.plan.nranges, 4000);
	CU_ASSERT_TRUE(T.plan.ranges[0].neq == 1 && T.plan.ranges[0].has_range && T.plan.ranges[0].lo.i == 1 &&
	               T.plan.ranges[0].hi.i == 3);
	CU_ASSERT_STRING_EQUAL(T.filter, "k1 IN (3, 1, 2)");
	rules("KP021 KP002");
	/* repeated ranges do not count */
	kp_buf_clear(&q);
	kp_buf_puts(&q, "SELECT * FROM nt WHERE k0 IN (");
	for (int i = 0; i < 6000; i++)
		kp_buf_printf(&q, "%s%d", i ? ", " : "", i);
	kp_buf_puts(&q, ") OR k0 IN (");
	for (int i = 0; i < 6000; i++)
		kp_buf_printf(&q, "%s%d", i ? ", " : "", 5999 - i);
	kp_buf_puts(&q, ")");
	kpt_plan(&T, q.data);
	CU_ASSERT_STRING_EQUAL(T.access, "scan");
	CU_ASSERT_EQUAL(T.plan.nranges, 6000);
	rules("");
	kp_buf_free(&q);
}

/* Phoenix's skip scan: a union of ranges on one column, then equalities on
 * the next, is their product. */
static void test_skip_scan_product(void)
{
	const char *ab = "{\"eq\": [], \"range\": {\"column\": \"KEY1\", \"lower\": \"a\", \"lower_inclusive\": true, "
	                 "\"upper\": \"b\", \"upper_inclusive\": true}, \"then\": [%d]}";
	const char *ce = "{\"eq\": [], \"range\": {\"column\": \"KEY1\", \"lower\": \"c\", \"lower_inclusive\": false, "
	                 "\"upper\": \"e\", \"upper_inclusive\": true}, \"then\": [%d]}";
	char want[2048], x[4][256];
	snprintf(x[0], 256, ab, 1);
	snprintf(x[1], 256, ab, 2);
	snprintf(x[2], 256, ce, 1);
	snprintf(x[3], 256, ce, 2);
	snprintf(want, sizeof want, "[%s, %s, %s, %s]", x[0], x[1], x[2], x[3]);
	plan("SELECT * FROM ph WHERE ((KEY1 BETWEEN 'a' AND 'b') OR (KEY1 > 'c' AND KEY1 <= 'e')) AND KEY2 IN (1, 2)",
	     "scan", want, "", "none");
	CU_ASSERT_STRING_EQUAL(T.text, "SCAN ph 4 ranges: range KEY1 ['a', 'b'] then (KEY2=1); range KEY1 ['a', 'b'] "
	                       "then (KEY2=2); range KEY1 ('c', 'e'] then (KEY2=1); range KEY1 ('c', 'e'] then (KEY2=2)");
	/* the ranges of one then-value interleave with the other's: no key order */
	plan("SELECT * FROM ph WHERE ((KEY1 BETWEEN 'a' AND 'b') OR (KEY1 > 'c' AND KEY1 <= 'e')) AND KEY2 IN (1, 2) "
	     "ORDER BY KEY1", "scan", want, "", "sort");
	/* overlapping ranges with the same then-values merge */
	plan("SELECT * FROM ph WHERE (KEY1 BETWEEN 'a' AND 'c' OR KEY1 BETWEEN 'b' AND 'd') AND KEY2 = 1", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"KEY1\", \"lower\": \"a\", \"lower_inclusive\": true, "
	     "\"upper\": \"d\", \"upper_inclusive\": true}, \"then\": [1]}]", "", "none");
	/* a single range keeps the equality in the filter */
	plan("SELECT * FROM ph WHERE KEY1 >= 'a' AND KEY2 = 1", "filtered_scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"KEY1\", \"lower\": \"a\", \"lower_inclusive\": true, "
	     "\"upper\": null, \"upper_inclusive\": false}}]", "KEY2 = 1", "none");
}

/* A list of n terms: "p1 = 0 OR p1 = 1 ..." or "p1 IN (0, 1, ...)". */
static char *term_list(int n, bool or)
{
	size_t cap = (size_t)n * 16 + 64;
	char *q = malloc(cap), *e = q;
	e += sprintf(e, "SELECT * FROM k3 WHERE %s", or ? "" : "p1 IN (");
	for (int i = 0; i < n; i++)
		e += sprintf(e, or ? "%sp1 = %d" : "%s%d", i ? (or ? " OR " : ", ") : "", i);
	if (!or)
		strcpy(e, ")");
	return q;
}

/* The arenas a statement may take memory from (kpt collects into its own). */
static void arenas_peak_clear(void)
{
	kp_arena_peak_clear(&T.arena);
	kp_arena_peak_clear(&T.pipe.scratch);
	kp_arena_peak_clear(&T.pipe.arena);
}

static size_t arenas_peak(void)
{
	return kp_arena_peak(&T.arena) + kp_arena_peak(&T.pipe.scratch) + kp_arena_peak(&T.pipe.arena);
}

/* A flat OR chain costs what the same IN list costs: the box set grows in
 * place, not copied once a term (10k terms took 400 MB, 100k 4 GB). The
 * high-water mark of the statement's arena is measured, not time. */
static void test_or_chain_memory_is_that_of_the_in_list(void)
{
	size_t or10k = 0;
	for (int n = 10000; n <= 100000; n *= 10) {
		char *in = term_list(n, false), *or = term_list(n, true);
		arenas_peak_clear();
		kpt_plan(&T, in);
		size_t in_bytes = arenas_peak();
		char in_ranges[sizeof T.ranges];
		const char *in_access = T.access;
		snprintf(in_ranges, sizeof in_ranges, "%s", T.ranges);
		arenas_peak_clear();
		kpt_plan(&T, or);
		size_t or_bytes = arenas_peak();
		/* the same access and ranges (the filter is written as typed) */
		CU_ASSERT_STRING_EQUAL(T.access, in_access);
		CU_ASSERT_STRING_EQUAL(T.ranges, in_ranges);
		/* each term of the chain is three AST nodes where the list has
		 * one value: a few times the list's bytes, and linear in the
		 * terms (10 times the terms, at most 12 times the bytes) */
		if (getenv("KP_SHOW_PEAK") || or_bytes > 5 * in_bytes)
			fprintf(stderr, "\n  %d terms: OR %zu bytes, IN %zu bytes\n", n, or_bytes, in_bytes);
		CU_ASSERT_TRUE(or_bytes <= 5 * in_bytes);
		if (n == 10000)
			or10k = or_bytes;
		else
			CU_ASSERT_TRUE(or_bytes <= 12 * or10k);
		free(in);
		free(or);
	}
}

/* A range with parameters on an index column that can be NULL: x >= ?
 * AND x < ? is the range [?, ?) and nothing left to filter (before, the
 * NULL-excluding lower end of x < ? could not be compared with ?, so
 * x < ? stayed a filter: a FILTERED SCAN, and the advisor found such an
 * index to serve nothing). */
static void test_parameter_range_on_a_nullable_index_column(void)
{
	kpt t;
	kpt_init_target(&t, KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE trades (order_number BIGINT NOT NULL, seller_id VARCHAR(32), "
	                               "trade_time BIGINT, amount BIGINT, PRIMARY KEY (order_number));\n"
	                               "CREATE INDEX ix_s ON trades (seller_id, trade_time) INCLUDE (amount);\n"), 0);
	kpt_plan(&t, "SELECT amount FROM trades WHERE seller_id = ? AND trade_time >= ? AND trade_time < ?");
	CU_ASSERT_STRING_EQUAL(t.text, "SCAN trades via index ix_s prefix (seller_id=?) range trade_time [?, ?)");
	kpt_plan(&t, "SELECT amount FROM trades WHERE seller_id = ? AND trade_time < ? AND trade_time > ?");
	CU_ASSERT_STRING_EQUAL(t.text, "SCAN trades via index ix_s prefix (seller_id=?) range trade_time (?, ?)");
	/* one end only: still above NULL, read from the first non-NULL value */
	kpt_plan(&t, "SELECT amount FROM trades WHERE seller_id = ? AND trade_time < ?");
	CU_ASSERT_STRING_EQUAL(t.text, "SCAN trades via index ix_s prefix (seller_id=?) range trade_time (NULL, ?)");
	kpt_free(&t);
}

KPT_SUITE("ranges", plan_setup, plan_teardown,
	{"x >= ? AND x < ? on a nullable index column is the range [?, ?), no filter",
	 test_parameter_range_on_a_nullable_index_column},
	{"a flat OR chain costs the memory of the same IN list", test_or_chain_memory_is_that_of_the_in_list},
	{"ranges in stored key order", test_ranges_in_key_order},
	{"NULLs on index columns", test_nulls_on_index_columns},
	{"literal forms", test_literal_forms},
	{"parameters as bounds", test_parameter_bounds},
	{"the range limit", test_range_limit},
	{"skip-scan product", test_skip_scan_product})
