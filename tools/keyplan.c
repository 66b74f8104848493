/* keyplan: catches bad primary-key designs and bad queries for wide-column
 * stores. This file is the command-line front end: explain, lint, check,
 * rules. */
#define _XOPEN_SOURCE 700   /* realpath */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <glob.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "advisor/advisor.h"
#include "tools/baseline.h"
#include "catalog/catalog.h"
#include "tools/config.h"
#include "lib/embed.h"
#include "planner/explain.h"
#include "grammar/parse.h"
#include "lib/pipeline.h"
#include "planner/plan.h"
#include "tools/repl.h"
#include "tools/report.h"

static const char usage_main[] =
	"usage: keyplan <command> [options]\n"
	"\n"
	"Plans queries against the primary key of a wide-column table (Lindorm,\n"
	"HBase, Tablestore, Phoenix) and says how each one runs: GET, SCAN,\n"
	"FILTERED SCAN, or a full scan that the store rejects.\n"
	"\n"
	"commands:\n"
	"  explain   print the plan of every statement\n"
	"  lint      report problems in query files, like a compiler (for CI)\n"
	"  check     check a schema and its workload, and advise fixes (pre-deploy)\n"
	"  rules     list the rules; keyplan rules KP001 prints a rule's page\n"
	"  repl      interactive shell (the default when no command is given)\n"
	"  help      keyplan help COMMAND: that command's options\n"
	"\n"
	"options:\n"
	"  -h, --help     show this help (keyplan <command> --help for a command)\n"
	"  -V, --version  print the version\n"
	"\n"
	"environment: NO_COLOR (no colour), CLICOLOR_FORCE (colour even when not a\n"
	"terminal), TERM=dumb (no colour), KEYPLAN_HISTORY (the shell's history),\n"
	"GITHUB_WORKSPACE (the repository root for reported paths).\n";

static const char usage_explain[] =
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
	"  --exclude GLOB       skip matching files and folders; may be repeated\n"
	"  --stdin-filename P   report standard input (-) as the file P\n"
	"  --config FILE        read FILE instead of the nearest .keyplan\n"
	"  --no-config          read no config file\n"
	"  -h, --help           show this help\n"
	"\n"
	"exit status: 0 every statement planned without error, 1 a statement was\n"
	"rejected or has an error, 2 usage or I/O error.\n";

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

static const char usage_lint[] =
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

static const char usage_check[] =
	"usage: keyplan check --schema PATH... [--workload PATH]... [options]\n"
	"\n"
	"Checks the schema (write hotspots, key size and shape, column families, the\n"
	"target's hard limits) and, with a workload, which queries the keys serve;\n"
	"then advises fixes: hash prefixes, salting, index tables, secondary indexes,\n"
	"a reordered key, DESC key columns, each planned against the weighted\n"
	"workload (weight served before -> after, statements made worse by file:line).\n"
	"A workload query may carry a weight in a comment before it: -- weight: 1200.\n"
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

/* One query input: a path, or SQL from -e. */
typedef struct input {
	const char *text;       /* path or SQL */
	bool is_sql;            /* -e */
} input;

typedef struct cli {
	const char *cmd;        /* explain, lint, check */
	kp_arena arena;         /* owns the run's options, paths and reports */
	kp_arena scratch;       /* one path's exclusion test */
	kp_list schemas;        /* char* paths */
	kp_list inputs;         /* input* */
	kp_list workloads;      /* char* paths */
	kp_format fmt;          /* --format */
	kp_target target;       /* --target */
	bool target_set;        /* --target given */
	int color_mode;         /* 0 auto, 1 always, 2 never */
	const char *output;     /* --output */
	int fail_on;            /* --fail-on, or -1 */
	const char *config;     /* --config */
	bool no_config;         /* --no-config */
	bool report_unused;     /* --report-unused-ignores */
	kp_config cfg;          /* the config file, if any */
	kp_list schema_files;   /* char* real paths of the schema files read */
	kp_pipe pipe;           /* the statement pipeline: schema, sources, plans */
	bool pipe_ready;        /* pipe is set up (start_pipeline) */
	char *cwd;              /* the working directory (paths are shown relative to it) */
	kp_list excludes;       /* char* --exclude globs */
	kp_list seen_schema;    /* files and folders the walker took as schema */
	kp_list seen_query;     /* ... as queries or workload */
	char fatal[1024];       /* the first error that ends the run (exit 2) */
	bool exit_zero;         /* --exit-zero: findings do not fail the run */
	const char *stdin_name; /* --stdin-filename */
	bool abort;             /* a fatal error: stop reading */
	const char *baseline_path;  /* --baseline */
	const char *write_baseline; /* --write-baseline */
	bool diff_mode;         /* --diff: only statements a change touches */
	kp_list base_schemas;   /* --base-schema: char* paths of the old schema */
	kp_list seen_base;      /* files the walker took for it */
	kp_report *rep;         /* the report of lint and check */
	const char *diff_rev;   /* its revision, or - for a diff on standard input */
	bool host_walk;         /* walk_files() takes application code too (query
	                           folders of lint and check; else *.sql only) */
	int lang;               /* --lang, or -1: by file name */
	kp_list hosts;          /* kp_host_file* whose SQL the run still uses */
	kp_list host_arenas;    /* kp_arena* holding them */
	kp_arena *host_arena;   /* the arena the next host file is read into */
} cli;

/* Reports an error that ends the run with status 2; the first one is kept
 * for the report (SARIF's tool notification). */
static void cli_error(cli *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void cli_error(cli *c, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fprintf(stderr, "keyplan: %s\n", msg);
	if (!c->fatal[0])
		snprintf(c->fatal, sizeof c->fatal, "%s", msg);
}

/* The diagnostics of an error that ends the run (a file that cannot be
 * read), each reported by cli_error as "file: message". */
static void cli_errors(cli *c, const kp_diags *d)
{
	for (const kp_diag *g = d->head; g; g = g->next)
		if (g->file && g->file_line)
			cli_error(c, "%s:%u: %s", g->file, g->file_line, g->message);
		else if (g->file)
			cli_error(c, "%s: %s", g->file, g->message);
		else
			cli_error(c, "%s", g->message);
}

/* A file or folder that cannot be read or written: an io-error (KP023)
 * naming it, reported by cli_errors. */
static void cli_io_error(cli *c, const char *path, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void cli_io_error(cli *c, const char *path, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *msg = kp_arena_vprintf(&c->arena, fmt, ap);
	va_end(ap);
	kp_diags d = {0};
	kp_diag_file(&d, &c->arena, KP_R_IO, KP_SEV_ERROR, path, 0, "%s", msg);
	cli_errors(c, &d);
}

/* A usage error is one line, as compilers and linters print them; the
 * options are one --help away. */
static int usage_error(const char *cmd, const char *usage, const char *fmt, const char *arg)
{
	(void)usage;
	fprintf(stderr, "keyplan %s: ", cmd);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (keyplan %s --help lists the options)\n", cmd);
	return 2;
}

/* Parses the options of cmd. Returns -1 to go on, or an exit status. */
static int parse_args(cli *c, int argc, char **argv, const char *usage)
{
	c->fail_on = -1;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage, stdout);
			return 0;
		}
		if (!strcmp(a, "--report-unused-ignores") && strcmp(c->cmd, "explain")) {
			c->report_unused = true;
			continue;
		}
		if (!strcmp(a, "--no-config")) {
			c->no_config = true;
			continue;
		}
		if (!strcmp(a, "--exit-zero") && strcmp(c->cmd, "explain") && strcmp(c->cmd, "repl")) {
			c->exit_zero = true;
			continue;
		}
		if (!strcmp(a, "-") || a[0] != '-') {
			input *in = kp_arena_alloc(&c->arena, sizeof(*in));
			in->text = a;
			kp_list_push(&c->arena, &c->inputs, in);
			continue;
		}
		/* options with a value: --opt VALUE or --opt=VALUE */
		static const char *with_value[] = {"--schema", "--format", "--target", "--execute", "-e",
		                                   "--output", "--color", "--fail-on", "--config", "--workload",
		                                   "--exclude", "--stdin-filename", "--lang", "--baseline",
		                                   "--write-baseline", "--diff", "--base-schema", NULL};
		const char *val = NULL, *name = NULL;
		for (int k = 0; with_value[k]; k++) {
			size_t n = strlen(with_value[k]);
			if (!strcmp(a, with_value[k])) {
				name = with_value[k];
				if (i + 1 >= argc)
					return usage_error(c->cmd, usage, "%s needs a value", a);
				val = argv[++i];
			} else if (!strncmp(a, with_value[k], n) && a[n] == '=') {
				name = with_value[k];
				val = a + n + 1;
			}
			if (name)
				break;
		}
		if (!name)
			return usage_error(c->cmd, usage, "unknown option '%s'", a);
		bool is_explain = !strcmp(c->cmd, "explain"), is_check = !strcmp(c->cmd, "check");
		/* the shell prints plans as explain does and has no report: the
		 * report options would be accepted and then silently ignored */
		bool is_repl = !strcmp(c->cmd, "repl");
		if (!strcmp(name, "--schema")) {
			kp_list_push(&c->arena, &c->schemas, (void *)val);
		} else if (!strcmp(name, "--base-schema") && is_check) {
			kp_list_push(&c->arena, &c->base_schemas, (void *)val);
		} else if (!strcmp(name, "--workload") && is_check) {
			kp_list_push(&c->arena, &c->workloads, (void *)val);
		} else if ((!strcmp(name, "-e") || !strcmp(name, "--execute")) && !is_check && !is_repl) {
			input *in = kp_arena_alloc(&c->arena, sizeof(*in));
			in->text = val;
			in->is_sql = true;
			kp_list_push(&c->arena, &c->inputs, in);
		} else if (!strcmp(name, "--format")) {
			if (!strcmp(val, "text")) c->fmt = KP_FMT_TEXT;
			else if (!strcmp(val, "json")) c->fmt = KP_FMT_JSON;
			else if (!strcmp(val, "sarif") && !is_explain && !is_repl) c->fmt = KP_FMT_SARIF;
			else if (!strcmp(val, "github") && !is_explain && !is_repl) c->fmt = KP_FMT_GITHUB;
			else
				return usage_error(c->cmd, usage, is_explain || is_repl ? "unknown format '%s' (expected text or json)"
				                   : "unknown format '%s' (expected text, json, sarif or github)", val);
		} else if (!strcmp(name, "--target")) {
			if (kp_target_parse(&c->target, val) < 0)
				return usage_error(c->cmd, usage, "unknown target '%s' (expected lindorm, tablestore, "
				                   "phoenix or generic)", val);
			c->target_set = true;
		} else if (!strcmp(name, "--color") && !is_repl) {
			if (!strcmp(val, "auto")) c->color_mode = 0;
			else if (!strcmp(val, "always")) c->color_mode = 1;
			else if (!strcmp(val, "never")) c->color_mode = 2;
			else return usage_error(c->cmd, usage, "--color must be auto, always or never, not '%s'", val);
		} else if (!strcmp(name, "--fail-on") && !is_explain && !is_repl) {
			if (!strcmp(val, "error")) c->fail_on = KP_SEV_ERROR;
			else if (!strcmp(val, "warning")) c->fail_on = KP_SEV_WARNING;
			else if (!strcmp(val, "info")) c->fail_on = KP_SEV_INFO;
			else return usage_error(c->cmd, usage, "--fail-on must be error, warning or info, not '%s'", val);
		} else if (!strcmp(name, "--output") && !is_explain && !is_repl) {
			c->output = val;
		} else if (!strcmp(name, "--config")) {
			c->config = val;
		} else if (!strcmp(name, "--baseline") && !is_explain && strcmp(c->cmd, "repl")) {
			c->baseline_path = val;
		} else if (!strcmp(name, "--write-baseline") && !is_explain && strcmp(c->cmd, "repl")) {
			c->write_baseline = val;
		} else if (!strcmp(name, "--diff") && !is_explain && strcmp(c->cmd, "repl")) {
			if (val[0] == '-' && val[1])
				return usage_error(c->cmd, usage, "--diff takes a revision or -, not '%s'", val);
			c->diff_rev = val;
			c->diff_mode = true;
		} else if (!strcmp(name, "--exclude") && strcmp(c->cmd, "repl")) {
			kp_list_push(&c->arena, &c->excludes, (void *)val);
		} else if (!strcmp(name, "--stdin-filename") && strcmp(c->cmd, "repl")) {
			c->stdin_name = val;
		} else if (!strcmp(name, "--lang") && !is_explain && !is_repl) {
			if ((c->lang = kp_lang_parse(val)) < 0)
				return usage_error(c->cmd, usage, "unknown language '%s' (expected sql, java, kotlin, go, "
				                   "python or mybatis)", val);
		} else {
			return usage_error(c->cmd, usage, "option '%s' does not apply to this command", name);
		}
	}
	return -1;
}

/* Reads the config file (flags win over it). Returns -1 to go on, or 2. */
static int apply_config(cli *c)
{
	if (c->no_config)
		return -1;
	char *found = c->config ? NULL : kp_config_find();
	const char *path = c->config ? c->config : found;
	if (!path)
		return -1;
	kp_diags d = {0};
	int rc = kp_config_load(&c->cfg, path, &c->arena, &d);
	free(found);
	if (rc < 0) {
		cli_errors(c, &d);
		return 2;
	}
	if (c->schemas.n == 0)
		c->schemas = c->cfg.schemas;
	if (!c->target_set && c->cfg.target >= 0)
		c->target = (kp_target)c->cfg.target;
	if (c->fail_on < 0)
		c->fail_on = c->cfg.fail_on;
	return -1;
}

/* cli_init, the options, then the config file. Returns -1 to go on, or
 * an exit status. */
static void cli_init(cli *c, const char *cmd);

static int cli_setup(cli *c, const char *cmd, int argc, char **argv, const char *usage)
{
	cli_init(c, cmd);
	int rc = parse_args(c, argc, argv, usage);
	return rc < 0 ? apply_config(c) : rc;
}

/* ------------------------------------------------------- file walking */

/* The path files are reported under: relative to the working directory
 * when the file lies below it (config globs give absolute paths), else as
 * given, without a leading "./". */
static const char *display_path(cli *c, const char *path)
{
	if (!strcmp(path, "-"))
		return path;
	const char *abs = kp_path_abs(&c->arena, c->cwd, path);
	size_t n = strlen(c->cwd);
	if (!strncmp(abs, c->cwd, n) && abs[n] == '/' && (path[0] == '/' || strstr(path, "..")))
		return abs + n + 1;
	while (path[0] == '.' && path[1] == '/' && path[2])
		path += 2;
	return path;
}

/* Is path (as given, or absolute) excluded by the config's exclude globs
 * (relative to the config file) or by --exclude (relative to the working
 * directory)? Both are matched against the absolute path, so a file named
 * on the command line is excluded as one found in a folder is. */
static bool excluded(cli *c, const char *path)
{
	kp_arena_reset(&c->scratch);
	const char *abs = kp_path_abs(&c->scratch, c->cwd, path);
	for (int k = 0; k < 2; k++) {
		const kp_list *l = k ? &c->excludes : &c->cfg.exclude;
		for (uint32_t i = 0; i < l->n; i++) {
			const char *g = kp_path_abs(&c->scratch, c->cwd, l->items[i]);
			if (!fnmatch(g, abs, 0))
				return true;
		}
	}
	return false;
}

/* Folders the walker never enters: hidden ones (.git, .venv, ...) and
 * vendored dependencies. */
static bool skipped_folder(const char *name)
{
	return name[0] == '.' || !strcmp(name, "node_modules");
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The language a file is read as, or -1 to pass it by: the one function
 * that picks files. A folder walk (walked) takes .sql, .java, .kt, .go,
 * .py and MyBatis mapper .xml files (only those of --lang when it is
 * given); a file named by the user is read as --lang, else by its
 * extension, else as SQL. Schema files are always SQL. */
static int file_lang(const cli *c, const char *path, bool walked)
{
	if (c->lang >= 0 && !walked)
		return c->lang;
	int l = kp_lang_of_path(path);
	if (walked && c->lang >= 0 && l != c->lang)
		return -1;
	if (l == KP_LANG_MYBATIS) {
		/* other XML is passed by silently */
		char head[16384];   /* past a long licence comment */
		FILE *f = fopen(path, "rb");
		size_t n = f ? fread(head, 1, sizeof head, f) : 0;
		if (f)
			fclose(f);
		if (!kp_host_is_mapper(head, n))
			return -1;
	}
	return l < 0 && !walked ? KP_LANG_SQL : l;
}


/* Has the file or folder st been seen in this walk? Records it if not.
 * Symbolic links are followed, so a loop comes back to a folder already
 * seen and stops there; a file named twice is read once. */
static bool seen_before(kp_list *seen, kp_arena *a, const struct stat *st)
{
	for (uint32_t i = 0; i < seen->n; i++) {
		const dev_t *d = seen->items[i];
		const ino_t *ino = (const ino_t *)(d + 1);
		if (*d == st->st_dev && *ino == st->st_ino)
			return true;
	}
	dev_t *d = kp_arena_alloc(a, sizeof(dev_t) + sizeof(ino_t));
	*d = st->st_dev;
	memcpy(d + 1, &st->st_ino, sizeof(ino_t));
	kp_list_push(a, seen, d);
	return false;
}

/* The file walker, one place for lint, check, explain and the shell:
 * appends path, or the files below it that file_lang picks (sorted,
 * recursively; *.sql only for a schema), to out.
 * seen holds the files and folders already taken (one list per role).
 * *found counts the files appended. Returns -1 (reported) when a folder
 * cannot be read. */
static int walk_files(cli *c, const char *path, kp_list *out, kp_list *seen, int *found)
{
	struct stat st;
	if (!strcmp(path, "-")) {
		(*found)++;
		if (!c->stdin_name || !excluded(c, c->stdin_name))
			kp_list_push(&c->arena, out, (void *)path);
		return 0;
	}
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		if (excluded(c, path))
			return 0;
		if (seen_before(seen, &c->arena, &st)) {
			(*found)++;   /* taken already (a link loop, or named twice) */
			return 0;
		}
		DIR *d = opendir(path);
		if (!d) {
			cli_io_error(c, path, "cannot open folder: %s", strerror(errno));
			return -1;
		}
		kp_list names = {0};
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			char *full = kp_arena_printf(&c->arena, "%s%s%s", path,
			                             path[strlen(path) - 1] == '/' ? "" : "/", e->d_name);
			struct stat s2;
			if (stat(full, &s2) < 0)
				continue;   /* a dangling link */
			if (S_ISDIR(s2.st_mode) ? !skipped_folder(e->d_name)
			    : S_ISREG(s2.st_mode) && (!c->host_walk ? kp_lang_of_path(full) == KP_LANG_SQL
			                                            : file_lang(c, full, true) >= 0))
				kp_list_push(&c->arena, &names, full);
		}
		closedir(d);
		if (names.n)
			qsort(names.items, names.n, sizeof(void *), cmp_str);
		for (uint32_t i = 0; i < names.n; i++)
			if (walk_files(c, names.items[i], out, seen, found) < 0)
				return -1;
		return 0;
	}
	/* a file (or a path that does not exist: reading it reports that) */
	if (excluded(c, path))
		return 0;
	(*found)++;
	if (stat(path, &st) == 0 && seen_before(seen, &c->arena, &st))
		return 0;
	kp_list_push(&c->arena, out, (void *)display_path(c, path));
	return 0;
}

static bool has_glob(const char *p)
{
	return strpbrk(p, "*?[") != NULL;
}

/* The files named by paths (files, folders, globs the shell left alone),
 * through the walker. A folder or glob that gives no query file is an
 * error: there would be nothing to do. Returns -1 (reported) on an error. */
static int gather(cli *c, const kp_list *paths, kp_list *seen, kp_list *files)
{
	for (uint32_t i = 0; i < paths->n; i++) {
		const char *p = paths->items[i];
		struct stat st;
		bool exists = !strcmp(p, "-") || stat(p, &st) == 0;
		int found = 0;
		if (!exists && has_glob(p)) {
			glob_t g;
			int rc = glob(p, 0, NULL, &g);
			for (size_t k = 0; rc == 0 && k < g.gl_pathc; k++)
				if (walk_files(c, kp_arena_strndup(&c->arena, g.gl_pathv[k], strlen(g.gl_pathv[k])), files,
				               seen, &found) < 0) {
					globfree(&g);
					return -1;
				}
			globfree(&g);
			if (rc != 0 && rc != GLOB_NOMATCH) {
				cli_error(c, "%s: cannot expand the pattern", p);
				return -1;
			}
			if (!found) {
				cli_error(c, "%s: no file matches", p);
				return -1;
			}
			continue;
		}
		if (walk_files(c, p, files, seen, &found) < 0)
			return -1;
		if (!found && exists && strcmp(p, "-") && S_ISDIR(st.st_mode) && !excluded(c, p)) {
			cli_error(c, c->host_walk ? "%s: no .sql files (nor application code with SQL) in this folder"
			                          : "%s: no .sql files in this folder", p);
			return -1;
		}
	}
	return 0;
}

static kp_source *open_source(cli *c, const char *path)
{
	kp_diags d = {0};
	kp_source *src = kp_pipe_read(&c->pipe, path, &d, &c->arena);
	if (!src)
		cli_errors(c, &d);
	return src;
}

static int use_color(const cli *c, FILE *f)
{
	if (c->color_mode == 1)
		return 1;
	if (c->color_mode == 2)
		return 0;
	const char *force = getenv("CLICOLOR_FORCE");
	if (force && *force && strcmp(force, "0"))
		return 1;
	if (getenv("NO_COLOR") && *getenv("NO_COLOR"))
		return 0;
	const char *term = getenv("TERM");
	if (term && !strcmp(term, "dumb"))
		return 0;   /* a terminal that shows escape codes as text */
	return isatty(fileno(f));
}

static void cli_init(cli *c, const char *cmd)
{
	memset(c, 0, sizeof(*c));
	c->cmd = cmd;
	kp_arena_init(&c->arena);
	kp_arena_init(&c->scratch);
	c->cfg.fail_on = -1;
	c->cfg.target = -1;
	char *wd = getcwd(NULL, 0);
	c->cwd = kp_arena_strndup(&c->arena, wd ? wd : "/", strlen(wd ? wd : "/"));
	free(wd);
	c->lang = -1;
}

static void cli_free(cli *c)
{
	for (uint32_t i = 0; i < c->hosts.n; i++)
		kp_host_file_free(c->hosts.items[i]);
	for (uint32_t i = 0; i < c->host_arenas.n; i++)
		kp_arena_free(c->host_arenas.items[i]);
	if (c->pipe_ready)
		kp_pipe_free(&c->pipe);
	kp_arena_free(&c->scratch);
	kp_arena_free(&c->arena);
}

/* The statement pipeline, for the target the options and config chose. */
static void start_pipeline(cli *c)
{
	kp_pipe_init(&c->pipe, c->target);
	c->pipe_ready = true;
	if (c->stdin_name)
		c->pipe.stdin_name = display_path(c, c->stdin_name);
	if (c->cfg.sql_calls.n) {
		const char **calls = kp_arena_alloc(&c->arena, (c->cfg.sql_calls.n + 1) * sizeof *calls);
		for (uint32_t k = 0; k < c->cfg.sql_calls.n; k++)
			calls[k] = c->cfg.sql_calls.items[k];
		c->pipe.sql_calls = calls;
	}
}

/* A query folder may hold the schema files too: those are read once, as
 * the schema. */
static bool is_schema_file(cli *c, const char *path, bool remember)
{
	char *real = realpath(path, NULL);
	if (!real)
		return false;
	bool found = false;
	for (uint32_t i = 0; i < c->schema_files.n && !found; i++)
		found = !strcmp(c->schema_files.items[i], real);
	if (remember && !found)
		kp_list_push(&c->arena, &c->schema_files, kp_arena_strndup(&c->arena, real, strlen(real)));
	free(real);
	return found;
}

/* Reads the schema: every file and folder of --schema (or the config's
 * schema), each file once, handed to fn. A schema that names no file, or
 * whose files define no table, is an error: every query would only be
 * "no such table". Returns -1 (reported) on an error. */
static int read_schema_of(cli *c, const kp_list *paths, kp_list *seen, const kp_catalog *cat,
                          void (*fn)(void *, kp_source *), void *ctx)
{
	kp_list files = {0};
	c->host_walk = false;   /* schema folders: *.sql only */
	if (gather(c, paths, seen, &files) < 0)
		return -1;
	for (uint32_t i = 0; i < files.n; i++) {
		if (strcmp(files.items[i], "-"))
			is_schema_file(c, files.items[i], true);
		kp_source *src = open_source(c, files.items[i]);
		if (!src)
			return -1;
		fn(ctx, src);
	}
	if (paths->n && cat->ntables == 0) {
		kp_buf names = {0};
		for (uint32_t i = 0; i < paths->n; i++)
			kp_buf_printf(&names, "%s%s", i ? ", " : "", (const char *)paths->items[i]);
		cli_error(c, "%s: the schema defines no table (no CREATE TABLE read)", names.data);
		kp_buf_free(&names);
		return -1;
	}
	return 0;
}

static int read_schema(cli *c, void (*fn)(void *, kp_source *), void *ctx)
{
	return read_schema_of(c, &c->schemas, &c->seen_schema, c->pipe.cat, fn, ctx);
}

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

/* No schema was given and none is defined: planning would only say "no
 * such table" for every statement. One error instead. */
static bool missing_schema(cli *c, const kp_diags *d)
{
	if (c->schemas.n || c->pipe.cat->ntables)
		return false;
	for (const kp_diag *g = d->head; g; g = g->next)
		if (g->rule == KP_R_UNKNOWN_TABLE) {
			cli_error(c, "no schema: give --schema PATH (a file or folder of CREATE TABLE statements), "
			          "or schema = in .keyplan");
			return true;
		}
	return false;
}

/* ------------------------------------------------------------- explain */

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
	if (ev->phase == KP_EV_PLANNED && missing_schema(c, ev->d)) {
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
			kp_explain_text(&er->out, &ev->plan, ev->stmt);
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

static int cmd_explain(int argc, char **argv)
{
	cli c;
	int rc = cli_setup(&c, "explain", argc, argv, usage_explain);
	if (rc >= 0)
		goto done;
	if (c.inputs.n == 0) {
		fprintf(stderr, "keyplan explain: no queries: give FILEs, - for standard input, or -e SQL\n");
		rc = 2;
		goto done;
	}
	start_pipeline(&c);
	explain_run er;
	memset(&er, 0, sizeof er);
	er.c = &c;
	er.json = c.fmt == KP_FMT_JSON;
	er.color = use_color(&c, stderr);
	c.pipe.fn = explain_event;
	c.pipe.ctx = &er;
	rc = read_schema(&c, explain_schema_file, &er) < 0 ? 2 : 0;
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
			if (gather(&c, &queries, &c.seen_query, &files) < 0)
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
/* -------------------------------------------------------- lint, check */

/* How well a plan serves its query, for comparing two: an error is worst,
 * then a rejected full scan, an allowed one, FILTERED SCAN, search, SCAN,
 * GET. */
static int plan_rank(const kp_plan *p, bool err)
{
	if (err)
		return -1;
	if (p->rejected)
		return 0;
	static const int rank[] = {[KP_ACCESS_NONE] = 6, [KP_ACCESS_GET] = 5, [KP_ACCESS_SCAN] = 4,
	                           [KP_ACCESS_SEARCH] = 3, [KP_ACCESS_FILTERED] = 2, [KP_ACCESS_FULL] = 1};
	return rank[p->access];
}

static int order_rank(kp_order o)
{
	return o == KP_ORDER_SORT ? 0 : o == KP_ORDER_REVERSE ? 1 : 2;
}

/* The first error of d after `after` (NULL: from its head), or NULL. */
static const kp_diag *first_error(const kp_diags *d, const kp_diag *after)
{
	for (const kp_diag *g = after ? after->next : d->head; g; g = g->next)
		if (g->severity == KP_SEV_ERROR)
			return g;
	return NULL;
}

/* check --base-schema: a workload query planned against the old schema
 * (old) and the new one (now). A change of plan is a finding at the query
 * (KP130-KP134) and an entry of the report's migration impact. */
static void compare_plans(cli *c, kp_stmt *s, kp_source *src, const kp_plan *old, const kp_diag *old_err,
                          const kp_plan *now, const kp_diag *now_err, kp_arena *a, kp_diags *sd)
{
	int r0 = plan_rank(old, old_err), r1 = plan_rank(now, now_err);
	int o0 = order_rank(old->order), o1 = order_rank(now->order);
	const char *i0 = old->index ? old->index->name : "", *i1 = now->index ? now->index->name : "";
	kp_rule rule;
	const char *change;
	if (r0 < 0 && r1 < 0)
		return;   /* broken before and after: its own diagnostics say why */
	if (r1 < r0) {
		rule = r1 <= 0 ? KP_R_MIGRATION_BREAKS : KP_R_MIGRATION_SLOWER;
		change = r1 <= 0 ? "broken" : "worse";
	} else if (r1 > r0) {
		rule = KP_R_MIGRATION_FASTER;
		change = r0 < 0 ? "fixed" : "better";
	} else if (o1 < o0) {
		rule = KP_R_MIGRATION_ORDER;
		change = "order";
	} else if (o1 > o0) {
		rule = KP_R_MIGRATION_FASTER;
		change = "better";
	} else if (strcmp(i0, i1)) {
		rule = KP_R_MIGRATION_PATH;
		change = "path";
	} else {
		return;
	}
	kp_buf t0 = {0}, t1 = {0};
	if (old_err)
		kp_buf_printf(&t0, "ERROR: %s", old_err->message);
	else
		kp_explain_text(&t0, old, s);
	if (now_err)
		kp_buf_printf(&t1, "ERROR: %s", now_err->message);
	else
		kp_explain_text(&t1, now, s);
	static const char *what[] = {[KP_R_MIGRATION_BREAKS] = "breaks this query",
	                             [KP_R_MIGRATION_SLOWER] = "makes this query slower",
	                             [KP_R_MIGRATION_ORDER] = "changes how this query's ORDER BY is served",
	                             [KP_R_MIGRATION_FASTER] = "serves this query better",
	                             [KP_R_MIGRATION_PATH] = "reads this query through another path"};
	size_t line_len;
	const char *line = kp_source_line_text(src, s->off, &line_len);
	uint32_t span = (uint32_t)(line_len - (size_t)(src->text + s->off - line));
	if (span > s->len)
		span = s->len;
	kp_diag *g = kp_diag_add(sd, a, rule, kp_rule_get(rule)->severity, src, s->off, span,
	                         "the schema change %s: %s -> %s", what[rule], t0.data, t1.data);
	if (rule == KP_R_MIGRATION_BREAKS || rule == KP_R_MIGRATION_SLOWER || rule == KP_R_MIGRATION_ORDER)
		kp_diag_help(g, a, "keep what the query needs in the new schema (its key order, the index it used), "
		             "change the query in the same release, or add an index (keyplan check advises one)");
	kp_impact x;
	memset(&x, 0, sizeof x);
	x.file = src->path;
	kp_source_linecol(src, s->off, &x.line, &x.col);
	x.table = now->table ? now->table->name : old->table ? old->table->name : NULL;
	x.change = change;
	x.access[0] = old_err ? "error" : old->access == KP_ACCESS_NONE ? NULL : kp_access_name(old->access);
	x.access[1] = now_err ? "error" : now->access == KP_ACCESS_NONE ? NULL : kp_access_name(now->access);
	x.order[0] = old->order == KP_ORDER_NONE ? NULL : kp_order_name(old->order);
	x.order[1] = now->order == KP_ORDER_NONE ? NULL : kp_order_name(now->order);
	x.plan[0] = t0.data;
	x.plan[1] = t1.data;
	kp_report_impact(c->rep, &x);
	kp_buf_free(&t0);
	kp_buf_free(&t1);
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
			compare_plans(c, ev->stmt, ev->src, &ev->base_plan, e0, &ev->plan, e1, ev->a, ev->d);
		}
		break;
	case KP_EV_DONE:
		if (ev->host)
			break;   /* lib/embed.c merges the variants' findings: see host_emit */
		if (missing_schema(c, ev->d)) {
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
	if (gather(c, paths, &c->seen_query, &files) < 0)
		return -1;
	for (uint32_t i = 0; i < files.n; i++) {
		if (strcmp(files.items[i], "-") && is_schema_file(c, files.items[i], false))
			continue;
		int lang = r == KP_ROLE_SCHEMA ? KP_LANG_SQL : file_lang(c, files.items[i], false);
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
		kp_source *src = open_source(c, files.items[i]);
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

/* --output FILE: the report is written to a temporary file beside FILE and
 * renamed over it at the end. A run that fails (exit 2) leaves no report
 * that looks clean: SARIF gets a run marked as failed, with the error as a
 * tool notification; the other formats leave no FILE at all. */
static FILE *open_output(cli *c, char **tmp)
{
	*tmp = NULL;
	if (!c->output)
		return stdout;
	char *t = kp_arena_printf(&c->arena, "%s.tmp-XXXXXX", c->output);
	int fd = mkstemp(t);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!f) {
		cli_io_error(c, c->output, "cannot write: %s", strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(t);
		}
		return NULL;
	}
	*tmp = t;
	return f;
}

static int close_output(cli *c, FILE *out, const char *tmp, int rc)
{
	if (out == stdout) {
		if (fflush(stdout) != 0 && rc != 2) {
			cli_io_error(c, "<stdout>", "write error");
			rc = 2;
		}
		return rc;
	}
	if (fclose(out) != 0 && rc != 2) {
		cli_io_error(c, c->output, "write error");
		rc = 2;
	}
	if (rc == 2 && c->fmt != KP_FMT_SARIF) {
		unlink(tmp);
		unlink(c->output);   /* a report from an earlier run would pass for this one's */
	} else if (rename(tmp, c->output) != 0) {
		cli_io_error(c, c->output, "cannot write: %s", strerror(errno));
		unlink(tmp);
		rc = 2;
	}
	return rc;
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

static int cmd_lint_or_check(int argc, char **argv, bool check)
{
	cli c;
	const char *usage = check ? usage_check : usage_lint;
	int rc = cli_setup(&c, check ? "check" : "lint", argc, argv, usage);
	if (rc >= 0)
		goto done;
	if (check && c.inputs.n) {
		const input *in = c.inputs.items[0];
		rc = usage_error("check", usage, "unexpected argument '%s': give query files with --workload", in->text);
		goto done;
	}
	if (check && c.base_schemas.n && c.workloads.n == 0) {
		rc = usage_error("check", usage, "%s", "--base-schema compares the workload's plans: give --workload PATH");
		goto done;
	}
	if (check && c.schemas.n == 0) {
		rc = usage_error("check", usage, "%s", "no schema: give --schema PATH (or schema = in .keyplan)");
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
			rc = usage_error("lint", usage, "%s", c.cfg.include.n
			                 ? "no query files: the include globs of .keyplan match no file"
			                 : "no query files: give FILEs or DIRs, -e SQL, or include = in .keyplan");
			goto done;
		}
	}
	start_pipeline(&c);
	kp_baseline known, found;
	kp_baseline_init(&known);
	kp_baseline_init(&found);
	kp_diffscope scope;
	kp_diffscope_init(&scope);
	if (c.baseline_path && c.write_baseline) {
		rc = usage_error(c.cmd, usage, "%s", "--baseline and --write-baseline do not go together "
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
	FILE *out = open_output(&c, &tmp);
	if (!out) {
		rc = 2;
		goto free_baselines;
	}
	kp_report rep;
	memset(&rep, 0, sizeof rep);
	for (int i = 0; i < KP_R__COUNT; i++)
		rep.rules[i] = c.cfg.rules[i];
	kp_report_begin(&rep, &c.arena, out, c.fmt, c.fmt == KP_FMT_TEXT ? use_color(&c, out) : 0);
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
	rc = read_schema(&c, lint_schema_file, &c) < 0 ? 2 : 0;
	if (!rc && c.base_schemas.n &&
	    read_schema_of(&c, &c.base_schemas, &c.seen_base, &c.pipe.base_cat, base_schema_file, &c) < 0)
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
	rc = close_output(&c, out, tmp, rc);
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

static const char usage_repl[] =
	"usage: keyplan [repl] [--schema PATH]... [--target T] [--format text|json]\n"
	"\n"
	"An interactive shell: statements end with ';' and may span lines; DDL builds\n"
	"the session's schema, SELECT/UPDATE/DELETE print their plans, .help lists the\n"
	"dot-commands. With standard input not a terminal it reads statements and\n"
	"prints plans, with no prompt (keyplan < file.sql).\n"
	"\n"
	"History is kept in $KEYPLAN_HISTORY, else $XDG_STATE_HOME/keyplan/history,\n"
	"else ~/.local/state/keyplan/history.\n"
	"\n"
	"options:\n"
	"  --schema PATH        schema file or folder to start with; may be repeated\n"
	"  --target T           lindorm (default), tablestore, phoenix or generic\n"
	"  --format text|json   how plans are printed (.format changes it)\n"
	"  --config FILE        read FILE instead of the nearest .keyplan (its schema\n"
	"                       and target)\n"
	"  --no-config          read no config file\n"
	"  -h, --help           show this help\n";

static int cmd_repl(int argc, char **argv)
{
	cli c;
	int rc = cli_setup(&c, "repl", argc, argv, usage_repl);
	if (rc >= 0)
		goto done;
	if (c.inputs.n) {
		const input *in = c.inputs.items[0];
		rc = usage_error("repl", usage_repl, "unexpected argument '%s' (use .read FILE, or keyplan < FILE)",
		                 in->text);
		goto done;
	}
	kp_repl *r = kp_repl_new(c.target, stdout, stderr);
	kp_list files = {0};
	rc = gather(&c, &c.schemas, &c.seen_schema, &files) < 0 ? 2 : 0;
	for (uint32_t i = 0; i < files.n && !rc; i++)
		if (kp_repl_load(r, files.items[i]) < 0)
			rc = 2;
	if (!rc) {
		if (c.fmt == KP_FMT_JSON)
			kp_repl_dot(r, ".format json");
		rc = kp_repl_run(r);
	}
	kp_repl_free(r);
done:
	cli_free(&c);
	return rc;
}

/* The rule pages (docs/rules/ID.md), compiled in: see cmake/embed_rules.cmake. */
extern const struct kp_rule_page {
	const char *id;
	const char *text;
} kp_rule_pages[];

static const char usage_rules[] =
	"usage: keyplan rules [RULE]...\n"
	"\n"
	"Without RULE, lists every rule: ID, slug, default severity, summary.\n"
	"With RULEs (IDs such as KP001, or slugs such as full-scan), prints each\n"
	"rule's page: why it matters, how to fix it, how to silence it, and where\n"
	"the page is online.\n"
	"\n"
	"options:\n"
	"  -h, --help           show this help\n";

static int cmd_rules(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(usage_rules, stdout);
			return 0;
		}
	for (int i = 0; i < argc; i++) {
		int r = kp_rule_lookup(argv[i], strlen(argv[i]));
		if (r < 0 || argv[i][0] == '-') {
			fprintf(stderr, "keyplan rules: unknown rule '%s' (keyplan rules lists them)\n", argv[i]);
			return 2;
		}
	}
	for (int i = 0; i < argc; i++) {
		const kp_rule_info *ri = kp_rule_get((kp_rule)kp_rule_lookup(argv[i], strlen(argv[i])));
		const char *text = NULL;
		for (int k = 0; kp_rule_pages[k].id; k++)
			if (!strcmp(kp_rule_pages[k].id, ri->id))
				text = kp_rule_pages[k].text;
		if (i)
			putchar('\n');
		if (text)
			fputs(text, stdout);
		else
			printf("# %s %s\n\n%s.\n", ri->id, ri->slug, ri->summary);
		if (text && text[0] && text[strlen(text) - 1] != '\n')
			putchar('\n');
		printf("\nOnline: %s/rules/%s.md\n", KEYPLAN_DOCS_URI,
		       ri->id);
	}
	if (argc)
		return 0;
	for (int i = 0; i < KP_R__COUNT; i++) {
		const kp_rule_info *r = kp_rule_get((kp_rule)i);
		printf("%s  %-22s %-8s %s\n", r->id, r->slug, kp_severity_name(r->severity), r->summary);
	}
	return 0;
}

/* keyplan help [COMMAND]: the command's --help. */
static int cmd_help(int argc, char **argv)
{
	if (argc == 0) {
		fputs(usage_main, stdout);
		return 0;
	}
	static const struct {
		const char *name;
		const char *usage;
	} pages[] = {{"explain", usage_explain}, {"lint", usage_lint}, {"check", usage_check},
	             {"rules", usage_rules}, {"repl", usage_repl}};
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++)
		if (!strcmp(argv[0], pages[i].name)) {
			fputs(pages[i].usage, stdout);
			return 0;
		}
	if (kp_rule_lookup(argv[0], strlen(argv[0])) >= 0)
		return cmd_rules(1, argv);   /* keyplan help KP001 */
	fprintf(stderr, "keyplan help: unknown command '%s' (explain, lint, check, rules, repl)\n", argv[0]);
	return 2;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return cmd_repl(0, argv + 1);
	const char *cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
		fputs(usage_main, stdout);
		return 0;
	}
	if (!strcmp(cmd, "help"))
		return cmd_help(argc - 2, argv + 2);
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V") || !strcmp(cmd, "version")) {
		printf("keyplan %s\n", KEYPLAN_VERSION);
		return 0;
	}
	if (!strcmp(cmd, "explain"))
		return cmd_explain(argc - 2, argv + 2);
	if (!strcmp(cmd, "lint"))
		return cmd_lint_or_check(argc - 2, argv + 2, false);
	if (!strcmp(cmd, "check"))
		return cmd_lint_or_check(argc - 2, argv + 2, true);
	if (!strcmp(cmd, "rules"))
		return cmd_rules(argc - 2, argv + 2);
	if (!strcmp(cmd, "repl"))
		return cmd_repl(argc - 2, argv + 2);
	if (cmd[0] == '-' && strcmp(cmd, "-"))
		return cmd_repl(argc - 1, argv + 1);   /* keyplan --schema s.sql */
	fprintf(stderr, "keyplan: unknown command '%s' (explain, lint, check, rules, repl; keyplan --help)\n", cmd);
	return 2;
}
