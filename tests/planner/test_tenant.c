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

/* UpsertCompiler: a tenant connection sets the tenant column itself, and
 * cannot name it (ERROR 504); a global one must set it (ERROR 218) */
#define WRITE_T "UPSERT EVENT: no plan (writes carry no access path); tenant acme's connection sets its tenant column"
#define WRITE_G "UPSERT EVENT: no plan (writes carry no access path)"
#define UNSET(c) "the write leaves key column " c " of EVENT unset (Phoenix ERROR 218 (23018): \"Constraint " \
                 "violation. EVENT." c " may not be null\")"

static void test_a_tenant_connection_sets_the_tenant_column_of_a_write(void)
{
	plan(&T, "UPSERT INTO event (event_type, created_date, event_id, user_id) VALUES ('L', ?, 1, 'u')", WRITE_T, "");
	/* without a column list the values fill the columns after it */
	plan(&T, "UPSERT INTO event VALUES ('L', ?, 1, 'u')", WRITE_T, "");
	plan(&T, "UPSERT INTO event VALUES ('L', ?, 1)", WRITE_T, "");
	/* a view's constants are set too (EVENT_TYPE = 'L') */
	plan(&T, "UPSERT INTO login_event (created_date, event_id) VALUES (?, 2)",
	     "UPSERT LOGIN_EVENT: no plan (writes carry no access path); tenant acme's connection sets its tenant column",
	     "");
	/* UPSERT SELECT: the SELECT reads the tenant's rows, the write sets its tenant */
	plan(&T, "UPSERT INTO event (event_type, created_date, event_id) SELECT event_type, created_date, event_id "
	         "FROM login_event", "SCAN LOGIN_EVENT prefix (TENANT_ID='acme', EVENT_TYPE='L')", "");
	/* a table that is not multi-tenant is written as on a global connection */
	plan(&T, "UPSERT INTO plain (org, id) VALUES ('o', 1)", "UPSERT PLAIN: no plan (writes carry no access path)", "");
}

static void test_a_tenant_connection_refuses_a_write_naming_the_tenant_column(void)
{
	const char *q = "UPSERT INTO event (tenant_id, event_type, created_date, event_id) VALUES ('x', 'L', ?, 1)";
	plan(&T, q, WRITE_T, "KP009");
	const kp_diag *g = T.d.head;
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	CU_ASSERT_STRING_EQUAL(g->message, "column 'TENANT_ID' is the tenant column of multi-tenant table EVENT: tenant "
	                                   "acme's connection sets it and hides it (Phoenix ERROR 504 (42703): \"Undefined "
	                                   "column.\")");
	CU_ASSERT_EQUAL(g->off, (uint32_t)(strstr(q, "tenant_id") - q));
	CU_ASSERT_EQUAL(g->len, 9);
	plan(&T, "UPSERT INTO event (tenant_id, event_type, created_date, event_id) SELECT 'x', event_type, "
	         "created_date, event_id FROM login_event", "SCAN LOGIN_EVENT prefix (TENANT_ID='acme', EVENT_TYPE='L')",
	     "KP009");
	/* five values for the four columns the tenant sees (ERROR 1020) */
	plan(&T, "UPSERT INTO event VALUES ('L', ?, 1, 'u', 'v')", WRITE_T, "KP012");
	CU_ASSERT_TRUE(kpt_has_message(&T, "5 values for the 4 columns of EVENT its tenant's connection sees (Phoenix "
	                                   "ERROR 1020 (42Y60): \"Number of columns upserting must match number of "
	                                   "values.\")"));
	plan(&T, "UPSERT INTO event (event_type, created_date, event_id) VALUES ('L', ?)", WRITE_T, "KP012");
	CU_ASSERT_TRUE(kpt_has_message(&T, "3 columns listed, 2 values (Phoenix ERROR 1020"));
	/* another key column left out is Phoenix's error on any connection */
	plan(&T, "UPSERT INTO event (event_type, created_date) VALUES ('L', ?)", WRITE_T, "KP012");
	CU_ASSERT_TRUE(kpt_has_message(&T, UNSET("EVENT_ID")));
}

static void test_a_global_connection_must_set_the_tenant_column(void)
{
	plan(&G, "UPSERT INTO event (tenant_id, event_type, created_date, event_id) VALUES ('x', 'L', ?, 1)", WRITE_G, "");
	plan(&G, "UPSERT INTO event (event_type, created_date, event_id) VALUES ('L', ?, 1)", WRITE_G, "KP012");
	const kp_diag *g = G.d.head;
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	CU_ASSERT_STRING_EQUAL(g->message, UNSET("TENANT_ID"));
	CU_ASSERT_EQUAL(g->off, 12);   /* at the table */
	CU_ASSERT_PTR_NOT_NULL_FATAL(g->helps);
	CU_ASSERT_STRING_EQUAL(g->helps->message, "TENANT_ID is the tenant column of multi-tenant table EVENT: set it, or "
	                                          "write on the tenant's connection (--tenant ID, or -- keyplan:tenant ID "
	                                          "above it), which sets it");
	/* four values fill its first four columns: the key is set */
	plan(&G, "UPSERT INTO event VALUES ('x', 'L', ?, 1)", WRITE_G, "");
	plan(&G, "UPSERT INTO event VALUES ('x', 'L', ?)", WRITE_G, "KP012");
	CU_ASSERT_TRUE(kpt_has_message(&G, UNSET("EVENT_ID")));
	plan(&G, "UPSERT INTO event (event_type, created_date, event_id) SELECT event_type, created_date, event_id "
	         "FROM login_event WHERE tenant_id = 'x'", "SCAN LOGIN_EVENT prefix (TENANT_ID='x', EVENT_TYPE='L')",
	     "KP012");
	/* SELECT *: as many values as the SELECT gives, unknown here */
	plan(&G, "UPSERT INTO event SELECT * FROM event WHERE tenant_id = 'x'", "SCAN EVENT prefix (TENANT_ID='x')", "");
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

/* Views tied to the tenant whose connection created them (-- keyplan:tenant
 * ID in a schema file, docs/annotations.md): Phoenix keys a view by
 * TenantId and name, so only that tenant's connection sees it */
static const char *TENANT_VIEWS =
	"-- keyplan:tenant acme\n"
	"CREATE VIEW my_login AS SELECT * FROM event WHERE event_type = 'L';\n"
	"-- keyplan:tenant globex -- its own view of the same name\n"
	"CREATE VIEW my_login (g VARCHAR) AS SELECT * FROM event WHERE event_type = 'G';\n"
	"CREATE VIEW my_deep AS SELECT * FROM my_login WHERE created_date > CURRENT_DATE();\n"
	"-- keyplan:tenant\n"
	"CREATE VIEW all_login AS SELECT * FROM event WHERE event_type = 'L';\n";

static void test_a_tenant_view_is_seen_by_its_tenant_only(void)
{
	kpt a, g, x;
	CU_ASSERT_EQUAL(open_phoenix(&a, "acme", SCHEMA), 0);
	CU_ASSERT_EQUAL(kpt_schema(&a, TENANT_VIEWS), 0);
	CU_ASSERT_STRING_EQUAL(a.rules, "");
	plan(&a, "SELECT * FROM my_login WHERE created_date > ?",
	     "SCAN MY_LOGIN prefix (TENANT_ID='acme', EVENT_TYPE='L') range CREATED_DATE (?, +inf)", "");
	/* a view created on a global connection is everyone's */
	plan(&a, "SELECT * FROM all_login", "SCAN ALL_LOGIN prefix (TENANT_ID='acme', EVENT_TYPE='L')", "");
	/* globex's view over its own view is not acme's */
	plan(&a, "SELECT * FROM my_deep", "ERROR: statement not planned (see diagnostics)", "KP008");
	CU_ASSERT_EQUAL(open_phoenix(&x, "globex", SCHEMA), 0);
	CU_ASSERT_EQUAL(kpt_schema(&x, TENANT_VIEWS), 0);
	plan(&x, "SELECT g FROM my_login WHERE created_date > ?",
	     "SCAN MY_LOGIN prefix (TENANT_ID='globex', EVENT_TYPE='G') range CREATED_DATE (?, +inf)", "");
	plan(&x, "SELECT g FROM my_deep", "SCAN MY_DEEP prefix (TENANT_ID='globex', EVENT_TYPE='G') range CREATED_DATE "
	                                  "(CURRENT_DATE(), +inf)", "");
	/* the global connection sees neither, and says where they are */
	CU_ASSERT_EQUAL(open_phoenix(&g, NULL, SCHEMA), 0);
	CU_ASSERT_EQUAL(kpt_schema(&g, TENANT_VIEWS), 0);
	plan(&g, "SELECT * FROM my_login", "ERROR: statement not planned (see diagnostics)", "KP008");
	const kp_diag *d = g.d.head;
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(d->message, "no such table: MY_LOGIN");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d->notes);
	CU_ASSERT_STRING_EQUAL(d->notes->message, "view MY_LOGIN was created on tenant acme's connection, which alone "
	                                          "sees it; this statement runs on the global connection");
	CU_ASSERT_EQUAL(d->notes->off, (uint32_t)(strstr(TENANT_VIEWS, "my_login") - TENANT_VIEWS));
	CU_ASSERT_PTR_NOT_NULL_FATAL(d->helps);
	CU_ASSERT_STRING_EQUAL(d->helps->message, "run it on tenant acme's connection: --tenant acme (the shell's .tenant "
	                                          "acme), or a -- keyplan:tenant acme line above it");
	/* no "did you mean" the view it cannot see: the nearest one it sees */
	CU_ASSERT_PTR_NOT_NULL_FATAL(d->helps->next);
	CU_ASSERT_STRING_EQUAL(d->helps->next->message, "did you mean ALL_LOGIN?");
	plan(&g, "SELECT * FROM all_login", "FULL SCAN ALL_LOGIN filter EVENT_TYPE = 'L'", "KP001");
	/* a directive in a query file: the statements below it run there */
	plan(&g, "-- keyplan:tenant globex\nSELECT g FROM my_login", "SCAN MY_LOGIN prefix (TENANT_ID='globex', "
	                                                             "EVENT_TYPE='G')", "");
	plan(&g, "SELECT * FROM my_login", "ERROR: statement not planned (see diagnostics)", "KP008");
	kpt_free(&a);
	kpt_free(&x);
	kpt_free(&g);
}

static void schema_error(const char *tenant, const char *ddl, const char *at, uint32_t len, const char *rule,
                         const char *message)
{
	kpt t;
	CU_ASSERT_EQUAL(open_phoenix(&t, tenant, SCHEMA), 0);
	CU_ASSERT_EQUAL(kpt_schema(&t, ddl), 1);
	CU_ASSERT_STRING_EQUAL(t.rules, rule);
	const kp_diag *g = t.d.head;
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	if (strcmp(g->message, message))
		fprintf(stderr, "\n  got:  %s\n  want: %s\n", g->message, message);
	CU_ASSERT_STRING_EQUAL(g->message, message);
	CU_ASSERT_EQUAL(g->off, (uint32_t)(strstr(ddl, at) - ddl));
	CU_ASSERT_EQUAL(g->len, len);
	kpt_free(&t);
}

static void test_a_tenant_connection_creates_views_only(void)
{
	/* its WHERE cannot name the tenant column the connection hides */
	schema_error(NULL, "-- keyplan:tenant acme\nCREATE VIEW v AS SELECT * FROM event WHERE tenant_id = 'x'",
	             "tenant_id", 9, "KP009",
	             "the WHERE of tenant view V names column 'TENANT_ID', the tenant column of multi-tenant table EVENT, "
	             "which tenant acme's connection binds and hides (Phoenix ERROR 504 (42703): \"Undefined column.\")");
	schema_error(NULL, "-- keyplan:tenant acme\nCREATE VIEW v AS SELECT * FROM login_event WHERE tenant_id = 'x'",
	             "tenant_id", 9, "KP009",
	             "the WHERE of tenant view V names column 'TENANT_ID', the tenant column of multi-tenant table EVENT, "
	             "which tenant acme's connection binds and hides (Phoenix ERROR 504 (42703): \"Undefined column.\")");
	schema_error(NULL, "-- keyplan:tenant acme\nCREATE TABLE t9 (a INTEGER PRIMARY KEY)", "t9", 2, "KP012",
	             "T9 is created on tenant acme's connection (-- keyplan:tenant), where Phoenix creates only views "
	             "(ERROR 1030 (42Y89): \"Cannot create table for tenant-specific connection.\")");
	/* a global view may name it; so may --tenant's queries' schema, read on
	 * a global connection */
	kpt t;
	CU_ASSERT_EQUAL(open_phoenix(&t, "acme", SCHEMA), 0);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE VIEW v AS SELECT * FROM event WHERE tenant_id = 'x'"), 0);
	kpt_free(&t);
}

static void test_a_malformed_tenant_directive_is_a_warning(void)
{
	kpt t;
	CU_ASSERT_EQUAL(open_phoenix(&t, NULL, SCHEMA), 0);
	const char *ddl = "-- keyplan:tenant acme globex\nCREATE VIEW v1 AS SELECT * FROM event;\n"
	                  "SELECT 1; -- keyplan:tenant acme\nCREATE VIEW v2 AS SELECT * FROM event;";
	CU_ASSERT_EQUAL(kpt_schema(&t, ddl), 0);
	CU_ASSERT_STRING_EQUAL(t.rules, "KP022 KP022 KP012");
	const kp_diag *g = t.d.head;
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	CU_ASSERT_STRING_EQUAL(g->message, "malformed keyplan:tenant: expected one TenantId (or none, for a global "
	                                   "connection), then an optional ' -- reason': 'keyplan:tenant acme globex' "
	                                   "(docs/annotations.md); ignored");
	CU_ASSERT_EQUAL(g->off, 3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(g->next);
	CU_ASSERT_STRING_EQUAL(g->next->message, "keyplan:tenant must be a '--' comment at the start of a line: "
	                                         "'keyplan:tenant acme' (docs/annotations.md); ignored");
	/* both views are global */
	plan(&t, "SELECT * FROM v1 WHERE tenant_id = 'x'", "SCAN V1 prefix (TENANT_ID='x')", "");
	plan(&t, "SELECT * FROM v2 WHERE tenant_id = 'x'", "SCAN V2 prefix (TENANT_ID='x')", "");
	kpt_free(&t);
}

/* ALTER TABLE ... SET MULTI_TENANT: CREATE's rule (ERROR 1040), and not on
 * a table views read (ERROR 1010) */
static void test_alter_multi_tenant_is_checked_as_create(void)
{
	schema_error(NULL, "CREATE TABLE a1 (k INTEGER PRIMARY KEY, v VARCHAR);\nALTER TABLE a1 SET MULTI_TENANT=true",
	             "MULTI_TENANT", 12, "KP014", "MULTI_TENANT table A1 has one key column" E1040);
	schema_error(NULL, "CREATE TABLE a4 (org VARCHAR, id BIGINT NOT NULL, CONSTRAINT pk PRIMARY KEY (org, id));\n"
	             "ALTER TABLE a4 SET MULTI_TENANT=true", "MULTI_TENANT", 12, "KP014",
	             "MULTI_TENANT table A4: its tenant column ORG is not declared NOT NULL" E1040);
	schema_error(NULL, "ALTER TABLE event SET MULTI_TENANT=false", "MULTI_TENANT", 12, "KP012",
	             "EVENT cannot become not multi-tenant: view LOGIN_EVENT reads it (Phoenix ERROR 1010 (42M01): \"Not "
	             "allowed to mutate table.\")");
	kpt t;
	CU_ASSERT_EQUAL(open_phoenix(&t, "acme", SCHEMA), 0);
	/* refused: the table stays as it was */
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE a2 (k INTEGER PRIMARY KEY);\nALTER TABLE a2 SET MULTI_TENANT=true"),
	                1);
	plan(&t, "SELECT * FROM a2 WHERE k = 1", "GET A2 key (K=1)", "");
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE a3 (org CHAR(3) NOT NULL, k INTEGER NOT NULL CONSTRAINT pk PRIMARY "
	                               "KEY (org, k));\nALTER TABLE a3 SET MULTI_TENANT=true"), 0);
	plan(&t, "SELECT * FROM a3 WHERE k = 1", "GET A3 key (ORG='acme', K=1)", "");
	/* setting it again changes nothing */
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER TABLE event SET MULTI_TENANT=true"), 0);
	kpt_free(&t);
}

/* Phoenix leads every index of a MULTI_TENANT table with the tenant
 * column ("Add tenant ID column as first column in index", MetaDataClient's
 * createIndex), before the columns it names, so a tenant's connection
 * reads its own index rows as a prefix and a global connection that binds
 * no tenant cannot range over the named column; an index that names the
 * tenant column keeps it where it is written. */
static void test_an_index_of_a_multi_tenant_table_leads_with_the_tenant(void)
{
	static const char *S =
		"CREATE TABLE shift (org VARCHAR(15) NOT NULL, user_id BIGINT NOT NULL, id BIGINT NOT NULL, "
		"updated_at TIMESTAMP, loc BIGINT CONSTRAINT pk PRIMARY KEY (org, user_id, id)) MULTI_TENANT=true;\n"
		"CREATE INDEX shift_updated ON shift (updated_at) INCLUDE (loc);\n"
		"CREATE INDEX shift_loc ON shift (loc, org);\n";
	kpt t, g;
	CU_ASSERT_EQUAL(open_phoenix(&t, "acme", S), 0);
	CU_ASSERT_EQUAL(open_phoenix(&g, NULL, S), 0);
	const kp_table *tb = kp_catalog_find(&t.cat, "SHIFT", 5);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tb);
	const kp_index *up = tb->indexes[0], *lo = tb->indexes[1];
	CU_ASSERT_TRUE(up->tenant_lead);
	CU_ASSERT_EQUAL(up->nuser, 2);
	CU_ASSERT_EQUAL(up->key.n, 4);   /* ORG, UPDATED_AT, USER_ID, ID */
	CU_ASSERT_EQUAL(up->key.parts[0].col, 0);
	CU_ASSERT_EQUAL(up->key.parts[1].col, 3);
	CU_ASSERT_FALSE(lo->tenant_lead);   /* named: LOC, ORG, then USER_ID, ID */
	CU_ASSERT_EQUAL(lo->nuser, 2);
	CU_ASSERT_EQUAL(lo->key.parts[0].col, 4);
	plan(&t, "SELECT user_id, id FROM shift WHERE updated_at > ?",
	     "SCAN SHIFT via index SHIFT_UPDATED prefix (ORG='acme') range UPDATED_AT (?, +inf)", "");
	plan(&g, "SELECT org, user_id FROM shift WHERE org = 'x' AND updated_at > ?",
	     "SCAN SHIFT via index SHIFT_UPDATED prefix (ORG='x') range UPDATED_AT (?, +inf)", "");
	plan(&g, "SELECT user_id FROM shift WHERE updated_at > ?", "FULL SCAN SHIFT via index SHIFT_UPDATED filter UPDATED_AT > ?",
	     "KP001");
	kpt_free(&t);
	kpt_free(&g);
}

KPT_SUITE("tenant", setup, teardown,
	{"a tenant connection binds the tenant column to its TenantId", test_the_tenant_column_is_bound_to_the_tenant_id},
	{"a tenant connection hides the tenant column", test_a_tenant_connection_hides_the_tenant_column},
	{"views over a multi-tenant table are tenant views", test_views_over_a_multi_tenant_table_are_tenant_views},
	{"a global connection plans as before", test_a_global_connection_is_unchanged},
	{"a tenant connection sets the tenant column of a write", test_a_tenant_connection_sets_the_tenant_column_of_a_write},
	{"a tenant connection refuses a write naming the tenant column (ERROR 504)",
	 test_a_tenant_connection_refuses_a_write_naming_the_tenant_column},
	{"a global connection must set the tenant column (ERROR 218)", test_a_global_connection_must_set_the_tenant_column},
	{"Phoenix refuses a MULTI_TENANT table without a tenant column (ERROR 1040)",
	 test_phoenix_refuses_a_multi_tenant_table_without_a_tenant_column},
	{"a tenant view is seen by its tenant's connection only", test_a_tenant_view_is_seen_by_its_tenant_only},
	{"a tenant connection creates views only, not naming the tenant column",
	 test_a_tenant_connection_creates_views_only},
	{"a malformed keyplan:tenant is a warning", test_a_malformed_tenant_directive_is_a_warning},
	{"ALTER TABLE SET MULTI_TENANT is checked as CREATE (ERROR 1040, 1010)",
	 test_alter_multi_tenant_is_checked_as_create},
	{"an index of a MULTI_TENANT table leads with the tenant column",
	 test_an_index_of_a_multi_tenant_table_leads_with_the_tenant})
