/* The statement pipeline: see pipeline.h. */
#include "lib/pipeline.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void kp_pipe_init(kp_pipe *p, kp_target target)
{
	memset(p, 0, sizeof *p);
	kp_catalog_init(&p->own_cat);
	kp_catalog_init(&p->base_cat);
	p->cat = &p->own_cat;
	p->opts = &p->own_opts;
	p->target = target;
	p->limits = true;
	kp_target_plan_opts(&p->own_opts, target);
	kp_arena_init(&p->arena);
	kp_arena_init(&p->scratch);
	p->parser = kp_parser_new();
	p->memo = kp_plan_memo_new();
	/* names compare as the target compares them (docs/targets.md) */
	p->own_cat.names = p->base_cat.names = kp_target_names(target);
	p->own_cat.heap_tables = p->base_cat.heap_tables = kp_target_heap_tables(target);
	kp_parser_fold_upper(p->parser, p->own_cat.names == KP_NAMES_UPPER);
	kp_parser_hash_comments(p->parser, p->own_cat.names != KP_NAMES_UPPER);
	kp_parser_dq_strings(p->parser, kp_target_dq_strings(target));
	kp_parser_backslash_escapes(p->parser, kp_target_backslash_escapes(target));
}

void kp_pipe_borrow(kp_pipe *p, kp_catalog *cat, kp_plan_opts *opts)
{
	p->cat = cat;
	p->opts = opts;
	kp_parser_fold_upper(p->parser, cat->names == KP_NAMES_UPPER);
	kp_parser_hash_comments(p->parser, cat->names != KP_NAMES_UPPER);
}

void kp_pipe_free(kp_pipe *p)
{
	for (uint32_t i = 0; i < p->sources.n; i++)
		kp_source_free(p->sources.items[i]);
	kp_parser_free(p->parser);
	kp_plan_memo_free(p->memo);
	kp_catalog_free(&p->own_cat);
	kp_catalog_free(&p->base_cat);
	free(p->conn_path);
	free(p->conn_tenant);
	kp_arena_free(&p->scratch);
	kp_arena_free(&p->arena);
}

void kp_pipe_reset(kp_pipe *p)
{
	for (uint32_t i = 0; i < p->sources.n; i++)
		kp_source_free(p->sources.items[i]);
	memset(&p->sources, 0, sizeof p->sources);
	kp_arena_reset(&p->arena);
	kp_arena_reset(&p->scratch);
	free(p->conn_path);
	free(p->conn_tenant);
	p->conn_path = p->conn_tenant = NULL;
	p->conn_src = p->conn_seen = NULL;
	p->conn_set = false;
	p->fn = NULL;
	p->ctx = NULL;
	p->collect = NULL;
	p->collect_arena = NULL;
	p->stop = p->scope_dirty = false;
	p->shaped = NULL;
	p->shape = 0;
	p->unkept = 0;
}

void kp_pipe_keep(kp_pipe *p, kp_source *src)
{
	kp_list_push(&p->arena, &p->sources, src);
}

static int send(kp_pipe *p, kp_event *ev, kp_phase phase)
{
	ev->phase = phase;
	if (p->fn && p->fn(p->ctx, ev)) {
		p->stop = true;
		return 1;
	}
	return 0;
}

/* DDL read from a streamed window: the catalog keeps where each table,
 * column and index was declared (for notes such as "primary key declared
 * here"), but the window is reused for the next part of the file, or the
 * next file. So the statement's text is copied into a source of its own,
 * placed at the same line and column, and the new declarations point into
 * the copy. The copy starts at lead, where the comments before the
 * statement start: the advisor reads a table's annotations in the comment
 * lines right above its CREATE or ALTER (advisor/annotations.c), so the
 * library and the editor, which feed the schema as strings, read them as
 * keyplan check does. */
static void keep_declarations(kp_pipe *p, kp_source *src, size_t lead, uint32_t stmt, size_t end)
{
	uint32_t start = lead < stmt ? (uint32_t)lead : stmt;
	kp_source *x = kp_arena_alloc(&p->arena, sizeof(*x));
	kp_source_from_string(x, src->path, src->text + start, end - start);
	uint32_t l, col;
	kp_source_linecol(src, start, &l, &col);
	x->base_line = l - 1;
	x->base_col = col - 1;
	kp_pipe_keep(p, x);
	kp_catalog *cat = p->cat;
	for (int i = 0; i < cat->ntables; i++) {
		kp_table *t = cat->tables[i];
		if (t->src == src) {
			t->src = x;
			t->off -= start;
			t->stmt_off -= start;
			t->pk_off -= start;
		}
		for (int k = 0; k < t->ncols; k++)
			if (t->cols[k].src == src) {
				t->cols[k].src = x;
				t->cols[k].off -= start;
				t->cols[k].stmt_off -= start;
			}
		for (int k = 0; k < t->nindexes; k++)
			if (t->indexes[k]->src == src) {
				t->indexes[k]->src = x;
				t->indexes[k]->off -= start;
			}
	}
	for (uint32_t i = 0; i < cat->failed.n; i++) {
		kp_failed_ddl *f = cat->failed.items[i];
		if (f->src == src) {
			f->src = x;
			f->off -= start;
		}
	}
}

static bool is_write(kp_stmt_kind k)
{
	return k == KP_S_INSERT || k == KP_S_UPSERT || k == KP_S_REPLACE;
}

/* Under file_scope: is the CREATE s, in a query source, one of a table,
 * view or index that another file (the schema) already declares? That is
 * the migration that made it, applied already: not "already exists". */
static bool declared_elsewhere(const kp_catalog *cat, const kp_stmt *s, const kp_source *src)
{
	const kp_table *t;
	if (s->kind == KP_S_CREATE_TABLE || s->kind == KP_S_CREATE_VIEW) {
		const kp_name *n = &s->u.create_table.name;
		t = kp_catalog_find(cat, n->s, n->len);
		return t && t->src && strcmp(t->src->path, src->path) != 0;
	}
	if (s->kind == KP_S_CREATE_INDEX) {
		const kp_indexdef *def = &s->u.create_index;
		t = kp_catalog_find(cat, def->table.s, def->table.len);
		const kp_index *ix = t && def->name.s ? kp_table_index(t, def->name.s, def->name.len) : NULL;
		return ix && ix->src && strcmp(ix->src->path, src->path) != 0;
	}
	return false;
}

/* A copy of ev's statement, parsed in the scratch arena, that outlives
 * the session's use of it: its text parsed again into the session's arena
 * (the parser is in the state it read it in, and the shape cache makes
 * the second reading a copy). The advisor asks for one only for each
 * shape's first statement and for inserts (kp_advisor_share). */
static const kp_stmt *lasting(kp_pipe *p, const kp_event *ev)
{
	kp_diags d = {0};
	kp_stmt *s = NULL;
	size_t pos = ev->start;
	if (kp_parse_next(p->parser, &s, ev->src, &pos, &p->arena, &d) && s && s->off == ev->stmt->off &&
	    s->len == ev->stmt->len && s->kind == ev->stmt->kind)
		return s;
	return NULL;   /* the same text, parser and state read it once already: not expected */
}

/* A workload statement the advisor keeps, read again into the session's
 * arena. Should reading it again not give the same statement, its scratch
 * tree cannot outlive it: the advisor lets it go (the workload review
 * leaves it out), it is counted in p->unkept, and a located warning says
 * so. Nothing aborts. */
static void keep_for_advisor(kp_pipe *p, kp_event *ev)
{
	const kp_stmt *s = lasting(p, ev);
	if (s) {
		kp_advisor_own(p->adv, s);
		return;
	}
	kp_advisor_drop_last(p->adv);
	p->unkept++;
	kp_diag_add(ev->d, ev->a, KP_R_UNSUPPORTED, KP_SEV_WARNING, ev->src, ev->stmt->off, ev->stmt->len,
	            "this statement could not be kept for the workload's review (reading its text again gave "
	            "another statement): check's advice leaves it out");
}
/* One statement: DDL changes its role's schema, a query is planned (and
 * against the old schema too, for check --base-schema), checked against
 * the target's limits and handed to the advisor when it is a workload's. */
static void run_on(kp_pipe *p, kp_event *ev, kp_arena *plan_arena)
{
	kp_stmt *s = ev->stmt;
	kp_role r = ev->role;
	const kp_plan_opts *opts = kp_pipe_connection(p, ev);
	if (!s)
		return;
	if (s->forms.n)
		kp_target_check_forms(p->target, s, ev->src, ev->a, ev->d);
	if (kp_stmt_is_ddl(s->kind)) {
		if (p->file_scope && r == KP_ROLE_QUERY) {
			if (declared_elsewhere(p->cat, s, ev->src))
				return;
			p->scope_dirty = true;
		}
		kp_check_target_ddl(p->target, r == KP_ROLE_BASE ? &p->base_cat : p->cat, s, ev->src, ev->a, ev->d);
		/* application code is not a script run top to bottom: a CREATE of
		 * what the same file made is another test or code path making it
		 * again, and the statements after it run against the new one */
		bool own = ev->src->host && (r == KP_ROLE_QUERY || r == KP_ROLE_WORKLOAD);
		if (own)
			kp_catalog_forget_own(p->cat, s, ev->src->path);
		kp_catalog_apply(r == KP_ROLE_BASE ? &p->base_cat : p->cat, s, ev->src, ev->a, ev->d);
		if (own)
			kp_catalog_made_own(p->cat, s);   /* the function's (recreate.c) */
		return;
	}
	if ((r == KP_ROLE_SCHEMA || r == KP_ROLE_BASE) && !(p->plan_schema_writes && is_write(s->kind))) {
		kp_diag_add(ev->d, ev->a, KP_R_UNSUPPORTED, KP_SEV_WARNING, ev->src, s->off, s->len,
		            "%s in a schema file is not planned; pass it as a query file",
		            kp_stmt_kind_name(s->kind));
		return;
	}
	if (r == KP_ROLE_BASE)
		return;
	if (p->compare && r == KP_ROLE_WORKLOAD) {
		/* the old schema first: the new plan is the one the advisor keeps */
		memset(&ev->base_d, 0, sizeof ev->base_d);
		kp_plan_stmt(&ev->base_plan, &p->base_cat, s, opts, ev->src, plan_arena, &ev->base_d);
		ev->base_planned = true;
	}
	ev->before = ev->d->tail;
	/* a statement of a shape seen before: its resolution is kept; any
	 * other planned straight away, as kp_plan_stmt_shaped would (its call
	 * alone cost the no-repeat workload 37 instructions a statement) */
	if (s == p->shaped && p->shape)
		kp_plan_stmt_shaped(&ev->plan, p->memo, p->shape, p->cat, s, opts, ev->src, plan_arena, ev->d);
	else
		kp_plan_stmt(&ev->plan, p->cat, s, opts, ev->src, plan_arena, ev->d);
	ev->planned = true;
	if (send(p, ev, KP_EV_PLANNED))
		return;
	if (p->limits)
		kp_advise_statement(p->target, s, &ev->plan, ev->src, ev->a, ev->d);
	if (p->adv && r == KP_ROLE_WORKLOAD) {
		kp_advisor_add(p->adv, s, &ev->plan, ev->src, ev->weight);
		if (opts != p->opts)
			kp_advisor_on_tenant(p->adv, opts->tenant);   /* a directive's connection */
		if (ev->scratch_ast && !kp_advisor_share(p->adv))
			keep_for_advisor(p, ev);
	}
}

/* The statement on its connection (lib/tenant.c); the catalogs are on
 * opts' again after it, so no lookup outlives a directive's TenantId. */
static void run_stmt(kp_pipe *p, kp_event *ev, kp_arena *plan_arena)
{
	run_on(p, ev, plan_arena);
	p->cat->tenant = p->base_cat.tenant = p->opts->tenant;
}

/* Where the comments on the rest of the line after a statement end (after
 * is just past its ';'): a trailing "-- keyplan:ignore" there is the
 * statement's own. Returns after when there are none, or SIZE_MAX when the
 * line may go on past the end of a streamed window. */
static size_t trailing_end(const kp_source *src, size_t after, bool more_follows)
{
	const char *t = src->text;
	size_t i = after, n = src->len;
	for (;;) {
		while (i < n && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r'))
			i++;
		if (i + 1 < n && t[i] == '-' && t[i + 1] == '-') {
			const char *e = memchr(t + i, '\n', n - i);
			if (!e)
				return more_follows ? SIZE_MAX : n;
			return (size_t)(e - t);
		}
		if (i + 1 < n && t[i] == '/' && t[i + 1] == '*' && (i + 2 >= n || t[i + 2] != '+')) {
			const char *e = NULL;
			for (size_t k = i + 2; k + 1 < n; k++)
				if (t[k] == '*' && t[k + 1] == '/') {
					e = t + k;
					break;
				}
			if (!e)
				return more_follows ? SIZE_MAX : n;
			i = (size_t)(e - t) + 2;
			continue;   /* another comment may follow on the line */
		}
		if (i >= n)
			return more_follows ? SIZE_MAX : n;   /* the line may go on in the next window */
		/* a block comment followed by another statement leads that one */
		return t[i] == '\n' ? i : after;
	}
}

size_t kp_pipe_window(kp_pipe *p, kp_source *src, kp_role r, bool more_follows, bool transient)
{
	size_t pos = 0;
	size_t gap = 0;         /* where the comments before the next statement start */
	/* the advisor and the shell keep their statements; other statements
	 * live in the scratch arena, reset before the next, so memory does not
	 * grow with the input */
	bool keep_ast = p->keep_stmts;
	/* a workload statement too: the advisor keeps a copy of the first
	 * statement of each shape and of each insert (lasting), and shares
	 * those trees among the statements alike, so that check's memory
	 * grows with the shapes, not the statements */
	bool scratch_ast = !keep_ast && p->adv && r == KP_ROLE_WORKLOAD;
	kp_arena *sa = p->collect ? p->collect_arena : &p->scratch;
	kp_arena *ast_arena = keep_ast ? &p->arena : sa;
	kp_arena *plan_arena = p->keep_stmts ? &p->arena : sa;
	p->stop = false;
	p->conn_seen = NULL;   /* src's path compared again (lib/tenant.c) */
	if (!transient)
		p->conn_src = NULL;   /* a whole source: its own connection (lib/tenant.c) */
	for (;;) {
		size_t prev = pos;
		kp_diags d = {0};
		kp_event ev;
		memset(&ev, 0, KP_EVENT_CLEARED);
		ev.role = r;
		ev.src = src;
		ev.d = p->collect ? p->collect : &d;
		ev.a = sa;
		ev.more_follows = more_follows;
		ev.weight = 1;
		ev.scratch_ast = scratch_ast;
		kp_arena_reset(&p->scratch);
		p->shaped = NULL;
		if (!kp_parse_next(p->parser, &ev.stmt, src, &pos, ast_arena, ev.d)) {
			if (more_follows)
				return gap;   /* trailing comments may go on in the next window */
			ev.pos = pos;
			ev.lead = gap > prev ? gap : prev;   /* the comments after the last statement */
			send(p, &ev, KP_EV_END);
			return pos;
		}
		if (more_follows && kp_parser_at_eof(p->parser))
			return gap;
		kp_stmt *s = ev.stmt;
		p->shaped = s;
		p->shape = kp_parser_last_shape(p->parser);
		ev.start = kp_parser_last_start(p->parser);
		ev.end = s ? s->off + s->len : (uint32_t)pos;
		ev.pos = pos;
		ev.lead = gap > prev ? gap : prev;
		/* a comment after the statement on its last line is its own */
		ev.trail = trailing_end(src, pos, more_follows);
		if (ev.trail == SIZE_MAX)
			return gap;   /* that line ends in the next window */
		if (send(p, &ev, KP_EV_PARSED))
			return gap;
		gap = ev.trail;
		if (!s && r != KP_ROLE_WORKLOAD && kp_catalog_note_failed(p->cat, src, ev.start)) {
			if (r == KP_ROLE_QUERY)
				p->scope_dirty = true;
			if (transient)
				keep_declarations(p, src, ev.lead, ev.start, pos);   /* a failed CREATE, for "no such table" */
		}
		run_stmt(p, &ev, plan_arena);
		if (p->stop)
			return pos;
		if (s && kp_stmt_is_ddl(s->kind) && transient)
			keep_declarations(p, src, ev.lead, ev.start, pos);
		if (send(p, &ev, KP_EV_DONE))
			return pos;
	}
}

void kp_pipe_source(kp_pipe *p, kp_source *src, kp_role r)
{
	if (r == KP_ROLE_SCHEMA)
		kp_list_push(&p->arena, &p->schema_srcs, src);
	kp_parser_script_start(p->parser);
	kp_pipe_window(p, src, r, false, false);
}

void kp_pipe_scope_end(kp_pipe *p)
{
	if (!p->scope_dirty || p->cat != &p->own_cat)
		return;
	p->scope_dirty = false;
	int names = p->own_cat.names;
	bool heap = p->own_cat.heap_tables;
	kp_catalog_free(&p->own_cat);
	kp_catalog_init(&p->own_cat);
	p->own_cat.names = names;
	p->own_cat.heap_tables = heap;
	kp_event_fn fn = p->fn;
	p->fn = NULL;   /* the schema's findings were reported when it was read */
	for (uint32_t i = 0; i < p->schema_srcs.n; i++) {
		kp_parser_script_start(p->parser);
		kp_pipe_window(p, p->schema_srcs.items[i], KP_ROLE_SCHEMA, false, false);
	}
	p->fn = fn;
	p->stop = false;
}

kp_source *kp_pipe_read(kp_pipe *p, const char *path, kp_diags *d, kp_arena *a)
{
	kp_source *src = kp_arena_alloc(&p->arena, sizeof(*src));
	if (kp_source_read(src, path, d, a) < 0)
		return NULL;
	kp_pipe_keep(p, src);
	if (!strcmp(path, "-") && p->stdin_name) {
		free(src->path);
		src->path = strdup(p->stdin_name);
		if (!src->path)
			abort();
		kp_buf_clear(&src->path_json);
	}
	return src;
}

int kp_pipe_stream(kp_pipe *p, const char *path, kp_role r, kp_diags *d, kp_arena *a)
{
	kp_stream st;
	if (kp_stream_open(&st, path, 0, d, a) < 0)
		return -1;
	if (!strcmp(path, "-") && p->stdin_name) {
		free(st.src.path);
		st.src.path = strdup(p->stdin_name);
		if (!st.src.path)
			abort();
		kp_buf_clear(&st.src.path_json);
	}
	size_t consumed = 0;
	int rc = 0;
	p->stop = false;
	kp_parser_script_start(p->parser);
	while (!p->stop && (rc = kp_stream_next(&st, &consumed)) > 0)
		consumed = kp_pipe_window(p, &st.src, r, !st.last && st.src.len <= KP_STREAM_MAX, true);
	if (rc < 0)
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "read error");
	kp_stream_close(&st);
	return rc < 0 || p->stop ? -1 : 0;
}

bool kp_pipe_sql(kp_pipe *p, kp_source *sql, kp_role r, kp_diags *d, kp_arena *a)
{
	bool keep_ast = p->keep_stmts || (p->adv && r == KP_ROLE_WORKLOAD), keep = keep_ast;
	size_t pos = 0;
	p->stop = false;
	p->conn_seen = NULL;   /* sql's path compared again (lib/tenant.c) */
	kp_parser_script_start(p->parser);
	kp_event ev;
	for (;;) {
		memset(&ev, 0, KP_EVENT_CLEARED);
		ev.role = r;
		ev.src = sql;
		ev.d = d;
		ev.a = a;
		ev.host = true;
		ev.weight = 1;
		p->shaped = NULL;
		if (!kp_parse_next(p->parser, &ev.stmt, sql, &pos, keep_ast ? &p->arena : a, d))
			break;
		p->shaped = ev.stmt;
		p->shape = kp_parser_last_shape(p->parser);
		ev.start = kp_parser_last_start(p->parser);
		ev.pos = pos;
		keep |= ev.stmt && kp_stmt_is_ddl(ev.stmt->kind);
		if (!ev.stmt && r != KP_ROLE_WORKLOAD && kp_catalog_note_failed(p->cat, sql, ev.start)) {
			/* a failed CREATE, for "no such table" later: the note points
			 * into sql, which must stay */
			if (r == KP_ROLE_QUERY)
				p->scope_dirty = true;
			keep = true;
		}
		run_stmt(p, &ev, a);
		if (p->stop || send(p, &ev, KP_EV_DONE))
			break;
	}
	return keep;
}
