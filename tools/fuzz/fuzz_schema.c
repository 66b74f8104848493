/* libFuzzer target: schema and queries together, through the statement
 * pipeline: DDL builds a catalog, the queries are planned, and the advisor
 * runs over the whole workload. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/pipeline.h"
#include "planner/explain.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	kp_pipe p;
	kp_pipe_init(&p, (kp_target)(size % 4));
	kp_source *src = kp_arena_alloc(&p.arena, sizeof *src);
	kp_source_from_string(src, "fuzz.sql", (const char *)data, size);
	kp_pipe_keep(&p, src);
	/* the advisor's arena kept from input to input, reset (its newest,
	 * largest block kept, as a session's scratch arena is): made afresh
	 * each input it grew through 128 KB, 256 KB and larger blocks again,
	 * each mapped with every page cleared (the first 65 KB chunk of each
	 * of the advisor's logs takes a new block), a fifth of an ASan
	 * execution in the kernel */
	static kp_arena a;
	kp_arena_reset(&a);
	kp_diags d = {0};
	kp_advisor adv;
	kp_advisor_init(&adv, p.cat, p.target, &a, &d);
	p.adv = &adv;
	p.collect = &d;
	p.collect_arena = &a;
	kp_pipe_source(&p, src, KP_ROLE_WORKLOAD);
	kp_advisor_run(&adv);
	kp_table_summary *sums;
	kp_advisor_summary(&adv, &sums);
	/* each diagnostic written on its own, over the last: all of an
	 * input's in one buffer grew it past 128 KB, which ASan maps, faults
	 * in and unmaps at every input; a new buffer each input still grows
	 * as the writers write (their growth paths stay covered) */
	kp_buf out = {0};
	for (const kp_diag *g = d.head; g; g = g->next) {
		kp_buf_clear(&out);
		kp_diag_format(&out, g, 0);
		kp_diag_json(&out, g);
	}
	kp_buf_free(&out);
	kp_pipe_free(&p);
	return 0;
}
