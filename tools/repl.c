#include "tools/repl.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <editline/readline.h>

#include "grammar/parse.h"
#include "grammar/parser.h"
#include "lib/pipeline.h"
#include "planner/explain.h"

/* Ctrl-C in the interactive shell (see on_interrupt): while a line is read
 * it cancels the input; while statements run (.read of a long file) it
 * stops them. */
static volatile sig_atomic_t interrupted;

struct kp_repl {
	kp_pipe p;              /* the session's schema, sources and statements
	                           (kept: .advise and .try re-plan them) */
	bool json;              /* .format json */
	kp_list queries;        /* kp_wquery* typed so far (the .advise workload) */
	FILE *out;              /* plans, command output */
	FILE *err;              /* diagnostics */
	int inputs;             /* statements typed, to name sources */
	bool quiet;             /* print nothing for DDL (loading --schema) */
	bool failed;            /* a statement was rejected or had an error */
	uint32_t at_line;       /* where the next text fed starts (standard */
	uint32_t at_col;        /* input not a terminal): line and column */
};

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
		kp_wquery *q = kp_arena_alloc(&r->p.arena, sizeof(*q));
		q->stmt = ev->stmt;
		q->plan = ev->plan;
		q->src = ev->src;
		q->weight = 1;
		kp_list_push(&r->p.arena, &r->queries, q);
	}
	if (ev->plan.rejected || d->count[KP_SEV_ERROR])
		r->failed = true;
	bool ddl = ev->stmt && kp_stmt_is_ddl(ev->stmt->kind);
	if (!(r->quiet && ddl && !d->head)) {
		kp_buf b = {0};
		if (r->json)
			kp_explain_json(&b, &ev->plan, ev->stmt, ev->src, ev->start, d);
		else
			kp_explain_text(&b, &ev->plan, ev->stmt);
		kp_buf_putc(&b, '\n');
		fwrite(b.data, 1, b.len, r->out);
		kp_buf_free(&b);
		if (!r->json)
			print_diags(r, d);
		fflush(r->out);
	}
	if (interrupted) {
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
	kp_pipe_source(&r->p, src, KP_ROLE_QUERY);
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
	kp_diags d = {0};
	kp_source *src = kp_pipe_read(&r->p, path, &d, &r->p.scratch);
	if (!src) {
		fprintf(r->err, "error: %s: %s\n", d.head->file, d.head->message);
		return -1;
	}
	kp_pipe_source(&r->p, src, KP_ROLE_QUERY);
	return 0;
}

static const kp_table *find_table(kp_repl *r, const char *name)
{
	const kp_table *t = kp_catalog_find(r->p.cat, name, (uint32_t)strlen(name));
	if (!t)
		fprintf(r->err, "error: no such table: %s\n", name);
	return t;
}

static void show_schema(kp_repl *r, const kp_table *t)
{
	kp_buf b = {0};
	kp_table_ddl(&b, t, NULL, NULL, r->p.target);
	kp_buf_puts(&b, ";\n  -- key: ");
	kp_key_notation(&b, t, &t->pk);
	kp_buf_putc(&b, '\n');
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		kp_buf_printf(&b, "CREATE INDEX %s ON %s (", ix->name, t->name);
		for (int j = 0; j < ix->nuser; j++)
			kp_buf_printf(&b, "%s%s%s", j ? ", " : "", t->cols[ix->key.parts[j].col].name,
			              ix->key.parts[j].desc ? " DESC" : "");
		kp_buf_puts(&b, ");\n  -- key: ");
		kp_key_notation(&b, t, &ix->key);
		kp_buf_putc(&b, '\n');
	}
	fwrite(b.data, 1, b.len, r->out);
	kp_buf_free(&b);
}

static void each_table(kp_repl *r, const char *arg, void (*fn)(kp_repl *, const kp_table *))
{
	if (arg && *arg) {
		const kp_table *t = find_table(r, arg);
		if (t)
			fn(r, t);
		return;
	}
	for (int i = 0; i < r->p.cat->ntables; i++)
		if (!r->p.cat->tables[i]->dropped)
			fn(r, r->p.cat->tables[i]);
}

static void show_indexes(kp_repl *r, const kp_table *t)
{
	for (int i = 0; i < t->nindexes; i++) {
		kp_buf b = {0};
		kp_key_notation(&b, t, &t->indexes[i]->key);
		fprintf(r->out, "%s  on %s  %s%s\n", t->indexes[i]->name, t->name, b.data,
		        t->indexes[i]->kv ? "" : "  (not key-ordered)");
		kp_buf_free(&b);
	}
}

static void advise(kp_repl *r, const char *table)
{
	const kp_table *only = table && *table ? find_table(r, table) : NULL;
	if (table && *table && !only)
		return;
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	kp_advisor adv;
	kp_advisor_init(&adv, r->p.cat, r->p.target, &a, &d);
	for (uint32_t i = 0; i < r->queries.n; i++) {
		const kp_wquery *q = r->queries.items[i];
		if (!only || q->plan.table == only)
			kp_advisor_add(&adv, q->stmt, &q->plan, q->src, q->weight);
	}
	kp_advisor_run(&adv);
	kp_buf b = {0};
	for (const kp_diag *g = d.head; g; g = g->next)
		if (!only || !g->src || strstr(g->message, only->name))
			kp_diag_format(&b, g, 0);
	int n = 0;
	for (uint32_t i = 0; i < adv.advice.n; i++) {
		const kp_advice *x = adv.advice.items[i];
		if (only && x->table != only)
			continue;
		kp_buf_printf(&b, "%s[%s] %s: %s\n", n++ ? "" : "\nadvice\n", kp_rule_get(x->rule)->id,
		              x->table->name, x->message);
		if (x->key)
			kp_buf_printf(&b, "    key: %s\n", x->key);
		if (x->ddl)
			kp_buf_printf(&b, "    %s;\n", x->ddl);
	}
	if (!b.len)
		kp_buf_puts(&b, "no findings\n");
	fwrite(b.data, 1, b.len, r->out);
	kp_buf_free(&b);
	kp_arena_free(&a);
}

/* Two texts side by side in columns of TRY_COL, each wrapped at spaces
 * (a word longer than a column is cut), so a row fits 100 columns. */
#define TRY_COL 48

static size_t wrap_piece(const char *s, size_t n)
{
	if (n <= TRY_COL)
		return n;
	size_t k = TRY_COL;
	while (k > 0 && s[k] != ' ')
		k--;
	return k ? k : TRY_COL;
}

static void side_by_side(FILE *out, const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	while (na || nb) {
		size_t ka = wrap_piece(a, na), kb = wrap_piece(b, nb);
		fprintf(out, "%-*.*s | %.*s\n", TRY_COL, (int)ka, a, (int)kb, b);
		a += ka;
		na -= ka;
		b += kb;
		nb -= kb;
		while (na && *a == ' ')
			a++, na--;
		while (nb && *b == ' ')
			b++, nb--;
	}
}

/* .try TABLE PRIMARY KEY (...): re-plans the session's queries on TABLE
 * against that key, side by side; the real schema is left as it is. */
static void try_key(kp_repl *r, const char *arg)
{
	char name[256];
	int n = 0;
	while (arg[n] && arg[n] != ' ' && arg[n] != '\t' && n < 255)
		n++;
	memcpy(name, arg, (size_t)n);
	name[n] = 0;
	const char *rest = arg + n;
	while (*rest == ' ' || *rest == '\t')
		rest++;
	if (!n || strncasecmp(rest, "PRIMARY KEY", 11) != 0) {
		fprintf(r->err, "error: usage: .try TABLE PRIMARY KEY (col [DESC], ...)\n");
		return;
	}
	const kp_table *t = find_table(r, name);
	if (!t)
		return;
	/* the table's DDL with the key replaced, parsed into a scratch catalog */
	kp_buf ddl = {0};
	kp_table_ddl(&ddl, t, NULL, NULL, KP_TARGET_GENERIC);
	char *pk = strstr(ddl.data, ", PRIMARY KEY (");
	ddl.len = (size_t)(pk - ddl.data);
	kp_buf_printf(&ddl, ", %s)", rest);
	kp_catalog tmp;
	kp_catalog_init(&tmp);
	kp_source src;
	kp_source_from_string(&src, "<.try>", ddl.data, ddl.len);
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	kp_list stmts = {0};
	kp_parse_all(&stmts, &src, &a, &d);
	if (stmts.n == 1)
		kp_catalog_apply(&tmp, stmts.items[0], &src, &a, &d);
	const kp_table *alt = kp_catalog_find(&tmp, t->name, t->name_len);
	if (!alt || d.count[KP_SEV_ERROR]) {
		fprintf(r->err, "error: cannot use that key:");
		for (const kp_diag *g = d.head; g; g = g->next)
			fprintf(r->err, " %s", g->message);
		fputc('\n', r->err);
		goto cleanup;
	}
	/* same columns in the same order, so resolved column numbers carry over */
	kp_buf now = {0}, with = {0};
	kp_key_notation(&now, t, &t->pk);
	kp_key_notation(&with, alt, &alt->pk);
	side_by_side(r->out, now.data, with.data);
	int shown = 0;
	for (uint32_t i = 0; i < r->queries.n; i++) {
		const kp_wquery *q = r->queries.items[i];
		if (q->plan.table != t)
			continue;
		kp_plan p;
		kp_diags pd = {0};
		kp_table h = *alt;
		h.indexes = NULL;
		h.nindexes = 0;
		kp_plan_on_table(&p, &h, q->stmt, r->p.opts, q->src, &a, &pd);
		kp_buf l = {0}, rt = {0};
		kp_explain_text(&l, &q->plan, q->stmt);
		kp_explain_text(&rt, &p, q->stmt);
		side_by_side(r->out, l.data, rt.data);
		kp_buf_free(&l);
		kp_buf_free(&rt);
		shown++;
	}
	if (!shown)
		fprintf(r->out, "(no queries on %s yet: type some, then .try again)\n", t->name);
	kp_buf_free(&now);
	kp_buf_free(&with);
cleanup:
	kp_source_free(&src);
	kp_catalog_free(&tmp);
	kp_arena_free(&a);
	kp_buf_free(&ddl);
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
			if (t->dropped)
				continue;
			kp_buf b = {0};
			kp_key_notation(&b, t, &t->pk);
			fprintf(r->out, "%-24s %s\n", t->name, b.data);
			kp_buf_free(&b);
			shown++;
		}
		if (!shown)
			fprintf(r->out, "(no tables: CREATE TABLE one, or .read a schema file)\n");
	} else if (!strcmp(cmd, ".schema")) {
		each_table(r, a, show_schema);
	} else if (!strcmp(cmd, ".indexes")) {
		each_table(r, a, show_indexes);
	} else if (!strcmp(cmd, ".read")) {
		if (!*a)
			fprintf(r->err, "error: usage: .read FILE\n");
		else
			kp_repl_read(r, a);
	} else if (!strcmp(cmd, ".format")) {
		if (!strcmp(a, "json"))
			r->json = true;
		else if (!strcmp(a, "text"))
			r->json = false;
		else
			fprintf(r->err, "error: usage: .format text|json\n");
	} else if (!strcmp(cmd, ".advise")) {
		advise(r, a);
	} else if (!strcmp(cmd, ".try")) {
		try_key(r, a);
	} else {
		fprintf(r->err, "error: unknown command '%s' (.help lists them)\n", cmd);
	}
	fflush(r->out);
	return true;
}

/* ------------------------------------------------------- line editing */

static kp_repl *completing;     /* the session completion reads (readline has no user pointer) */
static kp_buf pending;          /* statement text typed so far */
static uint32_t line_no;        /* lines read so far (standard input not a terminal) */
static uint32_t pending_line;   /* line and column where pending starts */
static uint32_t pending_col;
static int interrupt_pipe[2] = {-1, -1};    /* the handler writes a byte: wakes read_key */

/* Moves (pending_line, pending_col) past text[0, n): lines, and columns in
 * code points, as kp_source counts them. */
static void advance_pending(const char *text, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (text[i] == '\n') {
			pending_line++;
			pending_col = 1;
		} else if (((unsigned char)text[i] & 0xC0) != 0x80 && text[i] != '\r') {
			pending_col++;
		}
	}
}

static const char *const keywords[] = {
	"SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "IN", "IS", "NULL", "LIKE", "BETWEEN", "ORDER",
	"BY", "ASC", "DESC", "LIMIT", "OFFSET", "GROUP", "HAVING", "CREATE", "TABLE", "INDEX", "PRIMARY",
	"KEY", "INCLUDE", "DROP", "INSERT", "UPSERT", "INTO", "VALUES", "UPDATE", "SET", "DELETE",
	"EXPLAIN", "DISTINCT", "ALLOW", "FILTERING", "BIGINT", "VARCHAR", "INT", "DOUBLE", "BOOLEAN",
	"TIMESTAMP", ".help", ".tables", ".schema", ".indexes", ".read", ".format", ".advise", ".try",
	".quit", NULL};

/* Does text name `name` as a whole word (any case)? */
static bool mentions(const char *text, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = text; *p; p++) {
		if (strncasecmp(p, name, n) != 0)
			continue;
		bool left = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		bool right = !(isalnum((unsigned char)p[n]) || p[n] == '_');
		if (left && right)
			return true;
	}
	return false;
}

static char *candidate(const char *text, int state)
{
	static int kw, tb, col, ctab;
	size_t len = strlen(text);
	if (!state)
		kw = tb = col = ctab = 0;
	for (; keywords[kw]; kw++)
		if (!strncasecmp(keywords[kw], text, len)) {
			/* match the case the user is typing */
			char *m = strdup(keywords[kw]);
			if (len && islower((unsigned char)text[0]))
				for (char *c = m; *c; c++)
					*c = (char)tolower((unsigned char)*c);
			kw++;
			return m;
		}
	const kp_catalog *cat = completing->p.cat;
	for (; tb < cat->ntables; tb++)
		if (!cat->tables[tb]->dropped && !strncasecmp(cat->tables[tb]->name, text, len))
			return strdup(cat->tables[tb++]->name);
	/* columns of the tables the statement names */
	for (; ctab < cat->ntables; ctab++, col = 0) {
		const kp_table *t = cat->tables[ctab];
		if (t->dropped || !(mentions(rl_line_buffer, t->name) || (pending.data && mentions(pending.data, t->name))))
			continue;
		for (; col < t->ncols; col++)
			if (!strncasecmp(t->cols[col].name, text, len))
				return strdup(t->cols[col++].name);
	}
	return NULL;
}

static char **complete(const char *text, int start, int end)
{
	(void)start;
	(void)end;
	return rl_completion_matches(text, candidate);
}

static char *history_path(void)
{
	const char *env = getenv("KEYPLAN_HISTORY");
	if (env && *env)
		return strdup(env);
	const char *state = getenv("XDG_STATE_HOME");
	const char *home = getenv("HOME");
	char dir[4096];
	if (state && *state)
		snprintf(dir, sizeof dir, "%s/keyplan", state);
	else if (home && *home)
		snprintf(dir, sizeof dir, "%s/.local/state/keyplan", home);
	else
		return NULL;
	/* mkdir -p */
	for (char *p = dir + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			mkdir(dir, 0700);
			*p = '/';
		}
	mkdir(dir, 0700);
	size_t n = strlen(dir) + 16;
	char *path = malloc(n);
	if (path)
		snprintf(path, n, "%s/history", dir);
	return path;
}

/* Runs the first n bytes of pending: from standard input (not a terminal)
 * as "<stdin>" at the line and column they were read at, typed lines as
 * "<input N>". */
static void run_pending(kp_repl *r, size_t n)
{
	char name[32];
	if (line_no) {
		snprintf(name, sizeof name, "<stdin>");
		r->at_line = pending_line;
		r->at_col = pending_col;
	} else {
		snprintf(name, sizeof name, "<input %d>", ++r->inputs);
	}
	kp_repl_sql(r, name, pending.data, n);
}

/* Feeds complete statements out of pending; keeps the rest. */
static void drain(kp_repl *r)
{
	for (;;) {
		bool blank;
		size_t n = kp_repl_complete(pending.data ? pending.data : "", pending.len, &blank);
		if (blank) {
			kp_buf_clear(&pending);
			return;
		}
		if (!n)
			return;
		run_pending(r, n);
		r->at_line = 0;
		advance_pending(pending.data, n);
		size_t rest = pending.len - n;
		memmove(pending.data, pending.data + n, rest);
		pending.len = rest;
		pending.data[rest] = 0;
	}
}

/* One line of input, len bytes: a NUL byte in it is kept, for the lexer to
 * report, rather than ending the line (and dropping its statement). */
static bool handle_line(kp_repl *r, const char *line, size_t len)
{
	const char *p = line;
	while (*p == ' ' || *p == '\t')
		p++;
	bool empty = true;
	for (size_t i = 0; i < pending.len; i++)
		if (pending.data[i] != ' ' && pending.data[i] != '\t' && pending.data[i] != '\n' &&
		    pending.data[i] != '\r')
			empty = false;
	if (empty && *p == '.') {
		kp_buf_clear(&pending);
		return kp_repl_dot(r, p);
	}
	if (empty && line_no) {
		/* white space left from the line before: the next statement
		 * starts on this line */
		kp_buf_clear(&pending);
		pending_line = line_no;
		pending_col = 1;
	}
	kp_buf_put(&pending, line, len);
	kp_buf_putc(&pending, '\n');
	drain(r);
	return true;
}

/* Ctrl-C at the prompt: cancel the input typed so far (sqlite3 and psql
 * do the same), never end the session. The handler sets a flag and writes
 * a byte to a pipe that read_key waits on beside the terminal, so a
 * Ctrl-C is seen whenever it comes (during a read, or between two); the
 * line then ends as end of input would, and the flag tells the two apart. */
static void on_interrupt(int sig)
{
	(void)sig;
	interrupted = 1;
	if (interrupt_pipe[1] >= 0) {
		ssize_t w = write(interrupt_pipe[1], "", 1);
		(void)w;
	}
}

/* libedit's character reader: one byte, as its own is, but Ctrl-C ends the
 * line instead of the read being retried. */
static int read_key(FILE *f)
{
	struct pollfd p[2] = {{fileno(f), POLLIN, 0}, {interrupt_pipe[0], POLLIN, 0}};
	for (;;) {
		if (interrupted)
			return EOF;
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return EOF;
		}
		if (p[1].revents)
			continue;   /* the flag is set */
		unsigned char ch;
		ssize_t n = read(fileno(f), &ch, 1);
		if (n == 1)
			return ch;
		if (n < 0 && errno == EINTR)
			continue;
		return EOF;
	}
}

/* Empties the interrupt pipe before a new line is read. */
static void clear_interrupt(void)
{
	char buf[64];
	while (read(interrupt_pipe[0], buf, sizeof buf) > 0)
		;
	interrupted = 0;
}

/* Runs what is left of pending at the end of input: sqlite3 runs an
 * unfinished statement (the parser says what is missing). */
static void run_rest(kp_repl *r)
{
	bool blank;
	kp_repl_complete(pending.data ? pending.data : "", pending.len, &blank);
	if (blank || !pending.len)
		return;
	if (pending.data[pending.len - 1] == '\n')
		pending.data[--pending.len] = 0;   /* the line break added after the last line */
	run_pending(r, pending.len);
	r->at_line = 0;
}

int kp_repl_run(kp_repl *r)
{
	completing = r;
	kp_buf_clear(&pending);
	if (!isatty(STDIN_FILENO)) {
		/* a pipe: no prompt, no line editing; messages carry the lines of
		 * the input, and a rejected statement or an error makes the exit
		 * status 1, as keyplan explain does */
		char *line = NULL;
		size_t cap = 0;
		ssize_t n;
		bool go = true;
		line_no = 0;
		pending_line = 1;
		pending_col = 1;
		while (go && (n = getline(&line, &cap, stdin)) >= 0) {
			line_no++;
			if (n && line[n - 1] == '\n')
				line[--n] = 0;
			go = handle_line(r, line, (size_t)n);
		}
		free(line);
		if (go)
			run_rest(r);
		line_no = 0;
		kp_buf_free(&pending);
		return r->failed ? 1 : 0;
	}
	char *hist = history_path();
	rl_getc_function = read_key;   /* read when libedit starts, in using_history */
	using_history();
	if (hist)
		read_history(hist);
	rl_attempted_completion_function = complete;
	rl_basic_word_break_characters = " \t\n,;()=<>'\"";
	if (pipe(interrupt_pipe) < 0)
		interrupt_pipe[0] = interrupt_pipe[1] = -1;
	for (int k = 0; k < 2; k++)
		if (interrupt_pipe[k] >= 0)
			fcntl(interrupt_pipe[k], F_SETFL, O_NONBLOCK);
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_interrupt;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;   /* no SA_RESTART: the read must return */
	sigaction(SIGINT, &sa, &old);
	fprintf(r->out, "keyplan %s: plans SQL against wide-table keys. .help for help, .quit to leave.\n",
	        KEYPLAN_VERSION);
	bool go = true;
	while (go) {
		clear_interrupt();
		char *line = readline(pending.len ? "   ...> " : "keyplan> ");
		if (interrupted) {
			/* Ctrl-C: drop the statement being typed, prompt again */
			free(line);
			kp_buf_clear(&pending);
			fputc('\n', r->out);
			fflush(r->out);
			continue;
		}
		if (!line) {
			/* Ctrl-D: an unfinished statement is run, as sqlite3 does */
			fputc('\n', r->out);
			run_rest(r);
			break;
		}
		if (*line)
			add_history(line);
		go = handle_line(r, line, strlen(line));
		free(line);
		if (hist)
			write_history(hist);
	}
	sigaction(SIGINT, &old, NULL);
	for (int k = 0; k < 2; k++)
		if (interrupt_pipe[k] >= 0) {
			close(interrupt_pipe[k]);
			interrupt_pipe[k] = -1;
		}
	free(hist);
	kp_buf_free(&pending);
	return 0;
}
