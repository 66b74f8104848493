/* The region-load simulation (keyplan simulate, docs/simulate.md): a
 * table's key as a sequence of lanes, regions over them that split at a
 * size, region servers, and a workload of write and read streams, stepped
 * through time in aggregate (per lane and per time step, never per row).
 *
 *   sim.h          this interface: designs, streams, the run and its results
 *   sim_lanes.c    a key design as lanes: the values of its leading parts in
 *                  key order, each with its share of the writes
 *   sim_engine.c   regions, splits, servers, the time steps, metrics, heatmaps
 *   sim_locate.c   where a read (or an UPDATE) lands: the regions its plan
 *                  touches, and its fan-out
 *   sim_cmd.c      keyplan simulate: schema and workload through lib/, the
 *                  advisor's models and advice, the pictures
 *   sim_out.c      the text summary and the JSON (docs/simulate-json.md)
 *   sim_html.h     the HTML report's contract (sim_html.c draws it)
 *
 * Nothing here reads the catalog or a plan: sim_cmd.c turns those into the
 * plain descriptions below, so the engine is tested on its own
 * (tests/simulate/). */
#ifndef KP_SIMULATE_SIM_H
#define KP_SIMULATE_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "advisor/advisor.h"

#define KP_SIM_MAX_PARTS 32
/* Lanes a key's leading values are enumerated into, at most: past it a
 * leading part is cut into this many slices of its value range. */
#define KP_SIM_LANES_MAX 4096
/* Regions a table may reach: past it regions no longer split (each refusal
 * counted as unsplittable), so that an annotated 10^15 rows stay bounded. */
#define KP_SIM_REGIONS_MAX 20000
/* The cost model's selectivities (docs/advice.md: KP_SEL_EQ, KP_SEL_RANGE):
 * a key part bound by = keeps 1% of its rows unless its values are
 * counted, a range 10%. */
#define KP_SIM_SEL_EQ 0.01
#define KP_SIM_SEL_RANGE 0.1

/* One part of a key, as its values arrive. */
typedef struct kp_sim_part {
	kp_value_dist dist;
	double distinct;        /* values; 0: unbounded */
	double theta;           /* zipfian's constant */
	bool hashed;            /* a hash (hash32, a salt byte, a reversal) leads with it: its
	                           values are placed at random in key order */
	bool salt;              /* a salt or bucket a read cannot compute unless it binds the
	                           whole key: such a read is one scan per bucket */
	double range;           /* the share of rows a range on it keeps (-- range:), or 0:
	                           KP_SIM_SEL_RANGE */
} kp_sim_part;

/* What the store does (docs/simulate.md, "the store model"). */
typedef struct kp_sim_store {
	const char *name;       /* "hbase", "lindorm", "tablestore" */
	double split_first;     /* bytes a region splits past while its server holds one region
	                           of the table (HBase's SteppingSplitPolicy: 2 x flush size) */
	double split_max;       /* bytes past which any region splits (hbase.hregion.max.filesize) */
	bool first_part_whole;  /* a value of the first key part is never split (Tablestore's
	                           partition key) */
	bool split_assumed;     /* the store does not document its split size: assumed */
} kp_sim_store;

typedef struct kp_sim_design {
	kp_sim_part parts[KP_SIM_MAX_PARTS];
	int nparts;
	double rows;            /* rows at the start */
	double row_bytes;       /* bytes a row takes */
	int presplit;           /* regions at the start (1: none) */
} kp_sim_design;

/* A key as lanes (sim_lanes.c): the combinations of its first m parts in
 * key order, or slices of its first part's value range. */
typedef struct kp_sim_lanes {
	int n;                  /* lanes */
	double *mass;           /* per lane: its share of the writes (sums to 1) */
	double *cum;            /* cum[k]: the shares of lanes before k (n + 1 entries) */
	bool append;            /* a monotonic part follows the lanes' parts: within a lane rows
	                           arrive in key order, each after the last (its tail) */
	int m;                  /* parts the lanes enumerate; 0: one lane (a monotonic lead);
	                           -1: slices of the first part (more values than lanes) */
	double stride[KP_SIM_MAX_PARTS]; /* lanes per value of part i, for i < m */
	int whole;              /* lanes per value of the first part, when one may not be split
	                           (Tablestore), else 0 */
	const char *why;        /* how the lanes were formed, one sentence */
} kp_sim_lanes;

/* Where an operation lands, from its plan on the design (sim_locate.c). */
typedef enum kp_sim_where {
	KP_SIM_FULL,            /* every region (a full scan) */
	KP_SIM_KEYS,            /* nkeys points, each by the values' distribution (GET) */
	KP_SIM_RANGES,          /* nkeys stretches of the key (SCAN, FILTERED SCAN) */
} kp_sim_where;

typedef struct kp_sim_locate {
	kp_sim_where where;
	int neq;                /* leading key parts bound by = (a bound salt counts) */
	bool has_range;         /* and a range on the next one */
	int nkeys;              /* points or stretches per operation (an IN list's values) */
	bool tail;              /* the newest rows: ORDER BY the monotonic part DESC with a
	                           LIMIT, or a latest column */
	int per_bucket;         /* the read cannot compute the salt: one scan per bucket (0: no) */
	bool rejected;          /* the store refuses it: it runs nowhere */
} kp_sim_locate;

/* A stream of operations on the table: inserts grow it, reads and
 * located writes (UPDATE, DELETE) load the regions they touch. */
typedef struct kp_sim_stream {
	double rate;            /* operations per second */
	double rows_per_op;     /* inserts: rows one statement writes */
	bool insert;            /* a new row per row written (else located) */
	bool write;             /* counts as writes (INSERT, UPDATE, DELETE) */
	kp_sim_locate loc;      /* where a located one lands */
	/* results */
	double ops;             /* operations simulated */
	double regions_per_op;  /* regions touched per operation, averaged over the run */
} kp_sim_stream;

typedef struct kp_sim_config {
	double hours;           /* simulated time */
	int steps;              /* time steps */
	uint64_t seed;          /* where skewed values fall (their permutation) */
	int servers;            /* region servers */
	bool balance_count;     /* the balancer evens region counts (else round-robin by key order) */
	int key_buckets;        /* columns of the heatmaps */
	FILE *keys_out;         /* when set, every inserted row's key written as "step lane
	                           offset" (the independent replay, tests/simulate/) */
} kp_sim_config;

typedef struct kp_sim_result {
	/* metrics (docs/simulate-json.md) */
	double hottest_region_write_share;
	double hottest_server_write_share;
	double max_mean_server_load;
	double gini_region_load;
	unsigned long long splits, unsplittable; /* unsplittable: a region past its size with no
	                           point to split at, or the table at KP_SIM_REGIONS_MAX */
	unsigned long long regions;
	double writes, reads;   /* operations (rows written, read requests) */
	double final_hottest_region_write_share; /* in the last step */
	double final_rows;
	/* heatmaps: cells[t * key_buckets + k] */
	double *write_cells, *read_cells;
	int key_buckets, time_steps;
	double step_seconds;
	/* regions at the end: their share of the rows and of the load */
	double *region_rows, *region_load;
	int *region_server;
} kp_sim_result;

/* ------------------------------------------------ the command's results */

/* One workload statement on one picture's design. */
typedef struct kp_sim_fan {
	const char *statement;  /* its SQL as written */
	const char *location;   /* "file:line:col" */
	const char *access;     /* "get", "scan", "filtered scan", "full scan", "insert",
	                           "update", "delete", or "index" (read through an index table) */
	const char *index;      /* the index that serves it, or NULL */
	double rate;            /* statements per second */
	bool rate_annotated;    /* -- rate: said so (else its weight's share of --rate) */
	bool rejected;          /* a full scan the store refuses: it loads nothing */
	bool write;
	double regions;         /* regions one statement touches, averaged over the run */
} kp_sim_fan;

typedef struct kp_sim_pic {
	const char *label;      /* "as designed", or the advice */
	const char *kind;       /* the advice's kind (hash_prefix, salt_buckets, reorder_key,
	                           reverse_key), or NULL */
	const char *key;        /* the key in key notation */
	const char *ddl;        /* the design as DDL, or NULL */
	const char *lanes;      /* how the key was cut into lanes */
	bool recommended;       /* the advisor's recommendation for the table */
	double advisor_hot;     /* the advisor's write concentration (rows written on one region
	                           over rows written, docs/advice.md), or -1 */
	kp_sim_result res;
	kp_sim_fan *fan;
	int nfan;
} kp_sim_pic;

typedef struct kp_sim_tab {
	const char *table;
	double rows, row_bytes;
	bool rows_default, row_bytes_default;
	const char *regions_why;
	double write_rate, read_rate; /* rows written, statements read, per second */
	bool writes_assumed;    /* no write in the workload: written at its read rate */
	kp_sim_pic *pics;
	int npics;
	const char **notes;     /* what was inferred or assumed */
	int nnotes;
} kp_sim_tab;

typedef struct kp_sim_doc {
	const char *target;
	const char *const *schemas, *const *workloads;
	int nschemas, nworkloads;
	kp_sim_config cfg;
	double rate;            /* statements per second shared by weight */
	bool rate_default;
	int shared;             /* statements without -- rate: (they share rate) */
	kp_sim_store store;
	const char **assumptions;
	int nassumptions;
	kp_sim_tab *tables;
	int ntables;
} kp_sim_doc;

/* sim_build.c: the pictures of every table the workload touches, from an
 * advisor that has run (kp_advisor_run) over the schema and workload. */
typedef struct kp_sim_build {
	kp_advisor *adv;        /* run over the schema and the workload */
	kp_arena *a;            /* where the document lives */
	kp_arena *scratch;      /* one plan at a time */
	kp_diags *d;            /* malformed -- rate: annotations (KP022), in a */
	kp_sim_store store;
	kp_sim_config cfg;
	double rate;            /* statements per second shared by weight (--rate) */
	FILE *keys_out;         /* the replay's key file: the first picture's rows */
	/* filled while building */
	double scale;           /* statements per second per unit of weight */
	double *rate_of;        /* per workload query: its rate */
	bool *rate_stated;      /* ... stated by -- rate: */
	bool *stated;           /* per statement of the table being built */
	kp_list *by_table;      /* per table id: indexes of its workload queries */
	bool keys_used;
} kp_sim_build;

int kp_sim_build_doc(kp_sim_build *b, kp_sim_doc *doc, const char **err);
void kp_sim_doc_free(kp_sim_doc *doc);

/* sim_out.c: the text summary and the JSON (docs/simulate-json.md). */
void kp_sim_text(FILE *out, const kp_sim_doc *doc);
void kp_sim_json(FILE *out, const kp_sim_doc *doc);

/* sim_lanes.c: the lanes of a design, their shares of the writes. */
int kp_sim_lanes_build(kp_sim_lanes *l, const kp_sim_design *d, bool first_part_whole, uint64_t seed);
void kp_sim_lanes_free(kp_sim_lanes *l);
/* The zipfian normalizer: the sum of 1 / i^theta for i = 1 .. n. */
double kp_sim_zeta(double n, double theta);

/* sim_engine.c: runs the streams on the design for cfg's time. Returns 0,
 * or -1 with *err set (static text) when the run cannot be done (the
 * replay's key file would be too large). */
int kp_sim_run(const kp_sim_design *d, const kp_sim_store *st, const kp_sim_config *cfg, kp_sim_stream *streams,
               int nstreams, kp_sim_result *out, const char **err);
void kp_sim_result_free(kp_sim_result *r);

/* The store model of a target (docs/simulate.md), with a constant split
 * size instead when region_bytes > 0. */
void kp_sim_store_of(kp_sim_store *st, kp_target target, double region_bytes);

/* sim_cmd.c */
int kp_cmd_simulate(int argc, char **argv);
/* check --report FILE: the simulation of the advisor's tables (run) with
 * keyplan simulate's defaults, into the HTML report path. Returns 0, or
 * -1 with the reason in err. */
int kp_sim_check_report(kp_advisor *adv, kp_target target, const char *path, char *err, size_t errlen);
extern const char kp_simulate_usage[];

#endif
