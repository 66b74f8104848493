/* The connection a statement runs on (Phoenix multi-tenancy,
 * phoenix.apache.org/multi-tenancy.html): a tenant-specific connection is
 * one opened with TenantId=ID. A schema or query file says which with a
 * line comment, in effect from there to the next such line or the end of
 * the file (docs/annotations.md, "Connections"):
 *
 *   -- keyplan:tenant acme     the statements below run on acme's connection
 *   -- keyplan:tenant          ... and these on a global connection again
 *
 * Without one, a schema's DDL runs on a global connection and queries on
 * --tenant's (or a global one). */
#include "lib/pipeline.h"

#include <stdlib.h>
#include <string.h>

#include "lib/comments.h"

typedef struct directive_ctx {
	kp_pipe *p;
	kp_event *ev;
} directive_ctx;

static bool starts(const char *p, const char *end, const char *w)
{
	size_t n = strlen(w);
	if ((size_t)(end - p) < n)
		return false;
	for (size_t i = 0; i < n; i++)
		if ((p[i] | 0x20) != w[i])
			return false;
	return true;
}

static void warn(directive_ctx *x, const char *p, const char *end, const char *why)
{
	kp_event *ev = x->ev;
	kp_diag_add(ev->d, ev->a, KP_R_UNKNOWN_DIRECTIVE, KP_SEV_WARNING, ev->src, (uint32_t)(p - ev->src->text),
	            (uint32_t)(end - p), "%s: '%.*s' (docs/annotations.md); ignored", why, (int)(end - p), p);
}

static void on_comment(void *ctx, const char *p, const char *end, bool at_line_start)
{
	directive_ctx *x = ctx;
	kp_comment_trim(&p, &end);
	if (!starts(p, end, "keyplan:tenant") || (end - p > 14 && p[14] != ' ' && p[14] != '\t'))
		return;
	const char *id = p + 14;
	while (id < end && (*id == ' ' || *id == '\t'))
		id++;
	const char *e = id;
	while (e < end && *e != ' ' && *e != '\t')
		e++;
	const char *rest = e;
	while (rest < end && (*rest == ' ' || *rest == '\t'))
		rest++;
	if (!at_line_start)
		return warn(x, p, end, "keyplan:tenant must be a '--' comment at the start of a line");
	if (rest < end && !starts(rest, end, "--"))
		return warn(x, p, end, "malformed keyplan:tenant: expected one TenantId (or none, for a global "
		                       "connection), then an optional ' -- reason'");
	for (const char *c = id; c < e; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return warn(x, p, end, "malformed keyplan:tenant: a TenantId of printable characters");
	if (!x->p->opts->phoenix)
		return warn(x, p, end, "keyplan:tenant applies to --target phoenix only (multi-tenant tables)");
	kp_pipe *pp = x->p;
	free(pp->conn_tenant);
	pp->conn_tenant = NULL;
	if (e > id) {
		pp->conn_tenant = malloc((size_t)(e - id) + 1);
		if (!pp->conn_tenant)
			abort();
		memcpy(pp->conn_tenant, id, (size_t)(e - id));
		pp->conn_tenant[e - id] = '\0';
	}
	pp->conn_set = true;
}

const kp_plan_opts *kp_pipe_connection(kp_pipe *p, kp_event *ev)
{
	/* a streamed file's windows share one source; any other source is
	 * another file, which starts on the default connection */
	const char *path = ev->src->path ? ev->src->path : "";
	if (p->conn_seen != ev->src &&
	    (p->conn_src != ev->src || !p->conn_path || strcmp(p->conn_path, path))) {
		free(p->conn_path);
		free(p->conn_tenant);
		p->conn_path = strdup(path);
		if (!p->conn_path)
			abort();
		p->conn_tenant = NULL;
		p->conn_set = false;
		p->conn_src = ev->src;
	}
	p->conn_seen = ev->src;
	if (ev->start > ev->lead && !ev->host) {
		directive_ctx x = {p, ev};
		kp_comments(ev->src, ev->lead, ev->start, false, on_comment, &x);
	}
	if (ev->trail > ev->pos && ev->trail <= ev->src->len && !ev->host) {
		/* one after a statement on its line is not a connection's: warned */
		directive_ctx x = {p, ev};
		kp_comments(ev->src, ev->pos, ev->trail, false, on_comment, &x);
	}
	bool ddl = ev->stmt && kp_stmt_is_ddl(ev->stmt->kind);
	const char *tenant = p->conn_set ? p->conn_tenant : ddl && !p->conn_ddl ? NULL : p->opts->tenant;
	p->cat->tenant = tenant;
	p->base_cat.tenant = tenant;
	if (tenant == p->opts->tenant || (tenant && p->opts->tenant && !strcmp(tenant, p->opts->tenant)))
		return p->opts;
	p->conn_opts = *p->opts;
	p->conn_opts.tenant = tenant;
	return &p->conn_opts;
}
