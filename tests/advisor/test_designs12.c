/* Six designs nobody on the advisor's side had seen (issue 21, fourteenth
 * round: E73-E78 of tests/advisor/designs12.md; each cites its public
 * source there; the expectations were committed before keyplan ran).
 * Schemas and workloads are read from the designs' own files
 * (designs12/EN.schema.sql and EN.workload.sql; designs12/applied/ for the
 * recommendation applied back). Each test asserts, per table, the
 * recommended items (kind, key, DDL), the verdict where a table stands,
 * every statement's plan, the statements whose class changes, what must
 * not be advised (the designer's "not right" and "harmful" lists), nothing
 * served made worse; then the recommendation applied back and re-planned:
 * every plan as it is then, and check recommends nothing more (a fixpoint).
 *
 * Where today's advice differs from what the designer applied, the applied
 * fixture written for today's advice is named for it
 * (applied/E73.rebuilt.schema.sql: the tag index made again with the
 * hash); applied/E73.schema.sql, the designer's first (both tables
 * hashed, the index as it was), is run too, to show what it costs.
 *
 * Where today's answer disagrees with the designer (E75: the index for
 * the failed list, E78: the
 * reorder of micro_telemetry), the test asserts only what must hold and
 * says the expectation in a comment: a wrong answer is never asserted as
 * right. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adv_run.h"
#include "design_files.h"

/* E73: SteVe's OCPP charging transactions and meter values (Lindorm).
 * Expected: both sequence keys spread by a hash of transaction_pk, and
 * cmv_value_timestamp_idx dropped. Harmful: the hash of
 * charging_transaction recommended while the driver's ORDER BY
 * transaction_pk DESC through idx_tx_id_tag silently becomes a sort
 * Lindorm refuses; idx_tx_id_tag dropped; a key led by id_tag,
 * value_timestamp, measurand or phase; the time index rebuilt still led by
 * the time. Not right: anything for the ad hoc read (weight 1).
 *
 * Right since advisor/keeporder.c (the designer's fix, "Why, per design"):
 * charging_transaction's hash comes with idx_tx_id_tag made again as
 * (id_tag, transaction_pk), which on the hashed key reads the driver's
 * sessions backwards in order again; the pair is one change. The index
 * is idx_tx_id_tag up to the key column the store appends (the
 * expectation's "idx_tx_id_tag stays": its reads stay through it). Before
 * (766f825 to here) the table stood and the hash was an alternative
 * naming "SCAN -> REJECTED SCAN (weight 3000)". */
static void test_e73_both_spread_tag_index_keeps_order_time_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E73.schema.sql", "E73.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "connector_meter_value",
	                   "drop_index [value_timestamp][transaction_pk][measurand][phase]; "
	                   "hash_prefix [hash32(transaction_pk)][transaction_pk][value_timestamp][measurand][phase]");
	const kp_advice *d = recommended_kind(&r, "connector_meter_value", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX cmv_value_timestamp_idx ON connector_meter_value");
	const kp_advice *h = recommended_kind(&r, "connector_meter_value", "hash_prefix");
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_STRING_EQUAL(h->ddl, "CREATE TABLE connector_meter_value (transaction_pk BIGINT NOT NULL, value_timestamp "
	                               "TIMESTAMP NOT NULL, measurand VARCHAR(64) NOT NULL, phase VARCHAR(8) NOT NULL, "
	                               "value_text VARCHAR(64), unit VARCHAR(16), reading_context VARCHAR(32), PRIMARY KEY "
	                               "(hash32(transaction_pk), transaction_pk, value_timestamp, measurand, phase))");
	expect_target_takes(h->ddl, KP_TARGET_LINDORM);
	const kp_table_review *v = review_of(&r, "connector_meter_value");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_STRING_EQUAL(v->indexes, "cmv_value_timestamp_idx dropped (#1)");
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 200000, 1e-6);   /* the meter values and their index rows */
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
	CU_ASSERT_EQUAL(v->rows_per_insert_before, 2);
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 1);
	CU_ASSERT_EQUAL(v->changes.n, 0);   /* the curve and the live view stay SCANs of one transaction */
	expect_none_of(&r, "connector_meter_value",
	               (const char *const[]){"rebuild_index", "secondary_index", "search_index", "index_table",
	                                     "salt_buckets", "reorder_key", NULL});
	/* charging_transaction: the hash with idx_tx_id_tag made again */
	expect_recommended(&r, "charging_transaction",
	                   "hash_prefix [hash32(transaction_pk)][transaction_pk]; rebuild_index [id_tag][transaction_pk]");
	const kp_advice *th = recommended_kind(&r, "charging_transaction", "hash_prefix");
	CU_ASSERT_PTR_NOT_NULL_FATAL(th);
	CU_ASSERT_PTR_NOT_NULL(strstr(th->ddl, "PRIMARY KEY (hash32(transaction_pk), transaction_pk))"));
	expect_target_takes(th->ddl, KP_TARGET_LINDORM);
	CU_ASSERT_PTR_NOT_NULL(strstr(th->message, "; served 23000 -> 23000 of 23000 weight"));
	const kp_advice *tb = recommended_kind(&r, "charging_transaction", "rebuild_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(tb);
	CU_ASSERT_STRING_EQUAL(tb->ddl, "DROP INDEX idx_tx_id_tag ON charging_transaction; CREATE INDEX idx_tx_id_tag ON "
	                                "charging_transaction (id_tag, transaction_pk) INCLUDE (charge_box_id, "
	                                "start_timestamp, start_value, stop_timestamp, stop_value)");
	CU_ASSERT_PTR_NOT_NULL(strstr(tb->message, "ordered by transaction_pk ("));
	CU_ASSERT_PTR_NOT_NULL(strstr(tb->message, ":12 (weight 3000)) would need a sort (lindorm sorts nothing)"));
	const kp_table_review *t = review_of(&r, "charging_transaction");
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_STRING_EQUAL(t->indexes, "idx_tx_id_tag rebuilt (#2)");
	CU_ASSERT_DOUBLE_EQUAL(t->before.hot, 10000, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(t->after.hot, 0, 1e-9);
	CU_ASSERT_EQUAL(t->changes.n, 0);   /* the driver's sessions stay a SCAN read backwards */
	/* the hash alone (the harmful form) is no longer offered */
	CU_ASSERT_PTR_NULL(alternative(&r, "charging_transaction", "hash_prefix", "[hash32(transaction_pk)][transaction_pk]"));
	/* no table key led by them (idx_tx_id_tag, led by id_tag, is the
	 * index the design has) */
	for (const char *const *l = (const char *const[]){"[id_tag", "[value_timestamp", "[measurand", "[phase", NULL}; *l; l++) {
		if (strcmp(*l, "[id_tag"))
			expect_no_recommended_lead(&r, "charging_transaction", *l);
		expect_no_recommended_lead(&r, "connector_meter_value", *l);
	}
	CU_ASSERT_PTR_NULL(strstr(th->key, "[id_tag"));
	expect_none_of(&r, "charging_transaction",
	               (const char *const[]){"drop_index", "secondary_index", "index_table", "reorder_key", NULL});
	expect_nothing_worse(&r, "connector_meter_value");
	expect_nothing_worse(&r, "charging_transaction");
	expect_plans(&r, "9 GET; 12 SCAN via idx_tx_id_tag reverse; 18 SCAN; 21 SCAN; 24 REJECTED");
	expect_fixpoint_text(&r, texts[0], texts[1], KP_TARGET_LINDORM, "connector_meter_value");
	expect_fixpoint_text(&r, texts[0], texts[1], KP_TARGET_LINDORM, "charging_transaction");
	free_files(&r, texts);
	/* applied as today's advice says (applied/E73.rebuilt.schema.sql:
	 * both hashed, idx_tx_id_tag (id_tag, transaction_pk)): the driver's
	 * read backwards in order, both stand */
	expect_applied("applied/E73.rebuilt.schema.sql", "E73.workload.sql", KP_TARGET_LINDORM,
	               "9 GET; 12 SCAN via idx_tx_id_tag reverse; 18 SCAN; 21 SCAN; 24 REJECTED",
	               (const char *const[]){"charging_transaction", "connector_meter_value", NULL});
	/* the designer's first applied/E73.schema.sql (charging_transaction
	 * hashed, idx_tx_id_tag not rebuilt): the driver's ordered read
	 * becomes a sort, which is why the hash comes with the rebuild */
	run_files(&r, "applied/E73.schema.sql", "applied/E73.workload.sql", KP_TARGET_LINDORM, texts);
	expect_plans(&r, "9 GET; 12 SCAN via idx_tx_id_tag sorted; 18 SCAN; 21 SCAN; 24 REJECTED");
	free_files(&r, texts);
}

/* E74: Steam inventories and trade offers (Lindorm). Expected, three items
 * on trade_offer: the offer id spread by a hash, an index (sender_id,
 * time_created DESC) holding recipient_id and state, idx_offer_state
 * dropped; inventory_item stands, idx_offer_recipient stays. Right today.
 * Not right: anything for the ad hoc read; any change to inventory_item;
 * idx_offer_state rebuilt spread. Harmful: idx_offer_recipient dropped; an
 * index led by state or time_created unspread; GetTradeOffer not a GET. */
static void test_e74_offers_spread_sent_index_state_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E74.schema.sql", "E74.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "trade_offer", "hash_prefix [hash32(trade_offer_id)][trade_offer_id]; "
	                                      "drop_index [state][trade_offer_id]; "
	                                      "secondary_index [sender_id][time_created DESC][trade_offer_id]");
	expect_recommended(&r, "inventory_item", "");
	const kp_advice *h = recommended_kind(&r, "trade_offer", "hash_prefix");
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_PTR_NOT_NULL(strstr(h->ddl, "PRIMARY KEY (hash32(trade_offer_id), trade_offer_id))"));
	expect_target_takes(h->ddl, KP_TARGET_LINDORM);
	const kp_advice *d = recommended_kind(&r, "trade_offer", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX idx_offer_state ON trade_offer");
	const kp_advice *s = recommended_kind(&r, "trade_offer", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(s->ddl, "CREATE INDEX idx_trade_offer_sender_id_time_created_desc ON trade_offer "
	                               "(sender_id, time_created DESC) INCLUDE (recipient_id, state)");
	const kp_table_review *v = review_of(&r, "trade_offer");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_STRING_EQUAL(v->indexes, "idx_offer_recipient kept (read through: weight 20000); "
	                                   "idx_offer_state dropped (#2)");
	CU_ASSERT_TRUE(v->before.hot > 0);
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
	CU_ASSERT_EQUAL(v->rows_per_insert_before, 3);
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 3);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "trade_offer", 30), "REJECTED -> SCAN");   /* the sent offers */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "trade_offer", 24), "");                   /* GetTradeOffer a GET */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "trade_offer", 27), "");
	CU_ASSERT_EQUAL(v->changes.n, 1);
	expect_none_of(&r, "trade_offer", (const char *const[]){"rebuild_index", "search_index", "index_table",
	                                                      "salt_buckets", "reorder_key", "widen_index", NULL});
	expect_none_of(&r, "inventory_item", (const char *const[]){"secondary_index", "search_index", "index_table",
	                                                         "hash_prefix", "salt_buckets", "reorder_key", NULL});
	for (const char *const *l = (const char *const[]){"[state", "[time_created", "[recipient_id", NULL}; *l; l++)
		expect_no_recommended_lead(&r, "trade_offer", *l);
	expect_nothing_worse(&r, "trade_offer");
	expect_plans(&r, "3 SCAN; 6 GET; 12 GET; 15 REJECTED; 24 GET; 27 SCAN via idx_offer_recipient; 30 REJECTED sorted");
	expect_fixpoint_text(&r, texts[0], texts[1], KP_TARGET_LINDORM, "trade_offer");
	free_files(&r, texts);
	/* applied (designs12/applied, today's three items): the sent offers a
	 * SCAN of the new index, GetTradeOffer a GET, both tables stand */
	expect_applied("applied/E74.schema.sql", "applied/E74.workload.sql", KP_TARGET_LINDORM,
	               "3 SCAN; 6 GET; 12 GET; 15 REJECTED; 24 GET; 27 SCAN via idx_offer_recipient; "
	               "30 SCAN via idx_trade_offer_sender_id_time_created_desc",
	               (const char *const[]){"inventory_item", "trade_offer", NULL});
}

/* E75: AWS IoT job executions and device shadows (Phoenix). Expected, one
 * item: an index (thing_name, status) holding execution_number and
 * queued_at (last_updated_at too is better still) serving the poll through
 * queued_execution; the key of job_execution and thing_shadow stand. Not
 * right: an index for the failed list (weight 20), a second thing_name
 * index, SALT_BUCKETS. Harmful: a re-key led by thing_name not naming the
 * failed list; an index led by status then a time.
 *
 * DISAGREEMENT (first run and today): a second index (JOB_ID, STATUS)
 * INCLUDE (STATUS_DETAILS, LAST_UPDATED_AT) for the failed list (weight 20,
 * moved by 60,000 weighted status writes) is recommended too; the designer
 * counts it not right. Not asserted as right: only that the recommendation
 * holds the thing_name index exactly, has no index led by STATUS, no salt
 * and no key change, and makes nothing worse. */
static void test_e75_thing_index_for_the_queued_view(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E75.schema.sql", "E75.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_advice *x = recommended_key(&r, "JOB_EXECUTION", "secondary_index", "[THING_NAME][STATUS][JOB_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_STRING_EQUAL(x->ddl, "CREATE INDEX idx_JOB_EXECUTION_THING_NAME_STATUS_covered ON JOB_EXECUTION "
	                               "(THING_NAME, STATUS) INCLUDE (EXECUTION_NUMBER, QUEUED_AT, LAST_UPDATED_AT)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "JOB_EXECUTION", 9), "full scan -> SCAN");    /* the device's poll */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "JOB_EXECUTION", 12), "full scan -> SCAN");   /* the console's list */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "JOB_EXECUTION", 15), "");
	expect_recommended(&r, "THING_SHADOW", "");
	expect_none_of(&r, "JOB_EXECUTION", (const char *const[]){"salt_buckets", "hash_prefix", "reorder_key",
	                                                        "index_table", "search_index", NULL});
	expect_none_of(&r, "THING_SHADOW", (const char *const[]){"salt_buckets", "secondary_index", NULL});
	expect_no_recommended_lead(&r, "JOB_EXECUTION", "[STATUS");
	expect_no_recommended_lead(&r, "JOB_EXECUTION", "[QUEUED_AT");
	/* at most one index led by THING_NAME */
	const kp_table_review *v = review_of(&r, "JOB_EXECUTION");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	int thing = 0;
	for (uint32_t i = 0; i < v->recommended.n; i++) {
		const kp_advice *a = v->recommended.items[i];
		thing += a->key && !strncmp(a->key, "[THING_NAME]", 12);
		CU_ASSERT_PTR_NULL(a->newkey);
	}
	CU_ASSERT_EQUAL(thing, 1);
	expect_nothing_worse(&r, "JOB_EXECUTION");
	expect_plans(&r, "9 full scan; 12 full scan sorted; 15 GET; 18 FILTERED SCAN; 21 GET; 30 SCAN");
	expect_fixpoint_text(&r, texts[0], texts[1], KP_TARGET_PHOENIX, "JOB_EXECUTION");
	free_files(&r, texts);
	/* applied (designs12/applied: today's two indexes, as on the first run):
	 * the poll a SCAN of one thing, both tables stand */
	expect_applied("applied/E75.schema.sql", "applied/E75.workload.sql", KP_TARGET_PHOENIX,
	               "9 SCAN via IDX_JOB_EXECUTION_THING_NAME_STATUS_COVERED; 12 SCAN via "
	               "IDX_JOB_EXECUTION_THING_NAME_STATUS_COVERED sorted; 15 GET; 18 SCAN via "
	               "IDX_JOB_EXECUTION_JOB_ID_STATUS; 21 GET; 30 SCAN",
	               (const char *const[]){"JOB_EXECUTION", "THING_SHADOW", NULL});
}

/* E76: Apache OFBiz inventory items per facility, product and bin
 * (Phoenix). Expected, two items: an index (facility_id, status_id) holding
 * lot_id, location_seq_id, quantity_on_hand_total, unsalted;
 * inv_item_status_received dropped. The key and inv_item_location stand.
 * Right today. Not right: an index for the FEFO read; SALT_BUCKETS; the
 * status index kept and widened. Harmful: a key change that makes
 * available-to-promise anything but a SCAN; an index led by
 * datetime_received or expire_date unsalted. */
static void test_e76_on_hold_index_status_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E76.schema.sql", "E76.workload.sql", KP_TARGET_PHOENIX, texts);
	expect_recommended(&r, "INVENTORY_ITEM",
	                   "drop_index [STATUS_ID][DATETIME_RECEIVED][FACILITY_ID][PRODUCT_ID][INVENTORY_ITEM_ID]; "
	                   "secondary_index [FACILITY_ID][STATUS_ID][PRODUCT_ID][INVENTORY_ITEM_ID]");
	const kp_advice *d = recommended_kind(&r, "INVENTORY_ITEM", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX INV_ITEM_STATUS_RECEIVED ON INVENTORY_ITEM");
	const kp_advice *s = recommended_kind(&r, "INVENTORY_ITEM", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(s->ddl, "CREATE INDEX idx_INVENTORY_ITEM_FACILITY_ID_STATUS_ID ON INVENTORY_ITEM "
	                               "(FACILITY_ID, STATUS_ID) INCLUDE (LOCATION_SEQ_ID, LOT_ID, QUANTITY_ON_HAND_TOTAL)");
	const kp_table_review *v = review_of(&r, "INVENTORY_ITEM");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_STRING_EQUAL(v->indexes, "INV_ITEM_LOCATION kept (read through: weight 2000); "
	                                   "INV_ITEM_STATUS_RECEIVED dropped (#1)");
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 2500.0 / 6, 1e-6);   /* receipts and status changes at a status's end
	                                                              * (2,500 weighted over 6 statuses); the stock
	                                                              * UPSERTs set no column of the index */
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
	CU_ASSERT_EQUAL(v->rows_per_insert_before, 3);
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 3);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "INVENTORY_ITEM", 24), "FILTERED SCAN -> SCAN");   /* the dashboard */
	CU_ASSERT_EQUAL(v->changes.n, 1);
	expect_none_of(&r, "INVENTORY_ITEM", (const char *const[]){"salt_buckets", "hash_prefix", "reorder_key",
	                                                         "widen_index", "rebuild_index", "index_table", NULL});
	for (const char *const *l = (const char *const[]){"[PRODUCT_ID", "[DATETIME_RECEIVED", "[EXPIRE_DATE", "[salt",
	                                                  NULL};
	     *l; l++)
		expect_no_recommended_lead(&r, "INVENTORY_ITEM", *l);
	expect_nothing_worse(&r, "INVENTORY_ITEM");
	expect_plans(&r, "3 SCAN; 9 SCAN sorted; 15 SCAN via INV_ITEM_LOCATION; 24 FILTERED SCAN");
	expect_fixpoint_text(&r, texts[0], texts[1], KP_TARGET_PHOENIX, "INVENTORY_ITEM");
	free_files(&r, texts);
	expect_applied("applied/E76.schema.sql", "applied/E76.workload.sql", KP_TARGET_PHOENIX,
	               "3 SCAN; 9 SCAN sorted; 15 SCAN via INV_ITEM_LOCATION; 24 SCAN via "
	               "IDX_INVENTORY_ITEM_FACILITY_ID_STATUS_ID",
	               (const char *const[]){"INVENTORY_ITEM", NULL});
}

/* E77: DCSA container milestones keyed by carrier (Tablestore, four key
 * columns). Expected, two items: a partition key that is not the carrier
 * alone, in four columns ([equipment_reference][carrier_code]
 * [event_created_date_time][event_id] named); an index on
 * transport_document_reference. Right today. Not right: anything for the
 * ad hoc read; an index on carrier_booking_reference or un_location_code; a
 * search index for the bill of lading. Harmful: five key columns; a hash or
 * bucket of carrier_code alone; a key led by event_created_date_time; an
 * index led by carrier_code or a time. */
static void test_e77_container_led_key_and_bl_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E77.schema.sql", "E77.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "equipment_event",
	                   "reorder_key [equipment_reference][carrier_code][event_created_date_time][event_id]; "
	                   "secondary_index [transport_document_reference][carrier_code][equipment_reference]"
	                   "[event_created_date_time][event_id]");
	const kp_advice *k = recommended_kind(&r, "equipment_event", "reorder_key");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->ddl, "PRIMARY KEY (equipment_reference, carrier_code, event_created_date_time, "
	                                      "event_id))"));
	expect_target_takes(k->ddl, KP_TARGET_TABLESTORE);
	const kp_advice *s = recommended_kind(&r, "equipment_event", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	/* under the new key the appended key is the new key */
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "IndexMeta: primary key [transport_document_reference]"
	                                          "[equipment_reference][carrier_code][event_created_date_time][event_id]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "defined columns event_type_code, event_date_time, un_location_code"));
	const kp_table_review *v = review_of(&r, "equipment_event");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 1250, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
	CU_ASSERT_EQUAL(v->rows_per_insert_before, 1);
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 2);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "equipment_event", 12), "full scan -> SCAN");   /* the bill of lading */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "equipment_event", 6), "");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "equipment_event", 9), "");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "equipment_event", 15), "");
	expect_none_of(&r, "equipment_event",
	               (const char *const[]){"search_index", "index_table", "hash_prefix", "salt_buckets", NULL});
	for (const char *const *l = (const char *const[]){"[carrier_code", "[event_created_date_time", "[bucket",
	                                                  "[carrier_booking_reference", "[un_location_code",
	                                                  "[vessel_imo_number", NULL};
	     *l; l++)
		expect_no_recommended_lead(&r, "equipment_event", *l);
	expect_nothing_worse(&r, "equipment_event");
	expect_plans(&r, "6 SCAN; 9 SCAN; 12 full scan; 15 full scan");
	expect_fixpoint_text(&r, texts[0], texts[1], KP_TARGET_TABLESTORE, "equipment_event");
	free_files(&r, texts);
	expect_applied("applied/E77.schema.sql", "applied/E77.workload.sql", KP_TARGET_TABLESTORE,
	               "6 SCAN; 9 SCAN; 12 SCAN via idx_equipment_event_transport_document_reference; 15 full scan",
	               (const char *const[]){"equipment_event", NULL});
}

/* E78: Enphase microinverter telemetry and daily energy (Tablestore).
 * Expected, two items: micro_telemetry reordered to [system_id][end_at]
 * [serial_num] (the diagnostics named SCAN -> FILTERED SCAN); an index on
 * pv_system.installer_id. system_energy_day stands; pv_system's key stands.
 * Not right: a secondary index (system_id, end_at) in the reorder's place;
 * a hash, salt or bucket anywhere; a search index for the fleet. Harmful: a
 * key led by end_at.
 *
 * DISAGREEMENT: first run, micro_telemetry stood (the reorder missing).
 * Since a FILTERED SCAN past Tablestore's scan limit fails (kpj_scan_fails):
 * the owner's day read scans the system's 666,667 stated rows (end_at is a
 * filter under [system_id][serial_num][end_at]), past the 100,000 one SQL
 * scan may scan, so it fails today, and the judge makes it run with the
 * secondary index (system_id, end_at): the designer's "not right in the
 * reorder's place" (not harmful), while keysearch.c offered the reorder
 * only with an index table keyed as today. Now the reorder is offered
 * alone too and taken: both items right. Asserted: the installer index
 * and the reorder exactly, nothing harmful. */
static void test_e78_installer_index_telemetry_reordered(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E78.schema.sql", "E78.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "pv_system", "secondary_index [installer_id][system_id]");
	const kp_advice *s = recommended_kind(&r, "pv_system", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "IndexMeta: primary key [installer_id][system_id]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "defined columns name, status, last_report_at"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "pv_system", 18), "full scan -> SCAN");   /* the fleet */
	const kp_table_review *v = review_of(&r, "pv_system");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL(v->changes.n, 1);
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 2);
	CU_ASSERT_STRING_EQUAL(v->write_cost, "every insert now writes 2 rows (1 now); each update of last_report_at "
	                                      "(w.sql:6, weight 10000) now rewrites 2 rows (1 now)");
	/* the reorder alone, the diagnostics named worse (was the index
	 * (system_id, end_at) while the reorder came only with an index table) */
	expect_recommended(&r, "micro_telemetry", "reorder_key [system_id][end_at][serial_num]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "micro_telemetry", 9), "FILTERED SCAN -> SCAN");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "micro_telemetry", 12), "SCAN -> FILTERED SCAN");
	const kp_advice *ro = recommended_kind(&r, "micro_telemetry", "reorder_key");
	CU_ASSERT_PTR_NOT_NULL_FATAL(ro);
	CU_ASSERT_PTR_NULL(ro->with);
	/* the KP121 finding names the reorder alone too, the one the review
	 * recommends (it quoted only the pair: the reorder, then its index
	 * table) */
	const kp_diag *g = r.d.head;
	while (g && g->rule != KP_R_BETTER_KEY)
		g = g->next;
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	const kp_help *h = g->helps;
	while (h && strncmp(h->message, "or ", 3))
		h = h->next;
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_STRING_EQUAL(h->message + 3, ro->message);
	expect_recommended(&r, "system_energy_day", "");   /* stands, as expected */
	CU_ASSERT_PTR_NOT_NULL(alternative(&r, "micro_telemetry", "reorder_key", "[system_id][end_at][serial_num]"));
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_HOT_MONOTONIC, "'day'"), 0);   /* day after 3 million systems */
	for (const char *const *t = (const char *const[]){"pv_system", "micro_telemetry", "system_energy_day", NULL}; *t; t++) {
		expect_none_of(&r, *t, (const char *const[]){"hash_prefix", "salt_buckets", "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[end_at");
	}
	expect_nothing_worse(&r, "pv_system");
	expect_plans(&r, "6 GET; 9 FILTERED SCAN; 12 SCAN; 15 GET; 18 full scan; 27 SCAN");
	expect_fixpoint_text(&r, texts[0], texts[1], KP_TARGET_TABLESTORE, "pv_system");
	free_files(&r, texts);
	expect_applied("applied/E78.schema.sql", "applied/E78.workload.sql", KP_TARGET_TABLESTORE,
	               "6 GET; 9 FILTERED SCAN; 12 SCAN; 15 GET; 18 SCAN via idx_pv_system_installer_id; 27 SCAN",
	               (const char *const[]){"pv_system", "system_energy_day", NULL});   /* micro_telemetry: its index next */
}

/* read the schema as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("designs12", setup, NULL,
	{"E73: both spread, the tag index keeps the sessions' order, the time index dropped",
	 test_e73_both_spread_tag_index_keeps_order_time_index_dropped},
	{"E74: the offers spread, a sent-offers index, the state index dropped; inventories stand",
	 test_e74_offers_spread_sent_index_state_index_dropped},
	{"E75: a thing-led index for the queued view; shadows stand", test_e75_thing_index_for_the_queued_view},
	{"E76: an on-hold index, the status index dropped", test_e76_on_hold_index_status_index_dropped},
	{"E77: a container-led key in four columns and a bill-of-lading index", test_e77_container_led_key_and_bl_index},
	{"E78: an installer index, the telemetry reordered alone; daily energy stands",
	 test_e78_installer_index_telemetry_reordered})
