/* Index candidates past a multi-valued column (docs/advice.md, "An ORDER
 * BY past a multi-valued column"): a read that binds some columns to one
 * value, filters another to several (an IN of several values, a range on
 * a column it does not order by) and orders by a column after them gets
 * the candidate keyed by the single-valued columns then the ORDER BY
 * column, the multi-valued ones held as covered columns: one range read in
 * order, filtered, stopped after the LIMIT. Before, only the key holding
 * the IN column before the ordered one was tried, which reads one range a
 * value and sorts (Lindorm refuses the sort). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

/* E140 (tests/advisor/designs23.md): the agent's "Your unsolved tickets",
 * WHERE account_id = ? AND assignee_id = ? AND status IN ('new', 'open',
 * 'pending') ORDER BY updated_at DESC LIMIT 30, weight 20,000. Required:
 * the index (account_id, assignee_id, updated_at) for it; the key and
 * ticket_by_updated stand, nothing for the weight-1 requester read, the
 * audits stand. Before: the design stood at 823,452,333,184 weighted rows
 * read, the candidates keyed [status] before [updated_at] refused. */
static void test_e140_agent_view_index(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E140.schema.sql", "E140.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "ticket", "secondary_index [account_id][assignee_id][updated_at DESC][ticket_id]");
	const kp_advice *i = recommended_kind(&r, "ticket", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl, "CREATE INDEX idx_ticket_account_id_assignee_id_updated_at_desc ON ticket "
	                               "(account_id, assignee_id, updated_at DESC) INCLUDE (subject, status, priority)");
	const kp_table_review *v = review_of(&r, "ticket");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 823452333184.0, 0.5);
	CU_ASSERT_DOUBLE_EQUAL(v->after.read, 4437648.0, 0.5);
	/* the view: filtered on status in the index's range, in its order */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "ticket", 18), "FILTERED SCAN -> FILTERED SCAN");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "ticket", 15), ""); /* the ticket's GET */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "ticket", 21), ""); /* the export */
	expect_kept(&r, "ticket", "ticket_by_updated");
	expect_recommended(&r, "ticket_audit", "");
	expect_none_of(&r, "ticket",
	               (const char *const[]){"reorder_key", "salt_buckets", "hash_prefix", "drop_index", "rebuild_index",
	                                     "index_table", "search_index", "widen_index", NULL});
	expect_no_recommended_lead(&r, "ticket", "[requester_id");
	expect_nothing_worse(&r, "ticket");
	/* the read's KP120 names the key that reads it in order, not the one
	 * with status before updated_at */
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNSERVED, "[account_id][assignee_id][updated_at DESC][ticket_id]"), 1);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNSERVED, "[status]"), 0);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNSERVED,
	                                "the key of ticket cannot serve this query (FILTERED SCAN); a secondary index "
	                                "keyed [account_id][assignee_id][updated_at DESC][ticket_id] makes it a "
	                                "FILTERED SCAN of one range in the ORDER BY's order, with no sort"),
	                1);
	/* applied back: the view reads the new index in its order, with no
	 * sort, and the table stands (a fixpoint) */
	expect_fixpoint_text(&r, texts[0], texts[1], KP_TARGET_LINDORM, "ticket");
	size_t n = strlen(texts[0]) + strlen(i->ddl) + 8;
	char *applied = malloc(n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(applied);
	snprintf(applied, n, "%s%s;\n", texts[0], i->ddl);
	run a;
	run_w(&a, applied, texts[1], KP_TARGET_LINDORM);
	expect_plans(&a, "15 GET; 18 FILTERED SCAN via idx_ticket_account_id_assignee_id_updated_at_desc; 21 SCAN via "
	                 "ticket_by_updated; 24 SCAN; 27 REJECTED");
	expect_recommended(&a, "ticket", "");
	run_free(&a);
	free(applied);
	free_files(&r, texts);
}

static const char task_schema[] =
	"-- rows: 100000000\n-- distinct: org_id 10000\n-- distinct: owner_id 1000000\n-- distinct: state 5\n"
	"CREATE TABLE task (org_id BIGINT NOT NULL, task_id BIGINT NOT NULL, owner_id BIGINT, state VARCHAR(8), "
	"title VARCHAR(200), due_at BIGINT, CONSTRAINT pk PRIMARY KEY (org_id, task_id));\n";
static const char task_workload[] =
	"-- weight: 1000\nUPSERT INTO task (org_id, task_id, owner_id, state, title, due_at) VALUES (?, ?, ?, ?, ?, ?);\n"
	"-- weight: 5000\nSELECT title, state, owner_id, due_at FROM task WHERE org_id = ? AND task_id = ?;\n"
	"-- weight: 3000\nSELECT task_id, title, state, due_at FROM task WHERE org_id = ? AND owner_id = ? AND state IN "
	"('open', 'blocked') ORDER BY due_at LIMIT 20;\n";

/* The same shape on Phoenix: an owner's open or blocked tasks by due
 * date. Before: an index table keyed [org_id][owner_id][task_id] (the
 * candidate [org_id][owner_id][state][due_at] cut to a prefix that serves
 * "as much": nothing as GET or SCAN), the read every row of the owner's,
 * sorted. */
static void test_phoenix_index_past_in(void)
{
	run r;
	run_w(&r, task_schema, task_workload, KP_TARGET_PHOENIX);
	expect_recommended(&r, "task", "secondary_index [org_id][owner_id][due_at][task_id]");
	const kp_advice *i = recommended_kind(&r, "task", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl, "CREATE INDEX idx_task_org_id_owner_id_due_at ON task (org_id, owner_id, due_at) "
	                               "INCLUDE (state, title)");
	const kp_table_review *v = review_of(&r, "task");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 30005000.0, 0.5);
	CU_ASSERT_DOUBLE_EQUAL(v->after.read, 8000.0, 0.5);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "task", 6), "FILTERED SCAN -> FILTERED SCAN");
	/* no index table keyed without the ordered column */
	CU_ASSERT_PTR_NULL(alternative(&r, "task", "index_table", "[org_id][owner_id][task_id]"));
	expect_fixpoint(&r, (const char *const[]){task_schema}, 1, task_workload, KP_TARGET_PHOENIX, "task");
	run_free(&r);
}

/* Tablestore: the index its CreateIndex makes, the IN column a defined
 * column, within its four index columns. */
static void test_tablestore_index_past_in(void)
{
	run r;
	run_w(&r, task_schema, task_workload, KP_TARGET_TABLESTORE);
	expect_recommended(&r, "task", "secondary_index [org_id][owner_id][due_at][task_id]");
	const kp_advice *i = recommended_kind(&r, "task", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_PTR_NOT_NULL(strstr(i->message, "defined columns state, title"));
	const kp_table_review *v = review_of(&r, "task");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->after.read, 8000.0, 0.5);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "task", 6), "FILTERED SCAN -> FILTERED SCAN");
	CU_ASSERT_PTR_NULL(alternative(&r, "task", "index_table", "[org_id][owner_id][task_id]"));
	run_free(&r);
}

/* A range on a column the read does not order by is multi-valued too:
 * WHERE v = 1 AND w > 2 ORDER BY x LIMIT 10 gets (v, x) INCLUDE (w), read
 * in order and stopped after 100 rows (10 of the 10% the range keeps),
 * where (v, w) reads the range's 1,000 rows and sorts them. */
static void test_range_then_order(void)
{
	run r;
	const double w[] = {7};
	run_advisor_w(&r, "CREATE TABLE t (k BIGINT, v INT, name VARCHAR(20), w INT, x INT, PRIMARY KEY (k));",
	              "SELECT v FROM t WHERE v = 1 AND w > 2 ORDER BY x LIMIT 10;", KP_TARGET_PHOENIX, w, 1);
	expect_recommended(&r, "t", "secondary_index [v][x][k]");
	const kp_advice *i = recommended_kind(&r, "t", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(i);
	CU_ASSERT_STRING_EQUAL(i->ddl, "CREATE INDEX idx_t_v_x ON t (v, x) INCLUDE (w)");
	const kp_table_review *v = review_of(&r, "t");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->after.read, 700.0, 0.5);
	const kp_advice *s = alternative(&r, "t", "secondary_index", "[v][w][k]");
	CU_ASSERT_PTR_NOT_NULL(s);
	run_free(&r);
}

KPT_SUITE("index_order", NULL, NULL,
          {"E140: the agent's view gets (account_id, assignee_id, updated_at)", test_e140_agent_view_index},
          {"Phoenix: an index past an IN column, the ORDER BY kept", test_phoenix_index_past_in},
          {"Tablestore: the same, the IN column a defined column", test_tablestore_index_past_in},
          {"a range on another column, then the ORDER BY", test_range_then_order})
