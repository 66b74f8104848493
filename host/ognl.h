/* The OGNL test expressions of MyBatis's <if test> and <when test>, read
 * far enough to know which branches can be taken together: a test is a
 * formula of and, or and not (also &&, ||, !) over comparisons; the same
 * comparison written twice is one condition, x != null is the negation
 * of x == null (also with neq, eq, null first), x < y of x >= y, x > y of
 * x <= y, and x == 'a' excludes x == null and x == 'b'. Anything else
 * (a method call, an arithmetic expression) is a condition of its own,
 * compared by its text without white space. */
#ifndef KP_OGNL_H
#define KP_OGNL_H

#include <stdbool.h>

#include "base/arena.h"

typedef struct kp_ognl kp_ognl;

/* The tests of one statement, in a. */
kp_ognl *kp_ognl_new(kp_arena *a);
/* Reads a test; returns its number. */
unsigned kp_ognl_add(kp_ognl *o, const char *test);
/* Can tests test[0..n) have the truth values want[0..n) at once? A search
 * past its budget answers true (the variant is kept). */
bool kp_ognl_sat(kp_ognl *o, const unsigned *test, const bool *want, unsigned n);

/* The group of a test: tests of different groups share no condition, so
 * whether some hold together is decided group by group. Read every test
 * first. */
unsigned kp_ognl_group(kp_ognl *o, unsigned test);
/* Is the test a group of its own (no other test shares a condition)? */
bool kp_ognl_alone(kp_ognl *o, unsigned test);
/* Is every test a group of its own (no two tests share a condition)? */
bool kp_ognl_independent(kp_ognl *o);

#endif
