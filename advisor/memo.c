/* Plans remembered by what they depend on. The judge plans every shape of
 * a table's workload on every design it weighs (the key as it is or
 * changed, a hash prefix or buckets, the indexes added so far), and most
 * of those designs differ, for one shape, only in indexes the shape cannot
 * read through. A shape's plan on a design depends on the statement, the
 * table it names, the design's key (its order, DESC parts, hash prefix),
 * its buckets, and those of its indexes that can change the plan
 * (kp_prepared_may_use): the memo is keyed on exactly these, compared in
 * full (no hash alone decides), so two designs that differ in a relevant
 * part never share a plan and designs that differ in nothing else do.
 *
 * Keys are words: the shape's fingerprint, the table it names (the
 * hypothetical design applied to it keeps every other field of it), the
 * buckets, every field of every key part, then the relevant indexes in
 * the design's order (the planner breaks ties by that order), each by its
 * identity: the candidates are made once and never change, and a plan
 * names the index it reads, which a copy of equal content would not be.
 * Entries live in the advisor's arena, as long as the advice, each with its
 * key's words inline; the table holds each key's hash beside its entry. */
#include "advisor/advisorInt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An entry: its value and its key's words inline, one allocation, so a
 * lookup that matches reads one place. */
typedef struct memo_ent {
	kpa_memo_val v;
	uint32_t nw;            /* words in w */
	uint64_t w[];           /* the key */
} memo_ent;

/* A slot: the key's hash beside its entry, so a probe past another key
 * compares a word in the table and reads no entry. */
typedef struct memo_slot {
	uint64_t hash;
	memo_ent *e;            /* NULL: empty */
} memo_slot;

struct kpa_memo {
	memo_slot *slot;        /* open addressing on the hash */
	uint32_t cap, n;
	uint64_t hits, misses;
};

const kp_prepared *kpa_prep(const kp_wquery *q)
{
	if (!q->prep && q->plan.table) {
		/* made once, on first use: most statements are never planned
		 * again (a shape is planned through its first statement) */
		kp_diags rd = {0};
		((kp_wquery *)q)->prep = kp_prepare(q->plan.table, q->stmt, q->opts, q->src, q->arena, &rd);
	}
	return q->prep;
}

/* A growable run of key words: on the stack for the common key, on the
 * heap past it. */
typedef struct words {
	uint64_t *w;
	uint32_t n, cap;
	uint64_t small[96];
} words;

static void spill(words *k)
{
	uint32_t cap = k->cap * 2;
	uint64_t *w = k->w == k->small ? malloc(sizeof(uint64_t) * cap) : realloc(k->w, sizeof(uint64_t) * cap);
	if (!w)
		abort();
	if (k->w == k->small)
		memcpy(w, k->small, sizeof(uint64_t) * k->n);
	k->w = w;
	k->cap = cap;
}

static inline void put(words *k, uint64_t v)
{
	if (k->n == k->cap)
		spill(k);
	k->w[k->n++] = v;
}

static uint64_t hash_words(const uint64_t *w, uint32_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (uint32_t i = 0; i < n; i++)
		h = kpa_mix(h, w[i]);
	h ^= h >> 33;   /* every word reaches the slot's bits */
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h;
}

static void grow(kp_advisor *adv, kpa_memo *m)
{
	uint32_t cap = m->cap ? m->cap * 2 : 1024;
	memo_slot *slot = kp_arena_alloc(adv->a, sizeof(memo_slot) * cap);
	for (uint32_t i = 0; i < m->cap; i++) {
		if (!m->slot[i].e)
			continue;
		uint32_t j = (uint32_t)m->slot[i].hash & (cap - 1);
		while (slot[j].e)
			j = (j + 1) & (cap - 1);
		slot[j] = m->slot[i];
	}
	m->slot = slot;
	m->cap = cap;
}

kpa_memo_val *kpa_memo_slot(kp_advisor *adv, const kp_wquery *q, const kp_table *on, const kp_table *h,
                            const kp_table *h2, int buckets, kp_arena *scratch, kpa_memo_use *use)
{
	if (!adv->memo)
		adv->memo = kp_arena_alloc(adv->a, sizeof(kpa_memo));
	kpa_memo *m = adv->memo;
	words k;   /* small is left as it is: only what put writes is read */
	k.n = 0;
	k.w = k.small;
	k.cap = sizeof k.small / sizeof k.small[0];
	put(&k, q->shape);
	put(&k, (uint64_t)(uintptr_t)on);
	put(&k, (uint64_t)(int64_t)buckets);
	put(&k, (uint64_t)h->pk.n);
	for (int i = 0; i < h->pk.n; i++) {
		const kp_key_part *p = &h->pk.parts[i];
		put(&k, (uint64_t)(int64_t)p->col);
		put(&k, (uint64_t)(uintptr_t)p->expr);
		put(&k, (uint64_t)p->desc | (uint64_t)(uint32_t)p->hash_bits << 8 | (uint64_t)(uint32_t)p->nhash << 32);
		for (int j = 0; j < p->nhash; j++)
			put(&k, (uint64_t)(int64_t)p->hash_cols[j]);
	}
	/* the indexes that can change the plan, on h and on h2; without a
	 * prepared statement (one the planner resolves in full each time)
	 * every one */
	const kp_prepared *pr = kpa_prep(q);
	int nix = h->nindexes;
	bool *may = kp_arena_alloc(scratch, sizeof(bool) * 2 * (size_t)(nix + 1)), *may2 = may + nix + 1;
	for (int i = 0; i < nix; i++)
		may[i] = may2[i] = true;
	if (pr && nix) {
		kp_prepared_may_use(pr, h, may);
		if (h2)   /* h2 holds h's indexes */
			kp_prepared_may_use(pr, h2, may2);
		else
			memcpy(may2, may, sizeof(bool) * (size_t)nix);
	}
	/* an index by the design's own identity, not the copy of it a key
	 * change made to end with its key (kpa_hypo_table: the copy lives in
	 * scratch, and its address may be another's next time) */
	kp_index *const *own = h->index_origin ? h->index_origin : h->indexes;
	use->ix = (kp_index **)own;
	use->nix = 0;
	for (int i = 0; i < nix; i++)
		if (may[i] || may2[i]) {
			put(&k, (uint64_t)(uintptr_t)own[i]);
			use->nix++;
		}
	if (use->nix < nix) {
		/* the design without the indexes that cannot change the plan:
		 * the same plan, with fewer paths to weigh */
		kp_index **ix = kp_arena_alloc(scratch, sizeof(kp_index *) * (size_t)(use->nix + 1));
		for (int i = 0, n = 0; i < nix; i++)
			if (may[i] || may2[i])
				ix[n++] = own[i];
		use->ix = ix;
	}
	uint64_t hash = hash_words(k.w, k.n);
	if ((m->n + 1) * 2 > m->cap)
		grow(adv, m);
	uint32_t j = (uint32_t)hash & (m->cap - 1);
	for (; m->slot[j].e; j = (j + 1) & (m->cap - 1)) {
		if (m->slot[j].hash != hash)
			continue;
		memo_ent *e = m->slot[j].e;
		if (e->nw == k.n && !memcmp(e->w, k.w, sizeof(uint64_t) * k.n)) {
			if (k.w != k.small)
				free(k.w);
			m->hits++;
			use->fresh = false;
			return &e->v;
		}
	}
	memo_ent *e = kp_arena_alloc(adv->a, sizeof(*e) + sizeof(uint64_t) * k.n);
	e->nw = k.n;
	memcpy(e->w, k.w, sizeof(uint64_t) * k.n);
	m->slot[j].hash = hash;
	m->slot[j].e = e;
	m->n++;
	m->misses++;
	if (k.w != k.small)
		free(k.w);
	use->fresh = true;
	return &e->v;
}

void kpa_memo_stats(const kp_advisor *adv, uint64_t *hits, uint64_t *misses)
{
	*hits = adv->memo ? adv->memo->hits : 0;
	*misses = adv->memo ? adv->memo->misses : 0;
}
