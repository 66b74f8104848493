/* A drop never makes a read of the index worse in class unless the writes
 * the index takes weigh more, and the writes an index takes are counted
 * per index: an UPDATE, or an UPSERT of some columns of a row another
 * write creates, writes an index's row only where it sets a column other
 * than the table's key that the index keys or holds (docs/advice.md,
 * "The cost model" and "Existing indexes"; E141 in
 * tests/advisor/designs23.md). */
#include <string.h>

#include "adv_run.h"
#include "design_files.h"

/* E141: the sidebar's covered index stands; only the unread edit-time
 * index is dropped. The edits (60000 weighted) set no column of
 * BLOCK_BY_PARENT: written 216000 -> 156000 today (the table, the edit
 * index and its row for each edit; all three rows for the new block; the
 * parent index for the drag and the trash), 84000 with BLOCK_BY_EDIT
 * dropped. Before the fix: both dropped, written 216000 -> 72000. */
static void test_e141_parent_index_kept(void)
{
	run r;
	char *texts[2];
	run_files(&r, "E141.schema.sql", "E141.workload.sql", KP_TARGET_PHOENIX, texts);
	expect_recommended(&r, "BLOCK", "drop_index [LAST_EDITED_TIME][SPACE_ID][ID]");
	expect_kept(&r, "BLOCK", "BLOCK_BY_PARENT");
	const kp_table_review *v = review_of(&r, "BLOCK");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.written, 156000, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(v->after.written, 84000, 1e-6);
	CU_ASSERT_STRING_EQUAL(change_at(&r, "BLOCK", 20), "");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v->write_cost);
	CU_ASSERT_EQUAL(strncmp(v->write_cost, "every UPSERT of a new row now writes 2 rows (3 now); ", 52), 0);
	free_files(&r, texts);
}

/* An UPDATE writes the table's row and the row of each index holding a
 * column it sets: on Phoenix, one setting only a column no index keys or
 * holds writes 1 row, one setting a held column 2. */
static void test_update_writes_held_indexes_only(void)
{
	const char *schema = "CREATE TABLE doc (id BIGINT NOT NULL PRIMARY KEY, owner BIGINT, title VARCHAR, body VARCHAR);\n"
	                     "CREATE INDEX doc_by_owner ON doc (owner) INCLUDE (title);\n";
	run r;
	run_w(&r, schema,
	      "-- weight: 10\nUPSERT INTO doc (id, owner, title, body) VALUES (?, ?, ?, ?);\n"
	      "-- weight: 100\nUPDATE doc SET body = ? WHERE id = ?;\n"
	      "-- weight: 50\nSELECT id, title FROM doc WHERE owner = ?;\n",
	      KP_TARGET_PHOENIX);
	const kp_table_review *v = review_of(&r, "DOC");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	/* 10 new rows x 2 + 100 updates x 1 (before the fix: 100 x 2) */
	CU_ASSERT_DOUBLE_EQUAL(v->before.written, 120, 1e-6);
	run_free(&r);
	run_w(&r, schema,
	      "-- weight: 10\nUPSERT INTO doc (id, owner, title, body) VALUES (?, ?, ?, ?);\n"
	      "-- weight: 100\nUPDATE doc SET title = ? WHERE id = ?;\n"
	      "-- weight: 50\nSELECT id, title FROM doc WHERE owner = ?;\n",
	      KP_TARGET_PHOENIX);
	v = review_of(&r, "DOC");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.written, 220, 1e-6);
	run_free(&r);
}

static int setup(void)
{
	run_as_target = true;
	return 0;
}

KPT_SUITE("drop_class", setup, NULL,
          {"E141: the sidebar's covered index stands", test_e141_parent_index_kept},
          {"an update writes the indexes holding what it sets", test_update_writes_held_indexes_only})
