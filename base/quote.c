#include "base/quote.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* JSON escape of each byte: 0 plain, 'u' for \u00XX, else the letter
 * after the backslash. */
static const char json_esc[256] = {
	['\0'] = 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 't', 'n', 'u', 'u', 'r', 'u', 'u',
	'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u',
	['"'] = '"', ['\\'] = '\\',
};

/* Does any of the 8 bytes in w need escaping (< 0x20, '"' or '\\')? */
static inline bool json_word_special(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
	uint64_t lt20 = (w - ones * 0x20) & ~w & highs;
	uint64_t q = w ^ (ones * '"'), bs = w ^ (ones * '\\');
	uint64_t isq = (q - ones) & ~q & highs, isbs = (bs - ones) & ~bs & highs;
	return (lt20 | isq | isbs) != 0;
}

static inline char *json_byte(char *p, unsigned char c)
{
	static const char hex[] = "0123456789abcdef";
	char e = json_esc[c];
	if (!e) {
		*p++ = (char)c;
	} else if (e != 'u') {
		*p++ = '\\';
		*p++ = e;
	} else {
		memcpy(p, "\\u00", 4);
		p[4] = hex[c >> 4];
		p[5] = hex[c & 15];
		p += 6;
	}
	return p;
}

/* Does any of the 4 bytes in w need escaping? json_word_special on 32
 * bits. */
static inline bool json_half_special(uint32_t w)
{
	const uint32_t ones = 0x01010101u, highs = 0x80808080u;
	uint32_t lt20 = (w - ones * 0x20) & ~w & highs;
	uint32_t q = w ^ (ones * '"'), bs = w ^ (ones * '\\');
	uint32_t isq = (q - ones) & ~q & highs, isbs = (bs - ones) & ~bs & highs;
	return (lt20 | isq | isbs) != 0;
}

/* The 16 bytes at s that need escaping, as a bit mask (bit i: s[i]). A
 * byte needs it when it is '"', '\\' or below 0x20: as an unsigned byte,
 * min(v, 0x1f) == v. */
#ifdef __SSE2__
static inline unsigned json_mask16(const char *s)
{
	__m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
	__m128i ctl = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1f)), v);
	__m128i q = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
	__m128i bs = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));
	return (unsigned)_mm_movemask_epi8(_mm_or_si128(ctl, _mm_or_si128(q, bs)));
}
#endif

/* s[0, n) as a JSON string, quotes included, at p, which has room for the
 * worst case (6 * n + 2 bytes); returns the cursor after it.
 *
 * By hand, since escaping strings leads the JSON writer's profile (every
 * line repeats names, messages and the filter's SQL): 16 plain bytes are
 * copied at a time (SSE2, which every x86-64 has; else 8 through a word
 * test), and only a block holding a byte to escape goes byte by byte, from
 * that byte. The last bytes of a string are read as one block ending at
 * its end, overlapping bytes already written, never past the string: when
 * that block is plain, the bytes it overlaps were plain too and written
 * one for one, so storing it again rewrites them unchanged. */
static char *json_str_into(char *p, const char *s, size_t n)
{
	size_t i = 0;
	*p++ = '"';
#ifdef __SSE2__
	if (n >= 16) {
		while (i + 16 <= n) {
			unsigned m = json_mask16(s + i);
			if (!m) {
				memcpy(p, s + i, 16);
				p += 16;
				i += 16;
				continue;
			}
			size_t k = (size_t)__builtin_ctz(m);   /* the plain bytes before it */
			memcpy(p, s + i, 16);
			p += k;
			i += k;
			p = json_byte(p, (unsigned char)s[i++]);
		}
		if (i < n && !json_mask16(s + n - 16)) {
			memcpy(p - (16 - (n - i)), s + n - 16, 16);
			p += n - i;
			i = n;
		}
	}
#endif
	while (i + 8 <= n) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		if (!json_word_special(w)) {
			memcpy(p, &w, 8);
			p += 8;
			i += 8;
			continue;
		}
		for (size_t end = i + 8; i < end; i++)
			p = json_byte(p, (unsigned char)s[i]);
	}
	size_t r = n - i;
	if (r >= 4) {
		uint32_t w1, w2;
		memcpy(&w1, s + i, 4);
		memcpy(&w2, s + n - 4, 4);
		if (!json_half_special(w1) && !json_half_special(w2)) {
			memcpy(p, &w1, 4);
			memcpy(p + r - 4, &w2, 4);
			p += r;
			i = n;
		}
	}
	for (; i < n; i++)
		p = json_byte(p, (unsigned char)s[i]);
	*p++ = '"';
	return p;
}

bool kp_json_plain(const char *s, size_t n)
{
	size_t i = 0;
#ifdef __SSE2__
	for (; i + 16 <= n; i += 16)
		if (json_mask16(s + i))
			return false;
	if (n >= 16)
		return i == n || !json_mask16(s + n - 16);
#endif
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		if (json_word_special(w))
			return false;
	}
	for (; i < n; i++)
		if (json_esc[(unsigned char)s[i]])
			return false;
	return true;
}

/* Strings longer than this are written in pieces, so that the room made
 * for the worst case stays small. */
#define JSON_PIECE 4096

void kp_buf_json_str(kp_buf *b, const char *s, size_t n)
{
	if (n <= JSON_PIECE) {
		kp_buf_reserve(b, 6 * n + 2);
		b->len = (size_t)(json_str_into(b->data + b->len, s, n) - b->data);
		b->data[b->len] = 0;
		return;
	}
	kp_buf_putc(b, '"');
	while (n > 0) {   /* each piece's quotes are dropped */
		size_t piece = n > JSON_PIECE ? JSON_PIECE : n;
		kp_buf_reserve(b, 6 * piece + 2);
		char *start = b->data + b->len;
		char *e = json_str_into(start, s, piece);
		/* json_str_into wrote "...": keep what lies between the quotes */
		memmove(start, start + 1, (size_t)(e - start) - 2);
		b->len += (size_t)(e - start) - 2;
		s += piece;
		n -= piece;
	}
	kp_buf_putc(b, '"');
}

char *kp_json_str_at(kp_buf *b, char *p, const char *s, size_t n, size_t more)
{
	/* the common case: the room already made holds the worst case and
	 * `more`, so the string goes straight to the cursor */
	size_t need = 6 * n + 2 + more + 1;
	if (n <= JSON_PIECE && need <= b->cap - (size_t)(p - b->data))
		return json_str_into(p, s, n);
	kp_buf_end(b, p);
	kp_buf_json_str(b, s, n);
	return kp_buf_room(b, more);
}

/* s between quotes q, a q inside doubled (SQL's one escape). */
static void sql_quoted(kp_buf *b, const char *s, size_t n, char q)
{
	kp_buf_putc(b, q);
	for (size_t i = 0; i < n; i++) {
		if (s[i] == q)
			kp_buf_putc(b, q);
		kp_buf_putc(b, s[i]);
	}
	kp_buf_putc(b, q);
}

void kp_buf_sql_str(kp_buf *b, const char *s, size_t n)
{
	sql_quoted(b, s, n, '\'');
}

void kp_buf_sql_name(kp_buf *b, const char *s, size_t n, bool quoted)
{
	bool plain = n > 0 && !quoted;
	for (size_t i = 0; plain && i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (i > 0 && c >= '0' && c <= '9')))
			plain = false;
	}
	if (plain)
		kp_buf_put(b, s, n);
	else
		sql_quoted(b, s, n, '"');
}

size_t kp_unsafe_char(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	if (n == 0)
		return 0;
	if ((u[0] < 0x20 && u[0] != '\t') || u[0] == 0x7f) {
		*cp = u[0];
		return 1;
	}
	if (u[0] == 0xc2 && n >= 2 && u[1] >= 0x80 && u[1] <= 0x9f) {
		*cp = u[1];
		return 2;
	}
	if (u[0] == 0xe2 && n >= 3 && ((u[1] == 0x80 && u[2] >= 0xaa && u[2] <= 0xae) ||
	                               (u[1] == 0x81 && u[2] >= 0xa6 && u[2] <= 0xa9))) {
		*cp = 0x2000u | ((uint32_t)(u[1] & 0x3f) << 6) | (u[2] & 0x3f);
		return 3;
	}
	return 0;
}

size_t kp_ascii_run(const char *s, size_t n)
{
	/* sixteen bytes at a time with SSE2 (every x86-64 has it), else eight
	 * (lint shows every finding's message and source line through here,
	 * and the byte-by-byte test was 6% of its time). SSE2: a byte is plain
	 * when, as a signed byte, it is above 0x1f (which leaves out the high
	 * bit) and below 0x7f; the first byte that is not ends the run.
	 * Words: a word is plain when no byte is below 0x20, none is DEL and
	 * none has the high bit. "Any byte below k" is w - k*0x01.. & ~w &
	 * 0x80.. (exact as to whether one exists, for k <= 0x80); DEL is a zero
	 * byte of w ^ 0x7f.. */
	size_t i = 0;
#ifdef __SSE2__
	const __m128i lo = _mm_set1_epi8(0x1f), del = _mm_set1_epi8(0x7f);
	if (n >= 16) {
		for (; i + 16 <= n; i += 16) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
			__m128i ok = _mm_and_si128(_mm_cmpgt_epi8(v, lo), _mm_cmplt_epi8(v, del));
			unsigned bad = (unsigned)_mm_movemask_epi8(ok) ^ 0xffffu;
			if (bad)
				return i + (size_t)__builtin_ctz(bad);
		}
		if (i == n)
			return n;
		/* the last bytes as the 16 that end the string, not one by one:
		 * those before i are plain already, so the first that is not
		 * lies at i or after */
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + n - 16));
		__m128i ok = _mm_and_si128(_mm_cmpgt_epi8(v, lo), _mm_cmplt_epi8(v, del));
		unsigned bad = (unsigned)_mm_movemask_epi8(ok) ^ 0xffffu;
		return bad ? n - 16 + (size_t)__builtin_ctz(bad) : n;
	}
#endif
	const uint64_t ones = 0x0101010101010101ull, high = 0x8080808080808080ull;
	for (; i + 8 <= n; i += 8) {
		uint64_t w, d;
		memcpy(&w, s + i, 8);
		d = w ^ (0x7f * ones);
		if ((((w - 0x20 * ones) & ~w) | w | ((d - ones) & ~d)) & high)
			break;
	}
	while (i < n && (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x7f)
		i++;
	return i;
}

size_t kp_utf8_len(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len;
	uint32_t min;
	if (n == 0)
		return 0;
	if (u[0] < 0x80)
		return 1;
	if (u[0] >= 0xc2 && u[0] <= 0xdf) {
		len = 2;
		min = 0x80;
	} else if (u[0] >= 0xe0 && u[0] <= 0xef) {
		len = 3;
		min = 0x800;
	} else if (u[0] >= 0xf0 && u[0] <= 0xf4) {
		len = 4;
		min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	uint32_t cp = u[0] & (0x3fu >> (len - 1));
	for (size_t i = 1; i < len; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (u[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

unsigned kp_visible_width(const char *s, size_t n, size_t *len)
{
	uint32_t cp;
	size_t k = kp_unsafe_char(s, n, &cp);
	if (k) {
		*len = k;
		return 8;
	}
	k = kp_utf8_len(s, n);
	*len = k ? k : 1;
	return k ? 1 : 4;
}

/* Written through a cursor (buf.h), a block of the input at a time: each
 * byte read is shown in at most 8 (a character of k bytes in k, or in an
 * 8-byte <U+XXXX>; a byte that starts none in a 4-byte <XX>), so a block's
 * room is made once. Appending each escape and the plain text before it
 * (two appends, each with its capacity check and NUL) was most of this
 * function's cost on text with many escapes (fuzz_plan's excerpts of
 * binary input: 15% of an execution). */
#define VISIBLE_BLOCK 4096

void kp_buf_put_visible(kp_buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	for (size_t i = 0; i < n;) {
		size_t lim = n - i < VISIBLE_BLOCK ? n : i + VISIBLE_BLOCK;
		/* a character begun before lim may end up to 3 bytes past it */
		char *p = kp_buf_room(b, 8 * (lim - i + 3));
		while (i < lim) {
			size_t a = kp_ascii_run(s + i, lim - i);
			p = kp_put(p, s + i, a);
			i += a;
			if (i >= lim)
				break;
			/* the bytes binary text is mostly made of, without the
			 * two calls below: a control character (kp_unsafe_char's
			 * first case) and a byte that starts no UTF-8 character */
			unsigned char c = (unsigned char)s[i];
			if (c < 0x80 && c != '\t') {
				char e[8] = {'<', 'U', '+', '0', '0', hex[c >> 4], hex[c & 15], '>'};
				p = kp_put(p, e, sizeof e);
				i++;
				continue;
			}
			if (c >= 0x80 && (c < 0xc2 || c > 0xf4)) {
				char e[4] = {'<', hex[c >> 4], hex[c & 15], '>'};
				p = kp_put(p, e, sizeof e);
				i++;
				continue;
			}
			uint32_t cp;
			size_t k = kp_unsafe_char(s + i, n - i, &cp);
			if (k) {
				char e[8] = {'<', 'U', '+', hex[(cp >> 12) & 15], hex[(cp >> 8) & 15], hex[(cp >> 4) & 15], hex[cp & 15], '>'};
				p = kp_put(p, e, sizeof e);
				i += k;
				continue;
			}
			/* a valid character is copied whole; a byte that starts
			 * none is shown as <XX> */
			k = kp_utf8_len(s + i, n - i);
			if (k) {
				p = kp_put(p, s + i, k);
				i += k;
				continue;
			}
			i++;
			char e[4] = {'<', hex[c >> 4], hex[c & 15], '>'};
			p = kp_put(p, e, sizeof e);
		}
		kp_buf_end(b, p);
	}
}

void kp_buf_puts_visible(kp_buf *b, const char *s)
{
	kp_buf_put_visible(b, s, strlen(s));
}

void kp_fprintf_visible(FILE *f, const char *fmt, ...)
{
	char small[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	char *text = small;
	if ((size_t)n >= sizeof small) {
		text = malloc((size_t)n + 1);
		if (!text)
			return;
		va_start(ap, fmt);
		vsnprintf(text, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	kp_buf b = {0};
	for (const char *p = text, *end = text + n; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t k = nl ? (size_t)(nl - p) : (size_t)(end - p);
		kp_buf_put_visible(&b, p, k);
		if (nl)
			kp_buf_putc(&b, '\n');
		p += k + (nl != NULL);
	}
	if (b.len)
		fwrite(b.data, 1, b.len, f);
	kp_buf_free(&b);
	if (text != small)
		free(text);
}
