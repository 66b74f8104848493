/* The columns and values of an INSERT checked against the table it writes
 * (planner/insert.c): a listed column the table lacks is KP009 at the
 * column with the nearest name as help; a row whose value count differs
 * from the column list, or from the table's columns when none is listed,
 * is KP011 at that row in MySQL's ERROR 1136 words; Phoenix's typed
 * dynamic columns are columns of the statement, and its own count check
 * (ERROR 1020) is write.c's. Each case asserts the rule, the message, the
 * span and the help. */
#include <string.h>

#include "advisor/targets.h"
#include "kp_test.h"

static kpt G;   /* --target generic */
static kpt P;   /* --target phoenix */

static const char *SCHEMA =
	"CREATE TABLE t (id BIGINT NOT NULL, name VARCHAR(10), age INT, PRIMARY KEY (id));\n";

static int target_setup(kpt *t, kp_target tg)
{
	kpt_init_target(t, tg);
	return kpt_schema(t, SCHEMA);
}

static int setup(void)
{
	return target_setup(&G, KP_TARGET_GENERIC) || target_setup(&P, KP_TARGET_PHOENIX);
}

static int teardown(void)
{
	kpt_free(&G);
	kpt_free(&P);
	return 0;
}

/* The n-th diagnostic (from 0) of the last statement: its rule, message,
 * the text its span covers, and its first help (or NULL). */
static void expect(const kpt *t, const char *sql, int n, kp_rule rule, const char *message, const char *span,
                   const char *help)
{
	const kp_diag *g = t->d.head;
	for (int i = 0; g && i < n; i++)
		g = g->next;
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	CU_ASSERT_EQUAL(g->rule, rule);
	CU_ASSERT_STRING_EQUAL(g->message, message);
	CU_ASSERT_EQUAL(g->len, strlen(span));
	CU_ASSERT_TRUE(g->off + strlen(span) <= strlen(sql) && !strncmp(sql + g->off, span, strlen(span)));
	if (help) {
		CU_ASSERT_PTR_NOT_NULL_FATAL(g->helps);
		CU_ASSERT_STRING_EQUAL(g->helps->message, help);
	} else {
		CU_ASSERT_PTR_NULL(g->helps);
	}
}

static void test_unknown_listed_column(void)
{
	const char *q = "INSERT INTO t (id, nmae) VALUES (1, 'a')";
	CU_ASSERT_EQUAL(kpt_plan(&G, q), 1);
	CU_ASSERT_STRING_EQUAL(G.rules, "KP009");
	expect(&G, q, 0, KP_R_UNKNOWN_COLUMN, "unknown column 'nmae' in table t", "nmae", "did you mean 'name'?");
}

static void test_unknown_column_reported_once_per_column_and_no_count_check(void)
{
	/* two unknown columns: one finding each; the row's count is not
	 * judged against a list that is wrong already */
	const char *q = "INSERT INTO t (id, x, y) VALUES (1, 2)";
	CU_ASSERT_EQUAL(kpt_plan(&G, q), 2);
	CU_ASSERT_STRING_EQUAL(G.rules, "KP009 KP009");
	expect(&G, q, 0, KP_R_UNKNOWN_COLUMN, "unknown column 'x' in table t", "x", NULL);
	expect(&G, q, 1, KP_R_UNKNOWN_COLUMN, "unknown column 'y' in table t", "y", NULL);
}

static void test_row_with_more_values_than_columns(void)
{
	const char *q = "INSERT INTO t (id, name) VALUES (1, 'a', 3), (2, 'b')";
	CU_ASSERT_EQUAL(kpt_plan(&G, q), 1);
	CU_ASSERT_STRING_EQUAL(G.rules, "KP011");
	expect(&G, q, 0, KP_R_SYNTAX,
	       "3 values for the 2 columns listed (MySQL ERROR 1136: \"Column count doesn't match value count at row 1\")",
	       "1, 'a', 3", NULL);
}

static void test_no_column_list_counts_the_table(void)
{
	const char *q = "INSERT INTO t VALUES (1, 'a')";
	CU_ASSERT_EQUAL(kpt_plan(&G, q), 1);
	expect(&G, q, 0, KP_R_SYNTAX,
	       "2 values for the 3 columns of t (MySQL ERROR 1136: \"Column count doesn't match value count at row 1\")",
	       "1, 'a'", NULL);
	CU_ASSERT_EQUAL(kpt_plan(&G, "INSERT INTO t VALUES (1, 'a', 2)"), 0);
	CU_ASSERT_STRING_EQUAL(G.rules, "");
}

static void test_matching_insert_is_clean(void)
{
	CU_ASSERT_EQUAL(kpt_plan(&G, "INSERT INTO t (id, name) VALUES (1, 'a'), (2, 'b')"), 0);
	CU_ASSERT_STRING_EQUAL(G.rules, "");
}

static void test_phoenix_dynamic_column_is_not_unknown(void)
{
	/* Phoenix's UPSERT INTO t (a, b VARCHAR): b is a dynamic column */
	CU_ASSERT_EQUAL(kpt_plan(&P, "UPSERT INTO t (id, extra VARCHAR) VALUES (1, 'a')"), 0);
	CU_ASSERT_FALSE(strstr(P.rules, "KP009") != NULL);
	const char *q = "UPSERT INTO t (id, nme) VALUES (1, 'a')";
	CU_ASSERT_EQUAL(kpt_plan(&P, q), 1);
	expect(&P, q, 0, KP_R_UNKNOWN_COLUMN, "unknown column 'NME' in table T", "nme", "did you mean 'NAME'?");
}

int main(void)
{
	CU_TestInfo tests[] = {
		{"a listed column the table lacks: KP009 at it, with the nearest name", test_unknown_listed_column},
		{"each unknown column once, and no count check on a wrong list",
		 test_unknown_column_reported_once_per_column_and_no_count_check},
		{"a row with more values than the columns listed: KP011 at the row", test_row_with_more_values_than_columns},
		{"no column list: the row is counted against the table's columns", test_no_column_list_counts_the_table},
		{"a matching INSERT has no finding", test_matching_insert_is_clean},
		{"Phoenix: a typed dynamic column is the statement's; a misspelt one is KP009",
		 test_phoenix_dynamic_column_is_not_unknown},
		CU_TEST_INFO_NULL,
	};
	return kpt_main("insert", setup, teardown, tests);
}
