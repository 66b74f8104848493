/* Re-creation in application code: a program is not a script run top to
 * bottom. Two tests of one file, or two code paths, each CREATE TABLE t on
 * their own connection to a fresh database; the second definition is the
 * one the statements after it run against, and it is not "already exists".
 * A .sql file, a schema, or a name another file declared keep KP013.
 * A definition made again in a function is that function's: when the
 * statements leave it, the one it replaced (a fixture's, the class's) is
 * seen again. */
#include "catalog/catalogInt.h"

#include <string.h>

static bool made_by(const kp_source *src, const char *path)
{
	return src && src->path && !strcmp(src->path, path);
}

bool kp_catalog_forget_own(kp_catalog *c, const kp_stmt *s, const char *path)
{
	if (s->kind == KP_S_CREATE_TABLE || s->kind == KP_S_CREATE_VIEW) {
		const kp_create_table *ct = &s->u.create_table;
		if (ct->if_not_exists)
			return false;   /* the store keeps the one there: so does the catalog */
		kp_table *t = kp_catalog_find(c, ct->name.s, ct->name.len);
		if (!t || !made_by(t->src, path))
			return false;
		t->dropped = true;   /* its indexes go with it: the new table has none */
		kpc_hash_rebuild(c, c->hashcap);
		c->hidden = t;
		return true;
	}
	if (s->kind == KP_S_CREATE_INDEX) {
		const kp_indexdef *def = &s->u.create_index;
		if (def->if_not_exists || !def->name.s)
			return false;
		kp_table *t = kp_catalog_find(c, def->table.s, def->table.len);
		for (int j = 0; t && j < t->nindexes; j++)
			if (kpc_names_eq(t->exact_names, t->indexes[j]->name, def->name.s, def->name.len)) {
				if (!made_by(t->indexes[j]->src, path))
					return false;
				memmove(&t->indexes[j], &t->indexes[j + 1], sizeof(*t->indexes) * (size_t)(t->nindexes - j - 1));
				t->nindexes--;
				kpc_views_inherit(c, t);
				return true;
			}
	}
	return false;
}

void kp_catalog_made_own(kp_catalog *c, const kp_stmt *s)
{
	kp_table *hidden = c->hidden;
	c->hidden = NULL;
	c->scope_made |= c->scope != 0;
	if (s->kind == KP_S_CREATE_TABLE || s->kind == KP_S_CREATE_VIEW) {
		const kp_create_table *ct = &s->u.create_table;
		kp_table *t = kp_catalog_find(c, ct->name.s, ct->name.len);
		if (t && t != hidden && made_by(t->src, c->scope_path) && !t->host_scope) {
			t->host_scope = c->scope;
			t->hides = c->scope ? hidden : NULL;
		}
	} else if (s->kind == KP_S_CREATE_INDEX) {
		const kp_indexdef *def = &s->u.create_index;
		kp_table *t = def->name.s ? kp_catalog_find(c, def->table.s, def->table.len) : NULL;
		for (int j = 0; t && j < t->nindexes; j++)
			if (kpc_names_eq(t->exact_names, t->indexes[j]->name, def->name.s, def->name.len) &&
			    made_by(t->indexes[j]->src, c->scope_path))
				t->indexes[j]->host_scope = c->scope;
	}
}

/* The statements leave function c->scope of c->scope_path: newest first,
 * each table it made again gives its place back to the one it hid, and
 * the indexes it made on tables from outside it go. */
static void leave(kp_catalog *c)
{
	bool changed = false;
	for (int k = c->ntables; k-- > 0;) {
		kp_table *t = c->tables[k];
		if (t->dropped || !made_by(t->src, c->scope_path))
			continue;
		if (t->host_scope == c->scope && t->hides) {
			t->dropped = true;
			t->hides->dropped = false;
			changed = true;
			continue;
		}
		if (t->host_scope == c->scope)
			continue;
		int had = t->nindexes;
		for (int j = 0; j < t->nindexes;)
			if (!t->indexes[j]->inherited && t->indexes[j]->host_scope == c->scope &&
			    made_by(t->indexes[j]->src, c->scope_path)) {
				memmove(&t->indexes[j], &t->indexes[j + 1], sizeof(*t->indexes) * (size_t)(t->nindexes - j - 1));
				t->nindexes--;
			} else {
				j++;
			}
		if (t->nindexes != had)
			kpc_views_inherit(c, t);
	}
	if (changed)
		kpc_hash_rebuild(c, c->hashcap);
}

void kp_catalog_host_scope(kp_catalog *c, const char *path, uint32_t scope)
{
	bool same_file = c->scope_path && path && !strcmp(c->scope_path, path);
	if (same_file && scope == c->scope)
		return;
	if (c->scope && c->scope_path && c->scope_made)
		leave(c);   /* (a function that made nothing leaves nothing to undo) */
	c->scope_made = false;
	if (!same_file)
		c->scope_path = path ? kp_arena_strndup(&c->arena, path, strlen(path)) : NULL;
	c->scope = scope;
}
