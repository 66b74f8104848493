/* Regions of application code read alone (regions.h). */
#include "tools/lsp/regions.h"

#include <stdlib.h>
#include <string.h>

#include "host/host.h"

#define STACK 256

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

static bool is_word(const char *p, size_t n, const char *w)
{
	return strlen(w) == n && !memcmp(p, w, n);
}

static bool keyword(int lang, const char *p, size_t n)
{
	const char *const *kw = lang == KP_LANG_GO ? go_kw : lang == KP_LANG_PYTHON ? py_kw : java_kw;
	for (int i = 0; kw[i]; i++)
		if (is_word(p, n, kw[i]))
			return true;
	return false;
}

static bool word_start(char c)
{
	unsigned char u = (unsigned char)c;
	return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_' || u == '$' || u >= 0x80;
}

static int lex(int lang, kp_hlex *lx, kp_htok *t)
{
	return lang == KP_LANG_GO ? kp_hlex_go(lx, t) : lang == KP_LANG_PYTHON ? kp_hlex_python(lx, t)
	                                                                      : kp_hlex_java(lx, t);
}

typedef struct toklist {
	kp_htok *t;
	size_t n, cap;
} toklist;

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
	unsigned cls_ind;       /* Python: the column of the body of the class
	                           open at column 0 (its methods' def), or 0 */
	bool cls_pending;       /* Python: a class began at column 0, its body
	                           not yet reached */
	bool cls_head;          /* Python: a class began in the region */
} scan;

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

static bool newline_between(const char *text, uint32_t a, uint32_t b)
{
	return a < b && memchr(text + a, '\n', b - a) != NULL;
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
	s->last_end = t->off + t->len;
	if (t->type == KP_HT_COMMENT)
		return;
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

static void names(int lang, const char *text, const toklist *l, size_t lo, size_t hi, kp_lsp_region *r)
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
		if (lang == KP_LANG_GO && p1_line &&
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
			    (pv->type == KP_HT_OTHER && pv->len == 2 && !memcmp(text + pv->off, ":=", 2)) ||
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
static void count_region(kp_lsp_regions *g, const kp_lsp_region *r, int by)
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
	                             NULL, 0, NULL, 0};
	l->tok[l->n] = tok;
	l->n++;
}

static uint32_t line_start(const char *text, uint32_t off)
{
	while (off > 0 && text[off - 1] != '\n' && text[off - 1] != '\r')
		off--;
	return off;
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
	scan s = {.lang = lang, .text = text, .line_start = true};
	toklist l = {0};
	rlist rl = {0};
	push_region(&rl, 0, 0, 0, 0);
	for (;;) {
		kp_htok t;
		lex(lang, &lx, &t);
		if (t.type != KP_HT_COMMENT && boundary(&s, &t)) {
			uint32_t at = line_start(text, t.off);
			if (at > rl.r[rl.n - 1].off && at >= s.last_end) {
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
	for (size_t i = 0; i < rl.n; i++) {
		names(lang, text, &l, rl.tok[i], i + 1 < rl.n ? rl.tok[i + 1] : l.n, &g->r[i]);
		count_region(g, &g->r[i], 1);
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
	}
	free(g->r);
	free(g->tab);
	free(g);
}

void kp_lsp_region_plan_free(kp_lsp_region_plan *pl)
{
	for (uint32_t i = 0; i < pl->n; i++) {
		free(pl->r[i].w);
		free(pl->r[i].lw);
	}
	free(pl->r);
	memset(pl, 0, sizeof *pl);
}

static int cmp_u16(const void *a, const void *b)
{
	return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* How many times b is in the sorted v[0, n). */
static size_t times(const uint16_t *v, size_t n, uint16_t b)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (v[mid] < b)
			lo = mid + 1;
		else
			hi = mid;
	}
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
static bool shared(kp_lsp_regions *g, uint32_t ia, uint32_t ib, const kp_lsp_region *nr, uint32_t nn)
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
	          .cls_ind = g->r[ia].pyind};
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
			uint32_t at = line_start(text, t.off);
			if (at > rl.r[rl.n - 1].off && at >= s.last_end) {
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
			names(g->lang, text, &l, rl.tok[i], i + 1 < rl.n ? rl.tok[i + 1] : end_tok, &rl.r[i]);
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
		if (!same || shared(g, ia, ib, pl->r, pl->n)) {
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
		count_region(g, &g->r[i], -1);
		free(g->r[i].w);
		free(g->r[i].lw);
	}
	for (uint32_t i = 0; i < pl->n; i++)
		count_region(g, &pl->r[i], 1);
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
