/* The weighing faults designs10.md and designs11.md found in their first
 * runs (issue 21: E61-E72 of designwriter10 and designwriter11, "Results of
 * the first run"): how the judge weighs and words a step, each test on
 * the design's own files (designs10/, designs11/ and their applied/
 * copies, annotations and comment lines included, copied here as strings).
 * E67 applied: the bucket keyplan named for a rebuilt index read back as
 * one, so its DDL stands; E72: an UPDATE of a column an index keys moves
 * that index's row (2 rows), so the sweeper's index table does not pay. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adv_run.h"

static const char *const e64_schema =
	"CREATE SEQUENCE loyalty_event_seq;\n"
	"-- rows: 300000000\n"
	"-- distinct: phone_number 300000000\n"
	"CREATE TABLE loyalty_account (account_id VARCHAR(36) NOT NULL, program_id VARCHAR(36),\n"
	"  phone_number VARCHAR(20), customer_id VARCHAR(36), balance INTEGER, lifetime_points INTEGER,\n"
	"  enrolled_at TIMESTAMP, updated_at TIMESTAMP\n"
	"  CONSTRAINT pk PRIMARY KEY (account_id));\n"
	"CREATE INDEX loyalty_account_phone ON loyalty_account (phone_number) INCLUDE (program_id, balance, customer_id);\n"
	"-- rows: 20000000000\n"
	"-- distinct: account_id 300000000\n"
	"-- distinct: order_id 10000000000\n"
	"-- distinct: event_type 8\n"
	"CREATE TABLE loyalty_event (event_id BIGINT NOT NULL, account_id VARCHAR(36), event_type VARCHAR(32),\n"
	"  points INTEGER, order_id VARCHAR(36), location_id VARCHAR(16), source VARCHAR(16),\n"
	"  created_at TIMESTAMP\n"
	"  CONSTRAINT pk PRIMARY KEY (event_id));\n";

static const char *const e64_workload =
	"-- the point of sale: the buyer's phone number finds the account (SearchLoyaltyAccounts by phone mapping)\n"
	"-- weight: 40000\n"
	"SELECT account_id, program_id, balance, customer_id FROM loyalty_account WHERE phone_number = ?;\n"
	"-- RetrieveLoyaltyAccount\n"
	"-- weight: 20000\n"
	"SELECT program_id, phone_number, balance, lifetime_points FROM loyalty_account WHERE account_id = ?;\n"
	"-- AccumulateLoyaltyPoints: an ACCUMULATE_POINTS event in the ledger ...\n"
	"-- weight: 30000\n"
	"UPSERT INTO loyalty_event (event_id, account_id, event_type, points, order_id, location_id, source, created_at) VALUES (NEXT VALUE FOR loyalty_event_seq, ?, 'ACCUMULATE_POINTS', ?, ?, ?, 'SQUARE', ?);\n"
	"-- RedeemLoyaltyReward: a REDEEM_REWARD event ...\n"
	"-- weight: 5000\n"
	"UPSERT INTO loyalty_event (event_id, account_id, event_type, points, order_id, location_id, source, created_at) VALUES (NEXT VALUE FOR loyalty_event_seq, ?, 'REDEEM_REWARD', ?, ?, ?, 'SQUARE', ?);\n"
	"-- ... and each moves the account's balance\n"
	"-- weight: 35000\n"
	"UPSERT INTO loyalty_account (account_id, balance, lifetime_points, updated_at) VALUES (?, ?, ?, ?);\n"
	"-- the buyer's activity: the account's newest 30 events (SearchLoyaltyEvents, loyalty_account_filter)\n"
	"-- weight: 15000\n"
	"SELECT event_id, event_type, points, order_id, location_id, created_at FROM loyalty_event WHERE account_id = ? ORDER BY created_at DESC LIMIT 30;\n"
	"-- a refund: the events of the order, to take its points back (SearchLoyaltyEvents, order_filter)\n"
	"-- weight: 3000\n"
	"SELECT event_id, account_id, event_type, points FROM loyalty_event WHERE order_id = ?;\n"
	"-- the nightly expiry job: accumulations older than the program's expiration period\n"
	"-- weight: 1\n"
	"SELECT event_id, account_id, points FROM loyalty_event WHERE event_type = 'ACCUMULATE_POINTS' AND created_at < ?;\n";

static const char *const e61_schema =
	"-- rows: 60000000000\n"
	"-- distinct: profile_id 500000000\n"
	"-- distinct: title_id 20000\n"
	"CREATE TABLE viewing_history (profile_id BIGINT NOT NULL, view_start BIGINT NOT NULL,\n"
	"  title_id BIGINT NOT NULL, device_type VARCHAR(32), country VARCHAR(2), duration_sec INTEGER,\n"
	"  PRIMARY KEY (profile_id, view_start DESC, title_id));\n"
	"-- rows: 10000000000\n"
	"-- distinct: profile_id 500000000\n"
	"-- distinct: title_id 20000\n"
	"-- distribution: updated_at monotonic\n"
	"CREATE TABLE bookmark (profile_id BIGINT NOT NULL, title_id BIGINT NOT NULL,\n"
	"  position_sec INTEGER, updated_at BIGINT, device_type VARCHAR(32),\n"
	"  PRIMARY KEY (profile_id, title_id));\n"
	"CREATE INDEX bookmark_updated ON bookmark (updated_at);\n";

static const char *const e61_workload =
	"-- a play starts: its viewing record\n"
	"-- weight: 30000\n"
	"UPSERT INTO viewing_history (profile_id, view_start, title_id, device_type, country, duration_sec) VALUES (?, ?, ?, ?, ?, 0);\n"
	"-- the play stops: the record's duration\n"
	"-- weight: 30000\n"
	"UPSERT INTO viewing_history (profile_id, view_start, title_id, duration_sec) VALUES (?, ?, ?, ?);\n"
	"-- the player's heartbeat: the resume position, every few seconds of playback\n"
	"-- weight: 300000\n"
	"UPSERT INTO bookmark (profile_id, title_id, position_sec, updated_at, device_type) VALUES (?, ?, ?, ?, ?);\n"
	"-- a title's page or its play button: where to resume\n"
	"-- weight: 60000\n"
	"SELECT position_sec, updated_at FROM bookmark WHERE profile_id = ? AND title_id = ?;\n"
	"-- the Continue Watching row: the profile's bookmarks, ranked by the client\n"
	"-- weight: 40000\n"
	"SELECT title_id, position_sec, updated_at FROM bookmark WHERE profile_id = ?;\n"
	"-- Account, Viewing activity: the newest 50\n"
	"-- weight: 3000\n"
	"SELECT view_start, title_id, device_type, duration_sec FROM viewing_history WHERE profile_id = ? ORDER BY view_start DESC LIMIT 50;\n"
	"-- the recommender's recent history: the plays since a day\n"
	"-- weight: 10000\n"
	"SELECT view_start, title_id, duration_sec FROM viewing_history WHERE profile_id = ? AND view_start >= ?;\n"
	"-- hide a play from viewing activity\n"
	"-- weight: 100\n"
	"DELETE FROM viewing_history WHERE profile_id = ? AND view_start = ? AND title_id = ?;\n"
	"-- an analyst, ad hoc: who played a title since a day\n"
	"-- weight: 1\n"
	"SELECT profile_id, view_start FROM viewing_history WHERE title_id = ? AND view_start >= ?;\n";

static const char *const e67_schema =
	"-- rows: 150000\n"
	"CREATE TABLE crates (name VARCHAR(64) NOT NULL, id BIGINT NOT NULL, description VARCHAR(1000),\n"
	"  homepage VARCHAR(255), repository VARCHAR(255), max_upload_size INTEGER,\n"
	"  created_at TIMESTAMP, updated_at TIMESTAMP,\n"
	"  PRIMARY KEY (name));\n"
	"-- rows: 36000000\n"
	"-- distinct: version_id 1500000\n"
	"CREATE TABLE version_downloads (version_id BIGINT NOT NULL, dl_date DATE NOT NULL,\n"
	"  downloads INTEGER, counted INTEGER,\n"
	"  PRIMARY KEY (version_id, dl_date));\n"
	"CREATE INDEX index_version_downloads_version_id ON version_downloads (version_id);\n"
	"CREATE INDEX index_version_downloads_date ON version_downloads (dl_date);\n";

static const char *const e67_applied_schema =
	"-- rows: 150000\n"
	"CREATE TABLE crates (name VARCHAR(64) NOT NULL, id BIGINT NOT NULL, description VARCHAR(1000),\n"
	"  homepage VARCHAR(255), repository VARCHAR(255), max_upload_size INTEGER,\n"
	"  created_at TIMESTAMP, updated_at TIMESTAMP,\n"
	"  PRIMARY KEY (name));\n"
	"-- rows: 36000000\n"
	"-- distinct: version_id 1500000\n"
	"CREATE TABLE version_downloads (version_id BIGINT NOT NULL, dl_date DATE NOT NULL,\n"
	"  downloads INTEGER, counted INTEGER, index_version_downloads_date_bucket INT,\n"
	"  PRIMARY KEY (version_id, dl_date));\n"
	"CREATE INDEX index_version_downloads_date ON version_downloads (index_version_downloads_date_bucket, dl_date);\n";

static const char *const e67_workload =
	"-- the crate page loads the crate by its name\n"
	"-- weight: 50000\n"
	"SELECT id, description, homepage, repository, updated_at FROM crates WHERE name = ?;\n"
	"-- cargo publish of a new crate\n"
	"-- weight: 300\n"
	"UPSERT INTO crates (name, id, description, homepage, repository, max_upload_size, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?);\n"
	"-- cargo publish of a new version touches its crate\n"
	"-- weight: 2000\n"
	"UPSERT INTO crates (name, updated_at) VALUES (?, ?);\n"
	"-- the download counter flushes its in-memory counts: one row per version and day (the app adds to downloads)\n"
	"-- weight: 100000\n"
	"UPSERT INTO version_downloads (version_id, dl_date, downloads) VALUES (?, ?, ?);\n"
	"-- GET /api/v1/crates/{name}/downloads: the crate's top versions, the last 90 days\n"
	"-- weight: 20000\n"
	"SELECT version_id, dl_date, downloads FROM version_downloads WHERE version_id IN (?, ?, ?, ?, ?) AND dl_date >= ?;\n"
	"-- GET /api/v1/crates/{name}/{version}/downloads: one version, the last 90 days, by date\n"
	"-- weight: 5000\n"
	"SELECT dl_date, downloads FROM version_downloads WHERE version_id = ? AND dl_date >= ? ORDER BY dl_date;\n"
	"-- the update_downloads job, every 10 minutes: the last week's rows whose downloads are not yet counted\n"
	"-- weight: 144\n"
	"SELECT version_id, dl_date, downloads, counted FROM version_downloads WHERE dl_date >= ? AND dl_date <= ? AND downloads <> counted;\n"
	"-- ... and marks each as counted\n"
	"-- weight: 50000\n"
	"UPSERT INTO version_downloads (version_id, dl_date, counted) VALUES (?, ?, ?);\n"
	"-- ad hoc: the biggest single days ever recorded\n"
	"-- weight: 1\n"
	"SELECT version_id, dl_date, downloads FROM version_downloads WHERE downloads > ?;\n";

static const char *const e67_applied_workload =
	"-- the crate page loads the crate by its name\n"
	"-- weight: 50000\n"
	"SELECT id, description, homepage, repository, updated_at FROM crates WHERE name = ?;\n"
	"-- cargo publish of a new crate\n"
	"-- weight: 300\n"
	"UPSERT INTO crates (name, id, description, homepage, repository, max_upload_size, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?);\n"
	"-- cargo publish of a new version touches its crate\n"
	"-- weight: 2000\n"
	"UPSERT INTO crates (name, updated_at) VALUES (?, ?);\n"
	"-- the download counter flushes its in-memory counts: one row per version and day (the app adds to downloads)\n"
	"-- weight: 100000\n"
	"UPSERT INTO version_downloads (version_id, dl_date, downloads, index_version_downloads_date_bucket) VALUES (?, ?, ?, ?);\n"
	"-- GET /api/v1/crates/{name}/downloads: the crate's top versions, the last 90 days\n"
	"-- weight: 20000\n"
	"SELECT version_id, dl_date, downloads FROM version_downloads WHERE version_id IN (?, ?, ?, ?, ?) AND dl_date >= ?;\n"
	"-- GET /api/v1/crates/{name}/{version}/downloads: one version, the last 90 days, by date\n"
	"-- weight: 5000\n"
	"SELECT dl_date, downloads FROM version_downloads WHERE version_id = ? AND dl_date >= ? ORDER BY dl_date;\n"
	"-- the update_downloads job, every 10 minutes, one read a bucket (16 a run): the last week's rows whose downloads are not yet counted\n"
	"-- weight: 144\n"
	"SELECT version_id, dl_date, downloads, counted FROM version_downloads WHERE index_version_downloads_date_bucket = ? AND dl_date >= ? AND dl_date <= ? AND downloads <> counted;\n"
	"-- ... and marks each as counted\n"
	"-- weight: 50000\n"
	"UPSERT INTO version_downloads (version_id, dl_date, counted, index_version_downloads_date_bucket) VALUES (?, ?, ?, ?);\n"
	"-- ad hoc: the biggest single days ever recorded\n"
	"-- weight: 1\n"
	"SELECT version_id, dl_date, downloads FROM version_downloads WHERE downloads > ?;\n";

static const char *const e72_schema =
	"-- rows: 2200000\n"
	"-- distinct: flight_no 6000\n"
	"-- distinct: origin 300\n"
	"-- distinct: destination 300\n"
	"CREATE TABLE flights (flight_no VARCHAR(8) NOT NULL, departure_date BIGINT NOT NULL,\n"
	"  origin VARCHAR(3), destination VARCHAR(3), departure_time BIGINT, arrival_time BIGINT,\n"
	"  aircraft VARCHAR(8), status VARCHAR(16),\n"
	"  PRIMARY KEY (flight_no, departure_date));\n"
	"-- rows: 390000000\n"
	"-- distinct: flight_no 6000\n"
	"-- distinct: departure_date 360\n"
	"-- distinct: pnr 50000000\n"
	"CREATE TABLE seat_inventory (flight_no VARCHAR(8) NOT NULL, departure_date BIGINT NOT NULL,\n"
	"  cabin VARCHAR(1) NOT NULL, seat_no VARCHAR(4) NOT NULL, status VARCHAR(8), pnr VARCHAR(6),\n"
	"  passenger_id VARCHAR(32), hold_expires_at BIGINT, fare_class VARCHAR(1),\n"
	"  PRIMARY KEY (flight_no, departure_date, cabin, seat_no));\n";

static const char *const e72_workload =
	"-- flight search: one day's flights between two airports\n"
	"-- weight: 50000\n"
	"SELECT flight_no, departure_time, arrival_time, aircraft FROM flights WHERE origin = ? AND destination = ? AND departure_date = ?;\n"
	"-- a flight's status\n"
	"-- weight: 20000\n"
	"SELECT status, departure_time, arrival_time FROM flights WHERE flight_no = ? AND departure_date = ?;\n"
	"-- the schedule is loaded, a flight and a date at a time\n"
	"-- weight: 200\n"
	"INSERT INTO flights (flight_no, departure_date, origin, destination, departure_time, arrival_time, aircraft, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'scheduled');\n"
	"-- operations update a flight's status (boarding, departed, delayed ...)\n"
	"-- weight: 2000\n"
	"UPDATE flights SET status = ? WHERE flight_no = ? AND departure_date = ?;\n"
	"-- the seat map of a flight\n"
	"-- weight: 40000\n"
	"SELECT cabin, seat_no, status FROM seat_inventory WHERE flight_no = ? AND departure_date = ?;\n"
	"-- the free seats of one cabin\n"
	"-- weight: 10000\n"
	"SELECT seat_no, fare_class FROM seat_inventory WHERE flight_no = ? AND departure_date = ? AND cabin = ? AND status = 'available';\n"
	"-- the seats of a scheduled flight are created\n"
	"-- weight: 1000\n"
	"INSERT INTO seat_inventory (flight_no, departure_date, cabin, seat_no, status, fare_class) VALUES (?, ?, ?, ?, 'available', ?);\n"
	"-- a seat is held for a booking\n"
	"-- weight: 8000\n"
	"UPDATE seat_inventory SET status = 'held', pnr = ?, hold_expires_at = ? WHERE flight_no = ? AND departure_date = ? AND cabin = ? AND seat_no = ?;\n"
	"-- the booking is paid: the seat is sold\n"
	"-- weight: 6000\n"
	"UPDATE seat_inventory SET status = 'sold', passenger_id = ? WHERE flight_no = ? AND departure_date = ? AND cabin = ? AND seat_no = ?;\n"
	"-- a hold is released (the booking abandoned or cancelled)\n"
	"-- weight: 2000\n"
	"UPDATE seat_inventory SET status = 'available', pnr = NULL, hold_expires_at = NULL WHERE flight_no = ? AND departure_date = ? AND cabin = ? AND seat_no = ?;\n"
	"-- manage booking and check-in: the seats of a booking (PNR)\n"
	"-- weight: 10000\n"
	"SELECT flight_no, departure_date, cabin, seat_no, status FROM seat_inventory WHERE pnr = ?;\n"
	"-- the sweeper, once a minute: holds that have expired\n"
	"-- weight: 60\n"
	"SELECT flight_no, departure_date, cabin, seat_no FROM seat_inventory WHERE status = 'held' AND hold_expires_at < ?;\n";

/* E70's venues (Phoenix): a key stated monotonic (ObjectIds: creation time
 * first) whose writes, 100 new venues and 300 corrections, are 1% of the
 * 40,000 weighted GETs'. */
static const char *const e70_schema =
	"-- rows: 100000000\n"
	"-- distribution: venue_id monotonic\n"
	"CREATE TABLE venues (venue_id VARCHAR(24) NOT NULL, name VARCHAR(255), category_id VARCHAR(24),\n"
	"  lat DOUBLE, lng DOUBLE, address VARCHAR(255), created_at TIMESTAMP\n"
	"  CONSTRAINT pk PRIMARY KEY (venue_id));\n";

static const char *const e70_workload =
	"-- GET /venues/VENUE_ID\n"
	"-- weight: 40000\n"
	"SELECT name, category_id, lat, lng, address FROM venues WHERE venue_id = ?;\n"
	"-- a user adds a venue (its id a new ObjectId: the first 4 bytes are the creation time)\n"
	"-- weight: 100\n"
	"UPSERT INTO venues (venue_id, name, category_id, lat, lng, address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?);\n"
	"-- a superuser corrects a venue\n"
	"-- weight: 300\n"
	"UPSERT INTO venues (venue_id, name, address) VALUES (?, ?, ?);\n";

/* E69: Buildkite's builds, multi-tenant (Phoenix), read on a tenant's
 * connection. */
static const char *const e69_schema =
	"-- rows: 3000000000\n"
	"-- distinct: org_id 150000\n"
	"-- distinct: pipeline_slug 3000000\n"
	"-- distinct: state 11\n"
	"-- distinct: commit_sha 1000000000\n"
	"CREATE TABLE builds (org_id VARCHAR(36) NOT NULL, pipeline_slug VARCHAR(100) NOT NULL,\n"
	"  build_number BIGINT NOT NULL, state VARCHAR(16), branch VARCHAR(255), commit_sha VARCHAR(40),\n"
	"  message VARCHAR(1000), creator_id VARCHAR(36), created_at TIMESTAMP, scheduled_at TIMESTAMP,\n"
	"  started_at TIMESTAMP, finished_at TIMESTAMP\n"
	"  CONSTRAINT pk PRIMARY KEY (org_id, pipeline_slug, build_number DESC)) MULTI_TENANT=true;\n"
	"CREATE INDEX builds_created_at ON builds (created_at);\n"
	"CREATE VIEW running_builds AS SELECT * FROM builds WHERE state = 'running';\n";

static const char *const e69_workload =
	"-- keyplan:tenant acme\n"
	"-- a build is created (the API's POST .../pipelines/{pipeline}/builds, or the code host's webhook)\n"
	"-- weight: 10000\n"
	"UPSERT INTO builds (pipeline_slug, build_number, state, branch, commit_sha, message, creator_id, created_at, scheduled_at) VALUES (?, ?, 'scheduled', ?, ?, ?, ?, ?, ?);\n"
	"-- an agent starts it\n"
	"-- weight: 10000\n"
	"UPSERT INTO builds (pipeline_slug, build_number, state, started_at) VALUES (?, ?, 'running', ?);\n"
	"-- it finishes (passed, failed, canceled)\n"
	"-- weight: 10000\n"
	"UPSERT INTO builds (pipeline_slug, build_number, state, finished_at) VALUES (?, ?, ?, ?);\n"
	"-- GET .../pipelines/{pipeline}/builds: the pipeline page, newest first\n"
	"-- weight: 20000\n"
	"SELECT build_number, state, branch, commit_sha, message, created_at, finished_at FROM builds WHERE pipeline_slug = ? ORDER BY build_number DESC LIMIT 30;\n"
	"-- GET .../pipelines/{pipeline}/builds/{number}\n"
	"-- weight: 30000\n"
	"SELECT state, branch, commit_sha, message, creator_id, created_at, started_at, finished_at FROM builds WHERE pipeline_slug = ? AND build_number = ?;\n"
	"-- the pipeline page filtered by branch\n"
	"-- weight: 5000\n"
	"SELECT build_number, state, commit_sha, created_at FROM builds WHERE pipeline_slug = ? AND branch = ? ORDER BY build_number DESC LIMIT 10;\n"
	"-- GET /v2/organizations/{org}/builds?state=running: the organization's running builds, polled by its dashboard\n"
	"-- weight: 3000\n"
	"SELECT pipeline_slug, build_number, branch, started_at FROM running_builds;\n"
	"-- GET /v2/organizations/{org}/builds?commit=...: the code host asks for a commit's builds\n"
	"-- weight: 2000\n"
	"SELECT pipeline_slug, build_number, state FROM builds WHERE commit_sha = ?;\n";

/* E64: a loyalty ledger keyed by a sequence (Phoenix). No read of
 * LOYALTY_EVENT is served by its key today (each scans it), so the hash
 * prefix's words say none computes the hash (first run: "every read binds
 * EVENT_ID by = or IN, so each computes it", of reads that bind nothing). */
static void test_e64_hash_prefix_words_no_read(void)
{
	run r;
	run_w(&r, e64_schema, e64_workload, KP_TARGET_PHOENIX);
	int found = 0;
	for (uint32_t i = 0; i < r.adv.advice.n; i++) {
		const kp_advice *x = r.adv.advice.items[i];
		if (strcmp(x->kind, "hash_prefix") || strcasecmp(x->table->name, "LOYALTY_EVENT"))
			continue;
		found++;
		CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "no read of LOYALTY_EVENT is served by its key or an index "
		                                          "today, so none computes it"));
		CU_ASSERT_PTR_NULL(strstr(x->message, "every read binds"));
	}
	CU_ASSERT_TRUE(found > 0);
	run_free(&r);
}

/* E64: the weight-1 nightly expiry job, a full scan Phoenix runs, bought a
 * salted (EVENT_TYPE, CREATED_AT) index in the first run (its 2e10 rows a
 * night outweighed 35,000 weighted event writes at the exchange rate).
 * The batch rule holds for full scans the store runs as for refused reads,
 * at KP_SCAN_RUN_RATE: 35000 rows written a run, past the 3000 a run that
 * serving it is worth, so the rows it saves the job do not count for it
 * and the index stays an alternative; the activity and refund indexes stay
 * recommended. */
static void test_e64_rare_full_scan_is_a_batch(void)
{
	run r;
	run_w(&r, e64_schema, e64_workload, KP_TARGET_PHOENIX);
	/* the activity read's path as the key (keysearch.c), with the order
	 * index (the first run's hash prefix and account index: alternatives) */
	expect_recommended(&r, "LOYALTY_EVENT", "reorder_key [ACCOUNT_ID][CREATED_AT DESC][EVENT_ID]; secondary_index "
	                                        "[ORDER_ID][EVENT_ID]");
	const kp_advice *job = alternative(&r, "LOYALTY_EVENT", "secondary_index", "[EVENT_TYPE][CREATED_AT][EVENT_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(job);
	CU_ASSERT_PTR_NOT_NULL_FATAL(job->trades);
	/* the job's read through the index salted 16 ways: 16 scans merged,
	 * 16 rows more (advisor21) */
	CU_ASSERT_STRING_EQUAL(job->trades,
	                       "reads 360000250000000 rows (now 360020000000000), writes 70000 (now 35000); serves full "
	                       "scans the store runs (weight 1), for 35000 more weighted rows written (35000 a run): more "
	                       "than the 3000 a run that is worth, so the rows it saves them do not count for it: a read "
	                       "that rare against the writes is a batch, run as it runs today or as an export; every "
	                       "UPSERT writes 2 rows");
	const kp_table_review *v = review_of(&r, "LOYALTY_EVENT");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	/* the job scans as today: 2e10 rows read; each event writes 2 rows */
	CU_ASSERT_EQUAL(v->rows_per_insert_after, 2);
	CU_ASSERT_DOUBLE_EQUAL(v->after.written, 70000, 1e-6);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "LOYALTY_EVENT", 24), "");
	run_free(&r);
}

/* E69: the running builds, read through a tenant view whose constant binds
 * STATE (11 values stated). An index (ORG_ID, STATE) reads the tenant's
 * 20,000 rows / 11 = 1,818 a read: a state is every tenant's, not spread
 * over the 150,000 organizations (first run: "reads 101130000 rows (now
 * 101130000)", the tenant's whole range, so the index the designer
 * required only an alternative). Now it is recommended with the commit
 * index and the drop; the view's read a SCAN. */
static void test_e69_bound_columns_combine(void)
{
	run r;
	run_w(&r, e69_schema, e69_workload, KP_TARGET_PHOENIX);
	expect_recommended(&r, "BUILDS", "secondary_index [ORG_ID][STATE][PIPELINE_SLUG][BUILD_NUMBER]; secondary_index "
	                                 "[ORG_ID][COMMIT_SHA][PIPELINE_SLUG][BUILD_NUMBER]; drop_index "
	                                 "[ORG_ID][CREATED_AT][PIPELINE_SLUG][BUILD_NUMBER DESC]");
	const kp_advice *running = recommended_kind(&r, "BUILDS", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(running);
	CU_ASSERT_STRING_EQUAL(running->ddl, "CREATE INDEX idx_BUILDS_ORG_ID_STATE ON BUILDS (STATE) INCLUDE (BRANCH, "
	                                     "STARTED_AT)");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "BUILDS", 22), "FILTERED SCAN -> SCAN");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "BUILDS", 25), "FILTERED SCAN -> SCAN");
	const kp_table_review *v = review_of(&r, "BUILDS");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	/* 30000 GETs + 20000 x 30 + 5000 x 10 / 0.1 (the branch filter) +
	 * 3000 x 20000 / 11 + 2000 x 3 */
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 101130000, 1e-3);
	CU_ASSERT_DOUBLE_EQUAL(v->after.read, 30000 + 600000 + 500000 + 3000 * 20000.0 / 11 + 6000, 1);
	run_free(&r);
}

/* E61: Netflix's bookmarks (Lindorm). The heartbeats are UPSERTs of every
 * column of one bookmark again and again: the drop of the unread index on
 * updated_at names them as UPSERTs, not inserts, in the singular where one
 * row is written (first run: "every insert now writes 1 rows (2 now)"). */
static void test_e61_upserts_named_as_such(void)
{
	run r;
	run_w(&r, e61_schema, e61_workload, KP_TARGET_LINDORM);
	expect_recommended(&r, "bookmark", "drop_index [updated_at][profile_id][title_id]");
	const kp_table_review *v = review_of(&r, "bookmark");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v->write_cost);
	CU_ASSERT_STRING_EQUAL(v->write_cost,
	                       "every UPSERT now writes 1 row (2 now); each UPSERT of a row that exists (w.sql:9, weight "
	                       "300000; its key named by w.sql:12) now writes 1 row (3 now): it moves the row of 0 indexes "
	                       "(1 now) whose key holds a column it sets to a new value, the old deleted and the new "
	                       "written");
	run_free(&r);
}

/* E61: the heartbeat UPSERTs every column of a bookmark its resume read
 * looks up by the whole key (profile_id, title_id): a row that exists,
 * again and again, whose monotonic updated_at keys bookmark_updated, so
 * each heartbeat moves that index's row (the old deleted, the new
 * written): 3 rows today, not 2 (was counted 600000 -> 300000). Without a
 * statement naming the key, or with the key from a sequence (E64's
 * events), the UPSERT is a new row: one row a copy, nothing moved. */
static void test_e61_heartbeat_moves_index_row(void)
{
	run r;
	run_w(&r, e61_schema, e61_workload, KP_TARGET_LINDORM);
	const kp_table_review *v = review_of(&r, "bookmark");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.written, 900000, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->after.written, 300000, 1e-6);
	run_free(&r);

	/* no statement names the whole key: counted as an insert */
	char w[4096];
	const char *get = "SELECT position_sec, updated_at FROM bookmark WHERE profile_id = ? AND title_id = ?;\n";
	const char *at = strstr(e61_workload, get);
	CU_ASSERT_PTR_NOT_NULL_FATAL(at);
	snprintf(w, sizeof w, "%.*s%s", (int)(at - e61_workload), e61_workload, at + strlen(get));
	run_w(&r, e61_schema, w, KP_TARGET_LINDORM);
	v = review_of(&r, "bookmark");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.written, 600000, 1e-6);
	run_free(&r);

	/* the key from a sequence: a new row each time */
	static const char *const seq_schema =
		"CREATE SEQUENCE bm_seq;\n"
		"-- rows: 10000000000\n"
		"-- distribution: updated_at monotonic\n"
		"CREATE TABLE bookmark (bookmark_id BIGINT NOT NULL, position_sec INTEGER, updated_at BIGINT,\n"
		"  PRIMARY KEY (bookmark_id));\n"
		"CREATE INDEX bookmark_updated ON bookmark (updated_at);\n";
	static const char *const seq_workload =
		"-- weight: 300000\n"
		"UPSERT INTO bookmark (bookmark_id, position_sec, updated_at) VALUES (NEXT VALUE FOR bm_seq, ?, ?);\n"
		"-- weight: 60000\n"
		"SELECT position_sec, updated_at FROM bookmark WHERE bookmark_id = ?;\n";
	run_w(&r, seq_schema, seq_workload, KP_TARGET_PHOENIX);
	v = review_of(&r, "BOOKMARK");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.written, 600000, 1e-6);
	run_free(&r);
}

/* E67: crates.io's download counts (Lindorm). The date index rebuilt led
 * by a bucket keyplan names after it (index_version_downloads_date_bucket);
 * applied, the name's words (date, bucket) read as a time bucket made
 * KP101 of keyplan's own DDL and a second rebuild led by ..._bucket2. The
 * integer column named <index>_bucket that leads that index is read back
 * as the spread keyplan made it: the applied design stands. */
static void test_e67_own_bucket_read_back_as_spread(void)
{
	run r;
	run_w(&r, e67_schema, e67_workload, KP_TARGET_LINDORM);
	const kp_advice *rb = recommended_kind(&r, "version_downloads", "rebuild_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(rb);
	CU_ASSERT_STRING_EQUAL(rb->key, "[index_version_downloads_date_bucket][dl_date][version_id]");
	run_free(&r);
	run_w(&r, e67_applied_schema, e67_applied_workload, KP_TARGET_LINDORM);
	expect_recommended(&r, "version_downloads", "");
	expect_recommended(&r, "crates", "");
	CU_ASSERT_PTR_NULL(recommended_kind(&r, "version_downloads", "rebuild_index"));
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_HOT_MONOTONIC), 0);
	const kp_table_review *v = review_of(&r, "version_downloads");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 0, 1e-9);
	run_free(&r);
}

/* E72: seat inventory (Tablestore). Each hold, sale and release UPDATE
 * sets status (and the hold's and release's pnr, hold_expires_at): an
 * index whose key holds a column it sets moves its row, the old deleted
 * and the new written, 2 rows, not a rewrite in place. The sweeper's index
 * table keyed by status and hold_expires_at then costs 33,000 weighted
 * rows (1,000 inserts, 16,000 updates each moving its row) for weight-60
 * sweeps, 550 a run, past the 300 a run they are worth: an alternative
 * (first run: recommended, the moves counted as one rewrite each, 17,000).
 * A move needs a new value: a constant or arithmetic set (status =
 * 'held', pnr = NULL); a parameter may write the value back (E19's
 * principal_name in test_designs3). The PNR index's trades count the
 * release's move (pnr = NULL) and the hold's and sale's rewrites (pnr = ?,
 * and status, which it holds). */
static void test_e72_update_moves_index_rows(void)
{
	run r;
	run_w(&r, e72_schema, e72_workload, KP_TARGET_TABLESTORE);
	CU_ASSERT_PTR_NULL(recommended_kind(&r, "seat_inventory", "index_table"));
	const kp_advice *sw = alternative(&r, "seat_inventory", "index_table", "[bucket + status][hold_expires_at][seat_inventory_key]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(sw);
	CU_ASSERT_PTR_NOT_NULL_FATAL(sw->trades);
	/* 1000 inserts + (8000 + 6000 + 2000) updates, each moving its row: 33000 */
	CU_ASSERT_PTR_NOT_NULL(strstr(sw->trades, "makes reads the store refuses run (weight 60), for 33000 more weighted "
	                                          "rows written (550 a run): more than the 300 a run that is worth"));
	CU_ASSERT_PTR_NOT_NULL(strstr(sw->trades, "each update of status, passenger_id (w.sql:27, weight 6000) now writes "
	                                          "3 rows (1 now): it moves the row of 1 index (0 now) whose key holds a "
	                                          "column it sets to a new value, the old deleted and the new written"));
	/* the PNR index: the hold and the release set pnr, which it keys (a
	 * move, 3 rows); the sale sets status, which it holds (a rewrite, 2).
	 * It is the recommendation: the search index over status, pnr and
	 * hold_expires_at (recommended before, making the weight-60 sweep run
	 * too) would take the booking read, which looks a row up by the pnr
	 * the hold sets, onto an index the writes reach asynchronously */
	expect_recommended(&r, "seat_inventory", "secondary_index [pnr][flight_no][departure_date][cabin][seat_no]");
	const kp_table_review *v = review_of(&r, "seat_inventory");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v->write_cost);
	CU_ASSERT_STRING_EQUAL(v->write_cost,
	                       "every insert now writes 2 rows (1 now); each update of status, pnr, hold_expires_at "
	                       "(w.sql:24, weight 8000) now rewrites 2 rows (1 now); each update of status, passenger_id "
	                       "(w.sql:27, weight 6000) now rewrites 2 rows (1 now); each update of status, pnr, "
	                       "hold_expires_at (w.sql:30, weight 2000) now writes 3 rows (1 now): it moves the row of 1 "
	                       "index (0 now) whose key holds a column it sets to a new value, the old deleted and the new "
	                       "written");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "seat_inventory", 33), "full scan -> SCAN");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "seat_inventory", 36), "");
	CU_ASSERT_DOUBLE_EQUAL(v->after.refused, 60, 1e-9);
	const kp_advice *search = NULL;
	for (uint32_t i = 0; i < r.adv.advice.n; i++) {
		const kp_advice *x = r.adv.advice.items[i];
		if (!strcmp(x->kind, "search_index") && !strcmp(x->table->name, "seat_inventory") && !x->recommended)
			search = x;
	}
	CU_ASSERT_PTR_NOT_NULL_FATAL(search);
	CU_ASSERT_PTR_NOT_NULL_FATAL(search->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(search->trades,
	                              "moves onto a search index reads that look a row up by a value the workload's "
	                              "updates set: w.sql:33 (weight 10000), w.sql:36 (weight 60): the store brings writes "
	                              "to a search index asynchronously, so such a read just after its write may miss the "
	                              "row, where a KV index is written with the row; not recommended while it takes them"));
	run_free(&r);
}

/* E70: a write hotspot worth no migration. Every write of venues lands on
 * one region (400), but the writes are 0.99% of the table's weighted
 * statements, under KP_HOT_SHARE (5%): fewer rows on one region do not
 * decide before the rows, the salt and the hash prefix cost what the key
 * costs, and the design stands (first run: SALT_BUCKETS recommended, "on
 * one region 400 -> 0"). The same table with writes of 10% of its load
 * (4,400 of 44,000) is salted: there the hotspot decides. */
static void test_e70_small_write_share_buys_no_key_change(void)
{
	run r;
	run_w(&r, e70_schema, e70_workload, KP_TARGET_PHOENIX);
	expect_recommended(&r, "venues", "");
	const kp_table_review *v = review_of(&r, "venues");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 400, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v->before.total, 41200, 1e-6);
	const kp_advice *salt = alternative(&r, "VENUES", "salt_buckets", "[salt][VENUE_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(salt);
	CU_ASSERT_EQUAL(salt->rank, 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(salt->trades);
	CU_ASSERT_STRING_EQUAL(salt->trades,
	                       "spreads 400 weighted rows written that land on one region today (the table's writes, "
	                       "weight 400, are 0.99% of its weighted statements, under the 5% at which a write hotspot "
	                       "decides before the rows: the region that takes them has throughput to spare); reads 40000 "
	                       "rows (now 40000), writes 400 (now 400)");
	run_free(&r);

	/* the writes a tenth of the load: the hotspot decides */
	char w[1024];
	const char *at = strstr(e70_workload, "-- weight: 100\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(at);
	snprintf(w, sizeof w, "%.*s-- weight: 4100\n%s", (int)(at - e70_workload), e70_workload,
	         at + strlen("-- weight: 100\n"));
	run_w(&r, e70_schema, w, KP_TARGET_PHOENIX);
	expect_recommended(&r, "venues", "salt_buckets [salt][VENUE_ID]");
	v = review_of(&r, "venues");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 4400, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
	run_free(&r);
}

/* E81 (tests/advisor/designs13.md): a sequence-keyed table whose writes
 * are 10% of its load, but whose inserts, the only writes that land at the
 * sequence's insertion point, are 4%: an UPSERT naming a row by the id the
 * sequence issued (a permission change) and a DELETE by id land where that
 * row is. The hotspot does not decide before the rows and the key stands
 * (before: writes of 1,000 of 10,000 weighted statements, 10%, salted).
 * With inserts of 10% it is salted. */
static const char *const shares_schema =
	"-- rows: 400000000\n"
	"CREATE TABLE shares (id BIGINT NOT NULL, owner VARCHAR(64), perm SMALLINT CONSTRAINT pk PRIMARY KEY (id));\n"
	"CREATE SEQUENCE shares_seq;\n";

static void shares_workload(char *w, size_t n, int inserts)
{
	snprintf(w, n,
	         "-- weight: 9000\n"
	         "SELECT owner, perm FROM shares WHERE id = ?;\n"
	         "-- weight: %d\n"
	         "UPSERT INTO shares (id, owner, perm) VALUES (NEXT VALUE FOR shares_seq, ?, ?);\n"
	         "-- weight: 300\n"
	         "UPSERT INTO shares (id, perm) VALUES (?, ?);\n"
	         "-- weight: 300\n"
	         "DELETE FROM shares WHERE id = ?;\n",
	         inserts);
}

static void test_e81_writes_by_id_are_not_at_the_insertion_point(void)
{
	run r;
	char w[1024];
	shares_workload(w, sizeof w, 400);
	run_w(&r, shares_schema, w, KP_TARGET_PHOENIX);
	expect_recommended(&r, "shares", "");
	const kp_advice *salt = alternative(&r, "SHARES", "salt_buckets", "[salt][ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(salt);
	CU_ASSERT_PTR_NOT_NULL_FATAL(salt->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(salt->trades,
	                              "(the table's writes, weight 400, are 4% of its weighted statements, under the 5% at "
	                              "which a write hotspot decides before the rows: the region that takes them has "
	                              "throughput to spare; the writes that name a row by its whole key, weight 600, land "
	                              "where that row is, not at the key's insertion point)"));
	run_free(&r);

	shares_workload(w, sizeof w, 1100);
	run_w(&r, shares_schema, w, KP_TARGET_PHOENIX);
	expect_recommended(&r, "shares", "salt_buckets [salt][ID]");
	run_free(&r);
}

/* E81 (tests/advisor/designs13.md): Phoenix salts a salted table's global
 * indexes too (PHOENIX-534), so a read through one is one scan a bucket,
 * merged, in the cost as in its words. A merged read reads the rows in
 * range, each bucket its share (an empty bucket's seek returns none; until
 * advisor21's round B, one row more a bucket, which made the hash prefix
 * win by 16 rows an index read). */
static void test_e81_salted_table_index_reads_are_n_scans(void)
{
	static const char *const schema =
		"-- rows: 400000000\n"
		"-- distinct: owner 30000000\n"
		"CREATE TABLE shares (id BIGINT NOT NULL, owner VARCHAR(64), perm SMALLINT CONSTRAINT pk PRIMARY KEY (id));\n"
		"CREATE SEQUENCE shares_seq;\n"
		"CREATE INDEX shares_owner ON shares (owner) INCLUDE (perm);\n";
	static const char *const workload =
		"-- weight: 5000\n"
		"SELECT owner, perm FROM shares WHERE id = ?;\n"
		"-- weight: 4000\n"
		"SELECT id, perm FROM shares WHERE owner = ?;\n"
		"-- weight: 1100\n"
		"UPSERT INTO shares (id, owner, perm) VALUES (NEXT VALUE FOR shares_seq, ?, ?);\n";
	run r;
	run_w(&r, schema, workload, KP_TARGET_PHOENIX);
	/* the hotspot decides (inserts 11% of the statements); the two that
	 * spread it read the same rows: the GET computes its bucket (1 row),
	 * the owner's read through the index salted with the table is 16 scans
	 * of the owner's 13.33 rows in all (5000 + 4000 x 13.33); the salt,
	 * which Phoenix does itself, is first */
	expect_recommended(&r, "shares", "salt_buckets [salt][ID]");
	const kp_advice *hp = alternative(&r, "SHARES", "hash_prefix", "[md5(ID).substr(0,4)][ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(hp);
	CU_ASSERT_PTR_NOT_NULL_FATAL(hp->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(hp->trades, "reads 58333 rows (now 58333)"));
	CU_ASSERT_STRING_EQUAL(change_at(&r, "shares", 4), "");   /* still a SCAN through shares_owner */
	run_free(&r);
}

/* E80 (tests/advisor/designs13.md): a DESC is a key change: every row
 * copied. A read backwards of a third of a variant's channel, 33 rows of
 * one = prefix, lies in one block: it costs its rows, as forwards, and a
 * DESC on 2 billion rows saves it nothing (before advisor36 it saved
 * 10,000 weighted rows a run at 2 a row, not enough for the copy of 8e9;
 * before advisor21 it was recommended, no copy priced). On 2 million rows
 * of 150 variants the range holds 333 rows: 3 seeks back to a block's
 * start past the first a run (KP_REVERSE_BLOCK_ROWS), 900 weighted rows
 * saved against 80 a run of copy (8e6 over KP_PAYBACK_RUNS): it pays and
 * is recommended. */
static void price_log(char *schema, size_t n, const char *rows, const char *variants)
{
	snprintf(schema, n,
	         "-- rows: %s\n"
	         "-- distinct: variant_code %s\n"
	         "-- distinct: channel_code 4\n"
	         "CREATE TABLE price_log (variant_code VARCHAR(255) NOT NULL, channel_code VARCHAR(255) NOT NULL,\n"
	         "  logged_at TIMESTAMP NOT NULL, price INTEGER, PRIMARY KEY (variant_code, channel_code, logged_at));\n",
	         rows, variants);
}

static const char *const price_log_workload =
	"-- weight: 10000\n"
	"UPSERT INTO price_log (variant_code, channel_code, logged_at, price) VALUES (?, ?, ?, ?);\n"
	"-- weight: 300\n"
	"SELECT logged_at, price FROM price_log WHERE variant_code = ? AND channel_code = ? AND logged_at >= ? "
	"ORDER BY logged_at DESC;\n";

static void test_e80_a_key_change_pays_its_copy_back(void)
{
	run r;
	char schema[1024];
	price_log(schema, sizeof schema, "2000000000", "1500000");
	run_w(&r, schema, price_log_workload, KP_TARGET_LINDORM);
	expect_recommended(&r, "price_log", "");
	const kp_advice *desc = alternative(&r, "price_log", "desc_key", "[variant_code][channel_code][logged_at DESC]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(desc);
	CU_ASSERT_PTR_NOT_NULL_FATAL(desc->trades);
	CU_ASSERT_STRING_EQUAL(desc->trades, "reads 10000 rows (now 10000), writes 10000 (now 10000)");
	const kp_table_review *v = review_of(&r, "price_log");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.migration, 0, 1e-9);
	run_free(&r);

	price_log(schema, sizeof schema, "2000000", "150");
	run_w(&r, schema, price_log_workload, KP_TARGET_LINDORM);
	expect_recommended(&r, "price_log", "desc_key [variant_code][channel_code][logged_at DESC]");
	v = review_of(&r, "price_log");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->after.migration, 2e6 * (1 + 3), 1e-3);   /* read once, written once at KP_WRITE_RATE (3) */
	CU_ASSERT_DOUBLE_EQUAL(v->after.total - v->before.total, -900 + 2e6 * (1 + 3) / 1e5, 1e-3);   /* over KP_PAYBACK_RUNS */
	run_free(&r);
}

/* E98's latest blocks and E99's activity pages (tests/advisor/designs16.md),
 * E80's latest price (designs13.md): a reverse read of a key range that its
 * LIMIT ends is what HBase, Lindorm and Phoenix run natively (a reversed
 * scan seeks to the range's end once and reads back), and costs the rows
 * it returns; only a read that goes through its range backwards, or reads
 * the whole table backwards, costs KP_REVERSE_FACTOR a row. So a DESC key
 * saves a bounded read nothing and never pays for its copy, whatever its
 * weight; the same read without its LIMIT still gets it. Before, the
 * LIMIT 10 read of weight 6,000 cost 20 rows a run, and a DESC key of 21
 * million rows "paid" (1,470 a run of copy against 60,000 saved). */
static void test_bounded_reverse_read_buys_no_desc(void)
{
	static const char *schema = "-- rows: 21000000\n"
	                            "CREATE TABLE block_header (block_number BIGINT NOT NULL, miner VARCHAR(42), "
	                            "PRIMARY KEY (block_number));\n";
	run r;
	run_w(&r, schema,
	      "-- weight: 50\nUPSERT INTO block_header (block_number, miner) VALUES (?, ?);\n"
	      "-- weight: 20000\nSELECT miner FROM block_header WHERE block_number = ?;\n"
	      "-- weight: 6000\nSELECT block_number, miner FROM block_header WHERE block_number > ? "
	      "ORDER BY block_number DESC LIMIT 10;\n",
	      KP_TARGET_LINDORM);
	expect_recommended(&r, "block_header", "");
	const kp_table_review *v = review_of(&r, "block_header");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 20000 * 1 + 6000 * 10, 1e-6);   /* 10 rows a run, not 20 */
	const kp_advice *d = alternative(&r, "block_header", "desc_key", "[block_number DESC]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(d->trades, "reads 80000 rows (now 80000)"));
	run_free(&r);
	/* a user's range read through backwards (no LIMIT) costs 2 a row, and
	 * the DESC that reads it forwards pays on a small table */
	run_w(&r, "CREATE TABLE feed (u VARCHAR(32) NOT NULL, ts BIGINT NOT NULL, body VARCHAR(200), PRIMARY KEY (u, ts));",
	      "-- weight: 100\nINSERT INTO feed (u, ts, body) VALUES (?, ?, ?);\n"
	      "-- weight: 300\nSELECT body FROM feed WHERE u = ? ORDER BY ts DESC;\n",
	      KP_TARGET_LINDORM);
	expect_recommended(&r, "feed", "desc_key [u][ts DESC]");
	run_free(&r);
	/* the same read with a LIMIT that ends it before the user's rows do */
	run_w(&r, "CREATE TABLE feed (u VARCHAR(32) NOT NULL, ts BIGINT NOT NULL, body VARCHAR(200), PRIMARY KEY (u, ts));",
	      "-- weight: 100\nINSERT INTO feed (u, ts, body) VALUES (?, ?, ?);\n"
	      "-- weight: 300\nSELECT body FROM feed WHERE u = ? ORDER BY ts DESC LIMIT 20;\n",
	      KP_TARGET_LINDORM);
	expect_recommended(&r, "feed", "");
	run_free(&r);
}

/* E98's block_header and E106's sequences (tests/advisor/designs16.md,
 * designs17.md): KP101 on a key led by an increasing number, where every
 * write of the table states its rate and the rows a second on one region
 * are under KP_REGION_WRITE_RATE, says so and no longer calls it a write
 * hotspot, as the review's trades already did; without rates, or past the
 * region's rate, its words are unchanged. Before, it warned "(a write
 * hotspot)" at 5 rows a minute. */
static void test_kp101_under_the_stated_rate(void)
{
	static const char *schema = "CREATE TABLE wp_posts (id BIGINT NOT NULL, title VARCHAR(42), "
	                            "PRIMARY KEY (id));\n";
	static const char *read = "-- weight: 20000\nSELECT title FROM wp_posts WHERE id = ?;\n";
	const char *writes[] = {"-- rate: 5/min\n-- weight: 50\nUPSERT INTO wp_posts (id, title) VALUES (?, ?);\n",
	                        "-- weight: 50\nUPSERT INTO wp_posts (id, title) VALUES (?, ?);\n",
	                        "-- rate: 2000/s\n-- weight: 50\nUPSERT INTO wp_posts (id, title) VALUES (?, ?);\n"};
	for (int i = 0; i < 3; i++) {
		char w[512];
		snprintf(w, sizeof w, "%s%s", writes[i], read);
		run r;
		run_w(&r, schema, w, KP_TARGET_LINDORM);
		CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_HOT_MONOTONIC, NULL), 1);
		const char *said = "docs/annotations.md); but every write of wp_posts states its rate (-- rate:), and "
		                   "0.08 rows a second land on that region, under the 1000 a region takes: no write "
		                   "hotspot at these rates";
		CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_HOT_MONOTONIC, said), i == 0);
		CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_HOT_MONOTONIC, "same region (a write hotspot)"), i != 0);
		run_free(&r);
	}
}

/* E100 (tests/advisor/designs16.md) and E91 (designs15.md): a rare read is
 * a batch whichever way the store runs it (docs/advice.md, "The choice"):
 * the weight-20 editorial list, a sorted full scan Phoenix runs, does not
 * buy (WEEK, POINTS), which every one of the 50,000 weighted live-scoring
 * UPSERTs would move (2 rows each: 100,500 weighted rows added, 5,025 a
 * run, past KP_SCAN_RUN_RATE); the same list at weight 200 (502.5 a run)
 * takes it. */
static void test_e100_a_rare_read_is_a_batch(void)
{
	static const char *schema = "-- rows: 324000000\n-- distinct: league_id 1500000\n-- distinct: week 18\n"
	                            "CREATE TABLE matchup (league_id BIGINT NOT NULL, week INTEGER NOT NULL, roster_id "
	                            "INTEGER NOT NULL, matchup_id INTEGER, points DECIMAL(8,2), starters VARCHAR(200), "
	                            "CONSTRAINT pk PRIMARY KEY (league_id, week, roster_id));\n";
	static const char *fmt = "-- weight: 50000\nUPSERT INTO matchup (league_id, week, roster_id, points) VALUES (?, ?, ?, ?);\n"
	                         "-- weight: 500\nUPSERT INTO matchup (league_id, week, roster_id, matchup_id, points, "
	                         "starters) VALUES (?, ?, ?, ?, 0, ?);\n"
	                         "-- weight: 60000\nSELECT roster_id, points FROM matchup WHERE league_id = ? AND week = ?;\n"
	                         "-- weight: %d\nSELECT league_id, roster_id, points FROM matchup WHERE week = ? "
	                         "ORDER BY points DESC LIMIT 100;\n";
	char w[1024];
	run r;
	snprintf(w, sizeof w, fmt, 20);
	run_w(&r, schema, w, KP_TARGET_PHOENIX);
	expect_recommended(&r, "MATCHUP", "");
	const kp_advice *x = alternative(&r, "MATCHUP", "secondary_index", "[WEEK][POINTS][LEAGUE_ID][ROSTER_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_PTR_NOT_NULL_FATAL(x->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->trades, "serves full scans the store runs (weight 20), for 100500 more weighted "
	                                         "rows written (5025 a run): more than the 3000 a run that is worth, so "
	                                         "the rows it saves them do not count for it: a read that rare against "
	                                         "the writes is a batch"));
	run_free(&r);
	snprintf(w, sizeof w, fmt, 200);
	run_w(&r, schema, w, KP_TARGET_PHOENIX);
	expect_recommended(&r, "MATCHUP", "secondary_index [WEEK][POINTS][LEAGUE_ID][ROSTER_ID]");
	run_free(&r);
}

/* E70 with rates stated (-- rate:, docs/annotations.md): where every write
 * of the table states one, a write hotspot decides by the rows a second
 * that land on one region against KP_REGION_WRITE_RATE, not by the share
 * of the weights. The same 0.99% share written at 2,000 rows a second is
 * salted (the share alone kept the hot key); 10% of the weights written at
 * 4 rows a second is not (the share alone salted it). */
static void test_e70_rates_decide_the_hotspot(void)
{
	static const char *const fast =
		"-- weight: 40000\n"
		"-- rate: 20000/s\n"
		"SELECT name, category_id, lat, lng, address FROM venues WHERE venue_id = ?;\n"
		"-- weight: 100\n"
		"-- rate: 500/s\n"
		"UPSERT INTO venues (venue_id, name, category_id, lat, lng, address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?);\n"
		"-- rate: 1500/s\n"
		"-- weight: 300\n"
		"UPSERT INTO venues (venue_id, name, address) VALUES (?, ?, ?);\n";
	run r;
	run_w(&r, e70_schema, fast, KP_TARGET_PHOENIX);
	expect_recommended(&r, "venues", "salt_buckets [salt][VENUE_ID]");
	const kp_table_review *v = review_of(&r, "venues");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 400, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v->after.hot, 0, 1e-9);
	CU_ASSERT_TRUE(v->before.by_rate);
	CU_ASSERT_TRUE(v->before.hot_decides);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot_rate, 2000, 1e-9);
	/* the alternative's trades, against the design as it is, say which
	 * decided */
	const kp_advice *salt = alternative(&r, "VENUES", "hash_prefix", "[md5(VENUE_ID).substr(0,4)][VENUE_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(salt);
	CU_ASSERT_PTR_NOT_NULL_FATAL(salt->trades);
	CU_ASSERT_STRING_EQUAL(salt->trades,
	                       "spreads 400 weighted rows written that land on one region today (by the rates the table's "
	                       "writes state (-- rate:), 2000 rows a second land on one region today, at least the 1000 a "
	                       "region takes); reads 40000 rows (now 40000), writes 400 (now 400)");
	run_free(&r);

	/* a tenth of the weights, written slowly: no key change */
	static const char *const slow =
		"-- weight: 40000\n"
		"SELECT name, category_id, lat, lng, address FROM venues WHERE venue_id = ?;\n"
		"-- weight: 4100\n"
		"-- rate: 1/s\n"
		"UPSERT INTO venues (venue_id, name, category_id, lat, lng, address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?);\n"
		"-- weight: 300\n"
		"-- rate: 180/min\n"
		"UPSERT INTO venues (venue_id, name, address) VALUES (?, ?, ?);\n";
	run_w(&r, e70_schema, slow, KP_TARGET_PHOENIX);
	expect_recommended(&r, "venues", "");
	v = review_of(&r, "venues");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot, 4400, 1e-9);
	CU_ASSERT_TRUE(v->before.by_rate);
	CU_ASSERT_FALSE(v->before.hot_decides);
	CU_ASSERT_DOUBLE_EQUAL(v->before.hot_rate, 4, 1e-9);
	salt = alternative(&r, "VENUES", "salt_buckets", "[salt][VENUE_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(salt);
	CU_ASSERT_PTR_NOT_NULL_FATAL(salt->trades);
	CU_ASSERT_STRING_EQUAL(salt->trades,
	                       "spreads 4400 weighted rows written that land on one region today (by the rates the table's "
	                       "writes state (-- rate:), 4 rows a second land on one region today, under the 1000 a region "
	                       "takes: it has throughput to spare); reads 40000 rows (now 40000), writes 4400 (now 4400)");
	run_free(&r);

	/* one write without a rate: the share decides (10%: salted) */
	static const char *const part =
		"-- weight: 40000\n"
		"SELECT name, category_id, lat, lng, address FROM venues WHERE venue_id = ?;\n"
		"-- weight: 4100\n"
		"-- rate: 1/s\n"
		"UPSERT INTO venues (venue_id, name, category_id, lat, lng, address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?);\n"
		"-- weight: 300\n"
		"UPSERT INTO venues (venue_id, name, address) VALUES (?, ?, ?);\n";
	run_w(&r, e70_schema, part, KP_TARGET_PHOENIX);
	expect_recommended(&r, "venues", "salt_buckets [salt][VENUE_ID]");
	v = review_of(&r, "venues");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_FALSE(v->before.by_rate);
	run_free(&r);
}

/* read the schema as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

/* E98's block_header (tests/advisor/designs16.md): keyed by block_number
 * alone, which is unique (a one-column key has as many values as rows).
 * What the review says it rests on names no default for it ("210000 rows
 * a value (1% of the rows) of block_number (no -- distinct:)" before). */
static void test_e98_one_column_key_no_default(void)
{
	run r;
	run_w(&r, "-- rows: 21000000\nCREATE TABLE block_header (block_number BIGINT NOT NULL, block_hash VARCHAR(66), "
	          "miner VARCHAR(42), PRIMARY KEY (block_number));",
	      "-- rate: 5/min\n-- weight: 50\nUPSERT INTO block_header (block_number, block_hash, miner) VALUES (?, ?, ?);\n"
	      "-- weight: 20000\nSELECT block_hash, miner FROM block_header WHERE block_number = ?;\n"
	      "-- weight: 6000\nSELECT block_number, miner FROM block_header WHERE block_number > ? "
	      "ORDER BY block_number DESC LIMIT 10;\n",
	      KP_TARGET_LINDORM);
	const kp_table_review *v = review_of(&r, "block_header");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_PTR_NULL(v->assumes ? strstr(v->assumes, "of block_number (no -- distinct:)") : NULL);
	run_free(&r);
}

KPT_SUITE("weigh", setup, NULL,
	{"E98: a one-column key is no default of what a verdict rests on", test_e98_one_column_key_no_default},
	{"E64: the hash prefix's words when no read is served by the key", test_e64_hash_prefix_words_no_read},
	{"E69: a tenant and a stated few-valued column bound together combine; the running-builds index",
	 test_e69_bound_columns_combine},
	{"E64: a weight-1 full scan the store runs is a batch; its index is an alternative",
	 test_e64_rare_full_scan_is_a_batch},
	{"E61: whole-row UPSERTs named UPSERTs; one row, not 1 rows", test_e61_upserts_named_as_such},
	{"E61: an UPSERT of a row that exists moves the index row; a new row moves nothing",
	 test_e61_heartbeat_moves_index_row},
	{"E67 applied: keyplan's own index bucket read back as a spread; the design stands",
	 test_e67_own_bucket_read_back_as_spread},
	{"E72: an update of an index's key column moves its row; the sweeper's index table does not pay",
	 test_e72_update_moves_index_rows},
	{"E70: a write hotspot of 1% of a table's load buys no key change; of 10% it does",
	 test_e70_small_write_share_buys_no_key_change},
	{"E70: stated write rates decide a hotspot by the rows a second on one region", test_e70_rates_decide_the_hotspot},
	{"E81: writes naming a row by the id a sequence issued are not at its insertion point",
	 test_e81_writes_by_id_are_not_at_the_insertion_point},
	{"E80: a key change pays its copy of every row back within KP_PAYBACK_RUNS runs, or the table stands",
	 test_e80_a_key_change_pays_its_copy_back},
	{"KP101 under the writes' stated rates says so, not a write hotspot (E98, E106)", test_kp101_under_the_stated_rate},
	{"E100: a rare read is a batch whichever way the store runs it (E91)", test_e100_a_rare_read_is_a_batch},
	{"a reverse read its LIMIT ends costs the rows it returns: a DESC key saves it nothing (E98, E99)",
	 test_bounded_reverse_read_buys_no_desc},
	{"E81: a salted Phoenix table's index reads are one scan a bucket", test_e81_salted_table_index_reads_are_n_scans})
