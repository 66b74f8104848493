/* The shell's schema commands: .schema and .indexes, .advise, and .try,
 * which re-plans the session's queries against another key. */
#include "tools/replInt.h"

#include <string.h>
#include <strings.h>

#include "grammar/parse.h"
#include "planner/explain.h"

const kp_table *kp_repl_find_table(kp_repl *r, const char *name)
{
	const kp_table *t = kp_catalog_find(r->p.cat, name, (uint32_t)strlen(name));
	if (!t)
		fprintf(r->err, "error: no such table: %s\n", name);
	return t;
}

void kp_repl_show_schema(kp_repl *r, const kp_table *t)
{
	kp_buf b = {0};
	kp_table_ddl(&b, t, NULL, NULL, r->p.target);
	kp_buf_puts(&b, ";\n  -- key: ");
	kp_key_notation(&b, t, &t->pk);
	kp_buf_putc(&b, '\n');
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		kp_buf_printf(&b, "CREATE INDEX %s ON %s (", ix->name, t->name);
		for (int j = 0; j < ix->nuser; j++)
			kp_buf_printf(&b, "%s%s%s", j ? ", " : "", t->cols[ix->key.parts[j].col].name,
			              ix->key.parts[j].desc ? " DESC" : "");
		kp_buf_puts(&b, ");\n  -- key: ");
		kp_key_notation(&b, t, &ix->key);
		kp_buf_putc(&b, '\n');
	}
	fwrite(b.data, 1, b.len, r->out);
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
		fprintf(r->out, "%s  on %s  %s%s\n", t->indexes[i]->name, t->name, b.data,
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
		const kp_wquery *q = r->queries.items[i];
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
		if (x->key)
			kp_buf_printf(&b, "    key: %s\n", x->key);
		if (x->ddl)
			kp_buf_printf(&b, "    %s;\n", x->ddl);
	}
	if (!b.len)
		kp_buf_puts(&b, "no findings\n");
	fwrite(b.data, 1, b.len, r->out);
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
		fprintf(out, "%-*.*s | %.*s\n", TRY_COL, (int)ka, a, (int)kb, b);
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

/* .try TABLE PRIMARY KEY (...): re-plans the session's queries on TABLE
 * against that key, side by side; the real schema is left as it is. */
void kp_repl_try_key(kp_repl *r, const char *arg)
{
	char name[256];
	int n = 0;
	while (arg[n] && arg[n] != ' ' && arg[n] != '\t' && n < 255)
		n++;
	memcpy(name, arg, (size_t)n);
	name[n] = 0;
	const char *rest = arg + n;
	while (*rest == ' ' || *rest == '\t')
		rest++;
	if (!n || strncasecmp(rest, "PRIMARY KEY", 11) != 0) {
		fprintf(r->err, "error: usage: .try TABLE PRIMARY KEY (col [DESC], ...)\n");
		return;
	}
	const kp_table *t = kp_repl_find_table(r, name);
	if (!t)
		return;
	/* the table's DDL with the key replaced, parsed into a scratch catalog */
	kp_buf ddl = {0};
	kp_table_ddl(&ddl, t, NULL, NULL, KP_TARGET_GENERIC);
	char *pk = strstr(ddl.data, ", PRIMARY KEY (");
	ddl.len = (size_t)(pk - ddl.data);
	kp_buf_printf(&ddl, ", %s)", rest);
	kp_catalog tmp;
	kp_catalog_init(&tmp);
	kp_source src;
	kp_source_from_string(&src, "<.try>", ddl.data, ddl.len);
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	kp_list stmts = {0};
	kp_parse_all(&stmts, &src, &a, &d);
	if (stmts.n == 1)
		kp_catalog_apply(&tmp, stmts.items[0], &src, &a, &d);
	const kp_table *alt = kp_catalog_find(&tmp, t->name, t->name_len);
	if (!alt || d.count[KP_SEV_ERROR]) {
		fprintf(r->err, "error: cannot use that key:");
		for (const kp_diag *g = d.head; g; g = g->next)
			fprintf(r->err, " %s", g->message);
		fputc('\n', r->err);
		goto cleanup;
	}
	/* same columns in the same order, so resolved column numbers carry over */
	kp_buf now = {0}, with = {0};
	kp_key_notation(&now, t, &t->pk);
	kp_key_notation(&with, alt, &alt->pk);
	side_by_side(r->out, now.data, with.data);
	int shown = 0;
	for (uint32_t i = 0; i < r->queries.n; i++) {
		const kp_wquery *q = r->queries.items[i];
		if (q->plan.table != t)
			continue;
		kp_plan p;
		kp_diags pd = {0};
		kp_table h = *alt;
		h.indexes = NULL;
		h.nindexes = 0;
		kp_plan_on_table(&p, &h, q->stmt, r->p.opts, q->src, &a, &pd);
		kp_buf l = {0}, rt = {0};
		kp_explain_text(&l, &q->plan, q->stmt);
		kp_explain_text(&rt, &p, q->stmt);
		side_by_side(r->out, l.data, rt.data);
		kp_buf_free(&l);
		kp_buf_free(&rt);
		shown++;
	}
	if (!shown)
		fprintf(r->out, "(no queries on %s yet: type some, then .try again)\n", t->name);
	kp_buf_free(&now);
	kp_buf_free(&with);
cleanup:
	kp_source_free(&src);
	kp_catalog_free(&tmp);
	kp_arena_free(&a);
	kp_buf_free(&ddl);
}
