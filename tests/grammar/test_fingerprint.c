/* Statement fingerprints: what they keep (anything that can change a plan)
 * and what they drop (literal values, comments, white space, keyword case). */
#include <string.h>

#include "grammar/fingerprint.h"
#include "kp_test.h"

static kp_arena arena;

/* The fingerprint of the one statement sql holds. */
static uint64_t fp_of(const char *sql, bool fold, uint32_t max_in)
{
	kp_list l = {0};
	kp_diags d = {0};
	kp_source src;
	kp_source_from_string(&src, "t.sql", sql, strlen(sql));
	kp_parse_all(&l, &src, &arena, &d);
	CU_ASSERT_PTR_NULL(d.head);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	kp_fp_opts o = {fold, max_in};
	uint64_t h = kp_stmt_fingerprint(l.items[0], &o);
	kp_source_free(&src);
	CU_ASSERT_NOT_EQUAL(h, 0);
	return h;
}

static void same(const char *a, const char *b)
{
	if (fp_of(a, true, 1000) != fp_of(b, true, 1000))
		fprintf(stderr, "\n  expected one shape:\n    %s\n    %s\n", a, b);
	CU_ASSERT_EQUAL(fp_of(a, true, 1000), fp_of(b, true, 1000));
}

static void differ(const char *a, const char *b)
{
	if (fp_of(a, true, 1000) == fp_of(b, true, 1000))
		fprintf(stderr, "\n  expected two shapes:\n    %s\n    %s\n", a, b);
	CU_ASSERT_NOT_EQUAL(fp_of(a, true, 1000), fp_of(b, true, 1000));
}

static void test_values_comments_space_and_keyword_case_dropped(void)
{
	same("SELECT a FROM t WHERE k = 1 AND v > 10", "select a\n  from t -- note\n where k = 99 and /* x */ v > -3");
	same("SELECT * FROM t WHERE k = 'abc'", "SELECT * FROM t WHERE k = 'zzzzzzzz'");
	same("UPSERT INTO t (k, v) VALUES (1, 'a')", "UPSERT INTO t (k, v) VALUES (2, 'bbb')");
	same("DELETE FROM t WHERE k = 5", "DELETE FROM t WHERE k = 6");
}

static void test_literal_type_and_null_kept(void)
{
	differ("SELECT * FROM t WHERE k = 1", "SELECT * FROM t WHERE k = '1'");
	differ("SELECT * FROM t WHERE k = 1", "SELECT * FROM t WHERE k = 1.5");
	differ("SELECT * FROM t WHERE k = 1", "SELECT * FROM t WHERE k = NULL");
	differ("SELECT * FROM t WHERE k = 1", "SELECT * FROM t WHERE k = ?");
	differ("SELECT * FROM t WHERE k IS NULL", "SELECT * FROM t WHERE k IS NOT NULL");
	differ("SELECT * FROM t WHERE k = 1", "SELECT * FROM t WHERE k >= 1");
}

static void test_like_kind_kept_its_text_dropped(void)
{
	same("SELECT * FROM t WHERE k LIKE 'ab%'", "SELECT * FROM t WHERE k LIKE 'zzzz%'");
	same("SELECT * FROM t WHERE k LIKE '%ab'", "SELECT * FROM t WHERE k LIKE '_x%y'");
	differ("SELECT * FROM t WHERE k LIKE 'ab%'", "SELECT * FROM t WHERE k LIKE '%ab'");
	differ("SELECT * FROM t WHERE k LIKE 'ab%'", "SELECT * FROM t WHERE k LIKE 'ab'");
	differ("SELECT * FROM t WHERE k LIKE 'ab%'", "SELECT * FROM t WHERE k LIKE 'ab%c'");
	differ("SELECT * FROM t WHERE k LIKE 'ab%'", "SELECT * FROM t WHERE k NOT LIKE 'ab%'");
	CU_ASSERT_EQUAL(kp_like_pattern_kind("abc", 3, false), KP_LIKE_EXACT);
	CU_ASSERT_EQUAL(kp_like_pattern_kind("abc%", 4, false), KP_LIKE_PREFIX);
	CU_ASSERT_EQUAL(kp_like_pattern_kind("a_c%", 4, false), KP_LIKE_PREFIX_MORE);
	CU_ASSERT_EQUAL(kp_like_pattern_kind("%bc", 3, false), KP_LIKE_ANY);
	CU_ASSERT_EQUAL(kp_like_pattern_kind("ab*", 3, true), KP_LIKE_PREFIX);
	CU_ASSERT_EQUAL(kp_like_pattern_kind("ab%", 3, true), KP_LIKE_EXACT);
}

static void test_in_list_length_against_the_limit(void)
{
	same("SELECT * FROM t WHERE k IN (1, 2)", "SELECT * FROM t WHERE k IN (5, 6, 7)");
	differ("SELECT * FROM t WHERE k IN (1)", "SELECT * FROM t WHERE k IN (1, 2)");
	differ("SELECT * FROM t WHERE k IN (1, 2)", "SELECT * FROM t WHERE k IN ('a', 'b')");
	/* past the target's limit of 3 values, not before */
	CU_ASSERT_EQUAL(fp_of("SELECT * FROM t WHERE k IN (1, 2)", true, 3),
	                fp_of("SELECT * FROM t WHERE k IN (1, 2, 3)", true, 3));
	CU_ASSERT_NOT_EQUAL(fp_of("SELECT * FROM t WHERE k IN (1, 2, 3)", true, 3),
	                    fp_of("SELECT * FROM t WHERE k IN (1, 2, 3, 4)", true, 3));
	/* no limit: the order of magnitude from 64 values on */
	kp_buf a = {0}, b = {0};
	kp_buf_puts(&a, "SELECT * FROM t WHERE k IN (0");
	kp_buf_puts(&b, "SELECT * FROM t WHERE k IN (0");
	for (int i = 1; i < 200; i++)
		kp_buf_printf(&a, ", %d", i);
	for (int i = 1; i < 20; i++)
		kp_buf_printf(&b, ", %d", i);
	kp_buf_puts(&a, ")");
	kp_buf_puts(&b, ")");
	CU_ASSERT_NOT_EQUAL(fp_of(a.data, true, 0), fp_of(b.data, true, 0));
	kp_buf_free(&a);
	kp_buf_free(&b);
}

static void test_names_compared_as_the_target_does(void)
{
	/* a digit is part of a name */
	differ("SELECT * FROM t1 WHERE k = 1", "SELECT * FROM t2 WHERE k = 1");
	differ("SELECT * FROM t WHERE k1 = 1", "SELECT * FROM t WHERE k2 = 1");
	/* case: folded where the target ignores it, kept where it compares bytes */
	CU_ASSERT_EQUAL(fp_of("SELECT * FROM T WHERE K = 1", true, 0), fp_of("SELECT * FROM t WHERE k = 1", true, 0));
	CU_ASSERT_NOT_EQUAL(fp_of("SELECT * FROM T WHERE K = 1", false, 0),
	                    fp_of("SELECT * FROM t WHERE k = 1", false, 0));
	/* quoting changes nothing the catalog compares: the same name quoted or
	 * not is one name, folded or byte for byte as the target compares */
	CU_ASSERT_EQUAL(fp_of("SELECT * FROM \"T\" WHERE k = 1", true, 0),
	                fp_of("SELECT * FROM \"t\" WHERE k = 1", true, 0));
	CU_ASSERT_EQUAL(fp_of("SELECT * FROM \"t\" WHERE \"k\" = 1", false, 0),
	                fp_of("SELECT * FROM t WHERE k = 1", false, 0));
	CU_ASSERT_NOT_EQUAL(fp_of("SELECT * FROM \"T\" WHERE k = 1", false, 0),
	                    fp_of("SELECT * FROM t WHERE k = 1", false, 0));
}

static void test_clauses_that_change_a_plan_kept(void)
{
	differ("SELECT * FROM t WHERE k = 1 ORDER BY v", "SELECT * FROM t WHERE k = 1 ORDER BY v DESC");
	differ("SELECT * FROM t WHERE k = 1 LIMIT 10", "SELECT * FROM t WHERE k = 1 LIMIT 20");
	differ("SELECT * FROM t WHERE k = 1", "SELECT v FROM t WHERE k = 1");
	differ("SELECT * FROM t WHERE a = 1 AND b = 2", "SELECT * FROM t WHERE a = 1 OR b = 2");
	differ("SELECT /*+ INDEX(t i) */ * FROM t WHERE k = 1", "SELECT * FROM t WHERE k = 1");
	differ("UPDATE t SET v = 1 WHERE k = 1", "DELETE FROM t WHERE k = 1");
	differ("INSERT INTO t (k, v) VALUES (1, 2)", "INSERT INTO t (k, v) VALUES (1, 2), (3, 4)");
	differ("SELECT * FROM t WHERE k = 1", "SELECT * FROM u WHERE k = 1");
}

static int setup(void)
{
	kp_arena_init(&arena);
	return 0;
}

static int teardown(void)
{
	kp_arena_free(&arena);
	return 0;
}

KPT_SUITE("fingerprint", setup, teardown,
	{"literal values, comments, white space and keyword case are dropped",
	 test_values_comments_space_and_keyword_case_dropped},
	{"a literal's type and NULL are kept", test_literal_type_and_null_kept},
	{"the kind of a LIKE pattern is kept, its text dropped", test_like_kind_kept_its_text_dropped},
	{"an IN list's length is kept against the target's limit", test_in_list_length_against_the_limit},
	{"names compare as the target compares them, digits included", test_names_compared_as_the_target_does},
	{"ORDER BY, LIMIT, items, hints, kinds and tables are kept", test_clauses_that_change_a_plan_kept})
