/* Design scenarios written from public schema designs (each cites its
 * source; the expectations were written down before keyplan ran), and
 * Phoenix's ROW_TIMESTAMP and salted designs (E21). Every recommended DDL
 * is applied back and the workload checked again: nothing more is
 * recommended for the table (a fixpoint). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adv_run.h"
#include "base/buf.h"

/* OpenTSDB's tsdb table (opentsdb.net, "HBase Schema": row key = metric
 * UID, base hour, tag pairs): reads bind the metric and a range of hours.
 * Expected before running: the design stands (the metric leads, so writes
 * spread over metrics; every read is a SCAN of one metric's hours). */
static void test_scenario_opentsdb_design_stands(void)
{
	run r;
	run_w(&r, "CREATE TABLE tsdb (metric_uid VARCHAR(3) NOT NULL, base_hour BIGINT NOT NULL, tags VARCHAR(64) "
	                "NOT NULL, v DOUBLE, PRIMARY KEY (metric_uid, base_hour, tags));",
	            "-- weight: 1000\nSELECT * FROM tsdb WHERE metric_uid = ? AND base_hour >= ? AND base_hour < ?;\n"
	            "-- weight: 10000\nUPSERT INTO tsdb (metric_uid, base_hour, tags, v) VALUES (?, ?, ?, ?);\n",
	            KP_TARGET_LINDORM);
	expect_recommended(&r, "tsdb", "");
	const kp_table_review *v = review_of(&r, "tsdb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_FALSE(v->writes_default);
	CU_ASSERT_EQUAL(v->writes, 10000);
	CU_ASSERT_EQUAL(v->before.hot, 0);
	run_free(&r);
}

/* The HBase reference guide, "Monotonically Increasing Row Keys/Timeseries
 * Data" (hbase.apache.org/book.html#timeseries): a log keyed by time first.
 * Reads bind the host and a time range. Expected: the key reordered to
 * [host][ts] (writes spread over hosts, the reads stay SCANs), nothing
 * else. */
static void test_scenario_hbase_timeseries_reorder(void)
{
	static const char *schema[] = {"CREATE TABLE access_log (ts BIGINT NOT NULL, host VARCHAR(64) NOT NULL, "
	                               "url VARCHAR(256), status INT, PRIMARY KEY (ts, host))"};
	const char *w = "-- weight: 300\nSELECT * FROM access_log WHERE host = ? AND ts >= ? AND ts < ?;\n"
	                "-- weight: 5000\nINSERT INTO access_log (ts, host, url, status) VALUES (?, ?, ?, ?);\n";
	run r;
	run_w(&r, schema[0], w, KP_TARGET_LINDORM);
	expect_recommended(&r, "access_log", "reorder_key [host][ts]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "access_log", 2), "FILTERED SCAN -> SCAN");
	expect_fixpoint(&r, schema, 1, w, KP_TARGET_LINDORM, "access_log");
	run_free(&r);
}

/* KillrVideo (Chebotko, Kashlev, Lu: "A Big Data Modeling Methodology for
 * Apache Cassandra", 2015: videos_by_user, newest first). A videos table
 * keyed by video_id, read by user, newest first, 10 a page. Expected: a
 * secondary index on (user_id, added_date DESC) covering the columns read;
 * the GET by id untouched. */
static void test_scenario_killrvideo_videos_by_user(void)
{
	static const char *schema[] = {"CREATE TABLE videos (video_id VARCHAR(36) NOT NULL, user_id VARCHAR(36), "
	                               "added_date BIGINT, title VARCHAR(200), PRIMARY KEY (video_id))"};
	const char *w = "-- weight: 800\nSELECT video_id, title FROM videos WHERE user_id = ? ORDER BY added_date DESC LIMIT 10;\n"
	                "-- weight: 2000\nSELECT * FROM videos WHERE video_id = ?;\n";
	run r;
	run_w(&r, schema[0], w, KP_TARGET_LINDORM);
	expect_recommended(&r, "videos", "secondary_index [user_id][added_date DESC][video_id]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "videos", 2), "REJECTED -> SCAN");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "videos", 4), "");
	const kp_table_review *v = review_of(&r, "videos");
	CU_ASSERT_EQUAL(v->rows_per_insert_before, 1);
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 2);
	/* index advice states its write cost */
	const kp_advice *x = v->recommended.items[0];
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "the store maintains it on every write: an insert into videos then "
	                                          "writes 2 rows"));
	expect_fixpoint(&r, schema, 1, w, KP_TARGET_LINDORM, "videos");
	run_free(&r);
}

/* Tablestore's Timeline model for IM (Alibaba Cloud, "Timeline model":
 * timeline_id then an auto-increment sequence_id, read from a sequence on).
 * Expected: the design stands; no DESC advice on the generated column. */
static void test_scenario_tablestore_im_timeline(void)
{
	run r;
	run_w(&r, "CREATE TABLE im_timeline (timeline_id VARCHAR(64) NOT NULL, sequence_id BIGINT NOT NULL "
	                "AUTO_INCREMENT, content VARCHAR(1024), PRIMARY KEY (timeline_id, sequence_id));",
	            "-- weight: 5000\nSELECT * FROM im_timeline WHERE timeline_id = ? AND sequence_id > ? LIMIT 100;\n"
	            "-- weight: 5000\nINSERT INTO im_timeline (timeline_id, content) VALUES (?, ?);\n",
	            KP_TARGET_TABLESTORE);
	expect_recommended(&r, "im_timeline", "");
	for (uint32_t i = 0; i < r.adv.advice.n; i++)
		CU_ASSERT_STRING_NOT_EQUAL(((kp_advice *)r.adv.advice.items[i])->kind, "desc_key");
	run_free(&r);
}

/* A URL shortener (the System Design Primer, "Design Pastebin.com (or
 * Bit.ly)": a random short code as the key, read by it). Expected: the
 * design stands; every read a GET. */
static void test_scenario_url_shortener_design_stands(void)
{
	run r;
	run_w(&r, "CREATE TABLE urls (short_code VARCHAR(8) NOT NULL, long_url VARCHAR(2048), owner VARCHAR(32), "
	                "PRIMARY KEY (short_code));",
	            "-- weight: 100000\nSELECT long_url FROM urls WHERE short_code = ?;\n"
	            "-- weight: 100\nUPSERT INTO urls (short_code, long_url, owner) VALUES (?, ?, ?);\n",
	            KP_TARGET_LINDORM);
	expect_recommended(&r, "urls", "");
	const kp_table_review *v = review_of(&r, "urls");
	CU_ASSERT_EQUAL(v->by_class[0], 100000);
	run_free(&r);
}

/* Graph edges (Facebook TAO, "TAO: Facebook's Distributed Data Store for
 * the Social Graph", 2013: associations (id1, atype, id2) listed by id1 and
 * type, newest first). Keyed (id1, atype, id2); the association list reads
 * newest first by time. Expected: an index (id1, atype, time DESC) keeps the
 * list a SCAN without a sort; the edge GET untouched; no key change. */
static void test_scenario_tao_association_list(void)
{
	static const char *schema[] = {"CREATE TABLE assoc (id1 BIGINT NOT NULL, atype INT NOT NULL, id2 BIGINT NOT NULL, "
	                               "time BIGINT, data VARCHAR(255), PRIMARY KEY (id1, atype, id2))"};
	const char *w = "-- weight: 3000\nSELECT id2, time FROM assoc WHERE id1 = ? AND atype = ? ORDER BY time DESC LIMIT 50;\n"
	                "-- weight: 1000\nSELECT * FROM assoc WHERE id1 = ? AND atype = ? AND id2 = ?;\n";
	run r;
	run_w(&r, schema[0], w, KP_TARGET_LINDORM);
	expect_recommended(&r, "assoc", "secondary_index [id1][atype][time DESC][id2]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "assoc", 4), "");
	expect_fixpoint(&r, schema, 1, w, KP_TARGET_LINDORM, "assoc");
	run_free(&r);
}

/* Phoenix's ROW_TIMESTAMP (issue 21, E21): a reorder keeps the cell
 * timestamp column declared so in its DDL (any one key column may be:
 * ERROR 528 is only for a column outside the key), so the UPSERTs that
 * leave it to the server still run once the advice is applied. Before,
 * the CREATE TABLE came out without ROW_TIMESTAMP and the 5000-weight
 * UPSERT failed with KP012 (ERROR 218). A hash prefix or an index table
 * keyed by the value the server sets is advice the writer cannot carry
 * out: dropped (before: hash_prefix md5(created_date, metric_id) and an
 * index table keyed by created_date were alternatives). */
static void test_row_timestamp_kept_and_never_computed_by_the_writer(void)
{
	const char *schema = "CREATE TABLE m (created_date DATE NOT NULL, metric_id CHAR(15) NOT NULL, metric_value BIGINT "
	                     "CONSTRAINT pk PRIMARY KEY (created_date ROW_TIMESTAMP, metric_id))";
	const char *w = "-- weight: 5000\nUPSERT INTO m (metric_id, metric_value) VALUES (?, ?);\n"
	                "-- weight: 2000\nSELECT metric_value FROM m WHERE metric_id = ? AND created_date >= ?;\n";
	run r;
	run_w(&r, schema, w, KP_TARGET_PHOENIX);
	expect_recommended(&r, "m", "reorder_key [metric_id][created_date]");
	const kp_table_review *v = review_of(&r, "m");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	const kp_advice *x = v->recommended.items[0];
	CU_ASSERT_STRING_EQUAL(x->ddl, "CREATE TABLE m (created_date DATE NOT NULL, metric_id CHAR(15) NOT NULL, "
	                               "metric_value BIGINT, CONSTRAINT pk PRIMARY KEY (metric_id, created_date "
	                               "ROW_TIMESTAMP))");
	for (uint32_t i = 0; i < r.adv.advice.n; i++) {
		const kp_advice *y = r.adv.advice.items[i];
		CU_ASSERT_STRING_NOT_EQUAL(y->kind, "hash_prefix");
		CU_ASSERT_STRING_NOT_EQUAL(y->kind, "index_table");
	}
	/* applied, the UPSERT that leaves created_date to the server runs */
	run r2;
	run_w(&r2, x->ddl, w, KP_TARGET_PHOENIX);
	int unsupported = 0;
	for (const kp_diag *d = r2.d.head; d; d = d->next)
		unsupported += d->rule == KP_R_UNSUPPORTED;
	CU_ASSERT_EQUAL(unsupported, 0);
	expect_recommended(&r2, "m", "");
	run_free(&r2);
	run_free(&r);
}

/* A salted table's time lead is no write hotspot (Phoenix "Salted
 * Tables"; E21): the key order search keeps it first, so no reorder that
 * moves it out of the lead "because it is a write hotspot" is proposed
 * (before: reorder_key [metric_id][created_date] with that reason, and the
 * window read SCAN -> full scan). */
static void test_salted_time_lead_is_no_hotspot_to_reorder(void)
{
	const char *schema = "CREATE TABLE m (created_date DATE NOT NULL, metric_id CHAR(15) NOT NULL, metric_value BIGINT "
	                     "CONSTRAINT pk PRIMARY KEY (created_date, metric_id)) SALT_BUCKETS = 8";
	const char *w = "-- weight: 50000\nUPSERT INTO m (created_date, metric_id, metric_value) VALUES (?, ?, ?);\n"
	                "-- weight: 2000\nSELECT metric_id, metric_value FROM m WHERE created_date >= ? AND created_date < ?;\n"
	                "-- weight: 300\nSELECT metric_value FROM m WHERE metric_id = ?;\n";
	run r;
	run_w(&r, schema, w, KP_TARGET_PHOENIX);
	for (uint32_t i = 0; i < r.adv.advice.n; i++) {
		const kp_advice *y = r.adv.advice.items[i];
		CU_ASSERT_STRING_NOT_EQUAL(y->kind, "reorder_key");
		CU_ASSERT_PTR_NULL(strstr(y->message, "write hotspot"));
	}
	const kp_table_review *v = review_of(&r, "m");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL(v->before.hot, 0);
	run_free(&r);
}

/* A key change re-plans reads through the table's indexes with the new key
 * at their end, as the catalog builds an index row (catalog/alter.c
 * append_key): under PRIMARY KEY (hash32(id), id) an index on tag ends
 * with the hash, so a read by tag ORDER BY id is no longer in key order,
 * and Lindorm sorts nothing (KP110). Before 766f825, the judge planned it
 * on the index's old suffix, recommended the hash prefix with "served
 * 23000 -> 23000" and no change named, and the read was refused once
 * applied. Since advisor/keeporder.c the hash comes with the index made
 * again as (tag, id), the old key written out, which reads in order on
 * the hashed key (E73 of designs12.md, the designer's fix): the pair is
 * recommended as one change, no read worse, and it is a fixpoint. A
 * UNIQUE index keeps its key (a rebuild as (tag, id) would make the pair
 * unique, not the tag): there the hash stays an alternative that names
 * the read it breaks. */
static void test_key_change_replans_index_suffix(void)
{
	const char *schema = "-- rows: 30000000\n-- distribution: id monotonic\n-- distinct: tag 2000000\n"
	                     "CREATE TABLE tx (id BIGINT NOT NULL, tag VARCHAR(20), started TIMESTAMP, amount BIGINT, "
	                     "PRIMARY KEY (id));\n"
	                     "CREATE INDEX idx_tx_tag ON tx (tag) INCLUDE (started, amount);\n";
	const char *w = "-- weight: 5000\nUPSERT INTO tx (id, tag, started) VALUES (?, ?, ?);\n"
	                "-- weight: 5000\nUPSERT INTO tx (id, amount) VALUES (?, ?);\n"
	                "-- weight: 20000\nSELECT tag, started FROM tx WHERE id = ?;\n"
	                "-- weight: 3000\nSELECT id, started, amount FROM tx WHERE tag = ? ORDER BY id DESC LIMIT 20;\n";
	run r;
	run_w(&r, schema, w, KP_TARGET_LINDORM);
	CU_ASSERT_STRING_EQUAL(recommended(&r, "tx"), "hash_prefix [hash32(id)][id]; rebuild_index [tag][id]");
	const kp_advice *h = recommended_kind(&r, "tx", "hash_prefix");
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_PTR_NOT_NULL(strstr(h->message, "made again with it, so the reads ordered through it stay in order "
	                                          "(the next advice): idx_tx_tag as (tag, id); served 23000 -> 23000 "
	                                          "of 23000 weight"));
	const kp_advice *b = recommended_kind(&r, "tx", "rebuild_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_PTR_EQUAL(h->with, b);
	CU_ASSERT_STRING_EQUAL(b->ddl, "DROP INDEX idx_tx_tag ON tx; CREATE INDEX idx_tx_tag ON tx (tag, id) "
	                               "INCLUDE (started, amount)");
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, "the reads through it ordered by id (w.sql:8 (weight 3000)) would "
	                                          "need a sort (lindorm sorts nothing)"));
	const kp_table_review *v = review_of(&r, "tx");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_STRING_EQUAL(v->indexes, "idx_tx_tag rebuilt (#2)");
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
	CU_ASSERT_EQUAL(v->changes.n, 0);   /* the read stays a SCAN read backwards */
	expect_nothing_worse(&r, "tx");
	expect_fixpoint_text(&r, schema, w, KP_TARGET_LINDORM, "tx");
	run_free(&r);
	/* a UNIQUE index keeps its key: the hash alone, which names the read */
	const char *unique = "-- rows: 30000000\n-- distribution: id monotonic\n-- distinct: tag 2000000\n"
	                     "CREATE TABLE tx (id BIGINT NOT NULL, tag VARCHAR(20), started TIMESTAMP, amount BIGINT, "
	                     "PRIMARY KEY (id));\n"
	                     "CREATE UNIQUE INDEX idx_tx_tag ON tx (tag) INCLUDE (started, amount);\n";
	run_w(&r, unique, w, KP_TARGET_LINDORM);
	CU_ASSERT_STRING_EQUAL(recommended(&r, "tx"), "");
	const kp_advice *x = alternative(&r, "tx", "hash_prefix", "[hash32(id)][id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_PTR_NULL(x->with);
	CU_ASSERT_PTR_NOT_NULL_FATAL(x->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->trades, "makes worse: w.sql:8 SCAN -> REJECTED SCAN (weight 3000)"));
	run_free(&r);
}

/* A counter that names one entity leads a Tablestore key of four columns
 * (the store's limit), and every statement binds it by =: an order number
 * from a sequence, its lines after it. Tablestore partitions by the first
 * key column ("data with the same partition key value cannot be split
 * further"), so a hash of the counter alone spreads only where a value
 * holds few rows: here 8 a value (-- rows: over -- distinct:), each order
 * written as a burst of its lines, the next order's hash elsewhere. The
 * hash merged into the first column keeps every read one range and
 * spreads the writes; a bucket of another key column (the line number,
 * which the order's read does not bind) would make that read 16 scans
 * merged for nothing (E89's analysis, tests/advisor/designs14.md). */
static const char counter_lead_schema[] =
	"-- rows: 800000000\n-- distinct: order_no 100000000\n-- distribution: order_no monotonic\n"
	"CREATE TABLE order_line (order_no VARCHAR(20) NOT NULL, line_no BIGINT NOT NULL, sku VARCHAR(20) NOT NULL, "
	"seq BIGINT NOT NULL, qty BIGINT, PRIMARY KEY (order_no, line_no, sku, seq));";
static const char counter_lead_workload[] =
	"-- weight: 40000\nINSERT INTO order_line (order_no, line_no, sku, seq, qty) VALUES (?, ?, ?, ?, ?);\n"
	"-- weight: 30000\nSELECT line_no, sku, seq, qty FROM order_line WHERE order_no = ?;\n"
	"-- weight: 60000\nUPDATE order_line SET qty = ? WHERE order_no = ? AND line_no = ? AND sku = ? AND seq = ?;\n";

static void test_hash_of_the_counter_every_statement_binds(void)
{
	const char *schema[] = {counter_lead_schema};
	run r;
	run_w(&r, counter_lead_schema, counter_lead_workload, KP_TARGET_TABLESTORE);
	expect_recommended(&r, "order_line", "hash_prefix [md5(order_no).substr(0,4) + order_no][line_no][sku][seq]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "order_line", 7), "");
	const kp_table_review *v = review_of(&r, "order_line");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL(v->after.hot, 0);
	/* the bucket of the line number stays an alternative, below */
	CU_ASSERT_PTR_NOT_NULL(alternative(&r, "order_line", "salt_buckets", "[bucket + order_no][line_no][sku][seq]"));
	/* applied, the statements bind the merged column, as the advice says */
	expect_fixpoint(&r, schema, 1,
	                "-- weight: 40000\nINSERT INTO order_line (order_no_key, order_no, line_no, sku, seq, qty) "
	                "VALUES (?, ?, ?, ?, ?, ?);\n"
	                "-- weight: 30000\nSELECT line_no, sku, seq, qty FROM order_line WHERE order_no_key = ?;\n"
	                "-- weight: 60000\nUPDATE order_line SET qty = ? WHERE order_no_key = ? AND line_no = ? AND "
	                "sku = ? AND seq = ?;\n",
	                KP_TARGET_TABLESTORE, "order_line");
	run_free(&r);
}

/* The near miss: a counter whose values each hold many rows (a slot every
 * writer shares: 8,000 rows a value) keeps its partition key value hot
 * under a hash of it alone, which is not proposed (E71's md5(slot) +
 * slot): the spread comes from a later key column. */
static void test_no_hash_of_a_counter_whose_values_hold_many_rows(void)
{
	static const char schema[] =
		"-- rows: 800000000\n-- distinct: order_no 100000\n-- distribution: order_no monotonic\n"
		"CREATE TABLE order_line (order_no VARCHAR(20) NOT NULL, line_no BIGINT NOT NULL, sku VARCHAR(20) NOT "
		"NULL, seq BIGINT NOT NULL, qty BIGINT, PRIMARY KEY (order_no, line_no, sku, seq));";
	run r;
	run_w(&r, schema, counter_lead_workload, KP_TARGET_TABLESTORE);
	CU_ASSERT_EQUAL(count_kind(&r, "hash_prefix"), 0);
	run_free(&r);
}

/* A key change and the index it still needs, judged together (E104's
 * import_row in tests/advisor/designs17.md, its outcome write left out so
 * that row_state is set only by the create). The monotonic import_no is
 * spread by a hash prefix (the hotspot first), and the error page is served
 * by the hash-led index table [hash32(import_no)][import_no][row_state]: on the
 * hashed key that index was made again without row_state (rekeyed took its
 * nuser columns, which do not count its own hash part), so it read what
 * the key reads and never paid; the hash was recommended alone and the
 * index table came as a second migration. Now both, in one. The share of
 * the failed rows is stated (1%): without it the index table pays only on
 * the default share of a filter of few values and is held back
 * (test_few_valued_filter_default_holds_the_index_table_back). */
static void test_spread_key_taken_with_the_index_table_it_needs(void)
{
	run r;
	run_w(&r,
	      "-- rows: 50000000\n-- distribution: import_no monotonic\n-- distribution: row_state 'FAILED' 1%\n"
	      "CREATE TABLE import_row (import_no BIGINT NOT NULL, row_no INTEGER NOT NULL, workspace_id VARCHAR(36), "
	      "raw_line VARCHAR(4000), row_state VARCHAR(16), error_message VARCHAR(500), person_id VARCHAR(36), "
	      "PRIMARY KEY (import_no, row_no));\n",
	      "-- weight: 12000\n"
	      "UPSERT INTO import_row (import_no, row_no, workspace_id, raw_line, row_state) VALUES (?, ?, ?, ?, ?);\n"
	      "-- weight: 800\n"
	      "SELECT row_no, raw_line, error_message FROM import_row WHERE import_no = ? AND row_state = 'FAILED' "
	      "LIMIT 100;\n",
	      KP_TARGET_LINDORM);
	expect_recommended(&r, "import_row",
	                   "hash_prefix [hash32(import_no)][import_no][row_no]; index_table "
	                   "[hash32(import_no)][import_no][row_state][row_no]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "import_row", 4), "FILTERED SCAN -> SCAN");
	const kp_table_review *v = review_of(&r, "import_row");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->after.read, 80000, 1e-6);   /* 800 x 100 rows: the index's LIMIT */
	run_free(&r);
}

/* E104's import rows, the workload of the test above, no share of
 * 'FAILED' stated: the hash spreads the import
 * and the error page's index table, which saves the page only at the
 * default share of row_state = 'FAILED' (a column of few values by its
 * name), is an alternative naming the annotation that decides it */
static void test_few_valued_filter_default_holds_the_index_table_back(void)
{
	run r;
	run_w(&r,
	      "-- rows: 50000000\n-- distribution: import_no monotonic\n"
	      "CREATE TABLE import_row (import_no BIGINT NOT NULL, row_no INTEGER NOT NULL, workspace_id VARCHAR(36), "
	      "raw_line VARCHAR(4000), row_state VARCHAR(16), error_message VARCHAR(500), person_id VARCHAR(36), "
	      "PRIMARY KEY (import_no, row_no));\n",
	      "-- weight: 12000\n"
	      "UPSERT INTO import_row (import_no, row_no, workspace_id, raw_line, row_state) VALUES (?, ?, ?, ?, ?);\n"
	      "-- weight: 800\n"
	      "SELECT row_no, raw_line, error_message FROM import_row WHERE import_no = ? AND row_state = 'FAILED' "
	      "LIMIT 100;\n",
	      KP_TARGET_LINDORM);
	expect_recommended(&r, "import_row", "hash_prefix [hash32(import_no)][import_no][row_no]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "import_row", 4), "");
	run_free(&r);
}

/* A hash of a skewed column spreads its values, not the rows of one value
 * (E110 in tests/advisor/designs18.md): with project_id zipfian over 2
 * million values, the largest holds 6.18% of the rows, and every one of
 * them has one hash32(project_id), so received_at after it puts them on
 * one insertion point. A table keyed so stays hot (KP101, on one region
 * 6176 of 100,000 weighted writes: the share counted once, not squared by
 * the hash and the column), and the index table that keeps the project's
 * newest events served beside the re-key is bucketed by the row key, which
 * varies within the project, not hashed by project_id. */
static void test_hash_of_a_skewed_column_keeps_its_hot_value(void)
{
	static const char notes[] = "-- rows: 20000000000\n-- distinct: project_id 2000000\n"
	                            "-- distribution: project_id zipfian\n";
	static const char cols[] = "(project_id BIGINT NOT NULL, received_at TIMESTAMP NOT NULL, event_id VARCHAR(32) "
	                           "NOT NULL, group_id BIGINT, message VARCHAR(1000), ";
	static const char w[] = "-- weight: 100000\n"
	                        "UPSERT INTO ev (project_id, received_at, event_id, group_id, message) VALUES (?, ?, ?, ?, ?);\n"
	                        "-- weight: 8000\n"
	                        "SELECT received_at, group_id, message FROM ev WHERE project_id = ? AND event_id = ?;\n"
	                        "-- weight: 1000\n"
	                        "SELECT received_at, event_id, message FROM ev WHERE project_id = ? ORDER BY received_at "
	                        "DESC LIMIT 100;\n";
	char schema[1024];
	run r;
	snprintf(schema, sizeof schema, "%sCREATE TABLE ev %sPRIMARY KEY (hash32(project_id), project_id, received_at, "
	         "event_id));\n", notes, cols);
	run_w(&r, schema, w, KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_HOT_MONOTONIC, "key column 'received_at' of ev follows a hash that does "
	                                "not split a value's rows: received_at grows monotonically (a time column by its "
	                                "type) after a hash of project_id (one hash a value: a value's rows share it), "
	                                "project_id (2000000 values as annotated, -- distinct: project_id, zipfian as "
	                                "annotated: its largest value holds 6.18% of the rows)"), 1);
	const kp_table_review *v = review_of(&r, "ev");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 6176, 1);
	run_free(&r);
	/* the table keyed by project then time: the re-key to the event id,
	 * with the feed's index table bucketed, not hashed by project_id */
	snprintf(schema, sizeof schema, "%sCREATE TABLE ev %sPRIMARY KEY (project_id, received_at, event_id));\n", notes,
	         cols);
	run_w(&r, schema, w, KP_TARGET_LINDORM);
	expect_recommended(&r, "ev", "reorder_key [event_id][project_id][received_at]; index_table "
	                             "[bucket + project_id][received_at][event_id]");
	CU_ASSERT_PTR_NULL(alternative(&r, "ev", "index_table", "[hash32(project_id)][project_id][received_at][event_id]"));
	v = review_of(&r, "ev");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 6176, 1);
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-6);
	run_free(&r);
}

/* A FILTERED SCAN scans its key range, then filters: Tablestore's scan
 * limit (100,000 rows scanned by one SQL scan, docs/targets.md) fails a
 * read whose bound prefix holds more rows, whatever share its filter keeps
 * (here a window of ts, a filter under [device_id][sensor][ts]). With
 * 1,000 devices in 1e9 stated rows a device holds 1e6: the read fails
 * today, counts as refused, and the index that makes it a SCAN is taken on
 * the default range share. With 100,000 devices (10,000 rows a device) it
 * runs, and the index stays an alternative held back by the bracket. */
static void test_filtered_scan_past_the_scan_limit_fails(void)
{
	static const char schema[] = "-- rows: 1000000000\n"
	                             "-- distinct: device_id %s\n"
	                             "CREATE TABLE reading (device_id VARCHAR(32) NOT NULL, sensor VARCHAR(32) NOT NULL, ts "
	                             "BIGINT NOT NULL, v DOUBLE, PRIMARY KEY (device_id, sensor, ts));\n";
	static const char w[] = "-- weight: 1000\n"
	                        "INSERT INTO reading (device_id, sensor, ts, v) VALUES (?, ?, ?, ?);\n"
	                        "-- weight: 500\n"
	                        "SELECT ts, v FROM reading WHERE device_id = ? AND sensor = ? AND ts >= ?;\n"
	                        "-- weight: 200\n"
	                        "SELECT sensor, ts, v FROM reading WHERE device_id = ? AND ts >= ? AND ts < ?;\n";
	char s[512];
	run r;
	snprintf(s, sizeof s, schema, "1000");
	run_w(&r, s, w, KP_TARGET_TABLESTORE);
	expect_recommended(&r, "reading", "secondary_index [device_id][ts][sensor]");
	const kp_table_review *v = review_of(&r, "reading");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.refused, 200, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->after.refused, 0, 1e-6);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "reading", 6), "FILTERED SCAN -> SCAN");
	run_free(&r);
	/* the same read on another store runs it, however many rows it scans */
	run_w(&r, s, w, KP_TARGET_LINDORM);
	v = review_of(&r, "reading");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.refused, 0, 1e-6);
	run_free(&r);
	/* near miss: 10,000 rows a device, under the limit */
	snprintf(s, sizeof s, schema, "100000");
	run_w(&r, s, w, KP_TARGET_TABLESTORE);
	expect_recommended(&r, "reading", "");
	v = review_of(&r, "reading");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.refused, 0, 1e-6);
	run_free(&r);
	/* near miss: a range on the key (sensor, next to the device), its
	 * share a default: how many of the device's 1e8 rows it scans is not
	 * known (a tenth of the default share, 1%, would still be 1e6) */
	snprintf(s, sizeof s, schema, "10");
	run_w(&r, s, "-- weight: 200\nSELECT sensor, ts, v FROM reading WHERE device_id = ? AND sensor >= ? AND v > 3;\n",
	      KP_TARGET_TABLESTORE);
	v = review_of(&r, "reading");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.refused, 0, 1e-6);
	run_free(&r);
}

/* A time-led index whose only reader a new index serves better (E95's
 * review_by_date, designs15.md): the index is a write hotspot, so a
 * rebuild with a bucket is a candidate, and the greedy search takes it
 * before the new index takes the read. Judged again once the new index is
 * in, the rebuilt index serves nothing: its drop in its place is the
 * recommendation (fewer rows a write, no second migration), and applied,
 * the design stands. */
static const char time_index_schema[] =
	"-- rows: 600000000\n-- distinct: author_id 150000000\n"
	"CREATE TABLE note (board_id BIGINT NOT NULL, note_id BIGINT NOT NULL AUTO_INCREMENT, author_id BIGINT, "
	"note_date BIGINT, body VARCHAR(2000), PRIMARY KEY (board_id, note_id));\n"
	"CREATE INDEX note_by_date ON note (note_date);";
static const char time_index_workload[] =
	"-- weight: 40000\nSELECT note_id, body FROM note WHERE board_id = ? ORDER BY note_id DESC LIMIT 24;\n"
	"-- weight: 6000\nSELECT board_id, note_id, note_date, body FROM note WHERE author_id = ? "
	"ORDER BY note_date DESC LIMIT 20;\n"
	"-- weight: 4500\nINSERT INTO note (board_id, author_id, note_date, body) VALUES (?, ?, ?, ?);\n";

static void test_rebuilt_index_the_new_index_leaves_unread_is_dropped(void)
{
	run r;
	run_w(&r, time_index_schema, time_index_workload, KP_TARGET_TABLESTORE);
	expect_recommended(&r, "note", "drop_index [note_date][board_id][note_id]; secondary_index "
	                               "[author_id][note_date][board_id][note_id]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "note", 4), "full scan -> SCAN");
	const kp_table_review *v = review_of(&r, "note");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 2);
	expect_nothing_worse(&r, "note");
	run_free(&r);
	/* applied: the drop and the new index; the design stands */
	expect_stands("-- rows: 600000000\n-- distinct: author_id 150000000\n"
	              "CREATE TABLE note (board_id BIGINT NOT NULL, note_id BIGINT NOT NULL AUTO_INCREMENT, author_id "
	              "BIGINT, note_date BIGINT, body VARCHAR(2000), PRIMARY KEY (board_id, note_id));\n"
	              "CREATE INDEX idx_note_author_id_note_date ON note (author_id, note_date) INCLUDE (body);",
	              time_index_workload, KP_TARGET_TABLESTORE, "note");
}

/* A key column is immutable in these stores (HBase's reference guide: a
 * row key changes only by a delete and a new put): a write that sets a
 * column on a row that exists writes a second row once that column is in
 * the key (E103's repayment schedule, designs17.md: the repayment UPSERT
 * sets completed_derived of the installment the disbursement wrote). A
 * ticket created OPEN and closed by a second UPSERT of the same key: the
 * open-tickets read binds state, but no key (the table's, an index
 * table's) takes it; the store's secondary index, whose row the store
 * moves, serves the read. The near miss: the close writes closed_at
 * only, state never changes, and the index table keyed by it is no
 * longer held back. */
static const char ticket_schema[] =
	"-- rows: 100000000\n-- distinct: queue_id 1000\n"
	"CREATE TABLE ticket (queue_id BIGINT NOT NULL, ticket_id BIGINT NOT NULL, state VARCHAR(8), "
	"opened_at BIGINT, closed_at BIGINT, PRIMARY KEY (queue_id, ticket_id));";

static void test_no_key_column_a_write_changes(void)
{
	static const char *held = "not recommended: w.sql:6 sets state on a row that exists, and a key column changes "
	                          "only by a delete and a new write: with state in the ";
	run r;
	run_w(&r, ticket_schema,
	      "-- weight: 50000\nSELECT ticket_id, opened_at FROM ticket WHERE queue_id = ? AND state = 'OPEN';\n"
	      "-- weight: 1000\nUPSERT INTO ticket (queue_id, ticket_id, state, opened_at) VALUES (?, ?, 'OPEN', ?);\n"
	      "-- weight: 1500\nUPSERT INTO ticket (queue_id, ticket_id, state, closed_at) VALUES (?, ?, 'CLOSED', ?);\n",
	      KP_TARGET_LINDORM);
	expect_recommended(&r, "ticket", "secondary_index [queue_id][state][ticket_id]");
	const kp_advice *k = alternative(&r, "ticket", "reorder_key", "[queue_id][state][ticket_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_PTR_NOT_NULL_FATAL(k->trades);
	CU_ASSERT_EQUAL(strncmp(k->trades, held, strlen(held)), 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->trades, "with state in the table's key, that write would leave the old row in "
	                                         "place and write a second one; "));
	const kp_advice *x = alternative(&r, "ticket", "index_table", "[queue_id][state][ticket_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_PTR_NOT_NULL_FATAL(x->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->trades, "with state in the index table's key, that write"));
	run_free(&r);
	/* the near miss: the close sets closed_at, not state */
	run_w(&r, ticket_schema,
	      "-- weight: 50000\nSELECT ticket_id, opened_at FROM ticket WHERE queue_id = ? AND state = 'OPEN';\n"
	      "-- weight: 1000\nUPSERT INTO ticket (queue_id, ticket_id, state, opened_at) VALUES (?, ?, 'OPEN', ?);\n"
	      "-- weight: 1000\nUPSERT INTO ticket (queue_id, ticket_id, closed_at) VALUES (?, ?, ?);\n",
	      KP_TARGET_LINDORM);
	x = alternative(&r, "ticket", "index_table", "[queue_id][state][ticket_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_PTR_NOT_NULL_FATAL(x->trades);
	CU_ASSERT_PTR_NULL(strstr(x->trades, "on a row that exists"));
	/* its index rests on the default rows a value of state, and paid at
	 * the bracket's upper end too: the words say that is why it is
	 * recommended, not that a count would settle whether it pays
	 * (designs17.md, E104 and E108) */
	expect_recommended(&r, "ticket", "secondary_index [queue_id][state][ticket_id]");
	const kp_table_review *v = review_of(&r, "ticket");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_STRING_EQUAL(v->assumes, "it rests on defaults, not on counts stated: 1000000 rows a value (1% of the "
	                                   "rows) of state (no -- distinct:); it pays with them and with 10 times as many "
	                                   "rows a value (the upper end of their bracket, docs/advice.md), so it is "
	                                   "recommended; state them ('-- distinct: COLUMN N', docs/annotations.md) for "
	                                   "its figures");
	run_free(&r);
}

/* Two writes of one row that give the column the same parameter (E62's
 * account_id, written again by each execution report) change no key
 * column: the reorder onto it stays recommended. */
static void test_a_parameter_written_back_changes_no_key(void)
{
	run r;
	run_w(&r, ticket_schema,
	      "-- weight: 50000\nSELECT ticket_id, opened_at FROM ticket WHERE queue_id = ? AND state = ?;\n"
	      "-- weight: 1000\nUPSERT INTO ticket (queue_id, ticket_id, state, opened_at) VALUES (?, ?, ?, ?);\n"
	      "-- weight: 1000\nUPSERT INTO ticket (queue_id, ticket_id, state, closed_at) VALUES (?, ?, ?, ?);\n",
	      KP_TARGET_LINDORM);
	const kp_advice *x = alternative(&r, "ticket", "index_table", "[queue_id][state][ticket_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_PTR_NOT_NULL_FATAL(x->trades);
	CU_ASSERT_PTR_NULL(strstr(x->trades, "on a row that exists"));
	run_free(&r);
}

/* An UPSERT of some columns of a row another write created (E75's status
 * UPSERT, designs12.md) moves the index row keyed by the column it
 * changes, as an UPDATE's does: the cost counts that move and the words
 * say it; the create, which gives the state the row is created in
 * ('OPEN', a constant, where the close gives a parameter), writes the
 * row and is not said to move one. */
static void test_a_partial_upsert_moves_the_index_row_and_the_create_writes(void)
{
	run r;
	run_w(&r, ticket_schema,
	      "-- weight: 50000\nSELECT ticket_id, opened_at FROM ticket WHERE queue_id = ? AND state = 'OPEN';\n"
	      "-- weight: 1000\nUPSERT INTO ticket (queue_id, ticket_id, state, opened_at) VALUES (?, ?, 'OPEN', ?);\n"
	      "-- weight: 1500\nUPSERT INTO ticket (queue_id, ticket_id, state, closed_at) VALUES (?, ?, ?, ?);\n",
	      KP_TARGET_LINDORM);
	expect_recommended(&r, "ticket", "secondary_index [queue_id][state][ticket_id]");
	const kp_table_review *v = review_of(&r, "ticket");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	/* 1000 creates writing 2 rows, 1500 closes writing 2 and moving 1 */
	CU_ASSERT_DOUBLE_EQUAL(v->before.written, 2500, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v->after.written, 1000 * 2 + 1500 * 3, 1e-9);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v->write_cost);
	CU_ASSERT_STRING_EQUAL(v->write_cost, "every UPSERT now writes 2 rows (1 now); each UPSERT setting state (w.sql:6, "
	                                      "weight 1500), a key column of 1 index (0 now), moves that index's row "
	                                      "when its row exists (the old deleted, the new written)");
	run_free(&r);
}

/* A bucket the writer splices into the key's first column (salt_buckets'
 * <c>_key: the bucket, then c's value) is bound only when a read binds the
 * bucket's columns and that column too: a read that binds the hashed
 * column alone cannot name the key column's value, and Lindorm refuses it
 * as `keyplan explain` refuses it on the advised DDL (KP001). A flow table
 * (RFC 7012's IPFIX fields, nfdump's layout: the router, then time) led
 * by 60 routers at 400,000 writes a second: the router's window stays
 * served as 16 reads; the rare read by source address is refused today
 * and still refused, priced as 0 rows either way, not as a full read the
 * salt makes run (designs19.md E116, "Why"). Expected: the salt. */
static void test_spliced_bucket_needs_the_column_it_is_spliced_into(void)
{
	const char *schema = "-- distinct: exporter_id 60\n-- distribution: flow_start monotonic\n"
	                     "-- range: flow_start 1/25920\n-- rows: 30000000000\n"
	                     "CREATE TABLE flow (exporter_id BIGINT NOT NULL, flow_start BIGINT NOT NULL, "
	                     "src_addr VARCHAR(39) NOT NULL, flow_id VARCHAR(64) NOT NULL, octets BIGINT, "
	                     "PRIMARY KEY (exporter_id, flow_start, src_addr, flow_id));";
	const char *w = "-- rate: 400000/s\n-- weight: 400000\n"
	                "UPSERT INTO flow (exporter_id, flow_start, src_addr, flow_id, octets) VALUES (?, ?, ?, ?, ?);\n"
	                "-- weight: 2000\n"
	                "SELECT src_addr, octets FROM flow WHERE exporter_id = ? AND flow_start >= ? AND flow_start < ?;\n"
	                "-- weight: 3\n"
	                "SELECT exporter_id, octets FROM flow WHERE src_addr = ? AND flow_start >= ? AND flow_start < ?;\n";
	run r;
	run_w(&r, schema, w, KP_TARGET_LINDORM);
	expect_recommended(&r, "flow", "salt_buckets [bucket + exporter_id][flow_start][src_addr][flow_id]");
	const kp_table_review *v = review_of(&r, "flow");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL(v->before.refused, 3);
	CU_ASSERT_EQUAL(v->after.refused, 3);
	CU_ASSERT_EQUAL(v->after.hot, 0);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "flow", 7), "");
	run_free(&r);
}

/* A router-then-time table one part past the limit of tg (exporter_id,
 * flow_start, then VARCHAR columns a1...), the router's window read 2000
 * times; with bound, a read that binds every one of them too, so that
 * none can be folded into another part. */
static const struct {
	kp_target target;
	int limit;
	const char *name;
} limit_tg[] = {{KP_TARGET_LINDORM, 5, "lindorm"}, {KP_TARGET_TABLESTORE, 4, "tablestore"}};

static void run_past_limit(run *r, size_t t, bool bound)
{
	static const char *const extra[] = {"a1", "a2", "a3", "a4", "a5"};
	kp_buf schema = {0}, w = {0}, key = {0}, cols = {0}, vals = {0}, eq = {0};
	for (int k = 0; k < limit_tg[t].limit - 1; k++) {
		kp_buf_printf(&key, ", %s", extra[k]);
		kp_buf_printf(&cols, ", %s", extra[k]);
		kp_buf_printf(&vals, ", ?");
		kp_buf_printf(&eq, " AND %s = ?", extra[k]);
	}
	kp_buf_printf(&schema, "-- distinct: exporter_id 60\n-- distribution: flow_start monotonic\n"
	                       "CREATE TABLE flow (exporter_id BIGINT NOT NULL, flow_start BIGINT NOT NULL");
	for (int k = 0; k < limit_tg[t].limit - 1; k++)
		kp_buf_printf(&schema, ", %s VARCHAR(16) NOT NULL", extra[k]);
	kp_buf_printf(&schema, ", octets BIGINT, PRIMARY KEY (exporter_id, flow_start%s));", key.data);
	kp_buf_printf(&w, "-- rate: 400000/s\n-- weight: 400000\n"
	                  "UPSERT INTO flow (exporter_id, flow_start%s, octets) VALUES (?, ?%s, ?);\n"
	                  "-- weight: 2000\n"
	                  "SELECT octets FROM flow WHERE exporter_id = ? AND flow_start >= ? AND flow_start < ?;\n",
	              cols.data, vals.data);
	if (bound)
		kp_buf_printf(&w, "-- weight: 10\nSELECT octets FROM flow WHERE exporter_id = ? AND flow_start = ?%s;\n",
		              eq.data);
	run_w(r, schema.data, w.data, limit_tg[t].target);
	kp_buf_free(&schema);
	kp_buf_free(&w);
	kp_buf_free(&key);
	kp_buf_free(&cols);
	kp_buf_free(&vals);
	kp_buf_free(&eq);
}

/* The parts a CREATE TABLE's PRIMARY KEY declares (depth-0 commas). */
static int ddl_parts(const char *ddl)
{
	const char *k = ddl ? strstr(ddl, "PRIMARY KEY (") : NULL;
	if (!k)
		return 0;
	int depth = 0, n = 1;
	for (const char *c = k + strlen("PRIMARY KEY ("); *c; c++) {
		if (*c == '(')
			depth++;
		else if (*c == ')' && depth-- == 0)
			return n;
		else if (*c == ',' && depth == 0)
			n++;
	}
	return 0;
}

/* A key change the advisor writes out keeps the target's key limit, also
 * when the table is past it already (designs19.md E116: seven key parts
 * on Lindorm, which takes five): a salt or re-key that keeps every part is
 * DDL the store refuses (KP110 on it), so it is held back, its trades
 * saying why and what to do first, where no key column can be folded
 * (a read binds each). On each target with a limit: a router-then-time
 * table one part past it. */
static void test_key_change_past_the_key_limit_is_held_back(void)
{
	for (size_t t = 0; t < sizeof limit_tg / sizeof *limit_tg; t++) {
		run r;
		run_past_limit(&r, t, true);
		CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_TARGET, "the key of flow has"), 1);
		char want[160];
		snprintf(want, sizeof want, "not recommended: the new key has %d parts and %s allows at most %d (KP110)",
		         limit_tg[t].limit + 1, limit_tg[t].name, limit_tg[t].limit);
		int held = 0;
		for (uint32_t i = 0; i < r.adv.advice.n; i++) {
			const kp_advice *x = r.adv.advice.items[i];
			if (strcmp(x->table->name, "flow") || !x->newkey || !x->ddl || strncmp(x->ddl, "CREATE TABLE", 12))
				continue;
			CU_ASSERT_FALSE(x->recommended && ddl_parts(x->ddl) > limit_tg[t].limit);
			held += x->trades && !strncmp(x->trades, want, strlen(want));
		}
		CU_ASSERT_TRUE(held > 0);
		run_free(&r);
	}
}

/* The same table where no statement binds the columns after flow_start:
 * the salt folds them into one part where the first stood (as
 * fewer_key_columns words it), so its DDL keeps the target's limit and
 * the router's window stays served as 16 reads; recommended (designs19.md
 * E116's five-part side run: the bucketed key is the required fix). */
static void test_key_past_the_key_limit_folds_unbound_columns(void)
{
	/* a1, the bucket's column, stays a part of its own */
	static const char *const keys[] = {"salt_buckets [bucket + exporter_id][flow_start][a1][a2 + a3 + a4]",
	                                   "salt_buckets [bucket + exporter_id][flow_start][a1][a2 + a3]"};
	static const char *const pks[] = {"flow_key VARCHAR(51) NOT NULL, exporter_id_key VARCHAR(23) NOT NULL, "
	                                  "PRIMARY KEY (exporter_id_key, flow_start, a1, flow_key))",
	                                  "flow_key VARCHAR(34) NOT NULL, exporter_id_key VARCHAR(23) NOT NULL, "
	                                  "PRIMARY KEY (exporter_id_key, flow_start, a1, flow_key))"};
	for (size_t t = 0; t < sizeof limit_tg / sizeof *limit_tg; t++) {
		run r;
		run_past_limit(&r, t, false);
		expect_recommended(&r, "flow", keys[t]);
		const kp_advice *x = NULL;
		for (uint32_t i = 0; i < r.adv.advice.n && !x; i++) {
			const kp_advice *y = r.adv.advice.items[i];
			if (!strcmp(y->table->name, "flow") && y->recommended && !strcmp(y->kind, "salt_buckets"))
				x = y;
		}
		CU_ASSERT_PTR_NOT_NULL_FATAL(x);
		CU_ASSERT_PTR_NOT_NULL_FATAL(x->ddl);
		CU_ASSERT_EQUAL(ddl_parts(x->ddl), 4);
		CU_ASSERT_PTR_NOT_NULL(strstr(x->ddl, pks[t]));
		CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "and by flow_key, the key columns no statement binds or orders by"));
		CU_ASSERT_PTR_NULL(x->trades ? strstr(x->trades, "not recommended") : NULL);
		const kp_table_review *v = review_of(&r, "flow");
		CU_ASSERT_PTR_NOT_NULL_FATAL(v);
		CU_ASSERT_EQUAL(v->after.hot, 0);
		CU_ASSERT_STRING_EQUAL(change_at(&r, "flow", 5), "");   /* the router's window, 16 reads */
		run_free(&r);
	}
}

/* A re-key of a table past the target's key parts folds the same way: a
 * sensor table led by time (every write on one point) and read by device
 * and time window, with four key columns after them no statement binds,
 * is re-keyed [device_id][ts][a1 + a2 + a3 + a4], three parts, its DDL
 * adding reading_key; the window stays a SCAN (fails before: the 6-part
 * re-key held back by KP110 on its DDL). */
static void test_rekey_past_the_key_limit_folds_unbound_columns(void)
{
	const char *schema = "-- distinct: device_id 1000000\n"
	                     "CREATE TABLE reading (ts BIGINT NOT NULL, device_id BIGINT NOT NULL, a1 VARCHAR(16) NOT NULL, "
	                     "a2 VARCHAR(16) NOT NULL, a3 VARCHAR(16) NOT NULL, a4 VARCHAR(16) NOT NULL, v BIGINT, "
	                     "PRIMARY KEY (ts, device_id, a1, a2, a3, a4));";
	const char *w = "-- weight: 10000\n"
	                "UPSERT INTO reading (ts, device_id, a1, a2, a3, a4, v) VALUES (?, ?, ?, ?, ?, ?, ?);\n"
	                "-- weight: 5000\nSELECT v FROM reading WHERE device_id = ? AND ts >= ? AND ts < ?;\n";
	for (size_t t = 0; t < sizeof limit_tg / sizeof *limit_tg; t++) {
		run r;
		run_w(&r, schema, w, limit_tg[t].target);
		expect_recommended(&r, "reading", "reorder_key [device_id][ts][a1 + a2 + a3 + a4]");
		const kp_advice *x = NULL;
		for (uint32_t i = 0; i < r.adv.advice.n && !x; i++) {
			const kp_advice *y = r.adv.advice.items[i];
			if (!strcmp(y->table->name, "reading") && y->recommended && !strcmp(y->kind, "reorder_key"))
				x = y;
		}
		CU_ASSERT_PTR_NOT_NULL_FATAL(x);
		CU_ASSERT_PTR_NOT_NULL_FATAL(x->ddl);
		CU_ASSERT_PTR_NOT_NULL(strstr(x->ddl, "reading_key VARCHAR(68) NOT NULL, PRIMARY KEY (device_id, ts, reading_key))"));
		char want[320];
		snprintf(want, sizeof want, "the key columns no statement binds or orders by (a1, a2, a3, a4) concatenated "
		         "into reading_key (zero-padded, with a separator below every value character) in place of them, "
		         "so the key keeps 3, within the %d %s allows", limit_tg[t].limit, limit_tg[t].name);
		CU_ASSERT_PTR_NOT_NULL(strstr(x->message, want));
		CU_ASSERT_STRING_EQUAL(change_at(&r, "reading", 4), "FILTERED SCAN -> SCAN");
		run_free(&r);
	}
}

/* docs/advice.md, "Small filtered reads" (E120 in tests/advisor/designs19.md
 * against E84 in designs13.md): on Tablestore an index (a, c) whose one read
 * binds a and c becomes, dropped, a FILTERED SCAN of one a's 200 stated
 * rows. Written ten times as often as it is read, it is dropped; read twice
 * as often as it is written, it is kept. */
static void test_index_dropped_for_a_small_filtered_read_when_writes_outweigh_reads(void)
{
	const char *schema = "-- rows: 1000000\n-- distinct: a 5000\n"
	                     "CREATE TABLE t (a VARCHAR(16) NOT NULL, b BIGINT NOT NULL, c VARCHAR(8), d VARCHAR(64), "
	                     "PRIMARY KEY (a, b));\nCREATE INDEX t_by_c ON t (a, c);\n";
	const char *fmt = "-- weight: 10000\nINSERT INTO t (a, b, c, d) VALUES (?, ?, ?, ?);\n"
	                  "-- weight: %d\nSELECT b, d FROM t WHERE a = ? AND c = ?;\n";
	char w[256];
	snprintf(w, sizeof w, fmt, 1000);
	run r;
	run_w(&r, schema, w, KP_TARGET_TABLESTORE);
	expect_recommended(&r, "t", "drop_index [a][c][b]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "t", 4), "SCAN -> FILTERED SCAN");
	run_free(&r);
	snprintf(w, sizeof w, fmt, 20000);
	run_w(&r, schema, w, KP_TARGET_TABLESTORE);
	expect_recommended(&r, "t", "");
	expect_kept(&r, "t", "t_by_c");
	run_free(&r);
}

/* Rows on one region (docs/advice.md, "Write concentration"): a write
 * counts on an index's busiest point only where it writes that index's
 * row there. A pull index led by the modification time takes the
 * creates and the changes that set the time, not the acknowledgement
 * that sets a column it neither keys nor covers (E130: 2,000 rows a
 * second, not 4,000). */
static void test_a_write_counts_on_the_copies_it_writes(void)
{
	static const char *const schema =
		"CREATE TABLE parcel (depot VARCHAR(8) NOT NULL, parcel_id VARCHAR(20) NOT NULL, state VARCHAR(12),\n"
		"  weight_g INTEGER, changed_at BIGINT, scanned_at BIGINT, CONSTRAINT pk PRIMARY KEY (depot, parcel_id));\n"
		"CREATE INDEX parcel_by_changed ON parcel (changed_at) INCLUDE (state);\n";
	static const char *const workload =
		"-- rate: 1500/s\n-- weight: 15000\n"
		"UPSERT INTO parcel (depot, parcel_id, state, weight_g, changed_at, scanned_at) VALUES (?, ?, 'IN', ?, ?, ?);\n"
		"-- rate: 500/s\n-- weight: 5000\n"
		"UPSERT INTO parcel (depot, parcel_id, state, changed_at) VALUES (?, ?, ?, ?);\n"
		"-- rate: 2000/s\n-- weight: 20000\n"
		"UPSERT INTO parcel (depot, parcel_id, scanned_at) VALUES (?, ?, ?);\n"
		"-- weight: 30000\n"
		"SELECT parcel_id, state FROM parcel WHERE depot = ? AND parcel_id = ?;\n";
	run r;
	run_w(&r, schema, workload, KP_TARGET_PHOENIX);
	const kp_table_review *v = review_of(&r, "PARCEL");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_TRUE(v->before.by_rate);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 20000, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot_rate, 2000, 1e-9);
	run_free(&r);
}

/* A queue's deletes at its head are not at its tail: a key led by a
 * growing slot, 50 million rows deep, takes its inserts at the newest
 * slot and its deletes (by the slot a reader of the head found) on
 * another region (E131: 4,000 rows a second, not 8,000). Of unstated
 * rows the queue may drain as fast as it fills: both counted (E26). */
static void test_a_queue_delete_at_its_head_is_not_at_its_tail(void)
{
	static const char *const rows = "-- rows: 50000000\n";
	static const char *const schema =
		"-- distribution: slot monotonic\n"
		"CREATE TABLE redelivery (slot BIGINT NOT NULL, msg_id VARCHAR(32) NOT NULL, body VARCHAR(2000),\n"
		"  PRIMARY KEY (slot, msg_id));\n";
	static const char *const workload =
		"-- rate: 3000/s\n-- weight: 3000\n"
		"INSERT INTO redelivery (slot, msg_id, body) VALUES (?, ?, ?);\n"
		"-- weight: 300\n"
		"SELECT slot, msg_id, body FROM redelivery WHERE slot >= ? AND slot < ? LIMIT 1000;\n"
		"-- rate: 3000/s\n-- weight: 3000\n"
		"DELETE FROM redelivery WHERE slot = ? AND msg_id = ?;\n";
	char both[512];
	snprintf(both, sizeof both, "%s%s", rows, schema);
	run r;
	run_w(&r, both, workload, KP_TARGET_TABLESTORE);
	const kp_table_review *v = review_of(&r, "redelivery");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_TRUE(v->before.by_rate);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 3000, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot_rate, 3000, 1e-9);
	run_free(&r);
	/* the same queue of unstated rows */
	run_w(&r, schema, workload, KP_TARGET_TABLESTORE);
	v = review_of(&r, "redelivery");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 6000, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot_rate, 6000, 1e-9);
	run_free(&r);
}

/* An index whose lead rises, rebuilt led by a bucket (index_keep.c): the
 * bucket hashes what its heaviest read binds by =, here job_id (monotonic
 * and many-valued: its hash spreads the inserts over the 16 buckets), so
 * that read computes its bucket and is one read, in the index's order.
 * Before, the bucket hashed the table's key (id): the read ordered by
 * step was 16 reads merged in no order, refused on Lindorm (KP110), and
 * the index was dropped instead of rebuilt (E121 in
 * tests/advisor/designs20.md: the pipeline graph made 16 reads). */
static void test_rebuilt_index_bucket_the_read_computes(void)
{
	const char *schema = "-- rows: 500000000\n-- distribution: id monotonic\n-- distinct: job_id 50000000\n"
	                     "-- distribution: job_id monotonic\n"
	                     "CREATE TABLE run (id BIGINT NOT NULL, job_id BIGINT, step INTEGER, status VARCHAR(16), "
	                     "note VARCHAR(255), PRIMARY KEY (id));\n"
	                     "CREATE INDEX run_by_job ON run (job_id, step) INCLUDE (status);\n";
	const char *w = "-- rate: 3000/s\n-- weight: 3000\nUPSERT INTO run (id, job_id, step, status, note) VALUES (?, ?, "
	                "?, ?, ?);\n"
	                "-- weight: 20000\nSELECT note FROM run WHERE id = ?;\n"
	                "-- weight: 10000\nSELECT step, status FROM run WHERE job_id = ? ORDER BY step LIMIT 5;\n";
	run r;
	run_w(&r, schema, w, KP_TARGET_LINDORM);
	const kp_advice *b = recommended_kind(&r, "run", "rebuild_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_STRING_EQUAL(b->key, "[run_by_job_bucket][job_id][step][id]");
	CU_ASSERT_EQUAL(b->bucket_by, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, "made again led by run_by_job_bucket = hash(job_id) % 16, a column of "
	                                          "run the writer fills on every insert from the job_id it writes"));
	CU_ASSERT_PTR_NOT_NULL(strstr(b->message, "a read that binds job_id computes its bucket, one read as today"));
	CU_ASSERT_PTR_NULL(strstr(b->message, "hash(id)"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(b->ddl);
	CU_ASSERT_PTR_NOT_NULL(strstr(b->ddl, "ALTER TABLE run ADD COLUMN run_by_job_bucket INT; DROP INDEX run_by_job ON "
	                                      "run; CREATE INDEX run_by_job ON run (run_by_job_bucket, job_id, step) "
	                                      "INCLUDE (status)"));
	expect_no_recommended_kind(&r, "run", "drop_index");
	const kp_table_review *v = review_of(&r, "run");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_STRING_EQUAL(v->indexes, "run_by_job rebuilt (#1)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "run", 7), ""); /* the ordered read: a SCAN in order as before */
	expect_nothing_worse(&r, "run");
	run_free(&r);
}

KPT_SUITE("judge_scenarios", NULL, NULL,
	{"scenario: OpenTSDB's tsdb design stands", test_scenario_opentsdb_design_stands},
	{"scenario: HBase time series keyed by time first is reordered", test_scenario_hbase_timeseries_reorder},
	{"scenario: KillrVideo's videos by user, newest first", test_scenario_killrvideo_videos_by_user},
	{"scenario: Tablestore IM timeline stands", test_scenario_tablestore_im_timeline},
	{"scenario: a URL shortener stands", test_scenario_url_shortener_design_stands},
	{"scenario: TAO association lists newest first", test_scenario_tao_association_list},
	{"ROW_TIMESTAMP kept by a reorder, never computed by the writer",
	 test_row_timestamp_kept_and_never_computed_by_the_writer},
	{"a salted table's time lead is no hotspot to reorder away", test_salted_time_lead_is_no_hotspot_to_reorder},
	{"a key change re-plans reads through an index on its new key", test_key_change_replans_index_suffix},
	{"a hash of the counter every statement binds spreads a Tablestore key of four columns",
	 test_hash_of_the_counter_every_statement_binds},
	{"no hash of a counter whose values each hold many rows", test_no_hash_of_a_counter_whose_values_hold_many_rows},
	{"no key column a write of the workload changes (E103)", test_no_key_column_a_write_changes},
	{"a parameter written back changes no key column", test_a_parameter_written_back_changes_no_key},
	{"a partial UPSERT moves the index row it rekeys; the create writes (E75)",
	 test_a_partial_upsert_moves_the_index_row_and_the_create_writes},
	{"a spread key is taken with the hash-led index table it needs, in one migration (E104)",
	 test_spread_key_taken_with_the_index_table_it_needs},
	{"a FILTERED SCAN past Tablestore's scan limit fails, whatever its filter keeps",
	 test_filtered_scan_past_the_scan_limit_fails},
	{"a hash of a skewed column keeps its busiest value's writes on one point (E110)",
	 test_hash_of_a_skewed_column_keeps_its_hot_value},
	{"a rebuilt index the new index leaves unread is dropped instead",
	 test_rebuilt_index_the_new_index_leaves_unread_is_dropped},
	{"a spliced bucket is bound only with the column it is spliced into (E116)",
	 test_spliced_bucket_needs_the_column_it_is_spliced_into},
	{"a key change past the target's key limit is held back, on every target with one (E116)",
	 test_key_change_past_the_key_limit_is_held_back},
	{"a few-valued filter's default share alone recommends no index table (E104)",
	 test_few_valued_filter_default_holds_the_index_table_back},
	{"an index is dropped for a small filtered read where its writes outweigh its reads (E120, E84)",
	 test_index_dropped_for_a_small_filtered_read_when_writes_outweigh_reads},
	{"a key past the target's key limit folds the columns no statement binds (E116)",
	 test_key_past_the_key_limit_folds_unbound_columns},
	{"a re-key past the target's key limit folds the columns no statement binds (E116)",
	 test_rekey_past_the_key_limit_folds_unbound_columns},
	{"a write counts on one region only on the copies it writes there (E130, E132)",
	 test_a_write_counts_on_the_copies_it_writes},
	{"a rebuilt index's bucket hashes what its heaviest read binds by = (E121)",
	 test_rebuilt_index_bucket_the_read_computes},
	{"a queue's deletes at its head are not at its tail (E131, E127)",
	 test_a_queue_delete_at_its_head_is_not_at_its_tail})
