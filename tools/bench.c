/* keyplan benchmark: generates a reproducible workload (many tables, N
 * SELECTs of every access class), then times, in the same run and on the
 * same statements:
 *   keyplan explain --format json   (the real binary, output to /dev/null)
 *   keyplan lint                    (the real binary)
 *   sqlite3_prepare_v2              (in process, the same schema WITHOUT ROWID)
 *   and the three again where no shape repeats
 * and prints statements/s, MB/s, the ratio keyplan/SQLite, and peak RSS:
 * in rounds that run the six in turn, at least --runs (default 3) and more
 * while the next fits in --budget seconds (default 240), each ratio taken
 * within a round, its median over the rounds with its lowest and highest
 * beside the best against the best, by wall clock and by CPU
 * (tools/bench_ratio.c);
 * then the peak RSS of explain on 10,000 vs N statements, and keyplan check
 * with the workload advisor against lint on 100 tables and 100,000 queries;
 * then lint on a source tree holding those 100,000 queries embedded in
 * Java, Kotlin, Go, Python and MyBatis mapper files (each split over two
 * lines, a mapper's WHERE under <where><if>), in MB/s of source scanned,
 * beside lint on the same queries as .sql.
 *
 * With --digest, only keyplan digest instead: a MySQL slow log of
 * --digest-statements events (default 300,000) digested by keyplan digest
 * and by pt-query-digest (Debian percona-toolkit) on the same file, then a
 * statement-per-line log of --big statements (default 10,000,000) of
 * 10,000 shapes with random literals, digested and given to check
 * --workload, with peak RSS beside that of a tenth of it (memory bounded
 * by shapes, flat as the log grows).
 *
 * With --lsp, keyplan lsp instead (tools/bench_lsp.c); with --simulate,
 * keyplan simulate on 10^8 row writes (tools/bench_sim.c).
 *
 * usage: bench [--statements N] [--keyplan PATH] [--dir DIR] [--seed S] [--runs R]
 *              [--digest [--digest-statements N] [--big N] [--pt PATH]] [--lsp] [--simulate]
 *              [--ratios] [--budget S] [--judge [--judge-statements N]]
 *
 * The ratios are also given on a workload where no statement's shape
 * repeats (the same draw, each statement under its own table alias), so a
 * gain that only reuses work across statements of one shape shows as such;
 * --ratios stops after that table. With --judge, only check against lint
 * on the judge's workload (its own draw from the seed: 100,000 statements,
 * or --judge-statements N, over 4 tables of over 1,000 shapes each), by wall clock, CPU and peak
 * RSS, under the default target and then under Phoenix, Tablestore and
 * generic, by CPU. */
#define _DEFAULT_SOURCE   /* wait4 */
#include <errno.h>
#include <malloc.h>     /* mallopt */
#include <stdbool.h>
#include <fcntl.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tools/bench_lsp.h"
#include "tools/bench_ratio.h"
#include "tools/bench_sim.h"

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

typedef struct table {
	int nkey;               /* key columns k0..k{nkey-1} */
	int text[4];            /* key column i is VARCHAR */
} table;

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void val(FILE *f, int text)
{
	if (text)
		fprintf(f, "'u%u'", rnd(100000));
	else
		fprintf(f, "%u", rnd(1000000));
}

static void gen_schema(const char *path, table *t, int ntables)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	for (int i = 0; i < ntables; i++) {
		t[i].nkey = 1 + (int)rnd(4);
		fprintf(f, "CREATE TABLE t%d (", i);
		for (int k = 0; k < t[i].nkey; k++) {
			t[i].text[k] = (int)rnd(2);
			fprintf(f, "k%d %s NOT NULL, ", k, t[i].text[k] ? "VARCHAR(32)" : "BIGINT");
		}
		fprintf(f, "v0 BIGINT, v1 VARCHAR(32), v2 DOUBLE, PRIMARY KEY (");
		for (int k = 0; k < t[i].nkey; k++)
			fprintf(f, "%sk%d%s", k ? ", " : "", k, k == t[i].nkey - 1 && rnd(3) == 0 ? " DESC" : "");
		fprintf(f, ")) WITHOUT ROWID;\n");
	}
	fclose(f);
}

/* One SELECT of a random access class; alias >= 0 names the table u<alias>
 * (a name is part of a statement's shape, so no two statements of distinct
 * aliases share one). */
static void gen_query(FILE *f, const table *tabs, int ntables, long alias)
{
	int ti = (int)rnd((uint32_t)ntables);
	const table *t = &tabs[ti];
	if (alias >= 0)
		fprintf(f, "SELECT * FROM t%d u%ld WHERE ", ti, alias);
	else
		fprintf(f, "SELECT * FROM t%d WHERE ", ti);
	switch (rnd(6)) {
	case 0:   /* GET */
		for (int k = 0; k < t->nkey; k++) {
			fprintf(f, "%sk%d = ", k ? " AND " : "", k);
			val(f, t->text[k]);
		}
		break;
	case 1:   /* SCAN: prefix and a range */
		fprintf(f, "k0 = ");
		val(f, t->text[0]);
		if (t->nkey > 1) {
			fprintf(f, " AND k1 >= ");
			val(f, t->text[1]);
			fprintf(f, " AND k1 < ");
			val(f, t->text[1]);
		}
		fprintf(f, " ORDER BY k0 LIMIT 100");
		break;
	case 2:   /* FILTERED */
		fprintf(f, "k0 = ");
		val(f, t->text[0]);
		fprintf(f, " AND v0 > %u AND v1 LIKE 'x%%'", rnd(1000));
		break;
	case 3:   /* multi-get */
		fprintf(f, "k0 IN (");
		for (int i = 0; i < 5; i++) {
			if (i)
				fprintf(f, ", ");
			val(f, t->text[0]);
		}
		fprintf(f, ")");
		break;
	case 4:   /* OR of prefixes */
		fprintf(f, "(k0 = ");
		val(f, t->text[0]);
		fprintf(f, " OR k0 = ");
		val(f, t->text[0]);
		fprintf(f, ") AND v2 < 1.5");
		break;
	default:  /* REJECTED */
		fprintf(f, "v0 = %u", rnd(100));
		break;
	}
	fprintf(f, ";\n");
}

static void gen_queries(const char *path, const table *t, int ntables, long n, bool unique)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	for (long i = 0; i < n; i++)
		gen_query(f, t, ntables, unique ? i : -1);
	fclose(f);
}

/* Runs argv with stdout to /dev/null; returns seconds, peak RSS in KiB. */
static double last_cpu;  /* CPU seconds (user + system) of the last run() or sqlite_prepare() */

/* This process's CPU seconds: on a loaded machine the CPU time of each side
 * is steadier than its wall clock. */
static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

double bench_child(char *const argv[], double *cpu, long *maxrss_kb, int *status)
{
	double t0 = now();
	pid_t pid = fork();
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);
		dup2(fd, 1);
		dup2(fd, 2);
		execv(argv[0], argv);
		_exit(127);
	}
	int st;
	struct rusage ru;
	wait4(pid, &st, 0, &ru);
	*maxrss_kb = ru.ru_maxrss;
	*cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
	       (double)ru.ru_stime.tv_usec / 1e6;
	*status = WIFEXITED(st) ? WEXITSTATUS(st) : 128;
	return now() - t0;
}

static double run(char *const argv[], long *maxrss_kb, int *status)
{
	return bench_child(argv, &last_cpu, maxrss_kb, status);
}

/* The best of runs of one lint of a file or tree, its peak RSS in *rss;
 * < 0 (said on standard error) when keyplan failed. */
static double best_lint(char *const argv[], int runs, long *rss, const char *what)
{
	double best = 1e30;
	int st = 0;
	for (int r = 0; r < runs; r++) {
		double t = run(argv, rss, &st);
		if (st > 1) {
			fprintf(stderr, "keyplan lint on %s failed (%d)\n", what, st);
			return -1;
		}
		if (t < best)
			best = t;
	}
	return best;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		exit(2);
	}
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	char *b = malloc((size_t)n + 1);
	if (!b || fread(b, 1, (size_t)n, f) != (size_t)n)
		exit(2);
	b[n] = 0;
	fclose(f);
	*len = (size_t)n;
	return b;
}

double bench_sqlite(const char *schema_path, const char *queries_path, double *cpu, long *count, int *errors)
{
	sqlite3 *db;
	sqlite3_open(":memory:", &db);
	size_t sl, ql;
	char *schema = slurp(schema_path, &sl);
	char *q = slurp(queries_path, &ql);
	if (sqlite3_exec(db, schema, NULL, NULL, NULL) != SQLITE_OK) {
		fprintf(stderr, "sqlite schema: %s\n", sqlite3_errmsg(db));
		exit(2);
	}
	double t0 = now(), c0 = cpu_now();
	const char *p = q;
	*count = 0;
	*errors = 0;
	while (*p) {
		sqlite3_stmt *st;
		const char *tail;
		if (sqlite3_prepare_v2(db, p, -1, &st, &tail) != SQLITE_OK)
			(*errors)++;
		if (!st && tail == p)
			break;
		if (st)
			(*count)++;
		sqlite3_finalize(st);
		p = tail;
	}
	double dt = now() - t0;
	*cpu = cpu_now() - c0;
	sqlite3_close(db);
	free(schema);
	free(q);
	return dt;
}

/* The next query of the one-per-line buffer [*at, end) that has a WHERE,
 * cut in place into its head and "WHERE ..." (no ';'); false at the end. */
static bool next_split_query(char **at, char *end, char **head, char **where_part)
{
	while (*at < end) {
		char *line = *at, *nl = strchr(line, '\n');
		if (!nl)
			nl = end;
		*nl = 0;
		*at = nl + 1;
		char *semi = strrchr(line, ';');
		if (semi)
			*semi = 0;
		char *where = strstr(line, " WHERE ");
		if (!where)
			continue;
		*where = 0;
		*head = line;
		*where_part = where + 1;
		return true;
	}
	return false;
}

/* A source tree under dir/src: the statements of queries_path, 500 to a
 * file, the files cycling through the host languages. Returns its bytes. */
static long gen_tree(const char *dir, const char *queries_path)
{
	size_t len;
	char *q = slurp(queries_path, &len);
	char path[4200];
	snprintf(path, sizeof path, "%s/src", dir);
	mkdir(path, 0777);
	static const char *ext[] = {"java", "kt", "go", "py", "xml"};
	long total = 0;
	int file = 0, in_file = 0;
	FILE *f = NULL;
	int lang = 0;
	char *a, *b;
	for (char *at = q; next_split_query(&at, q + len, &a, &b);) {
		if (!f) {
			lang = file % 5;
			snprintf(path, sizeof path, "%s/src/q%03d.%s", dir, file, ext[lang]);
			f = fopen(path, "w");
			if (!f) {
				perror(path);
				exit(2);
			}
			static const char *head[] = {"package bench;\n\nclass Q {\n", "package bench\n\nobject Q {\n",
			                             "package bench\n\nfunc q(db *sql.DB) {\n", "def q(cur):\n",
			                             "<?xml version=\"1.0\"?>\n<mapper namespace=\"bench.Q\">\n"};
			fputs(head[lang], f);
		}
		switch (lang) {
		case 0: fprintf(f, "    // query %d\n    static final String Q%d = \"%s \"\n        + \"%s\";\n", in_file, in_file, a, b); break;
		case 1: fprintf(f, "    // query %d\n    val q%d = \"%s \" +\n        \"%s\"\n", in_file, in_file, a, b); break;
		case 2: fprintf(f, "\t// query %d\n\tdb.Query(\"%s \" +\n\t\t\"%s\")\n", in_file, a, b); break;
		case 3: fprintf(f, "    # query %d\n    cur.execute(\"%s \"\n                \"%s\")\n", in_file, a, b); break;
		default:
			fprintf(f, "  <select id=\"q%d\">\n    %s\n    <where><if test=\"p != null\">", in_file, a);
			for (const char *c = b + 6; *c; c++)   /* past "WHERE " */
				if (*c == '<')
					fputs("&lt;", f);
				else
					fputc(*c, f);
			fputs("</if></where>\n  </select>\n", f);
		}
		if (++in_file == 500) {
			static const char *tail[] = {"}\n", "}\n", "}\n", "", "</mapper>\n"};
			fputs(tail[lang], f);
			total += ftell(f);
			fclose(f);
			f = NULL;
			in_file = 0;
			file++;
		}
	}
	if (f) {
		static const char *tail[] = {"}\n", "}\n", "}\n", "", "</mapper>\n"};
		fputs(tail[lang], f);
		total += ftell(f);
		fclose(f);
	}
	free(q);
	return total;
}

/* The judge's workload: 4 tables keyed (ts, id) (a hot lead, so every
 * hotspot fix is a candidate), each read by at least 1,000 distinct shapes
 * (which columns are read and compared, how, LIMIT), with writes, and
 * LIKE patterns that all differ (one shape per pattern kind). */
static void gen_judge(const char *schema_path, const char *queries_path, long n)
{
	FILE *s = fopen(schema_path, "w"), *f = fopen(queries_path, "w");
	if (!s || !f) {
		perror(queries_path);
		exit(2);
	}
	for (int t = 0; t < 4; t++) {
		fprintf(s, "CREATE TABLE j%d (ts BIGINT NOT NULL, id VARCHAR(32) NOT NULL", t);
		for (int c = 0; c < 12; c++)
			fprintf(s, ", c%d %s", c, c % 2 ? "VARCHAR(32)" : "BIGINT");
		fprintf(s, ", PRIMARY KEY (ts, id));\n");
	}
	static const char *ops[] = {"=", ">", "<="};
	for (long i = 0; i < n; i++) {
		int t = (int)rnd(4), a = (int)rnd(12), b = (int)rnd(12);
		switch (rnd(8)) {
		case 0:
			fprintf(f, "INSERT INTO j%d (ts, id, c%d) VALUES (%u, 'i%u', %u);\n", t, a, rnd(1000000), rnd(1000000),
			        rnd(100));
			break;
		case 1:
			fprintf(f, "SELECT * FROM j%d WHERE id = 'i%u' AND c1 LIKE 'p%u%%';\n", t, rnd(1000000), rnd(1000000));
			break;
		case 2:
			fprintf(f, "SELECT c%d FROM j%d WHERE ts = %u AND id = 'i%u';\n", a, t, rnd(1000000), rnd(1000000));
			break;
		default:
			/* 12 x 12 x 3 x 5 = 2,160 shapes a table */
			fprintf(f, "SELECT c%d FROM j%d WHERE c%d %s %s%u%s LIMIT %u;\n", a, t, b, ops[rnd(3)], b % 2 ? "'" : "",
			        rnd(1000), b % 2 ? "'" : "", 10 * (1 + rnd(5)));
			break;
		}
	}
	fclose(s);
	fclose(f);
}

/* check against lint on the judge's workload (gen_judge, 100,000
 * statements) under one target (NULL: the default): best wall and CPU
 * seconds of each, and check's peak RSS beside lint's; < 0 when check
 * failed. */
static int judge_target(const char *keyplan, const char *jschema, const char *jq, const char *target, int runs,
                        long n)
{
	char *lintj[] = {(char *)keyplan, "lint", "--no-config", "--schema", (char *)jschema, (char *)jq, NULL, NULL, NULL};
	char *checkj[] = {(char *)keyplan, "check", "--no-config", "--schema", (char *)jschema, "--workload", (char *)jq,
	                  NULL, NULL, NULL};
	if (target) {
		lintj[6] = checkj[7] = "--target";
		lintj[7] = checkj[8] = (char *)target;
	}
	double t_lj = 1e30, t_cj = 1e30, c_lj = 1e30, c_cj = 1e30;
	long rss_lj = 0, rss_cj = 0;
	int st;
	for (int r = 0; r < runs; r++) {
		double t = run(lintj, &rss_lj, &st);
		t_lj = t < t_lj ? t : t_lj;
		c_lj = last_cpu < c_lj ? last_cpu : c_lj;
		t = run(checkj, &rss_cj, &st);
		if (st > 1) {
			fprintf(stderr, "keyplan check on the judge's workload failed (%d)\n", st);
			return -1;
		}
		t_cj = t < t_cj ? t : t_cj;
		c_cj = last_cpu < c_cj ? last_cpu : c_cj;
	}
	if (!target) {
		printf("check judging 4 tables x over 1,000 shapes, %ld statements: %.2f s; lint: %.2f s (ratio %.2f), "
		       "peak RSS %ld MB\n", n, t_cj, t_lj, t_cj / t_lj, rss_cj / 1024);
		printf("  by CPU: check %.2f s, lint %.2f s (ratio %.2f); peak RSS check %ld MB, lint %ld MB\n", c_cj, c_lj,
		       c_cj / c_lj, rss_cj / 1024, rss_lj / 1024);
	} else {
		printf("  --target %s by CPU: check %.2f s, lint %.2f s (ratio %.2f); peak RSS check %ld MB, lint %ld MB\n",
		       target, c_cj, c_lj, c_cj / c_lj, rss_cj / 1024, rss_lj / 1024);
	}
	return 0;
}

/* check against lint on the judge's workload (gen_judge, 100,000
 * statements): the default target, then, with every_target, the others
 * (each plans and judges by its own rules). */
static int judge_case(const char *keyplan, const char *dir, int runs, bool every_target, long n)
{
	char jschema[4200], jq[4200];
	snprintf(jschema, sizeof jschema, "%s/judge-schema.sql", dir);
	snprintf(jq, sizeof jq, "%s/judge-%ld.sql", dir, n);
	gen_judge(jschema, jq, n);
	if (judge_target(keyplan, jschema, jq, NULL, runs, n) < 0)
		return -1;
	static const char *const others[] = {"phoenix", "tablestore", "generic"};
	for (int i = 0; every_target && i < 3; i++)
		if (judge_target(keyplan, jschema, jq, others[i], runs, n) < 0)
			return -1;
	return 0;
}

/* A MySQL slow log of n events: each statement of gen_query under the
 * headers a server writes (time, user, query time and rows). */
static void gen_slow_log(const char *path, const table *t, int ntables, long n)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	fprintf(f, "/usr/sbin/mysqld, Version: 8.0.35 (MySQL Community Server - GPL). started with:\n"
	           "Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n"
	           "Time                 Id Command    Argument\n");
	for (long i = 0; i < n; i++) {
		long s = 1704164645 + i / 100;
		fprintf(f, "# Time: 2024-01-%02ldT%02ld:%02ld:%02ld.%06uZ\n", 2 + s / 86400 % 27, s / 3600 % 24,
		        s / 60 % 60, s % 60, rnd(1000000));
		fprintf(f, "# User@Host: app[app] @ app-host [10.0.0.%u]  Id: %6u\n", rnd(250), 1000 + rnd(64));
		fprintf(f, "# Query_time: %u.%06u  Lock_time: 0.000%03u Rows_sent: %u  Rows_examined: %u\n", rnd(2),
		        rnd(1000000), rnd(1000), rnd(100), rnd(100000));
		fprintf(f, "SET timestamp=%ld;\n", s);
		gen_query(f, t, ntables, -1);
	}
	fclose(f);
}

/* A statement-per-line log of n statements of 10,000 shapes: a key read
 * of one of 100 tables with one of 100 LIMITs (a LIMIT's value is part of
 * the shape), random literals. */
static void gen_shapes_log(const char *path, const table *t, long n)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	for (long i = 0; i < n; i++) {
		int ti = (int)rnd(100);
		fprintf(f, "SELECT * FROM t%d WHERE k0 = ", ti);
		val(f, t[ti].text[0]);
		fprintf(f, " LIMIT %u;\n", 1 + rnd(100));
	}
	fclose(f);
}

/* The same statements in one MyBatis mapper, each WHERE in an <if>, as
 * gen_tree writes them. Returns its bytes. */
static long gen_big_mapper(const char *path, const char *queries_path)
{
	size_t len;
	char *q = slurp(queries_path, &len);
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	fputs("<?xml version=\"1.0\"?>\n<mapper namespace=\"bench.Big\">\n", f);
	long n = 0;
	char *head, *where;
	for (char *at = q; next_split_query(&at, q + len, &head, &where);) {
		fprintf(f, "  <select id=\"q%ld\">\n    %s\n    <where><if test=\"p != null\">", n++, head);
		for (const char *c = where + 6; *c; c++)   /* past "WHERE " */
			if (*c == '<')
				fputs("&lt;", f);
			else
				fputc(*c, f);
		fputs("</if></where>\n  </select>\n", f);
	}
	fputs("</mapper>\n", f);
	long size = ftell(f);
	fclose(f);
	free(q);
	return size;
}

static long file_size(const char *path);

static int bench_digest(const char *keyplan, const char *dir, const char *schema, const table *tabs, long n_slow,
                        long n_big, const char *pt, int runs)
{
	char slow[4096], big[4096], tenth[4096];
	snprintf(slow, sizeof slow, "%s/slow.log", dir);
	snprintf(big, sizeof big, "%s/big.log", dir);
	snprintf(tenth, sizeof tenth, "%s/tenth.log", dir);
	gen_slow_log(slow, tabs, 100, n_slow);
	double mb = (double)file_size(slow) / 1e6;
	printf("MySQL slow log: %ld events, %.1f MB (%s)\n", n_slow, mb, slow);
	int st;
	long rss_kp = 0, rss_kps = 0, rss_pt = 0;
	char *kp_argv[] = {(char *)keyplan, "digest", slow, NULL};
	char *kps_argv[] = {(char *)keyplan, "digest", "--schema", (char *)schema, slow, NULL};
	char *pt_argv[] = {(char *)pt, slow, NULL};
	/* wall and CPU seconds, best of the runs */
	double t_kp = 1e30, t_kps = 1e30, t_pt = 1e30, c_kp = 1e30, c_kps = 1e30, c_pt = 1e30;
	for (int r = 0; r < runs; r++) {
		long rs;
		double t = run(kp_argv, &rs, &st);
		if (st) {
			fprintf(stderr, "keyplan digest failed (%d)\n", st);
			return 2;
		}
		t_kp = t < t_kp ? t : t_kp;
		c_kp = last_cpu < c_kp ? last_cpu : c_kp;
		rss_kp = rs > rss_kp ? rs : rss_kp;
		t = run(kps_argv, &rs, &st);
		if (st) {
			fprintf(stderr, "keyplan digest --schema failed (%d)\n", st);
			return 2;
		}
		t_kps = t < t_kps ? t : t_kps;
		c_kps = last_cpu < c_kps ? last_cpu : c_kps;
		rss_kps = rs > rss_kps ? rs : rss_kps;
		t = run(pt_argv, &rs, &st);
		if (st) {
			fprintf(stderr, "%s failed (%d): is percona-toolkit installed?\n", pt, st);
			return 2;
		}
		t_pt = t < t_pt ? t : t_pt;
		c_pt = last_cpu < c_pt ? last_cpu : c_pt;
		rss_pt = rs > rss_pt ? rs : rss_pt;
	}
	printf("best of %d runs each, interleaved (wall-clock and CPU seconds: the machine is shared)\n", runs);
	printf("%-42s %8s %8s %12s %8s %9s %9s %9s\n", "", "wall s", "CPU s", "events/s", "MB/s", "vs pt", "CPU vs pt",
	       "peak RSS");
	printf("%-42s %8.2f %8.2f %12.0f %8.1f %8.1fx %8.1fx %6ld MB\n", "keyplan digest", t_kp, c_kp, n_slow / t_kp,
	       mb / t_kp, t_pt / t_kp, c_pt / c_kp, rss_kp / 1024);
	printf("%-42s %8.2f %8.2f %12.0f %8.1f %8.1fx %8.1fx %6ld MB\n", "keyplan digest --schema (plans, hot keys)",
	       t_kps, c_kps, n_slow / t_kps, mb / t_kps, t_pt / t_kps, c_pt / c_kps, rss_kps / 1024);
	printf("%-42s %8.2f %8.2f %12.0f %8.1f %8.1fx %8.1fx %6ld MB\n", "pt-query-digest", t_pt, c_pt, n_slow / t_pt,
	       mb / t_pt, 1.0, 1.0, rss_pt / 1024);
	unlink(slow);

	gen_shapes_log(tenth, tabs, n_big / 10);
	gen_shapes_log(big, tabs, n_big);
	printf("\nstatement-per-line log of 10,000 shapes: %ld statements, %.1f MB\n", n_big,
	       (double)file_size(big) / 1e6);
	long r_tenth, r_big, r_ctenth, r_cbig;
	char *d_tenth[] = {(char *)keyplan, "digest", "--schema", (char *)schema, tenth, NULL};
	char *d_big[] = {(char *)keyplan, "digest", "--schema", (char *)schema, big, NULL};
	char *c_tenth[] = {(char *)keyplan, "check", "--no-config", "--schema", (char *)schema, "--workload", tenth, NULL};
	char *c_big[] = {(char *)keyplan, "check", "--no-config", "--schema", (char *)schema, "--workload", big, NULL};
	double t1 = run(d_tenth, &r_tenth, &st), c1 = last_cpu;
	double t2 = run(d_big, &r_big, &st), c2 = last_cpu;
	if (st) {
		fprintf(stderr, "keyplan digest of the big log failed (%d)\n", st);
		return 2;
	}
	printf("  digest --schema:  %9ld statements %7.2f s (CPU %.2f s), peak RSS %4ld MB\n", n_big / 10, t1, c1,
	       r_tenth / 1024);
	printf("                    %9ld statements %7.2f s (CPU %.2f s, %.0f statements/s of CPU), peak RSS %4ld MB\n",
	       n_big, t2, c2, n_big / c2, r_big / 1024);
	t1 = run(c_tenth, &r_ctenth, &st);
	c1 = last_cpu;
	t2 = run(c_big, &r_cbig, &st);
	c2 = last_cpu;
	if (st > 1) {
		fprintf(stderr, "keyplan check --workload of the big log failed (%d)\n", st);
		return 2;
	}
	printf("  check --workload: %9ld statements %7.2f s (CPU %.2f s), peak RSS %4ld MB\n", n_big / 10, t1, c1,
	       r_ctenth / 1024);
	printf("                    %9ld statements %7.2f s (CPU %.2f s), peak RSS %4ld MB\n", n_big, t2, c2,
	       r_cbig / 1024);
	unlink(big);
	unlink(tenth);
	return 0;
}

/* The queries of queries_path as constants of one Java class, each over
 * two lines. Returns the file's size. */
static long gen_big_java(const char *path, const char *queries_path)
{
	size_t len;
	char *q = slurp(queries_path, &len);
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	fputs("package bench;\n\nclass Big {\n", f);
	long n = 0;
	char *head, *where;
	for (char *at = q; next_split_query(&at, q + len, &head, &where);) {
		fprintf(f, "    static final String Q%ld = \"%s \"\n        + \"%s\";\n", n++, head, where);
	}
	fputs("}\n", f);
	long size = ftell(f);
	fclose(f);
	free(q);
	return size;
}

static long file_size(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? (long)st.st_size : 0;
}

int main(int argc, char **argv)
{
	long n = 1000000;
	const char *keyplan = "./keyplan";
	const char *dir = NULL;
	uint64_t seed = 20261122;
	int runs = 3;
	double budget = 240;   /* seconds the ratio table's rounds may take past --runs */
	bool lsp = false;
	bool digest = false, simulate = false;
	bool ratios = false;
	bool judge = false;
	long n_judge = 100000;
	long n_slow = 300000, n_big = 10000000;
	const char *pt = "/usr/bin/pt-query-digest";
	/* a child's peak RSS counts this process's pages at the fork: glibc
	 * raises its mmap threshold past the first large buffer freed, so
	 * the SQLite side's 13 MB of queries stayed on the heap and every
	 * keyplan after it was measured at 27 MB; a fixed threshold gives
	 * each large buffer back when it is freed */
	mallopt(M_MMAP_THRESHOLD, 128 << 10);
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--statements") && i + 1 < argc)
			n = atol(argv[++i]);
		else if (!strcmp(argv[i], "--keyplan") && i + 1 < argc)
			keyplan = argv[++i];
		else if (!strcmp(argv[i], "--dir") && i + 1 < argc)
			dir = argv[++i];
		else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--runs") && i + 1 < argc && atoi(argv[i + 1]) > 0)
			runs = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--lsp"))
			lsp = true;
		else if (!strcmp(argv[i], "--ratios"))
			ratios = true;
		else if (!strcmp(argv[i], "--budget") && i + 1 < argc && atof(argv[i + 1]) >= 0)
			budget = atof(argv[++i]);
		else if (!strcmp(argv[i], "--judge"))
			judge = true;
		else if (!strcmp(argv[i], "--judge-statements") && i + 1 < argc && atol(argv[i + 1]) > 0)
			n_judge = atol(argv[++i]);
		else if (!strcmp(argv[i], "--digest"))
			digest = true;
		else if (!strcmp(argv[i], "--simulate"))
			simulate = true;
		else if (!strcmp(argv[i], "--digest-statements") && i + 1 < argc && atol(argv[i + 1]) > 0)
			n_slow = atol(argv[++i]);
		else if (!strcmp(argv[i], "--big") && i + 1 < argc && atol(argv[i + 1]) >= 10)
			n_big = atol(argv[++i]);
		else if (!strcmp(argv[i], "--pt") && i + 1 < argc)
			pt = argv[++i];
		else {
			fprintf(stderr, "usage: bench [--statements N] [--keyplan PATH] [--dir DIR] [--seed S] [--runs R]\n"
			                "             [--digest [--digest-statements N] [--big N] [--pt PATH]] [--lsp] [--simulate]\n"
			                "             [--ratios] [--budget S] [--judge [--judge-statements N]]\n");
			return 2;
		}
	}
	char tmpl[] = "/tmp/keyplan-bench-XXXXXX";
	if (!dir && !(dir = mkdtemp(tmpl))) {
		perror("mkdtemp");
		return 2;
	}
	char schema[4096], queries[4096], small[4096], checkq[4096], unique[4096];
	snprintf(schema, sizeof schema, "%s/schema.sql", dir);
	snprintf(queries, sizeof queries, "%s/queries.sql", dir);
	snprintf(small, sizeof small, "%s/queries-10k.sql", dir);
	snprintf(checkq, sizeof checkq, "%s/queries-100k.sql", dir);
	snprintf(unique, sizeof unique, "%s/queries-unique.sql", dir);
	if (simulate)
		return bench_simulate(keyplan, dir, runs);
	if (judge) {
		rng = seed;
		return judge_case(keyplan, dir, runs, true, n_judge) < 0 ? 2 : 0;
	}
	rng = seed;
	table tabs[100];
	gen_schema(schema, tabs, 100);
	if (digest)
		return bench_digest(keyplan, dir, schema, tabs, n_slow, n_big, pt, runs);
	gen_queries(queries, tabs, 100, n, false);
	gen_queries(small, tabs, 100, 10000, false);
	if (lsp)
		return bench_lsp(keyplan, dir, small, runs);
	gen_queries(checkq, tabs, 100, 100000, false);
	/* the workload where no shape repeats, from its own draw so that the
	 * workloads after it stay those of earlier versions */
	uint64_t rng_kept = rng;
	gen_queries(unique, tabs, 100, n, true);
	rng = rng_kept;
	double mb = (double)file_size(queries) / 1e6;
	printf("workload: %ld SELECTs over 100 tables, %.1f MB, seed %llu (%s)\n\n", n, mb,
	       (unsigned long long)seed, dir);

	long rss = 0, rss_small, rss_lint = 0, rss_check, rss_lint100k;
	int st;
	bench_ratio_opts ro = {.keyplan = keyplan, .schema = schema, .queries = queries, .unique = unique, .n = n,
	                       .min_rounds = runs, .max_rounds = 25, .budget = budget};
	if (bench_ratios(&ro, &rss, &rss_lint))
		return 2;
	if (ratios)
		return 0;

	char *small_argv[] = {(char *)keyplan, "explain", "--no-config", "--format", "json", "--schema", schema, small, NULL};
	run(small_argv, &rss_small, &st);
	printf("\npeak RSS of explain: %ld KB for 10,000 statements, %ld KB for %ld (ratio %.2f)\n", rss_small, rss, n,
	       (double)rss / (double)rss_small);

	char *lint100k[] = {(char *)keyplan, "lint", "--no-config", "--schema", schema, checkq, NULL};
	char *check100k[] = {(char *)keyplan, "check", "--no-config", "--schema", schema, "--workload", checkq, NULL};
	double t_l100 = 1e30, t_c100 = 1e30;
	for (int r = 0; r < runs; r++) {
		double t = run(lint100k, &rss_lint100k, &st);
		if (t < t_l100)
			t_l100 = t;
		t = run(check100k, &rss_check, &st);
		if (st > 1) {
			fprintf(stderr, "keyplan check failed (%d)\n", st);
			return 2;
		}
		if (t < t_c100)
			t_c100 = t;
	}
	printf("check with the advisor, 100 tables x 100,000 queries: %.2f s; lint: %.2f s (ratio %.2f)\n", t_c100,
	       t_l100, t_c100 / t_l100);

	/* the judge: 100,000 statements over 4 tables, over 1,000 shapes each */
	if (judge_case(keyplan, dir, runs, false, 100000) < 0)
		return 2;

	/* the same 100,000 queries embedded in application code */
	long tree = gen_tree(dir, checkq);
	char src[4200];
	snprintf(src, sizeof src, "%s/src", dir);
	char *lint_tree[] = {(char *)keyplan, "lint", "--no-config", "--schema", schema, src, NULL};
	long rss_tree = 0;
	double t_tree = best_lint(lint_tree, runs, &rss_tree, "the source tree");
	if (t_tree < 0)
		return 2;
	double mb100 = (double)file_size(checkq) / 1e6;
	printf("\nlint on 100,000 queries embedded in Java, Kotlin, Go, Python and MyBatis (200 files, %.1f MB):\n",
	       (double)tree / 1e6);
	printf("  source tree: %.2f s, %.1f MB/s of source scanned, %.0f statements/s, peak RSS %ld MB\n", t_tree,
	       (double)tree / 1e6 / t_tree, 100000 / t_tree, rss_tree / 1024);
	printf("  as .sql:     %.2f s, %.1f MB/s, %.0f statements/s, peak RSS %ld MB\n", t_l100, mb100 / t_l100,
	       100000 / t_l100, rss_lint100k / 1024);

	/* the same queries in one Java file: the memory a large source file takes */
	char bigjava[4200];
	snprintf(bigjava, sizeof bigjava, "%s/Big.java", dir);
	long bigsize = gen_big_java(bigjava, checkq);
	char *lint_big[] = {(char *)keyplan, "lint", "--no-config", "--schema", schema, bigjava, NULL};
	long rss_bigjava = 0;
	double t_bigjava = best_lint(lint_big, runs, &rss_bigjava, "one large Java file");
	if (t_bigjava < 0)
		return 2;
	printf("  one Java file (%.1f MB): %.2f s, %.1f MB/s, peak RSS %ld MB\n", (double)bigsize / 1e6, t_bigjava,
	       (double)bigsize / 1e6 / t_bigjava, rss_bigjava / 1024);
	unlink(bigjava);

	/* and in one mapper: statement by statement, as the .sql file is read */
	char bigxml[4200];
	snprintf(bigxml, sizeof bigxml, "%s/Big.xml", dir);
	long xmlsize = gen_big_mapper(bigxml, checkq);
	char *lint_xml[] = {(char *)keyplan, "lint", "--no-config", "--schema", schema, bigxml, NULL};
	long rss_bigxml = 0;
	double t_bigxml = best_lint(lint_xml, runs, &rss_bigxml, "one large mapper");
	if (t_bigxml < 0)
		return 2;
	printf("  one mapper (%.1f MB): %.2f s, %.1f MB/s, peak RSS %ld MB\n", (double)xmlsize / 1e6, t_bigxml,
	       (double)xmlsize / 1e6 / t_bigxml, rss_bigxml / 1024);
	unlink(bigxml);
	return 0;
}
