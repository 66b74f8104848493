/* Box-set algebra. A box constrains every column of a candidate key to an
 * interval (or leaves it free); a box set is a union of boxes, and holds
 * every row a condition can accept (exactly those when it is `exact`).
 * AND intersects box sets, OR unions them; past KP_MAX_RANGES boxes a side
 * shrinks to its hull, and what that loses stays in the filter. */
#include "planner/planInt.h"

/* Widens interval c to hold x; an incomparable bound gives up on the
 * column (leaves that side open). */
static void con_widen(kp_con *c, const kp_con *x)
{
	if (con_free(c))
		return;
	/* the looser bound; where neither covers the other (a parameter
	 * against a value) no bound covers both, and taking x's would drop
	 * the boxes before it */
	if (!lo_covers(&c->lo, &x->lo))
		c->lo = lo_covers(&x->lo, &c->lo) ? x->lo : (kp_bound){0};
	if (!hi_covers(&c->hi, &x->hi))
		c->hi = hi_covers(&x->hi, &c->hi) ? x->hi : (kp_bound){0};
}

/* One box holding every box of s (coarser, so inexact). */
static boxset bs_hull(pctx *pc, boxset s)
{
	boxset h = bs_all(pc, false);
	if (s.n == 0)
		return s;
	for (int k = 0; k < pc->nk; k++) {
		kp_con c = s.b[0][k];
		for (uint32_t i = 1; i < s.n && !con_free(&c); i++)
			con_widen(&c, &s.b[i][k]);
		con_settle(&c);
		h.b[0][k] = c;
	}
	return h;
}

static bool box_free(const pctx *pc, const kp_con *b)
{
	for (int k = 0; k < pc->nk; k++)
		if (!con_free(&b[k]))
			return false;
	return true;
}

/* A total order on boxes, to find equal ones by sorting. */
static const pctx *box_sort_pc;

static int bound_order(const kp_bound *x, const kp_bound *y)
{
	if (x->set != y->set)
		return x->set ? 1 : -1;
	if (!x->set)
		return 0;
	bool ok;
	int c = vcmp(x, y, &ok);
	if (!c && !ok)
		c = x->kind != y->kind ? (x->kind < y->kind ? -1 : 1) : (x->off > y->off) - (x->off < y->off);
	return c ? c : (int)x->incl - (int)y->incl;
}

static int box_qcmp(const void *a, const void *b)
{
	const kp_con *x = *(kp_con *const *)a, *y = *(kp_con *const *)b;
	for (int k = 0; k < box_sort_pc->nk; k++) {
		int c = bound_order(&x[k].lo, &y[k].lo);
		if (!c)
			c = bound_order(&x[k].hi, &y[k].hi);
		if (c)
			return c;
	}
	return 0;
}

/* Drops repeated boxes (sorts s). */
static void bs_dedupe(pctx *pc, boxset *s)
{
	box_sort_pc = pc;
	qsort(s->b, s->n, sizeof(kp_con *), box_qcmp);
	uint32_t m = 0;
	for (uint32_t i = 0; i < s->n; i++)
		if (m == 0 || box_qcmp(&s->b[m - 1], &s->b[i]) != 0)
			s->b[m++] = s->b[i];
	s->n = m;
}

boxset kp_bs_or(pctx *pc, boxset x, boxset y)
{
	if (x.n == 0)
		return (boxset){y.b, y.n, x.exact && y.exact};
	if (y.n == 0)
		return (boxset){x.b, x.n, x.exact && y.exact};
	/* the whole key space absorbs the rest (only a set of one box can hold
	 * it: every constructor keeps that so) */
	if (x.n == 1 && box_free(pc, x.b[0]))
		return (boxset){x.b, 1, x.exact && y.exact};
	if (y.n == 1 && box_free(pc, y.b[0]))
		return (boxset){y.b, 1, x.exact && y.exact};
	boxset s;
	s.n = x.n + y.n;
	s.exact = x.exact && y.exact;
	s.b = kp_arena_alloc(pc->a, sizeof(kp_con *) * s.n);
	memcpy(s.b, x.b, sizeof(kp_con *) * x.n);
	memcpy(s.b + x.n, y.b, sizeof(kp_con *) * y.n);
	if (s.n > KP_MAX_RANGES) {
		/* repeated boxes do not count */
		bs_dedupe(pc, &s);
		if (s.n > KP_MAX_RANGES) {
			note_limit(pc);
			return bs_hull(pc, s);
		}
	}
	return s;
}

void kp_bs_or_into(pctx *pc, bs_acc *acc, boxset y)
{
	boxset x = acc->s;
	bool exact = x.exact && y.exact;
	if (x.n == 0 || (y.n == 1 && box_free(pc, y.b[0]) && !(x.n == 1 && box_free(pc, x.b[0])))) {
		acc->s = (boxset){y.b, y.n, exact};
		acc->cap = 0;   /* y's array, not acc's own */
		if (acc->coarse)
			acc->s = bs_hull(pc, acc->s);   /* acc's own box again */
		return;
	}
	if (y.n == 0 || (x.n == 1 && box_free(pc, x.b[0]))) {
		acc->s.exact = exact;
		return;
	}
	if (acc->coarse) {
		/* past the limit once: the rest joins the hull (acc's own box,
		 * widened in place), as an IN list of as many values does */
		for (int k = 0; k < pc->nk; k++) {
			kp_con *c = &acc->s.b[0][k];
			for (uint32_t i = 0; i < y.n && !con_free(c); i++)
				con_widen(c, &y.b[i][k]);
			con_settle(c);
		}
		acc->s.exact = false;
		return;
	}
	uint32_t n = x.n + y.n;
	if (n > acc->cap) {
		/* doubling: n terms copy O(n) boxes in all */
		uint32_t c = acc->cap ? acc->cap * 2 : 16;
		while (c < n)
			c *= 2;
		kp_con **b = kp_arena_alloc(pc->a, sizeof(kp_con *) * c);
		memcpy(b, x.b, sizeof(kp_con *) * x.n);
		acc->s.b = b;
		acc->cap = c;
	}
	memcpy(acc->s.b + x.n, y.b, sizeof(kp_con *) * y.n);
	acc->s.n = n;
	acc->s.exact = exact;
	if (acc->s.n > KP_MAX_RANGES) {
		/* repeated boxes do not count */
		bs_dedupe(pc, &acc->s);
		if (acc->s.n > KP_MAX_RANGES) {
			note_limit(pc);
			acc->s = bs_hull(pc, acc->s);
			acc->cap = 0;
			acc->coarse = true;
		}
	}
}

/* Key parts a box binds, in key order: points, then one more when the
 * next part is bounded. */
static int box_bound(const pctx *pc, const kp_con *b)
{
	const kp_key *k = pc->key;
	int n = 0;
	for (int i = 0; i < k->n; i++, n++) {
		const kp_key_part *p = &k->parts[i];
		if (pc->pslot[i] < 0) {
			for (int j = 0; j < p->nhash; j++)
				if (!con_point(&b[pc->kcol[p->hash_cols[j]]]))
					return n;
			if (spliced_unbound(k, pc->pslot, b, i))
				return n;
			continue;
		}
		const kp_con *c = &b[pc->pslot[i]];
		if (!con_point(c))
			return con_free(c) ? n : n + 1;
	}
	return n;
}

/* The key parts the weakest box of s binds. */
static int bs_bound(const pctx *pc, const boxset *s)
{
	int m = pc->key->n + 1;
	for (uint32_t i = 0; i < s->n; i++) {
		int b = box_bound(pc, s->b[i]);
		if (b < m)
			m = b;
	}
	return m;
}

boxset kp_bs_and(pctx *pc, boxset x, boxset y)
{
	if (x.n == 0 || y.n == 0)
		return (boxset){NULL, 0, x.exact && y.exact};
	/* the whole key space is the identity of AND */
	if (x.n == 1 && box_free(pc, x.b[0]))
		return (boxset){y.b, y.n, x.exact && y.exact};
	if (y.n == 1 && box_free(pc, y.b[0]))
		return (boxset){x.b, x.n, x.exact && y.exact};
	if ((uint64_t)x.n * y.n > KP_MAX_RANGES) {
		/* repeated boxes do not count (k IN (1, 1, ...)) */
		if (x.n > 1)
			bs_dedupe(pc, &x);
		if (y.n > 1)
			bs_dedupe(pc, &y);
	}
	if ((uint64_t)x.n * y.n > KP_MAX_RANGES) {
		/* too many boxes: one side keeps its boxes, the other shrinks to
		 * the one box that holds it (what it loses stays in the filter);
		 * of the two, the one that binds more key parts */
		note_limit(pc);
		boxset hx = bs_hull(pc, x), hy = bs_hull(pc, y);
		boxset a = kp_bs_and(pc, x, hy), b = kp_bs_and(pc, hx, y);
		int ba = bs_bound(pc, &a), bb = bs_bound(pc, &b);
		boxset k = (ba > bb || (ba == bb && a.n >= b.n)) ? a : b;
		k.exact = false;
		return k;
	}
	boxset s;
	s.exact = x.exact && y.exact;
	s.b = kp_arena_alloc(pc->a, sizeof(kp_con *) * x.n * y.n);
	s.n = 0;
	for (uint32_t i = 0; i < x.n; i++)
		for (uint32_t j = 0; j < y.n; j++) {
			kp_con *b = box_new(pc);
			bool lossy = false, empty = false;
			for (int k = 0; k < pc->nk && !empty; k++) {
				bool l = false;
				b[k].lo = max_lo(x.b[i][k].lo, y.b[j][k].lo, &l);
				b[k].hi = min_hi(x.b[i][k].hi, y.b[j][k].hi, &l);
				if (l && (x.b[i][k].point || y.b[j][k].point)) {
					/* a value against bounds of unknown order (parameters):
					 * the intersection lies within the value */
					b[k] = x.b[i][k].point ? x.b[i][k] : y.b[j][k];
				}
				lossy = lossy || l;
				empty = con_settle(&b[k]);
			}
			if (lossy)
				s.exact = false;
			if (!empty)
				s.b[s.n++] = b;
		}
	return s;
}

/* Merges boxes that differ on at most one key column where their intervals
 * overlap or touch, so that a union such as p BETWEEN 1 AND 5 OR p BETWEEN
 * 4 AND 9 is recognised as covering the merged range [1, 9]. Quadratic, so
 * only for small sets (kp_bs_merge). */
void kp_bs_merge_small(pctx *pc, boxset *s)
{
	bool changed = true;
	while (changed) {
		changed = false;
		for (uint32_t i = 0; i < s->n && !changed; i++)
			for (uint32_t j = i + 1; j < s->n && !changed; j++) {
				int diff = -1, ndiff = 0;
				for (int k = 0; k < pc->nk && ndiff < 2; k++) {
					const kp_con *x = &s->b[i][k], *y = &s->b[j][k];
					bool ok = true;
					/* two points cover each other when they are one value:
					 * one comparison, not four (an IN list's boxes) */
					if (x->point && y->point ? vcmp(&x->lo, &y->lo, &ok) != 0 || !ok
					                         : !con_covers(x, y) || !con_covers(y, x)) {
						diff = k;
						ndiff++;
					}
				}
				if (ndiff > 1)
					continue;
				if (ndiff == 1) {
					kp_con *x = &s->b[i][diff], *y = &s->b[j][diff];
					/* two values apart never meet (max_lo above min_hi) */
					if (x->point && y->point)
						continue;
					kp_con meet;
					bool lossy = false;
					meet.lo = max_lo(x->lo, y->lo, &lossy);
					meet.hi = min_hi(x->hi, y->hi, &lossy);
					/* only where they are known to overlap or touch, and not
					 * on a parameter, which may be bound to NULL (then
					 * k < :p OR k >= :p holds for no row) */
					if (x->lo.kind == KP_V_PARAM || x->hi.kind == KP_V_PARAM ||
					    y->lo.kind == KP_V_PARAM || y->hi.kind == KP_V_PARAM)
						continue;
					bool ok = true;
					int r = meet.lo.set && meet.hi.set ? vcmp(&meet.lo, &meet.hi, &ok) : -1;
					bool joined = r < 0 || (r == 0 && (meet.lo.incl || meet.hi.incl));
					if (lossy || !ok || !joined)
						continue;
					if (!lo_covers(&x->lo, &y->lo))
						x->lo = y->lo;
					if (!hi_covers(&x->hi, &y->hi))
						x->hi = y->hi;
					con_settle(x);
				}
				s->b[j] = s->b[--s->n];
				changed = true;
			}
	}
}
