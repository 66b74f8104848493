/* The arena and the output buffer: zeroed aligned allocations, blocks kept
 * and cleared across resets, and the hand-written formatter checked against
 * the C library's snprintf on every conversion it handles (and on the ones
 * it hands back to vsnprintf). */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "kp_test.h"
#include "base/quote.h"

/* kp_buf_printf and kp_arena_printf must give exactly what snprintf gives. */
#define CHECK_FMT(...)                                                    \
	do {                                                              \
		char want_[8192];                                         \
		snprintf(want_, sizeof want_, __VA_ARGS__);               \
		kp_buf b_ = {0};                                          \
		kp_buf_printf(&b_, __VA_ARGS__);                          \
		ASSERT_STR(b_.data, want_);                               \
		CU_ASSERT_EQUAL(b_.len, strlen(want_));                   \
		kp_buf_free(&b_);                                         \
		kp_arena a_;                                              \
		kp_arena_init(&a_);                                       \
		ASSERT_STR(kp_arena_printf(&a_, __VA_ARGS__), want_);     \
		kp_arena_free(&a_);                                       \
	} while (0)

static void test_printf_formats_match_snprintf(void)
{
	CHECK_FMT("plain text, no conversions");
	CHECK_FMT("%s and %s", "one", "two");
	CHECK_FMT("%s", "");
	CHECK_FMT("[%.*s]", 3, "abcdef");
	CHECK_FMT("[%.*s]", 10, "abc");
	CHECK_FMT("[%.*s]", 0, "abc");
	/* precision 0 of a NULL string writes nothing and reads nothing (an
	   unnamed CREATE INDEX led by an expression formatted its name so) */
	{
		kp_arena a0;
		kp_arena_init(&a0);
		const char *volatile none = NULL; /* hidden from the format check */
		ASSERT_STR(kp_arena_printf(&a0, "[%.*s]", 0, none), "[]");
		kp_arena_free(&a0);
	}
	CHECK_FMT("%c%c%c", 'x', 'y', 'z');
	CHECK_FMT("100%% sure, %d%%", 42);
	CHECK_FMT("%d %d %d %d", 0, -1, INT_MAX, INT_MIN);
	CHECK_FMT("%u %u", 0u, UINT_MAX);
	CHECK_FMT("%ld %ld %lu", LONG_MAX, LONG_MIN, ULONG_MAX);
	CHECK_FMT("%lld %lld %llu", LLONG_MAX, LLONG_MIN, ULLONG_MAX);
	CHECK_FMT("%zu bytes", (size_t)123456789);
	CHECK_FMT("trailing %s", "text at the end");
	CHECK_FMT("invalid UTF-8 byte 0x%02x in a name", 0x9fu);
	CHECK_FMT("%02x %02x %02x %02x %02x", 0u, 7u, 0xffu, 0x100u, UINT_MAX);
	/* conversions the fast path leaves to vsnprintf */
	CHECK_FMT("%5d|%-5d|%05d", 42, 42, 42);
	CHECK_FMT("%.2f %g", 3.14159, 1e-7);
	CHECK_FMT("%x %08x", 255u, 0xbeefu);
	CHECK_FMT("%-8s|", "ab");
	CHECK_FMT("%s then %6u", "a", 7u);
	CHECK_FMT("%lx|%zd|%.3s|%lu", 255ul, (ssize_t)-4, "abcdef", 12ul);
	/* a message longer than the first attempt, with every fast conversion */
	char pad[400];
	memset(pad, 'p', sizeof pad - 1);
	pad[sizeof pad - 1] = 0;
	CHECK_FMT("%s %c %% %d %.*s %zu", pad, 'c', -9, 2, "xyz", (size_t)5);
}

/* Messages formatted one after another into the free end of the arena's
 * block, until blocks fill and the next takes a new one: each keeps its
 * own text (none written over by the next), starts 16-byte aligned, and
 * one that does not fit in what is left of a block is whole. */
static void test_arena_messages_in_a_row(void)
{
	enum { N = 3000 };
	static char *got[N];
	char pad[320];
	memset(pad, 'm', sizeof pad - 1);
	pad[sizeof pad - 1] = 0;
	kp_arena a;
	kp_arena_init(&a);
	for (int i = 0; i < N; i++)
		got[i] = kp_arena_printf(&a, "%d:%.*s;", i, (i * 37) % 300, pad);
	for (int i = 0; i < N; i++) {
		char want[400];
		snprintf(want, sizeof want, "%d:%.*s;", i, (i * 37) % 300, pad);
		CU_ASSERT_EQUAL_FATAL((uintptr_t)got[i] % 16, 0);
		CU_ASSERT_EQUAL_FATAL(strcmp(got[i], want), 0);
	}
	kp_arena_free(&a);
}

/* Text longer than the 256-byte first attempt, in both writers. */
static void test_long_text(void)
{
	char big[3000];
	memset(big, 'q', sizeof big - 1);
	big[sizeof big - 1] = 0;
	CHECK_FMT("<%s|%d|%s>", big, -5, big + 2000);
	kp_buf b = {0};
	for (int i = 0; i < 1000; i++)
		kp_buf_printf(&b, "%d,", i);
	CU_ASSERT_EQUAL(b.len, 10 * 2 + 90 * 3 + 900 * 4);
	CU_ASSERT_EQUAL(strncmp(b.data + b.len - 4, "999,", 4), 0);
	kp_buf_free(&b);
}

static void test_int_and_json(void)
{
	kp_buf b = {0};
	int64_t vals[] = {0, 7, -7, 9, 10, 11, 99, 100, -100, 999, 1000, 123456789, 1000000000000000000ll,
	                  999999999999999999ll, -1000000000000000000ll, INT64_MAX, INT64_MIN};
	char want[1024] = "";
	for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
		kp_buf_int(&b, vals[i]);
		kp_buf_putc(&b, ' ');
		snprintf(want + strlen(want), sizeof want - strlen(want), "%lld ", (long long)vals[i]);
	}
	ASSERT_STR(b.data, want);
	kp_buf_clear(&b);
	const char raw[] = "a\"b\\c\n\t\x01 long enough to take the word-at-a-time path \x7f é";
	kp_buf_json_str(&b, raw, sizeof raw - 1);
	ASSERT_STR(b.data, "\"a\\\"b\\\\c\\n\\t\\u0001 long enough to take the word-at-a-time path \x7f é\"");
	/* a long string, written in pieces, with escapes on every boundary */
	static char big[10001], want_big[30000];
	size_t w = 0;
	want_big[w++] = '"';
	for (int i = 0; i < 10000; i++) {
		big[i] = i % 97 == 0 ? '"' : i % 89 == 0 ? '\x1f' : (char)('a' + i % 26);
		if (big[i] == '"') {
			want_big[w++] = '\\';
			want_big[w++] = '"';
		} else if (big[i] == '\x1f') {
			memcpy(want_big + w, "\\u001f", 6);
			w += 6;
		} else {
			want_big[w++] = big[i];
		}
	}
	want_big[w++] = '"';
	kp_buf_clear(&b);
	kp_buf_puts(&b, "x");
	kp_buf_json_str(&b, big, 10000);
	CU_ASSERT_EQUAL(b.len, w + 1);
	CU_ASSERT_EQUAL(memcmp(b.data + 1, want_big, w), 0);
	CU_ASSERT_EQUAL(b.data[b.len], 0);
	kp_buf_clear(&b);
	kp_buf_json_str(&b, "", 0);
	ASSERT_STR(b.data, "\"\"");
	kp_buf_free(&b);
}

static void test_arena_memory_aligned_zeroed_and_reused(void)
{
	kp_arena a;
	kp_arena_init(&a);
	/* aligned, zeroed, distinct */
	char *p = kp_arena_alloc(&a, 3);
	char *q = kp_arena_alloc(&a, 0);
	CU_ASSERT_EQUAL((uintptr_t)p % 16, 0);
	CU_ASSERT_EQUAL((uintptr_t)q % 16, 0);
	CU_ASSERT_TRUE(q >= p + 16);
	memset(p, 0xab, 3);
	/* an allocation larger than a block gets a block of its own */
	unsigned char *huge = kp_arena_alloc(&a, 200000);
	CU_ASSERT_EQUAL(huge[0] | huge[199999], 0);
	huge[5] = 1;
	/* fill past the first block, then reset: memory comes back zeroed */
	for (int i = 0; i < 5000; i++)
		memset(kp_arena_alloc(&a, 40), 0xcd, 40);
	kp_arena_reset(&a);
	for (int i = 0; i < 3000; i++) {
		unsigned char *r = kp_arena_alloc(&a, 40);
		for (int j = 0; j < 40; j++)
			CU_ASSERT_EQUAL_FATAL(r[j], 0);
	}
	char *s = kp_arena_strndup(&a, "hello world", 5);
	ASSERT_STR(s, "hello");
	int *grown = kp_arena_grow(&a, NULL, 0, 4, sizeof(int));
	grown[3] = 9;
	int *again = kp_arena_grow(&a, grown, 4, 8, sizeof(int));
	CU_ASSERT_EQUAL(again[3], 9);
	CU_ASSERT_EQUAL(again[7], 0);
	kp_arena_reset(&a);
	kp_arena_free(&a);
	/* reset and free of an arena that never allocated */
	kp_arena_reset(&a);
	kp_arena_free(&a);
}

/* A kept block is cleared as it is handed out again: what a longer
 * statement wrote, two resets back, past the end of a shorter one, still
 * comes back zeroed, and so does text written without clearing. */
static void test_arena_cleared_across_short_and_long_statements(void)
{
	kp_arena a;
	kp_arena_init(&a);
	for (int i = 0; i < 20; i++)
		memset(kp_arena_alloc(&a, 100), 0xee, 100);
	kp_arena_strndup(&a, "abcdefghijklmnopqrstuvwxyz", 26);
	kp_arena_reset(&a);
	memset(kp_arena_alloc(&a, 100), 0xee, 100);   /* a short statement */
	kp_arena_reset(&a);
	for (int i = 0; i < 25; i++) {                 /* a longer one */
		unsigned char *r = kp_arena_alloc(&a, 100);
		for (int j = 0; j < 100; j++)
			CU_ASSERT_EQUAL_FATAL(r[j], 0);
	}
	kp_arena_free(&a);
}

/* The JSON escape of s, byte by byte: what kp_buf_json_str must give. */
static size_t json_ref(char *o, const char *s, size_t n)
{
	size_t w = 0;
	o[w++] = '"';
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '"' || c == '\\') {
			o[w++] = '\\';
			o[w++] = (char)c;
		} else if (c == '\n' || c == '\t' || c == '\r') {
			o[w++] = '\\';
			o[w++] = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
		} else if (c < 0x20) {
			w += (size_t)sprintf(o + w, "\\u%04x", c);
		} else {
			o[w++] = (char)c;
		}
	}
	o[w++] = '"';
	o[w] = 0;
	return w;
}

/* Strings up to 40 bytes take every path of the writer: 16-byte blocks,
 * the block that overlaps a string's end, 8- and 4-byte words, and bytes.
 * Every length, every byte to escape at every position (alone, or with a
 * second one at the end), beside plain bytes of both halves of the ASCII
 * table and UTF-8; each string is read from its own exact-size heap copy,
 * so ASan and valgrind see a read past its end. Each is written three
 * ways: appended, and through a cursor with the room for it already made
 * or not (kp_json_str_at's two paths). */
static void test_json_short_strings_every_escape_at_every_position(void)
{
	const char specials[] = {'"', '\\', '\n', '\t', '\r', '\x01', '\x1f', '\0'};
	const char plain[] = {'a', '~', ' ', '\x7f', '\xc3', '!', '/', '0'};
	char want[512];
	int checked = 0;
	for (size_t n = 0; n <= 40; n++)
		for (size_t at = 0; at <= n; at++)   /* at == n: no escape */
			for (size_t k = 0; k < sizeof specials; k++)
				for (size_t q = 0; q < sizeof plain; q++) {
					char *s = malloc(n ? n : 1);
					for (size_t i = 0; i < n; i++)
						s[i] = plain[(q + i) % sizeof plain];
					if (at < n)
						s[at] = specials[k];
					if (q == 1 && n > 1)
						s[n - 1] = specials[(k + 1) % sizeof specials];
					size_t w = json_ref(want, s, n);
					kp_buf b = {0};
					kp_buf_putc(&b, '>');
					kp_buf_json_str(&b, s, n);
					CU_ASSERT_EQUAL_FATAL(b.len, w + 1);
					CU_ASSERT_EQUAL_FATAL(memcmp(b.data + 1, want, w + 1), 0);
					for (size_t lead = 1; lead <= 250; lead += 249) {
						/* lead 1: room made (256 bytes); 250: too little */
						kp_buf c = {0};
						char *p = kp_buf_room(&c, lead);
						memset(p, '>', lead);
						p = kp_json_str_at(&c, p + lead, s, n, 4);
						KP_PUT_LIT(p, "<<<<");
						kp_buf_end(&c, p);
						CU_ASSERT_EQUAL_FATAL(c.len, lead + w + 4);
						CU_ASSERT_EQUAL_FATAL(memcmp(c.data + lead, want, w), 0);
						CU_ASSERT_EQUAL_FATAL(memcmp(c.data + lead + w, "<<<<", 5), 0);
						kp_buf_free(&c);
					}
					kp_buf_free(&b);
					free(s);
					checked++;
				}
	CU_ASSERT_EQUAL(checked, 41 * 42 / 2 * 8 * 8);   /* n + 1 positions for each n */
}

/* kp_int_at at every power of ten and its neighbours, both signs, through
 * a cursor: the digits counted from the highest bit must be exact there;
 * and either side of 32 bits. */
static void test_int_at_every_power_of_ten(void)
{
	kp_buf b = {0}, want = {0};
	uint64_t p = 1;
	for (int k = 0; k < 20; k++, p *= 10) {
		int64_t vs[6] = {(int64_t)(p - 1), (int64_t)p, (int64_t)(p + 1), -(int64_t)(p - 1), -(int64_t)p,
		                 -(int64_t)(p + 1)};
		for (int j = 0; j < 6; j++) {
			if (k == 19 && j != 0 && j != 3)
				continue;   /* 10^19 is past INT64_MAX */
			char *c = kp_buf_room(&b, KP_INT_MAX + 1);
			c = kp_int_at(c, vs[j]);
			*c++ = ',';
			kp_buf_end(&b, c);
			kp_buf_printf(&want, "%lld,", (long long)vs[j]);
		}
	}
	/* either side of 32 bits, where the pairs' arithmetic changes width */
	static const int64_t edges[] = {4294967294ll, 4294967295ll, 4294967296ll, 4294967297ll, -4294967295ll,
	                                -4294967296ll, -4294967297ll, 2147483647ll, 2147483648ll, 99999999ll};
	for (size_t j = 0; j < sizeof edges / sizeof edges[0]; j++) {
		char *c = kp_buf_room(&b, KP_INT_MAX + 1);
		c = kp_int_at(c, edges[j]);
		*c++ = ',';
		kp_buf_end(&b, c);
		kp_buf_printf(&want, "%lld,", (long long)edges[j]);
	}
	kp_buf_int(&b, INT64_MIN);
	kp_buf_printf(&want, "%lld", (long long)INT64_MIN);
	ASSERT_STR(b.data, want.data);
	CU_ASSERT_EQUAL(b.len, want.len);
	kp_buf_free(&b);
	kp_buf_free(&want);
}

/* A reset clears nothing: each kp_arena_alloc clears what it hands out,
 * kp_arena_grow clears the elements it adds, and text is written in full.
 * Memory dirtied by the statement before comes back as each promises. */
static void test_arena_allocations_clear_themselves_after_a_reset(void)
{
	kp_arena a;
	kp_arena_init(&a);
	for (int i = 0; i < 40; i++)
		memset(kp_arena_alloc_raw(&a, 96), 0xee, 96);
	kp_arena_reset(&a);
	char *s = kp_arena_strndup(&a, "abc", 3);
	ASSERT_STR(s, "abc");
	char *f = kp_arena_printf(&a, "%d-%s", 42, "x");
	ASSERT_STR(f, "42-x");
	unsigned char *z = kp_arena_alloc(&a, 33);   /* rounded to 48: all clear */
	for (int j = 0; j < 48; j++)
		CU_ASSERT_EQUAL_FATAL(z[j], 0);
	int *g = kp_arena_grow(&a, NULL, 0, 3, sizeof(int));
	for (int j = 0; j < 3; j++)
		CU_ASSERT_EQUAL_FATAL(g[j], 0);
	g[0] = 7, g[2] = 8;
	int *h = kp_arena_grow(&a, g, 3, 9, sizeof(int));
	CU_ASSERT_EQUAL(h[0], 7);
	CU_ASSERT_EQUAL(h[1], 0);
	CU_ASSERT_EQUAL(h[2], 8);
	for (int j = 3; j < 9; j++)
		CU_ASSERT_EQUAL_FATAL(h[j], 0);
	/* the raw memory is only aligned: what it holds is the caller's to write */
	char *r = kp_arena_alloc_raw(&a, 5);
	CU_ASSERT_EQUAL((uintptr_t)r % 16, 0);
	CU_ASSERT_TRUE(r >= (char *)h + 9 * sizeof(int));
	kp_arena_free(&a);
}

KPT_SUITE("arena", NULL, NULL,
	{"formats match snprintf", test_printf_formats_match_snprintf},
	{"long formatted text", test_long_text},
	{"messages formatted in a row keep their text", test_arena_messages_in_a_row},
	{"integers and JSON strings", test_int_and_json},
	{"arena memory is aligned and zeroed, and comes back zeroed after a reset", test_arena_memory_aligned_zeroed_and_reused},
	{"a kept block comes back zeroed past a shorter statement's end", test_arena_cleared_across_short_and_long_statements},
	{"allocations clear themselves after a reset; text and grown arrays hold what they promise", test_arena_allocations_clear_themselves_after_a_reset},
	{"JSON strings of every short length, each escape at every position", test_json_short_strings_every_escape_at_every_position},
	{"integers at every power of ten and its neighbours", test_int_at_every_power_of_ten})
