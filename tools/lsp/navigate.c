/* Names under the cursor, go to definition (a table, column or index to its
 * DDL) and document symbols (the tables, columns and indexes a schema file
 * declares). */
#include "tools/lsp/lsp.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '$' || (unsigned char)c >= 0x80;
}

bool kp_lsp_word_at(kp_lsp_doc *d, size_t off, size_t *start, size_t *end, kp_buf *name)
{
	const char *t = d->t.text;
	size_t n = d->t.len;
	if (off > n)
		return false;
	/* a quoted name: `a b` or "a b" on the line */
	size_t ls = off;
	while (ls > 0 && t[ls - 1] != '\n')
		ls--;
	for (size_t i = ls; i < n && t[i] != '\n' && i <= off; i++) {
		/* in application code '"' delimits the host's strings */
		if (t[i] != '`' && (t[i] != '"' || d->lang != KP_LANG_SQL))
			continue;
		const char *close = memchr(t + i + 1, t[i], n - i - 1);
		const char *nl = memchr(t + i + 1, '\n', n - i - 1);
		if (!close || (nl && nl < close))
			break;
		size_t ce = (size_t)(close - t);
		if (off > i && off <= ce) {
			*start = i;
			*end = ce + 1;
			kp_buf_put(name, t + i + 1, ce - i - 1);
			kp_buf_putc(name, 0);
			name->len--;
			return ce > i + 1;
		}
		i = ce;
	}
	size_t a = off, b = off;
	while (a > 0 && name_char(t[a - 1]))
		a--;
	while (b < n && name_char(t[b]))
		b++;
	if (a == b || isdigit((unsigned char)t[a]))
		return false;
	*start = a;
	*end = b;
	bool upper = d->ws && d->ws->pipe.cat->names == KP_NAMES_UPPER;
	for (size_t i = a; i < b; i++)
		kp_buf_putc(name, upper ? (char)toupper((unsigned char)t[i]) : t[i]);
	kp_buf_putc(name, 0);
	name->len--;
	return true;
}

/* The table the statement at off reads, or one whose DDL holds off. */
static kp_table *table_here(kp_lsp_doc *d, size_t off)
{
	kp_catalog *cat = d->ws->pipe.cat;
	uint32_t base;
	const kp_lsp_stmt *st = kp_lsp_stmt_at(d, off, &base);
	if (st && st->table) {
		kp_table *t = kp_catalog_find(cat, st->table, (uint32_t)strlen(st->table));
		if (t)
			return t;
	}
	kp_lsp_schema *sc = kp_lsp_doc_schema(d);
	if (sc)
		for (int i = 0; i < cat->ntables; i++) {
			kp_table *t = cat->tables[i];
			uint32_t a, b;
			if (!t->dropped && t->src == sc->src && kp_lsp_ws_decl(d->ws, t->src, t->off, &a, &b) &&
			    a <= off && off <= b)
				return t;
		}
	return NULL;
}

/* What the name at off declares: a table, a column of the statement's
 * table, or an index. Returns 0 for none. */
int kp_lsp_resolve(kp_lsp_doc *d, size_t off, kp_table **t, int *col, kp_index **ix)
{
	kp_buf name = {0};
	size_t a, b;
	*t = NULL;
	*col = -1;
	*ix = NULL;
	int kind = 0;
	if (!kp_lsp_word_at(d, off, &a, &b, &name)) {
		kp_buf_free(&name);
		return 0;
	}
	kp_catalog *cat = d->ws->pipe.cat;
	kp_table *here = table_here(d, off);
	if (here && (*col = kp_table_column(here, name.data, (uint32_t)name.len)) >= 0) {
		*t = here;
		kind = 2;
	} else if ((*t = kp_catalog_find(cat, name.data, (uint32_t)name.len))) {
		kind = 1;
	} else if (here && (*ix = kp_table_index(here, name.data, (uint32_t)name.len))) {
		*t = here;
		kind = 3;
	} else {
		for (int i = 0; i < cat->ntables && !kind; i++) {
			kp_table *x = cat->tables[i];
			if (x->dropped)
				continue;
			if ((*ix = kp_table_index(x, name.data, (uint32_t)name.len))) {
				*t = x;
				kind = 3;
			}
		}
	}
	kp_buf_free(&name);
	return kind;
}

void kp_lsp_definition(kp_lsp *s, const cJSON *id, const cJSON *params)
{
	kp_lsp_doc *d = kp_lsp_doc_of(s, id, params);
	if (!d)
		return;
	size_t off;
	if (!kp_lsp_offset(s, d, cJSON_GetObjectItemCaseSensitive(params, "position"), &off)) {
		kp_rpc_error(&s->out, id, KP_RPC_INVALID_PARAMS, "params.position is missing or malformed");
		return;
	}
	kp_table *t;
	int col;
	kp_index *ix;
	int kind = kp_lsp_resolve(d, off, &t, &col, &ix);
	kp_source *src = NULL;
	uint32_t at = 0;
	size_t len = 0;
	if (kind == 1) {
		src = t->src;
		at = t->off;
		len = strlen(t->name);
	} else if (kind == 2) {
		src = t->cols[col].src;
		at = t->cols[col].off;
		len = strlen(t->cols[col].name);
	} else if (kind == 3) {
		src = ix->src;
		at = ix->off;
		len = strlen(ix->name);
	}
	if (!src || at > src->len) {
		kp_rpc_result(&s->out, id, NULL);
		return;
	}
	if (at + len > src->len)
		len = src->len - at;
	kp_rpc_result(&s->out, id, kp_lsp_location(s, src->path, src, at, at + len));
}

static cJSON *symbol(kp_lsp *s, kp_lsp_doc *d, const char *name, const char *detail, int kind, size_t a, size_t b,
                     size_t sa, size_t sb)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "name", name);
	if (detail)
		cJSON_AddStringToObject(o, "detail", detail);
	cJSON_AddNumberToObject(o, "kind", kind);
	cJSON_AddItemToObject(o, "range", kp_lsp_range(s, d, a, b));
	cJSON_AddItemToObject(o, "selectionRange", kp_lsp_range(s, d, sa, sb));
	return o;
}

void kp_lsp_symbols(kp_lsp *s, const cJSON *id, const cJSON *params)
{
	kp_lsp_doc *d = kp_lsp_doc_of(s, id, params);
	if (!d)
		return;
	kp_lsp_ws_ensure(s, d->ws);
	cJSON *arr = cJSON_CreateArray();
	kp_lsp_schema *sc = kp_lsp_doc_schema(d);
	kp_catalog *cat = d->ws->pipe.cat;
	for (int i = 0; sc && i < cat->ntables; i++) {
		kp_table *t = cat->tables[i];
		if (t->dropped || t->src != sc->src || t->off > d->t.len)
			continue;
		uint32_t a = t->off, b = t->off + (uint32_t)strlen(t->name);
		if (!kp_lsp_ws_decl(d->ws, t->src, t->off, &a, &b)) {
			a = t->off;
			b = t->off + (uint32_t)strlen(t->name);
		}
		kp_buf key = {0};
		kp_key_notation(&key, t, &t->pk);
		kp_buf_putc(&key, 0);
		size_t ne = t->off + strlen(t->name) > d->t.len ? d->t.len : t->off + strlen(t->name);
		cJSON *o = symbol(s, d, t->name, key.data, t->is_view ? 13 /* Variable */ : 5 /* Class */, a,
		                  b > d->t.len ? d->t.len : b, t->off, ne);
		kp_buf_free(&key);
		cJSON *kids = cJSON_AddArrayToObject(o, "children");
		for (int c = 0; c < t->ncols; c++) {
			kp_column *col = &t->cols[c];
			if (col->dropped || col->src != t->src || col->off >= d->t.len)
				continue;
			size_t ce = col->off + strlen(col->name);
			if (ce > d->t.len)
				ce = d->t.len;
			kp_buf det = {0};
			kp_buf_puts(&det, col->type_name ? col->type_name : "");
			if (col->key_pos >= 0)
				kp_buf_printf(&det, ", key part %d", col->key_pos + 1);
			kp_buf_putc(&det, 0);
			cJSON_AddItemToArray(kids, symbol(s, d, col->name, det.data, 8 /* Field */, col->off, ce, col->off, ce));
			kp_buf_free(&det);
		}
		cJSON_AddItemToArray(arr, o);
	}
	/* indexes declared in this file, on any table */
	for (int i = 0; sc && i < cat->ntables; i++) {
		kp_table *t = cat->tables[i];
		for (int k = 0; !t->dropped && k < t->nindexes; k++) {
			kp_index *ix = t->indexes[k];
			if (ix->src != sc->src || ix->off >= d->t.len)
				continue;
			uint32_t a, b;
			if (!kp_lsp_ws_decl(d->ws, ix->src, ix->off, &a, &b)) {
				a = ix->off;
				b = ix->off + (uint32_t)strlen(ix->name);
			}
			size_t ne = ix->off + strlen(ix->name) > d->t.len ? d->t.len : ix->off + strlen(ix->name);
			kp_buf det = {0};
			kp_buf_printf(&det, "on %s ", t->name);
			kp_key_notation(&det, t, &ix->key);
			kp_buf_putc(&det, 0);
			cJSON_AddItemToArray(arr, symbol(s, d, ix->name, det.data, 20 /* Key */, a,
			                                 b > d->t.len ? d->t.len : b, ix->off, ne));
			kp_buf_free(&det);
		}
	}
	kp_rpc_result(&s->out, id, arr);
}
