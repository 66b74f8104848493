/* Text quoted for the formats keyplan writes: JSON strings, and SQL string
 * literals and names (plans and advice print SQL back to the user). */
#ifndef KP_QUOTE_H
#define KP_QUOTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
/* Appends s with each such character shown as <U+XXXX>, as GCC and Clang
 * show them: text from an input file never drives the reader's terminal or
 * a CI log. */
void kp_buf_put_visible(kp_buf *b, const char *s, size_t n);
/* The same for a NUL-terminated string. */
void kp_buf_puts_visible(kp_buf *b, const char *s);

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