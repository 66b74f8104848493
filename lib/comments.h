/* The comments between and inside statements, where keyplan reads its
 * directives (keyplan:ignore, weight: N): one scanner for the report's
 * directives (tools/report.c) and the pipeline's workload weights. */
#ifndef KP_COMMENTS_H
#define KP_COMMENTS_H

#include <stdbool.h>
#include <stddef.h>

#include "base/source.h"

/* The largest -- weight: N (a thousand such statements still sum below
 * INT_MAX). */
#define KP_WEIGHT_MAX 1e6

/* One comment: its text [p, end) without its "--" or its slash-star pair;
 * at_line_start: it is the first thing on its line. */
typedef void (*kp_comment_fn)(void *ctx, const char *p, const char *end, bool at_line_start);

/* Calls fn for every comment of text[from, to) (hints excepted), in order.
 * Strings and quoted names are skipped when in_stmt (between statements
 * the lexer has already told there are none). */
void kp_comments(const kp_source *src, size_t from, size_t to, bool in_stmt, kp_comment_fn fn, void *ctx);

/* Trims the comment text [*p, *end) of white space. */
void kp_comment_trim(const char **p, const char **end);

/* A trimmed comment "weight: N" (any case), N optionally followed by a
 * note (kp_annotation_note, advisor/advisor.h): 1 with *w set, -1 when N
 * is malformed or out of [0, KP_WEIGHT_MAX] (*arg is then N's text), 0
 * when the comment is no weight. */
int kp_weight_parse(const char *p, const char *end, double *w, const char **arg);

#endif
