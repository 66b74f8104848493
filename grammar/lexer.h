/* The re2c lexer: bytes in, tokens out. Tokens are slices of the source
 * (offset and length); nothing is copied. The source must end with a NUL
 * byte at text[len] (the sentinel), which kp_source guarantees. */
#ifndef KP_LEXER_H
#define KP_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"

/* Token codes beyond the grammar's own (parser.h): */
#define KP_TOK_EOF   0      /* end of input */
#define KP_TOK_HINT  1000   /* a hint comment, start with "/" "*" "+" */
#define KP_TOK_ERROR 1001   /* a lexical error, reported to kp_lexer.report */

/* Passed by value to the parser on every token: the slice comes first so
 * that it travels in one register and is copied as one 8-byte word (with
 * the type first, the copy read across two stores and stalled). */
typedef struct kp_token {
	uint32_t off;           /* byte offset in the source */
	uint32_t len;           /* bytes */
	int type;               /* TK_* from parser.h, or KP_TOK_* */
} kp_token;

typedef struct kp_lexer {
	const char *src;        /* source text, NUL at src[len] */
	size_t len;             /* bytes of source */
	size_t pos;             /* offset of the next byte to read */
	const kp_diag_sink *report; /* where each KP_TOK_ERROR's message goes (KP016
	                           lexical-error); NULL: nowhere */
	bool soft;              /* the last error lies inside a complete comment:
	                           the tokens around it are intact */
	bool hash_comment;      /* '#' starts a line comment (MySQL); false: it
	                           is an unexpected character, as in Phoenix,
	                           whose grammar has neither the comment nor '#'
	                           in names */
	bool dq_string;         /* "text" is a string literal (MySQL, Tablestore);
	                           false: a quoted name */
	bool backslash;         /* '\'' in a string is an escaped quote (MySQL's
	                           default mode: its dumps write 'it\'s'); false:
	                           a backslash is a character, as in standard SQL */
	bool unterminated;      /* the last error is the input ending inside a
	                           string, quoted name or comment (more text may
	                           close it) */
} kp_lexer;

/* Starts reading at pos, reporting nowhere (set report to have errors
 * reported), '#' starting a comment. */
void kp_lexer_init(kp_lexer *lx, const char *src, size_t len, size_t pos);
/* Reads the next token, skipping white space and plain comments. */
int kp_lex(kp_lexer *lx, kp_token *tok);
/* Reads tokens into t[0..max) as kp_lex would one by one, up to and
 * including the first ';' or end of input, or up to a hint comment or a
 * lexical error, which is read (and reported) but not stored: returns the
 * tokens stored. kp_lex leaves lx's position at the end of the token it
 * read (off + len; the end of input's is len), so that is where it was
 * after each of them. */
uint32_t kp_lex_run(kp_lexer *lx, kp_token *t, uint32_t max);

#endif
