/* The names of a region of application code (regionsInt.h): which it
 * declares for its own code and which are free, and how many regions
 * hold each (regions.h says what links two regions). */
#include "tools/lsp/regionsInt.h"

#include <stdlib.h>
#include <string.h>

#include "host/host.h"

/* The words that never name a value the extractor follows: each
 * language's keywords and the types every region writes. */
static const char *const java_kw[] = {
	"abstract", "boolean", "break", "byte", "case", "catch", "char", "class", "continue", "default", "do",
	"double", "else", "enum", "extends", "false", "final", "finally", "float", "for", "if", "implements",
	"import", "instanceof", "int", "interface", "long", "new", "null", "package", "private", "protected",
	"public", "record", "return", "short", "static", "super", "switch", "synchronized", "this", "throw",
	"throws", "transient", "true", "try", "var", "void", "volatile", "while", "String", "Object", "Integer",
	"Long", "Boolean", "List", "Map", "Set", "Exception", "SQLException",
	/* Kotlin */
	"val", "fun", "object", "companion", "data", "open", "override", "internal", "lateinit", "const", "is", "in",
	"as", "when", "init", "constructor", "Int", "Any", "Unit",
	/* Kotlin's infix words: a name before them is a value */
	"to", "until", "downTo", "step", "shl", "shr", "xor", "and", "or", NULL};
static const char *const go_kw[] = {
	"break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func",
	"go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct",
	"switch", "type", "var", "string", "int", "int64", "int32", "bool", "error", "byte", "nil", "true",
	"false", "err", "ctx", "context", NULL};
static const char *const py_kw[] = {
	"and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del", "elif", "else",
	"except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not",
	"or", "pass", "raise", "return", "try", "while", "with", "yield", "None", "True", "False", "self", "cls",
	"str", "int", NULL};


static bool keyword(int lang, const char *p, size_t n)
{
	const char *const *kw = lang == KP_LANG_GO ? go_kw : lang == KP_LANG_PYTHON ? py_kw : java_kw;
	for (int i = 0; kw[i]; i++)
		if (is_word(p, n, kw[i]))
			return true;
	return false;
}

/* Java's and Kotlin's words that may stand before a name without
 * declaring it (return x, new X, case X, throw e): any other word there is
 * a type or a modifier (String sql, final var x, val x). */
static const char *const java_not_type[] = {
	"return", "new", "case", "throw", "else", "instanceof", "assert", "yield", "do", "throws", "extends",
	"implements", "import", "package", "goto", "break", "continue", "default", "in", "is", "as", "to", "until",
	"downTo", "step", "shl", "shr", "xor", "and", "or", "when", "if", "while", "for", "switch", "try", "catch",
	"finally", "synchronized", "super", "this", "true", "false", "null", "throw", NULL};

static bool in_list(const char *const *kw, const char *p, size_t n)
{
	for (int i = 0; kw[i]; i++)
		if (is_word(p, n, kw[i]))
			return true;
	return false;
}

/* Go's words that may stand before an expression (return pkg.Name): any
 * other word there is a name declared with a type (ctx context.Context). */
static const char *const go_stmt_kw[] = {
	"return", "case", "go", "defer", "if", "for", "range", "switch", "else", "select", "goto", "chan", "map",
	"func", "struct", "interface", "import", "package", "const", "var", "type", "break", "continue", NULL};

static bool tok_is(const char *text, const kp_htok *t, const char *w)
{
	return t->type == KP_HT_OTHER && is_word(text + t->off, t->len, w);
}

static bool tok_word(const char *text, const kp_htok *t)
{
	return t->type == KP_HT_OTHER && word_start(text[t->off]);
}

/* Is token k (a name) followed by ", name" ... and then op (":=" or "=")?
 * a, b := ...; a, b = ... */
static bool chain_to(const char *text, const toklist *l, size_t k, size_t hi, int op_type, const char *op)
{
	for (size_t j = k + 1; j < hi; j += 2) {
		const kp_htok *t = &l->t[j];
		if (op ? (t->type == KP_HT_OTHER || t->type == KP_HT_ASSIGN) && is_word(text + t->off, t->len, op)
		       : t->type == op_type && t->len == 1)
			return true;
		if (t->type != KP_HT_COMMA || j + 1 >= hi || !tok_word(text, &l->t[j + 1]))
			return false;
	}
	return false;
}

/* A name the region declares where only its own code sees it: a
 * parameter or a local of the function it holds. Its uses in the region
 * are its own (not name.x after a dot: a field of something). None in a
 * region that opens or closes a type's body (a class's head or end), nor
 * in Python's regions that are not a def, nor where a global or nonlocal
 * statement is. Names are compared by text, not by bucket. */
typedef struct locals {
	const kp_htok **v;
	size_t n, cap;
} locals;

static void local_add(locals *L, const kp_htok *t)
{
	if (L->n == L->cap) {
		L->cap = L->cap ? L->cap * 2 : 16;
		L->v = realloc(L->v, L->cap * sizeof *L->v);
		if (!L->v)
			abort();
	}
	L->v[L->n++] = t;
}

static bool is_local(const locals *L, const char *text, const kp_htok *t)
{
	for (size_t i = 0; i < L->n; i++)
		if (L->v[i]->len == t->len && !memcmp(text + L->v[i]->off, text + t->off, t->len))
			return true;
	return false;
}

static void find_locals(int lang, const char *text, const toklist *l, size_t lo, size_t hi, locals *L)
{
	bool py = lang == KP_LANG_PYTHON, go = lang == KP_LANG_GO;
	if (py) {
		/* a def, after its decorators (each to the end of its line) */
		size_t f = lo;
		for (;;) {
			while (f < hi && l->t[f].type == KP_HT_NL)
				f++;
			if (f >= hi || l->t[f].type != KP_HT_ANNOT)
				break;
			int pd = 0;
			while (f < hi && !(l->t[f].type == KP_HT_NL && pd == 0)) {
				pd += l->t[f].type == KP_HT_OPEN ? 1 : l->t[f].type == KP_HT_CLOSE ? -1 : 0;
				f++;
			}
		}
		if (f < hi && tok_is(text, &l->t[f], "async"))
			f++;
		if (f >= hi || !tok_is(text, &l->t[f], "def"))
			return;
	}
	bool java = lang == KP_LANG_JAVA || lang == KP_LANG_KOTLIN;
	bool type_kw = false;   /* Java: class, interface ... since the last ; { } */
	char body[64];          /* Java: each brace open in the region, 'T' a type's */
	int d = 0;              /* brackets open since the region's start */
	int sig = -1;           /* Go: the depth inside a func's parameters, or -1 */
	int pyparams = -1;      /* Python: the same for the def's */
	for (size_t k = lo; k < hi; k++) {
		const kp_htok *t = &l->t[k];
		if (py && (tok_is(text, t, "global") || tok_is(text, t, "nonlocal"))) {
			L->n = 0;
			return;   /* its names are the module's */
		}
		if (t->type == KP_HT_OPEN) {
			const kp_htok *p1 = k > lo ? &l->t[k - 1] : NULL, *p2 = k > lo + 1 ? &l->t[k - 2] : NULL;
			if (go && t->open == '(' && sig < 0 && p1 &&
			    (tok_is(text, p1, "func") || (tok_word(text, p1) && p2 && (tok_is(text, p2, "func") ||
			                                                               (p2->type == KP_HT_CLOSE && p2->open == ')')))))
				sig = d + 1;
			if (py && t->open == '(' && pyparams < 0 && p1 && tok_word(text, p1) && p2 && tok_is(text, p2, "def"))
				pyparams = d + 1;
			if (d >= 0 && d < (int)sizeof body)
				body[d] = java && t->open == '{' && type_kw ? 'T' : 'C';
			type_kw = false;
			d++;
			continue;
		}
		if (t->type == KP_HT_SEMI)
			type_kw = false;
		if (java && ((t->type == KP_HT_OTHER && (tok_is(text, t, "class") || tok_is(text, t, "interface") ||
		                                         tok_is(text, t, "enum") || tok_is(text, t, "record") ||
		                                         tok_is(text, t, "object"))) ||
		             (t->type == KP_HT_ANNOT && is_word(text + t->off, t->len, "@interface"))))
			type_kw = true;
		if (t->type == KP_HT_CLOSE) {
			type_kw = false;
			if (d == sig)
				sig = -1;
			if (d == pyparams)
				pyparams = -2;   /* one def's parameters: the first */
			if (--d < 0) {
				/* it closes what it did not open: a class's last
				 * brace, with nothing but closing ones after it */
				size_t j = k + 1;
				while (j < hi && l->t[j].type == KP_HT_CLOSE && l->t[j].open == '}')
					j++;
				d = j == hi && t->open == '}' ? 0 : -1;
				break;
			}
			continue;
		}
		if (!tok_word(text, t) || keyword(lang, text + t->off, t->len) ||
		    (k > lo && l->t[k - 1].type == KP_HT_DOT))
			continue;
		const kp_htok *p1 = k > lo ? &l->t[k - 1] : NULL, *n1 = k + 1 < hi ? &l->t[k + 1] : NULL;
		bool p1_line = p1 && !newline_between(text, p1->off + p1->len, t->off);
		bool decl = false;
		if (py) {
			if (pyparams > 0 && d == pyparams && p1 &&
			    (p1->type == KP_HT_COMMA || (p1->type == KP_HT_OPEN && p1->open == '(') || tok_is(text, p1, "*") ||
			     tok_is(text, p1, "**")))
				decl = true;
			else if (p1 && (p1->type == KP_HT_NL || tok_is(text, p1, "for") || tok_is(text, p1, "as")) &&
			         n1 && (n1->type == KP_HT_ASSIGN || n1->type == KP_HT_COMMA || tok_is(text, n1, "in") ||
			                tok_is(text, p1, "as")) &&
			         (tok_is(text, p1, "as") || chain_to(text, l, k, hi, KP_HT_ASSIGN, NULL) ||
			          (tok_is(text, p1, "for"))))
				decl = true;
		} else if (go) {
			if (d >= 1 && n1 && chain_to(text, l, k, hi, 0, ":="))
				decl = true;
			else if (d >= 1 && p1 && tok_is(text, p1, "var"))
				decl = true;
			else if (sig > 0 && d == sig && p1 && (p1->type == KP_HT_COMMA || (p1->type == KP_HT_OPEN && p1->open == '(')))
				decl = true;
		} else if (d >= 1 && d <= (int)sizeof body && !memchr(body, 'T', (size_t)d) && p1 && p1_line) {
			/* Type name, final Type name, var name, List<T> name, T[] name;
			 * Kotlin's val name, (name: Type) */
			if ((tok_word(text, p1) && !in_list(java_not_type, text + p1->off, p1->len) &&
			     !(k > lo + 1 && l->t[k - 2].type == KP_HT_DOT)) ||
			    (tok_is(text, p1, ">") && k > lo + 2 && tok_word(text, &l->t[k - 2]) && tok_is(text, &l->t[k - 3], "<")) ||
			    (p1->type == KP_HT_CLOSE && p1->open == ']'))
				decl = n1 && (n1->type == KP_HT_ASSIGN || n1->type == KP_HT_SEMI || n1->type == KP_HT_COMMA ||
				              (n1->type == KP_HT_CLOSE && n1->open == ')') || tok_is(text, n1, ":") ||
				              tok_is(text, n1, "->"));
			else if (lang == KP_LANG_KOTLIN && n1 && tok_is(text, n1, ":") &&
			         (p1->type == KP_HT_COMMA || (p1->type == KP_HT_OPEN && p1->open == '(')))
				decl = true;
		}
		if (decl)
			local_add(L, t);
	}
	/* brackets that do not pair within the region (a class's last
	 * brace, an edit under way): where the extractor's functions begin and
	 * end is not the region's to say, so none of its names is its own */
	if (d != 0)
		L->n = 0;
}

/* The names of tokens [lo, hi) of l (tokens past hi are read ahead), by
 * bucket, sorted and unique: a name the region declares for its own code
 * (find_locals) is not one. */
static void sort_unique(uint16_t *w, size_t *n)
{
	/* insertion: a region's names are few */
	for (size_t i = 1; i < *n; i++) {
		uint16_t v = w[i];
		size_t j = i;
		while (j > 0 && w[j - 1] > v) {
			w[j] = w[j - 1];
			j--;
		}
		w[j] = v;
	}
	size_t u = 0;
	for (size_t i = 0; i < *n; i++)
		if (u == 0 || w[u - 1] != w[i])
			w[u++] = w[i];
	*n = u;
}

/* ------------------------------------------------------------ Python's attributes */

/* Is token k a name read or set through self. (self.name)? */
static bool py_attr(const char *text, const toklist *l, size_t lo, size_t k)
{
	return k >= lo + 2 && l->t[k - 1].type == KP_HT_DOT && tok_is(text, &l->t[k - 2], "self") &&
	       !(k >= lo + 3 && l->t[k - 3].type == KP_HT_DOT);
}

static bool const_word(const char *p, size_t n)
{
	bool letter = false;
	for (size_t i = 0; i < n; i++) {
		if (p[i] >= 'A' && p[i] <= 'Z')
			letter = true;
		else if (!(p[i] == '_' || (p[i] >= '0' && p[i] <= '9')))
			return false;
	}
	return letter;
}

/* Is the attribute at token k set (self.name = ..., +=, %=, a tuple's or
 * an annotated target) to what may be SQL text: a string, text pasted
 * (+, %), a constant's name, before the end of its logical line? A call
 * (connect(...), self.conn.cursor()), a parameter, None is not. */
static bool py_attr_text(const char *text, const toklist *l, size_t k)
{
	int depth = 0;
	bool rhs = false;
	for (size_t j = k + 1; j < l->n; j++) {
		const kp_htok *t = &l->t[j];
		if (t->type == KP_HT_EOF || ((t->type == KP_HT_NL || t->type == KP_HT_SEMI) && depth <= 0))
			return false;
		if (t->type == KP_HT_OPEN) {
			depth++;
		} else if (t->type == KP_HT_CLOSE) {
			depth--;
		} else if (!rhs) {
			if (depth <= 0 && (t->type == KP_HT_ASSIGN || tok_is(text, t, "+=") || tok_is(text, t, "%=")))
				rhs = true;
		} else if (t->type == KP_HT_STR || t->type == KP_HT_PLUS || t->type == KP_HT_PCT ||
		           (tok_word(text, t) && const_word(text + t->off, t->len))) {
			return true;
		}
	}
	return false;
}

void kp_lsp_region_attrs(int lang, const char *text, const toklist *l, size_t lo, size_t hi, kp_lsp_region *r)
{
	r->ax = NULL;
	r->nax = 0;
	if (lang != KP_LANG_PYTHON)
		return;
	size_t n = 0, cap = 0;
	for (size_t k = lo; k < hi; k++) {
		if (!tok_word(text, &l->t[k]) || !py_attr(text, l, lo, k) || !py_attr_text(text, l, k))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 8;
			r->ax = realloc(r->ax, cap * sizeof *r->ax);
			if (!r->ax)
				abort();
		}
		r->ax[n++] = (uint16_t)(kp_host_name_hash(text + l->t[k].off, l->t[k].len) & 0xffff);
	}
	sort_unique(r->ax, &n);
	r->nax = (uint32_t)n;
}

static int cmp_u16(const void *a, const void *b);

void kp_lsp_region_attrs_index(kp_lsp_regions *g)
{
	size_t n = 0;
	for (uint32_t i = 0; i < g->n; i++)
		n += g->r[i].nax;
	free(g->ta);
	g->ta = n ? malloc(n * sizeof *g->ta) : NULL;
	if (n && !g->ta)
		abort();
	n = 0;
	for (uint32_t i = 0; i < g->n; i++)
		for (uint32_t k = 0; k < g->r[i].nax; k++)
			g->ta[n++] = g->r[i].ax[k];
	if (n)
		qsort(g->ta, n, sizeof *g->ta, cmp_u16);
	g->nta = (uint32_t)n;
}

bool kp_lsp_region_attrs_same(const kp_lsp_regions *g, uint32_t ia, uint32_t ib, const kp_lsp_region *nr,
                              uint32_t nn)
{
	size_t a = 0, b = 0;
	for (uint32_t i = ia; i < ib; i++)
		a += g->r[i].nax;
	for (uint32_t i = 0; i < nn; i++)
		b += nr[i].nax;
	if (a != b)
		return false;
	if (!a)
		return true;
	uint16_t *x = malloc(a * sizeof *x), *y = malloc(b * sizeof *y);
	if (!x || !y)
		abort();
	a = b = 0;
	for (uint32_t i = ia; i < ib; i++)
		for (uint32_t k = 0; k < g->r[i].nax; k++)
			x[a++] = g->r[i].ax[k];
	for (uint32_t i = 0; i < nn; i++)
		for (uint32_t k = 0; k < nr[i].nax; k++)
			y[b++] = nr[i].ax[k];
	qsort(x, a, sizeof *x, cmp_u16);
	qsort(y, b, sizeof *y, cmp_u16);
	bool same = !memcmp(x, y, a * sizeof *x);
	free(x);
	free(y);
	return same;
}

/* The first index of the sorted v[0, n) whose value is not below b. */
static size_t lower_bound(const uint16_t *v, size_t n, uint16_t b)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (v[mid] < b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool in_sorted(const uint16_t *v, size_t n, uint16_t b)
{
	size_t lo = lower_bound(v, n, b);
	return lo < n && v[lo] == b;
}

void kp_lsp_region_names(int lang, const char *text, const toklist *l, size_t lo, size_t hi, kp_lsp_region *r,
                         const kp_lsp_regions *g)
{
	uint16_t *w = NULL;
	size_t n = 0, cap = 0;
	uint64_t shape = 0xcbf29ce484222325ull;
	locals L = {0};
	find_locals(lang, text, l, lo, hi, &L);
	for (size_t k = lo; k < hi; k++) {
		const kp_htok *t = &l->t[k];
		const char *p = text + t->off;
		shape = (shape ^ ((uint64_t)t->type << 8 | (uint8_t)t->open | (uint64_t)t->style << 16)) *
		        0x100000001b3ull;
		if (t->type != KP_HT_OTHER || !word_start(*p) || keyword(lang, p, t->len))
			continue;
		if (L.n && !(k > lo && l->t[k - 1].type == KP_HT_DOT) && is_local(&L, text, t))
			continue;   /* its own: a parameter or local (lw) */
		if (lang == KP_LANG_PYTHON && py_attr(text, l, lo, k) &&
		    !in_sorted(g->ta, g->nta, (uint16_t)(kp_host_name_hash(p, t->len) & 0xffff)))
			continue;   /* an attribute no region sets to SQL text (self.conn, self.cursor) */
		const kp_htok *n1 = k + 1 < l->n ? &l->t[k + 1] : NULL;
		if (n1 && n1->type == KP_HT_OPEN && n1->open == '(')
			continue;   /* a call's name */
		/* a type, where a declaration names one: Java's and Kotlin's
		 * Type name, Kotlin's name: Type, Go's name Type, name *pkg.Type
		 * (no type holds a value the extractor follows) */
		const kp_htok *p1 = k > 0 ? &l->t[k - 1] : NULL;
		bool java = lang == KP_LANG_JAVA || lang == KP_LANG_KOTLIN;
		bool n1_line = n1 && !newline_between(text, t->off + t->len, n1->off);
		bool p1_line = p1 && !newline_between(text, p1->off + p1->len, t->off);
		if (java && n1_line && n1->type == KP_HT_OTHER && word_start(text[n1->off]) &&
		    !keyword(lang, text + n1->off, n1->len))
			continue;
		if (lang == KP_LANG_KOTLIN && p1_line && p1->type == KP_HT_OTHER && p1->len == 1 && text[p1->off] == ':')
			continue;
		/* (not a word assigned to: `x T = v` names T no type the
		 * extractor skips, and a word that is no keyword before it, as
		 * `conxst W1 = "..."` typed, leaves W1 a constant to it) */
		if (lang == KP_LANG_GO && p1_line && !(n1_line && n1->type == KP_HT_ASSIGN) &&
		    ((p1->type == KP_HT_OTHER && p1->len == 1 && text[p1->off] == '*') ||
		     (p1->type == KP_HT_CLOSE && p1->open == ']') ||
		     (p1->type == KP_HT_OTHER && word_start(text[p1->off]) && !keyword(lang, text + p1->off, p1->len))))
			continue;
		if (lang == KP_LANG_GO && p1 && p1->type == KP_HT_DOT && k > 1 && l->t[k - 2].type == KP_HT_OTHER &&
		    k > 2 && l->t[k - 3].type == KP_HT_OTHER && l->t[k - 3].len == 1 && text[l->t[k - 3].off] == '*')
			continue;   /* *pkg.Type: the type's name */
		if (lang == KP_LANG_GO && p1 && p1_line && p1->type == KP_HT_DOT && k > 2 && l->t[k - 2].type == KP_HT_OTHER &&
		    tok_word(text, &l->t[k - 3]) && !in_list(go_stmt_kw, text + l->t[k - 3].off, l->t[k - 3].len) &&
		    !newline_between(text, l->t[k - 3].off + l->t[k - 3].len, l->t[k - 2].off))
			continue;   /* name pkg.Type: a parameter's or a variable's type */
		if (n1 && n1->type == KP_HT_DOT && k + 3 < l->n && l->t[k + 2].type == KP_HT_OTHER &&
		    l->t[k + 3].type == KP_HT_OPEN && l->t[k + 3].open == '(' &&
		    !(l->t[k + 2].len >= 6 && !memcmp(text + l->t[k + 2].off, "append", 6))) {
			/* the receiver of a call that starts a statement
			 * (db.query(...), cursor.execute(...)): no value it holds
			 * is read */
			const kp_htok *pv = k > 0 ? &l->t[k - 1] : NULL;
			if (!pv || pv->type == KP_HT_SEMI || pv->type == KP_HT_NL ||
			    (pv->type == KP_HT_OPEN && pv->open == '{') || (pv->type == KP_HT_CLOSE && pv->open == '}') ||
			    /* Go's rows, err := db.Query(...) (":=" is an ASSIGN token) */
			    (pv->type == KP_HT_ASSIGN && pv->len == 2 && !memcmp(text + pv->off, ":=", 2)) ||
			    (lang != KP_LANG_JAVA && newline_between(text, pv->off + pv->len, t->off)))
				continue;
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			w = realloc(w, cap * sizeof *w);
			if (!w)
				abort();
		}
		w[n++] = (uint16_t)(kp_host_name_hash(p, t->len) & 0xffff);
	}
	sort_unique(w, &n);
	r->w = w;
	r->nw = (uint32_t)n;
	r->shape = shape;
	size_t nl = L.n;
	uint16_t *lw = nl ? malloc(nl * sizeof *lw) : NULL;
	if (nl && !lw)
		abort();
	for (size_t i = 0; i < nl; i++)
		lw[i] = (uint16_t)(kp_host_name_hash(text + L.v[i]->off, L.v[i]->len) & 0xffff);
	sort_unique(lw, &nl);
	r->lw = lw;
	r->nlw = (uint32_t)nl;
	free(L.v);
}

/* ------------------------------------------------------------ counts */

/* The entry of bucket b, added when add (the table grows to stay at
 * most half full), else NULL when none. */
static kp_lsp_ncount *ncount(kp_lsp_regions *g, uint16_t b, bool add)
{
	if (add && (g->used + 1) * 2 > g->cap) {
		uint32_t cap = g->cap ? g->cap * 2 : 64;
		kp_lsp_ncount *t = calloc(cap, sizeof *t);
		if (!t)
			abort();
		for (uint32_t i = 0; i < g->cap; i++) {
			if (!g->tab[i].key)
				continue;
			uint32_t h = (g->tab[i].key * 0x9e3779b1u) >> 16 & (cap - 1);
			while (t[h].key)
				h = (h + 1) & (cap - 1);
			t[h] = g->tab[i];
		}
		free(g->tab);
		g->tab = t;
		g->cap = cap;
	}
	if (!g->cap)
		return NULL;
	uint32_t key = (uint32_t)b + 1;
	for (uint32_t h = (key * 0x9e3779b1u) >> 16 & (g->cap - 1);; h = (h + 1) & (g->cap - 1)) {
		if (g->tab[h].key == key)
			return &g->tab[h];
		if (!g->tab[h].key) {
			if (!add)
				return NULL;
			g->tab[h].key = key;
			g->used++;
			return &g->tab[h];
		}
	}
}

static void bump(uint8_t *c, int by)
{
	if (*c < UINT8_MAX)
		*c = (uint8_t)(*c + by);   /* 255: too many to count, for good */
}

/* Counts region r in (by 1) or out (by -1): its free names, and every
 * bucket it holds either way. */
void kp_lsp_region_count(kp_lsp_regions *g, const kp_lsp_region *r, int by)
{
	uint32_t i = 0, k = 0;
	while (i < r->nw || k < r->nlw) {
		uint16_t b;
		if (k == r->nlw || (i < r->nw && r->w[i] <= r->lw[k])) {
			b = r->w[i];
			kp_lsp_ncount *e = ncount(g, b, true);
			bump(&e->nfree, by);
			if (k < r->nlw && r->lw[k] == b)
				k++;
			i++;
		} else {
			b = r->lw[k++];
		}
		bump(&ncount(g, b, true)->nall, by);
	}
}

static int cmp_u16(const void *a, const void *b)
{
	return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* How many times b is in the sorted v[0, n). */
static size_t times(const uint16_t *v, size_t n, uint16_t b)
{
	size_t lo = lower_bound(v, n, b);
	size_t k = 0;
	while (lo + k < n && v[lo + k] == b)
		k++;
	return k;
}

/* Does a name of old regions [ia, ib) or of the new ones link them to
 * another region? A free name does when another region holds it at all
 * (free: the same constant or field; local: its extraction may still see
 * the two as one, where brackets do not pair); a name the region declares
 * for its own code does when another region holds it free. */
bool kp_lsp_region_shared(kp_lsp_regions *g, uint32_t ia, uint32_t ib, const kp_lsp_region *nr, uint32_t nn)
{
	size_t nf = 0, na = 0;
	for (uint32_t i = ia; i < ib; i++) {
		nf += g->r[i].nw;
		na += g->r[i].nw + g->r[i].nlw;
	}
	uint16_t *of = malloc((nf ? nf : 1) * sizeof *of), *oa = malloc((na ? na : 1) * sizeof *oa);
	if (!of || !oa)
		abort();
	nf = na = 0;
	for (uint32_t i = ia; i < ib; i++) {
		const kp_lsp_region *r = &g->r[i];
		if (r->nw)
			memcpy(of + nf, r->w, r->nw * sizeof *of);
		nf += r->nw;
		/* each bucket once per region, as nall counts it */
		size_t at = na;
		if (r->nw)
			memcpy(oa + na, r->w, r->nw * sizeof *oa);
		if (r->nlw)
			memcpy(oa + na + r->nw, r->lw, r->nlw * sizeof *oa);
		size_t m = r->nw + r->nlw;
		sort_unique(oa + at, &m);
		na = at + m;
	}
	qsort(of, nf, sizeof *of, cmp_u16);
	qsort(oa, na, sizeof *oa, cmp_u16);
	bool hit = false;
	for (int side = 0; side < 2 && !hit; side++) {
		uint32_t from = side ? 0 : ia, to = side ? nn : ib;
		for (uint32_t i = from; i < to && !hit; i++) {
			const kp_lsp_region *r = side ? &nr[i] : &g->r[i];
			for (uint32_t k = 0; k < r->nw && !hit; k++) {
				const kp_lsp_ncount *e = ncount(g, r->w[k], false);
				hit = e && (e->nall == UINT8_MAX || e->nall > times(oa, na, r->w[k]));
			}
			for (uint32_t k = 0; k < r->nlw && !hit; k++) {
				const kp_lsp_ncount *e = ncount(g, r->lw[k], false);
				hit = e && (e->nfree == UINT8_MAX || e->nfree > times(of, nf, r->lw[k]));
			}
		}
	}
	free(of);
	free(oa);
	return hit;
}
