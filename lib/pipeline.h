/* The statement pipeline: the one loop every front end drives (explain,
 * lint, check, the shell, SQL embedded in application code, the fuzz
 * targets, the test helpers and libkeyplan's public API).
 *
 * A session owns the parser, the schema (and the old schema of check
 * --base-schema), the target and its planning rules, the arenas and the
 * sources that must outlive their statements. It reads a source whole, or
 * a streamed file window by window, one statement at a time: DDL changes
 * the catalog, a query is planned and checked against the target's
 * statement limits, a workload query is handed to the advisor. Each
 * statement is handed to the caller as events (kp_event) through one
 * callback; what is printed, filtered or compared is the caller's. */
#ifndef KP_PIPELINE_H
#define KP_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>

#include "advisor/advisor.h"
#include "catalog/catalog.h"
#include "grammar/parse.h"
#include "planner/plan.h"

typedef enum kp_role {
	KP_ROLE_SCHEMA,         /* DDL; other statements are warned about, not planned */
	KP_ROLE_QUERY,          /* planned, with the target's statement limits */
	KP_ROLE_WORKLOAD,       /* a query that is also handed to the advisor */
	KP_ROLE_BASE,           /* the old schema of check --base-schema (its own catalog) */
} kp_role;

typedef enum kp_phase {
	KP_EV_PARSED,           /* parsed, not yet run: the caller may set weight */
	KP_EV_PLANNED,          /* a query planned, before its statement limits are
	                           checked (and before it reaches the advisor) */
	KP_EV_DONE,             /* run: its diagnostics are complete */
	KP_EV_END,              /* the end of a source (not of a window): d holds what
	                           the parser reported after the last statement */
} kp_phase;

/* One statement as it goes through the pipeline. Everything it points to
 * lives until the next statement is read (kept statements: see keep_stmts). */
typedef struct kp_event {
	kp_phase phase;
	kp_role role;
	kp_source *src;         /* the statement's source (a window, when streamed) */
	kp_stmt *stmt;          /* NULL: it did not parse */
	uint32_t start;         /* where it starts, its leading hint included */
	uint32_t end;           /* where it ends: past its last token, or pos */
	size_t pos;             /* just past it (its ';') */
	size_t lead;            /* where the comments before it start */
	size_t trail;           /* where the comments after it on its last line end */
	bool more_follows;      /* src is a window that is not the file's last */
	bool host;              /* SQL taken out of application code */
	bool scratch_ast;       /* a workload statement parsed in the scratch arena: the
	                           advisor is handed a lasting copy where it keeps one */
	bool planned;           /* plan holds its plan */
	kp_plan plan;           /* zeroed unless planned */
	bool base_planned;      /* base_plan and base_d are set (below) */
	const kp_diag *before;  /* the last diagnostic of d before planning, or NULL */
	kp_diags *d;            /* its diagnostics */
	kp_arena *a;            /* where they live */
	double weight;          /* a workload query's weight (1 unless set at PARSED) */
	/* Set only with base_planned, and read only then: the pipeline clears
	 * an event up to here (KP_EVENT_CLEARED), not these 168 bytes that
	 * only check --base-schema uses (about 20 instructions a statement) */
	kp_plan base_plan;      /* its plan against the old schema */
	kp_diags base_d;        /* the diagnostics of that plan */
} kp_event;

/* The bytes of a kp_event the pipeline clears before each statement. */
#define KP_EVENT_CLEARED offsetof(kp_event, base_plan)

/* Returns 0 to go on, nonzero to stop reading: the statement is left
 * where it is (PARSED), or not run further (PLANNED); the reading function
 * returns as if the source ended there. */
typedef int (*kp_event_fn)(void *ctx, kp_event *ev);

typedef struct kp_pipe {
	kp_catalog *cat;        /* the schema: own_cat, or a caller's */
	kp_catalog own_cat;
	kp_catalog base_cat;    /* the old schema of check --base-schema */
	kp_plan_opts *opts;     /* planning rules: own_opts, or a caller's */
	kp_plan_opts own_opts;
	kp_target target;
	bool limits;            /* check the target's statement limits */
	bool compare;           /* plan workload queries against base_cat too */
	bool plan_schema_writes;/* plan INSERT/UPSERT/REPLACE in schema files (lint,
	                           check) instead of warning about them (explain) */
	bool keep_stmts;        /* every statement's AST and plan outlive it (the
	                           shell keeps its queries for .advise and .try) */
	kp_advisor *adv;        /* fed the workload, when set */
	kp_parser *parser;
	struct kp_plan_memo *memo; /* resolutions kept per shape (planner/reuse.c) */
	const kp_stmt *shaped;  /* the statement read last, when it came from the
	                           shape cache: of shape ... */
	uint64_t shape;         /* ... (kp_parser_last_shape) */
	kp_arena arena;         /* the session: kept ASTs, copies of declarations */
	kp_arena scratch;       /* one statement: reset before the next */
	kp_list sources;        /* kp_source* freed with the session */
	kp_diags *collect;      /* when set, every statement's diagnostics go to
	                           collect, and its AST, plan and diagnostics to
	                           collect_arena, instead of one statement's */
	kp_arena *collect_arena;
	const char *stdin_name; /* what standard input is reported as, or NULL */
	const char *const *sql_calls; /* a team's own calls that take SQL, read
	                           from application code (NULL-terminated, the
	                           caller's), or NULL */
	const struct kp_mapper_index *mappers; /* the <sql> fragments of the
	                           linted tree's mappers (the caller's), or NULL */
	const struct kp_entity_index *entities; /* the linted tree's JPA
	                           entities (the caller's), or NULL */
	const char *database_id; /* MyBatis's databaseId the mappers run with
	                           (.keyplan database-id; the caller's), or NULL:
	                           see kp_host_opts */
	kp_event_fn fn;         /* the caller's callback, or NULL */
	void *ctx;              /* its context */
	bool stop;              /* the callback asked to stop */
	bool file_scope;        /* DDL in a query source applies to that source
	                           only (lint): kp_pipe_scope_end restores the
	                           schema; a CREATE of what another file (the
	                           schema) declares is taken as already applied */
	bool scope_dirty;       /* a query source changed the catalog */
	kp_list schema_srcs;    /* kp_source*: the schema, in the order read */
	const kp_source *conn_src; /* the source whose -- keyplan:tenant lines were read */
	char *conn_path;        /* its path (heap) */
	const kp_source *conn_seen; /* the source whose path was last compared with
	                           conn_path, in the window or string being read:
	                           its path does not change before the next, so
	                           the comparison (a strcmp a statement) is made
	                           once; NULL at each window and string */
	char *conn_tenant;      /* the TenantId its last one set (heap; NULL: global) */
	bool conn_set;          /* that file has one before the current statement */
	kp_plan_opts conn_opts; /* opts on that connection, when it is not opts' */
	bool conn_ddl;          /* DDL runs on opts->tenant's connection too, not a
	                           global one (the shell's .tenant) */
	uint32_t unkept;        /* workload statements the advisor let go: reading the
	                           text again gave another statement (each warned) */
} kp_pipe;

/* A session for target: its own catalog, the target's planning rules and
 * name folding, statement limits on. */
void kp_pipe_init(kp_pipe *p, kp_target target);
void kp_pipe_free(kp_pipe *p);
/* Plans against cat and opts (the caller's, which outlive p) instead;
 * names fold as cat compares them. */
void kp_pipe_borrow(kp_pipe *p, kp_catalog *cat, kp_plan_opts *opts);
/* Ready for another run against the same catalog and rules (a language
 * server's next analysis of a document): the sources kept are freed, both
 * arenas reset, the connection read from a file's tenant lines forgotten,
 * the callback and collect cleared. The parser (with its shape cache) and
 * the plan memo stay: the memo checks the catalog and its generation
 * itself. For a session that borrows its catalog (kp_pipe_borrow) or whose
 * run changed none: a catalog is not restored. */
void kp_pipe_reset(kp_pipe *p);
/* The source is freed with the session. */
void kp_pipe_keep(kp_pipe *p, kp_source *src);

/* The connection the statement of ev runs on (lib/tenant.c): its file's
 * last -- keyplan:tenant line before it, else a global one for DDL and
 * opts->tenant's for queries. Sets the catalogs' tenant (which views they
 * see) and returns the planning rules on that connection. */
const kp_plan_opts *kp_pipe_connection(kp_pipe *p, kp_event *ev);
/* Reads every statement of src in role r. With more_follows (a streamed
 * window that is not the file's last), a statement cut by the end of src
 * is left for the next window; transient says src is reused after the
 * call, so declarations the catalog keeps are copied. Returns where the
 * next window starts. */
size_t kp_pipe_window(kp_pipe *p, kp_source *src, kp_role r, bool more_follows, bool transient);
/* A whole source, which the caller keeps (kp_pipe_keep) while the
 * catalog may point into it. */
void kp_pipe_source(kp_pipe *p, kp_source *src, kp_role r);
/* Reads path ("-": standard input) whole, kept by the session: NULL when
 * it cannot be read, with an io-error diagnostic added to d (in a). */
kp_source *kp_pipe_read(kp_pipe *p, const char *path, kp_diags *d, kp_arena *a);
/* Streams the file path in windows of whole statements, so memory does not
 * grow with it. Returns 0, or -1: when it cannot be read (an io-error
 * diagnostic added to d, in a), or when the callback stopped the reading
 * (d unchanged). */
int kp_pipe_stream(kp_pipe *p, const char *path, kp_role r, kp_diags *d, kp_arena *a);
/* The end of a query source under file_scope: the catalog is the schema's
 * again (rebuilt from the schema sources, reporting nothing) if the source
 * changed it. Plans must not be kept across it. */
void kp_pipe_scope_end(kp_pipe *p);
/* SQL taken out of application code: every statement of sql, its
 * diagnostics into d (in a), which gathers them for every statement of
 * sql; PLANNED and DONE events are sent, with host set (lib/embed.c
 * reports d once sql is done). Returns true
 * when something now points into sql (the schema it changed, the
 * advisor's workload), which must then outlive the session's use of it. */
bool kp_pipe_sql(kp_pipe *p, kp_source *sql, kp_role r, kp_diags *d, kp_arena *a);

#endif
