/* Builders followed within a block: a local given a string, and what the
 * code appends to it (extractInt.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "host/extractInt.h"

/* ------------------------------------------------------------ builders */

/* The local a builder keeps its text in, when the string expression at i
 * starts one: NAME = "...", NAME = new StringBuilder("..."), or the first
 * NAME.append("..."). The index of NAME's token, or SIZE_MAX. */
size_t kph_builder_root(const extractor *x, size_t i)
{
	const kp_htok *T = x->tk.t;
	if (i >= 2 && T[i - 1].type == KP_HT_ASSIGN && T[i - 2].type == KP_HT_OTHER &&
	    !(i >= 3 && T[i - 3].type == KP_HT_DOT))
		return i - 2;
	if (i >= 5 && T[i - 1].type == KP_HT_OPEN && T[i - 1].open == '(' &&
	    (kph_word_at(x, i - 2, "StringBuilder") || kph_word_at(x, i - 2, "StringBuffer")) && kph_word_at(x, i - 3, "new") &&
	    T[i - 4].type == KP_HT_ASSIGN && T[i - 5].type == KP_HT_OTHER)
		return i - 5;
	/* (a Python list's append adds an item: Python's strings have none) */
	if (x->lang != KP_LANG_PYTHON && i >= 4 && T[i - 1].type == KP_HT_OPEN && kph_word_at(x, i - 2, "append") &&
	    T[i - 3].type == KP_HT_DOT &&
	    T[i - 4].type == KP_HT_OTHER && !(i >= 5 && T[i - 5].type == KP_HT_DOT))
		return i - 4;
	return SIZE_MAX;
}

/* One appended value starting at k, up to (not with) token stop or the end
 * of the statement: a string expression (its literals are consumed) or
 * pasted text. Returns the token after it. */
static size_t append_value(extractor *x, size_t k, size_t stop, bool *pyformat, uint8_t *consumed)
{
	const kp_htok *T = x->tk.t;
	if (T[k].type == KP_HT_STR) {
		size_t len0 = x->b.text.len;
		unsigned holes0 = x->b.nholes;
		size_t e = kph_read_chain(x, k, pyformat);
		if (T[e].type != KP_HT_DOT) {
			for (size_t q = k; q < e; q++)
				consumed[q] = 1;
			return e;
		}
		/* " AND ".join(conds), "x".repeat(n): the literal is a method's
		 * receiver, the value is the call's: pasted text */
		x->b.text.len = len0;
		x->b.nholes = holes0;
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

/* The indentation of the line holding offset off (Python's blocks). */
static unsigned indent_of(const char *text, uint32_t off)
{
	uint32_t b = off;
	while (b > 0 && text[b - 1] != '\n')
		b--;
	unsigned n = 0;
	while (b + n < off && (text[b + n] == ' ' || text[b + n] == '\t'))
		n++;
	return n;
}

/* Appends to x->b what the code appends to the builder named by token nm
 * after token j, to the end of the block: NAME += ..., NAME = NAME + ...,
 * NAME.append(...).append(...). Stops where NAME is given another value.
 * Returns false when an append is conditional (inside a deeper block: an
 * if, a loop; in Python, a line indented deeper): the statement the code
 * runs is not known. *end: where the
 * last append ends in the host. */
bool kph_follow_builder(extractor *x, size_t nm, size_t j, bool *pyformat, uint8_t *consumed, uint32_t *end)
{
	const kp_htok *T = x->tk.t;
	int d = 0;   /* brackets open since the builder's name */
	for (size_t k = nm; k < j; k++)
		d += T[k].type == KP_HT_OPEN ? 1 : T[k].type == KP_HT_CLOSE ? -1 : 0;
	if (kph_any_const(x, &T[nm]))
		return true;   /* a constant is no builder */
	uint32_t bit = kph_name_hash(x->src->text + T[nm].off, T[nm].len) & 0xffff;
	if (!(x->appended[bit >> 3] & (1u << (bit & 7))))
		return true;   /* nothing is ever appended to this name */
	/* a method's worth of tokens at most: a builder lives in one method,
	 * and a class of many string fields must not be read once per field */
	size_t stop = j + KP_HOST_BUILDER_TOKENS < x->tk.n ? j + KP_HOST_BUILDER_TOKENS : x->tk.n;
	bool py = x->lang == KP_LANG_PYTHON;
	unsigned root_indent = py ? indent_of(x->src->text, T[nm].off) : 0;
	for (size_t k = j; k < stop && T[k].type != KP_HT_EOF; k++) {
		int ty = T[k].type;
		if (py && ty == KP_HT_NL && d == 0 && T[k + 1].type != KP_HT_NL && T[k + 1].type != KP_HT_COMMENT &&
		    T[k + 1].type != KP_HT_EOF && indent_of(x->src->text, T[k + 1].off) < root_indent)
			return true;   /* the block the builder lives in ended */
		if (ty == KP_HT_OPEN) {
			d++;
			continue;
		}
		if (ty == KP_HT_CLOSE) {
			if (--d < 0)
				return true;
			continue;
		}
		if (!kph_same_name(x, &T[k], &T[nm]) || (k > 0 && T[k - 1].type == KP_HT_DOT) || k + 3 >= x->tk.n)
			continue;
		size_t p = k + 1, e;
		/* in a deeper block (an if, a loop): Python's is its indentation */
		bool deeper = d > 0 || (py && indent_of(x->src->text, T[k].off) > root_indent);
		if (kph_word_at(x, p, "+=")) {
			if (deeper)
				return false;
			e = append_value(x, p + 1, SIZE_MAX, pyformat, consumed);
		} else if (T[p].type == KP_HT_ASSIGN && kph_same_name(x, &T[p + 1], &T[nm]) && T[p + 2].type == KP_HT_PLUS) {
			if (deeper)
				return false;
			e = append_value(x, p + 3, SIZE_MAX, pyformat, consumed);
		} else if (T[p].type == KP_HT_DOT && kph_word_at(x, p + 1, "append") && T[p + 2].type == KP_HT_OPEN) {
			if (deeper)
				return false;
			e = p;
			while (T[e].type == KP_HT_DOT && kph_word_at(x, e + 1, "append") && T[e + 2].type == KP_HT_OPEN) {
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

/* ------------------------------------------------------- name index */

/* A builder's local is looked for after each string it is given: read
 * token by token, a window of many such strings is read once per string
 * (2,499 literals of a 5,000-line class: most of the extraction). The
 * window's names are indexed once instead: each name's next use, and the
 * brackets, so that where a block ends is looked up, not read. */

void kph_names_reset(extractor *x, bool release)
{
	x->ix.valid = false;
	if (release) {
		free(x->ix.next);
		free(x->ix.depth);
		free(x->ix.exit);
		free(x->ix.slot);
		x->ix = (struct name_index){0};
	}
}

static void *grow(void *p, size_t n, size_t size)
{
	void *q = realloc(p, n * size);
	if (!q)
		abort();
	return q;
}

static void index_names(extractor *x)
{
	struct name_index *ix = &x->ix;
	const kp_htok *T = x->tk.t;
	size_t n = x->tk.n;
	if (n + 1 > ix->cap) {
		ix->cap = n + 1 > 2 * ix->cap ? n + 1 : 2 * ix->cap;
		ix->next = grow(ix->next, ix->cap, sizeof *ix->next);
		ix->depth = grow(ix->depth, ix->cap, sizeof *ix->depth);
		ix->exit = grow(ix->exit, ix->cap, sizeof *ix->exit);
	}
	size_t slots = 64;
	while (slots < 2 * n)
		slots *= 2;
	if (slots > ix->slots) {
		ix->slots = slots;
		ix->slot = grow(ix->slot, slots, sizeof *ix->slot);
	}
	memset(ix->slot, 0, slots * sizeof *ix->slot);   /* index + 1; 0: empty */
	ix->depth[0] = 0;
	for (size_t k = 0; k < n; k++)
		ix->depth[k + 1] = ix->depth[k] + (T[k].type == KP_HT_OPEN ? 1 : T[k].type == KP_HT_CLOSE ? -1 : 0);
	ix->exit[n] = (uint32_t)n;
	for (size_t k = n; k-- > 0;) {
		if (T[k].type == KP_HT_CLOSE) {
			ix->exit[k] = (uint32_t)k;
		} else if (T[k].type == KP_HT_OPEN) {
			/* past the bracket k opens, then past the block around it */
			size_t e = ix->exit[k + 1];
			ix->exit[k] = e < n ? ix->exit[e + 1] : (uint32_t)n;
		} else {
			ix->exit[k] = ix->exit[k + 1];
		}
		ix->next[k] = (uint32_t)n;
		if (T[k].type != KP_HT_OTHER)
			continue;
		size_t h = kph_name_hash(x->src->text + T[k].off, T[k].len) & (slots - 1);
		while (ix->slot[h] && !kph_same_name(x, &T[ix->slot[h] - 1], &T[k]))
			h = (h + 1) & (slots - 1);
		if (ix->slot[h])
			ix->next[k] = ix->slot[h] - 1;
		ix->slot[h] = (uint32_t)k + 1;
	}
	ix->n = n;
	ix->valid = true;
	ix->indexed += n;
}

/* The first use of the name nm after token j, from the index (the name's
 * uses, in order); n: none. */
static size_t first_use(extractor *x, size_t nm, size_t j)
{
	const kp_htok *T = x->tk.t;
	if (!x->ix.valid)
		index_names(x);
	size_t k = nm;
	while (k < j)
		k = T[k].type == KP_HT_OTHER ? x->ix.next[k] : x->tk.n;
	return k;
}

bool kph_prefix_use(extractor *x, size_t nm, size_t j)
{
	const kp_htok *T = x->tk.t;
	if (kph_any_const(x, &T[nm]))
		return false;   /* a constant's uses are read where they are */
	if (!x->ix.valid)
		index_names(x);
	struct name_index *ix = &x->ix;
	size_t n = x->tk.n;
	size_t stop = j + KP_HOST_BUILDER_TOKENS < n ? j + KP_HOST_BUILDER_TOKENS : n;
	/* past the block the local lives in: the second bracket closed that
	 * was open at j */
	size_t out = ix->exit[j];
	out = out < n ? ix->exit[out + 1] : n;
	if (out < stop)
		stop = out;
	for (size_t k = first_use(x, nm, j); k < stop; k = ix->next[k]) {
		ix->read++;
		if (T[k - 1].type == KP_HT_DOT)
			continue;
		if (T[k - 1].type == KP_HT_ASSIGN && k >= 2 && kph_same_name(x, &T[k - 2], &T[nm]))
			continue;   /* NAME = NAME + ...: an append */
		int d = ix->depth[k] - ix->depth[j];
		if (T[kph_skip(x, k + 1, x->depth + d)].type == KP_HT_PLUS)
			return true;
		if (T[k + 1].type == KP_HT_ASSIGN)
			return false;   /* a new value */
	}
	return false;
}

int kph_formatted_later(extractor *x, size_t nm, size_t j)
{
	const kp_htok *T = x->tk.t;
	if (x->lang != KP_LANG_PYTHON)
		return false;
	size_t stop = j + KP_HOST_BUILDER_TOKENS < x->tk.n ? j + KP_HOST_BUILDER_TOKENS : x->tk.n;
	unsigned root_indent = indent_of(x->src->text, T[nm].off);
	/* the block the local lives in ends at a line indented less (none
	 * is, at a module's top level) */
	for (size_t k = j; root_indent > 0 && k < stop && T[k].type != KP_HT_EOF; k++)
		if (T[k].type == KP_HT_NL && T[k + 1].type != KP_HT_NL && T[k + 1].type != KP_HT_COMMENT &&
		    T[k + 1].type != KP_HT_EOF && indent_of(x->src->text, T[k + 1].off) < root_indent)
			stop = k;
	for (size_t k = first_use(x, nm, j); k < stop; k = x->ix.next[k]) {
		x->ix.read++;
		if (T[k - 1].type == KP_HT_DOT)
			continue;
		if (T[k + 1].type == KP_HT_PCT)
			return 1;
		if (T[k + 1].type == KP_HT_DOT && kph_word_at(x, k + 2, "format") && T[k + 3].type == KP_HT_OPEN)
			return 2;   /* query.format(i): its braces are fields */
		if (T[k + 1].type == KP_HT_ASSIGN)
			return 0;   /* a new value */
	}
	return 0;
}
