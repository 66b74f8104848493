/* Paths as lint and check report them. */
#ifndef KP_PATHS_H
#define KP_PATHS_H

#include <stdbool.h>

#include "base/arena.h"
#include "base/buf.h"

/* path made absolute against cwd and normalised lexically ("." and ".."
 * segments resolved, glob characters kept), in a. */
char *kp_path_abs(kp_arena *a, const char *cwd, const char *path);
/* path relative to the folder cwd ("../db/s.sql" from a sibling), in a. */
char *kp_path_rel(kp_arena *a, const char *cwd, const char *path);
/* Is path inside (or equal to) the folder dir? Both absolute. */
bool kp_path_under(const char *path, const char *dir);
/* The repository root for the working directory cwd: $GITHUB_WORKSPACE when
 * cwd is inside it, else the nearest folder with a .git, else cwd. malloc'd. */
char *kp_repo_root(const char *cwd);

#endif
