/* The digest model: shapes in a hash table, and the exact merge (digest.h). */
#include "tools/digest/digest.h"

#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);
	if (!p)
		abort();
	return p;
}

static char *xstrndup(const char *s, size_t n)
{
	char *p = malloc(n + 1);
	if (!p)
		abort();
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

static char *xstrdup_or_null(const char *s)
{
	return s ? xstrndup(s, strlen(s)) : NULL;
}

void kp_digest_init(kp_digest *dg, kp_target target, uint32_t k)
{
	memset(dg, 0, sizeof *dg);
	dg->target = target;
	kp_target_fp_opts(&dg->fp, target);
	dg->k = k ? k : KP_DIGEST_K;
}

static void shape_free(kp_dshape *s)
{
	for (int i = 0; i < s->nex; i++) {
		free(s->ex[i].sql);
		free(s->ex[i].path);
	}
	free(s->access);
	free(s->table);
	free(s->index);
	free(s->filter);
	free(s->order);
	for (int i = 0; i < s->nhot; i++) {
		free(s->hot[i].column);
		kp_topk_free(&s->hot[i].tk);
	}
	free(s->hot);
	free(s);
}

void kp_digest_free(kp_digest *dg)
{
	for (size_t i = 0; i < dg->cap; i++)
		if (dg->tab[i])
			shape_free(dg->tab[i]);
	free(dg->tab);
	for (int i = 0; i < dg->nskips; i++) {
		free(dg->skips[i].path);
		free(dg->skips[i].detail);
	}
	for (size_t i = 0; i < dg->ninputs; i++) {
		free(dg->inputs[i].path);
		free(dg->inputs[i].format);
	}
	free(dg->inputs);
	memset(dg, 0, sizeof *dg);
}

/* A fingerprint's first slot: its bits mixed (splitmix64's finaliser), so
 * that the low bits the table uses depend on all of them. */
static size_t slot(uint64_t fp, size_t cap)
{
	fp ^= fp >> 30;
	fp *= 0xbf58476d1ce4e5b9ull;
	fp ^= fp >> 27;
	fp *= 0x94d049bb133111ebull;
	fp ^= fp >> 31;
	return (size_t)fp & (cap - 1);
}

static void grow(kp_digest *dg)
{
	size_t ncap = dg->cap ? dg->cap * 2 : 1024;
	kp_dshape **nt = xcalloc(ncap, sizeof *nt);
	for (size_t i = 0; i < dg->cap; i++) {
		kp_dshape *s = dg->tab[i];
		if (!s)
			continue;
		size_t j = slot(s->fp, ncap);
		while (nt[j])
			j = (j + 1) & (ncap - 1);
		nt[j] = s;
	}
	free(dg->tab);
	dg->tab = nt;
	dg->cap = ncap;
}

kp_dshape *kp_digest_shape(kp_digest *dg, uint64_t fp)
{
	if ((dg->n + 1) * 4 > dg->cap * 3)
		grow(dg);
	size_t j = slot(fp, dg->cap);
	for (kp_dshape *s; (s = dg->tab[j]); j = (j + 1) & (dg->cap - 1))
		if (s->fp == fp)
			return s;
	kp_dshape *s = xcalloc(1, sizeof *s);
	s->fp = fp;
	dg->tab[j] = s;
	dg->n++;
	return s;
}

static void stat_merge(kp_dstat *d, const kp_dstat *s)
{
	d->n += s->n;
	d->sum += s->sum;
	if (s->max > d->max)
		d->max = s->max;
}

static kp_dhot *hot_of(kp_dshape *s, const char *column, uint32_t k)
{
	for (int i = 0; i < s->nhot; i++)
		if (!strcmp(s->hot[i].column, column))
			return &s->hot[i];
	kp_dhot *nh = realloc(s->hot, (size_t)(s->nhot + 1) * sizeof *nh);
	if (!nh)
		abort();
	s->hot = nh;
	kp_dhot *h = &s->hot[s->nhot++];
	h->column = xstrndup(column, strlen(column));
	kp_topk_init(&h->tk, k);
	return h;
}

kp_dhot *kp_dshape_hot(kp_dshape *s, const char *column, uint32_t k)
{
	return hot_of(s, column, k);
}

static void shape_merge(kp_digest *dst, kp_dshape *d, const kp_dshape *s)
{
	d->count += s->count;
	d->estimated += s->estimated;
	if (s->has_ts) {
		if (!d->has_ts || s->first_us < d->first_us)
			d->first_us = s->first_us;
		if (!d->has_ts || s->last_us > d->last_us)
			d->last_us = s->last_us;
		d->has_ts = true;
	}
	for (int i = 0; i < s->nex && d->nex < KP_DIGEST_EXAMPLES; i++) {
		if (d->nex > 0 && s->ex[i].sql && strlen(s->ex[i].sql) > KP_DIGEST_EXAMPLE_MAX)
			continue;
		kp_dexample *e = &d->ex[d->nex++];
		e->sql = xstrdup_or_null(s->ex[i].sql);
		e->path = xstrdup_or_null(s->ex[i].path);
		e->line = s->ex[i].line;
	}
	if (d->planned && s->planned &&
	    (s->varies || s->rejected != d->rejected || strcmp(s->access, d->access) ||
	     !!s->table != !!d->table || (s->table && strcmp(s->table, d->table)) || !!s->index != !!d->index ||
	     (s->index && strcmp(s->index, d->index))))
		d->varies = true;
	if (!d->planned && s->planned) {
		d->varies = s->varies;
		d->planned = true;
		d->access = xstrdup_or_null(s->access);
		d->rejected = s->rejected;
		d->table = xstrdup_or_null(s->table);
		d->index = xstrdup_or_null(s->index);
		d->filter = xstrdup_or_null(s->filter);
		d->order = xstrdup_or_null(s->order);
		d->ranges = s->ranges;
	}
	stat_merge(&d->time_us, &s->time_us);
	stat_merge(&d->rows_scanned, &s->rows_scanned);
	stat_merge(&d->rows_sent, &s->rows_sent);
	for (int i = 0; i < s->nhot; i++)
		kp_topk_merge(&hot_of(d, s->hot[i].column, dst->k)->tk, &s->hot[i].tk);
}

void kp_digest_merge(kp_digest *dst, const kp_digest *src)
{
	for (size_t i = 0; i < src->cap; i++) {
		const kp_dshape *s = src->tab[i];
		if (s)
			shape_merge(dst, kp_digest_shape(dst, s->fp), s);
	}
	dst->statements += src->statements;
	dst->estimated += src->estimated;
	for (int i = 0; i < KP_SKIP__COUNT; i++)
		dst->skipped[i] += src->skipped[i];
	for (int i = 0; i < src->nskips && dst->nskips < KP_DIGEST_SKIPS; i++) {
		kp_dskipped *k = &dst->skips[dst->nskips++];
		k->path = xstrdup_or_null(src->skips[i].path);
		k->line = src->skips[i].line;
		k->why = src->skips[i].why;
		k->detail = xstrdup_or_null(src->skips[i].detail);
	}
	if (src->ninputs) {
		kp_dinput *ni = realloc(dst->inputs, (dst->ninputs + src->ninputs) * sizeof *ni);
		if (!ni)
			abort();
		dst->inputs = ni;
		for (size_t i = 0; i < src->ninputs; i++) {
			kp_dinput *in = &dst->inputs[dst->ninputs++];
			*in = src->inputs[i];
			in->path = xstrdup_or_null(src->inputs[i].path);
			in->format = xstrdup_or_null(src->inputs[i].format);
		}
	}
	dst->schema |= src->schema;
}

static int by_count(const void *a, const void *b)
{
	const kp_dshape *x = *(kp_dshape *const *)a, *y = *(kp_dshape *const *)b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return x->fp < y->fp ? -1 : x->fp > y->fp;
}

kp_dshape **kp_digest_sorted(const kp_digest *dg)
{
	kp_dshape **v = xcalloc(dg->n, sizeof *v);
	size_t n = 0;
	for (size_t i = 0; i < dg->cap; i++)
		if (dg->tab[i])
			v[n++] = dg->tab[i];
	qsort(v, n, sizeof *v, by_count);
	for (size_t i = 0; i < n; i++)
		for (int h = 0; h < v[i]->nhot; h++)
			kp_topk_sort(&v[i]->hot[h].tk);
	return v;
}
