/* libFuzzer target: parse -> plan -> advise -> explain, on queries against a
 * fixed schema (the bundled example's shapes). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "advisor/advisor.h"
#include "planner/explain.h"
#include "grammar/parse.h"

static const char schema[] =
	"CREATE TABLE orders (userid VARCHAR(64), orderid BIGINT, amount DOUBLE, status VARCHAR(16),"
	"  PRIMARY KEY (userid, orderid));"
	"CREATE INDEX idx_status ON orders (status) INCLUDE (amount);"
	"CREATE TABLE m (host VARCHAR, ev VARCHAR, ts BIGINT, v DOUBLE, PRIMARY KEY (host, ev, ts DESC));"
	"CREATE TABLE h (p1 INT, p2 INT, v INT, PRIMARY KEY (hash32(p1), p1, p2));"
	"CREATE TABLE k (a BIGINT, b VARCHAR(8), c BIGINT, d BOOLEAN, PRIMARY KEY (a, b, c));";

static kp_catalog cat;
static kp_source schema_src;
static kp_arena schema_arena;

static void init(void)
{
	kp_catalog_init(&cat);
	kp_arena_init(&schema_arena);
	kp_source_from_string(&schema_src, "schema.sql", schema, sizeof schema - 1);
	kp_list l = {0};
	kp_diags d = {0};
	kp_parse_all(&l, &schema_src, &schema_arena, &d);
	for (uint32_t i = 0; i < l.n; i++)
		kp_catalog_apply(&cat, l.items[i], &schema_src, &schema_arena, &d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	if (!ready) {
		init();
		ready = 1;
	}
	kp_source src;
	kp_source_from_string(&src, "fuzz.sql", (const char *)data, size);
	kp_parser *p = kp_parser_new();
	kp_arena a;
	kp_arena_init(&a);
	kp_buf out = {0};
	size_t pos = 0;
	kp_stmt *s;
	for (int target = 0; target < 4; target++) {
		kp_plan_opts opts;
		kp_target_plan_opts(&opts, (kp_target)target);
		pos = 0;
		for (;;) {
			kp_diags d = {0};
			kp_arena_reset(&a);
			if (!kp_parse_next(p, &s, &src, &pos, &a, &d))
				break;
			kp_plan plan;
			memset(&plan, 0, sizeof plan);
			if (s) {
				kp_plan_stmt(&plan, &cat, s, &opts, &src, &a, &d);
				kp_advise_statement((kp_target)target, s, &src, &a, &d);
			}
			kp_buf_clear(&out);
			kp_explain_text(&out, &plan, s);
			kp_explain_json(&out, &plan, s, &src, kp_parser_last_start(p), &d);
			for (const kp_diag *g = d.head; g; g = g->next)
				kp_diag_format(&out, g, 1);
		}
	}
	kp_buf_free(&out);
	kp_arena_free(&a);
	kp_parser_free(p);
	kp_source_free(&src);
	return 0;
}
