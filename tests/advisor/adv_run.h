/* One advisor run over a schema and a weighted workload, for the advisor's
 * suites (test_advisor, test_judge, test_designs). */
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

/* Read the schema as the target reads it (Phoenix upper-cases unquoted
 * names), as the CLI does; false (the default): as Lindorm does. */
extern bool run_as_target;

/* weights[i] is the weight of the i-th statement (NULL: all 1, or as the
 * workload's -- weight: comments say). */
void run_advisor_w(run *r, const char *schema, const char *workload, kp_target target, const double *weights,
                   int nweights);
void run_advisor(run *r, const char *schema, const char *workload, kp_target target);
/* Every advised DDL applied to the schema is valid on the target (every
 * run_advisor_w calls it): no error finding, each printed with its item. */
void expect_ddl_valid(const run *r, const char *schema, kp_target target);
/* Does ddl (a key change's: the table made again, then each index it
 * keeps made again on it) create the index that statement stmt (a schema's
 * CREATE, DROP or ALTER INDEX, comment lines above it allowed) is about, by
 * its name and table, any case? An applier then leaves stmt out: the index
 * is made once, as the table has it now. */
bool ddl_recreates_index(const char *ddl, const char *stmt);
/* part (n bytes: one or more statements, ';'-separated, no final ';')
 * into out ended by ";\n", less each statement ddl_recreates_index says
 * ddl makes again (ddl NULL: all of it); nothing when none is left. */
void put_not_recreated(kp_buf *out, const char *part, size_t n, const char *ddl);
void run_free(run *r);

/* The judge's suites (test_judge, test_designs). */

/* An advisor run with the weights the workload's "-- weight: N" comments
 * say (the CLI and libkeyplan read them; the pipeline alone does not). */
void run_w(run *r, const char *schema, const char *w, kp_target target);
/* The review of a table (names compared ignoring case), or NULL. */
const kp_table_review *review_of(const run *r, const char *table);
/* A table's recommendation as "kind key; kind key", "" when the design
 * stands. */
const char *recommended(const run *r, const char *table);
void expect_recommended(const run *r, const char *table, const char *want);
/* The alternative (not recommended) of this kind and key, or NULL. */
const kp_advice *alternative(const run *r, const char *table, const char *kind, const char *key);
/* The change the recommendation makes to the statement at w.sql:line, as
 * "BEFORE -> AFTER", or "" when it makes none. */
const char *change_at(const run *r, const char *table, uint32_t line);
/* The lines of x's worse list (made worse, then reads to rewrite), as
 * "6 12 18" (each "file:line" after its last ':'). */
const char *worse_lines(const kp_advice *x);
/* Advice items (recommended or not) of this kind. */
int count_kind(const run *r, const char *kind);
/* Key changes and indexes (recommended or not) whose key starts with lead,
 * e.g. "[expiry_time]" (advice on the key as it is, a column's type, is
 * not counted). */
int count_changes_led_by(const run *r, const char *lead);
/* Applies the recommendation for table to schema (its key change's DDL in
 * place of the table's CREATE, each index created) and checks again with
 * the same workload: the table's design then stands. */
void expect_fixpoint(const run *r, const char *const *schema, int n, const char *workload, kp_target target,
                     const char *table);
/* expect_fixpoint on a schema written as one text (a design's schema file):
 * its statements, each with the annotation lines above it, split at ";\n". */
void expect_fixpoint_text(const run *r, const char *schema, const char *workload, kp_target target,
                          const char *table);
/* check on schema and workload recommends nothing for table: its design
 * stands (a fixpoint once a recommendation is applied). */
void expect_stands(const char *schema, const char *workload, kp_target target, const char *table);
/* Nothing the recommendation for table changes is served worse: no read
 * served now (GET, SCAN, FILTERED SCAN) becomes a full scan or refused,
 * and no write lands on one region that did not. */
void expect_nothing_worse(const run *r, const char *table);
/* No recommended key or index of table led by lead, e.g. "[created". */
void expect_no_recommended_lead(const run *r, const char *table, const char *lead);

/* The findings of rule (whose message holds text, when given). */
int count_rule(const run *r, kp_rule rule);
int count_rule_with(const run *r, kp_rule rule, const char *text);
/* The table's index is kept by the recommendation (its fate "kept"). */
void expect_kept(const run *r, const char *table, const char *index);
/* No recommended item of this kind for table. */
void expect_no_recommended_kind(const run *r, const char *table, const char *kind);
/* The table's recommended item of this kind, or NULL. */
const kp_advice *recommended_kind(const run *r, const char *table, const char *kind);

#endif
