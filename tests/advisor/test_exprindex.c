/* Functional (expression) indexes (advisor/exprindex.c, docs/advice.md):
 * proposed where the store indexes an expression (Phoenix), never where it
 * cannot (Lindorm, Tablestore), never for an expression a row alone does
 * not decide; and the planner reads through one only when the statement
 * writes the same expression. */
#include <string.h>

#include "adv_run.h"

static const char *phoenix_schema = "-- distribution: id uniform\n"
                                    "CREATE TABLE person (id BIGINT NOT NULL, first_name VARCHAR(64), "
                                    "last_name VARCHAR(64), email VARCHAR(128), price DECIMAL(10,2), "
                                    "CONSTRAINT pk PRIMARY KEY (id))";

static const char *workload = "-- weight: 2000\n"
                              "SELECT id, email FROM person WHERE LOWER(email) = ?;\n"
                              "-- weight: 3000\n"
                              "SELECT * FROM person WHERE id = ?;\n"
                              "-- weight: 300\n"
                              "UPSERT INTO person (id, first_name, last_name, email) VALUES (?, ?, ?, ?);\n";

/* Advice whose key starts with an expression part. */
static int count_expr_advice(const run *r)
{
	int n = 0;
	for (uint32_t i = 0; i < r->adv.advice.n; i++) {
		const kp_advice *x = r->adv.advice.items[i];
		n += x->index && x->index->has_expr;
	}
	return n;
}

static int setup(void)
{
	run_as_target = true;
	return 0;
}

/* Phoenix: the read on LOWER(email) gets the functional index, which holds
 * nothing more (email is the expression's only column, and the read returns
 * it: held); applied back, the read is a SCAN and the design stands. */
static void test_functional_index_proposed_on_phoenix(void)
{
	static const char *schema[1];
	schema[0] = phoenix_schema;
	run r;
	run_w(&r, phoenix_schema, workload, KP_TARGET_PHOENIX);
	expect_recommended(&r, "person", "secondary_index [LOWER(EMAIL)][ID]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "person", 2), "full scan -> SCAN");
	const kp_table_review *v = review_of(&r, "person");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	const kp_advice *x = v->recommended.items[0];
	CU_ASSERT_STRING_EQUAL(x->ddl, "CREATE INDEX idx_person_lower_email ON PERSON (LOWER(EMAIL)) INCLUDE (EMAIL)");
	CU_ASSERT_EQUAL(x->serves, 2000);
	CU_ASSERT_EQUAL(x->of, 2000);
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "an insert into PERSON then writes 2 rows"));
	expect_fixpoint(&r, schema, 1, workload, KP_TARGET_PHOENIX, "person");
	run_free(&r);
}

/* Lindorm's secondary indexes and Tablestore's index columns: no
 * functional index is proposed there. */
static void test_no_functional_index_where_the_store_has_none(void)
{
	const char *schema = "CREATE TABLE person (id BIGINT NOT NULL, first_name VARCHAR(64), last_name VARCHAR(64), "
	                     "email VARCHAR(128), price DECIMAL(10,2), PRIMARY KEY (id))";
	static const kp_target targets[] = {KP_TARGET_LINDORM, KP_TARGET_TABLESTORE};
	for (int i = 0; i < 2; i++) {
		run r;
		run_w(&r, schema, workload, targets[i]);
		CU_ASSERT_EQUAL(count_expr_advice(&r), 0);
		run_free(&r);
	}
}

/* An expression a row alone does not decide (RAND, the time), or one
 * holding a parameter, is no index's. */
static void test_no_functional_index_of_a_volatile_expression(void)
{
	const char *w = "-- weight: 2000\n"
	                "SELECT id FROM person WHERE ROUND(price * RAND()) = ?;\n"
	                "-- weight: 2000\n"
	                "SELECT id FROM person WHERE TO_CHAR(CURRENT_DATE()) || last_name = ?;\n"
	                "-- weight: 2000\n"
	                "SELECT id FROM person WHERE price * ? > 10;\n"
	                "-- weight: 300\n"
	                "UPSERT INTO person (id, first_name, last_name, email) VALUES (?, ?, ?, ?);\n";
	run r;
	run_w(&r, phoenix_schema, w, KP_TARGET_PHOENIX);
	CU_ASSERT_EQUAL(count_expr_advice(&r), 0);
	run_free(&r);
}

/* The planner reads through a functional index only for the expression as
 * the index writes it: names compared ignoring case, a qualifier ignored;
 * another function, another operand order or another literal is not it. */
static void test_planner_matches_the_expression_as_written(void)
{
	kpt t;
	kpt_init_target(&t, KP_TARGET_PHOENIX);
	CU_ASSERT_EQUAL_FATAL(kpt_schema(&t, "CREATE TABLE person (id BIGINT NOT NULL, first_name VARCHAR(64), "
	                                     "last_name VARCHAR(64), CONSTRAINT pk PRIMARY KEY (id));\n"
	                                     "CREATE INDEX up_name ON person (UPPER(first_name || ' ' || last_name));\n"),
	                      0);
	kpt_plan(&t, "SELECT id FROM person p WHERE upper(p.FIRST_NAME || ' ' || p.last_name) = ?");
	CU_ASSERT_STRING_EQUAL(t.text, "SCAN PERSON via index UP_NAME prefix (UPPER(FIRST_NAME || ' ' || LAST_NAME)=?)");
	kpt_plan(&t, "SELECT id FROM person WHERE UPPER(last_name || ' ' || first_name) = ?");
	CU_ASSERT_PTR_NOT_NULL(strstr(t.text, "FULL SCAN PERSON"));
	kpt_plan(&t, "SELECT id FROM person WHERE UPPER(first_name || '-' || last_name) = ?");
	CU_ASSERT_PTR_NOT_NULL(strstr(t.text, "FULL SCAN PERSON"));
	kpt_plan(&t, "SELECT id FROM person WHERE LOWER(first_name || ' ' || last_name) = ?");
	CU_ASSERT_PTR_NOT_NULL(strstr(t.text, "FULL SCAN PERSON"));
	kpt_free(&t);
}

/* A multi-tenant table's functional index keeps the tenant first (Phoenix:
 * an index on a MULTI_TENANT table that lost the tenant would mix tenants'
 * rows). */
static void test_functional_index_keeps_the_tenant(void)
{
	const char *schema = "CREATE TABLE contact (tenant_id VARCHAR(16) NOT NULL, id BIGINT NOT NULL, "
	                     "email VARCHAR(64) CONSTRAINT pk PRIMARY KEY (tenant_id, id)) MULTI_TENANT=true";
	const char *w = "-- weight: 100\nSELECT id, email FROM contact WHERE LOWER(email) = ?;\n"
	                "-- weight: 10\nUPSERT INTO contact (tenant_id, id, email) VALUES (?, ?, ?);\n";
	run r;
	run_w(&r, schema, w, KP_TARGET_PHOENIX);
	const kp_advice *x = NULL;
	for (uint32_t i = 0; i < r.adv.advice.n; i++) {
		const kp_advice *y = r.adv.advice.items[i];
		if (y->index && y->index->has_expr)
			x = y;
	}
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_STRING_EQUAL(x->key, "[TENANT_ID][LOWER(EMAIL)][ID]");
	/* the tenant not named: Phoenix puts it first itself (named, it would
	 * be the index's column twice: ERROR 514) */
	CU_ASSERT_STRING_EQUAL(x->ddl, "CREATE INDEX idx_contact_lower_email ON CONTACT (LOWER(EMAIL)) INCLUDE (EMAIL)");
	run_free(&r);
}

KPT_SUITE("exprindex", setup, NULL,
	{"a read on an expression gets a functional index on Phoenix, applied back a SCAN",
	 test_functional_index_proposed_on_phoenix},
	{"no functional index on Lindorm or Tablestore", test_no_functional_index_where_the_store_has_none},
	{"no functional index of a volatile expression or one holding a parameter",
	 test_no_functional_index_of_a_volatile_expression},
	{"the planner matches the expression as written", test_planner_matches_the_expression_as_written},
	{"a multi-tenant table's functional index keeps the tenant first", test_functional_index_keeps_the_tenant})
