/* libFuzzer target for keyplan lsp: the JSON-RPC reader on any bytes
 * (framing, headers, JSON), and the incremental document model: random
 * edits, applied one by one to an open document (planned again after each,
 * from its cache), must leave the same text, line table and diagnostics as
 * the final text opened afresh. A client that pulls keeps the pieces of
 * keyplan/diagnosticDelta's answers (tools/lsp/delta.c) as keyplan's VS
 * Code extension does (editors/vscode/src/delta.js): after each pull, the
 * pieces rebuilt from the ops must be a full textDocument/diagnostic's
 * items, under the same resultId (as tests/tools/test_lsp_delta.py). A
 * client that is pushed diagnostics is sent a publication after each edit
 * (spliced into the last one: tools/lsp/splice.c); the diagnostics it
 * holds at the end must be, byte for byte, those a fresh server publishes
 * (as tests/tools/test_lsp_splice.py).
 *
 * The document is SQL, or SQL in application code (a Java, Kotlin, Go or
 * Python file or a MyBatis mapper: analysed statement by statement, tools/lsp/analyze_host.c,
 * and spliced as SQL is).
 *
 * Input: [0] bit 0: the edits read positions in UTF-8 (else UTF-16); bit
 * 1: the client pulls diagnostics and asks for deltas (else they are
 * pushed); bits 2-3: the document, 1 application code, 2 a MyBatis mapper,
 * else SQL; bits 6-7: application code's language, Java, Kotlin, Go or
 * Python; then the first text up to a 0 byte, then edits of 5 bytes each
 * (start line, start character, end line, end character, length n) and
 * n bytes of new text. A client that pulls asks for a delta after each
 * edit whose start line byte has bit 4 clear, without previousResultId
 * where bit 5 is set too (its pieces made again from nothing). */
#define _GNU_SOURCE   /* memmem */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sanitizer/asan_interface.h>   /* no-ops without ASan */

#include "tools/lsp/lsp.h"

static char root[64];

/* cJSON's memory, for one input: every cJSON allocation, the servers' and
 * this target's, is cut from blocks kept from input to input, and given
 * back all at once when the input is done. Parsing, building and deleting
 * the messages two servers write and read, malloc and free for every
 * value, member name and string, was a third of an execution's
 * instructions, and more under ASan. Nothing is lost to the sanitizers:
 * each piece has a poisoned header before it and a poisoned zone after
 * it (an overflow is reported, as ASan's own redzones report it), a freed
 * piece is poisoned and never reused within the input (a use after free is
 * reported), a piece freed twice or never allocated here is an abort, and
 * a piece still allocated when the input is done is a leak (an abort;
 * KP_FUZZ_CJSON=malloc gives cJSON malloc and free again, so that
 * LeakSanitizer names its stack). Past 64 MB in one input, pieces come
 * from malloc. */
enum { PIECE_ALIGN = 16, ZONE = 16, BLOCK = 1 << 20, ARENA_MAX = 64 << 20, KEEP = 8 << 20 };

typedef struct piece_head {
	uint32_t magic;         /* LIVE, FREED or HEAP */
	uint32_t size;          /* bytes asked for */
	uint64_t pad;
} piece_head;
#define LIVE 0x6b704c56u
#define FREED 0x6b704644u
#define HEAP 0x6b704850u

typedef struct block {
	struct block *next;
	size_t used, cap;       /* bytes of data[] */
	_Alignas(PIECE_ALIGN) unsigned char data[];
} block;

static struct {
	block *first, *cur;
	size_t total;           /* bytes of the blocks */
	size_t live;            /* pieces allocated and not freed */
} js;

static void *js_malloc(size_t n)
{
	size_t need = sizeof(piece_head) + ((n + PIECE_ALIGN - 1) & ~(size_t)(PIECE_ALIGN - 1)) + ZONE;
	block *b = js.cur;
	while (b && b->cap - b->used < need)
		b = b->next;   /* a kept block further on */
	if (!b) {
		if (js.total >= ARENA_MAX || n > UINT32_MAX) {
			piece_head *h = malloc(sizeof *h + n);
			if (!h)
				return NULL;
			h->magic = HEAP;
			h->size = 0;
			js.live++;
			return h + 1;
		}
		size_t cap = need > BLOCK ? need : BLOCK;
		b = malloc(sizeof *b + cap);
		if (!b)
			return NULL;
		b->used = 0;
		b->cap = cap;
		b->next = NULL;
		ASAN_POISON_MEMORY_REGION(b->data, cap);
		js.total += cap;
		if (js.cur) {   /* after the current one, before those kept */
			b->next = js.cur->next;
			js.cur->next = b;
		} else {
			js.first = b;
		}
	}
	js.cur = b;
	piece_head *h = (piece_head *)(b->data + b->used);
	b->used += need;
	ASAN_UNPOISON_MEMORY_REGION(h, sizeof *h);
	h->magic = LIVE;
	h->size = (uint32_t)n;
	ASAN_POISON_MEMORY_REGION(h, sizeof *h);
	ASAN_UNPOISON_MEMORY_REGION(h + 1, n);
	js.live++;
	return h + 1;
}

static void js_free(void *p)
{
	if (!p)
		return;
	piece_head *h = (piece_head *)p - 1;
	ASAN_UNPOISON_MEMORY_REGION(h, sizeof *h);
	if (h->magic == HEAP) {
		js.live--;
		free(h);
		return;
	}
	if (h->magic != LIVE) {
		fprintf(stderr, "cJSON freed %p, which %s\n", p,
		        h->magic == FREED ? "it had freed already" : "is not one of its allocations");
		abort();
	}
	h->magic = FREED;
	ASAN_POISON_MEMORY_REGION(h, sizeof *h + h->size);
	js.live--;
}

/* The input is done: every piece must have been freed; the blocks are
 * used again from the first (those past KEEP bytes given back). */
static void js_done(void)
{
	if (js.live) {
		fprintf(stderr, "%zu cJSON allocations not freed (KP_FUZZ_CJSON=malloc names their stacks)\n", js.live);
		abort();
	}
	size_t kept = 0;
	for (block **bp = &js.first; *bp;) {
		block *b = *bp;
		if (kept + b->cap > KEEP && kept) {
			*bp = b->next;
			js.total -= b->cap;
			free(b);
			continue;
		}
		kept += b->cap;
		ASAN_POISON_MEMORY_REGION(b->data, b->used);
		b->used = 0;
		bp = &b->next;
	}
	js.cur = js.first;
}

/* The workspace goes when the process ends (libFuzzer returns through
 * exit() at the end of a run): a campaign of many parts and workers left
 * hundreds of them in /tmp. */
static void remove_root(void)
{
	char path[128];
	snprintf(path, sizeof path, "%s/schema.sql", root);
	unlink(path);
	rmdir(root);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	const char *m = getenv("KP_FUZZ_CJSON");
	if (!m || strcmp(m, "malloc")) {
		cJSON_Hooks hooks = {js_malloc, js_free};
		cJSON_InitHooks(&hooks);
	}
	snprintf(root, sizeof root, "/tmp/kp-fuzz-lsp-%d", (int)getpid());
	char path[128];
	if (mkdir(root, 0700) < 0)
		return 0;
	atexit(remove_root);
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

static void start(kp_lsp *s, bool utf8, bool pull)
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
	if (pull) {   /* as VS Code: pulled, with notes and rule links */
		cJSON *td = cJSON_AddObjectToObject(caps, "textDocument");
		cJSON *pd = cJSON_AddObjectToObject(td, "publishDiagnostics");
		cJSON_AddTrueToObject(pd, "relatedInformation");
		cJSON_AddTrueToObject(pd, "codeDescriptionSupport");
		cJSON_AddTrueToObject(cJSON_AddObjectToObject(td, "diagnostic"), "dynamicRegistration");
	}
	cJSON *opts = cJSON_AddObjectToObject(p, "initializationOptions");
	cJSON_AddStringToObject(opts, "schema", "schema.sql");
	cJSON *m = message("initialize", p);
	cJSON_AddNumberToObject(m, "id", 1);
	send(s, m);
}

/* The document's file name and language, by input bits 2-3; application
 * code (1) in the host language of bits 6-7. */
static const char *const doc_file[4] = {"q.sql", "Q.java", "M.xml", "r.sql"};
static const char *const doc_lang[4] = {"sql", "java", "xml", "sql"};
static const char *const host_file[4] = {"Q.java", "Q.kt", "q.go", "q.py"};
static const char *const host_lang[4] = {"java", "kotlin", "go", "python"};

static kp_lsp_doc *open_doc(kp_lsp *s, const char *text, size_t len, int kind, int host)
{
	char uri[128];
	snprintf(uri, sizeof uri, "file://%s/%s", root, kind == 1 ? host_file[host] : doc_file[kind]);
	char *t = malloc(len + 1);
	memcpy(t, text, len);
	t[len] = 0;
	cJSON *p = cJSON_CreateObject();
	cJSON *td = cJSON_AddObjectToObject(p, "textDocument");
	cJSON_AddStringToObject(td, "uri", uri);
	cJSON_AddStringToObject(td, "languageId", kind == 1 ? host_lang[host] : doc_lang[kind]);
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

/* The result of request method (params taken) as the server answered it
 * into its memory writer; every request is answered. */
static cJSON *request(kp_lsp *s, const char *method, cJSON *params)
{
	static int next_id = 100;
	int id = next_id++;
	kp_buf_clear(&s->out.out);
	cJSON *m = message(method, params);
	cJSON_AddNumberToObject(m, "id", id);
	send(s, m);
	kp_rpc_reader r;
	kp_rpc_reader_mem(&r, s->out.out.data, s->out.out.len);
	cJSON *result = NULL;
	for (;;) {
		cJSON *msg;
		int code;
		const char *why;
		kp_rpc_status st = kp_rpc_read(&r, &msg, &code, &why);
		if (st == KP_RPC_EOF)
			break;
		if (st != KP_RPC_MESSAGE)
			abort();   /* the server wrote what a client cannot read */
		const cJSON *mid = cJSON_GetObjectItemCaseSensitive(msg, "id");
		if (cJSON_IsNumber(mid) && mid->valueint == id && !result)
			result = cJSON_DetachItemFromObjectCaseSensitive(msg, "result");
		cJSON_Delete(msg);
	}
	kp_rpc_reader_free(&r);
	kp_buf_clear(&s->out.out);
	if (!result) {
		fprintf(stderr, "%s: no result\n", method);
		abort();
	}
	return result;
}

static cJSON *doc_params(const char *uri)
{
	cJSON *p = cJSON_CreateObject();
	cJSON_AddStringToObject(cJSON_AddObjectToObject(p, "textDocument"), "uri", uri);
	return p;
}

static void move_range(cJSON *range, int dl)
{
	const char *ends[] = {"start", "end"};
	for (int i = 0; i < 2; i++) {
		cJSON *line = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(range, ends[i]), "line");
		if (!cJSON_IsNumber(line))
			abort();
		cJSON_SetNumberValue(line, line->valuedouble + dl);
	}
}

/* A kept diagnostic moved as the extension moves it: its range, and its
 * notes in the same document, dl lines down. */
static void move(cJSON *g, int dl, const char *uri)
{
	move_range(cJSON_GetObjectItemCaseSensitive(g, "range"), dl);
	cJSON *ri;
	cJSON_ArrayForEach(ri, cJSON_GetObjectItemCaseSensitive(g, "relatedInformation")) {
		cJSON *loc = cJSON_GetObjectItemCaseSensitive(ri, "location");
		const cJSON *u = cJSON_GetObjectItemCaseSensitive(loc, "uri");
		if (cJSON_IsString(u) && !strcmp(u->valuestring, uri))
			move_range(cJSON_GetObjectItemCaseSensitive(loc, "range"), dl);
	}
}

/* The client's pieces after ops (delta.js's applyOps), made of old's
 * (taken out of it) and of the pieces ops send (taken out of ops). A
 * piece is moved where it lies, not copied: copying every kept diagnostic
 * (cJSON_Duplicate) and deleting the old was a tenth of an execution. A
 * piece the ops take twice is copied the second time, from its first
 * place, and moved by the difference. */
static cJSON *apply_ops(cJSON *old, cJSON *ops, const char *uri)
{
	cJSON *now = cJSON_CreateArray();
	int nold = cJSON_GetArraySize(old);
	cJSON **at = malloc((size_t)(nold ? nold : 1) * sizeof *at);   /* old's pieces, in order */
	int *moved = malloc((size_t)(nold ? nold : 1) * sizeof *moved);   /* by how much, once taken */
	bool *taken = calloc((size_t)(nold ? nold : 1), sizeof *taken);
	if (!at || !moved || !taken)
		abort();
	int k = 0;
	for (cJSON *x = old ? old->child : NULL; x; x = x->next)
		at[k++] = x;
	cJSON *op;
	cJSON_ArrayForEach(op, ops) {
		if (cJSON_IsArray(op)) {
			if (cJSON_GetArraySize(op) != 3)
				abort();
			int f = op->child->valueint, n = op->child->next->valueint, dl = op->child->next->next->valueint;
			if (f < 0 || n < 1 || f > nold - n) {
				fprintf(stderr, "an op outside the client's %d pieces: [%d, %d, %d]\n", nold, f, n, dl);
				abort();
			}
			for (k = f; k < f + n; k++) {
				cJSON *piece, *g;
				int by = dl;
				if (!taken[k]) {
					piece = cJSON_DetachItemViaPointer(old, at[k]);
					taken[k] = true;
					moved[k] = dl;
					at[k] = piece;
				} else {
					piece = cJSON_Duplicate(at[k], 1);
					by = dl - moved[k];
				}
				if (by)
					cJSON_ArrayForEach(g, piece)
						move(g, by, uri);
				cJSON_AddItemToArray(now, piece);
			}
		} else {
			cJSON *items = cJSON_DetachItemFromObjectCaseSensitive(op, "items");
			if (!cJSON_IsArray(items))
				abort();
			cJSON_AddItemToArray(now, items);
		}
	}
	free(at);
	free(moved);
	free(taken);
	return now;
}

/* The diagnostics of the last publication the server pushed into its
 * memory writer ("[...]" as written), kept in *have (unchanged when it
 * pushed none); the writer emptied. */
static void pushed(kp_lsp *s, kp_buf *have)
{
	const char *t = s->out.out.data, *e = t + s->out.out.len;
	while (t && t < e) {
		const char *body = strstr(t, "\r\n\r\n");
		if (!body)
			break;
		size_t n = strtoul(t + 16, NULL, 10);   /* "Content-Length: " */
		body += 4;
		if (n > (size_t)(e - body))
			abort();   /* the server framed what it did not write */
		const char *at = memmem(body, n, "\"textDocument/publishDiagnostics\"", 33);
		const char *dg = at ? memmem(body, n, ",\"diagnostics\":", 15) : NULL;
		if (dg) {
			kp_buf_clear(have);
			kp_buf_put(have, dg, n - (size_t)(dg - body));
		}
		t = body + n;
	}
	kp_buf_clear(&s->out.out);
}

/* Are a and b the same, member for member in the same order? A tree the
 * server wrote twice alike is; cJSON_Compare finds each member of an
 * object by its name, both ways (quadratic in its members), and was a
 * sixth of an execution. */
static bool alike(const cJSON *a, const cJSON *b)
{
	if ((a->type & 0xff) != (b->type & 0xff))
		return false;
	switch (a->type & 0xff) {
	case cJSON_Number:
		return a->valuedouble == b->valuedouble;
	case cJSON_String:
		return a->valuestring && b->valuestring && !strcmp(a->valuestring, b->valuestring);
	case cJSON_Array:
	case cJSON_Object:
		for (a = a->child, b = b->child; a && b; a = a->next, b = b->next) {
			if ((a->string || b->string) && (!a->string || !b->string || strcmp(a->string, b->string)))
				return false;   /* another member here */
			if (!alike(a, b))
				return false;
		}
		return !a && !b;
	case cJSON_False:
	case cJSON_True:
	case cJSON_NULL:
		return true;
	default:
		return false;
	}
}

/* cJSON_Compare's verdict, the same trees told at once: what is alike is
 * equal to it; anything else (members in another order) is asked of it. */
static bool equal(const cJSON *a, const cJSON *b)
{
	return alike(a, b) || cJSON_Compare(a, b, true);
}

typedef struct client {
	cJSON *pieces;          /* arrays of diagnostics */
	char *rid;              /* the last answer's resultId, or NULL */
} client;

/* A delta pulled (from the last answer, or from nothing), its pieces
 * kept, then compared with a full pull of the same text. */
static void pull_delta(kp_lsp *s, const char *uri, client *c, bool from_last)
{
	cJSON *p = doc_params(uri);
	if (from_last && c->rid)
		cJSON_AddStringToObject(p, "previousResultId", c->rid);
	cJSON *r = request(s, "keyplan/diagnosticDelta", p);
	const cJSON *kind = cJSON_GetObjectItemCaseSensitive(r, "kind");
	const cJSON *rid = cJSON_GetObjectItemCaseSensitive(r, "resultId");
	if (!cJSON_IsString(kind) || !cJSON_IsString(rid))
		abort();
	if (!strcmp(kind->valuestring, "delta")) {
		cJSON *now = apply_ops(from_last ? c->pieces : NULL, cJSON_GetObjectItemCaseSensitive(r, "ops"), uri);
		cJSON_Delete(c->pieces);
		c->pieces = now;
	} else if (strcmp(kind->valuestring, "unchanged") || !from_last || !c->rid) {
		abort();   /* "unchanged" answers only a previousResultId */
	}
	free(c->rid);
	c->rid = strdup(rid->valuestring);
	cJSON_Delete(r);
	cJSON *f = request(s, "textDocument/diagnostic", doc_params(uri));
	const cJSON *items = cJSON_GetObjectItemCaseSensitive(f, "items");
	/* the pieces' diagnostics, in order, against the items one by one:
	 * copying them into one array to compare it whole was a quarter of a
	 * pulled client's comparison (cJSON_Duplicate of every diagnostic) */
	bool same = cJSON_IsArray(items);
	const cJSON *want = same ? items->child : NULL, *piece, *g;
	cJSON_ArrayForEach(piece, c->pieces) {
		cJSON_ArrayForEach(g, piece) {
			if (!want || !equal(g, want)) {
				same = false;
				break;
			}
			want = want->next;
		}
		if (!same)
			break;
	}
	const cJSON *frid = cJSON_GetObjectItemCaseSensitive(f, "resultId");
	if (!same || want || !cJSON_IsString(frid) || strcmp(frid->valuestring, c->rid)) {
		cJSON *flat = cJSON_CreateArray();
		cJSON_ArrayForEach(piece, c->pieces)
			cJSON_ArrayForEach(g, piece)
				cJSON_AddItemToArray(flat, cJSON_Duplicate(g, 1));
		char *a = cJSON_PrintUnformatted(flat), *b = cJSON_PrintUnformatted(f);
		fprintf(stderr, "pieces rebuilt from the deltas (%s):\n%s\na full pull:\n%s\n", c->rid, a, b);
		abort();
	}
	cJSON_Delete(f);
}

static void one_input(const uint8_t *data, size_t size)
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
		return;
	bool utf8 = data[0] & 1, pull = data[0] & 2;
	int kind = (data[0] >> 2) & 3, host = data[0] >> 6;
	const char *p = (const char *)data + 1, *end = (const char *)data + size;
	const char *z = memchr(p, 0, (size_t)(end - p));
	if (!z)
		return;
	kp_lsp a;
	start(&a, utf8, pull);
	kp_lsp_doc *d = open_doc(&a, p, (size_t)(z - p), kind, host);
	client c = {cJSON_CreateArray(), NULL};
	kp_buf have = {0};   /* a pushed client's diagnostics */
	if (pull) {
		pull_delta(&a, d->uri, &c, false);
	} else {
		kp_lsp_publish(&a, d);
		pushed(&a, &have);
	}
	p = z + 1;
	int version = 2;
	while (end - p >= 5) {
		bool ask = !(p[0] & 0x10), from_last = !(p[0] & 0x20);
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
		if (!pull && d->dirty)
			kp_lsp_publish(&a, d);
		pushed(&a, &have);
		if (pull && ask)
			pull_delta(&a, d->uri, &c, from_last);
	}
	cJSON_Delete(c.pieces);
	free(c.rid);
	/* the same text opened afresh */
	kp_lsp b;
	start(&b, utf8, pull);
	kp_lsp_doc *f = open_doc(&b, d->t.text, d->t.len, kind, host);
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
	if (!pull) {
		kp_buf fresh = {0};
		kp_lsp_publish(&b, f);
		pushed(&b, &fresh);
		if (have.len != fresh.len || memcmp(have.data, fresh.data, have.len)) {
			fprintf(stderr, "pushed after the edits:\n%.*s\nafresh:\n%.*s\n", (int)have.len, have.data,
			        (int)fresh.len, fresh.data);
			abort();   /* the splice sent what the text does not have */
		}
		kp_buf_free(&fresh);
	}
	kp_buf_free(&have);
	kp_buf_free(&x);
	kp_buf_free(&y);
	kp_lsp_free(&a);
	kp_lsp_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	one_input(data, size);
	js_done();
	return 0;
}
