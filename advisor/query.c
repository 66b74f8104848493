/* What the advisor reads from a workload statement: the columns its WHERE
 * binds by = / IN and by ranges, the columns it uses, its ORDER BY, and its
 * shape (which groups statements that plan alike). The column
 * references are the planner's resolution of the statement. */
#include "advisor/advisorInt.h"

void kpa_colset_add(colset *s, int c, bool desc)
{
	if (kpa_colset_has(s, c))
		return;
	if (s->n < 16) {
		s->desc[s->n] = desc;
		s->cols[s->n++] = c;
	}
}

bool kpa_colset_has(const colset *s, int c)
{
	for (int i = 0; i < s->n; i++)
		if (s->cols[i] == c)
			return true;
	return false;
}

int kpa_colref(const kp_names *nm, const kp_expr *e)
{
	return kp_names_column(nm, e);
}

static bool is_value(const kp_expr *e)
{
	kp_value v;
	return kp_value_of(&v, e) && v.kind != KP_V_NULL;
}

/* The conjuncts of w's top-level AND: w's own list, or w itself through
 * *one, the caller's one-element buffer; *n their count (0 where w is NULL).
 * Borrowed from w (and *one): nothing is allocated. */
const kp_expr *const *kpa_conjuncts(const kp_expr *w, const kp_expr **one, uint32_t *n)
{
	*one = w;
	if (w && w->kind == KP_X_AND) {
		*n = w->n;
		return (const kp_expr *const *)w->list;
	}
	*n = w ? 1 : 0;
	return one;
}

/* Columns a WHERE binds by = / IN and by ranges, from its top-level AND. */
void kpa_sargable(const kp_names *nm, const kp_expr *w, colset *eq, colset *range)
{
	if (!w)
		return;
	const kp_expr *one;
	uint32_t n;
	const kp_expr *const *l = kpa_conjuncts(w, &one, &n);
	for (uint32_t i = 0; i < n; i++) {
		const kp_expr *e = l[i];
		int c;
		switch (e->kind) {
		case KP_X_CMP:
			c = kpa_colref(nm, e->a) >= 0 && is_value(e->b) ? kpa_colref(nm, e->a)
			  : kpa_colref(nm, e->b) >= 0 && is_value(e->a) ? kpa_colref(nm, e->b) : -1;
			if (c < 0 || e->op == KP_OP_NE)
				break;
			if (e->op == KP_OP_EQ)
				kpa_colset_add(eq, c, false);
			else
				kpa_colset_add(range, c, false);
			break;
		case KP_X_IN:
			if ((c = kpa_colref(nm, e->a)) >= 0 && !e->negated && e->n > 0)
				kpa_colset_add(eq, c, false);
			break;
		case KP_X_BETWEEN:
			if ((c = kpa_colref(nm, e->a)) >= 0 && !e->negated)
				kpa_colset_add(range, c, false);
			break;
		case KP_X_CHAIN:
			if ((c = kpa_colref(nm, e->list[1])) >= 0)
				kpa_colset_add(range, c, false);
			break;
		case KP_X_LIKE:
			if ((c = kpa_colref(nm, e->a)) >= 0 && !e->negated && e->b->kind == KP_X_STRING &&
			    e->b->slen > 0 && e->b->str[0] != '%' && e->b->str[0] != '_')
				kpa_colset_add(range, c, false);
			break;
		default:
			break;
		}
	}
}

/* Every column e names, by name on t (a view's condition is a catalog
 * copy, with no resolution of its names). */
static void named_cols(const kp_table *t, const kp_expr *e, bool *used)
{
	if (!e)
		return;
	if (e->kind == KP_X_COLUMN) {
		int c = kp_table_column(t, e->name.s, e->name.len);
		if (c >= 0 && c < t->ncols)
			used[c] = true;
	}
	named_cols(t, e->a, used);
	named_cols(t, e->b, used);
	named_cols(t, e->c, used);
	for (uint32_t i = 0; i < e->n; i++)
		named_cols(t, e->list[i], used);
}

void kpa_view_cols(const kp_table *t, const kp_table *view, bool *used, colset *eq)
{
	for (int i = 0; view && view->view_where && i < view->nview_where; i++) {
		const kp_expr *e = view->view_where[i];
		if (used)
			named_cols(t, e, used);
		if (!eq || e->kind != KP_X_CMP || e->op != KP_OP_EQ)
			continue;
		const kp_expr *c = e->a->kind == KP_X_COLUMN && is_value(e->b) ? e->a
		                 : e->b->kind == KP_X_COLUMN && is_value(e->a) ? e->b : NULL;
		int ci = c ? kp_table_column(t, c->name.s, c->name.len) : -1;
		if (ci >= 0 && ci < t->ncols && eq->n < 16)
			kpa_colset_add(eq, ci, false);
	}
}

const kp_list *kpa_order_of(const kp_stmt *s)
{
	return s->kind == KP_S_SELECT ? &s->u.select.order : &s->u.update.order;
}

const kp_expr *kpa_where_of(const kp_stmt *s)
{
	return s->kind == KP_S_SELECT ? s->u.select.where : s->u.update.where;
}

/* Marks in used every column e reads (all of them for *). */
static void used_cols(const kp_names *nm, const kp_expr *e, bool *used, int ncols)
{
	if (!e)
		return;
	if (kp_names_column(nm, e) >= 0)
		used[kp_names_column(nm, e)] = true;
	if (e->kind == KP_X_STAR)
		for (int i = 0; i < ncols; i++)
			used[i] = true;
	used_cols(nm, e->a, used, ncols);
	used_cols(nm, e->b, used, ncols);
	used_cols(nm, e->c, used, ncols);
	for (uint32_t i = 0; i < e->n; i++)
		used_cols(nm, e->list[i], used, ncols);
}

/* As the planner counts what a statement reads (planner/resolve.c): a
 * SELECT's items, GROUP BY and HAVING, an UPDATE's new values, all of a
 * DELETE's row; then WHERE and ORDER BY of every kind. */
void kpa_read_cols(const kp_names *nm, const kp_stmt *s, bool *used, int ncols)
{
	if (s->kind == KP_S_SELECT) {
		for (uint32_t i = 0; i < s->u.select.items.n; i++)
			used_cols(nm, s->u.select.items.items[i], used, ncols);
		for (uint32_t i = 0; i < s->u.select.group.n; i++)
			used_cols(nm, s->u.select.group.items[i], used, ncols);
		used_cols(nm, s->u.select.having, used, ncols);
	} else if (s->kind == KP_S_UPDATE) {
		for (uint32_t i = 0; i < s->u.update.sets.n; i++)
			used_cols(nm, ((const kp_assign *)s->u.update.sets.items[i])->value, used, ncols);
	} else {
		for (int i = 0; i < ncols; i++)
			used[i] = true;   /* DELETE removes whole rows */
	}
	used_cols(nm, kpa_where_of(s), used, ncols);
	const kp_list *o = kpa_order_of(s);
	for (uint32_t i = 0; i < o->n; i++)
		used_cols(nm, ((const kp_order_item *)o->items[i])->expr, used, ncols);
}

/* Every column an expression names, as bits (columns from 63 on share bit
 * 63); an expression naming no column of the table (a function of one,
 * a dynamic column) is all bits: it may be served by any index. */
static uint64_t where_cols(const kp_names *nm, const kp_expr *e)
{
	if (!e)
		return 0;
	int c = kp_names_column(nm, e);
	if (c >= 0)
		return 1ull << (c < 63 ? c : 63);
	if (e->kind == KP_X_COLUMN)
		return ~0ull;
	uint64_t u = where_cols(nm, e->a) | where_cols(nm, e->b) | where_cols(nm, e->c);
	for (uint32_t i = 0; i < e->n; i++)
		u |= where_cols(nm, e->list[i]);
	return u;
}

uint64_t kpa_uses(const kp_names *nm, const kp_stmt *s)
{
	if (s->kind != KP_S_SELECT && s->kind != KP_S_UPDATE && s->kind != KP_S_DELETE)
		return 0;
	uint64_t u = where_cols(nm, kpa_where_of(s));
	const kp_list *o = kpa_order_of(s);
	for (uint32_t k = 0; k < o->n; k++)
		u |= where_cols(nm, ((const kp_order_item *)o->items[k])->expr);
	return u;
}

uint64_t kpa_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h;
}

/* The query's shape: the statement's fingerprint (grammar/fingerprint.h),
 * computed when the query joins the workload. */
uint64_t kpa_query_shape(const kp_wquery *q)
{
	return q->shape;
}
