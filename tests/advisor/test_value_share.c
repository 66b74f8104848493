/* A value's share of the rows, stated (-- distribution: COLUMN 'V' SHARE,
 * docs/annotations.md; E118 in tests/advisor/designs19.md): a queue whose
 * matched tickets are removed at once holds nearly only 'SEARCHING'
 * tickets, so the matchmaker's LIMIT 200 read filtered by that status
 * stops after some 200 rows, and an index that adds a row to each of three
 * writes of 3,000 a second for it does not pay. The default share of an
 * equality (1%, the filter's 10%) said it did. */
#include <stdio.h>
#include <string.h>

#include "adv_run.h"

static const char queue_schema[] =
        "-- rows: 30000000\n-- distinct: queue_id 6\n-- distinct: region 8\n-- distinct: ticket_id 30000000\n"
        "-- distribution: enqueued_at monotonic\n"
        "%s"
        "CREATE TABLE mm_ticket (queue_id INTEGER NOT NULL, region VARCHAR(16) NOT NULL, enqueued_at BIGINT NOT "
        "NULL, ticket_id VARCHAR(36) NOT NULL, player_id BIGINT, status VARCHAR(24), match_id VARCHAR(36) "
        "CONSTRAINT pk PRIMARY KEY (queue_id, region, enqueued_at, ticket_id));\n";

static const char queue_workload[] =
        "-- rate: 3000/s\n-- weight: 3000\nUPSERT INTO mm_ticket (queue_id, region, enqueued_at, ticket_id, "
        "player_id, status) VALUES (?, ?, ?, ?, ?, 'SEARCHING');\n"
        "-- weight: 12000\nSELECT enqueued_at, ticket_id, player_id FROM mm_ticket WHERE queue_id = ? AND region = "
        "? AND status = 'SEARCHING' ORDER BY enqueued_at LIMIT 200;\n"
        "-- rate: 3000/s\n-- weight: 3000\nUPSERT INTO mm_ticket (queue_id, region, enqueued_at, ticket_id, status, "
        "match_id) VALUES (?, ?, ?, ?, 'COMPLETED', ?);\n"
        "-- rate: 3000/s\n-- weight: 3000\nDELETE FROM mm_ticket WHERE queue_id = ? AND region = ? AND enqueued_at "
        "= ? AND ticket_id = ?;\n";

static void run_queue(run *r, const char *line)
{
	char schema[1024];
	snprintf(schema, sizeof schema, queue_schema, line);
	run_w(r, schema, queue_workload, KP_TARGET_PHOENIX);
}

/* The status index held back by the default share, as an alternative
 * whose words name the annotation that would decide it: status has few
 * values (its name; every write sets a literal), the read binds it to
 * 'SEARCHING', and the index adds a row to three writes of 3,000 a
 * second; at the default share's bracket (every row read keeps its
 * status) its read saves nothing. */
static const char held_words[] =
        "pays only with the default share of the rows a filter keeps (10%), not across its bracket (every row it "
        "reads, for a column of few values): what it saves rests on the share of the rows that hold status = "
        "'SEARCHING' (an enum-like column by its name), which no annotation states: not recommended (state it: "
        "'-- distribution: status 'SEARCHING' SHARE' or '-- distinct: status N', docs/annotations.md)";

static void expect_held_by_default(const run *r)
{
	expect_recommended(r, "mm_ticket", "");
	const kp_advice *x = alternative(r, "mm_ticket", "secondary_index", "[queue_id][region][status][enqueued_at][ticket_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_PTR_NOT_NULL(x->trades ? strstr(x->trades, held_words) : NULL);
}

static void test_default_share_holds_the_status_index_back(void)
{
	run r;
	run_queue(&r, "");
	expect_held_by_default(&r);
	run_free(&r);
}

/* a stated share of the value is the cost's to judge: 2% of the rows
 * 'SEARCHING' (a queue of finished tickets kept) and the index pays */
static void test_stated_small_share_recommends_the_status_index(void)
{
	run r;
	run_queue(&r, "-- distribution: status 'SEARCHING' 2%\n");
	expect_recommended(&r, "mm_ticket", "secondary_index [queue_id][region][status][enqueued_at][ticket_id]");
	run_free(&r);
	/* -- distinct: states the share too (1 in 20 values) */
	run_queue(&r, "-- distinct: status 20\n");
	expect_recommended(&r, "mm_ticket", "secondary_index [queue_id][region][status][enqueued_at][ticket_id]");
	run_free(&r);
}

/* 99% of the rows 'SEARCHING': the read stops after 202 rows, and the
 * table stands; another value of status keeps the other 1% */
static void test_stated_share_of_the_value_decides(void)
{
	run r;
	run_queue(&r, "-- distribution: status 'SEARCHING' 99%   the matched are removed at once\n");
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNKNOWN_DIRECTIVE, "malformed annotation"), 0);
	expect_recommended(&r, "mm_ticket", "");
	run_free(&r);
	/* the same share as a fraction */
	run_queue(&r, "-- distribution: status 'SEARCHING' 99/100\n");
	expect_recommended(&r, "mm_ticket", "");
	run_free(&r);
}

/* malformed forms are located KP022s, ignored: the default decides */
static void test_malformed_value_shares(void)
{
	static const char *const bad[] = {
	        "-- distribution: status 'SEARCHING'\n",       /* no share */
	        "-- distribution: status 'SEARCHING' 150%\n",  /* past every row */
	        "-- distribution: status 'SEARCHING 95%\n",    /* no closing quote */
	        "-- distribution: status 'SEARCHING'x 95%\n",  /* the quote not ending a word */
	        "-- distribution: status 'SEARCHING' 0%\n",    /* no row */
	        NULL,
	};
	for (const char *const *b = bad; *b; b++) {
		run r;
		run_queue(&r, *b);
		CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNKNOWN_DIRECTIVE,
		                                "expected a column, its value (quoted for a string, a number or "
		                                "TRUE/FALSE) and the share of the rows that hold it (95%, 0.95 or 19/20)"),
		                1);
		expect_held_by_default(&r);
		run_free(&r);
	}
}

KPT_SUITE("value_share", NULL, NULL,
	{"by the default share of a filter of few values the status index is held back", test_default_share_holds_the_status_index_back},
	{"a stated small share of the value recommends the status index", test_stated_small_share_recommends_the_status_index},
	{"a stated share of the value decides", test_stated_share_of_the_value_decides},
	{"malformed value shares are located and ignored", test_malformed_value_shares});
