/* The statement driver: feeds tokens from the lexer to the lemon parser one
 * statement at a time, attaches hint comments, reports located errors and
 * resumes at the next statement after any error. */
#ifndef KP_PARSE_H
#define KP_PARSE_H

#include <stddef.h>

#include "grammar/ast.h"
#include "grammar/lexer.h"
#include "base/diag.h"

/* Input limits (docs/limits.md). Each gives a located KP021 error. */
#define KP_MAX_PAREN_DEPTH   256        /* nested parentheses */
#define KP_MAX_EXPR_DEPTH    1000       /* height of an expression tree */
#define KP_MAX_STMT_BYTES    (16u << 20) /* bytes in one statement */
#define KP_MAX_IDENT_BYTES   1024       /* bytes in one name */
#define KP_MAX_IN_LIST       100000     /* values in one IN list */
#define KP_MAX_COLUMNS       4096       /* columns in one table */
#define KP_MAX_PARSER_STACK  4000       /* entries of lemon's stack */

/* Why a statement did not parse (kp_pctx.status): 0, or one of these. */
enum {
	KP_PARSE_SYNTAX = -1,   /* lemon stopped at kp_pctx.errtok; the driver
	                           words it (it knows a missing ';' or a join) */
	KP_PARSE_OVERFLOW = -2, /* the parser stack overflowed at the token fed */
	KP_PARSE_REPORTED = -3, /* an action reported why (kp_pctx_error) */
};

/* The SELECT clauses, in the order a SELECT takes them (parser.y). */
enum { KP_SEL_SAMPLE = 1, KP_SEL_WHERE, KP_SEL_GROUP, KP_SEL_HAVING, KP_SEL_ORDER, KP_SEL_LIMIT,
       KP_SEL_OFFSET, KP_SEL_FETCH, KP_SEL_ALLOW, KP_SEL__COUNT };

/* State shared by the driver and the grammar's actions (%extra_argument). */
typedef struct kp_pctx {
	kp_arena *arena;        /* where the statement's AST goes */
	const char *text;       /* source text */
	const kp_diag_sink *report; /* where the actions report errors (NULL: a
	                           trial parse, which reports nothing) */
	kp_stmt *stmt;          /* the statement being built (set on accept) */
	kp_stmt *outer;         /* CREATE VIEW: the view, while its SELECT is read */
	int status;             /* 0, or KP_PARSE_*: the first failure only */
	kp_token errtok;        /* KP_PARSE_SYNTAX: the token lemon stopped at
	                           (type 0: the end of the statement) */
	uint32_t largest_in;    /* most values in one IN list so far */
	uint32_t ncolrefs;      /* column references so far (kp_expr.ref) */
	kp_list forms;          /* kp_form_use*: forms read but not planned (kp_stmt.forms) */
	uint32_t cons_end;      /* end of the last column constraint's CONSTRAINT name */
	bool backslash;         /* strings take MySQL's escapes (kp_parser_backslash_escapes) */
	bool fold_upper;        /* upper-case unquoted names (Phoenix) */
	int sel_clause;         /* the last SELECT clause seen (KP_SEL_*) */
	uint32_t sel_at[KP_SEL__COUNT]; /* where each clause's keyword is */
} kp_pctx;

/* An action's error, reported through ctx->report unless the statement
 * has failed already; the statement then fails with KP_PARSE_REPORTED.
 * Returns the diagnostic (for notes), or NULL when nothing was reported. */
kp_diag *kp_pctx_error(kp_pctx *ctx, kp_rule rule, uint32_t off, uint32_t len, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
/* A syntax error at t found by an action (a word the rule does not take):
 * the statement fails as lemon's own syntax errors do. */
void kp_pctx_syntax_error(kp_pctx *ctx, kp_token t);
/* A PRIMARY KEY at [off, off + len) (a key column's name, or the keyword of
 * a table-level clause) of the CREATE TABLE or VIEW being read. When the
 * table has a primary key already, reports the second (KP014, with a note
 * at the first) and returns true. */
bool kp_pctx_primary_key(kp_pctx *ctx, uint32_t off, uint32_t len);

typedef struct kp_parser kp_parser;

kp_parser *kp_parser_new(void);
/* Upper-case every unquoted name from now on, as Phoenix does (its
 * catalog then compares names byte for byte: KP_NAMES_UPPER). */
void kp_parser_fold_upper(kp_parser *p, bool on);
/* Whether '#' starts a line comment (the default, as in MySQL). Phoenix's
 * grammar has no such comment and no '#' in unquoted names (its NAME is
 * LETTER FIELDCHAR*, FIELDCHAR a letter, digit, '_' or U+0080..U+FFFE but
 * U+2002): there '#' is an unexpected character, as Phoenix reports it. */
void kp_parser_hash_comments(kp_parser *p, bool on);
/* Whether "text" is a string literal, as in MySQL's default mode and
 * Tablestore's SQL (its SDK examples write where uid = "7"), in DDL and
 * queries alike; off (the default): a quoted name, as in standard SQL,
 * Phoenix and Lindorm. */
void kp_parser_dq_strings(kp_parser *p, bool on);
/* Whether a backslash escapes the next character in a string literal
 * ('it\'s', '\\'), as in MySQL's default mode and so in its dumps and in
 * Tablestore's MySQL-compatible SQL; off (the default): a backslash is a
 * character, as in standard SQL, Phoenix and Lindorm. */
void kp_parser_backslash_escapes(kp_parser *p, bool on);
/* A new script (a file, a string of application code) starts: statements
 * end at ';' again, whatever DELIMITER the last one set (MySQL's client
 * keeps a DELIMITER for the input it reads). */
void kp_parser_script_start(kp_parser *p);
void kp_parser_free(kp_parser *p);

/* Parses the statement starting at *pos. Returns 0 at end of input (no
 * statement), 1 otherwise; *pos moves past the statement's ';'. *out is the
 * statement, or NULL when it had errors (reported in d, with the statement
 * skipped up to its ';'). */
int kp_parse_next(kp_parser *p, kp_stmt **out, kp_source *src, size_t *pos,
                  kp_arena *a, kp_diags *d);

/* Did the statement kp_parse_next last read end at the end of the input
 * (rather than at a ';')? In a streamed window it may be cut short. */
bool kp_parser_at_eof(const kp_parser *p);

/* Offset of the first token of the statement kp_parse_next last read. */
uint32_t kp_parser_last_start(const kp_parser *p);

/* The shape (grammar/shape.h) whose cached AST the statement kp_parse_next
 * last read is, or 0 when it was parsed. */
uint64_t kp_parser_last_shape(const kp_parser *p);

/* Parses a whole string into a list of statements; for tests and tools. */
int kp_parse_all(kp_list *out, kp_source *src, kp_arena *a, kp_diags *d);

#endif
