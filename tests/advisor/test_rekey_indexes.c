/* A key change's migration makes the indexes it keeps again (docs/advice.md,
 * "Existing indexes", E123 in tests/advisor/designs20.md): a key cannot
 * change in place, the new table replaces the old, and an index belongs to
 * its table (Phoenix's global index, Lindorm's, Tablestore's CreateIndex),
 * so the DDL is the new CREATE TABLE and then one CREATE INDEX for each
 * index the change keeps: not one another item of the recommendation drops
 * or makes again itself, a disabled one disabled again, and a column the
 * old key held that the new key does not (a bucket spliced into it)
 * INCLUDEd so the index covers what it covered. One case per target, and
 * the appliers' rule: the schema's own statements of an index so made
 * again are left out (the index is made once). */
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

/* events keyed by a rising time, an index by user the reads go through */
#define EV_ROWS "-- rows: 1000000000\n-- distribution: ts monotonic\n"
#define EV_WORKLOAD                                                                                                \
	"-- rate: 5000/s\n-- weight: 5000\nUPSERT INTO ev (ts, id, user_id, v, note) VALUES (?, ?, ?, ?, ?);\n"    \
	"-- weight: 100\nSELECT v, ts, id FROM ev WHERE user_id = ?;\n"                                            \
	"-- weight: 10\nSELECT id, v FROM ev WHERE ts >= ? AND ts < ?;\n"

/* Phoenix: the salt recommended, the visitor-like index kept (made again),
 * an index nothing reads dropped by the recommendation (not made again
 * only to be dropped: its own item drops it), a disabled index made again
 * disabled. The alternative hash prefix, applied alone, keeps all three. */
static void test_phoenix_salt_makes_kept_indexes_again(void)
{
	const char *schema = EV_ROWS
	    "CREATE TABLE ev (ts BIGINT NOT NULL, id BIGINT NOT NULL, user_id VARCHAR(64), v INTEGER, note VARCHAR(200) "
	    "CONSTRAINT pk PRIMARY KEY (ts, id));\n"
	    "CREATE INDEX ev_by_user ON ev (user_id) INCLUDE (v);\n"
	    "CREATE INDEX ev_by_note ON ev (note);\n"
	    "CREATE INDEX ev_by_v ON ev (v);\n"
	    "ALTER INDEX ev_by_v ON ev DISABLE;\n";
	run r;
	run_w(&r, schema, EV_WORKLOAD, KP_TARGET_PHOENIX);
	expect_recommended(&r, "EV", "salt_buckets [salt][TS][ID]; drop_index [NOTE][TS][ID]");
	const kp_table_review *v = review_of(&r, "EV");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_STRING_EQUAL(v->indexes, "EV_BY_USER kept (read through: weight 100); EV_BY_NOTE dropped (#2); EV_BY_V "
	                                   "kept, read by no statement of the workload");
	const kp_advice *s = recommended_kind(&r, "EV", "salt_buckets");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(s->ddl, "CREATE TABLE EV (TS BIGINT NOT NULL, ID BIGINT NOT NULL, USER_ID VARCHAR(64), V "
	                               "INTEGER, NOTE VARCHAR(200), CONSTRAINT pk PRIMARY KEY (TS, ID)) SALT_BUCKETS = 16;\n"
	                               "CREATE INDEX EV_BY_USER ON EV (USER_ID) INCLUDE (V);\n"
	                               "CREATE INDEX EV_BY_V ON EV (V);\n"
	                               "ALTER INDEX EV_BY_V ON EV DISABLE");
	expect_target_takes(s->ddl, KP_TARGET_PHOENIX);
	const kp_advice *h = alternative(&r, "EV", "hash_prefix", "[md5(TS).substr(0,4)][TS][ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_PTR_NOT_NULL(strstr(h->ddl, "CONSTRAINT pk PRIMARY KEY (\"TS_hash\", TS, ID));\n"
	                                      "CREATE INDEX EV_BY_USER ON EV (USER_ID) INCLUDE (V);\n"
	                                      "CREATE INDEX EV_BY_NOTE ON EV (NOTE);\n"
	                                      "CREATE INDEX EV_BY_V ON EV (V);\n"
	                                      "ALTER INDEX EV_BY_V ON EV DISABLE"));
	/* applied (the old CREATE INDEX and ALTER INDEX of the indexes made
	 * again left out, EV_BY_NOTE dropped by its own item): it stands */
	expect_fixpoint_text(&r, schema, EV_WORKLOAD, KP_TARGET_PHOENIX, "EV");
	run_free(&r);
}

/* Lindorm: the bucket recommended (its annotation lines first), the index
 * made again after the table; the hash32 alternative the same. */
static void test_lindorm_bucket_makes_kept_index_again(void)
{
	const char *schema = EV_ROWS
	    "CREATE TABLE ev (ts BIGINT NOT NULL, id BIGINT NOT NULL, user_id VARCHAR(64), v INTEGER, note VARCHAR(200), "
	    "PRIMARY KEY (ts, id));\n"
	    "CREATE INDEX ev_by_user ON ev (user_id) INCLUDE (v);\n";
	run r;
	run_w(&r, schema, EV_WORKLOAD, KP_TARGET_LINDORM);
	expect_recommended(&r, "ev", "salt_buckets [bucket][ts][id]");
	expect_kept(&r, "ev", "ev_by_user");
	const kp_advice *s = recommended_kind(&r, "ev", "salt_buckets");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(s->ddl, "-- distinct: bucket 16\n-- distribution: bucket uniform\n"
	                               "CREATE TABLE ev (bucket INT NOT NULL, ts BIGINT NOT NULL, id BIGINT NOT NULL, "
	                               "user_id VARCHAR(64), v INTEGER, note VARCHAR(200), PRIMARY KEY (bucket, ts, id));\n"
	                               "CREATE INDEX ev_by_user ON ev (user_id) INCLUDE (v)");
	expect_target_takes(s->ddl, KP_TARGET_LINDORM);
	const kp_advice *h = alternative(&r, "ev", "hash_prefix", "[hash32(ts)][ts][id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(h);
	CU_ASSERT_STRING_EQUAL(h->ddl, "CREATE TABLE ev (ts BIGINT NOT NULL, id BIGINT NOT NULL, user_id VARCHAR(64), v "
	                               "INTEGER, note VARCHAR(200), PRIMARY KEY (hash32(ts), ts, id));\n"
	                               "CREATE INDEX ev_by_user ON ev (user_id) INCLUDE (v)");
	expect_target_takes(h->ddl, KP_TARGET_LINDORM);
	run_free(&r);
}

/* Tablestore at its four key columns: the bucket spliced into org_id
 * (org_id_key) leaves org_id out of the key, which every index row held
 * and the device read returns: the index made again INCLUDEs it. A
 * reorder keeps org_id in the key: the index as it was. */
static void test_tablestore_splice_includes_the_column_the_key_dropped(void)
{
	const char *schema =
	    "-- rows: 1000000000\n-- distinct: org_id 20\n-- distribution: ts monotonic\n"
	    "CREATE TABLE reading (org_id VARCHAR(32) NOT NULL, ts BIGINT NOT NULL, device_id VARCHAR(64) NOT NULL, seq "
	    "BIGINT NOT NULL, v BIGINT, PRIMARY KEY (org_id, ts, device_id, seq));\n"
	    "CREATE INDEX reading_by_device ON reading (device_id) INCLUDE (v);\n";
	const char *workload =
	    "-- rate: 5000/s\n-- weight: 5000\nINSERT INTO reading (org_id, ts, device_id, seq, v) VALUES (?, ?, ?, ?, ?);\n"
	    "-- weight: 100\nSELECT org_id, ts, v FROM reading WHERE device_id = ?;\n"
	    "-- weight: 10\nSELECT device_id, v FROM reading WHERE org_id = ? AND ts >= ? AND ts < ?;\n";
	run r;
	run_w(&r, schema, workload, KP_TARGET_TABLESTORE);
	const kp_advice *s = alternative(&r, "reading", "salt_buckets", "[bucket + org_id][ts][device_id][seq]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_STRING_EQUAL(s->ddl, "CREATE TABLE reading (org_id VARCHAR(32) NOT NULL, ts BIGINT NOT NULL, device_id "
	                               "VARCHAR(64) NOT NULL, seq BIGINT NOT NULL, v BIGINT, org_id_key VARCHAR(35) NOT "
	                               "NULL, PRIMARY KEY (org_id_key, ts, device_id, seq));\n"
	                               "CREATE INDEX reading_by_device ON reading (device_id) INCLUDE (org_id, v)");
	expect_target_takes(s->ddl, KP_TARGET_TABLESTORE);
	const kp_advice *o = alternative(&r, "reading", "reorder_key", "[device_id][org_id][ts][seq]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	const char *tail = o->ddl ? strstr(o->ddl, ";\n") : NULL;
	CU_ASSERT_PTR_NOT_NULL_FATAL(tail);
	CU_ASSERT_STRING_EQUAL(tail, ";\nCREATE INDEX reading_by_device ON reading (device_id) INCLUDE (v)");
	run_free(&r);
}

/* The appliers' rule: a schema's CREATE, DROP or ALTER INDEX of an index
 * the key change's DDL makes again (by name and table, any case) is left
 * out; another index, another table's index of the same name, or a
 * statement that is no index's stays. */
static void test_appliers_leave_out_the_index_made_again(void)
{
	const char *ddl = "-- distinct: bucket 16\nCREATE TABLE ev (bucket INT NOT NULL, ts BIGINT NOT NULL, "
	                  "PRIMARY KEY (bucket, ts));\nCREATE INDEX ev_by_user ON ev (user_id) INCLUDE (v)";
	CU_ASSERT_TRUE(ddl_recreates_index(ddl, "CREATE INDEX ev_by_user ON ev (user_id) INCLUDE (v)"));
	CU_ASSERT_TRUE(ddl_recreates_index(ddl, "-- an index\nCREATE INDEX EV_BY_USER ON EV (USER_ID)"));
	CU_ASSERT_TRUE(ddl_recreates_index(ddl, "DROP INDEX IF EXISTS ev_by_user ON ev"));
	CU_ASSERT_TRUE(ddl_recreates_index(ddl, "ALTER INDEX ev_by_user ON ev DISABLE"));
	CU_ASSERT_FALSE(ddl_recreates_index(ddl, "CREATE INDEX ev_by_note ON ev (note)"));
	CU_ASSERT_FALSE(ddl_recreates_index(ddl, "CREATE INDEX ev_by_user ON other (user_id)"));
	CU_ASSERT_FALSE(ddl_recreates_index(ddl, "CREATE TABLE ev_by_user (k INT PRIMARY KEY)"));
	CU_ASSERT_FALSE(ddl_recreates_index(NULL, "CREATE INDEX ev_by_user ON ev (user_id)"));
	/* a statement of several (a rebuild's ALTER TABLE; DROP INDEX; CREATE
	 * INDEX): only the index's own are left out */
	const char *part = "ALTER TABLE ev ADD COLUMN b INT; DROP INDEX ev_by_user ON ev; CREATE INDEX ev_by_user ON ev "
	                   "(b, user_id)";
	kp_buf out = {0};
	put_not_recreated(&out, part, strlen(part), ddl);
	CU_ASSERT_STRING_EQUAL(out.data, "ALTER TABLE ev ADD COLUMN b INT;\n");
	out.len = 0;
	put_not_recreated(&out, "CREATE INDEX ev_by_user ON ev (user_id)", 39, ddl);
	CU_ASSERT_EQUAL(out.len, 0);
	put_not_recreated(&out, "CREATE INDEX ev_by_note ON ev (note)", 36, ddl);
	CU_ASSERT_STRING_EQUAL(out.data, "CREATE INDEX ev_by_note ON ev (note);\n");
	kp_buf_free(&out);
}

/* KP101's fixes, written before the judge ranked them, follow its ranking
 * (the recommended fix first): E125's execution reports (designs20.md)
 * listed #4, #2, #3 before. */
static void test_kp101_help_in_rank_order(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E125.schema.sql", "E125.workload.sql", KP_TARGET_TABLESTORE, texts);
	int checked = 0;
	for (const kp_diag *g = r.d.head; g; g = g->next) {
		if (g->rule != KP_R_HOT_MONOTONIC)
			continue;
		int last = 0;
		for (const kp_help *h = g->helps; h; h = h->next)
			for (uint32_t k = 0; k < r.adv.advice.n; k++) {
				const kp_advice *x = r.adv.advice.items[k];
				size_t m = x->message ? strlen(x->message) : 0;
				if (!x->key || !m || strncmp(h->message, x->message, m) || strcmp(h->message + m, "") == 0 ||
				    strcmp(h->message + m + 2, x->key))
					continue;
				CU_ASSERT_TRUE(x->rank >= last);
				last = x->rank;
				checked++;
				break;
			}
	}
	CU_ASSERT_EQUAL(checked, 3);
	free_files(&r, texts);
}

/* the schema read as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("rekey_indexes", setup, NULL,
          {"Phoenix: the salt makes the kept indexes again, not the dropped one",
           test_phoenix_salt_makes_kept_indexes_again},
          {"Lindorm: the bucket and the hash32 alternative make the index again",
           test_lindorm_bucket_makes_kept_index_again},
          {"Tablestore: a spliced key column is INCLUDEd in the index made again",
           test_tablestore_splice_includes_the_column_the_key_dropped},
          {"the appliers leave out the schema's statements of an index made again",
           test_appliers_leave_out_the_index_made_again},
          {"KP101's fixes in the judge's order (E125)", test_kp101_help_in_rank_order});
