#include "report.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "explain.h"

int kp_rule_lookup(const char *s, size_t n)
{
	for (int i = 0; i < KP_R__COUNT; i++) {
		const kp_rule_info *r = kp_rule_get((kp_rule)i);
		if ((strlen(r->id) == n && strncasecmp(r->id, s, n) == 0) ||
		    (strlen(r->slug) == n && strncmp(r->slug, s, n) == 0))
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

/* One "--" comment line [p, end): a keyplan: directive or a weight. */
static void one_comment(kp_report *r, kp_source *src, const char *p, const char *end, uint32_t stmt_off,
                        double *weight, bool file_pass)
{
	const char *t = src->text;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if ((size_t)(end - p) >= 7 && strncmp(p, "weight:", 7) == 0) {
		const char *q = p + 7;
		char buf[64];
		size_t n = (size_t)(end - q) < sizeof buf - 1 ? (size_t)(end - q) : sizeof buf - 1;
		memcpy(buf, q, n);
		buf[n] = 0;
		char *e;
		double w = strtod(buf, &e);
		while (*e == ' ' || *e == '\t' || *e == '\r')
			e++;
		if (e == buf || *e || w < 0)
			directive_warning(r, src, (size_t)(p - t), (size_t)(end - p),
			                  "malformed weight '%.*s': expected -- weight: N with N >= 0", q, (size_t)(end - q));
		else if (weight)
			*weight = w;
		return;
	}
	if ((size_t)(end - p) < 8 || strncmp(p, "keyplan:", 8) != 0)
		return;
	const char *d = p + 8;
	bool file_wide;
	bool is_file_directive = (size_t)(end - d) >= 11 && strncmp(d, "ignore-file", 11) == 0;
	if (is_file_directive != file_pass)
		return;   /* file-wide directives are read once, before the statements */
	if ((size_t)(end - d) >= 11 && strncmp(d, "ignore-file", 11) == 0 &&
	    (d + 11 == end || isspace((unsigned char)d[11]))) {
		file_wide = true;
		d += 11;
	} else if ((size_t)(end - d) >= 6 && strncmp(d, "ignore", 6) == 0 &&
	           (d + 6 == end || isspace((unsigned char)d[6]))) {
		file_wide = false;
		d += 6;
	} else {
		const char *w = d;
		while (w < end && !isspace((unsigned char)*w))
			w++;
		directive_warning(r, src, (size_t)(p - t), (size_t)(end - p),
		                  "unknown directive 'keyplan:%.*s': expected keyplan:ignore or keyplan:ignore-file",
		                  d, (size_t)(w - d));
		return;
	}
	kp_suppression *s = kp_arena_alloc(r->a, sizeof(*s));
	s->src = src;
	s->path = kp_arena_strndup(r->a, src->path, strlen(src->path));
	s->at = anchor(r, src, (size_t)(p - t), &s->off);
	s->file_wide = file_wide;
	s->stmt_off = stmt_off;
	s->stmt_end = UINT32_MAX;
	int nrules = 0;
	bool comma = true;   /* a rule may follow */
	while (d < end) {
		while (d < end && isspace((unsigned char)*d))
			d++;
		if (d >= end)
			break;
		const char *w = d;
		while (d < end && !isspace((unsigned char)*d) && *d != ',')
			d++;
		size_t wl = (size_t)(d - w);
		bool had_comma = false;
		while (d < end && (isspace((unsigned char)*d) || *d == ',')) {
			if (*d == ',')
				had_comma = true;
			d++;
		}
		int rule = wl ? kp_rule_lookup(w, wl) : -1;
		bool looks_like_id = wl >= 3 && (w[0] == 'K' || w[0] == 'k') && (w[1] == 'P' || w[1] == 'p') &&
		                     isdigit((unsigned char)w[2]);
		if (rule >= 0) {
			s->rules[rule] = true;
			nrules++;
		} else if (looks_like_id || comma || nrules == 0) {
			directive_warning(r, src, (size_t)(w - t), wl, "unknown rule '%.*s' in keyplan:ignore "
			                  "(see keyplan rules)", w, wl);
		} else {
			break;   /* the reason */
		}
		comma = had_comma;
	}
	if (nrules == 0) {
		directive_warning(r, src, (size_t)(p - t), (size_t)(end - p),
		                  "keyplan:ignore names no known rule, so it silences nothing: '%.*s'",
		                  p, (size_t)(end - p));
		return;
	}
	kp_list_push(r->a, &r->sups, s);
	kp_list_push(r->a, &r->active, s);
}

void kp_report_directives(kp_report *r, kp_source *src, size_t from, size_t to, uint32_t stmt_off,
                          double *weight)
{
	const char *t = src->text;
	size_t i = from;
	while (i + 1 < to) {
		if (t[i] == '-' && t[i + 1] == '-') {
			const char *e = memchr(t + i, '\n', to - i);
			size_t end = e ? (size_t)(e - t) : to;
			size_t stop = end;
			if (stop > i && t[stop - 1] == '\r')
				stop--;
			one_comment(r, src, t + i + 2, t + stop, stmt_off, weight, false);
			i = end;
		} else if (t[i] == '/' && t[i + 1] == '*') {
			const char *e = strstr(t + i + 2, "*/");
			i = e ? (size_t)(e - t) + 2 : to;
		} else {
			i++;
		}
	}
}

void kp_report_host_comment(kp_report *r, kp_source *host, uint32_t off, uint32_t end, uint32_t stmt_off,
                            uint32_t stmt_end, bool file_pass)
{
	const char *t = host->text, *e = t + end;
	for (const char *p = t + off; p + 8 <= e; p++) {
		if (*p != 'k' || memcmp(p, "keyplan:", 8))
			continue;
		/* to the end of its line, without a closing comment marker */
		const char *stop = memchr(p, '\n', (size_t)(e - p));
		if (!stop)
			stop = e;
		while (stop > p && (stop[-1] == ' ' || stop[-1] == '\t' || stop[-1] == '\r'))
			stop--;
		if (stop - p >= 10 && !memcmp(stop - 2, "*/", 2))
			stop -= 2;
		uint32_t before = r->sups.n;
		one_comment(r, host, p, stop, stmt_off, NULL, file_pass);
		for (uint32_t i = before; i < r->sups.n; i++) {
			kp_suppression *s = r->sups.items[i];
			if (!s->file_wide)
				s->stmt_end = stmt_end;
		}
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
			one_comment(r, src, q + 2, stop, 0, NULL, true);
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
		one_comment(r, x, q + 2, x->text + n, 0, NULL, true);
	}
	dl->n = 0;
	dl->candidate = false;
	dl->past_space = false;
}

int kp_report_scan_file_directives(kp_report *r, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
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
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		snprintf(err, errlen, "%s: read error", path);
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

static void write_sarif_result(kp_buf *b, const kp_diag *g, bool first);
static void write_github_line(kp_buf *b, const kp_diag *g);

void kp_report_emit(kp_report *r, const kp_diags *d)
{
	for (const kp_diag *g = d->head; g; g = g->next) {
		kp_rule_setting *set = &r->rules[g->rule];
		if (set->set && set->off)
			continue;
		if (suppressed(r, g))
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
			write_sarif_result(&r->buf, &c, r->written == 0);
			break;
		case KP_FMT_GITHUB:
			write_github_line(&r->buf, &c);
			break;
		}
		r->written++;
		r->count[c.severity]++;
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
	kp_buf_printf(b, "\n%ssummary%s (queries per access class, now -> with the advised indexes)\n",
	              color ? "\033[1m" : "", color ? "\033[0m" : "");
	kp_buf_printf(b, "  %-24s %9s %9s %9s %9s\n", "table", "GET", "SCAN", "FILTERED", "REJECTED");
	for (int i = 0; i < n; i++) {
		char cells[4][32];
		for (int k = 0; k < 4; k++)
			snprintf(cells[k], sizeof cells[k], "%d->%d", s[i].before[k], s[i].after[k]);
		kp_buf_printf(b, "  %-24s %9s %9s %9s %9s\n", s[i].table->name, cells[0], cells[1], cells[2], cells[3]);
	}
}

/* --------------------------------------------------------------- JSON */

static void json_advice(kp_buf *b, const kp_advisor *adv)
{
	kp_buf_puts(b, "\"advice\": [");
	for (uint32_t i = 0; adv && i < adv->advice.n; i++) {
		const kp_advice *x = adv->advice.items[i];
		kp_buf_puts(b, i ? ",\n  {" : "\n  {");
		kp_buf_printf(b, "\"rule\": \"%s\", \"kind\": \"%s\", \"table\": ", kp_rule_get(x->rule)->id, x->kind);
		kp_buf_json_str(b, x->table->name, x->table->name_len);
		kp_buf_puts(b, ", \"columns\": [");
		for (uint32_t c = 0; c < x->columns.n; c++) {
			const char *cn = x->columns.items[c];
			if (c)
				kp_buf_puts(b, ", ");
			kp_buf_json_str(b, cn, strlen(cn));
		}
		kp_buf_puts(b, "], \"message\": ");
		kp_buf_json_str(b, x->message, strlen(x->message));
		kp_buf_puts(b, ", \"key\": ");
		if (x->key)
			kp_buf_json_str(b, x->key, strlen(x->key));
		else
			kp_buf_puts(b, "null");
		kp_buf_puts(b, ", \"ddl\": ");
		if (x->ddl)
			kp_buf_json_str(b, x->ddl, strlen(x->ddl));
		else
			kp_buf_puts(b, "null");
		if (x->serves >= 0)
			kp_buf_printf(b, ", \"serves\": %d, \"of\": %d", x->serves, x->of);
		else
			kp_buf_puts(b, ", \"serves\": null, \"of\": null");
		if (x->before >= 0)
			kp_buf_printf(b, ", \"served_before\": %g, \"served_after\": %g, \"weight\": %g, "
			              "\"fanout\": %g, \"worse\": [", x->before, x->after, x->total, x->fanout);
		else if (x->fanout > 0)   /* a bucketed index table: its reads fan out */
			kp_buf_printf(b, ", \"served_before\": null, \"served_after\": null, \"weight\": null, "
			              "\"fanout\": %g, \"worse\": [", x->fanout);
		else
			kp_buf_puts(b, ", \"served_before\": null, \"served_after\": null, \"weight\": null, "
			            "\"fanout\": null, \"worse\": [");
		for (uint32_t w = 0; w < x->worse.n; w++) {
			const char *at = x->worse.items[w];
			if (w)
				kp_buf_puts(b, ", ");
			kp_buf_json_str(b, at, strlen(at));
		}
		kp_buf_puts(b, "]}");
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
				kp_buf_printf(b, "%s\"%s\": %d", j ? ", " : "", k[j], side ? s[i].after[j] : s[i].before[j]);
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
static void fingerprint(kp_buf *b, const kp_diag *g)
{
	size_t len;
	const char *line = kp_source_line_text(g->src, g->off, &len);
	uint64_t h = 1469598103934665603ull;
	const char *parts[3] = {kp_rule_get(g->rule)->id, g->src->path, NULL};
	for (int i = 0; i < 2; i++)
		for (const char *p = parts[i]; *p; p++)
			h = (h ^ (unsigned char)*p) * 1099511628211ull;
	for (size_t i = 0; i < len; i++)
		if (!isspace((unsigned char)line[i]))
			h = (h ^ (unsigned char)line[i]) * 1099511628211ull;
	kp_buf_printf(b, "%016llx", (unsigned long long)h);
}

static void sarif_uri(kp_buf *b, const char *path)
{
	/* relative paths stay relative (resolved against the checkout by
	 * code scanning); characters outside the URI set are escaped */
	kp_buf u = {0};
	if (path[0] == '.' && path[1] == '/')
		path += 2;
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if (isalnum(*p) || strchr("/-._~", *p))
			kp_buf_putc(&u, (char)*p);
		else
			kp_buf_printf(&u, "%%%02X", *p);
	}
	kp_buf_json_str(b, u.data, u.len);
	kp_buf_free(&u);
}

static void write_sarif_header(kp_buf *b)
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
	kp_buf_puts(b, "\n      ]\n    }},\n    \"columnKind\": \"unicodeCodePoints\",\n    \"results\": [");
}

static void write_sarif_result(kp_buf *b, const kp_diag *g, bool first)
{
	{
		const kp_rule_info *ri = kp_rule_get(g->rule);
		uint32_t l1, c1, l2, c2;
		kp_source_linecol(g->src, g->off, &l1, &c1);
		kp_source_linecol(g->src, (size_t)g->off + g->len, &l2, &c2);
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
		kp_buf_puts(b, "}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ");
		sarif_uri(b, g->src->path);
		kp_buf_printf(b, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u, \"endLine\": %u, "
		              "\"endColumn\": %u}}}]", l1, c1, l2, c2);
		if (g->notes) {
			kp_buf_puts(b, ", \"relatedLocations\": [");
			int id = 1;
			for (const kp_note *n = g->notes; n; n = n->next, id++) {
				uint32_t nl, nc;
				kp_source_linecol(n->src, n->off, &nl, &nc);
				kp_buf_printf(b, "%s{\"id\": %d, \"physicalLocation\": {\"artifactLocation\": {\"uri\": ",
				              id > 1 ? ", " : "", id);
				sarif_uri(b, n->src->path);
				kp_buf_printf(b, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u}}, \"message\": {\"text\": ",
				              nl, nc);
				kp_buf_json_str(b, n->message, strlen(n->message));
				kp_buf_puts(b, "}}");
			}
			kp_buf_putc(b, ']');
		}
		kp_buf_puts(b, ", \"partialFingerprints\": {\"primaryLocationLineHash\": \"");
		fingerprint(b, g);
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

static void write_github_line(kp_buf *b, const kp_diag *g)
{
	{
		const kp_rule_info *ri = kp_rule_get(g->rule);
		uint32_t l1, c1, l2, c2;
		kp_source_linecol(g->src, g->off, &l1, &c1);
		kp_source_linecol(g->src, (size_t)g->off + g->len, &l2, &c2);
		kp_buf_printf(b, "::%s file=", g->severity == KP_SEV_ERROR ? "error" :
		              g->severity == KP_SEV_WARNING ? "warning" : "notice");
		gh_escape(b, g->src->path, true);
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
	if (fmt == KP_FMT_JSON)
		kp_buf_puts(&r->buf, "{\"version\": 1, \"diagnostics\": [");
	else if (fmt == KP_FMT_SARIF)
		write_sarif_header(&r->buf);
}

int kp_report_end(kp_report *r, const kp_advisor *adv, const kp_table_summary *sums, int nsums)
{
	kp_buf *b = &r->buf;
	switch (r->fmt) {
	case KP_FMT_TEXT:
		write_advice_text(b, adv, r->color);
		write_summary_text(b, sums, nsums, r->color);
		if (r->written || adv)
			kp_buf_printf(b, "\n%u error(s), %u warning(s), %u note(s)\n", r->count[KP_SEV_ERROR],
			              r->count[KP_SEV_WARNING], r->count[KP_SEV_INFO]);
		break;
	case KP_FMT_JSON:
		kp_buf_puts(b, r->written ? "\n]" : "]");
		if (adv) {
			kp_buf_puts(b, ",\n");
			json_advice(b, adv);
			kp_buf_puts(b, ",\n");
			json_summary(b, sums, nsums);
		}
		kp_buf_puts(b, "}\n");
		break;
	case KP_FMT_SARIF:
		kp_buf_puts(b, r->written ? "\n    ]\n  }]\n}\n" : "]\n  }]\n}\n");
		break;
	case KP_FMT_GITHUB:
		break;
	}
	flush_buf(r, true);
	kp_buf_free(b);
	kp_arena_free(&r->scratch);
	for (uint32_t i = 0; i < r->anchors.n; i++)
		kp_source_free(r->anchors.items[i]);
	r->anchors.n = 0;
	return ferror(r->out) ? -1 : 0;
}
