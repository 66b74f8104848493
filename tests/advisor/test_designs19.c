/* Six designs nobody on the advisor's side had seen (issue 21, nineteenth
 * round with designs18, the second designer: E115-E120 of
 * tests/advisor/designs19.md; each cites its public source there; the
 * expectations were committed before keyplan ran). Schemas and workloads
 * are read from the designs' own files (designs19/EN.schema.sql and
 * EN.workload.sql; designs19/applied/ for the recommendation applied back).
 * Each test asserts, per table, the recommended items (kind, key, DDL or
 * IndexMeta) the designer judged right, the verdict where a table stands,
 * every statement's plan, what must not be advised (the designer's "not
 * right" and "harmful" lists), nothing served made worse; then the
 * recommendation applied back and re-planned: every plan as it is then,
 * and check recommends nothing more where the designer found a fixpoint.
 *
 * Where today's answer disagrees with the designer (designs19.md, "Results
 * of the first run": E115: match_participant's desc_key, not right; E116:
 * flow_record re-keyed by src_addr for a weight-3 read, harmful (a 7-part
 * key Lindorm refuses), its index table not right, a bucket on the table
 * itself missing (now recommended, its unbound key columns folded: the
 * designer's expectation); E118: the (REGION, STATUS, QUEUE_ID, ENQUEUED_AT) index,
 * not right; E119: the worklist's (performer_lab_id, status) index never
 * offered unspread, missing (fixed since: both indexes asserted); E120: checkin_by_seat rebuilt behind a bucket
 * the seat lookup cannot compute, not right, its drop missing), the test
 * asserts only what must hold and says the expectation in a comment: a wrong answer is never asserted as right. Costs and row
 * counts are not asserted: two engineers move them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

/* No write of table lands on one region (its recommendation spreads them). */
static void expect_spread(const run *r, const char *table)
{
	const kp_table_review *v = review_of(r, table);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_TRUE(v->before.hot > 0);
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
}

/* E115: Riot's match-v5 (Lindorm). Required: lol_match keyed by a hash
 * prefix and the match id (the match read a GET); participant_by_champion
 * dropped. Stand: match_participant's key. Not right: an index (puuid,
 * queue_id, game_creation); a re-key with game_creation DESC (40 billion
 * rows copied to turn a 20-row backwards read forwards); anything for the
 * analyst's read. Harmful: a key of lol_match led by platform_id, queue_id
 * or game_creation; an index led by game_version or queue_id; a key of
 * match_participant not led by puuid.
 *
 * The first run also recommended match_participant's desc_key
 * [puuid][game_creation DESC][match_id] beside the drop (not right): the
 * queue read's 267 rows of one player, read through backwards, cost 2 a
 * row. Since advisor36 a reverse read of an = prefix costs its rows and a
 * seek a block, and the key stands as expected. Asserted: the drop, no
 * other key change of match_participant (no desc_key), every key led by
 * puuid, nothing worse. */
static void test_e115_matches_hashed_champion_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E115.schema.sql", "E115.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "lol_match", "hash_prefix [hash32(match_id)][match_id]");
	const kp_advice *h = recommended_kind(&r, "lol_match", "hash_prefix");
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_PTR_NOT_NULL(strstr(h->ddl, "PRIMARY KEY (hash32(match_id), match_id))"));
	expect_target_takes(h->ddl, KP_TARGET_LINDORM);
	CU_ASSERT_PTR_NOT_NULL(strstr(h->message, "migration"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "lol_match", 9), ""); /* the match read stays a GET */
	expect_spread(&r, "lol_match");
	const kp_advice *d =
	        recommended_key(&r, "match_participant", "drop_index", "[champion_id][game_creation][puuid][match_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX participant_by_champion ON match_participant");
	const kp_table_review *p = review_of(&r, "match_participant");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_PTR_NOT_NULL(strstr(p->indexes, "participant_by_champion dropped"));
	for (uint32_t i = 0; i < p->recommended.n; i++) {
		const kp_advice *x = p->recommended.items[i];
		if (x->newkey)
			CU_ASSERT_NSTRING_EQUAL(x->key, "[puuid]", strlen("[puuid]"));
	}
	/* a bucket [bucket][match_id] from a hash of the id would be right too: not refused */
	expect_none_of(&r, "lol_match",
	               (const char *const[]){"reorder_key", "desc_key", "secondary_index", "index_table",
	                                     "search_index", NULL});
	expect_none_of(&r, "match_participant",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
	                                     "secondary_index", "index_table", "search_index", NULL});
	for (const char *const *t = (const char *const[]){"lol_match", "match_participant", NULL}; *t; t++) {
		expect_no_recommended_lead(&r, *t, "[platform_id");
		expect_no_recommended_lead(&r, *t, "[queue_id");
		expect_no_recommended_lead(&r, *t, "[game_creation");
		expect_no_recommended_lead(&r, *t, "[game_version");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "9 GET; 12 SCAN reverse; 15 FILTERED SCAN reverse; 18 SCAN; 21 REJECTED");
	free_files(&r, texts);
	/* applied as first advised (the desc_key too, recommended then): the
	 * match read a GET by the hash the store computes; both stand */
	expect_applied("applied/E115.schema.sql", "applied/E115.workload.sql", KP_TARGET_LINDORM,
	               "9 GET; 12 SCAN; 15 FILTERED SCAN; 18 SCAN; 21 REJECTED",
	               (const char *const[]){"lol_match", "match_participant", NULL});
}

/* E116: an ISP's NetFlow/IPFIX flows and RADIUS sessions (Lindorm).
 * Required: flow_record spread by a bucket (or a hash prefix) written from
 * the flow's own values, the NOC's per-router window kept served and its
 * rewrite named (16 SCANs, one a bucket), the migration named. Stand:
 * radius_session, key and no index. Not right: anything for the abuse
 * desk's weight-3 read by address (an index (src_addr, flow_start) adds a
 * row to each of 400,000 writes a second); an index on username. Harmful:
 * a key of flow_record led by flow_start, or by src_addr or dst_addr
 * unless the NOC's read is named; an index led by exporter_id or
 * flow_start; any key change of radius_session.
 *
 * The first run (designs19.md, "Results of the first run") re-keyed
 * flow_record by src_addr with an index table, harmful (its DDL kept the
 * seven key parts Lindorm refuses, the fixture's own error). Now the
 * weight-3 read by address stays refused under the salt (a spliced bucket
 * needs exporter_id too), and the salt folds the key columns no statement
 * binds (dst_addr, src_port, dst_port, protocol) into one part, so its
 * DDL keeps four parts, within Lindorm's five: the required spread is
 * recommended, as in the designer's five-part side run (cost 39,780,247
 * -> 40,980,247, on one region 6667 -> 0). Asserted: the salt with the
 * folded key and its DDL, the NOC's window served as 16 reads and named,
 * the migration named, nothing worse, no lead refused above,
 * radius_session stands. */
static void test_e116_flows_spread_radius_stands(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E116.schema.sql", "E116.workload.sql", KP_TARGET_LINDORM, texts);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_TARGET), 1); /* the schema's 7-part key, as written */
	/* the salt, its unbound key columns folded into one part: four parts */
	expect_recommended(&r, "flow_record",
	                   "salt_buckets [bucket + exporter_id][flow_start][src_addr][dst_addr + src_port + dst_port + protocol]");
	const kp_advice *salt = recommended_key(&r, "flow_record", "salt_buckets",
	                                        "[bucket + exporter_id][flow_start][src_addr][dst_addr + src_port + dst_port + protocol]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(salt);
	CU_ASSERT_PTR_NOT_NULL_FATAL(salt->ddl);
	CU_ASSERT_PTR_NOT_NULL(strstr(salt->ddl, "flow_record_key VARCHAR(103) NOT NULL, exporter_id_key VARCHAR(23) NOT "
	                                         "NULL, PRIMARY KEY (exporter_id_key, flow_start, src_addr, flow_record_key))"));
	CU_ASSERT_PTR_NOT_NULL(strstr(salt->message, "and by flow_record_key, the key columns no statement binds or orders "
	                                             "by (dst_addr, src_port, dst_port, protocol) concatenated"));
	CU_ASSERT_PTR_NOT_NULL(strstr(salt->message, "a read that binds src_addr by = or IN and binds exporter_id too (the "
	                                             "bucket is spliced into its column) computes its bucket, any other "
	                                             "read is 16 reads, one a bucket"));
	CU_ASSERT_PTR_NOT_NULL(strstr(salt->message, "any other read is one read per bucket 0 to 15): w.sql:7 (weight 2000)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(salt->message, "migration"))
	const kp_table_review *fr = review_of(&r, "flow_record");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fr);
	CU_ASSERT_EQUAL(fr->after.hot, 0);
	CU_ASSERT_EQUAL(fr->before.refused, 3);
	CU_ASSERT_EQUAL(fr->after.refused, 3);
	/* the NOC's window kept served, and any key change that does not serve
	 * it names it */
	const char *noc = change_at(&r, "flow_record", 7);
	CU_ASSERT_TRUE(!strcmp(noc, "") || !strcmp(noc, "SCAN -> SCAN"));
	const kp_table_review *f = review_of(&r, "flow_record");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	for (uint32_t i = 0; i < f->recommended.n; i++) {
		const kp_advice *x = f->recommended.items[i];
		if (!x->newkey || strcmp(x->kind, "reorder_key"))
			continue;
		CU_ASSERT_PTR_NOT_NULL(strstr(x->message, ":7 (SCAN -> REJECTED, weight 2000)"));
		CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "migration"));
	}
	expect_recommended(&r, "radius_session", "");
	for (const char *const *n = (const char *const[]){"flow_record", "radius_session", NULL}; *n; n++) {
		expect_none_of(&r, *n, (const char *const[]){"secondary_index", "search_index", "desc_key", NULL});
		expect_no_recommended_lead(&r, *n, "[flow_start");
		expect_no_recommended_lead(&r, *n, "[dst_addr");
		expect_no_recommended_lead(&r, *n, "[exporter_id]");
		expect_no_recommended_lead(&r, *n, "[username");
		expect_nothing_worse(&r, *n);
	}
	expect_plans(&r, "7 SCAN; 10 REJECTED; 21 SCAN reverse; 24 REJECTED");
	free_files(&r, texts);
	/* applied as advised (the collectors write the bucketed table beside
	 * each flow; the NOC reads it as 16 values of exporter_id_key): the
	 * window a SCAN; the re-keyed flow_record keeps its seven key columns,
	 * which Lindorm refuses (KP110, as the schema did: the harmful item
	 * above); radius_session stands. The two flow tables' verdicts are the
	 * disagreement above, not asserted */
	run_files(&r, "applied/E116.schema.sql", "applied/E116.workload.sql", KP_TARGET_LINDORM, texts);
	expect_plans(&r, "11 SCAN; 14 SCAN; 25 SCAN reverse; 28 REJECTED");
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_TARGET, "the key of flow_record has 7 parts"), 1);
	expect_recommended(&r, "radius_session", "");
	free_files(&r, texts);
}

/* E117: OpenEMR's appointment calendar ported to Phoenix. Required:
 * event_by_patient rebuilt to cover the portal's read ((pc_pid) INCLUDE
 * (pc_eventdate, ...) acceptable); event_by_status dropped. Optional:
 * event_by_date dropped or widened for the reminder job. Stand: the key,
 * event_by_provider. Not right: SALT_BUCKETS. Harmful: event_by_provider
 * dropped or narrowed; an index led by pc_apptstatus or pc_eventdate alone
 * that a write hits, advised; a key change that makes the read by pc_eid
 * anything but a GET. */
static void test_e117_patient_index_covered_status_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E117.schema.sql", "E117.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_advice *p = recommended_key(&r, "CALENDAR_EVENT", "widen_index", "[PC_PID][PC_EID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(p->ddl,
	                       "DROP INDEX EVENT_BY_PATIENT ON CALENDAR_EVENT; CREATE INDEX EVENT_BY_PATIENT ON "
	                       "CALENDAR_EVENT (PC_PID) INCLUDE (PC_AID, PC_TITLE, PC_EVENTDATE, PC_STARTTIME, "
	                       "PC_APPTSTATUS)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "CALENDAR_EVENT", 21), "full scan -> FILTERED SCAN"); /* the portal */
	/* optional, right: the reminder job's index widened (today, wider than
	 * it needs: PC_TITLE and PC_APPTSTATUS too, which the designer notes
	 * every status move then rewrites) or dropped; widened, it holds what
	 * the reminder job reads */
	const kp_advice *w = recommended_key(&r, "CALENDAR_EVENT", "widen_index", "[PC_EVENTDATE][PC_EID]");
	const kp_advice *wd = recommended_key(&r, "CALENDAR_EVENT", "drop_index", "[PC_EVENTDATE][PC_EID]");
	if (w) {
		CU_ASSERT_PTR_NOT_NULL(
		        strstr(w->ddl, "CREATE INDEX EVENT_BY_DATE ON CALENDAR_EVENT (PC_EVENTDATE) INCLUDE ("));
		for (const char *const *c =
		             (const char *const[]){"PC_AID", "PC_PID", "PC_STARTTIME", "PC_FACILITY", NULL};
		     *c; c++)
			CU_ASSERT_PTR_NOT_NULL(strstr(strstr(w->ddl, "INCLUDE"), *c));
		CU_ASSERT_STRING_EQUAL(change_at(&r, "CALENDAR_EVENT", 24), "full scan -> SCAN"); /* the reminder job */
	}
	CU_ASSERT_EQUAL(review_of(&r, "CALENDAR_EVENT")->recommended.n, 2 + (w != NULL || wd != NULL));
	const kp_advice *d =
	        recommended_key(&r, "CALENDAR_EVENT", "drop_index", "[PC_APPTSTATUS][PC_EVENTDATE][PC_EID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX EVENT_BY_STATUS ON CALENDAR_EVENT");
	expect_kept(&r, "CALENDAR_EVENT", "EVENT_BY_PROVIDER");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "CALENDAR_EVENT", 18), ""); /* the appointment: a GET */
	expect_none_of(&r, "CALENDAR_EVENT",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
	                                     "secondary_index", "index_table", "search_index", "rebuild_index", NULL});
	expect_no_recommended_lead(&r, "CALENDAR_EVENT", "[PC_APPTSTATUS");
	expect_nothing_worse(&r, "CALENDAR_EVENT");
	expect_plans(&r, "15 SCAN via EVENT_BY_PROVIDER; 18 GET; 21 full scan via EVENT_BY_PROVIDER; 24 full scan");
	free_files(&r, texts);
	expect_applied("applied/E117.schema.sql", "applied/E117.workload.sql", KP_TARGET_PHOENIX,
	               "15 SCAN via EVENT_BY_PROVIDER; 18 GET; 21 FILTERED SCAN via EVENT_BY_PATIENT; 24 SCAN via "
	               "EVENT_BY_DATE",
	               (const char *const[]){"CALENDAR_EVENT", NULL});
}

/* E118: a matchmaking queue through a Phoenix view, and a currency ledger.
 * Required: an index on mm_ticket (ticket_id) INCLUDE (status, match_id)
 * for the client's poll. Stand: mm_ticket's key (by the stated rates),
 * currency_txn with txn_by_store_order, wallet. Not right: SALT_BUCKETS on
 * mm_ticket; anything for the weight-1 fraud read. Harmful: a key of
 * mm_ticket led by ticket_id or player_id; txn_by_store_order dropped; an
 * index led by reason or status (few values); a key change of
 * currency_txn.
 *
 * Disagreement (not asserted as right): a second index (REGION, STATUS,
 * QUEUE_ID, ENQUEUED_AT) INCLUDE (PLAYER_ID, PARTY_SIZE, MMR) for the
 * matchmaker's 200-row read, led by 8 regions and the status every
 * completion moves; the expectation is the ticket index alone. Asserted:
 * the ticket index, nothing led by STATUS or REASON, the keys and the
 * other tables standing, nothing worse. */
static void test_e118_ticket_index_ledger_stands(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E118.schema.sql", "E118.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_advice *i =
	        recommended_key(&r, "MM_TICKET", "secondary_index", "[TICKET_ID][QUEUE_ID][REGION][ENQUEUED_AT]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl, "CREATE INDEX idx_MM_TICKET_TICKET_ID ON MM_TICKET (TICKET_ID) INCLUDE (STATUS, "
	                               "MATCH_ID)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "MM_TICKET", 14), "full scan -> SCAN"); /* the poll */
	expect_recommended(&r, "CURRENCY_TXN", "");
	expect_kept(&r, "CURRENCY_TXN", "TXN_BY_STORE_ORDER");
	expect_recommended(&r, "WALLET", "");
	for (const char *const *t = (const char *const[]){"MM_TICKET", "CURRENCY_TXN", "WALLET", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
		                                     "drop_index", "index_table", "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[STATUS");
		expect_no_recommended_lead(&r, *t, "[REASON");
		expect_no_recommended_lead(&r, *t, "[PLAYER_ID");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "7 FILTERED SCAN; 14 full scan; 18 GET; 21 SCAN; 30 SCAN; 33 SCAN via TXN_BY_STORE_ORDER; 36 "
	                 "full scan");
	free_files(&r, texts);
	/* applied as advised (the matchmaker's index too, the disagreement
	 * above): the poll through the ticket index; the ledger and the wallet
	 * stand (MM_TICKET's verdict, with the index the designer calls not
	 * right, is not asserted) */
	expect_applied(
	        "applied/E118.schema.sql", "applied/E118.workload.sql", KP_TARGET_PHOENIX,
	        "7 SCAN via IDX_MM_TICKET_REGION_STATUS_QUEUE_ID_ENQUEUED_AT; 14 SCAN via IDX_MM_TICKET_TICKET_ID; "
	        "18 GET; 21 SCAN; 30 SCAN; 33 SCAN via TXN_BY_STORE_ORDER; 36 full scan",
	        (const char *const[]){"CURRENCY_TXN", "WALLET", NULL});
}

/* E119: FHIR lab results and lab orders (Tablestore, four key columns).
 * Required: an index on lab_order (performer_lab_id, status, authored_at)
 * (or (performer_lab_id, status)) holding the worklist's columns (no
 * hotspot at the stated 120 rows a second: refusing it for its lead's
 * count is a miss); an index (patient_id) holding status, code,
 * authored_at. Stand: observation, key and no index. Not right: an index
 * (patient_id, based_on_order_id); a desc_key of observation; anything for
 * the weight-1 quality report. Harmful: an index led by status alone or
 * authored_at; past four index columns or eight key columns; a key of
 * lab_order led by performer_lab_id.
 *
 * Both required indexes recommended (the worklist's was never admitted
 * before: 4.8 rows a second on one lab's index region was taken as a
 * write hotspot, whatever the stated rates; judge.c's adds_hot). Its
 * trades say the rate, not "a write hotspot". Asserted: both indexes,
 * nothing led by status or authored_at, no key change, observation
 * stands, nothing worse. */
static void test_e119_patient_index_observation_stands(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E119.schema.sql", "E119.workload.sql", KP_TARGET_TABLESTORE, texts);
	const kp_advice *p = recommended_key(&r, "lab_order", "secondary_index", "[patient_id][order_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_PTR_NOT_NULL(strstr(p->message, "IndexMeta: primary key [patient_id][order_id]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(p->message, "defined columns status, code, authored_at"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "lab_order", 17), "full scan -> SCAN"); /* the patient's orders */
	const kp_advice *w =
	        recommended_key(&r, "lab_order", "secondary_index", "[performer_lab_id][status][order_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	CU_ASSERT_PTR_NOT_NULL(strstr(w->message, "IndexMeta: primary key [performer_lab_id][status][order_id]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(w->message, "defined columns patient_id, priority, code, specimen_id, authored_at"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "lab_order", 11), "full scan -> SCAN"); /* the worklist */
	expect_recommended(&r, "observation", "");
	for (const char *const *t = (const char *const[]){"observation", "lab_order", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
		                                     "drop_index", "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[status");
		expect_no_recommended_lead(&r, *t, "[authored_at");
		expect_no_recommended_lead(&r, *t, "[loinc_code");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r,
	             "8 GET; 11 full scan; 14 GET; 17 full scan; 23 GET; 26 SCAN reverse; 29 SCAN; 32 FILTERED SCAN; "
	             "35 full scan");
	free_files(&r, texts);
	/* applied as the first run's advice was (the patient index alone,
	 * designs19/applied/): the patient's orders through the index;
	 * observation stands (lab_order's verdict, the worklist index now
	 * advised, is not asserted here: the fixture predates it) */
	run_files(&r, "applied/E119.schema.sql", "applied/E119.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_target_takes(texts[0], KP_TARGET_TABLESTORE);
	expect_plans(&r,
	             "8 GET; 11 full scan; 14 GET; 17 SCAN via idx_lab_order_patient_id; 23 GET; 26 SCAN reverse; 29 "
	             "SCAN; 32 FILTERED SCAN; 35 full scan");
	expect_recommended(&r, "observation", "");
	expect_kept(&r, "lab_order", "idx_lab_order_patient_id");
	expect_no_recommended_lead(&r, "lab_order", "[status");
	expect_nothing_worse(&r, "lab_order");
	free_files(&r, texts);
}

/* E120: an airline's PNR segments and departure check-in (Tablestore, four
 * key columns). Required: checkin re-keyed [flight_no][dep_date]
 * [record_locator][passenger_no] (four columns), its copy named;
 * checkin_by_seat dropped or rebuilt led by the flight; pnr_by_created
 * dropped (the export named) or spread by a bucket. Stand: pnr_segment's
 * key. Harmful: a key of checkin past four columns or led by
 * record_locator or passenger_no; a fifth key column; pnr_by_created
 * dropped without naming the export; a key change of pnr_segment.
 *
 * checkin_by_seat dropped, as expected (it was rebuilt led by a bucket the
 * seat lookup cannot compute until advisor37's "Small filtered reads").
 * Asserted: no index or key of checkin led by the date unspread, the seat
 * lookup kept served (a FILTERED SCAN of one departure), nothing worse. */
static void test_e120_checkin_rekeyed_by_flight_pnr_index_spread(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E120.schema.sql", "E120.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "pnr_segment",
	                   "rebuild_index [pnr_by_created_bucket][created_at][record_locator][segment_no]");
	const kp_advice *b = recommended_kind(&r, "pnr_segment", "rebuild_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, "pnr_by_created_bucket = hash(record_locator, segment_no) % 16"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, ":12 (weight 1)")); /* the export to rewrite */
	expect_spread(&r, "pnr_segment");
	const kp_advice *k =
	        recommended_key(&r, "checkin", "reorder_key", "[flight_no][dep_date][record_locator][passenger_no]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->ddl, "PRIMARY KEY (flight_no, dep_date, record_locator, passenger_no))"));
	expect_target_takes(k->ddl, KP_TARGET_TABLESTORE);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->message, "migration"));
	expect_spread(&r, "checkin");
	/* checkin_by_seat dropped (required fix 2): the seat lookup becomes a
	 * FILTERED SCAN of one departure's 300 stated rows, one range read,
	 * and the 35,000 weighted writes that keep the index outweigh its
	 * 3,000 weighted reads (docs/advice.md, "Small filtered reads") */
	expect_recommended(&r, "checkin", "reorder_key [flight_no][dep_date][record_locator][passenger_no]; "
	                                  "drop_index [dep_date][flight_no][seat][record_locator][passenger_no]");
	const kp_advice *s = recommended_kind(&r, "checkin", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, ":30 (weight 3000)")); /* the seat lookup it served */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "checkin", 30), "SCAN -> FILTERED SCAN");
	CU_ASSERT_PTR_NULL(recommended_kind(&r, "checkin", "rebuild_index"));
	/* a bucket or hash of the flight merged into the date (the salt and
	 * hash prefix alternatives, which every read computes) would be right:
	 * not refused on checkin */
	for (const char *const *t = (const char *const[]){"pnr_segment", "checkin", NULL}; *t; t++) {
		expect_none_of(&r, *t, (const char *const[]){"desc_key", "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[dep_date");
		expect_no_recommended_lead(&r, *t, "[created_at");
		expect_no_recommended_lead(&r, *t, "[record_locator");
		expect_no_recommended_lead(&r, *t, "[passenger_no");
		expect_nothing_worse(&r, *t);
	}
	expect_none_of(&r, "pnr_segment", (const char *const[]){"reorder_key", "salt_buckets", "hash_prefix", NULL});
	/* pnr_by_created dropped would be right only naming the export */
	const kp_advice *pd = recommended_kind(&r, "pnr_segment", "drop_index");
	if (pd)
		CU_ASSERT_PTR_NOT_NULL(strstr(pd->message, ":12"));
	expect_plans(&r, "6 GET; 9 SCAN; 12 SCAN via pnr_by_created; 18 GET; 21 GET; 24 SCAN; 27 SCAN; 30 SCAN via "
	                 "checkin_by_seat");
	free_files(&r, texts);
	/* applied (the inserts fill both buckets; the export and the seat
	 * lookup one read a bucket): every read as served as before;
	 * pnr_segment stands, and checkin's key is not changed again (its
	 * verdict, with the bucketed seat index the designer calls not right,
	 * is not asserted) */
	run_files(&r, "applied/E120.schema.sql", "applied/E120.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_target_takes(texts[0], KP_TARGET_TABLESTORE);
	expect_plans(&r, "6 GET; 9 SCAN; 12 SCAN via pnr_by_created; 18 GET; 21 GET; 24 SCAN; 27 SCAN; 30 SCAN via "
	                 "checkin_by_seat");
	expect_recommended(&r, "pnr_segment", "");
	expect_none_of(
	        &r, "checkin",
	        (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "search_index", NULL});
	expect_nothing_worse(&r, "checkin");
	free_files(&r, texts);
}

/* read the schema as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("designs19", setup, NULL,
          {"E115: matches hash-prefixed, the champion index dropped (desc_key: disagreement)",
           test_e115_matches_hashed_champion_index_dropped},
          {"E116: flows salted on a folded key within five parts, RADIUS stands",
           test_e116_flows_spread_radius_stands},
          {"E117: the patient index covered, the status index dropped", test_e117_patient_index_covered_status_dropped},
          {"E118: a ticket index for the poll, the ledger stands (matchmaker's index: disagreement)",
           test_e118_ticket_index_ledger_stands},
          {"E119: the worklist and patient indexes, observation stands",
           test_e119_patient_index_observation_stands},
          {"E120: check-in re-keyed by flight, the PNR time index spread (seat index bucket: disagreement)",
           test_e120_checkin_rekeyed_by_flight_pnr_index_spread})
