/* keyplan digest: the log readers and their hostile input, the top-k
 * sketch and its stated error, grouping by the project's fingerprint as
 * logs present statements, and the merge (shards merged equal one pass). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "kp_test.h"
#include "tools/digest/digest.h"
#include "tools/digest/json.h"
#include "tools/digest/topk.h"

static char dir[] = "/tmp/kp_digest_XXXXXX";
static char path_buf[512];
static kp_pipe pipe_;
static kp_source schema_src;

static const char schema[] =
	"CREATE TABLE orders (user_id VARCHAR, order_id BIGINT, status VARCHAR, note VARCHAR,"
	" PRIMARY KEY (user_id, order_id));\n"
	"CREATE TABLE users_1 (id BIGINT, name VARCHAR, PRIMARY KEY (id));\n"
	"CREATE TABLE users_2 (id BIGINT, name VARCHAR, PRIMARY KEY (id));\n";

static int setup(void)
{
	if (!mkdtemp(dir))
		return 1;
	kp_pipe_init(&pipe_, KP_TARGET_LINDORM);
	kp_source_from_string(&schema_src, "schema.sql", schema, strlen(schema));
	kp_pipe_source(&pipe_, &schema_src, KP_ROLE_SCHEMA);
	return 0;
}

static int teardown(void)
{
	kp_pipe_free(&pipe_);
	kp_source_free(&schema_src);
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) != 0;
}

static const char *write_file(const char *name, const char *text, size_t len)
{
	snprintf(path_buf, sizeof path_buf, "%s/%s", dir, name);
	FILE *f = fopen(path_buf, "wb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fwrite(text, 1, len, f);
	fclose(f);
	return path_buf;
}

static const char *write_str(const char *name, const char *text)
{
	return write_file(name, text, strlen(text));
}

/* Digests path into dg (initialised by the caller), as format f. */
static int digest_into(kp_digest *dg, const char *path, kp_logfmt f, double rate)
{
	kp_digest_log log = {.path = path, .format = f, .sample_rate = rate};
	char *err = NULL;
	int rc = kp_digest_add_log(dg, &pipe_, true, &log, &err);
	if (err)
		fprintf(stderr, "\n  %s\n", err);
	free(err);
	return rc;
}

static kp_dshape *shape_with(const kp_digest *dg, const char *sql)
{
	for (size_t i = 0; i < dg->cap; i++) {
		kp_dshape *s = dg->tab[i];
		for (int e = 0; s && e < s->nex; e++)
			if (!strcmp(s->ex[e].sql, sql))
				return s;
	}
	return NULL;
}

static const kp_topk_item *hot_value(const kp_dshape *s, const char *column, const char *value)
{
	for (int h = 0; s && h < s->nhot; h++) {
		if (strcmp(s->hot[h].column, column))
			continue;
		for (uint32_t i = 0; i < s->hot[h].tk.n_items; i++)
			if (!strcmp(s->hot[h].tk.items[i].value, value))
				return &s->hot[h].tk.items[i];
	}
	return NULL;
}

/* ---- the sketch ---- */

static void test_topk_counts_within_stated_error(void)
{
	/* value i occurs 1000 / (i + 1) times, interleaved, k = 4 */
	kp_topk t;
	kp_topk_init(&t, 4);
	uint64_t truth[40] = {0};
	char v[8];
	for (int round = 0; round < 1000; round++)
		for (int i = 0; i < 40; i++)
			if (round % (i + 1) == 0) {
				snprintf(v, sizeof v, "v%d", i);
				kp_topk_add(&t, v, strlen(v));
				truth[i]++;
			}
	uint64_t n = 0;
	for (int i = 0; i < 40; i++)
		n += truth[i];
	CU_ASSERT_EQUAL(t.n, n);
	uint64_t err = kp_topk_err(&t);
	CU_ASSERT(err <= n / 5);
	CU_ASSERT(t.n_items <= 4);
	for (uint32_t j = 0; j < t.n_items; j++) {
		int i = atoi(t.items[j].value + 1);
		CU_ASSERT(t.items[j].count <= truth[i]);
		CU_ASSERT(t.items[j].count + err >= truth[i]);
	}
	/* every value more frequent than the error is kept */
	for (int i = 0; i < 40; i++) {
		if (truth[i] <= err)
			continue;
		bool kept = false;
		snprintf(v, sizeof v, "v%d", i);
		for (uint32_t j = 0; j < t.n_items; j++)
			kept |= !strcmp(t.items[j].value, v);
		CU_ASSERT(kept);
	}
	kp_topk_sort(&t);
	ASSERT_STR(t.items[0].value, "v0");
	kp_topk_free(&t);
}

static void test_topk_merge_of_shards_within_stated_error(void)
{
	/* a skewed stream cut in 3 shards, each sketched, then merged */
	kp_topk shard[3], all;
	kp_topk_init(&all, 5);
	for (int s = 0; s < 3; s++)
		kp_topk_init(&shard[s], 5);
	uint64_t truth[200] = {0};
	unsigned x = 12345;
	char v[8];
	for (int i = 0; i < 30000; i++) {
		x = x * 1103515245 + 12345;
		unsigned r = (x >> 16) % 1000;
		int val = r < 500 ? (int)(r % 3) : (int)(r % 200);  /* 0, 1, 2 hot */
		truth[val]++;
		snprintf(v, sizeof v, "%d", val);
		kp_topk_add(&shard[i * 3 / 30000], v, strlen(v));
	}
	for (int s = 0; s < 3; s++)
		kp_topk_merge(&all, &shard[s]);
	CU_ASSERT_EQUAL(all.n, 30000);
	uint64_t err = kp_topk_err(&all);
	CU_ASSERT(err <= 30000 / 6);
	kp_topk_sort(&all);
	CU_ASSERT(all.n_items <= 5);
	for (uint32_t j = 0; j < all.n_items; j++) {
		int val = atoi(all.items[j].value);
		CU_ASSERT(all.items[j].count <= truth[val]);
		CU_ASSERT(all.items[j].count + err >= truth[val]);
	}
	for (int hot = 0; hot < 3; hot++) {
		snprintf(v, sizeof v, "%d", hot);
		bool kept = false;
		for (uint32_t j = 0; j < 3; j++)
			kept |= !strcmp(all.items[j].value, v);
		CU_ASSERT(kept);
	}
	for (int s = 0; s < 3; s++)
		kp_topk_free(&shard[s]);
	kp_topk_free(&all);
}

static void test_topk_long_value_kept_cut(void)
{
	kp_topk t;
	kp_topk_init(&t, 2);
	char big[1000];
	memset(big, 'x', sizeof big);
	kp_topk_add(&t, big, sizeof big);
	CU_ASSERT_EQUAL(t.n_items, 1);
	CU_ASSERT_EQUAL(t.items[0].len, KP_TOPK_MAX_VALUE);
	CU_ASSERT_EQUAL(t.items[0].cut, 1);
	kp_topk_free(&t);
}

/* ---- JSON and times ---- */

static void test_json_errors_are_located(void)
{
	kp_arena a;
	kp_arena_init(&a);
	size_t off;
	const char *err;
	CU_ASSERT_PTR_NULL(kp_json_parse(&a, "{\"a\": 1,}", 9, &off, &err));
	ASSERT_STR(err, "expected a member name");
	CU_ASSERT_EQUAL(off, 8);
	CU_ASSERT_PTR_NULL(kp_json_parse(&a, "{\"a\": \"x", 8, &off, &err));
	ASSERT_STR(err, "unterminated string");
	CU_ASSERT_EQUAL(off, 6);
	char deep[200];
	memset(deep, '[', sizeof deep);
	CU_ASSERT_PTR_NULL(kp_json_parse(&a, deep, sizeof deep, &off, &err));
	ASSERT_STR(err, "nested too deeply");
	CU_ASSERT_EQUAL(off, KP_JSON_MAX_DEPTH);
	const char *ok = "{\"s\": \"a\\u00e9\\ud83d\\ude00\", \"n\": 18446744073709551615}";
	kp_json *v = kp_json_parse(&a, ok, strlen(ok), &off, &err);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	ASSERT_STR(kp_json_get(v, "s")->s, "a\xc3\xa9\xf0\x9f\x98\x80");
	uint64_t u;
	CU_ASSERT(kp_json_u64(kp_json_get(v, "n"), &u));
	CU_ASSERT_EQUAL(u, UINT64_MAX);
	kp_arena_free(&a);
}

static void test_log_times_in_each_format(void)
{
	int64_t us;
	CU_ASSERT(kp_log_time("2024-01-02T03:04:05.123456Z", 27, &us));
	CU_ASSERT_EQUAL(us, 1704164645123456LL);
	CU_ASSERT(kp_log_time("240102  3:04:05", 15, &us));
	CU_ASSERT_EQUAL(us, 1704164645000000LL);
	CU_ASSERT(kp_log_time("2024-01-02 03:04:05.5+08:00", 27, &us));
	CU_ASSERT_EQUAL(us, 1704135845500000LL);
	CU_ASSERT(kp_log_time("1704164645123", 13, &us));
	CU_ASSERT_EQUAL(us, 1704164645123000LL);
	CU_ASSERT(kp_log_time("1704164645", 10, &us));
	CU_ASSERT_EQUAL(us, 1704164645000000LL);
	CU_ASSERT(!kp_log_time("2024-13-02 03:04:05", 19, &us));
	CU_ASSERT(!kp_log_time("yesterday", 9, &us));
	uint64_t s;
	CU_ASSERT(kp_log_seconds("0.000123", 8, &s));
	CU_ASSERT_EQUAL(s, 123);
	CU_ASSERT(kp_log_seconds("2.5", 3, &s));
	CU_ASSERT_EQUAL(s, 2500000);
	CU_ASSERT(!kp_log_seconds("-1", 2, &s));
}

/* ---- grouping, as logs present statements ---- */

/* Digests the lines of text as a statement-per-line log and returns how
 * many shapes they make. */
static size_t shapes_of(const char *text)
{
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	CU_ASSERT_EQUAL(digest_into(&dg, write_str("g.log", text), KP_LOG_LINES, 1), 0);
	uint64_t skipped = 0;
	for (int i = 0; i < KP_SKIP__COUNT; i++)
		skipped += dg.skipped[i];
	CU_ASSERT_EQUAL(skipped, 0);
	size_t n = dg.n;
	kp_digest_free(&dg);
	return n;
}

static void test_literal_values_group_types_do_not(void)
{
	CU_ASSERT_EQUAL(shapes_of("SELECT * FROM orders WHERE user_id = 'a' AND order_id = 1;\n"
	                          "SELECT * FROM orders WHERE user_id = 'zz' AND order_id = 99;\n"), 1);
	CU_ASSERT_EQUAL(shapes_of("SELECT * FROM orders WHERE user_id = 'a' AND order_id = 1;\n"
	                          "SELECT * FROM orders WHERE user_id = 'a' AND order_id = 1.5;\n"
	                          "SELECT * FROM orders WHERE user_id = 'a' AND order_id = '1';\n"
	                          "SELECT * FROM orders WHERE user_id = 'a' AND order_id = NULL;\n"
	                          "SELECT * FROM orders WHERE user_id = 'a' AND order_id = TRUE;\n"), 5);
	CU_ASSERT_EQUAL(shapes_of("SELECT * FROM orders WHERE user_id = 'a' AND order_id IS NULL;\n"
	                          "SELECT * FROM orders WHERE user_id = 'b' AND order_id IS NOT NULL;\n"), 2);
}

static void test_in_lists_of_one_and_3000(void)
{
	size_t cap = 64 * 1024;
	char *text = malloc(cap);
	size_t n = 0;
	n += (size_t)snprintf(text + n, cap - n, "SELECT * FROM users_1 WHERE id IN (1);\n"
	                                         "SELECT * FROM users_1 WHERE id IN (7);\n");
	for (int list = 0; list < 2; list++) {
		n += (size_t)snprintf(text + n, cap - n, "SELECT * FROM users_1 WHERE id IN (");
		for (int i = 0; i < 3000; i++)
			n += (size_t)snprintf(text + n, cap - n, "%s%d", i ? "," : "", i * (list + 1));
		n += (size_t)snprintf(text + n, cap - n, ");\n");
	}
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	CU_ASSERT_EQUAL(digest_into(&dg, write_file("in.log", text, n), KP_LOG_LINES, 1), 0);
	/* one shape for the lists of one, one for the lists of 3,000 */
	CU_ASSERT_EQUAL(dg.n, 2);
	kp_dshape *one = shape_with(&dg, "SELECT * FROM users_1 WHERE id IN (1)");
	CU_ASSERT_PTR_NOT_NULL_FATAL(one);
	CU_ASSERT_EQUAL(one->count, 2);
	ASSERT_STR(one->access, "get");
	kp_digest_free(&dg);
	free(text);
}

static void test_like_prefix_and_infix_apart(void)
{
	CU_ASSERT_EQUAL(shapes_of("SELECT * FROM orders WHERE user_id LIKE 'ab%';\n"
	                          "SELECT * FROM orders WHERE user_id LIKE 'xyz%';\n"), 1);
	CU_ASSERT_EQUAL(shapes_of("SELECT * FROM orders WHERE user_id LIKE 'ab%';\n"
	                          "SELECT * FROM orders WHERE user_id LIKE '%ab%';\n"), 2);
}

static void test_contradiction_shares_its_shape_and_plan_class(void)
{
	/* literal values are not in the shape, so a contradiction shares one
	 * with a satisfiable statement */
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	CU_ASSERT_EQUAL(digest_into(&dg, write_str("c.log",
		"SELECT * FROM users_1 WHERE id = 1 AND id = 1;\n"
		"SELECT * FROM users_1 WHERE id = 1 AND id = 2;\n"), KP_LOG_LINES, 1), 0);
	kp_dshape *s = shape_with(&dg, "SELECT * FROM users_1 WHERE id = 1 AND id = 1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(dg.n, 1);
	CU_ASSERT_EQUAL(s->count, 2);
	/* both are GETs of one key (the contradiction reads nothing): the plan
	 * kept is right for both */
	ASSERT_STR(s->access, "get");
	CU_ASSERT(!s->varies);
	kp_digest_free(&dg);
}

static void test_comments_whitespace_and_keyword_case_dropped(void)
{
	CU_ASSERT_EQUAL(shapes_of("SELECT * FROM orders WHERE user_id = 'a' AND order_id = 1;\n"
	                          "select  *  from orders /* from the app */ where user_id='b' and order_id=2;\n"
	                          "SeLeCt * FROM orders WHERE user_id = 'c' AND order_id = 3; -- trailing\n"), 1);
}

static void test_names_with_digits_and_quoted_names_stay_apart(void)
{
	CU_ASSERT_EQUAL(shapes_of("SELECT name FROM users_1 WHERE id = 1;\n"
	                          "SELECT name FROM users_2 WHERE id = 1;\n"), 2);
	/* Lindorm compares names byte for byte: a quoted name with capitals is
	 * another name than the plain one */
	CU_ASSERT_EQUAL(shapes_of("SELECT name FROM users_1 WHERE id = 1;\n"
	                          "SELECT \"Name\" FROM users_1 WHERE id = 3;\n"), 2);
	/* and the same name quoted is the same name: one shape */
	CU_ASSERT_EQUAL(shapes_of("SELECT name FROM users_1 WHERE id = 1;\n"
	                          "SELECT \"name\" FROM \"users_1\" WHERE id = 3;\n"), 1);
	/* another table, another shape, though the statements read alike */
	CU_ASSERT_EQUAL(shapes_of("SELECT name FROM users_1 WHERE id = 1;\n"
	                          "SELECT name FROM users_1 WHERE id = 2;\n"
	                          "SELECT name FROM users_2 WHERE id = 3;\n"), 2);
}

static void test_parameter_styles(void)
{
	/* a parameter is one type of value, whatever its style, and not a literal */
	CU_ASSERT_EQUAL(shapes_of("SELECT name FROM users_1 WHERE id = ?;\n"
	                          "SELECT name FROM users_1 WHERE id = ?1;\n"
	                          "SELECT name FROM users_1 WHERE id = :id;\n"
	                          "SELECT name FROM users_1 WHERE id = $1;\n"), 1);
	CU_ASSERT_EQUAL(shapes_of("SELECT name FROM users_1 WHERE id = ?;\n"
	                          "SELECT name FROM users_1 WHERE id = 5;\n"), 2);
}

static void test_same_shape_from_two_log_formats(void)
{
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	CU_ASSERT_EQUAL(digest_into(&dg, write_str("a.log", "SELECT * FROM orders WHERE user_id = 'a' AND order_id = 1;\n"),
	                            KP_LOG_AUTO, 1), 0);
	CU_ASSERT_EQUAL(digest_into(&dg, write_str("b.log",
		"# Time: 2024-01-02T03:04:05.000000Z\n"
		"# Query_time: 0.25  Lock_time: 0.0 Rows_sent: 1  Rows_examined: 1\n"
		"select *\n  from orders\n  where user_id = 'b' and order_id = 2;\n"), KP_LOG_AUTO, 1), 0);
	CU_ASSERT_EQUAL(digest_into(&dg, write_str("c.json",
		"{\"sql_query_s\": \"SELECT * FROM orders WHERE user_id = ? AND order_id = ?\", \"params\": [\"c\", 3],"
		" \"query_start_time\": 1704164700000, \"duration_ms\": 12, \"rows_scanned\": 1}\n"), KP_LOG_AUTO, 1), 0);
	ASSERT_STR(dg.inputs[0].format, "lines");
	ASSERT_STR(dg.inputs[1].format, "mysql-slow");
	ASSERT_STR(dg.inputs[2].format, "lindorm-json");
	/* the literal statements are one shape; the parameterised one another */
	CU_ASSERT_EQUAL(dg.n, 2);
	kp_dshape *s = shape_with(&dg, "SELECT * FROM orders WHERE user_id = 'a' AND order_id = 1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(s->count, 2);
	CU_ASSERT_EQUAL(s->ex[1].line, 3);
	ASSERT_STR(s->ex[1].sql, "select *\n  from orders\n  where user_id = 'b' and order_id = 2");
	CU_ASSERT_EQUAL(s->time_us.n, 1);
	CU_ASSERT_EQUAL(s->time_us.sum, 250000);
	CU_ASSERT(s->has_ts);
	CU_ASSERT_EQUAL(s->first_us, 1704164645000000LL);
	kp_dshape *p = shape_with(&dg, "SELECT * FROM orders WHERE user_id = ? AND order_id = ?");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(p->time_us.sum, 12000);
	CU_ASSERT_EQUAL(p->rows_scanned.sum, 1);
	CU_ASSERT_EQUAL(p->first_us, 1704164700000000LL);
	/* the log's bind parameters are the hot values */
	const kp_topk_item *c = hot_value(p, "user_id", "c");
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_EQUAL(c->count, 1);
	CU_ASSERT_PTR_NOT_NULL(hot_value(p, "order_id", "3"));
	kp_digest_free(&dg);
}

static void test_phoenix_csv_with_parameters_and_sampling(void)
{
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	const char *csv =
		"'QUERY_ID','QUERY','BIND_PARAMETERS','START_TIME','TOTAL_EXECUTION_TIME','NO_OF_RESULTS_ITERATED'\n"
		"'q1','SELECT * FROM orders WHERE user_id = ? AND order_id = ?','[u1, 5]','2024-01-02 03:04:05.000','7','1'\n"
		"'q2','SELECT *\nFROM orders WHERE user_id = ? AND order_id = ?','u1,6','2024-01-02 03:04:06.000','3','1'\n"
		"'q3','SELECT * FROM orders WHERE note = ''it''''s''','','2024-01-02 03:04:07.000','900','0'\n"
		"'q4','cut short\n";
	CU_ASSERT_EQUAL(digest_into(&dg, write_str("p.csv", csv), KP_LOG_AUTO, 0.1), 0);
	ASSERT_STR(dg.inputs[0].format, "phoenix-csv");
	CU_ASSERT_EQUAL(dg.statements, 3);
	CU_ASSERT_DOUBLE_EQUAL(dg.estimated, 30, 1e-9);
	CU_ASSERT_EQUAL(dg.n, 2);
	kp_dshape *s = shape_with(&dg, "SELECT * FROM orders WHERE user_id = ? AND order_id = ?");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(s->count, 2);
	CU_ASSERT_DOUBLE_EQUAL(s->estimated, 20, 1e-9);
	CU_ASSERT_EQUAL(s->ex[1].line, 3);
	CU_ASSERT_EQUAL(s->time_us.sum, 10000);
	CU_ASSERT_EQUAL(s->first_us, 1704164645000000LL);
	CU_ASSERT_EQUAL(s->last_us, 1704164646000000LL);
	const kp_topk_item *u1 = hot_value(s, "user_id", "u1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(u1);
	CU_ASSERT_EQUAL(u1->count, 2);
	CU_ASSERT_PTR_NOT_NULL(shape_with(&dg, "SELECT * FROM orders WHERE note = 'it''s'"));
	/* the second record's parameters bound order_id 6 */
	CU_ASSERT_PTR_NOT_NULL(hot_value(s, "order_id", "6"));
	/* the record cut short by the end of the file is located */
	CU_ASSERT_EQUAL(dg.skipped[KP_SKIP_DAMAGED], 1);
	CU_ASSERT_EQUAL(dg.skips[0].line, 6);
	ASSERT_STR(dg.skips[0].detail, "a quoted field not closed before the end of the file");
	kp_digest_free(&dg);
}

/* ---- hostile logs ---- */

static void test_hostile_lines_located_and_counted(void)
{
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	const char text[] =
		"SELECT * FROM users_1 WHERE id = 1;\n"
		"SELECT * FROM users_1 WHERE id = \0\1\2;\n"             /* binary */
		"SELECT * FROM users_1 WHERE name = 'caf\xe9';\n"        /* Latin-1 */
		"SELECT * FROM users_1 WHERE name = '\xb2\xe2\xca\xd4';\n" /* GBK */
		"SELECT * FROM users_1 WHERE name = '\xe6\xb5\x8b\xe8\xaf\x95';\n" /* UTF-8 */
		"SELECT * FROM users_1 WHERE id = (1;\n"                 /* truncated */
		"-- a comment, no statement\n"
		"SELECT * FROM users_1 WHERE id = 2";                    /* no end of line */
	CU_ASSERT_EQUAL(digest_into(&dg, write_file("h.log", text, sizeof text - 1), KP_LOG_LINES, 1), 0);
	CU_ASSERT_EQUAL(dg.statements, 3);
	CU_ASSERT_EQUAL(dg.skipped[KP_SKIP_BINARY], 1);
	CU_ASSERT_EQUAL(dg.skipped[KP_SKIP_ENCODING], 2);
	CU_ASSERT_EQUAL(dg.skipped[KP_SKIP_NOT_SQL], 1);
	CU_ASSERT_EQUAL(dg.skipped[KP_SKIP_NO_STATEMENT], 1);
	CU_ASSERT_EQUAL_FATAL(dg.nskips, 5);
	CU_ASSERT_EQUAL(dg.skips[4].line, 7);
	CU_ASSERT_EQUAL(dg.skips[0].line, 2);
	ASSERT_STR(dg.skips[0].detail, "control byte 0x00 at byte 34 of the line");
	CU_ASSERT_EQUAL(dg.skips[1].line, 3);
	ASSERT_STR(dg.skips[1].detail, "byte 0xe9 at byte 40 is not UTF-8");
	CU_ASSERT_EQUAL(dg.skips[2].line, 4);
	CU_ASSERT_EQUAL(dg.skips[3].line, 6);
	CU_ASSERT_EQUAL(dg.skips[3].why, KP_SKIP_NOT_SQL);
	kp_digest_free(&dg);
}

static void test_over_long_line_skipped_in_bounded_memory(void)
{
	/* a line past the longest kept, then a statement that is still read */
	size_t big = KP_LOG_MAX_LINE + 1000;
	char *text = malloc(big + 200);
	memcpy(text, "SELECT * FROM users_1 WHERE id = 1;\n", 36);
	memset(text + 36, 'x', big);
	size_t n = 36 + big;
	n += (size_t)sprintf(text + n, "\nSELECT * FROM users_1 WHERE id = 2;\n");
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	CU_ASSERT_EQUAL(digest_into(&dg, write_file("long.log", text, n), KP_LOG_LINES, 1), 0);
	free(text);
	CU_ASSERT_EQUAL(dg.statements, 2);
	CU_ASSERT_EQUAL(dg.skipped[KP_SKIP_TOO_LONG], 1);
	CU_ASSERT_EQUAL(dg.skips[0].line, 2);
	kp_dshape *s = shape_with(&dg, "SELECT * FROM users_1 WHERE id = 1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(s->ex[1].line, 3);
	kp_digest_free(&dg);
}

static void test_truncated_gzip_keeps_what_was_read(void)
{
	/* 2,000 statements compressed, the file cut in the middle */
	snprintf(path_buf, sizeof path_buf, "%s/cut.log.gz", dir);
	gzFile gz = gzopen(path_buf, "wb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gz);
	for (int i = 0; i < 2000; i++)
		gzprintf(gz, "SELECT * FROM users_1 WHERE id = %d;\n", i * 7919 % 100003);
	gzclose(gz);
	FILE *f = fopen(path_buf, "rb");
	char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	char full[600];
	snprintf(full, sizeof full, "%s", path_buf);
	write_file("cut.log.gz", buf, n / 2);
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	CU_ASSERT_EQUAL(digest_into(&dg, full, KP_LOG_AUTO, 1), 0);
	CU_ASSERT(dg.statements > 0 && dg.statements < 2000);
	CU_ASSERT_EQUAL(dg.skipped[KP_SKIP_DAMAGED], 1);
	CU_ASSERT_EQUAL_FATAL(dg.nskips, 1);
	CU_ASSERT_EQUAL(dg.skips[0].why, KP_SKIP_DAMAGED);
	kp_digest_free(&dg);
}

static void test_small_gzip_lines_outgrow_its_buffer(void)
{
	/* under 64 KB compressed, so read through the small file's buffers:
	 * a statement of 300,000 bytes (the line buffer grows), one past the
	 * longest line kept (read to its end and skipped), then a statement
	 * that is still read, on line 3 */
	snprintf(path_buf, sizeof path_buf, "%s/small.log.gz", dir);
	char full[600];
	snprintf(full, sizeof full, "%s", path_buf);
	gzFile gz = gzopen(full, "wb9");
	CU_ASSERT_PTR_NOT_NULL_FATAL(gz);
	gzputs(gz, "SELECT * FROM users_1 WHERE name = '");
	static char xs[1 << 16];
	memset(xs, 'x', sizeof xs);
	size_t left = 300000 - 37 - 3;
	while (left) {
		size_t k = left < sizeof xs ? left : sizeof xs;
		gzwrite(gz, xs, (unsigned)k);
		left -= k;
	}
	gzputs(gz, "';\n");
	for (size_t done = 0; done <= KP_LOG_MAX_LINE; done += sizeof xs)
		gzwrite(gz, xs, sizeof xs);
	gzputs(gz, "\nSELECT * FROM users_1 WHERE id = 2;\n");
	gzclose(gz);
	FILE *f = fopen(full, "rb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fseek(f, 0, SEEK_END);
	CU_ASSERT(ftell(f) < 64 * 1024);
	fclose(f);
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	CU_ASSERT_EQUAL(digest_into(&dg, full, KP_LOG_LINES, 1), 0);
	CU_ASSERT_EQUAL(dg.statements, 2);
	CU_ASSERT_EQUAL(dg.skipped[KP_SKIP_TOO_LONG], 1);
	CU_ASSERT_EQUAL(dg.skipped[KP_SKIP_DAMAGED], 0);
	CU_ASSERT_EQUAL_FATAL(dg.nskips, 1);
	CU_ASSERT_EQUAL(dg.skips[0].line, 2);
	kp_dshape *s = shape_with(&dg, "SELECT * FROM users_1 WHERE id = 2");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(s->ex[0].line, 3);
	kp_dshape *big = NULL;
	for (size_t i = 0; i < dg.cap; i++)
		if (dg.tab[i] && dg.tab[i]->nex && !strncmp(dg.tab[i]->ex[0].sql, "SELECT * FROM users_1 WHERE name = 'xxx", 39))
			big = dg.tab[i];
	CU_ASSERT_PTR_NOT_NULL_FATAL(big);
	CU_ASSERT_EQUAL(strlen(big->ex[0].sql), 300000 - 3);
	CU_ASSERT_EQUAL(big->ex[0].line, 1);
	kp_digest_free(&dg);
}

static void test_mysql_event_without_statement_located(void)
{
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	CU_ASSERT_EQUAL(digest_into(&dg, write_str("m.log",
		"/usr/sbin/mysqld, Version: 8.0.35 (MySQL Community Server - GPL). started with:\n"
		"Tcp port: 3306  Unix socket: /tmp/mysql.sock\n"
		"Time                 Id Command    Argument\n"
		"# Time: 2024-01-02T03:04:05.000000Z\n"
		"# User@Host: app[app] @ localhost []  Id:     8\n"
		"# Query_time: 0.001  Lock_time: 0.0 Rows_sent: 1  Rows_examined: 10\n"
		"use shop;\n"
		"SET timestamp=1704164645;\n"
		"SELECT * FROM users_1 WHERE id = 1;\n"
		"# Time: 2024-01-02T03:04:06.000000Z\n"
		"# Query_time: 0.001  Lock_time: 0.0 Rows_sent: 1  Rows_examined: 10\n"), KP_LOG_AUTO, 1), 0);
	CU_ASSERT_EQUAL(dg.statements, 1);
	kp_dshape *s = shape_with(&dg, "SELECT * FROM users_1 WHERE id = 1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(s->ex[0].line, 9);
	CU_ASSERT_EQUAL(s->rows_scanned.sum, 10);
	CU_ASSERT_EQUAL(dg.skipped[KP_SKIP_DAMAGED], 1);
	CU_ASSERT_EQUAL(dg.skips[0].line, 10);
	kp_digest_free(&dg);
}

static void test_lindorm_json_damaged_and_unknown_lines(void)
{
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	CU_ASSERT_EQUAL(digest_into(&dg, write_str("l.json",
		"{\"sql\": \"SELECT * FROM users_1\\nWHERE id = :id\", \"params\": {\"id\": 42}, \"duration_ms\": \"5\"}\n"
		"{\"sql\": \"SELECT * FROM users_1 WHERE id = 1\"\n"
		"{\"user\": \"root\"}\n"
		"[1, 2]\n"), KP_LOG_AUTO, 1), 0);
	CU_ASSERT_EQUAL(dg.statements, 1);
	kp_dshape *s = shape_with(&dg, "SELECT * FROM users_1\nWHERE id = :id");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(s->time_us.sum, 5000);
	CU_ASSERT_PTR_NOT_NULL(hot_value(s, "id", "42"));

	CU_ASSERT_EQUAL_FATAL(dg.nskips, 3);
	CU_ASSERT_EQUAL(dg.skips[0].line, 2);
	ASSERT_STR(dg.skips[0].detail, "not JSON: expected ',' or '}' at the end of the line");
	CU_ASSERT_EQUAL(dg.skips[1].why, KP_SKIP_UNKNOWN);
	CU_ASSERT_EQUAL(dg.skips[2].line, 4);
	ASSERT_STR(dg.skips[2].detail, "not a JSON object");
	kp_digest_free(&dg);
}

static void test_long_examples_beyond_the_first_are_not_kept(void)
{
	/* three statements of one shape: the first kept whole however long,
	 * a later one over 4 KiB not kept, a short one kept */
	size_t cap = 3 * 10000 + 1000, n = 0;
	char *text = malloc(cap);
	for (int i = 0; i < 2; i++) {
		n += (size_t)snprintf(text + n, cap - n, "SELECT * FROM users_1 WHERE name = '");
		memset(text + n, 'a' + i, 6000);
		n += 6000;
		n += (size_t)snprintf(text + n, cap - n, "';\n");
	}
	n += (size_t)snprintf(text + n, cap - n, "SELECT * FROM users_1 WHERE name = 'z';\n");
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	CU_ASSERT_EQUAL(digest_into(&dg, write_file("ex.log", text, n), KP_LOG_LINES, 1), 0);
	free(text);
	CU_ASSERT_EQUAL_FATAL(dg.n, 1);
	kp_dshape *s = shape_with(&dg, "SELECT * FROM users_1 WHERE name = 'z'");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_EQUAL(s->count, 3);
	CU_ASSERT_EQUAL(s->nex, 2);
	CU_ASSERT_EQUAL(strlen(s->ex[0].sql), 6000 + 37);
	CU_ASSERT_EQUAL(s->ex[1].line, 3);
	kp_digest_free(&dg);
}

static void test_numbered_parameters_bind_by_number(void)
{
	/* ?2, $2 and Phoenix's :2 bind the log's second parameter */
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	CU_ASSERT_EQUAL(digest_into(&dg, write_str("n.json",
		"{\"sql\": \"SELECT * FROM orders WHERE order_id = ?2 AND user_id = ?1\", \"params\": [\"a\", 7]}\n"
		"{\"sql\": \"SELECT * FROM orders WHERE order_id = $2 AND user_id = $1\", \"params\": [\"b\", 8]}\n"
		"{\"sql\": \"SELECT * FROM orders WHERE order_id = :2 AND user_id = :1\", \"params\": [\"c\", 9]}\n"),
		KP_LOG_AUTO, 1), 0);
	CU_ASSERT_EQUAL(dg.n, 1);
	kp_dshape *s = shape_with(&dg, "SELECT * FROM orders WHERE order_id = :2 AND user_id = :1");
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	CU_ASSERT_PTR_NOT_NULL(hot_value(s, "user_id", "a"));
	CU_ASSERT_PTR_NOT_NULL(hot_value(s, "user_id", "b"));
	CU_ASSERT_PTR_NOT_NULL(hot_value(s, "user_id", "c"));
	CU_ASSERT_PTR_NOT_NULL(hot_value(s, "order_id", "7"));
	CU_ASSERT_PTR_NOT_NULL(hot_value(s, "order_id", "9"));
	kp_digest_free(&dg);
}

/* ---- merge ---- */

static void shapes_equal(const kp_digest *a, const kp_digest *b)
{
	CU_ASSERT_EQUAL(a->n, b->n);
	CU_ASSERT_EQUAL(a->statements, b->statements);
	CU_ASSERT_DOUBLE_EQUAL(a->estimated, b->estimated, 0);
	for (int i = 0; i < KP_SKIP__COUNT; i++)
		CU_ASSERT_EQUAL(a->skipped[i], b->skipped[i]);
	for (size_t i = 0; i < a->cap; i++) {
		const kp_dshape *x = a->tab[i];
		if (!x)
			continue;
		const kp_dshape *y = kp_digest_shape((kp_digest *)b, x->fp);
		CU_ASSERT_EQUAL(x->count, y->count);
		CU_ASSERT_DOUBLE_EQUAL(x->estimated, y->estimated, 0);
		CU_ASSERT_EQUAL(x->first_us, y->first_us);
		CU_ASSERT_EQUAL(x->last_us, y->last_us);
		CU_ASSERT_EQUAL(x->time_us.n, y->time_us.n);
		CU_ASSERT_EQUAL(x->time_us.sum, y->time_us.sum);
		CU_ASSERT_EQUAL(x->time_us.max, y->time_us.max);
		CU_ASSERT_EQUAL(x->rows_scanned.sum, y->rows_scanned.sum);
		CU_ASSERT_EQUAL(x->rows_sent.sum, y->rows_sent.sum);
		CU_ASSERT_EQUAL(x->nhot, y->nhot);
		ASSERT_STR(x->access, y->access);
		for (int h = 0; h < x->nhot && h < y->nhot; h++)
			CU_ASSERT_EQUAL(x->hot[h].tk.n, y->hot[h].tk.n);
	}
}

static void test_shards_merged_equal_one_pass(void)
{
	/* a mysql slow log of 6,000 statements of 3 shapes, cut in 4 shards */
	const int N = 6000, K = 4;
	kp_buf all = {0}, shard[4] = {{0}};
	unsigned x = 7;
	uint64_t truth[50] = {0};
	for (int i = 0; i < N; i++) {
		x = x * 1103515245 + 12345;
		unsigned r = (x >> 8) % 100000;
		kp_buf b = {0};
		kp_buf_printf(&b, "# Time: 2024-01-0%dT03:04:%02d.%06uZ\n# Query_time: 0.%06u  Lock_time: 0.0 Rows_sent: %u  Rows_examined: %u\n",
		              1 + i * 9 / N, i % 60, r % 1000000, r % 999983, r % 7, r % 1000);
		int user = r % 10 < 6 ? (int)(r % 3) : (int)(r % 50);
		switch (i % 3) {
		case 0:
			kp_buf_printf(&b, "SELECT * FROM orders WHERE user_id = 'u%d' AND order_id = %u;\n", user, r);
			truth[user]++;
			break;
		case 1:
			kp_buf_printf(&b, "SELECT * FROM orders WHERE status = 's%u';\n", r % 5);
			break;
		default:
			kp_buf_printf(&b, "SELECT name FROM users_1 WHERE id IN (%u, %u);\n", r, r + 1);
		}
		kp_buf_put(&all, b.data, b.len);
		kp_buf_put(&shard[i * K / N], b.data, b.len);
		kp_buf_free(&b);
	}
	kp_digest one, merged;
	kp_digest_init(&one, KP_TARGET_LINDORM, 5);
	kp_digest_init(&merged, KP_TARGET_LINDORM, 5);
	CU_ASSERT_EQUAL(digest_into(&one, write_file("all.log", all.data, all.len), KP_LOG_AUTO, 1), 0);
	for (int s = 0; s < K; s++) {
		/* each shard digested on its own, written as JSON, read back and merged */
		kp_digest part;
		kp_digest_init(&part, KP_TARGET_LINDORM, 5);
		char name[32];
		snprintf(name, sizeof name, "shard%d.log", s);
		CU_ASSERT_EQUAL(digest_into(&part, write_file(name, shard[s].data, shard[s].len), KP_LOG_AUTO, 1), 0);
		kp_buf json = {0};
		kp_digest_json(&part, &json);
		char *err = NULL;
		CU_ASSERT_EQUAL(kp_digest_read(&merged, "part.json", json.data, json.len, &err), 0);
		if (err)
			fprintf(stderr, "\n  %s\n", err);
		free(err);
		kp_buf_free(&json);
		kp_digest_free(&part);
		kp_buf_free(&shard[s]);
	}
	CU_ASSERT_EQUAL(one.n, 3);
	shapes_equal(&one, &merged);
	CU_ASSERT_EQUAL(merged.ninputs, (size_t)K);
	/* hot users: within the merged sketch's stated error of the truth */
	kp_dshape *s = shape_with(&one, "SELECT * FROM orders WHERE user_id = 'u0' AND order_id = 0");
	(void)s;
	for (size_t i = 0; i < merged.cap; i++) {
		kp_dshape *m = merged.tab[i];
		if (!m)
			continue;
		for (int h = 0; h < m->nhot; h++) {
			if (strcmp(m->hot[h].column, "user_id"))
				continue;
			kp_topk *tk = &m->hot[h].tk;
			uint64_t err = kp_topk_err(tk);
			CU_ASSERT_EQUAL(tk->n, (uint64_t)N / 3);
			CU_ASSERT(err <= tk->n / 6);
			for (uint32_t j = 0; j < tk->n_items; j++) {
				int user = atoi(tk->items[j].value + 2);
				CU_ASSERT(tk->items[j].count <= truth[user]);
				CU_ASSERT(tk->items[j].count + err >= truth[user]);
			}
			for (int u = 0; u < 3; u++) {
				char v[16];
				snprintf(v, sizeof v, "'u%d'", u);
				CU_ASSERT_PTR_NOT_NULL(hot_value(m, "user_id", v));
			}
		}
	}
	kp_buf_free(&all);
	kp_digest_free(&one);
	kp_digest_free(&merged);
}

static void test_damaged_digest_is_located_and_adds_nothing(void)
{
	kp_digest dg;
	kp_digest_init(&dg, KP_TARGET_LINDORM, 0);
	char *err = NULL;
	const char *text = "{\"format\": \"keyplan-digest\", \"version\": 1, \"target\": \"lindorm\",\n"
	                   " \"shapes_by\": \"kp_stmt_fingerprint/1\", \"k\": 10, \"statements\": 5,\n"
	                   " \"estimated\": 5, \"inputs\": [], \"skipped\": {}, \"skips\": [], \"shapes\": []}";
	CU_ASSERT_EQUAL(kp_digest_read(&dg, "d.json", text, strlen(text), &err), -1);
	ASSERT_STR(err, "d.json:3: not a keyplan digest: 'unknown' is missing or not a whole number");
	free(err);
	CU_ASSERT_EQUAL(dg.statements, 0);
	err = NULL;
	const char *other = "{\"format\": \"keyplan-digest\", \"version\": 1, \"target\": \"phoenix\"}";
	CU_ASSERT_EQUAL(kp_digest_read(&dg, "e.json", other, strlen(other), &err), -1);
	ASSERT_STR(err, "e.json:1: not a keyplan digest: shapes made by another shape function (shapes_by)");
	free(err);
	kp_digest_free(&dg);
}

KPT_SUITE("digest", setup, teardown,
	{"top-k counts are within the stated error", test_topk_counts_within_stated_error},
	{"top-k sketches of shards merge within the stated error", test_topk_merge_of_shards_within_stated_error},
	{"a long value is kept cut, and said so", test_topk_long_value_kept_cut},
	{"JSON errors are located", test_json_errors_are_located},
	{"log times in each format", test_log_times_in_each_format},
	{"literal values group, literal types do not", test_literal_values_group_types_do_not},
	{"IN lists of 1 and 3,000 values", test_in_lists_of_one_and_3000},
	{"LIKE prefix and infix are two shapes", test_like_prefix_and_infix_apart},
	{"a contradiction shares its shape and plan class", test_contradiction_shares_its_shape_and_plan_class},
	{"comments, white space and keyword case are dropped", test_comments_whitespace_and_keyword_case_dropped},
	{"names with digits and quoted names stay apart", test_names_with_digits_and_quoted_names_stay_apart},
	{"parameter styles", test_parameter_styles},
	{"the same shape from two log formats", test_same_shape_from_two_log_formats},
	{"Phoenix CSV: bind parameters, sampling, multi-line and cut records", test_phoenix_csv_with_parameters_and_sampling},
	{"hostile lines are located and counted", test_hostile_lines_located_and_counted},
	{"an over-long line is skipped in bounded memory", test_over_long_line_skipped_in_bounded_memory},
	{"a truncated gzip keeps what was read and says so", test_truncated_gzip_keeps_what_was_read},
	{"a small gzip's lines outgrow its buffer, as a large file's do", test_small_gzip_lines_outgrow_its_buffer},
	{"a slow-log event without a statement is located", test_mysql_event_without_statement_located},
	{"Lindorm JSON: damaged and unknown lines", test_lindorm_json_damaged_and_unknown_lines},
	{"long examples beyond the first are not kept", test_long_examples_beyond_the_first_are_not_kept},
	{"numbered parameters bind by their number", test_numbered_parameters_bind_by_number},
	{"shards merged equal one pass", test_shards_merged_equal_one_pass},
	{"a damaged digest is located and adds nothing", test_damaged_digest_is_located_and_adds_nothing})
