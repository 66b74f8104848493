/* Views (CREATE VIEW v AS SELECT * FROM t [WHERE ...]): a view is a table
 * that shares its parent's key, indexes and options, ANDs its WHERE into
 * every query on it, and may add columns, and in Phoenix key columns
 * after its parent's. */
#include "catalog/catalogInt.h"

#include <string.h>

/* Is c of a fixed width in Phoenix's row key (PDataType.isFixedWidth):
 * numbers but DECIMAL, dates and times, BOOLEAN, CHAR(n) and BINARY(n)? */
static bool fixed_width(const kp_column *c)
{
	static const char *const fixed[] = {"integer", "int", "bigint", "smallint", "tinyint", "float", "double",
	                                    "date", "time", "timestamp", "boolean", "unsigned_int", "unsigned_long",
	                                    "unsigned_smallint", "unsigned_tinyint", "unsigned_float",
	                                    "unsigned_double", "unsigned_date", "unsigned_time", "unsigned_timestamp",
	                                    NULL};
	if (c->is_array)
		return false;
	char l[32];
	size_t n = strlen(c->type_name);
	if (n >= sizeof l)
		return false;
	for (size_t i = 0; i <= n; i++)
		l[i] = (char)((c->type_name[i] >= 'A' && c->type_name[i] <= 'Z') ? c->type_name[i] - 'A' + 'a'
		                                                                   : c->type_name[i]);
	for (int i = 0; fixed[i]; i++)
		if (!strcmp(l, fixed[i]))
			return true;
	return (!strcmp(l, "char") || !strcmp(l, "binary")) && c->length > 0;
}

/* A view over a base table: the base's columns (same positions, so its key
 * and indexes carry over), then the view's own; its queries get the
 * view's WHERE (and its base view's) ANDed in. */
int kpc_create_view(kp_catalog *c, const kp_create_table *ct, kp_source *src,
                    kp_arena *a, kp_diags *d)
{
	const kp_table *base = kp_catalog_find(c, ct->base.s, ct->base.len);
	if (!base) {
		kp_diag *g = kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, ct->base.off, ct->base.srclen,
		                         "CREATE VIEW %.*s over unknown table '%.*s'", (int)ct->name.len, ct->name.s,
		                         (int)ct->base.len, ct->base.s);
		kp_catalog_note_hidden(c, g, ct->base.s, ct->base.len, a);
		return -1;
	}
	kp_table *t = kpc_new_table(c, ct, src);
	t->pk_off = base->pk_off;
	t->is_view = true;
	t->view_base = base->view_base ? base->view_base : base->name;
	t->view_parent = base->name;
	t->salt_buckets = base->salt_buckets;
	t->ncols = base->ncols + (int)ct->cols.n;
	t->cols = kp_arena_alloc(&c->arena, sizeof(kp_column) * (size_t)(t->ncols + 1));
	memcpy(t->cols, base->cols, sizeof(kp_column) * (size_t)base->ncols);
	int err = 0;
	for (uint32_t i = 0; i < ct->cols.n; i++) {
		const kp_coldef *cd = ct->cols.items[i];
		kp_column *col = &t->cols[base->ncols + (int)i];
		kpc_fill_column(c, col, cd, src, a, d);
		for (int j = 0; j < base->ncols + (int)i; j++)
			if (!t->cols[j].dropped && kpc_name_eq(t->cols[j].name, col->name, col->name_len)) {
				kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, cd->name.off, cd->name.srclen,
				            "column '%s' declared twice in view %s", col->name, t->name);
				err = -1;
			}
	}
	/* Phoenix lets a view add key columns after its parent's (ViewIT:
	 * CREATE VIEW v1 (v2 VARCHAR, k3 VARCHAR PRIMARY KEY) AS SELECT * FROM
	 * t1 WHERE k1 = 1), unless the parent's last key column is of variable
	 * length (MetaDataClient.throwIfLastPKOfParentIsVariableLength: its
	 * bytes run to the end of the row key) */
	kp_key added = {0};
	if (ct->has_pk && kpc_build_key(c, &added, t, &ct->pk, "primary key", src, a, d) < 0)
		err = -1;
	for (int i = 0; !err && i < added.n; i++)
		if (added.parts[i].col < base->ncols) {
			const kp_keypart *p = ct->pk.items[i];
			kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, p->off, p->len,
			            "view %s cannot change the primary key of %s: a view's key columns are new columns, "
			            "after those of %s", t->name, base->name, base->name);
			err = -1;
		}
	int nadd = added.n;
	for (uint32_t i = 0; i < ct->cols.n; i++)
		nadd += ((const kp_coldef *)ct->cols.items[i])->primary_key;
	const kp_column *last = base->pk.n ? &base->cols[base->pk.parts[base->pk.n - 1].col] : NULL;
	if (!err && nadd && (!last || base->pk.parts[base->pk.n - 1].col < 0 || !fixed_width(last))) {
		kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, ct->has_pk ? ct->pk_off : ct->name.off,
		            ct->has_pk ? 7 : ct->name.srclen,
		            "view %s cannot add key columns: the last key column%s%s of %s is of variable length "
		            "(Phoenix: \"Cannot modify the primary key of a VIEW if last PK column of parent is variable "
		            "length\")", t->name, last ? " " : "", last ? last->name : "", base->name);
		err = -1;
	}
	t->pk = base->pk;
	if (!err && nadd) {
		t->pk.n = base->pk.n + nadd;
		t->pk.parts = kp_arena_alloc(&c->arena, sizeof(kp_key_part) * (size_t)(t->pk.n + 1));
		memcpy(t->pk.parts, base->pk.parts, sizeof(kp_key_part) * (size_t)base->pk.n);
		int k = base->pk.n;
		for (uint32_t i = 0; i < ct->cols.n; i++) {
			const kp_coldef *cd = ct->cols.items[i];
			if (!cd->primary_key)
				continue;
			t->pk.parts[k].col = base->ncols + (int)i;
			t->pk.parts[k++].desc = cd->pk_desc;
		}
		for (int i = 0; i < added.n; i++)
			t->pk.parts[k++] = added.parts[i];
		for (int i = base->pk.n; i < t->pk.n; i++)
			t->cols[t->pk.parts[i].col].key_pos = i;
	}
	if (ct->view_where && kpc_check_expr_cols(t, ct->view_where, "WHERE of view", src, a, d) < 0)
		err = -1;
	if (!err && kpc_tenant_view(c, t, base, ct->view_where, src, a, d) < 0)
		err = -1;
	if (err)
		return -1;
	t->nview_where = base->nview_where + (ct->view_where ? 1 : 0);
	t->view_where = kp_arena_alloc(&c->arena, sizeof(kp_expr *) * (size_t)(t->nview_where + 1));
	for (int i = 0; i < base->nview_where; i++)
		t->view_where[i] = base->view_where[i];
	if (ct->view_where)
		t->view_where[base->nview_where] = kp_expr_copy(&c->arena, ct->view_where);
	t->view_unsupported = base->view_unsupported;
	t->view_unsupported_off = base->view_unsupported_off;
	if (ct->view_unsupported) {
		t->view_unsupported = ct->view_unsupported;
		t->view_unsupported_off = ct->view_unsupported_off;
	}
	/* the base's options, then the view's own */
	t->nopts = base->nopts;
	t->opts = base->opts;
	kpc_set_options(c, t, &ct->options);
	/* the base's indexes serve the view too: their covers grow to the
	 * view's columns (its own columns are not in them) */
	for (int i = 0; i < base->nindexes; i++) {
		kp_index *ix = kp_arena_alloc(&c->arena, sizeof(*ix));
		*ix = *base->indexes[i];
		ix->table = t;
		ix->covers = kp_arena_alloc(&c->arena, sizeof(bool) * (size_t)(t->ncols + 1));
		memcpy(ix->covers, base->indexes[i]->covers, sizeof(bool) * (size_t)base->ncols);
		t->indexes = kp_arena_grow(&c->arena, t->indexes, (size_t)t->nindexes,
		                           (size_t)t->nindexes + 1, sizeof(*t->indexes));
		t->indexes[t->nindexes++] = ix;
	}
	kpc_count_families(t, a);
	kpc_register_table(c, t);
	return 0;
}


/* An index made on t (a table or a view) after views over it: each view
 * over t, and each view over those, reads it too, as CREATE VIEW gives a
 * view the indexes its parent has. Phoenix resolves a view with its
 * parent's indexes whenever they were made (ViewUtil.addIndexesFromParent),
 * so an index created after the view serves the view's reads. */
void kpc_views_inherit_index(kp_catalog *c, const kp_table *t, const kp_index *from)
{
	for (int i = 0; i < c->ntables; i++) {
		kp_table *v = c->tables[i];
		if (v == t || v->dropped || !v->is_view || !v->view_parent ||
		    !kpc_name_eq(v->view_parent, t->name, t->name_len) ||
		    kp_table_index(v, from->name, (uint32_t)strlen(from->name)))
			continue;
		kp_index *ix = kp_arena_alloc(&c->arena, sizeof(*ix));
		*ix = *from;
		ix->table = v;
		ix->covers = kp_arena_alloc(&c->arena, sizeof(bool) * (size_t)(v->ncols + 1));
		memcpy(ix->covers, from->covers, sizeof(bool) * (size_t)(t->ncols < v->ncols ? t->ncols : v->ncols));
		v->indexes = kp_arena_grow(&c->arena, v->indexes, (size_t)v->nindexes, (size_t)v->nindexes + 1,
		                           sizeof(*v->indexes));
		v->indexes[v->nindexes++] = ix;
		kpc_views_inherit_index(c, v, ix);
	}
}

/* DROP INDEX on t: the views that inherited it lose it too. */
void kpc_views_drop_index(kp_catalog *c, const kp_table *t, const char *name)
{
	for (int i = 0; i < c->ntables; i++) {
		kp_table *v = c->tables[i];
		if (v == t || v->dropped || !v->is_view || !v->view_parent ||
		    !kpc_name_eq(v->view_parent, t->name, t->name_len))
			continue;
		for (int j = 0; j < v->nindexes; j++)
			if (!strcmp(v->indexes[j]->name, name)) {
				memmove(&v->indexes[j], &v->indexes[j + 1], sizeof(*v->indexes) * (size_t)(v->nindexes - j - 1));
				v->nindexes--;
				kpc_views_drop_index(c, v, name);
				break;
			}
	}
}
