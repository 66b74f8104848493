/* libFuzzer target: schema and queries together: DDL builds a catalog, the
 * queries are planned, and the advisor runs over the whole workload. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "advisor/advisor.h"
#include "planner/explain.h"
#include "grammar/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kp_source src;
	kp_source_from_string(&src, "fuzz.sql", (const char *)data, size);
	kp_catalog cat;
	kp_catalog_init(&cat);
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	kp_parser *p = kp_parser_new();
	kp_advisor adv;
	kp_advisor_init(&adv, &cat, (kp_target)(size % 4), &a, &d);
	kp_plan_opts opts;
	kp_target_plan_opts(&opts, (kp_target)(size % 4));
	size_t pos = 0;
	kp_stmt *s;
	while (kp_parse_next(p, &s, &src, &pos, &a, &d)) {
		if (!s)
			continue;
		if (s->kind == KP_S_CREATE_TABLE || s->kind == KP_S_CREATE_INDEX || s->kind == KP_S_DROP) {
			kp_catalog_apply(&cat, s, &src, &a, &d);
			continue;
		}
		kp_plan plan;
		kp_plan_stmt(&plan, &cat, s, &opts, &src, &a, &d);
		kp_advisor_add(&adv, s, &plan, &src, 1);
	}
	kp_advisor_run(&adv);
	kp_table_summary *sums;
	kp_advisor_summary(&adv, &sums);
	kp_buf out = {0};
	for (const kp_diag *g = d.head; g; g = g->next) {
		kp_diag_format(&out, g, 0);
		kp_diag_json(&out, g);
	}
	kp_buf_free(&out);
	kp_parser_free(p);
	kp_arena_free(&a);
	kp_catalog_free(&cat);
	kp_source_free(&src);
	return 0;
}
