/* bench's ratio table: keyplan explain and lint against sqlite3_prepare_v2
 * on the same statements, on the repeated workload and on the one where no
 * shape repeats, in rounds that run the six in turn (see bench_ratio.c). */
#ifndef KP_BENCH_RATIO_H
#define KP_BENCH_RATIO_H

/* Defined by bench.c: one run of a child (its wall seconds; its CPU
 * seconds in *cpu, its peak RSS in *rss_kb, its exit status in *status),
 * and one pass of sqlite3_prepare_v2 over a file of statements (wall
 * seconds, CPU in *cpu; the statements prepared in *count). */
double bench_child(char *const argv[], double *cpu, long *rss_kb, int *status);
double bench_sqlite(const char *schema, const char *queries, double *cpu, long *count, int *errors);

typedef struct bench_ratio_opts {
	const char *keyplan, *schema, *queries, *unique;
	long n;                 /* statements in each workload */
	int min_rounds;         /* at least this many rounds (--runs) */
	int max_rounds;         /* at most this many */
	double budget;          /* seconds: rounds go on while the next one fits (--budget) */
} bench_ratio_opts;

/* Runs the rounds and prints the table; the peak RSS of explain and of
 * lint on the repeated workload in *rss_explain and *rss_lint (KB).
 * 0, or 2 when a side failed (said on standard error). */
int bench_ratios(const bench_ratio_opts *o, long *rss_explain, long *rss_lint);

/* The median of v[0..n) (v is sorted in place); 0 for n = 0. */
double bench_median(double *v, int n);

#endif
