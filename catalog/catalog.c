#include "catalog/catalog.h"
#include "catalog/catalogInt.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "grammar/lexer.h"
#include "grammar/parser.h"

/* Every generation any catalog of the process had: never given twice, so
 * a catalog freed and made again at the same address is not taken for
 * the one before. */
static _Atomic uint64_t generations;

void kpc_changed(kp_catalog *c)
{
	c->gen = ++generations;
}

void kp_catalog_init(kp_catalog *c)
{
	memset(c, 0, sizeof(*c));
	kp_arena_init(&c->arena);
	kpc_changed(c);
}

void kp_catalog_free(kp_catalog *c)
{
	free(c->tables);
	free(c->hash);
	kp_arena_free(&c->arena);
	memset(c, 0, sizeof(*c));
}

static void hash_insert(kp_catalog *c, kp_table *t);

void kpc_hash_rebuild(kp_catalog *c, uint32_t cap)
{
	free(c->hash);
	c->hash = calloc(cap, sizeof(*c->hash));
	if (!c->hash)
		abort();
	c->hashcap = cap;
	for (int i = 0; i < c->ntables; i++)
		if (!c->tables[i]->dropped)
			hash_insert(c, c->tables[i]);
}

static void hash_insert(kp_catalog *c, kp_table *t)
{
	uint32_t m = c->hashcap - 1;
	uint32_t i = kpc_name_hash(t->name, t->name_len) & m;
	while (c->hash[i])
		i = (i + 1) & m;
	c->hash[i] = t;
}

kp_table *kp_catalog_find(const kp_catalog *c, const char *name, uint32_t len)
{
	if (!c->hashcap)
		return NULL;
	uint32_t m = c->hashcap - 1;
	kp_table *global = NULL;
	for (uint32_t i = kpc_name_hash(name, len) & m; c->hash[i]; i = (i + 1) & m) {
		kp_table *t = c->hash[i];
		if (!kpc_names_eq(c->names != KP_NAMES_NOCASE, t->name, name, len))
			continue;
		if (!t->tenant) {
			if (!c->tenant)
				return t;
			global = global ? global : t;
		} else if (c->tenant && !strcmp(t->tenant, c->tenant)) {
			return t;   /* Phoenix looks the tenant's name up first */
		}
	}
	return global;
}

const kp_table *kp_catalog_find_hidden(const kp_catalog *c, const char *name, uint32_t len)
{
	if (!c->hashcap)
		return NULL;
	uint32_t m = c->hashcap - 1;
	for (uint32_t i = kpc_name_hash(name, len) & m; c->hash[i]; i = (i + 1) & m) {
		const kp_table *t = c->hash[i];
		if (t->tenant && kpc_names_eq(c->names != KP_NAMES_NOCASE, t->name, name, len) &&
		    (!c->tenant || strcmp(t->tenant, c->tenant)))
			return t;
	}
	return NULL;
}

const char *kp_table_option_get(const kp_table *t, const char *key)
{
	for (int i = 0; i < t->nopts; i++)
		if (kpc_name_eq(t->opts[i].key, key, (uint32_t)strlen(key)))
			return t->opts[i].value;
	return NULL;
}

static kp_type_class classify(const kp_name *type)
{
	/* the type names of every dialect, by class */
	static const struct { kp_type_class c; const char *names[20]; } classes[] = {
		{KP_T_INT, {"bigint", "int", "integer", "smallint", "tinyint", "mediumint", "long", "short",
		            "byte", "serial", "unsigned_long", "unsigned_int", "unsigned_smallint",
		            "unsigned_tinyint"}},
		{KP_T_REAL, {"double", "float", "real", "decimal", "numeric", "bigdecimal", "unsigned_double",
		             "unsigned_float"}},
		{KP_T_STRING, {"varchar", "char", "string", "text", "nvarchar", "nchar", "tinytext", "mediumtext",
		               "longtext"}},
		{KP_T_BINARY, {"binary", "varbinary", "blob", "tinyblob", "mediumblob", "longblob",
		               "varbinary_encoded"}},
		{KP_T_TIME, {"timestamp", "date", "time", "datetime", "unsigned_date", "unsigned_time",
		             "unsigned_timestamp"}},
		{KP_T_BOOL, {"boolean", "bool"}},
		{KP_T_JSON, {"json", "bson"}},
		/* PostgreSQL's and MySQL's other names (PostgreSQL 8, Data Types;
		 * MySQL 13, Data Types): serials are integers the store numbers */
		{KP_T_INT, {"int2", "int4", "int8", "serial2", "serial4", "serial8", "smallserial", "bigserial",
		            "year", "bit", "varbit"}},
		{KP_T_REAL, {"float4", "float8", "money", "dec", "fixed", "number"}},
		{KP_T_STRING, {"uuid", "citext", "character", "varchar2", "nvarchar2", "clob", "nclob", "enum", "set",
		               "inet", "cidr", "macaddr", "xml", "tsvector", "name", "bpchar"}},
		{KP_T_BINARY, {"bytea", "image", "raw"}},
		{KP_T_TIME, {"timestamptz", "timetz", "interval"}},
		{KP_T_JSON, {"jsonb"}},
	};
	for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++)
		for (const char *const *n = classes[i].names; *n; n++)
			if (kp_name_eq(type, *n))
				return classes[i].c;
	return KP_T_OTHER;
}

char *kpc_cat_name(kp_catalog *c, const kp_name *n)
{
	return kp_arena_strndup(&c->arena, n->s, n->len);
}

/* `cf:col` (Lindorm) carries its column family inside the quoted name. */
static void split_family(kp_catalog *c, kp_column *col, const kp_coldef *d)
{
	const char *colon = d->name.quoted ? memchr(d->name.s, ':', d->name.len) : NULL;
	if (colon) {
		col->family = kp_arena_strndup(&c->arena, d->name.s, (size_t)(colon - d->name.s));
		col->name = kp_arena_strndup(&c->arena, colon + 1, d->name.len - (size_t)(colon - d->name.s) - 1);
	} else {
		col->name = kpc_cat_name(c, &d->name);
		col->family = d->family.s ? kpc_cat_name(c, &d->family) : NULL;
	}
}

int kpc_hash_bits(const kp_name *fn)
{
	if (kp_name_eq(fn, "hash8")) return 8;
	if (kp_name_eq(fn, "hash32")) return 32;
	if (kp_name_eq(fn, "hash64")) return 64;
	return 0;
}

/* Reports the first column an index expression names that t lacks. */
int kpc_check_expr_cols(const kp_table *t, const kp_expr *e, const char *what, kp_source *src,
                        kp_arena *a, kp_diags *d)
{
	if (!e)
		return 0;
	if (e->kind == KP_X_COLUMN) {
		if (kp_table_column(t, e->name.s, e->name.len) >= 0)
			return 0;
		kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, e->name.off, e->name.srclen,
		            "%s of %s names unknown column '%.*s'", what, t->name, (int)e->name.len, e->name.s);
		return -1;
	}
	if (kpc_check_expr_cols(t, e->a, what, src, a, d) < 0 || kpc_check_expr_cols(t, e->b, what, src, a, d) < 0 ||
	    kpc_check_expr_cols(t, e->c, what, src, a, d) < 0)
		return -1;
	for (uint32_t i = 0; i < e->n; i++)
		if (kpc_check_expr_cols(t, e->list[i], what, src, a, d) < 0)
			return -1;
	return 0;
}

/* Does e read a column of the row? */
static bool names_column(const kp_expr *e)
{
	if (!e)
		return false;
	if (e->kind == KP_X_COLUMN)
		return true;
	if (names_column(e->a) || names_column(e->b) || names_column(e->c))
		return true;
	for (uint32_t i = 0; i < e->n; i++)
		if (names_column(e->list[i]))
			return true;
	return false;
}

/* Resolves key parts against t's columns. Returns -1 after reporting. */
int kpc_build_key(kp_catalog *c, kp_key *out, kp_table *t, const kp_list *parts,
                  const char *what, kp_source *src, kp_arena *a, kp_diags *d)
{
	int err = 0;
	out->n = (int)parts->n;
	out->parts = kp_arena_alloc(&c->arena, sizeof(kp_key_part) * (parts->n + 1));
	for (uint32_t i = 0; i < parts->n; i++) {
		const kp_keypart *p = parts->items[i];
		kp_key_part *k = &out->parts[i];
		k->desc = p->desc;
		/* c(10): a prefix of column c (MySQL), else a call of function c */
		if (p->expr && (!p->prefix_len || kp_table_column(t, p->col.s, p->col.len) < 0)) {
			k->col = -1;
			if (kpc_check_expr_cols(t, p->expr, what, src, a, d) < 0) {
				err = -1;
				continue;
			}
			if (!names_column(p->expr)) {
				/* (:v), (?), (1): one value on every row, so no order
				 * of rows, and nothing a query could bind */
				kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, p->off, p->len,
				            "part %u of the %s of %s is an expression that names no column: it has one "
				            "value on every row and orders none", i + 1, what, t->name);
				err = -1;
				continue;
			}
			k->expr = kp_expr_copy(&c->arena, p->expr);
			continue;
		}
		if (p->hashfn.s) {
			k->col = -1;
			k->hash_bits = kpc_hash_bits(&p->hashfn);
			if (!k->hash_bits) {
				kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, p->hashfn.off, p->hashfn.srclen,
				            "unknown key function '%.*s' in %s of %s: expected hash8, hash32 or hash64",
				            (int)p->hashfn.len, p->hashfn.s, what, t->name);
				err = -1;
				continue;
			}
			if (i != 0) {
				kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, p->off, p->len,
				            "a hash prefix must be the first part of the %s of %s", what, t->name);
				err = -1;
			}
			k->nhash = (int)p->hashcols.n;
			k->hash_cols = kp_arena_alloc(&c->arena, sizeof(int) * (p->hashcols.n + 1));
			for (uint32_t j = 0; j < p->hashcols.n; j++) {
				const kp_name *hn = p->hashcols.items[j];
				int ci = kp_table_column(t, hn->s, hn->len);
				int in_key = 0;
				for (uint32_t m = 0; m < parts->n; m++) {
					const kp_keypart *q = parts->items[m];
					if (!q->hashfn.s && kp_name_eqn(&q->col, hn))
						in_key = 1;
				}
				if (ci < 0 || !in_key) {
					kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, hn->off, hn->srclen,
					            ci < 0 ? "%s of %s hashes unknown column '%.*s'"
					                   : "%s of %s hashes '%.*s', which is not one of its key columns",
					            what, t->name, (int)hn->len, hn->s);
					err = -1;
				}
				k->hash_cols[j] = ci;
			}
			continue;
		}
		k->col = kp_table_column(t, p->col.s, p->col.len);
		if (k->col < 0) {
			kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, p->col.off, p->col.srclen,
			            "%s of %s names unknown column '%.*s'", what, t->name,
			            (int)p->col.len, p->col.s);
			err = -1;
			continue;
		}
		for (uint32_t j = 0; j < i; j++)
			if (out->parts[j].col == k->col) {
				kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, p->col.off, p->col.srclen,
				            "column '%s' appears twice in the %s of %s", t->cols[k->col].name,
				            what, t->name);
				err = -1;
			}
	}
	return err;
}

static char *option_text(kp_catalog *c, const kp_expr *v)
{
	if (!v)
		return kp_arena_strndup(&c->arena, "", 0);
	if (v->kind == KP_X_STRING)
		return kp_arena_strndup(&c->arena, v->str, v->slen);
	return kp_arena_strndup(&c->arena, v->name.s, v->name.len);
}

/* CREATE TYPE name AS ENUM, CREATE DOMAIN name AS base: the later of two
 * of one name wins (a schema's CREATE OR REPLACE, or a DROP then CREATE). */
void kpc_add_user_type(kp_catalog *c, const kp_name *n, const kp_coldef *base)
{
	kp_user_type *u = kp_arena_alloc(&c->arena, sizeof(*u));
	kp_name last = *n;   /* a column names schema.type by its type (create.y) */
	for (uint32_t i = n->len; !n->quoted && i-- > 0;)
		if (n->s[i] == '.') {
			last.s = n->s + i + 1;
			last.len = n->len - i - 1;
			break;
		}
	u->name = kpc_cat_name(c, &last);
	u->len = last.len;
	u->tclass = classify(&base->type);
	if (u->tclass == KP_T_OTHER) {
		const kp_user_type *b = kpc_user_type(c, &base->type);   /* a domain over a domain */
		if (b)
			u->tclass = b->tclass;
	}
	u->length = base->ntargs ? base->targs[0] : -1;
	u->scale = base->ntargs > 1 ? base->targs[1] : -1;
	kp_list_push(&c->arena, &c->types, u);
}

const kp_user_type *kpc_user_type(const kp_catalog *c, const kp_name *type)
{
	for (uint32_t i = c->types.n; i-- > 0;) {
		const kp_user_type *u = c->types.items[i];
		if (kp_name_eq(type, u->name) && u->len == type->len)
			return u;
	}
	return NULL;
}

/* Fills a table column from its definition. */
void kpc_fill_column(kp_catalog *c, kp_column *col, const kp_coldef *cd, kp_source *src,
                     kp_arena *a, kp_diags *d)
{
	split_family(c, col, cd);
	col->name_len = (uint32_t)strlen(col->name);
	col->type_name = cd->type.s ? kpc_cat_name(c, &cd->type) : kp_arena_strndup(&c->arena, "", 0);
	col->tclass = classify(&cd->type);
	col->length = cd->ntargs ? cd->targs[0] : -1;
	col->scale = cd->ntargs > 1 ? cd->targs[1] : -1;
	const kp_user_type *ut = col->tclass == KP_T_OTHER ? kpc_user_type(c, &cd->type) : NULL;
	if (ut) {
		col->tclass = ut->tclass;
		if (!cd->ntargs) {
			col->length = ut->length;
			col->scale = ut->scale;
		}
	}
	col->is_unsigned = cd->is_unsigned;
	col->not_null = cd->not_null;
	/* PostgreSQL's SERIAL types are integers numbered by a sequence, as
	 * AUTO_INCREMENT (PostgreSQL 8.1.4, Serial Types) */
	col->auto_increment = cd->auto_increment || kp_name_eq(&cd->type, "serial") ||
	                      kp_name_eq(&cd->type, "bigserial") || kp_name_eq(&cd->type, "smallserial") ||
	                      kp_name_eq(&cd->type, "serial2") || kp_name_eq(&cd->type, "serial4") ||
	                      kp_name_eq(&cd->type, "serial8");
	col->dflt = cd->dflt ? kp_expr_copy(&c->arena, cd->dflt) : NULL;
	col->row_timestamp = cd->row_timestamp;
	col->nullable = cd->explicit_null && !cd->not_null;
	col->is_array = cd->is_array;
	col->key_pos = -1;
	col->src = src;
	col->off = cd->off;
	col->stmt_off = c->stmt_off;
	if (col->tclass == KP_T_OTHER && !cd->untyped)
		kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_WARNING, src, cd->type.off, cd->type.srclen,
		            "unknown type '%s' for column '%s'; its values are not checked",
		            col->type_name, col->name);
}

/* Counts the distinct column families of t. */
void kpc_count_families(kp_table *t, kp_arena *a)
{
	char **families = kp_arena_alloc(a, sizeof(char *) * (size_t)(t->ncols + 1));
	t->nfamilies = 0;
	for (int i = 0; i < t->ncols; i++) {
		const kp_column *col = &t->cols[i];
		if (!col->family || col->dropped)
			continue;
		int seen = 0;
		for (int f = 0; f < t->nfamilies; f++)
			if (!strcmp(families[f], col->family))
				seen = 1;
		if (!seen)
			families[t->nfamilies++] = col->family;
	}
}

/* Sets (or adds) table options; Phoenix's family-qualified a.VERSIONS=1 is
 * kept as "a.VERSIONS". SALT_BUCKETS is read into the table. */
void kpc_set_options(kp_catalog *c, kp_table *t, const kp_list *opts)
{
	if (!opts->n)
		return;
	kp_table_option *o = kp_arena_alloc(&c->arena, sizeof(*o) * (size_t)(t->nopts + (int)opts->n + 1));
	if (t->nopts)
		memcpy(o, t->opts, sizeof(*o) * (size_t)t->nopts);
	t->opts = o;
	for (uint32_t i = 0; i < opts->n; i++) {
		const kp_option *op = opts->items[i];
		char *key = op->family.s ? kp_arena_printf(&c->arena, "%.*s.%.*s", (int)op->family.len,
		                                           op->family.s, (int)op->key.len, op->key.s)
		                         : kpc_cat_name(c, &op->key);
		char *value = option_text(c, op->value);
		int k = 0;
		while (k < t->nopts && !kpc_name_eq(t->opts[k].key, key, (uint32_t)strlen(key)))
			k++;
		if (k == t->nopts)
			t->nopts++;
		t->opts[k].key = key;
		t->opts[k].value = value;
		t->opts[k].quoted = op->value && op->value->kind == KP_X_STRING;
		if (!op->family.s && kp_name_eq(&op->key, "salt_buckets"))
			t->salt_buckets = (int)strtol(value, NULL, 10);
	}
}

void kpc_register_table(kp_catalog *c, kp_table *t)
{
	if (c->ntables == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 16;
		c->tables = realloc(c->tables, sizeof(*c->tables) * (size_t)c->cap);
		if (!c->tables)
			abort();
	}
	t->id = c->ntables;
	c->tables[c->ntables++] = t;
	kpc_hash_columns(c, t);
	if ((uint32_t)c->ntables * 2 > c->hashcap)
		kpc_hash_rebuild(c, c->hashcap ? c->hashcap * 2 : 64);
	else
		hash_insert(c, t);
}

/* Can this Phoenix key column hold NULL? Phoenix stores a NULL key value
 * as an empty value: a column of a variable-length type (VARCHAR,
 * VARBINARY, DECIMAL, an array) not declared NOT NULL can be NULL in a key
 * of several columns (a one-column key cannot be empty in HBase). A
 * fixed-width one (CHAR(n), BINARY(n), the integer, float, boolean and time
 * types) cannot, unless declared NULL (nullable, set from the DDL). */
static bool phoenix_null_key(const kp_column *col)
{
	if (col->not_null || col->row_timestamp)
		return false;
	if (col->is_array)
		return true;
	const char *n = col->type_name;
	static const char *var[] = {"varchar", "varbinary", "varbinary_encoded", "decimal", "numeric", "string",
	                            NULL};
	for (int i = 0; var[i]; i++)
		if (strcasecmp(n, var[i]) == 0)
			return true;
	return false;
}

/* A table (or view) named as ct names it, read from src. */
kp_table *kpc_new_table(kp_catalog *c, const kp_create_table *ct, kp_source *src)
{
	kp_table *t = kp_arena_alloc(&c->arena, sizeof(*t));
	t->exact_names = c->names != KP_NAMES_NOCASE;
	t->desc_nulls_first = c->names == KP_NAMES_UPPER;
	t->name = kpc_cat_name(c, &ct->name);
	t->name_len = (uint32_t)strlen(t->name);
	t->src = src;
	t->off = ct->name.off;
	t->stmt_off = c->stmt_off;
	return t;
}

static int create_table(kp_catalog *c, const kp_create_table *ct, bool is_view, kp_source *src,
                        kp_arena *a, kp_diags *d)
{
	kp_table *old = kp_catalog_find(c, ct->name.s, ct->name.len);
	if (old && is_view && old->is_view && ct->or_replace) {
		old->dropped = true;   /* CREATE OR REPLACE VIEW */
		kpc_hash_rebuild(c, c->hashcap);
		old = NULL;
	}
	if (old) {
		if (ct->if_not_exists)
			return 0;
		kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, ct->name.off, ct->name.srclen,
		            "%s '%.*s' already exists", old->is_view ? "view" : "table", (int)ct->name.len,
		            ct->name.s);
		return -1;
	}
	if (is_view && ct->base.s)
		return kpc_create_view(c, ct, src, a, d);
	if (kpc_tenant_table(c, ct, src, a, d) < 0)
		return -1;
	kp_table *t = kpc_new_table(c, ct, src);
	t->pk_off = ct->pk_off;
	t->is_view = is_view;
	t->ncols = (int)ct->cols.n;
	t->cols = kp_arena_alloc(&c->arena, sizeof(kp_column) * (ct->cols.n + 1));
	int err = 0;
	const kp_coldef *inline_pk = NULL;
	int pk_index = -1;          /* column of the inline PRIMARY KEY */
	for (uint32_t i = 0; i < ct->cols.n; i++) {
		const kp_coldef *cd = ct->cols.items[i];
		kp_column *col = &t->cols[i];
		kpc_fill_column(c, col, cd, src, a, d);
		/* Phoenix: the same name in two column families is two columns */
		for (uint32_t j = 0; j < i; j++)
			if (kpc_name_eq(t->cols[j].name, col->name, (uint32_t)strlen(col->name)) &&
			    (!t->cols[j].family) == (!col->family) &&
			    (!col->family || !strcmp(t->cols[j].family, col->family))) {
				kp_diag_add(d, a, KP_R_DUPLICATE, KP_SEV_ERROR, src, cd->name.off, cd->name.srclen,
				            "column '%s' declared twice in table %s", col->name, t->name);
				err = -1;
			}
		if (cd->primary_key) {   /* one at most: the grammar reports a second */
			inline_pk = cd;
			pk_index = (int)i;
		}
	}
	kpc_count_families(t, a);
	if (ct->has_pk) {
		if (kpc_build_key(c, &t->pk, t, &ct->pk, "primary key", src, a, d) < 0)
			err = -1;
		for (uint32_t i = 0; i < ct->pk.n && !err; i++) {
			const kp_keypart *p = ct->pk.items[i];
			if (p->row_timestamp && t->pk.parts[i].col >= 0)
				t->cols[t->pk.parts[i].col].row_timestamp = true;
		}
	} else if (inline_pk) {
		t->pk.n = 1;
		t->pk.parts = kp_arena_alloc(&c->arena, sizeof(kp_key_part));
		t->pk.parts[0].col = pk_index;
		t->pk.parts[0].desc = inline_pk->pk_desc;
		t->pk_off = inline_pk->off;
	} else if (c->heap_tables) {
		/* MySQL and PostgreSQL store it as a heap of rows (InnoDB under a
		 * hidden row id, PostgreSQL by ctid): no key to range over */
		t->pk.n = 0;
	} else {
		kp_diag_add(d, a, KP_R_NO_PRIMARY_KEY, KP_SEV_ERROR, src, ct->name.off, ct->name.srclen,
		            "%s %s has no primary key; wide-column stores require one",
		            is_view ? "view" : "table", t->name);
		err = -1;
	}
	if (err)
		return -1;
	for (int i = 0; i < t->pk.n; i++)
		if (t->pk.parts[i].col >= 0)
			t->cols[t->pk.parts[i].col].key_pos = i;
	if (c->names == KP_NAMES_UPPER && t->pk.n > 1)
		for (int i = 0; i < t->pk.n; i++)
			if (t->pk.parts[i].col >= 0 && phoenix_null_key(&t->cols[t->pk.parts[i].col]))
				t->cols[t->pk.parts[i].col].nullable = true;
	for (int i = 0; i < t->ncols; i++)
		if (t->cols[i].row_timestamp && t->cols[i].key_pos < 0) {
			kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, t->cols[i].off, (uint32_t)t->cols[i].name_len,
			            "ROW_TIMESTAMP column '%s' of %s is not a primary key column", t->cols[i].name, t->name);
			return -1;
		}
	kpc_set_options(c, t, &ct->options);
	t->immutable = ct->immutable;
	if (c->names == KP_NAMES_UPPER && kpc_check_multi_tenant(t, &ct->options, src, a, d) < 0)
		return -1;
	for (uint32_t i = 0; i < ct->partition.n; i++) {
		const kp_name *n = ct->partition.items[i];
		if (kp_table_column(t, n->s, n->len) < 0) {
			kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, n->off, n->srclen,
			            "PARTITION BY HASH of %s names unknown column '%.*s'", t->name,
			            (int)n->len, n->s);
			return -1;
		}
	}
	/* Register first: inline indexes resolve against the finished table. */
	kpc_register_table(c, t);
	for (uint32_t i = 0; i < ct->indexes.n; i++)
		if (!kpc_unordered_index(ct->indexes.items[i], src, a, d) && !kpc_add_index(c, t, ct->indexes.items[i], src, a, d))
			err = -1;
	return err;
}

static void add_failed(kp_catalog *c, const kp_name *n, kp_source *src, uint32_t off);

/* A dropped table or view: a later query on it says where it went. */
static void add_dropped(kp_catalog *c, const kp_table *t, kp_source *src, uint32_t off)
{
	kp_name n = {0};
	n.s = t->name;
	n.len = (uint32_t)strlen(t->name);
	add_failed(c, &n, src, off);
	kp_failed_ddl *f = c->failed.items[c->failed.n - 1];
	f->dropped = true;
	f->is_view = t->is_view;
}

/* DROP TABLE | VIEW of one name n (the statement's first, or one after
 * it); with check_only, the errors alone and nothing dropped. */
static int drop_table(kp_catalog *c, const kp_drop *dr, const kp_name *n, bool check_only, kp_source *src,
                      uint32_t off, kp_arena *a, kp_diags *d)
{
	kp_table *t = kp_catalog_find(c, n->s, n->len);
	if (!t) {
		if (dr->if_exists)
			return 0;
		kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, n->off, n->srclen,
		            "no such %s: %.*s", dr->is_view ? "view" : "table", (int)n->len, n->s);
		return -1;
	}
	if (dr->is_view != t->is_view && !dr->is_mapping) {
		kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, n->off, n->srclen,
		            "%s is a %s: drop it with DROP %s", t->name, t->is_view ? "view" : "table",
		            t->is_view ? "VIEW" : "TABLE");
		return -1;
	}
	/* Phoenix refuses to drop a table or view that views select from
	 * unless CASCADE drops those too: dropping it alone would leave views
	 * over nothing, still planned against a base that is gone */
	for (int i = t->id + 1; !dr->cascade && i < c->ntables; i++) {
		const kp_table *v = c->tables[i];
		if (!v->dropped && v->view_parent && kpc_name_eq(t->name, v->view_parent, (uint32_t)strlen(v->view_parent))) {
			kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, n->off, n->srclen,
			            "cannot drop %s: view %s selects from it (DROP %s %s CASCADE drops its views too)",
			            t->name, v->name, t->is_view ? "VIEW" : "TABLE", t->name);
			return -1;
		}
	}
	if (check_only)
		return 0;
	t->dropped = true;
	add_dropped(c, t, src, off);
	/* CASCADE drops the views over it, and the views over those (Phoenix):
	 * a view comes after the table it selects from, so one pass does */
	bool *gone = dr->cascade ? kp_arena_alloc(a, sizeof(bool) * (size_t)(c->ntables + 1)) : NULL;
	if (gone)
		gone[t->id] = true;
	for (int i = t->id + 1; gone && i < c->ntables; i++) {
		kp_table *v = c->tables[i];
		if (v->dropped || !v->view_parent)
			continue;
		for (int j = t->id; j < i; j++)
			if (gone[j] && kpc_name_eq(c->tables[j]->name, v->view_parent, (uint32_t)strlen(v->view_parent))) {
				v->dropped = gone[i] = true;
				add_dropped(c, v, src, off);
				break;
			}
	}
	return 0;
}

static int drop(kp_catalog *c, const kp_drop *dr, kp_source *src, uint32_t off, kp_arena *a, kp_diags *d)
{
	if (dr->is_index) {
		for (int i = 0; i < c->ntables; i++) {
			kp_table *t = c->tables[i];
			if (t->dropped || (dr->table.s && !kpc_name_eq(t->name, dr->table.s, dr->table.len)))
				continue;
			for (int j = 0; j < t->nindexes; j++)
				if (!t->indexes[j]->inherited && kpc_name_eq(t->indexes[j]->name, dr->name.s, dr->name.len)) {
					memmove(&t->indexes[j], &t->indexes[j + 1],
					        sizeof(*t->indexes) * (size_t)(t->nindexes - j - 1));
					t->nindexes--;
					kpc_views_inherit(c, t);
					return 0;
				}
		}
		if (dr->if_exists)
			return 0;
		return kpc_no_such_index(c, &dr->name, &dr->table, src, a, d);
	}
	if (!dr->more.n) {
		if (drop_table(c, dr, &dr->name, false, src, off, a, d) < 0)
			return -1;
		kpc_hash_rebuild(c, c->hashcap);
		return 0;
	}
	/* DROP TABLE a, b, ...: every name is checked first, and when one
	 * fails none is dropped (MySQL 8's atomic DDL and PostgreSQL
	 * both refuse the whole statement) */
	int rc = drop_table(c, dr, &dr->name, true, src, off, a, d);
	for (uint32_t i = 0; i < dr->more.n; i++)
		if (drop_table(c, dr, dr->more.items[i], true, src, off, a, d) < 0)
			rc = -1;
	if (rc < 0)
		return -1;
	drop_table(c, dr, &dr->name, false, src, off, a, d);
	for (uint32_t i = 0; i < dr->more.n; i++)
		drop_table(c, dr, dr->more.items[i], false, src, off, a, d);
	kpc_hash_rebuild(c, c->hashcap);
	return 0;
}

static void add_failed(kp_catalog *c, const kp_name *n, kp_source *src, uint32_t off)
{
	kp_failed_ddl *f = kp_arena_alloc(&c->arena, sizeof(*f));
	f->name = kpc_cat_name(c, n);
	f->src = src;
	f->off = off;
	kp_list_push(&c->arena, &c->failed, f);
}

void kpc_note_renamed(kp_catalog *c, const char *old, const char *to, kp_source *src, uint32_t off)
{
	kp_name n = {0};
	n.s = old;
	n.len = (uint32_t)strlen(old);
	add_failed(c, &n, src, off);
	((kp_failed_ddl *)c->failed.items[c->failed.n - 1])->renamed_to = to;
}

static int apply(kp_catalog *c, const kp_stmt *s, kp_source *src, kp_arena *a, kp_diags *d);

int kp_catalog_apply(kp_catalog *c, const kp_stmt *s, kp_source *src, kp_arena *a, kp_diags *d)
{
	if (c->applying++ == 0)
		c->stmt_off = s->off;
	int rc = apply(c, s, src, a, d);
	c->applying--;
	return rc;
}

static int apply(kp_catalog *c, const kp_stmt *s, kp_source *src, kp_arena *a, kp_diags *d)
{
	kpc_changed(c);
	switch (s->kind) {
	case KP_S_CREATE_TABLE:
	case KP_S_CREATE_VIEW: {
		int rc = create_table(c, &s->u.create_table, s->kind == KP_S_CREATE_VIEW, src, a, d);
		if (rc < 0)
			add_failed(c, &s->u.create_table.name, src, s->off);
		return rc;
	}
	case KP_S_ALTER_TABLE:
		return kpc_alter_table(c, &s->u.alter, src, a, d);
	case KP_S_ALTER_INDEX:
		return kpc_alter_index(c, &s->u.alter_index, src, a, d);
	case KP_S_CREATE_INDEX: {
		const kp_indexdef *def = &s->u.create_index;
		kp_table *t = kp_catalog_find(c, def->table.s, def->table.len);
		if (!t) {
			kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, def->table.off, def->table.srclen,
			            "CREATE INDEX on unknown table '%.*s'", (int)def->table.len, def->table.s);
			return -1;
		}
		if (def->if_not_exists && def->name.s && kp_table_index(t, def->name.s, def->name.len))
			return 0;
		if (kpc_unordered_index(def, src, a, d))
			return 0;
		if (!kpc_add_index(c, t, def, src, a, d))
			return -1;
		kpc_views_inherit(c, t);
		return 0;
	}
	case KP_S_DROP:
		return drop(c, &s->u.drop, src, s->off, a, d);
	case KP_S_SKIPPED:
		if (s->u.skipped.type)
			kpc_add_user_type(c, &s->u.skipped.name, s->u.skipped.type);
		if (s->u.skipped.name.s && s->u.skipped.what && !strcmp(s->u.skipped.what, "CREATE VIRTUAL TABLE")) {
			add_failed(c, &s->u.skipped.name, src, s->off);
			((kp_failed_ddl *)c->failed.items[c->failed.n - 1])->is_virtual = true;
		}
		return 0;
	default:
		return 0;
	}
}

void kp_key_part_name(kp_buf *out, const kp_table *t, const kp_key_part *p)
{
	if (p->col >= 0) {
		kp_buf_puts(out, t->cols[p->col].name);
		return;
	}
	if (p->expr) {
		kp_expr_to_sql(out, p->expr);
		return;
	}
	kp_buf_printf(out, "hash%d(", p->hash_bits);
	for (int i = 0; i < p->nhash; i++)
		kp_buf_printf(out, "%s%s", i ? ", " : "", p->hash_cols[i] >= 0 ? t->cols[p->hash_cols[i]].name : "?");
	kp_buf_putc(out, ')');
}

void kp_key_notation(kp_buf *out, const kp_table *t, const kp_key *k)
{
	for (int i = 0; i < k->n; i++) {
		kp_buf_putc(out, '[');
		kp_key_part_name(out, t, &k->parts[i]);
		if (k->parts[i].desc)
			kp_buf_puts(out, " DESC");
		kp_buf_putc(out, ']');
	}
}

kp_type_class kp_type_class_of(const kp_name *type)
{
	return classify(type);
}

const kp_failed_ddl *kp_catalog_failed(const kp_catalog *c, const char *name, uint32_t len)
{
	for (uint32_t i = c->failed.n; i-- > 0;) {
		const kp_failed_ddl *f = c->failed.items[i];
		if (kpc_names_eq(c->names != KP_NAMES_NOCASE, f->name, name, len))
			return f;
	}
	return NULL;
}

kp_table *kp_catalog_find_nocase(const kp_catalog *c, const char *name, uint32_t len)
{
	for (int i = 0; i < c->ntables; i++)
		if (!c->tables[i]->dropped && kpc_visible(c, c->tables[i]) && kpc_name_eq(c->tables[i]->name, name, len))
			return c->tables[i];
	return NULL;
}

bool kp_catalog_note_failed(kp_catalog *c, kp_source *src, uint32_t start)
{
	bool recorded = false;
	kpc_changed(c);
	/* CREATE [words] TABLE|VIEW [IF NOT EXISTS] name[.name]: a few words
	 * (LOCAL, TEMPORARY, ...) may stand between CREATE and TABLE */
	kp_lexer lx;
	kp_token t;
	kp_arena tmp;
	kp_arena_init(&tmp);
	kp_lexer_init(&lx, src->text, src->len, start);
	lx.hash_comment = c->names != KP_NAMES_UPPER;   /* as the parser reads it */
	int type = kp_lex(&lx, &t);
	bool table = false;
	for (int i = 0; type == TK_CREATE && i < 4 && !table; i++) {
		type = kp_lex(&lx, &t);
		if (type == KP_TOK_EOF || type == KP_TOK_ERROR || type == TK_SEMI || type == TK_LP)
			break;
		table = (t.len == 5 && !strncasecmp(src->text + t.off, "table", 5)) ||
		        (t.len == 4 && !strncasecmp(src->text + t.off, "view", 4));
	}
	if (table) {
		type = kp_lex(&lx, &t);
		if (type == TK_IF) {
			kp_lex(&lx, &t);          /* NOT */
			kp_lex(&lx, &t);          /* EXISTS */
			type = kp_lex(&lx, &t);
		}
		if (type == TK_ID) {
			bool upper = c->names == KP_NAMES_UPPER;
			kp_name n = kp_ast_name_folded(&tmp, src->text, t.off, t.len, upper);
			kp_lexer peek = lx;
			kp_token dot, second;
			if (kp_lex(&peek, &dot) == TK_DOT && kp_lex(&peek, &second) == TK_ID)
				n = kp_ast_qualified(&tmp, n, kp_ast_name_folded(&tmp, src->text, second.off, second.len, upper));
			if (!kp_catalog_find(c, n.s, n.len)) {
				add_failed(c, &n, src, start);
				recorded = true;
			}
		}
	}
	kp_arena_free(&tmp);
	return recorded;
}
