/* A statement resolved once and planned on many tables. The advisor plans
 * each shape of a workload on every candidate key and index of its table:
 * hypothetical copies that keep the table's columns where they are. Names
 * resolve by column position, so the resolved view (kp_names, the columns
 * read, the WHERE with a view's conditions, the hints) made against the
 * table holds on each copy, and only the path is chosen again. */
#include "planner/planInt.h"

struct kp_prepared {
	const kp_stmt *s;       /* the statement */
	const kp_table *t;      /* the table it was resolved against */
	const kp_plan_opts *opts;
	kp_source *src;
	bool plannable;         /* s has an access path (stmt_parts) */
	stmt_parts v;           /* its parts */
	resolved r;             /* resolved against t */
};

const kp_prepared *kp_prepare(const kp_table *t, const kp_stmt *s, const kp_plan_opts *opts, kp_source *src,
                              kp_arena *a, kp_diags *d)
{
	kp_prepared *p = kp_arena_alloc(a, sizeof(*p));
	p->s = s;
	p->t = t;
	p->opts = opts;
	p->src = src;
	p->plannable = kp_stmt_parts(&p->v, s);
	if (p->plannable)
		kp_resolve(&p->r, t, s, &p->v, opts, src, a, d);
	return p;
}

/* Does p's resolution hold on h? Columns are compared by count and by
 * array: a copy made from t shares t's column names (kp_table copies keep
 * them), and anything else is resolved again rather than trusted. */
static bool holds_on(const kp_prepared *p, const kp_table *h)
{
	const kp_table *t = p->t;
	if (p->r.key_dep || h->ncols != t->ncols || h->nview_where != t->nview_where ||
	    h->view_where != t->view_where || h->exact_names != t->exact_names ||
	    (h->name != t->name && strcmp(h->name, t->name)))
		return false;
	if (h->cols != t->cols)
		for (int i = 0; i < t->ncols; i++)
			if (h->cols[i].name != t->cols[i].name || h->cols[i].family != t->cols[i].family ||
			    h->cols[i].dropped != t->cols[i].dropped)
				return false;
	int tc = p->opts->phoenix && p->opts->tenant ? kp_table_tenant_col(h) : -1;
	return tc == p->r.tenant;
}

void kp_plan_prepared(kp_plan *out, const kp_prepared *p, const kp_table *h, kp_arena *a, kp_diags *d)
{
	if (!p->plannable || !holds_on(p, h)) {
		kp_diags none = {0};
		kp_plan_on_table(out, h, p->s, p->opts, p->src, a, d ? d : &none);
		return;
	}
	memset(out, 0, sizeof(*out));
	out->stmt = p->s;
	kp_plan_resolved(out, h, p->s, &p->v, &p->r, p->opts, p->src, a, d);
}

/* Can the indexes of h (a copy of p's table) change the plan
 * kp_plan_prepared(p, h) makes? may[i] is false only where kp_path_choose
 * provably keeps another path whatever h->indexes[i] is, so that the
 * advisor may share one plan between designs that differ in it alone:
 * - p resolves on h as prepared, without unknown names, and no hint names
 *   or weighs indexes (a hint's name is looked up among all of them);
 * - the target does not both refuse a key bounded on one side and run
 *   full scans (a full scan of any index would beat a refused
 *   primary-key path);
 * - the index is a plain KV one: not a search or columnar index, not
 *   partial, no expression part (those are chosen by other rules);
 * - the statement reads at least one column and none of them is a column
 *   of the index's key (or of a hash in it); on Phoenix, none is a column
 *   the index covers either.
 * Then no WHERE term constrains the index's key, so its path is a full
 * scan (a WHERE that is never true reads nothing on every path, and the
 * first, the primary key's, is kept), it binds no key part, and an ORDER
 * BY (whose columns it does not hold) is sorted on it: the primary key's
 * path binds as many parts or more, serves the ORDER BY no worse and
 * covers, so keyplan's order never ranks the index above it, nor does
 * Tablestore's policy (a covering index binding more parts). Phoenix also
 * prefers a covering path with fewer columns: there, an index that covers
 * none of the statement's columns does not cover it, and a global one is
 * skipped, a LOCAL or UNCOVERED one loses on covering. */
void kp_prepared_may_use(const kp_prepared *p, const kp_table *h, bool *may)
{
	bool all = !p->plannable || p->r.errors || !holds_on(p, h) || (p->opts->bounded_lead && p->opts->never_reject);
	const hints *hs = &p->r.h;
	if (hs->force || hs->ignore || hs->phx_index || hs->no_index || hs->index_over_data || hs->data_over_index ||
	    hs->allow_filtering || (p->s->kind == KP_S_SELECT && p->s->u.select.use_index))
		all = true;
	bool any = false;
	for (int c = 0; !all && c < h->ncols && !any; c++)
		any = p->r.used[c];
	all = all || !any;
	for (int i = 0; i < h->nindexes; i++) {
		const kp_index *ix = h->indexes[i];
		bool m = all || !ix->kv || ix->search || ix->columnar || ix->has_expr || ix->where || !ix->covers;
		for (int c = 0; !m && p->opts->phoenix && c < h->ncols; c++)
			m = p->r.used[c] && ix->covers[c];
		for (int k = 0; !m && k < ix->key.n; k++) {
			const kp_key_part *kp = &ix->key.parts[k];
			m = kp->expr || (kp->col >= 0 && p->r.used[kp->col]);
			for (int j = 0; !m && j < kp->nhash; j++)
				m = kp->hash_cols[j] < 0 || p->r.used[kp->hash_cols[j]];
		}
		may[i] = m;
	}
}
