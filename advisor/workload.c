/* The weighted workload and what a fix does to it. Every proposed key or
 * index is judged by planning the table's statements again on a
 * hypothetical copy of the table (this file and judge.c call the planner,
 * never on the real schema); a verdict records the weight served
 * before and after and the statements made worse. Also the per-table
 * summary of the workload in access classes. */
#include "advisor/advisorInt.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The statements whose trees alike ones share: open addressing on the
 * hash of (shape, table, connection), each slot holding what tells two
 * statements alike (so that a probe reads no statement: the kept ones are
 * cold by the time their alikes come) and the index in adv->queries of the
 * first statement kept, plus one (0: empty). In the advisor's arena, as
 * long as the queries. */
typedef struct alike_ent {
	uint64_t hash;
	uint64_t shape;
	const kp_table *table;
	const kp_plan_opts *opts;
	const kp_names *names;  /* the kept statement's */
	uint32_t kind;          /* kp_stmt_kind */
	uint32_t q;
	uint32_t last;          /* the index in adv->queries of the last record made for a
	                           statement alike, plus one: where kp_advisor.merge counts
	                           the next one in when it planned alike */
} alike_ent;

struct kpa_alike {
	alike_ent *slot;
	uint32_t cap, n;
};

static bool is_insert(kp_stmt_kind k)
{
	return k == KP_S_INSERT || k == KP_S_UPSERT || k == KP_S_REPLACE;
}

static uint64_t alike_hash(const kp_wquery *q)
{
	uint64_t h = kpa_mix(q->shape, (uint64_t)(uintptr_t)q->plan.table);
	h = kpa_mix(h, (uint64_t)(uintptr_t)q->opts);
	h ^= h >> 33;   /* every bit of it reaches the slot's */
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h;
}

/* Can q share an alike statement's tree: a read or a write on a table,
 * or an insert (whose plan names no table: its shape does). An insert's
 * values (evidence of increasing keys and of duplicate keys) are its own,
 * in adv->vlog, whichever tree it shares. */
static bool shareable(const kp_wquery *q)
{
	kp_stmt_kind k = q->stmt->kind;
	return is_insert(k) || (q->plan.table && (k == KP_S_SELECT || k == KP_S_UPDATE || k == KP_S_DELETE));
}

static bool same_names(const kp_names *a, const kp_names *b)
{
	if (!a || !b)
		return a == b;
	return a->n == b->n && !memcmp(a->col, b->col, sizeof(int32_t) * a->n);
}

/* The slot where an alike kept statement of q (whose hash is h) is, or
 * the empty slot it would go to. */
static alike_ent *alike_slot(kp_advisor *adv, const kp_wquery *q, uint64_t h)
{
	struct kpa_alike *m = adv->alike;
	for (uint32_t i = (uint32_t)h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
		alike_ent *e = &m->slot[i];
		if (!e->q)
			return e;
		if (e->hash == h && e->shape == q->shape && e->table == q->plan.table && e->opts == q->opts &&
		    e->kind == (uint32_t)q->stmt->kind && same_names(e->names, q->plan.names))
			return e;
	}
}

void kp_advisor_add(kp_advisor *adv, const kp_stmt *s, const kp_plan *p, kp_source *src, double weight)
{
	kp_wquery *q = adv->spare;
	if (q) {
		memset(q, 0, sizeof(*q));
		adv->spare = NULL;
	} else {
		q = kp_arena_alloc(adv->a, sizeof(*q));
	}
	q->stmt = s;
	q->off = s->off;
	q->len = s->len;
	/* the advisor keeps the plan's class, path and order; its ranges and
	 * filter live in the caller's per-statement arena */
	q->plan.stmt = p->stmt;
	q->plan.table = p->table;
	q->plan.index = p->index;
	q->plan.access = p->access;
	q->plan.order = p->order;
	q->plan.nranges = p->nranges;
	q->plan.rejected = p->rejected;
	q->src = src;
	q->base = p->table;
	if (p->table && p->table->view_base) {
		const kp_table *b = kp_catalog_find(adv->cat, p->table->view_base, (uint32_t)strlen(p->table->view_base));
		q->base = b && !b->dropped && !p->table->view_unsupported ? b : NULL;
	}
	q->weight = q->unit = weight;
	q->count = 1;
	q->opts = &adv->opts;
	q->arena = adv->a;
	/* fingerprinted now, while the statement is in the cache: later
	 * passes visit every query again, and the AST is cold by then */
	q->shape = kp_stmt_fingerprint(s, &adv->fp);
	q->uses = kpa_uses(p->names, s);
	/* an insert's values are its own (evidence of increasing keys and
	 * of duplicate keys), whichever tree and record it shares: logged in
	 * order, a few bytes a value */
	kp_list *vl = &adv->vlog;
	adv->vlog_q = NULL;
	adv->vlog_undo[0] = vl->n;
	adv->vlog_undo[1] = vl->n ? ((const kpa_chunk *)vl->items[vl->n - 1])->used : 0;
	bool ins = is_insert(s->kind);
	/* and which column each name of the statement names: a statement
	 * alike one kept before (kp_advisor_share) shares its names, equal
	 * column for column; others get a copy */
	q->plan.names = p->names;
	adv->alike_at = adv->alike && shareable(q) ? alike_slot(adv, q, alike_hash(q)) : NULL;
	if (adv->alike_at && adv->alike_at->q)
		q->plan.names = adv->alike_at->names;
	else
		q->plan.names = kp_names_copy(p->names, adv->a);
	kp_list_push(adv->a, &adv->queries, q);
	uint32_t line = 0, col;
	if (src)
		kp_source_linecol(src, s->off, &line, &col);
	kpa_at_push(adv, adv->queries.n - 1, line);
	if (ins)
		kpa_log_insert(adv, s, adv->queries.n - 1, line);
}

void kp_advisor_drop_last(kp_advisor *adv)
{
	if (!adv->queries.n)
		return;
	adv->queries.n--;
	if (adv->nat)
		kpa_at_pop(adv);   /* it is the last statement */
	/* and its values, if it logged any */
	kpa_log_undo(&adv->vlog, adv->vlog_undo[0], adv->vlog_undo[1]);
}

/* Can q, alike the record g (its tree shared), be counted into it: planned
 * alike (a literal can change a plan's class or ranges), in the same file,
 * on the same connection, and of the same weight, an integer, so that the
 * sums over records are the sums over statements, exactly, in any order?
 * An insert's values stay its own, in the log (kpa_ins_next). */
static bool same_file(const kp_advisor *adv, const kp_wquery *g, const kp_wquery *q)
{
	if (g->src == q->src)
		return true;
	return adv->merge_names && g->src && q->src && !is_insert(q->stmt->kind) && g->src->path && q->src->path &&
	       !strcmp(g->src->path, q->src->path);
}

static bool mergeable(const kp_advisor *adv, const kp_wquery *g, const kp_wquery *q)
{
	const kp_kept_plan *a = &g->plan, *b = &q->plan;
	return same_file(adv, g, q) && g->base == q->base && g->opts == q->opts &&
	       g->shape == q->shape && g->uses == q->uses && a->stmt == b->stmt && a->table == b->table &&
	       a->index == b->index && a->names == b->names && a->access == b->access && a->order == b->order &&
	       a->nranges == b->nranges && a->rejected == b->rejected && !g->prep && g->unit == q->weight &&
	       q->weight >= 0 && q->weight <= 1e9 && q->weight == (double)(int64_t)q->weight && g->weight < 1e15;
}

uint64_t kpa_query_uses(const kp_wquery *q, const kp_table *base)
{
	uint64_t u = q->uses;
	/* a tenant's connection binds the tenant column of a multi-tenant
	 * table (Phoenix adds it to every statement): an index led by it, as
	 * every index of such a table is, can serve the statement */
	int tc = q->opts && q->opts->phoenix && q->opts->tenant ? kp_table_tenant_col(base) : -1;
	if (tc >= 0)
		u |= 1ull << (tc < 63 ? tc : 63);
	return u;
}

void kp_advisor_on_tenant(kp_advisor *adv, const char *tenant)
{
	if (!adv->queries.n)
		return;
	kp_wquery *q = adv->queries.items[adv->queries.n - 1];
	const char *now = adv->opts.tenant;
	if (tenant == now || (tenant && now && !strcmp(tenant, now)))
		return;
	/* the statements under one directive share its rules */
	const kp_wquery *prev = adv->queries.n > 1 ? adv->queries.items[adv->queries.n - 2] : NULL;
	const char *pt = prev && prev->opts != &adv->opts ? prev->opts->tenant : now;
	if (prev && prev->opts != &adv->opts && (pt == tenant || (pt && tenant && !strcmp(pt, tenant)))) {
		q->opts = prev->opts;
	} else {
		kp_plan_opts *o = kp_arena_alloc(adv->a, sizeof(*o));
		*o = adv->opts;
		o->tenant = tenant ? kp_arena_strndup(adv->a, tenant, strlen(tenant)) : NULL;
		q->opts = o;
	}
	/* alike statements on other connections plan unlike: another shape */
	uint64_t h = 0x84222325cbf29ce4ull;
	for (const char *c = tenant ? tenant : ""; *c; c++)
		h = (h ^ (unsigned char)*c) * 0x100000001b3ull;
	q->shape = kpa_mix(q->shape, tenant ? h : 1);
}

bool kp_advisor_share(kp_advisor *adv)
{
	kp_wquery *q = adv->queries.items[adv->queries.n - 1];
	if (!adv->alike || !shareable(q))
		return false;
	/* looked up by kp_advisor_add (the slot alike, or the empty one it
	 * would take), unless a directive's connection made it another shape
	 * since (kp_advisor_on_tenant) */
	alike_ent *at = adv->alike_at && q->opts == &adv->opts ? adv->alike_at : alike_slot(adv, q, alike_hash(q));
	adv->alike_at = NULL;
	if (!at->q)
		return false;
	const kp_wquery *k = adv->queries.items[at->q - 1];
	q->stmt = k->stmt;
	q->plan.stmt = k->stmt;
	q->plan.names = k->plan.names;   /* equal, and kept once */
	if (adv->merge && at->last) {
		kp_wquery *g = adv->queries.items[at->last - 1];
		if (mergeable(adv, g, q)) {
			/* counted into g: its place is all that stays */
			g->weight += q->weight;
			g->count++;
			adv->queries.n--;
			uint32_t line = adv->at_line;
			kpa_at_pop(adv);
			kpa_at_push(adv, at->last - 1, line);
			if (adv->vlog_q) {   /* an insert: its values are the record's too */
				uint32_t g = at->last - 1;
				memcpy(adv->vlog_q, &g, sizeof g);
			}
			adv->spare = q;
			return true;
		}
	}
	at->last = adv->queries.n;
	return true;
}

void kp_advisor_own(kp_advisor *adv, const kp_stmt *s)
{
	kp_wquery *q = adv->queries.items[adv->queries.n - 1];
	q->stmt = s;
	q->plan.stmt = s;
	if (!shareable(q))
		return;
	struct kpa_alike *m = adv->alike;
	if (!m) {
		m = adv->alike = kp_arena_alloc(adv->a, sizeof(*m));
		m->cap = 256;
		m->slot = kp_arena_alloc(adv->a, sizeof(alike_ent) * m->cap);
	}
	if ((m->n + 1) * 2 > m->cap) {
		/* twice the slots, the kept statements placed again */
		alike_ent *old = m->slot;
		uint32_t cap = m->cap;
		m->cap *= 2;
		m->slot = kp_arena_alloc(adv->a, sizeof(alike_ent) * m->cap);
		for (uint32_t i = 0; i < cap; i++)
			if (old[i].q) {
				uint32_t j = (uint32_t)old[i].hash & (m->cap - 1);
				while (m->slot[j].q)
					j = (j + 1) & (m->cap - 1);
				m->slot[j] = old[i];
			}
	}
	uint64_t h = alike_hash(q);
	alike_ent *at = alike_slot(adv, q, h);
	if (!at->q) {
		*at = (alike_ent){h, q->shape, q->plan.table, q->opts, q->plan.names, (uint32_t)q->stmt->kind,
		                  adv->queries.n, adv->queries.n};
		m->n++;
	}
}

/* The workload's queries on t: bucketed once, so the per-table checks cost
 * O(queries) in all rather than O(tables x queries). */
const kp_list *kpa_queries_of(kp_advisor *adv, const kp_table *t)
{
	if (!adv->by_table || adv->bucketed != adv->queries.n) {
		adv->by_table = kp_arena_alloc(adv->a, sizeof(kp_list) * (size_t)(adv->cat->ntables + 1));
		for (uint32_t i = 0; i < adv->queries.n; i++) {
			kp_wquery *q = adv->queries.items[i];
			if (q->base && q->base->id < adv->cat->ntables && adv->cat->tables[q->base->id] == q->base)
				kp_list_push(adv->a, &adv->by_table[q->base->id], q);
		}
		adv->bucketed = adv->queries.n;
	}
	return &adv->by_table[t->id];
}

static uint64_t map_key(uint64_t k)
{
	return k ? k : 1;
}

bool kpa_map_get(const u64map *m, uint64_t k, uint32_t *v)
{
	if (!m->cap)
		return false;
	k = map_key(k);
	for (uint32_t i = (uint32_t)(k * 0x9e3779b97f4a7c15ull >> 32) & (m->cap - 1); m->keys[i];
	     i = (i + 1) & (m->cap - 1))
		if (m->keys[i] == k) {
			*v = m->vals[i];
			return true;
		}
	return false;
}

void kpa_map_put(u64map *m, uint64_t k, uint32_t v)
{
	if ((m->n + 1) * 2 > m->cap) {
		u64map g = {0};
		g.cap = m->cap ? m->cap * 2 : 64;
		g.keys = calloc(g.cap, sizeof(uint64_t));
		g.vals = calloc(g.cap, sizeof(uint32_t));
		if (!g.keys || !g.vals)
			abort();
		for (uint32_t i = 0; i < m->cap; i++)
			if (m->keys[i])
				kpa_map_put(&g, m->keys[i], m->vals[i]);
		free(m->keys);
		free(m->vals);
		*m = g;
	}
	k = map_key(k);
	uint32_t i = (uint32_t)(k * 0x9e3779b97f4a7c15ull >> 32) & (m->cap - 1);
	while (m->keys[i] && m->keys[i] != k)
		i = (i + 1) & (m->cap - 1);
	if (!m->keys[i])
		m->n++;
	m->keys[i] = k;
	m->vals[i] = v;
}

void kpa_map_free(u64map *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

uint64_t kpa_str_hash(const char *s, uint64_t h)
{
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* A summed weight as the advice's integer serves/of: rounded, and held at
 * INT_MAX (weights are capped at 1,000,000 each, but thousands of heavy
 * statements still sum past it; converting such a double to int is undefined). */
int kpa_weight_int(double w)
{
	return w >= (double)INT_MAX ? INT_MAX : (int)(w + 0.5);
}

const kp_key *kpa_keydup(kp_arena *a, const kp_key *k)
{
	kp_key *c = kp_arena_alloc(a, sizeof(*c));
	c->n = k->n;
	c->parts = kp_arena_alloc(a, sizeof(kp_key_part) * (size_t)(k->n + 1));
	memcpy(c->parts, k->parts, sizeof(kp_key_part) * (size_t)k->n);
	return c;
}

/* A copy of t with another primary key and the given indexes. */
static bool same_part(const kp_key_part *x, const kp_key_part *y)
{
	if (x->col != y->col || x->expr != y->expr || x->desc != y->desc || x->hash_bits != y->hash_bits ||
	    x->nhash != y->nhash)
		return false;
	for (int j = 0; j < x->nhash; j++)
		if (x->hash_cols[j] != y->hash_cols[j])
			return false;
	return true;
}

/* ix made again on h, whose key differs from the key ix's row was built
 * on: its own parts, then h's row key as the catalog appends it at CREATE
 * INDEX (catalog/alter.c append_key): the key's hash parts (Lindorm's
 * hash32(c): an index row ends with the whole row key) and its columns the
 * index's own parts do not hold; a Phoenix salt byte is the table's, not
 * the index's. Without this a key change planned a read through an index
 * in the old key's order (E73: an index on id_tag read ORDER BY the table's
 * key in order under hash32(transaction_pk), where Lindorm must sort). */
/* The parts of ix's key that are its own, before the row key appended:
 * its nuser columns (or expressions) and a hash part of its own among them,
 * which nuser does not count (an index table led by a hash of the column
 * after it, index_table.c: [md5(import_no)][import_no][row_state] holds 3
 * parts of nuser 2; taken as 2, a key change made it [md5(import_no)]
 * [import_no] and row_state was lost: E104's index table read 10 times
 * the rows on the hashed key that it reads alone) */
static int own_parts(const kp_index *ix)
{
	int own = 0;
	for (int users = 0; own < ix->key.n && users < ix->nuser; own++) {
		const kp_key_part *p = &ix->key.parts[own];
		if (!(p->col < 0 && p->nhash > 0 && !p->expr))
			users++;
	}
	return own;
}

static kp_index *rekeyed(kp_arena *a, const kp_table *h, const kp_index *ix)
{
	kp_index *c = kp_arena_alloc(a, sizeof(*c));
	*c = *ix;
	c->table = (kp_table *)h;
	/* room for a column the design adds (a bucket: kpa_hypo_table) */
	c->covers = kp_arena_alloc(a, sizeof(bool) * (size_t)(h->ncols + 2));
	memcpy(c->covers, ix->covers, sizeof(bool) * (size_t)h->ncols);
	int own = own_parts(ix);
	c->key.parts = kp_arena_alloc(a, sizeof(kp_key_part) * (size_t)(own + h->pk.n + 1));
	memcpy(c->key.parts, ix->key.parts, sizeof(kp_key_part) * (size_t)own);
	c->key.n = own;
	for (int i = own; i < ix->key.n; i++)   /* the old key's columns, unless the index holds them */
		if (ix->key.parts[i].col >= 0 && !ix->all_columns)
			c->covers[ix->key.parts[i].col] = false;
	for (int j = 0; j < own; j++)
		if (ix->key.parts[j].col >= 0)
			c->covers[ix->key.parts[j].col] = true;
	for (int i = 0; i < h->pk.n; i++) {
		const kp_key_part *p = &h->pk.parts[i];
		if (p->col < 0 && p->nhash > 0) {
			c->key.parts[c->key.n++] = *p;
			continue;
		}
		if (p->col < 0 || ix->all_columns)
			continue;
		bool held = false;
		for (int j = 0; j < own; j++)
			held |= ix->key.parts[j].col == p->col;
		if (held)
			continue;
		c->key.parts[c->key.n++] = *p;
		c->covers[p->col] = true;
	}
	return c;
}

kp_table *kpa_hypo_table(kp_arena *a, const kp_table *t, const kp_key *key, kp_index **ix, int nix)
{
	kp_table *h = kp_arena_alloc(a, sizeof(*h));
	*h = *t;
	h->cols = kp_arena_alloc(a, sizeof(kp_column) * (size_t)(t->ncols + 1));
	memcpy(h->cols, t->cols, sizeof(kp_column) * (size_t)t->ncols);
	for (int i = 0; i < t->ncols; i++)
		h->cols[i].key_pos = -1;
	h->pk = *key;
	for (int i = 0; i < key->n; i++)
		if (key->parts[i].col >= 0)
			h->cols[key->parts[i].col].key_pos = i;
	h->indexes = ix;
	h->nindexes = nix;
	h->index_origin = NULL;
	/* an index (the schema's, or a candidate made on t) whose row ends
	 * with t's key ends with the design's key instead */
	bool same = key->n == t->pk.n;
	for (int i = 0; same && i < key->n; i++)
		same = same_part(&key->parts[i], &t->pk.parts[i]);
	if (!same && nix) {
		kp_index **copy = kp_arena_alloc(a, sizeof(kp_index *) * (size_t)nix);
		for (int i = 0; i < nix; i++)
			copy[i] = ix[i]->kv && !ix[i]->search ? rekeyed(a, h, ix[i]) : ix[i];
		h->indexes = copy;
		h->index_origin = ix;
	}
	h->src = NULL;   /* no notes pointing at a table that does not exist */
	return h;
}

/* The index of the design p read through, as the design names it (not
 * the copy kpa_hypo_table made of it). */
static const kp_index *origin_of(const kp_table *h, const kp_index *ix)
{
	if (!ix || !h->index_origin)
		return ix;
	for (int i = 0; i < h->nindexes; i++)
		if (h->indexes[i] == ix)
			return h->index_origin[i];
	return ix;
}

/* A KV index on t over cols (then t's key columns), covering `covers`. */
kp_index *kpa_hypo_index(kp_arena *a, const kp_table *t, const char *name, const int *cols,
                         const bool *desc, int n, const bool *covers)
{
	kp_index *ix = kp_arena_alloc(a, sizeof(*ix));
	ix->name = (char *)name;
	ix->table = (kp_table *)t;
	ix->kv = true;
	ix->nuser = n;
	ix->covers = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + 1));
	ix->key.parts = kp_arena_alloc(a, sizeof(kp_key_part) * (size_t)(n + t->pk.n + 1));
	for (int i = 0; i < n; i++) {
		kp_key_part *p = &ix->key.parts[ix->key.n++];
		p->col = cols[i];
		p->desc = desc ? desc[i] : false;
		ix->covers[cols[i]] = true;
	}
	for (int i = 0; i < t->pk.n; i++) {
		int c = t->pk.parts[i].col;
		if (c < 0 || ix->covers[c])
			continue;
		kp_key_part *p = &ix->key.parts[ix->key.n++];
		p->col = c;
		ix->covers[c] = true;
	}
	for (int i = 0; covers && i < t->ncols; i++)
		if (covers[i])
			ix->covers[i] = true;
	return ix;
}

void kpa_plan_on(kp_plan *p, const kp_table *h, const kp_wquery *q, kp_arena *scratch)
{
	kp_diags d = {0};
	if (!q->plan.table)
		kp_plan_on_table(p, h, q->stmt, q->opts, q->src, scratch, &d);
	else   /* no diagnostics: the advisor reads the plan alone */
		kp_plan_prepared(p, kpa_prep(q), h, scratch, NULL);
	if (h->index_origin) {
		p->index = origin_of(h, p->index);
		if (p->ncands) {
			kp_candidate *c = kp_arena_alloc(scratch, sizeof(*c) * (size_t)p->ncands);
			for (int i = 0; i < p->ncands; i++) {
				c[i] = p->cands[i];
				c[i].index = origin_of(h, c[i].index);
			}
			p->cands = c;
		}
	}
}

kp_access kpa_plan_class(const kp_table *h, const kp_wquery *q, kp_arena *scratch, kp_order *order)
{
	/* a read through a view: the view on the hypothetical base (its
	 * columns sit where the base's do, its WHERE stays) */
	const kp_table *on = q->plan.table;
	if (on && on != h && on->view_base && q->base && h->ncols == q->base->ncols)
		h = kpa_hypo_table(scratch, on, &h->pk, h->indexes, h->nindexes);
	kp_plan p;
	kpa_plan_on(&p, h, q, scratch);
	if (order)
		*order = p.order;
	return p.access;
}

bool kpa_served(kp_access a)
{
	return a == KP_ACCESS_GET || a == KP_ACCESS_SCAN;
}

/* The class of q planned on h, from the cache when this (key, shape) was
 * planned before. */
kp_access kpa_cached_class(u64map *cache, uint64_t keyid, const kp_table *h, const kp_wquery *q,
                           kp_arena *scratch)
{
	uint64_t k = kpa_mix(keyid, kpa_query_shape(q));
	uint32_t v;
	if (kpa_map_get(cache, k, &v))
		return (kp_access)v;
	kp_access a = kpa_plan_class(h, q, scratch, NULL);
	kpa_map_put(cache, k, (uint32_t)a);
	return a;
}

kp_access kpa_cached_plan(u64map *cache, uint64_t keyid, const kp_table *h, const kp_wquery *q, kp_arena *scratch,
                          kp_order *order)
{
	uint64_t k = kpa_mix(keyid ^ 0x5bd1e995u, kpa_query_shape(q));
	uint32_t v;
	if (!kpa_map_get(cache, k, &v)) {
		kp_order o;
		kp_access a = kpa_plan_class(h, q, scratch, &o);
		v = (uint32_t)a | (uint32_t)o << 8;
		kpa_map_put(cache, k, v);
	}
	*order = (kp_order)(v >> 8);
	return (kp_access)(v & 0xff);
}

int kpa_table_shapes(kp_advisor *adv, const kp_table *t, shape **out, double *total, int *nq)
{
	const kpa_rows *rs = kpa_rows_of(adv, t);
	shape *s = calloc((size_t)rs->nshapes + 1, sizeof(*s));
	if (!s)
		abort();
	*total = 0;
	*nq = (int)rs->nstmts;
	for (uint32_t i = 0; i < rs->n; i++) {
		const kpa_row *r = &rs->row[i];
		shape *x = &s[r->shape];
		if (!x->q) {   /* shapes are numbered in order of their first statement */
			x->q = r->q;
			x->hash = kpa_query_shape(r->q);
		}
		*total += r->weight;
		x->weight += r->weight;
	}
	*out = s;
	return (int)rs->nshapes;
}

const kpa_rows *kpa_rows_of(kp_advisor *adv, const kp_table *t)
{
	if (!adv->rows || adv->rowed != adv->queries.n) {
		adv->rows = kp_arena_alloc(adv->a, sizeof(kpa_rows *) * (size_t)(adv->cat->ntables + 1));
		adv->rowed = adv->queries.n;
	}
	if (adv->rows[t->id])
		return adv->rows[t->id];
	kpa_rows *r = kp_arena_alloc(adv->a, sizeof(*r));
	const kp_list *qs = kpa_queries_of(adv, t);
	r->of = kp_arena_alloc_raw(adv->a, sizeof(uint32_t) * (qs->n + 1));
	u64map where = {0};   /* shape -> its number */
	u64map rows = {0};    /* (shape, class, table or view, uses) -> its row */
	uint32_t cap = 0;
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		r->of[i] = UINT32_MAX;
		if (q->base != t || q->plan.access == KP_ACCESS_NONE)
			continue;
		uint64_t sh = kpa_query_shape(q), uses = kpa_query_uses(q, t);
		bool direct = q->plan.table == t;
		uint32_t k;
		if (!kpa_map_get(&where, sh, &k)) {
			k = r->nshapes++;
			kpa_map_put(&where, sh, k);
		}
		uint64_t rk = kpa_mix(kpa_mix(kpa_mix(sh, uses), q->plan.access), direct);
		uint32_t g;
		if (!kpa_map_get(&rows, rk, &g)) {
			if (r->n == cap) {
				/* doubled in the arena: rows grow with the shapes, the
				 * copies left behind are a few of them */
				cap = cap ? cap * 2 : 16;
				kpa_row *nr = kp_arena_alloc(adv->a, sizeof(kpa_row) * cap);
				if (r->n)
					memcpy(nr, r->row, sizeof(kpa_row) * r->n);
				r->row = nr;
			}
			g = r->n++;
			kpa_map_put(&rows, rk, g);
			kpa_row *w = &r->row[g];
			w->q = q;
			w->uses = uses;
			w->shape = k;
			w->access = (uint8_t)q->plan.access;
			w->direct = direct;
		}
		r->row[g].weight += q->weight;
		r->row[g].count += q->count;
		r->of[i] = g;
		r->nstmts += q->count;
	}
	kpa_map_free(&where);
	kpa_map_free(&rows);
	adv->rows[t->id] = r;
	return r;
}

/* Plans each statement of t's workload on h, against its plan on base (NULL:
 * its plan as it is). With fanout, a statement that
 * h does not serve but the current key does is read bucket by bucket (one
 * scan per bucket, merged): served, and counted in v->fanout. Each row of
 * statements alike (kpa_rows_of) is judged once, through its first
 * statement's plans; the statements it makes worse are then listed one by
 * one, in the workload's order. */
void kpa_judge(kp_advisor *adv, const kp_table *t, const kp_table *base, const kp_table *h, bool fanout,
               kp_arena *scratch, verdict *v)
{
	memset(v, 0, sizeof(*v));
	const kpa_rows *rs = kpa_rows_of(adv, t);
	/* each shape's class on base and on h, planned through its first
	 * statement: 0xff until then */
	uint8_t *cls = malloc(2 * (size_t)rs->nshapes + (size_t)rs->n + 1);
	if (!cls)
		abort();
	memset(cls, 0xff, 2 * (size_t)rs->nshapes + 1);
	uint8_t *cls0 = cls + rs->nshapes;
	/* per row: 0, or made worse (1), and no longer served (2) */
	uint8_t *worse = cls0 + rs->nshapes;
	memset(worse, 0, (size_t)rs->n + 1);
	const char **how_of = NULL;   /* per row made worse: its "before -> after" */
	bool any = false;
	/* h is t with one more index, the key unchanged: a statement that does
	 * not name the index's leading column cannot read through it, unless it
	 * reads through a view, whose WHERE may bind that column (its class
	 * is the same on Phoenix, where a covering index may take a full scan:
	 * judge.c's keeps_plan) */
	int lead = -2;
	if (!base && h->pk.parts == t->pk.parts && h->nindexes == t->nindexes + 1 &&
	    h->indexes[t->nindexes]->key.n)
		lead = h->indexes[t->nindexes]->key.parts[0].col;
	/* "before -> after" in words, formatted once per pair of classes */
	const char *how[2][KP_ACCESS_FULL + 1][KP_ACCESS_FULL + 1] = {{{0}}};
	bool never = kpa_target(adv->target)->never_reject;
	for (uint32_t i = 0; i < rs->n; i++) {
		const kpa_row *r = &rs->row[i];
		kp_access nowc = (kp_access)r->access;
		if (base) {
			if (cls0[r->shape] == 0xff) {
				cls0[r->shape] = (uint8_t)kpa_plan_class(base, r->q, scratch, NULL);
				kp_arena_reset(scratch);
			}
			nowc = (kp_access)cls0[r->shape];
		}
		kp_access thenc = nowc;
		if (!(lead >= 0 && !kpa_uses_col(r->uses, lead) && r->direct)) {
			if (cls[r->shape] == 0xff) {
				cls[r->shape] = (uint8_t)kpa_plan_class(h, r->q, scratch, NULL);
				kp_arena_reset(scratch);
			}
			thenc = (kp_access)cls[r->shape];
		}
		bool now = kpa_served(nowc), then = kpa_served(thenc);
		double w = r->weight;
		if (!then && now && fanout) {
			then = true;
			v->fanout += w;
		}
		v->total += w;
		v->before += now ? w : 0;
		v->after += then ? w : 0;
		if ((now && !then) || (nowc == KP_ACCESS_FILTERED && thenc == KP_ACCESS_FULL && !fanout)) {
			/* named with its class before and after; a FILTERED SCAN that
			 * becomes a full scan is worse too, though never served */
			if (now && !then)
				v->broken += w;
			worse[i] = 1 + (now && !then);
			/* a FILTERED SCAN the store refuses today (Lindorm's bound on
			 * the lead) is named so, as explain and KP001 say it */
			bool refused = !base && nowc == KP_ACCESS_FILTERED && r->q->plan.rejected;
			const char **wd = &how[refused][nowc][thenc];
			if (!*wd)
				*wd = kp_arena_printf(adv->a, "%s -> %s",
				                      refused ? "REJECTED FILTERED SCAN" : kpa_class_words(nowc, !never),
				                      kpa_class_words(thenc, !never));
			if (!how_of && !(how_of = malloc(sizeof(char *) * (rs->n + 1))))
				abort();
			how_of[i] = *wd;
			any = true;
		}
	}
	/* the statements of the rows made worse, in the workload's order */
	const kp_list *qs = any ? kpa_queries_of(adv, t) : NULL;
	for (uint32_t i = 0; any && i < qs->n; i++) {
		uint32_t g = rs->of[i];
		if (g == UINT32_MAX || !worse[g])
			continue;
		kp_wquery *q = qs->items[i];
		if (worse[g] == 2)
			kp_list_push(adv->a, &v->lost, q);
		kp_list_push(adv->a, &v->worse, q);
		kp_list_push(adv->a, &v->how, (void *)how_of[g]);
	}
	free(how_of);
	free(cls);
}

#define MARK_REWRITE 0x80000000u

/* Lists, in the workload's order, the statements of the records marked in
 * mark (per index in adv->queries: 0, a record's place in the verdict's
 * worse plus one, or MARK_REWRITE), those to rewrite or the others: each
 * as "file:line" in x->worse, the first five in m too, by say. Returns
 * how many it listed. */
typedef void (*say_fn)(kp_buf *m, const char *at, uint32_t i, uint32_t tag, const kp_wquery *q, void *ctx);

static uint32_t list_marked(kp_advisor *adv, kp_advice *x, kp_buf *m, kp_buf *txt, const uint32_t *mark, bool rewrite,
                            say_fn say, void *ctx)
{
	uint32_t n = 0;
	kp_at_walk aw = {0};
	kp_stmt_at at;
	for (const kp_stmt_at *e = &at; kp_advisor_at_next(adv, &aw, &at);) {
		if (e->q >= adv->queries.n || !mark[e->q] || ((mark[e->q] & MARK_REWRITE) != 0) != rewrite)
			continue;
		const kp_wquery *q = adv->queries.items[e->q];
		/* its offset in txt for now (kpa_verdict_apply makes it a pointer
		 * once txt is whole) */
		size_t off = txt->len;
		kp_buf_printf(txt, "%s:%u", q->src->path, e->line);
		kp_buf_putc(txt, 0);
		kp_list_push(adv->a, &x->worse, (void *)(uintptr_t)off);
		if (n < 5)
			say(m, txt->data + off, n, mark[e->q], q, ctx);
		n++;
	}
	return n;
}

static void say_worse(kp_buf *m, const char *at, uint32_t i, uint32_t tag, const kp_wquery *q, void *ctx)
{
	const verdict *v = ctx;
	uint32_t k = (tag & ~MARK_REWRITE) - 1;   /* its record's place in v->worse */
	kp_buf_printf(m, "%s%s (%s, weight %.15g)", i ? ", " : "; makes worse: ", at,
	              k < v->how.n ? (const char *)v->how.items[k] : "no longer served", q->unit);
}

static void say_rewrite(kp_buf *m, const char *at, uint32_t i, uint32_t tag, const kp_wquery *q, void *ctx)
{
	(void)tag;
	const verdict *v = ctx;
	if (i)
		kp_buf_printf(m, ", %s (weight %.15g)", at, q->unit);
	else
		kp_buf_printf(m, "; reads to rewrite (%s): %s (weight %.15g)", v->rewrite, at, q->unit);
}

/* Records a verdict on an advice record: served weight before and after,
 * the statements it makes worse (file:line), and says so in the message.
 * v->worse holds records (statements alike, kp_advisor.merge); each of
 * their statements is listed, in the workload's order, from adv->at. */
void kpa_verdict_apply(kp_advisor *adv, kp_advice *x, const verdict *v, int buckets)
{
	x->before = v->before;
	x->after = v->after;
	x->total = v->total;
	x->fanout = v->fanout;
	if (v->total <= 0)
		return;   /* no workload on the table: nothing to say */
	kp_buf m = {0};
	kp_buf_printf(&m, "%s; served %.15g -> %.15g of %.15g weight", x->message, v->before, v->after, v->total);
	/* a store that sorts nothing refuses one ordered read over several
	 * buckets: its reads go one a bucket, not merged (E37 in designs6.md) */
	if (v->fanout > 0 && !strcmp(x->kind, "shard_row"))
		kp_buf_printf(&m, " (%.15g of it as %d reads, one a shard, summed)", v->fanout, buckets);
	else if (v->fanout > 0 && kpa_target(adv->target)->order_in_key_order)
		kp_buf_printf(&m, " (%.15g of it as %d reads, one a bucket, each in key order)", v->fanout, buckets);
	else if (v->fanout > 0)
		kp_buf_printf(&m, " (%.15g of it as %d scans merged, one per bucket)", v->fanout, buckets);
	const kp_list *qs = kpa_queries_of(adv, x->table);
	uint32_t *mark = NULL;
	if (v->worse.n || v->rewrite) {
		/* per record: its place in v->worse plus one, and whether it
		 * is a read to rewrite */
		mark = calloc((size_t)adv->queries.n + 1, sizeof(uint32_t));
		u64map at = {0};
		if (!mark)
			abort();
		for (uint32_t k = 0; k < v->worse.n; k++)
			kpa_map_put(&at, (uint64_t)(uintptr_t)v->worse.items[k], k + 1);
		for (uint32_t i = 0; i < adv->queries.n; i++) {
			uint32_t k;
			if (kpa_map_get(&at, (uint64_t)(uintptr_t)adv->queries.items[i], &k))
				mark[i] = k;
		}
		/* reads that, left as they are, the new key no longer serves:
		 * they are worse until rewritten, and listed with them (a
		 * FILTERED SCAN of a key prefix too: it becomes one read per
		 * bucket, E36); a read made worse above cannot compute the new
		 * column at all and is not listed again, nor one that goes
		 * through an index the change keeps: it binds the index's
		 * columns, not the new one (E94's reads through OFFER_BY_SKU;
		 * the judge lists them again on the design it judged,
		 * kpa_rewrite_as_judged) */
		u64map rw = {0};
		for (uint32_t i = 0; v->rewrite && i < qs->n; i++) {
			const kp_wquery *q = qs->items[i];
			uint32_t k;
			if (q->base == x->table && (kpa_served(q->plan.access) || q->plan.access == KP_ACCESS_FILTERED) &&
			    !q->plan.index && !kpa_map_get(&at, (uint64_t)(uintptr_t)q, &k))
				kpa_map_put(&rw, (uint64_t)(uintptr_t)q, 1);
		}
		uint32_t *rq = rw.n ? kp_arena_alloc_raw(adv->a, sizeof(uint32_t) * rw.n) : NULL, nq = 0;
		for (uint32_t i = 0; rw.n && i < adv->queries.n; i++) {
			uint32_t k;
			if (kpa_map_get(&rw, (uint64_t)(uintptr_t)adv->queries.items[i], &k)) {
				mark[i] = MARK_REWRITE;
				if (nq < rw.n)
					rq[nq++] = i;
			}
		}
		x->rewrite_q = rq;
		x->rewrite_nq = nq;
		kpa_map_free(&at);
		kpa_map_free(&rw);
	}
	/* the statements' places: x->worse sized once, their text one block
	 * (a workload of a million statements lists as many) */
	uint32_t from = x->worse.n, listed = 0;
	for (uint32_t i = 0; mark && i < adv->queries.n; i++)
		if (mark[i])
			listed += ((const kp_wquery *)adv->queries.items[i])->count;
	if (listed && from + listed > x->worse.cap) {
		void **items = kp_arena_alloc_raw(adv->a, sizeof(void *) * (from + listed));
		if (from)
			memcpy(items, x->worse.items, sizeof(void *) * from);
		x->worse.items = items;
		x->worse.cap = from + listed;
	}
	kp_buf txt = {0};
	if (v->worse.n) {
		uint32_t n = list_marked(adv, x, &m, &txt, mark, false, say_worse, (void *)v);
		if (n > 5)
			kp_buf_printf(&m, " and %u more", n - 5);
	}
	x->rewrite = v->rewrite;
	x->rewrite_from = x->worse.n;
	if (v->rewrite) {
		size_t said = m.len;
		uint32_t nr = list_marked(adv, x, &m, &txt, mark, true, say_rewrite, (void *)v);
		if (nr > 5)
			kp_buf_printf(&m, " and %u more", nr - 5);
		if (m.len > said)
			x->rewrite_said = kp_arena_printf(adv->a, "%s", m.data + said);
	}
	if (x->worse.n > from) {
		char *block = kp_arena_alloc_raw(adv->a, txt.len);
		memcpy(block, txt.data, txt.len);
		for (uint32_t k = from; k < x->worse.n; k++)
			x->worse.items[k] = block + (uintptr_t)x->worse.items[k];
	}
	kp_buf_free(&txt);
	free(mark);
	x->message = kpa_bufdup(adv->a, &m);
	kp_buf_free(&m);
}

/* x's reads to rewrite listed again from a design judged as a whole
 * (kpa_rewrite_as_judged): of the statements kpa_verdict_apply listed,
 * those keyed marks (per index in adv->queries) as read through the new
 * key; the others read through an index of the design and bind no new
 * column (E92's self-care read, which the recommendation's index serves;
 * E94's reads through OFFER_BY_SKU). x->worse keeps what it makes worse,
 * then the new list; the message's list is replaced, or dropped when none
 * is left. */
void kpa_rewrite_as_judged(kp_advisor *adv, kp_advice *x, const bool *keyed)
{
	if (!x->rewrite || !x->rewrite_said || x->rewrite_from > x->worse.n)
		return;
	const char *at = strstr(x->message, x->rewrite_said);
	if (!at)
		return;
	/* per record: 1 listed by the rule, 3 still to rewrite */
	uint8_t *mark = calloc((size_t)adv->queries.n + 1, 1);
	if (!mark)
		abort();
	for (uint32_t k = 0; k < x->rewrite_nq; k++) {
		uint32_t i = x->rewrite_q[k];
		if (i < adv->queries.n)
			mark[i] = keyed[i] ? 3 : 1;
	}
	/* the list is a part of the rule's, in the same order: its entries
	 * (and their text) kept in place, the others taken out */
	kp_buf m = {0};
	kp_at_walk aw = {0};
	kp_stmt_at e;
	uint32_t from = x->rewrite_from, j = from, n = from, nr = 0;
	while (j < x->worse.n && kp_advisor_at_next(adv, &aw, &e)) {
		if (e.q >= adv->queries.n || !mark[e.q])
			continue;
		const char *place = x->worse.items[j++];
		if (mark[e.q] != 3)
			continue;
		x->worse.items[n++] = (void *)place;
		const kp_wquery *q = adv->queries.items[e.q];
		if (nr && nr < 5)
			kp_buf_printf(&m, ", %s (weight %.15g)", place, q->unit);
		else if (!nr)
			kp_buf_printf(&m, "; reads to rewrite (%s): %s (weight %.15g)", x->rewrite, place, q->unit);
		nr++;
	}
	x->worse.n = n;
	if (nr > 5)
		kp_buf_printf(&m, " and %u more", nr - 5);
	x->message = kp_arena_printf(adv->a, "%.*s%s%s", (int)(at - x->message), x->message, m.len ? m.data : "",
	                             at + strlen(x->rewrite_said));
	x->rewrite_said = m.len ? kpa_bufdup(adv->a, &m) : NULL;
	kp_buf_free(&m);
	free(mark);
}

/* base with a hash of cols in front (Lindorm's PRIMARY KEY (hash32(c), ...)). */
kp_key kpa_hashed_key(kp_arena *a, const kp_key *base, const int *cols, int n)
{
	kp_key k;
	k.n = base->n + 1;
	k.parts = kp_arena_alloc(a, sizeof(kp_key_part) * (size_t)k.n);
	k.parts[0].col = -1;
	k.parts[0].hash_bits = 32;
	k.parts[0].nhash = n;
	k.parts[0].hash_cols = kp_arena_alloc(a, sizeof(int) * (size_t)n);
	memcpy(k.parts[0].hash_cols, cols, sizeof(int) * (size_t)n);
	memcpy(k.parts + 1, base->parts, sizeof(kp_key_part) * (size_t)base->n);
	return k;
}
