/* Name resolution and hints: the analysis step before path choice. It
 * reads the statement and returns a resolved view of it (planInt.h's
 * `resolved`), leaving the AST as the parser built it: which table column
 * each column reference names (kp_names, by kp_expr.ref), the columns the
 * statement reads, its WHERE and ORDER BY as the later steps read them,
 * and its hints. Column names are resolved against the table (its alias,
 * column families, dynamic columns and Lindorm's _l_ts pseudo-columns);
 * hints against the hint table of the target's dialects. */
#include "planner/planInt.h"

#include <strings.h>

#include "planner/fold.h"

typedef struct resolve_ctx {
	const kp_table *t;      /* table */
	const kp_name *alias;   /* FROM alias, or NULL */
	bool *used;             /* the view's used */
	int32_t *col;           /* the view's names->col, writable */
	int errors;             /* names unknown (reported) */
	kp_list fns;            /* kp_expr*: column references that are functions
	                           written without () (rare: the view rewrites them) */
	kp_source *src;
	kp_arena *a;
	kp_diags *d;
	const kp_list *dyn;     /* kp_name*: dynamic columns the query declares, or NULL */
	int tenant;             /* the tenant column a tenant connection hides, or -1 */
	uint32_t nown;          /* column references the statement wrote (refs past
	                           it are its view's and tenant's conditions) */
	bool key_dep;           /* a name was looked up as a c_l_ts pseudo-column */
} resolve_ctx;

/* Does qualifier q name table tname ("s.t" is also named by "t")? */
/* An unknown column's help: the table's column nearest its name. */
static void help_near_column(kp_diag *g, kp_arena *a, const kp_table *t, const kp_name *n)
{
	const char *near = g ? kp_table_nearest_column(t, n->s, n->len) : NULL;
	if (near)
		kp_diag_help(g, a, "did you mean '%s'?", near);
}

static bool names_table(const kp_name *q, const char *tname)
{
	if (kp_name_eq(q, tname))
		return true;
	const char *dot = strrchr(tname, '.');
	return dot && kp_name_eq(q, dot + 1);
}

static bool in_names(const kp_list *l, const kp_name *n)
{
	for (uint32_t i = 0; i < l->n; i++)
		if (kp_name_eqn(l->items[i], n))
			return true;
	return false;
}

/* Lindorm names the timestamp of a non-key column c c_l_ts: the column
 * c, or -1 when name is not such a pseudo-column of t. */
static int ts_pseudo_column(const kp_table *t, const kp_name *n)
{
	if (n->len <= 5 || memcmp(n->s + n->len - 5, "_l_ts", 5) != 0)
		return -1;
	int ci = kp_table_column(t, n->s, n->len - 5);
	return ci >= 0 && t->cols[ci].key_pos < 0 ? ci : -1;
}

/* SQL's functions called without parentheses. */
static bool niladic(const kp_name *n)
{
	static const char *names[] = {"current_date", "current_time", "current_timestamp",
	                              "localtime", "localtimestamp", "sysdate", NULL};
	for (int i = 0; names[i]; i++)
		if (kp_name_eq(n, names[i]))
			return true;
	return false;
}

/* A Lindorm table created WITH (DYNAMIC_COLUMNS = 'true'): any name that
 * is not a defined column is a dynamic column, written and read without
 * being declared ("SELECT p1, c2, c3, c4 FROM t_dynamic WHERE p1 = 1",
 * Lindorm's "Dynamic columns"); never a key column. */
static bool dynamic_table(const kp_table *t)
{
	const char *v = kp_table_option_get(t, "DYNAMIC_COLUMNS");
	return v && !strcasecmp(v, "true");
}

static void resolve(resolve_ctx *rc, const kp_expr *e)
{
	if (!e)
		return;
	if (e->kind == KP_X_SEQ)
		return;   /* names a sequence, not a column */
	if (e->kind == KP_X_COLUMN) {
		const kp_table *t = rc->t;
		int ci = kp_table_column(t, e->name.s, e->name.len);
		if (ci < 0 && rc->dyn && in_names(rc->dyn, &e->name))
			return;   /* a dynamic column the query declares: not in the key */
		if (ci < 0 && dynamic_table(t) &&
		    (!e->qual.s || names_table(&e->qual, t->name) ||
		     (rc->alias && rc->alias->s && kp_name_eqn(&e->qual, rc->alias))))
			return;   /* a dynamic column of a Lindorm DYNAMIC_COLUMNS table */
		if (ci < 0 && e->name.len > 5 && !memcmp(e->name.s + e->name.len - 5, "_l_ts", 5))
			rc->key_dep = true;   /* whether c is a key column decides */
		if (ci < 0 && (ci = ts_pseudo_column(t, &e->name)) >= 0) {
			/* Lindorm's c_l_ts: the write timestamp of non-key column c,
			 * read with c (no key part) */
			rc->used[ci] = true;
			return;
		}
		if (ci < 0 && !e->qual.s && niladic(&e->name)) {
			/* CURRENT_DATE and friends are functions written without () */
			kp_list_push(rc->a, &rc->fns, (void *)e);
			return;
		}
		if (e->qual.s && ci >= 0 && !(t->cols[ci].family && kp_name_eq(&e->qual, t->cols[ci].family))) {
			int cf = kp_table_column_in(t, &e->qual, &e->name);
			if (cf >= 0)
				ci = cf;   /* cf.col names this family's column of that name */
		}
		if (e->qual.s) {
			bool is_table = names_table(&e->qual, t->name) ||
			                (rc->alias && rc->alias->s && kp_name_eqn(&e->qual, rc->alias));
			bool is_family = ci >= 0 && t->cols[ci].family && kp_name_eq(&e->qual, t->cols[ci].family);
			if (!is_table && !is_family) {
				kp_diag_add(rc->d, rc->a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, rc->src, e->qual.off,
				            e->qual.srclen, "'%.*s' is not table %s, its alias or a column family of '%.*s'",
				            (int)e->qual.len, e->qual.s, t->name, (int)e->name.len, e->name.s);
				rc->errors++;
				return;
			}
		}
		if (ci < 0) {
			kp_diag *g = kp_diag_add(rc->d, rc->a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, rc->src, e->name.off,
			                         e->name.srclen, "unknown column '%.*s' in table %s", (int)e->name.len,
			                         e->name.s, t->name);
			help_near_column(g, rc->a, t, &e->name);
			rc->errors++;
			return;
		}
		if (ci == rc->tenant && e->ref <= rc->nown) {
			/* Phoenix hides it from a tenant-specific connection */
			kp_diag_add(rc->d, rc->a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, rc->src, e->name.off, e->name.srclen,
			            "column '%.*s' is the tenant column of multi-tenant table %s: a tenant-specific "
			            "connection (--tenant) binds it and hides it", (int)e->name.len, e->name.s, t->name);
			rc->errors++;
			return;
		}
		rc->col[e->ref] = ci + 1;
		rc->used[ci] = true;
		return;
	}
	if (e->kind == KP_X_STAR) {
		for (int i = 0; i < rc->t->ncols; i++)
			rc->used[i] = true;
		return;
	}
	if (e->kind == KP_X_CHAIN)   /* in the same walk: one pass over the tree */
		kp_diag_add(rc->d, rc->a, KP_R_CHAINED_CMP, KP_SEV_WARNING, rc->src, e->off, e->len,
		            "chained comparison is not portable SQL (SQL reads it as (a %s b) %s c); "
		            "write it as ... AND ...", kp_op_text(e->op), kp_op_text(e->op2));
	resolve(rc, e->a);
	resolve(rc, e->b);
	resolve(rc, e->c);
	for (uint32_t i = 0; i < e->n; i++)
		resolve(rc, e->list[i]);
}

static void resolve_list(resolve_ctx *rc, const kp_list *l)
{
	for (uint32_t i = 0; i < l->n; i++)
		resolve(rc, l->items[i]);
}

static void resolve_order(resolve_ctx *rc, const kp_list *l)
{
	for (uint32_t i = 0; i < l->n; i++)
		resolve(rc, ((const kp_order_item *)l->items[i])->expr);
}

/* e as the later steps read it: where it holds a function written without
 * parentheses, a copy of the path down to it with a function node in its
 * place (sharing every other node with the AST, which is not written). */
static kp_expr *with_functions(resolve_ctx *rc, kp_expr *e)
{
	if (!e)
		return e;
	if (e->kind == KP_X_COLUMN) {
		for (uint32_t i = 0; i < rc->fns.n; i++)
			if (rc->fns.items[i] == e) {
				kp_expr *f = kp_arena_alloc(rc->a, sizeof(*f));
				*f = *e;
				f->kind = KP_X_FUNC;
				return f;
			}
		return e;
	}
	kp_expr *a = with_functions(rc, e->a);
	kp_expr *b = with_functions(rc, e->b);
	kp_expr *c = with_functions(rc, e->c);
	kp_expr **list = e->list;
	for (uint32_t i = 0; i < e->n; i++) {
		kp_expr *x = with_functions(rc, e->list[i]);
		if (x != e->list[i] && list == e->list) {
			list = kp_arena_alloc(rc->a, sizeof(kp_expr *) * e->n);
			memcpy(list, e->list, sizeof(kp_expr *) * e->n);
		}
		list[i] = x;
	}
	if (a == e->a && b == e->b && c == e->c && list == e->list)
		return e;
	kp_expr *r = kp_arena_alloc(rc->a, sizeof(*r));
	*r = *e;
	r->a = a;
	r->b = b;
	r->c = c;
	r->list = list;
	return r;
}

/* The ORDER BY items, likewise: l, or a copy. */
static const kp_list *order_with_functions(resolve_ctx *rc, const kp_list *l)
{
	kp_list *out = NULL;
	for (uint32_t i = 0; i < l->n; i++) {
		const kp_order_item *it = l->items[i];
		kp_expr *x = with_functions(rc, it->expr);
		if (x == it->expr)
			continue;
		if (!out) {
			out = kp_arena_alloc(rc->a, sizeof(*out));
			*out = *l;
			out->items = kp_arena_alloc(rc->a, sizeof(void *) * l->n);
			memcpy(out->items, l->items, sizeof(void *) * l->n);
		}
		kp_order_item *c = kp_arena_alloc(rc->a, sizeof(*c));
		*c = *it;
		c->expr = x;
		out->items[i] = c;
	}
	return out ? out : l;
}

/* The ORDER BY as the stores sort by it: an integer literal names the
 * select item at that position (ORDER BY 2), and any other constant term
 * sorts nothing, so it is left out (Phoenix's OrderByCompiler skips
 * "stateless" expressions). l itself when nothing changes. */
const kp_list *kp_order_as_sorted(const kp_stmt *s, const kp_list *l, kp_arena *a)
{
	kp_list *out = NULL;
	for (uint32_t i = 0; i < l->n; i++) {
		const kp_order_item *it = l->items[i];
		const kp_expr *e = it->expr;
		kp_expr *pos = NULL;
		kp_value v;
		bool drop = false;
		if (e->kind == KP_X_INT && !e->overflow) {
			const kp_list *items = s->kind == KP_S_SELECT ? &s->u.select.items : NULL;
			if (items && e->ival >= 1 && (uint64_t)e->ival <= items->n &&
			    ((kp_expr *)items->items[e->ival - 1])->kind != KP_X_STAR)
				pos = items->items[e->ival - 1];
		} else {
			drop = kp_value_fold(&v, e, a);
		}
		if (!out && (pos || drop)) {
			out = kp_arena_alloc(a, sizeof(*out));
			out->items = kp_arena_alloc(a, sizeof(void *) * l->n);
			for (uint32_t k = 0; k < i; k++)
				out->items[out->n++] = l->items[k];
		}
		if (!out || drop)
			continue;
		if (pos) {
			kp_order_item *c = kp_arena_alloc(a, sizeof(*c));
			*c = *it;
			c->expr = pos;
			it = c;
		}
		out->items[out->n++] = (void *)it;
	}
	return out ? out : l;
}

/* Moves a copied expression onto [off, off+len) of the statement's source
 * (a view's WHERE comes from another statement, maybe another file), and
 * numbers its column references after the statement's own (*ref). */
static void relocate(kp_expr *e, uint32_t off, uint32_t len, uint32_t *ref)
{
	if (!e)
		return;
	e->off = off;
	e->len = len;
	e->name.off = e->qual.off = off;
	e->name.srclen = e->kind == KP_X_COLUMN || e->kind == KP_X_FUNC ? len : e->name.srclen;
	if (e->kind != KP_X_STRING)
		e->qual.srclen = len;
	if (e->kind == KP_X_COLUMN)
		e->ref = ++*ref;
	relocate(e->a, off, len, ref);
	relocate(e->b, off, len, ref);
	relocate(e->c, off, len, ref);
	for (uint32_t i = 0; i < e->n; i++)
		relocate(e->list[i], off, len, ref);
}

/* The statement's WHERE with a view's conditions ANDed in, as if written
 * in the query (located at the view's name there); *ref as for relocate. */
static kp_expr *with_view_where(const kp_table *t, kp_expr *where, kp_expr *tenant, const kp_name *at,
                                kp_arena *a, uint32_t *ref)
{
	uint32_t nq = where ? (where->kind == KP_X_AND && !where->paren ? where->n : 1) : 0;
	kp_expr *e = kp_arena_alloc(a, sizeof(*e));
	e->kind = KP_X_AND;
	e->list = kp_arena_alloc(a, sizeof(kp_expr *) * (nq + (uint32_t)t->nview_where + 2));
	for (uint32_t i = 0; i < nq; i++)
		e->list[e->n++] = where->kind == KP_X_AND && !where->paren ? where->list[i] : where;
	for (int i = 0; i < t->nview_where + (tenant != NULL); i++) {
		kp_expr *c = i < t->nview_where ? kp_expr_copy(a, t->view_where[i]) : tenant;
		relocate(c, at->off, at->srclen, ref);
		c->paren = true;
		e->list[e->n++] = c;
	}
	if (e->n == 1)
		return e->list[0];
	e->off = where ? where->off : at->off;
	e->len = where ? where->len : at->srclen;
	e->depth = 1;
	for (uint32_t i = 0; i < e->n; i++)
		if (e->list[i]->depth + 1 > e->depth)
			e->depth = (uint16_t)(e->list[i]->depth + 1);
	return e;
}

/* A tenant-specific connection's bound, tenant column = 'TenantId' (Phoenix
 * adds it to every statement on a MULTI_TENANT table or a view over one),
 * or NULL on a global connection. */
static kp_expr *tenant_bound(const kp_table *t, const kp_plan_opts *opts, int tc, kp_arena *a)
{
	if (tc < 0)
		return NULL;
	kp_expr *col = kp_arena_alloc(a, sizeof(*col)), *v = kp_arena_alloc(a, sizeof(*v)),
	        *e = kp_arena_alloc(a, sizeof(*e));
	col->kind = KP_X_COLUMN;
	col->name.s = t->cols[tc].name;
	col->name.len = t->cols[tc].name_len;
	col->depth = v->depth = 1;
	v->kind = KP_X_STRING;
	v->str = opts->tenant;
	v->slen = (uint32_t)strlen(opts->tenant);
	e->kind = KP_X_CMP;
	e->op = KP_OP_EQ;
	e->a = col;
	e->b = v;
	e->depth = 2;
	return e;
}

/* ---------------------------------------------------------------- hints */

/* What a hint's arguments must be. */
enum { HARG_NONE, HARG_INT, HARG_BOOL_OPT, HARG_NAME, HARG_NAMES, HARG_TABLE_NAMES, HARG_ANY };
/* What a hint does to the plan (most change only how the store runs it). */
enum { HACT_NONE, HACT_ALLOW_FILTERING, HACT_FORCE_INDEX, HACT_IGNORE_INDEX, HACT_PHX_INDEX, HACT_PHX_NO_INDEX,
       HACT_PHX_INDEX_OVER_DATA, HACT_PHX_DATA_OVER_INDEX };
/* Which dialect documents it: Lindorm's are known under every target,
 * Phoenix's under --target phoenix. */
enum { HD_LINDORM = 1, HD_PHOENIX = 2 };

typedef struct hint_spec {
	const char *name;       /* as documented (matched ignoring case) */
	uint8_t dialect;        /* HD_* */
	uint8_t args;           /* HARG_* */
	uint8_t act;            /* HACT_* */
	const char *form;       /* how it is written, for messages */
} hint_spec;

/* Lindorm's HINT page (wide-table SQL) and Phoenix's HintNode.Hint. */
static const hint_spec hint_specs[] = {
	{"_l_allow_filtering_", HD_LINDORM, HARG_NONE, HACT_ALLOW_FILTERING, "_l_allow_filtering_"},
	{"_l_force_index_", HD_LINDORM, HARG_NAME, HACT_FORCE_INDEX, "_l_force_index_('idx')"},
	{"_l_ignore_index_", HD_LINDORM, HARG_NAMES, HACT_IGNORE_INDEX, "_l_ignore_index_ or _l_ignore_index_('idx', ...)"},
	{"_l_operation_timeout_", HD_LINDORM, HARG_INT, HACT_NONE, "_l_operation_timeout_(30000)"},
	{"operationtimeout", HD_LINDORM, HARG_INT, HACT_NONE, "operationtimeout(30000)"},
	{"_l_ts_", HD_LINDORM, HARG_INT, HACT_NONE, "_l_ts_(1700000000000)"},
	{"_l_ts_min_", HD_LINDORM, HARG_INT, HACT_NONE, "_l_ts_min_(1700000000000)"},
	{"_l_ts_max_", HD_LINDORM, HARG_INT, HACT_NONE, "_l_ts_max_(1700000000000)"},
	{"_l_versions_", HD_LINDORM, HARG_INT, HACT_NONE, "_l_versions_(3)"},
	{"_l_hot_only_", HD_LINDORM, HARG_BOOL_OPT, HACT_NONE, "_l_hot_only_ or _l_hot_only_(true)"},
	{"index", HD_PHOENIX, HARG_TABLE_NAMES, HACT_PHX_INDEX, "INDEX(table idx ...)"},
	{"no_index", HD_PHOENIX, HARG_NONE, HACT_PHX_NO_INDEX, "NO_INDEX"},
	{"range_scan", HD_PHOENIX, HARG_NONE, HACT_NONE, "RANGE_SCAN"},
	{"skip_scan", HD_PHOENIX, HARG_NONE, HACT_NONE, "SKIP_SCAN"},
	{"small", HD_PHOENIX, HARG_NONE, HACT_NONE, "SMALL"},
	{"serial", HD_PHOENIX, HARG_NONE, HACT_NONE, "SERIAL"},
	{"no_cache", HD_PHOENIX, HARG_NONE, HACT_NONE, "NO_CACHE"},
	{"forward_scan", HD_PHOENIX, HARG_NONE, HACT_NONE, "FORWARD_SCAN"},
	{"seek_to_column", HD_PHOENIX, HARG_NONE, HACT_NONE, "SEEK_TO_COLUMN"},
	{"no_seek_to_column", HD_PHOENIX, HARG_NONE, HACT_NONE, "NO_SEEK_TO_COLUMN"},
	{"use_data_over_index_table", HD_PHOENIX, HARG_NONE, HACT_PHX_DATA_OVER_INDEX, "USE_DATA_OVER_INDEX_TABLE"},
	{"use_index_over_data_table", HD_PHOENIX, HARG_NONE, HACT_PHX_INDEX_OVER_DATA, "USE_INDEX_OVER_DATA_TABLE"},
	{"use_sort_merge_join", HD_PHOENIX, HARG_NONE, HACT_NONE, "USE_SORT_MERGE_JOIN"},
	{"use_persistent_cache", HD_PHOENIX, HARG_NONE, HACT_NONE, "USE_PERSISTENT_CACHE"},
	{"no_star_join", HD_PHOENIX, HARG_NONE, HACT_NONE, "NO_STAR_JOIN"},
	{"no_child_parent_join_optimization", HD_PHOENIX, HARG_NONE, HACT_NONE, "NO_CHILD_PARENT_JOIN_OPTIMIZATION"},
	{"hash_aggregate", HD_PHOENIX, HARG_NONE, HACT_NONE, "HASH_AGGREGATE"},
	{"no_index_server_merge", HD_PHOENIX, HARG_NONE, HACT_NONE, "NO_INDEX_SERVER_MERGE"},
	{"cdc_include", HD_PHOENIX, HARG_ANY, HACT_NONE, "CDC_INCLUDE(PRE POST ...)"},
};

static bool is_name_arg(const kp_expr *e)
{
	return e->kind == KP_X_STRING || e->kind == KP_X_COLUMN;
}

/* Do the hint's arguments have the documented form? */
static bool hint_args_ok(const kp_hint *x, int args)
{
	uint32_t n = x->args.n;
	kp_expr *const *v = (kp_expr *const *)x->args.items;
	switch (args) {
	case HARG_NONE: return n == 0;
	case HARG_INT: return n == 1 && (v[0]->kind == KP_X_INT || v[0]->kind == KP_X_PARAM);
	case HARG_BOOL_OPT: return n == 0 || (n == 1 && v[0]->kind == KP_X_BOOL);
	case HARG_NAME: return n == 1 && is_name_arg(v[0]);
	case HARG_TABLE_NAMES:
		if (n < 2)
			return false;
		/* fall through */
	case HARG_NAMES:
		for (uint32_t i = 0; i < n; i++)
			if (!is_name_arg(v[i]))
				return false;
		return true;
	default: return true;
	}
}

static void read_hints(hints *h, const kp_stmt *s, const kp_plan_opts *opts, kp_source *src,
                       kp_arena *a, kp_diags *d)
{
	memset(h, 0, sizeof(*h));
	int dialects = HD_LINDORM | (opts->phoenix ? HD_PHOENIX : 0);
	for (uint32_t i = 0; i < s->hints.n; i++) {
		const kp_hint *x = s->hints.items[i];
		const hint_spec *spec = NULL;
		for (size_t k = 0; k < sizeof hint_specs / sizeof hint_specs[0] && !spec; k++)
			if ((hint_specs[k].dialect & dialects) && kp_name_eq(&x->name, hint_specs[k].name))
				spec = &hint_specs[k];
		if (!spec) {
			kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, x->name.off, x->name.srclen,
			            "unknown hint '%.*s' is ignored", (int)x->name.len, x->name.s);
			continue;
		}
		if (!hint_args_ok(x, spec->args)) {
			kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, x->name.off, x->name.srclen,
			            "malformed hint '%.*s' is ignored; write it %s", (int)x->name.len, x->name.s,
			            spec->form);
			continue;
		}
		switch (spec->act) {
		case HACT_ALLOW_FILTERING: h->allow_filtering = true; break;
		case HACT_FORCE_INDEX: h->force = x; break;
		case HACT_IGNORE_INDEX: h->ignore = x; break;
		case HACT_PHX_INDEX:
			/* every INDEX hint is read in order (kp_hints_phoenix_index) */
			if (!h->phx_index)
				h->phx_index = x;
			h->hints = &s->hints;
			break;
		case HACT_PHX_NO_INDEX: h->no_index = true; break;
		case HACT_PHX_INDEX_OVER_DATA: h->index_over_data = true; break;
		case HACT_PHX_DATA_OVER_INDEX: h->data_over_index = true; break;
		default: break;
		}
	}
}

const char *kp_hint_arg(const kp_expr *e, uint32_t *len)
{
	if (e->kind == KP_X_STRING) {
		*len = e->slen;
		return e->str;
	}
	*len = e->name.len;
	return e->name.s;
}

bool kp_hints_ignore(const hints *h, const kp_index *ix)
{
	if (h->no_index)
		return true;
	if (!h->ignore)
		return false;
	if (h->ignore->args.n == 0)
		return true;
	for (uint32_t i = 0; i < h->ignore->args.n; i++) {
		uint32_t n;
		const char *s = kp_hint_arg(h->ignore->args.items[i], &n);
		kp_name nm = {s, n, 0, n, false};
		if (kp_name_eq(&nm, ix->name))
			return true;
	}
	return false;
}

/* Does Phoenix's INDEX hint x name table t (or its alias)? *nm is the
 * table it names. */
static bool index_hint_names(const kp_hint *x, const kp_table *t, const kp_name *alias, kp_name *nm,
                             kp_arena *a)
{
	const kp_expr *tab = x->args.items[0];
	uint32_t n;
	const char *tn = kp_hint_arg(tab, &n);
	kp_name one = {tn, n, 0, n, false};
	*nm = one;
	if (tab->kind == KP_X_COLUMN && tab->qual.s)   /* INDEX(schema.table idx) */
		*nm = kp_ast_qualified(a, tab->qual, tab->name);
	return kp_name_eq(nm, t->name) || (alias && alias->s && kp_name_eqn(nm, alias));
}

/* Phoenix's INDEX(t idx1 idx2 ...), any number of them: the first index
 * of t they list, hint after hint, that exists and can serve is used
 * (QueryOptimizer.getHintedQueryPlan reads the hints in order and returns
 * the first plan addPlan makes); a hint naming another table (or alias),
 * or only missing indexes, is ignored, as Phoenix ignores it. */
const kp_index *kp_hints_phoenix_index(const hints *h, const kp_table *t, const kp_name *alias,
                                     kp_source *src, kp_arena *a, kp_diags *d)
{
	const kp_hint *first = NULL;
	for (uint32_t k = 0; k < h->hints->n; k++) {
		const kp_hint *x = h->hints->items[k];
		if (!kp_name_eq(&x->name, "index") || !hint_args_ok(x, HARG_TABLE_NAMES))
			continue;
		kp_name nm;
		if (!index_hint_names(x, t, alias, &nm, a)) {
			const kp_expr *tab = x->args.items[0];
			kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, tab->off, tab->len,
			            "INDEX hint names table '%.*s', not %s: it is ignored", (int)nm.len, nm.s,
			            t->name);
			continue;
		}
		if (!first)
			first = x;
		for (uint32_t i = 1; i < x->args.n; i++) {
			uint32_t n;
			const char *s = kp_hint_arg(x->args.items[i], &n);
			kp_index *ix = kp_table_index(t, s, n);
			if (ix && ix->kv && ix->state == KP_IX_ACTIVE)
				return ix;
		}
	}
	if (first) {
		const kp_expr *arg = first->args.items[1];
		kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, arg->off, arg->len,
		            "INDEX hint names no index of %s that keyplan can use: it is ignored", t->name);
	}
	return NULL;
}

/* FROM t USE INDEX (idx, ...): the first named index of t that exists;
 * USE INDEX () reads the data table alone (Tablestore: "Force a full table
 * scan (skip all indexes)"). False when it names only missing indexes
 * (reported, as _l_force_index_ is). */
bool kp_use_index(const kp_index **forced, hints *h, const kp_table *t, const kp_select *sel, kp_source *src,
                  kp_arena *a, kp_diags *d)
{
	const kp_list *l = &sel->use_index_names;
	*forced = NULL;
	if (l->n == 0) {
		h->no_index = true;
		return true;
	}
	for (uint32_t i = 0; i < l->n; i++) {
		const kp_name *n = l->items[i];
		kp_index *ix = kp_table_index(t, n->s, n->len);
		if (ix && ix->state == KP_IX_ACTIVE && (ix->kv || ix->search)) {
			*forced = ix;
			return true;
		}
	}
	const kp_name *n0 = l->items[0];
	kp_diag_add(d, a, KP_R_UNKNOWN_INDEX, KP_SEV_ERROR, src, n0->off, n0->srclen,
	            "USE INDEX names '%.*s', which is not an index of %s that keyplan can use", (int)n0->len, n0->s,
	            t->name);
	return false;
}

/* -------------------------------------------------------- resolved view */

const kp_names *kp_names_copy(const kp_names *nm, kp_arena *a)
{
	if (!nm)
		return NULL;
	kp_names *c = kp_arena_alloc(a, sizeof(*c) + sizeof(int32_t) * nm->n);
	int32_t *col = (int32_t *)(c + 1);
	*c = *nm;
	memcpy(col, nm->col, sizeof(int32_t) * nm->n);
	c->col = col;
	return c;
}

void kp_resolve(resolved *r, const kp_table *t, const kp_stmt *s, const stmt_parts *v,
                const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d)
{
	memset(r, 0, sizeof(*r));
	uint32_t nref = s->ncolrefs;
	kp_expr *where = v->where;
	int tc = opts->phoenix && opts->tenant ? kp_table_tenant_col(t) : -1;
	kp_expr *tenant = tenant_bound(t, opts, tc, a);
	if (t->nview_where || tenant)
		where = with_view_where(t, where, tenant, v->table, a, &nref);
	/* the names and their columns in one allocation: this runs per statement */
	kp_names *nm = kp_arena_alloc(a, sizeof(*nm) + sizeof(int32_t) * (nref + 1));
	nm->n = nref + 1;
	nm->col = (int32_t *)(nm + 1);
	r->names = nm;
	r->used = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + 1));
	resolve_ctx rc = {t, v->alias, r->used, (int32_t *)(nm + 1), 0, {0}, src, a, d,
	                  s->kind == KP_S_SELECT ? &s->u.select.dyncols : NULL, tc, s->ncolrefs, false};
	if (s->kind == KP_S_SELECT) {
		resolve_list(&rc, &s->u.select.items);
		resolve_list(&rc, &s->u.select.group);
		resolve(&rc, s->u.select.having);
	} else if (s->kind == KP_S_UPDATE) {
		for (uint32_t i = 0; i < s->u.update.sets.n; i++) {
			kp_assign *as = s->u.update.sets.items[i];
			int ci = kp_table_column(t, as->col.s, as->col.len);
			if (ci < 0) {
				kp_diag *g = kp_diag_add(d, a, KP_R_UNKNOWN_COLUMN, KP_SEV_ERROR, src, as->col.off,
				                         as->col.srclen, "unknown column '%.*s' in table %s",
				                         (int)as->col.len, as->col.s, t->name);
				help_near_column(g, a, t, &as->col);
				rc.errors++;
			}
			resolve(&rc, as->value);
		}
	} else {
		for (int i = 0; i < t->ncols; i++)
			r->used[i] = true;   /* DELETE removes whole rows */
	}
	resolve(&rc, where);
	resolve_order(&rc, v->order);
	r->errors = rc.errors;
	r->tenant = tc;
	r->key_dep = rc.key_dep;
	r->where = rc.fns.n ? with_functions(&rc, where) : where;
	r->plain = !rc.fns.n && where == v->where;
	r->order = rc.fns.n ? order_with_functions(&rc, v->order) : v->order;
	if (r->order->n)
		r->order = kp_order_as_sorted(s, r->order, a);
	if (!r->errors && s->hints.n)   /* r->h is zero: no hints */
		read_hints(&r->h, s, opts, src, a, d);
	/* Phoenix plans a query that declares dynamic columns on its data
	 * table alone, as under NO_INDEX (QueryOptimizer.getApplicablePlans:
	 * "hasDynamicCols()") */
	if (opts->phoenix && s->kind == KP_S_SELECT && s->u.select.dyncols.n)
		r->h.no_index = true;
}

const char *kp_hint_known(int i, bool *phoenix, const char **form)
{
	if (i < 0 || (size_t)i >= sizeof hint_specs / sizeof *hint_specs)
		return NULL;
	*phoenix = hint_specs[i].dialect == HD_PHOENIX;
	*form = hint_specs[i].form;
	return hint_specs[i].name;
}
