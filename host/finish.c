/* A string built out of the host turned into SQL: the host's placeholders
 * made bind parameters, pasted text placed (a ? where a value goes), and
 * the test that the text starts like a statement. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "host/host.h"
#include "host/host_build.h"
#include "grammar/lexer.h"
#include "grammar/parser.h"

/* ---------------------------------------------------------- finishing */

static bool word_before(const char *text, size_t end, const char *w)
{
	size_t n = strlen(w);
	if (end < n)
		return false;
	if (strncasecmp(text + end - n, w, n))
		return false;
	return end == n || !(isalnum((unsigned char)text[end - n - 1]) || text[end - n - 1] == '_');
}

/* Does a value go where the SQL written so far (out) ends? After a
 * comparison or arithmetic operator, an opening parenthesis or comma, or
 * a keyword that takes a value: 1; after IN, where the pasted text is a
 * parenthesised list: 2; else 0. */
static int value_position(const kp_buf *out)
{
	size_t e = out->len;
	while (e > 0 && isspace((unsigned char)out->data[e - 1]))
		e--;
	if (e == 0)
		return 0;
	char c = out->data[e - 1];
	if (strchr("=<>(,+-*/|", c))
		return 1;
	if (word_before(out->data, e, "IN"))
		return 2;
	static const char *kw[] = {"LIKE", "GLOB", "LIMIT", "OFFSET", "BETWEEN", "THEN", "ELSE", "WHEN", NULL};
	for (int i = 0; kw[i]; i++)
		if (word_before(out->data, e, kw[i]))
			return 1;
	return 0;
}

/* Is the % at t[i] one of Spring Data's LIKE wrappers, LIKE %:name%,
 * LIKE %?1, LIKE :name%: right before a parameter that follows LIKE, or
 * right after one? out: the SQL so far. */
static bool like_wrap(const char *t, size_t n, size_t i, const kp_buf *out)
{
	if (i + 1 < n && (t[i + 1] == '?' || (t[i + 1] == ':' && i + 2 < n &&
	                                     (isalpha((unsigned char)t[i + 2]) || t[i + 2] == '_')))) {
		size_t e = out->len;
		while (e > 0 && isspace((unsigned char)out->data[e - 1]))
			e--;
		return word_before(out->data, e, "LIKE");
	}
	/* after: back over the parameter's name or number to its : or ? */
	size_t b = i;
	while (b > 0 && (isalnum((unsigned char)t[b - 1]) || t[b - 1] == '_'))
		b--;
	if (b == 0 || (t[b - 1] != ':' && t[b - 1] != '?') || (t[b - 1] == ':' && b == i))
		return false;
	b--;
	if (b > 0 && t[b - 1] == '%')
		b--;
	while (b > 0 && isspace((unsigned char)t[b - 1]))
		b--;
	return word_before(t, b, "LIKE");
}

/* Does a hole stand between statements: after a ';' (out: the SQL so
 * far), before the end, a ';' or the next statement's keyword (rest: the
 * text after it)? "...;" + "\n".join(inserts) + "INSERT ...". */
static bool between_statements(const kp_buf *out, const char *rest, size_t n)
{
	size_t e = out->len;
	while (e > 0 && isspace((unsigned char)out->data[e - 1]))
		e--;
	if (e == 0 || out->data[e - 1] != ';')
		return false;
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, rest, n, 0);
	switch (kp_lex(&lx, &t)) {
	case KP_TOK_EOF: case TK_SEMI: case TK_SELECT: case TK_INSERT: case TK_UPDATE: case TK_DELETE:
	case TK_CREATE: case TK_DROP: case TK_ALTER: case TK_WITH: case TK_UPSERT: case TK_REPLACE:
		return true;
	default:
		return false;
	}
}

/* The bytes that may change the quoting state or start a placeholder. */
static const bool special[256] = {['\''] = 1, ['"'] = 1, ['`'] = 1, ['-'] = 1, ['/'] = 1, ['*'] = 1,
                                  ['#'] = 1, ['$'] = 1, ['%'] = 1, ['\n'] = 1, [':'] = 1, ['?'] = 1,
                                  ['\\'] = 1, ['@'] = 1, ['<'] = 1};

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Appends n bytes to the finished SQL: byte i comes from map[i], or, with
 * no map, every byte from host. */
static void fput(kp_hbuild *f, const char *p, size_t n, const uint32_t *map, uint32_t host)
{
	kp_hb_put(f, p, n, host, false);
	if (map && n)
		memcpy(f->map + f->text.len - n, map, n * sizeof *map);
}

/* The SQL statement keywords a literal must start with, and a keyword one
 * of them needs later (so "Update failed" or "Select a file" are not
 * read as SQL): SELECT ... FROM, DELETE ... FROM, INSERT|UPSERT|REPLACE
 * ... INTO|VALUES, UPDATE ... SET, CREATE|DROP|ALTER ... TABLE|INDEX|VIEW,
 * WITH ... SELECT, TRUNCATE [TABLE] name; called (a call that runs SQL
 * takes it), SELECT and anything after it, CREATE|DROP|ALTER SEQUENCE|
 * SCHEMA|DATABASE|USER|FUNCTION|ROLE, UPDATE STATISTICS. */
static bool looks_like_sql(const char *text, size_t len, bool called, bool pasted)
{
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, text, len, 0);
	int first = kp_lex(&lx, &t);
	if (first == TK_EXPLAIN)
		first = kp_lex(&lx, &t);
	if (first == TK_SELECT && called && !kp_host_prose(text, len)) {
		/* run as SQL: SELECT 1, SELECT sleep(10) are statements, and so
		 * is "select " + expr (what it selects is pasted) */
		int ty = kp_lex(&lx, &t);
		return (ty != KP_TOK_EOF && ty != TK_SEMI) || pasted;
	}
	if (called && (first == TK_CREATE || first == TK_DROP || first == TK_ALTER || first == TK_UPDATE)) {
		/* run as SQL, the other objects the grammar reads (and skips):
		 * CREATE SEQUENCE, DROP SCHEMA, Phoenix's UPDATE STATISTICS */
		static const char *const objects[] = {"SEQUENCE", "SCHEMA", "DATABASE", "USER", "FUNCTION", "ROLE", NULL};
		kp_lexer ahead = lx;
		kp_token o;
		kp_lex(&ahead, &o);
		if (first == TK_UPDATE) {
			if (o.len == 10 && !strncasecmp(text + o.off, "STATISTICS", 10))
				return true;
		} else {
			for (size_t k = 0; objects[k]; k++)
				if (strlen(objects[k]) == o.len && !strncasecmp(text + o.off, objects[k], o.len))
					return true;
		}
	}
	int need[3] = {0, 0, 0};
	switch (first) {
	case TK_SELECT: case TK_DELETE: need[0] = TK_FROM; break;
	case TK_INSERT: case TK_UPSERT: case TK_REPLACE: need[0] = TK_INTO; need[1] = TK_VALUES; break;
	case TK_UPDATE: need[0] = TK_SET; break;
	case TK_CREATE: case TK_DROP: case TK_ALTER: need[0] = TK_TABLE; need[1] = TK_INDEX; need[2] = TK_VIEW; break;
	case TK_WITH: need[0] = TK_SELECT; break;
	case TK_ID:
		if (t.len == 8 && !strncasecmp(text + t.off, "truncate", 8)) {
			int ty = kp_lex(&lx, &t);
			if (ty == TK_TABLE)
				return true;
			if (ty != TK_ID)
				return false;
			while ((ty = kp_lex(&lx, &t)) == TK_DOT && kp_lex(&lx, &t) == TK_ID)
				;
			return ty == KP_TOK_EOF || ty == TK_SEMI;
		}
		return false;
	default: return false;
	}
	for (int k = 0; k < 4096; k++) {
		int ty = kp_lex(&lx, &t);
		if (ty == KP_TOK_EOF || ty == TK_SEMI)
			return false;
		if (ty == need[0] || ty == need[1] || ty == need[2]) {
			if (first != TK_CREATE && first != TK_DROP && first != TK_ALTER)
				return true;
			/* the object's name follows (or is pasted), or a SQL call
			 * runs it: CREATE TABLE alone is PostgreSQL's command tag,
			 * a status, not a statement */
			ty = kp_lex(&lx, &t);
			return pasted || called || (ty != KP_TOK_EOF && ty != TK_SEMI);
		}
	}
	return false;
}

/* Is the pasted expression p[0, n) a list of placeholders built in code:
 * ids.joinToString { "?" }, ",".join(["%s"] * len(ids)), String.join(",",
 * Collections.nCopies(n, "?")), strings.Repeat("?,", n)? Every string
 * literal in it holds only ?, %s, commas, parentheses and spaces, and one
 * holds a placeholder. */
static bool placeholders(const char *p, size_t n)
{
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		char q = p[i];
		if (q != '"' && q != '\'' && q != '`')
			continue;
		size_t j = i + 1;
		for (; j < n && p[j] != q; j++) {
			if (p[j] == '?')
				any = true;
			else if (p[j] == '%' && j + 1 < n && p[j + 1] == 's')
				any = true, j++;
			else if (!strchr(", ()", p[j]))
				return false;
		}
		if (j >= n)
			return false;
		i = j;
	}
	return any;
}

bool kp_hb_finish(kp_hbuild *b, kp_lang lang, bool pyformat, int check_sql, kp_source *host,
                  kp_host_variant *v)
{
	kp_hbuild f = {0};
	const char *t = b->text.data ? b->text.data : "";
	size_t n = b->text.len;
	kp_buf_grow(&f.text, n + 16);   /* the SQL is about as long as the text */
	fput(&f, "", 0, NULL, 0);
	const uint32_t *m = b->map;
	enum { S_NONE, S_SQ, S_DQ, S_BT, S_LINE, S_BLOCK } st = S_NONE;
	unsigned hi = 0, nholes = 0;
	int vp;
	bool all_values = true, between = false;
	uint32_t first_off = 0, first_len = 0;
	bool py = lang == KP_LANG_PYTHON;
	bool mybatis_marks = lang == KP_LANG_JAVA || lang == KP_LANG_KOTLIN || lang == KP_LANG_MYBATIS;
	bool spring = lang == KP_LANG_JAVA || lang == KP_LANG_KOTLIN;   /* Spring Data's @Query */
#define HOLE(hoff, hlen) do { \
		if (nholes++ == 0) { first_off = (hoff); first_len = (hlen); } \
		if (st == S_SQ) { /* inside a quoted string: its content is unknown, it stays a string */ } \
		else if (st == S_NONE && (vp = value_position(&f.text)) != 0) { \
			fput(&f, vp == 2 ? "(?)" : "?", vp == 2 ? 3 : 1, NULL, (hoff)); \
			if (i < n && (isalnum((unsigned char)t[i]) || t[i] == '_')) fput(&f, " ", 1, NULL, (hoff)); \
		} else if (st == S_NONE && between_statements(&f.text, t + i, n - i)) { \
			between = true;   /* pasted statements: the others are planned */ \
		} else if (st != S_LINE && st != S_BLOCK) all_values = false; \
	} while (0)
	size_t i = 0;
	for (;;) {
		while (hi < b->nholes && b->holes[hi].at <= i) {
			uint32_t ho = b->holes[hi].host, hl = b->holes[hi].len;
			if (st == S_NONE && ho + (size_t)hl <= host->len && placeholders(host->text + ho, hl)) {
				/* ids.joinToString { "?" }: parameters, not pasted values */
				fput(&f, "?", 1, NULL, ho);
				size_t k = i;
				while (k < n && t[k] == ' ')
					k++;
				if (k < n && (t[k] == '?' || (t[k] == '%' && k + 1 < n && t[k + 1] == 's')))
					fput(&f, ", ", 2, NULL, ho);
			} else {
				HOLE(ho, hl);
			}
			hi++;
		}
		if (i >= n)
			break;
		/* a run of bytes that change no state goes in one copy */
		size_t stop = hi < b->nholes && b->holes[hi].at < n ? b->holes[hi].at : n, j = i;
		while (j < stop && !special[(unsigned char)t[j]])
			j++;
		if (j > i) {
			fput(&f, t + i, j - i, m + i, 0);
			i = j;
			continue;
		}
		char c = t[i];
		size_t rest = n - i;
		switch (st) {
		case S_NONE:
			if (c == '\'') st = S_SQ;
			else if (c == '"') st = S_DQ;
			else if (c == '`') st = S_BT;
			else if (c == '-' && rest > 1 && t[i + 1] == '-') st = S_LINE;
			else if (c == '/' && rest > 1 && t[i + 1] == '*') {
				st = S_BLOCK;
				fput(&f, t + i, 2, m + i, 0);
				i += 2;
				continue;
			}
			break;
		case S_SQ: if (c == '\'') st = S_NONE; break;
		case S_DQ: if (c == '"') st = S_NONE; break;
		case S_BT: if (c == '`') st = S_NONE; break;
		case S_LINE: if (c == '\n') st = S_NONE; break;
		case S_BLOCK:
			if (c == '*' && rest > 1 && t[i + 1] == '/') {
				fput(&f, t + i, 2, m + i, 0);
				i += 2;
				st = S_NONE;
				continue;
			}
			break;
		}
		bool code = st == S_NONE || (st == S_SQ && c != '\'');
		if (c == '#' && st == S_NONE && spring && rest > 2 && t[i + 1] == '{' && i > 0 &&
		    (t[i - 1] == ':' || t[i - 1] == '?') && f.text.len && f.text.data[f.text.len - 1] == t[i - 1]) {
			/* Spring Data's :#{expr} and ?#{expr}: a parameter bound to the
			 * expression's value */
			size_t e = i + 2;
			int braces = 1;
			for (; e < n && braces; e++)
				braces += t[e] == '{' ? 1 : t[e] == '}' ? -1 : 0;
			if (braces == 0) {
				f.text.len--;
				fput(&f, "?", 1, NULL, m[i - 1]);
				i = e;
				continue;
			}
		}
		if (code && (c == '#' || c == '$') && mybatis_marks && rest > 2 && t[i + 1] == '{') {
			/* to the matching brace: #{ids[${index}]} is one parameter */
			size_t e = i + 2;
			int braces = 1;
			for (; e < n && braces; e++)
				braces += t[e] == '{' ? 1 : t[e] == '}' ? -1 : 0;
			const char *close = braces == 0 ? t + e - 1 : NULL;
			if (close) {
				/* (Spring Data's #{#entityName} is an expression whose
				 * value is written in: pasted text, as ${name}) */
				if (c == '#' && st == S_NONE && !(spring && t[i + 2] == '#')) {
					fput(&f, "?", 1, NULL, m[i]);   /* #{name} is a bind parameter */
				} else {
					/* ${name} is pasted in as text */
					uint32_t hoff = m[i], hend = m[e - 1] + 1;
					i = e;
					HOLE(hoff, hend > hoff ? hend - hoff : 1);
					continue;
				}
				i = e;
				continue;
			}
		}
		if (c == '@' && lang == KP_LANG_GO && st == S_NONE && rest > 1 &&
		    (isalpha((unsigned char)t[i + 1]) || t[i + 1] == '_') && (i == 0 || !ident_char(t[i - 1]))) {
			/* @name: pgx's NamedArgs, go-mssqldb's @p1 and sql.Named: a
			 * named parameter, written :name for the grammar */
			fput(&f, ":", 1, m + i, 0);
			i++;
			continue;
		}
		if (c == '<' && spring && st == S_NONE && rest > 2 && (isalpha((unsigned char)t[i + 1]) || t[i + 1] == '_') &&
		    (i == 0 || !ident_char(t[i - 1]))) {
			/* Jdbi's <name>: a defined attribute (or @BindList's list)
			 * written into the text where the template is rendered */
			size_t e = i + 1;
			while (e < n && ident_char(t[e]))
				e++;
			if (e < n && t[e] == '>') {
				uint32_t hoff = m[i], hend = m[e] + 1;
				i = e + 1;
				HOLE(hoff, hend > hoff ? hend - hoff : 1);
				continue;
			}
		}
		if (c == '\\' && py && st == S_NONE && rest > 1 && t[i + 1] == ':') {
			i++;   /* SQLAlchemy's text(): \\: is a colon, not a parameter's */
			fput(&f, ":", 1, m + i, 0);
			i++;
			continue;
		}
		if ((c == ':' || c == '?') && st == S_NONE && lang != KP_LANG_MYBATIS && rest > 1 &&
		    (c == ':' ? isalpha((unsigned char)t[i + 1]) || t[i + 1] == '_' : spring && isdigit((unsigned char)t[i + 1])) &&
		    (i == 0 || !(ident_char(t[i - 1]) || t[i - 1] == ':')) && value_position(&f.text) == 2) {
			/* IN :ids, IN ?1 (no parentheses): a collection the library
			 * writes as a list (SQLAlchemy's expanding bindparam, JPQL's
			 * and HQL's collection-valued parameters) */
			size_t e = i + 1;
			while (e < n && ident_char(t[e]))
				e++;
			fput(&f, "(", 1, NULL, m[i]);
			fput(&f, t + i, e - i, m + i, 0);
			fput(&f, ")", 1, NULL, m[e - 1]);
			i = e;
			continue;
		}
		if (c == ':' && st == S_NONE && !py && lang != KP_LANG_MYBATIS && rest > 3 &&
		    (isalpha((unsigned char)t[i + 1]) || t[i + 1] == '_') && (i == 0 || !(ident_char(t[i - 1]) ||
		    t[i - 1] == ':'))) {
			/* :user.id, a named parameter with a property path (Spring's
			 * NamedParameterJdbcTemplate, sqlx): one parameter, written
			 * :user_id so the grammar reads one name */
			size_t e = i + 1;
			while (e < n && ident_char(t[e]))
				e++;
			if (e + 1 < n && t[e] == '.' && (isalpha((unsigned char)t[e + 1]) || t[e + 1] == '_')) {
				fput(&f, t + i, e - i, m + i, 0);
				while (e + 1 < n && t[e] == '.' && (isalpha((unsigned char)t[e + 1]) || t[e + 1] == '_')) {
					fput(&f, "_", 1, NULL, m[e]);
					size_t w = ++e;
					while (e < n && ident_char(t[e]))
						e++;
					fput(&f, t + w, e - w, m + w, 0);
				}
				i = e;
				continue;
			}
		}
		if (c == '%' && spring && !pyformat && st == S_NONE && like_wrap(t, n, i, &f.text)) {
			i++;   /* Spring Data's LIKE %:name%: the % are added to the value */
			continue;
		}
		if (c == '%' && rest > 1 && (st == S_NONE || ((py || pyformat) && st == S_SQ))) {
			size_t e = i + 1;
			if (t[e] == '%' && pyformat && !py && e + 1 < n && strchr("sdrvqxfi", t[e + 1]) &&
			    (e + 2 >= n || !(isalnum((unsigned char)t[e + 2]) || t[e + 2] == '_'))) {
				/* %%s formatted is %s: a verb for a second formatting */
				uint32_t hoff = m[i];
				i = e + 2;
				HOLE(hoff, m[i - 1] + 1 - hoff);
				continue;
			}
			if (t[e] == '%' && py && pyformat && st == S_NONE && e + 1 < n && t[e + 1] == 's' &&
			    (e + 2 >= n || !(isalnum((unsigned char)t[e + 2]) || t[e + 2] == '_'))) {
				fput(&f, "?", 1, NULL, m[i]);   /* "%%s" % x is the driver's %s */
				i = e + 2;
				continue;
			}
			if (t[e] == '%' && (py || pyformat)) {
				fput(&f, "%", 1, NULL, m[i]);   /* %% is a percent sign */
				i += 2;
				continue;
			}
			bool named = false;
			if (t[e] == '(' && py) {
				const char *close = memchr(t + e, ')', n - e);
				if (close) {
					named = true;
					e = (size_t)(close - t) + 1;
				}
			}
			/* (formatted, a verb is one whatever follows it: "from %sbooze" %
			 * prefix pastes the prefix into the name) */
			if (e < n && strchr("sdrvqxfi", t[e]) && (st == S_NONE || pyformat) &&
			    (pyformat || e + 1 >= n || !(isalnum((unsigned char)t[e + 1]) || t[e + 1] == '_'))) {
				e++;
				if (py && !pyformat) {
					/* DB-API placeholders: %s is ?, %(name)s is :name; after
					 * IN, the driver writes a sequence as a parenthesised
					 * list (PyMySQL's and psycopg's escaping of a tuple) */
					bool list = st == S_NONE && value_position(&f.text) == 2;
					if (list)
						fput(&f, "(", 1, NULL, m[i]);
					if (named) {
						fput(&f, ":", 1, NULL, m[i]);
						fput(&f, t + i + 2, e - i - 4, m + i + 2, 0);
					} else {
						fput(&f, "?", 1, NULL, m[i]);
					}
					if (list)
						fput(&f, ")", 1, NULL, m[e - 1]);
					i = e;
					continue;
				}
				if (py || lang == KP_LANG_JAVA || lang == KP_LANG_KOTLIN || lang == KP_LANG_GO) {
					/* a format verb: the value is pasted in as text */
					uint32_t hoff = m[i];
					i = e;
					HOLE(hoff, m[e - 1] + 1 - hoff);
					continue;
				}
			}
		}
		fput(&f, t + i, 1, m + i, 0);
		i++;
	}
#undef HOLE
	/* the end maps to just after the last byte */
	fput(&f, "", 0, NULL, 0);   /* room for map[len] */
	f.map[f.text.len] = f.text.len ? f.map[f.text.len - 1] + 1 : (n ? m[0] : 0);
	const char *ft = f.text.data ? f.text.data : "";
	bool called = check_sql == KP_HB_CALLED || (check_sql == KP_HB_NAMED && kp_host_code_case(ft, f.text.len));
	if (check_sql && !looks_like_sql(ft, f.text.len, called, nholes > 0) &&
	    (check_sql == KP_HB_SHAPE || !kp_host_whole_sql(ft, f.text.len, called))) {
		kp_hb_free(&f);
		return false;
	}
	memset(v, 0, sizeof *v);
	v->sql.path = strdup(host->path);
	if (!v->sql.path)
		abort();
	if (!f.text.data)
		kp_buf_put(&f.text, "", 0);
	/* a file's statements are all kept until it is planned: no slack */
	char *text = realloc(f.text.data, f.text.len + 1);
	uint32_t *map = realloc(f.map, (f.text.len + 1) * sizeof *map);
	if (text)
		f.text.data = text;
	if (map)
		f.map = map;
	v->sql.text = f.text.data;
	v->sql.len = f.text.len;
	v->sql.host = host;
	v->sql.map = f.map;
	v->nholes = nholes;
	v->hole_off = first_off;
	v->hole_len = first_len;
	v->holes_planned = nholes == 0 || all_values;
	v->holes_between = between;
	return true;
}

