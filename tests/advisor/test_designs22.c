/* Six designs nobody on the advisor's side had seen (issue 21, twenty-second
 * round with designs23, the first designer: E133-E138 of
 * tests/advisor/designs22.md; each cites its public source there; the
 * expectations were committed before keyplan ran). Schemas and workloads
 * are read from the designs' own files (designs22/EN.schema.sql and
 * EN.workload.sql; designs22/applied/EN.schema.sql for the recommendation
 * applied back, re-planned on the same workload). Each test asserts, per
 * table, the recommended items (kind, key, DDL or IndexMeta) the designer
 * judged right, the verdict where a table stands, every statement's plan,
 * what must not be advised (the designer's "not right" and "harmful"
 * lists), nothing served made worse; then the recommendation applied back
 * and re-planned: every plan as it is then, and check recommends nothing
 * more where the designer found a fixpoint (all six).
 *
 * The first run (designs22.md, "Results of the first run", on 7e22209)
 * counted 9 of 12 items right, none harmful, every required fix present.
 * The three items not right (E133's new covered index with its coupled
 * drop of request_by_service, E135's backlog index; both gone since, E133's
 * by advisor48's served range read, now asserted standing) are not asserted as
 * right: their tests assert what must hold and leave the disagreement in a
 * comment. Noise the designer did not count (KP121/KP102 alternatives on
 * tables the rates clear, E136's KP101 wording in the applied run, E138's
 * KP120 naming an index that exists) is not asserted either way. Costs and
 * row counts are not asserted: later fixes move them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

/* E133: Open311 GeoReport v2, a city's service requests, tokens and
 * services (Lindorm). Expected: the design stands, no item. Not right: a
 * hash or salt on service_request or request_by_service, an index on
 * status. Harmful: a key of service_request that loses the request page's
 * GET; dropping request_by_service with the list left a filtered scan of
 * the city; a key of request_token other than the token.
 * The first run recommended a new covered index (service_code,
 * jurisdiction_id, status, requested_at) and, coupled with it, DROP INDEX
 * request_by_service, for a factor of two on a covered filtered range read
 * (designs22.md, "Why", E133: not right). Since advisor48 ("A served
 * range read", docs/advice.md) the list is served and the table stands, as
 * expected: asserted, with no key change, no spread, no index led by
 * status, the list as it is. */
static void test_e133_design_stands(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E133.schema.sql", "E133.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "service_request", "");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "service_request", 21), ""); /* the list, served as it is */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "service_request", 15), ""); /* the request page: a GET */
	expect_recommended(&r, "request_token", "");
	expect_recommended(&r, "service", "");
	for (const char *const *t = (const char *const[]){"service_request", "request_token", "service", NULL}; *t;
	     t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
		                                     "rebuild_index", "index_table", "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[status");
		expect_no_recommended_lead(&r, *t, "[requested_at");
		expect_no_recommended_lead(&r, *t, "[service_request_id");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "15 GET; 18 GET; 21 FILTERED SCAN via request_by_service; 24 SCAN; 27 GET");
	free_files(&r, texts);
	/* applied (keyplan's two items, as the designer applied them): the list
	 * a SCAN of the new index; every table stands */
	expect_applied(
	        "applied/E133.schema.sql", "E133.workload.sql", KP_TARGET_LINDORM,
	        "15 GET; 18 GET; 21 SCAN via idx_service_request_service_code_jurisdiction_id_status_requested_at; "
	        "24 SCAN; 27 GET",
	        (const char *const[]){"service_request", "request_token", "service", NULL});
}

/* E134: Home Assistant's long-term statistics for a fleet (Lindorm).
 * Required: statistics re-keyed [metadata_id][start_ts] (DESC equivalent),
 * the copy named; short_term_by_start dropped (read by nothing, hot).
 * Stand: statistics_meta, statistics_short_term's key. Harmful: a key of
 * statistics still led by start_ts unspread; a key of
 * statistics_short_term led by start_ts; an index led by start_ts; a
 * change to statistics_meta. First run: both right. */
static void test_e134_statistics_rekeyed_short_term_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E134.schema.sql", "E134.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "statistics", "reorder_key [metadata_id][start_ts DESC]");
	const kp_advice *k = recommended_kind(&r, "statistics", "reorder_key");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->ddl, "PRIMARY KEY (metadata_id, start_ts DESC))"));
	expect_target_takes(k->ddl, KP_TARGET_LINDORM);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->message, "migration")); /* the copy named */
	CU_ASSERT_STRING_EQUAL(worse_lines(k), "");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "statistics", 14), "FILTERED SCAN -> SCAN"); /* a statistic's week */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "statistics", 17), "REJECTED -> SCAN");      /* the newest row */
	expect_recommended(&r, "statistics_short_term", "drop_index [start_ts][metadata_id]");
	const kp_advice *d = recommended_kind(&r, "statistics_short_term", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX short_term_by_start ON statistics_short_term");
	CU_ASSERT_PTR_NOT_NULL(strstr(review_of(&r, "statistics_short_term")->indexes, "short_term_by_start dropped"));
	expect_recommended(&r, "statistics_meta", "");
	for (const char *const *t =
	             (const char *const[]){"statistics_meta", "statistics", "statistics_short_term", NULL};
	     *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"secondary_index", "rebuild_index", "widen_index", "index_table",
		                                     "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[start_ts");
		expect_nothing_worse(&r, *t);
	}
	expect_none_of(&r, "statistics_short_term",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", NULL});
	expect_plans(&r, "11 GET; 14 FILTERED SCAN; 17 REJECTED reverse; 20 SCAN");
	free_files(&r, texts);
	/* applied: both statistics reads SCANs of one statistic; every table
	 * stands */
	expect_applied("applied/E134.schema.sql", "E134.workload.sql", KP_TARGET_LINDORM,
	               "11 GET; 14 SCAN; 17 SCAN; 20 SCAN",
	               (const char *const[]){"statistics_meta", "statistics", "statistics_short_term", NULL});
}

/* E135: Jira's issues, key, issue-id and assignee indexes, the updated
 * index (Phoenix). Required: issue_by_updated dropped. Stand: the key,
 * issue_by_id, issue_by_assignee, the view; nothing for the LIKE read. Not
 * right: a salt on jira_issue. Harmful: dropping issue_by_id or
 * issue_by_assignee; a key that loses the GET; an index led by updated_ms
 * or status_category. First run: the drop right.
 * DISAGREEMENT (designs22.md, "Why", E135): keyplan also recommends a
 * covered index (PROJECT_ID, STATUS_CATEGORY, ISSUE_NUM DESC) for the
 * backlog view's LIMIT 50 read; the designer counts it not right, not
 * harmful (the view's read kept as it is; the LIMIT read costed as more
 * rows than it reads). Not asserted as right: asserted is that it is not
 * worse and that nothing harmful is advised. */
static void test_e135_updated_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E135.schema.sql", "E135.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_advice *d = recommended_key(&r, "JIRA_ISSUE", "drop_index", "[UPDATED_MS][PROJECT_ID][ISSUE_NUM]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX ISSUE_BY_UPDATED ON JIRA_ISSUE");
	CU_ASSERT_EQUAL(count_kind(&r, "drop_index"), 1);
	const kp_table_review *v = review_of(&r, "JIRA_ISSUE");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_PTR_NOT_NULL(strstr(v->indexes, "ISSUE_BY_UPDATED dropped"));
	expect_kept(&r, "JIRA_ISSUE", "ISSUE_BY_ID");
	expect_kept(&r, "JIRA_ISSUE", "ISSUE_BY_ASSIGNEE");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "JIRA_ISSUE", 19), ""); /* the GET by project and number */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "JIRA_ISSUE", 22), ""); /* by issue id */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "JIRA_ISSUE", 25), ""); /* by assignee */
	expect_none_of(&r, "JIRA_ISSUE",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "rebuild_index",
	                                     "index_table", "search_index", NULL});
	expect_no_recommended_lead(&r, "JIRA_ISSUE", "[UPDATED_MS");
	expect_no_recommended_lead(&r, "JIRA_ISSUE", "[STATUS_CATEGORY");
	expect_no_recommended_lead(&r, "JIRA_ISSUE", "[SUMMARY");
	expect_nothing_worse(&r, "JIRA_ISSUE");
	expect_plans(&r, "19 GET; 22 SCAN via ISSUE_BY_ID; 25 SCAN via ISSUE_BY_ASSIGNEE; 28 FILTERED SCAN reverse; 31 "
	                 "full scan via ISSUE_BY_ASSIGNEE");
	free_files(&r, texts);
	/* applied (both items, as the designer applied them): the backlog a
	 * SCAN of the new index, the LIKE read a full scan either way; the
	 * table stands */
	expect_applied("applied/E135.schema.sql", "E135.workload.sql", KP_TARGET_PHOENIX,
	               "19 GET; 22 SCAN via ISSUE_BY_ID; 25 SCAN via ISSUE_BY_ASSIGNEE; 28 SCAN via "
	               "IDX_JIRA_ISSUE_PROJECT_ID_STATUS_CATEGORY_ISSUE_NUM_DESC; 31 full scan via "
	               "IDX_JIRA_ISSUE_PROJECT_ID_STATUS_CATEGORY_ISSUE_NUM_DESC",
	               (const char *const[]){"JIRA_ISSUE", NULL});
}

/* E136: Jira's change history and worklogs (Phoenix). Required: an index
 * (author_id, started_ms); an index on updated_ms (no hotspot at 290 rows
 * a second). Stand: worklog's key, worklog_by_issue, issue_changelog. Not
 * right: a salt or re-key of worklog. Harmful: a key of worklog that loses
 * the GET by worklog_id; dropping worklog_by_issue. First run: both
 * right. */
static void test_e136_timesheet_and_sync_indexes(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E136.schema.sql", "E136.workload.sql", KP_TARGET_PHOENIX, texts);
	expect_recommended(
	        &r, "WORKLOG",
	        "secondary_index [AUTHOR_ID][STARTED_MS][WORKLOG_ID]; secondary_index [UPDATED_MS][WORKLOG_ID]");
	const kp_advice *a = recommended_key(&r, "WORKLOG", "secondary_index", "[AUTHOR_ID][STARTED_MS][WORKLOG_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_STRING_EQUAL(a->ddl,
	                       "CREATE INDEX idx_WORKLOG_AUTHOR_ID_STARTED_MS ON WORKLOG (AUTHOR_ID, STARTED_MS) "
	                       "INCLUDE (ISSUE_ID, COMMENT_TEXT, TIME_SPENT_S)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "WORKLOG", 24), "full scan -> SCAN"); /* the timesheet */
	const kp_advice *u = recommended_key(&r, "WORKLOG", "secondary_index", "[UPDATED_MS][WORKLOG_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(u);
	CU_ASSERT_STRING_EQUAL(u->ddl, "CREATE INDEX idx_WORKLOG_UPDATED_MS ON WORKLOG (UPDATED_MS)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "WORKLOG", 27), "full scan -> SCAN"); /* the sync */
	expect_kept(&r, "WORKLOG", "WORKLOG_BY_ISSUE");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "WORKLOG", 18), ""); /* the GET by worklog_id */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "WORKLOG", 21), ""); /* by issue */
	expect_recommended(&r, "ISSUE_CHANGELOG", "");
	for (const char *const *t = (const char *const[]){"ISSUE_CHANGELOG", "WORKLOG", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
		                                     "drop_index", "rebuild_index", "index_table", "search_index",
		                                     NULL});
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "7 SCAN reverse; 18 GET; 21 SCAN via WORKLOG_BY_ISSUE; 24 full scan via WORKLOG_BY_ISSUE; 27 "
	                 "full scan via WORKLOG_BY_ISSUE sorted");
	free_files(&r, texts);
	/* applied: the timesheet and the sync SCANs of their indexes; both
	 * tables stand */
	expect_applied("applied/E136.schema.sql", "E136.workload.sql", KP_TARGET_PHOENIX,
	               "7 SCAN reverse; 18 GET; 21 SCAN via WORKLOG_BY_ISSUE; 24 SCAN via "
	               "IDX_WORKLOG_AUTHOR_ID_STARTED_MS; 27 SCAN via IDX_WORKLOG_UPDATED_MS",
	               (const char *const[]){"ISSUE_CHANGELOG", "WORKLOG", NULL});
}

/* E137: Home Assistant's states and events for a fleet of homes
 * (Tablestore, four key columns). Required: the entity's history served by
 * a range of the entity, an index (home_id, metadata_id, last_updated_ts)
 * or a re-key within four columns. Stand: events (an index (home_id,
 * time_fired_ts) for the logbook optional). Harmful: past Tablestore's
 * limits; a key of states led by last_updated_ts or metadata_id alone; any
 * change to events' key. First run: both right (the index; the optional
 * events index). */
static void test_e137_entity_history_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E137.schema.sql", "E137.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "states", "secondary_index [home_id][metadata_id][last_updated_ts]");
	const kp_advice *i = recommended_kind(&r, "states", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_PTR_NOT_NULL(strstr(i->message, "IndexMeta: primary key [home_id][metadata_id][last_updated_ts]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(i->message, "defined columns state, attributes_id, last_changed_ts)"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "states", 11), "FILTERED SCAN -> SCAN"); /* the history */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "states", 14), "FILTERED SCAN -> SCAN"); /* the start state */
	/* the optional index for the logbook's every-event read */
	expect_recommended(&r, "events", "secondary_index [home_id][time_fired_ts][event_type][event_id]");
	const kp_advice *e = recommended_kind(&r, "events", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_PTR_NOT_NULL(
	        strstr(e->message, "IndexMeta: primary key [home_id][time_fired_ts][event_type][event_id]"));
	for (const char *const *t = (const char *const[]){"states", "events", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
		                                     "index_table", "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[last_updated_ts");
		expect_no_recommended_lead(&r, *t, "[metadata_id");
		expect_no_recommended_lead(&r, *t, "[time_fired_ts");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "11 FILTERED SCAN; 14 FILTERED SCAN reverse; 17 SCAN; 20 SCAN; 23 FILTERED SCAN");
	free_files(&r, texts);
	/* applied (the CreateIndex operations written as CREATE INDEX): the
	 * target takes both within its limits; both tables stand */
	expect_applied("applied/E137.schema.sql", "E137.workload.sql", KP_TARGET_TABLESTORE,
	               "11 SCAN via idx_states_home_id_metadata_id_last_updated_ts; 14 SCAN via "
	               "idx_states_home_id_metadata_id_last_updated_ts reverse; 17 SCAN; 20 SCAN; 23 SCAN via "
	               "idx_events_home_id_time_fired_ts",
	               (const char *const[]){"states", "events", NULL});
}

/* E138: an Open311 aggregator of 300 cities, the "updated since" feed
 * (Tablestore). Required: an index (jurisdiction_id, updated_ts) including
 * service_code, status, status_notes (or a search index). Stand: the key,
 * request_by_service; for the duplicate check an index led by the city and
 * lat optional. Harmful: a key led by updated_ts or service_code; dropping
 * request_by_service; more than four index columns. First run: both right
 * (the feed's index; the optional duplicate-check index). */
static void test_e138_updated_since_feed_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E138.schema.sql", "E138.workload.sql", KP_TARGET_TABLESTORE, texts);
	const kp_advice *f = recommended_key(&r, "service_request", "secondary_index",
	                                     "[jurisdiction_id][updated_ts][service_request_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_PTR_NOT_NULL(
	        strstr(f->message, "IndexMeta: primary key [jurisdiction_id][updated_ts][service_request_id]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(f->message, "defined columns service_code, status, status_notes)"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "service_request", 17), "FILTERED SCAN -> SCAN"); /* the feed */
	/* the optional index for the duplicate check (weight 1) */
	const kp_advice *g =
	        recommended_key(&r, "service_request", "secondary_index", "[jurisdiction_id][lat][service_request_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	CU_ASSERT_PTR_NOT_NULL(strstr(g->message, "IndexMeta: primary key [jurisdiction_id][lat][service_request_id]"));
	CU_ASSERT_EQUAL(count_kind(&r, "secondary_index"), 2);
	expect_kept(&r, "service_request", "request_by_service");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "service_request", 14), ""); /* the list */
	expect_none_of(&r, "service_request",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "drop_index",
	                                     "rebuild_index", "index_table", NULL});
	expect_no_recommended_lead(&r, "service_request", "[updated_ts");
	expect_no_recommended_lead(&r, "service_request", "[service_code");
	expect_nothing_worse(&r, "service_request");
	expect_plans(&r, "8 GET; 11 GET; 14 SCAN via request_by_service; 17 FILTERED SCAN sorted; 20 FILTERED SCAN");
	free_files(&r, texts);
	/* applied: the feed a SCAN of its index, the duplicate check a
	 * FILTERED SCAN of the city's lat range that runs; the table stands */
	expect_applied("applied/E138.schema.sql", "E138.workload.sql", KP_TARGET_TABLESTORE,
	               "8 GET; 11 GET; 14 SCAN via request_by_service; 17 SCAN via "
	               "idx_service_request_jurisdiction_id_updated_ts; 20 FILTERED SCAN via "
	               "idx_service_request_jurisdiction_id_lat",
	               (const char *const[]){"service_request", NULL});
}

/* E135: Jira's issues (Phoenix). Required: ISSUE_BY_UPDATED dropped (no
 * read goes through it, 1,850 writes a second keep it). Not right (first
 * run on 7e22209): a third covered index (PROJECT_ID, STATUS_CATEGORY,
 * ISSUE_NUM DESC) for the backlog view's reverse LIMIT 50 read. The view
 * filters by status_category = 'new', of 3 stated values: the read keeps
 * a third of the project's rows and reads about 150 for its 50. keyplan
 * took the share from the statement's own WHERE alone, found no filter
 * column there and used the default 10%: 500 rows, a gain of 450 a read
 * that paid for the index. advisor46: now the view's = columns count (cost.c,
 * filter_share): the index is an alternative, not recommended. */
static void test_e135_backlog_view_read_served(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E135.schema.sql", "E135.workload.sql", KP_TARGET_PHOENIX, texts);
	expect_recommended(&r, "JIRA_ISSUE", "drop_index [UPDATED_MS][PROJECT_ID][ISSUE_NUM]");
	expect_no_recommended_kind(&r, "JIRA_ISSUE", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL(
	    alternative(&r, "JIRA_ISSUE", "secondary_index", "[PROJECT_ID][STATUS_CATEGORY][ISSUE_NUM DESC]"));
	/* the backlog read stays as it is: a FILTERED SCAN of the view */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "JIRA_ISSUE", 28), "");
	expect_kept(&r, "JIRA_ISSUE", "ISSUE_BY_ID");
	expect_kept(&r, "JIRA_ISSUE", "ISSUE_BY_ASSIGNEE");
	expect_nothing_worse(&r, "JIRA_ISSUE");
	free_files(&r, texts);
}

/* read the schema as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("designs22", setup, NULL,
          {"E133: the design stands (two items not right, nothing harmful)", test_e133_design_stands},
          {"E134: statistics re-keyed by the statistic, the short-term index dropped",
           test_e134_statistics_rekeyed_short_term_index_dropped},
          {"E135: the updated index dropped", test_e135_updated_index_dropped},
          {"E135: the backlog view's LIMIT read served, no third index for it", test_e135_backlog_view_read_served},
          {"E136: the timesheet and sync indexes", test_e136_timesheet_and_sync_indexes},
          {"E137: the entity's history through an index", test_e137_entity_history_index},
          {"E138: the updated-since feed's index", test_e138_updated_since_feed_index})
