/* One variant of a MyBatis statement written out as DynamicSqlSource builds
 * it: the branches the variant takes, <include> (from this mapper or, through
 * the tree's index, another one), <where>, <set>, <trim>, <foreach> and the
 * text with <property> values; every byte keeps its host offset. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "host/mybatisInt.h"

static bool write_foreign(mstmt *m, const mnode *inc, const char *refid, kp_hbuild *b, bool live);

static void report(mstmt *m, uint32_t off, const char *msg, const char *arg)
{
	if (m->reported)
		return;
	m->reported = true;
	if (m->r->quiet && m->counting)
		return;   /* reported by the first pass */
	kp_diag_add(&m->r->f->d, m->r->fa, KP_R_SYNTAX, KP_SEV_ERROR, m->r->f->src, off, 0, msg, arg);
}

static const mnode *find_sql(mstmt *m, const char *refid)
{
	const char *ns = m->r->ns;
	size_t nsl = ns ? strlen(ns) : 0;
	if (nsl && !strncmp(refid, ns, nsl) && refid[nsl] == '.')
		refid += nsl + 1;   /* namespace.id of this mapper */
	/* of the fragments of that id, the one whose databaseId matches, else
	 * the one without (XMLMapperBuilder.sqlElement) */
	const mnode *plain = NULL;
	for (unsigned k = 0; k < m->r->nfrags; k++) {
		const char *id = kp_mb_attr(m->r->frags[k], "id");
		if (!id || strcmp(id, refid))
			continue;
		const char *db = kp_mb_attr(m->r->frags[k], "databaseId");
		if (db && kp_mb_db_match(m->r, db))
			return m->r->frags[k];
		if (!db && !plain)
			plain = m->r->frags[k];
	}
	return plain;
}

/* Copies n bytes of src's text from off, with their map; src's buffers are
 * NULL while it is empty, so the offsets are applied only when n > 0 (NULL
 * plus 0 is undefined behaviour in C: fuzz_host found it). */
static void put_mapped(kp_hbuild *dst, const kp_hbuild *src, size_t off, size_t n)
{
	if (!n)
		return;
	kp_hb_put_mapped(dst, src->text.data + off, src->map + off, n);
}

/* Copies src's text [from, to) and its holes into dst. */
static void append(kp_hbuild *dst, const kp_hbuild *src, size_t from, size_t to)
{
	size_t done = from;
	for (unsigned h = 0; h < src->nholes; h++) {
		uint32_t at = src->holes[h].at;
		if (at < from || at > to)
			continue;
		put_mapped(dst, src, done, at - done);
		done = at;
		kp_hb_hole(dst, src->holes[h].host, src->holes[h].len);
	}
	put_mapped(dst, src, done, to - done);
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
	kp_mb_write_children(m, n, &in, live);
	if (live) {
		size_t s = 0, e = in.text.len;
		const char *t = in.text.data ? in.text.data : ""; /* NULL while empty */
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
			/* a suffix override matches as written or trimmed, and what
			 * is removed is the trimmed one: " AND" and "AND " both take
			 * the AND off "a = 1 AND" (TrimSqlNode.applySuffix; a token
			 * of white space alone matches and removes nothing) */
			for (const char *o = suf_over; o && *o;) {
				const char *bar = strchr(o, '|');
				size_t on = bar ? (size_t)(bar - o) : strlen(o);
				size_t ts = 0, te = on;
				while (ts < te && (unsigned char)o[ts] <= ' ')
					ts++;
				while (te > ts && (unsigned char)o[te - 1] <= ' ')
					te--;
				if (on && ((on <= e - s && !strncasecmp(t + e - on, o, on)) ||
				           (te - ts <= e - s && !strncasecmp(t + e - (te - ts), o + ts, te - ts)))) {
					e -= te - ts;
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

/* The statement expands past the limits: said once, never planned. */
static void expands_too_much(mstmt *m)
{
	if (!m->too_big) {
		m->too_big = true;
		m->reported = false;
		report(m, m->stmt->off, "mapper XML: the statement expands past %s (<include>, <foreach> and <property> "
		       "values nested too much); it is not planned", "262,144 elements or 16 MiB");
	}
}

static const char *resolve(mstmt *m, const char *s, size_t n, int depth);

/* The value of the <property name=...> of the <include> elements below
 * depth, the innermost first, with the ${} of the includes around it
 * replaced (XMLIncludeTransformer.getVariablesContext); NULL when none
 * names it. */
static const char *property(mstmt *m, const char *name, size_t len, int depth)
{
	/* each lookup counts as a node walked: properties whose values name
	 * each other, include after include, must not expand without bound */
	if (++m->visits > MB_MAX_VISITS) {
		expands_too_much(m);
		return NULL;
	}
	for (int i = depth; i-- > 0;)
		for (const mnode *p = m->incl_at[i]->child; p; p = p->next) {
			const char *pn = p->name && !strcmp(p->name, "property") ? kp_mb_attr(p, "name") : NULL;
			if (pn && strlen(pn) == len && !strncmp(pn, name, len)) {
				const char *v = kp_mb_attr(p, "value");
				return v ? resolve(m, v, strlen(v), i) : NULL;
			}
		}
	return NULL;
}

/* s[0, n) with each ${name} that a <property> of the includes below depth
 * names replaced by its value (PropertyParser: any other ${} stays as
 * written); s itself when nothing is replaced. */
static const char *resolve(mstmt *m, const char *s, size_t n, int depth)
{
	kp_buf b = {0};
	size_t done = 0;
	for (size_t i = 0; depth > 0 && i + 2 < n && b.len <= MB_MAX_ATTR; i++) {
		if (s[i] != '$' || s[i + 1] != '{')
			continue;
		const char *close = memchr(s + i + 2, '}', n - i - 2);
		if (!close)
			break;
		const char *v = property(m, s + i + 2, (size_t)(close - s) - i - 2, depth);
		if (!v)
			continue;
		kp_buf_put(&b, s + done, i - done);
		kp_buf_puts(&b, v);
		done = (size_t)(close - s) + 1;
		i = done - 1;
	}
	if (!done)
		return s;
	kp_buf_put(&b, s + done, n - done);
	const char *r = kp_arena_strndup(m->r->a, b.data, b.len);
	kp_buf_free(&b);
	return r;
}

/* Attribute name of element n; inside an <include>d fragment with its
 * ${} of the includes' <property> values replaced, as in its text
 * (XMLIncludeTransformer.applyIncludes replaces both). */
static const char *attr(mstmt *m, const mnode *n, const char *name)
{
	const char *v = kp_mb_attr(n, name);
	return v && m->nincl && strstr(v, "${") ? resolve(m, v, strlen(v), m->nincl) : v;
}

/* A text node; inside an <include>, ${name} of its <property> elements is
 * replaced by the value (configuration, not pasted input), mapped to the
 * "${". */
static void write_text(mstmt *m, const kp_hbuild *t, kp_hbuild *b)
{
	size_t done = 0, n = t->text.len;
	const char *s = t->text.data;
	for (size_t i = 0; m->nincl && i + 2 < n && b->text.len <= KP_MAX_HOST_STMT; i++) {
		if (s[i] != '$' || s[i + 1] != '{')
			continue;
		const char *close = memchr(s + i + 2, '}', n - i - 2);
		if (!close)
			break;
		const char *v = property(m, s + i + 2, (size_t)(close - s) - i - 2, m->nincl);
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
		const char *t = attr(m, n, "test");
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
			const char *t = attr(m, w, "test");
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
		expands_too_much(m);
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
		kp_mb_write_children(m, n, b, live && picked(m, k, live) == 1);
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
				kp_mb_write_children(m, c, b, live && p == w);
			} else if (!strcmp(c->name, "otherwise")) {
				if (k < MB_MAX_CHOICES) {
					m->cur_parent = (int)k;
					m->cur_pick = 0;
				}
				kp_mb_write_children(m, c, b, live && p == 0);
			}
		}
	} else if (!strcmp(nm, "where")) {
		write_trim(m, n, b, live, "WHERE", NULL, "AND |OR |AND\n|OR\n|AND\r|OR\r|AND\t|OR\t", NULL);
	} else if (!strcmp(nm, "set")) {
		write_trim(m, n, b, live, "SET", NULL, ",", ",");
	} else if (!strcmp(nm, "trim")) {
		write_trim(m, n, b, live, attr(m, n, "prefix"), attr(m, n, "suffix"), attr(m, n, "prefixOverrides"),
		           attr(m, n, "suffixOverrides"));
	} else if (!strcmp(nm, "foreach")) {
		/* two items stand for a list of any length: open item sep item close */
		const char *open = attr(m, n, "open"), *close = attr(m, n, "close"), *sep = attr(m, n, "separator");
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
			kp_mb_write_children(m, n, &it, live);
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
		const char *refid = attr(m, n, "refid");
		const mnode *frag = refid ? find_sql(m, refid) : NULL;
		const char *ns = m->r->ns;
		size_t nsl = ns ? strlen(ns) : 0;
		const char *dot = refid ? strrchr(refid, '.') : NULL;
		bool foreign = dot && !(nsl && (size_t)(dot - refid) == nsl && !strncmp(refid, ns, nsl));
		if (!frag && foreign) {
			/* namespace.id of another mapper: read from the tree's
			 * mappers, else the statement is not planned (one note) */
			if (!write_foreign(m, n, refid, b, live) && !m->foreign_missing) {
				m->foreign_missing = true;
				if (!(m->r->quiet && m->counting))   /* noted by the first pass */
					kp_diag_add(&m->r->f->d, m->r->fa, KP_R_UNSUPPORTED, KP_SEV_INFO, m->r->f->src, n->off,
					            0, "mapper XML: <include refid=\"%s\"> names a fragment of mapper %.*s, which is "
					            "not among the files linted; '%s' is not planned", refid, (int)(dot - refid),
					            refid, kp_mb_attr(m->stmt, "id") ? kp_mb_attr(m->stmt, "id") : m->stmt->name);
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
		kp_mb_write_children(m, frag, b, live);
		m->nincl--;
	} else if (!strcmp(nm, "bind") || !strcmp(nm, "selectKey") || !strcmp(nm, "property")) {
		/* a variable, a separate statement, an include's property */
	} else {
		kp_mb_write_children(m, n, b, live);
	}
	m->cur_parent = sp;
	m->cur_pick = spk;
}

void kp_mb_write_children(mstmt *m, const mnode *n, kp_hbuild *b, bool live)
{
	for (const mnode *c = n->child; c; c = c->next)
		write_node(m, c, b, live);
}

static bool db_match(const void *r, const char *db)
{
	return kp_mb_db_match(r, db);
}

/* The <sql> fragment refid of another mapper of the tree, written into b
 * with every byte mapped to the <include> element inc (the fragment is in
 * another file). Returns false when the tree has no such fragment. */
static bool write_foreign(mstmt *m, const mnode *inc, const char *refid, kp_hbuild *b, bool live)
{
	const char *dot = strrchr(refid, '.');
	size_t len;
	const char *xml = dot ? kp_mapper_index_find(m->r->f->mappers, refid, (size_t)(dot - refid), dot + 1, db_match,
	                                             m->r, &len)
	                      : NULL;
	if (!xml || m->nincl >= MB_MAX_INCLUDE)
		return xml != NULL;
	kp_source src;
	kp_source_from_string(&src, "<fragment>", xml, len);
	kp_host_file hf = {.src = &src, .lang = KP_LANG_MYBATIS};
	mreader r = {.f = &hf, .a = m->r->a, .fa = m->r->a, .src = src.text};
	r.stack[0] = &r.root;
	bool ok = kp_mb_parse(&r);
	XML_ParserFree(r.p);
	const mnode *frag = r.root.child;
	while (frag && !frag->name)
		frag = frag->next;
	if (ok && frag) {
		kp_hbuild t;
		kp_hb_init(&t);
		m->incl_at[m->nincl] = inc;
		m->incl[m->nincl++] = frag;
		kp_mb_write_children(m, frag, &t, live);
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
