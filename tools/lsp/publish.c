/* Publishing a document's diagnostics: written straight into the message
 * (a document may have thousands, republished on every edit: building them
 * as cJSON values cost more than planning the edit, most of it in printing
 * numbers); and one diagnostic as cJSON for code actions. */
#include "tools/lsp/lsp.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/quote.h"

static char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (!p)
		abort();
	return p;
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

cJSON *kp_lsp_diag_json(kp_lsp *s, kp_lsp_doc *d, uint32_t base, const kp_lsp_diag *g)
{
	cJSON *j = cJSON_CreateObject();
	size_t off = base + g->off, end = base + g->end;
	if (off > d->t.len)
		off = d->t.len;
	if (end > d->t.len)
		end = d->t.len;
	cJSON_AddItemToObject(j, "range", kp_lsp_range(s, d, off, end));
	cJSON_AddNumberToObject(j, "severity", g->severity == KP_SEV_ERROR ? 1 : g->severity == KP_SEV_WARNING ? 2 : 3);
	const kp_rule_info *ri = kp_rule_get(g->rule);
	cJSON_AddStringToObject(j, "code", ri->id);
	cJSON *cd = cJSON_AddObjectToObject(j, "codeDescription");
	char href[256];
	snprintf(href, sizeof href, "%s/rules/%s.md", KEYPLAN_DOCS_URI, ri->id);
	cJSON_AddStringToObject(cd, "href", href);
	cJSON_AddStringToObject(j, "source", "keyplan");
	cJSON_AddStringToObject(j, "message", g->message);
	if (g->nnotes) {
		cJSON *rel = cJSON_AddArrayToObject(j, "relatedInformation");
		for (uint32_t i = 0; i < g->nnotes; i++) {
			const kp_lsp_note *n = &g->notes[i];
			cJSON *o = cJSON_CreateObject();
			cJSON *loc = cJSON_AddObjectToObject(o, "location");
			if (!n->path) {
				char *uri = xstrdup(d->uri);
				cJSON_AddStringToObject(loc, "uri", uri);
				free(uri);
				size_t no = base + n->line;
				cJSON_AddItemToObject(loc, "range", kp_lsp_range(s, d, no > d->t.len ? d->t.len : no,
				                                                  no > d->t.len ? d->t.len : no));
			} else {
				char *uri = kp_path_to_uri(n->path);
				cJSON_AddStringToObject(loc, "uri", uri);
				free(uri);
				cJSON *r = cJSON_AddObjectToObject(loc, "range");
				for (int k = 0; k < 2; k++) {
					cJSON *p = cJSON_AddObjectToObject(r, k ? "end" : "start");
					cJSON_AddNumberToObject(p, "line", n->line);
					cJSON_AddNumberToObject(p, "character", n->ch);
				}
			}
			cJSON_AddStringToObject(o, "message", n->message);
			cJSON_AddItemToArray(rel, o);
		}
	}
	return j;
}

static void put_pos(kp_buf *b, uint32_t line, uint32_t ch)
{
	kp_buf_puts(b, "{\"line\":");
	kp_buf_int(b, line);
	kp_buf_puts(b, ",\"character\":");
	kp_buf_int(b, ch);
	kp_buf_putc(b, '}');
}

static void put_range(kp_lsp *s, kp_lsp_doc *d, kp_buf *b, size_t off, size_t end)
{
	uint32_t l, c;
	if (off > d->t.len)
		off = d->t.len;
	if (end > d->t.len)
		end = d->t.len;
	kp_doc_position(&d->t, off, s->enc, &l, &c);
	kp_buf_puts(b, "{\"start\":");
	put_pos(b, l, c);
	if (end != off)
		kp_doc_position(&d->t, end, s->enc, &l, &c);
	kp_buf_puts(b, ",\"end\":");
	put_pos(b, l, c);
	kp_buf_putc(b, '}');
}

static void put_str(kp_buf *b, const char *str)
{
	kp_buf_json_str(b, str, strlen(str));
}

static const char no_schema_msg[] =
	"no schema: name the schema files in .keyplan (schema = PATH, a file or folder of CREATE TABLE statements) "
	"or in the server's schema setting";

static void put_diag(kp_lsp *s, kp_lsp_doc *d, kp_buf *b, uint32_t base, const kp_lsp_diag *g, bool no_schema,
                     bool first)
{
	kp_buf_puts(b, first ? "{\"range\":" : ",{\"range\":");
	put_range(s, d, b, (size_t)base + g->off, (size_t)base + g->end);
	int sev = g->severity == KP_SEV_ERROR ? 1 : g->severity == KP_SEV_WARNING ? 2 : 3;
	if (no_schema) {
		kp_buf_puts(b, ",\"severity\":1,\"source\":\"keyplan\",\"message\":");
		put_str(b, no_schema_msg);
		kp_buf_putc(b, '}');
		return;
	}
	const kp_rule_info *ri = kp_rule_get(g->rule);
	kp_buf_printf(b, ",\"severity\":%d,\"code\":\"%s\",\"codeDescription\":{\"href\":", sev, ri->id);
	kp_buf p = {0};
	kp_buf_printf(&p, "%s/rules/%s.md", KEYPLAN_DOCS_URI, ri->id);
	kp_buf_json_str(b, p.data, p.len);
	kp_buf_free(&p);
	kp_buf_puts(b, "},\"source\":\"keyplan\",\"message\":");
	put_str(b, g->message);
	if (g->nnotes) {
		kp_buf_puts(b, ",\"relatedInformation\":[");
		for (uint32_t i = 0; i < g->nnotes; i++) {
			const kp_lsp_note *n = &g->notes[i];
			kp_buf_puts(b, i ? ",{\"location\":{\"uri\":" : "{\"location\":{\"uri\":");
			if (!n->path) {
				put_str(b, d->uri);
				kp_buf_puts(b, ",\"range\":");
				put_range(s, d, b, (size_t)base + n->line, (size_t)base + n->line);
			} else {
				char *uri = kp_path_to_uri(n->path);
				put_str(b, uri);
				free(uri);
				kp_buf_puts(b, ",\"range\":{\"start\":");
				put_pos(b, n->line, n->ch);
				kp_buf_puts(b, ",\"end\":");
				put_pos(b, n->line, n->ch);
				kp_buf_putc(b, '}');
			}
			kp_buf_puts(b, "},\"message\":");
			put_str(b, n->message);
			kp_buf_putc(b, '}');
		}
		kp_buf_putc(b, ']');
	}
	kp_buf_putc(b, '}');
}

static void add_all(kp_lsp *s, kp_lsp_doc *d, kp_buf *b, const kp_lsp_chunk *c, uint32_t base, bool no_schema,
                    bool *said, bool *first)
{
	kp_baseline *bl = d->ws->has_baseline ? &d->ws->baseline : NULL;
	for (uint32_t i = 0; i < c->ndiags; i++) {
		const kp_lsp_diag *g = &c->diags[i];
		if (bl && kp_baseline_take(bl, g->fp, g->fp1))
			continue;   /* known: recorded in the baseline */
		bool ns = no_schema && g->rule == KP_R_UNKNOWN_TABLE;
		if (ns && *said)
			continue;   /* without a schema every table is unknown: one diagnostic says why */
		*said |= ns;
		put_diag(s, d, b, base, g, ns, *first);
		*first = false;
	}
}

/* A problem of the workspace itself (its .keyplan or baseline) as an error
 * at the top of each of its documents. */
static void add_setup_error(kp_lsp *s, kp_lsp_doc *d, kp_buf *b, const char *file, const char *msg, bool *first)
{
	kp_buf_puts(b, *first ? "{\"range\":" : ",{\"range\":");
	put_range(s, d, b, 0, 0);
	kp_buf_puts(b, ",\"severity\":1,\"source\":\"keyplan\",\"message\":");
	kp_buf m = {0};
	kp_buf_printf(&m, "%s: %s", file, msg);
	kp_buf_json_str(b, m.data, m.len);
	kp_buf_free(&m);
	kp_buf_putc(b, '}');
	*first = false;
}

void kp_lsp_publish(kp_lsp *s, kp_lsp_doc *d)
{
	kp_lsp_analyze(s, d);
	double t0 = now_ms();
	kp_buf b = {0};
	kp_buf_puts(&b, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":");
	put_str(&b, d->uri);
	if (d->version >= 0) {
		kp_buf_puts(&b, ",\"version\":");
		kp_buf_int(&b, d->version);
	}
	kp_buf_puts(&b, ",\"diagnostics\":[");
	bool first = true;
	kp_lsp_ws *w = d->ws;
	if (w->config_error)
		add_setup_error(s, d, &b, w->config, w->config_error, &first);
	if (w->baseline_error)
		add_setup_error(s, d, &b, w->baseline_path, w->baseline_error, &first);
	bool no_schema = !w->schema_given && w->pipe.cat->ntables == 0 && !d->had_ddl, said = false;
	if (w->has_baseline)
		/* the baseline's counts are the document's: lint's order within it */
		for (uint32_t i = 0; i < w->baseline.entries.n; i++) {
			kp_baseline_entry *e = w->baseline.entries.items[i];
			e->left = e->count;
		}
	kp_lsp_schema *sc = kp_lsp_doc_schema(d);
	if (sc) {
		add_all(s, d, &b, &sc->res, 0, false, &said, &first);
	} else if (d->lang >= 0 && !kp_lsp_ws_excluded(w, d->path)) {
		if (d->whole)
			add_all(s, d, &b, d->whole, 0, no_schema, &said, &first);
		for (uint32_t i = 0; i < d->nrefs; i++)
			add_all(s, d, &b, d->refs[i].c, d->refs[i].base, no_schema, &said, &first);
	}
	kp_buf_puts(&b, "]}}");
	kp_rpc_send_text(&s->out, b.data, b.len);
	kp_buf_free(&b);
	d->dirty = false;
	d->publish_ms = now_ms() - t0;
}
