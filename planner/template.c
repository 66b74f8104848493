/* A shape's candidate paths as templates (reuse.c keeps them with the
 * shape): which key ranges a candidate key reads, which conjuncts are its
 * residual filter and its class, recorded from one statement of the shape
 * with each value in the ranges traced to the literal it came from. A
 * later statement of the shape takes the template's structure and fills in
 * its own literals, without the box algebra (path.c's eval_path), when its
 * literals provably lead eval_path through the same decisions.
 *
 * When that holds. eval_path reads a literal of the WHERE in one of two
 * ways:
 *   - a site: the operand of a comparison (= <> < <= > >= IS, IS NOT), of
 *     BETWEEN or of an IN list whose other side is a column of the table,
 *     and which is a value by itself (a number, a string, -number, a
 *     parameter, NULL, TRUE or FALSE). Its value becomes a bound of the
 *     column's key slot, or nothing (not a key column, <>). The algebra
 *     then only compares bounds of one slot with each other (vcmp: which is
 *     tighter, whether a range is empty, how boxes are ordered and merged,
 *     whether IN values repeat) and asks of one value what its column can
 *     hold (its kind; for a BOOLEAN, whether an integer is 0 or 1), whether
 *     it is NULL, or an infinity past every bound. So two statements of a
 *     shape are evaluated alike when each site has the same class (kind,
 *     0 or 1, infinite, NaN, the sign of a zero, empty string) and the
 *     sites compared with one column stand in the same order (each pair's
 *     vcmp: less, equal, greater or unordered): the signature. The values
 *     of an IN list are one set (the ranges are sorted, repeats merged, the
 *     conjunct served whole or not at all, whatever their order), so they
 *     are put in order first: `k IN (3, 1, 2)` and `k IN (5, 9, 7)` have
 *     one signature.
 *   - anything else: a literal inside a function, arithmetic, a cast, a
 *     LIKE pattern (whose prefix and its successor become bounds), a tuple,
 *     a chained comparison, a COLLATE; and any conjunct holding such a node
 *     even without a literal (a key function of a parameter). Such a
 *     literal must be the same text in both statements (it is part of the
 *     signature), and every column its conjunct reads is tainted: a key
 *     with a tainted column gets no template, since values derived there
 *     (a LIKE prefix's successor) are compared with the sites' bounds.
 * A template is recorded only where eval_path reported nothing (a value
 * its column cannot hold is reported, and the class above decides it
 * again), on keys with no hash part (a hash of values) and no expression
 * part, for the WHERE as written (a partial index's WHERE less what it
 * implies compares literals' values to choose what is left), and only when
 * every value in its ranges is traced: to a site of the column of its key
 * part (equal in kind and bits: sites in a tie of one class are the same
 * value), or to no site for the NULL that bounds a nullable column. The
 * filter is recorded as the positions of its conjuncts.
 *
 * KP_SHAPE_CACHE=verify plans every statement planned from a template
 * again from nothing and aborts on any difference in the plan's JSON,
 * findings or text (reuse.c). */
#include "planner/planInt.h"

#include <math.h>

#define TEMPLATES 8     /* per shape: a key may have several signatures (a
                           range's ends in order or crossed) */
#define MAX_SITES 256   /* more: no template */
#define MAX_GROUP 64    /* sites compared with one column (pairs are kept) */

/* A value of a template's ranges: a site's, or this one. */
typedef struct vref {
	kp_value v;             /* kind, set, incl; the value itself when site < 0 */
	int32_t site;           /* the site (canonical position), or -1 */
} vref;

typedef struct trange {
	kp_range r;             /* the range, but for its values: */
	uint32_t eq, then;      /* first of its neq (nthen) refs in the template's */
	vref lo, hi, then_lo, then_hi;
} trange;

typedef struct tmpl {
	const kp_key *key;      /* NULL: an empty slot */
	uint8_t *sig;           /* the signature of the statement it was made from */
	uint32_t nsig;
	kp_access access;
	int bound;
	bool limit_hit, unordered;
	int nranges;
	trange *ranges;
	vref *refs;
	uint32_t *filter;       /* the conjuncts' positions */
	uint32_t nfilter;
} tmpl;

/* Where a statement of the shape has its sites and other literals: the
 * offset, from the statement, of the field pointing to each. A statement
 * the planner keeps templates for is a copy of its shape's block
 * (grammar/shape.c: every node but the literals in it, at the same
 * offsets, and a literal's pointer in a field of the block), resolved as
 * the shape was (reuse.c); so the walk below finds its sites in the same
 * fields, compared with the same columns, the same conjuncts tainted.
 * Recorded from the walk of one statement of the shape; a later one reads
 * its sites' values from those fields, and walks only when one of them is
 * no value (kp_value_of: a hexadecimal integer past 64 bits). A shape where
 * the walk found such a literal records nothing. */
typedef struct site_at {
	uint32_t at;            /* the field's offset from the statement */
	int32_t col;            /* the table column it is compared with */
	int32_t list;           /* its IN list (site.list), or -1 */
} site_at;

typedef struct site_map {
	bool made;              /* recorded (or found not recordable: usable false) */
	bool usable;
	bool ok;                /* the walk's kp_sites.ok (more than MAX_SITES: false) */
	bool lists;
	site_at *s;
	uint32_t n;
	uint32_t *lit;          /* the other literals' fields */
	uint32_t nlit;
	bool *taint;            /* per table column */
	int ncols;
	uint16_t *pairs;        /* the sites compared with one column, two by two,
	                           as sign writes them: npairs of them */
	uint32_t npairs;
} site_map;

struct kp_tmpls {
	tmpl t[TEMPLATES];
	unsigned next;          /* the slot a new template takes when all are full */
	site_map map;           /* the shape's sites, once recorded */
};

/* A site of the statement. */
typedef struct site {
	kp_value v;             /* its value (TRUE and FALSE as integers, as the key
	                           takes them) */
	uint8_t cls;            /* its class (see the top) */
	int col;                /* the table column it is compared with */
	int list;               /* the IN list it is a value of (its site's first
	                           position), or -1 */
	int32_t run;            /* in an IN list put in order whose values are all
	                           integers or all strings: the first position of
	                           the values equal to it; -1 else (sort_one_kind) */
} site;

struct kp_sites {
	bool ok;                /* false: no template for this statement */
	site *s;                /* in canonical order */
	uint32_t n, cap;
	bool *taint;            /* per table column (see the top) */
	const kp_expr **lit;    /* the literals that are no site */
	uint32_t nlit, caplit;
	uint8_t *sig;           /* the signature */
	uint32_t nsig;
	const kp_expr **conj;   /* the WHERE's conjuncts */
	uint32_t nconj;
	bool lists;             /* some sites are values of an IN list */
};

kp_tmpls *kp_tmpls_new(void)
{
	kp_tmpls *m = calloc(1, sizeof *m);
	if (!m)
		abort();
	return m;
}

static void tmpl_clear(tmpl *t)
{
	free(t->sig);
	free(t->ranges);
	free(t->refs);
	free(t->filter);
	memset(t, 0, sizeof *t);
}

void kp_tmpls_clear(kp_tmpls *m)
{
	if (!m)
		return;
	for (int i = 0; i < TEMPLATES; i++)
		if (m->t[i].key)
			tmpl_clear(&m->t[i]);
	m->next = 0;
	free(m->map.s);
	free(m->map.lit);
	free(m->map.taint);
	free(m->map.pairs);
	memset(&m->map, 0, sizeof m->map);
}

void kp_tmpls_free(kp_tmpls *m)
{
	kp_tmpls_clear(m);
	free(m);
}

static bool same_value(const kp_value *x, const kp_value *y);

/* ------------------------------------------------------------- sites */

typedef struct walker {
	struct kp_sites *ss;
	const int32_t *col;
	const kp_table *t;
	kp_arena *a;
	bool tainted;           /* the conjunct being walked */
	/* recording the site map: the statement's first byte, and the fields
	 * of the sites and other literals, in the order found */
	const char *base;       /* NULL: not recording */
	bool bad;               /* something found cannot be recorded */
	uint32_t *at, nat, capat;       /* the sites' fields */
	uint32_t *lat, nlat, caplat;    /* the other literals' */
} walker;

/* The offset of field from the statement being recorded, appended to
 * *v (n, cap), or w->bad when it is not one the statement's copy of its
 * block holds (sizes bounded well past a block's: MAX_TOK tokens). */
static void rec_at(walker *w, const void *field, uint32_t **v, uint32_t *n, uint32_t *cap)
{
	uintptr_t f = (uintptr_t)field, b = (uintptr_t)w->base;
	if (f < b || f - b >= ((uintptr_t)1 << 24)) {
		w->bad = true;
		return;
	}
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		*v = realloc(*v, sizeof **v * *cap);
		if (!*v)
			abort();
	}
	(*v)[(*n)++] = (uint32_t)(f - b);
}

static bool is_column(const walker *w, const kp_expr *e)
{
	return e->kind == KP_X_COLUMN && col_of(w->col, e) >= 0;
}

static uint8_t class_of(const kp_value *v, uint8_t kind)
{
	uint8_t c = kind;
	if (v->kind == KP_V_INT && (v->i == 0 || v->i == 1))
		c |= 0x10;
	if (v->kind == KP_V_REAL && (isinf(v->r) || isnan(v->r)))
		c |= isnan(v->r) ? 0x20 : 0x40;
	if (v->kind == KP_V_REAL && signbit(v->r))
		c |= 0x80;
	if (v->kind == KP_V_STR && v->n == 0)
		c |= 0x80;
	return c;
}

/* Is e, which kp_value_of refused, a number of its own (a value by its
 * kind, refused for its digits: a hexadecimal integer past 64 bits)? */
static bool refused_number(const kp_expr *e)
{
	while (e->kind == KP_X_NEG && (e->a->kind == KP_X_INT || e->a->kind == KP_X_FLOAT || e->a->kind == KP_X_NEG))
		e = e->a;
	return e->kind == KP_X_INT || e->kind == KP_X_FLOAT;
}

/* *f as a site compared with column col, if it is a value by itself. */
static inline __attribute__((always_inline)) bool add_site(walker *w, kp_expr *const *f, int col, int list)
{
	kp_value v;
	const kp_expr *e = *f;
	if (!kp_value_of(&v, e)) {
		if (w->base && refused_number(e))
			w->bad = true;   /* another statement's digits may be a value */
		return false;
	}
	struct kp_sites *ss = w->ss;
	if (w->base)
		rec_at(w, f, &w->at, &w->nat, &w->capat);
	if (ss->n == ss->cap) {
		if (ss->n >= MAX_SITES) {
			ss->ok = false;
			return true;
		}
		uint32_t cap = ss->cap ? ss->cap * 2 : 16;
		site *s = kp_arena_alloc_raw(w->a, sizeof(site) * cap);   /* each written in full */
		if (ss->n)
			memcpy(s, ss->s, sizeof(site) * ss->n);
		ss->s = s;
		ss->cap = cap;
	}
	site *s = &ss->s[ss->n++];
	s->cls = class_of(&v, v.kind);
	if (v.kind == KP_V_BOOL)
		v.kind = KP_V_INT;
	s->v = v;
	s->col = col;
	s->list = list;
	s->run = -1;
	return true;
}

/* A literal that is no site: its text is part of the signature. */
static void opaque(walker *w, kp_expr *const *f)
{
	const kp_expr *e = *f;
	w->tainted = true;
	if (w->base)
		rec_at(w, f, &w->lat, &w->nlat, &w->caplat);
	struct kp_sites *ss = w->ss;
	if (ss->nlit == ss->caplit) {
		uint32_t cap = ss->caplit ? ss->caplit * 2 : 8;
		const kp_expr **l = kp_arena_alloc(w->a, sizeof(kp_expr *) * cap);
		if (ss->nlit)
			memcpy(l, ss->lit, sizeof(kp_expr *) * ss->nlit);
		ss->lit = l;
		ss->caplit = cap;
	}
	ss->lit[ss->nlit++] = e;
}

static const char *lit_text(const kp_expr *e, uint32_t *n)
{
	*n = e->kind == KP_X_STRING ? e->slen : e->name.len;
	return e->kind == KP_X_STRING ? e->str : e->name.s;
}

static void walk(walker *w, kp_expr *const *f)
{
	const kp_expr *e = *f;
	if (!e)
		return;
	switch (e->kind) {
	case KP_X_INT:
	case KP_X_FLOAT:
	case KP_X_STRING:
		opaque(w, f);
		return;
	case KP_X_COLUMN:
	case KP_X_PARAM:
	case KP_X_NULL:
	case KP_X_BOOL:
		return;
	case KP_X_AND:
	case KP_X_OR:
	case KP_X_NOT:
	case KP_X_ISNULL:
		break;
	case KP_X_CMP:
		if (e->op >= KP_OP_EQ && e->op <= KP_OP_GE) {
			if (is_column(w, e->a) && add_site(w, &e->b, col_of(w->col, e->a), -1))
				return;
			if (is_column(w, e->b) && add_site(w, &e->a, col_of(w->col, e->b), -1))
				return;
		} else if ((e->op == KP_OP_IS || e->op == KP_OP_ISNOT) && is_column(w, e->a) &&
		           add_site(w, &e->b, col_of(w->col, e->a), -1)) {
			return;
		}
		w->tainted = true;
		break;
	case KP_X_BETWEEN:
		if (is_column(w, e->a)) {
			int c = col_of(w->col, e->a);
			if (!add_site(w, &e->b, c, -1))
				w->tainted = true, walk(w, &e->b);
			if (!add_site(w, &e->c, c, -1))
				w->tainted = true, walk(w, &e->c);
			return;
		}
		w->tainted = true;
		break;
	case KP_X_IN:
		if (is_column(w, e->a)) {
			int c = col_of(w->col, e->a), first = (int)w->ss->n;
			w->ss->lists = true;
			for (uint32_t i = 0; i < e->n; i++)
				if (!add_site(w, &e->list[i], c, first))
					w->tainted = true, walk(w, &e->list[i]);
			return;
		}
		w->tainted = true;
		break;
	default:
		w->tainted = true;
		break;
	}
	walk(w, &e->a);
	walk(w, &e->b);
	walk(w, &e->c);
	for (uint32_t i = 0; i < e->n; i++)
		walk(w, &e->list[i]);
}

static void taint_cols(walker *w, const kp_expr *e)
{
	if (!e)
		return;
	if (e->kind == KP_X_COLUMN && col_of(w->col, e) >= 0)
		w->ss->taint[col_of(w->col, e)] = true;
	taint_cols(w, e->a);
	taint_cols(w, e->b);
	taint_cols(w, e->c);
	for (uint32_t i = 0; i < e->n; i++)
		taint_cols(w, e->list[i]);
}

/* A string's first 8 bytes as a big-endian number, zero-padded: two
 * strings whose prefixes differ are in the order of their prefixes, as
 * vcmp orders them (bytes, then the shorter first); where they are equal
 * the strings are compared whole. */
static inline uint64_t str_prefix(const kp_value *v)
{
	uint64_t p = 0;
	uint32_t n = v->n < 8 ? v->n : 8;
	for (uint32_t i = 0; i < n; i++)
		p |= (uint64_t)(unsigned char)v->s[i] << (56 - 8 * i);
	return p;
}

/* Is x after y (vcmp(y, x) > 0, both strings), their prefixes px, py? */
static inline bool str_after(uint64_t py, const kp_value *y, uint64_t px, const kp_value *x)
{
	if (py != px)
		return py > px;
	uint32_t n = x->n < y->n ? x->n : y->n;
	int c = n > 8 ? memcmp(y->s + 8, x->s + 8, n - 8) : 0;
	return c ? c > 0 : y->n > x->n;
}

/* s[0..n), an IN list of integers only or of strings only, put in order
 * as the insertion sort of order_lists puts it (the same comparisons'
 * outcomes, so the same order), and each site's run set: the first
 * position of the values equal to it. false, nothing done, for a list of
 * another kind or of several.
 *
 * sign reads two values' order from their runs instead of comparing them
 * again (a list of n values has n(n-1)/2 pairs): in a list in ascending
 * order, of one kind compared as a total order (integers by value, strings
 * byte by byte, as vcmp does), the earlier is less than the later, or
 * equal where they are in one run. By hand: such a list needs no copy to
 * go back to (every pair compares), and vcmp of two strings is a call to
 * kp_value_key_cmp and one to memcmp, about 60 instructions, where an IN
 * list of 5 strings (the benchmark's multi-get) took about 7 for its
 * order: here each string's prefix is read once and compared as a
 * number. */
static bool sort_one_kind(site *s, uint32_t n)
{
	uint64_t pre[MAX_SITES];
	uint8_t kind = s[0].v.kind;
	if (n > MAX_SITES || (kind != KP_V_INT && kind != KP_V_STR))
		return false;
	for (uint32_t k = 1; k < n; k++)
		if (s[k].v.kind != kind)
			return false;
	int32_t first = s[0].list;
	if (kind == KP_V_INT) {
		for (uint32_t k = 1; k < n; k++) {
			site x = s[k];
			uint32_t m = k;
			while (m > 0 && s[m - 1].v.i > x.v.i) {
				s[m] = s[m - 1];
				m--;
			}
			s[m] = x;
		}
		s[0].run = first;
		for (uint32_t k = 1; k < n; k++)
			s[k].run = s[k - 1].v.i == s[k].v.i ? s[k - 1].run : first + (int32_t)k;
		return true;
	}
	for (uint32_t k = 0; k < n; k++)
		pre[k] = str_prefix(&s[k].v);
	for (uint32_t k = 1; k < n; k++) {
		site x = s[k];
		uint64_t px = pre[k];
		uint32_t m = k;
		while (m > 0 && str_after(pre[m - 1], &s[m - 1].v, px, &x.v)) {
			s[m] = s[m - 1];
			pre[m] = pre[m - 1];
			m--;
		}
		s[m] = x;
		pre[m] = px;
	}
	s[0].run = first;
	for (uint32_t k = 1; k < n; k++) {
		const kp_value *x = &s[k - 1].v, *y = &s[k].v;
		bool eq = pre[k - 1] == pre[k] && x->n == y->n && (x->n <= 8 || !memcmp(x->s + 8, y->s + 8, x->n - 8));
		s[k].run = eq ? s[k - 1].run : first + (int32_t)k;
	}
	return true;
}

/* The values of each IN list in order (vcmp), when they all compare: a
 * list with a value that does not (a parameter) stays as written, since
 * the order of ranges that do not compare is the order they were made in. */
static void order_lists(struct kp_sites *ss, kp_arena *a)
{
	site *keep = NULL;
	for (uint32_t i = 0; i < ss->n;) {
		uint32_t j = i + 1;
		while (j < ss->n && ss->s[i].list >= 0 && ss->s[j].list == ss->s[i].list)
			j++;
		if (j - i > 1 && sort_one_kind(ss->s + i, j - i)) {
			i = j;
			continue;
		}
		if (j - i > 1) {
			if (!keep)
				keep = kp_arena_alloc_raw(a, sizeof(site) * ss->n);
			memcpy(keep + i, ss->s + i, sizeof(site) * (j - i));
		}
		bool ok = true;
		for (uint32_t k = i + 1; k < j && ok; k++) {
			site x = ss->s[k];
			uint32_t m = k;
			while (m > i) {
				int c = vcmp(&ss->s[m - 1].v, &x.v, &ok);
				if (!ok || c <= 0)
					break;
				ss->s[m] = ss->s[m - 1];
				m--;
			}
			ss->s[m] = x;
		}
		if (!ok)
			memcpy(ss->s + i, keep + i, sizeof(site) * (j - i));
		i = j;
	}
}

/* The field of s holding its WHERE where, or NULL. */
static kp_expr *const *where_field(const kp_stmt *s, const kp_expr *where)
{
	kp_expr *const *f = s->kind == KP_S_SELECT ? &s->u.select.where
	                    : s->kind == KP_S_UPDATE || s->kind == KP_S_DELETE ? &s->u.update.where : NULL;
	return f && *f == where ? f : NULL;
}

/* The sites and taints of WHERE where, found by walking it; when rec (a
 * statement whose shape's map is not made yet) is set, recorded in map. */
static struct kp_sites *sites_walked(const kp_table *t, const kp_names *nm, const kp_expr *where, kp_arena *a,
                                     const kp_stmt *rec, site_map *map)
{
	struct kp_sites *ss = kp_arena_alloc(a, sizeof *ss);
	ss->ok = true;
	ss->taint = kp_arena_alloc(a, sizeof(bool) * (size_t)(t->ncols + 1));
	walker w = {ss, nm->col, t, a, false, (const char *)rec, false, NULL, 0, 0, NULL, 0, 0};
	ss->nconj = where ? 1 : 0;
	ss->conj = (const kp_expr **)kp_arena_alloc(a, sizeof(kp_expr *));
	ss->conj[0] = where;
	kp_expr *const *root = rec ? where_field(rec, where) : NULL;
	if (where && where->kind == KP_X_AND) {
		ss->conj = (const kp_expr **)where->list;
		ss->nconj = where->n;
	} else if (rec && where && !root) {
		w.bad = true;
		w.base = NULL;
	}
	for (uint32_t i = 0; i < ss->nconj; i++) {
		w.tainted = false;
		walk(&w, where->kind == KP_X_AND ? &where->list[i] : root ? root : (kp_expr *const *)&ss->conj[0]);
		if (w.tainted)
			taint_cols(&w, ss->conj[i]);
	}
	if (rec) {
		memset(map, 0, sizeof *map);
		map->made = true;
		map->usable = !w.bad && ss->ok && w.nat == ss->n && w.nlat == ss->nlit;
		if (map->usable) {
			map->ok = ss->ok;
			map->lists = ss->lists;
			map->n = ss->n;
			map->s = malloc(sizeof *map->s * (ss->n + 1));
			map->nlit = ss->nlit;
			map->lit = w.lat;
			w.lat = NULL;
			map->ncols = t->ncols;
			map->taint = malloc(sizeof(bool) * (size_t)(t->ncols + 1));
			if (!map->s || !map->taint)
				abort();
			for (uint32_t i = 0; i < ss->n; i++)
				map->s[i] = (site_at){w.at[i], ss->s[i].col, ss->s[i].list};
			memcpy(map->taint, ss->taint, sizeof(bool) * (size_t)(t->ncols + 1));
			/* the pairs of sites of one column (an IN list is put in
			 * order within itself: its sites keep their column) */
			uint32_t np = 0, most = 0;
			for (uint32_t i = 0; i < ss->n; i++) {
				uint32_t group = 0;
				for (uint32_t j = i + 1; j < ss->n; j++)
					group += ss->s[j].col == ss->s[i].col;
				np += group;
				most = group > most ? group : most;
			}
			map->pairs = malloc(sizeof *map->pairs * (2 * (size_t)np + 1));
			if (!map->pairs)
				abort();
			for (uint32_t i = 0, k = 0; i < ss->n; i++)
				for (uint32_t j = i + 1; j < ss->n; j++)
					if (ss->s[j].col == ss->s[i].col) {
						map->pairs[k++] = (uint16_t)i;
						map->pairs[k++] = (uint16_t)j;
					}
			map->npairs = np;
			map->usable = most <= MAX_GROUP;   /* more: sign finds the statement not ok */
		}
		free(w.at);
		free(w.lat);
	}
	return ss;
}

/* The sites and taints of a statement of the shape whose map is made,
 * read from the fields the map recorded; NULL when one is no value (then
 * walk). */
static struct kp_sites *sites_mapped(const site_map *map, const kp_stmt *s, const kp_expr *where, kp_arena *a)
{
	const char *base = (const char *)s;
	struct kp_sites *ss = kp_arena_alloc(a, sizeof *ss);
	ss->ok = true;
	ss->taint = map->taint;
	ss->lists = map->lists;
	ss->nconj = where ? 1 : 0;
	if (where && where->kind == KP_X_AND) {
		ss->conj = (const kp_expr **)where->list;
		ss->nconj = where->n;
	} else {
		ss->conj = (const kp_expr **)kp_arena_alloc_raw(a, sizeof(kp_expr *));   /* written here */
		ss->conj[0] = where;
	}
	ss->s = kp_arena_alloc_raw(a, sizeof(site) * (map->n + 1));   /* each written in full */
	ss->cap = map->n;
	for (uint32_t i = 0; i < map->n; i++) {
		const kp_expr *e;
		memcpy(&e, base + map->s[i].at, sizeof e);
		kp_value v;
		if (!kp_value_of(&v, e))
			return NULL;
		site *x = &ss->s[i];
		x->cls = class_of(&v, v.kind);
		if (v.kind == KP_V_BOOL)
			v.kind = KP_V_INT;
		x->v = v;
		x->col = map->s[i].col;
		x->list = map->s[i].list;
		x->run = -1;
	}
	ss->n = map->n;
	if (map->nlit) {
		ss->lit = kp_arena_alloc_raw(a, sizeof(kp_expr *) * map->nlit);   /* each written below */
		for (uint32_t i = 0; i < map->nlit; i++)
			memcpy(&ss->lit[i], base + map->lit[i], sizeof ss->lit[i]);
		ss->nlit = ss->caplit = map->nlit;
	}
	return ss;
}

/* Bytes the other literals take in a signature: each its kind, length and
 * text. */
static size_t lits_size(const struct kp_sites *ss)
{
	size_t size = 0;
	for (uint32_t i = 0; i < ss->nlit; i++) {
		uint32_t n;
		lit_text(ss->lit[i], &n);
		size += 1 + sizeof n + n;
	}
	return size;
}

/* Writes them at o: the end of what was written. */
static uint8_t *write_lits(const struct kp_sites *ss, uint8_t *o)
{
	for (uint32_t i = 0; i < ss->nlit; i++) {
		uint32_t n;
		const char *p = lit_text(ss->lit[i], &n);
		*o++ = (uint8_t)ss->lit[i]->kind;
		memcpy(o, &n, sizeof n);
		o += sizeof n;
		memcpy(o, p, n);
		o += n;
	}
	return o;
}

/* The signature of ss's sites and literals (see the top), their IN lists
 * put in order first; ss->ok false when a column has too many sites. map:
 * the shape's, whose pairs are those of ss (ss read from it), or NULL. */
static void sign(struct kp_sites *ss, kp_arena *a, const site_map *map)
{
	if (ss->lists)
		order_lists(ss, a);   /* nothing to put in order otherwise */
	if (map) {
		size_t size = ss->n + map->npairs + lits_size(ss);
		uint8_t *o = kp_arena_alloc_raw(a, size + 1);   /* nsig bytes written below */
		ss->sig = o;
		for (uint32_t i = 0; i < ss->n; i++)
			*o++ = ss->s[i].cls;
		for (uint32_t k = 0; k < map->npairs; k++) {
			const site *x = &ss->s[map->pairs[2 * k]], *y = &ss->s[map->pairs[2 * k + 1]];
			if (x->run >= 0 && y->run >= 0 && x->list == y->list) {
				/* one list in order (sort_one_kind): x is before y */
				*o++ = x->run == y->run ? 1 : 0;
				continue;
			}
			bool ok;
			int c = vcmp(&x->v, &y->v, &ok);
			*o++ = (uint8_t)(ok ? (c > 0) - (c < 0) + 1 : 3);
		}
		o = write_lits(ss, o);
		ss->nsig = (uint32_t)(o - ss->sig);
		return;
	}
	/* a class a site, a byte a pair of one column's sites (at most
	 * n(n-1)/2, written in one pass that also counts each site's group),
	 * and each other literal's kind, length and text */
	size_t size = ss->n + (size_t)ss->n * (ss->n ? ss->n - 1 : 0) / 2 + lits_size(ss);
	uint8_t *o = kp_arena_alloc_raw(a, size + 1);   /* nsig bytes written below */
	ss->sig = o;
	for (uint32_t i = 0; i < ss->n; i++)
		*o++ = ss->s[i].cls;
	for (uint32_t i = 0; i < ss->n; i++) {
		uint32_t group = 0;
		for (uint32_t j = i + 1; j < ss->n; j++) {
			if (ss->s[j].col != ss->s[i].col)
				continue;
			bool ok;
			int c = vcmp(&ss->s[i].v, &ss->s[j].v, &ok);
			*o++ = (uint8_t)(ok ? (c > 0) - (c < 0) + 1 : 3);
			group++;
		}
		if (group > MAX_GROUP) {
			ss->ok = false;
			return;
		}
	}
	o = write_lits(ss, o);
	ss->nsig = (uint32_t)(o - ss->sig);
}

static bool same_site(const site *x, const site *y)
{
	return x->cls == y->cls && x->col == y->col && x->list == y->list && x->v.kind == y->v.kind &&
	       (x->v.kind == KP_V_NULL || same_value(&x->v, &y->v));
}

/* KP_SHAPE_CACHE=verify: the sites read from the map (m) against those a
 * walk finds (w); a difference is a defect of this file, said and aborted
 * on. */
static void check_sites(const struct kp_sites *m, const struct kp_sites *w, const kp_table *t, const kp_stmt *s)
{
	bool same = m->ok == w->ok && m->n == w->n && m->nlit == w->nlit && m->nconj == w->nconj &&
	            m->lists == w->lists && !memcmp(m->taint, w->taint, sizeof(bool) * (size_t)(t->ncols + 1));
	for (uint32_t i = 0; same && i < m->n; i++)
		same = same_site(&m->s[i], &w->s[i]);
	for (uint32_t i = 0; same && i < m->nlit; i++)
		same = m->lit[i] == w->lit[i];
	for (uint32_t i = 0; same && i < m->nconj; i++)
		same = m->conj[i] == w->conj[i];
	if (same && m->ok)
		same = m->nsig == w->nsig && !memcmp(m->sig, w->sig, m->nsig);
	if (!same) {
		fprintf(stderr, "keyplan: shape cache: the sites recorded for the shape of the statement at offset %u "
		        "differ from its own\n", s->off);
		abort();
	}
}

/* The sites, taints and signature of WHERE where: made once a statement,
 * from the shape's map when it has one. */
static struct kp_sites *sites_of(path_keep *keep, const kp_table *t, const kp_names *nm, const kp_expr *where,
                                 kp_arena *a)
{
	if (keep->sites)
		return keep->sites;
	site_map *map = keep->tm && keep->stmt ? &keep->tm->map : NULL;
	struct kp_sites *ss = NULL;
	if (map && map->made && map->usable && map->ncols == t->ncols)
		ss = sites_mapped(map, keep->stmt, where, a);
	if (ss) {
		sign(ss, a, map);
		if (keep->verify) {
			struct kp_sites *w = sites_walked(t, nm, where, a, NULL, NULL);
			if (w->ok)
				sign(w, a, NULL);
			check_sites(ss, w, t, keep->stmt);
		}
	} else {
		ss = sites_walked(t, nm, where, a, map && !map->made ? keep->stmt : NULL, map);
		if (ss->ok)
			sign(ss, a, NULL);
	}
	keep->sites = ss;
	return ss;
}

/* ---------------------------------------------------------- templates */

static bool same_value(const kp_value *x, const kp_value *y)
{
	if (x->kind != y->kind)
		return false;
	switch (x->kind) {
	case KP_V_INT:
	case KP_V_BOOL:
	case KP_V_TIME:
		return x->i == y->i;
	case KP_V_REAL:
		return !memcmp(&x->r, &y->r, sizeof x->r);
	case KP_V_STR:
		return x->n == y->n && (!x->n || !memcmp(x->s, y->s, x->n));
	case KP_V_PARAM:
		return x->off == y->off && x->n == y->n && !memcmp(x->s, y->s, x->n);
	default:
		return false;
	}
}

/* v, a value of key part p's slot, traced into *r. */
static bool trace(vref *r, const kp_value *v, const struct kp_sites *ss, const kp_key *key, int p)
{
	memset(r, 0, sizeof *r);
	r->v.kind = v->kind;
	r->v.set = v->set;
	r->v.incl = v->incl;
	r->site = -1;
	if (!v->set || v->kind == KP_V_NULL)
		return true;
	if (p >= key->n)
		return false;
	int col = key->parts[p].col;
	for (uint32_t i = 0; i < ss->n; i++)
		if (ss->s[i].col == col && same_value(&ss->s[i].v, v)) {
			r->site = (int32_t)i;
			return true;
		}
	return false;
}

static inline kp_value fill(const vref *r, const struct kp_sites *ss)
{
	if (r->site < 0)
		return r->v;
	kp_value v = ss->s[r->site].v;
	v.kind = r->v.kind;
	v.set = r->v.set;
	v.incl = r->v.incl;
	return v;
}

/* May key have a template for this statement at all? */
static bool key_allowed(const struct kp_sites *ss, const kp_key *key)
{
	if (!ss->ok)
		return false;
	for (int i = 0; i < key->n; i++) {
		const kp_key_part *p = &key->parts[i];
		if (p->col < 0 || p->expr || p->nhash || ss->taint[p->col])
			return false;
	}
	return true;
}

bool kp_tmpl_apply(path_keep *keep, const kp_table *t, const kp_names *nm, const kp_key *key,
                   const kp_expr *where, path_eval *pe, kp_arena *a)
{
	kp_tmpls *m = keep->tm;
	const tmpl *tp = NULL;
	for (int i = 0; i < TEMPLATES && !tp; i++)
		if (m->t[i].key == key)
			tp = &m->t[i];
	if (!tp)
		return false;
	struct kp_sites *ss = sites_of(keep, t, nm, where, a);
	if (!ss->ok)
		return false;
	tp = NULL;
	for (int i = 0; i < TEMPLATES && !tp; i++)
		if (m->t[i].key == key && m->t[i].nsig == ss->nsig && !memcmp(m->t[i].sig, ss->sig, ss->nsig))
			tp = &m->t[i];
	if (!tp)
		return false;
	pe->key = key;
	pe->access = tp->access;
	pe->bound = tp->bound;
	pe->limit_hit = tp->limit_hit;
	pe->unordered = tp->unordered;
	pe->nranges = tp->nranges;
	/* written in full below */
	pe->ranges = kp_arena_alloc_raw(a, sizeof(kp_range) * (size_t)(tp->nranges + 1));
	for (int i = 0; i < tp->nranges; i++) {
		const trange *tr = &tp->ranges[i];
		kp_range *r = &pe->ranges[i];
		*r = tr->r;
		if (r->neq) {
			r->eq = kp_arena_alloc_raw(a, sizeof(kp_value) * (size_t)r->neq);
			for (int k = 0; k < r->neq; k++)
				r->eq[k] = fill(&tp->refs[tr->eq + (uint32_t)k], ss);
		}
		if (r->nthen) {
			r->then = kp_arena_alloc_raw(a, sizeof(kp_value) * (size_t)r->nthen);
			for (int k = 0; k < r->nthen; k++)
				r->then[k] = fill(&tp->refs[tr->then + (uint32_t)k], ss);
		}
		/* unset where the range has none (cleared in the template) */
		if (r->has_range) {
			r->lo = fill(&tr->lo, ss);
			r->hi = fill(&tr->hi, ss);
		}
		if (r->then_range) {
			r->then_lo = fill(&tr->then_lo, ss);
			r->then_hi = fill(&tr->then_hi, ss);
		}
	}
	memset(&pe->filter, 0, sizeof pe->filter);
	if (tp->nfilter) {
		pe->filter.items = kp_arena_alloc(a, sizeof(void *) * tp->nfilter);
		pe->filter.n = pe->filter.cap = tp->nfilter;
		for (uint32_t i = 0; i < tp->nfilter; i++)
			pe->filter.items[i] = (void *)ss->conj[tp->filter[i]];
	}
	keep->templated++;
	return true;
}

void kp_tmpl_record(path_keep *keep, const kp_table *t, const kp_names *nm, const kp_key *key,
                    const kp_expr *where, const path_eval *pe, kp_arena *a)
{
	struct kp_sites *ss = sites_of(keep, t, nm, where, a);
	if (!key_allowed(ss, key))
		return;
	tmpl n;
	memset(&n, 0, sizeof n);
	uint32_t nrefs = 0;
	for (int i = 0; i < pe->nranges; i++)
		nrefs += (uint32_t)(pe->ranges[i].neq + pe->ranges[i].nthen);
	n.ranges = malloc(sizeof(trange) * (size_t)(pe->nranges + 1));
	n.refs = malloc(sizeof(vref) * (nrefs + 1));
	n.filter = malloc(sizeof(uint32_t) * (pe->filter.n + 1));
	n.sig = malloc(ss->nsig + 1);
	if (!n.ranges || !n.refs || !n.filter || !n.sig)
		abort();
	bool ok = true;
	uint32_t k = 0;
	for (int i = 0; i < pe->nranges && ok; i++) {
		const kp_range *r = &pe->ranges[i];
		trange *tr = &n.ranges[i];
		tr->r = *r;
		tr->r.eq = tr->r.then = NULL;
		/* the values are filled in from the refs; what a range does not
		 * read is cleared, so that no template points into a statement */
		memset(&tr->r.lo, 0, sizeof tr->r.lo);
		memset(&tr->r.hi, 0, sizeof tr->r.hi);
		memset(&tr->r.then_lo, 0, sizeof tr->r.then_lo);
		memset(&tr->r.then_hi, 0, sizeof tr->r.then_hi);
		tr->eq = k;
		for (int j = 0; j < r->neq && ok; j++)
			ok = trace(&n.refs[k++], &r->eq[j], ss, key, j);
		tr->then = k;
		for (int j = 0; j < r->nthen && ok; j++)
			ok = trace(&n.refs[k++], &r->then[j], ss, key, r->neq + 1 + j);
		ok = ok && trace(&tr->lo, r->has_range ? &r->lo : &(kp_value){0}, ss, key, r->neq) &&
		     trace(&tr->hi, r->has_range ? &r->hi : &(kp_value){0}, ss, key, r->neq);
		ok = ok && trace(&tr->then_lo, r->then_range ? &r->then_lo : &(kp_value){0}, ss, key, r->neq + 1 + r->nthen) &&
		     trace(&tr->then_hi, r->then_range ? &r->then_hi : &(kp_value){0}, ss, key, r->neq + 1 + r->nthen);
	}
	for (uint32_t i = 0; i < pe->filter.n && ok; i++) {
		uint32_t j = 0;
		while (j < ss->nconj && (const void *)ss->conj[j] != pe->filter.items[i])
			j++;
		ok = j < ss->nconj;
		n.filter[i] = j;
	}
	if (!ok) {
		tmpl_clear(&n);
		return;
	}
	n.nfilter = pe->filter.n;
	n.key = key;
	memcpy(n.sig, ss->sig, ss->nsig);
	n.nsig = ss->nsig;
	n.access = pe->access;
	n.bound = pe->bound;
	n.limit_hit = pe->limit_hit;
	n.unordered = pe->unordered;
	n.nranges = pe->nranges;
	kp_tmpls *m = keep->tm;
	int slot = -1;
	for (int i = 0; i < TEMPLATES && slot < 0; i++)
		if (!m->t[i].key)
			slot = i;
	if (slot < 0) {
		slot = (int)(m->next++ % TEMPLATES);
		tmpl_clear(&m->t[slot]);
	}
	m->t[slot] = n;
}
