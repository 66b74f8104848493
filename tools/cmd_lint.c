/* keyplan lint and keyplan check: the statements of query files (lint) or
 * of a schema and its workload (check) reported as findings, in every
 * format, with baselines, --diff and, for check, the advisor. */
#include "tools/cli.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>

#include "advisor/advisor.h"
#include "lib/embed.h"
#include "tools/baseline.h"
#include "tools/diffscope.h"

/* The options lint and check share, and their exit status. */
#define REPORT_OPTIONS \
	"  --fail-on LEVEL      error (default), warning or info: exit 1 on findings\n" \
	"                       at or above LEVEL\n" \
	"  --exit-zero          report only: exit 0 whatever the findings (2 still\n" \
	"                       means the run failed)\n" \
	"  --exclude GLOB       skip matching files and folders, also when named;\n" \
	"                       may be repeated (relative to the working directory)\n" \
	"  --stdin-filename P   report standard input (-) as the file P\n" \
	"  --baseline FILE      report only findings not recorded in FILE; say which\n" \
	"                       entries match nothing any more\n" \
	"  --write-baseline FILE record every finding in FILE (exit 0)\n" \
	"  --diff REV           report only findings in statements that git diff REV\n" \
	"                       touches (- reads a unified diff on standard input)\n" \
	"  --target T           lindorm (default), tablestore, phoenix or generic\n" \
	"  --color WHEN         auto (default), always or never (NO_COLOR and\n" \
	"                       CLICOLOR_FORCE are honoured)\n" \
	"  --config FILE        read FILE instead of the nearest .keyplan\n" \
	"  --no-config          read no config file\n" \
	"  --report-unused-ignores\n" \
	"                       warn about keyplan:ignore comments that silence nothing\n" \
	"  -h, --help           show this help\n" \
	"\n" \
	"exit status: 0 no finding at or above --fail-on, 1 findings, 2 usage, I/O\n" \
	"or config error.\n"

const char cli_usage_lint[] =
	"usage: keyplan lint [--schema PATH]... [options] [FILE | DIR]... [-e SQL]...\n"
	"\n"
	"Plans every statement of the query files and reports each problem as a\n"
	"diagnostic: rejected full scans, filtered scans, reverse scans, sorts,\n"
	"impossible conditions, unusable keys, unknown tables and columns,\n"
	"non-portable syntax, and the target store's limits. Folders are searched\n"
	"for *.sql and for SQL embedded in application code: *.java, *.kt, *.go,\n"
	"*.py and MyBatis mapper *.xml; findings point into the application source\n"
	"(docs/embedded-sql.md).\n"
	"\n"
	"options:\n"
	"  --schema PATH        schema file or folder; may be repeated\n"
	"  -e, --execute SQL    lint SQL given on the command line\n"
	"  --lang L             read named files and -e as sql, java, kotlin, go, python\n"
	"                       or mybatis, and take only L's files from folders\n"
	"  --format F           text (default), json, sarif or github\n"
	"  --output FILE        write the report to FILE (a run that fails leaves no\n"
	"                       FILE, or, for SARIF, a run marked as failed)\n"
	REPORT_OPTIONS;

const char cli_usage_check[] =
	"usage: keyplan check --schema PATH... [--workload PATH]... [options]\n"
	"\n"
	"Checks the schema (write hotspots, key size and shape, column families, the\n"
	"target's hard limits) and, with a workload, which queries the keys serve;\n"
	"then reviews the design table by table: the rules propose hash prefixes,\n"
	"salting, index tables, secondary indexes, a reordered key, DESC key columns;\n"
	"one judge plans the whole weighted workload on each and recommends one\n"
	"change per table (or says the design stands), the alternatives ranked\n"
	"with what they trade (docs/advice.md). A workload query may carry a weight\n"
	"in a comment before it: -- weight: 1200; comments right above a CREATE\n"
	"TABLE may state -- rows: N, -- writes: N, -- distinct: COLUMN N and\n"
	"-- distribution: COLUMN uniform|monotonic|skewed (docs/annotations.md).\n"
	"\n"
	"options:\n"
	"  --schema PATH        schema file or folder; may be repeated\n"
	"  --workload PATH      query file or folder (SQL or application code, as for\n"
	"                       lint); may be repeated\n"
	"  --lang L             read named workload files as sql, java, kotlin, go,\n"
	"                       python or mybatis\n"
	"  --format F           text (default), json (docs/advice-json.md), sarif or\n"
	"                       github\n"
	"  --output FILE        write the report to FILE (as lint does)\n"
	REPORT_OPTIONS;

/* Drops all but the errors of d: the old schema of check --base-schema
 * reports only what stops it being read (its warnings are not this
 * change's). */
static void keep_errors(kp_diags *d)
{
	kp_diag **p = &d->head;
	d->tail = NULL;
	while (*p) {
		if ((*p)->severity != KP_SEV_ERROR) {
			d->count[(*p)->severity]--;
			*p = (*p)->next;
		} else {
			d->tail = *p;
			p = &(*p)->next;
		}
	}
}

/* The first error of d after `after` (NULL: from its head), or NULL. */
static const kp_diag *first_error(const kp_diags *d, const kp_diag *after)
{
	for (const kp_diag *g = after ? after->next : d->head; g; g = g->next)
		if (g->severity == KP_SEV_ERROR)
			return g;
	return NULL;
}

/* A statement of the pipeline, reported: its keyplan: directives read
 * before it runs, its findings written to the report at once (so lint's
 * memory does not grow with its input), a workload's compared with its
 * plan against the old schema of --base-schema. */
static int lint_event(void *ctx, kp_event *ev)
{
	cli *c = ctx;
	kp_report *rep = c->rep;
	switch (ev->phase) {
	case KP_EV_PARSED:
		kp_report_directives(rep, ev->src, ev->lead, ev->start, ev->start, &ev->weight);
		kp_report_stmt_end(rep, ev->src, ev->start, ev->end);
		kp_report_stmt_directives(rep, ev->src, ev->start, ev->end, ev->pos, ev->trail);
		break;
	case KP_EV_PLANNED:
		if (ev->base_planned) {
			/* a rejected full scan is a plan (its rank says it is the worst
			 * one); other errors mean the query does not plan */
			const kp_diag *e0 = ev->base_plan.rejected ? NULL : first_error(&ev->base_d, NULL);
			const kp_diag *e1 = ev->plan.rejected ? NULL : first_error(ev->d, ev->before);
			cli_compare_plans(c, ev->stmt, ev->src, &ev->base_plan, e0, &ev->plan, e1, ev->a, ev->d);
		}
		break;
	case KP_EV_DONE:
		if (ev->host)
			break;   /* lib/embed.c merges the variants' findings: see host_emit */
		if (cli_missing_schema(c, ev->d)) {
			c->abort = true;
			return 1;
		}
		if (ev->role == KP_ROLE_BASE)
			keep_errors(ev->d);
		/* the statement's table, for baseline fingerprints */
		kp_report_stmt_shape(rep, ev->src, ev->start, ev->end, ev->plan.table ? ev->plan.table->name : NULL);
		kp_report_emit(rep, ev->d);
		kp_report_stmt_clear(rep);
		/* a query file's findings are all out: its keyplan:ignore lines
		 * have served (schema and workload files keep theirs, for the
		 * advisor's findings written at the end) */
		if (ev->role == KP_ROLE_QUERY)
			kp_report_stmt_done(rep);
		break;
	case KP_EV_END:
		kp_report_emit(rep, ev->d);
		/* directives after the last statement (ignore-file at the end) */
		kp_report_directives(rep, ev->src, ev->lead, ev->src->len, (uint32_t)ev->src->len, NULL);
		break;
	}
	return 0;
}

/* SQL taken out of application code (lib/embed.c): the findings of each
 * statement, merged across its variants, and the host's keyplan: comments,
 * into the report. */
static void host_emit(void *ctx, const kp_diags *d, kp_arena *a)
{
	(void)a;
	kp_report_emit(ctx, d);
}

static void host_comment(void *ctx, kp_source *host, uint32_t off, uint32_t end, uint32_t stmt_off,
                         uint32_t stmt_end, bool file_pass)
{
	kp_report_host_comment(ctx, host, off, end, stmt_off, stmt_end, file_pass);
}

static void host_stmt_done(void *ctx)
{
	kp_report_stmt_done(ctx);
}

/* A host file (Java, Kotlin, Go, Python, MyBatis XML): read whole, its
 * SQL reported, then freed unless the schema or the advisor points into
 * it. */
static void collect_host(cli *c, kp_source *src, kp_lang lang, kp_role r)
{
	/* one arena serves file after file, until a file must be kept */
	if (!c->host_arena) {
		c->host_arena = kp_arena_alloc(&c->arena, sizeof *c->host_arena);
		kp_arena_init(c->host_arena);
		kp_list_push(&c->arena, &c->host_arenas, c->host_arena);
	}
	kp_embed_sink sink = {host_emit, host_comment, host_stmt_done, c->rep};
	bool keep = false;
	kp_host_file *hf = kp_embed_run(&c->pipe, src, lang, r, &sink, c->host_arena, &keep);
	if (keep) {
		kp_pipe_keep(&c->pipe, src);
		kp_list_push(&c->arena, &c->hosts, hf);
		c->host_arena = NULL;
		return;
	}
	kp_host_file_free(hf);
	kp_arena_reset(c->host_arena);
	kp_source_free(src);
}

static void collect_source(cli *c, kp_source *src, kp_role r)
{
	kp_report_file_directives(c->rep, src);
	kp_pipe_source(&c->pipe, src, r);
}

/* A query file read in windows, so that lint's memory does not grow with
 * the file: its ignore-file directives first (one pass over the file), then
 * its statements. */
static int collect_stream(cli *c, const char *path)
{
	kp_diags d = {0};
	if (kp_report_scan_file_directives(c->rep, path, &d, &c->arena) < 0) {
		cli_errors(c, &d);
		return -1;
	}
	if (kp_pipe_stream(&c->pipe, path, KP_ROLE_QUERY, &d, &c->arena) < 0) {
		cli_errors(c, &d);
		return -1;
	}
	return 0;
}

static int run_files(cli *c, kp_list *paths, kp_role r)
{
	kp_list files = {0};
	c->host_walk = r != KP_ROLE_SCHEMA;
	if (cli_gather(c, paths, &c->seen_query, &files) < 0)
		return -1;
	for (uint32_t i = 0; i < files.n; i++) {
		if (strcmp(files.items[i], "-") && cli_is_schema_file(c, files.items[i], false))
			continue;
		int lang = r == KP_ROLE_SCHEMA ? KP_LANG_SQL : cli_file_lang(c, files.items[i], false);
		if (lang < 0)
			continue;   /* XML that is not a MyBatis mapper */
		if (lang != KP_LANG_SQL) {
			kp_diags d = {0};
			kp_source *src = kp_arena_alloc(&c->arena, sizeof *src);
			if (kp_source_read(src, files.items[i], &d, &c->arena) < 0) {
				cli_errors(c, &d);
				return -1;
			}
			collect_host(c, src, (kp_lang)lang, r);
			continue;
		}
		if (r == KP_ROLE_QUERY && strcmp(files.items[i], "-") != 0) {
			/* lint's query files are streamed; schema files stay (the
			 * catalog points into them), and so do workload files (the
			 * advisor keeps their statements) and standard input (read
			 * once, so its ignore-file lines cannot be looked for first) */
			if (collect_stream(c, files.items[i]) < 0)
				return -1;
			continue;
		}
		kp_source *src = cli_open_source(c, files.items[i]);
		if (!src)
			return -1;
		collect_source(c, src, r);
		if (c->abort)
			return -1;
	}
	return 0;
}

static int finish(cli *c, kp_report *rep, kp_advisor *adv)
{
	if (adv) {
		kp_advisor_run(adv);
		kp_report_emit(rep, adv->d);
	}
	if (c->report_unused)
		kp_report_unused(rep);
	kp_table_summary *sums = NULL;
	int nsums = adv ? kp_advisor_summary(adv, &sums) : 0;
	if (kp_report_end(rep, adv, sums, nsums) < 0) {
		cli_io_error(c, c->output ? c->output : "<stdout>", "write error");
		return 2;
	}
	int fail_on = c->fail_on >= 0 ? c->fail_on : KP_SEV_ERROR;
	return kp_report_worst(rep) >= fail_on && !c->exit_zero ? 1 : 0;
}


static void lint_schema_file(void *ctx, kp_source *src)
{
	collect_source(ctx, src, KP_ROLE_SCHEMA);
}

/* The old schema of check --base-schema: read into its own catalog. */
static void base_schema_file(void *ctx, kp_source *src)
{
	collect_source(ctx, src, KP_ROLE_BASE);
}

/* Baseline entries that matched no finding: fixed, or their statement
 * changed. Said on standard error (the report holds findings only), with
 * how to refresh the file. Not with --diff: most statements were not
 * looked at. */
static void report_stale(cli *c, kp_baseline *b)
{
	if (c->diff_mode)
		return;
	unsigned stale = 0;
	for (uint32_t i = 0; i < b->entries.n; i++)
		stale += ((kp_baseline_entry *)b->entries.items[i])->left;
	if (!stale)
		return;
	fprintf(stderr, "keyplan: %s: %u baseline entr%s no finding any more (fixed, or the statement "
	        "changed); keyplan %s --write-baseline %s refreshes it:\n", c->baseline_path, stale,
	        stale == 1 ? "y matches" : "ies match", c->cmd, c->baseline_path);
	for (uint32_t i = 0; i < b->entries.n; i++) {
		const kp_baseline_entry *e = b->entries.items[i];
		if (e->left)
			fprintf(stderr, "  %s:%u: %s%s%s%s: %s%s\n", e->file ? e->file : "?", e->line, e->rule ? e->rule : "?",
			        e->table ? " (" : "", e->table ? e->table : "", e->table ? ")" : "",
			        e->shape ? e->shape : "", e->left > 1 ? " (several)" : "");
	}
}

int cmd_lint(int argc, char **argv, bool check)
{
	cli c;
	const char *usage = check ? cli_usage_check : cli_usage_lint;
	int rc = cli_setup(&c, check ? "check" : "lint", argc, argv, usage);
	if (rc >= 0)
		goto done;
	if (check && c.inputs.n) {
		const input *in = c.inputs.items[0];
		rc = cli_usage_error("check", usage, "unexpected argument '%s': give query files with --workload", in->text);
		goto done;
	}
	if (check && c.base_schemas.n && c.workloads.n == 0) {
		rc = cli_usage_error("check", usage, "%s", "--base-schema compares the workload's plans: give --workload PATH");
		goto done;
	}
	if (check && c.schemas.n == 0) {
		rc = cli_usage_error("check", usage, "%s", "no schema: give --schema PATH (or schema = in .keyplan)");
		goto done;
	}
	if (!check && c.inputs.n == 0) {
		/* the config's include globs name the query files */
		for (uint32_t i = 0; i < c.cfg.include.n; i++) {
			glob_t g;
			if (glob(c.cfg.include.items[i], 0, NULL, &g) == 0)
				for (size_t k = 0; k < g.gl_pathc; k++) {
					input *in = kp_arena_alloc(&c.arena, sizeof(*in));
					in->text = kp_arena_strndup(&c.arena, g.gl_pathv[k], strlen(g.gl_pathv[k]));
					kp_list_push(&c.arena, &c.inputs, in);
				}
			globfree(&g);
		}
		if (c.inputs.n == 0) {
			rc = cli_usage_error("lint", usage, "%s", c.cfg.include.n
			                 ? "no query files: the include globs of .keyplan match no file"
			                 : "no query files: give FILEs or DIRs, -e SQL, or include = in .keyplan");
			goto done;
		}
	}
	cli_start_pipeline(&c);
	kp_baseline known, found;
	kp_baseline_init(&known);
	kp_baseline_init(&found);
	kp_diffscope scope;
	kp_diffscope_init(&scope);
	if (c.baseline_path && c.write_baseline) {
		rc = cli_usage_error(c.cmd, usage, "%s", "--baseline and --write-baseline do not go together "
		                 "(--write-baseline records every finding)");
		goto free_baselines;
	}
	if (c.baseline_path) {
		kp_diags d = {0};
		if (kp_baseline_read(&known, c.baseline_path, &d, &c.arena) < 0) {
			cli_errors(&c, &d);
			rc = 2;
			goto free_baselines;
		}
	}
	if (c.diff_rev) {
		kp_diags d = {0};
		if (!strcmp(c.diff_rev, "-")) {
			if (kp_diffscope_read(&scope, stdin, "<stdin>", &d, &c.arena) < 0) {
				cli_errors(&c, &d);
				rc = 2;
				goto free_baselines;
			}
		} else {
			char *root = kp_repo_root(c.cwd);
			int grc = kp_diffscope_git(&scope, root, c.diff_rev, &d, &c.arena);
			free(root);
			if (grc < 0) {
				cli_errors(&c, &d);
				rc = 2;
				goto free_baselines;
			}
		}
	}
	char *tmp;
	FILE *out = cli_open_output(&c, &tmp);
	if (!out) {
		rc = 2;
		goto free_baselines;
	}
	kp_report rep;
	memset(&rep, 0, sizeof rep);
	for (int i = 0; i < KP_R__COUNT; i++)
		rep.rules[i] = c.cfg.rules[i];
	kp_report_begin(&rep, &c.arena, out, c.fmt, c.fmt == KP_FMT_TEXT ? cli_use_color(&c, out) : 0);
	rep.baseline = c.baseline_path ? &known : NULL;
	rep.record = c.write_baseline ? &found : NULL;
	rep.diff = c.diff_rev ? &scope : NULL;
	kp_diags adv_diags = {0};
	kp_advisor adv;
	kp_advisor_init(&adv, c.pipe.cat, c.target, &c.arena, &adv_diags);
	c.pipe.fn = lint_event;
	c.pipe.ctx = &c;
	c.pipe.plan_schema_writes = true;
	c.pipe.compare = c.base_schemas.n > 0;
	c.pipe.adv = check ? &adv : NULL;
	c.rep = &rep;
	rep.impact_mode = c.base_schemas.n > 0;
	rc = cli_read_schema(&c, lint_schema_file, &c) < 0 ? 2 : 0;
	if (!rc && c.base_schemas.n &&
	    cli_read_schema_of(&c, &c.base_schemas, &c.seen_base, &c.pipe.base_cat, base_schema_file, &c) < 0)
		rc = 2;
	if (!rc && check) {
		if (run_files(&c, &c.workloads, KP_ROLE_WORKLOAD) < 0)
			rc = 2;
	} else if (!rc) {
		kp_list paths = {0};
		for (uint32_t i = 0; i < c.inputs.n && !rc; i++) {
			const input *in = c.inputs.items[i];
			if (in->is_sql) {
				kp_source *src = kp_arena_alloc(&c.arena, sizeof(*src));
				kp_source_from_string(src, "<command line>", in->text, strlen(in->text));
				if (c.lang > KP_LANG_SQL) {
					collect_host(&c, src, (kp_lang)c.lang, KP_ROLE_QUERY);
					continue;
				}
				kp_pipe_keep(&c.pipe, src);
				collect_source(&c, src, KP_ROLE_QUERY);
				if (c.abort)
					rc = 2;
			} else {
				paths.n = 0;
				kp_list_push(&c.arena, &paths, (void *)in->text);
				if (run_files(&c, &paths, KP_ROLE_QUERY) < 0)
					rc = 2;
			}
		}
	}
	if (rc) {
		kp_report_fail(&rep, c.fatal[0] ? c.fatal : "keyplan stopped on an error");
		kp_report_end(&rep, NULL, NULL, 0);
	} else {
		rc = finish(&c, &rep, check ? &adv : NULL);
	}
	rc = cli_close_output(&c, out, tmp, rc);
	if (rc != 2 && c.baseline_path)
		report_stale(&c, &known);
	if (rc != 2 && c.write_baseline) {
		kp_diags d = {0};
		if (kp_baseline_write(&found, c.write_baseline, &d, &c.arena) < 0) {
			cli_errors(&c, &d);
			rc = 2;
		} else {
			unsigned n = 0;
			for (uint32_t i = 0; i < found.entries.n; i++)
				n += ((kp_baseline_entry *)found.entries.items[i])->count;
			fprintf(stderr, "keyplan: %s: %u finding(s) recorded; --baseline %s reports only new ones\n",
			        c.write_baseline, n, c.write_baseline);
			rc = 0;   /* recording findings is the run's purpose, not a failure */
		}
	}
free_baselines:
	kp_diffscope_free(&scope);
	kp_baseline_free(&known);
	kp_baseline_free(&found);
done:
	cli_free(&c);
	return rc;
}
