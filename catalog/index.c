/* Indexes: CREATE INDEX and the index clauses of CREATE TABLE, the row key
 * an index row ends with, ALTER INDEX, and an index named but not there. */
#include "catalog/catalog.h"
#include "catalog/catalogInt.h"

#include <stdlib.h>
#include <string.h>

/* An index of a method that orders no rows by its key (PostgreSQL's GIN,
 * GiST, SP-GiST, BRIN, bloom and any method but btree and hash after ON t
 * USING, e.g. an extension's; MySQL's RTREE and FULLTEXT): a range of
 * its key is no range of rows, so no plan reads through it. It is read,
 * said once (KP012, info) and left out of the catalog, not refused. */
bool kpc_unordered_index(const kp_indexdef *def, kp_source *src, kp_arena *a, kp_diags *d)
{
	static const char *const methods[] = {"gin", "gist", "spgist", "brin", "bloom", "rtree", "fulltext"};
	if (!def->using.s)
		return false;
	bool ordered = kp_name_eq(&def->using, "btree") || kp_name_eq(&def->using, "hash");
	for (size_t i = 0; i < sizeof methods / sizeof *methods; i++)
		if (kp_name_eq(&def->using, methods[i]) || (def->pg_method && !ordered && i == 0)) {
			kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_INFO, src, def->using.off, def->using.srclen,
			            "a %.*s index orders no rows by its key: keyplan plans no read through it",
			            (int)def->using.srclen, src->text + def->using.off);
			return true;
		}
	return false;
}

/* The index row ends with the table's row key: its columns the index does
 * not hold, and its hash parts, which are bytes of that row key (not
 * columns) and order it before the columns after them. The primary key's
 * columns keep their order in the index row key (Phoenix's
 * QueryOptimizerTest: with PRIMARY KEY (k DESC), an index on (v1) serves
 * ORDER BY v1, k DESC and not ORDER BY v1, k). */
void kp_index_end_row_key(kp_index *ix, const kp_table *t)
{
	for (int i = 0; i < t->pk.n; i++) {
		const kp_key_part *p = &t->pk.parts[i];
		if (p->col < 0 && p->nhash > 0) {
			ix->key.parts[ix->key.n++] = *p;
			continue;
		}
		if (p->col < 0 || ix->covers[p->col])
			continue;
		ix->key.parts[ix->key.n++] = *p;
		ix->covers[p->col] = true;
	}
}

kp_index *kpc_add_index(kp_catalog *c, kp_table *t, const kp_indexdef *def,
                           kp_source *src, kp_arena *a, kp_diags *d)
{
	kp_index *ix = kp_arena_alloc(&c->arena, sizeof(*ix));
	ix->table = t;
	ix->unique = def->unique;
	ix->src = src;
	ix->off = def->off;
	ix->using = def->using.s ? kpc_cat_name(c, &def->using) : NULL;
	ix->kv = !def->using.s || kp_name_eq(&def->using, "kv") || kp_name_eq(&def->using, "btree") ||
	         kp_name_eq(&def->using, "hash");
	ix->search = def->using.s && kp_name_eq(&def->using, "search");
	ix->columnar = def->using.s && kp_name_eq(&def->using, "columnar");
	ix->local = def->local;
	ix->uncovered = def->uncovered;
	for (uint32_t i = 0; i < def->options.n; i++) {
		const kp_option *op = def->options.items[i];
		if (!op->family.s && kp_name_eq(&op->key, "salt_buckets") && op->value && op->value->kind == KP_X_INT &&
		    !op->value->overflow && op->value->ival > 0 && op->value->ival <= 256)
			ix->salt_buckets = (int)op->value->ival;
	}
	if (def->using.s && !ix->kv && !ix->search && !ix->columnar) {
		kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, def->using.off, def->using.srclen,
		            "unknown index type '%.*s': expected KV, SEARCH or COLUMNAR",
		            (int)def->using.len, def->using.s);
		return NULL;
	}
	if (def->name.s) {
		ix->name = kpc_cat_name(c, &def->name);
	} else {
		const kp_keypart *p0 = def->parts.n ? def->parts.items[0] : NULL;
		ix->name = kp_arena_printf(&c->arena, "%s_%.*s_idx%d", t->name,
		                           p0 ? (int)p0->col.len : 0, p0 ? p0->col.s : "", t->nindexes + 1);
	}
	if (def->all_columns && !ix->columnar && !ix->search) {
		kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, def->off, 1,
		            "only a COLUMNAR or SEARCH index may index every column (*)");
		return NULL;
	}
	kp_key user;
	if (kpc_build_key(c, &user, t, &def->parts, "index", src, a, d) < 0)
		return NULL;
	if (def->where) {
		if (kpc_check_expr_cols(t, def->where, "WHERE of index", src, a, d) < 0)
			return NULL;
		ix->where = kp_expr_copy(&c->arena, def->where);
	}
	for (int i = 0; i < user.n; i++) {
		if (user.parts[i].expr) {
			ix->has_expr = true;
			if (!ix->kv) {
				const kp_keypart *p = def->parts.items[i];
				kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, p->off, p->len,
				            "a %s index indexes columns, not expressions", ix->using);
				return NULL;
			}
		}
		const kp_expr *x = user.parts[i].expr;
		if (user.parts[i].col < 0 && (!x || (x->kind == KP_X_FUNC && kpc_hash_bits(&x->name)))) {
			const kp_keypart *p = def->parts.items[i];
			kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, p->off, p->len,
			            "a secondary index cannot have a hash part");
			return NULL;
		}
	}
	/* Phoenix leads an index of a MULTI_TENANT table with the tenant column
	 * ("Add tenant ID column as first column in index", MetaDataClient's
	 * createIndex), before the columns named, so that each tenant's index
	 * rows stay under its own prefix; an index that names it keeps it where
	 * it is written. */
	int tc = ix->kv && !def->all_columns ? kp_table_tenant_col(t) : -1;
	ix->tenant_lead = tc >= 0 && !kpc_key_uses(&user, user.n, tc);
	ix->nuser = user.n + ix->tenant_lead;
	ix->covers = kp_arena_alloc(&c->arena, sizeof(bool) * (size_t)(t->ncols + 1));
	ix->key.parts = kp_arena_alloc(&c->arena, sizeof(kp_key_part) * (size_t)(user.n + t->pk.n + 2));
	if (ix->tenant_lead) {
		for (int i = 0; i < t->pk.n; i++)
			if (t->pk.parts[i].col == tc)
				ix->key.parts[ix->key.n++] = t->pk.parts[i];
		ix->covers[tc] = true;
	}
	for (int i = 0; i < user.n; i++) {
		ix->key.parts[ix->key.n++] = user.parts[i];
		if (user.parts[i].col >= 0)
			ix->covers[user.parts[i].col] = true;
	}
	ix->all_columns = def->all_columns;
	if (def->all_columns)
		for (int i = 0; i < t->ncols; i++)
			ix->covers[i] = true;
	kp_index_end_row_key(ix, t);
	for (uint32_t i = 0; i < def->include.n; i++) {
		const kp_name *n = def->include.items[i];
		int ci = kp_table_column(t, n->s, n->len);
		if (ci < 0) {
			kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, n->off, n->srclen,
			            "INCLUDE of index %s names unknown column '%.*s'", ix->name,
			            (int)n->len, n->s);
			return NULL;
		}
		ix->covers[ci] = true;
	}
	if (kp_table_index(t, ix->name, (uint32_t)strlen(ix->name))) {
		kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, def->name.off, def->name.srclen,
		            "index '%s' already exists on %s", ix->name, t->name);
		return NULL;
	}
	t->indexes = kp_arena_grow(&c->arena, t->indexes, (size_t)t->nindexes,
	                           (size_t)t->nindexes + 1, sizeof(*t->indexes));
	t->indexes[t->nindexes++] = ix;
	return ix;
}

/* DROP INDEX / ALTER INDEX naming an index that is not there: "no such
 * table" when the ON table is missing too, else "no such index". */
int kpc_no_such_index(const kp_catalog *c, const kp_name *index, const kp_name *table,
                         kp_source *src, kp_arena *a, kp_diags *d)
{
	if (table->s && !kp_catalog_find(c, table->s, table->len)) {
		kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, table->off, table->srclen,
		            "no such table: %.*s", (int)table->len, table->s);
		return -1;
	}
	kp_diag_add(d, a, KP_R_UNKNOWN_INDEX, KP_SEV_ERROR, src, index->off, index->srclen,
	            "no such index: %.*s%s%.*s", (int)index->len, index->s, table->s ? " on " : "",
	            (int)table->len, table->s ? table->s : "");
	return -1;
}

/* Lindorm's ALTER INDEX ... ADD COLUMNS (c, ...): the index's own
 * columns grow (before the primary-key columns it carries). */
static int add_index_columns(kp_catalog *c, kp_table *t, kp_index *ix, const kp_list *add, kp_source *src,
                             kp_arena *a, kp_diags *d)
{
	if (!add->n)
		return 0;
	kp_key more;
	if (kpc_build_key(c, &more, t, add, "index", src, a, d) < 0)
		return -1;
	kp_key_part *parts = kp_arena_alloc(&c->arena, sizeof(kp_key_part) * (size_t)(ix->key.n + more.n + 1));
	int n = 0;
	for (int i = 0; i < ix->nuser; i++)
		parts[n++] = ix->key.parts[i];
	for (int i = 0; i < more.n; i++) {
		const kp_keypart *p = add->items[i];
		if (more.parts[i].col < 0) {
			kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, p->off, p->len,
			            "ADD COLUMNS of index %s takes columns, not expressions", ix->name);
			return -1;
		}
		if (kpc_key_uses(&ix->key, ix->key.n, more.parts[i].col))
			continue;   /* already held (a key column, or added before) */
		parts[n++] = more.parts[i];
		ix->covers[more.parts[i].col] = true;
	}
	int nuser = n;
	for (int i = ix->nuser; i < ix->key.n; i++)
		parts[n++] = ix->key.parts[i];
	ix->key.parts = parts;
	ix->key.n = n;
	ix->nuser = nuser;
	return 0;
}

/* ALTER INDEX: DISABLE and UNUSABLE take the index out of planning,
 * USABLE, ACTIVE and REBUILD put it back. */
/* Index ix of t takes the name to (MySQL's RENAME {INDEX | KEY}, whose
 * names are the table's; PostgreSQL's ALTER INDEX ... RENAME TO, whose
 * names are the schema's: every table's, with schema_wide); the views over
 * t take it too. KP013 when the name is taken. */
int kpc_rename_index(kp_catalog *c, kp_table *t, kp_index *ix, const kp_name *to, bool schema_wide, kp_source *src,
                     kp_arena *a, kp_diags *d)
{
	for (int i = 0; i < c->ntables; i++) {
		const kp_table *u = c->tables[i];
		if (u->dropped || (u != t && !schema_wide))
			continue;
		const kp_index *same = kp_table_index(u, to->s, to->len);
		if (same && same != ix && !same->inherited) {
			kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, to->off, to->srclen,
			            "index '%s' already exists on %s", same->name, u->name);
			return -1;
		}
	}
	ix->name = kpc_cat_name(c, to);
	kpc_views_inherit(c, t);
	return 0;
}

int kpc_alter_index(kp_catalog *c, const kp_alter_index *ai, kp_source *src, kp_arena *a, kp_diags *d)
{
	for (int i = 0; i < c->ntables; i++) {
		kp_table *t = c->tables[i];
		if (t->dropped || (ai->table.s && !kpc_name_eq(t->name, ai->table.s, ai->table.len)))
			continue;
		kp_index *ix = kp_table_index(t, ai->index.s, ai->index.len);
		if (ix && !ix->inherited) {   /* a view's copy is altered at its table */
			if (ai->rename_to.s)
				return kpc_rename_index(c, t, ix, &ai->rename_to, true, src, a, d);
			if (ai->verb.s)
				ix->state = ai->state;
			int rc = add_index_columns(c, t, ix, &ai->add, src, a, d);
			kpc_views_inherit(c, t);
			return rc;
		}
	}
	if (ai->if_exists)
		return 0;
	return kpc_no_such_index(c, &ai->index, &ai->table, src, a, d);
}
