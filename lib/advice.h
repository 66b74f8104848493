/* A piece of the advisor's advice as one JSON object (docs/advice-json.md):
 * keyplan check --format json and libkeyplan write the same bytes. */
#ifndef KP_ADVICE_H
#define KP_ADVICE_H

#include "advisor/advisor.h"
#include "base/buf.h"

void kp_advice_json(kp_buf *b, const kp_advice *x);
/* One table's design review as one JSON object (docs/advice-json.md,
 * "review"); advice is named by its place in the advice array. */
void kp_review_json(kp_buf *b, const kp_table_review *r);

#endif
