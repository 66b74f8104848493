/* KP120: one search index for reads filtered ad hoc. Where the store has
 * one (Lindorm's CREATE INDEX ... USING SEARCH, Tablestore's search index),
 * it serves conditions on any combination of its columns, with no leading
 * column rule: one index where KV indexes need one per combination of
 * columns, each a table written with every row. The rule proposes, for each
 * table, one search index over the columns that the reads no key serves
 * (full scans) name in their WHERE and ORDER BY, holding the columns they
 * return (Tablestore reads it only then); the judge costs it against
 * the KV indexes and the index bound (docs/advice.md, "How many indexes").
 *
 * Not proposed: on a table that has a search index already (Lindorm allows
 * one a table by default; Tablestore asks for "only one search index that
 * contains all required fields"), and over a column whose type a search
 * index cannot hold (DECIMAL and types keyplan does not know), or by a
 * LIKE on a column that holds no text: the reads naming one are left out. Reads through a view are left out too: the
 * view's own condition would have to be indexed with them. */
#include "advisor/advisorInt.h"

#include <string.h>

/* A column type the stores' search indexes hold: Lindorm's BOOLEAN, BYTE,
 * SHORT, INT, LONG, FLOAT, DOUBLE, STRING, CHAR, BINARY, TIMESTAMP, JSON;
 * Tablestore's Long, Double, Boolean, Keyword/Text, Date. */
static bool search_type(const kp_column *c)
{
	char l[32];
	kpa_lower_copy(l, c->type_name ? c->type_name : "", sizeof l);
	if (!strcmp(l, "decimal") || !strcmp(l, "numeric"))
		return false;
	return c->tclass != KP_T_OTHER;
}

/* Does every LIKE of w match a string column? A search index matches a
 * pattern in text (Lindorm: a wildcard query on a STRING column;
 * Tablestore: on a Keyword), not in a number. */
static bool likes_text(const kp_names *nm, const kp_table *t, const kp_expr *w)
{
	if (!w)
		return true;
	if (w->kind == KP_X_LIKE) {
		int c = kpa_colref(nm, w->a);
		if (c < 0 || c >= t->ncols || t->cols[c].tclass != KP_T_STRING)
			return false;
	}
	if (!likes_text(nm, t, w->a) || !likes_text(nm, t, w->b) || !likes_text(nm, t, w->c))
		return false;
	for (uint32_t i = 0; i < w->n; i++)
		if (!likes_text(nm, t, w->list[i]))
			return false;
	return true;
}

static void propose(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	const target_info *ti = kpa_target(adv->target);
	for (int i = 0; i < t->nindexes; i++)
		if (t->indexes[i]->search)
			return;   /* one a table */
	if (t->ncols > 63)
		return;       /* columns past 63 share one bit of a read's columns */
	/* the columns a search index can hold, asked once, not once a read */
	uint64_t holdable = 0;
	for (int c = 0; c < t->ncols; c++)
		if (search_type(&t->cols[c]))
			holdable |= 1ull << c;
	uint64_t all_cols = t->ncols == 64 ? ~0ull : (1ull << t->ncols) - 1;
	const kp_list *qs = kpa_queries_of(adv, t);
	uint64_t cols = 0;
	double weight = 0;
	kp_list reads = {0};
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->base != t || q->plan.table != t || q->plan.access != KP_ACCESS_FULL ||
		    q->stmt->kind != KP_S_SELECT || !q->uses || q->uses == ~0ull)
			continue;
		bool ok = q->plan.names && likes_text(q->plan.names, t, kpa_where_of(q->stmt));
		ok = ok && !(q->uses & all_cols & ~holdable);
		/* Tablestore reads a search index only where it returns every
		 * column the read returns (docs/targets.md, its rule 1): a read
		 * returning a column no search index can hold is left out (the
		 * columns it returns are held below); the key comes with every row */
		if (ok && ti->index_policy) {
			bool *used = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(t->ncols + 1));
			kpa_read_cols(q->plan.names, q->stmt, used, t->ncols);
			for (int c = 0; c < t->ncols && ok; c++)
				if (used[c] && t->cols[c].key_pos < 0)
					ok = (holdable >> c) & 1;
		}
		if (!ok)
			continue;
		cols |= q->uses;
		weight += q->weight;
		kp_list_push(scratch, &reads, (void *)q);
	}
	if (!cols)
		return;
	/* the columns those reads return too, where the index can hold them,
	 * as a covering index includes them: each row found is then not read
	 * again from the table (the columns of the key the index keeps) */
	uint64_t held = 0;
	bool *used = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(t->ncols + 1));
	u64map seen = {0};   /* statements alike share a tree (kp_advisor_share): read it once */
	for (uint32_t i = 0; i < reads.n; i++) {
		const kp_wquery *q = reads.items[i];
		uint64_t k = kpa_mix((uint64_t)(uintptr_t)q->stmt, (uint64_t)(uintptr_t)q->plan.names);
		uint32_t v;
		if (kpa_map_get(&seen, k, &v)) {
			const kp_wquery *f = reads.items[v];
			if (f->stmt == q->stmt && f->plan.names == q->plan.names)
				continue;
		} else {
			kpa_map_put(&seen, k, i);
		}
		memset(used, 0, sizeof(bool) * (size_t)(t->ncols + 1));
		kpa_read_cols(q->plan.names, q->stmt, used, t->ncols);
		for (int c = 0; c < t->ncols; c++)
			if (used[c] && !(cols & (1ull << c)) && t->cols[c].key_pos < 0 && ((holdable >> c) & 1))
				held |= 1ull << c;
	}
	kpa_map_free(&seen);
	int list[64], n = 0;
	for (int c = 0; c < t->ncols; c++)
		if (cols & (1ull << c))
			list[n++] = c;
	int nfiltered = n;
	for (int c = 0; c < t->ncols; c++)
		if (held & (1ull << c))
			list[n++] = c;
	const char *name = kp_arena_printf(adv->a, "idx_%s_search", t->name);
	kp_index *ix = kpa_hypo_index(adv->a, t, name, list, NULL, n, NULL);
	ix->kv = false;
	ix->search = true;
	ix->using = "SEARCH";
	/* the weight of the reads it was proposed for that it serves */
	kp_index **all = kp_arena_alloc(scratch, sizeof(kp_index *) * (size_t)(t->nindexes + 1));
	if (t->nindexes)
		memcpy(all, t->indexes, sizeof(kp_index *) * (size_t)t->nindexes);
	all[t->nindexes] = ix;
	const kp_table *h = kpa_hypo_table(scratch, t, &t->pk, all, t->nindexes + 1);
	u64map cache = {0};
	double serves = 0;
	for (uint32_t i = 0; i < reads.n; i++) {
		const kp_wquery *q = reads.items[i];
		kp_access a = kpa_cached_class(&cache, 0, h, q, scratch);
		serves += a == KP_ACCESS_SEARCH || kpa_served(a) ? q->weight : 0;
	}
	kpa_map_free(&cache);
	kp_buf cl = {0}, m = {0}, rl = {0};
	for (int i = 0; i < n; i++)
		kp_buf_printf(&cl, "%s%s", i ? ", " : "", t->cols[list[i]].name);
	for (int i = nfiltered; i < n; i++)
		kp_buf_printf(&rl, "%s%s", i > nfiltered ? ", " : "", t->cols[list[i]].name);
	char *ddl = NULL;
	if (ti->search_index == KPA_SEARCH_SQL) {
		kp_buf d = {0};
		kp_buf_printf(&d, "CREATE INDEX %s USING SEARCH ON %s (%s)", name, t->name, cl.data);
		ddl = kpa_bufdup(adv->a, &d);
		kp_buf_free(&d);
	}
	/* an index the store creates by API has no DDL of its own: the form
	 * keyplan's schema reads (for check, the shell and the editor), exact */
	const char *how = ti->search_index == KPA_SEARCH_SQL
	                  ? "created with CREATE INDEX ... USING SEARCH"
	                  : kp_arena_printf(adv->a, "created with the CreateSearchIndex operation (one field per column; "
	                                    "keyplan's schema reads it as CREATE INDEX %s USING SEARCH ON %s (%s))",
	                                    name, t->name, cl.data);
	kp_buf_printf(&m, "search_index: %s on %s over %s%s%s%s, %s; it serves conditions on any combination of its "
	              "columns, so one index serves the reads no key serves, where KV indexes need one per "
	              "combination of columns; it is a separate search engine: each read is sent to every one of "
	              "its shards and merged, and a row written reaches it asynchronously (a read just after a "
	              "write may miss the row); the store maintains it on every write: an insert into %s then "
	              "writes %d rows", name, t->name, cl.data, rl.len ? " (" : "", rl.len ? rl.data : "",
	              rl.len ? " held for the reads that return them, not filtered on)" : "",
	              how, t->name, t->nindexes + 2);
	kp_advice *x = kpa_advise(adv, KP_R_UNSERVED, "search_index", t, kpa_bufdup(adv->a, &m), NULL, ddl);
	x->index = ix;
	x->serves = kpa_weight_int(serves);
	x->of = kpa_weight_int(weight);
	for (int i = 0; i < n; i++)
		kpa_advice_col(adv, x, t->cols[list[i]].name);
	x->held = n - nfiltered;
	kp_buf_free(&cl);
	kp_buf_free(&m);
	kp_buf_free(&rl);
	kp_arena_reset(scratch);
}

void kpa_suggest_search(kp_advisor *adv, kp_arena *scratch)
{
	if (kpa_target(adv->target)->search_index == KPA_SEARCH_NONE)
		return;
	for (int i = 0; i < adv->cat->ntables; i++) {
		const kp_table *t = adv->cat->tables[i];
		if (!t->dropped && !t->view_base)
			propose(adv, t, scratch);
	}
}
