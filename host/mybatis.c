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
#include <strings.h>

#include "host/mybatisInt.h"

static void xml_error(mreader *r, long at, const char *why)
{
	if (at < 0 || (size_t)at > r->f->src->len)
		at = (long)r->f->src->len;
	kp_diag_add(&r->f->d, r->fa, KP_R_SYNTAX, KP_SEV_ERROR, r->f->src, (uint32_t)at, 0, "mapper XML: %s", why);
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

static bool is_statement(const char *name)
{
	return !strcmp(name, "select") || !strcmp(name, "insert") || !strcmp(name, "update") ||
	       !strcmp(name, "delete");
}

bool kp_mb_db_match(const mreader *r, const char *dbid)
{
	if (r->o && r->o->database_id)
		return !strcmp(dbid, r->o->database_id);   /* as MyBatis: equals */
	return r->o && r->o->target && !strcasecmp(dbid, r->o->target);
}

static const char *attr_of(const XML_Char **attrs, const char *name)
{
	for (size_t i = 0; attrs[i]; i += 2)
		if (!strcmp(attrs[i], name))
			return attrs[i + 1];
	return NULL;
}

/* The first pass: the id of a statement whose databaseId matches, kept
 * (one of the same id without databaseId is then not read). */
static void note_database_id(mreader *r, const XML_Char **attrs)
{
	const char *db = attr_of(attrs, "databaseId"), *id = attr_of(attrs, "id");
	if (!db || !id || !kp_mb_db_match(r, db))
		return;
	if (r->ndbids == r->dbcap) {
		r->dbcap = r->dbcap ? 2 * r->dbcap : 16;
		r->dbids = kp_arena_grow(r->fa, r->dbids, r->ndbids, r->dbcap, sizeof *r->dbids);
	}
	r->dbids[r->ndbids++] = kp_arena_strndup(r->fa, id, strlen(id));
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Does MyBatis leave statement n out (XMLMapperBuilder.
 * databaseIdMatchesCurrent): a databaseId other than the one it runs
 * with, or none where a statement of the same id has that one? */
static bool not_current(const mreader *r, const mnode *n)
{
	const char *db = kp_mb_attr(n, "databaseId"), *id = kp_mb_attr(n, "id");
	if (db)
		return !kp_mb_db_match(r, db);
	return id && r->ndbids && bsearch(&id, r->dbids, r->ndbids, sizeof *r->dbids, cmp_str);
}

/* Counts a statement left out, for the mapper's note. */
static void skip(mreader *r, const mnode *n)
{
	if (r->nskipped++ == 0)
		r->skipped_at = n->off;
	const char *db = kp_mb_attr(n, "databaseId");
	bool known = !db;
	for (unsigned k = 0; k < r->nother && !known; k++)
		known = !strcmp(r->other_db[k], db);
	if (!known && r->nother < 4)
		r->other_db[r->nother++] = kp_arena_strndup(r->fa, db, strlen(db));
}

/* One note for the statements of the mapper left out by databaseId. */
static void skipped_note(mreader *r)
{
	if (!r->nskipped)
		return;
	kp_buf b = {0};
	for (unsigned k = 0; k < r->nother; k++)
		kp_buf_printf(&b, "%s'%s'", k ? ", " : "", r->other_db[k]);
	const char *want = r->o && r->o->database_id ? r->o->database_id : r->o && r->o->target ? r->o->target : NULL;
	const char *rule = want ? kp_arena_printf(r->fa, "of the statements of one id MyBatis runs the one whose "
	                                          "databaseId is '%s', else the one without", want)
	                        : "with no databaseId configured MyBatis runs only the statements without one";
	kp_diag *g = kp_diag_add(&r->f->d, r->fa, KP_R_UNSUPPORTED, KP_SEV_INFO, r->f->src, r->skipped_at, 0,
	                         "mapper XML: %u statement%s not planned: %s%s%s%s", r->nskipped,
	                         r->nskipped == 1 ? " is" : "s are", rule, r->nother ? " (databaseId " : "",
	                         r->nother ? b.data : "", r->nother ? (r->nother == 4 ? " ... not planned)" : " not planned)") : "");
	kp_diag_help(g, r->fa, "set database-id in .keyplan to the databaseId your databaseIdProvider gives");
	kp_buf_free(&b);
}

static void XMLCALL on_start(void *ud, const XML_Char *name, const XML_Char **attrs)
{
	mreader *r = ud;
	if (r->depth >= MB_MAX_DEPTH) {
		stop(r, "elements nested too deeply (limit 200)");
		return;
	}
	size_t na = 0;
	for (; attrs[na]; na++)
		if (strlen(attrs[na]) > MB_MAX_ATTR) {
			stop(r, "attribute value longer than 64 KiB");
			return;
		}
	/* what is built: in a pass, the root element, and of the mapper's
	 * children the pass's own (its <sql>s, or one statement at a time) */
	bool built = r->pass == MB_READ_ALL || r->depth == 0 || (r->build && r->depth >= r->build);
	if (!built && r->depth == 1 && r->is_mapper &&
	    (r->pass == MB_READ_FRAGMENTS ? !strcmp(name, "sql") : is_statement(name))) {
		built = true;
		r->build = 2;
	}
	if (r->pass == MB_READ_FRAGMENTS && r->depth == 1 && r->is_mapper && is_statement(name))
		note_database_id(r, attrs);
	if (r->pass == MB_READ_FRAGMENTS && r->depth == 1) {
		r->nelem = 0;
		r->child_off = XML_GetCurrentByteIndex(r->p);
	}
	else if (r->pass == MB_READ_FRAGMENTS && !r->build &&
	         (!strcmp(name, "include") || !strcmp(name, "foreach") || ++r->nelem > MB_MAX_VISITS / 4))
		r->dynamic = true;   /* the first walk may find an error */
	if (!built) {
		r->stack[++r->depth] = NULL;
		return;
	}
	kp_arena *a = r->depth == 0 ? r->fa : r->a;   /* the root outlives a statement */
	mnode *n = kp_arena_alloc(a, sizeof *n);
	n->name = kp_arena_strndup(a, name, strlen(name));
	n->attrs = kp_arena_alloc(a, (na + 1) * sizeof *n->attrs);
	for (size_t i = 0; i < na; i++)
		n->attrs[i] = kp_arena_strndup(a, attrs[i], strlen(attrs[i]));
	n->off = (uint32_t)XML_GetCurrentByteIndex(r->p);
	if (r->depth == 0) {
		r->is_mapper = !strcmp(name, "mapper");
		r->ns = kp_mb_attr(n, "namespace");
	}
	if (r->stack[r->depth] && !(r->pass != MB_READ_ALL && r->depth == 1))
		add_child(r->stack[r->depth], n);   /* a pass's elements stand alone */
	r->stack[++r->depth] = n;
}

/* The end of a mapper's child that a pass reads: a fragment kept, a
 * statement's readers counted, a statement written and handed over. */
static void element_done(mreader *r, const mnode *n);

static void XMLCALL on_end(void *ud, const XML_Char *name)
{
	mreader *r = ud;
	(void)name;
	if (r->depth <= 0)
		return;
	mnode *n = r->stack[r->depth--];
	if (r->pass == MB_READ_FRAGMENTS && r->depth == 1 &&
	    (size_t)(XML_GetCurrentByteIndex(r->p) - r->child_off) > KP_MAX_HOST_STMT / 2)
		r->dynamic = true;   /* text enough to expand past the limit */
	if (!n)
		return;
	n->end = (uint32_t)(XML_GetCurrentByteIndex(r->p) + XML_GetCurrentByteCount(r->p));
	if (r->pass != MB_READ_ALL && r->depth == 1 && r->build) {
		r->build = 0;
		element_done(r, n);
	}
}

static void XMLCALL on_text(void *ud, const XML_Char *s, int len)
{
	mreader *r = ud;
	mnode *parent = r->stack[r->depth];
	if (!parent || (r->pass != MB_READ_ALL && r->depth < 2))
		return;   /* not built, or text of the mapper itself */
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
	if (r->pass > MB_READ_FRAGMENTS || !strstr(data, "keyplan:"))
		return;   /* read by the first pass */
	long at = XML_GetCurrentByteIndex(r->p);
	int raw = XML_GetCurrentByteCount(r->p);
	kp_host_comment *c = kp_arena_alloc(r->fa, sizeof *c);
	c->off = (uint32_t)at + 4;
	c->end = (uint32_t)(at + raw - 3);
	if (c->end < c->off)
		c->end = c->off;
	kp_list_push(r->fa, &r->dirs, c);
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

static void free_texts(kp_list *l)
{
	for (uint32_t k = 0; k < l->n; k++)
		kp_hb_free(l->items[k]);
	*l = (kp_list){0};
}

/* The statement at r->f->readers' fragments it reads. */
static void count_readers(mreader *r, const mnode *n)
{
	kp_host_range *uses;
	unsigned nuses;
	kp_host_file *f = r->f;
	if (!kp_mb_reads(r, n, &uses, &nuses))
		return;   /* not planned: it names nothing */
	for (unsigned u = 0; u < nuses; u++) {
		size_t lo = 0, hi = f->nreaders;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (f->readers[mid].off < uses[u].off)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo == f->nreaders || f->readers[lo].off != uses[u].off)
			continue;
		kp_host_readers *rd = &f->readers[lo];
		if (rd->n < KP_HOST_READERS_NAMED) {
			const char *id = kp_mb_attr(n, "id");
			rd->first[rd->n] = n->off;
			rd->name[rd->n] = kp_arena_strndup(r->fa, id ? id : n->name, strlen(id ? id : n->name));
		}
		rd->n++;
	}
}

/* A statement handed over with the keyplan: comments that belong to it (as
 * kp_host_assign_dirs gives them: those before its end not given yet, and
 * those after it on its last line); what the consumer keeps stays, the
 * rest is freed. */
static void hand_over(mreader *r, kp_host_stmt *st)
{
	kp_host_file *f = r->f;
	const char *t = f->src->text;
	unsigned k = r->dir_next, first = k;
	while (k < f->ndirs && (f->dirs[k].off < st->end || !memchr(t + st->end, '\n', f->dirs[k].off - st->end)))
		k++;
	st->dirs = f->dirs + first;
	st->ndirs = k - first;
	r->dir_next = k;
	if (r->o->each(r->o->ctx, f, st)) {
		st->next = f->kept;
		f->kept = st;
		kp_arena *ka = malloc(sizeof *ka);
		if (!ka)
			abort();
		*ka = r->sa;
		kp_list_push(r->fa, &f->arenas, ka);
		kp_arena_init(&r->sa);
		return;
	}
	for (unsigned i = 0; i < st->nv; i++)
		kp_source_free(&st->v[i].sql);
}

static void element_done(mreader *r, const mnode *n)
{
	if (r->pass == MB_READ_FRAGMENTS) {
		if (r->nfrags == r->fragcap) {
			r->fragcap = r->fragcap ? 2 * r->fragcap : 16;
			r->frags = kp_arena_grow(r->fa, r->frags, r->nfrags, r->fragcap, sizeof *r->frags);
		}
		r->frags[r->nfrags++] = n;
		return;
	}
	bool each = r->o && r->o->each;
	if (not_current(r, n)) {
		if (r->pass == MB_READ_STATEMENTS)
			skip(r, n);
	} else if (r->pass == MB_READ_READERS) {
		count_readers(r, n);
	} else {
		kp_host_stmt *st = kp_mb_statement(r, n);
		if (st && each)
			hand_over(r, st);
		else if (st)
			kp_host_add_stmt(r->f, &r->tail, st);
	}
	if (each) {
		/* the statement's tree and what it wrote are gone */
		free_texts(&r->texts);
		kp_arena_reset(&r->sa);
	}
}

/* One pass over the file: false when the XML does not parse. */
static bool read_pass(mreader *r, int pass)
{
	r->pass = pass;
	r->depth = 0;
	r->build = 0;
	r->root = (mnode){0};
	r->stack[0] = &r->root;
	bool ok = kp_mb_parse(r);
	if (!ok && !r->stopped)
		xml_error(r, XML_GetCurrentByteIndex(r->p), XML_ErrorString(XML_GetErrorCode(r->p)));
	XML_ParserFree(r->p);
	r->p = NULL;
	return ok;
}

void kp_mybatis_extract(kp_host_file *f, const kp_host_opts *o, kp_arena *a)
{
	mreader r = {.f = f, .a = a, .fa = a, .src = f->src->text, .o = o};
	if (f->src->len > INT_MAX) {
		kp_diag_add(&f->d, a, KP_R_LIMITS, KP_SEV_ERROR, f->src, 0, 0, "mapper XML larger than 2 GiB");
		return;
	}
	bool each = o && o->each;
	bool ok = read_pass(&r, MB_READ_FRAGMENTS);
	r.ftexts = r.texts;
	r.texts = (kp_list){0};
	f->dirs = kp_arena_alloc(a, (r.dirs.n ? r.dirs.n : 1) * sizeof *f->dirs);
	for (uint32_t k = 0; k < r.dirs.n; k++)
		f->dirs[k] = *(kp_host_comment *)r.dirs.items[k];
	f->ndirs = r.dirs.n;
	if (ok && !r.is_mapper && r.root.child) {
		/* given as a mapper (--lang mybatis, a pasted statement), but
		 * MyBatis reads statements only inside <mapper> */
		const mnode *root = r.root.child;
		kp_diag_add(&f->d, a, KP_R_SYNTAX, KP_SEV_ERROR, f->src, root->off, 0, "mapper XML: the root element is "
		            "<%s>, not <mapper namespace=\"...\">: MyBatis reads no statement from it", root->name);
	}
	if (r.ndbids)
		qsort(r.dbids, r.ndbids, sizeof *r.dbids, cmp_str);
	if (ok && r.is_mapper) {
		if (each) {
			kp_arena_init(&r.sa);
			r.a = &r.sa;
		}
		if (each && r.dynamic) {
			/* which statements read each fragment, and the errors of
			 * their includes, before the first statement */
			f->readers = kp_arena_alloc(a, (r.nfrags ? r.nfrags : 1) * sizeof *f->readers);
			for (unsigned k = 0; k < r.nfrags; k++)
				f->readers[k].off = r.frags[k]->off;
			f->nreaders = r.nfrags;
			read_pass(&r, MB_READ_READERS);
			r.quiet = true;
		}
		read_pass(&r, MB_READ_STATEMENTS);
		if (each)
			kp_arena_free(&r.sa);
		skipped_note(&r);
	}
	if (!each)
		kp_host_assign_dirs(f);
	free_texts(&r.texts);
	free_texts(&r.ftexts);
}
