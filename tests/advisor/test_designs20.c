/* Six designs nobody on the advisor's side had seen (issue 21, twentieth
 * round with designs21, the first designer: E121-E126 of
 * tests/advisor/designs20.md; each cites its public source there; the
 * expectations were committed before keyplan ran). Schemas and workloads
 * are read from the designs' own files (designs20/EN.schema.sql and
 * EN.workload.sql; designs20/applied/ for the recommendation applied back).
 * Each test asserts, per table, the recommended items (kind, key, DDL or
 * IndexMeta) the designer judged right, the verdict where a table stands,
 * every statement's plan, what must not be advised (the designer's "not
 * right" and "harmful" lists), nothing served made worse; then the
 * recommendation applied back and re-planned: every plan as it is then,
 * and check recommends nothing more where the designer found a fixpoint.
 *
 * Where today's answer disagrees with the designer (designs20.md, "Results
 * of the first run": E124's covered (ACCOUNT_ID, STATUS, ASSET_CLASS) index
 * for the open orders, not right, gone since advisor48; E125's execution_report re-keyed led by
 * session_id, 40 FIX sessions, harmful, and the re-key led by the order
 * missing), the test asserts only what must hold and says the expectation
 * in a comment: a wrong answer is never asserted as right. Costs and row
 * counts are not asserted: later fixes move them. */
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

/* E121: GitLab CI's jobs, their pipeline index and their live log chunks
 * (Lindorm). Required: ci_build keyed by a hash prefix and the job id (the
 * job page a GET); build_by_pipeline spread (led by a hash of pipeline_id,
 * or by a bucket with the graph's 16 reads named), kept covering;
 * build_by_status dropped; ci_build_trace_chunk keyed
 * [hash32(build_id)][build_id][chunk_index]. Not right: an index on
 * runner_id for the admin's weight-2 read. Harmful: a key of ci_build led
 * by pipeline_id, project_id or status, or a bucket the job page cannot
 * compute; build_by_pipeline dropped with nothing for the graph; an index
 * led by status or created_at; a chunk key whose prefix is not computed
 * from build_id. First run: all four right.
 *
 * The designer's note (right, but costly): the rebuilt index's bucket was a
 * hash of build_id, so the graph read was 16 reads where a bucket from
 * pipeline_id, which the read binds, keeps it one. It is now that bucket
 * (advisor45): hash(pipeline_id) % 16, the graph read computing its bucket,
 * named in its message (failed before: hash(build_id), "16 reads"). */
static void test_e121_jobs_hashed_pipeline_index_spread_status_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E121.schema.sql", "E121.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "ci_build",
	                   "hash_prefix [hash32(build_id)][build_id]; rebuild_index "
	                   "[build_by_pipeline_bucket][pipeline_id][build_id]; drop_index [status][created_at][build_id]");
	const kp_advice *b = recommended_kind(&r, "ci_build", "rebuild_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	/* spread, still covering what the graph reads */
	CU_ASSERT_PTR_NOT_NULL(strstr(b->ddl, "ALTER TABLE ci_build ADD COLUMN build_by_pipeline_bucket INT; DROP INDEX "
	                                      "build_by_pipeline ON ci_build; CREATE INDEX build_by_pipeline ON ci_build "
	                                      "(build_by_pipeline_bucket, pipeline_id) INCLUDE (name, stage, stage_idx, "
	                                      "status, started_at, finished_at)"));
	/* the bucket hashed from what the graph read binds: that read computes
	 * its bucket, one read, and is weighed so (no fan-out) */
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, "made again led by build_by_pipeline_bucket = hash(pipeline_id) % 16, "
	                                          "a column of ci_build the writer fills on every insert from the "
	                                          "pipeline_id it writes"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, "a read that binds pipeline_id computes its bucket, one read as today"));
	CU_ASSERT_PTR_NULL(strstr(b->message, "hash(build_id)"));
	CU_ASSERT_EQUAL(b->bucket_by, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, "reads to rewrite (each adds build_by_pipeline_bucket = "
	                                          "hash(pipeline_id) % 16"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, ":22 (weight 20000)"));
	const kp_advice *h = recommended_kind(&r, "ci_build", "hash_prefix");
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_PTR_NOT_NULL(strstr(h->ddl, "PRIMARY KEY (hash32(build_id), build_id))"));
	expect_target_takes(h->ddl, KP_TARGET_LINDORM);
	CU_ASSERT_PTR_NOT_NULL(strstr(h->message, "migration"));
	const kp_advice *d = recommended_kind(&r, "ci_build", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX build_by_status ON ci_build");
	const kp_table_review *v = review_of(&r, "ci_build");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_STRING_EQUAL(v->indexes, "build_by_pipeline rebuilt (#2); build_by_status dropped (#3)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "ci_build", 19), ""); /* the job page: a GET as before */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "ci_build", 22), ""); /* the graph: a SCAN as before */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "ci_build", 25), ""); /* the runner read: nothing for it */
	expect_recommended(&r, "ci_build_trace_chunk", "hash_prefix [hash32(build_id)][build_id][chunk_index]");
	const kp_advice *c = recommended_kind(&r, "ci_build_trace_chunk", "hash_prefix");
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_PTR_NOT_NULL(strstr(c->ddl, "PRIMARY KEY (hash32(build_id), build_id, chunk_index))"));
	expect_target_takes(c->ddl, KP_TARGET_LINDORM);
	for (const char *const *t = (const char *const[]){"ci_build", "ci_build_trace_chunk", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "secondary_index",
		                                     "index_table", "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[pipeline_id");
		expect_no_recommended_lead(&r, *t, "[project_id");
		expect_no_recommended_lead(&r, *t, "[status");
		expect_no_recommended_lead(&r, *t, "[created_at");
		expect_no_recommended_lead(&r, *t, "[runner_id");
		expect_nothing_worse(&r, *t);
		expect_spread(&r, *t);
	}
	expect_plans(&r, "19 GET; 22 SCAN via build_by_pipeline; 25 REJECTED; 32 SCAN; 36 GET");
	free_files(&r, texts);
	/* applied (the inserts fill the bucket, the graph reads its 16 values):
	 * both tables stand; the runner read still refused (weight 2) */
	expect_applied("applied/E121.schema.sql", "applied/E121.workload.sql", KP_TARGET_LINDORM,
	               "19 GET; 22 SCAN via build_by_pipeline; 25 REJECTED; 32 SCAN; 36 GET",
	               (const char *const[]){"ci_build", "ci_build_trace_chunk", NULL});
}

/* E122: Harbor's artifacts, tags and audit log (Lindorm). Required:
 * audit_log spread by a bucket written from the row's own values (a hash of
 * log_id % 16), the project's day read kept served as one range a bucket,
 * named, the migration named; artifact_by_pull_time dropped. Stand:
 * artifact_tag, artifact's key. Not right: an index on resource for the
 * weight-1 security read. Harmful: a key of audit_log led by op_time or a
 * bucket from op_time; an index on audit_log led by project_id, op_time or
 * operation; a key change of artifact_tag or artifact; an index led by
 * pull_time or push_time. First run: both right (the bucket spliced into
 * project_id_key, an equivalent of [bucket][project_id][op_time][log_id]). */
static void test_e122_audit_log_bucketed_pull_time_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E122.schema.sql", "E122.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "artifact_tag", "");
	expect_recommended(&r, "artifact", "drop_index [repository_name][pull_time][digest]");
	const kp_advice *d = recommended_kind(&r, "artifact", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX artifact_by_pull_time ON artifact");
	CU_ASSERT_STRING_EQUAL(review_of(&r, "artifact")->indexes, "artifact_by_pull_time dropped (#1)");
	expect_recommended(&r, "audit_log", "salt_buckets [bucket + project_id][op_time][log_id]");
	const kp_advice *s = recommended_kind(&r, "audit_log", "salt_buckets");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->ddl, "PRIMARY KEY (project_id_key, op_time, log_id))"));
	expect_target_takes(s->ddl, KP_TARGET_LINDORM);
	/* the bucket a hash of the row's own log_id, not of op_time */
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "bucket = hash(log_id) % 16"));
	CU_ASSERT_PTR_NULL(strstr(s->message, "hash(op_time"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "migration"));
	/* the project's day named: one read a bucket */
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "reads to rewrite"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, ":28 (weight 30)"));
	CU_ASSERT_STRING_EQUAL(worse_lines(s), "28");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "audit_log", 28), ""); /* the day read still served */
	expect_spread(&r, "audit_log");
	expect_none_of(&r, "artifact_tag",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", NULL});
	expect_none_of(&r, "artifact",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "widen_index",
	                                     "rebuild_index", "secondary_index", "index_table", "search_index", NULL});
	expect_none_of(&r, "audit_log",
	               (const char *const[]){"secondary_index", "index_table", "search_index", "desc_key", NULL});
	for (const char *const *t = (const char *const[]){"artifact_tag", "artifact", "audit_log", NULL}; *t; t++) {
		expect_no_recommended_lead(&r, *t, "[op_time");
		expect_no_recommended_lead(&r, *t, "[pull_time");
		expect_no_recommended_lead(&r, *t, "[push_time");
		expect_no_recommended_lead(&r, *t, "[operation");
		expect_no_recommended_lead(&r, *t, "[resource]");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "9 GET; 12 GET; 18 SCAN; 21 SCAN; 28 SCAN; 31 REJECTED");
	free_files(&r, texts);
	/* applied (the audit insert fills project_id_key, the day read binds
	 * its 16 values): the three tables stand */
	expect_applied("applied/E122.schema.sql", "applied/E122.workload.sql", KP_TARGET_LINDORM,
	               "9 GET; 12 GET; 18 SCAN; 21 SCAN; 28 SCAN; 31 REJECTED",
	               (const char *const[]){"artifact_tag", "artifact", "audit_log", NULL});
}

/* E123: GrowthBook's exposures and sticky bucketing (Phoenix). Required:
 * experiment_exposure salted (SALT_BUCKETS = 16) or bucketed after the
 * experiment, the copy named. Stand: exposure_by_anonymous (kept),
 * sticky_bucket. Not right: a salt or re-key of sticky_bucket. Harmful:
 * exposure_by_anonymous dropped; a key led by viewed_at or anonymous_id; an
 * index led by experiment_id or viewed_at. First run: right. */
static void test_e123_exposures_salted(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E123.schema.sql", "E123.workload.sql", KP_TARGET_PHOENIX, texts);
	expect_recommended(&r, "EXPERIMENT_EXPOSURE", "salt_buckets [salt][EXPERIMENT_ID][VIEWED_AT][ANONYMOUS_ID]");
	const kp_advice *s = recommended_kind(&r, "EXPERIMENT_EXPOSURE", "salt_buckets");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->ddl, "CONSTRAINT pk PRIMARY KEY (EXPERIMENT_ID, VIEWED_AT, ANONYMOUS_ID)) "
	                                      "SALT_BUCKETS = 16"));
	/* the migration makes the visitor index, which the review keeps, again
	 * on the new table (the designers' note on E123) */
	const char *tail = strstr(s->ddl, "SALT_BUCKETS = 16;\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(tail);
	CU_ASSERT_STRING_EQUAL(tail, "SALT_BUCKETS = 16;\nCREATE INDEX EXPOSURE_BY_ANONYMOUS ON EXPERIMENT_EXPOSURE "
	                             "(ANONYMOUS_ID) INCLUDE (VARIATION_ID)");
	expect_target_takes(s->ddl, KP_TARGET_PHOENIX);
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "migration"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s->message, "every scan is 16 scans merged"));
	expect_kept(&r, "EXPERIMENT_EXPOSURE", "EXPOSURE_BY_ANONYMOUS");
	expect_spread(&r, "EXPERIMENT_EXPOSURE");
	expect_recommended(&r, "STICKY_BUCKET", "");
	for (const char *const *t = (const char *const[]){"EXPERIMENT_EXPOSURE", "STICKY_BUCKET", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "hash_prefix", "drop_index",
		                                     "secondary_index", "index_table", NULL});
		expect_no_recommended_lead(&r, *t, "[VIEWED_AT");
		expect_no_recommended_lead(&r, *t, "[ANONYMOUS_ID");
		expect_no_recommended_lead(&r, *t, "[EXPERIMENT_ID");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "7 SCAN; 10 SCAN via EXPOSURE_BY_ANONYMOUS; 13 GET");
	free_files(&r, texts);
	/* applied (the salted table, its visitor index made again on it): both
	 * tables stand */
	expect_applied("applied/E123.schema.sql", "applied/E123.workload.sql", KP_TARGET_PHOENIX,
	               "7 SCAN; 10 SCAN via EXPOSURE_BY_ANONYMOUS; 13 GET",
	               (const char *const[]){"EXPERIMENT_EXPOSURE", "STICKY_BUCKET", NULL});
}

/* E124: Alpaca's orders, positions and account activities (Phoenix).
 * Required: account_activity re-keyed [account_id][activity_id] (the copy
 * named); order_by_status dropped or spread. Stand: brokerage_order's key,
 * order_by_client_id, the view, account_position. Not right: an index
 * (account_id, status) for the open orders. Harmful: order_by_client_id
 * dropped; a key of brokerage_order not led by account_id; an index led by
 * status, created_at or symbol unsalted; a key of account_activity led by
 * activity_type or transaction_time; any key change of account_position.
 * First run: the drop and the re-key right (the fixture's NOT NULL outside
 * a Phoenix key fixed by the designer, KP110).
 *
 * The first run added the covered index (ACCOUNT_ID, STATUS, ASSET_CLASS)
 * beside the drop, for the open orders and the view's read (FILTERED SCAN
 * -> SCAN of one account's some 400 orders), whose key holds the status
 * every execution moves (not right). Since advisor48 ("A served range
 * read", docs/advice.md: the open orders' factor of 3 does not count, the
 * view's alone does not pay the index's 2 billion rows kept) the
 * recommendation is the drop alone, as expected: asserted, with
 * order_by_client_id kept, no index led by status, nothing worse, no key
 * change of brokerage_order or account_position. */
static void test_e124_activities_rekeyed_status_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E124.schema.sql", "E124.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_advice *d =
	        recommended_key(&r, "BROKERAGE_ORDER", "drop_index", "[STATUS][CREATED_AT][ACCOUNT_ID][ORDER_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX ORDER_BY_STATUS ON BROKERAGE_ORDER");
	const kp_table_review *o = review_of(&r, "BROKERAGE_ORDER");
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	CU_ASSERT_PTR_NOT_NULL(strstr(o->indexes, "ORDER_BY_STATUS dropped"));
	expect_kept(&r, "BROKERAGE_ORDER", "ORDER_BY_CLIENT_ID");
	expect_recommended(&r, "BROKERAGE_ORDER", "drop_index [STATUS][CREATED_AT][ACCOUNT_ID][ORDER_ID]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "BROKERAGE_ORDER", 17), ""); /* the open orders, served as they are */
	expect_recommended(&r, "ACCOUNT_ACTIVITY", "reorder_key [ACCOUNT_ID][ACTIVITY_ID]");
	const kp_advice *k = recommended_kind(&r, "ACCOUNT_ACTIVITY", "reorder_key");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->ddl, "CONSTRAINT pk PRIMARY KEY (ACCOUNT_ID, ACTIVITY_ID))"));
	expect_target_takes(k->ddl, KP_TARGET_PHOENIX);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->message, "migration"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "ACCOUNT_ACTIVITY", 40), "full scan -> SCAN"); /* newest first */
	expect_spread(&r, "ACCOUNT_ACTIVITY");
	expect_recommended(&r, "ACCOUNT_POSITION", "");
	expect_none_of(&r, "BROKERAGE_ORDER",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "index_table",
	                                     "search_index", NULL});
	expect_none_of(&r, "ACCOUNT_ACTIVITY",
	               (const char *const[]){"secondary_index", "index_table", "search_index", "drop_index", NULL});
	for (const char *const *t =
	             (const char *const[]){"BROKERAGE_ORDER", "ACCOUNT_POSITION", "ACCOUNT_ACTIVITY", NULL};
	     *t; t++) {
		expect_no_recommended_lead(&r, *t, "[STATUS");
		expect_no_recommended_lead(&r, *t, "[CREATED_AT");
		expect_no_recommended_lead(&r, *t, "[SYMBOL");
		expect_no_recommended_lead(&r, *t, "[ACTIVITY_TYPE");
		expect_no_recommended_lead(&r, *t, "[TRANSACTION_TIME");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "11 GET; 14 SCAN via ORDER_BY_CLIENT_ID; 17 FILTERED SCAN; 20 FILTERED SCAN; 23 full scan; 30 "
	                 "SCAN; 33 GET; 40 full scan reverse; 43 FILTERED SCAN");
	free_files(&r, texts);
	/* applied as advised on the first run (the open orders' index too):
	 * the activities newest first a SCAN of one account read
	 * backwards; the three tables stand */
	expect_applied("applied/E124.schema.sql", "applied/E124.workload.sql", KP_TARGET_PHOENIX,
	               "11 GET; 14 SCAN via ORDER_BY_CLIENT_ID; 17 SCAN via "
	               "IDX_BROKERAGE_ORDER_ACCOUNT_ID_STATUS_ASSET_CLASS_COVERED; 20 SCAN via "
	               "IDX_BROKERAGE_ORDER_ACCOUNT_ID_STATUS_ASSET_CLASS_COVERED; 23 full scan; 30 SCAN; 33 GET; 40 SCAN "
	               "reverse; 43 FILTERED SCAN",
	               (const char *const[]){"BROKERAGE_ORDER", "ACCOUNT_POSITION", "ACCOUNT_ACTIVITY", NULL});
}

/* E125: a broker's FIX execution reports and order state (Tablestore, four
 * key columns). Required: execution_report re-keyed led by the order
 * ([order_id][exec_id], [order_id][trade_date][session_id][exec_id], or a
 * hash of order_id ahead) within four key columns, the migration named;
 * order_by_symbol dropped. Stand: order_state's key, order_by_cl_ord_id.
 * Harmful: a key of execution_report of five columns, or led by session_id
 * (40 values: KP102) or by trade_date; order_by_cl_ord_id dropped; any key
 * change of order_state. First run: the drop right.
 *
 * Disagreement (not asserted as right): execution_report is re-keyed
 * [session_id][trade_date][order_id][exec_id], a Tablestore partition key
 * of 40 values (harmful: check on the applied design says KP102 of it
 * itself); the expectation, led by order_id
 * ([order_id][trade_date][session_id][exec_id]), is an alternative at the
 * same cost. Asserted: a re-key within four key columns that Tablestore
 * takes, not led by trade_date, every read served as before, the
 * migration named; on the applied design the KP102 on session_id, and
 * order_state standing (execution_report's standing there is not asserted:
 * it stands only by the harmful key); the expectation applied
 * (applied/E125.expected.schema.sql) plans the same with no hotspot
 * finding, and both tables stand there. */
static void test_e125_executions_rekeyed_symbol_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E125.schema.sql", "E125.workload.sql", KP_TARGET_TABLESTORE, texts);
	const kp_table_review *e = review_of(&r, "execution_report");
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_EQUAL_FATAL(e->recommended.n, 1);
	const kp_advice *k = recommended_kind(&r, "execution_report", "reorder_key");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	expect_target_takes(k->ddl, KP_TARGET_TABLESTORE);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->message, "migration"));
	/* the expected key offered at least (recommended once the tie is
	 * broken the designer's way) */
	CU_ASSERT_TRUE(alternative(&r, "execution_report", "reorder_key", "[order_id][trade_date][session_id][exec_id]") ||
	               recommended_key(&r, "execution_report", "reorder_key",
	                               "[order_id][trade_date][session_id][exec_id]"));
	expect_no_recommended_lead(&r, "execution_report", "[trade_date");
	expect_recommended(&r, "order_state", "drop_index [symbol][updated_at][account_id][order_id]");
	const kp_advice *d = recommended_kind(&r, "order_state", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	/* Tablestore takes no SQL for it: the DeleteIndex operation */
	CU_ASSERT_PTR_NULL(d->ddl);
	CU_ASSERT_PTR_NOT_NULL(strstr(d->message, "DeleteIndex"));
	CU_ASSERT_PTR_NOT_NULL(strstr(review_of(&r, "order_state")->indexes, "order_by_symbol dropped"));
	expect_kept(&r, "order_state", "order_by_cl_ord_id");
	expect_none_of(&r, "order_state",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "secondary_index",
	                                     "index_table", "search_index", NULL});
	expect_none_of(&r, "execution_report",
	               (const char *const[]){"secondary_index", "index_table", "search_index", "desc_key", NULL});
	for (const char *const *t = (const char *const[]){"execution_report", "order_state", NULL}; *t; t++) {
		expect_no_recommended_lead(&r, *t, "[symbol");
		expect_no_recommended_lead(&r, *t, "[updated_at");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "12 GET; 15 SCAN; 18 GET; 21 GET; 24 SCAN via order_by_cl_ord_id");
	free_files(&r, texts);
	/* applied as advised: every read the same class; the applied partition
	 * key of 40 sessions is KP102 (the disagreement above); order_state
	 * stands */
	run a;
	run_files(&a, "applied/E125.schema.sql", "applied/E125.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_target_takes(texts[0], KP_TARGET_TABLESTORE);
	expect_plans(&a, "12 GET; 15 SCAN; 18 GET; 21 GET; 24 SCAN via order_by_cl_ord_id");
	CU_ASSERT_EQUAL(count_rule_with(&a, KP_R_HOT_ENUM, "session_id"), 1);
	expect_recommended(&a, "order_state", "");
	free_files(&a, texts);
	/* the expectation applied (applied/E125.expected.schema.sql: led by the
	 * order, four key columns): the same plans, no KP102, both tables stand */
	run x;
	run_files(&x, "applied/E125.expected.schema.sql", "applied/E125.workload.sql", KP_TARGET_TABLESTORE, texts);
	CU_ASSERT_EQUAL(count_rule(&x, KP_R_HOT_ENUM), 0);
	CU_ASSERT_EQUAL(count_rule(&x, KP_R_HOT_MONOTONIC), 0);
	free_files(&x, texts);
	expect_applied("applied/E125.expected.schema.sql", "applied/E125.workload.sql", KP_TARGET_TABLESTORE,
	               "12 GET; 15 SCAN; 18 GET; 21 GET; 24 SCAN via order_by_cl_ord_id",
	               (const char *const[]){"execution_report", "order_state", NULL});
}

/* E126: Gitea Actions' runs, jobs and the runners' poll (Tablestore).
 * Required: a secondary index on action_run for the commit status
 * (IndexMeta [repo_id][commit_sha][run_index], defined columns workflow_id
 * and status, or led by commit_sha). Stand: both keys, job_by_status (the
 * poll's path). Not right: a desc_key for the Actions tab; a bucketed
 * rebuild of job_by_status. Harmful: job_by_status dropped; a key of
 * action_run led by commit_sha; any key change of action_run_job. First
 * run: right. */
static void test_e126_commit_status_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E126.schema.sql", "E126.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "action_run", "secondary_index [repo_id][commit_sha][run_index]");
	const kp_advice *i = recommended_kind(&r, "action_run", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_PTR_NOT_NULL(strstr(i->message, "IndexMeta: primary key [repo_id][commit_sha][run_index]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(i->message, "defined columns workflow_id, status"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "action_run", 34), "FILTERED SCAN -> SCAN"); /* the commit status */
	expect_recommended(&r, "action_run_job", "");
	expect_kept(&r, "action_run_job", "job_by_status");
	for (const char *const *t = (const char *const[]){"action_run", "action_run_job", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "drop_index",
		                                     "rebuild_index", "index_table", "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[status");
		expect_no_recommended_lead(&r, *t, "[run_index");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r, "8 GET; 16 GET; 19 SCAN via job_by_status; 22 GET; 25 SCAN; 28 GET; 31 SCAN reverse; 34 "
	                 "FILTERED SCAN");
	free_files(&r, texts);
	expect_applied("applied/E126.schema.sql", "applied/E126.workload.sql", KP_TARGET_TABLESTORE,
	               "8 GET; 16 GET; 19 SCAN via job_by_status; 22 GET; 25 SCAN; 28 GET; 31 SCAN reverse; 34 SCAN via "
	               "idx_action_run_repo_id_commit_sha",
	               (const char *const[]){"action_run", "action_run_job", NULL});
}

/* read the schema as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("designs20", setup, NULL,
          {"E121: jobs hash-prefixed, the pipeline index spread, the status index dropped, chunks hash-prefixed",
           test_e121_jobs_hashed_pipeline_index_spread_status_dropped},
          {"E122: the audit log bucketed with its day read named, the pull-time index dropped",
           test_e122_audit_log_bucketed_pull_time_index_dropped},
          {"E123: exposures salted, the visitor index kept", test_e123_exposures_salted},
          {"E124: activities re-keyed by account, the status index dropped alone",
           test_e124_activities_rekeyed_status_index_dropped},
          {"E125: executions re-keyed within four columns, the symbol index dropped (led by session_id: "
           "disagreement)",
           test_e125_executions_rekeyed_symbol_index_dropped},
          {"E126: an index for the commit status, the poll's index kept", test_e126_commit_status_index})
