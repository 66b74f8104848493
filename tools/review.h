/* check's text report of the advice as a design review, table by table
 * (tools/review.c). */
#ifndef KP_REVIEW_H
#define KP_REVIEW_H

#include "advisor/advisor.h"
#include "base/buf.h"

/* Appends the review of every table the advisor judged to b; nothing when
 * there is neither advice nor workload. */
void kp_review_text(kp_buf *b, const kp_advisor *adv, int color);

#endif
