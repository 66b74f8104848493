/* The findings agree with the review (docs/advice.md, "The review"): the
 * per-query findings (KP1xx), written before the judge ran, say nothing
 * the design review contradicts. A table the workload never writes has no
 * write hotspot (kpa_never_written); a KP120 finding whose index the
 * judge does not recommend says so, with the judge's reason, and one whose
 * index the table already has names it (kpa_findings_agree). */
#include "advisor/advisorInt.h"

#include <string.h>

bool kpa_never_written(kp_advisor *adv, const kp_table *t)
{
	if (kpa_notes_of(adv, t)->writes != 0)
		return false;   /* -- writes: N > 0, or not stated: written, or not known */
	for (uint32_t i = 0; i < adv->queries.n; i++) {
		const kp_wquery *q = adv->queries.items[i];
		const kp_stmt *st = q->stmt;
		if (!kpa_is_write(st))
			continue;
		const kp_table *on = kpa_write_table(adv, q);
		if (on == t || q->base == t)
			return false;
	}
	return true;
}

/* The statement a finding is on (its first, for statements alike), or NULL. */
static const kp_wquery *finding_query(const kp_advisor *adv, const kp_diag *g)
{
	for (uint32_t i = 0; i < adv->queries.n; i++) {
		const kp_wquery *q = adv->queries.items[i];
		if (q->src == g->src && q->off == g->off)
			return q;
	}
	return NULL;
}

static const char *kind_words(const kp_advice *x)
{
	return !strcmp(x->kind, "index_table") ? "an index table" : "a secondary index";
}

/* Does t's review recommend a change? */
static bool recommends(const kp_advisor *adv, const kp_table *t)
{
	for (uint32_t i = 0; i < adv->advice.n; i++) {
		const kp_advice *x = adv->advice.items[i];
		if (x->table == t && x->recommended)
			return true;
	}
	return false;
}

void kpa_findings_agree(kp_advisor *adv)
{
	for (uint32_t i = 0; i < adv->pointed.n; i++) {
		const struct kpa_pointed *pt = adv->pointed.items[i];
		kp_diag *g = pt->g;
		const char *name = pt->t->name;
		const char *suffix = pt->count > 1 ? kp_arena_printf(adv->a, " (weight %.15g, %u statements alike; the "
		                                                     "first shown)", pt->weight, pt->count) : "";
		/* the read already goes through an index of the table keyed as
		 * the finding proposes (E138's duplicate check, its index applied):
		 * it names that index, and proposes nothing */
		const kp_wquery *q = finding_query(adv, g);
		const kp_index *ix = q ? q->plan.index : NULL;
		const char *ixk = ix && ix->kv && !ix->search ? kpa_key_notation(adv, pt->t, &ix->key) : NULL;
		if (ixk && ((pt->tk && !strcmp(pt->tk, ixk)) || (pt->ik && !strcmp(pt->ik, ixk)))) {
			g->words = 0;   /* its words are rewritten (base/diag.h) */
			g->message = kp_arena_printf(adv->a, "the key of %s cannot serve this query (%s); it reads through "
			                             "the index %s, keyed %s, which the table already has%s", name, pt->was,
			                             ix->name, ixk, suffix);
			if (g->helps)
				g->helps->message = kp_arena_printf(adv->a, "no index is advised: a table or index keyed %s is "
				                                    "the index %s of %s", ixk, ix->name, name);
			continue;
		}
		/* the items the finding proposes: those the judge may take */
		const kp_advice *p[2];
		int n = 0;
		if (pt->x && !pt->x->held_why)
			p[n++] = pt->x;
		if (pt->y && !pt->y->held_why)
			p[n++] = pt->y;
		bool taken = false;
		for (int k = 0; k < n; k++)
			taken |= p[k]->recommended;
		if (!n || taken)
			continue;
		/* none recommended: the best ranked is an alternative, with the
		 * judge's reason (E133's list read: a range already served) */
		const kp_advice *a = n == 2 && pt->y->rank > 0 && (pt->x->rank <= 0 || pt->y->rank < pt->x->rank) ? pt->y
		                                                                                                   : p[0];
		if (a->rank <= 0)
			continue;   /* the judge did not rank it */
		const char *why = a->served_why ? a->served_why
		                  : recommends(adv, pt->t)
		                      ? kp_arena_printf(adv->a, "the review recommends another change for %s (see the advice "
		                                        "below)", name)
		                      : kp_arena_printf(adv->a, "no change keyplan tried pays: %s stands (its trades below)",
		                                        name);
		const char *ak = a == pt->x ? pt->tk : pt->ik;
		g->words = 0;
		g->message = kp_arena_printf(adv->a, "the key of %s cannot serve this query (%s); %s keyed %s would make "
		                             "it a %s, but keyplan does not recommend it (alternative #%d)%s", name, pt->was,
		                             kind_words(a), ak, pt->then, a->rank, suffix);
		/* and the one the review never takes, with its reason, as
		 * kpa_reword_held words it */
		const kp_advice *h = pt->x && pt->x->held_why ? pt->x : pt->y && pt->y->held_why ? pt->y : NULL;
		const char *held = h ? kp_arena_printf(adv->a, "; not %s keyed %s: %s", kind_words(h), h == pt->x ? pt->tk
		                                       : pt->ik, h->held_why + (strncmp(h->held_why, "not recommended: ", 17)
		                                                                ? 0 : 17)) : "";
		if (g->helps)
			g->helps->message = kp_arena_printf(adv->a, "no index is recommended: %s on %s keyed %s is alternative "
			                                    "#%d of the review of %s: %s%s", a->kind, name, ak, a->rank, name, why,
			                                    held);
	}
}
