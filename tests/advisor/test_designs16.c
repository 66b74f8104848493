/* Six designs nobody on the advisor's side had seen (issue 21, eighteenth
 * round, the first designer: E97-E102 of tests/advisor/designs16.md; each
 * cites its public source there; the expectations were committed before
 * keyplan ran). Schemas and workloads are read from the designs' own files
 * (designs16/EN.schema.sql and EN.workload.sql; designs16/applied/ for the
 * recommendation applied back). Each test asserts, per table, the
 * recommended items (kind, key, DDL) the designer judged right, the verdict
 * where a table stands, every statement's plan, what must not be advised
 * (the designer's "not right" and "harmful" lists), nothing served made
 * worse; then the recommendation applied back and re-planned: every plan
 * as it is then, and check recommends nothing more where the designer found
 * a fixpoint.
 *
 * Where today's answer disagrees with the designer (E98: block_header's
 * desc_key; E99: ACTIVITY's desc_key and
 * the hash prefix's "reads to rewrite" naming reads that bind no
 * ACTIVITY_ID; E100: the (WEEK, POINTS) index for a weight-20 read; E102:
 * the planner's (system_id, last_reported) index held back by the range
 * default), the test asserts only what must hold and says the expectation
 * in a comment: a wrong answer is never asserted as right. Costs and row
 * counts are not asserted: two engineers move them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

/* The table's index led by lead is kept, or a recommended index (new,
 * widened or rebuilt) leads with it: its reads keep a path. */
static void expect_path_led_by(const run *r, const char *table, const char *index, const char *lead)
{
	const kp_table_review *v = review_of(r, table);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	char kept[128];
	snprintf(kept, sizeof kept, "%s kept", index);
	bool ok = v->indexes && strstr(v->indexes, kept);
	for (uint32_t i = 0; !ok && i < v->recommended.n; i++) {
		const kp_advice *x = v->recommended.items[i];
		ok = x->index && x->key && !strncmp(x->key, lead, strlen(lead)) && strcmp(x->kind, "drop_index");
	}
	if (!ok)
		fprintf(stderr, "\n  %s: no path led by %s (indexes: %s)\n", table, lead,
		        v->indexes ? v->indexes : "none");
	CU_ASSERT(ok);
}

/* E97: GTFS-realtime positions, an archive and the latest position
 * (Lindorm). Required: vehicle_position re-keyed vehicle before poll_id
 * (the track read a SCAN of one vehicle); vehicle_latest_ts spread or
 * dropped, naming the weight-1 sweep. Stand: vehicle_latest's key,
 * vehicle_latest_route. Not right: a spread that keeps poll_id before the
 * vehicle; an index or index table for the track read beside the re-key;
 * the route index widened or narrowed; a search index. Harmful: the route
 * index dropped; a key or index led by poll_id or position_ts unspread.
 * First run: both right (the reorder, the bucketed rebuild). */
static void test_e97_archive_rekeyed_time_index_spread(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E97.schema.sql", "E97.workload.sql", KP_TARGET_LINDORM, texts);
	/* [vehicle_id][feed_id][poll_id], which the expectation names
	 * acceptable: at equal cost the lead of 60,000 vehicles wins the tie
	 * over that of 40 feeds (docs/advice.md, "The choice"; the first run
	 * took [feed_id][vehicle_id][poll_id], the first candidate) */
	expect_recommended(&r, "vehicle_position", "reorder_key [vehicle_id][feed_id][poll_id]");
	const kp_advice *k = recommended_kind(&r, "vehicle_position", "reorder_key");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->ddl, "PRIMARY KEY (vehicle_id, feed_id, poll_id))"));
	expect_target_takes(k->ddl, KP_TARGET_LINDORM);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "vehicle_position", 11), "FILTERED SCAN -> SCAN"); /* the track */
	expect_recommended(&r, "vehicle_latest",
	                   "rebuild_index [vehicle_latest_ts_bucket][position_ts][feed_id][vehicle_id]");
	const kp_advice *b = recommended_kind(&r, "vehicle_latest", "rebuild_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_PTR_NOT_NULL(strstr(b->ddl,
	                              "CREATE INDEX vehicle_latest_ts ON vehicle_latest (vehicle_latest_ts_bucket, "
	                              "position_ts)"));
	/* the sweep named: its reads to rewrite */
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, "reads to rewrite"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, ":20 (weight 1)"));
	const kp_table_review *l = review_of(&r, "vehicle_latest");
	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_PTR_NOT_NULL(strstr(l->indexes, "vehicle_latest_route kept"));
	expect_none_of(&r, "vehicle_position",
	               (const char *const[]){"salt_buckets", "hash_prefix", "secondary_index", "index_table",
	                                     "search_index", NULL});
	expect_none_of(&r, "vehicle_latest",
	               (const char *const[]){"reorder_key", "widen_index", "search_index", "salt_buckets",
	                                     "hash_prefix", NULL});
	for (const char *const *t = (const char *const[]){"vehicle_position", "vehicle_latest", NULL}; *t; t++) {
		expect_no_recommended_lead(&r, *t, "[poll_id");
		expect_no_recommended_lead(&r, *t, "[position_ts");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "11 FILTERED SCAN; 14 SCAN via vehicle_latest_route; 17 GET; 20 SCAN via vehicle_latest_ts");
	free_files(&r, texts);
	/* applied: the track a SCAN of one vehicle, the sweep 16 bucket reads;
	 * both tables stand */
	expect_applied("applied/E97.schema.sql", "applied/E97.workload.sql", KP_TARGET_LINDORM,
	               "11 SCAN; 14 SCAN via vehicle_latest_route; 17 GET; 20 SCAN via vehicle_latest_ts",
	               (const char *const[]){"vehicle_position", "vehicle_latest", NULL});
}

/* E98: ethereum-etl's block headers and token transfers (Lindorm).
 * Required: token_transfer_from and token_transfer_to widened by
 * block_number (or a new index and the old dropped); an index
 * (token_address, block_number), unsalted (the stated rates: 15 rows a
 * second). Stand: block_header whole (key, block_header_hash),
 * token_transfer's key. Not right: a salt, hash or bucket on block_header;
 * a DESC on its key; any key change of token_transfer. Harmful:
 * block_header_hash or an address index dropped without a replacement.
 * First run: the token index right.
 *
 * The address pages (lines 27 and 30, 30,000 weighted), whose ORDER BY
 * block_number DESC Lindorm refuses (KP110), were counted served on the
 * first run and their indexes left alternatives (required fixes 1 and 2
 * missing). Since f9bc1cd a path that runs beats a refused one: both
 * (from_address, block_number DESC) and (to_address, block_number DESC)
 * are recommended with the old address indexes dropped (the designer's
 * "a new index and the old dropped"), a fixpoint.
 *
 * Disagreement (not asserted as right):
 * - block_header's desc_key [block_number DESC] (a copy of 21 million rows
 *   for a LIMIT 10 read): the expectation is that block_header stands.
 *   Asserted: no spread of block_header, its block page still a GET. */
static void test_e98_token_index_unsalted(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E98.schema.sql", "E98.workload.sql", KP_TARGET_LINDORM, texts);
	const kp_advice *i = recommended_key(&r, "token_transfer", "secondary_index",
	                                     "[token_address][block_number DESC][transaction_hash][log_index]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl,
	                       "CREATE INDEX idx_token_transfer_token_address_block_number_desc ON token_transfer "
	                       "(token_address, block_number DESC) INCLUDE (from_address, to_address, amount)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "token_transfer", 33), "REJECTED -> SCAN"); /* the token page */
	/* the address pages refused for their sort (KP110), both */
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_TARGET, "ORDER BY"), 2);
	expect_path_led_by(&r, "token_transfer", "token_transfer_from", "[from_address]");
	expect_path_led_by(&r, "token_transfer", "token_transfer_to", "[to_address]");
	/* ... and their fix: the two address indexes made again by
	 * block_number DESC, the old ones dropped */
	expect_recommended(&r, "token_transfer",
	                   "secondary_index [to_address][block_number DESC][transaction_hash][log_index]; "
	                   "secondary_index [from_address][block_number DESC][transaction_hash][log_index]; "
	                   "secondary_index [token_address][block_number DESC][transaction_hash][log_index]; "
	                   "drop_index [from_address][transaction_hash][log_index]; "
	                   "drop_index [to_address][transaction_hash][log_index]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "token_transfer", 27), "SCAN -> SCAN");
	expect_fixpoint_text(&r, texts[0], texts[1], KP_TARGET_LINDORM, "token_transfer");
	const kp_table_review *h = review_of(&r, "block_header");
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_PTR_NOT_NULL(strstr(h->indexes, "block_header_hash kept"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "block_header", 15), ""); /* the block page */
	expect_none_of(&r, "block_header",
	               (const char *const[]){"salt_buckets", "hash_prefix", "reorder_key", "drop_index", "search_index",
	                                     NULL});
	expect_none_of(
	        &r, "token_transfer",
	        (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "search_index", NULL});
	for (const char *const *t = (const char *const[]){"block_header", "token_transfer", NULL}; *t; t++) {
		expect_no_recommended_lead(&r, *t, "[bucket");
		expect_no_recommended_lead(&r, *t, "[salt");
		expect_no_recommended_lead(&r, *t, "[block_number]");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "12 GET; 15 GET; 18 SCAN via block_header_hash; 21 SCAN reverse; 24 SCAN; 27 SCAN via "
	                 "token_transfer_from "
	                 "sorted; 30 SCAN via token_transfer_to sorted; 33 REJECTED sorted");
	free_files(&r, texts);
	/* applied as the first run advised (the token index and the desc_key):
	 * the token page through the new index; the address pages still
	 * refused (today's advice fixes them: the fixpoint above); only
	 * block_header's verdict and the plans asserted */
	run_files(&r, "applied/E98.schema.sql", "applied/E98.workload.sql", KP_TARGET_LINDORM, texts);
	expect_target_takes(texts[0], KP_TARGET_LINDORM);
	expect_plans(
	        &r,
	        "12 GET; 15 GET; 18 SCAN via block_header_hash; 21 SCAN; 24 SCAN; 27 SCAN via token_transfer_from "
	        "sorted; "
	        "30 SCAN via token_transfer_to sorted; 33 SCAN via idx_token_transfer_token_address_block_number_desc");
	expect_recommended(&r, "block_header", "");
	expect_path_led_by(&r, "token_transfer", "token_transfer_from", "[from_address]");
	expect_path_led_by(&r, "token_transfer", "token_transfer_to", "[to_address]");
	expect_nothing_worse(&r, "token_transfer");
	free_files(&r, texts);
}

/* E99: Strava's activities and segment efforts (Phoenix). Required:
 * ACTIVITY_BY_ID salted; ACTIVITY_GEAR dropped; SEGMENT_EFFORT salted or
 * hash-prefixed. Acceptable: an index (SEGMENT_ID, ATHLETE_ID, START_DATE).
 * Stand: ACTIVITY's key, SEGMENT_EFFORT_LEADERBOARD, the view. Not right: a
 * re-key of SEGMENT_EFFORT by SEGMENT_ID; a DESC key for the athlete's
 * list; a salt of ACTIVITY itself. Harmful: the leaderboard index dropped;
 * a key or index led by ACTIVITY_ID unspread. First run: the salted
 * rebuild, the drop and the hash prefix right.
 *
 * Disagreements (not asserted as right):
 * - ACTIVITY's desc_key [ATHLETE_ID][ACTIVITY_ID DESC] (a copy of 4 billion
 *   rows to read 30-row pages forwards): the expectation is ACTIVITY's key
 *   stands. Neither asserted nor refused here.
 * - the hash prefix's "reads to rewrite" names :24 and :27, which go
 *   through SEGMENT_EFFORT_LEADERBOARD or filter by segment and bind no
 *   ACTIVITY_ID; the expectation: only :21. Asserted: :21 is named. */
static void test_e99_activity_index_salted_gear_dropped_efforts_spread(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E99.schema.sql", "E99.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_advice *s = recommended_key(&r, "ACTIVITY", "rebuild_index", "[salt][ACTIVITY_ID][ATHLETE_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(s->ddl, "DROP INDEX ACTIVITY_BY_ID ON ACTIVITY; CREATE INDEX ACTIVITY_BY_ID ON ACTIVITY "
	                               "(ACTIVITY_ID) INCLUDE (NAME, SPORT_TYPE, START_DATE, DISTANCE, MOVING_TIME, "
	                               "VISIBILITY) SALT_BUCKETS = 16");
	const kp_advice *g = recommended_key(&r, "ACTIVITY", "drop_index", "[GEAR_ID][ATHLETE_ID][ACTIVITY_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	CU_ASSERT_STRING_EQUAL(g->ddl, "DROP INDEX ACTIVITY_GEAR ON ACTIVITY");
	expect_recommended(&r, "SEGMENT_EFFORT", "hash_prefix [md5(ACTIVITY_ID).substr(0,4)][ACTIVITY_ID][EFFORT_SEQ]");
	const kp_advice *h = recommended_kind(&r, "SEGMENT_EFFORT", "hash_prefix");
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_PTR_NOT_NULL(
	        strstr(h->ddl, "CONSTRAINT pk PRIMARY KEY (\"ACTIVITY_ID_hash\", ACTIVITY_ID, EFFORT_SEQ))"));
	expect_target_takes(h->ddl, KP_TARGET_PHOENIX);
	CU_ASSERT_PTR_NOT_NULL(strstr(h->message, ":21 (weight 40000)")); /* the activity page's efforts */
	const kp_table_review *e = review_of(&r, "SEGMENT_EFFORT");
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_PTR_NOT_NULL(strstr(e->indexes, "SEGMENT_EFFORT_LEADERBOARD kept"));
	expect_none_of(&r, "ACTIVITY",
	               (const char *const[]){"salt_buckets", "hash_prefix", "reorder_key", "search_index", NULL});
	expect_none_of(&r, "SEGMENT_EFFORT",
	               (const char *const[]){"reorder_key", "desc_key", "drop_index", "search_index", NULL});
	for (const char *const *t = (const char *const[]){"ACTIVITY", "SEGMENT_EFFORT", NULL}; *t; t++) {
		expect_no_recommended_lead(&r, *t, "[ACTIVITY_ID");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "12 SCAN via ACTIVITY_BY_ID; 15 SCAN reverse; 18 FILTERED SCAN reverse; 21 SCAN; 24 SCAN via "
	                 "SEGMENT_EFFORT_LEADERBOARD; 27 FILTERED SCAN via SEGMENT_EFFORT_LEADERBOARD");
	free_files(&r, texts);
	/* applied (the matcher fills the hash, the activity page binds it; the
	 * leaderboard and getEffortsBySegmentId as written): both stand */
	expect_applied("applied/E99.schema.sql", "applied/E99.workload.sql", KP_TARGET_PHOENIX,
	               "12 SCAN via ACTIVITY_BY_ID; 15 SCAN; 18 FILTERED SCAN; 21 SCAN; 24 SCAN via "
	               "SEGMENT_EFFORT_LEADERBOARD; 27 "
	               "FILTERED SCAN via SEGMENT_EFFORT_LEADERBOARD",
	               (const char *const[]){"ACTIVITY", "SEGMENT_EFFORT", NULL});
}

/* E100: Sleeper's rosters and matchups (Phoenix): a design that all but
 * stands. Required: ROSTER_PLAYER_SLOT dropped. Stand: both keys,
 * ROSTER_PLAYER_PLAYER, the view. Not right: an index (LEAGUE_ID,
 * PLAYER_ID) for the player card; an index (WEEK, POINTS) or a search
 * index for the weight-20 editorial list; the player index narrowed or
 * salted; a DESC on any key. Harmful: the player index dropped; a key
 * change of MATCHUP. First run: the drop right.
 *
 * Disagreement (not asserted as right): MATCHUP gets an index (WEEK,
 * POINTS) for the editorial list (weight 20) that every live-scoring update
 * (50,000 weighted) moves; the expectation is that MATCHUP stands (a read
 * that rare against the writes is a batch). Asserted: nothing worse, no
 * key change, no search index. */
static void test_e100_slot_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E100.schema.sql", "E100.workload.sql", KP_TARGET_PHOENIX, texts);
	expect_recommended(&r, "ROSTER_PLAYER", "drop_index [SLOT][LEAGUE_ID][ROSTER_ID][PLAYER_ID]");
	const kp_advice *d = recommended_kind(&r, "ROSTER_PLAYER", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX ROSTER_PLAYER_SLOT ON ROSTER_PLAYER");
	const kp_table_review *p = review_of(&r, "ROSTER_PLAYER");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_PTR_NOT_NULL(strstr(p->indexes, "ROSTER_PLAYER_PLAYER kept"));
	for (const char *const *t = (const char *const[]){"ROSTER_PLAYER", "MATCHUP", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
		                                     "search_index", "index_table", NULL});
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "9 GET; 12 SCAN; 15 SCAN via ROSTER_PLAYER_PLAYER; 18 SCAN via ROSTER_PLAYER_PLAYER; 27 SCAN; "
	                 "30 SCAN; 33 "
	                 "full scan sorted");
	free_files(&r, texts);
	/* applied as advised (the (WEEK, POINTS) index too): the editorial list
	 * through it, the rest as before; ROSTER_PLAYER stands (MATCHUP's
	 * verdict is the disagreement above) */
	run_files(&r, "applied/E100.schema.sql", "applied/E100.workload.sql", KP_TARGET_PHOENIX, texts);
	expect_target_takes(texts[0], KP_TARGET_PHOENIX);
	expect_plans(&r, "9 GET; 12 SCAN; 15 SCAN via ROSTER_PLAYER_PLAYER; 18 SCAN via ROSTER_PLAYER_PLAYER; 27 SCAN; "
	                 "30 SCAN; 33 SCAN via IDX_MATCHUP_WEEK_POINTS reverse");
	expect_recommended(&r, "ROSTER_PLAYER", "");
	/* not "nothing worse" here: once the judge takes the editorial list
	 * for the batch it is, dropping the index back is the designer's
	 * design (the list a full scan sorted, as the design had it) */
	expect_none_of(
	        &r, "MATCHUP",
	        (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "search_index", NULL});
	free_files(&r, texts);
}

/* E101: OCPI sessions and CDRs (Tablestore, four key columns). Required:
 * charging_session's twelve-valued partition key spread, its reads kept
 * served (a reorder preferred); an index (token_uid, start_date_time); on
 * cdr an index (party_id, end_date_time). Acceptable: (party_id,
 * last_updated) for the sync. Stand: cdr's four-column key. Not right: a
 * re-key, salt or bucket of cdr. Harmful: DDL past Tablestore's limits; a
 * DESC transform. First run: all three right. */
static void test_e101_sessions_reordered_two_indexes(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E101.schema.sql", "E101.workload.sql", KP_TARGET_TABLESTORE, texts);
	const kp_advice *k =
	        recommended_key(&r, "charging_session", "reorder_key", "[party_id][country_code][session_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->ddl, "PRIMARY KEY (party_id, country_code, session_id))"));
	expect_target_takes(k->ddl, KP_TARGET_TABLESTORE);
	/* the token index: its key line still in the old key's order
	 * (designs16.md, "smaller things"), so its IndexMeta asserted */
	const kp_advice *t = recommended_kind(&r, "charging_session", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_PTR_NOT_NULL(strstr(t->message, "IndexMeta: primary key [token_uid][start_date_time][party_id]"
	                                          "[country_code][session_id]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(t->message, "defined columns kwh_wh, total_cost_cents, status"));
	CU_ASSERT_EQUAL(review_of(&r, "charging_session")->recommended.n, 2);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "charging_session", 18), "full scan -> SCAN"); /* the driver app */
	expect_recommended(&r, "cdr", "secondary_index [party_id][end_date_time][token_uid][cdr_id]");
	const kp_advice *c = recommended_kind(&r, "cdr", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_PTR_NOT_NULL(strstr(c->message, "defined columns total_energy_wh, total_cost_cents"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "cdr", 30), "full scan -> SCAN"); /* the settlement */
	expect_none_of(&r, "cdr",
	               (const char *const[]){"reorder_key", "salt_buckets", "hash_prefix", "desc_key", NULL});
	for (const char *const *n = (const char *const[]){"charging_session", "cdr", NULL}; *n; n++) {
		expect_none_of(&r, *n, (const char *const[]){"desc_key", "search_index", NULL});
		expect_no_recommended_lead(&r, *n, "[country_code");
		expect_nothing_worse(&r, *n);
	}
	expect_plans(&r, "6 GET; 9 GET; 12 GET; 15 FILTERED SCAN; 18 full scan sorted; 24 SCAN; 27 GET; 30 full scan");
	free_files(&r, texts);
	expect_applied("applied/E101.schema.sql", "applied/E101.workload.sql", KP_TARGET_TABLESTORE,
	               "6 GET; 9 GET; 12 GET; 15 FILTERED SCAN; 18 SCAN via "
	               "idx_charging_session_token_uid_start_date_time reverse; 24 SCAN; 27 GET; 30 SCAN via "
	               "idx_cdr_party_id_end_date_time",
	               (const char *const[]){"charging_session", "cdr", NULL});
}

/* E102: GBFS station status, now and its history (Tablestore). Required:
 * history_by_time's hotspot gone (dropped or replaced); the rebalancing
 * read kept served by an index (system_id, last_reported). Stand: both
 * keys (station_status_now by the rates: 1,800 writes a second over 800
 * systems). Not right: a bucket or hash on either key; a DESC on
 * last_reported; a search index. Harmful: an index led by last_reported
 * unspread. First run: the drop right, now stands.
 *
 * First run: the (system_id, last_reported) index stayed an alternative,
 * held back by the range default (fix 2 missing). The read it serves is a
 * FILTERED SCAN of one system's 50,000,000 stated rows, which Tablestore's
 * scan limit (100,000 rows scanned) fails whatever share the filter keeps:
 * it fails today, counted as refused (kpj_scan_fails), and the index that
 * makes it a SCAN is taken beside the drop, as expected (both fixes). */
static void test_e102_history_time_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E102.schema.sql", "E102.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "station_status_now", "");
	expect_recommended(&r, "station_status_history",
	                   "drop_index [last_reported][system_id][station_id]; secondary_index "
	                   "[system_id][last_reported][station_id]");
	const kp_advice *d =
	        recommended_key(&r, "station_status_history", "drop_index", "[last_reported][system_id][station_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	const kp_table_review *h = review_of(&r, "station_status_history");
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_PTR_NOT_NULL(strstr(h->indexes, "history_by_time dropped"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "station_status_history", 24), "FILTERED SCAN -> SCAN");
	CU_ASSERT_DOUBLE_EQUAL(h->before.refused, 300, 1e-6);   /* the rebalancing read fails past the limit */
	CU_ASSERT_DOUBLE_EQUAL(h->after.refused, 0, 1e-6);
	for (const char *const *t = (const char *const[]){"station_status_now", "station_status_history", NULL}; *t;
	     t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
		                                     "search_index", "rebuild_index", NULL});
		expect_no_recommended_lead(&r, *t, "[last_reported");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "4 GET; 15 SCAN; 18 GET; 21 SCAN; 24 FILTERED SCAN");
	free_files(&r, texts);
	/* applied as the first run advised (history_by_time dropped, the index
	 * not made): the rebalancing read a FILTERED SCAN of one system as
	 * before, failing past the scan limit; the index is the second step */
	run_files(&r, "applied/E102.schema.sql", "applied/E102.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_target_takes(texts[0], KP_TARGET_TABLESTORE);
	expect_plans(&r, "4 GET; 15 SCAN; 18 GET; 21 SCAN; 24 FILTERED SCAN");
	expect_recommended(&r, "station_status_now", "");
	expect_none_of(&r, "station_status_history",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "search_index",
	                                     "drop_index", NULL});
	expect_recommended(&r, "station_status_history", "secondary_index [system_id][last_reported][station_id]");
	expect_nothing_worse(&r, "station_status_history");
	free_files(&r, texts);
}

/* read the schema as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE(
        "designs16", setup, NULL,
        {"E97: the archive re-keyed by vehicle, the time index spread", test_e97_archive_rekeyed_time_index_spread},
        {"E98: an unsalted token index (address indexes by block DESC; desc_key: disagreement)",
         test_e98_token_index_unsalted},
        {"E99: the id index salted, the gear index dropped, efforts spread (desc_key, reads to rewrite: disagreements)",
         test_e99_activity_index_salted_gear_dropped_efforts_spread},
        {"E100: the slot index dropped ((WEEK, POINTS): disagreement)", test_e100_slot_index_dropped},
        {"E101: sessions reordered, a token and a settlement index", test_e101_sessions_reordered_two_indexes},
        {"E102: the history's time index dropped and the planner's index made (a filtered scan past the scan limit)",
         test_e102_history_time_index_dropped})
