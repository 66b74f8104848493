/* Workspaces: each document belongs to the .keyplan found by walking up
 * from its folder (so a multi-root workspace, or a repository holding two
 * projects, gets each project's schema and target), or, without one, to
 * the client's root with the initialization options. A workspace holds the
 * schema built from its schema files (an open file's unsaved text wins over
 * the disk), the rule settings, the target and the baseline. */
#define _XOPEN_SOURCE 700   /* realpath */
#include "tools/lsp/lsp.h"
#include "base/quote.h"

#include <dirent.h>
#include <fnmatch.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");
	if (!p)
		abort();
	return p;
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return strndup(path, (size_t)(slash - path));
}

/* The nearest .keyplan at or above dir, malloc'd, or NULL. */
static char *find_config(const char *dir)
{
	char *d = xstrdup(dir);
	for (;;) {
		size_t n = strlen(d);
		char *p = malloc(n + 10);
		if (!p)
			abort();
		snprintf(p, n + 10, "%s/.keyplan", strcmp(d, "/") ? d : "");
		struct stat st;
		if (stat(p, &st) == 0 && S_ISREG(st.st_mode)) {
			free(d);
			return p;
		}
		free(p);
		char *up = dir_of(d);
		bool top = !strcmp(up, d) || !strcmp(d, "/") || !strcmp(d, ".");
		free(d);
		d = up;
		if (top)
			break;
	}
	free(d);
	return NULL;
}

kp_lsp_ws *kp_lsp_ws_for(kp_lsp *s, const char *path)
{
	char *dir = path[0] == '/' ? dir_of(path) : xstrdup(s->root ? s->root : ".");
	char *cfg = find_config(dir);
	for (uint32_t i = 0; i < s->nwss; i++) {
		kp_lsp_ws *w = s->wss[i];
		if (cfg ? w->config && !strcmp(w->config, cfg) : !w->config) {
			free(dir);
			free(cfg);
			return w;
		}
	}
	kp_lsp_ws *w = calloc(1, sizeof *w);
	if (!w)
		abort();
	w->config = cfg;
	if (cfg) {
		w->dir = dir_of(cfg);
		free(dir);
	} else {
		w->dir = s->root ? xstrdup(s->root) : dir;
		if (s->root)
			free(dir);
	}
	w->stale = true;
	if (s->nwss == s->wss_cap) {
		s->wss_cap = s->wss_cap ? s->wss_cap * 2 : 4;
		s->wss = realloc(s->wss, s->wss_cap * sizeof *s->wss);
		if (!s->wss)
			abort();
	}
	s->wss[s->nwss++] = w;
	return w;
}

static void drop_schema(kp_lsp_ws *w)
{
	for (uint32_t i = 0; i < w->nschemas; i++) {
		free(w->schemas[i].path);
		kp_lsp_chunk_free(&w->schemas[i].res);
	}
	free(w->schemas);
	w->schemas = NULL;
	w->nschemas = 0;
	if (w->run_made)
		kp_pipe_free(&w->run);
	w->run_made = false;
	w->pipes_made = 0;
	if (w->built)
		kp_pipe_free(&w->pipe);
	w->built = false;
	if (w->has_baseline)
		kp_baseline_free(&w->baseline);
	w->has_baseline = false;
	free(w->baseline_path);
	free(w->baseline_error);
	free(w->config_error);
	free(w->setting_error);
	w->baseline_path = w->baseline_error = w->config_error = w->setting_error = NULL;
	kp_arena_free(&w->arena);
}

void kp_lsp_ws_free(kp_lsp_ws *w)
{
	drop_schema(w);
	free(w->dir);
	free(w->config);
	free(w);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct strs {
	char **v;
	size_t n, cap;
} strs;

static void push(strs *l, char *p)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], p)) {
			free(p);   /* a file named twice is read once */
			return;
		}
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		l->v = realloc(l->v, l->cap * sizeof *l->v);
		if (!l->v)
			abort();
	}
	l->v[l->n++] = p;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n >= m && !strcmp(s + n - m, suffix);
}

/* Schema folders hold *.sql files, as for lint: sorted, hidden folders and
 * node_modules skipped, each file once (by its real path). */
static void walk(const char *path, strs *out, int depth)
{
	struct stat st;
	if (depth > 64 || stat(path, &st) < 0)
		return;
	if (S_ISREG(st.st_mode)) {
		char *real = realpath(path, NULL);
		if (real)
			push(out, real);
		return;
	}
	if (!S_ISDIR(st.st_mode))
		return;
	DIR *dp = opendir(path);
	if (!dp)
		return;
	strs names = {0};
	struct dirent *e;
	while ((e = readdir(dp))) {
		if (e->d_name[0] == '.' || !strcmp(e->d_name, "node_modules"))
			continue;
		push(&names, xstrdup(e->d_name));
	}
	closedir(dp);
	qsort(names.v, names.n, sizeof *names.v, cmp_str);
	for (size_t i = 0; i < names.n; i++) {
		size_t n = strlen(path) + strlen(names.v[i]) + 2;
		char *child = malloc(n);
		if (!child)
			abort();
		snprintf(child, n, "%s/%s", path, names.v[i]);
		struct stat cs;
		if (stat(child, &cs) == 0 && (S_ISDIR(cs.st_mode) || ends_with(child, ".sql")))
			walk(child, out, depth + 1);
		free(child);
		free(names.v[i]);
	}
	free(names.v);
}

static void gather(const char *p, strs *out)
{
	struct stat st;
	if (stat(p, &st) < 0 && strpbrk(p, "*?[")) {
		glob_t g;
		if (glob(p, 0, NULL, &g) == 0)
			for (size_t k = 0; k < g.gl_pathc; k++)
				walk(g.gl_pathv[k], out, 0);
		globfree(&g);
		return;
	}
	walk(p, out, 0);
}

/* path relative to dir (a path that is absolute stays). */
static char *under(const char *dir, const char *path)
{
	if (path[0] == '/')
		return xstrdup(path);
	size_t n = strlen(dir) + strlen(path) + 2;
	char *p = malloc(n);
	if (!p)
		abort();
	snprintf(p, n, "%s/%s", dir, path);
	return p;
}

/* The tenant connection of .keyplan's tenant = ID (Phoenix only, as the
 * CLI takes it; docs/targets.md), or NULL. */
const char *kp_lsp_ws_tenant(const kp_lsp_ws *w)
{
	return w->target == KP_TARGET_PHOENIX ? w->cfg.tenant : NULL;
}

static void pipe_init(kp_lsp_ws *w, kp_pipe *p)
{
	kp_pipe_init(p, w->target);
	p->own_opts.tenant = kp_lsp_ws_tenant(w);
	p->plan_schema_writes = true;
	w->pipes_made++;
}

kp_pipe *kp_lsp_ws_pipe(kp_lsp_ws *w, kp_pipe *tmp, bool own_schema)
{
	if (own_schema) {
		pipe_init(w, tmp);
		for (uint32_t i = 0; i < w->nschemas; i++)
			kp_pipe_source(tmp, w->schemas[i].src, KP_ROLE_SCHEMA);
		return tmp;
	}
	/* against the schema's catalog, which only a build changes (and a
	 * build drops w->run): the parser, its shape cache and the plan memo
	 * of the last analysis serve this one too */
	kp_pipe *p = tmp;
	if (w->built && !w->run_busy) {
		p = &w->run;
		w->run_busy = true;
		if (w->run_made)
			return p;
		w->run_made = true;
	}
	pipe_init(w, p);
	kp_pipe_borrow(p, w->pipe.cat, w->pipe.opts);
	return p;
}

void kp_lsp_ws_pipe_done(kp_lsp_ws *w, kp_pipe *p)
{
	if (p == &w->run) {
		kp_pipe_reset(p);
		w->run_busy = false;
	} else {
		kp_pipe_free(p);
	}
}

static void build(kp_lsp *s, kp_lsp_ws *w)
{
	drop_schema(w);
	kp_arena_init(&w->arena);
	memset(&w->cfg, 0, sizeof w->cfg);
	w->cfg.fail_on = w->cfg.target = -1;
	if (w->config) {
		kp_diags d = {0};
		if (kp_config_load(&w->cfg, w->config, &w->arena, &d) < 0) {
			w->config_error = xstrdup(d.head ? d.head->message : "cannot read the config file");
			memset(&w->cfg, 0, sizeof w->cfg);
			w->cfg.fail_on = w->cfg.target = -1;
		}
	}
	w->target = KP_TARGET_LINDORM;
	kp_target t;
	bool given = s->opt_target && kp_target_parse(&t, s->opt_target) == 0;
	if (given)
		w->target = t;
	else if (w->cfg.target >= 0)
		w->target = (kp_target)w->cfg.target;
	if (s->opt_target && !given) {
		/* said on every document, as lint refuses it: never ignored */
		kp_buf m = {0};
		kp_buf_puts(&m, "unknown target '");
		kp_buf_puts_visible(&m, s->opt_target);
		kp_buf_printf(&m, "' (expected lindorm, tablestore, phoenix or generic); planned for %s meanwhile",
		              kp_target_name(w->target));
		w->setting_error = xstrdup(m.data);
		kp_buf_free(&m);
	}
	memcpy(w->rules, w->cfg.rules, sizeof w->rules);

	strs files = {0};
	if (w->cfg.schemas.n) {
		for (uint32_t i = 0; i < w->cfg.schemas.n; i++) {
			char *p = under(w->dir, w->cfg.schemas.items[i]);
			gather(p, &files);
			free(p);
		}
	} else {
		for (int i = 0; i < s->nopt_schema; i++) {
			char *p = under(w->dir, s->opt_schema[i]);
			gather(p, &files);
			free(p);
		}
	}
	w->schema_given = w->cfg.schemas.n > 0 || s->nopt_schema > 0;

	kp_pipe_init(&w->pipe, w->target);
	w->pipe.own_opts.tenant = kp_lsp_ws_tenant(w);
	w->built = true;
	w->pipe.plan_schema_writes = true;
	w->schemas = calloc(files.n ? files.n : 1, sizeof *w->schemas);
	if (!w->schemas)
		abort();
	kp_arena ra;
	kp_arena_init(&ra);
	kp_report rep;
	memset(&rep, 0, sizeof rep);
	memcpy(rep.rules, w->rules, sizeof rep.rules);
	kp_report_begin(&rep, &ra, kp_lsp_devnull(), KP_FMT_TEXT, 0);
	for (size_t i = 0; i < files.n; i++) {
		kp_lsp_schema *sc = &w->schemas[w->nschemas];
		kp_source *src = kp_arena_alloc(&w->pipe.arena, sizeof *src);
		char *uri = kp_path_to_uri(files.v[i]);
		kp_lsp_doc *open = kp_lsp_find_doc(s, uri);
		free(uri);
		if (open) {
			kp_source_from_string(src, files.v[i], open->t.text, open->t.len);
		} else {
			kp_diags d = {0};
			kp_arena a;
			kp_arena_init(&a);
			int rc = kp_source_read(src, files.v[i], &d, &a);
			kp_arena_free(&a);
			if (rc < 0) {
				free(files.v[i]);
				continue;
			}
		}
		kp_pipe_keep(&w->pipe, src);
		sc->path = files.v[i];
		sc->src = src;
		w->nschemas++;
		kp_lsp_schema_run(s, w, &rep, src, &sc->res);
	}
	kp_report_end(&rep, NULL, NULL, 0);
	kp_arena_free(&ra);
	free(files.v);

	if (s->opt_baseline) {
		w->baseline_path = under(w->dir, s->opt_baseline);
		kp_baseline_init(&w->baseline);
		kp_diags d = {0};
		kp_arena a;
		kp_arena_init(&a);
		if (kp_baseline_read(&w->baseline, w->baseline_path, &d, &a) < 0) {
			w->baseline_error = xstrdup(d.head ? d.head->message : "cannot read the baseline");
			kp_baseline_free(&w->baseline);
		} else {
			w->has_baseline = true;
		}
		kp_arena_free(&a);
	}
	w->gen++;
	w->stale = false;
}

void kp_lsp_ws_ensure(kp_lsp *s, kp_lsp_ws *w)
{
	if (w->stale || !w->built)
		build(s, w);
}

kp_lsp_schema *kp_lsp_ws_schema(kp_lsp_ws *w, const char *path)
{
	for (uint32_t i = 0; i < w->nschemas; i++)
		if (!strcmp(w->schemas[i].path, path))
			return &w->schemas[i];
	return NULL;
}

/* Could path be a schema file of w: one of its files, or a .sql file under
 * one of its schema folders? */
static bool may_be_schema(kp_lsp *s, kp_lsp_ws *w, const char *path)
{
	if (kp_lsp_ws_schema(w, path))
		return true;
	if (!ends_with(path, ".sql"))
		return false;
	strs roots = {0};
	if (w->cfg.schemas.n)
		for (uint32_t i = 0; i < w->cfg.schemas.n; i++)
			push(&roots, under(w->dir, w->cfg.schemas.items[i]));
	else
		for (int i = 0; i < s->nopt_schema; i++)
			push(&roots, under(w->dir, s->opt_schema[i]));
	bool found = false;
	for (size_t i = 0; i < roots.n; i++) {
		char *real = realpath(roots.v[i], NULL);
		const char *r = real ? real : roots.v[i];
		size_t n = strlen(r);
		if (!strncmp(path, r, n) && (path[n] == '/' || path[n] == 0))
			found = true;
		if (strpbrk(roots.v[i], "*?["))
			found = true;   /* a glob: cheaper to rebuild than to match */
		free(real);
		free(roots.v[i]);
	}
	free(roots.v);
	return found;
}

bool kp_lsp_ws_touch(kp_lsp *s, const char *path)
{
	bool any = false;
	char *real = realpath(path, NULL);
	const char *p = real ? real : path;
	for (uint32_t i = 0; i < s->nwss; i++) {
		kp_lsp_ws *w = s->wss[i];
		bool cfg = ends_with(p, "/.keyplan") || (w->config && !strcmp(w->config, p));
		bool base = w->baseline_path && !strcmp(w->baseline_path, p);
		if (cfg || base || may_be_schema(s, w, p)) {
			w->stale = true;
			any = true;
		}
	}
	free(real);
	return any;
}

bool kp_lsp_ws_excluded(kp_lsp_ws *w, const char *path)
{
	if (!w->cfg.exclude.n || path[0] != '/')
		return false;
	kp_arena a;
	kp_arena_init(&a);
	bool hit = false;
	/* the file, or a folder above it, as lint skips a folder's files */
	char *p = strdup(path);
	if (!p)
		abort();
	for (size_t n = strlen(p); !hit && n > 1;) {
		for (uint32_t i = 0; i < w->cfg.exclude.n && !hit; i++)
			hit = !fnmatch(kp_path_abs(&a, w->dir, w->cfg.exclude.items[i]), p, 0);
		while (n > 1 && p[n - 1] != '/')
			n--;
		if (n > 1)
			n--;
		p[n] = 0;
	}
	free(p);
	kp_arena_free(&a);
	return hit;
}

bool kp_lsp_ws_decl(kp_lsp_ws *w, kp_source *src, uint32_t off, uint32_t *start, uint32_t *end)
{
	for (uint32_t i = 0; i < w->nschemas; i++) {
		if (w->schemas[i].src != src)
			continue;
		const kp_lsp_chunk *c = &w->schemas[i].res;
		for (uint32_t k = 0; k < c->nstmts; k++)
			if (c->stmts[k].start <= off && off < c->stmts[k].end) {
				*start = c->stmts[k].start;
				*end = c->stmts[k].end;
				return true;
			}
	}
	return false;
}

const char *kp_lsp_docs_url(kp_lsp_ws *w)
{
	return w && w->cfg.docs ? w->cfg.docs : KEYPLAN_DOCS_URI;
}
