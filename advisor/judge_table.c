/* What the judge reads of a table before it judges a candidate (judge.c):
 * the counts the cost model reads, stated or by default; the review's
 * account of the table as it is; the columns that would make a key or an
 * index hot if they led it. One pass each, in that order. */
#include "advisor/judgeInt.h"

/* What the table's annotations and the workload say of its rows: the
 * counts the cost model reads (rows, distinct values a column, the common
 * value most writes set, the writes assumed and whether their rates decide
 * a hotspot), and the rows each UPDATE matches. */
void kpj_table_counts(kp_advisor *adv, jtable *jt, const kpa_notes *notes)
{
	const kp_table *t = jt->t;
	jt->rows = notes->rows >= 0 ? notes->rows : KP_DEFAULT_ROWS;
	jt->reverse = kpa_reverse_factor(adv->target);
	jt->search_first = kpa_target(adv->target)->index_policy;
	jt->rows_default = notes->rows < 0;
	/* the distinct values stated, or bounded by a column's type where the
	 * default share of a value could not be (a BOOLEAN's 2) */
	double *distinct = kp_arena_alloc(adv->a, sizeof(double) * (size_t)(t->ncols + 1));
	bool *by_type = kp_arena_alloc(adv->a, sizeof(bool) * (size_t)(t->ncols + 1));
	const kp_wquery **by_unique = kp_arena_alloc(adv->a, sizeof(kp_wquery *) * (size_t)(t->ncols + 1));
	for (int c = 0; c < t->ncols; c++) {
		distinct[c] = notes->distinct[c];
		/* skewed: a value read holds its share of the rows, a large one
		 * read often (landing.c): as many values as that share says */
		if (distinct[c] >= 1 && notes->dist[c] == KPA_DIST_SKEWED)
			distinct[c] = 1 / kpa_zipf_read_share(distinct[c], notes->dist_arg[c]);
		if (distinct[c] < 1 && kpa_type_values(&t->cols[c]) >= 1) {
			distinct[c] = kpa_type_values(&t->cols[c]);
			by_type[c] = true;
		}
		/* an id a point read binds alone: one row a value (unique.c) */
		if (distinct[c] < 1 && kpa_near_unique(adv, t, c, &by_unique[c]))
			distinct[c] = jt->rows;
	}
	jt->distinct = distinct;
	jt->counts = (kpa_counts){distinct, notes->range, t->ncols, notes->dist, NULL, notes->held, notes->held_share, NULL};
	jt->by_type = by_type;
	jt->by_unique = by_unique;
	kpj_common_values(jt, adv->a);   /* the value most writes set (common_value.c) */
	jt->assumed = notes->writes >= 0 ? notes->writes : jt->writes > 0 ? 0 : jt->reads;
	jt->writes_default = notes->writes < 0 && jt->writes <= 0;
	/* the writes' stated rates decide a hotspot where every write states
	 * one (docs/advice.md, "The choice") */
	jt->rated = jt->assumed <= 0 && jt->writes > 0;
	for (int i = 0; i < jt->ns && jt->rated; i++)
		if (kpa_is_write(jt->s[i].q->stmt) && jt->s[i].unrated)
			jt->rated = false;
	for (int i = 0; i < jt->ns; i++) {
		jshape *s = &jt->s[i];
		if (s->upd)
			s->matched = kpa_rows_matched(s->q->plan.names, s->q->stmt, jt->rows, &jt->counts);
	}
}

/* The review's account of the table as it is: its counts, the defaults
 * they rest on, the workload by class; listed among the reviews. */
void kpj_review_today(kp_advisor *adv, const jtable *jt, kp_table_review *r, const kpa_notes *notes)
{
	r->rows = jt->rows;
	r->rows_default = jt->rows_default;
	r->refused_words = kpa_target(adv->target)->scan_rows_limit > 0 && !jt->rows_default
	                           ? "refused by the store or failing past its scan limit"
	                           : "refused by the store";
	r->per_value = jt->rows * KP_SEL_EQ;
	r->values = kpj_values_words(adv, jt);
	r->in_range = KP_SEL_RANGE;
	r->writes = jt->writes + (notes->writes >= 0 ? notes->writes : 0);
	r->writes_default = jt->writes_default;
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		r->nstatements += s->count;
		/* a write is counted in writes, not as a read (an UPDATE of one
		 * row by its key is a write, not a GET) */
		if (s->ins_rows > 0 || kpa_is_write(s->q->stmt))
			continue;
		int slot = s->now == KP_ACCESS_GET ? 0 : s->now == KP_ACCESS_SCAN ? 1 :
		           s->now == KP_ACCESS_FILTERED || s->now == KP_ACCESS_SEARCH ? 2 : s->now == KP_ACCESS_FULL ? 3 : -1;
		if (slot >= 0)
			r->by_class[slot] += s->weight;
		if (s->now_order == KP_ORDER_SORT)
			r->by_class[4] += s->weight;
	}
	kp_list_push(adv->a, &adv->reviews, r);
}

/* The columns that would make a key or an index hot if they led it:
 * monotonic or few-valued, by the annotations first, then types, names
 * and, for a column some key or candidate leads with, the workload's
 * evidence (evidence.c). */
void kpj_hot_columns(kp_advisor *adv, jtable *jt, const kpa_notes *notes, const kp_list *cands, kp_arena *hyp)
{
	const kp_table *t = jt->t;
	jt->hot = kp_arena_alloc(hyp, sizeof(bool) * (size_t)(t->ncols + 1));
	jt->few = kp_arena_alloc(hyp, sizeof(bool) * (size_t)(t->ncols + 1));
	/* the workload's evidence of a monotonic column matters where the
	 * column would lead a key or an index: the key's lead, the indexes',
	 * the candidates' (evidence reads the workload: a column at a time) */
	bool *leads = kp_arena_alloc(hyp, sizeof(bool) * (size_t)(t->ncols + 1));
	const kp_key *keys[3];
	for (int i = -1; i < t->nindexes + (int)cands->n; i++) {
		const kp_advice *x = i >= t->nindexes ? cands->items[i - t->nindexes] : NULL;
		int nk = 0;
		if (i < 0)
			keys[nk++] = &t->pk;
		else if (!x)
			keys[nk++] = &t->indexes[i]->key;
		else {
			if (x->newkey)
				keys[nk++] = x->newkey;
			if (x->index)
				keys[nk++] = &x->index->key;
		}
		for (int k = 0; k < nk; k++)
			if (keys[k]->n && keys[k]->parts[0].col >= 0 && keys[k]->parts[0].col < t->ncols)
				leads[keys[k]->parts[0].col] = true;
	}
	for (int c = 0; c < t->ncols; c++) {
		/* a calendar unit is as few as an enum to a hash of it alone */
		jt->few[c] = kpa_few_values(adv, t, c) || kpa_coarse_time(&t->cols[c]);
		/* a shared prefix (KP103) is a finding, not a concentration: a
		 * range-partitioned store splits its regions inside the prefix,
		 * so writes that arrive in no key order spread (Bigtable's
		 * reversed URLs); only its values arriving in order concentrate
		 * them, which the monotonic evidence says */
		const kp_column *col = &t->cols[c];
		jt->hot[c] = kpa_monotonic_reason(col) || kpa_enum_reason(col) ||
		             (leads[c] && kpa_monotonic_evidence(adv, t, c));
		/* what the annotations state wins over names and evidence */
		if (notes->dist[c] == 1)
			jt->hot[c] = false;
		else if (notes->dist[c] == 2)
			jt->hot[c] = true;
		if (notes->distinct[c] >= 1 && (!notes->dist[c] || notes->dist[c] == KPA_DIST_FIXED))
			jt->hot[c] = notes->distinct[c] <= KP_FEW_VALUES || kpa_monotonic_reason(&t->cols[c]);
	}
}
