/* The disagreements between the judge's what-if and the design applied
 * that test_whatif_applied finds today, and the tables it cannot apply,
 * each with both values and why (known.c): the test fails on any other,
 * and on a listed one that changed or is gone. */
#ifndef KP_WHATIF_KNOWN_H
#define KP_WHATIF_KNOWN_H

/* A disagreement between the what-if and the design applied: what is
 * "line N" (a statement of the workload: its class), "read", "written",
 * "ddl" or "fixpoint"; predicted is the review's side, applied the applied
 * design's. */
typedef struct known {
	const char *design, *table, *what, *predicted, *applied, *why;
} known;

/* A table not checked, and why (the reason's words as printed). */
typedef struct skip {
	const char *design, *table, *reason;
} skip;

/* Each ends with an entry of NULLs. */
extern const known whatif_knowns[];
extern const skip whatif_skips[];
/* Entries of each, the NULL one included. */
extern const unsigned n_whatif_knowns, n_whatif_skips;

#endif
