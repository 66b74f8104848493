/* Reverse reads (docs/advice.md, "Bounded reverse reads"): what a read
 * backwards costs, and the desc_key it may pay for. */
#include <string.h>

#include "adv_run.h"

/* E115's match history (tests/advisor/designs19.md): a player's range of
 * 40 billion rows (267 a player) read newest first, once under a LIMIT 20
 * the range outlasts and once filtered by queue (1 in 40), whose LIMIT
 * needs 800 rows, so the player's 267 end it first. That range has an =
 * prefix: it costs its rows and a seek a block of KP_REVERSE_BLOCK_ROWS
 * (267 + 3), not 2 a row (534), and the desc_key that copies the 40
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
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 40000 * 20 + 10000 * (4e10 / 1.5e8 + 3), 1e-3);
	const kp_advice *d = alternative(&r, "mp", "desc_key", "[puuid][game_creation DESC][match_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(d->trades, "is not paid back by the 30000 weighted rows it saves a run"));
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

KPT_SUITE("reverse_reads", NULL, NULL,
	{"a reverse read of an = prefix costs its rows and a seek a block (E115)",
	 test_prefixed_reverse_read_costs_a_seek_a_block},
	{"a reverse read with no = prefix costs 2 a row", test_unprefixed_reverse_read_costs_two_a_row});
