/* The lemon grammar, part 2 of 5 (CMakeLists.txt concatenates parser.y,
 * create.y, schema.y, dml.y and expr.y in that order into one grammar):
 * CREATE TABLE, its column and table constraints and its options. */

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
crhead ::= crtable(I) ifnotexists(E) fullname(N) LP. {
	kp_stmt *s = mkstmt(ctx, KP_S_CREATE_TABLE);
	s->u.create_table.name = N;
	s->u.create_table.if_not_exists = E;
	s->u.create_table.immutable = I;
}
%type crtable {int}
crtable(A) ::= CREATE TABLE. { A = 0; }
crtable(A) ::= CREATE IMMUTABLE TABLE. { A = 1; }

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
/* MySQL: FULLTEXT | SPATIAL [KEY | INDEX] [name] (parts): an inverted or
 * R-tree index, which orders no rows by a key: read and left out of the
 * catalog (no plan can read a range of it) */
tel ::= id(F) fulltextkw LP keyparts RP myidxopts. { want_fulltext(ctx, F); }
tel ::= id(F) fulltextkw nm LP keyparts RP myidxopts. { want_fulltext(ctx, F); }
fulltextkw ::= KEY.
fulltextkw ::= INDEX.
%include {
static void want_fulltext(kp_pctx *ctx, kp_token t)
{
	kp_name n = kp_ast_name(ARENA, ctx->text, t.off, t.len);
	if (n.quoted || (!kp_name_eq(&n, "fulltext") && !kp_name_eq(&n, "spatial")))
		kp_pctx_syntax_error(ctx, t);
}
}
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
coldef(A) ::= colname(N) coltype(T) colconstraints(C). {
	A = C; A->name = N->name; A->family = N->family; A->type = T->type;
	A->targs[0] = T->targs[0]; A->targs[1] = T->targs[1]; A->ntargs = T->ntargs;
	A->off = N->family.s ? N->family.off : N->name.off;
	if (T->is_unsigned) A->is_unsigned = true;
	if (T->is_array) A->is_array = true; }

/* Phoenix's documents also write NOT NULL before the type (and, in a
 * table's column list, a column of an existing HBase table with no type:
 * see tel). */
coldef(A) ::= colname(N) NOT NULL coltype(T) colconstraints(C). {
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
/* MySQL's numeric attributes: INT(10) UNSIGNED ZEROFILL, BIGINT SIGNED
 * (MySQL 8.0, Numeric Data Type Syntax): display and sign, not the key */
typename(A) ::= typename(X) SIGNED. { A = X; }
typename(A) ::= typename(X) ZEROFILL. { A = X; }
/* Standard SQL's types of two words (SQL:2016 6.1 <data type>, PostgreSQL
 * 8.1-8.5): CHARACTER VARYING(n), CHAR VARYING, DOUBLE PRECISION, TIMESTAMP
 * | TIME [(p)] WITH | WITHOUT TIME ZONE; the type is its first word */
typename(A) ::= nm(X) VARYING. { A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = varying(ctx, X); }
typename(A) ::= nm(X) VARYING LP signed(P) RP. {
	A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = varying(ctx, X); A->targs[0] = P; A->ntargs = 1; }
/* The national character types (SQL:2016 6.1 <national character string
 * type>; PostgreSQL's gram.y: NATIONAL CHARACTER | CHAR [VARYING] [(n)];
 * MySQL 8.0, 12.3.7 The National Character Set: NATIONAL CHAR(n),
 * NATIONAL VARCHAR(n), NATIONAL CHAR VARYING(n); MariaDB's NATIONAL
 * VARCHARACTER): strings. NATIONAL is a keyword (a name elsewhere), so
 * the word after it is never taken for a column's constraint or alias. */
typename(A) ::= NATIONAL nm(X). { A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = national(ctx, X, false); }
typename(A) ::= NATIONAL nm(X) LP signed(P) RP. {
	A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = national(ctx, X, false); A->targs[0] = P; A->ntargs = 1; }
typename(A) ::= NATIONAL nm(X) VARYING. { A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = national(ctx, X, true); }
typename(A) ::= NATIONAL nm(X) VARYING LP signed(P) RP. {
	A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = national(ctx, X, true); A->targs[0] = P; A->ntargs = 1; }
typename(A) ::= nm(X) PRECISION. { A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = X; want_name(ctx, X, "double"); }
/* a column's type only: after a cast, WITH may start the statement's
 * next clause */
%type coltype {kp_coldef*}
coltype(A) ::= typename(X). { A = X; }
coltype(A) ::= typename(X) WITH id(T) ZONE. { A = X; want_word(ctx, T, "time"); }
coltype(A) ::= typename(X) WITHOUT id(T) ZONE. { A = X; want_word(ctx, T, "time"); }
/* a type of a schema (pg_dump: public.year, a domain) */
typename(A) ::= nm DOT nm(X). { A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = X; }
typename(A) ::= nm DOT nm(X) LP signed(P) RP. {
	A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = X; A->targs[0] = P; A->ntargs = 1; }
/* MySQL: ENUM('a', 'b'), SET('a', 'b'): strings of a fixed list */
typename(A) ::= nm(X) LP strlist RP. { A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = X; }
typename(A) ::= SET(X) LP strlist RP. { A = kp_arena_alloc(ARENA, sizeof(*A)); A->type = mkname(ctx, X); }
strlist ::= STRING.
strlist ::= strlist COMMA STRING.
%include {
/* A type name that is a word a rule takes as a name (DOUBLE of DOUBLE
 * PRECISION): a different name is a syntax error at it. */
static void want_name(kp_pctx *ctx, kp_name n, const char *w)
{
	if (n.quoted || !kp_name_eq(&n, w))
		kp_pctx_error(ctx, KP_R_SYNTAX, n.off, n.srclen, "syntax error near '%.*s'", (int)n.srclen,
		              ctx->text + n.off);
}
/* CHARACTER VARYING and CHAR VARYING are VARCHAR, NATIONAL CHARACTER
 * VARYING NVARCHAR: the catalog knows the type by that name. */
static kp_name varying(kp_pctx *ctx, kp_name x)
{
	if (!x.quoted && (kp_name_eq(&x, "character") || kp_name_eq(&x, "char"))) {
		kp_name v = x;
		v.s = "varchar";
		v.len = 7;
		return v;
	}
	want_name(ctx, x, "nchar");
	return x;
}
}
%include {
/* The type after NATIONAL: CHAR and CHARACTER are CHAR (VARCHAR with
 * VARYING), VARCHAR and VARCHARACTER VARCHAR (never VARYING); any other
 * word is a syntax error at it. */
static kp_name national(kp_pctx *ctx, kp_name x, bool vary)
{
	bool fixed = !x.quoted && (kp_name_eq(&x, "char") || kp_name_eq(&x, "character"));
	bool var = !x.quoted && !vary && (kp_name_eq(&x, "varchar") || kp_name_eq(&x, "varcharacter"));
	if (!fixed && !var) {
		kp_pctx_error(ctx, KP_R_SYNTAX, x.off, x.srclen, "syntax error near '%.*s'", (int)x.srclen,
		              ctx->text + x.off);
		return x;
	}
	kp_name v = x;
	v.s = var || vary ? "varchar" : "char";
	v.len = var || vary ? 7 : 4;
	return v;
}
}
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
/* pg_dump: DEFAULT ('now'::text)::date */
colconstraints(A) ::= colconstraints(X) DEFAULT LP expr(V) RP DCOLON(K) typename. { A = X; A->dflt = V; use_form(ctx, KP_F_PG_CAST, K); }
/* pg_dump: DEFAULT 'G'::mpaa_rating, DEFAULT nextval('s'::regclass) */
colconstraints(A) ::= colconstraints(X) DEFAULT term(V) DCOLON(K) typename. { A = X; A->dflt = V; use_form(ctx, KP_F_PG_CAST, K); }
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
/* MySQL: VARCHAR(n) BINARY, CHAR(n) CHARACTER SET x BINARY: the binary
 * (_bin) collation of the column's character set (MySQL 8.0, 13.3.1 String
 * Data Type Syntax), as COLLATE: the column's values, not its type */
colconstraints(A) ::= colconstraints(X) BINARY. { A = X; }
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
/* PostgreSQL: INHERITS (parent, ...): the columns are the table's own
 * list here (pg_dump repeats them) */
tableopt ::= id(I) LP nmlist RP. { want_word(ctx, I, "inherits"); }
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
/* a negative number keeps its sign in the text the catalog keeps
 * (kpc_set_options), which a DDL writer writes back: TTL = -1 */
optvalue(A) ::= MINUS term(X). {
	A = X;
	if (X->kind == KP_X_INT || X->kind == KP_X_FLOAT) {
		A->name.s = kp_arena_printf(ARENA, "-%.*s", (int)X->name.len, X->name.s);
		A->name.len++;
	} }
optvalue(A) ::= nm(X). { A = mkcol(ctx, noname(), X); }
