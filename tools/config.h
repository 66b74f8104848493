/* The .keyplan configuration file (INI, read with libinih). */
#ifndef KP_CONFIG_H
#define KP_CONFIG_H

#include "tools/report.h"

typedef struct kp_config {
	char *path;             /* the file read, or NULL when there is none */
	kp_list schemas;        /* char* schema paths (relative to the file's folder) */
	kp_list include;        /* char* globs of query files */
	kp_list exclude;        /* char* globs of files to skip */
	kp_list sql_calls;      /* char* names of a team's own calls that take
	                           SQL (sql-calls = runSql, myQuery) */
	int fail_on;            /* kp_severity, or -1 when not set */
	int target;             /* kp_target, or -1 when not set */
	const char *tenant;     /* tenant = ID: Phoenix's TenantId, or NULL */
	const char *docs;       /* docs-url: where the rule pages are, or NULL */
	const char *database_id; /* database-id: MyBatis's databaseId, or NULL */
	kp_rule_setting rules[KP_R__COUNT]; /* per-rule severity or off */
	kp_diags *d;            /* where its errors go, while it is read */
	kp_arena *a;            /* ... and their arena */
} kp_config;

/* Walks up from the current directory looking for ".keyplan". Returns a
 * malloc'd path, or NULL. */
char *kp_config_find(void);
/* Reads path. Returns 0, or -1 with every error added to d (in a): KP023
 * io-error when it cannot be read, else a KP024 bad-config per bad line,
 * naming the file and the line. */
/* Is id a TenantId keyplan takes: not empty, printable characters only? */
bool kp_tenant_ok(const char *id);
int kp_config_load(kp_config *cfg, const char *path, kp_arena *a, kp_diags *d);

#endif
