/* A key change the advisor's own findings flag (KP101/KP102 on its DDL
 * applied) is not recommended while one they do not flag serves the same
 * reads (issue 21, point 4), and on Tablestore a partition key of few
 * values over a large table is flagged whatever the write rate: one
 * partition key value's rows are never split (Alibaba Cloud Tablestore,
 * "Primary keys and attributes": "Data that shares the same partition key
 * value cannot be split"; "Table design best practices": "Keep the data
 * volume under a single partition key value within 10 GB"). At equal cost
 * the lead with more distinct values wins the tie (docs/advice.md, "The
 * choice"). E125 of tests/advisor/designs20.md is the case; this scenario
 * is another of its kind, written from Tablestore's metering examples (a
 * meter's readings by day, site and meter). Expected before running: the
 * key re-led by the meter (the reads bind it; 50 million values), never by
 * the site (30 values: 20 billion rows in 30 partitions) nor the day
 * (monotonic); the site-led key, where proposed, an alternative ranked
 * after and saying why. Applied back: a fixpoint. */
#include <stdio.h>
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

static const char *const meter_schema =
	"-- rows: 20000000000\n"
	"-- distinct: reading_day 3650\n"
	"-- distribution: reading_day monotonic\n"
	"-- distinct: site_id 30\n"
	"-- distinct: meter_id 50000000\n"
	"CREATE TABLE meter_reading (reading_day VARCHAR(10) NOT NULL, site_id VARCHAR(16) NOT NULL,\n"
	"  meter_id VARCHAR(36) NOT NULL, read_at BIGINT NOT NULL, kwh DOUBLE, voltage DOUBLE,\n"
	"  PRIMARY KEY (reading_day, site_id, meter_id, read_at));\n";

static const char *const meter_workload =
	"-- rate: 3000/s\n"
	"-- weight: 3000\n"
	"INSERT INTO meter_reading (reading_day, site_id, meter_id, read_at, kwh, voltage) VALUES (?, ?, ?, ?, ?, ?);\n"
	"-- weight: 10000\n"
	"SELECT read_at, kwh FROM meter_reading WHERE reading_day = ? AND site_id = ? AND meter_id = ?;\n"
	"-- weight: 2000\n"
	"SELECT kwh, voltage FROM meter_reading WHERE reading_day = ? AND site_id = ? AND meter_id = ? AND read_at = ?;\n";

static void test_few_valued_partition_key_not_recommended(void)
{
	run r;
	run_w(&r, meter_schema, meter_workload, KP_TARGET_TABLESTORE);
	expect_recommended(&r, "meter_reading", "reorder_key [meter_id][reading_day][site_id][read_at]");
	expect_no_recommended_lead(&r, "meter_reading", "[site_id]");
	expect_no_recommended_lead(&r, "meter_reading", "[reading_day]");
	/* the site-led key: an alternative, after every key change of equal
	 * cost the findings do not flag, saying why first */
	const kp_advice *site = alternative(&r, "meter_reading", "reorder_key", "[site_id][reading_day][meter_id][read_at]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(site);
	CU_ASSERT_PTR_NOT_NULL_FATAL(site->trades);
	CU_ASSERT_EQUAL(strncmp(site->trades,
	                        "its partition key 'site_id' holds 30 values as annotated, and the rows of one value are "
	                        "never split: some 117 GB a value, past the 10 GB one value should hold, whatever the "
	                        "write rate; ",
	                        strlen("its partition key 'site_id' holds 30 values as annotated, and the rows of one "
	                               "value are never split: some 117 GB a value, past the 10 GB one value should "
	                               "hold, whatever the write rate; ")),
	                0);
	for (uint32_t i = 0; i < r.adv.advice.n; i++) {
		const kp_advice *x = r.adv.advice.items[i];
		if (x != site && x->newkey && !x->index)
			CU_ASSERT_TRUE(x->rank < site->rank);
	}
	expect_fixpoint_text(&r, meter_schema, meter_workload, KP_TARGET_TABLESTORE, "meter_reading");
	run_free(&r);
}

/* E125 (tests/advisor/designs20.md): FIX execution reports on Tablestore,
 * 25 billion rows keyed by the trade date (monotonic), the session (40
 * values), the order and the execution. The first run recommended the key
 * led by the session (harmful: KP102 on its own advice); required: led by
 * the order, within four key columns, the order index dropped. */
static void test_e125_execution_reports_led_by_the_order(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E125.schema.sql", "E125.workload.sql", KP_TARGET_TABLESTORE, texts);
	expect_recommended(&r, "execution_report", "reorder_key [order_id][trade_date][session_id][exec_id]");
	expect_no_recommended_lead(&r, "execution_report", "[session_id]");
	const kp_advice *k = recommended_kind(&r, "execution_report", "reorder_key");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_PTR_NOT_NULL(strstr(k->ddl, "PRIMARY KEY (order_id, trade_date, session_id, exec_id))"));
	expect_target_takes(k->ddl, KP_TARGET_TABLESTORE);
	const kp_advice *s = alternative(&r, "execution_report", "reorder_key", "[session_id][trade_date][order_id][exec_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s->trades);
	CU_ASSERT_EQUAL(strncmp(s->trades, "its partition key 'session_id' holds 40 values as annotated, and the rows of "
	                                   "one value are never split: ", strlen("its partition key 'session_id' holds 40 "
	                                   "values as annotated, and the rows of one value are never split: ")), 0);
	expect_recommended(&r, "order_state", "drop_index [symbol][updated_at][account_id][order_id]");
	expect_fixpoint_text(&r, texts[0], texts[1], KP_TARGET_TABLESTORE, "execution_report");
	free_files(&r, texts);
}

static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("partition_lead", setup, NULL,
          {"a few-valued partition key is not recommended", test_few_valued_partition_key_not_recommended},
          {"E125: the execution reports led by the order, not the session",
           test_e125_execution_reports_led_by_the_order})
