#include "kp_test.h"

#include "advisor/targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kpt_init(kpt *t)
{
	memset(t, 0, sizeof(*t));
	kp_catalog_init(&t->cat);
	kp_arena_init(&t->arena);
	/* the planner alone: no target's statement limits */
	kp_pipe_init(&t->pipe, KP_TARGET_LINDORM);
	kp_pipe_borrow(&t->pipe, &t->cat, &t->opts);
	t->pipe.limits = false;
	t->pipe.collect = &t->d;
	t->pipe.collect_arena = &t->arena;
}

void kpt_init_target(kpt *t, kp_target tg)
{
	kpt_init(t);
	kp_pipe_free(&t->pipe);
	kp_pipe_init(&t->pipe, tg);
	t->cat.names = kp_target_names(tg);
	t->cat.heap_tables = kp_target_heap_tables(tg);
	kp_target_plan_opts(&t->opts, tg);
	kp_pipe_borrow(&t->pipe, &t->cat, &t->opts);
	t->pipe.collect = &t->d;
	t->pipe.collect_arena = &t->arena;
}

void kpt_free(kpt *t)
{
	for (int i = 0; i < t->nsrcs; i++)
		kp_source_free(&t->srcs[i]);
	kp_pipe_free(&t->pipe);
	kp_catalog_free(&t->cat);
	kp_arena_free(&t->arena);
}

static void collect_rules(kpt *t)
{
	t->rules[0] = 0;
	for (const kp_diag *g = t->d.head; g; g = g->next) {
		if (t->rules[0])
			strncat(t->rules, " ", sizeof t->rules - strlen(t->rules) - 1);
		strncat(t->rules, kp_rule_get(g->rule)->id, sizeof t->rules - strlen(t->rules) - 1);
	}
}

int kpt_schema(kpt *t, const char *sql)
{
	if (t->nsrcs == (int)(sizeof t->srcs / sizeof t->srcs[0])) {
		/* a test with more schema calls than this would write past srcs */
		fprintf(stderr, "kpt_schema: more than %d schema sources in one test\n", t->nsrcs);
		abort();
	}
	kp_source *src = &t->srcs[t->nsrcs++];
	kp_source_from_string(src, "schema.sql", sql, strlen(sql));
	memset(&t->d, 0, sizeof t->d);
	kp_arena_reset(&t->arena);
	t->pipe.fn = NULL;
	kp_pipe_source(&t->pipe, src, KP_ROLE_SCHEMA);
	collect_rules(t);
	return (int)t->d.count[KP_SEV_ERROR];
}

/* The first statement: its plan and AST. */
static int first_stmt(void *ctx, kp_event *ev)
{
	kpt *t = ctx;
	if (ev->phase != KP_EV_DONE)
		return 0;
	t->plan = ev->plan;
	t->stmt = ev->stmt;
	return 1;
}

int kpt_plan(kpt *t, const char *sql)
{
	static kp_source src;
	kp_source_free(&src);
	kp_source_from_string(&src, "query.sql", sql, strlen(sql));
	kp_arena_reset(&t->arena);
	memset(&t->d, 0, sizeof t->d);
	memset(&t->plan, 0, sizeof t->plan);
	t->stmt = NULL;
	t->pipe.fn = first_stmt;
	t->pipe.ctx = t;
	kp_pipe_window(&t->pipe, &src, KP_ROLE_QUERY, false, false);
	t->access = t->plan.table ? kp_access_name(t->plan.access) : "none";
	t->order = kp_order_name(t->plan.order);
	kp_buf b = {0};
	if (t->plan.table && t->plan.access != KP_ACCESS_NONE)
		kp_ranges_json(&b, &t->plan);
	snprintf(t->ranges, sizeof t->ranges, "%s", b.data ? b.data : "");
	kp_buf_clear(&b);
	kp_filter_sql(&b, &t->plan);
	snprintf(t->filter, sizeof t->filter, "%s", b.data ? b.data : "");
	kp_buf_clear(&b);
	kp_explain_text(&b, &t->plan, t->stmt);
	snprintf(t->text, sizeof t->text, "%s", b.data ? b.data : "");
	kp_buf_free(&b);
	collect_rules(t);
	return (int)t->d.count[KP_SEV_ERROR];
}

int kpt_has_message(const kpt *t, const char *s)
{
	for (const kp_diag *g = t->d.head; g; g = g->next)
		if (strstr(g->message, s))
			return 1;
	return 0;
}

int kpt_setup(kpt *t, const char *schema)
{
	kpt_init(t);
	if (kpt_schema(t, schema) == 0)
		return 0;
	for (const kp_diag *g = t->d.head; g; g = g->next)
		fprintf(stderr, "schema: %s\n", g->message);
	return 1;
}

int kpt_main(const char *name, CU_InitializeFunc setup, CU_CleanupFunc teardown, CU_TestInfo *tests)
{
	CU_SuiteInfo suites[] = {{name, setup, teardown, NULL, NULL, tests}, CU_SUITE_INFO_NULL};
	if (CU_initialize_registry() != CUE_SUCCESS || CU_register_suites(suites) != CUE_SUCCESS) {
		fprintf(stderr, "%s: %s\n", name, CU_get_error_msg());
		return 1;
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	/* a failed setup skips the suite: that is a failure too, not a pass */
	unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed() +
	                  CU_get_number_of_suites_failed();
	CU_cleanup_registry();
	return failed ? 1 : 0;
}
