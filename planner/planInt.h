/* The planner's private interface, shared by its files and by no one else
 * (as SQLite's whereInt.h): the box sets a WHERE clause becomes for one
 * candidate key, the planning context, the evaluated paths, the resolved
 * view of the statement with its hints.
 *
 * The steps, each in its own file:
 *   resolve.c  names and hints: the resolved view the later steps read
 *              (the AST is left as parsed)
 *   terms.c    WHERE terms (leaves) -> box sets over the key's columns
 *   keyfunc.c  key ranges through order-preserving functions (Phoenix)
 *   calendar.c times rounded to weeks, months and years (Phoenix's Joda)
 *   boxes.c    box-set algebra: AND, OR, hull, merge
 *   range.c    box sets -> key ranges in stored order, and which WHERE
 *              terms the ranges serve
 *   path.c     one candidate key evaluated; the access path chosen
 *   choose.c   which of two candidate paths the target's optimizer prefers
 *   order.c    how the chosen path returns the ORDER BY
 *   plan.c     the driver: kp_plan_stmt and kp_plan_on_table
 *   rebind.c   a statement resolved once, planned on many hypothetical
 *              copies of its table (kp_prepare, kp_plan_prepared)
 *   reuse.c    statements of one shape resolved once, their path choice kept
 *   template.c a shape's candidate paths as templates filled with each
 *              statement's literals
 *   findmemo.c a shape's full-scan finding, worded once a path and copied
 *
 * Small helpers the hot paths of several files call are static inline
 * here: a call into another file is not inlined. */
#ifndef KP_PLANINT_H
#define KP_PLANINT_H

#include "planner/plan.h"

#include <stdlib.h>
#include <string.h>

/* A constraint on one key column: an interval; both bounds unset = free. */
typedef struct kp_con {
	kp_bound lo;            /* lower bound */
	kp_bound hi;            /* upper bound */
	bool point;             /* lo == hi, both inclusive: one value (kept in step
	                           with lo and hi, so it is compared once) */
} kp_con;

/* A union of boxes; a box is an array of nk constraints. */
typedef struct boxset {
	kp_con **b;             /* boxes */
	uint32_t n;             /* number of boxes (0: never true) */
	bool exact;             /* the union is exactly the accepted rows */
} boxset;

/* Planning context for one candidate key. */
typedef struct pctx {
	kp_arena *a;            /* statement arena */
	kp_diags *d;            /* diagnostics */
	kp_source *src;         /* source of the statement */
	const kp_table *t;      /* table */
	const int32_t *col;     /* the statement's kp_names.col (col_of) */
	const kp_key *key;      /* candidate key */
	int nk;                 /* distinct table columns the key uses */
	int *kcol;              /* table column -> key column slot, or -1 */
	int *pslot;             /* key part -> its slot (a column's, or an expression
	                           part's own); -1 for a hash part */
	const kp_expr **xexpr;  /* slot -> the expression of a functional index
	                           part, NULL for a column slot (xexpr itself is
	                           NULL when the key has no expression part) */
	int nx;                 /* expression slots */
	bool *nullslot;         /* slot -> a nullable key column (Phoenix `NULL`):
	                           NULL sorts first, so a range unbounded below
	                           starts after it */
	bool report;            /* emit diagnostics (only on the primary-key pass) */
	bool keyfn;             /* functions of key columns form key ranges, as
	                           Phoenix forms them (keyfunc.c) */
	bool limit_hit;         /* KP_MAX_RANGES was exceeded */
} pctx;

/* ------------------------------------------------------------- bounds */

/* Values in the stored key order (NULL first); *ok is false when the order
 * depends on parameters. Integers compared here, everything else in
 * kp_value_key_cmp: most key values are integers, and the planner compares
 * bounds all the time. */
static inline int vcmp(const kp_value *a, const kp_value *b, bool *ok)
{
	if (a->kind == KP_V_INT && b->kind == KP_V_INT) {
		*ok = true;
		return (a->i > b->i) - (a->i < b->i);
	}
	return kp_value_key_cmp(a, b, ok);
}

/* The tighter of two bounds on the same side: dir +1 keeps the greater
 * (lower bounds), -1 the smaller (upper bounds). *lossy when they cannot be
 * compared; x is kept then. */
static inline kp_bound tighter(kp_bound x, kp_bound y, int dir, bool *lossy)
{
	if (!x.set)
		return y;
	if (!y.set)
		return x;
	/* "above NULL" (a comparison on a column that can be NULL) against a
	 * parameter's lower bound: the parameter's is the tighter, since a
	 * comparison with NULL holds for no row (a NULL parameter empties
	 * both); left incomparable, the other bound of x >= ? AND x < ? stayed
	 * a filter on a nullable index column */
	if (dir > 0 && x.kind == KP_V_NULL && !x.incl && y.kind == KP_V_PARAM)
		return y;
	if (dir > 0 && y.kind == KP_V_NULL && !y.incl && x.kind == KP_V_PARAM)
		return x;
	bool ok;
	int c = vcmp(&x, &y, &ok) * dir;
	if (!ok) {
		*lossy = true;
		return x;
	}
	if (c != 0)
		return c > 0 ? x : y;
	x.incl = x.incl && y.incl;
	return x;
}

static inline kp_bound max_lo(kp_bound x, kp_bound y, bool *lossy)
{
	return tighter(x, y, 1, lossy);
}

static inline kp_bound min_hi(kp_bound x, kp_bound y, bool *lossy)
{
	return tighter(x, y, -1, lossy);
}

static inline bool con_free(const kp_con *c)
{
	return !c->lo.set && !c->hi.set;
}

static inline bool con_point(const kp_con *c)
{
	return c->point;
}

/* Is key part i, a bucket the writer splices into the column of the part
 * after it (kp_key_part.buckets), left unbound by box b? The store holds
 * one column, the bucket followed by the next part's value: a read
 * computes it only when it binds the bucket's columns and bounds that
 * next part too. A read that binds only the bucket's columns cannot name
 * the column's value (Lindorm's "a condition on a column that does not
 * lead needs the leading one bounded"; the advice's rewrite binds the
 * spliced column by the bucket and the next part's value), so it binds no
 * part: as `keyplan explain` plans the advised DDL. */
static inline bool spliced_unbound(const kp_key *k, const int *pslot, const kp_con *b, int i)
{
	const kp_key_part *p = &k->parts[i];
	if (p->buckets <= 0 || i + 1 >= k->n || pslot[i + 1] < 0)
		return false;
	return con_free(&b[pslot[i + 1]]);
}

/* Recomputes c->point; returns true when c is empty (lo above hi). */
static inline bool con_settle(kp_con *c)
{
	c->point = false;
	/* from NULL, the least value, inclusive: from the start */
	if (c->lo.set && c->lo.kind == KP_V_NULL && c->lo.incl && !(c->hi.set && c->hi.kind == KP_V_NULL))
		c->lo.set = false;
	/* infinities bound like any number: nothing lies above +inf */
	if ((c->lo.set && !c->lo.incl && c->lo.kind == KP_V_REAL && c->lo.r > 1.7976931348623157e308) ||
	    (c->hi.set && !c->hi.incl && c->hi.kind == KP_V_REAL && c->hi.r < -1.7976931348623157e308))
		return true;
	if (!c->lo.set || !c->hi.set)
		return false;
	bool ok;
	int r = vcmp(&c->lo, &c->hi, &ok);
	if (!ok)
		return false;
	if (r == 0 && c->lo.incl && c->hi.incl) {
		c->point = true;
		return false;
	}
	return r >= 0;
}

/* Does bound x admit everything bound y on the same side admits? dir +1
 * for lower bounds, -1 for upper bounds. */
static inline bool bound_covers(const kp_bound *x, const kp_bound *y, int dir)
{
	if (!x->set)
		return true;
	if (!y->set)
		return false;
	/* "above NULL" admits whatever a parameter's lower bound does (as in
	 * tighter) */
	if (dir > 0 && x->kind == KP_V_NULL && !x->incl && y->kind == KP_V_PARAM)
		return true;
	bool ok;
	int c = vcmp(x, y, &ok) * dir;
	if (!ok)
		return false;
	return c < 0 || (c == 0 && (x->incl || !y->incl));
}

static inline bool lo_covers(const kp_bound *x, const kp_bound *y)
{
	return bound_covers(x, y, 1);
}

static inline bool hi_covers(const kp_bound *x, const kp_bound *y)
{
	return bound_covers(x, y, -1);
}

static inline bool con_covers(const kp_con *x, const kp_con *y)
{
	return lo_covers(&x->lo, &y->lo) && hi_covers(&x->hi, &y->hi);
}

/* ------------------------------------------------- box sets (boxes.c) */

static inline kp_con *box_new(pctx *pc)
{
	return kp_arena_alloc(pc->a, sizeof(kp_con) * (size_t)(pc->nk ? pc->nk : 1));
}

/* No box: never true. */
static inline boxset bs_none(void)
{
	boxset s = {NULL, 0, true};
	return s;
}

/* One free box: the whole key space (exact, or standing for a condition
 * the key cannot serve). */
static inline boxset bs_all(pctx *pc, bool exact)
{
	boxset s;
	s.b = kp_arena_alloc(pc->a, sizeof(kp_con *));
	s.b[0] = box_new(pc);
	s.n = 1;
	s.exact = exact;
	return s;
}

static inline void note_limit(pctx *pc)
{
	pc->limit_hit = true;
}

/* x OR y, x AND y; past KP_MAX_RANGES boxes, coarser and inexact. */
boxset kp_bs_or(pctx *pc, boxset x, boxset y);
/* A disjunction of many terms, built term by term (kp_bs_or_into). */
typedef struct bs_acc {
	boxset s;               /* the union so far */
	uint32_t cap;           /* boxes s.b has room for; 0 while s.b is not
	                           its own (a term's array) */
	bool coarse;            /* past KP_MAX_RANGES once: s is one hull, and
	                           every later term joins it */
} bs_acc;
/* acc->s OR y, as kp_bs_or, but acc's array grows in place, doubling, so
 * that n terms cost O(n) boxes, not a copy of the union so far each; past
 * KP_MAX_RANGES the whole disjunction is one hull, as an IN list of as
 * many values is. */
void kp_bs_or_into(pctx *pc, bs_acc *acc, boxset y);
boxset kp_bs_and(pctx *pc, boxset x, boxset y);
/* Merges boxes that differ on one column where they overlap or touch;
 * quadratic, so only for sets of 2 to 64 boxes (checked here: most sets
 * have one box). */
void kp_bs_merge_small(pctx *pc, boxset *s);

static inline void kp_bs_merge(pctx *pc, boxset *s)
{
	if (s->n >= 2 && s->n <= 64)
		kp_bs_merge_small(pc, s);
}

/* ---------------------------------------------------- terms (terms.c) */

/* The box set of a WHERE condition (of NOT it, with neg) for the
 * candidate key of pc: exact when it holds exactly the rows the condition
 * accepts. */
boxset kp_terms_boxes(pctx *pc, const kp_expr *e, bool neg);

/* The smallest string above every string that starts with p[0..n): p with
 * its last code point incremented (terms.c). False if none exists. */
bool kp_prefix_successor(kp_arena *a, const char *p, uint32_t n, kp_value *out);

/* ------------------------------------------ key functions (keyfunc.c) */

/* The box set of `e op v` (op = < <= > >=, v a constant) into *out when e
 * is a function of a key column whose key range Phoenix forms (pc->keyfn);
 * false when it is not. */
bool kp_keyfn_boxes(pctx *pc, const kp_expr *e, int op, const kp_value *v, boxset *out);

/* ----------------------------------- calendar rounding (calendar.c) */

/* Phoenix's calendar units of FLOOR, CEIL, ROUND and TRUNC of a time. */
typedef enum kp_cal_unit { KP_CAL_WEEK, KP_CAL_MONTH, KP_CAL_YEAR } kp_cal_unit;
/* How a value is rounded: FLOOR (and TRUNC), CEIL, ROUND. */
typedef enum kp_round_mode { KP_ROUND_FLOOR, KP_ROUND_CEIL, KP_ROUND_NEAR } kp_round_mode;

/* Time t (milliseconds since 1970, UTC) rounded to unit u as Phoenix's
 * Joda expressions round it (ROUND: half even), and the first and last
 * millisecond Phoenix reads for the value t rounds to (rangeLower and
 * rangeUpper). */
int64_t kp_cal_round(kp_cal_unit u, kp_round_mode mode, int64_t t);
int64_t kp_cal_lower(kp_cal_unit u, kp_round_mode mode, int64_t t);
int64_t kp_cal_upper(kp_cal_unit u, kp_round_mode mode, int64_t t);

/* ------------------------------------ candidate paths (range.c, path.c) */

/* One candidate key evaluated for the statement. */
typedef struct path_eval {
	const kp_index *index;  /* NULL: primary key */
	const kp_key *key;      /* the path's key */
	kp_access access;       /* class */
	kp_range *ranges;       /* ranges */
	int nranges;            /* count */
	kp_list filter;         /* residual conjuncts */
	int bound;              /* key parts bound by the weakest range */
	bool covering;          /* holds every column used */
	bool limit_hit;         /* ranges were coarsened */
	bool unordered;         /* two ranges have no known order */
	kp_order order;         /* how it returns the ORDER BY (set for the path choice) */
	kp_choice choice;       /* the chosen path: which rule chose it (Tablestore) */
	kp_candidate *cands;    /* ... and the candidates, the chosen first */
	int ncands;
} path_eval;

/* Sets pe's ranges from the box set of its WHERE (range.c): sorted in
 * stored key order, disjoint. True when they read the whole table (then
 * pe holds one unbounded range). */
bool kp_ranges_of_boxes(pctx *pc, const boxset *all, path_eval *pe);
/* Pushes onto pe->filter each conjunct conj[i] (box set parts[i]) that
 * pe's ranges do not already guarantee (range.c). */
void kp_ranges_filter(pctx *pc, path_eval *pe, const kp_expr **conj, const boxset *parts, uint32_t n);

/* --------------------------------- names and hints resolved (resolve.c) */

typedef struct hints {
	bool allow_filtering;   /* _l_allow_filtering_ */
	const kp_hint *force;   /* _l_force_index_('idx') */
	const kp_hint *ignore;  /* _l_ignore_index_[('idx', ...)] */
	const kp_hint *phx_index; /* Phoenix INDEX(t idx ...): the first */
	const kp_list *hints;   /* with phx_index: every hint of the statement, in order */
	bool no_index;          /* Phoenix NO_INDEX: the data table only */
	bool index_over_data;   /* Phoenix USE_INDEX_OVER_DATA_TABLE: ties go to an index */
	bool data_over_index;   /* Phoenix USE_DATA_OVER_INDEX_TABLE: ties go to the data table */
} hints;

/* The parts of a statement the planner reads (plan.c's parts_of). */
typedef struct stmt_parts {
	const kp_name *table;   /* target table */
	const kp_name *alias;   /* FROM alias, or NULL */
	kp_expr *where;         /* WHERE, or NULL */
	const kp_list *order;   /* ORDER BY items */
	const kp_expr *limit;   /* LIMIT, or NULL */
	bool allow_kw;          /* ALLOW FILTERING */
} stmt_parts;

/* The resolved view of a statement (resolve.c): the analysis step's
 * result, which the later steps read instead of writing into the AST. */
typedef struct resolved {
	const kp_names *names;  /* the table column each column reference names */
	bool *used;             /* per table column: the statement reads it */
	kp_expr *where;         /* WHERE with a view's conditions ANDed in, and a
	                           function written without () (CURRENT_DATE) as a
	                           function node: shares every other node with the AST */
	const kp_list *order;   /* ORDER BY items, likewise */
	hints h;                /* the hints that change the plan (read when no
	                           name is unknown) */
	int errors;             /* names unknown (reported) */
	int tenant;             /* the tenant column a tenant connection binds, or -1 */
	bool key_dep;           /* a name resolved through the key: a Lindorm c_l_ts
	                           pseudo-column names a non-key column c, so another
	                           key may resolve it otherwise (rebind.c) */
	bool plain;             /* where and order are the statement's own (no view's
	                           or tenant's condition, no function written without
	                           parentheses) up to kp_order_as_sorted (reuse.c) */
	struct path_keep *keep; /* the path choice kept for the statement's shape, or
	                           NULL (reuse.c; kp_path_choose reads and sets it) */
} resolved;

/* The access path chosen for a statement of a shape seen before: its
 * candidate alone is evaluated (reuse.c says when that is exact). */
typedef struct path_keep {
	bool use;               /* in: evaluate only index's key, the primary key's
	                           when NULL, as kp_path_choose would have chosen it */
	const struct kp_index *index; /* in, with use; out: the key path that won,
	                           before a search index was weighed */
	bool quiet;             /* out: nothing was reported while choosing */
	struct kp_tmpls *tm;    /* the shape's path templates (template.c): read,
	                           and written for a key evaluated in full; NULL: none */
	struct kp_sites *sites; /* the statement's literals as template.c reads them,
	                           made on first use (arena) */
	const struct kp_stmt *stmt; /* with tm: the statement, a copy of its shape's
	                           block (grammar/shape.c), where the shape's sites
	                           are found at the offsets tm recorded */
	bool verify;            /* KP_SHAPE_CACHE=verify: the sites found at the
	                           recorded offsets are checked against a walk */
	struct kp_filter_memo *sm; /* the shape's filter as SQL (filtermemo.c), or NULL */
	unsigned templated;     /* out: candidates planned from a template */
	struct kp_find_memo *fm; /* the shape's full-scan findings (findmemo.c), or NULL */
	unsigned copied;        /* out: a full-scan finding was copied from fm */
} path_keep;

/* ------------------------------- a shape's full-scan finding (findmemo.c) */

/* What plan.c reported for a statement of a shape kept by reuse.c that
 * reads a path whole (index: NULL for the table's key; why: plan.c's
 * flags), kept once and copied for the shape's later statements. Owned by
 * the shape's entry in reuse.c. */
typedef struct kp_find_memo kp_find_memo;
kp_find_memo *kp_find_memo_new(void);
/* Forgets every finding (the shape's entry is kept again). */
void kp_find_memo_clear(kp_find_memo *m);
void kp_find_memo_free(kp_find_memo *m);
/* The finding kept for index and why, added to d in a at src's span off,
 * len, its notes and help lines copied, and *rejected as plan.c set it:
 * true; false (nothing added) when none is kept or m is NULL. */
bool kp_find_memo_replay(const kp_find_memo *m, const struct kp_index *index, unsigned why, kp_diags *d,
                         kp_arena *a, kp_source *src, uint32_t off, uint32_t len, bool *rejected);
/* Keeps g (NULL: no finding) and rejected for index and why. */
void kp_find_memo_keep(kp_find_memo *m, const struct kp_index *index, unsigned why, const kp_diag *g,
                       bool rejected);

/* ------------------------ a shape's filter as SQL (filtermemo.c) */

/* The text of a shape's residual filter, kept with where its literals
 * were written. Owned by the shape's entry in reuse.c. */
typedef struct kp_filter_memo kp_filter_memo;
kp_filter_memo *kp_filter_memo_new(void);
/* Forgets it (the shape's entry is kept again). */
void kp_filter_memo_clear(kp_filter_memo *m);
void kp_filter_memo_free(kp_filter_memo *m);
/* kp_conj_to_sql of filter's n conjuncts, of where (the WHERE of s, a
 * copy of its shape's block), into out: from m's text with s's literals
 * when m was kept for the same conjuncts, else written in full and kept in
 * m when it may be (m NULL: written in full). */
void kp_filter_sql_kept(kp_buf *out, kp_filter_memo *m, const kp_stmt *s, const kp_expr *where,
                        kp_expr *const *filter, uint32_t n);
/* m's buffer for a message made around that text, emptied: it lives as
 * long as m, so a statement of the shape does not allocate one and free it
 * (a realloc and a free, about 130 instructions, for every filtered scan). */
kp_buf *kp_filter_memo_scratch(kp_filter_memo *m);

/* ------------------------------------- path templates (template.c) */

/* A shape's candidate paths as templates: the structure of each key's
 * ranges and filter, its values traced to the literals they came from
 * (template.c says when a later statement may use one). Owned by the
 * shape's entry in reuse.c. */
typedef struct kp_tmpls kp_tmpls;
kp_tmpls *kp_tmpls_new(void);
/* Forgets every template (the shape's entry is kept again). */
void kp_tmpls_clear(kp_tmpls *m);
void kp_tmpls_free(kp_tmpls *m);
/* Sets *pe (as eval_path does, for key and the statement's own WHERE
 * where) from a template of keep->tm, if there is one this statement's
 * literals may use; false otherwise (pe untouched). */
bool kp_tmpl_apply(path_keep *keep, const kp_table *t, const kp_names *nm, const kp_key *key,
                   const kp_expr *where, path_eval *pe, kp_arena *a);
/* Keeps pe, just evaluated in full for key and where with nothing
 * reported, as a template in keep->tm when it may be one. */
void kp_tmpl_record(path_keep *keep, const kp_table *t, const kp_names *nm, const kp_key *key,
                    const kp_expr *where, const path_eval *pe, kp_arena *a);

/* Resolves the names statement s (parts v) reads against table t into *r,
 * then reads its hints. Unknown names and hints are reported in d; what
 * the view points to is allocated in a. */
void kp_resolve(resolved *r, const kp_table *t, const kp_stmt *s, const stmt_parts *v,
                const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d);

/* The ORDER BY l of s as the stores sort by it (resolve.c): an integer
 * literal names the select item at that position, another constant term
 * is left out; l itself when nothing changes. It reads literal values, so
 * a resolution kept for a shape (reuse.c) makes it again. */
const kp_list *kp_order_as_sorted(const kp_stmt *s, const kp_list *l, kp_arena *a);

/* The parts of s the planner reads (plan.c). False for statements that
 * have no access path. */
bool kp_stmt_parts(stmt_parts *v, const kp_stmt *s);

/* Plans s (parts v, resolved against t as r) on table t (plan.c): the path
 * chosen and what it means reported. out is cleared by the caller. With d
 * NULL, the plan alone: no message is made, nor out->filter_sql. */
void kp_plan_resolved(kp_plan *out, const kp_table *t, const kp_stmt *s, const stmt_parts *v,
                      const resolved *r, const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d);

/* The table column a column reference names, or -1: for the planner's
 * hot paths, which know e is a column reference of the statement. */
static inline int col_of(const int32_t *col, const kp_expr *e)
{
	return col[e->ref] - 1;
}

/* The name a hint argument gives ('idx' or idx). */
const char *kp_hint_arg(const kp_expr *e, uint32_t *len);
/* Do the hints rule out index ix? */
bool kp_hints_ignore(const hints *h, const kp_index *ix);
/* The index Phoenix's INDEX(t idx ...) picks for t, or NULL (reported). */
const kp_index *kp_hints_phoenix_index(const hints *h, const kp_table *t, const kp_name *alias,
                                       kp_source *src, kp_arena *a, kp_diags *d);

/* FROM t USE INDEX (...) into *forced (NULL: the data table, h->no_index
 * set for USE INDEX ()). False (reported) when it names no usable index. */
bool kp_use_index(const kp_index **forced, hints *h, const kp_table *t, const kp_select *sel, kp_source *src,
                  kp_arena *a, kp_diags *d);

/* ------------------------------------------------- path choice (path.c) */

/* Is column c one a search index indexes? */
static inline bool search_has(const kp_index *ix, int c)
{
	for (int i = 0; i < ix->nuser; i++)
		if (ix->key.parts[i].col == c)
			return true;
	return ix->columnar;
}

/* Chooses the access path of statement s (FROM alias, resolved view r) on
 * table t into *best: the primary key, every usable KV index, then a
 * search index when no key serves. False when a hint forces an index the
 * table does not have (reported). */
bool kp_path_choose(path_eval *best, const kp_table *t, const kp_stmt *s, const kp_name *alias,
                    const resolved *r, const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d);

/* Is candidate a a better path than b on table t, by the target's
 * optimizer (choose.c)? */
bool kp_path_better(const kp_table *t, const path_eval *a, const path_eval *b, const kp_plan_opts *opts,
                    const hints *h);

/* Tablestore's index selection policy over the candidates cands[0..n)
 * (cands[0] the data table) and a search index that holds every column
 * the policy asks for (or NULL): rule 1 the search index, rule 2 the
 * secondary index that binds more key columns than the data table and
 * covers the query, else the cost-based optimizer, which keyplan cannot
 * predict: best (keyplan's order) stays, marked KP_CHOICE_COST. */
void kp_choose_tablestore(path_eval *best, const path_eval *cands, int n, const path_eval *search, kp_arena *a);

/* Can hint h force index ix for this WHERE? False when ix is disabled,
 * unusable or partial with a condition the WHERE does not hold (reported
 * as an ignored hint). */
bool kp_forced_usable(const kp_index *ix, const hints *h, const kp_expr *where, kp_source *src, kp_arena *a,
                      kp_diags *d);

/* ---------------------------------------------------- order (order.c) */

/* How plan p (its key, ranges and order of ranges) returns ORDER BY order;
 * the same for a candidate path. Most statements have no ORDER BY: that is
 * answered here, without a call. */
/* The columns a Phoenix write (in, into t) sets, on the connection opts
 * says: the tenant column named on a tenant's connection, values that do
 * not match the columns, a key column left unset are located errors
 * (write.c). nvalues: the values of a row, or -1 when unknown (SELECT *).
 * Sets out->tenant when the connection sets the tenant column. */
void kp_plan_write(kp_plan *out, const kp_table *t, const kp_insert *in, int nvalues, const kp_plan_opts *opts,
                   kp_source *src, kp_arena *a, kp_diags *d);
/* The columns and values of an INSERT into t on every target: a listed
 * column t lacks is KP009 at it, a row of values that does not match the
 * columns KP011 at the row (insert.c; Phoenix's count is write.c's). */
void kp_check_insert(const kp_table *t, const kp_insert *in, const kp_plan_opts *opts, kp_source *src,
                     kp_arena *a, kp_diags *d);
/* A DELETE the store refuses whatever path reads its rows (opts->
 * delete_by_key: not one row by its whole primary key), and its error
 * (planner/delete.c). */
bool kp_delete_refused(const kp_plan *p, const kp_stmt *s, const kp_plan_opts *opts);
void kp_delete_report(const kp_plan *p, const kp_stmt *s, const kp_plan_opts *opts, kp_source *src, kp_arena *a,
                      kp_diags *d);
kp_order kp_order_of_plan(const kp_plan *p, const kp_list *order);
/* Can plan p read NULLs of column col: a part of its key no range bounds
 * from below (KP003's words on a nullable column, planner/order.c)? */
bool kp_order_reads_nulls(const kp_plan *p, int col);
kp_order kp_order_of_path(const kp_table *t, const kp_names *nm, const path_eval *pe,
                          const kp_list *order);

static inline kp_order kp_plan_order(const kp_plan *p, const kp_list *order)
{
	return order->n ? kp_order_of_plan(p, order) : KP_ORDER_NONE;
}

static inline kp_order kp_path_order(const kp_table *t, const kp_names *nm, const path_eval *pe,
                                     const kp_list *order)
{
	return order->n ? kp_order_of_path(t, nm, pe, order) : KP_ORDER_NONE;
}

#endif
