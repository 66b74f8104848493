/* Is a host string SQL? The evidence its context gives (the call it is
 * passed to, the name it is assigned to) and the shape of its text (prose
 * reads as prose). docs/embedded-sql.md, "What counts as SQL". */
#include "host/host.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "grammar/lexer.h"
#include "grammar/parser.h"

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
	"PrepareContext", "Select", "Get", "MustExec", "MustExecContext", "NamedExec", "NamedExecContext",
	"NamedQuery", "NamedQueryContext", "Queryx", "QueryRowx", "QueryxContext", "QueryRowxContext",
	"SelectContext", "GetContext", "Raw", "Preparex", "PreparexContext", "Rebind",
	/* Python */
	"executemany", "executescript", "mogrify", "read_sql", "read_sql_query", "text", "fetch", "fetchrow",
	"fetchval", "exec_driver_sql", "execute_sql", "fetch_all", "fetch_one", "fetch_val", NULL};

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
	for (size_t i = 0; i + 9 <= len; i++)
		if (!memcmp(name + i, "Exception", 9))
			return true;
	return len >= 5 && !memcmp(name + len - 5, "Error", 5);
}

kp_host_evidence kp_host_call_evidence(const char *name, size_t len, const char *const *extra)
{
	if (in_list(extra, name, len))
		return KP_HE_CALL;   /* the team's word first */
	if (in_list(other_calls, name, len) || message_call(name, len))
		return KP_HE_NOT_SQL;
	if (in_list(sql_calls, name, len) || in_list(extra, name, len))
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
