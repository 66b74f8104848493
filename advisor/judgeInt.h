/* The judge's internal interface (judge.c chooses; judge_table.c reads a
 * table's counts and hot columns first; judge_plan.c plans a design over
 * a table's workload and costs it): the table's shapes, a
 * design, one shape's plan on it. */
#ifndef KP_ADVISOR_JUDGEINT_H
#define KP_ADVISOR_JUDGEINT_H

#include "advisor/advisorInt.h"

/* One shape of a table's workload: statements alike (one fingerprint, on
 * the same table or view), planned once per design. */
typedef struct jshape {
	const kp_wquery *q;     /* representative */
	const kp_table *on;     /* the table or view it names */
	double weight;          /* summed weight */
	int count;              /* statements */
	double ins_rows;        /* an insert: rows one statement writes; 0 otherwise */
	bool upd;               /* an UPDATE or DELETE: its rows read are written too (kept
	                           here: cost_of runs once per candidate over every shape, and
	                           reaching the statement through q was a cache miss each) */
	bool fixed;             /* a DELETE the store refuses whatever the design (not one
	                           row by its whole key, where the store deletes only so):
	                           no index serves it, its plan is kept, and it reads no
	                           row: the store refuses it before reading any */
	double matched;         /* an UPDATE or DELETE: the rows its WHERE matches, which it
	                           writes wherever it reads them from (kpa_rows_matched) */
	kp_access now;          /* class with the design as it is */
	bool now_rejected;      /* a full scan the store refuses */
	kp_order now_order;     /* ORDER BY service now */
	uint64_t uses;          /* columns its WHERE binds and its first ORDER BY column, as
	                           bits (1 << column; columns from 63 on share bit 63) */
	double rate;            /* statements a second their -- rate: comments state, summed
	                           (kpa_stated_rate; a record of count statements alike, the
	                           first's rate each) */
	bool unrated;           /* one of its statements states no rate */
	int8_t repeats;         /* a whole-row UPSERT of a row that exists (kpj_upsert_repeats):
	                           0 not asked yet, 1 yes, -1 no */
	const kp_wquery *by_key; /* repeats: the statement that names its key */
	kp_access then;         /* class in the last design evaluated */
	bool then_rejected;
	kp_order then_order;
} jshape;

typedef struct jtable {
	const kp_table *t;      /* base table */
	jshape *s;              /* its shapes */
	int ns, cap;
	double reads;           /* weight of its reads */
	double writes;          /* weight of its writes */
	double rows;            /* rows assumed */
	bool *hot;              /* per column: a hot lead (name, type, workload evidence) */
	bool *few;              /* per column: few values (kpa_few_values), or few at a time
	                           (kpa_coarse_time) */
	const kpa_colconc *conc; /* per column: what it is to a key's write concentration
	                           (landing.c) */
	double reverse;         /* what a row read backwards costs (kpa_reverse_factor) */
	const double *distinct; /* per column: annotated distinct values, or those its type
	                           bounds (kpa_type_values), or 0 */
	kpa_counts counts;      /* distinct and the stated -- range: shares, for the cost */
	const bool *by_type;    /* per column: distinct is its type's bound, not stated */
	const kp_wquery *const *by_unique; /* per column: distinct is the table's rows, the
	                           column taken as near-unique (kpa_near_unique): the read
	                           that binds it alone, else NULL */
	double assumed;         /* write weight the workload does not show: annotated, or
	                           its read weight when it has no write */
	bool rows_default, writes_default;
	bool rated;             /* every shape that writes states its rate and no write weight
	                           is assumed: a write hotspot decides by the rate on one
	                           region (kpj_cost_of) */
	bool search_first;      /* a search index holding a read's columns is its path,
	                           whatever a key serves (Tablestore's index policy) */
	kp_advisor *adv;        /* whose memo of plans (memo.c) the designs share */
	double placed;          /* placed_known: weight of the writes that land at the key's
	                           insertion point (kpj_placed_writes) */
	bool placed_known;
} jtable;

/* A design: the table's key and its indexes (index tables counted as
 * indexes holding every column). */
typedef struct design {
	const kp_key *key;
	int buckets;
	kp_index **ix;
	int nix;
	kp_advice *items[64];   /* what it applies (a recommendation of more items is cut
	                           there: the greedy search stops adding) */
	int nitems;
} design;

/* One shape planned on one design. */
typedef struct sres {
	double rows;            /* rows one statement reads */
	double lo, hi;          /* the same at the ends of the bracket (KP_BRACKET) */
	kp_access cls;          /* its class */
	bool rejected;          /* a full scan the store refuses */
	bool fails;             /* a full scan, or a FILTERED SCAN of a key range, the store
	                           runs and fails past its scan limit (kpj_scan_fails) on a
	                           table whose rows are stated: it cannot succeed, and
	                           counts as refused */
	kp_order order;         /* ORDER BY service */
	const kp_index *ix;     /* the index it reads through, or NULL (the table) */
	double small;           /* a FILTERED SCAN of one small key range: the rows it costs
	                           where a drop is weighed (kpa_small_filtered_rows); -1: none */
	bool prefix;            /* a SCAN or FILTERED SCAN through a covering path whose every
	                           key range binds the path's lead by = (kpj_served_discount) */
} sres;

/* Does the target refuse a plan of st (its class, order, refusal) for its sort: a store that returns
 * rows only in key order (Lindorm: "ORDER BY clause in Lindorm SQL", the
 * KP110 error limits.c reports) and a path that returns them only sorted? */
bool kpj_sort_refused(const kp_advisor *adv, kp_access access, kp_order order, bool rejected, const kp_stmt *st);
/* Does a read of st planned as cls (not refused), reading rows, fail past
 * the target's scan limit (Tablestore's 100,000 rows scanned by one SQL
 * scan)? A full scan past it, and a FILTERED SCAN whose one scan scans
 * more (scanned, kpj_filtered_scanned): the filter runs on the rows
 * scanned. Only on a table whose rows are stated (-- rows:): the default
 * count does not decide that a read cannot succeed. */
bool kpj_scan_fails(const jtable *jt, kp_access cls, bool rejected, double rows, double scanned, const kp_stmt *st);
/* The rows one scan of a FILTERED SCAN p of st scans whatever its filter
 * keeps and whatever share its key ranges keep: lo (its rows at the
 * bracket's low end, a tenth of a default count a value) without the
 * reverse charge, over the nb buckets read one scan each. 0, not known,
 * where a range on a key column keeps a default share (no -- range:) or a
 * LIMIT read in key order stops once the filter has passed its rows. */
double kpj_filtered_scanned(const jtable *jt, const kp_plan *p, const kp_stmt *st, double lo, int nb);
/* The judge's passes over a table before it judges (judge_table.c): the
 * counts the cost model reads and the rows each UPDATE matches; the
 * review's account of the table today, listed among the reviews; the
 * columns that would make a key or an index hot if they led it. */
void kpj_table_counts(kp_advisor *adv, jtable *jt, const kpa_notes *notes);
void kpj_review_today(kp_advisor *adv, const jtable *jt, kp_table_review *r, const kpa_notes *notes);
void kpj_hot_columns(kp_advisor *adv, jtable *jt, const kpa_notes *notes, const kp_list *cands, kp_arena *hyp);
/* Rows one written row costs: the table and every index. */
int kpj_write_fanout(const design *d);
/* The copies of a written row (the table, then each index of a design)
 * that can put it on a hot region: each one's share of the rows on its
 * busiest point, walked by landing.c, and whether that point is an
 * insertion point of the key's growth (a monotonic column). At most
 * KPJ_HOT_COPIES are told apart; the rest count for every write
 * (judge_hot.c). */
#define KPJ_HOT_COPIES 64
typedef struct kpj_hot_copy {
	double share;
	bool growth;
	int col;                /* growth: the growing column */
	const kp_index *ix;     /* NULL: the table */
} kpj_hot_copy;

typedef struct kpj_hot_copies {
	kpj_hot_copy c[KPJ_HOT_COPIES];
	int n;
	double rest;            /* shares of copies past KPJ_HOT_COPIES */
	double all;             /* every copy's share: a new row's */
} kpj_hot_copies;

/* The hot copies of a row of jt's table on design d. */
void kpj_hot_copies_of(const jtable *jt, const design *d, kpj_hot_copies *h);
/* Of one row write shape i writes, the share that lands on one region,
 * summed over the copies it writes there. */
double kpj_hot_of(const jtable *jt, const kpj_hot_copies *h, int i);
/* The rows a second jt's stated writes put on the busiest point of one
 * copy of design d (ix, or the key where ix is NULL): the rows that land
 * there (a new row; a row rewritten where it sits does not, nor an index
 * row no write moves) times the copy's share; -1 where it is not hot. */
double kpj_copy_rate(const jtable *jt, const design *d, const kp_index *ix);
/* Is write shape i an UPSERT of some columns of a row another write
 * creates (the create names more columns; not one of a generated key)? */
bool kpj_partial_upsert(const jtable *jt, int i);
/* Does write shape i write index ix's row (docs/advice.md, "The cost
 * model")? A new row (an INSERT, an UPSERT of every column, the widest
 * UPSERT) and a DELETE do; an UPDATE, or an UPSERT of some columns of a
 * row another write creates (kpj_partial_upsert), only where it sets a
 * column other than the table's key that ix keys or holds (Phoenix,
 * Lindorm and Tablestore maintain an index row from the columns a
 * mutation names). */
bool kpj_writes_index(const jtable *jt, int i, const kp_index *ix);
/* Rows one row of write shape i writes on design d, its moves aside: the
 * table's, and each maintained index's it writes (kpj_writes_index). */
int kpj_row_writes(const jtable *jt, const design *d, int i);
/* Index rows an UPDATE moves on design d (an index whose key holds a
 * column it sets: the old row deleted, the new one written). */
int kpj_update_moves(const kp_table *t, const design *d, const kp_stmt *s);
/* Does shape i of jt, an UPSERT of every column (VALUES), write a row
 * that exists? Its key is no generator's (NEXT VALUE FOR, a function), no
 * monotonic column's and not the table's own id (a new row each time:
 * E64's events), and another statement of the table names that whole key
 * by = (a GET, an UPDATE or DELETE by key: E61's heartbeat of the bookmark
 * its resume read looks up). */
bool kpj_upsert_repeats(const jtable *jt, int i);
/* Does shape i of jt, an UPSERT, give a key column a value a generator
 * issues (NEXT VALUE FOR, a function)? Then its row is new: it moves no
 * index row (kpj_upsert_moves counts none; the words say none). */
bool kpj_upsert_fresh(const jtable *jt, int i);
/* Index rows such an UPSERT moves on design d, each row it writes: each
 * index every write keeps whose key holds a column outside the table's
 * key that it sets to a new value (a constant, arithmetic, a monotonic
 * column: E61's updated_at): the old row deleted, the new one written.
 * 0 for any other shape. */
int kpj_upsert_moves(const jtable *jt, const design *d, int i);
/* The value an INSERT or UPSERT of VALUES gives column col in its first
 * row, or NULL when it does not write col (judge_plan.c). */
const kp_expr *kpj_inserted_value(const kp_table *t, const kp_stmt *s, int col);
/* Does shape i set column col (no key column) on a row that exists: an
 * UPDATE that SETs it, an UPSERT of a row that exists, or one that writes
 * part of a row another write of the table writes and gives col a value
 * that differs (judge_rewrite.c)? */
bool kpj_sets_existing(const jtable *jt, int i, int col);
/* Does partial UPSERT i, setting col on a row that exists
 * (kpj_sets_existing), move an index row keyed by col: not when it gives
 * col the constant the row is created in, as the write of the row naming
 * the most columns (judge_rewrite.c: the create writes that row, it moves
 * none). */
bool kpj_partial_moves(const jtable *jt, int i, int col);
/* When candidate x (and what comes with it) keys the table, or an index
 * table the application writes, by a column a write of the workload sets
 * on a row that exists, why it is not taken, in words (in adv's arena);
 * NULL otherwise (judge_rewrite.c). */
const char *kpj_key_rewrite_words(kp_advisor *adv, const jtable *jt, const kp_advice *x);
/* Words that hold back a key change or index table whose CREATE TABLE
 * declares more key parts than the target takes (KP110 on the advised DDL,
 * also when the table is past the limit already: designs19.md E116), or
 * NULL when it fits. */
const char *kpj_key_limit_words(kp_advisor *adv, const jtable *jt, const kp_advice *x);
/* Does shape i of jt bind by = a non-key column the workload's UPDATEs of
 * its table set (a read that looks up a value a write has just set)? */
bool kpj_reads_own_write(const jtable *jt, int i);
/* Weight of jt's writes that land where the key places a new row: every
 * write but those that name a row that exists by its whole key (an
 * UPDATE or DELETE binding every key column by =, an UPSERT of a row
 * that exists or of a key the table's inserts issue from a generator),
 * which land where that row is. The share of a table's weighted
 * statements that decides whether a write hotspot comes before the rows
 * (KP_HOT_SHARE, docs/advice.md "The choice"). */
double kpj_placed_writes(jtable *jt);
/* When design d's one-time copy (kp_cost.migration) is what keeps it
 * from paying against now, says so into b: the rows copied, what it saves
 * a run, and the runs it would take against KP_PAYBACK_RUNS. */
void kpj_payback_words(kp_buf *b, const jtable *jt, const kp_cost *now, const kp_cost *c, const design *d);
/* KV indexes and index tables of a design (the index bound counts them). */
int kpj_kv_indexes(const design *d);
/* Shape i of jt planned on design d (h: its hypothetical table, or NULL to
 * make one; nohash: d's key without its hash part, or NULL). */
void kpj_plan_shape(jtable *jt, const design *d, const kp_key *nohash, kp_arena *scratch, int i, sres *out,
                    const kp_table *h);
/* Every shape planned on d; given base (the plans without index added),
 * only those whose plan added can change are planned again. */
void kpj_plan_some(jtable *jt, const design *d, kp_arena *scratch, sres *out, const sres *base,
                   const kp_index *added);
/* The cost of design d whose shapes plan as res; each shape's class in
 * its then fields. */
void kpj_cost_of(jtable *jt, const design *d, const sres *res, kp_cost *c);
/* Plans every shape of jt on design d and costs it (into res when not
 * NULL). */
void kpj_evaluate(jtable *jt, const design *d, kp_arena *scratch, kp_cost *c, sres *res, kp_arena *a);
/* Each shape read the cheaper way of base and with (an index added). */
void kpj_compose(const jtable *jt, const sres *base, const sres *with, sres *out);
/* Refused reads between a and b: -1 when a makes run, at no more than one
 * row added to the writes for each weight made to run, what b refuses; 1
 * the other way round; 0 when the rows decide. */
int kpj_refused_order(const kp_cost *a, const kp_cost *b);
/* Full scans the store runs on cur (its plans res0) that a step to c (res)
 * serves, when the rows it adds to the writes are more than
 * KP_REFUSED_RATE a run of them: a batch, the rows it saves them taken out
 * of c (docs/advice.md, "Reads the store refuses"); true then. */
bool kpj_batch_discount(const jtable *jt, const kp_cost *cur, const sres *res0, kp_cost *c, const sres *res);
/* Reads cur serves as one covered range of a bound key prefix (judge_served.c; res0:
 * a SCAN or FILTERED SCAN that runs, not past a scan limit, unsorted)
 * that step d (res) reads through an index it adds or rebuilds in more
 * than 1 / KP_SERVED_FACTOR of their rows: the rows it saves them are
 * taken out of c (docs/advice.md, "A served range read"). Their weight
 * and the weighted rows saved into *weight and *saved (either may be
 * NULL); true when some were. */
bool kpj_served_discount(const jtable *jt, const design *cur, const sres *res0, kp_cost *c, const sres *res,
                         double *weight, double *saved);
/* a before b in the judge's order: fewer broken, fewer hot rows, refused
 * reads made to run at their price, cheaper */
bool kpj_better(const kp_cost *a, const kp_cost *b);
/* The same, knowing each shape's plan on a and b (ra, rb): refused weight
 * made to run decides only when it also pays for what it costs the reads
 * both designs run (docs/advice.md, "Reads the store refuses"). */
bool kpj_better_on(const jtable *jt, const kp_cost *a, const sres *ra, const kp_cost *b, const sres *rb);
/* a step from cur to c pays: fewer hot rows, or as many and cheaper at the
 * default and at the upper end of the bracket (docs/advice.md) */
bool kpj_pays(const kp_cost *c, const kp_cost *cur);
/* a before b among steps that pay: fewer broken, fewer hot rows; then the
 * one that loses less against the other at its worst point of the
 * bracket (minimax regret), at equal loss the cheaper at the default */
bool kpj_robust_better(const kp_cost *a, const kp_cost *b);
bool kpj_robust_better_on(const jtable *jt, const kp_cost *a, const sres *ra, const kp_cost *b, const sres *rb);

/* "file:line" of statement q, for the words (judge_words.c). */
const char *kpj_where_at(kp_advisor *adv, const kp_wquery *q);
/* Rows a value in words: rows / distinct, whole from 100 up, to the
 * hundredth below (judge_words.c). */
double kpj_per_value(double rows, double distinct);

/* The words of a judged table (judge_words.c). What design d trades,
 * applied alone, against the design as it is (cost now): statements it
 * makes worse, the hotspot it adds or spreads, rows read and written,
 * refused reads made to run and at what price, its write cost. */
const char *kpj_trades(kp_advisor *adv, jtable *jt, const kp_cost *now, const kp_cost *c, const design *d);
/* The write cost of design d against now in words (every insert when
 * inserts, each UPDATE shape whose rows rewritten change, deletes); NULL
 * when no write writes another number of rows. */
const char *kpj_write_words(kp_advisor *adv, const jtable *jt, const design *now, const design *d, bool inserts);
/* The notes on the defaults a verdict rests on (judge_notes.c).
 * An alternative that paid at the default but not across the bracket:
 * its trade and the annotations that would decide it. */
const char *kpj_undecided_note(kp_advisor *adv, const jtable *jt, const kp_advice *x, const char *trade);
/* When the design stands: the count of the key's leading column it
 * assumes, which would decide a write hotspot, and the annotation that
 * settles it; or NULL. */
const char *kpj_stands_note(kp_advisor *adv, const jtable *jt);
/* The other way to what recommendation r does for reads the store
 * refuses only for their sort (kpj_sort_refused): the ORDER BY dropped
 * and the rows sorted by the application; or NULL. */
const char *kpj_instead_note(kp_advisor *adv, const jtable *jt, const kp_table_review *r);
/* The rows a value of the columns whose counts are stated (-- distinct:),
 * bounded by their type or taken as near-unique, in words (the review's
 * cost line), or NULL. */
const char *kpj_values_words(kp_advisor *adv, const jtable *jt);
/* The columns taken as near-unique (jtable.by_unique), why, and the
 * annotation that says otherwise, in words (the assumes: line, whatever
 * the verdict), or NULL. */
const char *kpj_unique_note(kp_advisor *adv, const jtable *jt);
/* The defaults recommendation r rests on and the annotations that settle
 * them (the assumes: line), or NULL. */
const char *kpj_assumes_note(kp_advisor *adv, const jtable *jt, const kp_table_review *r);

/* The table's own indexes and their fate under the recommendation, in
 * words (judge_index_words.c) (the review's indexes: line): widened or dropped (by the item's
 * rank), else kept, with the read weight that goes through it on the
 * recommendation (res), or that no read does (and its drop_index
 * alternative); NULL when the table has none. Each index's fate in
 * r->fates too. */
const char *kpj_index_words(kp_advisor *adv, const jtable *jt, const kp_list *cands, const sres *res,
                            kp_table_review *r);

/* An index recommended together with a change of the table's key ("and")
 * described with the key the store appends after it: the words that name
 * it (E47 in designs7.md, a reorder; E48 and E59 in designs7/9.md, a hash
 * column added or a bucket merged into campaign_id_key, named as the
 * change's DDL names the column); its key field stays the index as judged,
 * the one its KP120 finding names. A key whose hash the store computes in
 * the key (Lindorm's hash32) leaves them. */
void kpj_rekey_indexes(kp_advisor *adv, const kp_table *t, kp_table_review *r);

/* The table's summary (summary.c) from the judge's plans: its reads by
 * class now and, when r recommends a change, on the recommendation (each
 * shape's then fields, set by its last evaluation). */
void kpj_summarize(const jtable *jt, kp_table_review *r);
/* Sets jt->counts.common: per column of few values with no -- distribution:
 * stated, the literal more than half of the weight of the writes setting
 * it sets, else NULL (common_value.c; the array itself NULL when no column
 * has one). Needs jt's shapes and distinct counts. */
void kpj_common_values(jtable *jt, kp_arena *a);

/* judge_tie.c: the order between designs of equal cost. */
/* x changes the table's key (a reorder, hash, salt, DESC ...). */
bool kpj_key_change(const kp_advice *x);
/* The findings would flag the key of design d, its DDL applied (KP101 or
 * KP102 on its lead; c its cost): their words, else NULL. */
const char *kpj_key_flagged(kp_advisor *adv, const jtable *jt, const design *d, const kp_cost *c);
/* At equal cost, candidate i of cands before candidate j (flag: each
 * candidate's kpj_key_flagged words, or NULL). */
bool kpj_tie_first(const jtable *jt, kp_list *cands, const char **flag, int i, int j);
/* Weight of jt's reads that plan as res reads backwards, and as res sorts. */
double kpj_backwards(const jtable *jt, const sres *res);
double kpj_sorted_weight(const jtable *jt, const sres *res);

#endif
