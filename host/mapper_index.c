/* The <sql> fragments of the MyBatis mappers of a linted tree, by
 * namespace and id, so that <include refid="other.Mapper.id"/> reads the
 * fragment of another mapper file (see host.h). Each fragment is kept as
 * its XML text, read again where it is included. */
#include "host/host.h"
#include "host/host_build.h"

#include <expat.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct frag {
	const char *ns, *id;
	const char *db;         /* its databaseId, or NULL */
	const char *xml;        /* <sql ...>...</sql>, as written */
	size_t len;
} frag;

struct kp_mapper_index {
	kp_arena a;
	frag *f;
	size_t n, cap;
};

kp_mapper_index *kp_mapper_index_new(void)
{
	kp_mapper_index *x = calloc(1, sizeof *x);
	if (!x)
		abort();
	kp_arena_init(&x->a);
	return x;
}

void kp_mapper_index_free(kp_mapper_index *x)
{
	if (!x)
		return;
	kp_arena_free(&x->a);
	free(x->f);
	free(x);
}

typedef struct ireader {
	XML_Parser p;
	kp_mapper_index *x;
	const char *text;
	int depth;
	const char *ns;
	const char *id;         /* the <sql> being read */
	const char *db;         /* ... its databaseId */
	bool known;             /* its namespace is in the index already */
	long start;
} ireader;

static void XMLCALL i_start(void *ud, const XML_Char *name, const XML_Char **attrs)
{
	ireader *r = ud;
	r->depth++;
	const char *want = r->depth == 1 ? "namespace" : r->depth == 2 && !strcmp(name, "sql") ? "id" : NULL;
	if (r->depth == 1 && strcmp(name, "mapper")) {
		XML_StopParser(r->p, XML_FALSE);
		return;
	}
	for (size_t i = 0; r->depth == 2 && want && attrs[i]; i += 2)
		if (!strcmp(attrs[i], "databaseId"))
			r->db = kp_arena_strndup(&r->x->a, attrs[i + 1], strlen(attrs[i + 1]));
	for (size_t i = 0; want && attrs[i]; i += 2)
		if (!strcmp(attrs[i], want)) {
			char *v = kp_arena_strndup(&r->x->a, attrs[i + 1], strlen(attrs[i + 1]));
			if (r->depth == 1) {
				r->ns = v;
				for (size_t k = 0; k < r->x->n && !r->known; k++)
					r->known = !strcmp(r->x->f[k].ns, v);   /* the same file again */
			} else {
				r->id = v;
			}
		}
	if (r->depth == 2 && r->id)
		r->start = XML_GetCurrentByteIndex(r->p);
}

static void XMLCALL i_end(void *ud, const XML_Char *name)
{
	ireader *r = ud;
	(void)name;
	if (r->depth == 2 && r->id && r->ns && !r->known) {
		long end = XML_GetCurrentByteIndex(r->p) + XML_GetCurrentByteCount(r->p);
		kp_mapper_index *x = r->x;
		if (x->n == x->cap) {
			x->cap = x->cap ? x->cap * 2 : 16;
			frag *nf = realloc(x->f, x->cap * sizeof *nf);
			if (!nf)
				abort();
			x->f = nf;
		}
		size_t len = (size_t)(end - r->start);
		x->f[x->n++] = (frag){r->ns, r->id, r->db, kp_arena_strndup(&x->a, r->text + r->start, len), len};
	}
	if (r->depth == 2)
		r->id = r->db = NULL;
	r->depth--;
}

static void XMLCALL i_entity_decl(void *ud, const XML_Char *name, int is_param, const XML_Char *value,
                                  int value_len, const XML_Char *base, const XML_Char *system_id,
                                  const XML_Char *public_id, const XML_Char *notation)
{
	(void)name, (void)is_param, (void)value, (void)value_len, (void)base, (void)system_id;
	(void)public_id, (void)notation;
	ireader *r = ud;
	XML_StopParser(r->p, XML_FALSE);   /* refused, as the mapper's own reading does */
}

bool kp_xml_feed(struct XML_ParserStruct *p, kp_source *src, const char *text, size_t len)
{
	const size_t chunk = (size_t)64 << 10;
	size_t off = 0;
	enum XML_Status st;
	do {
		size_t n = len - off > chunk ? chunk : len - off;
		st = XML_Parse(p, text + off, (int)n, off + n == len);
		off += n;
		if (src)
			kp_source_release(src, 0, off);   /* read again if looked at */
	} while (st == XML_STATUS_OK && off < len);
	return st != XML_STATUS_ERROR;
}

static void index_add(kp_mapper_index *x, kp_source *src, const char *text, size_t len)
{
	if (len > INT_MAX || !kp_host_is_mapper(text, len))
		return;
	ireader r = {.x = x, .text = text};
	r.p = XML_ParserCreate("UTF-8");
	if (!r.p)
		abort();
	XML_SetUserData(r.p, &r);
	XML_SetElementHandler(r.p, i_start, i_end);
	XML_SetEntityDeclHandler(r.p, i_entity_decl);
	XML_SetParamEntityParsing(r.p, XML_PARAM_ENTITY_PARSING_NEVER);
	kp_xml_feed(r.p, src, text, len);   /* a broken file adds what it has */
	XML_ParserFree(r.p);
}

void kp_mapper_index_add(kp_mapper_index *x, const char *text, size_t len)
{
	index_add(x, NULL, text, len);
}

void kp_mapper_index_add_source(kp_mapper_index *x, kp_source *src)
{
	index_add(x, src, src->text, src->len);
}

const char *kp_mapper_index_find(const kp_mapper_index *x, const char *ns, size_t nslen, const char *id,
                                 bool (*match)(const void *ctx, const char *db), const void *ctx, size_t *len)
{
	const frag *plain = NULL;
	for (size_t i = 0; x && i < x->n; i++)
		if (strlen(x->f[i].ns) == nslen && !memcmp(x->f[i].ns, ns, nslen) && !strcmp(x->f[i].id, id)) {
			if (x->f[i].db && match && match(ctx, x->f[i].db)) {
				*len = x->f[i].len;
				return x->f[i].xml;
			}
			if (!x->f[i].db && !plain)
				plain = &x->f[i];
		}
	if (plain)
		*len = plain->len;
	return plain ? plain->xml : NULL;
}
