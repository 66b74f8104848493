/* Publishing a document's diagnostics. A document may have thousands,
 * published again after every edit, so they are not built as cJSON values
 * (that cost more than planning the edit): each chunk's diagnostics are
 * written as JSON once, with their line numbers relative to the chunk
 * (lsp.h: kp_lsp_json), and every publication copies them, writing only
 * the line numbers of chunks that moved. A publication whose content is
 * the last one's (the same chunks' JSON at the same lines) is not sent
 * again (push), or answered "unchanged" (pull: textDocument/diagnostic,
 * pull.c). And one diagnostic as cJSON for code actions. */
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
	kp_buf href = {0};
	kp_buf_printf(&href, "%s/rules/%s.md", kp_lsp_docs_url(d->ws), ri->id);
	kp_buf_putc(&href, 0);
	cJSON_AddStringToObject(cd, "href", href.data);
	kp_buf_free(&href);
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

void kp_lsp_json_free(kp_lsp_json *j)
{
	free(j);
}

/* ------------------------------------------------------------ a chunk's JSON */

/* A chunk's JSON while it is written (then copied into one block of its
 * size: a document keeps thousands). */
typedef struct jbuild {
	kp_buf text;
	kp_lsp_hole *holes;
	uint32_t nholes, hcap;
} jbuild;

static void hole(jbuild *j, uint32_t val, bool rule)
{
	if (j->nholes == j->hcap) {
		j->hcap = j->hcap ? j->hcap * 2 : 64;
		j->holes = realloc(j->holes, j->hcap * sizeof *j->holes);
		if (!j->holes)
			abort();
	}
	j->holes[j->nholes++] = (kp_lsp_hole){(uint32_t)j->text.len, val, rule};
}

/* A position of the chunk at base (its first line bl): its line as a hole. */
static void put_rel_pos(kp_lsp *s, kp_lsp_doc *d, jbuild *j, size_t off, uint32_t bl)
{
	uint32_t l, c;
	kp_doc_position(&d->t, off, s->enc, &l, &c);
	kp_buf_puts(&j->text, "{\"line\":");
	hole(j, l - bl, false);
	kp_buf_puts(&j->text, ",\"character\":");
	kp_buf_int(&j->text, c);
	kp_buf_putc(&j->text, '}');
}

static void put_rel_range(kp_lsp *s, kp_lsp_doc *d, jbuild *j, size_t off, size_t end, uint32_t bl)
{
	if (off > d->t.len)
		off = d->t.len;
	if (end > d->t.len)
		end = d->t.len;
	kp_buf_puts(&j->text, "{\"start\":");
	put_rel_pos(s, d, j, off, bl);
	kp_buf_puts(&j->text, ",\"end\":");
	put_rel_pos(s, d, j, end, bl);
	kp_buf_putc(&j->text, '}');
}

/* Writes c's diagnostics (the chunk at base, its start at line bl, column
 * bc). */
static kp_lsp_json *json_build(kp_lsp *s, kp_lsp_doc *d, kp_lsp_chunk *c, uint32_t base, uint32_t bl, uint32_t bc)
{
	static jbuild jb;   /* reused: one thread */
	jbuild *j = &jb;
	kp_buf_clear(&j->text);
	j->nholes = 0;
	uint32_t n = c->ndiags;
	uint32_t *dstart = malloc(((size_t)n + 1) * 2 * sizeof *dstart), *hstart = dstart + n + 1;
	if (!dstart)
		abort();
	kp_buf *b = &j->text;
	for (uint32_t i = 0; i < n; i++) {
		const kp_lsp_diag *g = &c->diags[i];
		dstart[i] = (uint32_t)b->len;
		hstart[i] = j->nholes;
		kp_buf_puts(b, "{\"range\":");
		put_rel_range(s, d, j, (size_t)base + g->off, (size_t)base + g->end, bl);
		hole(j, i, true);
		put_str(b, g->message);
		if (g->nnotes) {
			kp_buf_puts(b, ",\"relatedInformation\":[");
			for (uint32_t k = 0; k < g->nnotes; k++) {
				const kp_lsp_note *nt = &g->notes[k];
				kp_buf_puts(b, k ? ",{\"location\":{\"uri\":" : "{\"location\":{\"uri\":");
				if (!nt->path) {
					put_str(b, d->uri);
					kp_buf_puts(b, ",\"range\":");
					put_rel_range(s, d, j, (size_t)base + nt->line, (size_t)base + nt->line, bl);
				} else {
					char *uri = kp_path_to_uri(nt->path);
					put_str(b, uri);
					free(uri);
					kp_buf_puts(b, ",\"range\":{\"start\":");
					put_pos(b, nt->line, nt->ch);
					kp_buf_puts(b, ",\"end\":");
					put_pos(b, nt->line, nt->ch);
					kp_buf_putc(b, '}');
				}
				kp_buf_puts(b, "},\"message\":");
				put_str(b, nt->message);
				kp_buf_putc(b, '}');
			}
			kp_buf_putc(b, ']');
		}
		kp_buf_putc(b, '}');
	}
	dstart[n] = (uint32_t)b->len;
	hstart[n] = j->nholes;
	/* one block: the header, the holes, the offsets, the text */
	size_t hsz = (size_t)j->nholes * sizeof *j->holes, osz = ((size_t)n + 1) * 2 * sizeof *dstart;
	char *block = malloc(sizeof(kp_lsp_json) + hsz + osz + b->len + 1);
	if (!block)
		abort();
	kp_lsp_json *o = (kp_lsp_json *)block;
	block += sizeof *o;
	o->holes = (kp_lsp_hole *)block;
	memcpy(o->holes, j->holes, hsz);
	o->dstart = (uint32_t *)(block + hsz);
	memcpy(o->dstart, dstart, osz);
	o->hstart = o->dstart + n + 1;
	o->text = block + hsz + osz;
	memcpy(o->text, b->data, b->len);
	o->text[b->len] = 0;
	o->nholes = j->nholes;
	o->col0 = bc;
	free(dstart);
	if (b->cap > ((size_t)1 << 20)) {
		kp_buf_free(b);   /* not kept after a huge chunk */
		*b = (kp_buf){0};
		free(j->holes);
		j->holes = NULL;
		j->hcap = 0;
	}
	return o;
}

/* Where a publication is written, and what it has seen (its signature). */
typedef struct pub {
	kp_buf *b;
	bool first;
	bool said;              /* the no-schema diagnostic is written */
	bool no_schema;
	uint64_t sig;
	size_t line;            /* the line of the last chunk placed (chunks come in order) */
	kp_buf rule[KP_R__COUNT][3]; /* each rule's constant part, by severity */
} pub;

/* The line and column where a chunk starts: its line found from the last
 * chunk's (a document's chunks come in order), its column 0 unless it
 * starts inside a line. */
static void chunk_start(kp_lsp *s, kp_lsp_doc *d, pub *o, size_t base, uint32_t *bl, uint32_t *bc)
{
	const kp_doc_text *t = &d->t;
	if (base > t->len)
		base = t->len;
	if (!t->nlines) {
		kp_doc_position(t, base, s->enc, bl, bc);
		return;
	}
	if (o->line >= t->nlines || t->lines[o->line] > base)
		o->line = 0;
	while (o->line + 1 < t->nlines && t->lines[o->line + 1] <= base)
		o->line++;
	if (t->lines[o->line] == base) {
		*bl = (uint32_t)o->line;
		*bc = 0;
	} else {
		kp_doc_position(t, base, s->enc, bl, bc);
	}
}

/* The constant part of a rule's diagnostic, between its range and its
 * message (written once per publication). */
static void put_rule(kp_lsp_ws *w, pub *o, const kp_lsp_diag *g)
{
	int sev = g->severity == KP_SEV_ERROR ? 1 : g->severity == KP_SEV_WARNING ? 2 : 3;
	kp_buf *r = &o->rule[g->rule][sev - 1];
	if (!r->len) {
		const kp_rule_info *ri = kp_rule_get(g->rule);
		kp_buf_puts(r, ",\"severity\":");
		kp_buf_putc(r, (char)('0' + sev));
		kp_buf_puts(r, ",\"code\":\"");
		kp_buf_puts(r, ri->id);
		kp_buf_puts(r, "\",\"codeDescription\":{\"href\":");
		kp_buf p = {0};
		kp_buf_printf(&p, "%s/rules/%s.md", kp_lsp_docs_url(w), ri->id);
		kp_buf_json_str(r, p.data, p.len);
		kp_buf_free(&p);
		kp_buf_puts(r, "},\"source\":\"keyplan\",\"message\":");
	}
	kp_buf_put(o->b, r->data, r->len);
}

/* Diagnostic i of c, its chunk's first line at bl. */
static void json_emit(kp_lsp_ws *w, pub *o, const kp_lsp_chunk *c, const kp_lsp_json *j, uint32_t i, uint32_t bl)
{
	uint32_t at = j->dstart[i];
	for (uint32_t h = j->hstart[i]; h < j->hstart[i + 1]; h++) {
		const kp_lsp_hole *x = &j->holes[h];
		kp_buf_put(o->b, j->text + at, x->at - at);
		if (x->rule)
			put_rule(w, o, &c->diags[x->val]);
		else
			kp_buf_int(o->b, (int64_t)bl + x->val);
		at = x->at;
	}
	kp_buf_put(o->b, j->text + at, j->dstart[i + 1] - at);
}

/* ------------------------------------------------------------ a document */

static const char no_schema_msg[] =
	"no schema: name the schema files in .keyplan (schema = PATH, a file or folder of CREATE TABLE statements) "
	"or in the server's schema setting";


static void add_all(kp_lsp *s, kp_lsp_doc *d, pub *o, kp_lsp_chunk *c, uint32_t base)
{
	if (!c->ndiags)
		return;
	uint32_t bl, bc;
	chunk_start(s, d, o, base, &bl, &bc);
	/* the same chunk (its text and findings never change) at the same
	 * place: the same JSON */
	o->sig = kp_lsp_hash_u64(kp_lsp_hash_u64(kp_lsp_hash_u64(o->sig, c->id), bl), bc);
	if (!o->b)
		return;   /* the signature only */
	/* kept for the documents being edited; written and dropped for the
	 * others (a document opened and never edited would keep its JSON for
	 * nothing) */
	kp_lsp_json *once = NULL, *j = c->json;
	if (!j || j->col0 != bc) {
		j = json_build(s, d, c, base, bl, bc);
		if (d->edited) {
			kp_lsp_json_free(c->json);
			c->json = j;
		} else {
			once = j;
		}
	}
	kp_baseline *bl_ = d->ws->has_baseline ? &d->ws->baseline : NULL;
	for (uint32_t i = 0; i < c->ndiags; i++) {
		const kp_lsp_diag *g = &c->diags[i];
		if (bl_ && kp_baseline_take(bl_, g->fp, g->fp1))
			continue;   /* known: recorded in the baseline */
		bool ns = o->no_schema && g->rule == KP_R_UNKNOWN_TABLE;
		if (ns && o->said)
			continue;   /* without a schema every table is unknown: one diagnostic says why */
		if (!o->first)
			kp_buf_putc(o->b, ',');
		o->first = false;
		if (ns) {
			o->said = true;
			kp_buf_puts(o->b, "{\"range\":");
			put_range(s, d, o->b, (size_t)base + g->off, (size_t)base + g->end);
			kp_buf_puts(o->b, ",\"severity\":1,\"source\":\"keyplan\",\"message\":");
			put_str(o->b, no_schema_msg);
			kp_buf_putc(o->b, '}');
		} else {
			json_emit(d->ws, o, c, j, i, bl);
		}
	}
	kp_lsp_json_free(once);
}

/* A problem of the workspace itself (its .keyplan or baseline) as an error
 * at the top of each of its documents. */
static void add_setup_error(kp_lsp *s, kp_lsp_doc *d, pub *o, const char *file, const char *msg)
{
	kp_buf m = {0};
	kp_buf_printf(&m, "%s: %s", file, msg);
	o->sig = kp_lsp_hash(o->sig, m.data, m.len);
	if (o->b) {
		kp_buf_puts(o->b, o->first ? "{\"range\":" : ",{\"range\":");
		put_range(s, d, o->b, 0, 0);
		kp_buf_puts(o->b, ",\"severity\":1,\"source\":\"keyplan\",\"message\":");
		kp_buf_json_str(o->b, m.data, m.len);
		kp_buf_putc(o->b, '}');
		o->first = false;
	}
	kp_buf_free(&m);
}

/* The document's diagnostics, comma-separated, into o->b, and their
 * signature (only the signature with o->b NULL). */
static void diagnostics(kp_lsp *s, kp_lsp_doc *d, pub *o)
{
	kp_lsp_analyze(s, d);
	kp_lsp_ws *w = d->ws;
	o->first = true;
	o->said = false;
	o->line = 0;
	const char *docs = kp_lsp_docs_url(w);
	o->sig = kp_lsp_hash(kp_lsp_hash_u64(0xcbf29ce484222325ull, w->gen), docs, strlen(docs));
	if (w->config_error)
		add_setup_error(s, d, o, w->config, w->config_error);
	if (w->baseline_error)
		add_setup_error(s, d, o, w->baseline_path, w->baseline_error);
	o->no_schema = !w->schema_given && w->pipe.cat->ntables == 0 && !d->had_ddl;
	o->sig = kp_lsp_hash_u64(o->sig, o->no_schema);
	if (w->has_baseline && o->b)
		/* the baseline's counts are the document's: lint's order within it */
		for (uint32_t i = 0; i < w->baseline.entries.n; i++) {
			kp_baseline_entry *e = w->baseline.entries.items[i];
			e->left = e->count;
		}
	kp_lsp_schema *sc = kp_lsp_doc_schema(d);
	if (sc) {
		bool ns = o->no_schema;
		o->no_schema = false;
		add_all(s, d, o, &sc->res, 0);
		o->no_schema = ns;
	} else if (d->lang >= 0 && !kp_lsp_ws_excluded(w, d->path)) {
		if (d->whole)
			add_all(s, d, o, d->whole, 0);
		for (uint32_t i = 0; i < d->nrefs; i++)
			add_all(s, d, o, d->refs[i].c, d->refs[i].base);
	}
}

uint64_t kp_lsp_diag_signature(kp_lsp *s, kp_lsp_doc *d)
{
	pub o;
	memset(&o, 0, sizeof o);
	diagnostics(s, d, &o);
	return o.sig;
}

uint64_t kp_lsp_diag_items(kp_lsp *s, kp_lsp_doc *d, kp_buf *b)
{
	pub o;
	memset(&o, 0, sizeof o);
	o.b = b;
	diagnostics(s, d, &o);
	for (int i = 0; i < KP_R__COUNT; i++)
		for (int k = 0; k < 3; k++)
			kp_buf_free(&o.rule[i][k]);
	return o.sig;
}

void kp_lsp_publish(kp_lsp *s, kp_lsp_doc *d)
{
	kp_lsp_analyze(s, d);
	double t0 = now_ms();
	d->dirty = false;
	/* one buffer for every publication: a fresh one of megabytes would be
	 * paged in again each time */
	kp_buf *b = &s->pub_buf;
	kp_buf_clear(b);
	kp_buf_puts(b, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":");
	put_str(b, d->uri);
	if (d->version >= 0) {
		kp_buf_puts(b, ",\"version\":");
		kp_buf_int(b, d->version);
	}
	kp_buf_puts(b, ",\"diagnostics\":[");
	uint64_t sig = kp_lsp_diag_items(s, d, b);
	kp_buf_puts(b, "]}}");
	if (!d->published || d->published_sig != sig)
		kp_rpc_send_text(&s->out, b->data, b->len);
	/* else the client has these diagnostics, at these places */
	d->published = true;
	d->published_sig = sig;
	if (b->cap > ((size_t)64 << 20)) {
		kp_buf_free(b);   /* not kept after a huge one */
		*b = (kp_buf){0};
	}
	d->publish_ms = now_ms() - t0;
}
