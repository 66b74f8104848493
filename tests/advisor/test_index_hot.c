/* The table's own indexes judged as candidates (advisor/index_keep.c,
 * docs/advice.md "Existing indexes"): an index whose own key is a write
 * hotspot is named and rebuilt spread in its place (Phoenix: salted; the
 * other stores: led by a bucket column the writer fills), the rows it puts
 * on one region counted in the cost; an index reads go through is dropped
 * when what is left serves each of its reads as well (never a read made
 * worse), and only then said. Each recommendation applied back: a
 * fixpoint. E56 and E58 (tests/advisor/designs9.md) at the end. */
#include <stdio.h>
#include <string.h>

#include "adv_run.h"
#include "designs9_sql.h"

/* A table keyed by a random id, with an index led by a four-valued column
 * and then a time every write sets: four insertion points at the current
 * time, a quarter of the writes on the busiest. */
static const char *const hot_schema =
	"-- rows: 100000000\n"
	"-- distinct: region 4\n"
	"CREATE TABLE tickets (id VARCHAR(36) NOT NULL, region INTEGER, changed_at TIMESTAMP, state VARCHAR(16),\n"
	"  body VARCHAR(1000), PRIMARY KEY (id));\n"
	"CREATE INDEX tickets_region_changed ON tickets (region, changed_at);\n";

static const char *const hot_workload =
	"-- weight: 10000\n"
	"UPSERT INTO tickets (id, region, changed_at, state, body) VALUES (?, ?, ?, ?, ?);\n"
	"-- weight: 50000\n"
	"SELECT region, state, body FROM tickets WHERE id = ?;\n"
	"-- weight: 2\n"
	"SELECT id FROM tickets WHERE region = ? AND changed_at <= ?;\n";

static const kp_advice *only_recommended(const run *r, const char *table)
{
	const kp_table_review *v = review_of(r, table);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL_FATAL(v->recommended.n, 1);
	return v->recommended.items[0];
}

static void test_hot_index_rebuilt_led_by_a_bucket(void)
{
	run r;
	run_w(&r, hot_schema, hot_workload, KP_TARGET_LINDORM);
	expect_recommended(&r, "tickets", "rebuild_index [tickets_region_changed_bucket][region][changed_at][id]");
	const kp_advice *x = only_recommended(&r, "tickets");
	CU_ASSERT_EQUAL(x->rule, KP_R_HOT_MONOTONIC);
	CU_ASSERT_STRING_EQUAL(x->ddl, "-- distinct: tickets_region_changed_bucket 16\n-- distribution: tickets_region_changed_bucket uniform\n"
	                              "ALTER TABLE tickets ADD COLUMN tickets_region_changed_bucket INT; DROP INDEX "
	                               "tickets_region_changed ON tickets; CREATE INDEX tickets_region_changed ON tickets "
	                               "(tickets_region_changed_bucket, region, changed_at)");
	CU_ASSERT_STRING_EQUAL(
		x->message,
		"rebuild_index: tickets_region_changed on tickets is a write hotspot: changed_at grows monotonically (a "
		"time column by its type, and read by ranges on it in the workload (w.sql:6)) after region (4 values as "
		"annotated, -- distinct: region): new rows go to 4 insertion points, the end of each prefix value's range, "
		"the busiest taking 25% of the writes; made again led by tickets_region_changed_bucket = hash(id) % 16, a "
		"column of tickets the writer fills on every insert from the key each write names (the rows there filled "
		"once before the index is made again), so its writes spread over 16 buckets; a read through it is 16 "
		"reads, one a bucket (tickets_region_changed_bucket = 0 to 15), merged, each in key order; reads to "
		"rewrite (each adds tickets_region_changed_bucket = 0 to 15, one read a bucket): w.sql:6 (weight 2); the "
		"store changes no index's key in place: drop it and create it again");
	const kp_table_review *v = review_of(&r, "tickets");
	/* a quarter of the 10000 inserts' index rows on one region today;
	 * none rebuilt; the read through it reads 16 buckets, merged: the
	 * rows in range, each bucket its share */
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 2500, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 5050000, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->after.read, 5050000, 1e-6);
	CU_ASSERT_EQUAL(v->rows_per_insert_before, 2);
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 2);
	CU_ASSERT_STRING_EQUAL(v->indexes, "tickets_region_changed rebuilt (#1)");
	CU_ASSERT_EQUAL_FATAL(v->fates.n, 1);
	const kp_index_fate *f = v->fates.items[0];
	CU_ASSERT_STRING_EQUAL(f->fate, "rebuilt");
	CU_ASSERT_PTR_EQUAL(f->by, x);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "tickets", 6), "");
	/* the drop is the alternative, naming the read it refuses */
	const kp_advice *d = alternative(&r, "tickets", "drop_index", "[region][changed_at][id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_EQUAL(d->rank, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(d->trades, "makes worse: w.sql:6 SCAN -> REJECTED (weight 2); spreads 2500 "
	                                         "weighted rows written that land on one region today"));
	CU_ASSERT_EQUAL_FATAL(x->excludes.n, 1);
	CU_ASSERT_PTR_EQUAL(x->excludes.items[0], d);
	run_free(&r);
	/* applied: the column added, the index made again, the writer filling
	 * the bucket and the read asking each bucket: nothing more to do */
	expect_stands("-- rows: 100000000\n"
	              "-- distinct: region 4\n"
	              "CREATE TABLE tickets (id VARCHAR(36) NOT NULL, region INTEGER, changed_at TIMESTAMP, state "
	              "VARCHAR(16), body VARCHAR(1000), PRIMARY KEY (id));\n"
	              "CREATE INDEX tickets_region_changed ON tickets (region, changed_at);\n"
	              "ALTER TABLE tickets ADD COLUMN tickets_region_changed_bucket INT; DROP INDEX tickets_region_changed "
	              "ON tickets; CREATE INDEX tickets_region_changed ON tickets (tickets_region_changed_bucket, region, "
	              "changed_at);\n",
	              "-- weight: 10000\n"
	              "UPSERT INTO tickets (id, tickets_region_changed_bucket, region, changed_at, state, body) VALUES (?, "
	              "?, ?, ?, ?, ?);\n"
	              "-- weight: 50000\n"
	              "SELECT region, state, body FROM tickets WHERE id = ?;\n"
	              "-- weight: 2\n"
	              "SELECT id FROM tickets WHERE tickets_region_changed_bucket = ? AND region = ? AND changed_at <= ?;\n",
	              KP_TARGET_LINDORM, "tickets");
}

static void test_hot_index_salted_on_phoenix(void)
{
	run r;
	run_w(&r, hot_schema, hot_workload, KP_TARGET_PHOENIX);
	expect_recommended(&r, "tickets", "rebuild_index [salt][REGION][CHANGED_AT][ID]");
	const kp_advice *x = only_recommended(&r, "tickets");
	CU_ASSERT_STRING_EQUAL(x->ddl, "DROP INDEX TICKETS_REGION_CHANGED ON TICKETS; CREATE INDEX TICKETS_REGION_CHANGED "
	                               "ON TICKETS (REGION, CHANGED_AT) SALT_BUCKETS = 16");
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "; made again with SALT_BUCKETS = 16, its key as it is: Phoenix salts "
	                                          "an index of its own, a salt byte hashed from the index row's key "
	                                          "leading each row, so its writes spread over 16 buckets, and a read "
	                                          "through it is one scan per bucket, merged by Phoenix in the index's "
	                                          "key order (its reads: w.sql:6 (weight 2)); the store changes no "
	                                          "index's key in place: drop it and create it again"));
	CU_ASSERT_EQUAL(x->index->salt_buckets, 16);
	const kp_table_review *v = review_of(&r, "tickets");
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 2500, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
	/* the weight-2 read through the salted index: 16 scans merged, as
	 * its words say (advisor21), reading the rows in range (an empty
	 * bucket returns none) */
	CU_ASSERT_DOUBLE_EQUAL(v->after.read, 5050000, 1e-6);
	static const char *const schema[] = {
		"-- rows: 100000000\n-- distinct: region 4\n"
		"CREATE TABLE tickets (id VARCHAR(36) NOT NULL, region INTEGER, changed_at TIMESTAMP, state VARCHAR(16),\n"
		"  body VARCHAR(1000), PRIMARY KEY (id))",
		"CREATE INDEX tickets_region_changed ON tickets (region, changed_at)"};
	expect_fixpoint(&r, schema, 2, hot_workload, KP_TARGET_PHOENIX, "tickets");
	run_free(&r);
}

/* Tablestore: the index's partition key alone decides (4 values), KP102's
 * words; its index is made by API, no DDL */
static void test_hot_index_rebuilt_on_tablestore(void)
{
	run r;
	run_w(&r, hot_schema, hot_workload, KP_TARGET_TABLESTORE);
	expect_recommended(&r, "tickets", "rebuild_index [tickets_region_changed_bucket][region][changed_at][id]");
	const kp_advice *x = only_recommended(&r, "tickets");
	CU_ASSERT_EQUAL(x->rule, KP_R_HOT_ENUM);
	CU_ASSERT_PTR_NULL(x->ddl);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "is a write hotspot: its rows land on the 4 values of region (4 "
	                                          "values as annotated, -- distinct: region), the busiest taking 25% of "
	                                          "the writes; made again led by tickets_region_changed_bucket = "
	                                          "hash(id) % 16"));
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "; an index's key cannot change: delete it (DeleteIndex) and create "
	                                          "it again (CreateIndex)"));
	run_free(&r);
	/* past Tablestore's 4 index columns with the bucket: no rebuild, the
	 * drop alone is weighed (and refuses the read: an alternative) */
	run_w(&r,
	      "-- rows: 100000000\n-- distinct: region 4\n-- distinct: kind 3\n-- distinct: level 5\n"
	      "CREATE TABLE tickets (id VARCHAR(36) NOT NULL, region INTEGER, kind INTEGER, level INTEGER,\n"
	      "  changed_at TIMESTAMP, PRIMARY KEY (id));\n"
	      "CREATE INDEX tickets_wide ON tickets (region, kind, level, changed_at);\n",
	      "-- weight: 10000\n"
	      "UPSERT INTO tickets (id, region, kind, level, changed_at) VALUES (?, ?, ?, ?, ?);\n"
	      "-- weight: 2\n"
	      "SELECT id FROM tickets WHERE region = ? AND kind = ? AND level = ? AND changed_at <= ?;\n",
	      KP_TARGET_TABLESTORE);
	CU_ASSERT_EQUAL(count_kind(&r, "rebuild_index"), 0);
	CU_ASSERT_EQUAL(count_kind(&r, "drop_index"), 1);
	CU_ASSERT_STRING_EQUAL(recommended(&r, "tickets"), "");
	run_free(&r);
}

/* An index whose key spreads after its few-valued lead (a random owner)
 * is no hotspot: kept, not rebuilt, and its drop not listed (its read
 * would be refused) */
static void test_spread_index_kept(void)
{
	run r;
	run_w(&r,
	      "-- rows: 100000000\n-- distinct: region 4\n"
	      "CREATE TABLE tickets (id VARCHAR(36) NOT NULL, region INTEGER, owner VARCHAR(36), state VARCHAR(16),\n"
	      "  PRIMARY KEY (id));\n"
	      "CREATE INDEX tickets_region_owner ON tickets (region, owner);\n",
	      "-- weight: 10000\n"
	      "UPSERT INTO tickets (id, region, owner, state) VALUES (?, ?, ?, ?);\n"
	      "-- weight: 2\n"
	      "SELECT id FROM tickets WHERE region = ? AND owner = ?;\n",
	      KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_kind(&r, "rebuild_index"), 0);
	CU_ASSERT_EQUAL(count_kind(&r, "drop_index"), 0);
	const kp_table_review *v = review_of(&r, "tickets");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_STRING_EQUAL(v->indexes, "tickets_region_owner kept (read through: weight 2)");
	run_free(&r);
}

/* An index no statement reads: its drop says what it rests on, and on a
 * sample of a few statements that code outside it may read the index;
 * on 100 statements or more, only their count */
static const kp_advice *the_drop(const run *r)
{
	const kp_advice *d = NULL;
	int n = 0;
	for (uint32_t i = 0; i < r->adv.advice.n; i++) {
		const kp_advice *x = r->adv.advice.items[i];
		if (!strcmp(x->kind, "drop_index")) {
			d = x;
			n++;
		}
	}
	CU_ASSERT_EQUAL(n, 1);
	return d;
}

static void test_unread_index_drop_says_its_evidence(void)
{
	static const char *const schema =
		"CREATE TABLE accounts (uid VARCHAR(36) NOT NULL, email VARCHAR(200), plan VARCHAR(20),\n"
		"  PRIMARY KEY (uid));\n"
		"CREATE INDEX accounts_email ON accounts (email);\n";
	run r;
	run_w(&r, schema,
	      "UPSERT INTO accounts (uid, email, plan) VALUES (?, ?, ?);\n"
	      "SELECT email, plan FROM accounts WHERE uid = ?;\n",
	      KP_TARGET_LINDORM);
	expect_recommended(&r, "accounts", "drop_index [email][uid]");
	const kp_advice *d = the_drop(&r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_STRING_EQUAL(
		d->message,
		"drop_index: no statement of the workload reads through accounts_email on accounts, and every write keeps "
		"it (an insert writes its row, an update of a column it holds rewrites it): dropping it saves those "
		"writes; a read that goes through it outside this workload then reads the table (the workload's 2 "
		"statements on accounts, a sample: code outside it, a report, an admin page, a batch job, may read through "
		"the index; check the application's code and the store's query log before dropping it)");
	run_free(&r);
	/* 120 statements: no longer a sample */
	kp_buf w = {0};
	for (int i = 0; i < 60; i++)
		kp_buf_printf(&w, "UPSERT INTO accounts (uid, email, plan) VALUES ('u%d', 'a%d@example.com', 'free');\n"
		              "SELECT email, plan FROM accounts WHERE uid = 'u%d';\n", i, i, i);
	run_advisor(&r, schema, w.data, KP_TARGET_LINDORM);
	d = the_drop(&r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_PTR_NOT_NULL(strstr(d->message, "then reads the table (the workload's 120 statements on accounts)"));
	CU_ASSERT_PTR_NULL(strstr(d->message, "a sample"));
	run_free(&r);
	kp_buf_free(&w);
}

/* A book's notes, read in order; an author's notes by score through an
 * index every score change moves, and newest first, which no index serves. */
static const char *const notes_schema =
	"-- rows: 100000000\n"
	"-- distinct: book 4000000\n"
	"-- distinct: author 1000000\n"
	"CREATE TABLE notes (book BIGINT NOT NULL, seq INTEGER NOT NULL, author BIGINT, score INTEGER,\n"
	"  written TIMESTAMP, title VARCHAR, body VARCHAR\n"
	"  CONSTRAINT pk PRIMARY KEY (book, seq));\n"
	"CREATE INDEX notes_author_score ON notes (author, score DESC);\n";

static const char *const notes_workload_head =
	"-- weight: 50000\n"
	"SELECT seq, author, title, body FROM notes WHERE book = ? AND seq >= ? ORDER BY seq LIMIT 20;\n"
	"-- weight: 4000\n"
	"UPSERT INTO notes (book, seq, author, score, written, title, body) VALUES (?, ?, ?, ?, ?, ?, ?);\n"
	"-- weight: 20000\n"
	"UPSERT INTO notes (book, seq, score) VALUES (?, ?, ?);\n"
	"-- weight: 3000\n"
	"SELECT book, seq, title, score FROM notes WHERE author = ? ORDER BY written DESC LIMIT 10;\n";

/* the author's few notes, in no order: the new index, which holds score
 * for the newest-first read, serves it as well */
static void test_read_index_dropped_when_another_serves_its_reads(void)
{
	char w[2048];
	snprintf(w, sizeof w, "%s-- weight: 100\nSELECT book, seq, score FROM notes WHERE author = ? LIMIT 5;\n",
	         notes_workload_head);
	run r;
	run_w(&r, notes_schema, w, KP_TARGET_PHOENIX);
	expect_recommended(&r, "NOTES", "secondary_index [AUTHOR][WRITTEN][BOOK][SEQ]; "
	                                "drop_index [AUTHOR][SCORE DESC][BOOK][SEQ]");
	const kp_table_review *v = review_of(&r, "notes");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL_FATAL(v->recommended.n, 2);
	const kp_advice *d = v->recommended.items[1];
	CU_ASSERT_STRING_EQUAL(d->ddl, "DROP INDEX NOTES_AUTHOR_SCORE ON NOTES");
	CU_ASSERT_STRING_EQUAL(
		d->message,
		"drop_index: NOTES_AUTHOR_SCORE on NOTES is read through by w.sql:10 (weight 100), and every write keeps it "
		"(an insert writes its row, an update of a column it holds rewrites it, one of its key columns moves it): "
		"dropping it saves those writes; its reads are planned again on the key of NOTES and its other indexes, "
		"and the drop is taken only where none of them becomes worse (its class, its ORDER BY served; a SCAN "
		"made a FILTERED SCAN of one small key range, at most 1000 rows, counts as no worse only where the "
		"writes that write its row outweigh its reads); a read that goes through it outside this workload then reads another path (the workload's 5 statements on "
		"NOTES, a sample: code outside it, a report, an admin page, a batch job, may read through the index; "
		"check the application's code and the store's query log before dropping it)");
	CU_ASSERT_STRING_EQUAL(v->indexes, "NOTES_AUTHOR_SCORE dropped (#2)");
	/* the read it served keeps its class through the new index */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "notes", 10), "");
	CU_ASSERT_EQUAL(v->rows_per_insert_before, 2);
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 2);
	CU_ASSERT_STRING_EQUAL(v->write_cost,
	                       "each UPSERT setting SCORE (w.sql:6, weight 20000), a key column of no index (1 now), no "
	                       "longer moves an index row, and rewrites the row of 1 index (0 now) in place, a column it "
	                       "sets held outside its key");
	static const char *const schema[] = {
		"-- rows: 100000000\n-- distinct: book 4000000\n-- distinct: author 1000000\n"
		"CREATE TABLE notes (book BIGINT NOT NULL, seq INTEGER NOT NULL, author BIGINT, score INTEGER,\n"
		"  written TIMESTAMP, title VARCHAR, body VARCHAR\n"
		"  CONSTRAINT pk PRIMARY KEY (book, seq))",
		"CREATE INDEX notes_author_score ON notes (author, score DESC)"};
	expect_fixpoint(&r, schema, 2, w, KP_TARGET_PHOENIX, "notes");
	run_free(&r);
}

/* the author's lowest-scored notes: the old index, ascending, returns them
 * in score order (NULLs first, as Phoenix's ORDER BY score does), the new
 * one would sort them; the drop is not taken, nor listed */
static void test_read_index_kept_when_a_read_would_sort(void)
{
	char w[2048];
	snprintf(w, sizeof w,
	         "%s-- weight: 100\nSELECT book, seq, score FROM notes WHERE author = ? ORDER BY score LIMIT 5;\n",
	         notes_workload_head);
	char schema[1024];
	snprintf(schema, sizeof schema, "%.*s(author, score);\n",
	         (int)(strstr(notes_schema, "(author, score DESC)") - notes_schema), notes_schema);
	run r;
	run_w(&r, schema, w, KP_TARGET_PHOENIX);
	const char *rec = recommended(&r, "notes");
	CU_ASSERT_PTR_NOT_NULL(strstr(rec, "secondary_index [AUTHOR][WRITTEN]"));
	CU_ASSERT_PTR_NULL(strstr(rec, "drop_index"));
	CU_ASSERT_EQUAL(count_kind(&r, "drop_index"), 0);
	const kp_table_review *v = review_of(&r, "notes");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_STRING_EQUAL(v->indexes, "NOTES_AUTHOR_SCORE kept (read through: weight 100)");
	run_free(&r);
}

/* an ordered read through the index: rows merged from 16 buckets come
 * out in no key order, and Lindorm sorts nothing: the rebuild refuses the
 * read, so it is no recommendation, and its trade says so */
static void test_hot_index_kept_when_a_bucket_would_refuse_an_ordered_read(void)
{
	run r;
	char w[1024];
	snprintf(w, sizeof w,
	         "%.*sSELECT id FROM tickets WHERE region = ? AND changed_at >= ? ORDER BY changed_at LIMIT 10;\n",
	         (int)(strstr(hot_workload, "SELECT id FROM") - hot_workload), hot_workload);
	run_w(&r, hot_schema, w, KP_TARGET_LINDORM);
	CU_ASSERT_STRING_EQUAL(recommended(&r, "tickets"), "");
	const kp_advice *x = alternative(&r, "tickets", "rebuild_index",
	                                 "[tickets_region_changed_bucket][region][changed_at][id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->trades, "makes worse: w.sql:6 SCAN -> REJECTED SCAN (weight 2); spreads 2500 "
	                                         "weighted rows written that land on one region today"));
	CU_ASSERT_STRING_EQUAL(review_of(&r, "tickets")->indexes, "tickets_region_changed kept (read through: weight 2)");
	run_free(&r);
}

/* a table keyed by a bucket the writer fills: the rebuilt index leads
 * with that column, none added */
static void test_hot_index_led_by_the_tables_own_bucket(void)
{
	run r;
	run_w(&r,
	      "-- rows: 100000000\n-- distinct: region 4\n-- distinct: bucket 8\n"
	      "CREATE TABLE tickets (bucket INT NOT NULL, id BIGINT NOT NULL, region INTEGER, changed_at TIMESTAMP,\n"
	      "  PRIMARY KEY (bucket, id));\n"
	      "CREATE INDEX tickets_region_changed ON tickets (region, changed_at);\n",
	      "-- weight: 10000\n"
	      "UPSERT INTO tickets (bucket, id, region, changed_at) VALUES (?, ?, ?, ?);\n"
	      "-- weight: 50000\n"
	      "SELECT region FROM tickets WHERE bucket = ? AND id = ?;\n"
	      "-- weight: 2\n"
	      "SELECT id FROM tickets WHERE region = ? AND changed_at <= ?;\n",
	      KP_TARGET_LINDORM);
	expect_recommended(&r, "tickets", "rebuild_index [bucket][region][changed_at][id]");
	const kp_advice *x = only_recommended(&r, "tickets");
	CU_ASSERT_STRING_EQUAL(x->ddl, "DROP INDEX tickets_region_changed ON tickets; CREATE INDEX tickets_region_changed "
	                               "ON tickets (bucket, region, changed_at)");
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "; made again led by bucket, the key column of tickets the writer "
	                                          "already fills from a hash, so its writes spread over 8 buckets; a "
	                                          "read through it is 8 reads, one a bucket (bucket = 0 to 7), merged"));
	CU_ASSERT_EQUAL(x->buckets, 8);
	/* the GETs' 50000 rows, the read's 2 x 2500000 (a quarter of the rows
	 * in a range: 10%), spread over the 8 buckets */
	CU_ASSERT_DOUBLE_EQUAL(review_of(&r, "tickets")->before.read, 5050000, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(review_of(&r, "tickets")->after.read, 5050000, 1e-6);
	run_free(&r);
}

/* E56 (designs9.md): the key hashed, and quote_store_id_updated_at, led by
 * three stores and then the time every save sets, rebuilt led by a bucket;
 * the cost's "on one region" counts the index rows: 233333.33 (175000
 * writes, a third of them on the busiest store's end of the index) -> 0.
 * Before: "kept (read through: weight 3)", "on one region 233333.33 ->
 * 58333.33" (the index's third left hot) */
static void test_e56_quote_index_rebuilt_with_a_bucket(void)
{
	run r;
	run_w(&r, e56_schema, e56_workload, KP_TARGET_LINDORM);
	expect_recommended(&r, "quote", "hash_prefix [hash32(entity_id)][entity_id]; "
	                                "rebuild_index [quote_store_id_updated_at_bucket][store_id][updated_at][entity_id]");
	const kp_table_review *v = review_of(&r, "quote");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 175000 + 175000.0 / 3, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
	CU_ASSERT_STRING_EQUAL(v->indexes, "quote_customer_id_store_id_is_active kept (read through: weight 30000); "
	                                   "quote_store_id_updated_at rebuilt (#2)");
	const kp_advice *x = v->recommended.items[1];
	CU_ASSERT_EQUAL(x->rule, KP_R_HOT_MONOTONIC);
	CU_ASSERT_STRING_EQUAL(x->ddl, "-- distinct: quote_store_id_updated_at_bucket 16\n-- distribution: quote_store_id_updated_at_bucket uniform\n"
	                              "ALTER TABLE quote ADD COLUMN quote_store_id_updated_at_bucket INT; DROP INDEX "
	                               "quote_store_id_updated_at ON quote; CREATE INDEX quote_store_id_updated_at ON "
	                               "quote (quote_store_id_updated_at_bucket, store_id, updated_at)");
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "reads to rewrite (each adds quote_store_id_updated_at_bucket = 0 to "
	                                          "15, one read a bucket): w.sql:18 (weight 3)"));
	/* the drop, the alternative, names the cron it refuses */
	const kp_advice *d = alternative(&r, "quote", "drop_index", "[store_id][updated_at][entity_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_PTR_NOT_NULL(strstr(d->trades, "makes worse: w.sql:18 SCAN -> REJECTED (weight 3)"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "quote", 18), "");
	/* applied: the writer fills the bucket on insert, the cron asks each */
	static const char *const schema[] = {
		"-- rows: 400000000\n-- distribution: entity_id latest\n-- distinct: store_id 3\n"
		"-- distinct: customer_id 30000000\n"
		"CREATE TABLE quote (entity_id BIGINT NOT NULL, store_id INTEGER, created_at TIMESTAMP,\n"
		"  updated_at TIMESTAMP, is_active BOOLEAN, items_count INTEGER, items_qty DOUBLE,\n"
		"  grand_total DOUBLE, customer_id BIGINT, customer_email VARCHAR(255),\n"
		"  reserved_order_id VARCHAR(64), coupon_code VARCHAR(255),\n"
		"  PRIMARY KEY (entity_id))",
		"CREATE INDEX quote_customer_id_store_id_is_active ON quote (customer_id, store_id, is_active)",
		"CREATE INDEX quote_store_id_updated_at ON quote (store_id, updated_at)",
		"-- rows: 50000000\n"
		"CREATE TABLE salesrule_coupon (code VARCHAR(255) NOT NULL, rule_id INTEGER, usage_limit INTEGER,\n"
		"  usage_per_customer INTEGER, times_used INTEGER, expiration_date TIMESTAMP,\n"
		"  created_at TIMESTAMP, type INTEGER,\n"
		"  PRIMARY KEY (code))"};
	const char *applied =
		"-- weight: 20000\n"
		"UPSERT INTO quote (entity_id, quote_store_id_updated_at_bucket, store_id, created_at, updated_at, "
		"is_active, items_count, items_qty, grand_total, customer_id, customer_email) VALUES (?, ?, ?, ?, ?, ?, ?, "
		"?, ?, ?, ?);\n"
		"-- weight: 150000\n"
		"UPSERT INTO quote (entity_id, updated_at, items_count, items_qty, grand_total) VALUES (?, ?, ?, ?, ?);\n"
		"-- weight: 300000\n"
		"SELECT store_id, is_active, items_count, items_qty, grand_total, customer_id, coupon_code FROM quote "
		"WHERE entity_id = ?;\n"
		"-- weight: 30000\n"
		"SELECT entity_id, items_count, grand_total FROM quote WHERE customer_id = ? AND store_id = ? AND "
		"is_active = TRUE;\n"
		"-- weight: 5000\n"
		"UPSERT INTO quote (entity_id, is_active, reserved_order_id, updated_at) VALUES (?, FALSE, ?, ?);\n"
		"-- weight: 3\n"
		"SELECT entity_id FROM quote WHERE quote_store_id_updated_at_bucket = ? AND store_id = ? AND updated_at "
		"<= ?;\n";
	expect_fixpoint(&r, schema, 4, applied, KP_TARGET_LINDORM, "quote");
	expect_recommended(&r, "salesrule_coupon", "");
	run_free(&r);
}

/* E57 (designs9.md): the first run's recommendation today (the tenant-led
 * location index alone; SHIFT_UPDATED is tenant-led as Phoenix builds it)
 * applied: the design stands, no second migration. designs9/applied/
 * E57.schema.sql holds the first run's older pair of indexes, one of them
 * SHIFT_UPDATED's copy, which check now rightly drops */
static void test_e57_applied_is_a_fixpoint(void)
{
	run r;
	run_w(&r, e57_schema, e57_workload, KP_TARGET_PHOENIX);
	expect_recommended(&r, "SHIFT", "secondary_index [ACCOUNT_ID][LOCATION_ID][START_TIME][USER_ID][SHIFT_ID]");
	static const char *const schema[] = {
		"-- rows: 3000000000\n-- distinct: account_id 150000\n-- distinct: user_id 6000000\n"
		"-- distinct: location_id 600000\n"
		"CREATE TABLE shift (account_id VARCHAR(15) NOT NULL, user_id BIGINT NOT NULL,\n"
		"  start_time TIMESTAMP NOT NULL, shift_id BIGINT NOT NULL, end_time TIMESTAMP,\n"
		"  location_id BIGINT, position_id BIGINT, site_id BIGINT, break_time DOUBLE,\n"
		"  notes VARCHAR(1000), published BOOLEAN, updated_at TIMESTAMP\n"
		"  CONSTRAINT pk PRIMARY KEY (account_id, user_id, start_time, shift_id)) MULTI_TENANT=true",
		"CREATE INDEX shift_updated ON shift (updated_at) INCLUDE (end_time, location_id, position_id, published)",
		"CREATE VIEW open_shift AS SELECT * FROM shift WHERE user_id = 0"};
	expect_fixpoint(&r, schema, 3, e57_workload, KP_TARGET_PHOENIX, "SHIFT");
	run_free(&r);
}

/* E58 (designs9.md): the covered index for the activity stream, and
 * POSTS_USER_AND_LIKES dropped: its one read (the top replies, one user's
 * 200 rows sorted either way) is served as well by the new index, and
 * every like stops moving its row. Before: "POSTS_USER_AND_LIKES kept
 * (read through: weight 300)" */
static void test_e58_posts_index_dropped_for_the_new_one(void)
{
	run r;
	run_w(&r, e58_schema, e58_workload, KP_TARGET_PHOENIX);
	expect_recommended(&r, "POSTS", "secondary_index [USER_ID][CREATED_AT][TOPIC_ID][POST_NUMBER]; "
	                                "drop_index [USER_ID][LIKE_COUNT DESC][CREATED_AT DESC][TOPIC_ID][POST_NUMBER]");
	const kp_table_review *v = review_of(&r, "POSTS");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_STRING_EQUAL(v->indexes, "POSTS_USER_AND_LIKES dropped (#2)");
	CU_ASSERT_STRING_EQUAL(((const kp_advice *)v->recommended.items[1])->ddl, "DROP INDEX POSTS_USER_AND_LIKES ON POSTS");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "POSTS", 12), "full scan -> SCAN");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "POSTS", 15), "");
	CU_ASSERT_EQUAL(v->rows_per_insert_before, 2);
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 2);
	CU_ASSERT_STRING_EQUAL(v->write_cost,
	                       "each UPSERT setting LIKE_COUNT (w.sql:9, weight 40000), a key column of no index (1 now), "
	                       "no longer moves an index row, and rewrites the row of 1 index (0 now) in place, a column "
	                       "it sets held outside its key");
	static const char *const schema[] = {
		"-- rows: 800000000\n-- distinct: topic_id 32000000\n-- distinct: user_id 4000000\n"
		"CREATE TABLE posts (topic_id BIGINT NOT NULL, post_number INTEGER NOT NULL, id BIGINT,\n"
		"  user_id BIGINT, raw VARCHAR, cooked VARCHAR, reply_to_post_number INTEGER,\n"
		"  reply_count INTEGER, like_count INTEGER, created_at TIMESTAMP, updated_at TIMESTAMP,\n"
		"  deleted_at TIMESTAMP\n"
		"  CONSTRAINT pk PRIMARY KEY (topic_id, post_number))",
		"CREATE INDEX posts_user_and_likes ON posts (user_id, like_count DESC, created_at DESC)"};
	expect_fixpoint(&r, schema, 2, e58_workload, KP_TARGET_PHOENIX, "POSTS");
	run_free(&r);
}

/* An index led by a few-valued column on a table whose every write states
 * its rate: the rate decides, as for the table's key (E119 in
 * tests/advisor/designs19.md: 25 labs, 120 writes a second, the worklist a
 * full scan that fails Tablestore's scan limit). Under what a region takes
 * the secondary index is offered as a plain one, and recommended; at a
 * rate past it, the
 * lead is a hotspot again and only a bucketed index table is named. */
static const char *const lab_schema =
	"-- rows: 800000000\n"
	"-- distinct: lab_id 25\n"
	"-- distinct: status 7\n"
	"CREATE TABLE lab_order (order_id VARCHAR(64) NOT NULL, lab_id VARCHAR(64), status VARCHAR(16),\n"
	"  code VARCHAR(16), authored_at BIGINT, PRIMARY KEY (order_id));\n";

static void lab_workload(char *w, size_t n, int insert_rate, int update_rate)
{
	snprintf(w, n,
	         "-- rate: %d/s\n-- weight: 4000\n"
	         "INSERT INTO lab_order (order_id, lab_id, status, code, authored_at) VALUES (?, ?, 'active', ?, ?);\n"
	         "-- rate: %d/s\n-- weight: 8000\n"
	         "UPDATE lab_order SET status = ? WHERE order_id = ?;\n"
	         "-- weight: 6000\n"
	         "SELECT order_id, code, authored_at FROM lab_order WHERE lab_id = ? AND status = 'active';\n"
	         "-- weight: 10000\n"
	         "SELECT lab_id, status, code FROM lab_order WHERE order_id = ?;\n",
	         insert_rate, update_rate);
}

static void test_index_lead_cool_by_stated_rates(void)
{
	char w[1024];
	run r;
	/* 40 inserts and 80 updates a second: at most 40 + 80 = 120 index
	 * rows a second at the index's end (an update's moved entry; its
	 * delete lands where the old entry sits), all on one region still
	 * under 1000 */
	lab_workload(w, sizeof w, 40, 80);
	run_w(&r, lab_schema, w, KP_TARGET_TABLESTORE);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNSERVED, "a secondary index keyed [lab_id][status][order_id] makes it "
	                                                  "a SCAN"), 1);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNSERVED, "would be a write hotspot"), 0);
	/* and the judge admits it (judge.c's adds_hot): recommended, the
	 * worklist made to run */
	expect_recommended(&r, "lab_order", "secondary_index [lab_id][status][order_id]");
	run_free(&r);
	/* the busiest insertion point's rows a second decide, as for the
	 * table's key and an existing index (E142): 7,000 inserts and 7,000
	 * updates a second put 14,000 index rows a second on 25 labs, 560 on
	 * the busiest lab's region, under what a region takes: still offered */
	lab_workload(w, sizeof w, 7000, 7000);
	run_w(&r, lab_schema, w, KP_TARGET_TABLESTORE);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNSERVED, "a secondary index keyed [lab_id][status][order_id] makes it "
	                                                  "a SCAN"), 1);
	run_free(&r);
	/* 15,000 inserts and 15,000 updates a second: 1,200 rows a second on
	 * the busiest lab's region (1/25 of 30,000), past what a region takes:
	 * a hotspot, and no plain secondary index led by the lab */
	lab_workload(w, sizeof w, 15000, 15000);
	run_w(&r, lab_schema, w, KP_TARGET_TABLESTORE);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNSERVED, "a secondary index keyed [lab_id][status][order_id] makes it "
	                                                  "a SCAN"), 0);
	CU_ASSERT_PTR_NULL(alternative(&r, "lab_order", "secondary_index", "[lab_id][status][order_id]"));
	run_free(&r);
}

/* read the schema as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("index_hot", setup, NULL,
          {"an index led by few values and a time is rebuilt led by a bucket (Lindorm)",
           test_hot_index_rebuilt_led_by_a_bucket},
          {"an index led by few values and a time is salted (Phoenix)", test_hot_index_salted_on_phoenix},
          {"a hot index on Tablestore: rebuilt within its index limits", test_hot_index_rebuilt_on_tablestore},
          {"an index whose key spreads after its lead is kept", test_spread_index_kept},
          {"an unread index's drop says the statements it rests on", test_unread_index_drop_says_its_evidence},
          {"an index read through is dropped when another serves its reads as well",
           test_read_index_dropped_when_another_serves_its_reads},
          {"an index read through is kept when a read would sort without it",
           test_read_index_kept_when_a_read_would_sort},
          {"a bucket that would refuse an ordered read is no recommendation",
           test_hot_index_kept_when_a_bucket_would_refuse_an_ordered_read},
          {"a table keyed by a bucket leads the rebuilt index with it", test_hot_index_led_by_the_tables_own_bucket},
          {"E56: the quote index rebuilt led by a bucket", test_e56_quote_index_rebuilt_with_a_bucket},
          {"E57: the recommendation applied is a fixpoint", test_e57_applied_is_a_fixpoint},
          {"E58: the likes index dropped for the new one", test_e58_posts_index_dropped_for_the_new_one},
          {"E119: an index lead under the stated rates is no hotspot", test_index_lead_cool_by_stated_rates})
