/* Grammar of the keyplan SQL dialect (Lindorm, Phoenix, HBase-style SQL and
 * the MySQL forms of the source documents), for the lemon parser generator.
 * The actions build the AST in the statement's arena and nothing else: no
 * catalog lookups, no planning. */

%name kpParse
%token_prefix TK_
%token_type {kp_token}
%default_type {int}
%extra_argument {kp_pctx *ctx}
%stack_size 4000
%start_symbol input

%include {
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "grammar/ast.h"
#include "grammar/lexer.h"
#include "grammar/parse.h"

#define ARENA (ctx->arena)

/* A name from an identifier token, with the name-length limit. */
static kp_name mkname(kp_pctx *ctx, kp_token t)
{
	kp_name n = kp_ast_name_folded(ARENA, ctx->text, t.off, t.len, ctx->fold_upper);
	if (n.len > KP_MAX_IDENT_BYTES)
		kp_pctx_error(ctx, KP_R_LIMITS, t.off, 0, "name longer than 1024 bytes");
	return n;
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
	/* lists built here grow by doubling: keep capacity implicit as the
	 * next power of two at or above n */
	uint32_t cap = 1;
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
  CHARACTER CHARSET.

/* Only to settle `FROM t ALLOW FILTERING` (see the select rules): after
 * the table name, ALLOW is shifted, never taken as an alias. */
%nonassoc FROM.
%nonassoc ALLOW OFFSET FETCH TABLESAMPLE RETURNING.
%left OR.
%left AND.
%right NOT.
%left IS LIKE ILIKE GLOB MATCH BETWEEN IN ISNULL NOTNULL NE EQ.
%left GT LE LT GE.
%right ESCAPE.
%left PLUS MINUS.
%left STAR SLASH REM.
%left CONCAT.
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

/* --------------------------------------------------------- CREATE TABLE */
%type ifnotexists {int}
ifnotexists(A) ::= . { A = 0; }
ifnotexists(A) ::= IF NOT EXISTS. { A = 1; }

/* Phoenix: CREATE [IMMUTABLE] TABLE ... (cols [[,] CONSTRAINT pk PRIMARY
 * KEY (...)]) [options] [SPLIT ON (...)]; Lindorm and MySQL: a comma
 * before the table-level key, options WITH (...), PARTITION BY ... */
cmd ::= crhead tellist RP tableopts.
/* Phoenix: NOVERIFY after the column list, the statement's last word */
cmd ::= crhead tellist RP tableopts id(V). { want_word(ctx, V, "noverify"); }
/* the head names the table before its elements are read (their errors
 * name it) */
crhead ::= crtable ifnotexists(E) fullname(N) LP. {
	kp_stmt *s = mkstmt(ctx, KP_S_CREATE_TABLE);
	s->u.create_table.name = N;
	s->u.create_table.if_not_exists = E;
}
crtable ::= CREATE TABLE.
crtable ::= CREATE IMMUTABLE TABLE.

tellist ::= tel.
tellist ::= tellist COMMA tel.
/* Phoenix's canonical form, no comma before CONSTRAINT ... PRIMARY KEY, is
 * read as the last column's constraint (colconstraints): a named column
 * constraint starts with the same CONSTRAINT word, and one token of
 * lookahead cannot tell them apart. After a column with no type: */
tel ::= colname(C) CONSTRAINT nm PRIMARY(P) KEY LP keyparts(K) RP. {
	C->off = C->family.s ? C->family.off : C->name.off; C->untyped = true; add_column(ctx, C); set_pk(ctx, P, K); }

%include {
/* The CREATE TABLE or CREATE VIEW whose elements are being read. */
static kp_create_table *cur_table(kp_pctx *ctx)
{
	return &ctx->stmt->u.create_table;
}

static void add_inline_index(kp_pctx *ctx, int unique, kp_name n, kp_name using, kp_list k, kp_list inc);
static kp_keypart *mkpart(kp_pctx *ctx, kp_name col, uint32_t end);

static void add_column(kp_pctx *ctx, kp_coldef *c)
{
	kp_create_table *t = cur_table(ctx);
	if (c->primary_key)
		kp_pctx_primary_key(ctx, c->name.off, c->name.srclen);
	push(ctx, &t->cols, c);
	if (t->cols.n > KP_MAX_COLUMNS)
		kp_pctx_error(ctx, KP_R_LIMITS, c->off, 0, "more than 4096 columns in one table");
	if (c->unique && !c->primary_key) {
		/* a column's UNIQUE is the table's UNIQUE (c): a unique index, as
		 * MySQL, PostgreSQL and SQLite create one */
		kp_list k = {0}, none = {0};
		push(ctx, &k, mkpart(ctx, c->name, c->name.off + c->name.srclen));
		add_inline_index(ctx, 1, noname(), noname(), k, none);
	}
}
}

tel ::= colname(C). { C->off = C->family.s ? C->family.off : C->name.off; C->untyped = true; add_column(ctx, C); }
tel ::= coldef(C). { add_column(ctx, C); }
%include {
static void set_pk(kp_pctx *ctx, kp_token p, kp_list k)
{
	kp_create_table *t = cur_table(ctx);
	if (kp_pctx_primary_key(ctx, p.off, p.len))
		return;
	t->has_pk = true;
	t->pk = k;
	t->pk_off = p.off;
}

static void add_inline_index(kp_pctx *ctx, int unique, kp_name n, kp_name using, kp_list k, kp_list inc)
{
	kp_create_table *t = cur_table(ctx);
	kp_indexdef *d = kp_arena_alloc(ARENA, sizeof(*d));
	d->name = n;
	d->using = using;
	d->parts = k;
	d->include = inc;
	d->unique = unique;
	d->off = n.s ? n.off : (k.n ? ((kp_keypart *)k.items[0])->off : 0);
	push(ctx, &t->indexes, d);
}
}

/* PRIMARY and USING are spelled out in each rule (no empty rule before
 * them), so lemon never lets them fall back to an identifier there. */
tel ::= PRIMARY(P) KEY LP keyparts(K) RP myidxopts. { set_pk(ctx, P, K); }
tel ::= pkcons.
pkcons ::= CONSTRAINT nm PRIMARY(P) KEY LP keyparts(K) RP myidxopts. { set_pk(ctx, P, K); }
tel ::= idxkw(U) using_opt(S) LP keyparts(K) RP include_opt(I) idxwith myidxopts. { add_inline_index(ctx, U, noname(), S, K, I); }
tel ::= idxkw(U) nm(N) using_opt(S) LP keyparts(K) RP include_opt(I) idxwith myidxopts. { add_inline_index(ctx, U, N, S, K, I); }
/* MySQL's index options after the key parts: USING BTREE | HASH, COMMENT
 * 'text' (how the store builds the index, not which rows it orders) */
myidxopts ::= .
myidxopts ::= myidxopts USING nm.
myidxopts ::= myidxopts USING HASH.
myidxopts ::= myidxopts COMMENT STRING.

/* idxkw: 1 for a UNIQUE key */
%type idxkw {int}
idxkw(A) ::= KEY. { A = 0; }
idxkw(A) ::= INDEX. { A = 0; }
idxkw(A) ::= UNIQUE(U). { A = 1; use_form(ctx, KP_F_UNIQUE, U); }
idxkw(A) ::= UNIQUE(U) KEY. { A = 1; use_form(ctx, KP_F_UNIQUE, U); }
idxkw(A) ::= UNIQUE(U) INDEX. { A = 1; use_form(ctx, KP_F_UNIQUE, U); }

/* Constraints on the table that leave its key alone: read, and kept as
 * forms (kp_stmt.forms) for the targets that refuse them. MySQL's
 * [CONSTRAINT [n]] UNIQUE [KEY|INDEX] [name] (...) is a unique index. */
tel ::= CONSTRAINT nm idxkw(U) using_opt(S) LP keyparts(K) RP include_opt(I) idxwith myidxopts. { add_inline_index(ctx, U, noname(), S, K, I); }
tel ::= CONSTRAINT nm idxkw(U) nm(N) using_opt(S) LP keyparts(K) RP include_opt(I) idxwith myidxopts. { add_inline_index(ctx, U, N, S, K, I); }
tel ::= CONSTRAINT nm fkey.
tel ::= fkey.
tel ::= CONSTRAINT nm CHECK(K) LP expr RP. { use_form(ctx, KP_F_CHECK, K); }
tel ::= CHECK(K) LP expr RP. { use_form(ctx, KP_F_CHECK, K); }

/* FOREIGN KEY [name] (cols) REFERENCES t [(cols)] [ON DELETE|UPDATE
 * action] [MATCH FULL|PARTIAL|SIMPLE] [[NOT] DEFERRABLE] [INITIALLY
 * DEFERRED|IMMEDIATE] (SQL:2016 11.8, MySQL, PostgreSQL, SQLite) */
fkey ::= FOREIGN(K) KEY LP nmlist RP references. { use_form(ctx, KP_F_FOREIGN_KEY, K); }
fkey ::= FOREIGN(K) KEY nm LP nmlist RP references. { use_form(ctx, KP_F_FOREIGN_KEY, K); }
references ::= REFERENCES fullname refcols fkactions.
refcols ::= .
refcols ::= LP nmlist RP.
fkactions ::= .
fkactions ::= fkactions fkaction.
fkaction ::= ON DELETE refaction.
/* ON UPDATE is also MySQL's ON UPDATE CURRENT_TIMESTAMP[()] of a column */
fkaction ::= ON UPDATE refaction.
fkaction ::= MATCH id(W). {
	kp_name n = mkname(ctx, W);
	if (n.quoted || (!kp_name_eq(&n, "full") && !kp_name_eq(&n, "partial") && !kp_name_eq(&n, "simple")))
		kp_pctx_syntax_error(ctx, W); }
fkaction ::= DEFERRABLE.
fkaction ::= NOT DEFERRABLE.
fkaction ::= INITIALLY id(W). {
	kp_name n = mkname(ctx, W);
	if (n.quoted || (!kp_name_eq(&n, "deferred") && !kp_name_eq(&n, "immediate")))
		kp_pctx_syntax_error(ctx, W); }
/* CASCADE, RESTRICT, NO ACTION, SET NULL, SET DEFAULT; or a function
 * (CURRENT_TIMESTAMP, NOW()) */
refaction ::= nm.
refaction ::= nm LP RP.
refaction ::= nm LP INTEGER RP.
refaction ::= NO id(W). { want_word(ctx, W, "action"); }
refaction ::= SET NULL.
refaction ::= SET DEFAULT.


%type using_opt {kp_name}
using_opt(A) ::= . { A = noname(); }
using_opt(A) ::= USING nm(X). { A = X; }
using_opt(A) ::= USING HASH(H). { A = mkname(ctx, H); }

%type include_opt {kp_list}
include_opt(A) ::= . { memset(&A, 0, sizeof A); }
include_opt(A) ::= INCLUDE LP nmlist(L) RP. { A = L; }

%type keyparts {kp_list}
keyparts(A) ::= keypart(X). { memset(&A, 0, sizeof A); push(ctx, &A, X); }
keyparts(A) ::= keyparts(L) COMMA keypart(X). { A = L; push(ctx, &A, X); }

%type keypart {kp_keypart*}
keypart(A) ::= nm(X) sortorder(D). { A = mkpart(ctx, X, X.off + X.srclen); A->desc = D; }
keypart(A) ::= nm(X) sortorder(D) ROW_TIMESTAMP(R). { A = mkpart(ctx, X, R.off + R.len); A->desc = D; A->row_timestamp = true; }
keypart(A) ::= nm(F) LP nmlist(L) RP(R) sortorder(D). {
	kp_name none = noname(); none.off = F.off;
	A = mkpart(ctx, none, R.off + 1); A->hashfn = F; A->hashcols = L; A->desc = D; }
keypart(A) ::= nm(X) LP INTEGER RP(R) sortorder(D). { A = mkpart(ctx, X, R.off + 1); A->desc = D; }

%type sortorder {int}
sortorder(A) ::= . { A = 0; }
sortorder(A) ::= ASC. { A = 0; }
sortorder(A) ::= DESC. { A = 1; }

/* Column definitions. */
%type coldef {kp_coldef*}
coldef(A) ::= colname(N) typename(T) colconstraints(C). {
	A = C; A->name = N->name; A->family = N->family; A->type = T->type;
	A->targs[0] = T->targs[0]; A->targs[1] = T->targs[1]; A->ntargs = T->ntargs;
	A->off = N->family.s ? N->family.off : N->name.off;
	if (T->is_unsigned) A->is_unsigned = true;
	if (T->is_array) A->is_array = true; }

/* Phoenix's documents also write NOT NULL before the type (and, in a
 * table's column list, a column of an existing HBase table with no type:
 * see tel). */
coldef(A) ::= colname(N) NOT NULL typename(T) colconstraints(C). {
	A = C; A->name = N->name; A->family = N->family; A->type = T->type; A->not_null = true;
	A->targs[0] = T->targs[0]; A->targs[1] = T->targs[1]; A->ntargs = T->ntargs;
	A->off = N->family.s ? N->family.off : N->name.off;
	if (T->is_unsigned) A->is_unsigned = true;
	if (T->is_array) A->is_array = true; }

/* colname and typename are pointers: a parser stack entry holds the union
 * of every symbol's type, so no symbol may be a large struct */
%type colname {kp_coldef*}
colname(A) ::= nm(X). { A = kp_arena_alloc(ARENA, sizeof(*A)); A->name = X; }
colname(A) ::= nm(F) DOT nm(X). { A = kp_arena_alloc(ARENA, sizeof(*A)); A->family = F; A->name = X; }

%type typename {kp_coldef*}
typename(A) ::= nm(X). { A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = X; }
typename(A) ::= nm(X) LP signed(P) RP. { A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = X; A->targs[0] = P; A->ntargs = 1; }
typename(A) ::= nm(X) LP signed(P) COMMA signed(Q) RP. { A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = X; A->targs[0] = P; A->targs[1] = Q; A->ntargs = 2; }
typename(A) ::= typename(X) UNSIGNED. { A = X; A->is_unsigned = true; }
/* Phoenix arrays: VARCHAR ARRAY, INTEGER[], VARCHAR(10) ARRAY[5] */
typename(A) ::= typename(X) ARRAY. { A = X; A->is_array = true; }
typename(A) ::= typename(X) LBRACKET RBRACKET. { A = X; A->is_array = true; }
typename(A) ::= typename(X) LBRACKET signed RBRACKET. { A = X; A->is_array = true; }

%type signed {int64_t}
%include {
/* A type argument: an integer literal, INT64_MAX when it does not fit. */
static int64_t mkint(kp_pctx *ctx, kp_token t)
{
	kp_expr *e = mklit(ctx, KP_X_INT, t);
	return e->overflow ? INT64_MAX : e->ival;
}
}
signed(A) ::= INTEGER(X). { A = mkint(ctx, X); }
signed(A) ::= MINUS INTEGER(X). { A = -mkint(ctx, X); }

%type colconstraints {kp_coldef*}
colconstraints(A) ::= . { A = kp_arena_alloc(ARENA, sizeof(kp_coldef)); }
colconstraints(A) ::= colconstraints(X) NOT NULL. { A = X; A->not_null = true; }
colconstraints(A) ::= colconstraints(X) NULL. { A = X; A->explicit_null = true; }
colconstraints(A) ::= colconstraints(X) DEFAULT term(V). { A = X; A->dflt = V; }
colconstraints(A) ::= colconstraints(X) DEFAULT MINUS term(V). { A = X; A->dflt = V; }
colconstraints(A) ::= colconstraints(X) DEFAULT nm(F) LP RP. { A = X; A->dflt = mkcol(ctx, noname(), F); }
/* DEFAULT CURRENT_TIMESTAMP, CURRENT_DATE, SYSDATE: a niladic function written without
 * parentheses (SQL's datetime value functions; MySQL, Lindorm) */
colconstraints(A) ::= colconstraints(X) DEFAULT nm(F). { A = X; A->dflt = mkcol(ctx, noname(), F); }
/* Phoenix: DEFAULT any constant expression, e.g. TO_DATE('2024-01-01') */
colconstraints(A) ::= colconstraints(X) DEFAULT nm(F) LP exprlist(L) RP(R). {
	A = X; A->dflt = mkexpr(ctx, KP_X_FUNC, F.off, R.off + 1); A->dflt->name = F;
	for (uint32_t i = 0; i < L.n; i++) push_expr(ctx, A->dflt, L.items[i]); }
colconstraints(A) ::= colconstraints(X) DEFAULT LP expr(V) RP. { A = X; A->dflt = V; }
colconstraints(A) ::= colconstraints(X) AUTO_INCREMENT. { A = X; A->auto_increment = true; }
colconstraints(A) ::= colconstraints(X) PRIMARY(P) KEY sortorder(D). {
	A = X;
	if (A->primary_key)
		kp_pctx_error(ctx, KP_R_BAD_KEY, P.off, P.len, "PRIMARY KEY written twice for one column");
	A->primary_key = true; A->pk_desc = D; }
colconstraints(A) ::= colconstraints(X) UNIQUE(U). { A = X; A->unique = true; use_form(ctx, KP_F_UNIQUE, U); }
colconstraints(A) ::= colconstraints(X) UNIQUE(U) KEY. { A = X; A->unique = true; use_form(ctx, KP_F_UNIQUE, U); }
colconstraints(A) ::= colconstraints(X) COMMENT STRING. { A = X; }
colconstraints(A) ::= colconstraints(X) ROW_TIMESTAMP. { A = X; A->row_timestamp = true; }
colconstraints(A) ::= colconstraints(X) COLLATE id. { A = X; }
/* [CONSTRAINT name] before any constraint */
colconstraints(A) ::= colconstraints(X) CONSTRAINT nm(N). { A = X; ctx->cons_end = N.off + N.srclen; }
/* Phoenix: c TYPE [constraints] CONSTRAINT pk PRIMARY KEY (...), the
 * table's key after its last column with no comma (see tellist) */
colconstraints(A) ::= colconstraints(X) PRIMARY(P) KEY LP keyparts(K) RP. {
	A = X;
	if (!named_here(ctx, P.off) || (ctx->stmt->kind != KP_S_CREATE_TABLE && ctx->stmt->kind != KP_S_CREATE_VIEW))
		kp_pctx_syntax_error(ctx, P);
	else
		set_pk(ctx, P, K); }
%include {
/* Does a CONSTRAINT name end right before off (white space between)? */
static bool named_here(kp_pctx *ctx, uint32_t off)
{
	if (!ctx->cons_end || ctx->cons_end > off)
		return false;
	for (uint32_t i = ctx->cons_end; i < off; i++)
		if (!ctx->text[i] || !strchr(" \t\r\n\f\v", ctx->text[i]))
			return false;
	return true;
}
}
colconstraints(A) ::= colconstraints(X) CHECK(K) LP expr RP. { A = X; use_form(ctx, KP_F_CHECK, K); }
colconstraints(A) ::= colconstraints(X) REFERENCES(K) fullname refcols. { A = X; use_form(ctx, KP_F_REFERENCES, K); }
/* the actions of a column's REFERENCES, and MySQL's ON UPDATE
 * CURRENT_TIMESTAMP: one list (a column's clauses come in any order) */
colconstraints(A) ::= colconstraints(X) fkaction. { A = X; }
colconstraints(A) ::= colconstraints(X) CHARACTER(K) SET id. { A = X; use_form(ctx, KP_F_CHARSET, K); }
colconstraints(A) ::= colconstraints(X) CHARSET(K) id. { A = X; use_form(ctx, KP_F_CHARSET, K); }
/* Identity columns: GENERATED {ALWAYS | BY DEFAULT} AS IDENTITY [(options)]
 * (SQL:2003, PostgreSQL, Oracle, DB2, H2), HSQLDB's and SQL Server's
 * IDENTITY [(seed, step)]: the store numbers the rows, as AUTO_INCREMENT */
colconstraints(A) ::= colconstraints(X) GENERATED(K) genwhen AS IDENTITY identopts. {
	A = X; A->auto_increment = true; use_form(ctx, KP_F_GENERATED, K); }
colconstraints(A) ::= colconstraints(X) IDENTITY(K) identopts. {
	A = X; A->auto_increment = true; use_form(ctx, KP_F_GENERATED, K); }
/* generated columns: GENERATED ALWAYS AS (expr) [STORED | VIRTUAL], and
 * MySQL's AS (expr) */
colconstraints(A) ::= colconstraints(X) GENERATED(K) genwhen AS LP expr RP genstore. { A = X; use_form(ctx, KP_F_GENERATED, K); }
colconstraints(A) ::= colconstraints(X) AS(K) LP expr RP genstore. { A = X; use_form(ctx, KP_F_GENERATED, K); }
genwhen ::= id(W). { want_word(ctx, W, "always"); }
genwhen ::= BY DEFAULT.
genwhen ::= BY DEFAULT ON NULL.
genstore ::= .
genstore ::= STORED.
genstore ::= VIRTUAL.
identopts ::= .
identopts ::= LP signed COMMA signed RP.
identopts ::= LP seqopts RP.
/* START WITH 1 INCREMENT BY 1 MINVALUE 1 NO MAXVALUE CACHE 20 ... */
seqopts ::= seqword.
seqopts ::= seqopts seqword.
seqopts ::= seqopts INTEGER.
seqopts ::= seqopts MINUS INTEGER.
seqword ::= id.
seqword ::= WITH.
seqword ::= BY.
seqword ::= NO.

/* Table options: WITH (...), PARTITION BY HASH (...), k = v lists. */
tableopts ::= .
tableopts ::= tableopts tableopt.
tableopts ::= tableopts COMMA tableopt.

%include {
static kp_option *mkopt(kp_pctx *ctx, kp_name f, kp_name k, kp_expr *v)
{
	kp_option *o = kp_arena_alloc(ARENA, sizeof(*o));
	o->family = f;
	o->key = k;
	o->value = v;
	return o;
}
static void add_opt(kp_pctx *ctx, kp_name k, kp_expr *v)
{
	push(ctx, &cur_table(ctx)->options, mkopt(ctx, noname(), k, v));
}
/* The column names of PARTITION BY HASH (c1, c2(4)): a salt factor
 * c(n) is written as a call. */
static kp_list part_cols(kp_pctx *ctx, kp_list l)
{
	kp_list out = {0};
	for (uint32_t i = 0; i < l.n; i++) {
		kp_expr *e = l.items[i];
		if (e->kind == KP_X_COLUMN || e->kind == KP_X_FUNC)
			push(ctx, &out, boxname(ctx, e->name));
	}
	return out;
}
/* Words a rule takes as an identifier checked here (ZORDER, MAPPING,
 * TIME): a different word is a syntax error at it. */
static void want_word(kp_pctx *ctx, kp_token t, const char *w)
{
	kp_name n = kp_ast_name(ARENA, ctx->text, t.off, t.len);
	if (n.quoted || !kp_name_eq(&n, w))
		kp_pctx_syntax_error(ctx, t);
}
}

tableopt ::= WITH LP optlist(L) RP. {
	kp_create_table *t = cur_table(ctx);
	for (uint32_t i = 0; i < L.n; i++) push(ctx, &t->options, L.items[i]); }
tableopt ::= PARTITION BY HASH LP exprlist(L) RP. { cur_table(ctx)->partition = part_cols(ctx, L); }
/* Lindorm: PARTITION BY RANGE TIME (c ...), PARTITION BY ENUMERABLE (...) */
tableopt ::= PARTITION BY id LP exprlist RP.
tableopt ::= PARTITION BY id id(T) LP exprlist RP. { want_word(ctx, T, "time"); }
tableopt ::= id(Z) BY LP nmlist RP. { want_word(ctx, Z, "zorder"); }
/* Phoenix: SPLIT ON (value, ...) and family-qualified options a.VERSIONS=1 */
tableopt ::= SPLIT ON LP exprlist RP.
tableopt ::= nm(F) DOT nm(K) EQ optvalue(V). { push(ctx, &cur_table(ctx)->options, mkopt(ctx, F, K, V)); }
tableopt ::= nm(K) EQ optvalue(V). { add_opt(ctx, K, V); }
tableopt ::= nm(K) optvalue(V). { add_opt(ctx, K, V); }
tableopt ::= DEFAULT nm(K) EQ optvalue(V). { add_opt(ctx, K, V); }
tableopt ::= DEFAULT nm(K) optvalue(V). { add_opt(ctx, K, V); }
tableopt ::= COMMENT(K) EQ STRING(V). { add_opt(ctx, mkname(ctx, K), mklit(ctx, KP_X_STRING, V)); }
tableopt ::= COMMENT(K) STRING(V). { add_opt(ctx, mkname(ctx, K), mklit(ctx, KP_X_STRING, V)); }
tableopt ::= AUTO_INCREMENT(K) EQ INTEGER(V). { add_opt(ctx, mkname(ctx, K), mklit(ctx, KP_X_INT, V)); }
/* MySQL: [DEFAULT] CHARACTER SET [=] x, [DEFAULT] CHARSET [=] x */
tableopt ::= charset(K) EQ optvalue(V). { add_opt(ctx, mkname(ctx, K), V); }
tableopt ::= charset(K) optvalue(V). { add_opt(ctx, mkname(ctx, K), V); }
tableopt ::= DEFAULT charset(K) EQ optvalue(V). { add_opt(ctx, mkname(ctx, K), V); }
tableopt ::= DEFAULT charset(K) optvalue(V). { add_opt(ctx, mkname(ctx, K), V); }
%type charset {kp_token}
charset(A) ::= CHARSET(K). { A = K; }
charset(A) ::= CHARACTER(K) SET. { A = K; }

%type optlist {kp_list}
optlist(A) ::= option(X). { memset(&A, 0, sizeof A); push(ctx, &A, X); }
optlist(A) ::= optlist(L) COMMA option(X). { A = L; push(ctx, &A, X); }

%type option {kp_option*}
option(A) ::= nm(K) EQ optvalue(V). { A = mkopt(ctx, noname(), K, V); }
option(A) ::= nm(F) DOT nm(K) EQ optvalue(V). { A = mkopt(ctx, F, K, V); }
option(A) ::= STRING(K) EQ optvalue(V). {
	A = kp_arena_alloc(ARENA, sizeof(*A)); kp_expr *k = mklit(ctx, KP_X_STRING, K);
	A->key.s = k->str; A->key.len = k->slen; A->key.off = K.off; A->key.srclen = K.len; A->key.quoted = true; A->value = V; }

%type optvalue {kp_expr*}
optvalue(A) ::= term(X). { A = X; }
optvalue(A) ::= MINUS term(X). { A = X; }
optvalue(A) ::= nm(X). { A = mkcol(ctx, noname(), X); }

/* --------------------------------------------------------- CREATE INDEX */
/* Phoenix: CREATE [LOCAL | UNCOVERED] INDEX [IF NOT EXISTS] i ON t (expr
 * [ASC|DESC], ...) [INCLUDE (cf.col, ...)] [WHERE ...] [ASYNC] [k=v, ...]
 * [SPLIT ON (...)]. Lindorm: CREATE INDEX [i] [USING KV|SEARCH|COLUMNAR]
 * ON t (c [DESC] | c(type=text, analyzer=ik) | f(c) | * , ...) [INCLUDE
 * (...)] [PARTITION BY ...] [ASYNC|SYNC] [WITH (...)]. The trailing clauses
 * are one list in any order: each store's order is a subset of it. */
%include {
/* An index key item read as an expression: a column, c(opt=value, ...) (a
 * search index column with options), c(10) (a MySQL prefix length) when
 * c is a plain name, or any other expression (a functional index part). */
static kp_keypart *idx_part(kp_pctx *ctx, kp_expr *e, int desc)
{
	kp_keypart *p = kp_arena_alloc(ARENA, sizeof(*p));
	p->off = e->off;
	p->len = e->len;
	p->desc = desc;
	if (e->kind == KP_X_COLUMN && !e->paren) {
		p->col = e->name;
		p->colfamily = e->qual;
		return p;
	}
	if (e->kind == KP_X_FUNC && !e->paren && e->n > 0 && !e->star && !e->distinct) {
		bool opts = true;
		for (uint32_t i = 0; i < e->n; i++) {
			const kp_expr *x = e->list[i];
			if (x->kind != KP_X_CMP || x->op != KP_OP_EQ || x->paren || x->a->kind != KP_X_COLUMN ||
			    x->a->qual.s)
				opts = false;
		}
		if (opts) {
			p->col = e->name;
			for (uint32_t i = 0; i < e->n; i++) {
				const kp_expr *x = e->list[i];
				kp_option *o = kp_arena_alloc(ARENA, sizeof(*o));
				o->key = x->a->name;
				o->value = x->b;
				push(ctx, &p->colopts, o);
			}
			return p;
		}
		if (e->n == 1 && e->list[0]->kind == KP_X_INT) {
			p->col = e->name;
			p->prefix_len = true;
			p->expr = e;   /* kept: the catalog decides (a column c, or a function c) */
			return p;
		}
	}
	p->expr = e;
	return p;
}
static kp_indexdef *cur_index(kp_pctx *ctx)
{
	return &ctx->stmt->u.create_index;
}
}
cmd ::= idxhead idxtail.
%type idxhead {kp_indexdef*}
idxhead(A) ::= CREATE idxmods(U) INDEX ifnotexists(E) idxid(I) ON fullname(T) LP idxkeys(K) RP. {
	kp_stmt *s = mkstmt(ctx, KP_S_CREATE_INDEX);
	kp_indexdef *d = &s->u.create_index;
	kp_name N = I ? I[0] : noname();
	d->name = N; d->table = T; d->using = I ? I[1] : noname();
	d->unique = U == 1; d->local = U == 2; d->uncovered = U == 3; d->if_not_exists = E;
	d->off = N.s ? N.off : T.off;
	if (K.n == 0) d->all_columns = true;
	for (uint32_t i = 0; i < K.n; i++) {
		kp_order_item *o = K.items[i];
		if (o->expr->kind == KP_X_STRING && K.n == 1) { d->all_columns = true; continue; }
		push(ctx, &d->parts, idx_part(ctx, o->expr, o->desc));
	}
	A = d; }

/* [name] [USING method], as {name, method} (NULL: neither): USING is
 * spelled out, so an unnamed Lindorm index USING KV ON t is not an index
 * named USING */
%include {
static kp_name *idxid(kp_pctx *ctx, kp_name n, kp_name u)
{
	kp_name *p = kp_arena_alloc(ARENA, 2 * sizeof(*p));
	p[0] = n;
	p[1] = u;
	return p;
}
}
%type idxid {kp_name*}
idxid(A) ::= . { A = NULL; }
idxid(A) ::= nm(N). { A = idxid(ctx, N, noname()); }
idxid(A) ::= USING nm(S). { A = idxid(ctx, noname(), S); }
idxid(A) ::= USING HASH(H). { A = idxid(ctx, noname(), mkname(ctx, H)); }
idxid(A) ::= nm(N) USING nm(S). { A = idxid(ctx, N, S); }
idxid(A) ::= nm(N) USING HASH(H). { A = idxid(ctx, N, mkname(ctx, H)); }

/* idxmods: 1 UNIQUE, 2 LOCAL, 3 UNCOVERED */
%type idxmods {int}
idxmods(A) ::= . { A = 0; }
idxmods(A) ::= UNIQUE. { A = 1; }
idxmods(A) ::= LOCAL. { A = 2; }
idxmods(A) ::= UNCOVERED. { A = 3; }

/* the key list: sort items (expr [ASC|DESC]); * or '*' is every column */
%type idxkeys {kp_list}
idxkeys(A) ::= sortlist(L). { A = L; }
idxkeys(A) ::= STAR. { memset(&A, 0, sizeof A); }

idxtail ::= .
idxtail ::= idxtail idxclause.
idxtail ::= idxtail COMMA idxprop.
idxclause ::= INCLUDE LP colreflist(L) RP. { cur_index(ctx)->include = L; }
idxclause ::= WHERE expr(X). { cur_index(ctx)->where = X; }
idxclause ::= ASYNC.
idxclause ::= SYNC.
idxclause ::= PARTITION BY HASH LP exprlist RP.
idxclause ::= PARTITION BY id LP exprlist RP.
idxclause ::= PARTITION BY id id(T) LP exprlist RP. { want_word(ctx, T, "time"); }
idxclause ::= WITH LP optlist(L) RP. {
	kp_indexdef *d = cur_index(ctx);
	for (uint32_t i = 0; i < L.n; i++) push(ctx, &d->options, L.items[i]); }
idxclause ::= SPLIT ON LP exprlist RP.
idxclause ::= id(P) INTEGER. { want_word(ctx, P, "partitions"); }
/* Phoenix's k=v options, written without a comma after the clauses (a
 * quoted 'k' = v only after a comma: a string could end a WHERE) */
idxclause ::= nm(K) EQ optvalue(V). { push(ctx, &cur_index(ctx)->options, mkopt(ctx, noname(), K, V)); }
idxclause ::= nm(F) DOT nm(K) EQ optvalue(V). { push(ctx, &cur_index(ctx)->options, mkopt(ctx, F, K, V)); }
idxprop ::= option(O). { push(ctx, &cur_index(ctx)->options, O); }

/* Phoenix column references: [family.]column */
%type colreflist {kp_list}
colreflist(A) ::= colref(X). { memset(&A, 0, sizeof A); push(ctx, &A, boxname(ctx, X)); }
colreflist(A) ::= colreflist(L) COMMA colref(X). { A = L; push(ctx, &A, boxname(ctx, X)); }
%type colref {kp_name}
colref(A) ::= nm(X). { A = X; }
colref(A) ::= nm DOT nm(X). { A = X; }

%type idxwith {kp_list}
idxwith(A) ::= . { memset(&A, 0, sizeof A); }
idxwith(A) ::= WITH LP optlist(L) RP. { A = L; }

/* ---------------------------------------------------------- CREATE VIEW */
/* Phoenix: CREATE VIEW [IF NOT EXISTS] v [(cols)] [AS SELECT * FROM t
 * [WHERE ...]] [options]. The head makes the statement first: the SELECT's
 * own rules make a statement of their own, which the view then absorbs. */
%include {
static void view_select(kp_pctx *ctx, kp_select *q)
{
	kp_stmt *v = ctx->outer;
	ctx->stmt = v;
	kp_create_table *t = &v->u.create_table;
	t->base = q->table;
	t->view_where = q->where;
	bool star = q->items.n == 1 && ((kp_expr *)q->items.items[0])->kind == KP_X_STAR &&
	            !((kp_expr *)q->items.items[0])->qual.s;
	if (!star || q->distinct) {
		t->view_unsupported = "a view whose query is not SELECT * FROM table [WHERE ...]";
		t->view_unsupported_off = ((kp_expr *)q->items.items[0])->off;
	}
}
}
cmd ::= viewhead viewcols viewas viewopts.
viewhead ::= CREATE VIEW ifnotexists(E) fullname(N). {
	kp_stmt *s = mkstmt(ctx, KP_S_CREATE_VIEW);
	s->u.create_table.name = N;
	s->u.create_table.if_not_exists = E;
	ctx->outer = s; }
viewcols ::= .
viewcols ::= LP tellist RP.
/* The query is a SELECT head (its result columns) on one table and an
 * optional WHERE; the driver stops reading at any other clause or shape
 * and records the view as one keyplan cannot plan. */
viewas ::= .
viewas ::= AS selhead(Q) FROM fullname(T). { Q->table = T; view_select(ctx, Q); }
viewas ::= AS selhead(Q) FROM fullname(T) WHERE expr(W). { Q->table = T; Q->where = W; view_select(ctx, Q); }
viewopts ::= .
viewopts ::= viewopts tableopt.
viewopts ::= viewopts COMMA tableopt.

/* ----------------------------------------------------------------- ALTER */
/* Phoenix: ALTER {TABLE | VIEW} t {ADD [IF NOT EXISTS] coldef, ... [options]
 * | DROP COLUMN [IF EXISTS] col, ... | SET options}; Lindorm: ADD [COLUMN]
 * (...) and SET with quoted option names. */
%include {
static kp_alter *mkalter(kp_pctx *ctx, int view, kp_name t, kp_alter_action act)
{
	kp_stmt *s = mkstmt(ctx, KP_S_ALTER_TABLE);
	s->u.alter.table = t;
	s->u.alter.is_view = view;
	s->u.alter.action = act;
	return &s->u.alter;
}
}
%type tblview {int}
tblview(A) ::= TABLE. { A = 0; }
tblview(A) ::= VIEW. { A = 1; }

cmd ::= althead addcol ifnotexists(E) addlist cascadeidx. { ctx->stmt->u.alter.if_flag = E; }
cmd ::= althead addcol ifnotexists(E) LP addlist RP addopts cascadeidx. { ctx->stmt->u.alter.if_flag = E; }
althead ::= ALTER tblview(V) fullname(T) ADD. { mkalter(ctx, V, T, KP_ALTER_ADD); }
cmd ::= ALTER tblview(V) fullname(T) DROP COLUMN ifexists(E) dropcols(L). {
	kp_alter *a = mkalter(ctx, V, T, KP_ALTER_DROP); a->if_flag = E; a->cols = L; }
cmd ::= ALTER tblview(V) fullname(T) SET altopts(O). {
	kp_alter *a = mkalter(ctx, V, T, KP_ALTER_SET); a->options = O; }
addcol ::= .
addcol ::= COLUMN.
/* ALTER TABLE t ADD [CONSTRAINT n] FOREIGN KEY | CHECK | UNIQUE | PRIMARY
 * KEY: a foreign key and a check change no key; a UNIQUE constraint is a
 * unique index (the statement becomes its CREATE UNIQUE INDEX); the
 * primary key keyplan takes from CREATE TABLE only (a form, so that every
 * target says so) */
cmd ::= althead addcons.
addcons ::= fkey.
addcons ::= CHECK(K) LP expr RP. { use_form(ctx, KP_F_CHECK, K); }
addcons ::= CONSTRAINT nm fkey.
addcons ::= CONSTRAINT nm CHECK(K) LP expr RP. { use_form(ctx, KP_F_CHECK, K); }
addcons ::= UNIQUE(U) idxword LP keyparts(K) RP. { alter_unique(ctx, U, noname(), K); }
addcons ::= CONSTRAINT nm(N) UNIQUE(U) idxword LP keyparts(K) RP. { alter_unique(ctx, U, N, K); }
addcons ::= PRIMARY(P) KEY LP keyparts RP. { use_form(ctx, KP_F_ADD_PRIMARY_KEY, P); }
addcons ::= CONSTRAINT nm PRIMARY(P) KEY LP keyparts RP. { use_form(ctx, KP_F_ADD_PRIMARY_KEY, P); }
idxword ::= .
idxword ::= KEY.
idxword ::= INDEX.
%include {
static void alter_unique(kp_pctx *ctx, kp_token u, kp_name n, kp_list k)
{
	kp_name t = ctx->stmt->u.alter.table;
	use_form(ctx, KP_F_UNIQUE, u);
	kp_stmt *s = mkstmt(ctx, KP_S_CREATE_INDEX);
	kp_indexdef *d = &s->u.create_index;
	d->name = n;
	d->table = t;
	d->unique = true;
	d->parts = k;
	d->off = n.s ? n.off : u.off;
}
}

/* added columns, and options after them (with or without a comma) */
addlist ::= coldef(C). { push(ctx, &ctx->stmt->u.alter.cols, C); }
addlist ::= addlist COMMA coldef(C). { push(ctx, &ctx->stmt->u.alter.cols, C); }
addlist ::= addlist option(O). { push(ctx, &ctx->stmt->u.alter.options, O); }
addlist ::= addlist COMMA option(O). { push(ctx, &ctx->stmt->u.alter.options, O); }
addopts ::= .
addopts ::= addopts option(O). { push(ctx, &ctx->stmt->u.alter.options, O); }
addopts ::= addopts COMMA option(O). { push(ctx, &ctx->stmt->u.alter.options, O); }
/* Phoenix: CASCADE INDEX ALL | idx, ... adds the columns to indexes too */
cascadeidx ::= .
cascadeidx ::= CASCADE INDEX ALL.
cascadeidx ::= CASCADE INDEX nmlist.

%type dropcols {kp_list}
dropcols(A) ::= colname(C). { memset(&A, 0, sizeof A); push(ctx, &A, C); }
dropcols(A) ::= dropcols(L) COMMA colname(C). { A = L; push(ctx, &A, C); }

%type altopts {kp_list}
altopts(A) ::= option(O). { memset(&A, 0, sizeof A); push(ctx, &A, O); }
altopts(A) ::= LP optlist(L) RP. { A = L; }
altopts(A) ::= altopts(L) COMMA option(O). { A = L; push(ctx, &A, O); }

/* ALTER INDEX [IF EXISTS] i ON t {DISABLE | REBUILD [ALL] | USABLE |
 * UNUSABLE | ACTIVE} [ASYNC] [[SET] options]; Lindorm also spells the
 * states DISABLED and BUILD, and sets options WITH (...) or SET (...). */
%include {
static void alter_index(kp_pctx *ctx, int e, kp_name i, kp_name t, kp_token w, kp_list o)
{
	kp_stmt *s = mkstmt(ctx, KP_S_ALTER_INDEX);
	kp_alter_index *a = &s->u.alter_index;
	a->if_exists = e;
	a->index = i;
	a->table = t;
	a->options = o;
	if (!w.len)
		return;
	a->verb = mkname(ctx, w);
	static const struct { const char *w; kp_index_state s; } states[] = {
		{"disable", KP_IX_DISABLED}, {"disabled", KP_IX_DISABLED},
		{"unusable", KP_IX_UNUSABLE}, {"usable", KP_IX_ACTIVE}, {"active", KP_IX_ACTIVE},
		{"rebuild", KP_IX_ACTIVE}, {"build", KP_IX_ACTIVE},
	};
	for (size_t k = 0; k < sizeof states / sizeof states[0]; k++)
		if (!a->verb.quoted && kp_name_eq(&a->verb, states[k].w)) {
			a->state = states[k].s;
			return;
		}
	kp_pctx_syntax_error(ctx, w);
}
static kp_token notoken(void)
{
	kp_token t = {0};
	return t;
}
}
cmd ::= ALTER INDEX ifexists(E) nm(I) ON fullname(T) id(W) idxstate_tail(O). { alter_index(ctx, E, I, T, W, O); }
cmd ::= ALTER INDEX ifexists(E) nm(I) ON fullname(T) SET altopts(O). { alter_index(ctx, E, I, T, notoken(), O); }
cmd ::= ALTER INDEX ifexists(E) nm(I) ON fullname(T) WITH LP optlist(O) RP. { alter_index(ctx, E, I, T, notoken(), O); }
/* Lindorm: a search index gains columns, ADD COLUMNS (c [(options)], ...) */
cmd ::= ALTER INDEX ifexists(E) nm(I) ON fullname(T) ADD id(C) LP sortlist(L) RP. {
	want_word(ctx, C, "columns");
	kp_list none = {0};
	alter_index(ctx, E, I, T, notoken(), none);
	for (uint32_t i = 0; i < L.n; i++) {
		kp_order_item *o = L.items[i];
		push(ctx, &ctx->stmt->u.alter_index.add, idx_part(ctx, o->expr, o->desc));
	} }
%type idxstate_tail {kp_list}
idxstate_tail(A) ::= . { memset(&A, 0, sizeof A); }
idxstate_tail(A) ::= ALL. { memset(&A, 0, sizeof A); }
idxstate_tail(A) ::= ASYNC. { memset(&A, 0, sizeof A); }
idxstate_tail(A) ::= ALL ASYNC. { memset(&A, 0, sizeof A); }
idxstate_tail(A) ::= idxstate_tail(L) SET altopts(O). { A = L; for (uint32_t i = 0; i < O.n; i++) push(ctx, &A, O.items[i]); }

/* ----------------------------------------------------------------- DROP */
%type ifexists {int}
ifexists(A) ::= . { A = 0; }
ifexists(A) ::= IF EXISTS. { A = 1; }

%type cascade {int}
cascade(A) ::= . { A = 0; }
cascade(A) ::= CASCADE. { A = 1; }

/* HSQLDB and H2 also write DROP TABLE t IF EXISTS */
cmd ::= DROP tblview(V) ifexists(E) fullname(N) ifexists(F) cascade(C). {
	kp_stmt *s = mkstmt(ctx, KP_S_DROP); s->u.drop.name = N; s->u.drop.if_exists = E || F;
	s->u.drop.is_view = V; s->u.drop.cascade = C; }
/* Tablestore: DROP MAPPING TABLE [IF EXISTS] t removes the mapping */
cmd ::= DROP id(M) TABLE ifexists(E) fullname(N). {
	want_word(ctx, M, "mapping");
	kp_stmt *s = mkstmt(ctx, KP_S_DROP); s->u.drop.name = N; s->u.drop.if_exists = E; s->u.drop.is_mapping = true; }
cmd ::= DROP INDEX ifexists(E) nm(N). {
	kp_stmt *s = mkstmt(ctx, KP_S_DROP); s->u.drop.name = N; s->u.drop.is_index = true; s->u.drop.if_exists = E; }
cmd ::= DROP INDEX ifexists(E) nm(N) ON fullname(T). {
	kp_stmt *s = mkstmt(ctx, KP_S_DROP); s->u.drop.name = N; s->u.drop.table = T;
	s->u.drop.is_index = true; s->u.drop.if_exists = E; }

/* --------------------------------------------------------------- SELECT */
cmd ::= select.
cmd ::= selhead.
/* SELECT is a head (the result columns) and FROM, then its clauses, each
 * one rule on the left-recursive `select`: a missing clause costs no empty
 * reduction (this is the parser's hottest statement). The clause order is
 * checked in the actions; a clause out of order or repeated is an error at
 * its keyword that names the clause, with a note at the earlier one. */
%include {
static const char *const sel_names[KP_SEL__COUNT] = {
	[KP_SEL_SAMPLE] = "TABLESAMPLE", [KP_SEL_WHERE] = "WHERE", [KP_SEL_GROUP] = "GROUP BY",
	[KP_SEL_HAVING] = "HAVING", [KP_SEL_ORDER] = "ORDER BY", [KP_SEL_LIMIT] = "LIMIT",
	[KP_SEL_OFFSET] = "OFFSET", [KP_SEL_FETCH] = "FETCH", [KP_SEL_ALLOW] = "ALLOW FILTERING",
};
static void sel_note(kp_pctx *ctx, kp_diag *g, int clause, const char *fmt)
{
	if (g)
		kp_diag_note(g, ctx->report->arena, ctx->report->src, ctx->sel_at[clause], fmt, sel_names[clause]);
}
static void sel_clause(kp_pctx *ctx, kp_token kw, int clause)
{
	int last = ctx->sel_clause;
	if (last == clause)
		sel_note(ctx, kp_pctx_error(ctx, KP_R_SYNTAX, kw.off, kw.len, "second %s clause in one SELECT",
		                            sel_names[clause]),
		         last, "the first %s clause is here");
	else if (last > clause)
		sel_note(ctx, kp_pctx_error(ctx, KP_R_SYNTAX, kw.off, kw.len, "%s clause after %s: %s must come before %s",
		                            sel_names[clause], sel_names[last], sel_names[clause], sel_names[last]),
		         last, "%s is here");
	ctx->sel_clause = clause;
	ctx->sel_at[clause] = kw.off;
}
static kp_select *mksel(kp_pctx *ctx, int distinct, kp_list items)
{
	kp_stmt *s = mkstmt(ctx, KP_S_SELECT);
	s->u.select.distinct = distinct;
	s->u.select.items = items;
	return &s->u.select;
}
}
%type selhead {kp_select*}
selhead(A) ::= SELECT selcollist(L). { A = mksel(ctx, 0, L); }
selhead(A) ::= SELECT ALL selcollist(L). { A = mksel(ctx, 0, L); }
selhead(A) ::= SELECT DISTINCT selcollist(L). { A = mksel(ctx, 1, L); }
selhead(A) ::= SELECT DISTINCTROW selcollist(L). { A = mksel(ctx, 1, L); }
selhead(A) ::= SELECT ALL DISTINCT selcollist(L). { A = mksel(ctx, 1, L); }
%type select {kp_select*}
select(A) ::= selhead(S) FROM fullname(T). { A = S; A->table = T; }
select(A) ::= selhead(S) FROM fullname(T) AS nm(X). { A = S; A->table = T; A->alias = X; }
select(A) ::= selhead(S) FROM fullname(T) id(X). { A = S; A->table = T; A->alias = mkname(ctx, X); }
/* Phoenix's dynamic columns, declared for this query: FROM t (c TYPE, ...) */
select(A) ::= selhead(S) FROM fullname(T) LP dyncols(D) RP. { A = S; A->table = T; A->dyncols = D; }
select(A) ::= selhead(S) FROM fullname(T) LP dyncols(D) RP AS nm(X). { A = S; A->table = T; A->dyncols = D; A->alias = X; }
/* MySQL's index hint, Tablestore's manual choice of index ("Index selection
 * policy"): FROM t [[AS] alias] USE INDEX ([idx, ...]); USE INDEX () reads
 * the data table alone */
select(A) ::= selhead(S) FROM fullname(T) useindex(U). { A = S; A->table = T; use_index(A, U); }
select(A) ::= selhead(S) FROM fullname(T) AS nm(X) useindex(U). { A = S; A->table = T; A->alias = X; use_index(A, U); }
select(A) ::= selhead(S) FROM fullname(T) id(X) useindex(U). {
	A = S; A->table = T; A->alias = mkname(ctx, X); use_index(A, U); }
/* USE is a keyword only for USE INDEX: right after the table name lemon
 * shifts it as USE INDEX's first word (its %fallback to ID applies only
 * where USE has no action), so an alias named `use` is spelled out here;
 * the lookahead after it (INDEX, or a clause's keyword) settles which. */
select(A) ::= selhead(S) FROM fullname(T) USE(X). { A = S; A->table = T; A->alias = mkname(ctx, X); }
select(A) ::= selhead(S) FROM fullname(T) USE(X) useindex(U). {
	A = S; A->table = T; A->alias = mkname(ctx, X); use_index(A, U); }
%include {
typedef struct kp_useidx { kp_token kw; kp_list names; } kp_useidx;
static void use_index(kp_select *s, kp_useidx u)
{
	s->use_index = true;
	s->use_index_off = u.kw.off;
	s->use_index_names = u.names;
}
}
%type useindex {kp_useidx}
useindex(A) ::= USE(K) INDEX LP RP. { A.kw = K; memset(&A.names, 0, sizeof A.names); }
useindex(A) ::= USE(K) INDEX LP idxnames(L) RP. { A.kw = K; A.names = L; }
%type idxnames {kp_list}
idxnames(A) ::= nm(X). { memset(&A, 0, sizeof A); push(ctx, &A, boxname(ctx, X)); }
idxnames(A) ::= idxnames(L) COMMA nm(X). { A = L; push(ctx, &A, boxname(ctx, X)); }
%type dyncols {kp_list}
dyncols(A) ::= dyncol(X). { memset(&A, 0, sizeof A); push(ctx, &A, boxname(ctx, X)); }
dyncols(A) ::= dyncols(L) COMMA dyncol(X). { A = L; push(ctx, &A, boxname(ctx, X)); }
%type dyncol {kp_name}
dyncol(A) ::= nm(X) typename. { A = X; }
dyncol(A) ::= nm DOT nm(X) typename. { A = X; }
/* Spelled out: right after the table name ALLOW would otherwise fall back
 * to an alias (lemon's %fallback wins over a default reduction); the
 * precedence of ALLOW over FROM picks this rule over reducing first. */
select(A) ::= selhead(S) FROM fullname(T) ALLOW(K) FILTERING. {
	A = S; A->table = T; sel_clause(ctx, K, KP_SEL_ALLOW); A->allow_filtering = 1; }
select(A) ::= select(S) WHERE(K) expr(X). { A = S; sel_clause(ctx, K, KP_SEL_WHERE); A->where = X; }
select(A) ::= select(S) GROUP(K) BY exprlist(L). { A = S; sel_clause(ctx, K, KP_SEL_GROUP); A->group = L; }
select(A) ::= select(S) HAVING(K) expr(X). { A = S; sel_clause(ctx, K, KP_SEL_HAVING); A->having = X; }
select(A) ::= select(S) ORDER(K) BY sortlist(L). { A = S; sel_clause(ctx, K, KP_SEL_ORDER); A->order = L; }
select(A) ::= select(S) LIMIT(K) expr(X). { A = S; sel_clause(ctx, K, KP_SEL_LIMIT); A->limit = X; }
/* OFFSET and FETCH are clauses of their own (Phoenix: LIMIT, then OFFSET
 * n [ROW|ROWS], then FETCH FIRST|NEXT [n] ROW|ROWS ONLY), so LIMIT n OFFSET
 * m, OFFSET m alone and OFFSET m ROWS FETCH NEXT n ROWS ONLY all parse;
 * right after the table name they are spelled out, as ALLOW is. */
select(A) ::= selhead(S) FROM fullname(T) offset(O). { A = S; A->table = T; sel_offset(ctx, A, O); }
/* Phoenix: FROM t [[AS] alias] [(dynamic columns)] TABLESAMPLE (percent):
 * which rows are read is the store's sampling, not the key's; kept to
 * parse, with the table's plan unchanged */
select(A) ::= selhead(S) FROM fullname(T) TABLESAMPLE(K) LP expr RP. { A = S; A->table = T; sel_clause(ctx, K, KP_SEL_SAMPLE); }
select(A) ::= select(S) TABLESAMPLE(K) LP expr RP. { A = S; sel_clause(ctx, K, KP_SEL_SAMPLE); }
select(A) ::= selhead(S) FROM fullname(T) fetch(F). { A = S; A->table = T; sel_fetch(ctx, A, F); }
select(A) ::= select(S) offset(O). { A = S; sel_offset(ctx, A, O); }
select(A) ::= select(S) fetch(F). { A = S; sel_fetch(ctx, A, F); }
%include {
typedef struct kp_clause { kp_token kw; kp_expr *x; } kp_clause;
static void sel_offset(kp_pctx *ctx, kp_select *s, kp_clause o)
{
	sel_clause(ctx, o.kw, KP_SEL_OFFSET);
	s->offset = o.x;
}
static void sel_fetch(kp_pctx *ctx, kp_select *s, kp_clause f)
{
	/* FETCH is the standard spelling of LIMIT: one or the other */
	if (ctx->sel_at[KP_SEL_LIMIT])
		sel_note(ctx, kp_pctx_error(ctx, KP_R_SYNTAX, f.kw.off, f.kw.len,
		                            "FETCH and LIMIT in one SELECT: both limit the rows; keep one"),
		         KP_SEL_LIMIT, "%s is here");
	sel_clause(ctx, f.kw, KP_SEL_FETCH);
	s->limit = f.x;
	s->fetch = true;
}
}
%type offset {kp_clause}
offset(A) ::= OFFSET(K) expr(X). { A.kw = K; A.x = X; }
offset(A) ::= OFFSET(K) expr(X) rowword. { A.kw = K; A.x = X; }
%type fetch {kp_clause}
fetch(A) ::= FETCH(K) firstnext expr(X) rowword ONLY. { A.kw = K; A.x = X; }
/* FETCH FIRST ROW ONLY: one row */
fetch(A) ::= FETCH(K) firstnext rowword(R) ONLY. {
	A.kw = K; A.x = mkexpr(ctx, KP_X_INT, R.off, R.off + R.len); A.x->ival = 1;
	A.x->name.s = "1"; A.x->name.len = 1; }
firstnext ::= FIRST.
firstnext ::= NEXT.
%type rowword {kp_token}
rowword(A) ::= ROW(X). { A = X; }
rowword(A) ::= ROWS(X). { A = X; }
select(A) ::= select(S) LIMIT(K) expr(Y) COMMA expr(X). {
	A = S; sel_clause(ctx, K, KP_SEL_LIMIT); A->limit = X; A->offset = Y; }
select(A) ::= select(S) ALLOW(K) FILTERING. { A = S; sel_clause(ctx, K, KP_SEL_ALLOW); A->allow_filtering = 1; }
%type distinct {int}
distinct(A) ::= . { A = 0; }
distinct(A) ::= ALL. { A = 0; }
distinct(A) ::= DISTINCT. { A = 1; }
%type selcollist {kp_list}
/* `*` goes straight into the list, and an expression's alias is spelled
 * out: no unit or empty reduction for the usual `SELECT *` or `SELECT a`. */
selcollist(A) ::= STAR(S). { memset(&A, 0, sizeof A); push(ctx, &A, mkexpr(ctx, KP_X_STAR, S.off, S.off + 1)); }
selcollist(A) ::= selcollist(L) COMMA STAR(S). { A = L; push(ctx, &A, mkexpr(ctx, KP_X_STAR, S.off, S.off + 1)); }
selcollist(A) ::= selcol(X). { memset(&A, 0, sizeof A); push(ctx, &A, X); }
selcollist(A) ::= selcollist(L) COMMA selcol(X). { A = L; push(ctx, &A, X); }
%type selcol {kp_expr*}
selcol(A) ::= nm(Q) DOT STAR(S). { A = mkexpr(ctx, KP_X_STAR, Q.off, S.off + 1); A->qual = Q; }
selcol(A) ::= expr(X). { A = X; }
selcol(A) ::= expr(X) AS nm. { A = X; }
selcol(A) ::= expr(X) id. { A = X; }
%type where_opt {kp_expr*}
where_opt(A) ::= . [FROM] { A = NULL; }
where_opt(A) ::= WHERE expr(X). { A = X; }
%type orderby_opt {kp_list}
orderby_opt(A) ::= . { memset(&A, 0, sizeof A); }
orderby_opt(A) ::= ORDER BY sortlist(L). { A = L; }
%type sortlist {kp_list}
sortlist(A) ::= sortitem(X). { memset(&A, 0, sizeof A); push(ctx, &A, X); }
sortlist(A) ::= sortlist(L) COMMA sortitem(X). { A = L; push(ctx, &A, X); }
%type sortitem {kp_order_item*}
%include {
static kp_order_item *mksort(kp_pctx *ctx, kp_expr *x, int desc)
{
	kp_order_item *o = kp_arena_alloc(ARENA, sizeof(*o));
	o->expr = x;
	o->desc = desc;
	return o;
}
}
sortitem(A) ::= expr(X). { A = mksort(ctx, X, 0); }
sortitem(A) ::= expr(X) ASC. { A = mksort(ctx, X, 0); }
sortitem(A) ::= expr(X) DESC. { A = mksort(ctx, X, 1); }
sortitem(A) ::= expr(X) nulls(N). { A = mksort(ctx, X, 0); A->nulls = (uint8_t)N; }
sortitem(A) ::= expr(X) ASC nulls(N). { A = mksort(ctx, X, 0); A->nulls = (uint8_t)N; }
sortitem(A) ::= expr(X) DESC nulls(N). { A = mksort(ctx, X, 1); A->nulls = (uint8_t)N; }
%type nulls {int}
nulls(A) ::= NULLS FIRST. { A = KP_NULLS_FIRST; }
nulls(A) ::= NULLS LAST. { A = KP_NULLS_LAST; }
%include {
typedef struct kp_limit { kp_expr *a, *b; } kp_limit;
}
%type limit_opt {kp_limit}
limit_opt(A) ::= . { A.a = A.b = NULL; }
limit_opt(A) ::= LIMIT expr(X). { A.a = X; A.b = NULL; }
limit_opt(A) ::= LIMIT expr(X) OFFSET expr(Y). { A.a = X; A.b = Y; }
limit_opt(A) ::= LIMIT expr(Y) COMMA expr(X). { A.a = X; A.b = Y; }
/* --------------------------------------------------------------- INSERT */
%type insverb {int}
insverb(A) ::= INSERT. { A = KP_S_INSERT; }
insverb(A) ::= INSERT IGNORE. { A = KP_S_INSERT; }
/* SQLite: INSERT OR REPLACE | IGNORE | ABORT | FAIL | ROLLBACK */
insverb(A) ::= INSERT OR(K) REPLACE. { A = KP_S_REPLACE; use_form(ctx, KP_F_INSERT_OR, K); }
insverb(A) ::= INSERT OR(K) IGNORE. { A = KP_S_INSERT; use_form(ctx, KP_F_INSERT_OR, K); }
insverb(A) ::= INSERT OR(K) id(W). {
	A = KP_S_INSERT; use_form(ctx, KP_F_INSERT_OR, K);
	kp_name n = mkname(ctx, W);
	if (n.quoted || (!kp_name_eq(&n, "abort") && !kp_name_eq(&n, "fail") && !kp_name_eq(&n, "rollback")))
		kp_pctx_syntax_error(ctx, W); }
insverb(A) ::= UPSERT. { A = KP_S_UPSERT; }
insverb(A) ::= REPLACE. { A = KP_S_REPLACE; }

%include {
static kp_insert *mkinsert(kp_pctx *ctx, int verb, kp_name t, kp_list cols)
{
	kp_stmt *s = mkstmt(ctx, (kp_stmt_kind)verb);
	s->u.insert.verb = verb;
	s->u.insert.table = t;
	s->u.insert.cols = cols;
	return &s->u.insert;
}
/* ON DUPLICATE KEY: IGNORE, or UPDATE / UPDATE_ONLY assignments */
typedef struct kp_ondup { kp_list set; bool ignore; } kp_ondup;
}
cmd ::= insverb(V) INTO fullname(T) inscols(C) VALUES rowlist(R) ondup(D) returning(X). {
	kp_insert *i = mkinsert(ctx, V, T, C);
	i->rows = R; i->on_dup = D.set; i->on_dup_ignore = D.ignore; i->returning = X; }
/* UPSERT INTO t [(cols)] SELECT ...: the statement is its SELECT (which
 * is what keyplan plans), with the write it feeds attached */
%include {
static void mkinto(kp_pctx *ctx, kp_select *sel, int verb, kp_name t, kp_list cols, int ret)
{
	kp_insert *i = kp_arena_alloc(ARENA, sizeof(*i));
	i->verb = verb;
	i->table = t;
	i->cols = cols;
	i->returning = ret;
	sel->into = i;
}
}
cmd ::= insverb(V) INTO fullname(T) inscols(C) select(S) returning(X). { mkinto(ctx, S, V, T, C, X); }
cmd ::= insverb(V) INTO fullname(T) inscols(C) selhead(S) returning(X). { mkinto(ctx, S, V, T, C, X); }

%type returning {int}
returning(A) ::= . { A = 0; }
returning(A) ::= returning1. { A = 1; }
/* RETURNING * (Phoenix 5.2's atomic UPSERT and DELETE), RETURNING list
 * (PostgreSQL, SQLite, MariaDB): a form unless it is `*` */
returning1 ::= RETURNING(K) selcollist(L). {
	const kp_expr *e = L.items[0];
	if (L.n != 1 || e->kind != KP_X_STAR || e->qual.s)
		use_form(ctx, KP_F_RETURNING, K); }

%type inscols {kp_list}
inscols(A) ::= . { memset(&A, 0, sizeof A); }
inscols(A) ::= LP inscollist(L) RP. { A = L; }
/* Phoenix: a family-qualified column (cf.c) or a dynamic column declared
 * in place (c VARCHAR) */
%type inscollist {kp_list}
inscollist(A) ::= inscol(X). { memset(&A, 0, sizeof A); push(ctx, &A, boxname(ctx, X)); }
inscollist(A) ::= inscollist(L) COMMA inscol(X). { A = L; push(ctx, &A, boxname(ctx, X)); }
%type inscol {kp_name}
inscol(A) ::= nm(X). { A = X; }
inscol(A) ::= nm DOT nm(X). { A = X; }
inscol(A) ::= nm(X) typename. { A = X; }
inscol(A) ::= nm DOT nm(X) typename. { A = X; }
/* an array element: UPSERT INTO t (k, a[2]) */
inscol(A) ::= nm(X) LBRACKET expr RBRACKET. { A = X; }

%type rowlist {kp_list}
rowlist(A) ::= row(X). { memset(&A, 0, sizeof A); push(ctx, &A, X); }
rowlist(A) ::= rowlist(L) COMMA row(X). { A = L; push(ctx, &A, X); }

%type row {kp_list*}
row(A) ::= LP exprlist(L) RP. { A = kp_arena_alloc(ARENA, sizeof(*A)); *A = L; }

%type ondup {kp_ondup}
ondup(A) ::= . { memset(&A, 0, sizeof A); }
ondup(A) ::= ON DUPLICATE KEY UPDATE setlist(L). { A.set = L; A.ignore = false; }
ondup(A) ::= ON DUPLICATE KEY UPDATE_ONLY setlist(L). { A.set = L; A.ignore = false; }
ondup(A) ::= ON DUPLICATE KEY IGNORE. { memset(&A, 0, sizeof A); A.ignore = true; }
/* PostgreSQL and SQLite: ON CONFLICT [(cols) [WHERE ...] | ON CONSTRAINT n]
 * DO NOTHING | DO UPDATE SET ... [WHERE ...]: ON DUPLICATE KEY's IGNORE
 * and UPDATE */
ondup(A) ::= ON id(C) conftarget id(D) id(N). {
	want_word(ctx, C, "conflict"); want_word(ctx, D, "do"); want_word(ctx, N, "nothing");
	memset(&A, 0, sizeof A); A.ignore = true; use_form(ctx, KP_F_ON_CONFLICT, C); }
ondup(A) ::= ON id(C) conftarget id(D) UPDATE SET setlist(L) where_opt. {
	want_word(ctx, C, "conflict"); want_word(ctx, D, "do");
	A.set = L; A.ignore = false; use_form(ctx, KP_F_ON_CONFLICT, C); }
conftarget ::= .
conftarget ::= LP nmlist RP.
conftarget ::= LP nmlist RP WHERE expr.
conftarget ::= ON CONSTRAINT nm.

%type setlist {kp_list}
setlist(A) ::= setitem(X). { memset(&A, 0, sizeof A); push(ctx, &A, X); }
setlist(A) ::= setlist(L) COMMA setitem(X). { A = L; push(ctx, &A, X); }

%type setitem {kp_assign*}
setitem(A) ::= nm(C) EQ expr(V). { A = kp_arena_alloc(ARENA, sizeof(*A)); A->col = C; A->value = V; }
setitem(A) ::= nm DOT nm(C) EQ expr(V). { A = kp_arena_alloc(ARENA, sizeof(*A)); A->col = C; A->value = V; }

/* ------------------------------------------------------- UPDATE, DELETE */
/* UPDATE t [[AS] x] SET ..., DELETE FROM t [[AS] x] ...: the alias
 * qualifies columns as a SELECT's does. The forms are spelled out (no
 * empty alias): a keyword that may be a name (SET, RETURNING) right after
 * the table would otherwise fall back to an alias, as lemon's %fallback
 * wins over a default reduction. */
%include {
static void mkupdate(kp_pctx *ctx, kp_stmt_kind k, kp_name t, kp_name alias, kp_list *sets, kp_expr *w,
                     kp_list o, kp_expr *limit)
{
	kp_stmt *s = mkstmt(ctx, k);
	s->u.update.table = t;
	s->u.update.alias = alias;
	if (sets)
		s->u.update.sets = *sets;
	s->u.update.where = w;
	s->u.update.order = o;
	s->u.update.limit = limit;
}
typedef struct kp_updtail { kp_list sets; kp_expr *where; kp_list order; kp_expr *limit; } kp_updtail;
}
cmd ::= UPDATE fullname(T) updtail(U). { mkupdate(ctx, KP_S_UPDATE, T, noname(), &U->sets, U->where, U->order, U->limit); }
cmd ::= UPDATE fullname(T) AS nm(X) updtail(U). { mkupdate(ctx, KP_S_UPDATE, T, X, &U->sets, U->where, U->order, U->limit); }
cmd ::= UPDATE fullname(T) id(X) updtail(U). { mkupdate(ctx, KP_S_UPDATE, T, mkname(ctx, X), &U->sets, U->where, U->order, U->limit); }
%type updtail {kp_updtail*}
updtail(A) ::= SET setlist(L) where_opt(W) orderby_opt(O) limit_opt(M) returning. {
	A = kp_arena_alloc(ARENA, sizeof(*A)); A->sets = L; A->where = W; A->order = O; A->limit = M.a; }
cmd ::= DELETE FROM fullname(T) where_opt(W) orderby_opt(O) limit_opt(M) returning. {
	mkupdate(ctx, KP_S_DELETE, T, noname(), NULL, W, O, M.a); }
cmd ::= DELETE FROM fullname(T) AS nm(X) where_opt(W) orderby_opt(O) limit_opt(M) returning. {
	mkupdate(ctx, KP_S_DELETE, T, X, NULL, W, O, M.a); }
cmd ::= DELETE FROM fullname(T) id(X) where_opt(W) orderby_opt(O) limit_opt(M) returning. {
	mkupdate(ctx, KP_S_DELETE, T, mkname(ctx, X), NULL, W, O, M.a); }
/* RETURNING right after the table: shifted (its precedence over the empty
 * WHERE's), never taken for an alias */
cmd ::= DELETE FROM fullname(T) returning1. {
	kp_list none = {0}; mkupdate(ctx, KP_S_DELETE, T, noname(), NULL, NULL, none, NULL); }

/* ---------------------------------------------------------- expressions */
%type expr {kp_expr*}
%type term {kp_expr*}

term(A) ::= INTEGER(X). { A = mklit(ctx, KP_X_INT, X); }
term(A) ::= FLOAT(X). { A = mklit(ctx, KP_X_FLOAT, X); }
term(A) ::= STRING(X). { A = mklit(ctx, KP_X_STRING, X); }
term(A) ::= NULL(X). { A = mklit(ctx, KP_X_NULL, X); }
term(A) ::= TRUE(X). { A = mklit(ctx, KP_X_BOOL, X); A->ival = 1; }
term(A) ::= FALSE(X). { A = mklit(ctx, KP_X_BOOL, X); A->ival = 0; }
term(A) ::= PARAM(X). { A = mklit(ctx, KP_X_PARAM, X); }

/* Literals and names reduce straight to expr (not through term and nm):
 * one reduction less per operand, on the parser's hottest path. */
expr(A) ::= INTEGER(X). { A = mklit(ctx, KP_X_INT, X); }
expr(A) ::= FLOAT(X). { A = mklit(ctx, KP_X_FLOAT, X); }
expr(A) ::= STRING(X). { A = mklit(ctx, KP_X_STRING, X); }
expr(A) ::= NULL(X). { A = mklit(ctx, KP_X_NULL, X); }
expr(A) ::= TRUE(X). { A = mklit(ctx, KP_X_BOOL, X); A->ival = 1; }
expr(A) ::= FALSE(X). { A = mklit(ctx, KP_X_BOOL, X); A->ival = 0; }
expr(A) ::= PARAM(X). { A = mklit(ctx, KP_X_PARAM, X); }
expr(A) ::= LP(L) expr(X) RP(R). { A = X; A->paren = true; A->off = L.off; A->len = R.off + 1 - L.off; }
expr(A) ::= LP(L) expr(X) COMMA exprlist(Y) RP(R). {
	A = mkexpr(ctx, KP_X_TUPLE, L.off, R.off + 1); push_expr(ctx, A, X);
	for (uint32_t i = 0; i < Y.n; i++) push_expr(ctx, A, Y.items[i]); }
expr(A) ::= id(X). { A = mkcol(ctx, noname(), mkname(ctx, X)); }
expr(A) ::= nm(Q) DOT nm(X). { A = mkcol(ctx, Q, X); }
expr(A) ::= nm(F) LP RP(R). { A = mkexpr(ctx, KP_X_FUNC, F.off, R.off + 1); A->name = F; }
expr(A) ::= nm(F) LP STAR RP(R). { A = mkexpr(ctx, KP_X_FUNC, F.off, R.off + 1); A->name = F; A->star = true; }
expr(A) ::= nm(F) LP distinct(D) exprlist(L) RP(R). {
	A = mkexpr(ctx, KP_X_FUNC, F.off, R.off + 1); A->name = F; A->distinct = D;
	for (uint32_t i = 0; i < L.n; i++) push_expr(ctx, A, L.items[i]); }
expr(A) ::= nm(S) DOT nm(Q) DOT nm(X). { A = mkcol(ctx, kp_ast_qualified(ARENA, S, Q), X); }
/* Phoenix's typed literals: DATE '2013-01-01', TIMESTAMP '...', TIME '...'
 * are CAST('...' AS type) */
expr(A) ::= id(T) STRING(S). {
	A = mkexpr(ctx, KP_X_CAST, T.off, S.off + S.len); A->a = mklit(ctx, KP_X_STRING, S);
	A->name = mkname(ctx, T); set_depth(ctx, A, A->a); }
expr(A) ::= nm(F) LP distinct(D) exprlist(L) RP WITHIN GROUP LP ORDER BY sortlist(O) RP(R). {
	A = mkexpr(ctx, KP_X_FUNC, F.off, R.off + 1); A->name = F; A->distinct = D;
	for (uint32_t i = 0; i < L.n; i++) push_expr(ctx, A, L.items[i]);
	A->b = mkexpr(ctx, KP_X_TUPLE, F.off, R.off + 1);
	for (uint32_t i = 0; i < O.n; i++) push_expr(ctx, A->b, ((kp_order_item *)O.items[i])->expr);
	set_depth(ctx, A, A->b); }
/* an aggregate's own order (Lindorm HEAD(x ORDER BY t), GROUP_CONCAT(x
 * ORDER BY t SEPARATOR ',')): kept like WITHIN GROUP, in b */
%include {
static kp_expr *mkordered(kp_pctx *ctx, kp_name f, int distinct, kp_list args, kp_list order,
                          kp_token sep, kp_expr *sepval, kp_token r)
{
	kp_expr *e = mkexpr(ctx, KP_X_FUNC, f.off, r.off + 1);
	e->name = f;
	e->distinct = distinct;
	e->op2 = 1;   /* the order is written inside the parentheses */
	for (uint32_t i = 0; i < args.n; i++)
		push_expr(ctx, e, args.items[i]);
	if (order.n) {
		e->b = mkexpr(ctx, KP_X_TUPLE, f.off, r.off + 1);
		for (uint32_t i = 0; i < order.n; i++)
			push_expr(ctx, e->b, ((kp_order_item *)order.items[i])->expr);
		set_depth(ctx, e, e->b);
	}
	if (sepval) {
		/* only GROUP_CONCAT's SEPARATOR may stand there */
		kp_name w = mkname(ctx, sep);
		if (!kp_name_eq(&w, "separator"))
			kp_pctx_syntax_error(ctx, sep);
		e->c = sepval;
	}
	return e;
}
}
expr(A) ::= nm(F) LP distinct(D) exprlist(L) ORDER BY sortlist(O) RP(R). {
	kp_token none = {0, 0, 0}; A = mkordered(ctx, F, D, L, O, none, NULL, R); }
expr(A) ::= nm(F) LP distinct(D) exprlist(L) ORDER BY sortlist(O) id(W) STRING(V) RP(R). {
	A = mkordered(ctx, F, D, L, O, W, mklit(ctx, KP_X_STRING, V), R); }
expr(A) ::= nm(F) LP distinct(D) exprlist(L) id(W) STRING(V) RP(R). {
	kp_list none; memset(&none, 0, sizeof none); A = mkordered(ctx, F, D, L, none, W, mklit(ctx, KP_X_STRING, V), R); }
/* INTERVAL n unit (Lindorm, MySQL): a constant span of time */
expr(A) ::= INTERVAL(K) expr(X) id(U). [UMINUS] {
	A = mkexpr(ctx, KP_X_INTERVAL, K.off, U.off + U.len); A->a = X; A->name = mkname(ctx, U); set_depth(ctx, A, X); }
expr(A) ::= expr(X) LBRACKET expr(Y) RBRACKET(R). {
	A = mkbin(ctx, KP_X_SUBSCRIPT, 0, X, Y); A->len = R.off + 1 - A->off; }
expr(A) ::= ARRAY(K) LBRACKET exprlist_opt(L) RBRACKET(R). {
	A = mkexpr(ctx, KP_X_ARRAY, K.off, R.off + 1);
	for (uint32_t i = 0; i < L.n; i++) push_expr(ctx, A, L.items[i]); }
/* Lindorm search: MATCH (col, ...) AGAINST ('text'); MATCH(col, 'text')
 * without AGAINST is Tablestore's full-text function */
expr(A) ::= MATCH(K) LP exprlist(L) RP AGAINST LP expr(X) RP(R). {
	A = mkexpr(ctx, KP_X_MATCH, K.off, R.off + 1); A->a = X; set_depth(ctx, A, X);
	for (uint32_t i = 0; i < L.n; i++) push_expr(ctx, A, L.items[i]); }
expr(A) ::= MATCH(K) LP exprlist(L) RP(R). {
	A = mkexpr(ctx, KP_X_FUNC, K.off, R.off + 1); A->name = mkname(ctx, K);
	for (uint32_t i = 0; i < L.n; i++) push_expr(ctx, A, L.items[i]); }
/* sequences (Phoenix): NEXT VALUE FOR s, CURRENT VALUE FOR s, NEXT n VALUES FOR s */
expr(A) ::= NEXT(K) VALUE FOR fullname(N). {
	A = mkexpr(ctx, KP_X_SEQ, K.off, N.off + N.srclen); A->name = N; }
expr(A) ::= CURRENT(K) VALUE FOR fullname(N). {
	A = mkexpr(ctx, KP_X_SEQ, K.off, N.off + N.srclen); A->name = N; A->op2 = 1; }
expr(A) ::= NEXT(K) term(X) VALUES FOR fullname(N). {
	A = mkexpr(ctx, KP_X_SEQ, K.off, N.off + N.srclen); A->name = N; A->a = X; }
expr(A) ::= CAST(C) LP expr(X) AS typename(T) RP(R). {
	A = mkexpr(ctx, KP_X_CAST, C.off, R.off + 1); A->a = X; A->name = T->type; set_depth(ctx, A, X); }
expr(A) ::= CASE(C) case_operand(O) case_list(L) case_else(E) END(R). {
	A = mkexpr(ctx, KP_X_CASE, C.off, R.off + R.len); A->a = O; A->c = E;
	for (uint32_t i = 0; i < L.n; i++) push_expr(ctx, A, L.items[i]);
	if (O) set_depth(ctx, A, O); if (E) set_depth(ctx, A, E); }

%type case_operand {kp_expr*}
case_operand(A) ::= . { A = NULL; }
case_operand(A) ::= expr(X). { A = X; }
%type case_list {kp_list}
case_list(A) ::= WHEN expr(X) THEN expr(Y). { memset(&A, 0, sizeof A); push(ctx, &A, X); push(ctx, &A, Y); }
case_list(A) ::= case_list(L) WHEN expr(X) THEN expr(Y). { A = L; push(ctx, &A, X); push(ctx, &A, Y); }
%type case_else {kp_expr*}
case_else(A) ::= . { A = NULL; }
case_else(A) ::= ELSE expr(X). { A = X; }

expr(A) ::= expr(X) AND expr(Y). { A = mklogic(ctx, KP_X_AND, X, Y); }
expr(A) ::= expr(X) OR expr(Y). { A = mklogic(ctx, KP_X_OR, X, Y); }
expr(A) ::= NOT(N) expr(X). { A = mkunary(ctx, KP_X_NOT, 0, N, X); }
expr(A) ::= expr(X) EQ expr(Y). { A = mkcmp(ctx, KP_OP_EQ, X, Y); }
expr(A) ::= expr(X) NE expr(Y). { A = mkcmp(ctx, KP_OP_NE, X, Y); }
expr(A) ::= expr(X) LT expr(Y). { A = mkcmp(ctx, KP_OP_LT, X, Y); }
expr(A) ::= expr(X) LE expr(Y). { A = mkcmp(ctx, KP_OP_LE, X, Y); }
expr(A) ::= expr(X) GT expr(Y). { A = mkcmp(ctx, KP_OP_GT, X, Y); }
expr(A) ::= expr(X) GE expr(Y). { A = mkcmp(ctx, KP_OP_GE, X, Y); }
expr(A) ::= expr(X) PLUS expr(Y). { A = mkbin(ctx, KP_X_ARITH, KP_OP_ADD, X, Y); }
expr(A) ::= expr(X) MINUS expr(Y). { A = mkbin(ctx, KP_X_ARITH, KP_OP_SUB, X, Y); }
expr(A) ::= expr(X) STAR expr(Y). { A = mkbin(ctx, KP_X_ARITH, KP_OP_MUL, X, Y); }
expr(A) ::= expr(X) SLASH expr(Y). { A = mkbin(ctx, KP_X_ARITH, KP_OP_DIV, X, Y); }
expr(A) ::= expr(X) REM expr(Y). { A = mkbin(ctx, KP_X_ARITH, KP_OP_MOD, X, Y); }
expr(A) ::= expr(X) CONCAT expr(Y). { A = mkbin(ctx, KP_X_ARITH, KP_OP_CONCAT, X, Y); }
expr(A) ::= MINUS(M) expr(X). [UMINUS] { A = mkunary(ctx, KP_X_NEG, KP_OP_SUB, M, X); }
expr(A) ::= PLUS(M) expr(X). [UMINUS] { A = mkunary(ctx, KP_X_NEG, KP_OP_ADD, M, X); }
%include {
/* x IS [NOT] y: IS NULL gets its own node (the planner knows key columns
 * are never NULL); IS with a value is SQL's NULL-safe comparison. */
static kp_expr *mkis(kp_pctx *ctx, kp_expr *x, kp_expr *y, bool neg)
{
	if (y->kind == KP_X_NULL && !y->paren) {
		kp_expr *e = mkexpr(ctx, KP_X_ISNULL, x->off, end_of(y));
		e->a = x;
		e->negated = neg;
		set_depth(ctx, e, x);
		return e;
	}
	return mkbin(ctx, KP_X_CMP, neg ? KP_OP_ISNOT : KP_OP_IS, x, y);
}
}
expr(A) ::= expr(X) IS expr(Y). { A = mkis(ctx, X, Y, false); }
expr(A) ::= expr(X) IS NOT expr(Y). { A = mkis(ctx, X, Y, true); }
/* IS NOT DISTINCT FROM is IS (NULL-safe =), IS DISTINCT FROM is IS NOT */
expr(A) ::= expr(X) IS DISTINCT FROM expr(Y). [IS] { A = mkbin(ctx, KP_X_CMP, KP_OP_ISNOT, X, Y); }
expr(A) ::= expr(X) IS NOT DISTINCT FROM expr(Y). [IS] { A = mkbin(ctx, KP_X_CMP, KP_OP_IS, X, Y); }
/* x op ANY|SOME|ALL (array): the quantified side is one node, so the
 * comparison stays a comparison */
%include {
static kp_expr *mkquant(kp_pctx *ctx, int op, kp_expr *x, kp_token q, kp_expr *y, kp_token r)
{
	kp_expr *e = mkexpr(ctx, KP_X_QUANT, q.off, r.off + 1);
	e->a = y;
	e->op2 = (uint8_t)q.type;   /* quant: 1 for ALL */
	set_depth(ctx, e, y);
	return mkbin(ctx, KP_X_CMP, op, x, e);
}
}
%type quant {kp_token}
quant(A) ::= ANY(X). { A = X; A.type = 0; }
quant(A) ::= SOME(X). { A = X; A.type = 0; }
quant(A) ::= ALL(X). { A = X; A.type = 1; }
expr(A) ::= expr(X) EQ quant(Q) LP expr(Y) RP(R). { A = mkquant(ctx, KP_OP_EQ, X, Q, Y, R); }
expr(A) ::= expr(X) NE quant(Q) LP expr(Y) RP(R). { A = mkquant(ctx, KP_OP_NE, X, Q, Y, R); }
expr(A) ::= expr(X) LT quant(Q) LP expr(Y) RP(R). { A = mkquant(ctx, KP_OP_LT, X, Q, Y, R); }
expr(A) ::= expr(X) LE quant(Q) LP expr(Y) RP(R). { A = mkquant(ctx, KP_OP_LE, X, Q, Y, R); }
expr(A) ::= expr(X) GT quant(Q) LP expr(Y) RP(R). { A = mkquant(ctx, KP_OP_GT, X, Q, Y, R); }
expr(A) ::= expr(X) GE quant(Q) LP expr(Y) RP(R). { A = mkquant(ctx, KP_OP_GE, X, Q, Y, R); }

/* likeop: bit 0 NOT, bit 1 GLOB (SQLite's case-sensitive pattern match),
 * bit 2 ILIKE (Phoenix's case-insensitive LIKE) */
%type likeop {int}
likeop(A) ::= LIKE. { A = 0; }
likeop(A) ::= NOT LIKE. { A = 1; } [LIKE]
likeop(A) ::= ILIKE. { A = 4; }
likeop(A) ::= NOT ILIKE. { A = 5; } [ILIKE]
likeop(A) ::= GLOB. { A = 2; }
likeop(A) ::= NOT GLOB. { A = 3; } [GLOB]
expr(A) ::= expr(X) likeop(N) expr(Y). [LIKE] { A = mkbin(ctx, KP_X_LIKE, 0, X, Y); A->negated = N & 1; A->glob = (N >> 1) & 1; A->op2 = (uint8_t)(N >> 2); }
/* PostgreSQL's x::type is CAST(x AS type) */
expr(A) ::= expr(X) DCOLON(K) typename(T). {
	A = mkexpr(ctx, KP_X_CAST, X->off, T->type.off + T->type.srclen); A->a = X; A->name = T->type;
	set_depth(ctx, A, X); use_form(ctx, KP_F_PG_CAST, K); }
/* SQLite's full-text x MATCH 'query': a function of both, as Tablestore's
 * MATCH(col, 'text') */
expr(A) ::= expr(X) MATCH(K) expr(Y). {
	A = mkexpr(ctx, KP_X_FUNC, X->off, end_of(Y)); A->name = mkname(ctx, K);
	push_expr(ctx, A, X); push_expr(ctx, A, Y); use_form(ctx, KP_F_MATCH_OP, K); }
expr(A) ::= expr(X) COLLATE id(C). {
	A = mkexpr(ctx, KP_X_COLLATE, X->off, C.off + C.len); A->a = X; A->name = mkname(ctx, C); set_depth(ctx, A, X); }
expr(A) ::= expr(X) ISNULL(N). { A = mkexpr(ctx, KP_X_ISNULL, X->off, N.off + N.len); A->a = X; set_depth(ctx, A, X); }
expr(A) ::= expr(X) NOTNULL(N). { A = mkexpr(ctx, KP_X_ISNULL, X->off, N.off + N.len); A->a = X; A->negated = true; set_depth(ctx, A, X); }
expr(A) ::= expr(X) likeop(N) expr(Y) ESCAPE expr(Z). [LIKE] {
	A = mkbin(ctx, KP_X_LIKE, 0, X, Y); A->negated = N & 1; A->glob = (N >> 1) & 1; A->op2 = (uint8_t)(N >> 2); A->c = Z; A->len = end_of(Z) - A->off; set_depth(ctx, A, Z); }

%type betweenop {int}
betweenop(A) ::= BETWEEN. { A = 0; }
betweenop(A) ::= NOT BETWEEN. { A = 1; }
expr(A) ::= expr(X) betweenop(N) expr(Y) AND expr(Z). [BETWEEN] {
	A = mkbin(ctx, KP_X_BETWEEN, 0, X, Y); A->c = Z; A->negated = N; A->len = end_of(Z) - A->off; set_depth(ctx, A, Z); }

%type inop {int}
inop(A) ::= IN. { A = 0; }
inop(A) ::= NOT IN. { A = 1; }
expr(A) ::= expr(X) inop(N) LP exprlist_opt(L) RP(R). [IN] {
	A = mkexpr(ctx, KP_X_IN, X->off, R.off + 1); A->a = X; A->negated = N; set_depth(ctx, A, X);
	A->list = (kp_expr **)L.items; A->n = L.n;
	for (uint32_t i = 0; i < L.n; i++) set_depth(ctx, A, L.items[i]);
	if (L.n > ctx->largest_in) ctx->largest_in = L.n;
	if (L.n > KP_MAX_IN_LIST) kp_pctx_error(ctx, KP_R_LIMITS, A->off, 0, "IN list longer than 100000 values"); }

%type exprlist {kp_list}
exprlist(A) ::= expr(X). { memset(&A, 0, sizeof A); push(ctx, &A, X); }
exprlist(A) ::= exprlist(L) COMMA expr(X). { A = L; push(ctx, &A, X); }

%type exprlist_opt {kp_list}
exprlist_opt(A) ::= . { memset(&A, 0, sizeof A); }
exprlist_opt(A) ::= exprlist(L). { A = L; }
