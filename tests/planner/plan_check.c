/* The planner suites' fixture (test_planner.c, test_ranges.c): one schema
 * of every key shape the rules read, and checks of a plan's exact access,
 * ranges, filter, order and rules. */
#include <stdlib.h>
#include <string.h>

#include "plan_check.h"

kpt T;

const char *SCHEMA =
	"CREATE TABLE orders (userid VARCHAR(64), orderid BIGINT, amount DOUBLE, status VARCHAR(8),"
	"  PRIMARY KEY (userid, orderid));"
	"CREATE TABLE m (host VARCHAR, ev VARCHAR, ts BIGINT, v DOUBLE, PRIMARY KEY (host, ev, ts DESC));"
	"CREATE TABLE k3 (p1 INT, p2 INT, p3 INT, v INT, `f:x` INT, PRIMARY KEY (p1, p2, p3));"
	"CREATE TABLE s (name VARCHAR, n INT, PRIMARY KEY (name, n));"
	"CREATE TABLE h (p1 INT, p2 INT, v INT, PRIMARY KEY (hash32(p1), p1, p2));"
	"CREATE TABLE tr (seller BIGINT, buyer BIGINT, ts BIGINT, ono BIGINT, price INT,"
	"  PRIMARY KEY (seller, ts, ono));"
	"CREATE INDEX by_buyer ON tr (buyer, ts) INCLUDE (price);"
	"CREATE INDEX by_ts ON tr (ts);"
	"CREATE TABLE ev (flag BOOLEAN, at TIMESTAMP, name VARCHAR(16), PRIMARY KEY (flag, at, name));"
	"CREATE TABLE dk (a INT, b INT, v INT, PRIMARY KEY (a DESC, b));"
	"CREATE TABLE nt (k0 BIGINT, k1 BIGINT, v0 BIGINT, v1 VARCHAR, PRIMARY KEY (k0, k1));"
	"CREATE INDEX nv0 ON nt (v0);"
	"CREATE INDEX nv10 ON nt (v1, v0);"
	"CREATE TABLE ph (KEY1 VARCHAR, KEY2 INTEGER, v INT, PRIMARY KEY (KEY1, KEY2));"
	"CREATE TABLE ai (tl VARCHAR, seq BIGINT AUTO_INCREMENT, body VARCHAR, PRIMARY KEY (tl, seq));";

/* Plans q and checks access, ranges JSON, filter and order. */
void plan(const char *q, const char *access, const char *ranges, const char *filter,
          const char *order)
{
	kpt_plan(&T, q);
	int bad = strcmp(T.access, access) || strcmp(T.ranges, ranges) || strcmp(T.filter, filter) ||
	          strcmp(T.order, order);
	if (bad)
		fprintf(stderr, "\n  query: %s\n  got:  %s | %s | %s | %s\n  want: %s | %s | %s | %s\n", q,
		        T.access, T.ranges, T.filter, T.order, access, ranges, filter, order);
	CU_ASSERT_STRING_EQUAL(T.access, access);
	CU_ASSERT_STRING_EQUAL(T.ranges, ranges);
	CU_ASSERT_STRING_EQUAL(T.filter, filter);
	CU_ASSERT_STRING_EQUAL(T.order, order);
}

/* A range object's JSON: eq values, then the range on column c (NULL: none). */
const char *R(const char *eq, const char *c, const char *lo, int loi, const char *hi, int hii)
{
	static char buf[8][512];
	static int k;
	char *b = buf[k++ % 8];
	if (!c)
		snprintf(b, 512, "{\"eq\": [%s], \"range\": null}", eq);
	else
		snprintf(b, 512, "{\"eq\": [%s], \"range\": {\"column\": \"%s\", \"lower\": %s, \"lower_inclusive\": %s, "
		         "\"upper\": %s, \"upper_inclusive\": %s}}", eq, c, lo, loi ? "true" : "false", hi,
		         hii ? "true" : "false");
	return b;
}

void rules(const char *want)
{
	if (strcmp(T.rules, want))
		fprintf(stderr, "\n  rules: got '%s' want '%s'\n", T.rules, want);
	CU_ASSERT_STRING_EQUAL(T.rules, want);
}

int plan_setup(void)
{
	return kpt_setup(&T, SCHEMA);
}

int plan_teardown(void)
{
	kpt_free(&T);
	return 0;
}
