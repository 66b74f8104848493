/* keyplan: catches bad primary-key designs and bad queries for wide-column
 * stores. This file is the command-line front end. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "explain.h"
#include "parse.h"
#include "plan.h"

#define KEYPLAN_VERSION "0.1.0"

static const char usage_main[] =
	"usage: keyplan <command> [options]\n"
	"\n"
	"Plans queries against the primary key of a wide-column table (Lindorm,\n"
	"HBase, Tablestore, Phoenix) and says how each one runs: GET, SCAN,\n"
	"FILTERED SCAN, or a full scan that the store rejects.\n"
	"\n"
	"commands:\n"
	"  explain   print the plan of every statement\n"
	"\n"
	"options:\n"
	"  -h, --help     show this help (keyplan <command> --help for a command)\n"
	"  --version      print the version\n"
	"\n"
	"exit status: 0 every statement planned without error, 1 a statement was\n"
	"rejected or has an error, 2 usage or I/O error.\n";

static const char usage_explain[] =
	"usage: keyplan explain --schema FILE [--schema FILE...] [--format text|json]\n"
	"                       [-e SQL]... [FILE... | -]\n"
	"\n"
	"Reads the schema (CREATE TABLE / CREATE INDEX), then plans every statement\n"
	"of the query FILEs (- is standard input) and of each -e SQL, in order.\n"
	"DDL among the queries changes the schema from there on.\n"
	"\n"
	"options:\n"
	"  --schema FILE        schema file; may be repeated\n"
	"  -e, --execute SQL    plan SQL given on the command line; may be repeated\n"
	"  --format text|json   text: one plan line per statement on stdout and\n"
	"                       diagnostics on stderr (default); json: one JSON object\n"
	"                       per statement per line, diagnostics included\n"
	"                       (docs/plan-json.md)\n"
	"  --target lindorm|phoenix\n"
	"                       lindorm (default) rejects full scans; phoenix warns\n"
	"  -h, --help           show this help\n"
	"\n"
	"exit status: 0 every statement planned without error, 1 a statement was\n"
	"rejected or has an error, 2 usage or I/O error.\n";

typedef struct app {
	kp_catalog cat;         /* the schema so far */
	kp_parser *parser;      /* reused parser */
	kp_arena arena;         /* per-statement arena */
	kp_plan_opts opts;      /* planning rules */
	bool json;              /* --format json */
	int color;              /* colour diagnostics */
	bool failed;            /* a statement was rejected or had an error */
	kp_buf out;             /* stdout buffer */
	kp_buf err;             /* stderr buffer */
} app;

static void flush(app *ap)
{
	if (ap->out.len) {
		fwrite(ap->out.data, 1, ap->out.len, stdout);
		kp_buf_clear(&ap->out);
	}
	if (ap->err.len) {
		fflush(stdout);
		fwrite(ap->err.data, 1, ap->err.len, stderr);
		kp_buf_clear(&ap->err);
	}
}

static void print_diags(app *ap, const kp_diags *d)
{
	for (const kp_diag *g = d->head; g; g = g->next)
		kp_diag_format(&ap->err, g, ap->color);
	if (d->count[KP_SEV_ERROR])
		ap->failed = true;
}

static bool is_ddl(kp_stmt_kind k)
{
	return k == KP_S_CREATE_TABLE || k == KP_S_CREATE_INDEX || k == KP_S_DROP;
}

/* Reads every statement of src. Schema files only change the catalog;
 * query files also print a plan per statement. */
static void run_source(app *ap, kp_source *src, bool schema)
{
	size_t pos = 0;
	kp_stmt *s;
	for (;;) {
		kp_diags d = {0};
		kp_arena_reset(&ap->arena);
		if (!kp_parse_next(ap->parser, &s, src, &pos, &ap->arena, &d))
			break;
		uint32_t start = kp_parser_last_start(ap->parser);
		kp_plan plan;
		memset(&plan, 0, sizeof plan);
		if (s && is_ddl(s->kind)) {
			kp_catalog_apply(&ap->cat, s, src, &ap->arena, &d);
		} else if (s && schema) {
			kp_diag_add(&d, &ap->arena, KP_R_UNSUPPORTED, KP_SEV_WARNING, src, s->off, s->len,
			            "%s in a schema file is not planned; pass it as a query file",
			            kp_stmt_kind_name(s->kind));
		} else if (s) {
			kp_plan_stmt(&plan, &ap->cat, s, &ap->opts, src, &ap->arena, &d);
		}
		if (plan.rejected)
			ap->failed = true;
		if (ap->json) {
			if (!schema || d.head) {
				kp_explain_json(&ap->out, &plan, s, src, start, &d);
				kp_buf_putc(&ap->out, '\n');
			}
			if (d.count[KP_SEV_ERROR])
				ap->failed = true;
		} else {
			if (!schema) {
				kp_explain_text(&ap->out, &plan, s);
				kp_buf_putc(&ap->out, '\n');
			}
			print_diags(ap, &d);
		}
		if (ap->out.len > 65536 || ap->err.len)
			flush(ap);
	}
	flush(ap);
}

static int load(app *ap, kp_source **srcs, int *nsrcs, const char *path, bool schema)
{
	char err[512];
	kp_source *src = malloc(sizeof(*src));
	if (!src)
		abort();
	if (kp_source_read(src, path, err, sizeof err) < 0) {
		fprintf(stderr, "keyplan: %s\n", err);
		free(src);
		return -1;
	}
	srcs[(*nsrcs)++] = src;
	run_source(ap, src, schema);
	return 0;
}

static int cmd_explain(int argc, char **argv)
{
	app ap;
	memset(&ap, 0, sizeof ap);
	const char **schemas = calloc((size_t)argc + 1, sizeof(char *));
	const char **inputs = calloc((size_t)argc + 1, sizeof(char *));
	bool *is_expr = calloc((size_t)argc + 1, sizeof(bool));
	int nschemas = 0, ninputs = 0, rc = 0;
	kp_source **srcs = calloc((size_t)argc + 2, sizeof(kp_source *));
	int nsrcs = 0;
	if (!schemas || !inputs || !is_expr || !srcs)
		abort();
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *val = NULL;
#define OPT(name) (strcmp(a, name) == 0 || (strncmp(a, name "=", sizeof(name)) == 0 && (val = a + sizeof(name))))
		if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			fputs(usage_explain, stdout);
			goto cleanup;
		} else if (OPT("--schema") || OPT("--format") || OPT("--target") || OPT("--execute") ||
		           strcmp(a, "-e") == 0) {
			const char *name = a;
			if (!val) {
				if (i + 1 >= argc) {
					fprintf(stderr, "keyplan explain: %s needs a value\n", a);
					rc = 2;
					goto cleanup;
				}
				val = argv[++i];
			}
			if (strncmp(name, "--schema", 8) == 0) {
				schemas[nschemas++] = val;
			} else if (strncmp(name, "--format", 8) == 0) {
				if (strcmp(val, "json") == 0)
					ap.json = true;
				else if (strcmp(val, "text") != 0) {
					fprintf(stderr, "keyplan explain: unknown format '%s' (expected text or json)\n", val);
					rc = 2;
					goto cleanup;
				}
			} else if (strncmp(name, "--target", 8) == 0) {
				if (strcmp(val, "phoenix") == 0)
					ap.opts.never_reject = true;
				else if (strcmp(val, "lindorm") != 0) {
					fprintf(stderr, "keyplan explain: unknown target '%s' (expected lindorm or phoenix)\n", val);
					rc = 2;
					goto cleanup;
				}
			} else {
				is_expr[ninputs] = true;
				inputs[ninputs++] = val;
			}
		} else if (a[0] == '-' && a[1] != 0) {
			fprintf(stderr, "keyplan explain: unknown option '%s'\n%s", a, usage_explain);
			rc = 2;
			goto cleanup;
		} else {
			inputs[ninputs++] = a;
		}
#undef OPT
	}
	if (ninputs == 0) {
		fprintf(stderr, "keyplan explain: no queries: give FILEs, - for standard input, or -e SQL\n");
		rc = 2;
		goto cleanup;
	}
	kp_catalog_init(&ap.cat);
	kp_arena_init(&ap.arena);
	ap.parser = kp_parser_new();
	ap.color = 0;
	srcs = realloc(srcs, sizeof(kp_source *) * (size_t)(nschemas + ninputs + 1));
	for (int i = 0; i < nschemas; i++)
		if (load(&ap, srcs, &nsrcs, schemas[i], true) < 0) {
			rc = 2;
			goto done;
		}
	for (int i = 0; i < ninputs; i++) {
		if (is_expr[i]) {
			kp_source *src = malloc(sizeof(*src));
			if (!src)
				abort();
			kp_source_from_string(src, "<command line>", inputs[i], strlen(inputs[i]));
			srcs[nsrcs++] = src;
			run_source(&ap, src, false);
		} else if (load(&ap, srcs, &nsrcs, inputs[i], false) < 0) {
			rc = 2;
			goto done;
		}
	}
	rc = ap.failed ? 1 : 0;
done:
	flush(&ap);
	kp_parser_free(ap.parser);
	kp_arena_free(&ap.arena);
	kp_catalog_free(&ap.cat);
	kp_buf_free(&ap.out);
	kp_buf_free(&ap.err);
	for (int i = 0; i < nsrcs; i++) {
		kp_source_free(srcs[i]);
		free(srcs[i]);
	}
cleanup:
	free(srcs);
	free(schemas);
	free(inputs);
	free(is_expr);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fputs(usage_main, stderr);
		return 2;
	}
	const char *cmd = argv[1];
	if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "help") == 0) {
		fputs(usage_main, stdout);
		return 0;
	}
	if (strcmp(cmd, "--version") == 0) {
		printf("keyplan %s\n", KEYPLAN_VERSION);
		return 0;
	}
	if (strcmp(cmd, "explain") == 0)
		return cmd_explain(argc - 2, argv + 2);
	fprintf(stderr, "keyplan: unknown command '%s'\n%s", cmd, usage_main);
	return 2;
}
