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
	kpt_init_target(t, tg);
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

/* pagila's pagila-schema.sql (pg_dump): each table is created without a
 * key, and the key is declared after it. */
static const char *PAGILA =
	"CREATE TABLE public.actor (\n"
	"    actor_id integer DEFAULT nextval('public.actor_actor_id_seq'::regclass) NOT NULL,\n"
	"    first_name text NOT NULL,\n"
	"    last_name text NOT NULL,\n"
	"    last_update timestamp with time zone DEFAULT now() NOT NULL\n"
	");\n"
	"CREATE TABLE public.film_actor (\n"
	"    actor_id integer NOT NULL,\n"
	"    film_id integer NOT NULL,\n"
	"    last_update timestamp with time zone DEFAULT now() NOT NULL\n"
	");\n";
static const char *PAGILA_KEYS =
	"ALTER TABLE ONLY public.actor\n"
	"    ADD CONSTRAINT actor_pkey PRIMARY KEY (actor_id);\n"
	"ALTER TABLE ONLY public.film_actor\n"
	"    ADD CONSTRAINT film_actor_pkey PRIMARY KEY (actor_id, film_id);\n";

static void key_is(const kp_key *k, const kp_table *t, const char *want)
{
	kp_buf b = {0};
	kp_key_notation(&b, t, k);
	ASSERT_STR(b.data ? b.data : "", want);
	kp_buf_free(&b);
}

static void test_generic_alter_add_primary_key(void)
{
	kpt t;
	target_setup(&t, KP_TARGET_GENERIC);
	/* pagila's idx_fk_film_id comes after the keys; here before, so that
	 * the key is appended to an index that exists */
	CU_ASSERT_EQUAL(kpt_schema(&t, PAGILA), 0);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE INDEX idx_fk_film_id ON public.film_actor USING btree (film_id);"), 0);
	plan(&t, "SELECT * FROM public.actor WHERE actor_id = 1", "FULL SCAN public.actor filter actor_id = 1", "KP001");
	plan(&t, "SELECT * FROM public.film_actor WHERE film_id = 2 AND actor_id = 1",
	     "FILTERED SCAN public.film_actor via index idx_fk_film_id (+ table lookup) prefix (film_id=2) "
	     "filter actor_id = 1",
	     "KP002");
	CU_ASSERT_EQUAL(kpt_schema(&t, PAGILA_KEYS), 0);
	const kp_table *fa = kp_catalog_find(&t.cat, "public.film_actor", 17);
	CU_ASSERT_PTR_NOT_NULL_FATAL(fa);
	key_is(&fa->pk, fa, "[actor_id][film_id]");
	CU_ASSERT_EQUAL(fa->cols[0].key_pos, 0);
	CU_ASSERT_EQUAL(fa->cols[1].key_pos, 1);
	CU_ASSERT_EQUAL(fa->cols[2].key_pos, -1);
	/* as CREATE INDEX after the key builds it: film_id, then the key's
	 * column the index does not hold */
	key_is(&fa->indexes[0]->key, fa, "[film_id][actor_id]");
	CU_ASSERT_EQUAL(fa->indexes[0]->nuser, 1);
	CU_ASSERT_TRUE(fa->indexes[0]->covers[0]);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE INDEX idx_fk_film_id2 ON public.film_actor USING btree (film_id);"), 0);
	key_is(&fa->indexes[1]->key, fa, "[film_id][actor_id]");
	plan(&t, "SELECT * FROM public.actor WHERE actor_id = 1", "GET public.actor key (actor_id=1)", "");
	plan(&t, "SELECT * FROM public.film_actor WHERE actor_id = 1", "SCAN public.film_actor prefix (actor_id=1)", "");
	plan(&t, "SELECT * FROM public.film_actor WHERE film_id = 2 AND actor_id = 1",
	     "GET public.film_actor key (actor_id=1, film_id=2)", "");
	plan(&t, "SELECT actor_id FROM public.film_actor WHERE film_id = 2",
	     "SCAN public.film_actor via index idx_fk_film_id prefix (film_id=2)", "");
	/* MySQL's index options after the key, as CREATE TABLE reads them */
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE `users` (`id` int NOT NULL, `email` varchar(80));\n"
	                               "ALTER TABLE `users` ADD PRIMARY KEY (`id`) USING BTREE;"), 0);
	plan(&t, "SELECT email FROM users WHERE id = 7", "GET users key (id=7)", "");
	kpt_free(&t);
}

/* the error message of the one error kpt_schema(t, sql) reports, and its help */
static void one_error(kpt *t, const char *sql, kp_rule rule, const char *msg, const char *help)
{
	CU_ASSERT_EQUAL(kpt_schema(t, sql), 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t->d.head);
	CU_ASSERT_EQUAL(t->d.head->rule, rule);
	ASSERT_STR(t->d.head->message, msg);
	if (help) {
		CU_ASSERT_PTR_NOT_NULL_FATAL(t->d.head->helps);
		ASSERT_STR(t->d.head->helps->message, help);
	}
}

static void test_generic_alter_add_primary_key_errors(void)
{
	kpt t;
	target_setup(&t, KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(kpt_schema(&t, PAGILA), 0);
	one_error(&t, "ALTER TABLE ONLY public.actor ADD CONSTRAINT actor_pkey PRIMARY KEY (actor_ident);",
	          KP_R_BAD_KEY, "primary key of public.actor names unknown column 'actor_ident'", NULL);
	one_error(&t, "ALTER TABLE public.actor ADD PRIMARY KEY (actor_id, actor_id);", KP_R_BAD_KEY,
	          "column 'actor_id' appears twice in the primary key of public.actor", NULL);
	one_error(&t, "ALTER TABLE ONLY public.staff ADD CONSTRAINT staff_pkey PRIMARY KEY (staff_id);",
	          KP_R_UNKNOWN_TABLE, "ALTER TABLE on unknown table 'public.staff'", NULL);
	const kp_table *a = kp_catalog_find(&t.cat, "public.actor", 12);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(a->pk.n, 0);   /* a failed ALTER leaves the heap */
	CU_ASSERT_EQUAL(kpt_schema(&t, PAGILA_KEYS), 0);
	one_error(&t, "ALTER TABLE ONLY public.actor ADD CONSTRAINT actor_pkey2 PRIMARY KEY (last_name);",
	          KP_R_BAD_KEY, "public.actor already has a primary key (actor_id); a table has one",
	          "PostgreSQL: ERROR: multiple primary keys for table \"public.actor\" are not allowed; "
	          "MySQL: ERROR 1068 (42000): Multiple primary key defined");
	CU_ASSERT_EQUAL(t.d.head->off, 57);   /* at PRIMARY */
	CU_ASSERT_EQUAL(t.d.head->len, 7);
	key_is(&a->pk, a, "[actor_id]");
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE VIEW v AS SELECT * FROM public.actor;"), 0);
	one_error(&t, "ALTER VIEW v ADD PRIMARY KEY (actor_id);", KP_R_BAD_KEY,
	          "cannot add a primary key to view v: a view has its table's key", NULL);
	kpt_free(&t);
}

static void test_wide_column_alter_add_primary_key_is_kp012(void)
{
	kpt t;
	target_setup(&t, KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE actor (actor_id INTEGER NOT NULL, last_name VARCHAR, "
	                               "PRIMARY KEY (actor_id));"), 0);
	one_error(&t, "ALTER TABLE actor ADD CONSTRAINT actor_pkey PRIMARY KEY (last_name);", KP_R_UNSUPPORTED,
	          "lindorm refuses ALTER TABLE ... ADD PRIMARY KEY",
	          "Lindorm's ALTER TABLE takes ADD [COLUMN] column_def, DROP COLUMN [IF EXISTS] column_name, SET "
	          "table_options and COMPACT; a table's primary key is the one its CREATE TABLE declares "
	          "(Lindorm, ALTER TABLE)");
	const kp_table *a = kp_catalog_find(&t.cat, "actor", 5);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	key_is(&a->pk, a, "[actor_id]");   /* the key CREATE TABLE declared */
	kpt_free(&t);
}

/* ALTER TABLE t ADD c ... PRIMARY KEY on a table without a key (MySQL:
 * the column becomes the key): found by fuzz_plan, which saw the absent
 * key parts copied from NULL (UBSan: null pointer passed to memcpy). */
static void test_generic_alter_add_key_column_to_a_heap(void)
{
	kpt t;
	target_setup(&t, KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE h (a INT, b INT); ALTER TABLE h ADD k BIGINT PRIMARY KEY;"), 0);
	const kp_table *h = kp_catalog_find(&t.cat, "h", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_EQUAL(h->pk.n, 1);
	plan(&t, "SELECT * FROM h WHERE k = 1", "GET h key (k=1)", "");
	kpt_free(&t);
}

KPT_SUITE("heap", setup, teardown,
	{"generic: a table without a primary key loads, its indexes keyed by their own columns",
	 test_generic_table_without_key_loads},
	{"generic: a heap table with no usable index is a full scan, worded as a heap",
	 test_heap_condition_on_no_index_is_a_full_scan},
	{"generic: a heap's non-unique index is a SCAN, a unique one bound whole a GET",
	 test_heap_nonunique_index_is_a_scan_unique_a_get},
	{"lindorm, phoenix and tablestore keep KP015", test_wide_column_targets_keep_kp015},
	{"generic: pagila's ALTER TABLE ONLY ... ADD CONSTRAINT ... PRIMARY KEY keys its heap tables and their indexes",
	 test_generic_alter_add_primary_key},
	{"generic: ADD PRIMARY KEY with an unknown or repeated column, on an unknown table, a keyed table, a view",
	 test_generic_alter_add_primary_key_errors},
	{"lindorm: ADD PRIMARY KEY is KP012 in Lindorm's words, the key stays", test_wide_column_alter_add_primary_key_is_kp012},
	{"generic: ALTER TABLE ADD a key column to a table without a key", test_generic_alter_add_key_column_to_a_heap})
