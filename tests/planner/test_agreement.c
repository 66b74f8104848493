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
	const char *path;       /* the index it says is read, or NULL for the data table */
	bool rejected;          /* the page says the store refuses it */
	bool sort;              /* the page says the store must sort (or cannot serve the order) */
} stated;

#define ROWKEY "https://www.alibabacloud.com/help/en/lindorm/user-guide/how-to-design-the-rowkey-field"
#define SEARCHIX "https://www.alibabacloud.com/help/en/lindorm/latest/full-text-index"
#define LSELECT "https://www.alibabacloud.com/help/en/lindorm/developer-reference/the-select"
#define TSPOLICY "https://www.alibabacloud.com/help/en/tablestore/index-selection-policy"
#define TSQUOTA "https://alibabacloud.com/help/en/tablestore/sql-limits"

/* Lindorm. The rowkey page's table `[userid][orderid]` (named `table`
 * there); the search index page's `dt`, whose key it does not give: p1
 * here, a column none of its queries read. */
static const char *LINDORM_DDL =
	"CREATE TABLE t_orders (userid VARCHAR, orderid BIGINT, PRIMARY KEY (userid, orderid));"
	"CREATE TABLE dt (p1 INT, c1 INT, c2 INT, c3 VARCHAR, PRIMARY KEY (p1));"
	"CREATE INDEX idx USING SEARCH ON dt (c1, c2, c3(type=text, analyzer=ik));"
	"CREATE TABLE sensor (p1 VARCHAR, p2 BIGINT, c1 INT, PRIMARY KEY (p1, p2));";

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

static kpt T;

static int session(kp_target tg, const char *ddl)
{
	kpt_init(&T);
	kp_pipe_free(&T.pipe);
	kp_pipe_init(&T.pipe, tg);
	T.cat.names = kp_target_names(tg);
	kp_target_plan_opts(&T.opts, tg);
	kp_pipe_borrow(&T.pipe, &T.cat, &T.opts);
	T.pipe.collect = &T.d;
	T.pipe.collect_arena = &T.arena;
	return kpt_schema(&T, ddl);
}

/* Plans every case; returns how many agree, reporting the others. */
static int agree(kp_target tg, const char *ddl, const stated *c, int n)
{
	CU_ASSERT_EQUAL_FATAL(session(tg, ddl), 0);
	int ok = 0;
	for (int i = 0; i < n; i++) {
		kpt_plan(&T, c[i].sql);
		const kp_plan *p = &T.plan;
		const char *ix = p->index ? p->index->name : NULL;
		bool same = p->access == c[i].access && p->rejected == c[i].rejected &&
		            (p->order == KP_ORDER_SORT) == c[i].sort &&
		            (ix && c[i].path ? strcmp(ix, c[i].path) == 0 : !ix && !c[i].path);
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
	CU_ASSERT_EQUAL(agree(KP_TARGET_LINDORM, LINDORM_DDL, LINDORM, n), n);
}

static void test_tablestore_agrees_with_its_documents(void)
{
	int n = (int)(sizeof TABLESTORE / sizeof TABLESTORE[0]);
	CU_ASSERT_EQUAL(agree(KP_TARGET_TABLESTORE, TABLESTORE_DDL, TABLESTORE, n), n);
}

KPT_SUITE("agreement", NULL, NULL,
	{"Lindorm: the plans its documents state", test_lindorm_agrees_with_its_documents},
	{"Tablestore: the plans its documents state", test_tablestore_agrees_with_its_documents})
