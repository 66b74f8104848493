/* Phoenix multi-tenant tables (phoenix.apache.org/multi-tenancy.html): a
 * table declared MULTI_TENANT=true keeps each tenant's rows under its
 * first key column after the salt byte, the tenant column, which a
 * tenant-specific connection (TenantId=...) binds itself and hides. Phoenix
 * refuses such a table unless that column is NOT NULL and another key
 * column follows it (SQLExceptionCode INSUFFICIENT_MULTI_TENANT_COLUMNS,
 * ERROR 1040). Its type is free: Phoenix 4+ converts the TenantId to it
 * (ERROR 1041 at connection time when it cannot); only Phoenix 2/3 (the
 * Salesforce code base) required VARCHAR or CHAR. */
#include "catalog/catalogInt.h"

#include <string.h>
#include <strings.h>

/* The position in the key of t's tenant column: after a salt byte. */
static int tenant_pos(const kp_table *t)
{
	return t->salt_buckets > 0 && t->pk.n > 0 && t->pk.parts[0].col < 0 ? 1 : 0;
}

static bool multi_tenant(const kp_table *t)
{
	const char *v = kp_table_option_get(t, "MULTI_TENANT");
	return v && !strcasecmp(v, "true");
}

int kp_table_tenant_col(const kp_table *t)
{
	if (!t || !multi_tenant(t))
		return -1;
	int p = tenant_pos(t);
	return p + 1 < t->pk.n ? t->pk.parts[p].col : -1;
}

int kpc_check_multi_tenant(const kp_table *t, const kp_list *opts, kp_source *src, kp_arena *a, kp_diags *d)
{
	if (!multi_tenant(t))
		return 0;
	const kp_option *at = NULL;
	for (uint32_t i = 0; i < opts->n && !at; i++) {
		const kp_option *op = opts->items[i];
		if (!op->family.s && kp_name_eq(&op->key, "multi_tenant"))
			at = op;
	}
	int p = tenant_pos(t);
	const kp_column *col = p < t->pk.n && t->pk.parts[p].col >= 0 ? &t->cols[t->pk.parts[p].col] : NULL;
	const char *why = NULL;
	if (t->pk.n < p + 2 || !col)
		why = "has one key column";
	else if (!(col->not_null || col->row_timestamp))
		why = "is not declared NOT NULL";
	if (!why)
		return 0;
	bool one = why[0] == 'h';
	uint32_t off = at ? at->key.off : t->pk_off, len = at ? at->key.srclen : 7;
	kp_diag_add(d, a, KP_R_BAD_KEY, KP_SEV_ERROR, src, off, len,
	            "MULTI_TENANT table %s%s%s %s (Phoenix ERROR 1040: \"A MULTI_TENANT table must have two or more "
	            "PK columns with the first column being NOT NULL.\")",
	            t->name, one ? "" : ": its tenant column ", one ? "" : col->name, why);
	return -1;
}

/* The first column reference in e to column ci of t, or NULL. */
static const kp_expr *names_col(const kp_table *t, const kp_expr *e, int ci)
{
	if (!e)
		return NULL;
	if (e->kind == KP_X_COLUMN)
		return kp_table_column(t, e->name.s, e->name.len) == ci ? e : NULL;
	const kp_expr *r = names_col(t, e->a, ci);
	if (!r)
		r = names_col(t, e->b, ci);
	if (!r)
		r = names_col(t, e->c, ci);
	for (uint32_t i = 0; !r && i < e->n; i++)
		r = names_col(t, e->list[i], ci);
	return r;
}

/* A view created on a tenant-specific connection (c->tenant) is that
 * tenant's: only its connection sees it (Phoenix keys a view by TenantId
 * and name, PTableKey). Over a MULTI_TENANT table its WHERE cannot name
 * the tenant column, which that connection does not see (Phoenix's
 * ColumnNotFoundException, ERROR 504; TenantSpecificViewIndexIT: "Cannot
 * reference tenant_id column in tenant specific connection"). */
int kpc_tenant_view(kp_catalog *c, kp_table *v, const kp_table *base, const kp_expr *where, kp_source *src,
                    kp_arena *a, kp_diags *d)
{
	if (!c->tenant)
		return 0;
	v->tenant = kp_arena_strndup(&c->arena, c->tenant, strlen(c->tenant));
	int tc = kp_table_tenant_col(base);
	const kp_expr *e = tc >= 0 ? names_col(base, where, tc) : NULL;
	if (!e)
		return 0;
	kp_diag_add(d, a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, src, e->name.off, e->name.srclen,
	            "the WHERE of tenant view %s names column '%.*s', the tenant column of multi-tenant table %s, which "
	            "tenant %s's connection binds and hides (Phoenix ERROR 504 (42703): \"Undefined column.\")",
	            v->name, (int)e->name.len, e->name.s, base->view_base ? base->view_base : base->name, c->tenant);
	return -1;
}

/* CREATE TABLE (or a view with a key of its own) on a tenant-specific
 * connection: Phoenix's MetaDataClient refuses it. */
int kpc_tenant_table(const kp_catalog *c, const kp_create_table *ct, kp_source *src, kp_arena *a, kp_diags *d)
{
	if (!c->tenant)
		return 0;
	kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_ERROR, src, ct->name.off, ct->name.srclen,
	            "%.*s is created on tenant %s's connection (-- keyplan:tenant), where Phoenix creates only views "
	            "(ERROR 1030 (42Y89): \"Cannot create table for tenant-specific connection.\")",
	            (int)ct->name.len, ct->name.s, c->tenant);
	return -1;
}

/* ALTER TABLE t SET MULTI_TENANT=...: the same rule as CREATE (ERROR 1040,
 * MetaDataClient.addColumn calls throwIfInsufficientColumns), and a table
 * that views read cannot change it (Phoenix's server refuses: ERROR 1010
 * CANNOT_MUTATE_TABLE, TenantSpecificTablesDDLIT.
 * testAlteringMultiTenancyForTableWithViewsNotAllowed). was: whether t was
 * multi-tenant before the options were set; on an error the options are
 * put back (old, nold). */
int kpc_alter_multi_tenant(const kp_catalog *c, kp_table *t, bool was, kp_table_option *old, int nold,
                           const kp_list *opts, kp_source *src, kp_arena *a, kp_diags *d)
{
	if (multi_tenant(t) == was)
		return 0;
	const kp_option *at = NULL;
	for (uint32_t i = 0; i < opts->n && !at; i++) {
		const kp_option *op = opts->items[i];
		if (!op->family.s && kp_name_eq(&op->key, "multi_tenant"))
			at = op;
	}
	const kp_table *view = NULL;
	for (int i = 0; i < c->ntables && !view; i++) {
		const kp_table *v = c->tables[i];
		if (!v->dropped && v->is_view && v->view_parent && !strcmp(v->view_parent, t->name))
			view = v;
	}
	int rc = 0;
	if (view) {
		kp_diag *g = kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_ERROR, src, at ? at->key.off : 0,
		                         at ? at->key.srclen : 0,
		                         "%s cannot become %smulti-tenant: view %s reads it (Phoenix ERROR 1010 (42M01): "
		                         "\"Not allowed to mutate table.\")", t->name, was ? "not " : "", view->name);
		if (g && view->src)
			kp_diag_note(g, a, view->src, view->off, "view %s declared here", view->name);
		rc = -1;
	} else if (!was && at) {
		rc = kpc_check_multi_tenant(t, opts, src, a, d);
	}
	if (rc < 0) {
		t->opts = old;
		t->nopts = nold;
	}
	return rc;
}

void kp_catalog_note_hidden(const kp_catalog *c, kp_diag *g, const char *name, uint32_t len, kp_arena *a)
{
	const kp_table *v = g ? kp_catalog_find_hidden(c, name, len) : NULL;
	if (!v)
		return;
	if (v->src)
		kp_diag_note(g, a, v->src, v->off, "view %s was created on tenant %s's connection, which alone sees it; "
		             "this statement runs on %s%s%s", v->name, v->tenant, c->tenant ? "tenant " : "the global connection",
		             c->tenant ? c->tenant : "", c->tenant ? "'s connection" : "");
	kp_diag_help(g, a, "run it on tenant %s's connection: --tenant %s (the shell's .tenant %s), or a -- keyplan:tenant "
	             "%s line above it", v->tenant, v->tenant, v->tenant, v->tenant);
}
