/* The judge's order between designs of equal cost, and what keeps a key
 * change from being recommended while another serves as well: which
 * candidates change the key, a store-kept index before an index table,
 * fewer reads to rewrite, the lead of more values, a key the findings do
 * not flag before one they do (docs/advice.md, "The choice"); the
 * weights a design sorts and reads backwards. judge.c's search calls
 * them. */
#include "advisor/judgeInt.h"

#include <string.h>

/* What changes the key's parts or their order. */
bool kpj_key_change(const kp_advice *x)
{
	/* what changes the key's parts or their order; a column's type or width
	 * (numeric_key, shorten_key) goes with any of them in one migration */
	static const char *const kinds[] = {"reorder_key", "hash_prefix", "salt_buckets", "reverse_key", "desc_key",
	                                    "unique_key", "fewer_key_columns", "shard_row", NULL};
	for (int i = 0; kinds[i]; i++)
		if (!strcmp(x->kind, kinds[i]))
			return true;
	return false;
}

/* An index the store maintains on every write (a secondary or a search
 * index): at equal cost it beats an index table, a second table the
 * application must write (and keep in step) itself. */
static bool store_kept(const kp_advice *x)
{
	return !strcmp(x->kind, "secondary_index") || !strcmp(x->kind, "search_index");
}

static double lead_values(const jtable *jt, const kp_advice *x);

/* At equal cost, is x before y? An index the store maintains before a
 * table the application writes (store_kept); a key change fewer reads
 * must be rewritten for before one more must (Phoenix's SALT_BUCKETS,
 * whose salt the store computes, before a hash prefix every GET computes:
 * E40 in designs6.md), as its worse list counts them. */
static bool tie_before(const jtable *jt, const kp_advice *x, const kp_advice *y)
{
	if (store_kept(x) && !strcmp(y->kind, "index_table"))
		return true;
	if (!x->newkey || !y->newkey || x->index || y->index)
		return false;
	if (x->worse.n != y->worse.n)
		return x->worse.n < y->worse.n;
	/* then the lead with more distinct values: fewer rows on its busiest
	 * value, more partitions the table can grow to (E125 in
	 * tests/advisor/designs20.md; docs/advice.md, "The choice") */
	double vx = lead_values(jt, x), vy = lead_values(jt, y);
	return vx > 0 && vy > 0 && vx > vy * (1 + 1e-9);
}

/* Distinct values of the column x's new key leads with: those stated or
 * its type bounds; 0 for a hash or bucket lead (a tie between a column
 * and a hash is not decided here) or a column of unknown values. */
static double lead_values(const jtable *jt, const kp_advice *x)
{
	const kp_key *k = x->newkey;
	if (!k || !k->n || k->parts[0].col < 0 || x->buckets > 0 || !jt->distinct)
		return 0;
	return jt->distinct[k->parts[0].col];
}

/* Would the findings flag the key of design d, its DDL applied (KP101 or
 * KP102 on its lead)? The walk of landing.c finds a write hotspot on it,
 * and either its partition key's values cap the table (partition.c:
 * whatever the rate), or the rows on one region decide (c: where every
 * write states its rate, at KP_REGION_WRITE_RATE or more, as the
 * findings weigh them, hotspot.c). Its words, or NULL. */
const char *kpj_key_flagged(kp_advisor *adv, const jtable *jt, const design *d, const kp_cost *c)
{
	const kp_key *k = d->key;
	if (!k || !k->n || d->buckets || k->parts[0].col < 0)
		return NULL;
	kpa_conc cw;
	kpa_key_conc(adv, jt->t, k, jt->conc, &cw);
	if (!kpa_conc_hot(&cw))
		return NULL;
	int lead = k->parts[0].col;
	const kp_column *col = &jt->t->cols[lead];
	const char *word = kpa_target(adv->target)->lead_word;
	double cap = kpa_partition_capped(adv, jt->t, lead);
	if (cap > 0)
		return kp_arena_printf(adv->a, "its %s '%s' holds %.15g values as annotated, and the rows of one value "
		                       "are never split: some %.3g GB a value, past the %.15g GB one value should hold, "
		                       "whatever the write rate",
		                       word, col->name, kpa_notes_of(adv, jt->t)->distinct[lead], cap / 1e9,
		                       KP_PARTITION_VALUE_BYTES / 1e9);
	if (c->by_rate && !c->hot_decides)
		return NULL;
	return kp_arena_printf(adv->a, "its %s '%s' is a write hotspot: %s", word, col->name,
	                       kpa_conc_words(adv, jt->t, k->parts, &cw));
}

/* At equal cost, is candidate i before candidate j? A key change the
 * findings do not flag before one they do (flag), then tie_before. */
bool kpj_tie_first(const jtable *jt, kp_list *cands, const char **flag, int i, int j)
{
	const kp_advice *x = cands->items[i], *y = cands->items[j];
	if (kpj_key_change(x) && kpj_key_change(y) && !flag[i] != !flag[j])
		return !flag[i];
	return tie_before(jt, x, y);
}

/* Weight of jt's reads that plan as res reads backwards: at equal cost
 * (a bounded reverse read costs the rows it returns, cost.c), the design
 * that reads them forwards is taken (a DESC folded into a reorder the
 * table takes anyway: E14, E20, E32; docs/advice.md, "The cost model"). */
double kpj_backwards(const jtable *jt, const sres *res)
{
	double w = 0;
	for (int i = 0; i < jt->ns; i++)
		w += res[i].order == KP_ORDER_REVERSE ? jt->s[i].weight : 0;
	return w;
}

/* Weight of jt's reads that plan as res sorts: at equal cost the design
 * that sorts fewer is taken before the one that reads fewer backwards (an
 * index stored DESC that leaves ORDER BY ... DESC sorted, a nullable
 * column Phoenix keeps NULL first in either direction, pays nothing over
 * the ascending one read backwards: E112 in tests/advisor/designs18.md;
 * docs/advice.md, "Bounded reverse reads"). */
double kpj_sorted_weight(const jtable *jt, const sres *res)
{
	double w = 0;
	for (int i = 0; i < jt->ns; i++)
		w += res[i].order == KP_ORDER_SORT ? jt->s[i].weight : 0;
	return w;
}

