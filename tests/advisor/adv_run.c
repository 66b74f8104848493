/* One advisor run: see adv_run.h. */
#include "adv_run.h"
#include "advisor/advisorInt.h"   /* kpa_class_words: the review's own words for a class */

#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool run_as_target;

/* A workload query's weight, by its place among the queries. */
static int weigh(void *ctx, kp_event *ev)
{
	run *r = ctx;
	int i = (int)r->adv.nat;
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
	if (run_as_target) {
		/* the schema read as the target reads it (Phoenix upper-cases
		 * unquoted names), as the CLI reads it */
		kp_pipe_free(&r->t.pipe);
		r->t.cat.names = kp_target_names(target);
		kp_pipe_init(&r->t.pipe, target);
		kp_pipe_borrow(&r->t.pipe, &r->t.cat, &r->t.opts);
		r->t.pipe.limits = false;
		r->t.pipe.collect = &r->t.d;
		r->t.pipe.collect_arena = &r->t.arena;
	}
	CU_ASSERT_EQUAL(kpt_schema(&r->t, schema), 0);
	kp_arena_init(&r->a);
	kp_advisor_init(&r->adv, &r->t.cat, target, &r->a, &r->d);
	r->adv.merge = true;
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
	expect_ddl_valid(r, schema, target);
}

/* text past its leading "--" comment lines (an advised DDL's annotations) */
static const char *past_comments(const char *at)
{
	while (!strncmp(at, "--", 2) && strchr(at, '\n'))
		at = strchr(at, '\n') + 1;
	return at;
}

/* Past blanks and "--" comment lines. */
static const char *past_blank_comments(const char *p)
{
	for (;;) {
		p += strspn(p, " \t\r\n");
		if (strncmp(p, "--", 2))
			return p;
		const char *nl = strchr(p, '\n');
		if (!nl)
			return p + strlen(p);
		p = nl + 1;
	}
}

/* The name a CREATE ... INDEX statement at p gives its index, unquoted,
 * into out; false when p is no CREATE INDEX. */
static bool index_name_of(const char *p, char *out, size_t max)
{
	p = past_blank_comments(p);
	bool create = !strncasecmp(p, "CREATE", 6) && strchr(" \t\r\n", p[6]);
	if (!create && !(!strncasecmp(p, "DROP", 4) && strchr(" \t\r\n", p[4])) &&
	    !(!strncasecmp(p, "ALTER", 5) && strchr(" \t\r\n", p[5])))
		return false;
	p += create ? 6 : p[0] == 'D' || p[0] == 'd' ? 4 : 5;
	/* CREATE [UNIQUE] [LOCAL] [UNCOVERED] INDEX, DROP INDEX, ALTER INDEX */
	for (int words = 0; words < (create ? 4 : 1); words++) {
		p += strspn(p, " \t\r\n");
		size_t w = strcspn(p, " \t\r\n(");
		if (w == 5 && !strncasecmp(p, "INDEX", 5)) {
			p += 5;
			p += strspn(p, " \t\r\n");
			if (!strncasecmp(p, "IF NOT EXISTS", 13)) {
				p += 13;
				p += strspn(p, " \t\r\n");
			} else if (!strncasecmp(p, "IF EXISTS", 9)) {
				p += 9;
				p += strspn(p, " \t\r\n");
			}
			bool q = *p == '"' || *p == '`';
			p += q;
			size_t n = q ? strcspn(p, "\"`") : strcspn(p, " \t\r\n(");
			if (!n || n >= max)
				return false;
			memcpy(out, p, n);
			out[n] = 0;
			/* then its table: ... [USING kind] ON table, after a space */
			p += n + q;
			for (;;) {
				p += strspn(p, " \t\r\n");
				size_t v = strcspn(p, " \t\r\n(");
				if (!v)
					return false;
				bool on = v == 2 && !strncasecmp(p, "ON", 2);
				p += v;
				if (on)
					break;
			}
			p += strspn(p, " \t\r\n");
			q = *p == '"' || *p == '`';
			p += q;
			size_t m = q ? strcspn(p, "\"`") : strcspn(p, " \t\r\n(");
			if (!m || n + 1 + m >= max)
				return false;
			out[n] = '.';   /* index.table: names are the table's in some stores (Lindorm) */
			memcpy(out + n + 1, p, m);
			out[n + 1 + m] = 0;
			return true;
		}
		if (w == 0 || w > 9)
			return false;
		p += w;
	}
	return false;
}

bool ddl_recreates_index(const char *ddl, const char *stmt)
{
	char want[256], got[256];
	if (!ddl || !index_name_of(stmt, want, sizeof want))
		return false;
	for (const char *at = ddl; at && *at;) {
		const char *h = past_blank_comments(at);
		if (!strncasecmp(h, "CREATE", 6) && index_name_of(at, got, sizeof got) && !strcasecmp(got, want))
			return true;
		at = strchr(at, ';');
		at = at ? at + 1 : NULL;
	}
	return false;
}

void put_not_recreated(kp_buf *out, const char *part, size_t n, const char *ddl)
{
	/* its statements, split at ';' outside quotes */
	const char *end = part + n;
	bool any = false;
	for (const char *at = part; at < end;) {
		const char *q = at;
		char quote = 0;
		for (; q < end && (quote || *q != ';'); q++)
			if (quote && *q == quote)
				quote = 0;
			else if (!quote && (*q == '\'' || *q == '"' || *q == '`'))
				quote = *q;
		kp_buf st = {0};
		kp_buf_printf(&st, "%.*s", (int)(q - at), at);
		if (st.data && st.data[strspn(st.data, " \t\r\n")] && !(ddl && ddl_recreates_index(ddl, st.data))) {
			kp_buf_printf(out, "%s%s", any ? ";" : "", st.data);
			any = true;
		}
		kp_buf_free(&st);
		at = q < end ? q + 1 : end;
	}
	if (any)
		kp_buf_puts(out, ";\n");
}

/* The DDL of every advice item (the recommendation's and the
 * alternatives'), applied to the schema it is for, read by keyplan's own
 * catalog and lint as its target reads them: no error finding (a KP0xx
 * error, KP110, KP013). A key change that keeps the table's name takes the
 * place of the table's CREATE (the schema's indexes and views then made on
 * it); an index that replaces one is made after the old one is dropped. A
 * schema that is not valid on the target itself (a design read as Lindorm
 * in a test of another target) is not the advice's to answer for, and is
 * skipped. */
void expect_ddl_valid(const run *r, const char *schema, kp_target target)
{
	kpt base;
	kpt_init_target(&base, target);
	int broken = kpt_schema(&base, schema);
	kpt_free(&base);
	if (broken)
		return;
	for (uint32_t i = 0; i < r->adv.advice.n; i++) {
		const kp_advice *x = r->adv.advice.items[i];
		if (!x->ddl)
			continue;
		char head[160], alter[160];
		snprintf(head, sizeof head, "CREATE TABLE %s ", x->table->name);
		snprintf(alter, sizeof alter, "ALTER TABLE %s ", x->table->name);
		bool same_table = !strncasecmp(past_comments(x->ddl), head, strlen(head));
		/* a table the schema alters after its CREATE: the DDL is the
		 * table as altered, made after the old one is dropped */
		bool altered = false;
		for (const char *at = schema; same_table && (at = strchr(at, 'A')) != NULL; at++)
			altered |= (at == schema || at[-1] == '\n') && !strncasecmp(at, alter, strlen(alter));
		kp_buf s = {0};
		bool placed = false;
		for (const char *at = schema; *at;) {
			const char *end = strstr(at, ";\n");
			size_t n = end ? (size_t)(end - at) : strlen(at);
			const char *body = past_comments(at);
			if (same_table && !altered && !placed && body < at + n && !strncasecmp(body, head, strlen(head))) {
				kp_buf_printf(&s, "%.*s%s;\n", (int)(body - at), at, x->ddl);
				placed = true;
			} else if (at[strspn(at, " \n")]) {
				/* an index the key change makes again on the new table
				 * is made once */
				put_not_recreated(&s, at, n, same_table ? x->ddl : NULL);
			}
			at += n + (end ? 2 : 0);
		}
		if (same_table && !placed)
			kp_buf_printf(&s, "DROP TABLE %s CASCADE;\n%s;\n", x->table->name, x->ddl);
		else if (!same_table) {
			if (x->replaces && !strstr(x->ddl, "DROP INDEX") && !strncasecmp(past_comments(x->ddl), "CREATE", 6))
				kp_buf_printf(&s, "DROP INDEX %s ON %s;\n", x->replaces->name, x->table->name);
			kp_buf_printf(&s, "%s;\n", x->ddl);
		}
		kpt as;
		kpt_init_target(&as, target);
		int errors = kpt_schema(&as, s.data);
		for (const kp_diag *g = as.d.head; errors && g; g = g->next)
			if (g->severity == KP_SEV_ERROR)
				fprintf(stderr, "\n  %s: %s #%d %s %s: its DDL fails on its target: [%s] %s\n    DDL: %s\n",
				        x->table->name, x->recommended ? "recommended" : "alternative", x->rank, x->kind,
				        x->key ? x->key : "-", kp_rule_get(g->rule)->id, g->message, x->ddl);
		CU_ASSERT_EQUAL(errors, 0);
		kpt_free(&as);
		kp_buf_free(&s);
	}
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


/* The workload's weights as its "-- weight: N" comments say (the CLI and
 * libkeyplan read them; the pipeline alone does not): one per statement,
 * statements ended by ';'. */
static double weights[64];

void run_w(run *r, const char *schema, const char *w, kp_target target)
{
	int n = 0;
	double next = 1;
	for (const char *p = w; *p && n < 64; p++) {
		if (!strncmp(p, "--", 2)) {
			/* a comment line: a weight, or words whose ; ends nothing */
			if (!strncmp(p, "-- weight: ", 11))
				next = atof(p + 11);
			p = strchr(p, '\n');
			if (!p)
				break;
		} else if (*p == '\'') {
			p = strchr(p + 1, '\'');   /* a string's ; ends nothing ('' is two strings) */
			if (!p)
				break;
		} else if (*p == ';') {
			weights[n++] = next;
			next = 1;
		}
	}
	run_advisor_w(r, schema, w, target, weights, n);
}

const kp_table_review *review_of(const run *r, const char *table)
{
	for (uint32_t i = 0; i < r->adv.reviews.n; i++) {
		const kp_table_review *v = r->adv.reviews.items[i];
		if (!strcasecmp(v->table->name, table))   /* Phoenix upper-cases unquoted names */
			return v;
	}
	return NULL;
}

/* The recommendation of a table as "kind key; kind key", "" when the
 * design stands. */
const char *recommended(const run *r, const char *table)
{
	static char out[1024];
	out[0] = 0;
	const kp_table_review *v = review_of(r, table);
	if (!v)
		return "(no review)";
	for (uint32_t i = 0; i < v->recommended.n; i++) {
		const kp_advice *x = v->recommended.items[i];
		size_t n = strlen(out);
		snprintf(out + n, sizeof out - n, "%s%s %s", i ? "; " : "", x->kind, x->key ? x->key : "-");
	}
	return out;
}

void expect_recommended(const run *r, const char *table, const char *want)
{
	const char *got = recommended(r, table);
	if (strcasecmp(got, want))
		fprintf(stderr, "\n  %s: recommended\n    got:  %s\n    want: %s\n", table, got, want);
	CU_ASSERT_EQUAL(strcasecmp(got, want), 0);
}

/* The alternative of this kind and key, or NULL. */
const kp_advice *alternative(const run *r, const char *table, const char *kind, const char *key)
{
	for (uint32_t i = 0; i < r->adv.advice.n; i++) {
		const kp_advice *x = r->adv.advice.items[i];
		if (!strcmp(x->table->name, table) && !strcmp(x->kind, kind) && x->key && !strcmp(x->key, key) &&
		    !x->recommended)
			return x;
	}
	return NULL;
}

const char *worse_lines(const kp_advice *x)
{
	static char out[1024];
	size_t n = 0;
	out[0] = 0;
	for (uint32_t i = 0; x && i < x->worse.n && n < sizeof out - 16; i++) {
		const char *at = strrchr(x->worse.items[i], ':');
		n += (size_t)snprintf(out + n, sizeof out - n, "%s%s", n ? " " : "", at ? at + 1 : "?");
	}
	return out;
}

/* The change the recommendation makes to the statement at w.sql:line, as
 * "BEFORE -> AFTER", or "" when it makes none. */
const char *change_at(const run *r, const char *table, uint32_t line)
{
	static char out[128];
	out[0] = 0;
	const kp_table_review *v = review_of(r, table);
	for (uint32_t i = 0; v && i < v->changes.n; i++) {
		const kp_change *c = v->changes.items[i];
		uint32_t l, col;
		kp_source_linecol(c->q->src, c->q->off, &l, &col);
		if (l == line)
			snprintf(out, sizeof out, "%s -> %s", kpa_class_words(c->before, c->rejected_before),
			         kpa_class_words(c->after, c->rejected_after));
	}
	return out;
}

/* Applies the recommendation for table to schema (its key change's DDL in
 * place of the table's CREATE, each index created) and checks again with
 * the same workload: the table's design then stands, and every DDL parses. */
void expect_fixpoint(const run *r, const char *const *schema, int n, const char *workload, kp_target target,
                            const char *table)
{
	const kp_table_review *v = review_of(r, table);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	kp_buf s = {0};
	const kp_advice *key = NULL;
	for (uint32_t i = 0; i < v->recommended.n; i++) {
		const kp_advice *x = v->recommended.items[i];
		if (x->newkey && !x->index)
			key = x;
	}
	for (int i = 0; i < n; i++) {
		char head[128];
		snprintf(head, sizeof head, "CREATE TABLE %s ", table);
		/* the annotation lines above a CREATE stay above its new DDL */
		const char *at = schema[i];
		while (!strncmp(at, "--", 2) && strchr(at, '\n'))
			at = strchr(at, '\n') + 1;
		if (key && !strncasecmp(at, head, strlen(head)))
			kp_buf_printf(&s, "%.*s%s;\n", (int)(at - schema[i]), schema[i], key->ddl);
		else   /* an index made again on the new table: once */
			put_not_recreated(&s, schema[i], strlen(schema[i]), key ? key->ddl : NULL);
	}
	for (uint32_t i = 0; i < v->recommended.n; i++) {
		const kp_advice *x = v->recommended.items[i];
		/* an index of the table dropped, or dropped and made again wider */
		if (x->replaces && x->ddl) {
			kp_buf_printf(&s, "%s;\n", x->ddl);
			continue;
		}
		if (x->replaces) {
			kp_buf_printf(&s, "DROP INDEX %s ON %s;\n", x->replaces->name, table);
			if (!x->index)
				continue;
		}
		if (!x->index)
			continue;
		if ((!strcmp(x->kind, "secondary_index") || !strcmp(x->kind, "search_index")) && x->ddl) {
			kp_buf_printf(&s, "%s;\n", x->ddl);
		} else if (!strcmp(x->kind, "search_index")) {
			/* created by API: keyplan's schema reads it in SQL */
			kp_buf_printf(&s, "CREATE INDEX fp_%u USING SEARCH ON %s (", i, table);
			for (uint32_t c = 0; c < x->columns.n; c++)
				kp_buf_printf(&s, "%s%s", c ? ", " : "", (char *)x->columns.items[c]);
			kp_buf_puts(&s, ");\n");
		} else {
			/* an index table, or an index created by API: as an index on
			 * the same columns (the reads then go to it) */
			kp_buf_printf(&s, "CREATE INDEX fp_%u ON %s (", i, table);
			for (uint32_t c = 0; c < x->columns.n; c++)
				kp_buf_printf(&s, "%s%s", c ? ", " : "", (char *)x->columns.items[c]);
			kp_buf_puts(&s, ");\n");
		}
	}
	/* the store takes every DDL as the advice writes it: read as the
	 * target reads it, with its DDL limits (KP110, KP012) */
	kpt as;
	kpt_init_target(&as, target);
	int errors = kpt_schema(&as, s.data);
	if (errors)
		for (const kp_diag *g = as.d.head; g; g = g->next)
			fprintf(stderr, "\n  %s: the applied DDL fails on its target: %s\n", table, g->message);
	CU_ASSERT_EQUAL(errors, 0);
	kpt_free(&as);
	expect_stands(s.data, workload, target, table);
	kp_buf_free(&s);
}

void expect_fixpoint_text(const run *r, const char *schema, const char *workload, kp_target target,
                          const char *table)
{
	size_t n = strlen(schema);
	char *text = malloc(n + 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	memcpy(text, schema, n + 1);
	const char *parts[64];
	int np = 0;
	for (char *at = text, *end; *at && np < 64; at = end + 2) {
		end = strstr(at, ";\n");
		if (!end) {
			if (at[strspn(at, " \n")])
				parts[np++] = at;   /* a last statement without its ; */
			break;
		}
		*end = 0;
		parts[np++] = at;
	}
	expect_fixpoint(r, parts, np, workload, target, table);
	free(text);
}

void expect_stands(const char *schema, const char *workload, kp_target target, const char *table)
{
	run r2;
	run_w(&r2, schema, workload, target);
	const char *again = recommended(&r2, table);
	if (*again)
		fprintf(stderr, "\n  %s: not a fixpoint; applied:\n%s  then recommended: %s\n", table, schema, again);
	CU_ASSERT_STRING_EQUAL(again, "");
	run_free(&r2);
}

int count_kind(const run *r, const char *kind)
{
	int n = 0;
	for (uint32_t i = 0; i < r->adv.advice.n; i++)
		n += !strcmp(((const kp_advice *)r->adv.advice.items[i])->kind, kind);
	return n;
}

int count_changes_led_by(const run *r, const char *lead)
{
	int n = 0;
	for (uint32_t i = 0; i < r->adv.advice.n; i++) {
		const kp_advice *x = r->adv.advice.items[i];
		n += x->key && (x->index || x->newkey) && !strncmp(x->key, lead, strlen(lead));
	}
	return n;
}

/* Nothing the recommendation for table changes is served worse: no read
 * served now (GET, SCAN, FILTERED SCAN) becomes a full scan or refused,
 * and no write lands on one region that did not, where it decides (by
 * the stated rates, under what a region takes it is no hotspot:
 * docs/advice.md, "The choice"). */
void expect_nothing_worse(const run *r, const char *table)
{
	const kp_table_review *v = review_of(r, table);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL(v->after.broken, 0);
	CU_ASSERT_TRUE(v->after.hot <= v->before.hot || (v->after.by_rate && !v->after.hot_decides));
	for (uint32_t i = 0; i < v->changes.n; i++) {
		const kp_change *c = v->changes.items[i];
		bool served = c->before == KP_ACCESS_GET || c->before == KP_ACCESS_SCAN || c->before == KP_ACCESS_FILTERED;
		if (served && !c->rejected_before)
			CU_ASSERT_TRUE(c->after != KP_ACCESS_FULL && !c->rejected_after);
	}
}

/* No recommended key or index of table led by lead. */
void expect_no_recommended_lead(const run *r, const char *table, const char *lead)
{
	const kp_table_review *v = review_of(r, table);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	for (uint32_t i = 0; i < v->recommended.n; i++) {
		const kp_advice *x = v->recommended.items[i];
		if (!x->index && !x->newkey)
			continue;   /* an index dropped leads nothing */
		if (x->key && !strncmp(x->key, lead, strlen(lead)))
			fprintf(stderr, "\n  %s: recommended %s %s, led by %s\n", table, x->kind, x->key, lead);
		CU_ASSERT_FALSE(x->key && !strncmp(x->key, lead, strlen(lead)));
	}
}

int count_rule(const run *r, kp_rule rule)
{
	return count_rule_with(r, rule, NULL);
}

int count_rule_with(const run *r, kp_rule rule, const char *text)
{
	int n = 0;
	for (const kp_diag *g = r->d.head; g; g = g->next)
		n += g->rule == rule && (!text || strstr(g->message, text));
	return n;
}

/* The table's index is kept by the recommendation (its fate "kept"). */
void expect_kept(const run *r, const char *table, const char *index)
{
	const kp_table_review *v = review_of(r, table);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	char kept[128];
	snprintf(kept, sizeof kept, "%s kept", index);
	if (!v->indexes || !strstr(v->indexes, kept))
		fprintf(stderr, "\n  %s: %s not kept (indexes: %s)\n", table, index, v->indexes ? v->indexes : "none");
	CU_ASSERT_PTR_NOT_NULL(v->indexes && strstr(v->indexes, kept));
}

void expect_no_recommended_kind(const run *r, const char *table, const char *kind)
{
	const kp_table_review *v = review_of(r, table);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	for (uint32_t i = 0; i < v->recommended.n; i++) {
		const kp_advice *x = v->recommended.items[i];
		if (!strcmp(x->kind, kind))
			fprintf(stderr, "\n  %s: recommended %s %s\n", table, x->kind, x->key ? x->key : "-");
		CU_ASSERT_STRING_NOT_EQUAL(x->kind, kind);
	}
}

const kp_advice *recommended_kind(const run *r, const char *table, const char *kind)
{
	const kp_table_review *v = review_of(r, table);
	for (uint32_t i = 0; v && i < v->recommended.n; i++)
		if (!strcmp(((const kp_advice *)v->recommended.items[i])->kind, kind))
			return v->recommended.items[i];
	return NULL;
}
