/* libFuzzer target for keyplan lsp: the JSON-RPC reader on any bytes
 * (framing, headers, JSON), and the incremental document model: random
 * edits, applied one by one to an open document (planned again after each,
 * from its cache), must leave the same text, line table and diagnostics as
 * the final text opened afresh.
 *
 * Input: [0] how the edits read positions (bit 0: UTF-8, else UTF-16),
 * then the first text up to a 0 byte, then edits of 5 bytes each
 * (start line, start character, end line, end character, length n) and
 * n bytes of new text. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tools/lsp/lsp.h"

static char root[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(root, sizeof root, "/tmp/kp-fuzz-lsp-%d", (int)getpid());
	char path[128];
	if (mkdir(root, 0700) < 0)
		return 0;
	snprintf(path, sizeof path, "%s/schema.sql", root);
	FILE *f = fopen(path, "w");
	if (f) {
		fputs("CREATE TABLE orders (userid VARCHAR(64) NOT NULL, orderid BIGINT NOT NULL, amount DOUBLE,\n"
		      "  status VARCHAR(16), PRIMARY KEY (userid, orderid));\n"
		      "CREATE INDEX idx_status ON orders (status);\n", f);
		fclose(f);
	}
	return 0;
}

static cJSON *message(const char *method, cJSON *params)
{
	cJSON *m = cJSON_CreateObject();
	cJSON_AddStringToObject(m, "jsonrpc", "2.0");
	cJSON_AddStringToObject(m, "method", method);
	cJSON_AddItemToObject(m, "params", params);
	return m;
}

static void send(kp_lsp *s, cJSON *m)
{
	kp_lsp_handle(s, m, false);
	cJSON_Delete(m);
}

static void start(kp_lsp *s, bool utf8)
{
	kp_lsp_init(s);
	kp_rpc_writer_mem(&s->out);
	kp_rpc_reader_mem(&s->in, "", 0);
	cJSON *p = cJSON_CreateObject();
	char uri[128];
	snprintf(uri, sizeof uri, "file://%s", root);
	cJSON_AddStringToObject(p, "rootUri", uri);
	cJSON *caps = cJSON_AddObjectToObject(p, "capabilities");
	cJSON *encs = cJSON_AddArrayToObject(cJSON_AddObjectToObject(caps, "general"), "positionEncodings");
	cJSON_AddItemToArray(encs, cJSON_CreateString(utf8 ? "utf-8" : "utf-16"));
	cJSON *opts = cJSON_AddObjectToObject(p, "initializationOptions");
	cJSON_AddStringToObject(opts, "schema", "schema.sql");
	cJSON *m = message("initialize", p);
	cJSON_AddNumberToObject(m, "id", 1);
	send(s, m);
}

static kp_lsp_doc *open_doc(kp_lsp *s, const char *text, size_t len)
{
	char uri[128];
	snprintf(uri, sizeof uri, "file://%s/q.sql", root);
	char *t = malloc(len + 1);
	memcpy(t, text, len);
	t[len] = 0;
	cJSON *p = cJSON_CreateObject();
	cJSON *td = cJSON_AddObjectToObject(p, "textDocument");
	cJSON_AddStringToObject(td, "uri", uri);
	cJSON_AddStringToObject(td, "languageId", "sql");
	cJSON_AddNumberToObject(td, "version", 1);
	cJSON_AddStringToObject(td, "text", t);
	free(t);
	send(s, message("textDocument/didOpen", p));
	kp_lsp_doc *d = kp_lsp_find_doc(s, uri);
	kp_lsp_analyze(s, d);
	return d;
}

/* The findings, placed in the document, as one string. */
static void findings(kp_lsp_doc *d, kp_buf *out)
{
	for (uint32_t i = 0; i < d->nrefs; i++)
		for (uint32_t k = 0; k < d->refs[i].c->ndiags; k++) {
			const kp_lsp_diag *g = &d->refs[i].c->diags[k];
			kp_buf_printf(out, "%u-%u %d %d %s\n", d->refs[i].base + g->off, d->refs[i].base + g->end, (int)g->rule,
			              (int)g->severity, g->message);
		}
	if (d->whole)
		for (uint32_t k = 0; k < d->whole->ndiags; k++)
			kp_buf_printf(out, "w %u-%u %d %s\n", d->whole->diags[k].off, d->whole->diags[k].end,
			              (int)d->whole->diags[k].rule, d->whole->diags[k].message);
	kp_buf_putc(out, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* 1. the reader: every message or error, then the end */
	kp_rpc_reader r;
	kp_rpc_reader_mem(&r, (const char *)data, size);
	for (int n = 0; n < 100000; n++) {
		cJSON *m;
		int code;
		const char *why;
		kp_rpc_status st = kp_rpc_read(&r, &m, &code, &why);
		cJSON_Delete(m);
		if (st == KP_RPC_EOF)
			break;
	}
	kp_rpc_reader_free(&r);

	/* 2. the document model */
	if (size < 1 || size > 4096)
		return 0;
	bool utf8 = data[0] & 1;
	const char *p = (const char *)data + 1, *end = (const char *)data + size;
	const char *z = memchr(p, 0, (size_t)(end - p));
	if (!z)
		return 0;
	kp_lsp a;
	start(&a, utf8);
	kp_lsp_doc *d = open_doc(&a, p, (size_t)(z - p));
	p = z + 1;
	int version = 2;
	while (end - p >= 5) {
		unsigned sl = (unsigned char)p[0] % 16, sc = (unsigned char)p[1] % 64, el = (unsigned char)p[2] % 16,
		         ec = (unsigned char)p[3] % 64, n = (unsigned char)p[4];
		p += 5;
		if ((size_t)(end - p) < n)
			n = (unsigned)(end - p);
		char *text = malloc(n + 1);
		memcpy(text, p, n);
		text[n] = 0;   /* a 0 byte ends the inserted text early, as JSON cannot carry it */
		p += n;
		cJSON *prm = cJSON_CreateObject();
		cJSON *td = cJSON_AddObjectToObject(prm, "textDocument");
		cJSON_AddStringToObject(td, "uri", d->uri);
		cJSON_AddNumberToObject(td, "version", version++);
		cJSON *ch = cJSON_CreateObject();
		cJSON *rg = cJSON_AddObjectToObject(ch, "range");
		cJSON *s0 = cJSON_AddObjectToObject(rg, "start"), *e0 = cJSON_AddObjectToObject(rg, "end");
		cJSON_AddNumberToObject(s0, "line", sl);
		cJSON_AddNumberToObject(s0, "character", sc);
		cJSON_AddNumberToObject(e0, "line", el);
		cJSON_AddNumberToObject(e0, "character", ec);
		cJSON_AddStringToObject(ch, "text", text);
		free(text);
		cJSON_AddItemToArray(cJSON_AddArrayToObject(prm, "contentChanges"), ch);
		send(&a, message("textDocument/didChange", prm));
		kp_lsp_analyze(&a, d);
	}
	/* the same text opened afresh */
	kp_lsp b;
	start(&b, utf8);
	kp_lsp_doc *f = open_doc(&b, d->t.text, d->t.len);
	if (f->t.len != d->t.len || f->t.nlines != d->t.nlines ||
	    memcmp(f->t.lines, d->t.lines, d->t.nlines * sizeof *d->t.lines))
		abort();   /* the line table kept up edit by edit is not the text's */
	kp_buf x = {0}, y = {0};
	findings(d, &x);
	findings(f, &y);
	if (strcmp(x.data, y.data)) {
		fprintf(stderr, "incremental:\n%s\nafresh:\n%s\n", x.data, y.data);
		abort();   /* the cache kept a result the text no longer has */
	}
	kp_buf_free(&x);
	kp_buf_free(&y);
	kp_lsp_free(&a);
	kp_lsp_free(&b);
	return 0;
}
