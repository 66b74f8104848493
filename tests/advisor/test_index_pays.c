/* An index must pay its build and its writes against a read that is
 * already served (docs/advice.md, "A served range read";
 * advisor/judge_served.c's kpj_served_discount): a read that is one covered
 * range of a bound key prefix (a SCAN or FILTERED SCAN of the table or of
 * a covering index, run, unsorted) filtered by a column of few values
 * gets no new or rebuilt index for a factor of two or three on its rows
 * (E133 in tests/advisor/designs22.md, E124 in designs20.md: "the design
 * stands" for those tables); the index stays an alternative whose trades
 * say why. The same shape whose index reads a quarter of the rows or
 * fewer, or whose read binds no prefix (a full scan), keeps its index. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

/* E133: a city's list (weight 800) is a FILTERED SCAN of one service
 * code's window through the covering request_by_service, filtered on
 * status (2 values): the new index with status in its key (and the drop
 * of request_by_service it replaces) reads half of it. The table stands;
 * the index is an alternative that names the saving that does not
 * count. */
static void test_e133_list_served_stands(void)
{
	run r;
	char *texts[2];
	run_files(&r, "designs22/E133.schema.sql", "designs22/E133.workload.sql", KP_TARGET_LINDORM, texts);
	expect_recommended(&r, "service_request", "");
	expect_recommended(&r, "request_token", "");
	expect_recommended(&r, "service", "");
	const kp_advice *x = alternative(&r, "service_request", "secondary_index",
	                                 "[service_code][jurisdiction_id][status][requested_at][service_request_id]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_PTR_NOT_NULL_FATAL(x->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->trades, "reads of weight 800 that are one covered range of a bound key prefix "
	                                         "today read 833333 weighted rows fewer through it, less than a "
	                                         "factor of 4 on their rows: a range already served, so what it saves "
	                                         "them does not count for it"));
	expect_plans(&r, "15 GET; 18 GET; 21 FILTERED SCAN via request_by_service; 24 SCAN; 27 GET");
	free_files(&r, texts);
}

/* E124: the account's open orders (weight 12,000, status IN 3 of 9
 * values) and the crypto desk's view (2,000) are FILTERED SCANs of one
 * account's 400 orders; the covered (ACCOUNT_ID, STATUS, ASSET_CLASS)
 * index reads a third of the open orders' rows (not counted) and an
 * eighteenth of the view's, which alone does not pay the 2 billion rows
 * the index would keep. The recommendation is the drop of
 * ORDER_BY_STATUS alone, as the designer expected. */
static void test_e124_open_orders_served_drop_alone(void)
{
	run r;
	char *texts[2];
	run_as_target = true;
	run_files(&r, "designs20/E124.schema.sql", "designs20/E124.workload.sql", KP_TARGET_PHOENIX, texts);
	run_as_target = false;
	expect_recommended(&r, "BROKERAGE_ORDER", "drop_index [STATUS][CREATED_AT][ACCOUNT_ID][ORDER_ID]");
	expect_kept(&r, "BROKERAGE_ORDER", "ORDER_BY_CLIENT_ID");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "BROKERAGE_ORDER", 17), ""); /* the open orders: as they are */
	CU_ASSERT_STRING_EQUAL(change_at(&r, "BROKERAGE_ORDER", 20), ""); /* the view's read */
	const kp_advice *x = alternative(&r, "BROKERAGE_ORDER", "secondary_index",
	                                 "[ACCOUNT_ID][STATUS][ASSET_CLASS][ORDER_ID]");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_PTR_NOT_NULL_FATAL(x->trades);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->trades, "reads of weight 12000 that are one covered range of a bound key "
	                                         "prefix today read 3200000 weighted rows fewer through it, less than "
	                                         "a factor of 4 on their rows"));
	expect_recommended(&r, "ACCOUNT_ACTIVITY", "reorder_key [ACCOUNT_ID][ACTIVITY_ID]");
	expect_recommended(&r, "ACCOUNT_POSITION", "");
	free_files(&r, texts);
}

/* E133's shape, reduced: a city's requests, the list through a covering
 * index, filtered on status. STATUS_DISTINCT decides the factor. */
#define LIST_SCHEMA(STATUS_DISTINCT)                                                                         \
	"-- rows: 30000000\n"                                                                                \
	"-- distinct: jurisdiction_id 2\n"                                                                   \
	"-- distribution: service_request_id monotonic\n"                                                    \
	"-- distinct: service_code 180\n"                                                                    \
	"-- distinct: status " STATUS_DISTINCT "\n"                                                          \
	"-- distribution: requested_at monotonic\n"                                                          \
	"-- range: requested_at 1/40\n"                                                                      \
	"CREATE TABLE service_request (jurisdiction_id VARCHAR(64) NOT NULL, service_request_id BIGINT NOT "  \
	"NULL, service_code VARCHAR(32), status VARCHAR(8), status_notes VARCHAR(2000), address "            \
	"VARCHAR(255), lat DOUBLE, lon DOUBLE, requested_at BIGINT, updated_at BIGINT, PRIMARY KEY "         \
	"(jurisdiction_id, service_request_id));\n"                                                          \
	"CREATE INDEX request_by_service ON service_request (jurisdiction_id, service_code, requested_at) "  \
	"INCLUDE (status, address, lat, lon, updated_at);\n"

#define LIST_WRITES                                                                                          \
	"-- rate: 3/s\n"                                                                                     \
	"-- weight: 3\n"                                                                                     \
	"UPSERT INTO service_request (jurisdiction_id, service_request_id, service_code, status, address, "   \
	"lat, lon, requested_at, updated_at) VALUES (?, ?, ?, 'open', ?, ?, ?, ?, ?);\n"                     \
	"-- rate: 12/s\n"                                                                                    \
	"-- weight: 12\n"                                                                                    \
	"UPSERT INTO service_request (jurisdiction_id, service_request_id, status, status_notes, updated_at) " \
	"VALUES (?, ?, ?, ?, ?);\n"                                                                          \
	"-- weight: 5000\n"                                                                                  \
	"SELECT service_code, status, status_notes, address, lat, lon, requested_at FROM service_request "    \
	"WHERE jurisdiction_id = ? AND service_request_id = ?;\n"

/* The list bound by its prefix, status of 2 values: served, the design
 * stands (the reduced E133). */
static void test_bounded_list_half_stands(void)
{
	run r;
	run_w(&r, LIST_SCHEMA("2"),
	      LIST_WRITES "-- weight: 800\n"
	                  "SELECT service_request_id, status, address, lat, lon, requested_at, updated_at FROM "
	                  "service_request WHERE jurisdiction_id = ? AND service_code = ? AND requested_at >= ? AND "
	                  "requested_at < ? AND status = 'open';\n",
	      KP_TARGET_LINDORM);
	expect_recommended(&r, "service_request", "");
	run_free(&r);
}

/* The same list, status of 8 values: the index reads an eighth of the
 * range, past the factor of 4, and is taken (its saving counts), with the
 * drop of request_by_service it leaves unread. */
static void test_bounded_list_eighth_indexed(void)
{
	run r;
	run_w(&r, LIST_SCHEMA("8"),
	      LIST_WRITES "-- weight: 800\n"
	                  "SELECT service_request_id, status, address, lat, lon, requested_at, updated_at FROM "
	                  "service_request WHERE jurisdiction_id = ? AND service_code = ? AND requested_at >= ? AND "
	                  "requested_at < ? AND status = 'open';\n",
	      KP_TARGET_LINDORM);
	expect_recommended(&r, "service_request",
	                   "secondary_index [service_code][jurisdiction_id][status][requested_at][service_request_id]; "
	                   "drop_index [jurisdiction_id][service_code][requested_at][service_request_id]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "service_request", 10), "FILTERED SCAN -> SCAN");
	const kp_table_review *v = review_of(&r, "service_request");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.read, 1671666.67, 0.01);
	CU_ASSERT_DOUBLE_EQUAL(v->after.read, 213333.33, 0.01);
	run_free(&r);
}

/* The list of every jurisdiction (no prefix bound: a full scan Phoenix
 * runs), status of 2 values: not served so, its index keeps being worth
 * it. */
static void test_unbounded_list_indexed(void)
{
	run r;
	run_w(&r, LIST_SCHEMA("2"),
	      LIST_WRITES "-- weight: 800\n"
	                  "SELECT service_request_id, status, address, lat, lon, requested_at, updated_at FROM "
	                  "service_request WHERE service_code = ? AND requested_at >= ? AND requested_at < ? AND "
	                  "status = 'open';\n",
	      KP_TARGET_PHOENIX);
	expect_recommended(&r, "service_request",
	                   "secondary_index [service_code][status][requested_at][jurisdiction_id][service_request_id]; "
	                   "drop_index [jurisdiction_id][service_code][requested_at][service_request_id]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "service_request", 10), "full scan -> SCAN");
	run_free(&r);
}

KPT_SUITE("index_pays", NULL, NULL,
          {"E133: the city's list, a covered range of one service code filtered on status, stands",
           test_e133_list_served_stands},
          {"E124: the open orders served by the account's range, the status index dropped alone",
           test_e124_open_orders_served_drop_alone},
          {"a bounded list filtered to a half stands", test_bounded_list_half_stands},
          {"a bounded list filtered to an eighth gets its index", test_bounded_list_eighth_indexed},
          {"an unbounded list (a full scan) gets its index", test_unbounded_list_indexed})
