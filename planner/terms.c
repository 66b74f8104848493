/* Term analysis (as SQLite's whereexpr.c): each WHERE condition, for one
 * candidate key, becomes the box set of the rows it can accept. NOT is
 * pushed down to the leaves where that is exact (key columns are never
 * NULL); tuples, chained comparisons and x = ANY(ARRAY[...]) are rewritten
 * into the scalar comparisons they stand for; a leaf the key cannot serve
 * is the whole key space, inexact, so that it stays in the filter. */
#include "planner/planInt.h"

#include "planner/fold.h"

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
	if (e->kind == KP_X_COLUMN) {
		int c = col_of(pc->col, e);
		return c >= 0 ? pc->kcol[c] : -1;
	}
	for (int s = 0; pc->nx && s < pc->nk; s++)
		if (pc->xexpr[s] && kp_expr_equal(e, pc->xexpr[s]))
			return s;
	return -1;
}

/* What values an indexed expression holds: text for string functions, ||
 * and ->>, numbers for arithmetic; KP_T_OTHER (any value) otherwise. */
static kp_type_class expr_class(const kp_expr *e)
{
	static const char *text_fns[] = {"upper", "lower", "substr", "substring", "trim", "ltrim",
	                                 "rtrim", "concat", "reverse", "lpad", "rpad", "regexp_substr",
	                                 "regexp_replace", "to_char", NULL};
	if (e->kind == KP_X_ARITH) {
		if (e->op == KP_OP_CONCAT || e->op == KP_OP_JSON_TEXT)
			return KP_T_STRING;   /* ->> is the JSON value as text */
		if (e->op == KP_OP_JSON || e->op == KP_OP_OVERLAP)
			return KP_T_OTHER;
		return KP_T_REAL;
	}
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
	return x->kind == KP_X_COLUMN ? pc->t->cols[col_of(pc->col, x)].tclass : expr_class(x);
}

/* A key column referenced anywhere inside e (not e itself), or NULL. */
static const kp_expr *key_col_inside(pctx *pc, const kp_expr *e)
{
	if (!e)
		return NULL;
	if (e->kind == KP_X_COLUMN)
		return col_of(pc->col, e) >= 0 && pc->t->cols[col_of(pc->col, e)].key_pos >= 0 ? e : NULL;
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
		            pc->t->cols[col_of(pc->col, c)].name);
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
	const kp_column *c = &pc->t->cols[col_of(pc->col, col)];
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
		return kp_terms_boxes(pc, expand_tuple(pc, x, op, y, e), neg);
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
	if (kc < 0 && pc->keyfn && x->kind == KP_X_FUNC && is_const(pc, y)) {
		boxset s;
		if (kp_value_fold(&v, y, pc->a) && v.kind != KP_V_NULL &&
		    kp_keyfn_boxes(pc, x, neg ? negate_op(op) : op, &v, &s))
			return s;
	}
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
	if (kc < 0 && pc->keyfn && e->a->kind == KP_X_FUNC) {
		/* f(c) BETWEEN x AND y is f(c) >= x AND f(c) <= y */
		kp_value x, y;
		boxset l, h;
		bool in = e->negated == neg;
		if (kp_value_fold(&x, e->b, pc->a) && kp_value_fold(&y, e->c, pc->a) && x.kind != KP_V_NULL &&
		    y.kind != KP_V_NULL && kp_keyfn_boxes(pc, e->a, in ? KP_OP_GE : KP_OP_LT, &x, &l) &&
		    kp_keyfn_boxes(pc, e->a, in ? KP_OP_LE : KP_OP_GT, &y, &h))
			return in ? kp_bs_and(pc, l, h) : kp_bs_or(pc, l, h);
	}
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
		return kp_bs_or(pc, bs_cmp(pc, kc, KP_OP_LT, &lo), bs_cmp(pc, kc, KP_OP_GT, &hi));
	return bs_one(pc, kc, bound(&lo, true), bound(&hi, true));
}

static int kv_qcmp(const void *x, const void *y)
{
	bool known;
	return kp_value_key_cmp(x, y, &known);
}

/* The distinct items of a long IN list: repeated values are one range
 * (docs/limits.md), so they do not count against KP_MAX_RANGES. Items
 * that are not plain values (parameters, expressions) count one each. */
static uint32_t in_distinct(pctx *pc, const kp_expr *e)
{
	kp_value *v = kp_arena_alloc(pc->a, sizeof(*v) * e->n);
	uint32_t nv = 0, other = 0;
	for (uint32_t i = 0; i < e->n; i++) {
		if (kp_value_fold(&v[nv], e->list[i], pc->a) && v[nv].kind != KP_V_PARAM)
			nv++;
		else
			other++;
	}
	qsort(v, nv, sizeof(*v), kv_qcmp);
	uint32_t n = 0;
	for (uint32_t i = 0; i < nv; i++)
		if (i == 0 || kv_qcmp(&v[i - 1], &v[i]) != 0)
			n++;
	return n + other;
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
		return kp_terms_boxes(pc, o, negated);
	}
	int kc = key_slot(pc, e->a);
	if (kc < 0 && pc->keyfn && e->a->kind == KP_X_FUNC && !negated && e->n && e->n <= KP_MAX_RANGES) {
		/* f(c) IN (v1, v2) is f(c) = v1 OR f(c) = v2 */
		boxset acc = bs_none();
		uint32_t i = 0;
		for (; i < e->n; i++) {
			kp_value v;
			boxset one;
			if (is_null(pc, e->list[i]))
				continue;
			if (!kp_value_fold(&v, e->list[i], pc->a) || !kp_keyfn_boxes(pc, e->a, KP_OP_EQ, &v, &one))
				break;
			acc = kp_bs_or(pc, acc, one);
		}
		if (i == e->n)
			return acc;
	}
	if (kc < 0) {
		check_key_function(pc, e->a);
		return bs_all(pc, false);
	}
	if (e->n == 0)
		return negated ? bs_all(pc, true) : bs_none();
	if (negated)
		return bs_all(pc, false);
	if (e->n > KP_MAX_RANGES && in_distinct(pc, e) > KP_MAX_RANGES) {
		/* past the limit: one range from the least to the greatest value
		 * (a parameter, whose place is unknown, leaves no bound: the key
		 * space) */
		note_limit(pc);
		boxset s = bs_none();
		kp_value lo, hi;
		bool have = false;
		for (uint32_t i = 0; i < e->n; i++) {
			kp_value v;
			if (is_null(pc, e->list[i]))
				continue;   /* matches no row */
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
			int c2 = vcmp(&v, &hi, &ok);
			if (!ok)
				return bs_all(pc, false);
			if (c2 > 0)
				hi = v;
		}
		if (have)
			s = kp_bs_or(pc, s, bs_one(pc, kc, bound(&lo, true), bound(&hi, true)));
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
bool kp_prefix_successor(kp_arena *a, const char *p, uint32_t n, kp_value *out)
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
	bool has_succ = kp_prefix_successor(pc->a, p, plen, &succ);
	if (negated) {
		if (!exact)
			return bs_all(pc, false);
		boxset s = bs_cmp(pc, kc, KP_OP_LT, &pre);
		return has_succ ? kp_bs_or(pc, s, bs_cmp(pc, kc, KP_OP_GE, &succ)) : s;
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

boxset kp_terms_boxes(pctx *pc, const kp_expr *e, bool neg)
{
	switch (e->kind) {
	case KP_X_AND:
	case KP_X_OR: {
		bool conj = (e->kind == KP_X_AND) != neg;
		if (!conj) {
			bs_acc acc = {bs_none(), 0, false};
			for (uint32_t i = 0; i < e->n; i++)
				kp_bs_or_into(pc, &acc, kp_terms_boxes(pc, e->list[i], neg));
			return acc.s;
		}
		boxset acc = bs_all(pc, true);
		for (uint32_t i = 0; i < e->n; i++)
			acc = kp_bs_and(pc, acc, kp_terms_boxes(pc, e->list[i], neg));
		return acc;
	}
	case KP_X_NOT:
		return kp_terms_boxes(pc, e->a, !neg);
	case KP_X_CMP:
		return leaf_cmp(pc, e, neg);
	case KP_X_CHAIN: {
		kp_expr *l[2];
		l[0] = synth(pc, KP_X_CMP, e->op, e->list[0], e->list[1], e);
		l[1] = synth(pc, KP_X_CMP, e->op2, e->list[1], e->list[2], e);
		return kp_terms_boxes(pc, synth_list(pc, KP_X_AND, l, 2, e), neg);
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
