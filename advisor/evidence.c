/* Evidence from the workload that a column grows monotonically, for a
 * column whose name and type say nothing: the inserts fill it from a
 * generator (NEXT VALUE FOR, now() and its kin) or with values that only
 * increase, or the reads take its newest rows by ranges in descending
 * order. The reason names the evidence and where it was seen. */
#include "advisor/advisorInt.h"

#include <string.h>
#include <strings.h>

/* Is e a call that yields the current time? */
static bool clock_call(const kp_expr *e)
{
	static const char *const fns[] = {"now", "current_timestamp", "current_time", "current_date", "sysdate",
	                                  "unix_timestamp", "localtimestamp", "getdate", "utc_timestamp", NULL};
	if (e->kind != KP_X_FUNC && e->kind != KP_X_COLUMN)
		return false;   /* CURRENT_TIMESTAMP may parse as a bare name */
	for (int i = 0; fns[i]; i++)
		if (e->name.s && e->name.len == strlen(fns[i]) && !strncasecmp(e->name.s, fns[i], e->name.len))
			return true;
	return false;
}

/* The value an insert gives column ci of t (its column list, or the
 * table's order without one), or NULL. */
static const kp_expr *insert_value(const kp_table *t, const kp_insert *in, const kp_list *row, int ci)
{
	if (in->cols.n == 0)
		return ci < (int)row->n ? row->items[ci] : NULL;
	for (uint32_t i = 0; i < in->cols.n && i < row->n; i++) {
		const kp_name *n = in->cols.items[i];
		const kp_column *c = &t->cols[ci];
		if (n->len == c->name_len && (t->exact_names ? !memcmp(n->s, c->name, n->len)
		                                             : !strncasecmp(n->s, c->name, n->len)))
			return row->items[i];
	}
	return NULL;
}

static const char *at(kp_advisor *adv, const kp_wquery *q)
{
	uint32_t line, col;
	kp_source_linecol(q->src, q->stmt->off, &line, &col);
	return kp_arena_printf(adv->a, "%s:%u", q->src->path, line);
}

/* The workload's inserts into t, bucketed once (evidence is asked a column
 * at a time, of every column that could lead a key). */
static const kp_list *inserts_of(kp_advisor *adv, const kp_table *t)
{
	if (!adv->inserts || adv->inserts_bucketed != adv->queries.n) {
		adv->inserts = kp_arena_alloc(adv->a, sizeof(kp_list) * (size_t)(adv->cat->ntables + 1));
		for (uint32_t i = 0; i < adv->queries.n; i++) {
			kp_wquery *q = adv->queries.items[i];
			const kp_stmt *s = q->stmt;
			if (s->kind != KP_S_INSERT && s->kind != KP_S_UPSERT && s->kind != KP_S_REPLACE)
				continue;
			const kp_table *on = kp_catalog_find(adv->cat, s->u.insert.table.s, s->u.insert.table.len);
			if (on && on->id < adv->cat->ntables && adv->cat->tables[on->id] == on)
				kp_list_push(adv->a, &adv->inserts[on->id], q);
		}
		adv->inserts_bucketed = adv->queries.n;
	}
	return &adv->inserts[t->id];
}

const char *kpa_monotonic_evidence(kp_advisor *adv, const kp_table *t, int ci)
{
	double last = 0;
	int rising = 0;
	const kp_wquery *first = NULL;
	/* the schema's own generator: a DEFAULT of the current time or of a
	 * sequence fills every row an insert leaves it out of */
	const kp_column *c = &t->cols[ci];
	if (c->dflt && (clock_call(c->dflt) || (c->dflt->kind == KP_X_SEQ && c->dflt->op2 == 0))) {
		uint32_t line = 0, col = 0;
		if (c->src)
			kp_source_linecol(c->src, c->off, &line, &col);
		if (c->dflt->kind == KP_X_SEQ)
			return kp_arena_printf(adv->a, "filled by its DEFAULT NEXT VALUE FOR (%s:%u)",
			                       c->src ? c->src->path : "schema", line);
		return kp_arena_printf(adv->a, "filled by its DEFAULT %.*s (%s:%u)", (int)c->dflt->name.len, c->dflt->name.s,
		                       c->src ? c->src->path : "schema", line);
	}
	const kp_list *ins = t->id < adv->cat->ntables && adv->cat->tables[t->id] == t ? inserts_of(adv, t) : NULL;
	for (uint32_t i = 0; ins && i < ins->n; i++) {
		const kp_wquery *q = ins->items[i];
		const kp_stmt *s = q->stmt;
		for (uint32_t r = 0; r < s->u.insert.rows.n; r++) {
			const kp_expr *v = insert_value(t, &s->u.insert, s->u.insert.rows.items[r], ci);
			if (!v)
				continue;
			if (v->kind == KP_X_SEQ && v->op2 == 0)
				return kp_arena_printf(adv->a, "filled by NEXT VALUE FOR in the workload's inserts (%s)",
				                       at(adv, q));
			if (clock_call(v))
				return kp_arena_printf(adv->a, "filled with the current time by the workload's inserts (%s)",
				                       at(adv, q));
			if (v->kind == KP_X_INT && !v->overflow) {
				if (rising == 0 || (double)v->ival > last) {
					rising++;
					if (!first)
						first = q;
				} else {
					rising = -1000000;   /* not increasing: no evidence */
				}
				last = (double)v->ival;
			}
		}
	}
	if (rising >= 3)
		return kp_arena_printf(adv->a, "given increasing values by %d inserts of the workload (from %s)", rising,
		                       at(adv, first));
	/* reads that take the newest rows of an integer column: a range on it,
	 * ordered by it descending, with a LIMIT (a string read so is a page
	 * of names, not of time) */
	const kp_list *qs = kpa_queries_of(adv, t);
	for (uint32_t i = 0; t->cols[ci].tclass == KP_T_INT && i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->base != t || q->stmt->kind != KP_S_SELECT || !q->stmt->u.select.limit)
			continue;
		const kp_list *o = &q->stmt->u.select.order;
		if (!o->n || !((const kp_order_item *)o->items[0])->desc ||
		    kpa_colref(q->plan.names, ((const kp_order_item *)o->items[0])->expr) != ci)
			continue;
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
		for (int k = 0; k < range.n; k++)
			if (range.cols[k] == ci)
				return kp_arena_printf(adv->a, "read newest first by ranges on it in the workload (%s)",
				                       at(adv, q));
	}
	return NULL;
}
