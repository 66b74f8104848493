#include "planner/value.h"

#include "planner/fold.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/quote.h"

bool kp_value_of(kp_value *out, const kp_expr *e)
{
	memset(out, 0, sizeof(*out));
	int neg = 0;
	while (e->kind == KP_X_NEG && (e->a->kind == KP_X_INT || e->a->kind == KP_X_FLOAT ||
	                               e->a->kind == KP_X_NEG)) {
		if (e->op == KP_OP_SUB)
			neg = !neg;
		e = e->a;
	}
	switch (e->kind) {
	case KP_X_INT:
		/* as SQLite reads integers: a hex literal is the 64-bit two's
		 * complement of its digits (0xFFFFFFFFFFFFFFFF is -1; more than 16
		 * digits is an error there, so no value here); a decimal one past
		 * 64 bits is a REAL, except -9223372036854775808 */
		if (e->overflow) {
			if (e->name.len > 2 && (e->name.s[1] == 'x' || e->name.s[1] == 'X'))
				return false;
			if (neg && e->name.len == 19 && memcmp(e->name.s, "9223372036854775808", 19) == 0) {
				out->kind = KP_V_INT;
				out->i = INT64_MIN;
				return true;
			}
			out->kind = KP_V_REAL;
			out->r = neg ? -e->fval : e->fval;
		} else if (neg && e->ival == INT64_MIN) {
			out->kind = KP_V_REAL;   /* -(-2^63) overflows to REAL, as in SQLite */
			out->r = 9223372036854775808.0;
		} else {
			out->kind = KP_V_INT;
			out->i = neg ? -e->ival : e->ival;
		}
		return true;
	case KP_X_FLOAT:
		out->kind = KP_V_REAL;
		out->r = neg ? -e->fval : e->fval;
		return true;
	case KP_X_STRING:
		out->kind = KP_V_STR;
		out->s = e->str;
		out->n = e->slen;
		return true;
	case KP_X_BOOL:
		out->kind = KP_V_BOOL;
		out->i = e->ival;
		return true;
	case KP_X_NULL:
		out->kind = KP_V_NULL;
		return true;
	case KP_X_PARAM:
		out->kind = KP_V_PARAM;
		out->s = e->name.s;
		out->n = e->name.len;
		out->off = e->off;
		return true;
	default:
		return false;
	}
}

static int cmp_int_real(int64_t i, double r)
{
	/* exact, as SQLite compares INTEGER with REAL, without long double
	 * (which is only 64 bits on some platforms, and under valgrind) */
	if (isnan(r))
		return 0;
	if (r >= 9223372036854775808.0)
		return -1;
	if (r < -9223372036854775808.0)
		return 1;
	int64_t t = (int64_t)r;   /* |r| < 2^63: exact truncation */
	if (i != t)
		return i < t ? -1 : 1;
	double frac = r - (double)t;
	return frac > 0 ? -1 : frac < 0 ? 1 : 0;
}

static bool time_ms(const kp_value *v, int64_t *ms)
{
	if (v->kind == KP_V_TIME || v->kind == KP_V_INT) {
		*ms = v->i;
		return true;
	}
	return v->kind == KP_V_STR && kp_parse_time(v->s, v->n, ms);
}

/* yyyy-MM-dd HH:mm:ss.SSS (UTC) */
static void put_time(kp_buf *out, int64_t ms)
{
	int64_t days = ms / 86400000, rem = ms % 86400000;
	if (rem < 0) {
		rem += 86400000;
		days--;
	}
	/* civil_from_days (Howard Hinnant) */
	int64_t z = days + 719468;
	int64_t era = (z >= 0 ? z : z - 146096) / 146097;
	int64_t doe = z - era * 146097;
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t y = yoe + era * 400;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t mp = (5 * doy + 2) / 153;
	int64_t d = doy - (153 * mp + 2) / 5 + 1;
	int64_t m = mp < 10 ? mp + 3 : mp - 9;
	y += m <= 2;
	kp_buf_printf(out, "%04lld-%02lld-%02lld %02lld:%02lld:%02lld.%03lld", (long long)y, (long long)m,
	              (long long)d, (long long)(rem / 3600000), (long long)(rem / 60000 % 60),
	              (long long)(rem / 1000 % 60), (long long)(rem % 1000));
}

int kp_value_cmp(const kp_value *a, const kp_value *b, bool *ok)
{
	*ok = true;
	if (a->kind == KP_V_INT && b->kind == KP_V_INT)
		return a->i < b->i ? -1 : a->i > b->i;
	int an = a->kind == KP_V_INT || a->kind == KP_V_BOOL || a->kind == KP_V_REAL;
	int bn = b->kind == KP_V_INT || b->kind == KP_V_BOOL || b->kind == KP_V_REAL;
	if (an && bn) {
		if (a->kind != KP_V_REAL && b->kind != KP_V_REAL)
			return a->i < b->i ? -1 : a->i > b->i;
		if (a->kind == KP_V_REAL && b->kind == KP_V_REAL)
			return a->r < b->r ? -1 : a->r > b->r;
		if (a->kind == KP_V_REAL)
			return -cmp_int_real(b->i, a->r);
		return cmp_int_real(a->i, b->r);
	}
	if (a->kind == KP_V_STR && b->kind == KP_V_STR) {
		/* byte order: how wide-column stores and SQLite's BINARY collation
		 * order UTF-8 keys */
		uint32_t n = a->n < b->n ? a->n : b->n;
		int c = memcmp(a->s, b->s, n);
		if (c)
			return c < 0 ? -1 : 1;
		return a->n < b->n ? -1 : a->n > b->n;
	}
	if (a->kind == KP_V_PARAM && b->kind == KP_V_PARAM) {
		int anon_a = a->n == 1, anon_b = b->n == 1;
		if (!anon_a && !anon_b && a->n == b->n && memcmp(a->s, b->s, a->n) == 0)
			return 0;
		if (anon_a && anon_b && a->off == b->off)
			return 0;
	}
	if (a->kind == KP_V_HASH && b->kind == KP_V_HASH && a->nof == b->nof) {
		for (uint32_t i = 0; i < a->nof; i++) {
			int c = kp_value_cmp(&a->of[i], &b->of[i], ok);
			if (!*ok || c)
				return c;
		}
		return 0;
	}
	if (a->kind == KP_V_TIME || b->kind == KP_V_TIME) {
		/* a date/time against another, an integer (milliseconds) or a
		 * date string (yyyy-MM-dd ...) */
		int64_t x, y;
		if (time_ms(a, &x) && time_ms(b, &y))
			return x < y ? -1 : x > y;
	}
	*ok = false;
	/* arbitrary but stable */
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	return a->off < b->off ? -1 : a->off > b->off;
}

/* Rank of a kind in the stored order: NULL, numbers, strings, hashes;
 * 5 for kinds that compare with several (times), 4 for parameters. */
static int key_rank(const kp_value *v)
{
	switch (v->kind) {
	case KP_V_NULL: return 0;
	case KP_V_INT: case KP_V_REAL: case KP_V_BOOL: return 1;
	case KP_V_STR: return 2;
	case KP_V_HASH: return 3;
	case KP_V_PARAM: return 4;
	default: return 5;
	}
}

int kp_value_key_cmp(const kp_value *a, const kp_value *b, bool *known)
{
	*known = true;
	if (a->kind == KP_V_STR && b->kind == KP_V_STR) {
		/* the common case first: byte order */
		uint32_t n = a->n < b->n ? a->n : b->n;
		int c = memcmp(a->s, b->s, n);
		if (c)
			return c < 0 ? -1 : 1;
		return a->n < b->n ? -1 : a->n > b->n;
	}
	int ra = key_rank(a), rb = key_rank(b);
	if (ra == 4 || rb == 4) {
		if (ra != rb) {
			*known = false;
			return ra < rb ? -1 : 1;
		}
		/* parameters: the same one is equal to itself; others are
		 * unknown, ordered by text (anonymous ? by place) to stay total */
		int anon_a = a->n == 1, anon_b = b->n == 1;
		if (anon_a != anon_b) {
			*known = false;
			return anon_a ? -1 : 1;
		}
		int c;
		if (anon_a) {
			c = a->off < b->off ? -1 : a->off > b->off;
		} else {
			uint32_t n = a->n < b->n ? a->n : b->n;
			c = memcmp(a->s, b->s, n);
			c = c ? (c < 0 ? -1 : 1) : (a->n < b->n ? -1 : a->n > b->n);
		}
		*known = c == 0;
		return c;
	}
	if (ra == 0 || rb == 0)
		return (rb == 0) - (ra == 0);
	if (ra == 3 && rb == 3) {
		if (a->nof != b->nof)
			return a->nof < b->nof ? -1 : 1;
		for (uint32_t i = 0; i < a->nof; i++) {
			bool k;
			int c = kp_value_key_cmp(&a->of[i], &b->of[i], &k);
			if (!k)
				*known = false;
			if (c)
				return c;
		}
		return 0;
	}
	bool ok;
	int c = kp_value_cmp(a, b, &ok);
	if (ok)
		return c;
	if (ra != rb && ra < 3 && rb < 3)
		return ra < rb ? -1 : 1;   /* numbers before strings, as SQLite orders them */
	*known = false;   /* NaN, or a time against what it does not compare with */
	return c;
}

static void put_real(kp_buf *out, double r)
{
	if (isnan(r)) {
		kp_buf_puts(out, "null");
		return;
	}
	if (isinf(r)) {
		/* a JSON number (and SQL literal) too large for a double: the
		 * infinity SQLite reads 1e999 as */
		kp_buf_puts(out, r > 0 ? "1e999" : "-1e999");
		return;
	}
	char tmp[64];
	snprintf(tmp, sizeof tmp, "%.17g", r);
	if (!strpbrk(tmp, ".eE"))
		strcat(tmp, ".0");
	kp_buf_puts(out, tmp);
}

void kp_value_json(kp_buf *out, const kp_value *v)
{
	switch (v->kind) {
	case KP_V_INT: kp_buf_int(out, v->i); break;
	case KP_V_REAL: put_real(out, v->r); break;
	case KP_V_STR: kp_buf_json_str(out, v->s, v->n); break;
	case KP_V_BOOL: kp_buf_puts(out, v->i ? "true" : "false"); break;
	case KP_V_NULL: kp_buf_puts(out, "null"); break;
	case KP_V_PARAM:
		kp_buf_puts(out, "{\"param\": ");
		kp_buf_json_str(out, v->s, v->n);
		kp_buf_putc(out, '}');
		break;
	case KP_V_HASH:
		kp_buf_printf(out, "{\"hash\": \"hash%d\", \"of\": [", v->bits);
		for (uint32_t i = 0; i < v->nof; i++) {
			if (i)
				kp_buf_puts(out, ", ");
			kp_value_json(out, &v->of[i]);
		}
		kp_buf_puts(out, "]}");
		break;
	case KP_V_TIME:
		kp_buf_puts(out, "{\"time\": \"");
		put_time(out, v->i);
		kp_buf_puts(out, "\"}");
		break;
	}
}

void kp_value_sql(kp_buf *out, const kp_value *v)
{
	switch (v->kind) {
	case KP_V_STR:
		kp_buf_sql_str(out, v->s, v->n);
		break;
	case KP_V_BOOL: kp_buf_puts(out, v->i ? "TRUE" : "FALSE"); break;
	case KP_V_NULL: kp_buf_puts(out, "NULL"); break;
	case KP_V_PARAM: kp_buf_put(out, v->s, v->n); break;
	case KP_V_TIME:
		kp_buf_puts(out, "TIMESTAMP '");
		put_time(out, v->i);
		kp_buf_putc(out, '\'');
		break;
	case KP_V_HASH:
		kp_buf_printf(out, "hash%d(", v->bits);
		for (uint32_t i = 0; i < v->nof; i++) {
			if (i)
				kp_buf_puts(out, ", ");
			kp_value_sql(out, &v->of[i]);
		}
		kp_buf_putc(out, ')');
		break;
	default:
		kp_value_json(out, v);
	}
}
