/* libkeyplan: plans SQL against the primary key of a wide-column table
 * (Lindorm, HBase, Tablestore, Phoenix) and says how each statement runs,
 * what is wrong with it, and how to fix the schema. docs/library.md.
 *
 * Ownership and lifetimes, for the whole API:
 *
 *   - keyplan_open returns a session the caller owns and ends with
 *     keyplan_close. Nothing else the library hands out is freed by the
 *     caller.
 *   - What the caller passes in (options, names, SQL text, paths) is read
 *     during the call only: the library copies what it keeps.
 *   - Everything passed to a callback (a keyplan_statement, a
 *     keyplan_diagnostic, a keyplan_advice, and every string and object
 *     read from them) is borrowed: it is valid only until the callback
 *     returns. Copy what you need. (The memory of a statement, its plan,
 *     its diagnostics and the text read from them is reused for the next
 *     statement: that is what keeps a session's memory flat.)
 *   - A session's memory does not grow with the statements fed to it
 *     (keyplan_memory): schema and query text is not kept past the call
 *     (the catalog copies the declarations it keeps), and a file is read
 *     in pieces. A workload is what keyplan_advise re-plans, so a session
 *     keeps, as keyplan check does, one record and one parsed statement a
 *     shape (statements alike that plan alike, in one file or in strings
 *     of one name), with the text that statement is in (a string, or the
 *     mapped file, whose pages read past are given back), plus 2 or 3
 *     bytes a statement for its place (the advice's lists of statements
 *     it changes), and an INSERT's values (a few bytes a value, the
 *     evidence of increasing and duplicate keys) with its string.
 *   - A session is used by one thread at a time; sessions are independent.
 *
 * Errors: every function returns 0 (KEYPLAN_OK) or a negative keyplan_error.
 * Problems in the input, including a file that cannot be read, are also
 * diagnostics, handed to on_diagnostic. */
#ifndef KEYPLAN_H
#define KEYPLAN_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* libkeyplan exports these names only */
#if defined(__GNUC__)
#define KEYPLAN_API __attribute__((visibility("default")))
#else
#define KEYPLAN_API
#endif

typedef enum keyplan_error {
	KEYPLAN_OK = 0,
	KEYPLAN_EINVAL = -1,    /* a NULL argument, an unknown target or role */
	KEYPLAN_EIO = -2,       /* a file could not be read (a diagnostic says why) */
	KEYPLAN_EFAILED = -3,   /* keyplan_advise was called twice */
} keyplan_error;

/* What a source is to the session. */
typedef enum keyplan_role {
	KEYPLAN_SCHEMA = 0,     /* CREATE TABLE / CREATE INDEX ...: builds the schema */
	KEYPLAN_QUERY = 1,      /* planned; DDL among queries changes the schema */
	KEYPLAN_WORKLOAD = 2,   /* planned, and advised on by keyplan_advise */
} keyplan_role;

typedef enum keyplan_severity {
	KEYPLAN_INFO = 0,
	KEYPLAN_WARNING = 1,
	KEYPLAN_ERROR = 2,
} keyplan_severity;

typedef struct keyplan keyplan;
typedef struct keyplan_statement keyplan_statement;
typedef struct keyplan_diagnostic keyplan_diagnostic;
typedef struct keyplan_advice keyplan_advice;

/* Each statement read, in order, with its plan and its diagnostics. */
typedef void (*keyplan_statement_fn)(void *ctx, const keyplan_statement *st);
/* A diagnostic that belongs to no statement: a file that cannot be read,
 * text after the last statement, the findings of SQL in application code
 * (keyplan_feed_file), the advisor's findings. */
typedef void (*keyplan_diagnostic_fn)(void *ctx, const keyplan_diagnostic *d);
/* Each piece of advice of keyplan_advise. */
typedef void (*keyplan_advice_fn)(void *ctx, const keyplan_advice *a);

typedef struct keyplan_options {
	const char *target;     /* "lindorm" (also NULL), "tablestore", "phoenix" or
	                           "generic" (docs/targets.md) */
	keyplan_statement_fn on_statement;     /* may be NULL */
	keyplan_diagnostic_fn on_diagnostic;   /* may be NULL */
	void *ctx;              /* passed to both */
} keyplan_options;

/* Opens a session. *out is set to NULL on failure. */
KEYPLAN_API int keyplan_open(const keyplan_options *opts, keyplan **out);
/* Ends the session (NULL is ignored). */
KEYPLAN_API void keyplan_close(keyplan *k);

/* Reads SQL text, a script of its own (its DELIMITER and its
 * -- keyplan:tenant lines end with it); name labels its diagnostics
 * ("<string>" when NULL). */
KEYPLAN_API int keyplan_feed_string(keyplan *k, keyplan_role role, const char *name, const char *sql, size_t len);
/* Reads a file ("-": standard input) by its extension: .java, .kt, .go,
 * .py and MyBatis mapper .xml as application code whose SQL is planned as
 * keyplan lint plans it (each planned variant of a statement is a
 * statement of its own, without diagnostics; the statement's findings,
 * one for all the variants that share it, led by their branch conditions,
 * and KP035/KP036, go to on_diagnostic), every other file as SQL.
 * KEYPLAN_EIO when it cannot be read. */
KEYPLAN_API int keyplan_feed_file(keyplan *k, keyplan_role role, const char *path);
/* Reads text as keyplan_feed_file reads the file at path (its language by
 * path's extension), without reading the file: an editor's unsaved text. */
KEYPLAN_API int keyplan_feed_text(keyplan *k, keyplan_role role, const char *path, const char *text, size_t len);

/* Runs the advisor over the schema and the workload read so far: each
 * piece of advice goes to fn, its findings to on_diagnostic. Once per
 * session. */
KEYPLAN_API int keyplan_advise(keyplan *k, keyplan_advice_fn fn, void *ctx);

/* What the session holds now, in bytes: the blocks of its arenas (the
 * session's, the statement's, the schema's, the advisor's) and the text
 * and line tables of the sources it keeps (not the pages of a mapped file,
 * which are the file's); *peak, when not NULL, the same with each arena at
 * the most it held since keyplan_open. For tests and monitoring: a bound
 * on the session's growth, not the process's heap. */
KEYPLAN_API size_t keyplan_memory(const keyplan *k, size_t *peak);

/* --- a statement --- */

/* "select", "create_table", "update", ...; "none" when it did not parse. */
KEYPLAN_API const char *keyplan_statement_kind(const keyplan_statement *st);
/* "get", "scan", "filtered_scan", "search", "full_scan"; NULL when the
 * statement was not planned (DDL, an error). */
KEYPLAN_API const char *keyplan_statement_access(const keyplan_statement *st);
/* 1 when the store rejects it (a full scan it does not allow), else 0. */
KEYPLAN_API int keyplan_statement_rejected(const keyplan_statement *st);
/* The table it reads or writes, and the index it reads through; NULL when
 * there is none. */
KEYPLAN_API const char *keyplan_statement_table(const keyplan_statement *st);
KEYPLAN_API const char *keyplan_statement_index(const keyplan_statement *st);
/* The plan as keyplan explain prints it: "GET orders key (userid='u1', ...)". */
KEYPLAN_API const char *keyplan_statement_plan_text(const keyplan_statement *st);
/* The plan as one line of JSON, as keyplan explain --format json prints
 * it (docs/plan-json.md), without the line break. */
KEYPLAN_API const char *keyplan_statement_plan_json(const keyplan_statement *st);
/* Where the statement starts: file, line and column (1-based; for SQL in
 * application code, in the application file). */
KEYPLAN_API const char *keyplan_statement_file(const keyplan_statement *st);
KEYPLAN_API unsigned keyplan_statement_line(const keyplan_statement *st);
KEYPLAN_API unsigned keyplan_statement_column(const keyplan_statement *st);
/* Its diagnostics, in order: index 0 .. count - 1. */
KEYPLAN_API size_t keyplan_statement_diagnostic_count(const keyplan_statement *st);
KEYPLAN_API const keyplan_diagnostic *keyplan_statement_diagnostic(const keyplan_statement *st, size_t i);

/* --- a diagnostic --- */

/* "KP001", and its slug "full-scan" (docs/rules.md). */
KEYPLAN_API const char *keyplan_diagnostic_rule(const keyplan_diagnostic *d);
KEYPLAN_API const char *keyplan_diagnostic_slug(const keyplan_diagnostic *d);
KEYPLAN_API keyplan_severity keyplan_diagnostic_severity(const keyplan_diagnostic *d);
KEYPLAN_API const char *keyplan_diagnostic_message(const keyplan_diagnostic *d);
/* Where it points: the file, or NULL; line and column, or 0 when it names
 * no place in a file. */
KEYPLAN_API const char *keyplan_diagnostic_file(const keyplan_diagnostic *d);
KEYPLAN_API unsigned keyplan_diagnostic_line(const keyplan_diagnostic *d);
KEYPLAN_API unsigned keyplan_diagnostic_column(const keyplan_diagnostic *d);
/* As keyplan prints it: "file:line:col: severity: message [KP001 full-scan]",
 * the source line with a caret, notes and help lines. */
KEYPLAN_API const char *keyplan_diagnostic_text(const keyplan_diagnostic *d);

/* --- advice (docs/advice-json.md) --- */

/* "hash_prefix", "secondary_index", "reorder_key", ... */
KEYPLAN_API const char *keyplan_advice_kind(const keyplan_advice *a);
/* The finding it answers, "KP101". */
KEYPLAN_API const char *keyplan_advice_rule(const keyplan_advice *a);
KEYPLAN_API const char *keyplan_advice_table(const keyplan_advice *a);
KEYPLAN_API const char *keyplan_advice_message(const keyplan_advice *a);
/* The new key in key notation, and the DDL in the target's syntax; NULL
 * when the advice has none. */
KEYPLAN_API const char *keyplan_advice_key(const keyplan_advice *a);
KEYPLAN_API const char *keyplan_advice_ddl(const keyplan_advice *a);
/* Weight served as GET or SCAN with the fix, out of *of; -1 (and *of -1)
 * when not measured. of may be NULL. */
KEYPLAN_API int keyplan_advice_serves(const keyplan_advice *a, int *of);
/* 1 when the item is part of its table's one judged recommendation, else 0;
 * its rank among its table's items (1 first; docs/advice-json.md). */
KEYPLAN_API int keyplan_advice_recommended(const keyplan_advice *a);
KEYPLAN_API int keyplan_advice_rank(const keyplan_advice *a);
/* What the recommendation costs in writes (docs/advice.md): for an item of
 * its table's recommendation, the rows one inserted row writes (the table
 * and each index and index table) as it is and with the whole
 * recommendation applied, and the workload's weighted rows written
 * likewise; returns 1. For an item that is not recommended, returns 0 and
 * leaves the outputs alone. Any output may be NULL. */
KEYPLAN_API int keyplan_advice_write_cost(const keyplan_advice *a, int *rows_per_insert_before,
                                          int *rows_per_insert_after, double *rows_written_before,
                                          double *rows_written_after);
/* The advice as one JSON object, as keyplan check --format json prints it. */
KEYPLAN_API const char *keyplan_advice_json(const keyplan_advice *a);

#ifdef __cplusplus
}
#endif

#endif
