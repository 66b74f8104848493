/* The weighing faults designs10.md and designs11.md found in their first
 * runs (issue 21: E61-E72 of designwriter10 and designwriter11, "Results of
 * the first run"): how the judge weighs and words a step, each test on
 * the design's own files (designs10/, designs11/ and their applied/
 * copies, annotations and comment lines included, copied here as strings).
 * E67 applied: the bucket keyplan named for a rebuilt index read back as
 * one, so its DDL stands. */
#include <stdio.h>
#include <string.h>

#include "adv_run.h"

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

/* The table's recommended item of this kind, or NULL. */
static const kp_advice *recommended_kind(const run *r, const char *table, const char *kind)
{
	const kp_table_review *v = review_of(r, table);
	for (uint32_t i = 0; v && i < v->recommended.n; i++)
		if (!strcmp(((const kp_advice *)v->recommended.items[i])->kind, kind))
			return v->recommended.items[i];
	return NULL;
}

/* Findings of a rule. */
static int count_rule(const run *r, kp_rule rule)
{
	int n = 0;
	for (const kp_diag *d = r->d.head; d; d = d->next)
		n += d->rule == rule;
	return n;
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

/* read the schema as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("weigh", setup, NULL,
	{"E67 applied: keyplan's own index bucket read back as a spread; the design stands",
	 test_e67_own_bucket_read_back_as_spread})
