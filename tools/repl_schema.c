/* The shell's schema commands: .schema and .indexes, .advise, and .try,
 * which re-plans the session's queries against another key. */
#include "tools/replInt.h"

#include <string.h>
#include <strings.h>

#include "base/quote.h"
#include "grammar/lexer.h"
#include "grammar/parse.h"
#include "grammar/parser.h"
#include "planner/explain.h"

/* Is the token at s (n bytes) a name: a word, or a quoted name? */
static bool is_name_token(const char *s, uint32_t n)
{
	unsigned char c = n ? (unsigned char)s[0] : 0;
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '"' || c == '`' ||
	       c == '[' || c >= 0x80;
}

const kp_table *kp_repl_table_arg(kp_repl *r, const char *arg, const char **rest)
{
	bool upper = r->p.cat->names == KP_NAMES_UPPER;
	kp_lexer lx;
	kp_token t;
	kp_lexer_init(&lx, arg, strlen(arg), 0);
	lx.hash_comment = !upper;   /* as the parser reads the target's SQL */
	int ty = kp_lex(&lx, &t);
	if (ty == KP_TOK_EOF || ty == KP_TOK_ERROR || !is_name_token(arg + t.off, t.len)) {
		kp_repl_error(r, "expected a table name, not '%s'", arg);
		return NULL;
	}
	kp_arena a;
	kp_arena_init(&a);
	kp_name n = kp_ast_name_folded(&a, arg, t.off, t.len, upper);
	uint32_t end = t.off + t.len;
	kp_lexer peek = lx;
	kp_token dot, second;
	if (kp_lex(&peek, &dot) == TK_DOT && kp_lex(&peek, &second) != KP_TOK_EOF &&
	    is_name_token(arg + second.off, second.len)) {
		n = kp_ast_qualified(&a, n, kp_ast_name_folded(&a, arg, second.off, second.len, upper));
		end = second.off + second.len;
	}
	const kp_table *found = kp_catalog_find(r->p.cat, n.s, n.len);
	if (!found) {
		const kp_table *near = kp_catalog_find_nocase(r->p.cat, n.s, n.len);
		if (!near)
			near = kp_catalog_nearest(r->p.cat, n.s, n.len);
		if (near)
			kp_repl_error(r, "no such table: %.*s (did you mean %s?)", (int)n.len, n.s, near->name);
		else
			kp_repl_error(r, "no such table: %.*s", (int)n.len, n.s);
	}
	kp_arena_free(&a);
	if (rest) {
		*rest = arg + end;
		while (**rest == ' ' || **rest == '\t')
			(*rest)++;
	}
	return found;
}

const kp_table *kp_repl_find_table(kp_repl *r, const char *arg)
{
	const char *rest;
	const kp_table *t = kp_repl_table_arg(r, arg, &rest);
	if (t && *rest) {
		kp_repl_error(r, "unexpected '%s' after the table name", rest);
		return NULL;
	}
	return t;
}

/* A name as the target reads it back, as kp_table_ddl writes it: Phoenix
 * (which upper-cases unquoted names) reads one with lower case, or not a
 * plain word, only "quoted"; the others get it as declared. */
static void put_name(kp_buf *b, const kp_repl *r, const char *s)
{
	if (r->p.cat->names != KP_NAMES_UPPER) {
		kp_buf_puts(b, s);
		return;
	}
	bool quote = false;
	for (const char *c = s; *c; c++)
		if (*c >= 'a' && *c <= 'z')
			quote = true;
	kp_buf_sql_name(b, s, strlen(s), quote);
}

static void put_column(kp_buf *b, const kp_repl *r, const kp_column *c)
{
	if (c->family && r->p.target == KP_TARGET_PHOENIX) {
		put_name(b, r, c->family);
		kp_buf_putc(b, '.');
	} else if (c->family) {
		kp_buf_printf(b, "`%s:%s`", c->family, c->name);
		return;
	}
	put_name(b, r, c->name);
}

static bool key_holds(const kp_key *k, int col)
{
	for (int i = 0; i < k->n; i++)
		if (k->parts[i].col == col)
			return true;
	return false;
}

/* CREATE INDEX as it was declared: its kind (UNIQUE, LOCAL, UNCOVERED,
 * USING), its columns or expressions with DESC, the columns it INCLUDEs
 * (covered, not in its key), and a partial index's WHERE. */
static void index_ddl(kp_buf *b, const kp_repl *r, const kp_table *t, const kp_index *ix)
{
	kp_buf_printf(b, "CREATE %s%s%sINDEX ", ix->unique ? "UNIQUE " : "", ix->local ? "LOCAL " : "",
	              ix->uncovered ? "UNCOVERED " : "");
	put_name(b, r, ix->name);
	if (ix->using)
		kp_buf_printf(b, " USING %s", ix->using);
	kp_buf_puts(b, " ON ");
	put_name(b, r, t->name);
	kp_buf_puts(b, " (");
	if (!ix->nuser)
		kp_buf_putc(b, '*');   /* every column (a COLUMNAR or SEARCH index) */
	for (int j = 0; j < ix->nuser; j++) {
		const kp_key_part *p = &ix->key.parts[j];
		if (j)
			kp_buf_puts(b, ", ");
		if (p->col >= 0)
			put_column(b, r, &t->cols[p->col]);
		else
			kp_key_part_name(b, t, p);
		if (p->desc)
			kp_buf_puts(b, " DESC");
	}
	kp_buf_putc(b, ')');
	int n = 0;
	for (int i = 0; ix->nuser && i < t->ncols; i++) {
		if (!ix->covers[i] || t->cols[i].dropped || key_holds(&ix->key, i))
			continue;
		kp_buf_puts(b, n++ ? ", " : " INCLUDE (");
		put_column(b, r, &t->cols[i]);
	}
	if (n)
		kp_buf_putc(b, ')');
	if (ix->where) {
		kp_buf_puts(b, " WHERE ");
		kp_expr_to_sql(b, ix->where);
	}
}

void kp_repl_show_schema(kp_repl *r, const kp_table *t)
{
	kp_buf b = {0};
	kp_table_ddl(&b, t, NULL, NULL, r->p.target);
	kp_buf_puts(&b, ";\n  -- key: ");
	if (t->pk.n)
		kp_key_notation(&b, t, &t->pk);
	else
		kp_buf_puts(&b, "none (a heap table)");
	kp_buf_putc(&b, '\n');
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		index_ddl(&b, r, t, ix);
		kp_buf_puts(&b, ";\n  -- key: ");
		if (ix->key.n)
			kp_key_notation(&b, t, &ix->key);
		else
			kp_buf_puts(&b, "none");
		if (!ix->kv)
			kp_buf_puts(&b, "  (not key-ordered)");
		kp_buf_putc(&b, '\n');
		if (ix->state != KP_IX_ACTIVE) {
			/* ALTER INDEX ... DISABLE | UNUSABLE: not used by queries */
			kp_buf_puts(&b, "ALTER INDEX ");
			put_name(&b, r, ix->name);
			kp_buf_puts(&b, " ON ");
			put_name(&b, r, t->name);
			kp_buf_puts(&b, ix->state == KP_IX_DISABLED ? " DISABLE;\n" : " UNUSABLE;\n");
		}
	}
	kp_fprintf_visible(r->out, "%s", b.data);
	kp_buf_free(&b);
}

void kp_repl_each_table(kp_repl *r, const char *arg, void (*fn)(kp_repl *, const kp_table *))
{
	if (arg && *arg) {
		const kp_table *t = kp_repl_find_table(r, arg);
		if (t)
			fn(r, t);
		return;
	}
	for (int i = 0; i < r->p.cat->ntables; i++)
		if (!r->p.cat->tables[i]->dropped)
			fn(r, r->p.cat->tables[i]);
}

void kp_repl_show_indexes(kp_repl *r, const kp_table *t)
{
	for (int i = 0; i < t->nindexes; i++) {
		kp_buf b = {0};
		kp_key_notation(&b, t, &t->indexes[i]->key);
		kp_fprintf_visible(r->out, "%s  on %s  %s%s\n", t->indexes[i]->name, t->name, b.data,
		        t->indexes[i]->kv ? "" : "  (not key-ordered)");
		kp_buf_free(&b);
	}
}

void kp_repl_advise(kp_repl *r, const char *table)
{
	const kp_table *only = table && *table ? kp_repl_find_table(r, table) : NULL;
	if (table && *table && !only)
		return;
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	kp_advisor adv;
	kp_advisor_init(&adv, r->p.cat, r->p.target, &a, &d);
	for (uint32_t i = 0; i < r->queries.n; i++) {
		const repl_query *q = r->queries.items[i];
		if (!only || q->plan.table == only)
			kp_advisor_add(&adv, q->stmt, &q->plan, q->src, q->weight);
	}
	kp_advisor_run(&adv);
	kp_buf b = {0};
	for (const kp_diag *g = d.head; g; g = g->next)
		if (!only || !g->src || strstr(g->message, only->name))
			kp_diag_format(&b, g, 0);
	int n = 0;
	for (uint32_t i = 0; i < adv.advice.n; i++) {
		const kp_advice *x = adv.advice.items[i];
		if (only && x->table != only)
			continue;
		kp_buf_printf(&b, "%s[%s] %s: %s\n", n++ ? "" : "\nadvice\n", kp_rule_get(x->rule)->id,
		              x->table->name, x->message);
		if (x->key_after)   /* with a key change: as the review's key line (E101) */
			kp_buf_printf(&b, "    key: %s (after the key change)\n", x->key_after);
		else if (x->key)
			kp_buf_printf(&b, "    key: %s\n", x->key);
		/* every line indented: the DDL may start with the annotation
		 * lines of a bucket column it adds (-- distinct: bucket 16) */
		for (const char *l = x->ddl, *nl; l; l = nl ? nl + 1 : NULL) {
			nl = strchr(l, '\n');
			kp_buf_printf(&b, "    %.*s%s\n", (int)(nl ? (size_t)(nl - l) : strlen(l)), l, nl ? "" : ";");
		}
	}
	if (!b.len)
		kp_buf_puts(&b, "no findings\n");
	kp_fprintf_visible(r->out, "%s", b.data);
	kp_buf_free(&b);
	kp_arena_free(&a);
}

/* Two texts side by side in columns of TRY_COL, each wrapped at spaces
 * (a word longer than a column is cut), so a row fits 100 columns. */
#define TRY_COL 48

static size_t wrap_piece(const char *s, size_t n)
{
	if (n <= TRY_COL)
		return n;
	size_t k = TRY_COL;
	while (k > 0 && s[k] != ' ')
		k--;
	return k ? k : TRY_COL;
}

static void side_by_side(FILE *out, const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	while (na || nb) {
		size_t ka = wrap_piece(a, na), kb = wrap_piece(b, nb);
		kp_fprintf_visible(out, "%-*.*s | %.*s\n", TRY_COL, (int)ka, a, (int)kb, b);
		a += ka;
		na -= ka;
		b += kb;
		nb -= kb;
		while (na && *a == ' ')
			a++, na--;
		while (nb && *b == ' ')
			b++, nb--;
	}
}

/* Parses text (one statement of kind) into cat; false, with the messages
 * in d, when it does not parse or apply. */
static bool apply_ddl(kp_catalog *cat, const char *name, const kp_buf *text, kp_stmt_kind kind,
                      kp_source *src, kp_arena *a, kp_diags *d)
{
	kp_source_from_string(src, name, text->data, text->len);
	kp_list stmts = {0};
	kp_parse_all(&stmts, src, a, d);
	if (stmts.n != 1 || ((kp_stmt *)stmts.items[0])->kind != kind || d->count[KP_SEV_ERROR])
		return false;
	return kp_catalog_apply(cat, stmts.items[0], src, a, d) == 0 && !d->count[KP_SEV_ERROR];
}

static void put_messages(kp_repl *r, const char *what, const kp_diags *d)
{
	kp_buf b = {0};
	for (const kp_diag *g = d->head; g; g = g->next)
		kp_buf_printf(&b, " %s", g->message);
	if (!d->head)
		kp_buf_puts(&b, " it is not one PRIMARY KEY (...) clause");
	kp_repl_error(r, "%s:%s", what, b.data);
	kp_buf_free(&b);
}

/* .try TABLE PRIMARY KEY (...): re-plans the session's queries on TABLE
 * against that key, side by side, after the DDL it tried. The table keeps
 * its secondary indexes (each re-declared on the new key, whose columns
 * it carries); the real schema is left as it is. */
void kp_repl_try_key(kp_repl *r, const char *arg)
{
	const char *rest = arg;
	const kp_table *t = *arg ? kp_repl_table_arg(r, arg, &rest) : NULL;
	if (!*arg || (t && strncasecmp(rest, "PRIMARY KEY", 11) != 0)) {
		kp_repl_error(r, "usage: .try TABLE PRIMARY KEY (col [DESC], ...)");
		return;
	}
	if (!t)
		return;
	/* the table's DDL with the key replaced, then its indexes, each
	 * parsed on its own (the typed key cannot add a statement) into a
	 * scratch catalog */
	kp_buf ddl = {0};
	kp_table_ddl(&ddl, t, NULL, NULL, KP_TARGET_GENERIC);
	char *pk = strstr(ddl.data, ", PRIMARY KEY (");
	if (!pk)   /* a heap table: its DDL ends with the column list's ')' */
		pk = strrchr(ddl.data, ')');
	ddl.len = (size_t)(pk - ddl.data);
	kp_buf_printf(&ddl, ", %s)", rest);
	kp_catalog tmp;
	kp_catalog_init(&tmp);
	kp_arena a;
	kp_arena_init(&a);
	int nsrc = t->nindexes + 1;
	kp_source *srcs = kp_arena_alloc(&a, sizeof(kp_source) * (size_t)nsrc);
	kp_diags d = {0};
	const kp_table *alt = NULL;
	if (apply_ddl(&tmp, "<.try>", &ddl, KP_S_CREATE_TABLE, &srcs[0], &a, &d))
		alt = kp_catalog_find(&tmp, t->name, t->name_len);
	if (!alt) {
		put_messages(r, "cannot use that key", &d);
		goto cleanup;
	}
	for (int i = 0; i < t->nindexes; i++) {
		kp_buf ix = {0};
		kp_diags id = {0};
		index_ddl(&ix, r, t, t->indexes[i]);
		if (!apply_ddl(&tmp, "<.try>", &ix, KP_S_CREATE_INDEX, &srcs[i + 1], &a, &id))
			put_messages(r, "the index cannot be kept with that key", &id);
		kp_buf_free(&ix);
	}
	kp_buf tried = {0};
	kp_table_ddl(&tried, alt, NULL, NULL, r->p.target);
	kp_fprintf_visible(r->out, "%s;\n", tried.data);
	kp_buf_free(&tried);
	/* same columns in the same order, so resolved column numbers carry over */
	kp_buf now = {0}, with = {0};
	kp_key_notation(&now, t, &t->pk);
	kp_key_notation(&with, alt, &alt->pk);
	side_by_side(r->out, now.data, with.data);
	int shown = 0;
	for (uint32_t i = 0; i < r->queries.n; i++) {
		const repl_query *q = r->queries.items[i];
		if (q->plan.table != t)
			continue;
		kp_plan p;
		kp_diags pd = {0};
		kp_plan_on_table(&p, alt, q->stmt, r->p.opts, q->src, &a, &pd);
		kp_buf l = {0}, rt = {0};
		kp_explain_text(&l, &q->plan, q->stmt);
		kp_explain_text(&rt, &p, q->stmt);
		side_by_side(r->out, l.data, rt.data);
		kp_buf_free(&l);
		kp_buf_free(&rt);
		shown++;
	}
	if (!shown)
		kp_fprintf_visible(r->out, "(no queries on %s yet: type some, then .try again)\n", t->name);
	kp_buf_free(&now);
	kp_buf_free(&with);
cleanup:
	for (int i = 0; i < nsrc; i++)
		if (srcs[i].text)
			kp_source_free(&srcs[i]);
	kp_catalog_free(&tmp);
	kp_arena_free(&a);
	kp_buf_free(&ddl);
}
