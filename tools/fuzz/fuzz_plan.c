/* libFuzzer target: parse -> plan -> statement limits -> explain, through
 * the statement pipeline, on queries against a fixed schema (the bundled
 * example's shapes), for every target.
 *
 * Each target's session (its parser, the schema parsed and applied) is
 * made once and reused while inputs leave its catalog as it was; after an
 * input whose DDL or failed CREATE changed it, the catalog is made again
 * from the schema's statements (parsed once), so every input starts from
 * the schema alone, as in a fresh session. Making the session was about
 * half of an execution's time. Statements of a shape an earlier input
 * had are read from the shape cache and planned on the resolution kept for
 * their shape, checked against their own (KP_SHAPE_CACHE=verify). */
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

#define SEEN 4096               /* diagnostics told apart in one input (a power of two) */

typedef struct run {
	kp_buf out;             /* what a front end would print (kept from input
	                           to input: grown again by doubling each time,
	                           its reallocs were 6% of an execution) */
	bool changed;           /* a statement changed the catalog */
	uint64_t seen[SEEN];    /* the diagnostics formatted as text in this input
	                           (their hashes; 0: free) */
	uint16_t used[SEEN / 2];   /* the slots of seen taken, to be cleared */
	uint32_t nseen;
} run;

static uint64_t mix(uint64_t h, uint64_t v)
{
	return (h ^ v) * 0x100000001b3ull;
}

/* s hashed eight bytes at a time (a byte at a time, the messages of
 * every diagnostic were 6% of an execution), then its length. */
static uint64_t mix_str(uint64_t h, const char *s)
{
	if (!s)
		return mix(h, 0x100);
	size_t n = strlen(s), i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		h = mix(h, w) ^ (h >> 29);
	}
	uint64_t w = 0;
	memcpy(&w, s + i, n - i);
	return mix(mix(h, w) ^ (h >> 29), n);
}

/* Everything kp_diag_format reads of g: where it points (the input's
 * text, or the schema's, alike for every target), what it says, its notes
 * and helps. */
static uint64_t diag_hash(const kp_diag *g)
{
	uint64_t h = 0xcbf29ce484222325ull;
	h = mix(h, (uint64_t)g->rule << 32 | (uint32_t)g->severity);
	h = mix(h, (uint64_t)g->off << 32 | g->len);
	h = mix_str(h, g->src ? g->src->path : g->file);
	h = mix(h, g->src ? g->src->len : g->file_line);
	h = mix_str(h, g->message);
	for (const kp_note *n = g->notes; n; n = n->next) {
		h = mix_str(mix(h, (uint64_t)n->off << 32 | (uint32_t)n->src->len), n->src->path);
		h = mix_str(h, n->message);
	}
	for (const kp_help *x = g->helps; x; x = x->next)
		h = mix_str(h, x->message);
	return h ? h : 1;
}

/* Was a diagnostic the same as g formatted earlier in this input? The
 * four targets mostly find the same syntax errors in an input, and the
 * text of a finding (its line excerpt above all) was a third of an
 * execution, the same work up to four times. */
static bool seen_before(run *r, const kp_diag *g)
{
	uint64_t h = diag_hash(g);
	if (r->nseen >= SEEN / 2)
		return false;   /* full: formatted again */
	for (uint32_t i = (uint32_t)(h >> 40) & (SEEN - 1);; i = (i + 1) & (SEEN - 1)) {
		if (r->seen[i] == h)
			return true;
		if (!r->seen[i]) {
			r->seen[i] = h;
			r->used[r->nseen++] = (uint16_t)i;
			return false;
		}
	}
}

/* Every statement printed every way a front end prints it: its plan as
 * text and JSON (the JSON with its diagnostics), each diagnostic as text
 * once in the input (the same finding of another target is the same
 * text). */
static int print(void *ctx, kp_event *ev)
{
	run *r = ctx;
	if (ev->phase != KP_EV_DONE)
		return 0;
	if (ev->stmt && kp_stmt_is_ddl(ev->stmt->kind))
		r->changed = true;
	kp_buf_clear(&r->out);
	kp_explain_text(&r->out, &ev->plan, ev->stmt);
	kp_explain_json(&r->out, &ev->plan, ev->stmt, ev->src, ev->start, ev->d);
	for (const kp_diag *g = ev->d->head; g; g = g->next)
		if (!seen_before(r, g))
			kp_diag_format(&r->out, g, 1);
	return 0;
}

static kp_pipe sessions[4];
static kp_source *schema_src[4];
static kp_list schema_stmts[4];   /* kp_stmt*, in the session's arena */
static bool made[4];

static int keep_schema(void *ctx, kp_event *ev)
{
	int target = (int)(intptr_t)ctx;
	if (ev->phase == KP_EV_DONE && ev->stmt)
		kp_list_push(&sessions[target].arena, &schema_stmts[target], ev->stmt);
	return 0;
}

static void make_session(int target)
{
	kp_pipe *p = &sessions[target];
	/* a statement of a shape seen in an earlier input reuses its shape's
	 * resolution (planner/reuse.c): resolved again and compared, an
	 * abort where they differ */
	setenv("KP_SHAPE_CACHE", "verify", 0);
	kp_pipe_init(p, (kp_target)target);
	kp_source *s = kp_arena_alloc(&p->arena, sizeof *s);
	kp_source_from_string(s, "schema.sql", schema, sizeof schema - 1);
	kp_pipe_keep(p, s);
	schema_src[target] = s;
	p->keep_stmts = true;   /* the schema's statements, applied again below */
	p->fn = keep_schema;
	p->ctx = (void *)(intptr_t)target;
	kp_pipe_source(p, s, KP_ROLE_SCHEMA);
	p->keep_stmts = false;
	made[target] = true;
}

/* The catalog as the schema alone makes it: a new one, the schema's
 * statements applied again (parsed once). */
static void reset_catalog(int target)
{
	kp_pipe *p = &sessions[target];
	int names = p->own_cat.names;
	bool heap = p->own_cat.heap_tables;
	kp_catalog_free(&p->own_cat);
	kp_catalog_init(&p->own_cat);
	p->own_cat.names = names;
	p->own_cat.heap_tables = heap;
	kp_arena a;
	kp_arena_init(&a);
	for (uint32_t i = 0; i < schema_stmts[target].n; i++) {
		kp_diags d = {0};
		kp_catalog_apply(p->cat, schema_stmts[target].items[i], schema_src[target], &a, &d);
	}
	kp_arena_free(&a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static run r;   /* its table of diagnostics seen is 32 KB: only the
	                   slots taken are cleared */
	for (uint32_t i = 0; i < r.nseen; i++)
		r.seen[r.used[i]] = 0;
	r.nseen = 0;
	for (int target = 0; target < 4; target++) {
		if (!made[target])
			make_session(target);
		kp_pipe *p = &sessions[target];
		uint32_t failed = p->cat->failed.n;
		kp_source q;
		kp_source_from_string(&q, "fuzz.sql", (const char *)data, size);
		r.changed = false;
		p->fn = print;
		p->ctx = &r;
		kp_pipe_source(p, &q, KP_ROLE_QUERY);
		p->fn = NULL;
		kp_arena_reset(&p->scratch);   /* the last statement pointed into q */
		kp_source_free(&q);
		if (r.changed || p->cat->failed.n != failed)
			reset_catalog(target);   /* it may point into q, too */
	}
	if (r.out.cap > (1u << 20))
		kp_buf_free(&r.out);   /* kept, but not a huge one */
	return 0;
}
