/* Six designs nobody on the advisor's side had seen (issue 21, twenty-third
 * round with designs22, the second designer: E139-E144 of
 * tests/advisor/designs23.md; each cites its public source there; the
 * expectations were committed before keyplan ran). Schemas and workloads
 * are read from the designs' own files (designs23/EN.schema.sql and
 * EN.workload.sql; designs23/applied/ for the recommendation applied back).
 * Each test asserts, per table, the recommended items (kind, key, DDL or
 * IndexMeta) the designer judged right, the verdict where a table stands,
 * every statement's plan, what must not be advised (the designer's "not
 * right" and "harmful" lists), nothing served made worse; then the
 * recommendation applied back and re-planned: every plan as it is then,
 * and check recommends nothing more where the designer found a fixpoint.
 *
 * Disagreements with the first run (designs23.md, "Results of the first
 * run", on 7e22209) are left in comments, not asserted as right: E140's
 * required index for the agent's view is missing; E141's drop of
 * block_by_parent is not right (the index stands); E143's applied SIEM read
 * is read and sorted in more rows than the advice said. Costs and row
 * counts are not asserted: later fixes move them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

/* E139: Slack's messages, threads and reactions (Lindorm). Required: a
 * thread index (channel_id, thread_ts[, ts]); message_by_user dropped.
 * Stand: message's key, reaction. Harmful: a key of message not led by
 * channel_id; an index led by ts or thread_ts unspread. First run: both
 * right. */
static void test_e139_thread_index_user_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E139.schema.sql", "E139.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "message",
	                   "secondary_index [channel_id][thread_ts][ts]; drop_index [user_id][ts][channel_id]");
	const kp_advice *i = recommended_kind(&r, "message", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl, "CREATE INDEX idx_message_channel_id_thread_ts_ts ON message (channel_id, "
	                               "thread_ts, ts) INCLUDE (user_id, msg_text, edited_ts)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "message", 18), "FILTERED SCAN -> SCAN"); /* the thread */
	const kp_advice *d = recommended_kind(&r, "message", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX message_by_user ON message");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "message", 15), ""); /* the history */
	expect_recommended(&r, "reaction", "");
	for (const char *const *t = (const char *const[]){"message", "reaction", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "salt_buckets", "hash_prefix", "rebuild_index",
		                                     "index_table", "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[ts");
		expect_no_recommended_lead(&r, *t, "[thread_ts");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "15 SCAN reverse; 18 FILTERED SCAN; 24 GET; 27 SCAN");
	free_files(&r, texts);
	expect_applied("applied/E139.schema.sql", "applied/E139.workload.sql", KP_TARGET_LINDORM,
	               "15 SCAN reverse; 18 SCAN via idx_message_channel_id_thread_ts_ts; 24 GET; 27 SCAN",
	               (const char *const[]){"message", "reaction", NULL});
}

/* E140: Zendesk's tickets, audits and the incremental export (Lindorm).
 * Required: an index (account_id, assignee_id, updated_at) for the agent's
 * view. Stand: the key, ticket_by_updated, ticket_audit. Harmful: dropping
 * ticket_by_updated; a key or index led by updated_at, status or ticket_id
 * alone; a ticket key not led by the account.
 * DISAGREEMENT (designs23.md, "Results of the first run", E140): keyplan
 * says the design stands; the required index is missing (the agent's view
 * a FILTERED SCAN read backwards of ticket_by_updated at weight 20,000).
 * Not asserted as right: asserted is what must hold (nothing harmful,
 * ticket_by_updated kept, nothing worse); a later fix that adds the index
 * must keep these. */
static void test_e140_agent_view(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E140.schema.sql", "E140.workload.sql", KP_TARGET_LINDORM, texts);
	expect_kept(&r, "ticket", "ticket_by_updated");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "ticket", 15), ""); /* the ticket's GET */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "ticket", 21), ""); /* the export */
	expect_recommended(&r, "ticket_audit", "");
	for (const char *const *t = (const char *const[]){"ticket", "ticket_audit", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "salt_buckets", "hash_prefix", "drop_index",
		                                     "rebuild_index", NULL});
		expect_no_recommended_lead(&r, *t, "[updated_at");
		expect_no_recommended_lead(&r, *t, "[status");
		expect_no_recommended_lead(&r, *t, "[ticket_id");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "15 GET; 18 FILTERED SCAN via ticket_by_updated reverse; 21 SCAN via ticket_by_updated; 24 "
	                 "SCAN; 27 REJECTED");
	free_files(&r, texts);
}

/* E141: Notion's blocks, a parent index, an edit-time index and a view of
 * pages (Phoenix). Required: block_by_edit dropped. Stand: the key,
 * block_by_parent, the view. Harmful: block_by_parent dropped with the
 * sidebar a full scan; a key led by parent_id or last_edited_time.
 * DISAGREEMENT (designs23.md, "Results of the first run", E141): keyplan
 * also drops BLOCK_BY_PARENT, the sidebar then a FILTERED SCAN of one space
 * (named); the designer counts it not right (the index stands), not
 * harmful. Not asserted as right: asserted is the right drop, the sidebar
 * never a full scan, nothing else. */
static void test_e141_edit_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E141.schema.sql", "E141.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_advice *d = recommended_key(&r, "BLOCK", "drop_index", "[LAST_EDITED_TIME][SPACE_ID][ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX BLOCK_BY_EDIT ON BLOCK");
	CU_ASSERT_PTR_NOT_NULL(strstr(review_of(&r, "BLOCK")->indexes, "BLOCK_BY_EDIT dropped"));
	/* BLOCK_BY_PARENT stands (the designer's expectation; advisor49: the
	 * edits set no column it keys or holds, 12000 weighted writes keep it
	 * against the sidebar's 20000) */
	expect_recommended(&r, "BLOCK", "drop_index [LAST_EDITED_TIME][SPACE_ID][ID]");
	expect_kept(&r, "BLOCK", "BLOCK_BY_PARENT");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "BLOCK", 20), "");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "BLOCK", 3), "");  /* the block's GET */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "BLOCK", 23), ""); /* the view's GET */
	expect_none_of(&r, "BLOCK",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
	                                     "secondary_index", "rebuild_index", "widen_index", NULL});
	expect_no_recommended_lead(&r, "BLOCK", "[PARENT_ID");
	expect_no_recommended_lead(&r, "BLOCK", "[LAST_EDITED_TIME");
	expect_plans(&r, "3 GET; 20 SCAN via BLOCK_BY_PARENT; 23 GET");
	free_files(&r, texts);
	/* applied (both drops, as the designer applied them): the sidebar a
	 * FILTERED SCAN of one space, not a full scan; the design stands */
	expect_applied("applied/E141.schema.sql", "applied/E141.workload.sql", KP_TARGET_PHOENIX,
	               "3 GET; 20 FILTERED SCAN; 23 GET", (const char *const[]){"BLOCK", NULL});
}

/* E142: Zendesk's SLA clock and ticket metric events (Phoenix). Required:
 * sla_by_breach salted or bucketed (not dropped); an index (account_id,
 * event_time). Stand: both keys. Harmful: sla_by_breach dropped without
 * naming the scanner's full scan; an index led by event_time or breach_at
 * unspread; a key not led by the account. First run: both right. */
static void test_e142_breach_index_salted_event_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E142.schema.sql", "E142.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_advice *b = recommended_kind(&r, "TICKET_SLA", "rebuild_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_STRING_EQUAL(b->ddl,
	                       "DROP INDEX SLA_BY_BREACH ON TICKET_SLA; CREATE INDEX SLA_BY_BREACH ON TICKET_SLA "
	                       "(BREACH_AT) INCLUDE (STAGE) SALT_BUCKETS = 16");
	CU_ASSERT_PTR_NOT_NULL(strstr(review_of(&r, "TICKET_SLA")->indexes, "SLA_BY_BREACH rebuilt"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "TICKET_SLA", 8), ""); /* the scanner */
	const kp_advice *e = recommended_kind(&r, "TICKET_METRIC_EVENT", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_STRING_EQUAL(e->key, "[ACCOUNT_ID][EVENT_TIME][TICKET_ID][EVENT_ID]");
	CU_ASSERT_PTR_NOT_NULL(strstr(e->ddl, "CREATE INDEX idx_TICKET_METRIC_EVENT_ACCOUNT_ID_EVENT_TIME ON "
	                                      "TICKET_METRIC_EVENT (ACCOUNT_ID, EVENT_TIME) INCLUDE (METRIC, "
	                                      "INSTANCE_ID, EVENT_TYPE)"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "TICKET_METRIC_EVENT", 21), "FILTERED SCAN -> SCAN"); /* the export */
	for (const char *const *t = (const char *const[]){"TICKET_SLA", "TICKET_METRIC_EVENT", NULL}; *t; t++) {
		expect_none_of(&r, *t, (const char *const[]){"reorder_key", "desc_key", "drop_index", NULL});
		expect_no_recommended_lead(&r, *t, "[EVENT_TIME");
		expect_no_recommended_lead(&r, *t, "[BREACH_AT");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "8 FILTERED SCAN via SLA_BY_BREACH; 11 SCAN; 18 SCAN; 21 FILTERED SCAN sorted");
	free_files(&r, texts);
	expect_applied("applied/E142.schema.sql", "applied/E142.workload.sql", KP_TARGET_PHOENIX,
	               "8 FILTERED SCAN via SLA_BY_BREACH; 11 SCAN; 18 SCAN; 21 SCAN via "
	               "IDX_TICKET_METRIC_EVENT_ACCOUNT_ID_EVENT_TIME",
	               (const char *const[]){"TICKET_SLA", "TICKET_METRIC_EVENT", NULL});
}

/* E143: Slack's Enterprise Grid audit log and channel membership
 * (Tablestore). Required: a bucket or hash leading the partition key of
 * audit_log within four key columns; a secondary index on channel_member
 * by user_id. Stand: channel_member's key. Harmful: a key of audit_log led
 * by date_create. First run: both right (the SIEM's read named).
 * DISAGREEMENT (designs23.md, applied run, E143): the SIEM's read applied
 * is a SCAN sorted over 16 buckets, more rows than the advice said; not
 * asserted in rows. */
static void test_e143_audit_log_bucketed_member_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E143.schema.sql", "E143.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "audit_log", "salt_buckets [bucket + enterprise_id][date_create][event_id]");
	const kp_advice *s = recommended_kind(&r, "audit_log", "salt_buckets");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	expect_target_takes(s->ddl, KP_TARGET_TABLESTORE);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->ddl, "PRIMARY KEY (enterprise_id_key, date_create, event_id)"));
	CU_ASSERT_STRING_EQUAL(worse_lines(s), "7"); /* the SIEM's read, named */
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, ":7 "));
	expect_recommended(&r, "channel_member", "secondary_index [user_id][channel_id]");
	const kp_advice *i = recommended_kind(&r, "channel_member", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_PTR_NOT_NULL(strstr(i->message, "IndexMeta: primary key [user_id][channel_id]"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "channel_member", 22), "full scan -> SCAN"); /* the boot */
	for (const char *const *t = (const char *const[]){"audit_log", "channel_member", NULL}; *t; t++) {
		expect_none_of(&r, *t, (const char *const[]){"reorder_key", "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[date_create");
	}
	expect_nothing_worse(&r, "channel_member");
	expect_plans(&r, "7 SCAN reverse; 13 GET; 16 GET; 19 SCAN; 22 full scan");
	free_files(&r, texts);
	expect_applied("applied/E143.schema.sql", "applied/E143.workload.sql", KP_TARGET_TABLESTORE,
	               "7 SCAN sorted; 13 GET; 16 GET; 19 SCAN; 22 SCAN via idx_channel_member_user_id",
	               (const char *const[]){"audit_log", "channel_member", NULL});
}

/* E144: Notion's page history at four key columns, and comments
 * (Tablestore). Required: a secondary index [space_id][block_id]
 * [edited_time] on block_history; comment_by_author dropped. Stand: both
 * keys. Harmful: a key of block_history led by edited_time or block_id, or
 * of five columns; an index led by edited_time or created_time. First run:
 * both right. */
static void test_e144_block_index_author_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E144.schema.sql", "E144.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "block_history", "secondary_index [space_id][block_id][edited_time][page_id]");
	const kp_advice *i = recommended_kind(&r, "block_history", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_PTR_NOT_NULL(strstr(i->message, "IndexMeta: primary key [space_id][block_id][edited_time][page_id]"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "block_history", 13), "FILTERED SCAN -> SCAN"); /* the restore */
	expect_recommended(&r, "page_comment",
	                   "drop_index [created_by][created_time][space_id][discussion_id][comment_id]");
	const kp_advice *d = recommended_kind(&r, "page_comment", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_PTR_NULL(d->ddl); /* Tablestore takes no SQL for it */
	CU_ASSERT_PTR_NOT_NULL(strstr(d->message, "DeleteIndex"));
	for (const char *const *t = (const char *const[]){"block_history", "page_comment", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "salt_buckets", "hash_prefix", "index_table",
		                                     "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[edited_time");
		expect_no_recommended_lead(&r, *t, "[created_time");
		expect_no_recommended_lead(&r, *t, "[block_id");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "7 SCAN reverse; 10 SCAN reverse; 13 FILTERED SCAN sorted; 19 GET; 22 SCAN");
	free_files(&r, texts);
	expect_applied("applied/E144.schema.sql", "applied/E144.workload.sql", KP_TARGET_TABLESTORE,
	               "7 SCAN reverse; 10 SCAN reverse; 13 SCAN via idx_block_history_space_id_block_id_edited_time "
	               "reverse; 19 GET; 22 SCAN",
	               (const char *const[]){"block_history", "page_comment", NULL});
}

static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("designs23", setup, NULL,
          {"E139: a thread index, the user index dropped", test_e139_thread_index_user_index_dropped},
          {"E140: the agent's view (the required index missing today)", test_e140_agent_view},
          {"E141: the edit index dropped", test_e141_edit_index_dropped},
          {"E142: the breach index salted, an index for the export", test_e142_breach_index_salted_event_index},
          {"E143: the audit log bucketed, an index by user", test_e143_audit_log_bucketed_member_index},
          {"E144: an index for the block history, the author index dropped",
           test_e144_block_index_author_index_dropped})
