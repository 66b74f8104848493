/* The JPA entities of a linted tree (host.h): classes annotated @Entity in
 * its Java and Kotlin files, by the name JPQL gives them (@Entity(name =
 * "...") or the class's), so that a string naming one in its FROM, JOIN,
 * UPDATE or DELETE is read as JPQL, not SQL on an unknown table. */
#include "host/extractInt.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct kp_entity_index {
	kp_arena a;
	struct ent { const char *name; uint32_t len, hash; } *slot;
	size_t count, cap;      /* open addressing, at most half full */
};

kp_entity_index *kp_entity_index_new(void)
{
	kp_entity_index *x = calloc(1, sizeof *x);
	if (!x)
		abort();
	kp_arena_init(&x->a);
	return x;
}

void kp_entity_index_free(kp_entity_index *x)
{
	if (!x)
		return;
	kp_arena_free(&x->a);
	free(x->slot);
	free(x);
}

size_t kp_entity_index_count(const kp_entity_index *x)
{
	return x ? x->count : 0;
}

static bool has(const kp_entity_index *x, const char *p, size_t n, uint32_t hash)
{
	if (!x->cap)
		return false;
	for (size_t q = hash & (x->cap - 1); x->slot[q].name; q = (q + 1) & (x->cap - 1))
		if (x->slot[q].hash == hash && x->slot[q].len == n && !memcmp(x->slot[q].name, p, n))
			return true;
	return false;
}

static void put(kp_entity_index *x, const char *p, size_t n)
{
	uint32_t hash = kph_name_hash(p, n);
	if (!n || n > 256 || has(x, p, n, hash))
		return;
	if ((x->count + 1) * 2 > x->cap) {
		size_t nc = x->cap ? x->cap * 2 : 64;
		struct ent *slot = calloc(nc, sizeof *slot);
		if (!slot)
			abort();
		for (size_t h = 0; h < x->cap; h++)
			if (x->slot[h].name) {
				size_t q = x->slot[h].hash & (nc - 1);
				while (slot[q].name)
					q = (q + 1) & (nc - 1);
				slot[q] = x->slot[h];
			}
		free(x->slot);
		x->slot = slot;
		x->cap = nc;
	}
	size_t q = hash & (x->cap - 1);
	while (x->slot[q].name)
		q = (q + 1) & (x->cap - 1);
	x->slot[q] = (struct ent){kp_arena_strndup(&x->a, p, n), (uint32_t)n, hash};
	x->count++;
}

static bool tok_is(const char *text, const kp_htok *t, const char *w)
{
	return t->type == KP_HT_OTHER && t->len == strlen(w) && !memcmp(text + t->off, w, t->len);
}

/* Bytes read before the pages behind are given back (a mapped file is
 * read in about this much memory). */
#define RELEASE_STEP (1u << 20)

void kp_entity_index_add_source(kp_entity_index *x, kp_source *src, kp_lang lang)
{
	if ((lang != KP_LANG_JAVA && lang != KP_LANG_KOTLIN) || !src->len)
		return;
	const char *text = src->text;
	/* most files have none: only those that say @Entity are read */
	bool any = false;
	for (size_t from = 0; from < src->len && !any; from += RELEASE_STEP) {
		size_t to = src->len - from > RELEASE_STEP + 7 ? from + RELEASE_STEP + 7 : src->len;
		for (const char *p = text + from; !any && (p = memchr(p, '@', (size_t)(text + to - p))) != NULL; p++)
			any = (size_t)(text + src->len - p) >= 7 && !memcmp(p + 1, "Entity", 6);
		kp_source_release(src, 0, from + RELEASE_STEP < src->len ? from + RELEASE_STEP : src->len);
	}
	if (!any)
		return;
	size_t released = 0;
	kp_hlex lx = {text, src->len, 0, lang == KP_LANG_KOTLIN};
	kp_htok t;
	bool entity = false;     /* an @Entity seen, its class not yet */
	const char *name = NULL; /* @Entity(name = "...") */
	size_t nlen = 0;
	int depth = 0, ann_depth = -1, prev = KP_HT_EOF;
	for (; kph_lex(&lx, &t, lang) != KP_HT_EOF; prev = t.type) {
		if (t.off > released + 2 * RELEASE_STEP) {
			kp_source_release(src, released, t.off - RELEASE_STEP);
			released = t.off - RELEASE_STEP;
		}
		if (t.type == KP_HT_COMMENT)
			continue;
		if (t.type == KP_HT_OPEN) {
			depth++;
			continue;
		}
		if (t.type == KP_HT_CLOSE) {
			depth--;
			if (depth <= ann_depth)
				ann_depth = -1;
			continue;
		}
		/* @Entity, @jakarta.persistence.Entity */
		if (t.type == KP_HT_ANNOT) {
			kp_hlex ahead = lx;
			kp_htok u = t, v;
			while (kph_lex(&ahead, &v, lang) == KP_HT_DOT && kph_lex(&ahead, &v, lang) == KP_HT_OTHER) {
				u = v;
				lx = ahead;
			}
			const char *w = text + u.off + (u.type == KP_HT_ANNOT);
			size_t wl = u.len - (u.type == KP_HT_ANNOT);
			if (wl == 6 && !memcmp(w, "Entity", 6)) {
				kp_hlex peek = lx;
				entity = true;
				name = NULL;
				ann_depth = kph_lex(&peek, &v, lang) == KP_HT_OPEN ? depth : -1;
			}
			prev = KP_HT_ANNOT;
			continue;
		}
		/* name = "Person" inside @Entity(...) */
		if (entity && ann_depth == depth - 1 && tok_is(text, &t, "name")) {
			kp_hlex ahead = lx;
			kp_htok a, s;
			if (kph_lex(&ahead, &a, lang) == KP_HT_ASSIGN && kph_lex(&ahead, &s, lang) == KP_HT_STR && s.len >= 2 &&
			    s.quote == 1) {
				name = text + s.off + 1;
				nlen = s.len - 2;
			}
			continue;
		}
		/* (Foo.class in an annotation names a class; Foo::class too) */
		if (entity && ann_depth < 0 && prev != KP_HT_DOT && !(t.off && text[t.off - 1] == ':') &&
		    (tok_is(text, &t, "class") || tok_is(text, &t, "record"))) {
			kp_htok c;
			if (kph_lex(&lx, &c, lang) == KP_HT_OTHER) {
				if (name)
					put(x, name, nlen);
				else
					put(x, text + c.off, c.len);
			}
			entity = false;
		}
	}
	kp_source_release(src, 0, src->len);
}

/* Does a word of the text after FROM, JOIN, UPDATE or INTO (SQL's words,
 * any case) name an entity, in its exact case? */
bool kp_entity_index_named(const kp_entity_index *x, const char *text, size_t len)
{
	if (!x || !x->count)
		return false;
	bool after = false;   /* the word before was FROM, JOIN, UPDATE, INTO */
	for (size_t i = 0; i < len;) {
		unsigned char ch = (unsigned char)text[i];
		if (ch == '\'' || ch == '"') {
			const char *e = memchr(text + i + 1, (char)ch, len - i - 1);
			i = e ? (size_t)(e - text) + 1 : len;
			after = false;
			continue;
		}
		if (!(isalpha(ch) || ch == '_')) {
			if (!isspace(ch))
				after = false;
			i++;
			continue;
		}
		size_t s = i;
		while (i < len && (isalnum((unsigned char)text[i]) || text[i] == '_' || text[i] == '.'))
			i++;
		/* a qualified name: its last part (a.b.User) */
		size_t w = s;
		for (size_t k = s; k < i; k++)
			if (text[k] == '.')
				w = k + 1;
		if (after && i > w && has(x, text + w, i - w, kph_name_hash(text + w, i - w)))
			return true;
		size_t n = i - s;
		after = (n == 4 && (!strncasecmp(text + s, "from", 4) || !strncasecmp(text + s, "join", 4) ||
		                    !strncasecmp(text + s, "into", 4))) ||
		        (n == 6 && !strncasecmp(text + s, "update", 6));
	}
	return false;
}
