/* Evidence from the workload that a column grows monotonically, for a
 * column whose name and type say nothing: the inserts fill it from a
 * generator (NEXT VALUE FOR, now() and its kin) or with values that only
 * increase, or the reads take its newest rows by ranges in descending
 * order. The reason names the evidence and where it was seen. */
#include "advisor/advisorInt.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Is e a call that yields the current time? */
bool kpa_clock_call(const kp_expr *e)
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

static const char *at(kp_advisor *adv, const kp_wquery *q)
{
	uint32_t line, col;
	kp_source_linecol(q->src, q->off, &line, &col);
	return kp_arena_printf(adv->a, "%s:%u", q->src->path, line);
}

/* What one column's values in the inserts say, as they stream by in the
 * workload's order. */
typedef struct col_walk {
	const char *why;        /* a generator filled it: the first one, worded */
	double last;            /* its last integer value */
	int rising;             /* integer values seen, each above the last; far
	                           below zero once one was not */
	const kp_wquery *first; /* the insert of its first rising value (its record) */
	uint32_t first_line;    /* and its line */
} col_walk;

/* What the workload says of every column of t, in one walk over its
 * inserts and one over its reads (kpa_monotonic_evidence asks a column at
 * a time, of every column that could lead a key: a walk each was a pass
 * over every insert's tree per column). */
static const char **walk_table(kp_advisor *adv, const kp_table *t)
{
	int nc = t->ncols;
	const char **why = kp_arena_alloc(adv->a, sizeof(char *) * (size_t)(nc + 1));
	col_walk *w = calloc((size_t)nc + 1, sizeof(col_walk));
	int *at_col = malloc(sizeof(int) * ((size_t)nc + 1));   /* column -> its value's place in a row */
	if (!w || !at_col)
		abort();
	/* the schema's own generator: a DEFAULT of the current time or of a
	 * sequence fills every row an insert leaves it out of */
	bool open = false;   /* a column the inserts or reads may still speak for */
	for (int ci = 0; ci < nc; ci++) {
		const kp_column *c = &t->cols[ci];
		if (c->dflt && (kpa_clock_call(c->dflt) || (c->dflt->kind == KP_X_SEQ && c->dflt->op2 == 0))) {
			uint32_t line = 0, col = 0;
			if (c->src)
				kp_source_linecol(c->src, c->off, &line, &col);
			if (c->dflt->kind == KP_X_SEQ)
				why[ci] = kp_arena_printf(adv->a, "filled by its DEFAULT NEXT VALUE FOR (%s:%u)",
				                          c->src ? c->src->path : "schema", line);
			else
				why[ci] = kp_arena_printf(adv->a, "filled by its DEFAULT %.*s (%s:%u)", (int)c->dflt->name.len,
				                          c->dflt->name.s, c->src ? c->src->path : "schema", line);
		} else {
			open = true;
		}
	}
	/* the inserts into t, statement by statement (records of inserts
	 * alike share one tree: its columns are theirs) */
	bool ours = open && t->id < adv->cat->ntables && adv->cat->tables[t->id] == t;
	kpa_ins_walk iw = {0};
	uint32_t mapped = UINT32_MAX;   /* the record at_col was made for */
	while (ours && kpa_ins_next(adv, &iw)) {
		if (kpa_insert_table(adv, iw.qi) != t)
			continue;
		const kp_wquery *q = iw.q;
		const kp_insert *in = &q->stmt->u.insert;
		const kp_ins_values *iv = &iw.v;
		/* where each column's value is in a row: the first of the column
		 * list that names it, or its place in the table without one */
		for (int ci = 0; mapped != iw.qi && ci < nc; ci++) {
			at_col[ci] = -1;
			if (in->cols.n == 0) {
				at_col[ci] = ci;
				continue;
			}
			const kp_column *c = &t->cols[ci];
			for (uint32_t k = 0; k < in->cols.n; k++) {
				const kp_name *n = in->cols.items[k];
				if (n->len == c->name_len && (t->exact_names ? !memcmp(n->s, c->name, n->len)
				                                             : !strncasecmp(n->s, c->name, n->len))) {
					at_col[ci] = (int)k;
					break;
				}
			}
		}
		mapped = iw.qi;
		for (uint32_t r = 0; r < iv->nrows; r++) {
			const kp_ins_row *row = &iv->rows[r];
			for (int ci = 0; ci < nc; ci++) {
				if (at_col[ci] < 0 || at_col[ci] >= (int)row->n || why[ci] || w[ci].why)
					continue;
				const kp_ins_value *v = &row->v[at_col[ci]];
				col_walk *cw = &w[ci];
				if (v->kind == KP_IV_SEQ) {
					cw->why = kp_arena_printf(adv->a, "filled by NEXT VALUE FOR in the workload's inserts (%s:%u)",
					                          q->src->path, iw.line);
				} else if (v->kind == KP_IV_CLOCK) {
					cw->why = kp_arena_printf(adv->a,
					                          "filled with the current time by the workload's inserts (%s:%u)",
					                          q->src->path, iw.line);
				} else if (v->kind == KP_IV_INT && !v->overflow) {
					if (cw->rising == 0 || (double)v->ival > cw->last) {
						cw->rising++;
						if (!cw->first) {
							cw->first = q;
							cw->first_line = iw.line;
						}
					} else {
						cw->rising = -1000000;   /* not increasing: no evidence */
					}
					cw->last = (double)v->ival;
				}
			}
		}
	}
	kpa_ins_done(&iw);
	for (int ci = 0; ci < nc; ci++) {
		if (why[ci])
			continue;
		if (w[ci].why)
			why[ci] = w[ci].why;
		else if (w[ci].rising >= 3)
			why[ci] = kp_arena_printf(adv->a, "given increasing values by %d inserts of the workload (from %s:%u)",
			                          w[ci].rising, w[ci].first->src->path, w[ci].first_line);
	}
	/* reads that take the newest rows of an integer column: a range on it,
	 * ordered by it descending, with a LIMIT (a string read so is a page
	 * of names, not of time); the first such read speaks for its column */
	const kp_list *qs = kpa_queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->base != t || q->stmt->kind != KP_S_SELECT || !q->stmt->u.select.limit)
			continue;
		const kp_list *o = &q->stmt->u.select.order;
		if (!o->n || !((const kp_order_item *)o->items[0])->desc)
			continue;
		int ci = kpa_colref(q->plan.names, ((const kp_order_item *)o->items[0])->expr);
		if (ci < 0 || ci >= nc || why[ci] || t->cols[ci].tclass != KP_T_INT)
			continue;
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
		for (int k = 0; k < range.n; k++)
			if (range.cols[k] == ci) {
				why[ci] = kp_arena_printf(adv->a, "read newest first by ranges on it in the workload (%s)", at(adv, q));
				break;
			}
	}
	free(w);
	free(at_col);
	return why;
}

const char *kpa_monotonic_evidence(kp_advisor *adv, const kp_table *t, int ci)
{
	if (ci < 0 || ci >= t->ncols)
		return NULL;
	/* a hypothetical copy of a table is walked on its own, uncached */
	if (t->id >= adv->cat->ntables || adv->cat->tables[t->id] != t)
		return walk_table(adv, t)[ci];
	if (!adv->evidence || adv->evidenced != adv->queries.n) {
		adv->evidence = kp_arena_alloc(adv->a, sizeof(char **) * (size_t)(adv->cat->ntables + 1));
		adv->evidenced = adv->queries.n;
	}
	if (!adv->evidence[t->id])
		adv->evidence[t->id] = walk_table(adv, t);
	return adv->evidence[t->id][ci];
}

const char *kpa_range_evidence(kp_advisor *adv, const kp_table *t, int ci)
{
	const kp_list *qs = kpa_queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->base != t || q->stmt->kind != KP_S_SELECT)
			continue;
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
		if (kpa_colset_has(&range, ci))
			return kp_arena_printf(adv->a, "read by ranges on it in the workload (%s)", at(adv, q));
	}
	return NULL;
}
