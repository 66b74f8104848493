/* The words a judged table carries (docs/advice.md): an alternative's
 * trades, a recommendation's write cost, and the notes on the defaults a
 * verdict rests on (an alternative left undecided by the bracket, the
 * assumes: line under a recommendation), with the annotations that settle
 * them. judge.c chooses; this file says what was chosen and why. */
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

/* Rows a value in words (below): rows / distinct rounded. */
static double per_value(double rows, double distinct);

/* "file:line" of a statement. */
static const char *where_at(kp_advisor *adv, const kp_wquery *q)
{
	uint32_t line, col;
	kp_source_linecol(q->src, q->off, &line, &col);
	return kp_arena_printf(adv->a, "%s:%u", q->src->path, line);
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
static const char *row_writes(const jtable *jt)
{
	bool ins = false, ups = false;
	for (int i = 0; i < jt->ns; i++) {
		if (jt->s[i].ins_rows <= 0)
			continue;
		const kp_stmt *st = jt->s[i].q->stmt;
		if (st->kind == KP_S_UPSERT)
			ups = true;
		else
			ins = true;
	}
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
		kp_buf_printf(&b, "every %s now writes %d row%s (%d now)", row_writes(jt), ins, ins == 1 ? "" : "s",
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
			kp_buf_printf(&b, " (%s, weight %.15g) now rewrites %d row%s (%d now)", where_at(adv, s->q), s->weight,
			              u, u == 1 ? "" : "s", u_now);
		else
			kp_buf_printf(&b, " (%s, weight %.15g) now writes %d row%s (%d now): it moves the row of %d index%s "
			              "(%d now) whose key holds a column it sets to a new value, the old deleted and the new written",
			              where_at(adv, s->q), s->weight, u, u == 1 ? "" : "s", u_now, mv, mv == 1 ? "" : "es",
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
				              "rewrites an index row in place", where_at(adv, s->q), s->weight,
				              said > 1 ? "columns" : "a column", r_now);
			else
				kp_buf_printf(&b, " (%s, weight %.15g), %s %d index%s hold%s (%d now) outside %s key, rewrites "
				              "%s in place when its row exists", where_at(adv, s->q), s->weight,
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
			              where_at(adv, s->q), s->weight, said > 1 ? "key columns" : "a key column", m_now);
		else
			kp_buf_printf(&b, " (%s, weight %.15g), %s of %d index%s (%d now), moves %s when its row exists (the "
			              "old deleted, the new written)", where_at(adv, s->q), s->weight,
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
		              "to a new value, the old deleted and the new written", b.len ? "; " : "", where_at(adv, s->q),
		              s->weight, where_at(adv, s->by_key), w, w == 1 ? "" : "s", w_now, m, m == 1 ? "" : "es", m_now);
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
			              where_at(adv, s->q), shape_class(s->now, s->now_rejected),
			              shape_class(s->then, s->then_rejected), s->weight);
	}
	if (named > 5)
		kp_buf_printf(&b, " and %d more", named - 5);
	if (c->hot > now->hot * (1 + 1e-9))
		kp_buf_printf(&b, "%sputs %.15g more weighted rows written onto one region (a write hotspot)",
		              b.len ? "; " : "", per_value(c->hot - now->hot, 1));
	else if (c->hot < now->hot * (1 - 1e-9)) {
		kp_buf_printf(&b, "%sspreads %.15g weighted rows written that land on one region today", b.len ? "; " : "",
		              per_value(now->hot - c->hot, 1));
		/* a hotspot of a table whose writes are a small share of its
		 * load does not decide before the rows (kp_cost.hot_decides) */
		double all = jt->reads + jt->writes + jt->assumed;
		if (c->by_rate && !c->hot_decides && !now->hot_decides)
			kp_buf_printf(&b, " (by the rates the table's writes state (-- rate:), %.15g rows a second land on one "
			              "region today, under the %.15g a region takes: it has throughput to spare)",
			              per_value(now->hot_rate, 1), KP_REGION_WRITE_RATE);
		else if (c->by_rate)
			kp_buf_printf(&b, " (by the rates the table's writes state (-- rate:), %.15g rows a second land on one "
			              "region today, at least the %.15g a region takes)",
			              per_value(now->hot_rate, 1), KP_REGION_WRITE_RATE);
		else if (!c->hot_decides && !now->hot_decides && all > 0)
		{
			double placed = kpj_placed_writes(jt);   /* advisor21: writes naming a row by key apart */
			kp_buf_printf(&b, " (the table's writes, weight %.15g, are %.2g%% of its weighted statements, under the "
			              "%.15g%% at which a write hotspot decides before the rows: the region that takes "
			              "them has throughput to spare",
			              per_value(placed + jt->assumed, 1), 100 * (placed + jt->assumed) / all, 100 * KP_HOT_SHARE);
			if (placed < jt->writes)
				kp_buf_printf(&b, "; the writes that name a row by its whole key, weight %.15g, land where that row "
				              "is, not at the key's insertion point", per_value(jt->writes - placed, 1));
			kp_buf_puts(&b, ")");
		}
	}
	/* rows rounded as the review's cost line rounds them (tools/review.c) */
	kp_buf_printf(&b, "%sreads %.15g rows (now %.15g)", b.len ? "; " : "", per_value(c->read, 1),
	              per_value(now->read, 1));
	/* refused reads count by weight, not in the rows read: a design that
	 * makes more reads refused reads fewer rows, and says why (one that
	 * makes them run says so below) */
	if (c->refused > now->refused * (1 + 1e-9))
		kp_buf_printf(&b, ", and reads of weight %.15g the store refuses (now %.15g; a refused read does not run "
		              "and is not in the rows read)", c->refused, now->refused);
	kp_buf_printf(&b, ", writes %.15g (now %.15g)", per_value(c->written, 1), per_value(now->written, 1));
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
		              where_at(adv, s->q), s->weight);
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
		              ran, per_value(added, 1), (double)(long long)(added / ran * 100 + 0.5) / 100, KP_SCAN_RUN_RATE);
	int copies = kpj_write_fanout(d);
	if (copies > 1)
		kp_buf_printf(&b, "; every %s writes %d rows", row_writes(jt), copies);
	/* the updates that rewrite an index row, and deletes */
	design as_is = {.key = &jt->t->pk, .ix = jt->t->indexes, .nix = jt->t->nindexes};
	const char *more = kpj_write_words(adv, jt, &as_is, d, false);
	if (more)
		kp_buf_printf(&b, "; %s", more);
	kpj_payback_words(&b, jt, now, c, d);   /* advisor21: the one-time copy that decides */
	char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* Does a read of the table itself bind column col by = (range false) or
 * bound it by a range (range true)? */
static bool read_binds(const jtable *jt, int col, bool by_range)
{
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if (s->ins_rows > 0 || s->on != jt->t || !s->q->plan.names)
			continue;
		colset eq = {0}, range = {0};
		kpa_sargable(s->q->plan.names, kpa_where_of(s->q->stmt), &eq, &range);
		const colset *c = by_range ? &range : &eq;
		for (int e = 0; e < c->n; e++)
			if (c->cols[e] == col)
				return true;
	}
	return false;
}

static bool eq_bound(const jtable *jt, int col)
{
	return read_binds(jt, col, false);
}

static bool range_bound(const jtable *jt, int col)
{
	return read_binds(jt, col, true);
}

/* What an alternative that paid at the default but not across the
 * bracket trades, and the annotation that decides it: the columns its
 * key binds that no -- distinct: sizes (docs/advice.md, "Defaults that
 * decide"). */
const char *kpj_undecided_note(kp_advisor *adv, const jtable *jt, const kp_advice *x, const char *trade)
{
	kp_buf b = {0};
	kp_buf_printf(&b, "%s; pays with the defaults (%.15g rows a value of a key column bound by =, %.15g%% of "
	              "those in a range), not across their bracket (%.15g times as many a value, a range keeping all "
	              "of them): what it saves rests on the share of a value's rows its reads' range keeps, which no "
	              "annotation states",
	              trade, jt->rows * KP_SEL_EQ, KP_SEL_RANGE * 100, KP_BRACKET);
	uint32_t nc = x->columns.n - (uint32_t)x->held;
	/* the columns its reads bound by a range whose share no -- range:
	 * states */
	int ranged = 0;
	for (uint32_t k = 0; k < nc; k++) {
		const char *c = x->columns.items[k];
		int col = kp_table_column(jt->t, c, (uint32_t)strlen(c));
		if (col < 0 || kpa_range_kept(&jt->counts, col) > 0 || !range_bound(jt, col))
			continue;
		kp_buf_printf(&b, "%s'%s'", ranged++ ? ", " : " (of ", c);
	}
	if (ranged)
		kp_buf_puts(&b, ": '-- range: COLUMN SHARE' states it, docs/annotations.md)");
	kp_buf_puts(&b, ": not recommended");
	int named = 0;
	for (uint32_t k = 0; k < nc; k++) {
		const char *c = x->columns.items[k];
		int col = kp_table_column(jt->t, c, (uint32_t)strlen(c));
		if (col < 0 || (jt->distinct && jt->distinct[col] >= 1))
			continue;
		/* bound by = in a read of the table (a range's share no
		 * annotation states) */
		if (!eq_bound(jt, col))
			continue;
		kp_buf_printf(&b, "%s%s", named++ ? ", " : "; the rows a value holds are a default too, of ", c);
	}
	if (named)
		kp_buf_puts(&b, " (state them: '-- distinct: COLUMN N', docs/annotations.md)");
	char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* The defaults a recommendation rests on, in words, with the annotations
 * that would settle them (docs/advice.md, "Defaults that decide"): the
 * table's rows when no -- rows: states them, and the rows a value of each
 * column its keys bind that a read binds by = and no -- distinct: sizes.
 * NULL when it rests on none, or when it spreads rows written on one
 * region or makes refused reads run (a hotspot or a refusal, not a
 * count, decides it). */
/* Why column c is taken as near-unique, in words, with the read that binds
 * it alone (kpa_near_unique). */
static const char *unique_why(kp_advisor *adv, const jtable *jt, int c)
{
	const kp_wquery *by = NULL;
	kpa_unique_why why = kpa_near_unique(adv, jt->t, c, &by);
	if (why == KPA_UNIQUE_INDEX)
		return kp_arena_printf(adv->a, "a UNIQUE index holds it alone, and %s binds it by =",
		                       by ? where_at(adv, by) : "a read");
	return kp_arena_printf(adv->a, "%s, and %s binds it alone",
	                       why == KPA_UNIQUE_KEY_END ? "it ends the key" : "its name says it is the table's id",
	                       by ? where_at(adv, by) : "a read");
}

const char *kpj_unique_note(kp_advisor *adv, const jtable *jt)
{
	kp_buf cols = {0}, sets = {0};
	int n = 0;
	for (int c = 0; jt->by_unique && c < jt->t->ncols; c++) {
		if (!jt->by_unique[c] || jt->t->cols[c].dropped)
			continue;
		kp_buf_printf(&cols, "%s%s (%s)", n ? "; " : "", jt->t->cols[c].name, unique_why(adv, jt, c));
		kp_buf_printf(&sets, "%s'-- distinct: %s N'", n ? ", " : "", jt->t->cols[c].name);
		n++;
	}
	char *out = n ? kp_arena_printf(adv->a, "%s taken as near-unique: 1 row a value, not %.15g%% of the rows, "
	                                "for the reads that bind %s by = (a key's last column, or an id, that a "
	                                "point read names alone); state %s (docs/annotations.md) if a value holds "
	                                "more", cols.data, KP_SEL_EQ * 100, n > 1 ? "them" : "it", sets.data)
	              : NULL;
	kp_buf_free(&cols);
	kp_buf_free(&sets);
	return out;
}

const char *kpj_assumes_note(kp_advisor *adv, const jtable *jt, const kp_table_review *r)
{
	if (r->after.hot < r->before.hot * (1 - 1e-9) || r->after.refused < r->before.refused * (1 - 1e-9))
		return NULL;   /* a hotspot spread, or refused reads made to run: no count decides */
	kp_buf cols = {0}, typed = {0};
	int named = 0, ntyped = 0;
	/* each column named once, by its place in the table (a name may be
	 * part of another's: ID of USER_ID) */
	bool *said = calloc((size_t)jt->t->ncols + 1, sizeof *said);
	if (!said)
		abort();
	for (uint32_t i = 0; i < r->recommended.n; i++) {
		const kp_advice *x = r->recommended.items[i];
		uint32_t nc = x->columns.n - (uint32_t)x->held;
		for (uint32_t k = 0; k < nc; k++) {
			const char *c = x->columns.items[k];
			int col = kp_table_column(jt->t, c, (uint32_t)strlen(c));
			if (col < 0 || said[col])
				continue;
			if (jt->by_type && jt->by_type[col] && eq_bound(jt, col)) {
				/* no default: its type bounds its values */
				said[col] = true;
				kp_buf_printf(&typed, "%s%s", ntyped++ ? ", " : "", c);
				continue;
			}
			if (jt->distinct && jt->distinct[col] >= 1)
				continue;
			/* the table's whole one-column key: as many values as rows,
			 * no default (E98's block_number, "1% of the rows" of a
			 * unique key in designs16.md) */
			if (jt->t->pk.n == 1 && jt->t->pk.parts[0].col == col)
				continue;
			/* or the tenant column a tenant's connection binds */
			if (eq_bound(jt, col) || col == kp_table_tenant_col(jt->t)) {
				said[col] = true;
				kp_buf_printf(&cols, "%s%s", named++ ? ", " : "", c);
			}
		}
	}
	free(said);
	if (!jt->rows_default && !named) {
		kp_buf_free(&cols);
		kp_buf_free(&typed);
		return NULL;
	}
	kp_buf b = {0};
	kp_buf_puts(&b, "it rests on defaults, not on counts stated: ");
	if (jt->rows_default)
		kp_buf_printf(&b, "%.15g rows in the table (no -- rows: above its CREATE)%s", jt->rows, named ? "; " : "");
	if (named)
		kp_buf_printf(&b, "%.15g rows a value (%.15g%% of the rows) of %s (no -- distinct:)", jt->rows * KP_SEL_EQ,
		              KP_SEL_EQ * 100, cols.data);
	if (jt->rows_default)
		kp_buf_printf(&b, "; state them (%s%s, docs/annotations.md) to settle whether it pays", "'-- rows: N'",
		              named ? ", '-- distinct: COLUMN N'" : "");
	else
		/* the rows a value are bracketed and the step paid at the upper
		 * end too (kpj_pays): what a count stated would settle is its
		 * figures, not a verdict the defaults decided (E107's index,
		 * which did not pay there, is an alternative that says so) */
		kp_buf_printf(&b, "; it pays with them and with %.15g times as many rows a value (the upper end of their "
		              "bracket, docs/advice.md), so it is recommended; state them ('-- distinct: COLUMN N', "
		              "docs/annotations.md) for its figures", KP_BRACKET);
	/* what no annotation need state: a BOOLEAN's two values */
	if (ntyped)
		kp_buf_printf(&b, " (%s: 2 values by %s type, a BOOLEAN, so half the rows a value)", typed.data,
		              ntyped > 1 ? "their" : "its");
	char *out = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	kp_buf_free(&cols);
	kp_buf_free(&typed);
	return out;
}

/* The rows a value of each column whose count is known, in words, for the
 * review's cost line: every column a -- distinct: states, then each a
 * read binds by = whose type bounds its values (a BOOLEAN); NULL when
 * none (every count is the default). */
/* Rows a value in words: whole from 100 up, to the hundredth below (a
 * share of a stated count: 333333333.333333 is 333333333). */
static double per_value(double rows, double distinct)
{
	double v = rows / distinct;
	if (!(v < 9e15 && v > -9e15))
		return v;   /* past a double's whole numbers (and a long long): as it is */
	return v >= 100 ? (double)(long long)(v + 0.5) : (double)(long long)(v * 100 + 0.5) / 100;
}

/* Is column c's count of values stated (-- distinct:, fixed N), not
 * bounded by its type or taken as near-unique? */
static bool stated_count(const jtable *jt, int c)
{
	return c >= 0 && c < jt->t->ncols && jt->distinct[c] >= 1 && !(jt->by_type && jt->by_type[c]) &&
	       !(jt->by_unique && jt->by_unique[c]) && !jt->t->cols[c].dropped;
}

const char *kpj_values_words(kp_advisor *adv, const jtable *jt)
{
	if (!jt->distinct)
		return NULL;
	kp_buf b = {0};
	int stated = 0, typed = 0, nstated = 0;
	for (int c = 0; c < jt->t->ncols; c++)
		nstated += stated_count(jt, c);
	bool many = nstated > 1 && kp_table_tenant_col(jt->t) < 0;
	for (int c = 0; c < jt->t->ncols; c++) {
		if (!stated_count(jt, c))
			continue;
		/* a key column after stated key columns: its rows a value within
		 * one value of those, as a read binding the key's prefix keeps
		 * them (E80: channel_code's 1/4 of variant_code's 1333 rows, 333,
		 * where the words said only 2000000000 / 4), and bound alone;
		 * a tenant's spread aside (cost.c's stated_share) */
		double before = 1;
		kp_buf pre = {0};
		int kp = jt->t->cols[c].key_pos;
		for (int i = 0; many && kp > 0 && i < kp && i < jt->t->pk.n; i++) {
			int pc = jt->t->pk.parts[i].col;
			if (pc < 0 || !stated_count(jt, pc))
				continue;
			before *= jt->distinct[pc];
			kp_buf_printf(&pre, "%s%s", pre.len ? " and " : "", jt->t->cols[pc].name);
		}
		double v = per_value(jt->rows / before, jt->distinct[c]);
		if (pre.len && v < 1)
			v = 1;   /* a read binding them keeps a row at least (cost.c) */
		if (stated++)
			kp_buf_printf(&b, ", %.15g of %s", v, jt->t->cols[c].name);
		else
			kp_buf_printf(&b, "%.15g rows a value of %s", v, jt->t->cols[c].name);
		if (pre.len)
			kp_buf_printf(&b, " within a value of %s (%.15g bound alone)", pre.data,
			              per_value(jt->rows, jt->distinct[c]));
		kp_buf_free(&pre);
		/* a zipfian column's values read as often as they hold rows */
		if (kpa_notes_of(adv, jt->t)->dist[c] == KPA_DIST_SKEWED)
			kp_buf_puts(&b, " (zipfian: a value read as often as it holds rows)");
	}
	if (stated)
		kp_buf_puts(&b, " (-- distinct:)");
	for (int c = 0; c < jt->t->ncols; c++) {
		if (!jt->by_type || !jt->by_type[c] || jt->t->cols[c].dropped || !eq_bound(jt, c))
			continue;
		kp_buf_printf(&b, "%s%.15g %s %s (a BOOLEAN: 2 values)", b.len ? (typed ? ", " : "; ") : "",
		              per_value(jt->rows, jt->distinct[c]), b.len ? "of" : "rows a value of", jt->t->cols[c].name);
		typed++;
	}
	/* the ids taken as near-unique, by why */
	int unique = 0;
	for (int c = 0; c < jt->t->ncols; c++) {
		if (!jt->by_unique || !jt->by_unique[c] || jt->t->cols[c].dropped)
			continue;
		kp_buf_printf(&b, "%s%s %s (near-unique: %s)", b.len ? (unique ? ", " : "; ") : "",
		              b.len ? "1 of" : "1 row a value of", jt->t->cols[c].name, unique_why(adv, jt, c));
		unique++;
	}
	/* the shares of a range stated */
	int ranged = 0;
	for (int c = 0; c < jt->t->ncols; c++) {
		double kept = kpa_range_kept(&jt->counts, c);
		if (!(kept > 0) || jt->t->cols[c].dropped)
			continue;
		/* as it was written when it was one over a whole number (1/365) */
		double inv = 1 / kept, whole = (double)(long long)(inv + 0.5);
		kp_buf_printf(&b, "%sa range on %s keeps ", b.len ? (ranged ? ", " : "; ") : "", jt->t->cols[c].name);
		if (inv < 1e15 && whole > 1 && fabs(inv - whole) < whole * 1e-9)
			kp_buf_printf(&b, "1/%.15g", whole);
		else
			kp_buf_printf(&b, "%.6g", kept);
		kp_buf_puts(&b, " of the rows the columns before it keep");
		ranged++;
	}
	if (ranged)
		kp_buf_puts(&b, " (-- range:)");
	char *r = b.len ? kpa_bufdup(adv->a, &b) : NULL;
	kp_buf_free(&b);
	return r;
}

/* The first read of the table that lists values of column col with IN
 * (at least two, in its WHERE's top-level AND), or NULL; *n its values. */
static const jshape *lists_values(const jtable *jt, int col, uint32_t *n)
{
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if (s->ins_rows > 0 || kpa_is_write(s->q->stmt) || !s->q->plan.names)
			continue;
		const kp_expr *w = kpa_where_of(s->q->stmt);
		if (!w)
			continue;
		const kp_expr *one[1] = {w};
		const kp_expr *const *l = one;
		uint32_t nl = 1;
		if (w->kind == KP_X_AND) {
			l = (const kp_expr *const *)w->list;
			nl = w->n;
		}
		for (uint32_t k = 0; k < nl; k++)
			if (l[k]->kind == KP_X_IN && !l[k]->negated && l[k]->n >= 2 &&
			    kpa_colref(s->q->plan.names, l[k]->a) == col) {
				*n = l[k]->n;
				return s;
			}
	}
	return NULL;
}

/* What a verdict that the design stands assumes of a count that would
 * decide a hotspot (docs/advice.md, "Defaults that decide"): the column
 * that leads a key of several columns, written to, whose number of values
 * nothing states (no -- distinct:, no -- distribution:) and neither its
 * name nor its type nor the workload's evidence marks as few or
 * monotonic, while a read lists its values with IN (E36b's product page
 * lists the six locations), is taken to hold many values; with few, the
 * writes would land on as few regions. NULL otherwise. */
const char *kpj_stands_note(kp_advisor *adv, const jtable *jt)
{
	const kp_table *t = jt->t;
	if (jt->writes <= 0 || t->pk.n < 2 || t->salt_buckets)
		return NULL;
	int c = t->pk.parts[0].col;
	if (c < 0 || jt->hot[c] || jt->few[c] || (jt->distinct && jt->distinct[c] >= 1))
		return NULL;
	const kpa_notes *n = kpa_notes_of(adv, t);
	uint32_t listed = 0;
	const jshape *in = lists_values(jt, c, &listed);
	if (n->dist[c] || t->cols[c].auto_increment || !in)
		return NULL;
	return kp_arena_printf(adv->a, "the design stands on a count no annotation states: %s, which leads the key, is "
	                       "taken to hold many values (no -- distinct:), though %s lists %u of them with IN; with few "
	                       "(%d or fewer), its writes would land on as few regions (a write hotspot) and a bucket "
	                       "before it would spread them: state it ('-- distinct: %s N', docs/annotations.md) to settle it",
	                       t->cols[c].name, where_at(adv, in->q), listed, KP_FEW_VALUES, t->cols[c].name);
}

/* What a recommendation that makes a sort the store refuses run could be
 * instead (E38's inbox): the read without its ORDER BY runs on the key as
 * it is, its rows sorted by the application at no write cost. NULL when
 * no read it changes was refused for its sort. */
const char *kpj_instead_note(kp_advisor *adv, const jtable *jt, const kp_table_review *r)
{
	kp_buf b = {0};
	int named = 0;
	for (uint32_t i = 0; i < r->changes.n; i++) {
		const kp_change *ch = r->changes.items[i];
		if (!ch->rejected_before || ch->rejected_after || ch->before == KP_ACCESS_FULL ||
		    ch->order_before != KP_ORDER_SORT)
			continue;
		kp_buf_printf(&b, "%s%s (weight %.15g)", named++ ? ", " : "", where_at(adv, ch->q), ch->weight);
	}
	if (!named) {
		kp_buf_free(&b);
		return NULL;
	}
	char *out = kp_arena_printf(adv->a, "the store refuses %s as written for its ORDER BY alone (%s sorts "
	                            "nothing): without it, %s on the key as it is and the application sorts the "
	                            "rows, at no write cost, where a value's rows are few", b.data,
	                            kpa_target(adv->target)->name, named > 1 ? "they run" : "it runs");
	kp_buf_free(&b);
	(void)jt;
	return out;
}

const char *kpj_index_words(kp_advisor *adv, const jtable *jt, const kp_list *cands, const sres *res,
                            kp_table_review *r)
{
	const kp_table *t = jt->t;
	kp_buf b = {0};
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		if (!(ix->kv || ix->search) || ix->inherited)
			continue;
		const kp_advice *fate = NULL, *drop = NULL;
		for (uint32_t k = 0; k < cands->n; k++)   /* with what each comes with (a key change's rebuilt index) */
			for (const kp_advice *x = cands->items[k]; x; x = x->with) {
				if (x->replaces != ix)
					continue;
				if (x->recommended)
					fate = x;
				if (!x->index && !(x->read_drop && !x->recommended))
					drop = x;
			}
		kp_buf_printf(&b, "%s%s ", b.len ? "; " : "", ix->name);
		kp_index_fate *f = kp_arena_alloc(adv->a, sizeof(*f));
		f->index = ix;
		kp_list_push(adv->a, &r->fates, f);
		if (fate) {
			f->fate = !fate->index ? "dropped" : !strcmp(fate->kind, "rebuild_index") ? "rebuilt" : "widened";
			f->by = fate;
			kp_buf_printf(&b, "%s (#%d)", f->fate, fate->rank);
			continue;
		}
		double w = 0;
		for (int k = 0; k < jt->ns; k++)
			if (jt->s[k].ins_rows <= 0 && res[k].ix && res[k].ix->name && ix->name &&
			    !strcmp(res[k].ix->name, ix->name))
				w += jt->s[k].weight;
		f->fate = "kept";
		f->by = drop;
		f->read = w;
		if (w > 0)
			kp_buf_printf(&b, "kept (read through: weight %.15g)", w);
		else if (drop)
			kp_buf_printf(&b, "kept, read by no statement of the workload and kept by every write (dropping "
			              "it: #%d)", drop->rank);
		else
			kp_buf_printf(&b, "kept, read by no statement of the workload");
	}
	if (!b.len)
		return NULL;
	const char *words = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return words;
}

/* s with every occurrence of from replaced by to. */
static const char *replace_all(kp_advisor *adv, const char *s, const char *from, const char *to)
{
	if (!s || !*from || !strstr(s, from))
		return s;
	kp_buf b = {0};
	size_t n = strlen(from);
	for (const char *p = s, *q; *p; p = q + n) {
		q = strstr(p, from);
		if (!q) {
			kp_buf_puts(&b, p);
			break;
		}
		kp_buf_printf(&b, "%.*s%s", (int)(q - p), p, to);
		if (!q[n])
			break;
	}
	const char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* The names of the key columns a key change's DDL creates, in key order,
 * into names (at most max), from its PRIMARY KEY (...): a bucket or hash
 * merged into the first column (campaign_id_key, E59) or a lead column
 * added (bucket, id_hash) has no column in t. 0 when the DDL names a part
 * by an expression (Lindorm's hash32(c), which its index rows do not
 * append as a column) or has no key. */
static int ddl_key_names(kp_advisor *adv, const char *ddl, const char **names, int max)
{
	const char *p = NULL;
	for (const char *q = ddl; q && (q = strstr(q, "PRIMARY KEY (")); q++)
		p = q + strlen("PRIMARY KEY (");
	if (!p)
		return 0;
	int n = 0;
	while (*p && *p != ')' && n < max) {
		size_t len = strcspn(p, ",()");
		if (p[len] == '(')
			return 0;   /* an expression part */
		size_t w = strcspn(p, " ,)");
		if (w == 0 || w > len)
			return 0;
		names[n++] = kp_arena_printf(adv->a, "%.*s", (int)w, p);
		p += len;
		if (*p == ',')
			p += strspn(p + 1, " ") + 1;
	}
	return *p == ')' ? n : 0;
}

void kpj_rekey_indexes(kp_advisor *adv, const kp_table *t, kp_table_review *r)
{
	const kp_advice *kx = NULL;
	for (uint32_t i = 0; i < r->recommended.n; i++) {
		const kp_advice *x = r->recommended.items[i];
		if (x->newkey && !x->index)
			kx = x;
	}
	if (!kx)
		return;
	const kp_key *nk = kx->newkey;
	/* the key the table will really have, by its columns' names: the
	 * judged key's columns, or where a hash or bucket makes a column the
	 * table does not have, the names its DDL gives them (E59: the index
	 * appends campaign_id_key, not campaign_id) */
	enum { MAXK = 64 };
	const char *names[MAXK];
	int nn = 0;
	bool plain = nk->n <= MAXK;
	for (int i = 0; plain && i < nk->n; i++)
		plain = nk->parts[i].col >= 0 && !nk->parts[i].expr;
	if (plain) {
		for (int i = 0; i < nk->n; i++)
			names[nn++] = t->cols[nk->parts[i].col].name;
	} else if (!kpa_target(adv->target)->sql_index && kx->ddl) {
		nn = ddl_key_names(adv, kx->ddl, names, MAXK);
	}
	if (!nn)
		return;
	for (uint32_t i = 0; i < r->recommended.n; i++) {
		kp_advice *x = r->recommended.items[i];
		const kp_index *ix = x->index;
		if (!ix || !ix->kv || ix->all_columns || !x->key || x->newkey || strcmp(x->kind, "secondary_index"))
			continue;
		/* the index's own columns, then the table's key columns it does
		 * not hold, as the store appends them */
		bool cols = true;
		for (int j = 0; j < ix->nuser && j < ix->key.n; j++)
			cols &= ix->key.parts[j].col >= 0;
		if (!cols)
			continue;   /* a functional index: its words stay */
		kp_buf b = {0};
		for (int j = 0; j < ix->nuser && j < ix->key.n; j++)
			kp_buf_printf(&b, "[%s%s]", t->cols[ix->key.parts[j].col].name, ix->key.parts[j].desc ? " DESC" : "");
		for (int m = 0; m < nn; m++) {
			bool in = false;
			for (int j = 0; j < ix->nuser && j < ix->key.n; j++)
				in |= !strcmp(t->cols[ix->key.parts[j].col].name, names[m]);
			if (!in)
				kp_buf_printf(&b, "[%s]", names[m]);
		}
		const char *now = kpa_bufdup(adv->a, &b);
		kp_buf_free(&b);
		if (!strcmp(now, x->key))
			continue;
		/* the words only: key stays the index as judged, the key the
		 * KP120 finding names and the advice it promises is found by
		 * (test_fixpoint); what the store appends follows the table */
		x->key_after = now;   /* the review's key line, as the message says (E101) */
		x->message = replace_all(adv, x->message, x->key, now);
		if (!strstr(x->message, now))
			x->message = kp_arena_printf(adv->a, "%s; after the key change its key is %s", x->message, now);
	}
}
