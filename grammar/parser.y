/* Grammar of the keyplan SQL dialect (Lindorm, Phoenix, HBase-style SQL and
 * the MySQL forms of the source documents), for the lemon parser generator.
 * The actions build the AST in the statement's arena and nothing else: no
 * catalog lookups, no planning.
 *
 * Part 1 of 5: lemon's directives, the helpers every part's actions share,
 * the precedence table and names. Lemon reads one file: CMakeLists.txt
 * concatenates parser.y, create.y (CREATE TABLE), schema.y (CREATE INDEX,
 * CREATE VIEW, ALTER, DROP), dml.y (SELECT and the writes) and expr.y
 * (expressions), in that order, into build/gen/grammar/parser.y. */

%name kpParse
%token_prefix TK_
%token_type {kp_token}
%default_type {int}
%extra_argument {kp_pctx *ctx}
%stack_size 0
%start_symbol input

%include {
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grammar/ast.h"
#include "grammar/lexer.h"
#include "grammar/parse.h"

#define ARENA (ctx->arena)

/* The stack grows from 100 entries to this many (cmake/lempar_cap.cmake);
 * one more overflows (KP_PARSE_OVERFLOW, worded by the driver). */
#define YYSTACKLIMIT KP_MAX_PARSER_STACK

/* A name from an identifier token, with the name-length limit: a quoted
 * or folded one, out of line. */
__attribute__((noinline)) static kp_name mkname_slow(kp_pctx *ctx, kp_token t)
{
	kp_name n = kp_ast_name_folded(ARENA, ctx->text, t.off, t.len, ctx->fold_upper);
	if (n.len > KP_MAX_IDENT_BYTES)
		kp_pctx_error(ctx, KP_R_LIMITS, t.off, 0, "name longer than 1024 bytes");
	return n;
}

/* The common name, unquoted and kept as written, is a slice of the source
 * made in the rule's action: every name the parser reads comes through
 * mkname, and a call cost more than the work. */
static inline __attribute__((always_inline)) kp_name mkname(kp_pctx *ctx, kp_token t)
{
	const char *s = ctx->text + t.off;
	if (ctx->fold_upper || (t.len >= 2 && (s[0] == '"' || s[0] == '`')) || t.len > KP_MAX_IDENT_BYTES)
		return mkname_slow(ctx, t);
	return (kp_name){.s = s, .len = t.len, .off = t.off, .srclen = t.len};
}

static kp_name noname(void)
{
	kp_name n = {0};
	return n;
}

static uint32_t end_of(const kp_expr *e)
{
	return e->off + e->len;
}

static kp_expr *mkexpr(kp_pctx *ctx, int kind, uint32_t off, uint32_t end)
{
	kp_expr *e = kp_arena_alloc(ARENA, sizeof(*e));
	e->kind = (uint8_t)kind;
	e->off = off;
	e->len = end - off;
	e->depth = 1;
	return e;
}

static void set_depth(kp_pctx *ctx, kp_expr *e, const kp_expr *child)
{
	if (child && child->depth + 1 > e->depth)
		e->depth = child->depth + 1;
	if (e->depth > KP_MAX_EXPR_DEPTH)
		kp_pctx_error(ctx, KP_R_LIMITS, e->off, 0, "expression nested more than 1000 levels deep");
}

static kp_expr *mkbin(kp_pctx *ctx, int kind, int op, kp_expr *x, kp_expr *y)
{
	kp_expr *e = mkexpr(ctx, kind, x->off, end_of(y));
	e->op = (uint8_t)op;
	e->a = x;
	e->b = y;
	set_depth(ctx, e, x);
	set_depth(ctx, e, y);
	return e;
}

static void push_expr(kp_pctx *ctx, kp_expr *e, kp_expr *item)
{
	kp_list l = {(void **)e->list, e->n, e->n};
	/* lists built here grow as kp_list_push grows them, from 4 slots by
	 * doubling: their capacity is implicit, 4 or the next power of two at
	 * or above n (taken as n rounded up from 1, an AND of two made a
	 * second array for its second item) */
	uint32_t cap = 4;
	while (cap < e->n)
		cap <<= 1;
	l.cap = e->n == 0 ? 0 : cap;
	kp_list_push(ARENA, &l, item);
	e->list = (kp_expr **)l.items;
	e->n = l.n;
	set_depth(ctx, e, item);
}

/* AND and OR are n-ary, so a long chain of conjuncts is one flat node and
 * never deep recursion. */
static kp_expr *mklogic(kp_pctx *ctx, int kind, kp_expr *x, kp_expr *y)
{
	kp_expr *e;
	if (x->kind == kind && !x->paren) {
		e = x;
	} else {
		e = mkexpr(ctx, kind, x->off, end_of(x));
		push_expr(ctx, e, x);
	}
	push_expr(ctx, e, y);
	e->len = end_of(y) - e->off;
	return e;
}

static int is_rel(int op)
{
	return op == KP_OP_LT || op == KP_OP_LE || op == KP_OP_GT || op == KP_OP_GE;
}

/* x op y, where `a < x < b` (the documents' chained comparison) becomes a
 * CHAIN node rather than SQL's (a < x) < b. */
static kp_expr *mkcmp(kp_pctx *ctx, int op, kp_expr *x, kp_expr *y)
{
	if (x->kind == KP_X_CMP && !x->paren && is_rel(x->op) && is_rel(op)) {
		kp_expr *e = mkexpr(ctx, KP_X_CHAIN, x->off, end_of(y));
		e->op = x->op;
		e->op2 = (uint8_t)op;
		push_expr(ctx, e, x->a);
		push_expr(ctx, e, x->b);
		push_expr(ctx, e, y);
		return e;
	}
	return mkbin(ctx, KP_X_CMP, op, x, y);
}

static kp_expr *mkunary(kp_pctx *ctx, int kind, int op, kp_token t, kp_expr *x)
{
	kp_expr *e = mkexpr(ctx, kind, t.off, end_of(x));
	e->op = (uint8_t)op;
	e->a = x;
	set_depth(ctx, e, x);
	return e;
}

static kp_expr *mklit(kp_pctx *ctx, int kind, kp_token t)
{
	kp_expr *e = kp_ast_literal(ARENA, ctx->text, kind, t.off, t.len);
	if (kind == KP_X_STRING && ctx->backslash)
		kp_ast_unescape(ARENA, e, ctx->text);
	return e;
}

static kp_expr *mkcol(kp_pctx *ctx, kp_name q, kp_name n)
{
	uint32_t off = q.s ? q.off : n.off;
	kp_expr *e = mkexpr(ctx, KP_X_COLUMN, off, n.off + n.srclen);
	e->name = n;
	e->qual = q;
	e->ref = ++ctx->ncolrefs;
	return e;
}

static kp_stmt *mkstmt(kp_pctx *ctx, kp_stmt_kind kind)
{
	kp_stmt *s = kp_arena_alloc(ARENA, sizeof(*s));
	s->kind = kind;
	ctx->stmt = s;
	return s;
}

static kp_keypart *mkpart(kp_pctx *ctx, kp_name col, uint32_t end)
{
	kp_keypart *p = kp_arena_alloc(ARENA, sizeof(*p));
	p->col = col;
	p->off = col.off;
	p->len = end - col.off;
	return p;
}

static kp_name *boxname(kp_pctx *ctx, kp_name n)
{
	kp_name *p = kp_arena_alloc(ARENA, sizeof(*p));
	*p = n;
	return p;
}

static void push(kp_pctx *ctx, kp_list *l, void *item)
{
	kp_list_push(ARENA, l, item);
}

/* A form the statement says that keyplan reads but does not plan, at its
 * keyword t (kp_stmt.forms): a target that refuses it says so there. */
static void use_form(kp_pctx *ctx, kp_sql_form f, kp_token t)
{
	kp_form_use *u = kp_arena_alloc(ARENA, sizeof(*u));
	u->form = f;
	u->off = t.off;
	u->len = t.len;
	push(ctx, &ctx->forms, u);
}
}

%syntax_error {
	/* PRIMARY where no element may start (no comma before it) is worded as
	 * the second primary key when the table has one */
	kp_stmt *s = ctx->stmt;
	if (yymajor != TK_PRIMARY || !s || (s->kind != KP_S_CREATE_TABLE && s->kind != KP_S_CREATE_VIEW) ||
	    !kp_pctx_primary_key(ctx, TOKEN.off, TOKEN.len))
		kp_pctx_syntax_error(ctx, TOKEN);
}
%stack_overflow {
	/* reported by the driver at the token it fed; it outranks a syntax
	 * error not yet worded */
	if (ctx->status != KP_PARSE_REPORTED)
		ctx->status = KP_PARSE_OVERFLOW;
}
%parse_failure {
	kp_token end = {0, 0, 0};
	kp_pctx_syntax_error(ctx, end);
}

/* Keywords that may also be names where the grammar allows it. */
%fallback ID
  KEY INDEX ASC DESC ALLOW FILTERING HASH PARTITION INCLUDE ASYNC SYNC
  COMMENT DUPLICATE UPSERT REPLACE EXPLAIN CONSTRAINT OFFSET IF EXISTS
  TABLE TRUE FALSE END PRIMARY UNIQUE UNSIGNED AUTO_INCREMENT DEFAULT
  LEFT RIGHT FULL OUTER INNER CROSS NATURAL ESCAPE VALUES SET USING GLOB ISNULL NOTNULL COLLATE
  NULLS FIRST LAST FETCH NEXT CURRENT VALUE FOR ROW ROWS ONLY ARRAY ANY SOME MATCH AGAINST
  IGNORE UPDATE_ONLY RETURNING ILIKE DISTINCTROW WITHIN OVER INTERVAL TABLESAMPLE
  VIEW ALTER ADD COLUMN CASCADE SPLIT ROW_TIMESTAMP LOCAL UNCOVERED IMMUTABLE USE
  FOREIGN REFERENCES CHECK NO DEFERRABLE INITIALLY GENERATED IDENTITY STORED VIRTUAL
  CHARACTER CHARSET
  SIGNED ZEROFILL VARYING PRECISION ZONE WITHOUT
  MODIFY CHANGE BINARY
  RENAME CONVERT DOMAIN NATIONAL.

/* Only to settle `FROM t ALLOW FILTERING` (see the select rules): after
 * the table name, ALLOW is shifted, never taken as an alias. */
%nonassoc FROM.
%nonassoc ALLOW OFFSET FETCH TABLESAMPLE RETURNING.
%left OR.
%left AND.
/* &&: MySQL's AND (deprecated) between predicates, PostgreSQL's overlap
 * between arrays; below the comparisons, so that a = 1 && b = 2 is two */
%left AMPAMP.
%right NOT.
%left IS LIKE ILIKE GLOB MATCH BETWEEN IN ISNULL NOTNULL NE EQ.
%left GT LE LT GE.
%right ESCAPE.
%left PLUS MINUS.
%left STAR SLASH REM.
%left CONCAT ARROW ARROW2.
%right UMINUS.
%left DCOLON.
%left COLLATE LBRACKET.

/* Tokens the lexer produces that no rule uses: the driver handles them. */
%token SEMI JOIN UNION INTERSECT EXCEPT OVER.

%token_class id ID.

input ::= cmdx.
cmdx ::= cmd.
cmdx ::= EXPLAIN cmd. { if (ctx->stmt) ctx->stmt->explain = true; }

/* ---------------------------------------------------------------- names */
%type nm {kp_name}
nm(A) ::= id(X). { A = mkname(ctx, X); }

%type fullname {kp_name}
fullname(A) ::= id(X). { A = mkname(ctx, X); }
fullname(A) ::= nm(X) DOT nm(Y). { A = kp_ast_qualified(ARENA, X, Y); }

%type nmlist {kp_list}
nmlist(A) ::= nm(X). { memset(&A, 0, sizeof A); push(ctx, &A, boxname(ctx, X)); }
nmlist(A) ::= nmlist(L) COMMA nm(X). { A = L; push(ctx, &A, boxname(ctx, X)); }
