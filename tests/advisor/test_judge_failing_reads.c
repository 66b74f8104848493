/* The judge on reads that fail today (issue 21, E119 in
 * tests/advisor/designs19.md): an index that makes a read the store
 * fails run is admitted where the stated rates keep its lead cool, and
 * its words say the rate, not "a write hotspot" (docs/advice.md, "The
 * choice"). */
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"

/* Tablestore orders keyed by their id, 25 sites: the worklist by site and
 * status is a full scan of 100 million rows, past the scan limit. Every
 * write states its rate (30 rows a second in all), so an index led by the
 * site puts 1.2 rows a second on one region: no hotspot. */
static const char orders_schema[] =
        "-- rows: 100000000\n-- distinct: site_id 25\n-- distinct: state 5\n"
        "CREATE TABLE orders (order_id VARCHAR(64) NOT NULL, site_id VARCHAR(16), state VARCHAR(16), "
        "placed_at BIGINT, PRIMARY KEY (order_id));";

static const char orders_workload[] =
        "-- rate: 10/s\n-- weight: 1000\nINSERT INTO orders (order_id, site_id, state, placed_at) VALUES (?, ?, "
        "'open', ?);\n"
        "-- rate: 20/s\n-- weight: 2000\nUPDATE orders SET state = ? WHERE order_id = ?;\n"
        "-- weight: 3000\nSELECT order_id, placed_at FROM orders WHERE site_id = ? AND state = 'open';\n"
        "-- weight: 5000\nSELECT site_id, state FROM orders WHERE order_id = ?;\n";

static void test_an_index_that_makes_a_failing_read_run_is_recommended(void)
{
	run r;
	run_w(&r, orders_schema, orders_workload, KP_TARGET_TABLESTORE);
	expect_recommended(&r, "orders", "secondary_index [site_id][state][order_id]");
	const kp_table_review *v = review_of(&r, "orders");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.refused, 3000, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v->after.refused, 0, 1e-9);
	CU_ASSERT_TRUE(v->after.by_rate);
	CU_ASSERT_FALSE(v->after.hot_decides);
	run_free(&r);
}

/* The same index where the writes state no rate: 25 sites put a share of
 * every write on one region, and the rule that a design adds no hotspot
 * holds it back (its words say so). */
static void test_without_rates_the_hot_lead_is_held_back(void)
{
	run r;
	char *w = strdup(orders_workload);
	for (char *p = w; (p = strstr(p, "-- rate:"));)
		memcpy(p, "-- note:", 8);
	run_w(&r, orders_schema, w, KP_TARGET_TABLESTORE);
	const kp_table_review *v = review_of(&r, "orders");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	bool held = true;
	for (uint32_t i = 0; i < v->recommended.n; i++) {
		const kp_advice *x = v->recommended.items[i];
		if (x->key && !strncmp(x->key, "[site_id]", 9))
			held = false;
	}
	CU_ASSERT_TRUE(held);
	run_free(&r);
	free(w);
}

KPT_SUITE("judge_failing_reads", NULL, NULL,
	{"an index that makes a failing read run, at low stated rates, is recommended",
	 test_an_index_that_makes_a_failing_read_run_is_recommended},
	{"without stated rates its few-valued lead is held back", test_without_rates_the_hot_lead_is_held_back});
