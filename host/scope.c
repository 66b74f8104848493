/* Scopes in Java, Kotlin, Go and Python (extractInt.h): the blocks a
 * constant is seen in, and the function a statement runs in, which its
 * DDL applies to. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "host/extractInt.h"

/* Is the { at T[i] a type's body (class, interface, enum, record,
 * Kotlin's object): a word of the declaration before it, back to the end
 * of the statement before? Its names are fields, seen in the whole file;
 * any other block is code, whose names are locals. (Foo.class and
 * Foo::class in an annotation name a class, they declare none.) */
bool kph_type_body(const extractor *x, size_t i)
{
	const kp_htok *T = x->tk.t;
	static const char *const kw[] = {"class", "interface", "enum", "record", "object", "@interface", NULL};
	for (size_t k = i, n = 0; k > 0 && n < WIN_BACK - 1; k--, n++) {
		const kp_htok *t = &T[k - 1];
		if (t->type == KP_HT_SEMI || (t->type == KP_HT_OPEN && t->open == '{') ||
		    (t->type == KP_HT_CLOSE && t->open == '}') || t->type == KP_HT_EOF)
			return false;
		if (t->type != KP_HT_OTHER && t->type != KP_HT_ANNOT)
			continue;
		if (k >= 2 && (T[k - 2].type == KP_HT_DOT || (T[k - 2].len && x->src->text[T[k - 2].off + T[k - 2].len - 1] == ':')))
			continue;
		for (size_t w = 0; kw[w]; w++)
			if (t->len == strlen(kw[w]) && !memcmp(x->src->text + t->off, kw[w], t->len))
				return true;
	}
	return false;
}

/* The column of the token at off (Python's blocks). */
unsigned kph_column(const char *text, uint32_t off)
{
	unsigned n = 0;
	while (off > n && text[off - n - 1] != '\n')
		n++;
	return n;
}

/* Closes the innermost scope open, at offset end: the locals it declared
 * are seen up to there. */
/* Is the scope at ss->stack[n] the outermost body of code open: a
 * function's (a method, a function, a lambda or initializer of a class,
 * Python's outermost def)? */
static bool outermost_code(const scope_state *ss, size_t n)
{
	if (n >= 256 || !ss->stack[n].code)
		return false;
	for (size_t k = 0; k < n; k++)
		if (ss->stack[k].code)
			return false;
	return true;
}

static void add_fn(extractor *x, uint32_t lo, uint32_t hi)
{
	if (x->nfns == x->fncap) {
		x->fncap = x->fncap ? x->fncap * 2 : 16;
		struct fn_range *nf = realloc(x->fns, x->fncap * sizeof *nf);
		if (!nf)
			abort();
		x->fns = nf;
	}
	x->fns[x->nfns++] = (struct fn_range){lo, hi};
}

static void close_scope(extractor *x, scope_state *ss, uint32_t end)
{
	ss->n--;
	if (ss->n >= 256)
		return;
	const struct open_scope *o = &ss->stack[ss->n];
	if (!o->code)
		return;
	if (outermost_code(ss, ss->n))
		add_fn(x, o->off, end);
	for (size_t c = o->first; c < x->nconsts; c++)
		if (x->consts[c].lo == o->off && x->consts[c].hi == UINT32_MAX)
			x->consts[c].hi = end;
}

static void open_scope(scope_state *ss, uint32_t off, uint32_t first, unsigned indent, bool code)
{
	if (ss->n < 256)
		ss->stack[ss->n] = (struct open_scope){off, first, (uint16_t)(indent > 65535 ? 65535 : indent), code};
	ss->n++;
}

/* Follows the blocks at token i: braces (Java, Kotlin, Go), or Python's
 * defs, whose bodies end at the first line indented no deeper than the def. */
void kph_scope_step(extractor *x, scope_state *ss, size_t i)
{
	const kp_htok *T = x->tk.t;
	if (x->lang != KP_LANG_PYTHON) {
		if (T[i].type == KP_HT_OPEN && T[i].open == '{')
			open_scope(ss, T[i].off, (uint32_t)x->nconsts, 0, !kph_type_body(x, i));
		else if (T[i].type == KP_HT_CLOSE && T[i].open == '}' && ss->n)
			close_scope(x, ss, T[i].off + 1);
		return;
	}
	if (T[i].type == KP_HT_OPEN)
		ss->depth++;
	else if (T[i].type == KP_HT_CLOSE && ss->depth > 0)
		ss->depth--;
	if (ss->depth > 0 || T[i].type == KP_HT_NL || T[i].type == KP_HT_COMMENT || T[i].type == KP_HT_EOF ||
	    !(i == 0 || T[i - 1].type == KP_HT_NL))
		return;
	unsigned col = kph_column(x->src->text, T[i].off);
	while (ss->n && (ss->n > 256 || ss->stack[ss->n - 1].indent >= col))
		close_scope(x, ss, T[i].off);
	if (kph_word_at(x, i, "def") || (kph_word_at(x, i, "async") && kph_word_at(x, i + 1, "def")))
		open_scope(ss, T[i].off, (uint32_t)x->nconsts, col, true);
}

void kph_scope_end(extractor *x, scope_state *ss)
{
	for (size_t k = 0; k < ss->n && k < 256; k++)
		if (ss->stack[k].code) {
			add_fn(x, ss->stack[k].off, UINT32_MAX);
			return;
		}
}

uint32_t kph_fn_at(const extractor *x, uint32_t off)
{
	/* functions do not nest, and are recorded in file order */
	size_t lo = 0, hi = x->nfns;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (x->fns[mid].hi <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < x->nfns && x->fns[lo].lo <= off ? x->fns[lo].lo + 1 : 0;
}

/* Is name (n bytes) a fixture's: set-up code the tests of its class or
 * file run before each (setUp, setup_method, SetupTest, setUpClass,
 * beforeEach)? */
static bool fixture_name(const char *p, size_t n)
{
	static const char *const pre[] = {"setup", "set_up", "before", NULL};
	for (size_t k = 0; pre[k]; k++) {
		size_t m = strlen(pre[k]);
		if (n >= m && !strncasecmp(p, pre[k], m))
			return true;
	}
	return false;
}

/* Is the function whose body the { at T[i] opens (Java, Kotlin, Go) a
 * fixture: annotated @Before, @BeforeEach, @BeforeAll, @BeforeClass
 * (JUnit, TestNG), or named as one? Its declaration is read back to the
 * end of the member before. */
static bool brace_fixture(const extractor *x, size_t i)
{
	const kp_htok *T = x->tk.t;
	for (size_t k = i, n = 0; k > 0 && n < WIN_BACK - 1; k--, n++) {
		const kp_htok *t = &T[k - 1];
		if (t->type == KP_HT_SEMI || (t->type == KP_HT_OPEN && t->open == '{') ||
		    (t->type == KP_HT_CLOSE && t->open == '}') || t->type == KP_HT_EOF)
			return false;
		const char *p = x->src->text + t->off;
		if (t->type == KP_HT_ANNOT && t->len > 7 && !memcmp(p + 1, "Before", 6))
			return true;
		if (t->type == KP_HT_OTHER && T[k].type == KP_HT_OPEN && T[k].open == '(' && fixture_name(p, t->len))
			return true;
	}
	return false;
}

/* Is the def at T[i] a fixture: named as one, or decorated
 * @pytest.fixture (@fixture, @pytest_asyncio.fixture)? Its decorators are
 * the lines above it that start with @. */
static bool def_fixture(const extractor *x, size_t i)
{
	const kp_htok *T = x->tk.t;
	size_t nm = kph_word_at(x, i, "async") ? i + 2 : i + 1;
	if (nm < x->tk.n && T[nm].type == KP_HT_OTHER && fixture_name(x->src->text + T[nm].off, T[nm].len))
		return true;
	int d = 0;
	for (size_t k = i, n = 0; k > 0 && n < WIN_BACK - 1; k--, n++) {
		const kp_htok *t = &T[k - 1];
		if (t->type == KP_HT_CLOSE)
			d++;
		else if (t->type == KP_HT_OPEN)
			d--;
		if (t->type == KP_HT_EOF || d < 0)
			return false;
		if (t->type == KP_HT_OTHER && t->len == 7 && !memcmp(x->src->text + t->off, "fixture", 7) &&
		    k >= 2 && (T[k - 2].type == KP_HT_DOT || T[k - 2].type == KP_HT_ANNOT))
			return true;
		if (t->type == KP_HT_ANNOT && t->len == 8 && !memcmp(x->src->text + t->off, "@fixture", 8))
			return true;
		/* a line above that is no decorator: the def's decorators ended */
		if (d == 0 && t->type != KP_HT_NL && t->type != KP_HT_COMMENT && (k == 1 || T[k - 2].type == KP_HT_NL) &&
		    t->type != KP_HT_ANNOT)
			return false;
	}
	return false;
}

/* Follows the function a statement of the scan is in, at token i, before
 * the scan counts its brackets: the outermost body of code (a method, a
 * function, a lambda or initializer of a class), or Python's outermost
 * def. x->fn.scope is where that body starts, 0 outside any or in a
 * fixture's (its DDL is the class's or the file's). *open is the bracket
 * inner is the innermost bracket open before it (0: none). */
void kph_fn_step(extractor *x, size_t i, char inner)
{
	const kp_htok *T = x->tk.t;
	struct fn_state *fn = &x->fn;
	if (x->lang != KP_LANG_PYTHON) {
		if (T[i].type == KP_HT_OPEN && T[i].open == '{' && !fn->open && (x->depth == 0 || inner == '{') &&
		    !kph_type_body(x, i)) {
			fn->open = true;
			fn->depth = x->depth;
			fn->scope = brace_fixture(x, i) ? 0 : T[i].off;
		} else if (T[i].type == KP_HT_CLOSE && fn->open && x->depth - 1 <= fn->depth) {
			fn->open = false;
			fn->scope = 0;
		}
		return;
	}
	if (x->depth > 0 || T[i].type == KP_HT_NL || T[i].type == KP_HT_COMMENT || T[i].type == KP_HT_EOF ||
	    !(i == 0 || T[i - 1].type == KP_HT_NL))
		return;
	unsigned col = kph_column(x->src->text, T[i].off);
	if (fn->open && col <= fn->indent) {
		fn->open = false;
		fn->scope = 0;
	}
	if (!fn->open && (kph_word_at(x, i, "def") || (kph_word_at(x, i, "async") && kph_word_at(x, i + 1, "def")))) {
		fn->open = true;
		fn->indent = col;
		fn->scope = def_fixture(x, i) ? 0 : T[i].off;
	}
}
