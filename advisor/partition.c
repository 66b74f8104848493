/* A partition key value the store never splits: on Tablestore the rows of
 * one partition key value stay in one partition ("Data that shares the
 * same partition key value cannot be split"; its table-design best
 * practices: "Keep the data volume under a single partition key value
 * within 10 GB"), so a key led by a column of N values caps the table at
 * N partitions whatever its write rate. A large table (its rows stated)
 * led so is a hotspot and a size problem at any rate (docs/advice.md,
 * "A partition key value is never split"). */
#include "advisor/advisorInt.h"

double kpa_partition_capped(kp_advisor *adv, const kp_table *t, int ci)
{
	if (!t || ci < 0 || ci >= t->ncols || !kpa_target(adv->target)->partition_lead)
		return 0;
	const kpa_notes *n = kpa_notes_of(adv, t);
	if (!n || n->rows < 0 || !(n->distinct[ci] >= 1))
		return 0;   /* neither the rows nor the values stated: no figure */
	kp_table_model m;
	kp_advisor_table_model(adv, t, &m);
	double per = m.rows / n->distinct[ci] * m.row_bytes;
	return per > KP_PARTITION_VALUE_BYTES ? per : 0;
}
