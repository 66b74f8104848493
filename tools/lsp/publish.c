/* Publishing a document's diagnostics. A document may have thousands,
 * published again after every edit, so the cost of a publication follows
 * what changed: each chunk's diagnostics are written as JSON once (lsp.h:
 * kp_lsp_json) and sent again from there (writev points at them: no copy);
 * a chunk that moved has only its line numbers rewritten, in place while
 * they keep their width; a chunk at the place the last publication sent
 * it from is not read at all (its ref remembers what was sent). A finding
 * in a fragment that several statements read goes out once, with the
 * first. A publication whose content is the last one's (the same chunks'
 * JSON at the same lines) is not sent again (push), or answered
 * "unchanged" (pull: textDocument/diagnostic, pull.c). And one diagnostic
 * as cJSON for code actions. */
#define _GNU_SOURCE   /* RUSAGE_THREAD */
#include "tools/lsp/lsp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "base/quote.h"

static char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (!p)
		abort();
	return p;
}

static double clock_ms(clockid_t id)
{
	struct timespec ts;
	clock_gettime(id, &ts);
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
	if (s->code_desc) {
		cJSON *cd = cJSON_AddObjectToObject(j, "codeDescription");
		kp_buf href = {0};
		kp_buf_printf(&href, "%s/rules/%s.md", kp_lsp_docs_url(d->ws), ri->id);
		kp_buf_putc(&href, 0);
		cJSON_AddStringToObject(cd, "href", href.data);
		kp_buf_free(&href);
	}
	cJSON_AddStringToObject(j, "source", "keyplan");
	cJSON_AddStringToObject(j, "message", g->message);
	if (g->nnotes && s->related) {
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

/* ------------------------------------------------------------ a chunk's JSON */

/* Where a publication is written, and what it has seen (its signature). */
typedef struct pub {
	kp_rpc_gather *g;       /* NULL: the signature only */
	bool first;
	bool said;              /* the no-schema diagnostic is written */
	bool no_schema;
	uint64_t sig;
	uint64_t docs;          /* a hash of the rule pages' URL */
	bool cache;             /* refs' pub may be sent as they are */
	struct { kp_rule rule; size_t off; } *frags; /* findings in fragments sent */
	size_t nfrags, fcap;
	size_t line;            /* the line of the last chunk placed (chunks come in order) */
	kp_buf rule[KP_R__COUNT][3]; /* each rule's constant part, by severity */
	kp_lsp_delta *dx;       /* a delta's walk (delta.c), or NULL */
	kp_lsp_pubrec *rec;     /* what the splice learns of each ref's piece, or NULL */
	uint32_t ri;            /* ... of the ref being written (its index in rec) */
} pub;

/* A chunk's JSON while it is written (then copied into blocks of its
 * size: a document keeps thousands). */
typedef struct jbuild {
	kp_buf text;
	uint32_t *lat, *lrel;
	uint32_t nlines, lcap;
} jbuild;

static void line_hole(jbuild *j, uint32_t rel)
{
	if (j->nlines == j->lcap) {
		j->lcap = j->lcap ? j->lcap * 2 : 64;
		j->lat = realloc(j->lat, j->lcap * sizeof *j->lat);
		j->lrel = realloc(j->lrel, j->lcap * sizeof *j->lrel);
		if (!j->lat || !j->lrel)
			abort();
	}
	j->lat[j->nlines] = (uint32_t)j->text.len;
	j->lrel[j->nlines++] = rel;
}

/* A position of the chunk whose first line is bl: its line recorded. */
static void put_rel_pos(kp_lsp *s, kp_lsp_doc *d, jbuild *j, size_t off, uint32_t bl)
{
	uint32_t l, c;
	kp_doc_position(&d->t, off, s->enc, &l, &c);
	kp_buf_puts(&j->text, "{\"line\":");
	line_hole(j, l - bl);
	kp_buf_int(&j->text, l);
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

/* The constant part of a rule's diagnostic, between its range and its
 * message (written once per publication). */
static void put_rule(kp_lsp *s, kp_lsp_ws *w, pub *o, kp_buf *b, const kp_lsp_diag *g)
{
	int sev = g->severity == KP_SEV_ERROR ? 1 : g->severity == KP_SEV_WARNING ? 2 : 3;
	kp_buf *r = &o->rule[g->rule][sev - 1];
	if (!r->len) {
		const kp_rule_info *ri = kp_rule_get(g->rule);
		kp_buf_puts(r, ",\"severity\":");
		kp_buf_putc(r, (char)('0' + sev));
		kp_buf_puts(r, ",\"code\":\"");
		kp_buf_puts(r, ri->id);
		kp_buf_putc(r, '"');
		if (s->code_desc) {
			/* the same on every diagnostic of the rule (a sixth of the
			 * bytes): only to a client that shows it */
			kp_buf_puts(r, ",\"codeDescription\":{\"href\":");
			kp_buf p = {0};
			kp_buf_printf(&p, "%s/rules/%s.md", kp_lsp_docs_url(w), ri->id);
			kp_buf_json_str(r, p.data, p.len);
			kp_buf_free(&p);
			kp_buf_putc(r, '}');
		}
		kp_buf_puts(r, ",\"source\":\"keyplan\",\"message\":");
	}
	kp_buf_put(b, r->data, r->len);
}

/* Writes c's diagnostics (the chunk at base, its start at line bl, column
 * bc). */
static kp_lsp_json *json_build(kp_lsp *s, kp_lsp_doc *d, pub *o, kp_lsp_chunk *c, uint32_t base, uint32_t bl,
                               uint32_t bc)
{
	static jbuild jb;   /* reused: one thread */
	jbuild *j = &jb;
	kp_buf_clear(&j->text);
	j->nlines = 0;
	uint32_t n = c->ndiags;
	uint32_t *dstart = malloc(((size_t)n + 1) * sizeof *dstart);
	if (!dstart)
		abort();
	kp_buf *b = &j->text;
	for (uint32_t i = 0; i < n; i++) {
		const kp_lsp_diag *g = &c->diags[i];
		dstart[i] = (uint32_t)b->len;
		kp_buf_puts(b, ",{\"range\":");
		put_rel_range(s, d, j, (size_t)base + g->off, (size_t)base + g->end, bl);
		put_rule(s, d->ws, o, b, g);
		put_str(b, g->message);
		if (g->nnotes && s->related) {
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
	/* one block: the header and its arrays; the text on its own (moving
	 * the chunk by a power of ten rewrites it) */
	size_t dsz = ((size_t)n + 1) * sizeof *dstart, lsz = (size_t)j->nlines * sizeof *j->lat;
	char *block = malloc(sizeof(kp_lsp_json) + dsz + 2 * lsz);
	kp_lsp_json *x = (kp_lsp_json *)block;
	if (!block || !(x->text = malloc(b->len + 1)))
		abort();
	block += sizeof *x;
	x->dstart = (uint32_t *)block;
	memcpy(x->dstart, dstart, dsz);
	x->lat = (uint32_t *)(block + dsz);
	memcpy(x->lat, j->lat, lsz);
	x->lrel = x->lat + j->nlines;
	memcpy(x->lrel, j->lrel, lsz);
	memcpy(x->text, b->data, b->len + 1);
	x->len = (uint32_t)b->len;
	x->nlines = j->nlines;
	x->bl = bl;
	x->col0 = bc;
	x->docs = o->docs;
	free(dstart);
	if (b->cap > ((size_t)1 << 20)) {
		kp_buf_free(b);   /* not kept after a huge chunk */
		*b = (kp_buf){0};
		free(j->lat);
		free(j->lrel);
		j->lat = j->lrel = NULL;
		j->lcap = 0;
	}
	return x;
}

void kp_lsp_json_free(kp_lsp_json *j)
{
	if (j)
		free(j->text);
	free(j);
}

uint64_t kp_lsp_sig_part(uint64_t id, uint32_t bl, uint32_t bc)
{
	return kp_lsp_hash_u64(kp_lsp_hash_u64(0x84222325cbf29ce4ull, id), ((uint64_t)bl << 32) | bc);
}

static unsigned digits(uint32_t v)
{
	unsigned n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* v in decimal, exactly n digits, at p. */
static void put_digits(char *p, uint32_t v, unsigned n)
{
	while (n--) {
		p[n] = (char)('0' + v % 10);
		v /= 10;
	}
}

/* The chunk of j now starts at line bl: its line numbers rewritten, in
 * place when every one keeps its width (a line added before a chunk at
 * line 5,000 changes no width), else into a new text. */
static void json_move(kp_lsp_json *j, uint32_t bl)
{
	if (j->bl == bl)
		return;
	uint32_t h = 0;
	for (; h < j->nlines; h++) {
		uint32_t was = j->bl + j->lrel[h], now = bl + j->lrel[h];
		unsigned w = digits(was);
		if (w != digits(now))
			break;
		put_digits(j->text + j->lat[h], now, w);
	}
	if (h < j->nlines) {
		/* from hole h on, widths change: the rest is copied (diagnostics
		 * after a hole move by the widths gained before them) */
		char *t = malloc((size_t)j->len + (size_t)(j->nlines - h) * 10 + 1);
		if (!t)
			abort();
		size_t from = j->lat[h], at = from;
		memcpy(t, j->text, from);
		long long shift = 0;
		uint32_t di = 0;
		while (j->dstart[di] < from)
			di++;
		for (; h < j->nlines; h++) {
			size_t hat = j->lat[h];
			while (j->dstart[di] < hat)
				j->dstart[di++] += (uint32_t)shift;
			memcpy(t + at, j->text + from, hat - from);
			at += hat - from;
			unsigned ow = digits(j->bl + j->lrel[h]), nw = digits(bl + j->lrel[h]);
			put_digits(t + at, bl + j->lrel[h], nw);
			j->lat[h] = (uint32_t)at;
			at += nw;
			from = hat + ow;
			shift += (long long)nw - (long long)ow;
		}
		memcpy(t + at, j->text + from, j->len - from + 1);
		for (;; di++) {
			bool end = j->dstart[di] == j->len;
			j->dstart[di] += (uint32_t)shift;
			if (end)
				break;
		}
		j->len += (uint32_t)shift;
		free(j->text);
		j->text = t;
	}
	j->bl = bl;
}

/* ------------------------------------------------------------ a document */

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
		return;
	}
	/* within the line found (a statement of application code starts in
	 * its line): its column by bytes when they are ASCII, the same in
	 * UTF-8 and UTF-16 */
	size_t ls = t->lines[o->line];
	bool ascii = base - ls <= 256;
	for (size_t k = ls; k < base && ascii; k++)
		ascii = (unsigned char)t->text[k] < 0x80 && t->text[k] != '\r' && t->text[k] != '\n';
	if (ascii) {
		*bl = (uint32_t)o->line;
		*bc = (uint32_t)(base - ls);
	} else {
		kp_doc_position(t, base, s->enc, bl, bc);
	}
}


static const char no_schema_msg[] =
	"no schema: name the schema files in .keyplan (schema = PATH, a file or folder of CREATE TABLE statements) "
	"or in the server's schema setting";


static bool has_rule(const kp_lsp_chunk *c, kp_rule rule)
{
	for (uint32_t i = 0; i < c->ndiags; i++)
		if (c->diags[i].rule == rule)
			return true;
	return false;
}

/* Was a finding of rule at off (in a fragment) sent already? It is now. */
static bool frag_sent(pub *o, kp_rule rule, size_t off)
{
	for (size_t i = 0; i < o->nfrags; i++)
		if (o->frags[i].rule == rule && o->frags[i].off == off)
			return true;
	if (o->nfrags == o->fcap) {
		o->fcap = o->fcap ? o->fcap * 2 : 16;
		o->frags = realloc(o->frags, o->fcap * sizeof *o->frags);
		if (!o->frags)
			abort();
	}
	o->frags[o->nfrags].rule = rule;
	o->frags[o->nfrags++].off = off;
	return false;
}

/* j's text from skip on into the publication: pointed at, or copied
 * (copy); with a record, where its line numbers of this document land
 * and their values (j's lines are the chunk's now: j->bl). */
static void put_json(pub *o, const kp_lsp_json *j, size_t skip, bool copy)
{
	kp_lsp_pubrec *rec = o->rec;
	if (rec) {
		size_t at = kp_rpc_gather_len(o->g) - skip;
		if (rec->nh + j->nlines > rec->hcap) {
			while (rec->nh + j->nlines > rec->hcap)
				rec->hcap = rec->hcap ? rec->hcap * 2 : 256;
			rec->hend = realloc(rec->hend, rec->hcap * sizeof *rec->hend);
			rec->hval = realloc(rec->hval, rec->hcap * sizeof *rec->hval);
			if (!rec->hend || !rec->hval)
				abort();
		}
		for (uint32_t h = 0; h < j->nlines; h++)
			if (j->lat[h] >= skip) {
				uint32_t v = j->bl + j->lrel[h];
				rec->hend[rec->nh] = (uint32_t)(at + j->lat[h] + digits(v));
				rec->hval[rec->nh++] = v;
			}
	}
	if (copy)
		kp_buf_put(&o->g->buf, j->text + skip, j->len - skip);
	else
		kp_rpc_gather_ref(o->g, j->text + skip, j->len - skip);
}

/* Where the ref being written (r) starts, for the record. */
static void rec_start(pub *o, const kp_lsp_ref *r, uint32_t bl, uint32_t bc)
{
	if (o->rec && r) {
		o->rec->bl[o->ri] = bl;
		o->rec->bc[o->ri] = bc;
	}
}

/* The diagnostics of chunk c at base; r, its ref (NULL for the file's
 * findings or a schema file's), learns what was sent of it. */
static void add_all(kp_lsp *s, kp_lsp_doc *d, pub *o, kp_lsp_chunk *c, uint32_t base, kp_lsp_ref *r)
{
	if (r && !o->cache && o->g)
		r->pub = NULL;   /* its JSON may move below, unrecorded */
	if (!c->ndiags) {
		if (r && o->cache) {
			r->pub = "";   /* none, ever: the chunk is not read again */
			r->pub_len = 0;
		}
		return;
	}
	uint32_t bl, bc;
	chunk_start(s, d, o, base, &bl, &bc);
	rec_start(o, r, bl, bc);
	/* the same chunk (its text and findings never change) at the same
	 * place: the same JSON */
	o->sig += kp_lsp_sig_part(c->id, bl, bc);
	if (!o->g)
		return;   /* the signature only */
	/* kept for the documents being edited; written and dropped for the
	 * others (a document opened and never edited would keep its JSON for
	 * nothing) */
	kp_lsp_json *once = NULL, *j = c->json;
	if (!j || j->col0 != bc || j->docs != o->docs) {
		j = json_build(s, d, o, c, base, bl, bc);
		if (d->edited) {
			if (r)
				r->pub = NULL;   /* it pointed into the JSON freed */
			kp_lsp_json_free(c->json);
			c->json = j;
		} else {
			once = j;
		}
	} else {
		json_move(j, bl);
	}
	kp_baseline *bl_ = d->ws->has_baseline ? &d->ws->baseline : NULL;
	bool no_schema = o->no_schema && has_rule(c, KP_R_UNKNOWN_TABLE);
	if (!bl_ && !no_schema && !c->nfrag) {
		/* every diagnostic as it is: the chunk's JSON, pointed at */
		size_t skip = o->first;   /* no comma before the first */
		if (once) {
			put_json(o, j, skip, true);
		} else {
			put_json(o, j, skip, false);
			if (r && o->cache) {
				r->pub = j->text;
				r->pub_json = j;
				r->pub_len = j->len;
				r->pub_bl = bl;
				r->pub_bc = bc;
			}
		}
		o->first = false;
		kp_lsp_json_free(once);
		return;
	}
	if (r)
		r->pub = NULL;
	if (o->rec)
		o->rec->bad = true;   /* diagnostic by diagnostic: no JSON whole */
	kp_buf *b = &o->g->buf;
	for (uint32_t i = 0; i < c->ndiags; i++) {
		const kp_lsp_diag *g = &c->diags[i];
		if (g->frag && frag_sent(o, g->rule, (size_t)base + g->off))
			continue;   /* an earlier statement that reads the fragment has it */
		if (bl_ && kp_baseline_take(bl_, g->fp, g->fp1))
			continue;   /* known: recorded in the baseline */
		bool ns = no_schema && g->rule == KP_R_UNKNOWN_TABLE;
		if (ns && o->said)
			continue;   /* without a schema every table is unknown: one diagnostic says why */
		if (ns) {
			o->said = true;
			kp_buf_puts(b, o->first ? "{\"range\":" : ",{\"range\":");
			put_range(s, d, b, (size_t)base + g->off, (size_t)base + g->end);
			kp_buf_puts(b, ",\"severity\":1,\"source\":\"keyplan\",\"message\":");
			put_str(b, no_schema_msg);
			kp_buf_putc(b, '}');
		} else {
			size_t skip = o->first;
			kp_buf_put(b, j->text + j->dstart[i] + skip, j->dstart[i + 1] - j->dstart[i] - skip);
		}
		o->first = false;
	}
	kp_lsp_json_free(once);
}

/* A chunk of the document: what the last publication sent of it, when it
 * is where it was then (its chunk not read), else add_all. */
static void add_ref(kp_lsp *s, kp_lsp_doc *d, pub *o, kp_lsp_ref *r)
{
	if (o->cache && r->pub) {
		if (!r->pub_len)
			return;
		uint32_t bl, bc;
		chunk_start(s, d, o, r->base, &bl, &bc);
		if (bl == r->pub_bl && bc == r->pub_bc) {
			rec_start(o, r, bl, bc);
			o->sig += kp_lsp_sig_part(r->id, bl, bc);
			if (o->g) {
				size_t skip = o->first;
				const kp_lsp_json *pj = r->pub_json;
				if (o->rec && (pj->text != r->pub || pj->len != r->pub_len || pj->bl != bl))
					o->rec->bad = true;   /* not what the record reads */
				put_json(o, pj, skip, false);
				o->first = false;
			}
			return;
		}
		kp_lsp_json *j = r->pub_json;
		if (bc == r->pub_bc && j->col0 == bc && j->docs == o->docs) {
			/* moved (lines added or taken above it): its JSON's lines
			 * rewritten, as add_all does, without reading the chunk (a
			 * line break moves thousands: each chunk read was a cache
			 * miss) */
			rec_start(o, r, bl, bc);
			o->sig += kp_lsp_sig_part(r->id, bl, bc);
			if (o->g) {
				json_move(j, bl);
				size_t skip = o->first;
				put_json(o, j, skip, false);
				o->first = false;
				r->pub = j->text;
				r->pub_len = j->len;
				r->pub_bl = bl;
			}
			return;
		}
	}
	add_all(s, d, o, r->c, r->base, r);
}

/* ------------------------------------------------------------ a delta */

static void delta_flush_keep(pub *o)
{
	kp_lsp_delta *x = o->dx;
	if (!x->keep_n)
		return;
	kp_buf *b = &o->g->buf;
	if (x->any_op)
		kp_buf_putc(b, ',');
	x->any_op = true;
	kp_buf_putc(b, '[');
	kp_buf_int(b, x->keep_from);
	kp_buf_putc(b, ',');
	kp_buf_int(b, x->keep_n);
	kp_buf_putc(b, ',');
	kp_buf_int(b, x->keep_dl);
	kp_buf_putc(b, ']');
	x->keep_n = 0;
}

/* Where the client's piece of chunk id is, or UINT32_MAX. */
static uint32_t delta_old(const kp_lsp_delta *x, uint64_t id)
{
	if (!x->cap)
		return UINT32_MAX;
	for (uint32_t i = (uint32_t)(kp_lsp_hash_u64(0, id) & (x->cap - 1));; i = (i + 1) & (x->cap - 1)) {
		if (!x->slot_at[i])
			return UINT32_MAX;
		if (x->slot_id[i] == id)
			return x->slot_at[i] - 1;
	}
}

/* A chunk of the document in a delta (r, or the file's findings c): kept
 * where the client has it with the same column (its lines moved by
 * rewriting them there), else sent as a piece of its own. A chunk without
 * a diagnostic is no piece. */
static void delta_piece(kp_lsp *s, kp_lsp_doc *d, pub *o, kp_lsp_ref *r, kp_lsp_chunk *c)
{
	kp_lsp_delta *x = o->dx;
	if (r ? !r->has_diags : !c->ndiags)
		return;   /* the refs say it: no chunk is read */
	uint64_t id = r ? r->id : c->id;
	uint32_t bl, bc;
	chunk_start(s, d, o, r ? r->base : 0, &bl, &bc);
	if (x->nnow == x->now_cap) {
		x->now_cap = x->now_cap ? x->now_cap * 2 : 256;
		x->now = realloc(x->now, x->now_cap * sizeof *x->now);
		if (!x->now)
			abort();
	}
	x->now[x->nnow++] = (kp_lsp_piece){id, bl, bc};
	uint32_t at = delta_old(x, id);
	if (at != UINT32_MAX && x->old[at].bc == bc && (!r || !r->self_abs)) {
		/* the client has it: the same findings at the same columns */
		o->sig += kp_lsp_sig_part(id, bl, bc);
		long long dl = (long long)bl - (long long)x->old[at].bl;
		if (x->keep_n && x->keep_from + x->keep_n == at && x->keep_dl == dl) {
			x->keep_n++;
		} else {
			delta_flush_keep(o);
			x->keep_from = at;
			x->keep_n = 1;
			x->keep_dl = dl;
		}
		return;
	}
	delta_flush_keep(o);
	kp_buf *b = &o->g->buf;
	kp_buf_puts(b, x->any_op ? ",{\"items\":[" : "{\"items\":[");
	x->any_op = true;
	o->first = true;
	if (r)
		add_ref(s, d, o, r);
	else
		add_all(s, d, o, c, 0, NULL);
	kp_buf_puts(&o->g->buf, "]}");
}

/* A problem of the workspace itself (its .keyplan or baseline) as an error
 * at the top of each of its documents. */
static void add_setup_error(kp_lsp *s, kp_lsp_doc *d, pub *o, const char *file, const char *msg)
{
	kp_buf m = {0};
	kp_buf_printf(&m, "%s: %s", file, msg);
	o->sig = kp_lsp_hash(o->sig, m.data, m.len);
	if (o->rec)
		o->rec->bad = true;
	if (o->g) {
		kp_buf *b = &o->g->buf;
		kp_buf_puts(b, o->first ? "{\"range\":" : ",{\"range\":");
		put_range(s, d, b, 0, 0);
		kp_buf_puts(b, ",\"severity\":1,\"source\":\"keyplan\",\"message\":");
		kp_buf_json_str(b, m.data, m.len);
		kp_buf_putc(b, '}');
		o->first = false;
	}
	kp_buf_free(&m);
}

/* The document's diagnostics, comma-separated, into o->g, and their
 * signature (only the signature with o->g NULL). */
static void diagnostics(kp_lsp *s, kp_lsp_doc *d, pub *o)
{
	kp_lsp_analyze(s, d);
	kp_lsp_ws *w = d->ws;
	o->first = true;
	o->said = false;
	o->line = 0;
	const char *docs = kp_lsp_docs_url(w);
	o->docs = kp_lsp_hash(0xcbf29ce484222325ull, docs, strlen(docs));
	o->sig = kp_lsp_hash_u64(kp_lsp_hash_u64(0xcbf29ce484222325ull, w->gen), o->docs);
	if (w->config_error)
		add_setup_error(s, d, o, w->config, w->config_error);
	if (w->baseline_error)
		add_setup_error(s, d, o, w->baseline_path, w->baseline_error);
	if (w->setting_error)
		add_setup_error(s, d, o, "the client's keyplan.target setting", w->setting_error);
	o->no_schema = !w->schema_given && w->pipe.cat->ntables == 0 && !d->had_ddl;
	o->sig = kp_lsp_hash_u64(o->sig, o->no_schema);
	if (o->dx) {
		o->dx->head = o->sig;
		if (o->dx->head != o->dx->old_head)
			o->dx->cap = 0;   /* the client's pieces are not these (delta_old finds none) */
	}
	if (w->has_baseline && o->g)
		/* the baseline's counts are the document's: lint's order within it */
		for (uint32_t i = 0; i < w->baseline.entries.n; i++) {
			kp_baseline_entry *e = w->baseline.entries.items[i];
			e->left = e->count;
		}
	kp_lsp_schema *sc = kp_lsp_doc_schema(d);
	if (sc) {
		bool ns = o->no_schema;
		o->no_schema = false;
		add_all(s, d, o, &sc->res, 0, NULL);
		o->no_schema = ns;
	} else if (d->lang >= 0 && !kp_lsp_ws_excluded(w, d->path)) {
		o->cache = d->edited && !w->has_baseline && !o->no_schema && d->pub_docs == o->docs;
		if (o->dx) {
			if (d->whole)
				delta_piece(s, d, o, NULL, d->whole);
			for (uint32_t i = 0; i < d->nrefs; i++)
				delta_piece(s, d, o, &d->refs[i], NULL);
			delta_flush_keep(o);
		} else {
			if (d->whole)
				add_all(s, d, o, d->whole, 0, NULL);
			kp_lsp_pubrec *rec = o->rec;
			for (uint32_t i = 0; i < d->nrefs; i++) {
				uint64_t sig = o->sig;
				if (rec) {
					rec->marks[i] = (uint32_t)kp_rpc_gather_len(o->g);
					rec->hat[i] = rec->nh;
					rec->bl[i] = rec->bc[i] = 0;
					o->ri = i;
				}
				add_ref(s, d, o, &d->refs[i]);
				if (rec)
					rec->parts[i] = o->sig - sig;
			}
			if (rec) {
				rec->marks[d->nrefs] = (uint32_t)kp_rpc_gather_len(o->g);
				rec->hat[d->nrefs] = rec->nh;
			}
		}
		if (o->g && !o->cache) {
			/* from now on what is sent of each ref is known (as it is
			 * learnt) under this URL */
			d->pub_docs = o->docs;
		}
	}
}

uint64_t kp_lsp_diag_signature(kp_lsp *s, kp_lsp_doc *d)
{
	pub o;
	memset(&o, 0, sizeof o);
	diagnostics(s, d, &o);
	return o.sig;
}

static void pub_free(pub *o)
{
	for (int i = 0; i < KP_R__COUNT; i++)
		for (int k = 0; k < 3; k++)
			kp_buf_free(&o->rule[i][k]);
	free(o->frags);
}

uint64_t kp_lsp_diag_head(kp_lsp *s, kp_lsp_doc *d, uint64_t *docs_hash)
{
	(void)s;
	const char *docs = kp_lsp_docs_url(d->ws);
	*docs_hash = kp_lsp_hash(0xcbf29ce484222325ull, docs, strlen(docs));
	/* as diagnostics() starts it, for a document without setup errors
	 * that has a schema (kp_lsp_delta_simple) */
	uint64_t h = kp_lsp_hash_u64(kp_lsp_hash_u64(0xcbf29ce484222325ull, d->ws->gen), *docs_hash);
	return kp_lsp_hash_u64(h, false);
}

uint64_t kp_lsp_diag_pieces(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g, uint32_t lo, uint32_t hi,
                            kp_lsp_pubrec *rec)
{
	pub o;
	memset(&o, 0, sizeof o);
	o.g = g;
	kp_lsp_diag_head(s, d, &o.docs);
	o.cache = true;
	o.first = false;   /* every piece with its commas */
	/* chunk_start walks forward from here */
	o.line = kp_doc_line(&d->t, lo < d->nrefs ? d->refs[lo].base : d->t.len);
	uint64_t all = 0;
	o.rec = rec;
	for (uint32_t i = lo; i < hi; i++) {
		rec->marks[i - lo] = (uint32_t)kp_rpc_gather_len(g);
		rec->hat[i - lo] = rec->nh;
		rec->bl[i - lo] = rec->bc[i - lo] = 0;
		o.ri = i - lo;
		o.sig = 0;
		add_ref(s, d, &o, &d->refs[i]);
		rec->parts[i - lo] = o.sig;
		all += o.sig;
	}
	rec->marks[hi - lo] = (uint32_t)kp_rpc_gather_len(g);
	rec->hat[hi - lo] = rec->nh;
	pub_free(&o);
	return all;
}

uint64_t kp_lsp_diag_marked(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g, kp_lsp_pubrec *rec)
{
	pub o;
	memset(&o, 0, sizeof o);
	o.g = g;
	o.rec = rec;
	diagnostics(s, d, &o);
	pub_free(&o);
	return o.sig;
}

uint64_t kp_lsp_diag_items(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g)
{
	pub o;
	memset(&o, 0, sizeof o);
	o.g = g;
	diagnostics(s, d, &o);
	for (int i = 0; i < KP_R__COUNT; i++)
		for (int k = 0; k < 3; k++)
			kp_buf_free(&o.rule[i][k]);
	free(o.frags);
	return o.sig;
}

uint64_t kp_lsp_diag_delta(kp_lsp *s, kp_lsp_doc *d, kp_rpc_gather *g, kp_lsp_delta *dx)
{
	pub o;
	memset(&o, 0, sizeof o);
	o.g = g;
	o.dx = dx;
	diagnostics(s, d, &o);
	for (int i = 0; i < KP_R__COUNT; i++)
		for (int k = 0; k < 3; k++)
			kp_buf_free(&o.rule[i][k]);
	free(o.frags);
	return o.sig;
}

bool kp_lsp_delta_simple(kp_lsp *s, kp_lsp_doc *d)
{
	kp_lsp_analyze(s, d);
	kp_lsp_ws *w = d->ws;
	if (w->config_error || w->baseline_error || w->has_baseline || kp_lsp_doc_schema(d))
		return false;
	if (!w->schema_given && w->pipe.cat->ntables == 0 && !d->had_ddl)
		return false;   /* one diagnostic says so, in place of many */
	for (uint32_t i = 0; d->lang != KP_LANG_SQL && i < d->nrefs; i++)
		if (d->refs[i].c->nfrag)
			return false;   /* sent once, with the first statement that reads it */
	return true;
}

void kp_lsp_publish(kp_lsp *s, kp_lsp_doc *d)
{
	kp_lsp_analyze(s, d);
	struct rusage u0, u1;
	getrusage(RUSAGE_THREAD, &u0);
	s->out.send_ms = s->out.send_cpu_ms = 0;
	s->out.send_calls = s->out.send_short = 0;
	double t0 = clock_ms(CLOCK_MONOTONIC), c0 = clock_ms(CLOCK_THREAD_CPUTIME_ID);
	d->dirty = false;
	/* one buffer for every publication: a fresh one of megabytes would be
	 * paged in again each time */
	kp_rpc_gather *g = &s->pub;
	kp_rpc_gather_reset(g);
	kp_buf *b = &g->buf;
	kp_buf_puts(b, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":");
	put_str(b, d->uri);
	if (d->version >= 0) {
		kp_buf_puts(b, ",\"version\":");
		kp_buf_int(b, d->version);
	}
	kp_buf_puts(b, ",\"diagnostics\":[");
	d->splice_written = d->splice_moved = 0;
	if (!kp_lsp_splice_publish(s, d, g)) {
		/* every chunk walked; what is sent kept for the next splice */
		bool keep = kp_lsp_splice_want(s, d);
		kp_lsp_pubrec rec = {0};
		if (keep)
			kp_lsp_pubrec_init(&rec, d->nrefs);
		size_t from = kp_rpc_gather_len(g);
		uint64_t sig = keep ? kp_lsp_diag_marked(s, d, g, &rec) : kp_lsp_diag_items(s, d, g);
		size_t to = kp_rpc_gather_len(g);
		kp_buf_puts(b, "]}}");
		if (!d->published || d->published_sig != sig)
			kp_rpc_send_gather(&s->out, g);
		/* else the client has these diagnostics, at these places */
		d->published = true;
		d->published_sig = sig;
		kp_lsp_splice_keep(s, d, g, keep, from, to, &rec);
		kp_lsp_pubrec_free(&rec);
	}
	if (b->cap > ((size_t)64 << 20))
		kp_rpc_gather_free(g);   /* not kept after a huge one */
	d->publish_ms = clock_ms(CLOCK_MONOTONIC) - t0;
	d->publish_cpu_ms = clock_ms(CLOCK_THREAD_CPUTIME_ID) - c0;
	getrusage(RUSAGE_THREAD, &u1);
	d->publish_write_ms = s->out.send_ms;
	d->publish_write_cpu_ms = s->out.send_cpu_ms;
	d->publish_writes = s->out.send_calls;
	d->publish_short_writes = s->out.send_short;
	d->publish_minflt = u1.ru_minflt - u0.ru_minflt;
	d->publish_nvcsw = u1.ru_nvcsw - u0.ru_nvcsw;
	d->publish_nivcsw = u1.ru_nivcsw - u0.ru_nivcsw;
}
