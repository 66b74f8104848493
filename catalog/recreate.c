/* Re-creation in application code: a program is not a script run top to
 * bottom. Two tests of one file, or two code paths, each CREATE TABLE t on
 * their own connection to a fresh database; the second definition is the
 * one the statements after it run against, and it is not "already exists".
 * A .sql file, a schema, or a name another file declared keep KP013. */
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
				return true;
			}
	}
	return false;
}
