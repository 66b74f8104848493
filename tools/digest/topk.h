/* A bounded top-k sketch of the most frequent values (Misra-Gries, with
 * the merge of Agarwal et al., "Mergeable summaries", PODS 2012).
 *
 * At most k values are counted. A value's kept count never exceeds its
 * true count and falls short of it by at most err(), which is
 * (n - the sum of the kept counts) / (k + 1) <= n / (k + 1), n the values
 * seen. Two sketches of the same k merge into one whose bound is the same
 * formula over the union: sketches of log shards merged equal, within that
 * error, one pass over the whole log. A value absent from the sketch
 * occurred at most err() times. */
#ifndef KP_DIGEST_TOPK_H
#define KP_DIGEST_TOPK_H

#include <stddef.h>
#include <stdint.h>

/* Longest value kept, in bytes: a longer one is kept as its first
 * KP_TOPK_MAX_VALUE bytes (its entry says it was cut), so that memory is
 * bounded by shapes, not by the widest value. */
#define KP_TOPK_MAX_VALUE 256

typedef struct kp_topk_item {
	char *value;            /* heap, NUL-terminated */
	uint32_t len;
	uint8_t cut;            /* the value was longer than this */
	uint64_t count;         /* kept count: a lower bound of the true count */
} kp_topk_item;

typedef struct kp_topk {
	uint32_t k;             /* values counted at most */
	uint32_t n_items;       /* values counted now */
	kp_topk_item *items;    /* k entries */
	uint64_t n;             /* values seen */
} kp_topk;

void kp_topk_init(kp_topk *t, uint32_t k);
void kp_topk_free(kp_topk *t);
/* Counts one occurrence (weight 1) of value. */
void kp_topk_add(kp_topk *t, const char *value, size_t len);
/* Adds a counted value (as read back from a digest): the count goes to it
 * as if it had been seen count times, without changing n. */
void kp_topk_add_counted(kp_topk *t, const char *value, size_t len, int cut, uint64_t count);
/* Merges src into dst (same k); src is unchanged. */
void kp_topk_merge(kp_topk *dst, const kp_topk *src);
/* Reduces the sketch to k items after kp_topk_add_counted calls (the
 * Misra-Gries step: the (k+1)-th largest count is taken from every count). */
void kp_topk_settle(kp_topk *t);
/* The most a kept count falls short of the true count, and the most an
 * absent value occurred. */
uint64_t kp_topk_err(const kp_topk *t);
/* Sorts the items by count, largest first (ties by value, for stable output). */
void kp_topk_sort(kp_topk *t);

#endif
