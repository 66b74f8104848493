/* ALTER TABLE's other actions: a column's type and name changed (MySQL's
 * MODIFY and CHANGE, PostgreSQL's ALTER COLUMN ... TYPE, RENAME COLUMN),
 * the table renamed (RENAME TO; MySQL's RENAME TABLE, several at once),
 * its key dropped (MySQL's DROP PRIMARY KEY), and MySQL's list of actions
 * in one statement, applied in order, all or none. */
#include "catalog/catalog.h"
#include "catalog/catalogInt.h"

#include <string.h>

/* MODIFY [COLUMN] coldef, CHANGE [COLUMN] old coldef, ALTER [COLUMN] c
 * [SET DATA] TYPE t: the column keeps its place, its key position and its
 * family; its type (and, for MODIFY and CHANGE, its name and attributes)
 * are the new definition's, as MySQL redefines it (MySQL 8.0, 15.1.9,
 * CHANGE, MODIFY, RENAME COLUMN). */
int kpc_alter_modify(kp_catalog *c, kp_table *t, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d)
{
	const kp_coldef *cd = al->cols.items[0];
	int ci = kp_table_column(t, al->old.s, al->old.len);
	if (ci < 0) {
		kp_diag_add(d, a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, src, al->old.off, al->old.srclen,
		            "unknown column '%.*s' in %s", (int)al->old.len, al->old.s, t->name);
		return -1;
	}
	int same = kp_table_column(t, cd->name.s, cd->name.len);
	if (same >= 0 && same != ci) {
		kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, cd->name.off, cd->name.srclen,
		            "column '%.*s' already exists in %s", (int)cd->name.len, cd->name.s, t->name);
		return -1;
	}
	kp_column nc;
	memset(&nc, 0, sizeof nc);
	kpc_fill_column(c, &nc, cd, src, a, d);
	kp_column *col = &t->cols[ci];
	col->type_name = nc.type_name;
	col->tclass = nc.tclass;
	col->length = nc.length;
	col->scale = nc.scale;
	col->is_unsigned = nc.is_unsigned;
	col->is_array = nc.is_array;
	if (!al->type_only) {
		col->name = nc.name;
		col->name_len = nc.name_len;
		col->not_null = nc.not_null || col->key_pos >= 0;
		col->auto_increment = nc.auto_increment;
		col->dflt = nc.dflt;
		col->src = nc.src;
		col->off = nc.off;
		col->stmt_off = nc.stmt_off;
		kpc_hash_columns(c, t);
	}
	return 0;
}

/* RENAME [COLUMN] old TO new (MySQL 8.0, 15.1.9, RENAME COLUMN; PostgreSQL,
 * ALTER TABLE ... RENAME): the column keeps its place, type, key position
 * and indexes; later statements name it by its new name. */
int kpc_alter_rename(kp_catalog *c, kp_table *t, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d)
{
	int ci = kp_table_column(t, al->old.s, al->old.len);
	if (ci < 0) {
		kp_diag_add(d, a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, src, al->old.off, al->old.srclen,
		            "unknown column '%.*s' in %s", (int)al->old.len, al->old.s, t->name);
		return -1;
	}
	int same = kp_table_column(t, al->to.s, al->to.len);
	if (same >= 0 && same != ci) {
		kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, al->to.off, al->to.srclen,
		            "column '%.*s' already exists in %s", (int)al->to.len, al->to.s, t->name);
		return -1;
	}
	kp_column *col = &t->cols[ci];
	col->name = kpc_cat_name(c, &al->to);
	col->name_len = al->to.len;
	kpc_hash_columns(c, t);
	return 0;
}

/* The table t named name (held in the catalog's arena): the views over it
 * select from it by that name. */
static void set_table_name(kp_catalog *c, kp_table *t, char *name)
{
	const char *old = t->name;
	uint32_t oldlen = t->name_len;
	t->name = name;
	t->name_len = (uint32_t)strlen(name);
	for (int i = 0; i < c->ntables; i++) {
		kp_table *v = c->tables[i];
		if (!v->dropped && v->view_parent && kpc_name_eq(old, v->view_parent, (uint32_t)strlen(v->view_parent)) &&
		    strlen(v->view_parent) == oldlen)
			v->view_parent = t->name;
	}
	kpc_hash_rebuild(c, c->hashcap);
}

/* RENAME [TO | AS] new (MySQL 8.0, 15.1.9; PostgreSQL, ALTER TABLE ...
 * RENAME TO): the table, its columns, key and indexes under the new name;
 * the views over it select from it by that name. */
int kpc_alter_rename_table(kp_catalog *c, kp_table *t, const kp_alter *al, kp_source *src, kp_arena *a,
                           kp_diags *d)
{
	const kp_table *other = kp_catalog_find(c, al->to.s, al->to.len);
	if (other && other != t) {
		kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, al->to.off, al->to.srclen,
		            "table '%s' already exists", other->name);
		return -1;
	}
	char *was = t->name;
	set_table_name(c, t, kpc_cat_name(c, &al->to));
	kpc_note_renamed(c, was, t->name, src, al->table.off);
	return 0;
}

/* RENAME TABLE a TO b, c TO d, ... (MySQL 8.0, 15.1.36 RENAME TABLE): the
 * renames left to right, each seeing the names the ones before it left (a
 * TO t, b TO a, t TO b swaps a and b); MySQL applies all or none, so after
 * one that fails, those before it are undone, last first. */
int kpc_rename_tables(kp_catalog *c, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d)
{
	kp_table **done = kp_arena_alloc(a, sizeof *done * (al->more.n + 1));
	char **was = kp_arena_alloc(a, sizeof *was * (al->more.n + 1));
	for (uint32_t i = 0; i < al->more.n; i++) {
		const kp_alter *x = &((const kp_stmt *)al->more.items[i])->u.alter;
		kp_table *t = kp_catalog_find(c, x->table.s, x->table.len);
		const kp_table *taken = t ? kp_catalog_find(c, x->to.s, x->to.len) : NULL;
		kp_diag *g = NULL;
		if (!t)
			g = kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, x->table.off, x->table.srclen,
			                "RENAME TABLE of unknown table '%.*s'", (int)x->table.len, x->table.s);
		else if (taken)
			g = kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, x->to.off, x->to.srclen,
			                "table '%s' already exists", taken->name);
		if (g) {
			if (al->more.n > 1)
				kp_diag_help(g, a, "MySQL applies all of a RENAME TABLE's renames or none: none is applied "
				                   "(rename %u of %u fails)", i + 1, al->more.n);
			while (i-- > 0)
				set_table_name(c, done[i], was[i]);
			return -1;
		}
		done[i] = t;
		was[i] = t->name;
		set_table_name(c, t, kpc_cat_name(c, &x->to));
	}
	for (uint32_t i = 0; i < al->more.n; i++) {
		const kp_alter *x = &((const kp_stmt *)al->more.items[i])->u.alter;
		kpc_note_renamed(c, was[i], done[i]->name, src, x->table.off);
	}
	return 0;
}

/* DROP PRIMARY KEY (MySQL 8.0, 15.1.9): the table keeps its rows in no key
 * order (a heap, as generic reads a table declared without a key) until an
 * ADD PRIMARY KEY, usually the next action, declares another; its indexes
 * end with no row key. The wide-column targets' ALTER TABLE has no such
 * clause (advisor/dialect.c reports the form, KP012): their tables keep
 * the key their CREATE declared. */
int kpc_alter_drop_key(kp_catalog *c, kp_table *t, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d)
{
	if (!c->heap_tables)
		return 0;
	if (t->is_view || t->pk.n == 0) {
		kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, al->kw_off, 7,
		            t->is_view ? "cannot drop the primary key of view %s: a view has its table's key"
		                       : "%s has no primary key to drop", t->name);
		return -1;
	}
	for (int i = 0; i < t->pk.n; i++)
		if (t->pk.parts[i].col >= 0)
			t->cols[t->pk.parts[i].col].key_pos = -1;
	t->pk.n = 0;
	for (int i = 0; i < t->nindexes; i++)
		t->indexes[i]->key.n = t->indexes[i]->nuser;
	return 0;
}

/* The names an action list sees, as each action leaves them: what the
 * table holds before it, then each action's adds and drops in order. */
typedef struct names {
	struct change {
		const kp_name *name;
		bool index;     /* an index's name, else a column's */
		bool added;     /* added, else dropped */
	} *log;             /* in the order of the actions */
	uint32_t nlog;
} names;

/* Is column (index: index) x there after the actions seen so far? */
static bool present(const kp_table *t, const names *s, const kp_name *x, bool index)
{
	/* the latest of an add and a drop of x decides */
	for (uint32_t i = s->nlog; i-- > 0;)
		if (s->log[i].index == index && kp_name_eqn(s->log[i].name, x))
			return s->log[i].added;
	if (index)
		return kp_table_index(t, x->s, x->len) != NULL;
	return kp_table_column(t, x->s, x->len) >= 0;
}

static void note(names *s, const kp_name *x, bool index, bool added)
{
	s->log[s->nlog].name = x;
	s->log[s->nlog].index = index;
	s->log[s->nlog++].added = added;
}

enum fault { F_NONE, F_UNKNOWN_COLUMN, F_DUP_COLUMN, F_KEY_COLUMN, F_DUP_INDEX, F_UNKNOWN_INDEX, F_SECOND_KEY,
             F_NO_KEY, F_DUP_TABLE };

/* Every fault's message ends so: which action failed, and that none applies. */
#define NONE_APPLIED " (action %u of %u): none of the statement's actions is applied"

/* The failing action's error, in the words of the action alone, and that
 * the statement changed nothing */
static void report(enum fault f, const kp_name *x, const kp_table *t, uint32_t i, uint32_t n, kp_source *src,
                   kp_arena *a, kp_diags *d)
{
	int l = (int)x->len;
	kp_diag *g;
	switch (f) {
	case F_UNKNOWN_COLUMN:
		g = kp_diag_add(d, a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, src, x->off, x->srclen,
		                "unknown column '%.*s' in %s" NONE_APPLIED, l, x->s, t->name, i, n);
		break;
	case F_DUP_COLUMN:
		g = kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, x->off, x->srclen,
		                "column '%.*s' already exists in %s" NONE_APPLIED, l, x->s, t->name, i, n);
		break;
	case F_KEY_COLUMN:
		g = kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, x->off, x->srclen,
		                "cannot drop '%.*s': it is a primary key column of %s" NONE_APPLIED, l, x->s, t->name, i, n);
		break;
	case F_DUP_INDEX:
		g = kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, x->off, x->srclen,
		                "index '%.*s' already exists on %s" NONE_APPLIED, l, x->s, t->name, i, n);
		break;
	case F_SECOND_KEY:
		g = kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, x->off, 7,
		                "%s already has a primary key; a table has one" NONE_APPLIED, t->name, i, n);
		break;
	case F_NO_KEY:
		g = kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, x->off, 4,
		                "%s has no primary key to drop" NONE_APPLIED, t->name, i, n);
		break;
	case F_DUP_TABLE:
		g = kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, x->off, x->srclen,
		                "table '%.*s' already exists" NONE_APPLIED, l, x->s, i, n);
		break;
	default:
		g = kp_diag_add(d, a, KP_R_UNKNOWN_INDEX, KP_SEV_ERROR, src, x->off, x->srclen,
		                "unknown index '%.*s' on %s" NONE_APPLIED, l, x->s, t->name, i, n);
		break;
	}
	kp_diag_help(g, a, "MySQL and PostgreSQL apply all of an ALTER TABLE's actions or none");
}

/* The first action of the list that would fail, reported at its name:
 * 0 when every one holds, -1 after the report. */
static int check_actions(const kp_catalog *c, const kp_table *t, const kp_alter *al, kp_source *src, kp_arena *a,
                         kp_diags *d)
{
	kp_name key = {0};
	uint32_t cap = 0;
	for (uint32_t i = 0; i < al->more.n; i++) {
		const kp_stmt *s = al->more.items[i];
		cap += 2 + (s->kind == KP_S_ALTER_TABLE ? 2 * s->u.alter.cols.n : 0);
	}
	names n = {0};
	n.log = kp_arena_alloc(a, cap * sizeof *n.log);
	bool keyed = t->pk.n > 0;   /* the table has a key after the actions seen so far */
	for (uint32_t i = 0; i < al->more.n; i++) {
		const kp_stmt *s = al->more.items[i];
		const kp_name *bad = NULL;
		enum fault f = F_NONE;
		if (s->kind == KP_S_CREATE_INDEX) {
			const kp_indexdef *x = &s->u.create_index;
			for (uint32_t k = 0; k < x->parts.n && !f; k++) {
				const kp_keypart *p = x->parts.items[k];
				if (p->col.s && !p->expr && !present(t, &n, &p->col, false))
					bad = &p->col, f = F_UNKNOWN_COLUMN;
			}
			if (!f && x->name.s && present(t, &n, &x->name, true))
				bad = &x->name, f = F_DUP_INDEX;
			if (!f && x->name.s)
				note(&n, &x->name, true, true);
		} else if (s->kind == KP_S_DROP) {
			if (!present(t, &n, &s->u.drop.name, true))
				bad = &s->u.drop.name, f = F_UNKNOWN_INDEX;
			else
				note(&n, &s->u.drop.name, true, false);
		} else if (s->kind == KP_S_ALTER_TABLE) {
			const kp_alter *x = &s->u.alter;
			if (x->action == KP_ALTER_PRIMARY_KEY && c->heap_tables && !t->is_view) {
				if (keyed) {
					key.off = x->key_off;   /* PRIMARY */
					bad = &key, f = F_SECOND_KEY;
				}
				keyed = true;
			} else if (x->action == KP_ALTER_DROP_PRIMARY_KEY && c->heap_tables && !t->is_view) {
				if (!keyed) {
					key.off = x->kw_off;   /* DROP */
					bad = &key, f = F_NO_KEY;
				}
				keyed = false;
			} else if (x->action == KP_ALTER_RENAME_TABLE) {
				const kp_table *other = kp_catalog_find(c, x->to.s, x->to.len);
				if (other && other != t)
					bad = &x->to, f = F_DUP_TABLE;
			} else if (x->action == KP_ALTER_RENAME_COLUMN || x->action == KP_ALTER_RENAME_INDEX) {
				bool ix = x->action == KP_ALTER_RENAME_INDEX;   /* an index's name, not a column's */
				if (!present(t, &n, &x->old, ix)) {
					bad = &x->old, f = ix ? F_UNKNOWN_INDEX : F_UNKNOWN_COLUMN;
				} else if (!kp_name_eqn(&x->old, &x->to)) {
					if (present(t, &n, &x->to, ix)) {
						bad = &x->to, f = ix ? F_DUP_INDEX : F_DUP_COLUMN;
					} else {
						note(&n, &x->old, ix, false);
						note(&n, &x->to, ix, true);
					}
				}
			}
			for (uint32_t k = 0; k < x->cols.n && !f; k++) {
				const kp_coldef *cd = x->cols.items[k];
				int ci = kp_table_column(t, cd->name.s, cd->name.len);
				if (x->action == KP_ALTER_ADD) {
					if (!present(t, &n, &cd->name, false))
						note(&n, &cd->name, false, true);
					else if (!x->if_flag)
						bad = &cd->name, f = F_DUP_COLUMN;
				} else if (x->action == KP_ALTER_DROP) {
					if (!present(t, &n, &cd->name, false)) {
						if (!x->if_flag)
							bad = &cd->name, f = F_UNKNOWN_COLUMN;
					} else if (ci >= 0 && t->cols[ci].key_pos >= 0 && keyed) {
						bad = &cd->name, f = F_KEY_COLUMN;
					} else {
						note(&n, &cd->name, false, false);
					}
				} else if (x->action == KP_ALTER_MODIFY) {
					if (!present(t, &n, &x->old, false)) {
						bad = &x->old, f = F_UNKNOWN_COLUMN;
					} else if (!kp_name_eqn(&x->old, &cd->name)) {
						if (present(t, &n, &cd->name, false)) {
							bad = &cd->name, f = F_DUP_COLUMN;
						} else {
							note(&n, &x->old, false, false);
							note(&n, &cd->name, false, true);
						}
					}
				}
			}
		}
		if (f) {
			report(f, bad, t, i + 1, al->more.n, src, a, d);
			return -1;
		}
	}
	return 0;
}

static bool renames_table(const kp_stmt *s)
{
	return s->kind == KP_S_ALTER_TABLE && s->u.alter.action == KP_ALTER_RENAME_TABLE;
}

/* ALTER TABLE t action, action, ...: each action applied in order when
 * every one holds (check_actions), none otherwise, as MySQL and PostgreSQL
 * refuse the whole statement. A RENAME [TO] among them (MySQL) renames
 * the table after the others, which name it as it was. */
int kpc_alter_actions(kp_catalog *c, kp_table *t, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d)
{
	if (check_actions(c, t, al, src, a, d) < 0)
		return -1;
	int rc = 0;
	for (uint32_t i = 0; i < al->more.n; i++)
		if (!renames_table(al->more.items[i]) && kp_catalog_apply(c, al->more.items[i], src, a, d) < 0)
			rc = -1;
	for (uint32_t i = 0; i < al->more.n; i++)
		if (renames_table(al->more.items[i]) &&
		    kpc_alter_rename_table(c, t, &((const kp_stmt *)al->more.items[i])->u.alter, src, a, d) < 0)
			rc = -1;
	return rc;
}
