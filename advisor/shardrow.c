/* A hot single row sharded (docs/advice.md, "A hot single row"): a row
 * whose whole key takes a hot share of the writes by the write-
 * concentration model (each key column few-valued, the largest values'
 * shares multiplied: E65's play counter of a zipfian track) cannot be
 * split by any key of the same row: a hash or a bucket computed from the
 * key lands the hot value's writes on one row again. Its writes can be
 * spread only where they commute: increments (c = c + ?), which a writer
 * sends to a shard it picks at random and a reader sums over the shards
 * (Firestore's "Distributed counters": "each counter is a document with a
 * subcollection of shards ... the value of the counter is the sum of the
 * value of the shards"; Tablestore and HBase keep one row a value in one
 * partition or region, and their atomic increments act on one row). A row
 * any write overwrites (c = ?, a DELETE, an UPSERT) is not sharded: every
 * write would have to reach every shard. A value set by the increment's
 * own statement (last_played = ?) is kept per shard and merged by the
 * reader (the newest: the largest, for a time).
 *
 * The shard is spliced into the key's first column (value#shard, so one
 * value's shards stay next to each other: one prefix range or N GETs), not
 * added as a key column after the value, which would leave the value
 * alone as the partition key. The judge weighs it like any key change:
 * the key as judged is a part no read can bind (the shard a writer drew)
 * before the key, read one shard at a time (buckets), against the writes
 * it spreads. */
#include "advisor/advisorInt.h"

#include <string.h>
#include <strings.h>

/* Is e a value that does not read the row: a parameter or a constant? */
static bool plain_value(const kp_expr *e)
{
	if (e && e->kind == KP_X_NEG)
		e = e->a;
	return e && (e->kind == KP_X_PARAM || e->kind == KP_X_INT || e->kind == KP_X_FLOAT);
}

/* Does column reference e name col of t? */
static bool names_col(const kp_table *t, const kp_expr *e, const kp_name *col)
{
	return e && e->kind == KP_X_COLUMN && e->name.len == col->len &&
	       (t->exact_names ? !memcmp(e->name.s, col->s, col->len) : !strncasecmp(e->name.s, col->s, col->len));
}

/* Is a an increment of its column: c = c + v, c = v + c, c = c - v, v a
 * parameter or a constant? */
static bool increment(const kp_table *t, const kp_assign *a)
{
	const kp_expr *e = a->value;
	if (!e || e->kind != KP_X_ARITH)
		return false;
	if (e->op == KP_OP_ADD)
		return (names_col(t, e->a, &a->col) && plain_value(e->b)) ||
		       (names_col(t, e->b, &a->col) && plain_value(e->a));
	return e->op == KP_OP_SUB && names_col(t, e->a, &a->col) && plain_value(e->b);
}

/* Does q bind every key column of t by = (a single row)? */
static bool whole_key(const kp_table *t, const kp_wquery *q)
{
	colset eq = {0}, range = {0};
	kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
	for (int i = 0; i < t->pk.n; i++)
		if (t->pk.parts[i].col < 0 || !kpa_colset_has(&eq, t->pk.parts[i].col))
			return false;
	return true;
}

/* What the workload writes to t's single rows: the weight of its
 * increments (*inc, the first in *first), and the columns set alongside
 * that a shard keeps as its largest (a time; *kept, worded). False when a
 * write overwrites a row by its key (it would have to reach every shard):
 * *why says which. */
static bool commuting_writes(kp_advisor *adv, const kp_table *t, double *inc, const kp_wquery **first,
                             kp_buf *kept, const char **why)
{
	*inc = 0;
	*first = NULL;
	/* the inserts: a new row is written once (to the shard its writer
	 * draws); an UPSERT or REPLACE writes the whole row over, unless it is
	 * an increment on a duplicate key (Phoenix's ON DUPLICATE KEY UPDATE
	 * c = c + 1) */
	for (uint32_t i = 0; i < adv->queries.n; i++) {
		const kp_wquery *q = adv->queries.items[i];
		int k = q->stmt->kind;
		if ((k != KP_S_INSERT && k != KP_S_UPSERT && k != KP_S_REPLACE) || kpa_insert_table(adv, i) != t)
			continue;
		const kp_insert *in = &q->stmt->u.insert;
		bool incs = in->on_dup.n > 0;
		for (uint32_t s = 0; s < in->on_dup.n; s++)
			incs &= increment(t, in->on_dup.items[s]);
		if (incs) {
			*inc += q->weight;
			if (!*first)
				*first = q;
		} else if (k != KP_S_INSERT || in->on_dup.n) {
			*why = "an UPSERT writes the row over";
			return false;
		}
	}
	const kp_list *qs = kpa_queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->base != t || !q->plan.names)
			continue;
		int k = q->stmt->kind;
		if ((k != KP_S_UPDATE && k != KP_S_DELETE) || !whole_key(t, q))
			continue;
		if (k == KP_S_DELETE) {
			*why = "a DELETE removes the row by its key";
			return false;
		}
		const kp_update *u = &q->stmt->u.update;
		bool incs = false;
		for (uint32_t s = 0; s < u->sets.n; s++) {
			const kp_assign *a = u->sets.items[s];
			if (increment(t, a)) {
				incs = true;
				continue;
			}
			int c = kp_table_column(t, a->col.s, a->col.len);
			/* a value set with the increment (E65's last_played): each
			 * shard keeps its own, the reader merges them */
			if (c >= 0 && t->cols[c].key_pos < 0 && plain_value(a->value)) {
				if (!strstr(kept->data ? kept->data : "", t->cols[c].name))
					kp_buf_printf(kept, "%s%s", kept->len ? ", " : "", t->cols[c].name);
				continue;
			}
			*why = kp_arena_printf(adv->a, "an UPDATE sets %.*s to a new value", (int)a->col.len, a->col.s);
			return false;
		}
		if (!incs) {
			*why = "an UPDATE overwrites the row";
			return false;
		}
		*inc += q->weight;
		if (!*first)
			*first = q;
	}
	return *inc > 0;
}

void kpa_suggest_shard_row(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	if (t->pk.n == 0 || t->pk.parts[0].col < 0 || t->salt_buckets > 0 || t->view_base)
		return;
	/* the largest row's share: the key walked to its end, every column
	 * few-valued (landing.c's facts); a column of many values in no order,
	 * spread or growing is no single hot row */
	double share = 1;
	const char *why = NULL;
	for (int i = 0; i < t->pk.n; i++) {
		kpa_colconc f;
		if (t->pk.parts[i].col < 0)
			return;
		kpa_col_conc(adv, t, t->pk.parts[i].col, &f);
		if (f.kind != KPA_CONC_FEW)
			return;
		share *= f.top;
		if (i == 0)
			why = f.why;
	}
	kpa_conc hot = {.share = share};
	if (!kpa_conc_hot(&hot))
		return;
	double inc;
	const kp_wquery *first;
	kp_buf kept = {0};
	const char *over = NULL;
	if (!commuting_writes(adv, t, &inc, &first, &kept, &over)) {
		kp_buf_free(&kept);
		return;
	}
	/* shards enough that the largest row's share of one is no hotspot */
	int n = KP_BUCKETS;
	while (n < 256 && share / n >= 1.0 / KP_FEW_VALUES)
		n *= 2;
	const kp_column *lead = &t->cols[t->pk.parts[0].col];
	const char *mn = kp_arena_printf(adv->a, "%s_shard", lead->name);
	int digits = n <= 10 ? 1 : n <= 100 ? 2 : 3;
	char *ddl = kp_table_column(t, mn, (uint32_t)strlen(mn)) < 0
	            ? kpa_merged_lead_ddl(adv, t, NULL, &t->pk, mn, 1 + digits) : NULL;
	if (!ddl) {
		kp_buf_free(&kept);
		return;   /* no bounded width to splice the shard into */
	}
	/* the key as judged: a part no read binds (the shard the writer drew),
	 * then the key; reads are one a shard (buckets) */
	kp_key sk;
	sk.n = t->pk.n + 1;
	sk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)sk.n);
	kp_expr *draw = kp_arena_alloc(adv->a, sizeof(kp_expr));
	draw->kind = KP_X_FUNC;
	draw->name.s = "keyplan_shard";
	draw->name.len = 13;
	sk.parts[0].col = -1;
	sk.parts[0].expr = draw;
	memcpy(sk.parts + 1, t->pk.parts, sizeof(kp_key_part) * (size_t)t->pk.n);
	verdict v;
	kpa_judge(adv, t, NULL, kpa_hypo_table(adv->a, t, &sk, t->indexes, t->nindexes), true, scratch, &v);
	/* the increments bind the shard they drew: not read shard by shard */
	v.fanout = v.fanout > inc ? v.fanout - inc : 0;
	uint32_t line, col;
	kp_source_linecol(first->src, first->off, &line, &col);
	kp_buf m = {0};
	kp_buf_printf(&m, "shard_row: the row of one %s value takes %.3g%% of the writes (%s) and its writes are "
	              "increments (weight %.15g, from %s:%u), which commute: key the table by %s, %s followed by '#' "
	              "and a shard number 0 to %d, zero-padded, in place of %s (one key column for another: the key "
	              "keeps %d column%s); "
	              "each increment picks its shard at random (not from the key: a hash of %s lands the hot "
	              "value's writes on one row again), so its row's writes spread over %d shards, the busiest "
	              "taking %.3g%%; each read of the row reads its %d shards (%d GETs, or one range over the "
	              "prefix '%s#') and sums them",
	              lead->name, 100 * share, why, inc, first->src->path, line, mn, lead->name, n - 1, lead->name,
	              t->pk.n, t->pk.n == 1 ? "" : "s", lead->name, n, 100 * share / n, n, n, lead->name);
	if (kept.len)
		kp_buf_printf(&m, "; %s, set with the increments, is kept per shard: a read takes the newest of its shards' "
		              "(the largest, for a time)", kept.data);
	kp_buf_printf(&m, "; %s", kpa_migration_note(adv, t));
	v.rewrite = kp_arena_printf(adv->a, "each increment binds %s = %s + '#' + a random shard 0 to %d; each read "
	                            "of the row reads %s = %s + '#0' to '#%d' and sums them", mn, lead->name, n - 1, mn,
	                            lead->name, n - 1);
	kp_advice *x = kpa_advise(adv, KP_R_HOT_ENUM, "shard_row", t, kpa_bufdup(adv->a, &m),
	                          kpa_notation_with(adv, t, kp_arena_printf(adv->a, "[%s + '#' + shard]", lead->name), 1),
	                          ddl);
	x->newkey = kpa_keydup(adv->a, &sk);
	x->buckets = n;
	kpa_advice_col(adv, x, lead->name);
	kpa_verdict_apply(adv, x, &v, n);
	kp_buf_free(&m);
	kp_buf_free(&kept);
}
