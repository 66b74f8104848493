/* Savings that rest on a default, and the value shares that decide them
 * (docs/annotations.md, "-- distribution: COLUMN VALUE SHARE"; E153 in
 * tests/advisor/designs25.md, E148 in designs24.md): a value share of a
 * numeric column is written as the statements compare it (1, or '1'), a
 * BOOLEAN's as TRUE or FALSE, and a value that does not fit the column's
 * type is a located KP022. Before, `-- distribution: post_type_id '1' 40%`
 * on an INTEGER column was read as the string '1', which no literal 1
 * matched: the share changed no figure. */
#include <stdio.h>
#include <string.h>

#include "adv_run.h"

/* E118's matchmaking queue (test_value_share.c) with its status an
 * INTEGER code (1 searching, 2 completed) or a BOOLEAN flag */
static const char queue_schema[] =
        "-- rows: 30000000\n-- distinct: queue_id 6\n-- distinct: region 8\n-- distinct: ticket_id 30000000\n"
        "-- distribution: enqueued_at monotonic\n"
        "%s"
        "CREATE TABLE mm_ticket (queue_id INTEGER NOT NULL, region VARCHAR(16) NOT NULL, enqueued_at BIGINT NOT "
        "NULL, ticket_id VARCHAR(36) NOT NULL, player_id BIGINT, status %s, match_id VARCHAR(36) "
        "CONSTRAINT pk PRIMARY KEY (queue_id, region, enqueued_at, ticket_id));\n";

static const char queue_workload[] =
        "-- rate: 3000/s\n-- weight: 3000\nUPSERT INTO mm_ticket (queue_id, region, enqueued_at, ticket_id, "
        "player_id, status) VALUES (?, ?, ?, ?, ?, %s);\n"
        "-- weight: 12000\nSELECT enqueued_at, ticket_id, player_id FROM mm_ticket WHERE queue_id = ? AND region = "
        "? AND status = %s ORDER BY enqueued_at LIMIT 200;\n"
        "-- rate: 3000/s\n-- weight: 3000\nUPSERT INTO mm_ticket (queue_id, region, enqueued_at, ticket_id, status, "
        "match_id) VALUES (?, ?, ?, ?, %s, ?);\n"
        "-- rate: 3000/s\n-- weight: 3000\nDELETE FROM mm_ticket WHERE queue_id = ? AND region = ? AND enqueued_at "
        "= ? AND ticket_id = ?;\n";

static void run_int(run *r, const char *line)
{
	char schema[1024], workload[1536];
	snprintf(schema, sizeof schema, queue_schema, line, "INTEGER");
	snprintf(workload, sizeof workload, queue_workload, "1", "1", "2");
	run_w(r, schema, workload, KP_TARGET_PHOENIX);
}

static void run_bool(run *r, const char *line)
{
	char schema[1024], workload[1536];
	snprintf(schema, sizeof schema, queue_schema, line, "BOOLEAN");
	snprintf(workload, sizeof workload, queue_workload, "TRUE", "TRUE", "FALSE");
	run_w(r, schema, workload, KP_TARGET_PHOENIX);
}

static const char index_key[] = "secondary_index [queue_id][region][status][enqueued_at][ticket_id]";

/* 99% of the rows hold the code 1: the read stops after some 202 rows and
 * the index does not pay, written as a number or quoted */
static void test_numeric_value_share_matches_the_literal(void)
{
	static const char *const lines[] = {
	        "-- distribution: status 1 99%   the matched are removed at once\n",
	        "-- distribution: status '1' 99%\n",
	        NULL,
	};
	for (const char *const *l = lines; *l; l++) {
		run r;
		run_int(&r, *l);
		CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNKNOWN_DIRECTIVE, "malformed annotation"), 0);
		expect_recommended(&r, "mm_ticket", "");
		run_free(&r);
	}
	/* 2% of the rows hold it: the index pays */
	run r;
	run_int(&r, "-- distribution: status 1 2%\n");
	expect_recommended(&r, "mm_ticket", index_key);
	run_free(&r);
}

/* a BOOLEAN's share: TRUE on 2% of the rows, and the index pays; on 99%
 * it does not */
static void test_boolean_value_share(void)
{
	run r;
	run_bool(&r, "-- distribution: status TRUE 2%\n");
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNKNOWN_DIRECTIVE, "malformed annotation"), 0);
	expect_recommended(&r, "mm_ticket", index_key);
	run_free(&r);
	run_bool(&r, "-- distribution: status true 99%\n");
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNKNOWN_DIRECTIVE, "malformed annotation"), 0);
	expect_recommended(&r, "mm_ticket", "");
	run_free(&r);
	/* FALSE on 98%: TRUE keeps the other 2% */
	run_bool(&r, "-- distribution: status FALSE 98%\n");
	expect_recommended(&r, "mm_ticket", index_key);
	run_free(&r);
}

/* a value that does not fit the column's type is a located KP022 naming
 * the type, and is ignored */
static void test_value_of_another_type(void)
{
	run r;
	run_int(&r, "-- distribution: status 'SEARCHING' 2%\n");
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNKNOWN_DIRECTIVE,
	                                "malformed annotation 'distribution: status 'SEARCHING' 2%': status is "
	                                "INTEGER: its value is a number (1, or 2.5)"),
	                1);
	run_free(&r);
	run_int(&r, "-- distribution: status TRUE 2%\n");
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNKNOWN_DIRECTIVE, "status is INTEGER: its value is a number"), 1);
	run_free(&r);
	run_bool(&r, "-- distribution: status 1 2%\n");
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNKNOWN_DIRECTIVE, "status is BOOLEAN: its value is TRUE or FALSE"),
	                1);
	run_free(&r);
}

KPT_SUITE("default_savings", NULL, NULL,
	{"a numeric value share matches the literal", test_numeric_value_share_matches_the_literal},
	{"a BOOLEAN's value share is TRUE or FALSE", test_boolean_value_share},
	{"a value of another type is located and ignored", test_value_of_another_type});
