/* The shell's connection (Phoenix multi-tenancy, docs/targets.md
 * "Multi-tenant tables"): --tenant ID or .tenant ID opens a tenant-specific
 * connection (TenantId=ID) for the statements typed and read after it,
 * DDL included, as sqlline connected with ;TenantId=ID would run them;
 * .tenant - goes back to a global one. The --schema files are read on a
 * global connection (their -- keyplan:tenant lines apply). */
#include "tools/replInt.h"
#include "base/quote.h"

#include <stdlib.h>
#include <string.h>

#include "advisor/targets.h"
#include "tools/config.h"

void kp_repl_set_tenant(kp_repl *r, const char *id)
{
	free(r->tenant);
	r->tenant = NULL;
	if (id) {
		r->tenant = strdup(id);
		if (!r->tenant)
			abort();
	}
	r->p.own_opts.tenant = r->tenant;
}

void kp_repl_tenant_cmd(kp_repl *r, const char *arg)
{
	if (!*arg) {
		if (r->tenant)
			kp_fprintf_visible(r->out, "%s (a tenant-specific connection, TenantId=%s)\n", r->tenant, r->tenant);
		else
			fprintf(r->out, "- (a global connection)\n");
		return;
	}
	if (r->p.target != KP_TARGET_PHOENIX) {
		kp_repl_error(r, ".tenant applies to target phoenix only (multi-tenant tables), not %s",
		              kp_target_name(r->p.target));
		return;
	}
	if (!strcmp(arg, "-")) {
		kp_repl_set_tenant(r, NULL);
		fprintf(r->out, "a global connection\n");
		return;
	}
	if (!kp_tenant_ok(arg) || strchr(arg, ' ') || strchr(arg, '\t')) {
		kp_repl_error(r, "usage: .tenant [ID|-] (a TenantId of printable characters, no spaces)");
		return;
	}
	kp_repl_set_tenant(r, arg);
	kp_fprintf_visible(r->out, "tenant %s's connection (TenantId=%s)\n", r->tenant, r->tenant);
}

/* Does the connection see t (a view of another tenant's it does not)? */
bool kp_repl_sees(const kp_repl *r, const kp_table *t)
{
	return !t->tenant || (r->tenant && !strcmp(t->tenant, r->tenant));
}
