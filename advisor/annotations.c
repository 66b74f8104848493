/* Annotations (docs/annotations.md): what keyplan cannot guess about a
 * table, stated in the comment lines right before its CREATE TABLE:
 *
 *   -- rows: 500000000
 *   -- writes: 20000
 *   -- distinct: status 5
 *   -- distribution: created monotonic
 *   -- row_bytes: 300
 *   -- regions: 16
 *   -- range: created 1/365
 *   -- distribution: state 'DONE' 95%    (a number: 1 40%, a BOOLEAN: TRUE 95%)
 *   CREATE TABLE orders (...);
 *
 * Parsed here, once per table, for the cost model, the hotspot evidence
 * and the region simulation (tools/simulate/); a malformed annotation is a
 * located KP022 and is ignored. Workload statements keep their own
 * "-- weight: N" and "-- rate: N/s" (kp_rate_parse, below). A value may be
 * followed by a note for the reader (kp_annotation_note): one grammar for
 * check, simulate and the editor integration. */
#include "advisor/advisorInt.h"
#include "base/num.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const keys[] = {"rows",      "writes",  "distinct", "distribution",
                                   "row_bytes", "regions", "range",    NULL};

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
	while (end > p && isspace((unsigned char)end[-1]))
		end--;
	double v;
	if (!kp_decimal(p, (size_t)(end - p), &v) || !(v >= 0 && v <= 1e15))
		return -1;
	return v;
}

/* A share of rows in (0, 1] from [p, end): a number (0.01) or a fraction
 * of two (1/365: a window of a day in a year's retention), else -1. */
static double share(const char *p, const char *end)
{
	const char *slash = memchr(p, '/', (size_t)(end - p));
	double a, b = 1;
	if (!kp_decimal(p, (size_t)((slash ? slash : end) - p), &a) ||
	    (slash && !kp_decimal(slash + 1, (size_t)(end - slash - 1), &b)))
		return -1;
	if (!(a > 0 && b > 0 && a <= b && b <= 1e15))
		return -1;
	return a / b;
}

const char *kp_annotation_word(const char *v, const char *end, const char **next)
{
	const char *e = v;
	while (e < end && !isspace((unsigned char)*e))
		e++;
	const char *n = e;
	while (n < end && isspace((unsigned char)*n))
		n++;
	*next = n;
	return e;
}

/* Words that scale the number before them: a note starting with one would
 * read "5 million" as 5 (compared in any case; UTF-8 as written). */
static const char *const magnitudes[] = {"k", "m", "b", "g", "t", "mm", "mn", "bn", "mio", "kb", "mb", "gb", "tb",
                                         "kib", "mib", "gib", "tib", "thousand", "thousands", "million",
                                         "millions", "billion", "billions", "trillion", "trillions", "lakh",
                                         "crore", "\xe5\x8d\x83", "\xe4\xb8\x87", "\xe4\xba\xbf",
                                         "\xe7\x99\xbe\xe4\xb8\x87", "\xe5\x8d\x83\xe4\xb8\x87", NULL};

bool kp_annotation_note(const char *p, const char *end)
{
	if (p >= end)
		return true;
	unsigned char c = (unsigned char)*p;
	bool digit_next = p + 1 < end && (isdigit((unsigned char)p[1]) || p[1] == '.');
	if (isdigit(c) || c == '/' || ((c == '+' || c == '-' || c == '.') && digit_next))
		return false;
	/* an exponent written apart: "5 e6" */
	if ((c == 'e' || c == 'E') && p + 1 < end &&
	    (isdigit((unsigned char)p[1]) || ((p[1] == '+' || p[1] == '-') && p + 2 < end && isdigit((unsigned char)p[2]))))
		return false;
	/* a magnitude, alone or followed by punctuation or a unit ("5 M,",
	 * "20 k/s") */
	const char *e = p;
	while (e < end && (isalnum((unsigned char)*e) || (unsigned char)*e >= 0x80))
		e++;
	size_t len = (size_t)(e - p);
	for (int i = 0; magnitudes[i]; i++)
		if (strlen(magnitudes[i]) == len && !strncasecmp(p, magnitudes[i], len))
			return false;
	return true;
}

static void bad(kp_advisor *adv, kp_source *src, const char *p, const char *end, const char *what)
{
	kp_diag_add(adv->d, adv->a, KP_R_UNKNOWN_DIRECTIVE, KP_SEV_WARNING, src, (uint32_t)(p - src->text),
	            (uint32_t)(end - p), "malformed annotation '%.*s': %s (docs/annotations.md); ignored",
	            (int)(end - p), p, what);
}

/* The value v of a -- distribution: COLUMN VALUE SHARE, of n bytes as
 * written (quoted: its text unquoted), as column c holds it: a numeric
 * column's a number (1, -2, 2.5; quoted or not: '1' is the literal 1 a
 * statement compares it with), a BOOLEAN's TRUE or FALSE, any other
 * column's a quoted string. NULL when it fits, else what is wrong. */
static const char *held_value(kp_advisor *adv, const kp_column *c, bool quoted, const char *p, size_t n,
                              kp_value *v)
{
	double x;
	switch (c->tclass) {
	case KP_T_INT:
	case KP_T_REAL:
		if (!kp_decimal(p, n, &x) || !isfinite(x))
			return kp_arena_printf(adv->a, "%s is %s: its value is a number (1, or 2.5)", c->name, c->type_name);
		if (c->tclass == KP_T_INT && x == floor(x) && fabs(x) < 9e15)
			*v = (kp_value){.kind = KP_V_INT, .i = (int64_t)x};
		else
			*v = (kp_value){.kind = KP_V_REAL, .r = x};
		return NULL;
	case KP_T_BOOL:
		if (n == 4 && !strncasecmp(p, "TRUE", 4))
			*v = (kp_value){.kind = KP_V_BOOL, .i = 1};
		else if (n == 5 && !strncasecmp(p, "FALSE", 5))
			*v = (kp_value){.kind = KP_V_BOOL, .i = 0};
		else
			return kp_arena_printf(adv->a, "%s is %s: its value is TRUE or FALSE", c->name, c->type_name);
		return NULL;
	default:
		if (!quoted)
			return kp_arena_printf(adv->a, "%s is %s: its value is quoted as SQL quotes a string ('V')", c->name,
			                       c->type_name);
		char *text = kp_arena_alloc(adv->a, n + 1);
		if (n)
			memcpy(text, p, n);
		text[n] = 0;
		*v = (kp_value){.kind = KP_V_STR, .n = (uint32_t)n, .s = text};
		return NULL;
	}
}

/* Is [p, end) a value of -- distribution: COLUMN VALUE SHARE written
 * unquoted (a number, TRUE or FALSE) rather than a kind (uniform ...)? */
static bool unquoted_value(const char *p, const char *end)
{
	size_t n = (size_t)(end - p);
	double x;
	return kp_decimal(p, n, &x) || (n == 4 && !strncasecmp(p, "TRUE", 4)) || (n == 5 && !strncasecmp(p, "FALSE", 5));
}

/* -- distribution: COLUMN VALUE SHARE from w (at the value) to end, into
 * column ci of t's notes n: NULL when it is read, else what is wrong. */
static const char *held(kp_advisor *adv, const kp_table *t, kpa_notes *n, int ci, const char *w, const char *end)
{
	const char *usage = "expected a column, its value (quoted for a string, a number or TRUE/FALSE) and the "
	                    "share of the rows that hold it (95%, 0.95 or 19/20)";
	kp_buf v = {0};
	const char *sw;
	bool quoted = w < end && *w == '\'';
	if (quoted) {
		const char *q = w + 1;
		for (;; q++) {
			if (q >= end) {
				kp_buf_free(&v);
				return usage;   /* no closing quote */
			}
			if (*q == '\'') {
				if (q + 1 < end && q[1] == '\'') {
					kp_buf_putc(&v, '\'');
					q++;
					continue;
				}
				break;
			}
			kp_buf_putc(&v, *q);
		}
		sw = q + 1;
		if (sw < end && !isspace((unsigned char)*sw)) {
			kp_buf_free(&v);
			return usage;   /* 'V'x */
		}
	} else {
		const char *ve = kp_annotation_word(w, end, &sw);
		kp_buf_put(&v, w, (size_t)(ve - w));
	}
	while (sw < end && isspace((unsigned char)*sw))
		sw++;
	const char *rest;
	const char *se = kp_annotation_word(sw, end, &rest);
	double x = -1;
	if (kp_annotation_note(rest, end)) {
		if (se > sw && se[-1] == '%') {
			double pc;
			if (kp_decimal(sw, (size_t)(se - 1 - sw), &pc) && pc > 0 && pc <= 100)
				x = pc / 100;
		} else {
			x = share(sw, se);
		}
	}
	if (!(x > 0 && x <= 1)) {
		kp_buf_free(&v);
		return usage;
	}
	kp_value val;
	const char *why = held_value(adv, &t->cols[ci], quoted, v.len ? (const char *)v.data : "", v.len, &val);
	kp_buf_free(&v);
	if (why)
		return why;
	n->held[ci] = val;
	n->held_share[ci] = x;
	return NULL;
}

/* One trimmed comment line [p, end) of src before t's CREATE TABLE (or an
 * ALTER TABLE adding its columns). */
static void one(kp_advisor *adv, const kp_table *t, kpa_notes *n, kp_source *src, const char *p, const char *end)
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
	/* the value's first word, and what follows it */
	const char *rest;
	const char *ve = kp_annotation_word(v, end, &rest);
	if (k == 0 || k == 1 || k == 4 || k == 5) {
		/* one number, then a note */
		if (!kp_annotation_note(rest, end))
			ve = end;   /* read as one value: malformed */
	}
	if (k == 0 || k == 1) {
		double x = number(v, ve);
		if (x < 0) {
			bad(adv, src, p, end, "expected a number from 0 to 1e15");
			return;
		}
		if (k == 0)
			n->rows = x;
		else
			n->writes = x;
		return;
	}
	if (k == 4) {
		double x = number(v, ve);
		if (!(x >= 1 && x <= KP_ROW_BYTES_MAX)) {
			bad(adv, src, p, end, "expected a row size in bytes from 1 to 100000000");
			return;
		}
		n->row_bytes = x;
		return;
	}
	if (k == 5) {
		double x = number(v, ve);
		if (!(x >= 1 && x <= KP_REGIONS_MAX) || x != (double)(long long)x) {
			bad(adv, src, p, end, "expected a whole number of regions from 1 to 100000");
			return;
		}
		n->regions = x;
		return;
	}
	/* distinct: COLUMN N, distribution: COLUMN KIND [ARG], then a note */
	int ci = column_named(adv, t, v, (size_t)(ve - v));
	if (ci < 0) {
		bad(adv, src, p, end, kp_arena_printf(adv->a, "%s has no column '%.*s'", t->name, (int)(ve - v), v));
		return;
	}
	const char *w = rest;
	if (k == 6) {
		/* range: COLUMN SHARE, the share of rows a range on it keeps */
		const char *we = kp_annotation_word(w, end, &rest);
		double x = kp_annotation_note(rest, end) ? share(w, we) : -1;
		if (!(x > 0)) {
			bad(adv, src, p, end, "expected a column and the share of rows a range on it keeps, from 0 to 1 "
			                    "(0.01, or a fraction such as 1/365)");
			return;
		}
		n->range[ci] = x;
		return;
	}
	if (k == 2) {
		const char *we = kp_annotation_word(w, end, &rest);
		double x = kp_annotation_note(rest, end) ? number(w, we) : -1;
		if (x < 1) {
			bad(adv, src, p, end, "expected a column and a number of distinct values of at least 1");
			return;
		}
		n->distinct[ci] = x;
		return;
	}
	/* a value and the share of the rows that hold it: VALUE SHARE, VALUE
	 * by the column's type (a string quoted as SQL quotes it, '' for a
	 * quote; a number; TRUE or FALSE), SHARE a percentage (95%) or a share
	 * as -- range: takes it (0.95, 19/20) */
	const char *kw = w;
	const char *arg;
	const char *kwe = kp_annotation_word(kw, end, &arg);
	if ((w < end && *w == '\'') || unquoted_value(kw, kwe)) {
		const char *why = held(adv, t, n, ci, w, end);
		if (why)
			bad(adv, src, p, end, why);
		return;
	}
	/* the kind, then its argument: zipfian's constant, fixed's count */
	w = kwe;
	static const char *const dists[] = {"uniform", "monotonic", "skewed", "fixed", "zipfian", "latest", NULL};
	int kind = -1;
	for (int i = 0; dists[i]; i++)
		if ((size_t)(w - kw) == strlen(dists[i]) && !strncasecmp(kw, dists[i], strlen(dists[i])))
			kind = i;
	const char *expect = "expected a column and uniform, monotonic, latest, skewed, zipfian [THETA] or fixed N";
	if (kind < 0) {
		bad(adv, src, p, end, expect);
		return;
	}
	/* the argument is the next word when the kind takes one and the word
	 * is no note (a number); what follows it is a note */
	double x = -2;
	if ((kind == 3 || kind == 4) && !kp_annotation_note(arg, end)) {
		const char *ae = kp_annotation_word(arg, end, &rest);
		x = kp_annotation_note(rest, end) ? number(arg, ae) : -1;
	} else if (!kp_annotation_note(arg, end)) {
		x = -1;   /* a number after a kind that takes none */
	}
	if (kind == 3) {           /* fixed N: N values, as many rows each */
		if (!(x >= 1 && x <= 1e15) || x != (double)(long long)x) {
			bad(adv, src, p, end, "expected fixed and a whole number of values from 1 to 1e15");
			return;
		}
		n->dist[ci] = KPA_DIST_FIXED;
		n->dist_arg[ci] = x;
		if (n->distinct[ci] < 1)
			n->distinct[ci] = x;
		return;
	}
	if (kind == 4 || kind == 2) {  /* zipfian [THETA], skewed: YCSB's 0.99 unless given */
		if (x == -2)
			x = KP_ZIPF_THETA;
		else if (kind == 2 || !(x > 0 && x < 1)) {
			bad(adv, src, p, end, kind == 2 ? expect : "expected zipfian and a constant between 0 and 1 (YCSB's is 0.99)");
			return;
		}
		n->dist[ci] = KPA_DIST_SKEWED;
		n->dist_arg[ci] = x;
		return;
	}
	if (x != -2) {
		bad(adv, src, p, end, expect);
		return;
	}
	if (kind == 5) {           /* latest: new values grow, reads prefer the newest */
		n->dist[ci] = KPA_DIST_MONOTONIC;
		n->latest[ci] = true;
		return;
	}
	n->dist[ci] = (int8_t)(kind + 1);
}

/* Whether the statement at off of src starts with the keyword kw (a word
 * of its own). */
static bool starts_with_word(const kp_source *src, uint32_t off, const char *kw)
{
	size_t n = strlen(kw);
	const char *s = src->text;
	return off <= src->len && src->len - off >= n && !strncasecmp(s + off, kw, n) &&
	       (src->len - off == n || !(isalnum((unsigned char)s[off + n]) || s[off + n] == '_'));
}

/* Where t's CREATE statement starts: its first token, as the parser placed
 * it (kp_table.stmt_off). */
static size_t create_start(const kp_table *t)
{
	return t->stmt_off <= t->off ? t->stmt_off : t->off;
}

/* keyplan's own splice of a bucket (or a hash prefix) and a column c into
 * the key's first column, named <c>_key (hotspot.c's salt_buckets and
 * hash_prefix, index_table.c's merged lead): c's values times the buckets,
 * where c's are annotated and the splice's own are not, as index_keep.c's
 * <index>_bucket is read back, so the DDL keyplan advised is read as it
 * was advised (designs9 E59 applied: campaign_id_key at the default 1% of
 * 2e10 rows a value made an index led by it pay). c holds no key column
 * any more: the splice took its place. */
static void spliced_distinct(kp_advisor *adv, const kp_table *t, kpa_notes *n)
{
	if (t->pk.n < 1 || t->pk.parts[0].col < 0)
		return;
	int ci = t->pk.parts[0].col;
	const kp_column *k = &t->cols[ci];
	if (n->distinct[ci] >= 1 || k->name_len <= 4 || strcasecmp(k->name + k->name_len - 4, "_key") != 0)
		return;
	int c = column_named(adv, t, k->name, k->name_len - 4);
	if (c < 0 || c == ci || t->cols[c].key_pos >= 0 || !(n->distinct[c] >= 1))
		return;
	double d = n->distinct[c] * KP_BUCKETS;
	n->distinct[ci] = n->rows >= 1 && d > n->rows ? n->rows : d;
}

/* t's annotations, none stated yet. */
static kpa_notes *new_notes(kp_arena *a, const kp_table *t)
{
	kpa_notes *n = kp_arena_alloc(a, sizeof(*n));
	n->rows = n->writes = n->row_bytes = n->regions = -1;
	n->distinct = kp_arena_alloc(a, sizeof(double) * (size_t)(t->ncols + 1));
	n->dist_arg = kp_arena_alloc(a, sizeof(double) * (size_t)(t->ncols + 1));
	n->dist = kp_arena_alloc(a, (size_t)(t->ncols + 1));
	n->latest = kp_arena_alloc(a, (size_t)(t->ncols + 1));
	n->range = kp_arena_alloc(a, sizeof(double) * (size_t)(t->ncols + 1));
	n->held = kp_arena_alloc(a, sizeof(kp_value) * (size_t)(t->ncols + 1));
	n->held_share = kp_arena_alloc(a, sizeof(double) * (size_t)(t->ncols + 1));
	return n;
}

/* Where the ALTER statement that declared column c starts (its first
 * token, as the parser placed it: kp_column.stmt_off), or (size_t)-1 when
 * the statement that declared it is not an ALTER (a column of the CREATE
 * TABLE). A text search back for the keyword would take an "alter" in a
 * comment or a name between them for the statement's start. */
static size_t alter_start(const kp_column *c)
{
	if (c->stmt_off > c->off || !starts_with_word(c->src, c->stmt_off, "alter"))
		return (size_t)-1;
	return c->stmt_off;
}

/* The comment lines right above the statement starting at at in src into
 * n, each malformed one KP022 in adv->d. */
static void read_block_at(kp_advisor *adv, const kp_table *t, kpa_notes *n, kp_source *src, size_t at)
{
	const char *s = src->text;
	while (at > 0 && s[at - 1] != '\n') {
		/* something before CREATE on its line: only a same-line comment
		 * cannot be, so no annotation block */
		if (!isspace((unsigned char)s[at - 1]))
			return;
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
		one(adv, t, n, src, p, end);
		at = b;
	}
}

/* The comment lines right above t's CREATE into n, then those above each
 * ALTER TABLE that added a column of t (docs/annotations.md: the advised
 * DDL adds a bucket column so, its count stated above it), a later
 * statement's over an earlier's; each malformed one KP022 in adv->d. */
static void read_block(kp_advisor *adv, const kp_table *t, kpa_notes *n)
{
	if (!t->src || !t->src->text || t->off > t->src->len)
		return;
	read_block_at(adv, t, n, t->src, create_start(t));
	kp_source *last_src = NULL;
	size_t last = (size_t)-1;
	for (int i = 0; i < t->ncols; i++) {
		const kp_column *c = &t->cols[i];
		if (!c->src || !c->src->text || c->off > c->src->len || (c->src == t->src && c->off <= t->off))
			continue;
		size_t at = alter_start(c);
		/* a column of the CREATE, or of the ALTER just read (the columns
		 * one ALTER adds come one after another) */
		if (at == (size_t)-1 || (c->src == last_src && at == last))
			continue;
		last_src = c->src;
		last = at;
		read_block_at(adv, t, n, c->src, at);
	}
}

/* The name of the column a key change's DDL leads its PRIMARY KEY with,
 * where the DDL declares it with an integer type (a bucket number, not a
 * splice of a bucket and a value, not a hash expression), or NULL. */
static const char *ddl_int_lead(kp_advisor *adv, const char *ddl)
{
	const char *p = NULL;
	for (const char *q = ddl; (q = strstr(q, "PRIMARY KEY (")); q++)
		p = q + strlen("PRIMARY KEY (");
	if (!p)
		return NULL;
	size_t w = strcspn(p, " ,()");
	if (w == 0 || (p[w] != ',' && p[w] != ')' && p[w] != ' '))
		return NULL;
	/* its declaration: "(name TYPE" or ", name TYPE" */
	static const char *const ints[] = {"INT ", "INT,", "INTEGER ", "INTEGER,", "BIGINT ", "BIGINT,", NULL};
	for (const char *q = ddl; (q = strstr(q, kp_arena_printf(adv->a, "%.*s ", (int)w, p))) && q < p; q++) {
		if (q == ddl || (q[-1] != '(' && q[-1] != ' '))
			continue;
		if (q[-1] == ' ' && (q - 1 == ddl || q[-2] != ','))
			continue;
		for (int i = 0; ints[i]; i++)
			if (!strncmp(q + w + 1, ints[i], strlen(ints[i])))
				return kp_arena_printf(adv->a, "%.*s", (int)w, p);
		return NULL;
	}
	return NULL;
}

const char *kpa_ddl_annotated(kp_advisor *adv, const kp_advice *x)
{
	const kp_table *t = x->table;
	if (!x->ddl || !t || x->buckets <= 0)
		return x->ddl;
	const char *b = NULL;
	if (x->replaces && x->index && !strcmp(x->kind, "rebuild_index")) {
		b = kpa_index_bucket_name(adv, t, x->replaces);
		if (!b || !strstr(x->ddl, kp_arena_printf(adv->a, "ADD COLUMN %s ", b)))
			b = NULL;   /* a key column the writer fills already */
	} else if (x->newkey && !x->index && x->newkey->n > 0 && x->newkey->parts[0].col < 0 &&
	           !strncmp(x->ddl, "CREATE TABLE ", 13)) {
		b = ddl_int_lead(adv, x->ddl);
	}
	if (!b || column_named(adv, t, b, strlen(b)) >= 0)
		return x->ddl;
	return kp_arena_printf(adv->a, "-- distinct: %s %d\n-- distribution: %s uniform\n%s", b, x->buckets, b, x->ddl);
}

const kpa_notes *kpa_notes_of(kp_advisor *adv, const kp_table *t)
{
	if (!adv->notes)
		adv->notes = kp_arena_alloc(adv->a, sizeof(kpa_notes *) * (size_t)(adv->cat->ntables + 1));
	if (t->id < 0 || t->id >= adv->cat->ntables || adv->cat->tables[t->id] != t)
		return NULL;
	if (adv->notes[t->id])
		return adv->notes[t->id];
	kpa_notes *n = new_notes(adv->a, t);
	adv->notes[t->id] = n;
	read_block(adv, t, n);
	spliced_distinct(adv, t, n);
	return n;
}

void kp_annotations_check(const kp_catalog *cat, const kp_table *t, kp_diags *d, kp_arena *a)
{
	/* the reader reads only these three of the advisor: the names' rules,
	 * where its findings go and their arena */
	kp_advisor adv;
	memset(&adv, 0, sizeof adv);
	adv.cat = cat;
	adv.d = d;
	adv.a = a;
	read_block(&adv, t, new_notes(a, t));
}

double kpa_range_kept(const kpa_counts *k, int col)
{
	if (!k || !k->range || col < 0 || col >= k->ncols)
		return 0;
	return k->range[col];
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

/* Why column ci of t would make a key or index it leads a write hotspot, or
 * NULL: its name or type (kpa_hot_reason), unless the schema's
 * annotations say otherwise, as the judge reads them: -- distribution:
 * uniform spreads, monotonic concentrates; a -- distinct: count of at
 * most KP_FEW_VALUES is few values (E36's six locations), more is not,
 * unless the column grows monotonically. */
const char *kpa_lead_hot(kp_advisor *adv, const kp_table *t, int ci)
{
	const kp_column *c = &t->cols[ci];
	const kpa_notes *n = kpa_notes_of(adv, t);
	if (n->dist[ci] == KPA_DIST_UNIFORM)
		return NULL;
	if (n->dist[ci] == KPA_DIST_MONOTONIC)
		return kpa_monotonic_reason(c) ? kpa_monotonic_reason(c) : "monotonic by its -- distribution:";
	if (n->distinct[ci] >= 1 && (!n->dist[ci] || n->dist[ci] == KPA_DIST_FIXED)) {
		if (n->distinct[ci] <= KP_FEW_VALUES)
			return kp_arena_printf(adv->a, "%.15g values by its -- distinct:", n->distinct[ci]);
		return kpa_monotonic_reason(c);
	}
	return kpa_hot_reason(c);
}

int kp_rate_parse(const char *p, const char *end, double *rate, const char **why)
{
	if ((size_t)(end - p) < 5 || strncasecmp(p, "rate:", 5) != 0)
		return 0;
	*why = "expected -- rate: N/s (or N/min, N/h) with 0 <= N/s <= 1e9";
	const char *v = p + 5;
	while (v < end && isspace((unsigned char)*v))
		v++;
	/* N, then "/" and its unit (white space allowed around the slash),
	 * then a note */
	const char *num_end = v;
	while (num_end < end && !isspace((unsigned char)*num_end) && *num_end != '/')
		num_end++;
	const char *r = num_end;
	while (r < end && isspace((unsigned char)*r))
		r++;
	double per = 1;   /* seconds per unit */
	if (r < end && *r == '/') {
		r++;
		while (r < end && isspace((unsigned char)*r))
			r++;
		const char *u = r;
		const char *ue = kp_annotation_word(u, end, &r);
		size_t un = (size_t)(ue - u);
		if (un == 1 && (*u == 's' || *u == 'S'))
			per = 1;
		else if ((un == 3 && !strncasecmp(u, "min", 3)) || (un == 1 && (*u == 'm' || *u == 'M')))
			per = 60;
		else if (un == 1 && (*u == 'h' || *u == 'H'))
			per = 3600;
		else
			return -1;
	}
	if (!kp_annotation_note(r, end))
		return -1;
	double x = number(v, num_end);
	if (x < 0 || !(x / per <= KP_RATE_MAX))
		return -1;
	*rate = x / per;
	return 1;
}

/* The one reader of -- rate: (docs/annotations.md) for check's judge
 * (kpa_stated_rate) and simulate (tools/simulate/sim_build.c): the comment
 * lines right above the statement at off, blank lines between them
 * allowed, as for -- weight:; the nearest well-formed rate counts, and
 * every malformed one of the block is KP022 at its place in d (NULL: said
 * elsewhere: check and lint say it through tools/suppress.c). */
double kp_rate_stated(kp_source *src, uint32_t off, kp_diags *d, kp_arena *a)
{
	if (!src || !src->text || off > src->len)
		return -1;
	const char *t = src->text;
	size_t at = off;
	while (at > 0 && t[at - 1] != '\n')
		at--;
	double rate = -1;
	while (at > 0) {
		size_t e = at - 1, s = e;
		while (s > 0 && t[s - 1] != '\n')
			s--;
		const char *p = t + s, *end = t + e;
		at = s;
		while (p < end && isspace((unsigned char)*p))
			p++;
		while (end > p && isspace((unsigned char)end[-1]))
			end--;
		if (p == end)
			continue;   /* a blank line */
		if (end - p < 2 || p[0] != '-' || p[1] != '-')
			break;
		p += 2;
		while (p < end && isspace((unsigned char)*p))
			p++;
		double r;
		const char *why;
		int k = kp_rate_parse(p, end, &r, &why);
		if (k > 0 && rate < 0) {
			rate = r;   /* the nearest one counts */
			if (!d)
				break;
		} else if (k < 0 && d) {
			kp_diag_add(d, a, KP_R_UNKNOWN_DIRECTIVE, KP_SEV_WARNING, src, (uint32_t)(p - t), (uint32_t)(end - p),
			            "malformed annotation '%.*s': %s (docs/annotations.md); ignored", (int)(end - p), p, why);
		}
	}
	return rate;
}

double kpa_stated_rate(const kp_wquery *q)
{
	return kp_rate_stated(q->src, q->off, NULL, NULL);
}

double kpa_held_share(const kpa_counts *k, int col, const kp_value *v)
{
	if (!k || !k->held || !k->held_share || !v || col < 0 || col >= k->ncols || !(k->held_share[col] > 0))
		return 0;
	if (v->kind == KP_V_PARAM || v->kind == KP_V_NULL || v->kind == KP_V_HASH)
		return 0;   /* a value the statement does not name */
	bool ok = true;
	double x = k->held_share[col];
	if (kp_value_cmp(v, &k->held[col], &ok) == 0 && ok)
		return x;
	if (!ok)
		return 0;   /* not comparable (a number against the quoted value) */
	/* another value: the rest of the rows, over the other values */
	double d = k->distinct ? k->distinct[col] : 0;
	double rest = 1 - x;
	return d >= 2 ? rest / (d - 1) : rest > 0 ? rest : 1e-9;
}

double kpa_held_share_in(const kpa_counts *k, const kp_names *nm, const kp_expr *w, int col)
{
	if (!k || !k->held_share || !nm || !w || col < 0 || col >= k->ncols || !(k->held_share[col] > 0))
		return 0;
	const kp_expr *one;
	uint32_t n;
	const kp_expr *const *l = kpa_conjuncts(w, &one, &n);
	for (uint32_t i = 0; i < n; i++) {
		const kp_expr *e = l[i];
		if (e->kind != KP_X_CMP || e->op != KP_OP_EQ)
			continue;
		const kp_expr *lit = kpa_colref(nm, e->a) == col ? e->b : kpa_colref(nm, e->b) == col ? e->a : NULL;
		kp_value v;
		if (lit && kp_value_of(&v, lit))
			return kpa_held_share(k, col, &v);
	}
	return 0;
}
