/* Spreads priced and shaped as the store runs them (docs/advice.md, "The
 * choice" and "Spreading a hot key"): the designs of
 * tests/advisor/designs20.md and designs23.md whose spread the designers
 * found shaped or priced by another rule than the store's, each applied
 * back and re-planned. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

/* E142 (designs23.md, "a new index salted by the share rule where the
 * stated rate says it is not hot"): the export's new index
 * (ACCOUNT_ID, EVENT_TIME) on a table whose only write states 3,000 a
 * second, the busiest account's end taking 7.83% of them: some 470 index
 * rows a second (an UPSERT counted as a move, two rows), under the 1,000
 * a region takes. The rate decides for a new index as it does for the
 * table's key and an existing index (one rule): the index is plain, not
 * salted. Before, the total rate (6,000 rows a second) against 1,000 made
 * it "a write hotspot" and SALT_BUCKETS = 16 was added. */
static void test_e142_new_index_judged_by_its_rates(void)
{
	run r;
	char *texts[2];
	run_files(&r, "designs23/E142.schema.sql", "designs23/E142.workload.sql", KP_TARGET_PHOENIX, texts);
	const kp_advice *e = recommended_kind(&r, "TICKET_METRIC_EVENT", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_STRING_EQUAL(e->key, "[ACCOUNT_ID][EVENT_TIME][TICKET_ID][EVENT_ID]");
	CU_ASSERT_STRING_EQUAL(e->ddl, "CREATE INDEX idx_TICKET_METRIC_EVENT_ACCOUNT_ID_EVENT_TIME ON TICKET_METRIC_EVENT "
	                               "(ACCOUNT_ID, EVENT_TIME) INCLUDE (METRIC, INSTANCE_ID, EVENT_TYPE)");
	CU_ASSERT_PTR_NULL(strstr(e->message, "SALT_BUCKETS"));
	CU_ASSERT_PTR_NULL(strstr(e->message, "would be a write hotspot"));
	/* the existing breach index, led by a monotonic time on every write,
	 * is still salted: its one insertion point takes every row */
	const kp_advice *b = recommended_kind(&r, "TICKET_SLA", "rebuild_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_PTR_NOT_NULL(strstr(b->ddl, "SALT_BUCKETS = 16"));
	/* applied back: the plain index serves the export, and the table
	 * stands (no salt proposed for it at these rates) */
	size_t n = strlen(texts[0]) + strlen(e->ddl) + 4;
	char *applied = malloc(n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(applied);
	snprintf(applied, n, "%s\n%s;\n", texts[0], e->ddl);
	char *w = strdup(texts[1]);
	free_files(&r, texts);
	run_w(&r, applied, w, KP_TARGET_PHOENIX);
	expect_recommended(&r, "TICKET_METRIC_EVENT", "");
	CU_ASSERT_PTR_NOT_NULL(strstr(plans(&r), "21 SCAN via IDX_TICKET_METRIC_EVENT_ACCOUNT_ID_EVENT_TIME"));
	CU_ASSERT_EQUAL(count_rule_with(&r, KP_R_HOT_MONOTONIC, "IDX_TICKET_METRIC_EVENT_ACCOUNT_ID_EVENT_TIME"),
	                count_rule_with(&r, KP_R_HOT_MONOTONIC, "no write hotspot at these rates"));
	run_free(&r);
	free(applied);
	free(w);
}

/* the schema read as each target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does */
static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("spread_shape", setup, NULL,
          {"E142: a new index judged hot by its stated rates, as an existing one", test_e142_new_index_judged_by_its_rates});
