/* The natural key as a candidate (docs/advice.md, "The natural key"): a
 * table keyed by a surrogate id that no read binds, whose point reads all
 * go through an index of its natural key and whose writes all bind it,
 * re-keyed on that index's columns with the index dropped, judged beside
 * the spreads of the id (designs24.md E146: Airflow's dag_run keyed by a
 * sequence, read through dag_run_by_run_id). Alibaba Cloud Lindorm, "How
 * to design the primary key of a wide table" (an increasing key writes
 * one region); Apache Phoenix, "Secondary Indexing" (a global index is a
 * second table every write keeps). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adv_run.h"
#include "design_files.h"

/* E146 as the designer wrote it: dag_run re-keyed to its natural key,
 * dag_run_by_run_id dropped with it, the hash of id an alternative; the
 * recommendation applied back stands. */
static void test_e146_natural_key(void)
{
	run r;
	char *texts[2];
	run_files(&r, "designs24/E146.schema.sql", "designs24/E146.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "dag_run", "reorder_key [deployment_id][dag_id][run_id]; drop_index "
	                                  "[deployment_id][dag_id][run_id][id]");
	const kp_advice *x = recommended_key(&r, "dag_run", "reorder_key", "[deployment_id][dag_id][run_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_EQUAL(x->rule, KP_R_BETTER_KEY);
	CU_ASSERT_PTR_NOT_NULL_FATAL(x->with);
	CU_ASSERT_STRING_EQUAL(x->with->ddl, "DROP INDEX dag_run_by_run_id ON dag_run");
	CU_ASSERT_PTR_NULL(strstr(x->ddl, "CREATE INDEX dag_run_by_run_id"));
	CU_ASSERT_PTR_NOT_NULL(strstr(x->ddl, "PRIMARY KEY (deployment_id, dag_id, run_id)"));
	CU_ASSERT_PTR_NOT_NULL(alternative(&r, "dag_run", "hash_prefix", "[hash32(id)][id]"));
	const kp_table_review *v = review_of(&r, "dag_run");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 14000, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "dag_run", 33), "SCAN -> GET");
	expect_nothing_worse(&r, "dag_run");
	expect_fixpoint_text(&r, texts[0], texts[1], KP_TARGET_LINDORM, "dag_run");
	free_files(&r, texts);
}

static const char *order_schema =
	"-- rows: 1000000000\n-- distinct: shop_id 100000\n-- distinct: order_no 1000000000\n"
	"-- distribution: id monotonic\n"
	"CREATE TABLE orders (id BIGINT NOT NULL, shop_id VARCHAR(32) NOT NULL, order_no VARCHAR(32) NOT NULL, "
	"status VARCHAR(16), total BIGINT, PRIMARY KEY (id));\n"
	"CREATE INDEX orders_by_no ON orders (shop_id, order_no);\n";

/* The natural-key index also read by a prefix (the shop's orders), or a
 * write that binds only the id: no re-key on it. */
static void test_no_natural_key_when_read_otherwise_or_written_by_id(void)
{
	run r;
	run_w(&r, order_schema,
	      "-- weight: 5000\nUPSERT INTO orders (id, shop_id, order_no, status, total) VALUES (?, ?, ?, 'new', ?);\n"
	      "-- weight: 20000\nSELECT id, status, total FROM orders WHERE shop_id = ? AND order_no = ?;\n"
	      "-- weight: 3000\nSELECT order_no, total FROM orders WHERE shop_id = ? LIMIT 50;\n",
	      KP_TARGET_PHOENIX);
	CU_ASSERT_PTR_NULL(recommended_key(&r, "orders", "reorder_key", "[shop_id][order_no]"));
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_BETTER_KEY, "the columns of orders_by_no"), 0);
	run_free(&r);
	run_w(&r, order_schema,
	      "-- weight: 5000\nUPSERT INTO orders (id, shop_id, order_no, status, total) VALUES (?, ?, ?, 'new', ?);\n"
	      "-- weight: 5000\nUPDATE orders SET status = ? WHERE id = ?;\n"
	      "-- weight: 20000\nSELECT id, status, total FROM orders WHERE shop_id = ? AND order_no = ?;\n",
	      KP_TARGET_PHOENIX);
	CU_ASSERT_PTR_NULL(recommended_key(&r, "orders", "reorder_key", "[shop_id][order_no]"));
	run_free(&r);
}

KPT_SUITE("advisor natural key", NULL, NULL,
	{"E146: dag_run re-keyed on its natural key, the index dropped", test_e146_natural_key},
	{"no natural key when the index is read otherwise or a write binds the id",
	 test_no_natural_key_when_read_otherwise_or_written_by_id})
