/* KP121: the order of the key columns that serves the most weight of the
 * workload (every order up to 6 columns, greedy beyond), never led by a
 * hotspot silently; a reorder that makes a statement worse comes with an
 * index table that keeps it served; a re-key led by the columns the
 * heaviest reads bind, the key after them. KP122: a key column read backwards by
 * most of the ordered reads, declared DESC. */
#include "advisor/advisorInt.h"

#include <stdlib.h>
#include <string.h>

/* Weighted share a key serves as GET or SCAN (with the table's indexes),
 * and in *broken the weight served now that it would not serve. */
static double key_eval(const kp_table *t, const kp_key *k, const shape *s, int n, kp_arena *scratch,
                       double *broken)
{
	double w = 0, b = 0;
	kp_table *h = kpa_hypo_table(scratch, t, k, t->indexes, t->nindexes);
	for (int i = 0; i < n; i++) {
		bool ok = kpa_served(kpa_plan_class(h, s[i].q, scratch, NULL));
		w += ok ? s[i].weight : 0;
		b += !ok && s[i].now ? s[i].weight : 0;
	}
	kp_arena_reset(scratch);
	if (broken)
		*broken = b;
	return w;
}

static double key_serves(const kp_table *t, const kp_key *k, const shape *s, int n, kp_arena *scratch)
{
	return key_eval(t, k, s, n, scratch, NULL);
}

static bool next_perm(int *a, int n)
{
	int i = n - 2;
	while (i >= 0 && a[i] >= a[i + 1])
		i--;
	if (i < 0)
		return false;
	int j = n - 1;
	while (a[j] <= a[i])
		j--;
	int tmp = a[i];
	a[i] = a[j];
	a[j] = tmp;
	for (int l = i + 1, r = n - 1; l < r; l++, r--) {
		tmp = a[l];
		a[l] = a[r];
		a[r] = tmp;
	}
	return true;
}

void kpa_key_from_order(kp_key *k, const kp_table *t, const int *perm, int n)
{
	for (int i = 0; i < n; i++) {
		k->parts[i] = t->pk.parts[perm[i]];
	}
	k->n = n;
}

/* The order of t's key columns, no column in no_lead first, that keeps
 * every read served now (GET or SCAN) served and serves the most weight
 * among such orders; -1 when none does, or past 6 columns. A hotspot's
 * re-key that loses no served read (E66: [patient_id][insurer_id]... keeps
 * the member read's SCAN, where the order serving the most, led by
 * claim_id, makes it a full scan); the reads it makes worse that were
 * FILTERED SCANs are for the judge to keep served with an index. */
double kpa_search_order_keeping(kp_advisor *adv, const kp_table *t, const shape *s, int ns, kp_arena *scratch,
                                const bool *no_lead, int *best)
{
	int n = t->pk.n;
	if (n > 6)
		return -1;
	kp_key k;
	k.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)n);
	double best_w = -1;
	int perm[KP_REORDER_MAX];
	for (int i = 0; i < n; i++)
		perm[i] = i;
	do {
		if (no_lead[perm[0]])
			continue;
		kpa_key_from_order(&k, t, perm, n);
		double b, w = key_eval(t, &k, s, ns, scratch, &b);
		if (b <= 0 && w > best_w) {
			best_w = w;
			memcpy(best, perm, sizeof(int) * (size_t)n);
		}
	} while (next_perm(perm, n));
	return best_w;
}

/* Greedy key order (for keys too long to try every order): fills the
 * positions left to right with the column that serves the most, each trial
 * completed with the columns in `rest` order; ties go to the column bound
 * by = more often (eqw); no column marked in no_lead goes first. Writes the
 * order to out and returns the weight it serves. */
static double greedy_order(const kp_table *t, kp_key *k, const shape *s, int ns, kp_arena *scratch,
                           const double *eqw, const int *rest, const bool *no_lead, int *out)
{
	int n = t->pk.n;
	bool used[KP_REORDER_MAX] = {false};
	double got = 0;
	for (int pos = 0; pos < n; pos++) {
		int pick = -1;
		double pick_w = -1;
		for (int c = 0; c < n; c++) {
			if (used[c] || (pos == 0 && no_lead[c]))
				continue;
			int trial[KP_REORDER_MAX], m = 0;
			for (int j = 0; j < pos; j++)
				trial[m++] = out[j];
			trial[m++] = c;
			for (int j = 0; j < n; j++)
				if (!used[rest[j]] && rest[j] != c)
					trial[m++] = rest[j];
			kpa_key_from_order(k, t, trial, n);
			double w = key_serves(t, k, s, ns, scratch);
			if (w > pick_w || (w == pick_w && eqw[c] > eqw[pick])) {
				pick_w = w;
				pick = c;
			}
		}
		if (pick < 0)
			return -1;   /* every column is barred from leading */
		used[pick] = true;
		out[pos] = pick;
		got = pick_w;
	}
	return got;
}

/* The order of t's key columns that serves the most weight, no column in
 * no_lead first; among equals the one that breaks the least. Exhaustive up
 * to 6 columns, greedy beyond. Returns the weight, or -1 if every column
 * is barred from leading. */
double kpa_search_order(kp_advisor *adv, const kp_table *t, const shape *s, int ns, kp_arena *scratch,
                        const bool *no_lead, int *best)
{
	int n = t->pk.n;
	kp_key k;
	k.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)n);
	double best_w = -1, best_b = 0;
	if (n <= 6) {
		/* at most 720 orders, each planning one query per shape */
		int perm[KP_REORDER_MAX];
		for (int i = 0; i < n; i++)
			perm[i] = i;
		do {
			if (no_lead[perm[0]])
				continue;
			kpa_key_from_order(&k, t, perm, n);
			double b, w = key_eval(t, &k, s, ns, scratch, &b);
			if (w > best_w || (w == best_w && b < best_b)) {
				best_w = w;
				best_b = b;
				memcpy(best, perm, sizeof(int) * (size_t)n);
			}
		} while (next_perm(perm, n));
		return best_w;
	}
	/* greedy: fill positions left to right with the column that serves
	 * the most. A trial key puts the candidate next and completes it with
	 * the other columns, the ones the workload binds by = first, then by
	 * ranges: completed in declared order, a column that only serves
	 * together with another would never be picked. Ties go to the column
	 * bound by = more often. */
	double eqw[KP_REORDER_MAX] = {0}, rangew[KP_REORDER_MAX] = {0};
	for (int i = 0; i < ns; i++) {
		colset eq = {0}, range = {0};
		kpa_sargable(s[i].q->plan.names, kpa_where_of(s[i].q->stmt), &eq, &range);
		for (int p = 0; p < n; p++) {
			for (int j = 0; j < eq.n; j++)
				if (eq.cols[j] == t->pk.parts[p].col)
					eqw[p] += s[i].weight;
			for (int j = 0; j < range.n; j++)
				if (range.cols[j] == t->pk.parts[p].col)
					rangew[p] += s[i].weight;
		}
	}
	int rest[KP_REORDER_MAX];   /* every column, most often bound first */
	for (int i = 0; i < n; i++) {
		int j = i;
		for (; j > 0 && (eqw[rest[j - 1]] < eqw[i] ||
		                 (eqw[rest[j - 1]] == eqw[i] && rangew[rest[j - 1]] < rangew[i])); j--)
			rest[j] = rest[j - 1];
		rest[j] = i;
	}
	return greedy_order(t, &k, s, ns, scratch, eqw, rest, no_lead, best);
}

/* Can the key of t be reordered at all: 2 to KP_REORDER_MAX plain columns. */
bool kpa_reorderable(const kp_table *t)
{
	if (t->pk.n < 2 || t->pk.n > KP_REORDER_MAX)
		return false;
	for (int i = 0; i < t->pk.n; i++)
		if (t->pk.parts[i].col < 0)
			return false;   /* a hash-prefixed key is laid out on purpose */
	return true;
}

/* Offers t keyed nk (a reordering of its key) for rule as a candidate for
 * the judge: with what it does to the table's workload (its verdict), and,
 * when it makes a statement worse, together with an index table keyed as
 * now that keeps those statements served when one does. g: the hotspot's
 * finding it fixes, or NULL (then a KP121 finding when it serves more).
 * Returns whether it was offered (false: advised already). */
static bool offer_reorder(kp_advisor *adv, kp_rule rule, kp_diag *g, const kp_table *t, const kp_table *with,
                          const kp_key *nk, const char *tradeoff, const char *note, kp_arena *scratch);

/* The parts of key nk that t's reads served on it read backwards (the
 * columns of their ORDER BY), set DESC in *out; false when none is, or
 * the store has no DESC key parts. */
static bool backward_parts(kp_advisor *adv, const kp_table *t, const kp_key *nk, kp_key *out, kp_buf *cols,
                           kp_arena *scratch)
{
	if (!kpa_target(adv->target)->desc_key)
		return false;
	const kpa_rows *rs = kpa_rows_of(adv, t);
	kp_arena hyp;
	kp_arena_init(&hyp);
	const kp_table *h = kpa_hypo_table(&hyp, t, nk, NULL, 0);
	uint8_t *seen = calloc((size_t)rs->nshapes + 1, 1);
	if (!seen)
		abort();
	out->n = nk->n;
	out->parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)nk->n);
	memcpy(out->parts, nk->parts, sizeof(kp_key_part) * (size_t)nk->n);
	bool any = false;
	for (uint32_t i = 0; i < rs->n; i++) {
		const kpa_row *r = &rs->row[i];
		const kp_list *order = kpa_order_of(r->q->stmt);
		if (seen[r->shape] || !order->n)
			continue;
		seen[r->shape] = 1;
		kp_order o;
		kp_access a = kpa_plan_class(h, r->q, scratch, &o);
		kp_arena_reset(scratch);
		if (!kpa_served(a) || o != KP_ORDER_REVERSE)
			continue;
		for (uint32_t k = 0; k < order->n; k++) {
			int c = kpa_colref(r->q->plan.names, ((const kp_order_item *)order->items[k])->expr);
			for (int p = 0; c >= 0 && p < out->n; p++) {
				kp_key_part *kp = &out->parts[p];
				/* Phoenix stores a NULL first in a DESC part too: a
				 * nullable column read newest first still sorts */
				if (kp->col != c || (t->desc_nulls_first && t->cols[c].nullable) || t->cols[c].auto_increment)
					continue;
				if (!kp->desc || kp->desc == nk->parts[p].desc) {
					if (kp->desc == nk->parts[p].desc)
						kp_buf_printf(cols, "%s%s", cols->len ? ", " : "", t->cols[c].name);
					kp->desc = !nk->parts[p].desc;
					any = true;
				}
			}
		}
	}
	free(seen);
	kp_arena_free(&hyp);
	return any;
}

bool kpa_offer_reorder(kp_advisor *adv, kp_rule rule, kp_diag *g, const kp_table *t, const kp_table *with,
                       const kp_key *nk, const char *tradeoff, kp_arena *scratch)
{
	bool offered = offer_reorder(adv, rule, g, t, with, nk, tradeoff, "", scratch);
	/* the same order with the direction the ordered reads want folded in:
	 * one migration, not a reorder now and a desc_key at the next check
	 * (the judge weighs both; they exclude each other) */
	kp_key dk;
	kp_buf cols = {0};
	if (offered && backward_parts(adv, t, nk, &dk, &cols, scratch))
		offer_reorder(adv, rule, NULL, t, with, &dk, tradeoff,
		              kp_arena_printf(adv->a, "; with %s stored DESC, so the reads that want the newest rows first "
		                              "read forwards (one migration, not a reorder and then a desc_key)",
		                              cols.data), scratch);
	kp_buf_free(&cols);
	return offered;
}

/* kpa_offer_reorder without the DESC variant; note: appended to the
 * message (a DESC folded in), and then no finding of its own. */
static bool offer_reorder(kp_advisor *adv, kp_rule rule, kp_diag *g, const kp_table *t, const kp_table *with,
                          const kp_key *nk, const char *tradeoff, const char *note, kp_arena *scratch)
{
	bool quiet = *note != 0;
	const char *key = kpa_key_notation(adv, t, nk);
	for (uint32_t i = 0; i < adv->advice.n; i++) {
		const kp_advice *y = adv->advice.items[i];
		if (y->table == t && !strcmp(y->kind, "reorder_key") && !strcmp(y->key, key))
			return false;   /* already advised as a hotspot's fix */
	}
	verdict v;
	kpa_judge(adv, t, with == t ? NULL : with, kpa_hypo_table(adv->a, t, nk, with->indexes, with->nindexes), false,
	          scratch, &v);
	/* past the target's key parts: the key columns no statement binds or
	 * orders by folded into one part where the first stands (as
	 * fewer_key_columns words it), where the planner serves every
	 * statement on it as on the unfolded order; else the judge holds the
	 * reorder back (KP110 on its DDL, E116) */
	const target_info *ti = kpa_target(adv->target);
	kpa_fold fold;
	const char *fold_words = "";
	kp_table *ft = NULL;
	kp_key fdk;
	if (ti->max_key_parts && nk->n > ti->max_key_parts &&
	    kpa_key_fold(adv, t, nk, 1, -1, ti->max_key_parts, NULL, &fold)) {
		kp_key *fk = kp_arena_alloc(adv->a, sizeof(*fk));
		*fk = kpa_fold_key(adv, &fold, nk, t, false);
		verdict fv;
		kpa_judge(adv, t, with == t ? NULL : with, kpa_hypo_table(adv->a, t, fk, with->indexes, with->nindexes),
		          false, scratch, &fv);
		if (fv.after >= v.after && fv.worse.n <= v.worse.n && fv.lost.n <= v.lost.n) {
			v = fv;
			ft = kpa_fold_table(adv, t, &fold);
			fdk = kpa_fold_key(adv, &fold, nk, t, true);
			key = kpa_fold_notation(adv, t, &fold, nk, "", 0);
			fold_words = kp_arena_printf(adv->a, "; the key columns no statement binds or orders by (%s) "
			                             "concatenated into %s (zero-padded, with a separator below every value "
			                             "character) in place of them, so the key keeps %d, within the %d %s "
			                             "allows", fold.cols, fold.name, fk->n, ti->max_key_parts, ti->name);
			nk = fk;
			for (uint32_t i = 0; i < adv->advice.n; i++) {
				const kp_advice *y = adv->advice.items[i];
				if (y->table == t && !strcmp(y->kind, "reorder_key") && !strcmp(y->key, key))
					return false;   /* already advised, folded so */
			}
		}
	}
	int n = nk->n;
	kp_advice *companion = NULL;
	if (v.broken > 0) {
		/* with an index table keyed as now, which keeps the statements
		 * the new key makes worse served, when one does (else alone: the
		 * judge never recommends it and names what it breaks) */
		colset old = {0};
		kp_buf name = {0};
		kp_buf_printf(&name, "%s_by", t->name);
		for (int i = 0; i < t->pk.n; i++) {
			kpa_colset_add(&old, t->pk.parts[i].col, t->pk.parts[i].desc);
			kp_buf_printf(&name, "_%s", t->cols[t->pk.parts[i].col].name);
		}
		uint32_t mark = adv->advice.n;
		companion = kpa_index_table_advice(adv, rule, t, &old, name.data, &v.lost,
		                                   ", so the statements the new key makes worse stay served", scratch);
		kp_buf_free(&name);
		adv->advice.n = mark;   /* pushed again after the reorder */
		if (companion && companion->serves < companion->of)
			companion = NULL;   /* it keeps not all of them served */
	}
	kp_buf ddl = {0};
	if (ft)
		kp_table_ddl(&ddl, ft, NULL, &fdk, adv->target);
	else
		kp_table_ddl(&ddl, t, NULL, nk, adv->target);
	/* the finding states what the key serves against the order found,
	 * when that serves more; the candidate is proposed either way */
	if (!g && !quiet && v.after > v.before)
		g = kp_diag_add(adv->d, adv->a, KP_R_BETTER_KEY, KP_SEV_INFO, t->src, t->pk_off ? t->pk_off : t->off,
		                0, "key %s of %s serves %.15g of %.15g weight as GET or SCAN; %s serves %.15g%s",
		                kpa_key_notation(adv, t, &t->pk), t->name, v.before, v.total, key, v.after, tradeoff);
	const char *lead = t->cols[nk->parts[0].col].name;
	const char *what = rule == KP_R_BETTER_KEY
	                   ? kp_arena_printf(adv->a, "reorder_key: %s%s%s", key, tradeoff,
	                                     with->nindexes > t->nindexes ? " (with the advised secondary indexes)" : "")
	                   : kp_arena_printf(adv->a, "reorder_key: lead the key with %s, which the reads bind, "
	                                     "and move %s after it: writes spread over the values of %s", lead,
	                                     t->cols[t->pk.parts[0].col].name, lead);
	kp_advice *x = kpa_advise(adv, rule, "reorder_key", t,
	                          kp_arena_printf(adv->a, "%s%s%s%s; %s", what, fold_words, note,
	                                          companion ? kp_arena_printf(adv->a, "; keep the index table of the "
	                                                                      "next advice, keyed %s, for the "
	                                                                      "statements it makes worse",
	                                                                      companion->key) : "",
	                                          kpa_migration_note(adv, t)),
	                          key, kpa_bufdup(adv->a, &ddl));
	kpa_verdict_apply(adv, x, &v, 1);
	x->newkey = kpa_keydup(adv->a, nk);
	x->with = companion;
	x->serves = kpa_weight_int(v.after);
	x->of = kpa_weight_int(v.total);
	for (int i = 0; i < n; i++)
		kpa_advice_col(adv, x, t->cols[nk->parts[i].col].name);
	if (rule == KP_R_BETTER_KEY && g && !quiet)
		kp_diag_help(g, adv->a, "%s", x->message);
	if (companion) {
		kp_list_push(adv->a, &adv->advice, companion);
		if (rule == KP_R_BETTER_KEY && g && !quiet)
			kp_diag_help(g, adv->a, "%s", companion->message);
		/* the reorder alone too, the statements it makes worse named:
		 * a second copy of every row written to keep a light read a
		 * SCAN may cost more than that read filtering (the judge
		 * weighs both; key changes exclude each other) */
		kp_advice *y = kpa_advise(adv, rule, "reorder_key", t,
		                          kp_arena_printf(adv->a, "%s%s, alone (no index table for the statements it "
		                                          "makes worse); %s", what, note, kpa_migration_note(adv, t)),
		                          key, kpa_bufdup(adv->a, &ddl));
		kpa_verdict_apply(adv, y, &v, 1);
		y->newkey = x->newkey;
		y->serves = x->serves;
		y->of = x->of;
		for (int i = 0; i < n; i++)
			kpa_advice_col(adv, y, t->cols[nk->parts[i].col].name);
		/* the finding names both, as the review weighs both (E78's
		 * review recommended the reorder alone while its finding
		 * quoted only the pair) */
		if (rule == KP_R_BETTER_KEY && g && !quiet)
			kp_diag_help(g, adv->a, "or %s", y->message);
	}
	kp_buf_free(&ddl);
	return true;
}

void kpa_suggest_reorder(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	if (!kpa_reorderable(t))
		return;   /* longer keys already draw KP104; their orders are not searched */
	shape *s;
	double total;
	int nq;
	int ns = kpa_table_shapes(adv, t, &s, &total, &nq);
	if (ns == 0) {
		free(s);
		return;
	}
	/* orders searched on the key alone, without the table's indexes: the
	 * advised indexes are for the statements the key does not serve, and
	 * once created they would change a search that counted indexes, so
	 * applying all advice (the reorder and the indexes) would draw another
	 * reorder. On the key alone the order found stays the best; the
	 * reorder is still judged (and offered) with the table's indexes. */
	kp_arena wa;
	kp_arena_init(&wa);
	kp_table *with = kpa_hypo_table(&wa, t, &t->pk, NULL, 0);
	with->src = t->src;
	int n = t->pk.n;
	for (int i = 0; i < ns; i++)
		s[i].now = kpa_served(s[i].q->plan.access);
	bool none[KP_REORDER_MAX] = {false}, hot[KP_REORDER_MAX] = {false};
	int best[KP_REORDER_MAX], cool[KP_REORDER_MAX];
	int tenant = kpa_tenant_col(adv, t);
	/* a salted table's key is led by its salt byte: a monotonic column
	 * after it spreads over the buckets (Phoenix, "Salted Tables"), so it
	 * is no write hotspot to keep from the lead */
	bool salted = t->salt_buckets > 0 || kp_table_option_get(t, "salt_buckets");
	/* a table never written (-- writes: 0, no write in the workload) has
	 * no write hotspot to keep from the lead (E133's service list) */
	bool unwritten = kpa_never_written(adv, t);
	for (int i = 0; i < n; i++) {
		int c = t->pk.parts[i].col;
		/* hot by name, type or annotation, or by the workload (ranges and
		 * ORDER BY ... DESC on it: the hotspot rule finds it once it leads,
		 * KP_FIXPOINT_ROUNDS=2000's rounds 1489 and 1651) */
		hot[i] = !salted && !unwritten && (kpa_lead_hot(adv, t, c) != NULL ||
		                     (kpa_notes_of(adv, t)->dist[c] != KPA_DIST_UNIFORM && kpa_monotonic_evidence(adv, t, c)));
		/* a multi-tenant table: the tenant stays first */
		none[i] = tenant >= 0 && t->pk.parts[i].col != tenant;
		hot[i] |= none[i];
	}
	double best_w = kpa_search_order(adv, with, s, ns, scratch, none, best);
	const int *chosen = best;
	double chosen_w = best_w;
	const char *tradeoff = "";
	if (best_w >= 0 && hot[best[0]]) {
		/* never bring back a hotspot silently: the order with a cool lead */
		double cool_w = kpa_search_order(adv, with, s, ns, scratch, hot, cool);
		chosen = cool;
		chosen_w = cool_w;
		if (cool_w >= 0 && best_w > cool_w)
			tradeoff = kp_arena_printf(adv->a, "; leading with %s would serve more, but it is a "
			                           "write hotspot", t->cols[t->pk.parts[best[0]].col].name);
	}
	free(s);
	/* the order found is a candidate whenever it differs from the key:
	 * whether it pays (rows read, writes, what it breaks) the judge says */
	bool same = true;
	for (int i = 0; i < n && chosen_w >= 0; i++)
		same &= chosen[i] == i;
	if (!same) {
		kp_key nk;
		nk.n = n;
		nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)n);
		kpa_key_from_order(&nk, t, chosen, n);
		kpa_offer_reorder(adv, KP_R_BETTER_KEY, NULL, t, t, &nk, tradeoff, scratch);
	}
	kp_arena_free(&wa);
}

/* Reads the key serves in key order, with or without a filter. */
static bool ranged(kp_access a)
{
	return a == KP_ACCESS_SCAN || a == KP_ACCESS_FILTERED;
}

/* The reads of t that read key part `part` backwards and pay for it, in
 * words, a FILTERED SCAN of a key range among them (it reads its range
 * backwards too, though no count above takes it): each one whose rows backwards cost more than forwards (a range
 * read through, not one its LIMIT ends: cost.c), with its place, weight
 * and the rows a run it reads more; or that none does. */
static const char *slower_reads(kp_advisor *adv, const kp_table *t, int part, kp_arena *scratch)
{
	const kpa_notes *notes = kpa_notes_of(adv, t);
	kpa_counts k = {notes->distinct, notes->range, t->ncols, notes->dist, NULL, notes->held, notes->held_share, NULL};
	double n = notes->rows >= 0 ? notes->rows : KP_DEFAULT_ROWS;
	double rev = kpa_reverse_factor(adv->target);
	const kp_list *qs = kpa_queries_of(adv, t);
	kp_buf b = {0};
	int named = 0;
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		if (q->base != t || q->plan.index || q->plan.order != KP_ORDER_REVERSE || !ranged(q->plan.access))
			continue;
		int c = kpa_colref(q->plan.names, ((kp_order_item *)kpa_order_of(q->stmt)->items[0])->expr);
		if (c < 0 || c != t->pk.parts[part].col)
			continue;
		kp_plan p;
		kpa_plan_on(&p, t, q, scratch);
		double more = 0;
		if (p.order == KP_ORDER_REVERSE && !p.index)
			more = kpa_rows_read_over(&p, q->stmt, n, &k, rev, 1, 0) -
			       kpa_rows_read_over(&p, q->stmt, n, &k, 1, 1, 0);
		kp_arena_reset(scratch);
		if (!(more > 1e-9))
			continue;
		uint32_t line, col;
		kp_source_linecol(q->src, q->off, &line, &col);
		kp_buf_printf(&b, "%s%s:%u (weight %.15g, %.15g rows a run more than forwards)", named ? ", " : "",
		              q->src->path, line, q->weight, more);
		named++;
	}
	const char *list = kpa_bufdup(adv->a, &b);
	const char *out = named
	                  ? kp_arena_printf(adv->a, "; %s read%s %s range through, which is slower than the stored "
	                                    "order", list, named > 1 ? "" : "s", named > 1 ? "their" : "its")
	                  : "; the LIMIT of each ends it before its range does: it reads as many rows as forwards";
	kp_buf_free(&b);
	return out;
}

/* The desc_key candidate turning key part `part` of t: with the weight of
 * the ordered reads that then read forwards; none when no read does, or
 * when the store cannot store the column reversed. */
static void propose_desc(kp_advisor *adv, const kp_table *t, int part, double rev, double fwd, double nord,
                         kp_arena *scratch)
{
	const target_info *ti = kpa_target(adv->target);
	const kp_list *qs = kpa_queries_of(adv, t);
	kp_key nk = t->pk;
	nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)t->pk.n);
	memcpy(nk.parts, t->pk.parts, sizeof(kp_key_part) * (size_t)t->pk.n);
	nk.parts[part].desc = !nk.parts[part].desc;
	const kp_column *c = &t->cols[nk.parts[part].col];
	const char *cn = c->name;
	/* the reversed reads that become forward reads; what it makes worse
	 * (the forward reads it turns backwards among them) the verdict names,
	 * and the judge weighs */
	kp_table *h = kpa_hypo_table(adv->a, t, &nk, t->indexes, t->nindexes);
	verdict v;
	kpa_judge(adv, t, NULL, h, false, scratch, &v);
	double fixed = 0;
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		kp_order o;
		if (q->base == t && !q->plan.index && q->plan.order == KP_ORDER_REVERSE && kpa_served(q->plan.access)) {
			if (kpa_served(kpa_plan_class(h, q, scratch, &o)) && o == KP_ORDER_KEY)
				fixed += q->weight;
		}
		kp_arena_reset(scratch);
	}
	if (fixed <= 0)
		return;   /* it turns no read forwards: nothing to propose */
	/* the finding states the fact where most ordered reads go backwards,
	 * and names the reads that pay for it: those that read their range
	 * through, not those their LIMIT ends (cost.c) */
	kp_diag *g = NULL;
	if (rev > fwd) {
		const char *slow = slower_reads(adv, t, part, scratch);
		g = kp_diag_add(adv->d, adv->a, KP_R_DESC_KEY, KP_SEV_INFO, t->src, t->pk_off ? t->pk_off : t->off, 0,
		                "%.15g of %.15g weight of ordered reads of %s read %s backwards%s", rev, nord, t->name, cn,
		                slow);
	}
	if (!ti->desc_key && c->auto_increment) {
		/* the store writes the value: it cannot be stored reversed */
		if (g)
			kp_diag_help(g, adv->a, "%s generates %s (AUTO_INCREMENT), so it cannot be stored as "
			             "Long.MAX_VALUE - %s; read newest first with a backward range read (GetRange, "
			             "Direction.BACKWARD)", ti->name, cn, cn);
		return;
	}
	const char *key = kpa_key_notation(adv, t, &nk);
	const char *also = fwd > 0 ? kp_arena_printf(adv->a, " (%.15g weight of reads now forwards would then read "
	                                             "backwards)", fwd) : "";
	kp_advice *x;
	if (ti->desc_key) {
		kp_buf ddl = {0};
		kp_table_ddl(&ddl, t, NULL, &nk, adv->target);
		x = kpa_advise(adv, KP_R_DESC_KEY, "desc_key", t,
		               kp_arena_printf(adv->a, "desc_key: declare %s %s in the key, so %.15g of that weight "
		                               "reads forwards%s; %s", cn, nk.parts[part].desc ? "DESC" : "ASC", fixed,
		                               also, kpa_migration_note(adv, t)),
		               key, kpa_bufdup(adv->a, &ddl));
		kp_buf_free(&ddl);
	} else {
		x = kpa_advise(adv, KP_R_DESC_KEY, "desc_key", t,
		               kp_arena_printf(adv->a, "desc_key: %s keys have no DESC; store %s as Long.MAX_VALUE - "
		                               "%s, so the newest rows sort first and %.15g of that weight reads forwards%s; "
		                               "%s", ti->name, cn, cn, fixed, also, kpa_migration_note(adv, t)),
		               key, NULL);
	}
	kpa_verdict_apply(adv, x, &v, 1);
	x->newkey = kpa_keydup(adv->a, &nk);
	x->serves = kpa_weight_int(fixed);
	x->of = kpa_weight_int(nord);
	kpa_advice_col(adv, x, cn);
	if (g)
		kp_diag_help(g, adv->a, "%s: %s", x->message, key);
}

/* KP122: a DESC (or ASC) key column for each key column that ordered reads
 * the key serves read backwards, proposed whatever the reads forwards
 * weigh: the judge costs both directions (a row read backwards costs
 * KP_REVERSE_FACTOR) and decides. */
void kpa_suggest_desc(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	double nord = 0, fwd = 0;
	double rev[KP_REORDER_MAX] = {0};
	int n = t->pk.n < KP_REORDER_MAX ? t->pk.n : KP_REORDER_MAX;
	const kp_list *qs = kpa_queries_of(adv, t);
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		/* only reads the key serves in its order: a full scan reads the
		 * whole table whatever the direction */
		if (q->base != t || q->plan.index || q->plan.order == KP_ORDER_NONE || !kpa_served(q->plan.access))
			continue;
		nord += q->weight;
		if (q->plan.order == KP_ORDER_REVERSE) {
			int c = kpa_colref(q->plan.names, ((kp_order_item *)kpa_order_of(q->stmt)->items[0])->expr);
			for (int j = 0; j < n; j++)
				if (t->pk.parts[j].col == c && c >= 0) {
					rev[j] += q->weight;
					break;
				}
		} else if (q->plan.order == KP_ORDER_KEY) {
			fwd += q->weight;
		}
	}
	for (int j = 0; j < n; j++)
		if (rev[j] > 0)
			propose_desc(adv, t, j, rev[j], fwd, nord, scratch);
}

/* t has inserts in the workload and every one names column c, or names
 * no columns (then it sets them all): a key that gains c can be written by
 * them (without an insert nothing says the column is always set). */
bool kpa_inserts_set(kp_advisor *adv, const kp_table *t, int c)
{
	int inserts = 0;
	for (uint32_t i = 0; i < adv->queries.n; i++) {
		const kp_wquery *q = adv->queries.items[i];
		const kp_stmt *st = q->stmt;
		/* an insert has no plan: its table by name, as the judge finds it */
		if ((st->kind != KP_S_INSERT && st->kind != KP_S_UPSERT && st->kind != KP_S_REPLACE) ||
		    kp_catalog_find(adv->cat, st->u.insert.table.s, st->u.insert.table.len) != t)
			continue;
		const kp_list *cols = &st->u.insert.cols;
		bool named = cols->n == 0;
		for (uint32_t j = 0; j < cols->n && !named; j++) {
			const kp_name *nm = cols->items[j];
			named = kp_table_column(t, nm->s, nm->len) == c;   /* as the write cost finds it */
		}
		if (!named)
			return false;
		inserts++;
	}
	return inserts > 0;
}

/* Offers t keyed order[0..n) (the last `ndesc` flag per column in desc)
 * as a re-key, when it fits the target, differs from the key, is led by
 * neither a hotspot nor anything but the tenant, serves more than the key
 * and keeps every statement served now served (on the table's indexes).
 * why: what the added columns are, for the message. */
static void offer_rekey(kp_advisor *adv, const kp_table *t, const shape *s, int ns, const int *order,
                        const bool *desc, int n, int tenant, const char *why, kp_arena *scratch)
{
	const target_info *ti = kpa_target(adv->target);
	/* no longer than the key, or than KP104's three columns */
	if ((ti->max_key_parts && n > ti->max_key_parts) || n > (t->pk.n > 3 ? t->pk.n : 3) ||
	    n > KP_REORDER_MAX)
		return;
	bool same = n == t->pk.n;
	for (int p = 0; p < n && same; p++)
		same = order[p] == t->pk.parts[p].col;
	if (same || (tenant >= 0 && order[0] != tenant) || kpa_lead_hot(adv, t, order[0]))
		return;
	kp_key nk;
	nk.n = n;
	nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)n);
	for (int p = 0; p < n; p++) {
		nk.parts[p].col = order[p];
		nk.parts[p].desc = desc[p];
		for (int q = 0; q < t->pk.n; q++)
			if (t->pk.parts[q].col == order[p])
				nk.parts[p] = t->pk.parts[q];
	}
	kp_buf added = {0};
	for (int p = 0; p < n; p++)
		if (t->cols[order[p]].key_pos < 0)
			kp_buf_printf(&added, "%s%s", added.len ? ", " : "", t->cols[order[p]].name);
	/* only a key that serves more and keeps every statement served now
	 * served (on the table's indexes); a candidate, no finding of its own
	 * (the note): the judge says whether it pays */
	double broken, now = 0, w = key_eval(t, &nk, s, ns, scratch, &broken);
	for (int i = 0; i < ns; i++)
		now += s[i].now ? s[i].weight : 0;
	if (broken <= 0 && w > now)
		offer_reorder(adv, KP_R_BETTER_KEY, NULL, t, t, &nk, "",
		              kp_arena_printf(adv->a, "; the key gains %s, %s, and keeps its own columns after it, so "
		                              "rows stay unique (but the store no longer refuses a second row alike in "
		                              "%s alone)", added.data, why, kpa_key_notation(adv, t, &t->pk)),
		              scratch);
	kp_buf_free(&added);
}

/* KP121's re-key: t keyed by the columns a read binds by = (the heaviest
 * reads' sets first), then the key's columns it leaves out, so rows stay
 * unique: the key a designer picks for "the account's orders on a symbol",
 * which a reorder of the key's own columns never reaches when the reads
 * bind a column the key does not hold. The bound columns go most bound
 * (by weight, over the table's reads) first, a few-valued one after those
 * that spread, then the more distinct; within the target's key parts;
 * never led by a write hotspot or, on a multi-tenant table, by anything but
 * the tenant; only when every insert names the columns the key gains. The
 * judge weighs it (against salt and index, say) like any reorder. A set
 * of the key's own columns alone is the reorder search's.
 *
 * Where the key's lead is a write hotspot (monotonic, one column keys
 * too), the read's whole access path leads as well: its = columns, then
 * its range or ORDER BY column (DESC where the read wants it newest first
 * and the store has DESC key parts), then the old key: the key KP120 names
 * for the read ("[username][attempt_time DESC][entry_no]", designs13.md
 * E79), which a hash prefix plus an index serves with two rows a write. */
void kpa_suggest_rekey(kp_advisor *adv, const kp_table *t, kp_arena *scratch)
{
	if (t->pk.n < 1 || t->pk.n > KP_REORDER_MAX || t->salt_buckets > 0 ||
	    kp_table_option_get(t, "salt_buckets"))
		return;
	for (int i = 0; i < t->pk.n; i++)
		if (t->pk.parts[i].col < 0)
			return;   /* a hash-prefixed key is laid out on purpose */
	const kpa_notes *notes = kpa_notes_of(adv, t);
	int lead = t->pk.parts[0].col;
	bool hot = kpa_lead_hot(adv, t, lead) != NULL ||
	           (notes->dist[lead] != KPA_DIST_UNIFORM && kpa_monotonic_evidence(adv, t, lead));
	bool reorderable = kpa_reorderable(t);
	if (!reorderable && !hot)
		return;
	shape *s;
	double total;
	int nq;
	int ns = kpa_table_shapes(adv, t, &s, &total, &nq);
	int tenant = kpa_tenant_col(adv, t);
	bool has_desc = kpa_target(adv->target)->desc_key;
	for (int i = 0; i < ns; i++)
		s[i].now = kpa_served(s[i].q->plan.access);
	double *eqw = calloc((size_t)t->ncols + 1, sizeof(double));
	colset *eqs = calloc((size_t)ns + 1, sizeof(colset));
	colset *ranges = calloc((size_t)ns + 1, sizeof(colset));
	if (!eqw || !eqs || !ranges)
		abort();
	for (int i = 0; i < ns; i++) {
		kpa_sargable(s[i].q->plan.names, kpa_where_of(s[i].q->stmt), &eqs[i], &ranges[i]);
		for (int j = 0; j < eqs[i].n; j++)
			eqw[eqs[i].cols[j]] += s[i].weight;
	}
	/* the reads' sets of columns bound by =: the three heaviest that hold
	 * a column the key does not */
	bool *done = calloc((size_t)ns + 1, sizeof(bool));
	if (!done)
		abort();
	for (int tries = 0; tries < 3;) {
		int pick = -1;
		for (int i = 0; i < ns; i++)
			if (!done[i] && s[i].q->stmt->kind == KP_S_SELECT && eqs[i].n > 0 &&
			    (pick < 0 || s[i].weight > s[pick].weight))
				pick = i;
		if (pick < 0)
			break;
		done[pick] = true;
		const colset *e = &eqs[pick];
		/* the range or ORDER BY column of the read's path, as KP120 picks
		 * it (index.c): the ordered column when it is bounded or no other
		 * is, else the first bounded one */
		const kp_list *ob = kpa_order_of(s[pick].q->stmt);
		int ocol = -1, rcol = -1;
		bool odesc = false;
		if (ob->n) {
			const kp_order_item *it = ob->items[0];
			ocol = kpa_colref(s[pick].q->plan.names, it->expr);
			odesc = it->desc;
		}
		const colset *r = &ranges[pick];
		for (int j = 0; j < r->n; j++)
			if (r->cols[j] == ocol)
				rcol = ocol;
		if (rcol < 0 && r->n)
			rcol = r->cols[0];
		if (rcol < 0 && ocol >= 0)
			rcol = ocol;
		if (rcol >= 0 && kpa_colset_has(e, rcol))
			rcol = -1;
		/* a column the key gains is set by every insert (its DDL then
		 * declares it NOT NULL, as a key column) */
		bool adds = false, writable = e->n + t->pk.n <= KP_REORDER_MAX;
		for (int j = 0; j < e->n && writable; j++)
			if (t->cols[e->cols[j]].key_pos < 0) {
				adds = true;
				writable = kpa_inserts_set(adv, t, e->cols[j]);
			}
		bool path = hot && rcol >= 0 && writable && e->n + 1 + t->pk.n <= KP_REORDER_MAX &&
		            (t->cols[rcol].key_pos >= 0 || kpa_inserts_set(adv, t, rcol));
		if (!adds && !path)
			continue;   /* the key's own columns: the reorder search's */
		tries++;
		if (!writable)
			continue;
		int order[KP_REORDER_MAX], n = 0;
		bool desc[KP_REORDER_MAX] = {false};
		for (int j = 0; j < e->n; j++) {
			int c = e->cols[j], at = n;
			bool fc = kpa_few_values(adv, t, c);
			for (; at > 0; at--) {
				int o = order[at - 1];
				bool fo = kpa_few_values(adv, t, o);
				bool before = fc != fo ? fo : eqw[c] != eqw[o] ? eqw[c] > eqw[o]
				              : notes->distinct[c] > notes->distinct[o];
				if (!before)
					break;
				order[at] = o;
			}
			order[at] = c;
			n++;
		}
		int ne = n;
		if (adds && reorderable) {
			for (int p = 0; p < t->pk.n; p++)
				if (!kpa_colset_has(e, t->pk.parts[p].col))
					order[n++] = t->pk.parts[p].col;
			offer_rekey(adv, t, s, ns, order, desc, n, tenant, "which the reads bind by =", scratch);
		}
		if (!path)
			continue;
		n = ne;
		desc[n] = rcol == ocol && odesc && has_desc && !t->cols[rcol].auto_increment;
		order[n++] = rcol;
		for (int p = 0; p < t->pk.n; p++)
			if (!kpa_colset_has(e, t->pk.parts[p].col) && t->pk.parts[p].col != rcol)
				order[n++] = t->pk.parts[p].col;
		offer_rekey(adv, t, s, ns, order, desc, n, tenant,
		            kp_arena_printf(adv->a, "the path of a read (the columns it binds by =, then %s, which it "
		                            "%s), ahead of %s, a write hotspot where it leads", t->cols[rcol].name,
		                            rcol == ocol ? "orders by" : "bounds by a range", t->cols[lead].name),
		            scratch);
	}
	free(done);
	free(ranges);
	free(eqs);
	free(eqw);
	free(s);
}

