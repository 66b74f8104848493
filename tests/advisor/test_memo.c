/* The judge's memo of plans (advisor/memo.c) and the planner's proof that
 * an index cannot change a plan (kp_prepared_may_use, planner/rebind.c):
 * designs that differ in a part a statement can use never share its plan,
 * designs that differ only in indexes it cannot use do, and the shared plan
 * is the one planning gives. */
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"
#include "advisor/advisorInt.h"

static const char *schema = "CREATE TABLE m (a BIGINT NOT NULL, b BIGINT, c BIGINT, d BIGINT, e BIGINT, "
                            "PRIMARY KEY (a))";

static const kp_table *table_m(const run *r)
{
	return kp_catalog_find(&r->t.cat, "m", 1);
}

/* A KV index on one column of m (then its key), covering cover (-1: none). */
static kp_index *ix_on(run *r, const char *name, int col, int cover)
{
	const kp_table *t = table_m(r);
	bool covers[8] = {false};
	if (cover >= 0)
		covers[cover] = true;
	return kpa_hypo_index(&r->a, t, name, &col, NULL, 1, covers);
}

static kp_table *design(run *r, const kp_key *key, kp_index *x, kp_index *y)
{
	const kp_table *t = table_m(r);
	kp_index **ix = kp_arena_alloc(&r->a, sizeof(kp_index *) * 3);
	int n = 0;
	if (x)
		ix[n++] = x;
	if (y)
		ix[n++] = y;
	return kpa_hypo_table(&r->a, t, key ? key : &t->pk, ix, n);
}

/* The run's advisor with its memo emptied (the judge filled it). */
static void forget(run *r)
{
	r->adv.memo = NULL;
}

static const kp_wquery *query(const run *r, uint32_t i)
{
	CU_ASSERT_FATAL(i < r->adv.queries.n);
	return r->adv.queries.items[i];
}

/* The class the memo gives for q on h, filled by planning when new, and
 * whether it was new. */
static kp_access memo_class(run *r, const kp_wquery *q, const kp_table *h, bool *fresh)
{
	kp_arena scratch;
	kp_arena_init(&scratch);
	kpa_memo_use use;
	kpa_memo_val *m = kpa_memo_slot(&r->adv, q, table_m(r), h, NULL, 0, &scratch, &use);
	*fresh = use.fresh;
	if (use.fresh) {
		/* planned on the design without the indexes left out of the key,
		 * as the judge plans it */
		const kp_table *on = use.nix < h->nindexes ? kpa_hypo_table(&scratch, table_m(r), &h->pk, use.ix, use.nix)
		                                          : h;
		m->cls = kpa_plan_class(on, q, &scratch, NULL);
	}
	kp_access a = m->cls;
	kp_arena_free(&scratch);
	return a;
}

static kp_access plan_class(const kp_wquery *q, const kp_table *h)
{
	kp_arena scratch;
	kp_arena_init(&scratch);
	kp_access a = kpa_plan_class(h, q, &scratch, NULL);
	kp_arena_free(&scratch);
	return a;
}

static void test_index_the_statement_reads_is_relevant(void)
{
	run r;
	run_advisor(&r, schema, "SELECT b FROM m WHERE c = 1;\n", KP_TARGET_LINDORM);
	kp_index *ic = ix_on(&r, "ix_c", 2, -1), *id = ix_on(&r, "ix_d", 3, 1), *ie = ix_on(&r, "ix_e", 4, -1);
	kp_table *h = kpa_hypo_table(&r.a, table_m(&r), &table_m(&r)->pk,
	                             (kp_index *[]){ic, id, ie}, 3);
	bool may[3];
	kp_prepared_may_use(kpa_prep(query(&r, 0)), h, may);
	CU_ASSERT_TRUE(may[0]);    /* its WHERE binds c */
	CU_ASSERT_FALSE(may[1]);   /* d: not read; covering b matters to Phoenix only */
	CU_ASSERT_FALSE(may[2]);   /* e: not read */
	run_free(&r);
}

static void test_phoenix_covering_index_is_relevant(void)
{
	run r;
	run_advisor(&r, schema, "SELECT b FROM m WHERE c = 1;\n", KP_TARGET_PHOENIX);
	kp_index *id = ix_on(&r, "ix_d", 3, 1), *ie = ix_on(&r, "ix_e", 4, -1);
	kp_table *h = design(&r, NULL, id, ie);
	bool may[2];
	kp_prepared_may_use(kpa_prep(query(&r, 0)), h, may);
	CU_ASSERT_TRUE(may[0]);    /* holds b: Phoenix weighs covering paths */
	CU_ASSERT_FALSE(may[1]);
	run_free(&r);
}

static void test_every_index_is_relevant_to_a_hint_star_or_no_column(void)
{
	run r;
	run_advisor(&r, schema,
	            "SELECT /*+ _l_ignore_index_('ix_e') */ b FROM m WHERE c = 1;\n"
	            "SELECT * FROM m WHERE c = 1;\n"
	            "SELECT COUNT(*) FROM m;\n",
	            KP_TARGET_LINDORM);
	kp_index *ie = ix_on(&r, "ix_e", 4, -1);
	kp_table *h = design(&r, NULL, ie, NULL);
	for (uint32_t i = 0; i < 3; i++) {
		bool may[1] = {false};
		kp_prepared_may_use(kpa_prep(query(&r, i)), h, may);
		CU_ASSERT_TRUE(may[0]);
	}
	run_free(&r);
}

/* Two designs that differ only in an index the statement reads must not
 * share its plan: here one is a full scan and the other is not. */
static void test_designs_differing_in_a_used_index_do_not_share(void)
{
	run r;
	run_advisor(&r, schema, "SELECT b FROM m WHERE c = 1;\n", KP_TARGET_LINDORM);
	const kp_wquery *q = query(&r, 0);
	kp_index *ic = ix_on(&r, "ix_c", 2, -1), *ie = ix_on(&r, "ix_e", 4, -1);
	kp_table *none = design(&r, NULL, NULL, NULL), *with_c = design(&r, NULL, ic, NULL),
	         *with_e = design(&r, NULL, ie, NULL), *with_ce = design(&r, NULL, ie, ic);
	bool fresh;
	/* the judge planned it on the design as it is */
	CU_ASSERT_EQUAL(memo_class(&r, q, none, &fresh), KP_ACCESS_FULL);
	CU_ASSERT_FALSE(fresh);
	forget(&r);
	CU_ASSERT_EQUAL(memo_class(&r, q, none, &fresh), KP_ACCESS_FULL);
	CU_ASSERT_TRUE(fresh);
	CU_ASSERT_NOT_EQUAL(plan_class(q, with_c), KP_ACCESS_FULL);
	CU_ASSERT_EQUAL(memo_class(&r, q, with_c, &fresh), plan_class(q, with_c));
	CU_ASSERT_TRUE(fresh);
	/* an index it cannot read adds nothing: the plan without it is shared */
	CU_ASSERT_EQUAL(memo_class(&r, q, with_e, &fresh), KP_ACCESS_FULL);
	CU_ASSERT_FALSE(fresh);
	CU_ASSERT_EQUAL(plan_class(q, with_e), KP_ACCESS_FULL);
	CU_ASSERT_EQUAL(memo_class(&r, q, with_ce, &fresh), plan_class(q, with_c));
	CU_ASSERT_FALSE(fresh);
	run_free(&r);
}

/* The key is part of the entry, to its DESC parts. */
static void test_designs_differing_in_the_key_do_not_share(void)
{
	run r;
	run_advisor(&r, schema, "SELECT b FROM m WHERE a > 1 ORDER BY a;\n", KP_TARGET_LINDORM);
	const kp_wquery *q = query(&r, 0);
	const kp_table *t = table_m(&r);
	forget(&r);
	kp_key asc = *kpa_keydup(&r.a, &t->pk), desc = *kpa_keydup(&r.a, &t->pk), byc = *kpa_keydup(&r.a, &t->pk);
	desc.parts[0].desc = true;
	byc.parts[0].col = 2;
	kp_arena scratch;
	kp_arena_init(&scratch);
	kpa_memo_use use;
	kpa_memo_slot(&r.adv, q, t, design(&r, &asc, NULL, NULL), NULL, 0, &scratch, &use);
	CU_ASSERT_TRUE(use.fresh);
	kpa_memo_slot(&r.adv, q, t, design(&r, &desc, NULL, NULL), NULL, 0, &scratch, &use);
	CU_ASSERT_TRUE(use.fresh);
	kpa_memo_slot(&r.adv, q, t, design(&r, &byc, NULL, NULL), NULL, 0, &scratch, &use);
	CU_ASSERT_TRUE(use.fresh);
	kpa_memo_slot(&r.adv, q, t, design(&r, &asc, NULL, NULL), NULL, 16, &scratch, &use);
	CU_ASSERT_TRUE(use.fresh);   /* buckets too */
	kpa_memo_slot(&r.adv, q, t, design(&r, &desc, NULL, NULL), NULL, 0, &scratch, &use);
	CU_ASSERT_FALSE(use.fresh);
	kp_arena_free(&scratch);
	run_free(&r);
}

/* Relevant indexes are kept in the design's order (the planner keeps the
 * first of two paths alike). */
static void test_order_of_relevant_indexes_is_kept(void)
{
	run r;
	run_advisor(&r, schema, "SELECT b FROM m WHERE c = 1 AND d = 2;\n", KP_TARGET_LINDORM);
	const kp_wquery *q = query(&r, 0);
	kp_index *ic = ix_on(&r, "ix_c", 2, -1), *id = ix_on(&r, "ix_d", 3, -1);
	forget(&r);
	kp_arena scratch;
	kp_arena_init(&scratch);
	kpa_memo_use use;
	kpa_memo_slot(&r.adv, q, table_m(&r), design(&r, NULL, ic, id), NULL, 0, &scratch, &use);
	CU_ASSERT_TRUE(use.fresh);
	CU_ASSERT_EQUAL(use.nix, 2);
	kpa_memo_slot(&r.adv, q, table_m(&r), design(&r, NULL, id, ic), NULL, 0, &scratch, &use);
	CU_ASSERT_TRUE(use.fresh);
	kp_arena_free(&scratch);
	run_free(&r);
}

/* The judge's shortcut (kpj_plan_some, keeps_plan): a shape whose WHERE
 * and ORDER BY do not use an added index's lead keeps its cost unplanned.
 * On Phoenix such an index, covering every column read, takes a full scan
 * from the data table (orderPlansBestToWorst: fewer columns, then an
 * index), and the plan is a full scan again: every row, refused alike, the
 * ORDER BY sorted as before; only the index read through differs. Before,
 * every full scan was planned again for each covering candidate: here 40
 * shapes (each filtering on one of 8 columns) times 16 candidates (an
 * index and an index table per column); the bench's judge workload made
 * 496,422 plans on Phoenix against 81,806 on Lindorm. */
static void test_phoenix_full_scan_keeps_its_cost_unplanned(void)
{
	static const char *wide = "CREATE TABLE w (k BIGINT NOT NULL, c0 BIGINT, c1 BIGINT, c2 BIGINT, c3 BIGINT, "
	                          "c4 BIGINT, c5 BIGINT, c6 BIGINT, c7 BIGINT, CONSTRAINT pk PRIMARY KEY (k))";
	kp_buf w = {0};
	for (int i = 0; i < 40; i++)
		kp_buf_printf(&w, "-- weight: %d\nSELECT c%d FROM w WHERE c%d %s 5;\n", 10 + i % 7, i % 5, i % 8,
		              i / 8 % 2 ? ">" : "=");
	uint64_t misses[2];
	for (int k = 0; k < 2; k++) {
		run r;
		run_w(&r, wide, w.data, k ? KP_TARGET_LINDORM : KP_TARGET_PHOENIX);
		uint64_t hits;
		kpa_memo_stats(&r.adv, &hits, &misses[k]);
		run_free(&r);
	}
	/* as on Lindorm, each shape planned on the design as it is, on each
	 * key change, on the candidates led by the column it filters, and on
	 * the recommendation (Phoenix's candidates differ: at most one more
	 * plan a shape); not once per candidate (185 and 166; 745 before) */
	CU_ASSERT(misses[0] <= misses[1] + 40);
	CU_ASSERT(misses[0] < 40 * 8);
	kp_buf_free(&w);
}

KPT_SUITE("memo", NULL, NULL,
	{"an index the statement reads is relevant, others are not", test_index_the_statement_reads_is_relevant},
	{"on Phoenix an index covering a column read is relevant", test_phoenix_covering_index_is_relevant},
	{"a hint, SELECT * or no column read makes every index relevant",
	 test_every_index_is_relevant_to_a_hint_star_or_no_column},
	{"designs differing in an index the statement uses do not share its plan",
	 test_designs_differing_in_a_used_index_do_not_share},
	{"designs differing in the key, a DESC part or buckets do not share", test_designs_differing_in_the_key_do_not_share},
	{"relevant indexes are keyed in the design's order", test_order_of_relevant_indexes_is_kept},
	{"on Phoenix a full scan keeps its cost, unplanned, when a covering index its reads do not lead is added",
	 test_phoenix_full_scan_keeps_its_cost_unplanned})
