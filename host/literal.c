/* String literals of the host languages: their bodies found and decoded
 * (escapes, templates) into a kp_hbuild that maps every byte back to the
 * host file. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "host/host_build.h"
#include "base/quote.h"

/* -------------------------------------------------------- string bodies */

size_t kp_hlex_skip_string(const char *s, size_t len, size_t pos, char q, bool triple, bool escapes,
                           bool kotlin, int depth)
{
	while (pos < len) {
		char c = s[pos];
		if (c == '\\' && escapes) {
			pos += pos + 1 < len ? 2 : 1;
			continue;
		}
		if (c == '\n' && !triple)
			return pos;   /* an unterminated literal ends with its line */
		if (c == q) {
			if (!triple)
				return pos + 1;
			if (pos + 2 < len && s[pos + 1] == q && s[pos + 2] == q) {
				/* the closing quotes are the last three of the run */
				pos += 3;
				while (pos < len && s[pos] == q)
					pos++;
				return pos;
			}
		}
		if (kotlin && c == '$' && pos + 1 < len && s[pos + 1] == '{') {
			/* a template: braces and the strings inside it */
			int braces = 1;
			pos += 2;
			while (pos < len && braces) {
				char d = s[pos];
				if (d == '{')
					braces++;
				else if (d == '}')
					braces--;
				if (d == '"' && depth < 16) {
					bool tr = pos + 2 < len && s[pos + 1] == '"' && s[pos + 2] == '"';
					pos = kp_hlex_skip_string(s, len, pos + (tr ? 3 : 1), '"', tr, !tr, true, depth + 1);
					continue;
				}
				if (d == '\n' && !triple)
					return pos;
				pos++;
			}
			continue;
		}
		pos++;
	}
	return len;
}

/* --------------------------------------------------------------- builder */

void kp_hb_init(kp_hbuild *b)
{
	memset(b, 0, sizeof *b);
}

void kp_hb_free(kp_hbuild *b)
{
	kp_buf_free(&b->text);
	free(b->map);
	free(b->holes);
	memset(b, 0, sizeof *b);
}

void kp_hb_clear(kp_hbuild *b)
{
	kp_buf_clear(&b->text);
	b->nholes = 0;
}

static void map_room(kp_hbuild *b, size_t n)
{
	if (b->text.len + n + 1 > b->mapcap) {
		/* first as much as asked: a mapper's text nodes are many and
		 * mostly short (the white space between elements) */
		size_t cap = b->mapcap ? b->mapcap : 16;
		while (cap < b->text.len + n + 1)
			cap *= 2;
		uint32_t *m = realloc(b->map, cap * sizeof *m);
		if (!m)
			abort();
		b->map = m;
		b->mapcap = cap;
	}
}

/* Appends n bytes of text, their map already written. */
static void put_text(kp_hbuild *b, const char *p, size_t n)
{
	if (!b->text.cap) {
		/* first as much as asked, as the map (kp_buf starts at 256) */
		b->text.cap = n + 16;
		b->text.data = malloc(b->text.cap);
		if (!b->text.data)
			abort();
		b->text.data[0] = 0;
	}
	kp_buf_put(&b->text, p, n);
}

void kp_hb_put(kp_hbuild *b, const char *p, size_t n, uint32_t host, bool verbatim)
{
	map_room(b, n);
	uint32_t *m = b->map + b->text.len;
	/* two loops, not a choice per byte: each is a plain store loop */
	if (verbatim)
		for (size_t i = 0; i < n; i++)
			m[i] = host + (uint32_t)i;
	else
		for (size_t i = 0; i < n; i++)
			m[i] = host;
	put_text(b, p, n);
}

void kp_hb_put_mapped(kp_hbuild *b, const char *p, const uint32_t *map, size_t n)
{
	map_room(b, n);
	memcpy(b->map + b->text.len, map, n * sizeof *map);
	put_text(b, p, n);
}

void kp_hb_hole(kp_hbuild *b, uint32_t host, uint32_t len)
{
	if (b->nholes == b->holecap) {
		b->holecap = b->holecap ? b->holecap * 2 : 8;
		kp_hhole *h = realloc(b->holes, b->holecap * sizeof *h);
		if (!h)
			abort();
		b->holes = h;
	}
	b->holes[b->nholes++] = (kp_hhole){(uint32_t)b->text.len, host, len};
}

/* UTF-8 of code point cp (U+FFFD for surrogates and out of range). */
static void put_utf8(kp_hbuild *b, uint32_t cp, uint32_t host)
{
	char u[4];
	size_t n;
	if ((cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		cp = 0xfffd;
	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6);
		u[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12);
		u[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | cp >> 18);
		u[1] = (char)(0x80 | (cp >> 12 & 0x3f));
		u[2] = (char)(0x80 | (cp >> 6 & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	kp_hb_put(b, u, n, host, false);
}

/* Reads up to max hex digits at s[*i] (at least min); -1 if too few. */
static long hexnum(const char *s, size_t end, size_t *i, int min, int max)
{
	long v = 0;
	int k = 0;
	while (k < max && *i < end && kp_hex_digit(s[*i]) >= 0) {
		v = v * 16 + kp_hex_digit(s[*i]);
		(*i)++;
		k++;
	}
	return k >= min ? v : -1;
}

/* The body of a string literal [from, to) of the host, escapes decoded
 * by the rules of style, templates (Kotlin $x ${...}, Python f-string
 * {...}) recorded as holes. */
/* Past the '}' matching the '{' at s[i] (nested braces counted), or to. */
static size_t skip_braces(const char *s, size_t i, size_t to)
{
	for (int braces = 0; i < to; i++) {
		if (s[i] == '{')
			braces++;
		else if (s[i] == '}' && --braces == 0)
			return i + 1;
	}
	return to;
}

static void decode_body(kp_hbuild *b, const char *s, size_t from, size_t to, kp_hstyle style, bool raw,
                        bool fstring)
{
	bool java = style == KP_HS_JAVA || style == KP_HS_JAVA_BLOCK;
	bool kt = style == KP_HS_KT || style == KP_HS_KT_RAW;
	bool escapes = !raw && style != KP_HS_KT_RAW && style != KP_HS_GO_RAW;
	size_t i = from, run = from;
#define FLUSH() do { if (i > run) kp_hb_put(b, s + run, i - run, (uint32_t)run, true); } while (0)
	while (i < to) {
		char c = s[i];
		if (style == KP_HS_GO_RAW && c == '\r') {   /* Go drops CRs of raw strings */
			FLUSH();
			run = ++i;
			continue;
		}
		if (kt && c == '$' && i + 1 < to && (s[i + 1] == '{' || isalpha((unsigned char)s[i + 1]) || s[i + 1] == '_')) {
			FLUSH();
			size_t st = i++;
			if (s[i] == '{') {
				i = skip_braces(s, i, to);
			} else {
				while (i < to && (isalnum((unsigned char)s[i]) || s[i] == '_'))
					i++;
			}
			kp_hb_hole(b, (uint32_t)st, (uint32_t)(i - st));
			run = i;
			continue;
		}
		if (fstring && (c == '{' || c == '}')) {
			FLUSH();
			if (i + 1 < to && s[i + 1] == c) {   /* {{ and }} are the brace itself */
				kp_hb_put(b, s + i, 1, (uint32_t)i, false);
				run = i += 2;
				continue;
			}
			if (c == '}') {
				kp_hb_put(b, s + i, 1, (uint32_t)i, false);
				run = ++i;
				continue;
			}
			size_t st = i;
			i = skip_braces(s, i, to);
			kp_hb_hole(b, (uint32_t)st, (uint32_t)(i - st));
			run = i;
			continue;
		}
		if (c != '\\' || !escapes || i + 1 >= to) {
			i++;
			continue;
		}
		FLUSH();
		size_t at = i;
		char e = s[i + 1];
		i += 2;
		char out = 0;
		bool have = true;
		switch (e) {
		case 'n': out = '\n'; break;
		case 't': out = '\t'; break;
		case 'r': out = '\r'; break;
		case 'b': out = '\b'; break;
		case 'f': out = '\f'; break;
		case 'a': out = java || kt ? 'a' : '\a'; break;
		case 'v': out = java || kt ? 'v' : '\v'; break;
		case 's': out = java ? ' ' : 's'; if (!java) { kp_hb_put(b, "\\", 1, (uint32_t)at, false); } break;
		case '\\': case '\'': case '"': case '$': case '`': out = e; break;
		case '\n':
			have = false;   /* a line continued (text block, Python) */
			break;
		case '\r':
			have = false;
			if (i < to && s[i] == '\n')
				i++;
			break;
		case 'u': case 'U': case 'x': {
			if (e == 'u' && java)
				while (i < to && s[i] == 'u')
					i++;   /* Java allows \uuuu0041 */
			int n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
			long v = hexnum(s, to, &i, e == 'x' && !(style == KP_HS_GO) && !(style == KP_HS_PY) ? 1 : n, n);
			if (v < 0) {
				i = at + 2;   /* malformed: kept as written */
				kp_hb_put(b, s + at, 2, (uint32_t)at, true);
				have = false;
				break;
			}
			put_utf8(b, (uint32_t)v, (uint32_t)at);
			have = false;
			break;
		}
		default:
			if (e >= '0' && e <= '7') {
				unsigned v = (unsigned)(e - '0');
				for (int k = 1; k < 3 && i < to && s[i] >= '0' && s[i] <= '7'; k++)
					v = v * 8 + (unsigned)(s[i++] - '0');
				put_utf8(b, v & 0xff, (uint32_t)at);
				have = false;
			} else {
				kp_hb_put(b, s + at, 2, (uint32_t)at, true);   /* unknown: kept */
				have = false;
			}
		}
		if (have)
			kp_hb_put(b, &out, 1, (uint32_t)at, false);
		run = i;
	}
	FLUSH();
#undef FLUSH
}

/* A literal token: its body, decoded, appended to b. */
void kp_hb_literal(kp_hbuild *b, const char *s, const kp_htok *t)
{
	size_t from = t->off + t->prefix + t->quote;
	size_t to = t->off + t->len;
	bool raw = false, fstring = false;
	for (size_t i = t->off; i < t->off + t->prefix; i++) {
		raw |= s[i] == 'r' || s[i] == 'R';
		fstring |= s[i] == 'f' || s[i] == 'F';
	}
	/* the closing quotes, when there are */
	if (to >= from + t->quote && to - t->quote >= from) {
		bool closed = true;
		for (unsigned k = 0; k < t->quote; k++)
			closed &= s[to - 1 - k] == s[t->off + t->prefix];
		if (closed && !(t->style == KP_HS_GO_RAW && t->len < 2))
			to -= t->quote;
	}
	if (to < from)
		to = from;
	if (t->style == KP_HS_JAVA_BLOCK) {
		/* the body starts after the line break that follows """ */
		const char *nl = memchr(s + from, '\n', to - from);
		if (nl)
			from = (size_t)(nl - s) + 1;
	}
	decode_body(b, s, from, to, (kp_hstyle)t->style, raw, fstring);
}


size_t kp_hlex_space(const char *s)
{
	size_t n = 0;
	while (n < 16 && (s[n] == ' ' || s[n] == '\n' || s[n] == '\t' || s[n] == '\r' || s[n] == '\f'))
		n++;
	return n < 16 ? n : n + strspn(s + n, " \n\t\r\f");
}

size_t kp_hlex_blanks(const char *s)
{
	size_t n = 0;
	while (n < 16 && (s[n] == ' ' || s[n] == '\t' || s[n] == '\r' || s[n] == '\f'))
		n++;
	return n < 16 ? n : n + strspn(s + n, " \t\r\f");
}
