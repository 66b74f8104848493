/* Text quoted for the formats keyplan writes: JSON strings, and SQL string
 * literals and names (plans and advice print SQL back to the user). */
#ifndef KP_QUOTE_H
#define KP_QUOTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/buf.h"

/* Appends s as a JSON string literal, quotes included. */
void kp_buf_json_str(kp_buf *b, const char *s, size_t n);
/* kp_buf_json_str in the middle of writing b through a cursor (buf.h's
 * kp_buf_room): p is the cursor; returns the cursor after the string, with
 * room for `more` bytes after it. */
char *kp_json_str_at(kp_buf *b, char *p, const char *s, size_t n, size_t more);
/* Is s[0, n) its own JSON string body: no byte in it needs escaping? A
 * writer that put the text in place can then close it with a quote, with
 * no copy. */
bool kp_json_plain(const char *s, size_t n);
/* Appends s as an SQL string literal: 'it''s'. */
void kp_buf_sql_str(kp_buf *b, const char *s, size_t n);
/* Appends s as an SQL name: as it is when it is a plain word ([A-Za-z_]
 * then [A-Za-z0-9_]) and was not written quoted, else "double-quoted",
 * with '"' doubled. */
void kp_buf_sql_name(kp_buf *b, const char *s, size_t n, bool quoted);

/* The character at s[0, n) when a terminal would act on it instead of
 * showing it: a C0 control (tab excepted), DEL, a C1 control (U+0080 to
 * U+009F) or a bidirectional override or isolate (U+202A to U+202E, U+2066
 * to U+2069). Returns its length in bytes and sets *cp, else 0. */
size_t kp_unsafe_char(const char *s, size_t n, uint32_t *cp);
/* How many bytes s[0, n) starts with that are printable ASCII (0x20 to
 * 0x7e), none of which can begin an unsafe character: the excerpt and the
 * visible writer skip such runs whole. */
size_t kp_ascii_run(const char *s, size_t n);
/* The length of the valid UTF-8 sequence s[0, n) starts with, or 0 when
 * s[0] starts none (a continuation byte, a lead byte cut short or followed
 * by a byte that does not continue it, an overlong form, a surrogate or a
 * code point past U+10FFFF). */
size_t kp_utf8_len(const char *s, size_t n);
/* Appends s with each such character shown as <U+XXXX>, and each byte that
 * starts no valid UTF-8 sequence as <XX> (its value in hexadecimal), as GCC
 * shows them: text from an input file never drives the reader's terminal or
 * a CI log (a lone byte 0x9b is CSI to a terminal reading 8-bit controls). */
void kp_buf_put_visible(kp_buf *b, const char *s, size_t n);
/* The same for a NUL-terminated string. */
void kp_buf_puts_visible(kp_buf *b, const char *s);
/* fprintf to f with every character kp_buf_put_visible escapes shown so,
 * line breaks excepted: for the command line's messages, which name files,
 * options and arguments as the user (or a hostile file tree) gave them. */
void kp_fprintf_visible(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The columns kp_buf_put_visible shows the character at s[0, n) in: 8
 * for <U+XXXX>, 4 for <XX>, else 1; *len is set to its bytes. */
unsigned kp_visible_width(const char *s, size_t n, size_t *len);

/* The value of one hexadecimal digit, -1 for any other character. */
static inline int kp_hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

#endif