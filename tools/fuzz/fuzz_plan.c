/* libFuzzer target: parse -> plan -> advise -> explain, through the
 * statement pipeline, on queries against a fixed schema (the bundled
 * example's shapes), for every target. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/pipeline.h"
#include "planner/explain.h"

static const char schema[] =
	"CREATE TABLE orders (userid VARCHAR(64), orderid BIGINT, amount DOUBLE, status VARCHAR(16),"
	"  PRIMARY KEY (userid, orderid));"
	"CREATE INDEX idx_status ON orders (status) INCLUDE (amount);"
	"CREATE TABLE m (host VARCHAR, ev VARCHAR, ts BIGINT, v DOUBLE, PRIMARY KEY (host, ev, ts DESC));"
	"CREATE TABLE h (p1 INT, p2 INT, v INT, PRIMARY KEY (hash32(p1), p1, p2));"
	"CREATE TABLE k (a BIGINT, b VARCHAR(8), c BIGINT, d BOOLEAN, PRIMARY KEY (a, b, c));";

/* Every statement printed every way a front end prints it. */
static int print(void *ctx, kp_event *ev)
{
	kp_buf *out = ctx;
	if (ev->phase != KP_EV_DONE)
		return 0;
	kp_buf_clear(out);
	kp_explain_text(out, &ev->plan, ev->stmt);
	kp_explain_json(out, &ev->plan, ev->stmt, ev->src, ev->start, ev->d);
	for (const kp_diag *g = ev->d->head; g; g = g->next)
		kp_diag_format(out, g, 1);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kp_buf out = {0};
	for (int target = 0; target < 4; target++) {
		/* a session per input: DDL in the input changes its schema */
		kp_pipe p;
		kp_pipe_init(&p, (kp_target)target);
		kp_source *s = kp_arena_alloc(&p.arena, sizeof *s);
		kp_source_from_string(s, "schema.sql", schema, sizeof schema - 1);
		kp_pipe_keep(&p, s);
		kp_pipe_source(&p, s, KP_ROLE_SCHEMA);
		kp_source *q = kp_arena_alloc(&p.arena, sizeof *q);
		kp_source_from_string(q, "fuzz.sql", (const char *)data, size);
		kp_pipe_keep(&p, q);
		p.fn = print;
		p.ctx = &out;
		kp_pipe_source(&p, q, KP_ROLE_QUERY);
		kp_pipe_free(&p);
	}
	kp_buf_free(&out);
	return 0;
}
