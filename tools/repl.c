/* The shell's session: statements fed to the pipeline and printed as
 * explain prints them, the dot-commands and their dispatch. The schema
 * commands are in repl_schema.c, line editing in repl_line.c. */
#include "tools/replInt.h"
#include "base/quote.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grammar/parse.h"
#include "grammar/parser.h"
#include "planner/explain.h"
#include "tools/sniff.h"

volatile sig_atomic_t kp_repl_interrupted;

size_t kp_repl_complete(const char *buf, size_t len, bool *blank)
{
	/* the lexer needs a NUL after the text */
	char *copy = malloc(len + 1);
	if (!copy)
		abort();
	memcpy(copy, buf, len);
	copy[len] = 0;
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, copy, len, 0);
	size_t end = 0;
	*blank = true;
	for (;;) {
		int ty = kp_lex(&lx, &t);
		if (ty == KP_TOK_EOF)
			break;
		if (ty == KP_TOK_ERROR) {
			/* an unterminated string, comment or name: more is coming */
			if (lx.unterminated) {
				*blank = false;
				end = 0;
				break;
			}
			*blank = false;
			continue;
		}
		if (ty == TK_SEMI) {
			end = t.off + 1;
			break;
		}
		if (ty != KP_TOK_HINT)
			*blank = false;
	}
	free(copy);
	return end;
}

static int repl_event(void *ctx, kp_event *ev);

kp_repl *kp_repl_new(kp_target target, FILE *out, FILE *err)
{
	kp_repl *r = calloc(1, sizeof(*r));
	if (!r)
		abort();
	kp_pipe_init(&r->p, target);
	r->p.keep_stmts = true;
	r->p.fn = repl_event;
	r->p.ctx = r;
	r->out = out;
	r->err = err;
	return r;
}

void kp_repl_free(kp_repl *r)
{
	if (!r)
		return;
	kp_pipe_free(&r->p);
	free(r->tenant);
	free(r);
}

static void print_diags(kp_repl *r, const kp_diags *d)
{
	kp_buf b = {0};
	for (const kp_diag *g = d->head; g; g = g->next)
		kp_diag_format(&b, g, 0);
	if (b.len) {
		fflush(r->out);
		fwrite(b.data, 1, b.len, r->err);
		fflush(r->err);
	}
	kp_buf_free(&b);
}

/* A statement of the pipeline, printed as explain prints it; queries on a
 * known table are kept, the workload of .advise and .try. Ctrl-C stops a
 * long .read between two statements. */
static int repl_event(void *ctx, kp_event *ev)
{
	kp_repl *r = ctx;
	if (ev->phase != KP_EV_DONE)
		return 0;
	const kp_diags *d = ev->d;
	if (ev->plan.table) {
		repl_query *q = kp_arena_alloc(&r->p.arena, sizeof(*q));
		q->stmt = ev->stmt;
		q->plan = ev->plan;
		q->src = ev->src;
		q->weight = 1;
		kp_list_push(&r->p.arena, &r->queries, q);
	}
	bool ddl = ev->stmt && kp_stmt_is_ddl(ev->stmt->kind);
	if (r->replaying) {
		/* .target: the schema's problems under the new target only */
		if (ddl || !ev->stmt)
			print_diags(r, d);
		return 0;
	}
	if (ev->plan.rejected || d->count[KP_SEV_ERROR])
		r->failed = true;
	if (!(r->quiet && ddl && !d->head)) {
		kp_buf b = {0};
		if (r->json)
			kp_explain_json(&b, &ev->plan, ev->stmt, ev->src, ev->start, d);
		else
			kp_explain_text(&b, &ev->plan, ev->stmt);
		if (r->json) {
			kp_buf_putc(&b, '\n');
			fwrite(b.data, 1, b.len, r->out);
		} else {
			/* names and literals as explain shows them: no raw control */
			kp_buf v = {0};
			kp_buf_put_visible(&v, b.data, b.len);
			kp_buf_putc(&v, '\n');
			fwrite(v.data, 1, v.len, r->out);
			kp_buf_free(&v);
		}
		kp_buf_free(&b);
		if (!r->json)
			print_diags(r, d);
		fflush(r->out);
	}
	if (kp_repl_interrupted) {
		fputs("interrupted\n", r->err);
		return 1;
	}
	return 0;
}

void kp_repl_sql(kp_repl *r, const char *name, const char *text, size_t len)
{
	kp_source *src = kp_arena_alloc(&r->p.arena, sizeof(*src));
	kp_source_from_string(src, name, text, len);
	if (r->at_line) {
		src->base_line = r->at_line - 1;
		src->base_col = r->at_col - 1;
	}
	kp_pipe_keep(&r->p, src);
	r->p.conn_ddl = true;   /* typed DDL runs on the session's connection */
	kp_pipe_source(&r->p, src, KP_ROLE_QUERY);
}

void kp_repl_error(kp_repl *r, const char *fmt, ...)
{
	fflush(r->out);
	if (r->dot_line)
		fprintf(r->err, "<stdin>:%u:1: ", r->dot_line);
	fputs("error: ", r->err);
	/* the message quotes what was typed or read: shown, never sent to
	 * the terminal */
	char msg[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	kp_buf v = {0};
	kp_buf_puts_visible(&v, msg);
	kp_buf_putc(&v, '\n');
	fwrite(v.data, 1, v.len, r->err);
	kp_buf_free(&v);
	fflush(r->err);
	r->failed = true;
}

int kp_repl_load(kp_repl *r, const char *path)
{
	r->quiet = true;
	int rc = kp_repl_read(r, path);
	r->quiet = false;
	return rc;
}

int kp_repl_read(kp_repl *r, const char *path)
{
	const char *why = kp_sniff_path(path, false);
	if (why) {   /* one error, not one per NUL byte */
		kp_repl_error(r, "%s: %s", path, why);
		return -1;
	}
	kp_diags d = {0};
	kp_source *src = kp_pipe_read(&r->p, path, &d, &r->p.scratch);
	if (!src) {
		if (r->quiet) {
			/* a --schema file: an error of the command line, worded
			 * as every other command words it */
			fflush(r->out);
			fprintf(r->err, "keyplan: %s: %s\n", d.head->file, d.head->message);
			r->failed = true;
		} else {
			kp_repl_error(r, "%s: %s", d.head->file, d.head->message);
		}
		return -1;
	}
	r->p.conn_ddl = !r->quiet;   /* .read as typed; --schema on a global connection */
	if (r->quiet)
		r->nschema = r->p.sources.n;
	kp_pipe_source(&r->p, src, KP_ROLE_QUERY);
	return 0;
}

/* .target NAME: the session read again under another target, in the
 * order it was typed and read (the schema, .read files, the queries), as
 * if it had been started with --target NAME: names fold, limits and
 * planning rules are the new target's. Only the schema's problems under
 * it are printed; the queries are re-planned quietly for .advise and
 * .try. The sources move to the new session (their statements are parsed
 * again from the same text). */
static void set_target(kp_repl *r, kp_target target)
{
	uint32_t n = r->p.sources.n;
	kp_source *moved = n ? malloc(sizeof(kp_source) * n) : NULL;
	if (n && !moved)
		abort();
	for (uint32_t i = 0; i < n; i++)
		moved[i] = *(kp_source *)r->p.sources.items[i];
	r->p.sources.n = 0;   /* their text now belongs to moved */
	kp_pipe_free(&r->p);
	memset(&r->queries, 0, sizeof(r->queries));
	kp_pipe_init(&r->p, target);
	r->p.keep_stmts = true;
	r->p.fn = repl_event;
	r->p.ctx = r;
	bool dropped = r->tenant && target != KP_TARGET_PHOENIX;
	kp_repl_set_tenant(r, dropped ? NULL : r->tenant);
	r->replaying = true;
	for (uint32_t i = 0; i < n; i++) {
		kp_source *src = kp_arena_alloc(&r->p.arena, sizeof(*src));
		*src = moved[i];
		kp_pipe_keep(&r->p, src);
		r->p.conn_ddl = i >= r->nschema;
		kp_pipe_source(&r->p, src, KP_ROLE_QUERY);
	}
	r->replaying = false;
	free(moved);
	int tables = 0;
	for (int i = 0; i < r->p.cat->ntables; i++)
		tables += !r->p.cat->tables[i]->dropped && kp_repl_sees(r, r->p.cat->tables[i]);
	fprintf(r->out, "target %s: %d table%s, %u quer%s re-planned%s\n", kp_target_name(target), tables,
	        tables == 1 ? "" : "s", r->queries.n, r->queries.n == 1 ? "y" : "ies",
	        dropped ? " on a global connection (a TenantId is phoenix's)" : "");
}

static void target_cmd(kp_repl *r, const char *arg)
{
	kp_target t;
	if (!*arg) {
		fprintf(r->out, "%s (lindorm, tablestore, phoenix or generic)\n", kp_target_name(r->p.target));
		return;
	}
	if (kp_target_parse(&t, arg) < 0) {
		kp_repl_error(r, "unknown target '%s' (expected lindorm, tablestore, phoenix or generic)", arg);
		return;
	}
	set_target(r, t);
}

static const char help_text[] =
	"Statements end with ';' and may span lines. CREATE TABLE / CREATE INDEX / DROP change\n"
	"the session's schema; SELECT, UPDATE and DELETE print their plans.\n"
	"\n"
	".help                        this text\n"
	".tables                      list the tables and their keys\n"
	".schema [TABLE]              DDL and key, in key notation ([a][b DESC])\n"
	".indexes [TABLE]             secondary indexes\n"
	".read FILE                   run the statements of FILE\n"
	".format text|json            how plans are printed\n"
	".target [NAME]               the target store; NAME (lindorm, tablestore, phoenix, generic)\n"
	"                             reads the session again under it\n"
	".tenant [ID|-]               (phoenix) the connection of the statements after it: tenant\n"
	"                             ID's (TenantId=ID), or - a global one\n"
	".advise [TABLE]              run the advisor over the schema and the queries typed so far\n"
	".try TABLE PRIMARY KEY (...) re-plan the session's queries against another key\n"
	".quit                        leave (also .exit, or end of input)\n";

bool kp_repl_dot(kp_repl *r, const char *line)
{
	char cmd[32];
	int n = 0;
	while (line[n] && line[n] != ' ' && line[n] != '\t' && n < 31) {
		cmd[n] = line[n];
		n++;
	}
	cmd[n] = 0;
	const char *arg = line + n;
	while (*arg == ' ' || *arg == '\t')
		arg++;
	char a[1024];
	if (strlen(arg) >= sizeof a) {
		/* cut, it would name another file or table, or another key */
		kp_repl_error(r, "%s: its argument is longer than %zu bytes", cmd, sizeof a - 1);
		return true;
	}
	snprintf(a, sizeof a, "%s", arg);
	size_t al = strlen(a);
	while (al && (a[al - 1] == ' ' || a[al - 1] == '\t' || a[al - 1] == '\r' || a[al - 1] == ';'))
		a[--al] = 0;
	if (!strcmp(cmd, ".quit") || !strcmp(cmd, ".exit"))
		return false;
	if (!strcmp(cmd, ".help")) {
		fputs(help_text, r->out);
	} else if (!strcmp(cmd, ".tables")) {
		int shown = 0;
		for (int i = 0; i < r->p.cat->ntables; i++) {
			const kp_table *t = r->p.cat->tables[i];
			if (t->dropped || !kp_repl_sees(r, t))
				continue;
			kp_buf b = {0};
			kp_key_notation(&b, t, &t->pk);
			kp_fprintf_visible(r->out, "%-24s %s\n", t->name, b.data);
			kp_buf_free(&b);
			shown++;
		}
		if (!shown)
			fprintf(r->out, "(no tables: CREATE TABLE one, or .read a schema file)\n");
	} else if (!strcmp(cmd, ".schema")) {
		kp_repl_each_table(r, a, kp_repl_show_schema);
	} else if (!strcmp(cmd, ".indexes")) {
		kp_repl_each_table(r, a, kp_repl_show_indexes);
	} else if (!strcmp(cmd, ".read")) {
		if (!*a)
			kp_repl_error(r, "usage: .read FILE");
		else
			kp_repl_read(r, a);
	} else if (!strcmp(cmd, ".format")) {
		if (!strcmp(a, "json"))
			r->json = true;
		else if (!strcmp(a, "text"))
			r->json = false;
		else
			kp_repl_error(r, "usage: .format text|json");
	} else if (!strcmp(cmd, ".target")) {
		target_cmd(r, a);
	} else if (!strcmp(cmd, ".tenant")) {
		kp_repl_tenant_cmd(r, a);
	} else if (!strcmp(cmd, ".advise")) {
		kp_repl_advise(r, a);
	} else if (!strcmp(cmd, ".try")) {
		kp_repl_try_key(r, a);
	} else {
		kp_repl_error(r, "unknown command '%s' (.help lists them)", cmd);
	}
	fflush(r->out);
	return true;
}
