/* Suppression directives for lint and check: keyplan:ignore and
 * keyplan:ignore-file in the comments of SQL and of application code, and
 * "weight: N" for check's workload; which findings they silence, and
 * those that silence nothing (--report-unused-ignores). */
#include "tools/reportInt.h"

#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "advisor/advisor.h"
#include "lib/comments.h"

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
	if (r->ahead && r->in_file && !r->sink)
		r->holding = true;   /* in place among the statements' findings */
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

/* A keyplan:disable (disable) or keyplan:enable of rules at text[off,
 * off + len) of src, in the file pass. Blocks do not nest: a rule is
 * disabled or not, so disabling one already disabled, or enabling one not
 * disabled, is a KP022 (that rule is left out of the directive). Returns
 * whether a disable still has a rule to open. */
static bool block_directive(kp_report *r, kp_source *src, size_t off, size_t len, bool disable, bool *rules)
{
	/* the blocks still open are this file's: a file of its own starts
	 * with none */
	if (!r->open_path || strcmp(r->open_path, src->path)) {
		memset(r->open, 0, sizeof r->open);
		r->open_path = kp_arena_strndup(r->a, src->path, strlen(src->path));
	}
	uint32_t line, col;
	kp_source_linecol(src, off, &line, &col);
	bool any = false;
	for (int k = 0; k < KP_R__COUNT; k++) {
		if (!rules[k])
			continue;
		const kp_rule_info *ri = kp_rule_get((kp_rule)k);
		kp_suppression *o = r->open[k];
		if (disable && o) {
			char m[200];
			snprintf(m, sizeof m, "%s is already disabled (line %u): keyplan:disable blocks do not nest, so "
			         "this one silences nothing of it: '%%.*s'", ri->id, o->line);
			directive_warning(r, src, off, len, m, src->text + off, len);
			rules[k] = false;
		} else if (!disable && !o) {
			char m[200];
			snprintf(m, sizeof m, "no keyplan:disable of %s is open, so this keyplan:enable ends nothing: '%%.*s'",
			         ri->id);
			directive_warning(r, src, off, len, m, src->text + off, len);
		} else if (!disable) {
			o->until[2 * k] = line;
			o->until[2 * k + 1] = col;
			r->open[k] = NULL;
		} else {
			any = true;
		}
	}
	return any;
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
static void read_comment(kp_report *r, kp_source *src, const char *p, const char *end, uint32_t stmt_off,
                         uint32_t stmt_end, double *weight, bool file_pass, bool at_line_start);

/* A comment's directive (read_comment). What the file pass reports comes
 * before the file's statements are read: lint holds it until they reach
 * its place (hold.c). */
static void one_comment(kp_report *r, kp_source *src, const char *p, const char *end, uint32_t stmt_off,
                        uint32_t stmt_end, double *weight, bool file_pass, bool at_line_start)
{
	r->ahead = file_pass;
	read_comment(r, src, p, end, stmt_off, stmt_end, weight, file_pass, at_line_start);
	r->ahead = false;
}

static void read_comment(kp_report *r, kp_source *src, const char *p, const char *end, uint32_t stmt_off,
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
	/* the simulation's rate (docs/annotations.md): check and lint say a
	 * malformed one where simulate would, so it is not found only there */
	double rate;
	const char *why;
	int rr = file_pass ? 0 : kp_rate_parse(p, end, &rate, &why);
	if (rr < 0)
		directive_warning(r, src, (size_t)(p - t), (size_t)(end - p),
		                  "malformed annotation '%.*s': expected -- rate: N/s (or N/min, N/h) with 0 <= N/s <= 1e9 "
		                  "(docs/annotations.md); ignored", p, (size_t)(end - p));
	if (rr)
		return;
	if (!starts_ci(p, end, "keyplan:"))
		return;
	const char *d = p + 8;
	if (starts_ci(d, end, "tenant") && (d + 6 == end || isspace((unsigned char)d[6])))
		return;   /* the connection, read by the pipeline (lib/tenant.c) */
	/* the directives: ignore (a statement), ignore-file, and the blocks
	 * disable ... enable */
	static const char *const names[] = {"ignore-file", "ignore", "disable", "enable"};
	enum { D_FILE, D_STMT, D_DISABLE, D_ENABLE } kind = D_FILE;
	size_t nl = 0;
	for (int k = 0; k < 4; k++) {
		nl = strlen(names[k]);
		if (starts_ci(d, end, names[k]) && (d + nl == end || isspace((unsigned char)d[nl]))) {
			kind = k;
			break;
		}
		if (k == 3) {
			if (file_pass)
				return;   /* reported by the statement pass */
			const char *w = d;
			while (w < end && !isspace((unsigned char)*w))
				w++;
			directive_warning(r, src, (size_t)(p - t), (size_t)(end - p),
			                  "unknown directive 'keyplan:%.*s': expected keyplan:ignore, keyplan:ignore-file, "
			                  "keyplan:disable, keyplan:enable or keyplan:tenant", d, (size_t)(w - d));
			return;
		}
	}
	const char *dname = names[kind];
	d += nl;
	bool file_wide = kind != D_STMT;
	/* ignore-file, disable and enable are read once, before the
	 * statements, by the file pass; in SQL it takes "--" comments that
	 * start a line, nothing else */
	if (file_wide != file_pass) {
		if (file_wide && !at_line_start) {
			char m[120];
			snprintf(m, sizeof m, "keyplan:%s must be a '--' comment at the start of a line: '%%.*s'", dname);
			directive_warning(r, src, (size_t)(p - t), (size_t)(end - p), m, p, (size_t)(end - p));
		}
		return;
	}
	kp_suppression s0;
	memset(&s0, 0, sizeof s0);
	/* the rule list ends where the reason starts: at "--" in every comment
	 * syntax but XML's, which may not hold "--"; there at ':' */
	bool xml = r->in_host && r->host_xml;
	const char *list_end = d;
	if (xml) {
		while (list_end < end && *list_end != ':')
			list_end++;
	} else {
		while (list_end + 1 < end && !(list_end[0] == '-' && list_end[1] == '-'))
			list_end++;
		if (list_end + 1 >= end)
			list_end = end;
	}
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
	/* one form per comment syntax, and a malformed directive silences
	 * nothing: words after the rules without the separator are an error */
	/* (the old messages name keyplan:ignore for ignore and ignore-file,
	 * as before; the blocks name their own directive) */
	const char *shown = kind == D_DISABLE || kind == D_ENABLE ? dname : "ignore";
	const char *does = kind == D_ENABLE ? "ends nothing" : "silences nothing";
	if (bad && legacy_reason) {
		kp_buf m = {0};
		kp_buf_printf(&m, xml ? "'%%.*s' is not a rule, so this keyplan:%s %s: write the reason after ':' "
		                        "(<!-- keyplan:%s KP001: reason -->)"
		                      : "'%%.*s' is not a rule, so this keyplan:%s %s: write the reason after ' -- ' "
		                        "(keyplan:%s KP001 -- reason)", shown, does, shown);
		directive_warning(r, src, (size_t)(bad - t), badlen, m.data, bad, badlen);
		kp_buf_free(&m);
		return;
	} else if (bad) {
		size_t bl = badlen;
		kp_buf m = {0};
		if (bl > 1 && bad[bl - 1] == ':' && kp_rule_lookup(bad, bl - 1) >= 0)
			kp_buf_printf(&m, "unknown rule '%%.*s' in keyplan:%s, so it %s: write the reason after ' -- ' "
			              "(keyplan:%s RULE -- reason)", shown, does, shown);
		else
			kp_buf_printf(&m, "unknown rule '%%.*s' in keyplan:%s, so it %s (keyplan rules lists them; a "
			              "reason goes after ' -- ')", shown, does);
		directive_warning(r, src, (size_t)(bad - t), badlen, m.data, bad, badlen);
		kp_buf_free(&m);
		return;
	} else if (nrules == 0) {
		kp_buf m = {0};
		kp_buf_printf(&m, "keyplan:%s names no rule, so it %s: '%%.*s'", kind == D_FILE ? "ignore-file" : shown,
		              does);
		directive_warning(r, src, (size_t)(p - t), (size_t)(end - p), m.data, p, (size_t)(end - p));
		kp_buf_free(&m);
		return;
	}
	if (kind == D_DISABLE || kind == D_ENABLE) {
		if (!block_directive(r, src, (size_t)(p - t), (size_t)(end - p), kind == D_DISABLE, s0.rules))
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
	if (kind == D_DISABLE) {
		/* open until its keyplan:enable, or the end of the file */
		s->block = true;
		kp_source_linecol(src, (size_t)(p - t), &s->line, &s->col);
		s->until = kp_arena_alloc(r->a, 2 * KP_R__COUNT * sizeof *s->until);
		for (int k = 0; k < KP_R__COUNT; k++) {
			s->until[2 * k] = s->until[2 * k + 1] = UINT32_MAX;
			if (s->rules[k])
				r->open[k] = s;
		}
	}
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
		else if (r->host_xml && stop - p >= 11 && !memcmp(stop - 3, "-->", 3))
			stop -= 3;
		/* a host comment is a line of its own: no "start of a line" rule */
		r->in_host = true;
		one_comment(r, host, p, stop, stmt_off, stmt_end, NULL, file_pass, true);
		r->in_host = false;
		p = stop;
	}
}

int kp_report_sql_step(int st, char prev, char ch)
{
	switch (st) {
	case KP_SQL_CODE:
		if (ch == '\'') return KP_SQL_STR;
		if (ch == '"') return KP_SQL_QUOTED;
		if (ch == '`') return KP_SQL_BACKTICK;
		if (ch == '*' && prev == '/') return KP_SQL_BLOCK;
		if (ch == '-' && prev == '-') return KP_SQL_LINE;
		return KP_SQL_CODE;
	case KP_SQL_STR: return ch == '\'' ? KP_SQL_CODE : st;
	case KP_SQL_QUOTED: return ch == '"' ? KP_SQL_CODE : st;
	case KP_SQL_BACKTICK: return ch == '`' ? KP_SQL_CODE : st;
	case KP_SQL_BLOCK: return ch == '/' && prev == '*' ? KP_SQL_CODE : st;
	default: return ch == '\n' ? KP_SQL_CODE : st;
	}
}

/* Is buf[i] the ':' of "keyplan:" (any case)? The 7 bytes before it may
 * be in tail, the end of the chunk before (ntail of them). */
static bool keyplan_colon(const char *buf, size_t i, const char *tail, size_t ntail)
{
	char w[7];
	if (i >= 7) {
		memcpy(w, buf + i - 7, 7);
	} else {
		size_t from_tail = 7 - i;
		if (from_tail > ntail)
			return false;
		memcpy(w, tail + ntail - from_tail, from_tail);
		memcpy(w + from_tail, buf, i);
	}
	return strncasecmp(w, "keyplan", 7) == 0;
}

void kp_report_file_directives(kp_report *r, kp_source *src)
{
	/* "-- keyplan:ignore-file" at the start of a line (after white space);
	 * found before any statement, since it covers those before it too */
	const char *t = src->text, *end = t + src->len;
	/* only up to the line of the last "keyplan:" (none: nothing to do) */
	const char *last = NULL;
	/* a megabyte at a time, a mapped file's pages given back behind
	 * (base/srcmap.c): a workload of a million statements is not held */
	for (size_t from = 0, step = (size_t)1 << 20; from < src->len; from += step) {
		const char *to = t + (src->len - from > step ? from + step : src->len);
		for (const char *c = memchr(t + from, ':', (size_t)(to - t) - from); c;
		     c = c + 1 < to ? memchr(c + 1, ':', (size_t)(to - c - 1)) : NULL)
			if (keyplan_colon(t, (size_t)(c - t), NULL, 0))
				last = c;
		kp_source_release(src, from, (size_t)(to - t));
	}
	if (!last)
		return;
	const char *nl_last = memchr(last, '\n', (size_t)(end - last));
	end = nl_last ? nl_last : end;
	int st = KP_SQL_CODE;
	for (const char *p = t; p < end; ) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		const char *q = p;
		if (p == t && src->len >= 3 && !memcmp(t, "\xef\xbb\xbf", 3))
			q += 3;   /* a byte-order mark is not text */
		while (q < e && (*q == ' ' || *q == '\t'))
			q++;
		if (st == KP_SQL_CODE && e - q > 2 && q[0] == '-' && q[1] == '-') {
			const char *stop = e > q && e[-1] == '\r' ? e - 1 : e;
			one_comment(r, src, q + 2, stop, 0, UINT32_MAX, NULL, true, true);
		}
		/* the state the line leaves for the next one */
		char prev = 0;
		for (const char *c = q; c < e; c++) {
			int was = st;
			st = kp_report_sql_step(st, prev, *c);
			prev = st != was && (was == KP_SQL_BLOCK || st == KP_SQL_BLOCK) ? 0 : *c;
		}
		if (st == KP_SQL_LINE)
			st = KP_SQL_CODE;
		p = nl ? nl + 1 : end;
	}
}

void kp_report_stmt_done(kp_report *r)
{
	if (r->holding)
		kp_report_hold_stmt_done(r);
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

/* Where the last "keyplan:" of the file is (every directive has one), or
 * -1: memchr from colon to colon, far cheaper than the state machine
 * that tells a comment from a string, which then runs only up to it. */
static long long last_directive(FILE *f, char *buf, size_t cap)
{
	long long last = -1, base = 0;
	char tail[7];
	size_t ntail = 0, got;
	while ((got = fread(buf, 1, cap, f)) > 0) {
		for (const char *p = memchr(buf, ':', got); p; p = memchr(p + 1, ':', got - (size_t)(p - buf) - 1)) {
			if (keyplan_colon(buf, (size_t)(p - buf), tail, ntail))
				last = base + (p - buf);
			if ((size_t)(p - buf) + 1 >= got)
				break;
		}
		ntail = got < 7 ? got : 7;
		memcpy(tail, buf + got - ntail, ntail);
		base += (long long)got;
	}
	return last;
}

int kp_report_scan_file_directives(kp_report *r, const char *path, kp_diags *d, kp_arena *a)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "cannot open: %s", strerror(errno));
		return -1;
	}
	static char buf[1 << 16];
	long long last = last_directive(f, buf, sizeof buf);
	if (last < 0 || fseek(f, 0, SEEK_SET) < 0) {
		int bad = ferror(f) || (last >= 0);
		fclose(f);
		if (bad) {
			kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "read error");
			return -1;
		}
		return 0;   /* no directive in the file */
	}
	/* then by hand, a byte at a time through a state machine, up to the
	 * line of the last directive: a line of any length costs no memory,
	 * and only lines that start with "--" (after white space) are kept, up
	 * to 4 KiB */
	/* per state, the bytes that leave it as it is (and are not a line's
	 * end): every byte but those lex_step reads */
	static bool skip[KP_SQL_LINE][256];
	if (!skip[KP_SQL_CODE]['a']) {
		static const char *const stops[KP_SQL_LINE] = {
			[KP_SQL_CODE] = "'\"`-/*", [KP_SQL_STR] = "'", [KP_SQL_QUOTED] = "\"", [KP_SQL_BACKTICK] = "`", [KP_SQL_BLOCK] = "*/"};
		for (int k = 0; k < KP_SQL_LINE; k++)
			for (int c = 0; c < 256; c++)
				skip[k][c] = c != '\n' && !strchr(stops[k], c);
	}
	dir_line dl = {0};
	int st = KP_SQL_CODE;       /* where the bytes are: code, string, comment */
	char prev = 0;
	uint32_t line = 1;
	size_t got;
	bool first = true;
	long long base = 0;     /* the file offset of buf[0] */
	bool done = false;
	while (!done && (got = fread(buf, 1, sizeof buf, f)) > 0) {
		size_t i = 0;
		if (first && got >= 3 && !memcmp(buf, "\xef\xbb\xbf", 3))
			i = 3;   /* a byte-order mark is not text */
		first = false;
		for (; i < got; i++) {
			if (dl.past_space && !dl.candidate && st != KP_SQL_LINE) {
				/* the bytes that cannot change the state are skipped in
				 * a tight loop (most of a file: names, words, values) */
				const bool *keep = skip[st];
				size_t j = i;
				while (j < got && keep[(unsigned char)buf[j]])
					j++;
				if (j != i) {
					prev = 0;   /* a skipped byte pairs with nothing */
					i = j;
					if (i >= got)
						break;
				}
			}
			char ch = buf[i];
			if (ch == '\n') {
				scan_line_end(r, path, &dl, line);
				line++;
				if (st == KP_SQL_LINE)
					st = KP_SQL_CODE;
				prev = 0;
				if (base + (long long)i > last) {
					done = true;   /* past the last directive's line */
					break;
				}
				continue;
			}
			if (!dl.past_space && (ch == ' ' || ch == '\t')) {
				if (dl.n < sizeof dl.text)
					dl.text[dl.n++] = ch;
				continue;
			}
			if (!dl.past_space) {
				dl.past_space = true;
				dl.candidate = st == KP_SQL_CODE;   /* not in a string or block comment */
				dl.after_space = 0;
			}
			int was = st;
			st = kp_report_sql_step(st, prev, ch);
			prev = st != was && (was == KP_SQL_BLOCK || st == KP_SQL_BLOCK) ? 0 : ch;
			if (st == KP_SQL_LINE && !dl.candidate) {
				/* the rest of the line is a comment: jump to its end
				 * (memchr, not a byte at a time) */
				const char *nl = memchr(buf + i, '\n', got - i);
				i = nl ? (size_t)(nl - buf) - 1 : got;
				continue;
			}
			if (!dl.candidate)
				continue;
			if (dl.after_space < 2 && ch != '-') {
				dl.candidate = false;   /* not a "--" comment */
				continue;
			}
			dl.after_space++;
			if (dl.n < sizeof dl.text)
				dl.text[dl.n++] = ch;
		}
		base += (long long)got;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "read error");
		return -1;
	}
	if (!done)
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

/* Does the block s cover the finding g: is g at or after the disable,
 * and before the enable of its rule? at: g's line and column, computed
 * here the first time. */
static bool in_block(const kp_suppression *s, const kp_diag *g, uint32_t at[2])
{
	if (!at[0])
		kp_source_linecol(g->src, g->off, &at[0], &at[1]);
	const uint32_t *u = s->until + 2 * g->rule;
	bool after = at[0] > s->line || (at[0] == s->line && at[1] >= s->col);
	bool before = at[0] < u[0] || (at[0] == u[0] && at[1] < u[1]);
	return after && before;
}

bool kp_report_suppressed(kp_report *r, const kp_diag *g)
{
	if (g->rule == KP_R_UNKNOWN_DIRECTIVE)
		return false;
	/* SQL taken out of application code is matched where it lies in the
	 * host file, which is where its directives are */
	kp_source *gs;
	size_t go = kp_source_origin(g->src, g->off, &gs);
	uint32_t at[2] = {0, 0};   /* its line and column, once a block asks */
	for (uint32_t i = 0; i < r->active.n; i++) {
		kp_suppression *s = r->active.items[i];
		if (!s->rules[g->rule])
			continue;
		if (s->file_wide ? strcmp(s->path, g->src->path) == 0 && (!s->block || in_block(s, g, at))
		                 : s->src == gs && go >= s->stmt_off && go < s->stmt_end) {
			s->used++;
			return true;
		}
	}
	return false;
}

void kp_report_unused(kp_report *r)
{
	kp_diags d = {0};
	for (uint32_t i = 0; i < r->sups.n; i++) {
		kp_suppression *s = r->sups.items[i];
		if (!s->used && !s->judged)
			kp_diag_add(&d, &r->scratch, KP_R_UNKNOWN_DIRECTIVE, KP_SEV_WARNING, s->at, s->off, 0,
			            "this keyplan:%s silences nothing",
			            s->block ? "disable" : s->file_wide ? "ignore-file" : "ignore");
	}
	kp_report_emit(r, &d);
	kp_arena_reset(&r->scratch);
}
