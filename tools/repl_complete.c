/* The shell's completion: what the word being typed may become, by where
 * it stands. After FROM, JOIN, UPDATE, INTO, TABLE or CREATE INDEX ... ON:
 * tables. Where a column may come (after SELECT, WHERE, AND, OR, SET, BY,
 * HAVING, a comparison, a comma or a parenthesis): the columns of the
 * tables the statement names (those typed after the cursor too); when
 * none fits, or elsewhere, keywords, tables and those columns. A dot-command line: the commands, then a table (.schema,
 * .indexes, .advise, .try), a column of that table (.try's key), a format,
 * a target or a file (.read). */
#include "tools/replInt.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "grammar/lexer.h"
#include "grammar/parser.h"

static const char *const keywords[] = {
	"SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "IN", "IS", "NULL", "LIKE", "BETWEEN", "ORDER",
	"BY", "ASC", "DESC", "LIMIT", "OFFSET", "GROUP", "HAVING", "CREATE", "TABLE", "INDEX", "PRIMARY",
	"KEY", "INCLUDE", "DROP", "INSERT", "UPSERT", "INTO", "VALUES", "UPDATE", "SET", "DELETE",
	"EXPLAIN", "DISTINCT", "ALLOW", "FILTERING", "BIGINT", "VARCHAR", "INT", "DOUBLE", "BOOLEAN",
	"TIMESTAMP", NULL};

static const char *const commands[] = {".help", ".tables", ".schema", ".indexes", ".read", ".format",
                                       ".target", ".tenant", ".advise", ".try", ".quit", NULL};

typedef struct matches {
	char **items;           /* NULL-terminated */
	size_t n, cap;
} matches;

static void add(matches *m, const char *s, const char *word)
{
	size_t len = strlen(word);
	if (strncasecmp(s, word, len) != 0)
		return;
	for (size_t i = 0; i < m->n; i++)
		if (!strcmp(m->items[i], s))
			return;
	if (m->n + 2 > m->cap) {
		m->cap = m->cap ? m->cap * 2 : 16;
		m->items = realloc(m->items, sizeof(char *) * m->cap);
		if (!m->items)
			abort();
	}
	char *c = strdup(s);
	if (!c)
		abort();
	m->items[m->n++] = c;
	m->items[m->n] = NULL;
}

static void add_keywords(matches *m, const char *word)
{
	/* in the case the user is typing */
	bool lower = *word && islower((unsigned char)word[0]);
	for (int i = 0; keywords[i]; i++) {
		char buf[32];
		snprintf(buf, sizeof buf, "%s", keywords[i]);
		if (lower)
			for (char *c = buf; *c; c++)
				*c = (char)tolower((unsigned char)*c);
		add(m, buf, word);
	}
}

static void add_tables(matches *m, const kp_catalog *cat, const char *word)
{
	for (int i = 0; i < cat->ntables; i++)
		if (!cat->tables[i]->dropped)
			add(m, cat->tables[i]->name, word);
}

static void add_columns(matches *m, const kp_table *t, const char *word)
{
	for (int i = 0; i < t->ncols; i++)
		if (!t->cols[i].dropped)
			add(m, t->cols[i].name, word);
}

typedef struct toks {
	int *type;
	uint32_t *off, *len;
	size_t n, cap;
} toks;

/* Every token of text (a NUL-terminated copy). */
static void lex_all(toks *t, const char *text, bool hash_comment)
{
	kp_lexer lx;
	kp_token k;
	kp_lexer_init(&lx, text, strlen(text), 0);
	lx.hash_comment = hash_comment;
	for (;;) {
		int ty = kp_lex(&lx, &k);
		if (ty == KP_TOK_EOF || (ty == KP_TOK_ERROR && lx.unterminated))
			break;
		if (t->n == t->cap) {
			t->cap = t->cap ? t->cap * 2 : 64;
			t->type = realloc(t->type, sizeof(int) * t->cap);
			t->off = realloc(t->off, sizeof(uint32_t) * t->cap);
			t->len = realloc(t->len, sizeof(uint32_t) * t->cap);
			if (!t->type || !t->off || !t->len)
				abort();
		}
		t->type[t->n] = ty;
		t->off[t->n] = k.off;
		t->len[t->n] = k.len;
		t->n++;
	}
}

static void toks_free(toks *t)
{
	free(t->type);
	free(t->off);
	free(t->len);
}

/* Does the statement create an index (CREATE ... INDEX), so that ON
 * names its table? */
static bool creates_index(const toks *t)
{
	if (!t->n || t->type[0] != TK_CREATE)
		return false;
	for (size_t i = 1; i < t->n && i < 5; i++)
		if (t->type[i] == TK_INDEX)
			return true;
	return false;
}

static bool names_table_next(const toks *t, size_t i)
{
	int ty = t->type[i];
	return ty == TK_FROM || ty == TK_JOIN || ty == TK_UPDATE || ty == TK_INTO || ty == TK_TABLE ||
	       (ty == TK_ON && creates_index(t));
}

/* The tables the statement text names (after FROM, JOIN, UPDATE, INTO,
 * TABLE, or ON in CREATE INDEX), at most max. */
static int named_tables(kp_repl *r, const char *text, const kp_table **out, int max)
{
	toks t = {0};
	bool upper = r->p.cat->names == KP_NAMES_UPPER;
	lex_all(&t, text, !upper);
	int n = 0;
	kp_arena a;
	kp_arena_init(&a);
	for (size_t i = 0; i + 1 < t.n && n < max; i++) {
		if (!names_table_next(&t, i))
			continue;
		for (size_t j = i + 1; j < t.n && n < max; j++) {
			kp_name nm = kp_ast_name_folded(&a, text, t.off[j], t.len[j], upper);
			const kp_table *tb = kp_catalog_find(r->p.cat, nm.s, nm.len);
			if (tb) {
				bool dup = false;
				for (int k = 0; k < n; k++)
					dup |= out[k] == tb;
				if (!dup)
					out[n++] = tb;
			}
			/* FROM a, b: a comma goes on to the next table */
			if (j + 1 < t.n && t.type[j + 1] == TK_COMMA && t.type[i] == TK_FROM) {
				j++;
				continue;
			}
			break;
		}
	}
	kp_arena_free(&a);
	toks_free(&t);
	return n;
}

/* Is the token before the word one after which a column may come? */
static bool column_may_follow(int ty)
{
	return ty == TK_SELECT || ty == TK_WHERE || ty == TK_AND || ty == TK_OR || ty == TK_NOT ||
	       ty == TK_SET || ty == TK_BY || ty == TK_HAVING || ty == TK_ON || ty == TK_COMMA ||
	       ty == TK_LP || ty == TK_DISTINCT || ty == TK_EQ || ty == TK_NE || ty == TK_LT ||
	       ty == TK_LE || ty == TK_GT || ty == TK_GE;
}

/* The last clause keyword of the statement so far. */
static int last_clause(const toks *t)
{
	for (size_t i = t->n; i-- > 0;) {
		int ty = t->type[i];
		if (ty == TK_SELECT || ty == TK_FROM || ty == TK_WHERE || ty == TK_SET || ty == TK_BY ||
		    ty == TK_HAVING || ty == TK_LIMIT || ty == TK_VALUES)
			return ty;
	}
	return 0;
}

static char **dot_completions(kp_repl *r, const char *line, const char *word, bool *files)
{
	matches m = {0};
	const char *sp = line;
	while (*sp && *sp != ' ' && *sp != '\t')
		sp++;
	if (!*sp) {
		/* the command itself */
		for (int i = 0; commands[i]; i++)
			add(&m, commands[i], word);
		return m.items ? m.items : calloc(1, sizeof(char *));
	}
	size_t cl = (size_t)(sp - line);
	const char *arg = sp;
	while (*arg == ' ' || *arg == '\t')
		arg++;
	bool first_arg = !strchr(arg, ' ') && !strchr(arg, '\t');
	if (cl == 7 && !strncmp(line, ".format", 7)) {
		add(&m, "text", word);
		add(&m, "json", word);
	} else if (cl == 7 && !strncmp(line, ".target", 7)) {
		static const char *const t[] = {"lindorm", "tablestore", "phoenix", "generic", NULL};
		for (int i = 0; t[i]; i++)
			add(&m, t[i], word);
	} else if (cl == 5 && !strncmp(line, ".read", 5)) {
		*files = true;
		return NULL;
	} else if (first_arg && ((cl == 7 && !strncmp(line, ".schema", 7)) || (cl == 8 && !strncmp(line, ".indexes", 8)) ||
	                         (cl == 7 && !strncmp(line, ".advise", 7)) || (cl == 4 && !strncmp(line, ".try", 4)))) {
		add_tables(&m, r->p.cat, word);
	} else if (cl == 4 && !strncmp(line, ".try", 4)) {
		/* .try TABLE PRIMARY KEY (col, ...): the table's columns */
		const kp_table *t[1];
		char *copy = strdup(arg);
		if (!copy)
			abort();
		char *end = copy;
		while (*end && *end != ' ' && *end != '\t')
			end++;
		*end = 0;
		kp_arena a;
		kp_arena_init(&a);
		kp_name nm = kp_ast_name_folded(&a, copy, 0, (uint32_t)strlen(copy),
		                                r->p.cat->names == KP_NAMES_UPPER);
		t[0] = kp_catalog_find(r->p.cat, nm.s, nm.len);
		kp_arena_free(&a);
		free(copy);
		if (t[0])
			add_columns(&m, t[0], word);
		add(&m, "PRIMARY", word);
		add(&m, "KEY", word);
		add(&m, "DESC", word);
	}
	return m.items ? m.items : calloc(1, sizeof(char *));
}

char **kp_repl_completions(kp_repl *r, const char *before, const char *after, const char *word, bool *files)
{
	*files = false;
	const char *p = before;
	while (*p == ' ' || *p == '\t' || *p == '\n')
		p++;
	if ((*p == '.' || (!*p && *word == '.')) && !strchr(p, '\n')) {
		size_t n = strlen(p) + strlen(word) + strlen(after);
		char *line = malloc(n + 1);
		if (!line)
			abort();
		snprintf(line, n + 1, "%s%s%s", p, word, after);
		line[strlen(p) + strlen(word)] = 0;   /* the command up to the word's end */
		char **res = dot_completions(r, line, word, files);
		free(line);
		return res;
	}
	matches m = {0};
	toks t = {0};
	bool upper = r->p.cat->names == KP_NAMES_UPPER;
	lex_all(&t, before, !upper);
	int prev = t.n ? t.type[t.n - 1] : 0;
	bool tables_here = t.n && (names_table_next(&t, t.n - 1) || (prev == TK_COMMA && last_clause(&t) == TK_FROM));
	if (tables_here) {
		add_tables(&m, r->p.cat, word);
	} else {
		/* the whole statement: a FROM may come after the cursor */
		size_t n = strlen(before) + strlen(word) + strlen(after);
		char *all = malloc(n + 2);
		if (!all)
			abort();
		snprintf(all, n + 2, "%s%s%s", before, word, after);
		const kp_table *named[8];
		int nn = named_tables(r, all, named, 8);
		free(all);
		if (column_may_follow(prev))
			for (int i = 0; i < nn; i++)
				add_columns(&m, named[i], word);
		if (!m.n) {
			/* no column fits: a keyword, a table, another column */
			add_keywords(&m, word);
			add_tables(&m, r->p.cat, word);
			for (int i = 0; i < nn; i++)
				add_columns(&m, named[i], word);
		}
	}
	toks_free(&t);
	return m.items ? m.items : calloc(1, sizeof(char *));
}
