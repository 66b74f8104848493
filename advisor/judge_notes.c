/* The notes on the defaults a judged table's verdict rests on
 * (docs/advice.md): an alternative left undecided by the bracket, the
 * columns taken as near-unique, the assumes: line under a recommendation,
 * the rows a value of the counts stated, what a standing design assumes,
 * and the other way to a read refused for its sort; each with the
 * annotations that settle it. */
#include "advisor/judgeInt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Does a read of the table itself bind column col by = (range false) or
 * bound it by a range (range true)? */
static bool read_binds(const jtable *jt, int col, bool by_range)
{
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if (s->ins_rows > 0 || s->on != jt->t || !s->q->plan.names)
			continue;
		colset eq = {0}, range = {0};
		kpa_sargable(s->q->plan.names, kpa_where_of(s->q->stmt), &eq, &range);
		const colset *c = by_range ? &range : &eq;
		for (int e = 0; e < c->n; e++)
			if (c->cols[e] == col)
				return true;
	}
	return false;
}

static bool eq_bound(const jtable *jt, int col)
{
	return read_binds(jt, col, false);
}

static bool range_bound(const jtable *jt, int col)
{
	return read_binds(jt, col, true);
}

/* The literal a read of the table binds column col to by = (its first
 * such term, in the workload's order), as SQL, or NULL. */
static const char *literal_bound(kp_advisor *adv, const jtable *jt, int col)
{
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if (s->ins_rows > 0 || s->q->base != jt->t || !s->q->plan.names || s->q->stmt->kind != KP_S_SELECT)
			continue;
		const kp_expr *w = kpa_where_of(s->q->stmt);
		if (!w)
			continue;
		const kp_expr *one[1] = {w};
		const kp_expr *const *l = one;
		uint32_t n = 1;
		if (w->kind == KP_X_AND) {
			l = (const kp_expr *const *)w->list;
			n = w->n;
		}
		for (uint32_t k = 0; k < n; k++) {
			const kp_expr *e = l[k];
			if (e->kind != KP_X_CMP || e->op != KP_OP_EQ)
				continue;
			const kp_names *nm = s->q->plan.names;
			const kp_expr *lit = kpa_colref(nm, e->a) == col ? e->b : kpa_colref(nm, e->b) == col ? e->a : NULL;
			kp_value v;
			if (!lit || !kp_value_of(&v, lit) || v.kind == KP_V_PARAM || v.kind == KP_V_NULL || v.kind == KP_V_HASH)
				continue;
			kp_buf b = {0};
			kp_expr_to_sql(&b, lit);
			char *r = kpa_bufdup(adv->a, &b);
			kp_buf_free(&b);
			return r;
		}
	}
	return NULL;
}

/* The columns of x's key that a read of the table filters today by = to
 * a literal, whose share no annotation states and which have few values
 * by evidence (kpa_counts.few_default): what an index that pays only on
 * the default share of that filter rests on, with the annotations that
 * state it (docs/advice.md, "Defaults that decide"); 0 when none. */
static int few_filter_words(kp_advisor *adv, const jtable *jt, const kp_advice *x, kp_buf *b)
{
	int named = 0;
	const char *const *few = jt->counts.few_default;
	for (uint32_t k = 0; few && k < x->columns.n - (uint32_t)x->held; k++) {
		const char *c = x->columns.items[k];
		int col = kp_table_column(jt->t, c, (uint32_t)strlen(c));
		if (col < 0 || col >= jt->t->ncols || !few[col])
			continue;
		const char *lit = literal_bound(adv, jt, col);
		if (!lit)
			continue;
		kp_buf_printf(&b[0], "%s%s = %s (%s)", named ? ", " : "", c, lit, few[col]);
		kp_buf_printf(&b[1], "%s'-- distribution: %s %s SHARE' or '-- distinct: %s N'", named ? ", " : "", c, lit,
		              c);
		named++;
	}
	return named;
}

/* What an alternative that paid at the default but not across the
 * bracket trades, and the annotation that decides it: the columns its
 * key binds that no -- distinct: sizes (docs/advice.md, "Defaults that
 * decide"), or the filter of few values whose default share it pays on. */
const char *kpj_undecided_note(kp_advisor *adv, const jtable *jt, const kp_advice *x, const char *trade)
{
	kp_buf b = {0};
	kp_buf few[2] = {{0}, {0}};
	if (few_filter_words(adv, jt, x, few)) {
		kp_buf_printf(&b, "%s; pays only with the default share of the rows a filter keeps (%.15g%%), not across "
		              "its bracket (every row it reads, for a column of few values): what it saves rests on the "
		              "share of the rows that hold %s, which no annotation states: not recommended (state it: %s, "
		              "docs/annotations.md)",
		              trade, KP_SEL_FILTER * 100, kpa_bufdup(adv->a, &few[0]), kpa_bufdup(adv->a, &few[1]));
		kp_buf_free(&few[0]);
		kp_buf_free(&few[1]);
		char *r = kpa_bufdup(adv->a, &b);
		kp_buf_free(&b);
		return r;
	}
	kp_buf_free(&few[0]);
	kp_buf_free(&few[1]);
	kp_buf_printf(&b, "%s; pays with the defaults (%.15g rows a value of a key column bound by =, %.15g%% of "
	              "those in a range), not across their bracket (%.15g times as many a value, a range keeping all "
	              "of them): what it saves rests on the share of a value's rows its reads' range keeps, which no "
	              "annotation states",
	              trade, jt->rows * KP_SEL_EQ, KP_SEL_RANGE * 100, KP_BRACKET);
	uint32_t nc = x->columns.n - (uint32_t)x->held;
	/* the columns its reads bound by a range whose share no -- range:
	 * states */
	int ranged = 0;
	for (uint32_t k = 0; k < nc; k++) {
		const char *c = x->columns.items[k];
		int col = kp_table_column(jt->t, c, (uint32_t)strlen(c));
		if (col < 0 || kpa_range_kept(&jt->counts, col) > 0 || !range_bound(jt, col))
			continue;
		kp_buf_printf(&b, "%s'%s'", ranged++ ? ", " : " (of ", c);
	}
	if (ranged)
		kp_buf_puts(&b, ": '-- range: COLUMN SHARE' states it, docs/annotations.md)");
	kp_buf_puts(&b, ": not recommended");
	int named = 0;
	for (uint32_t k = 0; k < nc; k++) {
		const char *c = x->columns.items[k];
		int col = kp_table_column(jt->t, c, (uint32_t)strlen(c));
		if (col < 0 || (jt->distinct && jt->distinct[col] >= 1))
			continue;
		/* bound by = in a read of the table (a range's share no
		 * annotation states) */
		if (!eq_bound(jt, col))
			continue;
		kp_buf_printf(&b, "%s%s", named++ ? ", " : "; the rows a value holds are a default too, of ", c);
	}
	if (named)
		kp_buf_puts(&b, " (state them: '-- distinct: COLUMN N', docs/annotations.md)");
	char *r = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return r;
}

/* The defaults a recommendation rests on, in words, with the annotations
 * that would settle them (docs/advice.md, "Defaults that decide"): the
 * table's rows when no -- rows: states them, and the rows a value of each
 * column its keys bind that a read binds by = and no -- distinct: sizes.
 * NULL when it rests on none, or when it spreads rows written on one
 * region or makes refused reads run (a hotspot or a refusal, not a
 * count, decides it). */
/* Why column c is taken as near-unique, in words, with the read that binds
 * it alone (kpa_near_unique). */
static const char *unique_why(kp_advisor *adv, const jtable *jt, int c)
{
	const kp_wquery *by = NULL;
	kpa_unique_why why = kpa_near_unique(adv, jt->t, c, &by);
	if (why == KPA_UNIQUE_INDEX)
		return kp_arena_printf(adv->a, "a UNIQUE index holds it alone, and %s binds it by =",
		                       by ? kpj_where_at(adv, by) : "a read");
	return kp_arena_printf(adv->a, "%s, and %s binds it alone",
	                       why == KPA_UNIQUE_KEY_END ? "it ends the key"
	                       : why == KPA_UNIQUE_NAME  ? kpa_unique_name(&jt->t->cols[c])
	                                                 : "its name says it is the table's id",
	                       by ? kpj_where_at(adv, by) : "a read");
}

const char *kpj_unique_note(kp_advisor *adv, const jtable *jt)
{
	kp_buf cols = {0}, sets = {0};
	int n = 0;
	for (int c = 0; jt->by_unique && c < jt->t->ncols; c++) {
		if (!jt->by_unique[c] || jt->t->cols[c].dropped)
			continue;
		kp_buf_printf(&cols, "%s%s (%s)", n ? "; " : "", jt->t->cols[c].name, unique_why(adv, jt, c));
		kp_buf_printf(&sets, "%s'-- distinct: %s N'", n ? ", " : "", jt->t->cols[c].name);
		n++;
	}
	char *out = n ? kp_arena_printf(adv->a, "%s taken as near-unique: 1 row a value, not %.15g%% of the rows, "
	                                "for the reads that bind %s by = (a key's last column, or an id, that a "
	                                "point read names alone); state %s (docs/annotations.md) if a value holds "
	                                "more", cols.data, KP_SEL_EQ * 100, n > 1 ? "them" : "it", sets.data)
	              : NULL;
	kp_buf_free(&cols);
	kp_buf_free(&sets);
	return out;
}

const char *kpj_assumes_note(kp_advisor *adv, const jtable *jt, const kp_table_review *r)
{
	if (r->after.hot < r->before.hot * (1 - 1e-9) || r->after.refused < r->before.refused * (1 - 1e-9))
		return NULL;   /* a hotspot spread, or refused reads made to run: no count decides */
	kp_buf cols = {0}, typed = {0};
	int named = 0, ntyped = 0;
	/* each column named once, by its place in the table (a name may be
	 * part of another's: ID of USER_ID) */
	bool *said = calloc((size_t)jt->t->ncols + 1, sizeof *said);
	if (!said)
		abort();
	for (uint32_t i = 0; i < r->recommended.n; i++) {
		const kp_advice *x = r->recommended.items[i];
		uint32_t nc = x->columns.n - (uint32_t)x->held;
		for (uint32_t k = 0; k < nc; k++) {
			const char *c = x->columns.items[k];
			int col = kp_table_column(jt->t, c, (uint32_t)strlen(c));
			if (col < 0 || said[col])
				continue;
			if (jt->by_type && jt->by_type[col] && eq_bound(jt, col)) {
				/* no default: its type bounds its values */
				said[col] = true;
				kp_buf_printf(&typed, "%s%s", ntyped++ ? ", " : "", c);
				continue;
			}
			if (jt->distinct && jt->distinct[col] >= 1)
				continue;
			/* the table's whole one-column key: as many values as rows,
			 * no default (E98's block_number, "1% of the rows" of a
			 * unique key in designs16.md) */
			if (jt->t->pk.n == 1 && jt->t->pk.parts[0].col == col)
				continue;
			/* or the tenant column a tenant's connection binds */
			if (eq_bound(jt, col) || col == kp_table_tenant_col(jt->t)) {
				said[col] = true;
				kp_buf_printf(&cols, "%s%s", named++ ? ", " : "", c);
			}
		}
	}
	free(said);
	if (!jt->rows_default && !named) {
		kp_buf_free(&cols);
		kp_buf_free(&typed);
		return NULL;
	}
	kp_buf b = {0};
	kp_buf_puts(&b, "it rests on defaults, not on counts stated: ");
	if (jt->rows_default)
		kp_buf_printf(&b, "%.15g rows in the table (no -- rows: above its CREATE)%s", jt->rows, named ? "; " : "");
	if (named)
		kp_buf_printf(&b, "%.15g rows a value (%.15g%% of the rows) of %s (no -- distinct:)", jt->rows * KP_SEL_EQ,
		              KP_SEL_EQ * 100, cols.data);
	if (jt->rows_default)
		kp_buf_printf(&b, "; state them (%s%s, docs/annotations.md) to settle whether it pays", "'-- rows: N'",
		              named ? ", '-- distinct: COLUMN N'" : "");
	else
		/* the rows a value are bracketed and the step paid at the upper
		 * end too (kpj_pays): what a count stated would settle is its
		 * figures, not a verdict the defaults decided (E107's index,
		 * which did not pay there, is an alternative that says so) */
		kp_buf_printf(&b, "; it pays with them and with %.15g times as many rows a value (the upper end of their "
		              "bracket, docs/advice.md), so it is recommended; state them ('-- distinct: COLUMN N', "
		              "docs/annotations.md) for its figures", KP_BRACKET);
	/* what no annotation need state: a BOOLEAN's two values */
	if (ntyped)
		kp_buf_printf(&b, " (%s: 2 values by %s type, a BOOLEAN, so half the rows a value)", typed.data,
		              ntyped > 1 ? "their" : "its");
	char *out = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	kp_buf_free(&cols);
	kp_buf_free(&typed);
	return out;
}

/* The rows a value of each column whose count is known, in words, for the
 * review's cost line: every column a -- distinct: states, then each a
 * read binds by = whose type bounds its values (a BOOLEAN); NULL when
 * none (every count is the default). */

/* Is column c's count of values stated (-- distinct:, fixed N), not
 * bounded by its type or taken as near-unique? */
static bool stated_count(const jtable *jt, int c)
{
	return c >= 0 && c < jt->t->ncols && jt->distinct[c] >= 1 && !(jt->by_type && jt->by_type[c]) &&
	       !(jt->by_unique && jt->by_unique[c]) && !jt->t->cols[c].dropped;
}

const char *kpj_values_words(kp_advisor *adv, const jtable *jt)
{
	if (!jt->distinct)
		return NULL;
	kp_buf b = {0};
	int stated = 0, typed = 0, nstated = 0;
	for (int c = 0; c < jt->t->ncols; c++)
		nstated += stated_count(jt, c);
	bool many = nstated > 1 && kp_table_tenant_col(jt->t) < 0;
	for (int c = 0; c < jt->t->ncols; c++) {
		if (!stated_count(jt, c))
			continue;
		/* a key column after stated key columns: its rows a value within
		 * one value of those, as a read binding the key's prefix keeps
		 * them (E80: channel_code's 1/4 of variant_code's 1333 rows, 333,
		 * where the words said only 2000000000 / 4), and bound alone;
		 * a tenant's spread aside (cost.c's stated_share) */
		double before = 1;
		kp_buf pre = {0};
		int kp = jt->t->cols[c].key_pos;
		for (int i = 0; many && kp > 0 && i < kp && i < jt->t->pk.n; i++) {
			int pc = jt->t->pk.parts[i].col;
			if (pc < 0 || !stated_count(jt, pc))
				continue;
			before *= jt->distinct[pc];
			kp_buf_printf(&pre, "%s%s", pre.len ? " and " : "", jt->t->cols[pc].name);
		}
		double v = kpj_per_value(jt->rows / before, jt->distinct[c]);
		if (pre.len && v < 1)
			v = 1;   /* a read binding them keeps a row at least (cost.c) */
		if (stated++)
			kp_buf_printf(&b, ", %.15g of %s", v, jt->t->cols[c].name);
		else
			kp_buf_printf(&b, "%.15g rows a value of %s", v, jt->t->cols[c].name);
		if (pre.len)
			kp_buf_printf(&b, " within a value of %s (%.15g bound alone)", pre.data,
			              kpj_per_value(jt->rows, jt->distinct[c]));
		kp_buf_free(&pre);
		/* a zipfian column's values read as often as they hold rows */
		if (kpa_notes_of(adv, jt->t)->dist[c] == KPA_DIST_SKEWED)
			kp_buf_puts(&b, " (zipfian: a value read as often as it holds rows)");
	}
	if (stated)
		kp_buf_puts(&b, " (-- distinct:)");
	for (int c = 0; c < jt->t->ncols; c++) {
		if (!jt->by_type || !jt->by_type[c] || jt->t->cols[c].dropped || !eq_bound(jt, c))
			continue;
		kp_buf_printf(&b, "%s%.15g %s %s (a BOOLEAN: 2 values)", b.len ? (typed ? ", " : "; ") : "",
		              kpj_per_value(jt->rows, jt->distinct[c]), b.len ? "of" : "rows a value of", jt->t->cols[c].name);
		typed++;
	}
	/* the ids taken as near-unique, by why */
	int unique = 0;
	for (int c = 0; c < jt->t->ncols; c++) {
		if (!jt->by_unique || !jt->by_unique[c] || jt->t->cols[c].dropped)
			continue;
		kp_buf_printf(&b, "%s%s %s (near-unique: %s)", b.len ? (unique ? ", " : "; ") : "",
		              b.len ? "1 of" : "1 row a value of", jt->t->cols[c].name, unique_why(adv, jt, c));
		unique++;
	}
	/* the shares of a range stated */
	int ranged = 0;
	for (int c = 0; c < jt->t->ncols; c++) {
		double kept = kpa_range_kept(&jt->counts, c);
		if (!(kept > 0) || jt->t->cols[c].dropped)
			continue;
		/* as it was written when it was one over a whole number (1/365) */
		double inv = 1 / kept, whole = (double)(long long)(inv + 0.5);
		kp_buf_printf(&b, "%sa range on %s keeps ", b.len ? (ranged ? ", " : "; ") : "", jt->t->cols[c].name);
		if (inv < 1e15 && whole > 1 && fabs(inv - whole) < whole * 1e-9)
			kp_buf_printf(&b, "1/%.15g", whole);
		else
			kp_buf_printf(&b, "%.6g", kept);
		kp_buf_puts(&b, " of the rows the columns before it keep");
		ranged++;
	}
	if (ranged)
		kp_buf_puts(&b, " (-- range:)");
	char *r = b.len ? kpa_bufdup(adv->a, &b) : NULL;
	kp_buf_free(&b);
	return r;
}

/* The first read of the table that lists values of column col with IN
 * (at least two, in its WHERE's top-level AND), or NULL; *n its values. */
static const jshape *lists_values(const jtable *jt, int col, uint32_t *n)
{
	for (int i = 0; i < jt->ns; i++) {
		const jshape *s = &jt->s[i];
		if (s->ins_rows > 0 || kpa_is_write(s->q->stmt) || !s->q->plan.names)
			continue;
		const kp_expr *w = kpa_where_of(s->q->stmt);
		if (!w)
			continue;
		const kp_expr *one[1] = {w};
		const kp_expr *const *l = one;
		uint32_t nl = 1;
		if (w->kind == KP_X_AND) {
			l = (const kp_expr *const *)w->list;
			nl = w->n;
		}
		for (uint32_t k = 0; k < nl; k++)
			if (l[k]->kind == KP_X_IN && !l[k]->negated && l[k]->n >= 2 &&
			    kpa_colref(s->q->plan.names, l[k]->a) == col) {
				*n = l[k]->n;
				return s;
			}
	}
	return NULL;
}

/* What a verdict that the design stands assumes of a count that would
 * decide a hotspot (docs/advice.md, "Defaults that decide"): the column
 * that leads a key of several columns, written to, whose number of values
 * nothing states (no -- distinct:, no -- distribution:) and neither its
 * name nor its type nor the workload's evidence marks as few or
 * monotonic, while a read lists its values with IN (E36b's product page
 * lists the six locations), is taken to hold many values; with few, the
 * writes would land on as few regions. NULL otherwise. */
const char *kpj_stands_note(kp_advisor *adv, const jtable *jt)
{
	const kp_table *t = jt->t;
	if (jt->writes <= 0 || t->pk.n < 2 || t->salt_buckets)
		return NULL;
	int c = t->pk.parts[0].col;
	if (c < 0 || jt->hot[c] || jt->few[c] || (jt->distinct && jt->distinct[c] >= 1))
		return NULL;
	const kpa_notes *n = kpa_notes_of(adv, t);
	uint32_t listed = 0;
	const jshape *in = lists_values(jt, c, &listed);
	if (n->dist[c] || t->cols[c].auto_increment || !in)
		return NULL;
	return kp_arena_printf(adv->a, "the design stands on a count no annotation states: %s, which leads the key, is "
	                       "taken to hold many values (no -- distinct:), though %s lists %u of them with IN; with few "
	                       "(%d or fewer), its writes would land on as few regions (a write hotspot) and a bucket "
	                       "before it would spread them: state it ('-- distinct: %s N', docs/annotations.md) to settle it",
	                       t->cols[c].name, kpj_where_at(adv, in->q), listed, KP_FEW_VALUES, t->cols[c].name);
}

/* What a recommendation that makes a sort the store refuses run could be
 * instead (E38's inbox): the read without its ORDER BY runs on the key as
 * it is, its rows sorted by the application at no write cost. NULL when
 * no read it changes was refused for its sort. */
const char *kpj_instead_note(kp_advisor *adv, const jtable *jt, const kp_table_review *r)
{
	kp_buf b = {0};
	int named = 0;
	for (uint32_t i = 0; i < r->changes.n; i++) {
		const kp_change *ch = r->changes.items[i];
		if (!ch->rejected_before || ch->rejected_after || ch->before == KP_ACCESS_FULL ||
		    ch->order_before != KP_ORDER_SORT)
			continue;
		kp_buf_printf(&b, "%s%s (weight %.15g)", named++ ? ", " : "", kpj_where_at(adv, ch->q), ch->weight);
	}
	if (!named) {
		kp_buf_free(&b);
		return NULL;
	}
	char *out = kp_arena_printf(adv->a, "the store refuses %s as written for its ORDER BY alone (%s sorts "
	                            "nothing): without it, %s on the key as it is and the application sorts the "
	                            "rows, at no write cost, where a value's rows are few", b.data,
	                            kpa_target(adv->target)->name, named > 1 ? "they run" : "it runs");
	kp_buf_free(&b);
	(void)jt;
	return out;
}
