/* Advisor: every rule with positive and negative cases, the documents'
 * examples, advice fed back through the planner, and the reordered-key
 * search against brute force. */
#include <stdlib.h>
#include <string.h>

#include "advisor.h"
#include "kp_test.h"

/* One advisor run over a schema and a workload. */
typedef struct run {
	kpt t;                  /* schema and arena */
	kp_arena a;             /* workload ASTs, advice */
	kp_source wsrc;         /* workload source */
	kp_diags d;             /* findings */
	kp_advisor adv;         /* advisor */
} run;

static void run_advisor(run *r, const char *schema, const char *workload, kp_target target)
{
	memset(r, 0, sizeof(*r));
	kpt_init(&r->t);
	CU_ASSERT_EQUAL(kpt_schema(&r->t, schema), 0);
	kp_arena_init(&r->a);
	kp_advisor_init(&r->adv, &r->t.cat, target, &r->a, &r->d);
	kp_source_from_string(&r->wsrc, "w.sql", workload, strlen(workload));
	kp_parser *p = kp_parser_new();
	size_t pos = 0;
	kp_stmt *s;
	kp_plan_opts o;
	kp_target_plan_opts(&o, target);
	while (kp_parse_next(p, &s, &r->wsrc, &pos, &r->a, &r->d)) {
		if (!s)
			continue;
		kp_plan plan;
		kp_plan_stmt(&plan, &r->t.cat, s, &o, &r->wsrc, &r->a, &r->d);
		kp_advise_statement(target, s, &r->wsrc, &r->a, &r->d);
		kp_advisor_add(&r->adv, s, &plan, &r->wsrc, 1);
	}
	kp_parser_free(p);
	kp_advisor_run(&r->adv);
}

static void run_free(run *r)
{
	kp_source_free(&r->wsrc);
	kp_arena_free(&r->a);
	kpt_free(&r->t);
}

static int count_rule(const run *r, kp_rule rule)
{
	int n = 0;
	for (const kp_diag *g = r->d.head; g; g = g->next)
		n += g->rule == rule;
	return n;
}

static const kp_advice *find_advice(const run *r, const char *kind)
{
	for (uint32_t i = 0; i < r->adv.advice.n; i++) {
		const kp_advice *x = r->adv.advice.items[i];
		if (!strcmp(x->kind, kind))
			return x;
	}
	return NULL;
}

static void expect_advice(const run *r, const char *kind, const char *key, const char *ddl)
{
	const kp_advice *x = find_advice(r, kind);
	CU_ASSERT_PTR_NOT_NULL(x);
	if (!x)
		return;
	if (key && strcmp(x->key, key))
		fprintf(stderr, "\n  %s key: got %s want %s\n", kind, x->key, key);
	if (key)
		CU_ASSERT_STRING_EQUAL(x->key, key);
	if (ddl && (!x->ddl || strcmp(x->ddl, ddl)))
		fprintf(stderr, "\n  %s ddl: got %s\n  want %s\n", kind, x->ddl ? x->ddl : "(null)", ddl);
	if (ddl)
		CU_ASSERT_STRING_EQUAL(x->ddl ? x->ddl : "", ddl);
}

static void test_hotspot_monotonic(void)
{
	run r;
	run_advisor(&r, "CREATE TABLE logs (ts TIMESTAMP, host VARCHAR(64), PRIMARY KEY (ts, host));", "", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_HOT_MONOTONIC), 1);
	expect_advice(&r, "hash_prefix", "[md5(ts).substr(0,4)][ts][host]",
	              "CREATE TABLE logs (ts TIMESTAMP NOT NULL, host VARCHAR(64) NOT NULL, PRIMARY KEY (hash32(ts), ts, host))");
	expect_advice(&r, "salt_buckets", "[bucket][ts][host]",
	              "CREATE TABLE logs (bucket INT NOT NULL, ts TIMESTAMP NOT NULL, host VARCHAR(64) NOT NULL, PRIMARY KEY (bucket, ts, host))");
	run_free(&r);
	/* Phoenix spells the salt its own way, and names the key constraint */
	run_advisor(&r, "CREATE TABLE logs (ts BIGINT, host VARCHAR(64), PRIMARY KEY (ts, host));", "", KP_TARGET_PHOENIX);
	expect_advice(&r, "salt_buckets", "[salt][ts][host]",
	              "CREATE TABLE logs (ts BIGINT NOT NULL, host VARCHAR(64) NOT NULL, CONSTRAINT pk PRIMARY KEY (ts, host)) "
	              "SALT_BUCKETS = 16");
	/* no hash32() in Phoenix keys: the hash is a column the writer fills */
	expect_advice(&r, "hash_prefix", "[md5(ts).substr(0,4)][ts][host]",
	              "CREATE TABLE logs (ts_hash VARCHAR(4) NOT NULL, ts BIGINT NOT NULL, host VARCHAR(64) NOT NULL, "
	              "CONSTRAINT pk PRIMARY KEY (ts_hash, ts, host))");
	const kp_advice *hx = find_advice(&r, "hash_prefix");
	CU_ASSERT_PTR_NOT_NULL(hx && strstr(hx->message, "hash_prefix: lead the key with ts_hash, the first 4 hex "
	                                                 "characters of md5(ts), written by the writer"));
	run_free(&r);
	/* the sharding document's AUTO_INCREMENT id */
	run_advisor(&r, "CREATE TABLE `tickets64` (`id` bigint(20) unsigned NOT NULL auto_increment, "
	                "`stub` char(1) NOT NULL default '', PRIMARY KEY (`id`), UNIQUE KEY `stub` (`stub`)) ENGINE=MyISAM;",
	            "", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_HOT_MONOTONIC), 1);
	CU_ASSERT_PTR_NOT_NULL(find_advice(&r, "global_id"));
	/* a MySQL ticket table is no Lindorm DDL */
	CU_ASSERT_PTR_NULL(find_advice(&r, "global_id")->ddl);
	run_free(&r);
	run_advisor(&r, "CREATE TABLE t (id BIGINT AUTO_INCREMENT, v INT, PRIMARY KEY (id));", "", KP_TARGET_PHOENIX);
	CU_ASSERT_PTR_NULL(find_advice(&r, "global_id")->ddl);
	CU_ASSERT_PTR_NOT_NULL(strstr(find_advice(&r, "global_id")->message, "CREATE SEQUENCE"));
	run_free(&r);
	run_advisor(&r, "CREATE TABLE t (id BIGINT AUTO_INCREMENT, v INT, PRIMARY KEY (id));", "", KP_TARGET_GENERIC);
	CU_ASSERT_PTR_NOT_NULL(strstr(find_advice(&r, "global_id")->ddl, "CREATE TABLE tickets64"));
	run_free(&r);
	/* the documents' good designs */
	run_advisor(&r, "CREATE TABLE o (userid VARCHAR(64), orderid BIGINT, PRIMARY KEY (userid, orderid));"
	                "CREATE TABLE e (id BIGINT, v INT, PRIMARY KEY (hash32(id), id));", "", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_HOT_MONOTONIC), 0);
	CU_ASSERT_PTR_NULL(r.d.head);
	run_free(&r);
}

static void test_hotspot_enum_and_prefix(void)
{
	run r;
	run_advisor(&r, "CREATE TABLE a (order_type VARCHAR(8), id2 BIGINT, PRIMARY KEY (order_type, id2));"
	                "CREATE TABLE b (active BOOLEAN, x BIGINT, PRIMARY KEY (active, x));"
	                "CREATE TABLE c (phone VARCHAR(20), ts2 BIGINT, PRIMARY KEY (phone, ts2));", "", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_HOT_ENUM), 2);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_HOT_PREFIX), 1);
	expect_advice(&r, "reverse_key", "[reverse(phone)][ts2]", NULL);
	run_free(&r);
}

static void test_key_shape(void)
{
	run r;
	run_advisor(&r, "CREATE TABLE k4 (a BIGINT, b BIGINT, c BIGINT, d BIGINT, PRIMARY KEY (a, b, c, d));"
	                "CREATE TABLE k3 (a VARCHAR(8), b VARCHAR(8), c VARCHAR(8), PRIMARY KEY (a, b, c));"
	                "CREATE TABLE s (name VARCHAR, x INT, PRIMARY KEY (name));"
	                "CREATE TABLE n (day VARCHAR(10), x INT, PRIMARY KEY (day, x));", "", KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_MANY_KEY_COLUMNS), 1);
	/* k4: 32 fixed-width bytes; s: no length bound */
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_LONG_KEY), 2);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_NUMERIC_STRING), 1);
	expect_advice(&r, "numeric_key", "[day][x]",
	              "CREATE TABLE n (day BIGINT NOT NULL, x INT NOT NULL, PRIMARY KEY (day, x))");
	CU_ASSERT_PTR_NOT_NULL(find_advice(&r, "fewer_key_columns"));
	CU_ASSERT_PTR_NOT_NULL(find_advice(&r, "shorten_key"));
	run_free(&r);
}

static void test_families(void)
{
	run r;
	run_advisor(&r, "CREATE TABLE f (k BIGINT, `f1:a` INT, `f2:b` INT, `f3:c` INT, `f4:d` INT, PRIMARY KEY (k));",
	            "", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_MANY_FAMILIES), 1);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_TARGET), 1);   /* lindorm: at most 3 */
	run_free(&r);
	run_advisor(&r, "CREATE TABLE f (k BIGINT, `f1:a` INT, `f2:b` INT, PRIMARY KEY (k));", "", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_MANY_FAMILIES), 0);
	run_free(&r);
}

static void test_target_limits(void)
{
	run r;
	run_advisor(&r, "CREATE TABLE t6 (a INT, b INT, c INT, d INT, e INT, f INT, PRIMARY KEY (a, b, c, d, e, f));"
	                "CREATE TABLE tj (a JSON, b VARBINARY(8), c INT, PRIMARY KEY (a, b, c));", "", KP_TARGET_LINDORM);
	/* 6 parts; JSON in the key; VARBINARY not last */
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_TARGET), 3);
	run_free(&r);
	run_advisor(&r, "CREATE TABLE ts (a INT, b VARCHAR(2000), c BIGINT, d BIGINT, e BIGINT, PRIMARY KEY (a, b, c, d, e));",
	            "", KP_TARGET_TABLESTORE);
	/* 5 columns; INT; VARCHAR(2000) */
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_TARGET), 3);
	run_free(&r);
	run_advisor(&r, "CREATE TABLE p (a BIGINT, PRIMARY KEY (a)) SALT_BUCKETS = 300;", "", KP_TARGET_PHOENIX);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_TARGET), 1);
	run_free(&r);
	run_advisor(&r, "CREATE TABLE p (a BIGINT, PRIMARY KEY (a)) SALT_BUCKETS = 16;", "", KP_TARGET_PHOENIX);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_TARGET), 0);
	run_free(&r);
}

static void test_statement_limits(void)
{
	kp_buf in = {0};
	kp_buf_puts(&in, "SELECT * FROM t WHERE a IN (");
	for (int i = 0; i < 2001; i++)
		kp_buf_printf(&in, "%s%d", i ? ", " : "", i);
	kp_buf_puts(&in, ");\nSELECT * FROM t WHERE a = 1 LIMIT 20000;\nSELECT * FROM t WHERE a = 1 ORDER BY b;\n"
	                 "SELECT * FROM t WHERE a = 1 ORDER BY b LIMIT 10;\n");
	run r;
	run_advisor(&r, "CREATE TABLE t (a BIGINT, b BIGINT, PRIMARY KEY (a, b));", in.data, KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_TARGET), 3);
	run_free(&r);
	run_advisor(&r, "CREATE TABLE t (a BIGINT, b BIGINT, PRIMARY KEY (a, b));", in.data, KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_TARGET), 0);
	run_free(&r);
	kp_buf_free(&in);
}

/* An advised index table, fed back through the planner, serves the query. */
static void test_index_table_feedback(void)
{
	const char *schema = "CREATE TABLE trades (seller_id BIGINT, buyer_id BIGINT, ts BIGINT, order_number BIGINT, "
	                     "price INT, PRIMARY KEY (seller_id, ts, order_number));";
	const char *q = "SELECT * FROM trades WHERE buyer_id = 7 AND ts BETWEEN 1 AND 9";
	run r;
	run_advisor(&r, schema, q, KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_UNSERVED), 1);
	expect_advice(&r, "index_table", "[buyer_id][ts][seller_id][order_number]", NULL);
	const kp_advice *x = find_advice(&r, "index_table");
	CU_ASSERT_EQUAL(x ? x->serves : -1, 1);
	kpt t2;
	kpt_init(&t2);
	CU_ASSERT_EQUAL(kpt_schema(&t2, x ? x->ddl : ""), 0);
	kp_buf q2 = {0};
	kp_buf_printf(&q2, "SELECT * FROM trades_by_buyer_id_ts WHERE buyer_id = 7 AND ts BETWEEN 1 AND 9");
	kpt_plan(&t2, q2.data);
	CU_ASSERT_STRING_EQUAL(t2.access, "scan");
	kp_buf_free(&q2);
	kpt_free(&t2);
	/* the same key as a secondary index */
	x = find_advice(&r, "secondary_index");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_STRING_EQUAL(x->ddl, "CREATE INDEX idx_trades_buyer_id_ts ON trades (buyer_id, ts) INCLUDE (price)");
	kpt t3;
	kpt_init(&t3);
	kpt_schema(&t3, schema);
	CU_ASSERT_EQUAL(kpt_schema(&t3, x->ddl), 0);
	kpt_plan(&t3, q);
	CU_ASSERT_STRING_EQUAL(t3.access, "scan");
	CU_ASSERT_PTR_NOT_NULL(t3.plan.index);
	kpt_free(&t3);
	run_free(&r);
}

static void test_desc_key(void)
{
	const char *schema = "CREATE TABLE m (host VARCHAR(64), ts BIGINT, v INT, PRIMARY KEY (host, ts));";
	run r;
	run_advisor(&r, schema, "SELECT * FROM m WHERE host = 'a' ORDER BY ts DESC LIMIT 10;"
	                        "SELECT * FROM m WHERE host = 'b' ORDER BY ts DESC LIMIT 5;"
	                        "SELECT * FROM m WHERE host = 'b' ORDER BY ts LIMIT 5;", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_DESC_KEY), 1);
	expect_advice(&r, "desc_key", "[host][ts DESC]",
	              "CREATE TABLE m (host VARCHAR(64) NOT NULL, ts BIGINT NOT NULL, v INT, PRIMARY KEY (host, ts DESC))");
	const kp_advice *x = find_advice(&r, "desc_key");
	CU_ASSERT_EQUAL(x ? x->serves : -1, 2);
	run_free(&r);
	run_advisor(&r, schema, "SELECT * FROM m WHERE host = 'a' ORDER BY ts DESC LIMIT 10;"
	                        "SELECT * FROM m WHERE host = 'b' ORDER BY ts LIMIT 5;"
	                        "SELECT * FROM m WHERE host = 'b' ORDER BY ts LIMIT 5;", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_DESC_KEY), 0);
	run_free(&r);
}

static void test_unique_key(void)
{
	const char *schema = "CREATE TABLE o (userid VARCHAR(64), amount INT, PRIMARY KEY (userid));";
	run r;
	run_advisor(&r, schema, "INSERT INTO o (userid, amount) VALUES ('a', 1);"
	                        "INSERT INTO o (userid, amount) VALUES ('a', 2);", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_NON_UNIQUE), 1);
	run_free(&r);
	run_advisor(&r, schema, "SELECT * FROM o WHERE userid = 'a' ORDER BY amount LIMIT 10;", KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_NON_UNIQUE), 1);
	CU_ASSERT_PTR_NOT_NULL(find_advice(&r, "unique_key"));
	run_free(&r);
	run_advisor(&r, schema, "INSERT INTO o (userid, amount) VALUES ('a', 1), ('b', 2);"
	                        "SELECT * FROM o WHERE userid = 'a';", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_NON_UNIQUE), 0);
	run_free(&r);
}

static uint64_t rng = 88172645463325252ull;
static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

/* The reordered-key search against brute force on random small workloads:
 * the advice (or its absence) must match the best order found by planning
 * every query under every order. */
static void test_reorder_brute_force(void)
{
	static const char *cols[] = {"a", "b", "c", "d"};
	int improved = 0;
	for (int round = 0; round < 60; round++) {
		int n = 2 + (int)rnd(3);
		kp_buf schema = {0}, work = {0};
		kp_buf_puts(&schema, "CREATE TABLE t (");
		for (int i = 0; i < n; i++)
			kp_buf_printf(&schema, "%s BIGINT, ", cols[i]);
		kp_buf_puts(&schema, "v INT, PRIMARY KEY (");
		for (int i = 0; i < n; i++)
			kp_buf_printf(&schema, "%s%s", i ? ", " : "", cols[i]);
		kp_buf_puts(&schema, "));");
		int nq = 2 + (int)rnd(6);
		for (int q = 0; q < nq; q++) {
			kp_buf_puts(&work, "SELECT * FROM t WHERE v = 0");
			for (int i = 0; i < n; i++) {
				uint32_t k = rnd(4);
				if (k == 1)
					kp_buf_printf(&work, " AND %s = %d", cols[i], (int)rnd(5));
				else if (k == 2)
					kp_buf_printf(&work, " AND %s > %d", cols[i], (int)rnd(5));
			}
			kp_buf_puts(&work, ";\n");
		}
		/* v = 0 makes every query filtered; drop it so some are served */
		char *w = work.data;
		for (char *p; (p = strstr(w, "v = 0 AND ")) != NULL;)
			memmove(p, p + 10, strlen(p + 10) + 1);
		for (char *p; (p = strstr(w, "WHERE v = 0;")) != NULL;)
			memcpy(p, "LIMIT   1;  ", 12);
		run r;
		run_advisor(&r, schema.data, w, KP_TARGET_GENERIC);
		/* brute force */
		const kp_table *t = kp_catalog_find(&r.t.cat, "t", 1);
		int perm[4] = {0, 1, 2, 3}, best = -1, current = -1;
		kp_arena scratch;
		kp_arena_init(&scratch);
		int idx[4];
		for (int i = 0; i < n; i++)
			idx[i] = i;
		/* enumerate all orders of n columns */
		int total_perms = 1;
		for (int i = 2; i <= n; i++)
			total_perms *= i;
		for (int pi = 0; pi < total_perms; pi++) {
			/* the pi-th permutation (factorial number system) */
			int pool[4], m = n, x = pi;
			memcpy(pool, idx, sizeof pool);
			for (int i = 0; i < n; i++) {
				int f = 1;
				for (int j = 2; j < m; j++)
					f *= j;
				int k = x / f;
				x %= f;
				perm[i] = pool[k];
				memmove(pool + k, pool + k + 1, sizeof(int) * (size_t)(m - k - 1));
				m--;
			}
			kp_table h = *t;
			kp_key_part parts[4];
			for (int i = 0; i < n; i++)
				parts[i] = t->pk.parts[perm[i]];
			h.pk.parts = parts;
			int served = 0;
			for (uint32_t qi = 0; qi < r.adv.queries.n; qi++) {
				const kp_wquery *q = r.adv.queries.items[qi];
				kp_plan p;
				kp_diags d = {0};
				kp_plan_opts o = {.never_reject = true};
				kp_plan_on_table(&p, &h, q->stmt, &o, q->src, &scratch, &d);
				served += p.access == KP_ACCESS_GET || p.access == KP_ACCESS_SCAN;
			}
			if (pi == 0)
				current = served;
			if (served > best)
				best = served;
		}
		kp_arena_free(&scratch);
		const kp_advice *x = find_advice(&r, "reorder_key");
		if (best > current) {
			improved++;
			CU_ASSERT_PTR_NOT_NULL(x);
			if (x)
				CU_ASSERT_EQUAL(x->serves, best);
		} else {
			CU_ASSERT_PTR_NULL(x);
		}
		run_free(&r);
		kp_buf_free(&schema);
		kp_buf_free(&work);
	}
	/* the random workloads must exercise the search, not only its absence */
	printf("\n  reorder: %d of 60 workloads have a better key\n", improved);
	CU_ASSERT_TRUE(improved >= 10);
}

/* Keys of more than 6 columns: the greedy search, which must find an order
 * where a column serves only together with the next one, and must not lead
 * with a hotspot column without saying so. */
static void test_reorder_greedy(void)
{
	run r;
	run_advisor(&r, "CREATE TABLE w (a BIGINT, b BIGINT, c BIGINT, d BIGINT, e BIGINT, f BIGINT, g BIGINT, h BIGINT, "
	                "v INT, PRIMARY KEY (a, b, c, d, e, f, g, h));",
	            "SELECT * FROM w WHERE h = 1 AND g = 2;"
	            "SELECT * FROM w WHERE h = 1 AND g = 3 AND f > 4;"
	            "SELECT * FROM w WHERE h = 2;"
	            "SELECT * FROM w WHERE a = 1;", KP_TARGET_GENERIC);
	expect_advice(&r, "reorder_key", "[h][g][f][a][b][c][d][e]",
	              "CREATE TABLE w (a BIGINT NOT NULL, b BIGINT NOT NULL, c BIGINT NOT NULL, d BIGINT NOT NULL, "
	              "e BIGINT NOT NULL, f BIGINT NOT NULL, g BIGINT NOT NULL, h BIGINT NOT NULL, v INT, "
	              "PRIMARY KEY (h, g, f, a, b, c, d, e))");
	const kp_advice *x = find_advice(&r, "reorder_key");
	CU_ASSERT_EQUAL(x ? x->serves : -1, 3);
	CU_ASSERT_EQUAL(x ? x->of : -1, 4);
	run_free(&r);
	run_advisor(&r, "CREATE TABLE w (created_at TIMESTAMP, a BIGINT, b BIGINT, c BIGINT, d BIGINT, e BIGINT, f BIGINT, "
	                "v INT, PRIMARY KEY (a, b, c, d, e, f, created_at));",
	            "SELECT * FROM w WHERE created_at = 1;"
	            "SELECT * FROM w WHERE created_at = 2 AND f = 1;"
	            "SELECT * FROM w WHERE f = 3 AND e = 1;", KP_TARGET_GENERIC);
	x = find_advice(&r, "reorder_key");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_STRING_EQUAL(x->key, "[f][created_at][e][a][b][c][d]");
	CU_ASSERT_STRING_EQUAL(x->message, "reorder_key: [f][created_at][e][a][b][c][d]; leading with created_at would "
	                                   "serve more, but it is a write hotspot; migration: a key cannot change in "
	                                   "place: create the new table, copy the rows of w, switch over; served 0 -> 1 "
	                                   "of 3 weight");
	run_free(&r);
	/* 40 key columns: not searched (and no overflow) */
	kp_buf schema = {0};
	kp_buf_puts(&schema, "CREATE TABLE z (");
	for (int i = 0; i < 40; i++)
		kp_buf_printf(&schema, "c%d BIGINT, ", i);
	kp_buf_puts(&schema, "PRIMARY KEY (");
	for (int i = 0; i < 40; i++)
		kp_buf_printf(&schema, "%sc%d", i ? ", " : "", i);
	kp_buf_puts(&schema, "));");
	run_advisor(&r, schema.data, "SELECT * FROM z WHERE c39 = 1;", KP_TARGET_GENERIC);
	CU_ASSERT_PTR_NULL(find_advice(&r, "reorder_key"));
	CU_ASSERT_PTR_NOT_NULL(find_advice(&r, "index_table"));
	run_free(&r);
	kp_buf_free(&schema);
}

/* Is there a finding of this rule with exactly this message? */
static bool has_finding(const run *r, kp_rule rule, const char *msg)
{
	for (const kp_diag *g = r->d.head; g; g = g->next)
		if (g->rule == rule && !strcmp(g->message, msg))
			return true;
	return false;
}

static void test_more_statement_checks(void)
{
	run r;
	run_advisor(&r, "CREATE TABLE t (a BIGINT, b VARCHAR, c BINARY(4), d INT, PRIMARY KEY (a, b, c));",
	            "SELECT * FROM t WHERE a = 1 LIMIT 5 OFFSET 20000;"
	            "SELECT * FROM t WHERE a = 1 LIMIT 99999999999999999999;"
	            "UPDATE t SET d = 1 WHERE a = 1 ORDER BY b;"
	            "INSERT INTO t VALUES (1, 'x', 'y', 2);"
	            "INSERT INTO t (a, b, c, d) VALUES (1, 'x', 'y', 2), (1, 'x', 'y', 3);"
	            "UPSERT INTO t (a, b, c, d) VALUES (5, 'x', 'y', 2);"
	            "UPSERT INTO t (a, b, c, d) VALUES (5, 'x', 'y', 2);"
	            "INSERT INTO t (a, d) VALUES (7, 1);"
	            "INSERT INTO t (a, d) VALUES (7, 1);", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_TARGET), 3);
	CU_ASSERT_TRUE(has_finding(&r, KP_R_TARGET, "OFFSET 20000; lindorm allows at most 10000"));
	CU_ASSERT_TRUE(has_finding(&r, KP_R_TARGET, "LIMIT 99999999999999999999; lindorm allows at most 10000"));
	CU_ASSERT_TRUE(has_finding(&r, KP_R_TARGET, "ORDER BY without LIMIT; lindorm requires a LIMIT with ORDER BY"));
	CU_ASSERT_TRUE(has_finding(&r, KP_R_LONG_KEY,
	                           "key column 'b' of t has no length bound; keep key values short (well under 2 KB)"));
	/* two rows of one INSERT with one key: once; UPSERTs overwrite on purpose; rows
	 * without every key column tell nothing */
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_NON_UNIQUE), 1);
	run_free(&r);
	/* tablestore key types */
	run_advisor(&r, "CREATE TABLE t (a BIGINT, b VARCHAR(100), c VARBINARY(10), PRIMARY KEY (a, b, c));"
	                "CREATE TABLE u (a BINARY(2000), b DOUBLE, PRIMARY KEY (a, b));", "", KP_TARGET_TABLESTORE);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_TARGET), 2);
	CU_ASSERT_TRUE(has_finding(&r, KP_R_TARGET, "key column 'a' of u: tablestore key columns are BIGINT, "
	                                            "VARCHAR(n <= 1024) or VARBINARY(n <= 1024)"));
	CU_ASSERT_TRUE(has_finding(&r, KP_R_TARGET, "key column 'b' of u: tablestore key columns are BIGINT, "
	                                            "VARCHAR(n <= 1024) or VARBINARY(n <= 1024)"));
	run_free(&r);
	/* phoenix salt buckets: a number from 1 to 256 */
	run_advisor(&r, "CREATE TABLE p (a BIGINT, PRIMARY KEY (a)) SALT_BUCKETS = abc;"
	                "CREATE TABLE q (a BIGINT, PRIMARY KEY (a)) SALT_BUCKETS = 0;"
	                "CREATE TABLE s (a BIGINT, PRIMARY KEY (a)) SALT_BUCKETS = 256;", "", KP_TARGET_PHOENIX);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_TARGET), 2);
	CU_ASSERT_TRUE(has_finding(&r, KP_R_TARGET, "SALT_BUCKETS = abc on p; phoenix allows 1 to 256"));
	CU_ASSERT_TRUE(has_finding(&r, KP_R_TARGET, "SALT_BUCKETS = 0 on q; phoenix allows 1 to 256"));
	run_free(&r);
}

/* Key widths from the declared types. */
static void test_key_widths(void)
{
	run r;
	run_advisor(&r, "CREATE TABLE w1 (a TINYINT, b SMALLINT, c MEDIUMINT, d FLOAT, e DATE, f CHAR(9), g BOOLEAN, "
	                "PRIMARY KEY (a, b, c, d, e, f, g));"
	                "CREATE TABLE w2 (a BYTE, b SHORT, c INTEGER, d BINARY(3), f DOUBLE, g BOOL, h TIMESTAMP, "
	                "PRIMARY KEY (a, b, c, d, f, g, h));"
	                "CREATE TABLE w3 (a CHAR, b BINARY, c BIGINT, PRIMARY KEY (a, b, c));"
	                "CREATE TABLE w4 (a INT, b VARCHAR(3000), PRIMARY KEY (a, b));", "", KP_TARGET_GENERIC);
	CU_ASSERT_TRUE(has_finding(&r, KP_R_LONG_KEY, "the key of w1 is 25 bytes wide; HBase advises keys of 16 bytes "
	                                              "or less (every cell stores its key)"));
	CU_ASSERT_TRUE(has_finding(&r, KP_R_LONG_KEY, "the key of w2 is 27 bytes wide; HBase advises keys of 16 bytes "
	                                              "or less (every cell stores its key)"));
	CU_ASSERT_TRUE(has_finding(&r, KP_R_LONG_KEY, "key column 'b' of w4 may hold 3000 bytes; keep key values "
	                                              "under 2 KB"));
	/* w3: CHAR and BINARY without a length are one byte each, 10 in all */
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_LONG_KEY), 3);
	run_free(&r);
}

/* A workload over many tables with many query shapes each: the per-table
 * buckets, the shape and proposal tables grow past their first sizes, and
 * every count stays exact. */
static void test_workload_at_scale(void)
{
	kp_buf schema = {0}, work = {0};
	for (int t = 0; t < 30; t++) {
		kp_buf_printf(&schema, "CREATE TABLE t%d (a BIGINT, b BIGINT", t);
		for (int i = 0; i < 20; i++)
			kp_buf_printf(&schema, ", c%d BIGINT", i);
		kp_buf_puts(&schema, ", PRIMARY KEY (a, b));");
		for (int i = 0; i < 20; i++)
			kp_buf_printf(&work, "SELECT a FROM t%d WHERE c%d = %d;SELECT a FROM t%d WHERE c%d = %d;", t, i, i, t, i,
			              i + 1);
		kp_buf_printf(&work, "SELECT * FROM t%d WHERE a = 1;", t);
	}
	run r;
	run_advisor(&r, schema.data, work.data, KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_UNSERVED), 1200);
	int tables = 0, indexes = 0;
	const kp_advice *last = NULL;
	for (uint32_t i = 0; i < r.adv.advice.n; i++) {
		const kp_advice *x = r.adv.advice.items[i];
		tables += !strcmp(x->kind, "index_table");
		if (!strcmp(x->kind, "secondary_index")) {
			indexes++;
			last = x;
		}
	}
	CU_ASSERT_EQUAL(tables, 600);
	CU_ASSERT_EQUAL(indexes, 600);
	CU_ASSERT_PTR_NOT_NULL_FATAL(last);
	CU_ASSERT_STRING_EQUAL(last->ddl, "CREATE INDEX idx_t29_c19 ON t29 (c19)");
	CU_ASSERT_EQUAL(last->serves, 2);
	CU_ASSERT_EQUAL(last->of, 2);
	kp_table_summary *sums;
	int n = kp_advisor_summary(&r.adv, &sums);
	CU_ASSERT_EQUAL_FATAL(n, 30);
	CU_ASSERT_EQUAL(sums[29].before[1], 1);
	CU_ASSERT_EQUAL(sums[29].before[3], 40);
	CU_ASSERT_EQUAL(sums[29].after[1], 41);
	CU_ASSERT_EQUAL(sums[29].after[3], 0);
	run_free(&r);
	kp_buf_free(&schema);
	kp_buf_free(&work);
}

static void test_targets_syntax(void)
{
	run r;
	/* Tablestore: no hash functions, the hash goes into the partition key */
	run_advisor(&r, "CREATE TABLE o (order_number BIGINT, v INT, PRIMARY KEY (order_number));", "", KP_TARGET_TABLESTORE);
	const kp_advice *x = find_advice(&r, "hash_prefix");
	CU_ASSERT_PTR_NOT_NULL_FATAL(x);
	CU_ASSERT_STRING_EQUAL(x->ddl, "CREATE TABLE o (order_number_hash VARCHAR(4) NOT NULL, order_number BIGINT NOT NULL, "
	                               "v INT, PRIMARY KEY (order_number_hash, order_number))");
	CU_ASSERT_PTR_NOT_NULL(strstr(x->message, "lead the partition key with order_number_hash"));
	expect_advice(&r, "salt_buckets", "[bucket][order_number]",
	              "CREATE TABLE o (bucket BIGINT NOT NULL, order_number BIGINT NOT NULL, v INT, PRIMARY KEY (bucket, order_number))");
	run_free(&r);
	/* Phoenix: a table already salted is spread: no hotspot, no second salt */
	run_advisor(&r, "CREATE TABLE p (created_at BIGINT, f.a INT, PRIMARY KEY (created_at)) SALT_BUCKETS = 8;", "",
	            KP_TARGET_PHOENIX);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_HOT_MONOTONIC), 0);
	CU_ASSERT_PTR_NULL(find_advice(&r, "salt_buckets"));
	run_free(&r);
	/* families as cf.col, the existing salt kept in DDL */
	run_advisor(&r, "CREATE TABLE p (day VARCHAR(8), f.a INT, PRIMARY KEY (day)) SALT_BUCKETS = 8;", "",
	            KP_TARGET_PHOENIX);
	expect_advice(&r, "numeric_key", "[day]",
	              "CREATE TABLE p (day BIGINT NOT NULL, f.a INT, CONSTRAINT pk PRIMARY KEY (day)) SALT_BUCKETS = 8");
	run_free(&r);
	/* fixed-width keys of narrow types stay short; a long CHAR key does not */
	run_advisor(&r, "CREATE TABLE n1 (a TINYINT, b SMALLINT, c INT, d DATE, PRIMARY KEY (a, b, c)); "
	                "CREATE TABLE n2 (a CHAR(40), PRIMARY KEY (a));", "", KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_LONG_KEY), 1);
	run_free(&r);
}

static void test_unserved_shapes(void)
{
	const char *schema = "CREATE TABLE t (a BIGINT, b BIGINT, c VARCHAR(8), d BIGINT, v INT, PRIMARY KEY (a, b));";
	run r;
	run_advisor(&r, schema,
	            "SELECT v FROM t WHERE c IN ('x', 'y') AND d BETWEEN 1 AND 5;"
	            "SELECT v FROM t WHERE c = 'x' AND 1 < d < 5;"
	            "SELECT v FROM t WHERE c LIKE 'ab%' ORDER BY c DESC LIMIT 5;"
	            "SELECT v FROM t WHERE d = 3 ORDER BY c LIMIT 5;"
	            "UPDATE t SET v = 1 WHERE c = 'z';"
	            "DELETE FROM t WHERE d > 9 LIMIT 20000;"
	            "SELECT v FROM t WHERE md5(c) = 'x';", KP_TARGET_LINDORM);
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_UNSERVED), 6);   /* md5(c): nothing a key could bind */
	CU_ASSERT_EQUAL(count_rule(&r, KP_R_TARGET), 1);   /* LIMIT 20000 on the DELETE */
	int tables = 0;
	for (uint32_t i = 0; i < r.adv.advice.n; i++) {
		const kp_advice *x = r.adv.advice.items[i];
		if (!strcmp(x->kind, "index_table"))
			tables++;
	}
	/* [c][d][a][b] serves the first two, [c DESC][a][b] the LIKE and the UPDATE (its
	 * ASC twin [c][a][b] is the same index read the other way), [d][c][a][b] the
	 * fourth, [d][a][b] the DELETE; md5(c) binds nothing */
	CU_ASSERT_EQUAL(tables, 4);
	const char *names[] = {"t_by_c_d", "t_by_c_desc", "t_by_d_c", "t_by_d"};
	int k = 0;
	for (uint32_t i = 0; i < r.adv.advice.n; i++) {
		const kp_advice *x = r.adv.advice.items[i];
		if (!strcmp(x->kind, "index_table") && k < 4) {
			char want[64];
			snprintf(want, sizeof want, "CREATE TABLE %s (", names[k++]);
			CU_ASSERT_EQUAL(strncmp(x->ddl, want, strlen(want)), 0);
		}
	}
	kp_table_summary *sums;
	int n = kp_advisor_summary(&r.adv, &sums);
	CU_ASSERT_EQUAL(n, 1);
	CU_ASSERT_EQUAL(sums[0].before[3], 7);
	CU_ASSERT_EQUAL(sums[0].after[3], 1);   /* md5(c) stays a full scan */
	run_free(&r);
}

int main(void)
{
	CU_initialize_registry();
	CU_pSuite s = CU_add_suite("advisor", NULL, NULL);
	CU_add_test(s, "monotonic leading column", test_hotspot_monotonic);
	CU_add_test(s, "enum and shared-prefix leading column", test_hotspot_enum_and_prefix);
	CU_add_test(s, "key size and shape", test_key_shape);
	CU_add_test(s, "column families", test_families);
	CU_add_test(s, "target schema limits", test_target_limits);
	CU_add_test(s, "target statement limits", test_statement_limits);
	CU_add_test(s, "index table fed back through the planner", test_index_table_feedback);
	CU_add_test(s, "DESC key column", test_desc_key);
	CU_add_test(s, "unique key", test_unique_key);
	CU_add_test(s, "reordered key against brute force", test_reorder_brute_force);
	CU_add_test(s, "reordered key, greedy search", test_reorder_greedy);
	CU_add_test(s, "more statement checks", test_more_statement_checks);
	CU_add_test(s, "a workload at scale", test_workload_at_scale);
	CU_add_test(s, "key widths", test_key_widths);
	CU_add_test(s, "fix syntax per target", test_targets_syntax);
	CU_add_test(s, "unserved query shapes", test_unserved_shapes);
	return kpt_run();
}
