/* SQLite as the oracle. A WITHOUT ROWID table is clustered by its primary
 * key like a wide-column store, so for random schemas, rows and queries:
 *   rows:  the rows SQLite returns are exactly the rows inside keyplan's
 *          ranges that pass keyplan's residual filter (run in SQLite), and
 *          none lies outside the ranges;
 *   plans: where SQLite's EXPLAIN QUERY PLAN searches the primary key with
 *          an equality prefix, keyplan binds at least that prefix; where
 *          keyplan scans the whole table, SQLite scans too (queries with
 *          COLLATE NOCASE are left out of this comparison: see below).
 * KP_ORACLE_SEED and KP_ORACLE_QUERIES replay or widen a run; a failure
 * prints the seed, the schema and the query. */
#include <inttypes.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp_test.h"

static uint64_t rng;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

static const char *STRS[] = {"", "a", "ab", "abc", "abd", "b", "ba", "bb", "c", "\xc3\xa9", "\xc3\xa9" "a", "a'b"};
static const char *LIKES[] = {"a%", "ab%", "b%", "\xc3\xa9%", "a_%", "%b", "abc", "%", "a'%"};
static const char *GLOBS[] = {"a*", "ab*", "b*", "\xc3\xa9*", "a?*", "*b", "abc", "*", "a[b]*", "A*"};
#define NSTRS (sizeof STRS / sizeof STRS[0])

typedef struct schema {
	int nkey;               /* key columns k0..k{nkey-1} */
	int is_text[4];         /* key column i is TEXT */
	int desc[4];            /* key column i is DESC */
} schema;

static void put_str(kp_buf *b, const char *s)
{
	kp_buf_putc(b, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			kp_buf_putc(b, '\'');
		kp_buf_putc(b, *s);
	}
	kp_buf_putc(b, '\'');
}

/* A constant for a column: text or integer (sometimes a real). */
static void constant(kp_buf *b, int text)
{
	if (text)
		put_str(b, STRS[rnd(NSTRS)]);
	else if (rnd(10) == 0)
		kp_buf_printf(b, "%d.5", (int)rnd(5));
	else
		kp_buf_printf(b, "%d", (int)rnd(7) - 1);
}

/* column name and whether it holds text; key columns more often */
static int pick_col(const schema *s, kp_buf *b)
{
	if (rnd(5) == 0) {
		int v = (int)rnd(2);
		kp_buf_printf(b, "v%d", v);
		return v;
	}
	int k = (int)rnd((uint32_t)s->nkey);
	kp_buf_printf(b, "k%d", k);
	return s->is_text[k];
}

static void gen_expr(const schema *s, kp_buf *b, int depth)
{
	static const char *ops[] = {"=", "<", "<=", ">", ">=", "<>", "="};
	uint32_t r = depth > 0 ? rnd(14) : rnd(9);
	switch (r) {
	case 0: case 1: case 2: {
		int text = pick_col(s, b);
		if (text && rnd(10) == 0)
			kp_buf_puts(b, rnd(2) ? " COLLATE NOCASE" : " COLLATE BINARY");
		kp_buf_printf(b, " %s ", ops[rnd(7)]);
		constant(b, text);
		break;
	}
	case 3: {
		int text = pick_col(s, b);
		kp_buf_puts(b, rnd(4) ? " BETWEEN " : " NOT BETWEEN ");
		constant(b, text);
		kp_buf_puts(b, " AND ");
		constant(b, text);
		break;
	}
	case 4: {
		int text = pick_col(s, b);
		kp_buf_puts(b, rnd(4) ? " IN (" : " NOT IN (");
		/* mostly short lists; now and then one long enough for the
		 * planner's sorted lookup of single values (8 or more) */
		int n = rnd(8) ? (int)rnd(4) : 8 + (int)rnd(9);
		for (int i = 0; i < n; i++) {
			if (i)
				kp_buf_puts(b, ", ");
			constant(b, text);
		}
		kp_buf_putc(b, ')');
		break;
	}
	case 5: {
		int k = (int)rnd((uint32_t)s->nkey);
		if (!s->is_text[k]) {
			/* the documents' chained comparison */
			constant(b, 0);
			kp_buf_printf(b, " %s k%d %s ", rnd(2) ? "<" : "<=", k, rnd(2) ? "<" : "<=");
			constant(b, 0);
		} else {
			if (rnd(3)) {
				kp_buf_printf(b, "k%d %s", k, rnd(4) ? " LIKE " : " NOT LIKE ");
				put_str(b, LIKES[rnd(sizeof LIKES / sizeof LIKES[0])]);
			} else {
				kp_buf_printf(b, "k%d %s", k, rnd(4) ? " GLOB " : " NOT GLOB ");
				put_str(b, GLOBS[rnd(sizeof GLOBS / sizeof GLOBS[0])]);
			}
		}
		break;
	}
	case 6: {
		int text = pick_col(s, b);
		uint32_t k = rnd(4);
		if (k < 2) {
			static const char *forms[][2] = {{" IS NULL", " ISNULL"}, {" IS NOT NULL", " NOTNULL"}};
			kp_buf_puts(b, forms[k][rnd(2)]);
		} else {
			kp_buf_puts(b, k == 2 ? " IS " : " IS NOT ");
			constant(b, text);
		}
		break;
	}
	case 7:
		if (s->nkey >= 2) {
			kp_buf_printf(b, "(k0, k1) %s (", ops[rnd(6)]);
			constant(b, s->is_text[0]);
			kp_buf_puts(b, ", ");
			constant(b, s->is_text[1]);
			kp_buf_putc(b, ')');
		} else {
			kp_buf_puts(b, "k0 = ");
			constant(b, s->is_text[0]);
		}
		break;
	case 8: {
		/* equality on the leading column: the common case */
		kp_buf_puts(b, "k0 = ");
		constant(b, s->is_text[0]);
		break;
	}
	case 9: case 10: case 11: {
		kp_buf_putc(b, '(');
		gen_expr(s, b, depth - 1);
		kp_buf_puts(b, r == 11 ? " OR " : " AND ");
		gen_expr(s, b, depth - 1);
		kp_buf_putc(b, ')');
		break;
	}
	case 12:
		kp_buf_puts(b, "NOT (");
		gen_expr(s, b, depth - 1);
		kp_buf_putc(b, ')');
		break;
	default:
		gen_expr(s, b, depth - 1);
		kp_buf_puts(b, " AND ");
		gen_expr(s, b, depth - 1);
	}
}

static sqlite3 *db;
static long plan_checks;   /* queries whose SQLite plan was compared */

static long long count(const char *sql, int *err)
{
	sqlite3_stmt *st;
	long long n = -1;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
		fprintf(stderr, "sqlite: %s\n  %s\n", sqlite3_errmsg(db), sql);
		*err = 1;
		return -1;
	}
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return n;
}

static void exec(const char *sql)
{
	char *msg = NULL;
	if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		fprintf(stderr, "sqlite: %s\n  %s\n", msg, sql);
		sqlite3_free(msg);
		exit(2);
	}
}

/* The key ranges as an SQL predicate over the key columns. */
static void ranges_sql(kp_buf *b, const kp_plan *p)
{
	if (p->nranges == 0) {
		kp_buf_puts(b, "0");
		return;
	}
	kp_buf_putc(b, '(');
	for (int i = 0; i < p->nranges; i++) {
		const kp_range *r = &p->ranges[i];
		kp_buf_puts(b, i ? " OR (1" : "(1");
		for (int j = 0; j < r->neq; j++) {
			kp_buf_printf(b, " AND %s = ", p->table->cols[p->key->parts[j].col].name);
			kp_value_sql(b, &r->eq[j]);
		}
		if (r->has_range) {
			const char *c = p->table->cols[p->key->parts[r->neq].col].name;
			if (r->lo.set) {
				kp_buf_printf(b, " AND %s %s ", c, r->lo.incl ? ">=" : ">");
				kp_value_sql(b, &r->lo);
			}
			if (r->hi.set) {
				kp_buf_printf(b, " AND %s %s ", c, r->hi.incl ? "<=" : "<");
				kp_value_sql(b, &r->hi);
			}
		}
		kp_buf_putc(b, ')');
	}
	kp_buf_putc(b, ')');
}

/* SQLite's equality prefix on the primary key, or -1 when it scans, or -2
 * when the plan is something else (several searches, a temp b-tree ...). */
static int sqlite_eq_prefix(const char *where)
{
	char sql[8192];
	snprintf(sql, sizeof sql, "EXPLAIN QUERY PLAN SELECT * FROM t WHERE %s", where);
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return -2;
	int lines = 0, result = -2;
	while (sqlite3_step(st) == SQLITE_ROW) {
		const char *d = (const char *)sqlite3_column_text(st, 3);
		lines++;
		if (strncmp(d, "SCAN t", 6) == 0)
			result = -1;
		else if (strncmp(d, "SEARCH t USING PRIMARY KEY (", 28) == 0) {
			int n = 0;
			for (const char *q = d + 28; (q = strstr(q, "=?")) != NULL; q += 2)
				n++;
			result = n;
		}
	}
	sqlite3_finalize(st);
	return lines == 1 ? result : -2;
}

static int check_query(kpt *t, const schema *sc, const char *ddl, const char *query, uint64_t seed)
{
	kpt_plan(t, query);
	const kp_plan *p = &t->plan;
	if (!p->table || p->access == KP_ACCESS_NONE) {
		fprintf(stderr, "FAIL seed=%" PRIu64 ": no plan (%s)\n  %s\n  %s\n", seed,
		        t->d.head ? t->d.head->message : "?", ddl, query);
		return 1;
	}
	kp_buf w = {0}, r = {0}, f = {0}, sql = {0};
	kp_expr_to_sql(&w, p->stmt->u.select.where);
	ranges_sql(&r, p);
	if (p->filter.n)
		kp_filter_sql(&f, p);
	else
		kp_buf_puts(&f, "1");
	int err = 0, fail = 0;
	kp_buf_printf(&sql, "SELECT count(*) FROM t WHERE ((%s) IS 1) <> (%s AND ((%s) IS 1))",
	              w.data, r.data, f.data);
	long long bad = count(sql.data, &err);
	if (err || bad != 0) {
		fprintf(stderr, "FAIL seed=%" PRIu64 ": %lld rows differ\n  schema: %s\n  query:  %s\n"
		        "  ranges: %s\n  filter: %s\n  plan:   %s\n", seed, bad, ddl, query, r.data, f.data, t->text);
		fail = 1;
	}
	/* plans: keyplan binds at least SQLite's equality prefix */
	/* a NOCASE comparison is no byte range for a wide-column store, while
	 * SQLite plans it its own ways (OR-to-IN, case variants): a legitimate
	 * difference, kept out of the plan comparison (rows are still checked) */
	int sq = strstr(query, "NOCASE") ? -2 : sqlite_eq_prefix(w.data);
	if (sq >= -1)
		plan_checks++;
	if (!fail && sq >= 0 && p->nranges > 0 && p->access != KP_ACCESS_FULL) {
		for (int i = 0; i < p->nranges; i++)
			if (p->ranges[i].neq < sq) {
				fprintf(stderr, "FAIL seed=%" PRIu64 ": SQLite binds %d key columns, keyplan %d\n"
				        "  schema: %s\n  query:  %s\n  plan:   %s\n", seed, sq, p->ranges[i].neq,
				        ddl, query, t->text);
				fail = 1;
				break;
			}
	}
	if (!fail && p->access == KP_ACCESS_FULL && sq >= 0) {
		fprintf(stderr, "FAIL seed=%" PRIu64 ": keyplan scans the table but SQLite searches the key\n"
		        "  schema: %s\n  query:  %s\n", seed, ddl, query);
		fail = 1;
	}
	(void)sc;
	kp_buf_free(&w);
	kp_buf_free(&r);
	kp_buf_free(&f);
	kp_buf_free(&sql);
	return fail;
}

static void test_oracle(void)
{
	const char *env = getenv("KP_ORACLE_SEED");
	uint64_t seed0 = env ? strtoull(env, NULL, 10) : 20261122;
	env = getenv("KP_ORACLE_QUERIES");
	long total = env ? strtol(env, NULL, 10) : 20000;
	long done = 0, failures = 0;
	for (uint64_t round = 0; done < total && failures < 5; round++) {
		rng = seed0 * 1000003u + round * 7919u + 1;
		uint64_t round_seed = rng;
		schema sc;
		sc.nkey = 1 + (int)rnd(4);
		kp_buf ddl = {0};
		kp_buf_puts(&ddl, "CREATE TABLE t (");
		for (int i = 0; i < sc.nkey; i++) {
			sc.is_text[i] = (int)rnd(2);
			sc.desc[i] = rnd(3) == 0;
			kp_buf_printf(&ddl, "k%d %s NOT NULL, ", i, sc.is_text[i] ? "VARCHAR(8)" : "BIGINT");
		}
		kp_buf_puts(&ddl, "v0 BIGINT, v1 VARCHAR(8), PRIMARY KEY (");
		for (int i = 0; i < sc.nkey; i++)
			kp_buf_printf(&ddl, "%sk%d%s", i ? ", " : "", i, sc.desc[i] ? " DESC" : "");
		kp_buf_puts(&ddl, "))");

		sqlite3_open(":memory:", &db);
		exec("PRAGMA case_sensitive_like = ON");
		kp_buf lite = {0};
		kp_buf_printf(&lite, "%s WITHOUT ROWID", ddl.data);
		exec(lite.data);
		for (int n = 0; n < 60; n++) {
			kp_buf ins = {0};
			kp_buf_puts(&ins, "INSERT OR IGNORE INTO t VALUES (");
			for (int i = 0; i < sc.nkey; i++) {
				if (sc.is_text[i])
					put_str(&ins, STRS[rnd(NSTRS)]);
				else
					kp_buf_printf(&ins, "%d", (int)rnd(6));
				kp_buf_puts(&ins, ", ");
			}
			if (rnd(4) == 0)
				kp_buf_puts(&ins, "NULL, ");
			else
				kp_buf_printf(&ins, "%d, ", (int)rnd(6));
			if (rnd(4) == 0)
				kp_buf_puts(&ins, "NULL)");
			else
				put_str(&ins, STRS[rnd(NSTRS)]), kp_buf_putc(&ins, ')');
			exec(ins.data);
			kp_buf_free(&ins);
		}
		kpt t;
		kpt_init(&t);
		if (kpt_schema(&t, ddl.data) != 0) {
			fprintf(stderr, "FAIL: keyplan rejects the schema %s\n", ddl.data);
			failures++;
		}
		for (int q = 0; q < 200 && done < total && failures < 5; q++, done++) {
			kp_buf query = {0};
			kp_buf_puts(&query, "SELECT * FROM t WHERE ");
			gen_expr(&sc, &query, 3);
			failures += check_query(&t, &sc, ddl.data, query.data, round_seed);
			kp_buf_free(&query);
		}
		kpt_free(&t);
		sqlite3_close(db);
		kp_buf_free(&ddl);
		kp_buf_free(&lite);
	}
	printf("\n  oracle: %ld queries, %ld plans compared, %ld failures (KP_ORACLE_SEED=%" PRIu64 ")\n", done, plan_checks, failures, seed0);
	CU_ASSERT_EQUAL(failures, 0);
	CU_ASSERT_EQUAL(done, total);
}

int main(void)
{
	CU_initialize_registry();
	CU_pSuite s = CU_add_suite("oracle", NULL, NULL);
	CU_add_test(s, "keyplan's ranges and filters against SQLite", test_oracle);
	return kpt_run();
}
