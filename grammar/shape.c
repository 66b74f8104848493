/* The shape cache: see shape.h. */
#include "grammar/shape.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grammar/parser.h"

#define MAX_TOK 512             /* tokens of a statement the cache takes */
#define MAX_LEN 65535u          /* bytes of a statement the cache takes */
#define MAX_SHAPES 4096         /* shapes kept */
#define MIN_SLOTS 64            /* the table's first size: it doubles at half full */
#define NSEEN 8192              /* hashes of shapes seen once */
#define MAX_HELD ((size_t)4 << 20)
#define WINDOW 256              /* lookups over which the cache judges whether it pays */
#define SAMPLE 16               /* when it did not: one statement in SAMPLE is looked up, */
#define COLD_WINDOW 16          /* one in twice as many after each COLD_WINDOW lookups */
#define MAX_PERIOD 64           /* without a repeat, up to one in MAX_PERIOD */
#define NO_TOK 0xFFFFu

/* How a shape's AST is made again for new tokens: fields of the copied
 * block set from them, in four lists. */
typedef struct patch {
	uint32_t at;            /* the field's offset in the block */
	uint16_t tok;           /* its token */
	uint16_t arg;           /* SPAN: the token it ends at; SLICE: where in the
	                           token the name starts (a statement the cache
	                           takes is at most MAX_LEN bytes) */
} patch;

enum { P_PTR, P_TOKEN, P_SPAN, P_SLICE, P_LIT, P__COUNT };
/* PTR: a pointer into the block, moved with it; TOKEN: an offset and the
 * length after it, one token's (the token's own two words: most spans are
 * a name's, one token); SPAN: the same from a token's start to a later
 * token's end; SLICE: a name's text, a slice of a token; LIT: a literal
 * node of the block (at: the node itself, which a PTR field points to),
 * its place, text and value read again from its token as the literal rule
 * reads them: no node is allocated and cleared on a hit (about 45
 * instructions a literal). */

typedef struct shape {
	uint64_t hash;
	uint64_t id;            /* kp_shapes_last_hit: never given to another shape */
	unsigned flags;         /* the parser's settings */
	uint32_t nkeys;         /* its tokens', the ending ';' or end of input included */
	uint64_t *keys;         /* a word a token, two a long one (read_tokens) */
	const char **ltexts;    /* the text of each token of more than 8 bytes not a
	                           literal, in order (in text): the rest is in keys */
	char *text;             /* a copy of the statement's bytes */
	char *block;            /* its AST: the statement first, every node after it */
	uint32_t size;          /* bytes in block */
	uintptr_t from;         /* where its pointers point: where the block was built,
	                           then where the last hit copied it (make) */
	patch *patches[P__COUNT];
	uint32_t npatches[P__COUNT];
} shape;

struct kp_shapes {
	kp_arena arena;         /* shapes, in blocks of one size: held grows with them */
	kp_arena tmp, junk;     /* learning: a block being built, and what is not part of it */
	/* Open addressing, linear probing, by hash: a direct-mapped table let
	 * two shapes of one slot evict each other, and each learned again
	 * into the arena (600 shapes were learned 2,522 times over 40,000
	 * statements of the benchmark, filling the arena to its bound). */
	uint64_t *hashes;       /* per slot: its shape's hash (0: empty) */
	shape **slots;
	uint32_t mask;          /* slots - 1, or 0 before the first learned */
	uint32_t nshapes;
	uint64_t seen[NSEEN];
	/* the statement looked up last */
	const char *src;        /* its source text */
	kp_token tok[MAX_TOK + 1];
	uint64_t keys[2 * (MAX_TOK + 1)]; /* see read_tokens */
	uint32_t nkeys;
	uint16_t longs[MAX_TOK + 1]; /* the tokens not literals of more than 8 bytes */
	uint32_t nlong;
	uint32_t ntok;          /* tokens buffered */
	bool complete;          /* the buffer holds the whole statement, its end included */
	bool learn;             /* its shape missed once before: learn it */
	unsigned flags;         /* the parser's settings */
	uint64_t hash;
	/* A workload whose shapes do not repeat gains nothing and pays for
	 * buffering its tokens: after WINDOW lookups without a hit or a shape
	 * seen twice, the cache goes cold and looks up one statement in
	 * SAMPLE, then one in twice as many after each COLD_WINDOW lookups
	 * without a repeat, up to one in MAX_PERIOD (a sampled miss cost the
	 * no-repeat workload 0.6% at one in 16), until one of those repeats. */
	uint32_t window;        /* lookups in this window */
	bool paid;              /* a hit or a repeated shape in it */
	uint32_t period;        /* one statement in period is looked up (a power of two; 0 or 1: every one) */
	uint32_t tick;          /* statements while cold */
	bool stats;             /* count, and say at the end (KP_SHAPE_CACHE=stats) */
	unsigned long lookups, hits, learned;
	uint64_t hit;           /* the id of the shape the last lookup hit, or 0 */
};

/* Shape ids of every cache of the process: a shape learned again after
 * the cache started over, or by another parser, has a new one. */
static _Atomic uint64_t shape_ids;

kp_shapes *kp_shapes_new(bool stats)
{
	kp_shapes *c = calloc(1, sizeof *c);
	if (!c)
		abort();
	c->stats = stats;
	kp_arena_init(&c->arena);
	c->arena.flat = 1;
	kp_arena_init(&c->tmp);
	kp_arena_init(&c->junk);
	return c;
}

void kp_shapes_free(kp_shapes *c)
{
	if (!c)
		return;
	if (c->stats)
		fprintf(stderr, "keyplan: shape cache: %lu lookups, %lu hits, %lu learned, %u kept in %zu KB\n",
		        c->lookups, c->hits, c->learned, c->nshapes,
		        (c->arena.held + (c->mask ? (c->mask + 1) * (sizeof *c->hashes + sizeof *c->slots) : 0)) >> 10);
	kp_arena_free(&c->arena);
	kp_arena_free(&c->tmp);
	kp_arena_free(&c->junk);
	free(c->hashes);
	free(c->slots);
	free(c);
}

/* A table of n slots (a power of two), the shapes put back in it. */
static void resize(kp_shapes *c, uint32_t n)
{
	uint64_t *hashes = calloc(n, sizeof *hashes);
	shape **slots = calloc(n, sizeof *slots);
	if (!hashes || !slots)
		abort();
	for (uint32_t i = 0; c->mask && i <= c->mask; i++) {
		if (!c->slots[i])
			continue;
		uint32_t j = (uint32_t)c->hashes[i] & (n - 1);
		while (slots[j])
			j = (j + 1) & (n - 1);
		hashes[j] = c->hashes[i];
		slots[j] = c->slots[i];
	}
	free(c->hashes);
	free(c->slots);
	c->hashes = hashes;
	c->slots = slots;
	c->mask = n - 1;
}

/* Drops every shape: the cache starts over, as small as it began. */
static void drop(kp_shapes *c)
{
	kp_arena_free(&c->arena);
	c->arena.flat = 1;
	free(c->hashes);
	free(c->slots);
	c->hashes = NULL;
	c->slots = NULL;
	c->mask = 0;
	c->nshapes = 0;
}



/* What a token means to the buffer, by type: one lookup a token. */
enum { T_LIT = 1, T_END = 2, T_STOP = 4 };
static const unsigned char token_class[KP_TOK_ERROR + 1] = {
	[TK_INTEGER] = T_LIT, [TK_FLOAT] = T_LIT, [TK_STRING] = T_LIT,
	[TK_SEMI] = T_END, [KP_TOK_EOF] = T_END,
	[KP_TOK_HINT] = T_STOP, [KP_TOK_ERROR] = T_STOP,
};

/* The word a token of at most 8 bytes not a literal is compared and hashed
 * by: its bytes themselves (most names, every keyword and operator),
 * zero-padded. Its first byte is not 0 (a NUL byte is the end of input or
 * an error, which a shape holds not), nor is any byte of its text, so two
 * such tokens are alike exactly when their words are. room: the bytes
 * readable from s. */
static inline uint64_t token_word(const char *s, uint32_t n, size_t room)
{
	uint64_t w = 0;
	if (room < 8) {
		/* near the end of the input: the same word, byte by byte */
		for (uint32_t i = 0; i < n; i++)
			w |= (uint64_t)(unsigned char)s[i] << (8 * i);
		return w;
	}
	static const uint64_t keep[9] = {0, 0xFF, 0xFFFF, 0xFFFFFF, 0xFFFFFFFF, 0xFFFFFFFFFFull, 0xFFFFFFFFFFFFull,
	                                 0xFFFFFFFFFFFFFFull, ~0ull};
	memcpy(&w, s, 8);
	return w & keep[n];
}

/* A key word whose first byte is 0 says a token no word of text can be
 * (token_word): a literal, by its type alone; the end of input, 0; and a
 * token of more than 8 bytes, LONG with its length above, and then one
 * word more: its first and last 8 bytes mixed, its text compared byte for
 * byte on a hit (find). */
#define LONG 0xFFFF00ull

static inline uint64_t mix(uint64_t h, uint64_t w)
{
	return ((h << 5 | h >> 59) ^ w) * 0x9E3779B97F4A7C15ull;
}

/* Lexes the statement into the buffer, hashing its shape as it goes.
 * complete: it ends within the cache's bounds, and with nothing the cache
 * cannot see (hints, errors).
 *
 * Each token leaves its words in c->keys, the key a shape is compared by
 * (written by hand so that a hit is one memcmp, not a loop over tokens
 * with a branch each, which cost about 450 instructions a statement): a
 * literal its type, shifted clear of the first byte; any other token its
 * token_word, or when longer than 8 bytes LONG and its length, then its
 * bytes mixed. The words read back one way only (a first byte of 0 is no
 * token_word), and a token's text decides its type (the lexer takes the
 * longest match, then the first rule; the settings that change a rule
 * are the flags, compared too): so two statements with equal keys and
 * equal long tokens have the same shape. A word a token rather than two
 * (its type and length beside its bytes) is 5 instructions and 8 bytes a
 * token less, and half the memcmp. */
/* c's keys of its n tokens, its hash h updated, the shape's words written
 * at k: returns their end. far: 8 bytes are readable past every token's
 * start, so no token_word asks (the loop is made twice, with far a
 * constant: the test's branch a token cost about 40 instructions a
 * statement). */
static inline __attribute__((always_inline)) uint64_t *keys_of(kp_shapes *c, const kp_lexer *lx, uint32_t n,
                                                              uint64_t *h, uint64_t *k, bool far)
{
	for (uint32_t i = 0; i < n; i++) {
		const kp_token *t = &c->tok[i];
		uint64_t w;
		if (token_class[t->type] & T_LIT) {
			w = (uint64_t)t->type << 8;
		} else if (t->len <= 8) {
			w = token_word(lx->src + t->off, t->len, far ? 8 : lx->len - t->off);
		} else {
			uint64_t x, y;
			const char *p = lx->src + t->off;
			*k++ = w = (uint64_t)t->len << 32 | LONG;
			*h = mix(*h, w);
			memcpy(&x, p, 8);
			memcpy(&y, p + t->len - 8, 8);
			w = x ^ (y * 0xC2B2AE3D27D4EB4Full);
			c->longs[c->nlong++] = (uint16_t)i;
		}
		*h = mix(*h, w);
		*k++ = w;
	}
	return k;
}

static void read_tokens(kp_shapes *c, const kp_lexer *lx0, unsigned flags)
{
	kp_lexer lx = *lx0;
	lx.report = NULL;   /* an error ends the buffer: it is lexed, and reported, again */
	c->src = lx.src;
	c->ntok = 0;
	c->nlong = 0;
	c->complete = false;
	c->flags = flags;
	uint64_t h = flags + 1;
	/* up to the end (';' or the input's), a hint or an error, or one past
	 * MAX_TOK; a token longer than MAX_LEN makes the statement so: not
	 * complete */
	uint32_t n = kp_lex_run(&lx, c->tok, MAX_TOK + 1);
	/* all but the last few statements of an input are far from its end */
	uint64_t *k = n && lx.len - c->tok[n - 1].off >= 8 ? keys_of(c, &lx, n, &h, c->keys, true)
	                                                   : keys_of(c, &lx, n, &h, c->keys, false);
	c->ntok = n;
	c->nkeys = (uint32_t)(k - c->keys);
	const kp_token *end = &c->tok[n ? n - 1 : 0];
	/* a statement, not an empty one, of bounded length, its end read */
	c->complete = n > 1 && n <= MAX_TOK && (token_class[end->type] & T_END) && end->off - c->tok[0].off <= MAX_LEN;
	c->hash = h ^ h >> 32;
}

/* ---- learning: the AST copied into one block, and how to make it again ---- */

typedef struct copier {
	kp_arena *a;            /* where the block is built */
	kp_arena *junk;         /* what is not part of it */
	uintptr_t start;        /* its first byte (the statement) */
	size_t held;            /* a's blocks' bytes then: a second block breaks the block */
	const char *text;       /* the source text */
	const kp_token *toks;   /* the statement's tokens */
	uint32_t base;          /* its first token's offset */
	uint32_t len;           /* bytes to its last token's end */
	const uint16_t *tokmap; /* len entries: the token holding each byte, or NO_TOK */
	uint8_t *claimed;       /* per token: the literal nodes that read it */
	patch *p[P__COUNT];
	uint32_t np[P__COUNT], cap[P__COUNT];
	bool bad;               /* something cannot be placed from the tokens */
} copier;

static void add(copier *k, int kind, const void *field, uint32_t tok, uint32_t arg)
{
	if (k->np[kind] == k->cap[kind]) {
		k->cap[kind] = k->cap[kind] ? k->cap[kind] * 2 : 32;
		k->p[kind] = realloc(k->p[kind], k->cap[kind] * sizeof *k->p[kind]);
		if (!k->p[kind])
			abort();
	}
	k->p[kind][k->np[kind]++] = (patch){(uint32_t)((uintptr_t)field - k->start), (uint16_t)tok, (uint16_t)arg};
}

/* A pointer field of the block that points into the block. */
static void ptr(copier *k, const void *field)
{
	add(k, P_PTR, field, 0, 0);
}

/* The token that starts at off, or NO_TOK. */
static uint32_t tok_at(const copier *k, uint32_t off)
{
	if (off < k->base || off - k->base >= k->len)
		return NO_TOK;
	uint32_t i = k->tokmap[off - k->base];
	return i != NO_TOK && k->toks[i].off == off ? i : NO_TOK;
}

/* The token that ends at end, or NO_TOK. */
static uint32_t tok_ending(const copier *k, uint32_t end)
{
	if (end <= k->base || end - k->base > k->len)
		return NO_TOK;
	uint32_t i = k->tokmap[end - 1 - k->base];
	return i != NO_TOK && k->toks[i].off + k->toks[i].len == end ? i : NO_TOK;
}

/* An offset field and the length field after it: from a token's start to
 * a token's end. */
static void span(copier *k, uint32_t *off)
{
	uint32_t i = tok_at(k, off[0]), j = off[1] ? tok_ending(k, off[0] + off[1]) : NO_TOK;
	if (i == NO_TOK || j == NO_TOK)
		k->bad = true;
	else
		add(k, i == j ? P_TOKEN : P_SPAN, off, i, j);
}

/* stmt() and expr() set every field of the AST that can point into the
 * source or the block, or hold an offset. A field added to one of these
 * structs must be copied there too (or the kind kept out of the cache),
 * and its size updated here: otherwise a statement read from the cache
 * keeps the field of the statement it was learned from. */
#define KP_SHAPE_SIZE(type, n) \
	_Static_assert(sizeof(void *) != 8 || sizeof(type) == (n), \
	               "grammar/shape.c: copy the new field of " #type " in stmt() or expr(), then update its size")
KP_SHAPE_SIZE(kp_expr, 120);
_Static_assert(sizeof(void *) != 8 || offsetof(kp_stmt, u) == 56,
               "grammar/shape.c: copy the new field of kp_stmt in stmt(), then update its offset of u");
KP_SHAPE_SIZE(kp_select, 192);
KP_SHAPE_SIZE(kp_update, 96);
KP_SHAPE_SIZE(kp_insert, 88);
KP_SHAPE_SIZE(kp_assign, 32);
KP_SHAPE_SIZE(kp_order_item, 16);
KP_SHAPE_SIZE(kp_name, 24);

_Static_assert(offsetof(kp_expr, len) == offsetof(kp_expr, off) + 4, "span: off, then len");
_Static_assert(offsetof(kp_name, srclen) == offsetof(kp_name, off) + 4, "span: off, then srclen");
_Static_assert(offsetof(kp_stmt, len) == offsetof(kp_stmt, off) + 4, "span: off, then len");

static void name(copier *k, kp_name *n)
{
	if (!n->s) {
		if (n->len || n->off || n->srclen || n->quoted)
			k->bad = true;
		return;
	}
	span(k, &n->off);
	const char *from = k->text + k->base;
	if (n->s >= from && n->s < from + k->len && n->len <= k->len - (uint32_t)(n->s - from)) {
		/* a slice of one token: the same bytes of the new token */
		uint32_t p = (uint32_t)(n->s - from), i = k->tokmap[p];
		if (i == NO_TOK || (n->len && k->tokmap[p + n->len - 1] != i) || (token_class[k->toks[i].type] & T_LIT))
			k->bad = true;   /* not one token's, or a literal's, whose text changes */
		else
			add(k, P_SLICE, &n->s, i, p + k->base - k->toks[i].off);
	} else {
		/* text of its own (unescaped, folded, or made by an action) */
		n->s = kp_arena_strndup(k->a, n->s, n->len);
		ptr(k, &n->s);
	}
}

typedef void item_fn(copier *k, void **field, const void *from);

/* l, its items still those of the parsed AST: copied. */
static void list(copier *k, kp_list *l, item_fn *item)
{
	if (!l->n) {
		if (l->items)
			k->bad = true;
		return;
	}
	void **items = kp_arena_alloc(k->a, l->n * sizeof *items);
	for (uint32_t i = 0; i < l->n; i++)
		item(k, &items[i], l->items[i]);
	l->items = items;
	l->cap = l->n;
	ptr(k, &l->items);
}

/* Is e exactly the literal its token makes (a slot)? */
static bool is_slot(copier *k, const kp_expr *e, uint32_t *tok)
{
	if (e->kind != KP_X_INT && e->kind != KP_X_FLOAT && e->kind != KP_X_STRING)
		return false;
	uint32_t i = tok_at(k, e->off);
	if (i == NO_TOK || k->toks[i].len != e->len)
		return false;
	int want = e->kind == KP_X_INT ? TK_INTEGER : e->kind == KP_X_FLOAT ? TK_FLOAT : TK_STRING;
	if (k->toks[i].type != want)
		return false;
	const kp_expr *l = kp_ast_literal(k->junk, k->text, e->kind, e->off, e->len);
	bool same = l->name.s == e->name.s && l->name.len == e->name.len && l->name.off == e->name.off &&
	            l->name.srclen == e->name.srclen && l->name.quoted == e->name.quoted &&
	            l->overflow == e->overflow && l->depth == e->depth && !e->a && !e->b && !e->c && !e->list &&
	            !e->n && !e->ref && !e->op && !e->op2 && !e->negated && !e->star && !e->distinct && !e->glob &&
	            !memcmp(&l->ival, &e->ival, sizeof e->ival);
	if (same && e->kind == KP_X_STRING)
		same = l->slen == e->slen && (l->slen == 0 || !memcmp(l->str, e->str, l->slen));
	if (same) {
		k->claimed[i]++;
		*tok = i;
	}
	return same;
}

/* *field: a copy of e, or, for a literal, made on each hit. */
static void expr(copier *k, kp_expr **field, const kp_expr *e)
{
	*field = NULL;
	if (!e)
		return;
	uint32_t tok;
	kp_expr *o = kp_arena_alloc(k->a, sizeof *o);
	*o = *e;
	*field = o;
	ptr(k, field);
	if (is_slot(k, e, &tok)) {
		/* the node stays in the block, its token's fields written on
		 * each hit; its text is the new token's, never the block's */
		add(k, P_LIT, o, tok, 0);
		return;
	}
	if (e->kind == KP_X_STRING) {
		k->bad = true;   /* a string the literal rule did not make alone */
		return;
	}
	span(k, &o->off);
	name(k, &o->name);
	if (e->kind == KP_X_COLUMN || e->kind == KP_X_STAR)
		name(k, &o->qual);
	else if (e->qual.s || e->qual.len || e->qual.off || e->qual.srclen)
		k->bad = true;
	expr(k, &o->a, e->a);
	expr(k, &o->b, e->b);
	expr(k, &o->c, e->c);
	if (e->n) {
		o->list = kp_arena_alloc(k->a, e->n * sizeof *o->list);
		ptr(k, &o->list);
		for (uint32_t i = 0; i < e->n; i++)
			expr(k, &o->list[i], e->list[i]);
	} else if (e->list) {
		k->bad = true;
	}
}

static void expr_item(copier *k, void **field, const void *from)
{
	expr(k, (kp_expr **)field, from);
}

static void name_item(copier *k, void **field, const void *from)
{
	kp_name *o = kp_arena_alloc(k->a, sizeof *o);
	*o = *(const kp_name *)from;
	*field = o;
	ptr(k, field);
	name(k, o);
}

static void order_item(copier *k, void **field, const void *from)
{
	kp_order_item *o = kp_arena_alloc(k->a, sizeof *o);
	*o = *(const kp_order_item *)from;
	*field = o;
	ptr(k, field);
	expr(k, &o->expr, ((const kp_order_item *)from)->expr);
}

static void assign_item(copier *k, void **field, const void *from)
{
	kp_assign *o = kp_arena_alloc(k->a, sizeof *o);
	*o = *(const kp_assign *)from;
	*field = o;
	ptr(k, field);
	name(k, &o->col);
	expr(k, &o->value, ((const kp_assign *)from)->value);
}

static void row_item(copier *k, void **field, const void *from)
{
	kp_list *o = kp_arena_alloc(k->a, sizeof *o);
	*o = *(const kp_list *)from;
	*field = o;
	ptr(k, field);
	list(k, o, expr_item);
}

static void insert(copier *k, kp_insert *o)
{
	name(k, &o->table);
	list(k, &o->cols, name_item);
	list(k, &o->rows, row_item);
	list(k, &o->on_dup, assign_item);
}

/* The statement's copy, or NULL when its kind is not one the cache takes. */
static kp_stmt *stmt(copier *k, const kp_stmt *s)
{
	/* hints, and forms a target may refuse at their keyword (kp_stmt.forms),
	 * keep a statement out */
	if (s->hints.n || s->hints.items || s->forms.n || s->forms.items)
		return NULL;
	if (s->kind != KP_S_SELECT && s->kind != KP_S_INSERT && s->kind != KP_S_UPSERT && s->kind != KP_S_REPLACE &&
	    s->kind != KP_S_UPDATE && s->kind != KP_S_DELETE)
		return NULL;
	kp_stmt *o = kp_arena_alloc(k->a, sizeof *o);
	k->start = (uintptr_t)o;
	k->held = k->a->held;
	*o = *s;
	span(k, &o->off);
	if (s->kind == KP_S_SELECT) {
		const kp_select *x = &s->u.select;
		kp_select *y = &o->u.select;
		list(k, &y->items, expr_item);
		name(k, &y->table);
		name(k, &y->alias);
		expr(k, &y->where, x->where);
		list(k, &y->group, expr_item);
		expr(k, &y->having, x->having);
		list(k, &y->order, order_item);
		expr(k, &y->limit, x->limit);
		expr(k, &y->offset, x->offset);
		list(k, &y->dyncols, name_item);
		if (y->use_index) {
			uint32_t i = tok_at(k, y->use_index_off);
			if (i == NO_TOK)
				k->bad = true;   /* the keyword USE: a span of one token */
			else
				add(k, P_TOKEN, &y->use_index_off, i, i);
		} else if (y->use_index_off) {
			k->bad = true;
		}
		list(k, &y->use_index_names, name_item);
		if (y->into) {
			kp_insert *i = kp_arena_alloc(k->a, sizeof *i);
			*i = *y->into;
			y->into = i;
			ptr(k, &y->into);
			insert(k, i);
		}
	} else if (s->kind == KP_S_UPDATE || s->kind == KP_S_DELETE) {
		const kp_update *x = &s->u.update;
		kp_update *y = &o->u.update;
		name(k, &y->table);
		name(k, &y->alias);
		list(k, &y->sets, assign_item);
		expr(k, &y->where, x->where);
		list(k, &y->order, order_item);
		expr(k, &y->limit, x->limit);
	} else {
		insert(k, &o->u.insert);
	}
	return o;
}

/* ---- looking up and learning ---- */

static shape *find(const kp_shapes *c)
{
	if (!c->mask)
		return NULL;
	uint32_t j = (uint32_t)c->hash & c->mask;
	while (c->slots[j] && c->hashes[j] != c->hash)
		j = (j + 1) & c->mask;
	shape *sh = c->slots[j];
	if (!sh || sh->flags != c->flags || sh->nkeys != c->nkeys || memcmp(sh->keys, c->keys, c->nkeys * sizeof *c->keys))
		return NULL;
	/* equal keys: the same tokens, and the same long ones in the same places */
	for (uint32_t i = 0; i < c->nlong; i++) {
		const kp_token *t = &c->tok[c->longs[i]];
		if (memcmp(sh->ltexts[i], c->src + t->off, t->len))
			return NULL;
	}
	return sh;
}

/* The shape's AST for the new tokens, in a. */
static kp_stmt *make(shape *sh, const char *text, const kp_token *nt, kp_arena *a)
{
	char *o = kp_arena_alloc_raw(a, sh->size);   /* written in full just below */
	uintptr_t d = (uintptr_t)o - sh->from;
	const patch *p = sh->patches[P_PTR], *e = p + sh->npatches[P_PTR];
	if (d) {
		/* By hand for speed: the block's pointers are moved to where
		 * this copy lands, in the block itself, and sh->from with them.
		 * A statement arena reset between statements hands out its copy
		 * at the same address nearly every time, so the next hit copies
		 * a block whose pointers are already right and patches none
		 * (about 120 instructions a statement of the benchmark's). */
		for (; p < e; p++) {
			uintptr_t v;
			memcpy(&v, sh->block + p->at, sizeof v);
			v += d;
			memcpy(sh->block + p->at, &v, sizeof v);
		}
		sh->from = (uintptr_t)o;
	}
	memcpy(o, sh->block, sh->size);
	_Static_assert(offsetof(kp_token, len) == offsetof(kp_token, off) + 4, "a token's span: off, then len");
	p = sh->patches[P_TOKEN], e = p + sh->npatches[P_TOKEN];
	for (; p < e; p++)
		memcpy(o + p->at, &nt[p->tok].off, 2 * sizeof(uint32_t));
	p = sh->patches[P_SPAN], e = p + sh->npatches[P_SPAN];
	for (; p < e; p++) {
		uint32_t v[2] = {nt[p->tok].off, nt[p->arg].off + nt[p->arg].len - nt[p->tok].off};
		memcpy(o + p->at, v, sizeof v);
	}
	p = sh->patches[P_SLICE], e = p + sh->npatches[P_SLICE];
	for (; p < e; p++) {
		const char *v = text + nt[p->tok].off + p->arg;
		memcpy(o + p->at, &v, sizeof v);
	}
	p = sh->patches[P_LIT], e = p + sh->npatches[P_LIT];
	for (; p < e; p++) {
		kp_expr *l = (kp_expr *)(void *)(o + p->at);
		kp_ast_literal_set(a, text, l, nt[p->tok].off, nt[p->tok].len);
		if (l->kind == KP_X_STRING && (sh->flags & KP_SHAPE_BACKSLASH))
			kp_ast_unescape(a, l, text);   /* as the grammar's mklit */
	}
	return (kp_stmt *)o;
}

kp_stmt *kp_shapes_lookup(kp_shapes *c, const kp_lexer *lx, unsigned flags, kp_arena *a, size_t *pos,
                          bool *at_eof, kp_shape_replay *rp)
{
	c->learn = false;
	c->hit = 0;
	rp->n = rp->next = 0;
	if (c->period > 1 && (++c->tick & (c->period - 1)))
		return NULL;
	read_tokens(c, lx, flags);
	rp->tok = c->tok;
	rp->n = c->ntok;
	c->lookups++;
	if (++c->window == (c->period > 1 ? COLD_WINDOW : WINDOW)) {
		if (!c->paid)
			c->period = c->period <= 1 ? SAMPLE : c->period < MAX_PERIOD ? 2 * c->period : MAX_PERIOD;
		c->window = 0;
		c->paid = false;
	}
	if (!c->complete)
		return NULL;
	shape *sh = find(c);
	if (!sh) {
		uint64_t *seen = &c->seen[c->hash & (NSEEN - 1)];
		c->learn = *seen == c->hash;
		*seen = c->hash;
		if (c->learn)
			c->paid = true, c->period = 1;
		return NULL;
	}
	*pos = (size_t)c->tok[c->ntok - 1].off + c->tok[c->ntok - 1].len;
	*at_eof = c->tok[c->ntok - 1].type == KP_TOK_EOF;
	c->hits++;
	c->hit = sh->id;
	c->paid = true;
	c->period = 1;
	return make(sh, c->src, c->tok, a);
}

void kp_shapes_learn(kp_shapes *c, bool all_read, const kp_stmt *s, const char *text)
{
	if (!c->learn || !c->complete || !all_read || s->off != c->tok[0].off || text != c->src)
		return;
	c->learn = false;
	uint32_t n = c->ntok - 1;   /* the statement's tokens, its end left out */
	uint32_t base = c->tok[0].off, len = c->tok[n - 1].off + c->tok[n - 1].len - base;
	uint16_t *tokmap = malloc(len * sizeof *tokmap);
	if (!tokmap)
		abort();
	memset(tokmap, 0xFF, len * sizeof *tokmap);
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t b = 0; b < c->tok[i].len; b++)
			tokmap[c->tok[i].off - base + b] = (uint16_t)i;
	uint8_t claimed[MAX_TOK + 1] = {0};
	kp_arena *tmp = &c->tmp;
	kp_arena_reset(tmp);
	kp_arena_reset(&c->junk);
	copier k = {.a = tmp, .junk = &c->junk, .text = text, .toks = c->tok, .base = base, .len = len,
	            .tokmap = tokmap, .claimed = claimed};
	const kp_stmt *o = stmt(&k, s);
	bool ok = o && !k.bad && tmp->held == k.held;
	/* every number and string read by one literal node and nothing else */
	for (uint32_t i = 0; ok && i < n; i++)
		ok = (token_class[c->tok[i].type] & T_LIT) == (claimed[i] == 1);
	if (ok) {
		if (c->arena.held > MAX_HELD || c->nshapes == MAX_SHAPES)
			drop(c);
		if (2 * (c->nshapes + 1) > c->mask + 1)
			resize(c, c->mask ? 2 * (c->mask + 1) : MIN_SLOTS);
		kp_arena *a = &c->arena;
		uint32_t end = c->tok[n].off + c->tok[n].len;   /* the ';' included */
		shape *sh = kp_arena_alloc(a, sizeof *sh);
		sh->hash = c->hash;
		sh->id = ++shape_ids;
		sh->flags = c->flags;
		sh->nkeys = c->nkeys;
		sh->keys = kp_arena_alloc_raw(a, c->nkeys * sizeof *sh->keys);   /* written in full */
		memcpy(sh->keys, c->keys, c->nkeys * sizeof *sh->keys);
		sh->text = kp_arena_strndup(a, text + base, end - base);
		sh->ltexts = kp_arena_alloc(a, (c->nlong + 1) * sizeof *sh->ltexts);
		for (uint32_t i = 0; i < c->nlong; i++)
			sh->ltexts[i] = sh->text + (c->tok[c->longs[i]].off - base);
		sh->from = k.start;
		sh->size = (uint32_t)((uintptr_t)tmp->next - k.start);
		sh->block = kp_arena_alloc(a, sh->size);
		memcpy(sh->block, (const void *)k.start, sh->size);
		for (int i = 0; i < P__COUNT; i++) {
			sh->npatches[i] = k.np[i];
			sh->patches[i] = kp_arena_alloc(a, k.np[i] * sizeof *sh->patches[i]);
			if (k.np[i])
				memcpy(sh->patches[i], k.p[i], k.np[i] * sizeof *sh->patches[i]);
		}
		/* one slot a hash: a shape whose hash another holds (its text
		 * differs past what the hash reads) takes its place */
		uint32_t j = (uint32_t)c->hash & c->mask;
		while (c->slots[j] && c->hashes[j] != c->hash)
			j = (j + 1) & c->mask;
		c->nshapes += !c->slots[j];
		c->hashes[j] = c->hash;
		c->slots[j] = sh;
		c->learned++;
	}
	for (int i = 0; i < P__COUNT; i++)
		free(k.p[i]);
	free(tokmap);
}

int kp_shape_take(kp_shape_replay *rp, kp_lexer *lx, kp_token *t)
{
	kp_token x = rp->tok[rp->next++];
	lx->pos = (size_t)x.off + x.len;
	*t = x;
	return x.type;
}

uint64_t kp_shapes_last_hit(const kp_shapes *c)
{
	return c ? c->hit : 0;
}
