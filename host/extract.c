/* Statements found in Java, Kotlin, Go and Python: the tokens of the host
 * scanners, the file's string constants, string expressions joined and
 * read into SQL. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "host/host_build.h"

/* ---------------------------------------------------------- extraction */

/* A window of the file's tokens (the file's text is whole; its tokens are
 * not: a large file's tokens would be most of what extraction holds). The
 * window's own tokens are [lo, hi); the WIN_BACK before them are what a
 * statement looks back at (an annotation's name, NAME =), the WIN_AHEAD
 * after them what it reads on (a chain of literals, a builder's appends,
 * an annotation's arguments). The last token is EOF: the file's end, or
 * where the window stops. */
typedef struct toks {
	kp_htok *t;
	size_t n, cap;
	size_t lo, hi;
} toks;

#ifndef KP_HOST_WIN_TOKENS
#define KP_HOST_WIN_TOKENS 65536   /* a test build may make windows small */
#endif
#define WIN_TOKENS KP_HOST_WIN_TOKENS
#define WIN_BACK 64
#define WIN_AHEAD 8192

static int lex(kp_hlex *lx, kp_htok *t, kp_lang lang)
{
	return lang == KP_LANG_GO ? kp_hlex_go(lx, t) : lang == KP_LANG_PYTHON ? kp_hlex_python(lx, t)
	                                                                        : kp_hlex_java(lx, t);
}

/* Reads the window whose own tokens start at offset start, from back (a
 * token's offset at most WIN_BACK tokens before; the scanners start afresh
 * at any token). */
static void window(toks *w, kp_source *src, kp_lang lang, size_t back, size_t start)
{
	if (!w->t) {
		w->cap = WIN_BACK + WIN_TOKENS + WIN_AHEAD + 2;
		w->t = malloc(w->cap * sizeof *w->t);
		if (!w->t)
			abort();
	}
	kp_hlex lx = {src->text, src->len, back, lang == KP_LANG_KOTLIN};
	w->n = 0;
	w->lo = w->hi = SIZE_MAX;
	for (;;) {
		kp_htok *t = &w->t[w->n];
		if (lex(&lx, t, lang) == KP_HT_EOF) {
			w->n++;
			break;
		}
		if (w->lo == SIZE_MAX && t->off >= start)
			w->lo = w->n;
		w->n++;
		if (w->lo != SIZE_MAX && w->n - w->lo == WIN_TOKENS)
			w->hi = w->n;
		if (w->n == w->cap - 1) {
			/* where the window stops: an end to every loop */
			w->t[w->n++] = (kp_htok){.off = (uint32_t)lx.pos, .type = KP_HT_EOF};
			break;
		}
	}
	if (w->lo == SIZE_MAX)
		w->lo = w->n - 1;
	if (w->hi == SIZE_MAX || w->hi > w->n - 1)
		w->hi = w->n - 1;
}

/* Is the last token of the window the file's end? */
static bool at_end(const toks *w, const kp_source *src)
{
	return w->t[w->n - 1].off >= src->len;
}

/* The window after this one, whose own tokens start at local token k. */
static void next_window(toks *w, kp_source *src, kp_lang lang, size_t k)
{
	size_t start = w->t[k].off, back = w->t[k >= WIN_BACK ? k - WIN_BACK : 0].off;
	window(w, src, lang, back, start);
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
	const char *const *calls; /* a team's own SQL calls (NULL-terminated) */
	kp_host_range uses[16]; /* the constants the statement being read uses */
	unsigned nuses;
	struct pname { uint32_t off, len; } *passed; /* names passed to a SQL call
	                           (len 0: an empty slot) */
	size_t passed_mask;
	uint8_t appended[8192]; /* bits by name hash: names appended to somewhere
	                           (NAME +=, NAME.append(, NAME = NAME +) */
	const kp_host_opts *o;  /* with o->each: statements handed over one by one */
	bool dry;               /* only where statements are and what they use */
	kp_host_stmt *pending;  /* streaming: found, handed over when the next is
	                           found (a comment trailing both on one line is
	                           the later one's) */
	kp_arena sa[2];         /* streaming: the pending statement's arena and
	                           the next one's */
	int cur;                /* the arena the next statement goes in */
	unsigned dir_next;      /* streaming: the first keyplan: comment not given */
	uint32_t *carry;        /* offsets of literals appended to a builder
	                           that lie past the window read */
	size_t ncarry, carrycap;
} extractor;

/* A constant of the file: an upper-case name given a string of literals
 * once (static final String COLUMNS = "a, b"; const Cols = "a, b"). Used
 * as an operand of +, it is its text, not pasted input; a statement that
 * is used that way (a prefix) is not planned on its own. */
typedef struct hconst {
	uint32_t name, len;     /* the name in the host */
	uint32_t first, last;   /* the offsets of its first and last tokens */
	uint32_t end;           /* the end of its last token */
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
 * statement, found in the window's own tokens. */
static void find_consts(extractor *x, size_t *cap)
{
	const kp_htok *T = x->tk.t;
	for (size_t i = x->tk.lo; i < x->tk.hi && i + 2 < x->tk.n; i++) {
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
		if (x->nconsts == *cap) {
			*cap = *cap ? *cap * 2 : 16;
			hconst *nc = realloc(x->consts, *cap * sizeof *nc);
			if (!nc)
				abort();
			x->consts = nc;
		}
		x->consts[x->nconsts] = (hconst){T[i].off, T[i].len, T[i + 2].off, T[last].off,
		                                 T[last].off + T[last].len, false, false};
		chash_add(x, x->nconsts);
		x->nconsts++;
	}
}

/* Which constants are operands of +, in the window's own tokens. */
static void find_used(extractor *x)
{
	const kp_htok *T = x->tk.t;
	for (size_t i = x->tk.lo > 0 ? x->tk.lo : 1; i < x->tk.hi && i + 1 < x->tk.n && x->nconsts; i++) {
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
 * built from, 8 deep; anything else is a hole): its tokens are read again
 * from the text, wherever in the file it is. */
static void decode_const(extractor *x, const hconst *c, int depth)
{
	kp_host_range u = {c->first, c->end};
	bool known = false;
	for (unsigned k = 0; k < x->nuses && !known; k++)
		known = x->uses[k].off == u.off;
	if (!known && x->nuses < 16)
		x->uses[x->nuses++] = u;
	kp_hlex lx = {x->src->text, x->src->len, c->first, x->lang == KP_LANG_KOTLIN};
	kp_htok t;
	while (lex(&lx, &t, x->lang) != KP_HT_EOF && t.off <= c->last) {
		if (t.type == KP_HT_STR) {
			kp_hb_literal(&x->b, x->src->text, &t);
		} else if (t.type == KP_HT_OTHER) {
			const hconst *d = depth < 8 ? find_const(x, &t) : NULL;
			if (d && d != c)
				decode_const(x, d, depth + 1);
			else
				kp_hb_hole(&x->b, t.off, t.len);
		}
	}
}

/* Reads the string expression that starts with the literal at i into x->b:
 * literals joined by + (and, in Python, by nothing), with any other
 * operand a hole. Returns the index of the token after it. */
/* Is there a line break between tokens a and b? */
static bool line_between(const extractor *x, const kp_htok *a, const kp_htok *b)
{
	uint32_t from = a->off + a->len;
	return b->off > from && memchr(x->src->text + from, '\n', b->off - from);
}

/* Does a line break after the operand token t end the expression? Go
 * inserts a semicolon after a name, a literal or a closing bracket; so
 * does Kotlin outside brackets. */
static bool line_ends_expr(const extractor *x, const kp_htok *t)
{
	if (!(t->type == KP_HT_OTHER || t->type == KP_HT_STR || t->type == KP_HT_CLOSE))
		return false;
	return x->lang == KP_LANG_GO || (x->lang == KP_LANG_KOTLIN && x->depth == 0);
}

static bool word_at(const extractor *x, size_t i, const char *w)
{
	const kp_htok *t = &x->tk.t[i];
	return t->type == KP_HT_OTHER && t->len == strlen(w) && !memcmp(x->src->text + t->off, w, t->len);
}

static size_t read_chain(extractor *x, size_t i, bool *pyformat)
{
	const kp_htok *T = x->tk.t;
	bool py = x->lang == KP_LANG_PYTHON;
	size_t start = i;
	for (;;) {
		const hconst *ci = T[i].type == KP_HT_STR ? NULL : find_const(x, &T[i]);
		if (ci)
			decode_const(x, ci, 0);   /* the chain starts with a constant */
		else
			kp_hb_literal(&x->b, x->src->text, &T[i]);
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
				if (d == 0 && e > k && line_ends_expr(x, &T[last]) && line_between(x, &T[last], &T[e]))
					break;   /* the statement ended with its line */
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
out:;
		/* ("..." "...").format(...): past the parentheses around the
		 * expression (not a call's) */
		size_t f = j;
		if (T[f].type == KP_HT_CLOSE && T[f].open == ')' && start >= 1 && T[start - 1].type == KP_HT_OPEN &&
		    T[start - 1].open == '(' &&
		    !(start >= 2 && (T[start - 2].type == KP_HT_OTHER || T[start - 2].type == KP_HT_CLOSE)))
			f = skip(x, f + 1, x->depth);
		if (py && T[f].type == KP_HT_PCT)
			*pyformat = true;   /* "..." % args: Python's own formatting */
		if (T[f].type == KP_HT_DOT && T[f + 2].type == KP_HT_OPEN &&
		    (word_at(x, f + 1, "format") || word_at(x, f + 1, "formatted"))) {
			if (py)
				format_fields(&x->b);   /* "...{}...".format(args) */
			else
				*pyformat = true;       /* Kotlin's and Java's "...%s...".format(args) */
		}
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
	if (x->lang == KP_LANG_PYTHON)
		return false;
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

/* Is the annotation whose arguments T[p] opens one whose strings are SQL:
 * MyBatis's @Select, @Insert, @Update, @Delete (their arrays are joined),
 * Spring Data's @Query with nativeQuery = true? */
static bool sql_annotation(const extractor *x, size_t p)
{
	if (x->lang == KP_LANG_PYTHON)
		return false;
	const kp_htok *nt = &x->tk.t[p - 1];
	const char *name = x->src->text + nt->off;
	size_t n = nt->len;
	if (name[0] == '@')
		name++, n--;
	static const char *const mybatis[] = {"Select", "Insert", "Update", "Delete", NULL};
	for (size_t k = 0; mybatis[k]; k++)
		if (strlen(mybatis[k]) == n && !memcmp(name, mybatis[k], n))
			return true;
	return n == 5 && !memcmp(name, "Query", 5) && !jpql(x, p);
}

/* The names passed as a whole argument to a SQL call: cursor.execute(sql),
 * db.Query(q, id), jdbc.query(FIND_BY_ID, mapper). */
static uint32_t name_hash(const char *p, size_t n);

static bool passed(const extractor *x, const kp_htok *t)
{
	if (!x->passed)
		return false;
	const char *p = x->src->text + t->off;
	for (size_t h = name_hash(p, t->len) & x->passed_mask;; h = (h + 1) & x->passed_mask) {
		const struct pname *e = &x->passed[h];
		if (!e->len)
			return false;
		if (e->len == t->len && !memcmp(x->src->text + e->off, p, t->len))
			return true;
	}
}

/* The brackets open where find_passed is, from window to window: each
 * one's bracket and, for a (, the name of the call it opens. */
typedef struct open_br {
	char open;
	uint32_t name, len;     /* the word before (: off, len (0: none) */
} open_br;

typedef struct passed_state {
	open_br stack[256];
	size_t n, count, cap;
} passed_state;

static void add_passed(extractor *x, passed_state *ps, uint32_t off, uint32_t len)
{
	if ((ps->count + 1) * 2 > ps->cap) {
		size_t nc = ps->cap ? ps->cap * 2 : 64;
		struct pname *old = x->passed;
		size_t om = ps->cap;
		x->passed = calloc(nc, sizeof *x->passed);
		if (!x->passed)
			abort();
		x->passed_mask = nc - 1;
		ps->cap = nc;
		for (size_t h = 0; h < om; h++)
			if (old[h].len) {
				size_t q = name_hash(x->src->text + old[h].off, old[h].len) & x->passed_mask;
				while (x->passed[q].len)
					q = (q + 1) & x->passed_mask;
				x->passed[q] = old[h];
			}
		free(old);
	}
	size_t q = name_hash(x->src->text + off, len) & x->passed_mask;
	while (x->passed[q].len)
		q = (q + 1) & x->passed_mask;
	x->passed[q] = (struct pname){off, len};
	ps->count++;
}

/* The names passed as a whole argument to a SQL call, in the window's own
 * tokens: cursor.execute(sql), db.Query(q, id), jdbc.query(FIND_BY_ID, m). */
static void find_passed(extractor *x, passed_state *ps)
{
	const kp_htok *T = x->tk.t;
	for (size_t k = x->tk.lo; k < x->tk.hi && T[k].type != KP_HT_EOF; k++) {
		if (T[k].type == KP_HT_OPEN) {
			if (ps->n < 256) {
				open_br *o = &ps->stack[ps->n];
				o->open = T[k].open;
				o->name = k > 0 && T[k - 1].type == KP_HT_OTHER ? T[k - 1].off : 0;
				o->len = k > 0 && T[k - 1].type == KP_HT_OTHER ? T[k - 1].len : 0;
			}
			ps->n++;
			continue;
		}
		if (T[k].type == KP_HT_CLOSE) {
			if (ps->n)
				ps->n--;
			continue;
		}
		if (T[k].type != KP_HT_OTHER || !ps->n || ps->n > 256 || k < 1 || k + 1 >= x->tk.n)
			continue;
		const open_br *o = &ps->stack[ps->n - 1];
		size_t after = k + 1;
		if (k + 5 < x->tk.n && T[k + 1].type == KP_HT_DOT && word_at(x, k + 2, "toString") &&
		    T[k + 3].type == KP_HT_OPEN && T[k + 4].type == KP_HT_CLOSE)
			after = k + 5;   /* sb.toString() */
		if (o->open != '(' || !o->len || !(T[k - 1].type == KP_HT_COMMA || T[k - 1].type == KP_HT_OPEN) ||
		    !(T[after].type == KP_HT_COMMA || T[after].type == KP_HT_CLOSE) ||
		    kp_host_call_evidence(x->src->text + o->name, o->len, x->calls) != KP_HE_CALL)
			continue;
		if (!passed(x, &T[k]))
			add_passed(x, ps, T[k].off, T[k].len);
	}
}

/* ------------------------------------------------------------ builders */

/* Tokens after a builder's start that are searched for its appends. */
#define KP_HOST_BUILDER_TOKENS 4096

static bool same_name(const extractor *x, const kp_htok *a, const kp_htok *b)
{
	return a->type == KP_HT_OTHER && b->type == KP_HT_OTHER && a->len == b->len &&
	       !memcmp(x->src->text + a->off, x->src->text + b->off, a->len);
}

/* The local a builder keeps its text in, when the string expression at i
 * starts one: NAME = "...", NAME = new StringBuilder("..."), or the first
 * NAME.append("..."). The index of NAME's token, or SIZE_MAX. */
static size_t builder_root(const extractor *x, size_t i)
{
	const kp_htok *T = x->tk.t;
	if (i >= 2 && T[i - 1].type == KP_HT_ASSIGN && T[i - 2].type == KP_HT_OTHER &&
	    !(i >= 3 && T[i - 3].type == KP_HT_DOT))
		return i - 2;
	if (i >= 5 && T[i - 1].type == KP_HT_OPEN && T[i - 1].open == '(' &&
	    (word_at(x, i - 2, "StringBuilder") || word_at(x, i - 2, "StringBuffer")) && word_at(x, i - 3, "new") &&
	    T[i - 4].type == KP_HT_ASSIGN && T[i - 5].type == KP_HT_OTHER)
		return i - 5;
	if (i >= 4 && T[i - 1].type == KP_HT_OPEN && word_at(x, i - 2, "append") && T[i - 3].type == KP_HT_DOT &&
	    T[i - 4].type == KP_HT_OTHER && !(i >= 5 && T[i - 5].type == KP_HT_DOT))
		return i - 4;
	return SIZE_MAX;
}

static size_t read_chain(extractor *x, size_t i, bool *pyformat);

/* One appended value starting at k, up to (not with) token stop or the end
 * of the statement: a string expression (its literals are consumed) or
 * pasted text. Returns the token after it. */
static size_t append_value(extractor *x, size_t k, size_t stop, bool *pyformat, uint8_t *consumed)
{
	const kp_htok *T = x->tk.t;
	if (T[k].type == KP_HT_STR) {
		size_t e = read_chain(x, k, pyformat);
		for (size_t q = k; q < e; q++)
			consumed[q] = 1;
		return e;
	}
	int d = 0;
	size_t e = k, last = k;
	for (; e < x->tk.n && T[e].type != KP_HT_EOF && e != stop; e++) {
		int ty = T[e].type;
		if (d == 0 && (ty == KP_HT_SEMI || ty == KP_HT_NL || ty == KP_HT_COMMA || ty == KP_HT_CLOSE))
			break;
		if (ty == KP_HT_OPEN)
			d++;
		else if (ty == KP_HT_CLOSE)
			d--;
		last = e;
	}
	if (e > k)
		kp_hb_hole(&x->b, T[k].off, T[last].off + T[last].len - T[k].off);
	return e;
}

/* Appends to x->b what the code appends to the builder named by token nm
 * after token j, to the end of the block: NAME += ..., NAME = NAME + ...,
 * NAME.append(...).append(...). Stops where NAME is given another value.
 * Returns false when an append is conditional (inside a deeper block: an
 * if, a loop): the statement the code runs is not known. *end: where the
 * last append ends in the host. */
static bool follow_builder(extractor *x, size_t nm, size_t j, bool *pyformat, uint8_t *consumed, uint32_t *end)
{
	const kp_htok *T = x->tk.t;
	int d = 0;   /* brackets open since the builder's name */
	for (size_t k = nm; k < j; k++)
		d += T[k].type == KP_HT_OPEN ? 1 : T[k].type == KP_HT_CLOSE ? -1 : 0;
	if (any_const(x, &T[nm]))
		return true;   /* a constant is no builder */
	uint32_t bit = name_hash(x->src->text + T[nm].off, T[nm].len) & 0xffff;
	if (!(x->appended[bit >> 3] & (1u << (bit & 7))))
		return true;   /* nothing is ever appended to this name */
	/* a method's worth of tokens at most: a builder lives in one method,
	 * and a class of many string fields must not be read once per field */
	size_t stop = j + KP_HOST_BUILDER_TOKENS < x->tk.n ? j + KP_HOST_BUILDER_TOKENS : x->tk.n;
	for (size_t k = j; k < stop && T[k].type != KP_HT_EOF; k++) {
		int ty = T[k].type;
		if (ty == KP_HT_OPEN) {
			d++;
			continue;
		}
		if (ty == KP_HT_CLOSE) {
			if (--d < 0)
				return true;
			continue;
		}
		if (!same_name(x, &T[k], &T[nm]) || (k > 0 && T[k - 1].type == KP_HT_DOT) || k + 3 >= x->tk.n)
			continue;
		size_t p = k + 1, e;
		if (word_at(x, p, "+=")) {
			if (d > 0)
				return false;
			e = append_value(x, p + 1, SIZE_MAX, pyformat, consumed);
		} else if (T[p].type == KP_HT_ASSIGN && same_name(x, &T[p + 1], &T[nm]) && T[p + 2].type == KP_HT_PLUS) {
			if (d > 0)
				return false;
			e = append_value(x, p + 3, SIZE_MAX, pyformat, consumed);
		} else if (T[p].type == KP_HT_DOT && word_at(x, p + 1, "append") && T[p + 2].type == KP_HT_OPEN) {
			if (d > 0)
				return false;
			e = p;
			while (T[e].type == KP_HT_DOT && word_at(x, e + 1, "append") && T[e + 2].type == KP_HT_OPEN) {
				size_t o = e + 2, c = o + 1;
				for (int dd = 1; c < x->tk.n && T[c].type != KP_HT_EOF; c++)
					if (T[c].type == KP_HT_OPEN)
						dd++;
					else if (T[c].type == KP_HT_CLOSE && --dd == 0)
						break;
				if (c > o + 1)
					append_value(x, o + 1, c, pyformat, consumed);
				e = c + 1;
			}
		} else if (T[p].type == KP_HT_ASSIGN) {
			return true;   /* a new value: this builder ends */
		} else {
			continue;
		}
		if (e > 0 && e - 1 < x->tk.n)
			*end = T[e - 1].off + T[e - 1].len;
		k = e > k ? e - 1 : k;
	}
	return true;
}

/* Calls that format their first argument: String.format, fmt.Sprintf ... */
static bool format_call(const char *name, size_t n)
{
	static const char *const f[] = {"format", "formatted", "Sprintf", "Fprintf", "Printf", "Errorf", NULL};
	for (size_t k = 0; f[k]; k++)
		if (strlen(f[k]) == n && !memcmp(name, f[k], n))
			return true;
	return false;
}

/* Streaming: hands the pending statement over, now that the next one
 * (or NULL: the end of the file) is known. Its keyplan: comments are those
 * kp_host_assign_dirs gives it: inside it or before it (after the one
 * before), and one after it on its last line unless next ends before that
 * comment. What the consumer keeps stays (its arena is the file's from
 * now on), the rest is freed. */
static void hand_over(extractor *x, const kp_host_stmt *next)
{
	kp_host_stmt *st = x->pending;
	if (!st)
		return;
	kp_host_file *f = x->f;
	const char *t = f->src->text;
	unsigned k = x->dir_next, first = k;
	while (k < f->ndirs && f->dirs[k].off < st->end)
		k++;
	while (k < f->ndirs && !(next && next->end <= f->dirs[k].off) &&
	       !memchr(t + st->end, '\n', f->dirs[k].off - st->end))
		k++;   /* trailing: String q = "..."; // keyplan:ignore ... */
	st->dirs = f->dirs + first;
	st->ndirs = k - first;
	x->dir_next = k;
	x->pending = NULL;
	int slot = x->cur ^ 1;   /* the pending statement's arena */
	if (x->o->each(x->o->ctx, f, st)) {
		st->next = f->kept;
		f->kept = st;
		kp_arena *ka = malloc(sizeof *ka);
		if (!ka)
			abort();
		*ka = x->sa[slot];
		kp_list_push(x->a, &f->arenas, ka);
		kp_arena_init(&x->sa[slot]);
		return;
	}
	for (unsigned i = 0; i < st->nv; i++)
		kp_source_free(&st->v[i].sql);
	kp_arena_reset(&x->sa[slot]);
}

static void add_stmt(extractor *x, uint32_t off, uint32_t end, bool pyformat, bool check_sql,
                     kp_host_evidence ev)
{
	kp_host_variant v;
	if (ev == KP_HE_NOT_SQL || !kp_hb_finish(&x->b, x->lang, pyformat, check_sql, x->src, &v))
		return;
	if ((ev == KP_HE_NONE || ev == KP_HE_NAME) && kp_host_prose(v.sql.text, v.sql.len)) {
		kp_source_free(&v.sql);   /* a sentence, not a statement */
		return;
	}
	bool each = x->o && x->o->each && !x->dry;
	kp_arena *a = each ? &x->sa[x->cur] : x->a;
	kp_host_stmt *st = kp_arena_alloc(a, sizeof *st);
	st->evidence = ev;
	if (x->nuses) {
		st->uses = kp_arena_alloc(a, x->nuses * sizeof *st->uses);
		memcpy(st->uses, x->uses, x->nuses * sizeof *st->uses);
		st->nuses = x->nuses;
	}
	st->off = off;
	st->end = end;
	st->total = 1;
	if (x->dry) {
		/* where it is and what it uses, for the statements after it that
		 * name the constants' users */
		kp_source_free(&v.sql);
		kp_host_add_stmt(x->f, &x->tail, st);
		return;
	}
	st->v = kp_arena_alloc(a, sizeof *st->v);
	st->v[0] = v;
	st->nv = 1;
	if (!each) {
		kp_host_add_stmt(x->f, &x->tail, st);
		return;
	}
	hand_over(x, st);
	x->pending = st;
	x->cur ^= 1;
}

void kp_host_add_stmt(kp_host_file *f, kp_host_stmt **tail, kp_host_stmt *st)
{
	if (*tail)
		(*tail)->next = st;
	else
		f->head = st;
	*tail = st;
}

/* brackets: whether each is an annotation's (, an array inside a MyBatis
 * one, and where it opens */
enum { B_PLAIN, B_ANNOT, B_SQLANNOT, B_ARRAY, B_JPQL };

/* The statements of the file, in order: to x->f's list, or (streaming)
 * handed over one by one; consumed marks literals appended to a builder. */
static void scan(extractor *x, uint8_t *consumed)
{
	kp_source *src = x->src;
	unsigned char kind[256];
	open_br lvl[256];       /* each bracket open, and the call it opens */
	x->depth = 0;
	x->ncarry = 0;
	window(&x->tk, src, x->lang, 0, 0);
	for (;;) {
		const kp_htok *T = x->tk.t;
		/* literals a builder of the window before took */
		memset(consumed, 0, x->tk.n + 1);
		for (size_t q = 0, c = 0; q < x->tk.n && c < x->ncarry; q++) {
			while (c < x->ncarry && x->carry[c] < T[q].off)
				c++;
			if (c < x->ncarry && x->carry[c] == T[q].off)
				consumed[q] = 1;
		}
		size_t i = x->tk.lo;
		while (i < x->tk.hi && T[i].type != KP_HT_EOF) {
			const kp_htok *t = &T[i];
			int inner = x->depth > 0 && x->depth <= 256 ? kind[x->depth - 1] : B_PLAIN;
			switch (t->type) {
			case KP_HT_OPEN:
				if (x->depth < 256) {
					kind[x->depth] = t->open == '(' && annotation(x, i)
					              ? (jpql(x, i) ? B_JPQL : sql_annotation(x, i) ? B_SQLANNOT : B_ANNOT)
					              : (t->open == '{' || t->open == '[') && inner == B_SQLANNOT ? B_ARRAY
					              : inner == B_JPQL ? B_JPQL : B_PLAIN;
					lvl[x->depth].open = t->open;
					lvl[x->depth].name = i > 0 && T[i - 1].type == KP_HT_OTHER ? T[i - 1].off : 0;
					lvl[x->depth].len = i > 0 && T[i - 1].type == KP_HT_OTHER ? T[i - 1].len : 0;
				}
				x->depth++;
				i++;
				continue;
			case KP_HT_CLOSE:
				if (x->depth > 0)
					x->depth--;
				i++;
				continue;
			case KP_HT_OTHER:
				/* BASE + " WHERE ...": a chain that starts with a constant */
				if (!find_const(x, t) || T[skip(x, i + 1, x->depth)].type != KP_HT_PLUS ||
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
				kp_hb_clear(&x->b);
				x->nuses = 0;
				bool pyformat = false;
				/* the evidence: the calls around it (through format calls),
				 * a SQL annotation, or the name it is assigned to */
				kp_host_evidence ev = KP_HE_NONE;
				for (int d = x->depth; d > 0 && d <= 256 && ev == KP_HE_NONE; d--) {
					if (kind[d - 1] == B_SQLANNOT || kind[d - 1] == B_ARRAY) {
						ev = KP_HE_CALL;
						break;
					}
					const open_br *o = &lvl[d - 1];
					if (kind[d - 1] != B_PLAIN || o->open != '(' || !o->len)
						break;
					const char *nm = src->text + o->name;
					ev = kp_host_call_evidence(nm, o->len, x->calls);
					if (ev == KP_HE_NONE && format_call(nm, o->len)) {
						pyformat |= x->lang != KP_LANG_PYTHON && d == x->depth;
						continue;
					}
					break;
				}
				if (ev == KP_HE_NONE && i >= 2 && T[i - 1].type == KP_HT_ASSIGN) {
					size_t nm = i - 2;
					if (nm >= 2 && T[nm - 1].type == KP_HT_OTHER && T[nm - 1].len == 1 &&
					    src->text[T[nm - 1].off] == ':')
						nm -= 2;   /* name: Type = "..." */
					if (T[nm].type == KP_HT_OTHER)
						ev = passed(x, &T[nm]) ? KP_HE_CALL
						   : kp_host_sql_name(src->text + T[nm].off, T[nm].len) ? KP_HE_NAME : KP_HE_NONE;
				}
				if (consumed[i]) {
					i++;   /* appended to a builder read already */
					continue;
				}
				size_t j = read_chain(x, i, &pyformat);
				/* a builder: what the method appends to it, in order */
				size_t root = builder_root(x, i);
				uint32_t bend = 0;
				if (root != SIZE_MAX && !follow_builder(x, root, j, &pyformat, consumed, &bend)) {
					i = j > i ? j : i + 1;   /* conditional appends: not known */
					continue;
				}
				if (ev == KP_HE_NONE && root != SIZE_MAX)   /* where the builder goes, its name */
					ev = passed(x, &T[root]) ? KP_HE_CALL
					   : kp_host_sql_name(src->text + T[root].off, T[root].len) ? KP_HE_NAME : KP_HE_NONE;
				/* the definition of a constant used as a prefix: NAME = "..." */
				const hconst *pc = i >= 2 && T[i - 1].type == KP_HT_ASSIGN ? any_const(x, &T[i - 2]) : NULL;
				bool prefix = pc && pc->first == T[i].off && pc->used && !pc->twice;
				if (prefix) {
					i = j > i ? j : i + 1;   /* planned where it is used */
					continue;
				}
				/* an annotation's array of strings: MyBatis joins them with
				 * a space */
				while (inner == B_ARRAY && T[j].type == KP_HT_COMMA) {
					size_t k = skip(x, j + 1, x->depth);
					if (T[k].type != KP_HT_STR)
						break;
					kp_hb_put(&x->b, " ", 1, T[k].off, false);
					j = read_chain(x, k, &pyformat);
				}
				size_t last = j > i ? j - 1 : i;
				while (last > i && T[last].type == KP_HT_COMMENT)
					last--;
				uint32_t send = T[last].off + T[last].len;
				add_stmt(x, t->off, bend > send ? bend : send, pyformat, true, ev);
				i = j > i ? j : i + 1;
				continue;
			}
			default:
				i++;
			}
		}
		if (i >= x->tk.n)
			i = x->tk.n - 1;
		if (T[i].type == KP_HT_EOF && at_end(&x->tk, src))
			break;
		/* the next window goes on from where this one stopped, with the
		 * literals a builder here took beyond it */
		x->ncarry = 0;
		for (size_t q = i; q < x->tk.n; q++)
			if (consumed[q]) {
				if (x->ncarry == x->carrycap) {
					x->carrycap = x->carrycap ? x->carrycap * 2 : 64;
					uint32_t *nc = realloc(x->carry, x->carrycap * sizeof *nc);
					if (!nc)
						abort();
					x->carry = nc;
				}
				x->carry[x->ncarry++] = T[q].off;
			}
		next_window(&x->tk, src, x->lang, i);
	}
}

/* Is there a window after this one (for the passes over every token)? */
static bool more(const extractor *x)
{
	return !(x->tk.hi >= x->tk.n - 1 && at_end(&x->tk, x->src));
}

void kp_host_extract(kp_host_file *out, kp_source *src, kp_lang lang, kp_arena *a)
{
	kp_host_extract_with(out, src, lang, NULL, a);
}

void kp_host_extract_with(kp_host_file *out, kp_source *src, kp_lang lang, const kp_host_opts *o, kp_arena *a)
{
	const char *const *sql_calls = o ? o->sql_calls : NULL;
	memset(out, 0, sizeof *out);
	out->mappers = o ? o->mappers : NULL;
	out->src = src;
	out->lang = lang;
	if (lang == KP_LANG_MYBATIS) {
		kp_mybatis_extract(out, a);
		return;
	}
	extractor x = {.f = out, .src = src, .lang = lang, .a = a, .calls = sql_calls};
	kp_hb_init(&x.b);
	/* what the whole file says: its constants, then which are read by
	 * other strings, the names passed to SQL calls, the names appended to,
	 * the keyplan: comments; each pass reads the tokens window by window */
	size_t ccap = 0;
	for (window(&x.tk, src, lang, 0, 0);; next_window(&x.tk, src, lang, x.tk.hi)) {
		find_consts(&x, &ccap);
		if (!more(&x))
			break;
	}
	passed_state *ps = calloc(1, sizeof *ps);
	if (!ps)
		abort();
	kp_list dirs = {0};
	for (window(&x.tk, src, lang, 0, 0);; next_window(&x.tk, src, lang, x.tk.hi)) {
		const kp_htok *T = x.tk.t;
		find_used(&x);
		find_passed(&x, ps);
		for (size_t k = x.tk.lo; k < x.tk.hi && k + 3 < x.tk.n; k++)
			if (T[k].type == KP_HT_OTHER && (word_at(&x, k + 1, "+=") ||
			    (T[k + 1].type == KP_HT_DOT && word_at(&x, k + 2, "append") && T[k + 3].type == KP_HT_OPEN) ||
			    (T[k + 1].type == KP_HT_ASSIGN && same_name(&x, &T[k], &T[k + 2]) &&
			     T[k + 3].type == KP_HT_PLUS))) {
				uint32_t bit = name_hash(src->text + T[k].off, T[k].len) & 0xffff;
				x.appended[bit >> 3] |= (uint8_t)(1u << (bit & 7));
			}
		/* every keyplan: comment, wherever it is (between joined literals too) */
		for (size_t i = x.tk.lo; i < x.tk.hi; i++)
			if (T[i].type == KP_HT_COMMENT && has_directive(src, &T[i])) {
				kp_host_comment *c = kp_arena_alloc(a, sizeof *c);
				c->off = T[i].off;
				c->end = T[i].off + T[i].len;
				kp_list_push(a, &dirs, c);
			}
		if (!more(&x))
			break;
	}
	free(ps);
	uint8_t *consumed = calloc(x.tk.cap + 1, 1);   /* literals appended to a builder */
	if (!consumed)
		abort();
	x.o = o;
	out->dirs = kp_arena_alloc(a, (dirs.n ? dirs.n : 1) * sizeof *out->dirs);
	for (uint32_t k = 0; k < dirs.n; k++)
		out->dirs[k] = *(kp_host_comment *)dirs.items[k];
	out->ndirs = dirs.n;
	if (o && o->each) {
		/* the users of a constant a statement reads are named in its
		 * findings: where they are is found first (when any constant is
		 * read by another string) */
		bool uses = false;
		for (size_t c = 0; c < x.nconsts && !uses; c++)
			uses = x.consts[c].used && !x.consts[c].twice;
		if (uses) {
			x.dry = true;
			scan(&x, consumed);
			x.dry = false;
		}
		kp_arena_init(&x.sa[0]);
		kp_arena_init(&x.sa[1]);
		scan(&x, consumed);
		hand_over(&x, NULL);
		kp_arena_free(&x.sa[0]);
		kp_arena_free(&x.sa[1]);
	} else {
		scan(&x, consumed);
		kp_host_assign_dirs(out);
	}
	free(x.tk.t);
	free(x.consts);
	free(x.chash);
	free(x.passed);
	free(x.carry);
	free(consumed);
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
	for (kp_host_stmt *st = f->kept; st; st = st->next)
		for (unsigned i = 0; i < st->nv; i++)
			kp_source_free(&st->v[i].sql);
	for (uint32_t i = 0; i < f->arenas.n; i++) {
		kp_arena_free(f->arenas.items[i]);
		free(f->arenas.items[i]);
	}
	f->head = f->kept = NULL;
	f->arenas = (kp_list){0};
}

