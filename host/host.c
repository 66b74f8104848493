/* SQL taken out of application code: see host.h and docs/embedded-sql.md. */
#include "host/host.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "host/host_build.h"
#include "grammar/lexer.h"
#include "grammar/parser.h"

static const char *lang_names[KP_LANG__COUNT] = {"sql", "java", "kotlin", "go", "python", "mybatis"};

int kp_lang_parse(const char *name)
{
	for (int i = 0; i < KP_LANG__COUNT; i++)
		if (!strcmp(name, lang_names[i]))
			return i;
	if (!strcmp(name, "kt"))
		return KP_LANG_KOTLIN;
	if (!strcmp(name, "py"))
		return KP_LANG_PYTHON;
	if (!strcmp(name, "xml"))
		return KP_LANG_MYBATIS;
	return -1;
}

const char *kp_lang_name(kp_lang l)
{
	return lang_names[l];
}

int kp_lang_of_path(const char *path)
{
	static const struct {
		const char *ext;
		kp_lang lang;
	} exts[] = {{".sql", KP_LANG_SQL}, {".java", KP_LANG_JAVA}, {".kt", KP_LANG_KOTLIN},
	            {".kts", KP_LANG_KOTLIN}, {".go", KP_LANG_GO}, {".py", KP_LANG_PYTHON},
	            {".xml", KP_LANG_MYBATIS}};
	size_t n = strlen(path);
	for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
		size_t e = strlen(exts[i].ext);
		if (n > e && !strcmp(path + n - e, exts[i].ext))
			return (int)exts[i].lang;
	}
	return -1;
}

bool kp_host_is_mapper(const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	if (len >= 3 && !memcmp(p, "\xef\xbb\xbf", 3))
		p += 3;
	for (;;) {
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
			p++;
		if (p >= end || *p != '<')
			return false;
		const char *close = NULL;
		if (end - p >= 4 && !memcmp(p, "<!--", 4))
			close = "-->";
		else if (end - p >= 2 && p[1] == '?')
			close = "?>";
		else if (end - p >= 9 && !memcmp(p, "<!DOCTYPE", 9)) {
			/* up to its '>', past an internal subset in [...] */
			int in_subset = 0;
			for (p += 9; p < end && (in_subset || *p != '>'); p++)
				if (*p == '[')
					in_subset = 1;
				else if (*p == ']')
					in_subset = 0;
			if (p >= end)
				return false;
			p++;
			continue;
		}
		if (close) {
			size_t cl = strlen(close);
			const char *q = p + 2;
			while (q + cl <= end && memcmp(q, close, cl))
				q++;
			if (q + cl > end)
				return false;
			p = q + cl;
			continue;
		}
		p++;
		/* the root element: an optional prefix, then the name */
		const char *name = p;
		while (p < end && !strchr(" \t\r\n/>", *p))
			p++;
		const char *colon = memchr(name, ':', (size_t)(p - name));
		if (colon)
			name = colon + 1;
		return p - name == 6 && !memcmp(name, "mapper", 6);
	}
}

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
		size_t cap = b->mapcap ? b->mapcap : 256;
		while (cap < b->text.len + n + 1)
			cap *= 2;
		uint32_t *m = realloc(b->map, cap * sizeof *m);
		if (!m)
			abort();
		b->map = m;
		b->mapcap = cap;
	}
}

void kp_hb_put(kp_hbuild *b, const char *p, size_t n, uint32_t host, bool verbatim)
{
	map_room(b, n);
	for (size_t i = 0; i < n; i++)
		b->map[b->text.len + i] = verbatim ? host + (uint32_t)i : host;
	kp_buf_put(&b->text, p, n);
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

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Reads up to max hex digits at s[*i] (at least min); -1 if too few. */
static long hexnum(const char *s, size_t end, size_t *i, int min, int max)
{
	long v = 0;
	int k = 0;
	while (k < max && *i < end && hexval(s[*i]) >= 0) {
		v = v * 16 + hexval(s[*i]);
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
static void decode_literal(kp_hbuild *b, const char *s, const kp_htok *t)
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

/* ---------------------------------------------------------- finishing */

static bool word_before(const char *text, size_t end, const char *w)
{
	size_t n = strlen(w);
	if (end < n)
		return false;
	if (strncasecmp(text + end - n, w, n))
		return false;
	return end == n || !(isalnum((unsigned char)text[end - n - 1]) || text[end - n - 1] == '_');
}

/* Does a value go where the SQL written so far (out) ends? After a
 * comparison or arithmetic operator, an opening parenthesis or comma, or
 * a keyword that takes a value: 1; after IN, where the pasted text is a
 * parenthesised list: 2; else 0. */
static int value_position(const kp_buf *out)
{
	size_t e = out->len;
	while (e > 0 && isspace((unsigned char)out->data[e - 1]))
		e--;
	if (e == 0)
		return 0;
	char c = out->data[e - 1];
	if (strchr("=<>(,+-*/|", c))
		return 1;
	if (word_before(out->data, e, "IN"))
		return 2;
	static const char *kw[] = {"LIKE", "GLOB", "LIMIT", "OFFSET", "BETWEEN", "THEN", "ELSE", "WHEN", NULL};
	for (int i = 0; kw[i]; i++)
		if (word_before(out->data, e, kw[i]))
			return 1;
	return 0;
}

/* The bytes that may change the quoting state or start a placeholder. */
static const bool special[256] = {['\''] = 1, ['"'] = 1, ['`'] = 1, ['-'] = 1, ['/'] = 1, ['*'] = 1,
                                  ['#'] = 1, ['$'] = 1, ['%'] = 1, ['\n'] = 1};

/* Appends n bytes to the finished SQL: byte i comes from map[i], or, with
 * no map, every byte from host. */
static void fput(kp_hbuild *f, const char *p, size_t n, const uint32_t *map, uint32_t host)
{
	map_room(f, n);
	for (size_t i = 0; i < n; i++)
		f->map[f->text.len + i] = map ? map[i] : host;
	kp_buf_put(&f->text, p, n);
}

/* The SQL statement keywords a literal must start with, and a keyword one
 * of them needs later (so "Update failed" or "Select a file" are not
 * read as SQL). */
static bool looks_like_sql(const char *text, size_t len)
{
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, text, len, 0);
	int first = kp_lex(&lx, &t);
	if (first == TK_EXPLAIN)
		first = kp_lex(&lx, &t);
	int need1, need2;
	switch (first) {
	case TK_SELECT: need1 = TK_FROM; need2 = TK_FROM; break;
	case TK_DELETE: need1 = TK_FROM; need2 = TK_FROM; break;
	case TK_INSERT: case TK_UPSERT: case TK_REPLACE: need1 = TK_INTO; need2 = TK_VALUES; break;
	case TK_UPDATE: need1 = TK_SET; need2 = TK_SET; break;
	case TK_CREATE: case TK_DROP: need1 = TK_TABLE; need2 = TK_INDEX; break;
	default: return false;
	}
	for (int k = 0; k < 4096; k++) {
		int ty = kp_lex(&lx, &t);
		if (ty == KP_TOK_EOF || ty == TK_SEMI)
			return false;
		if (ty == need1 || ty == need2)
			return true;
	}
	return false;
}

bool kp_hb_finish(kp_hbuild *b, kp_lang lang, bool pyformat, bool check_sql, kp_source *host,
                  kp_host_variant *v)
{
	kp_hbuild f = {0};
	const char *t = b->text.data ? b->text.data : "";
	size_t n = b->text.len;
	kp_buf_grow(&f.text, n + 16);   /* the SQL is about as long as the text */
	fput(&f, "", 0, NULL, 0);
	const uint32_t *m = b->map;
	enum { S_NONE, S_SQ, S_DQ, S_BT, S_LINE, S_BLOCK } st = S_NONE;
	unsigned hi = 0, nholes = 0;
	int vp;
	bool all_values = true;
	uint32_t first_off = 0, first_len = 0;
	bool py = lang == KP_LANG_PYTHON;
	bool mybatis_marks = lang == KP_LANG_JAVA || lang == KP_LANG_KOTLIN || lang == KP_LANG_MYBATIS;
#define HOLE(hoff, hlen) do { \
		if (nholes++ == 0) { first_off = (hoff); first_len = (hlen); } \
		if (st == S_SQ) { /* inside a quoted string: its content is unknown, it stays a string */ } \
		else if (st == S_NONE && (vp = value_position(&f.text)) != 0) { \
			fput(&f, vp == 2 ? "(?)" : "?", vp == 2 ? 3 : 1, NULL, (hoff)); \
			if (i < n && (isalnum((unsigned char)t[i]) || t[i] == '_')) fput(&f, " ", 1, NULL, (hoff)); \
		} else if (st != S_LINE && st != S_BLOCK) all_values = false; \
	} while (0)
	size_t i = 0;
	for (;;) {
		while (hi < b->nholes && b->holes[hi].at <= i) {
			HOLE(b->holes[hi].host, b->holes[hi].len);
			hi++;
		}
		if (i >= n)
			break;
		/* a run of bytes that change no state goes in one copy */
		size_t stop = hi < b->nholes && b->holes[hi].at < n ? b->holes[hi].at : n, j = i;
		while (j < stop && !special[(unsigned char)t[j]])
			j++;
		if (j > i) {
			fput(&f, t + i, j - i, m + i, 0);
			i = j;
			continue;
		}
		char c = t[i];
		size_t rest = n - i;
		switch (st) {
		case S_NONE:
			if (c == '\'') st = S_SQ;
			else if (c == '"') st = S_DQ;
			else if (c == '`') st = S_BT;
			else if (c == '-' && rest > 1 && t[i + 1] == '-') st = S_LINE;
			else if (c == '/' && rest > 1 && t[i + 1] == '*') {
				st = S_BLOCK;
				fput(&f, t + i, 2, m + i, 0);
				i += 2;
				continue;
			}
			break;
		case S_SQ: if (c == '\'') st = S_NONE; break;
		case S_DQ: if (c == '"') st = S_NONE; break;
		case S_BT: if (c == '`') st = S_NONE; break;
		case S_LINE: if (c == '\n') st = S_NONE; break;
		case S_BLOCK:
			if (c == '*' && rest > 1 && t[i + 1] == '/') {
				fput(&f, t + i, 2, m + i, 0);
				i += 2;
				st = S_NONE;
				continue;
			}
			break;
		}
		bool code = st == S_NONE || (st == S_SQ && c != '\'');
		if (code && (c == '#' || c == '$') && mybatis_marks && rest > 2 && t[i + 1] == '{') {
			/* to the matching brace: #{ids[${index}]} is one parameter */
			size_t e = i + 2;
			int braces = 1;
			for (; e < n && braces; e++)
				braces += t[e] == '{' ? 1 : t[e] == '}' ? -1 : 0;
			const char *close = braces == 0 ? t + e - 1 : NULL;
			if (close) {
				if (c == '#' && st == S_NONE) {
					fput(&f, "?", 1, NULL, m[i]);   /* #{name} is a bind parameter */
				} else {
					/* ${name} is pasted in as text */
					uint32_t hoff = m[i], hend = m[e - 1] + 1;
					i = e;
					HOLE(hoff, hend > hoff ? hend - hoff : 1);
					continue;
				}
				i = e;
				continue;
			}
		}
		if (c == '%' && rest > 1 && (st == S_NONE || (py && st == S_SQ))) {
			size_t e = i + 1;
			if (t[e] == '%' && py) {
				fput(&f, "%", 1, NULL, m[i]);   /* %% is a percent sign */
				i += 2;
				continue;
			}
			bool named = false;
			if (t[e] == '(' && py) {
				const char *close = memchr(t + e, ')', n - e);
				if (close) {
					named = true;
					e = (size_t)(close - t) + 1;
				}
			}
			if (e < n && strchr("sdrvqxfi", t[e]) && st == S_NONE &&
			    (e + 1 >= n || !(isalnum((unsigned char)t[e + 1]) || t[e + 1] == '_'))) {
				e++;
				if (py && !pyformat) {
					/* DB-API placeholders: %s is ?, %(name)s is :name */
					if (named) {
						fput(&f, ":", 1, NULL, m[i]);
						fput(&f, t + i + 2, e - i - 4, m + i + 2, 0);
					} else {
						fput(&f, "?", 1, NULL, m[i]);
					}
					i = e;
					continue;
				}
				if (py || lang == KP_LANG_JAVA || lang == KP_LANG_KOTLIN || lang == KP_LANG_GO) {
					/* a format verb: the value is pasted in as text */
					uint32_t hoff = m[i];
					i = e;
					HOLE(hoff, m[e - 1] + 1 - hoff);
					continue;
				}
			}
		}
		fput(&f, t + i, 1, m + i, 0);
		i++;
	}
#undef HOLE
	/* the end maps to just after the last byte */
	fput(&f, "", 0, NULL, 0);   /* room for map[len] */
	f.map[f.text.len] = f.text.len ? f.map[f.text.len - 1] + 1 : (n ? m[0] : 0);
	if (check_sql && !looks_like_sql(f.text.data ? f.text.data : "", f.text.len)) {
		kp_hb_free(&f);
		return false;
	}
	memset(v, 0, sizeof *v);
	v->sql.path = strdup(host->path);
	if (!v->sql.path)
		abort();
	if (!f.text.data)
		kp_buf_put(&f.text, "", 0);
	v->sql.text = f.text.data;
	v->sql.len = f.text.len;
	v->sql.host = host;
	v->sql.map = f.map;
	v->nholes = nholes;
	v->hole_off = first_off;
	v->hole_len = first_len;
	v->holes_planned = nholes == 0 || all_values;
	return true;
}

/* ---------------------------------------------------------- extraction */

typedef struct toks {
	kp_htok *t;
	size_t n, cap;
} toks;

static void tokenize(toks *out, kp_source *src, kp_lang lang)
{
	kp_hlex lx = {src->text, src->len, 0, lang == KP_LANG_KOTLIN};
	for (;;) {
		if (out->n == out->cap) {
			out->cap = out->cap ? out->cap * 2 : 1024;
			kp_htok *nt = realloc(out->t, out->cap * sizeof *nt);
			if (!nt)
				abort();
			out->t = nt;
		}
		kp_htok *t = &out->t[out->n++];
		int ty = lang == KP_LANG_GO ? kp_hlex_go(&lx, t)
		       : lang == KP_LANG_PYTHON ? kp_hlex_python(&lx, t) : kp_hlex_java(&lx, t);
		if (ty == KP_HT_EOF)
			break;
	}
}

static bool has_directive(const kp_source *src, const kp_htok *t)
{
	const char *p = src->text + t->off;
	for (size_t i = 0; i + 8 <= t->len; i++)
		if (p[i] == 'k' && !memcmp(p + i, "keyplan:", 8))
			return true;
	return false;
}

typedef struct extractor {
	kp_host_file *f;
	kp_source *src;
	kp_lang lang;
	kp_arena *a;
	toks tk;
	int depth;              /* brackets open */
	kp_hbuild b;
	kp_host_stmt *tail;
	struct hconst *consts;  /* the file's string constants */
	size_t nconsts;
	uint32_t *chash;        /* open addressing over consts: index + 1, 0 empty */
	size_t chash_mask;
} extractor;

/* A constant of the file: an upper-case name given a string of literals
 * once (static final String COLUMNS = "a, b"; const Cols = "a, b"). Used
 * as an operand of +, it is its text, not pasted input; a statement that
 * is used that way (a prefix) is not planned on its own. */
typedef struct hconst {
	uint32_t name, len;     /* the name in the host */
	size_t first, last;     /* its literal tokens */
	bool twice;             /* assigned more than once: not a constant */
	bool used;              /* an operand of + somewhere */
} hconst;

static bool const_name(const char *p, size_t n)
{
	bool upper = false;
	for (size_t i = 0; i < n; i++) {
		if (islower((unsigned char)p[i]) || !(isalnum((unsigned char)p[i]) || p[i] == '_'))
			return false;
		upper |= isupper((unsigned char)p[i]);
	}
	return upper;
}

static bool word_is(const extractor *x, size_t i, const char *w)
{
	const kp_htok *t = &x->tk.t[i];
	return t->type == KP_HT_OTHER && t->len == strlen(w) && !memcmp(x->src->text + t->off, w, t->len);
}

/* A name declared constant whatever its case: Go's const, Kotlin's const
 * val, Java's final String. */
static bool declared_const(const extractor *x, size_t i)
{
	return (i >= 1 && x->lang == KP_LANG_GO && word_is(x, i - 1, "const")) ||
	       (i >= 2 && x->lang == KP_LANG_KOTLIN && word_is(x, i - 1, "val") && word_is(x, i - 2, "const")) ||
	       (i >= 2 && x->lang == KP_LANG_JAVA && word_is(x, i - 1, "String") && word_is(x, i - 2, "final"));
}

static uint32_t name_hash(const char *p, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)p[i]) * 16777619u;
	return h;
}

/* The constant named by t, assigned once or not: a hash lookup, since
 * every name of the file is looked up. */
static hconst *any_const(const extractor *x, const kp_htok *t)
{
	if (t->type != KP_HT_OTHER || !x->chash)
		return NULL;
	const char *p = x->src->text + t->off;
	for (size_t h = name_hash(p, t->len) & x->chash_mask;; h = (h + 1) & x->chash_mask) {
		uint32_t e = x->chash[h];
		if (!e)
			return NULL;
		hconst *c = &x->consts[e - 1];
		if (c->len == t->len && !memcmp(x->src->text + c->name, p, t->len))
			return c;
	}
}

static void chash_put(extractor *x, size_t idx)
{
	const char *p = x->src->text + x->consts[idx].name;
	size_t h = name_hash(p, x->consts[idx].len) & x->chash_mask;
	while (x->chash[h])
		h = (h + 1) & x->chash_mask;
	x->chash[h] = (uint32_t)idx + 1;
}

/* Adds consts[idx] to the hash, which stays at most half full. */
static void chash_add(extractor *x, size_t idx)
{
	if (!x->chash || (idx + 1) * 2 > x->chash_mask + 1) {
		size_t cap = x->chash ? (x->chash_mask + 1) * 2 : 64;
		free(x->chash);
		x->chash = calloc(cap, sizeof *x->chash);
		if (!x->chash)
			abort();
		x->chash_mask = cap - 1;
		for (size_t c = 0; c < idx; c++)
			chash_put(x, c);
	}
	chash_put(x, idx);
}

static hconst *find_const(const extractor *x, const kp_htok *t)
{
	hconst *c = any_const(x, t);
	return c && !c->twice ? c : NULL;
}

/* The constants: NAME = "..." [+ "..."]... followed by the end of the
 * statement; then which are operands of +. */
static void find_consts(extractor *x)
{
	const kp_htok *T = x->tk.t;
	size_t cap = 0;
	for (size_t i = 0; i + 2 < x->tk.n; i++) {
		if (T[i].type != KP_HT_OTHER || T[i + 1].type != KP_HT_ASSIGN || T[i + 2].type != KP_HT_STR ||
		    (i > 0 && T[i - 1].type == KP_HT_DOT) ||
		    !(const_name(x->src->text + T[i].off, T[i].len) || declared_const(x, i)))
			continue;
		size_t last = i + 2, j = i + 3;
		for (;;) {
			if (T[j].type == KP_HT_COMMENT) {
				j++;
			} else if (T[j].type == KP_HT_PLUS && (T[j + 1].type == KP_HT_STR ||
			           (T[j + 1].type == KP_HT_OTHER &&
			            const_name(x->src->text + T[j + 1].off, T[j + 1].len)))) {
				last = j + 1;
				j += 2;
			} else if (x->lang == KP_LANG_PYTHON && T[j].type == KP_HT_STR) {
				last = j++;
			} else {
				break;
			}
		}
		int ty = T[j].type;
		if (!(ty == KP_HT_SEMI || ty == KP_HT_NL || ty == KP_HT_EOF || ty == KP_HT_CLOSE || ty == KP_HT_COMMA ||
		      (x->lang != KP_LANG_JAVA && T[j].off > T[last].off + T[last].len &&
		       memchr(x->src->text + T[last].off + T[last].len, '\n', T[j].off - T[last].off - T[last].len))))
			continue;   /* more follows: not a plain string */
		hconst *dup = any_const(x, &T[i]);
		if (dup) {
			dup->twice = true;
			continue;
		}
		if (x->nconsts == cap) {
			cap = cap ? cap * 2 : 16;
			hconst *nc = realloc(x->consts, cap * sizeof *nc);
			if (!nc)
				abort();
			x->consts = nc;
		}
		x->consts[x->nconsts] = (hconst){T[i].off, T[i].len, i + 2, last, false, false};
		chash_add(x, x->nconsts);
		x->nconsts++;
	}
	for (size_t i = 1; i + 1 < x->tk.n && x->nconsts; i++) {
		hconst *c = find_const(x, &T[i]);
		if (c && (T[i - 1].type == KP_HT_PLUS || T[i + 1].type == KP_HT_PLUS))
			c->used = true;
	}
}

/* The next token from i that is not a comment, nor a line break inside
 * brackets (Python). */
static size_t skip(const extractor *x, size_t i, int depth)
{
	while (i < x->tk.n) {
		const kp_htok *t = &x->tk.t[i];
		if (t->type == KP_HT_COMMENT || (t->type == KP_HT_NL && depth > 0))
			i++;
		else
			break;
	}
	return i;
}

/* The replacement fields of str.format ({}, {0}, {name!r:>10}) become
 * holes; {{ and }} are braces. */
static void format_fields(kp_hbuild *b)
{
	kp_hbuild out;
	kp_hb_init(&out);
	const char *t = b->text.data;
	size_t n = b->text.len;
	unsigned h = 0;
	for (size_t i = 0; i < n || h < b->nholes;) {
		while (h < b->nholes && b->holes[h].at <= i) {
			kp_hb_hole(&out, b->holes[h].host, b->holes[h].len);
			h++;
		}
		if (i >= n)
			break;
		char c = t[i];
		if ((c == '{' || c == '}') && i + 1 < n && t[i + 1] == c) {
			kp_hb_put(&out, t + i, 1, b->map[i], false);
			i += 2;
			continue;
		}
		if (c == '{') {
			const char *close = memchr(t + i, '}', n - i);
			if (close) {
				size_t e = (size_t)(close - t) + 1;
				kp_hb_hole(&out, b->map[i], b->map[e - 1] + 1 - b->map[i]);
				i = e;
				continue;
			}
		}
		kp_hb_put(&out, t + i, 1, b->map[i], false);
		i++;
	}
	kp_hb_free(b);
	*b = out;
}

/* Appends the text of constant c (its literals, and the constants it is
 * built from, 8 deep; anything else is a hole). */
static void decode_const(extractor *x, const hconst *c, int depth)
{
	const kp_htok *T = x->tk.t;
	for (size_t q = c->first; q <= c->last; q++) {
		if (T[q].type == KP_HT_STR) {
			decode_literal(&x->b, x->src->text, &T[q]);
		} else if (T[q].type == KP_HT_OTHER) {
			const hconst *d = depth < 8 ? find_const(x, &T[q]) : NULL;
			if (d && d != c)
				decode_const(x, d, depth + 1);
			else
				kp_hb_hole(&x->b, T[q].off, T[q].len);
		}
	}
}

/* Reads the string expression that starts with the literal at i into x->b:
 * literals joined by + (and, in Python, by nothing), with any other
 * operand a hole. Returns the index of the token after it. */
static size_t read_chain(extractor *x, size_t i, bool *pyformat)
{
	const kp_htok *T = x->tk.t;
	bool py = x->lang == KP_LANG_PYTHON;
	for (;;) {
		const hconst *ci = T[i].type == KP_HT_STR ? NULL : find_const(x, &T[i]);
		if (ci)
			decode_const(x, ci, 0);   /* the chain starts with a constant */
		else
			decode_literal(&x->b, x->src->text, &T[i]);
		size_t j = skip(x, i + 1, x->depth);
		if (py && T[j].type == KP_HT_STR) {
			i = j;
			continue;
		}
		while (T[j].type == KP_HT_PLUS) {
			size_t k = skip(x, j + 1, x->depth);
			if (T[k].type == KP_HT_STR)
				break;
			/* an operand that is not a literal: up to the next + at its
			 * level, or the end of the expression */
			int d = 0;
			size_t e = k, last = k;
			for (; e < x->tk.n; e++) {
				int ty = T[e].type;
				if (ty == KP_HT_EOF)
					break;
				if (ty == KP_HT_COMMENT)
					continue;
				if (d == 0 && (ty == KP_HT_PLUS || ty == KP_HT_COMMA || ty == KP_HT_SEMI ||
				               ty == KP_HT_CLOSE || ty == KP_HT_ASSIGN || (ty == KP_HT_NL && x->depth == 0)))
					break;
				if (ty == KP_HT_OPEN)
					d++;
				else if (ty == KP_HT_CLOSE)
					d--;
				last = e;
			}
			if (e == k) {
				j = k;   /* a dangling +: the chain ends */
				goto out;
			}
			const hconst *c = last == k ? find_const(x, &T[k]) : NULL;
			if (c) {
				decode_const(x, c, 0);
			} else {
				kp_hb_hole(&x->b, T[k].off, T[last].off + T[last].len - T[k].off);
			}
			j = skip(x, e, x->depth);
		}
		if (T[j].type == KP_HT_PLUS) {
			i = skip(x, j + 1, x->depth);
			continue;
		}
out:
		if (py && T[j].type == KP_HT_PCT)
			*pyformat = true;   /* "..." % args: Python's own formatting */
		if (py && T[j].type == KP_HT_DOT && T[j + 1].type == KP_HT_OTHER && T[j + 1].len == 6 &&
		    !memcmp(x->src->text + T[j + 1].off, "format", 6) && T[j + 2].type == KP_HT_OPEN)
			format_fields(&x->b);   /* "...{}...".format(args) */
		return j;
	}
}

/* Does the ( at T[p] open an annotation's arguments: @Name( or
 * @a.b.Name( ? */
static bool annotation(const extractor *x, size_t p)
{
	const kp_htok *T = x->tk.t;
	size_t a = p;
	while (a >= 3 && T[a - 1].type == KP_HT_OTHER && T[a - 2].type == KP_HT_DOT)
		a -= 2;
	return a >= 1 && T[a - 1].type == KP_HT_ANNOT;
}

/* Is the annotation whose arguments T[p] opens Spring Data's @Query
 * without nativeQuery = true? Its string is JPQL (entities and their
 * fields), not SQL. */
static bool jpql(const extractor *x, size_t p)
{
	const kp_htok *T = x->tk.t;
	const kp_htok *nt = &T[p - 1];   /* the last part of the name */
	const char *name = x->src->text + nt->off;
	size_t n = nt->len;
	if (!(n >= 5 && !memcmp(name + n - 5, "Query", 5) && (n == 5 || (n == 6 && name[0] == '@'))))
		return false;
	int d = 0;
	for (size_t i = p; i < x->tk.n && T[i].type != KP_HT_EOF; i++) {
		if (T[i].type == KP_HT_OPEN)
			d++;
		else if (T[i].type == KP_HT_CLOSE && --d == 0)
			break;
		if (d == 1 && T[i].type == KP_HT_OTHER && T[i].len == 11 &&
		    !memcmp(x->src->text + T[i].off, "nativeQuery", 11) && T[i + 1].type == KP_HT_ASSIGN &&
		    T[i + 2].len == 4 && !memcmp(x->src->text + T[i + 2].off, "true", 4))
			return false;
	}
	return true;
}

static void add_stmt(extractor *x, uint32_t off, uint32_t end, bool pyformat, bool check_sql)
{
	kp_host_variant v;
	if (!kp_hb_finish(&x->b, x->lang, pyformat, check_sql, x->src, &v))
		return;
	kp_host_stmt *st = kp_arena_alloc(x->a, sizeof *st);
	st->off = off;
	st->end = end;
	st->v = kp_arena_alloc(x->a, sizeof *st->v);
	st->v[0] = v;
	st->nv = 1;
	st->total = 1;
	kp_host_add_stmt(x->f, &x->tail, st);
}

void kp_host_add_stmt(kp_host_file *f, kp_host_stmt **tail, kp_host_stmt *st)
{
	if (*tail)
		(*tail)->next = st;
	else
		f->head = st;
	*tail = st;
}

void kp_host_extract(kp_host_file *out, kp_source *src, kp_lang lang, kp_arena *a)
{
	memset(out, 0, sizeof *out);
	out->src = src;
	out->lang = lang;
	if (lang == KP_LANG_MYBATIS) {
		kp_mybatis_extract(out, a);
		return;
	}
	extractor x = {.f = out, .src = src, .lang = lang, .a = a};
	kp_hb_init(&x.b);
	tokenize(&x.tk, src, lang);
	const kp_htok *T = x.tk.t;
	find_consts(&x);
	/* brackets: whether each is an annotation's ( or an array inside one */
	enum { B_PLAIN, B_ANNOT, B_ARRAY, B_JPQL };
	unsigned char kind[256];
	kp_list dirs = {0};
	/* every keyplan: comment, wherever it is (between joined literals too) */
	for (size_t i = 0; i < x.tk.n; i++)
		if (T[i].type == KP_HT_COMMENT && has_directive(src, &T[i])) {
			kp_host_comment *c = kp_arena_alloc(a, sizeof *c);
			c->off = T[i].off;
			c->end = T[i].off + T[i].len;
			kp_list_push(a, &dirs, c);
		}
	for (size_t i = 0; i < x.tk.n && T[i].type != KP_HT_EOF;) {
		const kp_htok *t = &T[i];
		int inner = x.depth > 0 && x.depth <= 256 ? kind[x.depth - 1] : B_PLAIN;
		switch (t->type) {
		case KP_HT_OPEN:
			if (x.depth < 256)
				kind[x.depth] = t->open == '(' && annotation(&x, i)
				              ? (jpql(&x, i) ? B_JPQL : B_ANNOT)
				              : (t->open == '{' || t->open == '[') && inner == B_ANNOT ? B_ARRAY
				              : inner == B_JPQL ? B_JPQL : B_PLAIN;
			x.depth++;
			i++;
			continue;
		case KP_HT_CLOSE:
			if (x.depth > 0)
				x.depth--;
			i++;
			continue;
		case KP_HT_OTHER:
			/* BASE + " WHERE ...": a chain that starts with a constant */
			if (!find_const(&x, t) || T[skip(&x, i + 1, x.depth)].type != KP_HT_PLUS ||
			    (i > 0 && (T[i - 1].type == KP_HT_PLUS || T[i - 1].type == KP_HT_DOT))) {
				i++;
				continue;
			}
			/* fall through */
		case KP_HT_STR: {
			if (inner == B_JPQL) {
				i++;   /* JPQL names entities, not tables */
				continue;
			}
			kp_hb_clear(&x.b);
			bool pyformat = false;
			size_t j = read_chain(&x, i, &pyformat);
			/* the definition of a constant used as a prefix: NAME = "..." */
			const hconst *pc = i >= 2 && T[i - 1].type == KP_HT_ASSIGN ? any_const(&x, &T[i - 2]) : NULL;
			bool prefix = pc && pc->first == i && pc->used && !pc->twice;
			if (prefix) {
				i = j > i ? j : i + 1;   /* planned where it is used */
				continue;
			}
			/* an annotation's array of strings: MyBatis joins them with
			 * a space */
			while (inner == B_ARRAY && T[j].type == KP_HT_COMMA) {
				size_t k = skip(&x, j + 1, x.depth);
				if (T[k].type != KP_HT_STR)
					break;
				kp_hb_put(&x.b, " ", 1, T[k].off, false);
				j = read_chain(&x, k, &pyformat);
			}
			size_t last = j > i ? j - 1 : i;
			while (last > i && T[last].type == KP_HT_COMMENT)
				last--;
			add_stmt(&x, t->off, T[last].off + T[last].len, pyformat, true);
			i = j > i ? j : i + 1;
			continue;
		}
		default:
			i++;
		}
	}
	out->dirs = kp_arena_alloc(a, (dirs.n ? dirs.n : 1) * sizeof *out->dirs);
	for (uint32_t k = 0; k < dirs.n; k++)
		out->dirs[k] = *(kp_host_comment *)dirs.items[k];
	out->ndirs = dirs.n;
	kp_host_assign_dirs(out);
	free(x.tk.t);
	free(x.consts);
	free(x.chash);
	kp_hb_free(&x.b);
}

void kp_host_assign_dirs(kp_host_file *f)
{
	/* a directive belongs to the statement it trails on that statement's
	 * last line, else to the next statement (or the one holding it, for a
	 * MyBatis element); directives and statements are in file order, so
	 * each statement's are a slice */
	const char *t = f->src->text;
	kp_host_stmt *prev = NULL, *st = f->head;
	unsigned k = 0;
	for (kp_host_stmt *s = f->head; s; s = s->next) {
		s->dirs = f->dirs;
		s->ndirs = 0;
	}
	for (; k < f->ndirs; k++) {
		const kp_host_comment *c = &f->dirs[k];
		while (st && st->end <= c->off) {
			prev = st;
			st = st->next;
		}
		kp_host_stmt *owner = st;
		if (prev && prev->end <= c->off && !memchr(t + prev->end, '\n', c->off - prev->end))
			owner = prev;   /* trailing: String q = "..."; // keyplan:ignore ... */
		if (!owner)
			continue;
		if (owner->ndirs == 0)
			owner->dirs = f->dirs + k;
		owner->ndirs++;
	}
}

void kp_host_file_free(kp_host_file *f)
{
	for (kp_host_stmt *st = f->head; st; st = st->next)
		for (unsigned i = 0; i < st->nv; i++)
			kp_source_free(&st->v[i].sql);
	f->head = NULL;
}

/* ----------------------------------------------------------- variants */

/* The condition a choice point's pick stands for, in the arena. */
static const char *pick_text(const kp_host_choice *c, unsigned pick, kp_arena *a)
{
	if (pick >= 1 && pick <= c->nwhen)
		return kp_arena_printf(a, "`%s`", c->tests[pick - 1]);
	if (!c->is_choose) {
		/* not X: the usual null tests negated, others with not() */
		const char *t = c->tests[0];
		size_t n = strlen(t);
		const char *ops[2][2] = {{"!= null", "== null"}, {"== null", "!= null"}};
		for (int k = 0; k < 2; k++) {
			size_t on = strlen(ops[k][0]);
			if (n > on && !strcmp(t + n - on, ops[k][0]) && !strstr(t, " and ") && !strstr(t, " or ") &&
			    !strstr(t, "&&") && !strstr(t, "||"))
				return kp_arena_printf(a, "`%.*s%s`", (int)(n - on), t, ops[k][1]);
		}
		return kp_arena_printf(a, "not `%s`", t);
	}
	kp_buf b = {0};
	kp_buf_puts(&b, c->has_otherwise ? "<otherwise> (none of " : "no <when> (none of ");
	for (unsigned i = 0; i < c->nwhen; i++)
		kp_buf_printf(&b, "%s`%s`", i ? ", " : "", c->tests[i]);
	kp_buf_puts(&b, ")");
	char *s = kp_arena_strndup(a, b.data, b.len);
	kp_buf_free(&b);
	return s;
}

static void describe_variant(kp_buf *b, const kp_host_stmt *st, const kp_host_variant *v, const bool *use,
                             kp_arena *a)
{
	bool first = true;
	for (unsigned c = 0; c < st->nchoices; c++) {
		if (v->pick[c] == 0xff || (use && !use[c]))
			continue;
		kp_buf_printf(b, "%s%s", first ? "" : " and ", pick_text(&st->choices[c], v->pick[c], a));
		first = false;
	}
	if (first)
		kp_buf_puts(b, "no branch taken");
}

const char *kp_host_describe(const kp_host_stmt *st, const bool *in, kp_arena *a)
{
	unsigned nin = 0, firstv = st->nv;
	for (unsigned i = 0; i < st->nv; i++)
		if (in[i]) {
			if (firstv == st->nv)
				firstv = i;
			nin++;
		}
	if (nin == st->nv || nin == 0 || st->nchoices == 0)
		return NULL;
	/* the picks every variant in shares */
	bool *common = kp_arena_alloc(a, st->nchoices);
	const kp_host_variant *v0 = &st->v[firstv];
	unsigned ncommon = 0;
	for (unsigned c = 0; c < st->nchoices; c++) {
		common[c] = v0->pick[c] != 0xff;
		for (unsigned i = 0; i < st->nv && common[c]; i++)
			if (in[i] && st->v[i].pick[c] != v0->pick[c])
				common[c] = false;
		ncommon += common[c];
	}
	/* exactly the variants that meet them? */
	bool exact = ncommon > 0;
	for (unsigned i = 0; i < st->nv && exact; i++) {
		if (in[i])
			continue;
		bool meets = true;
		for (unsigned c = 0; c < st->nchoices && meets; c++)
			if (common[c] && st->v[i].pick[c] != v0->pick[c])
				meets = false;
		if (meets)
			exact = false;
	}
	kp_buf b = {0};
	kp_buf_puts(&b, "when ");
	if (exact) {
		describe_variant(&b, st, v0, common, a);
	} else {
		describe_variant(&b, st, v0, NULL, a);
		if (nin > 1)
			kp_buf_printf(&b, " (and %u other variant%s)", nin - 1, nin > 2 ? "s" : "");
	}
	char *s = kp_arena_strndup(a, b.data, b.len);
	kp_buf_free(&b);
	return s;
}
