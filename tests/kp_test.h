/* Helpers shared by the CUnit suites: load a schema, plan one statement and
 * read back its access class, ranges, filter, order and diagnostics. */
#ifndef KP_TEST_H
#define KP_TEST_H

#include <CUnit/Basic.h>

#include "catalog/catalog.h"
#include "planner/explain.h"
#include "grammar/parse.h"
#include "lib/pipeline.h"
#include "planner/plan.h"

typedef struct kpt {
	kp_catalog cat;         /* schema */
	kp_arena arena;         /* statement arena */
	kp_source srcs[16];     /* sources kept alive for the catalog */
	int nsrcs;              /* entries used */
	kp_plan_opts opts;      /* planning rules */
	kp_pipe pipe;           /* the statement pipeline, planning against cat and opts */
	kp_plan plan;           /* last plan */
	kp_stmt *stmt;          /* last statement, or NULL */
	kp_diags d;             /* diagnostics of the last call */
	const char *access;     /* last access class name, or "none" */
	char ranges[4096];      /* last ranges JSON */
	char filter[1024];      /* last filter SQL */
	const char *order;      /* last order name */
	char rules[256];        /* rule IDs of the last diagnostics, space separated */
	char text[4096];        /* last plan's text line */
} kpt;

void kpt_init(kpt *t);
void kpt_free(kpt *t);
/* Applies every statement; returns the number of error diagnostics. */
int kpt_schema(kpt *t, const char *sql);
/* Plans the single statement sql; returns the number of error diagnostics. */
int kpt_plan(kpt *t, const char *sql);
/* Does the last call's diagnostics hold a message containing s? */
int kpt_has_message(const kpt *t, const char *s);

/* Runs the registered suites; returns the process exit status. */
int kpt_run(void);

#define ASSERT_STR(a, b) CU_ASSERT_STRING_EQUAL(a, b)

#endif
