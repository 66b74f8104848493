/* The shape of a statement: one 64-bit fingerprint that two statements
 * share only when nothing in them that can change a plan differs. It keeps
 * every name (compared as the target compares names, every character of
 * it: t1 and t2 are two tables), operator, clause and hint, and of each
 * literal its type (integer, real, string, boolean, NULL, parameter), the
 * kind of a LIKE pattern (no wildcard, a plain prefix, a prefix then more
 * pattern, a leading wildcard) and the length of an IN list against the
 * target's limit (one value, past the limit, or within it by its order of
 * magnitude from 64 values on); LIMIT and OFFSET
 * keep their values (a target bounds them). It drops literal values,
 * comments, white space and keyword case, which the parser has already
 * dropped from the AST.
 *
 * The advisor groups a workload by it (each shape planned once per
 * candidate), and baselines and the query-log digest use the same
 * function. It reads the statement and allocates nothing: the caller owns
 * s, and the fingerprint is a plain value. */
#ifndef KP_FINGERPRINT_H
#define KP_FINGERPRINT_H

#include <stdbool.h>
#include <stdint.h>

#include "grammar/ast.h"

typedef struct kp_fp_opts {
	bool fold_case;         /* names compare ignoring ASCII case (generic, Tablestore);
	                           false: byte for byte (Lindorm, and Phoenix, whose parser
	                           has upper-cased every unquoted name) */
	uint32_t max_in_list;   /* values one IN list may hold on the target, 0: no limit */
} kp_fp_opts;

/* The fingerprint of s, never 0. */
uint64_t kp_stmt_fingerprint(const kp_stmt *s, const kp_fp_opts *o);

/* The kind of a LIKE (or GLOB) pattern, as the planner reads it. */
typedef enum kp_like_kind {
	KP_LIKE_EXACT = 1,      /* no wildcard: an equality */
	KP_LIKE_PREFIX,         /* a prefix and one trailing wildcard: an exact key range */
	KP_LIKE_PREFIX_MORE,    /* a prefix, then more pattern: a key range and a filter */
	KP_LIKE_ANY,            /* a leading wildcard: a filter */
} kp_like_kind;

kp_like_kind kp_like_pattern_kind(const char *p, uint32_t n, bool glob);

#endif
