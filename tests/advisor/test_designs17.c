/* Six designs nobody on the advisor's side had seen (issue 21, seventeenth
 * round, the second designer: E103-E108 of tests/advisor/designs17.md;
 * each cites its public source there; the expectations were committed
 * before keyplan ran). Schemas and workloads are read from the designs' own
 * files (designs17/EN.schema.sql and EN.workload.sql; designs17/applied/
 * for the recommendation applied back). Each test asserts, per table, the
 * recommended items (kind, key, DDL or IndexMeta) the designer judged
 * right, the verdict where a table stands, every statement's plan, what
 * must not be advised (the designer's "not right" and "harmful" lists),
 * nothing served made worse; then the recommendation applied back and
 * re-planned: every plan as it is then, and check recommends nothing more
 * where the designer found a fixpoint.
 *
 * Where today's answer disagrees with the designer (E106: the hash prefix alternative's "reads to rewrite" naming
 * the front page; E107: the poll's (account_id, status_changed_at) index
 * held back by the range default), the test asserts only what must hold
 * and says the expectation in a comment: a wrong answer is never asserted
 * as right. Costs and row counts are not asserted: two engineers move
 * them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

/* E103: Apache Fineract's repayment schedules and loan transactions
 * (Lindorm). Required: loan_transaction keyed [loan_id][transaction_date]
 * [id] (or [loan_id][office_id][transaction_date][id]), naming the branch
 * report it refuses or keeping it served with a spread index. Stand:
 * loan_repayment_schedule, key and no index; nothing for the weight-1
 * arrears job. Harmful: an index (office_id, transaction_date) unspread;
 * a key of loan_transaction led by office_id or transaction_date; the
 * re-key without naming the branch report; any key change of the
 * schedule. First run: the re-key (the office kept after the loan) and
 * its bucketed index table right.
 *
 * First run: loan_repayment_schedule was re-keyed [loan_id]
 * [completed_derived][installment] for the next-installment read, while
 * the repayment UPSERT (line 15, weight 20,000) sets completed_derived on
 * a row it names by (loan_id, installment): under the new key each
 * repayment writes a second row and leaves the unpaid one (harmful).
 * Since a94ced0 the judge never takes a key column a write changes: the
 * schedule stands, and the re-key is an alternative that names the
 * write. */
static void test_e103_transactions_rekeyed_by_loan(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E103.schema.sql", "E103.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "loan_transaction",
	                   "reorder_key [loan_id][office_id][transaction_date][id]; index_table "
	                   "[bucket + office_id][transaction_date][loan_transaction_key]");
	const kp_advice *k = recommended_kind(&r, "loan_transaction", "reorder_key");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->ddl, "PRIMARY KEY (loan_id, office_id, transaction_date, id))"));
	expect_target_takes(k->ddl, KP_TARGET_LINDORM);
	/* the branch report named, and kept served by the index table */
	CU_ASSERT_PTR_NOT_NULL(strstr(k->message, ":27 (SCAN -> REJECTED, weight 400)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(k->message, "migration"));
	const kp_advice *t = recommended_kind(&r, "loan_transaction", "index_table");
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_PTR_NOT_NULL(strstr(t->ddl, "PRIMARY KEY (office_id_key, transaction_date, loan_transaction_key))"));
	expect_target_takes(t->ddl, KP_TARGET_LINDORM);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "loan_transaction", 24), "FILTERED SCAN -> SCAN"); /* the loan page */
	expect_none_of(&r, "loan_transaction",
	               (const char *const[]){"secondary_index", "salt_buckets", "hash_prefix", "desc_key",
	                                     "search_index", NULL});
	expect_no_recommended_lead(&r, "loan_transaction", "[office_id");
	expect_no_recommended_lead(&r, "loan_transaction", "[transaction_date");
	/* nothing for the arrears job: no index on the schedule, none led by
	 * completed_derived or duedate */
	expect_none_of(&r, "loan_repayment_schedule",
	               (const char *const[]){"secondary_index", "index_table", "search_index", NULL});
	expect_no_recommended_lead(&r, "loan_repayment_schedule", "[completed_derived");
	expect_no_recommended_lead(&r, "loan_repayment_schedule", "[duedate");
	expect_recommended(&r, "loan_repayment_schedule", "");
	const kp_advice *re = alternative(&r, "loan_repayment_schedule", "reorder_key",
	                                  "[loan_id][completed_derived][installment]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(re);
	CU_ASSERT_PTR_NOT_NULL_FATAL(re->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(re->trades, ":15 sets completed_derived on a row that exists, "
	                                           "and a key column changes only by a delete and a new write"));
	expect_nothing_worse(&r, "loan_transaction");
	expect_nothing_worse(&r, "loan_repayment_schedule");
	expect_plans(&r, "9 SCAN; 12 FILTERED SCAN; 24 FILTERED SCAN; 27 SCAN; 30 REJECTED");
	free_files(&r, texts);
	/* applied (the index table written beside each posting, the branch
	 * report reading its 16 buckets): loan_transaction and its index table
	 * stand; the schedule's re-key is in the fixture as the first run
	 * advised it, its verdict not asserted */
	run_files(&r, "applied/E103.schema.sql", "applied/E103.workload.sql", KP_TARGET_LINDORM, texts);
	expect_target_takes(texts[0], KP_TARGET_LINDORM);
	expect_plans(&r, "12 SCAN; 15 SCAN; 33 SCAN; 36 SCAN; 39 REJECTED");
	expect_recommended(&r, "loan_transaction", "");
	expect_recommended(&r, "loan_transaction_by_office_id_transaction_date_loan_id_id", "");
	free_files(&r, texts);
}

/* E104: Twenty CRM's people and timeline, and a spreadsheet import
 * (Lindorm). Required: an index (workspace_id, company_id, happens_at) on
 * timeline_activity; person_job_title dropped; import_row spread (a salt
 * or bucket, or a hash of import_no ahead of it). Stand: person's key and
 * person_email; the timeline's key; nothing for the weight-2 support read.
 * Harmful: a key or index led by import_no or happens_at unspread; an
 * index for the company tab without workspace_id leading. First run: all
 * three right.
 *
 * First run: applied, import_row was no fixpoint: the next check
 * recommended an index table [md5(import_no)][import_no][row_state]
 * [row_no] for the error page, a second migration. Since a94ced0 that
 * index table is held back (the import-result UPSERT changes row_state
 * from 'PENDING', and the application's copy would keep the old row), so
 * the applied design stands: a fixpoint. */
static void test_e104_company_index_title_dropped_imports_hashed(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E104.schema.sql", "E104.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "person", "drop_index [workspace_id][job_title][person_id]");
	const kp_advice *d = recommended_kind(&r, "person", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX person_job_title ON person");
	const kp_table_review *p = review_of(&r, "person");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_PTR_NOT_NULL(strstr(p->indexes, "person_email kept"));
	expect_recommended(&r, "timeline_activity",
	                   "secondary_index [workspace_id][company_id][happens_at DESC][person_id]"
	                   "[activity_id]");
	const kp_advice *i = recommended_kind(&r, "timeline_activity", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl, "CREATE INDEX idx_timeline_activity_workspace_id_company_id_happens_at_desc ON "
	                               "timeline_activity (workspace_id, company_id, happens_at DESC) INCLUDE (name, "
	                               "properties)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "timeline_activity", 24), "FILTERED SCAN -> SCAN"); /* the company tab */
	/* ... whose sort Lindorm refuses today (KP110) */
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_TARGET, "ORDER BY"), 1);
	expect_recommended(&r, "import_row", "hash_prefix [hash32(import_no)][import_no][row_no]");
	const kp_advice *h = recommended_kind(&r, "import_row", "hash_prefix");
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_PTR_NOT_NULL(strstr(h->ddl, "PRIMARY KEY (hash32(import_no), import_no, row_no))"));
	expect_target_takes(h->ddl, KP_TARGET_LINDORM);
	/* the index table by row_state held back, naming the outcome write
	 * that changes row_state (:30), not the staging create (:27) */
	const kp_advice *it = alternative(&r, "import_row", "index_table",
	                                  "[hash32(import_no)][import_no][row_state][row_no]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(it);
	CU_ASSERT_PTR_NOT_NULL_FATAL(it->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(it->trades, ".sql:30 sets row_state on a row that exists"));
	expect_none_of(&r, "person",
	               (const char *const[]){"secondary_index", "index_table", "search_index", "reorder_key", NULL});
	expect_none_of(&r, "timeline_activity",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", NULL});
	for (const char *const *t = (const char *const[]){"person", "timeline_activity", "import_row", NULL}; *t; t++) {
		expect_no_recommended_lead(&r, *t, "[import_no");
		expect_no_recommended_lead(&r, *t, "[happens_at");
		expect_no_recommended_lead(&r, *t, "[company_id");
		expect_no_recommended_lead(&r, *t, "[row_no");
		expect_no_recommended_lead(&r, *t, "[email");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(
	        &r,
	        "3 GET; 6 SCAN via person_email; 15 REJECTED; 21 SCAN reverse; 24 FILTERED SCAN sorted; 33 FILTERED "
	        "SCAN");
	free_files(&r, texts);
	/* applied: the company tab through the new index, the error page a
	 * FILTERED SCAN of one hashed import; person and the timeline stand
	 * and so does import_row (a fixpoint since a94ced0) */
	run_files(&r, "applied/E104.schema.sql", "applied/E104.workload.sql", KP_TARGET_LINDORM, texts);
	expect_target_takes(texts[0], KP_TARGET_LINDORM);
	expect_plans(&r, "3 GET; 6 SCAN via person_email; 15 REJECTED; 21 SCAN reverse; 24 SCAN via "
	                 "idx_timeline_activity_workspace_id_company_id_happens_at_desc; 33 FILTERED SCAN");
	expect_recommended(&r, "person", "");
	expect_recommended(&r, "timeline_activity", "");
	expect_recommended(&r, "import_row", "");
	free_files(&r, texts);
}

/* E105: SAP Concur's expense reports, multi-tenant on Phoenix. Required:
 * an index (approver_id, approval_status) for the approver's queue, tenant
 * first, covering what the queue reads; report_by_status dropped. Stand:
 * both keys, report_by_employee as it is, expense_entry whole; nothing for
 * the weight-2 auditor. Not right: a salt of either table; report_by_status
 * rebuilt. Harmful: an index without the tenant first; a key change that
 * drops MULTI_TENANT=true. First run: both right. */
static void test_e105_approver_index_status_index_dropped(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E105.schema.sql", "E105.workload.sql", KP_TARGET_PHOENIX, texts);
	expect_recommended(&r, "EXPENSE_REPORT",
	                   "secondary_index [COMPANY_ID][APPROVER_ID][APPROVAL_STATUS][REPORT_ID]; "
	                   "drop_index [COMPANY_ID][APPROVAL_STATUS][LAST_MODIFIED][REPORT_ID]");
	const kp_advice *i = recommended_kind(&r, "EXPENSE_REPORT", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl,
	                       "CREATE INDEX idx_EXPENSE_REPORT_COMPANY_ID_APPROVER_ID_APPROVAL_STATUS ON "
	                       "EXPENSE_REPORT (APPROVER_ID, APPROVAL_STATUS) INCLUDE (EMPLOYEE_ID, REPORT_NAME, "
	                       "TOTAL, SUBMIT_DATE)");
	const kp_advice *d = recommended_kind(&r, "EXPENSE_REPORT", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX REPORT_BY_STATUS ON EXPENSE_REPORT");
	const kp_table_review *e = review_of(&r, "EXPENSE_REPORT");
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_PTR_NOT_NULL(strstr(e->indexes, "REPORT_BY_EMPLOYEE kept"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "EXPENSE_REPORT", 31), "FILTERED SCAN -> SCAN"); /* the queue */
	expect_recommended(&r, "EXPENSE_ENTRY", "");
	for (const char *const *t = (const char *const[]){"EXPENSE_REPORT", "EXPENSE_ENTRY", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"salt_buckets", "hash_prefix", "reorder_key", "desc_key",
		                                     "rebuild_index", "widen_index", "search_index", NULL});
		/* every index the tenant's */
		expect_no_recommended_lead(&r, *t, "[APPROVER_ID");
		expect_no_recommended_lead(&r, *t, "[APPROVAL_STATUS");
		expect_no_recommended_lead(&r, *t, "[TOTAL");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r,
	             "22 SCAN via REPORT_BY_EMPLOYEE reverse; 25 GET; 28 SCAN; 31 FILTERED SCAN; 34 FILTERED SCAN via "
	             "REPORT_BY_EMPLOYEE");
	free_files(&r, texts);
	expect_applied(
	        "applied/E105.schema.sql", "applied/E105.workload.sql", KP_TARGET_PHOENIX,
	        "22 SCAN via REPORT_BY_EMPLOYEE reverse; 25 GET; 28 SCAN; 31 SCAN via "
	        "IDX_EXPENSE_REPORT_COMPANY_ID_APPROVER_ID_APPROVAL_STATUS; 34 FILTERED SCAN via REPORT_BY_EMPLOYEE",
	        (const char *const[]){"EXPENSE_REPORT", "EXPENSE_ENTRY", NULL});
}

/* E106: WordPress's posts and post meta, their MySQL indexes ported to
 * Phoenix. Required: the permalink served (WP_POSTS_POST_NAME covering
 * it); the attachments served ((POST_PARENT, POST_TYPE) covering them);
 * the meta served (WP_POSTMETA_POST_ID covering META_KEY, META_VALUE, or a
 * re-key naming the update); WP_POSTMETA_META_KEY dropped. Optional:
 * WP_POSTS_POST_AUTHOR dropped. Stand: both sequence keys (the stated
 * rates: no hotspot), WP_POSTS_TYPE_STATUS_DATE. Not right: a salt or hash
 * of either key; any key change of WP_POSTS. First run: all six right.
 *
 * Disagreement (not asserted): the hash_prefix alternative of WP_POSTS
 * lists the front page (line 9, through WP_POSTS_TYPE_STATUS_DATE, no ID
 * bound) among its "reads to rewrite"; the expectation: only reads that
 * bind ID on the table's own key. */
static void test_e106_wordpress_indexes_covered(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E106.schema.sql", "E106.workload.sql", KP_TARGET_PHOENIX, texts);
	expect_recommended(&r, "WP_POSTS",
	                   "widen_index [POST_NAME][ID]; secondary_index [POST_PARENT][POST_TYPE][ID]; "
	                   "drop_index [POST_PARENT][ID]; drop_index [POST_AUTHOR][ID]");
	const kp_advice *n = recommended_kind(&r, "WP_POSTS", "widen_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(n);
	CU_ASSERT_STRING_EQUAL(n->ddl,
	                       "DROP INDEX WP_POSTS_POST_NAME ON WP_POSTS; CREATE INDEX WP_POSTS_POST_NAME ON "
	                       "WP_POSTS (POST_NAME) INCLUDE (POST_AUTHOR, POST_DATE, POST_CONTENT, POST_TITLE, "
	                       "POST_STATUS, COMMENT_STATUS, POST_TYPE, COMMENT_COUNT)");
	const kp_advice *a = recommended_kind(&r, "WP_POSTS", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_STRING_EQUAL(a->ddl, "CREATE INDEX idx_WP_POSTS_POST_PARENT_POST_TYPE ON WP_POSTS (POST_PARENT, "
	                               "POST_TYPE) INCLUDE (GUID, MENU_ORDER, POST_MIME_TYPE)");
	const kp_advice *pp = recommended_key(&r, "WP_POSTS", "drop_index", "[POST_PARENT][ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(pp);
	CU_ASSERT_STRING_EQUAL(pp->ddl, "DROP INDEX WP_POSTS_POST_PARENT ON WP_POSTS");
	const kp_advice *pa = recommended_key(&r, "WP_POSTS", "drop_index", "[POST_AUTHOR][ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(pa);
	CU_ASSERT_STRING_EQUAL(pa->ddl, "DROP INDEX WP_POSTS_POST_AUTHOR ON WP_POSTS");
	const kp_table_review *w = review_of(&r, "WP_POSTS");
	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	CU_ASSERT_PTR_NOT_NULL(strstr(w->indexes, "WP_POSTS_TYPE_STATUS_DATE kept"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "WP_POSTS", 3), "full scan -> FILTERED SCAN"); /* the permalink */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "WP_POSTS", 12), "full scan -> SCAN");         /* the attachments */
	expect_recommended(&r, "WP_POSTMETA", "widen_index [POST_ID][META_ID]; drop_index [META_KEY][META_ID]");
	const kp_advice *m = recommended_kind(&r, "WP_POSTMETA", "widen_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_STRING_EQUAL(m->ddl,
	                       "DROP INDEX WP_POSTMETA_POST_ID ON WP_POSTMETA; CREATE INDEX WP_POSTMETA_POST_ID ON "
	                       "WP_POSTMETA (POST_ID) INCLUDE (META_KEY, META_VALUE)");
	const kp_advice *mk = recommended_kind(&r, "WP_POSTMETA", "drop_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mk);
	CU_ASSERT_STRING_EQUAL(mk->ddl, "DROP INDEX WP_POSTMETA_META_KEY ON WP_POSTMETA");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "WP_POSTMETA", 27), "full scan -> SCAN"); /* the meta */
	for (const char *const *t = (const char *const[]){"WP_POSTS", "WP_POSTMETA", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"salt_buckets", "hash_prefix", "reorder_key", "desc_key",
		                                     "search_index", NULL});
		expect_no_recommended_lead(&r, *t, "[ID");
		expect_no_recommended_lead(&r, *t, "[META_ID");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(&r,
	             "3 full scan; 6 GET; 9 SCAN via WP_POSTS_TYPE_STATUS_DATE reverse; 12 full scan; 27 full scan");
	free_files(&r, texts);
	expect_applied(
	        "applied/E106.schema.sql", "applied/E106.workload.sql", KP_TARGET_PHOENIX,
	        "3 FILTERED SCAN via WP_POSTS_POST_NAME; 6 GET; 9 SCAN via WP_POSTS_TYPE_STATUS_DATE reverse; 12 SCAN "
	        "via IDX_WP_POSTS_POST_PARENT_POST_TYPE; 27 SCAN via WP_POSTMETA_POST_ID",
	        (const char *const[]){"WP_POSTS", "WP_POSTMETA", NULL});
}

/* E107: DocuSign envelopes and recipients (Tablestore). Required:
 * envelope_by_status dropped; an index (account_id, status_changed_at) on
 * envelope for the status-change poll; an index (email) or (email,
 * recipient_status) on recipient. Stand: both keys, envelope_by_sender;
 * nothing for the weight-1 subject search. Harmful: an index led by
 * status, recipient_status or status_changed_at without the account
 * ahead; DDL past Tablestore's limits. First run: the drop and the
 * recipient index right.
 *
 * Disagreement (not asserted as right): the poll's index (account_id,
 * status_changed_at) stays an alternative, held back by the range default
 * (no -- range: status_changed_at); the expectation: recommended beside
 * the drop (required fix 2 missing). Asserted: the drop, and that anything
 * recommended beside it is that index; applied, envelope is not asserted
 * to stand. */
static void test_e107_status_index_dropped_signer_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E107.schema.sql", "E107.workload.sql", KP_TARGET_TABLESTORE, texts);
	const kp_advice *d = recommended_key(&r, "envelope", "drop_index",
	                                     "[status][status_changed_at][account_id]"
	                                     "[envelope_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	const kp_table_review *v = review_of(&r, "envelope");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_PTR_NOT_NULL(strstr(v->indexes, "envelope_by_sender kept"));
	CU_ASSERT_PTR_NOT_NULL(strstr(v->indexes, "envelope_by_status dropped"));
	for (uint32_t k = 0; k < v->recommended.n; k++) {
		const kp_advice *x = v->recommended.items[k];
		if (x != d) {
			CU_ASSERT_STRING_EQUAL(x->kind, "secondary_index");
			CU_ASSERT(x->key && !strncmp(x->key, "[account_id][status_changed_at]",
			                             strlen("[account_id][status_changed_at]")));
		}
	}
	expect_recommended(&r, "recipient", "secondary_index [email][recipient_status][envelope_id][recipient_id]");
	const kp_advice *i = recommended_kind(&r, "recipient", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_PTR_NOT_NULL(strstr(i->message, "IndexMeta: primary key [email][recipient_status][envelope_id]"
	                                          "[recipient_id]"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "recipient", 27), "full scan -> SCAN"); /* the signer's list */
	for (const char *const *t = (const char *const[]){"envelope", "recipient", NULL}; *t; t++) {
		expect_none_of(&r, *t,
		               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix",
		                                     "search_index", "index_table", NULL});
		expect_no_recommended_lead(&r, *t, "[status");
		expect_no_recommended_lead(&r, *t, "[recipient_status");
		expect_nothing_worse(&r, *t);
	}
	expect_plans(
	        &r, "9 GET; 12 GET; 15 GET; 18 SCAN; 21 FILTERED SCAN; 24 SCAN via envelope_by_sender reverse; 27 full "
	            "scan; 30 full scan");
	free_files(&r, texts);
	/* applied: the signer's list through the new index; recipient stands
	 * (envelope's fixpoint waits on the poll's index above) */
	run_files(&r, "applied/E107.schema.sql", "applied/E107.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_target_takes(texts[0], KP_TARGET_TABLESTORE);
	expect_plans(
	        &r,
	        "9 GET; 12 GET; 15 GET; 18 SCAN; 21 FILTERED SCAN; 24 SCAN via envelope_by_sender reverse; 27 SCAN via "
	        "idx_recipient_email_recipient_status; 30 full scan");
	expect_recommended(&r, "recipient", "");
	expect_none_of(&r, "envelope",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "search_index",
	                                     "drop_index", NULL});
	expect_nothing_worse(&r, "envelope");
	free_files(&r, texts);
}

/* E108: Greenhouse's applications (Tablestore, four key columns).
 * Required: an index (org_id, application_id); an index (org_id,
 * candidate_id) (five key columns with the appended ones, of eight).
 * Stand: the four-column key, application_by_activity; nothing for the
 * weight-1 analyst. Harmful: a fifth key column; DDL past Tablestore's
 * index limits; an index led by last_activity_at or applied_at without the
 * organization. First run: both right. */
static void test_e108_application_and_candidate_indexes(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E108.schema.sql", "E108.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "application",
	                   "secondary_index [org_id][application_id][job_id][current_stage_id]; "
	                   "secondary_index [org_id][candidate_id][job_id][current_stage_id]"
	                   "[application_id]");
	const kp_advice *a = recommended_key(&r, "application", "secondary_index",
	                                     "[org_id][application_id][job_id][current_stage_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL(strstr(a->message, "IndexMeta: primary key [org_id][application_id][job_id]"
	                                          "[current_stage_id]"));
	const kp_advice *c = recommended_key(&r, "application", "secondary_index",
	                                     "[org_id][candidate_id][job_id][current_stage_id][application_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_PTR_NOT_NULL(strstr(c->message, "IndexMeta: primary key [org_id][candidate_id][job_id]"
	                                          "[current_stage_id][application_id]"));
	const kp_table_review *v = review_of(&r, "application");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_PTR_NOT_NULL(strstr(v->indexes, "application_by_activity kept"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "application", 9), "FILTERED SCAN -> SCAN");  /* the application */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "application", 12), "FILTERED SCAN -> SCAN"); /* the candidate */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "application", 6), "");                       /* the board */
	expect_none_of(&r, "application",
	               (const char *const[]){"reorder_key", "desc_key", "salt_buckets", "hash_prefix", "search_index",
	                                     "index_table", "drop_index", NULL});
	expect_no_recommended_lead(&r, "application", "[last_activity_at");
	expect_no_recommended_lead(&r, "application", "[applied_at");
	expect_no_recommended_lead(&r, "application", "[rejection_reason_id");
	expect_nothing_worse(&r, "application");
	expect_plans(&r, "6 SCAN; 9 FILTERED SCAN; 12 FILTERED SCAN; 15 GET; 21 GET; 24 GET; 27 SCAN via "
	                 "application_by_activity; "
	                 "30 full scan");
	free_files(&r, texts);
	expect_applied(
	        "applied/E108.schema.sql", "applied/E108.workload.sql", KP_TARGET_TABLESTORE,
	        "6 SCAN; 9 SCAN via idx_application_org_id_application_id; 12 SCAN via "
	        "idx_application_org_id_candidate_id; 15 GET; 21 GET; 24 GET; 27 SCAN via application_by_activity; 30 "
	        "full scan",
	        (const char *const[]){"application", NULL});
}

/* read the schema as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("designs17", setup, NULL,
          {"E103: transactions re-keyed by loan, a bucketed index table (the schedule stands: a write changes completed_derived)",
           test_e103_transactions_rekeyed_by_loan},
          {"E104: a company index, the title index dropped, imports hashed (applied, a fixpoint)",
           test_e104_company_index_title_dropped_imports_hashed},
          {"E105: an approver index, the status index dropped", test_e105_approver_index_status_index_dropped},
          {"E106: WordPress's ported indexes covered, two dropped", test_e106_wordpress_indexes_covered},
          {"E107: the status index dropped, a signer index (the poll's index: disagreement)",
           test_e107_status_index_dropped_signer_index},
          {"E108: an application and a candidate index within four key columns",
           test_e108_application_and_candidate_indexes})
