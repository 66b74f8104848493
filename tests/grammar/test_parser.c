/* Parser: every statement form, every SQL statement of the source
 * documents, error messages, recovery, and unsupported shapes. */
#include <stdlib.h>
#include <string.h>

#include "kp_test.h"

static kp_arena arena;

/* Parses sql; returns the statements and leaves diagnostics in *d. */
static kp_list parse(const char *sql, kp_diags *d, kp_source *src)
{
	kp_list l = {0};
	kp_source_from_string(src, "t.sql", sql, strlen(sql));
	memset(d, 0, sizeof(*d));
	kp_parse_all(&l, src, &arena, d);
	return l;
}

static void expect_ok(const char *sql, kp_stmt_kind kind)
{
	kp_diags d;
	kp_source src;
	kp_list l = parse(sql, &d, &src);
	if (d.head)
		fprintf(stderr, "\n  unexpected: %s\n  in: %s\n", d.head->message, sql);
	CU_ASSERT_PTR_NULL(d.head);
	CU_ASSERT_EQUAL(l.n, 1);
	if (l.n == 1)
		CU_ASSERT_EQUAL(((kp_stmt *)l.items[0])->kind, kind);
	kp_source_free(&src);
}

static void expect_error(const char *sql, const char *message, uint32_t line, uint32_t col)
{
	kp_diags d;
	kp_source src;
	parse(sql, &d, &src);
	CU_ASSERT_PTR_NOT_NULL(d.head);
	if (d.head) {
		uint32_t l, c;
		kp_source_linecol(&src, d.head->off, &l, &c);
		if (strcmp(d.head->message, message) != 0)
			fprintf(stderr, "\n  got: %s\n  want: %s\n", d.head->message, message);
		CU_ASSERT_STRING_EQUAL(d.head->message, message);
		CU_ASSERT_EQUAL(l, line);
		CU_ASSERT_EQUAL(c, col);
	}
	kp_source_free(&src);
}

/* The statement's one diagnostic: its rule, message and place, and its one
 * note's message and place. */
static void expect_error_note(const char *sql, kp_rule rule, const char *message, uint32_t line, uint32_t col,
                              const char *note, uint32_t nline, uint32_t ncol)
{
	kp_diags d;
	kp_source src;
	kp_list l = parse(sql, &d, &src);
	CU_ASSERT_EQUAL(l.n, 0);
	CU_ASSERT_EQUAL(d.count[KP_SEV_ERROR], 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d.head);
	CU_ASSERT_PTR_NULL(d.head->next);
	uint32_t ln, c;
	kp_source_linecol(&src, d.head->off, &ln, &c);
	if (strcmp(d.head->message, message) != 0)
		fprintf(stderr, "\n  got: %s\n  want: %s\n", d.head->message, message);
	CU_ASSERT_EQUAL(d.head->rule, rule);
	CU_ASSERT_STRING_EQUAL(d.head->message, message);
	CU_ASSERT_EQUAL(ln, line);
	CU_ASSERT_EQUAL(c, col);
	const kp_note *n = d.head->notes;
	CU_ASSERT_PTR_NOT_NULL_FATAL(n);
	CU_ASSERT_PTR_NULL(n->next);
	kp_source_linecol(&src, n->off, &ln, &c);
	CU_ASSERT_STRING_EQUAL(n->message, note);
	CU_ASSERT_EQUAL(ln, nline);
	CU_ASSERT_EQUAL(c, ncol);
	kp_source_free(&src);
}

static void test_create_table_forms(void)
{
	expect_ok("CREATE TABLE t (a INT, PRIMARY KEY (a))", KP_S_CREATE_TABLE);
	expect_ok("CREATE TABLE IF NOT EXISTS db.t (a VARCHAR(10) NOT NULL, b BIGINT UNSIGNED, "
	          "CONSTRAINT pk PRIMARY KEY (a ASC, b DESC)) WITH (CONSISTENCY = 'strong', "
	          "'MUTABILITY' = 'MUTABLE_LATEST', TTL = 86400)", KP_S_CREATE_TABLE);
	expect_ok("CREATE TABLE t (p1 INT, p2 INT, v INT, PRIMARY KEY (hash32(p1), p1, p2))", KP_S_CREATE_TABLE);
	expect_ok("CREATE TABLE t (p1 INT, p2 INT, PRIMARY KEY (hash64(p1, p2), p1, p2))", KP_S_CREATE_TABLE);
	expect_ok("CREATE TABLE t (id BIGINT AUTO_INCREMENT PRIMARY KEY, c TEXT COMMENT 'x', "
	          "d TIMESTAMP DEFAULT NOW(), e DOUBLE DEFAULT 1.5, f DECIMAL(10, 2) DEFAULT -1, "
	          "KEY k1 (c), INDEX USING KV (d) INCLUDE (e), UNIQUE KEY u (e)) "
	          "PARTITION BY HASH (id) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4", KP_S_CREATE_TABLE);
	expect_ok("CREATE TABLE t (`cf:c1` VARCHAR, cf.c2 INT, k BIGINT, PRIMARY KEY (k)) SALT_BUCKETS = 16, "
	          "COMPRESSION = 'GZ'", KP_S_CREATE_TABLE);
	/* keywords the dialect allows as names */
	expect_ok("CREATE TABLE t (key VARCHAR(8), value INT, timestamp BIGINT, status INT, name TEXT, "
	          "`index` INT, PRIMARY KEY (key, timestamp))", KP_S_CREATE_TABLE);
	expect_ok("CREATE TABLE t (a BOOLEAN, b BINARY(8), c VARBINARY, d DATE, e TIME, f JSON, "
	          "g CHAR(2), h STRING, i SMALLINT, j TINYINT, k INTEGER, l FLOAT, PRIMARY KEY (k))",
	          KP_S_CREATE_TABLE);
}

static void test_index_and_drop_forms(void)
{
	expect_ok("CREATE INDEX idx ON t (a)", KP_S_CREATE_INDEX);
	expect_ok("CREATE UNIQUE INDEX IF NOT EXISTS idx USING KV ON t (a DESC, b) INCLUDE (c, d) "
	          "ASYNC WITH (COMPRESSION = 'ZSTD')", KP_S_CREATE_INDEX);
	expect_ok("CREATE INDEX idx USING SEARCH ON t (a) SYNC", KP_S_CREATE_INDEX);
	expect_ok("CREATE INDEX ON t (a)", KP_S_CREATE_INDEX);
	expect_ok("DROP TABLE IF EXISTS t", KP_S_DROP);
	expect_ok("DROP INDEX idx ON t", KP_S_DROP);
	expect_ok("DROP INDEX IF EXISTS idx", KP_S_DROP);
}

static void test_select_forms(void)
{
	expect_ok("SELECT * FROM t", KP_S_SELECT);
	expect_ok("SELECT DISTINCT a, b AS bee, c cee, t.*, count(*), max(DISTINCT b) FROM t AS x "
	          "WHERE a = 1 GROUP BY a HAVING count(*) > 1 ORDER BY a DESC, b LIMIT 10 OFFSET 5",
	          KP_S_SELECT);
	expect_ok("SELECT * FROM t WHERE a = 1 LIMIT 5, 10", KP_S_SELECT);
	expect_ok("SELECT /*+ _l_allow_filtering_, _l_force_index_('idx') */ * FROM t WHERE b = 1",
	          KP_S_SELECT);
	expect_ok("SELECT * FROM t WHERE b = 1 ALLOW FILTERING", KP_S_SELECT);
	expect_ok("SELECT * FROM t WHERE 123 < orderid < 456 AND a BETWEEN 1 AND 2 AND b NOT IN (1, 2) "
	          "AND c LIKE 'x%' AND d NOT LIKE 'y' ESCAPE '\\' AND e IS NULL AND f IS NOT NULL "
	          "AND (p1, p2) > (1, 2) AND NOT (g = 1 OR h <> 2) AND i + 1 * 2 - -3 / 4 % 5 = ? "
	          "AND j = ?1 AND k = :name AND l = $1 AND m = TRUE AND n || 'x' = 'y' AND "
	          "CASE WHEN a = 1 THEN 2 ELSE 3 END = 2 AND CAST(a AS VARCHAR) = '1' AND md5(a) = 'x'",
	          KP_S_SELECT);
	expect_ok("SELECT LAST_INSERT_ID()", KP_S_SELECT);
	expect_ok("EXPLAIN SELECT * FROM t WHERE a = 1", KP_S_SELECT);
}

static void test_dml_forms(void)
{
	expect_ok("INSERT INTO t (a, b) VALUES (1, 'x'), (2, 'y')", KP_S_INSERT);
	expect_ok("UPSERT INTO t (a) VALUES (1)", KP_S_UPSERT);
	expect_ok("REPLACE INTO t VALUES (1)", KP_S_REPLACE);
	expect_ok("INSERT INTO t (a) VALUES (1) ON DUPLICATE KEY UPDATE b = b + 1", KP_S_INSERT);
	expect_ok("UPDATE t SET a = 1, b = b + 1 WHERE c = 2", KP_S_UPDATE);
	expect_ok("DELETE FROM t WHERE a = 1", KP_S_DELETE);
	expect_ok("DELETE FROM t", KP_S_DELETE);
}

/* Every SQL statement quoted in shared/seeds, verbatim. */
static void test_seed_statements(void)
{
	expect_ok("SELECT * FROM table WHERE userid='abc' AND orderid=123", KP_S_SELECT);
	expect_ok("SELECT * FROM table WHERE userid='abc' AND 123<orderid<456", KP_S_SELECT);
	expect_ok("SELECT * FROM table WHERE userid='abc' AND 123<orderid<456 ORDER BY orderid DESC",
	          KP_S_SELECT);
	expect_ok("CREATE TABLE `tickets64` (\n"
	          "    `id` bigint(20) unsigned NOT NULL auto_increment,\n"
	          "    `stub` char(1) NOT NULL default '',\n"
	          "    PRIMARY KEY  (`id`),\n"
	          "    UNIQUE KEY `stub` (`stub`)\n"
	          ") ENGINE=MyISAM;", KP_S_CREATE_TABLE);
	expect_ok("REPLACE INTO `tickets64` (`stub`) VALUES ('a');", KP_S_REPLACE);
	expect_ok("SELECT LAST_INSERT_ID();", KP_S_SELECT);
	expect_ok("CREATE TABLE `sequence` (\n"
	          "    `name` varchar(50) NOT NULL,\n"
	          "    `id` bigint(20) unsigned NOT NULL DEFAULT '0',\n"
	          "    PRIMARY KEY (`name`)\n"
	          ") ENGINE=InnoDB;", KP_S_CREATE_TABLE);
	expect_ok("INSERT INTO `sequence` (`name`) VALUES \n('users'), ('photos'), ('albums'), ('comments');",
	          KP_S_INSERT);
	expect_ok("UPDATE `sequence` SET `id` = LAST_INSERT_ID(`id` + 1) WHERE `name` = 'photos';",
	          KP_S_UPDATE);
	expect_ok("INSERT INTO `sequence` (`name`) VALUES('new_business') ON DUPLICATE KEY UPDATE "
	          "`id` = LAST_INSERT_ID(`id` + 1);", KP_S_INSERT);
}

static void test_chained_comparison_ast(void)
{
	kp_diags d;
	kp_source src;
	kp_list l = parse("SELECT * FROM t WHERE 123 < orderid < 456", &d, &src);
	CU_ASSERT_EQUAL(l.n, 1);
	kp_expr *w = ((kp_stmt *)l.items[0])->u.select.where;
	CU_ASSERT_EQUAL(w->kind, KP_X_CHAIN);
	kp_buf b = {0};
	kp_expr_to_sql(&b, w);
	CU_ASSERT_STRING_EQUAL(b.data, "123 < orderid AND orderid < 456");
	kp_buf_free(&b);
	kp_source_free(&src);
	/* parenthesized: SQL's own reading */
	l = parse("SELECT * FROM t WHERE (1 < a) < 2", &d, &src);
	w = ((kp_stmt *)l.items[0])->u.select.where;
	CU_ASSERT_EQUAL(w->kind, KP_X_CMP);
	kp_source_free(&src);
}

static void test_render_precedence(void)
{
	kp_diags d;
	kp_source src;
	kp_list l = parse("SELECT * FROM t WHERE (a = 1 OR b = 2) AND NOT (c = 3 AND d = 'it''s') "
	                  "AND (e + 1) * 2 = 4", &d, &src);
	kp_buf b = {0};
	kp_expr_to_sql(&b, ((kp_stmt *)l.items[0])->u.select.where);
	CU_ASSERT_STRING_EQUAL(b.data, "(a = 1 OR b = 2) AND NOT (c = 3 AND d = 'it''s') AND (e + 1) * 2 = 4");
	kp_buf_free(&b);
	kp_source_free(&src);
}

static void renders(const char *where, const char *want)
{
	kp_diags d;
	kp_source src;
	char sql[1024];
	snprintf(sql, sizeof sql, "SELECT * FROM t WHERE %s", where);
	kp_list l = parse(sql, &d, &src);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	kp_buf b = {0};
	kp_expr_to_sql(&b, ((kp_stmt *)l.items[0])->u.select.where);
	if (strcmp(b.data, want))
		fprintf(stderr, "\n  got:  %s\n  want: %s\n", b.data, want);
	CU_ASSERT_STRING_EQUAL(b.data, want);
	kp_buf_free(&b);
	kp_source_free(&src);
}

static void test_render_every_form(void)
{
	renders("CASE a WHEN 1 THEN 'x' ELSE 'y' END = 'x'", "CASE a WHEN 1 THEN 'x' ELSE 'y' END = 'x'");
	renders("CASE WHEN a > 1 THEN 2 END IS NULL", "CASE WHEN a > 1 THEN 2 END IS NULL");
	renders("CAST(a AS VARCHAR) = '1'", "CAST(a AS VARCHAR) = '1'");
	renders("-a = - -1", "-a = -(-1)");
	renders("count(DISTINCT a) > 1 AND max(*) > 0", "count(DISTINCT a) > 1 AND max(*) > 0");
	renders("(a, b) IN ((1, 2), (3, 4))", "(a, b) IN ((1, 2), (3, 4))");
	renders("a NOT BETWEEN 1 AND 2 OR b NOT IN (1) OR c NOT LIKE 'x%' ESCAPE '!'",
	        "a NOT BETWEEN 1 AND 2 OR b NOT IN (1) OR c NOT LIKE 'x%' ESCAPE '!'");
	renders("\"my col\" = 1 AND `x\"y` = 2 AND a || 'b' = 'cb'", "\"my col\" = 1 AND \"x\"\"y\" = 2 AND a || 'b' = 'cb'");
	renders("a - (b - c) = a / (b * c) % 2", "a - (b - c) = a / (b * c) % 2");
	renders("NOT (a = 1 OR b = 2) AND TRUE AND FALSE IS NOT NULL", "NOT (a = 1 OR b = 2) AND TRUE AND FALSE IS NOT NULL");
	renders("a = ?1 AND b = :x AND c = $2 AND d = ?", "a = ?1 AND b = :x AND c = $2 AND d = ?");
	renders("a COLLATE NOCASE = 'x' AND (b || c) COLLATE binary > 'y'", "a COLLATE NOCASE = 'x' AND (b || c) COLLATE binary > 'y'");
	renders("a IS 5 OR b IS NOT 'x' OR c IS NOT NULL OR d IS (NULL)", "a IS 5 OR b IS NOT 'x' OR c IS NOT NULL OR d IS NULL");
}

/* The SELECT clauses land in their fields, in any combination. */
static void test_select_clauses(void)
{
	kp_diags d;
	kp_source src;
	kp_list l = parse("SELECT DISTINCT a FROM s.t x WHERE a = 1 GROUP BY a, b HAVING a > 1 "
	                  "ORDER BY a DESC, b ASC, c LIMIT 10 OFFSET 5 ALLOW FILTERING", &d, &src);
	CU_ASSERT_PTR_NULL(d.head);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	const kp_select *s = &((kp_stmt *)l.items[0])->u.select;
	CU_ASSERT_TRUE(s->distinct);
	/* schema.table is one name: s.t and t are different tables */
	CU_ASSERT_EQUAL(s->table.len, 3);
	CU_ASSERT_NSTRING_EQUAL(s->table.s, "s.t", 3);
	CU_ASSERT_EQUAL(s->table.off, 23);
	CU_ASSERT_EQUAL(s->table.srclen, 3);
	CU_ASSERT_EQUAL(s->alias.s[0], 'x');
	CU_ASSERT_EQUAL(s->where->kind, KP_X_CMP);
	CU_ASSERT_EQUAL(s->group.n, 2);
	CU_ASSERT_EQUAL(s->having->kind, KP_X_CMP);
	CU_ASSERT_EQUAL_FATAL(s->order.n, 3);
	CU_ASSERT_TRUE(((kp_order_item *)s->order.items[0])->desc);
	CU_ASSERT_FALSE(((kp_order_item *)s->order.items[1])->desc);
	CU_ASSERT_FALSE(((kp_order_item *)s->order.items[2])->desc);
	CU_ASSERT_EQUAL(s->limit->ival, 10);
	CU_ASSERT_EQUAL(s->offset->ival, 5);
	CU_ASSERT_TRUE(s->allow_filtering);
	kp_source_free(&src);
	/* MySQL's LIMIT offset, count */
	l = parse("SELECT * FROM t LIMIT 5, 10", &d, &src);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	s = &((kp_stmt *)l.items[0])->u.select;
	CU_ASSERT_EQUAL(s->limit->ival, 10);
	CU_ASSERT_EQUAL(s->offset->ival, 5);
	CU_ASSERT_PTR_NULL(s->where);
	CU_ASSERT_FALSE(s->allow_filtering);
	kp_source_free(&src);
	/* ALLOW FILTERING straight after the table name is the clause, not an alias */
	l = parse("SELECT * FROM t ALLOW FILTERING", &d, &src);
	CU_ASSERT_PTR_NULL(d.head);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	s = &((kp_stmt *)l.items[0])->u.select;
	CU_ASSERT_TRUE(s->allow_filtering);
	CU_ASSERT_PTR_NULL(s->alias.s);
	kp_source_free(&src);
	expect_ok("SELECT * FROM t AS allow WHERE a = 1", KP_S_SELECT);
}

/* The SELECT of one statement, parsed with no diagnostics. */
static const kp_select *sel1(const char *sql, kp_source *src)
{
	kp_diags d;
	kp_list l = parse(sql, &d, src);
	if (d.head)
		fprintf(stderr, "\n  unexpected: %s\n  in: %s\n", d.head->message, sql);
	CU_ASSERT_PTR_NULL(d.head);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	CU_ASSERT_EQUAL_FATAL(((kp_stmt *)l.items[0])->kind, KP_S_SELECT);
	return &((kp_stmt *)l.items[0])->u.select;
}

/* Phoenix's and Tablestore's query clauses: NULLS FIRST/LAST, OFFSET
 * alone, OFFSET ... ROWS, FETCH FIRST|NEXT n ROW|ROWS ONLY, DISTINCTROW. */
static void test_query_clauses(void)
{
	kp_source src;
	const kp_select *s = sel1("SELECT * FROM t WHERE a = 1 ORDER BY a DESC NULLS LAST, b NULLS FIRST, c ASC", &src);
	CU_ASSERT_EQUAL_FATAL(s->order.n, 3);
	const kp_order_item *o = s->order.items[0];
	CU_ASSERT_TRUE(o->desc);
	CU_ASSERT_EQUAL(o->nulls, KP_NULLS_LAST);
	o = s->order.items[1];
	CU_ASSERT_FALSE(o->desc);
	CU_ASSERT_EQUAL(o->nulls, KP_NULLS_FIRST);
	o = s->order.items[2];
	CU_ASSERT_EQUAL(o->nulls, KP_NULLS_DEFAULT);
	kp_source_free(&src);
	/* OFFSET without LIMIT, right after the table name (not an alias) */
	s = sel1("SELECT * FROM t OFFSET 20", &src);
	CU_ASSERT_PTR_NULL(s->limit);
	CU_ASSERT_EQUAL(s->offset->ival, 20);
	CU_ASSERT_PTR_NULL(s->alias.s);
	kp_source_free(&src);
	s = sel1("SELECT * FROM t WHERE a = 1 LIMIT 5 OFFSET 10", &src);
	CU_ASSERT_EQUAL(s->limit->ival, 5);
	CU_ASSERT_EQUAL(s->offset->ival, 10);
	CU_ASSERT_FALSE(s->fetch);
	kp_source_free(&src);
	s = sel1("SELECT * FROM t WHERE a = 1 ORDER BY a OFFSET 10 ROWS FETCH NEXT 5 ROWS ONLY", &src);
	CU_ASSERT_EQUAL(s->limit->ival, 5);
	CU_ASSERT_EQUAL(s->offset->ival, 10);
	CU_ASSERT_TRUE(s->fetch);
	kp_source_free(&src);
	s = sel1("SELECT * FROM t FETCH FIRST ROW ONLY", &src);
	CU_ASSERT_EQUAL(s->limit->ival, 1);
	CU_ASSERT_PTR_NULL(s->offset);
	kp_source_free(&src);
	s = sel1("SELECT * FROM t OFFSET ? ROW FETCH FIRST ? ROWS ONLY", &src);
	CU_ASSERT_EQUAL(s->limit->kind, KP_X_PARAM);
	CU_ASSERT_EQUAL(s->offset->kind, KP_X_PARAM);
	kp_source_free(&src);
	s = sel1("SELECT DISTINCTROW a FROM t", &src);
	CU_ASSERT_TRUE(s->distinct);
	kp_source_free(&src);
	/* clause order: FETCH after OFFSET, and not with LIMIT */
	expect_error("SELECT * FROM t FETCH FIRST 1 ROWS ONLY OFFSET 2",
	             "OFFSET clause after FETCH: OFFSET must come before FETCH", 1, 41);
	expect_error("SELECT * FROM t LIMIT 1 FETCH FIRST 1 ROWS ONLY",
	             "FETCH and LIMIT in one SELECT: both limit the rows; keep one", 1, 25);
	expect_error("SELECT * FROM t OFFSET 1 LIMIT 2", "LIMIT clause after OFFSET: LIMIT must come before OFFSET", 1, 26);
	/* words that are keywords only in these clauses are still names */
	s = sel1("SELECT first, last, rows, nulls, only, fetch, next, current, match, value FROM t AS offset", &src);
	CU_ASSERT_EQUAL(s->items.n, 10);
	CU_ASSERT_EQUAL(((kp_expr *)s->items.items[6])->kind, KP_X_COLUMN);
	CU_ASSERT_EQUAL(s->alias.len, 6);
	kp_source_free(&src);
}

static void test_query_expressions(void)
{
	renders("a[1] = 2 AND ARRAY[1, 2][b] > 0 AND c = ARRAY[]", "a[1] = 2 AND ARRAY[1, 2][b] > 0 AND c = ARRAY[]");
	renders("a = ANY(arr) AND b <> ALL(ARRAY['x']) AND c >= SOME(d)", "a = ANY(arr) AND b <> ALL(ARRAY['x']) AND c >= ANY(d)");
	renders("MATCH(a, b) AGAINST('foo bar') AND MATCH(c, 'x')", "MATCH(a, b) AGAINST('foo bar') AND MATCH(c, 'x')");
	renders("a IS DISTINCT FROM 1 AND b IS NOT DISTINCT FROM c", "a IS NOT 1 AND b IS c");
	renders("a = NEXT VALUE FOR s.q AND b = CURRENT VALUE FOR q AND c = NEXT 5 VALUES FOR q",
	        "a = NEXT VALUE FOR s.q AND b = CURRENT VALUE FOR q AND c = NEXT 5 VALUES FOR q");
	renders("d > DATE '2013-01-01' AND e < TIMESTAMP '2013-01-01 10:00:00'",
	        "d > CAST('2013-01-01' AS DATE) AND e < CAST('2013-01-01 10:00:00' AS TIMESTAMP)");
	renders("a ILIKE 'x%' AND b NOT ILIKE 'y'", "a ILIKE 'x%' AND b NOT ILIKE 'y'");
	renders("percentile_cont(0.9) WITHIN GROUP (ORDER BY a DESC) > 1",
	        "percentile_cont(0.9) WITHIN GROUP (ORDER BY a) > 1");
	renders("s.t.a = 1", "a = 1");
	renders("a = :1 AND b = :name", "a = :1 AND b = :name");
	renders("CASE a WHEN 1 THEN 'x' WHEN 2 THEN 'y' END || 'z' = 'xz'",
	        "CASE a WHEN 1 THEN 'x' WHEN 2 THEN 'y' END || 'z' = 'xz'");
	/* the AST of the new nodes */
	kp_source src;
	const kp_select *s = sel1("SELECT * FROM t WHERE k = ANY(ARRAY[1, 2]) AND MATCH(a) AGAINST('w')", &src);
	kp_expr *w = s->where;
	CU_ASSERT_EQUAL_FATAL(w->kind, KP_X_AND);
	kp_expr *c = w->list[0];
	CU_ASSERT_EQUAL(c->kind, KP_X_CMP);
	CU_ASSERT_EQUAL(c->op, KP_OP_EQ);
	CU_ASSERT_EQUAL_FATAL(c->b->kind, KP_X_QUANT);
	CU_ASSERT_EQUAL(c->b->op2, 0);
	CU_ASSERT_EQUAL(c->b->a->kind, KP_X_ARRAY);
	CU_ASSERT_EQUAL(c->b->a->n, 2);
	kp_expr *m = w->list[1];
	CU_ASSERT_EQUAL(m->kind, KP_X_MATCH);
	CU_ASSERT_EQUAL(m->n, 1);
	CU_ASSERT_EQUAL(m->a->kind, KP_X_STRING);
	CU_ASSERT_EQUAL(m->off, 47);
	CU_ASSERT_EQUAL(m->len, 21);
	kp_source_free(&src);
}

/* UPSERT ... SELECT is its SELECT with the write attached; ON DUPLICATE
 * KEY IGNORE / UPDATE / UPDATE_ONLY; RETURNING *. */
static void test_upsert_forms(void)
{
	kp_diags d;
	kp_source src;
	kp_list l = parse("UPSERT INTO w (a, cf.b, c VARCHAR) SELECT a, b, c FROM t WHERE a = 1 LIMIT 3", &d, &src);
	CU_ASSERT_PTR_NULL(d.head);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	kp_stmt *st = l.items[0];
	CU_ASSERT_EQUAL(st->kind, KP_S_SELECT);
	CU_ASSERT_EQUAL(st->off, 0);
	CU_ASSERT_EQUAL(st->u.select.table.s[0], 't');
	CU_ASSERT_EQUAL(st->u.select.limit->ival, 3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(st->u.select.into);
	CU_ASSERT_EQUAL(st->u.select.into->verb, KP_S_UPSERT);
	CU_ASSERT_EQUAL(st->u.select.into->table.s[0], 'w');
	CU_ASSERT_EQUAL(st->u.select.into->cols.n, 3);
	kp_source_free(&src);
	expect_ok("INSERT INTO w SELECT * FROM t", KP_S_SELECT);
	expect_ok("UPSERT INTO w SELECT 1", KP_S_SELECT);
	l = parse("UPSERT INTO t (a) VALUES (1) ON DUPLICATE KEY IGNORE", &d, &src);
	CU_ASSERT_PTR_NULL(d.head);
	st = l.items[0];
	CU_ASSERT_EQUAL(st->kind, KP_S_UPSERT);
	CU_ASSERT_TRUE(st->u.insert.on_dup_ignore);
	CU_ASSERT_EQUAL(st->u.insert.on_dup.n, 0);
	kp_source_free(&src);
	l = parse("UPSERT INTO t (a) VALUES (1) ON DUPLICATE KEY UPDATE_ONLY b = b + 1, c = 'x' RETURNING *", &d, &src);
	CU_ASSERT_PTR_NULL(d.head);
	st = l.items[0];
	CU_ASSERT_FALSE(st->u.insert.on_dup_ignore);
	CU_ASSERT_EQUAL(st->u.insert.on_dup.n, 2);
	CU_ASSERT_TRUE(st->u.insert.returning);
	kp_source_free(&src);
	expect_ok("DELETE FROM t WHERE a = 1 RETURNING *", KP_S_DELETE);
}

/* Forms found missing on real statements: aggregate ORDER BY and
 * SEPARATOR, INTERVAL, SELECT ALL DISTINCT, dynamic columns, array
 * elements in UPSERT, INSERT IGNORE, @@variables, // comments, joins
 * spelled with a word before JOIN. */
static void test_real_statement_forms(void)
{
	renders("HEAD(t ORDER BY ts DESC) = 1 AND GROUP_CONCAT(d ORDER BY ts SEPARATOR '|') = 'x' "
	        "AND GROUP_CONCAT(DISTINCT d SEPARATOR ',') = 'y'",
	        "HEAD(t ORDER BY ts) = 1 AND GROUP_CONCAT(d ORDER BY ts SEPARATOR '|') = 'x' "
	        "AND GROUP_CONCAT(DISTINCT d SEPARATOR ',') = 'y'");
	renders("ts > NOW() - INTERVAL 24 HOUR AND ts < NOW() + INTERVAL '1' DAY AND interval = 3",
	        "ts > NOW() - INTERVAL 24 HOUR AND ts < NOW() + INTERVAL '1' DAY AND interval = 3");
	renders("a = @@version", "a = @@version");
	expect_error("SELECT GROUP_CONCAT(d ORDER BY ts SEPERATOR ',') FROM t", "syntax error near 'SEPERATOR'", 1, 35);
	kp_source src;
	const kp_select *s = sel1("SELECT ALL DISTINCT a FROM t", &src);
	CU_ASSERT_TRUE(s->distinct);
	kp_source_free(&src);
	s = sel1("SELECT k FROM t (v3 VARCHAR, cf.v4 INTEGER) WHERE v3 = 'x'", &src);
	CU_ASSERT_EQUAL_FATAL(s->dyncols.n, 2);
	CU_ASSERT_TRUE(kp_name_eq(s->dyncols.items[1], "v4"));
	kp_source_free(&src);
	expect_ok("UPSERT INTO t (k, a[2]) VALUES ('A', 5)", KP_S_UPSERT);
	/* Phoenix table sampling, after the table, its alias or its dynamic columns */
	s = sel1("SELECT * FROM t AS x TABLESAMPLE (0.5) WHERE k = 1", &src);
	CU_ASSERT_EQUAL(s->alias.s[0], 'x');
	CU_ASSERT_EQUAL(s->where->kind, KP_X_CMP);
	kp_source_free(&src);
	expect_ok("SELECT * FROM t TABLESAMPLE(10)", KP_S_SELECT);
	expect_ok("SELECT * FROM t (v VARCHAR) TABLESAMPLE (1) WHERE v = 'a'", KP_S_SELECT);
	expect_error("SELECT * FROM t WHERE k = 1 TABLESAMPLE (1)",
	             "TABLESAMPLE clause after WHERE: TABLESAMPLE must come before WHERE", 1, 29);
	expect_ok("insert ignore into t values (1, 'x')", KP_S_INSERT);
	expect_ok("select a from b // a Phoenix comment\nwhere a = 1", KP_S_SELECT);
	expect_error("SELECT * FROM a x INNER JOIN b y ON x.k = y.k",
	             "joins are not supported: keyplan plans single-table statements", 1, 19);
	expect_error("SELECT * FROM a x LEFT OUTER JOIN b y ON x.k = y.k",
	             "joins are not supported: keyplan plans single-table statements", 1, 19);
	expect_error("SELECT * FROM a I Semi JOIN (SELECT 1) b ON I.k = b.k",
	             "joins are not supported: keyplan plans single-table statements", 1, 19);
	expect_error("SELECT * FROM UNNEST(ARRAY[1, 2]) AS t(a)",
	             "table functions in FROM (UNNEST(...), ...) are not supported", 1, 27);
}

/* A statement keyword where the grammar cannot go on, after a whole
 * statement: the ';' between them was left out. Both are read. */
static void test_missing_semicolon(void)
{
	kp_diags d;
	kp_source src;
	kp_list l = parse("SELECT * FROM t WHERE a = 1\nSELECT * FROM u WHERE b = 2;\nDELETE FROM v", &d, &src);
	CU_ASSERT_EQUAL_FATAL(l.n, 3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d.head);
	CU_ASSERT_STRING_EQUAL(d.head->message, "missing ';' before 'SELECT'");
	uint32_t line, col;
	kp_source_linecol(&src, d.head->off, &line, &col);
	CU_ASSERT_EQUAL(line, 2);
	CU_ASSERT_EQUAL(col, 1);
	CU_ASSERT_PTR_NULL(d.head->next);
	kp_stmt *s1 = l.items[0], *s2 = l.items[1];
	CU_ASSERT_EQUAL(s1->off, 0);
	CU_ASSERT_EQUAL(s1->len, 27);
	CU_ASSERT_EQUAL(s1->u.select.table.s[0], 't');
	CU_ASSERT_EQUAL(s2->u.select.table.s[0], 'u');
	CU_ASSERT_EQUAL(((kp_stmt *)l.items[2])->kind, KP_S_DELETE);
	kp_source_free(&src);
	/* UPSERT right after a table name was taken for an alias: the ';' is
	 * still found missing before it */
	expect_error("SELECT * FROM t\nUPSERT INTO t (a) VALUES (1)", "missing ';' before 'UPSERT'", 2, 1);
	expect_error("UPSERT INTO t (a) VALUES (1) UPDATE t SET a = 2", "missing ';' before 'UPDATE'", 1, 30);
	expect_error("DELETE FROM t WHERE a = 1 CREATE TABLE u (a INT, PRIMARY KEY (a))", "missing ';' before 'CREATE'", 1, 27);
	/* not a whole statement before it: an ordinary syntax error */
	expect_error("SELECT * FROM t WHERE SELECT", "syntax error near 'SELECT'", 1, 23);
	expect_error("SELECT * FROM t WHERE a = (1 SELECT", "syntax error near 'SELECT'", 1, 30);
}

/* A UTF-8 byte-order mark at the start of the input is skipped. */
static void test_bom(void)
{
	kp_source src;
	const kp_select *s = sel1("\xef\xbb\xbfSELECT * FROM t", &src);
	CU_ASSERT_EQUAL(s->table.s[0], 't');
	kp_source_free(&src);
	expect_ok("\xef\xbb\xbf-- comment\nSELECT 1", KP_S_SELECT);
	/* anywhere else it is not white space */
	expect_error("SELECT 1;\xef\xbb\xbfSELECT 2", "syntax error near '\xef\xbb\xbfSELECT'", 1, 10);
}

/* A SELECT clause out of order or repeated is an error at its keyword that
 * names it, with a note at the clause it should have come before. */
static void test_clause_order_errors(void)
{
	static const struct {
		const char *sql, *message;
		uint32_t line, col;
		const char *note;
		uint32_t nline, ncol;
	} cases[] = {
		{"SELECT * FROM t ORDER BY a WHERE b = 1",
		 "WHERE clause after ORDER BY: WHERE must come before ORDER BY", 1, 28, "ORDER BY is here", 1, 17},
		{"SELECT * FROM t WHERE a = 1 WHERE b = 2",
		 "second WHERE clause in one SELECT", 1, 29, "the first WHERE clause is here", 1, 17},
		{"SELECT * FROM t LIMIT 1 LIMIT 2",
		 "second LIMIT clause in one SELECT", 1, 25, "the first LIMIT clause is here", 1, 17},
		{"SELECT * FROM t ALLOW FILTERING WHERE a = 1",
		 "WHERE clause after ALLOW FILTERING: WHERE must come before ALLOW FILTERING", 1, 33,
		 "ALLOW FILTERING is here", 1, 17},
		{"SELECT * FROM t HAVING a > 1 GROUP BY a",
		 "GROUP BY clause after HAVING: GROUP BY must come before HAVING", 1, 30, "HAVING is here", 1, 17},
		/* the note is at the last clause before it, on another line */
		{"SELECT *\nFROM t\nWHERE a = 1\nLIMIT 2\nORDER BY a;",
		 "ORDER BY clause after LIMIT: ORDER BY must come before LIMIT", 5, 1, "LIMIT is here", 4, 1},
		{"SELECT * FROM t LIMIT 1 FETCH FIRST 2 ROWS ONLY",
		 "FETCH and LIMIT in one SELECT: both limit the rows; keep one", 1, 25, "LIMIT is here", 1, 17},
		{"SELECT * FROM t OFFSET 1 ROWS OFFSET 2 ROWS",
		 "second OFFSET clause in one SELECT", 1, 31, "the first OFFSET clause is here", 1, 17},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		expect_error_note(cases[i].sql, KP_R_SYNTAX, cases[i].message, cases[i].line, cases[i].col,
		                  cases[i].note, cases[i].nline, cases[i].ncol);
	/* in UPSERT ... SELECT too, and the next statement is read as usual */
	kp_diags d;
	kp_source src;
	kp_list l = parse("UPSERT INTO t (a) SELECT a FROM s ORDER BY a WHERE a = 1;\nSELECT * FROM t", &d, &src);
	CU_ASSERT_EQUAL(l.n, 1);
	CU_ASSERT_EQUAL(d.count[KP_SEV_ERROR], 1);
	CU_ASSERT_STRING_EQUAL(d.head->message, "WHERE clause after ORDER BY: WHERE must come before ORDER BY");
	kp_source_free(&src);
}

/* A second primary key is an error at it (KP014), with a note at the first,
 * however either is written. */
static void test_second_primary_key(void)
{
	/* the second is at a key column's name or a table-level PRIMARY, the
	 * first likewise (the columns of a note: line 1 unless said) */
	static const struct { const char *sql, *name; uint32_t line, col, nline, ncol; } cases[] = {
		{"CREATE TABLE t (a INT PRIMARY KEY, b INT PRIMARY KEY)", "t", 1, 36, 1, 17},
		{"CREATE TABLE t (a INT, b INT,\n  PRIMARY KEY (a),\n  PRIMARY KEY (b))", "t", 3, 3, 2, 3},
		{"CREATE TABLE s.t (a INT PRIMARY KEY, b INT, PRIMARY KEY (b))", "s.t", 1, 45, 1, 19},
		{"CREATE TABLE t (a INT, b INT, PRIMARY KEY (a), b2 INT PRIMARY KEY)", "t", 1, 48, 1, 31},
		/* Phoenix's CONSTRAINT form, without a comma */
		{"CREATE TABLE t (a INT, b INT CONSTRAINT pk PRIMARY KEY (a) CONSTRAINT pk2 PRIMARY KEY (b))", "t",
		 1, 75, 1, 44},
		/* a plain second clause cannot follow without a comma: still the second key */
		{"CREATE TABLE t (a INT, b INT, PRIMARY KEY (a) PRIMARY KEY (b))", "t", 1, 47, 1, 31},
		{"CREATE VIEW v (a INT PRIMARY KEY, PRIMARY KEY (a)) AS SELECT * FROM t", "v", 1, 35, 1, 16},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char msg[64];
		snprintf(msg, sizeof msg, "table %s declares more than one primary key", cases[i].name);
		expect_error_note(cases[i].sql, KP_R_BAD_KEY, msg, cases[i].line, cases[i].col,
		                  "its first primary key is declared here", cases[i].nline, cases[i].ncol);
	}
	/* one column's PRIMARY KEY written twice */
	expect_error("CREATE TABLE t (a INT PRIMARY KEY DESC PRIMARY KEY, b INT)",
	             "PRIMARY KEY written twice for one column", 1, 40);
	/* a PRIMARY that is not a second key stays a syntax error */
	expect_error("CREATE TABLE t (a INT, PRIMARY PRIMARY KEY (a))", "syntax error near 'PRIMARY'", 1, 32);
}

static void test_syntax_errors(void)
{
	expect_error("SELECT * FROM WHERE a = 1", "syntax error near 'WHERE'", 1, 15);
	expect_error("SELECT * FROM t WHERE", "syntax error: statement is incomplete at end of input", 1, 22);
	expect_error("SELECT * FROM t WHERE a =;", "syntax error near ';': statement is incomplete", 1, 26);
	expect_error("CREATE TABLE t (a INT,\n  PRIMARY KEY a)", "syntax error near 'a'", 2, 15);
	expect_error("SELECT 'abc", "unterminated string literal", 1, 8);
}

/* A bad byte is reported once, though the driver reads past it again: a
 * look-ahead (NEXT decides on the token after it) and the trial parse of
 * the text before a missing ';'. */
static void test_lexical_error_reported_once(void)
{
	static const struct { const char *sql; uint32_t col; int nstmts; } cases[] = {
		{"SELECT next ^ FROM t", 13, 0},
		{"SELECT * FROM t /* \xff */ SELECT * FROM u", 20, 2},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		kp_diags d;
		kp_source src;
		kp_list l = parse(cases[i].sql, &d, &src);
		CU_ASSERT_EQUAL(l.n, (uint32_t)cases[i].nstmts);
		CU_ASSERT_PTR_NOT_NULL_FATAL(d.head);
		CU_ASSERT_EQUAL(d.head->rule, KP_R_LEXICAL);
		uint32_t ln, c;
		kp_source_linecol(&src, d.head->off, &ln, &c);
		CU_ASSERT_EQUAL(c, cases[i].col);
		int lexical = 0;
		for (const kp_diag *g = d.head; g; g = g->next)
			lexical += g->rule == KP_R_LEXICAL;
		CU_ASSERT_EQUAL(lexical, 1);
		kp_source_free(&src);
	}
}

static void test_bad_comment_keeps_statement(void)
{
	kp_diags d;
	kp_source src;
	/* a bad byte in a comment is an error, but the statements around it stand */
	kp_list l = parse("SELECT * -- \xff\nFROM t;\n-- tail \xfe", &d, &src);
	CU_ASSERT_EQUAL(l.n, 1);
	CU_ASSERT_EQUAL(d.count[KP_SEV_ERROR], 2);
	kp_source_free(&src);
}

static void test_error_recovery_at_next_statement(void)
{
	kp_diags d;
	kp_source src;
	kp_list l = parse("SELECT FROM;\nSELECT * FROM t WHERE a = 1;\nSELEC x;\nDELETE FROM t", &d, &src);
	CU_ASSERT_EQUAL(l.n, 2);
	CU_ASSERT_EQUAL(d.count[KP_SEV_ERROR], 2);
	kp_source_free(&src);
}

static void test_joins_subqueries_and_set_operations_are_unsupported(void)
{
	expect_error("SELECT * FROM a JOIN b ON a.x = b.x", "joins are not supported: keyplan plans single-table statements", 1, 17);
	expect_error("SELECT * FROM a, b", "comma joins (FROM a, b) are not supported: keyplan plans single-table statements", 1, 16);
	expect_error("SELECT * FROM t WHERE a IN (SELECT b FROM u)", "subqueries are not supported", 1, 29);
	expect_error("WITH x AS (SELECT 1) SELECT * FROM x", "WITH (common table expressions) is not supported", 1, 1);
	expect_error("SELECT a FROM t UNION SELECT a FROM u", "set operations (UNION, INTERSECT, EXCEPT) are not supported", 1, 17);
	expect_error("SELECT * FROM (SELECT * FROM u)", "derived tables (FROM (SELECT ...)) are not supported", 1, 15);
	expect_error("SELECT * FROM t WHERE EXISTS (SELECT 1 FROM u)", "subqueries are not supported", 1, 31);
	expect_error("SELECT * FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.a = t.a)", "subqueries are not supported", 1, 35);
	expect_error("SELECT a, rank() OVER (PARTITION BY b ORDER BY a) FROM t", "window functions (OVER) are not supported", 1, 18);
	expect_error("SELECT * FROM t WHERE a = ANY (SELECT a FROM u)", "subqueries are not supported", 1, 32);
}

static void test_hints_parse_with_arguments_and_malformed_ones_are_errors(void)
{
	kp_diags d;
	kp_source src;
	kp_list l = parse("SELECT /*+ _l_force_index_('a', b), _l_hot_only_, x(1) */ * FROM t", &d, &src);
	CU_ASSERT_PTR_NULL(d.head);
	kp_stmt *s = l.items[0];
	CU_ASSERT_EQUAL(s->hints.n, 3);
	kp_hint *h = s->hints.items[0];
	CU_ASSERT_TRUE(kp_name_eq(&h->name, "_l_force_index_"));
	CU_ASSERT_EQUAL(h->args.n, 2);
	kp_source_free(&src);
	parse("SELECT /*+ a(1 */ * FROM t", &d, &src);
	CU_ASSERT_PTR_NOT_NULL(d.head);
	CU_ASSERT_STRING_EQUAL(d.head ? d.head->message : "", "malformed hint: missing ')'");
	kp_source_free(&src);
	parse("SELECT /*+ a = 1 */ * FROM t", &d, &src);
	CU_ASSERT_STRING_EQUAL(d.head ? d.head->message : "",
	                       "malformed hint near '='; expected name or name('arg', ...)");
	kp_source_free(&src);
	/* empty entries and stray literals between hints */
	l = parse("SELECT /*+ , a, , b('x', 2, c) */ * FROM t", &d, &src);
	CU_ASSERT_PTR_NULL(d.head);
	s = l.items[0];
	CU_ASSERT_EQUAL_FATAL(s->hints.n, 2);
	h = s->hints.items[1];
	CU_ASSERT_EQUAL(h->args.n, 3);
	kp_source_free(&src);
	parse("SELECT /*+ 'x' */ * FROM t", &d, &src);
	CU_ASSERT_STRING_EQUAL(d.head ? d.head->message : "",
	                       "malformed hint near ''x''; expected name or name('arg', ...)");
	kp_source_free(&src);
	parse("SELECT /*+ a(b(1)) */ * FROM t", &d, &src);
	CU_ASSERT_STRING_EQUAL(d.head ? d.head->message : "",
	                       "malformed hint near '('; expected name or name('arg', ...)");
	kp_source_free(&src);
	/* a hint comment anywhere but right after the verb is a plain comment
	 * to the stores: reported, and not read */
	l = parse("UPSERT INTO /*+ _l_ts_(3000) */ t (a) VALUES (1)", &d, &src);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	CU_ASSERT_EQUAL(((kp_stmt *)l.items[0])->hints.n, 0);
	CU_ASSERT_STRING_EQUAL(d.head ? d.head->message : "",
	                       "a hint comment is read only right after SELECT, UPSERT, INSERT, UPDATE or DELETE: "
	                       "the store ignores this one");
	CU_ASSERT_EQUAL(d.head ? d.head->off : 0, 12);
	kp_source_free(&src);
	l = parse("/*+ _l_allow_filtering_ */ SELECT * FROM t; SELECT * FROM t /*+ a */ WHERE b = 1; "
	          "EXPLAIN SELECT /*+ c */ 1; DELETE /*+ d */ FROM t; UPDATE /*+ e */ t SET a = 1", &d, &src);
	CU_ASSERT_EQUAL_FATAL(l.n, 5);
	CU_ASSERT_EQUAL(((kp_stmt *)l.items[0])->hints.n, 0);
	CU_ASSERT_EQUAL(((kp_stmt *)l.items[1])->hints.n, 0);
	CU_ASSERT_EQUAL(((kp_stmt *)l.items[2])->hints.n, 1);
	CU_ASSERT_EQUAL(((kp_stmt *)l.items[3])->hints.n, 1);
	CU_ASSERT_EQUAL(((kp_stmt *)l.items[4])->hints.n, 1);
	CU_ASSERT_EQUAL(d.count[KP_SEV_WARNING], 2);
	kp_source_free(&src);
	/* a ninth hint comment is reported, not dropped in silence */
	l = parse("SELECT /*+ a */ /*+ b */ /*+ c */ /*+ d */ /*+ e */ /*+ f */ /*+ g */ /*+ h */ /*+ i */ * FROM t",
	          &d, &src);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	CU_ASSERT_EQUAL(((kp_stmt *)l.items[0])->hints.n, 8);
	CU_ASSERT_STRING_EQUAL(d.head ? d.head->message : "",
	                       "more than 8 hint comments in one statement: this one is ignored");
	kp_source_free(&src);
}

static void test_comma_joins_long_tokens_and_long_statements(void)
{
	expect_error("DELETE FROM a, b WHERE x = 1", "comma joins (FROM a, b) are not supported: keyplan plans single-table statements", 1, 14);
	expect_error("SELECT a FROM t INTERSECT SELECT a FROM u", "set operations (UNION, INTERSECT, EXCEPT) are not supported", 1, 17);
	expect_error("SELECT a FROM t EXCEPT SELECT a FROM u", "set operations (UNION, INTERSECT, EXCEPT) are not supported", 1, 17);
	/* a long token is quoted up to 40 bytes, cut on a character boundary */
	expect_error("SELECT * FROM t WHERE a = 1 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9" "bbbb = 2",
	             "syntax error near 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9...'", 1, 29);
	expect_error("SELECT * FROM t WHERE a = 1 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\xc3\xa9" "bbbb = 2",
	             "syntax error near 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...'", 1, 29);
	expect_error("SELECT a FROM t LEFT JOIN u ON t.a = u.a", "joins are not supported: keyplan plans single-table statements", 1, 22);
	/* a comma inside parentheses after FROM is not a join */
	expect_ok("SELECT * FROM t WHERE (a, b) IN ((1, 2))", KP_S_SELECT);
	/* a statement over the length limit */
	size_t n = KP_MAX_STMT_BYTES + 64;
	char *big = malloc(n + 64);
	strcpy(big, "SELECT * FROM t WHERE a IN (1");
	size_t len = strlen(big);
	while (len < n) {
		memcpy(big + len, ", 1", 3);
		len += 3;
	}
	strcpy(big + len, ")");
	kp_diags d;
	kp_source src;
	parse(big, &d, &src);
	CU_ASSERT_PTR_NOT_NULL(d.head);
	CU_ASSERT_STRING_EQUAL(d.head ? d.head->message : "", "statement longer than 16777216 bytes");
	kp_source_free(&src);
	free(big);
}

/* The driver's fast path (tokens no check looks at: a literal, a name)
 * still holds a statement to its length limit: one string literal past
 * it, after the statement's words, fails at the statement's start, and
 * the next statement is read. */
static void test_literal_past_the_length_limit_fails_its_statement(void)
{
	const char *head = "SELECT * FROM t WHERE a = 1 AND b = '";
	size_t hl = strlen(head), n = KP_MAX_STMT_BYTES;
	char *big = malloc(hl + n + 64);
	memcpy(big, head, hl);
	memset(big + hl, 'x', n);
	strcpy(big + hl + n, "';\nSELECT * FROM u");
	kp_diags d;
	kp_source src;
	kp_list l = parse(big, &d, &src);
	CU_ASSERT_EQUAL(d.count[KP_SEV_ERROR], 1);
	CU_ASSERT_STRING_EQUAL(d.head ? d.head->message : "", "statement longer than 16777216 bytes");
	CU_ASSERT_EQUAL(d.head ? d.head->off : 1, 0);
	CU_ASSERT_EQUAL(d.head ? d.head->rule : 0, KP_R_LIMITS);
	CU_ASSERT_EQUAL(l.n, 1);   /* the second statement */
	CU_ASSERT_EQUAL(l.n ? ((kp_stmt *)l.items[0])->kind : 0, KP_S_SELECT);
	CU_ASSERT_EQUAL(l.n ? ((kp_stmt *)l.items[0])->off : 0, (uint32_t)(hl + n + 3));
	/* one byte shorter in all, the statement is read */
	kp_source_free(&src);
	size_t fit = KP_MAX_STMT_BYTES - hl - 1;   /* its quote's end at the limit */
	memset(big + hl, 'x', fit);
	strcpy(big + hl + fit, "'");
	l = parse(big, &d, &src);
	CU_ASSERT_EQUAL(d.count[KP_SEV_ERROR], 0);
	CU_ASSERT_EQUAL(l.n, 1);
	kp_source_free(&src);
	free(big);
}

/* A name is at most 1024 bytes (KP_MAX_IDENT_BYTES), written plain or
 * quoted (its quotes not counted): one more is a limits error at the name;
 * 1024 reads. */
static void test_name_past_1024_bytes_is_input_limit_error(void)
{
	char sql[1200], name[1100];
	memset(name, 'a', 1025);
	name[1025] = 0;
	snprintf(sql, sizeof sql, "SELECT * FROM t WHERE %s = 1", name);
	expect_error(sql, "name longer than 1024 bytes", 1, 23);
	snprintf(sql, sizeof sql, "SELECT * FROM %s", name);
	expect_error(sql, "name longer than 1024 bytes", 1, 15);
	snprintf(sql, sizeof sql, "SELECT * FROM t WHERE \"%s\" = 1", name);
	expect_error(sql, "name longer than 1024 bytes", 1, 23);
	name[1024] = 0;
	snprintf(sql, sizeof sql, "SELECT * FROM t WHERE %s = 1", name);
	expect_ok(sql, KP_S_SELECT);
	snprintf(sql, sizeof sql, "SELECT * FROM t WHERE `%s` = 1", name);
	expect_ok(sql, KP_S_SELECT);
}

static void test_nesting_past_limit_is_input_limit_error(void)
{
	char *deep = malloc(300 * 2 + 64);
	strcpy(deep, "SELECT * FROM t WHERE ");
	for (int i = 0; i < 300; i++)
		strcat(deep, "(");
	strcat(deep, "a");
	expect_error(deep, "parentheses nested more than 256 levels deep", 1, 23 + 256);
	free(deep);
	char *nots = malloc(5000 * 4 + 64);
	strcpy(nots, "SELECT * FROM t WHERE ");
	for (int i = 0; i < 5000; i++)
		strcat(nots, "NOT ");
	strcat(nots, "a");
	kp_diags d;
	kp_source src;
	parse(nots, &d, &src);
	CU_ASSERT_PTR_NOT_NULL(d.head);
	CU_ASSERT_EQUAL(d.head ? (int)d.head->rule : -1, KP_R_LIMITS);
	kp_source_free(&src);
	free(nots);
	/* a limit met by the statement's last reduction, at its ';' */
	char *in = malloc(100001 * 2 + 64);
	strcpy(in, "SELECT * FROM t WHERE a IN (");
	char *p = in + strlen(in);
	for (int i = 0; i < 100001; i++) {
		*p++ = '0';
		*p++ = ',';
	}
	strcpy(p - 1, ");");
	expect_error(in, "IN list longer than 100000 values", 1, 23);
	free(in);
}

static int setup(void)
{
	kp_arena_init(&arena);
	return 0;
}

static int teardown(void)
{
	kp_arena_free(&arena);
	return 0;
}

KPT_SUITE("parser", setup, teardown,
	{"CREATE TABLE forms", test_create_table_forms},
	{"CREATE INDEX and DROP forms", test_index_and_drop_forms},
	{"SELECT forms", test_select_forms},
	{"SELECT clauses", test_select_clauses},
	{"INSERT, UPDATE, DELETE forms", test_dml_forms},
	{"statements of the source documents", test_seed_statements},
	{"chained comparison", test_chained_comparison_ast},
	{"rendering keeps precedence", test_render_precedence},
	{"rendering every form", test_render_every_form},
	{"syntax errors are located", test_syntax_errors},
	{"a SELECT clause out of order or repeated names both clauses", test_clause_order_errors},
	{"a second primary key is reported at it with a note at the first", test_second_primary_key},
	{"recovery at the next statement", test_error_recovery_at_next_statement},
	{"a bad comment keeps its statement", test_bad_comment_keeps_statement},
	{"a bad byte read again by a look-ahead or a trial parse is reported once", test_lexical_error_reported_once},
	{"joins, subqueries, CTEs, set operations and window functions are reported as unsupported", test_joins_subqueries_and_set_operations_are_unsupported},
	{"nesting past the limit is an input-limit error", test_nesting_past_limit_is_input_limit_error},
	{"a literal past the length limit fails its statement, the next is read", test_literal_past_the_length_limit_fails_its_statement},
	{"hints parse with their arguments; malformed ones are errors", test_hints_parse_with_arguments_and_malformed_ones_are_errors},
	{"a name past 1024 bytes is a limits error at the name", test_name_past_1024_bytes_is_input_limit_error},
	{"comma joins, a long token quoted to 40 bytes, a statement over the length limit", test_comma_joins_long_tokens_and_long_statements},
	{"query clauses", test_query_clauses},
	{"query expressions", test_query_expressions},
	{"UPSERT forms", test_upsert_forms},
	{"missing ';'", test_missing_semicolon},
	{"forms of real statements", test_real_statement_forms},
	{"byte-order mark", test_bom})
