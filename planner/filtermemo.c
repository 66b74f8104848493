/* A shape's residual filter written as SQL once, its literals written
 * again for each statement (reuse.c keeps it with the shape's resolution).
 *
 * A filtered scan's plan and its KP002 finding carry the filter's text
 * (kp_conj_to_sql of the conjuncts the key ranges do not serve). A
 * statement the planner keeps things for is a copy of its shape's block
 * (grammar/shape.c): its WHERE's conjuncts are the same nodes at the same
 * offsets, and every number and string in them is a node made from its own
 * token, pointed to by a field of the block at an offset the shape fixes.
 * Writing a conjunct reads names, operators, parameters and parentheses,
 * all the shape's, and its numbers' and strings' text (kp_literal_sql). So
 * the text of one statement's filter, with where each literal was written
 * (kp_conj_to_sql_marked), is the text of every statement of the shape
 * whose filter is the same conjuncts (by their places in the WHERE), with
 * each literal's bytes replaced by its own: written that way, rendering
 * the tree again (about 340 instructions a statement on the benchmark,
 * where half the plans have a filter) becomes copies.
 *
 * Kept only where every conjunct of the filter is one of the WHERE's and
 * every literal is found by a field of the subtree of its conjunct; a
 * filter of other conjuncts is written in full and kept instead.
 * KP_SHAPE_CACHE=verify plans every statement again from nothing and
 * compares the plan's JSON and findings (reuse.c), so a filter written
 * here is checked against the one kp_conj_to_sql writes. */
#include "planner/planInt.h"

#define MAX_CONJ 32             /* conjuncts of a filter kept */
#define MAX_HOLES 64            /* literals in it */
#define MAX_TEXT 4096           /* bytes of its text */

typedef struct hole {
	uint32_t from, to;      /* where the literal was in text */
	uint32_t at;            /* the field pointing to it, from the statement */
	uint8_t kind;           /* its kind */
} hole;

struct kp_filter_memo {
	bool set;
	uint32_t nconj;
	uint32_t conj[MAX_CONJ]; /* the filter's conjuncts: their places in the WHERE */
	uint32_t nholes;
	hole holes[MAX_HOLES];
	uint32_t len;
	char text[MAX_TEXT];    /* the text written for the statement it was kept from */
	kp_buf scratch;         /* kp_filter_memo_scratch's */
};

kp_filter_memo *kp_filter_memo_new(void)
{
	kp_filter_memo *m = malloc(sizeof *m);
	if (!m)
		abort();
	m->set = false;
	m->scratch = (kp_buf){0};
	return m;
}

void kp_filter_memo_clear(kp_filter_memo *m)
{
	if (m)
		m->set = false;
}

void kp_filter_memo_free(kp_filter_memo *m)
{
	if (m)
		kp_buf_free(&m->scratch);
	free(m);
}

kp_buf *kp_filter_memo_scratch(kp_filter_memo *m)
{
	kp_buf_clear(&m->scratch);
	return &m->scratch;
}

/* The place of each of filter's n conjuncts among where's, in pos; false
 * when one is not among them or they are too many. */
static bool places(const kp_expr *const *filter, uint32_t n, const kp_expr *where, uint32_t *pos)
{
	if (!where || !n || n > MAX_CONJ)
		return false;
	kp_expr *const *w = where->kind == KP_X_AND ? (kp_expr *const *)where->list : (kp_expr *const *)&where;
	uint32_t nw = where->kind == KP_X_AND ? where->n : 1;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t j = 0;
		while (j < nw && w[j] != filter[i])
			j++;
		if (j == nw)
			return false;
		pos[i] = j;
	}
	return true;
}

/* The field of e's subtree pointing to lit, or NULL. */
static kp_expr *const *field_of(const kp_expr *e, const kp_expr *lit)
{
	if (!e)
		return NULL;
	kp_expr *const *f[3] = {&e->a, &e->b, &e->c};
	for (int i = 0; i < 3; i++) {
		if (*f[i] == lit)
			return f[i];
		kp_expr *const *r = field_of(*f[i], lit);
		if (r)
			return r;
	}
	for (uint32_t i = 0; i < e->n; i++) {
		if (e->list[i] == lit)
			return &e->list[i];
		kp_expr *const *r = field_of(e->list[i], lit);
		if (r)
			return r;
	}
	return NULL;
}

void kp_filter_sql_kept(kp_buf *out, kp_filter_memo *m, const kp_stmt *s, const kp_expr *where,
                        kp_expr *const *filter, uint32_t n)
{
	uint32_t pos[MAX_CONJ];
	bool placed = m && places((const kp_expr *const *)filter, n, where, pos);
	if (placed && m->set && m->nconj == n && !memcmp(m->conj, pos, n * sizeof *pos)) {
		const char *base = (const char *)s;
		size_t start = out->len;
		uint32_t at = 0;
		bool ok = true;
		for (uint32_t i = 0; i < m->nholes && ok; i++) {
			const hole *h = &m->holes[i];
			const kp_expr *e;
			memcpy(&e, base + h->at, sizeof e);
			ok = e->kind == h->kind;
			kp_buf_put(out, m->text + at, h->from - at);
			kp_literal_sql(out, e);
			at = h->to;
		}
		if (ok) {
			kp_buf_put(out, m->text + at, m->len - at);
			return;
		}
		out->len = start;   /* not the shape's literal: written in full */
	}
	if (!placed) {
		kp_conj_to_sql(out, filter, n);
		return;
	}
	/* written in full, and kept */
	size_t start = out->len;
	kp_sql_mark marks[MAX_HOLES];
	uint32_t nm = kp_conj_to_sql_marked(out, filter, n, marks, MAX_HOLES);
	m->set = false;
	if (nm > MAX_HOLES || out->len - start > MAX_TEXT)
		return;
	for (uint32_t i = 0; i < nm; i++) {
		kp_expr *const *f = NULL;
		for (uint32_t j = 0; j < n && !f; j++)
			f = field_of(filter[j], marks[i].lit);
		uintptr_t fa = (uintptr_t)f, b = (uintptr_t)s;
		if (!f || fa < b || fa - b >= ((uintptr_t)1 << 24))
			return;
		m->holes[i] = (hole){(uint32_t)(marks[i].from - start), (uint32_t)(marks[i].to - start),
		                     (uint32_t)(fa - b), marks[i].lit->kind};
	}
	m->nholes = nm;
	m->nconj = n;
	memcpy(m->conj, pos, n * sizeof *pos);
	m->len = (uint32_t)(out->len - start);
	memcpy(m->text, out->data + start, m->len);
	m->set = true;
}
