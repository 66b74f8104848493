/* The columns the advisor adds to a key (a bucket, a hash, a lead with
 * its bucket spliced in) take a name the table lacks in any case: a table
 * with a column of that name of its own gets <name>2, so the advised
 * CREATE TABLE never declares a column twice (KP013), and the target's
 * folding of unquoted names (Phoenix: upper case) finds no twin either.
 * Every advised DDL is applied by adv_run's guard (expect_ddl_valid). */
#include <string.h>

#include "adv_run.h"

/* E26's outbox (tests/advisor/designs4.md) with a column BUCKET of its
 * own (the broker's bucket, not a key column): the bucket the advice
 * leads the key with is bucket2 */
static const char *const outbox_schema =
	"-- distribution: created_at monotonic\n"
	"CREATE TABLE outbox (created_at BIGINT NOT NULL, message_id CHAR(36) NOT NULL,\n"
	"  aggregate_type VARCHAR(64), aggregate_id VARCHAR(64), event_type VARCHAR(64),\n"
	"  BUCKET VARCHAR(64), payload VARCHAR(16000), PRIMARY KEY (created_at, message_id));\n";
static const char *const outbox_workload =
	"-- weight: 30000\n"
	"UPSERT INTO outbox (created_at, message_id, aggregate_type, aggregate_id, event_type, BUCKET, payload) VALUES (?, ?, ?, ?, ?, ?, ?);\n"
	"-- weight: 3000\n"
	"SELECT created_at, message_id, aggregate_type, aggregate_id, event_type, payload FROM outbox WHERE created_at >= ? ORDER BY created_at LIMIT 500;\n"
	"-- weight: 30000\n"
	"DELETE FROM outbox WHERE created_at = ? AND message_id = ?;\n";

static void test_bucket_fresh_name(void)
{
	run r;
	run_w(&r, outbox_schema, outbox_workload, KP_TARGET_LINDORM);
	expect_recommended(&r, "outbox", "salt_buckets [bucket2][created_at][message_id]");
	const kp_advice *x = recommended_kind(&r, "outbox", "salt_buckets");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "lead the key with bucket2 = hash(message_id) % 16, computed by the "
	                                          "writer"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(x->ddl);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->ddl, "bucket2"));
	CU_ASSERT_PTR_NOT_NULL(strstr(x->ddl, "PRIMARY KEY (bucket2, created_at, message_id)"));
	run_free(&r);
}

KPT_SUITE("splice_room", NULL, NULL,
	{"a bucket column takes a name the table lacks (bucket2)", test_bucket_fresh_name})
