/* A hot single row sharded (issue 21: E65 in designs10.md, advisor18's
 * sprint): a row whose whole key takes a hot share of the writes, written
 * by increments, gets a random shard spliced into its key's first column;
 * a row any write overwrites does not. Each test asserts the candidate (its
 * kind, key, DDL and words) or its absence, and the recommendation applied
 * back (the workload rewritten as the advice says) standing. */
#include <stdio.h>
#include <string.h>

#include "adv_run.h"

/* designs10/E65: track_stats and its two statements */
static const char *const e65_schema =
	"-- rows: 100000000\n"
	"-- distinct: track_id 100000000\n"
	"-- distribution: track_id zipfian\n"
	"CREATE TABLE track_stats (track_id VARCHAR(36) NOT NULL, playcount BIGINT, listeners BIGINT,\n"
	"  last_played BIGINT,\n"
	"  PRIMARY KEY (track_id));\n";

static const char *const e65_workload =
	"-- weight: 100000\n"
	"UPDATE track_stats SET playcount = playcount + 1, last_played = ? WHERE track_id = ?;\n"
	"-- weight: 50000\n"
	"SELECT playcount, listeners FROM track_stats WHERE track_id = ?;\n";

static const char *const e65_ddl =
	"CREATE TABLE track_stats (track_id VARCHAR(36) NOT NULL, playcount BIGINT, listeners BIGINT, last_played "
	"BIGINT, track_id_shard VARCHAR(39) NOT NULL, PRIMARY KEY (track_id_shard))";

static void test_hot_counter_row_is_sharded(void)
{
	run r;
	run_w(&r, e65_schema, e65_workload, KP_TARGET_TABLESTORE);
	/* before: "the design stands" after KP102's 4.81% */
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_HOT_ENUM, "the busiest taking 4.81% of the writes"), 1);
	expect_recommended(&r, "track_stats", "shard_row [track_id + '#' + shard]");
	const kp_advice *x = recommended_kind(&r, "track_stats", "shard_row");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_STRING_EQUAL(x->ddl, e65_ddl);
	CU_ASSERT_EQUAL(x->buckets, 16);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "shard_row: the row of one track_id value takes 4.81% of the writes"));
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "its writes are increments (weight 100000, from w.sql:2)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "each increment picks its shard at random (not from the key"));
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "spread over 16 shards, the busiest taking 0.3%"));
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "(16 GETs, or one range over the prefix 'track_id#') and sums them"));
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "last_played, set with the increments, is kept per shard"));
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "(50000 of it as 16 reads, one a shard, summed)"));
	/* weighed: the hot row's writes spread, each increment still one row,
	 * each read of the row 16 */
	const kp_table_review *v = review_of(&r, "track_stats");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 100000 * 0.0480716, 1);
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v->after.written, v->before.written, 1e-9);
	CU_ASSERT_TRUE(v->after.read > v->before.read * 5);
	/* no hash or bucket of track_id: it would land the hot track on one row */
	CU_ASSERT_EQUAL(count_kind(&r, "hash_prefix"), 0);
	CU_ASSERT_EQUAL(count_kind(&r, "salt_buckets"), 0);
	run_free(&r);
	/* applied, the statements binding the shard as the advice says: it stands */
	expect_stands("CREATE TABLE track_stats (track_id VARCHAR(36) NOT NULL, playcount BIGINT, listeners BIGINT, "
	              "last_played BIGINT, track_id_shard VARCHAR(39) NOT NULL, PRIMARY KEY (track_id_shard));",
	              "-- weight: 100000\n"
	              "UPDATE track_stats SET playcount = playcount + 1, last_played = ? WHERE track_id_shard = ?;\n"
	              "-- weight: 50000\n"
	              "SELECT playcount, listeners FROM track_stats WHERE track_id_shard >= ? AND track_id_shard < ?;\n",
	              KP_TARGET_TABLESTORE, "track_stats");
}

/* A row its writes overwrite is not sharded: each write would have to
 * reach every shard (docs/advice.md, "A hot single row"). */
static void test_overwritten_hot_row_is_not_sharded(void)
{
	static const char *const over[] = {
		/* a plain overwrite */
		"-- weight: 100000\nUPDATE track_stats SET playcount = ? WHERE track_id = ?;\n"
		"-- weight: 50000\nSELECT playcount FROM track_stats WHERE track_id = ?;\n",
		/* increments, and a delete of the row by its key */
		"-- weight: 100000\nUPDATE track_stats SET playcount = playcount + 1 WHERE track_id = ?;\n"
		"-- weight: 10\nDELETE FROM track_stats WHERE track_id = ?;\n",
		/* increments, and an UPSERT of the whole row */
		"-- weight: 100000\nUPDATE track_stats SET playcount = playcount + 1 WHERE track_id = ?;\n"
		"-- weight: 10\nUPSERT INTO track_stats (track_id, playcount) VALUES (?, ?);\n",
		/* an increment from another column: not a plain value */
		"-- weight: 100000\nUPDATE track_stats SET playcount = playcount + listeners WHERE track_id = ?;\n",
	};
	for (size_t i = 0; i < sizeof over / sizeof over[0]; i++) {
		run r;
		run_w(&r, e65_schema, over[i], KP_TARGET_TABLESTORE);
		CU_ASSERT_EQUAL(count_kind(&r, "shard_row"), 0);
		if (count_kind(&r, "shard_row"))
			fprintf(stderr, "\n  workload %zu sharded\n", i);
		run_free(&r);
	}
}

/* A row that takes no hot share is not sharded: uniform track ids, or a
 * key with a column of many values in no order after the skewed one. */
static void test_row_without_hot_share_is_not_sharded(void)
{
	run r;
	run_w(&r,
	      "-- distinct: track_id 100000000\n"
	      "CREATE TABLE track_stats (track_id VARCHAR(36) NOT NULL, playcount BIGINT, PRIMARY KEY (track_id));",
	      "UPDATE track_stats SET playcount = playcount + 1 WHERE track_id = ?;", KP_TARGET_TABLESTORE);
	CU_ASSERT_EQUAL(count_kind(&r, "shard_row"), 0);
	run_free(&r);
	run_w(&r,
	      "-- distinct: track_id 100000000\n"
	      "-- distribution: track_id zipfian\n"
	      "CREATE TABLE plays (track_id VARCHAR(36) NOT NULL, user_id VARCHAR(36) NOT NULL, n BIGINT,\n"
	      "  PRIMARY KEY (track_id, user_id));",
	      "UPDATE plays SET n = n + 1 WHERE track_id = ? AND user_id = ?;", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_kind(&r, "shard_row"), 0);
	run_free(&r);
}

/* A hotter row takes more shards: one row of a 10-valued skewed key. */
static void test_hotter_row_takes_more_shards(void)
{
	run r;
	run_w(&r,
	      "-- distinct: region 10\n"
	      "CREATE TABLE region_counter (region VARCHAR(8) NOT NULL, hits BIGINT, PRIMARY KEY (region));",
	      "-- weight: 1000\nUPDATE region_counter SET hits = hits + ? WHERE region = ?;\n"
	      "-- weight: 10\nSELECT hits FROM region_counter WHERE region = ?;\n",
	      KP_TARGET_LINDORM);
	const kp_advice *x = NULL;
	for (uint32_t i = 0; i < r.adv.advice.n && !x; i++)
		if (!strcmp(((const kp_advice *)r.adv.advice.items[i])->kind, "shard_row"))
			x = r.adv.advice.items[i];
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	/* 1/10 of the writes: 16 shards leave 1/160, under 1/64 */
	CU_ASSERT_EQUAL(x->buckets, 16);
	CU_ASSERT_STRING_EQUAL(x->key, "[region + '#' + shard]");
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "the row of one region value takes 10% of the writes"));
	run_free(&r);
}

KPT_SUITE("advisor shard row", NULL, NULL,
	{"a hot counter row is sharded by a random shard spliced into its key (E65)", test_hot_counter_row_is_sharded},
	{"a hot row its writes overwrite is not sharded", test_overwritten_hot_row_is_not_sharded},
	{"a row that takes no hot share is not sharded", test_row_without_hot_share_is_not_sharded},
	{"a hotter row's shards keep the busiest under a hotspot", test_hotter_row_takes_more_shards})
