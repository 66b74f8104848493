/* OGNL tests read as formulas over comparisons, and whether some of them
 * can hold together: see ognl.h. */
#include "host/ognl.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

enum { F_ATOM, F_NOT, F_AND, F_OR };

typedef struct fnode {
	int op;
	unsigned atom;          /* F_ATOM */
	const struct fnode *l, *r;
} fnode;

/* A comparison: lhs = rhs, lhs < rhs, lhs > rhs, or lhs itself ('t'). */
typedef struct atom {
	char kind;
	const char *lhs, *rhs;
	bool lit;               /* '=' with a literal rhs: excludes the other
	                           literals of the same lhs */
} atom;

struct kp_ognl {
	kp_arena *a;
	const fnode **tests;
	unsigned ntests, tcap;
	atom *atoms;
	unsigned natoms, acap;
	/* the search */
	signed char *val;
	unsigned budget;        /* nodes left in this search */
	size_t spent;           /* work of every search so far */
	unsigned *group;        /* per atom: its group's root (kp_ognl_group) */
	unsigned *gsize;        /* per root: tests in its group */
	unsigned ngrouped;      /* atoms grouped so far */
	unsigned ntgrouped;     /* tests counted in gsize */
	signed char *single;    /* per test and wanted value: can it alone
	                           hold (1, 0), or not known yet (-1) */
	unsigned nsingle;
};

/* Work for all the searches of one statement; past it every question is
 * answered true. */
#define OGNL_WORK ((size_t)16 << 20)

kp_ognl *kp_ognl_new(kp_arena *a)
{
	kp_ognl *o = kp_arena_alloc(a, sizeof *o);
	o->a = a;
	return o;
}

typedef struct oparse {
	kp_ognl *o;
	const char *s;
	size_t i;
	int depth;
} oparse;

static bool idchar(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '@' || c == '.';
}

static void ws(oparse *p)
{
	while (p->s[p->i] && isspace((unsigned char)p->s[p->i]))
		p->i++;
}

/* The word w at the cursor, standing alone (consumed when it is). */
static bool word(oparse *p, const char *w)
{
	size_t n = strlen(w);
	if (strncmp(p->s + p->i, w, n) || idchar(p->s[p->i + n]) || (p->i > 0 && idchar(p->s[p->i - 1])))
		return false;
	p->i += n;
	return true;
}

static bool sym(oparse *p, const char *w)
{
	size_t n = strlen(w);
	if (strncmp(p->s + p->i, w, n))
		return false;
	p->i += n;
	return true;
}

enum { OP_NONE, OP_EQ, OP_NE, OP_LT, OP_GE, OP_GT, OP_LE };

static int read_op(oparse *p)
{
	ws(p);
	if (sym(p, "==") || word(p, "eq"))
		return OP_EQ;
	if (sym(p, "!=") || word(p, "neq"))
		return OP_NE;
	if (sym(p, "<=") || word(p, "lte"))
		return OP_LE;
	if (sym(p, ">=") || word(p, "gte"))
		return OP_GE;
	if (sym(p, "<") || word(p, "lt"))
		return OP_LT;
	if (sym(p, ">") || word(p, "gt"))
		return OP_GT;
	return OP_NONE;
}

/* Does an operator or a connective start at s[j]? */
static bool op_at(const char *s, size_t j)
{
	static const char *const words[] = {"and", "or", "eq", "neq", "lt", "gt", "lte", "gte", NULL};
	if (!s[j] || strchr("=!<>&|)", s[j]))
		return true;
	for (size_t k = 0; words[k]; k++) {
		size_t n = strlen(words[k]);
		if (!strncmp(s + j, words[k], n) && !idchar(s[j + n]))
			return true;
	}
	return false;
}

/* An operand: up to an operator, a connective or an unmatched ')', with
 * white space removed and "..." quotes made '...'. */
static const char *term(oparse *p)
{
	const char *s = p->s;
	size_t start = p->i;
	int depth = 0;
	while (s[p->i]) {
		char c = s[p->i];
		if (c == '\'' || c == '"') {
			const char *q = strchr(s + p->i + 1, c);
			p->i = q ? (size_t)(q - s) + 1 : strlen(s);
			continue;
		}
		if (c == '(') {
			depth++;
		} else if (c == ')') {
			if (depth == 0)
				break;
			depth--;
		} else if (depth == 0 && strchr("=!<>&|", c)) {
			break;
		} else if (depth == 0 && isspace((unsigned char)c)) {
			size_t j = p->i;
			while (s[j] && isspace((unsigned char)s[j]))
				j++;
			if (op_at(s, j))
				break;
		}
		p->i++;
	}
	char *t = kp_arena_alloc(p->o->a, p->i - start + 1);
	size_t n = 0;
	char quote = 0;
	for (size_t k = start; k < p->i; k++) {
		char c = s[k];
		if (quote) {
			t[n++] = c == quote ? '\'' : c;
			if (c == quote)
				quote = 0;
		} else if (c == '\'' || c == '"') {
			quote = c;
			t[n++] = '\'';
		} else if (!isspace((unsigned char)c)) {
			t[n++] = c;
		}
	}
	t[n] = 0;
	return t;
}

static bool literal(const char *t)
{
	return !strcmp(t, "null") || !strcmp(t, "true") || !strcmp(t, "false") || t[0] == '\'' ||
	       isdigit((unsigned char)t[0]) || (t[0] == '-' && isdigit((unsigned char)t[1]));
}

static unsigned intern(kp_ognl *o, char kind, const char *lhs, const char *rhs)
{
	for (unsigned k = 0; k < o->natoms; k++)
		if (o->atoms[k].kind == kind && !strcmp(o->atoms[k].lhs, lhs) && !strcmp(o->atoms[k].rhs, rhs))
			return k;
	if (o->natoms == o->acap) {
		o->acap = o->acap ? o->acap * 2 : 16;
		o->atoms = kp_arena_grow(o->a, o->atoms, o->natoms, o->acap, sizeof *o->atoms);
	}
	o->atoms[o->natoms] = (atom){kind, lhs, rhs, kind == '=' && literal(rhs)};
	return o->natoms++;
}

static const fnode *node(oparse *p, int op, const fnode *l, const fnode *r, unsigned at)
{
	fnode *f = kp_arena_alloc(p->o->a, sizeof *f);
	f->op = op;
	f->l = l;
	f->r = r;
	f->atom = at;
	return f;
}

static const fnode *or_expr(oparse *p);

static const fnode *comparison(oparse *p)
{
	ws(p);
	if (p->s[p->i] == '(' && p->depth < 64) {
		p->i++;
		p->depth++;
		const fnode *f = or_expr(p);
		p->depth--;
		ws(p);
		if (p->s[p->i] == ')')
			p->i++;
		return f;
	}
	const char *lhs = term(p);
	size_t save = p->i;
	int op = read_op(p);
	if (op == OP_NONE) {
		p->i = save;
		return node(p, F_ATOM, NULL, NULL, intern(p->o, 't', lhs, ""));
	}
	ws(p);
	const char *rhs = term(p);
	if (literal(lhs) && !literal(rhs)) {
		const char *t = lhs;
		lhs = rhs;
		rhs = t;
		op = op == OP_LT ? OP_GT : op == OP_GT ? OP_LT : op == OP_LE ? OP_GE : op == OP_GE ? OP_LE : op;
	}
	char kind = op == OP_EQ || op == OP_NE ? '=' : op == OP_LT || op == OP_GE ? '<' : '>';
	const fnode *f = node(p, F_ATOM, NULL, NULL, intern(p->o, kind, lhs, rhs));
	return op == OP_NE || op == OP_GE || op == OP_LE ? node(p, F_NOT, f, NULL, 0) : f;
}

static const fnode *not_expr(oparse *p)
{
	ws(p);
	if (p->depth < 64 && ((p->s[p->i] == '!' && p->s[p->i + 1] != '=' && (p->i++, true)) || word(p, "not"))) {
		p->depth++;
		const fnode *f = not_expr(p);
		p->depth--;
		return node(p, F_NOT, f, NULL, 0);
	}
	return comparison(p);
}

static const fnode *and_expr(oparse *p)
{
	const fnode *l = not_expr(p);
	for (;;) {
		ws(p);
		if (!(sym(p, "&&") || word(p, "and")))
			return l;
		l = node(p, F_AND, l, not_expr(p), 0);
	}
}

static const fnode *or_expr(oparse *p)
{
	const fnode *l = and_expr(p);
	for (;;) {
		ws(p);
		if (!(sym(p, "||") || word(p, "or")))
			return l;
		l = node(p, F_OR, l, and_expr(p), 0);
	}
}

unsigned kp_ognl_add(kp_ognl *o, const char *test)
{
	oparse p = {o, test ? test : "", 0, 0};
	const fnode *f = or_expr(&p);
	ws(&p);
	if (p.s[p.i]) {
		/* not read to its end: the whole test is one condition */
		p.i = 0;
		size_t n = strlen(p.s);
		char *t = kp_arena_alloc(o->a, n + 1);
		size_t k = 0;
		for (size_t i = 0; i < n; i++)
			if (!isspace((unsigned char)p.s[i]))
				t[k++] = p.s[i];
		t[k] = 0;
		f = node(&p, F_ATOM, NULL, NULL, intern(o, 't', t, ""));
	}
	if (o->ntests == o->tcap) {
		o->tcap = o->tcap ? o->tcap * 2 : 16;
		o->tests = kp_arena_grow(o->a, o->tests, o->ntests, o->tcap, sizeof *o->tests);
	}
	o->tests[o->ntests] = f;
	return o->ntests++;
}

/* 1 true, 0 false, -1 not known yet. */
static int eval(const kp_ognl *o, const fnode *f)
{
	switch (f->op) {
	case F_ATOM:
		return o->val[f->atom];
	case F_NOT: {
		int v = eval(o, f->l);
		return v < 0 ? -1 : !v;
	}
	case F_AND: {
		int l = eval(o, f->l), r = eval(o, f->r);
		return l == 0 || r == 0 ? 0 : l == 1 && r == 1 ? 1 : -1;
	}
	default: {
		int l = eval(o, f->l), r = eval(o, f->r);
		return l == 1 || r == 1 ? 1 : l == 0 && r == 0 ? 0 : -1;
	}
	}
}

static void atoms_of(const fnode *f, bool *used)
{
	if (f->op == F_ATOM)
		used[f->atom] = true;
	if (f->l)
		atoms_of(f->l, used);
	if (f->r)
		atoms_of(f->r, used);
}

static bool consistent(const kp_ognl *o, const unsigned *test, const bool *want, unsigned n,
                       const unsigned *rel, unsigned assigned)
{
	for (unsigned k = 0; k < n; k++) {
		int v = eval(o, o->tests[test[k]]);
		if (v >= 0 && v != want[k])
			return false;
	}
	/* x == 'a' and x == 'b' (or x == null) are never both true */
	for (unsigned a = 0; a < assigned; a++) {
		const atom *x = &o->atoms[rel[a]];
		if (!x->lit || o->val[rel[a]] != 1)
			continue;
		for (unsigned b = a + 1; b < assigned; b++) {
			const atom *y = &o->atoms[rel[b]];
			if (y->lit && o->val[rel[b]] == 1 && !strcmp(x->lhs, y->lhs) && strcmp(x->rhs, y->rhs))
				return false;
		}
	}
	return true;
}

static bool search(kp_ognl *o, const unsigned *test, const bool *want, unsigned n, const unsigned *rel,
                   unsigned nrel, unsigned k)
{
	if (o->budget == 0)
		return true;
	o->budget--;
	o->spent += n + k;
	if (!consistent(o, test, want, n, rel, k))
		return false;
	if (k == nrel)
		return true;
	for (int v = 1; v >= 0; v--) {
		o->val[rel[k]] = (signed char)v;
		if (search(o, test, want, n, rel, nrel, k + 1))
			return true;
	}
	o->val[rel[k]] = -1;
	return false;
}

static bool sat(kp_ognl *o, const unsigned *test, const bool *want, unsigned n);

bool kp_ognl_sat(kp_ognl *o, const unsigned *test, const bool *want, unsigned n)
{
	if (n != 1)
		return sat(o, test, want, n);
	/* one test alone: asked again and again, answered once */
	if (o->nsingle != o->ntests) {
		o->single = kp_arena_alloc(o->a, 2 * (o->ntests ? o->ntests : 1));
		memset(o->single, -1, 2 * (o->ntests ? o->ntests : 1));
		o->nsingle = o->ntests;
	}
	signed char *c = &o->single[2 * test[0] + want[0]];
	if (*c < 0)
		*c = (signed char)sat(o, test, want, 1);
	return *c;
}

static bool sat(kp_ognl *o, const unsigned *test, const bool *want, unsigned n)
{
	if (n == 0 || o->natoms == 0 || o->spent > OGNL_WORK)
		return true;
	kp_arena scratch;
	kp_arena_init(&scratch);
	bool *used = kp_arena_alloc(&scratch, o->natoms);
	for (unsigned k = 0; k < n; k++)
		atoms_of(o->tests[test[k]], used);
	unsigned *rel = kp_arena_alloc(&scratch, o->natoms * sizeof *rel), nrel = 0;
	for (unsigned k = 0; k < o->natoms; k++)
		if (used[k])
			rel[nrel++] = k;
	o->val = kp_arena_alloc(&scratch, o->natoms);
	memset(o->val, -1, o->natoms);
	o->budget = 20000;
	bool ok = search(o, test, want, n, rel, nrel, 0);
	o->val = NULL;
	kp_arena_free(&scratch);
	return ok;
}

static unsigned root(unsigned *g, unsigned k)
{
	while (g[k] != k)
		k = g[k] = g[g[k]];
	return k;
}

static void join_atoms(const fnode *f, unsigned *g, unsigned *first)
{
	if (f->op == F_ATOM) {
		if (*first == UINT32_MAX)
			*first = f->atom;
		else
			g[root(g, f->atom)] = root(g, *first);
	}
	if (f->l)
		join_atoms(f->l, g, first);
	if (f->r)
		join_atoms(f->r, g, first);
}

static unsigned test_root(kp_ognl *o, unsigned test)
{
	const fnode *f = o->tests[test];
	while (f->op != F_ATOM)
		f = f->l;
	return root(o->group, f->atom);
}

unsigned kp_ognl_group(kp_ognl *o, unsigned test)
{
	if (!o->group || o->ngrouped != o->natoms || o->ntgrouped != o->ntests) {
		/* atoms of one test are one group, and so are the literals
		 * compared with one name */
		o->group = kp_arena_alloc(o->a, (o->natoms ? o->natoms : 1) * sizeof *o->group);
		for (unsigned k = 0; k < o->natoms; k++)
			o->group[k] = k;
		for (unsigned t = 0; t < o->ntests; t++) {
			unsigned first = UINT32_MAX;
			join_atoms(o->tests[t], o->group, &first);
		}
		for (unsigned a = 0; a < o->natoms; a++)
			for (unsigned b = a + 1; b < o->natoms; b++)
				if (o->atoms[a].lit && o->atoms[b].lit && !strcmp(o->atoms[a].lhs, o->atoms[b].lhs))
					o->group[root(o->group, b)] = root(o->group, a);
		o->ngrouped = o->natoms;
		o->gsize = kp_arena_alloc(o->a, (o->natoms ? o->natoms : 1) * sizeof *o->gsize);
		for (unsigned t = 0; t < o->ntests; t++)
			o->gsize[test_root(o, t)]++;
		o->ntgrouped = o->ntests;
	}
	return test_root(o, test);
}

bool kp_ognl_alone(kp_ognl *o, unsigned test)
{
	unsigned g = kp_ognl_group(o, test);
	return o->gsize[g] == 1;
}

bool kp_ognl_independent(kp_ognl *o)
{
	if (o->ntests == 0)
		return true;
	(void)kp_ognl_group(o, 0);
	bool *seen = kp_arena_alloc(o->a, o->natoms ? o->natoms : 1);
	for (unsigned t = 0; t < o->ntests; t++) {
		unsigned g = kp_ognl_group(o, t);
		if (seen[g])
			return false;
		seen[g] = true;
	}
	return true;
}
