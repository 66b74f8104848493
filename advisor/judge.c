/* The judge: the rules only propose candidate changes (advice records with
 * the key or index they would create); this file applies them, alone and
 * together, to a hypothetical copy of each table and plans the table's
 * whole weighted workload again (reads through its views included, writes
 * counted as writes), costs it with the model of cost.c, and chooses one
 * recommendation per table (docs/advice.md), in this order:
 *
 *   1. no statement the table serves today (GET, SCAN or FILTERED SCAN)
 *      becomes a full scan;
 *   2. no more rows written onto one region (no new write hotspot);
 *   3. the least rows read plus rows written x KP_WRITE_RATE.
 *
 * The choice is greedy, as AutoAdmin's: from the design as it is, add the
 * candidate that lowers (hot rows, cost) the most while keeping 1 and 2,
 * at most one key change, until none does. Empty, the design stands.
 * Every other candidate is an alternative, ranked by the same order alone,
 * with what it trades; key changes exclude each other. What a verdict
 * says in words is judge_words.c's (trades, write cost),
 * judge_notes.c's (the defaults it rests on) and judge_index_words.c's. */
#include "advisor/judgeInt.h"

#include <stdlib.h>
#include <string.h>

static const kp_table *base_of(const kp_advisor *adv, const kp_table *t)
{
	if (t && t->view_base) {
		const kp_table *b = kp_catalog_find(adv->cat, t->view_base, (uint32_t)strlen(t->view_base));
		return b && !b->dropped ? b : NULL;
	}
	return t;
}

/* The column an index candidate leads with, or -1 (a hash part). */
static int index_lead(const kp_advice *x)
{
	return x->index && !x->index->search && x->index->key.n ? x->index->key.parts[0].col : -1;
}

/* The index of a candidate led by a column, or NULL. */
static const kp_index *led_index(const kp_advice *x)
{
	return index_lead(x) >= 0 ? x->index : NULL;
}

/* d with x applied on top (and what x comes with); false when it cannot
 * be: a second key change, or no hypothetical key or index to apply. */
static bool apply(kp_arena *a, const kp_table *t, design *d, kp_advice *x)
{
	if (d->nitems + 2 > (int)(sizeof d->items / sizeof d->items[0]))
		return false;
	for (kp_advice *y = x; y; y = y->with) {
		if (y->replaces) {
			/* an index of the table dropped, or widened in its place:
			 * not applicable once another item replaced it */
			int at = -1;
			for (int i = 0; i < d->nix; i++)
				if (d->ix[i] == y->replaces)
					at = i;
			if (at < 0)
				return false;
			kp_index **ix = kp_arena_alloc(a, sizeof(kp_index *) * (size_t)(d->nix + 1));
			int n = 0;
			for (int i = 0; i < d->nix; i++)
				if (i != at)
					ix[n++] = d->ix[i];
			if (y->index)
				ix[n++] = y->index;
			d->ix = ix;
			d->nix = n;
		} else if (y->newkey && !y->index) {
			for (int i = 0; i < d->nitems; i++)
				if (d->items[i]->newkey)
					return false;
			d->key = y->newkey;
			d->buckets = y->buckets;
		} else if (y->index) {
			kp_index **ix = kp_arena_alloc(a, sizeof(kp_index *) * (size_t)(d->nix + 1));
			if (d->nix)
				memcpy(ix, d->ix, sizeof(kp_index *) * (size_t)d->nix);
			ix[d->nix++] = y->index;
			d->ix = ix;
		} else {
			return false;
		}
		d->items[d->nitems++] = y;
	}
	(void)t;
	return true;
}

/* The rank of a class, best first. */
static int class_rank(kp_access a)
{
	switch (a) {
	case KP_ACCESS_GET:
		return 0;
	case KP_ACCESS_SCAN:
		return 1;
	case KP_ACCESS_FILTERED:
	case KP_ACCESS_SEARCH:
		return 2;
	default:
		return 3;
	}
}

/* Does dropping ix make a read that goes through it (on the design whose
 * plans are cur) worse on the design without it (then): another class, an
 * ORDER BY it served now sorted, or refused? A drop is taken only where
 * none does (docs/advice.md, "Existing indexes"). */
/* Is a plan's index ix (itself, or its copy on a view or hypothetical
 * table, by name)? */
static bool through_ix(const kp_index *p, const kp_index *ix)
{
	return p == ix || (p->name && ix->name && !strcmp(p->name, ix->name));
}

/* The plans of design d, which is the design whose plans are cur without
 * its index ix: only the shapes that read through ix plan otherwise (the
 * others keep the path they chose among those left, as the greedy
 * search's step back assumes), into out. */
static void drop_plans(jtable *jt, const design *d, kp_arena *scratch, const kp_index *ix, const sres *cur, sres *out)
{
	kp_key nohash = {0};
	if (d->buckets && d->key->n > 1 && d->key->parts[0].col < 0) {
		nohash.parts = d->key->parts + 1;
		nohash.n = d->key->n - 1;
	}
	memcpy(out, cur, sizeof(sres) * (size_t)jt->ns);
	for (int k = 0; k < jt->ns; k++)
		if (!(jt->s[k].ins_rows > 0) && cur[k].ix && through_ix(cur[k].ix, ix))
			kpj_plan_shape(jt, d, &nohash, scratch, k, out, NULL);
}

/* The weight of the writes that keep ix (an insert writes its row, a
 * delete removes it, an update or an UPSERT of some columns of a row that
 * exists writes it where it sets a column ix keys or holds:
 * kpj_writes_index), and of the statements that go through it (cur). */
static void keep_weights(const jtable *jt, const kp_index *ix, const sres *cur, double *writes, double *reads)
{
	*writes = *reads = 0;
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if ((s->ins_rows > 0 || s->upd) && kpj_writes_index(jt, i, ix))
			*writes += s->weight;
		else if (cur[i].ix && through_ix(cur[i].ix, ix))
			*reads += s->weight;
	}
}

/* Does dropping ix make a statement that goes through it worse: its
 * class, a refusal, a sort its ORDER BY did not need? A SCAN that becomes
 * a FILTERED SCAN of one small key range (kpa_small_filtered: one range
 * read, its rows filtered on the server) is not worse where the writes
 * that keep ix weigh more than the statements that go through it: each
 * such read stays one range read, and each of those writes saves an index
 * row (docs/advice.md, "Small filtered reads"; E120's seat lookup in
 * tests/advisor/designs19.md, where E84's unread badge, read more than
 * its index is written, keeps its index) */
static bool drop_worsens(const jtable *jt, const kp_index *ix, const sres *cur, const sres *then)
{
	double writes = -1, reads = 0;
	for (int i = 0; i < jt->ns; i++) {
		if (jt->s[i].ins_rows > 0 || !cur[i].ix || !through_ix(cur[i].ix, ix))
			continue;
		if ((then[i].rejected && !cur[i].rejected) ||
		    (then[i].order == KP_ORDER_SORT && cur[i].order != KP_ORDER_SORT))
			return true;
		if (class_rank(then[i].cls) <= class_rank(cur[i].cls))
			continue;
		if (!(cur[i].cls == KP_ACCESS_SCAN && then[i].cls == KP_ACCESS_FILTERED && then[i].small >= 0))
			return true;
		if (writes < 0)
			keep_weights(jt, ix, cur, &writes, &reads);
		if (writes <= reads)
			return true;
	}
	return false;
}

/* Does any read of design cur become worse in then: its class, a refusal,
 * a sort its ORDER BY did not need? */
static bool any_worse(const jtable *jt, const sres *cur, const sres *then)
{
	for (int i = 0; i < jt->ns; i++) {
		if (jt->s[i].ins_rows > 0)
			continue;
		if (class_rank(then[i].cls) > class_rank(cur[i].cls) || (then[i].rejected && !cur[i].rejected) ||
		    (then[i].order == KP_ORDER_SORT && cur[i].order != KP_ORDER_SORT))
			return true;
	}
	return false;
}

/* A drop of an index reads go through, not recommended: no alternative
 * worth listing (index_keep.c). */
/* Does a design planned as res move onto a search index a read that reads
 * its own writes (kpj_reads_own_write), which cur does not read so? */
static bool moves_own_write(const jtable *jt, const sres *cur, const sres *res)
{
	for (int i = 0; i < jt->ns; i++)
		if (res[i].cls == KP_ACCESS_SEARCH && cur[i].cls != KP_ACCESS_SEARCH && kpj_reads_own_write(jt, i))
			return true;
	return false;
}

static bool hidden(const kp_advice *x)
{
	return x->read_drop && !x->recommended;
}

static void add_shape(kp_advisor *adv, jtable *jt, u64map *where, const kp_wquery *q, const kp_table *on)
{
	uint64_t k = kpa_mix(q->shape, (uint64_t)on->id + 1);
	uint32_t i;
	if (!kpa_map_get(where, k, &i)) {
		if (jt->ns == jt->cap) {
			jt->cap = jt->cap ? jt->cap * 2 : 8;
			jt->s = realloc(jt->s, sizeof(jshape) * (size_t)jt->cap);
			if (!jt->s)
				abort();
		}
		i = (uint32_t)jt->ns++;
		kpa_map_put(where, k, i);
		jshape *s = &jt->s[i];
		memset(s, 0, sizeof(*s));
		s->q = q;
		s->on = on;
		s->ins_rows = kpa_insert_rows(q->stmt);
		s->upd = q->stmt->kind == KP_S_UPDATE || q->stmt->kind == KP_S_DELETE;
		s->now = q->plan.access;
		s->now_rejected = q->plan.rejected || kpj_sort_refused(adv, q->plan.access, q->plan.order, q->plan.rejected, q->stmt);
		s->now_order = q->plan.order;
		/* LindormTable deletes one row by its whole key (batch deletion
		 * is off by default: its DELETE reference): any other DELETE is
		 * refused on every design, and no index can change that */
		s->fixed = q->stmt->kind == KP_S_DELETE && kpa_target(adv->target)->delete_by_key &&
		           (q->plan.access != KP_ACCESS_GET || q->plan.index);
		if (!s->ins_rows)
			s->uses = kpa_query_uses(q, jt->t);
	}
	jshape *s = &jt->s[i];
	s->weight += q->weight;
	s->count += q->count;
	double rate = kpa_stated_rate(q);
	if (rate >= 0)
		s->rate += rate * q->count;
	else
		s->unrated = true;
	if (kpa_is_write(q->stmt))
		jt->writes += q->weight;
	else
		jt->reads += q->weight;
	(void)adv;
}


/* The reads to rewrite of a key change whose writer fills a column, as
 * judged (advisor25's; apart from the choice above and below): from the
 * plans res of the design it was judged in (the recommendation as a
 * whole, or the change alone for an alternative), a statement the rule
 * listed needs its rewrite only where it reads the new key (through no
 * index of the design); a read
 * through an index the design keeps or adds binds no new column and reads
 * no bucket (E66, E92, E94 in tests/advisor/designs10.md, designs15.md). */
static void rewrite_as_judged(kp_advisor *adv, const jtable *jt, kp_advice *x, const sres *res)
{
	if (!x->rewrite_said || !res)
		return;
	u64map at = {0};
	for (int i = 0; i < jt->ns; i++)
		kpa_map_put(&at, kpa_mix(jt->s[i].q->shape, (uint64_t)jt->s[i].on->id + 1), (uint32_t)i);
	bool *keyed = calloc((size_t)adv->queries.n + 1, sizeof(bool));
	if (!keyed)
		abort();
	for (uint32_t k = 0; k < adv->queries.n; k++) {
		const kp_wquery *q = adv->queries.items[k];
		uint32_t i;
		if (q->base != jt->t || !q->plan.table ||
		    !kpa_map_get(&at, kpa_mix(q->shape, (uint64_t)q->plan.table->id + 1), &i))
			continue;
		keyed[k] = !res[i].ix;
	}
	kpa_rewrite_as_judged(adv, x, keyed);
	free(keyed);
	kpa_map_free(&at);
}

/* Does design c put more rows on one region than the design as it is
 * (base), where they decide? Rule 2 never admits it. Where every write of
 * the table states its rate (kp_cost.by_rate), rows on one region decide
 * only when a region takes them at KP_REGION_WRITE_RATE or more
 * (kp_cost.hot_decides), the rule table keys are judged by: an index led
 * by a column of few values, written a few rows a second, is no hotspot
 * (E119 in tests/advisor/designs19.md: a lab's worklist index at 120 rows
 * a second over 25 labs; docs/advice.md, "The choice"). */
static bool adds_hot(const kp_cost *c, const kp_cost *base)
{
	if (c->hot <= base->hot * (1 + 1e-9))
		return false;
	return !c->by_rate || c->hot_decides;
}

static void judge_table(kp_advisor *adv, jtable *jt, kp_list *cands, kp_arena *scratch, kp_arena *hyp)
{
	const kp_table *t = jt->t;
	kp_table_review *r = kp_arena_alloc(adv->a, sizeof(*r));
	r->table = t;
	r->key = kpa_key_notation(adv, t, &t->pk);
	const kpa_notes *notes = kpa_notes_of(adv, t);
	kpj_table_counts(adv, jt, notes);
	kpj_review_today(adv, jt, r, notes);
	kpj_hot_columns(adv, jt, notes, cands, hyp);
	jt->adv = adv;   /* a table no statement names has none yet */
	jt->conc = kpa_table_conc(adv, t, hyp);
	design now = {.key = &t->pk, .ix = t->indexes, .nix = t->nindexes};
	kp_cost base, cur;
	size_t rs = sizeof(sres) * (size_t)(jt->ns + 1);
	sres *cur_res = kp_arena_alloc(hyp, rs), *try_res = kp_arena_alloc(hyp, rs), *best_res = kp_arena_alloc(hyp, rs);
	kpj_evaluate(jt, &now, scratch, &base, cur_res, hyp);
	r->before = base;
	if (base.by_rate) {
		r->landing = kp_arena_alloc(adv->a, sizeof(double) * (size_t)(t->nindexes + 1));
		r->landing[0] = kpj_copy_rate(jt, &now, NULL);
		for (int i = 0; i < t->nindexes; i++)
			r->landing[1 + i] = kpj_copy_rate(jt, &now, t->indexes[i]);
	}
	r->rows_per_insert_before = r->rows_per_insert_after = kpj_write_fanout(&now);
	cur = base;
	design chosen = now;
	uint32_t n = cands->n;
	kp_cost *alone = kp_arena_alloc(hyp, sizeof(kp_cost) * (n + 1));
	bool *ok = kp_arena_alloc(hyp, sizeof(bool) * (n + 1));
	const char **trade = kp_arena_alloc(hyp, sizeof(char *) * (n + 1));
	const char **rewrites = kp_arena_alloc(hyp, sizeof(char *) * (n + 1));
	const char **flag = kp_arena_alloc(hyp, sizeof(char *) * (n + 1));
	/* each candidate alone; an index's shapes kept, planned on the key
	 * they were planned on, to compose with the chosen design */
	sres **ixres = kp_arena_alloc(hyp, sizeof(sres *) * (n + 1));
	const kp_key **ixkey = kp_arena_alloc(hyp, sizeof(kp_key *) * (n + 1));
	/* a key change's shapes planned on its key, with the indexes the
	 * greedy search has chosen so far composed in (kcdone of them): each
	 * chosen index planned once on each key change, not every key change
	 * planned again whole at every step */
	sres **kcres = kp_arena_alloc(hyp, sizeof(sres *) * (n + 1));
	int *kcdone = kp_arena_alloc(hyp, sizeof(int) * (n + 1));
	for (uint32_t i = 0; i < n; i++) {
		kp_advice *x = cands->items[i];
		design d = now;
		ok[i] = apply(hyp, t, &d, x);
		if (!ok[i])
			continue;
		bool index = d.key == now.key;
		sres *res = kp_arena_alloc(hyp, rs);
		if (index && index_lead(x) >= 0 && !x->with && !x->replaces) {
			kpj_plan_some(jt, &d, scratch, res, cur_res, led_index(x));
			kpj_cost_of(jt, &d, res, &alone[i]);
		} else if (x->replaces && !x->index && !x->with) {
			drop_plans(jt, &d, scratch, x->replaces, cur_res, res);
			kpj_cost_of(jt, &d, res, &alone[i]);
		} else {
			kpj_evaluate(jt, &d, scratch, &alone[i], res, hyp);
		}
		if (!index) {
			kcres[i] = res;
			kcdone[i] = 0;
			res = NULL;
		}
		trade[i] = kpj_trades(adv, jt, &base, &alone[i], &d);
		double served_w = 0, served_rows = 0;
		x->served_why = NULL;
		if (index && kpj_served_discount(jt, &now, cur_res, NULL, res, &served_w, &served_rows)) {
			x->served_why = kp_arena_printf(adv->a,
			                                "reads of weight %.15g that are one covered range of a bound key "
			                                "prefix today read %.15g weighted rows fewer through it, less than a "
			                                "factor of %.15g on their rows: a range already served, so what it "
			                                "saves them does not count for it",
			                                served_w, kpj_per_value(served_rows, 1), KP_SERVED_FACTOR);
			trade[i] = kp_arena_printf(adv->a, "%s; %s", trade[i] ? trade[i] : "", x->served_why);
		}
		/* a key the findings would flag on its DDL applied (KP101/KP102) */
		flag[i] = index ? NULL : kpj_key_flagged(adv, jt, &d, &alone[i]);
		if (flag[i])
			trade[i] = trade[i] ? kp_arena_printf(adv->a, "%s; %s", flag[i], trade[i]) : flag[i];
		/* never a key a write of the workload changes (judge_rewrite.c) */
		rewrites[i] = kpj_key_rewrite_words(adv, jt, x);
		/* nor DDL the target refuses for its key's length */
		if (!rewrites[i])
			rewrites[i] = kpj_key_limit_words(adv, jt, x);
		x->held_why = rewrites[i];   /* the KP120 finding's words say it (kpa_reword_held) */
		if (rewrites[i])
			trade[i] = trade[i] ? kp_arena_printf(adv->a, "%s; %s", rewrites[i], trade[i]) : rewrites[i];
		ixres[i] = res;
		ixkey[i] = index ? now.key : NULL;
	}
	/* greedy: the best admissible step from the current design */
	const target_info *ti = kpa_target(adv->target);
	int bound = ti->max_indexes ? ti->max_indexes : KP_MAX_INDEXES;
	bool *taken = kp_arena_alloc(hyp, sizeof(bool) * (n + 1));
	/* candidates that paid at the default but not across the bracket at
	 * the last step of the search */
	bool *undecided = kp_arena_alloc(hyp, sizeof(bool) * (n + 1));
	bool *best_undecided = kp_arena_alloc(hyp, sizeof(bool) * (n + 1));
	int *picks = kp_arena_alloc(hyp, sizeof(int) * (n + 1)), npicks = 0;
	int *best_picks = kp_arena_alloc(hyp, sizeof(int) * (n + 1)), best_npicks = 0;
	sres *base_res = kp_arena_alloc(hyp, rs), *saved_res = kp_arena_alloc(hyp, rs);
	memcpy(base_res, cur_res, rs);
	sres **kcres0 = kp_arena_alloc(hyp, sizeof(sres *) * (n + 1));
	bool searching = false;
	for (uint32_t i = 0; i < n; i++) {
		const kp_advice *x = cands->items[i];
		searching |= ok[i] && x->index && x->index->search;
		if (ok[i] && kcres[i]) {
			kcres0[i] = kp_arena_alloc(hyp, rs);
			memcpy(kcres0[i], kcres[i], rs);
		}
	}
	kp_cost best_cur = base;
	design best_chosen = now;
	/* two runs when a search index is a candidate. First the key and KV
	 * indexes, then the search index on top of them: taken first, for the
	 * reads it serves all at once, it would let no KV index after it pay
	 * alone (Lindorm reads through a search index only when no key serves
	 * a read). Then, when that left it out, the search index competing
	 * from the start, for the design the KV indexes would crowd out under
	 * the index bound. The
	 * step back below drops what a later step made redundant (a
	 * relaxation, as Bruno and Chaudhuri's); the cheaper design wins. */
	for (int run = 0; run < (searching ? 2 : 1); run++) {
		int phase = run;
		if (run == 1) {
			/* only when the first run left the search index out */
			bool took = false;
			for (int k = 0; k < best_npicks; k++) {
				const kp_advice *x = cands->items[best_picks[k]];
				took |= x->index && x->index->search;
			}
			if (took)
				break;
		}
		chosen = now;
		cur = base;
		memcpy(cur_res, base_res, rs);
		memset(taken, 0, sizeof(bool) * (n + 1));
		npicks = 0;
		for (uint32_t i = 0; i < n; i++)
			if (ok[i] && kcres[i]) {
				memcpy(kcres[i], kcres0[i], rs);
				kcdone[i] = 0;
			}
		for (;;) {
			int pick = -1;
			kp_cost best = cur, best_real = cur;
			for (uint32_t i = 0; i < n; i++) {
				kp_advice *x = cands->items[i];
				if (taken[i] || !ok[i] || rewrites[i] || (phase == 0 && x->index && x->index->search))
					continue;
				design d = chosen;
				if (!apply(hyp, t, &d, x))
					continue;
				/* the index bound: no KV index past it (AutoAdmin's k) */
				int kd = kpj_kv_indexes(&d);
				if (kd > bound && kd > kpj_kv_indexes(&chosen))
					continue;
				kp_cost c;
				if (x->replaces && !x->index) {
					/* an index dropped: only the shapes that read through it
					 * planned again */
					drop_plans(jt, &d, scratch, x->replaces, cur_res, try_res);
					kpj_cost_of(jt, &d, try_res, &c);
					if (drop_worsens(jt, x->replaces, cur_res, try_res))
						continue;
				} else if (x->replaces) {
					/* an index widened or rebuilt: every shape planned again
					 * (the cheaper of two designs is no composition here) */
					kpj_evaluate(jt, &d, scratch, &c, try_res, hyp);
				} else if (d.key == chosen.key && (ixres[i] || !x->newkey)) {
					/* an index: composed with the chosen design, planned alone
					 * on its key once */
					if (ixkey[i] != chosen.key || !ixres[i]) {
						design alone_on = {.key = chosen.key, .buckets = chosen.buckets, .ix = t->indexes,
						                   .nix = t->nindexes};
						apply(hyp, t, &alone_on, x);
						if (!ixres[i])
							ixres[i] = kp_arena_alloc(hyp, rs);
						kpj_plan_some(jt, &alone_on, scratch, ixres[i], cur_res, x->with ? NULL : led_index(x));
						ixkey[i] = chosen.key;
					}
					kpj_compose(jt, cur_res, ixres[i], try_res);
					kpj_cost_of(jt, &d, try_res, &c);
				} else if (kcres[i]) {
					/* a key change: its own plans, composed with each
					 * index chosen since, planned on its key once */
					for (; kcdone[i] < chosen.nitems; kcdone[i]++) {
						kp_advice *y = chosen.items[kcdone[i]];
						if (!y->index)
							continue;
						design on = {.key = d.key, .buckets = d.buckets, .ix = t->indexes, .nix = t->nindexes};
						for (kp_advice *z = x; z; z = z->with)
							if (z->index)
								apply(hyp, t, &on, z);   /* its companion index table */
						on.nitems = 0;
						apply(hyp, t, &on, y);
						sres *with = kp_arena_alloc(hyp, rs);
						kpj_plan_some(jt, &on, scratch, with, kcres[i], led_index(y));
						kpj_compose(jt, kcres[i], with, kcres[i]);
					}
					memcpy(try_res, kcres[i], rs);
					kpj_cost_of(jt, &d, try_res, &c);
				} else {
					kpj_evaluate(jt, &d, scratch, &c, try_res, hyp);
				}
				if (c.broken > 0 || adds_hot(&c, &base))
					continue;   /* 1 and 2: never admitted */
				/* a search index is brought the writes asynchronously: it
				 * takes no read that looks a row up by a value a write of
				 * the workload sets (docs/advice.md, "The choice") */
				if (x->index && x->index->search && moves_own_write(jt, cur_res, try_res))
					continue;
				/* judged with a rare full scan it serves taken as a batch
				 * (its saving not counted); the design's own cost kept */
				kp_cost real = c;
				kpj_batch_discount(jt, &cur, cur_res, &c, try_res);
				/* and with what it saves a read one covered range of a
				 * bound prefix serves not counted, under KP_SERVED_FACTOR */
				kpj_served_discount(jt, &chosen, cur_res, &c, try_res, NULL, NULL);
				/* a step pays across the bracket of the default
				 * selectivities, or it stays an alternative that says
				 * what would decide it (docs/advice.md) */
				if (!kpj_pays(&c, &cur)) {
					undecided[i] = kpj_better(&c, &cur);
					continue;
				}
				undecided[i] = false;
				/* a key the findings flag (KP101/KP102 on its DDL applied)
				 * is not taken while one they do not flag serves every read
				 * as well, whatever their costs (issue 21: never a key led by
				 * a monotonic or low-cardinality column; docs/advice.md,
				 * "The choice") */
				bool unflagged = false;
				if (pick >= 0 && kcres[i] && kcres[pick] && !flag[i] != !flag[pick]) {
					if (flag[i] && !any_worse(jt, try_res, best_res))
						continue;
					unflagged = flag[pick] && !any_worse(jt, best_res, try_res);
				}
				/* at equal cost an index the store maintains beats a second
				 * table the application must write */
				double st = pick >= 0 ? kpj_sorted_weight(jt, try_res) : 0;
				double sb = pick >= 0 ? kpj_sorted_weight(jt, best_res) : 0;
				bool tie = pick >= 0 && !kpj_robust_better_on(jt, &c, try_res, &best, best_res) &&
				           !kpj_robust_better_on(jt, &best, best_res, &c, try_res) &&
				           (kpj_tie_first(jt, cands, flag, (int)i, pick) || st < sb ||
				            (st == sb && kpj_backwards(jt, try_res) < kpj_backwards(jt, best_res)));
				if (pick < 0 || unflagged || kpj_robust_better_on(jt, &c, try_res, &best, best_res) || tie) {
					best = c;
					best_real = real;
					pick = (int)i;
					sres *tmp = best_res;
					best_res = try_res;
					try_res = tmp;
				}
			}
			if (pick < 0 && phase == 0) {
				phase = 1;
				continue;
			}
			if (pick < 0)
				break;
			taken[pick] = true;
			picks[npicks++] = pick;
			apply(hyp, t, &chosen, cands->items[pick]);
			cur = best_real;
			sres *tmp = cur_res;
			cur_res = best_res;
			best_res = tmp;
		}
		/* a step back: an index that a later step left serving nothing its
		 * cost is worth (a search index whose reads now each read through a KV
		 * index) is dropped, as long as the design stays admissible */
		for (bool again = npicks > 1; again;) {
			again = false;
			for (int k = 0; k < npicks && !again; k++) {
				const kp_advice *x = cands->items[picks[k]];
				if (!x->index || x->newkey || x->with)
					continue;
				design d = now;
				for (int j = 0; j < npicks; j++)
					if (j != k)
						apply(hyp, t, &d, cands->items[picks[j]]);
				kp_key nohash = {0};
				if (d.buckets && d.key->n > 1 && d.key->parts[0].col < 0) {
					nohash.parts = d.key->parts + 1;
					nohash.n = d.key->n - 1;
				}
				memcpy(try_res, cur_res, rs);
				for (int i = 0; i < jt->ns; i++)
					if (!(jt->s[i].ins_rows > 0) && cur_res[i].ix == x->index)
						kpj_plan_shape(jt, &d, &nohash, scratch, i, try_res, NULL);
				kp_cost c;
				kpj_cost_of(jt, &d, try_res, &c);
				if (c.broken > 0 || adds_hot(&c, &base) || kpj_better(&cur, &c))
					continue;
				memmove(picks + k, picks + k + 1, sizeof(int) * (size_t)(npicks - k - 1));
				npicks--;
				chosen = d;
				cur = c;
				sres *tmp = cur_res;
				cur_res = try_res;
				try_res = tmp;
				again = true;
			}
		}
		/* an index the design rebuilt or widened (replaced by a copy of
		 * its own) judged again against the reads left to it once the
		 * later steps are in: where its drop in its place leaves no read
		 * worse and costs no more, the drop is taken (E95: the index a
		 * new index took the read from, rebuilt, then dropped by the
		 * next check: two migrations, and a recommendation that is no
		 * fixpoint) */
		for (int k = 0; k < npicks; k++) {
			const kp_advice *x = cands->items[picks[k]];
			if (!x->replaces || !x->index || x->with)
				continue;
			int drop = -1;
			for (uint32_t j = 0; j < n && drop < 0; j++) {
				const kp_advice *y = cands->items[j];
				if (ok[j] && !taken[j] && y->replaces == x->replaces && !y->index && !y->with)
					drop = (int)j;
			}
			if (drop < 0)
				continue;
			design d = now;
			bool applies = true;
			for (int j = 0; j < npicks && applies; j++)
				applies = apply(hyp, t, &d, cands->items[j == k ? drop : picks[j]]);
			if (!applies)
				continue;
			kp_cost c;
			kpj_evaluate(jt, &d, scratch, &c, try_res, hyp);
			if (c.broken > 0 || adds_hot(&c, &base) || kpj_better(&cur, &c) ||
			    any_worse(jt, cur_res, try_res))
				continue;
			taken[picks[k]] = false;
			taken[drop] = true;
			picks[k] = drop;
			chosen = d;
			cur = c;
			sres *tmp = cur_res;
			cur_res = try_res;
			try_res = tmp;
		}
		/* at equal cost the design with fewer tables the application
		 * writes itself wins (store_kept) */
		int apps = 0, best_apps = 0;
		for (int k = 0; k < npicks; k++)
			apps += !strcmp(((kp_advice *)cands->items[picks[k]])->kind, "index_table");
		for (int k = 0; k < best_npicks; k++)
			best_apps += !strcmp(((kp_advice *)cands->items[best_picks[k]])->kind, "index_table");
		if (run == 0 || kpj_better_on(jt, &cur, cur_res, &best_cur, saved_res) ||
		    (!kpj_better_on(jt, &best_cur, saved_res, &cur, cur_res) && apps < best_apps)) {
			best_cur = cur;
			best_chosen = chosen;
			best_npicks = npicks;
			memcpy(best_picks, picks, sizeof(int) * (size_t)npicks);
			memcpy(saved_res, cur_res, rs);
			memcpy(best_undecided, undecided, sizeof(bool) * (n + 1));
		}
	}
	cur = best_cur;
	chosen = best_chosen;
	npicks = best_npicks;
	memcpy(picks, best_picks, sizeof(int) * (size_t)npicks);
	memcpy(cur_res, saved_res, rs);
	/* the recommendation planned as a whole: the steps were costed one
	 * index at a time, each read taking the cheaper path; the planner may
	 * choose another path among several indexes. Rule 1 holds on the real
	 * plans: the last steps are taken back while a served read would
	 * become a full scan */
	kp_cost whole = cur;
	while (npicks > 0) {
		kpj_evaluate(jt, &chosen, scratch, &whole, try_res, hyp);
		if (whole.broken <= 0 && !adds_hot(&whole, &base))
			break;
		npicks--;
		chosen = now;
		for (int k = 0; k < npicks; k++)
			apply(hyp, t, &chosen, cands->items[picks[k]]);
		whole = base;
	}
	/* each shape's plan on the recommendation (the design as it is when
	 * it stands): which of the table's indexes a read goes through */
	const sres *final_res = npicks ? try_res : cur_res;
	for (int k = 0; k < npicks; k++)
		for (kp_advice *y = cands->items[picks[k]]; y; y = y->with)
			kp_list_push(adv->a, &r->recommended, y);
	kpj_rekey_indexes(adv, jt->t, r);
	r->after = npicks ? whole : cur;
	r->rows_per_insert_after = kpj_write_fanout(&chosen);
	r->write_cost = npicks ? kpj_write_words(adv, jt, &now, &chosen, true) : NULL;
	/* the statements whose class or order the recommendation changes, and
	 * its cost, planned as a whole */
	if (r->recommended.n) {
		r->after = whole;
		for (int i = 0; i < jt->ns; i++) {
			const jshape *s = &jt->s[i];
			if (s->ins_rows > 0 || (s->then == s->now && s->then_order == s->now_order &&
			                        s->then_rejected == s->now_rejected))
				continue;
			kp_change *ch = kp_arena_alloc(adv->a, sizeof(*ch));
			ch->q = s->q;
			ch->weight = s->weight;
			ch->count = s->count;
			ch->before = s->now;
			ch->after = s->then;
			ch->rejected_before = s->now_rejected;
			ch->rejected_after = s->then_rejected;
			ch->order_before = s->now_order;
			ch->order_after = s->then_order;
			kp_list_push(adv->a, &r->changes, ch);
		}
	}
	kpj_summarize(jt, r);
	r->assumes = r->recommended.n ? kpj_assumes_note(adv, jt, r) : kpj_stands_note(adv, jt);
	const char *unique = kpj_unique_note(adv, jt);
	if (unique)
		r->assumes = r->assumes ? kp_arena_printf(adv->a, "%s; %s", r->assumes, unique) : unique;
	r->instead = r->recommended.n ? kpj_instead_note(adv, jt, r) : NULL;
	/* ranks: the recommendation, then the alternatives by the judge's order */
	int rank = 1;
	for (uint32_t i = 0; i < r->recommended.n; i++) {
		kp_advice *x = r->recommended.items[i];
		x->recommended = true;
		x->rank = rank++;
	}
	for (;;) {
		int pick = -1;
		for (uint32_t i = 0; i < n; i++) {
			kp_advice *x = cands->items[i];
			if (x->rank || !ok[i] || hidden(x))
				continue;
			if (pick < 0 || kpj_better(&alone[i], &alone[pick]) ||
			    (!kpj_better(&alone[pick], &alone[i]) && kpj_tie_first(jt, cands, flag, (int)i, pick)))
				pick = (int)i;
		}
		if (pick < 0)
			break;
		for (kp_advice *y = cands->items[pick]; y; y = y->with) {
			if (!y->rank)
				y->rank = rank++;
			y->trades = best_undecided[pick] ? kpj_undecided_note(adv, jt, cands->items[pick], trade[pick]) : trade[pick];
		}
	}
	/* what cannot be judged (no key or index to apply: a correctness or
	 * size fix) comes after, in the rules' order */
	for (uint32_t i = 0; i < n; i++) {
		kp_advice *x = cands->items[i];
		if (!x->rank && !hidden(x))
			x->rank = rank++;
	}
	/* key changes exclude each other; an index table and a secondary
	 * index on the same columns serve the same reads */
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t j = 0; j < n; j++) {
			kp_advice *x = cands->items[i], *y = cands->items[j];
			if (i == j || x->with == y || y->with == x || hidden(x) || hidden(y))
				continue;
			/* a search index's columns held for the reads (not filtered
			 * on) serve no other read */
			uint32_t xn = x->columns.n - (uint32_t)x->held, yn = y->columns.n - (uint32_t)y->held;
			bool same_cols = x->index && y->index && xn == yn;
			for (uint32_t k = 0; same_cols && k < xn; k++)
				same_cols = !strcmp(x->columns.items[k], y->columns.items[k]);
			/* two fates of one index of the table (widened, dropped) */
			bool same_index = x->replaces && x->replaces == y->replaces;
			if ((kpj_key_change(x) && kpj_key_change(y)) || same_cols || same_index)
				kp_list_push(adv->a, &x->excludes, y);
		}
	r->indexes = kpj_index_words(adv, jt, cands, final_res, r);
	/* reads to rewrite as judged: the recommendation's on its own plans,
	 * an alternative key change's on its plans alone (one that comes with
	 * an index keeps the rule's list: applied alone, as its DDL is, its
	 * reads must bind the new column: test_fixpoint) */
	for (uint32_t i = 0; i < r->recommended.n; i++)
		rewrite_as_judged(adv, jt, r->recommended.items[i], final_res);
	for (uint32_t i = 0; i < n; i++)
		if (ok[i] && !((kp_advice *)cands->items[i])->recommended && !((kp_advice *)cands->items[i])->with)
			rewrite_as_judged(adv, jt, cands->items[i], kcres0[i]);
}

/* A key change with a desc_key folded in, so one migration does both
 * (applying the key change and checking again would otherwise advise the
 * DESC as a second migration). Only for key changes whose DDL is the
 * table's own DDL with the new key (a reorder, Lindorm's hash32 prefix,
 * Phoenix's SALT_BUCKETS); NULL when k has not d's column. */
static kp_advice *fold_desc(kp_advisor *adv, kp_advice *k, const kp_advice *d)
{
	const target_info *ti = kpa_target(adv->target);
	const kp_table *t = k->table;
	bool table_ddl = !strcmp(k->kind, "reorder_key") || (!strcmp(k->kind, "hash_prefix") && ti->hash_key_parts) ||
	                 (!strcmp(k->kind, "salt_buckets") && ti->max_salt_buckets);
	if (!table_ddl || !k->newkey || !d->newkey || !ti->desc_key || k->with)
		return NULL;
	kp_key nk = *kpa_keydup(adv->a, k->newkey);
	bool folded = false;
	for (int i = 0; i < d->newkey->n; i++) {
		const kp_key_part *dp = &d->newkey->parts[i];
		if (dp->col < 0 || dp->desc == t->pk.parts[i].desc)
			continue;   /* the part desc_key turns */
		for (int j = 0; j < nk.n; j++)
			if (nk.parts[j].col == dp->col && nk.parts[j].desc != dp->desc) {
				nk.parts[j].desc = dp->desc;
				folded = true;
			}
	}
	if (!folded)
		return NULL;
	kp_buf ddl = {0};
	/* the salt is a table option: the key as it is, with its DESC */
	bool salt = !strcmp(k->kind, "salt_buckets");
	kp_key shown = nk;
	if (salt && nk.n > 1 && nk.parts[0].col < 0) {
		shown.parts = nk.parts + 1;
		shown.n = nk.n - 1;
	}
	kp_table_ddl(&ddl, t, NULL, &shown, adv->target);
	if (salt) {
		char salt_opt[32];
		snprintf(salt_opt, sizeof salt_opt, "SALT_BUCKETS = %d", KP_BUCKETS);
		kp_table_ddl_option(&ddl, salt_opt);
	}
	const char *col = d->columns.n ? d->columns.items[0] : "";
	const char *key = salt ? kp_arena_printf(adv->a, "[salt]%s", kpa_key_notation(adv, t, &shown))
	                       : kpa_key_notation(adv, t, &nk);
	kp_advice *x = kpa_advise(adv, k->rule, k->kind, t,
	                          kp_arena_printf(adv->a, "%s; with %s stored DESC (desc_key folded in: one "
	                                          "migration for both)", k->message, col), key, kpa_bufdup(adv->a, &ddl));
	kp_buf_free(&ddl);
	x->newkey = kpa_keydup(adv->a, &nk);
	x->buckets = k->buckets;
	for (uint32_t i = 0; i < k->columns.n; i++)
		kpa_advice_col(adv, x, k->columns.items[i]);
	x->serves = k->serves;
	x->of = k->of;
	x->before = k->before;
	x->after = k->after;
	x->total = k->total;
	x->fanout = k->fanout;
	x->worse = k->worse;
	if (k->rewrite_said && k->worse.n) {
		/* its own list: the judge may list each one's reads to rewrite
		 * apart (rewrite_as_judged) */
		x->worse.items = kp_arena_alloc_raw(adv->a, sizeof(void *) * k->worse.n);
		memcpy(x->worse.items, k->worse.items, sizeof(void *) * k->worse.n);
		x->worse.cap = k->worse.n;
	}
	x->rewrite = k->rewrite;
	x->rewrite_said = k->rewrite_said;
	x->rewrite_from = k->rewrite_from;
	x->rewrite_q = k->rewrite_q;
	x->rewrite_nq = k->rewrite_nq;
	return x;
}

static int by_rank(const void *a, const void *b)
{
	const kp_advice *x = *(kp_advice *const *)a, *y = *(kp_advice *const *)b;
	if (x->table != y->table)
		return x->table->id - y->table->id;
	return x->rank - y->rank;
}

void kpa_judge_all(kp_advisor *adv)
{
	int nt = adv->cat->ntables;
	jtable *jt = calloc((size_t)nt + 1, sizeof(jtable));
	if (!jt)
		abort();
	u64map where = {0};
	for (uint32_t i = 0; i < adv->queries.n; i++) {
		const kp_wquery *q = adv->queries.items[i];
		const kp_table *on = q->plan.table;
		if (!on && (q->stmt->kind == KP_S_INSERT || q->stmt->kind == KP_S_UPSERT || q->stmt->kind == KP_S_REPLACE))
			on = kp_catalog_find(adv->cat, q->stmt->u.insert.table.s, q->stmt->u.insert.table.len);
		else if (q->plan.access == KP_ACCESS_NONE)
			continue;
		const kp_table *t = base_of(adv, on);
		if (!t || t->dropped || t->id >= nt || adv->cat->tables[t->id] != t || on->view_unsupported)
			continue;
		jt[t->id].t = t;
		jt[t->id].adv = adv;
		add_shape(adv, &jt[t->id], &where, q, on);
	}
	kpa_map_free(&where);
	kp_arena scratch, hyp;
	kp_arena_init(&scratch);
	kp_arena_init(&hyp);
	/* the candidates table by table; what comes with another (a reorder's
	 * index table) is judged with it, not alone */
	/* never advise what the store cannot do: a key or index of a Phoenix
	 * multi-tenant table not led by its tenant (with what comes with it) */
	uint32_t kept = 0;
	for (uint32_t k = 0; k < adv->advice.n; k++) {
		kp_advice *x = adv->advice.items[k];
		bool drop = kpa_loses_tenant(adv, x) || kpa_writer_cannot_compute(adv, x);
		for (uint32_t j = 0; !drop && j < adv->advice.n; j++) {
			const kp_advice *y = adv->advice.items[j];
			drop = y->with == x && (kpa_loses_tenant(adv, y) || kpa_writer_cannot_compute(adv, y));
		}
		if (!drop)
			adv->advice.items[kept++] = x;
	}
	adv->advice.n = kept;
	kp_arena lists;
	kp_arena_init(&lists);
	kp_list *cands = kp_arena_alloc(&lists, sizeof(kp_list) * ((size_t)nt + 1));
	for (uint32_t k = 0; k < adv->advice.n; k++) {
		kp_advice *x = adv->advice.items[k];
		if (x->with)
			x->with->rank = -1;
	}
	for (uint32_t k = 0; k < adv->advice.n; k++) {
		kp_advice *x = adv->advice.items[k];
		if (x->rank == -1)
			x->rank = 0;
		else if (x->table && x->table->id < nt && adv->cat->tables[x->table->id] == x->table)
			kp_list_push(&lists, &cands[x->table->id], x);
	}
	for (int i = 0; i < nt; i++) {
		const kp_table *t = adv->cat->tables[i];
		if (t->dropped || t->view_base || (!jt[i].t && !cands[i].n))
			continue;
		/* combinations: each key change with the table's DESC advice folded in */
		const kp_advice *desc = NULL;
		for (uint32_t k = 0; k < cands[i].n; k++)
			if (!strcmp(((kp_advice *)cands[i].items[k])->kind, "desc_key"))
				desc = cands[i].items[k];
		for (uint32_t k = 0, n0 = cands[i].n; desc && k < n0; k++) {
			kp_advice *x = cands[i].items[k];
			kp_advice *f = x != desc && strcmp(x->kind, "desc_key") ? fold_desc(adv, x, desc) : NULL;
			if (f)
				kp_list_push(&lists, &cands[i], f);
		}
		jt[i].t = t;
		judge_table(adv, &jt[i], &cands[i], &scratch, &hyp);
		kp_arena_reset(&hyp);
	}
	kp_arena_free(&lists);
	for (int i = 0; i < nt; i++)
		free(jt[i].s);
	free(jt);
	kp_arena_free(&scratch);
	kp_arena_free(&hyp);
	/* a drop of an index reads go through is said only as part of a
	 * recommendation */
	kept = 0;
	for (uint32_t k = 0; k < adv->advice.n; k++) {
		kp_advice *x = adv->advice.items[k];
		if (!hidden(x))
			adv->advice.items[kept++] = x;
	}
	adv->advice.n = kept;
	/* advice on what the judge did not review (an index on a view) is
	 * ranked after its table's other items, in the rules' order */
	for (uint32_t k = 0; k < adv->advice.n; k++) {
		kp_advice *x = adv->advice.items[k];
		if (x->rank > 0)
			continue;
		int last = 0;
		for (uint32_t j = 0; j < adv->advice.n; j++) {
			const kp_advice *y = adv->advice.items[j];
			if (y->table == x->table && y->rank > last)
				last = y->rank;
		}
		x->rank = last + 1;
	}
	/* the advice table by table, each in rank order */
	if (adv->advice.n > 1)
		qsort(adv->advice.items, adv->advice.n, sizeof(void *), by_rank);
	for (uint32_t k = 0; k < adv->advice.n; k++)
		((kp_advice *)adv->advice.items[k])->pos = (int)k;
}
