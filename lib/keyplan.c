/* libkeyplan's public API (include/keyplan.h), on the statement pipeline:
 * a session is a kp_pipe whose events become keyplan_statement callbacks. */
#include "keyplan.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/quote.h"
#include "host/host.h"
#include "lib/advice.h"
#include "lib/comments.h"
#include "lib/embed.h"
#include "lib/pipeline.h"
#include "planner/explain.h"

struct keyplan {
	kp_pipe p;              /* the session's pipeline */
	keyplan_options o;      /* the caller's callbacks */
	kp_arena a;             /* host files kept, the advisor's results */
	kp_list hosts;          /* kp_host_file* the schema or workload may point into */
	kp_arena *host_arena;   /* the host file being read: reset and reused
	                           file after file until one must be kept */
	kp_list host_arenas;    /* kp_arena*: those of host files kept */
	kp_diags adv_d;         /* the advisor's findings */
	kp_advisor adv;         /* fed the workload */
	bool advised;           /* keyplan_advise ran */
	kp_source *spare;       /* a workload string's source that nothing kept,
	                           for the next one (keyplan_feed_string) */
	const kp_source *given_src; /* a mapped workload file read ... */
	size_t given;           /* ... and where its pages were given back to */
};

struct keyplan_diagnostic {
	const kp_diag *g;
	kp_arena *a;            /* where text is built: valid as long as g */
	const char *text;       /* formatted on first use */
};

struct keyplan_statement {
	const kp_event *ev;
	const kp_diags *d;      /* its diagnostics: ev->d, or none for SQL in
	                           application code (see feed_host) */
	size_t n;               /* diagnostics */
	keyplan_diagnostic *diags;
	const char *text;       /* the plan, built on first use */
	const char *json;
};

/* ---------------------------------------------------------- the session */

static int api_event(void *ctx, kp_event *ev);

int keyplan_open(const keyplan_options *opts, keyplan **out)
{
	if (!out)
		return KEYPLAN_EINVAL;
	*out = NULL;
	if (!opts)
		return KEYPLAN_EINVAL;
	kp_target t = KP_TARGET_LINDORM;
	if (opts->target && kp_target_parse(&t, opts->target) < 0)
		return KEYPLAN_EINVAL;
	keyplan *k = calloc(1, sizeof *k);
	if (!k)
		abort();
	kp_pipe_init(&k->p, t);
	k->p.fn = api_event;
	k->p.ctx = k;
	k->o = *opts;
	kp_arena_init(&k->a);
	kp_advisor_init(&k->adv, k->p.cat, t, &k->a, &k->adv_d);
	k->adv.merge = true;   /* a record a shape, as check keeps them (advisor/workload.c) */
	k->adv.merge_names = true;   /* each workload string is a source of its own */
	k->p.adv = &k->adv;
	*out = k;
	return KEYPLAN_OK;
}

void keyplan_close(keyplan *k)
{
	if (!k)
		return;
	kp_pipe_free(&k->p);
	for (uint32_t i = 0; i < k->hosts.n; i++)
		kp_host_file_free(k->hosts.items[i]);
	for (uint32_t i = 0; i < k->host_arenas.n; i++)
		kp_arena_free(k->host_arenas.items[i]);
	kp_arena_free(&k->a);
	free(k);
}

static void send_diag(keyplan *k, const kp_diag *g, kp_arena *a)
{
	keyplan_diagnostic d = {g, a, NULL};
	if (k->o.on_diagnostic)
		k->o.on_diagnostic(k->o.ctx, &d);
}

/* A comment before a workload statement: its weight, "-- weight: N", as
 * keyplan check reads it. */
static void weigh(void *ctx, const char *p, const char *end, bool at_line_start)
{
	kp_event *ev = ctx;
	(void)at_line_start;
	kp_comment_trim(&p, &end);
	double w;
	const char *q;
	int r = kp_weight_parse(p, end, &w, &q);
	if (r > 0)
		ev->weight = w;
	else if (r < 0)
		kp_diag_add(ev->d, ev->a, KP_R_UNKNOWN_DIRECTIVE, KP_SEV_WARNING, ev->src, (uint32_t)(p - ev->src->text),
		            (uint32_t)(end - p), "malformed weight '%.*s': expected -- weight: N with 0 <= N <= 1000000",
		            (int)(end - q), q);
}

/* A mapped workload file's text read past, given back a megabyte at a
 * time (as keyplan check does, tools/cmd_lint.c): what the advice reads
 * again later is read from the file again (base/srcmap.c). */
static void give_back(keyplan *k, const kp_event *ev)
{
	if (k->given_src != ev->src)
		k->given_src = ev->src, k->given = 0;
	if (ev->start - k->given >= ((size_t)1 << 20)) {
		kp_source_release(ev->src, k->given, ev->start);
		k->given = ev->start;
	}
}

static int api_event(void *ctx, kp_event *ev)
{
	keyplan *k = ctx;
	if (ev->phase == KP_EV_PARSED && ev->role == KP_ROLE_WORKLOAD)
		kp_comments(ev->src, ev->lead, ev->start, false, weigh, ev);
	if (ev->phase == KP_EV_DONE && ev->role == KP_ROLE_WORKLOAD && ev->src->mapped)
		give_back(k, ev);
	if (ev->phase == KP_EV_END) {
		for (const kp_diag *g = ev->d->head; g; g = g->next)
			send_diag(k, g, ev->a);
		return 0;
	}
	if (ev->phase != KP_EV_DONE || !k->o.on_statement)
		return 0;
	keyplan_statement st;
	memset(&st, 0, sizeof st);
	st.ev = ev;
	static const kp_diags none;
	st.d = ev->host ? &none : ev->d;
	for (const kp_diag *g = st.d->head; g; g = g->next)
		st.n++;
	st.diags = kp_arena_alloc(ev->a, (st.n ? st.n : 1) * sizeof *st.diags);
	size_t i = 0;
	for (const kp_diag *g = st.d->head; g; g = g->next)
		st.diags[i++] = (keyplan_diagnostic){g, ev->a, NULL};
	k->o.on_statement(k->o.ctx, &st);
	return 0;
}

static bool valid_role(keyplan_role role)
{
	return role == KEYPLAN_SCHEMA || role == KEYPLAN_QUERY || role == KEYPLAN_WORKLOAD;
}

static kp_role pipe_role(keyplan_role role)
{
	return role == KEYPLAN_SCHEMA ? KP_ROLE_SCHEMA : role == KEYPLAN_QUERY ? KP_ROLE_QUERY : KP_ROLE_WORKLOAD;
}

int keyplan_feed_string(keyplan *k, keyplan_role role, const char *name, const char *sql, size_t len)
{
	if (!k || !sql || !valid_role(role))
		return KEYPLAN_EINVAL;
	if (role == KEYPLAN_WORKLOAD) {
		/* keyplan_advise re-plans the workload, as keyplan check does: a
		 * record a shape (statements alike that planned alike, in strings
		 * of one name, are one: kp_advisor.merge_names) and the tree of
		 * its first statement, which points into its string. So a string
		 * stays until keyplan_close only when it made a record; others
		 * (the statements alike of a record made before) are freed, and
		 * what stays of them is their place, 2 or 3 bytes a statement */
		kp_source *src = k->spare ? k->spare : kp_arena_alloc(&k->p.arena, sizeof *src);
		k->spare = NULL;
		kp_source_from_string(src, name ? name : "<string>", sql, len);
		uint32_t records = k->adv.queries.n;
		kp_parser_script_start(k->p.parser);
		k->p.conn_src = NULL;   /* a string is a file of its own (lib/tenant.c) */
		/* transient: the catalog copies the declarations it keeps */
		kp_pipe_window(&k->p, src, pipe_role(role), false, true);
		if (k->adv.queries.n != records) {
			kp_pipe_keep(&k->p, src);
		} else {
			kp_source_free(src);
			k->spare = src;
		}
		return KEYPLAN_OK;
	}
	/* nothing stays: the catalog copies the declarations it keeps, so
	 * memory does not grow with the strings fed */
	kp_source src;
	kp_source_from_string(&src, name ? name : "<string>", sql, len);
	/* a string is a script of its own: no DELIMITER, and a connection of
	 * its own (a -- keyplan:tenant line in one string set the next
	 * string's, the source being at the same address: lib/tenant.c) */
	kp_parser_script_start(k->p.parser);
	k->p.conn_src = NULL;
	kp_pipe_window(&k->p, &src, pipe_role(role), false, true);
	kp_source_free(&src);
	return KEYPLAN_OK;
}

static void host_emit(void *ctx, const kp_diags *d, kp_arena *a)
{
	for (const kp_diag *g = d->head; g; g = g->next)
		send_diag(ctx, g, a);
}

/* Application code, as keyplan lint reads it (lib/embed.c): each planned
 * variant of each statement is a statement of its own, without
 * diagnostics; the statement's findings, merged across its variants, go
 * to on_diagnostic after them, so that one found in several variants comes
 * once. The file stays with the session (the schema or the workload may
 * point into its SQL). */
static int feed_host(keyplan *k, kp_source *src, kp_lang lang, kp_role r)
{
	kp_embed_sink sink = {host_emit, NULL, NULL, k, NULL, false, NULL};
	bool keep = false;
	kp_host_file *hf = kp_embed_run(&k->p, src, lang, r, &sink, k->host_arena, &keep);
	if (keep) {
		kp_pipe_keep(&k->p, src);
		kp_list_push(&k->a, &k->hosts, hf);
		k->host_arena = NULL;   /* the next file takes a new one */
		return KEYPLAN_OK;
	}
	kp_host_file_free(hf);
	kp_source_free(src);
	kp_arena_reset(k->host_arena);
	return KEYPLAN_OK;
}

/* A source for application code: read whole (its SQL is built from the
 * file), in an arena reused file after file unless the file must be kept. */
static kp_source *host_source(keyplan *k)
{
	if (!k->host_arena) {
		k->host_arena = kp_arena_alloc(&k->a, sizeof *k->host_arena);
		kp_arena_init(k->host_arena);
		kp_list_push(&k->a, &k->host_arenas, k->host_arena);
	}
	return kp_arena_alloc(k->host_arena, sizeof(kp_source));
}

/* Application code in src (lang), or a MyBatis .xml that is no mapper:
 * SQL, as it is. */
static int feed_code(keyplan *k, kp_source *src, int lang, keyplan_role role)
{
	if (lang == KP_LANG_MYBATIS && !kp_host_is_mapper(src->text, src->len)) {
		/* XML that is no MyBatis mapper: read as SQL, as it is */
		kp_source *kept = kp_arena_alloc(&k->p.arena, sizeof *kept);
		*kept = *src;
		kp_pipe_keep(&k->p, kept);
		kp_arena_reset(k->host_arena);
		kp_pipe_source(&k->p, kept, pipe_role(role));
		return KEYPLAN_OK;
	}
	return feed_host(k, src, (kp_lang)lang, pipe_role(role));
}

int keyplan_feed_file(keyplan *k, keyplan_role role, const char *path)
{
	if (!k || !path || !valid_role(role))
		return KEYPLAN_EINVAL;
	int lang = role == KEYPLAN_SCHEMA ? KP_LANG_SQL : kp_lang_of_path(path);
	if (lang < 0)
		lang = KP_LANG_SQL;   /* any other file is SQL */
	kp_diags d = {0};
	kp_arena_reset(&k->p.scratch);
	if (lang == KP_LANG_SQL && role != KEYPLAN_WORKLOAD) {
		/* read in windows of whole statements, as keyplan explain reads
		 * a file: memory does not grow with it */
		if (kp_pipe_stream(&k->p, path, pipe_role(role), &d, &k->p.scratch) < 0 && d.head) {
			for (const kp_diag *g = d.head; g; g = g->next)
				send_diag(k, g, &k->p.scratch);
			return KEYPLAN_EIO;
		}
		return KEYPLAN_OK;
	}
	if (lang == KP_LANG_SQL) {
		/* a workload is kept (keyplan_advise re-plans it: the trees of
		 * its shapes point into it), mapped, as keyplan check maps it,
		 * and the pages read past are given back (give_back):
		 * standard input and pipes are read whole */
		kp_source *src = kp_arena_alloc(&k->p.arena, sizeof *src);
		if (kp_source_map(src, path, &d, &k->p.scratch) < 0)
			goto unreadable;
		kp_pipe_keep(&k->p, src);
		kp_pipe_source(&k->p, src, pipe_role(role));
		return KEYPLAN_OK;
	}
	/* application code is mapped (its SQL is built from the file, and
	 * the pages read past are given back: base/srcmap.c) */
	kp_source *src = host_source(k);
	if (kp_source_map(src, path, &d, &k->p.scratch) < 0)
		goto unreadable;
	return feed_code(k, src, lang, role);
unreadable:
	for (const kp_diag *g = d.head; g; g = g->next)
		send_diag(k, g, &k->p.scratch);
	return KEYPLAN_EIO;
}

int keyplan_feed_text(keyplan *k, keyplan_role role, const char *path, const char *text, size_t len)
{
	if (!k || !path || !text || !valid_role(role))
		return KEYPLAN_EINVAL;
	int lang = role == KEYPLAN_SCHEMA ? KP_LANG_SQL : kp_lang_of_path(path);
	if (lang < 0 || lang == KP_LANG_SQL)
		return keyplan_feed_string(k, role, path, text, len);
	kp_arena_reset(&k->p.scratch);
	kp_source *src = host_source(k);
	kp_source_from_string(src, path, text, len);
	return feed_code(k, src, lang, role);
}

size_t keyplan_memory(const keyplan *k, size_t *peak)
{
	if (!k) {
		if (peak)
			*peak = 0;
		return 0;
	}
	const kp_arena *arenas[] = {&k->p.arena, &k->p.scratch, &k->a, &k->p.own_cat.arena, &k->p.base_cat.arena};
	size_t held = 0, most = 0;
	for (size_t i = 0; i < sizeof arenas / sizeof *arenas; i++) {
		held += arenas[i]->held;
		most += kp_arena_peak(arenas[i]);
	}
	for (uint32_t i = 0; i < k->host_arenas.n; i++) {
		const kp_arena *h = k->host_arenas.items[i];
		held += h->held;
		most += kp_arena_peak(h);
	}
	size_t text = 0;
	for (uint32_t i = 0; i < k->p.sources.n; i++) {
		const kp_source *src = k->p.sources.items[i];
		text += (src->mapped ? 0 : src->len + 1) + src->nlines * sizeof *src->lines;
	}
	if (peak)
		*peak = most + text;
	return held + text;
}

struct keyplan_advice {
	const kp_advice *x;
	kp_arena *a;
	const char *json;       /* built on first use */
	const kp_advisor *adv;  /* its reviews: the recommendation's costs */
};

int keyplan_advise(keyplan *k, keyplan_advice_fn fn, void *ctx)
{
	if (!k)
		return KEYPLAN_EINVAL;
	if (k->advised)
		return KEYPLAN_EFAILED;
	k->advised = true;
	kp_advisor_run(&k->adv);
	for (const kp_diag *g = k->adv_d.head; g; g = g->next)
		send_diag(k, g, &k->a);
	for (uint32_t i = 0; fn && i < k->adv.advice.n; i++) {
		keyplan_advice x = {k->adv.advice.items[i], &k->a, NULL, &k->adv};
		fn(ctx, &x);
	}
	return KEYPLAN_OK;
}

/* ----------------------------------------------------------- statements */

const char *keyplan_statement_kind(const keyplan_statement *st)
{
	return kp_stmt_kind_name(st->ev->stmt ? st->ev->stmt->kind : KP_S_NONE);
}

const char *keyplan_statement_access(const keyplan_statement *st)
{
	const kp_plan *p = &st->ev->plan;
	return st->ev->planned && p->table && p->access != KP_ACCESS_NONE ? kp_access_name(p->access) : NULL;
}

int keyplan_statement_rejected(const keyplan_statement *st)
{
	return st->ev->plan.rejected ? 1 : 0;
}

const char *keyplan_statement_table(const keyplan_statement *st)
{
	return st->ev->plan.table ? st->ev->plan.table->name : NULL;
}

const char *keyplan_statement_index(const keyplan_statement *st)
{
	return st->ev->plan.index ? st->ev->plan.index->name : NULL;
}

/* b's text, copied into a (b is freed). */
static const char *keep_text(kp_arena *a, kp_buf *b)
{
	const char *s = kp_arena_strndup(a, b->data ? b->data : "", b->len);
	kp_buf_free(b);
	return s;
}

const char *keyplan_statement_plan_text(const keyplan_statement *st)
{
	keyplan_statement *m = (keyplan_statement *)st;   /* built once, on demand */
	if (!m->text) {
		kp_buf b = {0};
		kp_explain_text(&b, &st->ev->plan, st->ev->stmt);
		m->text = keep_text(st->ev->a, &b);
	}
	return m->text;
}

const char *keyplan_statement_plan_json(const keyplan_statement *st)
{
	keyplan_statement *m = (keyplan_statement *)st;
	if (!m->json) {
		const kp_event *ev = st->ev;
		kp_buf b = {0};
		kp_explain_json(&b, &ev->plan, ev->stmt, ev->src, ev->start, st->d);
		m->json = keep_text(ev->a, &b);
	}
	return m->json;
}

const char *keyplan_statement_file(const keyplan_statement *st)
{
	kp_source *at;
	kp_source_origin(st->ev->src, st->ev->start, &at);
	return at->path;
}

unsigned keyplan_statement_line(const keyplan_statement *st)
{
	uint32_t line, col;
	kp_source_linecol(st->ev->src, st->ev->start, &line, &col);
	return line;
}

unsigned keyplan_statement_column(const keyplan_statement *st)
{
	uint32_t line, col;
	kp_source_linecol(st->ev->src, st->ev->start, &line, &col);
	return col;
}

size_t keyplan_statement_diagnostic_count(const keyplan_statement *st)
{
	return st->n;
}

const keyplan_diagnostic *keyplan_statement_diagnostic(const keyplan_statement *st, size_t i)
{
	return i < st->n ? &st->diags[i] : NULL;
}

/* ---------------------------------------------------------- diagnostics */

const char *keyplan_diagnostic_rule(const keyplan_diagnostic *d)
{
	return kp_rule_get(d->g->rule)->id;
}

const char *keyplan_diagnostic_slug(const keyplan_diagnostic *d)
{
	return kp_rule_get(d->g->rule)->slug;
}

keyplan_severity keyplan_diagnostic_severity(const keyplan_diagnostic *d)
{
	return (keyplan_severity)d->g->severity;
}

const char *keyplan_diagnostic_message(const keyplan_diagnostic *d)
{
	return d->g->message;
}

const char *keyplan_diagnostic_file(const keyplan_diagnostic *d)
{
	if (!d->g->src)
		return d->g->file;
	kp_source *at;
	kp_source_origin(d->g->src, d->g->off, &at);
	return at->path;
}

unsigned keyplan_diagnostic_line(const keyplan_diagnostic *d)
{
	uint32_t line = d->g->file_line, col = 0;
	if (d->g->src)
		kp_source_linecol(d->g->src, d->g->off, &line, &col);
	return line;
}

unsigned keyplan_diagnostic_column(const keyplan_diagnostic *d)
{
	uint32_t line = 0, col = 0;
	if (d->g->src)
		kp_source_linecol(d->g->src, d->g->off, &line, &col);
	return col;
}

const char *keyplan_diagnostic_text(const keyplan_diagnostic *d)
{
	keyplan_diagnostic *m = (keyplan_diagnostic *)d;
	if (!m->text) {
		kp_buf b = {0};
		kp_diag_format(&b, d->g, 0);
		m->text = keep_text(d->a, &b);
	}
	return m->text;
}

/* --------------------------------------------------------------- advice */

const char *keyplan_advice_kind(const keyplan_advice *a)
{
	return a->x->kind;
}

const char *keyplan_advice_rule(const keyplan_advice *a)
{
	return kp_rule_get(a->x->rule)->id;
}

const char *keyplan_advice_table(const keyplan_advice *a)
{
	return a->x->table->name;
}

const char *keyplan_advice_message(const keyplan_advice *a)
{
	return a->x->message;
}

const char *keyplan_advice_key(const keyplan_advice *a)
{
	return a->x->key;
}

const char *keyplan_advice_ddl(const keyplan_advice *a)
{
	return a->x->ddl;
}

int keyplan_advice_serves(const keyplan_advice *a, int *of)
{
	if (of)
		*of = a->x->serves >= 0 ? a->x->of : -1;
	return a->x->serves;
}

int keyplan_advice_recommended(const keyplan_advice *a)
{
	return a->x->recommended ? 1 : 0;
}

int keyplan_advice_rank(const keyplan_advice *a)
{
	return a->x->rank;
}

int keyplan_advice_write_cost(const keyplan_advice *a, int *rows_per_insert_before, int *rows_per_insert_after,
                              double *rows_written_before, double *rows_written_after)
{
	if (!a->x->recommended)
		return 0;
	for (uint32_t i = 0; i < a->adv->reviews.n; i++) {
		const kp_table_review *r = a->adv->reviews.items[i];
		for (uint32_t j = 0; j < r->recommended.n; j++) {
			if (r->recommended.items[j] != a->x)
				continue;
			if (rows_per_insert_before)
				*rows_per_insert_before = r->rows_per_insert_before;
			if (rows_per_insert_after)
				*rows_per_insert_after = r->rows_per_insert_after;
			if (rows_written_before)
				*rows_written_before = r->before.written;
			if (rows_written_after)
				*rows_written_after = r->after.written;
			return 1;
		}
	}
	return 0;
}

const char *keyplan_advice_json(const keyplan_advice *a)
{
	keyplan_advice *m = (keyplan_advice *)a;
	if (!m->json) {
		kp_buf b = {0};
		kp_advice_json(&b, a->x);
		m->json = keep_text(a->a, &b);
	}
	return m->json;
}
