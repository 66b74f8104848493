/* What check keeps of its workload (advisor/workload.c, advisor/evidence.c):
 * one tree per shape of its reads, UPDATEs and DELETEs, shared by the
 * statements alike, each statement keeping its own place, and each INSERT
 * its own values (they are evidence); and what the inserts and reads say
 * of every column, from one walk per table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adv_run.h"
#include "advisor/advisorInt.h"

static const kp_wquery *query(const run *r, uint32_t i)
{
	CU_ASSERT_FATAL(i < r->adv.queries.n);
	return r->adv.queries.items[i];
}

static uint32_t line_of(const kp_wquery *q)
{
	uint32_t line, col;
	kp_source_linecol(q->src, q->off, &line, &col);
	return line;
}

/* The k-th insert statement of the workload (its record, place and
 * values), read back from the advisor's log; kpa_ins_done after. */
static kpa_ins_walk nth_insert(const run *r, uint32_t k)
{
	kpa_ins_walk w = {0};
	for (uint32_t i = 0; i <= k; i++)
		CU_ASSERT_FATAL(kpa_ins_next(&r->adv, &w));
	return w;
}

/* The i-th statement's place, read in order from the start. */
static kp_stmt_at nth_at(const kp_advisor *adv, uint32_t i)
{
	kp_at_walk w = {0};
	kp_stmt_at e = {UINT32_MAX, 0};
	for (uint32_t k = 0; k <= i; k++)
		CU_ASSERT_FATAL(kp_advisor_at_next(adv, &w, &e));
	return e;
}

static kp_stmt_at at(const run *r, uint32_t i)
{
	return nth_at(&r->adv, i);
}

/* An advisor fed through a pipe of its own, as check's is, made by hand
 * where a test sets the pipe's callback or reads its arenas (adv_run's run
 * does the rest): f->t holds the schema before feed_open. */
typedef struct feed {
	kpt t;
	kp_arena a;
	kp_diags d;
	kp_advisor adv;
	kp_source w;
	kp_pipe p;
} feed;

static void feed_open(feed *f, kp_target target, bool merge, bool collect, const char *text, size_t len)
{
	kp_arena_init(&f->a);
	f->d = (kp_diags){0};
	kp_advisor_init(&f->adv, &f->t.cat, target, &f->a, &f->d);
	f->adv.merge = merge;
	kp_source_from_string(&f->w, "w.sql", text, len);
	kp_pipe_init(&f->p, target);
	kp_pipe_borrow(&f->p, &f->t.cat, &f->p.own_opts);
	f->p.adv = &f->adv;
	if (collect) {
		f->p.collect = &f->d;
		f->p.collect_arena = &f->a;
	}
}

static void feed_close(feed *f)
{
	kp_pipe_free(&f->p);
	kp_source_free(&f->w);
	kp_arena_free(&f->a);
	kpt_free(&f->t);
}

/* Statements alike share one tree; with kp_advisor.merge (check's, and
 * adv_run's) those that planned alike are one record, their places kept
 * in order (kp_advisor.at). */
static void test_statements_alike_share_one_tree(void)
{
	run r;
	static const char *w8 = "SELECT c FROM t WHERE a = 1 AND b = 'x';\n"
	                        "SELECT c FROM t WHERE a = 2 AND b = 'y';\n"
	                        "UPDATE t SET c = 1 WHERE a = 1 AND b = 'x';\n"
	                        "SELECT c FROM t WHERE a = 3 AND b = 'z';\n"
	                        "UPDATE t SET c = 2 WHERE a = 2 AND b = 'y';\n"
	                        "INSERT INTO t (a, b, c) VALUES (1, 'x', 1);\n"
	                        "INSERT INTO t (a, b, c) VALUES (2, 'y', 2);\n"
	                        "SELECT c FROM t WHERE c = 4;\n";
	run_advisor(&r, "CREATE TABLE t (a BIGINT NOT NULL, b VARCHAR(8) NOT NULL, c BIGINT, PRIMARY KEY (a, b));", w8,
	            KP_TARGET_LINDORM);
	/* records: the reads of one shape, the UPDATEs, the inserts, the other read */
	CU_ASSERT_EQUAL_FATAL(r.adv.queries.n, 4);
	CU_ASSERT_EQUAL_FATAL(r.adv.nat, 8);
	static const uint32_t rec[8] = {0, 0, 1, 0, 1, 2, 2, 3};
	for (uint32_t i = 0; i < 8; i++) {
		CU_ASSERT_EQUAL(at(&r, i).q, rec[i]);
		CU_ASSERT_EQUAL(at(&r, i).line, i + 1);
	}
	CU_ASSERT_EQUAL(query(&r, 0)->count, 3);
	CU_ASSERT_EQUAL(query(&r, 0)->weight, 3);
	CU_ASSERT_EQUAL(query(&r, 0)->unit, 1);
	CU_ASSERT_EQUAL(line_of(query(&r, 0)), 1);
	CU_ASSERT_EQUAL(query(&r, 0)->len, strlen("SELECT c FROM t WHERE a = 1 AND b = 'x'"));
	/* an UPDATE of one shape too, apart from the reads */
	CU_ASSERT_EQUAL(query(&r, 1)->count, 2);
	CU_ASSERT_PTR_NOT_EQUAL(query(&r, 1)->stmt, query(&r, 0)->stmt);
	CU_ASSERT_EQUAL(line_of(query(&r, 1)), 3);
	/* inserts alike are one record too, each with its own values and place */
	CU_ASSERT_EQUAL(query(&r, 2)->count, 2);
	CU_ASSERT_EQUAL(line_of(query(&r, 2)), 6);
	kpa_ins_walk w = nth_insert(&r, 1);
	CU_ASSERT_PTR_EQUAL(w.q, query(&r, 2));
	CU_ASSERT_EQUAL(w.line, 7);
	CU_ASSERT_EQUAL(w.off, (uint32_t)(strstr(w8, "INSERT INTO t (a, b, c) VALUES (2") - w8));
	CU_ASSERT_EQUAL(w.len, strlen("INSERT INTO t (a, b, c) VALUES (2, 'y', 2)"));
	CU_ASSERT_EQUAL_FATAL(w.v.nrows, 1);
	CU_ASSERT_EQUAL_FATAL(w.v.rows[0].n, 3);
	CU_ASSERT_EQUAL(w.v.rows[0].v[0].kind, KP_IV_INT);
	CU_ASSERT_EQUAL(w.v.rows[0].v[0].ival, 2);
	CU_ASSERT_EQUAL(w.v.rows[0].v[1].kind, KP_IV_CONST);
	CU_ASSERT_STRING_EQUAL(w.v.rows[0].v[1].sql, "'y'");
	CU_ASSERT_FALSE(kpa_ins_next(&r.adv, &w));   /* the last insert */
	kpa_ins_done(&w);
	w = nth_insert(&r, 0);
	CU_ASSERT_EQUAL(w.line, 6);
	CU_ASSERT_EQUAL(w.v.rows[0].v[0].ival, 1);
	CU_ASSERT_EQUAL(w.v.rows[0].v[2].ival, 1);
	kpa_ins_done(&w);
	/* another shape, another tree */
	CU_ASSERT_PTR_NOT_EQUAL(query(&r, 3)->stmt, query(&r, 0)->stmt);
	CU_ASSERT_EQUAL(query(&r, 3)->stmt->kind, KP_S_SELECT);
	run_free(&r);
}

/* Without kp_advisor.merge (the shell, the simulation: a statement's own
 * rate comment), each statement is its own record, sharing the tree. */
static void test_without_merge_each_statement_is_a_record(void)
{
	feed f;
	kpt_init(&f.t);
	CU_ASSERT_EQUAL_FATAL(kpt_schema(&f.t, "CREATE TABLE t (a BIGINT NOT NULL, c BIGINT, PRIMARY KEY (a));"), 0);
	const char *text = "SELECT c FROM t WHERE a = 1;\nSELECT c FROM t WHERE a = 2;\n";
	feed_open(&f, KP_TARGET_LINDORM, false, true, text, strlen(text));
	kp_pipe_source(&f.p, &f.w, KP_ROLE_WORKLOAD);
	CU_ASSERT_EQUAL_FATAL(f.adv.queries.n, 2);
	CU_ASSERT_EQUAL_FATAL(f.adv.nat, 2);
	const kp_wquery *q0 = f.adv.queries.items[0], *q1 = f.adv.queries.items[1];
	CU_ASSERT_PTR_EQUAL(q1->stmt, q0->stmt);
	CU_ASSERT_EQUAL(q0->count, 1);
	CU_ASSERT_EQUAL(q1->count, 1);
	CU_ASSERT_EQUAL(nth_at(&f.adv, 1).q, 1);
	CU_ASSERT_EQUAL(nth_at(&f.adv, 1).line, 2);
	feed_close(&f);
}

/* A statement alike is counted into the last record made for its shape
 * only when it planned alike and weighs the same integral weight: its
 * weight alone is then the sum's part, exactly. */
static void test_alike_statements_merge_when_planned_and_weighed_alike(void)
{
	run r;
	run_w(&r, "CREATE TABLE t (a BIGINT NOT NULL, b VARCHAR(8) NOT NULL, c BIGINT, PRIMARY KEY (a, b));",
	      "SELECT c FROM t WHERE a = 1 AND b = 'x';\n"
	      "-- weight: 2\n"
	      "SELECT c FROM t WHERE a = 2 AND b = 'y';\n"
	      "-- weight: 2\n"
	      "SELECT c FROM t WHERE a = 5 AND b = 'v';\n"
	      "SELECT c FROM t WHERE a = 3 AND b = 'z';\n"
	      "SELECT c FROM t WHERE a = 4 AND b = 'w';\n"
	      "-- weight: 0.5\n"
	      "SELECT c FROM t WHERE a = 6 AND b = 'u';\n"
	      "-- weight: 0.5\n"
	      "SELECT c FROM t WHERE a = 7 AND b = 't';\n",
	      KP_TARGET_LINDORM);
	/* weight 1; weight 2 twice; weight 1 twice (after the 2s: a record of
	 * its own); 0.5, never merged */
	CU_ASSERT_EQUAL_FATAL(r.adv.queries.n, 5);
	CU_ASSERT_EQUAL_FATAL(r.adv.nat, 7);
	static const uint32_t count[5] = {1, 2, 2, 1, 1};
	static const double weight[5] = {1, 4, 2, 0.5, 0.5};
	for (uint32_t i = 0; i < 5; i++) {
		CU_ASSERT_EQUAL(query(&r, i)->count, count[i]);
		CU_ASSERT_EQUAL(query(&r, i)->weight, weight[i]);
		CU_ASSERT_PTR_EQUAL(query(&r, i)->stmt, query(&r, 0)->stmt);
	}
	static const uint32_t lines[7] = {1, 3, 5, 6, 7, 9, 11};
	static const uint32_t rec[7] = {0, 1, 1, 2, 2, 3, 4};
	for (uint32_t i = 0; i < 7; i++) {
		CU_ASSERT_EQUAL(at(&r, i).line, lines[i]);
		CU_ASSERT_EQUAL(at(&r, i).q, rec[i]);
	}
	/* the review counts statements, not records, and their weight */
	const kp_table_review *rv = review_of(&r, "t");
	CU_ASSERT_PTR_NOT_NULL_FATAL(rv);
	CU_ASSERT_EQUAL(rv->nstatements, 7);
	CU_ASSERT_EQUAL(rv->by_class[0], 8);   /* weight: 1 + 2 + 2 + 1 + 1 + 0.5 + 0.5 */
	run_free(&r);
}

/* A shared statement is named at its own line wherever the advice names
 * statements: the judge's list of those a fix makes worse. */
static void test_shared_statements_are_named_at_their_own_line(void)
{
	run r;
	run_advisor(&r, "CREATE TABLE ev (ts BIGINT NOT NULL, dev VARCHAR(8) NOT NULL, v BIGINT, PRIMARY KEY (ts, dev));",
	            "SELECT v FROM ev WHERE ts > 1 AND ts < 5;\n"
	            "SELECT v FROM ev WHERE dev = 'a';\n"
	            "SELECT v FROM ev WHERE ts > 7 AND ts < 9;\n"
	            "SELECT v FROM ev WHERE dev = 'b';\n"
	            "SELECT v FROM ev WHERE dev = 'c';\n",
	            KP_TARGET_LINDORM);
	/* the range reads are one record, the reads by dev another */
	CU_ASSERT_EQUAL_FATAL(r.adv.queries.n, 2);
	CU_ASSERT_EQUAL(query(&r, 0)->count, 2);
	CU_ASSERT_EQUAL(query(&r, 1)->count, 3);
	/* the reorder that leads with dev makes the two range reads worse,
	 * each named at its line */
	const kp_advice *x = NULL;
	for (uint32_t i = 0; i < r.adv.advice.n && !x; i++) {
		const kp_advice *a = r.adv.advice.items[i];
		if (!strcmp(a->kind, "reorder_key") && a->key && !strcmp(a->key, "[dev][ts]"))
			x = a;
	}
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_EQUAL_FATAL(x->worse.n, 2);
	CU_ASSERT_STRING_EQUAL(x->worse.items[0], "w.sql:1");
	CU_ASSERT_STRING_EQUAL(x->worse.items[1], "w.sql:3");
	run_free(&r);
}

static const char *evidence_of(run *r, const char *table, int ci)
{
	const kp_table *t = kp_catalog_find(&r->t.cat, table, (uint32_t)strlen(table));
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	return kpa_monotonic_evidence(&r->adv, t, ci);
}

/* Every column's evidence from one walk: asked in any order, each column
 * gets what its own values say. */
static void test_evidence_of_every_column_from_one_walk(void)
{
	run r;
	run_advisor(&r,
	            "CREATE TABLE e (k BIGINT NOT NULL, up BIGINT, clock BIGINT, seq BIGINT, flat BIGINT, twice BIGINT, "
	            "late BIGINT, made BIGINT DEFAULT CURRENT_TIMESTAMP, PRIMARY KEY (k));",
	            "INSERT INTO e (k, up, clock, flat, twice, late) VALUES (5, 1, now(), 3, 1, 9);\n"
	            "INSERT INTO e (up, k, flat, twice, late, seq) VALUES (2, 4, 3, 2, 9, NEXT VALUE FOR s1), "
	            "(3, 4, 3, 2, 9, 1);\n"
	            "INSERT INTO e (k, up, flat, twice) VALUES (6, 7, 3, 3);\n"
	            "SELECT * FROM e WHERE late > 3 AND late < 100 ORDER BY late DESC LIMIT 5;\n",
	            KP_TARGET_LINDORM);
	/* k: 5, 4, 4, 6 does not only increase; up: 1, 2, 3, 7 does */
	CU_ASSERT_PTR_NULL(evidence_of(&r, "e", 0));
	CU_ASSERT_STRING_EQUAL(evidence_of(&r, "e", 1), "given increasing values by 4 inserts of the workload (from w.sql:1)");
	CU_ASSERT_STRING_EQUAL(evidence_of(&r, "e", 3), "filled by NEXT VALUE FOR in the workload's inserts (w.sql:2)");
	CU_ASSERT_STRING_EQUAL(evidence_of(&r, "e", 2), "filled with the current time by the workload's inserts (w.sql:1)");
	CU_ASSERT_PTR_NULL(evidence_of(&r, "e", 4));
	/* twice: 1, 2, 2, 3: the second 2 is no rise */
	CU_ASSERT_PTR_NULL(evidence_of(&r, "e", 5));
	/* late: 9 three times, then read newest first by ranges */
	CU_ASSERT_STRING_EQUAL(evidence_of(&r, "e", 6), "read newest first by ranges on it in the workload (w.sql:4)");
	CU_ASSERT_PTR_NOT_NULL_FATAL(evidence_of(&r, "e", 7));
	CU_ASSERT_PTR_NOT_NULL(strstr(evidence_of(&r, "e", 7), "filled by its DEFAULT CURRENT_TIMESTAMP ("));
	CU_ASSERT_PTR_NULL(evidence_of(&r, "e", 8));   /* no such column */
	run_free(&r);
}

/* Inserts alike share one tree; what their values say is each one's own:
 * increasing values, generators, and the same key written twice (KP107, at
 * the insert that writes it again). */
static void test_inserts_alike_keep_their_own_values(void)
{
	run r;
	run_advisor(&r, "CREATE TABLE m (k VARCHAR(8) NOT NULL, n BIGINT NOT NULL, v BIGINT, PRIMARY KEY (k, n));",
	            "INSERT INTO m (k, n, v) VALUES ('a', 10, 1);\n"
	            "INSERT INTO m (k, n, v) VALUES ('b', 20, 2);\n"
	            "INSERT INTO m (k, n, v) VALUES ('c', 30, -3);\n"
	            "INSERT INTO m (k, n, v) VALUES ('b', 20, 4);\n"
	            "INSERT INTO m (k, n, v) VALUES ('d', 40, now());\n",
	            KP_TARGET_LINDORM);
	/* one record of the four inserts of constants (-3 is one too), one
	 * of the insert of now() */
	CU_ASSERT_EQUAL_FATAL(r.adv.queries.n, 2);
	CU_ASSERT_EQUAL(query(&r, 0)->count, 4);
	CU_ASSERT_EQUAL(query(&r, 1)->count, 1);
	kpa_ins_walk w = nth_insert(&r, 2);
	CU_ASSERT_EQUAL(w.v.rows[0].v[2].kind, KP_IV_CONST);
	CU_ASSERT_STRING_EQUAL(w.v.rows[0].v[2].sql, "-3");
	CU_ASSERT_TRUE_FATAL(kpa_ins_next(&r.adv, &w));
	CU_ASSERT_TRUE_FATAL(kpa_ins_next(&r.adv, &w));
	CU_ASSERT_EQUAL(w.v.rows[0].v[2].kind, KP_IV_CLOCK);
	CU_ASSERT_EQUAL(w.line, 5);
	kpa_ins_done(&w);
	/* n: 10, 20, 30, 20 does not only increase */
	CU_ASSERT_PTR_NULL(evidence_of(&r, "m", 1));
	CU_ASSERT_STRING_EQUAL(evidence_of(&r, "m", 2),
	                       "filled with the current time by the workload's inserts (w.sql:5)");
	int dup = 0;
	for (const kp_diag *g = r.d.head; g; g = g->next)
		if (g->rule == KP_R_NON_UNIQUE) {
			dup++;
			CU_ASSERT_STRING_EQUAL(g->message, "the workload writes the same key of m twice; the later row "
			                                   "overwrites the earlier one as a newer version");
			CU_ASSERT_EQUAL(g->off, strlen("INSERT INTO m (k, n, v) VALUES ('a', 10, 1);\n") * 3 + 1);
			CU_ASSERT_EQUAL(g->len, strlen("INSERT INTO m (k, n, v) VALUES ('b', 20, 4)"));
		}
	CU_ASSERT_EQUAL(dup, 1);
	run_free(&r);
}

/* The pipeline reads a kept statement's text again into the session's
 * arena (lib/pipeline.c, lasting). Should that give another statement,
 * the advisor lets it go, counted and warned at its place; nothing aborts.
 * The text is changed under the pipeline once the statement is planned,
 * the only way to reach the path: the same text read again by the same
 * parser gives the same statement. */
static int rewrite_second(void *ctx, kp_event *ev)
{
	kp_source *src = ctx;
	if (ev->phase == KP_EV_PLANNED && ev->stmt && ev->stmt->off > 0)
		memcpy(src->text + ev->stmt->off, "SELEKT", 6);
	return 0;
}

static void test_a_statement_read_again_unlike_is_let_go(void)
{
	feed f;
	kpt_init(&f.t);
	CU_ASSERT_EQUAL_FATAL(kpt_schema(&f.t, "CREATE TABLE t (a BIGINT NOT NULL, c BIGINT, PRIMARY KEY (a));"), 0);
	const char *text = "SELECT c FROM t WHERE a = 1;\nSELECT c FROM t WHERE c = 4;\nSELECT c FROM t WHERE a = 2;\n";
	feed_open(&f, KP_TARGET_LINDORM, false, true, text, strlen(text));
	f.p.fn = rewrite_second;
	f.p.ctx = &f.w;
	kp_pipe_source(&f.p, &f.w, KP_ROLE_WORKLOAD);
	CU_ASSERT_EQUAL(f.p.unkept, 1);
	/* the first read kept; the second let go; the third (the first's
	 * shape) shares the first's tree */
	CU_ASSERT_EQUAL_FATAL(f.adv.queries.n, 2);
	const kp_wquery *q0 = f.adv.queries.items[0], *q1 = f.adv.queries.items[1];
	CU_ASSERT_EQUAL(q0->off, 0);
	CU_ASSERT_EQUAL(q1->off, strlen("SELECT c FROM t WHERE a = 1;\nSELECT c FROM t WHERE c = 4;\n"));
	CU_ASSERT_PTR_EQUAL(q1->stmt, q0->stmt);
	int found = 0;
	for (const kp_diag *g = f.d.head; g; g = g->next)
		if (g->rule == KP_R_UNSUPPORTED) {
			found++;
			CU_ASSERT_EQUAL(g->off, strlen("SELECT c FROM t WHERE a = 1;\n"));
			CU_ASSERT_EQUAL(g->len, strlen("SELECT c FROM t WHERE c = 4"));
			CU_ASSERT_STRING_EQUAL(g->message, "this statement could not be kept for the workload's review "
			                                   "(reading its text again gave another statement): check's advice "
			                                   "leaves it out");
		}
	CU_ASSERT_EQUAL(found, 1);
	/* the advisor runs on what it kept */
	kp_advisor_run(&f.adv);
	feed_close(&f);
}

/* An insert let go takes its values out of the log with it: the inserts
 * after it read back their own. */
static void test_an_insert_let_go_leaves_no_values(void)
{
	feed f;
	kpt_init(&f.t);
	CU_ASSERT_EQUAL_FATAL(kpt_schema(&f.t, "CREATE TABLE t (a BIGINT NOT NULL, c BIGINT, PRIMARY KEY (a));"), 0);
	const char *text = "INSERT INTO t (a, c) VALUES (1, 10);\nINSERT INTO t (c, a) VALUES (20, 2);\n"
	                   "INSERT INTO t (a, c) VALUES (3, 30);\n";
	feed_open(&f, KP_TARGET_LINDORM, true, true, text, strlen(text));
	f.p.fn = rewrite_second;
	f.p.ctx = &f.w;
	kp_pipe_source(&f.p, &f.w, KP_ROLE_WORKLOAD);
	CU_ASSERT_EQUAL(f.p.unkept, 1);
	CU_ASSERT_EQUAL_FATAL(f.adv.queries.n, 1);
	CU_ASSERT_EQUAL(((const kp_wquery *)f.adv.queries.items[0])->count, 2);
	CU_ASSERT_EQUAL_FATAL(f.adv.nat, 2);
	kpa_ins_walk iw = {0};
	static const int64_t firsts[2] = {1, 3};
	static const uint32_t lines[2] = {1, 3};
	for (int i = 0; i < 2; i++) {
		CU_ASSERT_TRUE_FATAL(kpa_ins_next(&f.adv, &iw));
		CU_ASSERT_EQUAL(iw.line, lines[i]);
		CU_ASSERT_EQUAL_FATAL(iw.v.nrows, 1);
		CU_ASSERT_EQUAL(iw.v.rows[0].v[0].ival, firsts[i]);
		CU_ASSERT_EQUAL(iw.v.rows[0].v[1].ival, firsts[i] * 10);
	}
	CU_ASSERT_FALSE(kpa_ins_next(&f.adv, &iw));
	kpa_ins_done(&iw);
	feed_close(&f);
}

/* The i-th statement of a workload of 48 shapes (reads served, filtered
 * and refused, inserts, updates, on two tables), its literals its own:
 * tests/tools/test_check_memory.py's. */
static void statement(kp_buf *b, long i)
{
	int k = (int)(i % 48);
	char col = "abc"[k % 3];
	char lit[32];
	snprintf(lit, sizeof lit, col == 'b' ? "'v%ld'" : "%ld", i);
	if (k < 12)
		kp_buf_printf(b, "SELECT a, b FROM ev WHERE ts = %ld AND id = 'k%ld';\n", i, i);
	else if (k < 24)
		kp_buf_printf(b, "SELECT %c FROM ev WHERE %c = %s LIMIT %d;\n", col, col, lit, 10 + k);
	else if (k < 30)
		kp_buf_printf(b, "SELECT a FROM ev WHERE ts >= %ld AND ts < %ld AND %c = %s;\n", i, i + 100, col, lit);
	else if (k < 36)
		kp_buf_printf(b, "INSERT INTO ev (ts, id, %c) VALUES (%ld, 'i%ld', %s);\n", col, i, i, lit);
	else if (k < 42)
		kp_buf_printf(b, "SELECT name FROM us WHERE uid = 'u%ld';\n", i);
	else if (k < 45)
		kp_buf_printf(b, "UPDATE us SET age = %ld WHERE uid = 'u%ld';\n", i, i);
	else
		kp_buf_printf(b, "SELECT uid FROM us WHERE age > %ld LIMIT %d;\n", i, k);
}

/* Bytes an arena hands out: what its blocks hold less the room left in
 * the one being filled (the few bytes left at the end of older blocks
 * counted as used). */
static size_t arena_used(const kp_arena *a)
{
	return a->held - (size_t)(a->end - a->next);
}

/* What check keeps of n statements, as kp_advisor.merge keeps them (the
 * CLI's check): the advisor's arena and the kept trees once the workload
 * is read (read) and once the advisor ran (run); the places the advice
 * lists in `worse` (listed); the records and statements. */
typedef struct kept {
	size_t read, run;
	uint32_t listed, records, stmts;
} kept;

static kept kept_bytes(long n)
{
	kept k = {0};
	kpt t;
	kpt_init(&t);
	CU_ASSERT_EQUAL_FATAL(kpt_schema(&t, "CREATE TABLE ev (ts BIGINT NOT NULL, id VARCHAR(32) NOT NULL, a BIGINT, "
	                                     "b VARCHAR(32), c BIGINT, PRIMARY KEY (ts, id));\n"
	                                     "CREATE TABLE us (uid VARCHAR(32) NOT NULL, name VARCHAR(64), age BIGINT, "
	                                     "PRIMARY KEY (uid));"),
	                      0);
	kp_buf text = {0};
	for (long i = 0; i < n; i++)
		statement(&text, i);
	kp_source w;
	kp_source_from_string(&w, "w.sql", text.data, text.len);
	kp_buf_free(&text);
	kp_arena a;
	kp_arena_init(&a);
	kp_diags d = {0};
	kp_advisor adv;
	kp_advisor_init(&adv, &t.cat, KP_TARGET_LINDORM, &a, &d);
	adv.merge = true;
	kp_pipe p;
	kp_pipe_init(&p, KP_TARGET_LINDORM);
	kp_pipe_borrow(&p, &t.cat, &p.own_opts);
	p.adv = &adv;
	kp_pipe_source(&p, &w, KP_ROLE_WORKLOAD);
	k.read = arena_used(&a) + arena_used(&p.arena);
	kp_advisor_run(&adv);
	k.run = arena_used(&a) + arena_used(&p.arena);
	for (uint32_t i = 0; i < adv.advice.n; i++)
		k.listed += ((const kp_advice *)adv.advice.items[i])->worse.n;
	k.records = adv.queries.n;
	k.stmts = adv.nat;
	kp_pipe_free(&p);
	kp_source_free(&w);
	kp_arena_free(&a);
	kpt_free(&t);
	return k;
}

/* Check's memory grows with a workload's shapes, not its statements: 10
 * times the statements of the same 48 shapes keep at most 12 bytes more a
 * statement once read (its place, two or three bytes, kp_advisor.at; an
 * insert's values, a few bytes each, kp_advisor.vlog), where each kept a record,
 * list entries and an insert its values' tree (about 300 bytes); and the
 * advisor's run adds nothing a statement but the places its advice lists
 * in `worse`, each statement made worse (docs/advice-json.md), at most 36
 * bytes each (32, and the places the rule listed as reads to rewrite that
 * the judge then takes out, an index of the recommendation serving them:
 * kept in the arena, no longer counted: 33 on this workload). */
static void test_kept_memory_grows_with_shapes_not_statements(void)
{
	const long n = 20000;
	kept small = kept_bytes(n), big = kept_bytes(10 * n);
	CU_ASSERT_EQUAL(small.stmts, n);
	CU_ASSERT_EQUAL(big.stmts, 10 * n);
	/* a record a shape (the inserts' records too), however many statements */
	CU_ASSERT_EQUAL(small.records, big.records);
	CU_ASSERT(small.records <= 48);
	size_t read = big.read - small.read, run = (big.run - big.read) - (small.run - small.read);
	uint32_t listed = big.listed - small.listed;
	printf("\n  read: %zu bytes more for %ld statements more (%zu a statement); run: %zu more for %u places "
	       "more listed (%zu each)\n",
	       read, 9 * n, read / (size_t)(9 * n), run, listed, listed ? run / listed : 0);
	CU_ASSERT(big.read >= small.read && read <= (size_t)(12 * 9 * n));
	CU_ASSERT(big.run - big.read >= small.run - small.read && run <= (size_t)36 * listed);
	/* the places listed are every statement made worse: about 10 times as many */
	CU_ASSERT(small.listed > 0 && big.listed >= 9 * small.listed && big.listed <= 10 * small.listed);
}

/* A key written again is found by reading the first one back from the
 * log of values: a row after the first of a multi-row insert, on two
 * tables, each reported once, at the insert that writes it again. */
static void test_a_key_written_again_is_read_back_from_the_log(void)
{
	run r;
	static const char *w = "INSERT INTO p (k, v) VALUES (1, 1), (2, 2);\n"
	                       "INSERT INTO q (k, v) VALUES (7, 1);\n"
	                       "INSERT INTO p (k, v) VALUES (3, 3);\n"
	                       "INSERT INTO q (k, v) VALUES (8, 1), (7, 2);\n"
	                       "INSERT INTO p (k, v) VALUES (4, 4), (2, 5);\n"
	                       "INSERT INTO p (k, v) VALUES (1, 6);\n";
	run_advisor(&r, "CREATE TABLE p (k BIGINT NOT NULL, v BIGINT, PRIMARY KEY (k));"
	                "CREATE TABLE q (k BIGINT NOT NULL, v BIGINT, PRIMARY KEY (k));",
	            w, KP_TARGET_LINDORM);
	uint32_t at[2], n = 0;
	const char *table[2];
	for (const kp_diag *g = r.d.head; g; g = g->next)
		if (g->rule == KP_R_NON_UNIQUE && n < 2) {
			at[n] = g->off;
			table[n++] = strstr(g->message, "key of q") ? "q" : "p";
		}
	CU_ASSERT_EQUAL_FATAL(n, 2);
	CU_ASSERT_STRING_EQUAL(table[0], "q");
	CU_ASSERT_EQUAL(at[0], (uint32_t)(strstr(w, "INSERT INTO q (k, v) VALUES (8") - w));
	CU_ASSERT_STRING_EQUAL(table[1], "p");
	CU_ASSERT_EQUAL(at[1], (uint32_t)(strstr(w, "INSERT INTO p (k, v) VALUES (4") - w));
	run_free(&r);
}

/* A heap table (no primary key, the generic target) has no key to write
 * twice: two inserts of the same row are no KP107 (an empty key was hashed
 * from a NULL buffer, and check crashed). */
static void test_a_heap_table_has_no_key_written_twice(void)
{
	feed f;
	kpt_init(&f.t);
	f.t.cat.heap_tables = true;   /* as the generic target reads a schema (lib/pipeline.c) */
	CU_ASSERT_EQUAL_FATAL(kpt_schema(&f.t, "CREATE TABLE h (a BIGINT, b BIGINT);"), 0);
	const char *text = "INSERT INTO h (a, b) VALUES (1, 2);\nINSERT INTO h (a, b) VALUES (1, 2);\n";
	feed_open(&f, KP_TARGET_GENERIC, true, true, text, strlen(text));
	kp_pipe_source(&f.p, &f.w, KP_ROLE_WORKLOAD);
	CU_ASSERT_EQUAL(f.adv.nat, 2);
	kp_advisor_run(&f.adv);
	for (const kp_diag *g = f.d.head; g; g = g->next)
		CU_ASSERT_NOT_EQUAL(g->rule, KP_R_NON_UNIQUE);
	for (uint32_t i = 0; i < f.adv.advice.n; i++)
		CU_ASSERT_STRING_NOT_EQUAL(((const kp_advice *)f.adv.advice.items[i])->kind, "unique_key");
	feed_close(&f);
}

KPT_SUITE("keep", NULL, NULL,
	{"statements alike share one tree, each keeps its place and an insert its values",
	 test_statements_alike_share_one_tree},
	{"without merge each statement is a record", test_without_merge_each_statement_is_a_record},
	{"alike statements merge when planned and weighed alike",
	 test_alike_statements_merge_when_planned_and_weighed_alike},
	{"a shared statement is named at its own line", test_shared_statements_are_named_at_their_own_line},
	{"every column's evidence from one walk", test_evidence_of_every_column_from_one_walk},
	{"inserts alike share one tree and keep their own values", test_inserts_alike_keep_their_own_values},
	{"a statement read again unlike is let go, counted and warned", test_a_statement_read_again_unlike_is_let_go},
	{"an insert let go leaves no values", test_an_insert_let_go_leaves_no_values},
	{"kept memory grows with shapes, not statements", test_kept_memory_grows_with_shapes_not_statements},
	{"a key written again is read back from the log", test_a_key_written_again_is_read_back_from_the_log},
	{"a heap table has no key written twice", test_a_heap_table_has_no_key_written_twice})
