/* Access-path choice (as SQLite's where.c): each candidate key (the
 * primary key, every usable KV index) is evaluated into ranges, a residual
 * filter and a class; the best is kept. A Lindorm search index is the path
 * when no key serves the WHERE. Index rules live here: partial indexes,
 * covering, Phoenix's rule that an uncovered global index needs a hint. */
#include "planner/planInt.h"

/* Phoenix counts the key columns a row value comparison spans as bound
 * (ScanRanges.getBoundPkSpan adds a slot's whole span): `(a, b) > (1, 2)`
 * on key (a, b, ...) binds 2, where its ranges `a = 1 AND b > 2` and
 * `a > 1` bind 1 at the least. The span counts when the comparison's
 * columns follow each other in the key from part p and every range binds
 * the parts before p. */
static int rvc_bound(const path_eval *pe, const kp_key *key, const kp_expr **conj, uint32_t nconj,
                     const int32_t *col)
{
	int bound = pe->bound;
	for (uint32_t i = 0; i < nconj; i++) {
		const kp_expr *e = conj[i];
		if (e->kind != KP_X_CMP || e->op < KP_OP_LT || e->op > KP_OP_GE || !e->a || e->a->kind != KP_X_TUPLE)
			continue;
		int p = -1, n = (int)e->a->n;
		for (int k = 0; k < n; k++) {
			const kp_expr *c = e->a->list[k];
			int tc = c->kind == KP_X_COLUMN ? col_of(col, c) : -1;
			if (k == 0)
				for (int j = 0; j < key->n && p < 0; j++)
					p = key->parts[j].col == tc && tc >= 0 ? j : -1;
			if (p < 0 || p + k >= key->n || tc < 0 || key->parts[p + k].col != tc) {
				p = -1;
				break;
			}
		}
		bool prefix = p >= 0;
		for (int r = 0; prefix && r < pe->nranges; r++)
			prefix = pe->ranges[r].neq >= p;
		if (prefix && p + n > bound)
			bound = p + n;
	}
	return bound;
}

/* Is key that of a UNIQUE index of t? */
static bool unique_key(const kp_table *t, const kp_key *key)
{
	for (int i = 0; i < t->nindexes; i++)
		if (&t->indexes[i]->key == key)
			return t->indexes[i]->unique;
	return false;
}

static void eval_path(path_eval *pe, const kp_table *t, const kp_names *nm, const kp_key *key,
                      const kp_expr *where, bool report, const kp_plan_opts *opts, kp_source *src, kp_arena *a,
                      kp_diags *d)
{
	pctx pc;
	memset(&pc, 0, sizeof pc);
	pc.keyfn = opts->phoenix;
	pc.col = nm->col;
	pc.a = a;
	pc.d = d;
	pc.src = src;
	pc.t = t;
	pc.key = key;
	pc.report = report;
	pc.kcol = kp_arena_alloc(a, sizeof(int) * (size_t)(t->ncols + 1));
	for (int i = 0; i < t->ncols; i++)
		pc.kcol[i] = -1;
	pc.pslot = kp_arena_alloc(a, sizeof(int) * (size_t)(key->n + 1));
	pc.nullslot = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + key->n + 1));
	for (int i = 0; i < key->n; i++) {
		const kp_key_part *p = &key->parts[i];
		pc.pslot[i] = -1;
		if (p->col >= 0 && pc.kcol[p->col] < 0)
			pc.kcol[p->col] = pc.nk++;
		if (p->col >= 0) {
			pc.pslot[i] = pc.kcol[p->col];
			/* primary-key columns are never NULL unless declared NULL (Phoenix);
			 * other index columns can be */
			const kp_column *c = &t->cols[p->col];
			pc.nullslot[pc.pslot[i]] = c->nullable || (c->key_pos < 0 && !c->not_null);
		}
		if (p->expr) {
			/* only a functional index has expression slots: the table of
			 * them is allocated for it alone (this runs per candidate key,
			 * and every byte allocated is cleared again at reset) */
			if (!pc.xexpr)
				pc.xexpr = kp_arena_alloc(a, sizeof(kp_expr *) * (size_t)(t->ncols + key->n + 1));
			pc.xexpr[pc.nk] = p->expr;
			/* an expression over a nullable column is NULL there: a
			 * comparison is never true for it, so its range starts
			 * above NULL, as on a nullable column */
			pc.nullslot[pc.nk] = true;
			pc.pslot[i] = pc.nk++;
			pc.nx++;
		}
		for (int j = 0; j < p->nhash; j++)
			if (p->hash_cols[j] >= 0 && pc.kcol[p->hash_cols[j]] < 0)
				pc.kcol[p->hash_cols[j]] = pc.nk++;
	}
	pe->key = key;
	memset(&pe->filter, 0, sizeof pe->filter);

	/* the WHERE's conjuncts and their box sets; a few (the common case) on
	 * the stack: this runs per candidate key */
	const kp_expr *one = where, **conj = &one;
	uint32_t nconj = where ? 1 : 0;
	if (where && where->kind == KP_X_AND) {
		conj = (const kp_expr **)where->list;
		nconj = where->n;
	}
	boxset all = bs_all(&pc, true);
	boxset few[8];
	boxset *parts = nconj <= 8 ? few : kp_arena_alloc(a, sizeof(boxset) * nconj);
	for (uint32_t i = 0; i < nconj; i++) {
		parts[i] = kp_terms_boxes(&pc, conj[i], false);
		all = kp_bs_and(&pc, all, parts[i]);
		kp_bs_merge(&pc, &parts[i]);
	}
	pe->limit_hit = pc.limit_hit;
	bool full = kp_ranges_of_boxes(&pc, &all, pe);
	kp_ranges_filter(&pc, pe, conj, parts, nconj);
	pe->bound = key->n + 1;
	bool all_get = true;
	for (int r = 0; r < pe->nranges; r++) {
		int b = pe->ranges[r].neq + (pe->ranges[r].has_range ? 1 : 0);
		if (b < pe->bound)
			pe->bound = b;
		/* an index of a heap table (no primary key) ends in a hidden row
		 * id: binding its columns finds rows, not one row */
		if (pe->ranges[r].neq < key->n || (t->pk.n == 0 && !unique_key(t, key)))
			all_get = false;
	}
	if (pe->nranges == 0)
		pe->bound = key->n;
	else if (opts->phoenix)
		pe->bound = rvc_bound(pe, key, conj, nconj, nm->col);
	if (full || key->n == 0)   /* no key: a heap table, read whole */
		pe->access = KP_ACCESS_FULL;
	else if (all_get)
		pe->access = KP_ACCESS_GET;
	else if (pe->filter.n == 0)
		pe->access = KP_ACCESS_SCAN;
	else
		pe->access = KP_ACCESS_FILTERED;
}

/* eval_path for a candidate key of a shape with templates (keep->tm),
 * from one when it may serve (template.c), and kept as one when evaluated
 * in full; whole: where is the statement's own WHERE (not a partial
 * index's remainder). Called only with templates: a statement with none
 * pays one test for them. */
static void eval_cand(path_eval *pe, path_keep *keep, bool whole, const kp_table *t, const kp_names *nm,
                      const kp_key *key, const kp_expr *where, bool report, const kp_plan_opts *opts,
                      kp_source *src, kp_arena *a, kp_diags *d)
{
	if (!whole) {
		eval_path(pe, t, nm, key, where, report, opts, src, a, d);
		return;
	}
	if (kp_tmpl_apply(keep, t, nm, key, where, pe, a))
		return;
	const kp_diag *tail = d->tail;
	eval_path(pe, t, nm, key, where, report, opts, src, a, d);
	if (d->tail == tail)
		kp_tmpl_record(keep, t, nm, key, where, pe, a);
}

/* Marks the columns e reads outside expressions that a functional index
 * part of ix indexes (those come from the index row itself). */
static void uses_outside(const kp_expr *e, const int32_t *col, const kp_index *ix, bool *used)
{
	if (!e)
		return;
	for (int i = 0; i < ix->nuser; i++)
		if (ix->key.parts[i].expr && kp_expr_equal(e, ix->key.parts[i].expr))
			return;
	if (e->kind == KP_X_COLUMN && col_of(col, e) >= 0)
		used[col_of(col, e)] = true;
	if (e->kind == KP_X_STAR)
		for (int i = 0; i < ix->table->ncols; i++)
			used[i] = true;
	uses_outside(e->a, col, ix, used);
	uses_outside(e->b, col, ix, used);
	uses_outside(e->c, col, ix, used);
	for (uint32_t i = 0; i < e->n; i++)
		uses_outside(e->list[i], col, ix, used);
}

/* Does the WHERE hold every conjunct of a partial index's WHERE? */
static bool implies(const kp_expr *where, const kp_expr *cond)
{
	if (!where)
		return false;
	uint32_t nw = where->kind == KP_X_AND && !where->paren ? where->n : 1;
	uint32_t nc = cond->kind == KP_X_AND && !cond->paren ? cond->n : 1;
	for (uint32_t i = 0; i < nc; i++) {
		const kp_expr *c = nc > 1 || (cond->kind == KP_X_AND && !cond->paren) ? cond->list[i] : cond;
		bool found = false;
		for (uint32_t j = 0; j < nw && !found; j++)
			found = kp_expr_equal(nw > 1 || (where->kind == KP_X_AND && !where->paren) ? where->list[j] : where, c);
		if (!found)
			return false;
	}
	return true;
}

/* Can a hint force index ix for this WHERE? A disabled or unusable index,
 * or a partial one whose WHERE the query's does not imply (it lacks rows
 * the query reads), cannot: the hint is reported and ignored, as the
 * stores ignore it, and the path is chosen without it. */
bool kp_forced_usable(const kp_index *ix, const hints *h, const kp_expr *where, kp_source *src, kp_arena *a,
                      kp_diags *d)
{
	const kp_hint *hint = h->force ? h->force : h->phx_index;
	const kp_expr *at = hint->args.items[0];
	for (uint32_t i = 0; !h->force && i < hint->args.n; i++) {
		uint32_t n;
		const char *nm = kp_hint_arg(hint->args.items[i], &n);
		if (i > 0 && kp_table_index(ix->table, nm, n) == ix) {
			at = hint->args.items[i];
			break;
		}
	}
	const char *why = NULL;
	if (ix->state != KP_IX_ACTIVE)
		why = ix->state == KP_IX_DISABLED ? "is disabled (ALTER INDEX ... DISABLE)"
		                                  : "is unusable (ALTER INDEX ... UNUSABLE)";
	else if (ix->where && !implies(where, ix->where))
		why = "is partial and the WHERE clause does not hold its condition, so it lacks rows the query reads";
	if (!why)
		return true;
	kp_diag *g = kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, at->off, at->len,
	                         "the hint forces index %s, which %s: it is ignored", ix->name, why);
	if (g && ix->src)
		kp_diag_note(g, a, ix->src, ix->off, "index %s declared here", ix->name);
	return false;
}

/* The WHERE without the conjuncts a partial index's WHERE already
 * guarantees for every row the index holds (NULL when none is left). */
static kp_expr *minus_implied(kp_expr *where, const kp_expr *cond, kp_arena *a)
{
	bool wand = where->kind == KP_X_AND && !where->paren;
	uint32_t nw = wand ? where->n : 1;
	uint32_t nc = cond->kind == KP_X_AND && !cond->paren ? cond->n : 1;
	kp_expr **keep = kp_arena_alloc(a, sizeof(kp_expr *) * (nw + 1));
	uint32_t n = 0;
	for (uint32_t j = 0; j < nw; j++) {
		kp_expr *w = wand ? where->list[j] : where;
		bool implied = false;
		for (uint32_t i = 0; i < nc && !implied; i++)
			implied = kp_expr_equal(w, nc > 1 || (cond->kind == KP_X_AND && !cond->paren) ? cond->list[i] : cond);
		if (!implied)
			keep[n++] = w;
	}
	if (n == 0)
		return NULL;
	if (n == 1)
		return keep[0];
	kp_expr *e = kp_arena_alloc(a, sizeof(*e));
	*e = *where;
	e->list = keep;
	e->n = n;
	return e;
}

/* Marks the columns e references. */
static void cols_of(const kp_expr *e, const int32_t *col, bool *set)
{
	if (!e)
		return;
	if (e->kind == KP_X_COLUMN && col_of(col, e) >= 0)
		set[col_of(col, e)] = true;
	cols_of(e->a, col, set);
	cols_of(e->b, col, set);
	cols_of(e->c, col, set);
	for (uint32_t i = 0; i < e->n; i++)
		cols_of(e->list[i], col, set);
}

bool kp_path_choose(path_eval *best, const kp_table *t, const kp_stmt *s, const kp_name *alias,
                    const resolved *r, const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d)
{
	const kp_names *nm = r->names;
	kp_expr *where = r->where;
	const kp_list *order = r->order;
	hints hl = r->h;
	const hints *h = &hl;

	/* the choice kept for the shape (reuse.c): its candidate alone, which
	 * the others did not beat and, their values being the same, do not */
	path_keep *keep = r->keep;
	bool only = keep && keep->use;
	const kp_diag *tail = d->tail;

	/* candidate paths: the primary key, then every KV index */
	path_eval cur;
	memset(best, 0, sizeof *best);
	if (!only || !keep->index) {
		if (keep && keep->tm)
			eval_cand(best, keep, true, t, nm, &t->pk, where, true, opts, src, a, d);
		else
			eval_path(best, t, nm, &t->pk, where, true, opts, src, a, d);
		best->covering = true;
		best->order = kp_path_order(t, nm, best, order);
	}
	const kp_index *forced = NULL;
	if (h->force) {
		uint32_t n;
		const char *nm = kp_hint_arg(h->force->args.items[0], &n);
		forced = kp_table_index(t, nm, n);
		if (!forced) {
			const kp_expr *arg = h->force->args.items[0];
			kp_diag_add(d, a, KP_R_UNKNOWN_INDEX, KP_SEV_ERROR, src, arg->off, arg->len,
			            "_l_force_index_ names '%.*s', which is not an index of %s", (int)n, nm, t->name);
			return false;
		}
	} else if (s->kind == KP_S_SELECT && s->u.select.use_index) {
		/* USE INDEX names an active index (kp_use_index checks): no hint
		 * to judge below */
		if (!kp_use_index(&forced, &hl, t, &s->u.select, src, a, d))
			return false;
	} else if (h->phx_index && !h->no_index) {
		forced = kp_hints_phoenix_index(h, t, alias, src, a, d);
	}
	if (forced && (h->force || h->phx_index) && !(s->kind == KP_S_SELECT && s->u.select.use_index && !h->force) &&
	    !kp_forced_usable(forced, h, where, src, a, d))
		forced = NULL;
	/* Tablestore chooses among every path by its index selection policy,
	 * unless USE INDEX or a hint chose: the candidates are kept */
	path_eval *tc = NULL;
	int ntc = 0;
	if (opts->index_policy && !forced && !h->no_index && !(s->kind == KP_S_SELECT && s->u.select.use_index)) {
		tc = kp_arena_alloc(a, sizeof(path_eval) * (size_t)(t->nindexes + 1));
		tc[ntc++] = *best;
	}
	bool *used_ix = NULL;
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		if (!ix->kv || ix->state != KP_IX_ACTIVE || (forced && ix != forced) || (!forced && kp_hints_ignore(h, ix)))
			continue;
		if (only && ix != keep->index)
			continue;
		/* a partial index holds only the rows its WHERE admits */
		if (ix->where && !implies(where, ix->where))
			continue;
		memset(&cur, 0, sizeof cur);
		if (keep && keep->tm)
			eval_cand(&cur, keep, !ix->where, t, nm, &ix->key,
			          ix->where ? minus_implied(where, ix->where, a) : where, false, opts, src, a, d);
		else
			eval_path(&cur, t, nm, &ix->key, ix->where ? minus_implied(where, ix->where, a) : where, false,
			          opts, src, a, d);
		cur.index = ix;
		const bool *used = r->used;
		if (ix->has_expr) {
			/* columns read only inside an indexed expression come from the index */
			if (!used_ix)
				used_ix = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + 1));
			memset(used_ix, 0, sizeof(bool) * (size_t)(t->ncols + 1));
			if (s->kind == KP_S_SELECT) {
				for (uint32_t k = 0; k < s->u.select.items.n; k++)
					uses_outside(s->u.select.items.items[k], nm->col, ix, used_ix);
				for (uint32_t k = 0; k < s->u.select.group.n; k++)
					uses_outside(s->u.select.group.items[k], nm->col, ix, used_ix);
				uses_outside(s->u.select.having, nm->col, ix, used_ix);
			} else {
				memcpy(used_ix, r->used, sizeof(bool) * (size_t)t->ncols);
			}
			uses_outside(where, nm->col, ix, used_ix);
			for (uint32_t k = 0; order && k < order->n; k++)
				uses_outside(((kp_order_item *)order->items[k])->expr, nm->col, ix, used_ix);
			used = used_ix;
		}
		cur.covering = !ix->uncovered;
		cur.order = kp_path_order(t, nm, &cur, order);
		for (int c = 0; c < t->ncols; c++)
			if (used[c] && !ix->covers[c])
				cur.covering = false;
		/* Phoenix uses a global index that does not cover the query only
		 * when a hint names it; LOCAL and UNCOVERED indexes read the
		 * table's rows themselves */
		if (opts->phoenix && !cur.covering && !ix->local && !ix->uncovered && forced != ix)
			continue;
		if (tc)
			tc[ntc++] = cur;
		/* Phoenix's USE_INDEX_OVER_DATA_TABLE: on a tie the index wins
		 * (USE_DATA_OVER_INDEX_TABLE is what keyplan does anyway) */
		if (forced || only || kp_path_better(t, &cur, best, opts, h) ||
		    (h->index_over_data && !best->index && !kp_path_better(t, best, &cur, opts, h)))
			*best = cur;
	}
	if (only && !best->key) {
		/* the kept candidate is no longer one (never, while the catalog
		 * and the values are the same): chosen as if nothing were kept */
		keep->use = false;
		return kp_path_choose(best, t, s, alias, r, opts, src, a, d);
	}
	if (keep) {
		keep->index = best->index;
		keep->quiet = d->tail == tail;
	}
	/* A Lindorm search index serves conditions on any of its columns, in
	 * any combination: it is used when no key serves the WHERE (a full
	 * scan otherwise) and it indexes every column the WHERE reads.
	 * Tablestore's policy takes it first, whatever the keys serve, when it
	 * holds every column the statement reads: the WHERE, GROUP BY, HAVING
	 * and ORDER BY, and the select list too ("Computing pushdown": SELECT
	 * a, b, c, d with an index on a, b and c scans the table, SELECT a, b,
	 * c reads the index), with no WHERE as well (the Go SDK's TestSQLWith
	 * Search: SELECT * reads the search index holding every column). The
	 * key columns are returned with every row; a condition or order on
	 * one the index does not list is the key's, not the index's. */
	const kp_index *search = NULL;
	bool any = where != NULL;
	bool *wcols = NULL;
	if (tc) {
		wcols = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + 1));
		cols_of(where, nm->col, wcols);
		for (uint32_t k = 0; order && k < order->n; k++)
			cols_of(((kp_order_item *)order->items[k])->expr, nm->col, wcols);
		if (s->kind == KP_S_SELECT) {
			for (uint32_t k = 0; k < s->u.select.group.n; k++)
				cols_of(s->u.select.group.items[k], nm->col, wcols);
			cols_of(s->u.select.having, nm->col, wcols);
		}
		any = false;
		for (int c = 0; c < t->ncols; c++)
			any = any || wcols[c];
	}
	/* a search index named by USE INDEX is read even with no condition
	 * (Tablestore: "Use a search index", SELECT * FROM t use index(idx)) */
	if ((any || tc || (forced && forced->search)) && !h->no_index &&
	    (tc || best->access == KP_ACCESS_FULL || (forced && forced->search))) {
		if (!wcols) {
			wcols = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + 1));
			cols_of(where, nm->col, wcols);
		}
		for (int i = 0; i < t->nindexes && !search; i++) {
			const kp_index *ix = t->indexes[i];
			if (!ix->search || ix->state != KP_IX_ACTIVE || (forced && ix != forced) ||
			    (!forced && kp_hints_ignore(h, ix)))
				continue;
			bool all = true;
			for (int c = 0; c < t->ncols && all; c++)
				if (wcols[c] ? !search_has(ix, c)
				             : tc && !forced && r->used[c] && !search_has(ix, c) && !ix->covers[c])
					all = false;   /* a column it does not return (it returns the key) */
			if (all)
				search = ix;
		}
	}
	path_eval sp;
	if (search) {
		memset(&sp, 0, sizeof sp);
		sp.index = search;
		sp.key = &search->key;
		sp.access = KP_ACCESS_SEARCH;
		sp.covering = true;
		for (int c = 0; c < t->ncols; c++)
			if (r->used[c] && !search->covers[c])
				sp.covering = false;
		if (!tc)
			*best = sp;
	}
	if (tc)
		kp_choose_tablestore(best, tc, ntc, search ? &sp : NULL, a);
	return true;
}
