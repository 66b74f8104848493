/* Reverse reads (docs/advice.md, "Bounded reverse reads"): what a read
 * backwards costs, and the desc_key it may pay for. */
#include <string.h>

#include "adv_run.h"

/* E115's match history (tests/advisor/designs19.md): a player's range of
 * 40 billion rows (267 a player) read newest first, once under a LIMIT 20
 * the range outlasts and once filtered by queue (1 in 40), whose LIMIT
 * needs 800 rows, so the player's 267 end it first. That range has an =
 * prefix: it costs its rows and a seek a block of KP_REVERSE_BLOCK_ROWS
 * past the first (267 + 2), not 2 a row (534), and the desc_key that copies the 40
 * billion rows is not paid back; before, it "saved" 2.67 million weighted
 * rows a run and was recommended. */
static void test_prefixed_reverse_read_costs_a_seek_a_block(void)
{
	run r;
	run_w(&r,
	      "-- rows: 40000000000\n-- distinct: puuid 150000000\n-- distinct: queue_id 40\n"
	      "CREATE TABLE mp (puuid VARCHAR(78) NOT NULL, game_creation BIGINT NOT NULL, match_id VARCHAR(32) NOT "
	      "NULL, queue_id INTEGER, win BOOLEAN, PRIMARY KEY (puuid, game_creation, match_id));\n",
	      "-- weight: 60000\nUPSERT INTO mp (puuid, game_creation, match_id, queue_id, win) VALUES (?, ?, ?, ?, ?);\n"
	      "-- weight: 40000\nSELECT match_id FROM mp WHERE puuid = ? ORDER BY game_creation DESC LIMIT 20;\n"
	      "-- weight: 10000\nSELECT match_id FROM mp WHERE puuid = ? AND queue_id = ? ORDER BY game_creation DESC "
	      "LIMIT 20;\n",
	      KP_TARGET_LINDORM);
	expect_recommended(&r, "mp", "");
	const kp_table_review *v = review_of(&r, "mp");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 40000 * 20 + 10000 * (4e10 / 1.5e8 + 2), 1e-3);
	const kp_advice *d = alternative(&r, "mp", "desc_key", "[puuid][game_creation DESC][match_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(d->trades, "is not paid back by the 20000 weighted rows it saves a run"));
	/* KP122 names the read that pays for reading backwards: the queue
	 * read, filtered, not the LIMIT 20 read of 40,000 (before: "40000 of
	 * 40000 weight ... read game_creation backwards, which is slower than
	 * the stored order", which the LIMIT 20 read is not) */
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_DESC_KEY,
	                                "40000 of 40000 weight of ordered reads of mp read game_creation backwards; "
	                                "w.sql:6 (weight 10000, 2 rows a run more than forwards) reads its range "
	                                "through, which is slower than the stored order"),
	                1);
	run_free(&r);
	/* the LIMIT 20 read alone: as many rows as forwards, and KP122 says so */
	run_w(&r,
	      "-- rows: 40000000000\n-- distinct: puuid 150000000\n"
	      "CREATE TABLE mp (puuid VARCHAR(78) NOT NULL, game_creation BIGINT NOT NULL, match_id VARCHAR(32) NOT "
	      "NULL, PRIMARY KEY (puuid, game_creation, match_id));\n",
	      "-- weight: 40000\nSELECT match_id FROM mp WHERE puuid = ? ORDER BY game_creation DESC LIMIT 20;\n",
	      KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_DESC_KEY,
	                                "40000 of 40000 weight of ordered reads of mp read game_creation backwards; the "
	                                "LIMIT of each ends it before its range does: it reads as many rows as forwards"),
	                1);
	run_free(&r);
}

/* A range with no = prefix (the leading column's range) read through
 * backwards, and the whole table read backwards, still cost
 * KP_REVERSE_FACTOR a row: 10% of a million rows, 2 a row. */
static void test_unprefixed_reverse_read_costs_two_a_row(void)
{
	run r;
	run_w(&r, "CREATE TABLE ev (ts BIGINT NOT NULL, id BIGINT NOT NULL, body VARCHAR(200), PRIMARY KEY (ts, id));",
	      "-- weight: 100\nSELECT body FROM ev WHERE ts > ? ORDER BY ts DESC;\n", KP_TARGET_LINDORM);
	const kp_table_review *v = review_of(&r, "ev");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 100 * 1e6 * 0.1 * 2, 1e-3);
	run_free(&r);
}

/* E112's service page (tests/advisor/designs18.md) in general: ORDER BY
 * a nullable column DESC on Phoenix, which keeps NULL first in an ASC and
 * a DESC column alike. The index stored DESC returns NULLs first and still
 * sorts; stored ascending and read backwards it returns them last, as the
 * read asks, with no sort. A service's range holds a row or so, under the
 * LIMIT: both read it whole, at equal cost, and the one that sorts fewer
 * reads is recommended, the DESC one an alternative; before, the row read
 * backwards cost 2 and the DESC one, still sorting, was recommended, its
 * own words saying so. */
static void test_the_index_that_needs_no_sort_first(void)
{
	run r;
	run_w(&r,
	      "-- rows: 1000000\n-- distinct: acct 1000\n-- distinct: svc 100000\n"
	      "CREATE TABLE inc (acct VARCHAR(16) NOT NULL, num BIGINT NOT NULL, svc VARCHAR(16), title "
	      "VARCHAR(200), created_at TIMESTAMP, CONSTRAINT pk PRIMARY KEY (acct, num));\n",
	      "-- weight: 3000\nUPSERT INTO inc (acct, num, svc, title, created_at) VALUES (?, ?, ?, ?, ?);\n"
	      "-- weight: 30000\nSELECT title FROM inc WHERE acct = ? AND num = ?;\n"
	      "-- weight: 10000\nSELECT num, title, created_at FROM inc WHERE acct = ? AND svc = ? ORDER BY created_at "
	      "DESC LIMIT 25;\n",
	      KP_TARGET_PHOENIX);
	expect_recommended(&r, "INC", "secondary_index [ACCT][SVC][CREATED_AT][NUM]");
	CU_ASSERT_PTR_NOT_NULL(alternative(&r, "INC", "secondary_index", "[ACCT][SVC][CREATED_AT DESC][NUM]"));
	const kp_table_review *v = review_of(&r, "INC");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL_FATAL(v->changes.n, 1);
	const kp_change *c = v->changes.items[0];
	CU_ASSERT_EQUAL(c->order_before, KP_ORDER_SORT);
	CU_ASSERT_EQUAL(c->order_after, KP_ORDER_REVERSE);
	run_free(&r);
}

/* a table stated empty (-- rows: 0) read backwards by a prefix costs
 * nothing, never less (the seek a block past the first was added to 0
 * rows: -1 a run, a negative cost that ranked a design better) */
static void test_empty_table_read_backwards_costs_nothing(void)
{
	run r;
	run_w(&r,
	      "-- rows: 0\nCREATE TABLE m (player BIGINT NOT NULL, ts BIGINT NOT NULL, v INTEGER, PRIMARY KEY (player, "
	      "ts));\n",
	      "-- weight: 1000\nSELECT * FROM m WHERE player = ? ORDER BY ts DESC;\n", KP_TARGET_LINDORM);
	const kp_table_review *v = review_of(&r, "m");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 0, 1e-9);
	run_free(&r);
}

/* the schema read as each target reads it (Phoenix upper-cases unquoted
 * names and keeps NULL first in a DESC column), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("reverse_reads", setup, NULL,
          {"a table stated empty read backwards costs nothing, never less", test_empty_table_read_backwards_costs_nothing},
	{"the index that needs no sort before its DESC twin that sorts (E112)",
	 test_the_index_that_needs_no_sort_first},
	{"a reverse read of an = prefix costs its rows and a seek a block (E115)",
	 test_prefixed_reverse_read_costs_a_seek_a_block},
	{"a reverse read with no = prefix costs 2 a row", test_unprefixed_reverse_read_costs_two_a_row});
