/* The lemon grammar, part 5 of 5 (see create.y): expressions. */

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
/* a function of a schema (pg_catalog.set_config(...), public.f(x)) */
expr(A) ::= nm DOT nm(F) LP exprlist(L) RP(R). {
	A = mkexpr(ctx, KP_X_FUNC, F.off, R.off + 1); A->name = F;
	for (uint32_t i = 0; i < L.n; i++) push_expr(ctx, A, L.items[i]); }
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
/* SQLite's, MySQL's and PostgreSQL's JSON operators: x -> path is a JSON
 * value, x ->> path the same as text (SQLite, JSON functions, 4.8;
 * MySQL 8.0, 14.17.3; PostgreSQL 16, 9.16.1): a value of x, so a filter */
expr(A) ::= expr(X) ARROW(K) expr(Y). { A = mkbin(ctx, KP_X_ARITH, KP_OP_JSON, X, Y); use_form(ctx, KP_F_JSON_OP, K); }
expr(A) ::= expr(X) ARROW2(K) expr(Y). { A = mkbin(ctx, KP_X_ARITH, KP_OP_JSON_TEXT, X, Y); use_form(ctx, KP_F_JSON_OP, K); }
/* x && y: between two predicates MySQL's AND (MySQL 8.0, 14.4.3, Logical
 * Operators), which no array is; else PostgreSQL's overlap of arrays or
 * ranges (PostgreSQL 16, 9.19 and 9.20), true of rows a key range cannot
 * describe: a filter */
%include {
static bool predicate(const kp_expr *e)
{
	switch (e->kind) {
	case KP_X_CMP: case KP_X_CHAIN: case KP_X_AND: case KP_X_OR: case KP_X_NOT: case KP_X_BETWEEN:
	case KP_X_IN: case KP_X_LIKE: case KP_X_ISNULL: case KP_X_MATCH:
		return true;
	case KP_X_ARITH:
		return e->op == KP_OP_OVERLAP;
	default:
		return false;
	}
}
}
expr(A) ::= expr(X) AMPAMP(K) expr(Y). {
	if (predicate(X) || predicate(Y)) A = mklogic(ctx, KP_X_AND, X, Y);
	else A = mkbin(ctx, KP_X_ARITH, KP_OP_OVERLAP, X, Y);
	use_form(ctx, KP_F_AMPAMP, K); }
/* EXTRACT(field FROM x) (SQL:2016 6.30, PostgreSQL 16 9.9.1, MySQL 8.0):
 * a function of x; the field is kept as a string, list[0], and op2 2 says
 * it was written before FROM */
expr(A) ::= nm(F) LP distinct(D) id(U) FROM expr(X) RP(R). {
	if (D) kp_pctx_error(ctx, KP_R_SYNTAX, U.off, U.len, "syntax error near '%.*s'", (int)U.len, ctx->text + U.off);
	A = mkexpr(ctx, KP_X_FUNC, F.off, R.off + 1); A->name = F; A->op2 = 2;
	kp_expr *u = mkexpr(ctx, KP_X_STRING, U.off, U.off + U.len);
	u->str = ctx->text + U.off; u->slen = U.len;
	push_expr(ctx, A, u); push_expr(ctx, A, X); want_name(ctx, F, "extract"); }
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
/* x::timestamp without time zone (pg_dump's casts) */
expr(A) ::= expr(X) DCOLON(K) typename(T) WITHOUT id(W) ZONE(Z). {
	want_word(ctx, W, "time");
	A = mkexpr(ctx, KP_X_CAST, X->off, Z.off + Z.len); A->a = X; A->name = T->type;
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
