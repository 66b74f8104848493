/* The words a judged table carries (docs/advice.md): an alternative's
 * trades and a recommendation's write cost, with the helpers the other
 * words files share (a statement's place, rows a value). judge.c
 * chooses; this file says what was chosen and what it trades. The notes
 * on the defaults a verdict rests on are judge_notes.c's, the table's own
 * indexes in words judge_index_words.c's. */
#include "advisor/judgeInt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *kpa_class_words(kp_access a, bool rejected)
{
	switch (a) {
	case KP_ACCESS_GET: return "GET";
	case KP_ACCESS_SCAN: return "SCAN";
	case KP_ACCESS_FILTERED: return "FILTERED SCAN";
	case KP_ACCESS_SEARCH: return "SEARCH";
	case KP_ACCESS_FULL: return rejected ? "REJECTED" : "full scan";
	default: return "no plan";
	}
}

/* A shape's class on a design in words, as explain says it: a SCAN the
 * store refuses for its sort (kpj_sort_refused) is REJECTED SCAN, a
 * FILTERED SCAN it refuses (Lindorm's bound on the lead, which a hint
 * lifts) REJECTED FILTERED SCAN, as KP001 and the review's cost count it
 * (E92 in tests/advisor/designs15.md). kpa_class_words takes rejected for
 * a full scan only. */
static const char *shape_class(kp_access a, bool rejected)
{
	return rejected && a == KP_ACCESS_SCAN       ? "REJECTED SCAN"
	       : rejected && a == KP_ACCESS_FILTERED ? "REJECTED FILTERED SCAN"
	                                             : kpa_class_words(a, rejected);
}

/* "file:line" of a statement. */
const char *kpj_where_at(kp_advisor *adv, const kp_wquery *q)
{
	uint32_t line, col;
	kp_source_linecol(q->src, q->off, &line, &col);
	return kp_arena_printf(adv->a, "%s:%u", q->src->path, line);
}

/* Rows a value in words: whole from 100 up, to the hundredth below (a
 * share of a stated count: 333333333.333333 is 333333333). */
double kpj_per_value(double rows, double distinct)
{
	double v = rows / distinct;
	if (!(v < 9e15 && v > -9e15))
		return v;   /* past a double's whole numbers (and a long long): as it is */
	return v >= 100 ? (double)(long long)(v + 0.5) : (double)(long long)(v * 100 + 0.5) / 100;
}

/* Rows one updated row writes on design d: the table's, and every index
 * row holding a column s sets (in its key, or held: INCLUDE, a search
 * index's fields, an index table's copy of every column), and one more
 * for each index row it moves (a column of that index's key set: the old
 * row deleted, the new one written, kpj_update_moves). */
static int update_rows(const kp_table *t, const design *d, const kp_stmt *s)
{
	int n = 1;
	for (int i = 0; i < d->nix; i++) {
		const kp_index *ix = d->ix[i];
		if (!(ix->kv || ix->search) || ix->state == KP_IX_DISABLED)
			continue;
		bool touched = false;
		for (uint32_t k = 0; k < s->u.update.sets.n && !touched; k++) {
			const kp_assign *as = s->u.update.sets.items[k];
			int col = kp_table_column(t, as->col.s, as->col.len);
			if (col < 0)
				continue;
			touched = ix->all_columns || (ix->covers && ix->covers[col]);
			for (int j = 0; j < ix->key.n && !touched; j++)
				touched = ix->key.parts[j].col == col;
		}
		n += touched;
	}
	return n + kpj_update_moves(t, d, s);
}

/* Indexes of design d whose key holds a column an UPSERT of a column
 * list sets other than the table's key (the key names the row): on a row
 * that exists, each such index row moves (the old one deleted, the new
 * one written), as an UPDATE's does. 0 for an UPSERT or INSERT that sets
 * every column (a whole row) or names none, and none for a column the
 * UPSERT gives the state a row is created in where another write of the
 * row changes it (kpj_sets_existing without kpj_partial_moves: E75's
 * 'QUEUED'): that write creates the row, it moves none. */
static int upsert_moves(const jtable *jt, const design *d, int si)
{
	const kp_table *t = jt->t;
	const kp_stmt *s = jt->s[si].q->stmt;
	if (s->kind != KP_S_UPSERT || !s->u.insert.cols.n || (int)s->u.insert.cols.n >= t->ncols)
		return 0;
	int n = 0;
	for (int i = 0; i < d->nix; i++) {
		const kp_index *ix = d->ix[i];
		if (!ix->kv || ix->search || ix->state == KP_IX_DISABLED || ix->all_columns)
			continue;   /* a search index's document is keyed by the row's key: rewritten */
		bool moves = false;
		for (uint32_t k = 0; k < s->u.insert.cols.n && !moves; k++) {
			const kp_name *c = s->u.insert.cols.items[k];
			int col = kp_table_column(t, c->s, c->len);
			if (col < 0 || t->cols[col].key_pos >= 0 ||
			    (kpj_sets_existing(jt, si, col) && !kpj_partial_moves(jt, si, col)))
				continue;
			for (int j = 0; j < ix->key.n && !moves; j++)
				moves = ix->key.parts[j].col == col;
		}
		n += moves;
	}
	return n;
}

/* Of the indexes of design d, those whose row an UPSERT of some columns s
 * rewrites in place when its row exists: it sets a column the index row
 * holds (covered, INCLUDE) that keys none of it (that one moves it:
 * upsert_moves). holds_unkeyed: index ix holds column col outside its key. */
static bool holds_unkeyed(const kp_index *ix, int col)
{
	if (!(ix->kv || ix->search) || ix->state == KP_IX_DISABLED)
		return false;
	/* a search index's fields are its document's, keyed by the row's key:
	 * rewritten, never moved */
	for (int j = 0; j < ix->key.n; j++)
		if (ix->key.parts[j].col == col)
			return ix->all_columns || ix->search;
	return ix->all_columns || (ix->covers && ix->covers[col]);
}

static int upsert_rewrites(const kp_table *t, const design *d, const kp_stmt *s)
{
	if (s->kind != KP_S_UPSERT || !s->u.insert.cols.n || (int)s->u.insert.cols.n >= t->ncols)
		return 0;
	int n = 0;
	for (int i = 0; i < d->nix; i++) {
		bool moves = false, held = false;
		for (uint32_t k = 0; k < s->u.insert.cols.n; k++) {
			const kp_name *c = s->u.insert.cols.items[k];
			int col = kp_table_column(t, c->s, c->len);
			if (col < 0 || t->cols[col].key_pos >= 0)
				continue;
			held |= holds_unkeyed(d->ix[i], col);
			for (int j = 0; j < d->ix[i]->key.n && !d->ix[i]->all_columns && !d->ix[i]->search; j++)
				moves |= d->ix[i]->key.parts[j].col == col;
		}
		n += held && !moves;
	}
	return n;
}

/* What the table's row writes are called: "insert" when the workload
 * writes rows by INSERT or REPLACE, or none, "UPSERT" when its only row
 * writes are UPSERTs, which update a row that exists (E39's payments:
 * each writes the index row too; E61's heartbeats, an UPSERT of every
 * column of one bookmark again and again), "insert or UPSERT" when both. */
static const char *row_writes(const jtable *jt, const design *now, const design *d)
{
	bool ins = false, ups = false, partial = false;
	for (int i = 0; i < jt->ns; i++) {
		if (jt->s[i].ins_rows <= 0)
			continue;
		/* an UPSERT of some columns of a row another write creates
		 * writes only the index rows holding a column it sets: where
		 * that is fewer than a new row's, it is not in "every" (E141's
		 * edits, which set no column of block_by_parent) */
		if (kpj_partial_upsert(jt, i) && (kpj_row_writes(jt, now, i) < kpj_write_fanout(now) ||
		                                  kpj_row_writes(jt, d, i) < kpj_write_fanout(d))) {
			partial = true;
			continue;
		}
		const kp_stmt *st = jt->s[i].q->stmt;
		if (st->kind == KP_S_UPSERT)
			ups = true;
		else
			ins = true;
	}
	if (partial)
		return ups && ins ? "insert or UPSERT of a new row" : ups ? "UPSERT of a new row" : "insert";
	return ups && ins ? "insert or UPSERT" : ups ? "UPSERT" : "insert";
}

/* The write cost of design d against now, in words: every insert, then
 * each UPDATE shape whose rows rewritten change (by the columns it sets),
 * each UPSERT of some columns that moves more index rows (upsert_moves),
 * and deletes (every index row goes with the row); NULL when no write of
 * the workload writes another number of rows. */
const char *kpj_write_words(kp_advisor *adv, const jtable *jt, const design *now, const design *d, bool inserts)
{
	kp_buf b = {0};
	int ins_now = kpj_write_fanout(now), ins = kpj_write_fanout(d);
	if (ins != ins_now && inserts)
		kp_buf_printf(&b, "every %s now writes %d row%s (%d now)", row_writes(jt, now, d), ins, ins == 1 ? "" : "s",
		              ins_now);
	bool deletes = false;
	int named = 0;
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		const kp_stmt *st = s->q->stmt;
		if (!s->upd || s->fixed || s->now_rejected)
			continue;   /* refused: it writes nothing */
		if (st->kind == KP_S_DELETE) {
			deletes = true;
			continue;
		}
		int u_now = update_rows(jt->t, now, st), u = update_rows(jt->t, d, st);
		if (u == u_now)
			continue;
		if (named++ >= 5)
			continue;
		kp_buf_printf(&b, "%seach update of ", b.len ? "; " : "");
		for (uint32_t k = 0; k < st->u.update.sets.n; k++) {
			const kp_assign *as = st->u.update.sets.items[k];
			kp_buf_printf(&b, "%s%.*s", k ? ", " : "", (int)as->col.len, as->col.s);
		}
		int mv_now = kpj_update_moves(jt->t, now, st), mv = kpj_update_moves(jt->t, d, st);
		if (!mv && !mv_now)
			kp_buf_printf(&b, " (%s, weight %.15g) now rewrites %d row%s (%d now)", kpj_where_at(adv, s->q), s->weight,
			              u, u == 1 ? "" : "s", u_now);
		else
			kp_buf_printf(&b, " (%s, weight %.15g) now writes %d row%s (%d now): it moves the row of %d index%s "
			              "(%d now) whose key holds a column it sets to a new value, the old deleted and the new written",
			              kpj_where_at(adv, s->q), s->weight, u, u == 1 ? "" : "s", u_now, mv, mv == 1 ? "" : "es",
			              mv_now);
	}
	if (named > 5)
		kp_buf_printf(&b, " and %d more updates", named - 5);
	/* an UPSERT of some columns updates a row that exists: one that sets
	 * an index's key column moves its index row */
	named = 0;
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		const kp_stmt *st = s->q->stmt;
		if (s->ins_rows <= 0)
			continue;
		bool fresh = kpj_upsert_fresh(jt, i);   /* a new row: moves nothing */
		/* the index rows it moves when its row exists (upsert_moves: a
		 * create moves none); counted in the cost where the workload shows
		 * the row exists (kpj_upsert_moves) */
		int m_now = fresh ? 0 : upsert_moves(jt, now, i), m = fresh ? 0 : upsert_moves(jt, d, i);
		int r_now = fresh ? 0 : upsert_rewrites(jt->t, now, st), r = fresh ? 0 : upsert_rewrites(jt->t, d, st);
		if ((m == m_now && r == r_now) || named++ >= 5)
			continue;
		if (m == m_now) {
			/* it moves as many index rows as today, and rewrites more
			 * (or fewer) in place: the columns it sets an index holds */
			kp_buf_printf(&b, "%seach UPSERT setting ", b.len ? "; " : "");
			/* the columns of d's indexes, or of today's where d
			 * rewrites fewer (an index dropped: d may hold none) */
			const design *of = r < r_now ? now : d;
			int said = 0;
			for (uint32_t k = 0; k < st->u.insert.cols.n; k++) {
				const kp_name *c = st->u.insert.cols.items[k];
				int col = kp_table_column(jt->t, c->s, c->len);
				bool held = false;
				for (int x = 0; col >= 0 && jt->t->cols[col].key_pos < 0 && x < of->nix && !held; x++)
					held = holds_unkeyed(of->ix[x], col);
				if (held)
					kp_buf_printf(&b, "%s%.*s", said++ ? ", " : "", (int)c->len, c->s);
			}
			if (r == 0)
				kp_buf_printf(&b, " (%s, weight %.15g), %s no index holds (%d now) outside its key, no longer "
				              "rewrites an index row in place", kpj_where_at(adv, s->q), s->weight,
				              said > 1 ? "columns" : "a column", r_now);
			else
				kp_buf_printf(&b, " (%s, weight %.15g), %s %d index%s hold%s (%d now) outside %s key, rewrites "
				              "%s in place when its row exists", kpj_where_at(adv, s->q), s->weight,
				              said > 1 ? "columns" : "a column", r, r == 1 ? "" : "es", r == 1 ? "s" : "",
				              r_now, r == 1 ? "its" : "their", r == 1 ? "that index's row" : "their rows");
			if (m)
				kp_buf_printf(&b, ", and moves the row of %d index%s as today", m, m == 1 ? "" : "es");
			continue;
		}
		/* the columns it sets that key an index of d */
		kp_buf_printf(&b, "%seach UPSERT setting ", b.len ? "; " : "");
		int said = 0;
		for (uint32_t k = 0; k < st->u.insert.cols.n; k++) {
			const kp_name *c = st->u.insert.cols.items[k];
			int col = kp_table_column(jt->t, c->s, c->len);
			/* of d's indexes, or of today's where d moves fewer (an index
			 * dropped) */
			bool keys = false;
			const design *of = m < m_now ? now : d;
			for (int x = 0; col >= 0 && jt->t->cols[col].key_pos < 0 && x < of->nix && !keys; x++)
				for (int j = 0; j < of->ix[x]->key.n && !keys; j++)
					keys = of->ix[x]->key.parts[j].col == col && !of->ix[x]->all_columns &&
					       of->ix[x]->kv && !of->ix[x]->search && of->ix[x]->state != KP_IX_DISABLED;
			if (keys)
				kp_buf_printf(&b, "%s%.*s", said++ ? ", " : "", (int)c->len, c->s);
		}
		if (m == 0)
			kp_buf_printf(&b, " (%s, weight %.15g), %s of no index (%d now), no longer moves an index row",
			              kpj_where_at(adv, s->q), s->weight, said > 1 ? "key columns" : "a key column", m_now);
		else
			kp_buf_printf(&b, " (%s, weight %.15g), %s of %d index%s (%d now), moves %s when its row exists (the "
			              "old deleted, the new written)", kpj_where_at(adv, s->q), s->weight,
			              said > 1 ? "key columns" : "a key column", m,
			              m == 1 ? "" : "es", m_now, m == 1 ? "that index's row" : "their rows");
		/* and the rows it rewrites in place, where they change too (an
		 * index dropped, another holding a column it sets) */
		if (r != r_now)
			kp_buf_printf(&b, ", and rewrites the row of %d index%s (%d now) in place, a column it sets held "
			              "outside %s key", r, r == 1 ? "" : "es", r_now, r == 1 ? "its" : "their");
	}
	if (named > 5)
		kp_buf_printf(&b, " and %d more UPSERTs", named - 5);
	/* an UPSERT of every column that writes a row that exists (its key
	 * named by another statement, kpj_upsert_repeats) moves the index rows
	 * whose key it gives a new value, as the cost counts them */
	named = 0;
	for (int i = 0; i < jt->ns; i++) {
		if (!kpj_upsert_repeats(jt, i))
			continue;   /* an UPSERT of some columns: said above */
		int m_now = kpj_upsert_moves(jt, now, i), m = kpj_upsert_moves(jt, d, i);
		if (m == m_now || named++ >= 5)
			continue;
		const jshape *s = &jt->s[i];
		int w = ins + m, w_now = ins_now + m_now;
		kp_buf_printf(&b, "%seach UPSERT of a row that exists (%s, weight %.15g; its key named by %s) now writes "
		              "%d row%s (%d now): it moves the row of %d index%s (%d now) whose key holds a column it sets "
		              "to a new value, the old deleted and the new written", b.len ? "; " : "", kpj_where_at(adv, s->q),
		              s->weight, kpj_where_at(adv, s->by_key), w, w == 1 ? "" : "s", w_now, m, m == 1 ? "" : "es", m_now);
	}
	if (named > 5)
		kp_buf_printf(&b, " and %d more UPSERTs", named - 5);
	if (deletes && ins != ins_now)
		kp_buf_printf(&b, "%seach delete now removes %d row%s (%d now)", b.len ? "; " : "", ins, ins == 1 ? "" : "s",
		              ins_now);
	char *r = b.len ? kpa_bufdup(adv->a, &b) : NULL;
	kp_buf_free(&b);
	return r;
}

/* The served weight of the items of d as the judge planned them: a rule
 * counts a statement as served by the class its own what-if gave it (a
 * SCAN), where the judge, planning the whole design, may find the store
 * refuses it (E73's hash prefix: "served 23000 -> 23000" beside the
 * judge's "makes worse: ... SCAN -> REJECTED SCAN (weight 3000)"). Where
 * the rule measured the same weight served today, the item's served
 * after and its message's "served B -> A of T weight" take the judge's
 * count, so that its words and its trades agree. */
static void served_as_judged(kp_advisor *adv, const jtable *jt, const design *d)
{
	double before = 0, after = 0, total = 0;
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if (s->ins_rows > 0)
			continue;
		total += s->weight;
		if (kpa_served(s->now) && !s->now_rejected)
			before += s->weight;
		if (kpa_served(s->then) && !s->then_rejected)
			after += s->weight;
	}
	for (int k = 0; k < d->nitems; k++) {
		kp_advice *x = d->items[k];
		if (x->table != jt->t || x->total <= 0)
			continue;
		/* the same statements counted (their weight the judge's), fewer
		 * served today by the judge's count: the judge's counts, where a
		 * read the rule took as served is one the store refuses today (a
		 * sort Lindorm refuses, KP110: E98's address pages, "served 42002
		 * -> 42002" while the cost said "refused by the store 40000") */
		bool same = fabs(x->total - total) <= 1e-9 * (total + 1) && before < x->before - 1e-9 * (before + 1);
		if (!same && (fabs(x->before - before) > 1e-9 * (before + 1) || !(after < x->after - 1e-9 * (after + 1))))
			continue;
		char was[160];
		snprintf(was, sizeof was, "; served %.15g -> %.15g of %.15g weight", x->before, x->after, x->total);
		const char *at = x->message ? strstr(x->message, was) : NULL;
		if (!at)
			continue;
		double b0 = same ? before : x->before;
		x->message = kp_arena_printf(adv->a, "%.*s; served %.15g -> %.15g of %.15g weight%s",
		                             (int)(at - x->message), x->message, b0, after, x->total,
		                             at + strlen(was));
		x->before = b0;
		x->after = after;
	}
}

/* What x, applied alone, trades against the design as it is: statements
 * it breaks or makes worse, the hotspot it adds, rows it reads and writes. */
const char *kpj_trades(kp_advisor *adv, jtable *jt, const kp_cost *now, const kp_cost *c, const design *d)
{
	kp_buf b = {0};
	int named = 0;
	served_as_judged(adv, jt, d);
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if (s->ins_rows > 0 || (s->then == s->now && s->then_rejected == s->now_rejected))
			continue;
		bool worse = (s->then > s->now && !(s->now == KP_ACCESS_SEARCH)) || (s->then_rejected && !s->now_rejected);
		if (!worse)
			continue;
		if (named++ < 5)
			kp_buf_printf(&b, "%s%s %s -> %s (weight %.15g)", named > 1 ? ", " : "makes worse: ",
			              kpj_where_at(adv, s->q), shape_class(s->now, s->now_rejected),
			              shape_class(s->then, s->then_rejected), s->weight);
	}
	if (named > 5)
		kp_buf_printf(&b, " and %d more", named - 5);
	/* rows put on one region are a hotspot where they decide: by the
	 * stated rates, only at what a region takes (judge.c's adds_hot) */
	if (c->hot > now->hot * (1 + 1e-9) && c->by_rate && !c->hot_decides)
		kp_buf_printf(&b, "%sputs %.15g more weighted rows written onto one region (by the rates the table's "
		              "writes state (-- rate:), %.15g rows a second, under the %.15g a region takes: no write "
		              "hotspot)",
		              b.len ? "; " : "", kpj_per_value(c->hot - now->hot, 1), kpj_per_value(c->hot_rate, 1),
		              KP_REGION_WRITE_RATE);
	else if (c->hot > now->hot * (1 + 1e-9))
		kp_buf_printf(&b, "%sputs %.15g more weighted rows written onto one region (a write hotspot)",
		              b.len ? "; " : "", kpj_per_value(c->hot - now->hot, 1));
	else if (c->hot < now->hot * (1 - 1e-9)) {
		kp_buf_printf(&b, "%sspreads %.15g weighted rows written that land on one region today", b.len ? "; " : "",
		              kpj_per_value(now->hot - c->hot, 1));
		/* a hotspot of a table whose writes are a small share of its
		 * load does not decide before the rows (kp_cost.hot_decides) */
		double all = jt->reads + jt->writes + jt->assumed;
		if (c->by_rate && !c->hot_decides && !now->hot_decides)
			kp_buf_printf(&b, " (by the rates the table's writes state (-- rate:), %.15g rows a second land on one "
			              "region today, under the %.15g a region takes: it has throughput to spare)",
			              kpj_per_value(now->hot_rate, 1), KP_REGION_WRITE_RATE);
		else if (c->by_rate)
			kp_buf_printf(&b, " (by the rates the table's writes state (-- rate:), %.15g rows a second land on one "
			              "region today, at least the %.15g a region takes)",
			              kpj_per_value(now->hot_rate, 1), KP_REGION_WRITE_RATE);
		else if (!c->hot_decides && !now->hot_decides && all > 0)
		{
			double placed = kpj_placed_writes(jt);   /* advisor21: writes naming a row by key apart */
			kp_buf_printf(&b, " (the table's writes, weight %.15g, are %.2g%% of its weighted statements, under the "
			              "%.15g%% at which a write hotspot decides before the rows: the region that takes "
			              "them has throughput to spare",
			              kpj_per_value(placed + jt->assumed, 1), 100 * (placed + jt->assumed) / all, 100 * KP_HOT_SHARE);
			if (placed < jt->writes)
				kp_buf_printf(&b, "; the writes that name a row by its whole key, weight %.15g, land where that row "
				              "is, not at the key's insertion point", kpj_per_value(jt->writes - placed, 1));
			kp_buf_puts(&b, ")");
		}
	}
	/* rows rounded as the review's cost line rounds them (tools/review.c) */
	kp_buf_printf(&b, "%sreads %.15g rows (now %.15g)", b.len ? "; " : "", kpj_per_value(c->read, 1),
	              kpj_per_value(now->read, 1));
	/* refused reads count by weight, not in the rows read: a design that
	 * makes more reads refused reads fewer rows, and says why (one that
	 * makes them run says so below) */
	if (c->refused > now->refused * (1 + 1e-9))
		kp_buf_printf(&b, ", and reads of weight %.15g the store refuses (now %.15g; a refused read does not run "
		              "and is not in the rows read)", c->refused, now->refused);
	kp_buf_printf(&b, ", writes %.15g (now %.15g)", kpj_per_value(c->written, 1), kpj_per_value(now->written, 1));
	/* reads the store refuses made to run: what each run costs the
	 * writes (docs/advice.md, "Reads the store refuses") */
	if (c->refused < now->refused * (1 - 1e-9)) {
		double ran = now->refused - c->refused, added = c->amplified - now->amplified;
		kp_buf_printf(&b, "; makes reads the store refuses run (weight %.15g), for %.15g more weighted rows "
		              "written (%.15g a run)", ran, added > 0 ? added : 0,
		              added > 0 ? (double)(long long)(added / ran * 100 + 0.5) / 100 : 0);   /* to the hundredth */
		if (added > ran * KP_REFUSED_RATE * (1 + 1e-9))
			kp_buf_printf(&b, ": more than the %.15g a run that is worth, so not recommended for them: a "
			              "read that rare against the writes is a batch, run with the store's full-scan "
			              "hint or as an export", KP_REFUSED_RATE);
	}
	/* reads that look a row up by a value the workload's updates set,
	 * moved onto a search index the writes reach asynchronously (judge.c
	 * does not admit such a step) */
	int own = 0;
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if (s->then != KP_ACCESS_SEARCH || s->now == KP_ACCESS_SEARCH || !kpj_reads_own_write(jt, i))
			continue;
		kp_buf_printf(&b, "%s%s (weight %.15g)",
		              own++ ? ", " : "; moves onto a search index reads that look a row up by a value the "
		                             "workload's updates set: ",
		              kpj_where_at(adv, s->q), s->weight);
	}
	if (own)
		kp_buf_puts(&b, ": the store brings writes to a search index asynchronously, so such a read just after "
		                "its write may miss the row, where a KV index is written with the row; not recommended while "
		                "it takes them");
	/* full scans the store runs, served: a batch when rarer than the
	 * writes it makes dearer are worth (kpj_batch_discount) */
	double ran = 0;
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if (s->ins_rows > 0 || s->upd || s->fixed || s->now != KP_ACCESS_FULL || s->now_rejected ||
		    s->then == KP_ACCESS_FULL || s->then == KP_ACCESS_NONE || s->then_rejected)
			continue;
		ran += s->weight;
	}
	double added = c->amplified - now->amplified;
	if (ran > 0 && added > ran * KP_SCAN_RUN_RATE * (1 + 1e-9))
		kp_buf_printf(&b, "; serves full scans the store runs (weight %.15g), for %.15g more weighted rows "
		              "written (%.15g a run): more than the %.15g a run that is worth, so the rows it saves them "
		              "do not count for it: a read that rare against the writes is a batch, run as it runs "
		              "today or as an export",
		              ran, kpj_per_value(added, 1), (double)(long long)(added / ran * 100 + 0.5) / 100, KP_SCAN_RUN_RATE);
	int copies = kpj_write_fanout(d);
	design as_is = {.key = &jt->t->pk, .ix = jt->t->indexes, .nix = jt->t->nindexes};
	if (copies > 1)
		kp_buf_printf(&b, "; every %s writes %d rows", row_writes(jt, &as_is, d), copies);
	/* the updates that rewrite an index row, and deletes */
	const char *more = kpj_write_words(adv, jt, &as_is, d, false);
	if (more)
		kp_buf_printf(&b, "; %s", more);
	kpj_payback_words(&b, jt, now, c, d);   /* advisor21: the one-time copy that decides */
	char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}
