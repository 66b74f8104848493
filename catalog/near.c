/* "Did you mean": the declared name nearest a misspelt one, for the help
 * of unknown-column and unknown-table errors. Nearness is the optimal
 * string alignment distance (insertions, deletions, substitutions and
 * transpositions of adjacent bytes), ignoring ASCII case; a name is
 * offered only when at most a third of it (at least one byte, never all of
 * it) differs, as
 * clang and rustc bound their suggestions, so that an unrelated name is
 * never suggested. */
#include "catalog/catalog.h"
#include "catalog/catalogInt.h"

#include <stdlib.h>
#include <string.h>

/* Names longer than this are not compared (a suggestion for a 200-byte
 * name is noise, and the table below stays on the stack). */
#define NEAR_MAX 64

static int fold(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* The distance between a and b, or limit + 1 when it exceeds limit. */
static int distance(const char *a, uint32_t na, const char *b, uint32_t nb, int limit)
{
	if (na > NEAR_MAX || nb > NEAR_MAX)
		return limit + 1;
	if ((int)(na > nb ? na - nb : nb - na) > limit)
		return limit + 1;
	/* three rows of the dynamic programme: two back, one back, this one */
	int rows[3][NEAR_MAX + 1];
	int *pp = rows[0], *p = rows[1], *c = rows[2];
	for (uint32_t j = 0; j <= nb; j++)
		p[j] = (int)j;
	for (uint32_t i = 1; i <= na; i++) {
		c[0] = (int)i;
		int best = c[0];
		for (uint32_t j = 1; j <= nb; j++) {
			int same = fold((unsigned char)a[i - 1]) == fold((unsigned char)b[j - 1]);
			int v = p[j - 1] + !same;
			if (p[j] + 1 < v)
				v = p[j] + 1;
			if (c[j - 1] + 1 < v)
				v = c[j - 1] + 1;
			if (i > 1 && j > 1 && fold((unsigned char)a[i - 1]) == fold((unsigned char)b[j - 2]) &&
			    fold((unsigned char)a[i - 2]) == fold((unsigned char)b[j - 1]) && pp[j - 2] + 1 < v)
				v = pp[j - 2] + 1;
			c[j] = v;
			if (v < best)
				best = v;
		}
		if (best > limit)
			return limit + 1;
		int *t = pp;
		pp = p;
		p = c;
		c = t;
	}
	return p[nb];
}

/* The most edits a suggestion may be away: a third of the name, at least
 * one, and fewer than its length (a one-letter name has no near miss). */
static int bound(uint32_t len)
{
	int k = (int)(len + 2) / 3;
	if (k < 1)
		k = 1;
	return k < (int)len ? k : (int)len - 1;
}

const char *kp_table_nearest_column(const kp_table *t, const char *name, uint32_t len)
{
	int limit = bound(len), best = limit + 1;
	const char *found = NULL;
	for (int i = 0; i < t->ncols; i++) {
		const kp_column *c = &t->cols[i];
		if (c->dropped)
			continue;
		int k = distance(name, len, c->name, c->name_len, best - 1 < limit ? best - 1 : limit);
		if (k < best && k <= limit) {
			best = k;
			found = c->name;
		}
	}
	return found;
}

const kp_table *kp_catalog_nearest(const kp_catalog *c, const char *name, uint32_t len)
{
	int limit = bound(len), best = limit + 1;
	const kp_table *found = NULL;
	for (int i = 0; i < c->ntables; i++) {
		const kp_table *t = c->tables[i];
		if (t->dropped || !kpc_visible(c, t))
			continue;
		int k = distance(name, len, t->name, t->name_len, best - 1 < limit ? best - 1 : limit);
		if (k < best && k <= limit) {
			best = k;
			found = t;
		}
	}
	return found;
}
