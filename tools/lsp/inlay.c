/* Inlay hints: each statement's access class (GET, SCAN, FILTERED SCAN,
 * SEARCH, FULL SCAN, REJECTED) at its end, after its ';'. Switched off by
 * the inlayHints setting. */
#include "tools/lsp/lsp.h"

#include <string.h>

void kp_lsp_inlay(kp_lsp *s, const cJSON *id, const cJSON *params)
{
	kp_lsp_doc *d = kp_lsp_doc_of(s, id, params);
	if (!d)
		return;
	const cJSON *range = cJSON_GetObjectItemCaseSensitive(params, "range");
	size_t from = 0, to = d->t.len;
	if (range && (!kp_lsp_offset(s, d, cJSON_GetObjectItemCaseSensitive(range, "start"), &from) ||
	              !kp_lsp_offset(s, d, cJSON_GetObjectItemCaseSensitive(range, "end"), &to))) {
		kp_rpc_error(&s->out, id, KP_RPC_INVALID_PARAMS, "params.range is malformed");
		return;
	}
	cJSON *arr = cJSON_CreateArray();
	for (uint32_t i = 0; s->inlay && i < d->nrefs; i++) {
		const kp_lsp_ref *r = &d->refs[i];
		if (r->base > to || r->base + r->len < from)
			continue;
		for (uint32_t k = 0; k < r->c->nstmts; k++) {
			const kp_lsp_stmt *st = &r->c->stmts[k];
			if (!st->label)
				continue;
			size_t at = r->base + st->end;
			if (at < d->t.len && d->t.text[at] == ';')
				at++;
			if (at < from || at > to)
				continue;
			cJSON *h = cJSON_CreateObject();
			cJSON_AddItemToObject(h, "position", kp_lsp_pos(s, d, at));
			cJSON_AddStringToObject(h, "label", st->label);
			cJSON_AddBoolToObject(h, "paddingLeft", 1);
			cJSON_AddItemToArray(arr, h);
		}
	}
	kp_rpc_result(&s->out, id, arr);
}
