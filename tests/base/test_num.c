/* kp_decimal: the decimal numbers annotations and options take, and nothing
 * else strtod would (hexadecimal, inf, nan, a value it cannot hold). */
#include <float.h>
#include <string.h>

#include "base/num.h"
#include "kp_test.h"

static bool dec(const char *s, double *v)
{
	return kp_decimal(s, strlen(s), v);
}

static void test_decimals_taken(void)
{
	static const struct { const char *s; double v; } ok[] = {
		{"0", 0}, {"3000", 3000}, {"2.5", 2.5}, {".5", 0.5}, {"5.", 5}, {"1e3", 1000}, {"1E+3", 1000},
		{"2.5e-3", 0.0025}, {"-4", -4}, {"+4", 4}, {"0e-400", 0}, {"1e-310", 1e-310}, {"007", 7},
	};
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
		double v = -99;
		CU_ASSERT_TRUE(dec(ok[i].s, &v));
		CU_ASSERT_DOUBLE_EQUAL(v, ok[i].v, ok[i].v == 0 ? 0 : ok[i].v * 1e-12);
	}
	/* the length is the caller's: a number followed by a note */
	double v = -1;
	CU_ASSERT_TRUE(kp_decimal("40 per day", 2, &v));
	CU_ASSERT_EQUAL(v, 40);
}

static void test_other_numbers_refused(void)
{
	static const char *const bad[] = {
		"", "0x10", "0X1p3", "inf", "-infinity", "nan", "NAN(1)", " 5", "5 ", "1e", "1e+", "e3", ".", "-",
		"1,000", "3 000", "1e-400", "-1e-400", "1e400", "-1e309", "5k", "1.2.3", "١٢",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		double v = -99;
		if (dec(bad[i], &v))
			fprintf(stderr, "\n  taken: '%s' = %g\n", bad[i], v);
		CU_ASSERT_FALSE(dec(bad[i], &v));
		CU_ASSERT_EQUAL(v, -99);
	}
	/* longer than any number a person writes */
	char big[100];
	memset(big, '1', sizeof big - 1);
	big[sizeof big - 1] = 0;
	double v;
	CU_ASSERT_FALSE(dec(big, &v));
	CU_ASSERT_FALSE(kp_decimal(NULL, 0, &v));
}

KPT_SUITE("num", NULL, NULL,
	{"decimal numbers, a sign, a point and an exponent", test_decimals_taken},
	{"hexadecimal, inf, nan, white space and values strtod cannot hold are refused", test_other_numbers_refused})
