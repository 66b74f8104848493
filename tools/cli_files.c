/* The files a run reads: the walker over files, folders and globs (one
 * place for lint, check, explain and the shell), exclusions, which
 * language a file is read as, and the schema read first. */
#define _XOPEN_SOURCE 700   /* realpath */
#include "tools/cli.h"
#include "base/quote.h"

#include "tools/migrations.h"
#include "tools/sniff.h"

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The path files are reported under: relative to the working directory
 * when the file lies below it (config globs give absolute paths), else as
 * given, without a leading "./". */
const char *cli_display_path(cli *c, const char *path)
{
	if (!strcmp(path, "-"))
		return path;
	const char *abs = kp_path_abs(&c->arena, c->cwd, path);
	size_t n = strlen(c->cwd);
	if (!strncmp(abs, c->cwd, n) && abs[n] == '/' && (path[0] == '/' || strstr(path, "..")))
		return abs + n + 1;
	while (path[0] == '.' && path[1] == '/' && path[2])
		path += 2;
	return path;
}

/* Is path (as given, or absolute) excluded by the config's exclude globs
 * (relative to the config file) or by --exclude (relative to the working
 * directory)? Both are matched against the absolute path, so a file named
 * on the command line is excluded as one found in a folder is. */
static bool excluded(cli *c, const char *path)
{
	if (c->schema_walk)
		return false;   /* --exclude names query files: the schema is read whole */
	kp_arena_reset(&c->scratch);
	const char *abs = kp_path_abs(&c->scratch, c->cwd, path);
	for (int k = 0; k < 2; k++) {
		const kp_list *l = k ? &c->excludes : &c->cfg.exclude;
		for (uint32_t i = 0; i < l->n; i++) {
			const char *g = kp_path_abs(&c->scratch, c->cwd, l->items[i]);
			if (!fnmatch(g, abs, 0))
				return true;
		}
	}
	return false;
}

/* Folders the walker never enters: hidden ones (.git, .venv, ...) and
 * vendored dependencies. */
static bool skipped_folder(const char *name)
{
	return name[0] == '.' || !strcmp(name, "node_modules");
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The language a file is read as, or -1 to pass it by: the one function
 * that picks files. A folder walk (walked) takes .sql, .java, .kt, .go,
 * .py and MyBatis mapper .xml files (only those of --lang when it is
 * given); a file named by the user is read as --lang, else by its
 * extension, else as SQL. Schema files are always SQL. */
int cli_file_lang(const cli *c, const char *path, bool walked)
{
	if (c->lang >= 0 && !walked)
		return c->lang;
	if (!strcmp(path, "-")) {
		/* standard input is read as the name --stdin-filename gives it
		 * (as ruff, eslint and prettier do), else as SQL */
		int l = c->stdin_name ? kp_lang_of_path(c->stdin_name) : -1;
		return l < 0 ? KP_LANG_SQL : l;
	}
	int l = kp_lang_of_path(path);
	if (walked && c->lang >= 0 && l != c->lang)
		return -1;
	if (l == KP_LANG_MYBATIS) {
		/* other XML is passed by silently */
		char head[16384];   /* past a long licence comment */
		FILE *f = fopen(path, "rb");
		size_t n = f ? fread(head, 1, sizeof head, f) : 0;
		if (f)
			fclose(f);
		if (!kp_host_is_mapper(head, n))
			return -1;
	}
	return l < 0 && !walked ? KP_LANG_SQL : l;
}


/* Has the file or folder st been seen in this walk? Records it if not.
 * Symbolic links are followed, so a loop comes back to a folder already
 * seen and stops there; a file named twice is read once. */
static bool seen_before(kp_list *seen, kp_arena *a, const struct stat *st)
{
	for (uint32_t i = 0; i < seen->n; i++) {
		const dev_t *d = seen->items[i];
		const ino_t *ino = (const ino_t *)(d + 1);
		if (*d == st->st_dev && *ino == st->st_ino)
			return true;
	}
	dev_t *d = kp_arena_alloc(a, sizeof(dev_t) + sizeof(ino_t));
	*d = st->st_dev;
	memcpy(d + 1, &st->st_ino, sizeof(ino_t));
	kp_list_push(a, seen, d);
	return false;
}

/* The file walker, one place for lint, check, explain and the shell:
 * appends path, or the files below it that cli_file_lang picks (sorted,
 * recursively; *.sql only for a schema), to out.
 * seen holds the files and folders already taken (one list per role).
 * *found counts the files appended. Returns -1 (reported) when a folder
 * cannot be read. */
static int walk_files(cli *c, const char *path, kp_list *out, kp_list *seen, int *found)
{
	struct stat st;
	if (!strcmp(path, "-")) {
		(*found)++;
		if (!c->stdin_name || !excluded(c, c->stdin_name))
			kp_list_push(&c->arena, out, (void *)path);
		return 0;
	}
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
		if (excluded(c, path))
			return 0;
		if (seen_before(seen, &c->arena, &st)) {
			(*found)++;   /* taken already (a link loop, or named twice) */
			return 0;
		}
		DIR *d = opendir(path);
		if (!d) {
			cli_io_error(c, path, "cannot open folder: %s", strerror(errno));
			return -1;
		}
		kp_list names = {0};
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			char *full = kp_arena_printf(&c->arena, "%s%s%s", path,
			                             path[strlen(path) - 1] == '/' ? "" : "/", e->d_name);
			struct stat s2;
			if (stat(full, &s2) < 0)
				continue;   /* a dangling link */
			if (S_ISDIR(s2.st_mode) ? !skipped_folder(e->d_name)
			    : S_ISREG(s2.st_mode) && (!c->host_walk ? kp_lang_of_path(full) == KP_LANG_SQL
			                                            : cli_file_lang(c, full, true) >= 0))
				kp_list_push(&c->arena, &names, full);
		}
		closedir(d);
		if (names.n)
			qsort(names.items, names.n, sizeof(void *), cmp_str);
		for (uint32_t i = 0; i < names.n; i++)
			if (walk_files(c, names.items[i], out, seen, found) < 0)
				return -1;
		return 0;
	}
	/* a file (or a path that does not exist: reading it reports that) */
	if (excluded(c, path))
		return 0;
	(*found)++;
	if (stat(path, &st) == 0 && seen_before(seen, &c->arena, &st))
		return 0;
	kp_list_push(&c->arena, out, (void *)cli_display_path(c, path));
	return 0;
}

static bool has_glob(const char *p)
{
	return strpbrk(p, "*?[") != NULL;
}

/* A schema folder's files (or a glob's), files->items[first, n), put in
 * the order they apply (tools/migrations.h). Returns -1 (reported) when two
 * migrations have the same version. */
static int migration_order(cli *c, kp_list *files, uint32_t first)
{
	kp_diags d = {0};
	if (kp_migration_sort((const char **)files->items + first, files->n - first, &d, &c->arena) < 0) {
		cli_errors(c, &d);
		return -1;
	}
	return 0;
}

/* The files named by paths (files, folders, globs the shell left alone),
 * through the walker. A folder or glob that gives no query file is an
 * error: there would be nothing to do. Returns -1 (reported) on an error. */
int cli_gather(cli *c, const kp_list *paths, kp_list *seen, kp_list *files)
{
	for (uint32_t i = 0; i < paths->n; i++) {
		const char *p = paths->items[i];
		struct stat st;
		bool exists = !strcmp(p, "-") || stat(p, &st) == 0;
		int found = 0;
		uint32_t first = files->n;
		if (!exists && has_glob(p)) {
			glob_t g;
			int rc = glob(p, 0, NULL, &g);
			for (size_t k = 0; rc == 0 && k < g.gl_pathc; k++)
				if (walk_files(c, kp_arena_strndup(&c->arena, g.gl_pathv[k], strlen(g.gl_pathv[k])), files,
				               seen, &found) < 0) {
					globfree(&g);
					return -1;
				}
			globfree(&g);
			if (rc != 0 && rc != GLOB_NOMATCH) {
				cli_error(c, "%s: cannot expand the pattern", p);
				return -1;
			}
			if (!found) {
				cli_error(c, "%s: no file matches", p);
				return -1;
			}
			if (c->schema_walk && migration_order(c, files, first) < 0)
				return -1;
			continue;
		}
		if (walk_files(c, p, files, seen, &found) < 0)
			return -1;
		if (c->schema_walk && migration_order(c, files, first) < 0)
			return -1;
		if (!found && exists && strcmp(p, "-") && S_ISDIR(st.st_mode) && !excluded(c, p)) {
			cli_error(c, c->host_walk ? "%s: no .sql files (nor application code with SQL) in this folder"
			                          : "%s: no .sql files in this folder", p);
			return -1;
		}
	}
	return 0;
}

bool cli_read_once(const char *path)
{
	struct stat st;
	return !strcmp(path, "-") || (stat(path, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)));
}

int cli_sniff(cli *c, const char *path, bool logs)
{
	/* standard input and pipes are read once, as they come: what a sniff
	 * read would be gone when the file is read, and a FIFO's second open
	 * waits for a writer that never comes; so is a terminal (sniff.h) */
	const char *why = kp_sniff_path(path, logs);
	if (why) {
		cli_io_error(c, path, "%s", why);
		return -1;
	}
	return 0;
}

kp_source *cli_open_source(cli *c, const char *path)
{
	kp_diags d = {0};
	kp_source *src = kp_pipe_read(&c->pipe, path, &d, &c->arena);
	if (!src)
		cli_errors(c, &d);
	return src;
}

/* A query folder may hold the schema files too: those are read once, as
 * the schema. */
bool cli_is_schema_file(cli *c, const char *path, bool remember)
{
	char *real = realpath(path, NULL);
	if (!real)
		return false;
	bool found = false;
	for (uint32_t i = 0; i < c->schema_files.n && !found; i++)
		found = !strcmp(c->schema_files.items[i], real);
	if (remember && !found)
		kp_list_push(&c->arena, &c->schema_files, kp_arena_strndup(&c->arena, real, strlen(real)));
	free(real);
	return found;
}

/* Reads the schema: every file and folder of --schema (or the config's
 * schema), each file once, handed to fn. A schema that names no file, or
 * whose files define no table, is an error: every query would only be
 * "no such table". Returns -1 (reported) on an error. */
int cli_read_schema_of(cli *c, const kp_list *paths, kp_list *seen, const kp_catalog *cat,
                          void (*fn)(void *, kp_source *), void *ctx)
{
	kp_list files = {0};
	c->host_walk = false;   /* schema folders: *.sql only */
	c->schema_walk = true;
	int rc = cli_gather(c, paths, seen, &files);
	c->schema_walk = false;
	if (rc < 0)
		return -1;
	if (c->verbose && files.n) {
		kp_fprintf_visible(stderr, "keyplan: %s files, in the order they apply:\n", cat == c->pipe.cat ? "schema" : "base schema");
		for (uint32_t i = 0; i < files.n; i++) {
			const char *v;
			uint32_t vl;
			kp_mig_kind k = kp_migration_kind(files.items[i], &v, &vl);
			if (k == KP_MIG_VERSIONED)
				kp_fprintf_visible(stderr, "  %s (version %.*s)\n", (const char *)files.items[i], (int)vl, v);
			else
				kp_fprintf_visible(stderr, "  %s%s\n", (const char *)files.items[i], k == KP_MIG_REPEATABLE ? " (repeatable)" : "");
		}
	}
	for (uint32_t i = 0; i < files.n; i++) {
		if (cli_sniff(c, files.items[i], false) < 0)
			return -1;
		if (strcmp(files.items[i], "-"))
			cli_is_schema_file(c, files.items[i], true);
		kp_source *src = cli_open_source(c, files.items[i]);
		if (!src)
			return -1;
		fn(ctx, src);
	}
	if (paths->n && cat->ntables == 0) {
		kp_buf names = {0};
		for (uint32_t i = 0; i < paths->n; i++)
			kp_buf_printf(&names, "%s%s", i ? ", " : "", (const char *)paths->items[i]);
		cli_error(c, "%s: the schema defines no table (no CREATE TABLE read)", names.data);
		kp_buf_free(&names);
		return -1;
	}
	return 0;
}

int cli_read_schema(cli *c, void (*fn)(void *, kp_source *), void *ctx)
{
	return cli_read_schema_of(c, &c->schemas, &c->seen_schema, c->pipe.cat, fn, ctx);
}

/* Adds the <sql> fragments of mapper file path to the run's index: an
 * <include> may name a fragment of another mapper. Errors are reported when
 * the file is read for its statements. */
void cli_index_mapper(cli *c, const char *path)
{
	struct stat st;
	if (!strcmp(path, "-") || stat(path, &st) < 0 || !S_ISREG(st.st_mode) ||
	    cli_file_lang(c, path, false) != KP_LANG_MYBATIS)
		return;
	kp_diags d = {0};
	kp_source src;
	if (kp_source_map(&src, path, &d, &c->arena) < 0)
		return;
	if (!c->mappers)
		c->mappers = kp_mapper_index_new();
	kp_mapper_index_add_source(c->mappers, &src);
	kp_source_free(&src);
	c->pipe.mappers = c->mappers;
}

void cli_index_entities(cli *c, const char *path)
{
	struct stat st;
	if (!strcmp(path, "-") || stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return;
	int lang = cli_file_lang(c, path, false);
	if (lang != KP_LANG_JAVA && lang != KP_LANG_KOTLIN)
		return;
	kp_diags d = {0};
	kp_source src;
	if (kp_source_map(&src, path, &d, &c->arena) < 0)
		return;
	if (!c->entities)
		c->entities = kp_entity_index_new();
	kp_entity_index_add_source(c->entities, &src, (kp_lang)lang);
	kp_source_free(&src);
	c->pipe.entities = c->entities;
}
