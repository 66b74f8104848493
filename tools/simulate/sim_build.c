/* The pictures of each table (docs/simulate.md): the schema and workload
 * as lib/ read them and the advisor judged them, turned into the engine's
 * designs and streams. One picture for the table as designed and one per
 * advised key change (reorder, hash prefix, salt, reversal); every
 * statement of the table planned again on each design by the planner, so
 * that a read lands where its plan on that key says. */
#include "tools/simulate/sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/quote.h"

/* ------------------------------------------------------------- rates */

/* The rate a statement's comments state (kp_rate_stated, the reader
 * check's judge uses too); a malformed one is KP022 at its place. Returns
 * -1 when none says. */
static double stated_rate(kp_sim_build *b, const kp_wquery *q)
{
	return kp_rate_stated(q->src, q->off, b->d, b->a);
}

static bool writes(const kp_stmt *s)
{
	return s->kind == KP_S_INSERT || s->kind == KP_S_UPSERT || s->kind == KP_S_REPLACE || s->kind == KP_S_UPDATE ||
	       s->kind == KP_S_DELETE;
}

static const kp_table *insert_table(const kp_advisor *adv, const kp_stmt *s)
{
	if (s->kind != KP_S_INSERT && s->kind != KP_S_UPSERT && s->kind != KP_S_REPLACE)
		return NULL;
	kp_table *t = kp_catalog_find(adv->cat, s->u.insert.table.s, s->u.insert.table.len);
	return t && !t->dropped && !t->is_view ? t : NULL;
}

/* The table a workload statement loads (a view's base, an insert's). */
static const kp_table *table_of(const kp_advisor *adv, const kp_wquery *q)
{
	const kp_table *t = insert_table(adv, q->stmt);
	return t ? t : q->base;
}

/* ----------------------------------------------------------- designs */

typedef struct design {
	kp_sim_design d;
	const kp_table *h;      /* the table with this key, to plan on */
	const kp_key *key;
	int buckets;            /* a leading salt a read cannot compute: this many scans */
	int front;              /* design parts before the planner's key parts (1: Phoenix's
	                           salt byte, which the catalog's key does not hold) */
} design;

static kp_table *hypo(kp_arena *a, const kp_table *t, const kp_key *key)
{
	kp_table *h = kp_arena_alloc(a, sizeof *h);
	*h = *t;
	h->cols = kp_arena_alloc(a, sizeof(kp_column) * (size_t)(t->ncols + 1));
	memcpy(h->cols, t->cols, sizeof(kp_column) * (size_t)t->ncols);
	for (int i = 0; i < t->ncols; i++)
		h->cols[i].key_pos = -1;
	h->pk = *key;
	for (int i = 0; i < key->n; i++)
		if (key->parts[i].col >= 0)
			h->cols[key->parts[i].col].key_pos = i;
	h->salt_buckets = 0;
	h->src = NULL;
	return h;
}

static kp_sim_part column_part(kp_sim_build *b, const kp_table *t, int col)
{
	kp_column_model m;
	kp_advisor_column_model(b->adv, t, col, &m);
	kp_sim_part p;
	memset(&p, 0, sizeof p);
	p.dist = m.dist;
	p.distinct = m.distinct;
	p.theta = m.theta;
	p.range = m.range;
	return p;
}

/* The engine's parts of key k of t: a column as its values arrive; a hash
 * of columns placed at random (as many values as they have together); a
 * column an earlier hash covers has one value per hash value. */
static void design_of(kp_sim_build *b, const kp_table *t, const kp_key *k, int buckets, int salt_front, design *out)
{
	memset(out, 0, sizeof *out);
	kp_table_model tm;
	kp_advisor_table_model(b->adv, t, &tm);
	out->d.rows = tm.rows;
	out->d.row_bytes = tm.row_bytes;
	out->d.presplit = tm.regions;
	out->key = k;
	out->buckets = buckets ? buckets : salt_front;
	out->front = salt_front ? 1 : 0;
	bool covered[1024] = {false};
	if (salt_front) {
		kp_sim_part *p = &out->d.parts[out->d.nparts++];
		p->dist = KP_VD_FIXED;
		p->distinct = salt_front;
		p->hashed = p->salt = true;
	}
	for (int i = 0; i < k->n && out->d.nparts < KP_SIM_MAX_PARTS; i++) {
		const kp_key_part *kp = &k->parts[i];
		kp_sim_part p;
		memset(&p, 0, sizeof p);
		if (kp->col >= 0) {
			p = column_part(b, t, kp->col);
			if (kp->col < 1024 && covered[kp->col]) {
				p.dist = KP_VD_FIXED;   /* the hash before it tells its value */
				p.distinct = 1;
			}
		} else if (kp->nhash > 0) {
			p.hashed = true;
			p.dist = KP_VD_UNIFORM;
			if (i == 0 && buckets) {
				p.dist = KP_VD_FIXED;
				p.distinct = buckets;
				p.salt = true;
			} else {
				double values = 1;
				for (int j = 0; j < kp->nhash; j++) {
					kp_sim_part c = column_part(b, t, kp->hash_cols[j]);
					if (c.dist == KP_VD_MONOTONIC || c.dist == KP_VD_LATEST || c.distinct < 1)
						values = 0;
					else if (values > 0)
						values *= c.distinct;
					if (kp->nhash == 1 && c.dist == KP_VD_ZIPFIAN) {
						p.dist = KP_VD_ZIPFIAN;
						p.theta = c.theta;
					}
				}
				p.distinct = values > 1e15 ? 0 : values;
			}
			for (int j = 0; j < kp->nhash; j++)
				if (kp->hash_cols[j] >= 0 && kp->hash_cols[j] < 1024)
					covered[kp->hash_cols[j]] = true;
		} else {
			p.dist = KP_VD_UNIFORM;   /* an expression part: its values are not known */
		}
		out->d.parts[out->d.nparts++] = p;
	}
	out->h = k == &t->pk ? t : hypo(b->a, t, k);
}

/* ---------------------------------------------------------- locating */

static bool plan_on(const kp_table *h, const kp_wquery *q, const kp_table *t, kp_arena *a, kp_plan *p)
{
	const kp_table *on = h;
	/* a read through a view: the view with the design's key (its columns
	 * sit where the base's do, its WHERE stays) */
	if (q->plan.table && q->plan.table != t && q->plan.table->view_base && q->plan.table->ncols == t->ncols) {
		kp_table *v = kp_arena_alloc(a, sizeof *v);
		*v = *q->plan.table;
		v->pk = h->pk;
		v->cols = h->cols;
		v->src = NULL;
		on = v;
	}
	kp_diags d = {0};
	kp_plan_on_table(p, on, q->stmt, q->opts, q->src, a, &d);
	return p->access != KP_ACCESS_NONE;
}

static void bounds(const kp_plan *p, kp_sim_locate *loc)
{
	loc->nkeys = p->nranges > 0 ? p->nranges : 1;
	loc->neq = p->nranges > 0 ? p->ranges[0].neq : 0;
	loc->has_range = p->nranges > 0 && p->ranges[0].has_range;
	for (int i = 1; i < p->nranges; i++)
		if (p->ranges[i].neq < loc->neq) {
			loc->neq = p->ranges[i].neq;
			loc->has_range = p->ranges[i].has_range;
		}
}

/* Does a read take the newest rows: ORDER BY the part it ranges over
 * DESC with a LIMIT (a monotonic part), or a latest part? */
static bool reads_newest(const design *ds, const kp_stmt *s, int part)
{
	if (part < 0 || part >= ds->d.nparts)
		return false;
	const kp_sim_part *p = &ds->d.parts[part];
	if (p->dist == KP_VD_LATEST)
		return true;
	if (p->dist != KP_VD_MONOTONIC || s->kind != KP_S_SELECT || !s->u.select.limit || !s->u.select.order.n)
		return false;
	return ((const kp_order_item *)s->u.select.order.items[0])->desc;
}

static const char *access_word(kp_access a)
{
	switch (a) {
	case KP_ACCESS_GET: return "get";
	case KP_ACCESS_SCAN: return "scan";
	case KP_ACCESS_FILTERED: return "filtered scan";
	case KP_ACCESS_SEARCH: return "search";
	default: return "full scan";
	}
}

/* Where statement q lands on design ds: its stream and its fan-out row. */
static void locate(kp_sim_build *b, const kp_table *t, const design *ds, const kp_wquery *q, kp_sim_stream *st,
                   kp_sim_fan *fan)
{
	const kp_stmt *s = q->stmt;
	st->write = fan->write = writes(s);
	if (insert_table(b->adv, s)) {
		st->insert = true;
		st->rows_per_op = s->u.insert.rows.n ? (double)s->u.insert.rows.n : 1;
		fan->access = "insert";
		return;
	}
	kp_plan p;
	if (!plan_on(ds->h, q, t, b->scratch, &p)) {
		fan->access = "none";
		st->rate = 0;
		return;
	}
	fan->access = s->kind == KP_S_UPDATE ? "update" : s->kind == KP_S_DELETE ? "delete" : access_word(p.access);
	if (p.index) {
		/* read from an index table: not this table's regions */
		fan->index = p.index->name;
		fan->access = "index";
		st->rate = 0;
		return;
	}
	kp_sim_locate *loc = &st->loc;
	if (p.access == KP_ACCESS_FULL && ds->buckets > 0 && ds->front == 0 && ds->key->n > 1) {
		/* the salt or bucket cannot be computed: one read per bucket, as
		 * the key without it serves */
		kp_key rest = {ds->key->parts + 1, ds->key->n - 1};
		kp_plan p2;
		if (plan_on(hypo(b->scratch, t, &rest), q, t, b->scratch, &p2) && p2.access != KP_ACCESS_FULL) {
			loc->where = p2.access == KP_ACCESS_GET ? KP_SIM_KEYS : KP_SIM_RANGES;
			bounds(&p2, loc);
			loc->neq += 1;
			loc->per_bucket = ds->buckets;
			if (loc->where == KP_SIM_KEYS) {
				/* a point per bucket: a stretch of no width */
				loc->where = KP_SIM_RANGES;
			}
			loc->tail = reads_newest(ds, s, loc->neq);
			fan->access = kp_arena_printf(b->a, "%s per bucket", access_word(p2.access));
			return;
		}
	}
	if (p.access == KP_ACCESS_FULL) {
		loc->where = KP_SIM_FULL;
		loc->rejected = fan->rejected = p.rejected;
		return;
	}
	loc->where = p.access == KP_ACCESS_GET ? KP_SIM_KEYS : KP_SIM_RANGES;
	/* a store can refuse more than a full scan (Lindorm: a filter while
	 * the leading column is bounded on one side only, docs/targets.md) */
	loc->rejected = fan->rejected = p.rejected;
	bounds(&p, loc);
	if (ds->front) {
		/* Phoenix's salt byte: a GET computes it from the whole key, any
		 * other read is one scan per bucket (Phoenix runs them) */
		loc->neq += 1;
		if (loc->where == KP_SIM_RANGES)
			loc->per_bucket = ds->buckets;
	}
	loc->tail = reads_newest(ds, s, loc->neq);
	for (int i = 0; loc->where == KP_SIM_KEYS && i < loc->neq && i < ds->d.nparts; i++)
		loc->tail |= ds->d.parts[i].dist == KP_VD_LATEST && !ds->d.parts[i].hashed;   /* a GET of the newest */
}

/* --------------------------------------------------------- a picture */

static const kp_table_review *review_of(const kp_advisor *adv, const kp_table *t)
{
	for (uint32_t i = 0; i < adv->reviews.n; i++) {
		const kp_table_review *r = adv->reviews.items[i];
		if (r->table == t)
			return r;
	}
	return NULL;
}

static char *stmt_text(kp_arena *a, const kp_wquery *q)
{
	return kp_arena_strndup(a, q->src->text + q->off, q->len);
}

/* What makes two statements land alike on a design: they are one stream
 * to the engine (their rates summed), so that the engine's work grows
 * with the statements' shapes, not their number. */
typedef struct stream_sig {
	bool insert, write;
	bool elsewhere;         /* it loads no region of this table (an index serves it) */
	double rows_per_op;
	kp_sim_locate loc;
} stream_sig;

static uint64_t sig_hash(const stream_sig *g)
{
	const unsigned char *p = (const unsigned char *)g;
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < sizeof *g; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

static int picture(kp_sim_build *b, const kp_table *t, const design *ds, const kp_list *qs, const double *rates,
                   double assumed_writes, kp_sim_pic *pic, const char **err)
{
	int n = (int)qs->n + 1;
	kp_sim_stream *st = calloc((size_t)n, sizeof *st);
	stream_sig *sigs = calloc((size_t)n, sizeof *sigs);
	int *group = calloc((size_t)n, sizeof *group);
	uint32_t cap = 16;
	while (cap < 2 * (uint32_t)n)
		cap *= 2;
	int *slots = malloc(sizeof(int) * cap);
	pic->fan = kp_arena_alloc(b->a, sizeof(kp_sim_fan) * (size_t)n);
	if (!st || !sigs || !group || !slots)
		abort();
	for (uint32_t i = 0; i < cap; i++)
		slots[i] = -1;
	int ns = 0;
	for (uint32_t i = 0; i < qs->n; i++) {
		const kp_wquery *q = qs->items[i];
		kp_sim_fan *f = &pic->fan[pic->nfan++];
		kp_sim_stream s;
		memset(&s, 0, sizeof s);
		s.rate = f->rate = fabs(rates[i]);
		f->rate_annotated = b->stated[i];
		f->statement = stmt_text(b->a, q);
		uint32_t line, col;
		kp_source_linecol(q->src, q->off, &line, &col);
		f->location = kp_arena_printf(b->a, "%s:%u:%u", q->src->path, line, col);
		locate(b, t, ds, q, &s, f);
		kp_arena_reset(b->scratch);
		stream_sig g;
		memset(&g, 0, sizeof g);   /* the padding too: the signature is hashed as bytes */
		g.insert = s.insert;
		g.write = s.write;
		g.elsewhere = f->index != NULL || !strcmp(f->access, "none");
		g.rows_per_op = s.rows_per_op;
		g.loc = s.loc;
		uint32_t h = (uint32_t)sig_hash(&g) & (cap - 1);
		while (slots[h] >= 0 && memcmp(&sigs[slots[h]], &g, sizeof g))
			h = (h + 1) & (cap - 1);
		if (slots[h] < 0) {
			slots[h] = ns;
			sigs[ns] = g;
			st[ns++] = s;
		} else {
			st[slots[h]].rate += s.rate;
		}
		group[i] = slots[h];
	}
	if (assumed_writes > 0) {
		memset(&st[ns], 0, sizeof st[ns]);
		st[ns].rate = assumed_writes;
		st[ns].rows_per_op = 1;
		st[ns].insert = st[ns].write = true;
		ns++;
	}
	b->cfg.keys_out = b->keys_out && !b->keys_used ? b->keys_out : NULL;
	b->keys_used |= b->keys_out != NULL;
	int rc = kp_sim_run(&ds->d, &b->store, &b->cfg, st, ns, &pic->res, err);
	for (int i = 0; i < pic->nfan; i++)
		pic->fan[i].regions = st[group[i]].regions_per_op;
	free(st);
	free(sigs);
	free(group);
	free(slots);
	return rc;
}

/* The statements of t, their rates; the table's pictures. */
static int table(kp_sim_build *b, const kp_table *t, kp_sim_tab *out, const char **err)
{
	kp_list qs = {0};
	const kp_list *idx = &b->by_table[t->id];
	for (uint32_t i = 0; i < idx->n; i++)
		kp_list_push(b->a, &qs, b->adv->queries.items[(uint32_t)(uintptr_t)idx->items[i]]);
	kp_table_model tm;
	kp_advisor_table_model(b->adv, t, &tm);
	if (qs.n == 0 && tm.writes <= 0)
		return 1;   /* the workload does not touch it */
	memset(out, 0, sizeof *out);
	out->table = t->name;
	out->rows = tm.rows;
	out->rows_default = tm.rows_default;
	out->row_bytes = tm.row_bytes;
	out->row_bytes_default = tm.row_bytes_default;
	out->regions_why = tm.regions_why;
	double *rates = kp_arena_alloc(b->a, sizeof(double) * (qs.n + 1));
	double reads = 0, wrate = 0;
	for (uint32_t i = 0; i < qs.n; i++) {
		const kp_wquery *q = qs.items[i];
		size_t k = (size_t)(uintptr_t)idx->items[i];
		rates[i] = b->rate_of[k];
		if (insert_table(b->adv, q->stmt))
			wrate += rates[i] * (q->stmt->u.insert.rows.n ? (double)q->stmt->u.insert.rows.n : 1);
		else if (writes(q->stmt))
			wrate += rates[i];
		else
			reads += rates[i];
	}
	b->stated = kp_arena_alloc(b->a, qs.n + 1);
	for (uint32_t i = 0; i < qs.n; i++)
		b->stated[i] = b->rate_stated[(size_t)(uintptr_t)idx->items[i]];
	double assumed = 0;
	if (tm.writes >= 0)
		assumed = tm.writes * b->scale;
	else if (wrate <= 0) {
		/* as the advisor assumes (docs/advice.md): written at its read rate */
		assumed = reads;
		out->writes_assumed = true;
	}
	out->write_rate = wrate + assumed;
	out->read_rate = reads;
	/* notes: how each key column's values were taken */
	out->notes = kp_arena_alloc(b->a, sizeof(char *) * (size_t)(t->pk.n + 4));
	for (int i = 0; i < t->pk.n; i++) {
		int c = t->pk.parts[i].col;
		if (c < 0)
			continue;
		kp_column_model m;
		kp_advisor_column_model(b->adv, t, c, &m);
		out->notes[out->nnotes++] = kp_arena_printf(b->a, "%s: %s", t->cols[c].name, m.why);
	}
	out->notes[out->nnotes++] = tm.regions_why;
	if (out->writes_assumed)
		out->notes[out->nnotes++] = kp_arena_printf(b->a, "no write in the workload: written at its read rate, "
		                                            "%.6g rows/s (as check assumes)", assumed);
	/* the designs: as it is, then each advised key change */
	kp_list advice = {0};
	for (uint32_t i = 0; i < b->adv->advice.n; i++) {
		const kp_advice *x = b->adv->advice.items[i];
		if (x->table != t || !x->newkey)
			continue;
		bool seen = false;
		for (uint32_t j = 0; j < advice.n; j++)
			seen |= !strcmp(((const kp_advice *)advice.items[j])->key, x->key);
		if (!seen)
			kp_list_push(b->a, &advice, (void *)x);
	}
	out->pics = kp_arena_alloc(b->a, sizeof(kp_sim_pic) * (advice.n + 1));
	const kp_table_review *rv = review_of(b->adv, t);
	design ds;
	design_of(b, t, &t->pk, 0, t->salt_buckets, &ds);
	kp_sim_pic *p = &out->pics[out->npics++];
	p->label = "as designed";
	p->key = rv ? rv->key : NULL;
	kp_buf ddl = {0};
	kp_table_ddl(&ddl, t, NULL, NULL, b->adv->target);
	p->ddl = kp_arena_strndup(b->a, ddl.data ? ddl.data : "", ddl.len);
	kp_buf_free(&ddl);
	p->advisor_hot = rv && rv->before.written > 0 ? rv->before.hot / rv->before.written : -1;
	if (picture(b, t, &ds, &qs, rates, assumed, p, err) < 0)
		return -1;
	kp_sim_lanes l;
	kp_sim_lanes_build(&l, &ds.d, b->store.first_part_whole, b->cfg.seed);
	p->lanes = l.why;
	kp_sim_lanes_free(&l);
	for (uint32_t i = 0; i < advice.n; i++) {
		const kp_advice *x = advice.items[i];
		design_of(b, t, x->newkey, x->buckets, 0, &ds);
		int split_to = 0;
		if (x->buckets > ds.d.presplit && b->adv->target == KP_TARGET_PHOENIX && !strcmp(x->kind, "salt_buckets"))
			ds.d.presplit = x->buckets;   /* Phoenix pre-splits a salted table on its salt bytes */
		else if ((!strcmp(x->kind, "hash_prefix") || !strcmp(x->kind, "salt_buckets")) &&
		         ds.d.presplit < b->cfg.servers) {
			/* A hashed or bucketed key is created pre-split (the HBase
			 * reference guide pairs hashed keys with NUMREGIONS and
			 * HexStringSplit): one region per server, else the picture
			 * would show the table's first hours on one region whatever
			 * its key, and the change would look like none. */
			ds.d.presplit = split_to = b->cfg.servers;
		}
		p = &out->pics[out->npics++];
		p->kind = x->kind;
		p->key = x->key;
		p->ddl = x->ddl;
		p->recommended = x->recommended;
		p->label = kp_arena_printf(b->a, "%s %s%s%s", x->kind, x->key, x->recommended ? " (recommended)" : "",
		                           split_to ? kp_arena_printf(b->a, ", pre-split into %d regions", split_to) : "");
		p->advisor_hot = x->recommended && rv && rv->after.written > 0 ? rv->after.hot / rv->after.written : -1;
		if (picture(b, t, &ds, &qs, rates, assumed, p, err) < 0)
			return -1;
		kp_sim_lanes_build(&l, &ds.d, b->store.first_part_whole, b->cfg.seed);
		p->lanes = l.why;
		kp_sim_lanes_free(&l);
	}
	return 0;
}

int kp_sim_build_doc(kp_sim_build *b, kp_sim_doc *doc, const char **err)
{
	/* every statement's rate: stated, or its weight's share of --rate */
	kp_advisor *adv = b->adv;
	uint32_t n = adv->queries.n;
	b->rate_of = kp_arena_alloc(b->a, sizeof(double) * (n + 1));
	b->rate_stated = kp_arena_alloc(b->a, n + 1);
	double wsum = 0;
	for (uint32_t i = 0; i < n; i++) {
		const kp_wquery *q = adv->queries.items[i];
		double r = stated_rate(b, q);
		b->rate_of[i] = r;
		b->rate_stated[i] = r >= 0;
		if (r < 0 && table_of(adv, q)) {
			wsum += q->weight;
			doc->shared++;
		}
	}
	for (int i = 0; i < adv->cat->ntables; i++) {
		const kp_table *t = adv->cat->tables[i];
		kp_table_model tm;
		if (t->dropped || t->is_view)
			continue;
		kp_advisor_table_model(adv, t, &tm);
		if (tm.writes > 0)
			wsum += tm.writes;
	}
	b->scale = wsum > 0 ? b->rate / wsum : 0;
	/* the workload by table, once */
	b->by_table = kp_arena_alloc(b->a, sizeof(kp_list) * (size_t)(adv->cat->ntables + 1));
	for (uint32_t i = 0; i < n; i++) {
		const kp_table *t = table_of(adv, adv->queries.items[i]);
		if (t && t->id >= 0 && t->id < adv->cat->ntables && adv->cat->tables[t->id] == t)
			kp_list_push(b->a, &b->by_table[t->id], (void *)(uintptr_t)i);
	}
	for (uint32_t i = 0; i < n; i++)
		if (!b->rate_stated[i])
			b->rate_of[i] = ((const kp_wquery *)adv->queries.items[i])->weight * b->scale;
	doc->tables = kp_arena_alloc(b->a, sizeof(kp_sim_tab) * (size_t)(adv->cat->ntables + 1));
	for (int i = 0; i < adv->cat->ntables; i++) {
		const kp_table *t = adv->cat->tables[i];
		if (t->dropped || t->is_view)
			continue;
		int rc = table(b, t, &doc->tables[doc->ntables], err);
		if (rc < 0)
			return -1;
		if (rc == 0)
			doc->ntables++;
	}
	return 0;
}

void kp_sim_doc_free(kp_sim_doc *doc)
{
	for (int i = 0; i < doc->ntables; i++)
		for (int j = 0; j < doc->tables[i].npics; j++)
			kp_sim_result_free(&doc->tables[i].pics[j].res);
}
