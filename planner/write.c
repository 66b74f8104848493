/* The columns a Phoenix write sets (UpsertCompiler): UPSERT VALUES and
 * UPSERT SELECT on a global or a tenant-specific connection.
 *
 * On a tenant-specific connection (TenantId=ID, --tenant or -- keyplan:
 * tenant) a MULTI_TENANT table's tenant column is set to the TenantId
 * without being listed, and it cannot be named: "Add tenant column
 * directly, as we don't want to resolve it as this will fail" (a
 * ColumnNotFoundException, ERROR 504). Without a column list the values
 * fill the columns in order after it. A view's constants (its WHERE's
 * column = constant) are set too. A key column left unset that cannot be
 * NULL is Phoenix's ConstraintViolationException (ERROR 218), and values
 * that do not match the columns are ERROR 1020. */
#include "planner/planInt.h"

/* Is column ci of t set by t's view WHERE (column = constant)? */
static bool view_constant(const kp_table *t, int ci)
{
	for (int i = 0; i < t->nview_where; i++) {
		const kp_expr *w = t->view_where[i];
		const kp_expr *const *cj = w->kind == KP_X_AND ? (const kp_expr *const *)w->list : &w;
		uint32_t n = w->kind == KP_X_AND ? w->n : 1;
		for (uint32_t j = 0; j < n; j++) {
			const kp_expr *e = cj[j];
			if (e->kind != KP_X_CMP || e->op != KP_OP_EQ)
				continue;
			const kp_expr *c = e->a->kind == KP_X_COLUMN ? e->a : e->b->kind == KP_X_COLUMN ? e->b : NULL;
			const kp_expr *v = c == e->a ? e->b : e->a;
			if (c && v->kind >= KP_X_INT && v->kind <= KP_X_BOOL && kp_table_column(t, c->name.s, c->name.len) == ci)
				return true;
		}
	}
	return false;
}

/* Must a write set column c of t (a key column that cannot be empty)? */
static bool required(const kp_table *t, int ci)
{
	const kp_column *c = &t->cols[ci];
	return c->key_pos >= 0 && !c->nullable && !c->row_timestamp && !c->dflt && !c->dropped && !c->auto_increment;
}

void kp_plan_write(kp_plan *out, const kp_table *t, const kp_insert *in, int nvalues, const kp_plan_opts *opts,
                   kp_source *src, kp_arena *a, kp_diags *d)
{
	if (!opts->phoenix)
		return;
	int tc = opts->tenant ? kp_table_tenant_col(t) : -1;
	if (tc >= 0)
		out->tenant = opts->tenant;
	bool *set = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + 1));
	if (tc >= 0)
		set[tc] = true;
	int errors = 0;
	for (uint32_t i = 0; i < in->cols.n; i++) {
		const kp_name *n = in->cols.items[i];
		int ci = kp_table_column(t, n->s, n->len);
		if (ci < 0)
			continue;   /* a dynamic column (c VARCHAR) or a family's */
		if (ci == tc) {
			kp_diag_add(d, a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, src, n->off, n->srclen,
			            "column '%.*s' is the tenant column of multi-tenant table %s: tenant %s's connection "
			            "sets it and hides it (Phoenix ERROR 504 (42703): \"Undefined column.\")", (int)n->len, n->s,
			            t->name, opts->tenant);
			errors++;
		}
		set[ci] = true;
	}
	int nlive = 0;
	for (int i = 0; i < t->ncols; i++)
		nlive += !t->cols[i].dropped;
	if (nvalues >= 0 && in->cols.n && (uint32_t)nvalues != in->cols.n) {
		kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_ERROR, src, in->table.off, in->table.srclen,
		            "%u column%s listed, %d value%s (Phoenix ERROR 1020 (42Y60): \"Number of columns upserting must "
		            "match number of values.\")", in->cols.n, in->cols.n == 1 ? "" : "s", nvalues,
		            nvalues == 1 ? "" : "s");
		return;
	}
	if (!in->cols.n && nvalues >= 0) {
		/* the values fill the columns in order (the tenant column first, set) */
		int left = nvalues;
		for (int i = 0; i < t->ncols && left > 0; i++)
			if (!t->cols[i].dropped && i != tc) {
				set[i] = true;
				left--;
			}
		if (left > 0) {
			kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_ERROR, src, in->table.off, in->table.srclen,
			            "%d values for the %d column%s of %s%s (Phoenix ERROR 1020 (42Y60): \"Number of columns "
			            "upserting must match number of values.\")", nvalues, nlive - (tc >= 0),
			            nlive - (tc >= 0) == 1 ? "" : "s", t->name, tc >= 0 ? " its tenant's connection sees" : "");
			return;
		}
	}
	if (errors || (!in->cols.n && nvalues < 0))
		return;   /* UPSERT INTO t SELECT * ...: as many as the SELECT gives */
	for (int i = 0; i < t->ncols; i++) {
		if (set[i] || !required(t, i) || view_constant(t, i))
			continue;
		kp_diag *g = kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_ERROR, src, in->table.off, in->table.srclen,
		                         "the write leaves key column %s of %s unset (Phoenix ERROR 218 (23018): \"Constraint "
		                         "violation. %s.%s may not be null\")", t->cols[i].name, t->name, t->name,
		                         t->cols[i].name);
		if (g && !opts->tenant && i == kp_table_tenant_col(t))
			kp_diag_help(g, a, "%s is the tenant column of multi-tenant table %s: set it, or write on the tenant's "
			             "connection (--tenant ID, or -- keyplan:tenant ID above it), which sets it", t->cols[i].name,
			             t->name);
		return;
	}
}
