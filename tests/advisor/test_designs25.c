/* Six designs nobody on the advisor's side had seen (issue 21, twenty-fifth
 * round with designs24: E151-E156 of tests/advisor/designs25.md; each cites
 * its public source there; the expectations were committed before keyplan
 * ran). Schemas and workloads are read from the designs' own files
 * (designs25/EN.schema.sql and EN.workload.sql; designs25/applied/ for the
 * recommendation applied back, E151's workload rewritten by
 * whatif/README.md's rules). Each test asserts, per table, the recommended
 * items (kind, key, DDL or IndexMeta) the designer judged right, the verdict
 * where a table stands, every statement's plan, what must not be advised
 * (the designer's "not right" and "harmful" lists), nothing served made
 * worse; then the recommendation applied back and re-planned: every plan as
 * it is then, and check recommends nothing more where the designer found a
 * fixpoint.
 *
 * Disagreements with the first run (designs25.md, "Results of the first
 * run", on a7c90735) are left here, not asserted as right:
 * - E151: the describe index (cluster_id, involved_uid, first_ts) required
 *   with the spread is missing (alternative #4 only): the search stops after
 *   the key change; applied, check recommends it at once (led by
 *   cluster_id_key): no fixpoint. Asserted: the spread as judged right, the
 *   time reads named, nothing harmful; neither the recommendation's whole
 *   list nor the describe read's change nor the applied fixpoint, so that
 *   the fix (advisor55) that adds the index keeps this test.
 * - E153: POST's second index (POST_TYPE_ID, LAST_ACTIVITY_DATE) and the drop
 *   of POST_BY_ACTIVITY are not right (the covered index stands; the Active
 *   tab is already served). Asserted: the profile index under the tenant,
 *   POST_BY_PARENT kept, VOTE standing, every index led by the tenant;
 *   neither the whole list nor the Active tab's change nor POST's applied
 *   fixpoint (the applied file has the replacement the designer counts not
 *   right), so that the fix (advisor57: value shares, default savings) that
 *   keeps POST_BY_ACTIVITY keeps this test.
 * Costs and row counts are not asserted: later fixes move them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

/* Every index or key table's recommendation makes is led by lead (a
 * MULTI_TENANT table's tenant column). */
static void expect_all_led_by(const run *r, const char *table, const char *lead)
{
	const kp_table_review *v = review_of(r, table);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	for (uint32_t i = 0; i < v->recommended.n; i++) {
		const kp_advice *x = v->recommended.items[i];
		if (!x->key)
			continue;
		if (strncmp(x->key, lead, strlen(lead)))
			fprintf(stderr, "\n  %s: recommended %s %s, not led by %s\n", table, x->kind, x->key, lead);
		CU_ASSERT_EQUAL(strncmp(x->key, lead, strlen(lead)), 0);
	}
}

/* E151: Kubernetes Events exported from a fleet of clusters (Lindorm).
 * Required: a bucket spreading the cluster's time range (before first_ts);
 * an index (cluster_id, involved_uid, first_ts) for the describe read. No
 * index for the warnings read. Harmful: a key or index led by first_ts,
 * event_type or reason unspread; the time reads left refused unnamed.
 * First run: the spread right; the index MISSING (head comment). */
static void test_e151_events_spread(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E151.schema.sql", "E151.workload.sql", KP_TARGET_LINDORM, texts);
	const kp_advice *s =
	        recommended_key(&r, "k8s_event", "salt_buckets", "[bucket + cluster_id][first_ts][event_uid]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->ddl, "cluster_id_key VARCHAR(39) NOT NULL, PRIMARY KEY (cluster_id_key, "
	                                      "first_ts, event_uid))"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "bucket = hash(event_uid) % 16"));
	/* the time reads: one read a bucket, named (Lindorm sorts nothing) */
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "poll each bucket on its own"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "w.sql:14 (weight 3000)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "w.sql:17 (weight 2000)"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "k8s_event", 14), ""); /* the warnings */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "k8s_event", 17), ""); /* the event list */
	expect_none_of(&r, "k8s_event",
	               (const char *const[]){"desc_key", "drop_index", "rebuild_index", "widen_index", "index_table",
	                                     "search_index", NULL});
	expect_no_recommended_lead(&r, "k8s_event", "[first_ts");
	expect_no_recommended_lead(&r, "k8s_event", "[event_type");
	expect_no_recommended_lead(&r, "k8s_event", "[reason");
	expect_no_recommended_lead(&r, "k8s_event", "[cluster_id][event_type"); /* the warnings index */
	expect_no_recommended_lead(&r, "k8s_event", "[cluster_id_key][event_type");
	expect_nothing_worse(&r, "k8s_event");
	expect_plans(&r, "11 FILTERED SCAN reverse; 14 FILTERED SCAN reverse; 17 SCAN reverse");
	free_files(&r, texts);
	/* applied (the reads one a bucket): each read as it was, on one bucket;
	 * no fixpoint asserted (the describe index missing, head comment) */
	expect_applied("applied/E151.schema.sql", "applied/E151.workload.sql", KP_TARGET_LINDORM,
	               "11 FILTERED SCAN reverse; 14 FILTERED SCAN reverse; 17 SCAN reverse",
	               (const char *const[]){NULL});
}

/* E152: Spotify's "Liked Songs" and play history (Lindorm). Required: an
 * index (user_id, added_at) on saved_track; play_event re-keyed
 * [user_id][played_at]. Stand: saved_track's key. Harmful: play_event still
 * led by played_at unspread; the library re-keyed. First run: both right. */
static void test_e152_library_index_plays_rekeyed(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E152.schema.sql", "E152.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "saved_track", "secondary_index [user_id][added_at DESC][track_id]");
	const kp_advice *i = recommended_kind(&r, "saved_track", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl, "CREATE INDEX idx_saved_track_user_id_added_at_desc ON saved_track (user_id, "
	                               "added_at DESC)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "saved_track", 12), "SCAN -> SCAN"); /* Liked Songs, the sort gone */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "saved_track", 9), "");              /* the heart icon's GET */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "saved_track", 6), "");              /* the remove */
	expect_recommended(&r, "play_event", "reorder_key [user_id][played_at DESC]");
	const kp_advice *k = recommended_kind(&r, "play_event", "reorder_key");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_STRING_EQUAL(k->ddl, "CREATE TABLE play_event (played_at BIGINT NOT NULL, user_id VARCHAR(32) NOT "
	                               "NULL, track_id VARCHAR(22), context_uri VARCHAR(128), ms_played INTEGER, "
	                               "device_type VARCHAR(32), PRIMARY KEY (user_id, played_at DESC))");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "play_event", 19), "FILTERED SCAN -> SCAN"); /* recently played */
	expect_none_of(&r, "saved_track",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "index_table",
	                                     "search_index", NULL});
	expect_none_of(&r, "play_event", (const char *const[]){"secondary_index", "index_table", "search_index", NULL});
	for (const char *const *t = (const char *const[]){"saved_track", "play_event", NULL}; *t; t++) {
		expect_no_recommended_lead(&r, *t, "[played_at");
		expect_no_recommended_lead(&r, *t, "[added_at");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "6 GET; 9 GET; 12 SCAN sorted; 19 FILTERED SCAN reverse");
	free_files(&r, texts);
	expect_applied("applied/E152.schema.sql", "applied/E152.workload.sql", KP_TARGET_LINDORM,
	               "6 GET; 9 GET; 12 SCAN via idx_saved_track_user_id_added_at_desc; 19 SCAN",
	               (const char *const[]){"saved_track", "play_event", NULL});
}

/* E153: the Stack Exchange network's posts and votes, multi-tenant
 * (Phoenix). Required: an index (owner_user_id, creation_date) under the
 * tenant, covered. Stand: post's key, post_by_parent, post_by_activity,
 * vote. Harmful: the tenant lost (an index or key not led by SITE_ID);
 * post_by_parent or post_by_activity dropped; an index led by
 * last_activity_date or creation_date outside a tenant. First run: the
 * profile index right; the (POST_TYPE_ID, LAST_ACTIVITY_DATE) index and the
 * drop of POST_BY_ACTIVITY NOT RIGHT (head comment). */
static void test_e153_profile_index_under_tenant(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E153.schema.sql", "E153.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_advice *i =
	        recommended_key(&r, "POST", "secondary_index", "[SITE_ID][OWNER_USER_ID][CREATION_DATE][POST_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl,
	                       "CREATE INDEX idx_POST_SITE_ID_OWNER_USER_ID_CREATION_DATE ON POST "
	                       "(OWNER_USER_ID, CREATION_DATE) INCLUDE (POST_TYPE_ID, PARENT_ID, SCORE, TITLE)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "POST", 42), "FILTERED SCAN -> SCAN"); /* the profile */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "POST", 30), "");                      /* the question's GET */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "POST", 33), "");                      /* its answers */
	expect_kept(&r, "POST", "POST_BY_PARENT");
	expect_recommended(&r, "VOTE", "");
	for (const char *const *t = (const char *const[]){"POST", "VOTE", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
		                                     "rebuild_index", "index_table", "search_index", NULL});
		expect_all_led_by(&r, *t, "[SITE_ID]");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "30 GET; 33 SCAN via POST_BY_PARENT; 36 SCAN; 39 FILTERED SCAN via POST_BY_ACTIVITY reverse; "
	                 "42 FILTERED SCAN sorted");
	free_files(&r, texts);
	/* applied (the three items, as the designer applied them): the profile
	 * read backwards through its index; VOTE stands (POST's fixpoint is on
	 * the replacement counted not right: not asserted) */
	expect_applied("applied/E153.schema.sql", "applied/E153.workload.sql", KP_TARGET_PHOENIX,
	               "30 GET; 33 SCAN via POST_BY_PARENT; 36 SCAN; 39 SCAN via "
	               "IDX_POST_SITE_ID_POST_TYPE_ID_LAST_ACTIVITY_DATE reverse; 42 SCAN via "
	               "IDX_POST_SITE_ID_OWNER_USER_ID_CREATION_DATE reverse",
	               (const char *const[]){"VOTE", NULL});
}

/* E154: Kubernetes audit events and node leases of a fleet (Phoenix).
 * Required: audit_by_verb salted or bucketed, not dropped, the detector's
 * read named. Stand: audit_event's key; node_lease, with no index. Harmful:
 * an index led by request_ts, renew_time or verb unspread; audit_by_verb
 * dropped unnamed; a key not led by cluster_id. First run: right. */
static void test_e154_verb_index_salted(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E154.schema.sql", "E154.workload.sql", KP_TARGET_PHOENIX, texts);
	expect_recommended(&r, "AUDIT_EVENT", "rebuild_index [salt][VERB][REQUEST_TS][CLUSTER_ID][AUDIT_ID]");
	const kp_advice *b = recommended_kind(&r, "AUDIT_EVENT", "rebuild_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_STRING_EQUAL(b->ddl, "DROP INDEX AUDIT_BY_VERB ON AUDIT_EVENT; CREATE INDEX AUDIT_BY_VERB ON "
	                               "AUDIT_EVENT (VERB, REQUEST_TS) INCLUDE (USERNAME, OBJECT_RESOURCE, "
	                               "OBJECT_NAMESPACE, OBJECT_NAME) SALT_BUCKETS = 16");
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, "one scan per bucket, merged by Phoenix in the index's key order "
	                                          "(its reads: w.sql:10 (weight 1))")); /* the detector, named */
	CU_ASSERT_PTR_NOT_NULL(strstr(review_of(&r, "AUDIT_EVENT")->indexes, "AUDIT_BY_VERB rebuilt"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "AUDIT_EVENT", 10), ""); /* the detector */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "AUDIT_EVENT", 7), "");  /* the console's page */
	expect_recommended(&r, "NODE_LEASE", "");
	for (const char *const *t = (const char *const[]){"AUDIT_EVENT", "NODE_LEASE", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
		                                     "drop_index", "secondary_index", "index_table", "search_index",
		                                     NULL});
		expect_no_recommended_lead(&r, *t, "[REQUEST_TS");
		expect_no_recommended_lead(&r, *t, "[RENEW_TIME");
		expect_no_recommended_lead(&r, *t, "[VERB");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "7 SCAN reverse; 10 SCAN via AUDIT_BY_VERB; 17 SCAN; 20 FILTERED SCAN");
	free_files(&r, texts);
	expect_applied("applied/E154.schema.sql", "applied/E154.workload.sql", KP_TARGET_PHOENIX,
	               "7 SCAN reverse; 10 SCAN via AUDIT_BY_VERB; 17 SCAN; 20 FILTERED SCAN",
	               (const char *const[]){"AUDIT_EVENT", "NODE_LEASE", NULL});
}

/* E155: kine, the etcd shim of k3s, on Tablestore. Required: a secondary
 * index [cluster_id][name] (revision appended) holding create_revision,
 * deleted, lease_id, value. Stand: the key (no spread, no desc_key of the
 * generated revision). Harmful: those unnamed; a key or index led by
 * revision or name without the cluster; a fifth key column. First run:
 * right. */
static void test_e155_kine_name_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E155.schema.sql", "E155.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "kine", "secondary_index [cluster_id][name][revision]");
	const kp_advice *i = recommended_kind(&r, "kine", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_PTR_NULL(i->ddl); /* Tablestore takes no SQL for it */
	CU_ASSERT_PTR_NOT_NULL(strstr(i->message, "IndexMeta: primary key [cluster_id][name][revision], the key "
	                                          "columns of kine added by the store; defined columns deleted, "
	                                          "create_revision, lease_id, value)"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "kine", 11), "FILTERED SCAN -> SCAN"); /* the Get */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "kine", 14), "FILTERED SCAN -> SCAN"); /* the List */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "kine", 17), "");                      /* the watch */
	expect_none_of(&r, "kine",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "index_table",
	                                     "search_index", NULL});
	expect_no_recommended_lead(&r, "kine", "[revision");
	expect_no_recommended_lead(&r, "kine", "[name");
	expect_nothing_worse(&r, "kine");
	expect_plans(&r, "8 GET; 11 FILTERED SCAN reverse; 14 FILTERED SCAN; 17 SCAN");
	free_files(&r, texts);
	expect_applied("applied/E155.schema.sql", "applied/E155.workload.sql", KP_TARGET_TABLESTORE,
	               "8 GET; 11 SCAN via idx_kine_cluster_id_name_revision reverse; 14 SCAN via "
	               "idx_kine_cluster_id_name_revision; 17 SCAN",
	               (const char *const[]){"kine", NULL});
}

/* E156: Spotify's playlists, their items and followers (Tablestore).
 * Required: item_by_adder dropped; playlist_follower by user_id (an index,
 * or the re-key [user_id][playlist_id], the same item). Stand:
 * playlist_item's key, no index for the remove's read. Harmful: a key of
 * playlist_item not led by (playlist_id, item_rank); an index led by
 * added_at or followed_at; a fifth key column. First run: both right. */
static void test_e156_adder_dropped_followers_by_user(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E156.schema.sql", "E156.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "playlist_item", "drop_index [added_by][added_at][playlist_id][item_rank][item_id]");
	const kp_advice *d = recommended_kind(&r, "playlist_item", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_PTR_NULL(d->ddl); /* Tablestore takes no SQL for it */
	CU_ASSERT_PTR_NOT_NULL(strstr(d->message, "no statement of the workload reads through item_by_adder"));
	CU_ASSERT_PTR_NOT_NULL(strstr(d->message, "deleted with the DeleteIndex operation"));
	CU_ASSERT_PTR_NOT_NULL(strstr(review_of(&r, "playlist_item")->indexes, "item_by_adder dropped"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "playlist_item", 3), "");  /* the page */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "playlist_item", 14), ""); /* the remove's read */
	expect_recommended(&r, "playlist_follower", "reorder_key [user_id][playlist_id]");
	const kp_advice *k = recommended_kind(&r, "playlist_follower", "reorder_key");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_STRING_EQUAL(k->ddl, "CREATE TABLE playlist_follower (playlist_id VARCHAR(22) NOT NULL, user_id "
	                               "VARCHAR(64) NOT NULL, followed_at BIGINT, is_public BIGINT, PRIMARY KEY "
	                               "(user_id, playlist_id))");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "playlist_follower", 28), "full scan -> SCAN"); /* Your Library */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "playlist_follower", 22), "");                  /* the unfollow */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "playlist_follower", 25), "");                  /* the heart */
	expect_none_of(&r, "playlist_item",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
	                                     "secondary_index", "rebuild_index", "index_table", "search_index", NULL});
	expect_none_of(&r, "playlist_follower",
	               (const char *const[]){"desc_key", "salt_buckets", "hash_prefix", "drop_index", "index_table",
	                                     "search_index", NULL});
	for (const char *const *t = (const char *const[]){"playlist_item", "playlist_follower", NULL}; *t; t++) {
		expect_no_recommended_lead(&r, *t, "[added_at");
		expect_no_recommended_lead(&r, *t, "[followed_at");
		expect_no_recommended_lead(&r, *t, "[track_uri");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "3 SCAN; 9 GET; 14 FILTERED SCAN; 16 GET; 22 GET; 25 GET; 28 full scan");
	free_files(&r, texts);
	expect_applied("applied/E156.schema.sql", "applied/E156.workload.sql", KP_TARGET_TABLESTORE,
	               "3 SCAN; 9 GET; 14 FILTERED SCAN; 16 GET; 22 GET; 25 GET; 28 SCAN",
	               (const char *const[]){"playlist_item", "playlist_follower", NULL});
}

static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("designs25", setup, NULL,
          {"E151: the events spread (the describe index missing today)", test_e151_events_spread},
          {"E152: an index for the library, the plays re-keyed by user", test_e152_library_index_plays_rekeyed},
          {"E153: the profile index under the tenant", test_e153_profile_index_under_tenant},
          {"E154: the verb index salted", test_e154_verb_index_salted},
          {"E155: kine's name index", test_e155_kine_name_index},
          {"E156: the adder index dropped, the followers by user", test_e156_adder_dropped_followers_by_user})
