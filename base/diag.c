#include "base/diag.h"

#include "base/quote.h"

#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

kp_diag *kp_diag_add(kp_diags *d, kp_arena *a, kp_rule rule, kp_severity sev,
                     kp_source *src, uint32_t off, uint32_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	kp_diag *g = kp_diag_vadd(d, a, rule, sev, src, off, len, fmt, ap);
	va_end(ap);
	return g;
}

kp_diag *kp_diag_error(const kp_diag_sink *s, kp_rule rule, uint32_t off, uint32_t len,
                       const char *fmt, ...)
{
	if (!s)
		return NULL;
	va_list ap;
	va_start(ap, fmt);
	kp_diag *g = kp_diag_vadd(s->diags, s->arena, rule, KP_SEV_ERROR, s->src, off, len, fmt, ap);
	va_end(ap);
	return g;
}

kp_diag *kp_diag_vadd(kp_diags *d, kp_arena *a, kp_rule rule, kp_severity sev,
                      kp_source *src, uint32_t off, uint32_t len, const char *fmt, va_list ap)
{
	/* a format with no conversions is its own message */
	return kp_diag_add_msg(d, a, rule, sev, src, off, len, strchr(fmt, '%') ? kp_arena_vprintf(a, fmt, ap) : fmt);
}

kp_diag *kp_diag_add_msg(kp_diags *d, kp_arena *a, kp_rule rule, kp_severity sev,
                         kp_source *src, uint32_t off, uint32_t len, const char *msg)
{
	kp_diag *g = kp_arena_alloc(a, sizeof(*g));
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

kp_diag *kp_diag_file(kp_diags *d, kp_arena *a, kp_rule rule, kp_severity sev, const char *path,
                      uint32_t line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	const char *msg = kp_arena_vprintf(a, fmt, ap);
	va_end(ap);
	kp_diag *g = kp_diag_add(d, a, rule, sev, NULL, 0, 0, "%s", msg);
	g->file = path ? kp_arena_strndup(a, path, strlen(path)) : NULL;
	g->file_line = path ? line : 0;
	return g;
}

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

/* The excerpt of a finding: its line, numbered, and a caret line under
 * its span. text[0, len) is the line (in the file the user wrote), num[0,
 * nw) its number's digits. */
static void excerpt(kp_buf *out, const kp_diag *d, const char *text, size_t len, const char *num, size_t nw,
                    int color)
{
	kp_source *at;
	size_t hoff = kp_source_origin(d->src, d->off, &at);
	size_t hend = d->len ? kp_source_origin(d->src, (size_t)d->off + d->len - 1, &at) + 1 : hoff;
	if (hend < hoff)
		hend = hoff;   /* a span whose end lies in an earlier piece of the host */
	size_t start = (size_t)(at->text + hoff - text);
	size_t end = start + (hend - hoff);
	if (end > len)
		end = len;
	/* the line number right-aligned in 6 columns */
	char *p = kp_buf_room(out, KP_INT_MAX + 9);
	if (nw < 6) {
		memset(p, ' ', 6);
		p += 6 - nw;
	}
	p = kp_put(p, num, nw);
	KP_PUT_LIT(p, " | ");
	if (kp_ascii_run(text, len) == len) {
		/* the common line: printable ASCII throughout (no tab, no
		 * control, nothing past 0x7e), shown as it is, a column a byte:
		 * written in one piece, with no scan of its own for tabs, the
		 * span's width or the spaces before it (lint prints an excerpt
		 * for every finding) */
		size_t width = end > start ? end - start : 0, lead = start < len ? start : len;
		kp_buf_end(out, p);
		p = kp_buf_room(out, len + lead + width + 32);
		p = kp_put(p, text, len);
		KP_PUT_LIT(p, "\n       | ");
		memset(p, ' ', lead);
		p += lead;
		if (color)
			KP_PUT_LIT(p, "\033[1;32m");
		*p++ = '^';
		if (width > 1) {
			memset(p, '~', width - 1);
			p += width - 1;
		}
		if (color)
			KP_PUT_LIT(p, "\033[0m");
		*p++ = '\n';
		kp_buf_end(out, p);
		return;
	}
	kp_buf_end(out, p);
	/* the line with tabs shown as one space each; copied in runs, not
	 * byte by byte */
	for (size_t i = 0; i < len;) {
		const char *tab = memchr(text + i, '\t', len - i);
		size_t run = tab ? (size_t)(tab - text) - i : len - i;
		kp_buf_put_visible(out, text + i, run);   /* controls as <U+001B> */
		i += run;
		if (tab) {
			kp_buf_putc(out, ' ');
			i++;
		}
	}
	kp_buf_puts(out, "\n       | ");
	uint32_t width = 0;
	/* columns as shown: a character shown as <U+XXXX> takes 8, a byte
	 * that is not UTF-8 shown as <XX> 4 */
	for (size_t i = start; i < end;) {
		size_t plain = kp_ascii_run(text + i, end - i);
		width += (uint32_t)plain;
		i += plain;
		if (i >= end)
			break;
		size_t k;
		width += kp_visible_width(text + i, len - i, &k);
		i += k;
	}
	for (size_t i = 0; i < start && i < len;) {
		size_t plain = kp_ascii_run(text + i, (start < len ? start : len) - i);
		if (plain) {   /* one space for each, in one piece */
			kp_buf_reserve(out, plain);
			memset(out->data + out->len, ' ', plain);
			out->len += plain;
			out->data[out->len] = 0;
			i += plain;
			continue;
		}
		size_t k;
		unsigned w = kp_visible_width(text + i, len - i, &k);
		kp_buf_put(out, "        ", w);
		i += k;
	}
	if (color)
		kp_buf_puts(out, "\033[1;32m");
	kp_buf_putc(out, '^');
	if (width > 1) {
		kp_buf_reserve(out, width - 1);
		memset(out->data + out->len, '~', width - 1);
		out->len += width - 1;
		out->data[out->len] = 0;
	}
	if (color)
		kp_buf_puts(out, "\033[0m");
	kp_buf_putc(out, '\n');
}

void kp_diag_format(kp_buf *out, const kp_diag *d, int color)
{
	static const char *sevcol[] = {"\033[1;36m", "\033[1;35m", "\033[1;31m"};
	const kp_rule_info *r = kp_rule_get(d->rule);
	/* paths and messages carry input text (names, literals): every control
	 * character is shown, never sent to the terminal (kp_buf_put_visible) */
	const char *bold = color ? "\033[1m" : "", *off = color ? "\033[0m" : "";
	size_t cn = color ? 4 : 0;   /* bold's and off's length */
	if (!d->src) {
		/* a file without a span in it: "file[:line]: error: message [rule]" */
		if (d->file) {
			kp_buf_puts(out, bold);
			kp_buf_puts_visible(out, d->file);
			if (d->file_line)
				kp_buf_printf(out, ":%u", d->file_line);
			kp_buf_printf(out, ":%s ", off);
		}
		kp_buf_printf(out, "%s%s:%s ", color ? sevcol[d->severity] : "", kp_severity_name(d->severity), off);
		kp_buf_puts_visible(out, d->message);
		kp_buf_printf(out, " [%s %s]\n", r->id, r->slug);
		return;
	}
	/* the line and column, and the line's text for the excerpt, from one
	 * look into the line table; the line's digits written once, for the
	 * heading and the excerpt */
	uint32_t line, col;
	const char *text;
	size_t len;
	kp_source_locate(d->src, d->off, &line, &col, &text, &len);
	char num[KP_INT_MAX];
	size_t nw = (size_t)(kp_int_at(num, line) - num);
	/* the fixed pieces written through a cursor (buf.h), not appended one
	 * by one: lint formats every finding, and each append's length,
	 * capacity check and NUL were most of this function's own cost */
	static const uint8_t sevlen[] = {4, 7, 5};   /* kp_severity_name's, in its order */
	const char *sev = kp_severity_name(d->severity);
	size_t sevn = sevlen[d->severity], idn = kp_rule_id_len(d->rule), slugn = kp_rule_slug_len(d->rule);
	size_t pn;
	const char *path = kp_source_path_shown(d->src, &pn);   /* escaped once per file */
	/* a message of printable ASCII (most) goes into the heading's room as
	 * it is; any other is shown through kp_buf_put_visible */
	size_t mn = strlen(d->message);
	bool plain = kp_ascii_run(d->message, mn) == mn;
	char *p = kp_buf_room(out, pn + 2 * KP_INT_MAX + sevn + 64 + (plain ? mn : 0) + idn + slugn + 16);
	p = kp_put(p, bold, cn);
	p = kp_put(p, path, pn);
	*p++ = ':';
	p = kp_put(p, num, nw);
	*p++ = ':';
	p = kp_int_at(p, col);
	*p++ = ':';
	p = kp_put(p, off, cn);
	*p++ = ' ';
	if (color)
		p = kp_put(p, sevcol[d->severity], 7);
	p = kp_put(p, sev, sevn);
	*p++ = ':';
	p = kp_put(p, off, cn);
	*p++ = ' ';
	p = kp_put(p, bold, cn);
	if (plain) {
		p = kp_put(p, d->message, mn);
	} else {
		kp_buf_end(out, p);
		kp_buf_put_visible(out, d->message, mn);
		p = kp_buf_room(out, idn + slugn + 16);
	}
	p = kp_put(p, off, cn);
	KP_PUT_LIT(p, " [");
	p = kp_put(p, r->id, idn);
	*p++ = ' ';
	p = kp_put(p, r->slug, slugn);
	KP_PUT_LIT(p, "]\n");
	kp_buf_end(out, p);
	if (len && text[len - 1] == '\r')
		len--;   /* a CRLF line's end */
	if (len <= 400)   /* a huge line: show no excerpt rather than flood the terminal */
		excerpt(out, d, text, len, num, nw, color);
	for (const kp_note *n = d->notes; n; n = n->next) {
		uint32_t nl, nc;
		kp_source_linecol(n->src, n->off, &nl, &nc);
		/* piece by piece, as the finding's own line: lint writes a note
		 * and a help for every full scan */
		size_t npn;
		const char *npath = kp_source_path_shown(n->src, &npn);
		char *q = kp_buf_room(out, npn + 2 * KP_INT_MAX + 32);
		q = kp_put(q, bold, cn);
		q = kp_put(q, npath, npn);
		*q++ = ':';
		q = kp_int_at(q, nl);
		*q++ = ':';
		q = kp_int_at(q, nc);
		KP_PUT_LIT(q, ": note:");
		q = kp_put(q, off, cn);
		*q++ = ' ';
		kp_buf_end(out, q);
		kp_buf_puts_visible(out, n->message);
		kp_buf_putc(out, '\n');
	}
	for (const kp_help *h = d->helps; h; h = h->next) {
		char *q = kp_buf_room(out, 32);
		if (color)
			KP_PUT_LIT(q, "\033[1;32m");
		KP_PUT_LIT(q, "help:");
		q = kp_put(q, off, cn);
		*q++ = ' ';
		kp_buf_end(out, q);
		kp_buf_puts_visible(out, h->message);
		kp_buf_putc(out, '\n');
	}
}
