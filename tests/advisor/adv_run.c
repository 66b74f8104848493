/* One advisor run: see adv_run.h. */
#include "adv_run.h"

#include <string.h>

/* A workload query's weight, by its place among the queries. */
static int weigh(void *ctx, kp_event *ev)
{
	run *r = ctx;
	int i = (int)r->adv.queries.n;
	if (ev->phase == KP_EV_PARSED && r->weights && i < r->nweights)
		ev->weight = r->weights[i];
	return 0;
}

/* One advisor run; weights[i] is the weight of the i-th statement (NULL: all 1). */
void run_advisor_w(run *r, const char *schema, const char *workload, kp_target target, const double *weights,
                   int nweights)
{
	memset(r, 0, sizeof(*r));
	kpt_init(&r->t);
	CU_ASSERT_EQUAL(kpt_schema(&r->t, schema), 0);
	kp_arena_init(&r->a);
	kp_advisor_init(&r->adv, &r->t.cat, target, &r->a, &r->d);
	kp_source_from_string(&r->wsrc, "w.sql", workload, strlen(workload));
	r->weights = weights;
	r->nweights = nweights;
	/* the workload through the pipeline, with the target's rules, on the schema */
	kp_pipe *p = &r->p;
	kp_pipe_init(p, target);
	kp_pipe_borrow(p, &r->t.cat, &p->own_opts);
	p->adv = &r->adv;
	p->collect = &r->d;
	p->collect_arena = &r->a;
	p->fn = weigh;
	p->ctx = r;
	kp_pipe_source(p, &r->wsrc, KP_ROLE_WORKLOAD);
	kp_advisor_run(&r->adv);
}

void run_advisor(run *r, const char *schema, const char *workload, kp_target target)
{
	run_advisor_w(r, schema, workload, target, NULL, 0);
}

void run_free(run *r)
{
	kp_pipe_free(&r->p);
	kp_source_free(&r->wsrc);
	kp_arena_free(&r->a);
	kpt_free(&r->t);
}

