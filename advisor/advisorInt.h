/* The advisor's private interface, shared by the files of advisor/ only
 * (the layers above include advisor/advisor.h). One file per idea:
 *
 *   targets.c    the target stores as one table (limits, syntax, words)
 *   columns.c    what a column's name and type say (hotspot reasons, widths)
 *   evidence.c   what the workload says of a column (monotonic values)
 *   logs.c       what check keeps of each statement: its place, an insert's
 *                values (logs of varints)
 *   tenant.c     Phoenix multi-tenant tables: the tenant leads every key
 *   annotations.c what the schema's annotations state (rows, writes,
 *                distinct values, distributions, row sizes, pre-split)
 *   profile.c    what is known of a table's values, for the simulation
 *   query.c      what a workload statement binds, uses and orders by
 *   workload.c   the weighted workload, re-planned on hypothetical tables;
 *                verdicts
 *   ddl.c        DDL and key notation in the target's syntax
 *   limits.c     KP110: the target's limits on a table and a statement
 *   hotspot.c    KP101-KP103: hot keys (landing.c) and their fixes
 *   keyshape.c   KP104-KP106, KP108: key size and shape, column families
 *   unique.c     KP107: keys that do not tell rows apart
 *   index.c      KP120: index tables and secondary indexes for unserved reads
 *   keysearch.c  KP121-KP122: the best key order, DESC key columns
 *   search.c     KP120: one search index for reads filtered ad hoc
 *   cost.c       the cost model: rows read and written per statement
 *   landing.c    where a key's writes land: the key walked column by column
 *                (spread, few values, monotonic), one model for KP101/KP102,
 *                the judge's "on one region" and the index candidates
 *   judge.c      candidates applied alone and together, the whole workload
 *                re-planned and costed, one recommendation per table
 *   summary.c    the per-table summary, from the judge's plans
 *   advisor.c    the driver and the advice records
 *
 * The advisor never feeds planning: workload.c and judge.c are the only
 * files that call the planner, and only on hypothetical copies of a table. Names private
 * to advisor/ start with kpa_. */
#ifndef KP_ADVISOR_INT_H
#define KP_ADVISOR_INT_H

#include "advisor/advisor.h"

/* ------------------------------------------------------------ targets.c */

/* Each target store as data: its hard limits, what its DDL can say, and
 * its own words. The schema checks, the DDL writers and the planner's
 * full-scan wording read this table; nothing else tests a target by name. */
typedef struct target_info {
	const char *name;           /* --target */
	const char *lead_word;      /* what the store calls the leading key column */
	const char *key_word;       /* what it calls the key a fix leads with a new column */
	int max_key_parts;          /* primary key parts, 0: no limit */
	int max_index_cols;         /* a secondary index's own (index) columns, 0: no limit */
	int max_index_key_parts;    /* a secondary index's key: its columns plus the table's key
	                               columns the store appends, 0: no limit */
	int max_families;           /* column families, 0: no limit */
	long long max_key_bytes;    /* declared key width, 0: no limit */
	bool binary_last_only;      /* a VARBINARY key column only in the last position */
	bool no_json_key;           /* JSON never in the key */
	bool strict_key_types;      /* key columns BIGINT, VARCHAR(<= 1024) or VARBINARY(<= 1024) */
	int max_salt_buckets;       /* SALT_BUCKETS allowed (1..n); 0: no such option */
	bool hash_key_parts;        /* PRIMARY KEY (hash32(c), ...) */
	bool hash_part_error;       /* a hash function in the key is an error (KP110) */
	bool pk_constraint;         /* CONSTRAINT pk PRIMARY KEY (...) */
	bool desc_key;              /* DESC in the primary key */
	bool sql_index;             /* CREATE INDEX ... INCLUDE (...) in SQL */
	bool never_reject;          /* full scans run (warned about), not refused */
	double scan_rows_limit;     /* rows one SQL scan may read before the store fails it
	                               (Tablestore's SQL scan limit), 0: none; a full scan
	                               past it cannot succeed: the judge counts it refused */
	bool range_read_units;      /* a range read is charged by the data it scans, a few
	                               hundred rows one unit, one request filtering on the
	                               server (Tablestore's GetRange): a small filtered read
	                               costs the rows it returns (kpa_small_filtered_rows) */
	const char *full_scan_note; /* its words on a full scan (KP001) */
	const char *filtered_scan_note; /* its words on a FILTERED SCAN (KP002's help): a scan limit
	                                   that counts the rows scanned, before the filter; NULL: none */
	const char *full_scan_optin; /* its opt-in to a refused full scan (KP001's help), or NULL */
	const char *long_key_why;   /* its words on a wide fixed-width key (KP105): the store's
	                               own advice, never another store's (E108) */
	const char *id_source;      /* where unique ids come from in this store */
	const char *id_ddl;         /* the DDL of that id source, or NULL */
	int max_in_list;            /* values in one IN list, 0: no limit */
	int max_limit;              /* LIMIT and OFFSET, 0: no limit */
	bool order_in_key_order;    /* ORDER BY only where the path returns that order (no sort) */
	bool partition_lead;        /* rows are partitioned by the first key column alone (Tablestore's
	                               partition key): a partition never splits inside one value */
	bool phoenix_rules;         /* Phoenix's hints and index rules (kp_plan_opts.phoenix) */
	bool index_policy;          /* Tablestore's index selection policy (kp_plan_opts.index_policy) */
	bool bounded_lead;          /* a condition on another column needs both bounds on the
	                               leading key column (kp_plan_opts.bounded_lead) */
	bool dotted_families;       /* column families written cf.col (else `cf:col`) */
	int names;                  /* how names match (KP_NAMES_*) */
	bool dq_strings;            /* "text" is a string literal, not a quoted name */
	bool heap_tables;           /* a table without a primary key is a heap table
	                               (MySQL, PostgreSQL), not an error (KP015) */
	unsigned refuses;           /* bits 1 << kp_construct its grammar refuses */
	const char *refuses_why;    /* its words on them */
	int max_indexes;            /* secondary indexes (index tables) a table may have, 0: no
	                               limit of the store's own (the judge's bound applies) */
	int search_index;           /* KPA_SEARCH_*: whether and how it creates a search index */
	const char *delete_by_key;  /* DELETE removes one row, its WHERE binding every key column
	                               by = (LindormTable: batch deletion is off by default): the
	                               store's words, which the planner's error quotes; NULL:
	                               any DELETE */
	bool expr_index;            /* CREATE INDEX ... ON t (expression): an index keyed by an
	                               expression of columns (Phoenix's functional indexes) */
	bool not_null_key_only;     /* NOT NULL only on key columns, unless the table is
	                               IMMUTABLE_ROWS (Phoenix's ERROR 1007; kp_check_target_ddl) */
	bool with_options;          /* table options as WITH (name = 'value', ...) (Lindorm's
	                               CREATE TABLE: option_identifier '=' string_literal);
	                               else name = value, ... after the element list */
} target_info;

/* How a store creates a search index (an index that serves conditions on
 * any combination of its columns): none, in SQL (Lindorm's CREATE INDEX
 * ... USING SEARCH), or by an API operation (Tablestore's
 * CreateSearchIndex; keyplan's schema reads it as CREATE INDEX ... USING
 * SEARCH). */
enum { KPA_SEARCH_NONE, KPA_SEARCH_SQL, KPA_SEARCH_API };

const target_info *kpa_target(kp_target t);
/* A key column type Tablestore accepts: BIGINT, VARCHAR(n <= 1024) or
 * VARBINARY(n <= 1024). */
bool kpa_strict_key_type(const kp_column *c);
/* Does a key of this width (plus extra bytes the fix adds) fit the target? */
bool kpa_width_fits(kp_advisor *adv, long long width, int extra);

/* ------------------------------------------------------------ columns.c */
/* A column name in lower case with its camelCase words split by '_'
 * (createdAt -> created_at), into dst of n bytes: what the name
 * heuristics (here and landing.c) read. */
void kpa_name_words(char *dst, const char *src, size_t n);

/* Why a leading key column is a write hotspot, or NULL: it grows
 * monotonically (KP101), has few values (KP102), or its values share a
 * prefix (KP103); kpa_hot_reason is any of the three. */
const char *kpa_monotonic_reason(const kp_column *c);
const char *kpa_enum_reason(const kp_column *c);
const char *kpa_prefix_reason(const kp_column *c);
const char *kpa_hot_reason(const kp_column *c);
/* A calendar-unit column (DATE, a day, an hour by its name): concurrent
 * writes share its value, so a hash or bucket of it alone spreads none. */
bool kpa_coarse_time(const kp_column *c);
/* The most distinct values a column's type can hold, where that is fewer
 * than the default share of a value (KP_SEL_EQ) assumes: 2 for a BOOLEAN
 * (NULL aside); 0 otherwise (a TINYINT's 256 are more than the default's
 * 100, so they bound nothing). */
double kpa_type_values(const kp_column *c);
/* Why a column's name says each record is given its value once (a record
 * locator, a UUID, a confirmation code), or NULL: near-unique evidence
 * for the cost model (unique.c, KPA_UNIQUE_NAME). */
const char *kpa_unique_name(const kp_column *c);
/* A string column that holds numbers or dates, by its name (KP106). */
bool kpa_numeric_string(const kp_column *c);
/* Fixed width in bytes of a column, or -1 for variable width. */
int kpa_fixed_width(const kp_column *c);
/* Declared width in bytes of key k of t, or -1 when a column has no bound. */
long long kpa_key_width(const kp_table *t, const kp_key *k);
/* Length of a column's name as written (cf:col with its family). */
uint32_t kpa_name_len(const kp_column *c);
void kpa_lower_copy(char *dst, const char *src, size_t n);

/* -------------------------------------------------------- annotations.c */

/* What the comment lines before a table's CREATE TABLE state
 * (docs/annotations.md). */
enum { KPA_DIST_UNIFORM = 1, KPA_DIST_MONOTONIC, KPA_DIST_SKEWED, KPA_DIST_FIXED };

typedef struct kpa_notes {
	double rows;            /* -- rows: N, or -1 */
	double writes;          /* -- writes: N (write weight the workload does not show), or -1 */
	double row_bytes;       /* -- row_bytes: N, or -1 */
	double regions;         /* -- regions: N (pre-split), or -1 */
	double *distinct;       /* per column: -- distinct: c N (or fixed N), or 0 */
	int8_t *dist;           /* per column: -- distribution: c uniform, monotonic (and
	                           latest), skewed (and zipfian), fixed (KPA_DIST_*), or 0 */
	double *dist_arg;       /* per column: zipfian's constant, fixed's count, or 0 */
	bool *latest;           /* per column: latest (monotonic, reads prefer the newest) */
	double *range;          /* per column: -- range: c SHARE, the share of the rows a
	                           range on it keeps, in (0, 1], or 0 */
	kp_value *held;         /* per column: -- distribution: c 'V' SHARE, the value V
	                           (KP_V_STR) ... */
	double *held_share;     /* ... and the share of the rows that hold it, in (0, 1];
	                           0: none stated */
} kpa_notes;

/* t's annotations, parsed (and malformed ones reported, KP022) on first
 * use; never NULL for a table of the catalog. */
const kpa_notes *kpa_notes_of(kp_advisor *adv, const kp_table *t);
/* x's DDL as a designer applies it: where it adds a bucket column of its
 * own that the judge weighed as x->buckets buckets (salt_buckets' leading
 * bucket, rebuild_index's <index>_bucket), the annotations that state it
 * so (-- distinct: b N, -- distribution: b uniform) on the lines above the
 * CREATE TABLE or ALTER TABLE that adds it, which the reader takes there
 * (docs/annotations.md); else x->ddl as it is. */
const char *kpa_ddl_annotated(kp_advisor *adv, const kp_advice *x);
/* What the cost knows of a table's columns beyond the defaults, per
 * column index (ncols of each; NULL: nothing known): the distinct values
 * (stated by -- distinct:, or bounded by the column's type: judge.c) and
 * the share of the rows a range keeps (-- range:, 0 when not stated).
 * Borrowed: the arrays belong to the advisor's arena. */
typedef struct kpa_counts {
	const double *distinct;
	const double *range;
	int ncols;
	const int8_t *dist;     /* -- distribution: stated per column (KPA_DIST_*, 0: none),
	                           or NULL: whether a value's share of the rows is known */
	const kp_value *const *common; /* per column: the value most writes set to a column of
	                           few values whose spread is not stated (common_value.c),
	                           else NULL; NULL: none known */
	const kp_value *held;   /* per column: a value whose share of the rows is stated
	                           (-- distribution: c 'V' SHARE), or NULL */
	const double *held_share; /* per column: that share, in (0, 1]; 0: none stated */
	const char *const *few_default; /* per column: why a column whose share of the rows no
	                           annotation states has few values (its name or type, the
	                           literals every write sets: common_value.c), else NULL; a
	                           filter by = on it keeps, at the bracket's upper end, every
	                           row it reads (cost.c, filter_share); NULL: none known */
} kpa_counts;
/* The share of the rows a read that binds column col to v keeps, where
 * -- distribution: col 'V' SHARE states it: SHARE when v is V, the rest
 * spread over the column's other values when v is another literal
 * ((1 - SHARE) / (distinct - 1), or 1 - SHARE when the count is not
 * stated); 0 when nothing is stated of v (a parameter, no annotation). */
double kpa_held_share(const kpa_counts *k, int col, const kp_value *v);
/* kpa_held_share of the value WHERE w binds column col to by = (its
 * first such term), or 0. */
double kpa_held_share_in(const kpa_counts *k, const kp_names *nm, const kp_expr *w, int col);
/* The share of rows a range on column col keeps, stated by -- range:; 0
 * when not stated or k is NULL (the default, KP_SEL_RANGE, applies). */
double kpa_range_kept(const kpa_counts *k, int col);
/* Statements a second the -- rate: comment right above q states (the
 * nearest; docs/annotations.md), or -1 when none does. */
double kpa_stated_rate(const kp_wquery *q);
/* Few distinct values: a column annotated with at most this many is
 * low-cardinality (KP102), with more it is not. */
#define KP_FEW_VALUES 64
/* Column ci of t has few values: annotated with at most KP_FEW_VALUES
 * distinct ones, or, without an annotation, enum-like by its name or type
 * (a hash of such columns alone spreads writes over only as many). */
bool kpa_few_values(kp_advisor *adv, const kp_table *t, int ci);
/* Why column ci of t would make a key or index it leads a write hotspot,
 * or NULL: kpa_hot_reason (name, type), unless the annotations say
 * otherwise (-- distribution: uniform or monotonic; a -- distinct: count
 * of at most KP_FEW_VALUES is few values, more is not unless the column
 * grows monotonically), as the judge reads them. */
const char *kpa_lead_hot(kp_advisor *adv, const kp_table *t, int ci);

/* ------------------------------------------------------------- tenant.c */

/* The tenant column of a Phoenix MULTI_TENANT table (its first key
 * column), or -1 for any other table or target. */
int kpa_tenant_col(const kp_advisor *adv, const kp_table *t);
/* Would x (with what comes with it) key its table, or an index of it, by
 * anything but the tenant first? Phoenix cannot do that on a multi-tenant
 * table. */
bool kpa_loses_tenant(const kp_advisor *adv, const kp_advice *x);
/* x (or what comes with it) keys rows by a value the writer must compute
 * from a column the store sets (servervalue.c): a ROW_TIMESTAMP an UPSERT
 * leaves out, an AUTO_INCREMENT. */
bool kpa_writer_cannot_compute(const kp_advisor *adv, const kp_advice *x);

/* ----------------------------------------------------------- evidence.c */

/* Is e a call that yields the current time (now() and its kin)? */
bool kpa_clock_call(const kp_expr *e);

/* Why the workload says column ci of t grows monotonically (a generator
 * or increasing values in its inserts, newest-first range reads), naming
 * where; NULL when it says nothing. */
const char *kpa_monotonic_evidence(kp_advisor *adv, const kp_table *t, int ci);
/* The first read of t's workload bounding column ci by a range, worded
 * with its place, or NULL: what a column monotonic by its name or type is
 * read as (E46's hour >= ? AND hour <= ?), said with it; not evidence by
 * itself of the order its values arrive in (a booking's date, E29). */
const char *kpa_range_evidence(kp_advisor *adv, const kp_table *t, int ci);

/* -------------------------------------------------------------- query.c */

typedef struct colset {
	int cols[16];           /* columns in order of first appearance */
	bool desc[16];          /* per column: DESC in the new key */
	int n;                  /* entries */
} colset;

void kpa_colset_add(colset *s, int c, bool desc);
/* Is column c in s? */
bool kpa_colset_has(const colset *s, int c);
/* The column an expression names (0-based), or -1, by nm: the planner's
 * resolution of the statement's names (kp_plan.names). */
int kpa_colref(const kp_names *nm, const kp_expr *e);
/* Columns a WHERE binds by = / IN and by ranges, from its top-level AND. */
/* The conjuncts of w's top-level AND (w's list, or w through *one); *n their
 * count, 0 for no w (query.c). Borrowed from w. */
const kp_expr *const *kpa_conjuncts(const kp_expr *w, const kp_expr **one, uint32_t *n);
void kpa_sargable(const kp_names *nm, const kp_expr *w, colset *eq, colset *range);
const kp_expr *kpa_where_of(const kp_stmt *s);
/* A read through a view: marks in used (when not NULL) every column of t
 * its view's conditions (down to t) name, and adds to eq (when not NULL)
 * those they bind by = to a value: the read reads and binds them too,
 * though its statement does not say so. view may be t itself (no
 * conditions). */
void kpa_view_cols(const kp_table *t, const kp_table *view, bool *used, colset *eq);
const kp_list *kpa_order_of(const kp_stmt *s);
/* Marks in used every column statement s reads, as the planner counts them
 * (what an index must cover on Phoenix). */
void kpa_read_cols(const kp_names *nm, const kp_stmt *s, bool *used, int ncols);
uint64_t kpa_mix(uint64_t h, uint64_t v);
/* The columns a statement's WHERE and ORDER BY name, as bits (1 << column,
 * columns from 63 on sharing bit 63; a name of no column sets every bit):
 * an index led by a column outside them cannot serve it. */
uint64_t kpa_uses(const kp_names *nm, const kp_stmt *s);
/* Does a statement that uses these columns reach column c? */
static inline bool kpa_uses_col(uint64_t uses, int c)
{
	return c < 0 || (uses & (1ull << (c < 63 ? c : 63))) != 0;
}
/* The columns q binds (q->uses), with the tenant column of base that a
 * tenant's connection binds. */
uint64_t kpa_query_uses(const kp_wquery *q, const kp_table *base);
/* A query's shape: its statement's fingerprint (grammar/fingerprint.h). */
uint64_t kpa_query_shape(const kp_wquery *q);

/* ----------------------------------------------------------- workload.c */

/* Keys with more columns than this are not reordered (the search plans
 * every query for n^2 trial keys). */
#define KP_REORDER_MAX 32

/* Buckets of a salted key or a bucketed index table: writes spread over
 * them, and a read that cannot compute its bucket is this many scans. */
#define KP_BUCKETS 16

/* A map from 64-bit keys to small values (open addressing): plan classes
 * by (key, query shape), proposals by key. Checking a large workload
 * re-plans the same few shapes many times; this makes each shape cost one
 * plan per candidate key. */
typedef struct u64map {
	uint64_t *keys;         /* keys (0 is mapped to 1) */
	uint32_t *vals;         /* values */
	uint32_t cap;           /* slots, a power of two */
	uint32_t n;             /* slots used */
} u64map;

bool kpa_map_get(const u64map *m, uint64_t k, uint32_t *v);
void kpa_map_put(u64map *m, uint64_t k, uint32_t v);
void kpa_map_free(u64map *m);
uint64_t kpa_str_hash(const char *s, uint64_t h);

/* The workload's queries on t (bucketed once). */
const kp_list *kpa_queries_of(kp_advisor *adv, const kp_table *t);
/* A copy of k (its parts) in a. */
const kp_key *kpa_keydup(kp_arena *a, const kp_key *k);
/* A copy of t with another primary key and the given indexes. */
kp_table *kpa_hypo_table(kp_arena *a, const kp_table *t, const kp_key *key, kp_index **ix, int nix);
/* A KV index on t over cols (then t's key columns), covering `covers`. */
kp_index *kpa_hypo_index(kp_arena *a, const kp_table *t, const char *name, const int *cols, const bool *desc,
                         int n, const bool *covers);
/* base with a hash of cols in front (Lindorm's PRIMARY KEY (hash32(c), ...)). */
kp_key kpa_hashed_key(kp_arena *a, const kp_key *base, const int *cols, int n);
/* q planned on h, a hypothetical copy of the table it reads (plan.table),
 * or of its base table for a read through a view: resolved once
 * (kp_prepare, kept in q->prep), its path chosen on h. */
void kpa_plan_on(kp_plan *p, const kp_table *h, const kp_wquery *q, kp_arena *scratch);
/* The access class of q planned on the hypothetical table h (and in
 * *order, when not NULL, how it serves the ORDER BY). */
kp_access kpa_plan_class(const kp_table *h, const kp_wquery *q, kp_arena *scratch, kp_order *order);
/* The same from cache when this (key, shape) was planned before. */
kp_access kpa_cached_class(u64map *cache, uint64_t keyid, const kp_table *h, const kp_wquery *q,
                           kp_arena *scratch);
/* The same with how it serves the ORDER BY, in *order. */
kp_access kpa_cached_plan(u64map *cache, uint64_t keyid, const kp_table *h, const kp_wquery *q, kp_arena *scratch,
                          kp_order *order);
bool kpa_served(kp_access a);

/* q's statement resolved once against the table it reads (kp_prepare,
 * kept in q->prep), or NULL for one the planner resolves each time. */
const kp_prepared *kpa_prep(const kp_wquery *q);

/* The memo of plans (memo.c): a shape's plan on a design, keyed on what
 * it depends on. Its value is what the judge reads. */
typedef struct kpa_memo kpa_memo;
typedef struct kpa_memo_val {
	double rows;            /* rows one statement reads (with has_rows) */
	double lo, hi;          /* the same at the ends of the bracket (kpa_rows_read_over at 1 / KP_BRACKET and KP_BRACKET) */
	double scanned;         /* rows one scan of a FILTERED SCAN scans whatever share a range keeps (0: a range's share is a default; judge_plan.c) */
	const kp_index *ix;     /* the index the plan reads, or NULL */
	kp_access cls;          /* its class */
	kp_order order;         /* how it serves the ORDER BY */
	bool rejected;          /* a full scan the store refuses */
	bool has_rows;          /* rows is set */
	double small;           /* kpa_small_filtered_rows (-1: none) */
	bool prefix;            /* a SCAN or FILTERED SCAN of a covering path whose every range
	                           binds the path's lead by = (one prefix's range: judge_table.c's
	                           kpj_served_discount) */
} kpa_memo_val;
/* What kpa_memo_slot found: whether the entry is new, and the indexes of
 * h that can change the plan (h's own array when all can; else a copy in
 * scratch), on which planning gives the same plan as on h. */
typedef struct kpa_memo_use {
	bool fresh;
	kp_index **ix;
	int nix;
} kpa_memo_use;
/* The memo's entry for q (of the table or view on) planned on h, a copy of
 * on with another key, buckets and indexes (and, when not NULL, on h2: h
 * without its bucket part, with the same indexes, read bucket by bucket):
 * the one a plan on a design that differs from h only in indexes q cannot
 * use left (use->fresh false), or a new zeroed one to fill (use->fresh
 * true). */
kpa_memo_val *kpa_memo_slot(kp_advisor *adv, const kp_wquery *q, const kp_table *on, const kp_table *h,
                            const kp_table *h2, int buckets, kp_arena *scratch, kpa_memo_use *use);
/* Lookups that found a plan, and those that did not. */
void kpa_memo_stats(const kp_advisor *adv, uint64_t *hits, uint64_t *misses);

/* Queries of one table, grouped by shape (same columns, operators and
 * ORDER BY, any literals), so that each shape is planned once per key. */
typedef struct shape {
	const kp_wquery *q;     /* representative */
	double weight;          /* total weight of its queries */
	uint64_t hash;          /* shape hash */
	bool now;               /* served as GET or SCAN by the table as it is */
} shape;

/* A table's planned statements grouped: statements of one shape planned
 * alike (one class, on the table or through a view, the same columns
 * used) make one row, in the order of their first statements, with their
 * summed weight. What the loops over a whole workload read of a statement
 * is its row's, so that they visit each row once (once per candidate, in
 * the judge) rather than every statement, and a workload of a million
 * statements in a few thousand shapes costs a few thousand steps. Built
 * once per table (kpa_rows_of), in the advisor's arena. */
typedef struct kpa_row {
	const kp_wquery *q;     /* its first statement */
	double weight;          /* summed weight of its statements */
	uint32_t count;         /* statements */
	uint32_t shape;         /* its shape's number */
	uint64_t uses;          /* kpa_query_uses of its statements */
	uint8_t access;         /* their plan.access */
	bool direct;            /* they name the table, not a view of it */
} kpa_row;

typedef struct kpa_rows {
	kpa_row *row;           /* rows, in order of their first statements */
	uint32_t n;             /* entries in row */
	uint32_t nshapes;       /* distinct shapes, numbered in order of first statement */
	uint32_t nstmts;        /* planned statements on the table */
	uint32_t *of;           /* per entry of kpa_queries_of(adv, t): its row, or
	                           UINT32_MAX when it is not planned on t */
} kpa_rows;

const kpa_rows *kpa_rows_of(kp_advisor *adv, const kp_table *t);

/* t's planned queries grouped by shape (the array is malloc'ed). */
int kpa_table_shapes(kp_advisor *adv, const kp_table *t, shape **out, double *total, int *nq);

/* What a fix does to the workload of its table: every planned statement on
 * the table re-planned on a copy of the table with the fix applied. */
typedef struct verdict {
	double total;           /* weight of the table's planned statements */
	double before;          /* served as GET or SCAN now */
	double after;           /* served as GET or SCAN with the fix */
	double broken;          /* served now, not with the fix */
	double fanout;          /* served with the fix as one scan per bucket, merged */
	kp_list worse;          /* kp_wquery* served now, not with the fix, and FILTERED
	                           SCANs it makes full scans */
	kp_list how;            /* char* per entry of worse: "GET -> REJECTED" */
	kp_list lost;           /* kp_wquery* served now, not with the fix */
	const char *rewrite;    /* set by the caller: how each read served now must be
	                           rewritten for the fix (a key column the writer fills),
	                           or NULL when reads stay as they are */
} verdict;

/* Plans each statement of t's workload on h against its plan on base
 * (NULL: its plan as it is); with fanout, a statement the current key
 * serves and h does not is read one scan per bucket, merged. */
void kpa_judge(kp_advisor *adv, const kp_table *t, const kp_table *base, const kp_table *h, bool fanout,
               kp_arena *scratch, verdict *v);
/* Records a verdict on an advice record and says so in its message. */
void kpa_verdict_apply(kp_advisor *adv, kp_advice *x, const verdict *v, int buckets);
/* x's reads to rewrite (its message and worse) listed again from a design
 * the judge planned as a whole: only the statements keyed marks (per
 * index in adv->queries) as read through the new key. */
void kpa_rewrite_as_judged(kp_advisor *adv, kp_advice *x, const bool *keyed);
/* A summed weight as the advice's integer serves/of. */
int kpa_weight_int(double w);

/* ----------------------------------------------------------- keeporder.c */
/* For a key change of t to nk (nk_words: its key as advised; buckets: a
 * bucket, not a hash, leads it): each index of t an ordered read goes
 * through in order today and the new key puts out of order, made again
 * as its columns then the old key's columns (a rebuild_index, chained by
 * `with`), where that reads in order again; v judged again with them in
 * place. NULL when no index needs it (v untouched). The rebuilds are not
 * in adv->advice: kpa_push_companions puts them there, after x. */
kp_advice *kpa_order_companions(kp_advisor *adv, kp_rule rule, const kp_table *t, const kp_key *nk,
                                const char *nk_words, bool buckets, verdict *v, kp_arena *scratch);
/* x applied together with the chain `with` (NULL: nothing). */
void kpa_push_companions(kp_advisor *adv, kp_advice *x, kp_advice *with);

/* --------------------------------------------------------------- cost.c */

/* The cost model's assumptions (docs/advice.md states each). */
#define KP_DEFAULT_ROWS 1e6     /* rows of a table no annotation sizes */
#define KP_SEL_EQ 0.01          /* share of rows one key column bound by = keeps */
#define KP_SEL_RANGE 0.1        /* share a range on the next key column keeps */
#define KP_SEL_FILTER 0.1       /* share of rows read that a residual filter keeps */
#define KP_SMALL_RANGE_ROWS 1000 /* a FILTERED SCAN of one key range of at most this many rows (stated)
                                   costs the rows its filter keeps (cost.c, docs/advice.md) */
#define KP_REVERSE_FACTOR 2.0   /* a reverse scan costs this many forward rows a row */
#define KP_REVERSE_BLOCK_ROWS 100.0 /* rows of one block a reverse read of an =-bound range seeks back to once */
/* KP_WRITE_RATE: advisor.h (the review shows it) */
#define KP_REFUSED_RATE 300.0 /* making one run of a read the store refuses run is worth up
                                   to this many rows the indexes add to the writes (docs/advice.md,
                                   "Reads the store refuses") */
#define KP_SCAN_RUN_RATE 3000.0 /* serving one run of a full scan the store runs is worth up
                                   to this many rows the indexes add to the writes; past it
                                   the scan is a batch (docs/advice.md, "Reads the store
                                   refuses") */
#define KP_SERVED_FACTOR 4.0    /* an added or rebuilt index counts what it saves a read that
                                   is already one covered range of a bound key prefix (a
                                   SCAN or FILTERED SCAN that runs, unsorted) only when it
                                   reads at most 1 / this of that read's rows (docs/advice.md,
                                   "A served range read") */
#define KP_HOT_SHARE 0.05       /* the rows a design puts on one region decide before its
                                   cost only on a table whose writes are at least this share
                                   of its weighted statements (docs/advice.md, "The choice":
                                   a hotspot worth a key change) */
#define KP_REGION_ROWS 10000000.0 /* rows one region holds before it splits: HBase's
                                   hbase.hregion.max.filesize (10 GB, Lindorm's likewise) at
                                   1 KB a row; a table of more stated rows spans regions, and
                                   a delete of its oldest rows lands on another region than
                                   the inserts at its newest (judge_hot.c) */
#define KP_PARTITION_VALUE_BYTES 10e9 /* bytes one partition key value's rows may take
                                   where the store never splits a value (Tablestore's
                                   table-design best practices: "within 10 GB") */
/* Where the target never splits a partition key value (targets.c's
 * partition_lead) and t states its rows and column ci's distinct values:
 * the bytes one value of ci holds when ci leads the key, if past
 * KP_PARTITION_VALUE_BYTES; else 0 (partition.c). */
double kpa_partition_capped(kp_advisor *adv, const kp_table *t, int ci);
#define KP_REGION_WRITE_RATE 1000.0 /* rows a second one region (an HBase/Lindorm region,
                                   a Tablestore partition) takes before a hotspot on it
                                   matters: Tablestore's table-design best practices (under
                                   1,000 TPS a single partition handles the load); where the
                                   workload states its writes' rates, a write hotspot decides
                                   before the cost only past it (docs/advice.md, "The
                                   choice") */
#define KP_KEEP_RATE 0.001      /* keeping an index (a copy of the table's rows: storage,
                                   compaction, regions) costs this many rows read per row it
                                   holds, once per workload */
#define KP_PAYBACK_RUNS 100000.0 /* workload runs a change's one-time copy (a key change: every
                                   row copied, every index rebuilt; an added index: every row
                                   written once) is spread over: its weighted rows / this are
                                   added to each run's cost, so a change pays only when it
                                   saves its copy within as many runs (docs/advice.md, "What a
                                   change costs once"); 1 / KP_KEEP_RATE, the horizon over
                                   which an index kept costs one read of its rows */
#define KP_SEARCH_SHARDS 16     /* shards of a search index a query is sent to: each
                                   looks each condition up (one seek, counted as a row) */
#define KP_BRACKET 10.0         /* the bracket around the default selectivities a change
                                   must pay across (docs/advice.md, "Defaults that decide"):
                                   KP_SEL_EQ and KP_SEL_RANGE divided and multiplied by it */
#define KP_MAX_INDEXES 5        /* indexes (secondary, index tables) a table keeps at most,
                                   where the store sets no lower limit: Tablestore's own
                                   limit, AutoAdmin's configuration bound */

/* Rows one execution of s reads when planned as p on a table of n rows,
 * in each of buckets buckets (1: one read; more: a salt or bucket the read
 * cannot compute, merged: the rows in range, each bucket holding its share
 * (an empty bucket returns none), and a LIMIT bounding each bucket's read,
 * not the merge: docs/advice.md); k: what is known of the columns (NULL:
 * the defaults); reverse: what a row read backwards costs
 * (kpa_reverse_factor); scale: KP_SEL_EQ and KP_SEL_RANGE (not a known
 * column's counts) times scale, each at most 1: 1, or 1 / KP_BRACKET and
 * KP_BRACKET, the ends of the bracket. */
double kpa_rows_read_over(const kp_plan *p, const kp_stmt *s, double n, const kpa_counts *k, double reverse,
                          double scale, int buckets);
/* Where p is a FILTERED SCAN of one key range of at most KP_SMALL_RANGE_ROWS
 * rows, every column it binds counted by the annotations: the rows its
 * filter keeps (at least 1), what such a read costs where the drop of an
 * index it went through is weighed (docs/advice.md, "Small filtered
 * reads"); else -1. */
double kpa_small_filtered_rows(const kp_plan *p, const kp_stmt *s, double n, const kpa_counts *k, double reverse,
                               int buckets);
/* Rows the WHERE of s matches in a table of n rows, whatever reads them:
 * KP_SEL_EQ (or 1 / the annotated distinct values) per column it binds by
 * = or IN, KP_SEL_RANGE per column it bounds by a range, KP_SEL_FILTER
 * when it binds none either way; the table with no WHERE; at least 1.
 * What a search index finds, and what an UPDATE or DELETE writes. */
double kpa_rows_matched(const kp_names *nm, const kp_stmt *s, double n, const kpa_counts *k);
double kpa_rows_matched_at(const kp_names *nm, const kp_stmt *s, double n, const kpa_counts *k, double scale);
/* What a row read backwards costs on the target: KP_REVERSE_FACTOR where
 * a key column can be declared DESC (the cure), 1 where it cannot
 * (Tablestore: a backward range read is the store's own way to read
 * newest first; storing Long.MAX_VALUE - value rewrites every writer and
 * reader for no gain keyplan can measure). */
double kpa_reverse_factor(kp_target target);
/* Rows an INSERT/UPSERT writes (its VALUES rows), 0 for other statements. */
double kpa_insert_rows(const kp_stmt *s);
bool kpa_is_write(const kp_stmt *s);
/* The table a write q writes: its plan's, or for an insert (planned against
 * no table) the one it names; NULL if none is in the catalog. */
const kp_table *kpa_write_table(kp_advisor *adv, const kp_wquery *q);

/* ------------------------------------------------------------ landing.c */

/* What a column is to the write concentration of a key it is part of
 * (docs/advice.md, "Write concentration"). */
enum { KPA_CONC_OPEN, KPA_CONC_SPREAD, KPA_CONC_FEW, KPA_CONC_MONO };
typedef struct kpa_colconc {
	int kind;               /* KPA_CONC_*: many values in no order (ends the walk), spread by
	                           the writer (ends it), few values (goes on), monotonic (hot) */
	double values;          /* few: its distinct values (stated, its type's, or KP_ENUM_VALUES) */
	double top;             /* few: the share of rows its largest value holds */
	bool by_name;           /* monotonic by its name alone, unconfirmed */
	const char *why;        /* the evidence, worded */
} kpa_colconc;
#define KPA_CONC_PRE 8
typedef struct kpa_conc {
	double share;           /* of the write weight, on the busiest insertion point: 0 spread */
	double points;          /* insertion points (values of the few-valued prefix) */
	int col;                /* the monotonic column that ends the walk hot, or -1 */
	int end;                /* the key part the walk ended at */
	int pre[KPA_CONC_PRE];  /* the few-valued parts counted, as part indexes */
	int npre;
	bool by_name;           /* col is monotonic by its name alone */
	const char *why;        /* col's evidence */
} kpa_conc;
/* Column ci of t classed: annotations, then a writer-spread name (bucket,
 * salt, hash), then monotonic by generator, type, name or the workload,
 * then few values (stated, by type, an enum's name). */
void kpa_col_conc(kp_advisor *adv, const kp_table *t, int ci, kpa_colconc *out);
/* Every column of t classed, in a, for repeated walks (the judge). */
kpa_colconc *kpa_table_conc(kp_advisor *adv, const kp_table *t, kp_arena *a);
/* The largest value's share of n values under zipfian theta. */
double kpa_zipf_top(double n, double theta);
/* The share of the rows one value bound by = keeps, on average over reads
 * that ask each value as often as it holds rows (a project's pageviews
 * read as they are written): the sum of the values' shares squared. */
double kpa_zipf_read_share(double n, double theta);
/* Key parts walked left to right (cc: kpa_table_conc's, or NULL). */
void kpa_cols_conc(kp_advisor *adv, const kp_table *t, const kp_key_part *parts, int n, const kpa_colconc *cc,
                   kpa_conc *out);
void kpa_key_conc(kp_advisor *adv, const kp_table *t, const kp_key *k, const kpa_colconc *cc, kpa_conc *out);
/* A write hotspot: one insertion point takes 1 / KP_FEW_VALUES of the
 * writes or more. */
bool kpa_conc_hot(const kpa_conc *c);
/* The share of writes key k of t puts on one region when it is a hotspot,
 * else 0. */
double kpa_key_hot_share(kp_advisor *adv, const kp_table *t, const kp_key *k, const kpa_colconc *cc);
/* The concentration c of parts in words. */
const char *kpa_conc_words(kp_advisor *adv, const kp_table *t, const kp_key_part *parts, const kpa_conc *c);
/* Why an index keyed cols (the table's key appended) would be a write
 * hotspot, worded, or NULL. */
/* The key parts of an index row keyed by cols[0..n): its columns, then the
 * table's key columns it does not hold (at most KP_REORDER_MAX); their count. */
int kpa_index_parts(const kp_table *t, const int *cols, int n, kp_key_part *parts);
const char *kpa_cols_hot(kp_advisor *adv, const kp_table *t, const int *cols, int n);

/* -------------------------------------------------------------- judge.c */

/* Judges every table's candidates and fills adv->reviews; orders the
 * advice table by table, in rank order. */
void kpa_judge_all(kp_advisor *adv);
const char *kpa_class_words(kp_access a, bool rejected);

/* ---------------------------------------------------------------- ddl.c */

char *kpa_bufdup(kp_arena *a, kp_buf *b);
const char *kpa_key_notation(kp_advisor *adv, const kp_table *t, const kp_key *k);
/* The key in key notation with its parts before skip_from replaced by lead. */
char *kpa_notation_with(kp_advisor *adv, const kp_table *t, const char *lead, int skip_from);
/* "migration: ...": a key cannot change in place. */
const char *kpa_migration_note(kp_advisor *adv, const kp_table *t);
/* A name for a column keyplan adds to t that no column of t has: base,
 * else base2, base3, ... */
const char *kpa_free_column_name(kp_advisor *adv, const kp_table *t, const char *base);
/* Has t a column, an index, of that name, case ignored? */
bool kpa_has_column_nocase(const kp_table *t, const char *name);
bool kpa_has_index_nocase(const kp_table *t, const char *name);
/* DDL of t keyed by a new leading column col (a hash or a bucket the
 * writer computes) and then base. */
char *kpa_lead_column_ddl(kp_advisor *adv, const kp_table *t, const char *name, const kp_key *base,
                          const char *col, bool text);
/* DDL of t keyed by base with its first column replaced by col, a prefix
 * of plen characters followed by that column's value; NULL when it has no
 * bounded width. */
char *kpa_merged_lead_ddl(kp_advisor *adv, const kp_table *t, const char *name, const kp_key *base,
                          const char *col, int plen);
/* After the judge: every key change's DDL (a new CREATE TABLE of the same
 * table) followed by the CREATE INDEX of each index of the table it keeps,
 * made again on the new table (docs/advice.md, "Existing indexes"). */
void kpa_rekey_keep_indexes(kp_advisor *adv);

/* ----------------------------------------------------------- advisor.c */

/* A new advice record, appended to adv->advice. */
/* The table's own indexes as candidates (index_keep.c): widened to hold
 * the columns of reads they lead for, dropped where no read goes through
 * them. */
void kpa_suggest_index_keep(kp_advisor *adv, kp_arena *scratch);
/* keyplan's name for the bucket column it adds to t to rebuild index ix
 * spread (index_keep.c owns the convention): <ix>_bucket, or <ix>_bucketN
 * (N from 2) past a column of t named so. */
const char *kpa_index_bucket_name(kp_advisor *adv, const kp_table *t, const kp_index *ix);
/* Is col named as kpa_index_bucket_name names the bucket of the index
 * named ix (case ignored)? */
bool kpa_is_index_bucket_name(const char *col, const char *ix);
kp_advice *kpa_advise(kp_advisor *adv, kp_rule rule, const char *kind, const kp_table *t, const char *message,
                      const char *key, const char *ddl);
void kpa_advice_col(kp_advisor *adv, kp_advice *x, const char *col);
/* A finding on t at its rule's severity. */
kp_diag *kpa_finding(kp_advisor *adv, kp_rule rule, const kp_table *t, uint32_t off, uint32_t len,
                     const char *msg);

/* ------------------------------------------------------------ the rules */

/* limits.c */
void kpa_check_target_schema(kp_advisor *adv, const kp_table *t);
/* hotspot.c */
void kpa_check_hotspots(kp_advisor *adv, const kp_table *t, kp_arena *scratch);
/* A hotspot finding that came with no fix of its own, and its table. */
/* A KP120 finding whose help names the index advice of its proposal: x
 * the index table, y the secondary index (either NULL), keyed tk and ik. */
struct kpa_pointed {
	kp_diag *g;
	const kp_table *t;
	const kp_advice *x, *y;
	const char *tk, *ik;
	const char *was, *then; /* the finding's words: how the query is read now, and on the key */
	uint32_t count;         /* statements of its shape it stands for, and their weight */
	double weight;
};
/* Each such finding's words once the judge has reviewed the tables: an
 * index the review never takes (kp_advice.held_why) is not proposed; the help
 * names the one that stands, or why none does (E103, E104). */
void kpa_reword_held(kp_advisor *adv);
struct kpa_unhelped {
	kp_diag *g;
	const kp_table *t;
	const kp_index *ix;     /* a finding on an index of t; NULL: on its key */
};
/* Each such finding's help, once the judge has reviewed the tables: the
 * recommendation of its table's review where there is one. */
void kpa_help_unhelped(kp_advisor *adv);
/* Each KP101 or KP103 finding on a table's key whose writes all state
 * their rate (-- rate:), once the judge has reviewed the table: where the
 * rows a second they put on one region are under KP_REGION_WRITE_RATE, the
 * finding says so, and no longer calls it a write hotspot (docs/rules/KP101.md). */
void kpa_hot_rates(kp_advisor *adv);
/* Is t never written: -- writes: 0 stated, and no write of the workload
 * names it (advisor/agree.c)? Such a table has no write hotspot: a key or
 * an index led by few values or a rising one takes no writes to crowd. */
bool kpa_never_written(kp_advisor *adv, const kp_table *t);
/* The KP120 findings, once the judge has reviewed the tables and
 * kpa_reword_held has run: one whose index (or index table) the judge
 * does not recommend says so, naming it as an alternative with the
 * judge's reason; one whose proposed key is the key of an index the table
 * has names that index (advisor/agree.c). */
void kpa_findings_agree(kp_advisor *adv);
/* Do all of t's writes state their rate (-- rate:), each writing a known
 * number of rows (an insert's, or one row by its whole key), with no
 * -- writes: beside them? Then *rate is the rows a second they put at the
 * end of an index of t keyed cols (n of them): a new row's entry, an
 * UPSERT's (new or moved), an UPDATE's moved entry where it sets one of
 * cols (none where it sets none), a DELETE's. */
bool kpa_rated_rows(kp_advisor *adv, const kp_table *t, const int *cols, int n, double *rate);
/* Why an index (or index table) keyed cols of t, the table's key appended,
 * would be a write hotspot, worded, or NULL: the index row's key walked as
 * the table's is (kpa_cols_hot: a few-valued lead followed by a column of
 * many values in no order is none), or a lead whose values share a fixed
 * prefix (KP103, which check_index_hotspots names on such an index). */
const char *kpa_index_hot(kp_advisor *adv, const kp_table *t, const int *cols, int n);
/* keyshape.c */
void kpa_check_shape(kp_advisor *adv, const kp_table *t, kp_arena *scratch);
/* A key past the target's parts with the key columns no statement of the
 * workload binds or orders by folded into one part where the first of them
 * stands (as fewer_key_columns words it: "[a + b]"), keyshape.c. */
typedef struct kpa_fold {
	bool col[KP_REORDER_MAX];   /* by t column index (< KP_REORDER_MAX): folded */
	int first;                  /* the first folded column */
	int nfold;                  /* columns folded */
	const char *name;           /* the folded column the DDL adds: <t>_key */
	long long len;              /* its VARCHAR length */
	const char *cols;           /* "a, b" */
	const char *part;           /* "[a + b]" */
} kpa_fold;
/* Fills f and returns true when folding such key columns of k at or past
 * part keep_from (never column keep_col, -1 none) brings k to at most
 * limit parts; false when none does (two or more columns folded, each of a
 * bounded width, the name <t>_key free and not avoid). */
bool kpa_key_fold(kp_advisor *adv, const kp_table *t, const kp_key *k, int keep_from, int keep_col, int limit,
                  const char *avoid, kpa_fold *f);
/* k with f applied: the folded columns but the first dropped, and the
 * first kept as the part the planner plans (no statement binds it, so it
 * is never bound, as the folded column would not be) or, with ddl, made
 * column t->ncols of the table kpa_fold_table returns. */
kp_key kpa_fold_key(kp_advisor *adv, const kpa_fold *f, const kp_key *k, const kp_table *t, bool ddl);
/* t with the folded column appended (column t->ncols). */
kp_table *kpa_fold_table(kp_advisor *adv, const kp_table *t, const kpa_fold *f);
/* The key line of key k after its first skip_from parts, lead before it,
 * with f's part where its first column stands. */
char *kpa_fold_notation(kp_advisor *adv, const kp_table *t, const kpa_fold *f, const kp_key *k, const char *lead,
                        int skip_from);
/* unique.c */
void kpa_check_unique(kp_advisor *adv, const kp_table *t, kp_arena *scratch);
/* Why column col of t is taken as near-unique for the cost model (one row
 * a value, docs/advice.md "Defaults that decide"): a point read of the
 * workload (*by, its first: no ORDER BY, no LIMIT past 1, no aggregate)
 * binds it alone by = or IN, and it ends t's key of
 * several columns (KPA_UNIQUE_KEY_END), or its name says it is t's own id
 * (KPA_UNIQUE_ID: id, or t's name with _id or id, singular or plural), or
 * its name says each record is given its value once (KPA_UNIQUE_NAME:
 * kpa_unique_name, a record locator, a UUID).
 * Or a UNIQUE index of the column alone (not partial) and a read binds it
 * by = (KPA_UNIQUE_INDEX, *by that read): the schema says one row a value.
 * KPA_UNIQUE_NO when none, or when a -- distinct: or its type states
 * its values, or the column is few-valued or a time by its name or type. */
typedef enum kpa_unique_why {
	KPA_UNIQUE_NO,
	KPA_UNIQUE_KEY_END,
	KPA_UNIQUE_ID,
	KPA_UNIQUE_INDEX,
	KPA_UNIQUE_NAME
} kpa_unique_why;
kpa_unique_why kpa_near_unique(kp_advisor *adv, const kp_table *t, int col, const kp_wquery **by);
/* ---------------------------------------------------------------- logs.c */

/* A log of varints in the advisor's arena (kp_advisor.at, .vlog): chunks,
 * each entry whole in one. */
typedef struct kpa_chunk {
	uint32_t used, cap;
	unsigned char data[];
} kpa_chunk;
#define KPA_CHUNK 65000
/* Room for n more bytes at the end of the log l (a new chunk when the last
 * has less): where to write them. */
unsigned char *kpa_log_room(kp_advisor *adv, kp_list *l, size_t n);
size_t kpa_put_varint(unsigned char *d, uint64_t v);
/* The log l as it was at n chunks, the last used bytes (a chunk added
 * since is kept, empty, for what comes next). */
void kpa_log_undo(kp_list *l, uint32_t n, uint32_t used);
/* The statement added last is at line of the record at index q
 * (kp_advisor.at); kpa_at_pop takes it back out. */
void kpa_at_push(kp_advisor *adv, uint32_t q, uint32_t line);
void kpa_at_pop(kp_advisor *adv);
/* The varint at d[*pos], *pos moved past it: inline, read for every
 * statement of a walk. */
static inline uint64_t kpa_get_varint(const unsigned char *d, uint32_t *pos)
{
	unsigned char c = d[(*pos)++];
	if (c < 0x80)
		return c;
	uint64_t v = c & 0x7f;
	for (int sh = 7;; sh += 7) {
		c = d[(*pos)++];
		v |= (uint64_t)(c & 0x7f) << sh;
		if (c < 0x80)
			return v;
	}
}

/* What insert s (of record qi, at line) writes, value by
 * value, appended to adv->vlog (kp_advisor_add takes it from each insert). */
void kpa_log_insert(kp_advisor *adv, const kp_stmt *s, uint32_t qi, uint32_t line);
/* The workload's inserts, statement by statement in the workload's order,
 * their records merged or not: kpa_ins_next fills the next one's record,
 * place and values (valid until the next call), false past the last. */
typedef struct kpa_ins_walk {
	uint32_t chunk, pos;    /* where the next insert is in adv->vlog */
	const kp_wquery *q;     /* the insert's record (its tree: table, columns) */
	uint32_t qi;            /* its index in adv->queries */
	uint32_t off, len, line; /* the statement's own place in q->src */
	kp_ins_values v;        /* its values */
	uint32_t cap;           /* values room in v's rows */
	kp_ins_value *room;
	uint32_t rowcap;
} kpa_ins_walk;
bool kpa_ins_next(const kp_advisor *adv, kpa_ins_walk *w);
void kpa_ins_done(kpa_ins_walk *w);
/* The table an insert record writes (by name, in the catalog as it is now),
 * or NULL. */
const kp_table *kpa_insert_table(kp_advisor *adv, uint32_t qi);
void kpa_check_duplicate_inserts(kp_advisor *adv, kp_arena *scratch);
/* index.c */
void kpa_suggest_indexes(kp_advisor *adv, kp_arena *scratch);
/* search.c */
void kpa_suggest_search(kp_advisor *adv, kp_arena *scratch);
/* exprindex.c */
void kpa_suggest_expr_indexes(kp_advisor *adv, kp_arena *scratch);
/* keysearch.c */
void kpa_suggest_reorder(kp_advisor *adv, const kp_table *t, kp_arena *scratch);
/* The key led by the columns the heaviest reads bind by =, the key's own
 * columns after them (keysearch.c). */
void kpa_suggest_rekey(kp_advisor *adv, const kp_table *t, kp_arena *scratch);
/* t has inserts in the workload and every one names column c, or names
 * none (then it sets them all) (keysearch.c). */
bool kpa_inserts_set(kp_advisor *adv, const kp_table *t, int c);
/* KP121's natural key (natural_key.c): t re-keyed on the columns of the index its point
 * reads use, where no read binds its key, with that index dropped. */
void kpa_suggest_natural_key(kp_advisor *adv, const kp_table *t, kp_arena *scratch);
void kpa_suggest_desc(kp_advisor *adv, const kp_table *t, kp_arena *scratch);
/* shardrow.c: a hot single row whose writes are increments, sharded */
void kpa_suggest_shard_row(kp_advisor *adv, const kp_table *t, kp_arena *scratch);

/* index.c: an index table of t keyed by user's columns (or the longest
 * prefix that serves qs as well) and t's key; NULL when none fits. */
kp_advice *kpa_index_table_advice(kp_advisor *adv, kp_rule rule, const kp_table *t, const colset *user,
                                  const char *name, const kp_list *qs, const char *why, kp_arena *scratch);

/* keysearch.c, for the hotspot fixes */
bool kpa_reorderable(const kp_table *t);
double kpa_search_order(kp_advisor *adv, const kp_table *t, const shape *s, int ns, kp_arena *scratch,
                        const bool *no_lead, int *best);
/* The order that keeps every read served now served, serving the most
 * among those; -1 if none (or past 6 columns). */
double kpa_search_order_keeping(kp_advisor *adv, const kp_table *t, const shape *s, int ns, kp_arena *scratch,
                                const bool *no_lead, int *best);
void kpa_key_from_order(kp_key *k, const kp_table *t, const int *perm, int n);
bool kpa_offer_reorder(kp_advisor *adv, kp_rule rule, kp_diag *g, const kp_table *t, const kp_table *with,
                       const kp_key *nk, const char *tradeoff, kp_arena *scratch);

#endif
