/* Lint's findings of a file in position order where the directives make
 * them come out of it: the file pass reports a malformed ignore-file or
 * disable before the statements above it, and with
 * --report-unused-ignores lint says which directives silence nothing
 * where they are: in position order with the other findings of
 * their file (ruff's RUF100, eslint's unused disable directives). A
 * statement's keyplan:ignore is judged when its statement is done; an
 * ignore-file or a keyplan:disable block may still silence a finding
 * further down, so it is judged when it first silences one, or at the
 * file's end. Until then the file's findings are held here, formatted, and
 * written sorted by file, line and column. Memory: a statement's findings,
 * or a file's when one of its file-wide directives stays unused to the
 * end. */
#include "tools/reportInt.h"

#include <stdlib.h>
#include <string.h>

typedef struct kp_held {
	uint32_t off, len;      /* its text in kp_report.held */
	uint32_t path;          /* its file: index in hold_paths */
	uint32_t line, col;     /* where it is */
	uint32_t seq;           /* the order it came in (the sort is stable) */
	kp_severity sev;
	kp_rule rule;
	bool ahead;             /* reported by the file pass, before the
	                           statements it may follow */
} kp_held;

static uint32_t path_index(kp_report *r, const char *path)
{
	for (uint32_t i = 0; i < r->nhold_paths; i++)
		if (!strcmp(r->hold_paths[i], path))
			return i;
	r->hold_paths = realloc(r->hold_paths, (r->nhold_paths + 1) * sizeof *r->hold_paths);
	char *p = strdup(path);
	if (!r->hold_paths || !p)
		abort();
	r->hold_paths[r->nhold_paths] = p;
	return r->nhold_paths++;
}

void kp_report_hold(kp_report *r, const kp_diag *c)
{
	if (r->nholds == r->capholds) {
		r->capholds = r->capholds ? 2 * r->capholds : 64;
		r->holds = realloc(r->holds, r->capholds * sizeof *r->holds);
		if (!r->holds)
			abort();
	}
	kp_held *h = &r->holds[r->nholds];
	memset(h, 0, sizeof *h);
	if (c->src) {
		/* SQL taken out of application code is where it is in the host */
		kp_source *at;
		kp_source_origin(c->src, c->off, &at);
		kp_source_linecol(c->src, c->off, &h->line, &h->col);
		h->path = path_index(r, at->path);
	}
	h->seq = r->nholds;
	h->ahead = r->ahead;
	h->sev = c->severity;
	h->rule = c->rule;
	h->off = (uint32_t)r->held.len;
	kp_report_format(r, &r->held, c);
	h->len = (uint32_t)(r->held.len - h->off);
	r->nholds++;
}

static int cmp_held(const void *a, const void *b)
{
	const kp_held *x = a, *y = b;
	if (x->path != y->path)
		return x->path < y->path ? -1 : 1;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Writes the held findings in position order: all of them (all), or
 * those up to the last one the statements reported; what the file pass
 * reported further down waits for the statements there. */
static void release(kp_report *r, bool all)
{
	if (r->nholds > 1)
		qsort(r->holds, r->nholds, sizeof *r->holds, cmp_held);
	uint32_t upto = r->nholds;
	if (!all)
		while (upto > 0 && r->holds[upto - 1].ahead)
			upto--;
	for (uint32_t i = 0; i < upto; i++) {
		const kp_held *h = &r->holds[i];
		kp_report_commit(r, h->sev, h->rule, r->held.data + h->off, h->len);
	}
	if (upto == r->nholds) {
		r->nholds = 0;
		kp_buf_clear(&r->held);
		for (uint32_t i = 0; i < r->nhold_paths; i++)
			free(r->hold_paths[i]);
		r->nhold_paths = 0;
		return;
	}
	/* the rest stays, its text moved to the front (it is short: the
	 * file pass's warnings), its order kept (seq) */
	kp_buf rest = {0};
	uint32_t n = 0;
	for (uint32_t i = upto; i < r->nholds; i++) {
		kp_held h = r->holds[i];
		uint32_t off = (uint32_t)rest.len;
		kp_buf_put(&rest, r->held.data + h.off, h.len);
		h.off = off;
		h.seq = n;
		r->holds[n++] = h;
	}
	r->nholds = n;
	kp_buf_free(&r->held);
	r->held = rest;
}

/* The KP022 of a directive that silenced nothing, held in its place. */
static void unused(kp_report *r, kp_suppression *s)
{
	s->judged = true;
	kp_diags d = {0};
	kp_diag_add(&d, &r->scratch, KP_R_UNKNOWN_DIRECTIVE, KP_SEV_WARNING, s->at, s->off, 0,
	            "this keyplan:%s silences nothing", s->block ? "disable" : s->file_wide ? "ignore-file" : "ignore");
	kp_report_emit(r, &d);
	kp_arena_reset(&r->scratch);
}

void kp_report_hold_stmt_done(kp_report *r)
{
	for (uint32_t i = 0; i < r->active.n; i++) {
		kp_suppression *s = r->active.items[i];
		if (r->report_unused && !s->file_wide && !s->used && !s->judged)
			unused(r, s);
	}
	/* the file's ignore-file and disable directives that silenced nothing
	 * yet may still silence a finding below: the findings wait for them */
	for (uint32_t i = r->file_sups; r->report_unused && i < r->sups.n; i++) {
		const kp_suppression *s = r->sups.items[i];
		if (s->file_wide && !s->used)
			return;
	}
	release(r, false);
}

void kp_report_file_begin(kp_report *r)
{
	r->file_sups = r->sups.n;
	r->in_file = true;
	r->holding = r->report_unused && !r->sink;
}

void kp_report_file_end(kp_report *r)
{
	r->in_file = false;
	if (!r->holding)
		return;
	for (uint32_t i = r->file_sups; r->report_unused && i < r->sups.n; i++) {
		kp_suppression *s = r->sups.items[i];
		if (!s->used && !s->judged)
			unused(r, s);
	}
	release(r, true);
	r->holding = false;
	free(r->holds);
	free(r->hold_paths);
	r->holds = NULL;
	r->hold_paths = NULL;
	r->capholds = 0;
	kp_buf_free(&r->held);
}
