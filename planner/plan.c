/* The planner's driver: finds the statement's table, resolves its names,
 * reads its hints, has the access path chosen, and reports what the plan
 * means (full scans, filters, order, LIMIT). The steps are in the files
 * planInt.h lists.
 *
 * A WHERE clause is turned, for one candidate key, into a set of boxes: each
 * box constrains every key column to an interval (or leaves it free), and
 * the union of the boxes holds every row the clause can accept. AND
 * intersects box sets, OR unions them, NOT is pushed down to the leaves
 * where that is exact (key columns are never NULL). A box set is `exact`
 * when it holds exactly the accepted rows. Boxes become key ranges (an
 * equality prefix and a range on the next part); whatever a range cannot
 * express stays in the residual filter, conjunct by conjunct, so that
 * ranges ∧ filter ≡ WHERE. */
#include "planner/planInt.h"

const char *kp_access_name(kp_access a)
{
	static const char *n[] = {"none", "get", "scan", "filtered_scan", "search", "full_scan"};
	return n[a];
}

const char *kp_order_name(kp_order o)
{
	static const char *n[] = {"none", "key", "reverse", "sort"};
	return n[o];
}

/* Is the leading key part of every range bound on both sides (an
 * equality, or a range with two ends)? */
static bool lead_bounded(const kp_plan *p)
{
	for (int i = 0; i < p->nranges; i++) {
		const kp_range *r = &p->ranges[i];
		if (r->neq == 0 && !(r->has_range && r->lo.set && r->hi.set))
			return false;
	}
	return true;
}

/* Does e read a column other than the leading one of key k? */
static bool reads_another_column(const kp_expr *e, const int32_t *col, const kp_key *k)
{
	if (!e)
		return false;
	if (e->kind == KP_X_COLUMN && col_of(col, e) >= 0 && col_of(col, e) != k->parts[0].col)
		return true;
	if (reads_another_column(e->a, col, k) || reads_another_column(e->b, col, k) ||
	    reads_another_column(e->c, col, k))
		return true;
	for (uint32_t i = 0; i < e->n; i++)
		if (reads_another_column(e->list[i], col, k))
			return true;
	return false;
}

const char *kp_choice_name(kp_choice c)
{
	static const char *n[] = {"none", "search_index", "secondary_index", "cost"};
	return n[c];
}

static void key_part_text(kp_buf *b, const kp_table *t, const kp_key *k, int i)
{
	kp_key_part_name(b, t, &k->parts[i]);
}

bool kp_stmt_parts(stmt_parts *v, const kp_stmt *s)
{
	memset(v, 0, sizeof(*v));
	switch (s->kind) {
	case KP_S_SELECT:
		if (!s->u.select.table.s)
			return false;   /* SELECT without FROM */
		v->table = &s->u.select.table;
		v->alias = &s->u.select.alias;
		v->where = s->u.select.where;
		v->order = &s->u.select.order;
		v->limit = s->u.select.limit;
		v->allow_kw = s->u.select.allow_filtering;
		return true;
	case KP_S_UPDATE:
	case KP_S_DELETE:
		v->table = &s->u.update.table;
		v->alias = &s->u.update.alias;
		v->where = s->u.update.where;
		v->order = &s->u.update.order;
		v->limit = s->u.update.limit;
		return true;
	default:
		return false;
	}
}

/* The columns a SELECT gives, or -1 when a * leaves it to the table. */
static int select_width(const kp_select *sel)
{
	for (uint32_t i = 0; i < sel->items.n; i++) {
		const kp_expr *e = sel->items.items[i];
		if (e->kind == KP_X_STAR)
			return -1;
	}
	return (int)sel->items.n;
}

/* A table whose CREATE failed, that was dropped or renamed, is unknown:
 * the note says where. */
static void note_failed_ddl(kp_diag *g, const kp_catalog *cat, const kp_name *n, kp_arena *a)
{
	if (!g)
		return;
	kp_catalog_note_hidden(cat, g, n->s, n->len, a);
	const kp_failed_ddl *f = kp_catalog_failed(cat, n->s, n->len);
	if (f && f->renamed_to) {
		kp_diag_note(g, a, f->src, f->off, "table %.*s was renamed to %s here", (int)n->len, n->s, f->renamed_to);
		/* the name it has now, through later renames (a cycle of renames
		 * ends where a name is in the schema again) */
		const char *now = f->renamed_to;
		const kp_table *t;
		const kp_failed_ddl *r;
		for (int hops = 0; !(t = kp_catalog_find(cat, now, (uint32_t)strlen(now))) && hops < 64 &&
		                   (r = kp_catalog_failed(cat, now, (uint32_t)strlen(now))) && r->renamed_to;
		     hops++)
			now = r->renamed_to;
		if (t)
			kp_diag_help(g, a, "did you mean %s, its name now?", t->name);
	} else if (f && f->dropped)
		kp_diag_note(g, a, f->src, f->off, "%s %.*s was dropped here, so it is not in the schema",
		             f->is_view ? "view" : "table", (int)n->len, n->s);
	else if (f)
		kp_diag_note(g, a, f->src, f->off, "the CREATE statement of %.*s failed here, so the table is not in the schema",
		             (int)n->len, n->s);
	/* names that differ only in case are different tables on this target */
	const kp_table *near = cat->names != KP_NAMES_NOCASE ? kp_catalog_find_nocase(cat, n->s, n->len) : NULL;
	if (near)
		kp_diag_help(g, a, "did you mean %s? names are case-sensitive on this target%s", near->name,
		             cat->names == KP_NAMES_UPPER ? " once quoted (unquoted names are upper-cased)" : "");
	else if (!f && (near = kp_catalog_nearest(cat, n->s, n->len)))
		kp_diag_help(g, a, "did you mean %s?", near->name);
}

/* Is n an SQLite virtual table (CREATE VIRTUAL TABLE n USING module)? It
 * exists, and its module (fts5, rtree, ...) finds its rows: one note says
 * the statement is not planned, no KP008. */
static bool virtual_table(const kp_catalog *cat, const kp_name *n, kp_source *src, kp_arena *a, kp_diags *d)
{
	const kp_failed_ddl *vt = kp_catalog_failed(cat, n->s, n->len);
	if (!vt || !vt->is_virtual)
		return false;
	kp_diag *g = kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_INFO, src, n->off, n->srclen,
	                         "%s is a virtual table: its module (fts5, rtree, ...) stores and finds its rows by no "
	                         "key keyplan models, so the statement is not planned", vt->name);
	if (g)
		kp_diag_note(g, a, vt->src, vt->off, "CREATE VIRTUAL TABLE %s here", vt->name);
	return true;
}

/* The finding of a statement that reads its table or index (out's path)
 * whole: KP001 or KP006, with out->rejected, at src's span soff, slen.
 * Worded from t, the path, opts and the flags alone, never a literal
 * (findmemo.c keeps it per shape on that account). */
static void full_scan(kp_plan *out, const kp_table *t, const kp_stmt *s, const hints *h, const kp_expr *where,
                      const kp_expr *limit, bool allow, const kp_plan_opts *opts, kp_source *src, uint32_t soff,
                      uint32_t slen, kp_arena *a, kp_diags *d)
{
	kp_buf lead = {0};
	kp_diag *rej = NULL;
	/* a heap table (no primary key: generic) has no leading column */
	const kp_key_part *p0 = t->pk.n ? &t->pk.parts[0] : NULL;
	if (p0)
		key_part_text(&lead, t, &t->pk, 0);
	if (!where) {
		if (!limit)
			kp_diag_add(d, a, KP_R_FULL_SCAN, KP_SEV_WARNING, src, s->off, s->len,
			            "full table scan: no WHERE clause reads every row of %s", t->name);
	} else if (allow) {
		kp_diag_add(d, a, KP_R_FULL_SCAN, KP_SEV_WARNING, src, soff, slen,
		            "full table scan of %s, allowed by %s: no condition on leading key column '%s'",
		            t->name, h->allow_filtering ? "the _l_allow_filtering_ hint" : "ALLOW FILTERING",
		            lead.data);
	} else if (out->index) {
		/* an index path read whole (a hint forced it, or its order
		 * won): its own leading column is the unbound one */
		kp_buf_clear(&lead);
		key_part_text(&lead, t, out->key, 0);
		out->rejected = !opts->never_reject;
		rej = kp_diag_add(d, a, KP_R_FULL_SCAN, opts->never_reject ? KP_SEV_WARNING : KP_SEV_ERROR,
		            src, soff, slen,
		            "full scan of index %s: no condition on its leading column '%s'%s%s%s",
		            out->index->name, lead.data, opts->full_scan_note ? " (" : "",
		            opts->full_scan_note ? opts->full_scan_note : "", opts->full_scan_note ? ")" : "");
		if (rej && out->index->src)
			kp_diag_note(rej, a, out->index->src, out->index->off, "index %s declared here",
			             out->index->name);
		if (rej)
			kp_diag_help(rej, a, "bind %s with = or IN%s%s%s", lead.data,
			             h->force || h->phx_index ? ", or drop the hint that forces " : "",
			             h->force || h->phx_index ? out->index->name : "",
			             h->force || h->phx_index ? " (keyplan then chooses the path)" : "");
		rej = NULL;
	} else if (!p0) {
		out->rejected = !opts->never_reject;
		rej = kp_diag_add(d, a, KP_R_FULL_SCAN, opts->never_reject ? KP_SEV_WARNING : KP_SEV_ERROR,
		            src, soff, slen,
		            "full table scan: %s has no primary key, so its rows are stored in no key order "
		            "(a heap) and every row is read%s%s%s", t->name, opts->full_scan_note ? " (" : "",
		            opts->full_scan_note ? opts->full_scan_note : "", opts->full_scan_note ? ")" : "");
		if (rej && t->src)
			kp_diag_note(rej, a, t->src, t->off, "%s declared here without a primary key", t->name);
		if (rej)
			kp_diag_help(rej, a, "declare a primary key or an index that leads with a column the "
			             "query binds (keyplan check, given the workload, says whether one pays)");
		rej = NULL;
	} else if (p0->col < 0) {
		out->rejected = !opts->never_reject;
		rej = kp_diag_add(d, a, KP_R_HASH_PREFIX, opts->never_reject ? KP_SEV_WARNING : KP_SEV_ERROR,
		            src, soff, slen,
		            "full table scan: the key of %s leads with %s, which is bound only when "
		            "every hashed column is bound by = or IN; a range cannot use it",
		            t->name, lead.data);
	} else {
		out->rejected = !opts->never_reject;
		rej = kp_diag_add(d, a, KP_R_FULL_SCAN, opts->never_reject ? KP_SEV_WARNING : KP_SEV_ERROR,
		            src, soff, slen,
		            "full table scan: no condition on leading key column '%s' of %s%s%s%s",
		            lead.data, t->name, opts->full_scan_note ? " (" : "",
		            opts->full_scan_note ? opts->full_scan_note : "", opts->full_scan_note ? ")" : "");
	}
	if (rej && t->src) {
		kp_diag_note(rej, a, t->src, t->pk_off ? t->pk_off : t->off,
		             "primary key of %s declared here", t->name);
		if (opts->full_scan_optin)
			kp_diag_help(rej, a, "bind %s with = or IN, use a secondary index or index table "
			             "(keyplan check, given the workload, says whether one pays), or opt in with %s", lead.data,
			             opts->full_scan_optin);
		else
			kp_diag_help(rej, a, "bind %s with = or IN, or use a secondary index or index table "
			             "(keyplan check, given the workload, says whether one pays)", lead.data);
		for (int i = 0; i < t->nindexes; i++)
			if (t->indexes[i]->columnar && t->indexes[i]->state == KP_IX_ACTIVE)
				kp_diag_help(rej, a, "%s has columnar index %s: analytical scans that run in "
				             "Lindorm's compute engine read it, not the table's key", t->name,
				             t->indexes[i]->name);
	}
	kp_buf_free(&lead);
}

void kp_plan_resolved(kp_plan *out, const kp_table *t, const kp_stmt *s, const stmt_parts *v,
                      const resolved *rv, const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d)
{
	const kp_expr *limit = v->limit;
	out->table = t;
	const resolved r = *rv;
	out->names = r.names;
	if (r.errors)
		return;
	kp_expr *where = r.where;
	const kp_list *order = r.order;
	bool allow = r.h.allow_filtering || v->allow_kw;

	path_eval best;
	kp_diags none = {0};   /* without d, what the path choice says is dropped */
	if (!kp_path_choose(&best, t, s, v->alias, &r, opts, src, a, d ? d : &none))
		return;

	out->index = best.index;
	out->key = best.key;
	out->covering = best.covering;
	out->access = best.access;
	out->ranges = best.ranges;
	out->nranges = best.nranges;
	out->filter = best.filter;
	out->unordered = best.unordered;
	out->order = kp_plan_order(out, order);
	out->choice = best.choice;
	out->cands = best.cands;
	out->ncands = best.ncands;
	if (!d) {
		/* the plan alone, as the advisor weighs it: whether the store
		 * refuses it, as below, and no message, nor the filter's text */
		if (kp_delete_refused(out, s, opts))
			out->rejected = true;
		if (out->access == KP_ACCESS_FULL && where && !allow)
			out->rejected = !opts->never_reject;
		if (opts->bounded_lead && !allow && out->access != KP_ACCESS_FULL && out->access != KP_ACCESS_SEARCH &&
		    where && !lead_bounded(out) && reads_another_column(where, r.names->col, out->key))
			out->rejected = true;
		return;
	}

	const kp_expr *span = where ? where : NULL;
	uint32_t soff = span ? span->off : s->off, slen = span ? span->len : s->len;
	if (best.limit_hit)
		kp_diag_add(d, a, KP_R_LIMITS, KP_SEV_WARNING, src, soff, slen,
		            "more than %d key ranges after OR/IN expansion: planned with fewer, "
		            "coarser ranges and a filter", KP_MAX_RANGES);
	if (where && out->nranges == 0 && out->access != KP_ACCESS_SEARCH)
		kp_diag_add(d, a, KP_R_IMPOSSIBLE, KP_SEV_WARNING, src, soff, slen,
		            "the WHERE clause can never be true, so the query never returns a row");

	bool refused = kp_delete_refused(out, s, opts);
	if (refused) {
		/* the store's own reason, which no path changes */
		out->rejected = true;
		kp_delete_report(out, s, opts, src, a, d);
	} else if (out->access == KP_ACCESS_FULL) {
		/* worded from the table, the path, the options and these alone
		 * (findmemo.c): a shape kept by reuse.c words it once a path */
		unsigned why = (where ? 1u : 0u) | (allow ? 2u : 0u) | (limit ? 4u : 0u) |
		               (r.h.allow_filtering ? 8u : 0u) | (r.h.force || r.h.phx_index ? 16u : 0u);
		kp_find_memo *fm = r.keep ? r.keep->fm : NULL;
		if (fm && kp_find_memo_replay(fm, out->index, why, d, a, src, soff, slen, &out->rejected)) {
			r.keep->copied++;
		} else {
			const kp_diag *before = d->tail;
			full_scan(out, t, s, &r.h, where, limit, allow, opts, src, soff, slen, a, d);
			kp_find_memo_keep(fm, out->index, why, d->tail != before ? d->tail : NULL, out->rejected);
		}
	}
	if (!refused && opts->bounded_lead && !allow && out->access != KP_ACCESS_FULL && out->access != KP_ACCESS_SEARCH &&
	    where && !lead_bounded(out) && reads_another_column(where, r.names->col, out->key)) {
		kp_buf lead = {0};
		key_part_text(&lead, t, out->key, 0);
		out->rejected = true;
		kp_diag *rej = kp_diag_add(d, a, KP_R_FULL_SCAN, KP_SEV_ERROR, src, soff, slen,
		                           "inefficient query: a condition on another column than '%s', which is bounded "
		                           "on one side only (Lindorm refuses it: \"set an upper and lower bound for the "
		                           "first primary key column or the first index column\")", lead.data);
		if (rej)
			kp_diag_help(rej, a, "bound %s on both sides (or bind it with = or IN)%s%s", lead.data,
			             opts->full_scan_optin ? ", or opt in with " : "",
			             opts->full_scan_optin ? opts->full_scan_optin : "");
		kp_buf_free(&lead);
	}
	if (out->access == KP_ACCESS_FILTERED || (out->access == KP_ACCESS_GET && out->filter.n)) {
		/* the message ends with the filter's text, which the plan keeps:
		 * one copy, and no format to parse, for every such statement */
		kp_buf own = {0};
		bool kept = r.keep && r.keep->sm && r.keep->stmt;
		kp_buf *f = kept ? kp_filter_memo_scratch(r.keep->sm) : &own;
		kp_buf_puts(f, out->access == KP_ACCESS_GET ? "get: the server filters rows by "
		                                            : "filtered scan: the server filters rows by ");
		size_t head = f->len;
		if (kept)
			kp_filter_sql_kept(f, r.keep->sm, r.keep->stmt, where, (kp_expr *const *)out->filter.items,
			                   out->filter.n);
		else
			kp_conj_to_sql(f, (kp_expr *const *)out->filter.items, out->filter.n);
		char *msg = kp_arena_strndup(a, f->data, f->len);
		out->filter_sql = msg + head;
		const kp_expr *f0 = out->filter.items[0];
		kp_diag *fd = kp_diag_add_msg(d, a, KP_R_FILTERED_SCAN, KP_SEV_INFO, src, f0->off, f0->len, msg);
		/* where the store's scan limit counts the rows scanned, the filter
		 * does not bound them: say so where the filter is */
		if (fd && out->access == KP_ACCESS_FILTERED && opts->filtered_scan_note)
			kp_diag_help(fd, a, "%s", opts->filtered_scan_note);
		kp_buf_free(&own);
		if (f->cap > 8192)
			kp_buf_free(f);   /* a long filter's room is not held by its shape */
	}
	if (out->order == KP_ORDER_REVERSE) {
		const kp_order_item *it = order->items[0];
		int c = it->expr->kind == KP_X_COLUMN ? col_of(r.names->col, it->expr) : -1;
		if (c >= 0 && t->cols[c].auto_increment)
			/* the store writes the value: no direction or reversed value can
			 * be declared for it (the advisor's KP122 says the same) */
			kp_diag_add(d, a, KP_R_REVERSE_SCAN, KP_SEV_WARNING, src, it->expr->off, it->expr->len,
			            "rows are read in reverse key order, which is slower than the stored order; "
			            "the store generates %s (AUTO_INCREMENT), so its order cannot be reversed: a "
			            "backward range read is how it is read newest first", t->cols[c].name);
		else if (c >= 0 && t->desc_nulls_first && !it->nulls && it->desc &&
		         (t->cols[c].nullable || (t->cols[c].key_pos < 0 && !t->cols[c].not_null)) &&
		         kp_order_reads_nulls(out, c))
			/* Phoenix keeps NULL first in a DESC column too: declared DESC,
			 * ORDER BY c DESC (NULLs last) would sort (designs6.md E40) */
			kp_diag_add(d, a, KP_R_REVERSE_SCAN, KP_SEV_WARNING, src, it->expr->off, it->expr->len,
			            "rows are read in reverse key order, which is slower than the stored order; %s can be "
			            "NULL and the store keeps NULL first in a DESC column too, so declared DESC it would "
			            "return ORDER BY %s DESC (NULLs last) only with a sort: the backward read is the way "
			            "(or write NULLS FIRST and declare it DESC)", t->cols[c].name, t->cols[c].name);
		else if (opts->reverse_note)
			/* no DESC to declare: the store's own way */
			kp_diag_add(d, a, KP_R_REVERSE_SCAN, KP_SEV_WARNING, src, it->expr->off, it->expr->len,
			            "rows are read in reverse key order, which is slower than the stored order; %s",
			            opts->reverse_note);
		else
			kp_diag_add(d, a, KP_R_REVERSE_SCAN, KP_SEV_WARNING, src, it->expr->off, it->expr->len,
			            "rows are read in reverse key order, which is slower than the stored order; "
			            "if most reads want this order, declare the key column with the opposite direction");
	} else if (out->order == KP_ORDER_SORT && out->access != KP_ACCESS_GET) {
		const kp_order_item *it = order->items[0];
		kp_diag_add(d, a, KP_R_UNBOUNDED_SORT, KP_SEV_WARNING, src, it->expr->off, it->expr->len,
		            "the key cannot serve this ORDER BY: every row in range is read and sorted");
	}
	if (limit && out->access != KP_ACCESS_GET && out->access != KP_ACCESS_NONE && !out->rejected) {
		if (out->order == KP_ORDER_SORT)
			kp_diag_add(d, a, KP_R_LIMIT, KP_SEV_INFO, src, limit->off, limit->len,
			            "LIMIT does not bound the work: every row in range is read and sorted first");
		else if (out->filter.n)
			kp_diag_add(d, a, KP_R_LIMIT, KP_SEV_INFO, src, limit->off, limit->len,
			            "LIMIT stops after enough matches, but the filter may read many more rows");
		else
			kp_diag_add(d, a, KP_R_LIMIT, KP_SEV_INFO, src, limit->off, limit->len,
			            "LIMIT bounds the rows read: the scan stops after them");
	}
}

/* Plans s (parts v) against table t; out is cleared, with its statement. */
static void plan_on_table(kp_plan *out, const kp_table *t, const kp_stmt *s, const stmt_parts *v,
                          const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d)
{
	resolved r;
	kp_resolve(&r, t, s, v, opts, src, a, d);
	kp_plan_resolved(out, t, s, v, &r, opts, src, a, d);
}

void kp_plan_stmt(kp_plan *out, const kp_catalog *cat, const kp_stmt *s,
                  const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d)
{
	memset(out, 0, sizeof(*out));
	out->stmt = s;
	stmt_parts v;
	if (s->kind == KP_S_INSERT || s->kind == KP_S_UPSERT || s->kind == KP_S_REPLACE) {
		const kp_insert *in = &s->u.insert;
		const kp_name *n = &in->table;
		const kp_table *w = kp_catalog_find(cat, n->s, n->len);
		if (!w && virtual_table(cat, n, src, a, d))
			return;
		if (!w)
			note_failed_ddl(kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, n->off, n->srclen,
			                            "no such table: %.*s", (int)n->len, n->s), cat, n, a);
		else {
			kp_check_insert(w, in, opts, src, a, d);
			kp_plan_write(out, w, in, in->rows.n ? (int)((const kp_list *)in->rows.items[0])->n : -1, opts,
			              src, a, d);
		}
		return;
	}
	if (!kp_stmt_parts(&v, s))
		return;
	if (s->kind == KP_S_SELECT && s->u.select.into) {
		/* UPSERT INTO w SELECT ... FROM t: t is planned, w must exist */
		const kp_name *n = &s->u.select.into->table;
		const kp_table *w = kp_catalog_find(cat, n->s, n->len);
		if (!w)
			note_failed_ddl(kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, n->off, n->srclen,
			                            "no such table: %.*s", (int)n->len, n->s), cat, n, a);
		else
			kp_plan_write(out, w, s->u.select.into, select_width(&s->u.select), opts, src, a, d);
	}
	const kp_table *t = kp_catalog_find(cat, v.table->s, v.table->len);
	if (!t && virtual_table(cat, v.table, src, a, d))
		return;
	if (!t) {
		kp_diag *g = kp_diag_add(d, a, KP_R_UNKNOWN_TABLE, KP_SEV_ERROR, src, v.table->off, v.table->srclen,
		                         "no such table: %.*s", (int)v.table->len, v.table->s);
		note_failed_ddl(g, cat, v.table, a);
		return;
	}
	if (t->view_unsupported) {
		kp_diag *g = kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_ERROR, src, v.table->off, v.table->srclen,
		                         "view %s cannot be planned: %s", t->name, t->view_unsupported);
		if (t->src)
			kp_diag_note(g, a, t->src, t->view_unsupported_off, "the query of view %s", t->name);
		return;
	}
	plan_on_table(out, t, s, &v, opts, src, a, d);
}

void kp_plan_on_table(kp_plan *out, const kp_table *t, const kp_stmt *s,
                      const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d)
{
	memset(out, 0, sizeof(*out));
	out->stmt = s;
	stmt_parts v;
	if (kp_stmt_parts(&v, s))
		plan_on_table(out, t, s, &v, opts, src, a, d);
}
