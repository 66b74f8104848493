/* ALTER TABLE and ALTER VIEW: columns added and dropped, options set, and
 * the primary key of a table that has none. */
#include "catalog/catalog.h"
#include "catalog/catalogInt.h"

#include <string.h>
#include <strings.h>

/* Grows t's columns by one (and every index's covers with them). */
static kp_column *add_column(kp_catalog *c, kp_table *t)
{
	kp_column *cols = kp_arena_alloc(&c->arena, sizeof(kp_column) * (size_t)(t->ncols + 2));
	memcpy(cols, t->cols, sizeof(kp_column) * (size_t)t->ncols);
	t->cols = cols;
	for (int i = 0; i < t->nindexes; i++) {
		bool *cv = kp_arena_alloc(&c->arena, sizeof(bool) * (size_t)(t->ncols + 2));
		memcpy(cv, t->indexes[i]->covers, sizeof(bool) * (size_t)t->ncols);
		if (t->indexes[i]->columnar)
			cv[t->ncols] = true;   /* ON t (*): every column, new ones too */
		t->indexes[i]->covers = cv;
	}
	return &t->cols[t->ncols++];
}

/* The index row of ix ends with t's new row key, as add_index builds it at
 * CREATE INDEX: the key's hash parts, and its columns the index's own
 * parts do not hold (an index of every column holds them all). */
static void append_key(kp_catalog *c, const kp_table *t, kp_index *ix)
{
	kp_key_part *parts = kp_arena_alloc(&c->arena, sizeof(kp_key_part) * (size_t)(ix->key.n + t->pk.n + 1));
	memcpy(parts, ix->key.parts, sizeof(kp_key_part) * (size_t)ix->key.n);
	ix->key.parts = parts;
	for (int i = 0; i < t->pk.n; i++) {
		const kp_key_part *p = &t->pk.parts[i];
		if (p->col < 0 && p->nhash > 0) {
			ix->key.parts[ix->key.n++] = *p;
			continue;
		}
		if (p->col < 0 || ix->all_columns || kpc_key_uses(&ix->key, ix->nuser, p->col))
			continue;
		ix->key.parts[ix->key.n++] = *p;
		ix->covers[p->col] = true;
	}
}

/* ALTER TABLE t ADD [CONSTRAINT n] PRIMARY KEY (...): the key of a heap
 * table (generic reads a table without one), as if its CREATE TABLE had
 * declared it. PostgreSQL and MySQL refuse a second key; the wide-column
 * targets' ALTER TABLE has no such clause (advisor/dialect.c reports the
 * form, KP012), and their tables have a key from CREATE: left as it is. */
static int add_primary_key(kp_catalog *c, kp_table *t, const kp_alter *al, kp_source *src, kp_arena *a,
                           kp_diags *d)
{
	if (!c->heap_tables)
		return 0;
	if (t->is_view) {
		kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, al->key_off, 7,
		            "cannot add a primary key to view %s: a view has its table's key", t->name);
		return -1;
	}
	if (t->pk.n > 0) {
		kp_buf b = {0};
		for (int i = 0; i < t->pk.n; i++) {
			if (i)
				kp_buf_puts(&b, ", ");
			kp_key_part_name(&b, t, &t->pk.parts[i]);
		}
		kp_diag *g = kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, al->key_off, 7,
		                         "%s already has a primary key (%s); a table has one", t->name, b.data);
		kp_buf_free(&b);
		kp_diag_help(g, a, "PostgreSQL: ERROR: multiple primary keys for table \"%s\" are not allowed; "
		             "MySQL: ERROR 1068 (42000): Multiple primary key defined", t->name);
		return -1;
	}
	kp_key key;
	if (kpc_build_key(c, &key, t, &al->key, "primary key", src, a, d) < 0)
		return -1;
	t->pk = key;
	t->pk_off = al->key_off;
	for (int i = 0; i < t->pk.n; i++)
		if (t->pk.parts[i].col >= 0)
			t->cols[t->pk.parts[i].col].key_pos = i;
	for (int i = 0; i < t->nindexes; i++)
		append_key(c, t, t->indexes[i]);
	return 0;
}

/* ALTER TABLE / VIEW: ADD columns (a Phoenix PRIMARY KEY column extends the
 * key), DROP COLUMN (an index keyed on it is dropped, as Phoenix does), SET
 * options. */
int kpc_alter_table(kp_catalog *c, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d)
{
	if (al->action == KP_ALTER_RENAME_TABLES)
		return kpc_rename_tables(c, al, src, a, d);
	kp_table *t = kp_catalog_find(c, al->table.s, al->table.len);
	if (!t) {
		kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, al->table.off, al->table.srclen,
		            "ALTER %s on unknown %s '%.*s'", al->is_view ? "VIEW" : "TABLE",
		            al->is_view ? "view" : "table", (int)al->table.len, al->table.s);
		return -1;
	}
	/* ALTER VIEW that names a table is refused, as DROP VIEW is (ALTER
	 * TABLE on a view is left alone: Phoenix's ALTER TABLE alters views) */
	if (al->is_view && !t->is_view) {
		kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, al->table.off, al->table.srclen,
		            "%s is a table: alter it with ALTER TABLE", t->name);
		return -1;
	}
	if (al->action == KP_ALTER_PRIMARY_KEY)
		return add_primary_key(c, t, al, src, a, d);
	if (al->action == KP_ALTER_MODIFY)
		return kpc_alter_modify(c, t, al, src, a, d);
	if (al->action == KP_ALTER_ACTIONS)
		return kpc_alter_actions(c, t, al, src, a, d);
	if (al->action == KP_ALTER_RENAME_COLUMN)
		return kpc_alter_rename(c, t, al, src, a, d);
	if (al->action == KP_ALTER_DROP_PRIMARY_KEY)
		return kpc_alter_drop_key(c, t, al, src, a, d);
	if (al->action == KP_ALTER_RENAME_TABLE)
		return kpc_alter_rename_table(c, t, al, src, a, d);
	if (al->action == KP_ALTER_RENAME_INDEX) {
		kp_index *ix = kp_table_index(t, al->old.s, al->old.len);
		if (!ix || ix->inherited)
			return kpc_no_such_index(c, &al->old, &al->table, src, a, d);
		return kpc_rename_index(c, t, ix, &al->to, false, src, a, d);
	}
	if (al->action == KP_ALTER_NONE)
		return 0;
	int err = 0;
	if (al->action == KP_ALTER_ADD) {
		for (uint32_t i = 0; i < al->cols.n; i++) {
			const kp_coldef *cd = al->cols.items[i];
			kp_column tmp;
			memset(&tmp, 0, sizeof tmp);
			kpc_fill_column(c, &tmp, cd, src, a, d);
			kp_name fam = {tmp.family, tmp.family ? (uint32_t)strlen(tmp.family) : 0, 0, 0, false};
			kp_name nm = {tmp.name, tmp.name_len, 0, tmp.name_len, false};
			int same = tmp.family ? kp_table_column_in(t, &fam, &nm) : kp_table_column(t, tmp.name, tmp.name_len);
			if (same >= 0 && (tmp.family || !t->cols[same].family)) {
				if (al->if_flag)
					continue;
				kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, cd->name.off, cd->name.srclen,
				            "column '%s' already exists in %s", tmp.name, t->name);
				err = -1;
				continue;
			}
			kp_column *col = add_column(c, t);
			*col = tmp;
			if (cd->primary_key) {
				kp_key_part *parts = kp_arena_alloc(&c->arena, sizeof(kp_key_part) * (size_t)(t->pk.n + 2));
				if (t->pk.n)   /* a table without a key (generic) has no parts to copy */
					memcpy(parts, t->pk.parts, sizeof(kp_key_part) * (size_t)t->pk.n);
				parts[t->pk.n].col = t->ncols - 1;
				parts[t->pk.n].desc = cd->pk_desc;
				col->key_pos = t->pk.n;
				t->pk.parts = parts;
				t->pk.n++;
			}
		}
		kpc_count_families(t, a);
	} else if (al->action == KP_ALTER_DROP) {
		for (uint32_t i = 0; i < al->cols.n; i++) {
			const kp_coldef *cd = al->cols.items[i];
			int ci = kp_table_column(t, cd->name.s, cd->name.len);
			if (ci < 0) {
				if (al->if_flag)
					continue;
				kp_diag_add(d, a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, src, cd->name.off, cd->name.srclen,
				            "unknown column '%.*s' in %s", (int)cd->name.len, cd->name.s, t->name);
				err = -1;
				continue;
			}
			if (t->cols[ci].key_pos >= 0) {
				kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, cd->name.off, cd->name.srclen,
				            "cannot drop '%s': it is a primary key column of %s", t->cols[ci].name, t->name);
				err = -1;
				continue;
			}
			t->cols[ci].dropped = true;
			for (int j = 0; j < t->nindexes; j++) {
				kp_index *ix = t->indexes[j];
				if (kpc_key_uses(&ix->key, ix->nuser, ci)) {
					memmove(&t->indexes[j], &t->indexes[j + 1], sizeof(*t->indexes) * (size_t)(t->nindexes - j - 1));
					t->nindexes--;
					j--;
				} else {
					ix->covers[ci] = false;
				}
			}
		}
		kpc_count_families(t, a);
	}
	if (al->action == KP_ALTER_ADD)
		kpc_hash_columns(c, t);   /* add_column moved the columns */
	const char *mt = kp_table_option_get(t, "MULTI_TENANT");
	bool was_mt = mt && !strcasecmp(mt, "true");
	kp_table_option *old_opts = t->opts;
	int nold = t->nopts;
	kpc_set_options(c, t, &al->options);
	if (c->names == KP_NAMES_UPPER &&
	    kpc_alter_multi_tenant(c, t, was_mt, old_opts, nold, &al->options, src, a, d) < 0)
		return -1;
	return err;
}
