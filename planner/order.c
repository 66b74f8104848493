/* ORDER BY: whether the chosen path returns rows in the requested order,
 * exactly backwards, or the store must sort them. */
#include "planner/planInt.h"

/* Is key part i bound to one single value by every range? */
static bool single_eq(const kp_plan *p, int i)
{
	if (p->nranges == 0)
		return true;
	for (int r = 0; r < p->nranges; r++) {
		if (p->ranges[r].neq <= i)
			return false;
		bool ok;
		if (r > 0 && (vcmp(&p->ranges[r].eq[i], &p->ranges[0].eq[i], &ok) != 0 || !ok))
			return false;
	}
	return true;
}

/* Does every range bound key part i (so that it holds no NULL)? */
static bool part_bounded(const kp_plan *p, int i)
{
	if (p->nranges == 0)
		return true;
	for (int r = 0; r < p->nranges; r++) {
		const kp_range *x = &p->ranges[r];
		/* a range unbounded below on a column that can be NULL reads its NULLs */
		if (!((x->neq > i && x->eq[i].kind != KP_V_NULL) || (x->neq == i && x->has_range && x->lo.set)))
			return false;
	}
	return true;
}

bool kp_order_reads_nulls(const kp_plan *p, int col)
{
	int i = 0;
	while (p->key && i < p->key->n && p->key->parts[i].col != col)
		i++;
	if (!p->key || i == p->key->n)
		return false;
	/* no range: every row, NULLs too, unless it is one row by key */
	return p->nranges == 0 ? p->access != KP_ACCESS_GET : !part_bounded(p, i);
}

/* Do a key part's NULLs come before its values when the key is read
 * forwards (backwards with reverse)? NULL is the least value, stored
 * first on an ASC part and last on a DESC one, except where the table's
 * store keeps it first on both (Phoenix). */
static bool nulls_read_first(const kp_table *t, const kp_key_part *part, bool reverse)
{
	bool stored_first = t->desc_nulls_first || !part->desc;
	return stored_first != reverse;
}

/* Does ORDER BY item it want NULLs first? Written NULLS FIRST or LAST, or
 * by default where the least value goes: first ascending, last
 * descending (SQL's default in SQLite, Phoenix and MySQL). */
static bool nulls_wanted_first(const kp_order_item *it)
{
	if (it->nulls)
		return it->nulls == KP_NULLS_FIRST;
	return !it->desc;
}

/* Is ORDER BY term e the column of key part `part`? A hash part has no
 * column (-1), and neither has a reference to a column outside the table's
 * (a dynamic column, Lindorm's c_l_ts): those two never match. */
static bool term_is_part(const kp_plan *p, const kp_expr *e, const kp_key_part *part)
{
	return e->kind == KP_X_COLUMN && part->col >= 0 && part->col == col_of(p->names->col, e);
}

/* Is ORDER BY term e constant: a column of a key part every range binds
 * to one single value? */
static bool constant_term(const kp_plan *p, const kp_expr *e)
{
	for (int j = 0; j < p->key->n; j++)
		if (term_is_part(p, e, &p->key->parts[j]) && single_eq(p, j))
			return true;
	return false;
}

kp_order kp_order_of_plan(const kp_plan *p, const kp_list *order)
{
	if (p->access == KP_ACCESS_SEARCH) {
		/* the search engine sorts by any column it indexes */
		for (uint32_t k = 0; k < order->n; k++) {
			const kp_expr *e = ((kp_order_item *)order->items[k])->expr;
			if (e->kind != KP_X_COLUMN || !search_has(p->index, col_of(p->names->col, e)))
				return KP_ORDER_SORT;
		}
		return KP_ORDER_KEY;
	}
	const kp_key *k = p->key;
	uint32_t ti = 0;
	int dir = 0;   /* 1 forward, 2 backward */
	for (int i = 0; i < k->n && ti < order->n; i++) {
		/* terms on columns bound to one value are constant: skip them */
		while (ti < order->n && constant_term(p, ((kp_order_item *)order->items[ti])->expr))
			ti++;
		if (ti == order->n)
			break;
		const kp_order_item *it = order->items[ti];
		const kp_key_part *part = &k->parts[i];
		if (term_is_part(p, it->expr, part)) {
			int d = (it->desc != part->desc) ? 2 : 1;
			if (dir && d != dir)
				return KP_ORDER_SORT;
			/* where NULLs come matters only for a column that can be
			 * NULL and whose NULLs are read (docs/plan-json.md, "NULL
			 * order") */
			const kp_column *c = &p->table->cols[part->col];
			if ((c->nullable || (c->key_pos < 0 && !c->not_null)) && !part_bounded(p, i) &&
			    nulls_read_first(p->table, part, d == 2) != nulls_wanted_first(it))
				return KP_ORDER_SORT;
			dir = d;
			ti++;
			continue;
		}
		if (!single_eq(p, i))
			return KP_ORDER_SORT;
	}
	for (; ti < order->n; ti++)   /* trailing constant terms */
		if (!constant_term(p, ((kp_order_item *)order->items[ti])->expr))
			return KP_ORDER_SORT;
	/* the key order holds across ranges only when they are known to be
	 * sorted (unless every ORDER BY term is constant) */
	if (dir && p->unordered)
		return KP_ORDER_SORT;
	return dir == 2 ? KP_ORDER_REVERSE : KP_ORDER_KEY;
}

/* How a candidate path returns the ORDER BY: an index whose order matches
 * is preferred over one read backwards or sorted. */
kp_order kp_order_of_path(const kp_table *t, const kp_names *nm, const path_eval *pe,
                          const kp_list *order)
{
	kp_plan p;
	memset(&p, 0, sizeof p);
	p.table = t;
	p.names = nm;
	p.key = pe->key;
	p.ranges = pe->ranges;
	p.nranges = pe->nranges;
	p.unordered = pe->unordered;
	return kp_order_of_plan(&p, order);
}
