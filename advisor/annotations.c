/* Annotations (docs/annotations.md): what keyplan cannot guess about a
 * table, stated in the comment lines right before its CREATE TABLE:
 *
 *   -- rows: 500000000
 *   -- writes: 20000
 *   -- distinct: status 5
 *   -- distribution: created monotonic
 *   CREATE TABLE orders (...);
 *
 * Parsed here, once per table, for the cost model and the hotspot
 * evidence; a malformed annotation is a located KP022 and is ignored.
 * Workload statements keep their own "-- weight: N". */
#include "advisor/advisorInt.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const keys[] = {"rows", "writes", "distinct", "distribution", NULL};

/* The column of t named [p, p + n), or -1: compared as the catalog
 * compares names, an annotation's name being unquoted (Phoenix upper-cases
 * it, as its parser does every unquoted name). */
static int column_named(const kp_advisor *adv, const kp_table *t, const char *p, size_t n)
{
	bool upper = adv->cat->names == KP_NAMES_UPPER;
	for (int i = 0; i < t->ncols; i++) {
		const kp_column *c = &t->cols[i];
		if (c->dropped || c->name_len != n)
			continue;
		bool eq = !t->exact_names || upper ? !strncasecmp(c->name, p, n) : !memcmp(c->name, p, n);
		/* on Phoenix, a quoted lower-case column needs its exact name */
		for (size_t k = 0; eq && upper && k < n; k++)
			eq = c->name[k] == toupper((unsigned char)p[k]);
		if (eq)
			return i;
	}
	return -1;
}

/* A number in [0, 1e15] from [p, end), or -1. */
static double number(const char *p, const char *end)
{
	char buf[64];
	size_t n = (size_t)(end - p);
	if (n == 0 || n >= sizeof buf)
		return -1;
	memcpy(buf, p, n);
	buf[n] = 0;
	char *e;
	double v = strtod(buf, &e);
	if (e == buf || *e || !(v >= 0 && v <= 1e15))
		return -1;
	return v;
}

static void bad(kp_advisor *adv, const kp_table *t, const char *p, const char *end, const char *what)
{
	kp_diag_add(adv->d, adv->a, KP_R_UNKNOWN_DIRECTIVE, KP_SEV_WARNING, t->src, (uint32_t)(p - t->src->text),
	            (uint32_t)(end - p), "malformed annotation '%.*s': %s (docs/annotations.md); ignored",
	            (int)(end - p), p, what);
}

/* One trimmed comment line [p, end) before t's CREATE TABLE. */
static void one(kp_advisor *adv, const kp_table *t, kpa_notes *n, const char *p, const char *end)
{
	const char *colon = memchr(p, ':', (size_t)(end - p));
	if (!colon)
		return;   /* an ordinary comment */
	int k = -1;
	for (int i = 0; keys[i]; i++)
		if ((size_t)(colon - p) == strlen(keys[i]) && !strncasecmp(p, keys[i], strlen(keys[i])))
			k = i;
	if (k < 0)
		return;   /* not an annotation key: an ordinary comment */
	const char *v = colon + 1;
	while (v < end && isspace((unsigned char)*v))
		v++;
	if (k == 0 || k == 1) {
		double x = number(v, end);
		if (x < 0) {
			bad(adv, t, p, end, "expected a number from 0 to 1e15");
			return;
		}
		if (k == 0)
			n->rows = x;
		else
			n->writes = x;
		return;
	}
	/* distinct: COLUMN N, distribution: COLUMN uniform|monotonic|skewed */
	const char *w = v;
	while (w < end && !isspace((unsigned char)*w))
		w++;
	int ci = column_named(adv, t, v, (size_t)(w - v));
	if (ci < 0) {
		bad(adv, t, p, end, kp_arena_printf(adv->a, "%s has no column '%.*s'", t->name, (int)(w - v), v));
		return;
	}
	while (w < end && isspace((unsigned char)*w))
		w++;
	if (k == 2) {
		double x = number(w, end);
		if (x < 1) {
			bad(adv, t, p, end, "expected a column and a number of distinct values of at least 1");
			return;
		}
		n->distinct[ci] = x;
		return;
	}
	static const char *const dists[] = {"uniform", "monotonic", "skewed", NULL};
	for (int i = 0; dists[i]; i++)
		if ((size_t)(end - w) == strlen(dists[i]) && !strncasecmp(w, dists[i], strlen(dists[i]))) {
			n->dist[ci] = (int8_t)(i + 1);
			return;
		}
	bad(adv, t, p, end, "expected a column and uniform, monotonic or skewed");
}

/* Where t's CREATE statement starts: the CREATE keyword before its name. */
static size_t create_start(const kp_table *t)
{
	const char *s = t->src->text;
	size_t i = t->off;
	size_t lo = i > 4096 ? i - 4096 : 0;
	while (i >= lo + 6) {
		i--;
		if (!strncasecmp(s + i, "create", 6) && (i == 0 || !isalnum((unsigned char)s[i - 1])))
			return i;
	}
	return t->off;
}

const kpa_notes *kpa_notes_of(kp_advisor *adv, const kp_table *t)
{
	if (!adv->notes)
		adv->notes = kp_arena_alloc(adv->a, sizeof(kpa_notes *) * (size_t)(adv->cat->ntables + 1));
	if (t->id < 0 || t->id >= adv->cat->ntables || adv->cat->tables[t->id] != t)
		return NULL;
	if (adv->notes[t->id])
		return adv->notes[t->id];
	kpa_notes *n = kp_arena_alloc(adv->a, sizeof(*n));
	n->rows = n->writes = -1;
	n->distinct = kp_arena_alloc(adv->a, sizeof(double) * (size_t)(t->ncols + 1));
	n->dist = kp_arena_alloc(adv->a, (size_t)(t->ncols + 1));
	adv->notes[t->id] = n;
	if (!t->src || !t->src->text || t->off > t->src->len)
		return n;
	/* the comment lines right above the CREATE, up to a line that is not one */
	const char *s = t->src->text;
	size_t at = create_start(t);
	while (at > 0 && s[at - 1] != '\n') {
		/* something before CREATE on its line: only a same-line comment
		 * cannot be, so no annotation block */
		if (!isspace((unsigned char)s[at - 1]))
			return n;
		at--;
	}
	while (at > 0) {
		size_t e = at - 1;   /* the '\n' ending the line above */
		size_t b = e;
		while (b > 0 && s[b - 1] != '\n')
			b--;
		const char *p = s + b, *end = s + e;
		while (p < end && isspace((unsigned char)*p))
			p++;
		while (end > p && isspace((unsigned char)end[-1]))
			end--;
		if (end - p < 2 || p[0] != '-' || p[1] != '-')
			break;
		p += 2;
		while (p < end && isspace((unsigned char)*p))
			p++;
		one(adv, t, n, p, end);
		at = b;
	}
	return n;
}

bool kpa_few_values(kp_advisor *adv, const kp_table *t, int ci)
{
	const kpa_notes *n = kpa_notes_of(adv, t);
	if (ci < 0 || ci >= t->ncols)
		return false;
	if (n->distinct[ci] >= 1)
		return n->distinct[ci] <= KP_FEW_VALUES;
	return kpa_enum_reason(&t->cols[ci]) != NULL;
}
