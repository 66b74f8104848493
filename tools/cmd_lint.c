/* keyplan lint and keyplan check: the statements of query files (lint) or
 * of a schema and its workload (check) reported as findings, in every
 * format, with baselines, --diff and, for check, the advisor. */
#include "tools/cli.h"
#include "base/quote.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "advisor/advisor.h"
#include "grammar/parse.h"
#include "lib/embed.h"
#include "tools/baseline.h"
#include "tools/diffscope.h"
#include "tools/digest/digest_workload.h"
#include "tools/simulate/sim.h"

/* The options lint and check share, and their exit status. */
#define REPORT_OPTIONS \
	"  --fail-on LEVEL      error (default), warning or info: exit 1 on findings\n" \
	"                       at or above LEVEL\n" \
	"  --select RULES       report only these rules (IDs or slugs, comma-separated;\n" \
	"                       may be repeated)\n" \
	"  --ignore RULES       do not report these rules (as --select; wins over it)\n" \
	"  --exit-zero          report only: exit 0 whatever the findings (2 still\n" \
	"                       means the run failed)\n" \
	"  --exclude GLOB       skip matching query files and folders, also when\n" \
	"                       named; may be repeated (relative to the working\n" \
	"                       directory; the schema is always read whole)\n" \
	"  --verbose            say the order the schema files apply in (V2__ before\n" \
	"                       V10__, as Flyway)\n" \
	"  --stdin-filename PATH\n" \
	"                       report standard input (-) as the file PATH, read in\n" \
	"                       PATH's language (A.java: Java)\n" \
	"  --baseline FILE      report only findings not recorded in FILE; say which\n" \
	"                       entries match nothing any more\n" \
	"  --write-baseline FILE record every finding in FILE (exit 0)\n" \
	"  --diff REV           report only findings in statements the branch changed\n" \
	"                       since it left REV (the working tree and untracked files\n" \
	"                       against git merge-base REV HEAD; - reads a unified\n" \
	"                       diff on standard input)\n" \
	"  --target T           lindorm (default), tablestore, phoenix or generic\n" \
	"  --tenant ID          (phoenix) the queries run on a tenant-specific\n" \
	"                       connection, TenantId=ID: a MULTI_TENANT table's tenant\n" \
	"                       column is bound to ID and hidden (the schema's DDL runs\n" \
	"                       on a global one; -- keyplan:tenant ID lines change the\n" \
	"                       connection of a file: docs/annotations.md)\n" \
	"  --color WHEN         auto (default), always or never (NO_COLOR and\n" \
	"                       CLICOLOR_FORCE are honoured)\n" \
	"  --config FILE        read FILE instead of the nearest .keyplan\n" \
	"  --no-config          read no config file\n" \
	"  --report-unused-ignores\n" \
	"                       warn about keyplan:ignore, ignore-file and disable\n" \
	"                       comments that silence nothing, each at its place\n" \
	"  -h, --help           show this help\n" \
	"\n" \
	"exit status: 0 no finding at or above --fail-on, 1 findings, 2 usage, I/O\n" \
	"or config error.\n"

const char cli_usage_lint[] =
	"usage: keyplan lint [--schema PATH]... [options] [FILE | DIR]... [-e SQL]...\n"
	"       (no FILE: the config's include globs, else the working directory)\n"
	"\n"
	"Plans every statement of the query files and reports each problem as a\n"
	"diagnostic: rejected full scans, filtered scans, reverse scans, sorts,\n"
	"impossible conditions, unusable keys, unknown tables and columns,\n"
	"non-portable syntax, and the target store's limits. Folders are searched\n"
	"for *.sql and for SQL embedded in application code: *.java, *.kt, *.go,\n"
	"*.py and MyBatis mapper *.xml; findings point into the application source\n"
	"(docs/embedded-sql.md). DDL in a linted file applies to that file only,\n"
	"from the --schema catalog: the findings do not depend on the files' order.\n"
	"\n"
	"options:\n"
	"  --schema PATH        schema file or folder; may be repeated\n"
	"  -e, --execute SQL    lint SQL given on the command line; may be repeated\n"
	"                       (located as <command line>, or with several -e as\n"
	"                       <command line 1>, <command line 2>, ...)\n"
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
	"salting, index tables, secondary indexes, a search index (Lindorm,\n"
	"Tablestore), a reordered key, DESC key columns, a hot counter row's\n"
	"random shard;\n"
	"one judge plans the whole weighted workload on each and recommends one\n"
	"change per table (or says the design stands), the alternatives ranked\n"
	"with what they trade (docs/advice.md). A workload query may carry a weight\n"
	"in a comment before it: -- weight: 1200; comments right above a CREATE\n"
	"TABLE may state -- rows: N, -- writes: N, -- distinct: COLUMN N,\n"
	"-- range: COLUMN SHARE (the share a range on it keeps: 0.01, 1/365) and\n"
	"-- distribution: COLUMN uniform|monotonic|latest|skewed|zipfian [THETA]|\n"
	"fixed N (docs/annotations.md), as may those right above an ALTER TABLE\n"
	"that adds a column; an advised DDL that adds a bucket column starts with\n"
	"the ones the judge weighed it by.\n"
	"\n"
	"options:\n"
	"  --schema PATH        schema file or folder; may be repeated\n"
	"  --workload PATH      query file or folder (SQL or application code, as for\n"
	"                       lint), or a query log or digest (docs/digest.md: each\n"
	"                       shape weighted by its count); may be repeated\n"
	"  --base-schema PATH   the schema before a change: each workload query whose\n"
	"                       plan changes is reported, before -> after (KP130-KP134,\n"
	"                       and the migration impact); may be repeated\n"
	"  --lang L             read named workload files as sql, java, kotlin, go,\n"
	"                       python or mybatis\n"
	"  --format F           text (default), json (docs/advice-json.md), sarif or\n"
	"                       github\n"
	"  --output FILE        write the report to FILE (as lint does)\n"
	"  --report FILE        also simulate the region load of each table, as designed\n"
	"                       and with each advised key change, into the HTML report\n"
	"                       FILE (keyplan simulate's defaults; docs/simulate.md)\n"
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

/* Does note n point at a CREATE that failed (not at a DROP: a schema may
 * drop what it created, nor at a view another tenant's connection sees)? */
static bool failed_create(const cli *c, const kp_note *n)
{
	const kp_list *l = &c->pipe.cat->failed;
	for (uint32_t i = 0; i < l->n; i++) {
		const kp_failed_ddl *f = l->items[i];
		if (f->src == n->src && f->off == n->off)
			return !f->dropped;
	}
	/* a live view of another tenant (-- keyplan:tenant): declared, on
	 * another connection */
	for (int i = 0; i < c->pipe.cat->ntables; i++) {
		const kp_table *t = c->pipe.cat->tables[i];
		if (t->tenant && !t->dropped && t->src == n->src && t->off == n->off)
			return false;
	}
	return true;
}

/* A query that names a table whose CREATE failed in the schema: the
 * schema is broken, and every query of that table would only be "unknown
 * table". The run fails (exit 2: a failed SARIF run, nothing recorded in a
 * baseline) instead of passing that off as findings; other schema errors
 * stay findings. Returns true (reported) when d holds such a query. */
static bool uses_broken_table(cli *c, const kp_diags *d)
{
	for (const kp_diag *g = d->head; g; g = g->next) {
		if (g->rule != KP_R_UNKNOWN_TABLE || !g->notes || !failed_create(c, g->notes))
			continue;
		for (uint32_t i = 0; i < c->pipe.schema_srcs.n; i++)
			if (g->notes->src == c->pipe.schema_srcs.items[i]) {
				uint32_t l, col, nl, nc;
				kp_source *at;
				size_t off = kp_source_origin(g->src, g->off, &at);
				kp_source_linecol(at, off, &l, &col);
				kp_source_linecol(g->notes->src, g->notes->off, &nl, &nc);
				cli_error(c, "%s:%u:%u: %s; %s:%u:%u: %s: the schema is broken, fix it first",
				          at->path, l, col, g->message, g->notes->src->path, nl, nc, g->notes->message);
				c->abort = true;
				return true;
			}
	}
	return false;
}

/* No schema given and none defined (lint): a statement's "no such table"
 * says only that, so it is dropped and counted, and the run ends with one
 * "no schema" error (exit 2); the findings that need no schema (syntax,
 * pasted text, directives) are reported. Returns d, or a copy of it in a
 * without its KP008. */
static kp_diags *without_unknown_tables(cli *c, kp_diags *d, kp_arena *a)
{
	if (c->schemas.n || c->pipe.cat->ntables)
		return d;
	bool any = false;
	for (const kp_diag *g = d->head; g && !any; g = g->next)
		any = g->rule == KP_R_UNKNOWN_TABLE;
	if (!any)
		return d;
	c->no_schema++;
	kp_diags *out = kp_arena_alloc(a, sizeof *out);
	for (const kp_diag *g = d->head; g; g = g->next) {
		if (g->rule == KP_R_UNKNOWN_TABLE)
			continue;
		kp_diag *cp = kp_arena_alloc(a, sizeof *cp);
		*cp = *g;
		cp->next = NULL;
		if (out->tail)
			out->tail->next = cp;
		else
			out->head = cp;
		out->tail = cp;
		out->count[cp->severity]++;
	}
	return out;
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
		if (ev->src == c->log_src && c->log_next < c->log_n)
			ev->weight = c->log_weights[c->log_next++];     /* a log's shape */
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
		if (ev->role == KP_ROLE_WORKLOAD && ev->src->mapped) {
			/* the text read past, given back a megabyte at a time: what
			 * the advice reads again later (a shape's first statement,
			 * an insert written twice) is read from the file again */
			if (c->given_src != ev->src)
				c->given_src = ev->src, c->given = 0;
			if (ev->start - c->given >= ((size_t)1 << 20)) {
				kp_source_release(ev->src, c->given, ev->start);
				c->given = ev->start;
			}
		}
		if (ev->role == KP_ROLE_QUERY && !c->pipe.adv)
			ev->d = without_unknown_tables(c, ev->d, ev->a);
		if (cli_missing_schema(c, ev->d) || (ev->role != KP_ROLE_SCHEMA && uses_broken_table(c, ev->d))) {
			c->abort = true;
			return 1;
		}
		if (ev->role == KP_ROLE_BASE)
			keep_errors(ev->d);
		/* the statement's table, for baseline fingerprints */
		kp_report_stmt_shape(rep, ev->src, ev->start, ev->end, ev->plan.table ? ev->plan.table->name : NULL);
		{
			kp_fp_opts fo;
			kp_target_fp_opts(&fo, c->target);
			kp_report_stmt_fingerprint(rep, ev->stmt, &fo);
		}
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

/* The statement the SQL built from application code is, fingerprinted as
 * a .sql file's statement is (grammar/fingerprint.h): a baseline then knows
 * a finding by what can change its plan, not by the text (parentheses,
 * layout and a literal's spelling apart). The SQL parses: lint planned it.
 * When it does not (the variant's text is not the statement's), the text
 * shape stays. */
static void host_fingerprint(cli *c, kp_source *src, kp_arena *a)
{
	kp_parser *p = kp_parser_new();
	if (!p)
		return;
	int names = kp_target_names(c->target);
	kp_parser_fold_upper(p, names == KP_NAMES_UPPER);
	kp_parser_hash_comments(p, names != KP_NAMES_UPPER);
	kp_parser_dq_strings(p, kp_target_dq_strings(c->target));
	kp_diags d = {0};
	kp_stmt *s = NULL;
	size_t pos = 0;
	if (kp_parse_next(p, &s, src, &pos, a, &d) == 1 && s) {
		kp_fp_opts fo;
		kp_target_fp_opts(&fo, c->target);
		kp_report_stmt_fingerprint(c->rep, s, &fo);
	}
	kp_parser_free(p);
}

/* SQL taken out of application code (lib/embed.c): the findings of each
 * statement, merged across its variants, and the host's keyplan: comments,
 * into the report. */
static void host_emit(void *ctx, const kp_diags *d, kp_arena *a)
{
	cli *c = ctx;
	if (c->abort || uses_broken_table(c, d))
		return;
	if (!c->pipe.adv)
		d = without_unknown_tables(c, (kp_diags *)d, a);
	/* baselines know a finding by its statement's shape: the SQL as built
	 * (one variant's), not the host line, so "WHERE" -> "where" in the
	 * Java string is the same finding */
	kp_arena pa;
	kp_arena_init(&pa);
	if (d->head && d->head->src) {
		kp_report_stmt_shape(c->rep, d->head->src, 0, (uint32_t)d->head->src->len, NULL);
		if (c->rep->baseline || c->rep->record)
			host_fingerprint(c, d->head->src, &pa);
	}
	kp_report_emit(c->rep, d);
	kp_report_stmt_clear(c->rep);
	kp_arena_free(&pa);
}

static void host_comment(void *ctx, kp_source *host, uint32_t off, uint32_t end, uint32_t stmt_off,
                         uint32_t stmt_end, bool file_pass)
{
	kp_report_host_comment(((cli *)ctx)->rep, host, off, end, stmt_off, stmt_end, file_pass);
}

static void host_stmt_done(void *ctx)
{
	cli *c = ctx;
	if (c->rep->impact_mode && c->host_st)
		cli_impact_variants(c, c->host_st, c->host_arena);
	kp_report_stmt_done(c->rep);
}

/* Every statement is planned; its variants are named when it is done. */
static bool host_want(void *ctx, const kp_host_file *hf, const kp_host_stmt *st)
{
	(void)hf;
	((cli *)ctx)->host_st = st;
	return true;
}

/* A host file (Java, Kotlin, Go, Python, MyBatis XML): mapped (the pages
 * read past are given back as it is read: base/srcmap.c), its SQL
 * reported, then freed unless the schema or the advisor points into it. */
static void collect_host(cli *c, kp_source *src, kp_lang lang, kp_role r)
{
	/* one arena serves file after file, until a file must be kept */
	if (!c->host_arena) {
		c->host_arena = kp_arena_alloc(&c->arena, sizeof *c->host_arena);
		kp_arena_init(c->host_arena);
		kp_list_push(&c->arena, &c->host_arenas, c->host_arena);
	}
	kp_embed_sink sink = {host_emit, host_comment, host_stmt_done, c, host_want, false, NULL};
	bool keep = false;
	if (r == KP_ROLE_QUERY)
		kp_report_file_begin(c->rep);
	kp_report_file_read(c->rep, src->path);
	c->rep->host_xml = lang == KP_LANG_MYBATIS;
	kp_host_file *hf = kp_embed_run(&c->pipe, src, lang, r, &sink, c->host_arena, &keep);
	c->rep->host_xml = false;
	if (r == KP_ROLE_QUERY)
		kp_report_file_end(c->rep);
	c->host_st = NULL;
	kp_pipe_scope_end(&c->pipe);   /* lint: the file's DDL was its own */
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

/* A workload file, mapped (base/srcmap.c): the advisor keeps a tree a
 * shape and a few bytes a statement, so the file's text need not stay in
 * memory; lint_event gives back the pages the pipeline has read past. */
static kp_source *open_workload(cli *c, const char *path)
{
	kp_diags d = {0};
	kp_source *src = kp_arena_alloc(&c->pipe.arena, sizeof(*src));
	if (kp_source_map(src, path, &d, &c->arena) < 0) {
		cli_errors(c, &d);
		return NULL;
	}
	kp_pipe_keep(&c->pipe, src);
	return src;
}

static void collect_source(cli *c, kp_source *src, kp_role r)
{
	if (r == KP_ROLE_QUERY)
		kp_report_file_begin(c->rep);
	kp_report_file_read(c->rep, src->path);
	kp_report_file_directives(c->rep, src);
	kp_pipe_source(&c->pipe, src, r);
	kp_pipe_scope_end(&c->pipe);
	if (r == KP_ROLE_QUERY)
		kp_report_file_end(c->rep);
}

/* A query file read in windows, so that lint's memory does not grow with
 * the file: its ignore-file directives first (one pass over the file), then
 * its statements. */
static int collect_stream(cli *c, const char *path)
{
	kp_diags d = {0};
	kp_report_file_begin(c->rep);
	kp_report_file_read(c->rep, path);
	if (kp_report_scan_file_directives(c->rep, path, &d, &c->arena) < 0) {
		kp_report_file_end(c->rep);
		cli_errors(c, &d);
		return -1;
	}
	int rc = kp_pipe_stream(&c->pipe, path, KP_ROLE_QUERY, &d, &c->arena);
	kp_pipe_scope_end(&c->pipe);
	kp_report_file_end(c->rep);
	if (rc < 0) {
		cli_errors(c, &d);
		return -1;
	}
	return 0;
}

/* check --workload with a query log or a digest: its shapes, one
 * statement each, weighted by the statements they stand for, so that
 * memory is bounded by the shapes, not the log. */
static int run_log(cli *c, const char *path)
{
	kp_source *src = kp_arena_alloc(&c->arena, sizeof *src);
	kp_log_workload w;
	char *err = NULL;
	if (kp_digest_workload(&c->pipe, path, src, &w, &err) < 0) {
		cli_error(c, "%s", err ? err : path);
		free(err);
		return -1;
	}
	if (w.skipped)
		kp_fprintf_visible(stderr, "keyplan check: %s: %llu of its lines or records skipped (keyplan digest %s lists them)\n",
		        path, (unsigned long long)w.skipped, path);
	kp_pipe_keep(&c->pipe, src);
	c->log_src = src;
	c->log_weights = w.weights;
	c->log_n = w.n;
	c->log_next = 0;
	collect_source(c, src, KP_ROLE_WORKLOAD);
	c->log_src = NULL;
	kp_log_workload_free(&w);
	return c->abort ? -1 : 0;
}

static int run_files(cli *c, kp_list *paths, kp_role r)
{
	kp_list files = {0};
	c->host_walk = r != KP_ROLE_SCHEMA;
	if (cli_gather(c, paths, &c->seen_query, &files) < 0)
		return -1;
	for (uint32_t i = 0; r != KP_ROLE_SCHEMA && i < files.n; i++) {
		cli_index_mapper(c, files.items[i]);
		if (!c->entities_indexed)
			cli_index_entities(c, files.items[i]);
	}
	for (uint32_t i = 0; i < files.n; i++) {
		if (strcmp(files.items[i], "-") && cli_is_schema_file(c, files.items[i], false))
			continue;
		int lang = r == KP_ROLE_SCHEMA ? KP_LANG_SQL : cli_file_lang(c, files.items[i], false);
		if (lang < 0)
			continue;   /* XML that is not a MyBatis mapper */
		if (cli_sniff(c, files.items[i], r == KP_ROLE_WORKLOAD) < 0) {
			if (r == KP_ROLE_SCHEMA)
				return -1;
			c->io_failed = true;   /* one error for the file, not one per byte */
			continue;
		}
		if (lang != KP_LANG_SQL) {
			kp_diags d = {0};
			kp_source *src = kp_arena_alloc(&c->arena, sizeof *src);
			if (kp_source_map(src, files.items[i], &d, &c->arena) < 0) {
				cli_errors(c, &d);
				c->io_failed = true;   /* reported; the other files are still read */
				continue;
			}
			if (!strcmp(files.items[i], "-") && c->pipe.stdin_name) {
				/* every finding names standard input as --stdin-filename */
				free(src->path);
				src->path = strdup(c->pipe.stdin_name);
				if (!src->path)
					abort();
				kp_buf_clear(&src->path_json);
			}
			collect_host(c, src, (kp_lang)lang, r);
			if (c->abort)
				return -1;
			continue;
		}
		bool once = cli_read_once(files.items[i]);
		if (r == KP_ROLE_QUERY && !once) {
			/* lint's query files are streamed; schema files stay (the
			 * catalog points into them), and so do workload files (the
			 * advisor keeps a statement of each shape: they are mapped,
			 * their pages given back as they are read, open_workload)
			 * and standard input and pipes (read once, so their
			 * ignore-file lines cannot be looked for first) */
			if (collect_stream(c, files.items[i]) < 0) {
				if (c->abort)
					return -1;
				c->io_failed = true;
			}
			continue;
		}
		if (r == KP_ROLE_WORKLOAD && !once && kp_digest_is_log(files.items[i])) {
			if (run_log(c, files.items[i]) < 0)
				return -1;
			continue;
		}
		/* a pipe cannot be mapped: it is read once, as standard input */
		kp_source *src = r == KP_ROLE_WORKLOAD && !once ? open_workload(c, files.items[i])
		                                                : cli_open_source(c, files.items[i]);
		if (!src) {
			if (r == KP_ROLE_SCHEMA)
				return -1;
			c->io_failed = true;
			continue;
		}
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
	if (adv && c->sim_report) {
		char err[1024];
		if (kp_sim_check_report(adv, c->target, c->sim_report, err, sizeof err) < 0) {
			cli_error(c, "%s", err);
			kp_report_fail(rep, c->fatal);
			kp_report_end(rep, NULL, NULL, 0);
			return 2;
		}
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
	/* entries of files this run did not read are not stale: a pre-commit
	 * hook lints the files a commit touches, not the whole project */
	for (uint32_t i = 0; i < b->entries.n; i++) {
		kp_baseline_entry *e = b->entries.items[i];
		if (e->left && !kp_report_was_read(c->rep, e->file))
			e->left = 0;
	}
	unsigned stale = 0;
	for (uint32_t i = 0; i < b->entries.n; i++)
		stale += ((kp_baseline_entry *)b->entries.items[i])->left;
	if (!stale)
		return;
	kp_fprintf_visible(stderr, "keyplan: %s: %u baseline entr%s no finding any more (fixed, or the statement "
	        "changed); keyplan %s --write-baseline %s refreshes it:\n", c->baseline_path, stale,
	        stale == 1 ? "y matches" : "ies match", c->cmd, c->baseline_path);
	for (uint32_t i = 0; i < b->entries.n; i++) {
		const kp_baseline_entry *e = b->entries.items[i];
		if (e->left)
			kp_fprintf_visible(stderr, "  %s:%u: %s%s%s%s: %s%s\n", e->file ? e->file : "?", e->line, e->rule ? e->rule : "?",
			        e->table ? " (" : "", e->table ? e->table : "", e->table ? ")" : "",
			        e->shape ? e->shape : "", e->left > 1 ? " (several)" : "");
	}
}

/* A run that failed before its report was begun (a config error, a
 * usage error, a baseline or diff that cannot be read): with --output, a
 * SARIF file still gets a run marked as failed, and no other format leaves
 * a report from an earlier run in place (cli_close_output). */
static void report_early_failure(cli *c, bool check)
{
	if (!c->output || c->output_failed)
		return;   /* none, or it cannot be written (said once) */
	char *tmp;
	FILE *out = cli_open_output(c, &tmp);
	if (!out)
		return;
	kp_report rep;
	memset(&rep, 0, sizeof rep);
	rep.docs = c->cfg.docs;
	rep.rule_page = cli_rule_page;
	kp_report_begin(&rep, &c->arena, out, c->fmt, 0);
	rep.check = check;
	kp_report_fail(&rep, c->fatal[0] ? c->fatal : "usage error (see standard error)");
	kp_report_end(&rep, NULL, NULL, 0);
	cli_close_output(c, out, tmp, 2);
}

int cmd_lint(int argc, char **argv, bool check)
{
	bool reported = false;   /* the report was written */
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
		if (c.inputs.n == 0 && c.cfg.include.n) {
			rc = cli_usage_error("lint", usage, "%s", "no query files: the include globs of .keyplan match no file");
			goto done;
		}
		if (c.inputs.n == 0) {
			/* no path and no include globs: the working directory, as
			 * ruff and eslint do */
			input *in = kp_arena_alloc(&c.arena, sizeof(*in));
			in->text = ".";
			kp_list_push(&c.arena, &c.inputs, in);
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
	for (int i = 0; i < KP_R__COUNT; i++) {
		rep.rules[i] = c.cfg.rules[i];
		/* --select and --ignore win over the config's [rules] */
		if ((c.selecting && !c.select[i]) || c.ignore[i]) {
			rep.rules[i].set = true;
			rep.rules[i].off = true;
		} else if (c.selecting && rep.rules[i].off) {
			rep.rules[i].set = false;   /* selected: back at its default severity */
			rep.rules[i].off = false;
		}
	}
	rep.docs = c.cfg.docs;   /* the SARIF header names them */
	rep.rule_page = cli_rule_page;
	kp_report_begin(&rep, &c.arena, out, c.fmt, c.fmt == KP_FMT_TEXT ? cli_use_color(&c, out) : 0);
	rep.check = check;
	rep.report_unused = c.report_unused;
	rep.baseline = c.baseline_path ? &known : NULL;
	rep.record = c.write_baseline ? &found : NULL;
	rep.diff = c.diff_rev ? &scope : NULL;
	kp_diags adv_diags = {0};
	kp_advisor adv;
	kp_advisor_init(&adv, c.pipe.cat, c.target, &c.arena, &adv_diags);
	adv.opts.tenant = c.tenant;   /* the workload runs on the same connection */
	/* a record a shape, not a statement (advisor/workload.c); --report
	 * builds the simulation, which reads each statement's own "-- rate:"
	 * comment (tools/simulate/sim_build.c): a record a statement there */
	adv.merge = !c.sim_report;
	c.pipe.fn = lint_event;
	c.pipe.ctx = &c;
	c.pipe.plan_schema_writes = true;
	/* lint: DDL in a query file applies to that file only, from the
	 * --schema catalog, so the findings do not depend on the order or
	 * grouping of the files (check --base-schema judges migrations) */
	c.pipe.file_scope = !check;
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
		for (uint32_t i = 0; i < c.inputs.n; i++)   /* the mapper files named */
			if (!((const input *)c.inputs.items[i])->is_sql)
				cli_index_mapper(&c, ((const input *)c.inputs.items[i])->text);
		/* the entities of every file and folder named, before any is
		 * linted: a string's reading does not depend on their order */
		kp_list seen = {0}, all = {0};
		c.host_walk = true;
		/* a folder the walker refused here (reported: an empty folder)
		 * ends the run where it is named, without a second report */
		bool *refused = kp_arena_alloc(&c.arena, c.inputs.n + 1);
		for (uint32_t i = 0; i < c.inputs.n; i++) {
			const input *in = c.inputs.items[i];
			struct stat st;
			if (in->is_sql || stat(in->text, &st) < 0)
				continue;
			paths.n = 0;
			kp_list_push(&c.arena, &paths, (void *)in->text);
			all.n = 0;
			if (S_ISDIR(st.st_mode) && cli_gather(&c, &paths, &seen, &all) < 0) {
				refused[i] = true;
				continue;
			}
			if (!S_ISDIR(st.st_mode))
				kp_list_push(&c.arena, &all, (void *)in->text);
			for (uint32_t k = 0; k < all.n; k++)
				cli_index_entities(&c, all.items[k]);
		}
		c.entities_indexed = true;
		for (uint32_t i = 0; i < c.inputs.n && !rc; i++) {
			const input *in = c.inputs.items[i];
			if (in->is_sql) {
				kp_source *src = kp_arena_alloc(&c.arena, sizeof(*src));
				kp_source_from_string(src, in->name, in->text, strlen(in->text));
				if (c.lang > KP_LANG_SQL) {
					collect_host(&c, src, (kp_lang)c.lang, KP_ROLE_QUERY);
					if (c.abort)
						rc = 2;
					continue;
				}
				kp_pipe_keep(&c.pipe, src);
				collect_source(&c, src, KP_ROLE_QUERY);
				if (c.abort)
					rc = 2;
			} else if (refused[i]) {
				rc = 2;
			} else {
				paths.n = 0;
				kp_list_push(&c.arena, &paths, (void *)in->text);
				if (run_files(&c, &paths, KP_ROLE_QUERY) < 0)
					rc = 2;
			}
		}
	}
	if (!rc && c.io_failed)
		rc = 2;   /* every readable file was linted; the unreadable ones fail the run */
	if (!rc && c.no_schema) {
		/* the findings that need no schema are out; the rest could not
		 * be checked */
		cli_error(&c, "no schema: %u statement%s name%s tables no schema defines and %s not planned; give --schema "
		          "PATH (a file or folder of CREATE TABLE statements), or schema = in .keyplan", c.no_schema,
		          c.no_schema == 1 ? "" : "s", c.no_schema == 1 ? "s" : "", c.no_schema == 1 ? "was" : "were");
		rc = 2;
	}
	if (rc) {
		kp_report_fail(&rep, c.fatal[0] ? c.fatal : "keyplan stopped on an error");
		kp_report_end(&rep, NULL, NULL, 0);
	} else {
		rc = finish(&c, &rep, check ? &adv : NULL);
	}
	rc = cli_close_output(&c, out, tmp, rc);
	reported = true;
	if (rc != 2 && c.baseline_path)
		report_stale(&c, &known);
	if (rc != 2 && c.write_baseline) {
		kp_diags d = {0};
		/* the entries of files this run did not read are kept: refreshing
		 * the baseline from a subset (a pre-commit hook) wipes nothing */
		kp_baseline old;
		kp_baseline_init(&old);
		unsigned kept = 0;
		if (access(c.write_baseline, F_OK) == 0 && kp_baseline_read(&old, c.write_baseline, &d, &c.arena) == 0) {
			for (uint32_t i = 0; i < old.entries.n; i++) {
				const kp_baseline_entry *e = old.entries.items[i];
				int rule = e->rule ? kp_rule_lookup(e->rule, strlen(e->rule)) : -1;
				if (rule < 0 || kp_report_was_read(&rep, e->file))
					continue;
				for (unsigned k = 0; k < e->count; k++)
					kp_baseline_add(&found, e->fp, (kp_rule)rule, e->table, e->file, e->line, e->shape)->legacy |=
					        e->legacy;
				kept += e->count;
			}
		}
		d = (kp_diags){0};   /* an unreadable old file is simply replaced */
		kp_baseline_free(&old);
		if (kp_baseline_write(&found, c.write_baseline, &d, &c.arena) < 0) {
			cli_errors(&c, &d);
			rc = 2;
		} else {
			unsigned n = 0;
			for (uint32_t i = 0; i < found.entries.n; i++)
				n += ((kp_baseline_entry *)found.entries.items[i])->count;
			kp_fprintf_visible(stderr, "keyplan: %s: %u finding(s) recorded", c.write_baseline, n);
			if (kept)
				kp_fprintf_visible(stderr, " (%u of them from files this run did not read, kept)", kept);
			kp_fprintf_visible(stderr, "; --baseline %s reports only new ones\n", c.write_baseline);
			rc = 0;   /* recording findings is the run's purpose, not a failure */
		}
	}
free_baselines:
	kp_diffscope_free(&scope);
	kp_baseline_free(&known);
	kp_baseline_free(&found);
done:
	if (rc == 2 && !reported)
		report_early_failure(&c, check);
	cli_free(&c);
	return rc;
}
