/* KP120: reads the key cannot serve. Each unserved statement proposes a
 * key (its = columns, well-spread first, then one range or ORDER BY
 * column, then the table's key); proposals on the same key are merged and
 * ranked by weight. Each becomes an index table (index_table.c: hashed,
 * bucketed or concatenated so that it is no hotspot and fits the target)
 * and, when its lead is no hotspot, a secondary index. Both are candidates only, whatever
 * weight they serve: the judge (judge.c) costs them on the whole workload
 * and chooses. */
#include "advisor/advisorInt.h"

#include <stdlib.h>
#include <string.h>

typedef struct proposal {
	const kp_table *t;      /* table */
	char *key;              /* notation of the new key, every column ASC (dedupe: ASC
	                           and DESC twins are one proposal) */
	colset user;            /* the index columns */
	bool *covers;           /* columns to INCLUDE */
	kp_list qs;             /* kp_wquery* it was proposed for */
	double desc_w, asc_w;   /* weight of its reads wanting the range column DESC / ASC */
	double weight;          /* weight of the statements it was proposed for */
	double serves;          /* of that, the weight its key serves as GET or SCAN */
	kp_list found;          /* unserved_finding* of its statements (KP120) */
} proposal;

/* A KP120 finding, worded again with the key the advice finally creates
 * (hashed, bucketed, concatenated) once that is known. */
typedef struct unserved_finding {
	kp_diag *g;             /* the finding, on the shape's first statement */
	const char *key;        /* the key it proposes (DESC as the query orders) */
	const char *was;        /* how the query is read now */
	const char *then;       /* what the proposed key makes it */
	uint32_t count;         /* statements of its shape (one finding stands for them all) */
	double weight;          /* and their weight */
} unserved_finding;

typedef struct prop_rank {
	int i;                  /* proposal */
	double w;               /* its weight */
} prop_rank;

static int prop_rank_cmp(const void *a, const void *b)
{
	const prop_rank *x = a, *y = b;
	if (x->w != y->w)
		return x->w > y->w ? -1 : 1;
	return x->i - y->i;
}

/* _c1_c2[_desc] naming a proposal's columns, and a number when an earlier
 * proposal on the same table already has that name: names are unique. */
static void proposal_suffix(kp_buf *name, const kp_table *t, const proposal *pr, const proposal *props, int i)
{
	for (int j = 0; j < pr->user.n; j++)
		kp_buf_printf(name, "_%s%s", t->cols[pr->user.cols[j]].name, pr->user.desc[j] ? "_desc" : "");
	int same = 0;
	for (int k = 0; k < i; k++) {
		const proposal *o = &props[k];
		if (o->t != t || o->user.n != pr->user.n)
			continue;
		bool eq = true;
		for (int j = 0; j < pr->user.n && eq; j++)
			eq = o->user.cols[j] == pr->user.cols[j] && o->user.desc[j] == pr->user.desc[j];
		same += eq;
	}
	if (same)
		kp_buf_printf(name, "_%d", same + 1);
}

/* Words the KP120 findings of pr with the keys its advice creates: the
 * index table's final key (hashed, bucketed, concatenated) and the
 * secondary index's, either NULL when not advised. When neither is, the
 * help says why instead of pointing at advice there is none of: none_why,
 * why no secondary index was advised (NULL: its key serves no weight). */
static void reword_unserved(kp_advisor *adv, const proposal *pr, const kp_advice *x, const kp_advice *y,
                            const char *none_why, const char *table_none)
{
	const char *tk = x ? x->key : NULL, *ik = y ? y->key : NULL;
	for (uint32_t i = 0; !tk && !ik && i < pr->found.n; i++) {
		/* nothing below to see: the proposed key stays named */
		const unserved_finding *f = pr->found.items[i];
		f->g->words = 0;   /* its help is rewritten: no longer its id's (base/diag.h) */
		if (!f->g->helps)
			continue;
		if (pr->serves <= 0 || !none_why)
			f->g->helps->message = kp_arena_printf(adv->a, "no index is advised: a table or index keyed %s "
			                                       "serves 0 of the workload's weight as GET or SCAN",
			                                       f->key);
		else
			f->g->helps->message = kp_arena_printf(adv->a, "no index is advised: no index table keyed %s "
			                                       "is offered (%s), and %s", f->key,
			                                       table_none ? table_none : "none serves the reads as "
			                                       "this key does", none_why);
	}
	if (!tk && !ik)
		return;
	bool same = tk && ik && !strcmp(tk, ik);
	const char *keyed, *help;
	if (tk && ik && !same) {
		keyed = kp_arena_printf(adv->a, "an index table keyed %s or a secondary index keyed %s", tk, ik);
		help = kp_arena_printf(adv->a, "index_table on %s keyed %s, or secondary_index on %s keyed %s",
		                       pr->t->name, tk, pr->t->name, ik);
	} else {
		keyed = kp_arena_printf(adv->a, "%s keyed %s", same ? "a table or index" : tk ? "an index table"
		                        : "a secondary index", tk ? tk : ik);
		help = kp_arena_printf(adv->a, "%s on %s keyed %s", same ? "index_table or secondary_index"
		                       : tk ? "index_table" : "secondary_index", pr->t->name, tk ? tk : ik);
	}
	/* statements alike share their words (was, then): each message is
	 * written once a shape, not once a statement */
	u64map words = {0};
	kp_list said = {0};
	const char *seen_help = kp_arena_printf(adv->a, "%s (see the advice below)", help);
	for (uint32_t i = 0; i < pr->found.n; i++) {
		const unserved_finding *f = pr->found.items[i];
		f->g->words = 0;   /* its words are rewritten below (base/diag.h) */
		uint64_t k = kpa_mix((uint64_t)(uintptr_t)f->was, (uint64_t)(uintptr_t)f->then);
		uint32_t at;
		if (!kpa_map_get(&words, k, &at) || ((const unserved_finding *)said.items[at])->was != f->was ||
		    ((const unserved_finding *)said.items[at])->then != f->then) {
			at = said.n;
			kp_list_push(adv->a, &said, (void *)f);
			kpa_map_put(&words, k, at);
			f->g->message = kp_arena_printf(adv->a, "the key of %s cannot serve this query (%s); %s makes it a %s",
			                                pr->t->name, f->was, keyed, f->then);
		} else {
			f->g->message = ((const unserved_finding *)said.items[at])->g->message;
		}
		if (f->g->helps)
			f->g->helps->message = seen_help;
		struct kpa_pointed *pt = kp_arena_alloc(adv->a, sizeof(*pt));
		*pt = (struct kpa_pointed){f->g, pr->t, x, y, tk, ik, f->was, f->then, f->count, f->weight};
		kp_list_push(adv->a, &adv->pointed, pt);
	}
	kpa_map_free(&words);
}

/* The reason in held, past the judge's "not recommended: " */
static const char *held_reason(const char *held)
{
	static const char lead[] = "not recommended: ";
	return strncmp(held, lead, sizeof lead - 1) ? held : held + sizeof lead - 1;
}

void kpa_reword_held(kp_advisor *adv)
{
	for (uint32_t i = 0; i < adv->pointed.n; i++) {
		const struct kpa_pointed *pt = adv->pointed.items[i];
		bool xh = pt->x && pt->x->held_why, yh = pt->y && pt->y->held_why;
		if (!xh && !yh)
			continue;
		kp_diag *g = pt->g;
		g->words = 0;   /* its words are rewritten (base/diag.h) */
		const char *name = pt->t->name;
		const kp_advice *held = xh ? pt->x : pt->y;
		const char *kind = xh ? "an index table" : "a secondary index";
		const char *hk = xh ? pt->tk : pt->ik;
		if (xh && yh) {
			g->message = kp_arena_printf(adv->a, "the key of %s cannot serve this query (%s); a table or "
			                             "index keyed %s would make it a %s, but keyplan advises neither",
			                             name, pt->was, pt->tk, pt->then);
			if (g->helps)
				g->helps->message = kp_arena_printf(adv->a, "no index is advised: %s", held_reason(pt->x->held_why));
		} else if (xh ? pt->ik : pt->tk) {
			/* the one that stands is the one the finding proposes */
			const char *sk = xh ? pt->ik : pt->tk;
			g->message = kp_arena_printf(adv->a, "the key of %s cannot serve this query (%s); %s keyed %s "
			                             "makes it a %s", name, pt->was, xh ? "a secondary index"
			                             : "an index table", sk, pt->then);
			if (g->helps)
				g->helps->message = kp_arena_printf(
					adv->a, "%s on %s keyed %s (see the advice below); not %s keyed %s: %s",
					xh ? "secondary_index" : "index_table", name, sk, kind, hk, held_reason(held->held_why));
		} else {
			g->message = kp_arena_printf(adv->a, "the key of %s cannot serve this query (%s); %s keyed %s "
			                             "would make it a %s, but keyplan does not advise it", name, pt->was,
			                             kind, hk, pt->then);
			if (g->helps)
				g->helps->message = kp_arena_printf(adv->a, "no index is advised: not %s keyed %s: %s",
				                                    kind, hk, held_reason(held->held_why));
		}
		if (pt->count > 1)   /* as count_alike words it */
			g->message = kp_arena_printf(adv->a, "%s (weight %.15g, %u statements alike; the first shown)",
			                             g->message, pt->weight, pt->count);
	}
}

/* The findings of pr that stand for more than their own statement say
 * how many statements of their shape they stand for, and their weight, as
 * the design review's lines do. */
static void count_alike(kp_advisor *adv, const proposal *pr)
{
	for (uint32_t i = 0; i < pr->found.n; i++) {
		const unserved_finding *f = pr->found.items[i];
		if (f->count > 1)
			f->g->message = kp_arena_printf(adv->a, "%s (weight %.15g, %u statements alike; the first shown)",
			                                f->g->message, f->weight, f->count);
	}
}

/* What one shape of unserved read made of its proposal: the next
 * statements of the shape repeat it without planning again. */
typedef struct shape_memo {
	int prop;               /* its proposal */
	int ord;                /* 1: weight for an ASC range column, 2: DESC, 0: none */
	kp_access now;          /* its class on the proposed key */
	unserved_finding *first; /* its first statement's finding, which the statements
	                           alike are counted in: one finding a shape */
	int prop2;              /* the shape's other candidate (an ORDER BY past a
	                           multi-valued column), -1: none */
	int ord2;               /* as ord, for it */
	kp_access now2;         /* as now, for it */
} shape_memo;

/* Does a read of pr order by oc leaving its NULLs where SQL puts them (no
 * NULLS FIRST or LAST written) with a WHERE that lets them in (a
 * comparison, IN, BETWEEN or LIKE on oc keeps no NULL)? */
static bool nulls_by_default(const kp_table *t, const proposal *pr, const kp_column *oc)
{
	int ci = (int)(oc - t->cols);
	for (uint32_t k = 0; k < pr->qs.n; k++) {
		const kp_wquery *q = pr->qs.items[k];
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
		bool excluded = false;
		for (int e = 0; e < eq.n && !excluded; e++)
			excluded = eq.cols[e] == ci;
		for (int e = 0; e < range.n && !excluded; e++)
			excluded = range.cols[e] == ci;
		if (excluded)
			continue;
		const kp_list *order = kpa_order_of(q->stmt);
		for (uint32_t j = 0; j < order->n; j++) {
			const kp_order_item *it = order->items[j];
			if (!it->nulls && kpa_colref(q->plan.names, it->expr) == ci)
				return true;
		}
	}
	return false;
}

/* Where NULLs of the ordered column oc go on index y (its last part
 * oc, read as the heavier ORDER BY direction of pr wants), in the
 * designer's words, when the store keeps NULL first in a DESC column
 * (Phoenix): "" elsewhere, when oc cannot be NULL, when every read that
 * leaves NULLs where SQL puts them excludes them anyway (a comparison, IN,
 * BETWEEN or LIKE on oc keeps no NULL: the planner's range is bounded), or
 * when the index returns them where the reads want them. As the planner
 * decides (planner/order.c): a part's NULLs come first when it is read
 * forwards and the store keeps them first, or backwards and it keeps them
 * last; ORDER BY wants them first ascending, last descending. */
static const char *nulls_note(kp_advisor *adv, const kp_table *t, const proposal *pr, const kp_column *oc)
{
	if (!t->desc_nulls_first || !(oc->nullable || (oc->key_pos < 0 && !oc->not_null)))
		return "";
	if (!nulls_by_default(t, pr, oc))
		return "";
	bool want_desc = pr->desc_w > pr->asc_w;
	bool stored_desc = pr->user.desc[pr->user.n - 1];
	bool backwards = stored_desc != want_desc;
	/* the store keeps NULL first in an ASC part, and in a DESC one too */
	bool read_first = !backwards;
	bool want_first = !want_desc;
	/* the store's name as its documents write it */
	const char *store = kp_arena_printf(adv->a, "%s", kpa_target(adv->target)->name);
	if (store[0] >= 'a' && store[0] <= 'z')
		((char *)store)[0] = (char)(store[0] - 'a' + 'A');
	const char *dir = want_desc ? "DESC" : "ASC";
	if (read_first == want_first) {
		if (!backwards)
			return "";   /* read forwards, NULLs first, as ORDER BY ASC asks */
		/* read backwards, NULLs where the reads want them; the other
		 * direction, read forwards, needs the NULLS clause written */
		return kp_arena_printf(adv->a, "; %s can be NULL and %s stores NULL first in a DESC column too: %s, read "
		                       "backwards, returns ORDER BY %s %s with its NULLs %s, as the reads ask, with no "
		                       "sort (or index it %s and write ORDER BY %s %s NULLS FIRST: read forwards, NULLs "
		                       "first)",
		                       oc->name, store, stored_desc ? "stored DESC" : "stored ascending", oc->name, dir,
		                       want_first ? "first" : "last", stored_desc ? "ascending" : "DESC", oc->name, dir);
	}
	/* NOT NULL is a way out only for a key column: Phoenix refuses it on
	 * any other (ERROR 1007, "A key/value column may not be declared as
	 * not null") */
	const char *notnull = oc->key_pos >= 0
	                      ? kp_arena_printf(adv->a, ", or declare %s NOT NULL", oc->name)
	                      : kp_arena_printf(adv->a, " (NOT NULL is no way out: %s refuses it on a column outside the "
	                                        "primary key, ERROR 1007)", store);
	if (!backwards)
		return kp_arena_printf(adv->a, "; %s can be NULL and %s stores NULL first in %s column too, where "
		                       "ORDER BY %s %s wants it %s: the reads still sort unless they say NULLS %s%s",
		                       oc->name, store, stored_desc ? "a DESC" : "an ASC", oc->name, dir,
		                       want_first ? "first" : "last", read_first ? "FIRST" : "LAST", notnull);
	return kp_arena_printf(adv->a, "; %s can be NULL and %s stores NULL first in a DESC column too: %s, read "
	                       "backwards for ORDER BY %s %s, returns its NULLs %s where the reads want them %s: the "
	                       "reads still sort unless they say NULLS %s (or index it %s: read forwards, NULLs %s, "
	                       "as the reads ask)%s",
	                       oc->name, store, stored_desc ? "stored DESC" : "stored ascending", oc->name, dir,
	                       read_first ? "first" : "last", want_first ? "first" : "last", read_first ? "FIRST" : "LAST",
	                       stored_desc ? "ascending" : "DESC", want_first ? "first" : "last", notnull);
}

/* pr's columns as a secondary index of t, judged on the table's whole
 * workload, as advice; h's indexes live in hyp (reset here). */
static kp_advice *secondary_advice(kp_advisor *adv, const kp_table *t, proposal *pr, const proposal *props, int i,
                                   kp_arena *hyp, kp_arena *scratch, int salt, const char *hot_why, const char *tag)
{
	const target_info *ti = kpa_target(adv->target);
	kp_buf name = {0}, ddl = {0};
	kp_buf_printf(&name, "idx_%s", t->name);
	proposal_suffix(&name, t, pr, props, i);
	kp_buf_puts(&name, tag);
	/* a name none of t's indexes has (one the design made by keyplan's own
	 * naming, over fewer or other columns): idx_..2, idx_..3, ... (KP013) */
	size_t stem = name.len;
	for (int k = 2; kpa_has_index_nocase(t, name.data); k++) {
		name.len = stem;
		kp_buf_printf(&name, "%d", k);
	}
	kp_buf_printf(&ddl, "CREATE INDEX %s ON %s (", name.data, t->name);
	/* Phoenix leads an index of a MULTI_TENANT table with the tenant
	 * itself; named too, it would be the index's column twice (createIndex
	 * adds it first, then each column named: ERROR 514, a duplicate column) */
	int skip = pr->user.n > 1 && pr->user.cols[0] == kpa_tenant_col(adv, t);
	for (int j = skip; j < pr->user.n; j++)
		kp_buf_printf(&ddl, "%s%s%s", j > skip ? ", " : "", t->cols[pr->user.cols[j]].name,
		              pr->user.desc[j] && ti->desc_key ? " DESC" : "");
	kp_buf_putc(&ddl, ')');
	int ninc = 0;
	kp_buf inc = {0};
	for (int c = 0; c < t->ncols; c++) {
		bool inkey = t->cols[c].key_pos >= 0;
		for (int j = 0; j < pr->user.n; j++)
			inkey |= pr->user.cols[j] == c;
		if (pr->covers[c] && !inkey) {
			kp_buf_printf(&ddl, "%s%s", ninc ? ", " : " INCLUDE (", t->cols[c].name);
			kp_buf_printf(&inc, "%s%s", ninc++ ? ", " : "", t->cols[c].name);
		}
	}
	if (ninc)
		kp_buf_putc(&ddl, ')');
	if (salt)
		kp_buf_printf(&ddl, " SALT_BUCKETS = %d", salt);
	/* the index as advised (its columns, DESC, INCLUDE), kept with the
	 * advice for the summary; the table with it, in an arena of its
	 * own: it is only planned against, then dropped */
	kp_index *index = kpa_hypo_index(adv->a, t, kpa_bufdup(adv->a, &name), pr->user.cols, pr->user.desc,
	                                 pr->user.n, pr->covers);
	index->salt_buckets = salt;
	kp_arena_reset(hyp);
	kp_index **ix = kp_arena_alloc(hyp, sizeof(kp_index *) * (size_t)(t->nindexes + 1));
	if (t->nindexes)
		memcpy(ix, t->indexes, sizeof(kp_index *) * (size_t)t->nindexes);
	ix[t->nindexes] = index;
	const kp_table *h = kpa_hypo_table(hyp, t, &t->pk, ix, t->nindexes + 1);
	verdict v;
	kpa_judge(adv, t, NULL, h, false, scratch, &v);
	u64map withix = {0};
	const char *msg;
	if (ti->sql_index)
		msg = kp_arena_printf(adv->a, "secondary_index: %s on %s, covering the columns these "
		                      "queries read; the store maintains it on every write: an insert into %s then "
		                      "writes %d rows", name.data, t->name, t->name, t->nindexes + 2);
	else
		msg = kp_arena_printf(adv->a, "secondary_index: %s on %s, created with the CreateIndex "
		                      "operation (IndexMeta: primary key %s, the key columns of %s added by the "
		                      "store; defined columns %s); the store maintains it on every write: an insert "
		                      "then writes %d rows",
		                      name.data, t->name, pr->key, t->name, ninc ? inc.data : "none", t->nindexes + 2);
	if (salt)
		msg = kp_arena_printf(adv->a, "%s; salted: SALT_BUCKETS = %d on the index, since %s would be a "
		                      "write hotspot (%s): Phoenix prefixes each index row with a salt byte hashed from "
		                      "its key, so the writes spread over %d buckets (the index's own salt; one on a "
		                      "salted table is salted as the table is unless it says otherwise), and a read "
		                      "of it is one scan per bucket, merged by Phoenix in the index's key order",
		                      msg, salt,
		                      kpa_lead_hot(adv, t, pr->user.cols[0])
		                      ? kp_arena_printf(adv->a, "%s alone", t->cols[pr->user.cols[0]].name) : "its key",
		                      hot_why, salt);
	kp_buf shown = {0};
	for (int j = 0; j < index->key.n; j++)
		kp_buf_printf(&shown, "[%s%s]", t->cols[index->key.parts[j].col].name,
		              index->key.parts[j].desc ? " DESC" : "");
	kp_advice *y = kpa_advise(adv, KP_R_UNSERVED, "secondary_index", t, msg, kpa_bufdup(adv->a, &shown),
	                          ti->sql_index ? kpa_bufdup(adv->a, &ddl) : NULL);
	y->index = index;
	kpa_verdict_apply(adv, y, &v, 1);
	/* of the statements it was proposed for, the weight it serves as
	 * advised: on Phoenix only those its INCLUDE covers */
	double serves = 0;
	for (uint32_t k = 0; k < pr->qs.n; k++) {
		const kp_wquery *q = pr->qs.items[k];
		kp_order o;
		if (kpa_served(kpa_cached_plan(&withix, 0, h, q, scratch, &o)) &&
		    (o != KP_ORDER_SORT || !kpa_served(q->plan.access)))
			serves += q->weight;   /* a read served today counts when its sort goes */
		kp_arena_reset(scratch);
	}
	kpa_map_free(&withix);
	y->serves = kpa_weight_int(serves);
	y->of = kpa_weight_int(pr->weight);
	for (int j = 0; j < pr->user.n; j++)
		kpa_advice_col(adv, y, t->cols[pr->user.cols[j]].name);
	kp_buf_free(&name);
	kp_buf_free(&ddl);
	kp_buf_free(&inc);
	kp_buf_free(&shown);
	return y;
}

/* Whether read q is read better than today through an index of t keyed
 * pr's columns holding the columns covers marks: a class nearer a GET, or
 * the same class without its sort. */
static bool reads_better(const kp_table *t, const proposal *pr, const bool *covers, const kp_wquery *q,
                         kp_arena *scratch)
{
	const kp_kept_plan *p = &q->plan;
	if (p->access == KP_ACCESS_SEARCH || p->access == KP_ACCESS_NONE)
		return false;
	kp_index **ix = kp_arena_alloc(scratch, sizeof(kp_index *) * (size_t)(t->nindexes + 1));
	if (t->nindexes)
		memcpy(ix, t->indexes, sizeof(kp_index *) * (size_t)t->nindexes);
	ix[t->nindexes] = kpa_hypo_index(scratch, t, "kpa_covered", pr->user.cols, pr->user.desc, pr->user.n, covers);
	const kp_table *h = kpa_hypo_table(scratch, t, &t->pk, ix, t->nindexes + 1);
	kp_order o;
	kp_access a = kpa_plan_class(h, q, scratch, &o);
	bool better = a != KP_ACCESS_NONE && a != KP_ACCESS_FULL && a != KP_ACCESS_SEARCH &&
	              (a < p->access || p->rejected || (a == p->access && p->order == KP_ORDER_SORT && o != KP_ORDER_SORT));
	kp_arena_reset(scratch);
	return better;
}

/* pr widened to the reads of the other proposals on its table that its
 * index reads better than today only once it holds their columns (a
 * store that uses a global index only for reads it covers: Phoenix), in
 * *out; false when there are none. A store that reads the table for a
 * column its index lacks (Lindorm) serves them with pr as it is. */
static bool covered_twin(kp_advisor *adv, const kp_table *t, const proposal *pr, const proposal *props, int nprops,
                         kp_arena *scratch, proposal *out)
{
	*out = *pr;
	out->covers = NULL;
	memset(&out->qs, 0, sizeof out->qs);
	memset(&out->found, 0, sizeof out->found);
	bool *with = malloc(sizeof(bool) * (size_t)(t->ncols + 1));
	if (!with)
		abort();
	for (int k = 0; k < nprops; k++) {
		const proposal *o = &props[k];
		if (o == pr || o->t != t)
			continue;
		for (uint32_t j = 0; j < o->qs.n; j++) {
			const kp_wquery *q = o->qs.items[j];
			bool *used = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(t->ncols + 1));
			kpa_read_cols(q->plan.names, q->stmt, used, t->ncols);
			if (q->plan.table != t)
				kpa_view_cols(t, q->plan.table, used, NULL);
			for (int c = 0; c < t->ncols; c++)
				with[c] = used[c] || pr->covers[c];
			kp_arena_reset(scratch);
			if (reads_better(t, pr, pr->covers, q, scratch) || !reads_better(t, pr, with, q, scratch))
				continue;
			if (!out->covers) {
				out->covers = kp_arena_alloc(adv->a, sizeof(bool) * (size_t)(t->ncols + 1));
				memcpy(out->covers, pr->covers, sizeof(bool) * (size_t)t->ncols);
				for (uint32_t m = 0; m < pr->qs.n; m++)
					kp_list_push(adv->a, &out->qs, pr->qs.items[m]);
			}
			for (int c = 0; c < t->ncols; c++)
				out->covers[c] |= with[c];
			kp_list_push(adv->a, &out->qs, (void *)q);
			out->weight += q->weight;
		}
	}
	free(with);
	return out->covers != NULL;
}

/* The columns of eq that w binds to several values (an IN of more than
 * one value) and to no single one, in *multi: a key holding them reads one
 * range a value, in no single order past them. */
static void multi_valued(const kp_names *nm, const kp_expr *w, const colset *eq, colset *multi)
{
	if (!w)
		return;
	const kp_expr *one;
	uint32_t n;
	const kp_expr *const *l = kpa_conjuncts(w, &one, &n);
	colset single = {0};
	for (uint32_t i = 0; i < n; i++) {
		const kp_expr *e = l[i];
		int c;
		if (e->kind == KP_X_IN && !e->negated && (c = kpa_colref(nm, e->a)) >= 0 && kpa_colset_has(eq, c))
			kpa_colset_add(e->n > 1 ? multi : &single, c, false);
		else if (e->kind == KP_X_CMP && e->op == KP_OP_EQ)
			for (int k = 0; k < eq->n; k++)
				if (kpa_colref(nm, e->a) == eq->cols[k] || kpa_colref(nm, e->b) == eq->cols[k])
					kpa_colset_add(&single, eq->cols[k], false);
	}
	/* a column bound to one value elsewhere in the WHERE is single */
	colset kept = {0};
	for (int i = 0; i < multi->n; i++)
		if (!kpa_colset_has(&single, multi->cols[i]))
			kpa_colset_add(&kept, multi->cols[i], false);
	*multi = kept;
}

/* Are key's columns k's, column for column, whatever their direction? */
static bool same_cols(const colset *key, const kp_key *k)
{
	if (key->n != k->n)
		return false;
	for (int i = 0; i < key->n; i++)
		if (k->parts[i].col != key->cols[i])
			return false;
	return true;
}

void kpa_suggest_indexes(kp_advisor *adv, kp_arena *scratch)
{
	const target_info *ti = kpa_target(adv->target);
	proposal *props = NULL;
	int nprops = 0, cap = 0;
	u64map byprop = {0}, classes = {0}, byshape = {0};
	shape_memo *memo = NULL;
	uint32_t nmemo = 0, memocap = 0;
	kp_buf m = {0};
	for (uint32_t qi = 0; qi < adv->queries.n; qi++) {
		kp_wquery *q = adv->queries.items[qi];
		const kp_kept_plan *p = &q->plan;
		/* reads the key does not serve, and those it serves only with a
		 * sort (every row in range read to return the first few) */
		bool sorted = kpa_served(p->access) && p->order == KP_ORDER_SORT;
		if (!p->table || (kpa_served(p->access) && !sorted) || p->access == KP_ACCESS_NONE)
			continue;
		/* a read a search index of the schema serves, in the order asked:
		 * served (E42's leaderboard once its search index is there) */
		if (p->access == KP_ACCESS_SEARCH && p->order != KP_ORDER_SORT)
			continue;
		/* a DELETE of more than one row by its key, where the store deletes
		 * only so (Lindorm): no index serves it (judge.c) */
		if (q->stmt->kind == KP_S_DELETE && ti->delete_by_key && p->access != KP_ACCESS_GET)
			continue;
		/* a read through a view is the base table's: its index goes on
		 * the base, where the judge weighs it with the base's workload
		 * (the view's columns sit where the base's do; a view with
		 * columns of its own keeps its proposal) */
		const kp_table *t = q->base && q->base->ncols == p->table->ncols ? q->base : p->table;
		uint64_t sk = kpa_mix(q->shape, (uint64_t)t->id + 7);
		uint32_t mi;
		if (kpa_map_get(&byshape, sk, &mi)) {
			const shape_memo *sm = &memo[mi];
			proposal *pr = &props[sm->prop];
			if (sm->ord)
				*(sm->ord == 2 ? &pr->desc_w : &pr->asc_w) += q->weight;
			kp_list_push(adv->a, &pr->qs, q);
			pr->weight += q->weight;
			pr->serves += kpa_served(sm->now) ? q->weight : 0;
			/* one finding a shape: this statement is counted in its
			 * first's (docs/rules/KP120.md) */
			sm->first->count += q->count;
			sm->first->weight += q->weight;
			if (sm->prop2 >= 0) {
				proposal *p2 = &props[sm->prop2];
				if (sm->ord2)
					*(sm->ord2 == 2 ? &p2->desc_w : &p2->asc_w) += q->weight;
				kp_list_push(adv->a, &p2->qs, q);
				p2->weight += q->weight;
				p2->serves += kpa_served(sm->now2) ? q->weight : 0;
			}
			continue;
		}
		colset eq = {0}, range = {0};
		kpa_sargable(q->plan.names, kpa_where_of(q->stmt), &eq, &range);
		/* through a view: its conditions bind columns too (a view on
		 * status = 'Open' reads one status) */
		if (p->table != t)
			kpa_view_cols(t, p->table, NULL, &eq);
		const kp_list *order = kpa_order_of(q->stmt);
		int ocol = -1;
		bool odesc = false, onulls = false;
		if (order->n) {
			const kp_order_item *it = order->items[0];
			ocol = kpa_colref(q->plan.names, it->expr);
			odesc = it->desc;
			onulls = it->nulls;
		}
		/* = columns in any order serve alike: well-spread ones lead, so
		 * the index is no write hotspot when the query allows it; then
		 * monotonic or shared-prefix ones (a hash of them spreads), enums
		 * last (a hash of few values does not) */
		int rank[sizeof eq.cols / sizeof eq.cols[0]];   /* each column named once, not once a pass */
		for (int i = 0; i < eq.n; i++) {
			const kp_column *c = &t->cols[eq.cols[i]];
			rank[i] = !kpa_lead_hot(adv, t, eq.cols[i]) ? 0 : !kpa_enum_reason(c) && !kpa_few_values(adv, t, eq.cols[i])
			          ? 1 : 2;
		}
		/* on a multi-tenant table the tenant leads every index */
		int tenant = kpa_tenant_col(adv, t);
		/* an ORDER BY past a multi-valued condition (an IN of several
		 * values, or a range on another column): a key holding that
		 * column before the ordered one reads one range a value and must
		 * sort them (E140's three statuses, then updated_at). A second
		 * candidate keys the columns bound to one value, then the ORDER BY
		 * column, and holds the multi-valued ones as covered columns
		 * filtered on the index's range: one range in order, stopped
		 * after the LIMIT (docs/advice.md, "An ORDER BY past a
		 * multi-valued column") */
		colset multi = {0};
		multi_valued(q->plan.names, kpa_where_of(q->stmt), &eq, &multi);
		bool order_first = ocol >= 0 && !kpa_colset_has(&eq, ocol) &&
		                   (multi.n > 0 || (range.n > 0 && !kpa_colset_has(&range, ocol)));
		int made[2] = {-1, -1}, ords[2] = {0, 0};
		kp_access nows[2] = {KP_ACCESS_NONE, KP_ACCESS_NONE};
		kp_order orders[2] = {KP_ORDER_NONE, KP_ORDER_NONE};
		const char *keys[2] = {NULL, NULL};
		for (int pass = 0; pass < 1 + order_first; pass++) {
			colset key = {0};
			if (tenant >= 0)
				kpa_colset_add(&key, tenant, false);
			for (int r = 0; r < 3; r++)
				for (int i = 0; i < eq.n; i++)
					if (rank[i] == r && !(pass && kpa_colset_has(&multi, eq.cols[i])))
						kpa_colset_add(&key, eq.cols[i], false);
			int rcol = -1;
			if (pass)
				rcol = ocol;
			for (int i = 0; i < range.n && !pass; i++)
				if (range.cols[i] == ocol)
					rcol = ocol;
			if (rcol < 0 && range.n && !pass)
				rcol = range.cols[0];
			if (rcol < 0 && ocol >= 0)
				rcol = ocol;
			/* ORDER BY c DESC on a store that keeps NULL first in a DESC
			 * column too (Phoenix), c nullable, its NULLs not excluded by a
			 * range and left where SQL puts them: an ascending key read
			 * backwards returns them last, as asked; a DESC one sorts (the
			 * finding names the key that serves, as the review recommends:
			 * designs4.md E27) */
			bool backwards = false;
			if (rcol >= 0 && rcol == ocol && odesc && !onulls && t->desc_nulls_first) {
				const kp_column *oc = &t->cols[ocol];
				bool ranged = false;
				for (int i = 0; i < range.n; i++)
					ranged |= range.cols[i] == ocol;
				backwards = !ranged && (oc->nullable || (oc->key_pos < 0 && !oc->not_null));
			}
			if (rcol >= 0)
				kpa_colset_add(&key, rcol, rcol == ocol && odesc && !backwards);
			if (key.n == 0)
				continue;   /* nothing a key could bind */
			colset user = key;
			for (int i = 0; i < t->pk.n; i++)
				if (t->pk.parts[i].col >= 0)
					kpa_colset_add(&key, t->pk.parts[i].col, false);
			/* the table's own key, column for column: it is
			 * there already and does not serve the read (an IN list before
			 * the ordered column, a function of a column, a type that does
			 * not compare): nothing to propose, in either direction (every
			 * store reads a key backwards: Lindorm's ORDER BY in key order
			 * "forwards or backwards", HBase's reversed scan, Tablestore's
			 * GetRange BACKWARD; E143's applied audit log, whose candidate
			 * [enterprise_id_key][date_create DESC][event_id] was its key) */
			if (same_cols(&key, &t->pk))
				continue;
			kp_key nk;
			nk.n = key.n;
			nk.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)key.n);
			for (int i = 0; i < key.n; i++)
				nk.parts[i].col = key.cols[i];
			kp_buf_clear(&m);
			kp_key_notation(&m, t, &nk);
			uint64_t pk = kpa_str_hash(m.data, kpa_str_hash(t->name, 1469598103934665603ull));
			proposal *pr = NULL;
			uint32_t pi;
			if (kpa_map_get(&byprop, pk, &pi) && props[pi].t == t && !strcmp(props[pi].key, m.data))
				pr = &props[pi];
			if (pr && pass && (int)(pr - props) == made[0])
				continue;   /* the same key as the first: one candidate */
			if (!pr) {
				if (nprops == cap) {
					cap = cap ? cap * 2 : 8;
					props = realloc(props, sizeof(*props) * (size_t)cap);
					if (!props)
						abort();
				}
				kpa_map_put(&byprop, pk, (uint32_t)nprops);
				pr = &props[nprops++];
				memset(pr, 0, sizeof(*pr));
				pr->t = t;
				pr->key = kpa_bufdup(adv->a, &m);
				pr->user = user;
				for (int i = 0; i < pr->user.n; i++)
					pr->user.desc[i] = false;
				pr->covers = kp_arena_alloc(adv->a, sizeof(bool) * (size_t)(t->ncols + 1));
			} else if (user.n > pr->user.n) {
				/* the same key, bound further by this query: its index
				 * columns are the longer prefix (the rest may be concatenated) */
				pr->user = user;
				for (int i = 0; i < pr->user.n; i++)
					pr->user.desc[i] = false;
			}
			for (int i = 0; i < key.n; i++)
				nk.parts[i].desc = key.desc[i];
			if (rcol >= 0 && rcol == ocol)
				*(odesc ? &pr->desc_w : &pr->asc_w) += q->weight;
			kp_buf_clear(&m);
			kp_key_notation(&m, t, &nk);
			kp_table *h = kpa_hypo_table(scratch, t, &nk, NULL, 0);
			kp_access now;
			kp_order o = KP_ORDER_NONE;
			if (sorted) {
				/* served only in the read's order */
				now = kpa_plan_class(h, q, scratch, &o);
				if (o == KP_ORDER_SORT && kpa_served(now))
					now = KP_ACCESS_FILTERED;   /* no better than today: not served */
			} else if (order_first) {
				now = kpa_plan_class(h, q, scratch, &o);   /* the two candidates' orders compared below */
			} else {
				now = kpa_cached_class(&classes, kpa_str_hash(m.data, pk), h, q, scratch);
			}
			bool *used = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(t->ncols + 1));
			kpa_read_cols(q->plan.names, q->stmt, used, t->ncols);
			/* and the columns of its view's conditions: Phoenix uses a global
			 * index only when it holds every column the read reads, the
			 * view's condition included */
			if (p->table != t)
				kpa_view_cols(t, p->table, used, NULL);
			for (int i = 0; i < t->ncols; i++)
				if (used[i])
					pr->covers[i] = true;
			kp_list_push(adv->a, &pr->qs, q);
			pr->weight += q->weight;
			pr->serves += kpa_served(now) ? q->weight : 0;
			made[pass] = (int)(pr - props);
			ords[pass] = rcol >= 0 && rcol == ocol ? 1 + odesc : 0;
			nows[pass] = now;
			orders[pass] = o;
			keys[pass] = kpa_bufdup(adv->a, &m);
			kp_arena_reset(scratch);
		}
		/* one finding a statement, on the candidate that reads it in its
		 * order where the other sorts (or is refused) */
		int at = made[0] >= 0 ? 0 : 1;
		if (made[0] >= 0 && made[1] >= 0 && orders[0] == KP_ORDER_SORT && orders[1] != KP_ORDER_SORT)
			at = 1;
		if (made[at] < 0)
			continue;
		proposal *pr = &props[made[at]];
		kp_access now = nows[at];
		unserved_finding *f = kp_arena_alloc(adv->a, sizeof(*f));
		/* in the words of the plan's class ("FILTERED SCAN", "full scan"),
		 * not its JSON name */
		f->was = p->rejected ? "rejected full scan" : sorted ? kp_arena_printf(adv->a, "%s, then sorted",
		                                                                        kpa_class_words(p->access, false))
		                                       : kpa_class_words(p->access, false);
		f->then = now == KP_ACCESS_GET ? "GET" : now == KP_ACCESS_SCAN ? "SCAN" :
		          now == KP_ACCESS_FILTERED ? "FILTERED SCAN" : "full scan";
		/* the key past the multi-valued column: filtered still, but one
		 * range in the read's order (a class alone would read "FILTERED
		 * SCAN makes it a FILTERED SCAN") */
		if (at == 1 && now == KP_ACCESS_FILTERED)
			f->then = "FILTERED SCAN of one range in the ORDER BY's order, with no sort";
		f->key = keys[at];
		f->count = q->count;
		f->weight = q->weight;
		f->g = kp_diag_add(adv->d, adv->a, KP_R_UNSERVED, KP_SEV_WARNING, q->src, q->off, q->len,
		                   "the key of %s cannot serve this query (%s); a table or index keyed %s makes it a %s",
		                   t->name, f->was, f->key, f->then);
		kp_diag_help(f->g, adv->a, "index_table or secondary_index on %s keyed %s (see the advice below)",
		             t->name, f->key);
		kp_list_push(adv->a, &pr->found, f);
		if (nmemo == memocap) {
			memocap = memocap ? memocap * 2 : 64;
			memo = realloc(memo, sizeof(*memo) * memocap);
			if (!memo)
				abort();
		}
		memo[nmemo] = (shape_memo){made[at], ords[at], now, f, made[1 - at], ords[1 - at], nows[1 - at]};
		kpa_map_put(&byshape, sk, nmemo++);
	}
	free(memo);
	kpa_map_free(&byshape);
	kp_arena hyp;
	kp_arena_init(&hyp);
	/* ranked by the weight they were proposed for (ties keep the
	 * workload's order) */
	if (nprops > 1) {
		prop_rank *rk = malloc(sizeof(*rk) * (size_t)nprops);
		proposal *sorted = malloc(sizeof(*sorted) * (size_t)nprops);
		if (!rk || !sorted)
			abort();
		for (int i = 0; i < nprops; i++) {
			rk[i].i = i;
			rk[i].w = props[i].weight;
		}
		qsort(rk, (size_t)nprops, sizeof(*rk), prop_rank_cmp);
		for (int i = 0; i < nprops; i++)
			sorted[i] = props[rk[i].i];
		free(props);
		free(rk);
		props = sorted;
	}
	for (int i = 0; i < nprops; i++) {
		proposal *pr = &props[i];
		const kp_table *t = pr->t;
		/* ASC and DESC twins are one index: it reads the other direction
		 * backwards; the heavier direction is stored */
		for (int j = 0; j < pr->user.n; j++)
			pr->user.desc[j] = j == pr->user.n - 1 && pr->desc_w > pr->asc_w && ti->desc_key;
		kp_buf name = {0};
		kp_buf_printf(&name, "%s_by", t->name);
		proposal_suffix(&name, t, pr, props, i);
		kp_advice *x = kpa_index_table_advice(adv, KP_R_UNSERVED, t, &pr->user, name.data, &pr->qs, "",
		                                      scratch);
		const char *table_none = x ? NULL : adv->index_table_none;   /* why none, in words */
		if (x) {
			/* the table's workload with the queries it serves read from it
			 * (unserved now, or served only sorted: those count once) */
			verdict v;
			memset(&v, 0, sizeof v);
			const kpa_rows *rs = kpa_rows_of(adv, t);
			for (uint32_t k = 0; k < rs->n; k++) {
				v.total += rs->row[k].weight;
				v.before += kpa_served((kp_access)rs->row[k].access) ? rs->row[k].weight : 0;
			}
			double already = 0;
			for (uint32_t k = 0; k < pr->qs.n; k++) {
				const kp_wquery *q = pr->qs.items[k];
				already += kpa_served(q->plan.access) ? q->weight : 0;
			}
			v.after = v.before + x->serves - (already < x->serves ? already : x->serves);
			v.fanout = x->fanout;
			kpa_verdict_apply(adv, x, &v, KP_BUCKETS);
		}
		const kp_column *lead = &t->cols[pr->user.cols[0]];
		/* the index row's key walked (landing.c), as the table's key is: a
		 * monotonic lead, a monotonic column after a few-valued lead (each
		 * value's writes at the end of its range) or few values to the end
		 * is a hotspot; a few-valued lead followed by a column of many
		 * values in no order is not (the walk ends there: E68's 25 projects
		 * then 20,000 names); a lead whose values share a fixed prefix is
		 * (KP103, as check_index_hotspots names it) */
		const char *hot_why = kpa_index_hot(adv, t, pr->user.cols, pr->user.n);
		/* Phoenix salts an index of its own (SALT_BUCKETS on CREATE
		 * INDEX): a hot lead is spread by the salt byte. A table already
		 * salted salts its indexes alike */
		int salt = hot_why && ti->max_salt_buckets && !t->salt_buckets ? KP_BUCKETS : 0;
		if (hot_why && !salt && !t->salt_buckets) {
			/* a secondary index led by a hotspot column is a hotspot itself */
			reword_unserved(adv, pr, x, NULL,
			                kp_arena_printf(adv->a, "a secondary index led by %s would be a write hotspot",
			                                lead->name),
			                table_none);
			kp_buf_free(&name);
			continue;
		}
		/* a store that caps a secondary index's own columns and its whole
		 * key, the table's key columns it appends included (Tablestore: up
		 * to 4 index columns, up to 8 primary key columns in all): a key
		 * past either is DDL the store refuses, not a candidate */
		int whole = pr->user.n;
		for (int k = 0; k < t->pk.n; k++) {
			bool in = t->pk.parts[k].col < 0;
			for (int j = 0; j < pr->user.n && !in; j++)
				in = pr->user.cols[j] == t->pk.parts[k].col;
			whole += !in;
		}
		if ((ti->max_index_cols && pr->user.n > ti->max_index_cols) ||
		    (ti->max_index_key_parts && whole > ti->max_index_key_parts)) {
			reword_unserved(adv, pr, x, NULL,
			                kp_arena_printf(adv->a, "a secondary index keyed %s has %d index columns and %d "
			                                "key columns in all, where %s allows at most %d index columns "
			                                "and %d key columns",
			                                pr->key, pr->user.n, whole, ti->name, ti->max_index_cols,
			                                ti->max_index_key_parts),
			                table_none);
			kp_buf_free(&name);
			continue;
		}
		/* the same key as a secondary index, judged on the table's whole
		 * workload. An ordered last column that can be NULL is proposed in
		 * both directions: where a store keeps NULL in a DESC column is its
		 * own rule (Phoenix stores it first either way, docs/plan-json.md
		 * "NULL order"), so the stored direction may leave ORDER BY ... DESC
		 * sorted where the other, read backwards, returns it as written; the
		 * judge plans both and picks one, and each says where NULLs go */
		int last = pr->user.n - 1;
		const kp_column *oc = &t->cols[pr->user.cols[last]];
		bool twin = ti->desc_key && (pr->desc_w > 0 || pr->asc_w > 0) &&
		            (oc->nullable || (oc->key_pos < 0 && !oc->not_null));
		/* ORDER BY ... DESC of a nullable column Phoenix keeps NULL first
		 * in, NULLs left by default: the ascending index, read backwards,
		 * returns them last with no sort; it is the index first named (the
		 * finding names it), its DESC twin the other */
		if (twin && t->desc_nulls_first && pr->user.desc[last] && nulls_by_default(t, pr, oc))
			pr->user.desc[last] = false;
		kp_advice *y = secondary_advice(adv, t, pr, props, i, &hyp, scratch, salt, hot_why, "");
		y->message = kp_arena_printf(adv->a, "%s%s", y->message, nulls_note(adv, t, pr, oc));
		if (twin) {
			pr->user.desc[last] = !pr->user.desc[last];
			kp_advice *z = secondary_advice(adv, t, pr, props, i, &hyp, scratch, salt, hot_why, "");
			z->message = kp_arena_printf(adv->a, "%s%s", z->message, nulls_note(adv, t, pr, oc));
			pr->user.desc[last] = !pr->user.desc[last];
		}
		/* the same key holding every column of the reads it serves, its
		 * own and those proposed for other keys (E70: the count's
		 * (VENUE_ID, CREATED_AT) also serves the venue page, which needs
		 * SHOUT and IS_PRIVATE): the store keeps it (Phoenix INCLUDE,
		 * Lindorm's included columns, Tablestore's defined columns), where
		 * otherwise only the index table, a copy of every column the
		 * application writes, served them all; the judge weighs both */
		proposal wide;
		if (covered_twin(adv, t, pr, props, nprops, scratch, &wide))
			secondary_advice(adv, t, &wide, props, i, &hyp, scratch, salt, hot_why, "_covered");
		reword_unserved(adv, pr, x, y, NULL, table_none);
		kp_buf_free(&name);
	}
	for (int i = 0; i < nprops; i++)
		count_alike(adv, &props[i]);
	free(props);
	kp_arena_free(&hyp);
	kpa_map_free(&byprop);
	kpa_map_free(&classes);
	kp_buf_free(&m);
}
