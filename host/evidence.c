/* Is a host string SQL? The evidence its context gives (the call it is
 * passed to, the name it is assigned to) and the shape of its text (prose
 * reads as prose). docs/embedded-sql.md, "What counts as SQL". */
#include "host/host.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "base/arena.h"
#include "base/source.h"
#include "grammar/lexer.h"
#include "grammar/parse.h"
#include "grammar/parser.h"
#include "grammar/unit.h"

/* Calls whose string argument is SQL, by the method or function name
 * written just before the '(' (any receiver): JDBC, Spring's JdbcTemplate
 * and JdbcClient, JPA's and Hibernate's native queries, Android's SQLite,
 * Go's database/sql, sqlx and GORM, Python's DB-API, pandas, SQLAlchemy's
 * text() and exec_driver_sql(), asyncpg, encode/databases. */
static const char *const sql_calls[] = {
	/* Java, Kotlin */
	"prepareStatement", "prepareCall", "executeQuery", "executeUpdate", "executeLargeUpdate", "execute",
	"addBatch", "createNativeQuery", "createSQLQuery", "createNativeMutationQuery", "query", "queryForObject",
	"queryForList", "queryForMap", "queryForRowSet", "queryForStream", "queryForLong", "queryForInt",
	"update", "batchUpdate", "sql", "rawQuery", "execSQL", "compileStatement", "nativeQuery",
	/* Jdbi's Handle (its createQuery: kp_host_call_evidence_at) */
	"createUpdate", "prepareBatch", "createCall", "createScript",
	/* Go */
	"Query", "QueryRow", "QueryContext", "QueryRowContext", "Exec", "ExecContext", "Prepare",
	"PrepareContext", "Select", "Get", "exec", "MustExec", "MustExecContext", "NamedExec", "NamedExecContext",
	"NamedQuery", "NamedQueryContext", "Queryx", "QueryRowx", "QueryxContext", "QueryRowxContext",
	"SelectContext", "GetContext", "Raw", "Preparex", "PreparexContext", "Rebind",
	/* Python */
	"executemany", "executescript", "mogrify", "read_sql", "read_sql_query", "text", "fetch", "fetchrow",
	"fetchval", "exec_driver_sql", "execute_sql", "fetch_all", "fetch_one", "fetch_val",
	/* asyncpg's Connection.prepare(query) and cursor(query) (a DB-API
	 * cursor() takes none; psycopg's cursor(name) a name, which reads as
	 * no statement) */
	"prepare", "cursor", NULL};

/* Calls whose string argument is another query language: JPA's JPQL and
 * Hibernate's HQL (entities and their fields), or a query's name. */
static const char *const other_calls[] = {"createQuery", "createNamedQuery", "createMutationQuery",
                                          "createSelectionQuery", "getNamedQuery", NULL};

static bool in_list(const char *const *l, const char *name, size_t len)
{
	for (size_t i = 0; l && l[i]; i++)
		if (strlen(l[i]) == len && !memcmp(l[i], name, len))
			return true;
	return false;
}

/* Calls whose string argument is a message for people: an exception's or
 * error's constructor (throw new IllegalStateException("..."), raise
 * ValueError("..."), throwUnsupportedException("...")), a log line, a
 * print. */
static const char *const message_calls[] = {"Errorf", "error", "warn", "warning", "info", "debug", "trace",
                                            "fatal", "print", "println", "Println", "Print", "Fatalf", NULL};

static bool message_call(const char *name, size_t len)
{
	if (in_list(message_calls, name, len))
		return true;
	/* a type's constructor (IllegalStateException, ValueError) or a
	 * method that throws one (throwUnsupportedException, newSqlError);
	 * not any method named for one (dbutils' callBatchWithException runs
	 * its SQL and expects the exception) */
	bool ctor = len && (isupper((unsigned char)name[0]) || (len > 5 && !memcmp(name, "throw", 5)) ||
	                    (len > 5 && !memcmp(name, "raise", 5)) || (len > 3 && !memcmp(name, "new", 3)));
	for (size_t i = 0; ctor && i + 9 <= len; i++)
		if (!memcmp(name + i, "Exception", 9))
			return true;
	return ctor && len >= 5 && !memcmp(name + len - 5, "Error", 5);
}

kp_host_evidence kp_host_call_evidence(const char *name, size_t len, const char *const *extra)
{
	if (in_list(extra, name, len))
		return KP_HE_CALL;   /* the team's word first */
	if (in_list(other_calls, name, len) || message_call(name, len))
		return KP_HE_NOT_SQL;
	if (in_list(sql_calls, name, len) || in_list(extra, name, len))
		return KP_HE_CALL;
	/* a private wrapper of one, as Python names them: self._execute,
	 * self.__execute, con._prepare */
	size_t u = 0;
	while (u < len && u < 2 && name[u] == '_')
		u++;
	if (u && u < len && in_list(sql_calls, name + u, len - u))
		return KP_HE_CALL;
	return KP_HE_NONE;
}

/* The receiver of the call named at text[off]: the name before the dot
 * before it (handle.createQuery, h\n .createQuery), or the name of the
 * call before it (getSharedHandle().createQuery), or none (len 0). */
static size_t receiver_of(const char *text, uint32_t off, const char **recv)
{
	size_t i = off;
	while (i > 0 && isspace((unsigned char)text[i - 1]))
		i--;
	if (i == 0 || text[i - 1] != '.')
		return 0;
	i--;
	while (i > 0 && isspace((unsigned char)text[i - 1]))
		i--;
	if (i > 0 && text[i - 1] == ')') {
		/* a call's value: its name (ext.getSharedHandle().createQuery) */
		int depth = 0;
		for (size_t lim = 0; i > 0 && lim < 512; lim++) {
			char ch = text[--i];
			depth += ch == ')' ? 1 : ch == '(' ? -1 : 0;
			if (depth == 0)
				break;
		}
		if (depth != 0)
			return 0;
	}
	size_t end = i;
	while (i > 0 && (isalnum((unsigned char)text[i - 1]) || text[i - 1] == '_'))
		i--;
	*recv = text + i;
	return end - i;
}

static bool contains_nocase(const char *p, size_t n, const char *w)
{
	size_t m = strlen(w);
	for (size_t i = 0; i + m <= n; i++)
		if (!strncasecmp(p + i, w, m))
			return true;
	return false;
}

kp_host_evidence kp_host_call_evidence_at(const char *text, uint32_t off, size_t len, const char *const *extra)
{
	kp_host_evidence ev = kp_host_call_evidence(text + off, len, extra);
	if (ev != KP_HE_NOT_SQL || !(len == 11 && !memcmp(text + off, "createQuery", 11)))
		return ev;
	/* Jdbi's Handle.createQuery takes SQL (handle, h, sharedHandle);
	 * JPA's EntityManager and Hibernate's Session take JPQL and HQL, and
	 * so does any receiver not named as a handle */
	const char *r = NULL;
	size_t rl = receiver_of(text, off, &r);
	if ((rl == 1 && r[0] == 'h') || contains_nocase(r, rl, "handle"))
		return KP_HE_CALL;
	return ev;
}

bool kp_host_sql_name(const char *name, size_t len)
{
	for (size_t i = 0; i + 3 <= len; i++)
		if (!strncasecmp(name + i, "sql", 3) || (i + 5 <= len && !strncasecmp(name + i, "query", 5)))
			return true;
	return false;
}

/* Names whose value is text for people: help=, description=, message ... */
static const char *const text_names[] = {"help", "description", "desc", "message", "msg", "title", "label",
                                         "summary", "tooltip", "hint", "prompt", "usage", "caption", NULL};

bool kp_host_text_name(const char *name, size_t len)
{
	for (size_t k = 0; text_names[k]; k++) {
		size_t n = strlen(text_names[k]);
		/* the whole name, or its last word: errorMessage, short_help */
		if (len >= n && !strncasecmp(name + len - n, text_names[k], n) &&
		    (len == n || name[len - n - 1] == '_' || (isupper((unsigned char)name[len - n]) &&
		                                               islower((unsigned char)name[len - n - 1]))))
			return true;
	}
	return false;
}

/* Words of English that SQL never writes as a name in a statement:
 * articles, determiners, modal verbs. */
static const char *const prose_words[] = {"the", "an", "this", "these", "those", "your", "our", "their",
                                          "its", "my", "please", "which", "should", "must", "cannot",
                                          "would", "could", "doesn", "don", "isn", "won", NULL};

bool kp_host_prose(const char *text, size_t len)
{
	size_t e = len;
	while (e > 0 && isspace((unsigned char)text[e - 1]))
		e--;
	if (e > 0 && (text[e - 1] == '.' || text[e - 1] == '!'))
		return true;   /* a sentence */
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, text, len, 0);
	for (int k = 0; k < 4096; k++) {
		int ty = kp_lex(&lx, &t);
		if (ty == KP_TOK_EOF)
			break;
		if (ty != TK_ID || text[t.off] == '"' || text[t.off] == '`' || text[t.off] == '[')
			continue;
		for (size_t w = 0; prose_words[w]; w++)
			if (strlen(prose_words[w]) == t.len && !strncasecmp(text + t.off, prose_words[w], t.len))
				return true;
	}
	return false;
}

unsigned kp_host_words(const char *text, size_t len)
{
	kp_lexer lx;
	kp_token t;
	unsigned n = 0;
	kp_lexer_init(&lx, text, len, 0);
	for (int k = 0; k < 4096; k++) {
		int ty = kp_lex(&lx, &t);
		if (ty == KP_TOK_EOF)
			break;
		if (t.len && (isalpha((unsigned char)text[t.off]) || text[t.off] == '_'))
			n++;
	}
	return n;
}

/* The next token that is not white space or a comment (the lexer skips
 * them). */
static bool tok_is(const char *text, const kp_token *t, const char *w)
{
	return strlen(w) == t->len && !strncasecmp(text + t->off, w, t->len);
}

/* A word: a name or a keyword (an entity may be called Order or Value). */
static bool word(const char *text, const kp_token *t)
{
	return t->len && (isalpha((unsigned char)text[t->off]) || text[t->off] == '_');
}

/* Words after which a name is not an alias. */
static bool joins(const char *text, const kp_token *t)
{
	static const char *const w[] = {"join", "on", "and", "or", "not", "in", "inner", "left", "right", "outer",
	                                "cross", "full", "natural", "fetch", "from", "select", "distinct", NULL};
	for (size_t k = 0; w[k]; k++)
		if (tok_is(text, t, w[k]))
			return true;
	return false;
}

bool kp_host_jpql(const char *text, size_t len)
{
	kp_lexer lx;
	kp_token t, var = {0};
	kp_lexer_init(&lx, text, len, 0);
	if (kp_lex(&lx, &t) != TK_SELECT)
		return false;
	int ty = kp_lex(&lx, &t);
	if (ty == TK_DISTINCT)
		ty = kp_lex(&lx, &t);
	if (ty == TK_ID && tok_is(text, &t, "new")) {
		/* SELECT NEW a.b.Dto(...): a constructor expression */
		if (kp_lex(&lx, &t) != TK_ID)
			return false;
		while ((ty = kp_lex(&lx, &t)) == TK_DOT)
			if (kp_lex(&lx, &t) != TK_ID)
				return false;
		return ty == TK_LP;
	}
	if (ty != TK_ID)
		return false;
	kp_token first = t;
	ty = kp_lex(&lx, &t);
	if (ty == TK_LP && (tok_is(text, &first, "count") || tok_is(text, &first, "object"))) {
		/* SELECT COUNT([DISTINCT] u), SELECT OBJECT(u) */
		ty = kp_lex(&lx, &t);
		if (ty == TK_DISTINCT)
			ty = kp_lex(&lx, &t);
		if (ty != TK_ID)
			return false;
		var = t;
		if (kp_lex(&lx, &t) != TK_RP)
			return false;
		if (tok_is(text, &first, "object"))
			return true;   /* JPQL's OBJECT(u): SQL has none */
		ty = kp_lex(&lx, &t);
	} else {
		var = first;
	}
	if (ty != TK_COMMA && ty != TK_FROM)
		return false;   /* the first item is not a bare name */
	/* to the FROM clause */
	int depth = 0;
	for (int k = 0; ty != TK_FROM || depth > 0; k++) {
		if (ty == KP_TOK_EOF || ty == TK_SEMI || k > 4096)
			return false;
		depth += ty == TK_LP ? 1 : ty == TK_RP ? -1 : 0;
		ty = kp_lex(&lx, &t);
	}
	/* the first item is the identification variable one of its entities
	 * declares: FROM User u, FROM Order AS o, FROM a.b.User u */
	kp_token prev = t;
	int prevty = TK_FROM;
	bool named = false;   /* the token before AS is a name, not a call's ) */
	for (int k = 0; k < 4096; k++) {
		ty = kp_lex(&lx, &t);
		if (ty == TK_ORDER) {
			/* ORDER BY ends the clause; Order alone names an entity */
			kp_lexer ahead = lx;
			kp_token b;
			if (kp_lex(&ahead, &b) != TK_BY)
				ty = TK_ID;
		}
		if (ty == KP_TOK_EOF || ty == TK_SEMI ||
		    (depth == 0 && (ty == TK_WHERE || ty == TK_GROUP || ty == TK_HAVING || ty == TK_ORDER ||
		                    ty == TK_UNION || ty == TK_LIMIT)))
			return false;
		depth += ty == TK_LP ? 1 : ty == TK_RP ? -1 : 0;
		if (depth == 0 && word(text, &t) && t.len == var.len && !strncasecmp(text + t.off, text + var.off, t.len) &&
		    ((prevty == TK_AS && named) || (prevty != TK_AS && word(text, &prev) && !joins(text, &prev))))
			return true;
		named = ty == TK_AS ? word(text, &prev) : named;
		prev = t;
		prevty = ty;
	}
	return false;
}

/* Is the word t an entity's name as Java writes a class: an upper-case
 * letter first, a lower-case one after, no underscore (Magazine,
 * CustomerEntity; not SD_USER, not users)? */
static bool class_name(const char *text, const kp_token *t)
{
	const char *p = text + t->off;
	if (!t->len || !isupper((unsigned char)p[0]))
		return false;
	bool lower = false;
	for (size_t i = 0; i < t->len; i++) {
		if (!isalnum((unsigned char)p[i]))
			return false;
		lower |= islower((unsigned char)p[i]) != 0;
	}
	return lower;
}

bool kp_host_jpql_paths(const char *text, size_t len)
{
	kp_lexer lx;
	kp_token t, vars[8];
	unsigned nvars = 0;
	int prevty = 0, k = 0;
	/* the range variables: FROM Magazine m, JOIN Author AS a */
	kp_lexer_init(&lx, text, len, 0);
	for (int ty; (ty = kp_lex(&lx, &t)) != KP_TOK_EOF && k < 4096; k++, prevty = ty) {
		if (!(prevty == TK_FROM || prevty == TK_JOIN || prevty == TK_COMMA) || !word(text, &t) ||
		    !class_name(text, &t))
			continue;
		kp_lexer ahead = lx;
		kp_token v;
		int vt = kp_lex(&ahead, &v);
		if (vt == TK_AS)
			vt = kp_lex(&ahead, &v);
		if (vt == TK_ID && word(text, &v) && nvars < 8 && !joins(text, &v))
			vars[nvars++] = v;
	}
	if (!nvars)
		return false;
	/* a path over one of them to a property named as Java names fields:
	 * m.price, customer.id */
	kp_lexer_init(&lx, text, len, 0);
	kp_token a = {0}, b = {0};
	int ta = 0, tb = 0;
	k = 0;
	for (int ty; (ty = kp_lex(&lx, &t)) != KP_TOK_EOF && k < 4096; k++) {
		if (tb == TK_DOT && word(text, &t) && islower((unsigned char)text[t.off]) && ta != TK_DOT && word(text, &a))
			for (unsigned v = 0; v < nvars; v++)
				if (a.len == vars[v].len && !memcmp(text + a.off, text + vars[v].off, a.len))
					return true;
		a = b, ta = tb;
		b = t, tb = ty;
	}
	return false;
}

/* ------------------------------------------ the grammar's verdict */

/* The case keywords are written in: 1 all upper, 2 all lower, 3 anything
 * else (Select, sELECT). */
static int word_case(const char *p, size_t n)
{
	bool up = false, low = false;
	for (size_t i = 0; i < n; i++) {
		up |= isupper((unsigned char)p[i]) != 0;
		low |= islower((unsigned char)p[i]) != 0;
	}
	return up && low ? 3 : up ? 1 : 2;
}

/* Are text's keywords written as code writes SQL, each in one case
 * (SELECT, select, SELECT ... as), never as a sentence or a title starts
 * (Select 1 item, Set Value)? Counts its tokens in *ntok. */
static bool one_case(const char *text, size_t len, unsigned *ntok)
{
	kp_lexer lx;
	kp_token t;
	*ntok = 0;
	kp_lexer_init(&lx, text, len, 0);
	for (int k = 0; k < 4096; k++) {
		int ty = kp_lex(&lx, &t);
		if (ty == KP_TOK_EOF)
			return true;
		if (ty != TK_SEMI)
			++*ntok;
		if (ty == TK_ID || !t.len || !isalpha((unsigned char)text[t.off]))
			continue;
		if (word_case(text + t.off, t.len) == 3)
			return false;
	}
	return false;
}

bool kp_host_code_case(const char *text, size_t len)
{
	unsigned ntok;
	return one_case(text, len, &ntok);
}

/* Does text end with a ';' (a statement's terminator, as scripts and
 * dumps write it)? */
static bool terminated(const char *text, size_t len)
{
	while (len > 0 && isspace((unsigned char)text[len - 1]))
		len--;
	return len > 0 && text[len - 1] == ';';
}

/* Is a token of text of type ty, or the word w (any case)? */
static bool has_token(const char *text, size_t len, int ty, const char *w)
{
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, text, len, 0);
	for (int k = 0; k < 4096; k++) {
		int tt = kp_lex(&lx, &t);
		if (tt == KP_TOK_EOF)
			return false;
		if (tt == ty || (w && t.len == strlen(w) && !strncasecmp(text + t.off, w, t.len)))
			return true;
	}
	return false;
}

/* Names SQL reads as values that need no table (SQL:2016 6.32 and the
 * stores' niladic functions): CURRENT_TIMESTAMP and the rest. */
static bool niladic(const kp_name *n)
{
	static const char *const w[] = {"current_timestamp", "current_date", "current_time", "localtime",
	                                "localtimestamp", "current_user", "session_user", "system_user", "user",
	                                "current_schema", "current_catalog", "current_role", "sysdate",
	                                "systimestamp", NULL};
	for (size_t k = 0; w[k]; k++)
		if (strlen(w[k]) == n->len && !strncasecmp(n->s, w[k], n->len))
			return true;
	return false;
}

/* Does expression e name a column (other than a niladic value)? */
static bool names_column(const kp_expr *e, int depth)
{
	if (!e || depth > 64)
		return e != NULL;
	if (e->kind == KP_X_COLUMN)
		return e->qual.s || !niladic(&e->name);
	if (e->kind == KP_X_STAR)
		return true;
	if (e->kind == KP_X_STRING)
		return false;   /* (its union member is the value, not a qualifier) */
	if (names_column(e->a, depth + 1) || names_column(e->b, depth + 1) || names_column(e->c, depth + 1))
		return true;
	for (uint32_t k = 0; k < e->n; k++)
		if (names_column(e->list[k], depth + 1))
			return true;
	return false;
}

/* The words of a form as the grammar names it ("CREATE EXTENSION",
 * "COMMENT ON"): are they all written in text, in its first tokens (so
 * "Open the file" is not OPEN CURSOR)? */
static bool form_written(const char *text, size_t len, const char *what)
{
	for (const char *w = what; *w;) {
		while (*w == ' ')
			w++;
		size_t n = strcspn(w, " ");
		if (!n)
			break;
		if (!(n == 3 && !memcmp(w, "...", 3))) {
			kp_lexer lx;
			kp_token t;
			bool found = false;
			kp_lexer_init(&lx, text, len, 0);
			for (int k = 0; k < 8 && !found; k++) {
				int ty = kp_lex(&lx, &t);
				if (ty == KP_TOK_EOF)
					break;
				found = t.len == n && !strncasecmp(text + t.off, w, n);
			}
			if (!found)
				return false;
		}
		w += n;
	}
	return true;
}

/* Is skipped statement s, no SQL call taking it, unmistakably SQL: its
 * form's words written, a name it names or the clause its syntax needs
 * (SET a = b or SET a TO b; GRANT ... ON ... TO; REVOKE ... ON ... FROM),
 * three tokens at least? */
static bool skipped_sql(const char *text, size_t len, const kp_stmt *s)
{
	const char *what = s->u.skipped.what;
	unsigned ntok;
	if (!one_case(text, len, &ntok))
		return false;
	if (terminated(text, len) && ntok >= 1)
		return true;   /* COMMIT;, RESET ALL;, BEGIN TRANSACTION; */
	if (ntok < 3)
		return false;
	if (!strcmp(what, "COPY"))
		return has_token(text, len, TK_FROM, "to");
	if (!strcmp(what, "SET"))
		return has_token(text, len, TK_EQ, "to");
	if (!strcmp(what, "VALUES"))
		return has_token(text, len, TK_LP, NULL);
	if (!strcmp(what, "GRANT") || !strcmp(what, "REVOKE"))
		return has_token(text, len, TK_ON, NULL);
	return strchr(what, ' ') && form_written(text, len, what) && (s->u.skipped.name.len || ntok >= 4);
}

bool kp_host_whole_sql(const char *text, size_t len, bool called)
{
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, text, len, 0);
	int first = kp_lex(&lx, &t);
	if (first == TK_EXPLAIN)
		first = kp_lex(&lx, &t);
	if (first == KP_TOK_EOF || first == TK_SEMI)
		return false;
	kp_unit u;
	if (!called && first != TK_SELECT && first != TK_VALUES && !kp_unit_form(text, &lx, t, &u))
		return false;   /* no statement starts so: no need to ask the parser */
	kp_source src;
	kp_source_from_string(&src, "<host>", text, len);
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	kp_list out = {0};
	int n = kp_parse_all(&out, &src, &a, &d);
	bool sql = n >= 1 && out.n == (uint32_t)n && !d.count[KP_SEV_ERROR];
	if (sql && !called) {
		const kp_stmt *s = out.items[0];
		unsigned ntok;
		if (n != 1)   /* a script: each of its statements read without an error */
			sql = one_case(text, len, &ntok);
		else if (s->kind == KP_S_SELECT) {
			/* a SELECT with a FROM is read by its shape; without, it is a
			 * statement when it needs no table: literals, functions,
			 * parameters, CURRENT_TIMESTAMP (never a name of prose) */
			sql = !s->u.select.table.len && one_case(text, len, &ntok);
			for (uint32_t k = 0; sql && k < s->u.select.items.n; k++)
				sql = !names_column(s->u.select.items.items[k], 0);
			sql = sql && !names_column(s->u.select.where, 0);
		} else if (s->kind == KP_S_SKIPPED) {
			sql = skipped_sql(text, len, s);
		} else {
			sql = one_case(text, len, &ntok);
		}
	}
	kp_arena_free(&a);
	kp_source_free(&src);
	return sql;
}
