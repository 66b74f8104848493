/* Inside the shell: the session that tools/repl.c (statements and
 * dot-commands), repl_schema.c (schema commands) and repl_line.c (the
 * terminal) share. */
#ifndef KP_REPLINT_H
#define KP_REPLINT_H

#include <signal.h>

#include "lib/pipeline.h"
#include "tools/repl.h"

/* Ctrl-C in the interactive shell (repl_line.c): while a line is read it
 * cancels the input; while statements run (.read of a long file) it stops
 * them. */
extern volatile sig_atomic_t kp_repl_interrupted;

/* A query typed in the session, with its whole plan (.try prints it as
 * explain does; .advise hands it to the advisor). */
typedef struct repl_query {
	const kp_stmt *stmt;
	kp_plan plan;
	kp_source *src;
	double weight;
} repl_query;

struct kp_repl {
	kp_pipe p;              /* the session's schema, sources and statements
	                           (kept: .advise and .try re-plan them) */
	bool json;              /* .format json */
	kp_list queries;        /* repl_query* typed so far (the .advise workload) */
	FILE *out;              /* plans, command output */
	FILE *err;              /* diagnostics */
	int inputs;             /* statements typed, to name sources */
	bool quiet;             /* print nothing for DDL (loading --schema) */
	bool replaying;         /* .target reads the session again: print only
	                           the schema's diagnostics */
	bool failed;            /* a statement was rejected or had an error, or a
	                           dot-command failed */
	uint32_t dot_line;      /* the line of the dot-command being run (standard
	                           input not a terminal), or 0 */
	uint32_t at_line;       /* where the next text fed starts (standard */
	uint32_t at_col;        /* input not a terminal): line and column */
	char *tenant;           /* the connection's TenantId (--tenant, .tenant), or
	                           NULL: a global one (heap) */
	uint32_t nschema;       /* the first sources: the --schema files, read on a
	                           global connection */
};

/* An error of a dot-command: "error: ..." (with the line, reading a pipe),
 * and the exit status of piped input becomes 1. */
void kp_repl_error(kp_repl *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The live table a dot-command's argument names, read as SQL reads a name
 * (Phoenix upper-cases it unless quoted; schema.table), or NULL after an
 * error (with the nearest name). *rest is set past the name. */
const kp_table *kp_repl_table_arg(kp_repl *r, const char *arg, const char **rest);
/* The same, when the argument is the name alone. */
const kp_table *kp_repl_find_table(kp_repl *r, const char *arg);
/* fn on the table arg names, or on every live table when arg is empty. */
void kp_repl_each_table(kp_repl *r, const char *arg, void (*fn)(kp_repl *, const kp_table *));
void kp_repl_show_schema(kp_repl *r, const kp_table *t);
void kp_repl_show_indexes(kp_repl *r, const kp_table *t);
void kp_repl_advise(kp_repl *r, const char *table);
/* .tenant [ID|-] (repl_tenant.c): show or change the connection. */
void kp_repl_tenant_cmd(kp_repl *r, const char *arg);
/* Does the session's connection see t? */
bool kp_repl_sees(const kp_repl *r, const kp_table *t);
void kp_repl_try_key(kp_repl *r, const char *arg);

/* Completions of word, the text being typed, in the order offered (a
 * NULL-terminated array of strings, all freed by the caller): before is
 * the statement typed so far up to word, after what follows word on the
 * line. NULL with *files set: complete a file name (.read). */
char **kp_repl_completions(kp_repl *r, const char *before, const char *after, const char *word, bool *files);

#endif
