/* Catalog: tables, keys, indexes and every located schema error. */
#include <string.h>

#include "kp_test.h"

static void test_create_table_builds_columns_and_ordered_key(void)
{
	kpt t;
	kpt_init(&t);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE Orders (userid VARCHAR(64), orderid BIGINT, "
	                               "amount DOUBLE, PRIMARY KEY (userid, orderid DESC))"), 0);
	const kp_table *tb = kp_catalog_find(&t.cat, "orders", 6);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tb);
	CU_ASSERT_EQUAL(tb->ncols, 3);
	CU_ASSERT_EQUAL(tb->pk.n, 2);
	CU_ASSERT_EQUAL(tb->pk.parts[0].col, 0);
	CU_ASSERT_EQUAL(tb->pk.parts[1].col, 1);
	CU_ASSERT_TRUE(tb->pk.parts[1].desc);
	CU_ASSERT_EQUAL(tb->cols[0].tclass, KP_T_STRING);
	CU_ASSERT_EQUAL(tb->cols[0].length, 64);
	CU_ASSERT_EQUAL(tb->cols[1].key_pos, 1);
	CU_ASSERT_EQUAL(tb->cols[2].key_pos, -1);
	kp_buf b = {0};
	kp_key_notation(&b, tb, &tb->pk);
	CU_ASSERT_STRING_EQUAL(b.data, "[userid][orderid DESC]");
	kp_buf_free(&b);
	kpt_free(&t);
}

static void test_hash_key_families_indexes(void)
{
	kpt t;
	kpt_init(&t);
	CU_ASSERT_EQUAL(kpt_schema(&t,
		"CREATE TABLE e (`f1:a` INT, f2.b INT, id BIGINT, PRIMARY KEY (hash32(id), id));"
		"CREATE INDEX ia ON e (a) INCLUDE (b);"), 0);
	const kp_table *tb = kp_catalog_find(&t.cat, "e", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tb);
	CU_ASSERT_STRING_EQUAL(tb->cols[0].name, "a");
	CU_ASSERT_STRING_EQUAL(tb->cols[0].family, "f1");
	CU_ASSERT_STRING_EQUAL(tb->cols[1].family, "f2");
	CU_ASSERT_EQUAL(tb->nfamilies, 2);
	CU_ASSERT_EQUAL(tb->pk.parts[0].col, -1);
	CU_ASSERT_EQUAL(tb->pk.parts[0].hash_bits, 32);
	CU_ASSERT_EQUAL(tb->nindexes, 1);
	kp_buf b = {0};
	kp_key_notation(&b, tb, &tb->pk);
	CU_ASSERT_STRING_EQUAL(b.data, "[hash32(id)][id]");
	kp_buf_clear(&b);
	kp_key_notation(&b, tb, &tb->indexes[0]->key);
	/* the index row ends with the table's row key, hash part included */
	CU_ASSERT_STRING_EQUAL(b.data, "[a][hash32(id)][id]");
	CU_ASSERT_TRUE(tb->indexes[0]->covers[1]);
	kp_buf_free(&b);
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP INDEX ia ON e; DROP TABLE e;"), 0);
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "e", 1));
	kpt_free(&t);
}

/* One bad schema: its error rule, message and position. */
static void expect(const char *sql, kp_rule rule, const char *msg, uint32_t line, uint32_t col)
{
	kpt t;
	kpt_init(&t);
	kpt_schema(&t, sql);
	const kp_diag *g = t.d.head;
	while (g && g->severity != KP_SEV_ERROR)
		g = g->next;
	CU_ASSERT_PTR_NOT_NULL(g);
	if (g) {
		uint32_t l, c;
		kp_source_linecol(g->src, g->off, &l, &c);
		if (strcmp(g->message, msg))
			fprintf(stderr, "\n  got: %s\n  want: %s\n", g->message, msg);
		CU_ASSERT_EQUAL(g->rule, rule);
		CU_ASSERT_STRING_EQUAL(g->message, msg);
		CU_ASSERT_EQUAL(l, line);
		CU_ASSERT_EQUAL(c, col);
	}
	kpt_free(&t);
}

static void test_table_and_key_errors_are_located(void)
{
	expect("CREATE TABLE t (a INT, PRIMARY KEY (a));\nCREATE TABLE T (b INT, PRIMARY KEY (b));",
	       KP_R_DUPLICATE, "table 'T' already exists", 2, 14);
	expect("CREATE TABLE t (a INT, A INT, PRIMARY KEY (a))", KP_R_DUPLICATE,
	       "column 'A' declared twice in table t", 1, 24);
	expect("CREATE TABLE t (a INT,\n PRIMARY KEY (a, zz))", KP_R_BAD_KEY,
	       "primary key of t names unknown column 'zz'", 2, 18);
	expect("CREATE TABLE t (a INT, b INT)", KP_R_NO_PRIMARY_KEY,
	       "table t has no primary key; wide-column stores require one", 1, 14);
	expect("CREATE TABLE t (a INT, PRIMARY KEY (a, a))", KP_R_BAD_KEY,
	       "column 'a' appears twice in the primary key of t", 1, 40);
	expect("CREATE TABLE t (a INT, PRIMARY KEY (md5(a), a))", KP_R_BAD_KEY,
	       "unknown key function 'md5' in primary key of t: expected hash8, hash32 or hash64", 1, 37);
	expect("CREATE TABLE t (a INT, b INT, PRIMARY KEY (hash32(b), a))", KP_R_BAD_KEY,
	       "primary key of t hashes 'b', which is not one of its key columns", 1, 51);
	expect("CREATE INDEX i ON nope (a)", KP_R_UNKNOWN_TABLE,
	       "CREATE INDEX on unknown table 'nope'", 1, 19);
	expect("CREATE TABLE t (a INT PRIMARY KEY);\nCREATE INDEX i ON t (zz)", KP_R_BAD_KEY,
	       "index of t names unknown column 'zz'", 2, 22);
	expect("CREATE TABLE t (a INT PRIMARY KEY, b INT);\nCREATE INDEX i ON t (b);\nCREATE INDEX i ON t (b)",
	       KP_R_DUPLICATE, "index 'i' already exists on t", 3, 14);
	expect("DROP TABLE nope", KP_R_UNKNOWN_TABLE, "no such table: nope", 1, 12);
	expect("CREATE TABLE t (a INT PRIMARY KEY, b INT PRIMARY KEY)", KP_R_BAD_KEY,
	       "table t declares more than one primary key", 1, 36);
}

static void test_options_if_exists_indexes_and_unknown_types(void)
{
	kpt t;
	kpt_init(&t);
	/* many tables: the name hash grows */
	kp_buf b = {0};
	for (int i = 0; i < 100; i++)
		kp_buf_printf(&b, "CREATE TABLE t%d (a INT PRIMARY KEY, `f:x` INT, `f:y` INT, `g:z` INT) "
		                  "WITH (TTL = 86400, 'MUTABILITY' = 'IMMUTABLE', COMPRESSION = zstd);", i);
	CU_ASSERT_EQUAL(kpt_schema(&t, b.data), 0);
	kp_buf_free(&b);
	const kp_table *t77 = kp_catalog_find(&t.cat, "T77", 3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t77);
	CU_ASSERT_EQUAL(t77->nfamilies, 2);
	CU_ASSERT_STRING_EQUAL(kp_table_option_get(t77, "ttl"), "86400");
	CU_ASSERT_STRING_EQUAL(kp_table_option_get(t77, "mutability"), "IMMUTABLE");
	CU_ASSERT_STRING_EQUAL(kp_table_option_get(t77, "compression"), "zstd");
	CU_ASSERT_PTR_NULL(kp_table_option_get(t77, "nope"));
	/* IF [NOT] EXISTS never complain */
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE IF NOT EXISTS t1 (b INT PRIMARY KEY);"
	                               "DROP TABLE IF EXISTS nope; DROP INDEX IF EXISTS nope;"
	                               "CREATE INDEX i1 ON t1 (`x`); CREATE INDEX IF NOT EXISTS i1 ON t1 (y);"
	                               "CREATE INDEX ON t1 (z) INCLUDE (x); CREATE INDEX s1 USING SEARCH ON t1 (y);"), 0);
	const kp_table *t1 = kp_catalog_find(&t.cat, "t1", 2);
	CU_ASSERT_EQUAL(t1->nindexes, 3);
	CU_ASSERT_STRING_EQUAL(t1->indexes[1]->name, "t1_z_idx2");
	CU_ASSERT_FALSE(t1->indexes[2]->kv);
	/* an unknown type is a warning, not an error */
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE w (a GEOMETRY PRIMARY KEY);"), 0);
	CU_ASSERT_STRING_EQUAL(t.rules, "KP014");
	CU_ASSERT_TRUE(kpt_has_message(&t, "unknown type 'GEOMETRY' for column 'a'"));
	kpt_free(&t);
}

static void test_partition_index_and_drop_errors_are_located(void)
{
	expect("CREATE TABLE t (a INT PRIMARY KEY) PARTITION BY HASH (zz)", KP_R_BAD_KEY,
	       "PARTITION BY HASH of t names unknown column 'zz'", 1, 55);
	expect("CREATE TABLE t (a INT PRIMARY KEY, b INT);\nCREATE INDEX i USING BTREEZ ON t (b)", KP_R_BAD_KEY,
	       "unknown index type 'BTREEZ': expected KV, SEARCH or COLUMNAR", 2, 22);
	expect("CREATE TABLE t (a INT PRIMARY KEY, b INT);\nCREATE INDEX i ON t (b) INCLUDE (zz)", KP_R_BAD_KEY,
	       "INCLUDE of index i names unknown column 'zz'", 2, 34);
	expect("CREATE TABLE t (a INT PRIMARY KEY, b INT);\nCREATE INDEX i ON t (hash32(b), b)", KP_R_BAD_KEY,
	       "a secondary index cannot have a hash part", 2, 22);
	expect("CREATE TABLE t (a INT, b INT, PRIMARY KEY (a, hash32(a)))", KP_R_BAD_KEY,
	       "a hash prefix must be the first part of the primary key of t", 1, 47);
	expect("CREATE TABLE t (a INT, PRIMARY KEY (hash32(zz), a))", KP_R_BAD_KEY,
	       "primary key of t hashes unknown column 'zz'", 1, 44);
	expect("DROP INDEX nope ON t", KP_R_UNKNOWN_TABLE, "no such table: t", 1, 20);
	expect("CREATE TABLE t (a INT PRIMARY KEY, b INT);\nDROP INDEX nope ON t", KP_R_UNKNOWN_INDEX,
	       "no such index: nope on t", 2, 12);
	expect("DROP INDEX nope", KP_R_UNKNOWN_INDEX, "no such index: nope", 1, 12);
	/* an index dropped from one table is no longer there to drop */
	expect("CREATE TABLE t (a INT PRIMARY KEY, b INT);\nCREATE INDEX i ON t (b);\nDROP INDEX i ON t;\nDROP INDEX i ON t",
	       KP_R_UNKNOWN_INDEX, "no such index: i on t", 4, 12);
	expect("CREATE TABLE t (a INT PRIMARY KEY, b INT);\nCREATE INDEX i ON t (b);\nCREATE INDEX i ON t (a)",
	       KP_R_DUPLICATE, "index 'i' already exists on t", 3, 14);
	/* a second PRIMARY KEY is its own error at the second clause, not a syntax error */
	expect("CREATE TABLE t (a INT, PRIMARY KEY (a), PRIMARY KEY (a))", KP_R_BAD_KEY,
	       "table t declares more than one primary key", 1, 41);
	expect("CREATE TABLE t (a INT, b INT CONSTRAINT pk PRIMARY KEY (a), CONSTRAINT pk2 PRIMARY KEY (b))",
	       KP_R_BAD_KEY, "table t declares more than one primary key", 1, 76);
}

static void test_hash_widths_and_index_kinds(void)
{
	kpt t;
	kpt_init(&t);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE h8 (a INT, b INT, PRIMARY KEY (hash8(a), a, b));"
	                               "CREATE TABLE h64 (a INT, b INT, PRIMARY KEY (hash64(a, b), a, b));"
	                               "CREATE TABLE t (a INT, b INT, c INT, d INT, PRIMARY KEY (a), KEY (b), "
	                               "INDEX USING BTREE (c));"
	                               "CREATE INDEX s2 USING COLUMNAR ON t (c);"
	                               "CREATE INDEX k2 USING KV ON t (d);"), 0);
	const kp_table *h8 = kp_catalog_find(&t.cat, "h8", 2), *h64 = kp_catalog_find(&t.cat, "h64", 3);
	CU_ASSERT_EQUAL(h8->pk.parts[0].hash_bits, 8);
	CU_ASSERT_EQUAL(h64->pk.parts[0].hash_bits, 64);
	CU_ASSERT_EQUAL(h64->pk.parts[0].nhash, 2);
	kp_buf b = {0};
	kp_key_notation(&b, h64, &h64->pk);
	CU_ASSERT_STRING_EQUAL(b.data, "[hash64(a, b)][a][b]");
	kp_buf_free(&b);
	const kp_table *tt = kp_catalog_find(&t.cat, "t", 1);
	CU_ASSERT_EQUAL_FATAL(tt->nindexes, 4);
	/* unnamed inline indexes are named after the table and first column */
	CU_ASSERT_STRING_EQUAL(tt->indexes[0]->name, "t_b_idx1");
	CU_ASSERT_STRING_EQUAL(tt->indexes[1]->name, "t_c_idx2");
	CU_ASSERT_TRUE(tt->indexes[1]->kv);     /* BTREE: key-ordered */
	CU_ASSERT_FALSE(tt->indexes[2]->kv);    /* COLUMNAR: not a key range */
	CU_ASSERT_TRUE(tt->indexes[3]->kv);
	kpt_plan(&t, "SELECT * FROM h8 WHERE a = 1");
	CU_ASSERT_STRING_EQUAL(t.text, "SCAN h8 prefix (hash8(1), a=1)");
	kpt_plan(&t, "SELECT * FROM t WHERE c = 1");
	CU_ASSERT_STRING_EQUAL(t.text, "SCAN t via index t_c_idx2 (+ table lookup) prefix (c=1)");
	kpt_free(&t);
}

/* kp_table_column through the table's hash of column names: every column of
 * a wide table (probe chains), ASCII case, columns ALTER adds and drops,
 * names that differ only in case on a case-sensitive target, and a copy of
 * the table with columns of its own (the advisor's hypothetical tables). */
static void test_columns_found_by_name_through_the_hash(void)
{
	kpt t;
	kpt_init(&t);
	kp_buf ddl = {0};
	kp_buf_printf(&ddl, "CREATE TABLE w (id BIGINT NOT NULL");
	for (int i = 0; i < 40; i++)
		kp_buf_printf(&ddl, ", col%d INT", i);
	kp_buf_printf(&ddl, ", PRIMARY KEY (id));");
	CU_ASSERT_EQUAL_FATAL(kpt_schema(&t, ddl.data), 0);
	kp_buf_free(&ddl);
	const kp_table *w = kp_catalog_find(&t.cat, "w", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	CU_ASSERT_PTR_NOT_NULL(w->colhash);
	char name[16];
	for (int i = 0; i < 40; i++) {
		int n = snprintf(name, sizeof name, "col%d", i);
		CU_ASSERT_EQUAL(kp_table_column(w, name, (uint32_t)n), i + 1);
	}
	CU_ASSERT_EQUAL(kp_table_column(w, "COL17", 5), 18);
	CU_ASSERT_EQUAL(kp_table_column(w, "col40", 5), -1);
	CU_ASSERT_EQUAL(kp_table_column(w, "col1", 3), -1);   /* a prefix is no name */
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER TABLE w ADD extra VARCHAR(8); ALTER TABLE w DROP COLUMN col3;"), 0);
	w = kp_catalog_find(&t.cat, "w", 1);
	CU_ASSERT_EQUAL(kp_table_column(w, "extra", 5), 41);
	CU_ASSERT_EQUAL(kp_table_column(w, "col3", 4), -1);
	CU_ASSERT_EQUAL(kp_table_column(w, "col4", 4), 5);
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER TABLE w ADD col3 BIGINT;"), 0);
	w = kp_catalog_find(&t.cat, "w", 1);
	CU_ASSERT_EQUAL(kp_table_column(w, "col3", 4), 42);   /* the new one, not the dropped */
	/* a copy with columns of its own is searched column by column */
	kp_table copy = *w;
	kp_column cols[43];
	memcpy(cols, w->cols, sizeof(kp_column) * (size_t)w->ncols);
	cols[2].name = "renamed";
	cols[2].name_len = 7;
	copy.cols = cols;
	CU_ASSERT_EQUAL(kp_table_column(&copy, "renamed", 7), 2);
	CU_ASSERT_EQUAL(kp_table_column(&copy, "col1", 4), -1);
	CU_ASSERT_EQUAL(kp_table_column(&copy, "col2", 4), 3);
	kpt_free(&t);

	/* Lindorm: names are case-sensitive (found byte for byte, hashed
	 * with their case folded) */
	kpt_init(&t);
	t.cat.names = KP_NAMES_EXACT;
	CU_ASSERT_EQUAL_FATAL(kpt_schema(&t, "CREATE TABLE e (Ab INT, k BIGINT, PRIMARY KEY (k));"), 0);
	const kp_table *e = kp_catalog_find(&t.cat, "e", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_EQUAL(kp_table_column(e, "Ab", 2), 0);
	CU_ASSERT_EQUAL(kp_table_column(e, "ab", 2), -1);
	CU_ASSERT_EQUAL(kp_table_column(e, "AB", 2), -1);
	kpt_free(&t);
}

/* An index made on a table after a view over it serves the view too, as
 * one made before does (Phoenix resolves a view with its parent's indexes
 * whenever made: ViewUtil.addIndexesFromParent), and a view over that
 * view; DROP INDEX takes it from them again. */
static void test_index_made_after_a_view_serves_it(void)
{
	kpt t;
	kpt_init_target(&t, KP_TARGET_PHOENIX);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE events (tenant_id VARCHAR(16) NOT NULL, id BIGINT NOT NULL, "
	                               "etype VARCHAR(8), user_id VARCHAR(16), CONSTRAINT pk PRIMARY KEY (tenant_id, id));\n"
	                               "CREATE VIEW logins AS SELECT * FROM events WHERE etype = 'L';\n"
	                               "CREATE VIEW web_logins AS SELECT * FROM logins WHERE user_id > 'w';\n"
	                               "CREATE INDEX by_user ON events (etype, user_id);\n"), 0);
	kpt_plan(&t, "SELECT * FROM logins WHERE user_id = ?");
	CU_ASSERT_STRING_EQUAL(t.text, "SCAN LOGINS via index BY_USER prefix (ETYPE='L', USER_ID=?)");
	kpt_plan(&t, "SELECT * FROM web_logins WHERE user_id = ?");
	CU_ASSERT_PTR_NOT_NULL(t.plan.index);
	CU_ASSERT_STRING_EQUAL(t.plan.index ? t.plan.index->name : "", "BY_USER");
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP INDEX by_user ON events;\n"), 0);
	kpt_plan(&t, "SELECT * FROM logins WHERE user_id = ?");
	CU_ASSERT_PTR_NULL(t.plan.index);
	kpt_plan(&t, "SELECT * FROM web_logins WHERE user_id = ?");
	CU_ASSERT_PTR_NULL(t.plan.index);
	kpt_free(&t);
}

/* Forms of MySQL and PostgreSQL dumps: DROP TABLE a, b drops both, and when
 * one name fails drops none (MySQL 8 and PostgreSQL refuse the statement);
 * FULLTEXT and SPATIAL keys and indexes of a method that orders no rows (GIN,
 * GiST, an extension's) are read and left out of the catalog, the latter
 * said once (KP012, info); btree and hash stay ordered indexes. */
static void test_dump_forms_drop_lists_and_unordered_indexes(void)
{
	kpt t;
	kpt_init(&t);
	CU_ASSERT_EQUAL_FATAL(kpt_schema(&t,
		"CREATE TABLE a (id INT PRIMARY KEY, body TEXT, FULLTEXT KEY ft (body), SPATIAL INDEX (body));"
		"CREATE TABLE b (id INT PRIMARY KEY, doc TEXT, n INT);"
		"CREATE TABLE c (id INT PRIMARY KEY);"
		"CREATE INDEX bg ON b USING gin (doc jsonb_path_ops);"
		"CREATE INDEX bv ON b USING hnsw (doc);"
		"CREATE INDEX bn ON b USING btree (n text_pattern_ops DESC);"), 0);
	const kp_table *ta = kp_catalog_find(&t.cat, "a", 1), *tb = kp_catalog_find(&t.cat, "b", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(ta);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tb);
	CU_ASSERT_EQUAL(ta->nindexes, 0);
	CU_ASSERT_EQUAL_FATAL(tb->nindexes, 1);
	CU_ASSERT_STRING_EQUAL(tb->indexes[0]->name, "bn");
	CU_ASSERT_TRUE(tb->indexes[0]->key.parts[0].desc);
	int infos = 0;
	for (const kp_diag *g = t.d.head; g; g = g->next) {
		CU_ASSERT_EQUAL(g->severity, KP_SEV_INFO);
		CU_ASSERT_EQUAL(g->rule, KP_R_UNSUPPORTED);
		infos++;
	}
	CU_ASSERT_EQUAL(infos, 2);
	CU_ASSERT_STRING_EQUAL(t.d.head->message, "a gin index orders no rows by its key: keyplan plans no read through it");
	/* one name missing: an error at it, and a and b are still there */
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP TABLE a, nope, b;"), 1);
	CU_ASSERT_PTR_NOT_NULL(kp_catalog_find(&t.cat, "a", 1));
	CU_ASSERT_PTR_NOT_NULL(kp_catalog_find(&t.cat, "b", 1));
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP TABLE a, b;"), 0);
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "a", 1));
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "b", 1));
	CU_ASSERT_PTR_NOT_NULL(kp_catalog_find(&t.cat, "c", 1));
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP TABLE IF EXISTS a, c;"), 0);
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "c", 1));
	kpt_free(&t);
	expect("CREATE TABLE a (id INT PRIMARY KEY);\nDROP TABLE a, nope", KP_R_UNKNOWN_TABLE, "no such table: nope", 2, 15);
	expect("CREATE TABLE b (id INT PRIMARY KEY, n INT);\nCREATE INDEX bn ON b (n n2)", KP_R_SYNTAX, "syntax error near 'n2'", 2, 25);
}

/* An operator class of a schema (pg_dump: public.gin_trgm_ops for an
 * extension's, pg_catalog.text_pattern_ops) is read as an unqualified one:
 * the key part's column and order stay; a qualified word that is no *_ops
 * is an error at the word. */
static void test_qualified_operator_classes(void)
{
	kpt t;
	kpt_init(&t);
	CU_ASSERT_EQUAL_FATAL(kpt_schema(&t,
		"CREATE TABLE b (id INT PRIMARY KEY, doc TEXT, n VARCHAR);"
		"CREATE INDEX bt ON b USING gin (doc public.gin_trgm_ops);"
		"CREATE INDEX bn ON b USING btree (n pg_catalog.text_pattern_ops DESC, id);"
		"CREATE INDEX bq ON b (\"n\" \"public\".varchar_pattern_ops ASC);"), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t.d.head);
	CU_ASSERT_STRING_EQUAL(t.d.head->message, "a gin index orders no rows by its key: keyplan plans no read through it");
	CU_ASSERT_PTR_NULL(t.d.head->next);
	const kp_table *tb = kp_catalog_find(&t.cat, "b", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tb);
	CU_ASSERT_EQUAL_FATAL(tb->nindexes, 2);
	CU_ASSERT_STRING_EQUAL(tb->indexes[0]->name, "bn");
	CU_ASSERT_EQUAL(tb->indexes[0]->key.n, 2);
	CU_ASSERT_TRUE(tb->indexes[0]->key.parts[0].desc);
	CU_ASSERT_FALSE(tb->indexes[0]->key.parts[1].desc);
	CU_ASSERT_STRING_EQUAL(tb->indexes[1]->name, "bq");
	CU_ASSERT_FALSE(tb->indexes[1]->key.parts[0].desc);
	kpt_free(&t);
	expect("CREATE TABLE b (id INT PRIMARY KEY, n INT);\nCREATE INDEX bn ON b (n public.n2)", KP_R_SYNTAX,
	       "syntax error near 'n2'", 2, 32);
}

/* MySQL's ALTER TABLE t action, action, ...: each applied in order (an
 * index on a column added before it, a column dropped, one redefined,
 * renamed and retyped); when one fails, none is, located at the failing
 * name (MySQL and PostgreSQL refuse the whole statement). PostgreSQL's
 * ALTER COLUMN c [SET DATA] TYPE t changes the type only. */
/* expect(), on generic: MySQL's and PostgreSQL's forms read without a
 * target's refusal first */
static void expect_generic(const char *sql, kp_rule rule, const char *msg, uint32_t line, uint32_t col)
{
	kpt t;
	kpt_init_target(&t, KP_TARGET_GENERIC);
	kpt_schema(&t, sql);
	const kp_diag *g = t.d.head;
	while (g && g->severity != KP_SEV_ERROR)
		g = g->next;
	CU_ASSERT_PTR_NOT_NULL(g);
	if (g) {
		uint32_t l, c;
		kp_source_linecol(g->src, g->off, &l, &c);
		if (strcmp(g->message, msg))
			fprintf(stderr, "\n  got: %s\n  want: %s\n", g->message, msg);
		CU_ASSERT_EQUAL(g->rule, rule);
		CU_ASSERT_STRING_EQUAL(g->message, msg);
		CU_ASSERT_EQUAL(l, line);
		CU_ASSERT_EQUAL(c, col);
	}
	kpt_free(&t);
}

static void test_alter_actions_all_or_none(void)
{
	kpt t;
	kpt_init_target(&t, KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL_FATAL(kpt_schema(&t,
		"CREATE TABLE t (id INT PRIMARY KEY, a INT, b INT, c VARCHAR(10) BINARY, "
		"d VARCHAR(20) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin);"
		"ALTER TABLE t ADD COLUMN e INT, ADD INDEX ie (e), DROP COLUMN b, MODIFY c VARCHAR(20) NOT NULL;"), 0);
	const kp_table *tb = kp_catalog_find(&t.cat, "t", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tb);
	CU_ASSERT_EQUAL(kp_table_column(tb, "b", 1), -1);
	int e = kp_table_column(tb, "e", 1), c = kp_table_column(tb, "c", 1);
	CU_ASSERT_TRUE_FATAL(e >= 0 && c >= 0);
	CU_ASSERT_EQUAL(tb->cols[c].length, 20);
	CU_ASSERT_TRUE(tb->cols[c].not_null);
	CU_ASSERT_EQUAL_FATAL(tb->nindexes, 1);
	CU_ASSERT_STRING_EQUAL(tb->indexes[0]->name, "ie");
	CU_ASSERT_EQUAL(tb->indexes[0]->key.parts[0].col, e);
	/* the second action fails: the first and third are not applied */
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER TABLE t ADD COLUMN f INT, DROP COLUMN nope, ADD INDEX ia (a);"), 1);
	tb = kp_catalog_find(&t.cat, "t", 1);
	CU_ASSERT_EQUAL(kp_table_column(tb, "f", 1), -1);
	CU_ASSERT_EQUAL(tb->nindexes, 1);
	/* CHANGE renames and retypes; DROP INDEX after it; ALTER COLUMN TYPE */
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER TABLE t CHANGE COLUMN a a2 BIGINT AFTER id, DROP INDEX ie;"
	                               "ALTER TABLE t ALTER COLUMN e SET DATA TYPE VARCHAR(5);"
	                               "ALTER TABLE t ALTER COLUMN d TYPE TEXT USING d::text, ALTER COLUMN a2 SET DEFAULT 0;"), 0);
	tb = kp_catalog_find(&t.cat, "t", 1);
	CU_ASSERT_EQUAL(kp_table_column(tb, "a", 1), -1);
	int a2 = kp_table_column(tb, "a2", 2);
	CU_ASSERT_TRUE_FATAL(a2 >= 0);
	CU_ASSERT_STRING_EQUAL(tb->cols[a2].type_name, "BIGINT");
	CU_ASSERT_EQUAL(tb->nindexes, 0);
	CU_ASSERT_EQUAL(tb->cols[e].tclass, KP_T_STRING);
	CU_ASSERT_EQUAL(tb->cols[e].length, 5);
	kpt_free(&t);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT);\nALTER TABLE t ADD COLUMN f INT, DROP COLUMN nope",
	       KP_R_UNKNOWN_COLUMN, "unknown column 'nope' in t (action 2 of 2): none of the statement's actions is applied",
	       2, 45);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT);\nALTER TABLE t ADD COLUMN a2 INT, ADD INDEX i (a3)",
	       KP_R_UNKNOWN_COLUMN, "unknown column 'a3' in t (action 2 of 2): none of the statement's actions is applied",
	       2, 47);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT);\nALTER TABLE t MODIFY b INT, DROP a",
	       KP_R_UNKNOWN_COLUMN, "unknown column 'b' in t (action 1 of 2): none of the statement's actions is applied",
	       2, 22);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT);\nALTER TABLE t DROP a, DROP id",
	       KP_R_BAD_KEY, "cannot drop 'id': it is a primary key column of t (action 2 of 2): none of the "
	       "statement's actions is applied", 2, 28);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT, INDEX i (a));\nALTER TABLE t DROP INDEX i, ADD INDEX i (id), "
	               "DROP INDEX i, DROP INDEX i",
	               KP_R_UNKNOWN_INDEX, "unknown index 'i' on t (action 4 of 4): none of the statement's actions is "
	               "applied", 2, 72);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT);\nALTER TABLE t ADD KEY ka (a), ADD PRIMARY KEY (a)",
	               KP_R_BAD_KEY, "t already has a primary key; a table has one (action 2 of 2): none of the "
	               "statement's actions is applied", 2, 35);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT);\nALTER TABLE t ALTER COLUMN x TYPE INT",
	       KP_R_UNKNOWN_COLUMN, "unknown column 'x' in t", 2, 28);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT);\nALTER TABLE t ADD COLUMN b INT, DROP COLUMN a, c INT",
	       KP_R_SYNTAX, "syntax error near 'INT'", 2, 50);
}

/* Forms real schemas and migrations write that keyplan read as syntax
 * errors before: PostgreSQL's CREATE DOMAIN name type (AS optional),
 * RENAME [COLUMN] a TO b (MySQL 8.0, PostgreSQL), MySQL's DROP PRIMARY KEY
 * (with ADD PRIMARY KEY in the same statement), CONVERT TO CHARACTER SET
 * and functional key parts in ADD INDEX, ((expr)). Later statements see
 * the new names and key; bad names are located errors; Lindorm, Tablestore
 * and Phoenix refuse each form at its keyword (KP012). */
static void test_rename_drop_key_convert_and_functional_parts(void)
{
	kpt t;
	kpt_init_target(&t, KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE DOMAIN yr integer CONSTRAINT c CHECK (VALUE > 1900);\n"
	                               "CREATE TABLE t (id INT NOT NULL, a INT, b VARCHAR(10), y yr, PRIMARY KEY (id));\n"
	                               "ALTER TABLE t RENAME COLUMN a TO a2;\n"
	                               "ALTER TABLE t RENAME b TO b2;\n"
	                               "ALTER TABLE t ADD INDEX ib ((lower(b2))), ADD KEY ic ((a2 + 1) DESC, id);\n"
	                               "ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;\n"
	                               "ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (a2, id);\n"), 0);
	const kp_table *tb = kp_catalog_find(&t.cat, "t", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(tb);
	CU_ASSERT_EQUAL(kp_table_column(tb, "a", 1), -1);
	CU_ASSERT_EQUAL(kp_table_column(tb, "a2", 2), 1);
	CU_ASSERT_EQUAL(kp_table_column(tb, "b2", 2), 2);
	CU_ASSERT_EQUAL(tb->cols[3].tclass, KP_T_INT);
	CU_ASSERT_EQUAL_FATAL(tb->pk.n, 2);
	CU_ASSERT_EQUAL(tb->pk.parts[0].col, 1);
	CU_ASSERT_EQUAL(tb->pk.parts[1].col, 0);
	CU_ASSERT_EQUAL(tb->cols[1].key_pos, 0);
	CU_ASSERT_EQUAL(tb->cols[0].key_pos, 1);
	CU_ASSERT_EQUAL_FATAL(tb->nindexes, 2);
	CU_ASSERT_TRUE(tb->indexes[0]->has_expr);
	CU_ASSERT_EQUAL(tb->indexes[0]->nuser, 1);
	CU_ASSERT_TRUE(tb->indexes[1]->key.parts[0].desc);
	CU_ASSERT_EQUAL(tb->indexes[1]->nuser, 2);
	kpt_free(&t);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT);\nALTER TABLE t RENAME COLUMN nope TO x",
	               KP_R_UNKNOWN_COLUMN, "unknown column 'nope' in t", 2, 29);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT);\nALTER TABLE t RENAME a TO id",
	               KP_R_DUPLICATE, "column 'id' already exists in t", 2, 27);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT);\nALTER TABLE t RENAME COLUMN a TO a2;\n"
	               "CREATE INDEX i ON t (a)", KP_R_BAD_KEY, "index of t names unknown column 'a'", 3, 22);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT);\nALTER TABLE t ADD b INT, RENAME COLUMN b TO c, "
	               "DROP PRIMARY KEY, DROP PRIMARY KEY",
	               KP_R_BAD_KEY, "t has no primary key to drop (action 4 of 4): none of the statement's actions is "
	               "applied", 2, 71);
	expect_generic("CREATE TABLE t (id INT, a INT);\nALTER TABLE t DROP PRIMARY KEY",
	               KP_R_BAD_KEY, "t has no primary key to drop", 2, 20);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY, a INT);\nALTER TABLE t ADD INDEX i ((lower(nope)))",
	               KP_R_BAD_KEY, "index of t names unknown column 'nope'", 2, 35);
	/* RENAME [TO | AS] t2 (Django's sql_rename_table, MySQL, PostgreSQL):
	 * the table, its key and the views over it under the new name */
	kpt_init_target(&t, KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE posts (id INT PRIMARY KEY, v INT);\n"
	                               "CREATE VIEW pv AS SELECT * FROM posts WHERE v > 1;\n"
	                               "ALTER TABLE posts RENAME TO articles;\n"
	                               "ALTER TABLE articles RENAME AS a2;\n"
	                               "ALTER TABLE a2 RENAME a3;\n"), 0);
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "posts", 5));
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "a2", 2));
	const kp_table *a3 = kp_catalog_find(&t.cat, "a3", 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a3);
	CU_ASSERT_EQUAL(a3->pk.n, 1);
	const kp_table *pv = kp_catalog_find(&t.cat, "pv", 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(pv);
	CU_ASSERT_STRING_EQUAL(pv->view_parent, "a3");
	kpt_free(&t);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY);\nCREATE TABLE u (id INT PRIMARY KEY);\nALTER TABLE t RENAME TO u",
	               KP_R_DUPLICATE, "table 'u' already exists", 3, 25);
	/* MySQL: RENAME [TO | AS] among the actions, first or later: the others
	 * apply to the table as it was named, the rename comes last; a name
	 * taken fails the statement at it, none applied */
	kpt_init_target(&t, KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE t (id INT PRIMARY KEY, a INT);\n"
	                               "ALTER TABLE t ADD COLUMN z INT, RENAME TO t2, ADD INDEX iz (z);\n"
	                               "ALTER TABLE t2 RENAME AS t3, DROP COLUMN a;\n"
	                               "ALTER TABLE t3 ADD y INT, RENAME t4;\n"), 0);
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "t", 1));
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "t2", 2));
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "t3", 2));
	const kp_table *t4 = kp_catalog_find(&t.cat, "t4", 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t4);
	CU_ASSERT_EQUAL(kp_table_column(t4, "a", 1), -1);
	CU_ASSERT_TRUE(kp_table_column(t4, "z", 1) >= 0);
	CU_ASSERT_TRUE(kp_table_column(t4, "y", 1) >= 0);
	CU_ASSERT_EQUAL_FATAL(t4->nindexes, 1);
	CU_ASSERT_STRING_EQUAL(t4->indexes[0]->name, "iz");
	kpt_free(&t);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY);\nCREATE TABLE u (id INT PRIMARY KEY);\n"
	               "ALTER TABLE t ADD b INT, RENAME TO u",
	               KP_R_DUPLICATE, "table 'u' already exists (action 2 of 2): none of the statement's actions is "
	               "applied", 3, 36);
	expect_generic("CREATE TABLE t (id INT PRIMARY KEY);\nALTER TABLE t ADD b INT, RENAME INTO u",
	               KP_R_SYNTAX, "syntax error near 'INTO'", 2, 33);
	/* the wide-column stores' ALTER TABLE has none of them */
	static const struct { const char *sql; uint32_t col; const char *form; } refused[] = {
		{"ALTER TABLE t RENAME COLUMN a TO a2", 15, "ALTER TABLE ... RENAME COLUMN"},
		{"ALTER TABLE t RENAME a TO a2", 15, "ALTER TABLE ... RENAME COLUMN"},
		{"ALTER TABLE t DROP PRIMARY KEY", 20, "ALTER TABLE ... DROP PRIMARY KEY"},
		{"ALTER TABLE t CONVERT TO CHARSET utf8", 15, "ALTER TABLE ... CONVERT TO CHARACTER SET"},
		{"ALTER TABLE t RENAME TO t2", 15, "ALTER TABLE ... RENAME TO"},
	};
	for (int tg = KP_TARGET_LINDORM; tg <= KP_TARGET_PHOENIX; tg++)
		for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
			char sql[200], want[120];
			snprintf(sql, sizeof sql, "CREATE TABLE t (id INTEGER NOT NULL, a INTEGER, PRIMARY KEY (id));\n%s",
			         refused[i].sql);
			snprintf(want, sizeof want, "%s refuses %s", kp_target_name((kp_target)tg), refused[i].form);
			kpt_init_target(&t, (kp_target)tg);
			kpt_schema(&t, sql);
			const kp_diag *g = t.d.head;
			CU_ASSERT_PTR_NOT_NULL_FATAL(g);
			uint32_t l, c;
			kp_source_linecol(g->src, g->off, &l, &c);
			CU_ASSERT_EQUAL(g->rule, KP_R_UNSUPPORTED);
			CU_ASSERT_EQUAL(g->severity, KP_SEV_ERROR);
			CU_ASSERT_STRING_EQUAL(g->message, want);
			CU_ASSERT_EQUAL(l, 2);
			CU_ASSERT_EQUAL(c, refused[i].col);
			kpt_free(&t);
		}
}

/* MySQL's RENAME TABLE a TO b [, c TO d] ... (MySQL 8.0, 15.1.36): the
 * renames left to right (a TO t, b TO a, t TO b swaps two tables), all or
 * none; a query naming an old name says where it went; the wide-column
 * stores have no such statement (KP012 at RENAME). */
static void test_rename_table_statement(void)
{
	kpt t;
	kpt_init_target(&t, KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE a (id INT PRIMARY KEY, v INT);\n"
	                               "CREATE TABLE b (k VARCHAR(10) PRIMARY KEY, w INT);\n"
	                               "CREATE VIEW va AS SELECT * FROM a WHERE v > 1;\n"
	                               "RENAME TABLE a TO t, b TO a, t TO b;\n"
	                               "RENAME TABLE b TO b2;\n"
	                               "RENAME TABLE b2 TO b3;\n"
	                               "RENAME USER u1 TO u2;\n"), 0);
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "t", 1));
	const kp_table *a = kp_catalog_find(&t.cat, "a", 1), *b3 = kp_catalog_find(&t.cat, "b3", 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b3);
	CU_ASSERT_EQUAL(kp_table_column(a, "k", 1), a->pk.parts[0].col);
	CU_ASSERT_EQUAL(kp_table_column(b3, "id", 2), b3->pk.parts[0].col);
	const kp_table *va = kp_catalog_find(&t.cat, "va", 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(va);
	CU_ASSERT_STRING_EQUAL(va->view_parent, "b3");
	/* the old names: where they went, and the name the table has now */
	CU_ASSERT_EQUAL(kpt_plan(&t, "SELECT * FROM b WHERE id = 1"), 1);
	const kp_diag *g = t.d.head;
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	CU_ASSERT_EQUAL(g->rule, KP_R_UNKNOWN_TABLE);
	CU_ASSERT_PTR_NOT_NULL_FATAL(g->notes);
	CU_ASSERT_STRING_EQUAL(g->notes->message, "table b was renamed to b2 here");
	uint32_t l, c;
	kp_source_linecol(g->notes->src, g->notes->off, &l, &c);
	CU_ASSERT_EQUAL(l, 5);
	CU_ASSERT_EQUAL(c, 14);
	CU_ASSERT_PTR_NOT_NULL_FATAL(g->helps);
	CU_ASSERT_STRING_EQUAL(g->helps->message, "did you mean b3, its name now?");
	CU_ASSERT_EQUAL(kpt_plan(&t, "RENAME TABLE a TO x, b3 TO y"), 0);
	CU_ASSERT_STRING_EQUAL(t.text, "RENAME TABLE a TO x, b3 TO y");
	kpt_free(&t);
	/* all or none: the second rename fails, so the first is undone */
	kpt_init_target(&t, KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE a (id INT PRIMARY KEY);\nCREATE TABLE b (id INT PRIMARY KEY);\n"
	                               "RENAME TABLE a TO c, zz TO y;\nRENAME TABLE a TO d, b TO d;\n"), 2);
	CU_ASSERT_PTR_NOT_NULL(kp_catalog_find(&t.cat, "a", 1));
	CU_ASSERT_PTR_NOT_NULL(kp_catalog_find(&t.cat, "b", 1));
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "c", 1));
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "d", 1));
	kpt_free(&t);
	expect_generic("CREATE TABLE a (id INT PRIMARY KEY);\nRENAME TABLE a TO c, zz TO y", KP_R_UNKNOWN_TABLE,
	               "RENAME TABLE of unknown table 'zz'", 2, 22);
	expect_generic("CREATE TABLE a (id INT PRIMARY KEY);\nCREATE TABLE b (id INT PRIMARY KEY);\n"
	               "RENAME TABLE a TO d, b TO d", KP_R_DUPLICATE, "table 'd' already exists", 3, 27);
	expect_generic("CREATE TABLE a (id INT PRIMARY KEY);\nRENAME TABLE a TO a", KP_R_DUPLICATE,
	               "table 'a' already exists", 2, 19);
	kpt_init_target(&t, KP_TARGET_GENERIC);
	kpt_schema(&t, "CREATE TABLE a (id INT PRIMARY KEY);\nRENAME TABLE a TO c, zz TO y");
	g = t.d.head;
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	CU_ASSERT_PTR_NOT_NULL_FATAL(g->helps);
	CU_ASSERT_STRING_EQUAL(g->helps->message,
	                       "MySQL applies all of a RENAME TABLE's renames or none: none is applied (rename 2 of 2 fails)");
	kpt_free(&t);
	static const char *const refusal[] = {"Lindorm's table statements", "Tablestore's SQL", "Phoenix's grammar"};
	for (int tg = KP_TARGET_LINDORM; tg <= KP_TARGET_PHOENIX; tg++) {
		char want[80];
		snprintf(want, sizeof want, "%s refuses RENAME TABLE", kp_target_name((kp_target)tg));
		kpt_init_target(&t, (kp_target)tg);
		kpt_schema(&t, "CREATE TABLE a (id INTEGER NOT NULL, PRIMARY KEY (id));\nRENAME TABLE a TO b");
		g = t.d.head;
		CU_ASSERT_PTR_NOT_NULL_FATAL(g);
		kp_source_linecol(g->src, g->off, &l, &c);
		CU_ASSERT_EQUAL(g->rule, KP_R_UNSUPPORTED);
		CU_ASSERT_STRING_EQUAL(g->message, want);
		CU_ASSERT_EQUAL(l, 2);
		CU_ASSERT_EQUAL(c, 1);
		CU_ASSERT_PTR_NOT_NULL_FATAL(g->helps);
		CU_ASSERT_NSTRING_EQUAL(g->helps->message, refusal[tg - KP_TARGET_LINDORM], strlen(refusal[tg - KP_TARGET_LINDORM]));
		kpt_free(&t);
	}
}

/* MySQL's ALTER TABLE t RENAME {INDEX | KEY} a TO b (an action among
 * others, all or none) and PostgreSQL's ALTER INDEX a RENAME TO b (index
 * names are the schema's): hints and DROP INDEX name the index by its new
 * name, and so do the views over the table. */
static void test_rename_index(void)
{
	kpt t;
	kpt_init_target(&t, KP_TARGET_GENERIC);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE n (id INT PRIMARY KEY, s INT, u INT);\n"
	                               "CREATE INDEX j ON n (s);\nCREATE INDEX o ON n (u);\n"
	                               "CREATE VIEW nv AS SELECT * FROM n WHERE u > 0;\n"
	                               "ALTER TABLE n RENAME INDEX j TO k;\n"
	                               "ALTER INDEX k RENAME TO m;\n"
	                               "ALTER TABLE n ADD COLUMN z INT, RENAME KEY m TO q;\n"
	                               "ALTER INDEX IF EXISTS nope RENAME TO x;\n"), 0);
	const kp_table *n = kp_catalog_find(&t.cat, "n", 1), *nv = kp_catalog_find(&t.cat, "nv", 2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(nv);
	CU_ASSERT_PTR_NULL(kp_table_index(n, "j", 1));
	CU_ASSERT_PTR_NULL(kp_table_index(n, "m", 1));
	CU_ASSERT_PTR_NOT_NULL(kp_table_index(n, "q", 1));
	CU_ASSERT_PTR_NOT_NULL(kp_table_index(nv, "q", 1));
	CU_ASSERT_PTR_NULL(kp_table_index(nv, "j", 1));
	CU_ASSERT_NOT_EQUAL(kp_table_column(n, "z", 1), -1);
	CU_ASSERT_EQUAL(kpt_plan(&t, "SELECT * FROM nv USE INDEX (q) WHERE s = 1"), 0);
	CU_ASSERT_STRING_EQUAL(t.text, "FILTERED SCAN nv via index q (+ table lookup) prefix (s=1) filter u > 0");
	CU_ASSERT_EQUAL(kpt_plan(&t, "ALTER INDEX q RENAME TO r"), 0);
	CU_ASSERT_STRING_EQUAL(t.text, "ALTER INDEX q RENAME TO r");
	kpt_free(&t);
	const char *base = "CREATE TABLE n (id INT PRIMARY KEY, s INT, u INT);\nCREATE INDEX j ON n (s);\n"
	                   "CREATE INDEX o ON n (u);\nCREATE TABLE p (id INT PRIMARY KEY, v INT);\nCREATE INDEX pv ON p (v);\n";
	static const struct { const char *sql; kp_rule rule; const char *msg; uint32_t col; } bad[] = {
		{"ALTER TABLE n RENAME INDEX j TO o", KP_R_DUPLICATE, "index 'o' already exists on n", 33},
		{"ALTER TABLE n RENAME INDEX zz TO o2", KP_R_UNKNOWN_INDEX, "no such index: zz on n", 28},
		{"ALTER INDEX nope RENAME TO x", KP_R_UNKNOWN_INDEX, "no such index: nope", 13},
		/* PostgreSQL: another table's index holds the name */
		{"ALTER INDEX j RENAME TO pv", KP_R_DUPLICATE, "index 'pv' already exists on p", 25},
		/* all or none: the index is renamed, then the column added twice */
		{"ALTER TABLE n RENAME INDEX j TO k, ADD COLUMN s INT", KP_R_DUPLICATE,
		 "column 's' already exists in n (action 2 of 2): none of the statement's actions is applied", 47},
		{"ALTER TABLE n RENAME INDEX j TO k, RENAME INDEX o TO k", KP_R_DUPLICATE,
		 "index 'k' already exists on n (action 2 of 2): none of the statement's actions is applied", 54},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char sql[600];
		snprintf(sql, sizeof sql, "%s%s", base, bad[i].sql);
		expect_generic(sql, bad[i].rule, bad[i].msg, 6, bad[i].col);
	}
	kpt_init_target(&t, KP_TARGET_GENERIC);
	kpt_schema(&t, "CREATE TABLE n (id INT PRIMARY KEY, s INT);\nCREATE INDEX j ON n (s);\n"
	               "ALTER TABLE n RENAME INDEX j TO k, ADD COLUMN s INT");
	CU_ASSERT_PTR_NOT_NULL(kp_table_index(kp_catalog_find(&t.cat, "n", 1), "j", 1));
	kpt_free(&t);
	for (int tg = KP_TARGET_LINDORM; tg <= KP_TARGET_PHOENIX; tg++)
		for (int form = 0; form < 2; form++) {
			char want[80];
			snprintf(want, sizeof want, "%s refuses an index renamed", kp_target_name((kp_target)tg));
			kpt_init_target(&t, (kp_target)tg);
			kpt_schema(&t, form ? "CREATE TABLE n (id INTEGER NOT NULL, s INTEGER, PRIMARY KEY (id));\n"
			                      "CREATE INDEX j ON n (s);\nALTER INDEX j RENAME TO k"
			                    : "CREATE TABLE n (id INTEGER NOT NULL, s INTEGER, PRIMARY KEY (id));\n"
			                      "CREATE INDEX j ON n (s);\nALTER TABLE n RENAME INDEX j TO k");
			const kp_diag *g = t.d.head;
			while (g && g->rule != KP_R_UNSUPPORTED)
				g = g->next;
			CU_ASSERT_PTR_NOT_NULL_FATAL(g);
			uint32_t l, c;
			kp_source_linecol(g->src, g->off, &l, &c);
			CU_ASSERT_STRING_EQUAL(g->message, want);
			CU_ASSERT_EQUAL(l, 3);
			CU_ASSERT_EQUAL(c, 15);   /* RENAME, in both forms */
			kpt_free(&t);
		}
}

/* A statement on an SQLite virtual table (CREATE VIRTUAL TABLE docs USING
 * fts5(...)): the table exists, so no KP008 "no such table" (before), but
 * its module finds the rows by no key keyplan models: one KP012 note at the
 * name, pointing at the CREATE, and no plan. */
static void test_a_virtual_table_is_no_unknown_table(void)
{
	kpt t;
	kpt_init_target(&t, KP_TARGET_GENERIC);
	kpt_schema(&t, "CREATE TABLE u (id INT PRIMARY KEY);\nCREATE VIRTUAL TABLE docs USING fts5(title, body);");
	static const char *const q[] = {"SELECT * FROM docs WHERE docs MATCH 'x'", "INSERT INTO docs VALUES ('a', 'b')"};
	static const uint32_t off[] = {14, 12};
	for (int i = 0; i < 2; i++) {
		CU_ASSERT_EQUAL(kpt_plan(&t, q[i]), 0);
		const kp_diag *g = t.d.head;
		CU_ASSERT_PTR_NOT_NULL_FATAL(g);
		CU_ASSERT_EQUAL(g->rule, KP_R_UNSUPPORTED);
		CU_ASSERT_EQUAL(g->severity, KP_SEV_INFO);
		CU_ASSERT_EQUAL(g->off, off[i]);
		CU_ASSERT_STRING_EQUAL(g->message, "docs is a virtual table: its module (fts5, rtree, ...) stores and finds "
		                       "its rows by no key keyplan models, so the statement is not planned");
		CU_ASSERT_PTR_NULL(g->next);
		CU_ASSERT_PTR_NULL(t.plan.table);
	}
	CU_ASSERT_EQUAL(kpt_plan(&t, "SELECT * FROM nodocs"), 1);
	CU_ASSERT_EQUAL(t.d.head->rule, KP_R_UNKNOWN_TABLE);
	kpt_free(&t);
}

/* An index part that is an expression over no column (a parameter, a
 * literal, a call of literals) has one value on every row: a located
 * error on every target (before, read silently as an expression index;
 * found by fuzz_schema, tests/regress/unnamed-index-expression-part.sql). */
static void test_constant_index_expression_is_an_error(void)
{
	static const char *const parts[] = {":v", "?", "1, v", "lower('a')", "v, -2"};
	static const uint32_t cols[] = {23, 23, 23, 23, 26};
	static const unsigned nth[] = {1, 1, 1, 1, 2};
	for (int tg = 0; tg <= KP_TARGET_GENERIC; tg++)
		for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) {
			char sql[160], want[160];
			snprintf(sql, sizeof sql, "CREATE TABLE m (k VARCHAR PRIMARY KEY, v INTEGER);\nCREATE INDEX ix ON m (%s);",
			         parts[i]);
			snprintf(want, sizeof want, "part %u of the index of %s is an expression that names no column: it "
			         "has one value on every row and orders none", nth[i], tg == KP_TARGET_PHOENIX ? "M" : "m");
			kpt t;
			kpt_init_target(&t, (kp_target)tg);
			kpt_schema(&t, sql);
			const kp_diag *g = t.d.head;
			CU_ASSERT_PTR_NOT_NULL_FATAL(g);
			uint32_t l, c;
			kp_source_linecol(g->src, g->off, &l, &c);
			CU_ASSERT_EQUAL(g->rule, KP_R_BAD_KEY);
			CU_ASSERT_EQUAL(g->severity, KP_SEV_ERROR);
			CU_ASSERT_STRING_EQUAL(g->message, want);
			CU_ASSERT_EQUAL(l, 2);
			CU_ASSERT_EQUAL(c, cols[i]);
			CU_ASSERT_PTR_NULL(g->next);
			const kp_table *m = kp_catalog_find(&t.cat, tg == KP_TARGET_PHOENIX ? "M" : "m", 1);
			CU_ASSERT_PTR_NOT_NULL_FATAL(m);
			CU_ASSERT_EQUAL(m->nindexes, 0);
			kpt_free(&t);
		}
}

/* PostgreSQL's CREATE TYPE name AS ENUM and CREATE DOMAIN name AS base name
 * column types: an enum holds strings, a domain its base type's values (a
 * domain over a domain its base's); a schema-qualified name is the column's
 * type name. CREATE TYPE's other forms stay units, and their names
 * unknown types. SQLite's CREATE VIRTUAL TABLE is no table keyplan plans. */
static void test_user_types_are_column_types(void)
{
	kpt t;
	kpt_init_target(&t, KP_TARGET_GENERIC);
	kpt_schema(&t, "CREATE TYPE public.mood AS ENUM ('sad', 'ok');"
	               "CREATE DOMAIN public.posint AS integer CONSTRAINT pos CHECK (VALUE > 0) NOT NULL;"
	               "CREATE DOMAIN code AS varchar(8) COLLATE \"C\" DEFAULT 'x';"
	               "CREATE DOMAIN d2 AS posint;"
	               "CREATE TYPE comp AS (a int, b text);"
	               "CREATE VIRTUAL TABLE docs USING fts5(title, body);"
	               "CREATE TABLE u (id public.posint PRIMARY KEY, m mood, c code, x d2, y comp);");
	const kp_table *u = kp_catalog_find(&t.cat, "u", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(u);
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "docs", 4));
	CU_ASSERT_EQUAL(u->cols[0].tclass, KP_T_INT);
	CU_ASSERT_EQUAL(u->cols[1].tclass, KP_T_STRING);
	CU_ASSERT_EQUAL(u->cols[2].tclass, KP_T_STRING);
	CU_ASSERT_EQUAL(u->cols[2].length, 8);
	CU_ASSERT_EQUAL(u->cols[3].tclass, KP_T_INT);
	CU_ASSERT_EQUAL(u->cols[4].tclass, KP_T_OTHER);
	int n = 0;
	for (const kp_diag *g = t.d.head; g; g = g->next, n++) {
		uint32_t l, c;
		kp_source_linecol(g->src, g->off, &l, &c);
		if (n == 0) {
			CU_ASSERT_STRING_EQUAL(g->message, "CREATE TYPE is read as one unit: keyplan neither models nor plans it");
			CU_ASSERT_EQUAL(c, 219);
		} else if (n == 1) {
			CU_ASSERT_STRING_EQUAL(g->message,
			                       "CREATE VIRTUAL TABLE is read as one unit: keyplan neither models nor plans it");
			CU_ASSERT_EQUAL(c, 255);
		} else {
			CU_ASSERT_STRING_EQUAL(g->message, "unknown type 'comp' for column 'y'; its values are not checked");
		}
	}
	CU_ASSERT_EQUAL(n, 3);
	kpt_free(&t);
}

KPT_SUITE("catalog", NULL, NULL,
	{"a statement on a virtual table is one note, not an unknown table", test_a_virtual_table_is_no_unknown_table},
	{"RENAME COLUMN, DROP PRIMARY KEY, CONVERT TO, ((expr)) in ADD INDEX, CREATE DOMAIN without AS",
	 test_rename_drop_key_convert_and_functional_parts},
	{"an index expression over no column is a located error on every target", test_constant_index_expression_is_an_error},
	{"CREATE TYPE ... AS ENUM and CREATE DOMAIN name column types", test_user_types_are_column_types},
	{"ALTER TABLE's actions apply in order, all or none", test_alter_actions_all_or_none},
	{"RENAME TABLE renames left to right, all or none, and says where a name went", test_rename_table_statement},
	{"RENAME INDEX (MySQL) and ALTER INDEX ... RENAME TO (PostgreSQL) rename an index", test_rename_index},
	{"CREATE TABLE builds columns, types and the ordered key", test_create_table_builds_columns_and_ordered_key},
	{"an index made after a view over its table serves the view; DROP INDEX takes it back",
	 test_index_made_after_a_view_serves_it},
	{"hash key, families, indexes, drop", test_hash_key_families_indexes},
	{"table, column and key errors are located", test_table_and_key_errors_are_located},
	{"table options, IF [NOT] EXISTS, index names and unknown types", test_options_if_exists_indexes_and_unknown_types},
	{"PARTITION BY, index, hash-part and DROP errors are located", test_partition_index_and_drop_errors_are_located},
	{"hash widths and index kinds", test_hash_widths_and_index_kinds},
	{"columns are found by name through the table's hash", test_columns_found_by_name_through_the_hash},
	{"DROP TABLE a, b; FULLTEXT keys and GIN indexes read, left out", test_dump_forms_drop_lists_and_unordered_indexes},
	{"an operator class of a schema (public.gin_trgm_ops) is read", test_qualified_operator_classes})
