/* What a spreading candidate claims comes from the write-concentration
 * walk (landing.c), as the judge's cost does (issue 21: E71 in
 * designs11.md, advisor18's sprint): a hash of a monotonic partition key
 * alone spreads nothing and is not proposed. */
#include <stdio.h>
#include <string.h>

#include "adv_run.h"
#include "advisor/advisorInt.h"

/* designs11/E71: the rate limiter's minute counters */
static const char *const e71_schema =
	"-- rows: 600000000\n"
	"-- distribution: slot monotonic\n"
	"-- distinct: api_key 2000000\n"
	"CREATE TABLE rate_counter (slot BIGINT NOT NULL, api_key VARCHAR(64) NOT NULL,\n"
	"  route VARCHAR(128) NOT NULL, hits BIGINT, window_limit BIGINT,\n"
	"  PRIMARY KEY (slot, api_key, route));\n"
	"CREATE INDEX rate_counter_by_key ON rate_counter (api_key) INCLUDE (hits);\n";

static const char *const e71_workload =
	"-- weight: 300000\n"
	"SELECT hits, window_limit FROM rate_counter WHERE slot = ? AND api_key = ? AND route = ?;\n"
	"-- weight: 50000\n"
	"INSERT INTO rate_counter (slot, api_key, route, hits, window_limit) VALUES (?, ?, ?, 1, ?);\n"
	"-- weight: 250000\n"
	"UPDATE rate_counter SET hits = hits + 1 WHERE slot = ? AND api_key = ? AND route = ?;\n"
	"-- weight: 3000\n"
	"SELECT slot, route, hits FROM rate_counter WHERE api_key = ? AND slot >= ?;\n";

static void test_hash_of_monotonic_partition_key_alone_is_not_proposed(void)
{
	run r;
	run_w(&r, e71_schema, e71_workload, KP_TARGET_TABLESTORE);
	/* before: "hash_prefix: key the table by slot_key, the first 4 hex
	 * characters of md5(slot) followed by slot", whose trades said it
	 * "spreads 300000 weighted rows written that land on one region today" */
	CU_ASSERT_EQUAL(count_kind(&r, "hash_prefix"), 0);
	expect_recommended(&r, "rate_counter", "reorder_key [api_key][slot][route]; drop_index [api_key][slot][route]");
	/* the hypothetical key walked: the md5 of the minute merged into the
	 * partition key is the minute's one value, every write on it */
	int slot = kp_table_column(review_of(&r, "rate_counter")->table, "slot", 4);
	kp_key_part parts[4] = {{.col = -1, .hash_bits = 32, .hash_cols = &slot, .nhash = 1}};
	const kp_table *t = review_of(&r, "rate_counter")->table;
	for (int i = 0; i < 3; i++)
		parts[i + 1] = t->pk.parts[i];
	kp_key k = {parts, 4};
	CU_ASSERT_DOUBLE_EQUAL(kpa_key_hot_share(&r.adv, t, &k, NULL), 1, 1e-9);
	run_free(&r);
	/* the same hash where slot ends the key (one row a value): it spreads */
	run_w(&r,
	      "-- distribution: slot monotonic\n"
	      "CREATE TABLE ev (slot BIGINT NOT NULL, v BIGINT, PRIMARY KEY (slot));",
	      "INSERT INTO ev (slot, v) VALUES (?, ?);\nSELECT v FROM ev WHERE slot = ?;", KP_TARGET_TABLESTORE);
	const kp_advice *h = NULL;
	for (uint32_t i = 0; i < r.adv.advice.n && !h; i++)
		if (!strcmp(((const kp_advice *)r.adv.advice.items[i])->kind, "hash_prefix"))
			h = r.adv.advice.items[i];
	CU_ASSERT_PTR_NOT_NULL(h);
	if (h)
		CU_ASSERT_STRING_EQUAL(h->key, "[md5(slot).substr(0,4)][slot]");
	run_free(&r);
}

KPT_SUITE("advisor spread claims", NULL, NULL,
	{"a hash of a monotonic partition key alone spreads nothing and is not proposed (E71)",
	 test_hash_of_monotonic_partition_key_alone_is_not_proposed})
