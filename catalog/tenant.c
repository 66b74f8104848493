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
