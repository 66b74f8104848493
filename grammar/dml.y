/* The lemon grammar, part 4 of 5 (see create.y): SELECT, INSERT, UPSERT,
 * REPLACE, UPDATE, DELETE. */

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
/* MySQL: an alias written as a string, SELECT 'x' AS 'INFO' (MySQL 8.0,
 * Schema Object Names: "identifier quoting ... permitted in ... aliases") */
selcol(A) ::= expr(X) AS STRING. { A = X; }
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
insverb(A) ::= INSERT(K). { A = KP_S_INSERT; use_form(ctx, KP_F_INSERT_VERB, K); }
insverb(A) ::= INSERT(K) IGNORE. { A = KP_S_INSERT; use_form(ctx, KP_F_INSERT_VERB, K); }
/* SQLite: INSERT OR REPLACE | IGNORE | ABORT | FAIL | ROLLBACK */
insverb(A) ::= INSERT OR(K) REPLACE. { A = KP_S_REPLACE; use_form(ctx, KP_F_INSERT_OR, K); }
insverb(A) ::= INSERT OR(K) IGNORE. { A = KP_S_INSERT; use_form(ctx, KP_F_INSERT_OR, K); }
insverb(A) ::= INSERT OR(K) id(W). {
	A = KP_S_INSERT; use_form(ctx, KP_F_INSERT_OR, K);
	kp_name n = mkname(ctx, W);
	if (n.quoted || (!kp_name_eq(&n, "abort") && !kp_name_eq(&n, "fail") && !kp_name_eq(&n, "rollback")))
		kp_pctx_syntax_error(ctx, W); }
insverb(A) ::= UPSERT. { A = KP_S_UPSERT; }
insverb(A) ::= REPLACE(K). { A = KP_S_REPLACE; use_form(ctx, KP_F_REPLACE_VERB, K); }

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
cmd ::= UPDATE(K) fullname(T) updtail(U). { use_form(ctx, KP_F_UPDATE_STMT, K); mkupdate(ctx, KP_S_UPDATE, T, noname(), &U->sets, U->where, U->order, U->limit); }
cmd ::= UPDATE(K) fullname(T) AS nm(X) updtail(U). { use_form(ctx, KP_F_UPDATE_STMT, K); mkupdate(ctx, KP_S_UPDATE, T, X, &U->sets, U->where, U->order, U->limit); }
cmd ::= UPDATE(K) fullname(T) id(X) updtail(U). { use_form(ctx, KP_F_UPDATE_STMT, K); mkupdate(ctx, KP_S_UPDATE, T, mkname(ctx, X), &U->sets, U->where, U->order, U->limit); }
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
