/* The planner suites' fixture (plan_check.c). */
#ifndef KP_TESTS_PLAN_CHECK_H
#define KP_TESTS_PLAN_CHECK_H

#include "kp_test.h"

/* The session the suites plan in, made from SCHEMA by plan_setup. */
extern kpt T;
extern const char *SCHEMA;

/* Plans q and checks access, ranges JSON, filter and order. */
void plan(const char *q, const char *access, const char *ranges, const char *filter, const char *order);
/* A range object's JSON: eq values, then the range on column c (NULL:
 * none); eight kept at a time. */
const char *R(const char *eq, const char *c, const char *lo, int loi, const char *hi, int hii);
/* The last plan's rules, as "KP001 KP002". */
void rules(const char *want);
int plan_setup(void);
int plan_teardown(void);

#endif
