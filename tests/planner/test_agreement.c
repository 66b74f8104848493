/* Agreement with the stores' own documents: example statements of the
 * Lindorm and Tablestore documentation, each with the plan its page
 * states (docs/targets.md, "Reading a store's stated plan"), planned under
 * that target. A case agrees when keyplan gives the same class, the same
 * path (the table, or which index), the same answer to "is the query
 * refused" and to "must the store sort". Every case is asserted, and the
 * agreement is printed per target. Where a page leaves the schema out,
 * the case says what it assumes. */
#include <string.h>

#include "advisor/targets.h"
#include "kp_test.h"

typedef struct stated {
	const char *url;        /* the page that states the plan */
	const char *sql;        /* its statement, as written there (a name the grammar
	                           reserves, such as `table`, renamed) */
	kp_access access;       /* the class the page states */
	const char *path;       /* the index it says is read ("a|b": either), or NULL for
	                           the data table */
	bool rejected;          /* the page says the store refuses it */
	bool sort;              /* the page says the store must sort (or cannot serve the order) */
} stated;

#define ROWKEY "https://www.alibabacloud.com/help/en/lindorm/user-guide/how-to-design-the-rowkey-field"
#define SEARCHIX "https://www.alibabacloud.com/help/en/lindorm/latest/full-text-index"
#define LSELECT "https://www.alibabacloud.com/help/en/lindorm/developer-reference/the-select"
#define LORDER "https://www.alibabacloud.com/help/en/lindorm/latest/order-by-clause-in-lindorm-sql"
#define LMULTI "https://www.alibabacloud.com/help/en/lindorm/user-guide/single-table-multi-search-index"
#define LSEARCH "https://help.aliyun.com/en/lindorm/user-guide/searchindex/"
#define LFAQ "https://www.alibabacloud.com/help/en/lindorm/developer-reference/sql-faq"
#define TSPOLICY "https://www.alibabacloud.com/help/en/tablestore/index-selection-policy"
#define TSQUOTA "https://alibabacloud.com/help/en/tablestore/sql-limits"

/* Lindorm. The rowkey page's table `[userid][orderid]` (named `table`
 * there); the search index page's `dt`, whose key it does not give: p1
 * here, a column none of its queries read. */
static const char *LINDORM_DDL =
	"CREATE TABLE t_orders (userid VARCHAR, orderid BIGINT, PRIMARY KEY (userid, orderid));"
	"CREATE TABLE dt (p1 INT, c1 INT, c2 INT, c3 VARCHAR, c4 INT, PRIMARY KEY (p1));"
	"CREATE INDEX idx USING SEARCH ON dt (c1, c2, c3(type=text, analyzer=ik), c4);"
	"CREATE TABLE sensor (p1 VARCHAR, p2 BIGINT, c1 INT, PRIMARY KEY (p1, p2));"
	"CREATE TABLE test (p1 VARCHAR, p2 VARCHAR, p3 VARCHAR, c1 VARCHAR, c2 VARCHAR, c3 VARCHAR, "
	"PRIMARY KEY (p1, p2, p3));"
	"CREATE TABLE test_ix (p1 VARCHAR, p2 VARCHAR, p3 VARCHAR, c1 VARCHAR, c2 VARCHAR, c3 VARCHAR, "
	"PRIMARY KEY (p1, p2, p3));"
	"CREATE INDEX idx_p1p3 ON test_ix (p1, p3);"
	"CREATE TABLE testTable (pk int, c1 int, c2 varchar, c3 bigint, primary key(pk));"
	"create index idx1 using search on testTable (c1,c2);"
	"create index idx2 using search on testTable (c3);"
	"create index idx3 using search on testTable (c1,c2,c3);";

static const stated LINDORM[] = {
	/* "GET: retrieve a single order" */
	{ROWKEY, "SELECT * FROM t_orders WHERE userid='abc' AND orderid=123", KP_ACCESS_GET, NULL, false, false},
	/* "SCAN: retrieve a range of orders" */
	{ROWKEY, "SELECT * FROM t_orders WHERE userid='abc' AND 123<orderid<456", KP_ACCESS_SCAN, NULL, false, false},
	/* "SCAN with reverse order: retrieve most recent orders first" */
	{ROWKEY, "SELECT * FROM t_orders WHERE userid='abc' AND 123<orderid<456 ORDER BY orderid DESC", KP_ACCESS_SCAN, NULL,
	 false, false},
	/* "Queries that contains multi-dimensional conditions: You can specify
	 * random combinations of the c1, c2, and c3 columns" */
	{SEARCHIX, "SELECT * FROM dt WHERE c1=?", KP_ACCESS_SEARCH, "idx", false, false},
	{SEARCHIX, "SELECT * FROM dt WHERE c2=? AND c3=?", KP_ACCESS_SEARCH, "idx", false, false},
	/* "Queries based on word segmentation" */
	{SEARCHIX, "SELECT * FROM dt WHERE c3='LindormTable'", KP_ACCESS_SEARCH, "idx", false, false},
	/* "Use only the first primary key column ... as the query condition,
	 * OR If you need to filter on any other column, set an upper and lower
	 * bound for the first primary key column ... Queries that violate both
	 * rules are flagged as inefficient and blocked by default" (its table
	 * not given: sensor (p1, p2) here) */
	{LSELECT, "SELECT * FROM sensor WHERE p1 > 'a'", KP_ACCESS_SCAN, NULL, false, false},
	{LSELECT, "SELECT * FROM sensor WHERE p1 > 'a' AND p1 < 'b' AND c1 = 1", KP_ACCESS_FILTERED, NULL, false, false},
	{LSELECT, "SELECT * FROM sensor WHERE p1 > 'a' AND c1 = 1", KP_ACCESS_FILTERED, NULL, true, false},
	{LSELECT, "SELECT /*+ _l_allow_filtering_ */ * FROM sensor WHERE p1 > 'a' AND c1 = 1", KP_ACCESS_FILTERED, NULL,
	 false, false},
	/* "Use ORDER BY in large result sets", on its test(p1, p2, p3, c1, c2,
	 * c3, primary key(p1, p2, p3)): "ORDER BY can be used in this SQL
	 * statement" (no sort), or "cannot" (the store would have to sort) */
	{LORDER, "SELECT * FROM test WHERE p1=? ORDER BY p2", KP_ACCESS_SCAN, NULL, false, false},
	{LORDER, "SELECT * FROM test WHERE p1=? and p2=? ORDER BY p3", KP_ACCESS_SCAN, NULL, false, false},
	{LORDER, "SELECT * FROM test WHERE p1=? and c1=? ORDER BY p2", KP_ACCESS_FILTERED, NULL, false, false},
	/* "can be used ... However, we recommend that you do not": a full scan
	 * in key order, which runs (it filters on no column: the FAQ blocks a
	 * filter that cannot use the key) */
	{LORDER, "SELECT * FROM test ORDER BY p1", KP_ACCESS_FULL, NULL, false, false},
	{LORDER, "SELECT * FROM test WHERE p1=? ORDER BY p3", KP_ACCESS_SCAN, NULL, false, true},
	{LORDER, "SELECT * FROM test WHERE p1<? ORDER BY p2", KP_ACCESS_SCAN, NULL, false, true},
	{LORDER, "SELECT * FROM test WHERE p1=? and p2>? ORDER BY p3", KP_ACCESS_SCAN, NULL, false, true},
	/* its values a and b written as strings */
	{LORDER, "SELECT * FROM test WHERE p1='a' or p1='b' ORDER BY p2", KP_ACCESS_SCAN, NULL, false, true},
	/* "creating the secondary index CREATE INDEX idx ON test(p1, p3) can
	 * support sorting" (test_ix here, so the cases above keep their table) */
	{LORDER, "SELECT * FROM test_ix WHERE p1=? ORDER BY p3", KP_ACCESS_SCAN, "idx_p1p3", false, false},
	/* "Multiple search indexes for a single table": "Query all three
	 * columns: idx3 is selected"; "idx1 and idx3 both cover it, one of them
	 * is selected"; a hint forces idx1 (its c3 is `long`, BIGINT here) */
	{LMULTI, "select * from testTable where c1>0 and c2>'0' and c3>0", KP_ACCESS_SEARCH, "idx3", false, false},
	{LMULTI, "select * from testTable where c1>0 and c2>'0'", KP_ACCESS_SEARCH, "idx1|idx3", false, false},
	{LMULTI, "select * from testTable where c3>0", KP_ACCESS_SEARCH, "idx2|idx3", false, false},
	{LMULTI, "select /*+ _l_force_index_('idx1') */ * from testTable where c1>0 and c2>'0'", KP_ACCESS_SEARCH, "idx1",
	 false, false},
	/* "Search indexes": "Query data using any combination of indexed
	 * columns"; "Tokenization-based queries" (its dt has c4 too) */
	{LSEARCH, "SELECT * FROM dt WHERE c2=? AND c4=?", KP_ACCESS_SEARCH, "idx", false, false},
	{LSEARCH, "SELECT * FROM dt WHERE MATCH (c3) AGAINST ('Function Introduction')", KP_ACCESS_SEARCH, "idx", false,
	 false},
	/* "Lindorm SQL FAQ": "The query skips p1, so LindormTable cannot use the
	 * primary key. The entire table is scanned"; "the query statement is
	 * considered inefficient" (blocked by default) */
	{LFAQ, "SELECT * FROM test WHERE p2 < 30", KP_ACCESS_FULL, NULL, true, false},
	{LFAQ, "SELECT * FROM test WHERE p2=10", KP_ACCESS_FULL, NULL, true, false},
};

/* Tablestore. The policy page's sampletable (its key not given: pk here)
 * with a search index on A, B, C, D and a secondary index; its example of
 * rule 2, key (a, b) and index (c, a, b); the SDK test's table t. */
static const char *TABLESTORE_DDL =
	"CREATE TABLE sampletable (pk BIGINT, A BIGINT, B BIGINT, C BIGINT, D BIGINT, PRIMARY KEY (pk));"
	"CREATE INDEX sampletable_search_index USING SEARCH ON sampletable (A, B, C, D);"
	"CREATE INDEX sampletable_secondary_index ON sampletable (B);"
	"CREATE TABLE t2 (a BIGINT, b BIGINT, c BIGINT, PRIMARY KEY (a, b));"
	"CREATE INDEX i_cab ON t2 (c, a, b);"
	"CREATE TABLE t (pk BIGINT, col_long BIGINT, PRIMARY KEY (pk));";

static const stated TABLESTORE[] = {
	/* rule 1: "If columns A, B, C, and D are all in the same search
	 * index, the search index is selected" */
	{TSPOLICY, "SELECT A,B,C FROM sampletable WHERE A=1 and D = 2", KP_ACCESS_SEARCH, "sampletable_search_index", false,
	 false},
	/* rule 2: "For WHERE c = 1 AND a > 1, the secondary index matches 2
	 * columns > data table matches 1 column" */
	{TSPOLICY, "SELECT a, b, c FROM t2 WHERE c = 1 AND a > 1", KP_ACCESS_SCAN, "i_cab", false, false},
	/* "Force a full table scan (skip all indexes)" */
	{TSPOLICY, "SELECT * FROM sampletable use index()", KP_ACCESS_FULL, NULL, false, false},
	/* "Use a search index" */
	{TSPOLICY, "SELECT * FROM sampletable use index(sampletable_search_index)", KP_ACCESS_SEARCH,
	 "sampletable_search_index", false, false},
	/* "Use a secondary index" */
	{TSPOLICY, "SELECT * FROM sampletable use index(sampletable_secondary_index)", KP_ACCESS_FULL,
	 "sampletable_secondary_index", false, false},
	/* the statement of Tablestore's SDK tests, which read its 4 rows: a
	 * full scan runs, within "Amount of data for a single scan: 128 MB or
	 * 100,000 rows" */
	{TSQUOTA, "select * from t where col_long > 5 limit 4", KP_ACCESS_FULL, NULL, false, false},
};

/* Phoenix, from an IT test the project had not read: InListIT's
 * buildSchema (a MULTI_TENANT table, a global view adding key columns ID1,
 * ID2 [DESC] over it, and tenant1's view over that, created on tenant1's
 * connection) and its test*ListPlan methods, which run on tenant1's
 * connection and assert the scan type ("POINT LOOKUP ON", "RANGE SCAN ").
 * A RANGE SCAN whose IN reads a column the range cannot hold has a server
 * filter (docs/targets.md, "Reading a store's stated plan"). */
#define INLIST "https://github.com/apache/phoenix/blob/6d9ec471da/phoenix-core/src/it/java/org/apache/phoenix/end2end/InListIT.java"

static const char *PHOENIX_DDL =
	"CREATE TABLE mt (TENANT_ID CHAR(15) NOT NULL, KEY_PREFIX CHAR(3) NOT NULL, ID5 BIGINT "
	"CONSTRAINT PK PRIMARY KEY (TENANT_ID, KEY_PREFIX)) MULTI_TENANT=TRUE;\n"
	"CREATE VIEW gv_asc (ID1 VARCHAR NOT NULL, ID2 VARCHAR NOT NULL, ID3 BIGINT, ID4 BIGINT "
	"CONSTRAINT PKVIEW PRIMARY KEY (ID1, ID2)) AS SELECT * FROM mt WHERE KEY_PREFIX = '0CY';\n"
	"CREATE VIEW gv_desc (ID1 VARCHAR NOT NULL, ID2 VARCHAR NOT NULL, ID3 BIGINT, ID4 BIGINT "
	"CONSTRAINT PKVIEW PRIMARY KEY (ID1, ID2 DESC)) AS SELECT * FROM mt WHERE KEY_PREFIX = '0CY';\n"
	"-- keyplan:tenant tenant1\n"
	"CREATE VIEW IF NOT EXISTS asc_view AS SELECT * FROM gv_asc;\n"
	"CREATE VIEW IF NOT EXISTS desc_view AS SELECT * FROM gv_desc;\n";

#define LISTS(v) \
	{INLIST, "SELECT * FROM " v " WHERE (ID1, ID2) IN (('005xx000001Sv6o', '000000000000500'),('005xx000001Sv6o', " \
	         "'000000000000400'))", KP_ACCESS_GET, NULL, false, false}, \
	{INLIST, "SELECT * FROM " v " WHERE (ID1) IN (('005xx000001Sv6o'),('005xx000001Sv6o'))", KP_ACCESS_SCAN, NULL, \
	 false, false}, \
	{INLIST, "SELECT * FROM " v " WHERE (ID2) IN (('000000000000500'),('000000000000400'))", KP_ACCESS_FILTERED, \
	 NULL, false, false}, \
	{INLIST, "SELECT * FROM " v " WHERE (ID1, ID3) IN (('005xx000001Sv6o', 1),('005xx000001Sv6o', 2))", \
	 KP_ACCESS_FILTERED, NULL, false, false}, \
	{INLIST, "SELECT * FROM " v " WHERE (ID2, ID3) IN (('000000000000500', 1),('000000000000400', 2))", \
	 KP_ACCESS_FILTERED, NULL, false, false}, \
	{INLIST, "SELECT * FROM " v " WHERE (ID3, ID4) IN ((1, 1),(2, 2))", KP_ACCESS_FILTERED, NULL, false, false}, \
	{INLIST, "SELECT * FROM " v " WHERE (ID2, ID1) IN (('000000000000400', '005xx000001Sv6o'),('000000000000300', " \
	         "'005xx000001Sv6o'))", KP_ACCESS_GET, NULL, false, false}

static const stated PHOENIX[] = {
	LISTS("asc_view"),
	LISTS("desc_view"),
};

static kpt T;

static int session(kp_target tg, const char *ddl, const char *tenant)
{
	kpt_init(&T);
	kp_pipe_free(&T.pipe);
	kp_pipe_init(&T.pipe, tg);
	T.cat.names = kp_target_names(tg);
	kp_target_plan_opts(&T.opts, tg);
	T.opts.tenant = tenant;   /* the queries' connection */
	kp_pipe_borrow(&T.pipe, &T.cat, &T.opts);
	T.pipe.collect = &T.d;
	T.pipe.collect_arena = &T.arena;
	return kpt_schema(&T, ddl);
}

/* Is name one of the |-separated names of list (a page that says the
 * store picks either of two indexes)? */
static bool one_of(const char *name, const char *list)
{
	size_t n = strlen(name);
	for (const char *p = list; p; p = strchr(p, '|') ? strchr(p, '|') + 1 : NULL)
		if (!strncmp(p, name, n) && (p[n] == '|' || !p[n]))
			return true;
	return false;
}

/* Plans every case; returns how many agree, reporting the others. */
static int agree(kp_target tg, const char *ddl, const char *tenant, const stated *c, int n)
{
	CU_ASSERT_EQUAL_FATAL(session(tg, ddl, tenant), 0);
	int ok = 0;
	for (int i = 0; i < n; i++) {
		kpt_plan(&T, c[i].sql);
		const kp_plan *p = &T.plan;
		const char *ix = p->index ? p->index->name : NULL;
		bool same = p->access == c[i].access && p->rejected == c[i].rejected &&
		            (p->order == KP_ORDER_SORT) == c[i].sort &&
		            (ix && c[i].path ? one_of(ix, c[i].path) : !ix && !c[i].path);
		if (same)
			ok++;
		else
			fprintf(stderr, "\n  %s: disagrees with %s\n    %s\n    keyplan: %s\n", kp_target_name(tg), c[i].url,
			        c[i].sql, T.text);
		CU_ASSERT_TRUE(same);
	}
	printf("\n  %s: %d of %d stated plans agree\n", kp_target_name(tg), ok, n);
	kpt_free(&T);
	return ok;
}

static void test_lindorm_agrees_with_its_documents(void)
{
	int n = (int)(sizeof LINDORM / sizeof LINDORM[0]);
	CU_ASSERT_EQUAL(agree(KP_TARGET_LINDORM, LINDORM_DDL, NULL, LINDORM, n), n);
}

static void test_tablestore_agrees_with_its_documents(void)
{
	int n = (int)(sizeof TABLESTORE / sizeof TABLESTORE[0]);
	CU_ASSERT_EQUAL(agree(KP_TARGET_TABLESTORE, TABLESTORE_DDL, NULL, TABLESTORE, n), n);
}

static void test_phoenix_agrees_with_its_it_tests(void)
{
	int n = (int)(sizeof PHOENIX / sizeof PHOENIX[0]);
	CU_ASSERT_EQUAL(agree(KP_TARGET_PHOENIX, PHOENIX_DDL, "tenant1", PHOENIX, n), n);
}

KPT_SUITE("agreement", NULL, NULL,
	{"Lindorm: the plans its documents state", test_lindorm_agrees_with_its_documents},
	{"Tablestore: the plans its documents state", test_tablestore_agrees_with_its_documents},
	{"Phoenix: the plans its IT tests assert (InListIT, tenant views)", test_phoenix_agrees_with_its_it_tests})
