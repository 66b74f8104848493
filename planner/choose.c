/* Which of two candidate paths a target's optimizer prefers
 * (docs/targets.md, "Path choice"). Phoenix ranks its plans with
 * QueryOptimizer.orderPlansBestToWorst (the static ordering, used when no
 * statistics give costs); the other targets with keyplan's own order: the
 * best class first, then the most bound key parts. */
#include "planner/planInt.h"

/* keyplan's order: GET < SCAN < FILTERED < FULL, then more bound key
 * parts, then the ORDER BY read in key order over read backwards over
 * sorted, then covering, then fewer ranges. */
static bool better_by_class(const path_eval *a, const path_eval *b)
{
	if (a->access != b->access)
		return a->access < b->access;
	if (a->bound != b->bound)
		return a->bound > b->bound;
	if (a->order != b->order)   /* KEY < REVERSE < SORT (NONE for every path alike) */
		return a->order < b->order;
	if (a->covering != b->covering)
		return a->covering;
	return a->nranges < b->nranges;
}

/* Columns outside the key of the table a path reads: the data table's
 * non-key columns, or those an index row holds beyond its key (Phoenix's
 * "table with fewest kv columns"). */
static int kv_columns(const kp_table *t, const path_eval *p)
{
	int n = 0;
	for (int c = 0; c < t->ncols; c++) {
		bool keyed = false;
		for (int i = 0; i < p->key->n && !keyed; i++)
			keyed = p->key->parts[i].col == c;
		if (!keyed && (!p->index || p->index->covers[c]))
			n++;
	}
	return n;
}

/* Phoenix's orderPlansBestToWorst: 1) a point lookup (every key column
 * bound to values) before anything else; 2) with an ORDER BY, a plan that
 * needs no sort (read forwards or backwards); 3) more bound key columns;
 * 4) a partial index; 5) fewer columns merged in from the data table (a
 * covering plan); 6) the table with the fewest non-key columns (unless
 * USE_DATA_OVER_INDEX_TABLE, between the data table and an index); 7) not
 * a LOCAL index, unless it reads without a start or stop key; 8) an index
 * over the data table, or the data table with USE_DATA_OVER_INDEX_TABLE.
 * Class and filter play no part. */
static bool better_phoenix(const kp_table *t, const path_eval *a, const path_eval *b, const hints *h)
{
	bool pa = a->access == KP_ACCESS_GET, pb = b->access == KP_ACCESS_GET;
	if (pa != pb)
		return pa;
	bool sa = a->order == KP_ORDER_SORT, sb = b->order == KP_ORDER_SORT;
	if (sa != sb)
		return sb;
	if (a->bound != b->bound)
		return a->bound > b->bound;
	bool wa = a->index && a->index->where, wb = b->index && b->index->where;
	if (wa != wb)
		return wa;
	if (a->covering != b->covering)
		return a->covering;
	bool data_vs_index = !a->index != !b->index;
	if (!h->data_over_index || !data_vs_index) {
		int ka = kv_columns(t, a), kb = kv_columns(t, b);
		if (ka != kb)
			return ka < kb;
	}
	bool la = a->index && a->index->local, lb = b->index && b->index->local;
	if (la != lb)
		return la ? a->access == KP_ACCESS_FULL : b->access != KP_ACCESS_FULL;
	if (data_vs_index)
		return h->data_over_index ? !a->index : a->index != NULL;
	return false;
}

bool kp_path_better(const kp_table *t, const path_eval *a, const path_eval *b, const kp_plan_opts *opts,
                    const hints *h)
{
	/* a condition that is never true reads nothing on any path: keep the
	 * first (the primary key), not an index with a longer key (Phoenix
	 * returns such a plan at once: "isDegenerate") */
	if (a->nranges == 0 && b->nranges == 0 && a->access == KP_ACCESS_GET && b->access == KP_ACCESS_GET)
		return false;
	return opts->phoenix ? better_phoenix(t, a, b, h) : better_by_class(a, b);
}
