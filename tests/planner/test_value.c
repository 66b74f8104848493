/* Values: comparison across kinds, JSON and SQL forms. */
#include <string.h>

#include "kp_test.h"
#include "value.h"

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

static void test_compare(void)
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

static void test_forms(void)
{
	forms(iv(-42), "-42", "-42");
	forms(rv(2.5), "2.5", "2.5");
	forms(rv(3.0), "3.0", "3.0");
	forms(sv("it's \"q\"\n"), "\"it's \\\"q\\\"\\n\"", "'it''s \"q\"\n'");
	kp_value b = {0};
	b.kind = KP_V_BOOL;
	b.i = 1;
	forms(b, "true", "TRUE");
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

static void test_of_expr(void)
{
	kp_arena a;
	kp_arena_init(&a);
	kp_list l = {0};
	kp_diags d = {0};
	kp_source src;
	const char *sql = "SELECT -5, - -2.5, +3, 99999999999999999999, 0x1F, TRUE, NULL, ?2, 'x''y', a";
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
	kp_source_free(&src);
	kp_arena_free(&a);
}

int main(void)
{
	CU_initialize_registry();
	CU_pSuite s = CU_add_suite("value", NULL, NULL);
	CU_add_test(s, "comparison across kinds", test_compare);
	CU_add_test(s, "JSON and SQL forms", test_forms);
	CU_add_test(s, "values of expressions", test_of_expr);
	return kpt_run();
}
