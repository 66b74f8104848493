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
 * their text. SQL in application code is one chunk per file (the host
 * scanner needs the whole file).
 *
 * The findings go through the lint report (tools/report.h) with a sink
 * instead of an output format, so suppressions, .keyplan rule settings and
 * baselines apply exactly as in keyplan lint. */
#include "tools/lsp/lsp.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "grammar/lexer.h"
#include "grammar/parser.h"
#include "lib/embed.h"
#include "base/quote.h"
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
		free(c->diags[i].message);
		for (uint32_t k = 0; k < c->diags[i].nnotes; k++) {
			free(c->diags[i].notes[k].path);
			free(c->diags[i].notes[k].message);
		}
		free(c->diags[i].notes);
	}
	for (uint32_t i = 0; i < c->nstmts; i++) {
		free(c->stmts[i].table);
		free(c->stmts[i].index);
	}
	free(c->diags);
	free(c->stmts);
	memset(c, 0, sizeof *c);
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
	d->analyzed = false;
}

static uint64_t hash(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ull;
	return h;
}

static uint64_t hash_u64(uint64_t h, uint64_t v)
{
	return hash(h, &v, sizeof v);
}

/* ------------------------------------------------------------ one run */

/* What a chunk's statements are run with. */
typedef struct run {
	kp_lsp *s;
	kp_lsp_ws *ws;
	kp_pipe *pipe;
	kp_report *rep;
	kp_source *src;         /* the chunk's source (or the host file's) */
	kp_lsp_chunk *out;      /* its result */
	const char *doc_path;
	bool schema;            /* a schema file of the workspace */
	bool want_fp;           /* fingerprint each finding (a baseline is set) */
	kp_stmt_shape shape;    /* the statement being reported, for them */
	kp_arena shape_arena;
} run;

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
	if (!strcmp(src->path, r->src->path) && src->base_line > 0) {
		/* a line copied out of the chunk: find that line */
		const char *t = r->src->text, *e = t + r->src->len;
		const char *p = t;
		for (uint32_t l = 0; l < src->base_line && p < e; l++) {
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
		x->fp = kp_fingerprint(&r->shape, g->rule, g->src, g->off);
	uint32_t off = 0, end = 0;
	if (local_offset(r, g->src, g->off, &off)) {
		if (!local_offset(r, g->src, g->off + g->len, &end) || end < off)
			end = off;
	}
	x->off = off;
	x->end = end;
	kp_buf m = {0};
	kp_buf_puts(&m, g->message);
	if (!g->src && g->file)
		kp_buf_printf(&m, " (%s)", g->file);
	for (const kp_help *h = g->helps; h; h = h->next)
		kp_buf_printf(&m, "\nhelp: %s", h->message);
	kp_buf_putc(&m, 0);
	x->message = m.data;
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
			o->path = xstrdup(where->path);
			kp_text_position(where->text, where->len, wo, r->s->enc, &o->line, &o->ch);
			o->line += where->base_line;
		} else {
			continue;
		}
		o->message = xstrdup(nt->message);
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
		x->table = xstrdup(ev->plan.table->name);
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
} hover_run;

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
	kp_pipe p;
	kp_pipe_init(&p, w->target);
	p.plan_schema_writes = true;
	if (d->had_ddl) {
		/* the document's own DDL before the statement shapes its schema */
		for (uint32_t k = 0; k < w->nschemas; k++)
			kp_pipe_source(&p, w->schemas[k].src, KP_ROLE_SCHEMA);
		for (uint32_t k = 0; k < i; k++) {
			kp_source *src = malloc(sizeof *src);
			if (!src)
				abort();
			kp_source_from_string(src, d->path, d->t.text + d->refs[k].base, d->refs[k].len);
			kp_pipe_source(&p, src, KP_ROLE_QUERY);
			kp_pipe_keep(&p, src);   /* the catalog may point into it */
		}
	} else {
		kp_pipe_borrow(&p, w->pipe.cat, w->pipe.opts);
	}
	kp_source src;
	kp_source_from_string(&src, d->path, d->t.text + base, d->refs[i].len);
	hover_run h;
	memset(&h, 0, sizeof h);
	h.r.s = s;
	h.r.ws = w;
	h.r.src = &src;
	h.start = st->start;
	p.fn = hover_event;
	p.ctx = &h;
	if (d->lang != KP_LANG_SQL) {
		kp_embed_sink es = {no_emit, NULL, NULL, NULL};
		bool keep = false;
		kp_arena ha;
		kp_arena_init(&ha);
		kp_host_file *hf = kp_embed_run(&p, &src, (kp_lang)d->lang, KP_ROLE_QUERY, &es, &ha, &keep);
		kp_host_file_free(hf);
		kp_arena_free(&ha);
	} else {
		kp_pipe_source(&p, &src, KP_ROLE_QUERY);
	}
	kp_pipe_free(&p);
	kp_source_free(&src);
	return h.md;
}

static int on_event(void *ctx, kp_event *ev)
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
		if (r->want_fp) {
			kp_arena_reset(&r->shape_arena);
			kp_shape_of(&r->shape, ev->src, ev->start, ev->end, ev->plan.table ? ev->plan.table->name : NULL,
			            &r->shape_arena);
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

static void host_emit(void *ctx, const kp_diags *d, kp_arena *a)
{
	(void)a;
	kp_report_emit(((run *)ctx)->rep, d);
}

static void host_comment(void *ctx, kp_source *host, uint32_t off, uint32_t end, uint32_t stmt_off,
                         uint32_t stmt_end, bool file_pass)
{
	kp_report_host_comment(((run *)ctx)->rep, host, off, end, stmt_off, stmt_end, file_pass);
}

static void host_stmt_done(void *ctx)
{
	kp_report_stmt_done(((run *)ctx)->rep);
}

static FILE *devnull(void)
{
	static FILE *f;
	if (!f)
		f = fopen("/dev/null", "w");
	return f ? f : stderr;
}

static void report_start(kp_lsp_ws *w, kp_report *rep, kp_arena *a, run *r)
{
	memset(rep, 0, sizeof *rep);
	memcpy(rep->rules, w->rules, sizeof rep->rules);
	kp_report_begin(rep, a, devnull(), KP_FMT_TEXT, 0);
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
	w->pipe.fn = on_event;
	w->pipe.ctx = &r;
	kp_report_file_directives(rep, src);
	kp_pipe_source(&w->pipe, src, KP_ROLE_SCHEMA);
	w->pipe.fn = NULL;
	w->pipe.ctx = NULL;
	rep->sink = NULL;
	kp_arena_free(&r.shape_arena);
}

/* ------------------------------------------------------------ chunks */

typedef struct cut {
	uint32_t base, len;
	bool ddl;               /* its statement changes the schema */
} cut;

/* Where the chunk of the statement whose ';' is at semi ends: after the
 * white space and comments that follow it from its line (a comment that
 * starts there trails the statement, even when it runs over lines), and
 * the line break that ends them; or before the next token on that line. */
static size_t chunk_end(const char *t, size_t len, size_t semi, bool hash_comment)
{
	size_t i = semi + 1;
	for (;;) {
		while (i < len && (t[i] == ' ' || t[i] == '\t'))
			i++;
		if (i + 1 < len && t[i] == '/' && t[i + 1] == '*' && (i + 2 >= len || t[i + 2] != '+')) {
			const char *e = NULL;
			for (size_t k = i + 2; k + 1 < len; k++)
				if (t[k] == '*' && t[k + 1] == '/') {
					e = t + k + 2;
					break;
				}
			if (!e)
				return len;   /* an open comment runs to the end */
			i = (size_t)(e - t);
			continue;
		}
		if ((i + 1 < len && t[i] == '-' && t[i + 1] == '-') || (hash_comment && i < len && t[i] == '#')) {
			while (i < len && t[i] != '\n' && t[i] != '\r')
				i++;
		}
		break;
	}
	if (i < len && t[i] == '\r')
		i++;
	if (i < len && t[i] == '\n')
		i++;
	return i;
}

/* Cuts text into chunks at top-level ';', from `from` (a chunk's start);
 * stops early, with *stopped set, at the first chunk end that stop says
 * an old chunk starts at (the rest of the text is as it was). */
static cut *cut_chunks(const char *t, size_t len, bool hash_comment, size_t from, uint32_t *n,
                       bool (*stop)(void *, size_t), void *ctx, bool *stopped)
{
	uint32_t cap = 64, k = 0;
	cut *v = malloc(cap * sizeof *v);
	if (!v)
		abort();
	kp_lexer lx;
	kp_lexer_init(&lx, t, len, from);
	lx.hash_comment = hash_comment;
	bool first = true, ddl = false;
	size_t done = from;
	*stopped = false;
	kp_token tok;
	int ty;
	while ((ty = kp_lex(&lx, &tok)) != KP_TOK_EOF) {
		if (tok.off < done)
			continue;   /* inside what the last chunk took (its trailing comment) */
		if (ty == TK_SEMI) {
			size_t e = chunk_end(t, len, tok.off, hash_comment);
			if (k == cap) {
				cap *= 2;
				v = realloc(v, cap * sizeof *v);
				if (!v)
					abort();
			}
			v[k++] = (cut){(uint32_t)done, (uint32_t)(e - done), ddl};
			done = e;
			first = true;
			ddl = false;
			if (stop && e < len && stop(ctx, e)) {
				*stopped = true;
				*n = k;
				return v;
			}
			continue;
		}
		if (first && ty != KP_TOK_HINT && ty != KP_TOK_ERROR) {
			ddl = ty == TK_CREATE || ty == TK_ALTER || ty == TK_DROP;
			first = false;
		}
	}
	if (done < len || (k == 0 && from == 0)) {
		if (k == cap) {
			v = realloc(v, (cap + 1) * sizeof *v);
			if (!v)
				abort();
		}
		v[k++] = (cut){(uint32_t)done, (uint32_t)(len - done), ddl};
	}
	*n = k;
	return v;
}

/* The keyplan:ignore-file lines of the text (they act on every chunk). */
static uint64_t file_directives_key(const char *t, size_t len, bool *any)
{
	uint64_t h = 0xcbf29ce484222325ull;
	*any = false;
	for (size_t i = 6; i + 5 <= len; i++) {
		/* "ignore-file" in any case: found by its '-', which memchr finds fast */
		const char *dash = memchr(t + i, '-', len - i);
		if (!dash)
			break;
		i = (size_t)(dash - t);
		if (i < 6 || i + 5 > len || strncasecmp(t + i - 6, "ignore-file", 11))
			continue;
		i -= 6;
		size_t a = i, b = i;
		while (a > 0 && t[a - 1] != '\n')
			a--;
		while (b < len && t[b] != '\n')
			b++;
		h = hash(h, t + a, b - a);
		*any = true;
		i = b;
	}
	return h;
}

kp_lsp_schema *kp_lsp_doc_schema(kp_lsp_doc *d)
{
	return d->ws ? kp_lsp_ws_schema(d->ws, d->path) : NULL;
}

/* Does application code hold DDL (which would change the shared schema)? */
static bool host_has_ddl(const char *t, size_t len)
{
	static const char *words[] = {"create", "alter", "drop"};
	for (size_t i = 0; i < len; i++) {
		char c = (char)(t[i] | 0x20);
		if (c != 'c' && c != 'a' && c != 'd')
			continue;
		for (int w = 0; w < 3; w++) {
			size_t n = strlen(words[w]);
			if (i + n <= len && !strncasecmp(t + i, words[w], n) &&
			    (i == 0 || !isalnum((unsigned char)t[i - 1])) &&
			    (i + n == len || !isalnum((unsigned char)t[i + n])))
				return true;
		}
	}
	return false;
}

/* An index of the old chunks by key, to find the unchanged ones; chunks
 * with the same key (the same statement written twice) chain in their
 * bucket, so taking one is constant time. */
typedef struct old_bucket {
	uint64_t key;
	kp_lsp_chunk *head;     /* not yet taken (NULL once all are) */
	bool used;
} old_bucket;

typedef struct old_map {
	old_bucket *slots;
	uint32_t cap;
} old_map;

static old_bucket *bucket_of(const old_map *m, uint64_t key)
{
	uint32_t i = (uint32_t)(key * 0x9e3779b97f4a7c15ull >> 32) & (m->cap - 1);
	while (m->slots[i].used && m->slots[i].key != key)
		i = (i + 1) & (m->cap - 1);
	return &m->slots[i];
}

static void old_put(old_map *m, kp_lsp_chunk *c)
{
	old_bucket *b = bucket_of(m, c->key);
	b->used = true;
	b->key = c->key;
	c->next = b->head;
	b->head = c;
}

static kp_lsp_chunk *old_take(old_map *m, uint64_t key)
{
	if (!m->cap)
		return NULL;
	old_bucket *b = bucket_of(m, key);
	kp_lsp_chunk *c = b->used ? b->head : NULL;
	if (c) {
		b->head = c->next;
		c->taken = true;
	}
	return c;
}

static kp_lsp_chunk *new_chunk(uint64_t key)
{
	kp_lsp_chunk *c = calloc(1, sizeof *c);
	if (!c)
		abort();
	c->key = key;
	return c;
}

/* The old chunk starts, for cutting again only what an edit touched. */
typedef struct recut_ctx {
	const kp_lsp_doc *d;
	long long delta;        /* new length - old length */
	size_t tail_from;       /* new offsets from here on are unchanged text */
	uint32_t found;         /* the old chunk found at the stop */
} recut_ctx;

static bool old_start(void *ctx, size_t e)
{
	recut_ctx *x = ctx;
	if (e < x->tail_from)
		return false;
	size_t old = (size_t)((long long)e - x->delta);
	uint32_t lo = 0, hi = x->d->nrefs;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		if (x->d->refs[mid].base < old)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < x->d->nrefs && x->d->refs[lo].base == old) {
		x->found = lo;
		return true;
	}
	return false;
}

/* The chunks of the text after edits that changed only [edit_lo, len -
 * edit_suffix): the old chunks before the one holding edit_lo - 1 keep
 * their place, the text from there is cut again up to a chunk end where an
 * old chunk starts in the unchanged tail, and the old chunks from there
 * move by the length's change. *kept[i] is the old chunk of new chunk i,
 * or NULL. */
static cut *recut(kp_lsp_doc *d, bool hash_comment, uint32_t *n, kp_lsp_chunk ***kept)
{
	size_t lo = d->edit_lo;
	uint32_t r = 0;
	while (r + 1 < d->nrefs && lo > 0 && d->refs[r + 1].base <= lo - 1)
		r++;
	recut_ctx x = {d, (long long)d->t.len - (long long)d->old_len, d->t.len - d->edit_suffix, 0};
	uint32_t nmid;
	bool stopped;
	cut *mid = cut_chunks(d->t.text, d->t.len, hash_comment, d->refs[r].base, &nmid, old_start, &x, &stopped);
	uint32_t ntail = stopped ? d->nrefs - x.found : 0;
	uint32_t total = r + nmid + ntail;
	cut *v = malloc((total ? total : 1) * sizeof *v);
	kp_lsp_chunk **k = calloc(total ? total : 1, sizeof *k);
	if (!v || !k)
		abort();
	for (uint32_t i = 0; i < r; i++) {
		v[i] = (cut){d->refs[i].base, d->refs[i].len, false};
		k[i] = d->refs[i].c;
		k[i]->taken = true;
	}
	memcpy(v + r, mid, nmid * sizeof *v);
	for (uint32_t i = 0; i < ntail; i++) {
		const kp_lsp_ref *o = &d->refs[x.found + i];
		v[r + nmid + i] = (cut){(uint32_t)((long long)o->base + x.delta), o->len, false};
		k[r + nmid + i] = o->c;
		o->c->taken = true;
	}
	free(mid);
	*n = total;
	*kept = k;
	return v;
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void analyze(kp_lsp *s, kp_lsp_doc *d);

void kp_lsp_analyze(kp_lsp *s, kp_lsp_doc *d)
{
	if (d->analyzed)
		return;
	double t0 = now_ms();
	analyze(s, d);
	d->analysis_ms = now_ms() - t0;
}

static void analyze(kp_lsp *s, kp_lsp_doc *d)
{
	kp_lsp_ws *w = d->ws;
	kp_lsp_ws_ensure(s, w);
	d->runs = 0;
	if (d->lang < 0 || kp_lsp_doc_schema(d) || kp_lsp_ws_excluded(w, d->path)) {
		/* a schema file's findings come from the workspace's build; an
		 * excluded file has none, as lint reads none */
		kp_lsp_doc_drop_analysis(d);
		d->analyzed = true;
		return;
	}
	bool host = d->lang != KP_LANG_SQL;
	bool any_fd;
	uint64_t ctx = hash_u64(0xcbf29ce484222325ull, w->gen);
	ctx = hash(ctx, w->dir, strlen(w->dir));
	ctx = hash_u64(ctx, file_directives_key(d->t.text, d->t.len, &any_fd));
	ctx = hash(ctx, d->path, strlen(d->path));

	uint32_t ncut = 1;
	cut *cuts = NULL;
	bool has_ddl = false;
	/* old chunks that keep their place (incremental cutting), by new index */
	kp_lsp_chunk **kept = NULL;
	if (host) {
		cuts = malloc(sizeof *cuts);
		if (!cuts)
			abort();
		cuts[0] = (cut){0, (uint32_t)d->t.len, false};
		has_ddl = host_has_ddl(d->t.text, d->t.len);
	} else if (d->nrefs && d->ctx_key == ctx && !d->had_ddl && d->edit_lo != SIZE_MAX) {
		cuts = recut(d, w->pipe.cat->names != KP_NAMES_UPPER, &ncut, &kept);
		for (uint32_t i = 0; cuts && i < ncut; i++)
			has_ddl |= cuts[i].ddl;
		if (has_ddl) {
			/* DDL changes what follows it: the whole text is cut again */
			for (uint32_t i = 0; i < d->nrefs; i++)
				d->refs[i].c->taken = false;
			free(cuts);
			free(kept);
			cuts = NULL;
			kept = NULL;
		}
	}
	if (!cuts) {
		bool stopped;
		cuts = cut_chunks(d->t.text, d->t.len, w->pipe.cat->names != KP_NAMES_UPPER, 0, &ncut, NULL, NULL,
		                  &stopped);
		has_ddl = false;
		for (uint32_t i = 0; i < ncut; i++)
			has_ddl |= cuts[i].ddl;
	}
	/* keys: the chunk's text, the context, and the DDL before it */
	uint64_t *keys = malloc(ncut * sizeof *keys);
	if (!keys)
		abort();
	uint64_t ddl_h = 0;
	for (uint32_t i = 0; i < ncut; i++) {
		if (kept && kept[i]) {
			keys[i] = kept[i]->key;
			continue;
		}
		uint64_t k = hash(ctx ^ ddl_h, d->t.text + cuts[i].base, cuts[i].len);
		keys[i] = hash_u64(k, host ? 1 : 0);
		if (cuts[i].ddl)
			ddl_h = hash(ddl_h ^ 0x5bd1e995u, d->t.text + cuts[i].base, cuts[i].len);
	}
	old_map om = {0};
	uint32_t loose = 0;   /* old chunks not kept in place: looked up by key */
	for (uint32_t i = 0; i < d->nrefs; i++)
		loose += !d->refs[i].c->taken;
	if (loose) {
		om.cap = 16;
		while (om.cap < loose * 2)
			om.cap *= 2;
		om.slots = calloc(om.cap, sizeof *om.slots);
		if (!om.slots)
			abort();
		for (uint32_t i = 0; i < d->nrefs; i++)
			if (!d->refs[i].c->taken)
				old_put(&om, d->refs[i].c);
	}
	kp_lsp_ref *refs = calloc(ncut, sizeof *refs);
	if (!refs)
		abort();
	bool need = false;
	for (uint32_t i = 0; i < ncut; i++) {
		refs[i].base = cuts[i].base;
		refs[i].len = cuts[i].len;
		refs[i].c = kept && kept[i] ? kept[i] : cuts[i].ddl ? NULL : old_take(&om, keys[i]);
		need |= !refs[i].c;
	}
	free(kept);
	bool redo_whole = !d->whole || d->ctx_key != ctx || any_fd;
	if (need || redo_whole) {
		kp_arena ra;
		kp_arena_init(&ra);
		kp_report rep;
		run r = {s, w, NULL, &rep, NULL, NULL, d->path, false, false, {0}, {0}};
		report_start(w, &rep, &ra, &r);
		kp_pipe p;
		kp_pipe_init(&p, w->target);
		p.plan_schema_writes = true;
		if (has_ddl) {
			/* the document changes the schema: plan against a copy of it */
			for (uint32_t i = 0; i < w->nschemas; i++)
				kp_pipe_source(&p, w->schemas[i].src, KP_ROLE_SCHEMA);
		} else {
			kp_pipe_borrow(&p, w->pipe.cat, w->pipe.opts);
		}
		p.plan_schema_writes = true;
		p.fn = on_event;
		p.ctx = &r;
		r.pipe = &p;
		/* the file pass: keyplan:ignore-file lines, and its warnings */
		kp_source whole = {0};
		whole.path = d->path;
		whole.text = d->t.text;
		whole.len = d->t.len;
		if (d->whole) {
			kp_lsp_chunk_free(d->whole);
			free(d->whole);
		}
		d->whole = new_chunk(0);
		r.src = &whole;
		r.out = d->whole;
		if (any_fd && !host)
			kp_report_file_directives(&rep, &whole);
		free(whole.lines);
		kp_buf_free(&whole.path_json);
		for (uint32_t i = 0; i < ncut; i++) {
			if (refs[i].c)
				continue;
			kp_source *src = kp_arena_alloc(&ra, sizeof *src);
			kp_source_from_string(src, d->path, d->t.text + cuts[i].base, cuts[i].len);
			refs[i].c = new_chunk(keys[i]);
			r.src = src;
			r.out = refs[i].c;
			d->runs++;
			if (host) {
				kp_embed_sink es = {host_emit, host_comment, host_stmt_done, &r};
				bool keep = false;
				kp_arena ha;
				kp_arena_init(&ha);
				kp_host_file *hf = kp_embed_run(&p, src, (kp_lang)d->lang, KP_ROLE_QUERY, &es, &ha, &keep);
				kp_host_file_free(hf);
				kp_arena_free(&ha);
				kp_source_free(src);
			} else if (has_ddl) {
				kp_pipe_keep(&p, src);   /* the copy's catalog may point into it */
				kp_pipe_source(&p, src, KP_ROLE_QUERY);
			} else {
				kp_pipe_source(&p, src, KP_ROLE_QUERY);
				kp_source_free(src);
			}
		}
		kp_report_end(&rep, NULL, NULL, 0);
		kp_pipe_free(&p);
		kp_arena_free(&ra);
		kp_arena_free(&r.shape_arena);
	}
	/* the old chunks not reused */
	for (uint32_t i = 0; i < d->nrefs; i++) {
		kp_lsp_chunk *c = d->refs[i].c;
		if (!c->taken) {
			kp_lsp_chunk_free(c);
			free(c);
		}
	}
	for (uint32_t i = 0; i < ncut; i++) {
		refs[i].c->taken = false;
		refs[i].c->next = NULL;
	}
	free(om.slots);
	free(d->refs);
	d->refs = refs;
	d->nrefs = ncut;
	d->ctx_key = ctx;
	d->had_ddl = has_ddl;
	d->analyzed = true;
	d->edit_lo = SIZE_MAX;
	d->edit_suffix = d->t.len;
	d->old_len = d->t.len;
	free(cuts);
	free(keys);
}

/* ------------------------------------------------------------ publish */

cJSON *kp_lsp_diag_json(kp_lsp *s, kp_lsp_doc *d, uint32_t base, const kp_lsp_diag *g)
{
	cJSON *j = cJSON_CreateObject();
	size_t off = base + g->off, end = base + g->end;
	if (off > d->t.len)
		off = d->t.len;
	if (end > d->t.len)
		end = d->t.len;
	cJSON_AddItemToObject(j, "range", kp_lsp_range(s, d, off, end));
	cJSON_AddNumberToObject(j, "severity", g->severity == KP_SEV_ERROR ? 1 : g->severity == KP_SEV_WARNING ? 2 : 3);
	const kp_rule_info *ri = kp_rule_get(g->rule);
	cJSON_AddStringToObject(j, "code", ri->id);
	cJSON *cd = cJSON_AddObjectToObject(j, "codeDescription");
	char href[256];
	snprintf(href, sizeof href, "%s/rules/%s.md", KEYPLAN_DOCS_URI, ri->id);
	cJSON_AddStringToObject(cd, "href", href);
	cJSON_AddStringToObject(j, "source", "keyplan");
	cJSON_AddStringToObject(j, "message", g->message);
	if (g->nnotes) {
		cJSON *rel = cJSON_AddArrayToObject(j, "relatedInformation");
		for (uint32_t i = 0; i < g->nnotes; i++) {
			const kp_lsp_note *n = &g->notes[i];
			cJSON *o = cJSON_CreateObject();
			cJSON *loc = cJSON_AddObjectToObject(o, "location");
			if (!n->path) {
				char *uri = xstrdup(d->uri);
				cJSON_AddStringToObject(loc, "uri", uri);
				free(uri);
				size_t no = base + n->line;
				cJSON_AddItemToObject(loc, "range", kp_lsp_range(s, d, no > d->t.len ? d->t.len : no,
				                                                  no > d->t.len ? d->t.len : no));
			} else {
				char *uri = kp_path_to_uri(n->path);
				cJSON_AddStringToObject(loc, "uri", uri);
				free(uri);
				cJSON *r = cJSON_AddObjectToObject(loc, "range");
				for (int k = 0; k < 2; k++) {
					cJSON *p = cJSON_AddObjectToObject(r, k ? "end" : "start");
					cJSON_AddNumberToObject(p, "line", n->line);
					cJSON_AddNumberToObject(p, "character", n->ch);
				}
			}
			cJSON_AddStringToObject(o, "message", n->message);
			cJSON_AddItemToArray(rel, o);
		}
	}
	return j;
}

/* Diagnostics are written straight into the message (a document may have
 * thousands, republished on every edit: building them as cJSON values cost
 * more than planning the edit, most of it in printing numbers). */
static void put_pos(kp_buf *b, uint32_t line, uint32_t ch)
{
	kp_buf_puts(b, "{\"line\":");
	kp_buf_int(b, line);
	kp_buf_puts(b, ",\"character\":");
	kp_buf_int(b, ch);
	kp_buf_putc(b, '}');
}

static void put_range(kp_lsp *s, kp_lsp_doc *d, kp_buf *b, size_t off, size_t end)
{
	uint32_t l, c;
	if (off > d->t.len)
		off = d->t.len;
	if (end > d->t.len)
		end = d->t.len;
	kp_doc_position(&d->t, off, s->enc, &l, &c);
	kp_buf_puts(b, "{\"start\":");
	put_pos(b, l, c);
	if (end != off)
		kp_doc_position(&d->t, end, s->enc, &l, &c);
	kp_buf_puts(b, ",\"end\":");
	put_pos(b, l, c);
	kp_buf_putc(b, '}');
}

static void put_str(kp_buf *b, const char *str)
{
	kp_buf_json_str(b, str, strlen(str));
}

static const char no_schema_msg[] =
	"no schema: name the schema files in .keyplan (schema = PATH, a file or folder of CREATE TABLE statements) "
	"or in the server's schema setting";

static void put_diag(kp_lsp *s, kp_lsp_doc *d, kp_buf *b, uint32_t base, const kp_lsp_diag *g, bool no_schema,
                     bool first)
{
	kp_buf_puts(b, first ? "{\"range\":" : ",{\"range\":");
	put_range(s, d, b, (size_t)base + g->off, (size_t)base + g->end);
	int sev = g->severity == KP_SEV_ERROR ? 1 : g->severity == KP_SEV_WARNING ? 2 : 3;
	if (no_schema) {
		kp_buf_puts(b, ",\"severity\":1,\"source\":\"keyplan\",\"message\":");
		put_str(b, no_schema_msg);
		kp_buf_putc(b, '}');
		return;
	}
	const kp_rule_info *ri = kp_rule_get(g->rule);
	kp_buf_printf(b, ",\"severity\":%d,\"code\":\"%s\",\"codeDescription\":{\"href\":", sev, ri->id);
	kp_buf p = {0};
	kp_buf_printf(&p, "%s/rules/%s.md", KEYPLAN_DOCS_URI, ri->id);
	kp_buf_json_str(b, p.data, p.len);
	kp_buf_free(&p);
	kp_buf_puts(b, "},\"source\":\"keyplan\",\"message\":");
	put_str(b, g->message);
	if (g->nnotes) {
		kp_buf_puts(b, ",\"relatedInformation\":[");
		for (uint32_t i = 0; i < g->nnotes; i++) {
			const kp_lsp_note *n = &g->notes[i];
			kp_buf_puts(b, i ? ",{\"location\":{\"uri\":" : "{\"location\":{\"uri\":");
			if (!n->path) {
				put_str(b, d->uri);
				kp_buf_puts(b, ",\"range\":");
				put_range(s, d, b, (size_t)base + n->line, (size_t)base + n->line);
			} else {
				char *uri = kp_path_to_uri(n->path);
				put_str(b, uri);
				free(uri);
				kp_buf_puts(b, ",\"range\":{\"start\":");
				put_pos(b, n->line, n->ch);
				kp_buf_puts(b, ",\"end\":");
				put_pos(b, n->line, n->ch);
				kp_buf_putc(b, '}');
			}
			kp_buf_puts(b, "},\"message\":");
			put_str(b, n->message);
			kp_buf_putc(b, '}');
		}
		kp_buf_putc(b, ']');
	}
	kp_buf_putc(b, '}');
}

static void add_all(kp_lsp *s, kp_lsp_doc *d, kp_buf *b, const kp_lsp_chunk *c, uint32_t base, bool no_schema,
                    bool *said, bool *first)
{
	kp_baseline *bl = d->ws->has_baseline ? &d->ws->baseline : NULL;
	for (uint32_t i = 0; i < c->ndiags; i++) {
		const kp_lsp_diag *g = &c->diags[i];
		if (bl && kp_baseline_take(bl, g->fp))
			continue;   /* known: recorded in the baseline */
		bool ns = no_schema && g->rule == KP_R_UNKNOWN_TABLE;
		if (ns && *said)
			continue;   /* without a schema every table is unknown: one diagnostic says why */
		*said |= ns;
		put_diag(s, d, b, base, g, ns, *first);
		*first = false;
	}
}

/* A problem of the workspace itself (its .keyplan or baseline) as an error
 * at the top of each of its documents. */
static void add_setup_error(kp_lsp *s, kp_lsp_doc *d, kp_buf *b, const char *file, const char *msg, bool *first)
{
	kp_buf_puts(b, *first ? "{\"range\":" : ",{\"range\":");
	put_range(s, d, b, 0, 0);
	kp_buf_puts(b, ",\"severity\":1,\"source\":\"keyplan\",\"message\":");
	kp_buf m = {0};
	kp_buf_printf(&m, "%s: %s", file, msg);
	kp_buf_json_str(b, m.data, m.len);
	kp_buf_free(&m);
	kp_buf_putc(b, '}');
	*first = false;
}

void kp_lsp_publish(kp_lsp *s, kp_lsp_doc *d)
{
	kp_lsp_analyze(s, d);
	double t0 = now_ms();
	kp_buf b = {0};
	kp_buf_puts(&b, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":");
	put_str(&b, d->uri);
	if (d->version >= 0) {
		kp_buf_puts(&b, ",\"version\":");
		kp_buf_int(&b, d->version);
	}
	kp_buf_puts(&b, ",\"diagnostics\":[");
	bool first = true;
	kp_lsp_ws *w = d->ws;
	if (w->config_error)
		add_setup_error(s, d, &b, w->config, w->config_error, &first);
	if (w->baseline_error)
		add_setup_error(s, d, &b, w->baseline_path, w->baseline_error, &first);
	bool no_schema = !w->schema_given && w->pipe.cat->ntables == 0 && !d->had_ddl, said = false;
	if (w->has_baseline)
		/* the baseline's counts are the document's: lint's order within it */
		for (uint32_t i = 0; i < w->baseline.entries.n; i++) {
			kp_baseline_entry *e = w->baseline.entries.items[i];
			e->left = e->count;
		}
	kp_lsp_schema *sc = kp_lsp_doc_schema(d);
	if (sc) {
		add_all(s, d, &b, &sc->res, 0, false, &said, &first);
	} else if (d->lang >= 0 && !kp_lsp_ws_excluded(w, d->path)) {
		if (d->whole)
			add_all(s, d, &b, d->whole, 0, no_schema, &said, &first);
		for (uint32_t i = 0; i < d->nrefs; i++)
			add_all(s, d, &b, d->refs[i].c, d->refs[i].base, no_schema, &said, &first);
	}
	kp_buf_puts(&b, "]}}");
	kp_rpc_send_text(&s->out, b.data, b.len);
	kp_buf_free(&b);
	d->dirty = false;
	d->publish_ms = now_ms() - t0;
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
