/* KP121's natural key (docs/advice.md, "The choice"): a table keyed by a
 * surrogate id no read binds, re-keyed on the columns of the index its
 * point reads go through, with that index dropped (designs24.md E146). */
#include "advisor/advisorInt.h"

#include <stdlib.h>
#include <string.h>

/* Does every write of t that locates a row (UPDATE, DELETE) bind each of
 * cols by =, and set none of them; and every insert name each (the new
 * key can be written and found)? At least one write. */
static bool writes_bind(kp_advisor *adv, const kp_table *t, const colset *cols)
{
	int writes = 0;
	for (int j = 0; j < cols->n; j++)
		if (!kpa_inserts_set(adv, t, cols->cols[j]))
			return false;
	for (uint32_t i = 0; i < adv->queries.n; i++) {
		const kp_wquery *q = adv->queries.items[i];
		const kp_stmt *st = q->stmt;
		if (st->kind == KP_S_INSERT || st->kind == KP_S_UPSERT || st->kind == KP_S_REPLACE) {
			writes += kp_catalog_find(adv->cat, st->u.insert.table.s, st->u.insert.table.len) == t;
			continue;
		}
		if (q->base != t || (st->kind != KP_S_UPDATE && st->kind != KP_S_DELETE))
			continue;
		if (!q->plan.names)
			return false;
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(st), &eq, &range);
		for (int j = 0; j < cols->n; j++)
			if (!kpa_colset_has(&eq, cols->cols[j]))
				return false;
		for (uint32_t k = 0; st->kind == KP_S_UPDATE && k < st->u.update.sets.n; k++) {
			const kp_assign *as = st->u.update.sets.items[k];
			if (kpa_colset_has(cols, kp_table_column(t, as->col.s, as->col.len)))
				return false;   /* it moves the row: a key change */
		}
		writes++;
	}
	return writes > 0;
}

/* KP121's natural key (docs/advice.md, "The natural key"): t's key is read
 * by no statement (no read binds, bounds or orders by a key column: a
 * surrogate id from a sequence), and an index's columns are what its point
 * reads bind: every read through the index binds each of its columns by =
 * (an index also read by a prefix or a range is read by other means), and
 * every write binds them (each insert names them, each UPDATE or DELETE
 * binds them by = and sets none). Then t re-keyed on the index's columns
 * (only where the index is UNIQUE or one of its columns holds as many
 * values as the table rows, stated: a natural key) together with the index's drop: its reads GETs or SCANs of the table,
 * its rows no longer kept or written. The judge weighs the pair beside
 * the spreads of the old key (E146's dag_run, designs24.md). */
void kpa_suggest_natural_key(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	if (t->pk.n < 1 || t->pk.n > KP_REORDER_MAX || t->salt_buckets > 0 ||
	    kp_table_option_get(t, "salt_buckets") || !t->nindexes)
		return;
	for (int i = 0; i < t->pk.n; i++)
		if (t->pk.parts[i].col < 0)
			return;   /* a hash-prefixed key is laid out on purpose */
	/* the key read by no statement */
	int reads = 0;
	for (uint32_t i = 0; i < adv->queries.n; i++) {
		const kp_wquery *q = adv->queries.items[i];
		if (q->base != t || q->stmt->kind != KP_S_SELECT)
			continue;
		if (!q->plan.names)
			return;
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
		const kp_list *ob = kpa_order_of(q->stmt);
		for (int p = 0; p < t->pk.n; p++) {
			int c = t->pk.parts[p].col;
			if (kpa_colset_has(&eq, c) || kpa_colset_has(&range, c))
				return;
			for (uint32_t k = 0; k < ob->n; k++)
				if (kpa_colref(q->plan.names, ((const kp_order_item *)ob->items[k])->expr) == c)
					return;
		}
		reads++;
	}
	if (!reads)
		return;
	const target_info *ti = kpa_target(adv->target);
	const kpa_notes *notes = kpa_notes_of(adv, t);
	int tenant = kpa_tenant_col(adv, t);
	for (int x = 0; x < t->nindexes; x++) {
		const kp_index *ix = t->indexes[x];
		if (ix->inherited || ix->where || ix->has_expr || ix->search || ix->columnar || !ix->kv ||
		    ix->tenant_lead || ix->nuser < 1 || ix->nuser > ix->key.n)
			continue;
		colset cols = {0};
		bool plain = true, unique = ix->unique;
		for (int j = 0; j < ix->nuser && plain; j++) {
			int c = ix->key.parts[j].col;
			plain = c >= 0 && t->cols[c].key_pos < 0 && !t->cols[c].dropped;
			if (plain) {
				kpa_colset_add(&cols, c, ix->key.parts[j].desc);
				unique |= notes->rows > 0 && notes->distinct[c] >= notes->rows;
			}
		}
		/* a natural key only: the index UNIQUE, or one of its columns
		 * stated to hold a value a row, so its point reads become GETs; a
		 * many-rows-a-value index (E64's order index) re-keyed with the old
		 * key appended trades one spread key for another and is not taken */
		if (!plain || !unique)
			continue;
		int n = cols.n;
		if (n > KP_REORDER_MAX || (ti->max_key_parts && n > ti->max_key_parts))
			continue;
		if ((tenant >= 0 && cols.cols[0] != tenant) || kpa_lead_hot(adv, t, cols.cols[0]))
			continue;
		/* its point reads: every read through it binds all its columns
		 * (an index also read by a prefix is read by other means) */
		int points = 0;
		bool other = false;
		for (uint32_t i = 0; i < adv->queries.n && !other; i++) {
			const kp_wquery *q = adv->queries.items[i];
			if (q->base != t || q->stmt->kind != KP_S_SELECT || !q->plan.index ||
			    (q->plan.index != ix && (!q->plan.index->name || !ix->name ||
			                             strcmp(q->plan.index->name, ix->name))))
				continue;
			colset eq = {0}, range = {0};
			kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
			for (int j = 0; j < cols.n && !other; j++)
				other = !kpa_colset_has(&eq, cols.cols[j]);
			points++;
		}
		if (other || !points || !writes_bind(adv, t, &cols))
			continue;
		kp_key nk;
		nk.n = n;
		nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)n);
		for (int j = 0; j < cols.n; j++)
			nk.parts[j] = ix->key.parts[j];
		/* the table without the index */
		kp_index **rest = kp_arena_alloc(adv->a, sizeof(kp_index *) * (size_t)t->nindexes);
		int nrest = 0;
		for (int j = 0; j < t->nindexes; j++)
			if (j != x)
				rest[nrest++] = t->indexes[j];
		verdict v;
		kpa_judge(adv, t, NULL, kpa_hypo_table(adv->a, t, &nk, rest, nrest), false, scratch, &v);
		if (v.broken > 0 || v.worse.n > 0)
			continue;   /* a read it serves today made worse */
		const char *key = kpa_key_notation(adv, t, &nk);
		bool advised = false;
		for (uint32_t i = 0; i < adv->advice.n && !advised; i++) {
			const kp_advice *y = adv->advice.items[i];
			advised = y->table == t && !strcmp(y->kind, "reorder_key") && !strcmp(y->key, key);
		}
		if (advised)
			continue;
		kp_buf names = {0};
		for (int j = 0; j < cols.n; j++)
			kp_buf_printf(&names, "%s%s", j ? ", " : "", t->cols[cols.cols[j]].name);
		kp_buf ddl = {0};
		kp_table_ddl(&ddl, t, NULL, &nk, adv->target);
		kp_advice *k = kpa_advise(
			adv, KP_R_BETTER_KEY, "reorder_key", t,
			kp_arena_printf(adv->a, "reorder_key: %s, the columns of %s (%s), which its point reads bind by = "
			                "and every write binds, where no read binds the key %s: the reads through %s "
			                "read the table itself, and %s is dropped with it (the next advice); %s",
			                key, ix->name, names.data, kpa_key_notation(adv, t, &t->pk),
			                ix->name, ix->name,
			                kpa_migration_note(adv, t)),
			key, kpa_bufdup(adv->a, &ddl));
		kp_buf_free(&ddl);
		kpa_verdict_apply(adv, k, &v, 1);
		k->newkey = kpa_keydup(adv->a, &nk);
		k->serves = kpa_weight_int(v.after);
		k->of = kpa_weight_int(v.total);
		for (int j = 0; j < n; j++)
			kpa_advice_col(adv, k, t->cols[nk.parts[j].col].name);
		const char *drop_ddl = ti->sql_index ? kp_arena_printf(adv->a, "DROP INDEX %s ON %s", ix->name, t->name)
		                                     : NULL;
		kp_advice *d = kpa_advise(
			adv, KP_R_BETTER_KEY, "drop_index", t,
			kp_arena_printf(adv->a, "drop_index: %s on %s, whose columns (%s) the table's new key %s leads with: "
			                "its reads read the table, and no write keeps it%s", ix->name, t->name, names.data,
			                key, drop_ddl ? "" : "; deleted with the DeleteIndex operation (the store takes no "
			                "SQL for it)"),
			kpa_key_notation(adv, t, &ix->key), drop_ddl);
		kp_buf_free(&names);
		d->replaces = ix;
		d->serves = -1;
		d->of = -1;
		d->before = -1;
		for (int j = 0; j < cols.n; j++)
			kpa_advice_col(adv, d, t->cols[cols.cols[j]].name);
		k->with = d;
	}
}
