/* The command-line front end's shared plumbing: options, the config file,
 * the files a run reads, the schema, errors and the report's output file.
 * Each command is a file of its own (cmd_*.c); keyplan.c dispatches. */
#ifndef KP_CLI_H
#define KP_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "host/host.h"
#include "lib/pipeline.h"
#include "planner/plan.h"
#include "tools/config.h"
#include "tools/report.h"

/* One query input: a path, or SQL from -e. */
typedef struct input {
	const char *text;       /* path or SQL */
	bool is_sql;            /* -e */
	const char *name;       /* -e: what its findings are located in:
	                           <command line>, or <command line N> for the
	                           Nth of several -e */
} input;

typedef struct cli {
	const char *cmd;        /* explain, lint, check */
	kp_arena arena;         /* owns the run's options, paths and reports */
	kp_arena scratch;       /* one path's exclusion test */
	kp_list schemas;        /* char* paths */
	kp_list inputs;         /* input* */
	unsigned nexec;         /* of them -e */
	kp_list workloads;      /* char* paths */
	kp_format fmt;          /* --format */
	kp_target target;       /* --target */
	bool target_set;        /* --target given */
	const char *tenant;     /* --tenant (or the config's tenant): Phoenix's TenantId, or NULL */
	int color_mode;         /* 0 auto, 1 always, 2 never */
	const char *output;     /* --output */
	bool output_failed;     /* --output could not be opened (reported once) */
	int fail_on;            /* --fail-on, or -1 */
	const char *config;     /* --config */
	bool no_config;         /* --no-config */
	bool report_unused;     /* --report-unused-ignores */
	kp_config cfg;          /* the config file, if any */
	kp_list schema_files;   /* char* real paths of the schema files read */
	kp_pipe pipe;           /* the statement pipeline: schema, sources, plans */
	bool pipe_ready;        /* pipe is set up (cli_start_pipeline) */
	char *cwd;              /* the working directory (paths are shown relative to it) */
	kp_list excludes;       /* char* --exclude globs */
	kp_list seen_schema;    /* files and folders the walker took as schema */
	kp_list seen_query;     /* ... as queries or workload */
	char fatal[1024];       /* the first error that ends the run (exit 2) */
	bool exit_zero;         /* --exit-zero: findings do not fail the run */
	const char *stdin_name; /* --stdin-filename */
	bool abort;             /* a fatal error: stop reading */
	unsigned no_schema;     /* lint: statements whose "no such table" was
	                           dropped, no schema being given or defined */
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
	const kp_host_stmt *host_st; /* the host statement being planned */
	kp_mapper_index *mappers; /* the <sql> fragments of the mappers linted,
	                           for cross-mapper <include> */
	kp_entity_index *entities; /* the JPA entities of the Java and Kotlin
	                           files linted: strings naming them are JPQL */
	bool entities_indexed;  /* every input's entities are in it already */
	bool schema_walk;       /* the walker reads a schema: migration order,
	                           no --exclude */
	bool verbose;           /* --verbose: say the order schema files apply in */
	bool io_failed;         /* a query file could not be read: the others
	                           are still linted, and the run fails (exit 2) */
	bool select[KP_R__COUNT];   /* --select: only these rules are reported */
	bool selecting;             /* --select was given */
	bool ignore[KP_R__COUNT];   /* --ignore: these rules are not reported */
	kp_source *log_src;     /* check --workload LOG: the log's shapes as statements ... */
	const double *log_weights; /* ... their weights, in order ... */
	size_t log_n, log_next; /* ... how many, and the next one's */
	const char *sim_report; /* check --report: the simulation's HTML report */
	const kp_source *given_src; /* a mapped workload file being read, and ... */
	size_t given;           /* ... the offset up to which its pages were given back */
} cli;

/* ------------------------------------------------------------ cli.c */

/* Reports an error that ends the run with status 2; the first one is kept
 * for the report (SARIF's tool notification). */
void cli_error(cli *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The diagnostics of an error that ends the run (a file that cannot be
 * read), each reported by cli_error as "file: message". */
void cli_errors(cli *c, const kp_diags *d);
/* A file or folder that cannot be read or written: an io-error (KP023)
 * naming it, reported by cli_errors. */
void cli_io_error(cli *c, const char *path, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A usage error is one line, as compilers and linters print them; the
 * options are one --help away. Returns 2. */
int cli_usage_error(const char *cmd, const char *usage, const char *fmt, const char *arg);
/* cli_init, the options, then the config file. Returns -1 to go on, or
 * an exit status. */
int cli_setup(cli *c, const char *cmd, int argc, char **argv, const char *usage);
void cli_free(cli *c);
/* Colour on f: --color, then CLICOLOR_FORCE, NO_COLOR, TERM, a terminal. */
int cli_use_color(const cli *c, FILE *f);
/* The statement pipeline, for the target the options and config chose. */
void cli_start_pipeline(cli *c);
/* No schema was given and none is defined: planning would only say "no
 * such table" for every statement. One error instead (true). */
bool cli_missing_schema(cli *c, const kp_diags *d);
/* --output FILE: the report is written to a temporary file beside FILE and
 * renamed over it at the end (cli_close_output, which returns the exit
 * status). NULL (reported) when it cannot be written; stdout without
 * --output. */
FILE *cli_open_output(cli *c, char **tmp);
int cli_close_output(cli *c, FILE *out, const char *tmp, int rc);

/* ------------------------------------------------------ cli_files.c */

/* The path files are reported under. */
const char *cli_display_path(cli *c, const char *path);
/* The language a file is read as, or -1 to pass it by. */
int cli_file_lang(const cli *c, const char *path, bool walked);
/* The files named by paths (files, folders, globs), through the walker.
 * Returns -1 (reported) on an error. */
int cli_gather(cli *c, const kp_list *paths, kp_list *seen, kp_list *files);
/* Can path be read only once: standard input ("-"), a FIFO (bash's
 * <(...), /dev/fd/63) or a socket? Such a file is never looked into
 * before it is read (its directives, its format, whether it is text),
 * because what was looked at would be gone. */
bool cli_read_once(const char *path);
/* Is path text keyplan can read? -1 (one error naming it, reported) for a
 * binary file or UTF-16 text, else 0. With logs (a workload), a gzip
 * stream passes: it is read as a compressed query log. */
int cli_sniff(cli *c, const char *path, bool logs);
/* A file read whole into the pipeline's source, or NULL (reported). */
kp_source *cli_open_source(cli *c, const char *path);
/* Adds the <sql> fragments of mapper file path (not a mapper: nothing) to
 * the run's index, for an <include> of another mapper's fragment. */
void cli_index_mapper(cli *c, const char *path);
/* Adds the @Entity classes of Java or Kotlin file path (others: nothing)
 * to the run's index: a string naming one, that no SQL call takes, is
 * JPQL. */
void cli_index_entities(cli *c, const char *path);
/* A query folder may hold the schema files too: those are read once. */
bool cli_is_schema_file(cli *c, const char *path, bool remember);
/* Reads the schema of paths (each file once), handed to fn. Returns -1
 * (reported) on an error. */
int cli_read_schema_of(cli *c, const kp_list *paths, kp_list *seen, const kp_catalog *cat,
                       void (*fn)(void *, kp_source *), void *ctx);
/* The same for --schema (or the config's schema) into the pipeline. */
int cli_read_schema(cli *c, void (*fn)(void *, kp_source *), void *ctx);

/* --------------------------------------------------------- impact.c */

/* check --base-schema: a workload query planned against the old schema
 * (old) and the new one (now); a change of plan is a finding into sd and an
 * entry of the report's migration impact. */
void cli_compare_plans(cli *c, kp_stmt *s, kp_source *src, const kp_plan *old, const kp_diag *old_err,
                       const kp_plan *now, const kp_diag *now_err, kp_arena *a, kp_diags *sd);
/* The impacts recorded for the SQL of host statement st, just planned,
 * named by their variant's branch conditions (a statement of several
 * variants). */
void cli_impact_variants(cli *c, const kp_host_stmt *st, kp_arena *a);

/* ------------------------------------------------------- the commands */

extern const char cli_usage_main[], cli_usage_explain[], cli_usage_lint[], cli_usage_check[],
	cli_usage_rules[], cli_usage_repl[];

int cmd_explain(int argc, char **argv);             /* cmd_explain.c */
int cmd_lint(int argc, char **argv, bool check);    /* cmd_lint.c: lint and check */
int cmd_repl(int argc, char **argv);                /* cmd_repl.c */
int cmd_rules(int argc, char **argv);               /* cmd_rules.c */
int cmd_help(int argc, char **argv);                /* cmd_rules.c */
/* A rule's page (docs/rules/ID.md), compiled in, or NULL. */
const char *cli_rule_page(const char *id);          /* cmd_rules.c */

#endif
