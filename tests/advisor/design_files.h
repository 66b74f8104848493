/* A design's own files (tests/advisor/designsN/, DESIGNS_DIR given to each
 * suite by tests/CMakeLists.txt) read and run by the designs suites that
 * take them from the files rather than from copies in C strings
 * (test_designs10 to test_designs13). */
#ifndef KP_DESIGN_FILES_H
#define KP_DESIGN_FILES_H

#include "adv_run.h"

/* A design's file (under DESIGNS_DIR), its whole text; freed by the caller. */
char *fixture(const char *name);
/* run_w on a design's schema and workload files; texts[0] and texts[1]
 * hold their text until free_files. */
void run_files(run *r, const char *schema, const char *workload, kp_target target, char **texts);
void free_files(run *r, char **texts);
/* Every planned statement of the workload (on the schema as it is) as "LINE
 * CLASS", "via NAME" when it reads an index, "reverse" or "sorted" when its
 * ORDER BY is served backwards or by a sort; in workload order, "; " apart.
 * A static buffer: valid until the next call. */
const char *plans(const run *r);
void expect_plans(const run *r, const char *want);
/* The target takes the schema as written, with its DDL limits (KP110,
 * Tablestore's four key columns and eight in an index). */
void expect_target_takes(const char *schema, kp_target target);
/* The recommendation applied back (applied/ files): the target takes its
 * DDL, every statement plans as want says, and each of tables (NULL-ended)
 * stands (a fixpoint). */
void expect_applied(const char *schema, const char *workload, kp_target target, const char *want,
                    const char *const *tables);
/* The table's recommended item of this kind and key (compared ignoring
 * case), or NULL. */
const kp_advice *recommended_key(const run *r, const char *table, const char *kind, const char *key);
/* None of kinds (NULL-ended) is recommended for table. */
void expect_none_of(const run *r, const char *table, const char *const *kinds);

#endif
