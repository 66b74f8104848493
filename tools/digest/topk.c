/* Misra-Gries counting with the mergeable-summaries merge (topk.h). */
#include "tools/digest/topk.h"

#include <stdlib.h>
#include <string.h>

static void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n);
	if (!q)
		abort();
	return q;
}

static uint32_t cap_of(const kp_topk *t)
{
	/* room for the k counted values and as many more while merging */
	return 2 * t->k + 1;
}

void kp_topk_init(kp_topk *t, uint32_t k)
{
	memset(t, 0, sizeof *t);
	t->k = k ? k : 1;
}

void kp_topk_free(kp_topk *t)
{
	for (uint32_t i = 0; i < t->n_items; i++)
		free(t->items[i].value);
	free(t->items);
	memset(t, 0, sizeof *t);
}

static kp_topk_item *find(kp_topk *t, const char *v, size_t len)
{
	for (uint32_t i = 0; i < t->n_items; i++)
		if (t->items[i].len == len && !memcmp(t->items[i].value, v, len))
			return &t->items[i];
	return NULL;
}

static kp_topk_item *push(kp_topk *t, const char *v, size_t len, int cut)
{
	if (!t->items)
		t->items = xrealloc(NULL, cap_of(t) * sizeof *t->items);
	kp_topk_item *it = &t->items[t->n_items++];
	it->value = xrealloc(NULL, len + 1);
	memcpy(it->value, v, len);
	it->value[len] = 0;
	it->len = (uint32_t)len;
	it->cut = (uint8_t)(cut != 0);
	it->count = 0;
	return it;
}

/* Takes d from every count and drops the counts that reach zero. */
static void lower_all(kp_topk *t, uint64_t d)
{
	uint32_t w = 0;
	for (uint32_t i = 0; i < t->n_items; i++) {
		kp_topk_item it = t->items[i];
		if (it.count <= d) {
			free(it.value);
			continue;
		}
		it.count -= d;
		t->items[w++] = it;
	}
	t->n_items = w;
}

void kp_topk_add(kp_topk *t, const char *value, size_t len)
{
	int cut = len > KP_TOPK_MAX_VALUE;
	if (cut)
		len = KP_TOPK_MAX_VALUE;
	t->n++;
	kp_topk_item *it = find(t, value, len);
	if (it) {
		it->count++;
		return;
	}
	if (t->n_items < t->k) {
		push(t, value, len, cut)->count = 1;
		return;
	}
	/* k + 1 distinct values: one occurrence of each is forgotten (the new
	 * value's among them), which is what err() accounts for */
	lower_all(t, 1);
}

void kp_topk_add_counted(kp_topk *t, const char *value, size_t len, int cut, uint64_t count)
{
	if (len > KP_TOPK_MAX_VALUE) {
		len = KP_TOPK_MAX_VALUE;
		cut = 1;
	}
	kp_topk_item *it = find(t, value, len);
	if (!it) {
		if (t->n_items == cap_of(t))
			kp_topk_settle(t);
		it = push(t, value, len, cut);
	}
	it->count += count;
	it->cut |= (uint8_t)(cut != 0);
}

static int by_count_desc(const void *a, const void *b)
{
	const kp_topk_item *x = a, *y = b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->value, y->value, n);
	if (c)
		return c;
	return x->len < y->len ? -1 : x->len > y->len;
}

void kp_topk_sort(kp_topk *t)
{
	if (t->n_items > 1)
		qsort(t->items, t->n_items, sizeof *t->items, by_count_desc);
}

void kp_topk_settle(kp_topk *t)
{
	if (t->n_items <= t->k)
		return;
	kp_topk_sort(t);
	lower_all(t, t->items[t->k].count);
}

void kp_topk_merge(kp_topk *dst, const kp_topk *src)
{
	for (uint32_t i = 0; i < src->n_items; i++)
		kp_topk_add_counted(dst, src->items[i].value, src->items[i].len, src->items[i].cut,
		                    src->items[i].count);
	dst->n += src->n;
	kp_topk_settle(dst);
}

uint64_t kp_topk_err(const kp_topk *t)
{
	uint64_t kept = 0;
	for (uint32_t i = 0; i < t->n_items; i++)
		kept += t->items[i].count;
	return kept >= t->n ? 0 : (t->n - kept) / ((uint64_t)t->k + 1);
}
