/* The JSON reader (json.h): recursive descent over a bounded depth. */
#include "tools/digest/json.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/quote.h"

typedef struct jp {
	kp_arena *a;
	const char *s;
	size_t len, pos;
	size_t err_off;
	const char *err;
} jp;

static kp_json *value(jp *p, int depth);

static void ws(jp *p)
{
	while (p->pos < p->len) {
		char c = p->s[p->pos];
		if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
			break;
		p->pos++;
	}
}

static kp_json *fail(jp *p, size_t off, const char *msg)
{
	if (!p->err) {
		p->err = msg;
		p->err_off = off;
	}
	return NULL;
}

static kp_json *node(jp *p, kp_jkind k)
{
	kp_json *v = kp_arena_alloc(p->a, sizeof *v);
	v->kind = k;
	v->off = p->pos;
	return v;
}

static bool hex4(jp *p, size_t at, unsigned *out)
{
	if (at + 4 > p->len)
		return false;
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		int h = kp_hex_digit(p->s[at + i]);
		if (h < 0)
			return false;
		v = v * 16 + (unsigned)h;
	}
	*out = v;
	return true;
}

static size_t put_utf8(char *o, unsigned cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xC0 | (cp >> 6));
		o[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xE0 | (cp >> 12));
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (char)(0xF0 | (cp >> 18));
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	o[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* At the opening quote. The unescaped text is never longer than the
 * escaped one, so it is written into one allocation of that size. */
static kp_json *string(jp *p)
{
	kp_json *v = node(p, KP_J_STR);
	size_t start = ++p->pos, end = start;
	while (end < p->len && p->s[end] != '"') {
		if (p->s[end] == '\\')
			end++;
		end++;
	}
	if (end >= p->len)
		return fail(p, v->off, "unterminated string");
	char *o = kp_arena_alloc(p->a, end - start + 1);
	size_t n = 0;
	while (p->pos < end) {
		unsigned char c = (unsigned char)p->s[p->pos];
		if (c < 0x20)
			return fail(p, p->pos, "control character in a string");
		if (c != '\\') {
			o[n++] = (char)c;
			p->pos++;
			continue;
		}
		char e = p->s[p->pos + 1];
		size_t at = p->pos;
		p->pos += 2;
		switch (e) {
		case '"': o[n++] = '"'; break;
		case '\\': o[n++] = '\\'; break;
		case '/': o[n++] = '/'; break;
		case 'b': o[n++] = '\b'; break;
		case 'f': o[n++] = '\f'; break;
		case 'n': o[n++] = '\n'; break;
		case 'r': o[n++] = '\r'; break;
		case 't': o[n++] = '\t'; break;
		case 'u': {
			unsigned cp, lo;
			if (!hex4(p, p->pos, &cp))
				return fail(p, at, "bad \\u escape");
			p->pos += 4;
			if (cp >= 0xD800 && cp < 0xDC00 && p->pos + 6 <= end && p->s[p->pos] == '\\' &&
			    p->s[p->pos + 1] == 'u' && hex4(p, p->pos + 2, &lo) && lo >= 0xDC00 && lo < 0xE000) {
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				p->pos += 6;
			} else if (cp >= 0xD800 && cp < 0xE000) {
				cp = 0xFFFD;    /* a lone surrogate */
			}
			/* \uXXXX is 6 bytes and at most 3 out; a pair is 12 and 4 */
			n += put_utf8(o + n, cp);
			break;
		}
		default:
			return fail(p, at, "bad escape in a string");
		}
	}
	o[n] = 0;
	p->pos = end + 1;
	v->s = o;
	v->len = n;
	return v;
}

static kp_json *number(jp *p)
{
	kp_json *v = node(p, KP_J_NUM);
	size_t i = p->pos;
	if (i < p->len && p->s[i] == '-')
		i++;
	size_t digits = i;
	while (i < p->len && p->s[i] >= '0' && p->s[i] <= '9')
		i++;
	if (i == digits)
		return fail(p, v->off, "expected a value");
	if (i < p->len && p->s[i] == '.') {
		size_t f = ++i;
		while (i < p->len && p->s[i] >= '0' && p->s[i] <= '9')
			i++;
		if (i == f)
			return fail(p, i, "expected a digit after '.'");
	}
	if (i < p->len && (p->s[i] == 'e' || p->s[i] == 'E')) {
		i++;
		if (i < p->len && (p->s[i] == '+' || p->s[i] == '-'))
			i++;
		size_t e = i;
		while (i < p->len && p->s[i] >= '0' && p->s[i] <= '9')
			i++;
		if (i == e)
			return fail(p, i, "expected a digit in the exponent");
	}
	v->s = kp_arena_strndup(p->a, p->s + p->pos, i - p->pos);
	v->len = i - p->pos;
	p->pos = i;
	return v;
}

static bool word(jp *p, const char *w)
{
	size_t n = strlen(w);
	if (p->pos + n > p->len || memcmp(p->s + p->pos, w, n))
		return false;
	p->pos += n;
	return true;
}

static kp_json *container(jp *p, int depth, bool obj)
{
	kp_json *v = node(p, obj ? KP_J_OBJ : KP_J_ARR);
	if (depth >= KP_JSON_MAX_DEPTH)
		return fail(p, p->pos, "nested too deeply");
	p->pos++;
	size_t cap = 0;
	ws(p);
	if (p->pos < p->len && p->s[p->pos] == (obj ? '}' : ']')) {
		p->pos++;
		return v;
	}
	for (;;) {
		ws(p);
		const char *key = NULL;
		if (obj) {
			if (p->pos >= p->len || p->s[p->pos] != '"')
				return fail(p, p->pos, "expected a member name");
			kp_json *k = string(p);
			if (!k)
				return NULL;
			key = k->s;
			ws(p);
			if (p->pos >= p->len || p->s[p->pos] != ':')
				return fail(p, p->pos, "expected ':'");
			p->pos++;
		}
		kp_json *item = value(p, depth + 1);
		if (!item)
			return NULL;
		if (v->n == cap) {
			size_t ncap = cap ? 2 * cap : 8;
			v->items = kp_arena_grow(p->a, v->items, cap, ncap, sizeof *v->items);
			if (obj)
				v->keys = kp_arena_grow(p->a, v->keys, cap, ncap, sizeof *v->keys);
			cap = ncap;
		}
		v->items[v->n] = item;
		if (obj)
			v->keys[v->n] = key;
		v->n++;
		ws(p);
		if (p->pos < p->len && p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->pos < p->len && p->s[p->pos] == (obj ? '}' : ']')) {
			p->pos++;
			return v;
		}
		return fail(p, p->pos, obj ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

static kp_json *value(jp *p, int depth)
{
	ws(p);
	if (p->pos >= p->len)
		return fail(p, p->pos, "unexpected end of input");
	char c = p->s[p->pos];
	kp_json *v;
	switch (c) {
	case '{': return container(p, depth, true);
	case '[': return container(p, depth, false);
	case '"': return string(p);
	case 't':
	case 'f':
		v = node(p, KP_J_BOOL);
		v->b = c == 't';
		if (!word(p, c == 't' ? "true" : "false"))
			return fail(p, p->pos, "expected a value");
		return v;
	case 'n':
		v = node(p, KP_J_NULL);
		if (!word(p, "null"))
			return fail(p, p->pos, "expected a value");
		return v;
	default:
		return number(p);
	}
}

kp_json *kp_json_parse(kp_arena *a, const char *text, size_t len, size_t *err_off, const char **err)
{
	jp p = {.a = a, .s = text, .len = len};
	kp_json *v = value(&p, 0);
	if (v) {
		ws(&p);
		if (p.pos < p.len)
			v = fail(&p, p.pos, "unexpected text after the value");
	}
	if (!v) {
		*err_off = p.err_off;
		*err = p.err;
	}
	return v;
}

const kp_json *kp_json_get(const kp_json *o, const char *key)
{
	if (!o || o->kind != KP_J_OBJ)
		return NULL;
	for (size_t i = 0; i < o->n; i++)
		if (!strcmp(o->keys[i], key))
			return o->items[i];
	return NULL;
}

bool kp_json_u64(const kp_json *v, uint64_t *out)
{
	if (!v || v->kind != KP_J_NUM || v->s[0] == '-' || strpbrk(v->s, ".eE"))
		return false;
	errno = 0;
	char *end;
	unsigned long long x = strtoull(v->s, &end, 10);
	if (errno || *end)
		return false;
	*out = x;
	return true;
}

bool kp_json_i64(const kp_json *v, int64_t *out)
{
	if (!v || v->kind != KP_J_NUM || strpbrk(v->s, ".eE"))
		return false;
	errno = 0;
	char *end;
	long long x = strtoll(v->s, &end, 10);
	if (errno || *end)
		return false;
	*out = x;
	return true;
}

bool kp_json_num(const kp_json *v, double *out)
{
	if (!v || v->kind != KP_J_NUM)
		return false;
	*out = strtod(v->s, NULL);
	return true;
}
