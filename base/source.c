#include "base/source.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const kp_rule_info rules[KP_R__COUNT] = {
	[KP_R_FULL_SCAN]      = {"KP001", "full-scan", KP_SEV_ERROR, "query scans the whole table: no condition on the leading key column"},
	[KP_R_FILTERED_SCAN]  = {"KP002", "filtered-scan", KP_SEV_INFO, "key range plus predicates the key cannot serve, checked by a server-side filter"},
	[KP_R_REVERSE_SCAN]   = {"KP003", "reverse-scan", KP_SEV_WARNING, "rows are read backwards, which is slower than the stored order"},
	[KP_R_UNBOUNDED_SORT] = {"KP004", "unbounded-sort", KP_SEV_WARNING, "ORDER BY the key cannot serve: every row in range is read and sorted"},
	[KP_R_IMPOSSIBLE]     = {"KP005", "impossible-condition", KP_SEV_WARNING, "the WHERE clause can never be true"},
	[KP_R_KEY_FUNCTION]   = {"KP006", "key-function", KP_SEV_WARNING, "a function or expression of a key column cannot use the key"},
	[KP_R_TYPE_MISMATCH]  = {"KP007", "type-mismatch", KP_SEV_WARNING, "a literal whose type does not fit the key column cannot use the key"},
	[KP_R_UNKNOWN_TABLE]  = {"KP008", "unknown-table", KP_SEV_ERROR, "the statement names a table the schema does not declare"},
	[KP_R_UNKNOWN_COLUMN] = {"KP009", "unknown-column", KP_SEV_ERROR, "the statement names a column the table does not have"},
	[KP_R_CHAINED_CMP]    = {"KP010", "chained-comparison", KP_SEV_WARNING, "chained comparison a < x < b is not portable SQL"},
	[KP_R_SYNTAX]         = {"KP011", "syntax-error", KP_SEV_ERROR, "the statement does not parse"},
	[KP_R_UNSUPPORTED]    = {"KP012", "unsupported", KP_SEV_ERROR, "joins, subqueries, CTEs and set operations are not supported"},
	[KP_R_DUPLICATE]      = {"KP013", "duplicate-name", KP_SEV_ERROR, "a table, column or index is declared twice"},
	[KP_R_BAD_KEY]        = {"KP014", "bad-key", KP_SEV_ERROR, "the primary key or an index names a missing column"},
	[KP_R_NO_PRIMARY_KEY] = {"KP015", "no-primary-key", KP_SEV_ERROR, "wide-column stores require a primary key"},
	[KP_R_LEXICAL]        = {"KP016", "lexical-error", KP_SEV_ERROR, "malformed token: unterminated string or comment, stray byte, NUL or invalid UTF-8"},
	[KP_R_HASH_PREFIX]    = {"KP017", "hash-prefix-unbound", KP_SEV_WARNING, "a hash-prefixed key is usable only when every hashed column is bound by = or IN"},
	[KP_R_LIMIT]          = {"KP018", "limit-work", KP_SEV_INFO, "whether LIMIT bounds the rows the store reads"},
	[KP_R_UNKNOWN_INDEX]  = {"KP019", "unknown-index", KP_SEV_ERROR, "a hint names an index the table does not have"},
	[KP_R_HINT]           = {"KP020", "unknown-hint", KP_SEV_WARNING, "a hint keyplan does not know"},
	[KP_R_LIMITS]         = {"KP021", "input-limit", KP_SEV_ERROR, "the input exceeds one of keyplan's documented limits"},
	[KP_R_UNKNOWN_DIRECTIVE] = {"KP022", "bad-directive", KP_SEV_WARNING, "a keyplan comment directive (weight, ignore) is malformed or names an unknown rule"},
	[KP_R_INTERPOLATED]   = {"KP035", "interpolated-sql", KP_SEV_WARNING, "application code pastes values or text into the SQL: an injection risk, and the statement cannot be checked fully"},
	[KP_R_VARIANTS]       = {"KP036", "sampled-variants", KP_SEV_INFO, "a dynamic MyBatis statement has more variants than keyplan plans: a documented sample of them is planned"},
	[KP_R_HOT_MONOTONIC]  = {"KP101", "hotspot-monotonic", KP_SEV_WARNING, "the leading key column grows monotonically (auto-increment, time, sequence): every write lands in one region"},
	[KP_R_HOT_ENUM]       = {"KP102", "hotspot-enum", KP_SEV_WARNING, "the leading key column has few distinct values (enum, status, boolean): writes pile onto a few regions"},
	[KP_R_HOT_PREFIX]     = {"KP103", "hotspot-prefix", KP_SEV_WARNING, "the leading key column's values share a prefix (phone numbers, URLs): writes cluster"},
	[KP_R_MANY_KEY_COLUMNS] = {"KP104", "many-key-columns", KP_SEV_WARNING, "more than 3 key columns slow writes and cost storage"},
	[KP_R_LONG_KEY]       = {"KP105", "long-key", KP_SEV_WARNING, "key columns without a length bound, of 2 KB or more, or a fixed-width key far over 16 bytes"},
	[KP_R_NUMERIC_STRING] = {"KP106", "numeric-string-key", KP_SEV_INFO, "a string key column holds numbers, codes or dates: a number is shorter and fixed-width"},
	[KP_R_NON_UNIQUE]     = {"KP107", "non-unique-key", KP_SEV_WARNING, "the key does not identify one row: later writes become versions of earlier rows"},
	[KP_R_MANY_FAMILIES]  = {"KP108", "many-column-families", KP_SEV_WARNING, "more than 2 column families: each read touches more files"},
	[KP_R_TARGET]         = {"KP110", "target-limit", KP_SEV_ERROR, "the schema or query breaks a hard limit of the target store"},
	[KP_R_UNSERVED]       = {"KP120", "unserved-query", KP_SEV_WARNING, "the key cannot serve this query as a GET or SCAN: an index table or secondary index can"},
	[KP_R_BETTER_KEY]     = {"KP121", "better-key", KP_SEV_INFO, "another order of the key columns serves more of the workload"},
	[KP_R_DESC_KEY]       = {"KP122", "desc-key", KP_SEV_INFO, "most reads want the newest rows first: declare the key column DESC"},
	[KP_R_MIGRATION_BREAKS] = {"KP130", "migration-breaks-query", KP_SEV_ERROR, "the schema change breaks a workload query: it no longer plans, or the store rejects it"},
	[KP_R_MIGRATION_SLOWER] = {"KP131", "migration-slower-query", KP_SEV_WARNING, "the schema change makes a workload query's access worse (GET to SCAN, SCAN to FILTERED SCAN, ...)"},
	[KP_R_MIGRATION_ORDER]  = {"KP132", "migration-order-change", KP_SEV_WARNING, "the schema change makes the store sort, or read backwards, for a workload query's ORDER BY"},
	[KP_R_MIGRATION_FASTER] = {"KP133", "migration-faster-query", KP_SEV_INFO, "the schema change serves a workload query better, or makes a broken one plan"},
	[KP_R_MIGRATION_PATH]   = {"KP134", "migration-path-change", KP_SEV_INFO, "the schema change serves a workload query as well as before, through another path"},
};

const kp_rule_info *kp_rule_get(kp_rule r)
{
	return &rules[r];
}

const char *kp_severity_name(kp_severity s)
{
	static const char *names[] = {"info", "warning", "error"};
	return names[s];
}

int kp_source_read(kp_source *out, const char *path, char *errbuf, size_t errlen)
{
	memset(out, 0, sizeof(*out));
	int is_stdin = strcmp(path, "-") == 0;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	if (!f) {
		snprintf(errbuf, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	size_t cap = 65536, len = 0;
	char *buf = malloc(cap);
	if (!buf)
		abort();
	for (;;) {
		if (len + 1 >= cap) {
			if (cap >= ((size_t)1 << 32)) {
				snprintf(errbuf, errlen, "%s: file larger than 4 GiB", path);
				free(buf);
				if (!is_stdin)
					fclose(f);
				return -1;
			}
			cap *= 2;
			char *nb = realloc(buf, cap);
			if (!nb)
				abort();
			buf = nb;
		}
		size_t n = fread(buf + len, 1, cap - len - 1, f);
		len += n;
		if (n == 0)
			break;
	}
	int err = ferror(f);
	if (!is_stdin)
		fclose(f);
	if (err) {
		snprintf(errbuf, errlen, "%s: read error", path);
		free(buf);
		return -1;
	}
	buf[len] = 0;
	out->path = strdup(is_stdin ? "<stdin>" : path);
	out->text = buf;
	out->len = len;
	return 0;
}

void kp_source_from_string(kp_source *out, const char *path, const char *text, size_t len)
{
	memset(out, 0, sizeof(*out));
	out->path = strdup(path);
	out->text = malloc(len + 1);
	if (!out->text || !out->path)
		abort();
	memcpy(out->text, text, len);
	out->text[len] = 0;
	out->len = len;
}

const kp_buf *kp_source_path_json(kp_source *s)
{
	if (!s->path_json.len)
		kp_buf_json_str(&s->path_json, s->path, strlen(s->path));
	return &s->path_json;
}

void kp_source_free(kp_source *s)
{
	kp_buf_free(&s->path_json);
	free(s->path);
	free(s->text);
	free(s->lines);
	free(s->map);
	memset(s, 0, sizeof(*s));
}

static void build_lines(kp_source *s)
{
	size_t cap = 64, n = 0;
	uint32_t *lines = malloc(cap * sizeof(*lines));
	if (!lines)
		abort();
	lines[n++] = 0;
	const char *p = s->text, *end = s->text + s->len;
	while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		p++;
		if (n == cap) {
			cap *= 2;
			uint32_t *nl = realloc(lines, cap * sizeof(*lines));
			if (!nl)
				abort();
			lines = nl;
		}
		lines[n++] = (uint32_t)(p - s->text);
	}
	s->lines = lines;
	s->nlines = n;
}

static size_t line_index(kp_source *s, size_t off)
{
	if (!s->lines)
		build_lines(s);
	/* offsets mostly come in order: try the last line asked about, and the next */
	for (size_t li = s->memo_line; li < s->memo_line + 2 && li < s->nlines; li++)
		if (s->lines[li] <= off && (li + 1 == s->nlines || off < s->lines[li + 1]))
			return li;
	size_t lo = 0, hi = s->nlines;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

size_t kp_source_origin(const kp_source *s, size_t off, kp_source **where)
{
	if (off > s->len)
		off = s->len;
	if (!s->host) {
		*where = (kp_source *)s;
		return off;
	}
	*where = s->host;
	return s->map[off];
}

/* Does the input start with a UTF-8 byte-order mark (text[len] is NUL)? */
static bool has_bom(const kp_source *s)
{
	const unsigned char *t = (const unsigned char *)s->text;
	return t[0] == 0xef && t[1] == 0xbb && t[2] == 0xbf;
}

void kp_source_linecol_end(kp_source *s, size_t off, size_t len, uint32_t *line, uint32_t *col)
{
	if (!s->host || len == 0 || off + len > s->len) {
		kp_source_linecol(s, off + len, line, col);
		return;
	}
	size_t start = s->map[off], end = (size_t)s->map[off + len - 1] + 1;
	kp_source_linecol(s->host, end > start ? end : start, line, col);
}

void kp_source_linecol(kp_source *s, size_t off, uint32_t *line, uint32_t *col)
{
	if (s->host) {
		kp_source_linecol(s->host, s->map[off > s->len ? s->len : off], line, col);
		return;
	}
	if (off > s->len)
		off = s->len;
	size_t li = line_index(s, off);
	/* code points = bytes - continuation bytes; counted 8 bytes at a time
	 * since every statement and message asks for a column */
	size_t i = s->lines[li];
	uint32_t c = 1 + (uint32_t)(off - i);
	if (s->memo_col && s->memo_line == li && s->memo_off <= off && s->memo_off > i) {
		c = s->memo_col + (uint32_t)(off - s->memo_off);
		i = s->memo_off;
	}
	const unsigned char *t = (const unsigned char *)s->text;
	for (; i + 8 <= off; i += 8) {
		uint64_t w;
		memcpy(&w, t + i, 8);
		uint64_t cont = ((w & ~(w << 1)) & 0x8080808080808080ull) >> 7;   /* bytes 10xxxxxx */
		c -= (uint32_t)((cont * 0x0101010101010101ull) >> 56);           /* their count */
	}
	for (; i < off; i++)
		if ((t[i] & 0xc0) == 0x80)
			c--;
	s->memo_off = off;
	s->memo_col = c;
	s->memo_line = li;
	if (off > s->lines[li] && t[off - 1] == '\r' && off < s->len && t[off] == '\n')
		c--;   /* the CR of a CRLF is not a column */
	if (li == 0 && s->base_line == 0 && off >= 3 && has_bom(s))
		c--;   /* nor is a byte-order mark (the lexer skips it) */
	*line = s->base_line + (uint32_t)li + 1;
	*col = c + (li == 0 ? s->base_col : 0);
}

const char *kp_source_line_text(kp_source *s, size_t off, size_t *len)
{
	if (s->host)
		return kp_source_line_text(s->host, s->map[off > s->len ? s->len : off], len);
	if (off > s->len)
		off = s->len;
	size_t li = line_index(s, off);
	size_t start = s->lines[li];
	size_t end = li + 1 < s->nlines ? s->lines[li + 1] - 1 : s->len;
	if (end > start && s->text[end - 1] == '\r')
		end--;
	if (li == 0 && s->base_line == 0 && end >= 3 && has_bom(s))
		start = 3;   /* shown without the byte-order mark */
	*len = end - start;
	return s->text + start;
}

kp_diag *kp_diag_add(kp_diags *d, kp_arena *a, kp_rule rule, kp_severity sev,
                     kp_source *src, uint32_t off, uint32_t len, const char *fmt, ...)
{
	kp_diag *g = kp_arena_alloc(a, sizeof(*g));
	const char *msg = fmt;   /* a format with no conversions is its own message */
	if (strchr(fmt, '%')) {
		va_list ap;
		va_start(ap, fmt);
		msg = kp_arena_vprintf(a, fmt, ap);
		va_end(ap);
	}
	g->rule = rule;
	g->severity = sev;
	g->src = src;
	g->off = off;
	g->len = len;
	g->message = msg;
	if (d->tail)
		d->tail->next = g;
	else
		d->head = g;
	d->tail = g;
	d->count[sev]++;
	return g;
}

static void excerpt(kp_buf *out, const kp_diag *d, const char *text, size_t len, uint32_t line,
                    uint32_t col, int color);

void kp_diag_note(kp_diag *g, kp_arena *a, kp_source *src, uint32_t off, const char *fmt, ...)
{
	kp_note *n = kp_arena_alloc(a, sizeof(*n));
	va_list ap;
	va_start(ap, fmt);
	n->message = kp_arena_vprintf(a, fmt, ap);
	va_end(ap);
	n->src = src;
	n->off = off;
	kp_note **p = &g->notes;
	while (*p)
		p = &(*p)->next;
	*p = n;
}

void kp_diag_help(kp_diag *g, kp_arena *a, const char *fmt, ...)
{
	kp_help *h = kp_arena_alloc(a, sizeof(*h));
	va_list ap;
	va_start(ap, fmt);
	h->message = kp_arena_vprintf(a, fmt, ap);
	va_end(ap);
	kp_help **p = &g->helps;
	while (*p)
		p = &(*p)->next;
	*p = h;
}

void kp_diag_format(kp_buf *out, const kp_diag *d, int color)
{
	static const char *sevcol[] = {"\033[1;36m", "\033[1;35m", "\033[1;31m"};
	const kp_rule_info *r = kp_rule_get(d->rule);
	uint32_t line, col;
	kp_source_linecol(d->src, d->off, &line, &col);
	if (color)
		kp_buf_printf(out, "\033[1m%s:%u:%u:\033[0m %s%s:\033[0m \033[1m%s\033[0m [%s %s]\n",
		              d->src->path, line, col, sevcol[d->severity], kp_severity_name(d->severity),
		              d->message, r->id, r->slug);
	else
		kp_buf_printf(out, "%s:%u:%u: %s: %s [%s %s]\n", d->src->path, line, col,
		              kp_severity_name(d->severity), d->message, r->id, r->slug);
	size_t len;
	const char *text = kp_source_line_text(d->src, d->off, &len);
	if (len <= 400)   /* a huge line: show no excerpt rather than flood the terminal */
		excerpt(out, d, text, len, line, col, color);
	for (const kp_note *n = d->notes; n; n = n->next) {
		uint32_t nl, nc;
		kp_source_linecol(n->src, n->off, &nl, &nc);
		kp_buf_printf(out, "%s%s:%u:%u: note:%s %s\n", color ? "\033[1m" : "", n->src->path, nl, nc,
		              color ? "\033[0m" : "", n->message);
	}
	for (const kp_help *h = d->helps; h; h = h->next)
		kp_buf_printf(out, "%shelp:%s %s\n", color ? "\033[1;32m" : "", color ? "\033[0m" : "", h->message);
}

static void excerpt(kp_buf *out, const kp_diag *d, const char *text, size_t len, uint32_t line,
                    uint32_t col, int color)
{
	/* the line number right-aligned in 6 columns, the line with tabs shown
	 * as one space each; copied in runs, not byte by byte (lint prints an
	 * excerpt for every finding) */
	char num[16];
	int w = 0;
	for (uint32_t v = line; w == 0 || v; v /= 10)
		num[15 - w++] = (char)('0' + v % 10);
	for (int i = w; i < 6; i++)
		kp_buf_putc(out, ' ');
	kp_buf_put(out, num + 16 - w, (size_t)w);
	kp_buf_put(out, " | ", 3);
	for (size_t i = 0; i < len;) {
		const char *tab = memchr(text + i, '\t', len - i);
		size_t run = tab ? (size_t)(tab - text) - i : len - i;
		kp_buf_put(out, text + i, run);
		i += run;
		if (tab) {
			kp_buf_putc(out, ' ');
			i++;
		}
	}
	kp_buf_puts(out, "\n       | ");
	uint32_t width = 0;
	kp_source *at;
	size_t hoff = kp_source_origin(d->src, d->off, &at);
	size_t hend = d->len ? kp_source_origin(d->src, (size_t)d->off + d->len - 1, &at) + 1 : hoff;
	if (hend < hoff)
		hend = hoff;   /* a span whose end lies in an earlier piece of the host */
	size_t start = (size_t)(at->text + hoff - text);
	size_t end = start + (hend - hoff);
	if (end > len)
		end = len;
	for (size_t i = end; i > start; i--)
		if (((unsigned char)text[i - 1] & 0xc0) != 0x80)
			width++;
	(void)col;
	for (size_t i = 0; i < start && i < len; i++)
		if (((unsigned char)text[i] & 0xc0) != 0x80 && !(text[i] == '\r'))
			kp_buf_putc(out, ' ');
	if (color)
		kp_buf_puts(out, "\033[1;32m");
	kp_buf_putc(out, '^');
	for (uint32_t i = 1; i < width; i++)
		kp_buf_putc(out, '~');
	if (color)
		kp_buf_puts(out, "\033[0m");
	kp_buf_putc(out, '\n');
}

/* ------------------------------------------------------------ streaming */

int kp_stream_open(kp_stream *st, const char *path, size_t chunk, char *errbuf, size_t errlen)
{
	memset(st, 0, sizeof(*st));
	bool is_stdin = strcmp(path, "-") == 0;
	st->f = is_stdin ? stdin : fopen(path, "rb");
	if (!st->f) {
		snprintf(errbuf, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	st->cap = chunk ? chunk : (size_t)1 << 20;
	st->buf = malloc(st->cap + 1);
	st->src.path = strdup(is_stdin ? "<stdin>" : path);
	if (!st->buf || !st->src.path)
		abort();
	st->src.text = st->buf;
	return 0;
}

/* Column advance over [p, p + n) and whether it holds a line break. */
static void advance_base(kp_source *s, const char *p, size_t n)
{
	const char *nl = NULL;
	for (const char *q = p + n; q > p; q--)
		if (q[-1] == '\n') {
			nl = q - 1;
			break;
		}
	if (nl) {
		for (const char *q = p; (q = memchr(q, '\n', (size_t)(nl + 1 - q))) != NULL; q++)
			s->base_line++;
		s->base_col = 0;
		n -= (size_t)(nl + 1 - p);
		p = nl + 1;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)p[i];
		if ((ch & 0xc0) != 0x80 && !(ch == '\r' && i + 1 < n && p[i + 1] == '\n'))
			s->base_col++;
	}
}

int kp_stream_next(kp_stream *st, size_t *consumed)
{
	kp_source *s = &st->src;
	size_t drop = *consumed;
	if (drop > s->len)
		drop = s->len;
	if (st->last && drop == s->len)
		return 0;
	advance_base(s, st->buf, drop);
	memmove(st->buf, st->buf + drop, st->have - drop);
	st->have -= drop;
	*consumed = 0;
	free(s->lines);
	s->lines = NULL;
	s->nlines = 0;
	s->memo_col = 0;
	if (st->last)
		return 0;   /* the caller stopped short at the end: nothing more to give */
	/* no progress in a full buffer: one statement is longer than it */
	if (drop == 0 && st->have == st->cap) {
		st->cap *= 2;
		char *nb = realloc(st->buf, st->cap + 1);
		if (!nb)
			abort();
		st->buf = nb;
	}
	while (!st->eof && st->have < st->cap) {
		size_t want = st->cap - st->have;
		size_t got = fread(st->buf + st->have, 1, want, st->f);
		st->have += got;
		if (got < want) {
			if (ferror(st->f))
				return -1;
			st->eof = true;
		}
	}
	if (st->eof && st->have == 0)
		return 0;
	s->text = st->buf;
	s->len = st->have;
	st->buf[st->have] = 0;   /* the lexer's sentinel */
	st->last = st->eof;
	return 1;
}

void kp_stream_close(kp_stream *st)
{
	if (st->f && st->f != stdin)
		fclose(st->f);
	free(st->buf);
	free(st->src.path);
	free(st->src.lines);
	kp_buf_free(&st->src.path_json);
	memset(st, 0, sizeof(*st));
}
