/* A statement resolved once and planned on hypothetical copies of its table
 * (kp_prepare, kp_plan_prepared): each plan is the one kp_plan_on_table
 * makes on the copy, also where the resolution depends on the key. */
#include <string.h>

#include "kp_test.h"

static kpt T;

static int setup(void)
{
	return kpt_setup(&T, "CREATE TABLE t (a BIGINT NOT NULL, b BIGINT NOT NULL, c VARCHAR(10), d BIGINT, "
	                     "PRIMARY KEY (a, b));"
	                     "CREATE INDEX t_c ON t (c) INCLUDE (d);");
}

static int teardown(void)
{
	kpt_free(&T);
	return 0;
}

/* A copy of t keyed by the columns cols (as the advisor makes one). */
static kp_table *rekeyed(kp_arena *a, const kp_table *t, const int *cols, int n, bool indexes)
{
	kp_table *h = kp_arena_alloc(a, sizeof(*h));
	*h = *t;
	h->cols = kp_arena_alloc(a, sizeof(kp_column) * (size_t)t->ncols);
	memcpy(h->cols, t->cols, sizeof(kp_column) * (size_t)t->ncols);
	for (int i = 0; i < t->ncols; i++)
		h->cols[i].key_pos = -1;
	h->pk.n = n;
	h->pk.parts = kp_arena_alloc(a, sizeof(kp_key_part) * (size_t)n);
	for (int i = 0; i < n; i++) {
		h->pk.parts[i].col = cols[i];
		h->cols[cols[i]].key_pos = i;
	}
	if (!indexes)
		h->nindexes = 0;
	return h;
}

static void text_of(char *out, size_t n, const kp_plan *p)
{
	kp_buf b = {0};
	kp_explain_text(&b, p, p->stmt);
	snprintf(out, n, "%s", b.data ? b.data : "");
	kp_buf_free(&b);
}

/* Plans sql on the copy of t keyed cols, through kp_plan_prepared and
 * through kp_plan_on_table: the two must agree; returns the first's
 * text in out. */
static void plan_both(const char *sql, const int *cols, int n, bool indexes, char *out, size_t outn)
{
	kpt_plan(&T, sql);
	CU_ASSERT_PTR_NOT_NULL_FATAL(T.stmt);
	CU_ASSERT_PTR_NOT_NULL_FATAL(T.plan.table);
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0}, d1 = {0}, d2 = {0};
	const kp_prepared *p = kp_prepare(T.plan.table, T.stmt, &T.opts, NULL, &a, &d);
	kp_table *h = rekeyed(&a, T.plan.table, cols, n, indexes);
	kp_plan p1, p2;
	kp_plan_prepared(&p1, p, h, &a, &d1);
	kp_plan_on_table(&p2, h, T.stmt, &T.opts, NULL, &a, &d2);
	char t2[512];
	text_of(out, outn, &p1);
	text_of(t2, sizeof t2, &p2);
	CU_ASSERT_STRING_EQUAL(out, t2);
	CU_ASSERT_EQUAL(p1.access, p2.access);
	CU_ASSERT_EQUAL(p1.order, p2.order);
	CU_ASSERT_EQUAL(d1.count[KP_SEV_ERROR], d2.count[KP_SEV_ERROR]);
	kp_arena_free(&a);
}

static void test_prepared_plans_as_on_table_on_another_key(void)
{
	char text[512];
	int ba[] = {1, 0}, a[] = {0, 1}, dkey[] = {3, 0};
	plan_both("SELECT * FROM t WHERE b = 1", ba, 2, false, text, sizeof text);
	CU_ASSERT_STRING_EQUAL(text, "SCAN t prefix (b=1)");
	plan_both("SELECT * FROM t WHERE b = 1", a, 2, false, text, sizeof text);
	CU_ASSERT_STRING_EQUAL(text, "REJECTED t: full table scan, no condition on leading key column a filter b = 1");
	plan_both("SELECT c FROM t WHERE b = 2 AND a = 3 ORDER BY b", ba, 2, false, text, sizeof text);
	CU_ASSERT_STRING_EQUAL(text, "GET t key (b=2, a=3) order key");
	plan_both("SELECT d FROM t WHERE c = 'x'", ba, 2, true, text, sizeof text);
	CU_ASSERT_STRING_EQUAL(text, "SCAN t via index t_c prefix (c='x')");
	plan_both("SELECT d FROM t WHERE d > 5 ORDER BY d DESC LIMIT 3", dkey, 2, false, text, sizeof text);
	CU_ASSERT_STRING_EQUAL(text, "SCAN t range d (5, +inf) order reverse");
}

/* Lindorm's d_l_ts is the write time of non-key column d: on a copy keyed
 * by d it names nothing, and the prepared statement is resolved again */
static void test_prepared_resolves_again_where_the_key_decides(void)
{
	char text[512];
	int ab[] = {0, 1}, dkey[] = {3, 0};
	plan_both("SELECT * FROM t WHERE a = 1 AND d_l_ts > 5", ab, 2, false, text, sizeof text);
	CU_ASSERT_STRING_EQUAL(text, "FILTERED SCAN t prefix (a=1) filter d_l_ts > 5");
	plan_both("SELECT * FROM t WHERE a = 1 AND d_l_ts > 5", dkey, 2, false, text, sizeof text);
	CU_ASSERT_STRING_EQUAL(text, "ERROR: statement not planned (see diagnostics)");
}

KPT_SUITE("rebind", setup, teardown,
	{"a prepared statement plans on another key as kp_plan_on_table does",
	 test_prepared_plans_as_on_table_on_another_key},
	{"a prepared statement is resolved again where the key decides a name",
	 test_prepared_resolves_again_where_the_key_decides})
