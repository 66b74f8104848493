/* Regions of application code read alone (regions.h). */
#include "tools/lsp/regionsInt.h"

#include <stdlib.h>
#include <string.h>

#include "host/host.h"

#define STACK 256
#define NO_LEAD UINT32_MAX



static int lex(int lang, kp_hlex *lx, kp_htok *t)
{
	return lang == KP_LANG_GO ? kp_hlex_go(lx, t) : lang == KP_LANG_PYTHON ? kp_hlex_python(lx, t)
	                                                                      : kp_hlex_java(lx, t);
}


static void push_tok(toklist *l, const kp_htok *t)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 256;
		l->t = realloc(l->t, l->cap * sizeof *l->t);
		if (!l->t)
			abort();
	}
	l->t[l->n++] = *t;
}

/* The scanner's state between tokens: what is open, and the token before. */
typedef struct scan {
	int lang;
	const char *text;
	char st[STACK];         /* 'T' a type body, 'B' a body of code, 'I' an
	                           initializer or lambda brace, '(' '[' */
	unsigned n;             /* open (past STACK: never a boundary) */
	bool type_kw;           /* a class, interface ... since the last ; { } */
	kp_htok prev;           /* the last token that is not a comment */
	bool have_prev;
	bool closed_ok;         /* prev is a '}' that may end a declaration */
	bool line_start;        /* Python: the next token starts a logical line */
	bool decorated;         /* Python: the logical line before is a decorator */
	bool cur_decorator;     /* Python: the current logical line is one */
	unsigned min;           /* the least open since the region's start */
	uint32_t last_end;      /* where the last token (a comment too) ends */
	uint32_t code_end;      /* where the last token that is not a comment
	                           (nor Python's line end) ends */
	uint32_t lead;          /* the start of the line of the first comment
	                           on a line of its own since that token (the
	                           comments above a declaration, its keyplan:
	                           directives among them), or NO_LEAD */
	unsigned cls_ind;       /* Python: the column of the body of the class
	                           open at column 0 (its methods' def), or 0 */
	bool cls_pending;       /* Python: a class began at column 0, its body
	                           not yet reached */
	bool cls_head;          /* Python: a class began in the region */
} scan;

static uint32_t line_start(const char *text, uint32_t off)
{
	while (off > 0 && text[off - 1] != '\n' && text[off - 1] != '\r')
		off--;
	return off;
}

/* Where a region starting at token t begins: the line of t, or of the
 * comments on lines of their own just above it (a declaration's comments,
 * its keyplan: directives, go with it: a directive acts on the statement
 * below it, docs/embedded-sql.md). */
static uint32_t region_start(const scan *s, const kp_htok *t)
{
	return s->lead != NO_LEAD ? s->lead : line_start(s->text, t->off);
}

/* The column of off (bytes from its line's start). */
static unsigned column(const char *text, uint32_t off)
{
	unsigned n = 0;
	while (off > n && text[off - n - 1] != '\n' && text[off - n - 1] != '\r')
		n++;
	return n;
}

static bool all_types(const scan *s)
{
	if (s->n > STACK)
		return false;
	for (unsigned i = 0; i < s->n; i++)
		if (s->st[i] != 'T')
			return false;
	return true;
}

static bool at_column0(const char *text, uint32_t off)
{
	return off == 0 || text[off - 1] == '\n' || text[off - 1] == '\r';
}


/* The column of the class's members a region starting at t is in: the
 * first member's own when the class's body starts there. */
static unsigned pyind_at(const scan *s, const kp_htok *t)
{
	return s->cls_pending ? column(s->text, t->off) : s->cls_ind;
}

/* Is the line holding t the start of a region (before t is read)? */
static bool boundary(const scan *s, const kp_htok *t)
{
	if (!s->have_prev || t->type == KP_HT_EOF)
		return false;
	const char *p = s->text + t->off;
	bool word = t->type == KP_HT_OTHER && word_start(*p);
	switch (s->lang) {
	case KP_LANG_GO:
		return s->n == 0 && at_column0(s->text, t->off) && word &&
		       (is_word(p, t->len, "func") || is_word(p, t->len, "const") || is_word(p, t->len, "var") ||
		        is_word(p, t->len, "type") || is_word(p, t->len, "import"));
	case KP_LANG_PYTHON:
		/* at column 0, or at the column of a class's members (its
		 * methods, its attributes) */
		return s->n == 0 && s->line_start && !s->decorated &&
		       (at_column0(s->text, t->off) || (s->cls_ind && column(s->text, t->off) == s->cls_ind) ||
		        (s->cls_pending && column(s->text, t->off) > 0)) &&
		       (word || t->type == KP_HT_ANNOT) && !is_word(p, t->len, "else") && !is_word(p, t->len, "elif") &&
		       !is_word(p, t->len, "except") && !is_word(p, t->len, "finally");
	default:
		if (!all_types(s) || !newline_between(s->text, s->prev.off + s->prev.len, t->off))
			return false;
		if (!(s->prev.type == KP_HT_SEMI || (s->prev.type == KP_HT_OPEN && s->prev.open == '{') ||
		      (s->prev.type == KP_HT_CLOSE && s->closed_ok)))
			return false;
		return (word && !is_word(p, t->len, "else") && !is_word(p, t->len, "catch") &&
		        !is_word(p, t->len, "finally") && !is_word(p, t->len, "while")) ||
		       t->type == KP_HT_ANNOT;
	}
}

/* Reads t (after boundary()). */
static void step(scan *s, const kp_htok *t)
{
	uint32_t before = s->last_end;
	s->last_end = t->off + t->len;
	if (t->type == KP_HT_COMMENT) {
		/* the first comment that starts its own line (no token, no part
		 * of a comment before it there) */
		uint32_t ls = line_start(s->text, t->off);
		if (s->lead == NO_LEAD && ls >= before && (s->code_end == 0 || newline_between(s->text, s->code_end, t->off)))
			s->lead = ls;
		return;
	}
	if (t->type != KP_HT_NL) {
		s->code_end = t->off + t->len;
		s->lead = NO_LEAD;
	}
	const char *p = s->text + t->off;
	bool java = s->lang == KP_LANG_JAVA || s->lang == KP_LANG_KOTLIN;
	if (s->lang == KP_LANG_PYTHON) {
		if (t->type == KP_HT_NL) {
			if (s->n == 0 && !s->line_start) {
				s->line_start = true;
				s->decorated = s->cur_decorator;
			}
		} else if (s->line_start) {
			s->line_start = false;
			s->cur_decorator = t->type == KP_HT_ANNOT;
			unsigned col = column(s->text, t->off);
			if (col == 0) {
				s->cls_ind = 0;
				s->cls_pending = t->type == KP_HT_OTHER && is_word(p, t->len, "class");
				s->cls_head |= s->cls_pending;
				if (t->type == KP_HT_ANNOT)
					s->cls_head = true;   /* a decorated class, perhaps: kept */
			} else if (s->cls_pending) {
				s->cls_ind = col;
				s->cls_pending = false;
			}
		}
	}
	s->closed_ok = false;
	if (t->type == KP_HT_OPEN) {
		char k = t->open;
		if (java && k == '{') {
			int pt = s->have_prev ? s->prev.type : KP_HT_SEMI;
			k = s->type_kw ? 'T' : (pt == KP_HT_ASSIGN || pt == KP_HT_COMMA || pt == KP_HT_OPEN ||
			                        (pt == KP_HT_OTHER && s->text[s->prev.off] == '-')) ? 'I' : 'B';
			s->type_kw = false;
		}
		if (s->n < STACK)
			s->st[s->n] = k;
		s->n++;
	} else if (t->type == KP_HT_CLOSE) {
		if (s->n == 0) {
			s->min = 0;
			s->n = 1;   /* unmatched: nothing after it is a boundary ... */
			s->st[0] = 'X';
		} else {
			s->n--;
			char k = s->n < STACK ? s->st[s->n] : 'X';
			s->closed_ok = t->open == '}' && (k == 'T' || k == 'B');
		}
		if (s->n < s->min)
			s->min = s->n;
		s->type_kw = false;
	} else if (t->type == KP_HT_SEMI) {
		s->type_kw = false;
	} else if (java && ((t->type == KP_HT_OTHER &&
	                     (is_word(p, t->len, "class") || is_word(p, t->len, "interface") ||
	                      is_word(p, t->len, "enum") || is_word(p, t->len, "record") ||
	                      is_word(p, t->len, "object"))) ||
	                    (t->type == KP_HT_ANNOT && is_word(p, t->len, "@interface")))) {
		s->type_kw = true;
	}
	s->prev = *t;
	s->have_prev = true;
}


typedef struct rlist {
	kp_lsp_region *r;
	size_t n, cap;
	size_t *tok;            /* each region's first token in the list */
} rlist;

static void push_region(rlist *l, uint32_t off, unsigned depth, unsigned pyind, size_t tok)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->r = realloc(l->r, l->cap * sizeof *l->r);
		l->tok = realloc(l->tok, l->cap * sizeof *l->tok);
		if (!l->r || !l->tok)
			abort();
	}
	l->r[l->n] = (kp_lsp_region){off, (uint16_t)depth, (uint16_t)(pyind > UINT16_MAX ? UINT16_MAX : pyind), false, 0,
	                             NULL, 0, NULL, 0, NULL, 0};
	l->tok[l->n] = tok;
	l->n++;
}


/* Ends region i of l (whose depth at its start is l->r[i].depth) with the
 * scanner's state s: structural when a body opened or closed in it. */
static void end_region(rlist *l, size_t i, const scan *s)
{
	l->r[i].structural = s->min < l->r[i].depth || s->n != l->r[i].depth || s->cls_head;
}

kp_lsp_regions *kp_lsp_regions_build(const char *text, size_t len, int lang)
{
	if (lang != KP_LANG_JAVA && lang != KP_LANG_KOTLIN && lang != KP_LANG_GO && lang != KP_LANG_PYTHON)
		return NULL;
	kp_hlex lx = {text, len, 0, lang == KP_LANG_KOTLIN};
	scan s = {.lang = lang, .text = text, .line_start = true, .lead = NO_LEAD};
	toklist l = {0};
	rlist rl = {0};
	push_region(&rl, 0, 0, 0, 0);
	for (;;) {
		kp_htok t;
		lex(lang, &lx, &t);
		if (t.type != KP_HT_COMMENT && boundary(&s, &t)) {
			uint32_t at = region_start(&s, &t);
			if (at > rl.r[rl.n - 1].off && at >= s.code_end) {
				end_region(&rl, rl.n - 1, &s);
				push_region(&rl, at, s.n, pyind_at(&s, &t), l.n);
				s.min = s.n;
				s.cls_head = false;
			}
		}
		if (t.type == KP_HT_EOF)
			break;
		step(&s, &t);
		if (t.type != KP_HT_COMMENT)
			push_tok(&l, &t);
	}
	end_region(&rl, rl.n - 1, &s);
	kp_lsp_regions *g = calloc(1, sizeof *g);
	if (!g)
		abort();
	g->lang = lang;
	g->r = rl.r;
	g->n = (uint32_t)rl.n;
	for (size_t i = 0; i < rl.n; i++)
		kp_lsp_region_attrs(lang, text, &l, rl.tok[i], i + 1 < rl.n ? rl.tok[i + 1] : l.n, &g->r[i]);
	kp_lsp_region_attrs_index(g);
	for (size_t i = 0; i < rl.n; i++) {
		kp_lsp_region_names(lang, text, &l, rl.tok[i], i + 1 < rl.n ? rl.tok[i + 1] : l.n, &g->r[i], g);
		kp_lsp_region_count(g, &g->r[i], 1);
	}
	free(rl.tok);
	free(l.t);
	return g;
}

void kp_lsp_regions_free(kp_lsp_regions *g)
{
	if (!g)
		return;
	for (uint32_t i = 0; i < g->n; i++) {
		free(g->r[i].w);
		free(g->r[i].lw);
		free(g->r[i].ax);
	}
	free(g->r);
	free(g->tab);
	free(g->ta);
	free(g);
}

void kp_lsp_region_plan_free(kp_lsp_region_plan *pl)
{
	for (uint32_t i = 0; i < pl->n; i++) {
		free(pl->r[i].w);
		free(pl->r[i].lw);
		free(pl->r[i].ax);
	}
	free(pl->r);
	memset(pl, 0, sizeof *pl);
}


bool kp_lsp_regions_plan(kp_lsp_regions *g, const char *text, size_t len, size_t e0, size_t e1_old,
                         long long delta, kp_lsp_region_plan *pl)
{
	memset(pl, 0, sizeof *pl);
	if (!g || !g->n)
		return false;
	/* the region before the first changed byte: the text before it is as
	 * it was, so the scanner's state at its start is known */
	uint32_t ia = 0;
	while (ia + 1 < g->n && g->r[ia + 1].off < e0)
		ia++;
	uint32_t a = g->r[ia].off;
	size_t e1_new = (size_t)((long long)e1_old + delta);
	kp_hlex lx = {text, len, a, g->lang == KP_LANG_KOTLIN};
	scan s = {.lang = g->lang, .text = text, .line_start = true, .n = g->r[ia].depth, .min = g->r[ia].depth,
	          .cls_ind = g->r[ia].pyind, .lead = NO_LEAD, .code_end = (uint32_t)a};
	memset(s.st, 'T', sizeof s.st);
	if (a > 0) {
		/* what stands before the region: a boundary held there */
		s.have_prev = true;
		s.prev.type = KP_HT_SEMI;
		s.prev.off = s.prev.len = 0;
	}
	toklist l = {0};
	rlist rl = {0};
	push_region(&rl, a, s.n, s.cls_ind, 0);
	bool first = true, ok = false;
	uint32_t ib = g->n, b_new = (uint32_t)len;
	size_t after = 0;   /* tokens read past the end (names look ahead) */
	for (;;) {
		kp_htok t;
		lex(g->lang, &lx, &t);
		if (after) {
			if (t.type != KP_HT_COMMENT)
				push_tok(&l, &t);
			if (--after == 0 || t.type == KP_HT_EOF)
				break;
			continue;
		}
		if (first && t.type != KP_HT_COMMENT) {
			first = false;
			/* the region's first token may be new: it must still start one */
			if (a > 0 && !boundary(&s, &t))
				break;
		} else if (t.type != KP_HT_COMMENT && boundary(&s, &t)) {
			uint32_t at = region_start(&s, &t);
			if (at > rl.r[rl.n - 1].off && at >= s.code_end) {
				end_region(&rl, rl.n - 1, &s);
				if (at >= e1_new) {
					/* where an old region started, in the same state:
					 * the rest lexes as it did */
					long long old = (long long)at - delta;
					uint32_t lo = ia + 1, hi = g->n;
					while (lo < hi) {
						uint32_t mid = (lo + hi) / 2;
						if ((long long)g->r[mid].off < old)
							lo = mid + 1;
						else
							hi = mid;
					}
					if (lo < g->n && (long long)g->r[lo].off == old && g->r[lo].depth == s.n &&
					    g->r[lo].pyind == pyind_at(&s, &t)) {
						ib = lo;
						b_new = at;
						ok = true;
						push_tok(&l, &t);
						after = 3;
						continue;
					}
				}
				push_region(&rl, at, s.n, pyind_at(&s, &t), l.n);
				s.min = s.n;
				s.cls_head = false;
			}
		}
		if (t.type == KP_HT_EOF) {
			end_region(&rl, rl.n - 1, &s);
			ok = true;   /* the region runs to the end */
			break;
		}
		step(&s, &t);
		if (t.type != KP_HT_COMMENT)
			push_tok(&l, &t);
	}
	if (ok && b_new <= a)
		ok = false;
	if (ok) {
		/* the region's tokens end where the boundary's token was pushed */
		size_t end_tok = l.n;
		if (ib < g->n) {
			/* the boundary's token and the look-ahead were pushed after
			 * the region's own */
			size_t k = l.n;
			while (k > 0 && l.t[k - 1].off >= b_new)
				k--;
			end_tok = k;
		}
		for (size_t i = 0; i < rl.n; i++)
			kp_lsp_region_attrs(g->lang, text, &l, rl.tok[i], i + 1 < rl.n ? rl.tok[i + 1] : end_tok, &rl.r[i]);
		for (size_t i = 0; i < rl.n; i++)
			kp_lsp_region_names(g->lang, text, &l, rl.tok[i], i + 1 < rl.n ? rl.tok[i + 1] : end_tok, &rl.r[i], g);
		pl->ia = ia;
		pl->ib = ib;
		pl->r = rl.r;
		pl->n = (uint32_t)rl.n;
		pl->a = a;
		pl->b_new = b_new;
		pl->b_old = ib < g->n ? g->r[ib].off : (uint32_t)(len - delta);
		rl.r = NULL;
		bool same = pl->n == ib - ia;
		for (uint32_t i = 0; same && i < pl->n; i++)
			same = pl->r[i].shape == g->r[ia + i].shape && pl->r[i].structural == g->r[ia + i].structural;
		/* an attribute set to SQL text here or no more: other regions'
		 * names change (their reads of it link them or not) */
		if (!same || !kp_lsp_region_attrs_same(g, ia, ib, pl->r, pl->n) ||
		    kp_lsp_region_shared(g, ia, ib, pl->r, pl->n)) {
			kp_lsp_region_plan_free(pl);
			ok = false;
		}
	}
	free(rl.r);
	free(rl.tok);
	free(l.t);
	return ok;
}

void kp_lsp_regions_commit(kp_lsp_regions *g, kp_lsp_region_plan *pl, long long delta)
{
	for (uint32_t i = pl->ia; i < pl->ib; i++) {
		kp_lsp_region_count(g, &g->r[i], -1);
		free(g->r[i].w);
		free(g->r[i].lw);
		free(g->r[i].ax);
	}
	for (uint32_t i = 0; i < pl->n; i++)
		kp_lsp_region_count(g, &pl->r[i], 1);
	uint32_t tail = g->n - pl->ib, n = pl->ia + pl->n + tail;
	kp_lsp_region *r = malloc((n ? n : 1) * sizeof *r);
	if (!r)
		abort();
	if (pl->ia)
		memcpy(r, g->r, pl->ia * sizeof *r);
	if (pl->n)
		memcpy(r + pl->ia, pl->r, pl->n * sizeof *r);
	for (uint32_t i = 0; i < tail; i++) {
		r[pl->ia + pl->n + i] = g->r[pl->ib + i];
		r[pl->ia + pl->n + i].off = (uint32_t)((long long)r[pl->ia + pl->n + i].off + delta);
	}
	free(g->r);
	free(pl->r);
	g->r = r;
	g->n = n;
	pl->r = NULL;
	pl->n = 0;
}

/* Region j of the list the plan makes (the old before it, the plan's,
 * the old after it moved by delta). */
static uint32_t planned_off(const kp_lsp_regions *g, const kp_lsp_region_plan *pl, uint32_t j, long long delta)
{
	if (j < pl->ia)
		return g->r[j].off;
	if (j < pl->ia + pl->n)
		return pl->r[j - pl->ia].off;
	return (uint32_t)((long long)g->r[pl->ib + j - pl->ia - pl->n].off + delta);
}

/* Blanks m[lo, hi) to spaces, with text's line breaks put back. */
static void blank(char *m, const char *text, size_t lo, size_t hi)
{
	if (lo >= hi)
		return;
	memset(m + lo, ' ', hi - lo);
	for (int pass = 0; pass < 2; pass++) {
		char c = pass ? '\r' : '\n';
		if (pass && !memchr(text + lo, '\r', hi - lo))
			break;
		for (const char *p = text + lo, *e = text + hi; p < e;) {
			const char *q = memchr(p, c, (size_t)(e - p));
			if (!q)
				break;
			m[q - text] = c;
			p = q + 1;
		}
	}
}

char *kp_lsp_regions_mask(const kp_lsp_regions *g, const kp_lsp_region_plan *pl, const char *text, size_t len)
{
	char *m = malloc(len + 1);
	if (!m)
		abort();
	memcpy(m, text, len + 1);
	long long delta = (long long)pl->b_new - (long long)pl->b_old;
	uint32_t nv = pl->ia + pl->n + (g->n - pl->ib);
	size_t span = SIZE_MAX;   /* the start of the regions being blanked */
	for (uint32_t j = 0; j <= nv; j++) {
		bool keep = j == nv || (j >= pl->ia && j < pl->ia + pl->n) ||
		            (j < pl->ia ? &g->r[j] : &g->r[pl->ib + j - pl->ia - pl->n])->structural;
		size_t lo = j < nv ? planned_off(g, pl, j, delta) : len;
		if (lo > len)
			lo = len;
		if (keep && span != SIZE_MAX) {
			/* consecutive regions blanked at once */
			blank(m, text, span, lo);
			span = SIZE_MAX;
		} else if (!keep && span == SIZE_MAX) {
			span = lo;
		}
	}
	return m;
}
