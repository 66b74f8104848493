#include "tools/report.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sys/stat.h>
#include <unistd.h>

#include "base/quote.h"
#include "lib/advice.h"
#include "lib/comments.h"
#include "planner/explain.h"


char *kp_path_abs(kp_arena *a, const char *cwd, const char *path)
{
	size_t n = strlen(cwd) + strlen(path) + 2;
	char *in = kp_arena_alloc(a, n), *out = kp_arena_alloc(a, n);
	snprintf(in, n, "%s%s%s", path[0] == '/' ? "" : cwd, path[0] == '/' ? "" : "/", path);
	size_t o = 0;
	for (const char *p = in; *p;) {
		while (*p == '/')
			p++;
		const char *s = p;
		while (*p && *p != '/')
			p++;
		size_t len = (size_t)(p - s);
		if (len == 0 || (len == 1 && s[0] == '.'))
			continue;
		if (len == 2 && s[0] == '.' && s[1] == '.') {
			while (o > 0 && out[o - 1] != '/')
				o--;
			if (o > 0)
				o--;
			continue;
		}
		out[o++] = '/';
		memcpy(out + o, s, len);
		o += len;
	}
	if (o == 0)
		out[o++] = '/';
	out[o] = 0;
	return out;
}

/* Is path inside (or equal to) the folder dir? */
static bool path_under(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	if (n == 1 && dir[0] == '/')
		return path[0] == '/';
	return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == 0);
}

char *kp_repo_root(const char *cwd)
{
	const char *ws = getenv("GITHUB_WORKSPACE");
	if (ws && ws[0] == '/') {
		kp_arena a;
		kp_arena_init(&a);
		char *w = kp_path_abs(&a, "/", ws);
		char *res = path_under(cwd, w) ? strdup(w) : NULL;
		kp_arena_free(&a);
		if (res)
			return res;
	}
	size_t n = strlen(cwd);
	char *dir = malloc(n + 8);
	if (!dir)
		abort();
	memcpy(dir, cwd, n + 1);
	for (;;) {
		size_t k = strlen(dir);
		struct stat st;
		snprintf(dir + k, 8, "%s.git", k > 1 ? "/" : "");
		bool found = stat(dir, &st) == 0;
		dir[k] = 0;
		if (found)
			return dir;
		char *slash = strrchr(dir, '/');
		if (!slash || k <= 1)
			break;
		if (slash == dir)
			slash[1] = 0;
		else
			*slash = 0;
	}
	memcpy(dir, cwd, n + 1);
	return dir;
}

/* path relative to the repository root (r->rel), as GitHub and SARIF
 * consumers resolve it; r->rel_outside when it is not below the root (or
 * not a file: <stdin>, <command line>), then r->rel is path as given. */
static const char *rel_path(kp_report *r, const char *path)
{
	if (r->rel_of.len && strcmp(r->rel_of.data, path) == 0)
		return r->rel.data;
	kp_buf_clear(&r->rel_of);
	kp_buf_puts(&r->rel_of, path);
	kp_buf_clear(&r->rel);
	r->rel_outside = true;
	if (path[0] != '<' && r->root) {
		kp_arena a;
		kp_arena_init(&a);
		const char *abs = kp_path_abs(&a, r->cwd, path);
		if (path_under(abs, r->root) && strcmp(abs, r->root)) {
			size_t n = strlen(r->root);
			kp_buf_puts(&r->rel, abs + n + (n > 1));
			r->rel_outside = false;
		} else {
			kp_buf_puts(&r->rel, abs);
		}
		kp_arena_free(&a);
	} else {
		kp_buf_puts(&r->rel, path);
	}
	return r->rel.data;
}

int kp_rule_lookup(const char *s, size_t n)
{
	for (int i = 0; i < KP_R__COUNT; i++) {
		const kp_rule_info *r = kp_rule_get((kp_rule)i);
		if ((strlen(r->id) == n && strncasecmp(r->id, s, n) == 0) ||
		    (strlen(r->slug) == n && strncasecmp(r->slug, s, n) == 0))
			return i;
	}
	return -1;
}

static void directive_warning(kp_report *r, kp_source *src, size_t off, size_t len, const char *msg,
                              const char *arg, size_t arglen)
{
	kp_diags d = {0};
	kp_diag_add(&d, &r->scratch, KP_R_UNKNOWN_DIRECTIVE, KP_SEV_WARNING, src, (uint32_t)off,
	            (uint32_t)len, msg, (int)arglen, arg);
	kp_report_emit(r, &d);
	kp_arena_reset(&r->scratch);
}

/* A copy of the line around text[off, off + len) as a source of its own,
 * placed at the same line and column, so a directive can be reported after
 * the window it was read in is gone. *rel is off in the copy. */
static kp_source *anchor(kp_report *r, kp_source *src, size_t off, uint32_t *rel)
{
	if (r->anchors.n && r->anchors.items[r->anchors.n - 1] == src) {
		*rel = (uint32_t)off;   /* already a line of its own (the file-wide scan's) */
		return src;
	}
	size_t n;
	const char *line = kp_source_line_text(src, off, &n);
	size_t start = (size_t)(line - src->text);
	uint32_t l, c;
	kp_source_linecol(src, start, &l, &c);
	kp_source *x = kp_arena_alloc(r->a, sizeof(*x));
	kp_source_from_string(x, src->path, line, n);
	x->base_line = l - 1;
	x->base_col = c - 1;
	kp_list_push(r->a, &r->anchors, x);
	*rel = (uint32_t)(off - start);
	return x;
}

/* Does [p, end) start with word, in any case? */
static bool starts_ci(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);
	return (size_t)(end - p) >= n && strncasecmp(p, word, n) == 0;
}

/* Does the rule-list word w look like a rule ID (KP and a digit)? */
static bool looks_like_id(const char *w, size_t n)
{
	return n >= 3 && (w[0] == 'K' || w[0] == 'k') && (w[1] == 'P' || w[1] == 'p') && isdigit((unsigned char)w[2]);
}

/* The text of one comment [p, end), without its "--" or its slash-star
 * pair: a keyplan: directive, a weight, or nothing. at_line_start: the
 * comment is the first thing on its line. The directive's statement is
 * [stmt_off, stmt_end) (stmt_end UINT32_MAX: set when it is parsed).
 *
 *   keyplan:ignore RULE[, RULE]... [-- REASON]
 *   keyplan:ignore-file RULE[, RULE]... [-- REASON]
 *
 * Everything is case-insensitive. A malformed directive gives exactly one
 * KP022 and silences nothing, except words after a valid rule list with no
 * "--" before them: the old way of giving a reason, which still silences
 * (with a KP022 asking for the separator). */
static void one_comment(kp_report *r, kp_source *src, const char *p, const char *end, uint32_t stmt_off,
                        uint32_t stmt_end, double *weight, bool file_pass, bool at_line_start)
{
	const char *t = src->text;
	kp_comment_trim(&p, &end);
	double w;
	const char *q;
	int wr = file_pass ? 0 : kp_weight_parse(p, end, &w, &q);
	if (wr < 0)
		directive_warning(r, src, (size_t)(p - t), (size_t)(end - p),
		                  "malformed weight '%.*s': expected -- weight: N with 0 <= N <= 1000000", q,
		                  (size_t)(end - q));
	else if (wr > 0 && weight)
		*weight = w;
	if (wr)
		return;
	if (!starts_ci(p, end, "keyplan:"))
		return;
	const char *d = p + 8;
	bool file_wide;
	if (starts_ci(d, end, "ignore-file") && (d + 11 == end || isspace((unsigned char)d[11]))) {
		file_wide = true;
		d += 11;
	} else if (starts_ci(d, end, "ignore") && (d + 6 == end || isspace((unsigned char)d[6]))) {
		file_wide = false;
		d += 6;
	} else {
		if (file_pass)
			return;   /* reported by the statement pass */
		const char *w = d;
		while (w < end && !isspace((unsigned char)*w))
			w++;
		directive_warning(r, src, (size_t)(p - t), (size_t)(end - p),
		                  "unknown directive 'keyplan:%.*s': expected keyplan:ignore or keyplan:ignore-file",
		                  d, (size_t)(w - d));
		return;
	}
	/* ignore-file lines are read once, before the statements, by the file
	 * pass; it takes "--" comments that start a line, nothing else */
	if (file_wide != file_pass) {
		if (file_wide && !at_line_start)
			directive_warning(r, src, (size_t)(p - t), (size_t)(end - p),
			                  "keyplan:ignore-file must be a '--' comment at the start of a line: '%.*s'",
			                  p, (size_t)(end - p));
		return;
	}
	kp_suppression s0;
	memset(&s0, 0, sizeof s0);
	/* the rule list ends at "--": the reason follows */
	const char *list_end = d;
	while (list_end + 1 < end && !(list_end[0] == '-' && list_end[1] == '-'))
		list_end++;
	if (list_end + 1 >= end)
		list_end = end;
	int nrules = 0;
	bool comma = true;   /* the next word continues the list */
	bool legacy_reason = false;
	const char *bad = NULL;
	size_t badlen = 0;
	for (const char *q = d; q < list_end && !bad;) {
		while (q < list_end && isspace((unsigned char)*q))
			q++;
		if (q >= list_end)
			break;
		const char *w = q;
		while (q < list_end && !isspace((unsigned char)*q) && *q != ',')
			q++;
		size_t wl = (size_t)(q - w);
		bool had_comma = false;
		while (q < list_end && (isspace((unsigned char)*q) || *q == ',')) {
			had_comma |= *q == ',';
			q++;
		}
		int rule = wl ? kp_rule_lookup(w, wl) : -1;
		if (rule >= 0) {
			s0.rules[rule] = true;
			nrules++;
		} else {
			bad = w;
			badlen = wl;
			legacy_reason = nrules > 0 && !comma && !looks_like_id(w, wl);
		}
		comma = had_comma;
	}
	if (bad && legacy_reason && r->in_host) {
		bad = NULL;   /* host comments take the reason as it comes (XML forbids "--") */
	} else if (bad && legacy_reason) {
		directive_warning(r, src, (size_t)(bad - t), badlen,
		                  "'%.*s' is not a rule: write the reason after ' -- ' (keyplan:ignore KP001 -- reason)",
		                  bad, badlen);
	} else if (bad) {
		size_t bl = badlen;
		if (bl > 1 && bad[bl - 1] == ':' && kp_rule_lookup(bad, bl - 1) >= 0)
			directive_warning(r, src, (size_t)(bad - t), badlen,
			                  "unknown rule '%.*s' in keyplan:ignore, so it silences nothing: write the "
			                  "reason after ' -- ' (keyplan:ignore RULE -- reason)", bad, badlen);
		else
			directive_warning(r, src, (size_t)(bad - t), badlen,
			                  "unknown rule '%.*s' in keyplan:ignore, so it silences nothing (keyplan rules "
			                  "lists them; a reason goes after ' -- ')", bad, badlen);
		return;
	} else if (nrules == 0) {
		directive_warning(r, src, (size_t)(p - t), (size_t)(end - p),
		                  file_wide ? "keyplan:ignore-file names no rule, so it silences nothing: '%.*s'"
		                            : "keyplan:ignore names no rule, so it silences nothing: '%.*s'",
		                  p, (size_t)(end - p));
		return;
	}
	kp_suppression *s = kp_arena_alloc(r->a, sizeof(*s));
	*s = s0;
	s->src = src;
	s->path = kp_arena_strndup(r->a, src->path, strlen(src->path));
	s->at = anchor(r, src, (size_t)(p - t), &s->off);
	s->file_wide = file_wide;
	s->stmt_off = stmt_off;
	s->stmt_end = stmt_end;
	kp_list_push(r->a, &r->sups, s);
	kp_list_push(r->a, &r->active, s);
}

/* Is text[i] the first thing on its line (white space before it)? */
/* One comment of scan_comments. */
typedef struct scan_ctx {
	kp_report *r;
	kp_source *src;
	uint32_t stmt_off, stmt_end;
	double *weight;
} scan_ctx;

static void scan_one(void *ctx, const char *p, const char *end, bool at_line_start)
{
	scan_ctx *x = ctx;
	one_comment(x->r, x->src, p, end, x->stmt_off, x->stmt_end, x->weight, false, at_line_start);
}

/* Reads the comments of text[from, to): directives for the statement
 * [stmt_off, stmt_end). */
static void scan_comments(kp_report *r, kp_source *src, size_t from, size_t to, uint32_t stmt_off,
                          uint32_t stmt_end, double *weight, bool in_stmt)
{
	scan_ctx x = {r, src, stmt_off, stmt_end, weight};
	kp_comments(src, from, to, in_stmt, scan_one, &x);
}

void kp_report_directives(kp_report *r, kp_source *src, size_t from, size_t to, uint32_t stmt_off,
                          double *weight)
{
	scan_comments(r, src, from, to, stmt_off, UINT32_MAX, weight, false);
}

/* Could text[from, to) hold a directive? A cheap test before a statement's
 * text is scanned for its comments: every directive has "keyplan:". */
static bool may_hold_directive(const char *t, size_t from, size_t to)
{
	for (const char *p = t + from; (p = memchr(p, ':', to - (size_t)(p - t))) != NULL; p++)
		if ((size_t)(p - t) >= from + 7 && strncasecmp(p - 7, "keyplan", 7) == 0)
			return true;
	return false;
}

void kp_report_stmt_directives(kp_report *r, kp_source *src, uint32_t start, uint32_t end, size_t after,
                               size_t trail_end)
{
	if (trail_end > after && may_hold_directive(src->text, after, trail_end))
		scan_comments(r, src, after, trail_end, start, end, NULL, false);
	if (end > start && may_hold_directive(src->text, start, end))
		scan_comments(r, src, start, end, start, end, NULL, true);
}

void kp_report_host_comment(kp_report *r, kp_source *host, uint32_t off, uint32_t end, uint32_t stmt_off,
                            uint32_t stmt_end, bool file_pass)
{
	const char *t = host->text, *e = t + end;
	for (const char *p = t + off; p + 8 <= e; p++) {
		if ((*p != 'k' && *p != 'K') || strncasecmp(p, "keyplan:", 8))
			continue;
		/* to the end of its line, without a closing comment marker */
		const char *stop = memchr(p, '\n', (size_t)(e - p));
		if (!stop)
			stop = e;
		while (stop > p && (stop[-1] == ' ' || stop[-1] == '\t' || stop[-1] == '\r'))
			stop--;
		if (stop - p >= 10 && !memcmp(stop - 2, "*/", 2))
			stop -= 2;
		/* a host comment is a line of its own: no "start of a line" rule */
		r->in_host = true;
		one_comment(r, host, p, stop, stmt_off, stmt_end, NULL, file_pass, true);
		r->in_host = false;
		p = stop;
	}
}

void kp_report_file_directives(kp_report *r, kp_source *src)
{
	/* "-- keyplan:ignore-file" at the start of a line (after white space);
	 * found before any statement, since it covers those before it too */
	const char *t = src->text, *end = t + src->len;
	for (const char *p = t; p < end; ) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		const char *q = p;
		if (p == t && src->len >= 3 && !memcmp(t, "\xef\xbb\xbf", 3))
			q += 3;   /* a byte-order mark is not text */
		while (q < e && (*q == ' ' || *q == '\t'))
			q++;
		if (e - q > 2 && q[0] == '-' && q[1] == '-') {
			const char *stop = e > q && e[-1] == '\r' ? e - 1 : e;
			one_comment(r, src, q + 2, stop, 0, UINT32_MAX, NULL, true, true);
		}
		p = nl ? nl + 1 : end;
	}
}

void kp_report_stmt_done(kp_report *r)
{
	uint32_t m = 0;
	for (uint32_t i = 0; i < r->active.n; i++) {
		kp_suppression *s = r->active.items[i];
		if (s->file_wide)
			r->active.items[m++] = s;
		else
			s->src = NULL;   /* its statement is done */
	}
	r->active.n = m;
}

/* The ignore-file directive line being collected by the scanner. */
typedef struct dir_line {
	char text[4096];        /* the line from its start (cut at 4 KiB) */
	size_t n;               /* bytes in text */
	bool candidate;         /* white space, then "--" so far: may be one */
	bool past_space;        /* a byte other than space or tab was seen */
	int after_space;        /* bytes of the line after its white space */
} dir_line;

static void scan_line_end(kp_report *r, const char *path, dir_line *dl, uint32_t line)
{
	if (dl->candidate && dl->after_space > 2) {
		size_t n = dl->n;
		if (n > 0 && dl->text[n - 1] == '\r')
			n--;
		kp_source *x = kp_arena_alloc(r->a, sizeof(*x));
		kp_source_from_string(x, path, dl->text, n);
		x->base_line = line - 1;
		kp_list_push(r->a, &r->anchors, x);
		const char *q = x->text;
		while (*q == ' ' || *q == '\t')
			q++;
		one_comment(r, x, q + 2, x->text + n, 0, UINT32_MAX, NULL, true, true);
	}
	dl->n = 0;
	dl->candidate = false;
	dl->past_space = false;
}

int kp_report_scan_file_directives(kp_report *r, const char *path, kp_diags *d, kp_arena *a)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "cannot open: %s", strerror(errno));
		return -1;
	}
	/* by hand, a byte at a time through a state machine: a line of any
	 * length costs no memory, and only lines that start with "--" (after
	 * white space) are kept, up to 4 KiB */
	static char buf[1 << 16];
	dir_line dl = {0};
	uint32_t line = 1;
	size_t got;
	bool first = true;
	while ((got = fread(buf, 1, sizeof buf, f)) > 0) {
		size_t i = 0;
		if (first && got >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
			i = 3;   /* a byte-order mark is not text */
		first = false;
		for (; i < got; i++) {
			char ch = buf[i];
			if (ch == '\n') {
				scan_line_end(r, path, &dl, line);
				line++;
				continue;
			}
			if (!dl.past_space && (ch == ' ' || ch == '\t')) {
				if (dl.n < sizeof dl.text)
					dl.text[dl.n++] = ch;
				continue;
			}
			if (!dl.past_space) {
				dl.past_space = true;
				dl.candidate = true;
				dl.after_space = 0;
			}
			if (!dl.candidate) {
				/* the rest of the line is no directive: jump to its end
				 * (memchr, not a byte at a time: nearly every line of a
				 * query file is code, and this scan reads the whole file) */
				const char *nl = memchr(buf + i, '\n', got - i);
				i = nl ? (size_t)(nl - buf) - 1 : got;
				continue;
			}
			if (dl.after_space < 2 && ch != '-') {
				dl.candidate = false;   /* not a "--" comment */
				continue;
			}
			dl.after_space++;
			if (dl.n < sizeof dl.text)
				dl.text[dl.n++] = ch;
		}
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "read error");
		return -1;
	}
	scan_line_end(r, path, &dl, line);
	return 0;
}

void kp_report_stmt_end(kp_report *r, kp_source *src, uint32_t stmt_off, uint32_t end)
{
	for (uint32_t i = r->active.n; i-- > 0;) {
		kp_suppression *s = r->active.items[i];
		if (s->src != src)
			break;
		if (!s->file_wide && s->stmt_off == stmt_off && s->stmt_end == UINT32_MAX)
			s->stmt_end = end;
	}
}

static bool suppressed(kp_report *r, const kp_diag *g)
{
	if (g->rule == KP_R_UNKNOWN_DIRECTIVE)
		return false;
	/* SQL taken out of application code is matched where it lies in the
	 * host file, which is where its directives are */
	kp_source *gs;
	size_t go = kp_source_origin(g->src, g->off, &gs);
	for (uint32_t i = 0; i < r->active.n; i++) {
		kp_suppression *s = r->active.items[i];
		if (!s->rules[g->rule])
			continue;
		if (s->file_wide ? strcmp(s->path, g->src->path) == 0
		                 : s->src == gs && go >= s->stmt_off && go < s->stmt_end) {
			s->used++;
			return true;
		}
	}
	return false;
}

static void flush_buf(kp_report *r, bool force)
{
	if (r->buf.len && (force || r->buf.len > 65536)) {
		fwrite(r->buf.data, 1, r->buf.len, r->out);
		kp_buf_clear(&r->buf);
	}
}

static void write_sarif_result(kp_report *r, kp_buf *b, const kp_diag *g, bool first);
static void write_github_line(kp_report *r, kp_buf *b, const kp_diag *g);

void kp_report_stmt_shape(kp_report *r, kp_source *src, uint32_t start, uint32_t end, const char *table)
{
	r->cur_src = src;
	r->cur_start = start;
	r->cur_end = end;
	if (r->baseline || r->record)
		kp_shape_of(&r->shape, src, start, end, table, &r->scratch_shapes);
}

void kp_report_stmt_clear(kp_report *r)
{
	r->cur_src = NULL;
	r->shape.set = false;
	kp_arena_reset(&r->scratch_shapes);
}

/* --diff: does the change touch the finding's statement (or, outside a
 * statement, its line)? */
static bool in_diff(kp_report *r, const kp_diag *g)
{
	uint32_t first, last, col;
	if (r->cur_src == g->src) {
		kp_source_linecol(g->src, r->cur_start, &first, &col);
		kp_source_linecol(g->src, r->cur_end > r->cur_start ? r->cur_end - 1 : r->cur_start, &last, &col);
	} else {
		kp_source_linecol(g->src, g->off, &first, &col);
		last = first;
	}
	return kp_diffscope_touches(r->diff, rel_path(r, g->src->path), first, last);
}

/* Is the finding new? Findings in the baseline are not (and are counted);
 * with --write-baseline every finding is recorded. */
static bool is_new(kp_report *r, const kp_diag *g)
{
	if (!r->baseline && !r->record)
		return true;
	uint64_t fp = kp_fingerprint(&r->shape, g->rule, g->src, g->off);
	if (r->record) {
		uint32_t line, col;
		kp_source_linecol(g->src, g->off, &line, &col);
		kp_baseline_add(r->record, fp, g->rule, r->shape.set ? r->shape.table : NULL, rel_path(r, g->src->path),
		                line, r->shape.set ? r->shape.text : NULL);
	}
	if (r->baseline && kp_baseline_take(r->baseline, fp)) {
		r->baselined++;
		return false;
	}
	return true;
}

void kp_report_emit(kp_report *r, const kp_diags *d)
{
	for (const kp_diag *g = d->head; g; g = g->next) {
		kp_rule_setting *set = &r->rules[g->rule];
		if (set->set && set->off)
			continue;
		if (suppressed(r, g))
			continue;
		if (r->diff && !in_diff(r, g)) {
			r->outside_diff++;
			continue;
		}
		if (!is_new(r, g))
			continue;
		kp_diag c = *g;
		if (set->set)
			c.severity = set->severity;
		switch (r->fmt) {
		case KP_FMT_TEXT:
			kp_diag_format(&r->buf, &c, r->color);
			break;
		case KP_FMT_JSON:
			kp_buf_puts(&r->buf, r->written ? ",\n  " : "\n  ");
			kp_diag_json(&r->buf, &c);
			break;
		case KP_FMT_SARIF:
			/* past GitHub's limit a run is refused whole: keep the first */
			if (r->sarif_results >= KP_SARIF_MAX_RESULTS) {
				r->capped++;
				break;
			}
			write_sarif_result(r, &r->buf, &c, r->sarif_results == 0);
			r->sarif_results++;
			break;
		case KP_FMT_GITHUB:
			write_github_line(r, &r->buf, &c);
			break;
		}
		r->written++;
		r->count[c.severity]++;
		r->reported[c.rule] = true;
		flush_buf(r, false);
	}
}

void kp_report_unused(kp_report *r)
{
	kp_diags d = {0};
	for (uint32_t i = 0; i < r->sups.n; i++) {
		kp_suppression *s = r->sups.items[i];
		if (!s->used)
			kp_diag_add(&d, &r->scratch, KP_R_UNKNOWN_DIRECTIVE, KP_SEV_WARNING, s->at, s->off, 0,
			            "this keyplan:%s silences nothing", s->file_wide ? "ignore-file" : "ignore");
	}
	kp_report_emit(r, &d);
	kp_arena_reset(&r->scratch);
}

int kp_report_worst(const kp_report *r)
{
	for (int s = KP_SEV_ERROR; s >= KP_SEV_INFO; s--)
		if (r->count[s])
			return s;
	return -1;
}

/* --------------------------------------------------------------- text */

static void write_advice_text(kp_buf *b, const kp_advisor *adv, int color)
{
	if (!adv || adv->advice.n == 0)
		return;
	kp_buf_printf(b, "\n%sadvice%s\n", color ? "\033[1m" : "", color ? "\033[0m" : "");
	for (uint32_t i = 0; i < adv->advice.n; i++) {
		const kp_advice *x = adv->advice.items[i];
		kp_buf_printf(b, "  [%s] %s: %s\n", kp_rule_get(x->rule)->id, x->table->name, x->message);
		if (x->key)
			kp_buf_printf(b, "      key: %s\n", x->key);
		if (x->serves >= 0)
			kp_buf_printf(b, "      serves: %d of %d (weight)\n", x->serves, x->of);
		if (x->ddl)
			kp_buf_printf(b, "      %s;\n", x->ddl);
	}
}

static void write_summary_text(kp_buf *b, const kp_table_summary *s, int n, int color)
{
	if (n == 0)
		return;
	kp_buf_printf(b, "\n%ssummary%s (weight per access class, now -> with the advised indexes)\n",
	              color ? "\033[1m" : "", color ? "\033[0m" : "");
	/* every column as wide as its widest cell, so large counts and long
	 * table names keep the columns aligned */
	static const char *head[5] = {"table", "GET", "SCAN", "FILTERED", "REJECTED"};
	int w[5];
	for (int k = 0; k < 5; k++)
		w[k] = (int)strlen(head[k]);
	if (w[0] < 24)
		w[0] = 24;
	char cell[64];
	for (int i = 0; i < n; i++) {
		if ((int)s[i].table->name_len > w[0])
			w[0] = (int)s[i].table->name_len;
		for (int k = 0; k < 4; k++) {
			int len = snprintf(cell, sizeof cell, "%.15g->%.15g", s[i].before[k], s[i].after[k]);
			if (len > w[k + 1])
				w[k + 1] = len;
		}
	}
	for (int k = 1; k < 5; k++)
		if (w[k] < 9)
			w[k] = 9;
	kp_buf_printf(b, "  %-*s %*s %*s %*s %*s\n", w[0], head[0], w[1], head[1], w[2], head[2], w[3], head[3],
	              w[4], head[4]);
	for (int i = 0; i < n; i++) {
		kp_buf_printf(b, "  %-*s", w[0], s[i].table->name);
		for (int k = 0; k < 4; k++) {
			snprintf(cell, sizeof cell, "%.15g->%.15g", s[i].before[k], s[i].after[k]);
			kp_buf_printf(b, " %*s", w[k + 1], cell);
		}
		kp_buf_putc(b, '\n');
	}
}

static char *dup0(kp_arena *a, const char *s)
{
	return s ? kp_arena_strndup(a, s, strlen(s)) : NULL;
}

void kp_report_impact(kp_report *r, const kp_impact *x)
{
	kp_impact *c = kp_arena_alloc(r->a, sizeof(*c));
	*c = *x;
	c->file = dup0(r->a, rel_path(r, x->file));
	c->table = dup0(r->a, x->table);
	for (int k = 0; k < 2; k++)
		c->plan[k] = dup0(r->a, x->plan[k]);
	kp_list_push(r->a, &r->impacts, c);
}

static void write_impact_text(kp_report *r, kp_buf *b)
{
	if (!r->impact_mode)
		return;
	kp_buf_printf(b, "\n%smigration impact%s (workload queries whose plan the schema change changes)\n",
	              r->color ? "\033[1m" : "", r->color ? "\033[0m" : "");
	if (!r->impacts.n)
		kp_buf_puts(b, "  none: every workload query plans as before\n");
	for (uint32_t i = 0; i < r->impacts.n; i++) {
		const kp_impact *x = r->impacts.items[i];
		kp_buf_printf(b, "  %s:%u: %s\n      before: %s\n      after:  %s\n", x->file, x->line, x->change,
		              x->plan[0], x->plan[1]);
	}
}

static void json_impact(kp_buf *b, const kp_report *r)
{
	kp_buf_puts(b, "\"impact\": [");
	for (uint32_t i = 0; i < r->impacts.n; i++) {
		const kp_impact *x = r->impacts.items[i];
		kp_buf_puts(b, i ? ",\n  {\"file\": " : "\n  {\"file\": ");
		kp_buf_json_str(b, x->file, strlen(x->file));
		kp_buf_printf(b, ", \"line\": %u, \"column\": %u, \"table\": ", x->line, x->col);
		if (x->table)
			kp_buf_json_str(b, x->table, strlen(x->table));
		else
			kp_buf_puts(b, "null");
		kp_buf_printf(b, ", \"change\": \"%s\"", x->change);
		for (int k = 0; k < 2; k++) {
			kp_buf_printf(b, ", \"%s\": {\"access\": ", k ? "after" : "before");
			if (x->access[k])
				kp_buf_printf(b, "\"%s\"", x->access[k]);
			else
				kp_buf_puts(b, "null");
			kp_buf_puts(b, ", \"order\": ");
			if (x->order[k])
				kp_buf_printf(b, "\"%s\"", x->order[k]);
			else
				kp_buf_puts(b, "null");
			kp_buf_puts(b, ", \"plan\": ");
			kp_buf_json_str(b, x->plan[k], strlen(x->plan[k]));
			kp_buf_putc(b, '}');
		}
		kp_buf_putc(b, '}');
	}
	kp_buf_puts(b, r->impacts.n ? "\n]" : "]");
}

/* --------------------------------------------------------------- JSON */

static void json_advice(kp_buf *b, const kp_advisor *adv)
{
	kp_buf_puts(b, "\"advice\": [");
	for (uint32_t i = 0; adv && i < adv->advice.n; i++) {
		kp_buf_puts(b, i ? ",\n  " : "\n  ");
		kp_advice_json(b, adv->advice.items[i]);
	}
	kp_buf_puts(b, adv && adv->advice.n ? "\n]" : "]");
}

static void json_summary(kp_buf *b, const kp_table_summary *s, int n)
{
	static const char *k[] = {"get", "scan", "filtered_scan", "rejected"};
	kp_buf_puts(b, "\"summary\": [");
	for (int i = 0; i < n; i++) {
		kp_buf_puts(b, i ? ",\n  {\"table\": " : "\n  {\"table\": ");
		kp_buf_json_str(b, s[i].table->name, s[i].table->name_len);
		for (int side = 0; side < 2; side++) {
			kp_buf_printf(b, ", \"%s\": {", side ? "after" : "before");
			for (int j = 0; j < 4; j++)
				kp_buf_printf(b, "%s\"%s\": %.15g", j ? ", " : "", k[j], side ? s[i].after[j] : s[i].before[j]);
			kp_buf_putc(b, '}');
		}
		kp_buf_putc(b, '}');
	}
	kp_buf_puts(b, n ? "\n]" : "]");
}

/* -------------------------------------------------------------- SARIF */

static const char *sarif_level(kp_severity s)
{
	return s == KP_SEV_ERROR ? "error" : s == KP_SEV_WARNING ? "warning" : "note";
}

/* A stable fingerprint: rule, file, and the text of the flagged line
 * (FNV-1a), so results survive edits elsewhere in the file. */
static void fingerprint(kp_buf *b, const kp_diag *g, const char *path)
{
	size_t len;
	const char *line = kp_source_line_text(g->src, g->off, &len);
	uint64_t h = 1469598103934665603ull;
	const char *parts[3] = {kp_rule_get(g->rule)->id, path, NULL};
	for (int i = 0; i < 2; i++)
		for (const char *p = parts[i]; *p; p++)
			h = (h ^ (unsigned char)*p) * 1099511628211ull;
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			h = (h ^ (unsigned char)line[i]) * 1099511628211ull;
	kp_buf_printf(b, "%016llx", (unsigned long long)h);
}

/* Percent-encodes path as a URI path (RFC 3986 unreserved and '/' stay). */
static void uri_escape(kp_buf *u, const char *path)
{
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (isalnum(*p) || strchr("/-._~", *p))
			kp_buf_putc(u, (char)*p);
		else
			kp_buf_printf(u, "%%%02X", *p);
	}
}

/* An artifactLocation's members: a URI relative to %SRCROOT% (the
 * repository root, given in the run's originalUriBaseIds) for files below
 * it, an absolute file: URI for the others. */
static void sarif_location(kp_report *r, kp_buf *b, const char *path)
{
	const char *rel = rel_path(r, path);
	kp_buf u = {0};
	if (!r->rel_outside) {
		uri_escape(&u, rel);
		kp_buf_puts(b, "\"uri\": ");
		kp_buf_json_str(b, u.data, u.len);
		kp_buf_puts(b, ", \"uriBaseId\": \"%SRCROOT%\"");
	} else {
		if (rel[0] == '/')
			kp_buf_puts(&u, "file://");
		uri_escape(&u, rel);
		kp_buf_puts(b, "\"uri\": ");
		kp_buf_json_str(b, u.data, u.len);
	}
	kp_buf_free(&u);
}

static void write_sarif_header(kp_report *r, kp_buf *b)
{
	kp_buf_puts(b, "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
	               "  \"version\": \"2.1.0\",\n  \"runs\": [{\n    \"tool\": {\"driver\": {\n"
	               "      \"name\": \"keyplan\", \"version\": \"" KEYPLAN_VERSION "\",\n"
	               "      \"informationUri\": \"" KEYPLAN_DOCS_URI "\",\n      \"rules\": [");
	for (int i = 0; i < KP_R__COUNT; i++) {
		const kp_rule_info *ri = kp_rule_get((kp_rule)i);
		kp_buf_puts(b, i ? ",\n        {" : "\n        {");
		kp_buf_printf(b, "\"id\": \"%s\", \"name\": \"%s\", ", ri->id, ri->slug);
		kp_buf_puts(b, "\"shortDescription\": {\"text\": ");
		kp_buf_json_str(b, ri->summary, strlen(ri->summary));
		kp_buf_puts(b, "}, \"fullDescription\": {\"text\": ");
		kp_buf help = {0};
		kp_buf_printf(&help, "%s (%s): %s.", ri->id, ri->slug, ri->summary);
		kp_buf_json_str(b, help.data, help.len);
		kp_buf_clear(&help);
		kp_buf_puts(b, "}, \"help\": {\"text\": ");
		kp_buf_printf(&help, "%s. See docs/rules/%s.md for why it matters and how to fix it.", ri->summary, ri->id);
		kp_buf_json_str(b, help.data, help.len);
		kp_buf_free(&help);
		kp_buf_printf(b, "}, \"helpUri\": \"%s/rules/%s.md\", \"defaultConfiguration\": {\"level\": \"%s\"}}",
		              KEYPLAN_DOCS_URI, ri->id, sarif_level(ri->severity));
	}
	kp_buf_puts(b, "\n      ]\n    }},\n    \"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": ");
	kp_buf u = {0};
	kp_buf_puts(&u, "file://");
	uri_escape(&u, r->root);
	if (u.data[u.len - 1] != '/')
		kp_buf_putc(&u, '/');
	kp_buf_json_str(b, u.data, u.len);
	kp_buf_free(&u);
	kp_buf_puts(b, ", \"description\": {\"text\": \"the repository root\"}}},\n"
	               "    \"columnKind\": \"unicodeCodePoints\",\n    \"results\": [");
}

static void write_sarif_result(kp_report *r, kp_buf *b, const kp_diag *g, bool first)
{
	{
		const kp_rule_info *ri = kp_rule_get(g->rule);
		uint32_t l1, c1, l2, c2;
		kp_source_linecol(g->src, g->off, &l1, &c1);
		kp_source_linecol_end(g->src, g->off, g->len, &l2, &c2);
		if (l2 == l1 && c2 <= c1)
			c2 = c1 + 1;
		kp_buf_puts(b, first ? "\n      {" : ",\n      {");
		kp_buf_printf(b, "\"ruleId\": \"%s\", \"ruleIndex\": %d, \"level\": \"%s\", \"message\": {\"text\": ",
		              ri->id, (int)g->rule, sarif_level(g->severity));
		kp_buf msg = {0};
		kp_buf_puts(&msg, g->message);
		for (const kp_help *h = g->helps; h; h = h->next)
			kp_buf_printf(&msg, "\nhelp: %s", h->message);
		kp_buf_json_str(b, msg.data, msg.len);
		kp_buf_free(&msg);
		kp_buf_puts(b, "}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {");
		sarif_location(r, b, g->src->path);
		kp_buf_printf(b, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u, \"endLine\": %u, "
		              "\"endColumn\": %u}}}]", l1, c1, l2, c2);
		if (g->notes) {
			kp_buf_puts(b, ", \"relatedLocations\": [");
			int id = 1;
			for (const kp_note *n = g->notes; n; n = n->next, id++) {
				uint32_t nl, nc;
				kp_source_linecol(n->src, n->off, &nl, &nc);
				kp_buf_printf(b, "%s{\"id\": %d, \"physicalLocation\": {\"artifactLocation\": {",
				              id > 1 ? ", " : "", id);
				sarif_location(r, b, n->src->path);
				kp_buf_printf(b, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u}}, \"message\": {\"text\": ",
				              nl, nc);
				kp_buf_json_str(b, n->message, strlen(n->message));
				kp_buf_puts(b, "}}");
			}
			kp_buf_putc(b, ']');
		}
		kp_buf_puts(b, ", \"partialFingerprints\": {\"primaryLocationLineHash\": \"");
		fingerprint(b, g, rel_path(r, g->src->path));
		kp_buf_puts(b, "\"}}");
	}
}

/* ------------------------------------------------------------- GitHub */

/* Escaping of the Actions toolkit: data escapes % CR LF, properties also
 * escape : and , (toolkit/packages/core/src/command.ts). */
static void gh_escape(kp_buf *b, const char *s, bool property)
{
	for (; *s; s++) {
		switch (*s) {
		case '%': kp_buf_puts(b, "%25"); break;
		case '\r': kp_buf_puts(b, "%0D"); break;
		case '\n': kp_buf_puts(b, "%0A"); break;
		case ':': if (property) kp_buf_puts(b, "%3A"); else kp_buf_putc(b, ':'); break;
		case ',': if (property) kp_buf_puts(b, "%2C"); else kp_buf_putc(b, ','); break;
		default: kp_buf_putc(b, *s);
		}
	}
}

static void write_github_line(kp_report *r, kp_buf *b, const kp_diag *g)
{
	{
		const kp_rule_info *ri = kp_rule_get(g->rule);
		uint32_t l1, c1, l2, c2;
		kp_source_linecol(g->src, g->off, &l1, &c1);
		kp_source_linecol_end(g->src, g->off, g->len, &l2, &c2);
		kp_buf_printf(b, "::%s file=", g->severity == KP_SEV_ERROR ? "error" :
		              g->severity == KP_SEV_WARNING ? "warning" : "notice");
		gh_escape(b, rel_path(r, g->src->path), true);
		kp_buf_printf(b, ",line=%u,col=%u,endLine=%u,endColumn=%u,title=", l1, c1, l2, c2);
		gh_escape(b, ri->id, true);
		kp_buf_puts(b, "::");
		kp_buf msg = {0};
		kp_buf_printf(&msg, "%s [%s %s]", g->message, ri->id, ri->slug);
		for (const kp_help *h = g->helps; h; h = h->next)
			kp_buf_printf(&msg, "\nhelp: %s", h->message);
		gh_escape(b, msg.data, false);
		kp_buf_free(&msg);
		kp_buf_putc(b, '\n');
	}
}

void kp_report_begin(kp_report *r, kp_arena *a, FILE *out, kp_format fmt, int color)
{
	r->a = a;
	r->out = out;
	r->fmt = fmt;
	r->color = color;
	kp_arena_init(&r->scratch);
	kp_arena_init(&r->scratch_shapes);
	char *wd = getcwd(NULL, 0);
	r->cwd = kp_arena_strndup(a, wd ? wd : "/", strlen(wd ? wd : "/"));
	free(wd);
	char *root = kp_repo_root(r->cwd);
	r->root = kp_arena_strndup(a, root, strlen(root));
	free(root);
	if (fmt == KP_FMT_JSON)
		kp_buf_puts(&r->buf, "{\"version\": 1, \"diagnostics\": [");
	else if (fmt == KP_FMT_SARIF)
		write_sarif_header(r, &r->buf);
}

void kp_report_fail(kp_report *r, const char *msg)
{
	r->fatal = msg;
}

/* The run's invocation: whether it succeeded, and the notifications a
 * reader of the SARIF file must see (the error that stopped it, results
 * left out over the cap). */
static void write_sarif_invocation(kp_report *r, kp_buf *b)
{
	kp_buf_printf(b, ",\n    \"invocations\": [{\"executionSuccessful\": %s", r->fatal ? "false" : "true");
	if (r->fatal || r->capped) {
		kp_buf_puts(b, ", \"toolExecutionNotifications\": [");
		if (r->fatal) {
			kp_buf_puts(b, "{\"level\": \"error\", \"message\": {\"text\": ");
			kp_buf_json_str(b, r->fatal, strlen(r->fatal));
			kp_buf_puts(b, "}}");
		}
		if (r->capped) {
			kp_buf m = {0};
			kp_buf_printf(&m, "%u results; GitHub code scanning takes at most %d per run, so only the "
			              "first %d are in this file", r->sarif_results + r->capped, KP_SARIF_MAX_RESULTS,
			              KP_SARIF_MAX_RESULTS);
			kp_buf_printf(b, "%s{\"level\": \"warning\", \"message\": {\"text\": ", r->fatal ? ", " : "");
			kp_buf_json_str(b, m.data, m.len);
			kp_buf_puts(b, "}}");
			kp_buf_free(&m);
		}
		kp_buf_putc(b, ']');
	}
	kp_buf_puts(b, "}]");
}

int kp_report_end(kp_report *r, const kp_advisor *adv, const kp_table_summary *sums, int nsums)
{
	kp_buf *b = &r->buf;
	switch (r->fmt) {
	case KP_FMT_TEXT:
		write_impact_text(r, b);
		write_advice_text(b, adv, r->color);
		write_summary_text(b, sums, nsums, r->color);
		if (r->written || adv)
			kp_buf_printf(b, "\n%u error(s), %u warning(s), %u info\n", r->count[KP_SEV_ERROR],
			              r->count[KP_SEV_WARNING], r->count[KP_SEV_INFO]);
		if (r->baselined)
			kp_buf_printf(b, "%s%u finding(s) in the baseline not shown\n", r->written || adv ? "" : "\n",
			              r->baselined);
		/* where each rule reported is explained (also: keyplan rules ID) */
		for (int i = 0; i < KP_R__COUNT; i++)
			if (r->reported[i]) {
				const kp_rule_info *ri = kp_rule_get((kp_rule)i);
				kp_buf_printf(b, "%s %s: %s/rules/%s.md\n", ri->id, ri->slug, KEYPLAN_DOCS_URI, ri->id);
			}
		break;
	case KP_FMT_JSON:
		kp_buf_puts(b, r->written ? "\n]" : "]");
		if (adv) {
			kp_buf_puts(b, ",\n");
			json_advice(b, adv);
			kp_buf_puts(b, ",\n");
			json_summary(b, sums, nsums);
		}
		if (r->impact_mode) {
			kp_buf_puts(b, ",\n");
			json_impact(b, r);
		}
		kp_buf_puts(b, "}\n");
		break;
	case KP_FMT_SARIF:
		kp_buf_puts(b, r->sarif_results ? "\n    ]" : "]");
		write_sarif_invocation(r, b);
		kp_buf_puts(b, "\n  }]\n}\n");
		if (r->capped)
			fprintf(stderr, "keyplan: warning: %u results; GitHub code scanning takes at most %d per SARIF "
			        "run, so only the first %d were written\n", r->sarif_results + r->capped,
			        KP_SARIF_MAX_RESULTS, KP_SARIF_MAX_RESULTS);
		break;
	case KP_FMT_GITHUB:
		break;
	}
	flush_buf(r, true);
	kp_buf_free(b);
	kp_arena_free(&r->scratch);
	kp_arena_free(&r->scratch_shapes);
	for (uint32_t i = 0; i < r->anchors.n; i++)
		kp_source_free(r->anchors.items[i]);
	r->anchors.n = 0;
	kp_buf_free(&r->rel_of);
	kp_buf_free(&r->rel);
	return ferror(r->out) ? -1 : 0;
}
