/* keyplan explain: the plan of every statement, as text or JSON lines. */
#include "tools/cli.h"

#include <stdlib.h>
#include <string.h>

#include "base/quote.h"
#include "lib/embed.h"
#include "planner/explain.h"

const char cli_usage_explain[] =
	"usage: keyplan explain [--schema PATH]... [--format text|json] [--target T]\n"
	"                       [-e SQL]... [FILE... | -]\n"
	"\n"
	"Reads the schema (CREATE TABLE / CREATE INDEX), then plans every statement\n"
	"of the query FILEs (- is standard input) and of each -e SQL, in order.\n"
	"DDL among the queries changes the schema from there on. Application code\n"
	"(*.java, *.kt, *.go, *.py, MyBatis mapper *.xml) is read as lint reads it:\n"
	"a plan line per variant of each statement, located in the code and named\n"
	"by its branch conditions (docs/embedded-sql.md). Folders are searched for\n"
	"*.sql and application code.\n"
	"\n"
	"options:\n"
	"  --schema PATH        schema file, or folder of *.sql files; may be repeated\n"
	"  --lang L             read named files and -e as sql, java, kotlin, go, python\n"
	"                       or mybatis, and take only L's files from folders\n"
	"  -e, --execute SQL    plan SQL given on the command line; may be repeated\n"
	"                       (located as <command line>, or with several -e as\n"
	"                       <command line 1>, <command line 2>, ...)\n"
	"  --format text|json   text: one plan line per statement on stdout, located\n"
	"                       as FILE:LINE:COL: PLAN, and diagnostics on stderr\n"
	"                       (default); json: one JSON object per statement per\n"
	"                       line (docs/plan-json.md)\n"
	"  --target T           lindorm (default), tablestore, phoenix or generic;\n"
	"                       only lindorm rejects full scans, the others run them\n"
	"                       (a warning); names compare as the target does\n"
	"                       (phoenix upper-cases unquoted names, lindorm is\n"
	"                       case-sensitive: docs/targets.md)\n"
	"  --tenant ID          (phoenix) the queries run on a tenant-specific\n"
	"                       connection, TenantId=ID: a MULTI_TENANT table's tenant\n"
	"                       column is bound to ID and hidden (the schema's DDL runs\n"
	"                       on a global one; -- keyplan:tenant ID lines change the\n"
	"                       connection of a file: docs/annotations.md)\n"
	"  --color WHEN         auto (default), always or never\n"
	"  --exclude GLOB       skip matching query files and folders, also when\n"
	"                       named; may be repeated\n"
	"  --verbose            say the order the schema files apply in (V2__ before\n"
	"                       V10__, as Flyway)\n"
	"  --stdin-filename PATH\n"
	"                       report standard input (-) as the file PATH, read in\n"
	"                       PATH's language (A.java: Java)\n"
	"  --config FILE        read FILE instead of the nearest .keyplan\n"
	"  --no-config          read no config file\n"
	"  -h, --help           show this help\n"
	"\n"
	"A statement of application code into which text is pasted where no value\n"
	"goes (a table name, a clause: KP035) gets a NOT PLANNED line.\n"
	"\n"
	"exit status: 0 every statement planned without error, 1 a statement was\n"
	"rejected or has an error, 2 usage or I/O error.\n";

/* A plan line of SQL taken out of application code, held until its host
 * file is read: which variant it is of which statement is known then. */
typedef struct held_line {
	const kp_source *sql;   /* the variant's SQL (kp_host_variant.sql) */
	kp_buf text;            /* its line, without the variant's name */
	size_t at;              /* text: where the name goes (after the location) */
	kp_buf diags;           /* diagnostics printed after it (stderr) */
	const char *name;       /* the variant's branch conditions, or NULL */
} held_line;

typedef struct explain_run {
	cli *c;                 /* options and schema */
	bool json;              /* --format json */
	int color;              /* colour diagnostics */
	bool failed;            /* a statement was rejected or had an error */
	unsigned long shown;    /* statements of the queries planned or reported */
	kp_buf out;             /* stdout buffer */
	kp_buf err;             /* stderr buffer */
	bool hold;              /* reading a host file: lines are held */
	held_line *held;        /* the host file's lines, in order */
	const kp_host_stmt *st; /* the host statement being planned */
	kp_arena *host_a;       /* the host file's arena */
	size_t nheld, capheld;
} explain_run;

static held_line *hold_line(explain_run *er, const kp_source *sql)
{
	if (er->nheld == er->capheld) {
		er->capheld = er->capheld ? er->capheld * 2 : 16;
		er->held = realloc(er->held, er->capheld * sizeof *er->held);
		if (!er->held)
			abort();
	}
	held_line *h = &er->held[er->nheld++];
	memset(h, 0, sizeof *h);
	h->sql = sql;
	return h;
}

static void flush(explain_run *er)
{
	if (er->out.len) {
		fwrite(er->out.data, 1, er->out.len, stdout);
		kp_buf_clear(&er->out);
	}
	if (er->err.len) {
		fflush(stdout);
		fwrite(er->err.data, 1, er->err.len, stderr);
		kp_buf_clear(&er->err);
	}
}

static const char *variant_name(const kp_host_stmt *st, const kp_source *sql, kp_arena *a);

/* A statement of the pipeline, printed: its plan line (text or JSON) on
 * standard output, its diagnostics on standard error. */
static int explain_event(void *ctx, kp_event *ev)
{
	explain_run *er = ctx;
	cli *c = er->c;
	if (ev->phase == KP_EV_PLANNED && cli_missing_schema(c, ev->d)) {
		c->abort = true;
		return 1;
	}
	if (ev->phase == KP_EV_END)
		flush(er);
	if (ev->phase != KP_EV_DONE)
		return 0;
	bool schema = ev->role == KP_ROLE_SCHEMA;
	const kp_diags *d = ev->d;
	if (ev->plan.rejected || d->count[KP_SEV_ERROR])
		er->failed = true;
	if (!schema)
		er->shown++;
	/* a variant of SQL in application code: held until the host file is
	 * read (its findings come merged across the variants: host_emit) */
	held_line *h = ev->host && er->hold ? hold_line(er, ev->src) : NULL;
	if (h)
		h->name = variant_name(er->st, ev->src, er->host_a);
	kp_buf *out = h ? &h->text : &er->out;
	if (er->json) {
		if (!schema || d->head) {
			kp_explain_json(out, &ev->plan, ev->stmt, ev->src, ev->start, d);
			if (h)
				h->at = out->len - 1;   /* before its closing brace */
			kp_buf_putc(out, '\n');
		}
	} else {
		if (!schema) {
			/* file:line:col: PLAN, as a compiler locates what it says (SQL
			 * taken out of application code: where it is in the host) */
			kp_source *at;
			size_t off = kp_source_origin(ev->src, ev->start, &at);
			uint32_t l, col;
			kp_source_linecol(at, off, &l, &col);
			kp_buf_puts_visible(out, at->path);
			kp_buf_printf(out, ":%u:%u: ", l, col);
			if (h)
				h->at = out->len;
			/* the plan quotes the statement's literals and names: its
			 * control characters are shown, not sent to the terminal */
			kp_buf line = {0};
			kp_explain_text(&line, &ev->plan, ev->stmt);
			kp_buf_put_visible(out, line.data, line.len);
			kp_buf_free(&line);
			kp_buf_putc(out, '\n');
		}
		for (const kp_diag *g = d->head; !h && g; g = g->next)
			kp_diag_format(&er->err, g, er->color);
	}
	if (h)
		return 0;
	if (er->out.len > 65536 || er->err.len)
		flush(er);
	return 0;
}

/* A query file, streamed: a window of whole statements at a time. */
static int explain_stream(explain_run *er, const char *path)
{
	kp_diags d = {0};
	int rc = kp_pipe_stream(&er->c->pipe, path, KP_ROLE_QUERY, &d, &er->c->arena);
	flush(er);
	cli_errors(er->c, &d);
	return rc;
}

/* The findings of a host statement, merged across its variants: printed
 * after its plan lines. */
static void host_emit(void *ctx, const kp_diags *d, kp_arena *a)
{
	(void)a;
	explain_run *er = ctx;
	if (d->count[KP_SEV_ERROR])
		er->failed = true;
	if (!d->head || er->json)
		return;   /* JSON: each variant's object holds its own */
	kp_buf *b = er->nheld ? &er->held[er->nheld - 1].diags : &er->err;
	for (const kp_diag *g = d->head; g; g = g->next)
		kp_diag_format(b, g, er->color);
}

/* Which variant of statement st the SQL sql is: its branch conditions in
 * words, or NULL when st has one (named while st is in memory: a host
 * file's statements are handed over one by one). */
static const char *variant_name(const kp_host_stmt *st, const kp_source *sql, kp_arena *a)
{
	for (unsigned i = 0; st && i < st->nv; i++)
		if (&st->v[i].sql == sql) {
			if (st->nv < 2)
				return NULL;
			bool *in = kp_arena_alloc(a, st->nv);
			in[i] = true;
			return kp_host_describe(st, in, a);
		}
	return NULL;
}

/* A variant that text pasted into it leaves unplanned: its line says so
 * where its plan would be (text), or an object without a plan holds its
 * findings (JSON, as a statement that does not parse). */
static void host_unplanned(void *ctx, const kp_host_stmt *st, const kp_host_variant *v, const kp_diags *d,
                           kp_arena *a)
{
	(void)a;
	explain_run *er = ctx;
	if (!er->hold)
		return;
	kp_source *sql = (kp_source *)&v->sql;
	held_line *h = hold_line(er, sql);
	h->name = variant_name(st, sql, er->host_a);
	uint32_t start = 0;
	while (start < sql->len && (sql->text[start] == ' ' || sql->text[start] == '\t' || sql->text[start] == '\n' ||
	                            sql->text[start] == '\r'))
		start++;
	if (start == sql->len)
		start = 0;
	if (er->json) {
		kp_plan none;
		memset(&none, 0, sizeof none);
		kp_explain_json(&h->text, &none, NULL, sql, start, d);
		h->at = h->text.len - 1;
		kp_buf_putc(&h->text, '\n');
		return;
	}
	kp_source *at;
	size_t off = kp_source_origin(sql, start, &at);
	uint32_t l, col;
	kp_source_linecol(at, off, &l, &col);
	kp_buf_puts_visible(&h->text, at->path);
	kp_buf_printf(&h->text, ":%u:%u: ", l, col);
	h->at = h->text.len;
	kp_buf_puts(&h->text, "NOT PLANNED: text pasted into it stands where no value goes (KP035: see diagnostics)\n");
}

/* Every statement is planned; the one under way names its lines. */
static bool host_want(void *ctx, const kp_host_file *hf, const kp_host_stmt *st)
{
	(void)hf;
	((explain_run *)ctx)->st = st;
	return true;
}

/* Application code (Java, Kotlin, Go, Python, MyBatis XML), read as lint
 * reads it (lib/embed.c): a plan line per variant of each statement,
 * located in the host file and named by its branch conditions. */
static void explain_host_source(explain_run *er, kp_source *src, kp_lang lang);

static int explain_host(explain_run *er, const char *path, kp_lang lang)
{
	cli *c = er->c;
	kp_diags d = {0};
	kp_source *src = kp_arena_alloc(&c->arena, sizeof *src);
	if (kp_source_map(src, path, &d, &c->arena) < 0) {
		cli_errors(c, &d);
		return -1;
	}
	if (!strcmp(path, "-") && c->pipe.stdin_name) {
		free(src->path);
		src->path = strdup(c->pipe.stdin_name);
		if (!src->path)
			abort();
		kp_buf_clear(&src->path_json);
	}
	explain_host_source(er, src, lang);
	return 0;
}

/* The source src of application code (freed here unless kept). */
static void explain_host_source(explain_run *er, kp_source *src, kp_lang lang)
{
	cli *c = er->c;
	/* one arena serves file after file, until a file must be kept (as
	 * lint's collect_host) */
	if (!c->host_arena) {
		c->host_arena = kp_arena_alloc(&c->arena, sizeof *c->host_arena);
		kp_arena_init(c->host_arena);
		kp_list_push(&c->arena, &c->host_arenas, c->host_arena);
	}
	kp_arena *a = c->host_arena;
	kp_embed_sink sink = {host_emit, NULL, NULL, er, host_want, false, host_unplanned};
	bool keep = false;
	er->hold = true;
	er->host_a = a;
	kp_host_file *hf = kp_embed_run(&c->pipe, src, lang, KP_ROLE_QUERY, &sink, a, &keep);
	er->hold = false;
	er->st = NULL;
	for (size_t i = 0; i < er->nheld; i++) {
		held_line *h = &er->held[i];
		const char *name = h->text.len ? h->name : NULL;
		if (h->text.len)
			kp_buf_put(&er->out, h->text.data, h->at);
		if (name && er->json) {
			kp_buf_puts(&er->out, ", \"variant\": ");
			kp_buf_json_str(&er->out, name, strlen(name));
		} else if (name) {
			kp_buf_put_visible(&er->out, name, strlen(name));
			kp_buf_puts(&er->out, ": ");
		}
		if (h->text.len)
			kp_buf_put(&er->out, h->text.data + h->at, h->text.len - h->at);
		kp_buf_free(&h->text);
		if (h->diags.len) {
			flush(er);
			kp_buf_put(&er->err, h->diags.data, h->diags.len);
			flush(er);
		}
		kp_buf_free(&h->diags);
	}
	er->nheld = 0;
	flush(er);
	if (keep) {
		/* the catalog points into it (a CREATE in the code): kept */
		kp_pipe_keep(&c->pipe, src);
		kp_list_push(&c->arena, &c->hosts, hf);
		c->host_arena = NULL;
		return;
	}
	kp_host_file_free(hf);
	kp_arena_reset(a);
	kp_source_free(src);
}

static void explain_schema_file(void *ctx, kp_source *src)
{
	explain_run *er = ctx;
	kp_pipe_source(&er->c->pipe, src, KP_ROLE_SCHEMA);
	flush(er);
}

int cmd_explain(int argc, char **argv)
{
	cli c;
	int rc = cli_setup(&c, "explain", argc, argv, cli_usage_explain);
	if (rc >= 0)
		goto done;
	if (c.inputs.n == 0) {
		kp_fprintf_visible(stderr, "keyplan explain: no queries: give FILEs, - for standard input, or -e SQL\n");
		rc = 2;
		goto done;
	}
	cli_start_pipeline(&c);
	explain_run er;
	memset(&er, 0, sizeof er);
	er.c = &c;
	er.json = c.fmt == KP_FMT_JSON;
	er.color = cli_use_color(&c, stderr);
	c.pipe.fn = explain_event;
	c.pipe.ctx = &er;
	rc = cli_read_schema(&c, explain_schema_file, &er) < 0 ? 2 : 0;
	kp_list queries = {0}, files = {0};
	c.host_walk = true;   /* folders: *.sql and application code, as lint */
	for (uint32_t i = 0; i < c.inputs.n; i++)   /* the mapper files named */
		if (!((const input *)c.inputs.items[i])->is_sql)
			cli_index_mapper(&c, ((const input *)c.inputs.items[i])->text);
	for (uint32_t i = 0; i < c.inputs.n && !rc; i++) {
		const input *in = c.inputs.items[i];
		if (in->is_sql) {
			kp_source *src = kp_arena_alloc(&c.arena, sizeof(*src));
			kp_source_from_string(src, in->name, in->text, strlen(in->text));
			if (c.lang > KP_LANG_SQL) {
				explain_host_source(&er, src, (kp_lang)c.lang);   /* --lang java -e '...' */
				if (c.abort)
					rc = 2;
				continue;
			}
			unsigned long shown = er.shown;
			kp_pipe_keep(&c.pipe, src);
			kp_pipe_source(&c.pipe, src, KP_ROLE_QUERY);
			flush(&er);
			if (c.abort)
				rc = 2;
			if (!rc && er.shown == shown) {
				/* -e '' or -e '-- a comment': nothing to plan is a usage
				 * error, not a silent success */
				kp_fprintf_visible(stderr, "keyplan explain: -e: no statement in the SQL given (%s)\n", in->name);
				rc = 2;
			}
		} else {
			queries.n = files.n = 0;
			kp_list_push(&c.arena, &queries, (void *)in->text);
			if (cli_gather(&c, &queries, &c.seen_query, &files) < 0)
				rc = 2;
			for (uint32_t k = 0; k < files.n && !rc; k++)   /* a folder's mappers */
				cli_index_mapper(&c, files.items[k]);
			for (uint32_t k = 0; k < files.n && !rc; k++) {
				/* application code is read as lint reads it; a named file
				 * of another extension is SQL */
				int lang = cli_file_lang(&c, files.items[k], false);
				if (lang < 0 && !strcmp(files.items[k], in->text))
					kp_fprintf_visible(stderr, "keyplan explain: %s: not a MyBatis mapper (its root element is not "
					        "<mapper>): nothing to plan\n", in->text);
				if (lang < 0)
					continue;   /* XML that is not a MyBatis mapper */
				if (cli_sniff(&c, files.items[k], false) < 0 ||
				    (lang == KP_LANG_SQL ? explain_stream(&er, files.items[k])
				                         : explain_host(&er, files.items[k], (kp_lang)lang)) < 0)
					rc = 2;
			}
		}
	}
	if (!rc)
		rc = er.failed ? 1 : 0;
	flush(&er);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		/* a full disk or a closed pipe: the plans are not all there */
		cli_io_error(&c, "<stdout>", "write error");
		rc = 2;
	}
	kp_buf_free(&er.out);
	kp_buf_free(&er.err);
	free(er.held);
done:
	cli_free(&c);
	return rc;
}
