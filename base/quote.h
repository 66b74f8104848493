/* Text quoted for the formats keyplan writes: JSON strings, and SQL string
 * literals and names (plans and advice print SQL back to the user). */
#ifndef KP_QUOTE_H
#define KP_QUOTE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"

/* Appends s as a JSON string literal, quotes included. */
void kp_buf_json_str(kp_buf *b, const char *s, size_t n);
/* Appends s as an SQL string literal: 'it''s'. */
void kp_buf_sql_str(kp_buf *b, const char *s, size_t n);
/* Appends s as an SQL name: as it is when it is a plain word ([A-Za-z_]
 * then [A-Za-z0-9_]) and was not written quoted, else "double-quoted",
 * with '"' doubled. */
void kp_buf_sql_name(kp_buf *b, const char *s, size_t n, bool quoted);

#endif
