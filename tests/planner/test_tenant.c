/* Phoenix multi-tenancy (phoenix.apache.org/multi-tenancy.html): on a
 * tenant-specific connection (--tenant ID) a MULTI_TENANT table's tenant
 * column, its first key column after the salt byte, is bound to the
 * TenantId and hidden, in the table and in the views over it; a
 * MULTI_TENANT table Phoenix refuses (ERROR 1040) is a located error. */
#include <string.h>

#include "advisor/targets.h"
#include "kp_test.h"

static const char *SCHEMA =
	"CREATE TABLE event (tenant_id VARCHAR(15) NOT NULL, event_type CHAR(1) NOT NULL, created_date DATE NOT NULL, "
	"event_id BIGINT NOT NULL, user_id VARCHAR(15) CONSTRAINT pk PRIMARY KEY (tenant_id, event_type, created_date, "
	"event_id)) MULTI_TENANT=true;\n"
	"CREATE VIEW login_event AS SELECT * FROM event WHERE event_type = 'L';\n"
	"CREATE VIEW acme_event (seq BIGINT NOT NULL PRIMARY KEY, note VARCHAR) AS SELECT * FROM event;\n"
	"CREATE TABLE salted (org CHAR(15) NOT NULL, id BIGINT NOT NULL, v VARCHAR CONSTRAINT pk PRIMARY KEY (org, id)) "
	"SALT_BUCKETS=4, MULTI_TENANT=true;\n"
	"CREATE TABLE plain (org VARCHAR NOT NULL, id BIGINT NOT NULL, CONSTRAINT pk PRIMARY KEY (org, id));";

static kpt T;   /* --target phoenix --tenant acme */
static kpt G;   /* --target phoenix, a global connection */

static int open_phoenix(kpt *t, const char *tenant, const char *schema)
{
	kpt_init(t);
	kp_pipe_free(&t->pipe);
	kp_pipe_init(&t->pipe, KP_TARGET_PHOENIX);
	t->cat.names = kp_target_names(KP_TARGET_PHOENIX);
	kp_target_plan_opts(&t->opts, KP_TARGET_PHOENIX);
	t->opts.tenant = tenant;
	kp_pipe_borrow(&t->pipe, &t->cat, &t->opts);
	t->pipe.collect = &t->d;
	t->pipe.collect_arena = &t->arena;
	if (!schema || kpt_schema(t, schema) == 0)
		return 0;
	for (const kp_diag *g = t->d.head; g; g = g->next)
		fprintf(stderr, "schema: %s\n", g->message);
	return 1;
}

static int setup(void)
{
	return open_phoenix(&T, "acme", SCHEMA) || open_phoenix(&G, NULL, SCHEMA);
}

static int teardown(void)
{
	kpt_free(&T);
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

static void test_the_tenant_column_is_bound_to_the_tenant_id(void)
{
	plan(&T, "SELECT * FROM event WHERE event_type = 'L' AND created_date > ?",
	     "SCAN EVENT prefix (TENANT_ID='acme', EVENT_TYPE='L') range CREATED_DATE (?, +inf)", "");
	plan(&T, "SELECT event_id FROM event", "SCAN EVENT prefix (TENANT_ID='acme')", "");
	plan(&T, "SELECT * FROM event WHERE event_type = 'L' AND created_date = ? AND event_id = 7",
	     "GET EVENT key (TENANT_ID='acme', EVENT_TYPE='L', CREATED_DATE=?, EVENT_ID=7)", "");
	/* after the salt byte Phoenix computes */
	plan(&T, "SELECT v FROM salted WHERE id = 5", "GET SALTED key (ORG='acme', ID=5)", "");
	/* a table that is not multi-tenant is read as on a global connection */
	plan(&T, "SELECT * FROM plain WHERE id = 5", "FULL SCAN PLAIN filter ID = 5", "KP001");
}

static void test_a_tenant_connection_hides_the_tenant_column(void)
{
	plan(&T, "SELECT * FROM event WHERE tenant_id = 'x'", "ERROR: statement not planned (see diagnostics)", "KP009");
	CU_ASSERT_TRUE(kpt_has_message(&T, "column 'TENANT_ID' is the tenant column of multi-tenant table EVENT: a "
	                                   "tenant-specific connection (--tenant) binds it and hides it"));
	plan(&T, "SELECT tenant_id, user_id FROM event", "ERROR: statement not planned (see diagnostics)", "KP009");
	plan(&T, "SELECT user_id FROM login_event WHERE tenant_id = ?", "ERROR: statement not planned (see diagnostics)",
	     "KP009");
}

static void test_views_over_a_multi_tenant_table_are_tenant_views(void)
{
	plan(&T, "SELECT * FROM login_event WHERE created_date > ?",
	     "SCAN LOGIN_EVENT prefix (TENANT_ID='acme', EVENT_TYPE='L') range CREATED_DATE (?, +inf)", "");
	/* a view adds key columns after its parent's (the last one fixed width) */
	plan(&T, "SELECT note FROM acme_event WHERE event_type = 'L' AND created_date = ? AND event_id = 1 AND seq = 2",
	     "GET ACME_EVENT key (TENANT_ID='acme', EVENT_TYPE='L', CREATED_DATE=?, EVENT_ID=1, SEQ=2)", "");
}

static void test_a_global_connection_is_unchanged(void)
{
	plan(&G, "SELECT * FROM event WHERE event_type = 'L' AND created_date > ?",
	     "FULL SCAN EVENT filter EVENT_TYPE = 'L' AND CREATED_DATE > ?", "KP001");
	plan(&G, "SELECT * FROM event WHERE tenant_id = 'x'", "SCAN EVENT prefix (TENANT_ID='x')", "");
	plan(&G, "SELECT * FROM login_event WHERE tenant_id = ?", "SCAN LOGIN_EVENT prefix (TENANT_ID=?, EVENT_TYPE='L')",
	     "");
}

/* Phoenix's ERROR 1040 (SQLExceptionCode INSUFFICIENT_MULTI_TENANT_COLUMNS) */
static void refused(const char *ddl, const char *message)
{
	kpt t;
	CU_ASSERT_EQUAL(open_phoenix(&t, NULL, NULL), 0);
	CU_ASSERT_EQUAL(kpt_schema(&t, ddl), 1);
	CU_ASSERT_STRING_EQUAL(t.rules, "KP014");
	const kp_diag *g = t.d.head;
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	if (strcmp(g->message, message))
		fprintf(stderr, "\n  got:  %s\n  want: %s\n", g->message, message);
	CU_ASSERT_STRING_EQUAL(g->message, message);
	/* at the MULTI_TENANT option */
	const char *at = strstr(ddl, "MULTI_TENANT");
	CU_ASSERT_EQUAL(g->off, (uint32_t)(at - ddl));
	CU_ASSERT_EQUAL(g->len, 12);
	kpt_free(&t);
}

#define E1040 " (Phoenix ERROR 1040: \"A MULTI_TENANT table must have two or more PK columns with the first column " \
              "being NOT NULL.\")"

static void test_phoenix_refuses_a_multi_tenant_table_without_a_tenant_column(void)
{
	refused("CREATE TABLE t1 (org VARCHAR NOT NULL PRIMARY KEY, v VARCHAR) MULTI_TENANT=true",
	        "MULTI_TENANT table T1 has one key column" E1040);
	refused("CREATE TABLE t2 (org VARCHAR, id BIGINT NOT NULL, CONSTRAINT pk PRIMARY KEY (org, id)) MULTI_TENANT=true",
	        "MULTI_TENANT table T2: its tenant column ORG is not declared NOT NULL" E1040);
	/* the salt byte is not the tenant column: one key column after it */
	refused("CREATE TABLE t4 (org CHAR(3) NOT NULL PRIMARY KEY) SALT_BUCKETS=2, MULTI_TENANT=true",
	        "MULTI_TENANT table T4 has one key column" E1040);
	kpt t;
	CU_ASSERT_EQUAL(open_phoenix(&t, NULL, NULL), 0);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE t5 (org CHAR(15) NOT NULL, id BIGINT NOT NULL CONSTRAINT pk "
	                               "PRIMARY KEY (org, id)) MULTI_TENANT=false"), 0);
	/* the tenant column's type is free: Phoenix converts the TenantId to it
	 * (only Phoenix 2/3 required VARCHAR or CHAR) */
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE t3 (org BIGINT NOT NULL, id BIGINT NOT NULL, CONSTRAINT pk PRIMARY "
	                               "KEY (org, id)) MULTI_TENANT=true"), 0);
	kpt_free(&t);
}

KPT_SUITE("tenant", setup, teardown,
	{"a tenant connection binds the tenant column to its TenantId", test_the_tenant_column_is_bound_to_the_tenant_id},
	{"a tenant connection hides the tenant column", test_a_tenant_connection_hides_the_tenant_column},
	{"views over a multi-tenant table are tenant views", test_views_over_a_multi_tenant_table_are_tenant_views},
	{"a global connection plans as before", test_a_global_connection_is_unchanged},
	{"Phoenix refuses a MULTI_TENANT table without a tenant column (ERROR 1040)",
	 test_phoenix_refuses_a_multi_tenant_table_without_a_tenant_column})
