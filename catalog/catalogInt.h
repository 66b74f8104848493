/* The catalog's private interface, shared by its files and by no one else:
 * catalog.c (tables, DROP), index.c (indexes), alter.c (ALTER TABLE), view.c (views), names.c
 * (names compared, columns and indexes found by name) and recreate.c (a
 * definition application code makes again). */
#ifndef KP_CATALOGINT_H
#define KP_CATALOGINT_H

#include "catalog/catalog.h"

#include <string.h>

/* Does name a equal the blen bytes at b, ignoring ASCII case (as Lindorm and MySQL)? */
int kpc_name_eq(const char *a, const char *b, uint32_t blen);
/* kpc_name_eq, or byte for byte when exact (the target's names are
 * case-sensitive). Inline: it runs for every table and column name of
 * every statement. */
static inline int kpc_names_eq(bool exact, const char *a, const char *b, uint32_t blen)
{
	if (!exact)
		return kpc_name_eq(a, b, blen);
	/* by hand, not strncmp + memchr: the two libc calls cost more than
	 * the loop on names this short (a NUL in b never equals a's byte) */
	uint32_t i = 0;
	for (; i < blen; i++)
		if (!a[i] || a[i] != b[i])
			return 0;
	return a[i] == 0;
}
/* FNV-1a of a name, ASCII case folded (names equal either way hash alike). */
static inline uint32_t kpc_name_hash(const char *s, uint32_t len)
{
	uint32_t h = 2166136261u;
	for (uint32_t i = 0; i < len; i++) {
		uint32_t c = (unsigned char)s[i];
		h = (h ^ (c >= 'A' && c <= 'Z' ? c + 32 : c)) * 16777619u;
	}
	return h;
}
/* Rebuilds the name hash at cap slots (a power of two) from the live
 * tables: after one is dropped or forgotten. */
/* c changed: a new kp_catalog.gen. */
void kpc_changed(kp_catalog *c);
void kpc_hash_rebuild(kp_catalog *c, uint32_t cap);
/* Indexes t's columns by name for kp_table_column (names.c); called when
 * a table or view is registered and after ALTER changes its columns. */
void kpc_hash_columns(kp_catalog *c, kp_table *t);
/* Checks that every column e names is one of t's (reported as what). */
int kpc_check_expr_cols(const kp_table *t, const kp_expr *e, const char *what, kp_source *src, kp_arena *a,
                        kp_diags *d);
/* Builds key *out of t from the parts of a PRIMARY KEY or index clause. */
int kpc_build_key(kp_catalog *c, kp_key *out, kp_table *t, const kp_list *parts, const char *what,
                  kp_source *src, kp_arena *a, kp_diags *d);
/* A name kept in c's arena. */
char *kpc_cat_name(kp_catalog *c, const kp_name *n);
/* The bits of a key's hash function (hash8, hash32, hash64), else 0. */
int kpc_hash_bits(const kp_name *fn);
/* Indexes (index.c). An index of a method that orders no rows: said once
 * (KP012, info), true, and left out. */
bool kpc_unordered_index(const kp_indexdef *def, kp_source *src, kp_arena *a, kp_diags *d);
/* Adds def's index to t: the index, or NULL after a located error. */
kp_index *kpc_add_index(kp_catalog *c, kp_table *t, const kp_indexdef *def, kp_source *src, kp_arena *a,
                        kp_diags *d);
/* ALTER INDEX: 0, or -1 after a located error. */
int kpc_alter_index(kp_catalog *c, const kp_alter_index *ai, kp_source *src, kp_arena *a, kp_diags *d);
/* DROP INDEX / ALTER INDEX of an index not there: the located error, -1. */
int kpc_no_such_index(const kp_catalog *c, const kp_name *index, const kp_name *table, kp_source *src,
                      kp_arena *a, kp_diags *d);
int kpc_rename_index(kp_catalog *c, kp_table *t, kp_index *ix, const kp_name *to, bool schema_wide, kp_source *src,
                     kp_arena *a, kp_diags *d);
/* The schema's own types (catalog.c). */
void kpc_add_user_type(kp_catalog *c, const kp_name *n, const kp_coldef *base);
const kp_user_type *kpc_user_type(const kp_catalog *c, const kp_name *type);
/* Fills col from its definition. */
void kpc_fill_column(kp_catalog *c, kp_column *col, const kp_coldef *cd, kp_source *src, kp_arena *a,
                     kp_diags *d);
/* Counts t's distinct column families. */
void kpc_count_families(kp_table *t, kp_arena *a);
/* Adds table options (the later of two with one name wins). */
void kpc_set_options(kp_catalog *c, kp_table *t, const kp_list *opts);
/* Makes t findable by name. */
void kpc_register_table(kp_catalog *c, kp_table *t);
/* A new, empty table named as ct names it. */
kp_table *kpc_new_table(kp_catalog *c, const kp_create_table *ct, kp_source *src);

/* CREATE VIEW v [(columns)] AS SELECT * FROM base [WHERE ...] (view.c). */
/* Is column col one of the first n parts of key k? */
static inline bool kpc_key_uses(const kp_key *k, int n, int col)
{
	for (int i = 0; i < n; i++)
		if (k->parts[i].col == col)
			return true;
	return false;
}
/* ALTER TABLE / VIEW (alter.c): 0, or -1 after a located error. */
int kpc_alter_table(kp_catalog *c, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d);
/* MODIFY, CHANGE, ALTER COLUMN ... TYPE, and the action list of one ALTER
 * TABLE, all or none (alter_actions.c): 0, or -1 after a located error. */
int kpc_alter_modify(kp_catalog *c, kp_table *t, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d);
int kpc_alter_rename(kp_catalog *c, kp_table *t, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d);
int kpc_alter_rename_table(kp_catalog *c, kp_table *t, const kp_alter *al, kp_source *src, kp_arena *a,
                           kp_diags *d);
int kpc_rename_tables(kp_catalog *c, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d);
/* Table old took the name to at src[off]: a query naming old says so
 * (kp_failed_ddl.renamed_to). */
void kpc_note_renamed(kp_catalog *c, const char *old, const char *to, kp_source *src, uint32_t off);
int kpc_alter_drop_key(kp_catalog *c, kp_table *t, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d);
int kpc_alter_actions(kp_catalog *c, kp_table *t, const kp_alter *al, kp_source *src, kp_arena *a, kp_diags *d);

/* Phoenix's ERROR 1040 for a MULTI_TENANT table (catalog/tenant.c): 0,
 * or -1 with a located error at the option. */
int kpc_check_multi_tenant(const kp_table *t, const kp_list *opts, kp_source *src, kp_arena *a, kp_diags *d);
/* Tenant-specific connections (catalog/tenant.c): a view created on one
 * is its tenant's, its WHERE cannot name the tenant column; a table
 * cannot be created there; ALTER ... SET MULTI_TENANT is checked as CREATE
 * and refused on a table with views. Each returns 0, or -1 after a located
 * error. */
int kpc_tenant_view(kp_catalog *c, kp_table *v, const kp_table *base, const kp_expr *where, kp_source *src,
                    kp_arena *a, kp_diags *d);
int kpc_tenant_table(const kp_catalog *c, const kp_create_table *ct, kp_source *src, kp_arena *a, kp_diags *d);
int kpc_alter_multi_tenant(const kp_catalog *c, kp_table *t, bool was, kp_table_option *old, int nold,
                           const kp_list *opts, kp_source *src, kp_arena *a, kp_diags *d);
/* Does the connection (c->tenant) see t: a global object, or its own view? */
static inline bool kpc_visible(const kp_catalog *c, const kp_table *t)
{
	return !t->tenant || (c->tenant && !strcmp(t->tenant, c->tenant));
}
int kpc_create_view(kp_catalog *c, const kp_create_table *ct, kp_source *src, kp_arena *a, kp_diags *d);
/* After t's indexes changed (CREATE, DROP or ALTER INDEX, application DDL
 * leaving its function): the views over t, and the views over those, take
 * t's indexes again, before their own. */
void kpc_views_inherit(kp_catalog *c, const kp_table *t);

#endif
