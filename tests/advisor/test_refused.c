/* Reads the store refuses, as a designer weighs them (issue 21, E98 and
 * E102 in tests/advisor/designs16.md): a sort the store refuses (Lindorm
 * returns rows only in key order, KP110) and a read past its scan limit
 * (Tablestore's 100,000 rows) are refused in every count and word, and
 * the fix of such a read comes first in the choice order. */
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"

/* ethereum-etl's token transfers (E98): keyed by transaction and log
 * index, with a single-column index on the sender as a first port of the
 * Postgres schema adds. The address page reads the sender's transfers
 * newest first: through the index a lookup of each row and a sort by
 * block_number, which Lindorm refuses ("ORDER BY clause in Lindorm SQL").
 * An index (from_address, block_number DESC) makes it a SCAN of 100 rows,
 * no sort; the old index, read by nothing else, is dropped. The refused
 * plan reads 10 rows (10 transfers an address) and the index's 100 (its
 * LIMIT, read backwards): fewer rows on a path the store refuses are no
 * cheaper path. */
static const char transfer_schema[] =
	"-- rows: 3000000000\n-- distinct: transaction_hash 1200000000\n-- distinct: from_address 300000000\n"
	"CREATE TABLE token_transfer (transaction_hash VARCHAR(66) NOT NULL, log_index INTEGER NOT NULL, "
	"token_address VARCHAR(42), from_address VARCHAR(42), amount VARCHAR(78), block_number BIGINT, "
	"PRIMARY KEY (transaction_hash, log_index));\n"
	"CREATE INDEX token_transfer_from ON token_transfer (from_address);";
static const char transfer_workload[] =
	"-- rate: 15/s\n-- weight: 9000\nUPSERT INTO token_transfer (transaction_hash, log_index, token_address, "
	"from_address, amount, block_number) VALUES (?, ?, ?, ?, ?, ?);\n"
	"-- weight: 12000\nSELECT log_index, token_address, from_address, amount FROM token_transfer "
	"WHERE transaction_hash = ?;\n"
	"-- weight: 15000\nSELECT transaction_hash, log_index, token_address, amount, block_number FROM token_transfer "
	"WHERE from_address = ? ORDER BY block_number DESC LIMIT 100;\n";

static void test_refused_sort_fixed_first(void)
{
	run r;
	run_w(&r, transfer_schema, transfer_workload, KP_TARGET_LINDORM);
	expect_recommended(&r, "token_transfer", "secondary_index [from_address][block_number DESC][transaction_hash]"
	                                         "[log_index]; drop_index [from_address][transaction_hash][log_index]");
	CU_ASSERT_STRING_EQUAL(change_at(&r, "token_transfer", 7), "SCAN -> SCAN");
	const kp_table_review *v = review_of(&r, "token_transfer");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_DOUBLE_EQUAL(v->before.refused, 15000, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(v->after.refused, 0, 1e-9);
	/* the refused read is not counted served today, in the item's words
	 * as in the cost */
	const kp_advice *x = recommended_kind(&r, "token_transfer", "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "; served 12000 -> 27000 of 27000 weight"));
	/* the old index widened keeps its key: the sort stays refused, so it
	 * is no alternative that serves the read */
	CU_ASSERT_PTR_NULL(alternative(&r, "token_transfer", "widen_index", "[from_address][transaction_hash][log_index]"));
	expect_nothing_worse(&r, "token_transfer");
	run_free(&r);
}

KPT_SUITE("refused", NULL, NULL,
	{"a sort the store refuses is fixed first, though the refused path reads fewer rows",
	 test_refused_sort_fixed_first})
