/* A design's own files read and run (design_files.h). */
#include "design_files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "advisor/advisorInt.h"   /* kpa_class_words: the review's own words for a class */

char *fixture(const char *name)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", DESIGNS_DIR, name);
	FILE *f = fopen(path, "rb");
	if (!f)
		fprintf(stderr, "\n  cannot read %s\n", path);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL_FATAL(fseek(f, 0, SEEK_END), 0);
	long n = ftell(f);
	CU_ASSERT_TRUE_FATAL(n >= 0);
	rewind(f);
	char *s = malloc((size_t)n + 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL_FATAL(fread(s, 1, (size_t)n, f), (size_t)n);
	s[n] = 0;
	fclose(f);
	return s;
}

void run_files(run *r, const char *schema, const char *workload, kp_target target, char **texts)
{
	texts[0] = fixture(schema);
	texts[1] = fixture(workload);
	run_w(r, texts[0], texts[1], target);
}

void free_files(run *r, char **texts)
{
	run_free(r);
	free(texts[0]);
	free(texts[1]);
}

const char *plans(const run *r)
{
	static char out[2048];
	out[0] = 0;
	for (uint32_t i = 0; i < r->adv.queries.n; i++) {
		const kp_wquery *q = r->adv.queries.items[i];
		if (q->plan.access == KP_ACCESS_NONE)
			continue;
		uint32_t line, col;
		kp_source_linecol(q->src, q->off, &line, &col);
		size_t n = strlen(out);
		snprintf(out + n, sizeof out - n, "%s%u %s%s%s%s", n ? "; " : "", line,
		         kpa_class_words(q->plan.access, q->plan.rejected), q->plan.index ? " via " : "",
		         q->plan.index ? q->plan.index->name : "",
		         q->plan.order == KP_ORDER_REVERSE ? " reverse" : q->plan.order == KP_ORDER_SORT ? " sorted" : "");
	}
	return out;
}

void expect_plans(const run *r, const char *want)
{
	const char *got = plans(r);
	if (strcmp(got, want))
		fprintf(stderr, "\n  plans\n    got:  %s\n    want: %s\n", got, want);
	CU_ASSERT_STRING_EQUAL(got, want);
}

void expect_target_takes(const char *schema, kp_target target)
{
	kpt as;
	kpt_init_target(&as, target);
	int errors = kpt_schema(&as, schema);
	for (const kp_diag *g = as.d.head; errors && g; g = g->next)
		fprintf(stderr, "\n  the schema fails on its target: %s\n", g->message);
	CU_ASSERT_EQUAL(errors, 0);
	kpt_free(&as);
}

void expect_applied(const char *schema, const char *workload, kp_target target, const char *want,
                           const char *const *tables)
{
	run r;
	char *texts[2];
	run_files(&r, schema, workload, target, texts);
	expect_target_takes(texts[0], target);
	expect_plans(&r, want);
	for (const char *const *t = tables; *t; t++)
		expect_recommended(&r, *t, "");
	free_files(&r, texts);
}

const kp_advice *recommended_key(const run *r, const char *table, const char *kind, const char *key)
{
	const kp_table_review *v = review_of(r, table);
	for (uint32_t i = 0; v && i < v->recommended.n; i++) {
		const kp_advice *x = v->recommended.items[i];
		if (!strcmp(x->kind, kind) && x->key && !strcasecmp(x->key, key))
			return x;
	}
	return NULL;
}

void expect_none_of(const run *r, const char *table, const char *const *kinds)
{
	for (; *kinds; kinds++)
		expect_no_recommended_kind(r, table, *kinds);
}
