/* Paths as lint and check report them: made absolute lexically, and the
 * repository root they are reported relative to. */
#include "tools/paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>

char *kp_path_abs(kp_arena *a, const char *cwd, const char *path)
{
	size_t n = strlen(cwd) + strlen(path) + 2;
	char *in = kp_arena_alloc(a, n), *out = kp_arena_alloc(a, n);
	snprintf(in, n, "%s%s%s", path[0] == '/' ? "" : cwd, path[0] == '/' ? "" : "/", path);
	size_t o = 0;
	for (const char *p = in; *p;) {
		while (*p == '/')
			p++;
		const char *s = p;
		while (*p && *p != '/')
			p++;
		size_t len = (size_t)(p - s);
		if (len == 0 || (len == 1 && s[0] == '.'))
			continue;
		if (len == 2 && s[0] == '.' && s[1] == '.') {
			while (o > 0 && out[o - 1] != '/')
				o--;
			if (o > 0)
				o--;
			continue;
		}
		out[o++] = '/';
		memcpy(out + o, s, len);
		o += len;
	}
	if (o == 0)
		out[o++] = '/';
	out[o] = 0;
	return out;
}

bool kp_path_under(const char *path, const char *dir)
{
	size_t n = strlen(dir);
	if (n == 1 && dir[0] == '/')
		return path[0] == '/';
	return strncmp(path, dir, n) == 0 && (path[n] == '/' || path[n] == 0);
}

char *kp_repo_root(const char *cwd)
{
	const char *ws = getenv("GITHUB_WORKSPACE");
	if (ws && ws[0] == '/') {
		kp_arena a;
		kp_arena_init(&a);
		char *w = kp_path_abs(&a, "/", ws);
		char *res = kp_path_under(cwd, w) ? strdup(w) : NULL;
		kp_arena_free(&a);
		if (res)
			return res;
	}
	size_t n = strlen(cwd);
	char *dir = malloc(n + 8);
	if (!dir)
		abort();
	memcpy(dir, cwd, n + 1);
	for (;;) {
		size_t k = strlen(dir);
		struct stat st;
		snprintf(dir + k, 8, "%s.git", k > 1 ? "/" : "");
		bool found = stat(dir, &st) == 0;
		dir[k] = 0;
		if (found)
			return dir;
		char *slash = strrchr(dir, '/');
		if (!slash || k <= 1)
			break;
		if (slash == dir)
			slash[1] = 0;
		else
			*slash = 0;
	}
	memcpy(dir, cwd, n + 1);
	return dir;
}

char *kp_path_rel(kp_arena *a, const char *cwd, const char *path)
{
	const char *abs = kp_path_abs(a, cwd, path), *dir = kp_path_abs(a, "/", cwd);
	if (!strcmp(abs, dir))
		return kp_arena_strndup(a, ".", 1);
	/* n: the end of the longest common folder (at a '/' or the end) */
	size_t n = 0;
	for (size_t i = 0; dir[i] && dir[i] == abs[i];) {
		i++;
		if ((dir[i] == '/' || dir[i] == 0) && (abs[i] == '/' || abs[i] == 0))
			n = i;
	}
	kp_buf b = {0};
	for (const char *p = dir + n; *p; p++)
		if (*p == '/' && p[1])
			kp_buf_puts(&b, "../");
	kp_buf_puts(&b, abs + n + (abs[n] == '/'));
	char *r = kp_arena_strndup(a, b.data, b.len);
	kp_buf_free(&b);
	return r;
}
