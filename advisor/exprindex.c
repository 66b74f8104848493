/* KP120: reads that filter on an expression of the table's columns, such
 * as a case-insensitive search, WHERE UPPER(first_name || ' ' || last_name)
 * = ?. No key and no index on plain columns serves them: the store would
 * have to compute the expression for every row. Where the store indexes
 * an expression (Phoenix's functional indexes, "Secondary Indexing":
 * CREATE INDEX upper_name_idx ON emp (UPPER(first_name || ' ' ||
 * last_name))), the rule proposes, per table and expression, one
 * secondary index keyed by the expression as the reads write it, then the
 * table's key, holding (INCLUDE) every other column those reads use, the
 * conditions of the views they read through included: Phoenix uses a
 * global index for a query only when it holds every column the query
 * reads. The judge costs it as any index: one more row written with every
 * row (docs/advice.md).
 *
 * What the planner matches (planner/terms.c): the expression of the
 * index, node for node, as the statement writes it: the same functions,
 * operators and literals, in the same order, over the same columns (names
 * compared ignoring case, a table qualifier ignored). UPPER(last_name) does
 * not serve UPPER(TRIM(last_name)), nor a || b serve b || a. Phoenix
 * compiles both sides and compares the compiled expressions, which is
 * that, with its own rewrites left out.
 *
 * Not proposed: where the store has no such index (Lindorm's CREATE INDEX
 * grammar admits function(column, ...) key parts, columns only, and its
 * documents name no function a secondary index serves a read by;
 * Tablestore's secondary and search indexes index columns); for an
 * expression calling a function whose value is not the row's alone (the
 * time, a random number, a sequence, an aggregate) or holding a
 * parameter; for an expression of columns that are each monotonic or of
 * few values (its values land on one region as theirs do); for reads
 * other than SELECT. */
#include "advisor/advisorInt.h"

#include <string.h>

/* A function whose value depends on more than its arguments, or an
 * aggregate: no index can hold it. */
static bool volatile_fn(const kp_name *n)
{
	static const char *const fns[] = {"now", "current_date", "current_time", "current_timestamp", "sysdate",
	                                  "localtime", "localtimestamp", "rand", "random", "uuid", "newid",
	                                  "count", "sum", "min", "max", "avg", "first_value", "last_value",
	                                  "percentile_cont", "percentile_disc", "stddev_pop", "stddev_samp",
	                                  "row_number", "rank", NULL};
	for (int i = 0; fns[i]; i++)
		if (kp_name_eq(n, fns[i]))
			return true;
	return false;
}

/* Can e be a functional index's key part: columns of the table (at least
 * one), literals, and the row's own functions and operators of them. */
static bool indexable(const kp_names *nm, const kp_table *t, const kp_expr *e, int *ncols)
{
	if (!e)
		return true;
	switch (e->kind) {
	case KP_X_COLUMN: {
		int c = kpa_colref(nm, e);
		if (c < 0 || c >= t->ncols)
			return false;
		(*ncols)++;
		return true;
	}
	case KP_X_STRING: case KP_X_INT: case KP_X_FLOAT:
		return true;
	case KP_X_FUNC:
		if (e->star || e->distinct || e->b || e->c || volatile_fn(&e->name))
			return false;
		break;
	case KP_X_ARITH: case KP_X_NEG: case KP_X_CAST:
		break;
	default:
		return false;   /* parameters, subqueries, CASE, ...: not an index's */
	}
	if (!indexable(nm, t, e->a, ncols) || !indexable(nm, t, e->b, ncols) || !indexable(nm, t, e->c, ncols))
		return false;
	for (uint32_t i = 0; i < e->n; i++)
		if (!indexable(nm, t, e->list[i], ncols))
			return false;
	return true;
}

static bool is_value(const kp_expr *e)
{
	kp_value v;
	return kp_value_of(&v, e) && v.kind != KP_V_NULL;
}

/* The expression a conjunct bounds (= first, then a range), or NULL. */
static const kp_expr *bound_expr(const kp_names *nm, const kp_table *t, const kp_expr *w, bool *eq)
{
	const kp_expr *best = NULL;
	const kp_expr *one;
	uint32_t n;
	const kp_expr *const *l = kpa_conjuncts(w, &one, &n);
	*eq = false;
	for (uint32_t i = 0; i < n; i++) {
		const kp_expr *e = l[i], *x = NULL;
		bool is_eq = false;
		if (e->kind == KP_X_CMP && e->op != KP_OP_NE) {
			x = is_value(e->b) ? e->a : is_value(e->a) ? e->b : NULL;
			is_eq = e->op == KP_OP_EQ;
		} else if (e->kind == KP_X_IN && !e->negated && e->n > 0) {
			x = e->a;
			is_eq = true;
			for (uint32_t k = 0; k < e->n && x; k++)
				x = is_value(e->list[k]) ? x : NULL;
		} else if (e->kind == KP_X_BETWEEN && !e->negated && is_value(e->b) && is_value(e->c)) {
			x = e->a;
		}
		int ncols = 0;
		if (!x || x->kind == KP_X_COLUMN || !indexable(nm, t, x, &ncols) || !ncols)
			continue;
		if (!best || (is_eq && !*eq)) {
			best = x;
			*eq = is_eq;
		}
	}
	return best;
}

/* A copy of e in a, each column named as t names it, unqualified: the
 * index's expression, and its SQL. */
static kp_expr *canon(kp_arena *a, const kp_names *nm, const kp_table *t, const kp_expr *e)
{
	if (!e)
		return NULL;
	kp_expr *c = kp_arena_alloc(a, sizeof(*c));
	*c = *e;
	if (e->kind == KP_X_COLUMN) {
		const kp_column *col = &t->cols[kpa_colref(nm, e)];
		memset(&c->name, 0, sizeof c->name);
		c->name.s = col->name;
		c->name.len = col->name_len;
		memset(&c->qual, 0, sizeof c->qual);
		c->ref = 0;
		return c;
	}
	c->a = canon(a, nm, t, e->a);
	c->b = canon(a, nm, t, e->b);
	c->c = canon(a, nm, t, e->c);
	if (e->n) {
		c->list = kp_arena_alloc(a, sizeof(kp_expr *) * e->n);
		for (uint32_t i = 0; i < e->n; i++)
			c->list[i] = canon(a, nm, t, e->list[i]);
	}
	return c;
}

/* Marks the columns e reads outside the subtrees equal to x (those come
 * from the index's key). */
static void cols_outside(const kp_names *nm, const kp_table *t, const kp_expr *e, const kp_expr *x, bool *used)
{
	if (!e || (x && kp_expr_equal(e, x)))
		return;
	if (e->kind == KP_X_COLUMN) {
		int c = kpa_colref(nm, e);
		if (c >= 0 && c < t->ncols)
			used[c] = true;
	}
	if (e->kind == KP_X_STAR)
		for (int i = 0; i < t->ncols; i++)
			used[i] = true;
	cols_outside(nm, t, e->a, x, used);
	cols_outside(nm, t, e->b, x, used);
	cols_outside(nm, t, e->c, x, used);
	for (uint32_t i = 0; i < e->n; i++)
		cols_outside(nm, t, e->list[i], x, used);
}

typedef struct xprop {
	const kp_table *t;
	kp_expr *x;             /* the indexed expression (canon) */
	char *sql;              /* its SQL */
	bool *covers;           /* columns to hold */
	colset eq;              /* columns its first read (and its view) binds by =: key
	                           parts after the expression, so the read is a SCAN */
	kp_list qs;             /* kp_wquery* it was proposed for */
	double weight;
} xprop;

/* The index's name: idx_<table>_<function>_<columns>, lower case. */
static char *index_name(kp_advisor *adv, const kp_table *t, const kp_expr *x)
{
	kp_buf b = {0};
	kp_buf_printf(&b, "idx_%s", t->name);
	const kp_expr *f = x;
	while (f && f->kind != KP_X_FUNC && f->a)
		f = f->a;
	if (f && f->kind == KP_X_FUNC)
		kp_buf_printf(&b, "_%.*s", (int)f->name.len, f->name.s);
	bool seen[64] = {false};
	const kp_expr *stack[64];
	int n = 0;
	stack[n++] = x;
	while (n) {
		const kp_expr *e = stack[--n];
		if (e->kind == KP_X_COLUMN) {
			int c = kp_table_column(t, e->name.s, e->name.len);
			if (c >= 0 && (c >= 64 || !seen[c])) {
				kp_buf_printf(&b, "_%s", t->cols[c].name);
				if (c < 64)
					seen[c] = true;
			}
			continue;
		}
		/* operands left to right: pushed right to left */
		for (uint32_t i = e->n; i > 0 && n < 64; i--)
			stack[n++] = e->list[i - 1];
		if (e->c && n < 64)
			stack[n++] = e->c;
		if (e->b && n < 64)
			stack[n++] = e->b;
		if (e->a && n < 64)
			stack[n++] = e->a;
	}
	for (size_t i = 0; i < b.len; i++)
		if (b.data[i] >= 'A' && b.data[i] <= 'Z')
			b.data[i] = (char)(b.data[i] - 'A' + 'a');
	char *s = kpa_bufdup(adv->a, &b);
	kp_buf_free(&b);
	return s;
}

static void advise(kp_advisor *adv, xprop *pr, kp_arena *hyp, kp_arena *scratch)
{
	const kp_table *t = pr->t;
	int tenant = kpa_tenant_col(adv, t);
	char *name = index_name(adv, t, pr->x);
	/* a name another proposal on the table took: numbered */
	int same = 0;
	for (uint32_t i = 0; i < adv->advice.n; i++) {
		const kp_advice *y = adv->advice.items[i];
		same += y->table == t && y->index && y->index->name && !strncmp(y->index->name, name, strlen(name));
	}
	if (same)
		name = kp_arena_printf(adv->a, "%s_%d", name, same + 1);
	/* the index: [tenant][expression], then the table's key */
	kp_index *ix = kp_arena_alloc(adv->a, sizeof(*ix));
	ix->name = name;
	ix->table = (kp_table *)t;
	ix->kv = true;
	ix->has_expr = true;
	ix->covers = kp_arena_alloc(adv->a, sizeof(bool) * (size_t)(t->ncols + 1));
	ix->key.parts = kp_arena_alloc(adv->a, sizeof(kp_key_part) * (size_t)(t->pk.n + pr->eq.n + 3));
	if (tenant >= 0) {
		ix->key.parts[ix->key.n++].col = tenant;
		ix->covers[tenant] = true;
	}
	kp_key_part *xp = &ix->key.parts[ix->key.n++];
	xp->col = -1;
	xp->expr = pr->x;
	for (int i = 0; i < pr->eq.n; i++)
		if (!ix->covers[pr->eq.cols[i]]) {
			ix->key.parts[ix->key.n++].col = pr->eq.cols[i];
			ix->covers[pr->eq.cols[i]] = true;
		}
	ix->nuser = ix->key.n;
	kp_index_end_row_key(ix, t);
	kp_buf inc = {0};
	for (int c = 0; c < t->ncols; c++)
		if (pr->covers[c] && !ix->covers[c]) {
			kp_buf_printf(&inc, "%s%s", inc.len ? ", " : "", t->cols[c].name);
			ix->covers[c] = true;
		}
	/* judged on the table's whole workload */
	kp_arena_reset(hyp);
	kp_index **all = kp_arena_alloc(hyp, sizeof(kp_index *) * (size_t)(t->nindexes + 1));
	if (t->nindexes)
		memcpy(all, t->indexes, sizeof(kp_index *) * (size_t)t->nindexes);
	all[t->nindexes] = ix;
	const kp_table *h = kpa_hypo_table(hyp, t, &t->pk, all, t->nindexes + 1);
	verdict v;
	kpa_judge(adv, t, NULL, h, false, scratch, &v);
	double serves = 0;
	u64map cache = {0};
	for (uint32_t k = 0; k < pr->qs.n; k++) {
		kp_order o;
		if (kpa_served(kpa_cached_plan(&cache, 0, h, pr->qs.items[k], scratch, &o)))
			serves += ((const kp_wquery *)pr->qs.items[k])->weight;
		kp_arena_reset(scratch);
	}
	kpa_map_free(&cache);
	kp_buf ddl = {0}, key = {0};
	kp_buf_printf(&ddl, "CREATE INDEX %s ON %s (", name, t->name);
	/* the tenant not named: Phoenix leads the index with it itself (named
	 * too, createIndex would add it twice: ERROR 514) */
	kp_buf_printf(&ddl, "%s", pr->sql);
	for (int i = tenant >= 0 ? 2 : 1; i < ix->nuser; i++)
		kp_buf_printf(&ddl, ", %s", t->cols[ix->key.parts[i].col].name);
	kp_buf_putc(&ddl, ')');
	if (inc.len)
		kp_buf_printf(&ddl, " INCLUDE (%s)", inc.data);
	for (int i = 0; i < ix->key.n; i++) {
		const kp_key_part *p = &ix->key.parts[i];
		if (p->expr)
			kp_buf_printf(&key, "[%s]", pr->sql);
		else {
			kp_buf_putc(&key, '[');
			kp_key_part_name(&key, t, p);
			kp_buf_puts(&key, p->desc ? " DESC]" : "]");
		}
	}
	const char *msg = kp_arena_printf(adv->a, "secondary_index: %s on %s, a functional index keyed by the "
	                                  "expression %s as the reads write it%s%s%s; the store serves a read through it "
	                                  "only when its WHERE writes the same expression (the same functions, "
	                                  "operators, literals and columns, in the same order); the store maintains "
	                                  "it on every write: an insert into %s then writes %d rows",
	                                  name, t->name, pr->sql, inc.len ? ", holding " : "", inc.len ? inc.data : "",
	                                  inc.len ? " (every other column they read, as a global index must to be "
	                                            "used)" : "",
	                                  t->name, t->nindexes + 2);
	kp_advice *y = kpa_advise(adv, KP_R_UNSERVED, "secondary_index", t, msg, kpa_bufdup(adv->a, &key),
	                          kpa_bufdup(adv->a, &ddl));
	y->index = ix;
	kpa_verdict_apply(adv, y, &v, 1);
	y->serves = kpa_weight_int(serves);
	y->of = kpa_weight_int(pr->weight);
	kpa_advice_col(adv, y, pr->sql);
	kp_buf_free(&inc);
	kp_buf_free(&ddl);
	kp_buf_free(&key);
}

void kpa_suggest_expr_indexes(kp_advisor *adv, kp_arena *scratch)
{
	if (!kpa_target(adv->target)->expr_index)
		return;
	kp_list props = {0};
	u64map byshape = {0};
	for (uint32_t qi = 0; qi < adv->queries.n; qi++) {
		kp_wquery *q = adv->queries.items[qi];
		const kp_kept_plan *p = &q->plan;
		if (!p->table || !p->names || q->stmt->kind != KP_S_SELECT || kpa_served(p->access) ||
		    p->access == KP_ACCESS_NONE || p->access == KP_ACCESS_SEARCH)
			continue;
		/* a read through a functional index already: its expression is
		 * bound, what remains is a filter of that expression's rows */
		if (p->index && p->index->has_expr)
			continue;
		/* a read through a view is the base table's (as index.c) */
		const kp_table *t = q->base && q->base->ncols == p->table->ncols ? q->base : p->table;
		if (t->dropped || t->pk.n == 0)
			continue;
		uint64_t sk = kpa_mix(q->shape, (uint64_t)t->id + 11);
		uint32_t at;
		if (kpa_map_get(&byshape, sk, &at)) {
			/* a statement alike: the same proposal, or none */
			if (at) {
				xprop *pr = props.items[at - 1];
				kp_list_push(adv->a, &pr->qs, q);
				pr->weight += q->weight;
			}
			continue;
		}
		bool eq;
		const kp_expr *e = bound_expr(p->names, t, kpa_where_of(q->stmt), &eq);
		if (e) {
			/* an expression of hot columns only is as hot as they are */
			bool *in = kp_arena_alloc(scratch, sizeof(bool) * (size_t)(t->ncols + 1));
			cols_outside(p->names, t, e, NULL, in);
			bool spread = false;
			for (int c = 0; c < t->ncols && !spread; c++)
				spread = in[c] && !kpa_hot_reason(&t->cols[c]) && !kpa_few_values(adv, t, c);
			if (!spread)
				e = NULL;
			kp_arena_reset(scratch);
		}
		if (!e) {
			kpa_map_put(&byshape, sk, 0);
			continue;
		}
		kp_expr *x = canon(adv->a, p->names, t, e);
		kp_buf sql = {0};
		kp_expr_to_sql(&sql, x);
		xprop *pr = NULL;
		uint32_t pi = 0;
		for (uint32_t i = 0; i < props.n && !pr; i++) {
			xprop *o = props.items[i];
			if (o->t == t && !strcmp(o->sql, sql.data)) {
				pr = o;
				pi = i + 1;
			}
		}
		if (!pr) {
			pr = kp_arena_alloc(adv->a, sizeof(*pr));
			pr->t = t;
			pr->x = x;
			pr->sql = kpa_bufdup(adv->a, &sql);
			pr->covers = kp_arena_alloc(adv->a, sizeof(bool) * (size_t)(t->ncols + 1));
			colset range = {0};
			kpa_sargable(p->names, kpa_where_of(q->stmt), &pr->eq, &range);
			kpa_view_cols(t, p->table, NULL, &pr->eq);
			kp_list_push(adv->a, &props, pr);
			pi = props.n;
		}
		kp_buf_free(&sql);
		kpa_map_put(&byshape, sk, pi);
		/* what the read uses outside the expression, and what its view's
		 * conditions use */
		const kp_stmt *s = q->stmt;
		for (uint32_t i = 0; i < s->u.select.items.n; i++)
			cols_outside(p->names, t, s->u.select.items.items[i], e, pr->covers);
		for (uint32_t i = 0; i < s->u.select.group.n; i++)
			cols_outside(p->names, t, s->u.select.group.items[i], e, pr->covers);
		cols_outside(p->names, t, s->u.select.having, e, pr->covers);
		cols_outside(p->names, t, s->u.select.where, e, pr->covers);
		for (uint32_t i = 0; i < s->u.select.order.n; i++)
			cols_outside(p->names, t, ((const kp_order_item *)s->u.select.order.items[i])->expr, e, pr->covers);
		kpa_view_cols(t, p->table, pr->covers, NULL);
		kp_list_push(adv->a, &pr->qs, q);
		pr->weight += q->weight;
	}
	kpa_map_free(&byshape);
	kp_arena hyp;
	kp_arena_init(&hyp);
	for (uint32_t i = 0; i < props.n; i++)
		advise(adv, props.items[i], &hyp, scratch);
	kp_arena_free(&hyp);
}
