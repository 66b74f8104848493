/* Six designs nobody on the advisor's side had seen (issue 21, sixteenth
 * round, the second designer: E91-E96 of tests/advisor/designs15.md; each
 * cites its public source there; the expectations were committed before
 * keyplan ran). Schemas and workloads are read from the designs' own files
 * (designs15/EN.schema.sql and EN.workload.sql; designs15/applied/ for the
 * recommendation applied back). Each test asserts, per table, the
 * recommended items (kind, key, DDL) the designer judged right, the verdict
 * where a table stands, every statement's plan, what must not be advised
 * (the designer's "not right" and "harmful" lists), nothing served made
 * worse; then the recommendation applied back and re-planned: every plan
 * as it is then, and check recommends nothing more where the designer found
 * a fixpoint.
 *
 * Where today's answer disagrees with the designer (E93: a desc_key whose
 * CREATE TABLE drops MULTI_TENANT=true, harmful; E95: review_by_date rebuilt
 * with a bucket where its drop is expected, so not a fixpoint; E92 and
 * E94: "reads to rewrite" that name reads another item serves, or that bind
 * no key), the test asserts only what must hold and says the expectation in
 * a comment: a wrong answer is never asserted as right. Costs and row
 * counts are not asserted: three engineers move them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adv_run.h"
#include "design_files.h"

/* E91: GitHub Actions' dependency caches and run artifacts (Lindorm): a
 * design that stands. actions_cache_lru (moved by every hit, read by the
 * eviction) is kept. Not right: anything for the weight-1 sweep or the
 * weight-200 name filter; a DESC. Harmful: actions_cache_lru dropped; a key
 * or index led by an unspread column. First run: right, no item. */
static void test_e91_caches_and_artifacts_stand(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E91.schema.sql", "E91.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "actions_cache", "");
	expect_recommended(&r, "run_artifact", "");
	const kp_table_review *c = review_of(&r, "actions_cache");
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_STRING_EQUAL(c->indexes, "actions_cache_lru kept (read through: weight 4000)");
	expect_plans(&r, "3 GET; 6 SCAN; 15 SCAN via actions_cache_lru; 18 GET; 21 SCAN; 24 REJECTED; 30 GET; 33 SCAN; 36 "
	                 "SCAN reverse; 39 FILTERED SCAN");
	expect_fixpoint_text(&r, texts[0], texts[1], KP_TARGET_LINDORM, "actions_cache");
	free_files(&r, texts);
}

/* E92's plans, the self-care read (line 27) as today's class or as
 * refused (see test_e92's comment): the rest exact */
static void expect_plans_27(const run *r)
{
	const char *got = plans(r);
	const char *as_filtered = "3 SCAN via sim_subscriber_imsi; 6 SCAN via sim_subscriber_msisdn; 9 GET; 20 SCAN via "
	                          "sim_subscriber_status; 27 FILTERED SCAN; 30 FILTERED SCAN";
	const char *as_refused = "3 SCAN via sim_subscriber_imsi; 6 SCAN via sim_subscriber_msisdn; 9 GET; 20 SCAN via "
	                         "sim_subscriber_status; 27 REJECTED; 30 FILTERED SCAN";
	if (strcmp(got, as_filtered) && strcmp(got, as_refused))
		fprintf(stderr, "\n  plans\n    got:  %s\n    want: %s\n", got, as_filtered);
	CU_ASSERT(!strcmp(got, as_filtered) || !strcmp(got, as_refused));
}

/* E92: a mobile operator's SIM register and its hourly usage rollups
 * (Lindorm). Required: usage_rollup re-keyed [msisdn][period_no] naming the
 * fraud read it refuses, or kept served with a spread index. sim_subscriber
 * stands whole (its key and three indexes; the stated rates say the status
 * index is no hotspot). First run: right, the mirror form (a salt by
 * hash(msisdn) and the index (msisdn, period_no)).
 *
 * The salt's "reads to rewrite" named the self-care read (line 27), which
 * the index of the same change serves; rewritten as told
 * (applied/E92.literal.workload.sql, bucket = ?) the read leaves the index
 * and the next check recommends another index and a drop: a second
 * migration. Now the list is the recommendation's as judged: the fraud
 * read (line 30) alone, one read a bucket. Asserted on the literal
 * workload: only the plans (nothing worse), not the second change. */
static void test_e92_rollups_salted_with_a_subscriber_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E92.schema.sql", "E92.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "sim_subscriber", "");
	const kp_table_review *s = review_of(&r, "sim_subscriber");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->indexes, "sim_subscriber_imsi kept"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s->indexes, "sim_subscriber_msisdn kept"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s->indexes, "sim_subscriber_status kept"));
	expect_recommended(&r, "usage_rollup", "salt_buckets [bucket][period_no][msisdn]; secondary_index "
	                                       "[msisdn][period_no]");
	const kp_advice *b = recommended_kind(&r, "usage_rollup", "salt_buckets");
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_PTR_NOT_NULL(strstr(b->ddl, "PRIMARY KEY (bucket, period_no, msisdn))"));
	expect_target_takes(b->ddl, KP_TARGET_LINDORM);
	/* reads to rewrite: only the fraud read, which reads the salted key;
	 * the self-care read goes through the index of the same change */
	CU_ASSERT_STRING_EQUAL(worse_lines(b), "30");
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, "reads to rewrite (a read that binds msisdn by = adds bucket = "
	                                          "hash(msisdn) % 16, any other read is one read per bucket with bucket = "
	                                          "0 to 15): "));
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, ":30 (weight 24)"));
	CU_ASSERT_PTR_NULL(strstr(b->message, ":27 (weight"));
	const kp_advice *i = recommended_kind(&r, "usage_rollup", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl, "CREATE INDEX idx_usage_rollup_msisdn_period_no ON usage_rollup (msisdn, "
	                               "period_no) INCLUDE (voice_seconds, sms_count, data_bytes_up, data_bytes_down)");
	/* the self-care read (line 27): Lindorm refuses it (KP001, period_no
	 * bounded on one side only) while its plan's class says FILTERED SCAN
	 * (designs15.md E92, "smaller things": it should say refused); either
	 * before, a SCAN after */
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_FULL_SCAN, "bounded on one side only"), 1);
	const char *self = change_at(&r, "usage_rollup", 27);
	CU_ASSERT(!strcmp(self, "FILTERED SCAN -> SCAN") || !strcmp(self, "REJECTED -> SCAN"));
	for (const char *const *t = (const char *const[]){"sim_subscriber", "usage_rollup", NULL}; *t; t++) {
		expect_none_of(&r, *t, (const char *const[]){"search_index", "desc_key", "drop_index", NULL});
		expect_no_recommended_lead(&r, *t, "[sim_status");
		expect_no_recommended_lead(&r, *t, "[period_no");
		expect_nothing_worse(&r, *t);
	}
	expect_none_of(&r, "sim_subscriber", (const char *const[]){"rebuild_index", "widen_index", NULL});
	expect_plans_27(&r);
	free_files(&r, texts);
	/* applied, the self-care read as it was: served by the index, both
	 * tables stand */
	expect_applied("applied/E92.schema.sql", "applied/E92.workload.sql", KP_TARGET_LINDORM,
	               "3 SCAN via sim_subscriber_imsi; 6 SCAN via sim_subscriber_msisdn; 9 GET; 20 SCAN via "
	               "sim_subscriber_status; 27 SCAN via idx_usage_rollup_msisdn_period_no; 30 FILTERED SCAN",
	               (const char *const[]){"sim_subscriber", "usage_rollup", NULL});
	/* the literal "reads to rewrite": still served, not worse (not a
	 * fixpoint: the disagreement above) */
	run_files(&r, "applied/E92.schema.sql", "applied/E92.literal.workload.sql", KP_TARGET_LINDORM, texts);
	expect_plans_27(&r);
	expect_recommended(&r, "sim_subscriber", "");
	expect_nothing_worse(&r, "usage_rollup");
	free_files(&r, texts);
}

/* E93: Flagsmith's audit log and feature states, multi-tenant on Phoenix.
 * Required: AUDIT_LOG_AUTHOR dropped; an index (related_object_id,
 * created_date) on AUDIT_LOG; FEATURE_STATE_UPDATED dropped. Stand: both
 * keys; AUDIT_LOG_CREATED. Harmful: anything that loses the tenant.
 * First run: the three right.
 *
 * Disagreement: AUDIT_LOG's recommendation also holds a desc_key
 * [ORGANISATION_ID][PROJECT_ID][CREATED_DATE DESC][AUDIT_ID] (a 3-billion-row
 * migration to read 50-row pages forwards) whose CREATE TABLE drops
 * MULTI_TENANT=true: applied as written (applied/E93.literal.schema.sql) the
 * tenant connection's pages become full scans and the audit insert fails
 * (KP012). Harmful; the designer expects the key to stand. Neither the
 * desc_key nor its DDL is asserted, nor the literal fixture's plans. */
static void test_e93_audit_index_and_two_drops(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E93.schema.sql", "E93.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_advice *i = recommended_key(&r, "AUDIT_LOG", "secondary_index",
	                                     "[ORGANISATION_ID][RELATED_OBJECT_ID][RELATED_OBJECT_TYPE][CREATED_DATE DESC]"
	                                     "[PROJECT_ID][AUDIT_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_PTR_NOT_NULL(strstr(i->ddl, " ON AUDIT_LOG (RELATED_OBJECT_ID, RELATED_OBJECT_TYPE, CREATED_DATE DESC) "
	                                      "INCLUDE (AUTHOR_ID, LOG)"));
	const kp_advice *a = recommended_key(&r, "AUDIT_LOG", "drop_index",
	                                     "[ORGANISATION_ID][AUTHOR_ID][PROJECT_ID][CREATED_DATE][AUDIT_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_STRING_EQUAL(a->ddl, "DROP INDEX AUDIT_LOG_AUTHOR ON AUDIT_LOG");
	const kp_table_review *l = review_of(&r, "AUDIT_LOG");
	CU_ASSERT_PTR_NOT_NULL_FATAL(l);
	CU_ASSERT_PTR_NOT_NULL(strstr(l->indexes, "AUDIT_LOG_CREATED kept"));
	expect_recommended(&r, "FEATURE_STATE", "drop_index [ORGANISATION_ID][UPDATED_AT][ENVIRONMENT_ID][FEATURE_ID]");
	const kp_advice *f = recommended_kind(&r, "FEATURE_STATE", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_STRING_EQUAL(f->ddl, "DROP INDEX FEATURE_STATE_UPDATED ON FEATURE_STATE");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "AUDIT_LOG", 16), "FILTERED SCAN -> SCAN");   /* flag history */
	for (const char *const *t = (const char *const[]){"AUDIT_LOG", "FEATURE_STATE", NULL}; *t; t++) {
		expect_none_of(&r, *t, (const char *const[]){"hash_prefix", "salt_buckets", "search_index", "reorder_key",
		                                           NULL});
		/* every index the tenant's: none led by another column */
		expect_no_recommended_lead(&r, *t, "[PROJECT_ID");
		expect_no_recommended_lead(&r, *t, "[RELATED_OBJECT_ID");
		expect_no_recommended_lead(&r, *t, "[CREATED_DATE");
	}
	/* nothing worse as the recommendation's own before -> after has it (the
	 * tenant kept): the literal DDL's loss of MULTI_TENANT is the
	 * disagreement above, not asserted */
	expect_nothing_worse(&r, "AUDIT_LOG");
	expect_nothing_worse(&r, "FEATURE_STATE");
	expect_plans(&r, "7 SCAN reverse; 10 FILTERED SCAN reverse; 13 SCAN via AUDIT_LOG_CREATED reverse; 16 FILTERED "
	                 "SCAN sorted; 19 FILTERED SCAN via AUDIT_LOG_CREATED; 22 SCAN; 25 FILTERED SCAN");
	free_files(&r, texts);
	/* applied by hand with MULTI_TENANT=true kept (applied/E93.schema.sql):
	 * nothing worse, both tables stand */
	expect_applied("applied/E93.schema.sql", "applied/E93.workload.sql", KP_TARGET_PHOENIX,
	               "7 SCAN; 10 FILTERED SCAN; 13 SCAN via AUDIT_LOG_CREATED reverse; 16 SCAN via "
	               "IDX_AUDIT_LOG_OBJECT_CREATED; 19 FILTERED SCAN via IDX_AUDIT_LOG_OBJECT_CREATED; 22 SCAN; 25 "
	               "FILTERED SCAN",
	               (const char *const[]){"AUDIT_LOG", "FEATURE_STATE", NULL});
}

/* E94: eBay's Inventory API, inventory items and offers (Phoenix).
 * Required: a salted index on OFFER (LISTING_ID); OFFER salted (or, as
 * acceptable, a hash prefix); OFFER_BY_PRICE dropped. Stand:
 * INVENTORY_ITEM whole; OFFER_BY_SKU. First run: all three right.
 *
 * The hash's (an alternative now) "reads to rewrite" named lines 30 and
 * 33, which go through OFFER_BY_SKU and bind no OFFER_ID: now line 27
 * alone. Disagreement (not asserted): its text does not say that
 * createOffer's OFFER_ID comes from a sequence in the same UPSERT, so the
 * writer must fetch it first to fill the hash. */
static void test_e94_offers_spread_listing_index_price_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E94.schema.sql", "E94.workload.sql", KP_TARGET_PHOENIX, texts);
	expect_recommended(&r, "INVENTORY_ITEM", "");
	/* the salt, the designer's required form (the hash prefix was the
	 * acceptable one, and the first run's answer): since a merged read
	 * counts no row a bucket (advisor21's 5c00bc2) both read the same
	 * rows, and the salt needs no column the writer fills */
	expect_recommended(&r, "OFFER", "salt_buckets [salt][OFFER_ID]; secondary_index [LISTING_ID][OFFER_ID]; drop_index "
	                                "[CATEGORY_ID][PRICE][OFFER_ID]");
	const kp_advice *h = recommended_kind(&r, "OFFER", "salt_buckets");
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_PTR_NOT_NULL(strstr(h->ddl, "CONSTRAINT pk PRIMARY KEY (OFFER_ID)) SALT_BUCKETS = 16"));
	expect_target_takes(h->ddl, KP_TARGET_PHOENIX);
	const kp_advice *i = recommended_kind(&r, "OFFER", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl, "CREATE INDEX idx_OFFER_LISTING_ID ON OFFER (LISTING_ID) INCLUDE (SELLER_ID, SKU, "
	                               "PRICE, CURRENCY, AVAILABLE_QUANTITY, OFFER_STATUS) SALT_BUCKETS = 16");
	const kp_advice *d = recommended_kind(&r, "OFFER", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX OFFER_BY_PRICE ON OFFER");
	const kp_table_review *o = review_of(&r, "OFFER");
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	CU_ASSERT_PTR_NOT_NULL(strstr(o->indexes, "OFFER_BY_SKU kept"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "OFFER", 36), "full scan -> SCAN");   /* the item page */
	const kp_advice *hp = alternative(&r, "OFFER", "hash_prefix", "[md5(OFFER_ID).substr(0,4)][OFFER_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(hp);
	CU_ASSERT_STRING_EQUAL(worse_lines(hp), "27");
	CU_ASSERT_PTR_NOT_NULL(strstr(hp->message, "; reads to rewrite (each adds OFFER_ID_hash = the first 4 hex "
	                                           "characters of md5(OFFER_ID)): "));
	CU_ASSERT_PTR_NULL(strstr(hp->message, ":30 (weight"));
	for (const char *const *t = (const char *const[]){"INVENTORY_ITEM", "OFFER", NULL}; *t; t++) {
		expect_none_of(&r, *t, (const char *const[]){"search_index", "desc_key", "reorder_key", "index_table", NULL});
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "6 GET; 9 SCAN; 18 full scan; 27 GET; 30 SCAN via OFFER_BY_SKU; 33 FILTERED SCAN via OFFER_BY_SKU; "
	                 "36 full scan");
	free_files(&r, texts);
	/* the designer's applied hash prefix (acceptable) and today's salt */
	expect_applied("applied/E94.schema.sql", "applied/E94.workload.sql", KP_TARGET_PHOENIX,
	               "6 GET; 9 SCAN; 18 full scan; 27 GET; 30 SCAN via OFFER_BY_SKU; 33 FILTERED SCAN via OFFER_BY_SKU; "
	               "36 SCAN via IDX_OFFER_LISTING_ID",
	               (const char *const[]){"INVENTORY_ITEM", "OFFER", NULL});
	expect_applied("applied/E94.salt.schema.sql", "E94.workload.sql", KP_TARGET_PHOENIX,
	               "6 GET; 9 SCAN; 18 full scan; 27 GET; 30 SCAN via OFFER_BY_SKU; 33 FILTERED SCAN via OFFER_BY_SKU; "
	               "36 SCAN via IDX_OFFER_LISTING_ID",
	               (const char *const[]){"INVENTORY_ITEM", "OFFER", NULL});
}

/* E95: a short-term rental's calendars and reviews, after Inside Airbnb
 * (Tablestore). Required: review_by_date dropped; an index (reviewer_id,
 * review_date) on review. Stand: listing_calendar whole; review's key. Not
 * right: a DESC of the generated review_id; anything for the weight-1
 * occupancy read. First run: the new index right.
 *
 * Disagreement: review_by_date is rebuilt with a bucket in the same change
 * that adds the index serving its only reader (line 21), where its drop is
 * expected (required fix missing; the drop only an alternative); applied
 * (applied/E95.schema.sql) the next check drops it: not a fixpoint.
 * Since the judge weighs a rebuilt index's drop again once the later
 * steps are in (judge.c), the recommendation is the designer's: the new
 * index and review_by_date dropped, whose applied design
 * (applied/E95.expected.*) stands: a fixpoint. */
static void test_e95_reviewer_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E95.schema.sql", "E95.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "listing_calendar", "");
	expect_recommended(&r, "review", "drop_index [review_date][listing_id][review_id]; secondary_index "
	                                 "[reviewer_id][review_date][listing_id][review_id]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "review", 21), "full scan -> SCAN");   /* guest profile */
	const kp_table_review *v = review_of(&r, "review");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 2);   /* not the rebuild's 3 */
	/* the read it is "read through by" said for what it is (designs15.md, "Why") */
	const kp_advice *dr = recommended_kind(&r, "review", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(dr);
	CU_ASSERT_PTR_NOT_NULL(strstr(dr->message, ":21 (weight 6000, a full scan of "
	                                           "the index's 600000000 rows (-- rows:), which fails past the store's "
	                                           "scan limit of 100000 rows)"));
	for (const char *const *t = (const char *const[]){"listing_calendar", "review", NULL}; *t; t++) {
		expect_none_of(&r, *t, (const char *const[]){"desc_key", "reorder_key", "hash_prefix", "salt_buckets",
		                                           "search_index", "index_table", NULL});
		expect_no_recommended_lead(&r, *t, "[available");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "3 SCAN; 6 GET; 9 GET; 15 full scan; 18 SCAN reverse; 21 full scan via review_by_date reverse; 27 "
	                 "GET; 30 full scan");
	free_files(&r, texts);
	/* applied as advised: the guest profile served by the new index,
	 * nothing else moved (not a fixpoint: the disagreement above) */
	run_files(&r, "applied/E95.schema.sql", "applied/E95.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_target_takes(texts[0], KP_TARGET_TABLESTORE);
	expect_plans(&r, "3 SCAN; 6 GET; 9 GET; 15 full scan; 18 SCAN reverse; 21 SCAN via idx_review_reviewer_id_review_date "
	                 "reverse; 27 GET; 30 full scan");
	expect_recommended(&r, "listing_calendar", "");
	expect_nothing_worse(&r, "review");
	free_files(&r, texts);
	/* the designer's expected design: both tables stand */
	expect_applied("applied/E95.expected.schema.sql", "applied/E95.expected.workload.sql", KP_TARGET_TABLESTORE,
	               "3 SCAN; 6 GET; 9 GET; 15 full scan; 18 SCAN reverse; 21 SCAN via idx_review_reviewer_id_review_date "
	               "reverse; 27 GET; 30 full scan",
	               (const char *const[]){"listing_calendar", "review", NULL});
}

/* E96: smart water meter alarms for twelve utilities (Tablestore, four key
 * columns). Required: meter_alarm's key spread within four columns (the
 * re-key [meter_id][utility_id]..., or as acceptable a partition key
 * spliced with a bucket), naming the daily report; an index (dma_code,
 * alarm_state). Harmful: a fifth key column; an index past eight columns.
 * First run: both right. */
static void test_e96_alarms_spread_dma_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E96.schema.sql", "E96.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "meter_alarm", "salt_buckets [bucket + utility_id][meter_id][raised_at][info_code]; "
	                                      "secondary_index [dma_code][utility_id][alarm_state][meter_id][raised_at]"
	                                      "[info_code]");
	const kp_advice *s = recommended_kind(&r, "meter_alarm", "salt_buckets");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->ddl, "PRIMARY KEY (utility_id_key, meter_id, raised_at, info_code))"));
	expect_target_takes(s->ddl, KP_TARGET_TABLESTORE);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "meter_alarm", 12), "FILTERED SCAN -> SCAN");   /* the map */
	expect_none_of(&r, "meter_alarm", (const char *const[]){"search_index", "desc_key", "index_table", NULL});
	expect_no_recommended_lead(&r, "meter_alarm", "[alarm_state");
	expect_nothing_worse(&r, "meter_alarm");
	expect_plans(&r, "6 GET; 9 SCAN reverse; 12 FILTERED SCAN; 15 FILTERED SCAN");
	free_files(&r, texts);
	expect_applied("applied/E96.schema.sql", "applied/E96.workload.sql", KP_TARGET_TABLESTORE,
	               "6 GET; 9 SCAN reverse; 12 SCAN via idx_meter_alarm_dma_code_utility_id_alarm_state; 15 FILTERED "
	               "SCAN",
	               (const char *const[]){"meter_alarm", NULL});
}

/* read the schema as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("designs15", setup, NULL,
	{"E91: caches and artifacts stand", test_e91_caches_and_artifacts_stand},
	{"E92: rollups salted with a subscriber index (reads to rewrite as judged)",
	 test_e92_rollups_salted_with_a_subscriber_index},
	{"E93: an object index and two drops (the desc_key losing the tenant: disagreement)",
	 test_e93_audit_index_and_two_drops},
	{"E94: offers spread, a salted listing index, the price index dropped",
	 test_e94_offers_spread_listing_index_price_index_dropped},
	{"E95: a reviewer index, review_by_date dropped", test_e95_reviewer_index},
	{"E96: alarms spread within four columns, a DMA index", test_e96_alarms_spread_dma_index})
