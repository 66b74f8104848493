#include "base/buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"

void kp_buf_grow(kp_buf *b, size_t extra)
{
	size_t cap = b->cap ? b->cap : 256;
	while (cap < b->len + extra + 1)
		cap *= 2;
	char *p = realloc(b->data, cap);
	if (!p) {
		fputs("keyplan: out of memory\n", stderr);
		abort();
	}
	b->data = p;
	b->cap = cap;
}

void kp_buf_printf(kp_buf *b, const char *fmt, ...)
{
	/* one pass when the text fits in the room left, two otherwise */
	kp_buf_reserve(b, 64);
	va_list ap;
	va_start(ap, fmt);
	int n = kp_vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if ((size_t)n >= b->cap - b->len) {
		kp_buf_reserve(b, (size_t)n);
		va_start(ap, fmt);
		kp_vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

char *kp_int_at(char *p, int64_t v)
{
	/* by hand, two digits at a time, straight into the output: printf's
	 * format parsing dominated the JSON writer's profile, and every line
	 * and column goes through here. The digits are counted from the
	 * highest bit set (log10(2) ~ 1233/4096) and one comparison, not a
	 * loop over the powers of ten; lines and columns are mostly one or two
	 * digits, which take a single store. */
	static const char pairs[] =
		"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
		"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
		"8081828384858687888990919293949596979899";
	static const uint64_t pow10[20] = {
		1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull, 100000000ull,
		1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull,
		100000000000000ull, 1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
		1000000000000000000ull, 10000000000000000000ull};
	uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	if (v < 0)
		*p++ = '-';
	if (u < 10) {
		*p = (char)('0' + u);
		return p + 1;
	}
	if (u < 100) {
		memcpy(p, pairs + u * 2, 2);
		return p + 2;
	}
	int t = (64 - __builtin_clzll(u)) * 1233 >> 12;   /* 0..19 */
	int n = t + (u >= pow10[t]);
	char *e = p + n, *q = e;
	if (u <= UINT32_MAX) {
		/* lines, columns and most literals: the pairs by 32-bit
		 * arithmetic, whose division by 100 is one multiply and a shift
		 * where 64 bits take a wide multiply and more moves */
		uint32_t x = (uint32_t)u;
		while (x >= 100) {
			uint32_t y = x / 100;
			q -= 2;
			memcpy(q, pairs + (x - y * 100) * 2, 2);
			x = y;
		}
		if (x >= 10)
			memcpy(q - 2, pairs + x * 2, 2);
		else
			q[-1] = (char)('0' + x);
		return e;
	}
	while (u >= 100) {
		unsigned d = (unsigned)(u % 100) * 2;
		u /= 100;
		q -= 2;
		memcpy(q, pairs + d, 2);
	}
	if (u >= 10)
		memcpy(q - 2, pairs + u * 2, 2);
	else
		q[-1] = (char)('0' + u);
	return e;
}

void kp_buf_int(kp_buf *b, int64_t v)
{
	kp_buf_end(b, kp_int_at(kp_buf_room(b, KP_INT_MAX), v));
}

void kp_buf_clear(kp_buf *b)
{
	b->len = 0;
	if (b->data)
		b->data[0] = 0;
}

void kp_buf_free(kp_buf *b)
{
	free(b->data);
	memset(b, 0, sizeof(*b));
}
