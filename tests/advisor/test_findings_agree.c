/* The findings agree with the review (docs/advice.md, "The review";
 * advisor/agree.c): a KP120 finding whose index the judge does not
 * recommend says so, as an alternative with the judge's reason (E133 in
 * tests/advisor/designs22.md: a range already served); one whose index the
 * table already has names it (E138 applied); a table never written
 * (-- writes: 0) is offered no re-key for a write hotspot it cannot have
 * (E133's service list). */
#include <stddef.h>

#include "adv_run.h"
#include "design_files.h"

static void test_kp120_names_an_alternative_with_its_reason(void)
{
	run r;
	char *texts[2];
	run_files(&r, "designs22/E133.schema.sql", "designs22/E133.workload.sql", KP_TARGET_LINDORM, texts);
	CU_ASSERT_STRING_EQUAL(recommended(&r, "service_request"), "");
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNSERVED,
	                                "the key of service_request cannot serve this query (FILTERED SCAN); a secondary "
	                                "index keyed [service_code][jurisdiction_id][status][requested_at]"
	                                "[service_request_id] would make it a SCAN, but keyplan does not recommend it "
	                                "(alternative #1)"), 1);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNSERVED, "makes it a SCAN"), 0);
	free_files(&r, texts);
}

static void test_no_write_hotspot_on_a_table_never_written(void)
{
	run r;
	char *texts[2];
	run_files(&r, "designs22/E133.schema.sql", "designs22/E133.workload.sql", KP_TARGET_LINDORM, texts);
	CU_ASSERT_PTR_NULL(alternative(&r, "service", "reorder_key", "[service_code][jurisdiction_id]"));
	CU_ASSERT_PTR_NULL(alternative(&r, "service", "index_table", "[jurisdiction_id][service_code]"));
	free_files(&r, texts);
}

static void test_kp120_names_the_index_the_table_has(void)
{
	run r;
	char *texts[2];
	run_files(&r, "designs22/applied/E138.schema.sql", "designs22/E138.workload.sql", KP_TARGET_TABLESTORE, texts);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNSERVED,
	                                "the key of service_request cannot serve this query (FILTERED SCAN); it reads "
	                                "through the index idx_service_request_jurisdiction_id_lat, keyed "
	                                "[jurisdiction_id][lat][service_request_id], which the table already has"), 1);
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_UNSERVED, "keyed [jurisdiction_id][lat][service_request_id] makes it"),
	                0);
	free_files(&r, texts);
}

static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("findings_agree", setup, NULL,
          {"KP120 names an index the judge does not recommend as an alternative, with its reason",
           test_kp120_names_an_alternative_with_its_reason},
          {"no write hotspot on a table never written", test_no_write_hotspot_on_a_table_never_written},
          {"KP120 names the index the table already has", test_kp120_names_the_index_the_table_has});
