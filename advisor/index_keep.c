/* The indexes a table has, as candidates of their own (docs/advice.md,
 * "Existing indexes"): one widened to hold the columns a read needs, where
 * it already leads with a column the read binds or orders by (the same
 * key: no index write added, where a second index would add one), and one
 * dropped, where no read of the workload goes through it and every write
 * keeps it. The judge weighs both as it weighs a new index. */
#include "advisor/advisorInt.h"

#include <string.h>

/* An index of t the advice may widen or drop: a KV index over columns (no
 * expression, no partial WHERE, not a view's copy), in use. */
static bool judged_index(const kp_index *ix)
{
	return ix->kv && !ix->search && !ix->columnar && !ix->local && !ix->has_expr && !ix->where && !ix->inherited &&
	       !ix->all_columns && ix->state != KP_IX_DISABLED && ix->key.n > 0 && ix->nuser > 0;
}

/* The DDL that makes ix again as wide (the stores add no column to an
 * index in place: Phoenix, Lindorm drop and create it), or NULL where the
 * store takes no SQL for it (Tablestore's DeleteIndex and CreateIndex). */
static const char *widen_ddl(kp_advisor *adv, const kp_table *t, const kp_index *ix, const bool *covers)
{
	const target_info *ti = kpa_target(adv->target);
	if (!ti->sql_index)
		return NULL;
	kp_buf b = {0};
	kp_buf_printf(&b, "DROP INDEX %s ON %s; CREATE INDEX %s ON %s (", ix->name, t->name, ix->name, t->name);
	for (int j = ix->tenant_lead; j < ix->nuser; j++)   /* Phoenix puts the tenant first itself */
		kp_buf_printf(&b, "%s%s%s", j > ix->tenant_lead ? ", " : "", t->cols[ix->key.parts[j].col].name,
		              ix->key.parts[j].desc && ti->desc_key ? " DESC" : "");
	kp_buf_putc(&b, ')');
	int n = 0;
	for (int c = 0; c < t->ncols; c++) {
		bool inkey = false;
		for (int j = 0; j < ix->key.n; j++)
			inkey |= ix->key.parts[j].col == c;
		if (covers[c] && !inkey)
			kp_buf_printf(&b, "%s%s", n++ ? ", " : " INCLUDE (", t->cols[c].name);
	}
	if (n)
		kp_buf_putc(&b, ')');
	if (ix->salt_buckets)
		kp_buf_printf(&b, " SALT_BUCKETS = %d", ix->salt_buckets);
	const char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* The index's key in key notation. */
static const char *key_words(kp_advisor *adv, const kp_table *t, const kp_index *ix)
{
	kp_buf b = {0};
	for (int j = 0; j < ix->key.n; j++)
		kp_buf_printf(&b, "[%s%s]", ix->key.parts[j].col >= 0 ? t->cols[ix->key.parts[j].col].name : "?",
		              ix->key.parts[j].desc ? " DESC" : "");
	const char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

static void widen(kp_advisor *adv, const kp_table *t, const kp_index *ix, const bool *covers, double weight,
                  kp_arena *scratch)
{
	const target_info *ti = kpa_target(adv->target);
	int n = ix->nuser < ix->key.n ? ix->nuser : ix->key.n;
	int *cols = kp_arena_alloc(scratch, sizeof(int) * (size_t)(n + 1));
	bool *desc = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(n + 1));
	for (int j = 0; j < n; j++) {
		cols[j] = ix->key.parts[j].col;
		desc[j] = ix->key.parts[j].desc;
	}
	kp_index *w = kpa_hypo_index(adv->a, t, ix->name, cols, desc, n, covers);
	w->salt_buckets = ix->salt_buckets;
	w->unique = ix->unique;
	kp_buf held = {0};
	int nheld = 0;
	for (int c = 0; c < t->ncols; c++)
		if (covers[c] && !ix->covers[c])
			kp_buf_printf(&held, "%s%s", nheld++ ? ", " : "", t->cols[c].name);
	const char *msg = kp_arena_printf(
		adv->a,
		"widen_index: %s on %s already leads with a column the reads it does not cover bind or order by "
		"(weight %.15g); the same index holding %s as well serves them with no index added: no write "
		"writes another row (an update of %s now rewrites its row too); %s",
		ix->name, t->name, weight, held.data, held.data,
		ti->sql_index ? "the store adds no column to an index in place: drop it and create it again"
		              : "an index's columns cannot change: delete it (DeleteIndex) and create it again "
		                "(CreateIndex) with these defined columns");
	kp_advice *x = kpa_advise(adv, KP_R_UNSERVED, "widen_index", t, msg, key_words(adv, t, w),
	                          widen_ddl(adv, t, ix, covers));
	x->index = w;
	x->replaces = ix;
	x->serves = -1;
	x->of = -1;
	x->before = -1;
	for (int j = 0; j < n; j++)
		kpa_advice_col(adv, x, t->cols[cols[j]].name);
	kp_buf_free(&held);
}

static void drop(kp_advisor *adv, const kp_table *t, const kp_index *ix)
{
	const target_info *ti = kpa_target(adv->target);
	const char *msg = kp_arena_printf(
		adv->a,
		"drop_index: no statement of the workload reads through %s on %s, and every write keeps it (an "
		"insert writes its row, an update of a column it holds rewrites it): dropping it saves those "
		"writes; a read that goes through it outside this workload then reads the table",
		ix->name, t->name);
	const char *ddl = ti->sql_index ? kp_arena_printf(adv->a, "DROP INDEX %s ON %s", ix->name, t->name) : NULL;
	kp_advice *x = kpa_advise(adv, KP_R_UNSERVED, "drop_index", t, msg, key_words(adv, t, ix), ddl);
	x->replaces = ix;
	x->serves = -1;
	x->of = -1;
	x->before = -1;
	for (int j = 0; j < ix->nuser; j++)
		if (ix->key.parts[j].col >= 0)
			kpa_advice_col(adv, x, t->cols[ix->key.parts[j].col].name);
}

void kpa_suggest_index_keep(kp_advisor *adv, kp_arena *scratch)
{
	for (int ti = 0; ti < adv->cat->ntables; ti++) {
		const kp_table *t = adv->cat->tables[ti];
		if (t->dropped || !t->nindexes)
			continue;
		bool writes = false;
		for (uint32_t qi = 0; qi < adv->queries.n; qi++) {
			const kp_wquery *q = adv->queries.items[qi];
			const kp_table *on = q->base;
			/* an insert is planned on no table: the one it names */
			if (!on && (q->stmt->kind == KP_S_INSERT || q->stmt->kind == KP_S_UPSERT ||
			            q->stmt->kind == KP_S_REPLACE))
				on = kp_catalog_find(adv->cat, q->stmt->u.insert.table.s, q->stmt->u.insert.table.len);
			writes |= on == t && kpa_is_write(q->stmt);
		}
		for (int i = 0; i < t->nindexes; i++) {
			const kp_index *ix = t->indexes[i];
			if (!judged_index(ix))
				continue;
			int lead = ix->key.parts[0].col;
			bool read = false;
			double weight = 0;
			bool *covers = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(t->ncols + 1));
			memcpy(covers, ix->covers, sizeof(bool) * (size_t)t->ncols);
			bool wider = false;
			for (uint32_t qi = 0; qi < adv->queries.n; qi++) {
				const kp_wquery *q = adv->queries.items[qi];
				if (q->base != t || !q->plan.table || kpa_is_write(q->stmt))
					continue;
				if (q->plan.index == ix ||
				    (q->plan.index && q->plan.index->name && !strcmp(q->plan.index->name, ix->name)))
					read = true;
				/* a read the key does not serve (or only with a sort) that
				 * binds or orders by the index's lead, which the index does
				 * not cover */
				bool served = kpa_served(q->plan.access) && q->plan.order != KP_ORDER_SORT;
				if (served || q->plan.access == KP_ACCESS_NONE || lead < 0 ||
				    !kpa_uses_col(kpa_query_uses(q, t), lead) || q->plan.table != t || !q->plan.names)
					continue;
				bool *used = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(t->ncols + 1));
				kpa_read_cols(q->plan.names, q->stmt, used, t->ncols);
				bool more = false;
				for (int c = 0; c < t->ncols; c++)
					if (used[c] && !covers[c]) {
						covers[c] = true;
						more = true;
					}
				bool missing = more;
				for (int c = 0; c < t->ncols && !missing; c++)
					missing = used[c] && !ix->covers[c];
				if (missing) {
					wider = true;
					weight += q->weight;
				}
			}
			if (wider)
				widen(adv, t, ix, covers, weight, scratch);
			/* a UNIQUE index is a constraint before it is a path: no
			 * workload read makes it worthless */
			if (!read && writes && !ix->unique)
				drop(adv, t, ix);
			kp_arena_reset(scratch);
		}
	}
}
