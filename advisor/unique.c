/* KP107: a key that does not tell rows apart. A GET on the whole key that
 * expects several rows, or the workload inserting the same key twice: the
 * fix adds the column that tells them apart to the end of the key. */
#include "advisor/advisorInt.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The unique_key fix: the column that tells rows apart (col, else a
 * non-key time, sequence or id column by its name) added to the end of the
 * key, with the new table's DDL; a generic fix when no column stands out. */
static kp_advice *unique_fix(kp_advisor *adv, const kp_table *t, int col, kp_arena *scratch)
{
	for (int i = 0; col < 0 && i < t->ncols; i++)
		if (t->cols[i].key_pos < 0 && t->cols[i].tclass != KP_T_JSON && kpa_monotonic_reason(&t->cols[i]))
			col = i;
	if (col < 0 || t->pk.n >= KP_REORDER_MAX) {
		kp_advice *x = kpa_advise(adv, KP_R_NON_UNIQUE, "unique_key", t,
		                          "unique_key: add the column that tells the rows apart (an order id or a "
		                          "timestamp) to the end of the key, as [userid][orderid]",
		                          kpa_key_notation(adv, t, &t->pk), NULL);
		return x;
	}
	kp_key nk;
	nk.n = t->pk.n + 1;
	nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)nk.n);
	memcpy(nk.parts, t->pk.parts, sizeof(kp_key_part) * (size_t)t->pk.n);
	nk.parts[t->pk.n].col = col;
	const char *key = kpa_key_notation(adv, t, &nk);
	kp_buf ddl = {0};
	kp_table_ddl(&ddl, t, NULL, &nk, adv->target);
	kp_advice *x = kpa_advise(adv, KP_R_NON_UNIQUE, "unique_key", t,
	                          kp_arena_printf(adv->a, "unique_key: add %s to the end of the key, %s, so each "
	                                          "row has its own key; %s", t->cols[col].name, key,
	                                          kpa_migration_note(adv, t)),
	                          key, kpa_bufdup(adv->a, &ddl));
	kpa_advice_col(adv, x, t->cols[col].name);
	verdict v;
	kpa_judge(adv, t, NULL, kpa_hypo_table(adv->a, t, &nk, t->indexes, t->nindexes), false, scratch, &v);
	kpa_verdict_apply(adv, x, &v, 1);
	kp_buf_free(&ddl);
	return x;
}

void kpa_check_unique(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	const kp_list *qs = kpa_queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		const kp_kept_plan *p = &q->plan;
		if (p->table != t || p->access != KP_ACCESS_GET || p->nranges != 1 || p->index ||
		    q->stmt->kind != KP_S_SELECT)
			continue;
		const kp_select *s = &q->stmt->u.select;
		bool many = (s->limit && s->limit->kind == KP_X_INT && (s->limit->overflow || s->limit->ival > 1)) ||
		            s->order.n > 0;
		if (!many)
			continue;
		kp_diag *g = kp_diag_add(adv->d, adv->a, KP_R_NON_UNIQUE, KP_SEV_WARNING, q->src, q->off,
		                         q->len, "this query binds the whole key %s of %s but expects "
		                         "several rows; one key is one row, so later writes become versions of it",
		                         kpa_key_notation(adv, t, &t->pk), t->name);
		int oc = s->order.n ? kpa_colref(q->plan.names, ((kp_order_item *)s->order.items[0])->expr) : -1;
		kp_advice *x = unique_fix(adv, t, oc >= 0 && t->cols[oc].key_pos < 0 ? oc : -1, scratch);
		kp_diag_help(g, adv->a, "%s", x->message);
		return;
	}
}

/* Does name say it is t's own id: "id", or t's name followed by "_id" or
 * "id", t's name taken as it is or without a plural's s (visit_occurrence_id
 * of visit_occurrence, post_id of posts), compared ignoring case. */
static bool names_own_id(const kp_table *t, const char *name)
{
	if (!strcasecmp(name, "id"))
		return true;
	size_t tn = strlen(t->name), n = strlen(name);
	for (int plural = 0; plural < 2; plural++) {
		size_t stem = tn - (size_t)plural;
		if (plural && (tn < 2 || (t->name[tn - 1] != 's' && t->name[tn - 1] != 'S')))
			break;
		if (n <= stem || strncasecmp(name, t->name, stem))
			continue;
		if (!strcasecmp(name + stem, "_id") || !strcasecmp(name + stem, "id"))
			return true;
	}
	return false;
}

/* A read that expects one row of what it binds: no ORDER BY, no LIMIT
 * past 1, no GROUP BY, no aggregate in its result (COUNT(*) by a column
 * counts several rows; "my orders" ORDER BY ... LIMIT 20 reads many). */
static bool point_read(const kp_select *s)
{
	if (s->order.n || s->group.n || s->having || s->distinct || s->offset)
		return false;
	if (s->limit && !(s->limit->kind == KP_X_INT && !s->limit->overflow && s->limit->ival <= 1))
		return false;
	static const char *const aggs[] = {"count", "sum", "avg", "min", "max", "group_concat", "string_agg",
	                                   "array_agg", "listagg"};
	for (uint32_t i = 0; i < s->items.n; i++) {
		const kp_expr *e = s->items.items[i];
		if (!e || e->kind != KP_X_FUNC)
			continue;
		for (size_t k = 0; k < sizeof aggs / sizeof *aggs; k++)
			if (kp_name_eq(&e->name, aggs[k]))
				return false;
	}
	return true;
}

kpa_unique_why kpa_near_unique(kp_advisor *adv, const kp_table *t, int col, const kp_wquery **by)
{
	if (by)
		*by = NULL;
	if (col < 0 || col >= t->ncols || t->cols[col].dropped)
		return KPA_UNIQUE_NO;
	const kp_column *c = &t->cols[col];
	const kpa_notes *notes = kpa_notes_of(adv, t);
	/* a count stated, or one its type bounds, or a column of few values
	 * (an enum by its name) or a time (a day holds many rows): not an id */
	if (notes->distinct[col] >= 1 || notes->dist[col] == KPA_DIST_FIXED || kpa_type_values(c) >= 1 ||
	    kpa_few_values(adv, t, col) || kpa_coarse_time(c) || c->tclass == KP_T_TIME || c->tclass == KP_T_BOOL)
		return KPA_UNIQUE_NO;
	/* a UNIQUE index of that one column (not partial: a partial one is
	 * unique among its rows only) says so: one row a value wherever a read
	 * binds it by =, a point read or not. The name or type of a hash
	 * (block_hash VARCHAR(66)) is no such evidence: docs/annotations.md,
	 * "Defaults that decide". */
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		int lead = ix->tenant_lead ? 1 : 0;
		if (!ix->unique || ix->where || ix->has_expr || ix->nuser - lead != 1 || ix->key.n <= lead ||
		    ix->key.parts[lead].col != col)
			continue;
		const kp_list *qs = kpa_queries_of(adv, t);
		for (uint32_t k = 0; k < qs->n; k++) {
			const kp_wquery *q = qs->items[k];
			if (q->stmt->kind != KP_S_SELECT || q->base != t || !q->plan.names)
				continue;
			colset eq = {0}, range = {0};
			kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
			for (int e = 0; e < eq.n; e++)
				if (eq.cols[e] == col) {
					if (by)
						*by = q;
					return KPA_UNIQUE_INDEX;
				}
		}
		return KPA_UNIQUE_NO;   /* no read binds it: nothing to cost */
	}
	kpa_unique_why why = KPA_UNIQUE_NO;
	const kp_key_part *last = t->pk.n >= 2 ? &t->pk.parts[t->pk.n - 1] : NULL;
	if (last && last->col == col && !last->expr)
		why = KPA_UNIQUE_KEY_END;
	else if (names_own_id(t, c->name))
		why = KPA_UNIQUE_ID;
	else if (kpa_unique_name(c))
		why = KPA_UNIQUE_NAME;   /* E120's record_locator in tests/advisor/designs19.md */
	if (why == KPA_UNIQUE_NO)
		return why;
	/* a point read binds it alone: by = or IN, no other column bound
	 * (through a view's conditions too), expecting one row */
	const kp_list *qs = kpa_queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->stmt->kind != KP_S_SELECT || q->base != t || !q->plan.names || !point_read(&q->stmt->u.select))
			continue;
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
		if (q->plan.table && q->plan.table != t)
			kpa_view_cols(t, q->plan.table, NULL, &eq);
		if (eq.n == 1 && eq.cols[0] == col && range.n == 0) {
			if (by)
				*by = q;
			return why;
		}
	}
	return KPA_UNIQUE_NO;
}

/* The key row r of the insert w (its record's columns) writes into t, as
 * its constants' SQL, '|' after each, in key: false when a key column is
 * not a constant of the row (two parameters, or a generator, are any
 * values), or t has no key. */
static bool row_key(const kpa_ins_walk *w, const kp_table *t, uint32_t r, kp_buf *key)
{
	const kp_insert *ins = &w->q->stmt->u.insert;   /* its columns: those of the inserts alike */
	const kp_ins_row *row = &w->v.rows[r];
	kp_buf_clear(key);
	/* a heap table (no primary key: MySQL's, PostgreSQL's) has no key to
	 * write twice */
	bool complete = t->pk.n > 0;
	for (int k = 0; k < t->pk.n && complete; k++) {
		int col = t->pk.parts[k].col;
		bool found = false;
		for (uint32_t c = 0; c < ins->cols.n && c < row->n; c++) {
			const kp_name *nm = ins->cols.items[c];
			if (col >= 0 && kp_name_eq(nm, t->cols[col].name)) {
				const kp_ins_value *v = &row->v[c];
				if (!v->sql)
					break;
				kp_buf_puts(key, v->sql);
				kp_buf_putc(key, '|');
				found = true;
			}
		}
		complete = found || col < 0;
	}
	kp_buf_putc(key, 0);   /* a C string (data is never NULL then) */
	key->len--;
	return complete;
}

/* Several INSERTs in the workload with the same full key. Each key written
 * is remembered by its hash and where its insert is in the log of values
 * (kp_advisor.vlog), 20 bytes or so, not by its text: a hash met again is
 * compared with the key read back from there. */
void kpa_check_duplicate_inserts(kp_advisor *adv, kp_arena *scratch)
{
	typedef struct seen {
		const kp_table *t;
		uint32_t chunk, pos;    /* its insert's entry in adv->vlog (a walk from there) */
		uint32_t row;           /* its row */
	} seen;
	seen *s = NULL;
	uint32_t n = 0, cap = 0;
	const kp_table *reported[64];
	int nreported = 0;
	u64map keys = {0};   /* (table, key) -> its entry in s: one lookup an insert, not a pass over all */
	kp_buf key = {0}, other = {0};
	/* every insert, statement by statement in the workload's order */
	kpa_ins_walk iw = {0}, back = {0};
	for (;;) {
		uint32_t chunk = iw.chunk, pos = iw.pos;   /* where the next one is */
		if (!kpa_ins_next(adv, &iw))
			break;
		const kp_wquery *q = iw.q;
		const kp_stmt *st = q->stmt;
		const kp_insert *ins = &st->u.insert;   /* its table and columns: those of the inserts alike */
		const kp_table *t = kp_catalog_find(adv->cat, ins->table.s, ins->table.len);
		if (!t || ins->cols.n == 0)
			continue;
		for (uint32_t r = 0; r < iw.v.nrows; r++) {
			if (!row_key(&iw, t, r, &key))
				continue;
			uint64_t h = kpa_str_hash(key.data, kpa_mix(0x6a09e667f3bcc909ull, (uint64_t)t->id));
			uint32_t at;
			bool dup = false;
			if (kpa_map_get(&keys, h, &at) && s[at].t == t) {
				/* the key remembered, read back */
				back.chunk = s[at].chunk;
				back.pos = s[at].pos;
				dup = kpa_ins_next(adv, &back) && row_key(&back, t, s[at].row, &other) &&
				      !strcmp(other.data, key.data);
			}
			bool already = false;
			for (int j = 0; j < nreported; j++)
				if (reported[j] == t)
					already = true;
			if (dup && !already && st->kind == KP_S_INSERT && nreported < 64) {
				reported[nreported++] = t;
				kp_diag *g = kp_diag_add(adv->d, adv->a, KP_R_NON_UNIQUE, KP_SEV_WARNING, q->src, iw.off,
				                         iw.len, "the workload writes the same key of %s twice; the "
				                         "later row overwrites the earlier one as a newer version", t->name);
				kp_advice *x = unique_fix(adv, t, -1, scratch);
				kp_diag_help(g, adv->a, "%s", x->message);
			}
			if (!dup) {
				if (n == cap) {
					cap = cap ? cap * 2 : 64;
					s = realloc(s, sizeof(*s) * (size_t)cap);
					if (!s)
						abort();
				}
				s[n] = (seen){t, chunk, pos, r};
				if (!kpa_map_get(&keys, h, &at))
					kpa_map_put(&keys, h, n);
				n++;
			}
		}
	}
	kpa_ins_done(&iw);
	kpa_ins_done(&back);
	kp_buf_free(&key);
	kp_buf_free(&other);
	free(s);
	kpa_map_free(&keys);
	kp_arena_reset(scratch);
}
