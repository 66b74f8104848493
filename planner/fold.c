/* Constant folding: the value of an expression that holds no column, so
 * that `k = TO_DATE('2013-01-01')` or `k = CAST('1' AS BIGINT)` bounds a
 * key column as a literal does. docs/plan-json.md ("Constant
 * expressions") lists what folds and how the values compare. */
#include "planner/fold.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "catalog/catalog.h"

/* Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar
 * (Howard Hinnant's days_from_civil). */
static int64_t days_from_civil(int64_t y, int64_t m, int64_t d)
{
	y -= m <= 2;
	int64_t era = (y >= 0 ? y : y - 399) / 400;
	int64_t yoe = y - era * 400;
	int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* n digits at s[*i] as a number; false if they are not all digits. */
static bool digits(const char *s, uint32_t len, uint32_t *i, int n, int64_t *out)
{
	int64_t v = 0;
	for (int k = 0; k < n; k++, (*i)++) {
		if (*i >= len || s[*i] < '0' || s[*i] > '9')
			return false;
		v = v * 10 + (s[*i] - '0');
	}
	*out = v;
	return true;
}

bool kp_parse_time(const char *s, uint32_t len, int64_t *ms)
{
	uint32_t i = 0;
	int64_t y, mo, d, h = 0, mi = 0, sec = 0, frac = 0;
	while (i < len && s[i] == ' ')
		i++;
	if (!digits(s, len, &i, 4, &y) || i >= len || s[i++] != '-' || !digits(s, len, &i, 2, &mo) ||
	    i >= len || s[i++] != '-' || !digits(s, len, &i, 2, &d))
		return false;
	static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	if (mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1])
		return false;
	if (mo == 2 && d == 29 && !((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return false;
	if (i < len && (s[i] == ' ' || s[i] == 'T')) {
		i++;
		if (!digits(s, len, &i, 2, &h) || i >= len || s[i++] != ':' || !digits(s, len, &i, 2, &mi))
			return false;
		if (i < len && s[i] == ':') {
			i++;
			if (!digits(s, len, &i, 2, &sec))
				return false;
			if (i < len && s[i] == '.') {
				/* milliseconds: the first three fraction digits */
				i++;
				int n = 0;
				while (i < len && s[i] >= '0' && s[i] <= '9') {
					if (n < 3)
						frac = frac * 10 + (s[i] - '0');
					n++;
					i++;
				}
				if (n == 0)
					return false;
				for (; n < 3; n++)
					frac *= 10;
			}
		}
		if (h > 23 || mi > 59 || sec > 59)
			return false;
	}
	if (i < len && s[i] == 'Z')
		i++;
	while (i < len && s[i] == ' ')
		i++;
	if (i != len)
		return false;
	*ms = ((days_from_civil(y, mo, d) * 24 + h) * 60 + mi) * 60000 + sec * 1000 + frac;
	return true;
}

/* A constant whose value keyplan does not compute: it binds the key like
 * a bind parameter (a range with unknown ends), named by its SQL text so
 * that two mentions of the same expression are the same value. */
static bool opaque(kp_value *out, const kp_expr *e, kp_arena *a)
{
	kp_buf b = {0};
	kp_expr_to_sql(&b, e);
	memset(out, 0, sizeof(*out));
	out->kind = KP_V_PARAM;
	out->s = kp_arena_strndup(a, b.data, b.len);
	/* never 1 byte: that length marks an anonymous ? */
	out->n = b.len > 1 ? (uint32_t)b.len : 2;
	out->off = e->off;
	kp_buf_free(&b);
	return true;
}

static bool name_in(const kp_name *n, const char *const *names)
{
	for (int i = 0; names[i]; i++)
		if (kp_name_eq(n, names[i]))
			return true;
	return false;
}

/* Functions whose value differs from row to row, or that read rows: not
 * constants even with constant arguments. */
static const char *const varying[] = {"rand", "random", "uuid", "newid", "rand_integer",
                                      "count", "sum", "avg", "min", "max", "first_value",
                                      "last_value", "nth_value", "percentile_cont",
                                      "percentile_disc", "stddev_pop", "stddev_samp", NULL};
/* Constants the statement reads from the clock. */
static const char *const clock_fns[] = {"now", "current_date", "current_time", "current_timestamp",
                                        "localtime", "localtimestamp", "sysdate", "unix_timestamp",
                                        "utc_timestamp", "curdate", "curtime", NULL};
/* Date parsers whose default format keyplan reads (yyyy-MM-dd[ HH:mm:ss[.SSS]]). */
static const char *const date_fns[] = {"to_date", "to_timestamp", "to_time", NULL};
/* The default date format: a second argument equal to one of these
 * leaves the value as keyplan parses it. */
static const char *const default_formats[] = {"yyyy-MM-dd HH:mm:ss.SSS", "yyyy-MM-dd HH:mm:ss",
                                              "yyyy-MM-dd", NULL};

static bool is_default_format(const kp_value *v)
{
	if (v->kind != KP_V_STR)
		return false;
	for (int i = 0; default_formats[i]; i++)
		if (strlen(default_formats[i]) == v->n && memcmp(default_formats[i], v->s, v->n) == 0)
			return true;
	return false;
}

/* An integer or decimal number written in a string ('12', '-1.5'). */
static bool number_of(kp_value *out, const char *s, uint32_t n)
{
	char buf[64];
	if (n == 0 || n >= sizeof buf)
		return false;
	memcpy(buf, s, n);
	buf[n] = 0;
	char *end;
	errno = 0;
	long long i = strtoll(buf, &end, 10);
	if (*end == 0 && end != buf && buf[0] != ' ' && errno != ERANGE) {
		out->kind = KP_V_INT;
		out->i = i;
		return true;
	}
	double r = strtod(buf, &end);
	if (*end == 0 && end != buf && buf[0] != ' ') {
		out->kind = KP_V_REAL;
		out->r = r;
		return true;
	}
	return false;
}

/* v converted to the type class of a CAST, or false when keyplan does not
 * know the result exactly. */
static bool cast_to(kp_value *v, kp_type_class tc, kp_arena *a)
{
	switch (tc) {
	case KP_T_INT:
		if (v->kind == KP_V_INT || v->kind == KP_V_BOOL) {
			v->kind = KP_V_INT;
			return true;
		}
		if (v->kind == KP_V_STR) {
			kp_value n = {0};
			if (!number_of(&n, v->s, v->n) || n.kind != KP_V_INT)
				return false;
			*v = n;
			return true;
		}
		/* an integral real in range; anything else rounds as the store
		 * decides, which keyplan does not guess */
		if (v->kind != KP_V_REAL || !(v->r >= -9223372036854775808.0 && v->r < 9223372036854775808.0) ||
		    v->r != (double)(int64_t)v->r)
			return false;
		v->i = (int64_t)v->r;
		v->kind = KP_V_INT;
		return true;
	case KP_T_REAL:
		if (v->kind == KP_V_INT || v->kind == KP_V_REAL)
			return true;   /* an integer compares with reals exactly */
		if (v->kind == KP_V_STR) {
			kp_value n = {0};
			if (!number_of(&n, v->s, v->n))
				return false;
			*v = n;
			return true;
		}
		return false;
	case KP_T_STRING:
		if (v->kind == KP_V_STR)
			return true;
		if (v->kind == KP_V_INT) {
			char *t = kp_arena_printf(a, "%lld", (long long)v->i);
			v->kind = KP_V_STR;
			v->s = t;
			v->n = (uint32_t)strlen(t);
			return true;
		}
		return false;
	case KP_T_TIME: {
		int64_t ms;
		if (v->kind == KP_V_TIME)
			return true;
		if (v->kind == KP_V_INT) {
			v->kind = KP_V_TIME;
			return true;
		}
		if (v->kind == KP_V_STR && kp_parse_time(v->s, v->n, &ms)) {
			v->kind = KP_V_TIME;
			v->i = ms;
			return true;
		}
		return false;
	}
	case KP_T_BOOL:
		if (v->kind == KP_V_BOOL)
			return true;
		if (v->kind == KP_V_STR && (v->n == 4 || v->n == 5)) {
			kp_name n = {v->s, v->n, 0, v->n, false};
			if (kp_name_eq(&n, "true") || kp_name_eq(&n, "false")) {
				v->i = v->n == 4;
				v->kind = KP_V_BOOL;
				return true;
			}
		}
		return false;
	default:
		return false;
	}
}

static bool fold_func(kp_value *out, const kp_expr *e, kp_arena *a)
{
	if (e->star || name_in(&e->name, varying))
		return false;
	if (e->n == 0)
		return name_in(&e->name, clock_fns) && opaque(out, e, a);
	kp_value args[3];
	for (uint32_t i = 0; i < e->n; i++) {
		kp_value v;
		if (!kp_value_fold(&v, e->list[i], a) || v.kind == KP_V_NULL)
			return false;   /* not constant (or NULL: no row matches anyway) */
		if (i < 3)
			args[i] = v;
	}
	if (name_in(&e->name, date_fns) && e->n <= 3 && args[0].kind == KP_V_STR &&
	    (e->n == 1 || is_default_format(&args[1]))) {
		int64_t ms;
		if (kp_parse_time(args[0].s, args[0].n, &ms) && e->n < 3) {
			memset(out, 0, sizeof(*out));
			out->kind = KP_V_TIME;
			out->i = ms;
			return true;
		}
	}
	if (kp_name_eq(&e->name, "to_number") && e->n == 1 && args[0].kind == KP_V_STR) {
		memset(out, 0, sizeof(*out));
		if (number_of(out, args[0].s, args[0].n))
			return true;
	}
	return opaque(out, e, a);
}

bool kp_value_fold(kp_value *out, const kp_expr *e, kp_arena *a)
{
	if (kp_value_of(out, e))
		return true;
	kp_value x, y;
	switch (e->kind) {
	case KP_X_FUNC:
		return fold_func(out, e, a);
	case KP_X_INTERVAL:
		return kp_value_fold(&x, e->a, a) && opaque(out, e, a);
	case KP_X_CAST: {
		if (!kp_value_fold(&x, e->a, a))
			return false;
		if (x.kind == KP_V_NULL || x.kind == KP_V_PARAM) {
			*out = x;
			return true;
		}
		kp_name t = e->name;
		if (cast_to(&x, kp_type_class_of(&t), a)) {
			*out = x;
			return true;
		}
		return opaque(out, e, a);
	}
	case KP_X_NEG:
		if (!kp_value_fold(&x, e->a, a))
			return false;
		if (e->op == KP_OP_SUB && x.kind == KP_V_INT && x.i != INT64_MIN) {
			x.i = -x.i;
		} else if (e->op == KP_OP_SUB && x.kind == KP_V_REAL) {
			x.r = -x.r;
		} else if (e->op != KP_OP_ADD || (x.kind != KP_V_INT && x.kind != KP_V_REAL)) {
			return x.kind == KP_V_NULL ? (*out = x, true) : opaque(out, e, a);
		}
		*out = x;
		return true;
	case KP_X_ARITH:
		if (!kp_value_fold(&x, e->a, a) || !kp_value_fold(&y, e->b, a))
			return false;
		if (x.kind == KP_V_NULL || y.kind == KP_V_NULL) {
			memset(out, 0, sizeof(*out));
			out->kind = KP_V_NULL;
			return true;
		}
		if (x.kind == KP_V_INT && y.kind == KP_V_INT) {
			int64_t r;
			bool ovf = e->op == KP_OP_ADD ? __builtin_add_overflow(x.i, y.i, &r)
			         : e->op == KP_OP_SUB ? __builtin_sub_overflow(x.i, y.i, &r)
			         : e->op == KP_OP_MUL ? __builtin_mul_overflow(x.i, y.i, &r) : true;
			if (!ovf) {
				x.i = r;
				*out = x;
				return true;
			}
		}
		if (e->op == KP_OP_CONCAT && x.kind == KP_V_STR && y.kind == KP_V_STR) {
			char *s = kp_arena_alloc(a, (size_t)x.n + y.n + 1);
			memcpy(s, x.s, x.n);
			memcpy(s + x.n, y.s, y.n);
			x.s = s;
			x.n += y.n;
			*out = x;
			return true;
		}
		return opaque(out, e, a);
	default:
		return false;
	}
}
