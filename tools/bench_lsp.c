/* The language server's benchmark (bench --lsp): keyplan lsp is started
 * over pipes as an editor starts it (declaring Neovim 0.7's capabilities),
 * and timed from a message sent to the diagnostics published; each edit is
 * followed by keyplan/stats, answered after the publication it made or
 * alone when it made none (no wait can hang: every read gives up after
 * 60 s). The client's CPU time counts reading the bytes, not parsing them:
 *   - a 10,000-line SQL file opened, then a one-character edit in its
 *     middle (median, p95 and best of 2R edits: a space typed and taken
 *     away R times), beside keyplan lint on the whole file (its median of
 *     R runs), and the first edit after opening on its own; a line break; the same edit with VS Code's capabilities and
 *     with none (the optional fields sent follow them); the same edit and
 *     the line break with keyplan's VS Code extension, which pulls deltas
 *     (keyplan/diagnosticDelta); a character typed in a statement without
 *     a finding (nothing is published);
 *   - a 5,000-line Java file (the same queries as string literals), opened,
 *     then a one-character edit inside a literal;
 *   - a 5,000-line Python file of classes whose methods each declare the
 *     same names (cur, uid, sql), a one-character edit inside a literal,
 *     and how many such edits were extracted over their region alone;
 *   - the same edit with a client that pulls diagnostics (LSP 3.17
 *     textDocument/diagnostic): the full report, and "unchanged" for an
 *     edit of a statement that has no finding;
 *   - the server's resident memory with 100 documents open (1,000
 *     statements each). */
#define _GNU_SOURCE   /* memmem, wait4 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tools/bench_lsp.h"

typedef struct srv {
	pid_t pid;
	int in, out;            /* its stdin (we write), its stdout (we read) */
	char *buf;
	size_t have, cap;
	size_t used;            /* the last message's bytes (dropped at the next read) */
	char *at, saved;        /* the byte after it, set to NUL */
} srv;

static double clock_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int start(srv *s, const char *keyplan, const char *dir)
{
	int a[2], b[2];
	if (pipe(a) < 0 || pipe(b) < 0)
		return -1;
	s->pid = fork();
	if (s->pid == 0) {
		dup2(a[0], 0);
		dup2(b[1], 1);
		close(a[1]);
		close(b[0]);
		if (chdir(dir) < 0)
			_exit(127);
		execl(keyplan, keyplan, "lsp", (char *)NULL);
		_exit(127);
	}
	close(a[0]);
	close(b[1]);
	s->in = a[1];
	s->out = b[0];
	s->buf = NULL;
	s->have = s->cap = s->used = 0;
	s->at = NULL;
	return s->pid > 0 ? 0 : -1;
}

static void put(srv *s, const char *body, size_t n)
{
	char head[64];
	int hn = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", n);
	if (write(s->in, head, (size_t)hn) != hn)
		exit(2);
	while (n) {
		ssize_t k = write(s->in, body, n);
		if (k <= 0) {
			perror("write to keyplan lsp");
			exit(2);
		}
		body += k;
		n -= (size_t)k;
	}
}

static char *last_msg;

/* The message next() returned last. */
static char *next_last(srv *s)
{
	(void)s;
	return last_msg;
}

/* The next message's body, read as a client reads it: into one buffer,
 * returned in place (valid until the next call; the bytes of the message
 * before it are dropped then), so that the time taken is the server's and
 * the pipe's, not a copy's. NULL when nothing came in ms milliseconds;
 * exits when the server ends. */
static char *next_within(srv *s, int ms)
{
	if (s->at) {
		*s->at = s->saved;
		s->at = NULL;
	}
	if (s->used) {
		memmove(s->buf, s->buf + s->used, s->have - s->used);
		s->have -= s->used;
		s->used = 0;
	}
	double until = clock_s() + ms / 1e3;
	for (;;) {
		char *h = s->have ? memmem(s->buf, s->have, "\r\n\r\n", 4) : NULL;
		size_t want = 0;
		if (h) {
			size_t n = strtoul(s->buf + 16, NULL, 10), off = (size_t)(h + 4 - s->buf);
			if (s->have >= off + n && s->cap > s->have) {
				s->at = s->buf + off + n;
				s->saved = *s->at;
				*s->at = 0;
				s->used = off + n;
				last_msg = s->buf + off;
				return last_msg;
			}
			want = off + n + 1;
		}
		if (s->cap - s->have < 65536 || s->cap < want) {
			size_t cap = s->cap ? s->cap * 2 : 1 << 20;
			while (cap < want)
				cap *= 2;
			s->buf = realloc(s->buf, cap);
			s->cap = cap;
		}
		double left = until - clock_s();
		struct pollfd pf = {s->out, POLLIN, 0};
		int pr = left > 0 ? poll(&pf, 1, (int)(left * 1e3) + 1) : 0;
		if (pr < 0 && errno == EINTR)
			continue;
		if (pr == 0)
			return NULL;
		ssize_t k = read(s->out, s->buf + s->have, s->cap - s->have);
		if (k <= 0) {
			fprintf(stderr, "keyplan lsp ended\n");
			exit(2);
		}
		s->have += (size_t)k;
	}
}

enum { PATIENCE_MS = 60000 };   /* a server silent this long is stuck */

static char *next(srv *s)
{
	char *m = next_within(s, PATIENCE_MS);
	if (!m) {
		fprintf(stderr, "keyplan lsp: no message in %d s: stopped\n", PATIENCE_MS / 1000);
		kill(s->pid, SIGKILL);
		exit(2);
	}
	return m;
}

/* Waits for the diagnostics of uri; returns how many findings, and in
 * *at (if not NULL) when they had come (before they are counted). */
static int wait_diags_at(srv *s, const char *uri, double *at)
{
	for (;;) {
		char *m = next(s);
		if (at)
			*at = clock_s();
		if (strstr(m, "\"textDocument/publishDiagnostics\"") && strstr(m, uri)) {
			int n = 0;
			for (char *p = m; (p = strstr(p, "\"severity\"")); p++)
				n++;
			return n;
		}
	}
}

static int wait_diags(srv *s, const char *uri)
{
	return wait_diags_at(s, uri, NULL);
}

static void wait_id(srv *s, int id)
{
	char want[32];
	snprintf(want, sizeof want, "\"id\":%d,", id);
	while (!strstr(next(s), want))
		;
}

/* text as a JSON string body (no quotes). */
static char *json_escape(const char *t, size_t n, size_t *out)
{
	char *o = malloc(n * 6 + 1), *p = o;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)t[i];
		if (c == '"' || c == '\\') {
			*p++ = '\\';
			*p++ = (char)c;
		} else if (c == '\n') {
			*p++ = '\\';
			*p++ = 'n';
		} else if (c < 0x20) {
			p += sprintf(p, "\\u%04x", c);
		} else {
			*p++ = (char)c;
		}
	}
	*out = (size_t)(p - o);
	return o;
}

static void open_doc(srv *s, const char *uri, const char *lang, const char *text, size_t n)
{
	size_t en;
	char *e = json_escape(text, n, &en);
	size_t cap = en + 512;
	char *m = malloc(cap);
	int k = snprintf(m, cap, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":"
	                 "{\"uri\":\"%s\",\"languageId\":\"%s\",\"version\":1,\"text\":\"", uri, lang);
	memcpy(m + k, e, en);
	k += (int)en;
	k += snprintf(m + k, cap - (size_t)k, "\"}}}");
	put(s, m, (size_t)k);
	free(m);
	free(e);
}

static void edit2(srv *s, const char *uri, int version, int line, int ch, int end_line, int end_ch, const char *text)
{
	char m[4800];
	int k = snprintf(m, sizeof m, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{"
	                 "\"textDocument\":{\"uri\":\"%s\",\"version\":%d},\"contentChanges\":[{\"range\":{\"start\":"
	                 "{\"line\":%d,\"character\":%d},\"end\":{\"line\":%d,\"character\":%d}},\"text\":\"%s\"}]}}",
	                 uri, version, line, ch, end_line, end_ch, text);
	put(s, m, (size_t)k);
}

static void edit(srv *s, const char *uri, int version, int line, int ch, int end_ch, const char *text)
{
	edit2(s, uri, version, line, ch, line, end_ch, text);
}

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long len = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *t = malloc((size_t)len + 1);
	*n = fread(t, 1, (size_t)len, f);
	t[*n] = 0;
	fclose(f);
	return t;
}

static long rss_kb(pid_t pid, const char *field)
{
	char path[64], line[256];
	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	FILE *f = fopen(path, "r");
	long v = -1;
	while (f && fgets(line, sizeof line, f))
		if (!strncmp(line, field, strlen(field)))
			v = atol(line + strlen(field) + 1);
	if (f)
		fclose(f);
	return v;
}

/* Times of an edit and its publication: median, 95th percentile and best;
 * cpu: the median CPU time it cost the server (analysis and publication)
 * and the client (reading the message). */
typedef struct lat {
	double best, median, p95;
	double cpu, cpu_server;
} lat;

static double self_cpu(void)
{
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
	       (double)ru.ru_stime.tv_usec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static lat summarize(double *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, cmp_double);
	lat l = {t[0], n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2, t[(int)((n - 1) * 0.95 + 0.5)], 0, 0};
	return l;
}

/* One edit, then keyplan/stats, sent at once: the server publishes what
 * the edit changed before it answers (docs/lsp.md), so an edit that
 * publishes nothing (typing in a statement without a finding) is known by
 * the answer, not waited for. Returns the findings published, -1 for
 * none; *t the time from the edit to the publication's arrival, *cpu the
 * client's CPU time until then plus the server's analysis and
 * publication, *an and *pub the server's times (wall). */
static int edit_stats(srv *s, const char *uri, int version, int line, int ch, int end_line, int end_ch,
                      const char *text, double *t, double *cpu, double *cpu_server, double *an, double *pub)
{
	static int id = 100;
	char m[600];
	int k = snprintf(m, sizeof m, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"keyplan/stats\",\"params\":"
	                 "{\"textDocument\":{\"uri\":\"%s\"}}}", ++id, uri);
	char want[32];
	snprintf(want, sizeof want, "\"id\":%d,", id);
	double c0 = self_cpu(), t0 = clock_s(), c1 = 0;
	edit2(s, uri, version, line, ch, end_line, end_ch, text);
	put(s, m, (size_t)k);
	int found = -1;
	char *r;
	for (;;) {
		r = next(s);
		/* a publication's head names it (before megabytes of diagnostics) */
		char *pd = memmem(r, strnlen(r, 200), "\"textDocument/publishDiagnostics\"", 33);
		char *pu = pd ? strstr(pd, "\"uri\":\"") : NULL;
		if (pu && !strncmp(pu + 7, uri, strlen(uri)) && pu[7 + strlen(uri)] == '"') {
			*t = clock_s() - t0;
			c1 = self_cpu();
			found = 0;
			for (char *p = r; (p = strstr(p, "\"severity\"")); p++)
				found++;
		} else if (strstr(r, want)) {
			break;
		}
	}
	char *a = strstr(r, "\"analysisMs\":"), *p = strstr(r, "\"publishMs\":");
	*an = a ? strtod(a + 13, NULL) : -1;
	*pub = p ? strtod(p + 12, NULL) : -1;
	a = strstr(r, "\"analysisCpuMs\":");
	p = strstr(r, "\"publishCpuMs\":");
	*cpu_server = (a ? strtod(a + 16, NULL) : 0) + (p ? strtod(p + 15, NULL) : 0);
	*cpu = found < 0 ? *cpu_server : (c1 - c0) * 1e3 + *cpu_server;
	return found;
}

/* An edit and its publication, over runs: a space typed at the start of
 * line, then taken away (both timed); with nl, a line break (every line
 * after it moves). *an and *pub: the server's analysis and publication
 * times of the median run; *quiet: how many of the edits published
 * nothing (they are left out of the times). */
static lat time_edit_q(srv *s, const char *uri, int *version, int line, int ch, int runs, int *found, double *an,
                       double *pub, bool nl, int *quiet)
{
	int n = 2 * runs, np = 0;
	double *t = malloc((size_t)n * sizeof *t), *ta = malloc((size_t)n * sizeof *ta),
	       *tp = malloc((size_t)n * sizeof *tp), *tc = malloc((size_t)n * sizeof *tc),
	       *ts = malloc((size_t)n * sizeof *ts);
	*quiet = 0;
	for (int r = 0; r < n; r++) {
		double te = 0, cpu, cs;
		int f = r % 2 ? edit_stats(s, uri, ++*version, line, ch, nl ? line + 1 : line, nl ? 0 : ch + 1, "", &te,
		                           &cpu, &cs, &ta[r], &tp[r])
		              : edit_stats(s, uri, ++*version, line, ch, line, ch, nl ? "\\n" : " ", &te, &cpu, &cs, &ta[r],
		                           &tp[r]);
		ts[r] = cs;
		if (f < 0) {
			++*quiet;
			continue;
		}
		if (r % 2 == 0)
			*found = f;
		t[np] = te;
		tc[np++] = cpu;
	}
	lat l = {0, 0, 0, 0, 0};
	if (np) {
		l = summarize(t, np);
		l.cpu = summarize(tc, np).median;
	}
	l.cpu_server = summarize(ts, n).median;
	*an = summarize(ta, n).median;
	*pub = summarize(tp, n).median;
	free(t);
	free(ta);
	free(tp);
	free(tc);
	free(ts);
	return l;
}

static lat time_edit_nl(srv *s, const char *uri, int *version, int line, int ch, int runs, int *found, double *an,
                        double *pub, bool nl)
{
	int quiet;
	lat l = time_edit_q(s, uri, version, line, ch, runs, found, an, pub, nl, &quiet);
	if (quiet) {
		fprintf(stderr, "bench --lsp: %d of %d edits at line %d published nothing: the case is wrong\n", quiet,
		        2 * runs, line + 1);
		exit(2);
	}
	return l;
}

static lat time_edit(srv *s, const char *uri, int *version, int line, int ch, int runs, int *found, double *an,
                     double *pub)
{
	return time_edit_nl(s, uri, version, line, ch, runs, found, an, pub, false);
}

/* A pull (textDocument/diagnostic) after an edit: its time; *rid is the
 * resultId to send next (in and out), *kind the answer's kind. */
static double pull(srv *s, const char *uri, int *version, int line, int ch, int end_ch, const char *text, char *rid,
                   char *kind)
{
	static int id = 5000;
	double t0 = clock_s();
	edit(s, uri, ++*version, line, ch, end_ch, text);
	char m[700];
	int k = snprintf(m, sizeof m, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"textDocument/diagnostic\",\"params\":"
	                 "{\"textDocument\":{\"uri\":\"%s\"},\"previousResultId\":\"%s\"}}", ++id, uri, rid);
	put(s, m, (size_t)k);
	char want[32];
	snprintf(want, sizeof want, "\"id\":%d,", id);
	char *r;
	while (!strstr((r = next(s)), want))
		;
	double t = clock_s() - t0;
	char *p = strstr(r, "\"resultId\":\"");
	if (p)
		snprintf(rid, 17, "%.16s", p + 12);
	p = strstr(r, "\"kind\":\"");
	if (p)
		snprintf(kind, 10, "%.9s", p + 8);
	char *q = strchr(kind, '"');
	if (q)
		*q = 0;
	return t;
}

/* The first line from line `from` on where no diagnostic of the
 * publication m starts (-1: none in the next 100). */
static int clean_line(const char *m, int from)
{
	for (int l = from; l < from + 100; l++) {
		char at[48];
		snprintf(at, sizeof at, "\"start\":{\"line\":%d,", l);
		if (!strstr(m, at))
			return l;
	}
	return -1;
}

/* What clients declare of a diagnostic's optional fields
 * (textDocument.publishDiagnostics): the server sends only what they take. */
#define CAPS_NVIM "{\"textDocument\":{\"publishDiagnostics\":{\"relatedInformation\":true," \
                  "\"tagSupport\":{\"valueSet\":[1,2]}}}}"   /* Neovim 0.7 (Debian's) */
#define CAPS_VSCODE "{\"textDocument\":{\"publishDiagnostics\":{\"relatedInformation\":true," \
                    "\"versionSupport\":false,\"tagSupport\":{\"valueSet\":[1,2]}," \
                    "\"codeDescriptionSupport\":true,\"dataSupport\":true}}}"   /* vscode-languageclient 8 */

/* The one-character edit of the 10,000-line file with another client's
 * capabilities: a server of its own. */
static void bench_caps(const char *keyplan, const char *dir, const char *sql, size_t n, int runs, const char *who,
                       const char *caps, double t_lint, double c_lint)
{
	srv s;
	if (start(&s, keyplan, dir) < 0)
		return;
	char init[900], uri[4300];
	int k = snprintf(init, sizeof init, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
	                 "{\"rootUri\":\"file://%s\",\"capabilities\":%s}}", dir, caps);
	put(&s, init, (size_t)k);
	wait_id(&s, 1);
	put(&s, "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}", 52);
	snprintf(uri, sizeof uri, "file://%s/queries-10k.sql", dir);
	open_doc(&s, uri, "sql", sql, n);
	int found = wait_diags(&s, uri);
	size_t bytes = strlen(next_last(&s));
	int version = 1;
	double an, pub;
	lat t = time_edit(&s, uri, &version, 5000, 0, runs, &found, &an, &pub);
	printf("  %s: %zu bytes (%.0f a diagnostic); a one-character edit: median %.2f ms (%.1fx lint), p95 %.2f ms; "
	       "CPU %.2f ms (the server %.2f ms): %.1fx lint's\n", who, bytes, (double)bytes / (found ? found : 1),
	       t.median * 1e3, t_lint / t.median, t.p95 * 1e3, t.cpu, t.cpu_server, c_lint * 1e3 / t.cpu);
	put(&s, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}", 44);
	wait_id(&s, 2);
	put(&s, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}", 33);
	int st;
	waitpid(s.pid, &st, 0);
	free(s.buf);
}

/* Pull diagnostics: a second server, a client that offers to pull. */
static void bench_pull(const char *keyplan, const char *dir, const char *sql, size_t n, int runs)
{
	srv s;
	if (start(&s, keyplan, dir) < 0)
		return;
	char init[700];
	int k = snprintf(init, sizeof init, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
	                 "{\"rootUri\":\"file://%s\",\"capabilities\":{\"textDocument\":{\"diagnostic\":{}}}}}", dir);
	put(&s, init, (size_t)k);
	wait_id(&s, 1);
	put(&s, "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}", 52);
	char uri[4300];
	snprintf(uri, sizeof uri, "file://%s/queries-10k.sql", dir);
	open_doc(&s, uri, "sql", sql, n);
	char rid[17] = "", kind[10] = "";
	int version = 1;
	/* the first pull, and a line near the middle without a finding */
	pull(&s, uri, &version, 0, 0, 0, "", rid, kind);
	int clean = clean_line(next_last(&s), 5000);
	double *tf = malloc((size_t)(2 * runs) * sizeof *tf), *tu = malloc((size_t)(2 * runs) * sizeof *tu);
	int nf = 0, nu = 0, unchanged = 0;
	for (int r = 0; r < 2 * runs; r++) {
		tf[nf++] = pull(&s, uri, &version, 5000, 0, r % 2, r % 2 ? "" : " ", rid, kind);
		if (clean >= 0) {
			tu[nu++] = pull(&s, uri, &version, clean, 7, 7 + r % 2, r % 2 ? "" : " ", rid, kind);
			unchanged += !strcmp(kind, "unchanged");
		}
	}
	lat f = summarize(tf, nf);
	printf("keyplan lsp, the same file, a client that pulls diagnostics: a one-character edit to the full "
	       "report: median %.2f ms, p95 %.2f ms, best %.2f ms", f.median * 1e3, f.p95 * 1e3, f.best * 1e3);
	if (nu) {
		lat u = summarize(tu, nu);
		printf("; in a statement without a finding (line %d), \"unchanged\" %d of %d times: median %.2f ms, p95 "
		       "%.2f ms", clean + 1, unchanged, nu, u.median * 1e3, u.p95 * 1e3);
	}
	printf("\n");
	free(tf);
	free(tu);
	put(&s, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}", 44);
	wait_id(&s, 2);
	put(&s, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}", 33);
	int st;
	waitpid(s.pid, &st, 0);
	free(s.buf);
}

/* keyplan/diagnosticDelta (docs/lsp.md), as keyplan's VS Code extension
 * asks for it: VS Code's capabilities with pull diagnostics; after each
 * edit a delta from the last answer, then keyplan/stats for the server's
 * CPU time (its analysis and the answer). With nl, a line break. */
static void bench_delta(const char *keyplan, const char *dir, const char *sql, size_t n, int runs, bool nl,
                        double t_lint, double c_lint)
{
	srv s;
	if (start(&s, keyplan, dir) < 0)
		return;
	char init[900], uri[4300];
	int k = snprintf(init, sizeof init, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
	                 "{\"rootUri\":\"file://%s\",\"capabilities\":{\"textDocument\":{\"diagnostic\":"
	                 "{\"dynamicRegistration\":true},\"publishDiagnostics\":{\"relatedInformation\":true,"
	                 "\"codeDescriptionSupport\":true,\"dataSupport\":true}}}}}", dir);
	put(&s, init, (size_t)k);
	wait_id(&s, 1);
	put(&s, "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}", 52);
	snprintf(uri, sizeof uri, "file://%s/queries-10k.sql", dir);
	open_doc(&s, uri, "sql", sql, n);
	char rid[17] = "";
	int id = 10, version = 1;
	double *t = malloc((size_t)(2 * runs + 1) * sizeof *t), *tc = malloc((size_t)(2 * runs + 1) * sizeof *tc),
	       *ts = malloc((size_t)(2 * runs + 1) * sizeof *ts);
	size_t bytes_first = 0, bytes = 0;
	for (int r = -1; r < 2 * runs; r++) {
		double c0 = self_cpu(), t0 = clock_s();
		if (r >= 0) {
			bool back = r % 2;
			edit2(&s, uri, ++version, 5000, 0, nl && back ? 5001 : 5000, back ? (nl ? 0 : 1) : 0,
			      back ? "" : nl ? "\\n" : " ");
		}
		char m[900];
		k = snprintf(m, sizeof m, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"keyplan/diagnosticDelta\",\"params\":"
		             "{\"textDocument\":{\"uri\":\"%s\"}%s%s%s}}", ++id, uri, rid[0] ? ",\"previousResultId\":\"" : "",
		             rid, rid[0] ? "\"" : "");
		put(&s, m, (size_t)k);
		char want[32];
		snprintf(want, sizeof want, "\"id\":%d,", id);
		char *a;
		while (!strstr((a = next(&s)), want))
			;
		double te = clock_s() - t0, ce = self_cpu() - c0;
		size_t len = strlen(a);
		char *p = strstr(a, "\"resultId\":\"");
		if (p)
			snprintf(rid, 17, "%.16s", p + 12);
		k = snprintf(m, sizeof m, "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"keyplan/stats\",\"params\":"
		             "{\"textDocument\":{\"uri\":\"%s\"}}}", ++id, uri);
		put(&s, m, (size_t)k);
		snprintf(want, sizeof want, "\"id\":%d,", id);
		while (!strstr((a = next(&s)), want))
			;
		char *ac = strstr(a, "\"analysisCpuMs\":"), *pc = strstr(a, "\"publishCpuMs\":");
		double cs = (ac ? strtod(ac + 16, NULL) : 0) + (pc ? strtod(pc + 15, NULL) : 0);
		if (r < 0) {
			bytes_first = len;
			continue;
		}
		bytes += len;
		t[r] = te;
		tc[r] = ce * 1e3 + cs;
		ts[r] = cs;
	}
	lat w = summarize(t, 2 * runs), c = summarize(tc, 2 * runs), sv = summarize(ts, 2 * runs);
	printf("  keyplan's VS Code extension (keyplan/diagnosticDelta; the first answer %zu bytes), %s: %.0f bytes an "
	       "answer; median %.2f ms (%.1fx lint), p95 %.2f ms; CPU %.2f ms (the server %.2f ms): %.1fx lint's\n",
	       bytes_first, nl ? "a line break" : "a one-character edit", (double)bytes / (2 * runs), w.median * 1e3,
	       t_lint / w.median, w.p95 * 1e3, c.median, sv.median, c_lint * 1e3 / c.median);
	free(ts);
	free(t);
	free(tc);
	put(&s, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}", 44);
	wait_id(&s, 2);
	put(&s, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}", 33);
	int st;
	waitpid(s.pid, &st, 0);
	free(s.buf);
}

static double lint_cpu_s;   /* the CPU time of the last lint_time */

static double lint_time(const char *keyplan, const char *dir, const char *file)
{
	fflush(stdout);   /* the child must not print what is buffered */
	double t0 = clock_s();
	pid_t p = fork();
	if (p == 0) {
		if (chdir(dir) < 0)
			_exit(127);
		if (!freopen("/dev/null", "w", stdout))
			_exit(127);
		execl(keyplan, keyplan, "lint", file, (char *)NULL);
		_exit(127);
	}
	int st;
	struct rusage ru;
	wait4(p, &st, 0, &ru);
	lint_cpu_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
	             (double)ru.ru_stime.tv_usec / 1e6;
	return clock_s() - t0;
}

/* The best of runs lints of file: wall seconds in *wall, CPU seconds in *cpu. */
static void best_lint(const char *keyplan, const char *dir, const char *file, int runs, double *wall, double *cpu)
{
	*wall = *cpu = 1e30;
	for (int r = 0; r < runs; r++) {
		double t = lint_time(keyplan, dir, file);
		if (t < *wall)
			*wall = t;
		if (lint_cpu_s < *cpu)
			*cpu = lint_cpu_s;
	}
}

int bench_lsp(const char *keyplan_arg, const char *dir, const char *queries10k, int runs)
{
	/* the server and lint run in dir: a relative path to keyplan is the caller's */
	char *keyplan = realpath(keyplan_arg, NULL);
	if (!keyplan) {
		perror(keyplan_arg);
		return 2;
	}
	char cfg[4200], uri[4300], juri[4300], path[4200];
	snprintf(cfg, sizeof cfg, "%s/.keyplan", dir);
	FILE *f = fopen(cfg, "w");
	if (!f)
		return 2;
	fputs("[keyplan]\nschema = schema.sql\n", f);
	fclose(f);
	size_t n;
	char *sql = slurp(queries10k, &n);
	if (!sql)
		return 2;
	srv s;
	if (start(&s, keyplan, dir) < 0)
		return 2;
	char init[600];
	int k = snprintf(init, sizeof init, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
	                 "{\"rootUri\":\"file://%s\",\"capabilities\":" CAPS_NVIM "}}", dir);
	put(&s, init, (size_t)k);
	wait_id(&s, 1);
	put(&s, "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}", 52);

	/* a 10,000-line SQL file */
	snprintf(uri, sizeof uri, "file://%s/queries-10k.sql", dir);
	double t0 = clock_s();
	open_doc(&s, uri, "sql", sql, n);
	int found = wait_diags(&s, uri);
	double t_open = clock_s() - t0;
	size_t pub_bytes = strlen(next_last(&s));
	int clean = clean_line(next_last(&s), 5000);
	int version = 1;
	double an, pub;
	/* the first edit after opening, on its own (then taken away, untimed):
	 * a large document keeps its publication from the open (splice.c) */
	double t_first, c_first, cs_first, an_first, pub_first;
	int f_first = edit_stats(&s, uri, ++version, 5000, 0, 5000, 0, " ", &t_first, &c_first, &cs_first, &an_first,
	                         &pub_first);
	double t_x, c_x, cs_x, an_x, pub_x;
	edit_stats(&s, uri, ++version, 5000, 0, 5000, 1, "", &t_x, &c_x, &cs_x, &an_x, &pub_x);
	lat t_edit = time_edit(&s, uri, &version, 5000, 0, runs, &found, &an, &pub);
	/* lint's median beside the edits' median (its best would flatter lint) */
	double *tl = malloc((size_t)runs * sizeof *tl), *cl = malloc((size_t)runs * sizeof *cl);
	for (int r = 0; r < runs; r++) {
		tl[r] = lint_time(keyplan, dir, queries10k);
		cl[r] = lint_cpu_s;
	}
	lat l_wall = summarize(tl, runs), l_cpu = summarize(cl, runs);
	double t_lint = l_wall.median, c_lint = l_cpu.median;
	free(tl);
	free(cl);
	printf("keyplan lsp, 10,000-line SQL file (%zu bytes, %d findings; Neovim 0.7's client: a publication of %zu "
	       "bytes, %.0f a diagnostic):\n", n, found, pub_bytes, (double)pub_bytes / (found ? found : 1));
	printf("  open: %.1f ms; a one-character edit to the diagnostics received: median %.2f ms, p95 %.2f ms, "
	       "best %.2f ms (%d edits; in the server, median: %.2f ms analysis, %.2f ms writing them); keyplan lint "
	       "on the file: median %.1f ms (%.1fx the median edit, %.0fx its analysis; best %.1f ms)\n", t_open * 1e3, t_edit.median * 1e3,
	       t_edit.p95 * 1e3, t_edit.best * 1e3, 2 * runs, an, pub, t_lint * 1e3, t_lint / t_edit.median,
	       t_lint * 1e3 / an, l_wall.best * 1e3);
	if (f_first >= 0)
		printf("  the first edit after opening: %.2f ms to the diagnostics received, %.2f ms of CPU (the server %.2f "
		       "ms)\n", t_first * 1e3, c_first, cs_first);
	printf("  in CPU time (what the machine's load changes least): an edit costs %.2f ms (the server's analysis "
	       "and publication %.2f ms, the client's read the rest; medians), keyplan lint on the file %.1f ms "
	       "(best %.1f ms): %.1fx\n",
	       t_edit.cpu, t_edit.cpu_server, c_lint * 1e3, l_cpu.best * 1e3, c_lint * 1e3 / t_edit.cpu);
	lat t_nl = time_edit_nl(&s, uri, &version, 5000, 0, runs, &found, &an, &pub, true);
	printf("  a line break typed (the 5,000 lines after it move): median %.2f ms, p95 %.2f ms, best %.2f ms (in the "
	       "server, median: %.2f ms analysis, %.2f ms writing; %.1fx faster than lint)\n", t_nl.median * 1e3,
	       t_nl.p95 * 1e3, t_nl.best * 1e3, an, pub, t_lint / t_nl.median);
	printf("  in CPU time: %.2f ms (the server %.2f ms), %.1fx lint's\n", t_nl.cpu, t_nl.cpu_server,
	       c_lint * 1e3 / t_nl.cpu);
	bench_caps(keyplan, dir, sql, n, runs, "VS Code's client (the rule page's link too)", CAPS_VSCODE, t_lint,
	           c_lint);
	bench_caps(keyplan, dir, sql, n, runs, "a client that takes no optional field", "{}", t_lint, c_lint);
	bench_delta(keyplan, dir, sql, n, runs, false, t_lint, c_lint);
	bench_delta(keyplan, dir, sql, n, runs, true, t_lint, c_lint);
	if (clean >= 0) {
		/* typing in a statement without a finding: the diagnostics are the
		 * same, nothing is published (the stats answer says it is over) */
		int quiet;
		lat t_q = time_edit_q(&s, uri, &version, clean, 7, runs, &found, &an, &pub, false, &quiet);
		printf("  a character typed in a statement without a finding (line %d): nothing published %d of %d "
		       "times; in the server, median: %.2f ms analysis, %.2f ms CPU\n", clean + 1, quiet, 2 * runs, an,
		       t_q.cpu_server);
	}

	/* a 5,000-line Java file: 2,500 queries, two lines each */
	snprintf(path, sizeof path, "%s/Queries.java", dir);
	f = fopen(path, "w");
	if (!f)
		return 2;
	fputs("class Queries {\n", f);
	const char *p = sql;
	int lines = 1;
	for (int q = 0; q < 2499 && *p; q++) {
		const char *e = strchr(p, '\n');
		if (!e)
			break;
		fprintf(f, "  String q%d =\n      \"", q);
		for (const char *c = p; c < e; c++)
			fputc(*c == '"' ? '\'' : *c, f);
		fputs("\";\n", f);
		lines += 2;
		p = e + 1;
	}
	fputs("}\n", f);
	lines++;
	fclose(f);
	size_t jn = 0;
	char *java = slurp(path, &jn);
	if (!java)
		return 2;
	snprintf(juri, sizeof juri, "file://%s", path);
	t0 = clock_s();
	open_doc(&s, juri, "java", java, jn);
	found = wait_diags(&s, juri);
	double t_jopen = clock_s() - t0;
	lat t_jedit = time_edit(&s, juri, &version, 2500, 7, runs, &found, &an, &pub);
	double t_jlint, c_jlint;
	best_lint(keyplan, dir, path, runs, &t_jlint, &c_jlint);
	printf("keyplan lsp, %d-line Java file (%zu bytes, %d findings):\n", lines, jn, found);
	printf("  open: %.1f ms; a one-character edit in a literal: median %.2f ms, p95 %.2f ms, best %.2f ms (%d "
	       "edits; in the server, median: %.2f ms analysis, %.2f ms writing); keyplan lint on the file: %.1f ms\n",
	       t_jopen * 1e3, t_jedit.median * 1e3, t_jedit.p95 * 1e3, t_jedit.best * 1e3, 2 * runs, an, pub,
	       t_jlint * 1e3);
	printf("  in CPU time: an edit costs %.2f ms (the server's analysis and publication %.2f ms; medians), keyplan "
	       "lint on the file %.1f ms (best): %.1fx\n", t_jedit.cpu, t_jedit.cpu_server, c_jlint * 1e3,
	       c_jlint * 1e3 / t_jedit.cpu);

	/* a 5,000-line Python file of classes: 1,250 methods, each with its
	 * own cur, uid and sql (a region each: tools/lsp/regions.c) */
	snprintf(path, sizeof path, "%s/queries.py", dir);
	f = fopen(path, "w");
	if (!f)
		return 2;
	p = sql;
	int plines = 0, pedit = -1;
	for (int q = 0; q < 1250 && *p; q++) {
		const char *e = strchr(p, '\n');
		if (!e)
			break;
		if (q % 25 == 0) {
			fprintf(f, "%sclass Repo%d:\n", q ? "\n" : "", q / 25);
			plines += 1 + (q > 0);
		}
		fprintf(f, "    def m%d(self, cur, uid):\n        sql = \"", q);
		if (pedit < 0 && plines >= 2500)
			pedit = plines + 1;
		for (const char *c = p; c < e; c++)
			fputc(*c == '"' || *c == '\\' ? '\'' : *c, f);
		fputs("\"\n        cur.execute(sql, (uid,))\n\n", f);
		plines += 4;
		p = e + 1;
	}
	fclose(f);
	size_t pyn = 0;
	char *py = slurp(path, &pyn);
	if (!py)
		return 2;
	char pyuri[4300];
	snprintf(pyuri, sizeof pyuri, "file://%s", path);
	t0 = clock_s();
	open_doc(&s, pyuri, "python", py, pyn);
	found = wait_diags(&s, pyuri);
	double t_popen = clock_s() - t0;
	lat t_pedit = time_edit(&s, pyuri, &version, pedit < 0 ? 0 : pedit, 15, runs, &found, &an, &pub);
	/* how many of those edits were extracted over their region alone */
	char m[4600];
	k = snprintf(m, sizeof m, "{\"jsonrpc\":\"2.0\",\"id\":9001,\"method\":\"keyplan/stats\",\"params\":"
	             "{\"textDocument\":{\"uri\":\"%s\"}}}", pyuri);
	put(&s, m, (size_t)k);
	const char *a;
	while (!strstr((a = next(&s)), "\"id\":9001,"))
		;
	const char *rr = strstr(a, "\"regionRuns\":");
	int pregions = rr ? atoi(rr + 13) : -1;
	double t_plint, c_plint;
	best_lint(keyplan, dir, path, runs, &t_plint, &c_plint);
	printf("keyplan lsp, %d-line Python file of classes (%zu bytes, %d findings; every method's own cur, uid, "
	       "sql):\n", plines, pyn, found);
	printf("  open: %.1f ms; a one-character edit in a literal: median %.2f ms, p95 %.2f ms (%d edits, %d of them "
	       "extracted over their region alone); keyplan lint on the file: %.1f ms\n", t_popen * 1e3,
	       t_pedit.median * 1e3, t_pedit.p95 * 1e3, 2 * runs, pregions, t_plint * 1e3);
	printf("  in CPU time: an edit costs %.2f ms (the server's analysis and publication %.2f ms; medians), keyplan "
	       "lint on the file %.1f ms (best): %.1fx\n", t_pedit.cpu, t_pedit.cpu_server, c_plint * 1e3,
	       c_plint * 1e3 / t_pedit.cpu);
	free(py);

	bench_pull(keyplan, dir, sql, n, runs);

	/* memory with 100 documents open, 1,000 statements each */
	long before = rss_kb(s.pid, "VmRSS:");
	const char *cut = sql;
	for (int i = 0; i < 1000 && cut; i++) {
		cut = strchr(cut, '\n');
		if (cut)
			cut++;
	}
	size_t part = cut ? (size_t)(cut - sql) : n;
	t0 = clock_s();
	for (int d = 0; d < 100; d++) {
		char du[4300];
		snprintf(du, sizeof du, "file://%s/doc%03d.sql", dir, d);
		open_doc(&s, du, "sql", sql, part);
		wait_diags(&s, du);
	}
	double t_100 = clock_s() - t0;
	long rss = rss_kb(s.pid, "VmRSS:"), hwm = rss_kb(s.pid, "VmHWM:");
	printf("keyplan lsp, 100 more documents open (1,000 statements, %zu bytes each): %.2f s to open and "
	       "publish all; RSS %ld MB (%ld MB before them; peak %ld MB)\n", part, t_100, rss / 1024, before / 1024,
	       hwm / 1024);
	put(&s, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}", 44);
	wait_id(&s, 2);
	put(&s, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}", 33);
	int st;
	waitpid(s.pid, &st, 0);
	free(sql);
	free(java);
	free(s.buf);
	free(keyplan);
	return 0;
}
