/* The indexes a table has, as candidates of their own (docs/advice.md,
 * "Existing indexes"): one widened to hold the columns a read needs, where
 * it already leads with a column the read binds or orders by (the same
 * key: no index write added, where a second index would add one); one
 * rebuilt hot-free, where its own key is a write hotspot (landing.c's walk
 * of the index row's key: an index row is written where its key says);
 * and one dropped, where the table is written (every write keeps it). The
 * judge weighs each as it weighs a new index, the reads that go through
 * the index planned again on what is left. */
#include "advisor/advisorInt.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* keyplan's bucket column of a rebuilt index: named after the index, so
 * that two indexes rebuilt, or a key change that adds its own bucket, add
 * columns of their own, and so that landing.c reads it back as the spread
 * it is (kpa_is_index_bucket_name) */
const char *kpa_index_bucket_name(kp_advisor *adv, const kp_table *t, const kp_index *ix)
{
	const char *bucket = kp_arena_printf(adv->a, "%s_bucket", ix->name);
	for (int k = 2; kp_table_column(t, bucket, (uint32_t)strlen(bucket)) >= 0; k++)
		bucket = kp_arena_printf(adv->a, "%s_bucket%d", ix->name, k);
	return bucket;
}

bool kpa_is_index_bucket_name(const char *col, const char *ix)
{
	size_t n = strlen(ix);
	if (strncasecmp(col, ix, n) || strncasecmp(col + n, "_bucket", 7))
		return false;
	const char *p = col + n + 7;
	while (isdigit((unsigned char)*p))
		p++;
	return !*p;
}

/* An index of t the advice may widen or drop: a KV index over columns (no
 * expression, no partial WHERE, not a view's copy), in use. */
static bool judged_index(const kp_index *ix)
{
	return ix->kv && !ix->search && !ix->columnar && !ix->local && !ix->has_expr && !ix->where && !ix->inherited &&
	       !ix->all_columns && ix->state != KP_IX_DISABLED && ix->key.n > 0 && ix->nuser > 0;
}

/* The DDL that makes ix again as wide (the stores add no column to an
 * index in place: Phoenix, Lindorm drop and create it), or NULL where the
 * store takes no SQL for it (Tablestore's DeleteIndex and CreateIndex). */
static const char *remake_ddl(kp_advisor *adv, const kp_table *t, const kp_index *ix, const bool *covers,
                              const char *lead, bool add, int salt)
{
	const target_info *ti = kpa_target(adv->target);
	if (!ti->sql_index)
		return NULL;
	kp_buf b = {0};
	/* a bucket column added to the table, filled by the writer */
	if (lead && add)
		kp_buf_printf(&b, "ALTER TABLE %s ADD COLUMN %s INT; ", t->name, lead);
	kp_buf_printf(&b, "DROP INDEX %s ON %s; CREATE INDEX %s ON %s (", ix->name, t->name, ix->name, t->name);
	if (lead)
		kp_buf_printf(&b, "%s, ", lead);
	for (int j = ix->tenant_lead; j < ix->nuser; j++)   /* Phoenix puts the tenant first itself */
		kp_buf_printf(&b, "%s%s%s", j > ix->tenant_lead ? ", " : "", t->cols[ix->key.parts[j].col].name,
		              ix->key.parts[j].desc && ti->desc_key ? " DESC" : "");
	kp_buf_putc(&b, ')');
	int n = 0;
	for (int c = 0; c < t->ncols; c++) {
		bool inkey = false;
		for (int j = 0; j < ix->key.n; j++)
			inkey |= ix->key.parts[j].col == c;
		if (covers[c] && !inkey)
			kp_buf_printf(&b, "%s%s", n++ ? ", " : " INCLUDE (", t->cols[c].name);
	}
	if (n)
		kp_buf_putc(&b, ')');
	if (salt)
		kp_buf_printf(&b, " SALT_BUCKETS = %d", salt);
	const char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* The index's key in key notation, after lead's part when given ("[salt]",
 * "[bucket]"). */
static const char *key_words(kp_advisor *adv, const kp_table *t, const kp_index *ix, const char *lead)
{
	kp_buf b = {0};
	if (lead)
		kp_buf_printf(&b, "[%s]", lead);
	for (int j = 0; j < ix->key.n; j++)
		if (!lead || ix->key.parts[j].col < 0 || strcmp(t->cols[ix->key.parts[j].col].name, lead)) {
			/* a hash part of the table's key the store appends: hash32(c) */
			kp_buf_putc(&b, '[');
			kp_key_part_name(&b, t, &ix->key.parts[j]);
			kp_buf_puts(&b, ix->key.parts[j].desc ? " DESC]" : "]");
		}
	const char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

static void widen(kp_advisor *adv, const kp_table *t, const kp_index *ix, const bool *covers, double weight,
                  kp_arena *scratch)
{
	const target_info *ti = kpa_target(adv->target);
	int n = ix->nuser < ix->key.n ? ix->nuser : ix->key.n;
	int *cols = kp_arena_alloc(scratch, sizeof(int) * (size_t)(n + 1));
	bool *desc = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(n + 1));
	for (int j = 0; j < n; j++) {
		cols[j] = ix->key.parts[j].col;
		desc[j] = ix->key.parts[j].desc;
	}
	kp_index *w = kpa_hypo_index(adv->a, t, ix->name, cols, desc, n, covers);
	w->salt_buckets = ix->salt_buckets;
	w->unique = ix->unique;
	kp_buf held = {0};
	int nheld = 0;
	for (int c = 0; c < t->ncols; c++)
		if (covers[c] && !ix->covers[c])
			kp_buf_printf(&held, "%s%s", nheld++ ? ", " : "", t->cols[c].name);
	const char *msg = kp_arena_printf(
		adv->a,
		"widen_index: %s on %s already leads with a column the reads it does not cover bind or order by "
		"(weight %.15g); the same index holding %s as well serves them with no index added: no write "
		"writes another row (an update of %s now rewrites its row too); %s",
		ix->name, t->name, weight, held.data, held.data,
		ti->sql_index ? "the store adds no column to an index in place: drop it and create it again"
		              : "an index's columns cannot change: delete it (DeleteIndex) and create it again "
		                "(CreateIndex) with these defined columns");
	kp_advice *x = kpa_advise(adv, KP_R_UNSERVED, "widen_index", t, msg, key_words(adv, t, w, NULL),
	                          remake_ddl(adv, t, ix, covers, NULL, false, ix->salt_buckets));
	x->index = w;
	x->replaces = ix;
	x->serves = -1;
	x->of = -1;
	x->before = -1;
	for (int j = 0; j < n; j++)
		kpa_advice_col(adv, x, t->cols[cols[j]].name);
	kp_buf_free(&held);
}

/* Does q read through ix (the index itself, or its copy on a view)? */
static bool through_plan(const kp_plan *p, const kp_index *ix)
{
	return p->index == ix || (p->index && p->index->name && ix->name && !strcmp(p->index->name, ix->name));
}

static bool through(const kp_wquery *q, const kp_index *ix)
{
	return q->plan.index == ix ||
	       (q->plan.index && q->plan.index->name && ix->name && !strcmp(q->plan.index->name, ix->name));
}

/* What a read through an index is when it reads the whole index (no
 * bound on its lead): a full scan of it, which the store refuses, or which
 * fails past the store's scan limit on a table of more rows stated (E95's
 * guest profile through review_by_date); "" for a read of a range of it. */
static const char *full_words(kp_advisor *adv, const kp_table *t, const kp_wquery *q)
{
	if (q->plan.access != KP_ACCESS_FULL)
		return "";
	const target_info *ti = kpa_target(adv->target);
	double rows = kpa_notes_of(adv, t)->rows;
	if (q->plan.rejected)
		return ", a full scan of the index, which the store refuses";
	if (ti->scan_rows_limit > 0 && rows > ti->scan_rows_limit)
		return kp_arena_printf(adv->a, ", a full scan of the index's %.15g rows (-- rows:), which fails past the "
		                       "store's scan limit of %.15g rows", rows, ti->scan_rows_limit);
	return ", a full scan of the index";
}

/* The reads of the workload that go through ix, as "file:line (weight W)"
 * (the first five, and how many more), or NULL when none does. */
static const char *reads_through(kp_advisor *adv, const kp_table *t, const kp_index *ix, int *count)
{
	kp_buf b = {0};
	int n = 0;
	for (uint32_t qi = 0; qi < adv->queries.n; qi++) {
		const kp_wquery *q = adv->queries.items[qi];
		if (q->base != t || !q->plan.table || kpa_is_write(q->stmt) || !through(q, ix))
			continue;
		if (n++ >= 5)
			continue;
		uint32_t line = 0, col = 0;
		if (q->src)
			kp_source_linecol(q->src, q->off, &line, &col);
		kp_buf_printf(&b, "%s%s:%u (weight %.15g%s)", n > 1 ? ", " : "", q->src && q->src->path ? q->src->path : "?",
		              line, q->weight, full_words(adv, t, q));
	}
	if (n > 5)
		kp_buf_printf(&b, " and %d more", n - 5);
	*count = n;
	const char *r = n ? kpa_bufdup(adv->a, &b) : NULL;
	kp_buf_free(&b);
	return r;
}

/* A workload of fewer statements on a table than this is a sample: a drop
 * said on its evidence says that code outside it may read the index
 * (docs/advice.md, "Existing indexes"). */
#define KP_SAMPLE_STATEMENTS 100

/* What a drop rests on: the statements of the workload on t (n), and,
 * when they are few, that code outside them may read through the index. */
static const char *evidence_words(kp_advisor *adv, const kp_table *t, double n)
{
	if (n >= KP_SAMPLE_STATEMENTS)
		return kp_arena_printf(adv->a, " (the workload's %.15g statements on %s)", n, t->name);
	return kp_arena_printf(adv->a, " (the workload's %.15g statement%s on %s, a sample: code outside it, a report, an "
	                       "admin page, a batch job, may read through the index; check the application's code and "
	                       "the store's query log before dropping it)", n, n == 1 ? "" : "s", t->name);
}

/* ix dropped. Read by no statement: the writes it costs saved. Read
 * (reads: those statements): the same, the reads planned again on the
 * table's key and its other indexes, which the judge takes only where
 * none becomes worse; hot: the words of its key's write hotspot. */
static void drop(kp_advisor *adv, const kp_table *t, const kp_index *ix, const char *reads, int nreads,
                 double weight, const char *hot, double nstmts)
{
	const target_info *ti = kpa_target(adv->target);
	const char *msg;
	if (!reads)
		msg = kp_arena_printf(
			adv->a,
			"drop_index: no statement of the workload reads through %s on %s, and every write keeps it (an "
			"insert writes its row, an update of a column it holds rewrites it): dropping it saves those "
			"writes; a read that goes through it outside this workload then reads the table%s",
			ix->name, t->name, evidence_words(adv, t, nstmts));
	else
		msg = kp_arena_printf(
			adv->a,
			"drop_index: %s on %s is read through by %s%s, and every write keeps it (an "
			"insert writes its row, an update of a column it holds rewrites it%s)%s: dropping it saves those "
			"writes; its reads are planned again on the key of %s and its other indexes, and the drop is "
			"taken only where none of them becomes worse (its class, its ORDER BY served; a SCAN made a "
			"FILTERED SCAN of one small key range, at most %.15g rows, counts as no worse only where the "
			"writes that write its row outweigh its reads); a read that goes through it outside this workload "
			"then reads another path%s",
			ix->name, t->name, reads, nreads > 1 ? kp_arena_printf(adv->a, " (weight %.15g in all)", weight) : "",
			ix->nuser ? ", one of its key columns moves it" : "",
			hot ? kp_arena_printf(adv->a, "; a write hotspot itself: %s", hot) : "", t->name,
			(double)KP_SMALL_RANGE_ROWS, evidence_words(adv, t, nstmts));
	const char *ddl = ti->sql_index ? kp_arena_printf(adv->a, "DROP INDEX %s ON %s", ix->name, t->name) : NULL;
	/* a store that takes no SQL for an index names its operation, as a
	 * rebuild's words do (E90's drop said no statement at all) */
	if (!ddl)
		msg = kp_arena_printf(adv->a, "%s; deleted with the DeleteIndex operation (the store takes no SQL "
		                      "for it)", msg);
	kp_advice *x = kpa_advise(adv, KP_R_UNSERVED, "drop_index", t, msg, key_words(adv, t, ix, NULL), ddl);
	x->replaces = ix;
	x->read_drop = reads && !hot;
	x->serves = -1;
	x->of = -1;
	x->before = -1;
	for (int j = 0; j < ix->nuser; j++)
		if (ix->key.parts[j].col >= 0)
			kpa_advice_col(adv, x, t->cols[ix->key.parts[j].col].name);
}

/* Where ix's rows land, in words, when its key (the table's key appended,
 * as every index row ends with it) is a write hotspot; else NULL. A salted
 * index, or any index of a salted table (Phoenix salts a salted table's
 * indexes alike), is none. */
static const char *index_hot(kp_advisor *adv, const kp_table *t, const kp_index *ix, kp_rule *rule)
{
	if (ix->salt_buckets || t->salt_buckets || kp_table_option_get(t, "salt_buckets"))
		return NULL;
	kpa_conc c;
	kpa_cols_conc(adv, t, ix->key.parts, ix->key.n, NULL, &c);
	/* the rule that names such a key: a monotonic part (KP101), else few
	 * values to the end (KP102) */
	*rule = c.col >= 0 ? KP_R_HOT_MONOTONIC : KP_R_HOT_ENUM;
	return kpa_conc_hot(&c) ? kpa_conc_words(adv, t, ix->key.parts, &c) : NULL;
}

/* What an added bucket of ix hashes so that a read computes it: the
 * first k of ix's n columns, where the heaviest read through ix binds each
 * by = or IN (every range of its plan) and their hash spreads the writes:
 * no few-valued column set whose busiest value holds 1/KP_FEW_VALUES of
 * the rows or more (landing.c's classes; a monotonic column hashed spreads
 * its inserts over the buckets, which is what the bucket is for). The
 * fewest such columns (more reads bind them); 0: none, the bucket then
 * hashes the table's key. */
static int bucket_source(kp_advisor *adv, const kp_table *t, const kp_index *ix, int n, kp_arena *scratch)
{
	const kp_wquery *best = NULL;
	for (uint32_t qi = 0; qi < adv->queries.n; qi++) {
		const kp_wquery *q = adv->queries.items[qi];
		if (q->base != t || !q->plan.table || kpa_is_write(q->stmt) || !through(q, ix) || q->plan.nranges < 1)
			continue;
		if (!best || q->weight > best->weight)
			best = q;
	}
	if (!best)
		return 0;
	kp_plan p;
	kpa_plan_on(&p, t, best, scratch);
	if (!through_plan(&p, ix) || p.nranges < 1)
		return 0;
	int neq = n;
	for (int r = 0; r < p.nranges; r++)
		if (p.ranges[r].neq < neq)
			neq = p.ranges[r].neq;
	double top = 1;
	for (int j = 0; j < neq; j++) {
		int c = ix->key.parts[j].col;
		if (c < 0)
			return 0;
		kpa_colconc cc;
		kpa_col_conc(adv, t, c, &cc);
		top *= cc.kind == KPA_CONC_FEW ? cc.top : 0;
		if (top < 1.0 / KP_FEW_VALUES)
			return j + 1;
	}
	return 0;
}

/* ix, whose key is a write hotspot (hot: where its rows land), made again
 * in its place with its writes spread: salted where the store salts an
 * index of its own (Phoenix's SALT_BUCKETS on CREATE INDEX), else led by
 * a bucket column of the table the writer fills from a hash of the
 * table's key (which every write names and which varies within the hot
 * values), a read through it one read a bucket. Its columns, DESC and
 * INCLUDE as they are. reads: the statements that read through it. */
static void rebuild(kp_advisor *adv, const kp_table *t, const kp_index *ix, const char *hot, kp_rule rule,
                    const char *reads, kp_arena *scratch)
{
	const target_info *ti = kpa_target(adv->target);
	int n = ix->nuser < ix->key.n ? ix->nuser : ix->key.n;
	int cols[KP_REORDER_MAX + 1];
	bool desc[KP_REORDER_MAX + 1];
	if (n > KP_REORDER_MAX)
		return;
	for (int j = 0; j < n; j++) {
		cols[j] = ix->key.parts[j].col;
		desc[j] = ix->key.parts[j].desc;
	}
	kp_index *w = kpa_hypo_index(adv->a, t, ix->name, cols, desc, n, ix->covers);
	w->unique = ix->unique;
	w->tenant_lead = ix->tenant_lead;
	bool salt = ti->max_salt_buckets >= KP_BUCKETS;
	/* a bucket column is one more index column: within the store's
	 * limits of an index (Tablestore's 4 index columns, 8 with the
	 * table's key appended), or no rebuild (the drop is still weighed) */
	if (!salt && ((ti->max_index_cols && n + 1 > ti->max_index_cols) ||
	              (ti->max_index_key_parts && ix->key.n + 1 > ti->max_index_key_parts)))
		return;
	/* the bucket's column: a key column of the table the writer already
	 * fills from a hash (a bucketed key: every write names it, and it
	 * spreads within any value of the index's columns), else one added,
	 * named after the index (two indexes rebuilt, or a key change that
	 * adds its own bucket, add columns of their own) */
	const char *bucket = NULL;
	int nb = KP_BUCKETS;
	const kpa_notes *nt = kpa_notes_of(adv, t);
	for (int j = 0; j < t->pk.n && !bucket && !salt; j++) {
		int c = t->pk.parts[j].col;
		kpa_colconc cc;
		kpa_col_conc(adv, t, c, &cc);
		if (c >= 0 && cc.kind == KPA_CONC_SPREAD && nt->dist[c] != KPA_DIST_UNIFORM) {
			bucket = t->cols[c].name;
			if (nt->distinct[c] >= 2 && nt->distinct[c] <= 1024)
				nb = (int)nt->distinct[c];
		}
	}
	bool add = !bucket;
	if (add)
		bucket = kpa_index_bucket_name(adv, t, ix);
	/* an added bucket hashes what the heaviest read through the index
	 * binds by = (or IN), where that spreads the writes: then that read
	 * computes its bucket, one read as today, not one a bucket (E121) */
	int by = add ? bucket_source(adv, t, ix, n, scratch) : 0;
	kp_buf pk = {0};
	if (by)
		for (int j = 0; j < by; j++)
			kp_buf_printf(&pk, "%s%s", j ? ", " : "", t->cols[cols[j]].name);
	else
		for (int j = 0; j < t->pk.n; j++)
			if (t->pk.parts[j].col >= 0 && t->cols[t->pk.parts[j].col].name != bucket)
				kp_buf_printf(&pk, "%s%s", pk.len ? ", " : "", t->cols[t->pk.parts[j].col].name);
	const char *fill = by ? kp_arena_printf(adv->a, "%s = hash(%s) %% %d, a column of %s the writer fills on every "
	                                        "insert from the %s it writes (the rows there filled once before the "
	                                        "index is made again)", bucket, pk.data, nb, t->name, pk.data)
	                 : add ? kp_arena_printf(adv->a, "%s = hash(%s) %% %d, a column of %s the writer fills on every "
	                                         "insert from the key each write names (the rows there filled once "
	                                         "before the index is made again)", bucket, pk.data, nb, t->name)
	                       : kp_arena_printf(adv->a, "%s, the key column of %s the writer already fills from a hash",
	                                         bucket, t->name);
	const char *msg;
	const char *tail = ti->sql_index ? "the store changes no index's key in place: drop it and create it again"
	                                 : "an index's key cannot change: delete it (DeleteIndex) and create it again "
	                                   "(CreateIndex)";
	if (salt) {
		w->salt_buckets = KP_BUCKETS;
		msg = kp_arena_printf(
			adv->a,
			"rebuild_index: %s on %s is a write hotspot: %s; made again with SALT_BUCKETS = %d, its key as it "
			"is: Phoenix salts an index of its own, a salt byte hashed from the index row's key leading each "
			"row, so its writes spread over %d buckets, and a read through it is one scan per bucket, merged "
			"by Phoenix in the index's key order%s%s; %s",
			ix->name, t->name, hot, KP_BUCKETS, KP_BUCKETS, reads ? " (its reads: " : "",
			reads ? kp_arena_printf(adv->a, "%s)", reads) : "", tail);
	} else if (by) {
		msg = kp_arena_printf(
			adv->a,
			"rebuild_index: %s on %s is a write hotspot: %s; made again led by %s, so its writes spread over "
			"%d buckets; a read that binds %s computes its bucket, one read as today, any other read through "
			"it is %d reads, one a bucket (%s = 0 to %d), merged%s%s%s; %s",
			ix->name, t->name, hot, fill, nb, pk.data, nb, bucket, nb - 1,
			ti->order_in_key_order ? ", each in key order" : "",
			reads ? kp_arena_printf(adv->a, "; reads to rewrite (each adds %s = hash(%s) %% %d, or %s = 0 to %d "
			                        "where it binds no %s): ", bucket, pk.data, nb, bucket, nb - 1, pk.data)
			      : "",
			reads ? reads : "", tail);
	} else {
		msg = kp_arena_printf(
			adv->a,
			"rebuild_index: %s on %s is a write hotspot: %s; made again led by %s, so its writes spread over "
			"%d buckets; a read through it is %d reads, one a bucket (%s = 0 to %d), merged%s%s%s; %s",
			ix->name, t->name, hot, fill, nb, nb, bucket, nb - 1, ti->order_in_key_order ? ", each in key order" : "",
			reads ? kp_arena_printf(adv->a, "; reads to rewrite (each adds %s = 0 to %d, one read a bucket): ",
			                        bucket, nb - 1) : "",
			reads ? reads : "", tail);
	}
	kp_advice *x = kpa_advise(adv, rule, "rebuild_index", t, msg,
	                          key_words(adv, t, w, salt ? "salt" : bucket),
	                          remake_ddl(adv, t, ix, ix->covers, salt ? NULL : bucket, add, salt ? KP_BUCKETS : 0));
	x->index = w;
	x->replaces = ix;
	x->buckets = salt ? 0 : nb;
	x->bucket_by = by;
	x->serves = -1;
	x->of = -1;
	x->before = -1;
	for (int j = 0; j < n; j++)
		kpa_advice_col(adv, x, t->cols[cols[j]].name);
	kp_buf_free(&pk);
}

void kpa_suggest_index_keep(kp_advisor *adv, kp_arena *scratch)
{
	for (int ti = 0; ti < adv->cat->ntables; ti++) {
		const kp_table *t = adv->cat->tables[ti];
		if (t->dropped || !t->nindexes)
			continue;
		bool writes = false;
		double nstmts = 0;
		for (uint32_t qi = 0; qi < adv->queries.n; qi++) {
			const kp_wquery *q = adv->queries.items[qi];
			const kp_table *on = q->base;
			/* an insert is planned on no table: the one it names */
			if (!on && (q->stmt->kind == KP_S_INSERT || q->stmt->kind == KP_S_UPSERT ||
			            q->stmt->kind == KP_S_REPLACE))
				on = kp_catalog_find(adv->cat, q->stmt->u.insert.table.s, q->stmt->u.insert.table.len);
			writes |= on == t && kpa_is_write(q->stmt);
			if (on == t)
				nstmts += q->count;
		}
		for (int i = 0; i < t->nindexes; i++) {
			const kp_index *ix = t->indexes[i];
			if (!judged_index(ix))
				continue;
			/* the index's lead past the columns it shares with the table's
			 * key, in place (a MULTI_TENANT index's tenant, E105): a read
			 * that binds only those reads the table's own range as well,
			 * filtered, and widened the index serves it no better */
			int shared = 0;
			while (shared < ix->key.n - 1 && shared < t->pk.n && ix->key.parts[shared].col >= 0 &&
			       ix->key.parts[shared].col == t->pk.parts[shared].col)
				shared++;
			int lead = ix->key.parts[shared].col;
			bool read = false;
			double weight = 0, read_weight = 0;
			bool *covers = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(t->ncols + 1));
			memcpy(covers, ix->covers, sizeof(bool) * (size_t)t->ncols);
			bool wider = false;
			for (uint32_t qi = 0; qi < adv->queries.n; qi++) {
				const kp_wquery *q = adv->queries.items[qi];
				if (q->base != t || !q->plan.table || kpa_is_write(q->stmt))
					continue;
				if (through(q, ix)) {
					read = true;
					read_weight += q->weight;
				}
				/* a read the key does not serve (or only with a sort) that
				 * binds or orders by the index's lead, which the index does
				 * not cover */
				bool served = kpa_served(q->plan.access) && q->plan.order != KP_ORDER_SORT;
				if (served || q->plan.access == KP_ACCESS_NONE || lead < 0 ||
				    !kpa_uses_col(kpa_query_uses(q, t), lead) || q->plan.table != t || !q->plan.names)
					continue;
				/* a read sorted through this index stays sorted through it
				 * widened (its key is the same): where the store returns
				 * rows only in key order that sort is refused (KP110), so
				 * the widened index serves it no more than today (E98 in
				 * tests/advisor/designs16.md: the address pages ordered by
				 * block_number through an index on the address alone) */
				if (kpa_target(adv->target)->order_in_key_order && q->plan.order == KP_ORDER_SORT &&
				    through(q, ix))
					continue;
				bool *used = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(t->ncols + 1));
				kpa_read_cols(q->plan.names, q->stmt, used, t->ncols);
				bool more = false;
				for (int c = 0; c < t->ncols; c++)
					if (used[c] && !covers[c]) {
						covers[c] = true;
						more = true;
					}
				bool missing = more;
				for (int c = 0; c < t->ncols && !missing; c++)
					missing = used[c] && !ix->covers[c];
				if (missing) {
					wider = true;
					weight += q->weight;
				}
			}
			if (wider)
				widen(adv, t, ix, covers, weight, scratch);
			/* an index whose own key is a write hotspot, on a table the
			 * workload writes: made again spread */
			kp_rule rule = KP_R_HOT_MONOTONIC;
			const char *hot = writes ? index_hot(adv, t, ix, &rule) : NULL;
			int nreads = 0;
			const char *reads = read ? reads_through(adv, t, ix, &nreads) : NULL;
			/* a UNIQUE one keeps its key: a bucket from the table's key
			 * would make (bucket, columns) unique, not the columns */
			if (hot && !ix->unique)
				rebuild(adv, t, ix, hot, rule, reads, scratch);
			/* a UNIQUE index is a constraint before it is a path: no
			 * workload read makes it worthless */
			if (writes && !ix->unique)
				drop(adv, t, ix, reads, nreads, read_weight, hot, nstmts);
			kp_arena_reset(scratch);
		}
	}
}
