/* keyplan lsp: the message loop, the lifecycle (initialize, shutdown,
 * exit), document sync (full and incremental), cancellation, workspace
 * events, and the dispatch of requests to their files.
 *
 * One thread. Messages are read as long as more are waiting, then handled
 * in order: a $/cancelRequest among them cancels a request still queued
 * (answered with RequestCancelled), and a burst of edits is applied edit by
 * edit but analysed once, when the queue is empty, before the diagnostics
 * are published. A request that needs a document's plans analyses it first. */
#define _GNU_SOURCE   /* realpath, F_SETPIPE_SZ */
#include "base/quote.h"
#include "tools/lsp/lsp.h"
#include "tools/lsp/main.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (!p)
		abort();
	return p;
}

void kp_lsp_init(kp_lsp *s)
{
	memset(s, 0, sizeof *s);
	s->inlay = true;
}

static void doc_free(kp_lsp_doc *d)
{
	kp_lsp_doc_drop_analysis(d);
	free(d->dirs);
	free(d->fd_at);
	kp_doc_free(&d->t);
	free(d->dl_pieces);
	kp_lsp_pubcache_free(&d->pc);
	free(d->uri);
	free(d->path);
	free(d);
}

static void clear_schema_opts(kp_lsp *s)
{
	for (int i = 0; i < s->nopt_schema; i++)
		free(s->opt_schema[i]);
	free(s->opt_schema);
	s->opt_schema = NULL;
	s->nopt_schema = 0;
}

void kp_lsp_free(kp_lsp *s)
{
	for (uint32_t i = 0; i < s->ndocs; i++)
		doc_free(s->docs[i]);
	free(s->docs);
	for (uint32_t i = 0; i < s->nwss; i++)
		kp_lsp_ws_free(s->wss[i]);
	free(s->wss);
	for (uint32_t i = 0; i < s->qn; i++)
		cJSON_Delete(s->queue[(s->qhead + i) % s->qcap].msg);
	free(s->queue);
	clear_schema_opts(s);
	free(s->opt_target);
	free(s->opt_baseline);
	free(s->root);
	kp_rpc_gather_free(&s->pub);
	kp_rpc_reader_free(&s->in);
	kp_rpc_writer_free(&s->out);
}

/* ------------------------------------------------------------ helpers */

kp_lsp_doc *kp_lsp_find_doc(kp_lsp *s, const char *uri)
{
	for (uint32_t i = 0; i < s->ndocs; i++)
		if (!strcmp(s->docs[i]->uri, uri))
			return s->docs[i];
	return NULL;
}

static const char *str_at(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

kp_lsp_doc *kp_lsp_doc_of(kp_lsp *s, const cJSON *id, const cJSON *params)
{
	const cJSON *td = cJSON_GetObjectItemCaseSensitive(params, "textDocument");
	const char *uri = str_at(td, "uri");
	if (!uri) {
		kp_rpc_error(&s->out, id, KP_RPC_INVALID_PARAMS, "params.textDocument.uri is missing");
		return NULL;
	}
	kp_lsp_doc *d = kp_lsp_find_doc(s, uri);
	if (!d) {
		kp_buf m = {0};
		kp_buf_printf(&m, "document not open: %s (send textDocument/didOpen first)", uri);
		kp_buf_putc(&m, 0);
		kp_rpc_error(&s->out, id, KP_RPC_INVALID_PARAMS, m.data);
		kp_buf_free(&m);
		return NULL;
	}
	kp_lsp_analyze(s, d);
	return d;
}

static bool num_at(const cJSON *o, const char *key, long long *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 4294967295.0 ||
	    v->valuedouble != (double)(long long)v->valuedouble)
		return false;
	*out = (long long)v->valuedouble;
	return true;
}

bool kp_lsp_offset(kp_lsp *s, kp_lsp_doc *d, const cJSON *pos, size_t *off)
{
	long long line, ch;
	if (!cJSON_IsObject(pos) || !num_at(pos, "line", &line) || !num_at(pos, "character", &ch))
		return false;
	return kp_doc_offset(&d->t, line, ch, s->enc, off);
}

cJSON *kp_lsp_pos(kp_lsp *s, kp_lsp_doc *d, size_t off)
{
	uint32_t l, c;
	kp_doc_position(&d->t, off, s->enc, &l, &c);
	cJSON *p = cJSON_CreateObject();
	cJSON_AddNumberToObject(p, "line", l);
	cJSON_AddNumberToObject(p, "character", c);
	return p;
}

cJSON *kp_lsp_range(kp_lsp *s, kp_lsp_doc *d, size_t off, size_t end)
{
	cJSON *r = cJSON_CreateObject();
	cJSON_AddItemToObject(r, "start", kp_lsp_pos(s, d, off));
	cJSON_AddItemToObject(r, "end", kp_lsp_pos(s, d, end));
	return r;
}

cJSON *kp_lsp_location(kp_lsp *s, const char *path, kp_source *src, size_t off, size_t end)
{
	cJSON *loc = cJSON_CreateObject();
	char *uri = kp_path_to_uri(path);
	cJSON_AddStringToObject(loc, "uri", uri);
	kp_lsp_doc *d = kp_lsp_find_doc(s, uri);
	free(uri);
	if (d && d->t.len == src->len && !memcmp(d->t.text, src->text, src->len)) {
		cJSON_AddItemToObject(loc, "range", kp_lsp_range(s, d, off, end));
		return loc;
	}
	cJSON *r = cJSON_AddObjectToObject(loc, "range");
	size_t at[2] = {off, end};
	for (int k = 0; k < 2; k++) {
		uint32_t l, c;
		kp_text_position(src->text, src->len, at[k], s->enc, &l, &c);
		cJSON *p = cJSON_AddObjectToObject(r, k ? "end" : "start");
		cJSON_AddNumberToObject(p, "line", l + src->base_line);
		cJSON_AddNumberToObject(p, "character", c);
	}
	return loc;
}

/* ------------------------------------------------------------ options */

static void read_options(kp_lsp *s, const cJSON *o)
{
	if (!cJSON_IsObject(o))
		return;
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "target");
	if (cJSON_IsString(t)) {
		free(s->opt_target);
		s->opt_target = xstrdup(t->valuestring);
	}
	const cJSON *sc = cJSON_GetObjectItemCaseSensitive(o, "schema");
	if (cJSON_IsString(sc) || cJSON_IsArray(sc)) {
		clear_schema_opts(s);
		int n = cJSON_IsString(sc) ? 1 : cJSON_GetArraySize(sc);
		s->opt_schema = calloc(n ? (size_t)n : 1, sizeof *s->opt_schema);
		if (!s->opt_schema)
			abort();
		if (cJSON_IsString(sc)) {
			s->opt_schema[s->nopt_schema++] = xstrdup(sc->valuestring);
		} else {
			const cJSON *e;
			cJSON_ArrayForEach(e, sc)
				if (cJSON_IsString(e))
					s->opt_schema[s->nopt_schema++] = xstrdup(e->valuestring);
		}
	}
	const cJSON *b = cJSON_GetObjectItemCaseSensitive(o, "baseline");
	if (cJSON_IsString(b)) {
		free(s->opt_baseline);
		s->opt_baseline = b->valuestring[0] ? xstrdup(b->valuestring) : NULL;
	}
	const cJSON *ih = cJSON_GetObjectItemCaseSensitive(o, "inlayHints");
	if (cJSON_IsBool(ih))
		s->inlay = cJSON_IsTrue(ih);
}

/* Every document of a stale workspace is planned again and published. */
static void mark_stale_docs(kp_lsp *s)
{
	for (uint32_t i = 0; i < s->ndocs; i++)
		if (s->docs[i]->ws->stale) {
			s->docs[i]->dirty = true;
			s->docs[i]->stale = true;
			s->docs[i]->analyzed = false;
		}
}

static void restale_all(kp_lsp *s)
{
	for (uint32_t i = 0; i < s->nwss; i++)
		s->wss[i]->stale = true;
	mark_stale_docs(s);
}

/* ------------------------------------------------------------ lifecycle */

static void on_initialize(kp_lsp *s, const cJSON *id, const cJSON *params)
{
	const cJSON *caps = cJSON_GetObjectItemCaseSensitive(params, "capabilities");
	const cJSON *gen = cJSON_GetObjectItemCaseSensitive(caps, "general");
	const cJSON *encs = cJSON_GetObjectItemCaseSensitive(gen, "positionEncodings");
	const cJSON *e;
	s->enc = KP_ENC_UTF16;
	cJSON_ArrayForEach(e, encs)
		if (cJSON_IsString(e) && !strcmp(e->valuestring, "utf-8"))
			s->enc = KP_ENC_UTF8;
	const cJSON *ws = cJSON_GetObjectItemCaseSensitive(caps, "workspace");
	const cJSON *wf = cJSON_GetObjectItemCaseSensitive(ws, "didChangeWatchedFiles");
	s->watch_dynamic = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(wf, "dynamicRegistration"));
	const cJSON *tdc = cJSON_GetObjectItemCaseSensitive(caps, "textDocument");
	s->pull = cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(tdc, "diagnostic"));
	/* LSP 3.17 lists them under publishDiagnostics; 3.18 under diagnostic too */
	const char *dcaps[] = {"publishDiagnostics", "diagnostic"};
	s->code_desc = s->related = false;
	for (int i = 0; i < 2; i++) {
		const cJSON *pd = cJSON_GetObjectItemCaseSensitive(tdc, dcaps[i]);
		s->code_desc |= cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(pd, "codeDescriptionSupport"));
		s->related |= cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(pd, "relatedInformation"));
	}
	const cJSON *wd = cJSON_GetObjectItemCaseSensitive(ws, "diagnostics");
	s->pull_refresh = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(wd, "refreshSupport"));
	const char *root_uri = str_at(params, "rootUri");
	const cJSON *folders = cJSON_GetObjectItemCaseSensitive(params, "workspaceFolders");
	if (!root_uri && cJSON_IsArray(folders) && cJSON_GetArraySize(folders) > 0)
		root_uri = str_at(cJSON_GetArrayItem(folders, 0), "uri");
	free(s->root);
	s->root = root_uri ? kp_uri_to_path(root_uri) : NULL;
	if (!s->root && str_at(params, "rootPath"))
		s->root = xstrdup(str_at(params, "rootPath"));
	read_options(s, cJSON_GetObjectItemCaseSensitive(params, "initializationOptions"));

	cJSON *r = cJSON_CreateObject();
	cJSON *c = cJSON_AddObjectToObject(r, "capabilities");
	cJSON_AddStringToObject(c, "positionEncoding", s->enc == KP_ENC_UTF8 ? "utf-8" : "utf-16");
	cJSON *sync = cJSON_AddObjectToObject(c, "textDocumentSync");
	cJSON_AddBoolToObject(sync, "openClose", 1);
	cJSON_AddNumberToObject(sync, "change", 2);
	cJSON_AddBoolToObject(c, "hoverProvider", 1);
	cJSON *comp = cJSON_AddObjectToObject(c, "completionProvider");
	cJSON *trig = cJSON_AddArrayToObject(comp, "triggerCharacters");
	cJSON_AddItemToArray(trig, cJSON_CreateString(" "));
	cJSON_AddItemToArray(trig, cJSON_CreateString("."));
	cJSON_AddItemToArray(trig, cJSON_CreateString(","));
	cJSON_AddItemToArray(trig, cJSON_CreateString("("));
	cJSON_AddBoolToObject(c, "definitionProvider", 1);
	cJSON_AddBoolToObject(c, "documentSymbolProvider", 1);
	cJSON_AddBoolToObject(c, "inlayHintProvider", 1);
	if (s->pull) {
		/* the client pulls: no pushed diagnostics */
		cJSON *dp = cJSON_AddObjectToObject(c, "diagnosticProvider");
		cJSON_AddStringToObject(dp, "identifier", "keyplan");
		cJSON_AddBoolToObject(dp, "interFileDependencies", 1);
		cJSON_AddBoolToObject(dp, "workspaceDiagnostics", 0);
	}
	cJSON *ca = cJSON_AddObjectToObject(c, "codeActionProvider");
	cJSON *kinds = cJSON_AddArrayToObject(ca, "codeActionKinds");
	cJSON_AddItemToArray(kinds, cJSON_CreateString("quickfix"));
	cJSON_AddItemToArray(kinds, cJSON_CreateString("refactor.rewrite"));
	cJSON *wsc = cJSON_AddObjectToObject(c, "workspace");
	cJSON *wfs = cJSON_AddObjectToObject(wsc, "workspaceFolders");
	cJSON_AddBoolToObject(wfs, "supported", 1);
	cJSON *info = cJSON_AddObjectToObject(r, "serverInfo");
	cJSON_AddStringToObject(info, "name", "keyplan");
	cJSON_AddStringToObject(info, "version", KEYPLAN_VERSION);
	kp_rpc_result(&s->out, id, r);
	s->initialized = true;
}

static void on_initialized(kp_lsp *s)
{
	if (!s->watch_dynamic)
		return;
	/* schema files and .keyplan changed on disk (a checkout) */
	cJSON *m = cJSON_CreateObject();
	cJSON_AddStringToObject(m, "jsonrpc", "2.0");
	cJSON_AddNumberToObject(m, "id", (double)++s->next_id);
	cJSON_AddStringToObject(m, "method", "client/registerCapability");
	cJSON *p = cJSON_AddObjectToObject(m, "params");
	cJSON *regs = cJSON_AddArrayToObject(p, "registrations");
	cJSON *reg = cJSON_CreateObject();
	cJSON_AddStringToObject(reg, "id", "keyplan-watch");
	cJSON_AddStringToObject(reg, "method", "workspace/didChangeWatchedFiles");
	cJSON *ro = cJSON_AddObjectToObject(reg, "registerOptions");
	cJSON *ws = cJSON_AddArrayToObject(ro, "watchers");
	const char *globs[] = {"**/*.sql", "**/.keyplan", "**/.keyplan-baseline"};
	for (int i = 0; i < 3; i++) {
		cJSON *w = cJSON_CreateObject();
		cJSON_AddStringToObject(w, "globPattern", globs[i]);
		cJSON_AddItemToArray(ws, w);
	}
	cJSON_AddItemToArray(regs, reg);
	kp_rpc_send(&s->out, m);
}

/* ------------------------------------------------------------ documents */

static int lang_of(const char *path, const char *language_id, const char *text, size_t len)
{
	int l = kp_lang_of_path(path);
	if (l < 0 && language_id) {
		if (!strcmp(language_id, "sql"))
			l = KP_LANG_SQL;
		else if (!strcmp(language_id, "xml"))
			l = KP_LANG_MYBATIS;
		else
			l = kp_lang_parse(language_id);
		if (l == KP_LANG_MYBATIS && strcmp(language_id, "xml") && strcmp(language_id, "mybatis"))
			l = -1;
	}
	if (l == KP_LANG_MYBATIS && !kp_host_is_mapper(text, len))
		l = -1;   /* XML that is not a mapper */
	return l;
}

/* A schema file changed (opened, edited, closed): its workspace is built
 * again, and its documents planned again. */
static void schema_touched(kp_lsp *s, kp_lsp_doc *d)
{
	if (d->path[0] == '/' && kp_lsp_ws_touch(s, d->path))
		mark_stale_docs(s);
}

static void on_open(kp_lsp *s, const cJSON *params)
{
	const cJSON *td = cJSON_GetObjectItemCaseSensitive(params, "textDocument");
	const char *uri = str_at(td, "uri"), *text = str_at(td, "text");
	if (!uri || !text)
		return;
	kp_lsp_doc *d = kp_lsp_find_doc(s, uri);
	if (!d) {
		d = calloc(1, sizeof *d);
		if (!d)
			abort();
		d->uri = xstrdup(uri);
		char *path = kp_uri_to_path(uri);
		char *real = path ? realpath(path, NULL) : NULL;
		d->path = real ? real : path ? xstrdup(path) : xstrdup(uri);
		if (real)
			free(path);
		else
			free(path);
		if (s->ndocs == s->docs_cap) {
			s->docs_cap = s->docs_cap ? s->docs_cap * 2 : 16;
			s->docs = realloc(s->docs, s->docs_cap * sizeof *s->docs);
			if (!s->docs)
				abort();
		}
		s->docs[s->ndocs++] = d;
	}
	kp_doc_set(&d->t, text, strlen(text));
	d->edit_lo = 0;
	d->edit_suffix = 0;
	long long v;
	d->version = num_at(td, "version", &v) ? v : -1;
	d->lang = lang_of(d->path, str_at(td, "languageId"), d->t.text, d->t.len);
	d->ws = kp_lsp_ws_for(s, d->path);
	d->dirty = true;
	d->analyzed = false;
	schema_touched(s, d);
}

static void on_change(kp_lsp *s, const cJSON *params)
{
	const cJSON *td = cJSON_GetObjectItemCaseSensitive(params, "textDocument");
	const char *uri = str_at(td, "uri");
	kp_lsp_doc *d = uri ? kp_lsp_find_doc(s, uri) : NULL;
	if (!d)
		return;   /* a notification cannot be answered: an unopened document is ignored */
	const cJSON *changes = cJSON_GetObjectItemCaseSensitive(params, "contentChanges");
	const cJSON *c;
	cJSON_ArrayForEach(c, changes) {
		const char *text = str_at(c, "text");
		if (!text)
			continue;
		const cJSON *range = cJSON_GetObjectItemCaseSensitive(c, "range");
		if (!range) {
			kp_doc_set(&d->t, text, strlen(text));
			d->edit_lo = 0;
			d->edit_suffix = 0;
			continue;
		}
		size_t a, b;
		if (!kp_lsp_offset(s, d, cJSON_GetObjectItemCaseSensitive(range, "start"), &a) ||
		    !kp_lsp_offset(s, d, cJSON_GetObjectItemCaseSensitive(range, "end"), &b))
			continue;
		if (b < a) {
			size_t t = a;
			a = b;
			b = t;
		}
		size_t n = strlen(text);
		kp_doc_replace(&d->t, a, b, text, n);
		/* the text before a and after the insertion is as it was */
		if (a < d->edit_lo)
			d->edit_lo = a;
		if (d->t.len - (a + n) < d->edit_suffix)
			d->edit_suffix = d->t.len - (a + n);
	}
	d->edited = true;
	long long v;
	if (num_at(td, "version", &v))
		d->version = v;
	if (d->lang == KP_LANG_MYBATIS || (d->lang < 0 && kp_lang_of_path(d->path) == KP_LANG_MYBATIS))
		d->lang = lang_of(d->path, "xml", d->t.text, d->t.len);
	d->dirty = true;
	d->analyzed = false;
	if (kp_lsp_doc_schema(d))
		schema_touched(s, d);
}

static void on_close(kp_lsp *s, const cJSON *params)
{
	const cJSON *td = cJSON_GetObjectItemCaseSensitive(params, "textDocument");
	const char *uri = str_at(td, "uri");
	for (uint32_t i = 0; uri && i < s->ndocs; i++) {
		kp_lsp_doc *d = s->docs[i];
		if (strcmp(d->uri, uri))
			continue;
		bool schema = kp_lsp_doc_schema(d) != NULL;
		char *path = xstrdup(d->path);
		memmove(s->docs + i, s->docs + i + 1, (s->ndocs - i - 1) * sizeof *s->docs);
		s->ndocs--;
		if (!s->pull) {
			/* its diagnostics go with it (a pulling client drops them itself) */
			cJSON *p = cJSON_CreateObject();
			cJSON_AddStringToObject(p, "uri", uri);
			cJSON_AddArrayToObject(p, "diagnostics");
			kp_rpc_notify(&s->out, "textDocument/publishDiagnostics", p);
		}
		doc_free(d);
		if (schema && kp_lsp_ws_touch(s, path))
			mark_stale_docs(s);   /* the file on disk is the schema again */
		free(path);
		return;
	}
}

static void on_watched(kp_lsp *s, const cJSON *params)
{
	const cJSON *changes = cJSON_GetObjectItemCaseSensitive(params, "changes");
	const cJSON *c;
	bool config = false;
	cJSON_ArrayForEach(c, changes) {
		const char *uri = str_at(c, "uri");
		char *path = uri ? kp_uri_to_path(uri) : NULL;
		if (!path)
			continue;
		size_t n = strlen(path);
		if (n >= 8 && !strcmp(path + n - 8, ".keyplan"))
			config = true;
		kp_lsp_ws_touch(s, path);
		free(path);
	}
	if (config) {
		/* a .keyplan came or went: documents may change workspace */
		for (uint32_t i = 0; i < s->ndocs; i++)
			s->docs[i]->ws = kp_lsp_ws_for(s, s->docs[i]->path);
		restale_all(s);
	}
	mark_stale_docs(s);
}

static void on_configuration(kp_lsp *s, const cJSON *params)
{
	const cJSON *set = cJSON_GetObjectItemCaseSensitive(params, "settings");
	const cJSON *k = cJSON_GetObjectItemCaseSensitive(set, "keyplan");
	read_options(s, k ? k : set);
	restale_all(s);
}

/* keyplan/stats: how the last analysis of a document went (the tests read
 * it to check that an edit re-plans only the statements it touched, and
 * which). The edits before it are analysed and, for a client that is
 * pushed diagnostics, what changed is published first: the answer comes
 * after the publication an edit made, or says that it made none. */
static void on_stats(kp_lsp *s, const cJSON *id, const cJSON *params)
{
	kp_lsp_doc *d = kp_lsp_doc_of(s, id, params);
	if (!d)
		return;
	if (!s->pull && d->dirty)
		kp_lsp_publish(s, d);
	kp_lsp_analyze(s, d);
	cJSON *r = cJSON_CreateObject();
	cJSON_AddNumberToObject(r, "chunks", d->nrefs);
	cJSON_AddNumberToObject(r, "planned", d->runs);
	/* analyses of application code that extracted one region again */
	cJSON_AddNumberToObject(r, "regionRuns", d->partial_runs);
	/* push publications spliced into the last one (publish.c) */
	cJSON_AddNumberToObject(r, "spliced", d->spliced);
	/* ... the last one's refs written again, and those moved by their line numbers alone */
	cJSON_AddNumberToObject(r, "splicedRefs", d->splice_written);
	cJSON_AddNumberToObject(r, "movedRefs", d->splice_moved);
	/* pipelines its workspace made for analyses (one is kept and reset) */
	cJSON_AddNumberToObject(r, "pipelines", (double)d->ws->pipes_made);
	/* where the statements planned start (their chunks' first statement):
	 * among the refs the analysis made, not the document's thousands */
	cJSON *at = cJSON_AddArrayToObject(r, "plannedLines");
	uint32_t hi = d->plan_hi < d->nrefs ? d->plan_hi : d->nrefs;
	for (uint32_t i = d->plan_lo; i < hi; i++) {
		const kp_lsp_chunk *c = d->refs[i].c;
		if (c->id <= d->ids_before)
			continue;   /* not planned by the last analysis */
		size_t off = d->refs[i].base + (c->nstmts ? c->stmts[0].start : 0);
		uint32_t l, ch;
		kp_doc_position(&d->t, off > d->t.len ? d->t.len : off, s->enc, &l, &ch);
		cJSON_AddItemToArray(at, cJSON_CreateNumber(l));
	}
	cJSON_AddNumberToObject(r, "analysisMs", d->analysis_ms);
	cJSON_AddNumberToObject(r, "publishMs", d->publish_ms);
	cJSON_AddNumberToObject(r, "analysisCpuMs", d->analysis_cpu_ms);
	cJSON_AddNumberToObject(r, "publishCpuMs", d->publish_cpu_ms);
	/* the last push publication: its writes' part of those times, its
	 * write calls (and those the pipe took short), and the minor page
	 * faults and context switches (voluntary, involuntary) it took */
	cJSON_AddNumberToObject(r, "publishWriteMs", d->publish_write_ms);
	cJSON_AddNumberToObject(r, "publishWriteCpuMs", d->publish_write_cpu_ms);
	cJSON_AddNumberToObject(r, "publishWrites", d->publish_writes);
	cJSON_AddNumberToObject(r, "publishShortWrites", d->publish_short_writes);
	cJSON_AddNumberToObject(r, "publishMinorFaults", (double)d->publish_minflt);
	cJSON_AddNumberToObject(r, "publishSwitches", (double)d->publish_nvcsw);
	cJSON_AddNumberToObject(r, "publishPreemptions", (double)d->publish_nivcsw);
	kp_rpc_result(&s->out, id, r);
}

/* ------------------------------------------------------------ dispatch */

typedef void (*request_fn)(kp_lsp *s, const cJSON *id, const cJSON *params);

static const struct {
	const char *method;
	request_fn fn;
} requests[] = {
	{"textDocument/hover", kp_lsp_hover},
	{"textDocument/completion", kp_lsp_completion},
	{"textDocument/definition", kp_lsp_definition},
	{"textDocument/documentSymbol", kp_lsp_symbols},
	{"textDocument/inlayHint", kp_lsp_inlay},
	{"textDocument/codeAction", kp_lsp_code_action},
	{"textDocument/diagnostic", kp_lsp_pull},
	{"keyplan/stats", on_stats},
	{"keyplan/diagnosticDelta", kp_lsp_delta_request},
};

static bool valid_id(const cJSON *id)
{
	return cJSON_IsNumber(id) || cJSON_IsString(id);
}

void kp_lsp_handle(kp_lsp *s, cJSON *msg, bool cancelled)
{
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(msg, "id");
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(msg, "method");
	const cJSON *params = cJSON_GetObjectItemCaseSensitive(msg, "params");
	if (!m) {
		if (id && (cJSON_GetObjectItemCaseSensitive(msg, "result") || cJSON_GetObjectItemCaseSensitive(msg, "error")))
			return;   /* the answer to a request of ours */
		kp_rpc_error(&s->out, valid_id(id) ? id : NULL, KP_RPC_INVALID_REQUEST, "a message without a method");
		return;
	}
	if (!cJSON_IsString(m) || (id && !valid_id(id))) {
		kp_rpc_error(&s->out, valid_id(id) ? id : NULL, KP_RPC_INVALID_REQUEST,
		             "method must be a string and id a number or a string");
		return;
	}
	const char *method = m->valuestring;
	bool request = id != NULL;
	if (!strcmp(method, "exit")) {
		s->exited = true;
		s->exit_code = s->shut ? 0 : 1;
		return;
	}
	if (request && cancelled) {
		kp_rpc_error(&s->out, id, KP_RPC_REQUEST_CANCELLED, "request cancelled");
		return;
	}
	if (!s->initialized) {
		if (request && !strcmp(method, "initialize"))
			on_initialize(s, id, params);
		else if (request)
			kp_rpc_error(&s->out, id, KP_RPC_SERVER_NOT_INITIALIZED, "the server is not initialized");
		return;
	}
	if (s->shut) {
		if (request)
			kp_rpc_error(&s->out, id, KP_RPC_INVALID_REQUEST, "the server is shut down: only exit is accepted");
		return;
	}
	if (request) {
		if (!strcmp(method, "initialize")) {
			kp_rpc_error(&s->out, id, KP_RPC_INVALID_REQUEST, "initialize was already received");
			return;
		}
		if (!strcmp(method, "shutdown")) {
			/* what changed is published before the server stops */
			if (s->pull)
				kp_lsp_pull_refresh(s);
			for (uint32_t i = 0; i < s->ndocs && !s->pull; i++)
				if (s->docs[i]->dirty)
					kp_lsp_publish(s, s->docs[i]);
			s->shut = true;
			kp_rpc_result(&s->out, id, NULL);
			return;
		}
		if (params && !cJSON_IsObject(params) && !cJSON_IsArray(params)) {
			kp_rpc_error(&s->out, id, KP_RPC_INVALID_REQUEST, "params must be an object or an array");
			return;
		}
		for (size_t i = 0; i < sizeof requests / sizeof *requests; i++)
			if (!strcmp(method, requests[i].method)) {
				requests[i].fn(s, id, params);
				return;
			}
		kp_buf b = {0};
		kp_buf_printf(&b, "method not found: %.200s", method);
		kp_buf_putc(&b, 0);
		kp_rpc_error(&s->out, id, KP_RPC_METHOD_NOT_FOUND, b.data);
		kp_buf_free(&b);
		return;
	}
	if (!strcmp(method, "initialized"))
		on_initialized(s);
	else if (!strcmp(method, "textDocument/didOpen"))
		on_open(s, params);
	else if (!strcmp(method, "textDocument/didChange"))
		on_change(s, params);
	else if (!strcmp(method, "textDocument/didClose"))
		on_close(s, params);
	else if (!strcmp(method, "workspace/didChangeWatchedFiles"))
		on_watched(s, params);
	else if (!strcmp(method, "workspace/didChangeConfiguration"))
		on_configuration(s, params);
	/* other notifications ($/cancelRequest, $/setTrace, didSave, ...)
	 * need nothing: a notification is never answered */
}

static void enqueue(kp_lsp *s, cJSON *msg, int code, const char *why)
{
	if (s->qn == s->qcap) {
		uint32_t cap = s->qcap ? s->qcap * 2 : 64;
		kp_lsp_pending *q = malloc(cap * sizeof *q);
		if (!q)
			abort();
		for (uint32_t i = 0; i < s->qn; i++)
			q[i] = s->queue[(s->qhead + i) % s->qcap];
		free(s->queue);
		s->queue = q;
		s->qcap = cap;
		s->qhead = 0;
	}
	s->queue[(s->qhead + s->qn) % s->qcap] = (kp_lsp_pending){msg, false, code, why};
	s->qn++;
	if (!msg)
		return;
	/* a cancellation marks the queued request it names */
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(msg, "method");
	if (cJSON_IsString(m) && !strcmp(m->valuestring, "$/cancelRequest")) {
		const cJSON *cid = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(msg, "params"), "id");
		for (uint32_t i = 0; cid && i + 1 < s->qn; i++) {
			kp_lsp_pending *p = &s->queue[(s->qhead + i) % s->qcap];
			const cJSON *pid = cJSON_GetObjectItemCaseSensitive(p->msg, "id");
			if (pid && cJSON_GetObjectItemCaseSensitive(p->msg, "method") && cJSON_Compare(pid, cid, 1))
				p->cancelled = true;
		}
	}
}

int kp_lsp_run(kp_lsp *s)
{
	bool eof = false;
	while (!s->exited && !eof && !s->out.failed) {
		/* read what is waiting (at least one message) */
		do {
			cJSON *msg;
			int code = 0;
			const char *why = NULL;
			kp_rpc_status st = kp_rpc_read(&s->in, &msg, &code, &why);
			if (st == KP_RPC_EOF) {
				eof = true;
				break;
			}
			enqueue(s, st == KP_RPC_BAD ? NULL : msg, code, why);
		} while (kp_rpc_pending(&s->in) && s->qn < 100000);
		while (s->qn && !s->exited) {
			kp_lsp_pending p = s->queue[s->qhead];
			s->qhead = (s->qhead + 1) % s->qcap;
			s->qn--;
			if (p.msg)
				kp_lsp_handle(s, p.msg, p.cancelled);
			else
				kp_rpc_error(&s->out, NULL, p.code, p.why);
			cJSON_Delete(p.msg);
		}
		/* the queue is empty: publish what changed (or tell a pulling
		 * client what changed beside the documents it edited) */
		if (!s->exited && !s->shut && !kp_rpc_pending(&s->in)) {
			if (s->pull)
				kp_lsp_pull_refresh(s);
			else
				for (uint32_t i = 0; i < s->ndocs; i++)
					if (s->docs[i]->dirty)
						kp_lsp_publish(s, s->docs[i]);
		}
	}
	/* the input ended without exit: as an exit without shutdown */
	return s->exited ? s->exit_code : 1;
}

const char kp_lsp_usage[] =
	"usage: keyplan lsp [--stdio] [--target T]\n"
	"\n"
	"A Language Server Protocol 3.17 server on standard input and output: the\n"
	"diagnostics of keyplan lint as you type (SQL files and SQL in Java, Kotlin,\n"
	"Go, Python and MyBatis XML), plans on hover, completion from the schema, go\n"
	"to definition, document symbols, inlay hints with each statement's access\n"
	"class, and code actions. Each document's .keyplan is found by walking up\n"
	"from its folder. Editor set-up: docs/lsp.md.\n"
	"\n"
	"options:\n"
	"  --stdio       talk on standard input and output (the default and only way)\n"
	"  --target T    lindorm, tablestore, phoenix or generic: overrides each\n"
	"                document's .keyplan, as lint's --target does (a client's\n"
	"                target setting, when it sends one, overrides this)\n"
	"  -h, --help    show this help\n"
	"\n"
	"exit status: 0 after shutdown and exit, 1 when the input ends or exit comes\n"
	"without shutdown, 2 usage error.\n";

int kp_lsp_main(int argc, char **argv)
{
	const char *target = NULL;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(kp_lsp_usage, stdout);
			return 0;
		}
		if (!strcmp(argv[i], "--target") || !strncmp(argv[i], "--target=", 9)) {
			/* the same names and message as lint's --target (tools/cli.c) */
			const char *v = argv[i][8] == '=' ? argv[i] + 9 : i + 1 < argc ? argv[++i] : NULL;
			kp_target t;
			if (!v) {
				fputs("keyplan lsp: --target needs a value: lindorm, tablestore, phoenix or generic (keyplan lsp "
				      "--help lists the options)\n", stderr);
				return 2;
			}
			if (kp_target_parse(&t, v) < 0) {
				kp_fprintf_visible(stderr, "keyplan lsp: unknown target '%s' (expected lindorm, tablestore, "
				                   "phoenix or generic) (keyplan lsp --help lists the options)\n", v);
				return 2;
			}
			target = v;
			continue;
		}
		if (strcmp(argv[i], "--stdio")) {
			/* one line naming it, as every command's usage error is (the
			 * options are one --help away); its bytes shown, not obeyed */
			kp_fprintf_visible(stderr, "keyplan lsp: %s '%s' (keyplan lsp --help lists the options)\n",
			                   argv[i][0] == '-' ? "unknown option" : "unexpected argument", argv[i]);
			return 2;
		}
	}
	signal(SIGPIPE, SIG_IGN);
#ifdef F_SETPIPE_SZ
	/* a document's diagnostics can be megabytes: fewer round trips through
	 * a larger pipe (Linux; refused quietly elsewhere or over the limit) */
	fcntl(1, F_SETPIPE_SZ, 1 << 20);
#endif
	kp_lsp s;
	kp_lsp_init(&s);
	if (target)
		s.opt_target = xstrdup(target);
	kp_rpc_reader_fd(&s.in, 0);
	kp_rpc_writer_fd(&s.out, 1);
	int rc = kp_lsp_run(&s);
	kp_lsp_free(&s);
	return rc;
}
