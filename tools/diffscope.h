/* --diff: the lines a change touches, from `git diff` or a unified diff,
 * so that lint reports only findings in statements the change touches. */
#ifndef KP_DIFFSCOPE_H
#define KP_DIFFSCOPE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "grammar/ast.h"

typedef struct kp_diffscope {
	kp_arena arena;         /* owns the files and their ranges */
	kp_list files;          /* kp_diff_file*, as the diff names them */
} kp_diffscope;

void kp_diffscope_init(kp_diffscope *d);
void kp_diffscope_free(kp_diffscope *d);
/* Reads a unified diff (git diff, diff -u): the new side's files and the
 * line ranges its hunks add or change (a deletion touches the lines around
 * it). Paths lose git's "b/" prefix. Returns the number of files (0 for
 * an empty diff), or -1 with an io-error (KP023) naming name and the line
 * in diags when the input is not a diff or a hunk is malformed or cut short. */
int kp_diffscope_read(kp_diffscope *d, FILE *f, const char *name, kp_diags *diags, kp_arena *a);
/* What a branch changed since it left REV, in the repository at dir: the
 * working tree (committed, staged and unstaged changes) against `git
 * merge-base REV HEAD`, and the untracked files that are not ignored, whole.
 * Returns 0, or -1 with one io-error (KP023) line in diags (messages in a)
 * when git fails: not a work tree, an unknown revision (git's own messages
 * are not shown). */
int kp_diffscope_git(kp_diffscope *d, const char *dir, const char *rev, kp_diags *diags, kp_arena *a);
/* Does the change touch lines [first, last] of path (relative to the
 * repository root)? */
bool kp_diffscope_touches(const kp_diffscope *d, const char *path, uint32_t first, uint32_t last);

#endif
