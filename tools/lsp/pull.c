/* Pull diagnostics (LSP 3.17 textDocument/diagnostic), offered when the
 * client says it can pull: the client asks for a document's diagnostics
 * when it wants them, naming the resultId of the ones it has, and is
 * answered "unchanged" when they are the same (the same chunks' JSON at
 * the same lines: publish.c's signature) instead of megabytes of JSON
 * again. The diagnostics of documents that change because another one did
 * (a schema file edited, a checkout, a new .keyplan) are pulled again
 * after workspace/diagnostic/refresh. Clients that cannot pull are pushed
 * textDocument/publishDiagnostics (publish.c). */
#include "tools/lsp/lsp.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* The head of a diagnostics answer written into s->pub, up to its list
 * ("items" or "ops") opened: the place of its 16-digit resultId, which
 * the caller writes once the list is made. */
size_t kp_lsp_result_head(kp_lsp *s, const cJSON *id, const char *kind, const char *list)
{
	kp_rpc_gather *g = &s->pub;
	kp_rpc_gather_reset(g);
	kp_buf *b = &g->buf;
	kp_buf_puts(b, "{\"jsonrpc\":\"2.0\",\"id\":");
	char *ids = cJSON_PrintUnformatted(id);
	kp_buf_puts(b, ids ? ids : "null");
	cJSON_free(ids);
	kp_buf_printf(b, ",\"result\":{\"kind\":\"%s\",\"resultId\":\"", kind);
	size_t rid_at = b->len;
	kp_buf_printf(b, "0000000000000000\",\"%s\":[", list);
	return rid_at;
}
void kp_lsp_pull(kp_lsp *s, const cJSON *id, const cJSON *params)
{
	kp_lsp_doc *d = kp_lsp_doc_of(s, id, params);
	if (!d)
		return;
	d->dirty = false;
	d->stale = false;
	const cJSON *prev = cJSON_GetObjectItemCaseSensitive(params, "previousResultId");
	char rid[17];
	if (cJSON_IsString(prev)) {
		/* the signature first: "unchanged" writes no diagnostic */
		snprintf(rid, sizeof rid, "%016" PRIx64, kp_lsp_diag_signature(s, d));
		if (!strcmp(prev->valuestring, rid)) {
			cJSON *r = cJSON_CreateObject();
			cJSON_AddStringToObject(r, "kind", "unchanged");
			cJSON_AddStringToObject(r, "resultId", rid);
			kp_rpc_result(&s->out, id, r);
			return;
		}
	}
	kp_rpc_gather *g = &s->pub;
	kp_buf *b = &g->buf;
	size_t rid_at = kp_lsp_result_head(s, id, "full", "items");
	uint64_t sig = kp_lsp_diag_items(s, d, g);
	kp_buf_puts(b, "]}}");
	snprintf(rid, sizeof rid, "%016" PRIx64, sig);
	memcpy(b->data + rid_at, rid, 16);
	kp_rpc_send_gather(&s->out, g);
	if (b->cap > ((size_t)64 << 20))
		kp_rpc_gather_free(g);
}

void kp_lsp_pull_refresh(kp_lsp *s)
{
	bool any = false;
	for (uint32_t i = 0; i < s->ndocs; i++) {
		any |= s->docs[i]->stale;
		s->docs[i]->stale = false;
		s->docs[i]->dirty = false;
	}
	if (!any || !s->pull_refresh)
		return;
	cJSON *m = cJSON_CreateObject();
	cJSON_AddStringToObject(m, "jsonrpc", "2.0");
	cJSON_AddNumberToObject(m, "id", (double)++s->next_id);
	cJSON_AddStringToObject(m, "method", "workspace/diagnostic/refresh");
	kp_rpc_send(&s->out, m);
}
