#include "tools/diffscope.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct kp_diff_file {
	char *path;             /* new side, relative to the repository root */
	uint32_t *ranges;       /* first, last pairs of touched lines */
	uint32_t n, cap;        /* pairs used, allocated */
} kp_diff_file;

void kp_diffscope_init(kp_diffscope *d)
{
	memset(d, 0, sizeof(*d));
	kp_arena_init(&d->arena);
}

void kp_diffscope_free(kp_diffscope *d)
{
	for (uint32_t i = 0; i < d->files.n; i++)
		free(((kp_diff_file *)d->files.items[i])->ranges);
	kp_arena_free(&d->arena);
}

static void add_range(kp_diff_file *f, uint32_t first, uint32_t last)
{
	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 8;
		f->ranges = realloc(f->ranges, f->cap * 2 * sizeof(uint32_t));
		if (!f->ranges)
			abort();
	}
	f->ranges[2 * f->n] = first;
	f->ranges[2 * f->n + 1] = last;
	f->n++;
}

/* "+++ b/path\t..." -> path (git's b/ dropped, a trailing tab and date cut);
 * /dev/null (a deleted file) -> NULL. */
static char *new_path(kp_arena *a, const char *line)
{
	const char *p = line + 4;
	size_t n = strcspn(p, "\t\r\n");
	if (n == 9 && !strncmp(p, "/dev/null", 9))
		return NULL;
	if (n > 2 && p[0] == '"')   /* git quotes unusual names: keep them as they are, unquoted */
		p++, n -= 2;
	if (n > 2 && (p[0] == 'b' || p[0] == 'w') && p[1] == '/')
		p += 2, n -= 2;
	while (n > 2 && p[0] == '.' && p[1] == '/')
		p += 2, n -= 2;
	return kp_arena_strndup(a, p, n);
}

int kp_diffscope_read(kp_diffscope *d, FILE *f)
{
	char *line = NULL;
	size_t cap = 0;
	kp_diff_file *cur = NULL;
	uint32_t at = 0;        /* the new side's line the next hunk line is */
	bool in_hunk = false;
	while (getline(&line, &cap, f) >= 0) {
		if (in_hunk && cur) {
			/* hunk lines: context, added, removed; anything else ends it */
			if (line[0] == ' ') {
				at++;
				continue;
			}
			if (line[0] == '+' && strncmp(line, "+++ ", 4)) {
				add_range(cur, at, at);
				at++;
				continue;
			}
			if (line[0] == '-' && strncmp(line, "--- ", 4)) {
				add_range(cur, at > 1 ? at - 1 : 1, at);   /* lines went away between these */
				continue;
			}
			if (line[0] == '\\')
				continue;   /* \ No newline at end of file */
			in_hunk = false;
		}
		if (!strncmp(line, "+++ ", 4)) {
			char *path = new_path(&d->arena, line);
			cur = NULL;
			if (path) {
				cur = kp_arena_alloc(&d->arena, sizeof(*cur));
				memset(cur, 0, sizeof(*cur));
				cur->path = path;
				kp_list_push(&d->arena, &d->files, cur);
			}
		} else if (!strncmp(line, "@@ ", 3) && cur) {
			/* @@ -a[,b] +c[,d] @@: the new side starts at line c */
			const char *plus = strstr(line, " +");
			if (!plus)
				continue;
			unsigned long c = strtoul(plus + 2, NULL, 10);
			if (c > UINT32_MAX - 2)
				continue;
			/* with no lines on the new side, c is the line before the change */
			const char *comma = strchr(plus + 2, ','), *space = strchr(plus + 2, ' ');
			/* the count is the new side's when no space (" @@") ends it first;
			 * comparing with a NULL space was undefined and read +c,0 as c,1 */
			bool empty = comma && (!space || comma < space) && strtoul(comma + 1, NULL, 10) == 0;
			at = (uint32_t)(empty ? c + 1 : c);
			in_hunk = true;
		}
	}
	free(line);
	return (int)d->files.n;
}

int kp_diffscope_git(kp_diffscope *d, const char *dir, const char *rev, kp_diags *diags, kp_arena *a)
{
	int fds[2];
	if (pipe(fds) < 0) {
		kp_diag_file(diags, a, KP_R_IO, KP_SEV_ERROR, NULL, 0, "--diff: cannot run git: %s", strerror(errno));
		return -1;
	}
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		kp_diag_file(diags, a, KP_R_IO, KP_SEV_ERROR, NULL, 0, "--diff: cannot run git: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		/* the revision goes to git as one argument, never through a shell */
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		close(fds[1]);
		execlp("git", "git", "-C", dir, "diff", "--no-color", "--no-ext-diff", "--unified=0", "--no-renames",
		       rev, "--", (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	FILE *f = fdopen(fds[0], "r");
	if (!f) {
		close(fds[0]);
		waitpid(pid, NULL, 0);
		kp_diag_file(diags, a, KP_R_IO, KP_SEV_ERROR, NULL, 0, "--diff: cannot read git's output");
		return -1;
	}
	kp_diffscope_read(d, f);
	fclose(f);
	int status = 0;
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		kp_diag_file(diags, a, KP_R_IO, KP_SEV_ERROR, NULL, 0,
		             "--diff %s: git diff failed%s (is this a git repository, and %s a revision?)", rev,
		             WIFEXITED(status) && WEXITSTATUS(status) == 127 ? " to start" : "", rev);
		return -1;
	}
	return 0;
}

bool kp_diffscope_touches(const kp_diffscope *d, const char *path, uint32_t first, uint32_t last)
{
	for (uint32_t i = 0; i < d->files.n; i++) {
		const kp_diff_file *f = d->files.items[i];
		if (strcmp(f->path, path))
			continue;
		for (uint32_t k = 0; k < f->n; k++)
			if (f->ranges[2 * k] <= last && first <= f->ranges[2 * k + 1])
				return true;
	}
	return false;
}
