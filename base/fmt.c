/* The formatter behind every message and printf-style append: keyplan's
 * messages use only %s %.*s %c %d %u %ld %lu %lld %llu %zu %02x and %%,
 * no other flags or widths, and this formats those by hand; anything else goes to
 * the C library. Written by hand for speed: every diagnostic message is
 * formatted, and glibc's vfprintf was 4% of a run on the benchmark. */
#include "base/fmt.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Returns the full length like vsnprintf (the text is cut to cap - 1 bytes
 * and NUL-terminated when cap > 0), or -1 when fmt uses anything else; the
 * caller then falls back to vsnprintf. */
static int fast_vsnprintf(char *out, size_t cap, const char *fmt, va_list ap)
{
	size_t n = 0;
#define EMIT(ptr, len)                                                  \
	do {                                                            \
		size_t l_ = (len);                                      \
		if (n < cap)                                            \
			memcpy(out + n, (ptr), n + l_ < cap ? l_ : cap - n); \
		n += l_;                                                \
	} while (0)
	for (const char *f = fmt; *f;) {
		const char *pct = strchr(f, '%');
		if (!pct) {
			EMIT(f, strlen(f));
			break;
		}
		EMIT(f, (size_t)(pct - f));
		f = pct + 1;
		char num[24];
		uint64_t u;
		int neg = 0;
		switch (*f) {
		case 's': {
			const char *str = va_arg(ap, const char *);
			if (!str)
				str = "(null)";
			EMIT(str, strlen(str));
			f++;
			continue;
		}
		case '.':
			if (f[1] != '*' || f[2] != 's')
				return -1;
			{
				int w = va_arg(ap, int);
				const char *str = va_arg(ap, const char *);
				size_t l = str ? strnlen(str, w < 0 ? SIZE_MAX : (size_t)w) : 0;
				EMIT(str ? str : "", l);   /* %.*s of NULL: nothing, and no memcpy from NULL */
			}
			f += 3;
			continue;
		case 'c': {
			char c = (char)va_arg(ap, int);
			EMIT(&c, 1);
			f++;
			continue;
		}
		case '0': {
			/* %02x: the lexer's "invalid UTF-8 byte 0x%02x", said of
			 * every bad byte (glibc's vsnprintf for it was a tenth of
			 * fuzz_plan's instructions on binary input) */
			if (f[1] != '2' || f[2] != 'x')
				return -1;
			unsigned v = va_arg(ap, unsigned);
			char h[8], *e = h + sizeof h, *q = e;
			do
				*--q = "0123456789abcdef"[v & 15];
			while ((v >>= 4) != 0);
			if (e - q < 2)
				*--q = '0';
			EMIT(q, (size_t)(e - q));
			f += 3;
			continue;
		}
		case '%':
			EMIT("%", 1);
			f++;
			continue;
		case 'd': {
			int v = va_arg(ap, int);
			neg = v < 0;
			u = neg ? -(uint64_t)(int64_t)v : (uint64_t)v;
			f++;
			break;
		}
		case 'u':
			u = va_arg(ap, unsigned);
			f++;
			break;
		case 'z':
			if (f[1] != 'u')
				return -1;
			u = va_arg(ap, size_t);
			f += 2;
			break;
		case 'l': {
			int ll = f[1] == 'l';
			char conv = f[1 + ll];
			if (conv == 'd') {
				long long v = ll ? va_arg(ap, long long) : va_arg(ap, long);
				neg = v < 0;
				u = neg ? -(uint64_t)(int64_t)v : (uint64_t)v;
			} else if (conv == 'u') {
				u = ll ? va_arg(ap, unsigned long long) : va_arg(ap, unsigned long);
			} else {
				return -1;
			}
			f += 2 + ll;
			break;
		}
		default:
			return -1;
		}
		char *e = num + sizeof num, *q = e;
		do
			*--q = (char)('0' + u % 10);
		while ((u /= 10) != 0);
		if (neg)
			*--q = '-';
		EMIT(q, (size_t)(e - q));
	}
#undef EMIT
	if (cap)
		out[n < cap ? n : cap - 1] = 0;
	return n > INT32_MAX ? -1 : (int)n;
}

int kp_vsnprintf(char *out, size_t cap, const char *fmt, va_list ap)
{
	va_list cp;
	va_copy(cp, ap);
	int n = fast_vsnprintf(out, cap, fmt, cp);
	va_end(cp);
	return n >= 0 ? n : vsnprintf(out, cap, fmt, ap);
}
