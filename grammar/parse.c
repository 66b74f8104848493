#include "grammar/parse.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "grammar/hint.h"
#include "grammar/parser.h"
#include "grammar/shape.h"
#include "grammar/unit.h"

/* lemon's generated entry points (grammar/parser.y, %name kpParse) */
void *kpParseAlloc(void *(*mallocProc)(size_t));
void kpParseFree(void *p, void (*freeProc)(void *));
void kpParseInit(void *p);
void kpParseFinalize(void *p);
void kpParse(void *p, int major, kp_token minor, kp_pctx *ctx);

/* A parser makes its shape cache (about 100 KB) once it has read this many
 * statements: one that reads a few (a fuzz input, a shell line, a small
 * file) never pays for it. */
#define SHAPES_AFTER 32

struct kp_parser {
	void *lemon;            /* lemon parser, reused across statements */
	uint32_t last_start;    /* first token of the last statement read */
	uint64_t last_shape;    /* kp_parser_last_shape */
	bool fold_upper;        /* kp_parser_fold_upper */
	bool no_hash_comments;  /* kp_parser_hash_comments(p, false) */
	bool dq_strings;        /* kp_parser_dq_strings */
	bool backslash;         /* kp_parser_backslash_escapes */
	bool at_eof;            /* that statement ended at the end of the input */
	kp_shapes *shapes;      /* statements of one shape parsed once (shape.h), or NULL */
	bool shapes_off;        /* KP_SHAPE_CACHE=0: no cache */
	bool shapes_stats;      /* KP_SHAPE_CACHE=stats: its counts at the end */
	uint32_t reads;         /* kp_parse_next calls, up to SHAPES_AFTER */
	unsigned shape_flags;   /* the settings above that change an AST, as the
	                           shape cache takes them: kept by the setters,
	                           not made again for every statement */
	char delim[KP_MAX_DELIM + 1]; /* MySQL's DELIMITER, when dlen > 0 */
	uint8_t dlen;           /* its length; 0: statements end at ';' */
};

void kp_parser_script_start(kp_parser *p)
{
	p->dlen = 0;
}

static void shape_flags(kp_parser *p)
{
	p->shape_flags = (unsigned)p->fold_upper | (unsigned)p->no_hash_comments << 1 | (unsigned)p->dq_strings << 2 |
	                 (p->backslash ? KP_SHAPE_BACKSLASH : 0u);
}

void kp_parser_fold_upper(kp_parser *p, bool on)
{
	p->fold_upper = on;
	shape_flags(p);
}

void kp_parser_hash_comments(kp_parser *p, bool on)
{
	p->no_hash_comments = !on;
	shape_flags(p);
}

void kp_parser_dq_strings(kp_parser *p, bool on)
{
	p->dq_strings = on;
	shape_flags(p);
}

void kp_parser_backslash_escapes(kp_parser *p, bool on)
{
	p->backslash = on;
	shape_flags(p);
}

bool kp_parser_at_eof(const kp_parser *p)
{
	return p->at_eof;
}

uint32_t kp_parser_last_start(const kp_parser *p)
{
	return p->last_start;
}

uint64_t kp_parser_last_shape(const kp_parser *p)
{
	return p->last_shape;
}

kp_parser *kp_parser_new(void)
{
	kp_parser *p = calloc(1, sizeof(*p));
	if (!p)
		abort();
	p->lemon = kpParseAlloc(malloc);
	if (!p->lemon)
		abort();
	const char *e = getenv("KP_SHAPE_CACHE");
	p->shapes_off = e && !strcmp(e, "0");
	p->shapes_stats = e && !strcmp(e, "stats");
	return p;
}

void kp_parser_free(kp_parser *p)
{
	if (!p)
		return;
	kpParseFree(p->lemon, free);
	kp_shapes_free(p->shapes);
	free(p);
}

/* After an error the lemon parser is mid-statement: start it afresh, in
 * its own memory (a new one was a malloc and free of the parser a
 * statement in error; its stack starts again at 100 entries) */
static void reset_lemon(kp_parser *p)
{
	kpParseFinalize(p->lemon);
	kpParseInit(p->lemon);
}

kp_diag *kp_pctx_error(kp_pctx *ctx, kp_rule rule, uint32_t off, uint32_t len, const char *fmt, ...)
{
	if (ctx->status)
		return NULL;   /* one error a statement: what follows may be its echo */
	ctx->status = KP_PARSE_REPORTED;
	if (!ctx->report)
		return NULL;
	va_list ap;
	va_start(ap, fmt);
	kp_diag *g = kp_diag_vadd(ctx->report->diags, ctx->report->arena, rule, KP_SEV_ERROR, ctx->report->src,
	                          off, len, fmt, ap);
	va_end(ap);
	return g;
}

void kp_pctx_syntax_error(kp_pctx *ctx, kp_token t)
{
	if (ctx->status)
		return;
	ctx->status = KP_PARSE_SYNTAX;
	ctx->errtok = t;
}

bool kp_pctx_primary_key(kp_pctx *ctx, uint32_t off, uint32_t len)
{
	const kp_create_table *t = &ctx->stmt->u.create_table;
	uint32_t first = t->has_pk ? t->pk_off : 0;
	for (uint32_t i = 0; i < t->cols.n && !first; i++) {
		const kp_coldef *c = t->cols.items[i];
		if (c->primary_key)
			first = c->name.off;
	}
	if (!first)
		return false;
	kp_diag *g = kp_pctx_error(ctx, KP_R_BAD_KEY, off, len, "table %.*s declares more than one primary key",
	                           (int)t->name.len, t->name.s);
	if (g)
		kp_diag_note(g, ctx->report->arena, ctx->report->src, first, "its first primary key is declared here");
	return true;
}

/* Type names that make `key TYPE` / `index TYPE` a column definition. */
static int is_type_name(const char *s, uint32_t len)
{
	static const char *types[] = {
		"varchar", "char", "string", "text", "bigint", "int", "integer", "smallint",
		"tinyint", "mediumint", "double", "float", "real", "decimal", "numeric",
		"boolean", "bool", "binary", "varbinary", "blob", "timestamp", "date",
		"time", "datetime", "json", "long", "short", "byte", "unsigned_long",
		"unsigned_int", "nvarchar", "nchar", "longtext", "mediumtext", NULL};
	kp_name n = {s, len, 0, len, false};
	for (int i = 0; types[i]; i++)
		if (kp_name_eq(&n, types[i]))
			return 1;
	return 0;
}

/* What the driver knows about the statement being read. */
typedef struct stmt_state {
	uint32_t ntok;          /* tokens fed so far */
	int first;              /* first token's type (after EXPLAIN) */
	int prev;               /* previous token's type */
	int prev2;              /* the type of the token before it */
	int from_call;          /* FROM name ( at depth 0: dynamic columns or a table function */
	int depth;              /* parenthesis depth */
	int from;               /* 0 before FROM, 1 in the FROM list, 2 after it */
	int skip;               /* an error was reported: skip to ';' */
	int create_table;       /* CREATE TABLE or CREATE VIEW: column definitions follow */
	int create_view;        /* CREATE VIEW */
	int view_select;        /* inside CREATE VIEW's AS SELECT */
	const char *view_bad;   /* that SELECT has a shape keyplan cannot plan: why */
	uint32_t view_bad_off;  /* where */
	const char *skipped;    /* a statement keyplan recognises and skips: its form */
	kp_token skipped_name;  /* the name after the form's keywords (len 0: none) */
	uint32_t first_off;     /* offset of the skipped form's first keyword */
	kp_token view_base;     /* CREATE VIEW ... AS SELECT ... FROM: the table
	                           named (len 0: none yet) */
	kp_token view_schema;   /* its schema in schema.table (len 0: none) */
	uint32_t start;         /* offset of the first token */
	uint32_t end;           /* end offset of the last token */
	int nhints;             /* entries in hints */
	bool body;              /* the skipped unit has a body: a ';' inside its
	                           BEGIN ... END does not end it */
	int body_depth;         /* BEGIN ... END depth in that body */
	int copy;               /* PostgreSQL's COPY: 1, 2 just after its FROM, 3 FROM
	                           STDIN (its data lines follow the ';') */
	kp_token hints[8];      /* hint comments seen (last: begin() clears
	                           what comes before it only) */
} stmt_state;

/* Fresh state for a statement read from src, reported to report. */
static void begin(stmt_state *st, kp_pctx *ctx, const kp_parser *p, kp_source *src, kp_arena *a,
                  const kp_diag_sink *report)
{
	/* hints[] is read only below nhints: not cleared */
	memset(st, 0, offsetof(stmt_state, hints));
	memset(ctx, 0, sizeof *ctx);
	ctx->arena = a;
	ctx->text = src->text;
	ctx->report = report;
	ctx->fold_upper = p->fold_upper;
	ctx->backslash = p->backslash;
}

/* Which tokens the driver must look at: most are fed to the parser
 * untouched, and this table keeps the per-token work to one lookup.
 * TF_END: the tokens that end, interrupt or break a statement (';', the
 * end, a hint comment, a bad byte), which the driver's loop reads first. */
enum { TF_CHECK = 1, TF_STATE = 2, TF_START = 4, TF_PEEK = 8, TF_END = 16 };
/* A token with none of these is fed straight to the grammar once the
 * statement is plain (see plain()) */
#define TF_LOOK (TF_CHECK | TF_STATE | TF_START | TF_PEEK | TF_END)
static const unsigned char token_flags[KP_TOK_ERROR + 1] = {
	[KP_TOK_EOF] = TF_END, [TK_SEMI] = TF_END, [KP_TOK_HINT] = TF_END, [KP_TOK_ERROR] = TF_END,
	[TK_WITH] = TF_CHECK, [TK_JOIN] = TF_CHECK, [TK_UNION] = TF_CHECK, [TK_INTERSECT] = TF_CHECK,
	[TK_EXCEPT] = TF_CHECK, [TK_SELECT] = TF_CHECK | TF_START, [TK_COMMA] = TF_CHECK,
	[TK_OVER] = TF_CHECK,
	[TK_LP] = TF_STATE | TF_CHECK, [TK_RP] = TF_STATE, [TK_FROM] = TF_STATE, [TK_WHERE] = TF_STATE,
	[TK_GROUP] = TF_STATE, [TK_ORDER] = TF_STATE, [TK_LIMIT] = TF_STATE, [TK_HAVING] = TF_STATE,
	[TK_ALLOW] = TF_STATE, [TK_TABLE] = TF_STATE, [TK_VIEW] = TF_STATE,
	/* words that begin a statement: an error at one of them may be a
	 * missing ';' before it */
	[TK_INSERT] = TF_START, [TK_UPSERT] = TF_START, [TK_REPLACE] = TF_START,
	[TK_UPDATE] = TF_START, [TK_DELETE] = TF_START, [TK_CREATE] = TF_START,
	[TK_DROP] = TF_START, [TK_EXPLAIN] = TF_START,
	/* keywords only when the next token says so (NEXT VALUE FOR, ...) */
	[TK_NEXT] = TF_PEEK, [TK_CURRENT] = TF_PEEK, [TK_MATCH] = TF_PEEK, [TK_INTERVAL] = TF_PEEK,
};

static int word_is(const char *text, kp_token t, const char *w)
{
	size_t n = strlen(w);
	if (t.len != n)
		return 0;
	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)text[t.off + i];
		if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != w[i])
			return 0;
	}
	return 1;
}

/* A copy of lx to read ahead with: what it reads is read again later, and
 * reported then. */
static kp_lexer ahead(const kp_lexer *lx)
{
	kp_lexer peek = *lx;
	peek.report = NULL;
	return peek;
}

/* The next token that is not a hint comment or a bad byte. */
static kp_token peek_token(const kp_lexer *lx)
{
	kp_lexer peek = ahead(lx);
	kp_token n;
	int ty;
	do
		ty = kp_lex(&peek, &n);
	while (ty == KP_TOK_HINT || ty == KP_TOK_ERROR);
	return n;
}

/* Is the statement starting with t (the lexer lx just after it) one keyplan
 * reads as a unit (grammar/unit.h)? Sets st->skipped, the name it names
 * and whether a body follows; a unit keyplan does not plan is said at its
 * keyword (KP012, info). A body is not SQL keyplan reads: its bytes are
 * not reported (lx). */
static int skip_form(stmt_state *st, kp_source *src, kp_lexer *lx, kp_token t, kp_arena *a, kp_diags *d)
{
	kp_unit u;
	if (!kp_unit_form(src->text, lx, t, &u))
		return 0;
	st->skipped = u.what;
	st->skipped_name = u.name;
	st->body = u.body;
	st->copy = !strcmp(u.what, "COPY");
	if (u.body)
		lx->report = NULL;
	if (u.note && d)
		kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_INFO, src, u.kw.off, u.kw.len,
		            "%s is read as one unit: keyplan neither models nor plans it%s", u.what,
		            u.body ? ", nor the statements of its body" : "");
	return 1;
}

static int join_kw(int t)
{
	return t == TK_JOIN;
}

/* Statement shapes keyplan refuses with a clear message instead of a
 * syntax error: joins, subqueries, CTEs, set operations. */
static const char *unsupported(stmt_state *st, kp_token t)
{
	if (st->ntok == 0 && t.type == TK_WITH)
		return "WITH (common table expressions) is not supported";
	if (join_kw(t.type))
		return "joins are not supported: keyplan plans single-table statements";
	if (t.type == TK_UNION || t.type == TK_INTERSECT || t.type == TK_EXCEPT)
		return "set operations (UNION, INTERSECT, EXCEPT) are not supported";
	if (t.type == TK_SELECT && st->create_view && st->prev == TK_AS && st->depth == 0) {
		st->view_select = 1;
		return NULL;
	}
	if (t.type == TK_SELECT && st->ntok > 0 && st->prev == TK_LP)
		return "subqueries are not supported";
	if (t.type == TK_LP && st->prev == TK_FROM && st->depth == 0)
		return "derived tables (FROM (SELECT ...)) are not supported";
	/* f(...) OVER (...): a window function */
	if (t.type == TK_OVER && st->prev == TK_RP)
		return "window functions (OVER) are not supported";
	if (t.type == TK_COMMA && st->from == 1 && st->depth == 0)
		return "comma joins (FROM a, b) are not supported: keyplan plans single-table statements";
	return NULL;
}

static void note_token(stmt_state *st, kp_token t)
{
	if (st->ntok == 0 || (st->ntok == 1 && st->prev == TK_EXPLAIN))
		st->first = t.type;
	if (st->first == TK_CREATE && st->ntok <= 3 && (t.type == TK_TABLE || t.type == TK_VIEW)) {
		st->create_table = 1;
		st->create_view = t.type == TK_VIEW;
	}
	if (t.type == TK_FROM && st->depth == 0 &&
	    (st->first == TK_SELECT || st->first == TK_DELETE || st->view_select))
		st->from = 1;
	else if (st->from == 1 && st->depth == 0 &&
	         (t.type == TK_WHERE || t.type == TK_GROUP || t.type == TK_ORDER ||
	          t.type == TK_LIMIT || t.type == TK_HAVING || t.type == TK_ALLOW))
		st->from = 2;
	if (t.type == TK_LP && st->depth == 0 && st->prev == TK_ID && st->prev2 == TK_FROM)
		st->from_call = 1;
	if (t.type == TK_LP)
		st->depth++;
	else if (t.type == TK_RP && st->depth > 0 && --st->depth == 0)
		st->from_call = 0;   /* past the FROM call's parentheses */
	st->prev2 = st->prev;
	st->prev = t.type;
	st->ntok++;
}

/* Words that are keywords only before a given token: elsewhere they are
 * names (a column called next or match). */
static int contextual(const kp_lexer *lx, kp_token t)
{
	kp_lexer peek = ahead(lx);
	kp_token n;
	int nt = kp_lex(&peek, &n);
	switch (t.type) {
	case TK_NEXT:       /* NEXT VALUE FOR s, NEXT n VALUES FOR s, FETCH NEXT n ROWS */
		return nt == TK_VALUE || nt == TK_INTEGER || nt == TK_PARAM || nt == TK_ROW || nt == TK_ROWS
		       ? t.type : TK_ID;
	case TK_CURRENT:    /* CURRENT VALUE FOR s */
		return nt == TK_VALUE ? t.type : TK_ID;
	case TK_MATCH:      /* MATCH (cols) AGAINST (...); a foreign key's MATCH FULL */
		return nt == TK_LP || nt == TK_FULL ? t.type : TK_ID;
	case TK_INTERVAL:   /* INTERVAL 1 DAY, INTERVAL '1' DAY */
		return nt == TK_INTEGER || nt == TK_STRING || nt == TK_FLOAT || nt == TK_PARAM ||
		       nt == TK_MINUS || nt == TK_LP ? t.type : TK_ID;
	default:
		return t.type;
	}
}

/* Is the next token JOIN, or OUTER JOIN? */
static bool joins_next(const kp_lexer *lx)
{
	kp_lexer peek = ahead(lx);
	kp_token n;
	int nt = kp_lex(&peek, &n);
	if (nt == TK_OUTER)
		nt = kp_lex(&peek, &n);
	return nt == TK_JOIN;
}

/* MATCH where it is no function: a foreign key's MATCH PARTIAL | SIMPLE,
 * and SQLite's x MATCH 'query', between an operand's end and an operand
 * (elsewhere match is a name: an alias, a column). */
static bool match_word(const stmt_state *st, const kp_lexer *lx, kp_source *src)
{
	kp_token n = peek_token(lx);
	if (n.type == TK_ID && (word_is(src->text, n, "partial") || word_is(src->text, n, "simple")))
		return st->prev == TK_RP || st->prev == TK_ID;
	bool after = st->prev == TK_ID || st->prev == TK_RP || st->prev == TK_STRING || st->prev == TK_PARAM ||
	             st->prev == TK_RBRACKET;
	bool before = n.type == TK_STRING || n.type == TK_PARAM || n.type == TK_ID;
	return after && before;
}

/* The token type the grammar is fed for t: a few words depend on the
 * tokens around them. */
static int rewrite(const stmt_state *st, const kp_lexer *lx, kp_source *src, kp_token t)
{
	/* `key VARCHAR(10)` at the start of a table element is a column
	 * named key, not a KEY index: one token of lookahead decides. */
	if (st->create_table && st->depth == 1 && (st->prev == TK_LP || st->prev == TK_COMMA) &&
	    (t.type == TK_KEY || t.type == TK_INDEX)) {
		kp_lexer peek = ahead(lx);
		kp_token n;
		if (kp_lex(&peek, &n) == TK_ID && is_type_name(src->text + n.off, n.len))
			return TK_ID;
	}
	if (t.type == TK_MATCH && match_word(st, lx, src))
		return TK_MATCH;
	if (token_flags[t.type] & TF_PEEK)
		return contextual(lx, t);
	return t.type;
}

/* Feeds t (the lexer just after it) to the grammar: its type rewritten
 * where the tokens around it decide, the driver's state kept. Most tokens
 * change no state: the flags table keeps their work to a lookup. Inlined:
 * as a call it cost 1.5% of explain's instructions. */
static inline __attribute__((always_inline)) void feed(kp_parser *p, stmt_state *st, const kp_lexer *lx,
                                                       kp_source *src, kp_token *t, kp_pctx *ctx)
{
	if ((st->create_table && (t->type == TK_KEY || t->type == TK_INDEX)) || (token_flags[t->type] & TF_PEEK))
		t->type = rewrite(st, lx, src, *t);
	if (st->ntok < 2 || (token_flags[t->type] & TF_STATE)) {
		note_token(st, *t);
	} else {
		st->prev2 = st->prev;
		st->prev = t->type;
		st->ntok++;
	}
	kpParse(p->lemon, t->type, *t, ctx);
}

/* Is the statement past the tokens that decide how the driver reads it?
 * Its first two tokens read, nothing reported, not a unit read whole, no
 * CREATE TABLE or VIEW (whose KEY and INDEX depend on the tokens around
 * them): then a token without TF_LOOK changes nothing feed() and the
 * checks before it look at but prev, ntok and end, and is given to the
 * grammar at once (kp_parse_next's fast path). */
static bool plain(const stmt_state *st)
{
	return st->ntok >= 2 && !st->skip && !st->skipped && !st->view_bad && !st->view_select &&
	       !st->create_table && !st->body;
}

/* Words a failure no action reported: lemon's syntax error, or a stack
 * overflow at t, the token fed. */
static void report_failure(const kp_pctx *ctx, kp_source *src, kp_arena *a, kp_diags *d, kp_token t)
{
	if (ctx->status == KP_PARSE_OVERFLOW)
		kp_diag_add(d, a, KP_R_LIMITS, KP_SEV_ERROR, src, t.off, t.len, "expression nested too deeply");
	else if (ctx->status == KP_PARSE_SYNTAX)
		kp_diag_add(d, a, KP_R_SYNTAX, KP_SEV_ERROR, src, ctx->errtok.off, ctx->errtok.len,
		            "syntax error near '%s'", kp_token_quote(a, src->text, ctx->errtok));
}

/* Is [start, stop) one complete statement? Then it is returned, parsed
 * again from its first token (the text before a statement keyword at
 * which the parser stopped: a ';' was left out). NULL otherwise. */
static kp_stmt *complete_before(kp_parser *p, kp_source *src, uint32_t start, uint32_t stop,
                                kp_arena *a)
{
	kp_lexer lx;
	kp_token t;
	stmt_state st;
	kp_pctx ctx;
	begin(&st, &ctx, p, src, a, NULL);   /* a trial: it reports nothing */
	reset_lemon(p);
	kp_lexer_init(&lx, src->text, src->len, start);
	lx.hash_comment = !p->no_hash_comments;
	lx.dq_string = p->dq_strings;
	lx.backslash = p->backslash;
	uint32_t last_end = start;
	for (;;) {
		int type = kp_lex(&lx, &t);
		if (type == KP_TOK_EOF || t.off >= stop)
			break;
		if (type == KP_TOK_HINT || type == KP_TOK_ERROR)
			continue;
		last_end = t.off + t.len;
		feed(p, &st, &lx, src, &t, &ctx);
		if (ctx.status)
			break;
	}
	kp_token end = {stop, 0, 0};
	if (!ctx.status)
		kpParse(p->lemon, 0, end, &ctx);
	reset_lemon(p);
	if (ctx.status || !ctx.stmt)
		return NULL;
	ctx.stmt->off = start;
	ctx.stmt->len = last_end - start;
	ctx.stmt->largest_in = ctx.largest_in;
	ctx.stmt->ncolrefs = ctx.ncolrefs;
	ctx.stmt->forms = ctx.forms;
	return ctx.stmt;
}

/* A line the client reads itself at the statement's start (DELIMITER x,
 * a psql meta-command): read as a skipped statement, *pos past the line;
 * DELIMITER changes where the next statements end. Most statements start
 * with neither 'd' nor '\\': one byte decides. */
static __attribute__((noinline)) bool client_line_at(kp_parser *p, kp_stmt **out, kp_source *src, size_t *pos,
                                                      kp_arena *a)
{
	size_t at = kp_unit_blank(src->text, src->len, *pos, !p->no_hash_comments);
	if (at >= src->len || (src->text[at] != '\\' && (src->text[at] | 0x20) != 'd'))
		return false;
	const char *what = NULL;
	char delim[KP_MAX_DELIM + 1];
	uint8_t dlen = 0;
	size_t eol = kp_unit_client_line(src->text, src->len, at, delim, &dlen, &what);
	if (!eol)
		return false;
	if (what[0] == 'D') {
		memcpy(p->delim, delim, sizeof delim);
		p->dlen = dlen;
	}
	kp_stmt *s = kp_arena_alloc(a, sizeof(*s));
	s->kind = KP_S_SKIPPED;
	s->off = (uint32_t)at;
	uint32_t end = (uint32_t)eol;
	while (end > at && (src->text[end - 1] == '\r' || src->text[end - 1] == ' ' || src->text[end - 1] == '\t'))
		end--;
	s->len = end - (uint32_t)at;
	s->u.skipped.what = what;
	p->last_start = (uint32_t)at;
	p->at_eof = eol >= src->len;
	*pos = eol;
	*out = s;
	return true;
}

/* By hand for speed, asked before every statement, and inlined (as a call
 * it cost about 60 instructions a statement): past the line breaks and
 * spaces, a byte that starts neither a comment nor a client line ends the
 * question without client_line_at's call. */
static inline __attribute__((always_inline)) bool client_line(kp_parser *p, kp_stmt **out, kp_source *src,
                                                              size_t *pos, kp_arena *a)
{
	size_t q = *pos;
	while (q < src->len && (src->text[q] == '\n' || src->text[q] == ' ' || src->text[q] == '\r'))
		q++;
	if (q < src->len) {
		char c = src->text[q];
		if (c != '\\' && (c | 0x20) != 'd' && c != '-' && c != '/' && c != '#' && c != '\t' && c != '\f' &&
		    c != '\v')
			return false;
	}
	return client_line_at(p, out, src, pos, a);
}

/* COPY ... FROM STDIN; (pg_dump's data): its data lines, up to a line
 * "\." (psql, COPY: "the end of the data"), are the statement's, *pos
 * past them. Data that runs to the end of the input is the statement's
 * too, said once at COPY (a streamed window grows to find the end first:
 * at_eof). */
static void copy_data(kp_parser *p, kp_stmt *s, kp_source *src, size_t *pos, kp_arena *a, kp_diags *d)
{
	bool ended;
	size_t end = kp_unit_copy_data(src->text, src->len, *pos, &ended);
	s->len = (uint32_t)(end - s->off);
	*pos = end;
	p->at_eof = end >= src->len;
	if (!ended && d)
		kp_diag_add(d, a, KP_R_LEXICAL, KP_SEV_WARNING, src, s->off, 4,
		            "COPY ... FROM STDIN: no line '\\.' ends its data: every line to the end of the input "
		            "is read as its data");
}

int kp_parse_next(kp_parser *p, kp_stmt **out, kp_source *src, size_t *pos,
                  kp_arena *a, kp_diags *d)
{
	kp_lexer lx;
	kp_token t;
	stmt_state st;
	kp_pctx ctx;
	kp_diag_sink report = {d, a, src};
	begin(&st, &ctx, p, src, a, &report);
	*out = NULL;
	/* where this read starts, until a token (or a bad byte in a comment,
	 * which makes a "statement" of comments alone) says where the statement
	 * does: never the start of the last one, maybe of another source */
	p->last_start = (uint32_t)*pos;
	p->last_shape = 0;
	kp_lexer_init(&lx, src->text, src->len, *pos);
	lx.report = &report;
	lx.hash_comment = !p->no_hash_comments;
	lx.dq_string = p->dq_strings;
	lx.backslash = p->backslash;
	int seen_anything = 0;
	/* while plain(&st), as of the last token fed: the end of the bytes the
	 * statement may take (KP_MAX_STMT_BYTES from its start) + 1; 0 else.
	 * One comparison a token says both. */
	uint64_t fast_end = 0;
	/* the last statement word fed (TF_START) and its place among the
	 * tokens fed: whether it was the one before a token the grammar
	 * stopped at (not a copy of every token: the fast path copies none) */
	kp_token start_word = {0, 0, 0};
	uint32_t start_word_at = UINT32_MAX;
	unsigned reported = d ? d->count[0] + d->count[1] + d->count[2] : 0;
	kp_shapes *sh = NULL;
	kp_shape_replay rp = {0}, r = {0};   /* r: rp's copy, whose address stays here */
	if (client_line(p, out, src, pos, a))
		return 1;
	if (!p->shapes && !p->shapes_off && ++p->reads == SHAPES_AFTER)
		p->shapes = kp_shapes_new(p->shapes_stats);
	if (p->shapes && !p->dlen) {
		sh = p->shapes;
		bool eof = false;
		kp_stmt *hit = kp_shapes_lookup(sh, &lx, p->shape_flags, a, pos, &eof, &rp);
		if (hit) {
			p->last_start = hit->off;
			p->last_shape = kp_shapes_last_hit(sh);
			p->at_eof = eof;
			*out = hit;
			return 1;
		}
		r = rp;
	}

	for (;;) {
		int type = -1;
		bool at_delim = false;
		if (p->dlen) {
			/* DELIMITER x: the statement ends at x */
			size_t at = kp_unit_blank(src->text, src->len, lx.pos, lx.hash_comment);
			if (at + p->dlen <= src->len && !memcmp(src->text + at, p->delim, p->dlen)) {
				t.off = (uint32_t)at;
				t.len = p->dlen;
				t.type = type = TK_SEMI;
				lx.pos = at + p->dlen;
				at_delim = true;
			}
		}
		if (type < 0)
			type = kp_shape_next(&r, &lx, &t);
		if (type < 0)
			type = kp_lex(&lx, &t);
		/* By hand for speed: the tokens of a plain statement that no check
		 * looks at (most of them: names, literals, operators) skip the
		 * checks below, which cost about 100 instructions a token; what
		 * they would have done to the state is done here. */
		if (!(token_flags[type] & TF_LOOK) && (uint64_t)t.off + t.len < fast_end) {
			st.end = t.off + t.len;
			st.prev2 = st.prev;
			st.prev = type;
			st.ntok++;
			kpParse(p->lemon, type, t, &ctx);
			if (!ctx.status)
				continue;
			goto failed;
		}
		/* In a plain statement, a clause's word or a ')' (TF_STATE alone),
		 * a '(' where unsupported() and the depth limit find nothing, a
		 * ',' that is no comma join: of the checks below only the
		 * driver's state applies to them, as feed() keeps it (note_token
		 * may find a CREATE TABLE: plain() is asked again after it) */
		if ((uint64_t)t.off + t.len < fast_end &&
		    ((token_flags[type] & TF_LOOK) == TF_STATE ||
		     (type == TK_LP && !(st.prev == TK_FROM && st.depth == 0) && st.depth < KP_MAX_PAREN_DEPTH) ||
		     (type == TK_COMMA && !(st.from == 1 && st.depth == 0)))) {
			st.end = t.off + t.len;
			if (type == TK_COMMA) {
				st.prev2 = st.prev;
				st.prev = type;
				st.ntok++;
			} else {
				note_token(&st, t);
			}
			kpParse(p->lemon, type, t, &ctx);
			if (ctx.status)
				goto failed;
			if (!plain(&st))
				fast_end = 0;
			continue;
		}
		/* the slow path may change what plain() says: asked again after it */
		fast_end = 0;
		if (type == KP_TOK_ERROR && lx.soft) {
			/* a bad byte inside a comment (the lexer reported it): the
			 * statement itself is intact */
			if (!seen_anything)
				p->last_start = t.off;
			seen_anything = 1;   /* reported even when no statement follows */
			continue;
		}
		if (type == KP_TOK_ERROR && st.body && lx.unterminated && d) {
			/* a routine's body is not reported byte by byte (lx.report is
			 * off), but input that ends inside a quote is */
			char q = src->text[t.off];
			kp_diag_add(d, a, KP_R_LEXICAL, KP_SEV_ERROR, src, t.off, t.len, "unterminated %s",
			            q == '$' ? "dollar-quoted string" : q == '/' ? "comment" : q == '\'' ? "string literal"
			                                                                         : "quoted name");
		}
		if (type == KP_TOK_ERROR) {
			if (!seen_anything)
				p->last_start = t.off;
			if (!st.skip && st.ntok)
				reset_lemon(p);
			st.skip = 1;
			seen_anything = 1;
			continue;
		}
		if (type == KP_TOK_HINT) {
			/* the stores read a hint only right after the statement's verb
			 * (Lindorm's HINT page; Phoenix's grammar): elsewhere it is a
			 * plain comment to them */
			int pv = st.ntok ? st.prev : 0;
			if (pv != TK_SELECT && pv != TK_UPSERT && pv != TK_INSERT && pv != TK_UPDATE &&
			    pv != TK_DELETE && pv != TK_REPLACE) {
				if (!st.skip)
					kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, t.off, t.len,
					            "a hint comment is read only right after SELECT, UPSERT, INSERT, "
					            "UPDATE or DELETE: the store ignores this one");
				seen_anything = 1;
				continue;
			}
			if (st.nhints < (int)(sizeof st.hints / sizeof st.hints[0]))
				st.hints[st.nhints++] = t;
			else
				kp_diag_add(d, a, KP_R_HINT, KP_SEV_WARNING, src, t.off, t.len,
				            "more than %d hint comments in one statement: this one is ignored",
				            (int)(sizeof st.hints / sizeof st.hints[0]));
			continue;
		}
		if (type == TK_SEMI && st.body && !at_delim && (st.body_depth > 0 || p->dlen)) {
			/* a ';' inside a routine's BEGIN ... END, or any ';' while
			 * DELIMITER says where statements end */
			st.end = t.off + t.len;
			continue;
		}
		if (type == TK_SEMI || type == KP_TOK_EOF) {
			*pos = lx.pos;
			p->at_eof = type == KP_TOK_EOF;
			if (st.ntok == 0 && !st.skip) {
				if (type == KP_TOK_EOF)
					return seen_anything;
				/* an empty statement (a MySQL versioned comment's ';'): a
				 * client line may start after it */
				if (!st.body && client_line(p, out, src, pos, a))
					return 1;
				continue;   /* empty statement */
			}
			if (st.skipped) {
				kp_stmt *s = kp_arena_alloc(a, sizeof(*s));
				s->kind = KP_S_SKIPPED;
				s->explain = st.first != 0 && st.ntok > 0 && st.start != st.first_off;
				s->off = st.start;
				s->len = st.end - st.start;
				s->u.skipped.what = st.skipped;
				if (st.skipped_name.len)
					s->u.skipped.name = kp_ast_name(a, src->text, st.skipped_name.off, st.skipped_name.len);
				if (st.copy == 3 && type == TK_SEMI)
					copy_data(p, s, src, pos, a, d);
				*out = s;
				return 1;
			}
			if (st.view_bad && ctx.outer) {
				kp_stmt *s = ctx.outer;
				if (!s->u.create_table.base.s && st.view_base.len) {
					kp_name b = kp_ast_name_folded(a, src->text, st.view_base.off, st.view_base.len,
					                               p->fold_upper);
					if (st.view_schema.len)
						b = kp_ast_qualified(a, kp_ast_name_folded(a, src->text, st.view_schema.off,
						                                           st.view_schema.len, p->fold_upper), b);
					s->u.create_table.base = b;
				}
				s->off = st.start;
				s->len = st.end - st.start;
				s->u.create_table.view_unsupported = st.view_bad;
				s->u.create_table.view_unsupported_off = st.view_bad_off;
				*out = s;
				return 1;
			}
			if (st.skip)
				return 1;
			kp_token end = t;
			end.type = 0;
			kpParse(p->lemon, 0, end, &ctx);
			if (ctx.status || !ctx.stmt) {
				if (ctx.status != KP_PARSE_REPORTED && ctx.errtok.type == 0)
					kp_diag_add(d, a, KP_R_SYNTAX, KP_SEV_ERROR, src, t.off, t.len,
					            type == TK_SEMI ? "syntax error near ';': statement is incomplete"
					                            : "syntax error: statement is incomplete at end of input");
				else
					report_failure(&ctx, src, a, d, t);
				reset_lemon(p);
				return 1;
			}
			kp_stmt *s = ctx.stmt;
			s->off = st.start;
			s->len = st.end - st.start;
			s->largest_in = ctx.largest_in;
			s->ncolrefs = ctx.ncolrefs;
			s->forms = ctx.forms;
			for (int i = 0; i < st.nhints; i++)
				kp_parse_hint(s, src, st.hints[i], a, d, p->fold_upper);
			/* r.n: the lookup read the statement's tokens (a cold cache
			 * reads but one statement in a few: the others learn nothing) */
			if (sh && r.n && !p->dlen && !st.nhints &&
			    (!d || d->count[0] + d->count[1] + d->count[2] == reported))
				kp_shapes_learn(sh, r.next == r.n, s, src->text);
			*out = s;
			return 1;
		}
		seen_anything = 1;
		if (st.skipped || st.view_bad) {
			st.end = t.off + t.len;
			if (st.body)
				st.body_depth += kp_unit_depth(src->text, &lx, t);
			if (st.copy && st.copy < 3)
				st.copy = type == TK_FROM ? 2 : st.copy == 2 && word_is(src->text, t, "stdin") ? 3 : 1;
			continue;
		}
		if (st.skip)
			continue;
		if (st.ntok == 0 && !st.skip)
			st.start = p->last_start = t.off;
		st.end = t.off + t.len;
		if ((st.ntok == 0 || (st.ntok == 1 && st.prev == TK_EXPLAIN)) && skip_form(&st, src, &lx, t, a, d)) {
			if (st.ntok)
				reset_lemon(p);
			st.first_off = t.off;
			st.first = t.type;
			st.ntok++;
			continue;
		}

		const char *why = token_flags[t.type] & TF_CHECK ? unsupported(&st, t) : NULL;
		if (st.view_select && st.depth == 0 && !why && st.from == 1 && t.type == TK_ID && st.prev == TK_ID) {
			/* FROM t x: the view's options (x = ..., x.y = ...) end the FROM
			 * list; anything else is an alias (a join names its own reason) */
			int next = peek_token(&lx).type;
			if (next == TK_EQ || next == TK_DOT)
				st.from = 2;
			else if (next != TK_JOIN && next != TK_INNER && next != TK_LEFT && next != TK_RIGHT &&
			         next != TK_FULL && next != TK_CROSS && next != TK_NATURAL && next != TK_COMMA)
				why = "a view whose query is not SELECT * FROM table [WHERE ...]";
		}
		if (st.view_select && st.depth == 0 && !why &&
		    (t.type == TK_GROUP || t.type == TK_ORDER || t.type == TK_HAVING || t.type == TK_LIMIT ||
		     t.type == TK_OFFSET || (st.from == 1 && t.type == TK_AS)))
			why = "a view whose query is not SELECT * FROM table [WHERE ...]";
		if (st.view_select && st.from == 1 && t.type == TK_ID && st.prev == TK_FROM && !st.view_base.len)
			st.view_base = t;   /* [schema.]table after FROM */
		else if (st.view_select && st.from == 1 && st.prev == TK_DOT && st.view_base.len && !st.view_schema.len) {
			st.view_schema = st.view_base;
			st.view_base = t;
		}
		if (why && st.view_select && ctx.outer) {
			/* the view is recognised; queries against it get the message */
			st.view_bad = why;
			st.view_bad_off = t.off;
			reset_lemon(p);
			continue;
		}
		if (why) {
			kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_ERROR, src, t.off, t.len, "%s", why);
			if (st.ntok)
				reset_lemon(p);
			st.skip = 1;
			continue;
		}
		if (t.type == TK_LP && st.depth >= KP_MAX_PAREN_DEPTH) {
			kp_diag_add(d, a, KP_R_LIMITS, KP_SEV_ERROR, src, t.off, 1,
			            "parentheses nested more than %d levels deep", KP_MAX_PAREN_DEPTH);
			reset_lemon(p);
			st.skip = 1;
			continue;
		}
		if (st.end - st.start > KP_MAX_STMT_BYTES) {
			kp_diag_add(d, a, KP_R_LIMITS, KP_SEV_ERROR, src, st.start, 0,
			            "statement longer than %u bytes", KP_MAX_STMT_BYTES);
			reset_lemon(p);
			st.skip = 1;
			continue;
		}
		if (token_flags[t.type] & TF_START) {
			start_word = t;
			start_word_at = st.ntok;
		}
		feed(p, &st, &lx, src, &t, &ctx);
		if (!ctx.status) {
			fast_end = plain(&st) ? (uint64_t)st.start + KP_MAX_STMT_BYTES + 1 : 0;
			continue;
		}
	failed:
		fast_end = 0;
		if (ctx.status == KP_PARSE_SYNTAX && ctx.errtok.off == t.off && st.depth == 0) {
			/* `SELECT ... FROM a SELECT ...`: if the text before a
			 * statement keyword is a whole statement, only the ';' is
			 * missing; the first statement is returned and the next call
			 * reads the second from there. The keyword is this token, or
			 * the one before when the grammar took it for a name (an
			 * alias: UPSERT and REPLACE are names too). */
			kp_token kw = {0, 0, 0};
			if ((token_flags[t.type] & TF_START) && st.ntok > 1)
				kw = t;
			else if (start_word_at + 2 == st.ntok && st.ntok > 2 && start_word.off > st.start)
				kw = start_word;   /* the token before this one */
			kp_stmt *s = kw.type ? complete_before(p, src, st.start, kw.off, a) : NULL;
			if (s) {
				kp_diag_add(d, a, KP_R_SYNTAX, KP_SEV_ERROR, src, kw.off, kw.len,
				            "missing ';' before '%s'", kp_token_quote(a, src->text, kw));
				for (int i = 0; i < st.nhints; i++)
					if (st.hints[i].off < kw.off)
						kp_parse_hint(s, src, st.hints[i], a, d, p->fold_upper);
				*pos = kw.off;
				p->at_eof = false;
				*out = s;
				return 1;
			}
		}
		if (ctx.status == KP_PARSE_SYNTAX && st.from_call && st.depth > 0) {
			/* FROM f(...) that is not a list of dynamic columns */
			kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_ERROR, src, t.off, t.len, "%s",
			            "table functions in FROM (UNNEST(...), ...) are not supported");
			reset_lemon(p);
			st.skip = 1;
			continue;
		}
		if (ctx.status == KP_PARSE_SYNTAX && ctx.errtok.off == t.off && joins_next(&lx)) {
			/* a join spelled with a word before JOIN (INNER, LEFT OUTER,
			 * Phoenix's SEMI and ANTI, ...): the grammar stops at the word */
			kp_diag_add(d, a, KP_R_UNSUPPORTED, KP_SEV_ERROR, src, t.off, t.len, "%s",
			            "joins are not supported: keyplan plans single-table statements");
			reset_lemon(p);
			st.skip = 1;
			continue;
		}
		report_failure(&ctx, src, a, d, t);
		reset_lemon(p);
		st.skip = 1;
	}
}

int kp_parse_all(kp_list *out, kp_source *src, kp_arena *a, kp_diags *d)
{
	kp_parser *p = kp_parser_new();
	size_t pos = 0;
	kp_stmt *s;
	int n = 0;
	while (kp_parse_next(p, &s, src, &pos, a, d)) {
		n++;
		if (s)
			kp_list_push(a, out, s);
	}
	kp_parser_free(p);
	return n;
}
