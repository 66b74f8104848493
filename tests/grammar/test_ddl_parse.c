/* Parser: the DDL of Phoenix's language reference, Lindorm's wide-table SQL
 * reference and Tablestore's mapping tables, each form asserting its AST;
 * the statements keyplan recognises and skips; the DDL errors' messages. */
#include <stdlib.h>
#include <string.h>

#include "kp_test.h"

static kp_arena arena;
static kp_source src;
static kp_diags d;

/* Parses sql afresh (src, arena and d made anew): its statements. */
static kp_list parse_text(const char *sql)
{
	kp_list l = {0};
	kp_source_free(&src);
	kp_source_from_string(&src, "t.sql", sql, strlen(sql));
	memset(&d, 0, sizeof d);
	kp_arena_reset(&arena);
	kp_parse_all(&l, &src, &arena, &d);
	return l;
}

/* Parses one statement that must have no diagnostic. */
static kp_stmt *one(const char *sql, kp_stmt_kind kind)
{
	kp_list l = parse_text(sql);
	if (d.head)
		fprintf(stderr, "\n  unexpected: %s\n  in: %s\n", d.head->message, sql);
	CU_ASSERT_PTR_NULL(d.head);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	kp_stmt *s = l.items[0];
	if (s->kind != kind)
		fprintf(stderr, "\n  kind %s, want %s: %s\n", kp_stmt_kind_name(s->kind), kp_stmt_kind_name(kind), sql);
	CU_ASSERT_EQUAL_FATAL(s->kind, kind);
	return s;
}

static void error_at(const char *sql, const char *message, uint32_t line, uint32_t col)
{
	parse_text(sql);   /* its diagnostics, in d */
	CU_ASSERT_PTR_NOT_NULL_FATAL(d.head);
	uint32_t ln, c;
	kp_source_linecol(&src, d.head->off, &ln, &c);
	if (strcmp(d.head->message, message) || ln != line || c != col)
		fprintf(stderr, "\n  got: %s at %u:%u\n  want: %s at %u:%u\n", d.head->message, ln, c, message, line, col);
	CU_ASSERT_STRING_EQUAL(d.head->message, message);
	CU_ASSERT_EQUAL(ln, line);
	CU_ASSERT_EQUAL(c, col);
}

static int name_is(const kp_name *n, const char *s)
{
	return n->s && kp_name_eq(n, s);
}

static const kp_coldef *col(const kp_stmt *s, uint32_t i)
{
	CU_ASSERT_FATAL(i < s->u.create_table.cols.n);
	return s->u.create_table.cols.items[i];
}

static const kp_keypart *pkpart(const kp_stmt *s, uint32_t i)
{
	CU_ASSERT_FATAL(i < s->u.create_table.pk.n);
	return s->u.create_table.pk.items[i];
}

static void test_phoenix_create_table(void)
{
	/* CONSTRAINT without a comma, DESC and ROW_TIMESTAMP in it, families, options, SPLIT ON */
	kp_stmt *s = one("CREATE TABLE IF NOT EXISTS my_schema.metrics (host CHAR(50) NOT NULL, "
	                 "created DATE NOT NULL, m.cpu DECIMAL(10, 2), i.io UNSIGNED_LONG "
	                 "CONSTRAINT pk PRIMARY KEY (host ASC, created DESC ROW_TIMESTAMP)) "
	                 "SALT_BUCKETS = 16, m.VERSIONS = 5, DATA_BLOCK_ENCODING = 'NONE', TTL = 86400 "
	                 "SPLIT ON ('a', 'm', ?)", KP_S_CREATE_TABLE);
	const kp_create_table *t = &s->u.create_table;
	CU_ASSERT_TRUE(name_is(&t->name, "my_schema.metrics"));
	CU_ASSERT_TRUE(t->if_not_exists);
	CU_ASSERT_EQUAL(t->cols.n, 4);
	CU_ASSERT_TRUE(t->has_pk);
	CU_ASSERT_EQUAL(t->pk.n, 2);
	CU_ASSERT_FALSE(pkpart(s, 0)->desc);
	CU_ASSERT_TRUE(pkpart(s, 1)->desc);
	CU_ASSERT_TRUE(pkpart(s, 1)->row_timestamp);
	CU_ASSERT_TRUE(name_is(&col(s, 2)->family, "m"));
	CU_ASSERT_TRUE(name_is(&col(s, 2)->name, "cpu"));
	CU_ASSERT_EQUAL(col(s, 2)->targs[1], 2);
	CU_ASSERT_TRUE(name_is(&col(s, 3)->type, "UNSIGNED_LONG"));
	CU_ASSERT_EQUAL(t->options.n, 4);
	const kp_option *o = t->options.items[1];
	CU_ASSERT_TRUE(name_is(&o->family, "m"));
	CU_ASSERT_TRUE(name_is(&o->key, "VERSIONS"));
	CU_ASSERT_EQUAL(o->value->ival, 5);
	/* a comma before CONSTRAINT too; inline PRIMARY KEY DESC ROW_TIMESTAMP */
	s = one("CREATE TABLE t (a VARCHAR, b INTEGER, CONSTRAINT pk PRIMARY KEY (a, b))", KP_S_CREATE_TABLE);
	CU_ASSERT_EQUAL(s->u.create_table.pk.n, 2);
	s = one("CREATE IMMUTABLE TABLE t (ts TIMESTAMP NOT NULL PRIMARY KEY DESC ROW_TIMESTAMP, v VARCHAR)",
	        KP_S_CREATE_TABLE);
	CU_ASSERT_TRUE(col(s, 0)->primary_key && col(s, 0)->pk_desc && col(s, 0)->row_timestamp);
	/* arrays */
	s = one("CREATE TABLE t (k INTEGER PRIMARY KEY, a VARCHAR ARRAY, b INTEGER[], c CHAR(10) ARRAY[5], "
	        "d DOUBLE[3], e BIGINT)", KP_S_CREATE_TABLE);
	for (uint32_t i = 1; i <= 4; i++)
		CU_ASSERT_TRUE(col(s, i)->is_array);
	CU_ASSERT_FALSE(col(s, 5)->is_array);
	CU_ASSERT_EQUAL(col(s, 3)->targs[0], 10);
	/* the documents' NOT NULL before the type; a column of an HBase table without a type */
	s = one("CREATE TABLE t (created NOT NULL DATE, v CHAR(15) CONSTRAINT pk PRIMARY KEY (created ROW_TIMESTAMP))",
	        KP_S_CREATE_TABLE);
	CU_ASSERT_TRUE(col(s, 0)->not_null);
	CU_ASSERT_TRUE(name_is(&col(s, 0)->type, "DATE"));
	s = one("CREATE TABLE t (k VARCHAR PRIMARY KEY, d DATE DEFAULT TO_DATE('2020-01-01', 'yyyy-MM-dd'))",
	        KP_S_CREATE_TABLE);
	CU_ASSERT_EQUAL(col(s, 1)->dflt->kind, KP_X_FUNC);
	CU_ASSERT_EQUAL(col(s, 1)->dflt->n, 2);
	s = one("CREATE TABLE t (id BIGINT NOT NULL PRIMARY KEY, date)", KP_S_CREATE_TABLE);
	CU_ASSERT_TRUE(col(s, 1)->untyped);
	/* Lindorm: PARTITION BY HASH with a salt factor, RANGE TIME, ZORDER BY, WITH (...) */
	s = one("CREATE TABLE t (p1 VARCHAR, p2 BIGINT, c1 INT, PRIMARY KEY (p1, p2)) "
	        "PARTITION BY HASH (p1(4), p2) PARTITIONS 16 ZORDER BY (c1) WITH (TTL = '2592000', 'COMPRESSION' = 'ZSTD')",
	        KP_S_CREATE_TABLE);
	CU_ASSERT_EQUAL(s->u.create_table.partition.n, 2);
	CU_ASSERT_TRUE(name_is(s->u.create_table.partition.items[0], "p1"));
	one("CREATE TABLE t (p1 VARCHAR, ts BIGINT, PRIMARY KEY (p1, ts)) PARTITION BY RANGE TIME (ts) PARTITIONS 4",
	    KP_S_CREATE_TABLE);
	/* Tablestore mapping table */
	s = one("CREATE TABLE exampletable (id BIGINT(20), colvalue MEDIUMTEXT, PRIMARY KEY (id)) "
	        "ENGINE='tablestore', ENGINE_ATTRIBUTE='{\"consistency\": \"eventual\"}'", KP_S_CREATE_TABLE);
	CU_ASSERT_EQUAL(s->u.create_table.options.n, 2);
	/* Phoenix's NOVERIFY, the last word */
	one("CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER) NOVERIFY", KP_S_CREATE_TABLE);
	one("CREATE TABLE t (id INTEGER PRIMARY KEY) TTL = 10 NOVERIFY", KP_S_CREATE_TABLE);
	/* a second PRIMARY KEY is the grammar's error at the second clause */
	error_at("CREATE TABLE t (a INT, b INT CONSTRAINT p1 PRIMARY KEY (a), CONSTRAINT p2 PRIMARY KEY (b))",
	         "table t declares more than one primary key", 1, 75);
}

static const kp_keypart *ixpart(const kp_stmt *s, uint32_t i)
{
	CU_ASSERT_FATAL(i < s->u.create_index.parts.n);
	return s->u.create_index.parts.items[i];
}

static void test_create_index(void)
{
	/* Phoenix: functional keys, DESC, INCLUDE with families, ASYNC, options, SPLIT ON */
	kp_stmt *s = one("CREATE LOCAL INDEX IF NOT EXISTS my_idx ON sales.opportunity "
	                 "(UPPER(contact_name || ' ' || last), k1 / k2 DESC, cf.created) "
	                 "INCLUDE (cf.name, payload) ASYNC SALT_BUCKETS = 10, a.VERSIONS = 2 SPLIT ON ('a')",
	                 KP_S_CREATE_INDEX);
	const kp_indexdef *x = &s->u.create_index;
	CU_ASSERT_TRUE(x->local && !x->uncovered && !x->unique && x->if_not_exists);
	CU_ASSERT_TRUE(name_is(&x->table, "sales.opportunity"));
	CU_ASSERT_EQUAL(x->parts.n, 3);
	CU_ASSERT_PTR_NOT_NULL(ixpart(s, 0)->expr);
	CU_ASSERT_EQUAL(ixpart(s, 0)->expr->kind, KP_X_FUNC);
	CU_ASSERT_EQUAL(ixpart(s, 1)->expr->kind, KP_X_ARITH);
	CU_ASSERT_TRUE(ixpart(s, 1)->desc);
	CU_ASSERT_PTR_NULL(ixpart(s, 2)->expr);
	CU_ASSERT_TRUE(name_is(&ixpart(s, 2)->col, "created"));
	CU_ASSERT_TRUE(name_is(&ixpart(s, 2)->colfamily, "cf"));
	CU_ASSERT_EQUAL(x->include.n, 2);
	CU_ASSERT_TRUE(name_is(x->include.items[0], "name"));
	CU_ASSERT_EQUAL(x->options.n, 2);
	/* UNCOVERED, partial (WHERE) */
	s = one("CREATE UNCOVERED INDEX u ON t (v1) WHERE v2 > 3 AND v3 = 'x'", KP_S_CREATE_INDEX);
	CU_ASSERT_TRUE(s->u.create_index.uncovered);
	CU_ASSERT_EQUAL(s->u.create_index.where->kind, KP_X_AND);
	/* Lindorm: search index column options, PARTITION BY, WITH (...) */
	s = one("CREATE INDEX IF NOT EXISTS idx USING SEARCH ON dt (c1, c2 DESC, c3(type=text, analyzer=ik)) "
	        "INCLUDE (c4) PARTITION BY ENUMERABLE (c1) ASYNC WITH (numShards = 4, 'INDEX_SETTINGS' = '{}')",
	        KP_S_CREATE_INDEX);
	x = &s->u.create_index;
	CU_ASSERT_TRUE(name_is(&x->using, "SEARCH"));
	CU_ASSERT_EQUAL(x->parts.n, 3);
	CU_ASSERT_TRUE(name_is(&ixpart(s, 2)->col, "c3"));
	CU_ASSERT_EQUAL(ixpart(s, 2)->colopts.n, 2);
	const kp_option *o = ixpart(s, 2)->colopts.items[1];
	CU_ASSERT_TRUE(name_is(&o->key, "analyzer"));
	CU_ASSERT_TRUE(name_is(&o->value->name, "ik"));
	CU_ASSERT_PTR_NULL(ixpart(s, 2)->expr);
	CU_ASSERT_EQUAL(x->options.n, 2);
	/* Lindorm columnar: every column */
	s = one("CREATE INDEX c USING COLUMNAR ON t (*) PARTITION BY ENUMERABLE (p, bucket(128, q)) "
	        "WITH (`lindorm_columnar.user.index.database` = 'db')", KP_S_CREATE_INDEX);
	CU_ASSERT_TRUE(s->u.create_index.all_columns);
	s = one("CREATE INDEX c USING COLUMNAR ON t ('*')", KP_S_CREATE_INDEX);
	CU_ASSERT_TRUE(s->u.create_index.all_columns);
	CU_ASSERT_EQUAL(s->u.create_index.parts.n, 0);
	/* KV without a name, MySQL prefix length */
	s = one("CREATE INDEX USING KV ON t (a(10), b) SYNC", KP_S_CREATE_INDEX);
	CU_ASSERT_TRUE(ixpart(s, 0)->prefix_len);
	CU_ASSERT_TRUE(name_is(&s->u.create_index.using, "KV"));
	CU_ASSERT_PTR_NULL(s->u.create_index.name.s);
	s = one("CREATE UNIQUE INDEX u USING HASH ON t (a)", KP_S_CREATE_INDEX);
	CU_ASSERT_TRUE(name_is(&s->u.create_index.using, "HASH") && name_is(&s->u.create_index.name, "u"));
}

static void test_views_alter_drop(void)
{
	kp_stmt *s = one("CREATE VIEW IF NOT EXISTS v (new_col SMALLINT, n2 VARCHAR) AS SELECT * FROM my_table "
	                 "WHERE k = 100 UPDATE_CACHE_FREQUENCY = 900000", KP_S_CREATE_VIEW);
	const kp_create_table *v = &s->u.create_table;
	CU_ASSERT_TRUE(name_is(&v->name, "v") && name_is(&v->base, "my_table") && v->if_not_exists);
	CU_ASSERT_EQUAL(v->cols.n, 2);
	CU_ASSERT_EQUAL(v->view_where->kind, KP_X_CMP);
	CU_ASSERT_EQUAL(v->options.n, 1);
	CU_ASSERT_PTR_NULL(v->view_unsupported);
	s = one("CREATE VIEW \"hb\" (k VARCHAR PRIMARY KEY, \"v\" UNSIGNED_LONG) default_column_family='a'",
	        KP_S_CREATE_VIEW);
	CU_ASSERT_PTR_NULL(s->u.create_table.base.s);
	/* shapes keyplan cannot plan: recognised, not a syntax error */
	s = one("CREATE VIEW j AS SELECT a.x FROM t1 a JOIN t2 b ON a.x = b.y", KP_S_CREATE_VIEW);
	CU_ASSERT_STRING_EQUAL(s->u.create_table.view_unsupported,
	                       "joins are not supported: keyplan plans single-table statements");
	CU_ASSERT_TRUE(name_is(&s->u.create_table.base, "t1"));
	s = one("CREATE VIEW g AS SELECT * FROM s.t1 GROUP BY x", KP_S_CREATE_VIEW);
	CU_ASSERT_STRING_EQUAL(s->u.create_table.view_unsupported,
	                       "a view whose query is not SELECT * FROM table [WHERE ...]");
	CU_ASSERT_EQUAL(s->u.create_table.view_unsupported_off, 36);
	CU_ASSERT_TRUE(name_is(&s->u.create_table.base, "s.t1"));
	s = one("CREATE VIEW a1 AS SELECT * FROM t1 AS x WHERE x.a = 1", KP_S_CREATE_VIEW);
	CU_ASSERT_PTR_NOT_NULL(s->u.create_table.view_unsupported);
	CU_ASSERT_TRUE(name_is(&s->u.create_table.base, "t1"));
	s = one("CREATE VIEW a2 AS SELECT * FROM t1 x WHERE x.a = 1", KP_S_CREATE_VIEW);
	CU_ASSERT_PTR_NOT_NULL(s->u.create_table.view_unsupported);
	s = one("CREATE VIEW a3 AS SELECT * FROM t1 TTL = 5, a.VERSIONS = 2", KP_S_CREATE_VIEW);
	CU_ASSERT_PTR_NULL(s->u.create_table.view_unsupported);
	CU_ASSERT_EQUAL(s->u.create_table.options.n, 2);
	s = one("CREATE VIEW c AS SELECT a, b FROM t1 WHERE a = 1", KP_S_CREATE_VIEW);
	CU_ASSERT_PTR_NOT_NULL(s->u.create_table.view_unsupported);
	s = one("CREATE VIEW u AS SELECT * FROM t1 UNION ALL SELECT * FROM t2", KP_S_CREATE_VIEW);
	CU_ASSERT_STRING_EQUAL(s->u.create_table.view_unsupported,
	                       "set operations (UNION, INTERSECT, EXCEPT) are not supported");
	/* ALTER TABLE / VIEW */
	s = one("ALTER TABLE my_schema.t ADD IF NOT EXISTS d.dept_id CHAR(10), p CHAR(15) NULL PRIMARY KEY VERSIONS = 10",
	        KP_S_ALTER_TABLE);
	CU_ASSERT_EQUAL(s->u.alter.action, KP_ALTER_ADD);
	CU_ASSERT_TRUE(s->u.alter.if_flag);
	CU_ASSERT_EQUAL(s->u.alter.cols.n, 2);
	CU_ASSERT_EQUAL(s->u.alter.options.n, 1);
	CU_ASSERT_TRUE(((kp_coldef *)s->u.alter.cols.items[1])->primary_key);
	s = one("ALTER TABLE t ADD COLUMN (c1 INT, c2 VARCHAR)", KP_S_ALTER_TABLE);
	CU_ASSERT_EQUAL(s->u.alter.cols.n, 2);
	s = one("ALTER TABLE t ADD c INT CASCADE INDEX ALL", KP_S_ALTER_TABLE);
	s = one("ALTER VIEW v DROP COLUMN IF EXISTS d.dept_id, parent_id", KP_S_ALTER_TABLE);
	CU_ASSERT_TRUE(s->u.alter.is_view && s->u.alter.if_flag && s->u.alter.action == KP_ALTER_DROP);
	CU_ASSERT_EQUAL(s->u.alter.cols.n, 2);
	s = one("ALTER TABLE t SET IMMUTABLE_ROWS = true, DISABLE_WAL = true", KP_S_ALTER_TABLE);
	CU_ASSERT_EQUAL(s->u.alter.options.n, 2);
	s = one("ALTER TABLE t SET ('TTL' = '86400')", KP_S_ALTER_TABLE);
	CU_ASSERT_EQUAL(s->u.alter.options.n, 1);
	/* ALTER INDEX */
	s = one("ALTER INDEX IF EXISTS idx ON s.t REBUILD ALL ASYNC", KP_S_ALTER_INDEX);
	CU_ASSERT_TRUE(s->u.alter_index.if_exists);
	CU_ASSERT_EQUAL(s->u.alter_index.state, KP_IX_ACTIVE);
	s = one("ALTER INDEX idx ON t DISABLE", KP_S_ALTER_INDEX);
	CU_ASSERT_EQUAL(s->u.alter_index.state, KP_IX_DISABLED);
	s = one("ALTER INDEX idx ON t UNUSABLE", KP_S_ALTER_INDEX);
	CU_ASSERT_EQUAL(s->u.alter_index.state, KP_IX_UNUSABLE);
	s = one("ALTER INDEX idx ON t ACTIVE SET GUIDE_POSTS_WIDTH = 1", KP_S_ALTER_INDEX);
	CU_ASSERT_EQUAL(s->u.alter_index.options.n, 1);
	s = one("ALTER INDEX IF EXISTS idx ON t ADD COLUMNS (c3, c4(type=text))", KP_S_ALTER_INDEX);
	CU_ASSERT_EQUAL(s->u.alter_index.add.n, 2);
	CU_ASSERT_PTR_NULL(s->u.alter_index.verb.s);
	s = one("ALTER INDEX idx ON t WITH (numShards = 8)", KP_S_ALTER_INDEX);
	CU_ASSERT_PTR_NULL(s->u.alter_index.verb.s);
	/* DROP */
	s = one("DROP VIEW IF EXISTS my_schema.v CASCADE", KP_S_DROP);
	CU_ASSERT_TRUE(s->u.drop.is_view && s->u.drop.if_exists && s->u.drop.cascade);
	s = one("DROP TABLE my_schema.t CASCADE", KP_S_DROP);
	CU_ASSERT_TRUE(!s->u.drop.is_view && s->u.drop.cascade);
	s = one("DROP MAPPING TABLE IF EXISTS exampletable", KP_S_DROP);
	CU_ASSERT_TRUE(s->u.drop.is_mapping && s->u.drop.if_exists);
}

static void skipped(const char *sql, const char *what, const char *name, bool explain)
{
	kp_stmt *s = one(sql, KP_S_SKIPPED);
	if (strcmp(s->u.skipped.what, what))
		fprintf(stderr, "\n  skipped as %s, want %s: %s\n", s->u.skipped.what, what, sql);
	CU_ASSERT_STRING_EQUAL(s->u.skipped.what, what);
	if (name) {
		CU_ASSERT_TRUE(name_is(&s->u.skipped.name, name));
	} else {
		CU_ASSERT_PTR_NULL(s->u.skipped.name.s);
	}
	CU_ASSERT_EQUAL(s->explain, explain);
	CU_ASSERT_EQUAL(s->off, 0);
	CU_ASSERT_EQUAL(s->len, strlen(sql));
}

/* A routine read as one unit: skipped, with one note at the word that
 * names it (offset kw): keyplan does not plan its body. */
static void routine(const char *sql, const char *what, const char *name, uint32_t kw)
{
	kp_list l = parse_text(sql);
	CU_ASSERT_EQUAL_FATAL(l.n, 1);
	kp_stmt *s = l.items[0];
	CU_ASSERT_EQUAL_FATAL(s->kind, KP_S_SKIPPED);
	ASSERT_STR(s->u.skipped.what, what);
	CU_ASSERT_TRUE(name_is(&s->u.skipped.name, name));
	CU_ASSERT_EQUAL(s->len, strlen(sql));
	CU_ASSERT_PTR_NOT_NULL_FATAL(d.head);
	CU_ASSERT_PTR_NULL(d.head->next);
	CU_ASSERT_EQUAL(d.head->rule, KP_R_UNSUPPORTED);
	CU_ASSERT_EQUAL(d.head->severity, KP_SEV_INFO);
	CU_ASSERT_EQUAL(d.head->off, kw);
	char want[160];
	snprintf(want, sizeof want, "%s is read as one unit: keyplan neither models nor plans it, nor the "
	         "statements of its body", what);
	ASSERT_STR(d.head->message, want);
}

/* The national character types of SQL:2016, PostgreSQL and MySQL: each a
 * string type of its length; NATIONAL stays a name elsewhere, and a word
 * after it that names no character type is an error at that word. */
static void test_national_character_types(void)
{
	kp_stmt *s = one("CREATE TABLE t (a NATIONAL CHAR(10) PRIMARY KEY, b NATIONAL VARCHAR(20), "
	                 "c NATIONAL CHARACTER VARYING(3), d NATIONAL CHAR VARYING, e NATIONAL CHARACTER, "
	                 "f NCHAR VARYING(5), g national varcharacter(7), national INT)",
	                 KP_S_CREATE_TABLE);
	CU_ASSERT_EQUAL_FATAL(s->u.create_table.cols.n, 8);
	static const char *const type[] = {"char", "varchar", "varchar", "varchar", "char", "nchar", "varchar", "INT"};
	static const int64_t len[] = {10, 20, 3, 0, 0, 5, 7, 0};
	static const uint32_t nargs[] = {1, 1, 1, 0, 0, 1, 1, 0};
	for (uint32_t i = 0; i < 8; i++) {
		CU_ASSERT_TRUE(name_is(&col(s, i)->type, type[i]));
		CU_ASSERT_EQUAL(col(s, i)->ntargs, nargs[i]);
		CU_ASSERT_EQUAL(col(s, i)->targs[0], len[i]);
	}
	CU_ASSERT_TRUE(name_is(&col(s, 7)->name, "national"));
	CU_ASSERT_TRUE(col(s, 0)->primary_key);
	error_at("CREATE TABLE t (a NATIONAL INT)", "syntax error near 'INT'", 1, 28);
	error_at("CREATE TABLE t (a NATIONAL VARCHAR VARYING(3))", "syntax error near 'VARCHAR'", 1, 28);
}

/* PostgreSQL's COPY ... FROM STDIN (pg_dump's data): its data lines, up to
 * the line "\\.", are the statement's, whatever they hold (';', quotes,
 * backslashes, CRLF); the statement after it is read. Data no "\\." ends
 * runs to the end of the input, said once at COPY. COPY ... TO STDOUT and
 * FROM a file have no data lines. */
static void test_copy_from_stdin_data_is_the_statements(void)
{
	static const char sql[] = "COPY public.t (a, b) FROM stdin;\n"
	                          "x1\t1\n"
	                          "it's; 'here\t\\N\r\n"
	                          "\\.\r\n"
	                          "SELECT * FROM t WHERE a = 'x';\n"
	                          "COPY t TO STDOUT;\n"
	                          "SELECT 1;\n"
	                          "COPY t FROM STDIN WITH (FORMAT csv); -- data\n"
	                          "a,\"b;\n";
	kp_list l = parse_text(sql);
	CU_ASSERT_EQUAL_FATAL(l.n, 5);
	static const kp_stmt_kind kind[] = {KP_S_SKIPPED, KP_S_SELECT, KP_S_SKIPPED, KP_S_SELECT, KP_S_SKIPPED};
	static const char *const text[] = {
		"COPY public.t (a, b) FROM stdin;\nx1\t1\nit's; 'here\t\\N\r\n\\.\r\n",
		"SELECT * FROM t WHERE a = 'x'", "COPY t TO STDOUT", "SELECT 1",
		"COPY t FROM STDIN WITH (FORMAT csv); -- data\na,\"b;\n"};
	for (uint32_t i = 0; i < 5; i++) {
		const kp_stmt *s = l.items[i];
		CU_ASSERT_EQUAL(s->kind, kind[i]);
		CU_ASSERT_EQUAL(s->len, strlen(text[i]));
		CU_ASSERT_TRUE(s->len == strlen(text[i]) && !memcmp(sql + s->off, text[i], s->len));
	}
	CU_ASSERT_STRING_EQUAL(((kp_stmt *)l.items[0])->u.skipped.what, "COPY");
	/* only the last one's data is not ended */
	CU_ASSERT_PTR_NOT_NULL_FATAL(d.head);
	CU_ASSERT_PTR_NULL(d.head->next);
	CU_ASSERT_EQUAL(d.head->rule, KP_R_LEXICAL);
	CU_ASSERT_EQUAL(d.head->severity, KP_SEV_WARNING);
	CU_ASSERT_STRING_EQUAL(d.head->message, "COPY ... FROM STDIN: no line '\\.' ends its data: every line to the end "
	                                        "of the input is read as its data");
	uint32_t ln, c;
	kp_source_linecol(&src, d.head->off, &ln, &c);
	CU_ASSERT_EQUAL(ln, 8);
	CU_ASSERT_EQUAL(c, 1);
}

static void test_recognised_statements_skipped_with_their_errors(void)
{
	skipped("CREATE SEQUENCE IF NOT EXISTS my_schema.my_seq START WITH -1000 INCREMENT BY 10 CACHE 10",
	        "CREATE SEQUENCE", "my_seq", false);
	skipped("DROP SEQUENCE IF EXISTS s", "DROP SEQUENCE", "s", false);
	skipped("CREATE SCHEMA IF NOT EXISTS my_schema", "CREATE SCHEMA", "my_schema", false);
	skipped("DROP SCHEMA my_schema CASCADE", "DROP SCHEMA", "my_schema", false);
	skipped("USE my_schema", "USE", "my_schema", false);
	skipped("USE DEFAULT", "USE", NULL, false);
	skipped("UPDATE STATISTICS my_table INDEX", "UPDATE STATISTICS", "my_table", false);
	skipped("GRANT 'RXWCA' ON TABLE t TO 'user'", "GRANT", NULL, false);
	skipped("REVOKE 'RX' ON SCHEMA s FROM GROUP 'g'", "REVOKE", NULL, false);
	skipped("SHOW TABLES IN s LIKE 'a%'", "SHOW", "TABLES", false);
	skipped("DESCRIBE t", "DESCRIBE", "t", false);
	skipped("DESC t", "DESCRIBE", "t", false);
	skipped("TRUNCATE TABLE t", "TRUNCATE", "t", false);
	skipped("DECLARE c CURSOR FOR SELECT * FROM t WHERE a = (SELECT 1) UNION SELECT 2", "DECLARE CURSOR", "c", false);
	skipped("OPEN c", "OPEN CURSOR", "c", false);
	skipped("FETCH NEXT 10 ROWS FROM c", "FETCH", NULL, false);
	skipped("CLOSE c", "CLOSE CURSOR", "c", false);
	routine("CREATE TEMPORARY FUNCTION f(VARCHAR) RETURNS VARCHAR AS 'com.x.F' USING JAR 'hdfs:/x.jar'",
	        "CREATE FUNCTION", "f", 17);
	routine("CREATE OR REPLACE FUNCTION f(INTEGER CONSTANT DEFAULTVALUE='10') RETURNS INTEGER AS 'c'",
	        "CREATE FUNCTION", "f", 18);
	skipped("DROP FUNCTION IF EXISTS f", "DROP FUNCTION", "f", false);
	skipped("CREATE CDC IF NOT EXISTS c ON t INCLUDE (PRE, POST)", "CREATE CDC", "c", false);
	skipped("EXPLAIN CREATE SEQUENCE s", "CREATE SEQUENCE", "s", true);
	skipped("ALTER SESSION SET CONSISTENCY = 'eventual'", "ALTER SESSION", NULL, false);
	/* a lexical error inside one is still reported */
	kp_list l = {0};
	kp_source_free(&src);
	kp_source_from_string(&src, "t.sql", "SHOW 'x", 7);
	memset(&d, 0, sizeof d);
	kp_parse_all(&l, &src, &arena, &d);
	CU_ASSERT_PTR_NOT_NULL(d.head);
}

static void test_ddl_errors(void)
{
	error_at("ALTER INDEX i ON t SHRINK", "syntax error near 'SHRINK'", 1, 20);
	error_at("DROP MAPPINGS TABLE t", "syntax error near 'MAPPINGS'", 1, 6);
	error_at("CREATE TABLE t (a INT) ZORDR BY (a)", "syntax error near 'ZORDR'", 1, 24);
	error_at("CREATE INDEX i ON t (a) PARTITION BY RANGE TIMES (a)", "syntax error near 'TIMES'", 1, 44);
	error_at("CREATE VIEW v AS SELECT * FROM", "syntax error: statement is incomplete at end of input", 1, 31);
	error_at("ALTER TABLE t ADD", "syntax error: statement is incomplete at end of input", 1, 18);
	error_at("CREATE TABLE t (id INTEGER PRIMARY KEY) NOVERIFIED", "syntax error near 'NOVERIFIED'", 1, 41);
	error_at("ALTER INDEX i ON t ADD COLUMN (a)", "syntax error near 'COLUMN'", 1, 24);
}

static int setup(void)
{
	kp_arena_init(&arena);
	return 0;
}

static int teardown(void)
{
	kp_source_free(&src);
	kp_arena_free(&arena);
	return 0;
}

KPT_SUITE("ddl parse", setup, teardown,
	{"Phoenix and Lindorm CREATE TABLE", test_phoenix_create_table},
	{"CREATE INDEX: functional, LOCAL, UNCOVERED, partial, search, columnar", test_create_index},
	{"CREATE VIEW, ALTER, DROP", test_views_alter_drop},
	{"recognised statements are skipped; a lexical error inside one is still reported", test_recognised_statements_skipped_with_their_errors},
	{"DDL errors", test_ddl_errors},
	{"NATIONAL CHAR(n), NATIONAL VARCHAR(n), NATIONAL CHARACTER VARYING(n): string types", test_national_character_types},
	{"COPY ... FROM STDIN: the data lines up to \\. are the statement's", test_copy_from_stdin_data_is_the_statements})
