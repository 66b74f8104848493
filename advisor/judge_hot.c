/* Where the judge's written rows land (docs/advice.md, "Write
 * concentration"): of each write of the workload, the copies (the table,
 * each index) it puts on their busiest region, each walked by landing.c.
 * The "on one region" cost (kp_cost.hot, hot_rate) sums them. */
#include "advisor/judgeInt.h"

#include <string.h>

static void add_copy(const jtable *jt, kpj_hot_copies *h, const kp_key *k, const kp_index *ix)
{
	kpa_conc c;
	if (k->n == 0)
		return;
	kpa_key_conc(jt->adv, jt->t, k, jt->conc, &c);
	if (!kpa_conc_hot(&c))
		return;
	h->all += c.share;
	if (h->n < KPJ_HOT_COPIES)
		h->c[h->n++] = (kpj_hot_copy){c.share, c.col >= 0, c.col, ix};
	else
		h->rest += c.share;
}

/* Of one written row, the share that lands on one region, per copy. */
void kpj_hot_copies_of(const jtable *jt, const design *d, kpj_hot_copies *h)
{
	const kp_table *t = jt->t;
	kp_advisor *adv = jt->adv;
	memset(h, 0, sizeof(*h));
	/* Phoenix's salt byte hashes the whole row key, of the table and of its
	 * indexes; a bucket the writer computes is a hash of the columns it
	 * names, led by the design's key (kpa_hashed_key), which the walk
	 * judges like any hash: of the hot values themselves it spreads
	 * nothing (E59), and it leaves the indexes' keys as they are (E56) */
	bool salt = t->salt_buckets > 0 || kp_table_option_get(t, "salt_buckets") ||
	            (d->buckets > 0 && kpa_target(adv->target)->max_salt_buckets);
	if (salt)
		return;
	add_copy(jt, h, d->key, NULL);
	for (int i = 0; i < d->nix; i++) {
		const kp_index *ix = d->ix[i];
		bool bucketed = false;   /* an index table led by a bucket the writer computes */
		for (int k = 0; k < d->nitems; k++)
			bucketed |= d->items[k]->index == ix && d->items[k]->buckets > 0;
		if (ix->kv && ix->state != KP_IX_DISABLED && !bucketed && !ix->salt_buckets)
			add_copy(jt, h, &ix->key, ix);
	}
}

/* Does index ix's row hold column col (its key, or a column it covers)? */
static bool index_holds(const kp_index *ix, int col)
{
	if (ix->all_columns || (ix->covers && ix->covers[col]))
		return true;
	for (int j = 0; j < ix->key.n; j++)
		if (ix->key.parts[j].col == col)
			return true;
	return false;
}

bool kpj_partial_upsert(const jtable *jt, int i)
{
	const kp_table *t = jt->t;
	const jshape *s = &jt->s[i];
	const kp_stmt *st = s->q->stmt;
	if (st->kind != KP_S_UPSERT || s->on != t || !st->u.insert.cols.n || (int)st->u.insert.cols.n >= t->ncols ||
	    kpj_upsert_fresh(jt, i))
		return false;
	for (int j = 0; j < jt->ns; j++) {
		const jshape *o = &jt->s[j];
		const kp_stmt *ot = o->q->stmt;
		if (j != i && o->on == t && o->ins_rows > 0 && (ot->kind == KP_S_UPSERT || ot->kind == KP_S_INSERT) &&
		    (!ot->u.insert.cols.n || ot->u.insert.cols.n > st->u.insert.cols.n))
			return true;
	}
	return false;
}

/* Does write shape i set column col of the table (an UPDATE's SET, a
 * partial UPSERT's column list)? */
static bool shape_sets(const jtable *jt, int i, int col)
{
	const kp_stmt *st = jt->s[i].q->stmt;
	if (st->kind == KP_S_UPDATE) {
		for (uint32_t k = 0; k < st->u.update.sets.n; k++) {
			const kp_assign *as = st->u.update.sets.items[k];
			if (kp_table_column(jt->t, as->col.s, as->col.len) == col)
				return true;
		}
		return false;
	}
	return kpj_inserted_value(jt->t, st, col) != NULL;
}

/* Does write shape i put its row on copy c's busiest point (docs/advice.md,
 * "Write concentration")? A new row does, on every copy. A DELETE
 * removes a row that exists where it is: one that names its row's place
 * in a key hot by its growth (binds the growing column by =, a value a
 * reader of the queue's head found), in a table of more stated rows than
 * a region holds (KP_REGION_ROWS), is not at the insertion point the new
 * rows take (a queue's head, a table's depth from its tail: E131's
 * retries, 50 million rows); one that does not bind it may delete a
 * row just written (E79's attempts, reset by the login after them); a
 * queue of unstated rows may drain as fast as it fills (E26's outbox,
 * its head and tail on one region), and under a few-valued key a
 * delete lands on its value's point. An UPDATE, or an UPSERT of some
 * columns of a row another write creates, writes an index's row only
 * where it sets a column that row holds (E130's acknowledgement, which
 * sets none of the pull index's columns; E132's feedback), and under the
 * index's growth lands at its insertion point only by setting a key
 * column (the row moves to the new end); a row rewritten in place stays
 * where it is. */
static bool lands_on(const jtable *jt, int i, const kpj_hot_copy *c)
{
	const kp_stmt *st = jt->s[i].q->stmt;
	if (st->kind == KP_S_DELETE) {
		if (!c->growth || kpa_notes_of(jt->adv, jt->t)->rows < KP_REGION_ROWS || !jt->s[i].q->plan.names)
			return true;
		colset eq = {0}, range = {0};
		kpa_sargable(jt->s[i].q->plan.names, kpa_where_of(st), &eq, &range);
		return !kpa_colset_has(&eq, c->col);
	}
	if (!c->ix || (st->kind != KP_S_UPDATE && !kpj_partial_upsert(jt, i)))
		return true;
	const kp_index *ix = c->ix;
	for (int col = 0; col < jt->t->ncols; col++) {
		if (jt->t->cols[col].key_pos >= 0 || !shape_sets(jt, i, col))
			continue;
		if (c->growth) {
			for (int j = 0; j < ix->key.n; j++)
				if (ix->key.parts[j].col == col)
					return true;
		} else if (index_holds(ix, col)) {
			return true;
		}
	}
	return false;
}

/* Of one row write shape i writes, the share that lands on one region,
 * summed over the copies it writes there. */
double kpj_hot_of(const jtable *jt, const kpj_hot_copies *h, int i)
{
	double n = h->rest;
	for (int k = 0; k < h->n; k++)
		if (lands_on(jt, i, &h->c[k]))
			n += h->c[k].share;
	return n;
}

double kpj_copy_rate(const jtable *jt, const design *d, const kp_index *ix)
{
	kpj_hot_copies h;
	kpj_hot_copies_of(jt, d, &h);
	for (int k = 0; k < h.n; k++) {
		if (h.c[k].ix != ix)
			continue;
		double rate = 0;
		for (int i = 0; i < jt->ns; i++) {
			const jshape *s = &jt->s[i];
			double rows = s->ins_rows > 0 ? s->ins_rows : s->upd ? s->matched : 0;
			/* the table's own row: no store changes a key in place, so
			 * an UPDATE or an UPSERT of some columns of a row that
			 * exists rewrites it where it sits, not at the end a growing
			 * key puts new rows (E140's 600 ticket updates a second, none
			 * at the account's end); under a few-valued key the row sits
			 * on its value's point all the same */
			const kp_stmt *st = s->q->stmt;
			if (!ix && h.c[k].growth && (st->kind == KP_S_UPDATE || kpj_partial_upsert(jt, i)))
				continue;
			if (rows > 0 && lands_on(jt, i, &h.c[k]))
				rate += s->rate * rows * h.c[k].share;
		}
		return rate;
	}
	return -1;
}

bool kpj_writes_index(const jtable *jt, int i, const kp_index *ix)
{
	const kp_stmt *st = jt->s[i].q->stmt;
	if (st->kind != KP_S_UPDATE && !kpj_partial_upsert(jt, i))
		return true;   /* a new row, a delete: every index row with it */
	for (int col = 0; col < jt->t->ncols; col++)
		if (jt->t->cols[col].key_pos < 0 && shape_sets(jt, i, col) && index_holds(ix, col))
			return true;
	return false;
}

int kpj_row_writes(const jtable *jt, const design *d, int i)
{
	int n = 1;
	for (int x = 0; x < d->nix; x++)
		n += (d->ix[x]->kv || d->ix[x]->search) && d->ix[x]->state != KP_IX_DISABLED &&
		     kpj_writes_index(jt, i, d->ix[x]);
	return n;
}
