/* A table without a primary key (docs/targets.md, "Tables without a
 * primary key"): under generic, whose MySQL and PostgreSQL store such a
 * table as a heap of rows (InnoDB under a hidden row id, PostgreSQL by
 * ctid), the DDL is valid and its queries are full scans or use its
 * indexes; the wide-column targets keep KP015. Each case quotes the schema
 * it comes from. */
#include <string.h>

#include "advisor/targets.h"
#include "kp_test.h"

static kpt G;   /* --target generic */

/* spring-petclinic, src/main/resources/db/mysql/schema.sql: the join table
 * vet_specialties has no primary key, only a UNIQUE (vet_id,specialty_id);
 * spring-batch's schema-mysql.sql: BATCH_JOB_EXECUTION_PARAMS has none (the
 * index on PARAMETER_NAME is this test's) */
static const char *SCHEMA =
	"CREATE TABLE IF NOT EXISTS vet_specialties (\n"
	"  vet_id INT(4) UNSIGNED NOT NULL,\n"
	"  specialty_id INT(4) UNSIGNED NOT NULL,\n"
	"  UNIQUE (vet_id,specialty_id)\n"
	") engine=InnoDB;\n"
	"CREATE TABLE BATCH_JOB_EXECUTION_PARAMS (JOB_EXECUTION_ID BIGINT NOT NULL,"
	" PARAMETER_NAME VARCHAR(100) NOT NULL, PARAMETER_VALUE VARCHAR(2500)) ENGINE=InnoDB;\n"
	"CREATE INDEX params_name ON BATCH_JOB_EXECUTION_PARAMS (PARAMETER_NAME);\n";

/* A session under target tg with its names and plan rules. */
static void target_setup(kpt *t, kp_target tg)
{
	kpt_init(t);
	kp_pipe_free(&t->pipe);
	kp_pipe_init(&t->pipe, tg);
	t->cat.names = kp_target_names(tg);
	t->cat.heap_tables = kp_target_heap_tables(tg);
	kp_target_plan_opts(&t->opts, tg);
	kp_pipe_borrow(&t->pipe, &t->cat, &t->opts);
	t->pipe.collect = &t->d;
	t->pipe.collect_arena = &t->arena;
}

static int setup(void)
{
	target_setup(&G, KP_TARGET_GENERIC);
	if (kpt_schema(&G, SCHEMA) == 0)
		return 0;
	for (const kp_diag *g = G.d.head; g; g = g->next)
		fprintf(stderr, "schema: %s\n", g->message);
	return 1;
}

static int teardown(void)
{
	kpt_free(&G);
	return 0;
}

static void plan(kpt *t, const char *q, const char *text, const char *rules)
{
	kpt_plan(t, q);
	if (strcmp(t->text, text) || strcmp(t->rules, rules))
		fprintf(stderr, "\n  query: %s\n  got:  %s [%s]\n  want: %s [%s]\n", q, t->text, t->rules, text, rules);
	CU_ASSERT_STRING_EQUAL(t->text, text);
	CU_ASSERT_STRING_EQUAL(t->rules, rules);
}

static void test_generic_table_without_key_loads(void)
{
	const kp_table *t = kp_catalog_find(&G.cat, "vet_specialties", 15);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL(t->pk.n, 0);
	CU_ASSERT_EQUAL(t->nindexes, 1);
	CU_ASSERT_TRUE(t->indexes[0]->unique);
	/* the index key is its own columns: no primary key columns to append */
	CU_ASSERT_EQUAL(t->indexes[0]->key.n, 2);
}

static void test_heap_condition_on_no_index_is_a_full_scan(void)
{
	plan(&G, "SELECT * FROM BATCH_JOB_EXECUTION_PARAMS WHERE JOB_EXECUTION_ID = 1",
	     "FULL SCAN BATCH_JOB_EXECUTION_PARAMS filter JOB_EXECUTION_ID = 1", "KP001");
	CU_ASSERT_TRUE(kpt_has_message(&G, "full table scan: BATCH_JOB_EXECUTION_PARAMS has no primary key, so its "
	                                   "rows are stored in no key order (a heap) and every row is read"));
	plan(&G, "SELECT * FROM BATCH_JOB_EXECUTION_PARAMS", "FULL SCAN BATCH_JOB_EXECUTION_PARAMS", "KP001");
	plan(&G, "DELETE FROM vet_specialties WHERE specialty_id = 3",
	     "FULL SCAN vet_specialties filter specialty_id = 3", "KP001");
}

static void test_heap_nonunique_index_is_a_scan_unique_a_get(void)
{
	/* a non-unique index of a heap ends in the hidden row id: one value
	 * finds rows, never one row */
	plan(&G, "SELECT * FROM BATCH_JOB_EXECUTION_PARAMS WHERE PARAMETER_NAME = 'run.id'",
	     "SCAN BATCH_JOB_EXECUTION_PARAMS via index params_name (+ table lookup) prefix (PARAMETER_NAME='run.id')",
	     "");
	plan(&G, "SELECT * FROM vet_specialties WHERE vet_id = 1 AND specialty_id = 2",
	     "GET vet_specialties via index vet_specialties_vet_id_idx1 key (vet_id=1, specialty_id=2)", "");
	plan(&G, "SELECT specialty_id FROM vet_specialties WHERE vet_id = 1",
	     "SCAN vet_specialties via index vet_specialties_vet_id_idx1 prefix (vet_id=1)", "");
}

static void test_wide_column_targets_keep_kp015(void)
{
	static const kp_target tg[] = {KP_TARGET_LINDORM, KP_TARGET_PHOENIX, KP_TARGET_TABLESTORE};
	for (size_t i = 0; i < sizeof tg / sizeof tg[0]; i++) {
		kpt t;
		target_setup(&t, tg[i]);
		CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE h (a INTEGER, b INTEGER)"), 1);
		CU_ASSERT_PTR_NOT_NULL(t.d.head);
		if (t.d.head) {
			CU_ASSERT_EQUAL(t.d.head->rule, KP_R_NO_PRIMARY_KEY);
			ASSERT_STR(t.d.head->message, tg[i] == KP_TARGET_PHOENIX
			                                  ? "table H has no primary key; wide-column stores require one"
			                                  : "table h has no primary key; wide-column stores require one");
		}
		kpt_free(&t);
	}
}

KPT_SUITE("heap", setup, teardown,
	{"generic: a table without a primary key loads, its indexes keyed by their own columns",
	 test_generic_table_without_key_loads},
	{"generic: a heap table with no usable index is a full scan, worded as a heap",
	 test_heap_condition_on_no_index_is_a_full_scan},
	{"generic: a heap's non-unique index is a SCAN, a unique one bound whole a GET",
	 test_heap_nonunique_index_is_a_scan_unique_a_get},
	{"lindorm, phoenix and tablestore keep KP015", test_wide_column_targets_keep_kp015})
