/* KP110: the target's hard limits, from the target table. On a table: key
 * parts, key types and width, column families, SALT_BUCKETS. On one
 * statement: IN list size, LIMIT/OFFSET, an ORDER BY the store would sort;
 * on DDL: Phoenix's NOT NULL outside the key (kp_check_target_ddl). */
#include "advisor/advisorInt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void target_error(kp_advisor *adv, const kp_table *t, uint32_t off, uint32_t len, const char *fmt,
                         const char *a1, const char *a2)
{
	kp_diag_add(adv->d, adv->a, KP_R_TARGET, KP_SEV_ERROR, t->src, off, len, fmt, a1, a2,
	            kp_target_name(adv->target));
}

void kpa_check_target_schema(kp_advisor *adv, const kp_table *t)
{
	const target_info *ti = kpa_target(adv->target);
	char num[32];
	if (ti->max_key_parts && t->pk.n > ti->max_key_parts) {
		snprintf(num, sizeof num, "%d", t->pk.n);
		kp_diag_add(adv->d, adv->a, KP_R_TARGET, KP_SEV_ERROR, t->src, t->pk_off, 0,
		            "the key of %s has %s parts; %s allows at most %d", t->name, num, ti->name,
		            ti->max_key_parts);
	}
	long long width = kpa_key_width(t, &t->pk);
	for (int i = 0; i < t->pk.n; i++) {
		int ci = t->pk.parts[i].col;
		if (ci < 0) {
			if (ti->hash_part_error)
				target_error(adv, t, t->pk_off, 0, "the key of %s has a hash part%s; %s has no hash "
				             "functions in keys: store the hash in a key column", t->name, "");
			continue;
		}
		const kp_column *c = &t->cols[ci];
		char l[32];
		kpa_lower_copy(l, c->type_name, sizeof l);
		if (ti->binary_last_only && c->tclass == KP_T_BINARY && i != t->pk.n - 1)
			target_error(adv, t, c->off, kpa_name_len(c), "key column '%s' of %s is binary, but %s "
			             "allows a VARBINARY key column only in the last position", c->name, t->name);
		if (ti->no_json_key && c->tclass == KP_T_JSON)
			target_error(adv, t, c->off, kpa_name_len(c), "key column '%s' of %s is JSON, which %s "
			             "never allows in a primary key", c->name, t->name);
		if (ti->strict_key_types && !kpa_strict_key_type(c))
			target_error(adv, t, c->off, kpa_name_len(c), "key column '%s' of %s: %s key columns are "
			             "BIGINT, VARCHAR(n <= 1024) or VARBINARY(n <= 1024)", c->name, t->name);
	}
	/* a secondary index's own columns, and its whole key with the table's
	 * key columns the store appends (Tablestore, secondary index limits:
	 * "up to eight columns, among which up to four columns are index
	 * columns") */
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		if (!ix->kv || ix->search || ix->inherited || !ix->src)
			continue;
		if ((ti->max_index_cols && ix->nuser > ti->max_index_cols) ||
		    (ti->max_index_key_parts && ix->key.n > ti->max_index_key_parts)) {
			char whole[32];
			snprintf(num, sizeof num, "%d", ix->nuser);
			snprintf(whole, sizeof whole, "%d", ix->key.n);
			kp_diag_add(adv->d, adv->a, KP_R_TARGET, KP_SEV_ERROR, ix->src, ix->off, 0,
			            "index %s of %s has %s index columns and %s key columns with the key columns of %s "
			            "the store appends; %s allows at most %d index columns and %d in all", ix->name,
			            t->name, num, whole, t->name, ti->name, ti->max_index_cols, ti->max_index_key_parts);
		}
	}
	if (ti->max_key_bytes && width > ti->max_key_bytes)
		kp_diag_add(adv->d, adv->a, KP_R_TARGET, KP_SEV_ERROR, t->src, t->pk_off, 0,
		            "the key of %s may be %lld bytes long; %s allows at most %lld KB", t->name, width, ti->name,
		            ti->max_key_bytes / 1024);
	if (ti->max_families && t->nfamilies > ti->max_families) {
		snprintf(num, sizeof num, "%d", t->nfamilies);
		kp_diag_add(adv->d, adv->a, KP_R_TARGET, KP_SEV_ERROR, t->src, t->off, t->name_len,
		            "%s has %s column families; %s allows at most %d", t->name, num, ti->name,
		            ti->max_families);
	}
	const char *salt = kp_table_option_get(t, "salt_buckets");
	if (salt && ti->max_salt_buckets) {
		char *end;
		long n = strtol(salt, &end, 10);
		if (*end || n < 1 || n > ti->max_salt_buckets)
			kp_diag_add(adv->d, adv->a, KP_R_TARGET, KP_SEV_ERROR, t->src, t->off, t->name_len,
			            "SALT_BUCKETS = %s on %s; %s allows 1 to %d", salt, t->name, ti->name,
			            ti->max_salt_buckets);
	}
}

static void walk_in_lists(const kp_expr *e, const target_info *ti, kp_source *src, kp_arena *a, kp_diags *d)
{
	if (!e)
		return;
	if (e->kind == KP_X_IN && e->n > (uint32_t)ti->max_in_list)
		kp_diag_add(d, a, KP_R_TARGET, KP_SEV_ERROR, src, e->off, e->len,
		            "IN list of %u values; %s allows at most %d", e->n, ti->name, ti->max_in_list);
	walk_in_lists(e->a, ti, src, a, d);
	walk_in_lists(e->b, ti, src, a, d);
	walk_in_lists(e->c, ti, src, a, d);
	for (uint32_t i = 0; i < e->n; i++)
		walk_in_lists(e->list[i], ti, src, a, d);
}

void kp_advise_statement(kp_target target, const kp_stmt *s, const kp_plan *p, kp_source *src, kp_arena *a,
                         kp_diags *d)
{
	const target_info *ti = kpa_target(target);
	const kp_expr *where = NULL, *limit = NULL, *offset = NULL;
	const kp_list *order = NULL;
	if (s->kind == KP_S_SELECT) {
		where = s->u.select.where;
		limit = s->u.select.limit;
		offset = s->u.select.offset;
		order = &s->u.select.order;
	} else if (s->kind == KP_S_UPDATE || s->kind == KP_S_DELETE) {
		where = s->u.update.where;
		limit = s->u.update.limit;
		order = &s->u.update.order;
	} else {
		return;
	}
	if (ti->max_in_list && s->largest_in > (uint32_t)ti->max_in_list)
		walk_in_lists(where, ti, src, a, d);
	const kp_expr *nums[2] = {limit, offset};
	for (int i = 0; i < 2 && ti->max_limit; i++)
		if (nums[i] && nums[i]->kind == KP_X_INT && (nums[i]->overflow || nums[i]->ival > ti->max_limit))
			kp_diag_add(d, a, KP_R_TARGET, KP_SEV_ERROR, src, nums[i]->off, nums[i]->len,
			            "%s %.*s; %s allows at most %d", i ? "OFFSET" : "LIMIT",
			            (int)nums[i]->name.len, nums[i]->name.s, ti->name, ti->max_limit);
	/* Lindorm reads rows in key order and does not sort large results
	 * ("ORDER BY clause in Lindorm SQL"): an ORDER BY works when every key
	 * column before the ORDER BY column is bound by one equality, which is
	 * when the plan returns the order without a sort (a rejected full
	 * scan fails anyway: KP001 says so) */
	if (ti->order_in_key_order && order && order->n && p && p->access != KP_ACCESS_NONE && !p->rejected &&
	    p->order == KP_ORDER_SORT) {
		const kp_order_item *it = order->items[0];
		kp_diag_add(d, a, KP_R_TARGET, KP_SEV_ERROR, src, it->expr->off, it->expr->len,
		            "%s cannot serve this ORDER BY: it returns rows in key order without sorting them, so "
		            "every key column before an ORDER BY column must be bound by one equality (not a range, "
		            "IN or OR)", ti->name);
	}
}

/* An option list that sets IMMUTABLE_ROWS=true. */
static bool sets_immutable(const kp_list *opts)
{
	for (uint32_t i = 0; i < opts->n; i++) {
		const kp_option *o = opts->items[i];
		const kp_expr *v = o->value;
		if (o->family.s || !kp_name_eq(&o->key, "immutable_rows") || !v)
			continue;
		const char *s = v->kind == KP_X_STRING ? v->str : v->name.s;
		size_t n = v->kind == KP_X_STRING ? v->slen : v->name.len;
		return s && n == 4 && !strncasecmp(s, "true", 4);
	}
	return false;
}

/* Is column def c of a CREATE's element list in its primary key? */
static bool in_create_key(const kp_create_table *ct, const kp_coldef *c)
{
	if (c->primary_key)
		return true;
	for (uint32_t i = 0; i < ct->pk.n; i++) {
		const kp_keypart *k = ct->pk.items[i];
		if (k->col.s && kp_name_eqn(&k->col, &c->name))
			return true;
	}
	return false;
}

#define PHOENIX_1007                                                                                 \
	"Phoenix keeps a non-key column as a cell that may be absent, and refuses NOT NULL on it unless "  \
	"the table's rows are immutable: ERROR 1007 (42K01): A key/value column may not be declared as "  \
	"not null (MetaDataClient.createTableInternal, addColumn)"

static void not_null_error(const kp_coldef *c, const char *table, kp_source *src, kp_arena *a, kp_diags *d,
                           const char *target)
{
	kp_diag *g = kp_diag_add(d, a, KP_R_TARGET, KP_SEV_ERROR, src, c->off, c->name.srclen,
	                         "column '%.*s' of %s is declared NOT NULL outside the primary key; %s refuses it on "
	                         "a table whose rows are not IMMUTABLE_ROWS=true", (int)c->name.len, c->name.s, table,
	                         target);
	kp_diag_help(g, a, "drop NOT NULL (the application checks the value), make the column part of the primary "
	             "key, or declare the table IMMUTABLE_ROWS=true if its rows are never updated. " PHOENIX_1007);
}

/* The columns ALTER TABLE's ADD action al adds to table name */
static void check_added(const kp_alter *al, bool immutable, const char *name, const char *target, kp_source *src,
                        kp_arena *a, kp_diags *d)
{
	for (uint32_t i = 0; i < al->cols.n; i++) {
		const kp_coldef *c = al->cols.items[i];
		if (!c->not_null)
			continue;
		if (c->primary_key) {
			/* a key column added to an existing key must take NULL
			 * for the rows already there */
			kp_diag *g = kp_diag_add(d, a, KP_R_TARGET, KP_SEV_ERROR, src, c->off, c->name.srclen,
			                         "key column '%.*s' added to %s is declared NOT NULL; %s adds only "
			                         "nullable key columns to an existing key", (int)c->name.len, c->name.s,
			                         name, target);
			kp_diag_help(g, a, "drop NOT NULL: the rows already written have no value for it. Phoenix: "
			             "ERROR 1006 (42J04): Only nullable columns may be added to primary key");
		} else if (!immutable) {
			not_null_error(c, name, src, a, d, target);
		}
	}
}

void kp_check_target_ddl(kp_target target, const kp_catalog *cat, const kp_stmt *s, kp_source *src, kp_arena *a,
                         kp_diags *d)
{
	const target_info *ti = kpa_target(target);
	if (!ti->not_null_key_only)
		return;
	if (s->kind == KP_S_CREATE_TABLE || s->kind == KP_S_CREATE_VIEW) {
		const kp_create_table *ct = &s->u.create_table;
		bool immutable = ct->immutable || sets_immutable(&ct->options);
		if (s->kind == KP_S_CREATE_VIEW && ct->base.s) {
			/* a view's rows are its base table's */
			const kp_table *b = kp_catalog_find(cat, ct->base.s, ct->base.len);
			const char *o = b ? kp_table_option_get(b, "IMMUTABLE_ROWS") : NULL;
			immutable = immutable || (b && (b->immutable || (o && !strcasecmp(o, "true"))));
		}
		if (immutable)
			return;
		char *name = kp_arena_printf(a, "%.*s", (int)ct->name.len, ct->name.s);
		for (uint32_t i = 0; i < ct->cols.n; i++) {
			const kp_coldef *c = ct->cols.items[i];
			if (c->not_null && !in_create_key(ct, c))
				not_null_error(c, name, src, a, d, ti->name);
		}
		return;
	}
	if (s->kind != KP_S_ALTER_TABLE)
		return;
	const kp_alter *al = &s->u.alter;
	const kp_table *t = kp_catalog_find(cat, al->table.s, al->table.len);
	const char *o = t ? kp_table_option_get(t, "IMMUTABLE_ROWS") : NULL;
	bool immutable = t && (t->immutable || (o && !strcasecmp(o, "true")));
	char *name = kp_arena_printf(a, "%.*s", (int)al->table.len, al->table.s);
	if (al->action == KP_ALTER_ADD) {
		check_added(al, immutable || sets_immutable(&al->options), name, ti->name, src, a, d);
		return;
	}
	if (al->action != KP_ALTER_ACTIONS)
		return;
	/* MySQL's and PostgreSQL's ADD c1 ..., ADD c2 ..., SET ...: each
	 * action's columns, the list's options counted for all of them */
	for (uint32_t i = 0; i < al->more.n; i++) {
		const kp_stmt *m = al->more.items[i];
		if (m->kind == KP_S_ALTER_TABLE && (m->u.alter.action == KP_ALTER_ADD || m->u.alter.action == KP_ALTER_SET))
			immutable = immutable || sets_immutable(&m->u.alter.options);
	}
	for (uint32_t i = 0; i < al->more.n; i++) {
		const kp_stmt *m = al->more.items[i];
		if (m->kind == KP_S_ALTER_TABLE && m->u.alter.action == KP_ALTER_ADD)
			check_added(&m->u.alter, immutable, name, ti->name, src, a, d);
	}
}
