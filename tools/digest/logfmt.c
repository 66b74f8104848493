/* The log formats (logfmt.h): detection and one record at a time. */
#include "tools/digest/logfmt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/digest/json.h"

static const char *const fmt_names[] = {
	[KP_LOG_AUTO] = "auto",
	[KP_LOG_LINES] = "lines",
	[KP_LOG_MYSQL_SLOW] = "mysql-slow",
	[KP_LOG_PHOENIX_CSV] = "phoenix-csv",
	[KP_LOG_LINDORM_JSON] = "lindorm-json",
	[KP_LOG_DIGEST] = "digest",
};

const char *kp_logfmt_name(kp_logfmt f)
{
	return f <= KP_LOG_DIGEST ? fmt_names[f] : "?";
}

int kp_logfmt_parse(kp_logfmt *out, const char *name)
{
	for (int f = KP_LOG_AUTO; f <= KP_LOG_DIGEST; f++)
		if (!strcmp(name, fmt_names[f])) {
			*out = (kp_logfmt)f;
			return 0;
		}
	return -1;
}

static const char *const skip_names[] = {
	[KP_SKIP_UNKNOWN] = "unknown",
	[KP_SKIP_DAMAGED] = "damaged",
	[KP_SKIP_TOO_LONG] = "too-long",
	[KP_SKIP_BINARY] = "binary",
	[KP_SKIP_ENCODING] = "encoding",
	[KP_SKIP_NOT_SQL] = "not-sql",
	[KP_SKIP_NO_STATEMENT] = "no-statement",
};

const char *kp_skip_name(kp_skip s)
{
	return s < KP_SKIP__COUNT ? skip_names[s] : "?";
}

/* The first n2 bytes of needle in hay[0, n), or NULL (memmem is not POSIX). */
static const char *find(const char *hay, size_t n, const char *needle, size_t n2)
{
	if (n2 == 0)
		return hay;
	while (n >= n2) {
		const char *p = memchr(hay, needle[0], n - n2 + 1);
		if (!p)
			return NULL;
		if (!memcmp(p, needle, n2))
			return p;
		n -= (size_t)(p - hay) + 1;
		hay = p + 1;
	}
	return NULL;
}

/* ---- time and number fields ---- */

static int64_t days_from_civil(int64_t y, unsigned m, unsigned d)
{
	y -= m <= 2;
	int64_t era = (y >= 0 ? y : y - 399) / 400;
	unsigned yoe = (unsigned)(y - era * 400);
	unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (int64_t)doe - 719468;
}

/* n digits at s[*i] (spaces before them allowed when pad) */
static bool digits(const char *s, size_t n, size_t *i, int count, bool pad, int *out)
{
	int v = 0, got = 0;
	while (pad && *i < n && s[*i] == ' ' && got < count) {
		(*i)++;
		count--;
	}
	while (got < count && *i < n && s[*i] >= '0' && s[*i] <= '9') {
		v = v * 10 + (s[*i] - '0');
		(*i)++;
		got++;
	}
	*out = v;
	return got == count && got > 0;
}

bool kp_log_seconds(const char *s, size_t n, uint64_t *us)
{
	size_t i = 0;
	uint64_t whole = 0, frac = 0;
	int fd = 0;
	if (i == n)
		return false;
	while (i < n && s[i] >= '0' && s[i] <= '9') {
		if (whole > UINT64_MAX / 10000000)
			return false;
		whole = whole * 10 + (uint64_t)(s[i++] - '0');
	}
	if (i < n && s[i] == '.') {
		i++;
		while (i < n && s[i] >= '0' && s[i] <= '9') {
			if (fd < 6) {
				frac = frac * 10 + (uint64_t)(s[i] - '0');
				fd++;
			}
			i++;
		}
	}
	if (i != n || (i == 1 && s[0] == '.'))
		return false;
	while (fd < 6) {
		frac *= 10;
		fd++;
	}
	*us = whole * 1000000 + frac;
	return true;
}

bool kp_log_time(const char *s, size_t n, int64_t *us)
{
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	while (n && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	if (!n)
		return false;
	size_t i = 0;
	while (i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'))
		i++;
	if (i == n) {   /* seconds or milliseconds since 1970 */
		uint64_t v;
		if (!kp_log_seconds(s, n, &v))
			return false;
		/* past 10^11 s (year 5138) it must be milliseconds */
		if (v >= (uint64_t)100000000000 * 1000000)
			v /= 1000;
		*us = (int64_t)v;
		return true;
	}
	int y, mo, d, h, mi, sec;
	i = 0;
	if (n >= 10 && s[4] == '-') {
		if (!digits(s, n, &i, 4, false, &y) || s[i++] != '-' || !digits(s, n, &i, 2, false, &mo) ||
		    i >= n || s[i++] != '-' || !digits(s, n, &i, 2, false, &d))
			return false;
		if (i < n && (s[i] == 'T' || s[i] == ' '))
			i++;
		else
			return false;
	} else {        /* MySQL 5.6 and before: 240102  3:04:05 */
		int ymd;
		if (!digits(s, n, &i, 6, false, &ymd) || i >= n || s[i] != ' ')
			return false;
		y = 2000 + ymd / 10000;
		mo = ymd / 100 % 100;
		d = ymd % 100;
		i++;
	}
	if (!digits(s, n, &i, 2, true, &h) || i >= n || s[i++] != ':' || !digits(s, n, &i, 2, false, &mi) ||
	    i >= n || s[i++] != ':' || !digits(s, n, &i, 2, false, &sec))
		return false;
	if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60)
		return false;
	int64_t frac = 0;
	if (i < n && s[i] == '.') {
		i++;
		int fd = 0;
		while (i < n && s[i] >= '0' && s[i] <= '9') {
			if (fd < 6) {
				frac = frac * 10 + (s[i] - '0');
				fd++;
			}
			i++;
		}
		while (fd++ < 6)
			frac *= 10;
	}
	int64_t off = 0;
	if (i < n && s[i] == 'Z') {
		i++;
	} else if (i < n && (s[i] == '+' || s[i] == '-')) {
		int sign = s[i++] == '-' ? -1 : 1, oh, om = 0;
		if (!digits(s, n, &i, 2, false, &oh))
			return false;
		if (i < n && s[i] == ':')
			i++;
		if (i < n && !digits(s, n, &i, 2, false, &om))
			return false;
		off = sign * (oh * 3600 + om * 60);
	}
	if (i != n)
		return false;
	int64_t t = days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 + h * 3600 + mi * 60 + sec - off;
	*us = t * 1000000 + frac;
	return true;
}

/* ---- line checks ---- */

/* 0 when s is text: UTF-8 without control characters other than tab.
 * Otherwise the skip, with the first offending byte's offset. */
static int check_text(const char *s, size_t n, size_t *bad)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0;
	while (i < n) {
		if (i + 8 <= n) {
			uint64_t w;
			memcpy(&w, p + i, 8);
			/* no byte >= 0x80 and none < 0x20 */
			if (!(w & 0x8080808080808080ull) &&
			    !((w - 0x2020202020202020ull) & ~w & 0x8080808080808080ull)) {
				i += 8;
				continue;
			}
		}
		unsigned c = p[i];
		if (c < 0x20 && c != '\t') {
			*bad = i;
			return KP_SKIP_BINARY;
		}
		if (c == 0x7F) {
			*bad = i;
			return KP_SKIP_BINARY;
		}
		if (c < 0x80) {
			i++;
			continue;
		}
		size_t len;
		unsigned cp;
		if (c >= 0xC2 && c <= 0xDF) {
			len = 2;
			cp = c & 0x1F;
		} else if (c >= 0xE0 && c <= 0xEF) {
			len = 3;
			cp = c & 0x0F;
		} else if (c >= 0xF0 && c <= 0xF4) {
			len = 4;
			cp = c & 0x07;
		} else {
			*bad = i;
			return KP_SKIP_ENCODING;
		}
		if (i + len > n) {
			*bad = i;
			return KP_SKIP_ENCODING;
		}
		for (size_t k = 1; k < len; k++) {
			if ((p[i + k] & 0xC0) != 0x80) {
				*bad = i;
				return KP_SKIP_ENCODING;
			}
			cp = (cp << 6) | (p[i + k] & 0x3F);
		}
		if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp < 0xE000))) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))) {
			*bad = i;
			return KP_SKIP_ENCODING;
		}
		i += len;
	}
	return 0;
}

static bool blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t')
			return false;
	return true;
}

static bool starts(const char *s, size_t n, const char *prefix)
{
	size_t k = strlen(prefix);
	return n >= k && !memcmp(s, prefix, k);
}

/* ---- detection ---- */

static bool csv_header(const char *s, size_t n)
{
	/* a header row naming Phoenix's query log columns */
	return n < 4096 && find(s, n, "QUERY", 5) && (find(s, n, "START_TIME", 10) ||
	       find(s, n, "BIND_PARAMETERS", 15) || find(s, n, "QUERY_ID", 8)) &&
	       memchr(s, ',', n);
}

kp_logfmt kp_logfmt_detect(kp_logread *r)
{
	const char *line;
	size_t len;
	int rc;
	kp_logfmt f = KP_LOG_LINES;
	while ((rc = kp_logread_line(r, &line, &len)) == 1 && blank(line, len))
		;
	if (rc == 0)
		return f;
	if (rc == 1) {
		size_t i = 0;
		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		if (starts(line + i, len - i, "{\"format\": \"keyplan-digest\"") ||
		    starts(line + i, len - i, "{\"format\":\"keyplan-digest\""))
			f = KP_LOG_DIGEST;
		else if (line[i] == '{')
			f = KP_LOG_LINDORM_JSON;
		else if (starts(line, len, "# Time:") || starts(line, len, "# User@Host:") ||
		         starts(line, len, "# Query_time:") || find(line, len, ", Version: ", 11) ||
		         starts(line, len, "Tcp port:"))
			f = KP_LOG_MYSQL_SLOW;
		else if (csv_header(line, len))
			f = KP_LOG_PHOENIX_CSV;
	}
	kp_logread_unread(r);
	return f;
}

/* ---- the readers ---- */

void kp_logfmt_begin(kp_logfmt_reader *fr, kp_logread *r, kp_logfmt fmt)
{
	memset(fr, 0, sizeof *fr);
	fr->r = r;
	fr->fmt = fmt;
	kp_arena_init(&fr->a);
	fr->col_query = fr->col_params = fr->col_start = fr->col_time = fr->col_rows = fr->col_status = -1;
}

void kp_logfmt_end(kp_logfmt_reader *fr)
{
	kp_arena_free(&fr->a);
	kp_buf_free(&fr->sql);
}

static int skip(kp_logfmt_reader *fr, kp_logskipped *sk, kp_skip why, uint64_t line, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int skip(kp_logfmt_reader *fr, kp_logskipped *sk, kp_skip why, uint64_t line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	sk->why = why;
	sk->line = line;
	sk->detail = kp_arena_vprintf(&fr->a, fmt, ap);
	va_end(ap);
	return 2;
}

/* A line that is not text: the skip for it (2), or 0 when it is text. */
static int bad_line(kp_logfmt_reader *fr, kp_logskipped *sk, int rc, const char *line, size_t len)
{
	if (rc == 2)
		return skip(fr, sk, KP_SKIP_TOO_LONG, fr->r->lineno, "a line of %zu bytes (at most %zu are read)",
		            len, (size_t)KP_LOG_MAX_LINE);
	size_t at;
	int why = check_text(line, len, &at);
	if (why == KP_SKIP_BINARY)
		return skip(fr, sk, KP_SKIP_BINARY, fr->r->lineno, "control byte 0x%02x at byte %zu of the line",
		            (unsigned char)line[at], at + 1);
	if (why == KP_SKIP_ENCODING)
		return skip(fr, sk, KP_SKIP_ENCODING, fr->r->lineno, "byte 0x%02x at byte %zu is not UTF-8",
		            (unsigned char)line[at], at + 1);
	return 0;
}

static void rec_init(kp_logrec *rec, const char *sql, size_t len, uint64_t line)
{
	memset(rec, 0, sizeof *rec);
	rec->sql = sql;
	rec->len = len;
	rec->line = line;
}

static int next_lines(kp_logfmt_reader *fr, kp_logrec *rec, kp_logskipped *sk)
{
	const char *line;
	size_t len;
	int rc;
	while ((rc = kp_logread_line(fr->r, &line, &len))) {
		if (bad_line(fr, sk, rc, line, len))
			return 2;
		if (blank(line, len))
			continue;
		rec_init(rec, line, len, fr->r->lineno);
		return 1;
	}
	return 0;
}

/* ---- mysql-slow ---- */

/* The value after "name: " in a # Query_time line, as text. */
static bool slow_field(const char *line, size_t len, const char *name, const char **v, size_t *vn)
{
	size_t k = strlen(name);
	const char *p = line, *end = line + len;
	while ((p = find(p, (size_t)(end - p), name, k))) {
		if ((p == line || p[-1] == ' ') && p + k < end && p[k] == ':') {
			p += k + 1;
			while (p < end && *p == ' ')
				p++;
			const char *e = p;
			while (e < end && *e != ' ')
				e++;
			*v = p;
			*vn = (size_t)(e - p);
			return e > p;
		}
		p += k;
	}
	return false;
}

static bool slow_preamble(const char *line, size_t len)
{
	return find(line, len, ", Version: ", 11) || starts(line, len, "Tcp port:") ||
	       starts(line, len, "Time                 Id Command");
}

static bool slow_header(const char *line, size_t len)
{
	return len >= 2 && line[0] == '#' && (line[1] == ' ' || line[1] == '\t');
}

static bool ieq_prefix(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);
	if (n < k)
		return false;
	for (size_t i = 0; i < k; i++) {
		char c = s[i];
		if (c >= 'a' && c <= 'z')
			c = (char)(c - 32);
		if (c != w[i])
			return false;
	}
	return true;
}

static int next_mysql(kp_logfmt_reader *fr, kp_logrec *rec, kp_logskipped *sk)
{
	const char *line;
	size_t len;
	int rc;
	bool headers = false;
	uint64_t start = 0, sql_start = 0;
	kp_logrec r0;
	rec_init(&r0, NULL, 0, 0);
	kp_buf_clear(&fr->sql);
	while ((rc = kp_logread_line(fr->r, &line, &len))) {
		if (rc == 1 && slow_header(line, len) && fr->sql.len == 0) {
			/* header lines of the event being read */
			const char *v;
			size_t vn;
			if (!headers)
				start = fr->r->lineno;
			headers = true;
			if (starts(line, len, "# Time:")) {
				int64_t t;
				if (kp_log_time(line + 7, len - 7, &t)) {
					r0.has_ts = true;
					r0.ts_us = t;
				}
			} else if (slow_field(line, len, "Query_time", &v, &vn)) {
				r0.has_time = kp_log_seconds(v, vn, &r0.time_us);
				if (slow_field(line, len, "Rows_examined", &v, &vn))
					r0.has_rows_scanned = kp_log_seconds(v, vn, &r0.rows_scanned) &&
					                      (r0.rows_scanned /= 1000000, true);
				if (slow_field(line, len, "Rows_sent", &v, &vn))
					r0.has_rows_sent = kp_log_seconds(v, vn, &r0.rows_sent) &&
					                   (r0.rows_sent /= 1000000, true);
			} else if (starts(line, len, "# administrator command:")) {
				return skip(fr, sk, KP_SKIP_NOT_SQL, fr->r->lineno, "%s", "an administrator command, not SQL");
			}
			continue;
		}
		if (rc == 1 && (slow_header(line, len) || slow_preamble(line, len))) {
			if (fr->sql.len) {
				kp_logread_unread(fr->r);
				break;
			}
			continue;   /* the server's banner, at a start or restart */
		}
		if (bad_line(fr, sk, rc, line, len)) {
			/* the rest of the event is dropped with it: its statement
			 * cannot be read whole */
			kp_buf_clear(&fr->sql);
			headers = false;
			return 2;
		}
		if (fr->sql.len == 0) {
			if (blank(line, len))
				continue;
			/* the log's own statements before the query */
			if (ieq_prefix(line, len, "SET TIMESTAMP=") && line[len - 1] == ';') {
				int64_t t;
				const char *eq = memchr(line, '=', len);
				if (kp_log_time(eq + 1, (size_t)(line + len - 1 - eq - 1), &t)) {
					r0.has_ts = true;
					r0.ts_us = t;
				}
				if (!headers) {
					headers = true;
					start = fr->r->lineno;
				}
				continue;
			}
			if (ieq_prefix(line, len, "USE ") && line[len - 1] == ';' && !memchr(line + 4, ' ', len - 5))
				continue;       /* the database the session used */
			if (!headers)
				start = fr->r->lineno;
			sql_start = fr->r->lineno;
		} else {
			kp_buf_putc(&fr->sql, '\n');
		}
		if (fr->sql.len + len > KP_LOG_MAX_LINE) {
			kp_buf_clear(&fr->sql);
			return skip(fr, sk, KP_SKIP_TOO_LONG, start, "%s", "a statement over the longest kept");
		}
		kp_buf_put(&fr->sql, line, len);
	}
	if (fr->sql.len == 0) {
		if (headers)
			return skip(fr, sk, KP_SKIP_DAMAGED, start, "%s", "an event with no statement (cut short?)");
		return 0;
	}
	*rec = r0;
	rec->sql = fr->sql.data;
	rec->len = fr->sql.len;
	rec->line = sql_start;
	return 1;
}

/* ---- phoenix-csv ---- */

typedef struct csv_row {
	const char **f;
	size_t *n;
	int nf;
} csv_row;

/* Splits one CSV record (which may span lines: more are read while a
 * quoted field is open) into fields, unquoted, in fr->a. Returns 1, 0 at
 * the end, or 2 with a skip. */
static int csv_record(kp_logfmt_reader *fr, csv_row *row, kp_logskipped *sk, uint64_t *start)
{
	const char *line;
	size_t len;
	int rc;
	do {
		rc = kp_logread_line(fr->r, &line, &len);
		if (!rc)
			return 0;
		if (bad_line(fr, sk, rc, line, len))
			return 2;
	} while (blank(line, len));
	*start = fr->r->lineno;
	kp_buf_clear(&fr->sql);
	kp_buf_put(&fr->sql, line, len);
	char q = fr->quote ? fr->quote : '"';
	int cap = 16;
	row->f = kp_arena_alloc(&fr->a, (size_t)cap * sizeof *row->f);
	row->n = kp_arena_alloc(&fr->a, (size_t)cap * sizeof *row->n);
	row->nf = 0;
	size_t i = 0;
	kp_buf field = {0};
	for (;;) {
		/* one field from fr->sql.data[i] */
		kp_buf_clear(&field);
		bool quoted = i < fr->sql.len && fr->sql.data[i] == q;
		if (quoted) {
			i++;
			for (;;) {
				if (i >= fr->sql.len) {
					/* the quoted field goes on on the next line */
					rc = kp_logread_line(fr->r, &line, &len);
					if (rc != 1 || fr->sql.len + len > KP_LOG_MAX_LINE) {
						kp_buf_free(&field);
						if (rc == 0)
							return skip(fr, sk, KP_SKIP_DAMAGED, *start, "%s",
							            "a quoted field not closed before the end of the file");
						return skip(fr, sk, rc == 2 ? KP_SKIP_TOO_LONG : KP_SKIP_DAMAGED, *start,
						            "%s", "a quoted field over the longest record kept");
					}
					size_t at;
					int why = check_text(line, len, &at);
					if (why) {
						kp_buf_free(&field);
						return skip(fr, sk, (kp_skip)why, fr->r->lineno, "%s inside a quoted field",
						            why == KP_SKIP_BINARY ? "a control byte" : "a byte that is not UTF-8");
					}
					kp_buf_putc(&fr->sql, '\n');
					kp_buf_put(&fr->sql, line, len);
					kp_buf_putc(&field, '\n');
					continue;
				}
				char c = fr->sql.data[i];
				if (c == q) {
					if (i + 1 < fr->sql.len && fr->sql.data[i + 1] == q) {
						kp_buf_putc(&field, q);
						i += 2;
						continue;
					}
					i++;
					break;
				}
				kp_buf_putc(&field, c);
				i++;
			}
			if (i < fr->sql.len && fr->sql.data[i] != ',') {
				kp_buf_free(&field);
				return skip(fr, sk, KP_SKIP_DAMAGED, *start, "text after a closing quote in field %d",
				            row->nf + 1);
			}
		} else {
			size_t e = i;
			while (e < fr->sql.len && fr->sql.data[e] != ',')
				e++;
			kp_buf_put(&field, fr->sql.data + i, e - i);
			i = e;
		}
		if (row->nf == cap) {
			row->f = kp_arena_grow(&fr->a, row->f, (size_t)cap, (size_t)cap * 2, sizeof *row->f);
			row->n = kp_arena_grow(&fr->a, row->n, (size_t)cap, (size_t)cap * 2, sizeof *row->n);
			cap *= 2;
		}
		row->f[row->nf] = kp_arena_strndup(&fr->a, field.data ? field.data : "", field.len);
		row->n[row->nf] = field.len;
		row->nf++;
		if (i >= fr->sql.len)
			break;
		i++;    /* the comma */
		if (row->nf > 4096) {
			kp_buf_free(&field);
			return skip(fr, sk, KP_SKIP_DAMAGED, *start, "%s", "a record of more than 4096 fields");
		}
	}
	kp_buf_free(&field);
	return 1;
}

static int column(const csv_row *h, const char *name)
{
	for (int i = 0; i < h->nf; i++)
		if (h->n[i] == strlen(name) && ieq_prefix(h->f[i], h->n[i], name))
			return i;
	return -1;
}

/* Bind parameters as Phoenix's query log writes them: a list of values
 * separated by commas, in brackets or not; a value in quotes keeps its
 * commas. */
static void phoenix_params(kp_logfmt_reader *fr, kp_logrec *rec, const char *s, size_t n)
{
	while (n && (*s == ' ' || *s == '[')) {
		s++;
		n--;
	}
	while (n && (s[n - 1] == ' ' || s[n - 1] == ']'))
		n--;
	if (!n)
		return;
	size_t cap = 8;
	rec->params = kp_arena_alloc(&fr->a, cap * sizeof *rec->params);
	size_t i = 0;
	while (i <= n) {
		while (i < n && s[i] == ' ')
			i++;
		size_t b = i;
		char q = 0;
		while (i < n && (q || s[i] != ',')) {
			if (!q && (s[i] == '\'' || s[i] == '"'))
				q = s[i];
			else if (q && s[i] == q)
				q = 0;
			i++;
		}
		size_t e = i;
		while (e > b && s[e - 1] == ' ')
			e--;
		if (rec->nparams == cap) {
			rec->params = kp_arena_grow(&fr->a, rec->params, cap, cap * 2, sizeof *rec->params);
			cap *= 2;
		}
		kp_logparam *p = &rec->params[rec->nparams++];
		if (e - b >= 2 && (s[b] == '\'' || s[b] == '"') && s[e - 1] == s[b]) {
			b++;
			e--;
		}
		p->value = kp_arena_strndup(&fr->a, s + b, e - b);
		p->len = e - b;
		i++;
	}
}

static int next_phoenix(kp_logfmt_reader *fr, kp_logrec *rec, kp_logskipped *sk)
{
	csv_row row;
	uint64_t start;
	int rc;
	if (!fr->header_read) {
		/* the quote character: sqlline quotes with ' unless told otherwise */
		const char *line;
		size_t len;
		rc = kp_logread_line(fr->r, &line, &len);
		if (!rc)
			return 0;
		kp_logread_unread(fr->r);
		fr->quote = rc == 1 && len && line[0] == '\'' ? '\'' : '"';
		rc = csv_record(fr, &row, sk, &start);
		if (rc != 1)
			return rc;
		fr->header_read = true;
		fr->ncols = row.nf;
		fr->col_query = column(&row, "QUERY");
		fr->col_params = column(&row, "BIND_PARAMETERS");
		fr->col_start = column(&row, "START_TIME");
		fr->col_time = column(&row, "TOTAL_EXECUTION_TIME");
		fr->col_rows = column(&row, "NO_OF_RESULTS_ITERATED");
		if (fr->col_query < 0)
			return skip(fr, sk, KP_SKIP_DAMAGED, start, "%s",
			            "the header names no QUERY column: every record will be skipped");
	}
	kp_arena_reset(&fr->a);
	rc = csv_record(fr, &row, sk, &start);
	if (rc != 1)
		return rc;
	if (fr->col_query < 0)
		return skip(fr, sk, KP_SKIP_UNKNOWN, start, "%s", "a record without a QUERY column");
	if (row.nf != fr->ncols)
		return skip(fr, sk, KP_SKIP_DAMAGED, start, "a record of %d fields under a header of %d", row.nf,
		            fr->ncols);
	rec_init(rec, row.f[fr->col_query], row.n[fr->col_query], start);
	if (fr->col_params >= 0)
		phoenix_params(fr, rec, row.f[fr->col_params], row.n[fr->col_params]);
	int64_t t;
	if (fr->col_start >= 0 && kp_log_time(row.f[fr->col_start], row.n[fr->col_start], &t)) {
		rec->has_ts = true;
		rec->ts_us = t;
	}
	uint64_t v;
	if (fr->col_time >= 0 && kp_log_seconds(row.f[fr->col_time], row.n[fr->col_time], &v)) {
		rec->has_time = true;
		rec->time_us = v / 1000000 * 1000;      /* Phoenix writes milliseconds */
	}
	if (fr->col_rows >= 0 && kp_log_seconds(row.f[fr->col_rows], row.n[fr->col_rows], &v)) {
		rec->has_rows_sent = true;
		rec->rows_sent = v / 1000000;
	}
	return 1;
}

/* ---- lindorm-json ---- */

static const kp_json *first_of(const kp_json *o, const char *const *names)
{
	for (; *names; names++) {
		const kp_json *v = kp_json_get(o, *names);
		if (v && v->kind != KP_J_NULL)
			return v;
	}
	return NULL;
}

static bool json_count(const kp_json *v, uint64_t *out)
{
	if (!v)
		return false;
	if (v->kind == KP_J_NUM)
		return kp_json_u64(v, out);
	if (v->kind == KP_J_STR) {
		if (!kp_log_seconds(v->s, v->len, out))
			return false;
		*out /= 1000000;
		return true;
	}
	return false;
}

static const char *const sql_fields[] = {"sql_query_s", "sql", "query", "statement", "content", NULL};
static const char *const ts_fields[] = {"query_start_time", "start_time", "time", "timestamp", "__time__", NULL};
static const char *const ms_fields[] = {"duration_ms", "query_time_ms", "requestTimeMs", "duration", "elapsed_ms",
                                        "latency_ms", NULL};
static const char *const scanned_fields[] = {"rows_scanned", "scanned_rows", "scan_rows", "rows_examined", NULL};
static const char *const sent_fields[] = {"rows_returned", "result_rows", "rows_sent", "returned_rows", NULL};

static void json_param(kp_logfmt_reader *fr, kp_logparam *p, const char *name, const kp_json *v)
{
	p->name = name;
	if (v->kind == KP_J_STR || v->kind == KP_J_NUM) {
		p->value = v->s;
		p->len = v->len;
	} else if (v->kind == KP_J_BOOL) {
		p->value = v->b ? "true" : "false";
		p->len = strlen(p->value);
	} else if (v->kind == KP_J_NULL) {
		p->value = "NULL";
		p->len = 4;
	} else {
		p->value = kp_arena_strndup(&fr->a, "(composite)", 11);
		p->len = 11;
	}
}

static int next_lindorm(kp_logfmt_reader *fr, kp_logrec *rec, kp_logskipped *sk)
{
	const char *line;
	size_t len;
	int rc;
	for (;;) {
		kp_arena_reset(&fr->a);
		rc = kp_logread_line(fr->r, &line, &len);
		if (!rc)
			return 0;
		if (bad_line(fr, sk, rc, line, len))
			return 2;
		if (!blank(line, len))
			break;
	}
	size_t at;
	const char *err;
	kp_json *o = kp_json_parse(&fr->a, line, len, &at, &err);
	if (!o && at >= len)
		return skip(fr, sk, KP_SKIP_DAMAGED, fr->r->lineno, "not JSON: %s at the end of the line", err);
	if (!o)
		return skip(fr, sk, KP_SKIP_DAMAGED, fr->r->lineno, "not JSON: %s at byte %zu", err, at + 1);
	if (o->kind != KP_J_OBJ)
		return skip(fr, sk, KP_SKIP_DAMAGED, fr->r->lineno, "%s", "not a JSON object");
	const kp_json *sql = first_of(o, sql_fields);
	if (!sql || sql->kind != KP_J_STR)
		return skip(fr, sk, KP_SKIP_UNKNOWN, fr->r->lineno, "%s",
		            "an object with no statement field (sql_query_s, sql, query, statement, content)");
	size_t bad;
	int why = check_text(sql->s, sql->len, &bad);
	if (why == KP_SKIP_BINARY && !(sql->s[bad] == '\n' || sql->s[bad] == '\r'))
		return skip(fr, sk, KP_SKIP_BINARY, fr->r->lineno, "control byte 0x%02x in the statement",
		            (unsigned char)sql->s[bad]);
	rec_init(rec, sql->s, sql->len, fr->r->lineno);
	const kp_json *v = first_of(o, ts_fields);
	int64_t t;
	if (v && (v->kind == KP_J_NUM || v->kind == KP_J_STR) && kp_log_time(v->s, v->len, &t)) {
		rec->has_ts = true;
		rec->ts_us = t;
	}
	uint64_t n;
	if (json_count(first_of(o, ms_fields), &n)) {
		rec->has_time = true;
		rec->time_us = n * 1000;
	}
	if (json_count(first_of(o, scanned_fields), &n)) {
		rec->has_rows_scanned = true;
		rec->rows_scanned = n;
	}
	if (json_count(first_of(o, sent_fields), &n)) {
		rec->has_rows_sent = true;
		rec->rows_sent = n;
	}
	const kp_json *ps = kp_json_get(o, "params");
	if (ps && (ps->kind == KP_J_ARR || ps->kind == KP_J_OBJ) && ps->n) {
		rec->params = kp_arena_alloc(&fr->a, ps->n * sizeof *rec->params);
		rec->nparams = ps->n;
		for (size_t i = 0; i < ps->n; i++)
			json_param(fr, &rec->params[i], ps->kind == KP_J_OBJ ? ps->keys[i] : NULL, ps->items[i]);
	}
	return 1;
}

int kp_logfmt_next(kp_logfmt_reader *fr, kp_logrec *rec, kp_logskipped *sk)
{
	switch (fr->fmt) {
	case KP_LOG_MYSQL_SLOW:
		kp_arena_reset(&fr->a);
		return next_mysql(fr, rec, sk);
	case KP_LOG_PHOENIX_CSV:
		return next_phoenix(fr, rec, sk);
	case KP_LOG_LINDORM_JSON:
		return next_lindorm(fr, rec, sk);
	default:
		kp_arena_reset(&fr->a);
		return next_lines(fr, rec, sk);
	}
}
