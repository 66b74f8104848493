/* Term analysis and access-path choice.
 *
 * A WHERE clause is turned, for one candidate key, into a set of boxes: each
 * box constrains every key column to an interval (or leaves it free), and
 * the union of the boxes holds every row the clause can accept. AND
 * intersects box sets, OR unions them, NOT is pushed down to the leaves
 * where that is exact (key columns are never NULL). A box set is `exact`
 * when it holds exactly the accepted rows. Boxes become key ranges (an
 * equality prefix and a range on the next part); whatever a range cannot
 * express stays in the residual filter, conjunct by conjunct, so that
 * ranges ∧ filter ≡ WHERE. */
#include "planner/plan.h"

#include "planner/fold.h"

#include <stdlib.h>
#include <string.h>

/* A constraint on one key column: an interval; both bounds unset = free. */
typedef struct kp_con {
	kp_bound lo;            /* lower bound */
	kp_bound hi;            /* upper bound */
	bool point;             /* lo == hi, both inclusive: one value (kept in step
	                           with lo and hi, so it is compared once) */
} kp_con;

/* A union of boxes; a box is an array of nk constraints. */
typedef struct boxset {
	kp_con **b;             /* boxes */
	uint32_t n;             /* number of boxes (0: never true) */
	bool exact;             /* the union is exactly the accepted rows */
} boxset;

/* Planning context for one candidate key. */
typedef struct pctx {
	kp_arena *a;            /* statement arena */
	kp_diags *d;            /* diagnostics */
	kp_source *src;         /* source of the statement */
	const kp_table *t;      /* table */
	const kp_key *key;      /* candidate key */
	int nk;                 /* distinct table columns the key uses */
	int *kcol;              /* table column -> key column slot, or -1 */
	int *pslot;             /* key part -> its slot (a column's, or an expression
	                           part's own); -1 for a hash part */
	const kp_expr **xexpr;  /* slot -> the expression of a functional index
	                           part, NULL for a column slot */
	int nx;                 /* expression slots */
	bool *nullslot;         /* slot -> a nullable key column (Phoenix `NULL`):
	                           NULL sorts first, so a range unbounded below
	                           starts after it */
	bool report;            /* emit diagnostics (only on the primary-key pass) */
	bool limit_hit;         /* KP_MAX_RANGES was exceeded */
} pctx;

const char *kp_access_name(kp_access a)
{
	static const char *n[] = {"none", "get", "scan", "filtered_scan", "search", "full_scan"};
	return n[a];
}

const char *kp_order_name(kp_order o)
{
	static const char *n[] = {"none", "key", "reverse", "sort"};
	return n[o];
}

/* ------------------------------------------------------------- bounds */

/* Values in the stored key order (NULL first); *ok is false when the order
 * depends on parameters. Integers compared here, everything else in
 * kp_value_key_cmp: most key values are integers, and the planner compares
 * bounds all the time. */
static inline int vcmp(const kp_value *a, const kp_value *b, bool *ok)
{
	if (a->kind == KP_V_INT && b->kind == KP_V_INT) {
		*ok = true;
		return (a->i > b->i) - (a->i < b->i);
	}
	return kp_value_key_cmp(a, b, ok);
}

/* The tighter of two bounds on the same side: dir +1 keeps the greater
 * (lower bounds), -1 the smaller (upper bounds). *lossy when they cannot be
 * compared; x is kept then. */
static kp_bound tighter(kp_bound x, kp_bound y, int dir, bool *lossy)
{
	if (!x.set)
		return y;
	if (!y.set)
		return x;
	bool ok;
	int c = vcmp(&x, &y, &ok) * dir;
	if (!ok) {
		*lossy = true;
		return x;
	}
	if (c != 0)
		return c > 0 ? x : y;
	x.incl = x.incl && y.incl;
	return x;
}

static kp_bound max_lo(kp_bound x, kp_bound y, bool *lossy)
{
	return tighter(x, y, 1, lossy);
}

static kp_bound min_hi(kp_bound x, kp_bound y, bool *lossy)
{
	return tighter(x, y, -1, lossy);
}

static bool con_free(const kp_con *c)
{
	return !c->lo.set && !c->hi.set;
}

static bool con_point(const kp_con *c)
{
	return c->point;
}

/* Recomputes c->point; returns true when c is empty (lo above hi). */
static bool con_settle(kp_con *c)
{
	c->point = false;
	/* from NULL, the least value, inclusive: from the start */
	if (c->lo.set && c->lo.kind == KP_V_NULL && c->lo.incl && !(c->hi.set && c->hi.kind == KP_V_NULL))
		c->lo.set = false;
	/* infinities bound like any number: nothing lies above +inf */
	if ((c->lo.set && !c->lo.incl && c->lo.kind == KP_V_REAL && c->lo.r > 1.7976931348623157e308) ||
	    (c->hi.set && !c->hi.incl && c->hi.kind == KP_V_REAL && c->hi.r < -1.7976931348623157e308))
		return true;
	if (!c->lo.set || !c->hi.set)
		return false;
	bool ok;
	int r = vcmp(&c->lo, &c->hi, &ok);
	if (!ok)
		return false;
	if (r == 0 && c->lo.incl && c->hi.incl) {
		c->point = true;
		return false;
	}
	return r >= 0;
}

/* Does bound x admit everything bound y on the same side admits? dir +1
 * for lower bounds, -1 for upper bounds. */
static bool bound_covers(const kp_bound *x, const kp_bound *y, int dir)
{
	if (!x->set)
		return true;
	if (!y->set)
		return false;
	bool ok;
	int c = vcmp(x, y, &ok) * dir;
	if (!ok)
		return false;
	return c < 0 || (c == 0 && (x->incl || !y->incl));
}

static bool lo_covers(const kp_bound *x, const kp_bound *y)
{
	return bound_covers(x, y, 1);
}

static bool hi_covers(const kp_bound *x, const kp_bound *y)
{
	return bound_covers(x, y, -1);
}

static bool con_covers(const kp_con *x, const kp_con *y)
{
	return lo_covers(&x->lo, &y->lo) && hi_covers(&x->hi, &y->hi);
}

/* ---------------------------------------------------------- box sets */

static kp_con *box_new(pctx *pc)
{
	return kp_arena_alloc(pc->a, sizeof(kp_con) * (size_t)(pc->nk ? pc->nk : 1));
}

static boxset bs_none(void)
{
	boxset s = {NULL, 0, true};
	return s;
}

static boxset bs_all(pctx *pc, bool exact)
{
	boxset s;
	s.b = kp_arena_alloc(pc->a, sizeof(kp_con *));
	s.b[0] = box_new(pc);
	s.n = 1;
	s.exact = exact;
	return s;
}

static boxset bs_one(pctx *pc, int kc, kp_bound lo, kp_bound hi)
{
	if (!lo.set && pc->nullslot[kc]) {
		memset(&lo, 0, sizeof lo);
		lo.kind = KP_V_NULL;
		lo.set = true;   /* exclusive: SQL comparisons never hold for NULL */
	}
	boxset s = bs_all(pc, true);
	s.b[0][kc].lo = lo;
	s.b[0][kc].hi = hi;
	if (con_settle(&s.b[0][kc]))
		return bs_none();
	return s;
}

/* One box holding every box of s (coarser, so inexact). */
static boxset bs_hull(pctx *pc, boxset s)
{
	boxset h = bs_all(pc, false);
	if (s.n == 0)
		return s;
	for (int k = 0; k < pc->nk; k++) {
		kp_con c = s.b[0][k];
		for (uint32_t i = 1; i < s.n && !con_free(&c); i++) {
			const kp_con *x = &s.b[i][k];
			if (!lo_covers(&c.lo, &x->lo))
				c.lo = x->lo;
			if (!hi_covers(&c.hi, &x->hi))
				c.hi = x->hi;
			/* incomparable bounds: give up on this column */
			if (!lo_covers(&c.lo, &x->lo))
				c.lo.set = false;
			if (!hi_covers(&c.hi, &x->hi))
				c.hi.set = false;
		}
		con_settle(&c);
		h.b[0][k] = c;
	}
	return h;
}

static void note_limit(pctx *pc)
{
	pc->limit_hit = true;
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

static boxset bs_or(pctx *pc, boxset x, boxset y)
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

static boxset bs_and(pctx *pc, boxset x, boxset y)
{
	if (x.n == 0 || y.n == 0)
		return (boxset){NULL, 0, x.exact && y.exact};
	/* the whole key space is the identity of AND */
	if (x.n == 1 && box_free(pc, x.b[0]))
		return (boxset){y.b, y.n, x.exact && y.exact};
	if (y.n == 1 && box_free(pc, y.b[0]))
		return (boxset){x.b, x.n, x.exact && y.exact};
	if ((uint64_t)x.n * y.n > KP_MAX_RANGES) {
		/* too many boxes: one side keeps its boxes, the other shrinks to
		 * the one box that holds it (what it loses stays in the filter);
		 * of the two, the one that binds more key parts */
		note_limit(pc);
		boxset hx = bs_hull(pc, x), hy = bs_hull(pc, y);
		boxset a = bs_and(pc, x, hy), b = bs_and(pc, hx, y);
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

/* ------------------------------------------------------------ leaves */

static kp_bound bound(const kp_value *v, bool incl)
{
	kp_bound b = *v;
	b.set = true;
	b.incl = incl;
	return b;
}

static const kp_bound NOBOUND;   /* all zero: unbounded */
/* above NULL: NULL is the least value of a column, stored first */
static const kp_bound NOTNULL = {.kind = KP_V_NULL, .set = true, .incl = false};
static const kp_bound ISNULL = {.kind = KP_V_NULL, .set = true, .incl = true};

/* The least lower bound of a comparison with a value: unbounded on a key
 * column, above NULL on a column that can be NULL (a comparison is never
 * true for NULL, and NOT of it is never true either). */
static kp_bound low_end(const pctx *pc, int kc)
{
	return pc->nullslot[kc] ? NOTNULL : NOBOUND;
}

static boxset bs_cmp(pctx *pc, int kc, int op, const kp_value *v)
{
	switch (op) {
	case KP_OP_EQ: return bs_one(pc, kc, bound(v, true), bound(v, true));
	case KP_OP_LT: return bs_one(pc, kc, low_end(pc, kc), bound(v, false));
	case KP_OP_LE: return bs_one(pc, kc, low_end(pc, kc), bound(v, true));
	case KP_OP_GT: return bs_one(pc, kc, bound(v, false), NOBOUND);
	case KP_OP_GE: return bs_one(pc, kc, bound(v, true), NOBOUND);
	default: return bs_all(pc, false);   /* <> serves no key range */
	}
}

static int negate_op(int op)
{
	switch (op) {
	case KP_OP_EQ: return KP_OP_NE;
	case KP_OP_NE: return KP_OP_EQ;
	case KP_OP_LT: return KP_OP_GE;
	case KP_OP_LE: return KP_OP_GT;
	case KP_OP_GT: return KP_OP_LE;
	case KP_OP_GE: return KP_OP_LT;
	default: return op;
	}
}

static int flip_op(int op)
{
	switch (op) {
	case KP_OP_LT: return KP_OP_GT;
	case KP_OP_LE: return KP_OP_GE;
	case KP_OP_GT: return KP_OP_LT;
	case KP_OP_GE: return KP_OP_LE;
	default: return op;
	}
}

static bool is_const(pctx *pc, const kp_expr *e)
{
	kp_value v;
	return kp_value_fold(&v, e, pc->a);
}

/* Is e the constant NULL? (Folded only when it is not a plain literal:
 * this runs for every comparison.) */
static bool is_null(pctx *pc, const kp_expr *e)
{
	if (e->kind == KP_X_NULL)
		return true;
	if (e->kind == KP_X_INT || e->kind == KP_X_STRING || e->kind == KP_X_FLOAT || e->kind == KP_X_PARAM ||
	    e->kind == KP_X_COLUMN)
		return false;
	kp_value v;
	return kp_value_fold(&v, e, pc->a) && v.kind == KP_V_NULL;
}

/* x COLLATE BINARY is x: keys compare byte by byte, which is BINARY. Any
 * other collation changes the order, so that operand stays as it is. */
static const kp_expr *strip_binary(const kp_expr *e)
{
	while (e->kind == KP_X_COLLATE && kp_name_eq(&e->name, "binary"))
		e = e->a;
	return e;
}

/* The key slot of a column reference, or of an expression a functional
 * index part indexes (the same expression, structurally), or -1. */
static int key_slot(pctx *pc, const kp_expr *e)
{
	e = strip_binary(e);
	if (e->kind == KP_X_COLUMN)
		return e->colref > 0 ? pc->kcol[e->colref - 1] : -1;
	for (int s = 0; pc->nx && s < pc->nk; s++)
		if (pc->xexpr[s] && kp_expr_equal(e, pc->xexpr[s]))
			return s;
	return -1;
}

/* What values an indexed expression holds: text for string functions and
 * ||, numbers for arithmetic; KP_T_OTHER (any value) otherwise. */
static kp_type_class expr_class(const kp_expr *e)
{
	static const char *text_fns[] = {"upper", "lower", "substr", "substring", "trim", "ltrim",
	                                 "rtrim", "concat", "reverse", "lpad", "rpad", "regexp_substr",
	                                 "regexp_replace", "to_char", NULL};
	if (e->kind == KP_X_ARITH)
		return e->op == KP_OP_CONCAT ? KP_T_STRING : KP_T_REAL;
	if (e->kind == KP_X_FUNC)
		for (int i = 0; text_fns[i]; i++)
			if (kp_name_eq(&e->name, text_fns[i]))
				return KP_T_STRING;
	return KP_T_OTHER;
}

/* The class of values a keyed operand (a column or an indexed expression) holds. */
static kp_type_class slot_class(const pctx *pc, const kp_expr *x)
{
	x = strip_binary(x);
	return x->kind == KP_X_COLUMN ? pc->t->cols[x->colref - 1].tclass : expr_class(x);
}

/* A key column referenced anywhere inside e (not e itself), or NULL. */
static const kp_expr *key_col_inside(pctx *pc, const kp_expr *e)
{
	if (!e)
		return NULL;
	if (e->kind == KP_X_COLUMN)
		return e->colref > 0 && pc->t->cols[e->colref - 1].key_pos >= 0 ? e : NULL;
	const kp_expr *r;
	if ((r = key_col_inside(pc, e->a)) || (r = key_col_inside(pc, e->b)) ||
	    (r = key_col_inside(pc, e->c)))
		return r;
	for (uint32_t i = 0; i < e->n; i++)
		if ((r = key_col_inside(pc, e->list[i])))
			return r;
	return NULL;
}

/* Complains when an expression wraps a key column (md5(userid) = ...). */
static void check_key_function(pctx *pc, const kp_expr *side)
{
	if (!pc->report || side->kind == KP_X_COLUMN || side->kind == KP_X_TUPLE)
		return;
	/* an expression a functional index indexes is served there */
	for (int i = 0; i < pc->t->nindexes; i++)
		for (int j = 0; pc->t->indexes[i]->has_expr && j < pc->t->indexes[i]->nuser; j++)
			if (pc->t->indexes[i]->key.parts[j].expr &&
			    kp_expr_equal(strip_binary(side), pc->t->indexes[i]->key.parts[j].expr))
				return;
	const kp_expr *c = key_col_inside(pc, side);
	if (c)
		kp_diag_add(pc->d, pc->a, KP_R_KEY_FUNCTION, KP_SEV_WARNING, pc->src, side->off, side->len,
		            "key column '%s' is wrapped in an expression, so the key cannot serve this "
		            "condition; compare the column itself with a constant",
		            pc->t->cols[c->colref - 1].name);
}

static bool fits(kp_type_class tc, const kp_value *v)
{
	if (v->kind == KP_V_PARAM)
		return true;
	switch (tc) {
	case KP_T_INT: case KP_T_REAL: return v->kind == KP_V_INT || v->kind == KP_V_REAL;
	case KP_T_STRING: case KP_T_BINARY: return v->kind == KP_V_STR;
	case KP_T_BOOL: return v->kind == KP_V_BOOL || (v->kind == KP_V_INT && (v->i == 0 || v->i == 1));
	case KP_T_TIME: return v->kind == KP_V_STR || v->kind == KP_V_INT || v->kind == KP_V_TIME;
	default: return v->kind != KP_V_NULL && v->kind != KP_V_TIME;
	}
}

/* The value of constant e for key column col, or false (reported) when it
 * cannot bind the key: NULL, or a type the column cannot hold. */
static bool key_value(pctx *pc, kp_value *v, const kp_expr *col, const kp_expr *e)
{
	col = strip_binary(col);
	if (!kp_value_fold(v, e, pc->a) || v->kind == KP_V_NULL)
		return false;
	if (col->kind != KP_X_COLUMN) {   /* an indexed expression */
		if (!fits(expr_class(col), v))
			return false;
		if (v->kind == KP_V_BOOL)
			v->kind = KP_V_INT;
		return true;
	}
	const kp_column *c = &pc->t->cols[col->colref - 1];
	if (!fits(c->tclass, v)) {
		if (pc->report) {
			kp_buf b = {0};
			kp_value_sql(&b, v);
			kp_diag_add(pc->d, pc->a, KP_R_TYPE_MISMATCH, KP_SEV_WARNING, pc->src, e->off, e->len,
			            "%s does not fit %s column '%s', so it is not used for the key",
			            b.data, c->type_name, c->name);
			kp_buf_free(&b);
		}
		return false;
	}
	if (v->kind == KP_V_BOOL) {
		v->kind = KP_V_INT;
	}
	return true;
}

static boxset analyze(pctx *pc, const kp_expr *e, bool neg);

static kp_expr *synth(pctx *pc, int kind, int op, kp_expr *a, kp_expr *b, const kp_expr *at)
{
	kp_expr *e = kp_arena_alloc(pc->a, sizeof(*e));
	e->kind = (uint8_t)kind;
	e->op = (uint8_t)op;
	e->a = a;
	e->b = b;
	e->off = at->off;
	e->len = at->len;
	return e;
}

static kp_expr *synth_list(pctx *pc, int kind, kp_expr **items, uint32_t n, const kp_expr *at)
{
	kp_expr *e = synth(pc, kind, 0, NULL, NULL, at);
	e->list = items;
	e->n = n;
	return e;
}

/* (a1, ..., an) op (b1, ..., bn) as AND/OR of scalar comparisons. */
static kp_expr *expand_tuple(pctx *pc, const kp_expr *x, int op, const kp_expr *y, const kp_expr *at)
{
	uint32_t n = x->n;
	if (op == KP_OP_EQ || op == KP_OP_NE) {
		kp_expr **l = kp_arena_alloc(pc->a, sizeof(kp_expr *) * n);
		for (uint32_t i = 0; i < n; i++)
			l[i] = synth(pc, KP_X_CMP, op, x->list[i], y->list[i], at);
		return n == 1 ? l[0] : synth_list(pc, op == KP_OP_EQ ? KP_X_AND : KP_X_OR, l, n, at);
	}
	int strict = (op == KP_OP_LE) ? KP_OP_LT : (op == KP_OP_GE) ? KP_OP_GT : op;
	kp_expr **ors = kp_arena_alloc(pc->a, sizeof(kp_expr *) * n);
	for (uint32_t i = 0; i < n; i++) {
		kp_expr **ands = kp_arena_alloc(pc->a, sizeof(kp_expr *) * (i + 1));
		for (uint32_t j = 0; j < i; j++)
			ands[j] = synth(pc, KP_X_CMP, KP_OP_EQ, x->list[j], y->list[j], at);
		ands[i] = synth(pc, KP_X_CMP, i + 1 == n ? op : strict, x->list[i], y->list[i], at);
		ors[i] = i == 0 ? ands[0] : synth_list(pc, KP_X_AND, ands, i + 1, at);
	}
	return n == 1 ? ors[0] : synth_list(pc, KP_X_OR, ors, n, at);
}

/* The rows where key column slot kc is NULL (not_null false) or is not. A
 * key column is never NULL; an index column can be, and NULL sorts first. */
static boxset null_test(pctx *pc, int kc, bool not_null)
{
	if (!pc->nullslot[kc])
		return not_null ? bs_all(pc, true) : bs_none();
	return not_null ? bs_one(pc, kc, NOTNULL, NOBOUND) : bs_one(pc, kc, ISNULL, ISNULL);
}

static boxset leaf_in(pctx *pc, const kp_expr *e, bool neg);

static boxset leaf_cmp(pctx *pc, const kp_expr *e, bool neg)
{
	const kp_expr *x = strip_binary(e->a), *y = strip_binary(e->b);
	int op = e->op;
	if (y->kind == KP_X_QUANT && y->a->kind == KP_X_ARRAY && op == KP_OP_EQ && !y->op2) {
		/* x = ANY(ARRAY[v1, v2]) is x IN (v1, v2) */
		kp_expr *in = synth_list(pc, KP_X_IN, y->a->list, y->a->n, e);
		in->a = (kp_expr *)e->a;
		return leaf_in(pc, in, neg);
	}
	if (x->kind == KP_X_TUPLE && y->kind == KP_X_TUPLE) {
		if (x->n != y->n)
			return bs_all(pc, false);
		return analyze(pc, expand_tuple(pc, x, op, y, e), neg);
	}
	if (x->kind != KP_X_COLUMN && is_const(pc, x) && !is_const(pc, y)) {
		const kp_expr *t = x;
		x = y;
		y = t;
		op = flip_op(op);
	}
	kp_value v;
	if (op != KP_OP_IS && op != KP_OP_ISNOT && is_null(pc, y))
		return bs_none();   /* a comparison with NULL is never true, nor false */
	int kc = is_const(pc, y) ? key_slot(pc, x) : -1;
	if (kc < 0 && (x->kind != KP_X_COLUMN || !is_const(pc, y))) {
		check_key_function(pc, e->a);
		check_key_function(pc, e->b);
		return bs_all(pc, false);
	}
	if (kc >= 0 && (op == KP_OP_IS || op == KP_OP_ISNOT) && is_null(pc, y))
		return null_test(pc, kc, (op == KP_OP_ISNOT) != neg);
	if (kc < 0 || !key_value(pc, &v, x, y))
		return bs_all(pc, false);
	/* a parameter may be bound to NULL, which IS matches in a column that
	 * can be NULL */
	if ((op == KP_OP_IS || op == KP_OP_ISNOT) && v.kind == KP_V_PARAM && pc->nullslot[kc])
		return bs_all(pc, false);
	/* v is not NULL: IS is = and IS NOT is <> (which serves no range, so
	 * also where the column can be NULL) */
	if (op == KP_OP_IS)
		op = KP_OP_EQ;
	else if (op == KP_OP_ISNOT)
		op = KP_OP_NE;
	return bs_cmp(pc, kc, neg ? negate_op(op) : op, &v);
}

static boxset leaf_between(pctx *pc, const kp_expr *e, bool neg)
{
	int kc = key_slot(pc, e->a);
	if (kc < 0) {
		check_key_function(pc, e->a);
		return bs_all(pc, false);
	}
	kp_value lo, hi;
	if (!is_const(pc, e->b) || !is_const(pc, e->c))
		return bs_all(pc, false);
	/* a NULL end: BETWEEN is never true; NOT BETWEEN is the other side */
	bool lo_null = is_null(pc, e->b), hi_null = is_null(pc, e->c);
	if (lo_null || hi_null) {
		if (e->negated == neg || (lo_null && hi_null))
			return bs_none();
		if (lo_null)
			return key_value(pc, &hi, e->a, e->c) ? bs_cmp(pc, kc, KP_OP_GT, &hi) : bs_all(pc, false);
		return key_value(pc, &lo, e->a, e->b) ? bs_cmp(pc, kc, KP_OP_LT, &lo) : bs_all(pc, false);
	}
	if (!key_value(pc, &lo, e->a, e->b) || !key_value(pc, &hi, e->a, e->c))
		return bs_all(pc, false);
	if (e->negated != neg)
		return bs_or(pc, bs_cmp(pc, kc, KP_OP_LT, &lo), bs_cmp(pc, kc, KP_OP_GT, &hi));
	return bs_one(pc, kc, bound(&lo, true), bound(&hi, true));
}

static boxset leaf_in(pctx *pc, const kp_expr *e, bool neg)
{
	bool negated = e->negated != neg;
	if (e->a->kind == KP_X_TUPLE) {
		/* (a, b) IN ((1, 2), (3, 4)) */
		kp_expr **ors = kp_arena_alloc(pc->a, sizeof(kp_expr *) * (e->n + 1));
		for (uint32_t i = 0; i < e->n; i++) {
			if (e->list[i]->kind != KP_X_TUPLE || e->list[i]->n != e->a->n)
				return bs_all(pc, false);
			ors[i] = expand_tuple(pc, e->a, KP_OP_EQ, e->list[i], e);
		}
		if (e->n == 0)
			return negated ? bs_all(pc, true) : bs_none();
		kp_expr *o = e->n == 1 ? ors[0] : synth_list(pc, KP_X_OR, ors, e->n, e);
		return analyze(pc, o, negated);
	}
	int kc = key_slot(pc, e->a);
	if (kc < 0) {
		check_key_function(pc, e->a);
		return bs_all(pc, false);
	}
	if (e->n == 0)
		return negated ? bs_all(pc, true) : bs_none();
	if (negated)
		return bs_all(pc, false);
	if (e->n > KP_MAX_RANGES) {
		note_limit(pc);
		boxset s = bs_none();
		kp_value lo, hi;
		bool have = false;
		for (uint32_t i = 0; i < e->n; i++) {
			kp_value v;
			if (!key_value(pc, &v, e->a, e->list[i]))
				return bs_all(pc, false);
			bool ok;
			if (!have) {
				lo = hi = v;
				have = true;
				continue;
			}
			int c1 = vcmp(&v, &lo, &ok);
			if (!ok)
				return bs_all(pc, false);
			if (c1 < 0)
				lo = v;
			if (vcmp(&v, &hi, &ok) > 0)
				hi = v;
		}
		s = bs_one(pc, kc, bound(&lo, true), bound(&hi, true));
		s.exact = false;
		return s;
	}
	boxset s;
	s.b = kp_arena_alloc(pc->a, sizeof(kp_con *) * e->n);
	s.n = 0;
	s.exact = true;
	for (uint32_t i = 0; i < e->n; i++) {
		kp_value v;
		/* a NULL in the list matches no row (it only turns false into NULL) */
		if (is_null(pc, e->list[i]))
			continue;
		if (!key_value(pc, &v, e->a, e->list[i]))
			return bs_all(pc, false);
		kp_con *b = box_new(pc);
		b[kc].lo = b[kc].hi = bound(&v, true);
		b[kc].point = true;
		s.b[s.n++] = b;
	}
	return s;
}

/* The smallest string above every string that starts with p: p with its
 * last code point incremented (keeps UTF-8 valid). False if none exists. */
static bool prefix_successor(kp_arena *a, const char *p, uint32_t n, kp_value *out)
{
	while (n > 0) {
		uint32_t start = n - 1;
		while (start > 0 && ((unsigned char)p[start] & 0xc0) == 0x80)
			start--;
		const unsigned char *s = (const unsigned char *)p + start;
		uint32_t cp, len = n - start;
		if (len == 1) cp = s[0];
		else if (len == 2) cp = ((s[0] & 0x1fu) << 6) | (s[1] & 0x3fu);
		else if (len == 3) cp = ((s[0] & 0x0fu) << 12) | ((s[1] & 0x3fu) << 6) | (s[2] & 0x3fu);
		else cp = ((s[0] & 0x07u) << 18) | ((s[1] & 0x3fu) << 12) | ((s[2] & 0x3fu) << 6) | (s[3] & 0x3fu);
		cp++;
		if (cp == 0xd800)
			cp = 0xe000;
		if (cp > 0x10ffff) {
			n = start;
			continue;
		}
		char *o = kp_arena_alloc(a, start + 5);
		memcpy(o, p, start);
		uint32_t k = start;
		if (cp < 0x80) {
			o[k++] = (char)cp;
		} else if (cp < 0x800) {
			o[k++] = (char)(0xc0 | (cp >> 6));
			o[k++] = (char)(0x80 | (cp & 0x3f));
		} else if (cp < 0x10000) {
			o[k++] = (char)(0xe0 | (cp >> 12));
			o[k++] = (char)(0x80 | ((cp >> 6) & 0x3f));
			o[k++] = (char)(0x80 | (cp & 0x3f));
		} else {
			o[k++] = (char)(0xf0 | (cp >> 18));
			o[k++] = (char)(0x80 | ((cp >> 12) & 0x3f));
			o[k++] = (char)(0x80 | ((cp >> 6) & 0x3f));
			o[k++] = (char)(0x80 | (cp & 0x3f));
		}
		memset(out, 0, sizeof(*out));
		out->kind = KP_V_STR;
		out->s = o;
		out->n = k;
		return true;
	}
	return false;
}

/* LIKE 'abc%' on a string key column is the range ['abc', 'abd'); exact
 * when the pattern is a plain prefix followed by one '%'. LIKE is taken as
 * case-sensitive (byte order), as the stores compare keys. GLOB 'abc*' is
 * the same with GLOB's wildcards (and is case-sensitive in SQL too). */
static boxset leaf_like(pctx *pc, const kp_expr *e, bool neg)
{
	int kc = key_slot(pc, e->a);
	if (kc < 0) {
		check_key_function(pc, e->a);
		return bs_all(pc, false);
	}
	if (e->c || e->b->kind != KP_X_STRING || slot_class(pc, e->a) != KP_T_STRING)
		return bs_all(pc, false);
	const char *p = e->b->str;
	uint32_t n = e->b->slen, plen = 0;
	/* LIKE wildcards % _, GLOB wildcards * ? [ */
	while (plen < n && (e->glob ? p[plen] != '*' && p[plen] != '?' && p[plen] != '['
	                            : p[plen] != '%' && p[plen] != '_'))
		plen++;
	bool negated = e->negated != neg;
	kp_value pre = {0};
	pre.kind = KP_V_STR;
	pre.s = p;
	pre.n = plen;
	if (plen == n) {   /* no wildcard: equality */
		if (negated)
			return bs_all(pc, false);
		return bs_cmp(pc, kc, KP_OP_EQ, &pre);
	}
	if (plen == 0)
		return bs_all(pc, false);
	bool exact = plen + 1 == n && p[plen] == (e->glob ? '*' : '%');
	kp_value succ;
	bool has_succ = prefix_successor(pc->a, p, plen, &succ);
	if (negated) {
		if (!exact)
			return bs_all(pc, false);
		boxset s = bs_cmp(pc, kc, KP_OP_LT, &pre);
		return has_succ ? bs_or(pc, s, bs_cmp(pc, kc, KP_OP_GE, &succ)) : s;
	}
	boxset s = bs_one(pc, kc, bound(&pre, true), has_succ ? bound(&succ, false) : NOBOUND);
	s.exact = exact;
	return s;
}

static boxset leaf_isnull(pctx *pc, const kp_expr *e, bool neg)
{
	int kc = key_slot(pc, e->a);
	if (kc < 0 || strip_binary(e->a)->kind != KP_X_COLUMN)
		return bs_all(pc, false);   /* an indexed expression may be NULL */
	return null_test(pc, kc, e->negated != neg);
}

static boxset analyze(pctx *pc, const kp_expr *e, bool neg)
{
	switch (e->kind) {
	case KP_X_AND:
	case KP_X_OR: {
		bool conj = (e->kind == KP_X_AND) != neg;
		boxset acc = conj ? bs_all(pc, true) : bs_none();
		for (uint32_t i = 0; i < e->n; i++) {
			boxset s = analyze(pc, e->list[i], neg);
			acc = conj ? bs_and(pc, acc, s) : bs_or(pc, acc, s);
		}
		return acc;
	}
	case KP_X_NOT:
		return analyze(pc, e->a, !neg);
	case KP_X_CMP:
		return leaf_cmp(pc, e, neg);
	case KP_X_CHAIN: {
		kp_expr *l[2];
		l[0] = synth(pc, KP_X_CMP, e->op, e->list[0], e->list[1], e);
		l[1] = synth(pc, KP_X_CMP, e->op2, e->list[1], e->list[2], e);
		return analyze(pc, synth_list(pc, KP_X_AND, l, 2, e), neg);
	}
	case KP_X_BETWEEN:
		return leaf_between(pc, e, neg);
	case KP_X_IN:
		return leaf_in(pc, e, neg);
	case KP_X_LIKE:
		return leaf_like(pc, e, neg);
	case KP_X_ISNULL:
		return leaf_isnull(pc, e, neg);
	case KP_X_BOOL:
		return (e->ival != 0) != neg ? bs_all(pc, true) : bs_none();
	default:
		return bs_all(pc, false);
	}
}

/* ------------------------------------------------------------ ranges */

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
	if (x->neq != y->neq || x->has_range != y->has_range || x->nthen != y->nthen)
		return false;
	if (x->has_range && (!same_bound(&x->lo, &y->lo) || !same_bound(&x->hi, &y->hi)))
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
static int then_cmp(const kp_range *x, const kp_range *y, bool *known)
{
	*known = true;
	for (int i = 0; i < x->nthen && i < y->nthen; i++) {
		int c = vcmp(&x->then[i], &y->then[i], known);
		if (c || !*known)
			return c;
	}
	return (x->nthen > y->nthen) - (x->nthen < y->nthen);
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
		for (int i = 0; i < nr; i++)
			r[i].nthen = 0;   /* read as plain ranges; the filter keeps the rest */
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
					if (span_before(k, &sp[i], &sp[j]) || span_before(k, &sp[j], &sp[i]) ||
					    (span_points(&sp[i], &sp[j]) && !span_same(k, &sp[i], &sp[j])))
						continue;
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
	for (int p = 0; p < k->n && p <= r->neq + r->nthen; p++)
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

/* Merges boxes that differ on at most one key column where their intervals
 * overlap or touch, so that a union such as p BETWEEN 1 AND 5 OR p BETWEEN
 * 4 AND 9 is recognised as covering the merged range [1, 9]. Quadratic, so
 * only for small sets. */
static void bs_merge(pctx *pc, boxset *s)
{
	if (s->n < 2 || s->n > 64)
		return;
	bool changed = true;
	while (changed) {
		changed = false;
		for (uint32_t i = 0; i < s->n && !changed; i++)
			for (uint32_t j = i + 1; j < s->n && !changed; j++) {
				int diff = -1, ndiff = 0;
				for (int k = 0; k < pc->nk; k++)
					if (!con_covers(&s->b[i][k], &s->b[j][k]) || !con_covers(&s->b[j][k], &s->b[i][k])) {
						diff = k;
						ndiff++;
					}
				if (ndiff > 1)
					continue;
				if (ndiff == 1) {
					kp_con *x = &s->b[i][diff], *y = &s->b[j][diff];
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

/* ----------------------------------------------------- path evaluation */

typedef struct path_eval {
	const kp_index *index;  /* NULL: primary key */
	const kp_key *key;      /* the path's key */
	kp_access access;       /* class */
	kp_range *ranges;       /* ranges */
	int nranges;            /* count */
	kp_list filter;         /* residual conjuncts */
	int bound;              /* key parts bound by the weakest range */
	bool covering;          /* holds every column used */
	bool limit_hit;         /* ranges were coarsened */
	bool unordered;         /* two ranges have no known order */
	kp_order order;         /* how it returns the ORDER BY (set for the path choice) */
} path_eval;

static void conjuncts(const kp_expr *w, const kp_expr ***out, uint32_t *n, kp_arena *a)
{
	if (w->kind == KP_X_AND) {
		*out = (const kp_expr **)w->list;
		*n = w->n;
		return;
	}
	*out = kp_arena_alloc(a, sizeof(kp_expr *));
	(*out)[0] = w;
	*n = 1;
}

static void eval_path(path_eval *pe, const kp_table *t, const kp_key *key, const kp_expr *where,
                      bool report, kp_source *src, kp_arena *a, kp_diags *d)
{
	pctx pc;
	memset(&pc, 0, sizeof pc);
	pc.a = a;
	pc.d = d;
	pc.src = src;
	pc.t = t;
	pc.key = key;
	pc.report = report;
	pc.kcol = kp_arena_alloc(a, sizeof(int) * (size_t)(t->ncols + 1));
	for (int i = 0; i < t->ncols; i++)
		pc.kcol[i] = -1;
	pc.pslot = kp_arena_alloc(a, sizeof(int) * (size_t)(key->n + 1));
	pc.nullslot = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + key->n + 1));
	pc.xexpr = kp_arena_alloc(a, sizeof(kp_expr *) * (size_t)(t->ncols + key->n + 1));
	for (int i = 0; i < key->n; i++) {
		const kp_key_part *p = &key->parts[i];
		pc.pslot[i] = -1;
		if (p->col >= 0 && pc.kcol[p->col] < 0)
			pc.kcol[p->col] = pc.nk++;
		if (p->col >= 0) {
			pc.pslot[i] = pc.kcol[p->col];
			/* primary-key columns are never NULL unless declared NULL (Phoenix);
			 * other index columns can be */
			const kp_column *c = &t->cols[p->col];
			pc.nullslot[pc.pslot[i]] = c->nullable || (c->key_pos < 0 && !c->not_null);
		}
		if (p->expr) {
			pc.xexpr[pc.nk] = p->expr;
			pc.pslot[i] = pc.nk++;
			pc.nx++;
		}
		for (int j = 0; j < p->nhash; j++)
			if (p->hash_cols[j] >= 0 && pc.kcol[p->hash_cols[j]] < 0)
				pc.kcol[p->hash_cols[j]] = pc.nk++;
	}
	pe->key = key;
	memset(&pe->filter, 0, sizeof pe->filter);

	const kp_expr **conj = NULL;
	uint32_t nconj = 0;
	boxset all = bs_all(&pc, true);
	boxset *parts = NULL;
	if (where) {
		conjuncts(where, &conj, &nconj, a);
		parts = kp_arena_alloc(a, sizeof(boxset) * nconj);
		for (uint32_t i = 0; i < nconj; i++) {
			parts[i] = analyze(&pc, conj[i], false);
			all = bs_and(&pc, all, parts[i]);
			bs_merge(&pc, &parts[i]);
		}
	}
	pe->limit_hit = pc.limit_hit;
	pe->ranges = kp_arena_alloc(a, sizeof(kp_range) * (all.n + 1));
	pe->nranges = 0;
	bool full = false, skip = true;
	for (uint32_t i = 0; i < all.n; i++) {
		kp_range *r = &pe->ranges[pe->nranges++];
		box_range(&pc, all.b[i], r);
		if (r->neq == 0 && !r->has_range)
			full = true;
		box_then(&pc, all.b[i], r);
		if (!r->nthen || r->neq != pe->ranges[0].neq || r->nthen != pe->ranges[0].nthen)
			skip = false;
	}
	/* a product of ranges on one part and equalities on the next ones (a
	 * Phoenix skip scan) when every box has that shape */
	if (!skip || pe->nranges < 2)
		for (int i = 0; i < pe->nranges; i++)
			pe->ranges[i].nthen = 0;
	if (full) {
		pe->nranges = 1;
		memset(&pe->ranges[0], 0, sizeof(kp_range));
	} else {
		pe->ranges = normalize_ranges(&pc, pe->ranges, &pe->nranges, &pe->unordered);
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
	}
	/* residual filter: conjuncts the ranges do not already guarantee */
	cview *views = NULL;
	for (uint32_t i = 0; i < nconj; i++) {
		bool served = parts[i].exact;
		if (served && pe->nranges > 0) {
			if (!views) {
				/* every range's view on every slot, once for all conjuncts */
				views = kp_arena_alloc(a, sizeof(cview) * (size_t)pe->nranges * (size_t)(pc.nk + 1));
				for (int r = 0; r < pe->nranges; r++)
					range_views(&pc, &pe->ranges[r], views + (size_t)r * (size_t)pc.nk);
			}
			served = ranges_in_boxset(&pc, pe->nranges, views, &parts[i]);
		}
		if (!served)
			kp_list_push(a, &pe->filter, (void *)conj[i]);
	}
	pe->bound = key->n + 1;
	bool all_get = true;
	for (int r = 0; r < pe->nranges; r++) {
		int b = pe->ranges[r].neq + (pe->ranges[r].has_range ? 1 : 0);
		if (b < pe->bound)
			pe->bound = b;
		if (pe->ranges[r].neq < key->n)
			all_get = false;
	}
	if (pe->nranges == 0)
		pe->bound = key->n;
	if (full)
		pe->access = KP_ACCESS_FULL;
	else if (all_get)
		pe->access = KP_ACCESS_GET;
	else if (pe->filter.n == 0)
		pe->access = KP_ACCESS_SCAN;
	else
		pe->access = KP_ACCESS_FILTERED;
}

/* Is path a better than path b? GET < SCAN < FILTERED < FULL, then more
 * bound key parts, then the ORDER BY read in key order over read backwards
 * over sorted, then covering, then fewer ranges. */
static bool better(const path_eval *a, const path_eval *b)
{
	/* a condition that is never true reads nothing on any path: keep the
	 * first (the primary key), not an index with a longer key */
	if (a->nranges == 0 && b->nranges == 0 && a->access == KP_ACCESS_GET && b->access == KP_ACCESS_GET)
		return false;
	if (a->access != b->access)
		return a->access < b->access;
	if (a->bound != b->bound)
		return a->bound > b->bound;
	if (a->order != b->order)   /* KEY < REVERSE < SORT (NONE for every path alike) */
		return a->order < b->order;
	if (a->covering != b->covering)
		return a->covering;
	return a->nranges < b->nranges;
}

/* ------------------------------------------------------ name resolution */

typedef struct resolve_ctx {
	const kp_table *t;      /* table */
	const kp_name *alias;   /* FROM alias, or NULL */
	bool *used;             /* per column: referenced */
	int errors;             /* unknown names reported */
	kp_source *src;
	kp_arena *a;
	kp_diags *d;
	const kp_list *dyn;     /* kp_name*: dynamic columns the query declares, or NULL */
} resolve_ctx;

/* Does qualifier q name table tname ("s.t" is also named by "t")? */
static bool names_table(const kp_name *q, const char *tname)
{
	if (kp_name_eq(q, tname))
		return true;
	const char *dot = strrchr(tname, '.');
	return dot && kp_name_eq(q, dot + 1);
}

static bool in_names(const kp_list *l, const kp_name *n)
{
	for (uint32_t i = 0; i < l->n; i++)
		if (kp_name_eqn(l->items[i], n))
			return true;
	return false;
}

/* Lindorm names the timestamp of a non-key column c c_l_ts: the column
 * c, or -1 when name is not such a pseudo-column of t. */
static int ts_pseudo_column(const kp_table *t, const kp_name *n)
{
	if (n->len <= 5 || memcmp(n->s + n->len - 5, "_l_ts", 5) != 0)
		return -1;
	int ci = kp_table_column(t, n->s, n->len - 5);
	return ci >= 0 && t->cols[ci].key_pos < 0 ? ci : -1;
}

/* SQL's functions called without parentheses. */
static bool niladic(const kp_name *n)
{
	static const char *names[] = {"current_date", "current_time", "current_timestamp",
	                              "localtime", "localtimestamp", "sysdate", NULL};
	for (int i = 0; names[i]; i++)
		if (kp_name_eq(n, names[i]))
			return true;
	return false;
}

static void resolve(resolve_ctx *rc, kp_expr *e)
{
	if (!e)
		return;
	if (e->kind == KP_X_SEQ)
		return;   /* names a sequence, not a column */
	if (e->kind == KP_X_COLUMN) {
		const kp_table *t = rc->t;
		int ci = kp_table_column(t, e->name.s, e->name.len);
		if (ci < 0 && rc->dyn && in_names(rc->dyn, &e->name))
			return;   /* a dynamic column the query declares: not in the key */
		if (ci < 0 && (ci = ts_pseudo_column(t, &e->name)) >= 0) {
			/* Lindorm's c_l_ts: the write timestamp of non-key column c,
			 * read with c (no key part) */
			rc->used[ci] = true;
			return;
		}
		if (ci < 0 && !e->qual.s && niladic(&e->name)) {
			/* CURRENT_DATE and friends are functions written without () */
			e->kind = KP_X_FUNC;
			return;
		}
		if (e->qual.s && ci >= 0 && !(t->cols[ci].family && kp_name_eq(&e->qual, t->cols[ci].family))) {
			int cf = kp_table_column_in(t, &e->qual, &e->name);
			if (cf >= 0)
				ci = cf;   /* cf.col names this family's column of that name */
		}
		if (e->qual.s) {
			bool is_table = names_table(&e->qual, t->name) ||
			                (rc->alias && rc->alias->s && kp_name_eqn(&e->qual, rc->alias));
			bool is_family = ci >= 0 && t->cols[ci].family && kp_name_eq(&e->qual, t->cols[ci].family);
			if (!is_table && !is_family) {
				kp_diag_add(rc->d, rc->a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, rc->src, e->qual.off,
				            e->qual.srclen, "'%.*s' is not table %s, its alias or a column family of '%.*s'",
				            (int)e->qual.len, e->qual.s, t->name, (int)e->name.len, e->name.s);
				rc->errors++;
				return;
			}
		}
		if (ci < 0) {
			kp_diag_add(rc->d, rc->a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, rc->src, e->name.off,
			            e->name.srclen, "unknown column '%.*s' in table %s", (int)e->name.len,
			            e->name.s, t->name);
			rc->errors++;
			return;
		}
		e->colref = ci + 1;
		rc->used[ci] = true;
		return;
	}
	if (e->kind == KP_X_STAR) {
		for (int i = 0; i < rc->t->ncols; i++)
			rc->used[i] = true;
		return;
	}
	if (e->kind == KP_X_CHAIN)   /* in the same walk: one pass over the tree */
		kp_diag_add(rc->d, rc->a, KP_R_CHAINED_CMP, KP_SEV_WARNING, rc->src, e->off, e->len,
		            "chained comparison is not portable SQL (SQL reads it as (a %s b) %s c); "
		            "write it as ... AND ...", kp_op_text(e->op), kp_op_text(e->op2));
	resolve(rc, e->a);
	resolve(rc, e->b);
	resolve(rc, e->c);
	for (uint32_t i = 0; i < e->n; i++)
		resolve(rc, e->list[i]);
}

static void resolve_list(resolve_ctx *rc, const kp_list *l)
{
	for (uint32_t i = 0; i < l->n; i++)
		resolve(rc, l->items[i]);
}

static void resolve_order(resolve_ctx *rc, const kp_list *l)
{
	for (uint32_t i = 0; i < l->n; i++)
		resolve(rc, ((kp_order_item *)l->items[i])->expr);
}

/* ---------------------------------------------------------------- order */

/* Is key part i bound to one single value by every range? */
static bool single_eq(const kp_plan *p, int i)
{
	if (p->nranges == 0)
		return true;
	for (int r = 0; r < p->nranges; r++) {
		if (p->ranges[r].neq <= i)
			return false;
		bool ok;
		if (r > 0 && (vcmp(&p->ranges[r].eq[i], &p->ranges[0].eq[i], &ok) != 0 || !ok))
			return false;
	}
	return true;
}

/* Does every range bound key part i (so that it holds no NULL)? */
static bool part_bounded(const kp_plan *p, int i)
{
	if (p->nranges == 0)
		return true;
	for (int r = 0; r < p->nranges; r++) {
		const kp_range *x = &p->ranges[r];
		/* a range unbounded below on a column that can be NULL reads its NULLs */
		if (!((x->neq > i && x->eq[i].kind != KP_V_NULL) || (x->neq == i && x->has_range && x->lo.set)))
			return false;
	}
	return true;
}

static kp_order plan_order(const kp_plan *p, const kp_list *order)
{
	if (order->n == 0)
		return KP_ORDER_NONE;
	const kp_key *k = p->key;
	uint32_t ti = 0;
	int dir = 0;   /* 1 forward, 2 backward */
	for (int i = 0; i < k->n && ti < order->n; i++) {
		/* terms on columns bound to one value are constant: skip them */
		while (ti < order->n) {
			const kp_expr *e = ((kp_order_item *)order->items[ti])->expr;
			bool constant = false;
			for (int j = 0; e->kind == KP_X_COLUMN && j < k->n; j++)
				if (k->parts[j].col == e->colref - 1 && single_eq(p, j))
					constant = true;
			if (!constant)
				break;
			ti++;
		}
		if (ti == order->n)
			break;
		const kp_order_item *it = order->items[ti];
		const kp_key_part *part = &k->parts[i];
		if (it->expr->kind == KP_X_COLUMN && part->col == it->expr->colref - 1) {
			int d = (it->desc != part->desc) ? 2 : 1;
			if (dir && d != dir)
				return KP_ORDER_SORT;
			/* NULLS FIRST|LAST matters only for a column that can be NULL
			 * (key columns never are): keyplan takes NULL to be stored
			 * before every value of its key part, so a forward read gives
			 * NULLS FIRST and a reverse read NULLS LAST (docs/plan-json.md) */
			const kp_column *c = &p->table->cols[part->col];
			if (it->nulls && (c->nullable || (c->key_pos < 0 && !c->not_null)) && !part_bounded(p, i) &&
			    it->nulls != (d == 1 ? KP_NULLS_FIRST : KP_NULLS_LAST))
				return KP_ORDER_SORT;
			dir = d;
			ti++;
			continue;
		}
		if (!single_eq(p, i))
			return KP_ORDER_SORT;
	}
	while (ti < order->n) {   /* trailing constant terms */
		const kp_expr *e = ((kp_order_item *)order->items[ti])->expr;
		bool constant = false;
		for (int j = 0; e->kind == KP_X_COLUMN && j < k->n; j++)
			if (k->parts[j].col == e->colref - 1 && single_eq(p, j))
				constant = true;
		if (!constant)
			return KP_ORDER_SORT;
		ti++;
	}
	/* the key order holds across ranges only when they are known to be
	 * sorted (unless every ORDER BY term is constant) */
	if (dir && p->unordered)
		return KP_ORDER_SORT;
	return dir == 2 ? KP_ORDER_REVERSE : KP_ORDER_KEY;
}

/* How a candidate path returns the ORDER BY: an index whose order matches
 * is preferred over one read backwards or sorted. */
static kp_order path_order(const kp_table *t, const path_eval *pe, const kp_list *order)
{
	kp_plan p;
	memset(&p, 0, sizeof p);
	p.table = t;
	p.key = pe->key;
	p.ranges = pe->ranges;
	p.nranges = pe->nranges;
	p.unordered = pe->unordered;
	return plan_order(&p, order);
}

/* ---------------------------------------------------------------- hints */

/* What a hint's arguments must be. */
enum { HARG_NONE, HARG_INT, HARG_BOOL_OPT, HARG_NAME, HARG_NAMES, HARG_TABLE_NAMES, HARG_ANY };
/* What a hint does to the plan (most change only how the store runs it). */
enum { HACT_NONE, HACT_ALLOW_FILTERING, HACT_FORCE_INDEX, HACT_IGNORE_INDEX, HACT_PHX_INDEX, HACT_PHX_NO_INDEX,
       HACT_PHX_INDEX_OVER_DATA };
/* Which dialect documents it: Lindorm's are known under every target,
 * Phoenix's under --target phoenix. */
enum { HD_LINDORM = 1, HD_PHOENIX = 2 };

typedef struct hint_spec {
	const char *name;       /* as documented (matched ignoring case) */
	uint8_t dialect;        /* HD_* */
	uint8_t args;           /* HARG_* */
	uint8_t act;            /* HACT_* */
	const char *form;       /* how it is written, for messages */
} hint_spec;

/* Lindorm's HINT page (wide-table SQL) and Phoenix's HintNode.Hint. */
static const hint_spec hint_specs[] = {
	{"_l_allow_filtering_", HD_LINDORM, HARG_NONE, HACT_ALLOW_FILTERING, "_l_allow_filtering_"},
	{"_l_force_index_", HD_LINDORM, HARG_NAME, HACT_FORCE_INDEX, "_l_force_index_('idx')"},
	{"_l_ignore_index_", HD_LINDORM, HARG_NAMES, HACT_IGNORE_INDEX, "_l_ignore_index_ or _l_ignore_index_('idx', ...)"},
	{"_l_operation_timeout_", HD_LINDORM, HARG_INT, HACT_NONE, "_l_operation_timeout_(30000)"},
	{"operationtimeout", HD_LINDORM, HARG_INT, HACT_NONE, "operationtimeout(30000)"},
	{"_l_ts_", HD_LINDORM, HARG_INT, HACT_NONE, "_l_ts_(1700000000000)"},
	{"_l_ts_min_", HD_LINDORM, HARG_INT, HACT_NONE, "_l_ts_min_(1700000000000)"},
	{"_l_ts_max_", HD_LINDORM, HARG_INT, HACT_NONE, "_l_ts_max_(1700000000000)"},
	{"_l_versions_", HD_LINDORM, HARG_INT, HACT_NONE, "_l_versions_(3)"},
	{"_l_hot_only_", HD_LINDORM, HARG_BOOL_OPT, HACT_NONE, "_l_hot_only_ or _l_hot_only_(true)"},
	{"index", HD_PHOENIX, HARG_TABLE_NAMES, HACT_PHX_INDEX, "INDEX(table idx ...)"},
	{"no_index", HD_PHOENIX, HARG_NONE, HACT_PHX_NO_INDEX, "NO_INDEX"},
	{"range_scan", HD_PHOENIX, HARG_NONE, HACT_NONE, "RANGE_SCAN"},
	{"skip_scan", HD_PHOENIX, HARG_NONE, HACT_NONE, "SKIP_SCAN"},
	{"small", HD_PHOENIX, HARG_NONE, HACT_NONE, "SMALL"},
	{"serial", HD_PHOENIX, HARG_NONE, HACT_NONE, "SERIAL"},
	{"no_cache", HD_PHOENIX, HARG_NONE, HACT_NONE, "NO_CACHE"},
	{"forward_scan", HD_PHOENIX, HARG_NONE, HACT_NONE, "FORWARD_SCAN"},
	{"seek_to_column", HD_PHOENIX, HARG_NONE, HACT_NONE, "SEEK_TO_COLUMN"},
	{"no_seek_to_column", HD_PHOENIX, HARG_NONE, HACT_NONE, "NO_SEEK_TO_COLUMN"},
	{"use_data_over_index_table", HD_PHOENIX, HARG_NONE, HACT_NONE, "USE_DATA_OVER_INDEX_TABLE"},
	{"use_index_over_data_table", HD_PHOENIX, HARG_NONE, HACT_PHX_INDEX_OVER_DATA, "USE_INDEX_OVER_DATA_TABLE"},
	{"use_sort_merge_join", HD_PHOENIX, HARG_NONE, HACT_NONE, "USE_SORT_MERGE_JOIN"},
	{"use_persistent_cache", HD_PHOENIX, HARG_NONE, HACT_NONE, "USE_PERSISTENT_CACHE"},
	{"no_star_join", HD_PHOENIX, HARG_NONE, HACT_NONE, "NO_STAR_JOIN"},
	{"no_child_parent_join_optimization", HD_PHOENIX, HARG_NONE, HACT_NONE, "NO_CHILD_PARENT_JOIN_OPTIMIZATION"},
	{"hash_aggregate", HD_PHOENIX, HARG_NONE, HACT_NONE, "HASH_AGGREGATE"},
	{"no_index_server_merge", HD_PHOENIX, HARG_NONE, HACT_NONE, "NO_INDEX_SERVER_MERGE"},
	{"cdc_include", HD_PHOENIX, HARG_ANY, HACT_NONE, "CDC_INCLUDE(PRE POST ...)"},
};

typedef struct hints {
	bool allow_filtering;   /* _l_allow_filtering_ */
	const kp_hint *force;   /* _l_force_index_('idx') */
	const kp_hint *ignore;  /* _l_ignore_index_[('idx', ...)] */
	const kp_hint *phx_index; /* Phoenix INDEX(t idx ...) */
	bool no_index;          /* Phoenix NO_INDEX: the data table only */
	bool index_over_data;   /* Phoenix USE_INDEX_OVER_DATA_TABLE: ties go to an index */
} hints;

static bool is_name_arg(const kp_expr *e)
{
	return e->kind == KP_X_STRING || e->kind == KP_X_COLUMN;
}

/* Do the hint's arguments have the documented form? */
static bool hint_args_ok(const kp_hint *x, int args)
{
	uint32_t n = x->args.n;
	kp_expr *const *v = (kp_expr *const *)x->args.items;
	switch (args) {
	case HARG_NONE: return n == 0;
	case HARG_INT: return n == 1 && (v[0]->kind == KP_X_INT || v[0]->kind == KP_X_PARAM);
	case HARG_BOOL_OPT: return n == 0 || (n == 1 && v[0]->kind == KP_X_BOOL);
	case HARG_NAME: return n == 1 && is_name_arg(v[0]);
	case HARG_TABLE_NAMES:
		if (n < 2)
			return false;
		/* fall through */
	case HARG_NAMES:
		for (uint32_t i = 0; i < n; i++)
			if (!is_name_arg(v[i]))
				return false;
		return true;
	default: return true;
	}
}

static void read_hints(hints *h, const kp_stmt *s, const kp_plan_opts *opts, kp_source *src,
                       kp_arena *a, kp_diags *d)
{
	memset(h, 0, sizeof(*h));
	int dialects = HD_LINDORM | (opts->phoenix ? HD_PHOENIX : 0);
	for (uint32_t i = 0; i < s->hints.n; i++) {
		const kp_hint *x = s->hints.items[i];
		const hint_spec *spec = NULL;
		for (size_t k = 0; k < sizeof hint_specs / sizeof hint_specs[0] && !spec; k++)
			if ((hint_specs[k].dialect & dialects) && kp_name_eq(&x->name, hint_specs[k].name))
				spec = &hint_specs[k];
		if (!spec) {
			kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, x->name.off, x->name.srclen,
			            "unknown hint '%.*s' is ignored", (int)x->name.len, x->name.s);
			continue;
		}
		if (!hint_args_ok(x, spec->args)) {
			kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, x->name.off, x->name.srclen,
			            "malformed hint '%.*s' is ignored; write it %s", (int)x->name.len, x->name.s,
			            spec->form);
			continue;
		}
		switch (spec->act) {
		case HACT_ALLOW_FILTERING: h->allow_filtering = true; break;
		case HACT_FORCE_INDEX: h->force = x; break;
		case HACT_IGNORE_INDEX: h->ignore = x; break;
		case HACT_PHX_INDEX: h->phx_index = x; break;
		case HACT_PHX_NO_INDEX: h->no_index = true; break;
		case HACT_PHX_INDEX_OVER_DATA: h->index_over_data = true; break;
		default: break;
		}
	}
}

static const char *hint_arg(const kp_expr *e, uint32_t *len)
{
	if (e->kind == KP_X_STRING) {
		*len = e->slen;
		return e->str;
	}
	*len = e->name.len;
	return e->name.s;
}

static bool ignored(const hints *h, const kp_index *ix)
{
	if (h->no_index)
		return true;
	if (!h->ignore)
		return false;
	if (h->ignore->args.n == 0)
		return true;
	for (uint32_t i = 0; i < h->ignore->args.n; i++) {
		uint32_t n;
		const char *s = hint_arg(h->ignore->args.items[i], &n);
		kp_name nm = {s, n, 0, n, false};
		if (kp_name_eq(&nm, ix->name))
			return true;
	}
	return false;
}

/* Phoenix's INDEX(t idx1 idx2 ...): the first listed index of t that
 * exists is used; a hint naming another table (or alias), or only
 * missing indexes, is ignored, as Phoenix ignores it. */
static const kp_index *phoenix_index(const hints *h, const kp_table *t, const kp_name *alias,
                                     kp_source *src, kp_arena *a, kp_diags *d)
{
	const kp_expr *tab = h->phx_index->args.items[0];
	uint32_t n;
	const char *tn = hint_arg(tab, &n);
	kp_name nm = {tn, n, 0, n, false};
	if (tab->kind == KP_X_COLUMN && tab->qual.s) {
		/* INDEX(schema.table idx) */
		nm = kp_ast_qualified(a, tab->qual, tab->name);
		tn = nm.s;
		n = nm.len;
	}
	if (!kp_name_eq(&nm, t->name) && !(alias && alias->s && kp_name_eqn(&nm, alias))) {
		kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, tab->off, tab->len,
		            "INDEX hint names table '%.*s', not %s: it is ignored", (int)n, tn, t->name);
		return NULL;
	}
	for (uint32_t i = 1; i < h->phx_index->args.n; i++) {
		const char *s = hint_arg(h->phx_index->args.items[i], &n);
		kp_index *ix = kp_table_index(t, s, n);
		if (ix && ix->kv)
			return ix;
	}
	const kp_expr *first = h->phx_index->args.items[1];
	kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, first->off, first->len,
	            "INDEX hint names no index of %s that keyplan can use: it is ignored", t->name);
	return NULL;
}

/* ----------------------------------------------------------------- main */

static void key_part_text(kp_buf *b, const kp_table *t, const kp_key *k, int i)
{
	kp_key_part_name(b, t, &k->parts[i]);
}

/* The parts of a statement the planner reads. False for statements that
 * have no access path. */
typedef struct stmt_view {
	const kp_name *table;   /* target table */
	const kp_name *alias;   /* FROM alias, or NULL */
	kp_expr *where;         /* WHERE, or NULL */
	const kp_list *order;   /* ORDER BY items */
	const kp_expr *limit;   /* LIMIT, or NULL */
	bool allow_kw;          /* ALLOW FILTERING */
} stmt_view;

static bool view_of(stmt_view *v, const kp_stmt *s)
{
	memset(v, 0, sizeof(*v));
	switch (s->kind) {
	case KP_S_SELECT:
		if (!s->u.select.table.s)
			return false;   /* SELECT without FROM */
		v->table = &s->u.select.table;
		v->alias = &s->u.select.alias;
		v->where = s->u.select.where;
		v->order = &s->u.select.order;
		v->limit = s->u.select.limit;
		v->allow_kw = s->u.select.allow_filtering;
		return true;
	case KP_S_UPDATE:
	case KP_S_DELETE:
		v->table = &s->u.update.table;
		v->where = s->u.update.where;
		v->order = &s->u.update.order;
		v->limit = s->u.update.limit;
		return true;
	default:
		return false;
	}
}

/* A table whose CREATE failed is unknown: the note says where it failed. */
static void note_failed_ddl(kp_diag *g, const kp_catalog *cat, const kp_name *n, kp_arena *a)
{
	if (!g)
		return;
	const kp_failed_ddl *f = kp_catalog_failed(cat, n->s, n->len);
	if (f)
		kp_diag_note(g, a, f->src, f->off, "the CREATE statement of %.*s failed here, so the table is not in the schema",
		             (int)n->len, n->s);
	/* names that differ only in case are different tables on this target */
	const kp_table *near = cat->names != KP_NAMES_NOCASE ? kp_catalog_find_nocase(cat, n->s, n->len) : NULL;
	if (near)
		kp_diag_help(g, a, "did you mean %s? names are case-sensitive on this target%s", near->name,
		             cat->names == KP_NAMES_UPPER ? " once quoted (unquoted names are upper-cased)" : "");
}

/* Moves a copied expression onto [off, off+len) of the statement's source
 * (a view's WHERE comes from another statement, maybe another file). */
static void relocate(kp_expr *e, uint32_t off, uint32_t len)
{
	if (!e)
		return;
	e->off = off;
	e->len = len;
	e->name.off = e->qual.off = off;
	e->name.srclen = e->kind == KP_X_COLUMN || e->kind == KP_X_FUNC ? len : e->name.srclen;
	if (e->kind != KP_X_STRING)
		e->qual.srclen = len;
	relocate(e->a, off, len);
	relocate(e->b, off, len);
	relocate(e->c, off, len);
	for (uint32_t i = 0; i < e->n; i++)
		relocate(e->list[i], off, len);
}

/* The statement's WHERE with a view's conditions ANDed in, as if written
 * in the query (located at the view's name there). */
static kp_expr *with_view_where(const kp_table *t, kp_expr *where, const kp_name *at, kp_arena *a)
{
	uint32_t nq = where ? (where->kind == KP_X_AND && !where->paren ? where->n : 1) : 0;
	kp_expr *e = kp_arena_alloc(a, sizeof(*e));
	e->kind = KP_X_AND;
	e->list = kp_arena_alloc(a, sizeof(kp_expr *) * (nq + (uint32_t)t->nview_where + 1));
	for (uint32_t i = 0; i < nq; i++)
		e->list[e->n++] = where->kind == KP_X_AND && !where->paren ? where->list[i] : where;
	for (int i = 0; i < t->nview_where; i++) {
		kp_expr *c = kp_expr_copy(a, t->view_where[i]);
		relocate(c, at->off, at->srclen);
		c->paren = true;
		e->list[e->n++] = c;
	}
	if (e->n == 1)
		return e->list[0];
	e->off = where ? where->off : at->off;
	e->len = where ? where->len : at->srclen;
	e->depth = 1;
	for (uint32_t i = 0; i < e->n; i++)
		if (e->list[i]->depth + 1 > e->depth)
			e->depth = (uint16_t)(e->list[i]->depth + 1);
	return e;
}

/* Marks the columns e reads outside expressions that a functional index
 * part of ix indexes (those come from the index row itself). */
static void uses_outside(const kp_expr *e, const kp_index *ix, bool *used)
{
	if (!e)
		return;
	for (int i = 0; i < ix->nuser; i++)
		if (ix->key.parts[i].expr && kp_expr_equal(e, ix->key.parts[i].expr))
			return;
	if (e->kind == KP_X_COLUMN && e->colref > 0)
		used[e->colref - 1] = true;
	if (e->kind == KP_X_STAR)
		for (int i = 0; i < ix->table->ncols; i++)
			used[i] = true;
	uses_outside(e->a, ix, used);
	uses_outside(e->b, ix, used);
	uses_outside(e->c, ix, used);
	for (uint32_t i = 0; i < e->n; i++)
		uses_outside(e->list[i], ix, used);
}

/* Does the WHERE hold every conjunct of a partial index's WHERE? */
static bool implies(const kp_expr *where, const kp_expr *cond)
{
	if (!where)
		return false;
	uint32_t nw = where->kind == KP_X_AND && !where->paren ? where->n : 1;
	uint32_t nc = cond->kind == KP_X_AND && !cond->paren ? cond->n : 1;
	for (uint32_t i = 0; i < nc; i++) {
		const kp_expr *c = nc > 1 || (cond->kind == KP_X_AND && !cond->paren) ? cond->list[i] : cond;
		bool found = false;
		for (uint32_t j = 0; j < nw && !found; j++)
			found = kp_expr_equal(nw > 1 || (where->kind == KP_X_AND && !where->paren) ? where->list[j] : where, c);
		if (!found)
			return false;
	}
	return true;
}

/* The WHERE without the conjuncts a partial index's WHERE already
 * guarantees for every row the index holds (NULL when none is left). */
static kp_expr *minus_implied(kp_expr *where, const kp_expr *cond, kp_arena *a)
{
	bool wand = where->kind == KP_X_AND && !where->paren;
	uint32_t nw = wand ? where->n : 1;
	uint32_t nc = cond->kind == KP_X_AND && !cond->paren ? cond->n : 1;
	kp_expr **keep = kp_arena_alloc(a, sizeof(kp_expr *) * (nw + 1));
	uint32_t n = 0;
	for (uint32_t j = 0; j < nw; j++) {
		kp_expr *w = wand ? where->list[j] : where;
		bool implied = false;
		for (uint32_t i = 0; i < nc && !implied; i++)
			implied = kp_expr_equal(w, nc > 1 || (cond->kind == KP_X_AND && !cond->paren) ? cond->list[i] : cond);
		if (!implied)
			keep[n++] = w;
	}
	if (n == 0)
		return NULL;
	if (n == 1)
		return keep[0];
	kp_expr *e = kp_arena_alloc(a, sizeof(*e));
	*e = *where;
	e->list = keep;
	e->n = n;
	return e;
}

/* Marks the columns e references. */
static void cols_of(const kp_expr *e, bool *set)
{
	if (!e)
		return;
	if (e->kind == KP_X_COLUMN && e->colref > 0)
		set[e->colref - 1] = true;
	cols_of(e->a, set);
	cols_of(e->b, set);
	cols_of(e->c, set);
	for (uint32_t i = 0; i < e->n; i++)
		cols_of(e->list[i], set);
}

/* Is column c one a search index indexes? */
static bool search_has(const kp_index *ix, int c)
{
	for (int i = 0; i < ix->nuser; i++)
		if (ix->key.parts[i].col == c)
			return true;
	return ix->columnar;
}

void kp_plan_stmt(kp_plan *out, const kp_catalog *cat, const kp_stmt *s,
                  const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d)
{
	memset(out, 0, sizeof(*out));
	out->stmt = s;
	stmt_view v;
	if (s->kind == KP_S_INSERT || s->kind == KP_S_UPSERT || s->kind == KP_S_REPLACE) {
		const kp_name *n = &s->u.insert.table;
		if (!kp_catalog_find(cat, n->s, n->len))
			note_failed_ddl(kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, n->off, n->srclen,
			                            "no such table: %.*s", (int)n->len, n->s), cat, n, a);
		return;
	}
	if (!view_of(&v, s))
		return;
	if (s->kind == KP_S_SELECT && s->u.select.into) {
		/* UPSERT INTO w SELECT ... FROM t: t is planned, w must exist */
		const kp_name *n = &s->u.select.into->table;
		if (!kp_catalog_find(cat, n->s, n->len))
			note_failed_ddl(kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, n->off, n->srclen,
			                            "no such table: %.*s", (int)n->len, n->s), cat, n, a);
	}
	const kp_table *t = kp_catalog_find(cat, v.table->s, v.table->len);
	if (!t) {
		kp_diag *g = kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, v.table->off, v.table->srclen,
		                         "no such table: %.*s", (int)v.table->len, v.table->s);
		note_failed_ddl(g, cat, v.table, a);
		return;
	}
	if (t->view_unsupported) {
		kp_diag *g = kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_ERROR, src, v.table->off, v.table->srclen,
		                         "view %s cannot be planned: %s", t->name, t->view_unsupported);
		if (t->src)
			kp_diag_note(g, a, t->src, t->view_unsupported_off, "the query of view %s", t->name);
		return;
	}
	kp_plan_on_table(out, t, s, opts, src, a, d);
}

void kp_plan_on_table(kp_plan *out, const kp_table *t, const kp_stmt *s,
                      const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d)
{
	memset(out, 0, sizeof(*out));
	out->stmt = s;
	stmt_view v;
	if (!view_of(&v, s))
		return;
	const kp_name *alias = v.alias;
	kp_expr *where = v.where;
	if (t->nview_where)
		where = with_view_where(t, where, v.table, a);
	const kp_list *order = v.order;
	const kp_expr *limit = v.limit;
	bool allow_kw = v.allow_kw;
	out->table = t;

	resolve_ctx rc = {t, alias, NULL, 0, src, a, d, s->kind == KP_S_SELECT ? &s->u.select.dyncols : NULL};
	rc.used = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + 1));
	if (s->kind == KP_S_SELECT) {
		resolve_list(&rc, &s->u.select.items);
		resolve_list(&rc, &s->u.select.group);
		resolve(&rc, s->u.select.having);
	} else if (s->kind == KP_S_UPDATE) {
		for (uint32_t i = 0; i < s->u.update.sets.n; i++) {
			kp_assign *as = s->u.update.sets.items[i];
			int ci = kp_table_column(t, as->col.s, as->col.len);
			if (ci < 0) {
				kp_diag_add(d, a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, src, as->col.off, as->col.srclen,
				            "unknown column '%.*s' in table %s", (int)as->col.len, as->col.s, t->name);
				rc.errors++;
			}
			resolve(&rc, as->value);
		}
	} else {
		for (int i = 0; i < t->ncols; i++)
			rc.used[i] = true;   /* DELETE removes whole rows */
	}
	resolve(&rc, where);
	resolve_order(&rc, order);
	if (rc.errors)
		return;

	hints h;
	read_hints(&h, s, opts, src, a, d);
	bool allow = h.allow_filtering || allow_kw;

	/* candidate paths: the primary key, then every KV index */
	path_eval best, cur;
	memset(&best, 0, sizeof best);
	eval_path(&best, t, &t->pk, where, true, src, a, d);
	best.covering = true;
	best.order = path_order(t, &best, order);
	const kp_index *forced = NULL;
	if (h.force) {
		uint32_t n;
		const char *nm = hint_arg(h.force->args.items[0], &n);
		forced = kp_table_index(t, nm, n);
		if (!forced) {
			const kp_expr *arg = h.force->args.items[0];
			kp_diag_add(d, a, KP_R_UNKNOWN_INDEX, KP_SEV_ERROR, src, arg->off, arg->len,
			            "_l_force_index_ names '%.*s', which is not an index of %s", (int)n, nm, t->name);
			return;
		}
	} else if (h.phx_index && !h.no_index) {
		forced = phoenix_index(&h, t, alias, src, a, d);
	}
	bool *used_ix = NULL;
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		if (!ix->kv || ix->state != KP_IX_ACTIVE || (forced && ix != forced) || (!forced && ignored(&h, ix)))
			continue;
		/* a partial index holds only the rows its WHERE admits */
		if (ix->where && !implies(where, ix->where))
			continue;
		memset(&cur, 0, sizeof cur);
		eval_path(&cur, t, &ix->key, ix->where ? minus_implied(where, ix->where, a) : where, false, src, a, d);
		cur.index = ix;
		const bool *used = rc.used;
		if (ix->has_expr) {
			/* columns read only inside an indexed expression come from the index */
			if (!used_ix)
				used_ix = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + 1));
			memset(used_ix, 0, sizeof(bool) * (size_t)(t->ncols + 1));
			if (s->kind == KP_S_SELECT) {
				for (uint32_t k = 0; k < s->u.select.items.n; k++)
					uses_outside(s->u.select.items.items[k], ix, used_ix);
				for (uint32_t k = 0; k < s->u.select.group.n; k++)
					uses_outside(s->u.select.group.items[k], ix, used_ix);
				uses_outside(s->u.select.having, ix, used_ix);
			} else {
				memcpy(used_ix, rc.used, sizeof(bool) * (size_t)t->ncols);
			}
			uses_outside(where, ix, used_ix);
			for (uint32_t k = 0; order && k < order->n; k++)
				uses_outside(((kp_order_item *)order->items[k])->expr, ix, used_ix);
			used = used_ix;
		}
		cur.covering = !ix->uncovered;
		cur.order = path_order(t, &cur, order);
		for (int c = 0; c < t->ncols; c++)
			if (used[c] && !ix->covers[c])
				cur.covering = false;
		/* Phoenix uses a global index that does not cover the query only
		 * when a hint names it; LOCAL and UNCOVERED indexes read the
		 * table's rows themselves */
		if (opts->phoenix && !cur.covering && !ix->local && !ix->uncovered && forced != ix)
			continue;
		/* Phoenix's USE_INDEX_OVER_DATA_TABLE: on a tie the index wins
		 * (USE_DATA_OVER_INDEX_TABLE is what keyplan does anyway) */
		if (forced || better(&cur, &best) ||
		    (h.index_over_data && !best.index && !better(&best, &cur)))
			best = cur;
	}
	/* A Lindorm search index serves conditions on any of its columns, in
	 * any combination: it is used when no key serves the WHERE (a full
	 * scan otherwise) and it indexes every column the WHERE reads. */
	const kp_index *search = NULL;
	if (where && (best.access == KP_ACCESS_FULL || (forced && forced->search))) {
		bool *wcols = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + 1));
		cols_of(where, wcols);
		for (int i = 0; i < t->nindexes && !search; i++) {
			const kp_index *ix = t->indexes[i];
			if (!ix->search || ix->state != KP_IX_ACTIVE || (forced && ix != forced) ||
			    (!forced && ignored(&h, ix)))
				continue;
			bool all = true;
			for (int c = 0; c < t->ncols && all; c++)
				if (wcols[c] && !search_has(ix, c))
					all = false;
			if (all)
				search = ix;
		}
	}
	if (search) {
		memset(&best, 0, sizeof best);
		best.index = search;
		best.key = &search->key;
		best.access = KP_ACCESS_SEARCH;
		best.covering = true;
		for (int c = 0; c < t->ncols; c++)
			if (rc.used[c] && !search->covers[c])
				best.covering = false;
	}

	out->index = best.index;
	out->key = best.key;
	out->covering = best.covering;
	out->access = best.access;
	out->ranges = best.ranges;
	out->nranges = best.nranges;
	out->filter = best.filter;
	out->unordered = best.unordered;
	out->order = plan_order(out, order);
	if (search && order->n) {
		/* the search engine sorts by any column it indexes */
		out->order = KP_ORDER_KEY;
		for (uint32_t k = 0; k < order->n; k++) {
			const kp_expr *e = ((kp_order_item *)order->items[k])->expr;
			if (e->kind != KP_X_COLUMN || !search_has(search, e->colref - 1))
				out->order = KP_ORDER_SORT;
		}
	}

	const kp_expr *span = where ? where : NULL;
	uint32_t soff = span ? span->off : s->off, slen = span ? span->len : s->len;
	if (best.limit_hit)
		kp_diag_add(d, a, KP_R_LIMITS, KP_SEV_WARNING, src, soff, slen,
		            "more than %d key ranges after OR/IN expansion: planned with fewer, "
		            "coarser ranges and a filter", KP_MAX_RANGES);
	if (where && out->nranges == 0 && out->access != KP_ACCESS_SEARCH)
		kp_diag_add(d, a, KP_R_IMPOSSIBLE, KP_SEV_WARNING, src, soff, slen,
		            "the WHERE clause can never be true, so the query never returns a row");

	if (out->access == KP_ACCESS_FULL) {
		kp_buf lead = {0};
		kp_diag *rej = NULL;
		key_part_text(&lead, t, &t->pk, 0);
		const kp_key_part *p0 = &t->pk.parts[0];
		if (!where) {
			if (!limit)
				kp_diag_add(d, a, KP_R_FULL_SCAN, KP_SEV_WARNING, src, s->off, s->len,
				            "full table scan: no WHERE clause reads every row of %s", t->name);
		} else if (allow) {
			kp_diag_add(d, a, KP_R_FULL_SCAN, KP_SEV_WARNING, src, soff, slen,
			            "full table scan of %s, allowed by %s: no condition on leading key column '%s'",
			            t->name, h.allow_filtering ? "the _l_allow_filtering_ hint" : "ALLOW FILTERING",
			            lead.data);
		} else if (p0->col < 0) {
			out->rejected = !opts->never_reject;
			rej = kp_diag_add(d, a, KP_R_HASH_PREFIX, opts->never_reject ? KP_SEV_WARNING : KP_SEV_ERROR,
			            src, soff, slen,
			            "full table scan: the key of %s leads with %s, which is bound only when "
			            "every hashed column is bound by = or IN; a range cannot use it",
			            t->name, lead.data);
		} else {
			out->rejected = !opts->never_reject;
			rej = kp_diag_add(d, a, KP_R_FULL_SCAN, opts->never_reject ? KP_SEV_WARNING : KP_SEV_ERROR,
			            src, soff, slen,
			            "full table scan: no condition on leading key column '%s' of %s%s%s%s",
			            lead.data, t->name, opts->full_scan_note ? " (" : "",
			            opts->full_scan_note ? opts->full_scan_note : "", opts->full_scan_note ? ")" : "");
		}
		if (rej && t->src) {
			kp_diag_note(rej, a, t->src, t->pk_off ? t->pk_off : t->off,
			             "primary key of %s declared here", t->name);
			kp_diag_help(rej, a, "bind %s with = or IN, use a secondary index or index table "
			             "(keyplan check advises one), or opt in with /*+ _l_allow_filtering_ */",
			             lead.data);
			for (int i = 0; i < t->nindexes; i++)
				if (t->indexes[i]->columnar && t->indexes[i]->state == KP_IX_ACTIVE)
					kp_diag_help(rej, a, "%s has columnar index %s: analytical scans that run in "
					             "Lindorm's compute engine read it, not the table's key", t->name,
					             t->indexes[i]->name);
		}
		kp_buf_free(&lead);
	}
	if (out->access == KP_ACCESS_FILTERED || (out->access == KP_ACCESS_GET && out->filter.n)) {
		kp_buf f = {0};
		kp_conj_to_sql(&f, (kp_expr *const *)out->filter.items, out->filter.n);
		out->filter_sql = kp_arena_strndup(a, f.data, f.len);
		const kp_expr *f0 = out->filter.items[0];
		kp_diag_add(d, a, KP_R_FILTERED_SCAN, KP_SEV_INFO, src, f0->off, f0->len,
		            "%s: the server filters rows by %s", out->access == KP_ACCESS_GET ? "get" : "filtered scan",
		            f.data);
		kp_buf_free(&f);
	}
	if (out->order == KP_ORDER_REVERSE) {
		const kp_order_item *it = order->items[0];
		kp_diag_add(d, a, KP_R_REVERSE_SCAN, KP_SEV_WARNING, src, it->expr->off, it->expr->len,
		            "rows are read in reverse key order, which is slower than the stored order; "
		            "if most reads want this order, declare the key column with the opposite direction");
	} else if (out->order == KP_ORDER_SORT && out->access != KP_ACCESS_GET) {
		const kp_order_item *it = order->items[0];
		kp_diag_add(d, a, KP_R_UNBOUNDED_SORT, KP_SEV_WARNING, src, it->expr->off, it->expr->len,
		            "the key cannot serve this ORDER BY: every row in range is read and sorted");
	}
	if (limit && out->access != KP_ACCESS_GET && out->access != KP_ACCESS_NONE && !out->rejected) {
		if (out->order == KP_ORDER_SORT)
			kp_diag_add(d, a, KP_R_LIMIT, KP_SEV_INFO, src, limit->off, limit->len,
			            "LIMIT does not bound the work: every row in range is read and sorted first");
		else if (out->filter.n)
			kp_diag_add(d, a, KP_R_LIMIT, KP_SEV_INFO, src, limit->off, limit->len,
			            "LIMIT stops after enough matches, but the filter may read many more rows");
		else
			kp_diag_add(d, a, KP_R_LIMIT, KP_SEV_INFO, src, limit->off, limit->len,
			            "LIMIT bounds the rows read: the scan stops after them");
	}
}
