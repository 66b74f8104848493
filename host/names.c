/* The names of a host file that its strings are read by: its string
 * constants, the names passed to SQL calls (extractInt.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "host/extractInt.h"

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

/* A name declared constant whatever its case: Go's const, Kotlin's const
 * val, Java's final String. */
static bool declared_const(const extractor *x, size_t i)
{
	return (i >= 1 && x->lang == KP_LANG_GO && kph_word_at(x, i - 1, "const")) ||
	       (i >= 2 && x->lang == KP_LANG_KOTLIN && kph_word_at(x, i - 1, "val") && kph_word_at(x, i - 2, "const")) ||
	       (i >= 2 && x->lang == KP_LANG_JAVA && kph_word_at(x, i - 1, "String") && kph_word_at(x, i - 2, "final"));
}

/* The entry named by the token at off, len (hash: its kph_name_hash) that
 * is seen there: of those whose scope holds off, the innermost (the later
 * one of one scope). A hash lookup, since every name of the file is looked
 * up; entries of one name are few (one per scope that declares it). */
static hconst *seen(const extractor *x, uint32_t off, uint32_t len, uint32_t hash)
{
	if (!x->chash)
		return NULL;
	const char *p = x->src->text + off;
	hconst *best = NULL;
	for (size_t h = hash & x->chash_mask;; h = (h + 1) & x->chash_mask) {
		uint32_t e = x->chash[h];
		if (!e)
			return best;
		hconst *c = &x->consts[e - 1];
		if (c->hash == hash && c->len == len && c->lo <= off && off < c->hi && (!best || c->lo >= best->lo) &&
		    !memcmp(x->src->text + c->name, p, len))
			best = c;
	}
}

/* The constant named by t where t is, assigned once or not: a local of
 * another method is not seen, and a local that is no constant hides one
 * of the file. */
hconst *kph_any_const(const extractor *x, const kp_htok *t)
{
	if (t->type != KP_HT_OTHER)
		return NULL;
	hconst *c = seen(x, t->off, t->len, kph_name_hash(x->src->text + t->off, t->len));
	return c && !c->shadow ? c : NULL;
}

static void chash_put(extractor *x, size_t idx)
{
	size_t h = x->consts[idx].hash & x->chash_mask;
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

hconst *kph_find_const(const extractor *x, const kp_htok *t)
{
	hconst *c = kph_any_const(x, t);
	return c && !c->twice ? c : NULL;
}

/* The scope a name declared now is seen in: the innermost block of code
 * open, else the file. */
static void scope_now(const scope_state *ss, uint32_t *lo, uint32_t *hi)
{
	*lo = 0;
	*hi = UINT32_MAX;
	if (ss->n && ss->n <= 256 && ss->stack[ss->n - 1].code)
		*lo = ss->stack[ss->n - 1].off;
}

static hconst *new_const(extractor *x, size_t *cap)
{
	if (x->nconsts == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		hconst *nc = realloc(x->consts, *cap * sizeof *nc);
		if (!nc)
			abort();
		x->consts = nc;
	}
	return &x->consts[x->nconsts];
}

/* The constants: NAME = "..." [+ "..."]... followed by the end of the
 * statement, found in the window's own tokens, each seen in its scope; a
 * local given another value hides a constant of an outer scope. */
void kph_find_consts(extractor *x, size_t *cap, scope_state *ss)
{
	const kp_htok *T = x->tk.t;
	for (size_t i = x->tk.lo; i < x->tk.hi && i + 2 < x->tk.n; i++) {
		kph_scope_step(x, ss, i);
		if (T[i].type != KP_HT_OTHER || T[i + 1].type != KP_HT_ASSIGN || (i > 0 && T[i - 1].type == KP_HT_DOT))
			continue;
		uint32_t lo, hi;
		scope_now(ss, &lo, &hi);
		bool plain = T[i + 2].type == KP_HT_STR &&
		             (const_name(x->src->text + T[i].off, T[i].len) || declared_const(x, i));
		size_t last = i + 2, j = i + 3;
		while (plain) {
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
		if (plain) {
			int ty = T[j].type;
			plain = ty == KP_HT_SEMI || ty == KP_HT_NL || ty == KP_HT_EOF || ty == KP_HT_CLOSE || ty == KP_HT_COMMA ||
			        (x->lang != KP_LANG_JAVA && T[j].off > T[last].off + T[last].len &&
			         memchr(x->src->text + T[last].off + T[last].len, '\n', T[j].off - T[last].off - T[last].len));
		}
		uint32_t hash = kph_name_hash(x->src->text + T[i].off, T[i].len);
		hconst *dup = seen(x, T[i].off, T[i].len, hash);
		if (!plain) {
			/* more follows, or another value: a local of an inner scope
			 * given it hides the outer constant there (NAME = NAME + ...
			 * appends to it) */
			if (dup && !dup->shadow && dup->lo < lo && !kph_same_name(x, &T[i], &T[i + 2])) {
				hconst *c = new_const(x, cap);
				*c = (hconst){T[i].off, T[i].len, T[i].off, T[i].off, T[i].off + T[i].len, hash, lo, hi,
				              true, false, true};
				chash_add(x, x->nconsts);
				x->nconsts++;
			}
			continue;
		}
		if (dup && !dup->shadow && dup->lo == lo) {
			dup->twice = true;
			continue;
		}
		hconst *c = new_const(x, cap);
		*c = (hconst){T[i].off, T[i].len, T[i + 2].off, T[last].off, T[last].off + T[last].len, hash, lo, hi,
		              false, false, false};
		chash_add(x, x->nconsts);
		x->nconsts++;
	}
}

/* Adds a name to a set of names (open addressing, at most half full). */
static void set_add(kp_name_set *ns, const char *text, uint32_t off, uint32_t len, uint32_t hash)
{
	if ((ns->count + 1) * 2 > ns->cap) {
		size_t nc = ns->cap ? ns->cap * 2 : 64;
		struct pname *old = ns->slot, *slot = calloc(nc, sizeof *slot);
		if (!slot)
			abort();
		for (size_t h = 0; h < ns->cap; h++)
			if (old[h].len) {
				size_t q = old[h].hash & (nc - 1);
				while (slot[q].len)
					q = (q + 1) & (nc - 1);
				slot[q] = old[h];
			}
		free(old);
		ns->slot = slot;
		ns->cap = nc;
	}
	size_t q = hash & (ns->cap - 1);
	for (; ns->slot[q].len; q = (q + 1) & (ns->cap - 1))
		if (ns->slot[q].hash == hash && ns->slot[q].len == len && !memcmp(text + ns->slot[q].off, text + off, len))
			return;
	ns->slot[q] = (struct pname){off, len, hash};
	ns->count++;
}

static bool set_has(const kp_name_set *ns, const char *text, uint32_t off, uint32_t len, uint32_t hash)
{
	if (!ns->cap)
		return false;
	for (size_t q = hash & (ns->cap - 1); ns->slot[q].len; q = (q + 1) & (ns->cap - 1))
		if (ns->slot[q].hash == hash && ns->slot[q].len == len && !memcmp(text + ns->slot[q].off, text + off, len))
			return true;
	return false;
}

/* Which constants are operands of +, in the window's own tokens: read in
 * the same pass as the constants themselves, so a name next to a + that
 * is no constant yet (its definition may come later in the file) is kept
 * in plus, for kph_resolve_used. */
void kph_find_used(extractor *x, kp_name_set *plus)
{
	const kp_htok *T = x->tk.t;
	for (size_t i = x->tk.lo > 0 ? x->tk.lo : 1; i < x->tk.hi && i + 1 < x->tk.n; i++) {
		if (T[i].type != KP_HT_OTHER || !(T[i - 1].type == KP_HT_PLUS || T[i + 1].type == KP_HT_PLUS))
			continue;
		hconst *c = kph_any_const(x, &T[i]);
		if (c)
			c->used = true;
		else
			set_add(plus, x->src->text, T[i].off, T[i].len, kph_name_hash(x->src->text + T[i].off, T[i].len));
	}
}

/* The constants defined after a use next to a +: used too (a field, or a
 * constant of the file: a local is declared before its uses). Frees plus. */
void kph_resolve_used(extractor *x, kp_name_set *plus)
{
	for (size_t c = 0; c < x->nconsts; c++)
		if (!x->consts[c].used && x->consts[c].lo == 0)
			x->consts[c].used = set_has(plus, x->src->text, x->consts[c].name, x->consts[c].len, x->consts[c].hash);
	free(plus->slot);
	*plus = (kp_name_set){0};
}

/* Appends the text of constant c (its literals, and the constants it is
 * built from, 8 deep; anything else is a hole): its tokens are read again
 * from the text, wherever in the file it is. */
void kph_decode_const(extractor *x, const hconst *c, int depth)
{
	kp_host_range u = {c->first, c->end};
	bool known = false;
	for (unsigned k = 0; k < x->nuses && !known; k++)
		known = x->uses[k].off == u.off;
	if (!known && x->nuses < 16)
		x->uses[x->nuses++] = u;
	kp_hlex lx = {x->src->text, x->src->len, c->first, x->lang == KP_LANG_KOTLIN};
	kp_htok t;
	while (kph_lex(&lx, &t, x->lang) != KP_HT_EOF && t.off <= c->last) {
		if (t.type == KP_HT_STR) {
			kp_hb_literal(&x->b, x->src->text, &t);
		} else if (t.type == KP_HT_OTHER) {
			const hconst *d = depth < 8 ? kph_find_const(x, &t) : NULL;
			if (d && d != c)
				kph_decode_const(x, d, depth + 1);
			else
				kp_hb_hole(&x->b, t.off, t.len);
		}
	}
}

/* Does the name at token nm, followed by =, declare a local of the
 * function it is in: a type or val/var before it (String q =, List<T> q =,
 * String[] q =, val q =, var q =), Go's q := and var q =, any name a
 * Python def assigns (self.q = ... sets an attribute: no name is seen)? */
static bool declares_local(const extractor *x, size_t nm)
{
	const kp_htok *T = x->tk.t;
	if (x->lang == KP_LANG_PYTHON)
		return !(nm > 0 && T[nm - 1].type == KP_HT_DOT);
	if (x->lang == KP_LANG_GO && T[nm + 1].len == 2)
		return true;   /* := */
	if (nm == 0)
		return false;
	const kp_htok *b = &T[nm - 1];
	const char *p = x->src->text + b->off;
	if (b->type == KP_HT_CLOSE)
		return b->open == ']';   /* String[] q = */
	if (b->type != KP_HT_OTHER || !b->len)
		return false;
	if (b->len == 1 && p[0] == '>')
		return true;   /* List<String> q = */
	if (!(isalpha((unsigned char)p[0]) || p[0] == '_'))
		return false;
	/* words of a statement, not a type: else q = ..., return q = ... */
	static const char *const kw[] = {"else", "return", "do", "case", "yield", "throw", "new", "in", "is", NULL};
	for (size_t k = 0; kw[k]; k++)
		if (strlen(kw[k]) == b->len && !memcmp(p, kw[k], b->len))
			return false;
	return true;
}

bool kph_passed(const extractor *x, size_t nm)
{
	const kp_htok *t = &x->tk.t[nm];
	if (!x->passed_ix || t->type != KP_HT_OTHER)
		return false;
	uint32_t fn = kph_fn_at(x, t->off);
	bool local = fn && declares_local(x, nm);
	const char *p = x->src->text + t->off;
	uint32_t hash = kph_name_hash(p, t->len);
	for (size_t h = hash & x->passed_mask;; h = (h + 1) & x->passed_mask) {
		uint32_t e = x->passed_ix[h];
		if (!e)
			return false;
		const struct puse *u = &x->passed[e - 1];
		if (u->hash == hash && u->len == t->len && (!local || u->fn == fn) &&
		    !memcmp(x->src->text + u->off, p, t->len))
			return true;
	}
}

static void add_passed(extractor *x, uint32_t off, uint32_t len)
{
	if (x->npassed == x->passedcap) {
		x->passedcap = x->passedcap ? x->passedcap * 2 : 32;
		struct puse *np = realloc(x->passed, x->passedcap * sizeof *np);
		if (!np)
			abort();
		x->passed = np;
	}
	x->passed[x->npassed++] = (struct puse){off, len, kph_name_hash(x->src->text + off, len), 0};
}

void kph_index_passed(extractor *x)
{
	if (!x->npassed)
		return;
	size_t cap = 64;
	while (cap < x->npassed * 2)
		cap *= 2;
	x->passed_ix = calloc(cap, sizeof *x->passed_ix);
	if (!x->passed_ix)
		abort();
	x->passed_mask = cap - 1;
	for (size_t k = 0; k < x->npassed; k++) {
		struct puse *u = &x->passed[k];
		u->fn = kph_fn_at(x, u->off);
		size_t h = u->hash & x->passed_mask;
		bool known = false;   /* one entry per name and function */
		for (; x->passed_ix[h] && !known; h = (h + 1) & x->passed_mask) {
			const struct puse *o = &x->passed[x->passed_ix[h] - 1];
			known = o->hash == u->hash && o->len == u->len && o->fn == u->fn &&
			        !memcmp(x->src->text + o->off, x->src->text + u->off, u->len);
		}
		if (!known)
			x->passed_ix[h] = (uint32_t)k + 1;
	}
}

/* The names passed as a whole argument to a SQL call, in the window's own
 * tokens: cursor.execute(sql), db.Query(q, id), jdbc.query(FIND_BY_ID, m). */
void kph_find_passed(extractor *x, passed_state *ps)
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
		if (k + 5 < x->tk.n && T[k + 1].type == KP_HT_DOT && kph_word_at(x, k + 2, "toString") &&
		    T[k + 3].type == KP_HT_OPEN && T[k + 4].type == KP_HT_CLOSE)
			after = k + 5;   /* sb.toString() */
		if (o->open != '(' || !o->len || !(T[k - 1].type == KP_HT_COMMA || T[k - 1].type == KP_HT_OPEN) ||
		    !(T[after].type == KP_HT_COMMA || T[after].type == KP_HT_CLOSE) ||
		    kp_host_call_evidence_at(x->src->text, o->name, o->len, x->calls) != KP_HE_CALL)
			continue;
		add_passed(x, T[k].off, T[k].len);
	}
}
