/* check's KP101/KP102 findings agree with its design review where every
 * write of the table states its rate (-- rate:): a lead the review finds
 * under the 1,000 rows a second a region takes (KP_REGION_WRITE_RATE) is
 * said to be no write hotspot at these rates, on the table's key and on
 * an index (E126's job_by_status in tests/advisor/designs20.md, E129's
 * PROPERTY_BY_MODIFICATION in designs21.md); without rates the words are
 * unchanged; on Tablestore a partition key of few values over a large
 * table is a hotspot whatever the rate (docs/rules/KP102.md). Expected
 * before running: the status index's KP102 says "no write hotspot at
 * these rates" at 30 writes a second and calls it a write hotspot
 * without the rates; the 30-valued partition key of 20 billion rows keeps
 * its KP102 at 30 writes a second, naming the size of one value. */
#include <stdio.h>
#include <string.h>

#include "adv_run.h"

static const char *const ticket_schema =
	"-- rows: 50000000\n"
	"-- distinct: status 8\n"
	"CREATE TABLE ticket (ticket_id VARCHAR(36) NOT NULL, status INTEGER, updated BIGINT, body VARCHAR(200),\n"
	"  PRIMARY KEY (ticket_id));\n"
	"CREATE INDEX ticket_by_status ON ticket (status, updated);\n";

static const char *const rated =
	"-- rate: 30/s\n-- weight: 30\n"
	"INSERT INTO ticket (ticket_id, status, updated, body) VALUES (?, ?, ?, ?);\n"
	"-- weight: 5000\nSELECT ticket_id FROM ticket WHERE status = ? AND updated < ?;\n"
	"-- weight: 20000\nSELECT body FROM ticket WHERE ticket_id = ?;\n";

static const char *const unrated =
	"-- weight: 30\n"
	"INSERT INTO ticket (ticket_id, status, updated, body) VALUES (?, ?, ?, ?);\n"
	"-- weight: 5000\nSELECT ticket_id FROM ticket WHERE status = ? AND updated < ?;\n"
	"-- weight: 20000\nSELECT body FROM ticket WHERE ticket_id = ?;\n";

static const kp_diag *index_finding(const run *r)
{
	for (const kp_diag *g = r->d.head; g; g = g->next)
		if ((g->rule == KP_R_HOT_ENUM || g->rule == KP_R_HOT_MONOTONIC) && strstr(g->message, "ticket_by_status"))
			return g;
	return NULL;
}

static void test_index_finding_weighed_by_the_stated_rates(void)
{
	run r;
	run_w(&r, ticket_schema, rated, KP_TARGET_TABLESTORE);
	const kp_diag *g = index_finding(&r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	const kp_table_review *v = review_of(&r, "ticket");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_TRUE(v->before.by_rate);
	CU_ASSERT_FALSE(v->before.hot_decides);
	CU_ASSERT_STRING_EQUAL(g->message, "index ticket_by_status of ticket leads with 'status', an enum-like column "
	                                   "by its name: its writes pile onto a few regions; but every write of ticket "
	                                   "states its rate (-- rate:), and 3.75 rows a second land on that region, under "
	                                   "the 1000 a region takes: no write hotspot at these rates");
	CU_ASSERT_PTR_NULL(strstr(g->message, "(a write hotspot)"));
	run_free(&r);
	run_w(&r, ticket_schema, unrated, KP_TARGET_TABLESTORE);
	g = index_finding(&r);
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	CU_ASSERT_PTR_NOT_NULL(strstr(g->message, "(a write hotspot)"));
	CU_ASSERT_PTR_NULL(strstr(g->message, "no write hotspot"));
	run_free(&r);
}

static void test_capped_partition_key_flagged_whatever_the_rate(void)
{
	run r;
	run_w(&r,
	      "-- rows: 20000000000\n-- distinct: site_id 30\n"
	      "CREATE TABLE reading (site_id VARCHAR(16) NOT NULL, meter_id VARCHAR(36) NOT NULL, read_at BIGINT NOT NULL,\n"
	      "  kwh DOUBLE, PRIMARY KEY (site_id, meter_id, read_at));\n",
	      "-- rate: 30/s\n-- weight: 30\nINSERT INTO reading (site_id, meter_id, read_at, kwh) VALUES (?, ?, ?, ?);\n"
	      "-- weight: 1000\nSELECT kwh FROM reading WHERE site_id = ? AND meter_id = ? AND read_at >= ?;\n",
	      KP_TARGET_TABLESTORE);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_HOT_ENUM, "partition key 'site_id' of reading is a column of 30 "
	                                                   "distinct values as annotated"), 1);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_HOT_ENUM, "; the rows of one value are never split: some "), 1);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_HOT_ENUM, "no write hotspot"), 0);
	run_free(&r);
}

static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("hot_rates", setup, NULL,
          {"an index's KP102 weighed by the stated rates, as the review weighs it",
           test_index_finding_weighed_by_the_stated_rates},
          {"a Tablestore partition key of few values over a large table: KP102 whatever the rate",
           test_capped_partition_key_flagged_whatever_the_rate})
