/* keyplan explain: the plan of every statement, as text or JSON lines. */
#include "tools/cli.h"

#include <stdlib.h>
#include <string.h>

#include "base/quote.h"
#include "planner/explain.h"

const char cli_usage_explain[] =
	"usage: keyplan explain [--schema PATH]... [--format text|json] [--target T]\n"
	"                       [-e SQL]... [FILE... | -]\n"
	"\n"
	"Reads the schema (CREATE TABLE / CREATE INDEX), then plans every statement\n"
	"of the query FILEs (- is standard input) and of each -e SQL, in order.\n"
	"DDL among the queries changes the schema from there on.\n"
	"\n"
	"options:\n"
	"  --schema PATH        schema file, or folder of *.sql files; may be repeated\n"
	"  -e, --execute SQL    plan SQL given on the command line; may be repeated\n"
	"  --format text|json   text: one plan line per statement on stdout and\n"
	"                       diagnostics on stderr (default); json: one JSON object\n"
	"                       per statement per line (docs/plan-json.md)\n"
	"  --target T           lindorm (default), tablestore, phoenix or generic;\n"
	"                       phoenix and generic warn about full scans instead of\n"
	"                       rejecting them; names compare as the target does\n"
	"                       (phoenix upper-cases unquoted names, lindorm is\n"
	"                       case-sensitive: docs/targets.md)\n"
	"  --color WHEN         auto (default), always or never\n"
	"  --exclude GLOB       skip matching query files and folders; may be repeated\n"
	"  --verbose            say the order the schema files apply in (V2__ before\n"
	"                       V10__, as Flyway)\n"
	"  --stdin-filename P   report standard input (-) as the file P\n"
	"  --config FILE        read FILE instead of the nearest .keyplan\n"
	"  --no-config          read no config file\n"
	"  -h, --help           show this help\n"
	"\n"
	"exit status: 0 every statement planned without error, 1 a statement was\n"
	"rejected or has an error, 2 usage or I/O error.\n";

typedef struct explain_run {
	cli *c;                 /* options and schema */
	bool json;              /* --format json */
	int color;              /* colour diagnostics */
	bool failed;            /* a statement was rejected or had an error */
	kp_buf out;             /* stdout buffer */
	kp_buf err;             /* stderr buffer */
} explain_run;

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
	if (er->json) {
		if (!schema || d->head) {
			kp_explain_json(&er->out, &ev->plan, ev->stmt, ev->src, ev->start, d);
			kp_buf_putc(&er->out, '\n');
		}
	} else {
		if (!schema) {
			/* the plan quotes the statement's literals and names: its
			 * control characters are shown, not sent to the terminal */
			kp_buf line = {0};
			kp_explain_text(&line, &ev->plan, ev->stmt);
			kp_buf_put_visible(&er->out, line.data, line.len);
			kp_buf_free(&line);
			kp_buf_putc(&er->out, '\n');
		}
		for (const kp_diag *g = d->head; g; g = g->next)
			kp_diag_format(&er->err, g, er->color);
	}
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
		fprintf(stderr, "keyplan explain: no queries: give FILEs, - for standard input, or -e SQL\n");
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
	for (uint32_t i = 0; i < c.inputs.n && !rc; i++) {
		const input *in = c.inputs.items[i];
		if (in->is_sql) {
			kp_source *src = kp_arena_alloc(&c.arena, sizeof(*src));
			kp_source_from_string(src, "<command line>", in->text, strlen(in->text));
			kp_pipe_keep(&c.pipe, src);
			kp_pipe_source(&c.pipe, src, KP_ROLE_QUERY);
			flush(&er);
			if (c.abort)
				rc = 2;
		} else {
			queries.n = files.n = 0;
			kp_list_push(&c.arena, &queries, (void *)in->text);
			if (cli_gather(&c, &queries, &c.seen_query, &files) < 0)
				rc = 2;
			for (uint32_t k = 0; k < files.n && !rc; k++)
				if (explain_stream(&er, files.items[k]) < 0)
					rc = 2;
		}
	}
	if (!rc)
		rc = er.failed ? 1 : 0;
	flush(&er);
	kp_buf_free(&er.out);
	kp_buf_free(&er.err);
done:
	cli_free(&c);
	return rc;
}
