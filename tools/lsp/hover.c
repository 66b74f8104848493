/* Hover: on a table or column name, its DDL and where it stands in the key;
 * on a diagnostic, its rule's page (compiled in); on a statement, its plan. */
#include "tools/lsp/lsp.h"

#include <stdlib.h>
#include <string.h>

extern const struct kp_rule_page {
	const char *id;
	const char *text;
} kp_rule_pages[];

const char *kp_lsp_rule_page(const char *id)
{
	for (int k = 0; kp_rule_pages[k].id; k++)
		if (!strcmp(kp_rule_pages[k].id, id))
			return kp_rule_pages[k].text;
	return NULL;
}

/* The DDL that declares off of src, in a sql block. */
static void ddl_block(kp_buf *b, kp_lsp_ws *w, kp_source *src, uint32_t off)
{
	uint32_t a, e;
	if (!src || !kp_lsp_ws_decl(w, src, off, &a, &e))
		return;
	if (e - a > 4000)
		e = a + 4000;   /* a hover is not a file viewer */
	kp_buf_printf(b, "\n```sql\n%.*s\n```\n", (int)(e - a), src->text + a);
}

static void key_line(kp_buf *b, const kp_table *t)
{
	kp_buf_puts(b, "primary key `");
	kp_key_notation(b, t, &t->pk);
	kp_buf_puts(b, "`");
}

static void table_hover(kp_buf *b, kp_lsp_ws *w, const kp_table *t)
{
	kp_buf_printf(b, "**%s** `%s`: ", t->is_view ? "view" : "table", t->name);
	key_line(b, t);
	kp_buf_putc(b, '\n');
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		kp_buf_printf(b, "\n- index `%s` `", ix->name);
		kp_key_notation(b, t, &ix->key);
		kp_buf_puts(b, "`");
	}
	if (t->nindexes)
		kp_buf_putc(b, '\n');
	ddl_block(b, w, t->src, t->off);
}

static void column_hover(kp_buf *b, kp_lsp_ws *w, const kp_table *t, int c)
{
	const kp_column *col = &t->cols[c];
	kp_buf_printf(b, "**column** `%s.%s` %s", t->name, col->name, col->type_name ? col->type_name : "");
	if (col->length >= 0)
		kp_buf_printf(b, "(%lld)", (long long)col->length);
	kp_buf_puts(b, "\n\n");
	if (col->key_pos >= 0)
		kp_buf_printf(b, "key part %d of %d in ", col->key_pos + 1, t->pk.n);
	else
		kp_buf_puts(b, "not in the key of ");
	kp_buf_printf(b, "`%s`: ", t->name);
	key_line(b, t);
	kp_buf_putc(b, '\n');
	for (int i = 0; i < t->nindexes; i++) {
		const kp_index *ix = t->indexes[i];
		for (int k = 0; k < ix->nuser; k++)
			if (ix->key.parts[k].col == c) {
				kp_buf_printf(b, "\n- part %d of index `%s`", k + 1, ix->name);
				break;
			}
	}
	ddl_block(b, w, col->src, col->off);
}

static void index_hover(kp_buf *b, kp_lsp_ws *w, const kp_table *t, const kp_index *ix)
{
	kp_buf_printf(b, "**index** `%s` on `%s`: `", ix->name, t->name);
	kp_key_notation(b, t, &ix->key);
	kp_buf_puts(b, "`\n");
	ddl_block(b, w, ix->src, ix->off);
}

void kp_lsp_hover(kp_lsp *s, const cJSON *id, const cJSON *params)
{
	kp_lsp_doc *d = kp_lsp_doc_of(s, id, params);
	if (!d)
		return;
	size_t off;
	if (!kp_lsp_offset(s, d, cJSON_GetObjectItemCaseSensitive(params, "position"), &off)) {
		kp_rpc_error(&s->out, id, KP_RPC_INVALID_PARAMS, "params.position is missing or malformed");
		return;
	}
	kp_buf b = {0};
	size_t ra = off, rb = off;
	kp_table *t;
	int col;
	kp_index *ix;
	int kind = d->lang >= 0 ? kp_lsp_resolve(d, off, &t, &col, &ix) : 0;
	if (kind) {
		kp_buf name = {0};
		kp_lsp_word_at(d, off, &ra, &rb, &name);
		kp_buf_free(&name);
		if (kind == 1)
			table_hover(&b, d->ws, t);
		else if (kind == 2)
			column_hover(&b, d->ws, t, col);
		else
			index_hover(&b, d->ws, t, ix);
	}
	if (!b.len) {
		/* the diagnostics under the cursor: their rules' pages */
		kp_lsp_schema *sc = kp_lsp_doc_schema(d);
		uint32_t n = sc ? 1 : d->nrefs;
		bool seen[KP_R__COUNT] = {0};
		for (uint32_t i = 0; i < n; i++) {
			const kp_lsp_chunk *c = sc ? &sc->res : d->refs[i].c;
			uint32_t base = sc ? 0 : d->refs[i].base;
			if (!sc && (base > off || base + d->refs[i].len < off))
				continue;
			for (uint32_t k = 0; k < c->ndiags; k++) {
				const kp_lsp_diag *g = &c->diags[k];
				if (base + g->off > off || off > base + g->end || seen[g->rule])
					continue;
				seen[g->rule] = true;
				const char *page = kp_lsp_rule_page(kp_rule_get(g->rule)->id);
				if (!page)
					continue;
				if (b.len)
					kp_buf_puts(&b, "\n---\n\n");
				kp_buf_puts(&b, page);
				/* the page where the project reads it (.keyplan's docs-url) */
				const kp_rule_info *ri = kp_rule_get(g->rule);
				kp_buf_printf(&b, "%s[%s %s](%s/rules/%s.md)\n", b.len && b.data[b.len - 1] == '\n' ? "\n" : "\n\n",
				              ri->id, ri->slug, kp_lsp_docs_url(d->ws), ri->id);
				ra = base + g->off;
				rb = base + g->end;
			}
		}
	}
	if (!b.len) {
		uint32_t base;
		const kp_lsp_stmt *st = kp_lsp_stmt_at(d, off, &base);
		char *md = st ? kp_lsp_plan_markdown(s, d, off) : NULL;
		if (md) {
			kp_buf_puts(&b, md);
			ra = base + st->start;
			rb = base + st->end;
			free(md);
		}
	}
	if (!b.len) {
		kp_rpc_result(&s->out, id, NULL);
		return;
	}
	kp_buf_putc(&b, 0);
	cJSON *r = cJSON_CreateObject();
	cJSON *c = cJSON_AddObjectToObject(r, "contents");
	cJSON_AddStringToObject(c, "kind", "markdown");
	cJSON_AddStringToObject(c, "value", b.data);
	cJSON_AddItemToObject(r, "range", kp_lsp_range(s, d, ra, rb));
	kp_buf_free(&b);
	kp_rpc_result(&s->out, id, r);
}
