/* A recommendation applied to a design's schema text as a user applies it
 * (apply.c): the key change's CREATE TABLE in place of the table's, each
 * index created or dropped by its DDL, an index the store creates by API
 * written as keyplan's schema reads it; and the workload rewritten by hand
 * where statements must bind a new key column (README.md). For
 * test_whatif_applied. */
#ifndef KP_WHATIF_APPLY_H
#define KP_WHATIF_APPLY_H

#include "adv_run.h"

/* What a user applies for one table: the key change's CREATE TABLE in
 * place of the table's, and DDL after the schema. */
typedef struct wi_plan {
	const kp_table_review *v;
	const char *create; /* the key change's DDL, or NULL */
	kp_buf after;       /* DDL run after the schema */
	const char *skip;   /* why it cannot be applied, or NULL */
	char why[256];
	char bucket[128];   /* a bucket column a rebuilt index adds to the table ("": none) */
	int nbuckets;       /* its values (-- distinct:) */
} wi_plan;

/* What applying items (advice of v's table, together) takes, or why it
 * cannot be applied (pl->skip); pl->after freed by the caller. */
void wi_plan_items(wi_plan *pl, const kp_table_review *v, const kp_advice *const *items, uint32_t n);
/* The same for v's whole recommendation. */
void wi_plan_table(wi_plan *pl, const kp_table_review *v);
/* The schema with every table of plans applied that is not skipped. */
char *wi_applied_schema(const char *schema, wi_plan *plans, int n);
/* The table of cat named name (any case), or NULL. */
const kp_table *wi_table_named(const kp_catalog *cat, const char *name);
/* A key column of t (of its key or an index's) that the table had not
 * before: statements must bind it. */
const char *wi_new_bound_column(const kp_table *old, const kp_table *t);
/* The design's workload applied by hand (tests/advisor/whatif/EN.workload.sql,
 * each statement rewritten as the advice's "reads to rewrite" words say),
 * or NULL. */
char *wi_hand_workload(const char *id);

#endif
