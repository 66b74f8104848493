/* The judge's planning and costing (see judge.c, which chooses): a
 * design, the table's key and indexes with candidates applied, planned
 * over the table's shapes (once each, through the memo of memo.c), and
 * costed with the model of docs/advice.md: rows read, rows written times
 * every copy kept, rows written onto a hot region, reads a design breaks. */
#include "advisor/judgeInt.h"

#include <string.h>

/* An index every write maintains: a KV index or index table, or a search
 * index (a document written with every row). */
static bool maintained(const kp_index *ix)
{
	return (ix->kv || ix->search) && ix->state != KP_IX_DISABLED;
}

/* Rows one written row costs: the table and every index. */
int kpj_write_fanout(const design *d)
{
	int n = 1;
	for (int i = 0; i < d->nix; i++)
		n += maintained(d->ix[i]);
	return n;
}

/* Does an UPDATE's SET give the column a value other than the one it
 * has? A constant (a state the statement writes: status = 'held', pnr =
 * NULL) or arithmetic (hits = hits + 1) does; a parameter may write the
 * value back (Spring Session's save sets principal_name on every request),
 * and the stores move an index row only when its key's value changes. */
static bool sets_new_value(const kp_expr *e)
{
	if (!e)
		return false;
	switch (e->kind) {
	case KP_X_INT: case KP_X_FLOAT: case KP_X_STRING: case KP_X_BOOL: case KP_X_NULL: case KP_X_ARITH:
		return true;
	default:
		return false;
	}
}

/* Index rows an UPDATE moves on design d: each index every write keeps
 * (a secondary index, an index table) whose key holds a column the
 * UPDATE sets to a new value (sets_new_value) deletes its old row and
 * writes the new one, one row more than a rewrite in place (docs/advice.md,
 * "The cost model"). Not a search index, whose document is keyed by the
 * row's key (rewritten in place), nor the table's own key columns, which
 * an UPDATE does not set. */
int kpj_update_moves(const kp_table *t, const design *d, const kp_stmt *s)
{
	if (s->kind != KP_S_UPDATE)
		return 0;
	int n = 0;
	for (int i = 0; i < d->nix; i++) {
		const kp_index *ix = d->ix[i];
		if (!maintained(ix) || ix->search)
			continue;   /* a search index's document is keyed by the row's key: rewritten */
		bool moves = false;
		for (uint32_t k = 0; k < s->u.update.sets.n && !moves; k++) {
			const kp_assign *as = s->u.update.sets.items[k];
			int col = kp_table_column(t, as->col.s, as->col.len);
			if (col < 0 || t->cols[col].key_pos >= 0 || !sets_new_value(as->value))
				continue;
			for (int j = 0; j < ix->key.n && !moves; j++)
				moves = ix->key.parts[j].col == col;
		}
		n += moves;
	}
	return n;
}

/* The value an INSERT or UPSERT of VALUES gives column col in its first
 * row, or NULL. */
const kp_expr *kpj_inserted_value(const kp_table *t, const kp_stmt *s, int col)
{
	if (!s->u.insert.rows.n)
		return NULL;
	const kp_list *row = s->u.insert.rows.items[0];
	if (!s->u.insert.cols.n)
		return col < (int)row->n ? row->items[col] : NULL;
	for (uint32_t k = 0; k < s->u.insert.cols.n && k < row->n; k++) {
		const kp_name *c = s->u.insert.cols.items[k];
		if (kp_table_column(t, c->s, c->len) == col)
			return row->items[k];
	}
	return NULL;
}

bool kpj_upsert_repeats(const jtable *jt, int i)
{
	jshape *s = &jt->s[i];
	if (s->repeats)
		return s->repeats > 0;
	s->repeats = -1;
	const kp_table *t = jt->t;
	const kp_stmt *st = s->q->stmt;
	if (st->kind != KP_S_UPSERT || s->ins_rows <= 0 ||
	    (st->u.insert.cols.n && (int)st->u.insert.cols.n < t->ncols) || t->pk.n == 0)
		return false;
	for (int k = 0; k < t->pk.n; k++) {
		int col = t->pk.parts[k].col;
		if (col < 0)
			return false;
		const kp_expr *v = kpj_inserted_value(t, st, col);
		if (!v || v->kind == KP_X_SEQ || v->kind == KP_X_FUNC)
			return false;   /* a generator's value: a new row */
		if ((jt->conc && jt->conc[col].kind == KPA_CONC_MONO) || (jt->by_unique && jt->by_unique[col]))
			return false;   /* a growing key, or the table's own id: a new row */
	}
	/* beside an UPSERT of some of the table's columns, the write of every
	 * column is the create and the partial one the update, as
	 * kpj_partial_moves reads them (E109: the order placed, every column,
	 * and its status moves, three: a read naming the key does not make
	 * the placing an update) */
	for (int j = 0; j < jt->ns; j++) {
		const jshape *o = &jt->s[j];
		const kp_stmt *ot = o->q->stmt;
		if (j != i && o->on == t && o->ins_rows > 0 && ot->kind == KP_S_UPSERT && ot->u.insert.cols.n &&
		    (int)ot->u.insert.cols.n < t->ncols)
			return false;
	}
	for (int j = 0; j < jt->ns; j++) {
		const jshape *o = &jt->s[j];
		if (j == i || o->ins_rows > 0 || !o->q->plan.names || o->on != t)
			continue;
		colset eq = {0}, range = {0};
		kpa_sargable(o->q->plan.names, kpa_where_of(o->q->stmt), &eq, &range);
		bool all = true;
		for (int k = 0; k < t->pk.n && all; k++) {
			bool in = false;
			for (int e = 0; e < eq.n && !in; e++)
				in = eq.cols[e] == t->pk.parts[k].col;
			all = in;
		}
		if (all) {
			s->repeats = 1;
			s->by_key = o->q;
			return true;
		}
	}
	return false;
}

int kpj_upsert_moves(const jtable *jt, const design *d, int i)
{
	const kp_table *t = jt->t;
	const kp_stmt *st = jt->s[i].q->stmt;
	int n = 0;
	if (!kpj_upsert_repeats(jt, i)) {
		/* an UPSERT of some columns of a row another write created
		 * (kpj_partial_moves): the index rows keyed by a column it
		 * changes move, as an UPDATE's do */
		for (int x = 0; x < d->nix && st->kind == KP_S_UPSERT; x++) {
			const kp_index *ix = d->ix[x];
			if (!maintained(ix) || ix->search)
				continue;
			bool moves = false;
			for (int j = 0; j < ix->key.n && !moves; j++)
				moves = kpj_partial_moves(jt, i, ix->key.parts[j].col);
			n += moves;
		}
		return n;
	}
	for (int x = 0; x < d->nix; x++) {
		const kp_index *ix = d->ix[x];
		if (!maintained(ix) || ix->search)
			continue;   /* a search index's document is keyed by the row's key: rewritten */
		bool moves = false;
		for (int j = 0; j < ix->key.n && !moves; j++) {
			int col = ix->key.parts[j].col;
			if (col < 0 || t->cols[col].key_pos >= 0)
				continue;
			const kp_expr *v = kpj_inserted_value(t, st, col);
			moves = v && (sets_new_value(v) || (jt->conc && jt->conc[col].kind == KPA_CONC_MONO));
		}
		n += moves;
	}
	return n;
}

/* Is the value an insert gives a key column one a generator issues (NEXT
 * VALUE FOR, a function: now(), uuid())? */
static bool generated(const kp_expr *v)
{
	return v && (v->kind == KP_X_SEQ || v->kind == KP_X_FUNC);
}

bool kpj_upsert_fresh(const jtable *jt, int i)
{
	const kp_table *t = jt->t;
	const kp_stmt *st = jt->s[i].q->stmt;
	if (jt->s[i].ins_rows <= 0 || st->kind != KP_S_UPSERT)
		return false;
	for (int k = 0; k < t->pk.n; k++) {
		int col = t->pk.parts[k].col;
		if (col >= 0 && generated(kpj_inserted_value(t, st, col)))
			return true;
	}
	return false;
}

/* Does a write of the table's rows give key column col a generated value
 * (generated) or leave it to the store (AUTO_INCREMENT)? Then the key's
 * values are issued at insert, and a write that names one by a parameter
 * names a row that exists. */
static bool key_issued(const jtable *jt, int col)
{
	if (jt->t->cols[col].auto_increment)
		return true;
	for (int j = 0; j < jt->ns; j++) {
		const jshape *o = &jt->s[j];
		if (o->ins_rows > 0 && o->on == jt->t && generated(kpj_inserted_value(jt->t, o->q->stmt, col)))
			return true;
	}
	return false;
}

/* Does write shape i name a row that exists by its whole key, so that it
 * lands where that row is, not at the insertion point the table's new
 * rows take: an UPDATE or DELETE that binds every key column by =; an
 * UPSERT of a row that exists (kpj_upsert_repeats), or one whose key
 * columns it gives no generated value while the key's values are issued
 * at insert (key_issued: E81's acceptance, UPSERT (id, accepted, ...)
 * VALUES (?, 1, ...) on a key NEXT VALUE FOR fills). */
static bool names_existing(const jtable *jt, int i)
{
	const jshape *s = &jt->s[i];
	const kp_table *t = jt->t;
	const kp_stmt *st = s->q->stmt;
	if (t->pk.n == 0 || s->on != t)
		return false;
	if (s->upd) {
		if (!s->q->plan.names)
			return false;
		colset eq = {0}, range = {0};
		kpa_sargable(s->q->plan.names, kpa_where_of(st), &eq, &range);
		for (int k = 0; k < t->pk.n; k++)
			if (t->pk.parts[k].col < 0 || !kpa_colset_has(&eq, t->pk.parts[k].col))
				return false;
		return true;
	}
	if (s->ins_rows <= 0 || st->kind != KP_S_UPSERT)
		return false;
	if (kpj_upsert_repeats(jt, i))
		return true;
	bool issued = false;
	for (int k = 0; k < t->pk.n; k++) {
		int col = t->pk.parts[k].col;
		const kp_expr *v = col >= 0 ? kpj_inserted_value(t, st, col) : NULL;
		if (!v || generated(v))
			return false;
		issued |= key_issued(jt, col);
	}
	return issued;
}

double kpj_placed_writes(jtable *jt)
{
	if (jt->placed_known)
		return jt->placed;
	/* only a key hot by its growth (a monotonic column, after few-valued
	 * ones or none) takes its new rows at an insertion point the rows
	 * that exist are not at: under a few-valued lead alone every write
	 * lands on one of its few values (E36 in tests/advisor/designs5.md:
	 * six locations, every adjustment an UPDATE by the whole key) */
	kpa_conc kc;
	kpa_key_conc(jt->adv, jt->t, &jt->t->pk, jt->conc, &kc);
	bool growth = kpa_conc_hot(&kc) && kc.col >= 0;
	double w = 0;
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if ((s->ins_rows > 0 || s->upd || kpa_is_write(s->q->stmt)) && !(growth && names_existing(jt, i)))
			w += s->weight;
	}
	jt->placed = w;
	jt->placed_known = true;
	return w;
}

/* Does shape i read its own writes: a read that binds by = a column the
 * workload's UPDATEs of its table set (not a key column: the row is named
 * by its key), so that it looks a row up by a value a write has just given
 * it (a booking found by the PNR its hold set)? A search index, which the
 * stores bring writes to asynchronously, may miss that row
 * (docs/advice.md, "The choice"). */
bool kpj_reads_own_write(const jtable *jt, int i)
{
	const jshape *s = &jt->s[i];
	if (s->ins_rows > 0 || s->upd || s->q->stmt->kind != KP_S_SELECT || !s->q->plan.names)
		return false;
	colset eq = {0}, range = {0};
	kpa_sargable(s->q->plan.names, kpa_where_of(s->q->stmt), &eq, &range);
	for (int j = 0; j < jt->ns; j++) {
		const kp_stmt *w = jt->s[j].q->stmt;
		if (w->kind != KP_S_UPDATE)
			continue;
		for (uint32_t k = 0; k < w->u.update.sets.n; k++) {
			const kp_assign *as = w->u.update.sets.items[k];
			int col = kp_table_column(jt->t, as->col.s, as->col.len);
			if (col >= 0 && jt->t->cols[col].key_pos < 0 && kpa_colset_has(&eq, col))
				return true;
		}
	}
	return false;
}

/* KV indexes and index tables of a design (the index bound counts them). */
int kpj_kv_indexes(const design *d)
{
	int n = 0;
	for (int i = 0; i < d->nix; i++)
		n += d->ix[i]->kv && d->ix[i]->state != KP_IX_DISABLED;
	return n;
}

/* Does shape s keep the plan it has on a design when index ix (a KV
 * index, led by a column) is added to it? When its WHERE neither binds
 * ix's lead nor its ORDER BY starts with it, ix's path binds no key part
 * and sorts, so it cannot beat a path that binds one or serves the ORDER
 * BY, and at equal terms keyplan's order and Tablestore's keep the path
 * they have (planner/choose.c). On Phoenix, which ranks a covering path
 * with fewer columns first at equal bound key columns and, all else
 * equal, an index over the data table (QueryOptimizer.orderPlansBestTo
 * Worst), such an index can take a full scan (had: the plan it has, a
 * full scan too; a plan that binds a key part, or is a point lookup,
 * keeps it), and that plan is a full scan again: every row (cost.c), the
 * same refusal (plan.c decides it by the class), and no ORDER BY served
 * (ix's path sorts, and a plan serving it beats ix's), so the judge's
 * cost is had's. Only the index read through may differ: the judge asks
 * it only in its step back, where such a shape planned again without
 * its index is a full scan of every row again. Not so through a view,
 * whose WHERE binds columns the statement does not name (a view on type
 * = 'L' reads an index led by type): planned. */
static bool keeps_plan(const jtable *jt, const jshape *s, const kp_index *ix)
{
	int lead = ix->key.parts[0].col;
	return lead >= 0 && !kpa_uses_col(s->uses, lead) && s->on == jt->t;
}

/* Plans every shape of jt (inserts excepted) on design d, into out. With
 * base, a design that only adds index added (NULL: none) to base's: a
 * shape that keeps its plan with it (keeps_plan) keeps base's. */
void kpj_plan_some(jtable *jt, const design *d, kp_arena *scratch, sres *out, const sres *base,
                   const kp_index *added)
{
	kp_key nohash = {0};
	if (d->buckets && d->key->n > 1 && d->key->parts[0].col < 0) {
		nohash.parts = d->key->parts + 1;
		nohash.n = d->key->n - 1;
	}
	/* the design applied to the table a shape reads (its base, or a
	 * view): made once for each, not once a shape */
	kp_arena hyp;
	kp_arena_init(&hyp);
	const kp_table *on = NULL, *h = NULL;
	for (int i = 0; i < jt->ns; i++) {
		jshape *s = &jt->s[i];
		if (s->ins_rows > 0)
			continue;
		if (s->fixed) {
			/* refused whatever the design: it does not run, so it reads
			 * and writes nothing on any design (what its WHERE would read
			 * depends on the indexes: E19's sweep through a search index) */
			out[i] = (sres){0, 0, 0, s->now, s->now_rejected, false, s->now_order, NULL, -1, false};
			continue;
		}
		if (base && added && keeps_plan(jt, s, added)) {
			out[i] = base[i];
			continue;
		}
		if (s->on != on || !h) {
			on = s->on;
			h = kpa_hypo_table(&hyp, on, d->key, d->ix, d->nix);
		}
		kpj_plan_shape(jt, d, &nohash, scratch, i, out, h);
	}
	kp_arena_free(&hyp);
}

/* The salt buckets of KV index ix (NULL: none) on design d: its own, or
 * on Phoenix those of the table it indexes, salted as it is or by d. */
static int index_salt(const jtable *jt, const design *d, const kp_index *ix)
{
	if (!ix || !ix->kv || !kpa_target(jt->adv->target)->max_salt_buckets)
		return 0;
	if (ix->salt_buckets > 0)
		return ix->salt_buckets;
	if (d->buckets > 0)
		return d->buckets;
	return jt->t->salt_buckets;
}

/* Plans shape i of jt on design d into out[i]; nohash: d's key without its
 * leading hash or bucket part, when it has one (n 0 otherwise); h: d
 * applied to the table the shape reads, or NULL to make it here. */
void kpj_plan_shape(jtable *jt, const design *d, const kp_key *nohash, kp_arena *scratch, int i, sres *out,
                    const kp_table *h)
{
	jshape *s = &jt->s[i];
	if (!h)
		h = kpa_hypo_table(scratch, s->on, d->key, d->ix, d->nix);
	/* d without its buckets, read bucket by bucket */
	kp_table *h2 = nohash->n ? kpa_hypo_table(scratch, s->on, nohash, d->ix, d->nix) : NULL;
	/* the plan of a design that differs from d only in indexes this shape
	 * cannot read through (memo.c) */
	kpa_memo_use use;
	kpa_memo_val *m = kpa_memo_slot(jt->adv, s->q, s->on, h, h2, d->buckets, scratch, &use);
	if (!use.fresh && m->has_rows) {
		out[i].rows = m->rows;
		out[i].lo = m->lo;
		out[i].hi = m->hi;
		out[i].cls = m->cls;
		out[i].rejected = m->rejected;
		out[i].fails = kpj_scan_fails(jt, m->cls, m->rejected, m->rows, m->scanned, s->q->stmt);
		out[i].order = m->order;
		out[i].ix = m->ix;
		out[i].small = m->small;
		out[i].prefix = m->prefix;
		kp_arena_reset(scratch);
		return;
	}
	if (use.nix < h->nindexes) {
		h = kpa_hypo_table(scratch, s->on, d->key, use.ix, use.nix);
		h2 = h2 ? kpa_hypo_table(scratch, s->on, nohash, use.ix, use.nix) : NULL;
	}
	kp_plan p;
	kpa_plan_on(&p, h, s->q, scratch);
	const kp_stmt *st = s->q->stmt;
	int nb = 0;           /* the buckets the read is merged from (0: one read) */
	bool relabel = false; /* a GET of each bucket, merged: shown as a SCAN */
	int seeks = 0;        /* rows added for the requests of a bucketed index table */
	if (p.access == KP_ACCESS_FULL && h2) {
		/* one scan per bucket, merged */
		kp_plan p2;
		kpa_plan_on(&p2, h2, s->q, scratch);
		/* a shard the writer draws (shard_row, shardrow.c): its own
		 * UPDATE or DELETE binds the shard it drew, one row as before;
		 * only a read reads every shard */
		bool sharded = false;
		for (int k = 0; k < d->nitems; k++)
			sharded |= !strcmp(d->items[k]->kind, "shard_row");
		bool drawn = sharded && (st->kind == KP_S_UPDATE || st->kind == KP_S_DELETE);
		if (p2.access != KP_ACCESS_FULL && p2.access != KP_ACCESS_NONE) {
			if (!drawn) {
				nb = d->buckets;
				/* a read of whole rows reads each row's shards by
				 * their whole keys, as the advice's rewrite says: N
				 * GETs (an IN list of N keys), still a GET */
				relabel = p2.access == KP_ACCESS_GET && !sharded;
			}
			p = p2;
		}
	}
	/* an index table led by a bucket the writer computes is read one scan
	 * per bucket, merged, as a bucketed key is (docs/advice.md) */
	for (int k = 0; p.index && k < d->nitems; k++)
		if (d->items[k]->index == p.index && d->items[k]->buckets > 0) {
			/* a bucket hashed from the index's first columns (index_keep.c):
			 * a read binding each of them by = or IN computes it, one read
			 * a value as without the bucket */
			int by = d->items[k]->bucket_by, neq = by && p.nranges > 0 ? by : 0;
			for (int r = 0; r < p.nranges && neq; r++)
				neq = p.ranges[r].neq >= by ? neq : 0;
			if (neq)
				break;
			nb = d->items[k]->buckets;
			/* a second table the application reads bucket by bucket,
			 * one request a bucket: still one row more a bucket, as a
			 * search index's fan-out is a row a shard (E12 in
			 * tests/advisor/designs.md: at equal cost the search index
			 * the store maintains wins). Left as it was: the merged
			 * reads of a key or a salted index count none */
			if (!strcmp(d->items[k]->kind, "index_table"))
				seeks = nb;
			/* an index rebuilt led by a bucket (index_keep.c): rows
			 * merged from several buckets come out in no key order, so
			 * an ORDER BY the index's order gave is sorted (refused where
			 * the store sorts nothing). An index table's bucketed reads
			 * are still taken as the old index table's (E37) */
			if (!strcmp(d->items[k]->kind, "rebuild_index") &&
			    (p.order == KP_ORDER_KEY || p.order == KP_ORDER_REVERSE))
				p.order = KP_ORDER_SORT;
			break;
		}
	/* Phoenix salts a salted table's global indexes too, with the table's
	 * buckets unless the index states its own (PHOENIX-534: "By default, if
	 * a data table is salted, we also salt the index table"): a read
	 * through one is one scan per bucket, merged, as a bucketed key's read
	 * (docs/advice.md, "The cost model"; E81 in
	 * tests/advisor/designs13.md, where the salt's words said "every scan
	 * is 16 scans merged" and its cost did not) */
	int ixsalt = index_salt(jt, d, p.index);
	if (ixsalt > 1 && p.access != KP_ACCESS_FULL && p.access != KP_ACCESS_NONE)
		nb = ixsalt;
	/* and a range read of the salted table itself: the salt byte hashes
	 * the whole row key, so only a GET computes it (a design with buckets
	 * of its own was read without them above) */
	if (!p.index && !nb && !d->buckets && kpa_target(jt->adv->target)->max_salt_buckets &&
	    jt->t->salt_buckets > 1 && (p.access == KP_ACCESS_SCAN || p.access == KP_ACCESS_FILTERED))
		nb = jt->t->salt_buckets;
	double rows = kpa_rows_read_over(&p, st, jt->rows, &jt->counts, jt->reverse, 1, nb);
	double lo = kpa_rows_read_over(&p, st, jt->rows, &jt->counts, jt->reverse, 1 / KP_BRACKET, nb);
	double hi = kpa_rows_read_over(&p, st, jt->rows, &jt->counts, jt->reverse, KP_BRACKET, nb);
	rows += seeks;
	lo += seeks;
	hi += seeks;
	if (relabel)
		p.access = KP_ACCESS_SCAN;
	/* a store that returns rows only in key order refuses a read the
	 * path returns only sorted (Lindorm's ORDER BY; KP110): it does not
	 * run, as a refused full scan does not */
	if (kpj_sort_refused(jt->adv, p.access, p.order, p.rejected, st))
		p.rejected = true;
	out[i].rows = rows;
	out[i].lo = lo;
	out[i].hi = hi;
	out[i].cls = p.access;
	out[i].rejected = p.rejected;
	double scanned = kpj_filtered_scanned(jt, &p, st, lo - seeks, nb);
	out[i].fails = kpj_scan_fails(jt, p.access, p.rejected, rows, scanned, st);
	out[i].order = p.order;
	out[i].ix = p.index;
	out[i].small = m->small = kpa_small_filtered_rows(&p, st, jt->rows, &jt->counts, jt->reverse, nb);
	if (out[i].small >= 0 && kpa_target(jt->adv->target)->range_read_units)
		out[i].rows = out[i].lo = out[i].hi = rows = lo = hi = out[i].small;
	m->rows = rows;
	m->lo = lo;
	m->hi = hi;
	m->scanned = scanned;
	m->cls = p.access;
	m->rejected = p.rejected;
	m->order = p.order;
	m->ix = p.index;
	/* one covered range of a bound prefix (kpj_served_discount) */
	bool prefix = (p.access == KP_ACCESS_SCAN || p.access == KP_ACCESS_FILTERED) && p.covering && p.nranges > 0;
	for (int r = 0; r < p.nranges && prefix; r++)
		prefix = p.ranges[r].neq >= 1;
	out[i].prefix = m->prefix = prefix;
	m->has_rows = true;
	kp_arena_reset(scratch);
}

static void plan_all(jtable *jt, const design *d, kp_arena *scratch, sres *out)
{
	kpj_plan_some(jt, d, scratch, out, NULL, NULL);
}

/* Does key a differ from b (another column, order, direction, hash)? */
static bool key_differs(const kp_key *a, const kp_key *b)
{
	if (a == b)
		return false;
	if (a->n != b->n)
		return true;
	for (int k = 0; k < a->n; k++) {
		const kp_key_part *x = &a->parts[k], *y = &b->parts[k];
		if (x->col != y->col || x->desc != y->desc || x->hash_bits != y->hash_bits ||
		    (x->col < 0 && x->expr != y->expr))
			return true;
	}
	return false;
}

/* Is ix one of t's own indexes (not one a design adds or rebuilds)? */
static bool own_index(const kp_table *t, const kp_index *ix)
{
	for (int i = 0; i < t->nindexes; i++)
		if (t->indexes[i] == ix)
			return true;
	return false;
}

/* The one-time copy design d costs against jt's table as it is, in
 * weighted rows, and the rows it writes (*copied). A key change (a
 * reorder, DESC, a hash prefix, a salt, buckets, a sharded row): no store
 * changes a row key in place (HBase's reference guide: a row key can only
 * be "changed" by deleting the row and inserting it again; Lindorm,
 * Tablestore and Phoenix fix the primary key at CREATE TABLE; the advice's
 * migration: create the new table, copy the rows, switch over), so every
 * row is read once and written into the new table and each of its
 * indexes. An added or rebuilt index with the key as it is: every row read
 * once and written into it once. A dropped index costs nothing. */
static double migration_rows(const jtable *jt, const design *d, double *copied)
{
	const kp_table *t = jt->t;
	*copied = 0;
	if (d->buckets > 0 || key_differs(d->key, &t->pk)) {
		*copied = jt->rows * kpj_write_fanout(d);
		return jt->rows + *copied * KP_WRITE_RATE;
	}
	double m = 0;
	for (int i = 0; i < d->nix; i++)
		if (maintained(d->ix[i]) && !own_index(t, d->ix[i])) {
			*copied += jt->rows;
			m += jt->rows * (1 + KP_WRITE_RATE);
		}
	return m;
}

void kpj_payback_words(kp_buf *b, const jtable *jt, const kp_cost *now, const kp_cost *c, const design *d)
{
	if (c->migration <= 0)
		return;
	double amort = c->migration / KP_PAYBACK_RUNS;
	double saving = now->total - (c->total - amort);
	if (saving <= 0 || saving * KP_PAYBACK_RUNS >= c->migration * (1 - 1e-9))
		return;
	bool rekey = d->buckets > 0 || key_differs(d->key, &jt->t->pk);
	if (rekey)
		kp_buf_printf(b, "%sthe copy of %.15g rows (a key cannot change in place: every row of %s read and written "
		              "again, %.15g rows with its indexes, %.15g weighted rows once)",
		              b->len ? "; " : "", jt->rows, jt->t->name, c->copied, c->migration);
	else
		kp_buf_printf(b, "%sthe build of its index (every one of %.15g rows read and written into it once, %.15g "
		              "weighted rows once)", b->len ? "; " : "", jt->rows, c->migration);
	double runs = c->migration / saving;
	kp_buf_printf(b, " is not paid back by the %.15g weighted rows it saves a run within %.15g runs of the workload "
	              "(it takes %.15g)", saving, KP_PAYBACK_RUNS, runs < 1e15 ? (double)(long long)(runs + 0.5) : runs);
}

/* The cost of design d whose shapes plan as res; each shape's class in
 * its then fields. */
void kpj_cost_of(jtable *jt, const design *d, const sres *res, kp_cost *c)
{
	memset(c, 0, sizeof(*c));
	int copies = kpj_write_fanout(d);
	kpj_hot_copies hc;
	kpj_hot_copies_of(jt, d, &hc);
	for (int i = 0; i < jt->ns; i++) {
		jshape *s = &jt->s[i];
		double w = s->weight;
		if (s->ins_rows > 0) {
			/* an UPSERT of a row that exists moves the index rows whose
			 * key it gives a new value (kpj_upsert_moves) */
			int moves = kpj_upsert_moves(jt, d, i);
			/* one of some columns of a row that exists writes only the
			 * index rows holding a column it sets (kpj_row_writes) */
			int rows = kpj_row_writes(jt, d, i);
			c->written += w * s->ins_rows * (rows + moves);
			double hot = kpj_hot_of(jt, &hc, i);
			c->hot += w * s->ins_rows * hot;
			c->hot_rate += s->rate * s->ins_rows * hot;
			c->amplified += w * s->ins_rows * (rows - 1 + moves);
			continue;
		}
		s->then = res[i].cls;
		s->then_rejected = res[i].rejected;
		s->then_order = res[i].order;
		/* a read the store refuses does not run: it reads no rows and
		 * counts by its weight, whatever it would read (docs/advice.md,
		 * "Reads the store refuses"); so does one it runs and fails past
		 * its scan limit on a table of stated rows: it cannot succeed */
		if ((res[i].rejected || res[i].fails) && !s->fixed) {
			c->refused += w;
			c->refused_rows += w * res[i].rows;
		} else {
			c->read += w * res[i].rows;
			c->lo += w * res[i].lo;
			c->hi += w * res[i].hi;
		}
		/* an UPDATE or DELETE writes the rows its WHERE matches (no more
		 * than it reads: a GET, a LIMIT); one the store refuses writes none */
		if (s->upd && !res[i].rejected && !s->fixed) {
			double m = res[i].rows < s->matched ? res[i].rows : s->matched;
			int moves = kpj_update_moves(jt->t, d, s->q->stmt);
			/* a DELETE removes every index row; an UPDATE writes those
			 * holding a column it sets (kpj_row_writes) */
			int rows = kpj_row_writes(jt, d, i);
			double hot = kpj_hot_of(jt, &hc, i);
			c->written += w * m * (rows + moves);
			c->hot += w * m * hot;
			c->hot_rate += s->rate * m * hot;
			/* a write the store refuses today that runs is made to run,
			 * not made dearer */
			if (!s->now_rejected)
				c->amplified += w * m * (rows - 1 + moves);
		}
		/* served now, a full scan or refused then (a sort the store
		 * refuses, kpj_sort_refused) */
		if (s->now != KP_ACCESS_FULL && s->now != KP_ACCESS_NONE &&
		    (res[i].cls == KP_ACCESS_FULL || (res[i].rejected && !s->now_rejected)))
			c->broken += w;
	}
	/* writes the workload does not show: annotated, or with no write in
	 * the workload its read weight, one row each */
	c->written += jt->assumed * copies;
	c->hot += jt->assumed * hc.all;
	c->amplified += jt->assumed * (copies - 1);
	/* a write hotspot matters against the table's load: where writes are
	 * a small share of its statements, the region that takes them has
	 * throughput to spare, and spreading them is not worth a key change
	 * by itself (docs/advice.md, "The choice") */
	c->hot_decides = kpj_placed_writes(jt) + jt->assumed >= (jt->reads + jt->writes + jt->assumed) * KP_HOT_SHARE;
	/* where every write states its rate, by the rows a second that land
	 * on one region against what a region takes, whatever the share: a
	 * read-heavy table written fast still has a hot region, one written
	 * slowly has none */
	c->by_rate = jt->rated;
	if (jt->rated)
		c->hot_decides = c->hot_rate >= KP_REGION_WRITE_RATE * (1 - 1e-9);
	else
		c->hot_rate = 0;
	/* every index kept is a copy of the table's rows (docs/advice.md) */
	c->kept = (copies - 1) * jt->rows * KP_KEEP_RATE;
	double rest = c->written * KP_WRITE_RATE + c->kept;
	/* the one-time copy, spread over KP_PAYBACK_RUNS runs of the workload
	 * (docs/advice.md, "What a change costs once"): a change pays only
	 * when what it saves a run pays its copy back within as many runs. It
	 * comes after rules 1 and 2 and the refused reads, as any cost: a fix
	 * of a hotspot that decides or of a refused read is not stopped by it */
	c->migration = migration_rows(jt, d, &c->copied);
	c->migration_run = c->migration / KP_PAYBACK_RUNS;
	rest += c->migration_run;
	c->total = c->read + rest;
	/* the bracket moves the rows read; writes are costed at the default */
	c->lo += rest;
	c->hi += rest;
}

/* Plans every shape of jt on design d and costs it (into res when not
 * NULL). */
void kpj_evaluate(jtable *jt, const design *d, kp_arena *scratch, kp_cost *c, sres *res, kp_arena *a)
{
	sres *r = res ? res : kp_arena_alloc(a, sizeof(sres) * (size_t)(jt->ns + 1));
	plan_all(jt, d, scratch, r);
	kpj_cost_of(jt, d, r, c);
}

/* An index added to a design reads each shape as the cheaper of the design
 * and the index alone on the same key (the planner takes the best path;
 * AutoAdmin's atomic configurations): base and with, into out. */
void kpj_compose(const jtable *jt, const sres *base, const sres *with, sres *out)
{
	for (int i = 0; i < jt->ns; i++) {
		/* but a search index is no cheaper path among others: Lindorm
		 * reads through one only when no key serves the read (a full
		 * scan otherwise), Tablestore's policy takes it first */
		bool sb = base[i].cls == KP_ACCESS_SEARCH, sw = with[i].cls == KP_ACCESS_SEARCH;
		if (sb != sw && (sb ? with[i].cls : base[i].cls) != KP_ACCESS_FULL)
			out[i] = (sb == jt->search_first) ? base[i] : with[i];
		else if ((base[i].rejected || base[i].fails) != (with[i].rejected || with[i].fails))
			/* a path that runs beats one the store refuses (a sort it
			 * refuses, KP110) or fails past its scan limit, whatever
			 * rows the refused one would read: the planner takes the
			 * path that serves the ORDER BY (E98 in
			 * tests/advisor/designs16.md: the address pages' index lost
			 * to the refused sort of 10 rows it replaced) */
			out[i] = base[i].rejected || base[i].fails ? with[i] : base[i];
		else
			out[i] = with[i].rows < base[i].rows ? with[i] : base[i];
	}
}

static bool less(double a, double b)
{
	return a < b * (1 - 1e-9);
}

/* a puts fewer rows on one region than b, on a table whose writes decide
 * so (kp_cost.hot_decides) */
static bool fewer_hot(const kp_cost *a, const kp_cost *b)
{
	return (a->hot_decides || b->hot_decides) && less(a->hot, b->hot);
}

/* Reads the store refuses, between two designs as many hot rows apart:
 * -1 when a makes refused weight run that b refuses and each such read
 * costs every write no more than one row (the rows a adds to the writes,
 * weighted, are at most the weight it makes run), 1 the other way round,
 * 0 when the rows decide (docs/advice.md, "Reads the store refuses"). */
int kpj_refused_order(const kp_cost *a, const kp_cost *b)
{
	if (less(a->refused, b->refused) && a->amplified - b->amplified <= (b->refused - a->refused) * KP_REFUSED_RATE * (1 + 1e-9))
		return -1;
	if (less(b->refused, a->refused) && b->amplified - a->amplified <= (a->refused - b->refused) * KP_REFUSED_RATE * (1 + 1e-9))
		return 1;
	return 0;
}

/* Full scans the store runs on cur (res0) that a step to c (res) serves:
 * their weight. When the rows the step adds to the writes that run,
 * weighted, are more than KP_REFUSED_RATE for each weight of them, they
 * are a batch, as a refused read that rare is (docs/advice.md, "Reads the
 * store refuses"): the rows the step saves them are taken out of c (its
 * read, total and bracket), so that it pays by what else it does; true
 * then. */
bool kpj_batch_discount(const jtable *jt, const kp_cost *cur, const sres *res0, kp_cost *c, const sres *res)
{
	double weight = 0, saved = 0, lo = 0, hi = 0;
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if (s->ins_rows > 0 || s->upd || s->fixed || res0[i].cls != KP_ACCESS_FULL || res0[i].rejected ||
		    res0[i].fails || res[i].cls == KP_ACCESS_FULL || res[i].cls == KP_ACCESS_NONE || res[i].rejected ||
		    res[i].fails)
			continue;
		weight += s->weight;
		saved += s->weight * (res0[i].rows - res[i].rows);
		lo += s->weight * (res0[i].lo - res[i].lo);
		hi += s->weight * (res0[i].hi - res[i].hi);
	}
	double added = c->amplified - cur->amplified;
	if (weight <= 0 || added <= weight * KP_SCAN_RUN_RATE * (1 + 1e-9))
		return false;
	c->read += saved;
	c->total += saved;
	c->lo += lo;
	c->hi += hi;
	return true;
}

/* Weighted rows the reads that run on both designs (neither refuses nor
 * fails them) read on x more than on y. */
static double common_rows(const jtable *jt, const sres *rx, const sres *ry)
{
	double d = 0;
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if (s->ins_rows > 0 || s->fixed || rx[i].rejected || rx[i].fails || ry[i].rejected || ry[i].fails)
			continue;
		d += s->weight * (rx[i].rows - ry[i].rows);
	}
	return d;
}

/* kpj_refused_order, knowing each shape's plan on a and b (ra, rb; NULL:
 * not known): the design that makes more refused weight run is first only
 * when that weight also pays for what it costs the reads both designs
 * run, their rows counted as written rows at KP_WRITE_RATE: two ways of
 * making the same heavy read run are not decided by a rare read only one
 * of them makes run too (E48 in tests/advisor/designs7.md: a search index
 * that serves a weight-1 ad hoc search besides the profile read a KV index
 * serves in fewer rows); then the rows decide, the rows of the rare read
 * counted. */
static int refused_order_on(const jtable *jt, const kp_cost *a, const sres *ra, const kp_cost *b, const sres *rb)
{
	int r = kpj_refused_order(a, b);
	if (!r || !jt || !ra || !rb)
		return r;
	const kp_cost *x = r < 0 ? a : b, *y = r < 0 ? b : a;
	const sres *rx = r < 0 ? ra : rb, *ry = r < 0 ? rb : ra;
	double extra = x->amplified - y->amplified + common_rows(jt, rx, ry) / KP_WRITE_RATE;
	if (extra > (y->refused - x->refused) * KP_REFUSED_RATE * (1 + 1e-9))
		return 0;
	return r;
}

/* a before b in the judge's order: fewer broken, fewer hot rows, refused
 * reads made to run at their price, cheaper */
bool kpj_better_on(const jtable *jt, const kp_cost *a, const sres *ra, const kp_cost *b, const sres *rb)
{
	if (a->broken != b->broken)
		return a->broken < b->broken;
	if (fewer_hot(a, b))
		return true;
	if (fewer_hot(b, a))
		return false;
	int r = refused_order_on(jt, a, ra, b, rb);
	if (r)
		return r < 0;
	return a->total < b->total * (1 - 1e-9);
}

bool kpj_better(const kp_cost *a, const kp_cost *b)
{
	return kpj_better_on(NULL, a, NULL, b, NULL);
}

/* The order of a and b before their rows: fewer broken, fewer hot rows,
 * refused reads made to run at their price (-1: a first, 1: b, 0: the
 * rows decide). */
static int order_before_rows(const jtable *jt, const kp_cost *a, const sres *ra, const kp_cost *b, const sres *rb)
{
	if (a->broken != b->broken)
		return a->broken < b->broken ? -1 : 1;
	if (fewer_hot(a, b))
		return -1;
	if (fewer_hot(b, a))
		return 1;
	return refused_order_on(jt, a, ra, b, rb);
}

bool kpj_pays(const kp_cost *c, const kp_cost *cur)
{
	int r = order_before_rows(NULL, c, NULL, cur, NULL);
	if (r)
		return r < 0;
	/* not at the lower end: with 10x fewer rows a key, a read served by
	 * key saves less, and an ORDER BY's LIMIT may cover a key's rows; a
	 * change that pays at the default and with more rows a key, and so a
	 * range keeping every row of its key, is robust to the default's error
	 * where it decides (a range's share of a key's rows no annotation
	 * states; a sort of one row a default says) */
	if (!less(c->total, cur->total))
		return false;
	return less(c->hi, cur->hi);
}

bool kpj_robust_better(const kp_cost *a, const kp_cost *b)
{
	return kpj_robust_better_on(NULL, a, NULL, b, NULL);
}

bool kpj_robust_better_on(const jtable *jt, const kp_cost *a, const sres *ra, const kp_cost *b, const sres *rb)
{
	int r = order_before_rows(jt, a, ra, b, rb);
	if (r)
		return r < 0;
	/* what each loses against the other at its worst point */
	double la = 0, lb = 0;
	const double pa[3] = {a->total, a->lo, a->hi}, pb[3] = {b->total, b->lo, b->hi};
	for (int k = 0; k < 3; k++) {
		if (pa[k] - pb[k] > la)
			la = pa[k] - pb[k];
		if (pb[k] - pa[k] > lb)
			lb = pb[k] - pa[k];
	}
	if (less(la, lb) || less(lb, la))
		return less(la, lb);
	return less(a->total, b->total);
}

bool kpj_scan_fails(const jtable *jt, kp_access cls, bool rejected, double rows, double scanned, const kp_stmt *st)
{
	double limit = kpa_target(jt->adv->target)->scan_rows_limit;
	if (limit <= 0 || jt->rows_default || rejected || st->kind != KP_S_SELECT)
		return false;
	if (cls == KP_ACCESS_FULL)
		return rows > limit;
	/* a filtered scan scans its key range and filters what it scanned:
	 * the limit counts the rows scanned ("The sql scanned rows of main
	 * table exceeds the quota", Tablestore's SQL limits), whatever share
	 * of them the filter keeps (filtered_scanned) */
	return cls == KP_ACCESS_FILTERED && scanned > limit;
}

double kpj_filtered_scanned(const jtable *jt, const kp_plan *p, const kp_stmt *st, double lo, int nb)
{
	if (p->access != KP_ACCESS_FILTERED || (st->kind == KP_S_SELECT && st->u.select.limit && p->order != KP_ORDER_SORT))
		return 0;
	/* a range on a key column whose share no -- range: states keeps a
	 * default share: the rows scanned are not known whatever the range */
	for (int i = 0; i < p->nranges; i++) {
		const kp_range *r = &p->ranges[i];
		int rc = p->key && r->neq < p->key->n ? p->key->parts[r->neq].col : -1;
		if (r->has_range && kpa_range_kept(&jt->counts, rc) <= 0)
			return 0;
	}
	double s = p->order == KP_ORDER_REVERSE && jt->reverse > 0 ? lo / jt->reverse : lo;
	return nb > 1 ? s / nb : s;
}

bool kpj_sort_refused(const kp_advisor *adv, kp_access access, kp_order order, bool rejected, const kp_stmt *st)
{
	return kpa_target(adv->target)->order_in_key_order && order == KP_ORDER_SORT && !rejected &&
	       access != KP_ACCESS_NONE && st->kind == KP_S_SELECT && kpa_order_of(st)->n;
}
