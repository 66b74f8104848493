#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS, MAP_POPULATE */
#include "base/arena.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define KP_ARENA_BLOCK 65536
/* An arena that keeps growing (the workload's statements in `check`) takes
 * blocks twice the size of its last one, up to this. */
#define KP_ARENA_BLOCK_MAX ((size_t)4 << 20)
/* Blocks this large come straight from mmap: the kernel hands them out
 * zeroed (calloc would clear them again) and MAP_POPULATE maps their pages
 * in one call instead of one fault per page, which showed in `check`'s
 * profile as a quarter of its time. */
#define KP_ARENA_MMAP_MIN ((size_t)256 << 10)
/* kp_arena_reset keeps its newest block up to this size */
#define KP_ARENA_KEEP_MAX ((size_t)1 << 20)

struct kp_arena_block {
	kp_arena_block *next;   /* older block */
	size_t size;            /* usable bytes in data */
	bool mapped;            /* from mmap (else calloc) */
	_Alignas(max_align_t) unsigned char data[];
};

static void block_free(kp_arena_block *b)
{
	if (b->mapped)
		munmap(b, sizeof(*b) + b->size);
	else
		free(b);
}

void kp_arena_init(kp_arena *a)
{
	memset(a, 0, sizeof(*a));
}

/* Block memory is zeroed when it is obtained (calloc) and when a block is
 * kept across a reset, so each allocation needs no memset of its own: one
 * big clear per statement instead of one small one per node. */
void *kp_arena_alloc_block(kp_arena *a, size_t n)
{
	size_t size = KP_ARENA_BLOCK;
	if (a->head && a->head->size >= KP_ARENA_BLOCK)
		size = a->head->size >= KP_ARENA_BLOCK_MAX / 2 ? KP_ARENA_BLOCK_MAX : a->head->size * 2;
	if (n > size)
		size = n;
	kp_arena_block *b;
	bool mapped = size >= KP_ARENA_MMAP_MIN;
	if (mapped) {
		void *m = mmap(NULL, sizeof(*b) + size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE,
		               -1, 0);
		b = m == MAP_FAILED ? NULL : m;
	} else {
		b = calloc(1, sizeof(*b) + size);
	}
	if (!b) {
		fputs("keyplan: out of memory\n", stderr);
		abort();
	}
	b->mapped = mapped;
	b->size = size;
	b->next = a->head;
	a->head = b;
	a->next = (char *)b->data + n;
	a->end = (char *)b->data + size;
	return b->data;
}

char *kp_arena_strndup(kp_arena *a, const char *s, size_t n)
{
	char *p = kp_arena_alloc(a, n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

/* vsnprintf for the conversions keyplan's messages use: %s %.*s %c %d %u
 * %ld %lu %lld %llu %zu %%, no flags or widths. Written by hand for speed:
 * every diagnostic message is formatted, and glibc's vfprintf was 4% of a
 * run on the benchmark. Returns the full length like vsnprintf (the text is
 * cut to cap - 1 bytes and NUL-terminated when cap > 0), or -1 when fmt uses
 * anything else; the caller then falls back to vsnprintf. */
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
				EMIT(str, l);
			}
			f += 3;
			continue;
		case 'c': {
			char c = (char)va_arg(ap, int);
			EMIT(&c, 1);
			f++;
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

/* vsnprintf through the fast path when fmt allows it. */
static int kp_vsnprintf(char *out, size_t cap, const char *fmt, va_list ap)
{
	va_list cp;
	va_copy(cp, ap);
	int n = fast_vsnprintf(out, cap, fmt, cp);
	va_end(cp);
	return n >= 0 ? n : vsnprintf(out, cap, fmt, ap);
}

char *kp_arena_vprintf(kp_arena *a, const char *fmt, va_list ap)
{
	/* one pass for the common short message */
	char small[256];
	va_list cp;
	va_copy(cp, ap);
	int n = kp_vsnprintf(small, sizeof small, fmt, cp);
	va_end(cp);
	char *p = kp_arena_alloc(a, (size_t)n + 1);
	if ((size_t)n < sizeof small)
		memcpy(p, small, (size_t)n + 1);
	else
		kp_vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *kp_arena_printf(kp_arena *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *p = kp_arena_vprintf(a, fmt, ap);
	va_end(ap);
	return p;
}

void *kp_arena_grow(kp_arena *a, void *old, size_t oldn, size_t want, size_t size)
{
	void *p = kp_arena_alloc(a, want * size);
	if (old && oldn)
		memcpy(p, old, oldn * size);
	return p;
}

void kp_arena_reset(kp_arena *a)
{
	if (!a->head)
		return;
	kp_arena_block *b = a->head, *keep = NULL;
	size_t keep_used;
	if (a->head->size <= KP_ARENA_KEEP_MAX) {
		/* keep the newest block, the largest: a scratch arena reset once
		 * per candidate (the advisor re-plans a table's workload for each
		 * proposal) otherwise grew through 128, 256 and 512 KB blocks again
		 * each time, and mapping them (MAP_POPULATE clears every page) was
		 * a quarter of `check`'s time; clearing only the bytes used is
		 * cheaper */
		keep = a->head;
		keep_used = (size_t)(a->next - (char *)keep->data);
		b = keep->next;
	} else {
		/* a very large block is not pinned: keep the oldest (the
		 * standard size), all of it dirty when newer blocks followed */
		keep_used = a->head->next ? KP_ARENA_BLOCK : (size_t)(a->next - (char *)a->head->data);
	}
	while (b) {
		kp_arena_block *next = b->next;
		if (!keep && !next && b->size == KP_ARENA_BLOCK)
			keep = b;
		else
			block_free(b);
		b = next;
	}
	a->head = keep;
	a->next = a->end = NULL;
	if (keep) {
		memset(keep->data, 0, keep_used);
		keep->next = NULL;
		a->next = (char *)keep->data;
		a->end = (char *)keep->data + keep->size;
	}
}

void kp_arena_free(kp_arena *a)
{
	kp_arena_block *b = a->head;
	while (b) {
		kp_arena_block *next = b->next;
		block_free(b);
		b = next;
	}
	kp_arena_init(a);
}

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

static void buf_reserve(kp_buf *b, size_t extra)
{
	if (b->len + extra + 1 > b->cap)
		kp_buf_grow(b, extra);
}

void kp_buf_printf(kp_buf *b, const char *fmt, ...)
{
	/* one pass when the text fits in the room left, two otherwise */
	buf_reserve(b, 64);
	va_list ap;
	va_start(ap, fmt);
	int n = kp_vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if ((size_t)n >= b->cap - b->len) {
		buf_reserve(b, (size_t)n);
		va_start(ap, fmt);
		kp_vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

void kp_buf_int(kp_buf *b, int64_t v)
{
	/* by hand, two digits at a time, straight into the buffer: printf's
	 * format parsing dominated the JSON writer's profile, and every line
	 * and column goes through here */
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
	int n = 1;
	while (n < 20 && u >= pow10[n])
		n++;
	buf_reserve(b, 21);
	char *p = b->data + b->len;
	if (v < 0)
		*p++ = '-';
	char *e = p + n;
	b->len = (size_t)(e - b->data);
	*e = 0;
	while (u >= 100) {
		unsigned d = (unsigned)(u % 100) * 2;
		u /= 100;
		*--e = pairs[d + 1];
		*--e = pairs[d];
	}
	if (u >= 10) {
		*--e = pairs[u * 2 + 1];
		*--e = pairs[u * 2];
	} else {
		*--e = (char)('0' + u);
	}
}

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

void kp_buf_json_str(kp_buf *b, const char *s, size_t n)
{
	/* By hand, since escaping strings leads the JSON writer's profile: room
	 * for the worst case is reserved once (6 bytes per input byte, in
	 * pieces for long strings), then 8 plain bytes are copied at a time and
	 * only a word holding a byte to escape goes byte by byte. */
	buf_reserve(b, 2);
	b->data[b->len++] = '"';
	while (n > 0) {   /* each piece leaves room for the closing quote and NUL */
		size_t piece = n > 4096 ? 4096 : n;
		buf_reserve(b, 6 * piece + 1);
		char *p = b->data + b->len;
		size_t i = 0;
		while (i + 8 <= piece) {
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
		for (; i < piece; i++)
			p = json_byte(p, (unsigned char)s[i]);
		b->len = (size_t)(p - b->data);
		s += piece;
		n -= piece;
	}
	b->data[b->len++] = '"';
	b->data[b->len] = 0;
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
