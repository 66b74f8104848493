/* Statements read as units (unit.h): which they are, where a routine's
 * body ends, and the lines a client reads itself. */
#include "grammar/unit.h"

#include <string.h>
#include <strings.h>

#include "grammar/parser.h"

/* Is t the word w (lower case), ignoring case? */
static bool word_is(const char *text, kp_token t, const char *w)
{
	size_t n = strlen(w);
	if (t.len != n)
		return false;
	for (size_t i = 0; i < n; i++) {
		int c = (unsigned char)text[t.off + i];
		if ((c >= 'A' && c <= 'Z' ? c + 32 : c) != w[i])
			return false;
	}
	return true;
}

/* The next token after lx (a copy: nothing is reported or consumed), not
 * a hint comment. */
static int next(kp_lexer *lx, kp_token *t)
{
	int ty;
	do
		ty = kp_lex(lx, t);
	while (ty == KP_TOK_HINT);
	return ty;
}

enum { U_BODY = 1, U_NOTE = 2 };

/* Statements recognised by their first keyword, and the second one when
 * the first alone does not decide. Words are compared as written, ignoring
 * case; tok is the first token's type (TK_ID for a word that is no
 * keyword). */
static const struct form {
	int tok;                /* first token type */
	const char *w1;         /* its word when tok is TK_ID, else NULL */
	const char *w2;         /* the second word, or NULL: any */
	const char *what;       /* the form, as explain prints it */
	unsigned flags;         /* U_* */
} forms[] = {
	{TK_USE, NULL, NULL, "USE", 0}, {TK_ID, "show", NULL, "SHOW", 0},
	{TK_ID, "describe", NULL, "DESCRIBE", 0}, {TK_DESC, NULL, NULL, "DESCRIBE", 0},
	{TK_ID, "grant", NULL, "GRANT", 0}, {TK_ID, "revoke", NULL, "REVOKE", 0},
	{TK_ID, "truncate", NULL, "TRUNCATE", 0}, {TK_ID, "declare", NULL, "DECLARE CURSOR", 0},
	{TK_ID, "open", NULL, "OPEN CURSOR", 0}, {TK_FETCH, NULL, NULL, "FETCH", 0},
	{TK_ID, "close", NULL, "CLOSE CURSOR", 0}, {TK_ID, "trace", NULL, "TRACE", 0},
	{TK_ID, "list", "jars", "LIST JARS", 0}, {TK_ADD, NULL, "jars", "ADD JARS", 0},
	{TK_ID, "execute", "upgrade", "EXECUTE UPGRADE", 0}, {TK_DELETE, NULL, "jar", "DELETE JAR", 0},
	{TK_UPDATE, NULL, "statistics", "UPDATE STATISTICS", 0},
	/* transactions (SQL:2016 17; MySQL 15.3.1, START TRANSACTION, BEGIN
	 * [WORK], COMMIT, ROLLBACK, SAVEPOINT, RELEASE SAVEPOINT; PostgreSQL
	 * BEGIN, START TRANSACTION, COMMIT, END, ABORT, ROLLBACK) */
	{TK_ID, "start", "transaction", "START TRANSACTION", 0}, {TK_ID, "commit", NULL, "COMMIT", 0},
	{TK_ID, "rollback", NULL, "ROLLBACK", 0}, {TK_ID, "savepoint", NULL, "SAVEPOINT", 0},
	{TK_ID, "release", NULL, "RELEASE SAVEPOINT", 0}, {TK_END, NULL, NULL, "COMMIT", 0},
	{TK_ID, "abort", NULL, "ROLLBACK", 0}, {TK_ID, "xa", NULL, "XA", 0},
	/* MySQL's prepared statements and session statements; PostgreSQL's
	 * maintenance and session statements */
	{TK_ID, "prepare", NULL, "PREPARE", 0}, {TK_ID, "execute", NULL, "EXECUTE", 0},
	{TK_ID, "deallocate", NULL, "DEALLOCATE PREPARE", 0}, {TK_ID, "lock", NULL, "LOCK", 0},
	{TK_ID, "unlock", NULL, "UNLOCK TABLES", 0}, {TK_ID, "flush", NULL, "FLUSH", 0},
	{TK_ID, "analyze", NULL, "ANALYZE", 0}, {TK_ID, "vacuum", NULL, "VACUUM", 0},
	{TK_ID, "optimize", NULL, "OPTIMIZE TABLE", 0}, {TK_ID, "reset", NULL, "RESET", 0},
	{TK_ID, "discard", NULL, "DISCARD", 0}, {TK_ID, "checkpoint", NULL, "CHECKPOINT", 0},
	{TK_ID, "refresh", NULL, "REFRESH MATERIALIZED VIEW", 0}, {TK_ID, "reindex", NULL, "REINDEX", 0},
	{TK_ID, "cluster", NULL, "CLUSTER", 0}, {TK_ID, "notify", NULL, "NOTIFY", 0},
	{TK_ID, "listen", NULL, "LISTEN", 0}, {TK_ID, "unlisten", NULL, "UNLISTEN", 0},
	{TK_COMMENT, NULL, "on", "COMMENT ON", 0}, {TK_ID, "security", "label", "SECURITY LABEL", 0},
	{TK_ID, "call", NULL, "CALL", U_NOTE},
	/* MySQL's client reads a file of statements: source file */
	{TK_ID, "source", NULL, "SOURCE", 0},
	/* PostgreSQL's DO [LANGUAGE l] $$ ... $$: an anonymous block */
	{TK_ID, "do", NULL, "DO", U_BODY | U_NOTE},
	{TK_CREATE, NULL, "sequence", "CREATE SEQUENCE", 0}, {TK_CREATE, NULL, "schema", "CREATE SCHEMA", 0},
	{TK_CREATE, NULL, "cdc", "CREATE CDC", 0},
	{TK_CREATE, NULL, "database", "CREATE DATABASE", 0}, {TK_CREATE, NULL, "namespace", "CREATE NAMESPACE", 0},
	{TK_CREATE, NULL, "user", "CREATE USER", 0}, {TK_CREATE, NULL, "role", "CREATE ROLE", 0},
	{TK_DROP, NULL, "sequence", "DROP SEQUENCE", 0}, {TK_DROP, NULL, "schema", "DROP SCHEMA", 0},
	{TK_DROP, NULL, "function", "DROP FUNCTION", 0}, {TK_DROP, NULL, "cdc", "DROP CDC", 0},
	{TK_DROP, NULL, "database", "DROP DATABASE", 0}, {TK_DROP, NULL, "namespace", "DROP NAMESPACE", 0},
	{TK_DROP, NULL, "user", "DROP USER", 0}, {TK_DROP, NULL, "role", "DROP ROLE", 0},
	/* MySQL's RENAME USER; RENAME TABLE is the grammar's */
	{TK_RENAME, NULL, "user", "RENAME USER", 0},
	{TK_DROP, NULL, "procedure", "DROP PROCEDURE", 0}, {TK_DROP, NULL, "trigger", "DROP TRIGGER", 0},
	{TK_DROP, NULL, "type", "DROP TYPE", 0}, {TK_DROP, NULL, "domain", "DROP DOMAIN", 0},
	{TK_DROP, NULL, "event", "DROP EVENT", 0}, {TK_DROP, NULL, "extension", "DROP EXTENSION", 0},
	{TK_DROP, NULL, "rule", "DROP RULE", 0}, {TK_DROP, NULL, "aggregate", "DROP AGGREGATE", 0},
	{TK_DROP, NULL, "materialized", "DROP MATERIALIZED VIEW", 0},
	{TK_DROP, NULL, "alias", "DROP ALIAS", 0}, {TK_DROP, NULL, "constant", "DROP CONSTANT", 0},
	{TK_DROP, NULL, "synonym", "DROP SYNONYM", 0}, {TK_DROP, NULL, "policy", "DROP POLICY", 0},
	/* VALUES (1, 'a'), (2, 'b'): a table of constants (SQL:2016 7.3,
	 * PostgreSQL, H2, SQLite), which reads no table */
	{TK_VALUES, NULL, NULL, "VALUES", 0},
	/* PostgreSQL's COPY t [(cols)] FROM | TO ..., COPY (query) TO ... */
	{TK_ID, "copy", NULL, "COPY", 0},
	/* SQLite: PRAGMA name [= value], ATTACH [DATABASE] file AS name, DETACH */
	{TK_ID, "pragma", NULL, "PRAGMA", 0}, {TK_ID, "attach", NULL, "ATTACH DATABASE", 0},
	{TK_ID, "detach", NULL, "DETACH DATABASE", 0},
	/* MySQL's session settings (SET NAMES utf8mb4, SET FOREIGN_KEY_CHECKS =
	 * 0), as schema dumps begin */
	{TK_SET, NULL, NULL, "SET", 0},
	{TK_ALTER, NULL, "session", "ALTER SESSION", 0}, {TK_ALTER, NULL, "database", "ALTER DATABASE", 0},
	{TK_ALTER, NULL, "user", "ALTER USER", 0}, {TK_ALTER, NULL, "system", "ALTER SYSTEM", 0},
	{TK_ALTER, NULL, "sequence", "ALTER SEQUENCE", 0}, {TK_ALTER, NULL, "function", "ALTER FUNCTION", 0},
	{TK_ALTER, NULL, "procedure", "ALTER PROCEDURE", 0}, {TK_ALTER, NULL, "type", "ALTER TYPE", 0},
	{TK_ALTER, NULL, "domain", "ALTER DOMAIN", 0}, {TK_ALTER, NULL, "schema", "ALTER SCHEMA", 0},
	{TK_ALTER, NULL, "role", "ALTER ROLE", 0}, {TK_ALTER, NULL, "extension", "ALTER EXTENSION", 0},
	{TK_ALTER, NULL, "event", "ALTER EVENT", 0}, {TK_ALTER, NULL, "trigger", "ALTER TRIGGER", 0},
	{TK_ALTER, NULL, "aggregate", "ALTER AGGREGATE", 0}, {TK_ALTER, NULL, "default", "ALTER DEFAULT PRIVILEGES", 0},
	{TK_ALTER, NULL, "materialized", "ALTER MATERIALIZED VIEW", 0},
	{TK_ALTER, NULL, "procedural", "ALTER LANGUAGE", 0}, {TK_ALTER, NULL, "language", "ALTER LANGUAGE", 0},
};

/* The objects of CREATE [OR REPLACE] [modifiers] word keyplan has no model
 * of: routines (a body), types and the rest. */
static const struct object {
	const char *word;
	const char *what;
	unsigned flags;
} objects[] = {
	{"procedure", "CREATE PROCEDURE", U_BODY | U_NOTE}, {"function", "CREATE FUNCTION", U_BODY | U_NOTE},
	{"trigger", "CREATE TRIGGER", U_BODY | U_NOTE}, {"event", "CREATE EVENT", U_BODY | U_NOTE},
	{"package", "CREATE PACKAGE", U_BODY | U_NOTE},
	{"type", "CREATE TYPE", U_NOTE}, {"domain", "CREATE DOMAIN", U_NOTE},
	{"aggregate", "CREATE AGGREGATE", U_NOTE}, {"rule", "CREATE RULE", U_NOTE},
	{"operator", "CREATE OPERATOR", 0}, {"extension", "CREATE EXTENSION", 0},
	{"language", "CREATE LANGUAGE", 0}, {"cast", "CREATE CAST", 0}, {"collation", "CREATE COLLATION", 0},
	{"conversion", "CREATE CONVERSION", 0}, {"policy", "CREATE POLICY", 0},
	{"publication", "CREATE PUBLICATION", 0}, {"subscription", "CREATE SUBSCRIPTION", 0},
	{"server", "CREATE SERVER", 0}, {"tablespace", "CREATE TABLESPACE", 0},
	{"synonym", "CREATE SYNONYM", 0}, {"statistics", "CREATE STATISTICS", 0},
	{"materialized", "CREATE MATERIALIZED VIEW", U_NOTE}, {"foreign", "CREATE FOREIGN TABLE", 0},
	/* H2: a Java method as an SQL function (CREATE ALIAS f FOR "a.B.m",
	 * or AS its source), a constant, a table of another database; Db2's
	 * alias of a table or sequence (CREATE [PUBLIC] ALIAS a FOR t) */
	{"alias", "CREATE ALIAS", 0}, {"constant", "CREATE CONSTANT", 0}, {"linked", "CREATE LINKED TABLE", 0},
	/* SQLite: CREATE VIRTUAL TABLE t USING module(args) (fts5, rtree, an
	 * extension's): the module stores and finds its rows, no ordered key */
	{"virtual", "CREATE VIRTUAL TABLE", U_NOTE},
};

/* CREATE TYPE name AS ENUM (...) and CREATE DOMAIN name [AS] type: the
 * grammar reads them (schema.y: a column's type); CREATE TYPE's other forms
 * (composite, range, base, shell) stay units. */
static bool typed_form(const char *text, kp_lexer nl, kp_token o)
{
	bool domain = word_is(text, o, "domain");
	if (!domain && !word_is(text, o, "type"))
		return false;
	kp_token n;
	if (next(&nl, &n) != TK_ID)
		return false;
	int ty = next(&nl, &n);
	if (ty == TK_DOT) {
		if (next(&nl, &n) != TK_ID)
			return false;
		ty = next(&nl, &n);
	}
	if (domain)
		return true;   /* PostgreSQL 16, CREATE DOMAIN: AS is optional */
	if (ty != TK_AS)
		return false;
	return next(&nl, &n) == TK_ID && word_is(text, n, "enum");
}

/* Past `= user` of DEFINER = user: the user and what is glued to it
 * (`root`@`localhost`, 'u'@'%', CURRENT_USER()). */
static void skip_glued(kp_lexer *lx, kp_token *n)
{
	uint32_t end = n->off + n->len;
	for (;;) {
		kp_lexer peek = *lx;
		kp_token m;
		int ty = next(&peek, &m);
		if (ty == KP_TOK_EOF || m.off != end)
			return;
		*lx = peek;
		*n = m;
		end = m.off + m.len;
	}
}

/* CREATE [OR REPLACE] [DEFINER = user] [ALGORITHM = x] [SQL SECURITY x]
 * [TEMPORARY | TEMP | CONSTRAINT | AGGREGATE | ...] object: the object
 * word's token, lx just after it. Returns whether the table was a
 * TEMPORARY one (*temp). */
static kp_token create_object(const char *text, kp_lexer *lx, bool *temp)
{
	kp_token n;
	*temp = false;
	for (;;) {
		int ty = next(lx, &n);
		if (ty == TK_OR || ty == TK_REPLACE)
			continue;
		if (word_is(text, n, "definer") || word_is(text, n, "algorithm")) {
			if (next(lx, &n) == TK_EQ) {
				next(lx, &n);
				skip_glued(lx, &n);
			}
			continue;
		}
		if (word_is(text, n, "sql")) {
			next(lx, &n);   /* SECURITY */
			next(lx, &n);   /* DEFINER | INVOKER */
			continue;
		}
		if (word_is(text, n, "temporary") || word_is(text, n, "temp")) {
			*temp = true;
			continue;
		}
		if (n.type == TK_CONSTRAINT || word_is(text, n, "trusted") || word_is(text, n, "procedural") ||
		    word_is(text, n, "unlogged") || word_is(text, n, "global") || n.type == TK_LOCAL ||
		    word_is(text, n, "recursive") || word_is(text, n, "default") || n.type == TK_DEFAULT ||
		    word_is(text, n, "editionable") || word_is(text, n, "noneditionable") || word_is(text, n, "public")) {
			/* CREATE AGGREGATE FUNCTION is MySQL's loadable function */
			continue;
		}
		return n;
	}
}

/* The [schema.]name after the form's words (and IF [NOT] EXISTS). */
static kp_token object_name(const char *text, kp_lexer nl)
{
	kp_token n, name = {0, 0, 0};
	while (next(&nl, &n) == TK_IF || n.type == TK_NOT || n.type == TK_EXISTS || n.type == TK_TABLE ||
	       n.type == TK_OR || n.type == TK_REPLACE || word_is(text, n, "function") ||
	       word_is(text, n, "temporary") || word_is(text, n, "view") || n.type == TK_VIEW ||
	       word_is(text, n, "savepoint") || word_is(text, n, "prepare"))
		;
	while (n.type == TK_ID) {
		name = n;
		if (next(&nl, &n) != TK_DOT || next(&nl, &n) != TK_ID)
			break;
	}
	return name;
}

/* ALTER TABLE [ONLY] [IF EXISTS] t {ATTACH | DETACH} PARTITION ...
 * (PostgreSQL: a partition's bounds; the tables stay as declared) */
static bool attach(const char *text, kp_lexer lx)
{
	kp_token n;
	if (next(&lx, &n) != TK_TABLE)
		return false;
	while (next(&lx, &n) == TK_ONLY || n.type == TK_IF || n.type == TK_EXISTS)
		;
	while (n.type == TK_ID && next(&lx, &n) == TK_DOT)
		next(&lx, &n);
	return word_is(text, n, "attach") || word_is(text, n, "detach");
}

bool kp_unit_form(const char *text, const kp_lexer *lx, kp_token t, kp_unit *u)
{
	if (t.type != TK_ID && t.type != TK_USE && t.type != TK_DESC && t.type != TK_ADD && t.type != TK_DELETE &&
	    t.type != TK_FETCH && t.type != TK_UPDATE && t.type != TK_CREATE && t.type != TK_DROP && t.type != TK_ALTER &&
	    t.type != TK_SET && t.type != TK_END && t.type != TK_COMMENT && t.type != TK_VALUES && t.type != TK_RENAME)
		return false;
	memset(u, 0, sizeof *u);
	kp_lexer after = *lx;
	after.report = NULL;
	kp_token second = {0, 0, 0};
	bool have_second = false;
	if (t.type == TK_CREATE) {
		kp_lexer ol = after;
		bool temp;
		kp_token o = create_object(text, &ol, &temp);
		if (temp && (o.type == TK_TABLE || o.type == TK_VIEW)) {
			/* a temporary table or view lives for its session only */
			u->what = o.type == TK_TABLE ? "CREATE TEMPORARY TABLE" : "CREATE TEMPORARY VIEW";
			u->kw = o;
			u->name = object_name(text, ol);
			return true;
		}
		bool typed = typed_form(text, ol, o);
		for (size_t i = 0; i < sizeof objects / sizeof objects[0] && !typed; i++)
			if (word_is(text, o, objects[i].word)) {
				u->what = objects[i].what;
				u->kw = o;
				u->body = objects[i].flags & U_BODY;
				u->note = objects[i].flags & U_NOTE;
				if (word_is(text, o, "materialized") || word_is(text, o, "foreign") || word_is(text, o, "virtual")) {
					kp_token v;
					next(&ol, &v);   /* VIEW, TABLE */
				}
				u->name = object_name(text, ol);
				return true;
			}
	}
	if (t.type == TK_ALTER && attach(text, after)) {
		u->what = "ALTER TABLE ... ATTACH PARTITION";
		u->kw = t;
		return true;
	}
	if (t.type == TK_ID && word_is(text, t, "begin")) {
		/* BEGIN [WORK | TRANSACTION | ISOLATION ... | READ ...]; is a
		 * transaction; BEGIN followed by statements, a block to its END */
		kp_lexer peek = after;
		kp_token n;
		int ty = next(&peek, &n);
		u->kw = t;
		if (ty == TK_SEMI || ty == KP_TOK_EOF || word_is(text, n, "work") || word_is(text, n, "transaction") ||
		    word_is(text, n, "isolation") || word_is(text, n, "read") || word_is(text, n, "deferred") ||
		    word_is(text, n, "immediate") || word_is(text, n, "exclusive") || word_is(text, n, "tran")) {
			u->what = "BEGIN";
		} else {
			u->what = "BEGIN ... END block";
			u->body = u->note = true;
		}
		return true;
	}
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		const struct form *f = &forms[i];
		if (f->tok != t.type || (f->w1 && !word_is(text, t, f->w1)))
			continue;
		if (f->w2) {
			if (!have_second) {
				kp_lexer peek = after;
				next(&peek, &second);
				have_second = true;
			}
			if (!word_is(text, second, f->w2))
				continue;
		}
		u->what = f->what;
		u->kw = t;
		u->body = f->flags & U_BODY;
		u->note = f->flags & U_NOTE;
		kp_lexer nl = after;
		if (f->w2) {
			kp_token n;
			next(&nl, &n);
		}
		u->name = object_name(text, nl);
		return true;
	}
	return false;
}

int kp_unit_depth(const char *text, const kp_lexer *lx, kp_token t)
{
	if (t.type == TK_CASE || (t.type == TK_ID && word_is(text, t, "begin")))
		return 1;
	if (t.type != TK_END)
		return 0;
	kp_lexer peek = *lx;
	peek.report = NULL;
	kp_token n;
	int ty = next(&peek, &n);
	if (ty == TK_IF || word_is(text, n, "loop") || word_is(text, n, "while") || word_is(text, n, "repeat") ||
	    word_is(text, n, "for"))
		return 0;
	/* END CASE closes a CASE: the CASE word after it counts +1 again */
	return ty == TK_CASE ? -2 : -1;
}

size_t kp_unit_blank(const char *text, size_t len, size_t pos, bool hash)
{
	while (pos < len) {
		char c = text[pos];
		if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
			pos++;
		} else if ((c == '-' && pos + 1 < len && text[pos + 1] == '-') || (c == '#' && hash)) {
			while (pos < len && text[pos] != '\n')
				pos++;
		} else if (c == '/' && pos + 1 < len && text[pos + 1] == '*') {
			/* bounded by len, never strstr: the text need not end in a
			 * NUL at len (a window of the file), may hold NUL bytes,
			 * and a sanitizer's strstr measures the whole rest of the
			 * text on every call (2,100,000 comments took minutes) */
			size_t e = pos + 2;
			for (;;) {
				const char *star = e < len ? memchr(text + e, '*', len - e) : NULL;
				if (!star)
					return pos;   /* unterminated: the lexer says so */
				e = (size_t)(star - text) + 1;
				if (e < len && text[e] == '/')
					break;
			}
			pos = e + 1;
		} else {
			break;
		}
	}
	return pos;
}

size_t kp_unit_client_line(const char *text, size_t len, size_t at, char *delim, uint8_t *dlen,
                           const char **what)
{
	static const char kw[] = "delimiter";
	if (at >= len || (text[at] != '\\' && (len - at < sizeof kw || strncasecmp(text + at, kw, sizeof kw - 1) != 0 ||
	                                        (text[at + sizeof kw - 1] != ' ' && text[at + sizeof kw - 1] != '\t'))))
		return 0;   /* decided before the line is scanned: a statement may be a long line */
	if (text[at] == '\\') {
		/* psql: a backslash command is first on its line */
		size_t b = at;
		while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == '\t'))
			b--;
		if (b > 0 && text[b - 1] != '\n')
			return 0;
	}
	size_t eol = at;
	while (eol < len && text[eol] != '\n' && text[eol] != 0)
		eol++;
	if (text[at] == '\\') {
		*what = "psql meta-command";
		return eol;
	}
	size_t s = at + sizeof kw - 1;
	while (s < eol && (text[s] == ' ' || text[s] == '\t'))
		s++;
	size_t e = s;
	while (e < eol && text[e] != ' ' && text[e] != '\t' && text[e] != '\r')
		e++;
	if (e == s)
		return 0;
	size_t n = e - s > KP_MAX_DELIM ? KP_MAX_DELIM : e - s;
	memcpy(delim, text + s, n);
	delim[n] = 0;
	*dlen = n == 1 && delim[0] == ';' ? 0 : (uint8_t)n;
	*what = "DELIMITER";
	return eol;
}

size_t kp_unit_copy_data(const char *text, size_t len, size_t pos, bool *ended)
{
	*ended = false;
	/* the data starts on the line after the statement's ';' */
	const char *nl = pos < len ? memchr(text + pos, '\n', len - pos) : NULL;
	size_t q = nl ? (size_t)(nl - text) + 1 : len;
	while (q < len) {
		nl = memchr(text + q, '\n', len - q);
		size_t eol = nl ? (size_t)(nl - text) : len;
		size_t n = eol - q;
		if (n && text[eol - 1] == '\r')
			n--;
		if (n == 2 && text[q] == '\\' && text[q + 1] == '.') {
			*ended = true;
			return nl ? eol + 1 : len;
		}
		q = nl ? eol + 1 : len;
	}
	return len;
}
