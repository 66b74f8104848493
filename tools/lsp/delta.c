/* keyplan/diagnosticDelta: pulled diagnostics as what changed since the
 * client's last answer, for keyplan's own VS Code extension (its
 * middleware asks instead of textDocument/diagnostic and hands VS Code
 * the whole list). LSP has no delta of a document's diagnostics: every
 * push or pull sends them all, megabytes for a large file with thousands
 * of findings, after each character typed. Here the client keeps the last
 * answer's pieces (one per statement that has a finding, in order) and
 * the server the same pieces by the chunks' ids (lsp.h: kp_lsp_piece), so
 * an edit sends its statement's diagnostics and, for each run of
 * statements the client has, three numbers: where the run is in its
 * pieces, how many, and by how many lines they moved.
 *
 *   params: {textDocument: {uri}, previousResultId?: string}
 *   result: {kind: "unchanged", resultId}
 *         | {kind: "delta", resultId, ops: [op...]}
 *   op:     [from, n, dl]    the client's pieces [from, from + n), every
 *                            line of their ranges, and of their related
 *                            locations in this document, moved by dl
 *         | {items: [Diagnostic...]}   a piece sent
 *
 * The new pieces are the ops' in order. Without a previousResultId, or
 * with another than the last answer's, every piece is sent. A document
 * whose diagnostics are not simply its statements' (a baseline, a finding
 * in a fragment sent once, no schema, a schema file: publish.c) is sent
 * whole, as one piece. */
#include "tools/lsp/lsp.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double clock_ms(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void index_old(kp_lsp_delta *x)
{
	x->cap = 16;
	while (x->cap < x->nold * 2)
		x->cap *= 2;
	x->slot_id = calloc(x->cap, sizeof *x->slot_id);
	x->slot_at = calloc(x->cap, sizeof *x->slot_at);
	if (!x->slot_id || !x->slot_at)
		abort();
	for (uint32_t k = 0; k < x->nold; k++) {
		uint32_t i = (uint32_t)(kp_lsp_hash_u64(0, x->old[k].id) & (x->cap - 1));
		while (x->slot_at[i] && x->slot_id[i] != x->old[k].id)
			i = (i + 1) & (x->cap - 1);
		if (!x->slot_at[i]) {   /* a chunk is one piece: ids are unique */
			x->slot_id[i] = x->old[k].id;
			x->slot_at[i] = k + 1;
		}
	}
}

void kp_lsp_delta_request(kp_lsp *s, const cJSON *id, const cJSON *params)
{
	kp_lsp_doc *d = kp_lsp_doc_of(s, id, params);
	if (!d)
		return;
	if (s->pull) {
		d->dirty = false;
		d->stale = false;
	}
	kp_lsp_analyze(s, d);
	/* the answer's time, as a publication's (keyplan/stats) */
	double t0 = clock_ms(CLOCK_MONOTONIC), c0 = clock_ms(CLOCK_THREAD_CPUTIME_ID);
	const cJSON *prev = cJSON_GetObjectItemCaseSensitive(params, "previousResultId");
	bool simple = kp_lsp_delta_simple(s, d);
	kp_lsp_delta x;
	memset(&x, 0, sizeof x);
	char rid[17], last[17];
	snprintf(last, sizeof last, "%016" PRIx64, d->dl_rid);
	if (simple && d->dl_valid && cJSON_IsString(prev) && !strcmp(prev->valuestring, last)) {
		x.old = d->dl_pieces;
		x.nold = d->dl_n;
		x.old_head = d->dl_head;
		index_old(&x);
	}
	kp_rpc_gather *g = &s->pub;
	kp_buf *b = &g->buf;
	size_t rid_at = kp_lsp_result_head(s, id, "delta", "ops");
	uint64_t sig;
	if (simple) {
		sig = kp_lsp_diag_delta(s, d, g, &x);
	} else {
		kp_buf_puts(b, "{\"items\":[");
		sig = kp_lsp_diag_items(s, d, g);
		kp_buf_puts(b, "]}");
	}
	kp_buf_puts(b, "]}}");
	snprintf(rid, sizeof rid, "%016" PRIx64, sig);
	if (cJSON_IsString(prev) && !strcmp(prev->valuestring, rid)) {
		/* the client has these: the delta written is not sent (one walk
		 * of the document, not a signature's and then a delta's) */
		cJSON *r = cJSON_CreateObject();
		cJSON_AddStringToObject(r, "kind", "unchanged");
		cJSON_AddStringToObject(r, "resultId", rid);
		kp_rpc_result(&s->out, id, r);
	} else {
		memcpy(b->data + rid_at, rid, 16);
		kp_rpc_send_gather(&s->out, g);
	}
	if (b->cap > ((size_t)64 << 20))
		kp_rpc_gather_free(g);
	free(x.slot_id);
	free(x.slot_at);
	free(d->dl_pieces);
	d->dl_pieces = NULL;
	d->dl_n = 0;
	d->dl_valid = simple;
	if (simple) {
		d->dl_pieces = x.now;
		d->dl_n = x.nnow;
		d->dl_rid = sig;
		d->dl_head = x.head;
	} else {
		free(x.now);
	}
	d->publish_ms = clock_ms(CLOCK_MONOTONIC) - t0;
	d->publish_cpu_ms = clock_ms(CLOCK_THREAD_CPUTIME_ID) - c0;
}
