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

/* State shared by the driver and the grammar's actions (%extra_argument). */
typedef struct kp_pctx {
	kp_arena *arena;        /* where the statement's AST goes */
	const char *text;       /* source text */
	kp_stmt *stmt;          /* the statement being built (set on accept) */
	kp_stmt *outer;         /* CREATE VIEW: the view, while its SELECT is read */
	int failed;             /* a syntax error was reported */
	kp_token errtok;        /* the token at the syntax error */
	const char *limit_msg;  /* an action hit an input limit: message */
	uint32_t limit_off;     /* where */
	int overflow;           /* the parser stack overflowed */
	uint32_t largest_in;    /* most values in one IN list so far */
	uint32_t ncolrefs;      /* column references so far (kp_expr.ref) */
	bool fold_upper;        /* upper-case unquoted names (Phoenix) */
	int sel_clause;         /* the last SELECT clause seen (parser.y's
	                           clause order: WHERE, GROUP BY, ...) */
} kp_pctx;

typedef struct kp_parser kp_parser;

kp_parser *kp_parser_new(void);
/* Upper-case every unquoted name from now on, as Phoenix does (its
 * catalog then compares names byte for byte: KP_NAMES_UPPER). */
void kp_parser_fold_upper(kp_parser *p, bool on);
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

/* Parses a whole string into a list of statements; for tests and tools. */
int kp_parse_all(kp_list *out, kp_source *src, kp_arena *a, kp_diags *d);

#endif
