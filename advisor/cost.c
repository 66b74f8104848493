/* The cost model (docs/advice.md): the rows one statement reads, from its
 * plan's class and key ranges, and the rows a write writes. Assumptions are
 * the constants of advisorInt.h, stated in the docs; what keyplan cannot
 * guess (a table's rows) comes from annotations, else a default. */
#include "advisor/advisorInt.h"

#include <math.h>

/* The literal value of a LIMIT or OFFSET, or -1 (none, or a parameter). */
static double bound_value(const kp_expr *e)
{
	return e && e->kind == KP_X_INT && !e->overflow && e->ival >= 0 ? (double)e->ival : -1;
}

/* A default selectivity at a point of the bracket (scale 1: the default;
 * docs/advice.md, "Defaults that decide"): never more than every row. */
static double sel_at(double sel, double scale)
{
	double v = sel * scale;
	return v > 1 ? 1 : v;
}

/* The share of the rows one value of column c keeps, st (its stated or
 * typed count's 1 / values), at a point of the bracket, where a key range
 * binds c to v: a count of few values (at most KP_FEW_VALUES: a status, a
 * type) says how many values there are, not how the rows spread over
 * them. Where no -- distribution: states the spread and v is the value
 * most of the writes setting c set (common_value.c: Moodle's enrolments
 * are created active, status 0, and few are suspended: E88 in
 * tests/advisor/designs14.md), the bracket's upper end takes v to hold
 * KP_BRACKET times its average share, at most every row of the range
 * before it: a key that only adds c then saves nothing a designer can
 * count on (docs/advice.md, "The common value of a few-valued column"). */
static double few_share_at(const kpa_counts *k, int c, const kp_value *v, double st, double scale)
{
	if (st <= 0 || scale <= 1 || !v || !k || !k->common || c < 0 || c >= k->ncols || !k->common[c])
		return st;
	bool ok = true;
	if (kp_value_cmp(v, k->common[c], &ok) != 0 || !ok)
		return st;
	return st * scale < 1 ? st * scale : 1;
}

double kpa_rows_matched(const kp_names *nm, const kp_stmt *s, double n, const kpa_counts *k)
{
	return kpa_rows_matched_at(nm, s, n, k, 1);
}

double kpa_rows_matched_at(const kp_names *nm, const kp_stmt *s, double n, const kpa_counts *k, double scale)
{
	const double *distinct = k ? k->distinct : NULL;
	colset eq = {0}, range = {0};
	const kp_expr *w = kpa_where_of(s);
	if (!w)
		return n;
	if (nm)
		kpa_sargable(nm, w, &eq, &range);
	double rows = n;
	for (int i = 0; i < eq.n; i++)
		rows *= distinct && distinct[eq.cols[i]] >= 1 ? 1 / distinct[eq.cols[i]] : sel_at(KP_SEL_EQ, scale);
	for (int i = 0; i < range.n; i++) {
		double kept = kpa_range_kept(k, range.cols[i]);   /* -- range: */
		rows *= kept > 0 ? kept : sel_at(KP_SEL_RANGE, scale);
	}
	if (!eq.n && !range.n)
		rows *= KP_SEL_FILTER;   /* a condition of another kind (LIKE, a function) */
	return rows < 1 ? 1 : rows;
}

/* The tenant column of p's table when p's first key range binds it by =
 * (a read on a tenant's connection of a Phoenix MULTI_TENANT table, or one
 * that names the tenant), else -1. */
static int tenant_bound(const kp_plan *p)
{
	if (!p->table || !p->key || !p->nranges)
		return -1;
	int tc = kp_table_tenant_col(p->table);
	if (tc < 0)
		return -1;
	const kp_range *r = &p->ranges[0];
	for (int k = 0; k < r->neq + r->nthen && k < p->key->n; k++)
		if (p->key->parts[k].col == tc)
			return tc;
	return -1;
}

/* The share of rows one value of column c keeps from rows already bound to
 * one tenant (tc: the tenant column bound, or -1): a tenant's data is its
 * own, so a column of many stated values is spread over the tenants (E28
 * in tests/advisor/designs4.md: 400,000 members over 2,000 organizations
 * are 200 a tenant), 1 / (distinct[c] / distinct[tc]), at least one value
 * a tenant; a column of few values (at most KP_FEW_VALUES: a state, a
 * type) is every tenant's, each tenant's rows holding each value (E69 in
 * tests/advisor/designs11.md: 11 build states, 'running' 1/11 of an
 * organization's builds, where the spread gave 11/150,000 of a value a
 * tenant, so the tenant's whole range); without a tenant, or for the
 * tenant column itself, 1 / distinct[c]; 0 when c is not stated. */
static double stated_share(const double *distinct, int c, int tc)
{
	if (!distinct || c < 0 || distinct[c] < 1)
		return 0;
	if (tc >= 0 && c != tc && distinct[tc] >= 1 && distinct[c] > KP_FEW_VALUES) {
		double per = distinct[c] / distinct[tc];
		return per <= 1 ? 1 : 1 / per;
	}
	return 1 / distinct[c];
}

/* Rows a search index returns: the rows the WHERE matches, each column it
 * binds by = (or its annotated distinct values) and each it bounds by a
 * range (the index intersects its postings); in *fan, its fan-out. */
static double search_rows(const kp_plan *p, const kp_stmt *s, double n, const kpa_counts *k, double scale,
                          double *fan)
{
	colset eq = {0}, range = {0};
	if (p->names)
		kpa_sargable(p->names, kpa_where_of(s), &eq, &range);
	/* the search engine's fan-out: every shard looks every condition up
	 * in its own term dictionary or points tree, one seek each, where a KV
	 * index reads one contiguous range (docs/advice.md) */
	int conds = eq.n + range.n;
	*fan = KP_SEARCH_SHARDS * (conds > 0 ? conds : 1);
	return kpa_rows_matched_at(p->names, s, n, k, scale);
}

/* Does WHERE w bind column col by = to a literal (a value named, not a
 * parameter or NULL)? */
static bool binds_literal(const kp_names *nm, const kp_expr *w, int col)
{
	if (!nm || !w)
		return false;
	const kp_expr *one;
	uint32_t n;
	const kp_expr *const *l = kpa_conjuncts(w, &one, &n);
	for (uint32_t i = 0; i < n; i++) {
		const kp_expr *e = l[i];
		if (e->kind != KP_X_CMP || e->op != KP_OP_EQ)
			continue;
		const kp_expr *lit = kpa_colref(nm, e->a) == col ? e->b : kpa_colref(nm, e->b) == col ? e->a : NULL;
		kp_value v;
		if (lit && kp_value_of(&v, lit) && v.kind != KP_V_PARAM && v.kind != KP_V_NULL && v.kind != KP_V_HASH)
			return true;
	}
	return false;
}

/* The share of the rows a FILTERED SCAN reads that its residual filter
 * keeps: 1 / the annotated distinct values of each column the WHERE binds
 * by = and the plan's range does not (independent columns), else
 * KP_SEL_FILTER, a default. At the bracket's upper end (scale > 1), a
 * filter whose only columns are of few values by evidence and unstated
 * (kpa_counts.few_default: a status, a flag) keeps every row it reads: a
 * queue whose done rows are removed holds almost only the value its
 * reader asks for (E118 in tests/advisor/designs19.md), so an index that
 * pays only on the default share of such a filter is not robust to it
 * (docs/advice.md, "Defaults that decide"). */
static double filter_share(const kp_plan *p, const kp_stmt *s, const double *distinct, const kpa_counts *kc,
                           double scale)
{
	colset eq = {0}, range = {0};
	bool few = scale > 1 && kc && kc->few_default;
	if ((distinct || (kc && kc->held_share) || few) && p->names) {
		kpa_sargable(p->names, kpa_where_of(s), &eq, &range);
		/* a read through a view filters by the view's conditions too (a
		 * backlog view on status_category = 'new', E135 in
		 * tests/advisor/designs22.md): its = columns are at the base's
		 * positions (catalog/view.c), so their stated counts apply as
		 * the statement's own would */
		if (p->table && p->table->is_view)
			kpa_view_cols(p->table, p->table, NULL, &eq);
	}
	double share = 1;
	bool stated = false;
	int tc = tenant_bound(p);
	int unstated = 0, unstated_few = 0;   /* unbound columns no count states */
	for (int i = 0; i < eq.n; i++) {
		int c = eq.cols[i];
		bool bound = false;   /* by the key range the plan reads */
		for (int k = 0; c >= 0 && p->key && p->nranges && k < p->ranges[0].neq + p->ranges[0].nthen && k < p->key->n; k++)
			bound |= p->key->parts[k].col == c;
		if (c < 0 || bound)
			continue;
		/* a value whose share of the rows -- distribution: states */
		double held = kpa_held_share_in(kc, p->names, kpa_where_of(s), c);
		if (!(held > 0) && (!distinct || distinct[c] < 1)) {
			unstated++;
			unstated_few += few && c < kc->ncols && kc->few_default[c] && binds_literal(p->names, kpa_where_of(s), c);
			continue;
		}
		share *= held > 0 ? held : stated_share(distinct, c, tc);
		stated = true;
	}
	/* a range the key does not read (on another column) is a filter too:
	 * its share is the default's */
	bool ranged = false;
	for (int i = 0; i < range.n; i++) {
		bool bound = false;
		for (int k = 0; p->key && p->nranges && k <= p->ranges[0].neq && k < p->key->n; k++)
			bound |= p->key->parts[k].col == range.cols[i];
		ranged |= !bound;
	}
	if (!stated && unstated && unstated == unstated_few && !ranged)
		return 1;
	/* not bracketed otherwise: a filter under a LIMIT that keeps every row
	 * it reads would make every index for such a read look worthless,
	 * whatever its columns (docs/advice.md) */
	return stated ? share : KP_SEL_FILTER;
}

static double rows_read(const kp_plan *p, const kp_stmt *s, double n, const kpa_counts *k, double reverse,
                        double scale, int buckets, bool small_cost, bool *was_small)
{
	const double *distinct = k ? k->distinct : NULL;
	const kpa_counts *counts = k;   /* the loops below name their key part k */
	double rows, fan = 0;
	/* small_cost: a FILTERED SCAN of one key range whose rows the
	 * annotations state (every column it binds a -- distinct:, its range
	 * a -- range:) and that holds at most KP_SMALL_RANGE_ROWS rows costs
	 * the rows its filter keeps, as a SCAN costs the rows it returns: it
	 * is one range read, one request, whose rows the store reads together
	 * (one GetRange scans up to 5,000 rows; HBase reads 64 KB blocks) and
	 * filters on the server (Tablestore's filter on GetRange, HBase's scan
	 * filters). Only where an existing index's drop is weighed
	 * (kpa_small_filtered_rows; docs/advice.md, "Small filtered reads") */
	bool known = false, small = false;
	switch (p->access) {
	case KP_ACCESS_GET:
		/* one row a key named, in each bucket it may be in */
		return (p->nranges > 0 ? p->nranges : 1) * (buckets > 1 ? buckets : 1);
	case KP_ACCESS_SEARCH:
		rows = search_rows(p, s, n, k, scale, &fan);
		break;
	case KP_ACCESS_SCAN:
	case KP_ACCESS_FILTERED:
		rows = 0;
		int tc = tenant_bound(p);
		known = p->nranges == 1 && distinct;
		for (int i = 0; i < p->nranges; i++) {
			const kp_range *r = &p->ranges[i];
			double part = n;
			for (int k = 0; k < r->neq + r->nthen; k++) {
				const kp_key_part *kp = p->key && k < p->key->n ? &p->key->parts[k] : NULL;
				/* a hash (or salt, or bucket) part is computed from columns
				 * the same read binds: it keeps no fewer rows than they do */
				if (kp && kp->col < 0 && !kp->expr)
					continue;
				/* an annotated column: one value of its distinct ones */
				int col = kp ? kp->col : -1;
				double st = stated_share(distinct, col, tc);
				known &= st > 0;
				/* a stated count is an average over values: a read that
				 * sorts reads every row of its value, whatever its LIMIT,
				 * and at the bracket's upper end a value holds KP_BRACKET
				 * times the average (a page with many revisions); a read
				 * in key order stops at its LIMIT */
				if (st > 0 && scale > 1 && p->order == KP_ORDER_SORT)
					st = st * scale < 1 ? st * scale : 1;
				else
					st = few_share_at(counts, col, k < r->neq ? &r->eq[k] : NULL, st, scale);
				/* a value whose share -- distribution: states, not
				 * bracketed (kpa_held_share) */
				double held = kpa_held_share(counts, col, k < r->neq ? &r->eq[k] : NULL);
				if (held > 0)
					st = held;
				part *= st > 0 ? st : sel_at(KP_SEL_EQ, scale);
			}
			if (r->has_range) {
				/* the share -- range: states of the ranged column (not
				 * bracketed, as a stated count is not), else the default */
				int rc = p->key && r->neq < p->key->n ? p->key->parts[r->neq].col : -1;
				double kept = kpa_range_kept(k, rc);
				known &= kept > 0;
				part *= kept > 0 ? kept : sel_at(KP_SEL_RANGE, scale);
			}
			rows += part < 1 ? 1 : part;
		}
		if (p->nranges == 0 || rows > n)
			rows = n;
		/* a filtered read of one small key range: the rows it returns
		 * (small_filtered_range) */
		if (p->access == KP_ACCESS_FILTERED && known && buckets <= 1 && rows <= KP_SMALL_RANGE_ROWS && rows < n) {
			if (was_small)
				*was_small = true;
			if (small_cost) {
				double kept = rows * filter_share(p, s, distinct, counts, scale);
				rows = kept < 1 ? 1 : kept;
				small = true;
			}
		}
		break;
	case KP_ACCESS_FULL:
		/* the table, whatever the LIMIT (it reads until it has its rows),
		 * unless nothing filters the rows it reads and it reads them in
		 * the order asked: then its first rows are the answer, LIMIT of
		 * them from each salt bucket merged (a salted index read newest
		 * first, E27's latest videos). A scan the store refuses does not
		 * run at all (the judge counts it by its weight) */
		if (p->filter.n || p->order == KP_ORDER_SORT)
			return n;
		rows = n;
		break;
	default:
		return 0;
	}
	/* a LIMIT bounds the rows read when no sort is needed: the first rows
	 * in range are the answer (after a filter, 1 in 1/KP_SEL_FILTER passes) */
	const kp_expr *lim = s->kind == KP_S_SELECT ? s->u.select.limit : s->u.update.limit;
	const kp_expr *off = s->kind == KP_S_SELECT ? s->u.select.offset : NULL;
	double l = bound_value(lim), o = bound_value(off);
	bool bounded = false;   /* the LIMIT, not the range, ends the read */
	if (l >= 0 && p->order != KP_ORDER_SORT) {
		double need = l + (o > 0 ? o : 0);
		if (p->access == KP_ACCESS_FILTERED && !small)
			need /= filter_share(p, s, distinct, counts, scale);
		if (p->access == KP_ACCESS_FULL) {
			int salt = p->index ? p->index->salt_buckets : p->table ? p->table->salt_buckets : 0;
			need *= salt > 1 ? salt : 1;
		} else if (buckets > 1 && (p->order == KP_ORDER_KEY || p->order == KP_ORDER_REVERSE)) {
			/* read in order through buckets: one read a bucket, each
			 * stopping at its own LIMIT, merged by key. Phoenix gives each
			 * bucket's scan the limit (ScanPlan: perScanLimit, a
			 * PageFilter) and merge-sorts at the client
			 * (MergeSortRowKeyResultIterator); Lindorm and Tablestore
			 * sort nothing and are polled bucket by bucket. Unordered,
			 * the buckets' ranges are read one after another and the
			 * LIMIT bounds them all. Of the rows in range, each bucket
			 * holds its share: an empty one returns none */
			need *= buckets;
		}
		if (need < rows) {
			rows = need;
			bounded = true;
		}
	}
	/* a search index holding not every column the read returns: each row
	 * found is read again from the table */
	if (p->access == KP_ACCESS_SEARCH && !p->covering)
		rows *= 2;
	/* a reverse scan costs KP_REVERSE_FACTOR a row where it reads the
	 * whole table or a range with no = prefix through (below: one with
	 * an = prefix costs a seek a block more); a
	 * reverse read of a key range that its LIMIT ends costs the rows it
	 * returns: HBase's reversed scan (Scan.setReversed, HBASE-4811: "scan a
	 * table or a range within a table in reverse, reducing the need to
	 * optimize your schema for forward or reverse scanning"), which
	 * Phoenix and Lindorm run for an ORDER BY ... DESC of the key, seeks
	 * once to the range's end and reads its LIMIT rows back from there;
	 * no store documents a per-row price for it. So a key stored DESC
	 * saves such a read nothing and never pays for its copy of the table
	 * (E98's latest blocks, E99's activity pages in
	 * tests/advisor/designs16.md; docs/advice.md, "The cost model") */
	bool ranged = p->nranges > 0 && (p->access == KP_ACCESS_SCAN || p->access == KP_ACCESS_FILTERED);
	if (p->order == KP_ORDER_REVERSE && !(bounded && ranged)) {
		/* a range every key range of which binds its lead by = (one
		 * prefix's rows: a player's matches, a user's feed) read through
		 * backwards costs its rows and one seek a block it crosses past
		 * the first (KP_REVERSE_BLOCK_ROWS rows a block, a seek priced as
		 * a row; the first seek is every read's, forwards or backwards):
		 * HBase's reversed StoreFileScanner seeks back to the start of
		 * each block once and walks it (HBASE-28043), Tablestore reads a
		 * range BACKWARD as it reads it forwards. A read with no = prefix
		 * (a range of the leading column, the whole table) goes back
		 * through regions as well, and keeps KP_REVERSE_FACTOR a row. So
		 * the reverse factor alone cannot pay for copying a table keyed
		 * by its prefix (E115's match history, designs19.md) */
		bool prefixed = ranged && reverse > 1;
		for (int i = 0; prefixed && i < p->nranges; i++)
			prefixed = p->ranges[i].neq > 0;
		if (prefixed && rows > 0) /* no rows (-- rows: 0): no block, no seek */
			rows += ceil(rows / KP_REVERSE_BLOCK_ROWS) - 1;
		else
			rows *= reverse;
	}
	/* each shard of a search index is asked, whatever the LIMIT (each
	 * returns its own first rows, merged) */
	return rows + fan;
}

double kpa_rows_read_over(const kp_plan *p, const kp_stmt *s, double n, const kpa_counts *k, double reverse,
                          double scale, int buckets)
{
	return rows_read(p, s, n, k, reverse, scale, buckets, false, NULL);
}

double kpa_small_filtered_rows(const kp_plan *p, const kp_stmt *s, double n, const kpa_counts *k, double reverse,
                               int buckets)
{
	bool small = false;
	double rows = rows_read(p, s, n, k, reverse, 1, buckets, true, &small);
	return small ? rows : -1;
}

double kpa_insert_rows(const kp_stmt *s)
{
	if (s->kind == KP_S_INSERT || s->kind == KP_S_UPSERT || s->kind == KP_S_REPLACE)
		return s->u.insert.rows.n ? (double)s->u.insert.rows.n : 1;
	return 0;
}

bool kpa_is_write(const kp_stmt *s)
{
	return s->kind == KP_S_INSERT || s->kind == KP_S_UPSERT || s->kind == KP_S_REPLACE ||
	       s->kind == KP_S_UPDATE || s->kind == KP_S_DELETE || (s->kind == KP_S_SELECT && s->u.select.into);
}

const kp_table *kpa_write_table(kp_advisor *adv, const kp_wquery *q)
{
	const kp_stmt *st = q->stmt;
	/* an insert is planned against no table: the one it names */
	if (!q->plan.table && (st->kind == KP_S_INSERT || st->kind == KP_S_UPSERT || st->kind == KP_S_REPLACE))
		return kp_catalog_find(adv->cat, st->u.insert.table.s, st->u.insert.table.len);
	return q->plan.table;
}

double kpa_reverse_factor(kp_target target)
{
	return kpa_target(target)->desc_key ? KP_REVERSE_FACTOR : 1.0;
}
