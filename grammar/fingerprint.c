/* Statement fingerprints: see fingerprint.h. One walk over the AST, mixing
 * what can change a plan into a 64-bit hash. */
#include "grammar/fingerprint.h"

#include <string.h>

/* Distinct tags for the parts of a statement, so that (a, b) and (ab) or a
 * missing clause and an empty one never mix alike. */
enum {
	T_NULLPTR = 0x51, T_NAME, T_QUAL, T_WHERE, T_ITEMS, T_GROUP, T_HAVING, T_ORDER, T_LIMIT,
	T_OFFSET, T_HINT, T_SET, T_ROW, T_COLS, T_ONDUP, T_INTO, T_DYN, T_END
};

static uint64_t mix(uint64_t h, uint64_t v)
{
	/* splitmix64's finalizer over h xor v: every input bit reaches every
	 * output bit, so shapes that differ in one tag do not collide in bulk */
	uint64_t z = h ^ (v + 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t mix_bytes(uint64_t h, const char *s, uint32_t n, bool fold)
{
	uint64_t f = 1469598103934665603ull;
	for (uint32_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (fold && ch >= 'A' && ch <= 'Z')
			ch = (unsigned char)(ch - 'A' + 'a');
		f = (f ^ ch) * 1099511628211ull;
	}
	return mix(mix(h, f), n);
}

static uint64_t mix_name(uint64_t h, const kp_name *n, const kp_fp_opts *o)
{
	if (!n->s)
		return mix(h, T_NULLPTR);
	/* as the catalog compares names (names_eq): byte for byte, or ignoring
	 * ASCII case, quoted or not; Phoenix's parser has already upper-cased
	 * the unquoted ones, so name and "NAME" are one column there */
	return mix_bytes(mix(h, T_NAME), n->s, n->len, o->fold_case);
}

kp_like_kind kp_like_pattern_kind(const char *p, uint32_t n, bool glob)
{
	uint32_t plen = 0;
	while (plen < n && (glob ? p[plen] != '*' && p[plen] != '?' && p[plen] != '['
	                         : p[plen] != '%' && p[plen] != '_'))
		plen++;
	if (plen == n)
		return KP_LIKE_EXACT;
	if (plen == 0)
		return KP_LIKE_ANY;
	return plen + 1 == n && p[plen] == (glob ? '*' : '%') ? KP_LIKE_PREFIX : KP_LIKE_PREFIX_MORE;
}

static uint64_t expr_fp(uint64_t h, const kp_expr *e, const kp_fp_opts *o);

static uint64_t list_fp(uint64_t h, kp_expr *const *l, uint32_t n, const kp_fp_opts *o)
{
	h = mix(h, n);
	for (uint32_t i = 0; i < n; i++)
		h = expr_fp(h, l[i], o);
	return h;
}

/* How long an IN list is, as a plan can tell: one value (an equality),
 * past the target's limit (an error on the target), or within it by its
 * order of magnitude from 64 values on. */
static uint64_t in_class(uint32_t n, const kp_fp_opts *o)
{
	if (n <= 1)
		return n;
	if (o->max_in_list && n > o->max_in_list)
		return 3;
	/* long lists by their order of magnitude: the planner expands IN lists
	 * into key ranges up to a bound and then plans one covering range */
	uint64_t c = 4;
	for (uint32_t m = n >> 6; m; m >>= 1)
		c++;
	return c;
}

static uint64_t expr_fp(uint64_t h, const kp_expr *e, const kp_fp_opts *o)
{
	if (!e)
		return mix(h, T_NULLPTR);
	/* -3 is an integer as 3 is */
	if (e->kind == KP_X_NEG && e->a && (e->a->kind == KP_X_INT || e->a->kind == KP_X_FLOAT))
		e = e->a;
	h = mix(h, ((uint64_t)e->kind << 40) | ((uint64_t)e->op << 32) | ((uint64_t)e->op2 << 24) |
	               ((uint64_t)e->negated << 3) | ((uint64_t)e->star << 2) | ((uint64_t)e->distinct << 1) |
	               (uint64_t)e->glob);
	switch (e->kind) {
	case KP_X_COLUMN:
		h = mix_name(h, &e->name, o);
		return mix_name(mix(h, T_QUAL), &e->qual, o);
	case KP_X_STAR:
		return mix_name(mix(h, T_QUAL), &e->qual, o);
	case KP_X_INT:
	case KP_X_FLOAT:
	case KP_X_STRING:
	case KP_X_BOOL:
	case KP_X_NULL:
	case KP_X_PARAM:
		return h;   /* the kind is the literal's type; its value is dropped */
	case KP_X_LIKE:
		h = expr_fp(h, e->a, o);
		if (e->b && e->b->kind == KP_X_STRING)
			h = mix(h, kp_like_pattern_kind(e->b->str, e->b->slen, e->glob));
		else
			h = expr_fp(h, e->b, o);
		return expr_fp(h, e->c, o);
	case KP_X_IN:
		h = expr_fp(h, e->a, o);
		h = mix(h, in_class(e->n, o));
		/* the values' types, each type once (a list of any length of
		 * integers plans as one of two) */
		{
			uint64_t kinds = 0;
			for (uint32_t i = 0; i < e->n; i++)
				kinds |= e->list[i]->kind < 64 ? 1ull << e->list[i]->kind : 0;
			h = mix(h, kinds);
			for (uint32_t i = 0; i < e->n; i++) {
				uint8_t k = e->list[i]->kind;
				if (k != KP_X_INT && k != KP_X_FLOAT && k != KP_X_STRING && k != KP_X_BOOL &&
				    k != KP_X_NULL && k != KP_X_PARAM)
					h = expr_fp(h, e->list[i], o);   /* a column or an expression in the list */
			}
		}
		return h;
	case KP_X_FUNC:
	case KP_X_CAST:
	case KP_X_COLLATE:
	case KP_X_SEQ:
	case KP_X_INTERVAL:
		h = mix_name(h, &e->name, o);
		break;
	default:
		break;
	}
	h = expr_fp(h, e->a, o);
	h = expr_fp(h, e->b, o);
	h = expr_fp(h, e->c, o);
	return list_fp(h, e->list, e->n, o);
}

/* LIMIT and OFFSET: their values matter (a target bounds them, and they
 * bound the rows read). */
static uint64_t bound_fp(uint64_t h, int tag, const kp_expr *e, const kp_fp_opts *o)
{
	h = expr_fp(mix(h, (uint64_t)tag), e, o);
	if (e && e->kind == KP_X_INT)
		h = mix(h, (uint64_t)e->ival);
	return h;
}

static uint64_t order_fp(uint64_t h, const kp_list *l, const kp_fp_opts *o)
{
	h = mix(mix(h, T_ORDER), l->n);
	for (uint32_t i = 0; i < l->n; i++) {
		const kp_order_item *it = l->items[i];
		h = mix(expr_fp(h, it->expr, o), (uint64_t)it->desc << 8 | it->nulls);
	}
	return h;
}

static uint64_t insert_fp(uint64_t h, const kp_insert *in, const kp_fp_opts *o)
{
	h = mix_name(mix(h, (uint64_t)in->verb), &in->table, o);
	h = mix(mix(h, T_COLS), in->cols.n);
	for (uint32_t i = 0; i < in->cols.n; i++)
		h = mix_name(h, in->cols.items[i], o);
	h = mix(mix(h, T_ROW), in->rows.n);
	for (uint32_t i = 0; i < in->rows.n; i++) {
		const kp_list *row = in->rows.items[i];
		h = list_fp(h, (kp_expr *const *)row->items, row->n, o);
	}
	h = mix(mix(h, T_ONDUP), in->on_dup.n);
	for (uint32_t i = 0; i < in->on_dup.n; i++) {
		const kp_assign *as = in->on_dup.items[i];
		h = expr_fp(mix_name(h, &as->col, o), as->value, o);
	}
	return mix(h, (uint64_t)in->on_dup_ignore << 1 | in->returning);
}

uint64_t kp_stmt_fingerprint(const kp_stmt *s, const kp_fp_opts *o)
{
	uint64_t h = mix(0x6b657970ull, (uint64_t)s->kind << 1 | s->explain);
	for (uint32_t i = 0; i < s->hints.n; i++) {
		const kp_hint *hi = s->hints.items[i];
		h = mix_name(mix(h, T_HINT), &hi->name, o);
		h = list_fp(h, (kp_expr *const *)hi->args.items, hi->args.n, o);
	}
	switch (s->kind) {
	case KP_S_SELECT: {
		const kp_select *q = &s->u.select;
		h = mix_name(mix(h, (uint64_t)q->distinct << 2 | (uint64_t)q->allow_filtering << 1 | q->fetch),
		             &q->table, o);
		h = mix_name(h, &q->alias, o);
		h = list_fp(mix(h, T_ITEMS), (kp_expr *const *)q->items.items, q->items.n, o);
		h = expr_fp(mix(h, T_WHERE), q->where, o);
		h = list_fp(mix(h, T_GROUP), (kp_expr *const *)q->group.items, q->group.n, o);
		h = expr_fp(mix(h, T_HAVING), q->having, o);
		h = order_fp(h, &q->order, o);
		h = bound_fp(h, T_LIMIT, q->limit, o);
		h = bound_fp(h, T_OFFSET, q->offset, o);
		h = mix(h, T_DYN);
		for (uint32_t i = 0; i < q->dyncols.n; i++)
			h = mix_name(h, q->dyncols.items[i], o);
		if (q->into)
			h = insert_fp(mix(h, T_INTO), q->into, o);
		break;
	}
	case KP_S_INSERT:
	case KP_S_UPSERT:
	case KP_S_REPLACE:
		h = insert_fp(h, &s->u.insert, o);
		break;
	case KP_S_UPDATE:
	case KP_S_DELETE: {
		const kp_update *u = &s->u.update;
		h = mix_name(h, &u->table, o);
		h = mix(mix(h, T_SET), u->sets.n);
		for (uint32_t i = 0; i < u->sets.n; i++) {
			const kp_assign *as = u->sets.items[i];
			h = expr_fp(mix_name(h, &as->col, o), as->value, o);
		}
		h = expr_fp(mix(h, T_WHERE), u->where, o);
		h = order_fp(h, &u->order, o);
		h = bound_fp(h, T_LIMIT, u->limit, o);
		break;
	}
	case KP_S_CREATE_TABLE:
	case KP_S_CREATE_VIEW:
		h = mix_name(h, &s->u.create_table.name, o);
		break;
	case KP_S_CREATE_INDEX:
		h = mix_name(mix_name(h, &s->u.create_index.name, o), &s->u.create_index.table, o);
		break;
	case KP_S_DROP:
		h = mix_name(mix_name(h, &s->u.drop.name, o), &s->u.drop.table, o);
		for (uint32_t i = 0; i < s->u.drop.more.n; i++)
			h = mix_name(h, s->u.drop.more.items[i], o);
		break;
	case KP_S_ALTER_TABLE:
		h = mix_name(h, &s->u.alter.table, o);
		break;
	case KP_S_ALTER_INDEX:
		h = mix_name(mix_name(h, &s->u.alter_index.index, o), &s->u.alter_index.table, o);
		break;
	default:
		break;
	}
	h = mix(h, T_END);
	return h ? h : 1;
}
