/* Values: comparison across kinds, JSON and SQL forms. */
#include <string.h>

#include "planner/fold.h"
#include "kp_test.h"
#include "planner/value.h"

static kp_value iv(int64_t i)
{
	kp_value v = {0};
	v.kind = KP_V_INT;
	v.i = i;
	return v;
}

static kp_value rv(double r)
{
	kp_value v = {0};
	v.kind = KP_V_REAL;
	v.r = r;
	return v;
}

static kp_value sv(const char *s)
{
	kp_value v = {0};
	v.kind = KP_V_STR;
	v.s = s;
	v.n = (uint32_t)strlen(s);
	return v;
}

static kp_value pv(const char *text, uint32_t off)
{
	kp_value v = {0};
	v.kind = KP_V_PARAM;
	v.s = text;
	v.n = (uint32_t)strlen(text);
	v.off = off;
	return v;
}

static void test_compare_across_kinds_exactly(void)
{
	bool ok;
	kp_value a = iv(2), b = rv(2.5), c = rv(2.0), d = iv(INT64_MAX);
	CU_ASSERT_EQUAL(kp_value_cmp(&a, &b, &ok), -1);
	CU_ASSERT_TRUE(ok);
	CU_ASSERT_EQUAL(kp_value_cmp(&b, &a, &ok), 1);
	CU_ASSERT_EQUAL(kp_value_cmp(&a, &c, &ok), 0);
	CU_ASSERT_EQUAL(kp_value_cmp(&b, &c, &ok), 1);
	/* exact: INT64_MAX is not 9223372036854775808.0 */
	kp_value e = rv(9223372036854775808.0);
	CU_ASSERT_EQUAL(kp_value_cmp(&d, &e, &ok), -1);
	kp_value s1 = sv("ab"), s2 = sv("abc"), s3 = sv("b");
	CU_ASSERT_EQUAL(kp_value_cmp(&s1, &s2, &ok), -1);
	CU_ASSERT_EQUAL(kp_value_cmp(&s3, &s2, &ok), 1);
	CU_ASSERT_EQUAL(kp_value_cmp(&s1, &s1, &ok), 0);
	/* strings and numbers do not compare */
	kp_value_cmp(&s1, &a, &ok);
	CU_ASSERT_FALSE(ok);
	/* named parameters equal themselves; anonymous ones only at one place */
	kp_value p1 = pv("?1", 3), p1b = pv("?1", 9), q = pv("?", 4), q2 = pv("?", 7), n = pv(":x", 5);
	CU_ASSERT_EQUAL(kp_value_cmp(&p1, &p1b, &ok), 0);
	CU_ASSERT_TRUE(ok);
	kp_value_cmp(&q, &q2, &ok);
	CU_ASSERT_FALSE(ok);
	CU_ASSERT_EQUAL(kp_value_cmp(&q, &q, &ok), 0);
	CU_ASSERT_TRUE(ok);
	kp_value_cmp(&p1, &n, &ok);
	CU_ASSERT_FALSE(ok);
	/* hash parts compare by their hashed values */
	kp_value of1[2] = {iv(1), sv("x")}, of2[2] = {iv(1), sv("y")};
	kp_value h1 = {0}, h2 = {0};
	h1.kind = h2.kind = KP_V_HASH;
	h1.bits = h2.bits = 32;
	h1.of = of1;
	h2.of = of2;
	h1.nof = h2.nof = 2;
	CU_ASSERT_EQUAL(kp_value_cmp(&h1, &h2, &ok), -1);
	CU_ASSERT_TRUE(ok);
	CU_ASSERT_EQUAL(kp_value_cmp(&h1, &h1, &ok), 0);
}

static kp_value bv(int64_t i)
{
	kp_value v = {0};
	v.kind = KP_V_BOOL;
	v.i = i;
	return v;
}

/* Every pair of kinds: the sign of the comparison and whether it is exact. */
static void test_compare_every_kind(void)
{
	bool ok;
	kp_value t = bv(1), f = bv(0), one = iv(1), half = rv(0.5), two = rv(2.0), nul = {0};
	nul.kind = KP_V_NULL;
	/* BOOL compares as an integer, with INT and REAL alike */
	CU_ASSERT_EQUAL(kp_value_cmp(&t, &one, &ok), 0);
	CU_ASSERT_TRUE(ok);
	CU_ASSERT_EQUAL(kp_value_cmp(&f, &t, &ok), -1);
	CU_ASSERT_TRUE(ok);
	CU_ASSERT_EQUAL(kp_value_cmp(&t, &half, &ok), 1);
	CU_ASSERT_TRUE(ok);
	CU_ASSERT_EQUAL(kp_value_cmp(&half, &f, &ok), 1);
	CU_ASSERT_EQUAL(kp_value_cmp(&two, &half, &ok), 1);
	CU_ASSERT_EQUAL(kp_value_cmp(&half, &two, &ok), -1);
	CU_ASSERT_EQUAL(kp_value_cmp(&two, &two, &ok), 0);
	kp_value minus1 = iv(-1);
	CU_ASSERT_EQUAL(kp_value_cmp(&one, &minus1, &ok), 1);
	/* negative values across INT and REAL */
	kp_value m = iv(-3), mr = rv(-2.5);
	CU_ASSERT_EQUAL(kp_value_cmp(&m, &mr, &ok), -1);
	CU_ASSERT_EQUAL(kp_value_cmp(&mr, &m, &ok), 1);
	/* the edges of INTEGER against REAL, exactly */
	kp_value m3 = iv(-3), m35 = rv(-3.5), lo = iv(INT64_MIN), lor = rv(-9223372036854775808.0), big = rv(1e300),
	         small = rv(-1e300), nan = rv(0.0 / 0.0), seven = iv(7), sevenr = rv(7.0);
	CU_ASSERT_EQUAL(kp_value_cmp(&m3, &m35, &ok), 1);
	CU_ASSERT_EQUAL(kp_value_cmp(&lo, &lor, &ok), 0);
	CU_ASSERT_EQUAL(kp_value_cmp(&lo, &big, &ok), -1);
	CU_ASSERT_EQUAL(kp_value_cmp(&lo, &small, &ok), 1);
	CU_ASSERT_EQUAL(kp_value_cmp(&seven, &sevenr, &ok), 0);
	CU_ASSERT_EQUAL(kp_value_cmp(&seven, &nan, &ok), 0);
	/* NULL compares with nothing, not even NULL; the order is still stable */
	int c1 = kp_value_cmp(&nul, &one, &ok);
	CU_ASSERT_FALSE(ok);
	int c2 = kp_value_cmp(&one, &nul, &ok);
	CU_ASSERT_FALSE(ok);
	CU_ASSERT_EQUAL(c1, -c2);
	CU_ASSERT_EQUAL(kp_value_cmp(&nul, &nul, &ok), 0);
	CU_ASSERT_FALSE(ok);
	/* a parameter against a literal: unknown */
	kp_value p = pv(":p", 1), s = sv("a");
	kp_value_cmp(&p, &s, &ok);
	CU_ASSERT_FALSE(ok);
	kp_value_cmp(&s, &p, &ok);
	CU_ASSERT_FALSE(ok);
	/* a named and an anonymous parameter: unknown; two different names too */
	kp_value anon = pv("?", 2), other = pv(":q", 1);
	kp_value_cmp(&p, &anon, &ok);
	CU_ASSERT_FALSE(ok);
	kp_value_cmp(&anon, &p, &ok);
	CU_ASSERT_FALSE(ok);
	kp_value_cmp(&p, &other, &ok);
	CU_ASSERT_FALSE(ok);
	kp_value longer = pv(":pp", 1);
	kp_value_cmp(&p, &longer, &ok);
	CU_ASSERT_FALSE(ok);
	/* hashes: of different widths or over incomparable values do not compare */
	kp_value of1[1] = {iv(1)}, of2[2] = {iv(1), iv(2)}, ofp[1] = {pv("?", 3)};
	kp_value h1 = {0}, h2 = {0}, hp = {0};
	h1.kind = h2.kind = hp.kind = KP_V_HASH;
	h1.of = of1;
	h1.nof = 1;
	h2.of = of2;
	h2.nof = 2;
	hp.of = ofp;
	hp.nof = 1;
	kp_value_cmp(&h1, &h2, &ok);
	CU_ASSERT_FALSE(ok);
	kp_value_cmp(&h1, &hp, &ok);
	CU_ASSERT_FALSE(ok);
	kp_value_cmp(&h1, &one, &ok);
	CU_ASSERT_FALSE(ok);
}

static void forms(kp_value v, const char *json, const char *sql)
{
	kp_buf b = {0};
	kp_value_json(&b, &v);
	CU_ASSERT_STRING_EQUAL(b.data, json);
	kp_buf_clear(&b);
	kp_value_sql(&b, &v);
	CU_ASSERT_STRING_EQUAL(b.data, sql);
	kp_buf_free(&b);
}

static void test_json_and_sql_forms_of_values(void)
{
	forms(iv(-42), "-42", "-42");
	forms(rv(2.5), "2.5", "2.5");
	forms(rv(3.0), "3.0", "3.0");
	forms(sv("it's \"q\"\n"), "\"it's \\\"q\\\"\\n\"", "'it''s \"q\"\n'");
	kp_value b = {0};
	b.kind = KP_V_BOOL;
	b.i = 1;
	forms(b, "true", "TRUE");
	b.i = 0;
	forms(b, "false", "FALSE");
	/* infinities are the number too large for a double that SQLite and
	 * JSON readers take as one; NaN has no number */
	forms(rv(1.0 / 0.0), "1e999", "1e999");
	forms(rv(-1e300 * 1e300), "-1e999", "-1e999");
	forms(rv(0.0 / 0.0), "null", "null");
	forms(rv(1e300), "1.0000000000000001e+300", "1.0000000000000001e+300");
	kp_value n = {0};
	n.kind = KP_V_NULL;
	forms(n, "null", "NULL");
	forms(pv(":name", 0), "{\"param\": \":name\"}", ":name");
	kp_value of[2] = {iv(7), sv("a")};
	kp_value h = {0};
	h.kind = KP_V_HASH;
	h.bits = 64;
	h.of = of;
	h.nof = 2;
	forms(h, "{\"hash\": \"hash64\", \"of\": [7, \"a\"]}", "hash64(7, 'a')");
}

static void test_value_of_literal_expressions(void)
{
	kp_arena a;
	kp_arena_init(&a);
	kp_list l = {0};
	kp_diags d = {0};
	kp_source src;
	const char *sql = "SELECT -5, - -2.5, +3, 99999999999999999999, 0x1F, TRUE, NULL, ?2, 'x''y', a, "
	                  "-99999999999999999999, - -7, -(1 + 2)";
	kp_source_from_string(&src, "v.sql", sql, strlen(sql));
	kp_parse_all(&l, &src, &a, &d);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	kp_list *items = &((kp_stmt *)l.items[0])->u.select.items;
	kp_value v;
	CU_ASSERT_TRUE(kp_value_of(&v, items->items[0]) && v.kind == KP_V_INT && v.i == -5);
	CU_ASSERT_TRUE(kp_value_of(&v, items->items[1]) && v.kind == KP_V_REAL && v.r == 2.5);
	CU_ASSERT_TRUE(kp_value_of(&v, items->items[2]) && v.kind == KP_V_INT && v.i == 3);
	CU_ASSERT_TRUE(kp_value_of(&v, items->items[3]) && v.kind == KP_V_REAL && v.r > 9.9e19);
	CU_ASSERT_TRUE(kp_value_of(&v, items->items[4]) && v.kind == KP_V_INT && v.i == 31);
	CU_ASSERT_TRUE(kp_value_of(&v, items->items[5]) && v.kind == KP_V_BOOL && v.i == 1);
	CU_ASSERT_TRUE(kp_value_of(&v, items->items[6]) && v.kind == KP_V_NULL);
	CU_ASSERT_TRUE(kp_value_of(&v, items->items[7]) && v.kind == KP_V_PARAM && v.n == 2);
	CU_ASSERT_TRUE(kp_value_of(&v, items->items[8]) && v.kind == KP_V_STR && v.n == 3 && !memcmp(v.s, "x'y", 3));
	CU_ASSERT_FALSE(kp_value_of(&v, items->items[9]));
	CU_ASSERT_TRUE(kp_value_of(&v, items->items[10]) && v.kind == KP_V_REAL && v.r < -9.9e19);
	CU_ASSERT_TRUE(kp_value_of(&v, items->items[11]) && v.kind == KP_V_INT && v.i == 7);
	CU_ASSERT_FALSE(kp_value_of(&v, items->items[12]));
	kp_source_free(&src);
	kp_arena_free(&a);
}

static void test_parse_time_takes_valid_dates_only(void)
{
	int64_t ms;
	CU_ASSERT_TRUE(kp_parse_time("1970-01-01", 10, &ms) && ms == 0);
	CU_ASSERT_TRUE(kp_parse_time("2013-01-01 00:00:00", 19, &ms) && ms == 1356998400000);
	CU_ASSERT_TRUE(kp_parse_time("2013-01-01T10:30:15.25Z", 23, &ms) && ms == 1357036215250);
	CU_ASSERT_TRUE(kp_parse_time("2000-02-29 23:59", 16, &ms) && ms == 951868740000);
	CU_ASSERT_TRUE(kp_parse_time("1969-12-31 23:59:59.999", 23, &ms) && ms == -1);
	CU_ASSERT_FALSE(kp_parse_time("1900-02-29", 10, &ms));
	CU_ASSERT_FALSE(kp_parse_time("2013-13-01", 10, &ms));
	CU_ASSERT_FALSE(kp_parse_time("2013-01-01 24:00", 16, &ms));
	CU_ASSERT_FALSE(kp_parse_time("2013-01-01 10", 13, &ms));
	CU_ASSERT_FALSE(kp_parse_time("01/02/2013", 10, &ms));
	CU_ASSERT_FALSE(kp_parse_time("2013-01-01x", 11, &ms));
	kp_value t = {0};
	t.kind = KP_V_TIME;
	t.i = -1;
	forms(t, "{\"time\": \"1969-12-31 23:59:59.999\"}", "TIMESTAMP '1969-12-31 23:59:59.999'");
	t.i = 951868740000;
	forms(t, "{\"time\": \"2000-02-29 23:59:00.000\"}", "TIMESTAMP '2000-02-29 23:59:00.000'");
	/* a time against an integer (milliseconds) and a date string */
	kp_value i = {0}, str = {0};
	i.kind = KP_V_INT;
	i.i = 951868740001;
	str.kind = KP_V_STR;
	str.s = "2000-02-29 23:59";
	str.n = 16;
	bool ok;
	CU_ASSERT_EQUAL(kp_value_cmp(&t, &i, &ok), -1);
	CU_ASSERT_TRUE(ok);
	CU_ASSERT_EQUAL(kp_value_cmp(&t, &str, &ok), 0);
	CU_ASSERT_TRUE(ok);
	str.s = "soon";
	str.n = 4;
	kp_value_cmp(&t, &str, &ok);
	CU_ASSERT_FALSE(ok);
}

KPT_SUITE("value", NULL, NULL,
	{"comparison across kinds is exact", test_compare_across_kinds_exactly},
	{"comparison of every kind pair", test_compare_every_kind},
	{"JSON and SQL forms of values", test_json_and_sql_forms_of_values},
	{"values of literal expressions", test_value_of_literal_expressions},
	{"dates and times: valid ones parse to epoch milliseconds, others are refused", test_parse_time_takes_valid_dates_only})
