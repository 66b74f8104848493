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

/* Lindorm refuses the full scan: the UPDATE does not run, and writes
 * nothing (it counts the table as read, the model's price of a refused
 * statement); its GET twin writes its row. */
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
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 10 * 1e6 + 7, 1e-6);
	run_free(&r);
}

KPT_SUITE("cost", NULL, NULL,
	{"an UPDATE or DELETE writes the rows its WHERE matches", test_update_writes_the_rows_it_matches},
	{"a refused UPDATE writes nothing", test_refused_update_writes_nothing})
