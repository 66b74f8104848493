/* The order a schema folder's files apply in: Flyway's for its migrations
 * (V<version>__<description>.sql by version, R__<description>.sql after
 * them), natural order for the other files, which come first. */
#ifndef KP_MIGRATIONS_H
#define KP_MIGRATIONS_H

#include <stdint.h>

#include "base/diag.h"

/* What a file name says of its place. */
typedef enum kp_mig_kind {
	KP_MIG_PLAIN,           /* any other file: natural order, first */
	KP_MIG_VERSIONED,       /* V1__a.sql, V1.2__b.sql, V2_1__c.sql */
	KP_MIG_REPEATABLE,      /* R__views.sql: after every versioned one */
} kp_mig_kind;

/* Sorts paths[0, n) (file paths, compared by their last component; plain
 * files by the whole path) in the order they apply. Two versioned files of
 * the same version (1.0 is 1, 01 is 1, as Flyway compares) are an error
 * (KP023 into d naming both; returns -1); else 0. */
int kp_migration_sort(const char **paths, uint32_t n, kp_diags *d, kp_arena *a);
/* The kind of path's file name; for a versioned one, *ver and *vlen are
 * its version as written (V and the separator left out). */
kp_mig_kind kp_migration_kind(const char *path, const char **ver, uint32_t *vlen);

#endif
