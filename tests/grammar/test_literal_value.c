/* A decimal literal's value (kp_ast_literal): the bits strtod gives for
 * its text, whether read on the fast path (at most 15 significant digits,
 * a power of ten up to 22) or by strtod itself. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp_test.h"
#include "grammar/ast.h"

/* Does the literal s (a number token) hold strtod's value, bit for bit? */
static int same_as_strtod(kp_arena *a, const char *s)
{
	/* a statement's text is followed by more: the token must be read to
	 * its length, not to the end of the string */
	char text[80];
	snprintf(text, sizeof text, "%s;x", s);
	const kp_expr *e = kp_ast_literal(a, text, KP_X_FLOAT, 0, (uint32_t)strlen(s));
	double want = strtod(s, NULL);
	if (memcmp(&e->fval, &want, sizeof want)) {
		fprintf(stderr, "%s: %.17g, strtod %.17g\n", s, e->fval, want);
		return 0;
	}
	return 1;
}

static void test_edges(void)
{
	static const char *const cases[] = {
		"1.5", "0.0", "0.", ".5", "3", "2.25", "0.1", "0.3", "1e-5", "1E5", "1e+5", "1.e2",
		"123456789012345", "123456789012345.6", "1234567890123456", "9007199254740993",
		"0.000000000000000000001", "1e22", "1e23", "1e-22", "1e-23", "1e308", "1e309", "4.9e-324",
		"2.2250738585072011e-308", "179769313486231570000000000000000000000", "00000000000000000001.5",
		"1.7976931348623157e308", "5e-1", "0.1e1", "12.34e-2", "1e0400",
	};
	kp_arena a;
	kp_arena_init(&a);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		CU_ASSERT(same_as_strtod(&a, cases[i]));
	kp_arena_free(&a);
}

static void test_random_decimals(void)
{
	uint64_t x = 20261126;
	kp_arena a;
	kp_arena_init(&a);
	int bad = 0;
	for (int it = 0; it < 200000 && bad < 5; it++) {
		char buf[64];
		int n = 0;
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		int digits = 1 + (int)(x % 19), point = (int)(x >> 8) % (digits + 1);
		for (int d = 0; d < digits; d++) {
			if (d == point)
				buf[n++] = '.';
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			buf[n++] = (char)('0' + x % 10);
		}
		if ((x >> 20) % 3 == 0)
			n += snprintf(buf + n, sizeof buf - (size_t)n, "e%s%d", (x >> 24) % 2 ? "-" : "", (int)(x >> 30) % 30);
		buf[n] = 0;
		if (!same_as_strtod(&a, buf))
			bad++;
		if (it % 1000 == 0)
			kp_arena_reset(&a);
	}
	CU_ASSERT_EQUAL(bad, 0);
	kp_arena_free(&a);
}

KPT_SUITE("literal values", NULL, NULL,
	{"edge cases: strtod's bits", test_edges},
	{"200,000 random decimals: strtod's bits", test_random_decimals})
