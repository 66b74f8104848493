/* Diagnostics and plans of a document, statement by statement.
 *
 * A document is cut into chunks at each top-level ';' (with what trails it
 * on its line: a trailing keyplan:ignore belongs to the statement before
 * it), found by the SQL lexer alone. A chunk's result (the findings lint
 * reports for it, and its statements' plans) is cached under a hash of its
 * text and of what it is planned against: the workspace's schema
 * generation, the target, the file-wide directives, the schema changes
 * made by the document's own DDL before it. After an edit only the chunks
 * whose key changed go through the pipeline again, as Postgres's language
 * server caches statements; the rest keep their results and move with
 * their text. SQL in application code is planned statement by statement
 * too, from the whole file (analyze_host.c).
 *
 * The findings go through the lint report (tools/report.h) with a sink
 * instead of an output format, so suppressions, .keyplan rule settings and
 * baselines apply exactly as in keyplan lint. */
#include "tools/lsp/lsp.h"
#include "tools/lsp/regions.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "grammar/lexer.h"
#include "grammar/parser.h"
#include "advisor/advisor.h"
#include "lib/embed.h"
#include "planner/explain.h"

static char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (!p)
		abort();
	return p;
}

static void *grow(void *p, uint32_t *cap, uint32_t n, size_t size)
{
	if (n < *cap)
		return p;
	*cap = *cap ? *cap * 2 : 1;   /* most chunks hold one statement: no room to spare */
	p = realloc(p, *cap * size);
	if (!p)
		abort();
	return p;
}

void kp_lsp_chunk_free(kp_lsp_chunk *c)
{
	for (uint32_t i = 0; i < c->ndiags; i++) {
		kp_lsp_unintern(c->diags[i].message);
		for (uint32_t k = 0; k < c->diags[i].nnotes; k++) {
			kp_lsp_unintern(c->diags[i].notes[k].path);
			kp_lsp_unintern(c->diags[i].notes[k].message);
		}
		free(c->diags[i].notes);
	}
	for (uint32_t i = 0; i < c->nstmts; i++) {
		kp_lsp_unintern(c->stmts[i].table);
		free(c->stmts[i].index);
	}
	free(c->diags);
	free(c->stmts);
	kp_lsp_json_free(c->json);
	memset(c, 0, sizeof *c);
}

void kp_lsp_ref_learn(kp_lsp_ref *r)
{
	r->has_diags = r->c->ndiags != 0;
	r->self_abs = r->c->self_abs;
}

void kp_lsp_doc_drop_analysis(kp_lsp_doc *d)
{
	for (uint32_t i = 0; i < d->nrefs; i++) {
		kp_lsp_chunk_free(d->refs[i].c);
		free(d->refs[i].c);
	}
	free(d->refs);
	d->refs = NULL;
	d->nrefs = 0;
	if (d->whole) {
		kp_lsp_chunk_free(d->whole);
		free(d->whole);
		d->whole = NULL;
	}
	kp_lsp_regions_free(d->rg);
	d->rg = NULL;
	d->analyzed = false;
	d->pc.valid = false;
}

/* ------------------------------------------------------------ one run */

typedef kp_lsp_pass run;

/* The offset in the chunk of a place a finding points at: the chunk's
 * own source, the host file its SQL came from, or a copy of one of its
 * lines (a directive's warning, kept past its window). */
static bool local_offset(run *r, kp_source *src, uint32_t off, uint32_t *out)
{
	if (!src)
		return false;
	if (src == r->src) {
		*out = off;
		return true;
	}
	if (src->host) {
		kp_source *where;
		size_t o = kp_source_origin(src, off, &where);
		if (where == r->src) {
			*out = (uint32_t)o;
			return true;
		}
		return false;
	}
	if (!strcmp(src->path, r->src->path) && src->base_line > 0 && src->base_line >= r->src->base_line) {
		/* a line copied out of the chunk: find that line (the lines are
		 * the file's when the chunk's are) */
		const char *t = r->src->text, *e = t + r->src->len;
		const char *p = t;
		for (uint32_t l = r->src->base_line; l < src->base_line && p < e; l++) {
			const char *nl = memchr(p, '\n', (size_t)(e - p));
			p = nl ? nl + 1 : e;
		}
		*out = (uint32_t)(p - t) + off;
		if (*out > r->src->len)
			*out = (uint32_t)r->src->len;
		return true;
	}
	if (!strcmp(src->path, r->src->path) && src->base_line == 0 && src->len <= r->src->len &&
	    !memcmp(src->text, r->src->text, src->len)) {
		*out = off;   /* a copy of the first line */
		return true;
	}
	return false;
}

static void sink(void *ctx, const kp_diag *g)
{
	run *r = ctx;
	kp_lsp_chunk *c = r->out;
	c->diags = grow(c->diags, &c->dcap, c->ndiags, sizeof *c->diags);
	kp_lsp_diag *x = &c->diags[c->ndiags++];
	memset(x, 0, sizeof *x);
	x->rule = g->rule;
	x->severity = g->severity;
	/* as the report fingerprints a finding for --baseline: the baseline is
	 * applied when the document's findings are published, in its order */
	if (r->want_fp)
		x->fp = kp_fingerprint(&r->shape, g->rule, g->src, g->off, &x->fp1);
	uint32_t off = 0, end = 0, last;
	if (local_offset(r, g->src, g->off, &off)) {
		/* in SQL taken from a host file, the end is just past the span's
		 * last byte, as lint has it (base/source.c:
		 * kp_source_linecol_end): the byte after the span may be the start
		 * of the next piece, lines further */
		if (g->src->host && g->len && g->off + g->len <= g->src->len &&
		    local_offset(r, g->src, g->off + g->len - 1, &last))
			end = last + 1;
		else if (!local_offset(r, g->src, g->off + g->len, &end))
			end = off;
		if (end < off)
			end = off;
	}
	x->off = off;
	x->end = end;
	/* the message written in one buffer kept from finding to finding (it
	 * is interned, copied where new): a buffer made and grown for each
	 * was most of the language server's allocations (fuzz_lsp) */
	static kp_buf m;
	kp_buf_clear(&m);
	kp_buf_puts(&m, g->message);
	if (!g->src && g->file)
		kp_buf_printf(&m, " (%s)", g->file);
	for (const kp_help *h = g->helps; h; h = h->next)
		kp_buf_printf(&m, "\nhelp: %s", h->message);
	x->message = kp_lsp_intern(m.data, m.len);
	uint32_t n = 0;
	for (const kp_note *nt = g->notes; nt; nt = nt->next)
		n++;
	if (n) {
		x->notes = calloc(n, sizeof *x->notes);
		if (!x->notes)
			abort();
	}
	for (const kp_note *nt = g->notes; nt; nt = nt->next) {
		kp_lsp_note *o = &x->notes[x->nnotes];
		uint32_t lo;
		if (local_offset(r, nt->src, nt->off, &lo)) {
			o->path = NULL;   /* this document: placed when published */
			o->line = lo;
		} else if (nt->src) {
			kp_source *where;
			size_t wo = kp_source_origin(nt->src, nt->off, &where);
			o->path = kp_lsp_intern_str(where->path);
			if (r->doc_path && !strcmp(where->path, r->doc_path))
				r->out->self_abs = true;   /* this document, outside the chunk */
			/* the line through the source's own table (a note points into
			 * the schema: counting lines from its start for each finding
			 * cost more than planning), the character within it */
			uint32_t l, col;
			kp_source_linecol(where, wo, &l, &col);
			size_t ls = where->lines[l - 1 - where->base_line];
			uint32_t l0;
			kp_text_position(where->text + ls, where->len - ls, wo - ls, r->s->enc, &l0, &o->ch);
			o->line = l - 1 + l0;
		} else {
			continue;
		}
		o->message = kp_lsp_intern_str(nt->message);
		x->nnotes++;
	}
}

/* A plan as Markdown: class, path and index, rows it reads, key ranges,
 * residual filter, order; the explain line in a block. */
static char *plan_hover(const kp_event *ev, const char *label)
{
	const kp_plan *p = &ev->plan;
	kp_buf b = {0};
	kp_buf_printf(&b, "**%s**", label);
	if (p->table) {
		kp_buf_printf(&b, " on `%s`", p->table->name);
		kp_buf key = {0};
		if (p->key)
			kp_key_notation(&key, p->table, p->key);
		kp_buf_putc(&key, 0);
		if (p->index)
			kp_buf_printf(&b, " through index `%s` `%s`%s", p->index->name, key.data,
			              p->covering ? " (covering)" : " (reads the table for the other columns)");
		else if (p->key)
			kp_buf_printf(&b, " through its primary key `%s`", key.data);
		kp_buf_free(&key);
	}
	kp_buf_puts(&b, "\n\n");
	switch (p->access) {
	case KP_ACCESS_GET:
		kp_buf_printf(&b, "- reads: %d row%s, each by its whole key\n", p->nranges, p->nranges == 1 ? "" : "s");
		break;
	case KP_ACCESS_SCAN:
	case KP_ACCESS_FILTERED:
		kp_buf_printf(&b, "- reads: the rows of %d key range%s\n", p->nranges, p->nranges == 1 ? "" : "s");
		break;
	case KP_ACCESS_SEARCH:
		kp_buf_puts(&b, "- reads: the rows the search index finds\n");
		break;
	case KP_ACCESS_FULL:
		kp_buf_printf(&b, "- reads: every row of `%s`%s\n", p->table ? p->table->name : "the table",
		              p->rejected ? " (the store rejects it)" : "");
		break;
	default:
		break;
	}
	kp_buf f = {0};
	kp_filter_sql(&f, p);
	kp_buf_putc(&f, 0);
	kp_buf_printf(&b, "- filter: %s%s%s\n", f.data[0] ? "`" : "", f.data[0] ? f.data : "none", f.data[0] ? "`" : "");
	kp_buf_free(&f);
	if (p->order != KP_ORDER_NONE)
		kp_buf_printf(&b, "- order: %s\n", p->order == KP_ORDER_KEY ? "served by the key" :
		              p->order == KP_ORDER_REVERSE ? "served by a reverse scan" : "sorted after reading");
	kp_buf line = {0};
	kp_explain_text(&line, p, ev->stmt);
	kp_buf_putc(&line, 0);
	kp_buf_printf(&b, "\n```text\n%s\n```\n", line.data);
	kp_buf_free(&line);
	kp_buf_putc(&b, 0);
	return b.data;
}

static const char *label_of(const kp_plan *p)
{
	if (p->rejected)
		return "REJECTED";
	switch (p->access) {
	case KP_ACCESS_GET: return "GET";
	case KP_ACCESS_SCAN: return "SCAN";
	case KP_ACCESS_FILTERED: return "FILTERED SCAN";
	case KP_ACCESS_SEARCH: return "SEARCH";
	case KP_ACCESS_FULL: return "FULL SCAN";
	default: return NULL;
	}
}

static void record_stmt(run *r, kp_event *ev)
{
	uint32_t start, end;
	uint32_t last = ev->end;
	if (ev->stmt && ev->stmt->off + ev->stmt->len > last)
		last = ev->stmt->off + ev->stmt->len;   /* SQL in application code reports no end */
	if (!local_offset(r, ev->src, ev->start, &start) || !local_offset(r, ev->src, last, &end))
		return;
	kp_lsp_chunk *c = r->out;
	for (uint32_t i = 0; i < c->nstmts; i++)
		if (c->stmts[i].start == start)
			return;   /* another variant of the same SQL in application code */
	c->stmts = grow(c->stmts, &c->scap, c->nstmts, sizeof *c->stmts);
	kp_lsp_stmt *x = &c->stmts[c->nstmts++];
	memset(x, 0, sizeof *x);
	x->start = start;
	x->end = end < start ? start : end;
	if (ev->planned && ev->plan.table) {
		x->label = label_of(&ev->plan);   /* the Markdown is made on hover: kp_lsp_plan_markdown */
		x->table = kp_lsp_intern_str(ev->plan.table->name);
		x->index = ev->plan.index ? xstrdup(ev->plan.index->name) : NULL;
	}
	if (ev->stmt) {
		x->is_select = ev->stmt->kind == KP_S_SELECT;
		uint32_t kw;
		if (local_offset(r, ev->src, ev->stmt->off + (x->is_select ? 6 : 0), &kw))
			x->kw_end = kw;
	}
}

/* A hover's plan: the statement's chunk planned again (a plan is kept
 * only as its label, so that open documents stay small). */
typedef struct hover_run {
	run r;
	uint32_t start;         /* the statement's start in the chunk */
	char *md;
	bool before;            /* application code: plan every statement up to it */
} hover_run;

/* Application code: only the statement hovered is planned (and, when the
 * file holds DDL, those before it). */
static bool hover_want(void *ctx, const kp_host_file *hf, const kp_host_stmt *st)
{
	(void)hf;
	hover_run *h = ctx;
	return h->before ? st->off <= h->start : st->off <= h->start && h->start <= st->end;
}

static int hover_event(void *ctx, kp_event *ev)
{
	hover_run *h = ctx;
	uint32_t start;
	if (ev->phase != KP_EV_DONE || !local_offset(&h->r, ev->src, ev->start, &start) || start != h->start)
		return 0;
	const char *label = ev->planned && ev->plan.table ? label_of(&ev->plan) : NULL;
	if (label && !h->md)
		h->md = plan_hover(ev, label);
	return 1;
}

static void no_emit(void *ctx, const kp_diags *d, kp_arena *a)
{
	(void)ctx;
	(void)d;
	(void)a;
}

char *kp_lsp_plan_markdown(kp_lsp *s, kp_lsp_doc *d, size_t off)
{
	uint32_t base;
	const kp_lsp_stmt *st = kp_lsp_stmt_at(d, off, &base);
	if (!st || !st->label || kp_lsp_doc_schema(d))
		return NULL;
	uint32_t i = 0;
	while (i < d->nrefs && d->refs[i].base != base)
		i++;
	if (i == d->nrefs)
		return NULL;
	kp_lsp_ws *w = d->ws;
	kp_pipe tmp;
	bool host = d->lang != KP_LANG_SQL;
	kp_pipe *p = kp_lsp_ws_pipe(w, &tmp, d->had_ddl);
	if (d->had_ddl) {
		/* the document's own DDL before the statement shapes its schema */
		for (uint32_t k = 0; k < i && !host; k++) {
			kp_source *src = kp_arena_alloc(&p->arena, sizeof *src);
			kp_source_from_string(src, d->path, d->t.text + d->refs[k].base, d->refs[k].len);
			kp_pipe_source(p, src, KP_ROLE_QUERY);
			kp_pipe_keep(p, src);   /* the catalog may point into it */
		}
	}
	kp_source src;
	hover_run h;
	memset(&h, 0, sizeof h);
	if (host) {
		/* the host scanner reads the whole file */
		kp_source_from_string(&src, d->path, d->t.text, d->t.len);
		h.start = base + st->start;
		h.before = d->had_ddl;
	} else {
		kp_source_from_string(&src, d->path, d->t.text + base, d->refs[i].len);
		h.start = st->start;
	}
	h.r.s = s;
	h.r.ws = w;
	h.r.src = &src;
	p->fn = hover_event;
	p->ctx = &h;
	if (host) {
		kp_embed_sink es = {no_emit, NULL, NULL, &h, hover_want, false, NULL};
		bool keep = false;
		kp_arena ha;
		kp_arena_init(&ha);
		kp_host_file *hf = kp_embed_run(p, &src, (kp_lang)d->lang, KP_ROLE_QUERY, &es, &ha, &keep);
		kp_host_file_free(hf);
		kp_arena_free(&ha);
	} else {
		kp_pipe_source(p, &src, KP_ROLE_QUERY);
	}
	kp_lsp_ws_pipe_done(w, p);
	kp_source_free(&src);
	return h.md;
}

/* A CREATE TABLE's annotations (the comment lines above it: -- rows:,
 * -- distinct:, -- range: ...), each malformed one KP022 as check says it
 * (advisor/annotations.c's reader); lint reads only the statements'
 * -- weight: and -- rate:. Only the table this statement made: not one an
 * IF NOT EXISTS found made before. */
static void table_annotations(run *r, const kp_event *ev)
{
	if (!ev->stmt || ev->stmt->kind != KP_S_CREATE_TABLE)
		return;
	const kp_name *nm = &ev->stmt->u.create_table.name;
	const kp_table *t = nm->s ? kp_catalog_find(r->pipe->cat, nm->s, nm->len) : NULL;
	if (t && t->src == ev->src && t->off >= ev->start && t->off < ev->end)
		kp_annotations_check(r->pipe->cat, t, ev->d, ev->a);
}

int kp_lsp_on_event(void *ctx, kp_event *ev)
{
	run *r = ctx;
	kp_report *rep = r->rep;
	switch (ev->phase) {
	case KP_EV_PARSED:
		kp_report_directives(rep, ev->src, ev->lead, ev->start, ev->start, &ev->weight);
		kp_report_stmt_end(rep, ev->src, ev->start, ev->end);
		kp_report_stmt_directives(rep, ev->src, ev->start, ev->end, ev->pos, ev->trail);
		break;
	case KP_EV_PLANNED:
		break;
	case KP_EV_DONE:
		record_stmt(r, ev);
		if (ev->host)
			break;   /* lib/embed.c merges the variants' findings */
		kp_report_stmt_shape(rep, ev->src, ev->start, ev->end, ev->plan.table ? ev->plan.table->name : NULL);
		table_annotations(r, ev);
		if (r->want_fp) {
			kp_arena_reset(&r->shape_arena);
			kp_shape_of(&r->shape, ev->src, ev->start, ev->end, ev->plan.table ? ev->plan.table->name : NULL,
			            &r->shape_arena);
			/* baselines know a statement by its fingerprint, as lint does */
			kp_fp_opts fo;
			kp_target_fp_opts(&fo, r->pipe->target);
			r->shape.ast = ev->stmt ? kp_stmt_fingerprint(ev->stmt, &fo) : 0;
		}
		kp_report_emit(rep, ev->d);
		r->shape.set = false;
		kp_report_stmt_clear(rep);
		if (ev->role == KP_ROLE_QUERY)
			kp_report_stmt_done(rep);
		break;
	case KP_EV_END:
		kp_report_emit(rep, ev->d);
		kp_report_directives(rep, ev->src, ev->lead, ev->src->len, (uint32_t)ev->src->len, NULL);
		break;
	}
	return 0;
}

FILE *kp_lsp_devnull(void)
{
	static FILE *f;
	if (!f)
		f = fopen("/dev/null", "w");
	return f ? f : stderr;
}

void kp_lsp_report_start(kp_lsp_ws *w, kp_report *rep, kp_arena *a, run *r)
{
	memset(rep, 0, sizeof *rep);
	memcpy(rep->rules, w->rules, sizeof rep->rules);
	kp_report_begin(rep, a, kp_lsp_devnull(), KP_FMT_TEXT, 0);
	rep->sink = sink;
	rep->sink_ctx = r;
	r->want_fp = w->has_baseline;
	kp_arena_init(&r->shape_arena);
}

void kp_lsp_schema_run(kp_lsp *s, kp_lsp_ws *w, kp_report *rep, kp_source *src, kp_lsp_chunk *out)
{
	run r = {s, w, &w->pipe, rep, src, out, src->path, true, s->opt_baseline != NULL, {0}, {0}};
	kp_arena_init(&r.shape_arena);
	rep->sink = sink;
	rep->sink_ctx = &r;
	w->pipe.fn = kp_lsp_on_event;
	w->pipe.ctx = &r;
	kp_report_file_directives(rep, src);
	kp_pipe_source(&w->pipe, src, KP_ROLE_SCHEMA);
	w->pipe.fn = NULL;
	w->pipe.ctx = NULL;
	rep->sink = NULL;
	kp_arena_free(&r.shape_arena);
}

/* ------------------------------------------------------------ analysis */

kp_lsp_schema *kp_lsp_doc_schema(kp_lsp_doc *d)
{
	return d->ws ? kp_lsp_ws_schema(d->ws, d->path) : NULL;
}

static uint64_t chunk_ids;

kp_lsp_chunk *kp_lsp_new_chunk(uint64_t key)
{
	kp_lsp_chunk *c = calloc(1, sizeof *c);
	if (!c)
		abort();
	c->key = key;
	c->id = ++chunk_ids;
	return c;
}

uint64_t kp_lsp_last_chunk_id(void)
{
	return chunk_ids;
}

static double clock_ms(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void analyze(kp_lsp *s, kp_lsp_doc *d);

/* The document's directives that act on every chunk (their hash, and
 * whether there may be one: kp_lsp_file_directives): a text that had none
 * has one now only on a line an edit since touched (a directive holds no
 * line break), so only those lines are read; otherwise the whole text. */
static uint64_t file_directives(kp_lsp_doc *d, bool *any)
{
	const char *t = d->t.text;
	size_t len = d->t.len;
	if (d->fd_known && !d->fd_any) {
		*any = false;
		if (d->edit_lo == SIZE_MAX)
			return d->fd_hash;   /* no edit since */
		if (d->edit_lo <= len && d->edit_suffix <= len - d->edit_lo) {
			size_t a = d->edit_lo, b = len - d->edit_suffix;
			while (a > 0 && t[a - 1] != '\n')
				a--;
			while (b < len && t[b] != '\n')
				b++;
			bool found;
			uint32_t *at = NULL, nat = 0;
			kp_lsp_file_directives(t + a, b - a, d->lang == KP_LANG_SQL, &found, &at, &nat);
			free(at);
			if (!found)
				return d->fd_hash;
		}
	}
	d->fd_hash = kp_lsp_file_directives(t, len, d->lang == KP_LANG_SQL, any, &d->fd_at, &d->fd_n);
	d->fd_any = *any;
	d->fd_known = true;
	return d->fd_hash;
}

void kp_lsp_analyze(kp_lsp *s, kp_lsp_doc *d)
{
	if (d->analyzed)
		return;
	double t0 = clock_ms(CLOCK_MONOTONIC), c0 = clock_ms(CLOCK_THREAD_CPUTIME_ID);
	analyze(s, d);
	d->analysis_ms = clock_ms(CLOCK_MONOTONIC) - t0;
	d->analysis_cpu_ms = clock_ms(CLOCK_THREAD_CPUTIME_ID) - c0;
}

static void analyze(kp_lsp *s, kp_lsp_doc *d)
{
	kp_lsp_ws *w = d->ws;
	kp_lsp_ws_ensure(s, w);
	d->runs = 0;
	d->ids_before = kp_lsp_last_chunk_id();
	d->plan_lo = d->plan_hi = 0;
	if (d->lang < 0 || kp_lsp_doc_schema(d) || kp_lsp_ws_excluded(w, d->path)) {
		/* a schema file's findings come from the workspace's build; an
		 * excluded file has none, as lint reads none */
		kp_lsp_doc_drop_analysis(d);
		d->analyzed = true;
		return;
	}
	bool host = d->lang != KP_LANG_SQL;
	bool any_fd;
	uint64_t ctx = kp_lsp_hash_u64(0xcbf29ce484222325ull, w->gen);
	ctx = kp_lsp_hash(ctx, w->dir, strlen(w->dir));
	ctx = kp_lsp_hash_u64(ctx, file_directives(d, &any_fd));
	ctx = kp_lsp_hash(ctx, d->path, strlen(d->path));
	if (host) {
		kp_lsp_analyze_host(s, d, ctx);
		return;
	}
	/* Only the chunks an edit touched are read: a document has thousands,
	 * and reading each one was a cache miss. The new chunks [lo, hi) take
	 * the place of the old refs [old_lo, old_hi); the refs before them are
	 * not touched, those after them move (in place). */
	uint32_t nmid = 0, n_old = d->nrefs;
	kp_lsp_cut *cuts = NULL;   /* the new chunks [lo, hi) */
	bool has_ddl = false, incremental = false;
	uint32_t old_lo = 0, old_hi = n_old;
	long long delta = 0;
	if (d->nrefs && d->ctx_key == ctx && !d->had_ddl && d->edit_lo != SIZE_MAX) {
		cuts = kp_lsp_recut(d, w->pipe.cat->names != KP_NAMES_UPPER, &nmid, &old_lo, &old_hi, &delta);
		for (uint32_t i = 0; cuts && i < nmid; i++)
			has_ddl |= cuts[i].ddl;
		incremental = cuts && !has_ddl;
		if (!incremental) {
			/* DDL changes what follows it: the whole text is cut again */
			free(cuts);
			cuts = NULL;
			old_lo = 0;
			old_hi = n_old;
			delta = 0;
		}
	}
	if (!incremental) {
		bool stopped;
		cuts = kp_lsp_cut_text(d->t.text, d->t.len, w->pipe.cat->names != KP_NAMES_UPPER, 0, &nmid, NULL, NULL,
		                       &stopped);
		has_ddl = false;
		for (uint32_t i = 0; i < nmid; i++)
			has_ddl |= cuts[i].ddl;
	}
	uint32_t lo = old_lo, hi = old_lo + nmid, ncut = hi + (n_old - old_hi);
	/* keys: the chunk's text, the context, and the DDL before it (none
	 * when cutting again: a document with DDL is cut whole) */
	uint64_t *keys = malloc((nmid ? nmid : 1) * sizeof *keys);
	if (!keys)
		abort();
	uint64_t ddl_h = 0;
	for (uint32_t i = 0; i < nmid; i++) {
		uint64_t k = kp_lsp_hash(ctx ^ ddl_h, d->t.text + cuts[i].base, cuts[i].len);
		if (any_fd && d->fd_n) {
			/* a keyplan:disable ... enable acts on the chunks after its
			 * line: how many of those lines are before the chunk (the
			 * context holds what they say, in order; a chunk outside an
			 * edit keeps its count when the context is the same) */
			uint32_t lo_i = 0, hi_i = d->fd_n;
			while (lo_i < hi_i) {
				uint32_t mid = (lo_i + hi_i) / 2;
				if (d->fd_at[mid] < cuts[i].base)
					lo_i = mid + 1;
				else
					hi_i = mid;
			}
			k = kp_lsp_hash_u64(k, 0x626c6f63u + lo_i);
		}
		keys[i] = kp_lsp_hash_u64(k, 0);
		if (cuts[i].ddl)
			ddl_h = kp_lsp_hash(ddl_h ^ 0x5bd1e995u, d->t.text + cuts[i].base, cuts[i].len);
	}
	kp_lsp_old_map om = {0};
	uint32_t loose = old_hi - old_lo;   /* old chunks not kept in place: looked up by key */
	if (loose) {
		om.cap = 16;
		while (om.cap < loose * 2)
			om.cap *= 2;
		om.slots = calloc(om.cap, sizeof *om.slots);
		if (!om.slots)
			abort();
		for (uint32_t i = old_lo; i < old_hi; i++)
			kp_lsp_old_put(&om, d->refs[i].c);
	}
	bool redo_whole = !d->whole || d->ctx_key != ctx || any_fd;
	kp_lsp_pubcache_note(d, !incremental || redo_whole, old_lo, old_hi);
	/* the old refs replaced, and the refs now */
	kp_lsp_ref *gone;
	if (incremental) {
		gone = malloc((loose ? loose : 1) * sizeof *gone);
		if (!gone)
			abort();
		memcpy(gone, d->refs + old_lo, loose * sizeof *gone);
		if (ncut > n_old) {
			d->refs = realloc(d->refs, ncut * sizeof *d->refs);
			if (!d->refs)
				abort();
		}
		memmove(d->refs + hi, d->refs + old_hi, (n_old - old_hi) * sizeof *d->refs);
		if (delta)
			for (uint32_t i = hi; i < ncut; i++)
				d->refs[i].base = (uint32_t)((long long)d->refs[i].base + delta);
	} else {
		gone = d->refs;
		/* not zeroed whole: each is set below */
		d->refs = malloc((ncut ? ncut : 1) * sizeof *d->refs);
		if (!d->refs)
			abort();
	}
	d->nrefs = ncut;
	d->plan_lo = lo;
	d->plan_hi = hi;
	kp_lsp_ref *refs = d->refs;
	bool need = false;
	for (uint32_t i = lo; i < hi; i++) {
		const kp_lsp_cut *cut = &cuts[i - lo];
		memset(&refs[i], 0, sizeof refs[i]);
		refs[i].base = cut->base;
		refs[i].len = cut->len;
		refs[i].c = cut->ddl ? NULL : kp_lsp_old_take(&om, keys[i - lo]);
		refs[i].id = refs[i].c ? refs[i].c->id : 0;
		if (refs[i].c)
			kp_lsp_ref_learn(&refs[i]);
		need |= !refs[i].c;
	}
	if (need || redo_whole) {
		kp_arena ra;
		kp_arena_init(&ra);
		kp_report rep;
		run r = {s, w, NULL, &rep, NULL, NULL, d->path, false, false, {0}, {0}};
		kp_lsp_report_start(w, &rep, &ra, &r);
		kp_pipe tmp;
		/* a document that changes the schema plans against a copy of it */
		kp_pipe *p = kp_lsp_ws_pipe(w, &tmp, has_ddl);
		p->fn = kp_lsp_on_event;
		p->ctx = &r;
		r.pipe = p;
		/* the file pass: keyplan:ignore-file lines, and its warnings */
		kp_source whole = {0};
		whole.path = d->path;
		whole.text = d->t.text;
		whole.len = d->t.len;
		if (d->whole) {
			kp_lsp_chunk_free(d->whole);
			free(d->whole);
		}
		d->whole = kp_lsp_new_chunk(0);
		r.src = &whole;
		r.out = d->whole;
		if (any_fd)
			kp_report_file_directives(&rep, &whole);
		for (uint32_t i = lo; i < hi; i++) {
			if (refs[i].c)
				continue;
			const kp_lsp_cut *cut = &cuts[i - lo];
			kp_source *src = kp_arena_alloc(&ra, sizeof *src);
			kp_source_from_string(src, d->path, d->t.text + cut->base, cut->len);
			if (any_fd && d->fd_n) {
				/* a keyplan:disable block covers the findings after its
				 * line and column in the file (tools/suppress.c: in_block):
				 * the chunk's lines and columns are the file's (its key
				 * holds how many of those lines are before it) */
				uint32_t l, c;
				kp_source_linecol(&whole, cut->base, &l, &c);
				src->base_line = l - 1;
				src->base_col = c - 1;
			}
			refs[i].c = kp_lsp_new_chunk(keys[i - lo]);
			refs[i].id = refs[i].c->id;
			r.src = src;
			r.out = refs[i].c;
			d->runs++;
			if (has_ddl) {
				kp_pipe_keep(p, src);   /* the copy's catalog may point into it */
				kp_pipe_source(p, src, KP_ROLE_QUERY);
			} else {
				kp_pipe_source(p, src, KP_ROLE_QUERY);
				kp_source_free(src);
			}
			kp_lsp_ref_learn(&refs[i]);
		}
		free(whole.lines);
		kp_buf_free(&whole.path_json);
		kp_report_end(&rep, NULL, NULL, 0);
		kp_lsp_ws_pipe_done(w, p);
		kp_arena_free(&ra);
		kp_arena_free(&r.shape_arena);
	}
	/* the old chunks not reused */
	for (uint32_t i = 0; i < old_hi - old_lo; i++) {
		kp_lsp_chunk *c = gone[incremental ? i : old_lo + i].c;
		if (!c->taken) {
			kp_lsp_chunk_free(c);
			free(c);
		} else {
			c->taken = false;
			c->next = NULL;
		}
	}
	free(om.slots);
	free(gone);
	d->ctx_key = ctx;
	d->had_ddl = has_ddl;
	d->analyzed = true;
	d->edit_lo = SIZE_MAX;
	d->edit_suffix = d->t.len;
	d->old_len = d->t.len;
	free(cuts);
	free(keys);
}

const kp_lsp_stmt *kp_lsp_stmt_at(kp_lsp_doc *d, size_t off, uint32_t *base)
{
	kp_lsp_schema *sc = kp_lsp_doc_schema(d);
	if (sc) {
		for (uint32_t k = 0; k < sc->res.nstmts; k++)
			if (sc->res.stmts[k].start <= off && off <= sc->res.stmts[k].end) {
				*base = 0;
				return &sc->res.stmts[k];
			}
		return NULL;
	}
	if (d->lang != KP_LANG_SQL) {
		/* application code: a statement's chunk may be pinned to the file's start */
		for (uint32_t i = 0; i < d->nrefs; i++) {
			const kp_lsp_chunk *c = d->refs[i].c;
			for (uint32_t k = 0; k < c->nstmts; k++) {
				size_t a = d->refs[i].base + c->stmts[k].start, b = d->refs[i].base + c->stmts[k].end;
				if (a <= off && off <= b) {
					*base = d->refs[i].base;
					return &c->stmts[k];
				}
			}
		}
		return NULL;
	}
	/* the chunk holding off: binary search by base */
	uint32_t lo = 0, hi = d->nrefs;
	while (hi - lo > 1) {
		uint32_t mid = (lo + hi) / 2;
		if (d->refs[mid].base <= off)
			lo = mid;
		else
			hi = mid;
	}
	for (uint32_t i = lo; i < d->nrefs && i <= lo + 1; i++) {
		const kp_lsp_chunk *c = d->refs[i].c;
		for (uint32_t k = 0; k < c->nstmts; k++) {
			size_t a = d->refs[i].base + c->stmts[k].start, b = d->refs[i].base + c->stmts[k].end;
			if (a <= off && off <= b) {
				*base = d->refs[i].base;
				return &c->stmts[k];
			}
		}
	}
	return NULL;
}
