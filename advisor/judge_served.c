/* A read the design serves already as one covered range of a bound key
 * prefix, and what an index a step adds or rebuilds may count of what it
 * saves it (docs/advice.md, "A served range read"): the judge (judge.c)
 * takes a smaller saving out of the step it weighs, and says so in the
 * alternative's trades. */
#include "advisor/judgeInt.h"

/* Is ix one of design d's indexes (the one it reads today, not one a step
 * adds or rebuilds)? */
static bool design_index(const design *d, const kp_index *ix)
{
	for (int k = 0; k < d->nix; k++)
		if (d->ix[k] == ix)
			return true;
	return false;
}

/* A read already served as one covered range of a bound key prefix (the
 * table's or a covering index's rows of one value of its lead, read in
 * key order, filtered on the server at most) is not worth a second copy of
 * the table for a factor of two or three on that range: an index must read
 * at most 1 / KP_SERVED_FACTOR of its rows for what it saves it to count
 * (docs/advice.md, "A served range read"; E133 in
 * tests/advisor/designs22.md, E124 in designs20.md). A full scan, a read
 * the store refuses or fails past its scan limit, and a sorted one are not
 * served so and keep their saving. */
bool kpj_served_discount(const jtable *jt, const design *cur, const sres *res0, kp_cost *c, const sres *res,
                         double *weight, double *saved)
{
	double w = 0, rows = 0, lo = 0, hi = 0;
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		const sres *a = &res0[i], *b = &res[i];
		if (s->ins_rows > 0 || s->upd || s->fixed || !a->prefix || a->rejected || a->fails ||
		    a->order == KP_ORDER_SORT)
			continue;
		/* read through an index the step adds or rebuilds */
		if (!b->ix || b->ix == a->ix || design_index(cur, b->ix) || b->rejected || b->fails ||
		    b->cls == KP_ACCESS_FULL || b->cls == KP_ACCESS_NONE)
			continue;
		if (!(b->rows < a->rows) || b->rows * KP_SERVED_FACTOR <= a->rows)
			continue;
		w += s->weight;
		rows += s->weight * (a->rows - b->rows);
		lo += s->weight * (a->lo > b->lo ? a->lo - b->lo : 0);
		hi += s->weight * (a->hi > b->hi ? a->hi - b->hi : 0);
	}
	if (weight)
		*weight = w;
	if (saved)
		*saved = rows;
	if (w <= 0 || !c)
		return w > 0;
	c->read += rows;
	c->total += rows;
	c->lo += lo;
	c->hi += hi;
	return true;
}
