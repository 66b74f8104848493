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
		kp_plan_on_table(out, h, p->s, p->opts, p->src, a, d);
		return;
	}
	memset(out, 0, sizeof(*out));
	out->stmt = p->s;
	kp_plan_resolved(out, h, p->s, &p->v, &p->r, p->opts, p->src, a, d);
}
