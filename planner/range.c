/* Key ranges: the boxes of a WHERE clause become ranges over the key's
 * parts (an equality prefix, then a range on the next part, then for a
 * skip scan more parts bound to one value), sorted in stored key order and
 * made disjoint; and which WHERE terms those ranges already guarantee, so
 * that ranges AND filter is the WHERE. */
#include "planner/planInt.h"

/* After a range on part neq, the parts that box b binds to one value each
 * (a skip scan seeks them inside the range). */
static void box_then(pctx *pc, const kp_con *b, kp_range *r)
{
	const kp_key *k = pc->key;
	r->nthen = 0;
	if (!r->has_range)
		return;
	int i = r->neq + 1;
	while (i < k->n && pc->pslot[i] >= 0 && con_point(&b[pc->pslot[i]]))
		i++;
	if (i == r->neq + 1)
		return;
	r->then = kp_arena_alloc(pc->a, sizeof(kp_value) * (size_t)(i - r->neq));
	for (int j = r->neq + 1; j < i; j++)
		r->then[r->nthen++] = b[pc->pslot[j]].lo;
	/* then a range on the next part, which the seek bounds too */
	r->then_range = false;
	if (i < k->n && pc->pslot[i] >= 0 && !con_free(&b[pc->pslot[i]])) {
		const kp_con *c = &b[pc->pslot[i]];
		r->then_lo = c->lo;
		r->then_hi = c->hi;
		if (r->then_lo.kind == KP_V_NULL && r->then_lo.incl)
			r->then_lo.set = false;   /* from NULL, the least value: from the start */
		r->then_range = r->then_lo.set || r->then_hi.set;
	}
}

/* Turns a box into a range over the key's parts. */
static void box_range(pctx *pc, const kp_con *b, kp_range *r)
{
	const kp_key *k = pc->key;
	memset(r, 0, sizeof(*r));
	r->eq = kp_arena_alloc(pc->a, sizeof(kp_value) * (size_t)(k->n + 1));
	for (int i = 0; i < k->n; i++) {
		const kp_key_part *p = &k->parts[i];
		if (p->col < 0 && !p->expr) {
			kp_value *of = kp_arena_alloc(pc->a, sizeof(kp_value) * (size_t)(p->nhash + 1));
			for (int j = 0; j < p->nhash; j++) {
				const kp_con *c = &b[pc->kcol[p->hash_cols[j]]];
				if (!con_point(c))
					return;
				of[j] = c->lo;
			}
			if (spliced_unbound(k, pc->pslot, b, i))
				return;
			kp_value *h = &r->eq[r->neq++];
			memset(h, 0, sizeof(*h));
			h->kind = KP_V_HASH;
			h->bits = p->hash_bits;
			h->of = of;
			h->nof = p->nhash;
			continue;
		}
		const kp_con *c = &b[pc->pslot[i]];
		if (con_point(c)) {
			r->eq[r->neq++] = c->lo;
			continue;
		}
		if (!con_free(c)) {
			r->has_range = true;
			r->lo = c->lo;
			r->hi = c->hi;
			if (r->lo.kind == KP_V_NULL && r->lo.incl)
				r->lo.set = false;   /* from NULL, the least value: from the start */
			r->has_range = r->lo.set || r->hi.set;
		}
		return;
	}
}

/* The constraint a range puts on key part i, by pointer (ranges are
 * compared often enough that copying values showed in the profile):
 * lo/hi NULL = unbounded. */
typedef struct cview {
	const kp_value *lo;     /* lower bound, or NULL */
	const kp_value *hi;     /* upper bound, or NULL */
	bool lo_incl, hi_incl;  /* inclusive */
} cview;

static cview range_view(const kp_range *r, int i)
{
	cview v = {NULL, NULL, false, false};
	if (i < r->neq) {
		v.lo = v.hi = &r->eq[i];
		v.lo_incl = v.hi_incl = true;
	} else if (i == r->neq && r->has_range) {
		if (r->lo.set) {
			v.lo = &r->lo;
			v.lo_incl = r->lo.incl;
		}
		if (r->hi.set) {
			v.hi = &r->hi;
			v.hi_incl = r->hi.incl;
		}
	} else if (i > r->neq && i - r->neq - 1 < r->nthen) {
		v.lo = v.hi = &r->then[i - r->neq - 1];
		v.lo_incl = v.hi_incl = true;
	} else if (r->then_range && i == r->neq + 1 + r->nthen) {
		if (r->then_lo.set) {
			v.lo = &r->then_lo;
			v.lo_incl = r->then_lo.incl;
		}
		if (r->then_hi.set) {
			v.hi = &r->then_hi;
			v.hi_incl = r->then_hi.incl;
		}
	}
	return v;
}

/* Does bound x (value xv, inclusive xi; xv NULL = unbounded) admit
 * everything bound y admits? dir +1 for lower bounds, -1 for upper. */
static bool vb_covers(const kp_value *xv, bool xi, const kp_value *yv, bool yi, int dir)
{
	if (!xv)
		return true;
	if (!yv)
		return false;
	/* "above NULL" admits whatever a parameter's lower bound does
	 * (bound_covers, planInt.h) */
	if (dir > 0 && xv->kind == KP_V_NULL && !xi && yv->kind == KP_V_PARAM)
		return true;
	bool ok;
	int c = vcmp(xv, yv, &ok) * dir;
	if (!ok)
		return false;
	return c < 0 || (c == 0 && (xi || !yi));
}

static bool box_covers_view(const kp_con *b, const cview *y)
{
	return vb_covers(b->lo.set ? &b->lo : NULL, b->lo.incl, y->lo, y->lo_incl, 1) &&
	       vb_covers(b->hi.set ? &b->hi : NULL, b->hi.incl, y->hi, y->hi_incl, -1);
}

/* ------------------------------------------ ranges in stored key order
 *
 * Every range is one stretch of the stored key order (a skip range: its
 * envelope), from a cut to a cut. Ranges are sorted by where they start
 * and swept in that order: a range that starts before the stretch so far
 * ends is merged into it, so the ranges that come out are disjoint and
 * sorted; a merged stretch is cut back into ranges (an equality prefix
 * and a range on the next part), which `(k0, k1) > (3, 5)` needs twice:
 * [k0 = 3, k1 > 5] then [k0 > 3]. Bounds that are bind parameters have no
 * known order: stretches whose overlap is unknown are merged into their
 * hull (the condition then stays in the filter), except keys bound by
 * equalities alone at the same depth, which are the same key or disjoint. */

/* A cut in the stored order: just before (side -1) or just after (+1)
 * every key that starts with the values eq[0..neq) then last (if set). */
typedef struct kcut {
	const kp_value *eq;     /* leading values */
	const kp_value *last;   /* one more value, or NULL */
	int neq;                /* values taken from eq */
	int side;               /* -1 before, +1 after */
} kcut;

static int cut_depth(const kcut *c)
{
	return c->neq + (c->last != NULL);
}

static const kp_value *cut_val(const kcut *c, int i)
{
	return i < c->neq ? &c->eq[i] : c->last;
}

static kcut range_start(const kp_key *k, const kp_range *r)
{
	kcut c = {r->eq, NULL, r->neq, -1};
	if (r->has_range) {
		const kp_bound *b = k->parts[r->neq].desc ? &r->hi : &r->lo;
		if (b->set) {
			c.last = b;
			c.side = b->incl ? -1 : 1;
		}
	}
	return c;
}

static kcut range_end(const kp_key *k, const kp_range *r)
{
	kcut c = {r->eq, NULL, r->neq, 1};
	if (r->has_range) {
		const kp_bound *b = k->parts[r->neq].desc ? &r->lo : &r->hi;
		if (b->set) {
			c.last = b;
			c.side = b->incl ? 1 : -1;
		}
	}
	return c;
}

/* Orders two cuts; *known is false when that depends on parameters' values
 * (the result is then still a total order, for sorting). */
static int cut_cmp(const kp_key *k, const kcut *x, const kcut *y, bool *known)
{
	int dx = cut_depth(x), dy = cut_depth(y), n = dx < dy ? dx : dy;
	*known = true;
	for (int i = 0; i < n; i++) {
		int c = vcmp(cut_val(x, i), cut_val(y, i), known);
		if (c || !*known)
			return k->parts[i].desc ? -c : c;
	}
	if (dx == dy)
		return (x->side > y->side) - (x->side < y->side);
	return dx < dy ? x->side : -y->side;
}

/* The earlier (side -1) or later (+1) of two cuts; where their order is
 * unknown, the cut before or after the prefix they share: their hull. */
static kcut cut_pick(const kp_key *k, kcut a, kcut b, int side, bool *hull)
{
	bool known;
	int c = cut_cmp(k, &a, &b, &known);
	if (known)
		return (c <= 0) == (side < 0) ? a : b;
	*hull = true;
	int i = 0, n = cut_depth(&a) < cut_depth(&b) ? cut_depth(&a) : cut_depth(&b);
	for (; i < n; i++) {
		bool kn;
		if (vcmp(cut_val(&a, i), cut_val(&b, i), &kn) != 0 || !kn)
			break;
	}
	kcut r = {a.eq, NULL, i, side};   /* i <= a.neq: the values differ at i */
	return r;
}

/* One stretch of the sweep. */
typedef struct kspan {
	kcut s, e;              /* where it starts and ends */
	const kp_range *one;    /* the only range in it, or NULL once merged */
} kspan;

static bool same_bound(const kp_bound *x, const kp_bound *y)
{
	if (x->set != y->set)
		return false;
	bool known;
	return !x->set || (x->incl == y->incl && vcmp(x, y, &known) == 0 && known);
}

/* Ranges of one shape (the same depth, range bounds and then-values; only
 * the equality values differ) are the same range or disjoint, even when
 * those values are parameters (k IN (:a, :b) AND j > 2). */
static bool same_shape(const kp_range *x, const kp_range *y)
{
	if (x->neq != y->neq || x->has_range != y->has_range || x->nthen != y->nthen || x->then_range != y->then_range)
		return false;
	if (x->has_range && (!same_bound(&x->lo, &y->lo) || !same_bound(&x->hi, &y->hi)))
		return false;
	if (x->then_range && (!same_bound(&x->then_lo, &y->then_lo) || !same_bound(&x->then_hi, &y->then_hi)))
		return false;
	for (int i = 0; i < x->nthen; i++) {
		bool known;
		if (vcmp(&x->then[i], &y->then[i], &known) != 0 || !known)
			return false;
	}
	return true;
}

static bool span_points(const kspan *x, const kspan *y)
{
	return x->one && y->one && same_shape(x->one, y->one);
}

/* Are x and y known to be the same range? */
static bool span_same(const kp_key *k, const kspan *x, const kspan *y)
{
	bool k1, k2;
	return cut_cmp(k, &x->s, &y->s, &k1) == 0 && k1 && cut_cmp(k, &x->e, &y->e, &k2) == 0 && k2 &&
	       (!x->one || !y->one || (x->one->nthen == 0 && y->one->nthen == 0));
}

/* Is x known to end before y starts? */
static bool span_before(const kp_key *k, const kspan *x, const kspan *y)
{
	bool known;
	return cut_cmp(k, &x->e, &y->s, &known) < 0 && known;
}

/* Orders two cuts from key part `from` on, taking the parts before it to
 * be equal. */
static int cut_cmp_from(const kp_key *k, const kcut *x, const kcut *y, int from, bool *known)
{
	int dx = cut_depth(x), dy = cut_depth(y), n = dx < dy ? dx : dy;
	*known = true;
	for (int i = from; i < n; i++) {
		int c = vcmp(cut_val(x, i), cut_val(y, i), known);
		if (c || !*known)
			return k->parts[i].desc ? -c : c;
	}
	if (dx == dy)
		return (x->side > y->side) - (x->side < y->side);
	return dx < dy ? x->side : -y->side;
}

/* The leading key parts where a stretch starts and ends on the same
 * values: its equality prefix. */
static int span_prefix(const kspan *x)
{
	int d = cut_depth(&x->s) < cut_depth(&x->e) ? cut_depth(&x->s) : cut_depth(&x->e), i = 0;
	for (; i < d; i++) {
		bool known;
		if (vcmp(cut_val(&x->s, i), cut_val(&x->e, i), &known) != 0 || !known)
			break;
	}
	/* a prefix the stretch covers whole is all of it; one bounded on its
	 * last part stops before that part */
	return i;
}

/* Two stretches whose equality prefixes differ only where a parameter
 * stands (k0 IN (:p, 1) AND k1 NOT BETWEEN 2 AND 5): once bound, those
 * prefixes are equal or not. Not equal, the stretches are disjoint; equal,
 * what follows decides. So they need no merging when some prefix value is
 * known to differ, or when, the prefixes taken equal, the rest is known
 * to be disjoint or the same stretch (a range read twice is read once, as
 * for k IN (:a, :b)). Their order stays unknown. */
static bool span_apart(const kp_key *k, const kspan *x, const kspan *y, int *m_out)
{
	if ((x->one && x->one->nthen) || (y->one && y->one->nthen))
		return false;
	int px = span_prefix(x), py = span_prefix(y), m = px < py ? px : py;
	bool unknown = false;
	for (int i = 0; i < m; i++) {
		bool known;
		int c = vcmp(cut_val(&x->s, i), cut_val(&y->s, i), &known);
		if (known && c)
			return true;
		unknown = unknown || !known;
	}
	if (!unknown)
		return false;
	if (m_out)
		*m_out = m;
	bool k1, k2;
	if ((cut_cmp_from(k, &x->e, &y->s, m, &k1) < 0 && k1) || (cut_cmp_from(k, &y->e, &x->s, m, &k2) < 0 && k2))
		return true;
	return cut_cmp_from(k, &x->s, &y->s, m, &k1) == 0 && k1 && cut_cmp_from(k, &x->e, &y->e, m, &k2) == 0 && k2;
}

/* Widens stretch x to the whole of its first m prefix values (m no more
 * than its equality prefix). */
static void span_widen(kspan *x, int m)
{
	kcut c = x->s;
	if (m <= c.neq) {
		c.neq = m;
		c.last = NULL;
	}
	x->s = c;
	x->s.side = -1;
	x->e = c;
	x->e.side = 1;
	x->one = NULL;
}

static void span_merge(const kp_key *k, kspan *x, const kspan *y, bool *hull)
{
	x->s = cut_pick(k, x->s, y->s, -1, hull);
	x->e = cut_pick(k, x->e, y->e, 1, hull);
	x->one = NULL;
}

static const kp_key *sort_key;

static int span_qcmp(const void *a, const void *b)
{
	bool known;
	return cut_cmp(sort_key, &((const kspan *)a)->s, &((const kspan *)b)->s, &known);
}

static void sort_spans(const kp_key *k, kspan *sp, int n)
{
	if (n <= 16) {
		/* a few ranges (an IN list, an OR): insertion sort in place; qsort's
		 * merge sort with its buffer cost more than the comparisons */
		for (int i = 1; i < n; i++) {
			kspan x = sp[i];
			int j = i;
			bool known;
			for (; j > 0 && cut_cmp(k, &sp[j - 1].s, &x.s, &known) > 0; j--)
				sp[j] = sp[j - 1];
			sp[j] = x;
		}
	} else {
		sort_key = k;
		qsort(sp, (size_t)n, sizeof(*sp), span_qcmp);
	}
}

/* Appends the ranges that make up the stretch from s to e, in stored
 * order: the tail of s's prefix, a range on the first part where s and e
 * differ, then the head of e's prefix. */
static void span_ranges(pctx *pc, kcut s, kcut e, kp_range *out, int *n, bool *unordered)
{
	const kp_key *k = pc->key;
	int ds = cut_depth(&s), de = cut_depth(&e), c = 0;
	while (c < ds && c < de) {
		bool kn;
		if (vcmp(cut_val(&s, c), cut_val(&e, c), &kn) != 0 || !kn) {
			/* where the ends' order is unknown, so is the pieces' */
			if (!kn && ds > c + 1)
				*unordered = true;
			if (!kn && de > c + 1)
				*unordered = true;
			break;
		}
		c++;
	}
	if ((c == ds && s.side > 0) || (c == de && e.side < 0))
		return;   /* empty */
	kp_range *r = &out[*n];
	memset(r, 0, sizeof(*r));
	r->eq = kp_arena_alloc(pc->a, sizeof(kp_value) * (size_t)(c + 1));
	for (int i = 0; i < c; i++)
		r->eq[i] = *cut_val(&s, i);
	r->neq = c;
	if (c == ds && c == de) {
		(*n)++;
		return;
	}
	if (ds > c + 1) {
		kcut tail = {s.eq, NULL, c + 1, 1};
		span_ranges(pc, s, tail, out, n, unordered);
		r = &out[*n];
		memset(r, 0, sizeof(*r));
		r->eq = out[*n - 1].eq;   /* the same prefix values */
		r->neq = c;
	}
	/* the stored order's lower and upper ends on part c */
	kp_bound lo = {0}, hi = {0};
	if (ds > c) {
		lo = *cut_val(&s, c);
		lo.set = true;
		lo.incl = ds == c + 1 && s.side < 0;
	}
	if (de > c) {
		hi = *cut_val(&e, c);
		hi.set = true;
		hi.incl = de == c + 1 && e.side > 0;
	}
	bool empty = false;
	if (lo.set && hi.set) {
		bool kn;
		int d = vcmp(&lo, &hi, &kn) * (k->parts[c].desc ? -1 : 1);
		if (kn && d == 0 && lo.incl && hi.incl) {
			r->eq[r->neq++] = lo;   /* one value */
			lo.set = hi.set = false;
		} else if (kn && (d > 0 || d == 0)) {
			empty = true;
		}
	}
	if (k->parts[c].desc) {
		kp_bound t = lo;
		lo = hi;
		hi = t;
	}
	if (lo.set && lo.kind == KP_V_NULL && lo.incl)
		lo.set = false;   /* NULL is the least value: from it is from the start */
	if (!empty) {
		r->has_range = lo.set || hi.set;
		r->lo = lo;
		r->hi = hi;
		(*n)++;
	}
	if (de > c + 1) {
		kcut head = {e.eq, NULL, c + 1, -1};
		span_ranges(pc, head, e, out, n, unordered);
	}
}

/* Orders the then-values of two skip ranges; *known as for cuts. */
static int then_vals_cmp(const kp_range *x, const kp_range *y, bool *known)
{
	*known = true;
	for (int i = 0; i < x->nthen && i < y->nthen; i++) {
		int c = vcmp(&x->then[i], &y->then[i], known);
		if (c || !*known)
			return c;
	}
	return (x->nthen > y->nthen) - (x->nthen < y->nthen);
}

/* Orders skip ranges by their then-values, then their trailing range. */
static int then_cmp(const kp_range *x, const kp_range *y, bool *known)
{
	int c = then_vals_cmp(x, y, known);
	if (c || !*known)
		return c;
	if (x->nthen != y->nthen)
		return (x->nthen > y->nthen) - (x->nthen < y->nthen);
	/* then the trailing range: ranges seeking different ones are not merged */
	if (x->then_range != y->then_range)
		return x->then_range ? 1 : -1;
	if (!x->then_range)
		return 0;
	const kp_bound *xb[2] = {&x->then_lo, &x->then_hi}, *yb[2] = {&y->then_lo, &y->then_hi};
	for (int i = 0; i < 2; i++) {
		if (xb[i]->set != yb[i]->set)
			return xb[i]->set ? 1 : -1;
		if (!xb[i]->set)
			continue;
		int c = vcmp(xb[i], yb[i], known);
		if (c || !*known)
			return c;
		if (xb[i]->incl != yb[i]->incl)
			return xb[i]->incl ? 1 : -1;
	}
	return 0;
}

static int skip_qcmp(const void *a, const void *b)
{
	const kspan *x = a, *y = b;
	bool known;
	int c = then_cmp(x->one, y->one, &known);
	return c ? c : cut_cmp(sort_key, &x->s, &y->s, &known);
}

/* Skip ranges (a range on part m, then equalities on the parts after it;
 * all of one shape): ranges with the same then-values are merged where
 * they overlap, those with different ones read different rows. NULL when
 * parameters leave that unknown: then they are read as plain ranges. */
static kp_range *normalize_skip(pctx *pc, kp_range *r, int *n, bool *unordered)
{
	const kp_key *k = pc->key;
	int nr = *n;
	for (int i = 0; i < nr; i++) {
		bool known = true;
		if (r[i].lo.set && r[i].hi.set)
			vcmp(&r[i].lo, &r[i].hi, &known);
		if (!known)
			return NULL;
	}
	kspan *sp = kp_arena_alloc(pc->a, sizeof(kspan) * (size_t)nr);
	for (int i = 0; i < nr; i++) {
		sp[i].s = range_start(k, &r[i]);
		sp[i].e = range_end(k, &r[i]);
		sp[i].one = &r[i];
	}
	sort_key = k;
	qsort(sp, (size_t)nr, sizeof(*sp), skip_qcmp);
	/* the same then-values seeking different trailing ranges may read a
	 * row twice: those trailing ranges are left to the filter */
	for (int i = 0; i + 1 < nr && r[0].then_range; i++) {
		bool known;
		if (then_vals_cmp(sp[i].one, sp[i + 1].one, &known) == 0 && known &&
		    then_cmp(sp[i].one, sp[i + 1].one, &known) != 0) {
			for (int j = 0; j < nr; j++)
				r[j].then_range = false;
			return normalize_skip(pc, r, n, unordered);
		}
	}
	kp_range *out = kp_arena_alloc(pc->a, sizeof(kp_range) * (size_t)(nr + 1));
	int no = 0;
	for (int i = 0; i < nr;) {
		kspan cur = sp[i];
		const kp_range *from = sp[i].one;
		int j = i + 1;
		for (; j < nr; j++) {
			bool known;
			int c = then_cmp(from, sp[j].one, &known);
			if (!known)
				return NULL;
			if (c)
				break;
			c = cut_cmp(k, &sp[j].s, &cur.e, &known);
			if (!known)
				return NULL;
			if (c > 0)
				break;
			bool hull = false;
			span_merge(k, &cur, &sp[j], &hull);
			if (hull)
				return NULL;
		}
		if (cur.one) {
			out[no++] = *cur.one;
		} else {
			int before = no;
			span_ranges(pc, cur.s, cur.e, out, &no, unordered);
			for (int x = before; x < no; x++) {
				out[x].nthen = from->nthen;
				out[x].then = from->then;
				out[x].then_range = from->then_range;
				out[x].then_lo = from->then_lo;
				out[x].then_hi = from->then_hi;
			}
		}
		i = j;
	}
	/* in stored order of where they start */
	kspan *os = kp_arena_alloc(pc->a, sizeof(kspan) * (size_t)(no + 1));
	for (int i = 0; i < no; i++) {
		os[i].s = range_start(k, &out[i]);
		os[i].e = range_end(k, &out[i]);
		os[i].one = &out[i];
	}
	sort_key = k;
	qsort(os, (size_t)no, sizeof(*os), span_qcmp);
	kp_range *sorted = kp_arena_alloc(pc->a, sizeof(kp_range) * (size_t)(no + 1));
	for (int i = 0; i < no; i++) {
		sorted[i] = *os[i].one;
		if (i + 1 < no && !span_before(k, &os[i], &os[i + 1]))
			*unordered = true;   /* their stretches interleave */
	}
	*n = no;
	return sorted;
}

/* Sorts ranges in stored key order and makes them disjoint (see above).
 * Returns the ranges (r itself when nothing merged) and their number in
 * *n; *unordered when two of them have no known order. */
static kp_range *normalize_ranges(pctx *pc, kp_range *r, int *n, bool *unordered)
{
	const kp_key *k = pc->key;
	int nr = *n;
	*unordered = false;
	if (nr < 2)
		return r;
	if (r[0].nthen) {
		kp_range *x = normalize_skip(pc, r, n, unordered);
		if (x)
			return x;
		*unordered = false;
		for (int i = 0; i < nr; i++) {
			r[i].nthen = 0;   /* read as plain ranges; the filter keeps the rest */
			r[i].then_range = false;
		}
	}
	/* a few ranges (the common case) on the stack: this runs per path */
	kspan few[16];
	kspan *sp = nr <= 16 ? few : kp_arena_alloc(pc->a, sizeof(kspan) * (size_t)nr);
	for (int i = 0; i < nr; i++) {
		sp[i].s = range_start(k, &r[i]);
		sp[i].e = range_end(k, &r[i]);
		sp[i].one = &r[i];
	}
	sort_spans(k, sp, nr);
	bool uniform = true;
	for (int i = 1; i < nr && uniform; i++)
		uniform = same_shape(&r[0], &r[i]);
	int m = 0;
	bool slow = false, hull = false;
	/* a range whose own ends have no known order (k > 'c' AND k < :p) may
	 * be empty or not: the order of cuts through it proves nothing */
	for (int i = 0; i < nr && !slow; i++) {
		bool known = true;
		if (r[i].has_range && r[i].lo.set && r[i].hi.set)
			vcmp(&r[i].lo, &r[i].hi, &known);
		slow = !known;
	}
	*unordered = slow;
	for (int i = 0; i < nr && !slow; i++) {
		if (m == 0) {
			sp[m++] = sp[i];
			continue;
		}
		bool known;
		int c = cut_cmp(k, &sp[i].s, &sp[m - 1].e, &known);
		if (known && c > 0) {
			sp[m++] = sp[i];
		} else if (span_same(k, &sp[m - 1], &sp[i])) {
			continue;   /* the same range twice */
		} else if (uniform) {
			/* one shape: the same range (equal ones sort together, and
			 * were dropped) or disjoint, in an order the values decide */
			*unordered = *unordered || !known || c <= 0;
			sp[m++] = sp[i];
		} else if (known) {
			span_merge(k, &sp[m - 1], &sp[i], &hull);
			slow = hull;
		} else {
			slow = true;
		}
	}
	if (slow) {
		/* parameters: merge every pair whose overlap is not known to be
		 * empty, to a fixed point; past a few hundred, one hull */
		m = nr;
		for (int i = 0; i < nr; i++) {
			sp[i].s = range_start(k, &r[i]);
			sp[i].e = range_end(k, &r[i]);
			sp[i].one = &r[i];
		}
		if (m > 256) {
			for (int i = 1; i < m; i++)
				span_merge(k, &sp[0], &sp[i], &hull);
			m = 1;
		}
		bool changed = true;
		while (changed) {
			changed = false;
			for (int i = 0; i < m; i++)
				for (int j = i + 1; j < m; j++) {
					int pm = 0;
					if (span_before(k, &sp[i], &sp[j]) || span_before(k, &sp[j], &sp[i]) ||
					    (span_points(&sp[i], &sp[j]) && !span_same(k, &sp[i], &sp[j])) ||
					    span_apart(k, &sp[i], &sp[j], &pm))
						continue;
					if (pm > 0) {
						/* prefixes equal or disjoint once bound, the rest
						 * overlapping: each stretch widens to its prefix
						 * (the same or disjoint then), not both to their
						 * hull, which would drop the bound prefix */
						span_widen(&sp[i], pm);
						span_widen(&sp[j], pm);
						changed = true;
						continue;
					}
					span_merge(k, &sp[i], &sp[j], &hull);
					sp[j--] = sp[--m];
					changed = true;
				}
		}
		sort_spans(k, sp, m);
		for (int i = 0; i + 1 < m; i++)
			if (!span_before(k, &sp[i], &sp[i + 1]))
				*unordered = true;
	}
	size_t cap = 0;
	for (int i = 0; i < m; i++)
		cap += sp[i].one ? 1 : (size_t)(2 * k->n + 1);
	if (cap == (size_t)m && m <= 16) {
		/* nothing merged: sorted in place */
		kp_range tmp[16];
		for (int i = 0; i < m; i++)
			tmp[i] = *sp[i].one;
		memcpy(r, tmp, sizeof(kp_range) * (size_t)m);
		*n = m;
		return r;
	}
	kp_range *out = kp_arena_alloc(pc->a, sizeof(kp_range) * (cap + 1));
	int no = 0;
	for (int i = 0; i < m; i++) {
		if (sp[i].one)
			out[no++] = *sp[i].one;
		else
			span_ranges(pc, sp[i].s, sp[i].e, out, &no, unordered);
	}
	*n = no;
	return out;
}

/* A range's constraint on every key column slot (a view into it). */
static void range_views(const pctx *pc, const kp_range *r, cview *views)
{
	const kp_key *k = pc->key;
	memset(views, 0, sizeof(cview) * (size_t)pc->nk);
	for (int p = 0; p < k->n && p <= r->neq + r->nthen + (r->then_range ? 1 : 0); p++)
		if (pc->pslot[p] >= 0)
			views[pc->pslot[p]] = range_view(r, p);
}

/* Does box b hold every row the views admit? */
static bool box_covers_views(const pctx *pc, const kp_con *b, const cview *views)
{
	for (int slot = 0; slot < pc->nk; slot++) {
		const kp_con *c = &b[slot];
		const cview *y = &views[slot];
		if (c->point && y->lo && y->lo == y->hi) {
			/* one value against one value: a single comparison */
			bool ok;
			if (vcmp(&c->lo, y->lo, &ok) != 0 || !ok)
				return false;
		} else if (!box_covers_view(c, y)) {
			return false;
		}
	}
	return true;
}

/* A boxset that is a list of single values of one kind on one key column
 * slot (k IN (...), k = v), sorted, so that a range is looked up in it by
 * binary search instead of against every box: a long IN list otherwise
 * makes the residual-filter check quadratic. */
typedef struct point_index {
	int slot;               /* the constrained slot, or -1: not indexable */
	const kp_value **v;     /* the values, sorted */
	uint32_t n;             /* entries in v */
} point_index;

static int pv_cmp(const void *x, const void *y)
{
	bool ok;
	return vcmp(*(const kp_value *const *)x, *(const kp_value *const *)y, &ok);
}

static point_index point_index_build(const pctx *pc, const boxset *s)
{
	point_index pi = {-1, NULL, 0};
	if (s->n < 8)
		return pi;
	int slot = -1;
	kp_vkind kind = KP_V_NULL;
	for (uint32_t i = 0; i < s->n; i++) {
		int constrained = 0;
		for (int k = 0; k < pc->nk; k++) {
			const kp_con *c = &s->b[i][k];
			if (!c->lo.set && !c->hi.set)
				continue;
			if (!c->point || (slot >= 0 && slot != k) ||
			    (c->lo.kind != KP_V_INT && c->lo.kind != KP_V_STR) ||
			    (i > 0 && c->lo.kind != kind))
				return pi;
			slot = k;
			kind = c->lo.kind;
			constrained++;
		}
		if (constrained != 1)
			return pi;   /* a box open on every slot admits everything */
	}
	pi.v = kp_arena_alloc(pc->a, sizeof(*pi.v) * s->n);
	for (uint32_t i = 0; i < s->n; i++)
		pi.v[i] = &s->b[i][slot].lo;
	qsort(pi.v, s->n, sizeof(*pi.v), pv_cmp);
	pi.n = s->n;
	pi.slot = slot;
	return pi;
}

/* Is a range with these views inside some box of the indexed set? 1 yes,
 * 0 no, -1 when the view is not a single value of the indexed kind (the
 * caller then tries every box). */
static int point_index_has(const point_index *pi, const cview *views)
{
	const cview *y = &views[pi->slot];
	if (!y->lo || y->lo != y->hi || y->lo->kind != pi->v[0]->kind)
		return -1;
	uint32_t lo = 0, hi = pi->n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		bool ok;
		int c = vcmp(pi->v[mid], y->lo, &ok);
		if (c == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* Is every range inside some box of s? */
static bool ranges_in_boxset(const pctx *pc, int nranges, const cview *views, const boxset *s)
{
	point_index pi = point_index_build(pc, s);
	for (int r = 0; r < nranges; r++) {
		const cview *v = views + (size_t)r * (size_t)pc->nk;
		int found = pi.slot >= 0 ? point_index_has(&pi, v) : -1;
		bool inside = found == 1;
		for (uint32_t i = 0; found < 0 && i < s->n && !inside; i++)
			inside = box_covers_views(pc, s->b[i], v);
		if (!inside)
			return false;
	}
	return true;
}

/* Where NULL is stored first on a DESC part (Phoenix), the ranges, sorted
 * with NULL as the least value, do not follow the stored order once one
 * of several reads the NULLs of such a part: their order is not claimed. */
static bool desc_nulls_apart(const pctx *pc, const path_eval *pe)
{
	if (!pc->t->desc_nulls_first || pe->nranges < 2)
		return false;
	const kp_key *k = pc->key;
	for (int r = 0; r < pe->nranges; r++) {
		const kp_range *x = &pe->ranges[r];
		for (int i = 0; i <= x->neq && i < k->n; i++) {
			int slot = pc->pslot[i];
			if (!k->parts[i].desc || slot < 0 || !pc->nullslot[slot])
				continue;
			if ((i < x->neq && x->eq[i].kind == KP_V_NULL) || (i == x->neq && x->has_range && !x->lo.set))
				return true;
		}
	}
	return false;
}

/* keyplan does not compute a store's hash (Lindorm's hash32 ...): ranges
 * that bind a hash part to different values are sorted by the hashed
 * values, which is not their stored order; that order is not claimed. */
static bool hash_apart(const pctx *pc, const path_eval *pe)
{
	const kp_key *k = pc->key;
	for (int i = 0; i < k->n; i++) {
		if (pc->pslot[i] >= 0)
			continue;
		for (int r = 1; r < pe->nranges; r++) {
			const kp_range *x = &pe->ranges[0], *y = &pe->ranges[r];
			if (x->neq <= i || y->neq <= i)
				return true;
			bool known;
			if (vcmp(&x->eq[i], &y->eq[i], &known) != 0 || !known)
				return true;
		}
	}
	return false;
}

bool kp_ranges_of_boxes(pctx *pc, const boxset *all, path_eval *pe)
{
	pe->ranges = kp_arena_alloc(pc->a, sizeof(kp_range) * (all->n + 1));
	pe->nranges = 0;
	bool full = false, skip = true;
	for (uint32_t i = 0; i < all->n; i++) {
		kp_range *r = &pe->ranges[pe->nranges++];
		box_range(pc, all->b[i], r);
		if (r->neq == 0 && !r->has_range)
			full = true;
		box_then(pc, all->b[i], r);
		if (!r->nthen || r->neq != pe->ranges[0].neq || r->nthen != pe->ranges[0].nthen ||
		    r->then_range != pe->ranges[0].then_range)
			skip = false;
	}
	/* a product of ranges on one part and equalities on the next ones,
	 * maybe then a range (a Phoenix skip scan), when every box has that
	 * shape */
	if (!skip || pe->nranges < 2)
		for (int i = 0; i < pe->nranges; i++) {
			pe->ranges[i].nthen = 0;
			pe->ranges[i].then_range = false;
		}
	if (full) {
		pe->nranges = 1;
		memset(&pe->ranges[0], 0, sizeof(kp_range));
	} else {
		pe->ranges = normalize_ranges(pc, pe->ranges, &pe->nranges, &pe->unordered);
		/* merging can leave a range unbounded on both sides: that is just
		 * its prefix, and with no prefix the whole table */
		for (int r = 0; r < pe->nranges; r++) {
			kp_range *x = &pe->ranges[r];
			if (x->has_range && !x->lo.set && !x->hi.set)
				x->has_range = false;
			if (x->neq == 0 && !x->has_range)
				full = true;
		}
		if (full) {
			pe->nranges = 1;
			memset(&pe->ranges[0], 0, sizeof(kp_range));
		}
		if (desc_nulls_apart(pc, pe) || hash_apart(pc, pe))
			pe->unordered = true;
	}
	return full;
}

void kp_ranges_filter(pctx *pc, path_eval *pe, const kp_expr **conj, const boxset *parts, uint32_t n)
{
	/* residual filter: conjuncts the ranges do not already guarantee */
	cview *views = NULL;
	for (uint32_t i = 0; i < n; i++) {
		bool served = parts[i].exact;
		if (served && pe->nranges > 0) {
			if (!views) {
				/* every range's view on every slot, once for all conjuncts */
				views = kp_arena_alloc(pc->a, sizeof(cview) * ((size_t)pe->nranges * (size_t)pc->nk + 1));
				for (int r = 0; r < pe->nranges; r++)
					range_views(pc, &pe->ranges[r], views + (size_t)r * (size_t)pc->nk);
			}
			served = ranges_in_boxset(pc, pe->nranges, views, &parts[i]);
		}
		if (!served)
			kp_list_push(pc->a, &pe->filter, (void *)conj[i]);
	}
}
