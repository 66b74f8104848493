/* MyBatis mapper XML, read with libexpat into a small tree that keeps the
 * host offset of every byte of text; each <select|insert|update|delete> is
 * written out once per variant of its dynamic SQL (<if>, <choose>), with
 * <include>, <where>, <set>, <trim> and <foreach> applied as MyBatis does.
 * docs/embedded-sql.md lists the rules. Untrusted input: entity
 * declarations are refused (no billion laughs, no external entities),
 * nesting and attribute sizes are bounded, and every error is located. */
#include <expat.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "host/mybatisInt.h"

static void xml_error(mreader *r, long at, const char *why)
{
	if (at < 0 || (size_t)at > r->f->src->len)
		at = (long)r->f->src->len;
	kp_diag_add(&r->f->d, r->a, KP_R_SYNTAX, KP_SEV_ERROR, r->f->src, (uint32_t)at, 0, "mapper XML: %s", why);
}

/* Stops the parser at an error of ours (expat's own are reported when
 * XML_Parse returns). */
static void stop(mreader *r, const char *why)
{
	if (!r->stopped) {
		r->stopped = true;
		xml_error(r, XML_GetCurrentByteIndex(r->p), why);
	}
	XML_StopParser(r->p, XML_FALSE);
}

static void add_child(mnode *parent, mnode *n)
{
	if (parent->last)
		parent->last->next = n;
	else
		parent->child = n;
	parent->last = n;
}

static void XMLCALL on_start(void *ud, const XML_Char *name, const XML_Char **attrs)
{
	mreader *r = ud;
	if (r->depth >= MB_MAX_DEPTH) {
		stop(r, "elements nested too deeply (limit 200)");
		return;
	}
	mnode *n = kp_arena_alloc(r->a, sizeof *n);
	n->name = kp_arena_strndup(r->a, name, strlen(name));
	size_t na = 0;
	while (attrs[na])
		na++;
	n->attrs = kp_arena_alloc(r->a, (na + 1) * sizeof *n->attrs);
	for (size_t i = 0; i < na; i++) {
		size_t l = strlen(attrs[i]);
		if (l > MB_MAX_ATTR) {
			stop(r, "attribute value longer than 64 KiB");
			return;
		}
		n->attrs[i] = kp_arena_strndup(r->a, attrs[i], l);
	}
	n->off = (uint32_t)XML_GetCurrentByteIndex(r->p);
	add_child(r->stack[r->depth], n);
	r->stack[++r->depth] = n;
}

static void XMLCALL on_end(void *ud, const XML_Char *name)
{
	mreader *r = ud;
	(void)name;
	if (r->depth <= 0)
		return;
	mnode *n = r->stack[r->depth--];
	n->end = (uint32_t)(XML_GetCurrentByteIndex(r->p) + XML_GetCurrentByteCount(r->p));
}

static void XMLCALL on_text(void *ud, const XML_Char *s, int len)
{
	mreader *r = ud;
	mnode *parent = r->stack[r->depth];
	mnode *n = parent->last;
	if (!n || n->name) {
		n = kp_arena_alloc(r->a, sizeof *n);
		n->text = kp_arena_alloc(r->a, sizeof *n->text);
		kp_hb_init(n->text);
		kp_list_push(r->a, &r->texts, n->text);
		n->off = (uint32_t)XML_GetCurrentByteIndex(r->p);
		add_child(parent, n);
	}
	long at = XML_GetCurrentByteIndex(r->p);
	int raw = XML_GetCurrentByteCount(r->p);
	/* the text as written maps byte for byte; an entity, a character
	 * reference or a normalised line break maps to where it starts */
	bool verbatim = raw == len && !memcmp(r->src + at, s, (size_t)len);
	kp_hb_put(n->text, s, (size_t)len, (uint32_t)at, verbatim);
	n->end = (uint32_t)(at + raw);
}

static void XMLCALL on_comment(void *ud, const XML_Char *data)
{
	mreader *r = ud;
	if (!strstr(data, "keyplan:"))
		return;
	long at = XML_GetCurrentByteIndex(r->p);
	int raw = XML_GetCurrentByteCount(r->p);
	kp_host_comment *c = kp_arena_alloc(r->a, sizeof *c);
	c->off = (uint32_t)at + 4;
	c->end = (uint32_t)(at + raw - 3);
	if (c->end < c->off)
		c->end = c->off;
	kp_list_push(r->a, &r->dirs, c);
}

static void XMLCALL on_entity_decl(void *ud, const XML_Char *name, int is_param, const XML_Char *value,
                                   int value_len, const XML_Char *base, const XML_Char *system_id,
                                   const XML_Char *public_id, const XML_Char *notation)
{
	(void)name, (void)is_param, (void)value, (void)value_len, (void)base, (void)system_id;
	(void)public_id, (void)notation;
	stop(ud, "entity declarations are not read (they can expand without bound or load other files)");
}

static void XMLCALL on_skipped(void *ud, const XML_Char *name, int is_param)
{
	(void)name, (void)is_param;
	stop(ud, "undefined entity");
}

/* Reads r->f->src into the tree at r->root; r->p stays for the caller to
 * free. */
bool kp_mb_parse(mreader *r)
{
	r->p = XML_ParserCreate("UTF-8");
	if (!r->p)
		abort();
	XML_SetUserData(r->p, r);
	XML_SetElementHandler(r->p, on_start, on_end);
	XML_SetCharacterDataHandler(r->p, on_text);
	XML_SetCommentHandler(r->p, on_comment);
	XML_SetEntityDeclHandler(r->p, on_entity_decl);
	XML_SetSkippedEntityHandler(r->p, on_skipped);
	XML_SetParamEntityParsing(r->p, XML_PARAM_ENTITY_PARSING_NEVER);
	return kp_xml_feed(r->p, r->f->src, r->f->src->text, r->f->src->len);
}

void kp_mybatis_extract(kp_host_file *f, kp_arena *a)
{
	mreader r = {.f = f, .a = a, .src = f->src->text};
	r.stack[0] = &r.root;
	if (f->src->len > INT_MAX) {
		kp_diag_add(&f->d, a, KP_R_LIMITS, KP_SEV_ERROR, f->src, 0, 0, "mapper XML larger than 2 GiB");
		return;
	}
	if (!kp_mb_parse(&r)) {
		if (!r.stopped)
			xml_error(&r, XML_GetCurrentByteIndex(r.p), XML_ErrorString(XML_GetErrorCode(r.p)));
	} else {
		mnode *mapper = r.root.child;
		while (mapper && !mapper->name)
			mapper = mapper->next;
		if (mapper && !strcmp(mapper->name, "mapper")) {
			const char *ns = kp_mb_attr(mapper, "namespace");
			kp_host_stmt *tail = NULL;
			for (mnode *c = mapper->child; c; c = c->next)
				if (c->name && (!strcmp(c->name, "select") || !strcmp(c->name, "insert") ||
				                !strcmp(c->name, "update") || !strcmp(c->name, "delete")))
					kp_mb_statement(&r, mapper, ns, c, &tail);
		}
	}
	XML_ParserFree(r.p);
	f->dirs = kp_arena_alloc(a, (r.dirs.n ? r.dirs.n : 1) * sizeof *f->dirs);
	for (uint32_t k = 0; k < r.dirs.n; k++)
		f->dirs[k] = *(kp_host_comment *)r.dirs.items[k];
	f->ndirs = r.dirs.n;
	kp_host_assign_dirs(f);
	for (uint32_t k = 0; k < r.texts.n; k++)
		kp_hb_free(r.texts.items[k]);
}
