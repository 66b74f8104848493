/* ALTER TABLE and ALTER VIEW: columns added and dropped, options set. */
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

/* ALTER TABLE / VIEW: ADD columns (a Phoenix PRIMARY KEY column extends the
 * key), DROP COLUMN (an index keyed on it is dropped, as Phoenix does), SET
 * options. */
int kpc_alter_table(kp_catalog *c, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d)
{
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
