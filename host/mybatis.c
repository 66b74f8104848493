/* MyBatis mapper XML, read with libexpat into a small tree that keeps the
 * host offset of every byte of text; each <select|insert|update|delete> is
 * written out once per variant of its dynamic SQL (<if>, <choose>), with
 * <include>, <where>, <set>, <trim> and <foreach> applied as MyBatis does.
 * docs/embedded-sql.md lists the rules. Untrusted input: entity
 * declarations are refused (no billion laughs, no external entities),
 * nesting and attribute sizes are bounded, and every error is located. */
#include <expat.h>
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "host/host_build.h"
#include "host/ognl.h"

#define MB_MAX_DEPTH      200           /* nested elements */
#define MB_MAX_ATTR       (64u << 10)   /* bytes in one attribute value */
#define MB_MAX_INCLUDE    32            /* nested <include> */
#define MB_MAX_CHOICES    4096          /* choice points in one statement */
#define MB_MAX_VISITS     (256u << 10)  /* nodes walked to write one variant:
                                           <include> and <foreach> must not
                                           expand like a billion laughs */
#define MB_MAX_SAMPLE_WORK ((size_t)64 << 20) /* bytes written while sampling */

typedef struct mnode {
	const char *name;       /* element name; NULL for text */
	const char **attrs;     /* name, value, ..., NULL */
	uint32_t off, end;      /* the element (start tag to end tag) or text */
	kp_hbuild *text;        /* text: the characters with their offsets */
	struct mnode *child, *last, *next;
} mnode;

typedef struct mreader {
	XML_Parser p;
	kp_host_file *f;
	kp_arena *a;
	const char *src;
	mnode root;             /* a document node above the root element */
	mnode *stack[MB_MAX_DEPTH + 2];
	int depth;
	bool stopped;           /* we stopped the parser, and said why */
	kp_list dirs;           /* kp_host_comment* */
	kp_list texts;          /* kp_hbuild* to free */
} mreader;

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

static const char *attr(const mnode *n, const char *name)
{
	for (size_t i = 0; n->attrs && n->attrs[i]; i += 2)
		if (!strcmp(n->attrs[i], name))
			return n->attrs[i + 1];
	return NULL;
}

/* ------------------------------------------------------------- writing */

typedef struct mstmt {
	mreader *r;
	mnode *mapper;          /* for <sql id> lookups */
	const mnode *stmt;      /* the statement element */
	const char *ns;         /* the mapper's namespace */
	/* choice points, numbered in document order over the expanded tree;
	 * every branch is walked, taken or not, so the numbering is the same
	 * in every variant */
	kp_host_choice *choices;
	unsigned nchoices, cap;
	bool counting;          /* first walk: collecting the choice points */
	uint8_t *pick;          /* the variant being written */
	uint8_t *reached;       /* choice points it reached */
	unsigned next;          /* next choice point's number */
	const mnode *incl[MB_MAX_INCLUDE];
	const mnode *incl_at[MB_MAX_INCLUDE];   /* the <include> elements, for
	                                           their <property> values */
	int nincl;
	bool reported;          /* an include error reported for it */
	unsigned visits;        /* nodes walked for this variant */
	bool too_big;           /* a variant expanded past the limits */
	bool empty_trim;        /* a <set> or <trim> of this variant wrote
	                           nothing */
	bool foreign_missing;   /* it includes a fragment of a mapper not in
	                           the tree: noted, not planned */
	kp_ognl *ognl;          /* the tests, read */
	kp_host_range *uses;    /* the <sql> fragments it includes */
	unsigned nuses, usecap;
	int cur_parent;         /* the choice point whose branch is being
	                           walked, or -1 */
	uint8_t cur_pick;       /* ... and that branch */
} mstmt;

static void write_children(mstmt *m, const mnode *n, kp_hbuild *b, bool live);
static bool write_foreign(mstmt *m, const mnode *inc, const char *refid, kp_hbuild *b, bool live);

static void report(mstmt *m, uint32_t off, const char *msg, const char *arg)
{
	if (m->reported)
		return;
	m->reported = true;
	kp_diag_add(&m->r->f->d, m->r->a, KP_R_SYNTAX, KP_SEV_ERROR, m->r->f->src, off, 0, msg, arg);
}

static const mnode *find_sql(mstmt *m, const char *refid)
{
	size_t nsl = m->ns ? strlen(m->ns) : 0;
	if (nsl && !strncmp(refid, m->ns, nsl) && refid[nsl] == '.')
		refid += nsl + 1;   /* namespace.id of this mapper */
	for (const mnode *c = m->mapper->child; c; c = c->next)
		if (c->name && !strcmp(c->name, "sql")) {
			const char *id = attr(c, "id");
			if (id && !strcmp(id, refid))
				return c;
		}
	return NULL;
}

static void put_mapped(kp_hbuild *dst, const char *t, const uint32_t *map, size_t n)
{
	if (!n)
		return;
	kp_hb_put(dst, t, n, 0, false);
	memcpy(dst->map + dst->text.len - n, map, n * sizeof *map);
}

/* Copies src's text [from, to) and its holes into dst. */
static void append(kp_hbuild *dst, const kp_hbuild *src, size_t from, size_t to)
{
	size_t done = from;
	for (unsigned h = 0; h < src->nholes; h++) {
		uint32_t at = src->holes[h].at;
		if (at < from || at > to)
			continue;
		put_mapped(dst, src->text.data + done, src->map + done, at - done);
		done = at;
		kp_hb_hole(dst, src->holes[h].host, src->holes[h].len);
	}
	put_mapped(dst, src->text.data + done, src->map + done, to - done);
}

/* Does s[0, n) start with o (case-insensitively)? */
static bool starts_ci(const char *s, size_t n, const char *o, size_t on)
{
	return on <= n && !strncasecmp(s, o, on);
}

/* <where>, <set> and <trim>: the children's text, trimmed; if any is left,
 * the first matching prefix override and suffix override removed, and
 * prefix and suffix added (as TrimSqlNode does). */
static void write_trim(mstmt *m, const mnode *n, kp_hbuild *b, bool live, const char *prefix, const char *suffix,
                       const char *pre_over, const char *suf_over)
{
	kp_hbuild in;
	kp_hb_init(&in);
	write_children(m, n, &in, live);
	if (live) {
		size_t s = 0, e = in.text.len;
		const char *t = in.text.data;
		while (s < e && isspace((unsigned char)t[s]))
			s++;
		while (e > s && isspace((unsigned char)t[e - 1]))
			e--;
		bool holes_in = false;
		for (unsigned h = 0; h < in.nholes; h++)
			holes_in |= in.holes[h].at >= s && in.holes[h].at <= e;
		if (e > s || holes_in) {
			for (const char *o = pre_over; o && *o;) {
				const char *bar = strchr(o, '|');
				size_t on = bar ? (size_t)(bar - o) : strlen(o);
				if (on && starts_ci(t + s, e - s, o, on)) {
					s += on;
					break;
				}
				o = bar ? bar + 1 : o + on;
			}
			for (const char *o = suf_over; o && *o;) {
				const char *bar = strchr(o, '|');
				size_t on = bar ? (size_t)(bar - o) : strlen(o);
				if (on && on <= e - s && !strncasecmp(t + e - on, o, on)) {
					e -= on;
					break;
				}
				o = bar ? bar + 1 : o + on;
			}
			if (prefix && *prefix) {
				kp_hb_put(b, " ", 1, n->off, false);
				kp_hb_put(b, prefix, strlen(prefix), n->off, false);
				kp_hb_put(b, " ", 1, n->off, false);
			}
			append(b, &in, s, e);
			if (suffix && *suffix) {
				kp_hb_put(b, " ", 1, n->end, false);
				kp_hb_put(b, suffix, strlen(suffix), n->end ? n->end - 1 : 0, false);
			}
			kp_hb_put(b, " ", 1, n->end ? n->end - 1 : 0, false);
		} else if ((prefix && *prefix) || (suffix && *suffix)) {
			m->empty_trim = true;
		}
	}
	kp_hb_free(&in);
}

/* The value of an <include>'s <property name=...>, the innermost first. */
static const char *property(const mstmt *m, const char *name, size_t len)
{
	for (int i = m->nincl; i-- > 0;)
		for (const mnode *p = m->incl_at[i]->child; p; p = p->next) {
			const char *pn = p->name && !strcmp(p->name, "property") ? attr(p, "name") : NULL;
			if (pn && strlen(pn) == len && !strncmp(pn, name, len))
				return attr(p, "value");
		}
	return NULL;
}

/* A text node; inside an <include>, ${name} of its <property> elements is
 * replaced by the value (configuration, not pasted input), mapped to the
 * "${". */
static void write_text(mstmt *m, const kp_hbuild *t, kp_hbuild *b)
{
	size_t done = 0, n = t->text.len;
	const char *s = t->text.data;
	for (size_t i = 0; m->nincl && i + 2 < n; i++) {
		if (s[i] != '$' || s[i + 1] != '{')
			continue;
		const char *close = memchr(s + i + 2, '}', n - i - 2);
		if (!close)
			break;
		const char *v = property(m, s + i + 2, (size_t)(close - s) - i - 2);
		if (!v)
			continue;
		append(b, t, done, i);
		kp_hb_put(b, v, strlen(v), t->map[i], false);
		done = (size_t)(close - s) + 1;
		i = done - 1;
	}
	append(b, t, done, n);
}

static unsigned new_choice(mstmt *m, const mnode *n, bool is_choose)
{
	unsigned k = m->next++;
	if (!m->counting || k < m->nchoices || k >= MB_MAX_CHOICES)
		return k;   /* known already (a <foreach>'s second item) */
	if (m->nchoices == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 16;
		m->choices = kp_arena_grow(m->r->a, m->choices, m->nchoices, m->cap, sizeof *m->choices);
	}
	kp_host_choice *c = &m->choices[m->nchoices++];
	c->is_choose = is_choose;
	c->parent = m->cur_parent;
	c->parent_pick = m->cur_pick;
	if (!is_choose) {
		c->nwhen = 1;
		c->tests = kp_arena_alloc(m->r->a, sizeof *c->tests);
		const char *t = attr(n, "test");
		c->tests[0] = t ? t : "?";
		c->test0 = kp_ognl_add(m->ognl, c->tests[0]);
		return k;
	}
	unsigned nw = 0;
	for (const mnode *w = n->child; w; w = w->next)
		if (w->name && !strcmp(w->name, "when") && nw < 254)
			nw++;
		else if (w->name && !strcmp(w->name, "otherwise"))
			c->has_otherwise = true;
	c->nwhen = nw;
	c->tests = kp_arena_alloc(m->r->a, (nw ? nw : 1) * sizeof *c->tests);
	nw = 0;
	for (const mnode *w = n->child; w; w = w->next)
		if (w->name && !strcmp(w->name, "when") && nw < 254) {
			const char *t = attr(w, "test");
			c->tests[nw] = t ? t : "?";
			unsigned tn = kp_ognl_add(m->ognl, c->tests[nw]);
			if (nw++ == 0)
				c->test0 = tn;
		}
	return k;
}

static uint8_t picked(mstmt *m, unsigned k, bool live)
{
	if (k >= MB_MAX_CHOICES)
		return 0;
	if (live && !m->counting)
		m->reached[k] = 1;
	return m->counting ? 1 : m->pick[k];
}

static void write_node(mstmt *m, const mnode *n, kp_hbuild *b, bool live)
{
	if (++m->visits > MB_MAX_VISITS || b->text.len > KP_MAX_HOST_STMT) {
		if (!m->too_big) {
			m->too_big = true;
			m->reported = false;
			report(m, m->stmt->off, "mapper XML: the statement expands past %s (<include> and <foreach> "
			       "nested too much); it is not planned", "262,144 elements or 16 MiB");
		}
		return;
	}
	if (!n->name) {
		if (live)
			write_text(m, n->text, b);
		return;
	}
	const char *nm = n->name;
	int sp = m->cur_parent;
	uint8_t spk = m->cur_pick;
	if (!strcmp(nm, "if")) {
		unsigned k = new_choice(m, n, false);
		if (k < MB_MAX_CHOICES) {
			m->cur_parent = (int)k;
			m->cur_pick = 1;
		}
		write_children(m, n, b, live && picked(m, k, live) == 1);
	} else if (!strcmp(nm, "choose")) {
		unsigned k = new_choice(m, n, true);
		uint8_t p = picked(m, k, live);
		unsigned w = 0;
		for (const mnode *c = n->child; c; c = c->next) {
			if (!c->name)
				continue;
			if (!strcmp(c->name, "when") && w < 254) {
				w++;
				if (k < MB_MAX_CHOICES) {
					m->cur_parent = (int)k;
					m->cur_pick = (uint8_t)w;
				}
				write_children(m, c, b, live && p == w);
			} else if (!strcmp(c->name, "otherwise")) {
				if (k < MB_MAX_CHOICES) {
					m->cur_parent = (int)k;
					m->cur_pick = 0;
				}
				write_children(m, c, b, live && p == 0);
			}
		}
	} else if (!strcmp(nm, "where")) {
		write_trim(m, n, b, live, "WHERE", NULL, "AND |OR |AND\n|OR\n|AND\r|OR\r|AND\t|OR\t", NULL);
	} else if (!strcmp(nm, "set")) {
		write_trim(m, n, b, live, "SET", NULL, ",", ",");
	} else if (!strcmp(nm, "trim")) {
		write_trim(m, n, b, live, attr(n, "prefix"), attr(n, "suffix"), attr(n, "prefixOverrides"),
		           attr(n, "suffixOverrides"));
	} else if (!strcmp(nm, "foreach")) {
		/* two items stand for a list of any length: open item sep item close */
		const char *open = attr(n, "open"), *close = attr(n, "close"), *sep = attr(n, "separator");
		if (live && open)
			kp_hb_put(b, open, strlen(open), n->off, false);
		unsigned mark = m->next;
		/* the separator goes before an item's text only after an item
		 * that wrote text (ForEachSqlNode's PrefixedContext); the second
		 * item has the same choice points as the first */
		bool first = true;
		for (int item = 0; item < 2; item++) {
			kp_hbuild it;
			kp_hb_init(&it);
			m->next = mark;
			write_children(m, n, &it, live);
			bool text = it.nholes > 0;
			for (size_t i = 0; i < it.text.len && !text; i++)
				text = !isspace((unsigned char)it.text.data[i]);
			if (live && text && !first) {
				kp_hb_put(b, " ", 1, n->off, false);
				if (sep)
					kp_hb_put(b, sep, strlen(sep), n->off, false);
				kp_hb_put(b, " ", 1, n->off, false);
			}
			if (live)
				append(b, &it, 0, it.text.len);
			first &= !text;
			kp_hb_free(&it);
		}
		if (live && close)
			kp_hb_put(b, close, strlen(close), n->end ? n->end - 1 : 0, false);
	} else if (!strcmp(nm, "include")) {
		const char *refid = attr(n, "refid");
		const mnode *frag = refid ? find_sql(m, refid) : NULL;
		size_t nsl = m->ns ? strlen(m->ns) : 0;
		const char *dot = refid ? strrchr(refid, '.') : NULL;
		bool foreign = dot && !(nsl && (size_t)(dot - refid) == nsl && !strncmp(refid, m->ns, nsl));
		if (!frag && foreign) {
			/* namespace.id of another mapper: read from the tree's
			 * mappers, else the statement is not planned (one note) */
			if (!write_foreign(m, n, refid, b, live) && !m->foreign_missing) {
				m->foreign_missing = true;
				kp_diag_add(&m->r->f->d, m->r->a, KP_R_UNSUPPORTED, KP_SEV_INFO, m->r->f->src, n->off,
				            0, "mapper XML: <include refid=\"%s\"> names a fragment of mapper %.*s, which is "
				            "not among the files linted; '%s' is not planned", refid, (int)(dot - refid),
				            refid, attr(m->stmt, "id") ? attr(m->stmt, "id") : m->stmt->name);
			}
			return;
		}
		if (!frag) {
			report(m, n->off, "mapper XML: <include refid=\"%s\"> names no <sql id> of this mapper",
			       refid ? refid : "");
			return;
		}
		for (int i = 0; i < m->nincl; i++)
			if (m->incl[i] == frag) {
				report(m, n->off, "mapper XML: <include refid=\"%s\"> includes itself", refid);
				return;
			}
		if (m->nincl >= MB_MAX_INCLUDE) {
			report(m, n->off, "mapper XML: <include refid=\"%s\"> nested more than 32 deep", refid);
			return;
		}
		if (m->counting) {
			bool known = false;
			for (unsigned u = 0; u < m->nuses && !known; u++)
				known = m->uses[u].off == frag->off;
			if (!known) {
				if (m->nuses == m->usecap) {
					m->usecap = m->usecap ? m->usecap * 2 : 4;
					m->uses = kp_arena_grow(m->r->a, m->uses, m->nuses, m->usecap, sizeof *m->uses);
				}
				m->uses[m->nuses++] = (kp_host_range){frag->off, frag->end};
			}
		}
		m->incl_at[m->nincl] = n;
		m->incl[m->nincl++] = frag;
		write_children(m, frag, b, live);
		m->nincl--;
	} else if (!strcmp(nm, "bind") || !strcmp(nm, "selectKey") || !strcmp(nm, "property")) {
		/* a variable, a separate statement, an include's property */
	} else {
		write_children(m, n, b, live);
	}
	m->cur_parent = sp;
	m->cur_pick = spk;
}

static void write_children(mstmt *m, const mnode *n, kp_hbuild *b, bool live)
{
	for (const mnode *c = n->child; c; c = c->next)
		write_node(m, c, b, live);
}

/* A small fixed generator for the sample: the same variants on every run. */
static uint32_t lcg(uint32_t *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 8;
}

static unsigned radix(const kp_host_choice *c)
{
	return c->is_choose ? c->nwhen + 1 : 2;
}

typedef struct vlist {
	kp_host_variant *v;
	unsigned n;
	uint8_t **keys;         /* canonical picks (unreached: 0xff) */
} vlist;

/* The conditions of choice point c at branch p, pushed on tst/want: an
 * <if> taken or not; a <choose> at its k-th <when> (the ones before it
 * false, it true: the first true one wins, as in ChooseSqlNode) or at its
 * otherwise (every <when> false). Returns how many. */
static unsigned conditions(const kp_host_choice *c, uint8_t p, unsigned *tst, bool *want)
{
	if (!c->is_choose) {
		tst[0] = c->test0;
		want[0] = p == 1;
		return 1;
	}
	unsigned n = p >= 1 && p <= c->nwhen ? p : c->nwhen;
	for (unsigned i = 0; i < n; i++) {
		tst[i] = c->test0 + i;
		want[i] = p >= 1 && i == (unsigned)p - 1;
	}
	return n;
}

/* Can the conditions tst/want[0, n) hold together? Decided for the group
 * of each of [from, n), over the conditions of that group. */
static bool hold(mstmt *m, const unsigned *tst, const bool *want, unsigned n, unsigned from, unsigned *gt,
                 bool *gw)
{
	for (unsigned k = from; k < n; k++) {
		if (kp_ognl_alone(m->ognl, tst[k])) {
			/* no other test shares a condition: it alone decides */
			if (!kp_ognl_sat(m->ognl, &tst[k], &want[k], 1))
				return false;
			continue;
		}
		unsigned g = kp_ognl_group(m->ognl, tst[k]), ng = 0;
		bool seen = false;
		for (unsigned j = from; j < k && !seen; j++)
			seen = kp_ognl_group(m->ognl, tst[j]) == g;
		if (seen)
			continue;
		for (unsigned j = 0; j < n; j++)
			if (kp_ognl_group(m->ognl, tst[j]) == g) {
				gt[ng] = tst[j];
				gw[ng++] = want[j];
			}
		if (!kp_ognl_sat(m->ognl, gt, gw, ng))
			return false;
	}
	return true;
}

/* Can the picks of key (0xff: not reached) be taken together? */
static bool feasible(mstmt *m, const uint8_t *key)
{
	unsigned n = 0;
	for (unsigned c = 0; c < m->nchoices; c++)
		if (key[c] != 0xff)
			n += m->choices[c].is_choose ? (m->choices[c].nwhen ? m->choices[c].nwhen : 1) : 1;
	if (n == 0)
		return true;
	kp_arena sa;
	kp_arena_init(&sa);
	unsigned *tst = kp_arena_alloc(&sa, 2 * n * sizeof *tst), *gt = tst + n;
	bool *want = kp_arena_alloc(&sa, 2 * n), *gw = want + n;
	unsigned k = 0;
	for (unsigned c = 0; c < m->nchoices; c++)
		if (key[c] != 0xff)
			k += conditions(&m->choices[c], key[c], tst + k, want + k);
	bool ok = hold(m, tst, want, k, 0, gt, gw);
	kp_arena_free(&sa);
	return ok;
}

/* The variants whose conditions can hold together, found depth first over
 * the choice points in document order (a choice point inside a branch is
 * reached only when that branch is taken): counted, the first ones kept. */
typedef struct enumr {
	mstmt *m;
	uint8_t *pick;
	unsigned *tst, *gt;
	bool *want, *gw;
	unsigned ncond;
	double count;
	unsigned steps;         /* nodes left */
	bool cut;               /* the budget ran out: count is not known */
	uint8_t **leaves;       /* the first KP_HOST_MAX_VARIANTS + 1 */
	unsigned nleaves;
} enumr;

#define MB_ENUM_STEPS 20000u

static void enumerate(enumr *e, unsigned c)
{
	mstmt *m = e->m;
	if (e->cut)
		return;
	if (e->steps-- == 0) {
		e->cut = true;
		return;
	}
	if (c == m->nchoices) {
		if (e->nleaves <= KP_HOST_MAX_VARIANTS) {
			uint8_t *l = kp_arena_alloc(m->r->a, c ? c : 1);
			memcpy(l, e->pick, c);
			e->leaves[e->nleaves++] = l;
		}
		e->count++;
		return;
	}
	const kp_host_choice *ch = &m->choices[c];
	if (ch->parent >= 0 && e->pick[ch->parent] != ch->parent_pick) {
		e->pick[c] = 0xff;   /* inside a branch not taken */
		enumerate(e, c + 1);
		return;
	}
	for (unsigned k = 0; k < radix(ch) && !e->cut; k++) {
		unsigned n = conditions(ch, (uint8_t)k, e->tst + e->ncond, e->want + e->ncond);
		if (hold(m, e->tst, e->want, e->ncond + n, e->ncond, e->gt, e->gw)) {
			e->pick[c] = (uint8_t)k;
			e->ncond += n;
			enumerate(e, c + 1);
			e->ncond -= n;
		}
	}
}

/* The first variant whose conditions can hold together, trying at each
 * choice point the branch pref[c] first, then the others in order; into
 * e->pick (0 where not reached). */
static bool first_leaf(enumr *e, unsigned c, const uint8_t *pref)
{
	mstmt *m = e->m;
	if (e->steps == 0)
		return false;
	e->steps--;
	if (c == m->nchoices)
		return true;
	const kp_host_choice *ch = &m->choices[c];
	if (ch->parent >= 0 && e->pick[ch->parent] != ch->parent_pick) {
		e->pick[c] = 0xff;
		if (first_leaf(e, c + 1, pref))
			return true;
		return false;
	}
	unsigned rx = radix(ch);
	for (unsigned i = 0; i < rx; i++) {
		unsigned k = i == 0 ? pref[c] % rx : i <= pref[c] % rx ? i - 1 : i;
		unsigned n = conditions(ch, (uint8_t)k, e->tst + e->ncond, e->want + e->ncond);
		if (!hold(m, e->tst, e->want, e->ncond + n, e->ncond, e->gt, e->gw))
			continue;
		e->pick[c] = (uint8_t)k;
		e->ncond += n;
		bool ok = first_leaf(e, c + 1, pref);
		e->ncond -= n;
		if (ok)
			return true;
	}
	return false;
}

/* Variants without regard to their conditions: per choice point, the sum
 * over its branches of the product of what the choice points inside each
 * branch make. */
static double structural_count(const mstmt *m)
{
	unsigned nc = m->nchoices;
	double *cnt = calloc(nc ? nc : 1, sizeof *cnt), total = 1;
	if (!cnt)
		abort();
	for (unsigned c = nc; c-- > 0;) {
		double prod[256];
		unsigned rx = radix(&m->choices[c]);
		for (unsigned k = 0; k < rx; k++)
			prod[k] = 1;
		for (unsigned d = c + 1; d < nc; d++)
			if (m->choices[d].parent == (int)c && m->choices[d].parent_pick < rx)
				prod[m->choices[d].parent_pick] *= cnt[d];
		cnt[c] = 0;
		for (unsigned k = 0; k < rx; k++)
			cnt[c] += prod[k];
	}
	for (unsigned c = 0; c < nc; c++)
		if (m->choices[c].parent < 0)
			total *= cnt[c];
	free(cnt);
	return total;
}

/* Writes the variant with picks p; kept unless one with the same reached
 * picks is there already, or its conditions cannot hold together. */
static void try_variant(mstmt *m, const mnode *stmt, const uint8_t *p, vlist *vl, kp_hbuild *b)
{
	unsigned nc = m->nchoices;
	memcpy(m->pick, p, nc);
	memset(m->reached, 0, nc);
	m->next = 0;
	m->nincl = 0;
	m->visits = 0;
	m->empty_trim = false;
	kp_hb_clear(b);
	write_children(m, stmt, b, true);
	if (m->too_big)
		return;   /* reported; never planned cut short */
	uint8_t *key = kp_arena_alloc(m->r->a, nc ? nc : 1);
	for (unsigned c = 0; c < nc; c++)
		key[c] = m->reached[c] ? p[c] : 0xff;
	for (unsigned i = 0; i < vl->n; i++)
		if (!memcmp(vl->keys[i], key, nc))
			return;
	if (!feasible(m, key))
		return;
	kp_host_variant v;
	kp_hb_finish(b, KP_LANG_MYBATIS, false, KP_HB_ANY, m->r->f->src, &v);
	v.pick = key;
	v.empty_trim = m->empty_trim;
	vl->keys[vl->n] = key;
	vl->v[vl->n++] = v;
}

/* The variant nearest to the branches pref (one whose conditions can
 * hold together), written and kept unless known already. */
static void try_pref(mstmt *m, const mnode *stmt, enumr *e, const uint8_t *pref, uint8_t *p, vlist *vl,
                     kp_hbuild *b)
{
	e->steps = 4 * m->nchoices + 64;
	e->ncond = 0;
	if (!first_leaf(e, 0, pref))
		return;
	for (unsigned c = 0; c < m->nchoices; c++)
		p[c] = e->pick[c] == 0xff ? 0 : e->pick[c];
	try_variant(m, stmt, p, vl, b);
}

static void read_statement(mreader *r, mnode *mapper, const char *ns, mnode *stmt, kp_host_stmt **tail)
{
	mstmt m = {.r = r, .mapper = mapper, .stmt = stmt, .ns = ns, .counting = true, .cur_parent = -1};
	m.ognl = kp_ognl_new(r->a);
	kp_hbuild b;
	kp_hb_init(&b);
	write_children(&m, stmt, &b, true);
	m.counting = false;
	if (m.too_big || m.foreign_missing) {
		kp_hb_free(&b);
		return;
	}
	unsigned nc = m.nchoices;
	m.pick = kp_arena_alloc(r->a, nc ? nc : 1);
	m.reached = kp_arena_alloc(r->a, nc ? nc : 1);
	/* the variants whose conditions can hold together, counted one by one
	 * while there are not too many */
	unsigned ntests = 0;
	for (unsigned c = 0; c < nc; c++)
		ntests += m.choices[c].nwhen ? m.choices[c].nwhen : 1;
	uint8_t *leaves[KP_HOST_MAX_VARIANTS + 1];
	enumr e = {.m = &m, .steps = MB_ENUM_STEPS, .leaves = leaves};
	e.pick = kp_arena_alloc(r->a, nc ? nc : 1);
	e.tst = kp_arena_alloc(r->a, 2 * (ntests + 1) * sizeof *e.tst);
	e.gt = e.tst + ntests + 1;
	e.want = kp_arena_alloc(r->a, 2 * (ntests + 1));
	e.gw = e.want + ntests + 1;
	enumerate(&e, 0);
	double total = e.cut ? structural_count(&m) : e.count;
	/* room for the most variants on the stack; the arena keeps only those
	 * planned (most statements have a few) */
	kp_host_variant vs[KP_HOST_MAX_VARIANTS];
	uint8_t *keys[KP_HOST_MAX_VARIANTS];
	vlist vl = {vs, 0, keys};
	uint8_t *p = kp_arena_alloc(r->a, nc ? nc : 1);
	if (!e.cut && e.count <= KP_HOST_MAX_VARIANTS) {
		/* every variant */
		for (unsigned i = 0; i < e.nleaves; i++) {
			for (unsigned c = 0; c < nc; c++)
				p[c] = leaves[i][c] == 0xff ? 0 : leaves[i][c];
			try_variant(&m, stmt, p, &vl, &b);
		}
	} else {
		/* the sample: every branch absent, every branch present (a
		 * <choose> at its first <when>), each choice point alone taken
		 * (each of its branches) and alone left out, then pseudo-random
		 * combinations from a fixed seed, until 64 */
		uint8_t *pref = kp_arena_alloc(r->a, nc ? nc : 1);
		memset(pref, 0, nc);
		try_pref(&m, stmt, &e, pref, p, &vl, &b);
		memset(pref, 1, nc);
		try_pref(&m, stmt, &e, pref, p, &vl, &b);
		for (unsigned c = 0; c < nc && vl.n < KP_HOST_MAX_VARIANTS; c++)
			for (unsigned k = 1; k < radix(&m.choices[c]) && vl.n < KP_HOST_MAX_VARIANTS; k++) {
				memset(pref, 0, nc);
				pref[c] = (uint8_t)k;
				try_pref(&m, stmt, &e, pref, p, &vl, &b);
			}
		for (unsigned c = 0; c < nc && vl.n < KP_HOST_MAX_VARIANTS; c++) {
			memset(pref, 1, nc);
			pref[c] = 0;
			try_pref(&m, stmt, &e, pref, p, &vl, &b);
		}
		uint32_t seed = 20261123;
		size_t work = 0;
		for (int tries = 0; tries < 64 * KP_HOST_MAX_VARIANTS && vl.n < KP_HOST_MAX_VARIANTS &&
		                    work < MB_MAX_SAMPLE_WORK; tries++) {
			work += b.text.len + 1;
			for (unsigned c = 0; c < nc; c++)
				pref[c] = (uint8_t)(lcg(&seed) % radix(&m.choices[c]));
			try_pref(&m, stmt, &e, pref, p, &vl, &b);
		}
	}
	kp_hb_free(&b);
	kp_host_stmt *st = kp_arena_alloc(r->a, sizeof *st);
	st->off = stmt->off;
	st->end = stmt->end;
	const char *id = attr(stmt, "id");
	st->name = id ? id : stmt->name;
	st->v = kp_arena_alloc(r->a, (vl.n ? vl.n : 1) * sizeof *st->v);
	memcpy(st->v, vl.v, vl.n * sizeof *st->v);
	st->nv = vl.n;
	st->choices = m.choices;
	st->nchoices = nc;
	st->total = total;
	st->total_bound = e.cut && !kp_ognl_independent(m.ognl);
	st->uses = m.uses;
	st->nuses = m.nuses;
	st->evidence = KP_HE_CALL;   /* a mapper's statements are run as SQL */
	kp_host_add_stmt(r->f, tail, st);
}

/* Reads r->f->src into the tree at r->root; r->p stays for the caller to
 * free. */
static bool parse_xml(mreader *r)
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

/* The <sql> fragment refid of another mapper of the tree, written into b
 * with every byte mapped to the <include> element inc (the fragment is in
 * another file). Returns false when the tree has no such fragment. */
static bool write_foreign(mstmt *m, const mnode *inc, const char *refid, kp_hbuild *b, bool live)
{
	const char *dot = strrchr(refid, '.');
	size_t len;
	const char *xml = dot ? kp_mapper_index_find(m->r->f->mappers, refid, (size_t)(dot - refid), dot + 1, &len)
	                      : NULL;
	if (!xml || m->nincl >= MB_MAX_INCLUDE)
		return xml != NULL;
	kp_source src;
	kp_source_from_string(&src, "<fragment>", xml, len);
	kp_host_file hf = {.src = &src, .lang = KP_LANG_MYBATIS};
	mreader r = {.f = &hf, .a = m->r->a, .src = src.text};
	r.stack[0] = &r.root;
	bool ok = parse_xml(&r);
	XML_ParserFree(r.p);
	const mnode *frag = r.root.child;
	while (frag && !frag->name)
		frag = frag->next;
	if (ok && frag) {
		kp_hbuild t;
		kp_hb_init(&t);
		m->incl_at[m->nincl] = inc;
		m->incl[m->nincl++] = frag;
		write_children(m, frag, &t, live);
		m->nincl--;
		for (size_t i = 0; i < t.text.len; i++)
			t.map[i] = inc->off;
		for (unsigned h = 0; h < t.nholes; h++) {
			t.holes[h].host = inc->off;
			t.holes[h].len = inc->end > inc->off ? inc->end - inc->off : 1;
		}
		append(b, &t, 0, t.text.len);
		kp_hb_free(&t);
	}
	for (uint32_t k = 0; k < r.texts.n; k++)
		kp_hb_free(r.texts.items[k]);
	kp_source_free(&src);
	return true;
}

void kp_mybatis_extract(kp_host_file *f, kp_arena *a)
{
	mreader r = {.f = f, .a = a, .src = f->src->text};
	r.stack[0] = &r.root;
	if (f->src->len > INT_MAX) {
		kp_diag_add(&f->d, a, KP_R_LIMITS, KP_SEV_ERROR, f->src, 0, 0, "mapper XML larger than 2 GiB");
		return;
	}
	if (!parse_xml(&r)) {
		if (!r.stopped)
			xml_error(&r, XML_GetCurrentByteIndex(r.p), XML_ErrorString(XML_GetErrorCode(r.p)));
	} else {
		mnode *mapper = r.root.child;
		while (mapper && !mapper->name)
			mapper = mapper->next;
		if (mapper && !strcmp(mapper->name, "mapper")) {
			const char *ns = attr(mapper, "namespace");
			kp_host_stmt *tail = NULL;
			for (mnode *c = mapper->child; c; c = c->next)
				if (c->name && (!strcmp(c->name, "select") || !strcmp(c->name, "insert") ||
				                !strcmp(c->name, "update") || !strcmp(c->name, "delete")))
					read_statement(&r, mapper, ns, c, &tail);
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
