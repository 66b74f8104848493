/* The cost model's rows written (advisor/judge_plan.c, docs/advice.md): an
 * UPDATE or DELETE writes the rows its WHERE matches, wherever it reads
 * them from, and no more than it reads; one the store refuses writes
 * nothing. */
#include <string.h>

#include "adv_run.h"

/* Phoenix runs a full scan: the UPDATE reads the table and writes the 1% of
 * it that its WHERE matches (a = ?), not the table; a GET writes its row. */
static void test_update_writes_the_rows_it_matches(void)
{
	run r;
	run_w(&r, "-- distribution: k uniform\n"
	          "CREATE TABLE t (k BIGINT NOT NULL, a VARCHAR(16), b BIGINT CONSTRAINT pk PRIMARY KEY (k))",
	      "-- weight: 10\nUPDATE t SET b = ? WHERE a = ?;\n"
	      "-- weight: 7\nUPDATE t SET b = ? WHERE k = ?;\n"
	      "-- weight: 3\nDELETE FROM t WHERE b > ? AND b < ?;\n",
	      KP_TARGET_PHOENIX);
	const kp_table_review *v = review_of(&r, "t");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.written, 10 * 1e6 * 0.01 + 7 * 1 + 3 * 1e6 * 0.1, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 10 * 1e6 + 7 * 1 + 3 * 1e6, 1e-6);
	run_free(&r);
}

/* Lindorm refuses the full scan: the UPDATE does not run, writes nothing
 * and reads nothing; it counts by its weight as refused (the rows it would
 * read, the table, kept apart); its GET twin writes its row. */
static void test_refused_update_writes_nothing(void)
{
	run r;
	run_w(&r, "-- distribution: k uniform\n"
	          "CREATE TABLE t (k BIGINT NOT NULL, a VARCHAR(16), b BIGINT, PRIMARY KEY (k))",
	      "-- weight: 10\nUPDATE t SET b = ? WHERE a = ?;\n"
	      "-- weight: 7\nUPDATE t SET b = ? WHERE k = ?;\n",
	      KP_TARGET_LINDORM);
	const kp_table_review *v = review_of(&r, "t");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.written, 7, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 7, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->before.refused, 10, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->before.refused_rows, 10 * 1e6, 1e-6);
	run_free(&r);
}

/* LindormTable deletes one row by its whole key (batch deletion is off by
 * default): a DELETE by another column is refused whatever index exists,
 * so none is proposed for it, and no index is chosen for it; the sweep of
 * Spring Session (E19) was served by an index table, then a search index. */
static void test_lindorm_delete_by_another_column_served_by_no_index(void)
{
	run r;
	run_w(&r, "-- distribution: k uniform\n"
	          "CREATE TABLE t (k BIGINT NOT NULL, a BIGINT, b VARCHAR(16), PRIMARY KEY (k))",
	      "-- weight: 5\nDELETE FROM t WHERE a < ?;\n"
	      "-- weight: 100\nUPSERT INTO t (k, a, b) VALUES (?, ?, ?);\n",
	      KP_TARGET_LINDORM);
	const kp_table_review *v = review_of(&r, "t");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	expect_recommended(&r, "t", "");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "t", 1), "");
	for (uint32_t i = 0; i < r.adv.advice.n; i++)
		CU_ASSERT_PTR_NULL(((const kp_advice *)r.adv.advice.items[i])->index);
	CU_ASSERT_DOUBLE_EQUAL(v->before.written, 100, 1e-6);   /* the refused DELETE writes nothing */
	run_free(&r);
	/* the same DELETE on Phoenix runs, through an index when one pays */
	run_w(&r, "-- distribution: k uniform\n"
	          "CREATE TABLE t (k BIGINT NOT NULL, a BIGINT, b VARCHAR(16) CONSTRAINT pk PRIMARY KEY (k))",
	      "-- weight: 5\nDELETE FROM t WHERE a = ?;\n"
	      "-- weight: 100\nUPSERT INTO t (k, a, b) VALUES (?, ?, ?);\n",
	      KP_TARGET_PHOENIX);
	int indexes = 0;
	for (uint32_t i = 0; i < r.adv.advice.n; i++)
		indexes += ((const kp_advice *)r.adv.advice.items[i])->index != NULL;
	CU_ASSERT_TRUE(indexes > 0);
	run_free(&r);
}

KPT_SUITE("cost", NULL, NULL,
	{"an UPDATE or DELETE writes the rows its WHERE matches", test_update_writes_the_rows_it_matches},
	{"a refused UPDATE writes nothing", test_refused_update_writes_nothing},
	{"a Lindorm DELETE by another column than the key is served by no index",
	 test_lindorm_delete_by_another_column_served_by_no_index})
