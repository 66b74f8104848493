/* Access-path choice: for a SELECT, UPDATE or DELETE, which key (the
 * primary key or a secondary index) serves it, as which class (GET, SCAN,
 * FILTERED SCAN, full scan), over which key ranges, with which residual
 * filter and in which order. */
#ifndef KP_PLAN_H
#define KP_PLAN_H

#include <stdbool.h>

#include "catalog/catalog.h"
#include "planner/value.h"

/* Upper bound on key ranges after OR/IN expansion; past it the planner
 * plans with one covering range and says so (docs/limits.md). */
#define KP_MAX_RANGES 10000

typedef enum kp_access {
	KP_ACCESS_NONE = 0,     /* no plan (DDL, INSERT, errors) */
	KP_ACCESS_GET,          /* every key part bound to one value per key */
	KP_ACCESS_SCAN,         /* key prefix (+ range on the next part), nothing else */
	KP_ACCESS_FILTERED,     /* key ranges plus a server-side filter */
	KP_ACCESS_SEARCH,       /* a Lindorm search index serves every condition */
	KP_ACCESS_FULL,         /* no bound on the leading key part */
} kp_access;

typedef enum kp_order {
	KP_ORDER_NONE = 0,      /* no ORDER BY */
	KP_ORDER_KEY,           /* rows come out in the requested order */
	KP_ORDER_REVERSE,       /* the requested order is exactly backwards */
	KP_ORDER_SORT,          /* the store must sort */
} kp_order;

/* Which of a store's documented rules chose the path among several
 * candidates (Tablestore's "Index selection policy"; docs/targets.md). */
typedef enum kp_choice {
	KP_CHOICE_NONE = 0,     /* one candidate, a forced path, or a target whose choice
	                           keyplan models as an order (Phoenix, Lindorm, generic) */
	KP_CHOICE_SEARCH,       /* a search index holds every column of the WHERE,
	                           GROUP BY, HAVING and ORDER BY clauses */
	KP_CHOICE_SECONDARY,    /* a secondary index binds more leading key columns than
	                           the data table and covers the query */
	KP_CHOICE_COST,         /* neither: the store's cost-based optimizer chooses among
	                           the candidates, and the path shown is one of them, not a
	                           prediction */
} kp_choice;

/* A path the store could have read (for kp_plan.cands). */
typedef struct kp_candidate {
	const kp_index *index;  /* NULL: the data table */
	kp_access access;       /* its class */
	int bound;              /* leading key columns its ranges bind */
	bool covering;          /* holds every column the statement uses */
} kp_candidate;

/* One side of a range: a value whose set and incl flags say whether the
 * side is bounded and inclusive (kept in the value's spare bytes: bounds
 * are copied on the planner's hottest path, and this halves them). */
typedef kp_value kp_bound;

/* A contiguous stretch of the key: the first neq parts bound to one value,
 * then optionally a range on part neq. */
typedef struct kp_range {
	int neq;                /* key parts bound by equality */
	kp_value *eq;           /* their values (a hash part has kind KP_V_HASH) */
	bool has_range;         /* part neq is bounded by lo/hi */
	kp_bound lo;            /* lower bound of part neq */
	kp_bound hi;            /* upper bound of part neq */
	int nthen;              /* a skip range: the nthen parts after part neq ... */
	kp_value *then;         /* ... each bound to one value (read by seeking) */
	bool then_range;        /* ... and the part after those bounded by then_lo and
	                           then_hi (Phoenix's skip scan goes on past IN into a
	                           range: SKIP SCAN ON 2 RANGES with no filter) */
	kp_bound then_lo;       /* lower bound of part neq + 1 + nthen */
	kp_bound then_hi;       /* upper bound of part neq + 1 + nthen */
} kp_range;

/* What the column references of a statement name, resolved against its
 * table: the planner's analysis step writes this view, not the AST. */
typedef struct kp_names {
	const int32_t *col;     /* by kp_expr.ref: 1 + the table column the
	                           reference names, 0 for none (a dynamic column, a
	                           _l_ts pseudo-column, a function written without
	                           parentheses); read it with kp_names_column */
	uint32_t n;             /* entries in col */
} kp_names;

typedef struct kp_plan {
	const kp_stmt *stmt;    /* the statement planned */
	const kp_table *table;  /* its table, or NULL */
	const kp_index *index;  /* chosen index, or NULL for the primary key */
	const kp_key *key;      /* the chosen path's key */
	bool covering;          /* the chosen path holds every column the statement uses */
	kp_access access;       /* access class */
	bool rejected;          /* a full scan the store refuses */
	kp_range *ranges;       /* key ranges, sorted in key order, merged */
	int nranges;            /* entries in ranges; 0 with GET: never true */
	kp_list filter;         /* kp_expr* conjuncts the key ranges do not serve */
	const char *filter_sql; /* filter rendered as SQL once, or NULL */
	kp_order order;         /* how ORDER BY is served */
	bool unordered;         /* two ranges have no known order (parameters, or
	                           skip ranges whose stretches interleave) */
	const kp_names *names;  /* what its column references name, or NULL when
	                           there was no table to resolve them against */
	kp_choice choice;       /* which documented rule chose the path (Tablestore) */
	const kp_candidate *cands; /* with a choice: the candidate paths, the chosen first */
	int ncands;             /* entries in cands */
	const char *tenant;     /* a write on a tenant-specific connection: the
	                           TenantId it sets the tenant column to, or NULL */
	struct kp_json_memo *json; /* where explain's JSON of the path (statement to
	                           key_order) is kept for the statement's shape
	                           (reuse.c, explain.c), or NULL */
} kp_plan;

/* Settings that change the rules. */
typedef struct kp_plan_opts {
	bool never_reject;      /* warn about full scans instead of rejecting (Phoenix) */
	bool phoenix;           /* Phoenix's hints are known (INDEX, NO_INDEX, SMALL, ...),
	                           and its index rules apply: a global index that does not
	                           cover the query is used only when hinted */
	const char *full_scan_note; /* the target store's own words on a full scan, added to
	                               KP001 in parentheses; NULL: none (kp_target_plan_opts) */
	const char *filtered_scan_note; /* the target's words on a FILTERED SCAN, KP002's help: a
	                                   scan limit that counts the rows scanned before the
	                                   filter (Tablestore); NULL: none (kp_target_plan_opts) */
	const char *full_scan_optin; /* the target's own way to run a refused full scan, which
	                                KP001's help suggests; NULL: none (a store that runs
	                                full scans has nothing to opt in to) */
	bool bounded_lead;      /* a query with a condition on a column other than the path's
	                           leading key column is refused unless that column is bounded
	                           on both sides (Lindorm's SELECT: "set an upper and lower
	                           bound for the first primary key column") */
	bool index_policy;      /* Tablestore's index selection policy chooses the path: a
	                           search index, a secondary index, else its cost-based
	                           optimizer (kp_choice) */
	const char *tenant;     /* Phoenix: the statements run on a tenant-specific
	                           connection with this TenantId (--tenant): a
	                           MULTI_TENANT table's tenant column is bound to it
	                           and hidden; NULL: a global connection */
	const char *reverse_note; /* a store whose keys have no DESC: KP003's words on a read
	                             backwards, its own way to read newest first; NULL: KP003
	                             advises the opposite direction */
	const char *delete_by_key; /* the store deletes one row by its whole primary key
	                              and refuses any other DELETE: its own words, which the
	                              error quotes (LindormTable's DELETE); NULL: a DELETE
	                              is planned as a read of the rows it removes */
} kp_plan_opts;

/* Plans s (any kind; only SELECT, UPDATE and DELETE get an access path).
 * Diagnostics go to d, allocated in a, as does the plan. */
void kp_plan_stmt(kp_plan *out, const kp_catalog *cat, const kp_stmt *s,
                  const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d);

/* Statements of one shape resolved once (planner/reuse.c): what name
 * resolution makes of a statement depends on its shape and the schema,
 * not on its literals, so for a statement read from the shape cache
 * (kp_parser_last_shape) the resolution made for the first of its shape is
 * used again while the catalog (kp_catalog.gen), the table and the planning
 * rules are the same; everything that reads a value (ranges, bounds,
 * contradictions, LIKE prefixes, the ORDER BY's positions, limits, every
 * finding) is planned again, but a candidate key's ranges and filter are
 * taken from a template of the shape where the statement's literals
 * provably give the same structure (planner/template.c). A fixed number
 * of shapes is kept, the latest of each slot. KP_SHAPE_CACHE=verify in the
 * environment resolves every such statement again too, and aborts with a
 * message where the two differ (test_shape_cache runs the corpora so). */
typedef struct kp_plan_memo kp_plan_memo;
kp_plan_memo *kp_plan_memo_new(void);
void kp_plan_memo_free(kp_plan_memo *m);
/* kp_plan_stmt, for a statement of shape (0: not read from the shape
 * cache, then kp_plan_stmt itself), with m (NULL: none). */
void kp_plan_stmt_shaped(kp_plan *out, kp_plan_memo *m, uint64_t shape, const kp_catalog *cat,
                         const kp_stmt *s, const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d);

/* Plans s against table t as given (which may be a hypothetical copy with
 * another key or extra indexes), without looking the table up by name. */
void kp_plan_on_table(kp_plan *out, const kp_table *t, const kp_stmt *s,
                      const kp_plan_opts *opts, kp_source *src, kp_arena *a, kp_diags *d);

/* A statement resolved once against its table, to be planned on many
 * hypothetical copies of that table (the advisor's candidate keys and
 * indexes): resolution (names, a view's conditions, hints) is done once
 * and each plan only chooses the path.
 *
 * Ownership: kp_prepare allocates the kp_prepared and everything it points
 * to in the caller's arena a; it stays valid as long as a, s, src, opts and
 * t's columns do. kp_plan_prepared never writes it (one kp_prepared may be
 * planned any number of times, on any table h that qualifies) and
 * allocates the plan in its own arena, as kp_plan_on_table does. */
typedef struct kp_prepared kp_prepared;

/* s resolved against t (any kind: a statement with no access path plans
 * as nothing). The resolution's diagnostics (unknown names, hints) go to
 * d, once: kp_plan_prepared does not repeat them. */
const kp_prepared *kp_prepare(const kp_table *t, const kp_stmt *s, const kp_plan_opts *opts, kp_source *src,
                              kp_arena *a, kp_diags *d);

/* The plan kp_plan_on_table(out, h, s, ...) makes, from the statement
 * prepared on t, where h is t with another key or other indexes: the same
 * columns at the same positions (a copy made from t), the same view
 * conditions. When the resolution depends on the key (a Lindorm c_l_ts
 * pseudo-column, the tenant column of a multi-tenant table on a tenant
 * connection) or h has other columns, s is resolved again on h. With d
 * NULL the plan alone is made, as the advisor weighs it: every field but
 * filter_sql, and no diagnostic (which costs as much as the path). */
void kp_plan_prepared(kp_plan *out, const kp_prepared *p, const kp_table *h, kp_arena *a, kp_diags *d);

/* Which indexes of h can change the plan kp_plan_prepared(p, h) makes:
 * may[i] (one per h->indexes[i]) is false only when the plan provably is
 * the same with or without that index (rebind.c says why), so that a memo
 * of plans may leave it out of its key; true whenever that is not proven. */
void kp_prepared_may_use(const kp_prepared *p, const kp_table *h, bool *may);

/* The table column column reference e of the planned statement names, or
 * -1 (not a column reference, or one that names no column of the table). */
static inline int kp_names_column(const kp_names *nm, const kp_expr *e)
{
	return nm && e && e->kind == KP_X_COLUMN && e->ref < nm->n ? nm->col[e->ref] - 1 : -1;
}

/* A copy of nm in a (for a plan kept beyond its statement's arena). */
const kp_names *kp_names_copy(const kp_names *nm, kp_arena *a);

/* The i-th hint the planner knows (NULL past the last): its name, whether
 * it is Phoenix's (else Lindorm's, known under every target), and how it
 * is written (completion offers them). */
const char *kp_hint_known(int i, bool *phoenix, const char **form);

const char *kp_access_name(kp_access a);       /* "get", "scan", ... */
const char *kp_order_name(kp_order o);         /* "key", "reverse", "sort" */
const char *kp_choice_name(kp_choice c);       /* "search_index", "secondary_index", "cost" */

#endif
