/* Documents and positions: see doc.h. */
#include "tools/lsp/doc.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/quote.h"

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		abort();
	return p;
}

/* Line starts of text[from, to), each after a LF, a CRLF or a lone CR,
 * appended to out (at most room of them when counting only). */
static size_t line_breaks(const char *t, size_t from, size_t to, size_t len, uint32_t *out)
{
	size_t n = 0;
	for (size_t i = from; i < to; i++) {
		char c = t[i];
		if (c == '\n' || (c == '\r' && (i + 1 >= len || t[i + 1] != '\n'))) {
			if (out)
				out[n] = (uint32_t)(i + 1);
			n++;
		}
	}
	return n;
}

static void lines_room(kp_doc_text *d, size_t n)
{
	if (n > d->lcap) {
		d->lcap = n + n / 2 + 16;
		d->lines = xrealloc(d->lines, d->lcap * sizeof *d->lines);
	}
}

void kp_doc_set(kp_doc_text *d, const char *text, size_t len)
{
	if (len + 1 > d->cap) {
		d->cap = len + 1;
		d->text = xrealloc(d->text, d->cap);
	}
	memcpy(d->text, text, len);
	d->text[len] = 0;
	d->len = len;
	size_t n = line_breaks(d->text, 0, len, len, NULL) + 1;
	lines_room(d, n);
	d->lines[0] = 0;
	line_breaks(d->text, 0, len, len, d->lines + 1);
	d->nlines = n;
}

void kp_doc_free(kp_doc_text *d)
{
	free(d->text);
	free(d->lines);
	memset(d, 0, sizeof *d);
}

size_t kp_doc_line(const kp_doc_text *d, size_t off)
{
	size_t lo = 0, hi = d->nlines;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (d->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

void kp_doc_replace(kp_doc_text *d, size_t off, size_t end, const char *text, size_t len)
{
	size_t newlen = d->len - (end - off) + len;
	if (newlen + 1 > d->cap) {
		d->cap = newlen + newlen / 2 + 1;
		d->text = xrealloc(d->text, d->cap);
	}
	memmove(d->text + off + len, d->text + end, d->len - end + 1);
	memcpy(d->text + off, text, len);
	d->len = newlen;
	/* lines that start in (off, end] go; the edit's own come in; the rest
	 * move by the difference. A CR just before off or after the edit
	 * may join or leave a CRLF, so one line either side is redone. */
	size_t first = kp_doc_line(d, off);          /* starts at or before off */
	if (first > 0)
		first--;
	size_t from = d->lines[first];
	size_t last = kp_doc_line(d, end) + 1;       /* first line start kept as is */
	if (last < d->nlines)
		last++;
	long long delta = (long long)len - (long long)(end - off);
	size_t to_new = last < d->nlines ? (size_t)((long long)d->lines[last] + delta) : newlen;
	/* the old starts (first, last) are replaced by those in the new text
	 * (from, to_new], ending before the kept line */
	size_t scan_to = last < d->nlines ? to_new - 1 : newlen;
	size_t k = line_breaks(d->text, from, scan_to, newlen, NULL);
	size_t keep_tail = d->nlines - last;
	size_t n = first + 1 + k + keep_tail;
	lines_room(d, n);
	memmove(d->lines + first + 1 + k, d->lines + last, keep_tail * sizeof *d->lines);
	line_breaks(d->text, from, scan_to, newlen, d->lines + first + 1);
	for (size_t i = first + 1 + k; i < n; i++)
		d->lines[i] = (uint32_t)((long long)d->lines[i] + delta);
	d->nlines = n;
}

/* Bytes of the UTF-8 sequence led by c (1 for a stray byte). */
static size_t seq_len(unsigned char c)
{
	if (c < 0xc0)
		return 1;
	if (c < 0xe0)
		return 2;
	if (c < 0xf0)
		return 3;
	return c < 0xf8 ? 4 : 1;
}

/* The end of the line that starts at start, before its break. */
static size_t content_end(const char *t, size_t len, size_t start)
{
	size_t i = start;
	while (i < len && t[i] != '\n' && t[i] != '\r')
		i++;
	return i;
}

/* Walks a line from start by ch units: the byte offset reached. */
static size_t walk(const char *t, size_t start, size_t stop, long long ch, kp_lsp_enc enc)
{
	size_t i = start;
	while (ch > 0 && i < stop) {
		size_t n = seq_len((unsigned char)t[i]);
		if (i + n > stop)
			n = stop - i;
		long long units = enc == KP_ENC_UTF8 ? (long long)n : (n == 4 ? 2 : 1);
		if (units > ch)
			break;   /* inside a surrogate pair: the pair's start */
		ch -= units;
		i += n;
	}
	return i;
}

bool kp_doc_offset(const kp_doc_text *d, long long line, long long ch, kp_lsp_enc enc, size_t *off)
{
	if (line < 0 || ch < 0)
		return false;
	if ((unsigned long long)line >= d->nlines) {
		*off = d->len;
		return true;
	}
	size_t start = d->lines[line];
	size_t stop = content_end(d->text, d->len, start);
	*off = walk(d->text, start, stop, ch, enc);
	return true;
}

static uint32_t units(const char *t, size_t from, size_t to, kp_lsp_enc enc)
{
	if (enc == KP_ENC_UTF8)
		return (uint32_t)(to - from);
	uint32_t u = 0;
	for (size_t i = from; i < to;) {
		size_t n = seq_len((unsigned char)t[i]);
		if (i + n > to)
			n = to - i;
		u += n == 4 ? 2 : 1;
		i += n;
	}
	return u;
}

/* Moves off back to the start of its UTF-8 sequence. */
static size_t seq_start(const char *t, size_t from, size_t off)
{
	size_t i = off;
	while (i > from && i > off - 3 && ((unsigned char)t[i] & 0xc0) == 0x80)
		i--;
	return ((unsigned char)t[i] & 0xc0) == 0x80 ? off : i;
}

void kp_doc_position(const kp_doc_text *d, size_t off, kp_lsp_enc enc, uint32_t *line, uint32_t *ch)
{
	if (off > d->len)
		off = d->len;
	size_t l = kp_doc_line(d, off);
	size_t start = d->lines[l];
	size_t stop = content_end(d->text, d->len, start);
	if (off > stop)
		off = stop;   /* inside a CRLF: the line's end */
	*line = (uint32_t)l;
	*ch = units(d->text, start, seq_start(d->text, start, off), enc);
}

void kp_text_position(const char *t, size_t len, size_t off, kp_lsp_enc enc, uint32_t *line, uint32_t *ch)
{
	if (off > len)
		off = len;
	uint32_t l = 0;
	size_t start = 0;
	for (size_t i = 0; i < off; i++)
		if (t[i] == '\n' || (t[i] == '\r' && (i + 1 >= len || t[i + 1] != '\n'))) {
			l++;
			start = i + 1;
		}
	size_t stop = content_end(t, len, start);
	if (off > stop)
		off = stop;
	*line = l;
	*ch = units(t, start, seq_start(t, start, off), enc);
}

size_t kp_doc_line_end(const kp_doc_text *d, size_t off)
{
	if (off > d->len)
		off = d->len;
	return content_end(d->text, d->len, d->lines[kp_doc_line(d, off)]);
}

char *kp_uri_to_path(const char *uri)
{
	if (strncmp(uri, "file://", 7))
		return NULL;
	const char *p = uri + 7;
	if (strncmp(p, "localhost/", 10) == 0)
		p += 9;
	if (*p != '/')
		return NULL;   /* a file on another host */
	size_t n = strlen(p);
	char *out = malloc(n + 1), *o = out;
	if (!out)
		abort();
	for (; *p && *p != '?' && *p != '#'; p++) {
		if (*p == '%') {
			int h = kp_hex_digit(p[1]), l = h < 0 ? -1 : kp_hex_digit(p[2]);
			if (l < 0 || (h == 0 && l == 0)) {
				free(out);
				return NULL;
			}
			*o++ = (char)(h * 16 + l);
			p += 2;
		} else {
			*o++ = *p;
		}
	}
	*o = 0;
	return out;
}

char *kp_path_to_uri(const char *path)
{
	kp_buf b = {0};
	kp_buf_puts(&b, "file://");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("-._~/", *p))
			kp_buf_putc(&b, (char)*p);
		else
			kp_buf_printf(&b, "%%%02X", *p);
	}
	kp_buf_putc(&b, 0);
	return b.data;
}
