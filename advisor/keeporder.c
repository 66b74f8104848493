/* The indexes a key change puts out of order, made again with the old
 * key written out (issue 21, E73 of tests/advisor/designs12.md).
 *
 * A KV index's row is keyed by its columns then the table's key (Lindorm,
 * "Secondary indexes"; Phoenix's global index; Tablestore's IndexMeta):
 * a read that binds the index's columns and orders by the table's key
 * reads that tail in order today. A key change that puts a hash (or a
 * bucket) before the key's column makes the tail hash order, so the same
 * read needs a sort (which Lindorm refuses: "ORDER BY clause in Lindorm
 * SQL"). The index made again as (its columns, the old key's columns)
 * reads in order again on the new key; it is the key change's companion,
 * applied in the same migration and judged with it as one change
 * (advisor/judge.c applies what a candidate comes `with`). */
#include "advisor/advisorInt.h"

#include <stdlib.h>
#include <string.h>

/* Is q a read through ix (itself, or its copy by name)? */
static bool reads_through(const kp_wquery *q, const kp_index *ix)
{
	return q->plan.index == ix ||
	       (q->plan.index && q->plan.index->name && ix->name && !strcmp(q->plan.index->name, ix->name));
}

/* ix made again as its columns, then the old key's columns of t it does
 * not hold, its INCLUDE as it is; NULL when that adds no column or passes
 * the store's limits of an index. */
static kp_index *with_old_key(kp_advisor *adv, const kp_table *t, const kp_index *ix)
{
	const target_info *ti = kpa_target(adv->target);
	int n = ix->nuser < ix->key.n ? ix->nuser : ix->key.n;
	int cols[KP_REORDER_MAX * 2 + 2];
	bool desc[KP_REORDER_MAX * 2 + 2];
	if (n > KP_REORDER_MAX || t->pk.n > KP_REORDER_MAX)
		return NULL;
	int m = 0;
	for (int j = 0; j < n; j++) {
		if (ix->key.parts[j].col < 0)
			return NULL;   /* an expression index: not rebuilt here */
		cols[m] = ix->key.parts[j].col;
		desc[m++] = ix->key.parts[j].desc;
	}
	for (int j = 0; j < t->pk.n; j++) {
		int c = t->pk.parts[j].col;
		bool has = c < 0;
		for (int k = 0; k < m && !has; k++)
			has = cols[k] == c;
		if (has)
			continue;
		cols[m] = c;
		desc[m++] = t->pk.parts[j].desc;
	}
	if (m == n || (ti->max_index_cols && m > ti->max_index_cols))
		return NULL;
	int *kc = kp_arena_alloc(adv->a, sizeof(int) * (size_t)m);
	bool *kd = kp_arena_alloc(adv->a, sizeof(bool) * (size_t)m);
	memcpy(kc, cols, sizeof(int) * (size_t)m);
	memcpy(kd, desc, sizeof(bool) * (size_t)m);
	kp_index *w = kpa_hypo_index(adv->a, t, ix->name, kc, kd, m, ix->covers);
	w->unique = ix->unique;
	w->tenant_lead = ix->tenant_lead;
	return w;
}

/* The DDL that makes ix again as w (NULL where the store takes no SQL
 * for an index: its message names the operations). */
static const char *remake(kp_advisor *adv, const kp_table *t, const kp_index *ix, const kp_index *w)
{
	const target_info *ti = kpa_target(adv->target);
	if (!ti->sql_index)
		return NULL;
	kp_buf b = {0};
	kp_buf_printf(&b, "DROP INDEX %s ON %s; CREATE INDEX %s ON %s (", ix->name, t->name, ix->name, t->name);
	for (int j = w->tenant_lead; j < w->nuser; j++)   /* Phoenix puts the tenant first itself */
		kp_buf_printf(&b, "%s%s%s", j > w->tenant_lead ? ", " : "", t->cols[w->key.parts[j].col].name,
		              w->key.parts[j].desc && ti->desc_key ? " DESC" : "");
	kp_buf_putc(&b, ')');
	int k = 0;
	for (int c = 0; c < t->ncols; c++) {
		bool inkey = false;
		for (int j = 0; j < w->key.n; j++)
			inkey |= w->key.parts[j].col == c;
		if (ix->covers[c] && !inkey)
			kp_buf_printf(&b, "%s%s", k++ ? ", " : " INCLUDE (", t->cols[c].name);
	}
	if (k)
		kp_buf_putc(&b, ')');
	const char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* Is q, read through an index in order now, read in order (and as well
 * served) on h? */
static bool keeps_order(const kp_table *h, const kp_wquery *q, kp_arena *scratch)
{
	kp_order o = KP_ORDER_NONE;
	kp_access a = kpa_plan_class(h, q, scratch, &o);
	return a == q->plan.access && o != KP_ORDER_SORT;
}

kp_advice *kpa_order_companions(kp_advisor *adv, kp_rule rule, const kp_table *t, const kp_key *nk,
                                const char *nk_words, bool buckets, verdict *v, kp_arena *scratch)
{
	const target_info *ti = kpa_target(adv->target);
	if (!t->nindexes || t->nindexes > 64)
		return NULL;
	const kp_list *qs = kpa_queries_of(adv, t);
	kp_table *on = kpa_hypo_table(adv->a, t, nk, t->indexes, t->nindexes);
	kp_index **ixs = kp_arena_alloc(adv->a, sizeof(kp_index *) * (size_t)(t->nindexes + 1));
	memcpy(ixs, t->indexes, sizeof(kp_index *) * (size_t)t->nindexes);
	kp_advice *head = NULL, *tail = NULL;
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		if (!ix->kv || ix->search || ix->unique)
			continue;
		/* the ordered reads through it the new key puts out of order */
		kp_buf reads = {0};
		bool any = false;
		for (uint32_t qi = 0; qi < qs->n; qi++) {
			const kp_wquery *q = qs->items[qi];
			if (q->base != t || kpa_is_write(q->stmt) || !reads_through(q, ix) || !kpa_served(q->plan.access) ||
			    (q->plan.order != KP_ORDER_KEY && q->plan.order != KP_ORDER_REVERSE))
				continue;
			if (keeps_order(on, q, scratch))
				continue;
			any = true;
			uint32_t line = 0, col = 0;
			if (q->src)
				kp_source_linecol(q->src, q->off, &line, &col);
			kp_buf_printf(&reads, "%s%s:%u (weight %.15g)", reads.len ? ", " : "",
			              q->src && q->src->path ? q->src->path : "?", line, q->weight);
		}
		kp_index *w = any ? with_old_key(adv, t, ix) : NULL;
		if (!w) {
			kp_buf_free(&reads);
			continue;
		}
		/* it serves them in order again on the new key, or it is no fix */
		ixs[i] = w;
		kp_table *fixed = kpa_hypo_table(adv->a, t, nk, ixs, t->nindexes);
		bool all = true;
		for (uint32_t qi = 0; qi < qs->n && all; qi++) {
			const kp_wquery *q = qs->items[qi];
			if (q->base == t && !kpa_is_write(q->stmt) && reads_through(q, ix) && kpa_served(q->plan.access) &&
			    (q->plan.order == KP_ORDER_KEY || q->plan.order == KP_ORDER_REVERSE))
				all = keeps_order(fixed, q, scratch);
		}
		if (!all) {
			ixs[i] = t->indexes[i];
			kp_buf_free(&reads);
			continue;
		}
		kp_buf cols = {0}, old = {0}, key = {0};
		for (int j = 0; j < w->nuser; j++)
			kp_buf_printf(&cols, "%s%s", j ? ", " : "", t->cols[w->key.parts[j].col].name);
		for (int j = 0; j < t->pk.n; j++)
			if (t->pk.parts[j].col >= 0)
				kp_buf_printf(&old, "%s%s", old.len ? ", " : "", t->cols[t->pk.parts[j].col].name);
		for (int j = 0; j < w->key.n; j++)
			kp_buf_printf(&key, "[%s%s]", t->cols[w->key.parts[j].col].name, w->key.parts[j].desc ? " DESC" : "");
		const char *how = ti->sql_index ? "the store changes no index's key in place: drop it and create it again"
		                                : "an index's key cannot change: delete it (DeleteIndex) and create it "
		                                  "again (CreateIndex)";
		const char *msg = kp_arena_printf(
			adv->a,
			"rebuild_index: %s on %s made again as (%s), with the key change in one migration: an index row "
			"ends with the table's key, so on the new key %s the rows of one value of its columns lie in the "
			"order of the %s before %s, and the reads through it ordered by %s (%s) would need a sort%s; "
			"with %s written out in the index they read in order again; %s",
			ix->name, t->name, cols.data, nk_words, buckets ? "bucket" : "hash", old.data,
			old.data, reads.data, ti->order_in_key_order ? kp_arena_printf(adv->a, " (%s sorts nothing)", ti->name) : "",
			old.data, how);
		kp_advice *x = kpa_advise(adv, rule, "rebuild_index", t, msg, kpa_bufdup(adv->a, &key), remake(adv, t, ix, w));
		adv->advice.n--;   /* pushed by the caller, after its key change */
		x->index = w;
		x->replaces = ix;
		x->serves = -1;
		x->of = -1;
		x->before = -1;
		for (int j = 0; j < w->nuser; j++)
			kpa_advice_col(adv, x, t->cols[w->key.parts[j].col].name);
		if (tail)
			tail->with = x;
		else
			head = x;
		tail = x;
		kp_buf_free(&cols);
		kp_buf_free(&old);
		kp_buf_free(&key);
		kp_buf_free(&reads);
	}
	if (head) {
		/* the key change judged with them in place */
		const char *rewrite = v->rewrite;
		kpa_judge(adv, t, NULL, kpa_hypo_table(adv->a, t, nk, ixs, t->nindexes), buckets, scratch, v);
		v->rewrite = rewrite;
	}
	return head;
}

void kpa_push_companions(kp_advisor *adv, kp_advice *x, kp_advice *with)
{
	if (!with)
		return;
	x->with = with;
	for (kp_advice *y = with; y; y = y->with)
		kp_list_push(adv->a, &adv->advice, y);
}
