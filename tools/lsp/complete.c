/* Completion from the catalog, by where the cursor is: tables after FROM,
 * JOIN, INTO and UPDATE; the columns of the statement's tables elsewhere
 * (key columns first, with their place in the key); inside a hint comment
 * the target's hints and the tables' index names. */
#include "tools/lsp/lsp.h"

#include <stdlib.h>
#include <string.h>

#include "grammar/lexer.h"
#include "grammar/parser.h"

enum { CTX_NONE, CTX_TABLES, CTX_COLUMNS, CTX_HINTS };

static cJSON *item(const char *label, int kind, const char *detail, const char *sort)
{
	cJSON *o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "label", label);
	cJSON_AddNumberToObject(o, "kind", kind);
	if (detail)
		cJSON_AddStringToObject(o, "detail", detail);
	if (sort)
		cJSON_AddStringToObject(o, "sortText", sort);
	return o;
}

static bool is_table_kw(int ty)
{
	return ty == TK_FROM || ty == TK_JOIN || ty == TK_INTO || ty == TK_UPDATE;
}

/* Adds the table named by the token, once. */
static void add_table(kp_catalog *cat, const char *t, kp_token tok, bool upper, kp_table **v, int *n, int cap)
{
	char name[256];
	size_t len = tok.len;
	const char *p = t + tok.off;
	if (len >= 2 && (p[0] == '`' || p[0] == '"')) {
		p++;
		len -= 2;
	}
	if (len >= sizeof name)
		return;
	for (size_t i = 0; i < len; i++)
		name[i] = upper && p[i] >= 'a' && p[i] <= 'z' ? (char)(p[i] - 32) : p[i];
	name[len] = 0;
	kp_table *x = kp_catalog_find(cat, name, (uint32_t)len);
	if (!x)
		return;
	for (int i = 0; i < *n; i++)
		if (v[i] == x)
			return;
	if (*n < cap)
		v[(*n)++] = x;
}

void kp_lsp_completion(kp_lsp *s, const cJSON *id, const cJSON *params)
{
	kp_lsp_doc *d = kp_lsp_doc_of(s, id, params);
	if (!d)
		return;
	size_t off;
	if (!kp_lsp_offset(s, d, cJSON_GetObjectItemCaseSensitive(params, "position"), &off)) {
		kp_rpc_error(&s->out, id, KP_RPC_INVALID_PARAMS, "params.position is missing or malformed");
		return;
	}
	cJSON *res = cJSON_CreateObject();
	cJSON_AddBoolToObject(res, "isIncomplete", 0);
	cJSON *items = cJSON_AddArrayToObject(res, "items");
	if (d->lang != KP_LANG_SQL || !d->nrefs) {
		kp_rpc_result(&s->out, id, res);
		return;
	}
	kp_catalog *cat = d->ws->pipe.cat;
	bool upper = cat->names == KP_NAMES_UPPER;
	/* the chunk holding the cursor */
	uint32_t lo = 0, hi = d->nrefs;
	while (hi - lo > 1) {
		uint32_t mid = (lo + hi) / 2;
		if (d->refs[mid].base <= off)
			lo = mid;
		else
			hi = mid;
	}
	size_t base = d->refs[lo].base, stop = base + d->refs[lo].len;
	const char *t = d->t.text;
	int ctx = CTX_NONE;
	/* a hint comment open before the cursor */
	for (size_t i = off; i >= base + 3 && i > 2; i--) {
		if (t[i - 1] == '/' && t[i - 2] == '*')
			break;
		if (t[i - 3] == '/' && t[i - 2] == '*' && t[i - 1] == '+') {
			ctx = CTX_HINTS;
			break;
		}
	}
	kp_table *tables[16];
	int ntables = 0;
	kp_lexer lx;
	kp_lexer_init(&lx, t, d->t.len, base);
	lx.hash_comment = !upper;
	kp_token tok;
	int last_kw = 0;
	bool only_names = true;   /* since the last table keyword: names, dots, commas */
	int ty;
	while ((ty = kp_lex(&lx, &tok)) != KP_TOK_EOF && tok.off < stop) {
		bool before = tok.off + tok.len < off || (tok.off + tok.len == off && ty != TK_ID);
		if (is_table_kw(ty)) {
			kp_token nt;
			kp_lexer peek = lx;
			if (kp_lex(&peek, &nt) == TK_ID)
				add_table(cat, t, nt, upper, tables, &ntables, 16);
			if (before) {
				last_kw = ty;
				only_names = true;
			}
			continue;
		}
		if (!before || tok.off >= off)
			continue;
		if (ty == TK_SELECT || ty == TK_WHERE || ty == TK_BY || ty == TK_SET || ty == TK_ON || ty == TK_AND ||
		    ty == TK_OR) {
			last_kw = ty;
			only_names = true;
		} else if (ty != TK_ID && ty != TK_COMMA && ty != TK_DOT) {
			only_names = false;
			if (is_table_kw(last_kw))
				last_kw = 0;
		}
	}
	if (ctx != CTX_HINTS) {
		if (is_table_kw(last_kw) && only_names)
			ctx = CTX_TABLES;
		else if (last_kw)
			ctx = CTX_COLUMNS;
	}
	uint32_t sbase;
	const kp_lsp_stmt *st = kp_lsp_stmt_at(d, off, &sbase);
	if (st && st->table) {
		kp_table *x = kp_catalog_find(cat, st->table, (uint32_t)strlen(st->table));
		bool have = false;
		for (int i = 0; i < ntables; i++)
			have |= tables[i] == x;
		if (x && !have && ntables < 16)
			tables[ntables++] = x;
	}
	kp_buf det = {0}, sort = {0};
	if (ctx == CTX_TABLES || (ctx == CTX_NONE && !ntables)) {
		for (int i = 0; i < cat->ntables; i++) {
			kp_table *x = cat->tables[i];
			if (x->dropped)
				continue;
			kp_buf_clear(&det);
			kp_buf_puts(&det, x->is_view ? "view " : "table ");
			kp_key_notation(&det, x, &x->pk);
			kp_buf_putc(&det, 0);
			cJSON_AddItemToArray(items, item(x->name, 7 /* Class */, det.data, NULL));
		}
	} else if (ctx == CTX_COLUMNS || ctx == CTX_NONE) {
		for (int k = 0; k < ntables; k++) {
			kp_table *x = tables[k];
			for (int c = 0; c < x->ncols; c++) {
				kp_column *col = &x->cols[c];
				if (col->dropped)
					continue;
				kp_buf_clear(&det);
				kp_buf_clear(&sort);
				kp_buf_printf(&det, "%s", col->type_name ? col->type_name : "");
				if (col->key_pos >= 0) {
					kp_buf_printf(&det, ", key part %d of %d of %s", col->key_pos + 1, x->pk.n, x->name);
					kp_buf_printf(&sort, "0%d%03d", k, col->key_pos);
				} else {
					kp_buf_printf(&det, ", %s", x->name);
					kp_buf_printf(&sort, "1%d%s", k, col->name);
				}
				kp_buf_putc(&det, 0);
				kp_buf_putc(&sort, 0);
				cJSON_AddItemToArray(items, item(col->name, 5 /* Field */, det.data, sort.data));
			}
		}
	} else if (ctx == CTX_HINTS) {
		bool phx_target = d->ws->target == KP_TARGET_PHOENIX;
		bool phx;
		const char *form, *name;
		for (int i = 0; (name = kp_hint_known(i, &phx, &form)); i++) {
			if (phx != phx_target)
				continue;
			cJSON_AddItemToArray(items, item(phx ? form : name, 14 /* Keyword */, form, NULL));
		}
		for (int k = 0; k < ntables; k++)
			for (int i = 0; i < tables[k]->nindexes; i++) {
				kp_index *ix = tables[k]->indexes[i];
				kp_buf_clear(&det);
				kp_buf_printf(&det, "index on %s ", tables[k]->name);
				kp_key_notation(&det, tables[k], &ix->key);
				kp_buf_putc(&det, 0);
				cJSON_AddItemToArray(items, item(ix->name, 18 /* Reference */, det.data, NULL));
			}
	}
	kp_buf_free(&det);
	kp_buf_free(&sort);
	kp_rpc_result(&s->out, id, res);
}
