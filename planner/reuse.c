/* Statements of one shape resolved once: see plan.h (kp_plan_memo).
 *
 * A statement read from the shape cache is the AST of its shape with new
 * literals: the same names in the same places, its column references
 * numbered alike (kp_expr.ref). Resolution reads names, never a literal's
 * value, so what it made of the first statement of the shape (which table
 * column each reference names, the columns read) holds for the next one
 * on the same table of the same catalog. Kept only when it is that alone:
 * no name unknown, nothing reported, no _l_ts pseudo-column (which the
 * key decides), no view's or tenant's condition and no function written
 * without parentheses (those make nodes placed at the statement's
 * offsets), no hint. The ORDER BY's positions (ORDER BY 2) read values:
 * made again, as is every later step (kp_plan_resolved).
 *
 * The access path chosen is kept too, where no literal can change it: a
 * statement whose WHERE, ORDER BY, select list, GROUP BY and HAVING hold
 * no number or string (its values are parameters, NULL, TRUE or FALSE,
 * which are part of the shape's text, or none). Every statement of the
 * shape then gives each candidate key the same values, so each is
 * evaluated alike and the same one wins: only it is evaluated again, for
 * its ranges and filter over the new statement's nodes. Where a literal
 * is read, the candidates are all evaluated again, because a value can
 * change a candidate's class: a contradiction (a = 1 AND a = 2, a range
 * whose ends cross), an IN list whose values repeat, a value its column
 * cannot hold (2 for a BOOLEAN, 'x' for a date), a bound past the
 * column's type (1e309). Kept also only when choosing reported nothing
 * (the primary key is not evaluated when an index won, and its findings
 * would be lost), no search index was chosen, no USE INDEX named one and
 * the target does not list every candidate (Tablestore's policy).
 *
 * Where literals are read, each candidate key's evaluation (its ranges,
 * residual filter and class: eval_path) is kept as a template from the
 * second statement of the shape on, and a later statement takes it with
 * its own values filled in when its literals lead the box algebra through
 * the same decisions: the same class for each literal compared with a
 * column (its kind; for a BOOLEAN, 0 or 1; infinite, NaN, a negative zero,
 * an empty string), the same order among the literals compared with one
 * column (so contradictions, crossed ends, repeated IN values, merged and
 * sorted ranges come out alike; an IN list's values are put in order
 * first, being one set), and every other literal (in a function, a LIKE
 * pattern, arithmetic) the same text, with no template for a key whose
 * columns such a literal's conjunct reads. A value the template cannot
 * trace to a literal of its column, a finding while evaluating, a hash or
 * expression key part, a partial index: no template. The rules and why
 * they are exact are at the top of template.c; the path choice over the
 * candidates reads only their structure, so it comes out alike too. */
#include "planner/planInt.h"
#include "planner/explain.h"

#include <stdio.h>

#define SLOTS 4096              /* shapes kept (the shape cache's bound): one per
                                   slot, the latest */
#define SLOTS_FIRST 64          /* the table's size at its first statement kept */

typedef struct kept {
	uint64_t shape;         /* its id (0: empty) */
	const kp_catalog *cat;  /* resolved against this catalog */
	uint64_t gen;           /* ... as it was then */
	const kp_plan_opts *opts;
	const kp_table *t;      /* the table the statement names */
	bool tenant;            /* ... found on a tenant's connection (cat->tenant) */
	uint32_t nnames;        /* entries in col: the statement's references + 1 */
	int ncols;              /* t->ncols then */
	int32_t *col;           /* names->col */
	bool *used;             /* ncols + 1 */
	uint32_t cap_col, cap_used;
	bool path;              /* the path choice is kept: */
	const kp_index *index;  /* ... this key's (NULL: the primary key) */
	kp_tmpls *tm;           /* its candidates' path templates (template.c) */
	kp_find_memo *fm;       /* its full-scan findings (findmemo.c) */
	kp_json_memo *jm;       /* explain's JSON of its path (explain.c) */
	kp_filter_memo *sm;     /* its filter as SQL (filtermemo.c) */
} kept;

/* The slots are made at the first statement kept and doubled (up to SLOTS)
 * while more than an eighth are filled: a pipeline that keeps a few shapes
 * (a library session, a fuzzing input) does not allocate, fault in and
 * walk SLOTS of them (393 KB) to free them, which was a tenth of
 * fuzz_digest's and fuzz_host's executions; and until the table has
 * its SLOTS, a new shape finds its slot taken by another (which it then
 * drives out) at most one time in eight. */
struct kp_plan_memo {
	kept *k;                /* nslots of them (a power of two), or NULL */
	uint32_t nslots, nfilled;
	bool verify;            /* KP_SHAPE_CACHE=verify */
	bool stats;             /* KP_SHAPE_CACHE=stats: counted, and said at the end */
	unsigned long kept, used, paths, templated, findings;
};

kp_plan_memo *kp_plan_memo_new(void)
{
	kp_plan_memo *m = calloc(1, sizeof *m);
	if (!m)
		abort();
	const char *e = getenv("KP_SHAPE_CACHE");
	m->verify = e && !strcmp(e, "verify");
	m->stats = e && !strcmp(e, "stats");
	return m;
}

void kp_plan_memo_free(kp_plan_memo *m)
{
	if (!m)
		return;
	if (m->stats && (m->kept || m->used))
		fprintf(stderr, "keyplan: shape cache: %lu resolutions kept, %lu used again, %lu with the path chosen, "
		        "%lu candidate paths from a template, %lu full-scan findings copied\n", m->kept, m->used, m->paths,
		        m->templated, m->findings);
	/* only the slots used: free(NULL) is not free under ASan (a stack
	 * trace each), and 8,192 of them were half of fuzz_lsp's time */
	for (uint32_t i = 0; i < m->nslots; i++) {
		if (m->k[i].col)
			free(m->k[i].col);
		if (m->k[i].used)
			free(m->k[i].used);
		if (m->k[i].tm)
			kp_tmpls_free(m->k[i].tm);
		if (m->k[i].fm)
			kp_find_memo_free(m->k[i].fm);
		if (m->k[i].jm)
			kp_json_memo_free(m->k[i].jm);
		if (m->k[i].sm)
			kp_filter_memo_free(m->k[i].sm);
	}
	free(m->k);
	free(m);
}

/* Can r, made for s, be used for every statement of its shape? */
static bool shape_only(const resolved *r, const kp_stmt *s, const kp_plan_opts *opts)
{
	return !r->errors && !r->key_dep && r->tenant < 0 && r->plain && !s->hints.n &&
	       !(opts->phoenix && opts->tenant);
}

static void keep(kept *k, const resolved *r, const kp_table *t, const kp_catalog *cat, const kp_plan_opts *opts,
                 uint64_t shape)
{
	uint32_t n = r->names->n, nu = (uint32_t)t->ncols + 1;
	if (k->cap_col < n) {
		free(k->col);
		k->col = malloc(n * sizeof *k->col);
		k->cap_col = n;
	}
	if (k->cap_used < nu) {
		free(k->used);
		k->used = malloc(nu * sizeof *k->used);
		k->cap_used = nu;
	}
	if (!k->col || !k->used)
		abort();
	memcpy(k->col, r->names->col, n * sizeof *k->col);
	memcpy(k->used, r->used, nu * sizeof *k->used);
	k->shape = shape;
	k->cat = cat;
	k->gen = cat->gen;
	k->opts = opts;
	k->t = t;
	k->tenant = cat->tenant != NULL;
	k->nnames = n;
	k->ncols = t->ncols;
	k->path = false;
	k->index = NULL;
	if (k->tm)
		kp_tmpls_clear(k->tm);
	if (k->fm)
		kp_find_memo_clear(k->fm);
	kp_json_memo_clear(k->jm);
	kp_filter_memo_clear(k->sm);
}

/* Does e hold a number or a string? */
static bool has_literal(const kp_expr *e)
{
	if (!e)
		return false;
	if (e->kind == KP_X_INT || e->kind == KP_X_FLOAT || e->kind == KP_X_STRING)
		return true;
	if (has_literal(e->a) || has_literal(e->b) || has_literal(e->c))
		return true;
	for (uint32_t i = 0; i < e->n; i++)
		if (has_literal(e->list[i]))
			return true;
	return false;
}

static bool list_has_literal(const kp_list *l)
{
	for (uint32_t i = 0; i < l->n; i++)
		if (has_literal(l->items[i]))
			return true;
	return false;
}

/* Can the path chosen for s (parts v), as keep says, be kept for every
 * statement of its shape? See the top of this file. */
static bool path_only(const path_keep *keep, const kp_plan *p, const kp_table *t, const kp_stmt *s,
                      const stmt_parts *v, const kp_plan_opts *opts)
{
	if (!keep->quiet || !t->nindexes || opts->index_policy || p->access == KP_ACCESS_SEARCH ||
	    has_literal(v->where))
		return false;
	for (uint32_t i = 0; i < v->order->n; i++)
		if (has_literal(((const kp_order_item *)v->order->items[i])->expr))
			return false;
	if (s->kind == KP_S_SELECT)
		return !s->u.select.use_index && !list_has_literal(&s->u.select.items) &&
		       !list_has_literal(&s->u.select.group) && !has_literal(s->u.select.having);
	return true;
}

/* The resolution of s from k, as kp_resolve makes it for a statement
 * shape_only accepted. */
static void again(resolved *r, const kept *k, const kp_stmt *s, const stmt_parts *v, const kp_plan_opts *opts,
                  kp_arena *a)
{
	memset(r, 0, sizeof *r);
	kp_names *nm = kp_arena_alloc(a, sizeof *nm + sizeof(int32_t) * k->nnames);
	nm->n = k->nnames;
	nm->col = (int32_t *)(nm + 1);
	memcpy(nm + 1, k->col, sizeof(int32_t) * k->nnames);
	r->names = nm;
	bool *used = kp_arena_alloc(a, sizeof(bool) * (size_t)(k->ncols + 1));
	memcpy(used, k->used, sizeof(bool) * (size_t)(k->ncols + 1));
	r->used = used;
	r->where = v->where;
	r->order = v->order;
	if (r->order->n)
		r->order = kp_order_as_sorted(s, r->order, a);
	r->tenant = -1;
	r->plain = true;
	if (opts->phoenix && s->kind == KP_S_SELECT && s->u.select.dyncols.n)
		r->h.no_index = true;
}

static bool same_order(const kp_list *x, const kp_list *y)
{
	if (x->n != y->n)
		return false;
	for (uint32_t i = 0; i < x->n; i++)
		if (x->items[i] != y->items[i] && memcmp(x->items[i], y->items[i], sizeof(kp_order_item)))
			return false;
	return true;
}

/* KP_SHAPE_CACHE=verify: r, made from what was kept, against s resolved
 * again; a difference is a defect of this file, said and aborted on. */
static void verify(const resolved *r, const kp_table *t, const kp_stmt *s, const stmt_parts *v,
                   const kp_plan_opts *opts, kp_source *src, kp_arena *a)
{
	resolved f;
	kp_diags none = {0};
	kp_resolve(&f, t, s, v, opts, src, a, &none);
	const char *what = NULL;
	if (none.head || !shape_only(&f, s, opts))
		what = "what a shape's resolution may keep";
	else if (f.names->n != r->names->n || memcmp(f.names->col, r->names->col, sizeof(int32_t) * f.names->n))
		what = "the columns its names resolve to";
	else if (memcmp(f.used, r->used, sizeof(bool) * (size_t)(t->ncols + 1)))
		what = "the columns it reads";
	else if (f.where != r->where)
		what = "its WHERE";
	else if (!same_order(f.order, r->order))
		what = "its ORDER BY";
	else if (memcmp(&f.h, &r->h, sizeof f.h) || f.tenant != r->tenant || f.key_dep != r->key_dep)
		what = "its hints";
	if (what) {
		fprintf(stderr, "keyplan: shape cache: the resolution kept for the shape of the statement at offset %u "
		        "differs from its own in %s\n", s->off, what);
		abort();
	}
}

/* The plan's JSON, its findings (those after tail in d) with it, and its
 * text line, in b. */
static void rendered(kp_buf *b, const kp_plan *p, const kp_stmt *s, kp_source *src, const kp_diags *d,
                     const kp_diag *tail)
{
	kp_diags mine = {.head = tail ? tail->next : d->head, .tail = d->tail};
	kp_buf_clear(b);
	kp_explain_json(b, p, s, src, s->off, &mine);
	kp_buf_putc(b, '\n');
	kp_explain_text(b, p, s);
}

/* KP_SHAPE_CACHE=verify: the plan made from what was kept (p, its findings
 * after tail in d) against s planned again from nothing; a difference in
 * the plan's JSON, its findings or its text line is a defect of this file,
 * said and aborted on. */
static void verify_plan(const kp_plan *p, const kp_catalog *cat, const kp_stmt *s, const kp_plan_opts *opts,
                        kp_source *src, kp_arena *a, const kp_diags *d, const kp_diag *tail)
{
	kp_plan f;
	kp_diags fd = {0};
	kp_plan_stmt(&f, cat, s, opts, src, a, &fd);
	kp_buf x = {0}, y = {0};
	rendered(&x, p, s, src, d, tail);
	rendered(&y, &f, s, src, &fd, NULL);
	if (x.len != y.len || memcmp(x.data, y.data, x.len)) {
		fprintf(stderr, "keyplan: shape cache: the plan made from what was kept for the shape of the statement at "
		        "offset %u differs from its own:\n  kept:  %s\n  again: %s\n", s->off, x.data, y.data);
		abort();
	}
	kp_buf_free(&x);
	kp_buf_free(&y);
}

static uint32_t slot_of(uint64_t shape, uint32_t nslots)
{
	return (uint32_t)((shape * 0x9E3779B97F4A7C15ull) >> 40) & (nslots - 1);
}

/* The slot where a statement of this shape is kept: the table made, or
 * doubled while more than an eighth full (a slot's one kept statement
 * goes to one of two slots of the new table, so none is lost). */
static kept *claim(kp_plan_memo *m, uint64_t shape)
{
	if (!m->k || (m->nslots < SLOTS && !m->k[slot_of(shape, m->nslots)].shape && 8 * (m->nfilled + 1) > m->nslots)) {
		uint32_t n = m->k ? 2 * m->nslots : SLOTS_FIRST;
		kept *k = calloc(n, sizeof *k);
		if (!k)
			abort();
		for (uint32_t i = 0; i < m->nslots; i++)
			if (m->k[i].shape)
				k[slot_of(m->k[i].shape, n)] = m->k[i];
		free(m->k);
		m->k = k;
		m->nslots = n;
	}
	kept *k = &m->k[slot_of(shape, m->nslots)];
	if (!k->shape)
		m->nfilled++;
	return k;
}

void kp_plan_stmt_shaped(kp_plan *out, kp_plan_memo *m, uint64_t shape, const kp_catalog *cat,
                         const kp_stmt *s, const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d)
{
	stmt_parts v;
	/* what kp_plan_stmt does otherwise: writes, SELECT INTO, no table, a
	 * view it cannot plan, or no diagnostics to compare */
	if (!m || !shape || !d || !kp_stmt_parts(&v, s) || (s->kind == KP_S_SELECT && s->u.select.into)) {
		kp_plan_stmt(out, cat, s, opts, src, a, d);
		return;
	}
	static const kept none;   /* no statement kept: matches no shape */
	const kept *k = m->k ? &m->k[slot_of(shape, m->nslots)] : &none;
	/* the shape names its table as the kept statement did: in the same
	 * catalog, unchanged, and off a tenant's connection (whose own tables
	 * are found first), it is the same table */
	const kp_table *t = k->shape == shape && k->cat == cat && k->gen == cat->gen && !cat->tenant && !k->tenant
	                    ? k->t : kp_catalog_find(cat, v.table->s, v.table->len);
	if (!t || t->view_unsupported) {
		kp_plan_stmt(out, cat, s, opts, src, a, d);
		return;
	}
	memset(out, 0, sizeof *out);
	out->stmt = s;
	resolved r;
	path_keep pk = {0};
	const kp_diag *tail = d->tail;
	if (k->shape == shape && k->cat == cat && k->gen == cat->gen && k->opts == opts && k->t == t &&
	    k->nnames == s->ncolrefs + 1 && k->ncols == t->ncols && !(opts->phoenix && opts->tenant)) {
		again(&r, k, s, &v, opts, a);
		m->used++;
		if (m->verify && kp_catalog_find(cat, v.table->s, v.table->len) != t) {
			fprintf(stderr, "keyplan: shape cache: the table kept for the shape of the statement at offset %u "
			        "is not the one it names\n", s->off);
			abort();
		}
		if (m->verify)
			verify(&r, t, s, &v, opts, src, a);
		pk.use = k->path;
		pk.index = k->index;
		/* templates are made from the second statement of a shape on
		 * (a shape seen once, as most are where none repeats, pays nothing) */
		kept *h = &m->k[slot_of(shape, m->nslots)];   /* k, which is a slot here */
		if (!h->tm)
			h->tm = kp_tmpls_new();
		pk.tm = h->tm;
		pk.stmt = s;   /* a copy of its shape's block: shape id nonzero */
		pk.verify = m->verify;
		if (!h->fm)
			h->fm = kp_find_memo_new();   /* as templates, from the second statement on */
		pk.fm = h->fm;
		if (!h->sm)
			h->sm = kp_filter_memo_new();   /* as templates, from the second statement on */
		pk.sm = h->sm;
		m->paths += k->path;
		r.keep = &pk;
		kp_plan_resolved(out, t, s, &v, &r, opts, src, a, d);
		if (!h->jm)
			h->jm = kp_json_memo_new();   /* as templates, from the second statement on */
		out->json = h->jm;
		m->templated += pk.templated;
		m->findings += pk.copied;
		if (m->verify)
			verify_plan(out, cat, s, opts, src, a, d, tail);
		return;
	}
	kp_resolve(&r, t, s, &v, opts, src, a, d);
	bool kept_now = d->tail == tail && shape_only(&r, s, opts);
	kept *w = NULL;
	if (kept_now)
		keep(w = claim(m, shape), &r, t, cat, opts, shape), m->kept++;
	r.keep = &pk;
	kp_plan_resolved(out, t, s, &v, &r, opts, src, a, d);
	if (kept_now && path_only(&pk, out, t, s, &v, opts)) {
		w->path = true;
		w->index = pk.index;
	}
}
