/* The hotspot simulation's HTML report: one self-contained file (no
 * network access, no external script or font), readable printed.
 *
 * This header is the contract between the simulation (tools/simulate/,
 * which fills these structures) and the report writer (sim_html.c, which
 * only draws them). Every pointer here is borrowed: the writer copies
 * nothing and frees nothing; the caller keeps the data alive for the call.
 * Strings are UTF-8 from untrusted input (table names, statement text,
 * file names): the writer escapes them for HTML and shows control
 * characters as <U+XXXX>. */
#ifndef KP_SIMULATE_SIM_HTML_H
#define KP_SIMULATE_SIM_HTML_H

#include <stddef.h>
#include <stdio.h>

/* Load over key space x time, as the Key Visualizer draws it. Columns are
 * key-space buckets in key order (bucket 0 holds the smallest keys), rows
 * are time steps (step 0 first). cells[t * key_buckets + k] is the number
 * of operations on bucket k during step t (>= 0). */
typedef struct kp_sim_heatmap {
	size_t key_buckets;
	size_t time_steps;
	const double *cells;
	double step_seconds;        /* simulated seconds per time step */
	const char *key_first;      /* label of the smallest key, or NULL */
	const char *key_last;       /* label of the largest key, or NULL */
} kp_sim_heatmap;

/* Regions touched per read by one workload statement. */
typedef struct kp_sim_fanout {
	const char *statement;      /* the statement's SQL as written */
	const char *location;       /* "workload.sql:12:1" */
	const char *access;         /* "get", "scan", "filtered scan", "full scan" */
	double regions_per_read;
} kp_sim_fanout;

typedef struct kp_sim_metrics {
	double hottest_region_write_share;  /* 0..1 */
	double hottest_server_write_share;  /* 0..1 */
	double max_mean_server_load;        /* >= 1 */
	double gini_region_load;            /* 0..1 */
	unsigned long long splits;
	unsigned long long regions;         /* at the end of the simulation */
	unsigned long long writes, reads;   /* operations simulated */
} kp_sim_metrics;

/* One picture of a table: as designed, or after one advised change. */
typedef struct kp_sim_picture {
	const char *label;          /* "as designed", or the advice, e.g.
	                               "key (device_id, ts) instead of (ts, device_id)" */
	const char *ddl;            /* the key the picture simulates, as DDL, or NULL */
	kp_sim_heatmap writes;
	kp_sim_heatmap reads;
	kp_sim_metrics metrics;
	const kp_sim_fanout *fanout;
	size_t nfanout;
} kp_sim_picture;

typedef struct kp_sim_table_report {
	const char *table;
	kp_sim_picture before;
	const kp_sim_picture *after;  /* one per advised key change; may be 0 */
	size_t nafter;
	const char *const *notes;     /* what was inferred or assumed for this
	                                 table ("ts: monotonic (type TIMESTAMP)") */
	size_t nnotes;
} kp_sim_table_report;

typedef struct kp_sim_report {
	const char *title;            /* e.g. "keyplan simulate" */
	const char *target;           /* "lindorm", "phoenix", "tablestore" */
	const char *schema_path, *workload_path;
	unsigned long long seed;
	double hours;
	const char *const *assumptions; /* model-wide defaults and assumptions,
	                                   each one sentence (docs/simulate.md) */
	size_t nassumptions;
	const kp_sim_table_report *tables;
	size_t ntables;
} kp_sim_report;

/* Writes the report to out. Returns 0, or -1 when writing failed (errno
 * set). Deterministic: the same report gives the same bytes. */
int kp_sim_html_write(FILE *out, const kp_sim_report *r);

#endif
