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
	kp_source srcs[64];     /* sources kept alive for the catalog (kpt_schema
	                           stops the test program when they run out) */
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
/* kpt_init for target tg: its names, heap-table rule and plan rules, the
 * pipeline collecting into t->d. */
void kpt_init_target(kpt *t, kp_target tg);
/* Applies every statement; returns the number of error diagnostics. */
int kpt_schema(kpt *t, const char *sql);
/* Plans the single statement sql; returns the number of error diagnostics. */
int kpt_plan(kpt *t, const char *sql);
/* Does the last call's diagnostics hold a message containing s? */
int kpt_has_message(const kpt *t, const char *s);
/* A suite's setup: kpt_init, then the schema every test plans against.
 * Returns nonzero (failing the suite) with the schema's diagnostics on
 * stderr if it has errors. */
int kpt_setup(kpt *t, const char *schema);

/* Registers one suite of tests, runs it and returns the process exit
 * status: 1 if setup failed or any assertion did. setup and teardown (or
 * NULL) run once, before the first test and after the last. */
int kpt_main(const char *name, CU_InitializeFunc setup, CU_CleanupFunc teardown, CU_TestInfo *tests);

/* A test program's main(): its suite's name, setup and teardown, then its
 * tests as {"the behaviour it checks", test_function} pairs:
 *
 *	KPT_SUITE("lexer", NULL, NULL,
 *		{"every token kind", test_every_token_kind},
 *		{"NUL bytes are located errors", test_nul_bytes})
 */
#define KPT_SUITE(name, setup, teardown, ...)                                   \
	int main(void)                                                          \
	{                                                                       \
		static CU_TestInfo kpt_tests[] = {__VA_ARGS__, CU_TEST_INFO_NULL}; \
		return kpt_main(name, setup, teardown, kpt_tests);              \
	}

#define ASSERT_STR(a, b) CU_ASSERT_STRING_EQUAL(a, b)

#endif
