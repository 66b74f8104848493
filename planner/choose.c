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

/* Would Lindorm refuse path p for leaving its leading column bounded on
 * one side while another column is read (plan.c says so exactly; here
 * the filter, or skip values, stand for that other column)? */
static bool refused_lead(const path_eval *p)
{
	if (p->access == KP_ACCESS_FULL || p->access == KP_ACCESS_SEARCH)
		return false;
	bool other = p->filter.n > 0, one_sided = false;
	for (int i = 0; i < p->nranges; i++) {
		const kp_range *r = &p->ranges[i];
		other = other || r->nthen > 0;
		one_sided = one_sided || (r->neq == 0 && !(r->has_range && r->lo.set && r->hi.set));
	}
	return other && one_sided;
}

bool kp_path_better(const kp_table *t, const path_eval *a, const path_eval *b, const kp_plan_opts *opts,
                    const hints *h)
{
	/* a path the store refuses (a full scan too) loses to one it runs */
	if (opts->bounded_lead) {
		bool ra = refused_lead(a) || (a->access == KP_ACCESS_FULL && !opts->never_reject),
		     rb = refused_lead(b) || (b->access == KP_ACCESS_FULL && !opts->never_reject);
		if (ra != rb)
			return rb;
	}
	/* a condition that is never true reads nothing on any path: keep the
	 * first (the primary key), not an index with a longer key (Phoenix
	 * returns such a plan at once: "isDegenerate") */
	if (a->nranges == 0 && b->nranges == 0 && a->access == KP_ACCESS_GET && b->access == KP_ACCESS_GET)
		return false;
	return opts->phoenix ? better_phoenix(t, a, b, h) : better_by_class(a, b);
}

/* Tablestore's "Index selection policy" (Query optimization, "Automatic
 * selection rules"): 1. a search index when "all columns in the WHERE,
 * aggregate, and ORDER BY clauses are covered by the same search index";
 * 2. a secondary index that "matches more leading primary key columns in
 * the WHERE clause than the data table (leftmost prefix matching) and
 * covers all columns in the query"; 3. otherwise "the internal CBO
 * (Cost-Based Optimizer) to select the lower-cost option between the data
 * table and secondary indexes". */
static kp_candidate cand_of(const path_eval *p)
{
	kp_candidate c = {p->index, p->access, p->bound, p->covering};
	return c;
}

void kp_choose_tablestore(path_eval *best, const path_eval *cands, int n, const path_eval *search, kp_arena *a)
{
	const path_eval *pick = NULL;
	kp_choice why = KP_CHOICE_COST;
	if (search) {
		pick = search;
		why = KP_CHOICE_SEARCH;
	} else {
		for (int i = 1; i < n; i++)
			if (cands[i].covering && cands[i].bound > cands[0].bound &&
			    (!pick || better_by_class(&cands[i], pick)))
				pick = &cands[i];
		if (pick)
			why = KP_CHOICE_SECONDARY;
	}
	path_eval chosen = pick ? *pick : *best;
	kp_candidate *list = kp_arena_alloc(a, sizeof(kp_candidate) * (size_t)(n + 1));
	int k = 0;
	list[k++] = cand_of(&chosen);
	for (int i = 0; i < n; i++) {
		if (cands[i].index == chosen.index && chosen.access != KP_ACCESS_SEARCH)
			continue;
		/* left to the cost model, a path no cost can prefer is no
		 * candidate: the data table or a covering index of a class as
		 * good, binding as many key columns, looks nothing up and reads
		 * no more rows; it dominates a path it beats in one of these */
		bool dominated = false;
		for (int j = 0; j < n && !pick && !dominated; j++) {
			const path_eval *y = &cands[j], *x = &cands[i];
			dominated = j != i && (!y->index || y->covering) && y->access <= x->access && y->bound >= x->bound &&
			            (y->access < x->access || y->bound > x->bound || (x->index && !x->covering));
		}
		if (!dominated)
			list[k++] = cand_of(&cands[i]);
	}
	if (k < 2)
		return;   /* one path: nothing to choose */
	*best = chosen;
	best->choice = why;
	best->cands = list;
	best->ncands = k;
}
