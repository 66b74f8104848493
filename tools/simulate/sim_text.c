/* Untrusted text made safe for HTML, and numbers written the same way on
 * every machine.
 *
 * Table names, statements, labels and file names come from the user's
 * files. In the report they are text, never markup: the five characters
 * HTML gives a meaning to become entities (so a name cannot open a tag or
 * end an attribute), and the characters that would reorder or hide what
 * is shown (C0 and C1 controls, DEL, bidirectional overrides and
 * isolates: the "Trojan Source" characters) are shown as <U+XXXX>, as
 * keyplan shows them everywhere else (base/quote.h). A byte that does not
 * start a valid UTF-8 sequence is shown as U+FFFD, as a browser would show
 * it, but without leaving the file invalid. */
#include "tools/simulate/sim_htmlInt.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/quote.h"

/* Appends one character of s (at most n bytes); returns the bytes used. */
static size_t put_char(kp_buf *b, const char *s, size_t n, bool multiline)
{
	static const char hex[] = "0123456789ABCDEF";
	unsigned char c = (unsigned char)s[0];
	switch (c) {
	case '&':
		kp_buf_puts(b, "&amp;");
		return 1;
	case '<':
		kp_buf_puts(b, "&lt;");
		return 1;
	case '>':
		kp_buf_puts(b, "&gt;");
		return 1;
	case '"':
		kp_buf_puts(b, "&quot;");
		return 1;
	case '\'':
		kp_buf_puts(b, "&#39;");
		return 1;
	case '\n':
	case '\r':
		if (multiline) {
			kp_buf_putc(b, (char)c);
			return 1;
		}
		break;
	default:
		break;
	}
	uint32_t cp;
	size_t k = kp_unsafe_char(s, n, &cp);
	if (k) {
		char e[] = {'&', 'l', 't', ';', 'U', '+', hex[(cp >> 12) & 15], hex[(cp >> 8) & 15],
		            hex[(cp >> 4) & 15], hex[cp & 15], '&', 'g', 't', ';'};
		kp_buf_put(b, e, sizeof e);
		return k;
	}
	if (c == '\t' && !multiline) {
		kp_buf_putc(b, ' ');
		return 1;
	}
	k = kp_utf8_len(s, n);
	if (!k) {
		kp_buf_puts(b, "\xef\xbf\xbd");
		return 1;
	}
	kp_buf_put(b, s, k);
	return k;
}

void kp_sim_html_text(kp_buf *b, const char *s, bool multiline)
{
	if (!s)
		return;
	size_t n = strlen(s);
	for (size_t i = 0; i < n;)
		i += put_char(b, s + i, n - i, multiline);
}

void kp_sim_html_text_cut(kp_buf *b, const char *s, size_t max_chars)
{
	if (!s)
		return;
	size_t n = strlen(s), chars = 0;
	for (size_t i = 0; i < n; chars++) {
		if (chars == max_chars) {
			kp_buf_puts(b, "\xe2\x80\xa6"); /* U+2026 ellipsis */
			return;
		}
		i += put_char(b, s + i, n - i, false);
	}
}

void kp_sim_num(kp_buf *b, double v, int digits)
{
	if (!isfinite(v)) {
		kp_buf_puts(b, "n/a");
		return;
	}
	/* the C library's %g: keyplan never calls setlocale, so the decimal
	 * point is '.' whatever the user's locale */
	char tmp[40];
	snprintf(tmp, sizeof tmp, "%.*g", digits, v == 0 ? 0.0 : v);
	kp_buf_puts(b, tmp);
}

void kp_sim_count(kp_buf *b, unsigned long long v)
{
	char digits[24];
	int n = snprintf(digits, sizeof digits, "%llu", v);
	for (int i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			kp_buf_putc(b, ',');
		kp_buf_putc(b, digits[i]);
	}
}

void kp_sim_short(kp_buf *b, double v)
{
	static const struct {
		double scale;
		const char *suffix;
	} units[] = {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
	if (!isfinite(v)) {
		kp_buf_puts(b, "n/a");
		return;
	}
	if (fabs(v) >= 1e15) {
		kp_sim_num(b, v, 2);
		return;
	}
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (fabs(v) >= units[i].scale) {
			kp_sim_num(b, v / units[i].scale, 3);
			kp_buf_puts(b, units[i].suffix);
			return;
		}
	kp_sim_num(b, v, 3);
}
