/* The lemon grammar, part 3 of 5 (see create.y): CREATE INDEX, CREATE VIEW,
 * ALTER TABLE and ALTER INDEX, DROP. */

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
/* PostgreSQL: CREATE INDEX ... ON t USING method (...) (PostgreSQL,
 * CREATE INDEX; pg_dump writes USING btree): btree and hash order rows by
 * the key; any other method (gin, gist, brin, an extension's) does not */
%type pgmethod {kp_name}
pgmethod(A) ::= . { A = noname(); }
pgmethod(A) ::= USING nm(X). { A = X; }
pgmethod(A) ::= USING HASH(H). { A = mkname(ctx, H); }
%include {
static kp_indexdef *idxhead(kp_pctx *ctx, int u, int e, kp_name *i, kp_name t, kp_name m, kp_list k)
{
	kp_stmt *s = mkstmt(ctx, KP_S_CREATE_INDEX);
	kp_indexdef *d = &s->u.create_index;
	kp_name n = i ? i[0] : noname();
	d->name = n; d->table = t; d->using = i ? i[1] : noname();
	if (m.s && !d->using.s) { d->using = m; d->pg_method = true; }
	d->unique = u == 1; d->local = u == 2; d->uncovered = u == 3; d->if_not_exists = e;
	d->off = n.s ? n.off : t.off;
	if (k.n == 0) d->all_columns = true;
	for (uint32_t x = 0; x < k.n; x++) {
		kp_order_item *o = k.items[x];
		if (o->expr->kind == KP_X_STRING && k.n == 1) { d->all_columns = true; continue; }
		push(ctx, &d->parts, idx_part(ctx, o->expr, o->desc));
	}
	return d;
}
}
/* INDEX right after CREATE (no empty rule before it: a keyword that
 * falls back to a name must be shifted where a view's ALGORITHM = x may
 * start) */
%type idxhead {kp_indexdef*}
idxhead(A) ::= CREATE INDEX ifnotexists(E) idxid(I) ON fullname(T) pgmethod(M) LP idxkeys(K) RP. {
	A = idxhead(ctx, 0, E, I, T, M, K); }
idxhead(A) ::= CREATE idxmods(U) INDEX ifnotexists(E) idxid(I) ON fullname(T) pgmethod(M) LP idxkeys(K) RP. {
	A = idxhead(ctx, U, E, I, T, M, K); }

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
idxmods(A) ::= UNIQUE. { A = 1; }
idxmods(A) ::= LOCAL. { A = 2; }
idxmods(A) ::= UNCOVERED. { A = 3; }

/* the key list: sort items (expr [ASC|DESC]); * or '*' is every column */
%type idxkeys {kp_list}
idxkeys(A) ::= idxsortlist(L). { A = L; }
/* PostgreSQL: a key's operator class, (doc jsonb_path_ops), says how the
 * index compares it, not what it orders by */
%type idxsortlist {kp_list}
idxsortlist(A) ::= idxsort(X). { memset(&A, 0, sizeof A); push(ctx, &A, X); }
idxsortlist(A) ::= idxsortlist(L) COMMA idxsort(X). { A = L; push(ctx, &A, X); }
%type idxsort {kp_order_item*}
idxsort(A) ::= sortitem(X). { A = X; }
idxsort(A) ::= expr(X) opclass. { A = mksort(ctx, X, 0); }
idxsort(A) ::= expr(X) opclass ASC. { A = mksort(ctx, X, 0); }
idxsort(A) ::= expr(X) opclass DESC. { A = mksort(ctx, X, 1); }
/* ... of a schema, as pg_dump writes an extension's (public.gin_trgm_ops;
 * PostgreSQL's CREATE INDEX: opclass is any_name, which may be qualified) */
opclass ::= id(O). { want_opclass(ctx, O); }
opclass ::= id DOT id(O). { want_opclass(ctx, O); }
%include {
/* An operator class is named *_ops (text_pattern_ops, jsonb_path_ops,
 * gin_trgm_ops: PostgreSQL's and its extensions'): any other word after a
 * key is a missing comma, a syntax error at it. */
static void want_opclass(kp_pctx *ctx, kp_token t)
{
	kp_name n = kp_ast_name(ARENA, ctx->text, t.off, t.len);
	if (n.quoted || n.len < 5 || !kp_name_eq(&(kp_name){.s = n.s + n.len - 4, .len = 4}, "_ops"))
		kp_pctx_syntax_error(ctx, t);
}
}
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
/* MySQL, PostgreSQL, SQLite... : CREATE OR REPLACE VIEW replaces the view */
viewhead ::= CREATE OR REPLACE VIEW ifnotexists(E) fullname(N). {
	kp_stmt *s = mkstmt(ctx, KP_S_CREATE_VIEW);
	s->u.create_table.name = N;
	s->u.create_table.if_not_exists = E;
	s->u.create_table.or_replace = true;
	ctx->outer = s; }
/* MySQL: CREATE [OR REPLACE] [ALGORITHM = x] [DEFINER = user] [SQL
 * SECURITY {DEFINER | INVOKER}] VIEW (MySQL 8.0, 15.1.23 CREATE VIEW; a
 * user is 'name'@'host', `name`@`host`, name@host or CURRENT_USER[()]):
 * who runs the view's query and how, not what it reads */
viewhead ::= CREATE viewmods VIEW ifnotexists(E) fullname(N). {
	kp_stmt *s = mkstmt(ctx, KP_S_CREATE_VIEW);
	s->u.create_table.name = N;
	s->u.create_table.if_not_exists = E;
	ctx->outer = s; }
viewhead ::= CREATE OR REPLACE viewmods VIEW ifnotexists(E) fullname(N). {
	kp_stmt *s = mkstmt(ctx, KP_S_CREATE_VIEW);
	s->u.create_table.name = N;
	s->u.create_table.if_not_exists = E;
	s->u.create_table.or_replace = true;
	ctx->outer = s; }
viewmods ::= viewmod.
viewmods ::= viewmods viewmod.
viewmod ::= id(W) EQ id(X). { view_mod(ctx, W, X); }
viewmod ::= id(W) EQ definer. { view_mod(ctx, W, W); }
viewmod ::= id(W) id(S) id(X). {
	want_word(ctx, W, "sql"); want_word(ctx, S, "security"); view_form(ctx, W);
	kp_name x = mkname(ctx, X);
	if (x.quoted || (!kp_name_eq(&x, "definer") && !kp_name_eq(&x, "invoker"))) kp_pctx_syntax_error(ctx, X); }
definer ::= STRING.
definer ::= usernm AT usernm.
definer ::= usernm PARAM.
definer ::= id LP RP.
usernm ::= id.
usernm ::= STRING.
%include {
/* The view's modifiers, one form at the first */
static void view_form(kp_pctx *ctx, kp_token w)
{
	for (uint32_t i = 0; i < ctx->forms.n; i++)
		if (((kp_form_use *)ctx->forms.items[i])->form == KP_F_VIEW_DEFINER)
			return;
	use_form(ctx, KP_F_VIEW_DEFINER, w);
}
/* ALGORITHM = UNDEFINED | MERGE | TEMPTABLE, or DEFINER = user (x is W
 * when the user is not one word) */
static void view_mod(kp_pctx *ctx, kp_token w, kp_token x)
{
	kp_name n = kp_ast_name(ARENA, ctx->text, w.off, w.len);
	view_form(ctx, w);
	if (!n.quoted && kp_name_eq(&n, "definer"))
		return;
	want_word(ctx, w, "algorithm");
	kp_name a = kp_ast_name(ARENA, ctx->text, x.off, x.len);
	if (x.off == w.off || a.quoted ||
	    (!kp_name_eq(&a, "undefined") && !kp_name_eq(&a, "merge") && !kp_name_eq(&a, "temptable")))
		kp_pctx_syntax_error(ctx, x);
}
}
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
/* MySQL, PostgreSQL: WITH [CASCADED | LOCAL] CHECK OPTION: which rows a
 * write through the view may make */
viewopts ::= viewopts WITH CHECK id(O). { want_word(ctx, O, "option"); }
viewopts ::= viewopts WITH LOCAL CHECK id(O). { want_word(ctx, O, "option"); }
viewopts ::= viewopts WITH id(C) CHECK id(O). { want_word(ctx, C, "cascaded"); want_word(ctx, O, "option"); }

/* ----------------------------------------------------------------- ALTER */
/* Phoenix: ALTER {TABLE | VIEW} t {ADD [IF NOT EXISTS] coldef, ... [options]
 * | DROP COLUMN [IF EXISTS] col, ... | SET options}; Lindorm: ADD [COLUMN]
 * (...) and SET with quoted option names. */
%type tblview {int}
tblview(A) ::= TABLE. { A = 0; }
tblview(A) ::= VIEW. { A = 1; }

/* The ALTER statement's head: ctx->outer is its first action's ALTER,
 * whose table every later action alters (MySQL's action, action, ...) */
altnm ::= ALTER tblview(V) fullname(T). { ctx->outer = ctx->stmt = alter_stmt(ctx, V, T, KP_ALTER_ADD, T.off); }
/* PostgreSQL: ALTER TABLE ONLY t (the table, not its descendants), as
 * pg_dump writes every constraint */
altnm ::= ALTER TABLE ONLY fullname(T). { ctx->outer = ctx->stmt = alter_stmt(ctx, 0, T, KP_ALTER_ADD, T.off); }
althead ::= altnm ADD.
cmd ::= addhead addlist cascadeidx.
cmd ::= addhead addlist COMMA altnext2 altmore.
altnext2 ::= altnext(S). { more_action(ctx, S); }
cmd ::= addhead LP addlist RP addopts cascadeidx.
addhead ::= althead addcol ifnotexists(E). { ctx->outer->u.alter.if_flag = E; }
/* PostgreSQL: ALTER TABLE | VIEW | SEQUENCE t OWNER TO role: who owns it,
 * no change to what keyplan models */
/* PostgreSQL: RENAME old TO new, without COLUMN, as the one action */
cmd ::= altnm RENAME(R) nm(O) id(T) nm(N). { ctx->stmt = sub_rename(ctx, R, O, T, N); }
/* MySQL and PostgreSQL: RENAME [TO | AS] new, the table's name, alone */
cmd ::= altnm RENAME(R) nm(W) nm(N). { want_name(ctx, W, "to"); rename_table(ctx, R, N); }
cmd ::= altnm RENAME(R) AS nm(N). { rename_table(ctx, R, N); }
cmd ::= altnm RENAME(R) nm(N). { rename_table(ctx, R, N); }
/* ... and first of MySQL's actions (below) */
cmd ::= altnm RENAME(R) nm(W) nm(N) COMMA altrest. { want_name(ctx, W, "to"); rename_table(ctx, R, N); }
cmd ::= altnm RENAME(R) AS nm(N) COMMA altrest. { rename_table(ctx, R, N); }
cmd ::= altnm RENAME(R) nm(N) COMMA altrest. { rename_table(ctx, R, N); }
altrest ::= altnext2 altmore.
%include {
static void rename_table(kp_pctx *ctx, kp_token r, kp_name n)
{
	kp_alter *a = &ctx->outer->u.alter;
	a->action = KP_ALTER_RENAME_TABLE;
	a->to = n;
	a->kw_off = r.off;
	use_form(ctx, KP_F_RENAME_TABLE, r);
}
}
/* MySQL: RENAME TABLE a TO b [, c TO d] ... (MySQL 8.0, 15.1.36 RENAME
 * TABLE): one ALTER TABLE statement (RENAME_TABLES) holding each rename as
 * an ALTER TABLE old RENAME TO new in kp_alter.more, applied left to right,
 * all or none (catalog/alter_actions.c), so that a TO t, b TO a, t TO b
 * swaps two tables. The names may be qualified (db.a TO db.b). */
renhead ::= RENAME(R) TABLE. {
	ctx->outer = ctx->stmt = alter_stmt(ctx, 0, (kp_name){0}, KP_ALTER_RENAME_TABLES, R.off);
	ctx->outer->u.alter.kw_off = R.off;
	use_form(ctx, KP_F_RENAME_TABLES, R); }
cmd ::= renhead renames.
renames ::= renpair.
renames ::= renames COMMA renpair.
renpair ::= fullname(O) id(T) fullname(N). {
	want_word(ctx, T, "to");
	kp_alter *m = &ctx->outer->u.alter;
	if (!m->more.n)
		m->table = O;   /* the statement names its first table */
	kp_stmt *s = alter_stmt(ctx, 0, O, KP_ALTER_RENAME_TABLE, O.off);
	s->u.alter.to = N;
	s->u.alter.kw_off = T.off;
	push(ctx, &m->more, s); }
cmd ::= altnm id(O) id(W) nm. {
	want_word(ctx, O, "owner"); want_word(ctx, W, "to");
	kp_name t = ctx->outer->u.alter.table;
	kp_stmt *s = mkstmt(ctx, KP_S_SKIPPED);   /* pg_dump writes it for sequences too */
	s->u.skipped.what = "ALTER ... OWNER TO"; s->u.skipped.name = t; }
cmd ::= altnm DROP COLUMN ifexists(E) dropcols(L). {
	kp_alter *a = &ctx->outer->u.alter; a->action = KP_ALTER_DROP; a->if_flag = E; a->cols = L; }
cmd ::= altnm DROP COLUMN ifexists(E) dropcols(L) COMMA altnext2 altmore. {
	kp_alter *a = &ctx->outer->u.alter; a->action = KP_ALTER_DROP; a->if_flag = E; a->cols = L; }
cmd ::= altnm SET altopts(O). {
	kp_alter *a = &ctx->outer->u.alter; a->action = KP_ALTER_SET; a->options = O; }
/* MySQL's and PostgreSQL's other first actions, each followed by more */
cmd ::= altfirst altmore.
altfirst ::= altnm altact(S). { ctx->stmt = S; }
addcol ::= .
addcol ::= COLUMN.
/* ALTER TABLE t ADD [CONSTRAINT n] FOREIGN KEY | CHECK | UNIQUE | PRIMARY
 * KEY: a foreign key and a check change no key; a UNIQUE constraint is a
 * unique index (the statement becomes its CREATE UNIQUE INDEX); a PRIMARY
 * KEY is the key of a table that has none (pg_dump declares every key so),
 * and a form that the wide-column targets' ALTER TABLE has no place for */
cmd ::= althead addcons altmore.
addcons ::= fkey. { ctx->outer->u.alter.action = KP_ALTER_NONE; }
addcons ::= CHECK(K) LP expr RP. { use_form(ctx, KP_F_CHECK, K); ctx->outer->u.alter.action = KP_ALTER_NONE; }
addcons ::= CONSTRAINT nm fkey. { ctx->outer->u.alter.action = KP_ALTER_NONE; }
addcons ::= CONSTRAINT nm CHECK(K) LP expr RP. { use_form(ctx, KP_F_CHECK, K); ctx->outer->u.alter.action = KP_ALTER_NONE; }
/* MySQL: ADD {INDEX | KEY} [name] [USING m] (parts): CREATE INDEX */
addcons ::= idxword1(U) using_opt LP addparts(K) RP myidxopts. { alter_index_add(ctx, U, noname(), K, 0); }
addcons ::= idxword1(U) nm(N) using_opt LP addparts(K) RP myidxopts. { alter_index_add(ctx, U, N, K, 0); }
/* an index's parts in ALTER TABLE ... ADD INDEX: as CREATE TABLE's, or
 * MySQL's functional key parts, (expr) (MySQL 8.0.13, 15.1.15 CREATE
 * INDEX, "Functional Key Parts"), as CREATE INDEX reads them */
%type addparts {kp_list}
addparts(A) ::= addpart(X). { memset(&A, 0, sizeof A); push(ctx, &A, X); }
addparts(A) ::= addparts(L) COMMA addpart(X). { A = L; push(ctx, &A, X); }
%type addpart {kp_keypart*}
addpart(A) ::= keypart(X). { A = X; }
addpart(A) ::= LP expr(X) RP sortorder(D). { A = idx_part(ctx, X, D); }
%type idxword1 {kp_token}
idxword1(A) ::= INDEX(X). { A = X; }
idxword1(A) ::= KEY(X). { A = X; }
addcons ::= UNIQUE(U) idxword LP addparts(K) RP. { alter_unique(ctx, U, noname(), K); }
addcons ::= CONSTRAINT nm(N) UNIQUE(U) idxword LP addparts(K) RP. { alter_unique(ctx, U, N, K); }
addcons ::= PRIMARY(P) KEY LP keyparts(K) RP myidxopts. { alter_pk(ctx, P, K); }
addcons ::= CONSTRAINT nm PRIMARY(P) KEY LP keyparts(K) RP myidxopts. { alter_pk(ctx, P, K); }
idxword ::= .
idxword ::= KEY.
idxword ::= INDEX.
%include {
static void alter_pk(kp_pctx *ctx, kp_token p, kp_list k)
{
	use_form(ctx, KP_F_ADD_PRIMARY_KEY, p);
	kp_alter *a = &ctx->outer->u.alter;
	a->action = KP_ALTER_PRIMARY_KEY;
	a->key = k;
	a->key_off = p.off;
}
/* ADD [UNIQUE] INDEX: the statement becomes the index's CREATE INDEX */
static void alter_index_add(kp_pctx *ctx, kp_token u, kp_name n, kp_list k, int unique)
{
	kp_name t = ctx->outer->u.alter.table;
	kp_stmt *s = mkstmt(ctx, KP_S_CREATE_INDEX);
	s->off = u.off;
	kp_indexdef *d = &s->u.create_index;
	d->name = n;
	d->table = t;
	d->unique = unique;
	d->parts = k;
	d->off = n.s ? n.off : u.off;
}
static void alter_unique(kp_pctx *ctx, kp_token u, kp_name n, kp_list k)
{
	use_form(ctx, KP_F_UNIQUE, u);
	alter_index_add(ctx, u, n, k, 1);
}
}

/* added columns, and options after them (with or without a comma); then
 * MySQL's next actions */
addlist ::= coldef(C). { push(ctx, &ctx->outer->u.alter.cols, C); }
addlist ::= addlist COMMA coldef(C). { push(ctx, &ctx->outer->u.alter.cols, C); }
addlist ::= addlist option(O). { push(ctx, &ctx->outer->u.alter.options, O); }
addlist ::= addlist COMMA option(O). { push(ctx, &ctx->outer->u.alter.options, O); }
addopts ::= .
addopts ::= addopts option(O). { push(ctx, &ctx->outer->u.alter.options, O); }
addopts ::= addopts COMMA option(O). { push(ctx, &ctx->outer->u.alter.options, O); }

/* MySQL's ALTER TABLE t action, action, ... (MySQL 8.0, 15.1.9 ALTER
 * TABLE), PostgreSQL's action, ... (PostgreSQL 16, ALTER TABLE): each
 * action its own statement, in order (kp_alter.more); the catalog applies
 * all or none */
%include {
static kp_stmt *alter_stmt(kp_pctx *ctx, int view, kp_name t, kp_alter_action act, uint32_t off)
{
	kp_stmt *s = kp_arena_alloc(ARENA, sizeof(*s));
	s->kind = KP_S_ALTER_TABLE;
	s->off = off;
	s->u.alter.table = t;
	s->u.alter.is_view = view;
	s->u.alter.action = act;
	return s;
}
static kp_stmt *sub_alter(kp_pctx *ctx, kp_alter_action act, kp_token k)
{
	return alter_stmt(ctx, ctx->outer->u.alter.is_view, ctx->outer->u.alter.table, act, k.off);
}
/* The statement's next action s: the statement becomes the list of its
 * actions, the first action the first of them */
static void more_action(kp_pctx *ctx, kp_stmt *s)
{
	kp_stmt *m = ctx->stmt;
	if (m->kind != KP_S_ALTER_TABLE || m->u.alter.action != KP_ALTER_ACTIONS || m == ctx->outer) {
		kp_stmt *first = m;
		m = mkstmt(ctx, KP_S_ALTER_TABLE);
		m->u.alter.table = ctx->outer->u.alter.table;
		m->u.alter.is_view = ctx->outer->u.alter.is_view;
		m->u.alter.action = KP_ALTER_ACTIONS;
		push(ctx, &m->u.alter.more, first);
		kp_token k = {s->off, 1, 0};
		use_form(ctx, KP_F_ALTER_ACTIONS, k);
	}
	push(ctx, &m->u.alter.more, s);
}
static kp_stmt *sub_modify(kp_pctx *ctx, kp_token k, kp_name old, kp_coldef *c, bool type_only)
{
	kp_stmt *s = sub_alter(ctx, KP_ALTER_MODIFY, k);
	s->u.alter.old = old;
	s->u.alter.type_only = type_only;
	push(ctx, &s->u.alter.cols, c);
	use_form(ctx, KP_F_ALTER_TYPE, k);
	return s;
}
static kp_coldef *type_only(kp_pctx *ctx, kp_name c, kp_coldef *t)
{
	t->name = c;
	t->off = c.off;
	(void)ctx;
	return t;
}
}
altmore ::= .
altmore ::= altmore COMMA altnext(S). { more_action(ctx, S); }
/* a table option among the actions (phpMyAdmin: MODIFY id INT NOT NULL
 * AUTO_INCREMENT, AUTO_INCREMENT=8): SET */
altmore ::= altmore COMMA option(O). {
	kp_token k = {O->key.off, 1, 0};
	kp_stmt *s = sub_alter(ctx, KP_ALTER_SET, k); push(ctx, &s->u.alter.options, O); more_action(ctx, s); }
altmore ::= altmore COMMA AUTO_INCREMENT(K) EQ INTEGER. { more_action(ctx, sub_alter(ctx, KP_ALTER_NONE, K)); }
%type altnext {kp_stmt*}
%type altact {kp_stmt*}
altnext(A) ::= altact(S). { A = S; }
altnext(A) ::= ADD(K) coldef(C). { A = sub_alter(ctx, KP_ALTER_ADD, K); push(ctx, &A->u.alter.cols, C); }
altnext(A) ::= ADD(K) COLUMN coldef(C). { A = sub_alter(ctx, KP_ALTER_ADD, K); push(ctx, &A->u.alter.cols, C); }
altnext(A) ::= ADD(K) COLUMN IF NOT EXISTS coldef(C). {
	A = sub_alter(ctx, KP_ALTER_ADD, K); A->u.alter.if_flag = 1; push(ctx, &A->u.alter.cols, C); }
altnext(A) ::= ADD idxword1(U) using_opt LP addparts(K) RP myidxopts. { A = sub_index(ctx, U, noname(), K, 0); }
altnext(A) ::= ADD idxword1(U) nm(N) using_opt LP addparts(K) RP myidxopts. { A = sub_index(ctx, U, N, K, 0); }
altnext(A) ::= ADD UNIQUE(U) idxword LP addparts(K) RP myidxopts. { A = sub_index(ctx, U, noname(), K, 1); }
altnext(A) ::= ADD UNIQUE(U) idxword nm(N) LP addparts(K) RP myidxopts. { A = sub_index(ctx, U, N, K, 1); }
altnext(A) ::= ADD CONSTRAINT nm(N) UNIQUE(U) idxword LP addparts(K) RP myidxopts. { A = sub_index(ctx, U, N, K, 1); }
altnext(A) ::= ADD(K) PRIMARY(P) KEY LP keyparts(L) RP myidxopts. { A = sub_pk(ctx, K, P, L); }
altnext(A) ::= ADD(K) CONSTRAINT nm PRIMARY(P) KEY LP keyparts(L) RP myidxopts. { A = sub_pk(ctx, K, P, L); }
%include {
static kp_stmt *sub_pk(kp_pctx *ctx, kp_token k, kp_token p, kp_list l)
{
	kp_stmt *s = sub_alter(ctx, KP_ALTER_PRIMARY_KEY, k);
	s->u.alter.key = l;
	s->u.alter.key_off = p.off;
	use_form(ctx, KP_F_ADD_PRIMARY_KEY, p);
	return s;
}
}
/* MySQL: RENAME [TO | AS] new among the actions (MySQL 8.0, 15.1.9 ALTER
 * TABLE: an alter_option like any other; the catalog renames last, the
 * other actions naming the table as it was) */
altnext(A) ::= RENAME(R) nm(W) nm(N). { want_name(ctx, W, "to"); A = sub_rename_table(ctx, R, N); }
altnext(A) ::= RENAME(R) AS nm(N). { A = sub_rename_table(ctx, R, N); }
altnext(A) ::= RENAME(R) nm(N). { A = sub_rename_table(ctx, R, N); }
%include {
static kp_stmt *sub_rename_table(kp_pctx *ctx, kp_token r, kp_name n)
{
	kp_stmt *s = sub_alter(ctx, KP_ALTER_RENAME_TABLE, r);
	s->u.alter.to = n;
	s->u.alter.kw_off = r.off;
	use_form(ctx, KP_F_RENAME_TABLE, r);
	return s;
}
}
altnext(A) ::= ADD(K) fkey. { A = sub_alter(ctx, KP_ALTER_NONE, K); }
altnext(A) ::= ADD(K) CONSTRAINT nm fkey. { A = sub_alter(ctx, KP_ALTER_NONE, K); }
altnext(A) ::= ADD(K) CHECK(C) LP expr RP. { A = sub_alter(ctx, KP_ALTER_NONE, K); use_form(ctx, KP_F_CHECK, C); }
altnext(A) ::= ADD(K) CONSTRAINT nm CHECK(C) LP expr RP. { A = sub_alter(ctx, KP_ALTER_NONE, K); use_form(ctx, KP_F_CHECK, C); }
altnext(A) ::= DROP(K) COLUMN ifexists(E) colname(C). {
	A = sub_alter(ctx, KP_ALTER_DROP, K); A->u.alter.if_flag = E; push(ctx, &A->u.alter.cols, C); }
%include {
static kp_stmt *sub_index(kp_pctx *ctx, kp_token u, kp_name n, kp_list k, int unique)
{
	if (unique)
		use_form(ctx, KP_F_UNIQUE, u);
	kp_stmt *s = kp_arena_alloc(ARENA, sizeof(*s));
	s->kind = KP_S_CREATE_INDEX;
	s->off = u.off;
	kp_indexdef *d = &s->u.create_index;
	d->name = n;
	d->table = ctx->outer->u.alter.table;
	d->unique = unique;
	d->parts = k;
	d->off = n.s ? n.off : u.off;
	return s;
}
static kp_stmt *sub_drop_index(kp_pctx *ctx, kp_token k, kp_name n)
{
	kp_stmt *s = kp_arena_alloc(ARENA, sizeof(*s));
	s->kind = KP_S_DROP;
	s->off = k.off;
	s->u.drop.name = n;
	s->u.drop.table = ctx->outer->u.alter.table;
	s->u.drop.is_index = true;
	return s;
}
}
/* actions that may also come first: DROP [COLUMN] c (MySQL), DROP {INDEX |
 * KEY} i, DROP FOREIGN KEY fk, MODIFY [COLUMN] coldef, CHANGE [COLUMN]
 * old coldef, [FIRST | AFTER c] (MySQL), ALTER [COLUMN] c [SET DATA] TYPE
 * t [USING expr] (PostgreSQL), ALTER [COLUMN] c {SET DEFAULT x | DROP
 * DEFAULT | SET NOT NULL | DROP NOT NULL} */
altact(A) ::= DROP(K) colname(C). { A = sub_alter(ctx, KP_ALTER_DROP, K); push(ctx, &A->u.alter.cols, C); }
altact(A) ::= DROP(K) idxword1 nm(N). { A = sub_drop_index(ctx, K, N); }
altact(A) ::= DROP(K) FOREIGN KEY nm. { A = sub_alter(ctx, KP_ALTER_NONE, K); }
/* MySQL: DROP PRIMARY KEY; RENAME COLUMN old TO new (MySQL 8.0, PostgreSQL,
 * whose COLUMN is optional: RENAME old TO new comes first only, below);
 * CONVERT TO {CHARACTER SET | CHARSET} x [COLLATE y], a table option */
altact(A) ::= DROP(K) PRIMARY(P) KEY. {
	A = sub_alter(ctx, KP_ALTER_DROP_PRIMARY_KEY, K); A->u.alter.kw_off = P.off; use_form(ctx, KP_F_DROP_PRIMARY_KEY, P); }
altact(A) ::= RENAME(R) COLUMN nm(O) id(T) nm(N). { A = sub_rename(ctx, R, O, T, N); }
/* MySQL: RENAME {INDEX | KEY} old TO new (MySQL 8.0, 15.1.9) */
altact(A) ::= RENAME(R) INDEX nm(O) id(T) nm(N). { A = sub_rename_index(ctx, R, O, T, N); }
altact(A) ::= RENAME(R) KEY nm(O) id(T) nm(N). { A = sub_rename_index(ctx, R, O, T, N); }
altact(A) ::= CONVERT(C) id(T) charset(K) optvalue convcollate. {
	want_word(ctx, T, "to");
	A = sub_alter(ctx, KP_ALTER_NONE, C); use_form(ctx, KP_F_CONVERT_CHARSET, C); (void)K; }
convcollate ::= .
convcollate ::= COLLATE nm.
convcollate ::= COLLATE STRING.
%include {
static kp_stmt *sub_rename_index(kp_pctx *ctx, kp_token r, kp_name o, kp_token t, kp_name n)
{
	want_word(ctx, t, "to");
	kp_stmt *s = sub_alter(ctx, KP_ALTER_RENAME_INDEX, r);
	s->u.alter.old = o;
	s->u.alter.to = n;
	s->u.alter.kw_off = r.off;
	use_form(ctx, KP_F_RENAME_INDEX, r);
	return s;
}
static kp_stmt *sub_rename(kp_pctx *ctx, kp_token r, kp_name o, kp_token t, kp_name n)
{
	want_word(ctx, t, "to");
	kp_stmt *s = sub_alter(ctx, KP_ALTER_RENAME_COLUMN, r);
	s->u.alter.old = o;
	s->u.alter.to = n;
	s->u.alter.kw_off = r.off;
	use_form(ctx, KP_F_RENAME_COLUMN, r);
	return s;
}
}
altact(A) ::= MODIFY(K) coldef(C) colplace. { A = sub_modify(ctx, K, C->name, C, false); }
altact(A) ::= MODIFY(K) COLUMN coldef(C) colplace. { A = sub_modify(ctx, K, C->name, C, false); }
altact(A) ::= CHANGE(K) nm(O) coldef(C) colplace. { A = sub_modify(ctx, K, O, C, false); }
altact(A) ::= CHANGE(K) COLUMN nm(O) coldef(C) colplace. { A = sub_modify(ctx, K, O, C, false); }
altact(A) ::= ALTER(K) nm(C) alttype(T). { A = sub_modify(ctx, K, C, type_only(ctx, C, T), true); }
altact(A) ::= ALTER(K) COLUMN nm(C) alttype(T). { A = sub_modify(ctx, K, C, type_only(ctx, C, T), true); }
altact(A) ::= ALTER(K) nm altcolset. { A = sub_alter(ctx, KP_ALTER_NONE, K); }
altact(A) ::= ALTER(K) COLUMN nm altcolset. { A = sub_alter(ctx, KP_ALTER_NONE, K); }
colplace ::= .
colplace ::= FIRST.
colplace ::= id(A) nm. { want_word(ctx, A, "after"); }
%type alttype {kp_coldef*}
alttype(A) ::= id(T) coltype(X) altusing. { want_word(ctx, T, "type"); A = X; }
alttype(A) ::= SET id(D) id(T) coltype(X) altusing. { want_word(ctx, D, "data"); want_word(ctx, T, "type"); A = X; }
altusing ::= .
altusing ::= USING expr.
altcolset ::= SET DEFAULT term.
altcolset ::= SET DEFAULT MINUS term.
altcolset ::= SET DEFAULT nm.
altcolset ::= SET DEFAULT nm LP RP.
altcolset ::= SET DEFAULT LP expr RP.
altcolset ::= DROP DEFAULT.
altcolset ::= SET NOT NULL.
altcolset ::= DROP NOT NULL.

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
/* PostgreSQL: ALTER INDEX [IF EXISTS] name RENAME TO new_name (PostgreSQL
 * 16, ALTER INDEX): index names are the schema's, so no ON table */
cmd ::= ALTER INDEX ifexists(E) nm(I) RENAME(R) id(T) nm(N). {
	want_word(ctx, T, "to");
	kp_list none = {0};
	alter_index(ctx, E, I, (kp_name){0}, notoken(), none);
	ctx->stmt->u.alter_index.rename_to = N;
	use_form(ctx, KP_F_RENAME_INDEX, R); }
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

/* ------------------------------------------------- CREATE TYPE, DOMAIN */
/* PostgreSQL: CREATE TYPE name AS ENUM ('a', ...) and CREATE DOMAIN name AS
 * type [COLLATE c] [DEFAULT x] [[CONSTRAINT n] {NOT NULL | NULL | CHECK
 * (expr)}] ... (PostgreSQL 16, CREATE TYPE, CREATE DOMAIN): names a column
 * may be declared with afterwards, planned as the enum's strings or the
 * domain's base type. Their other forms are read as units (unit.c). */
%include {
static void user_type(kp_pctx *ctx, kp_token k, kp_name n, kp_coldef *base, const char *what)
{
	kp_stmt *s = mkstmt(ctx, KP_S_SKIPPED);
	s->u.skipped.what = what;
	s->u.skipped.name = n;
	s->u.skipped.type = base;
	use_form(ctx, KP_F_USER_TYPE, k);
}
}
cmd ::= CREATE id(D) fullname(N) AS typename(X) domopts. {
	kp_name w = mkname(ctx, D);
	if (!w.quoted && kp_name_eq(&w, "type")) {
		want_name(ctx, X->type, "enum"); user_type(ctx, D, N, X, "CREATE TYPE");
	} else {
		want_word(ctx, D, "domain"); user_type(ctx, D, N, X, "CREATE DOMAIN");
	} }
/* PostgreSQL's CREATE DOMAIN name [AS] type: AS is optional */
cmd ::= CREATE DOMAIN(D) fullname(N) typename(X) domopts. { user_type(ctx, D, N, X, "CREATE DOMAIN"); }
cmd ::= CREATE DOMAIN(D) fullname(N) AS typename(X) domopts. { user_type(ctx, D, N, X, "CREATE DOMAIN"); }
domopts ::= .
domopts ::= domopts COLLATE id.
domopts ::= domopts DEFAULT term.
domopts ::= domopts DEFAULT MINUS term.
domopts ::= domopts DEFAULT nm.
domopts ::= domopts DEFAULT nm LP RP.
domopts ::= domopts DEFAULT LP expr RP.
domopts ::= domopts CONSTRAINT nm.
domopts ::= domopts NOT NULL.
domopts ::= domopts NULL.
domopts ::= domopts CHECK LP expr RP.

/* ----------------------------------------------------------------- DROP */
%type ifexists {int}
ifexists(A) ::= . { A = 0; }
ifexists(A) ::= IF EXISTS. { A = 1; }

%type cascade {int}
cascade(A) ::= . { A = 0; }
cascade(A) ::= CASCADE. { A = 1; }

/* HSQLDB and H2 also write DROP TABLE t IF EXISTS; MySQL and PostgreSQL
 * DROP TABLE a, b, ... */
cmd ::= DROP tblview(V) ifexists(E) fullname(N) dropmore(M) ifexists(F) cascade(C). {
	kp_stmt *s = mkstmt(ctx, KP_S_DROP); s->u.drop.name = N; s->u.drop.more = M; s->u.drop.if_exists = E || F;
	s->u.drop.is_view = V; s->u.drop.cascade = C; }
%type dropmore {kp_list}
dropmore(A) ::= . { memset(&A, 0, sizeof A); }
dropmore(A) ::= dropmore(L) COMMA fullname(N). { A = L; push(ctx, &A, boxname(ctx, N)); }
/* Tablestore: DROP MAPPING TABLE [IF EXISTS] t removes the mapping */
cmd ::= DROP id(M) TABLE ifexists(E) fullname(N). {
	want_word(ctx, M, "mapping");
	kp_stmt *s = mkstmt(ctx, KP_S_DROP); s->u.drop.name = N; s->u.drop.if_exists = E; s->u.drop.is_mapping = true; }
cmd ::= DROP INDEX ifexists(E) nm(N). {
	kp_stmt *s = mkstmt(ctx, KP_S_DROP); s->u.drop.name = N; s->u.drop.is_index = true; s->u.drop.if_exists = E; }
cmd ::= DROP INDEX ifexists(E) nm(N) ON fullname(T). {
	kp_stmt *s = mkstmt(ctx, KP_S_DROP); s->u.drop.name = N; s->u.drop.table = T;
	s->u.drop.is_index = true; s->u.drop.if_exists = E; }
