/* bench's ratio table (bench_ratio.h).
 *
 * On a shared VM one process's rate moves by a quarter between runs a
 * minute apart, and a best-of-3 of each side taken apart moved the ratio
 * by as much (explain 8.11x then 9.17x, the same binary). So the six runs
 * (explain, lint and SQLite on the repeated workload, then on the one
 * where no shape repeats) go in rounds, one after the other, and each
 * ratio is taken within a round, where both sides met about the same
 * load: SQLite's seconds over keyplan's. The table gives the median of
 * those over the rounds with their lowest and highest, beside the best
 * (SQLite's best time over keyplan's best, as before), by wall clock and
 * by CPU seconds; and how much each side's own time moved. Rounds go on,
 * past --runs, while the next one fits in the time budget. */
#define _DEFAULT_SOURCE   /* getloadavg */
#include "tools/bench_ratio.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { EXPLAIN, LINT, SQLITE, EXPLAIN_U, LINT_U, SQLITE_U, NSIDES };

typedef struct side {
	double *wall, *cpu;     /* per round */
} side;

static double mono(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

double bench_median(double *v, int n)
{
	if (n <= 0)
		return 0;
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double lowest(const double *v, int n)
{
	double m = v[0];
	for (int i = 1; i < n; i++)
		m = v[i] < m ? v[i] : m;
	return m;
}

static double highest(const double *v, int n)
{
	double m = v[0];
	for (int i = 1; i < n; i++)
		m = v[i] > m ? v[i] : m;
	return m;
}

/* The per-round ratios of SQLite's times t over keyplan's k: median, lowest
 * and highest; and the best against the best. */
typedef struct ratio {
	double median, low, high, best;
} ratio;

static ratio ratio_of(const double *sqlite, const double *kp, int n, double *scratch)
{
	ratio r;
	for (int i = 0; i < n; i++)
		scratch[i] = sqlite[i] / kp[i];
	r.low = lowest(scratch, n);
	r.high = highest(scratch, n);
	r.median = bench_median(scratch, n);
	r.best = lowest(sqlite, n) / lowest(kp, n);
	return r;
}

static void print_row(const char *label, const side *k, const side *s, int n, double mb, long nstmt,
                      double *scratch, const char *rss)
{
	for (int i = 0; i < n; i++)
		scratch[i] = k->wall[i];
	double med = bench_median(scratch, n);
	ratio w = ratio_of(s->wall, k->wall, n, scratch), c = ratio_of(s->cpu, k->cpu, n, scratch);
	printf("%-34s %9.0f %6.1f  %6.2fx %6.2f-%-6.2f %6.2fx  %6.2fx %6.2f-%-6.2f %6.2fx", label, (double)nstmt / med,
	       mb / med, w.median, w.low, w.high, w.best, c.median, c.low, c.high, c.best);
	printf(*rss ? " %9s\n" : "\n", rss);
}

/* How much a side's own wall time moved over the rounds: highest over
 * lowest, less one, in percent. */
static double moved(const side *x, int n)
{
	return (highest(x->wall, n) / lowest(x->wall, n) - 1) * 100;
}

static long file_bytes(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fclose(f);
	return n;
}

int bench_ratios(const bench_ratio_opts *o, long *rss_explain, long *rss_lint)
{
	char *argv[NSIDES][9] = {
		[EXPLAIN] = {(char *)o->keyplan, "explain", "--no-config", "--format", "json", "--schema",
		             (char *)o->schema, (char *)o->queries, NULL},
		[LINT] = {(char *)o->keyplan, "lint", "--no-config", "--schema", (char *)o->schema, (char *)o->queries,
		          NULL},
		[EXPLAIN_U] = {(char *)o->keyplan, "explain", "--no-config", "--format", "json", "--schema",
		               (char *)o->schema, (char *)o->unique, NULL},
		[LINT_U] = {(char *)o->keyplan, "lint", "--no-config", "--schema", (char *)o->schema, (char *)o->unique,
		            NULL},
	};
	static const char *const what[NSIDES] = {"keyplan explain", "keyplan lint", "sqlite",
	                                         "keyplan explain (no shape repeats)",
	                                         "keyplan lint (no shape repeats)", "sqlite (no shape repeats)"};
	int max = o->max_rounds > o->min_rounds ? o->max_rounds : o->min_rounds;
	side sides[NSIDES];
	double *scratch = calloc((size_t)max, sizeof *scratch);
	if (!scratch)
		abort();
	for (int s = 0; s < NSIDES; s++) {
		sides[s].wall = calloc((size_t)max, sizeof(double));
		sides[s].cpu = calloc((size_t)max, sizeof(double));
		if (!sides[s].wall || !sides[s].cpu)
			abort();
	}
	double load0[1] = {0}, load1[1] = {0};
	getloadavg(load0, 1);
	*rss_explain = *rss_lint = 0;
	int rc = 0, n = 0;
	double t0 = mono();
	while (n < max) {
		double elapsed = mono() - t0;
		if (n >= o->min_rounds && elapsed + elapsed / n > o->budget)
			break;
		for (int s = 0; s < NSIDES && !rc; s++) {
			double *wall = &sides[s].wall[n], *cpu = &sides[s].cpu[n];
			if (s == SQLITE || s == SQLITE_U) {
				long count = 0;
				int errors = 0;
				*wall = bench_sqlite(o->schema, s == SQLITE ? o->queries : o->unique, cpu, &count, &errors);
				if (count != o->n || errors) {
					fprintf(stderr, "%s prepared %ld of %ld statements, %d errors\n", what[s], count, o->n,
					        errors);
					rc = 2;
				}
			} else {
				long rss = 0;
				int st = 0;
				*wall = bench_child(argv[s], cpu, &rss, &st);
				if (st > 1) {
					fprintf(stderr, "%s failed (%d)\n", what[s], st);
					rc = 2;
				}
				if (s == EXPLAIN && rss > *rss_explain)
					*rss_explain = rss;
				if (s == LINT && rss > *rss_lint)
					*rss_lint = rss;
			}
		}
		if (rc)
			break;
		n++;
	}
	double spent = mono() - t0;
	getloadavg(load1, 1);
	if (!rc) {
		double mb = (double)file_bytes(o->queries) / 1e6, mbu = (double)file_bytes(o->unique) / 1e6;
		char rss_e[32], rss_l[32];
		snprintf(rss_e, sizeof rss_e, "%ld MB", *rss_explain / 1024);
		snprintf(rss_l, sizeof rss_l, "%ld MB", *rss_lint / 1024);
		printf("%d rounds in %.0f s (at least %d, more while the %.0f s budget lasts), load %.1f then %.1f;\n"
		       "each round runs the six below in turn; a ratio is SQLite's seconds over keyplan's in one round:\n"
		       "its median over the rounds, lowest-highest, and the best (SQLite's best over keyplan's best)\n",
		       n, spent, o->min_rounds, o->budget, load0[0], load1[0]);
		printf("%-34s %9s %6s  %7s %13s %7s  %7s %13s %7s %9s\n", "", "stmts/s", "MB/s", "wall", "range",
		       "best", "CPU", "range", "best", "peak RSS");
		print_row("keyplan explain --format json", &sides[EXPLAIN], &sides[SQLITE], n, mb, o->n, scratch, rss_e);
		print_row("keyplan lint", &sides[LINT], &sides[SQLITE], n, mb, o->n, scratch, rss_l);
		for (int i = 0; i < n; i++)
			scratch[i] = sides[SQLITE].wall[i];
		double med = bench_median(scratch, n);
		printf("%-34s %9.0f %6.1f\n", "sqlite3_prepare_v2 (in process)", (double)o->n / med, mb / med);
		printf("no shape repeats (each statement its own table alias, %.1f MB):\n", mbu);
		print_row("  keyplan explain --format json", &sides[EXPLAIN_U], &sides[SQLITE_U], n, mbu, o->n, scratch,
		          "");
		print_row("  keyplan lint", &sides[LINT_U], &sides[SQLITE_U], n, mbu, o->n, scratch, "");
		for (int i = 0; i < n; i++)
			scratch[i] = sides[SQLITE_U].wall[i];
		med = bench_median(scratch, n);
		printf("%-34s %9.0f %6.1f\n", "  sqlite3_prepare_v2 (in process)", (double)o->n / med, mbu / med);
		printf("each side's own wall time moved by (highest over lowest): explain %.0f%%, lint %.0f%%, "
		       "SQLite %.0f%%; no repeats: %.0f%%, %.0f%%, %.0f%%\n",
		       moved(&sides[EXPLAIN], n), moved(&sides[LINT], n), moved(&sides[SQLITE], n),
		       moved(&sides[EXPLAIN_U], n), moved(&sides[LINT_U], n), moved(&sides[SQLITE_U], n));
	}
	for (int s = 0; s < NSIDES; s++) {
		free(sides[s].wall);
		free(sides[s].cpu);
	}
	free(scratch);
	return rc;
}
