/* The advisor: explains and fixes. It reads the catalog and finished plans
 * and never feeds back into planning; to judge a proposed key it plans the
 * workload against a hypothetical copy of the table. */
#ifndef KP_ADVISOR_H
#define KP_ADVISOR_H

#include "advisor/targets.h"
#include "grammar/fingerprint.h"
#include "planner/plan.h"

/* One concrete fix. */
typedef struct kp_advice {
	kp_rule rule;           /* the finding it fixes */
	const char *kind;       /* hash_prefix, salt_buckets, ... (docs/advice-json.md) */
	const kp_table *table;  /* table it is about */
	kp_list columns;        /* char* column names it is about */
	int held;               /* search_index: of columns, the last ones held for the reads
	                           that return them, not filtered on; 0 otherwise */
	const char *message;    /* what to do and its trade-off */
	const char *key;        /* the new key in key notation: [a][b DESC] */
	const char *key_after;  /* an index recommended with a key change: its key once the
	                           change is made (the table's new key appended), as its
	                           message names it; NULL: key (kpj_rekey_indexes) */
	const char *ddl;        /* DDL in the target's syntax, or NULL */
	int serves;             /* weight served as GET/SCAN with the fix, or -1 */
	int of;                 /* out of this much weight, or -1 */
	double before;          /* weight of the table's workload served as GET or SCAN now,
	                           or -1 when the fix was not planned against the workload */
	double after;           /* the same with the fix applied */
	double total;           /* weight of the table's planned workload */
	double fanout;          /* weight read as one scan per bucket, merged */
	kp_list worse;          /* char* "file:line" of each statement the fix makes worse */
	const char *rewrite;    /* a key column the writer fills: how each read by key must be
	                           rewritten (verdict.rewrite), or NULL */
	const char *rewrite_said; /* the message's "; reads to rewrite ..." as said, or NULL */
	uint32_t rewrite_from;  /* of worse, where its reads to rewrite start */
	const uint32_t *rewrite_q; /* their records' places in kp_advisor.queries (rewrite_nq) */
	uint32_t rewrite_nq;
	kp_index *index;        /* secondary_index: the index as advised (its columns, DESC and
	                           INCLUDE), which the summary plans with; index_table: the
	                           second table as an index holding every column, keyed as
	                           judged; NULL otherwise */
	/* what the judge applies (advisor/judge.c) */
	const kp_key *newkey;   /* a key change: the table's key as judged (a hash or salt
	                           prefix as a hash part), or NULL */
	int buckets;            /* with newkey: a read that cannot compute the leading hash
	                           part is this many scans merged (salt, buckets); 0: none */
	int bucket_by;          /* rebuild_index led by a bucket: a hash of the index's first
	                           bucket_by columns, which a read binding each of them by =
	                           or IN computes (one read a value, not one a bucket); 0: of
	                           the table's key, a read through it one read a bucket */
	struct kp_advice *with; /* applied together with it (a reorder's index table), or NULL */
	const kp_index *replaces; /* widen_index, rebuild_index, drop_index: the table's index
	                           it drops (widen_index and rebuild_index put index in its
	                           place), or NULL */
	bool read_drop;         /* drop_index of an index reads of the workload go through:
	                           offered only as part of the recommendation (an index kept
	                           for its reads is no alternative worth listing), unless the
	                           index is a write hotspot */
	/* what the judge decided */
	int rank;               /* 1 = the recommendation (or its first item), then the
	                           alternatives in order; 0 before the judge ran */
	bool recommended;       /* part of the table's recommendation */
	kp_list excludes;       /* kp_advice* it cannot be applied together with */
	int pos;                /* its place in kp_advisor.advice (0-based), after the judge */
	const char *trades;     /* what it trades against the recommendation, or NULL */
	const char *served_why; /* an added or rebuilt index: what it saves reads already served as
	                           one covered range of a bound key prefix, which does not count for
	                           it (kpj_served_discount), in words; NULL: none (advisor/agree.c) */
	const char *held_why;   /* why the judge never takes it, whatever it saves (a key column
	                           a write of the workload changes on a row that exists:
	                           kpj_key_rewrite_words), or NULL */
} kp_advice;

/* One value of an INSERT's row, as the advisor reads it: what fills a
 * column (advisor/evidence.c) and whether two inserts write the same key
 * (advisor/unique.c). Taken when the insert is added, into the advisor's
 * log of values (kp_advisor.vlog, a few bytes a value), so that inserts
 * alike share one tree and one record; read back statement by statement
 * (kpa_ins_next). */
typedef enum kp_ins_kind {
	KP_IV_OTHER,            /* a parameter, an expression */
	KP_IV_SEQ,              /* NEXT VALUE FOR */
	KP_IV_CLOCK,            /* now() and its kin */
	KP_IV_INT,              /* an integer constant */
	KP_IV_CONST             /* another constant (string, float, boolean), or a negated one */
} kp_ins_kind;

typedef struct kp_ins_value {
	kp_ins_kind kind;
	bool overflow;          /* KP_IV_INT past 64 bits */
	int64_t ival;           /* KP_IV_INT */
	const char *sql;        /* KP_IV_INT, KP_IV_CONST: the constant as SQL (kp_expr_to_sql) */
} kp_ins_value;

typedef struct kp_ins_row {
	uint32_t n;
	kp_ins_value *v;
} kp_ins_row;

typedef struct kp_ins_values {
	uint32_t nrows;
	kp_ins_row *rows;       /* one a VALUES row, in order */
} kp_ins_values;

/* A workload query with its plan. */
/* What the advisor keeps of a workload statement's plan against the real
 * schema: its class, path and order (kp_advisor_add). Its ranges and
 * filter live in the planner's per-statement arena and are not kept; a
 * statement is planned again (kpa_plan_on) where they are needed. */
typedef struct kp_kept_plan {
	const kp_stmt *stmt;    /* the statement planned */
	const kp_table *table;  /* its table, or NULL */
	const kp_index *index;  /* chosen index, or NULL for the primary key */
	const kp_names *names;  /* what its column references name (kept once for
	                           statements alike), or NULL */
	kp_access access;       /* access class */
	kp_order order;         /* how ORDER BY is served */
	int nranges;            /* key ranges (0 with GET: never true) */
	bool rejected;          /* a full scan the store refuses */
} kp_kept_plan;

typedef struct kp_wquery {
	const kp_stmt *stmt;    /* statement (kept alive by the caller), or the tree of an
	                           alike statement kept before it (kp_advisor_share): its
	                           shape, names and plan are this one's, its place is not */
	uint32_t off, len;      /* where this statement is in src */
	kp_kept_plan plan;      /* its plan against the real schema */
	kp_source *src;         /* where it was read */
	const kp_table *base;   /* the table it reads: plan.table, or for a view its base
	                           table (reads through views count for their base) */
	double weight;          /* from a leading "-- weight: N" comment, 1 otherwise; summed
	                           over the statements it stands for (count) */
	double unit;            /* each one's weight (they merge only when it is equal) */
	uint32_t count;         /* statements it stands for: 1, or with kp_advisor.merge the
	                           statements alike after it that planned alike in the same
	                           file (their places are in kp_advisor.at) */
	uint64_t shape;         /* its fingerprint (grammar/fingerprint.h): queries alike
	                           in it plan alike */
	uint64_t uses;          /* columns its WHERE and ORDER BY name (kpa_uses) */
	const kp_plan_opts *opts; /* the target's planning rules, to plan it again */
	kp_arena *arena;        /* the advisor's: where prep is made */
	const kp_prepared *prep; /* resolved against plan.table once, for the plans on
	                           hypothetical copies of it (kpa_plan_on); NULL until then */
} kp_wquery;

typedef struct kp_advisor {
	const kp_catalog *cat;  /* schema */
	kp_target target;       /* store whose limits apply */
	kp_plan_opts opts;      /* its planning rules (kp_target_plan_opts) */
	kp_fp_opts fp;          /* how it compares names and its IN-list limit, for shapes */
	kp_arena *a;            /* where advice and diagnostics go */
	kp_diags *d;            /* findings */
	kp_list advice;         /* kp_advice*, in order of the findings */
	kp_list queries;        /* kp_wquery* workload */
	kp_list *by_table;      /* the workload bucketed by table id (built on use) */
	struct kpa_notes **notes; /* per table id: its annotations (advisor/annotations.c) */
	kp_list reviews;        /* kp_table_review*, one per table the workload or the advice
	                           is about, in catalog order (after kp_advisor_run) */
	uint32_t bucketed;      /* queries in by_table */
	const kp_table **ins_on; /* per record of an INSERT/UPSERT/REPLACE: its table (built
	                           on use: advisor/evidence.c) */
	uint32_t ins_on_n;      /* records looked at for it */
	kp_list vlog;           /* the inserts' values, statement by statement in order
	                           (struct kpa_vchunk*: advisor/evidence.c) */
	uint32_t vlog_undo[2];  /* the log's chunks and the last one's bytes before the
	                           statement added last (kp_advisor_drop_last) */
	unsigned char *vlog_q;  /* the record field of its entry (4 bytes, unaligned) when it
	                           is an insert (a merge makes it the record's), or NULL */
	const char ***evidence; /* per table id: per column, what the workload says of it
	                           (advisor/evidence.c), built on use */
	uint32_t evidenced;     /* queries when evidence was built */
	struct kpa_rows **rows; /* per table id: its planned queries by shape (built on use) */
	uint32_t rowed;         /* queries when rows was built */
	struct kpa_memo *memo;  /* plans by what they depend on (advisor/memo.c; built on use) */
	struct kpa_alike *alike; /* the statements whose trees alike ones share (workload.c) */
	struct alike_ent *alike_at; /* the slot kp_advisor_add looked the statement added
	                           last up in (one alike: its names shared; or the empty
	                           one it would take), for kp_advisor_share; or NULL */
	bool merge;             /* a statement alike a kept one (its tree shared), planned
	                           alike, in the same file and of the same integral weight,
	                           is counted into that one's record instead of making its
	                           own (kp_wquery.count): check keeps a record a shape, not
	                           a statement (set by the caller before the workload) */
	bool merge_names;       /* with merge: "the same file" is a source of the same path,
	                           not only the same source (a library session's workload
	                           strings, each a source of its own); inserts still merge
	                           within one source only (their values' places are in it) */
	kp_list at;             /* every workload statement in order, its record and line, as
	                           varints: the record's index, the line less the last one's
	                           (struct kpa_chunk*: advisor/workload.c, kp_advisor_at_next) */
	uint32_t nat;           /* statements in at */
	uint32_t at_undo[3];    /* at's chunks, the last one's bytes and the line before the
	                           statement added last (kp_advisor_drop_last, a merge) */
	uint32_t at_line;       /* the line of the statement added last */
	struct kp_wquery *spare; /* a record kp_advisor_share merged, reused by the next
	                           kp_advisor_add */
	const char *index_table_none; /* why the last kpa_index_table_advice advised none, on
	                           the whole key it was asked for (advisor/index_table.c), in
	                           words; NULL when it advised one */
	kp_list pointed;        /* KP120 findings whose help names index advice (struct
	                           kpa_pointed*: advisor/index.c), worded again once the judge
	                           has said which of it it never takes (kpa_reword_held) */
	kp_list unhelped;       /* hotspot findings no key change of their own came with
	                           (struct kpa_unhelped*: advisor/hotspot.c), helped once the
	                           judge has reviewed their tables (kpa_help_unhelped) */
	kp_list hot_keys;       /* KP101 and KP103 findings on a table's key (struct
	                           kpa_unhelped*), weighed against the writes' stated rates
	                           once the judge has reviewed their tables (kpa_hot_rates) */
} kp_advisor;

/* Where a workload statement is: what the advice's `worse` lists name, a
 * statement at a time, in the workload's order. Two or three bytes a
 * statement are what check keeps of each (docs/advice-json.md, `worse`). */
typedef struct kp_stmt_at {
	uint32_t q;             /* its record: the index in kp_advisor.queries */
	uint32_t line;          /* its line in that record's source */
} kp_stmt_at;

/* A walk over the workload's statements in order, from {0}. */
typedef struct kp_at_walk {
	uint32_t i;             /* statements read */
	uint32_t chunk, pos;    /* where the next one is in kp_advisor.at */
	uint32_t line;          /* the line of the last one read */
} kp_at_walk;

/* The next statement's place in *e; false past the last. */
bool kp_advisor_at_next(const kp_advisor *adv, kp_at_walk *w, kp_stmt_at *e);

/* A statement whose class the recommendation changes. */
typedef struct kp_change {
	const kp_wquery *q;     /* the statement (its file:line) */
	double weight;          /* of its shape: every statement alike */
	int count;              /* statements alike */
	kp_access before, after;/* access class now and with the recommendation */
	bool rejected_before;   /* a full scan now: rejected by the store (not run) */
	bool rejected_after;    /* the same with the recommendation */
	kp_order order_before, order_after; /* how ORDER BY is served */
} kp_change;

/* Weighted rows of a table's workload under one design (docs/advice.md). */
#define KP_WRITE_RATE 3.0       /* one row written costs as much as this many rows read */

typedef struct kp_cost {
	double read;            /* rows read: the sum over statements of weight x rows */
	double written;         /* rows written, every index and index table counted */
	double hot;             /* of written, rows that land on one region (a hot lead) */
	bool hot_decides;       /* the table's writes are at least KP_HOT_SHARE of its weighted
	                           statements, or, where every write states its -- rate:
	                           (by_rate), put at least KP_REGION_WRITE_RATE rows a second
	                           on one region: only then do fewer rows on one region order
	                           designs before their cost (docs/advice.md, "The choice") */
	bool by_rate;           /* hot_decides by the stated rates, not the weights' share */
	double hot_rate;        /* by_rate: rows a second landing on one region */
	double amplified;       /* of written, the rows the indexes add to the writes that run
	                           on the design as it is (its copies past the first) */
	double broken;          /* weight served now (GET, SCAN, FILTERED) that becomes a full scan */
	double kept;            /* the rows the design's indexes hold (copies of the table's),
	                           x KP_KEEP_RATE: the cost of keeping them, once a workload */
	double total;           /* read + written x KP_WRITE_RATE + kept */
	double refused;         /* weight of the reads the store refuses (rejected full scans):
	                           they do not run and are not in read */
	double refused_rows;    /* the rows those would read if they ran (the table each) */
	double lo, hi;          /* total with the default selectivities divided and multiplied
	                           by KP_BRACKET (docs/advice.md, "Defaults that decide") */
	double migration;       /* the one-time copy a design costs against the table as it is,
	                           in weighted rows (a key change copies every row and rebuilds
	                           every index, an added index writes every row once); total,
	                           lo and hi hold it spread over KP_PAYBACK_RUNS runs */
	double copied;          /* the rows that copy writes: the table's (a key change), or
	                           the added indexes' */
	double migration_run;   /* migration / KP_PAYBACK_RUNS: its share in total */
} kp_cost;

/* Per-table weight of the workload's reads in each access class (the unit
 * every advice message uses): the judge's plans of its shapes (judge.c,
 * summary.c), so that it agrees with the design review. Writes (INSERT,
 * UPSERT, UPDATE, DELETE) are the review's writes, counted in no class. */
typedef struct kp_table_summary {
	const kp_table *table;  /* table */
	double before[5];       /* get, scan, filtered, rejected/full, search (read through a
	                           search index: served) with the schema as it is */
	double after[5];        /* the same with the table's recommendation applied, as the
	                           judge planned it: key changes, index tables, secondary and
	                           search indexes (the schema as it is when the design stands) */
	bool full_run;          /* the full scans counted (before or after) hold one the store
	                           runs (Phoenix, Tablestore, generic; Lindorm's opted in) */
	bool full_refused;      /* ... and one it refuses: the text's column says which */
	double refused[2][3];   /* of before (0) and after (1) get, scan, filtered: the weight
	                           the store refuses (Lindorm's REJECTED FILTERED SCAN): the
	                           text counts it in the refused column, JSON in its class */
} kp_table_summary;

/* One of the table's own indexes under the recommendation (the review's
 * indexes: line, JSON indexes). */
typedef struct kp_index_fate {
	const kp_index *index;  /* the index of the table */
	const char *fate;       /* "kept", "widened" or "dropped" */
	const struct kp_advice *by; /* widened, dropped: the recommended item; kept: its
	                           drop_index alternative, or NULL */
	double read;            /* kept: read weight that goes through it on the
	                           recommendation */
} kp_index_fate;

/* The design review of one table: its workload now, the one recommendation
 * (or "the design stands") and what it changes. */
typedef struct kp_table_review {
	const kp_table *table;  /* table (views count for their base table) */
	const char *key;        /* its key now, in key notation */
	double rows;            /* rows assumed */
	bool rows_default;      /* no -- rows: annotation: the default was used */
	double per_value;       /* rows a value of a key column bound by = keeps, by default
	                           (KP_SEL_EQ of rows; a column's -- distinct: says its own) */
	double in_range;        /* share of those a range keeps, by default (KP_SEL_RANGE) */
	const char *values;     /* the rows a value of the columns whose counts are known
	                           (-- distinct:, or a BOOLEAN's 2 values), in words; NULL:
	                           per_value holds for every column */
	double writes;          /* weight of its writes */
	bool writes_default;    /* no write in the workload: assumed written at its read weight */
	double by_class[5];     /* weight now: GET, SCAN, FILTERED SCAN, full scan, sorted */
	double nstatements;     /* statements on it (views included) */
	kp_cost before, after;  /* the workload's cost now and with the recommendation */
	double *landing;        /* before.by_rate: the rows a second the stated writes put on
	                           the busiest point of the key ([0]) and of each of the
	                           table's own indexes ([1 + i]), each counting only the rows
	                           that land there (judge_hot.c); -1: that copy is not hot */
	kp_list recommended;    /* kp_advice* of the recommendation, in order; empty: it stands */
	kp_list changes;        /* kp_change* of the statements whose class or order changes */
	int rows_per_insert_before, rows_per_insert_after; /* rows one inserted row writes */
	const char *write_cost; /* the recommendation's write cost in words: inserts, the
	                           updates that rewrite an index row, deletes; NULL: none */
	bool planned;           /* the workload plans a statement other than an insert on it
	                           (kp_advisor_summary lists it, with summary) */
	kp_table_summary summary; /* its reads by class now and with the recommendation */
	kp_list fates;          /* kp_index_fate* of each of the table's own indexes */
	const char *indexes;    /* the table's own indexes: kept (with the weight read
	                           through each on the recommendation), widened or dropped
	                           (with the item's rank), in words; NULL: it has none */
	const char *refused_words; /* what its refused weight is: "refused by the store", or
	                           with "or failing past its scan limit" where a full scan
	                           the store runs cannot succeed (judge_plan.c) */
	const char *instead;    /* the other way for reads the store refuses only for their
	                           sort (Lindorm): the ORDER BY dropped, the application
	                           sorting; NULL: none */
	const char *assumes;    /* the defaults the recommendation rests on and the annotations
	                           that would settle them, in words; NULL: none (every count
	                           it rests on is stated, or it spreads a hotspot). When the
	                           design stands: the count of the key's lead it assumes,
	                           which would decide a hotspot (kpj_stands_note), or NULL */
} kp_table_review;

void kp_advisor_init(kp_advisor *adv, const kp_catalog *cat, kp_target target, kp_arena *a,
                     kp_diags *d);
/* Adds a planned query to the workload. s must outlive the advisor; of p
 * only the class, path and order are kept (ranges and filter are not). */
void kp_advisor_add(kp_advisor *adv, const kp_stmt *s, const kp_plan *p, kp_source *src,
                    double weight);
/* After kp_advisor_add (and kp_advisor_on_tenant): true when a statement
 * alike the one added last was kept before (a SELECT, UPDATE or DELETE of
 * the same shape, on the same table, connection and names): the query then
 * reads that one's tree, and the caller need not keep its statement. False:
 * the caller hands kp_advisor_own a copy of it that outlives the advisor
 * (an INSERT's values are evidence: every one is kept). A workload of
 * 100,000 statements in a few thousand shapes so keeps a few thousand
 * trees, not 100,000. */
bool kp_advisor_share(kp_advisor *adv);
void kp_advisor_own(kp_advisor *adv, const kp_stmt *s);
/* Instead of kp_advisor_own: the query kp_advisor_add added last leaves
 * the workload (its statement does not outlive the caller's arena). */
void kp_advisor_drop_last(kp_advisor *adv);
/* The query kp_advisor_add added last runs on tenant's connection (a
 * `-- keyplan:tenant` directive, lib/tenant.c; NULL: a global one), not
 * on adv->opts': the advisor plans it again there. */
void kp_advisor_on_tenant(kp_advisor *adv, const char *tenant);
/* Checks one statement against the target's query limits (IN list size,
 * LIMIT/OFFSET, an ORDER BY its plan p must sort for). p may be NULL (not
 * planned). Diagnostics go to d. */
/* Checks a DDL statement against the target's limits on DDL (KP110): on
 * Phoenix, NOT NULL on a column outside the primary key of a table whose
 * rows are not IMMUTABLE_ROWS (ERROR 1007), or on a key column ALTER TABLE
 * adds (ERROR 1006). cat is the catalog before s is applied. */
void kp_check_target_ddl(kp_target target, const kp_catalog *cat, const kp_stmt *s, kp_source *src, kp_arena *a,
                         kp_diags *d);

void kp_advise_statement(kp_target target, const kp_stmt *s, const kp_plan *p, kp_source *src,
                         kp_arena *a, kp_diags *d);
/* Runs the schema checks, the target's schema limits and the workload
 * checks. */
void kp_advisor_run(kp_advisor *adv);

/* Fills one summary per table that the workload reads; returns the count. */
int kp_advisor_summary(kp_advisor *adv, kp_table_summary **out);

/* --------------------------------------------------- annotations, models */

/* Bounds of the annotations (docs/annotations.md). */
#define KP_ROW_BYTES_MAX 1e8    /* -- row_bytes: N */
#define KP_REGIONS_MAX 100000   /* -- regions: N */
#define KP_RATE_MAX 1e9         /* -- rate: N/s */
#define KP_ZIPF_THETA 0.99      /* zipfian's constant unless given (YCSB's ZipfianGenerator) */
#define KP_ENUM_VALUES 8        /* values assumed of an enum-like column no annotation counts */

/* An annotation's value is one or more words; after its last word and
 * white space, the rest of the line is a note for the reader, which keyplan
 * ignores ("-- weight: 3000   peak hour"). A note may not start as the
 * value would go on: with a digit, a sign or point before a digit, a '/'
 * (a rate's unit) or a magnitude word (k, M, million, 万 ...), so that
 * "5 000 000", "20 /min" or "5 million" are malformed, never read as 5 or
 * 20 per second (docs/annotations.md). Returns where the word starting at
 * v ends, at white space or end; *next is where the following word starts
 * (end when none). */
const char *kp_annotation_word(const char *v, const char *end, const char **next);
/* Is [p, end) (starting at a word, or empty) a valid note: nothing, or
 * text that does not read as a continuation of the value? */
bool kp_annotation_note(const char *p, const char *end);

/* A trimmed comment before a workload statement, "rate: N/s" (or N/min,
 * N/h; any case): 1 with *rate in statements per second, -1 when it is
 * malformed or out of [0, KP_RATE_MAX] per second (*why says what was
 * expected), 0 when the comment is no rate. */
int kp_rate_parse(const char *p, const char *end, double *rate, const char **why);
/* The rate the comments right above the statement at off of src state
 * (blank lines between them allowed; the nearest -- rate: counts), in
 * statements a second, or -1 when none does; with d, each malformed one
 * of those lines is KP022 at its place, in d and a. The one reader of
 * -- rate: for check's judge and simulate. */
double kp_rate_stated(kp_source *src, uint32_t off, kp_diags *d, kp_arena *a);

/* Reads the table annotations right above t's CREATE TABLE (rows,
 * distinct, range...: docs/annotations.md) with the reader check's advisor
 * uses, each malformed one KP022 at its place, in d and a: the editor
 * (tools/lsp/) diagnoses them as check does, without a second parser. */
void kp_annotations_check(const kp_catalog *cat, const kp_table *t, kp_diags *d, kp_arena *a);

/* How the values of a column arrive (docs/simulate.md). */
typedef enum kp_value_dist {
	KP_VD_UNIFORM,          /* every value alike */
	KP_VD_MONOTONIC,        /* each new value above the last (time, sequence) */
	KP_VD_LATEST,           /* monotonic, and reads prefer the newest rows */
	KP_VD_ZIPFIAN,          /* value of rank r drawn in proportion to 1 / r^theta */
	KP_VD_FIXED,            /* a fixed set of `distinct` values, alike */
} kp_value_dist;

typedef struct kp_column_model {
	kp_value_dist dist;
	double distinct;        /* distinct values; 0: more than any table holds */
	double theta;           /* zipfian's constant */
	const char *why;        /* the evidence: annotation, name, type, workload (in adv->a) */
	bool assumed;           /* nothing said so: the default (uniform, many values) */
	double range;           /* the share of rows a range on it keeps (-- range:), or 0:
	                           the default */
} kp_column_model;

/* What the advisor knows of column ci of t: its annotation, else the
 * workload's evidence, names and types, else uniform over many values. */
void kp_advisor_column_model(kp_advisor *adv, const kp_table *t, int ci, kp_column_model *m);

typedef struct kp_table_model {
	double rows;            /* rows at the start (-- rows:, else KP_DEFAULT_ROWS) */
	bool rows_default;
	double row_bytes;       /* bytes a row takes (-- row_bytes:, else from its columns) */
	bool row_bytes_default;
	int regions;            /* regions at the start (-- regions:, Phoenix's SALT_BUCKETS
	                           pre-split, else 1) */
	const char *regions_why;/* what said so */
	double writes;          /* -- writes: N (write weight the workload does not show), or -1 */
} kp_table_model;

void kp_advisor_table_model(kp_advisor *adv, const kp_table *t, kp_table_model *m);

/* CREATE TABLE for t with another key (NULL: t's own), in the target's
 * syntax. */
void kp_table_ddl(kp_buf *out, const kp_table *t, const char *name, const kp_key *key,
                  kp_target target);
/* Appends a table option (Phoenix's "SALT_BUCKETS = 16") to the CREATE
 * TABLE kp_table_ddl wrote, after a comma when it has options already. */
void kp_table_ddl_option(kp_buf *out, const char *opt);

#endif
