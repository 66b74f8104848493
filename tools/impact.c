/* check --base-schema: how a schema change changes each workload query's
 * plan (KP130-KP134 and the report's migration impact). */
#include "tools/cli.h"

#include <string.h>

#include "planner/explain.h"

/* How well a plan serves its query, for comparing two: an error is worst,
 * then a rejected full scan, an allowed one, FILTERED SCAN, search, SCAN,
 * GET. */
static int plan_rank(const kp_plan *p, bool err)
{
	if (err)
		return -1;
	if (p->rejected)
		return 0;
	static const int rank[] = {[KP_ACCESS_NONE] = 6, [KP_ACCESS_GET] = 5, [KP_ACCESS_SCAN] = 4,
	                           [KP_ACCESS_SEARCH] = 3, [KP_ACCESS_FILTERED] = 2, [KP_ACCESS_FULL] = 1};
	return rank[p->access];
}

static int order_rank(kp_order o)
{
	return o == KP_ORDER_SORT ? 0 : o == KP_ORDER_REVERSE ? 1 : 2;
}

/* check --base-schema: a workload query planned against the old schema
 * (old) and the new one (now). A change of plan is a finding at the query
 * (KP130-KP134) and an entry of the report's migration impact. */
void cli_compare_plans(cli *c, kp_stmt *s, kp_source *src, const kp_plan *old, const kp_diag *old_err,
                          const kp_plan *now, const kp_diag *now_err, kp_arena *a, kp_diags *sd)
{
	int r0 = plan_rank(old, old_err), r1 = plan_rank(now, now_err);
	int o0 = order_rank(old->order), o1 = order_rank(now->order);
	const char *i0 = old->index ? old->index->name : "", *i1 = now->index ? now->index->name : "";
	kp_rule rule;
	const char *change;
	if (r0 < 0 && r1 < 0)
		return;   /* broken before and after: its own diagnostics say why */
	if (r0 < 0 && r1 == 0) {
		/* an error that becomes a rejected full scan is not fixed: the
		 * store still refuses the query */
		rule = KP_R_MIGRATION_BREAKS;
		change = "broken";
	} else if (r1 < r0) {
		rule = r1 <= 0 ? KP_R_MIGRATION_BREAKS : KP_R_MIGRATION_SLOWER;
		change = r1 <= 0 ? "broken" : "worse";
	} else if (r1 > r0) {
		rule = KP_R_MIGRATION_FASTER;
		change = r0 < 0 ? "fixed" : "better";
	} else if (o1 < o0) {
		rule = KP_R_MIGRATION_ORDER;
		change = "order";
	} else if (o1 > o0) {
		rule = KP_R_MIGRATION_FASTER;
		change = "better";
	} else if (strcmp(i0, i1)) {
		rule = KP_R_MIGRATION_PATH;
		change = "path";
	} else {
		return;
	}
	kp_buf t0 = {0}, t1 = {0};
	if (old_err)
		kp_buf_printf(&t0, "ERROR: %s", old_err->message);
	else
		kp_explain_text(&t0, old, s);
	if (now_err)
		kp_buf_printf(&t1, "ERROR: %s", now_err->message);
	else
		kp_explain_text(&t1, now, s);
	static const char *what[] = {[KP_R_MIGRATION_BREAKS] = "breaks this query",
	                             [KP_R_MIGRATION_SLOWER] = "makes this query slower",
	                             [KP_R_MIGRATION_ORDER] = "changes how this query's ORDER BY is served",
	                             [KP_R_MIGRATION_FASTER] = "serves this query better",
	                             [KP_R_MIGRATION_PATH] = "reads this query through another path"};
	size_t line_len;
	const char *line = kp_source_line_text(src, s->off, &line_len);
	uint32_t span = (uint32_t)(line_len - (size_t)(src->text + s->off - line));
	if (span > s->len)
		span = s->len;
	kp_diag *g = kp_diag_add(sd, a, rule, kp_rule_get(rule)->severity, src, s->off, span,
	                         "the schema change %s: %s -> %s", what[rule], t0.data, t1.data);
	if (rule == KP_R_MIGRATION_BREAKS || rule == KP_R_MIGRATION_SLOWER || rule == KP_R_MIGRATION_ORDER)
		kp_diag_help(g, a, "keep what the query needs in the new schema (its key order, the index it used), "
		             "change the query in the same release, or add an index (keyplan check, given the workload, says whether one pays)");
	kp_impact x;
	memset(&x, 0, sizeof x);
	x.file = src->path;
	kp_source_linecol(src, s->off, &x.line, &x.col);
	x.table = now->table ? now->table->name : old->table ? old->table->name : NULL;
	x.change = change;
	x.access[0] = old_err ? "error" : old->access == KP_ACCESS_NONE ? NULL : kp_access_name(old->access);
	x.access[1] = now_err ? "error" : now->access == KP_ACCESS_NONE ? NULL : kp_access_name(now->access);
	x.order[0] = old->order == KP_ORDER_NONE ? NULL : kp_order_name(old->order);
	x.order[1] = now->order == KP_ORDER_NONE ? NULL : kp_order_name(now->order);
	x.plan[0] = t0.data;
	x.plan[1] = t1.data;
	/* the query as the reviewer reads it: its text on one line */
	kp_buf q = {0};
	bool space = false;
	for (uint32_t i = s->off; i < s->off + s->len && i < src->len; i++) {
		char ch = src->text[i];
		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
			space = q.len > 0;
			continue;
		}
		if (space)
			kp_buf_putc(&q, ' ');
		space = false;
		kp_buf_putc(&q, ch);
	}
	x.statement = q.data ? q.data : "";
	x.sql = src->host ? src : NULL;   /* named once its host file is read */
	kp_report_impact(c->rep, &x);
	kp_buf_free(&t0);
	kp_buf_free(&t1);
	kp_buf_free(&q);
}

void cli_impact_variants(cli *c, const kp_host_stmt *st, kp_arena *a)
{
	/* the impacts of this statement are the last ones recorded, in the
	 * order of its variants (it is named while it is in memory: a host
	 * file's statements are handed over one by one) */
	kp_list *l = &c->rep->impacts;
	uint32_t i = l->n;
	while (i > 0 && ((kp_impact *)l->items[i - 1])->sql)
		i--;
	for (; i < l->n; i++) {
		kp_impact *x = l->items[i];
		unsigned v = 0;
		while (v < st->nv && &st->v[v].sql != x->sql)
			v++;
		x->sql = NULL;
		if (v < st->nv && st->nv > 1) {
			bool *in = kp_arena_alloc(a, st->nv);
			in[v] = true;
			const char *name = kp_host_describe(st, in, a);
			x->variant = name ? kp_arena_strndup(c->rep->a, name, strlen(name)) : NULL;
		}
	}
}
