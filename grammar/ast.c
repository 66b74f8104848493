#include "grammar/ast.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/quote.h"
#include "grammar/fold.h"

void kp_list_push(kp_arena *a, kp_list *l, void *item)
{
	if (l->n == l->cap) {
		/* raw, not kp_arena_grow: nothing reads a list past its n, so its
		 * free slots are not cleared (a memset call a list, about four a
		 * statement) */
		uint32_t cap = l->cap ? l->cap * 2 : 4;
		void **items = kp_arena_alloc_raw(a, cap * sizeof(void *));
		if (l->n)
			memcpy(items, l->items, l->n * sizeof(void *));
		l->items = items;
		l->cap = cap;
	}
	l->items[l->n++] = item;
}

const char *kp_op_text(kp_op op)
{
	static const char *t[] = {"", "=", "<>", "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "||", "IS", "IS NOT",
	                          "&&", "->", "->>"};
	return t[op];
}

const char *kp_stmt_kind_name(kp_stmt_kind k)
{
	static const char *t[] = {"none", "create_table", "create_index", "drop", "select",
	                          "insert", "upsert", "replace", "update", "delete",
	                          "create_view", "alter_table", "alter_index", "skipped"};
	return t[k];
}

const char *kp_sql_form_name(kp_sql_form f)
{
	static const char *t[KP_F__COUNT] = {
		[KP_F_FOREIGN_KEY] = "FOREIGN KEY", [KP_F_REFERENCES] = "REFERENCES", [KP_F_CHECK] = "CHECK",
		[KP_F_UNIQUE] = "UNIQUE", [KP_F_GENERATED] = "an identity or generated column",
		[KP_F_CHARSET] = "CHARACTER SET", [KP_F_RETURNING] = "RETURNING", [KP_F_ON_CONFLICT] = "ON CONFLICT",
		[KP_F_INSERT_OR] = "INSERT OR", [KP_F_PG_CAST] = "'::' casts", [KP_F_MATCH_OP] = "MATCH",
		[KP_F_ADD_PRIMARY_KEY] = "ALTER TABLE ... ADD PRIMARY KEY", [KP_F_JSON_OP] = "'->' and '->>'",
		[KP_F_AMPAMP] = "'&&'", [KP_F_VIEW_DEFINER] = "ALGORITHM, DEFINER and SQL SECURITY of a view",
		[KP_F_ALTER_ACTIONS] = "several actions in one ALTER TABLE",
		[KP_F_ALTER_TYPE] = "a column's type changed (MODIFY, CHANGE, ALTER COLUMN ... TYPE)",
		[KP_F_USER_TYPE] = "CREATE TYPE and CREATE DOMAIN",
		[KP_F_RENAME_COLUMN] = "ALTER TABLE ... RENAME COLUMN",
		[KP_F_DROP_PRIMARY_KEY] = "ALTER TABLE ... DROP PRIMARY KEY",
		[KP_F_CONVERT_CHARSET] = "ALTER TABLE ... CONVERT TO CHARACTER SET",
		[KP_F_RENAME_TABLE] = "ALTER TABLE ... RENAME TO",
		[KP_F_INSERT_VERB] = "INSERT", [KP_F_UPDATE_STMT] = "UPDATE", [KP_F_REPLACE_VERB] = "REPLACE",
		[KP_F_RENAME_TABLES] = "RENAME TABLE", [KP_F_RENAME_INDEX] = "an index renamed",
	};
	return (unsigned)f < KP_F__COUNT && t[f] ? t[f] : "";
}

bool kp_stmt_is_ddl(kp_stmt_kind k)
{
	return k == KP_S_CREATE_TABLE || k == KP_S_CREATE_INDEX || k == KP_S_DROP || k == KP_S_CREATE_VIEW ||
	       k == KP_S_ALTER_TABLE || k == KP_S_ALTER_INDEX || k == KP_S_SKIPPED;
}

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

bool kp_name_eq(const kp_name *n, const char *s)
{
	uint32_t i = 0;
	for (; i < n->len; i++)
		if (!s[i] || lower((unsigned char)n->s[i]) != lower((unsigned char)s[i]))
			return false;
	return s[i] == 0;
}

bool kp_name_eqn(const kp_name *a, const kp_name *b)
{
	if (a->len != b->len)
		return false;
	for (uint32_t i = 0; i < a->len; i++)
		if (lower((unsigned char)a->s[i]) != lower((unsigned char)b->s[i]))
			return false;
	return true;
}

/* Removes the doubled quote characters of a quoted token body. */
static const char *undouble(kp_arena *a, const char *s, uint32_t *len, char q)
{
	if (!memchr(s, q, *len))
		return s;
	char *c = kp_arena_alloc(a, *len + 1);
	uint32_t j = 0;
	for (uint32_t i = 0; i < *len; i++) {
		c[j++] = s[i];
		if (s[i] == q)
			i++;
	}
	*len = j;
	return c;
}

/* A quoted name holding a dot, written back in double quotes ("S.T" stays
 * "S.T", its quotes doubled): joined with '.' a schema-qualified name is
 * S.T, and the catalog, which keys tables by these bytes, must not take one
 * for the other. Names without a dot keep their bare bytes. */
static const char *requote(kp_arena *a, const char *s, uint32_t *len)
{
	char *c = kp_arena_alloc(a, (size_t)*len * 2 + 3);
	uint32_t j = 0;
	c[j++] = '"';
	for (uint32_t i = 0; i < *len; i++) {
		c[j++] = s[i];
		if (s[i] == '"')
			c[j++] = '"';
	}
	c[j++] = '"';
	*len = j;
	return c;
}

kp_name kp_ast_name(kp_arena *a, const char *text, uint32_t off, uint32_t len)
{
	kp_name n;
	const char *s = text + off;
	n.off = off;
	n.srclen = len;
	n.quoted = false;
	n.s = s;
	n.len = len;
	if (len >= 2 && (s[0] == '"' || s[0] == '`')) {
		n.quoted = true;
		n.len = len - 2;
		n.s = undouble(a, s + 1, &n.len, s[0]);
		if (memchr(n.s, '.', n.len))
			n.s = requote(a, n.s, &n.len);
	}
	return n;
}

kp_name kp_ast_name_folded(kp_arena *a, const char *text, uint32_t off, uint32_t len, bool upper)
{
	kp_name n = kp_ast_name(a, text, off, len);
	if (!upper || n.quoted)
		return n;
	/* the common name is ASCII and upper case already: one test a byte */
	uint32_t i = 0;
	while (i < n.len && !((n.s[i] >= 'a' && n.s[i] <= 'z') || (unsigned char)n.s[i] >= 0x80))
		i++;
	if (i == n.len)
		return n;   /* already upper case: keep the slice */
	char *s = kp_arena_alloc(a, (size_t)n.len + 1);
	unsigned high = 0;
	for (i = 0; i < n.len; i++) {
		high |= (unsigned char)n.s[i];
		s[i] = n.s[i] >= 'a' && n.s[i] <= 'z' ? (char)(n.s[i] - 'a' + 'A') : n.s[i];
	}
	if (high >= 0x80) {
		/* rarely: letters beyond ASCII, folded again from the start */
		size_t folded = kp_fold_upper(s, n.s, n.len);
		s[folded] = 0;
		n.len = (uint32_t)folded;
	}
	n.s = s;
	return n;
}

kp_name kp_ast_qualified(kp_arena *a, kp_name schema, kp_name name)
{
	kp_name n = name;
	char *s = kp_arena_alloc(a, (size_t)schema.len + name.len + 2);
	memcpy(s, schema.s, schema.len);
	s[schema.len] = '.';
	memcpy(s + schema.len + 1, name.s, name.len);
	n.s = s;
	n.len = schema.len + 1 + name.len;
	n.off = schema.off;
	n.srclen = name.off + name.srclen - schema.off;
	n.quoted = schema.quoted || name.quoted;
	return n;
}

/* The value of the decimal number s (n bytes: digits, a point, an
 * exponent), as strtod reads it, without strtod where that is exact
 * (Clinger's fast path): a significand of at most 15 digits and a power of
 * ten up to 22 are both doubles, and one multiplication or division of two
 * doubles is rounded once, as strtod rounds. Anything else (more digits, a
 * larger exponent) is strtod's. A literal is read on every statement, and
 * strtod took about 650 instructions for 1.5. */
static double decimal(const char *s, uint32_t n)
{
	static const double tens[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	                              1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
	uint64_t m = 0;
	int digits = 0, frac = 0, ex = 0;
	bool point = false;
	uint32_t i = 0;
	for (; i < n; i++) {
		char c = s[i];
		if (c >= '0' && c <= '9') {
			if (m || c != '0')
				digits++;
			m = m * 10 + (uint64_t)(c - '0');
			frac += point;
			if (digits > 15)
				return strtod(s, NULL);
		} else if (c == '.' && !point) {
			point = true;
		} else {
			break;
		}
	}
	if (i < n) {
		if (s[i] != 'e' && s[i] != 'E')
			return strtod(s, NULL);
		i++;
		bool neg = i < n && s[i] == '-';
		i += i < n && (s[i] == '-' || s[i] == '+');
		if (i == n)
			return strtod(s, NULL);
		for (; i < n; i++) {
			if (s[i] < '0' || s[i] > '9' || ex > 1000)
				return strtod(s, NULL);
			ex = ex * 10 + (s[i] - '0');
		}
		ex = neg ? -ex : ex;
	}
	ex -= frac;
	if (ex < -22 || ex > 22)
		return strtod(s, NULL);
	return ex < 0 ? (double)m / tens[-ex] : (double)m * tens[ex];
}

/* kp_ast_literal_set, inlined in kp_ast_literal: the grammar's literal rule
 * makes every literal of a statement not read from the shape cache, and a
 * call of its own there cost about 25 instructions a literal */
static inline __attribute__((always_inline)) void literal_set(kp_arena *a, const char *text, kp_expr *e,
                                                              uint32_t off, uint32_t len)
{
	const char *s = text + off;
	int kind = e->kind;
	e->off = off;
	e->len = len;
	e->name.s = s;
	e->name.len = len;
	e->name.off = off;
	e->name.srclen = len;
	e->overflow = false;
	if (kind == KP_X_INT) {
		int hex = len > 2 && (s[1] == 'x' || s[1] == 'X');
		unsigned long long v = 0;
		int range = 0;
		if (!hex && len < 19) {
			/* the common short decimal, without strtoull's locale work */
			for (uint32_t i = 0; i < len; i++)
				v = v * 10 + (unsigned)(s[i] - '0');
		} else {
			errno = 0;
			char *end;
			v = hex ? strtoull(s + 2, &end, 16) : strtoull(s, &end, 10);
			range = errno == ERANGE;
		}
		if (hex && !range) {
			/* SQLite reads a hex literal of up to 16 digits as the 64-bit
			 * two's complement: 0xFFFFFFFFFFFFFFFF is -1 */
			e->ival = (int64_t)v;
		} else if (range || v > (unsigned long long)INT64_MAX) {
			e->overflow = true;
			e->fval = hex ? (double)v : strtod(s, NULL);
		} else {
			e->ival = (int64_t)v;
		}
	} else if (kind == KP_X_FLOAT) {
		e->fval = decimal(s, len);
	} else if (kind == KP_X_STRING && s[0] == '$') {
		/* $tag$...$tag$: the text between, as written */
		uint32_t q = 1;
		while (q < len && s[q] != '$')
			q++;
		q++;
		e->slen = len >= 2 * q ? len - 2 * q : 0;
		e->str = s + q;
	} else if (kind == KP_X_STRING) {
		/* N'...', E'...', B'...', X'...': the prefix is no part of the text */
		uint32_t pre = s[0] != '\'' && s[0] != '"' ? 1 : 0;
		e->slen = len - 2 - pre;
		e->str = undouble(a, s + 1 + pre, &e->slen, s[pre]);   /* '...' or, where it is a string, "..." */
	}
}

void kp_ast_literal_set(kp_arena *a, const char *text, kp_expr *e, uint32_t off, uint32_t len)
{
	literal_set(a, text, e, off, len);
}

kp_expr *kp_ast_literal(kp_arena *a, const char *text, int kind, uint32_t off, uint32_t len)
{
	kp_expr *e = kp_arena_alloc(a, sizeof(*e));
	e->kind = (uint8_t)kind;
	e->depth = 1;
	literal_set(a, text, e, off, len);
	return e;
}

void kp_ast_unescape(kp_arena *a, kp_expr *e, const char *text)
{
	if (text[e->off] != '\'' && text[e->off] != '"')
		return;   /* a prefixed or dollar-quoted string */
	const char *s = text + e->off + 1;
	uint32_t n = e->len - 2, o = 0;
	if (!memchr(s, '\\', n))
		return;
	char *c = kp_arena_alloc(a, n + 1);
	for (uint32_t i = 0; i < n; i++) {
		if (s[i] == s[-1] && i + 1 < n && s[i + 1] == s[-1]) {
			c[o++] = s[i++];   /* '' */
			continue;
		}
		if (s[i] != '\\' || i + 1 == n) {
			c[o++] = s[i];
			continue;
		}
		char x = s[++i];
		switch (x) {
		case '0': c[o++] = 0; break;
		case 'b': c[o++] = '\b'; break;
		case 'n': c[o++] = '\n'; break;
		case 'r': c[o++] = '\r'; break;
		case 't': c[o++] = '\t'; break;
		case 'Z': c[o++] = 26; break;
		case '%': case '_': c[o++] = '\\'; c[o++] = x; break;
		default: c[o++] = x; break;
		}
	}
	e->str = c;
	e->slen = o;
}

/* ------------------------------------------------------------ rendering */

/* Binding strength, as in SQLite's grammar (higher binds tighter). */
enum { P_OR = 1, P_AND, P_NOT, P_EQ, P_REL, P_ADD, P_MUL, P_CONCAT, P_UNARY, P_PRIMARY };

static int prec(const kp_expr *e)
{
	switch (e->kind) {
	case KP_X_OR: return P_OR;
	case KP_X_AND: case KP_X_CHAIN: return P_AND;
	case KP_X_NOT: return P_NOT;
	case KP_X_CMP:
		return (e->op == KP_OP_EQ || e->op == KP_OP_NE || e->op == KP_OP_IS || e->op == KP_OP_ISNOT)
		       ? P_EQ : P_REL;
	case KP_X_BETWEEN: case KP_X_IN: case KP_X_LIKE: case KP_X_ISNULL: return P_EQ;
	case KP_X_ARITH:
		if (e->op == KP_OP_CONCAT || e->op == KP_OP_JSON || e->op == KP_OP_JSON_TEXT) return P_CONCAT;
		if (e->op == KP_OP_OVERLAP) return P_NOT;
		return (e->op == KP_OP_ADD || e->op == KP_OP_SUB) ? P_ADD : P_MUL;
	case KP_X_NEG: case KP_X_COLLATE: return P_UNARY;
	default: return P_PRIMARY;
	}
}

static void render(kp_buf *o, const kp_expr *e);

/* Renders e, in parentheses when it binds less tightly than min. */
static void sub(kp_buf *o, const kp_expr *e, int min)
{
	if (prec(e) < min) {
		kp_buf_putc(o, '(');
		render(o, e);
		kp_buf_putc(o, ')');
	} else {
		render(o, e);
	}
}

static void put_name(kp_buf *o, const kp_name *n)
{
	kp_buf_sql_name(o, n->s, n->len, n->quoted);
}

static void render_list(kp_buf *o, kp_expr *const *l, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			kp_buf_puts(o, ", ");
		sub(o, l[i], P_OR);
	}
}

/* " op ", appended whole: not through printf, since every filter and
 * condition written back as SQL passes here (a fifth of rendering one) */
static void put_op(kp_buf *o, kp_op op)
{
	const char *t = kp_op_text(op);
	size_t n = strlen(t);
	char *p = kp_buf_room(o, n + 2);
	*p++ = ' ';
	p = kp_put(p, t, n);
	*p++ = ' ';
	kp_buf_end(o, p);
}

/* kp_conj_to_sql_marked's notes, while it runs (one a thread) */
typedef struct marks {
	kp_sql_mark *m;
	uint32_t n, max;
} marks;
static _Thread_local marks *marking;

static void mark(const kp_expr *e, size_t from, size_t to)
{
	if (marking->n < marking->max)
		marking->m[marking->n] = (kp_sql_mark){e, from, to};
	marking->n++;
}

void kp_literal_sql(kp_buf *o, const kp_expr *e)
{
	if (e->kind == KP_X_STRING)
		kp_buf_sql_str(o, e->str, e->slen);
	else
		kp_buf_put(o, e->name.s, e->name.len);
}

static void render(kp_buf *o, const kp_expr *e)
{
	switch (e->kind) {
	case KP_X_COLUMN:
		put_name(o, &e->name);
		break;
	case KP_X_PARAM:
		kp_buf_put(o, e->name.s, e->name.len);
		break;
	case KP_X_INT: case KP_X_FLOAT: case KP_X_STRING: {
		size_t from = o->len;
		kp_literal_sql(o, e);
		if (marking)
			mark(e, from, o->len);
		break;
	}
	case KP_X_BOOL:
		kp_buf_puts(o, e->ival ? "TRUE" : "FALSE");
		break;
	case KP_X_NULL:
		kp_buf_puts(o, "NULL");
		break;
	case KP_X_STAR:
		kp_buf_putc(o, '*');
		break;
	case KP_X_CMP:
		sub(o, e->a, P_REL + 1);
		put_op(o, e->op);
		sub(o, e->b, P_REL + 1);
		break;
	case KP_X_CHAIN:
		sub(o, e->list[0], P_REL + 1);
		put_op(o, e->op);
		sub(o, e->list[1], P_REL + 1);
		kp_buf_puts(o, " AND ");
		sub(o, e->list[1], P_REL + 1);
		put_op(o, e->op2);
		sub(o, e->list[2], P_REL + 1);
		break;
	case KP_X_AND: case KP_X_OR:
		for (uint32_t i = 0; i < e->n; i++) {
			if (i)
				kp_buf_puts(o, e->kind == KP_X_AND ? " AND " : " OR ");
			sub(o, e->list[i], prec(e) + 1);
		}
		break;
	case KP_X_NOT:
		kp_buf_puts(o, "NOT ");
		sub(o, e->a, P_NOT);
		break;
	case KP_X_BETWEEN:
		sub(o, e->a, P_REL);
		kp_buf_puts(o, e->negated ? " NOT BETWEEN " : " BETWEEN ");
		sub(o, e->b, P_REL);
		kp_buf_puts(o, " AND ");
		sub(o, e->c, P_REL);
		break;
	case KP_X_IN:
		sub(o, e->a, P_REL);
		kp_buf_puts(o, e->negated ? " NOT IN (" : " IN (");
		render_list(o, e->list, e->n);
		kp_buf_putc(o, ')');
		break;
	case KP_X_LIKE:
		sub(o, e->a, P_REL);
		if (e->glob)
			kp_buf_puts(o, e->negated ? " NOT GLOB " : " GLOB ");
		else if (e->op2)
			kp_buf_puts(o, e->negated ? " NOT ILIKE " : " ILIKE ");
		else
			kp_buf_puts(o, e->negated ? " NOT LIKE " : " LIKE ");
		sub(o, e->b, P_REL);
		if (e->c) {
			kp_buf_puts(o, " ESCAPE ");
			sub(o, e->c, P_REL);
		}
		break;
	case KP_X_ISNULL:
		sub(o, e->a, P_REL);
		kp_buf_puts(o, e->negated ? " IS NOT NULL" : " IS NULL");
		break;
	case KP_X_ARITH: {
		int p = prec(e);
		sub(o, e->a, p);
		put_op(o, e->op);
		sub(o, e->b, p + 1);
		break;
	}
	case KP_X_NEG:
		kp_buf_puts(o, e->op == KP_OP_SUB ? "-" : "+");
		sub(o, e->a, P_PRIMARY);
		break;
	case KP_X_FUNC:
		put_name(o, &e->name);
		kp_buf_putc(o, '(');
		if (e->star)
			kp_buf_putc(o, '*');
		if (e->distinct)
			kp_buf_puts(o, "DISTINCT ");
		if (e->op2 == 2 && e->n == 2) {
			kp_buf_sql_name(o, e->list[0]->str, e->list[0]->slen, false);
			kp_buf_puts(o, " FROM ");
			sub(o, e->list[1], P_OR);
		} else {
			render_list(o, e->list, e->n);
		}
		if (e->op2 == 1 && e->b) {
			kp_buf_puts(o, " ORDER BY ");
			render_list(o, e->b->list, e->b->n);
		}
		if (e->c) {
			kp_buf_puts(o, " SEPARATOR ");
			sub(o, e->c, P_PRIMARY);
		}
		kp_buf_putc(o, ')');
		if (!e->op2 && e->b) {
			kp_buf_puts(o, " WITHIN GROUP (ORDER BY ");
			render_list(o, e->b->list, e->b->n);
			kp_buf_putc(o, ')');
		}
		break;
	case KP_X_INTERVAL:
		kp_buf_puts(o, "INTERVAL ");
		sub(o, e->a, P_PRIMARY);
		kp_buf_putc(o, ' ');
		put_name(o, &e->name);
		break;
	case KP_X_SUBSCRIPT:
		sub(o, e->a, P_PRIMARY);
		kp_buf_putc(o, '[');
		sub(o, e->b, P_OR);
		kp_buf_putc(o, ']');
		break;
	case KP_X_ARRAY:
		kp_buf_puts(o, "ARRAY[");
		render_list(o, e->list, e->n);
		kp_buf_putc(o, ']');
		break;
	case KP_X_QUANT:
		kp_buf_puts(o, e->op2 ? "ALL(" : "ANY(");
		sub(o, e->a, P_OR);
		kp_buf_putc(o, ')');
		break;
	case KP_X_MATCH:
		kp_buf_puts(o, "MATCH(");
		render_list(o, e->list, e->n);
		kp_buf_puts(o, ") AGAINST(");
		sub(o, e->a, P_OR);
		kp_buf_putc(o, ')');
		break;
	case KP_X_SEQ:
		if (e->op2) {
			kp_buf_puts(o, "CURRENT VALUE FOR ");
		} else if (e->a) {
			kp_buf_puts(o, "NEXT ");
			sub(o, e->a, P_PRIMARY);
			kp_buf_puts(o, " VALUES FOR ");
		} else {
			kp_buf_puts(o, "NEXT VALUE FOR ");
		}
		kp_buf_put(o, e->name.s, e->name.len);   /* schema.sequence as written */
		break;
	case KP_X_TUPLE:
		kp_buf_putc(o, '(');
		render_list(o, e->list, e->n);
		kp_buf_putc(o, ')');
		break;
	case KP_X_CAST:
		kp_buf_puts(o, "CAST(");
		render(o, e->a);
		kp_buf_puts(o, " AS ");
		kp_buf_put(o, e->name.s, e->name.len);
		kp_buf_putc(o, ')');
		break;
	case KP_X_COLLATE:
		sub(o, e->a, P_PRIMARY);
		kp_buf_puts(o, " COLLATE ");
		put_name(o, &e->name);
		break;
	case KP_X_CASE:
		kp_buf_puts(o, "CASE");
		if (e->a) {
			kp_buf_putc(o, ' ');
			sub(o, e->a, P_OR);
		}
		for (uint32_t i = 0; i + 1 < e->n; i += 2) {
			kp_buf_puts(o, " WHEN ");
			sub(o, e->list[i], P_OR);
			kp_buf_puts(o, " THEN ");
			sub(o, e->list[i + 1], P_OR);
		}
		if (e->c) {
			kp_buf_puts(o, " ELSE ");
			sub(o, e->c, P_OR);
		}
		kp_buf_puts(o, " END");
		break;
	}
}

void kp_expr_to_sql(kp_buf *out, const kp_expr *e)
{
	render(out, e);
}

void kp_conj_to_sql(kp_buf *out, kp_expr *const *l, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			kp_buf_puts(out, " AND ");
		sub(out, l[i], n > 1 ? P_AND + 1 : P_OR);
	}
}

uint32_t kp_conj_to_sql_marked(kp_buf *out, kp_expr *const *l, uint32_t n, kp_sql_mark *out_marks, uint32_t max)
{
	marks m = {out_marks, 0, max};
	marking = &m;
	kp_conj_to_sql(out, l, n);
	marking = NULL;
	return m.n;
}

/* ------------------------------------------------------ copy and compare */

static void copy_name(kp_arena *a, kp_name *n)
{
	if (n->s)
		n->s = kp_arena_strndup(a, n->s, n->len);
}

kp_expr *kp_expr_copy(kp_arena *a, const kp_expr *e)
{
	if (!e)
		return NULL;
	kp_expr *c = kp_arena_alloc(a, sizeof(*c));
	*c = *e;
	copy_name(a, &c->name);
	if (e->kind == KP_X_STRING) {
		char *s = kp_arena_alloc(a, e->slen + 1);
		memcpy(s, e->str, e->slen);
		c->str = s;
	} else {
		copy_name(a, &c->qual);
	}
	c->a = kp_expr_copy(a, e->a);
	c->b = kp_expr_copy(a, e->b);
	c->c = kp_expr_copy(a, e->c);
	if (e->n) {
		c->list = kp_arena_alloc(a, sizeof(kp_expr *) * e->n);
		for (uint32_t i = 0; i < e->n; i++)
			c->list[i] = kp_expr_copy(a, e->list[i]);
	}
	return c;
}

/* Structural equality for matching a query's expression with an index's:
 * names ignore ASCII case (and a column's table or family qualifier, which
 * both sides may or may not write), literals compare by value, layout and
 * parentheses are ignored. */
bool kp_expr_equal(const kp_expr *x, const kp_expr *y)
{
	if (!x || !y)
		return x == y;
	if (x->kind != y->kind || x->op != y->op || x->op2 != y->op2 || x->negated != y->negated ||
	    x->star != y->star || x->distinct != y->distinct || x->glob != y->glob || x->n != y->n)
		return false;
	switch (x->kind) {
	case KP_X_COLUMN: case KP_X_FUNC: case KP_X_CAST: case KP_X_COLLATE:
		if (!kp_name_eqn(&x->name, &y->name))
			return false;
		break;
	case KP_X_INT:
		if (x->overflow != y->overflow || (x->overflow ? x->fval != y->fval : x->ival != y->ival))
			return false;
		break;
	case KP_X_FLOAT:
		if (x->fval != y->fval)
			return false;
		break;
	case KP_X_STRING:
		if (x->slen != y->slen || memcmp(x->str, y->str, x->slen) != 0)
			return false;
		break;
	case KP_X_BOOL:
		if (x->ival != y->ival)
			return false;
		break;
	case KP_X_PARAM:
		return false;   /* two parameters are never known to be equal */
	default:
		break;
	}
	if (!kp_expr_equal(x->a, y->a) || !kp_expr_equal(x->b, y->b) || !kp_expr_equal(x->c, y->c))
		return false;
	for (uint32_t i = 0; i < x->n; i++)
		if (!kp_expr_equal(x->list[i], y->list[i]))
			return false;
	return true;
}
