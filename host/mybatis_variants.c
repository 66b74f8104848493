/* The variants of a MyBatis statement: the choice points' branches whose
 * test conditions can hold together (host/ognl.c), counted, all written
 * when there are few, else a fixed sample (KP_HOST_MAX_VARIANTS). */
#include <stdlib.h>
#include <string.h>

#include "host/mybatisInt.h"

/* A small fixed generator for the sample: the same variants on every run. */
static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 8;
}

static unsigned radix(const kp_host_choice *c)
{
	return c->is_choose ? c->nwhen + 1 : 2;
}

typedef struct vlist {
	kp_host_variant *v;
	unsigned n;
	uint8_t **keys;         /* canonical picks (unreached: 0xff) */
} vlist;

/* The conditions of choice point c at branch p, pushed on tst/want: an
 * <if> taken or not; a <choose> at its k-th <when> (the ones before it
 * false, it true: the first true one wins, as in ChooseSqlNode) or at its
 * otherwise (every <when> false). Returns how many. */
static unsigned conditions(const kp_host_choice *c, uint8_t p, unsigned *tst, bool *want)
{
	if (!c->is_choose) {
		tst[0] = c->test0;
		want[0] = p == 1;
		return 1;
	}
	unsigned n = p >= 1 && p <= c->nwhen ? p : c->nwhen;
	for (unsigned i = 0; i < n; i++) {
		tst[i] = c->test0 + i;
		want[i] = p >= 1 && i == (unsigned)p - 1;
	}
	return n;
}

/* Can the conditions tst/want[0, n) hold together? Decided for the group
 * of each of [from, n), over the conditions of that group. */
static bool hold(mstmt *m, const unsigned *tst, const bool *want, unsigned n, unsigned from, unsigned *gt,
                 bool *gw)
{
	for (unsigned k = from; k < n; k++) {
		if (kp_ognl_alone(m->ognl, tst[k])) {
			/* no other test shares a condition: it alone decides */
			if (!kp_ognl_sat(m->ognl, &tst[k], &want[k], 1))
				return false;
			continue;
		}
		unsigned g = kp_ognl_group(m->ognl, tst[k]), ng = 0;
		bool seen = false;
		for (unsigned j = from; j < k && !seen; j++)
			seen = kp_ognl_group(m->ognl, tst[j]) == g;
		if (seen)
			continue;
		for (unsigned j = 0; j < n; j++)
			if (kp_ognl_group(m->ognl, tst[j]) == g) {
				gt[ng] = tst[j];
				gw[ng++] = want[j];
			}
		if (!kp_ognl_sat(m->ognl, gt, gw, ng))
			return false;
	}
	return true;
}

/* Can the picks of key (0xff: not reached) be taken together? */
static bool feasible(mstmt *m, const uint8_t *key)
{
	unsigned n = 0;
	for (unsigned c = 0; c < m->nchoices; c++)
		if (key[c] != 0xff)
			n += m->choices[c].is_choose ? (m->choices[c].nwhen ? m->choices[c].nwhen : 1) : 1;
	if (n == 0)
		return true;
	kp_arena sa;
	kp_arena_init(&sa);
	unsigned *tst = kp_arena_alloc(&sa, 2 * n * sizeof *tst), *gt = tst + n;
	bool *want = kp_arena_alloc(&sa, 2 * n), *gw = want + n;
	unsigned k = 0;
	for (unsigned c = 0; c < m->nchoices; c++)
		if (key[c] != 0xff)
			k += conditions(&m->choices[c], key[c], tst + k, want + k);
	bool ok = hold(m, tst, want, k, 0, gt, gw);
	kp_arena_free(&sa);
	return ok;
}

/* The variants whose conditions can hold together, found depth first over
 * the choice points in document order (a choice point inside a branch is
 * reached only when that branch is taken): counted, the first ones kept. */
typedef struct enumr {
	mstmt *m;
	uint8_t *pick;
	unsigned *tst, *gt;
	bool *want, *gw;
	unsigned ncond;
	double count;
	unsigned steps;         /* nodes left */
	bool cut;               /* the budget ran out: count is not known */
	uint8_t **leaves;       /* the first KP_HOST_MAX_VARIANTS + 1 */
	unsigned nleaves;
} enumr;

#define MB_ENUM_STEPS 20000u

static void enumerate(enumr *e, unsigned c)
{
	mstmt *m = e->m;
	if (e->cut)
		return;
	if (e->steps-- == 0) {
		e->cut = true;
		return;
	}
	if (c == m->nchoices) {
		if (e->nleaves <= KP_HOST_MAX_VARIANTS) {
			uint8_t *l = kp_arena_alloc(m->r->a, c ? c : 1);
			memcpy(l, e->pick, c);
			e->leaves[e->nleaves++] = l;
		}
		e->count++;
		return;
	}
	const kp_host_choice *ch = &m->choices[c];
	if (ch->parent >= 0 && e->pick[ch->parent] != ch->parent_pick) {
		e->pick[c] = 0xff;   /* inside a branch not taken */
		enumerate(e, c + 1);
		return;
	}
	for (unsigned k = 0; k < radix(ch) && !e->cut; k++) {
		unsigned n = conditions(ch, (uint8_t)k, e->tst + e->ncond, e->want + e->ncond);
		if (hold(m, e->tst, e->want, e->ncond + n, e->ncond, e->gt, e->gw)) {
			e->pick[c] = (uint8_t)k;
			e->ncond += n;
			enumerate(e, c + 1);
			e->ncond -= n;
		}
	}
}

/* The first variant whose conditions can hold together, trying at each
 * choice point the branch pref[c] first, then the others in order; into
 * e->pick (0 where not reached). */
static bool first_leaf(enumr *e, unsigned c, const uint8_t *pref)
{
	mstmt *m = e->m;
	if (e->steps == 0)
		return false;
	e->steps--;
	if (c == m->nchoices)
		return true;
	const kp_host_choice *ch = &m->choices[c];
	if (ch->parent >= 0 && e->pick[ch->parent] != ch->parent_pick) {
		e->pick[c] = 0xff;
		if (first_leaf(e, c + 1, pref))
			return true;
		return false;
	}
	unsigned rx = radix(ch);
	for (unsigned i = 0; i < rx; i++) {
		unsigned k = i == 0 ? pref[c] % rx : i <= pref[c] % rx ? i - 1 : i;
		unsigned n = conditions(ch, (uint8_t)k, e->tst + e->ncond, e->want + e->ncond);
		if (!hold(m, e->tst, e->want, e->ncond + n, e->ncond, e->gt, e->gw))
			continue;
		e->pick[c] = (uint8_t)k;
		e->ncond += n;
		bool ok = first_leaf(e, c + 1, pref);
		e->ncond -= n;
		if (ok)
			return true;
	}
	return false;
}

/* Variants without regard to their conditions: per choice point, the sum
 * over its branches of the product of what the choice points inside each
 * branch make. */
static double structural_count(const mstmt *m)
{
	unsigned nc = m->nchoices;
	double *cnt = calloc(nc ? nc : 1, sizeof *cnt), total = 1;
	if (!cnt)
		abort();
	for (unsigned c = nc; c-- > 0;) {
		double prod[256];
		unsigned rx = radix(&m->choices[c]);
		for (unsigned k = 0; k < rx; k++)
			prod[k] = 1;
		for (unsigned d = c + 1; d < nc; d++)
			if (m->choices[d].parent == (int)c && m->choices[d].parent_pick < rx)
				prod[m->choices[d].parent_pick] *= cnt[d];
		cnt[c] = 0;
		for (unsigned k = 0; k < rx; k++)
			cnt[c] += prod[k];
	}
	for (unsigned c = 0; c < nc; c++)
		if (m->choices[c].parent < 0)
			total *= cnt[c];
	free(cnt);
	return total;
}

/* Writes the variant with picks p; kept unless one with the same reached
 * picks is there already, or its conditions cannot hold together. */
static void try_variant(mstmt *m, const mnode *stmt, const uint8_t *p, vlist *vl, kp_hbuild *b)
{
	unsigned nc = m->nchoices;
	memcpy(m->pick, p, nc);
	memset(m->reached, 0, nc);
	m->next = 0;
	m->nincl = 0;
	m->visits = 0;
	m->empty_trim = false;
	kp_hb_clear(b);
	kp_mb_write_children(m, stmt, b, true);
	if (m->too_big)
		return;   /* reported; never planned cut short */
	uint8_t *key = kp_arena_alloc(m->r->a, nc ? nc : 1);
	for (unsigned c = 0; c < nc; c++)
		key[c] = m->reached[c] ? p[c] : 0xff;
	for (unsigned i = 0; i < vl->n; i++)
		if (!memcmp(vl->keys[i], key, nc))
			return;
	if (!feasible(m, key))
		return;
	kp_host_variant v;
	kp_hb_finish(b, KP_LANG_MYBATIS, false, KP_HB_ANY, m->r->f->src, &v);
	v.pick = key;
	v.empty_trim = m->empty_trim;
	vl->keys[vl->n] = key;
	vl->v[vl->n++] = v;
}

/* The variant nearest to the branches pref (one whose conditions can
 * hold together), written and kept unless known already. */
static void try_pref(mstmt *m, const mnode *stmt, enumr *e, const uint8_t *pref, uint8_t *p, vlist *vl,
                     kp_hbuild *b)
{
	e->steps = 4 * m->nchoices + 64;
	e->ncond = 0;
	if (!first_leaf(e, 0, pref))
		return;
	for (unsigned c = 0; c < m->nchoices; c++)
		p[c] = e->pick[c] == 0xff ? 0 : e->pick[c];
	try_variant(m, stmt, p, vl, b);
}

bool kp_mb_reads(mreader *r, const mnode *stmt, kp_host_range **uses, unsigned *nuses)
{
	mstmt m = {.r = r, .stmt = stmt, .counting = true, .cur_parent = -1};
	m.ognl = kp_ognl_new(r->a);
	kp_hbuild b;
	kp_hb_init(&b);
	kp_mb_write_children(&m, stmt, &b, true);
	kp_hb_free(&b);
	*uses = m.uses;
	*nuses = m.nuses;
	return !m.too_big && !m.foreign_missing && !m.reported;
}

kp_host_stmt *kp_mb_statement(mreader *r, const mnode *stmt)
{
	mstmt m = {.r = r, .stmt = stmt, .counting = true, .cur_parent = -1};
	m.ognl = kp_ognl_new(r->a);
	kp_hbuild b;
	kp_hb_init(&b);
	kp_mb_write_children(&m, stmt, &b, true);
	m.counting = false;
	/* an <include> that fails (no such fragment, a cycle, too deep) fails
	 * the mapper in MyBatis: the statement is not planned, its error
	 * alone said (nothing cascades from the text left without it) */
	if (m.too_big || m.foreign_missing || m.reported) {
		kp_hb_free(&b);
		return NULL;
	}
	unsigned nc = m.nchoices;
	m.pick = kp_arena_alloc(r->a, nc ? nc : 1);
	m.reached = kp_arena_alloc(r->a, nc ? nc : 1);
	/* the variants whose conditions can hold together, counted one by one
	 * while there are not too many */
	unsigned ntests = 0;
	for (unsigned c = 0; c < nc; c++)
		ntests += m.choices[c].nwhen ? m.choices[c].nwhen : 1;
	uint8_t *leaves[KP_HOST_MAX_VARIANTS + 1];
	enumr e = {.m = &m, .steps = MB_ENUM_STEPS, .leaves = leaves};
	e.pick = kp_arena_alloc(r->a, nc ? nc : 1);
	e.tst = kp_arena_alloc(r->a, 2 * (ntests + 1) * sizeof *e.tst);
	e.gt = e.tst + ntests + 1;
	e.want = kp_arena_alloc(r->a, 2 * (ntests + 1));
	e.gw = e.want + ntests + 1;
	enumerate(&e, 0);
	double total = e.cut ? structural_count(&m) : e.count;
	/* room for the most variants on the stack; the arena keeps only those
	 * planned (most statements have a few) */
	kp_host_variant vs[KP_HOST_MAX_VARIANTS];
	uint8_t *keys[KP_HOST_MAX_VARIANTS];
	vlist vl = {vs, 0, keys};
	uint8_t *p = kp_arena_alloc(r->a, nc ? nc : 1);
	if (!e.cut && e.count <= KP_HOST_MAX_VARIANTS) {
		/* every variant */
		for (unsigned i = 0; i < e.nleaves; i++) {
			for (unsigned c = 0; c < nc; c++)
				p[c] = leaves[i][c] == 0xff ? 0 : leaves[i][c];
			try_variant(&m, stmt, p, &vl, &b);
		}
	} else {
		/* the sample: every branch absent, every branch present (a
		 * <choose> at its first <when>), each choice point alone taken
		 * (each of its branches) and alone left out, then pseudo-random
		 * combinations from a fixed seed, until 64 */
		uint8_t *pref = kp_arena_alloc(r->a, nc ? nc : 1);
		memset(pref, 0, nc);
		try_pref(&m, stmt, &e, pref, p, &vl, &b);
		memset(pref, 1, nc);
		try_pref(&m, stmt, &e, pref, p, &vl, &b);
		for (unsigned c = 0; c < nc && vl.n < KP_HOST_MAX_VARIANTS; c++)
			for (unsigned k = 1; k < radix(&m.choices[c]) && vl.n < KP_HOST_MAX_VARIANTS; k++) {
				memset(pref, 0, nc);
				pref[c] = (uint8_t)k;
				try_pref(&m, stmt, &e, pref, p, &vl, &b);
			}
		for (unsigned c = 0; c < nc && vl.n < KP_HOST_MAX_VARIANTS; c++) {
			memset(pref, 1, nc);
			pref[c] = 0;
			try_pref(&m, stmt, &e, pref, p, &vl, &b);
		}
		uint32_t seed = 20261123;
		size_t work = 0;
		for (int tries = 0; tries < 64 * KP_HOST_MAX_VARIANTS && vl.n < KP_HOST_MAX_VARIANTS &&
		                    work < MB_MAX_SAMPLE_WORK; tries++) {
			work += b.text.len + 1;
			for (unsigned c = 0; c < nc; c++)
				pref[c] = (uint8_t)(lcg(&seed) % radix(&m.choices[c]));
			try_pref(&m, stmt, &e, pref, p, &vl, &b);
		}
	}
	kp_hb_free(&b);
	kp_host_stmt *st = kp_arena_alloc(r->a, sizeof *st);
	st->off = stmt->off;
	st->end = stmt->end;
	const char *id = kp_mb_attr(stmt, "id");
	st->name = id ? id : stmt->name;
	st->v = kp_arena_alloc(r->a, (vl.n ? vl.n : 1) * sizeof *st->v);
	memcpy(st->v, vl.v, vl.n * sizeof *st->v);
	st->nv = vl.n;
	st->choices = m.choices;
	st->nchoices = nc;
	st->total = total;
	st->total_bound = e.cut && !kp_ognl_independent(m.ognl);
	st->uses = m.uses;
	st->nuses = m.nuses;
	st->evidence = KP_HE_CALL;   /* a mapper's statements are run as SQL */
	return st;
}
