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

/* Bytes of the character at t[i] (i < stop): a well-formed UTF-8 sequence
 * (Unicode 15, table 3-7: no overlong form, surrogate or value past
 * U+10FFFF) is one character; any other byte is one of its own, each byte
 * of a sequence cut short too. That is how the lexer reports them (one
 * KP016 a byte) and how Neovim, the client that sends a buffer's bytes as
 * they are, counts them (utf_ptr2len: 1 for an illegal sequence); VS Code
 * decodes a file before it sends it and never sends such bytes. So the
 * column of a position depends on the bytes before it alone (but for a
 * sequence cut short right there, completed by what follows), and a piece
 * before an edit keeps its columns (tools/lsp/splice.c keeps them unread). */
static size_t seq_at(const char *text, size_t i, size_t stop)
{
	const unsigned char *t = (const unsigned char *)text;
	unsigned c = t[i];
	if (c < 0xc2 || c > 0xf4)
		return 1;
	size_t need = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
	unsigned lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
	unsigned hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
	if (stop - i < need)
		return 1;
	for (size_t n = 1; n < need; n++, lo = 0x80, hi = 0xbf)
		if (t[i + n] < lo || t[i + n] > hi)
			return 1;
	return need;
}

/* UTF-16 units of a character of n bytes: a pair for the four-byte ones. */
static long long char_units(size_t n, kp_lsp_enc enc)
{
	return enc == KP_ENC_UTF8 ? (long long)n : (n == 4 ? 2 : 1);
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
		size_t n = seq_at(t, i, stop);
		long long units = char_units(n, enc);
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

/* The start of the character that holds off (off itself when one starts
 * there or off is the line's end): only a lead byte (0xc2-0xf4) begins a
 * character of more than one byte and no character absorbs one, so the
 * nearest lead at most three bytes back decides, without reading the line
 * from its start. */
static size_t char_start(const char *text, size_t from, size_t off, size_t stop)
{
	const unsigned char *t = (const unsigned char *)text;
	if (off >= stop || (t[off] & 0xc0) != 0x80)
		return off;
	for (size_t j = off; j > from && off - j < 3;) {
		j--;
		if (t[j] >= 0xc2 && t[j] <= 0xf4)
			return j + seq_at(text, j, stop) > off ? j : off;
		if ((t[j] & 0xc0) != 0x80)
			return off;   /* a byte of its own before the run: off starts one */
	}
	return off;
}

/* Units from from (a character's start) to to (another's). */
static uint32_t units(const char *t, size_t from, size_t to, kp_lsp_enc enc)
{
	if (enc == KP_ENC_UTF8)
		return (uint32_t)(to - from);
	uint32_t u = 0;
	for (size_t i = from; i < to;) {
		size_t n = seq_at(t, i, to);
		u += (uint32_t)char_units(n, enc);
		i += n;
	}
	return u;
}

/* The end of off's line (start its start) as far as a position at off
 * reads it: off itself when off is past the '\r' of a CRLF, else the
 * break at most four bytes on, else four bytes on (char_start reads up to
 * three bytes back and looks one past off). Measuring the whole line from
 * its start for every position walked a long line once per diagnostic:
 * 6% of fuzz_lsp. */
static size_t near_end(const char *t, size_t len, size_t start, size_t off)
{
	if (off > start && t[off - 1] == '\r')
		return off - 1;   /* the lines break at a lone CR: this one is a CRLF's */
	size_t far = len - off < 4 ? len : off + 4;
	size_t i = off;
	while (i < far && t[i] != '\n' && t[i] != '\r')
		i++;
	return i;
}

void kp_doc_position(const kp_doc_text *d, size_t off, kp_lsp_enc enc, uint32_t *line, uint32_t *ch)
{
	if (off > d->len)
		off = d->len;
	size_t l = kp_doc_line(d, off);
	size_t start = d->lines[l];
	size_t stop = near_end(d->text, d->len, start, off);
	if (off > stop)
		off = stop;   /* inside a CRLF: the line's end */
	*line = (uint32_t)l;
	*ch = units(d->text, start, char_start(d->text, start, off, stop), enc);
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
	*ch = units(t, start, char_start(t, start, off, stop), enc);
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
