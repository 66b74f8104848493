/* Rendering of plans: one text line per statement, or one JSON object per
 * statement (JSON Lines, docs/plan-json.md). */
#ifndef KP_EXPLAIN_H
#define KP_EXPLAIN_H

#include "planner/plan.h"

/* The plan line, without a trailing newline. s is NULL for a statement
 * that had errors. */
void kp_explain_text(kp_buf *out, const kp_plan *p, const kp_stmt *s);
/* One JSON object for the statement at offset off of src, with its
 * diagnostics, without a trailing newline. p and s may be NULL. */
void kp_explain_json(kp_buf *out, const kp_plan *p, const kp_stmt *s, kp_source *src,
                     uint32_t off, const kp_diags *d);

/* The JSON of a plan's path, from "statement" to "key_order" (what the
 * statement's kind, its table and the key, index and access chosen say),
 * kept for a shape (reuse.c, through kp_plan.json) while its catalog is
 * unchanged: a later plan of the shape on the same path has it copied,
 * not written again. */
typedef struct kp_json_memo kp_json_memo;
kp_json_memo *kp_json_memo_new(void);
/* Forgets it (the shape's entry is kept again). */
void kp_json_memo_clear(kp_json_memo *m);
void kp_json_memo_free(kp_json_memo *m);

/* One diagnostic as a JSON object (docs/plan-json.md). */
void kp_diag_json(kp_buf *out, const kp_diag *g);
/* Just the "ranges" array of the JSON form. */
void kp_ranges_json(kp_buf *out, const kp_plan *p);
/* The residual filter as SQL (empty when there is none). */
void kp_filter_sql(kp_buf *out, const kp_plan *p);

#endif
