/* Key ranges through order-preserving functions, as Phoenix forms them
 * (docs/targets.md, "Key ranges through functions"): a comparison of a
 * function of a key column with a constant bounds that column when the
 * function keeps the column's order, which is what Phoenix's KeyPart
 * implementations (newKeyPart) say:
 *
 *   SUBSTR(c, 0|1 [, n])        PrefixFunction: a prefix of c; the
 *                               condition is served by the range alone
 *   REGEXP_SUBSTR(c, p [, 0|1]) PrefixFunction without extractNode: the
 *                               range, and the condition stays a filter
 *   RTRIM(c)                    RTrimFunction: [v, v || ' ' successor),
 *                               and the condition stays a filter
 *   FLOOR|CEIL|ROUND|TRUNC(c, 'unit' [, m]) on a date or time column
 *                               RoundDateExpression: the inputs that round
 *                               to v; served by the range alone; WEEK,
 *                               MONTH and YEAR by the calendar (calendar.c)
 *   FLOOR|CEIL|ROUND|TRUNC(c [, s]) on a number
 *                               FloorDecimalExpression, CeilDecimalExpression,
 *                               RoundDecimalExpression: s decimal places; of
 *                               an integer column, the column itself
 *
 * Only under Phoenix's rules: Lindorm's and Tablestore's references
 * describe key ranges only from the key column compared itself, so there
 * a function of a key column stays KP006. */
#include "planner/planInt.h"


typedef enum fn_kind { FN_SUBSTR, FN_REGEXP_SUBSTR, FN_RTRIM, FN_ROUND_TIME, FN_ROUND_NUM, FN_SAME } fn_kind;

typedef struct keyfn {
	fn_kind kind;
	int slot;               /* the key slot of the column */
	int64_t len;            /* SUBSTR: length in characters, -1: to the end */
	kp_round_mode mode;     /* ROUND_TIME, ROUND_NUM: FLOOR (TRUNC), CEIL or ROUND */
	int cal;                /* ROUND_TIME: a kp_cal_unit, or -1 for a unit of fixed length */
	int64_t div;            /* ROUND_TIME of fixed length: milliseconds per unit times
	                           the multiple */
	int64_t up;             /* ... Phoenix's round-up amount (0 FLOOR, div - 1 CEIL,
	                           div / 2 ROUND) */
	int scale;              /* ROUND_NUM: decimal places */
} keyfn;

static bool int_arg(const kp_expr *e, int64_t *out)
{
	if (e->kind != KP_X_INT || e->overflow)
		return false;
	*out = e->ival;
	return true;
}

/* Milliseconds in a Phoenix time unit (TimeUnit); WEEK, MONTH and YEAR
 * are calendar units: -1 - their kp_cal_unit. 0: not a unit. */
static int64_t unit_ms(const kp_expr *e)
{
	static const struct {
		const char *name;
		int64_t ms;
	} units[] = {{"DAY", 86400000}, {"HOUR", 3600000}, {"MINUTE", 60000}, {"SECOND", 1000}, {"MILLISECOND", 1},
	             {"WEEK", -1 - KP_CAL_WEEK}, {"MONTH", -1 - KP_CAL_MONTH}, {"YEAR", -1 - KP_CAL_YEAR}};
	if (e->kind != KP_X_STRING)
		return 0;
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		size_t n = strlen(units[i].name);
		if (e->slen != n)
			continue;
		bool eq = true;
		for (size_t k = 0; k < n && eq; k++) {
			char ch = e->str[k];
			if (ch >= 'a' && ch <= 'z')
				ch = (char)(ch - 'a' + 'A');
			eq = ch == units[i].name[k];
		}
		if (eq)
			return units[i].ms;
	}
	return 0;
}

/* Is e a function whose key range Phoenix forms over a key column of pc's
 * key? */
static bool keyfn_of(pctx *pc, const kp_expr *e, keyfn *f)
{
	if (e->kind != KP_X_FUNC || e->star || e->distinct || e->n == 0 || e->list[0]->kind != KP_X_COLUMN)
		return false;
	int c = col_of(pc->col, e->list[0]);
	if (c < 0 || pc->kcol[c] < 0)
		return false;
	memset(f, 0, sizeof *f);
	f->slot = pc->kcol[c];
	kp_type_class tc = pc->t->cols[c].tclass;
	int64_t x;
	if (kp_name_eq(&e->name, "substr") && tc == KP_T_STRING && (e->n == 2 || e->n == 3)) {
		f->kind = FN_SUBSTR;
		f->len = -1;
		if (!int_arg(e->list[1], &x) || (x != 0 && x != 1))
			return false;
		return e->n == 2 || (int_arg(e->list[2], &f->len) && f->len > 0);
	}
	if (kp_name_eq(&e->name, "regexp_substr") && tc == KP_T_STRING && (e->n == 2 || e->n == 3)) {
		f->kind = FN_REGEXP_SUBSTR;
		return e->n == 2 || (int_arg(e->list[2], &x) && (x == 0 || x == 1));
	}
	if (kp_name_eq(&e->name, "rtrim") && tc == KP_T_STRING && e->n == 1) {
		f->kind = FN_RTRIM;
		return true;
	}
	bool floor = kp_name_eq(&e->name, "floor"), ceil = kp_name_eq(&e->name, "ceil"),
	     round = kp_name_eq(&e->name, "round"), trunc = kp_name_eq(&e->name, "trunc");
	if (!floor && !ceil && !round && !trunc)
		return false;
	f->mode = ceil ? KP_ROUND_CEIL : round ? KP_ROUND_NEAR : KP_ROUND_FLOOR;   /* TRUNC is FLOOR */
	if (tc == KP_T_TIME && (e->n == 2 || e->n == 3)) {
		int64_t m = 1;
		f->kind = FN_ROUND_TIME;
		f->div = unit_ms(e->list[1]);
		if (!f->div || (e->n == 3 && (!int_arg(e->list[2], &m) || m <= 0 || m > INT32_MAX)))
			return false;
		f->cal = -1;
		if (f->div < 0) {
			/* Phoenix's Joda expressions (FloorMonthExpression, ...)
			 * round to one unit: the multiple is not read */
			f->cal = (int)(-1 - f->div);
			return true;
		}
		f->div *= m;
		f->up = ceil ? f->div - 1 : round ? f->div / 2 : 0;
		return true;
	}
	if ((tc == KP_T_REAL || tc == KP_T_INT) && (e->n == 1 || e->n == 2)) {
		int64_t sc = 0;
		if (e->n == 2 && (!int_arg(e->list[1], &sc) || sc < 0 || sc > 15))
			return false;
		/* of a number Phoenix stores as a long, the expression is the
		 * column itself (RoundDecimalExpression.create) */
		f->kind = tc == KP_T_INT ? FN_SAME : FN_ROUND_NUM;
		f->scale = (int)sc;
		return true;
	}
	return false;
}

/* Characters (code points) in the first n bytes of UTF-8 s. */
static int64_t chars(const char *s, uint32_t n)
{
	int64_t k = 0;
	for (uint32_t i = 0; i < n; i++)
		k += ((unsigned char)s[i] & 0xc0) != 0x80;
	return k;
}

/* The first m characters of v. */
static kp_value first_chars(const kp_value *v, int64_t m)
{
	kp_value w = *v;
	uint32_t i = 0;
	for (int64_t k = 0; i < v->n; i++)
		if (((unsigned char)v->s[i] & 0xc0) != 0x80 && k++ == m)
			break;
	w.n = i;
	return w;
}

static kp_bound B(const kp_value *v, bool incl)
{
	kp_bound b = *v;
	b.set = true;
	b.incl = incl;
	return b;
}

static const kp_bound NONE_B;

/* The box set where slot kc lies in [lo, hi] (a bound unset: open). */
static boxset one(pctx *pc, int kc, kp_bound lo, kp_bound hi, bool exact)
{
	if (!lo.set && pc->nullslot[kc]) {
		/* a function of NULL is NULL, which no comparison holds for */
		memset(&lo, 0, sizeof lo);
		lo.kind = KP_V_NULL;
		lo.set = true;
	}
	boxset s = bs_all(pc, exact);
	s.b[0][kc].lo = lo;
	s.b[0][kc].hi = hi;
	if (con_settle(&s.b[0][kc]))
		return bs_none();
	return s;
}

/* Below every string that starts with w: its successor, or unbounded. */
static kp_bound below_prefix(pctx *pc, const kp_value *w)
{
	kp_value succ;
	return kp_prefix_successor(pc->a, w->s, w->n, &succ) ? B(&succ, false) : NONE_B;
}

/* SUBSTR(c, 1, n) op v, exactly: with p the first n characters of c and
 * v shorter than n, p compares with v as c does; as long, p = v is "c
 * starts with v"; longer, p never equals v and compares as with v's first
 * n characters, below it or not. */
static boxset substr_boxes(pctx *pc, const keyfn *f, int op, const kp_value *v)
{
	int kc = f->slot;
	int64_t m = f->len < 0 ? 0 : chars(v->s, v->n);
	if (f->len < 0 || m < f->len) {   /* as c itself */
		switch (op) {
		case KP_OP_EQ: return one(pc, kc, B(v, true), B(v, true), true);
		case KP_OP_LT: return one(pc, kc, NONE_B, B(v, false), true);
		case KP_OP_LE: return one(pc, kc, NONE_B, B(v, true), true);
		case KP_OP_GT: return one(pc, kc, B(v, false), NONE_B, true);
		default: return one(pc, kc, B(v, true), NONE_B, true);
		}
	}
	kp_value w = first_chars(v, f->len);
	kp_bound past = below_prefix(pc, &w);
	if (m > f->len) {
		switch (op) {
		case KP_OP_EQ: return bs_none();
		case KP_OP_LT: case KP_OP_LE: return one(pc, kc, NONE_B, past, true);
		default: return past.set ? one(pc, kc, past, NONE_B, true) : bs_none();
		}
	}
	switch (op) {
	case KP_OP_EQ: return one(pc, kc, B(&w, true), past, true);
	case KP_OP_LT: return one(pc, kc, NONE_B, B(&w, false), true);
	case KP_OP_LE: return one(pc, kc, NONE_B, past, true);
	case KP_OP_GT:
		if (!past.set)
			return bs_none();
		past.incl = true;
		return one(pc, kc, past, NONE_B, true);
	default: return one(pc, kc, B(&w, true), NONE_B, true);
	}
}

/* PrefixKeyPart.getKeyRange: = v is [v, next(v)), > v is [next(v), ...),
 * <= v is (..., next(v)); >= and < are the column's own. */
static boxset prefix_boxes(pctx *pc, int kc, int op, const kp_value *v)
{
	kp_bound next = below_prefix(pc, v);
	switch (op) {
	case KP_OP_EQ: return one(pc, kc, B(v, true), next, false);
	case KP_OP_GT:
		if (!next.set)
			return bs_none();
		next.incl = true;
		return one(pc, kc, next, NONE_B, false);
	case KP_OP_LE: return one(pc, kc, NONE_B, next, false);
	case KP_OP_LT: return one(pc, kc, NONE_B, B(v, false), false);
	default: return one(pc, kc, B(v, true), NONE_B, false);
	}
}

/* RTrimFunction's KeyPart: = v is [v, next(v || ' ')), <= v is
 * (..., next(v || ' ')); the others the column's own. */
static boxset rtrim_boxes(pctx *pc, int kc, int op, const kp_value *v)
{
	switch (op) {
	case KP_OP_GT: return one(pc, kc, B(v, false), NONE_B, false);
	case KP_OP_GE: return one(pc, kc, B(v, true), NONE_B, false);
	case KP_OP_LT: return one(pc, kc, NONE_B, B(v, false), false);
	default: break;
	}
	char *s = kp_arena_alloc(pc->a, v->n + 1);
	memcpy(s, v->s, v->n);
	s[v->n] = '!';   /* the successor of v || ' ' */
	kp_value up = *v;
	up.s = s;
	up.n = v->n + 1;
	return one(pc, kc, op == KP_OP_EQ ? B(v, true) : NONE_B, B(&up, false), false);
}

/* RoundDateExpression: roundTime, rangeLower and rangeUpper, over
 * milliseconds; a calendar unit by Joda's rules (calendar.c). */
static int64_t t_round(const keyfn *f, int64_t t)
{
	return f->cal < 0 ? (t + f->up) / f->div * f->div : kp_cal_round((kp_cal_unit)f->cal, f->mode, t);
}

static int64_t t_lower(const keyfn *f, int64_t t)
{
	return f->cal < 0 ? t_round(f, t) - f->up : kp_cal_lower((kp_cal_unit)f->cal, f->mode, t);
}

static int64_t t_upper(const keyfn *f, int64_t t)
{
	return f->cal < 0 ? t_round(f, t) + (f->div - f->up) - 1 : kp_cal_upper((kp_cal_unit)f->cal, f->mode, t);
}

/* RoundDateExpression's KeyPart.getKeyRange: the inputs that round to a
 * value v are [rangeLower(v), rangeUpper(v)]. */
static boxset time_boxes(pctx *pc, const keyfn *f, int op, const kp_value *v)
{
	int64_t t = v->i, r = t_round(f, t);
	kp_value lo = *v, hi = *v;
	lo.i = t_lower(f, t);
	hi.i = t_upper(f, t);
	int kc = f->slot;
	switch (op) {
	case KP_OP_EQ:
		if (t != r)
			return bs_none();
		return one(pc, kc, B(&lo, true), B(&hi, true), true);
	case KP_OP_GT:
		if (t == r)
			return one(pc, kc, B(&hi, false), NONE_B, true);
		/* fall through */
	case KP_OP_GE:
		return t <= r ? one(pc, kc, B(&lo, true), NONE_B, true) : one(pc, kc, B(&hi, false), NONE_B, true);
	case KP_OP_LT:
		if (t == r)
			return one(pc, kc, NONE_B, B(&lo, false), true);
		/* fall through */
	default:
		return t >= r ? one(pc, kc, NONE_B, B(&hi, true), true) : one(pc, kc, NONE_B, B(&lo, false), true);
	}
}

/* The inputs that round to the grid value n / p (p = 10^scale): FLOOR
 * [g, g + step), CEIL (g - step, g], ROUND (half up, away from zero)
 * [g - step/2, g + step/2) above zero, (g - step/2, g + step/2] below
 * it, (-step/2, step/2) at zero (FloorDecimalExpression,
 * CeilDecimalExpression, RoundDecimalExpression.getInputRangeProducing).
 * The ends are the doubles nearest to them, as every decimal here. */
static void num_inputs(const keyfn *f, int64_t n, double p, kp_bound *lo, kp_bound *hi)
{
	memset(lo, 0, sizeof *lo);
	memset(hi, 0, sizeof *hi);
	lo->kind = hi->kind = KP_V_REAL;
	lo->set = hi->set = true;
	switch (f->mode) {
	case KP_ROUND_FLOOR:
		lo->r = (double)n / p;
		hi->r = (double)(n + 1) / p;
		lo->incl = true;
		break;
	case KP_ROUND_CEIL:
		lo->r = (double)(n - 1) / p;
		hi->r = (double)n / p;
		hi->incl = true;
		break;
	default:
		lo->r = (double)(2 * n - 1) / (2 * p);
		hi->r = (double)(2 * n + 1) / (2 * p);
		lo->incl = n > 0;
		hi->incl = n < 0;
		break;
	}
}

/* FLOOR, CEIL, ROUND or TRUNC(c, s) op v on a number: the grid values
 * (multiples of 10^-s) that satisfy op v, and the inputs that round to
 * them. Exact in the doubles keyplan compares numbers as. */
static boxset num_boxes(pctx *pc, const keyfn *f, int op, const kp_value *v)
{
	double x = v->kind == KP_V_INT ? (double)v->i : v->r, p = 1;
	for (int i = 0; i < f->scale; i++)
		p *= 10;
	if (x != x || x * p > 1125899906842624.0 || x * p < -1125899906842624.0)   /* NaN, or past 2^50 steps */
		return bs_all(pc, false);
	/* n: the least grid value at or above x (the greatest below, less one) */
	int64_t n = (int64_t)(x * p);
	while ((double)n / p < x)
		n++;
	while ((double)(n - 1) / p >= x)
		n--;
	bool on = (double)n / p == x;
	kp_bound lo, hi;
	int kc = f->slot;
	switch (op) {
	case KP_OP_EQ:
		if (!on)
			return bs_none();
		num_inputs(f, n, p, &lo, &hi);
		return one(pc, kc, lo, hi, true);
	case KP_OP_GT:
	case KP_OP_GE:
		num_inputs(f, op == KP_OP_GT && on ? n + 1 : n, p, &lo, &hi);
		return one(pc, kc, lo, NONE_B, true);
	default:
		num_inputs(f, op == KP_OP_LE && on ? n : n - 1, p, &lo, &hi);
		return one(pc, kc, NONE_B, hi, true);
	}
}

/* A function Phoenix reduces to the column itself: c op v. */
static boxset same_boxes(pctx *pc, int kc, int op, const kp_value *v)
{
	switch (op) {
	case KP_OP_EQ: return one(pc, kc, B(v, true), B(v, true), true);
	case KP_OP_LT: return one(pc, kc, NONE_B, B(v, false), true);
	case KP_OP_LE: return one(pc, kc, NONE_B, B(v, true), true);
	case KP_OP_GT: return one(pc, kc, B(v, false), NONE_B, true);
	default: return one(pc, kc, B(v, true), NONE_B, true);
	}
}

bool kp_keyfn_boxes(pctx *pc, const kp_expr *e, int op, const kp_value *v, boxset *out)
{
	keyfn f;
	if (!pc->keyfn || !keyfn_of(pc, e, &f))
		return false;
	if (op != KP_OP_EQ && op != KP_OP_LT && op != KP_OP_LE && op != KP_OP_GT && op != KP_OP_GE)
		return false;
	if (v->kind == KP_V_PARAM) {
		/* the range's ends are known only when the statement runs: a
		 * range from the parameter, with the condition kept */
		if (f.kind == FN_ROUND_TIME || f.kind == FN_ROUND_NUM)
			return false;
		bool up = op == KP_OP_LT || op == KP_OP_LE;
		*out = one(pc, f.slot, up ? NONE_B : B(v, true), up ? B(v, true) : NONE_B, false);
		return true;
	}
	switch (f.kind) {
	case FN_SUBSTR:
		if (v->kind != KP_V_STR)
			return false;
		*out = substr_boxes(pc, &f, op, v);
		return true;
	case FN_REGEXP_SUBSTR:
		if (v->kind != KP_V_STR)
			return false;
		*out = prefix_boxes(pc, f.slot, op, v);
		return true;
	case FN_RTRIM:
		if (v->kind != KP_V_STR)
			return false;
		*out = rtrim_boxes(pc, f.slot, op, v);
		return true;
	case FN_ROUND_TIME:
		/* Phoenix rounds negative times another way: not modelled;
		 * calendar units up to the year 9999 */
		if (v->kind != KP_V_TIME || v->i < 0 || v->i > (f.cal < 0 ? INT64_MAX / 2 : 253402300799999))
			return false;
		*out = time_boxes(pc, &f, op, v);
		return true;
	case FN_SAME:
		if (v->kind != KP_V_INT && v->kind != KP_V_REAL)
			return false;
		*out = same_boxes(pc, f.slot, op, v);
		return true;
	default:
		if (v->kind != KP_V_INT && v->kind != KP_V_REAL)
			return false;
		*out = num_boxes(pc, &f, op, v);
		return true;
	}
}
