/* Six designs nobody on the advisor's side had seen (issue 21, eighteenth
 * round with designs19, the first designer: E109-E114 of
 * tests/advisor/designs18.md; each cites its public source there; the
 * expectations were committed before keyplan ran). Schemas and workloads
 * are read from the designs' own files (designs18/EN.schema.sql and
 * EN.workload.sql; designs18/applied/ for the recommendation applied back).
 * Each test asserts, per table, the recommended items (kind, key, DDL or
 * IndexMeta) the designer judged right, the verdict where a table stands,
 * every statement's plan, what must not be advised (the designer's "not
 * right" and "harmful" lists), nothing served made worse; then the
 * recommendation applied back and re-planned: every plan as it is then,
 * and check recommends nothing more where the designer found a fixpoint.
 *
 * Where today's answer disagrees with the designer (designs18.md, "Results
 * of the first run": E110's index table keyed by a hash of the zipfian
 * project_id, harmful; E111's index (store_id, delivery_status) for the
 * view's panel, not right; E112's service index in its DESC form, which
 * keeps the sort), the test asserts only what must hold and says the
 * expectation in a comment: a wrong answer is never asserted as right. Costs and row counts are not asserted: two
 * engineers move them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

/* E109: Ticketmaster's seat inventory with its holds, and ticket orders
 * (Lindorm). Required: seat_by_hold_expiry rebuilt spread (a bucket, a hash
 * of the seat's key, ahead of hold_expires_at: the reaper 16 SCANs of its
 * window); an index (customer_id, created_at) on ticket_order for "My
 * Tickets" read newest first. Stand: both keys. Not right: a hash of
 * hold_expires_at itself; the index dropped (harmful unless the reaper is
 * named); an index led by event_id for the reaper; an index for the weight-3
 * settlement export; a salt of ticket_order. Harmful: any key change of
 * event_seat; an index led by status or by hold_expires_at unspread. */
static void test_e109_hold_index_spread_customer_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E109.schema.sql", "E109.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "event_seat",
	                   "rebuild_index [seat_by_hold_expiry_bucket][hold_expires_at][event_id][section][row_name]"
	                   "[seat_no]");
	const kp_advice *b = recommended_kind(&r, "event_seat", "rebuild_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_PTR_NOT_NULL(strstr(b->ddl, "ALTER TABLE event_seat ADD COLUMN seat_by_hold_expiry_bucket INT; "
	                                      "DROP INDEX seat_by_hold_expiry ON event_seat; CREATE INDEX "
	                                      "seat_by_hold_expiry ON event_seat (seat_by_hold_expiry_bucket, "
	                                      "hold_expires_at)"));
	/* the bucket a hash of the seat's key, not of the expiry; the reaper
	 * named as the read to rewrite, one read a bucket */
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, "hash(event_id, section, row_name, seat_no) % 16"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, "reads to rewrite"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, ":12 (weight 1500)"));
	const kp_table_review *s = review_of(&r, "event_seat");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->indexes, "seat_by_hold_expiry rebuilt"));
	expect_recommended(&r, "ticket_order", "secondary_index [customer_id][created_at DESC][order_id]");
	const kp_advice *i = recommended_kind(&r, "ticket_order", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl, "CREATE INDEX idx_ticket_order_customer_id_created_at_desc ON ticket_order "
	                               "(customer_id, created_at DESC) INCLUDE (event_id, status, seat_count, total)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "ticket_order", 33), "REJECTED -> SCAN"); /* My Tickets */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "ticket_order", 36), ""); /* the settlement export: nothing */
	/* the order placed (every column, :24) is the create beside the status
	 * moves (three columns, :27): it moves no index row (designs18.md's
	 * E109 "a create counted as a move": 'each UPSERT of a row that exists
	 * (:24 ...; its key named by :30) now writes 3 rows') */
	const kp_table_review *tv = review_of(&r, "ticket_order");
	CU_ASSERT_PTR_NOT_NULL_FATAL(tv);
	CU_ASSERT_STRING_EQUAL(tv->write_cost, "every UPSERT now writes 2 rows (1 now); each UPSERT setting status "
	                                       "(w.sql:27, weight 6000), a column 1 index holds (0 now) outside its "
	                                       "key, rewrites that index's row in place when its row exists");
	expect_none_of(&r, "event_seat",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "drop_index",
	                                     "secondary_index", "index_table", "search_index", NULL});
	expect_none_of(&r, "ticket_order",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "index_table",
	                                     "search_index", NULL});
	for (const char *const *t = (const char *const[]){"event_seat", "ticket_order", NULL}; *t; t++) {
		expect_no_recommended_lead(&r, *t, "[hold_expires_at");
		expect_no_recommended_lead(&r, *t, "[status");
		expect_no_recommended_lead(&r, *t, "[event_id]");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "3 SCAN; 6 SCAN; 9 GET; 12 SCAN via seat_by_hold_expiry; 15 GET; 18 GET; 30 GET; 33 REJECTED "
	                 "sorted; 36 REJECTED");
	free_files(&r, texts);
	/* applied (the manifest's insert fills the bucket, the reaper one read a
	 * bucket): both tables stand; the export still refused (weight 3) */
	expect_applied("applied/E109.schema.sql", "applied/E109.workload.sql", KP_TARGET_LINDORM,
	               "3 SCAN; 6 SCAN; 9 GET; 12 SCAN via seat_by_hold_expiry; 15 GET; 18 GET; 30 GET; 33 SCAN via "
	               "idx_ticket_order_customer_id_created_at_desc; 36 REJECTED",
	               (const char *const[]){"event_seat", "ticket_order", NULL});
}

/* E110: Sentry's issues and their events (Lindorm). Required: error_event
 * re-keyed [project_id][event_id] (or [event_id] alone, or a hash of
 * event_id ahead: one event a point read), its migration named; an index
 * (project_id, group_id, received_at) for the latest events, which
 * the re-key refuses otherwise; the project's newest events named or kept
 * served by an index whose lead is spread; group_by_times_seen dropped.
 * Stand: issue_group's key and group_stream. Not right: a salt ahead of the
 * old key; [project_id][group_id][received_at][event_id]; group_stream
 * narrowed. Harmful: group_stream dropped; a key led by received_at; an
 * index (project_id, received_at) unspread; an index led by status. First
 * run: the drop, the re-key (the event id leading) and the group index
 * right.
 *
 * Disagreement (not asserted as right): the index table that keeps the
 * project's newest events served is keyed [hash32(project_id)][project_id]
 * [received_at][event_id]; a hash of project_id alone gives every event of
 * one project the same prefix, so the largest project's (6%) still land at
 * one point, where the review counts "on one region 0" (harmful: it adds a
 * write hotspot). The expectation: a bucket from a column that varies
 * within the project (the salt_buckets alternative, hash(event_id) % 16),
 * or the re-key naming the feed as refused. Asserted: the feed named, the
 * re-key's and the index's DDL, nothing worse; the index table neither
 * asserted nor refused, and not in the applied fixpoint. */
static void test_e110_events_rekeyed_times_seen_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E110.schema.sql", "E110.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "issue_group", "drop_index [project_id][times_seen][group_id]");
	const kp_advice *d = recommended_kind(&r, "issue_group", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX group_by_times_seen ON issue_group");
	expect_kept(&r, "issue_group", "group_stream");
	CU_ASSERT_PTR_NOT_NULL(strstr(review_of(&r, "issue_group")->indexes, "group_by_times_seen dropped"));
	/* the re-key led by the event id (the project after it: an equivalent
	 * of [event_id] alone), the two reads it makes worse named: the issue's
	 * events kept served by the index */
	const kp_advice *k = recommended_key(&r, "error_event", "reorder_key", "[event_id][project_id][received_at]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->ddl, "PRIMARY KEY (event_id, project_id, received_at))"));
	expect_target_takes(k->ddl, KP_TARGET_LINDORM);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->message, "migration"));
	CU_ASSERT_PTR_NOT_NULL(strstr(k->message, ":21 (FILTERED SCAN -> REJECTED, weight 10000)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(k->message, ":27 (SCAN -> REJECTED, weight 1000)"));
	const kp_advice *i = recommended_key(&r, "error_event", "secondary_index",
	                                     "[project_id][group_id][received_at DESC][event_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl, "CREATE INDEX idx_error_event_project_id_group_id_received_at_desc ON "
	                               "error_event (project_id, group_id, received_at DESC) INCLUDE (environment, "
	                               "release_version, user_id, message)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "error_event", 21), "FILTERED SCAN -> SCAN"); /* the events */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "error_event", 24), "FILTERED SCAN -> SCAN"); /* one event */
	expect_none_of(&r, "issue_group",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "widen_index",
	                                     "rebuild_index", "secondary_index", "index_table", "search_index", NULL});
	/* a salt or hash prefix is not refused: the designer names the salt of
	 * hash(event_id) as the right way to keep the feed, and a hash of
	 * event_id ahead of the key acceptable */
	expect_none_of(&r, "error_event", (const char *const[]){"desc_key", "search_index", NULL});
	for (const char *const *n = (const char *const[]){"issue_group", "error_event", NULL}; *n; n++) {
		expect_no_recommended_lead(&r, *n, "[received_at");
		expect_no_recommended_lead(&r, *n, "[status");
		expect_no_recommended_lead(&r, *n, "[project_id][received_at");
		expect_nothing_worse(&r, *n);
	}
	expect_plans(&r,
	             "15 SCAN via group_stream reverse; 18 GET; 21 FILTERED SCAN reverse; 24 FILTERED SCAN; 27 SCAN "
	             "reverse");
	free_files(&r, texts);
	/* applied (the application writes the index table beside each event;
	 * the project's newest events read it): issue_group and error_event
	 * stand; the index table's verdict is the disagreement above */
	expect_applied("applied/E110.schema.sql", "applied/E110.workload.sql", KP_TARGET_LINDORM,
	               "18 SCAN via group_stream reverse; 21 GET; 24 SCAN via "
	               "idx_error_event_project_id_group_id_received_at_desc; 27 SCAN; 30 SCAN reverse",
	               (const char *const[]){"issue_group", "error_event", NULL});
}

/* E111: DoorDash Drive deliveries, multi-tenant on Phoenix. Required:
 * delivery_by_status dropped. Stand: delivery's key and delivery_by_store,
 * delivery_event. Not right: an index (store_id, delivery_status) for the
 * view's panel (every status move would move it, for a range of 1,300 rows
 * read covered today); an index on dasher_id for the weight-5 support read.
 * Harmful: delivery_by_store narrowed or dropped; an index that drops the
 * tenant from its lead; a salt; any key change.
 *
 * Disagreement (not asserted as right): the recommendation adds the index
 * (STORE_ID, DELIVERY_STATUS) INCLUDE (DASHER_ID, DROPOFF_TIME_ESTIMATED)
 * beside the drop; the expectation is the drop alone (the designer, on
 * reflection, calls that expectation the weaker call: the index is
 * exchanged for the unread status index in one change, the writes the
 * same). Asserted: the drop,
 * delivery_by_store kept, the tenant leading every recommended index,
 * nothing worse, no key change. */
static void test_e111_status_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E111.schema.sql", "E111.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_advice *d = recommended_key(&r, "DELIVERY", "drop_index",
	                                     "[BUSINESS_ID][DELIVERY_STATUS][UPDATED_AT][EXTERNAL_DELIVERY_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX DELIVERY_BY_STATUS ON DELIVERY");
	const kp_table_review *v = review_of(&r, "DELIVERY");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_PTR_NOT_NULL(strstr(v->indexes, "DELIVERY_BY_STATUS dropped"));
	expect_kept(&r, "DELIVERY", "DELIVERY_BY_STORE");
	/* every index the recommendation makes keeps the tenant first */
	for (uint32_t i = 0; i < v->recommended.n; i++) {
		const kp_advice *x = v->recommended.items[i];
		CU_ASSERT_PTR_NOT_NULL_FATAL(x->key);
		CU_ASSERT_NSTRING_EQUAL(x->key, "[BUSINESS_ID]", strlen("[BUSINESS_ID]"));
		CU_ASSERT_STRING_NOT_EQUAL(x->key, "[BUSINESS_ID][DASHER_ID][EXTERNAL_DELIVERY_ID]");
	}
	expect_recommended(&r, "DELIVERY_EVENT", "");
	for (const char *const *t = (const char *const[]){"DELIVERY", "DELIVERY_EVENT", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
		                                     "widen_index", "rebuild_index", "index_table", "search_index",
		                                     NULL});
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "13 GET; 16 SCAN; 19 SCAN via DELIVERY_BY_STORE reverse; 22 FILTERED SCAN via "
	                 "DELIVERY_BY_STORE; 25 FILTERED SCAN via DELIVERY_BY_STORE");
	free_files(&r, texts);
	/* applied as advised (the panel's index too): the list and the support
	 * read through delivery_by_store as before; both tables stand */
	expect_applied("applied/E111.schema.sql", "applied/E111.workload.sql", KP_TARGET_PHOENIX,
	               "13 GET; 16 SCAN; 19 SCAN via DELIVERY_BY_STORE reverse; 22 SCAN via "
	               "IDX_DELIVERY_BUSINESS_ID_STORE_ID_DELIVERY_STATUS; 25 FILTERED SCAN via DELIVERY_BY_STORE",
	               (const char *const[]){"DELIVERY", "DELIVERY_EVENT", NULL});
}

/* E112: PagerDuty's incidents, alerts and log entries (Phoenix). Required:
 * incident_by_assignee made covering for "Mine"; an index (account_id,
 * service_id, created_at) covering the service page; on log_entry an index
 * (account_id, created_at) covering the audit window (not LOCAL). Stand:
 * incident's key with incident_by_id, log_entry's key, alert with
 * alert_by_incident. Not right: incident_by_assignee dropped alone; a re-key
 * of log_entry by account; a salt of incident. Harmful: incident_by_id or
 * alert_by_incident dropped; an index led by status or created_at. First
 * run: all three right.
 *
 * The first run recommended the service index in its DESC form,
 * (ACCOUNT_ID, SERVICE_ID, CREATED_AT DESC), whose own words say the reads
 * still sort (CREATED_AT is nullable and Phoenix stores NULL first in a
 * DESC column), where the same index ascending read backwards, an
 * alternative, needs no sort (counted right by the designer, its defect
 * named; applied, the next check still said KP120 on the service page).
 * Since advisor36, at equal cost the design that sorts fewer reads is
 * taken: the ascending index is recommended, the DESC one an alternative.
 * Asserted: the index's columns, what it holds, the page made a SCAN read
 * backwards with no sort. */
static void test_e112_assignee_covered_service_and_audit_indexes(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E112.schema.sql", "E112.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_table_review *v = review_of(&r, "INCIDENT");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL(v->recommended.n, 2);
	const kp_advice *w = recommended_kind(&r, "INCIDENT", "widen_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	CU_ASSERT_STRING_EQUAL(w->ddl, "DROP INDEX INCIDENT_BY_ASSIGNEE ON INCIDENT; CREATE INDEX INCIDENT_BY_ASSIGNEE "
	                               "ON INCIDENT (ASSIGNED_USER_ID, STATUS) INCLUDE (INCIDENT_ID, URGENCY, TITLE, "
	                               "CREATED_AT)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "INCIDENT", 27), "full scan -> SCAN"); /* Mine */
	/* the service index: (ACCOUNT_ID, SERVICE_ID, CREATED_AT) ascending,
	 * read backwards with no sort, holding what the page returns */
	const kp_advice *s = recommended_kind(&r, "INCIDENT", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(s->key, "[ACCOUNT_ID][SERVICE_ID][CREATED_AT][INCIDENT_NUMBER]");
	CU_ASSERT_PTR_NOT_NULL(strstr(s->ddl, "ON INCIDENT (ACCOUNT_ID, SERVICE_ID, CREATED_AT) INCLUDE"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "read backwards, returns ORDER BY CREATED_AT DESC with its NULLs "
	                                          "last, as the reads ask, with no sort"));
	CU_ASSERT_PTR_NOT_NULL(alternative(&r, "INCIDENT", "secondary_index",
	                                   "[ACCOUNT_ID][SERVICE_ID][CREATED_AT DESC][INCIDENT_NUMBER]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s->ddl, " INCLUDE (INCIDENT_ID, STATUS, URGENCY, TITLE)"));
	CU_ASSERT_NSTRING_EQUAL(change_at(&r, "INCIDENT", 30), "FILTERED SCAN -> SCAN",
	                        strlen("FILTERED SCAN -> SCAN"));
	bool backwards_unsorted = false;   /* the page: sorted now, read backwards through the index */
	for (uint32_t i = 0; i < v->changes.n; i++) {
		const kp_change *c = v->changes.items[i];
		uint32_t l, col;
		kp_source_linecol(c->q->src, c->q->off, &l, &col);
		if (l == 30)
			backwards_unsorted = c->order_before == KP_ORDER_SORT && c->order_after == KP_ORDER_REVERSE;
	}
	CU_ASSERT_TRUE(backwards_unsorted);
	expect_kept(&r, "INCIDENT", "INCIDENT_BY_ID");
	expect_recommended(&r, "LOG_ENTRY", "secondary_index [ACCOUNT_ID][CREATED_AT][INCIDENT_ID][LOG_ENTRY_ID]");
	const kp_advice *l = recommended_kind(&r, "LOG_ENTRY", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_STRING_EQUAL(l->ddl, "CREATE INDEX idx_LOG_ENTRY_ACCOUNT_ID_CREATED_AT ON LOG_ENTRY (ACCOUNT_ID, "
	                               "CREATED_AT) INCLUDE (ENTRY_TYPE, AGENT_ID, SUMMARY)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "LOG_ENTRY", 39), "full scan -> SCAN"); /* the audit window */
	expect_recommended(&r, "ALERT", "");
	expect_kept(&r, "ALERT", "ALERT_BY_INCIDENT");
	for (const char *const *t = (const char *const[]){"INCIDENT", "LOG_ENTRY", "ALERT", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
		                                     "drop_index", "index_table", "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[STATUS");
		expect_no_recommended_lead(&r, *t, "[CREATED_AT");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "3 GET; 24 SCAN via INCIDENT_BY_ID; 27 full scan via INCIDENT_BY_ID; 30 FILTERED SCAN sorted; "
	                 "33 SCAN; 36 SCAN via ALERT_BY_INCIDENT; 39 full scan");
	free_files(&r, texts);
	/* applied (the DESC index as advised): "Mine", the service page and the
	 * audit window through their indexes; every table stands. The service
	 * page still sorts through the DESC index (NULL first in a DESC column,
	 * the disagreement above): a fact of the applied fixture, not the
	 * expectation */
	expect_applied(
	        "applied/E112.schema.sql", "applied/E112.workload.sql", KP_TARGET_PHOENIX,
	        "3 GET; 24 SCAN via INCIDENT_BY_ID; 27 SCAN via INCIDENT_BY_ASSIGNEE; 30 SCAN via "
	        "IDX_INCIDENT_ACCOUNT_ID_SERVICE_ID_CREATED_AT_DESC sorted; 33 SCAN; 36 SCAN via ALERT_BY_INCIDENT; "
	        "39 SCAN via IDX_LOG_ENTRY_ACCOUNT_ID_CREATED_AT",
	        (const char *const[]){"INCIDENT", "LOG_ENTRY", "ALERT", NULL});
}

/* E113: courier positions, the latest position and delivery assignments
 * (Tablestore, four key columns). Required: rider_position keyed
 * [rider_id][ts] (city and zone ordinary columns or kept after the time,
 * four key columns at most), its migration named; an index (order_id) on
 * delivery_assignment for the order's tracking. Stand: rider_latest with
 * its search index, delivery_assignment's key. Not right:
 * [city_id][rider_id][ts]; a re-key of delivery_assignment by order_id.
 * Harmful: a fifth key column (a bucket or hash added); a key led by ts;
 * the search index dropped alone; any key change of rider_latest. */
static void test_e113_positions_rekeyed_by_rider_order_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E113.schema.sql", "E113.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "rider_position", "reorder_key [rider_id][ts][city_id][zone_id]");
	const kp_advice *k = recommended_kind(&r, "rider_position", "reorder_key");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->ddl, "PRIMARY KEY (rider_id, ts, city_id, zone_id))"));
	expect_target_takes(k->ddl, KP_TARGET_TABLESTORE);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->message, "migration"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "rider_position", 18), "full scan -> SCAN"); /* the route */
	/* the KP104 alternative states the key it leaves: the two columns no
	 * read binds made one, where the first stood (it printed the table's
	 * own key, designs18.md's E113 "small") */
	CU_ASSERT_PTR_NOT_NULL(alternative(&r, "rider_position", "fewer_key_columns", "[city_id + zone_id][rider_id][ts]"));
	expect_recommended(&r, "delivery_assignment", "secondary_index [order_id][rider_id][assigned_at]");
	const kp_advice *i = recommended_kind(&r, "delivery_assignment", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_PTR_NOT_NULL(strstr(i->message, "IndexMeta: primary key [order_id][rider_id][assigned_at]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(i->message, "defined columns status, picked_up_at"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "delivery_assignment", 30), "full scan -> SCAN"); /* the tracking */
	expect_recommended(&r, "rider_latest", "");
	expect_kept(&r, "rider_latest", "rider_latest_search");
	for (const char *const *t =
	             (const char *const[]){"rider_position", "rider_latest", "delivery_assignment", NULL};
	     *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"salt_buckets", "hash_prefix", "desc_key", "drop_index",
		                                     "search_index", "index_table", NULL});
		expect_no_recommended_lead(&r, *t, "[ts");
		expect_no_recommended_lead(&r, *t, "[city_id");
		expect_no_recommended_lead(&r, *t, "[bucket");
		expect_nothing_worse(&r, *t);
	}
	expect_none_of(&r, "delivery_assignment", (const char *const[]){"reorder_key", NULL});
	expect_plans(&r, "6 GET; 9 GET; 12 SEARCH via rider_latest_search; 15 GET; 18 full scan; 24 GET; 27 SCAN; 30 "
	                 "full scan");
	free_files(&r, texts);
	expect_applied("applied/E113.schema.sql", "applied/E113.workload.sql", KP_TARGET_TABLESTORE,
	               "6 GET; 9 GET; 12 SEARCH via rider_latest_search; 15 GET; 18 SCAN; 24 GET; 27 SCAN; 30 SCAN via "
	               "idx_delivery_assignment_order_id",
	               (const char *const[]){"rider_position", "rider_latest", "delivery_assignment", NULL});
}

/* E114: Eventbrite attendees and door check-in scans (Tablestore): a design
 * that stands. Optional: attendee_by_barcode and attendee_by_email widened
 * to hold the columns their reads return. Not right: a search index or an
 * index (last_name, first_name) for the weight-1 support read; any index
 * for the sync; a re-key of checkin_scan. Harmful: either index dropped; a
 * key of checkin_scan or an index led by scanned_at; past four key
 * columns. */
static void test_e114_attendees_stand(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E114.schema.sql", "E114.workload.sql", KP_TARGET_TABLESTORE, texts);
	const kp_table_review *a = review_of(&r, "attendee");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	/* the design stands: at most the optional widenings */
	for (uint32_t i = 0; i < a->recommended.n; i++)
		CU_ASSERT_STRING_EQUAL(((const kp_advice *)a->recommended.items[i])->kind, "widen_index");
	expect_kept(&r, "attendee", "attendee_by_barcode");
	expect_kept(&r, "attendee", "attendee_by_email");
	expect_recommended(&r, "checkin_scan", "");
	expect_plans(&r, "6 SCAN via attendee_by_barcode; 9 GET; 16 GET; 19 SCAN via attendee_by_email; 22 FILTERED "
	                 "SCAN; 25 SCAN; 28 full scan");
	free_files(&r, texts);
	/* applied (nothing to apply: the designer's applied/ copy is the design
	 * as written): the same plans; the scan log stands (attendee's optional
	 * widenings would be right, so its verdict is asserted above only) */
	expect_applied(
	        "applied/E114.schema.sql", "applied/E114.workload.sql", KP_TARGET_TABLESTORE,
	        "6 SCAN via attendee_by_barcode; 9 GET; 16 GET; 19 SCAN via attendee_by_email; 22 FILTERED SCAN; "
	        "25 SCAN; 28 full scan",
	        (const char *const[]){"checkin_scan", NULL});
}

/* read the schema as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("designs18", setup, NULL,
          {"E109: the hold index spread, a customer index for My Tickets", test_e109_hold_index_spread_customer_index},
          {"E110: events re-keyed by event id with the issue's index, times_seen index dropped (hashed index table: "
           "disagreement)",
           test_e110_events_rekeyed_times_seen_dropped},
          {"E111: the status index dropped ((store_id, delivery_status) index: disagreement)",
           test_e111_status_index_dropped},
          {"E112: the assignee index covered, a service index, an audit index (the DESC form: disagreement)",
           test_e112_assignee_covered_service_and_audit_indexes},
          {"E113: positions re-keyed by rider within four columns, an order index",
           test_e113_positions_rekeyed_by_rider_order_index},
          {"E114: attendees and scans stand", test_e114_attendees_stand})
