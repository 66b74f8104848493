#include "tools/diffscope.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
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

/* "@@ -a[,b] +c[,d] @@": the old and new sides' first lines and counts (a
 * count left out is 1); false when the header is not that (cut short). */
static bool hunk_header(const char *line, unsigned long *old_n, unsigned long *c, unsigned long *new_n)
{
	const char *p = line + 3;
	char *e;
	if (*p++ != '-' || *p < '0' || *p > '9')
		return false;
	strtoul(p, &e, 10);
	*old_n = 1;
	if (*e == ',') {
		if (e[1] < '0' || e[1] > '9')
			return false;
		*old_n = strtoul(e + 1, &e, 10);
	}
	if (e[0] != ' ' || e[1] != '+' || e[2] < '0' || e[2] > '9')
		return false;
	*c = strtoul(e + 2, &e, 10);
	*new_n = 1;
	if (*e == ',') {
		if (e[1] < '0' || e[1] > '9')
			return false;
		*new_n = strtoul(e + 1, &e, 10);
	}
	/* " @@" may be left out (the old tests' form), but nothing else may follow */
	return (*e == ' ' || *e == '\n' || *e == '\r' || *e == '\0') && *c <= UINT32_MAX - 2;
}

int kp_diffscope_read(kp_diffscope *d, FILE *f, const char *name, kp_diags *diags, kp_arena *a)
{
	char *line = NULL;
	size_t cap = 0;
	kp_diff_file *cur = NULL;
	bool file_seen = false;    /* a "+++ " header (even /dev/null) came */
	bool diff_seen = false;    /* any line a diff has: headers, hunks */
	bool blank = true;         /* nothing but empty lines so far */
	uint32_t at = 0;           /* the new side's line the next hunk line is */
	unsigned long old_left = 0, new_left = 0;   /* hunk lines still to come */
	uint32_t lineno = 0, hunk_line = 0;
	const char *err = NULL;
	while (!err && getline(&line, &cap, f) >= 0) {
		lineno++;
		if (old_left || new_left) {
			/* a hunk holds exactly the lines its header counts; an empty
			 * line is a context line whose space an editor stripped */
			if ((line[0] == ' ' || line[0] == '\n') && old_left && new_left) {
				old_left--, new_left--;
				at++;
			} else if (line[0] == '+' && new_left) {
				if (cur)   /* NULL: a deleted file's hunk */
					add_range(cur, at, at);
				new_left--;
				at++;
			} else if (line[0] == '-' && old_left) {
				if (cur)   /* lines went away between these */
					add_range(cur, at > 1 ? at - 1 : 1, at);
				old_left--;
			} else if (line[0] != '\\') {   /* \ No newline at end of file */
				err = "truncated hunk (fewer lines than its header counts)";
			}
			continue;
		}
		if (line[0] != '\n')
			blank = false;
		if (!strncmp(line, "+++ ", 4)) {
			char *path = new_path(&d->arena, line);
			file_seen = diff_seen = true;
			cur = NULL;
			if (path && !*path) {
				err = "no file name after +++";
			} else if (path) {
				cur = kp_arena_alloc(&d->arena, sizeof(*cur));
				memset(cur, 0, sizeof(*cur));
				cur->path = path;
				kp_list_push(&d->arena, &d->files, cur);
			}
		} else if (!strncmp(line, "@@ ", 3)) {
			unsigned long c;
			diff_seen = true;
			hunk_line = lineno;
			if (!file_seen)
				err = "hunk before any +++ file header";
			else if (!hunk_header(line, &old_left, &c, &new_left))
				err = "malformed hunk header (not @@ -A[,B] +C[,D] @@)";
			else
				/* with no lines on the new side, c is the line before the change */
				at = (uint32_t)(new_left == 0 ? c + 1 : c);
		} else if (!strncmp(line, "diff ", 5) || !strncmp(line, "--- ", 4)) {
			diff_seen = true;   /* a binary or mode-only change has no +++ */
		}
	}
	if (!err && (old_left || new_left)) {
		err = "truncated hunk (fewer lines than its header counts)";
		lineno = hunk_line;
	}
	if (!err && !blank && !diff_seen) {
		err = "not a unified diff (no +++ file header, no @@ hunk)";
		lineno = 1;
	}
	free(line);
	if (err) {
		kp_diag_file(diags, a, KP_R_IO, KP_SEV_ERROR, name, lineno, "--diff: %s", err);
		return -1;
	}
	return (int)d->files.n;
}

/* Runs git -C dir with args; its standard output into out, its standard
 * error nowhere (git's usage text would flood the report: the caller says
 * what failed in one line). Returns git's exit status, 127 when it cannot
 * start, or -1 when it cannot be run at all. */
static int git_run(const char *dir, const char *const *args, kp_buf *out)
{
	int fds[2];
	if (pipe(fds) < 0)
		return -1;
	pid_t pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		/* every argument goes to git as one argument, never through a shell */
		const char *argv[16] = {"git", "-C", dir};
		int n = 3;
		for (int i = 0; args[i] && n < 15; i++)
			argv[n++] = args[i];
		argv[n] = NULL;
		dup2(fds[1], STDOUT_FILENO);
		int null = open("/dev/null", O_WRONLY);
		if (null >= 0)
			dup2(null, STDERR_FILENO);
		close(fds[0]);
		close(fds[1]);
		execvp("git", (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	char chunk[65536];
	ssize_t got;
	while ((got = read(fds[0], chunk, sizeof chunk)) != 0) {
		if (got < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		kp_buf_put(out, chunk, (size_t)got);
	}
	close(fds[0]);
	int status = 0;
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* A file the change adds whole (untracked, not ignored): every line. */
static void add_whole_file(kp_diffscope *d, const char *path, size_t n)
{
	kp_diff_file *f = kp_arena_alloc(&d->arena, sizeof *f);
	f->path = kp_arena_strndup(&d->arena, path, n);
	add_range(f, 1, UINT32_MAX);
	kp_list_push(&d->arena, &d->files, f);
}

int kp_diffscope_git(kp_diffscope *d, const char *dir, const char *rev, kp_diags *diags, kp_arena *a)
{
	kp_buf out = {0};
	int rc = -1;
	static const char *const inside[] = {"rev-parse", "--is-inside-work-tree", NULL};
	int st = git_run(dir, inside, &out);
	if (st == 127 || st < 0) {
		kp_diag_file(diags, a, KP_R_IO, KP_SEV_ERROR, NULL, 0, "--diff %s: cannot run git%s", rev,
		             st < 0 ? "" : " (is it installed?)");
		goto done;
	}
	if (st != 0 || strncmp(out.data ? out.data : "", "true", 4)) {
		kp_diag_file(diags, a, KP_R_IO, KP_SEV_ERROR, NULL, 0,
		             "--diff %s: not inside a git work tree (--diff - reads a unified diff on standard input)", rev);
		goto done;
	}
	/* what the branch changed since it left REV: the merge base, so that
	 * REV moving on (main merging other work) is not blamed on the branch */
	kp_buf_clear(&out);
	const char *const base_args[] = {"merge-base", rev, "HEAD", NULL};
	if (git_run(dir, base_args, &out) != 0 || out.len < 7) {
		kp_diag_file(diags, a, KP_R_IO, KP_SEV_ERROR, NULL, 0,
		             "--diff %s: git diff failed: %s is not a revision with a common ancestor with HEAD", rev, rev);
		goto done;
	}
	char base[128];
	size_t bl = strcspn(out.data, "\r\n");
	snprintf(base, sizeof base, "%.*s", (int)(bl < sizeof base ? bl : sizeof base - 1), out.data);
	/* the working tree against it: committed, staged and unstaged changes */
	kp_buf_clear(&out);
	const char *const diff_args[] = {"diff", "--no-color", "--no-ext-diff", "--unified=0", "--no-renames",
	                                 "--no-relative", base, "--", NULL};
	if (git_run(dir, diff_args, &out) != 0) {
		kp_diag_file(diags, a, KP_R_IO, KP_SEV_ERROR, NULL, 0, "--diff %s: git diff failed", rev);
		goto done;
	}
	FILE *f = out.len ? fmemopen(out.data, out.len, "r") : NULL;
	if (out.len && !f) {
		kp_diag_file(diags, a, KP_R_IO, KP_SEV_ERROR, NULL, 0, "--diff %s: cannot read git's output", rev);
		goto done;
	}
	/* git's own output is well formed */
	kp_diags ignored = {0};
	if (f) {
		kp_diffscope_read(d, f, "git diff", &ignored, a);
		fclose(f);
	}
	/* new files git does not track yet are part of the change too */
	kp_buf_clear(&out);
	static const char *const untracked[] = {"ls-files", "--others", "--exclude-standard", "-z", NULL};
	if (git_run(dir, untracked, &out) != 0) {
		kp_diag_file(diags, a, KP_R_IO, KP_SEV_ERROR, NULL, 0, "--diff %s: git ls-files failed", rev);
		goto done;
	}
	for (size_t i = 0; i < out.len;) {
		size_t n = strnlen(out.data + i, out.len - i);
		if (n)
			add_whole_file(d, out.data + i, n);
		i += n + 1;
	}
	rc = 0;
done:
	kp_buf_free(&out);
	return rc;
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
