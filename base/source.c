#include "base/source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "base/diag.h"
#include "base/quote.h"

const char *kp_compressed(const char *head, size_t n)
{
	const unsigned char *h = (const unsigned char *)head;
	if (n >= 2 && h[0] == 0x1f && h[1] == 0x8b)
		return "gzip-compressed data, not text: decompress it first (zcat)";
	if (n >= 4 && h[0] == 0x28 && h[1] == 0xb5 && h[2] == 0x2f && h[3] == 0xfd)
		return "zstd-compressed data, not text: decompress it first (zstdcat)";
	if (n >= 6 && !memcmp(h, "\xfd" "7zXZ\0", 6))
		return "xz-compressed data, not text: decompress it first (xzcat)";
	if (n >= 4 && h[0] == 'B' && h[1] == 'Z' && h[2] == 'h' && h[3] >= '1' && h[3] <= '9')
		return "bzip2-compressed data, not text: decompress it first (bzcat)";
	if (n >= 4 && h[0] == 0x04 && h[1] == 0x22 && h[2] == 0x4d && h[3] == 0x18)
		return "lz4-compressed data, not text: decompress it first (lz4cat)";
	return NULL;
}

int kp_source_read(kp_source *out, const char *path, kp_diags *d, kp_arena *a)
{
	memset(out, 0, sizeof(*out));
	int is_stdin = strcmp(path, "-") == 0;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	if (!f) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "cannot open: %s", strerror(errno));
		return -1;
	}
	size_t cap = 65536, len = 0;
	char *buf = malloc(cap);
	if (!buf)
		abort();
	for (;;) {
		if (len + 1 >= cap) {
			if (cap >= ((size_t)1 << 32)) {
				kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "file larger than 4 GiB");
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
		bool first = len < 8;
		len += n;
		const char *why = first && (len >= 8 || n == 0) ? kp_compressed(buf, len) : NULL;
		if (why) {
			/* said at once: a compressed pipe is not read to its end */
			kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "%s", why);
			free(buf);
			if (!is_stdin)
				fclose(f);
			return -1;
		}
		if (n == 0)
			break;
	}
	int err = ferror(f);
	if (!is_stdin)
		fclose(f);
	if (err) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "read error");
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

/* Both forms of the path, made together: its JSON string in path_json,
 * and past that string's NUL, in the same buffer, the path as text shows
 * it (kp_buf_put_visible): its length in 4 bytes, then its bytes. A source
 * renamed clears path_json (kp_buf_clear) and one freed frees it, so the
 * second form is gone with the first and made again with it, and no place
 * that renames or frees a source has to know of it. */
static void path_forms(kp_source *s)
{
	kp_buf *b = &s->path_json, shown = {0};
	kp_buf_json_str(b, s->path, strlen(s->path));
	kp_buf_put_visible(&shown, s->path, strlen(s->path));
	uint32_t n = (uint32_t)shown.len;
	kp_buf_reserve(b, 1 + sizeof n + shown.len);
	memcpy(b->data + b->len + 1, &n, sizeof n);
	if (n)
		memcpy(b->data + b->len + 1 + sizeof n, shown.data, n);
	kp_buf_free(&shown);
}

const kp_buf *kp_source_path_json(kp_source *s)
{
	if (!s->path_json.len)
		path_forms(s);
	return &s->path_json;
}

const char *kp_source_path_shown(kp_source *s, size_t *len)
{
	if (!s->path_json.len)
		path_forms(s);
	uint32_t n;
	memcpy(&n, s->path_json.data + s->path_json.len + 1, sizeof n);
	*len = n;
	return s->path_json.data + s->path_json.len + 1 + sizeof n;
}

void kp_source_free(kp_source *s)
{
	kp_buf_free(&s->path_json);
	free(s->path);
	if (s->mapped)
		kp_source_unmap(s);
	else
		free(s->text);
	free(s->lines);
	free(s->map);
	memset(s, 0, sizeof(*s));
}

/* One more line start in the table (*lines, *n of *cap entries). */
static inline void push_line(uint32_t **lines, size_t *n, size_t *cap, size_t at)
{
	if (*n == *cap) {
		*cap *= 2;
		uint32_t *nl = realloc(*lines, *cap * sizeof(**lines));
		if (!nl)
			abort();
		*lines = nl;
	}
	(*lines)[(*n)++] = (uint32_t)at;
}

/* The line table, and the first byte at or above 0x80 (ascii_end), in one
 * pass over the text in order (a mapped file is read once). Built once per
 * source, out of line: the line lookup that calls it is on every message's
 * path and stays small.
 *
 * By hand, 32 bytes at a time (SSE2, which every x86-64 has): the line
 * breaks of a block are one mask, its high bits another, and each break is
 * a bit taken off the mask. memchr from one break to the next paid a call
 * and its set-up a line, on lines of a statement each (explain asks for
 * every statement's line, and built this table for each window at about
 * 90 instructions a statement). */
__attribute__((noinline)) static void build_lines(kp_source *s)
{
	size_t cap = 64, n = 0;
	uint32_t *lines = malloc(cap * sizeof(*lines));
	if (!lines)
		abort();
	lines[n++] = 0;
	const unsigned char *t = (const unsigned char *)s->text;
	size_t len = s->len, i = 0, high = len;
	bool seen_high = false;
	size_t given = 0;   /* a mapped file's pages before it are given back */
#ifdef __SSE2__
	const __m128i nl = _mm_set1_epi8('\n');
	while (i + 32 <= len) {
		/* up to the next point where a mapped file's pages are given
		 * back (every MiB read), or the end */
		size_t stop = len - 32;
		if (s->mapped && given + ((size_t)1 << 20) < stop)
			stop = given + ((size_t)1 << 20);
		/* the high bits of every block ORed together, and looked at once
		 * the loop is done (the first such byte found again then, from
		 * the loop's start, the one time there is one); room for a
		 * block's 32 breaks made once a block, not checked a break */
		size_t from = i;
		__m128i high_bits = _mm_setzero_si128();
		for (; i <= stop; i += 32) {
			__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(t + i));
			__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(t + i + 16));
			uint32_t m = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a, nl)) |
			             (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(b, nl)) << 16;
			high_bits = _mm_or_si128(high_bits, _mm_or_si128(a, b));
			if (m) {
				if (n + 32 > cap) {
					cap *= 2;
					uint32_t *nl2 = realloc(lines, cap * sizeof(*lines));
					if (!nl2)
						abort();
					lines = nl2;
				}
				do {
					lines[n++] = (uint32_t)(i + (size_t)__builtin_ctz(m) + 1);
					m &= m - 1;
				} while (m);
			}
		}
		if (!seen_high && _mm_movemask_epi8(high_bits)) {
			while (t[from] < 0x80)
				from++;
			high = from;
			seen_high = true;
		}
		if (s->mapped && i - given >= ((size_t)1 << 20)) {
			kp_source_release(s, given, i);
			given = i;
		}
	}
#endif
	for (; i < len; i++) {
		if (t[i] == '\n')
			push_line(&lines, &n, &cap, i + 1);
		if (!seen_high && t[i] >= 0x80) {
			high = i;
			seen_high = true;
		}
	}
	s->lines = lines;
	s->nlines = n;
	s->ascii_end = high;
}

static size_t line_index(kp_source *s, size_t off)
{
	if (!s->lines)
		build_lines(s);
	/* offsets mostly come in order, a few lines after the last one asked
	 * about (lint asks only where it finds something): gallop forward from
	 * that line (1, 2, 4, ... lines on), then search the last step, so a
	 * line k lines on costs log k steps, not a search of the whole window */
	const uint32_t *L = s->lines;
	size_t n = s->nlines, lo = 0, hi = n;
	size_t m = s->memo_line < n ? s->memo_line : 0;
	/* the commonest answers first: the line asked about last (a finding's
	 * start and end, a statement and its finding) or the next one (the
	 * next statement) */
	if (L[m] <= off && (m + 1 == n || off < L[m + 1]))
		return m;
	if (L[m] <= off && m + 1 < n && (m + 2 == n || off < L[m + 2]))
		return m + 1;
	if (L[m] <= off) {
		size_t step = 1;
		lo = m;
		while (lo + step < n && L[lo + step] <= off) {
			lo += step;
			step *= 2;
		}
		hi = lo + step < n ? lo + step : n;
	} else {
		hi = m;   /* an earlier line: L[0] = 0 <= off < L[m] */
	}
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (L[mid] <= off)
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

/* The column of off on line li (line_index's answer for it), and the
 * line's number: kp_source_linecol after its lookup, so that one lookup
 * serves a message's line, column, end and text. */
static inline __attribute__((always_inline)) void col_at(kp_source *s, size_t li, size_t off, uint32_t *line,
                                                          uint32_t *col)
{
	/* code points = bytes - continuation bytes; counted 8 bytes at a time
	 * since every statement and message asks for a column */
	size_t i = s->lines[li];
	uint32_t c = 1 + (uint32_t)(off - i);
	const unsigned char *t = (const unsigned char *)s->text;
	if (off <= s->ascii_end) {
		/* ASCII up to off: a column is a byte, nothing to count, and no
		 * byte-order mark (it is not ASCII: ascii_end is 0 after one).
		 * Answered here, without the count's loops and its memo, since
		 * this is nearly every answer (every statement's line in
		 * explain, every finding's). The memo of a count stays as it
		 * was: it is read only for an offset on its own line, after it */
		if (off > i && t[off - 1] == '\r' && off < s->len && t[off] == '\n')
			c--;   /* the CR of a CRLF is not a column */
		s->memo_line = li;
		*line = s->base_line + (uint32_t)li + 1;
		*col = c + (li == 0 ? s->base_col : 0);
		return;
	}
	if (s->memo_col && s->memo_line == li && s->memo_off <= off && s->memo_off > i) {
		c = s->memo_col + (uint32_t)(off - s->memo_off);
		i = s->memo_off;
	}
#ifdef __SSE2__
	/* 16 bytes at a time: a continuation byte is below 0xc0 as an unsigned
	 * byte and not below 0x80, i.e. as a signed byte below -64; each gives
	 * a 1, and _mm_sad_epu8 adds each half's (no popcount instruction on
	 * plain x86-64: GCC would call libgcc's) */
	for (; i + 16 <= off; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(t + i));
		__m128i one = _mm_and_si128(_mm_cmplt_epi8(v, _mm_set1_epi8(-64)), _mm_set1_epi8(1));
		__m128i sum = _mm_sad_epu8(one, _mm_setzero_si128());
		c -= (uint32_t)(_mm_cvtsi128_si32(sum) + _mm_extract_epi16(sum, 4));
	}
#endif
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

void kp_source_linecol(kp_source *s, size_t off, uint32_t *line, uint32_t *col)
{
	if (s->host) {
		kp_source_linecol(s->host, s->map[off > s->len ? s->len : off], line, col);
		return;
	}
	if (off > s->len)
		off = s->len;
	col_at(s, line_index(s, off), off, line, col);
}

/* The text of line li, without its line break (kp_source_line_text after
 * its lookup). */
static const char *text_of(const kp_source *s, size_t li, size_t *len)
{
	size_t start = s->lines[li];
	size_t end = li + 1 < s->nlines ? s->lines[li + 1] - 1 : s->len;
	if (end > start && s->text[end - 1] == '\r')
		end--;
	if (li == 0 && s->base_line == 0 && end >= 3 && has_bom(s))
		start = 3;   /* shown without the byte-order mark */
	*len = end - start;
	return s->text + start;
}

void kp_source_locate(kp_source *s, size_t off, uint32_t *line, uint32_t *col, const char **text, size_t *len)
{
	if (s->host) {
		kp_source_locate(s->host, s->map[off > s->len ? s->len : off], line, col, text, len);
		return;
	}
	if (off > s->len)
		off = s->len;
	size_t li = line_index(s, off);
	col_at(s, li, off, line, col);
	*text = text_of(s, li, len);
}

void kp_source_span(kp_source *s, size_t off, size_t len, uint32_t *line, uint32_t *col, uint32_t *end_line,
                    uint32_t *end_col)
{
	if (s->host || off + len > s->len) {
		kp_source_linecol(s, off, line, col);
		kp_source_linecol_end(s, off, len, end_line, end_col);
		return;
	}
	size_t li = line_index(s, off);
	col_at(s, li, off, line, col);
	size_t end = off + len;
	/* most spans end on the line they start on: line_index would answer
	 * li again */
	if (li + 1 == s->nlines || end < s->lines[li + 1])
		col_at(s, li, end, end_line, end_col);
	else
		kp_source_linecol(s, end, end_line, end_col);
}

const char *kp_source_line_text(kp_source *s, size_t off, size_t *len)
{
	if (s->host)
		return kp_source_line_text(s->host, s->map[off > s->len ? s->len : off], len);
	if (off > s->len)
		off = s->len;
	return text_of(s, line_index(s, off), len);
}

/* ------------------------------------------------------------ streaming */

int kp_stream_open(kp_stream *st, const char *path, size_t chunk, kp_diags *d, kp_arena *a)
{
	memset(st, 0, sizeof(*st));
	bool is_stdin = strcmp(path, "-") == 0;
	st->f = is_stdin ? stdin : fopen(path, "rb");
	if (!st->f) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "cannot open: %s", strerror(errno));
		return -1;
	}
	st->cap = chunk ? chunk : (size_t)1 << 20;
	st->buf = malloc(st->cap + 1);
	st->src.path = strdup(is_stdin ? "<stdin>" : path);
	if (!st->buf || !st->src.path)
		abort();
	st->src.text = st->buf;
	/* the first bytes, to say at once when they are compressed */
	size_t head = st->cap < 8 ? st->cap : 8;
	st->have = fread(st->buf, 1, head, st->f);
	if (st->have < head) {
		if (ferror(st->f))
			clearerr(st->f);   /* kp_stream_next reads again and says so */
		else
			st->eof = true;
	}
	const char *why = kp_compressed(st->buf, st->have);
	if (why) {
		kp_diag_file(d, a, KP_R_IO, KP_SEV_ERROR, path, 0, "%s", why);
		kp_stream_close(st);
		return -1;
	}
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
		if (s->lines && p == s->text) {
			/* the line table has them counted: the line starting after
			 * nl is the one numbered their count */
			s->base_line += (uint32_t)line_index(s, (size_t)(nl + 1 - p));
		} else {
			for (const char *q = p; (q = memchr(q, '\n', (size_t)(nl + 1 - q))) != NULL; q++)
				s->base_line++;
		}
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
