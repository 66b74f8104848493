/* One advisor run over a schema and a weighted workload, for the advisor's
 * suites (test_advisor, test_judge). */
#ifndef KP_ADV_RUN_H
#define KP_ADV_RUN_H

#include "advisor/advisor.h"
#include "kp_test.h"

typedef struct run {
	kpt t;                  /* schema and arena */
	kp_arena a;             /* workload ASTs, advice */
	kp_source wsrc;         /* workload source */
	kp_diags d;             /* findings */
	kp_advisor adv;         /* advisor */
	kp_pipe p;              /* the workload's pipeline (it holds the ASTs) */
	const double *weights;  /* the i-th query's weight (NULL: all 1) */
	int nweights;           /* entries in weights */
} run;

/* weights[i] is the weight of the i-th statement (NULL: all 1, or as the
 * workload's -- weight: comments say). */
void run_advisor_w(run *r, const char *schema, const char *workload, kp_target target, const double *weights,
                   int nweights);
void run_advisor(run *r, const char *schema, const char *workload, kp_target target);
void run_free(run *r);

#endif
