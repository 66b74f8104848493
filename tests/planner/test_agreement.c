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
	const char *differs;    /* where keyplan is known to plan otherwise: why (the case
	                           asserts that it still does, and counts against agreement) */
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
#define TSPUSH "https://www.alibabacloud.com/help/en/tablestore/computing-pushdown"
#define TSPUSH24 "https://alibabacloud.com/help/en/tablestore/computing-pushdown (Jul 16, 2024)"
#define TSBILL "https://help.aliyun.com/document_detail/427764.html"
#define TSGO "aliyun/aliyun-tablestore-go-sdk@a0e8032:tablestore/api_test.go"
#define TSPHP "aliyun/aliyun-tablestore-php-sdk@7cd7d2a:tests/OTS/SQLQueryTest.php"
#define TSPY "aliyun/aliyun-tablestore-python-sdk@46d6882:tests/sql_query_test.py"
#define TSPYEX "aliyun/aliyun-tablestore-python-sdk@46d6882:examples/sql_query.py"
#define TSJDBC "aliyun/aliyun-tablestore-jdbc@bce35ae:src/test/java/com/alicloud/openservices/tablestore/jdbc/OTSDriverTest.java"
#define TSSAMPLE "SDK samples"

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
	{ROWKEY, "SELECT * FROM t_orders WHERE userid='abc' AND orderid=123", KP_ACCESS_GET, NULL, false, false, NULL},
	/* "SCAN: retrieve a range of orders" */
	{ROWKEY, "SELECT * FROM t_orders WHERE userid='abc' AND 123<orderid<456", KP_ACCESS_SCAN, NULL,
	 false, false, NULL},
	/* "SCAN with reverse order: retrieve most recent orders first" */
	{ROWKEY, "SELECT * FROM t_orders WHERE userid='abc' AND 123<orderid<456 ORDER BY orderid DESC", KP_ACCESS_SCAN, NULL,
	 false, false, NULL},
	/* "Queries that contains multi-dimensional conditions: You can specify
	 * random combinations of the c1, c2, and c3 columns" */
	{SEARCHIX, "SELECT * FROM dt WHERE c1=?", KP_ACCESS_SEARCH, "idx", false, false, NULL},
	{SEARCHIX, "SELECT * FROM dt WHERE c2=? AND c3=?", KP_ACCESS_SEARCH, "idx", false, false, NULL},
	/* "Queries based on word segmentation" */
	{SEARCHIX, "SELECT * FROM dt WHERE c3='LindormTable'", KP_ACCESS_SEARCH, "idx", false, false, NULL},
	/* "Use only the first primary key column ... as the query condition,
	 * OR If you need to filter on any other column, set an upper and lower
	 * bound for the first primary key column ... Queries that violate both
	 * rules are flagged as inefficient and blocked by default" (its table
	 * not given: sensor (p1, p2) here) */
	{LSELECT, "SELECT * FROM sensor WHERE p1 > 'a'", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{LSELECT, "SELECT * FROM sensor WHERE p1 > 'a' AND p1 < 'b' AND c1 = 1", KP_ACCESS_FILTERED, NULL,
	 false, false, NULL},
	{LSELECT, "SELECT * FROM sensor WHERE p1 > 'a' AND c1 = 1", KP_ACCESS_FILTERED, NULL, true, false, NULL},
	{LSELECT, "SELECT /*+ _l_allow_filtering_ */ * FROM sensor WHERE p1 > 'a' AND c1 = 1", KP_ACCESS_FILTERED, NULL,
	 false, false, NULL},
	/* "Use ORDER BY in large result sets", on its test(p1, p2, p3, c1, c2,
	 * c3, primary key(p1, p2, p3)): "ORDER BY can be used in this SQL
	 * statement" (no sort), or "cannot" (the store would have to sort) */
	{LORDER, "SELECT * FROM test WHERE p1=? ORDER BY p2", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{LORDER, "SELECT * FROM test WHERE p1=? and p2=? ORDER BY p3", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{LORDER, "SELECT * FROM test WHERE p1=? and c1=? ORDER BY p2", KP_ACCESS_FILTERED, NULL, false, false, NULL},
	/* "can be used ... However, we recommend that you do not": a full scan
	 * in key order, which runs (it filters on no column: the FAQ blocks a
	 * filter that cannot use the key) */
	{LORDER, "SELECT * FROM test ORDER BY p1", KP_ACCESS_FULL, NULL, false, false, NULL},
	{LORDER, "SELECT * FROM test WHERE p1=? ORDER BY p3", KP_ACCESS_SCAN, NULL, false, true, NULL},
	{LORDER, "SELECT * FROM test WHERE p1<? ORDER BY p2", KP_ACCESS_SCAN, NULL, false, true, NULL},
	{LORDER, "SELECT * FROM test WHERE p1=? and p2>? ORDER BY p3", KP_ACCESS_SCAN, NULL, false, true, NULL},
	/* its values a and b written as strings */
	{LORDER, "SELECT * FROM test WHERE p1='a' or p1='b' ORDER BY p2", KP_ACCESS_SCAN, NULL, false, true, NULL},
	/* "creating the secondary index CREATE INDEX idx ON test(p1, p3) can
	 * support sorting" (test_ix here, so the cases above keep their table) */
	{LORDER, "SELECT * FROM test_ix WHERE p1=? ORDER BY p3", KP_ACCESS_SCAN, "idx_p1p3", false, false, NULL},
	/* "Multiple search indexes for a single table": "Query all three
	 * columns: idx3 is selected"; "idx1 and idx3 both cover it, one of them
	 * is selected"; a hint forces idx1 (its c3 is `long`, BIGINT here) */
	{LMULTI, "select * from testTable where c1>0 and c2>'0' and c3>0", KP_ACCESS_SEARCH, "idx3",
	 false, false, NULL},
	{LMULTI, "select * from testTable where c1>0 and c2>'0'", KP_ACCESS_SEARCH, "idx1|idx3", false, false, NULL},
	{LMULTI, "select * from testTable where c3>0", KP_ACCESS_SEARCH, "idx2|idx3", false, false, NULL},
	{LMULTI, "select /*+ _l_force_index_('idx1') */ * from testTable where c1>0 and c2>'0'", KP_ACCESS_SEARCH, "idx1",
	 false, false, NULL},
	/* "Search indexes": "Query data using any combination of indexed
	 * columns"; "Tokenization-based queries" (its dt has c4 too) */
	{LSEARCH, "SELECT * FROM dt WHERE c2=? AND c4=?", KP_ACCESS_SEARCH, "idx", false, false, NULL},
	{LSEARCH, "SELECT * FROM dt WHERE MATCH (c3) AGAINST ('Function Introduction')", KP_ACCESS_SEARCH, "idx", false,
	 false, NULL},
	/* "Lindorm SQL FAQ": "The query skips p1, so LindormTable cannot use the
	 * primary key. The entire table is scanned"; "the query statement is
	 * considered inefficient" (blocked by default) */
	{LFAQ, "SELECT * FROM test WHERE p2 < 30", KP_ACCESS_FULL, NULL, true, false, NULL},
	{LFAQ, "SELECT * FROM test WHERE p2=10", KP_ACCESS_FULL, NULL, true, false, NULL},
};

/* Lindorm, a second source: Alibaba Cloud's own Lindorm agent skill
 * (aliyun/alibabacloud-aiops-skills, skills/database/hitsdb/alibabacloud-
 * lindorm-agent-skill/references), whose notes state what a statement does:
 * "Lindorm intercepts queries that may cause full table scans ... Detect
 * inefficient query", what an index serves, what a hint does. Where a note
 * leaves a table's columns or key out, the DDL says what it assumes. */
#define LSKILL "aliyun/alibabacloud-aiops-skills@1202ecc:skills/database/hitsdb/alibabacloud-lindorm-agent-skill/references/"
#define LNOTES LSKILL "01-dev/sql-usage-notes.md"
#define LOPS LSKILL "01-dev/sql-operations.md"
#define LDESIGN LSKILL "01-dev/table-design.md"
#define LSLOW LSKILL "02-ops/slow-query-analysis.md"

static const char *LINDORM2_DDL =
	/* sql-usage-notes.md's orders (id, region, user_name, amount,
	 * product; its key id, which it bounds with id >= 1 AND id < 100),
	 * without an index, then with each index it creates (one table each) */
	"CREATE TABLE orders (id BIGINT, region VARCHAR, user_name VARCHAR, amount BIGINT, product VARCHAR, "
	"PRIMARY KEY (id));"
	"CREATE TABLE orders_r (id BIGINT, region VARCHAR, user_name VARCHAR, amount BIGINT, product VARCHAR, "
	"PRIMARY KEY (id));"
	"CREATE INDEX idx_region ON orders_r (region) INCLUDE (user_name, amount);"
	"CREATE TABLE orders_a (id BIGINT, region VARCHAR, user_name VARCHAR, amount BIGINT, product VARCHAR, "
	"PRIMARY KEY (id));"
	"CREATE INDEX idx_amount ON orders_a (amount) INCLUDE (user_name, product);"
	"CREATE TABLE orders_s (id BIGINT, region VARCHAR, user_name VARCHAR, amount BIGINT, product VARCHAR, "
	"PRIMARY KEY (id));"
	"CREATE INDEX idx_search USING SEARCH ON orders_s (region, product, amount);"
	"CREATE TABLE articles (id BIGINT, content VARCHAR, PRIMARY KEY (id));"
	"CREATE INDEX idx_text USING SEARCH ON articles (content(type=text, analyzer=ik));"
	"CREATE TABLE t1 (p1 BIGINT, p2 INTEGER, c1 INTEGER, c2 VARCHAR, PRIMARY KEY(hash32(p1), p1, p2));"
	"CREATE TABLE test (p1 INTEGER, c1 VARCHAR, PRIMARY KEY (p1));"
	/* sql-operations.md's tables; users (its columns not given: id, name,
	 * age) with the index its hint names */
	"CREATE TABLE IF NOT EXISTS user_profile (user_id VARCHAR NOT NULL, nickname VARCHAR, age INTEGER, "
	"balance DOUBLE, created_at TIMESTAMP, PRIMARY KEY (user_id));"
	"CREATE TABLE IF NOT EXISTS order_detail (order_id VARCHAR NOT NULL, item_seq INTEGER NOT NULL, "
	"product_name VARCHAR, quantity INTEGER, price DOUBLE, PRIMARY KEY (order_id, item_seq));"
	"CREATE TABLE users (id BIGINT, name VARCHAR, age INTEGER, PRIMARY KEY (id));"
	"CREATE INDEX idx_user_name ON users (name);"
	"CREATE TABLE tb (p1 INT, c1 VARCHAR, c2 JSON, PRIMARY KEY(p1));"
	"CREATE TABLE sensor_data (device_id VARCHAR, temperature DOUBLE, PRIMARY KEY(device_id)) WITH (VERSIONS='5');"
	/* table-design.md's orders with idx_user (orders_u here), its
	 * dynamic table; slow-query-analysis.md's orders (orders_st here, its
	 * key not given: id) with the index it recommends */
	"CREATE TABLE orders_u (order_id VARCHAR NOT NULL, user_id VARCHAR, amount BIGINT, status VARCHAR, "
	"PRIMARY KEY (order_id));"
	"CREATE INDEX idx_user ON orders_u (user_id) INCLUDE (amount, status);"
	"CREATE TABLE t_dynamic (p1 INT, c1 INT, c2 VARCHAR, PRIMARY KEY(p1)) WITH (DYNAMIC_COLUMNS = 'true');"
	"CREATE TABLE orders_st (id BIGINT, order_id VARCHAR, status VARCHAR, amount BIGINT, PRIMARY KEY (id));"
	"CREATE INDEX idx_status ON orders_st(status) INCLUDE (order_id, amount);";

static const stated LINDORM2[] = {
	/* "Low-efficiency Query Interception": "Trigger scenario: Columns in
	 * the WHERE condition have no indexes and data cannot be located by
	 * primary key"; its solutions: an index ("WHERE region = 'east-cn' can
	 * use the index"), the hint, a primary key range condition */
	{LNOTES ":103", "SELECT * FROM orders WHERE region = 'east-cn'", KP_ACCESS_FULL, NULL, true, false, NULL},
	{LNOTES ":114", "SELECT /*+ _l_allow_filtering_ */ * FROM orders WHERE region = 'east-cn'", KP_ACCESS_FULL, NULL,
	 false, false, NULL},
	{LNOTES ":118", "SELECT * FROM orders WHERE id >= 1 AND id < 100 AND region = 'east-cn'", KP_ACCESS_FILTERED, NULL,
	 false, false, NULL},
	{LNOTES ":110", "SELECT * FROM orders_r WHERE region = 'east-cn'", KP_ACCESS_SCAN, "idx_region", false, false, NULL},
	/* "After that, these queries can all use the index" */
	{LNOTES ":145", "SELECT * FROM orders_a WHERE amount = 3999", KP_ACCESS_SCAN, "idx_amount", false, false, NULL},
	{LNOTES ":146", "SELECT * FROM orders_a WHERE amount > 1000", KP_ACCESS_SCAN, "idx_amount", false, false, NULL},
	{LNOTES ":147", "SELECT * FROM orders_a WHERE amount BETWEEN 1000 AND 5000", KP_ACCESS_SCAN, "idx_amount", false,
	 false, NULL},
	/* "Supported: WHERE product LIKE '%phone%'"; "Supported: WHERE region
	 * = 'east-cn' AND amount > 1000" */
	{LNOTES ":153", "SELECT * FROM orders_s WHERE product LIKE '%phone%'", KP_ACCESS_SEARCH, "idx_search", false, false,
	 NULL},
	{LNOTES ":154", "SELECT * FROM orders_s WHERE region = 'east-cn' AND amount > 1000", KP_ACCESS_SEARCH, "idx_search",
	 false, false, NULL},
	{LNOTES ":168", "SELECT * FROM articles WHERE MATCH(content) AGAINST('feature introduction')", KP_ACCESS_SEARCH,
	 "idx_text", false, false, NULL},
	/* "HASH Sharding Notes": "Recommended usage"; "the value of primary
	 * key column p1 is not specified, which causes a full table scan";
	 * "Incorrect: range queries on HASH columns are not supported" */
	{LNOTES ":294", "SELECT * FROM t1 WHERE p1=1 AND p2=1", KP_ACCESS_GET, NULL, false, false, NULL},
	{LNOTES ":297", "SELECT * FROM t1 WHERE p2=1", KP_ACCESS_FULL, NULL, true, false, NULL},
	{LNOTES ":300", "SELECT * FROM t1 WHERE p2=1 AND p1>2 AND p1<8", KP_ACCESS_FULL, NULL, true, false, NULL},
	/* "HOT_ONLY Query Notes": the solution, a query that runs */
	{LNOTES ":342", "SELECT /*+ _l_hot_only_(true), _l_ts_min_(1000), _l_ts_max_(2001) */ * FROM test WHERE p1>1",
	 KP_ACCESS_SCAN, NULL, false, false, NULL},
	/* "SELECT - Query Data": basic, specific columns, range, "Sorting and
	 * pagination" in key order */
	{LOPS ":248", "SELECT * FROM user_profile WHERE user_id = 'u001'", KP_ACCESS_GET, NULL, false, false, NULL},
	{LOPS ":253", "SELECT user_id, nickname, age FROM user_profile WHERE user_id = 'u001'", KP_ACCESS_GET, NULL, false,
	 false, NULL},
	{LOPS ":258", "SELECT * FROM user_profile WHERE user_id >= 'u001' AND user_id < 'u100'", KP_ACCESS_SCAN, NULL, false,
	 false, NULL},
	{LOPS ":264", "SELECT * FROM user_profile ORDER BY user_id LIMIT 100 OFFSET 0", KP_ACCESS_FULL, NULL, false, false,
	 NULL},
	/* "Force low-efficiency queries, such as full table scans"; "Allows
	 * full table scans when the WHERE condition does not contain the
	 * primary key"; "Forces the specified index to be used" */
	{LOPS ":290", "SELECT /*+ _l_allow_filtering_ */ * FROM user_profile", KP_ACCESS_FULL, NULL, false, false, NULL},
	{LOPS ":622", "SELECT /*+ _l_allow_filtering_ */ * FROM users WHERE age > 30", KP_ACCESS_FULL, NULL, false, false,
	 NULL},
	{LOPS ":625", "SELECT /*+ _l_operation_timeout_(30000), _l_allow_filtering_ */ * FROM users WHERE age > 30",
	 KP_ACCESS_FULL, NULL, false, false, NULL},
	{LOPS ":633", "SELECT /*+ _l_force_index_('idx_user_name') */ * FROM users WHERE name = 'test'", KP_ACCESS_SCAN,
	 "idx_user_name", false, false, NULL},
	/* "UPDATE must specify the complete primary key condition": the
	 * correct one, and "batch update is not supported ... Returns an
	 * error"; deletes of one row */
	{LOPS ":308", "UPDATE user_profile SET age = 26 WHERE user_id = 'u001'", KP_ACCESS_GET, NULL, false, false, NULL},
	{LOPS ":311", "UPDATE user_profile SET age = 26 WHERE age > 25", KP_ACCESS_FULL, NULL, true, false, NULL},
	{LOPS ":318", "DELETE FROM user_profile WHERE user_id = 'u001'", KP_ACCESS_GET, NULL, false, false, NULL},
	{LOPS ":323", "DELETE FROM order_detail WHERE order_id = 'o001' AND item_seq = 1", KP_ACCESS_GET, NULL, false, false,
	 NULL},
	/* "Query JSON fields": one row each, then "WHERE condition filtering"
	 * within a key range bounded on both sides */
	{LOPS ":347", "SELECT p1, json_extract(c2, '$.k1') AS k1_value FROM tb WHERE p1 = 1", KP_ACCESS_GET, NULL, false,
	 false, NULL},
	{LOPS ":350", "SELECT json_extract(c2, '$.k2.k3.k4') FROM tb WHERE p1 = 4", KP_ACCESS_GET, NULL, false, false, NULL},
	{LOPS ":353", "SELECT json_extract(c2, '$[2].k2') FROM tb WHERE p1 = 3", KP_ACCESS_GET, NULL, false, false, NULL},
	{LOPS ":356", "SELECT * FROM tb WHERE p1 >= 1 AND p1 < 4 AND json_extract(c2, '$.k2') > '0'", KP_ACCESS_FILTERED,
	 NULL, false, false, NULL},
	/* "Query multi-version data", "Hot Data Query": one device's row */
	{LOPS ":671", "SELECT /*+ _l_ts_(1704067200000) */ device_id, temperature FROM sensor_data WHERE device_id = "
	 "'dev001'", KP_ACCESS_GET, NULL, false, false, NULL},
	{LOPS ":675", "SELECT /*+ _l_versions_(3) */ device_id, temperature, temperature_l_ts FROM sensor_data WHERE "
	 "device_id = 'dev001'", KP_ACCESS_GET, NULL, false, false, NULL},
	{LOPS ":679", "SELECT /*+ _l_ts_min_(1704067200000), _l_ts_max_(1704153600000) */ device_id, temperature, "
	 "temperature_l_ts FROM sensor_data WHERE device_id = 'dev001'", KP_ACCESS_GET, NULL, false, false, NULL},
	{LOPS ":697", "SELECT /*+ _l_hot_only_ */ * FROM sensor_data WHERE device_id = 'dev001'", KP_ACCESS_GET, NULL,
	 false, false, NULL},
	{LOPS ":698", "SELECT /*+ _l_hot_only_(true) */ * FROM sensor_data WHERE device_id = 'dev001'", KP_ACCESS_GET,
	 NULL, false, false, NULL},
	{LOPS ":701", "SELECT /*+ _l_hot_only_(false) */ * FROM sensor_data WHERE device_id = 'dev001'", KP_ACCESS_GET,
	 NULL, false, false, NULL},
	/* "amount and status can be obtained directly from the index without
	 * looking up the primary table" */
	{LDESIGN ":758", "SELECT user_id, amount, status FROM orders_u WHERE user_id = 'u001'", KP_ACCESS_SCAN, "idx_user",
	 false, false, NULL},
	/* "Query Dynamic Columns": "Explicitly specify dynamic columns"; "Use
	 * SELECT *. LIMIT must be added." */
	{LDESIGN ":389", "SELECT p1, c2, c3, c4 FROM t_dynamic WHERE p1 = 1", KP_ACCESS_GET, NULL, false, false, NULL},
	{LDESIGN ":392", "SELECT * FROM t_dynamic LIMIT 10", KP_ACCESS_FULL, NULL, false, false, NULL},
	/* "Recommended: Create a secondary index": the slow query then reads it */
	{LSLOW ":291", "SELECT * FROM orders_st WHERE status = 'pending'", KP_ACCESS_SCAN, "idx_status", false, false, NULL},
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
	"CREATE TABLE t (pk BIGINT, col_long BIGINT, PRIMARY KEY (pk));"
	/* "Computing pushdown": exampletable (a, b, c, d) with a search index
	 * on a, b and c (Feb 2025), on b, c and d (Jul 2024; exampletable24
	 * here); its key not given: id here, which no statement reads */
	"CREATE TABLE exampletable (id BIGINT, a BIGINT, b BIGINT, c BIGINT, d BIGINT, PRIMARY KEY (id));"
	"CREATE INDEX exampletable_index USING SEARCH ON exampletable (a, b, c);"
	"CREATE TABLE exampletable24 (id BIGINT, a BIGINT, b BIGINT, c BIGINT, d BIGINT, PRIMARY KEY (id));"
	"CREATE INDEX exampletable24_index USING SEARCH ON exampletable24 (b, c, d);"
	/* the billing page's order table: key user_id, no index; the same
	 * with "an index of the data table that holds the column of the
	 * condition" (sample_table_ix here, a secondary index on order_id) */
	"CREATE TABLE sample_table (user_id VARCHAR(1024), order_id VARCHAR(1024), order_cost DOUBLE, "
	"PRIMARY KEY (user_id));"
	"CREATE TABLE sample_table_ix (user_id VARCHAR(1024), order_id VARCHAR(1024), order_cost DOUBLE, "
	"PRIMARY KEY (user_id));"
	"CREATE INDEX ix_order ON sample_table_ix (order_id);"
	/* the Go SDK's tables (PrepareSQLTable, PrepareSQLSearchIndex: a
	 * search index on a, b, c and e) */
	"create table if not exists test_http_query (a bigint not null, b double not null, c mediumtext not null, "
	"d mediumblob not null, e bool not null, primary key (`a`));"
	"create table if not exists test_sql_with_search (a bigint not null, b double not null, c mediumtext not null, "
	"e bool not null, primary key (`a`));"
	"CREATE INDEX test_sql_with_search_index USING SEARCH ON test_sql_with_search (a, b, c, e);"
	/* the PHP SDK's table and its search index (createIndex: keyword,
	 * text, geo, long, double, boolean, array; nested is not indexed) */
	"CREATE TABLE `testSearchTableName` (`PK0` BIGINT(20),`PK1` VARCHAR(1024),`geo` MEDIUMTEXT,`boolean` BOOL,"
	"`array` MEDIUMTEXT,`double` DOUBLE,`text` MEDIUMTEXT,`keyword` MEDIUMTEXT,`nested` MEDIUMTEXT,`long` BIGINT(20),"
	"PRIMARY KEY(`PK0`,`PK1`));"
	"CREATE INDEX testSearchIndexName USING SEARCH ON testSearchTableName (`keyword`, `text`, `geo`, `long`, `double`, "
	"`boolean`, `array`);"
	/* the Python SDK's test and example tables */
	"create table SqlQuery (uid VARCHAR(1024), pid BIGINT(20),name MEDIUMTEXT, age BIGINT(20), grade DOUBLE,"
	"PRIMARY KEY(uid,pid));"
	"create table fbsDecoderTypes (uid VARCHAR(1024), pid VARBINARY(1024), name MEDIUMTEXT, age BIGINT(20), "
	"grade DOUBLE, isMale BOOLEAN, picture MEDIUMBLOB, PRIMARY KEY(uid,pid));"
	"create table OTSSqlQuerySimpleExample (uid VARCHAR(1024), pid BIGINT(20),name MEDIUMTEXT, age BIGINT(20), "
	"grade DOUBLE, PRIMARY KEY(uid,pid));"
	/* the JDBC driver's test table (TestEnvironment.setup: secondary
	 * indexes on col1 with col2, on col3 with col4) */
	"CREATE TABLE IF NOT EXISTS OTSIntegrationTest (pk1 BIGINT, pk2 VARCHAR(1024), pk3 VARBINARY(1024), col1 BIGINT, "
	"col2 DOUBLE, col3 MEDIUMTEXT, col4 MEDIUMBLOB, col5 BOOL, PRIMARY KEY(pk1, pk2, pk3));"
	"CREATE INDEX OTSIntegrationTest_col1_index ON OTSIntegrationTest (col1) INCLUDE (col2);"
	"CREATE INDEX OTSIntegrationTest_col3_index ON OTSIntegrationTest (col3) INCLUDE (col4);"
	/* the SDK samples' tables, their keys not given (the statements
	 * read no key) */
	"CREATE TABLE fb_test (pk VARCHAR(1024), long_value BIGINT, double_value DOUBLE, string_value MEDIUMTEXT, "
	"bool_value BOOL, binary_value MEDIUMBLOB, PRIMARY KEY (pk));"
	"CREATE TABLE WriterTest (pk BIGINT, v MEDIUMTEXT, PRIMARY KEY (pk));"
	"CREATE TABLE test_table (pk BIGINT, v MEDIUMTEXT, PRIMARY KEY (pk));"
	"CREATE TABLE users (pk BIGINT, v MEDIUMTEXT, PRIMARY KEY (pk));";

static const stated TABLESTORE[] = {
	/* rule 1: "If columns A, B, C, and D are all in the same search
	 * index, the search index is selected" */
	{TSPOLICY, "SELECT A,B,C FROM sampletable WHERE A=1 and D = 2", KP_ACCESS_SEARCH, "sampletable_search_index", false,
	 false, NULL},
	/* rule 2: "For WHERE c = 1 AND a > 1, the secondary index matches 2
	 * columns > data table matches 1 column" */
	{TSPOLICY, "SELECT a, b, c FROM t2 WHERE c = 1 AND a > 1", KP_ACCESS_SCAN, "i_cab", false, false, NULL},
	/* "Force a full table scan (skip all indexes)" */
	{TSPOLICY, "SELECT * FROM sampletable use index()", KP_ACCESS_FULL, NULL, false, false, NULL},
	/* "Use a search index" */
	{TSPOLICY, "SELECT * FROM sampletable use index(sampletable_search_index)", KP_ACCESS_SEARCH,
	 "sampletable_search_index", false, false, NULL},
	/* "Use a secondary index" */
	{TSPOLICY, "SELECT * FROM sampletable use index(sampletable_secondary_index)", KP_ACCESS_FULL,
	 "sampletable_secondary_index", false, false, NULL},
	/* the statement of Tablestore's SDK tests, which read its 4 rows: a
	 * full scan runs, within "Amount of data for a single scan: 128 MB or
	 * 100,000 rows" */
	{TSQUOTA, "select * from t where col_long > 5 limit 4", KP_ACCESS_FULL, NULL, false, false, NULL},
	/* "The search index does not contain columns a, b, c, and d. The SQL
	 * engine reads data by scanning the entire table"; "The search index
	 * contains columns a, b, and c. The SQL engine reads data by using the
	 * search index" */
	{TSPUSH, "SELECT a, b, c, d FROM exampletable", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSPUSH, "SELECT a, b, c FROM exampletable", KP_ACCESS_SEARCH, "exampletable_index", false, false, NULL},
	/* "WHERE a = '123' and b = 234, a = '123' cannot be pushed down ...
	 * Only b = 234 is pushed down to the search index"; "change the WHERE
	 * clause to a = 123 and b = 234" (its select list not given: a, b, c) */
	{TSPUSH, "SELECT a, b, c FROM exampletable WHERE a = '123' and b = 234", KP_ACCESS_SEARCH, "exampletable_index",
	 false, false, NULL},
	{TSPUSH, "SELECT a, b, c FROM exampletable WHERE a = 123 and b = 234", KP_ACCESS_SEARCH, "exampletable_index",
	 false, false, NULL},
	{TSPUSH24, "SELECT a, b, c, d FROM exampletable24", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSPUSH24, "SELECT b, c, d FROM exampletable24", KP_ACCESS_SEARCH, "exampletable24_index", false, false, NULL},
	/* the billing examples: "the column of the condition is the primary
	 * key: Tablestore finds the user_id through the data table directly";
	 * "a column that is not the primary key: without an index Tablestore
	 * scans the whole table" (1,000,000 rows: "Tablestore limits such
	 * behaviour", the scan quota); "if an index of the data table holds
	 * the column of the condition, Tablestore selects the index" */
	{TSBILL, "SELECT * FROM sample_table WHERE user_id=\"user1\"", KP_ACCESS_GET, NULL, false, false, NULL},
	{TSBILL, "SELECT sum(order_cost) FROM sample_table WHERE user_id=\"user1\"", KP_ACCESS_GET, NULL,
	 false, false, NULL},
	{TSBILL, "SELECT order_cost FROM sample_table WHERE order_id=\"order1\"", KP_ACCESS_FULL, NULL,
	 false, false, NULL},
	{TSBILL, "SELECT order_cost FROM sample_table_ix WHERE order_id=\"order1\"", KP_ACCESS_SCAN, "ix_order", false,
	 false, NULL},
	/* TestSQLQuery asserts one table consume and no search consume;
	 * TestSQLWithSearch one search consume (test_sql_with_search_index)
	 * and no table consume */
	{TSGO ":2514", "select * from test_http_query", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSGO ":2709", "select * from test_sql_with_search", KP_ACCESS_SEARCH, "test_sql_with_search_index", false,
	 false, NULL},
	/* testSQLQuerySelect: one search consume and no table consume, then
	 * no search consume and one table consume */
	{TSPHP ":130", "SELECT COUNT(*) AS count FROM `testSearchTableName` WHERE `boolean` = true;", KP_ACCESS_SEARCH,
	 "testSearchIndexName", false, false, NULL},
	{TSPHP ":169", "SELECT `PK0`, `boolean`, `long`, `geo` FROM `testSearchTableName` LIMIT 10;", KP_ACCESS_FULL, NULL,
	 false, false, "the search index holds every column it reads, and no source says why the table is read: "
	 "keyplan reads the index, as the Go SDK's SELECT * and the pushdown page's SELECT a, b, c do"},
	/* test_sql_query's ground truth: each runs (full scans, the table
	 * has no index); the ORDER BY results come sorted by age, by grade */
	{TSPY ":48", "select count(*) from SqlQuery", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSPY ":49", "select sum(age) from SqlQuery", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSPY ":50", "select pid from SqlQuery where grade > 5.0", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSPY ":51", "select age,avg(grade) from SqlQuery group by age order by age", KP_ACCESS_FULL, NULL,
	 false, true, NULL},
	{TSPY ":52", "select pid from SqlQuery order by grade limit 1", KP_ACCESS_FULL, NULL, false, true, NULL},
	{TSPY ":128", "select * from fbsDecoderTypes", KP_ACCESS_FULL, NULL, false, false, NULL},
	/* the example's statements, which run; uid is the first key column */
	{TSPYEX ":27", "select * from OTSSqlQuerySimpleExample", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSPYEX ":28", "select * from OTSSqlQuerySimpleExample where pid >3", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSPYEX ":29", "select grade from OTSSqlQuerySimpleExample where uid = \"7\"", KP_ACCESS_SCAN, NULL,
	 false, false, NULL},
	/* testStatement and testPreparedStatement: each returns its rows; ORDER
	 * BY pk1 DESC reads the key backwards (GetRange's BACKWARD direction) */
	{TSJDBC ":168", "SELECT * FROM OTSIntegrationTest", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSJDBC ":178", "SELECT * FROM OTSIntegrationTest ORDER BY pk1 DESC", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSJDBC ":202", "SELECT * FROM OTSIntegrationTest WHERE pk1 = ?", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{TSJDBC ":209", "SELECT * FROM OTSIntegrationTest WHERE col2 = ?", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSJDBC ":216", "SELECT * FROM OTSIntegrationTest WHERE pk2 = ?", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSJDBC ":223", "SELECT * FROM OTSIntegrationTest WHERE pk3 = ?", KP_ACCESS_FULL, NULL, false, false, NULL},
	{TSJDBC ":230", "SELECT * FROM OTSIntegrationTest WHERE col5 = ?", KP_ACCESS_FULL, NULL, false, false, NULL},
	/* the SDK samples' statements, which run */
	{"aliyun/aliyun-tablestore-java-sdk@331cd3d:tablestore/src/test/java/examples/SQLQuerySample.java:94",
	 "select pk, long_value, double_value, string_value, bool_value, binary_value from fb_test limit 20",
	 KP_ACCESS_FULL, NULL, false, false, NULL},
	{"aliyun/aliyun-tablestore-php-sdk@7cd7d2a:examples/SQLQuery.php:17", "SELECT * FROM `WriterTest` LIMIT 10;",
	 KP_ACCESS_FULL, NULL, false, false, NULL},
	{"aliyun/aliyun-tablestore-nodejs-sdk:samples/sql.js:4", "select * from test_table", KP_ACCESS_FULL, NULL, false,
	 false, NULL},
	{"yuqiang-yuan/aliyun-tablestore-rs@c6ac746:src/sql.rs:225", "select * from users limit 10", KP_ACCESS_FULL, NULL,
	 false, false, NULL},
	/* "How do I query the total number of rows in a table?": "Use SQL
	 * queries ... SELECT COUNT(*) FROM `<TABLE_NAME>`" (t here) */
	{"https://alibabacloud.com/help/doc-detail/89774.html", "SELECT COUNT(*) FROM `t`", KP_ACCESS_FULL, NULL, false,
	 false, NULL},
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
	         "'000000000000400'))", KP_ACCESS_GET, NULL, false, false, NULL}, \
	{INLIST, "SELECT * FROM " v " WHERE (ID1) IN (('005xx000001Sv6o'),('005xx000001Sv6o'))", KP_ACCESS_SCAN, NULL, \
	 false, false, NULL}, \
	{INLIST, "SELECT * FROM " v " WHERE (ID2) IN (('000000000000500'),('000000000000400'))", KP_ACCESS_FILTERED, \
	 NULL, false, false, NULL}, \
	{INLIST, "SELECT * FROM " v " WHERE (ID1, ID3) IN (('005xx000001Sv6o', 1),('005xx000001Sv6o', 2))", \
	 KP_ACCESS_FILTERED, NULL, false, false, NULL}, \
	{INLIST, "SELECT * FROM " v " WHERE (ID2, ID3) IN (('000000000000500', 1),('000000000000400', 2))", \
	 KP_ACCESS_FILTERED, NULL, false, false, NULL}, \
	{INLIST, "SELECT * FROM " v " WHERE (ID3, ID4) IN ((1, 1),(2, 2))", KP_ACCESS_FILTERED, NULL, false, false, NULL}, \
	{INLIST, "SELECT * FROM " v " WHERE (ID2, ID1) IN (('000000000000400', '005xx000001Sv6o'),('000000000000300', " \
	         "'005xx000001Sv6o'))", KP_ACCESS_GET, NULL, false, false, NULL}

static const stated PHOENIX[] = {
	LISTS("asc_view"),
	LISTS("desc_view"),
};

/* Phoenix, a second source: QueryPlanTest (phoenix-core/src/test/.../query/
 * QueryPlanTest.java), which asserts the whole EXPLAIN of each statement,
 * on BaseTest's ATABLE, PTSDB, PTSDB2 and PTSDB3. "SERVER FILTER BY FIRST
 * KEY ONLY" reads the key alone (a projection, not a condition); "CLIENT
 * MERGE SORT" merges the regions' results (not a sort of the rows); a
 * salted table's "400-WAY RANGE SCAN" over [X'00',...] - [X'13',...] is one
 * range per bucket (docs/targets.md, "Reading a store's stated plan"). */
#define QPLAN "https://github.com/apache/phoenix/blob/6d9ec471da/phoenix-core/src/test/java/org/apache/phoenix/query/QueryPlanTest.java"

static const char *PHOENIX2_DDL =
	"create table ATABLE (organization_id char(15) not null, entity_id char(15) not null, a_string varchar(100), "
	"b_string varchar(100), a_integer integer, a_date date, a_time time, a_timestamp timestamp, "
	"x_decimal decimal(31,10), x_long bigint, x_integer integer, y_integer integer, a_byte tinyint, "
	"a_short smallint, a_float float, a_double double, a_unsigned_float unsigned_float, "
	"a_unsigned_double unsigned_double CONSTRAINT pk PRIMARY KEY (organization_id, entity_id));\n"
	"create table PTSDB (inst varchar null, host varchar null, \"DATE\" date not null, val decimal(31,10) "
	"CONSTRAINT pk PRIMARY KEY (inst, host, \"DATE\"));\n"
	"create table PTSDB2 (inst varchar(10) not null, \"DATE\" date not null, val1 decimal, val2 decimal(31,10), "
	"val3 decimal CONSTRAINT pk PRIMARY KEY (inst, \"DATE\"));\n"
	"create table PTSDB3 (host varchar(10) not null, \"DATE\" date not null, val1 decimal, val2 decimal(31,10), "
	"val3 decimal CONSTRAINT pk PRIMARY KEY (host DESC, \"DATE\" DESC));\n"
	/* testDescTimestampAtBoundary's FOO (FOO_SALTED here: the last test
	 * makes FOO again, unsalted), testUseOfRoundRobinIteratorSurfaced's */
	"CREATE TABLE FOO_SALTED (a VARCHAR NOT NULL, b TIMESTAMP NOT NULL, c VARCHAR, CONSTRAINT pk PRIMARY KEY "
	"(a, b DESC, c)) IMMUTABLE_ROWS=true, SALT_BUCKETS=20;\n"
	"CREATE TABLE TESTUSEOFROUNDROBINITERATORSURFACED (a VARCHAR NOT NULL, b TIMESTAMP NOT NULL, c VARCHAR, "
	"CONSTRAINT pk PRIMARY KEY (a, b DESC, c)) IMMUTABLE_ROWS=true, SALT_BUCKETS=20;\n"
	"CREATE TABLE FOO (a VARCHAR NOT NULL, b TIMESTAMP NOT NULL, c VARCHAR, CONSTRAINT pk PRIMARY KEY (a, b DESC, c));\n";

static const stated PHOENIX2[] = {
	/* testExplainPlan, in its order */
	{QPLAN ":38", "SELECT a_string,b_string FROM atable WHERE organization_id = '000000000000001' AND entity_id > "
	 "'000000000000002' AND entity_id < '000000000000008' AND (organization_id,entity_id) <= "
	 "('000000000000001','000000000000005') ", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{QPLAN ":41", "SELECT host FROM PTSDB WHERE inst IS NULL AND host IS NOT NULL AND \"DATE\" >= to_date('2013-01-01')",
	 KP_ACCESS_FILTERED, NULL, false, false, NULL},
	{QPLAN ":45", "SELECT a_string,b_string FROM atable WHERE organization_id = '000000000000001' AND entity_id > "
	 "'000000000000002' AND entity_id < '000000000000008' AND (organization_id,entity_id) >= "
	 "('000000000000001','000000000000005') ", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{QPLAN ":48", "SELECT host FROM PTSDB3 WHERE host IN ('na1', 'na2','na3')", KP_ACCESS_SCAN, NULL,
	 false, false, NULL},
	{QPLAN ":52", "SELECT /*+ SMALL*/ host FROM PTSDB3 WHERE host IN ('na1', 'na2','na3')", KP_ACCESS_SCAN, NULL, false,
	 false, NULL},
	{QPLAN ":56", "SELECT inst,\"DATE\" FROM PTSDB2 WHERE inst = 'na1' ORDER BY inst DESC, \"DATE\" DESC", KP_ACCESS_SCAN,
	 NULL, false, false, NULL},
	{QPLAN ":61", "SELECT host FROM PTSDB WHERE inst IS NOT NULL AND host IS NULL AND \"DATE\" >= to_date('2013-01-01')",
	 KP_ACCESS_FILTERED, NULL, false, false, NULL},
	{QPLAN ":65", "SELECT a_string,b_string FROM atable WHERE organization_id = '000000000000001' AND entity_id = "
	 "'000000000000002' AND x_integer = 2 AND a_integer < 5 ", KP_ACCESS_GET, NULL, false, false, NULL},
	{QPLAN ":69", "SELECT a_string,b_string FROM atable WHERE organization_id > '000000000000001' AND entity_id > "
	 "'000000000000002' AND entity_id < '000000000000008' AND (organization_id,entity_id) >= "
	 "('000000000000003','000000000000005') ", KP_ACCESS_FILTERED, NULL, false, false, NULL},
	{QPLAN ":73", "SELECT a_string,b_string FROM atable WHERE organization_id = '000000000000001' AND entity_id >= "
	 "'000000000000002' AND entity_id < '000000000000008' AND (organization_id,entity_id) >= "
	 "('000000000000000','000000000000005') ", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{QPLAN ":76", "SELECT * FROM atable", KP_ACCESS_FULL, NULL, false, false, NULL},
	{QPLAN ":78", "SELECT inst,host FROM PTSDB WHERE inst IN ('na1', 'na2','na3') AND host IN ('a','b') AND \"DATE\" >= "
	 "to_date('2013-01-01') AND \"DATE\" < to_date('2013-01-02')", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{QPLAN ":82", "SELECT inst,host FROM PTSDB WHERE inst LIKE 'na%' AND host IN ('a','b') AND \"DATE\" >= "
	 "to_date('2013-01-01') AND \"DATE\" < to_date('2013-01-02')", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{QPLAN ":86", "SELECT count(*) FROM atable", KP_ACCESS_FULL, NULL, false, false, NULL},
	{QPLAN ":90", "SELECT count(*) FROM atable WHERE organization_id='000000000000001' AND SUBSTR(entity_id,1,3) > '002' "
	 "AND SUBSTR(entity_id,1,3) <= '003'", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{QPLAN ":94", "SELECT a_string FROM atable WHERE organization_id='000000000000001' AND SUBSTR(entity_id,1,3) > '002' "
	 "AND SUBSTR(entity_id,1,3) <= '003'", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{QPLAN ":97", "SELECT count(1) FROM atable GROUP BY a_string", KP_ACCESS_FULL, NULL, false, false, NULL},
	{QPLAN ":101", "SELECT count(1) FROM atable GROUP BY a_string LIMIT 5", KP_ACCESS_FULL, NULL,
	 false, false, NULL},
	/* "SERVER TOP 3 ROWS SORTED BY [A_STRING DESC]" */
	{QPLAN ":106", "SELECT a_string FROM atable ORDER BY a_string DESC LIMIT 3", KP_ACCESS_FULL, NULL,
	 false, true, NULL},
	{QPLAN ":111", "SELECT count(1) FROM atable GROUP BY a_string,b_string HAVING max(a_string) = 'a'", KP_ACCESS_FULL,
	 NULL, false, false, NULL},
	{QPLAN ":116", "SELECT count(1) FROM atable WHERE a_integer = 1 GROUP BY ROUND(a_time,'HOUR',2),entity_id HAVING "
	 "max(a_string) = 'a'", KP_ACCESS_FULL, NULL, false, false, NULL},
	/* "CLIENT SORTED BY [B_STRING]" */
	{QPLAN ":121", "SELECT count(1) FROM atable WHERE a_integer = 1 GROUP BY a_string,b_string HAVING max(a_string) = 'a' "
	 "ORDER BY b_string", KP_ACCESS_FULL, NULL, false, true, NULL},
	{QPLAN ":127", "SELECT a_string,b_string FROM atable WHERE organization_id = '000000000000001' AND entity_id != "
	 "'000000000000002' AND x_integer = 2 AND a_integer < 5 LIMIT 10", KP_ACCESS_FILTERED, NULL,
	 false, false, NULL},
	{QPLAN ":132", "SELECT a_string,b_string FROM atable WHERE organization_id = '000000000000001' ORDER BY a_string ASC "
	 "NULLS FIRST LIMIT 10", KP_ACCESS_SCAN, NULL, false, true, NULL},
	/* grouped by the key's order, the ORDER BY needs no sort */
	{QPLAN ":137", "SELECT max(a_integer) FROM atable WHERE organization_id = '000000000000001' GROUP BY "
	 "organization_id,entity_id,ROUND(a_date,'HOUR') ORDER BY entity_id NULLS LAST LIMIT 10", KP_ACCESS_SCAN, NULL, false,
	 false, NULL},
	{QPLAN ":142", "SELECT a_string,b_string FROM atable WHERE organization_id = '000000000000001' ORDER BY a_string DESC "
	 "NULLS LAST LIMIT 10", KP_ACCESS_SCAN, NULL, false, true, NULL},
	{QPLAN ":147", "SELECT a_string,b_string FROM atable WHERE organization_id IN ('000000000000001', '000000000000005')",
	 KP_ACCESS_SCAN, NULL, false, false, NULL},
	{QPLAN ":150", "SELECT a_string,b_string FROM atable WHERE organization_id IN ('00D000000000001', '00D000000000005') "
	 "AND entity_id IN('00E00000000000X','00E00000000000Z')", KP_ACCESS_GET, NULL, false, false, NULL},
	{QPLAN ":153", "SELECT inst,host FROM PTSDB WHERE REGEXP_SUBSTR(INST, '[^-]+', 1) IN ('na1', 'na2','na3')",
	 KP_ACCESS_FILTERED, NULL, false, false, NULL},
	/* testDescTimestampAtBoundary, testUseOfRoundRobinIteratorSurfaced:
	 * one range per salt bucket, FIRST KEY ONLY */
	{QPLAN ":227", "select * from foo_salted where a = 'a' and b >= timestamp '2016-01-28 00:00:00' and b < timestamp "
	 "'2016-01-29 00:00:00'", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{QPLAN ":255", "select * from TESTUSEOFROUNDROBINITERATORSURFACED where a = 'a' and b >= timestamp "
	 "'2016-01-28 00:00:00' and b < timestamp '2016-01-29 00:00:00'", KP_ACCESS_SCAN, NULL, false, false, NULL},
	/* testSerialHintIgnoredForNonRowkeyOrderBy: "SERVER SORTED BY [B, C]" */
	{QPLAN ":281", "select /*+ SERIAL*/ * from foo where a = 'a' ORDER BY b, c", KP_ACCESS_SCAN, NULL,
	 false, true, NULL},
};

/* QueryPlanTest.testTenantSpecificConnWithLimit: tenantId's view over a
 * MULTI_TENANT table, read on tenantId's connection */
static const char *PHOENIX2_TENANT_DDL =
	"CREATE TABLE BASE_MULTI_TENANT_TABLE(tenant_id VARCHAR(5) NOT NULL, userid INTEGER NOT NULL, username VARCHAR NOT "
	"NULL, col VARCHAR CONSTRAINT pk PRIMARY KEY (tenant_id, userid, username)) MULTI_TENANT=true;\n"
	"-- keyplan:tenant tenantId\n"
	"CREATE VIEW TENANT_VIEW AS SELECT * FROM BASE_MULTI_TENANT_TABLE;\n";

static const stated PHOENIX2_TENANT[] = {
	{QPLAN ":193", "SELECT * FROM TENANT_VIEW LIMIT 1", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{QPLAN ":197", "SELECT * FROM TENANT_VIEW LIMIT 2147483647", KP_ACCESS_SCAN, NULL, false, false, NULL},
	{QPLAN ":203", "SELECT * FROM TENANT_VIEW WHERE username = 'Joe' LIMIT 1", KP_ACCESS_FILTERED, NULL,
	 false, false, NULL},
	{QPLAN ":208", "SELECT * FROM TENANT_VIEW WHERE col = 'Joe' LIMIT 1", KP_ACCESS_FILTERED, NULL,
	 false, false, NULL},
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
		else if (!c[i].differs)
			fprintf(stderr, "\n  %s: disagrees with %s\n    %s\n    keyplan: %s\n", kp_target_name(tg), c[i].url,
			        c[i].sql, T.text);
		else
			printf("\n  %s: disagrees, as known (%s), with %s\n    %s\n", kp_target_name(tg), c[i].differs,
			       c[i].url, c[i].sql);
		CU_ASSERT_EQUAL(same, !c[i].differs);
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

static void test_lindorm_agrees_with_its_agent_skill(void)
{
	int n = (int)(sizeof LINDORM2 / sizeof LINDORM2[0]);
	CU_ASSERT_EQUAL(agree(KP_TARGET_LINDORM, LINDORM2_DDL, NULL, LINDORM2, n), n);
}

static void test_tablestore_agrees_with_its_documents(void)
{
	int n = (int)(sizeof TABLESTORE / sizeof TABLESTORE[0]);
	CU_ASSERT_EQUAL(agree(KP_TARGET_TABLESTORE, TABLESTORE_DDL, NULL, TABLESTORE, n), n - 1);
}

static void test_phoenix_agrees_with_its_it_tests(void)
{
	int n = (int)(sizeof PHOENIX / sizeof PHOENIX[0]);
	CU_ASSERT_EQUAL(agree(KP_TARGET_PHOENIX, PHOENIX_DDL, "tenant1", PHOENIX, n), n);
}

static void test_phoenix_agrees_with_query_plan_test(void)
{
	int n = (int)(sizeof PHOENIX2 / sizeof PHOENIX2[0]);
	int m = (int)(sizeof PHOENIX2_TENANT / sizeof PHOENIX2_TENANT[0]);
	CU_ASSERT_EQUAL(agree(KP_TARGET_PHOENIX, PHOENIX2_DDL, NULL, PHOENIX2, n), n);
	CU_ASSERT_EQUAL(agree(KP_TARGET_PHOENIX, PHOENIX2_TENANT_DDL, "tenantId", PHOENIX2_TENANT, m), m);
}

KPT_SUITE("agreement", NULL, NULL,
	{"Lindorm: the plans its documents state", test_lindorm_agrees_with_its_documents},
	{"Lindorm: the plans its agent skill's notes state", test_lindorm_agrees_with_its_agent_skill},
	{"Tablestore: the plans its documents state", test_tablestore_agrees_with_its_documents},
	{"Phoenix: the plans its IT tests assert (InListIT, tenant views)", test_phoenix_agrees_with_its_it_tests},
	{"Phoenix: the plans QueryPlanTest asserts", test_phoenix_agrees_with_query_plan_test})
