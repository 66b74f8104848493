/* KP101-KP103: a key whose writes land on a few insertion points, walked
 * column by column (landing.c): a monotonic column, leading or after
 * few-valued ones, or few values to its end; a secondary index led by a
 * column that grows monotonically, has few values or shares a prefix; a
 * shared prefix (KP103), a finding only. The fixes (a reorder, a hash prefix, a reversal, buckets)
 * are proposals: each carries its verdict on the table's weighted
 * workload, and the judge (judge.c) alone decides, keeping any that
 * leaves a served read unserved out of the recommendation and naming
 * what it breaks. A fix is left out only where the store cannot take it
 * (its key-column limit, its key width). */
#include "advisor/advisorInt.h"

#include <stdlib.h>
#include <string.h>

/* Does every planned statement on t that is no full scan bind each of cols
 * by = or IN? (Then a hash or a reversal of them keeps every read served;
 * the fix's message says which reads it loses otherwise.) */
static bool reads_bind(kp_advisor *adv, const kp_table *t, const int *cols, int n)
{
	const kp_list *qs = kpa_queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		/* a full scan now stays one whatever leads the key: it does not
		 * stand in the way */
		if (q->base != t || q->plan.access == KP_ACCESS_NONE || q->plan.access == KP_ACCESS_FULL)
			continue;
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
		for (int k = 0; k < n; k++)
			if (!kpa_colset_has(&eq, cols[k]))
				return false;
	}
	return true;
}

/* Statements on t that its key or an index serves today (no full scan):
 * those reads_bind asks of. */
static int served_reads(kp_advisor *adv, const kp_table *t)
{
	const kp_list *qs = kpa_queries_of(adv, t);
	int n = 0;
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		n += q->base == t && q->plan.access != KP_ACCESS_NONE && q->plan.access != KP_ACCESS_FULL;
	}
	return n;
}

/* What a hash of cols (led by lead) does to the reads: with bound, every
 * read binds them and computes `what` (none when no read is served today:
 * E64's ledger, whose reads all scan it); else the reads that do not bind
 * them by = or IN become full scans (the verdict names them). */
static const char *binds_words(kp_advisor *adv, const kp_table *t, bool bound, const char *cols, const char *lead,
                               const char *what)
{
	if (bound && !served_reads(adv, t))
		return kp_arena_printf(adv->a, "no read of %s is served by its key or an index today, so none computes %s",
		                       t->name, what);
	if (bound)
		return kp_arena_printf(adv->a, "every read binds %s by = or IN, so each computes %s and stays a GET "
		                       "or SCAN; range reads over %s alone would be lost", cols, what, lead);
	return kp_arena_printf(adv->a, "reads that do not bind %s by = or IN can no longer compute %s and read "
	                       "every row", cols, what);
}

/* Moves the advice records pushed since `from` into order: most weight
 * served with the fix first, then the fewest reads fanned out. An index
 * table that comes with a reordered key stays right after it. */
/* A key change's companions in words: "made again with it: ix as (a, b)". */
static const char *companion_words(kp_advisor *adv, const kp_advice *keep)
{
	kp_buf b = {0};
	for (const kp_advice *y = keep; y; y = y->with) {
		kp_buf_printf(&b, "%s%s as (", y == keep ? "" : ", ", y->replaces->name);
		for (uint32_t j = 0; j < y->columns.n; j++)
			kp_buf_printf(&b, "%s%s", j ? ", " : "", (const char *)y->columns.items[j]);
		kp_buf_putc(&b, ')');
	}
	const char *r = kp_arena_printf(adv->a, "made again with it, so the reads ordered through %s stay in order "
	                                "(the next advice): %s", keep->with ? "them" : "it", b.data);
	kp_buf_free(&b);
	return r;
}

/* Is items[i] what the advice before it comes with (a reorder's index
 * table, a key change's rebuilt index)? */
static bool follows(kp_advice **items, uint32_t i)
{
	return i > 0 && ((!strcmp(items[i]->kind, "index_table") && !strcmp(items[i - 1]->kind, "reorder_key")) ||
	                 items[i - 1]->with == items[i]);
}

static void rank_advice(kp_advisor *adv, uint32_t from)
{
	uint32_t n = adv->advice.n - from;
	if (n < 2)
		return;
	kp_advice **items = malloc(sizeof(kp_advice *) * (n + 1));
	uint32_t *group = malloc(sizeof(uint32_t) * (n + 1)), ng = 0;
	if (!items || !group)
		abort();
	memcpy(items, adv->advice.items + from, sizeof(kp_advice *) * n);
	for (uint32_t i = 0; i < n; i++)
		if (!follows(items, i))
			group[ng++] = i;   /* group starts */
	/* insertion sort of the group starts by their lead advice */
	for (uint32_t i = 1; i < ng; i++) {
		uint32_t g = group[i], j = i;
		for (; j > 0; j--) {
			const kp_advice *y = items[group[j - 1]], *x = items[g];
			if (y->after > x->after || (y->after == x->after && y->fanout <= x->fanout))
				break;
			group[j] = group[j - 1];
		}
		group[j] = g;
	}
	uint32_t k = from;
	for (uint32_t i = 0; i < ng; i++) {
		uint32_t g = group[i];
		adv->advice.items[k++] = items[g];
		for (uint32_t e = g + 1; e < n && follows(items, e); e++)
			adv->advice.items[k++] = items[e];
	}
	free(items);
	free(group);
}

/* Reads that land on the region t's new rows go to (column ci monotonic,
 * leading the key or after few values): the read weight that asks for
 * the newest keys, worded, or NULL. By what says so: the column stated
 * `-- distribution: c latest` (YCSB's read-latest: its reads by key ask
 * mostly for the newest), or reads ordered by it descending with a LIMIT
 * of at most KP_NEWEST_LIMIT rows (the newest page). */
#define KP_NEWEST_LIMIT 1000
static const char *hot_reads(kp_advisor *adv, const kp_table *t, int ci, double *weight)
{
	const kpa_notes *nt = kpa_notes_of(adv, t);
	const kp_list *qs = kpa_queries_of(adv, t);
	const kp_column *c = &t->cols[ci];
	double w = 0;
	const kp_wquery *first = NULL;
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->base != t || q->stmt->kind != KP_S_SELECT || q->plan.access == KP_ACCESS_NONE)
			continue;
		const kp_select *sel = &q->stmt->u.select;
		const kp_list *o = &sel->order;
		int oc = o->n ? kpa_colref(q->plan.names, ((const kp_order_item *)o->items[0])->expr) : -1;
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
		/* the newest rows of the key: it binds by = only key columns
		 * before ci, and ranges only on ci (a read that filters by another
		 * column, E48's profile by user_id, reads no newest range) */
		bool keyed = range.n <= 1 && (!range.n || range.cols[0] == ci);
		for (int k = 0; k < eq.n && keyed; k++) {
			bool before = false;
			for (int p = 0; p < t->pk.n && t->pk.parts[p].col != ci; p++)
				before |= t->pk.parts[p].col == eq.cols[k];
			keyed = before;
		}
		bool newest = keyed && oc == ci && ((const kp_order_item *)o->items[0])->desc && sel->limit &&
		              sel->limit->kind == KP_X_INT && !sel->limit->overflow && sel->limit->ival >= 0 &&
		              sel->limit->ival <= KP_NEWEST_LIMIT;
		if (nt->latest[ci] && !newest)
			newest = kpa_colset_has(&eq, ci) || kpa_colset_has(&range, ci) || oc == ci;
		if (newest) {
			w += q->weight;
			if (!first)
				first = q;
		}
	}
	if (!first)
		return NULL;
	uint32_t line, col;
	kp_source_linecol(first->src, first->off, &line, &col);
	*weight = w;
	if (nt->latest[ci])
		return kp_arena_printf(adv->a, "ask for %s's newest keys (-- distribution: %s latest; from %s:%u)", c->name,
		                       c->name, first->src->path, line);
	return kp_arena_printf(adv->a, "take %s's newest rows (ORDER BY %s DESC with a LIMIT; from %s:%u)", c->name,
	                       c->name, first->src->path, line);
}

/* Fixes for a hot leading column c of t, each planned against the table's
 * workload and proposed to the judge whatever it breaks (its verdict names
 * that): moving c out of the lead, a hash prefix over the key columns up
 * to a well-spread one (never an enum alone: a hash of few values spreads
 * over only as many regions), a reversal for shared prefixes, and buckets
 * from a well-spread column with the reads' fan-out. */
static void hotspot_fixes(kp_advisor *adv, kp_diag *g, kp_rule rule, const kp_table *t, const kp_column *c,
                          kp_arena *scratch)
{
	const target_info *ti = kpa_target(adv->target);
	uint32_t first = adv->advice.n;
	int ci = (int)(c - t->cols);
	verdict v;
	kp_buf m = {0};
	int nparts = t->pk.n;
	/* 1. a key order led by a well-spread column the reads bind */
	shape *s = NULL;
	double total;
	int nq;
	int ns = kpa_table_shapes(adv, t, &s, &total, &nq);
	if (ns && kpa_reorderable(t)) {
		for (int i = 0; i < ns; i++)
			s[i].now = kpa_served(s[i].q->plan.access);
		bool no_lead[KP_REORDER_MAX] = {false};
		int best[KP_REORDER_MAX] = {0};
		/* the hot column itself never leads (hot by an annotation too,
		 * where its name says nothing), nor one the workload shows
		 * growing (ranges and ORDER BY ... DESC on it), which the hotspot
		 * rule finds once it leads: the fix would trade one hotspot for
		 * another (KP_FIXPOINT_ROUNDS=2000's rounds 1453, 1489, 1651) */
		for (int i = 0; i < nparts; i++)
			no_lead[i] = t->pk.parts[i].col == ci || kpa_hot_reason(&t->cols[t->pk.parts[i].col]) != NULL ||
			             (kpa_notes_of(adv, t)->dist[t->pk.parts[i].col] != KPA_DIST_UNIFORM &&
			              kpa_monotonic_evidence(adv, t, t->pk.parts[i].col)) ||
			             (kpa_tenant_col(adv, t) >= 0 && t->pk.parts[i].col != kpa_tenant_col(adv, t));
		if (kpa_search_order(adv, t, s, ns, scratch, no_lead, best) >= 0) {
			kp_key nk;
			nk.n = nparts;
			nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)nparts);
			kpa_key_from_order(&nk, t, best, nparts);
			kpa_offer_reorder(adv, rule, g, t, t, &nk, "", scratch);
		}
		/* and the order that keeps every read served now served, where
		 * the one serving the most does not: the judge weighs it with the
		 * indexes that keep the FILTERED SCANs it loses served */
		int keep[KP_REORDER_MAX];
		if (kpa_search_order_keeping(adv, t, s, ns, scratch, no_lead, keep) >= 0 &&
		    memcmp(keep, best, sizeof(int) * (size_t)nparts)) {
			kp_key nk;
			nk.n = nparts;
			nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)nparts);
			kpa_key_from_order(&nk, t, keep, nparts);
			kpa_offer_reorder(adv, rule, g, t, t, &nk, "", scratch);
		}
	}
	free(s);
	/* 2. a hash prefix over columns every read binds by = or IN: the lead,
	 * and for an enum the key columns up to a well-spread one (a hash of
	 * an enum spreads over its few values only) */
	/* the key walked (landing.c): the columns of the few-valued prefix it
	 * counts are the hot values themselves; a hash or a bucket of them is
	 * one value per hot value and spreads nothing (Tablestore: "data with
	 * the same partition key value cannot be split further"; E59's
	 * hash(campaign_id) % 16), so a spreading column varies within them */
	kpa_conc pw;
	kpa_key_conc(adv, t, &t->pk, NULL, &pw);
	bool in_pre[KP_REORDER_MAX] = {false};
	for (int i = 0; i < pw.npre && kpa_conc_hot(&pw); i++)
		if (pw.pre[i] < KP_REORDER_MAX)
			in_pre[pw.pre[i]] = true;
	int hc[KP_REORDER_MAX], nh = 0;
	bool spreads = false;
	for (int i = 0; i < nparts && nh < KP_REORDER_MAX && !spreads; i++) {
		int col = t->pk.parts[i].col;
		if (col < 0)
			break;
		hc[nh++] = col;
		spreads = !in_pre[i] && !kpa_few_values(adv, t, col) && !kpa_coarse_time(&t->cols[col]);
	}
	bool room = (!ti->max_key_parts || nparts + 1 <= ti->max_key_parts) &&
	            kpa_width_fits(adv, kpa_key_width(t, &t->pk), 4);
	/* a key of 3 columns or more takes the hash (or the bucket) merged
	 * into its first column, so it keeps its count (ddl.c) */
	bool merges = nparts >= 3;
	bool bound = reads_bind(adv, t, hc, nh);
	if (spreads && (room || (merges && !ti->hash_key_parts))) {
		kp_key hk = kpa_hashed_key(adv->a, &t->pk, hc, nh);
		/* a hash that spreads nothing by the walk (landing.c: a monotonic
		 * partition key hashed alone, E71's md5(slot) + slot) is no fix */
		double hot_now = kpa_key_hot_share(adv, t, &t->pk, NULL);
		if (hot_now > 0 && kpa_key_hot_share(adv, t, &hk, NULL) >= hot_now)
			goto reversal;
		kpa_judge(adv, t, NULL, kpa_hypo_table(adv->a, t, &hk, t->indexes, t->nindexes), false, scratch, &v);
		{   /* a proposal: the judge keeps what it breaks out of the recommendation, and names it */
			kp_buf cols = {0}, lead = {0};
			for (int i = 0; i < nh; i++)
				kp_buf_printf(&cols, "%s%s", i ? ", " : "", t->cols[hc[i]].name);
			/* one form, the target's: the DDL's hash32() where the store
			 * hashes in the key, else the writer's md5 prefix (E56, E49) */
			kp_buf_printf(&lead, ti->hash_key_parts ? "[hash32(%s)]" : "[md5(%s).substr(0,4)]", cols.data);
			char *key = kpa_notation_with(adv, t, lead.data, 0);
			char *ddl;
			kp_buf_clear(&m);
			if (ti->hash_key_parts) {
				kp_buf b = {0};
				kp_table_ddl(&b, t, NULL, &hk, adv->target);
				ddl = kpa_bufdup(adv->a, &b);
				kp_buf_free(&b);
				kp_buf_printf(&m, "hash_prefix: PRIMARY KEY (hash32(%s), ...) spreads writes; %s", cols.data,
				              binds_words(adv, t, bound, cols.data, c->name, "the hash"));
			} else {
				const char *hn = kpa_free_column_name(adv, t, kp_arena_printf(adv->a, "%s_hash", c->name));
				ddl = kpa_lead_column_ddl(adv, t, NULL, &t->pk, hn, true);
				kp_buf_printf(&m, "hash_prefix: lead the %s with %s, the first 4 hex characters of md5(%s), "
				              "written by the writer; %s", ti->key_word, hn, cols.data,
				              binds_words(adv, t, bound, cols.data, c->name, "it"));
				v.rewrite = kp_arena_printf(adv->a, "each adds %s = the first 4 hex characters of md5(%s)",
				                            hn, cols.data);
				/* a fourth key column would draw KP104: the hash and the value
				 * share one key column instead */
				const char *mn = kpa_free_column_name(adv, t, kp_arena_printf(adv->a, "%s_key", c->name));
				char *merged = merges ? kpa_merged_lead_ddl(adv, t, NULL, &t->pk, mn, 4) : NULL;
				if (!merged && !room) {
					kp_buf_free(&cols);
					kp_buf_free(&lead);
					goto reversal;   /* no key column to spare, none to merge into */
				}
				if (merged) {
					ddl = merged;
					kp_buf_clear(&lead);
					kp_buf_printf(&lead, "[md5(%s).substr(0,4) + %s]", cols.data, c->name);
					key = kpa_notation_with(adv, t, lead.data, 1);
					kp_buf_clear(&m);
					kp_buf_printf(&m, "hash_prefix: key the table by %s, the first 4 hex characters of md5(%s) "
					              "followed by %s, zero-padded, in place of %s (one key column, so the key "
					              "keeps %d), written by the writer; %s", mn, cols.data, c->name, c->name, nparts,
					              binds_words(adv, t, bound, cols.data, c->name, "it"));
					v.rewrite = kp_arena_printf(adv->a, "each binds %s = md5(%s) prefix + %s instead of %s", mn,
					                            cols.data, c->name, c->name);
				}
			}
			kp_buf_printf(&m, "; %s", kpa_migration_note(adv, t));
			/* with the indexes it puts out of order made again (keeporder.c) */
			kp_advice *keep = kpa_order_companions(adv, rule, t, &hk, key, false, &v, scratch);
			if (keep)
				kp_buf_printf(&m, "; %s", companion_words(adv, keep));
			kp_advice *x = kpa_advise(adv, rule, "hash_prefix", t, kpa_bufdup(adv->a, &m), key, ddl);
			x->newkey = kpa_keydup(adv->a, &hk);
			kpa_advice_col(adv, x, c->name);
			kpa_verdict_apply(adv, x, &v, 1);
			kpa_push_companions(adv, x, keep);
			kp_buf_free(&cols);
			kp_buf_free(&lead);
		}
	}
reversal:
	/* 3. shared prefixes: the value reversed; point reads still work */
	if (rule == KP_R_HOT_PREFIX) {
		kp_key hk = kpa_hashed_key(adv->a, &t->pk, &ci, 1);
		kpa_judge(adv, t, NULL, kpa_hypo_table(adv->a, t, &hk, t->indexes, t->nindexes), false, scratch, &v);
		{   /* a proposal: the judge keeps what it breaks out of the recommendation, and names it */
			kp_buf lead = {0};
			kp_buf_printf(&lead, "[reverse(%s)]", c->name);
			char *key = kpa_notation_with(adv, t, lead.data, 1);
			bool rb = reads_bind(adv, t, &ci, 1);
			kp_advice *x = kpa_advise(adv, rule, "reverse_key", t,
			                          kp_arena_printf(adv->a, "reverse_key: store %s reversed, so the varying "
			                                          "digits lead; %s; ordering by %s is lost", c->name,
			                                          rb ? kp_arena_printf(adv->a, "every read binds %s by = or "
			                                                               "IN, so point reads still work, "
			                                                               "binding the reversed value", c->name)
			                                             : kp_arena_printf(adv->a, "reads that do not bind %s "
			                                                               "by = or IN read every row",
			                                                               c->name),
			                                          c->name), key, NULL);
			x->newkey = kpa_keydup(adv->a, &hk);   /* a reversed value spreads as a hash does */
			kpa_advice_col(adv, x, c->name);
			kpa_verdict_apply(adv, x, &v, 1);
			kp_buf_free(&lead);
		}
	}
	/* 4. buckets from a well-spread key column: a read binding it
	 * computes its bucket, other reads are one scan per bucket, merged. One that does
	 * not grow with time first: a monotonic column modulo the buckets
	 * scatters the rows of one entity over every bucket, where a hash of
	 * another keeps them in one, in order (E26's outbox: one poller a
	 * bucket publishes a message's events in order) */
	/* Never a column of the hot prefix (above); of the columns that vary
	 * within it, the one of most values where the annotations state them
	 * (E59: user_id's 1e8 over ad_id's 1000 a campaign's bucket comes from) */
	const kpa_notes *bn = kpa_notes_of(adv, t);
	int src = -1;
	for (int pass = 0; pass < 2 && src < 0; pass++)
		for (int i = 0; i < nparts && i < KP_REORDER_MAX; i++) {
			int kc = t->pk.parts[i].col;
			if (kc >= 0 && !in_pre[i] && !kpa_few_values(adv, t, kc) && !kpa_coarse_time(&t->cols[kc]) &&
			    (pass || !kpa_lead_hot(adv, t, kc)) &&
			    (src < 0 || (bn->distinct[src] >= 1 && bn->distinct[kc] > bn->distinct[src])))
				src = kc;
		}
	/* a store that sorts nothing (Lindorm) reads each bucket in its order,
	 * and refuses one read over several buckets with ORDER BY */
	const char *merge_words = ti->order_in_key_order
	                          ? kp_arena_printf(adv->a, "%d reads, one a bucket (bucket = 0 to %d), each in key "
	                                            "order: %s sorts nothing, so a read over several buckets with "
	                                            "ORDER BY is refused; poll each bucket on its own",
	                                            KP_BUCKETS, KP_BUCKETS - 1, ti->name)
	                          : kp_arena_printf(adv->a, "%d scans (bucket = 0 to %d) merged", KP_BUCKETS,
	                                            KP_BUCKETS - 1);
	if (ti->max_salt_buckets && !kp_table_option_get(t, "salt_buckets")) {
		/* Phoenix salts the whole row key: a read binding every key
		 * column computes the salt byte */
		int kc[KP_REORDER_MAX], nk = 0;
		for (int i = 0; i < nparts && nk < KP_REORDER_MAX; i++)
			if (t->pk.parts[i].col >= 0)
				kc[nk++] = t->pk.parts[i].col;
		kp_key hk = kpa_hashed_key(adv->a, &t->pk, kc, nk);
		kpa_judge(adv, t, NULL, kpa_hypo_table(adv->a, t, &hk, t->indexes, t->nindexes), true, scratch, &v);
		kp_buf b = {0};
		kp_table_ddl(&b, t, NULL, NULL, adv->target);
		char salt_opt[32];
		snprintf(salt_opt, sizeof salt_opt, "SALT_BUCKETS = %d", KP_BUCKETS);
		kp_table_ddl_option(&b, salt_opt);
		kp_advice *x = kpa_advise(adv, rule, "salt_buckets", t,
		                          kp_arena_printf(adv->a, "salt_buckets: SALT_BUCKETS = %d prefixes every row "
		                                          "with a salt byte from a hash of its key, spreading writes "
		                                          "over %d buckets; a GET computes its bucket from the key, "
		                                          "every scan is %d scans merged (Phoenix does it); %s",
		                                          KP_BUCKETS, KP_BUCKETS, KP_BUCKETS, kpa_migration_note(adv, t)),
		                          kpa_notation_with(adv, t, "[salt]", 0), kpa_bufdup(adv->a, &b));
		x->newkey = kpa_keydup(adv->a, &hk);
		x->buckets = KP_BUCKETS;
		kpa_advice_col(adv, x, c->name);
		kpa_verdict_apply(adv, x, &v, KP_BUCKETS);
		kp_buf_free(&b);
	} else if (src >= 0 && (room || merges) && !ti->max_salt_buckets) {
		const kp_column *sc = &t->cols[src];
		/* a fourth key column would draw KP104: the bucket and the lead
		 * share one key column instead */
		const char *ln = t->cols[t->pk.parts[0].col].name;
		const char *mn = kpa_free_column_name(adv, t, kp_arena_printf(adv->a, "%s_key", ln));
		char *merged = merges ? kpa_merged_lead_ddl(adv, t, NULL, &t->pk, mn, 3) : NULL;
		kp_key hk = kpa_hashed_key(adv->a, &t->pk, &src, 1);
		/* spliced into the lead, the bucket is its KP_BUCKETS values, not
		 * those of the column it hashes (E71: hash(api_key) % 16 + slot
		 * lands the minute's writes on 16 points, not 2 million) */
		if (merged)
			hk.parts[0].buckets = KP_BUCKETS;
		kpa_judge(adv, t, NULL, kpa_hypo_table(adv->a, t, &hk, t->indexes, t->nindexes), true, scratch, &v);
		/* past the target's key parts (the lead merged keeps them all):
		 * the key columns no statement binds folded into one part where
		 * the first stands (as fewer_key_columns words it), taken only
		 * where the planner serves every read as the unfolded key does;
		 * else the judge holds the salt back (KP110 on its DDL, E116) */
		kpa_fold fold;
		const char *fold_words = NULL;
		char *fold_key = NULL;
		if (merged && ti->max_key_parts && nparts > ti->max_key_parts &&
		    kpa_key_fold(adv, t, &t->pk, 1, src, ti->max_key_parts, mn, &fold)) {
			kp_key fk = kpa_fold_key(adv, &fold, &hk, t, false);
			verdict fv;
			kpa_judge(adv, t, NULL, kpa_hypo_table(adv->a, t, &fk, t->indexes, t->nindexes), true, scratch, &fv);
			kp_key dk = kpa_fold_key(adv, &fold, &t->pk, t, true);
			char *fd = fv.after >= v.after && fv.worse.n <= v.worse.n && fv.lost.n <= v.lost.n
			           ? kpa_merged_lead_ddl(adv, kpa_fold_table(adv, t, &fold), NULL, &dk, mn, 3)
			           : NULL;
			if (fd) {
				v = fv;
				hk = fk;
				merged = fd;
				fold_key = kpa_fold_notation(adv, t, &fold, &t->pk, kp_arena_printf(adv->a, "[bucket + %s]", ln), 1);
				fold_words = kp_arena_printf(adv->a, "; and by %s, the key columns no statement binds or orders "
				                             "by (%s) concatenated (zero-padded, with a separator below every "
				                             "value character) in place of them, so the key keeps %d, within "
				                             "the %d %s allows", fold.name, fold.cols, dk.n, ti->max_key_parts,
				                             ti->name);
			}
		}
		/* a number modulo the buckets only where its values arrive in no
		 * order: the low bits of a structured id (a Snowflake id's
		 * per-millisecond sequence) or of a sequence mostly repeat, so a
		 * monotonic one is hashed, as a string is (E48) */
		kpa_colconc scc;
		kpa_col_conc(adv, t, src, &scc);
		const char *expr = sc->tclass == KP_T_INT && scc.kind != KPA_CONC_MONO
		                   ? kp_arena_printf(adv->a, "%s %% %d", sc->name, KP_BUCKETS)
		                   : kp_arena_printf(adv->a, "hash(%s) %% %d", sc->name, KP_BUCKETS);
		kp_advice *x = NULL;
		if (!merged && !room) {
			/* no key column to spare, none to merge into */
		} else if (merged) {
			x = kpa_advise(adv, rule, "salt_buckets", t,
			               kp_arena_printf(adv->a, "salt_buckets: key the table by %s, bucket = %s (3 digits, "
			                               "computed by the writer) followed by %s, zero-padded, in place of %s (one "
			                               "key column%s%s): writes spread over %d buckets; a read "
			                               "that binds %s by = or IN%s computes its bucket, any other read is %s; %s",
			                               mn, expr, ln, ln,
			                               fold_words ? "" : kp_arena_printf(adv->a, ", so the key keeps %d", nparts),
			                               fold_words ? fold_words : "", KP_BUCKETS, sc->name,
			                               /* the store holds one column, the bucket then the
			                                * lead's value: a read names it only with both
			                                * (planInt.h's spliced_unbound, E116's abuse desk) */
			                               src != t->pk.parts[0].col
			                               ? kp_arena_printf(adv->a, " and binds %s too (the bucket is spliced into "
			                                                 "its column)", ln)
			                               : "",
			                               merge_words, kpa_migration_note(adv, t)),
			               fold_key ? fold_key
			                        : kpa_notation_with(adv, t, kp_arena_printf(adv->a, "[bucket + %s]", ln), 1),
			               merged);
			v.rewrite = kp_arena_printf(adv->a, "a read that binds %s by = binds %s = bucket %s + %s, any other "
			                            "read is one read per bucket 0 to %d", sc->name, mn, expr, ln, KP_BUCKETS - 1);
		} else {
			/* a name t lacks in any case (KP013: a table with a column
			 * BUCKET of its own gets bucket2) */
			const char *bn = kpa_free_column_name(adv, t, "bucket");
			x = kpa_advise(adv, rule, "salt_buckets", t,
			               kp_arena_printf(adv->a, "salt_buckets: lead the key with %s = %s, computed "
			                               "by the writer: writes spread over %d buckets; a read that binds "
			                               "%s by = or IN computes its bucket, any other read is %s; %s", bn, expr,
			                               KP_BUCKETS, sc->name, merge_words, kpa_migration_note(adv, t)),
			               kpa_notation_with(adv, t, kp_arena_printf(adv->a, "[%s]", bn), 0),
			               kpa_lead_column_ddl(adv, t, NULL, &t->pk, bn, false));
			v.rewrite = kp_arena_printf(adv->a, "a read that binds %s by = adds %s = %s, any other read is one "
			                            "read per bucket with %s = 0 to %d", sc->name, bn, expr, bn, KP_BUCKETS - 1);
		}
		if (x) {
			x->newkey = kpa_keydup(adv->a, &hk);
			x->buckets = KP_BUCKETS;
			kpa_advice_col(adv, x, sc->name);
			/* with the indexes it puts out of order made again (keeporder.c) */
			kp_advice *keep = kpa_order_companions(adv, rule, t, x->newkey, x->key, true, &v, scratch);
			if (keep)
				x->message = kp_arena_printf(adv->a, "%s; %s", x->message, companion_words(adv, keep));
			kpa_verdict_apply(adv, x, &v, KP_BUCKETS);
			kpa_push_companions(adv, x, keep);
		}
	}
	/* the reads of the newest rows spread with the writes: a reason for
	 * the change the finding gives, said with each fix that spreads them */
	kpa_conc hw;
	kpa_key_conc(adv, t, &t->pk, NULL, &hw);
	double rw = 0;
	const char *rh = hw.col >= 0 && kpa_conc_hot(&hw) ? hot_reads(adv, t, hw.col, &rw) : NULL;
	for (uint32_t i = first; rh && i < adv->advice.n; i++) {
		kp_advice *x = adv->advice.items[i];
		/* only a fix that keeps them served (a hash every read computes) */
		if ((!strcmp(x->kind, "hash_prefix") || !strcmp(x->kind, "salt_buckets")) && x->after >= x->before)
			x->message = kp_arena_printf(adv->a, "%s; it spreads the reads that %s too (weight %.15g, on the "
			                             "writes' region today)", x->message, rh, rw);
	}
	rank_advice(adv, first);
	for (uint32_t i = first; i < adv->advice.n; i++) {
		const kp_advice *x = adv->advice.items[i];
		kp_diag_help(g, adv->a, "%s: %s", x->message, x->key);
	}
	if (first == adv->advice.n) {
		/* helped once the judge has reviewed t: another rule's change
		 * (shard_row, an index table) may be what it recommends */
		struct kpa_unhelped *u = kp_arena_alloc(adv->a, sizeof(*u));
		u->g = g;
		u->t = t;
		kp_list_push(adv->a, &adv->unhelped, u);
	}
	kp_buf_free(&m);
}

/* The judge's review of t, NULL where it reviewed none. */
static const kp_table_review *review_of(const kp_advisor *adv, const kp_table *t)
{
	for (uint32_t k = 0; k < adv->reviews.n; k++) {
		const kp_table_review *v = adv->reviews.items[k];
		if (v->table == t)
			return v;
	}
	return NULL;
}

/* The help of a hotspot finding no fix of its own came with: the change
 * the review recommends for its table where it recommends one (E65's
 * shard_row: the finding said no key change was tried while the review
 * recommended one), else how to spread the writes without one. */
void kpa_help_unhelped(kp_advisor *adv)
{
	for (uint32_t i = 0; i < adv->unhelped.n; i++) {
		const struct kpa_unhelped *u = adv->unhelped.items[i];
		const kp_table_review *r = review_of(adv, u->t);
		if (!r || !r->recommended.n) {
			kp_diag_help(u->g, adv->a, "no key change keyplan tried keeps every read served: spread the "
			             "writes in the writer (shuffle ordered imports) or serve the reads from an index table");
			continue;
		}
		kp_buf b = {0};
		for (uint32_t k = 0; k < r->recommended.n; k++) {
			const kp_advice *x = r->recommended.items[k];
			kp_buf_printf(&b, "%s%s%s%s", k ? (k + 1 == r->recommended.n ? " and " : ", ") : "", x->kind,
			              x->key ? " " : "", x->key ? x->key : "");
		}
		kp_diag_help(u->g, adv->a, "no reorder, hash or bucket of the key keeps every read served; the "
		             "design review of %s recommends %s (see the advice)", u->t->name, b.data);
		kp_buf_free(&b);
	}
	adv->unhelped.n = 0;
}

/* A KP101 or KP103 finding on t's key, weighed against the stated rates
 * once the judge has reviewed t (kpa_hot_rates). */
static void hot_key(kp_advisor *adv, kp_diag *g, const kp_table *t)
{
	if (!g)
		return;
	struct kpa_unhelped *u = kp_arena_alloc(adv->a, sizeof(*u));
	u->g = g;
	u->t = t;
	kp_list_push(adv->a, &adv->hot_keys, u);
}

/* The same, of a finding on index ix of t: its figure is the index's. */
static void hot_index(kp_advisor *adv, kp_diag *g, const kp_table *t, const kp_index *ix)
{
	hot_key(adv, g, t);
	if (g)
		((struct kpa_unhelped *)adv->hot_keys.items[adv->hot_keys.n - 1])->ix = ix;
}

void kpa_hot_rates(kp_advisor *adv)
{
	for (uint32_t i = 0; i < adv->hot_keys.n; i++) {
		const struct kpa_unhelped *u = adv->hot_keys.items[i];
		const kp_table_review *r = review_of(adv, u->t);
		/* only where every write of the table states its rate (the
		 * judge's by_rate) and the rows a second on one region decide
		 * nothing (docs/advice.md, "The choice") */
		if (!r || !r->before.by_rate || r->before.hot_decides || r->before.hot_rate >= KP_REGION_WRITE_RATE)
			continue;
		kp_diag *g = u->g;
		kp_buf b = {0};
		const char *m = g->message, *cut = strstr(m, " (a write hotspot)");
		if (cut) {
			kp_buf_put(&b, m, (size_t)(cut - m));
			kp_buf_puts(&b, cut + strlen(" (a write hotspot)"));
		} else {
			kp_buf_puts(&b, m);
		}
		/* the figure is the finding's own copy's: the rows that land on
		 * the key's (or the index's) busiest point, not every write of
		 * the table (E140: the key's 50 new tickets a second, not its 600
		 * updates in place) */
		double hr = r->before.hot_rate;
		if (r->landing) {
			int k = 0;
			for (int x = 0; u->ix && x < u->t->nindexes; x++)
				if (u->t->indexes[x] == u->ix)
					k = 1 + x;
			if ((k > 0 || !u->ix) && r->landing[k] >= 0)
				hr = r->landing[k];
		}
		double rate = hr >= 0.01 ? (double)(long long)(hr * 100 + 0.5) / 100 : hr;
		kp_buf_printf(&b, "; but every write of %s states its rate (-- rate:), and %.3g rows a second land on "
		              "that region, under the %.15g a region takes: no write hotspot at these rates", u->t->name,
		              rate, KP_REGION_WRITE_RATE);
		g->message = kpa_bufdup(adv->a, &b);
		g->words = 0;   /* its words are its own now (base/diag.h) */
		kp_buf_free(&b);
	}
	adv->hot_keys.n = 0;
}

/* The share of an index's writes its busiest insertion point takes: the
 * index row's key (cols, the table's key appended) walked as kpa_cols_hot
 * walks it; 1 where the walk finds no hot point (a lead whose values share
 * a fixed prefix, KP103: counted as all of them on one region). */
static double index_hot_share(kp_advisor *adv, const kp_table *t, const int *cols, int n)
{
	kp_key_part parts[KP_REORDER_MAX];
	int m = kpa_index_parts(t, cols, n, parts);
	kpa_conc c;
	kpa_cols_conc(adv, t, parts, m, NULL, &c);
	return kpa_conc_hot(&c) && c.share > 0 && c.share < 1 ? c.share : 1;
}

/* A secondary index is a table of its own, sorted by its columns: led by
 * a monotonic, enum-like or shared-prefix column, its writes pile up just
 * the same (seeds 000: "also for index columns"). */
const char *kpa_index_hot(kp_advisor *adv, const kp_table *t, const int *cols, int n)
{
	const char *r = kpa_cols_hot(adv, t, cols, n);
	if (!r && n >= 1 && kpa_prefix_reason(&t->cols[cols[0]]) && kpa_notes_of(adv, t)->dist[cols[0]] != KPA_DIST_UNIFORM)
		r = kpa_lead_hot(adv, t, cols[0]);
	/* where every write of t states its rate, the rate decides, as it
	 * does for the table's key and an existing index (docs/advice.md,
	 * "The choice"): the rows a second that land on the index's busiest
	 * insertion point (the stated rate times the share the walk gives
	 * it) under what a region takes is no hotspot (E119's lab orders,
	 * 120 a second; E142's metric events, 3,000 a second of which the
	 * busiest account's end takes 7.83%) */
	double rate;
	if (r && kpa_rated_rows(adv, t, cols, n, &rate) && rate * index_hot_share(adv, t, cols, n) < KP_REGION_WRITE_RATE)
		return NULL;
	return r;
}

/* Does UPDATE st set one of columns cols of t? */
static bool sets_any(const kp_table *t, const kp_stmt *st, const int *cols, int n)
{
	for (uint32_t k = 0; k < st->u.update.sets.n; k++) {
		const kp_assign *as = st->u.update.sets.items[k];
		int col = kp_table_column(t, as->col.s, as->col.len);
		for (int j = 0; j < n; j++)
			if (cols[j] == col)
				return true;
	}
	return false;
}

bool kpa_rated_rows(kp_advisor *adv, const kp_table *t, const int *cols, int n, double *rate)
{
	*rate = 0;
	if (kpa_notes_of(adv, t)->writes > 0)
		return false;   /* writes the workload does not show, at no rate */
	bool any = false;
	for (uint32_t i = 0; i < adv->queries.n; i++) {
		const kp_wquery *q = adv->queries.items[i];
		const kp_stmt *st = q->stmt;
		if (!kpa_is_write(st))
			continue;
		const kp_table *on = kpa_write_table(adv, q);
		if (on != t && q->base != t)
			continue;
		double r = kpa_stated_rate(q);
		if (r < 0)
			return false;
		double rows;
		if (st->kind == KP_S_UPDATE || st->kind == KP_S_DELETE) {
			/* one row by its whole key (a write of more rows a statement
			 * has no stated row rate). Only the index rows that land at
			 * the index's end count (docs/advice.md, "Write
			 * concentration"): an UPDATE's moved entry where it sets a
			 * column of the index's key (its delete lands where the old
			 * entry sits), none where it sets none; a DELETE's */
			if (q->plan.access != KP_ACCESS_GET || q->plan.index)
				return false;
			rows = st->kind == KP_S_DELETE || sets_any(t, st, cols, n) ? 1 : 0;
		} else {
			/* a new row's entry, or the moved entry of a row that exists:
			 * one each at the end, the dearer reading (E140's 650 ticket
			 * writes a second, not 1,300) */
			rows = kpa_insert_rows(st);
			if (!(rows > 0))
				return false;
		}
		*rate += r * rows * q->count;
		any = true;
	}
	return any;
}

static void check_index_hotspots(kp_advisor *adv, const kp_table *t)
{
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		/* a Phoenix index with SALT_BUCKETS of its own is spread by its
		 * salt byte, as a salted table is */
		if (!ix->kv || ix->nuser == 0 || ix->key.parts[0].col < 0 || !ix->src || ix->salt_buckets > 0)
			continue;
		const kp_column *c = &t->cols[ix->key.parts[0].col];
		const char *r;
		kp_rule rule;
		/* the index row's key walked (landing.c), as the table's key and
		 * the index candidates are: a few-valued lead followed by a column
		 * of many values in no order is no hotspot (E68's projects then
		 * names); followed by a monotonic one, or by few values to the
		 * end, it is */
		kpa_conc cw;
		kpa_key_conc(adv, t, &ix->key, NULL, &cw);
		bool hot = kpa_conc_hot(&cw);
		if ((r = kpa_monotonic_reason(c)))
			rule = KP_R_HOT_MONOTONIC;
		else if ((r = kpa_enum_reason(c)) && hot && cw.col < 0)
			rule = KP_R_HOT_ENUM;
		else if ((r = kpa_prefix_reason(c)))
			rule = KP_R_HOT_PREFIX;
		else {
			/* a monotonic column after few-valued ones puts each value's
			 * writes at the end of its range (E46's (domain_code, hour)) */
			if (cw.col < 0 || !hot)
				continue;
			kp_diag *g = kp_diag_add(adv->d, adv->a, KP_R_HOT_MONOTONIC, kp_rule_get(KP_R_HOT_MONOTONIC)->severity,
			                         ix->src, ix->off, (uint32_t)strlen(ix->name), "index %s of %s: %s (a write "
			                         "hotspot)", ix->name, t->name, kpa_conc_words(adv, t, ix->key.parts, &cw));
			hot_index(adv, g, t, ix);   /* weighed against the stated rates, as the judge weighs it */
			/* the salt only where the target has one: the help names no
			 * store but the target (E108) */
			kp_diag_help(g, adv->a, "%slead it with a hash or bucket prefix, or put a well-spread column "
			             "its reads bind by = before %s",
			             kpa_target(adv->target)->max_salt_buckets ? "salt the index (SALT_BUCKETS on CREATE "
			                                                         "INDEX) or "
			                                                       : "",
			             t->cols[cw.col].name);
			continue;
		}
		kp_diag *g = kp_diag_add(adv->d, adv->a, rule, kp_rule_get(rule)->severity, ix->src, ix->off,
		                         (uint32_t)strlen(ix->name), "index %s of %s leads with '%s', %s: its "
		                         "writes pile onto a few regions (a write hotspot)", ix->name, t->name,
		                         c->name, r);
		hot_index(adv, g, t, ix);
		kp_diag_help(g, adv->a, "lead the index with a well-spread column its reads bind by = and put %s "
		             "after it, or keep an index table led by a hash or bucket prefix", c->name);
	}
}

void kpa_check_hotspots(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	const target_info *ti = kpa_target(adv->target);
	const kp_key_part *p0 = &t->pk.parts[0];
	if (ti->max_salt_buckets && kp_table_option_get(t, "salt_buckets"))
		return;   /* the salt byte already spreads the writes (its indexes are salted too) */
	check_index_hotspots(adv, t);
	const char *what = ti->lead_word;
	kp_buf m = {0};
	if (p0->col < 0) {
		/* a hash spreads only if some hashed column has many values */
		bool spread = false;
		for (int i = 0; i < p0->nhash; i++)
			spread |= p0->hash_cols[i] >= 0 && !kpa_enum_reason(&t->cols[p0->hash_cols[i]]);
		/* and only if the key walked on finds a hotspot (landing.c): a
		 * column of many values in no order after it spreads the writes */
		kpa_conc hw;
		kpa_key_conc(adv, t, &t->pk, NULL, &hw);
		if (!spread && p0->nhash > 0 && p0->hash_cols[0] >= 0 && kpa_conc_hot(&hw)) {
			const kp_column *c = &t->cols[p0->hash_cols[0]];
			kp_buf_printf(&m, "the key of %s leads with a hash of %s, which is %s: a hash of few "
			              "values spreads writes over only as many regions", t->name, c->name, kpa_enum_reason(c));
			kp_diag *g = kpa_finding(adv, KP_R_HOT_ENUM, t, t->pk_off ? t->pk_off : t->off, 0, m.data);
			kp_diag_help(g, adv->a, "hash a well-spread column the reads bind together with %s, or lead "
			             "the key with it", c->name);
		} else if (hw.col >= 0 && kpa_conc_hot(&hw)) {
			/* a hash of a skewed column (E110's zipfian project_id) gives
			 * every row of its busiest value one prefix: the monotonic
			 * column after it puts them on one insertion point */
			const kp_column *mc = &t->cols[hw.col];
			kp_buf_printf(&m, "key column '%s' of %s follows a hash that does not split a value's rows: %s (a "
			              "write hotspot)", mc->name, t->name, kpa_conc_words(adv, t, t->pk.parts, &hw));
			kp_diag *g = kpa_finding(adv, KP_R_HOT_MONOTONIC, t, mc->off, kpa_name_len(mc), m.data);
			hot_key(adv, g, t);
			kp_diag_help(g, adv->a, "hash or bucket a column that varies within each value of the hashed "
			             "columns (a bucket of the row key, read one scan a bucket), or move %s after such a "
			             "column", mc->name);
		}
		kp_buf_free(&m);
		return;
	}
	const kp_column *c = &t->cols[p0->col];
	const char *r = NULL, *enum_r = kpa_enum_reason(c);
	/* the annotations first (docs/annotations.md), then names and types,
	 * then the workload's evidence */
	const kpa_notes *nt = kpa_notes_of(adv, t);
	int ci = p0->col;
	if (nt->dist[ci] == 1) {
		kp_buf_free(&m);
		return;   /* annotated uniform: no hotspot */
	}
	/* the key walked left to right (landing.c): a lead of few values
	 * followed by a column of many in no order, or by one the writer
	 * spreads, is no hotspot; one followed by a monotonic column puts new
	 * rows at the end of each of its values' ranges */
	kpa_conc cw;
	kpa_key_conc(adv, t, &t->pk, NULL, &cw);
	bool hot = kpa_conc_hot(&cw);
	if (hot && cw.col >= 0 && cw.col != ci) {
		const kp_column *mc = &t->cols[cw.col];
		kp_buf_printf(&m, "key column '%s' of %s follows a prefix of few values: %s (a write hotspot)", mc->name,
		              t->name, kpa_conc_words(adv, t, t->pk.parts, &cw));
		if (cw.by_name)
			kp_buf_printf(&m, "; %s is monotonic by its name alone, which the workload does not confirm: if its "
			              "values do not arrive in order, state it (-- distribution: %s uniform, "
			              "docs/annotations.md)", mc->name, mc->name);
		double rw = 0;
		const char *rh = hot_reads(adv, t, cw.col, &rw);
		if (rh)
			kp_buf_printf(&m, "; reads of weight %.15g %s and land on that region too (a read hotspot)", rw, rh);
		kp_diag *g = kpa_finding(adv, KP_R_HOT_MONOTONIC, t, mc->off, kpa_name_len(mc), m.data);
		hot_key(adv, g, t);
		hotspot_fixes(adv, g, KP_R_HOT_MONOTONIC, t, c, scratch);
		kp_buf_free(&m);
		return;
	}
	if (nt->dist[ci] == 2)
		r = kp_arena_printf(adv->a, "monotonic as annotated (-- distribution: %s %s)", c->name,
		                    nt->latest[ci] ? "latest" : "monotonic");
	if (nt->distinct[ci] >= 1)
		enum_r = nt->distinct[ci] <= KP_FEW_VALUES
		         ? kp_arena_printf(adv->a, "a column of %.15g distinct values as annotated (-- distinct: %s %.15g)",
		                           nt->distinct[ci], c->name, nt->distinct[ci])
		         : NULL;
	if (!r)
		r = kpa_monotonic_reason(c);
	if (!r && !enum_r && !kpa_prefix_reason(c))
		r = kpa_monotonic_evidence(adv, t, ci);
	if (!r && cw.col == ci)
		r = cw.why;
	/* a lead the walk finds no hotspot in: not monotonic, not few */
	if (!hot && cw.col != ci) {
		r = NULL;
		enum_r = NULL;
	}
	if (r && cw.col == ci) {
		kp_buf_printf(&m, "%s '%s' of %s is %s: it grows monotonically, so every new row is "
		              "written to the same region (a write hotspot)", what, c->name, t->name, r);
		/* a name is a guess: a date a booking is for, a day a row is about,
		 * need not arrive in order (E29's start_date); say what settles it */
		if (!nt->dist[ci] && !c->auto_increment && c->tclass != KP_T_TIME && !kpa_monotonic_evidence(adv, t, ci) &&
		    r == kpa_monotonic_reason(c))
			kp_buf_printf(&m, "; by its name alone, which the workload does not confirm: if its values do not "
			              "arrive in order, state it (-- distribution: %s uniform, docs/annotations.md)", c->name);
		double rw = 0;
		const char *rh = hot_reads(adv, t, ci, &rw);
		if (rh)
			kp_buf_printf(&m, "; reads of weight %.15g %s and land on that region too (a read hotspot)", rw, rh);
		kp_diag *g = kpa_finding(adv, KP_R_HOT_MONOTONIC, t, c->off, kpa_name_len(c), m.data);
		hot_key(adv, g, t);
		hotspot_fixes(adv, g, KP_R_HOT_MONOTONIC, t, c, scratch);
		if (c->auto_increment) {
			kp_advice *x = kpa_advise(adv, KP_R_HOT_MONOTONIC, "global_id", t,
			                          kp_arena_printf(adv->a, "global_id: AUTO_INCREMENT is not unique across "
			                                          "shards and grows monotonically; %s",
			                                          ti->id_source),
			                          kpa_key_notation(adv, t, &t->pk), ti->id_ddl);
			kpa_advice_col(adv, x, c->name);
			kp_diag_help(g, adv->a, "%s", x->message);
		}
	} else if (hot && cw.col < 0) {
		if (enum_r)
			kp_buf_printf(&m, "%s '%s' of %s is %s: few distinct values put all writes on a few regions",
			              what, c->name, t->name, enum_r);
		else   /* many values, one of them hot (skewed): the walk's words, which name it */
			kp_buf_printf(&m, "%s '%s' of %s: %s; a value's rows cannot be split across regions, so its "
			              "writes all go to one", what, c->name, t->name, kpa_conc_words(adv, t, t->pk.parts, &cw));
		if (enum_r && cw.npre > 1)
			kp_buf_printf(&m, " (%s)", kpa_conc_words(adv, t, t->pk.parts, &cw));
		/* a partition key value never split (partition.c): whatever the
		 * rate; else weighed against the stated rates, as KP101 is */
		double cap = kpa_partition_capped(adv, t, ci);
		if (cap > 0)
			kp_buf_printf(&m, "; the rows of one value are never split: some %.3g GB a value, past the %.15g GB "
			              "one value should hold, whatever the write rate", cap / 1e9, KP_PARTITION_VALUE_BYTES / 1e9);
		kp_diag *g = kpa_finding(adv, KP_R_HOT_ENUM, t, c->off, kpa_name_len(c), m.data);
		if (!(cap > 0))
			hot_key(adv, g, t);
		hotspot_fixes(adv, g, KP_R_HOT_ENUM, t, c, scratch);
	} else if (!hot && (r = kpa_prefix_reason(c))) {
		kp_buf_printf(&m, "%s '%s' of %s holds %s: rows cluster in a few regions", what, c->name,
		              t->name, r);
		kp_diag *g = kpa_finding(adv, KP_R_HOT_PREFIX, t, c->off, kpa_name_len(c), m.data);
		hot_key(adv, g, t);
		hotspot_fixes(adv, g, KP_R_HOT_PREFIX, t, c, scratch);
	}
	kp_buf_free(&m);
}
