/* DDL of the stores' references, through the catalog and the planner:
 * Phoenix tables (key order, ROW_TIMESTAMP, salt, families, options),
 * views, ALTER, index states, functional, partial, LOCAL and UNCOVERED
 * indexes under Phoenix's rules, Lindorm search and columnar indexes. */
#include <stdlib.h>
#include <string.h>

#include "advisor/advisor.h"
#include "kp_test.h"

static kpt T;

static const char *SCHEMA =
	/* Phoenix's canonical form: no comma before CONSTRAINT */
	"CREATE TABLE IF NOT EXISTS web_stat (host CHAR(2) NOT NULL, domain VARCHAR NOT NULL,"
	"  feature VARCHAR NOT NULL, date DATE NOT NULL, usage.core BIGINT, usage.db BIGINT,"
	"  stats.active_visitor INTEGER"
	"  CONSTRAINT pk PRIMARY KEY (host, domain, feature, date DESC ROW_TIMESTAMP))"
	"  SALT_BUCKETS = 4, IMMUTABLE_ROWS = true, usage.VERSIONS = 1, TTL = '86400' SPLIT ON ('a', 'b');"
	"CREATE TABLE emp (id BIGINT NOT NULL PRIMARY KEY, first_name VARCHAR, last_name VARCHAR,"
	"  k1 INTEGER, k2 INTEGER, tags VARCHAR ARRAY, scores INTEGER[3], salary UNSIGNED_LONG);"
	"CREATE INDEX upper_name ON emp (UPPER(first_name || ' ' || last_name));"
	"CREATE INDEX ratio ON emp (k1 / k2 DESC) INCLUDE (salary);"
	"CREATE TABLE dt (pk INT, c1 INT, c2 VARCHAR, c3 VARCHAR, c4 BIGINT, PRIMARY KEY (pk));"
	"CREATE INDEX sidx USING SEARCH ON dt (c1, c2, c3(type=text, analyzer=ik)) WITH (numShards = 4);"
	"CREATE INDEX cidx USING COLUMNAR ON dt (*) PARTITION BY ENUMERABLE (pk, bucket(16, c1));"
	"CREATE VIEW na_stat (region VARCHAR) AS SELECT * FROM web_stat WHERE host = 'NA';"
	"CREATE VIEW na_search AS SELECT * FROM na_stat WHERE domain = 'search.com';"
	"CREATE VIEW joined AS SELECT a.host FROM web_stat a JOIN emp e ON a.host = e.first_name;"
	"CREATE VIEW grouped AS SELECT * FROM web_stat GROUP BY host;"
	"CREATE TABLE p (k VARCHAR PRIMARY KEY, a VARCHAR, b VARCHAR, c VARCHAR);"
	"CREATE INDEX p_global ON p (a);"
	"CREATE LOCAL INDEX p_local ON p (b);"
	"CREATE UNCOVERED INDEX p_unc ON p (c);"
	"CREATE INDEX p_partial ON p (b) INCLUDE (a, c) WHERE a = 'x' AND c > 'm';";

static void plan(const char *q, const char *access, const char *ranges, const char *filter,
                 const char *text)
{
	kpt_plan(&T, q);
	int bad = strcmp(T.access, access) || strcmp(T.ranges, ranges) || strcmp(T.filter, filter) ||
	          strcmp(T.text, text);
	if (bad)
		fprintf(stderr, "\n  query: %s\n  got:  %s | %s | %s | %s\n  want: %s | %s | %s | %s\n", q,
		        T.access, T.ranges, T.filter, T.text, access, ranges, filter, text);
	CU_ASSERT_STRING_EQUAL(T.access, access);
	CU_ASSERT_STRING_EQUAL(T.ranges, ranges);
	CU_ASSERT_STRING_EQUAL(T.filter, filter);
	CU_ASSERT_STRING_EQUAL(T.text, text);
}

static void rules(const char *want)
{
	if (strcmp(T.rules, want))
		fprintf(stderr, "\n  rules: got '%s' want '%s'\n", T.rules, want);
	CU_ASSERT_STRING_EQUAL(T.rules, want);
}

static const kp_table *table(const char *name)
{
	const kp_table *t = kp_catalog_find(&T.cat, name, (uint32_t)strlen(name));
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	return t;
}

static void key_is(const char *name, const char *want)
{
	kp_buf b = {0};
	const kp_table *t = table(name);
	kp_key_notation(&b, t, &t->pk);
	if (strcmp(b.data, want))
		fprintf(stderr, "\n  key of %s: got %s want %s\n", name, b.data, want);
	CU_ASSERT_STRING_EQUAL(b.data, want);
	kp_buf_free(&b);
}

static int has_help(const char *s)
{
	for (const kp_diag *g = T.d.head; g; g = g->next)
		for (const kp_help *h = g->helps; h; h = h->next)
			if (strstr(h->message, s))
				return 1;
	return 0;
}

static void test_phoenix_table(void)
{
	const kp_table *t = table("web_stat");
	key_is("web_stat", "[host][domain][feature][date DESC]");
	int date = kp_table_column(t, "date", 4);
	CU_ASSERT_TRUE(t->cols[date].row_timestamp);
	CU_ASSERT_FALSE(t->cols[0].row_timestamp);
	CU_ASSERT_EQUAL(t->salt_buckets, 4);
	CU_ASSERT_EQUAL(t->nfamilies, 2);
	CU_ASSERT_STRING_EQUAL(t->cols[kp_table_column(t, "core", 4)].family, "usage");
	CU_ASSERT_STRING_EQUAL(kp_table_option_get(t, "usage.VERSIONS"), "1");
	CU_ASSERT_STRING_EQUAL(kp_table_option_get(t, "TTL"), "86400");
	const kp_table *e = table("emp");
	CU_ASSERT_TRUE(e->cols[kp_table_column(e, "tags", 4)].is_array);
	CU_ASSERT_TRUE(e->cols[kp_table_column(e, "scores", 6)].is_array);
	CU_ASSERT_EQUAL(e->cols[kp_table_column(e, "salary", 6)].tclass, KP_T_INT);
	/* the key serves the canonical table like any other */
	plan("SELECT * FROM web_stat WHERE host = 'EU' AND domain = 'x' AND feature = 'f'", "scan",
	     "[{\"eq\": [\"EU\", \"x\", \"f\"], \"range\": null}]", "",
	     "SCAN web_stat prefix (host='EU', domain='x', feature='f')");
}

static void test_functional_index(void)
{
	/* the same expression, written with other case, spacing and parentheses */
	plan("SELECT id FROM emp WHERE upper((first_name || ' ') || last_name) = 'JOHN DOE'", "scan",
	     "[{\"eq\": [\"JOHN DOE\"], \"range\": null}]", "",
	     "SCAN emp via index upper_name prefix (UPPER(first_name || ' ' || last_name)='JOHN DOE')");
	rules("");
	/* the index row holds the expression, not first_name: this one reads the table */
	plan("SELECT first_name FROM emp WHERE UPPER(first_name || ' ' || last_name) = 'JOHN DOE'", "scan",
	     "[{\"eq\": [\"JOHN DOE\"], \"range\": null}]", "",
	     "SCAN emp via index upper_name (+ table lookup) prefix (UPPER(first_name || ' ' || last_name)='JOHN DOE')");
	/* another expression is not the indexed one */
	plan("SELECT id FROM emp WHERE UPPER(first_name) = 'JOHN'", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "UPPER(first_name) = 'JOHN'",
	     "REJECTED emp: full table scan, no condition on leading key column id filter UPPER(first_name) = 'JOHN'");
	rules("KP001");
	/* arithmetic: a range on k1 / k2, a DESC part */
	plan("SELECT salary FROM emp WHERE k1 / k2 > 5", "scan",
	     "[{\"eq\": [], \"range\": {\"column\": \"k1 / k2\", \"lower\": 5, \"lower_inclusive\": false, "
	     "\"upper\": null, \"upper_inclusive\": false, \"nulls\": false}}]", "",
	     "SCAN emp via index ratio range k1 / k2 (5, +inf)");
	/* the key part's name is its expression */
	kp_buf b = {0};
	const kp_index *ix = kp_table_index(table("emp"), "ratio", 5);
	CU_ASSERT_PTR_NOT_NULL_FATAL(ix);
	kp_key_notation(&b, table("emp"), &ix->key);
	CU_ASSERT_STRING_EQUAL(b.data, "[k1 / k2 DESC][id]");
	kp_buf_free(&b);
	CU_ASSERT_TRUE(ix->has_expr);
}

static void test_search_and_columnar(void)
{
	/* any combination of the search index's columns, no leading-column rule */
	plan("SELECT * FROM dt WHERE c2 = 'a' AND c3 = 'LindormTable'", "search", "[]", "",
	     "SEARCH dt via search index sidx (+ table lookup): the search engine serves every condition (c1, c2, c3)");
	rules("");
	CU_ASSERT_EQUAL(T.plan.order, KP_ORDER_NONE);
	kp_buf j = {0};
	kp_source src;
	kp_source_from_string(&src, "q.sql", "x", 1);
	kp_explain_json(&j, &T.plan, T.plan.stmt, &src, 0, NULL);
	CU_ASSERT_PTR_NOT_NULL(strstr(j.data, "\"path\": {\"type\": \"search\", \"name\": \"sidx\", \"covering\": false}, "
	                                      "\"access\": \"search\", \"rejected\": false, \"key\": [\"c1\", \"c2\", \"c3\", \"pk\"]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(j.data, "\"ranges\": null, \"filter\": null"));
	kp_buf_free(&j);
	kp_source_free(&src);
	plan("SELECT c1, c2 FROM dt WHERE c1 > 3 ORDER BY c2", "search", "[]", "",
	     "SEARCH dt via search index sidx: the search engine serves every condition (c1, c2, c3) order key");
	/* the key still wins where it binds */
	plan("SELECT * FROM dt WHERE pk = 1 AND c1 = 2", "get", "[{\"eq\": [1], \"range\": null}]", "c1 = 2",
	     "GET dt key (pk=1) filter c1 = 2");
	/* a column the search index lacks: a full scan, and the columnar index is mentioned */
	plan("SELECT * FROM dt WHERE c1 = 2 AND c4 = 3", "full_scan", "[{\"eq\": [], \"range\": null}]",
	     "c1 = 2 AND c4 = 3", "REJECTED dt: full table scan, no condition on leading key column pk filter c1 = 2 AND c4 = 3");
	CU_ASSERT_TRUE(has_help("dt has columnar index cidx: analytical scans that run in Lindorm's compute engine"));
	/* ignored by the hint */
	plan("SELECT /*+ _l_ignore_index_ */ * FROM dt WHERE c2 = 'a'", "full_scan",
	     "[{\"eq\": [], \"range\": null}]", "c2 = 'a'",
	     "REJECTED dt: full table scan, no condition on leading key column pk filter c2 = 'a'");
	const kp_index *s = kp_table_index(table("dt"), "sidx", 4);
	const kp_index *c = kp_table_index(table("dt"), "cidx", 4);
	CU_ASSERT_TRUE(s->search && !s->kv && !s->columnar);
	CU_ASSERT_TRUE(c->columnar && !c->kv);
	CU_ASSERT_TRUE(c->covers[kp_table_column(table("dt"), "c4", 2)]);
}

/* The filter in explain's JSON is written as SQL in place and closed
 * there when nothing in it needs escaping, else escaped from a copy: both
 * ways, short and longer than the room made for a line's fields. */
static void filter_json_is(const char *q, const char *want)
{
	kpt_plan(&T, q);
	kp_buf j = {0};
	kp_source src;
	kp_source_from_string(&src, "q.sql", "x", 1);
	kp_explain_json(&j, &T.plan, T.plan.stmt, &src, 0, NULL);
	const char *f = strstr(j.data, "\"filter\": ");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	f += strlen("\"filter\": ");
	const char *e = strstr(f, ", \"order\": null, \"diagnostics\": [");
	CU_ASSERT_PTR_NOT_NULL_FATAL(e);
	CU_ASSERT_EQUAL(strlen(want), (size_t)(e - f));
	CU_ASSERT_EQUAL(strncmp(f, want, (size_t)(e - f)), 0);
	kp_buf_free(&j);
	kp_source_free(&src);
}

static void test_filter_json_plain_and_escaped(void)
{
	filter_json_is("SELECT * FROM dt WHERE pk = 1 AND c1 = 2", "\"c1 = 2\"");
	filter_json_is("SELECT * FROM dt WHERE pk = 1 AND c2 = 'say \"hi\"'", "\"c2 = 'say \\\"hi\\\"'\"");
	char q[1200], want[1200];
	char x[701];
	memset(x, 'x', 700);
	x[700] = 0;
	snprintf(q, sizeof q, "SELECT * FROM dt WHERE pk = 1 AND c2 = '%s'", x);
	snprintf(want, sizeof want, "\"c2 = '%s'\"", x);
	filter_json_is(q, want);
	snprintf(q, sizeof q, "SELECT * FROM dt WHERE pk = 1 AND c2 = '%s\"'", x);
	snprintf(want, sizeof want, "\"c2 = '%s\\\"'\"", x);
	filter_json_is(q, want);
}

/* explain's JSON of a finding whose words carry an id (kp_diag.words, a
 * full-scan finding replayed by planner/findmemo.c): kept in the shape's
 * JSON memo under the id and copied for the next finding with it, word
 * for word what they would have been written as; a finding whose notes or
 * helps were added to since (the id cleared), or another id's, written
 * from its own words; words past what the memo keeps written each time. */
static char *json_of(kp_json_memo *m)
{
	kp_buf j = {0};
	kp_source src;
	kp_source_from_string(&src, "q.sql", "x", 1);
	T.plan.json = m;
	kp_explain_json(&j, &T.plan, T.plan.stmt, &src, 0, &T.d);
	T.plan.json = NULL;
	kp_source_free(&src);
	char *s = strdup(j.data);
	kp_buf_free(&j);
	return s;
}

static void test_finding_words_kept_by_id(void)
{
	kpt_plan(&T, "SELECT * FROM dt WHERE c1 = 2 AND c4 = 3");
	kp_diag *g = T.d.head;
	CU_ASSERT_PTR_NOT_NULL_FATAL(g);
	CU_ASSERT_PTR_NOT_NULL_FATAL(g->notes);
	CU_ASSERT_PTR_NOT_NULL_FATAL(g->helps);
	char *fresh = json_of(NULL);   /* no memo: written from the words */
	kp_json_memo *m = kp_json_memo_new();
	g->words = 1u << 31;
	char *kept = json_of(m), *copied = json_of(m);
	CU_ASSERT_STRING_EQUAL(kept, fresh);
	CU_ASSERT_STRING_EQUAL(copied, fresh);
	/* the same id, its words written again in another plan's JSON: a
	 * message with an escape, a note and a help in their places */
	CU_ASSERT_PTR_NOT_NULL(strstr(copied, "\"notes\": [{\"file\": "));
	free(kept);
	free(copied);
	/* a help added: the id cleared, the new help written */
	kp_diag_help(g, &T.arena, "one more \"help\"");
	CU_ASSERT_EQUAL(g->words, 0);
	char *more = json_of(m);
	CU_ASSERT_PTR_NOT_NULL(strstr(more, ", \"one more \\\"help\\\"\"]}"));
	g->words = (1u << 31) + 1;   /* its words now another id's */
	char *again = json_of(m), *again2 = json_of(m);
	CU_ASSERT_STRING_EQUAL(again, more);
	CU_ASSERT_STRING_EQUAL(again2, more);
	/* a note added: cleared too */
	kp_diag_note(g, &T.arena, g->notes->src, g->notes->off, "a second note");
	CU_ASSERT_EQUAL(g->words, 0);
	char *notes2 = json_of(m);
	CU_ASSERT_PTR_NOT_NULL(strstr(notes2, "\"message\": \"a second note\"}]"));
	/* five notes (more than the memo keeps) and a message longer than its
	 * room: written from the words each time */
	for (int i = 0; i < 3; i++)
		kp_diag_note(g, &T.arena, g->notes->src, g->notes->off, "note %d", i);
	g->words = (1u << 31) + 3;   /* five notes, short words */
	char *five1 = json_of(NULL), *five2 = json_of(m), *five3 = json_of(m);
	CU_ASSERT_STRING_EQUAL(five2, five1);
	CU_ASSERT_STRING_EQUAL(five3, five1);
	CU_ASSERT_PTR_NOT_NULL(strstr(five3, "\"message\": \"note 2\"}]"));
	free(five1);
	free(five2);
	free(five3);
	char *longm = kp_arena_alloc(&T.arena, 3001);
	memset(longm, 'm', 3000);
	longm[10] = '"';
	g->message = longm;
	g->words = (1u << 31) + 4;
	char *big1 = json_of(NULL), *big2 = json_of(m), *big3 = json_of(m);
	CU_ASSERT_STRING_EQUAL(big2, big1);
	CU_ASSERT_STRING_EQUAL(big3, big1);
	CU_ASSERT_PTR_NOT_NULL(strstr(big3, "\"message\": \"note 2\"}]"));
	CU_ASSERT_PTR_NOT_NULL(strstr(big3, "mmmmmmmmmm\\\"mmm"));
	free(fresh);
	free(more);
	free(again);
	free(again2);
	free(notes2);
	free(big1);
	free(big2);
	free(big3);
	kp_json_memo_free(m);
}

static void test_view_planned_on_base_key_with_its_where(void)
{
	const kp_table *v = table("na_stat");
	CU_ASSERT_TRUE(v->is_view);
	CU_ASSERT_STRING_EQUAL(v->view_base, "web_stat");
	CU_ASSERT_EQUAL(v->ncols, table("web_stat")->ncols + 1);
	key_is("na_stat", "[host][domain][feature][date DESC]");
	/* the view's WHERE is ANDed in: host is bound */
	plan("SELECT * FROM na_stat WHERE domain = 'x' AND region = 'r'", "filtered_scan",
	     "[{\"eq\": [\"NA\", \"x\"], \"range\": null}]", "region = 'r'",
	     "FILTERED SCAN na_stat prefix (host='NA', domain='x') filter region = 'r'");
	/* a view over a view: both WHEREs */
	plan("SELECT * FROM na_search WHERE feature = 'f'", "scan",
	     "[{\"eq\": [\"NA\", \"search.com\", \"f\"], \"range\": null}]", "",
	     "SCAN na_search prefix (host='NA', domain='search.com', feature='f')");
	/* no WHERE in the query: the view's alone */
	plan("SELECT * FROM na_stat", "scan", "[{\"eq\": [\"NA\"], \"range\": null}]", "",
	     "SCAN na_stat prefix (host='NA')");
	/* views whose query keyplan cannot plan */
	kpt_plan(&T, "SELECT * FROM joined WHERE host = 'a'");
	rules("KP012");
	CU_ASSERT_TRUE(kpt_has_message(&T, "view joined cannot be planned: joins are not supported"));
	kpt_plan(&T, "SELECT * FROM grouped");
	rules("KP012");
	CU_ASSERT_TRUE(kpt_has_message(&T, "view grouped cannot be planned: a view whose query is not SELECT * FROM table"));
}

static void test_phoenix_index_rules(void)
{
	T.opts.phoenix = true;
	/* a global index that does not cover the query: not used unhinted */
	plan("SELECT * FROM p WHERE a = 'x'", "full_scan", "[{\"eq\": [], \"range\": null}]", "a = 'x'",
	     "REJECTED p: full table scan, no condition on leading key column k filter a = 'x'");
	plan("SELECT k FROM p WHERE a = 'x'", "scan", "[{\"eq\": [\"x\"], \"range\": null}]", "",
	     "SCAN p via index p_global prefix (a='x')");
	plan("SELECT /*+ _l_force_index_('p_global') */ * FROM p WHERE a = 'x'", "scan",
	     "[{\"eq\": [\"x\"], \"range\": null}]", "", "SCAN p via index p_global (+ table lookup) prefix (a='x')");
	/* LOCAL and UNCOVERED indexes serve without covering */
	plan("SELECT * FROM p WHERE b = 'y'", "scan", "[{\"eq\": [\"y\"], \"range\": null}]", "",
	     "SCAN p via index p_local (+ table lookup) prefix (b='y')");
	plan("SELECT k, c FROM p WHERE c = 'z'", "scan", "[{\"eq\": [\"z\"], \"range\": null}]", "",
	     "SCAN p via index p_unc (+ table lookup) prefix (c='z')");
	/* a partial index, only when the query holds its WHERE */
	plan("SELECT * FROM p WHERE b = 'y' AND a = 'x' AND c > 'm'", "scan",
	     "[{\"eq\": [\"y\"], \"range\": null}]", "", "SCAN p via index p_partial prefix (b='y')");
	T.opts.phoenix = false;
	/* Lindorm's rules: the global index serves with a table lookup */
	plan("SELECT * FROM p WHERE a = 'x'", "scan", "[{\"eq\": [\"x\"], \"range\": null}]", "",
	     "SCAN p via index p_global (+ table lookup) prefix (a='x')");
}

static void test_alter_adds_and_drops_columns_options_and_indexes(void)
{
	kpt t;
	kpt_init(&t);
	CU_ASSERT_EQUAL(kpt_schema(&t,
		"CREATE TABLE a (k VARCHAR NOT NULL, v INTEGER, w INTEGER CONSTRAINT pk PRIMARY KEY (k));"
		"CREATE INDEX a_w ON a (w) INCLUDE (v);"
		"ALTER TABLE a ADD IF NOT EXISTS d.x BIGINT, y VARCHAR VERSIONS = 10;"
		"ALTER TABLE a ADD v INTEGER;"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "column 'v' already exists in a"));
	const kp_table *a = kp_catalog_find(&t.cat, "a", 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a);
	CU_ASSERT_EQUAL(a->ncols, 5);
	CU_ASSERT_STRING_EQUAL(a->cols[3].family, "d");
	CU_ASSERT_STRING_EQUAL(kp_table_option_get(a, "VERSIONS"), "10");
	CU_ASSERT_FALSE(a->indexes[0]->covers[3]);
	/* a Phoenix nullable PRIMARY KEY column extends the key */
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER TABLE a ADD z VARCHAR NULL PRIMARY KEY"), 0);
	kp_buf b = {0};
	kp_key_notation(&b, a, &a->pk);
	CU_ASSERT_STRING_EQUAL(b.data, "[k][z]");
	kp_buf_free(&b);
	/* DROP COLUMN: an index keyed on it goes too; key columns stay */
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER TABLE a DROP COLUMN IF EXISTS w, nope"), 0);
	CU_ASSERT_EQUAL(kp_table_column(a, "w", 1), -1);
	CU_ASSERT_EQUAL(a->nindexes, 0);
	kp_buf ddl = {0};
	kp_table_ddl(&ddl, a, NULL, NULL, KP_TARGET_PHOENIX);
	CU_ASSERT_STRING_EQUAL(ddl.data, "CREATE TABLE a (k VARCHAR NOT NULL, v INTEGER, d.x BIGINT, y VARCHAR, "
	                       "z VARCHAR NOT NULL, CONSTRAINT pk PRIMARY KEY (k, z)) VERSIONS = 10");
	kp_buf_free(&ddl);
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER TABLE a DROP COLUMN k"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "cannot drop 'k': it is a primary key column of a"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER TABLE a DROP COLUMN nope"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "unknown column 'nope' in a"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER TABLE a SET IMMUTABLE_ROWS = true, DISABLE_WAL = true"), 0);
	CU_ASSERT_STRING_EQUAL(kp_table_option_get(a, "DISABLE_WAL"), "true");
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER VIEW nope SET TTL = 1"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "ALTER VIEW on unknown view 'nope'"));
	/* ALTER INDEX states */
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE INDEX a_v ON a (v); ALTER INDEX a_v ON a DISABLE"), 0);
	kpt_plan(&t, "SELECT k FROM a WHERE v = 1");
	CU_ASSERT_STRING_EQUAL(t.access, "full_scan");
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER INDEX IF EXISTS a_v ON a REBUILD ALL ASYNC"), 0);
	kpt_plan(&t, "SELECT k FROM a WHERE v = 1");
	CU_ASSERT_STRING_EQUAL(t.text, "SCAN a via index a_v prefix (v=1)");
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER INDEX a_v ON a UNUSABLE"), 0);
	kpt_plan(&t, "SELECT k FROM a WHERE v = 1");
	CU_ASSERT_STRING_EQUAL(t.access, "full_scan");
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER INDEX IF EXISTS nope ON a USABLE"), 0);
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER INDEX nope ON a USABLE"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "no such index: nope on a"));
	kpt_free(&t);
}

/* A view reads through its parent's indexes as they are when it is read,
 * not as they were when it was created (Phoenix: ViewUtil.addIndexesFromParent):
 * an index created on the base after the view serves the view, its own
 * columns too for views over views; a dropped one stops serving it, and
 * the view's own indexes stay. (A view created before its base's index was
 * planned as a full scan, and the advisor said the design stands.) */
static void test_views_take_the_bases_indexes_as_they_change(void)
{
	kpt t;
	kpt_init_target(&t, KP_TARGET_PHOENIX);
	CU_ASSERT_EQUAL(kpt_schema(&t,
		"CREATE TABLE emp (emp_id BIGINT NOT NULL, last_name VARCHAR(64), status CHAR(1), email VARCHAR(128)"
		" CONSTRAINT pk PRIMARY KEY (emp_id));"
		"CREATE VIEW va AS SELECT * FROM emp WHERE status = 'A';"
		"CREATE VIEW vb (note VARCHAR) AS SELECT * FROM va;"
		"CREATE INDEX pl ON emp (last_name) INCLUDE (email, status);"), 0);
	kpt_plan(&t, "SELECT emp_id, email FROM va WHERE last_name = ?");
	CU_ASSERT_STRING_EQUAL(t.access, "filtered_scan");
	CU_ASSERT_STRING_EQUAL(t.text, "FILTERED SCAN VA via index PL prefix (LAST_NAME=?) filter STATUS = 'A'");
	kpt_plan(&t, "SELECT emp_id, email FROM vb WHERE last_name = ?");
	CU_ASSERT_STRING_EQUAL(t.text, "FILTERED SCAN VB via index PL prefix (LAST_NAME=?) filter STATUS = 'A'");
	CU_ASSERT_EQUAL(kp_catalog_find(&t.cat, "VB", 2)->nindexes, 1);
	/* the view's own index stays when the base's go */
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE INDEX ve ON va (email); DROP INDEX pl ON emp;"), 0);
	kpt_plan(&t, "SELECT emp_id, email FROM va WHERE last_name = ?");
	CU_ASSERT_STRING_EQUAL(t.text, "FULL SCAN VA filter LAST_NAME = ? AND STATUS = 'A'");
	const kp_table *va = kp_catalog_find(&t.cat, "VA", 2);
	CU_ASSERT_EQUAL_FATAL(va->nindexes, 1);
	CU_ASSERT_STRING_EQUAL(va->indexes[0]->name, "VE");
	CU_ASSERT_FALSE(va->indexes[0]->inherited);
	/* vb is over va: it takes va's own index too */
	CU_ASSERT_EQUAL(kp_catalog_find(&t.cat, "VB", 2)->nindexes, 1);
	/* the copy in a view is no index of its own to drop */
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP INDEX ve ON vb"), 1);
	kpt_free(&t);
}

static void test_views_and_drops(void)
{
	kpt t;
	kpt_init(&t);
	CU_ASSERT_EQUAL(kpt_schema(&t,
		"CREATE TABLE b (k VARCHAR PRIMARY KEY, v INTEGER);"
		"CREATE VIEW bv AS SELECT * FROM b WHERE v > 3;"
		"CREATE VIEW bv2 (extra INTEGER) AS SELECT * FROM bv;"), 0);
	CU_ASSERT_EQUAL(kp_catalog_find(&t.cat, "bv2", 3)->nview_where, 1);
	/* errors */
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE VIEW x AS SELECT * FROM nope"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "CREATE VIEW x over unknown table 'nope'"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE VIEW x (n INTEGER PRIMARY KEY) AS SELECT * FROM b"), 1);
	/* b's key is VARCHAR: a view of it cannot add key columns (Phoenix's CANNOT_MODIFY_VIEW_PK) */
	CU_ASSERT_TRUE(kpt_has_message(&t, "view x cannot add key columns: the last key column k of b is of variable "
	                                   "length"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE VIEW x AS SELECT * FROM b WHERE zz = 1"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "WHERE of view of x names unknown column 'zz'"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE VIEW bv AS SELECT * FROM b"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "view 'bv' already exists"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP TABLE bv"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "bv is a view: drop it with DROP VIEW"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP VIEW b"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "b is a table: drop it with DROP TABLE"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER VIEW b ADD w INTEGER"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "b is a table: alter it with ALTER TABLE"));
	CU_ASSERT_EQUAL(kp_table_column(kp_catalog_find(&t.cat, "b", 1), "w", 1), -1);
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER VIEW bv ADD w2 INTEGER"), 0);
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP VIEW nope"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "no such view: nope"));
	/* a Phoenix view with its own key (over an HBase table) is a table */
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE VIEW \"hb\" (k VARCHAR PRIMARY KEY, \"v\" UNSIGNED_LONG) DEFAULT_COLUMN_FAMILY = 'a'"), 0);
	CU_ASSERT_TRUE(kp_catalog_find(&t.cat, "hb", 2)->is_view);
	/* without CASCADE a table or view that views select from stays */
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP TABLE b"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "cannot drop b: view bv selects from it (DROP TABLE b CASCADE drops its views too)"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP VIEW bv"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "cannot drop bv: view bv2 selects from it (DROP VIEW bv CASCADE drops its views too)"));
	CU_ASSERT_PTR_NOT_NULL(kp_catalog_find(&t.cat, "b", 1));
	CU_ASSERT_PTR_NOT_NULL(kp_catalog_find(&t.cat, "bv", 2));
	/* CASCADE on a view drops the views over it, not its siblings */
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE VIEW sib AS SELECT * FROM b WHERE v > 5 AND v < 9;"
	                               "CREATE VIEW bv3 AS SELECT * FROM bv2;"
	                               "DROP VIEW bv CASCADE"), 0);
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "bv", 2));
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "bv2", 3));
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "bv3", 3));
	CU_ASSERT_PTR_NOT_NULL(kp_catalog_find(&t.cat, "sib", 3));
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE VIEW bv AS SELECT * FROM b; CREATE VIEW bv2 AS SELECT * FROM bv"), 0);
	/* CASCADE drops the views over the table */
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP TABLE IF EXISTS b CASCADE"), 0);
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "sib", 3));
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "b", 1));
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "bv", 2));
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "bv2", 3));
	/* Tablestore mapping tables declare their key; DROP MAPPING TABLE removes them */
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE ts (id BIGINT(20), v MEDIUMTEXT, c LONGTEXT, PRIMARY KEY (id)) "
	                               "ENGINE='tablestore', ENGINE_ATTRIBUTE='{\"consistency\": \"eventual\"}'"), 0);
	CU_ASSERT_STRING_EQUAL(kp_table_option_get(kp_catalog_find(&t.cat, "ts", 2), "ENGINE"), "tablestore");
	kpt_plan(&t, "SELECT * FROM ts WHERE id = 3");
	CU_ASSERT_STRING_EQUAL(t.text, "GET ts key (id=3)");
	CU_ASSERT_EQUAL(kpt_schema(&t, "DROP MAPPING TABLE IF EXISTS ts"), 0);
	CU_ASSERT_PTR_NULL(kp_catalog_find(&t.cat, "ts", 2));
	kpt_free(&t);
}

static void test_ddl_errors(void)
{
	kpt t;
	kpt_init(&t);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE r (k BIGINT PRIMARY KEY, v BIGINT ROW_TIMESTAMP)"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "ROW_TIMESTAMP column 'v' of r is not a primary key column"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE r (k BIGINT PRIMARY KEY, v BIGINT)"), 0);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE INDEX i ON r (UPPER(zz))"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "index of r names unknown column 'zz'"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE INDEX i ON r (v) WHERE zz > 1"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "WHERE of index of r names unknown column 'zz'"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE INDEX i ON r (*)"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "only a COLUMNAR or SEARCH index may index every column (*)"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE INDEX i USING SEARCH ON r (v + 1)"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "a SEARCH index indexes columns, not expressions"));
	/* a MySQL prefix length c(10) on a column is the column */
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE INDEX i ON r (v(10))"), 0);
	CU_ASSERT_EQUAL(kp_table_index(kp_catalog_find(&t.cat, "r", 1), "i", 1)->key.parts[0].col, 1);
	kpt_free(&t);
}

/* Phoenix key columns declared NULL may hold NULL, which sorts first. */
static void test_nullable_key(void)
{
	kpt t;
	kpt_init(&t);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE ts (inst VARCHAR NULL, host VARCHAR NULL, d DATE NOT NULL, v DECIMAL "
	                               "CONSTRAINT pk PRIMARY KEY (inst, host, d))"), 0);
	CU_ASSERT_TRUE(kp_catalog_find(&t.cat, "ts", 2)->cols[0].nullable);
	CU_ASSERT_FALSE(kp_catalog_find(&t.cat, "ts", 2)->cols[2].nullable);
	kpt_plan(&t, "SELECT host FROM ts WHERE inst IS NULL AND host IS NOT NULL");
	CU_ASSERT_STRING_EQUAL(t.text, "SCAN ts prefix (inst=NULL) range host (NULL, +inf)");
	CU_ASSERT_STRING_EQUAL(t.rules, "");
	/* a range unbounded below starts after NULL: the filter is not needed */
	kpt_plan(&t, "SELECT host FROM ts WHERE inst < 'b'");
	CU_ASSERT_STRING_EQUAL(t.text, "SCAN ts range inst (NULL, 'b')");
	kpt_plan(&t, "SELECT host FROM ts WHERE NOT (inst >= 'b') AND inst IS NOT NULL");
	CU_ASSERT_STRING_EQUAL(t.text, "SCAN ts range inst (NULL, 'b')");
	/* NOT NULL key columns never hold NULL: IS NULL is never true */
	kpt_plan(&t, "SELECT host FROM ts WHERE inst = 'a' AND host = 'b' AND d IS NULL");
	CU_ASSERT_STRING_EQUAL(t.rules, "KP005");
	kpt_free(&t);
}

/* Phoenix: one column name in two families is two columns; Lindorm: a
 * search index gains columns. */
static void test_families_and_index_columns(void)
{
	kpt t;
	kpt_init(&t);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE f (id INTEGER NOT NULL PRIMARY KEY, m.util DECIMAL, i.util DECIMAL, util2)"), 0);
	const kp_table *f = kp_catalog_find(&t.cat, "f", 1);
	CU_ASSERT_EQUAL(f->ncols, 4);
	kpt_plan(&t, "SELECT m.util FROM f WHERE id = 1 AND i.util > 3");
	CU_ASSERT_STRING_EQUAL(t.rules, "KP002");
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE g (id INTEGER PRIMARY KEY, m.util DECIMAL, m.util INTEGER)"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "column 'util' declared twice in table g"));
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER TABLE f ADD x.util VARCHAR"), 0);
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER TABLE f ADD i.util VARCHAR"), 1);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE s (pk INT, a INT, b INT, PRIMARY KEY (pk));"
	                               "CREATE INDEX si USING SEARCH ON s (a);"
	                               "ALTER INDEX IF EXISTS si ON s ADD COLUMNS (b, a)"), 0);
	kpt_plan(&t, "SELECT pk FROM s WHERE b = 1");
	CU_ASSERT_STRING_EQUAL(t.text, "SEARCH s via search index si: the search engine serves every condition (a, b)");
	CU_ASSERT_EQUAL(kpt_schema(&t, "ALTER INDEX si ON s ADD COLUMNS (zz)"), 1);
	CU_ASSERT_TRUE(kpt_has_message(&t, "index of s names unknown column 'zz'"));
	kpt_free(&t);
}

/* What explain prints for DDL and skipped statements. */
static void test_explain_text(void)
{
	static const char *cases[][2] = {
		{"CREATE SEQUENCE s.q START WITH 1", "CREATE SEQUENCE q: skipped (recognised; keyplan neither models nor plans it)"},
		{"EXPLAIN SHOW TABLES", "SHOW TABLES: skipped (recognised; keyplan neither models nor plans it)"},
		{"DESC t", "DESCRIBE t: skipped (recognised; keyplan neither models nor plans it)"},
		{"CREATE VIEW v AS SELECT * FROM b WHERE x = 1", "CREATE VIEW v ON b"},
		{"CREATE VIEW v AS SELECT * FROM b ORDER BY x",
		 "CREATE VIEW v ON b: queries against it are not planned (a view whose query is not SELECT * FROM table [WHERE ...])"},
		{"ALTER VIEW v DROP COLUMN c", "ALTER VIEW v DROP COLUMN"},
		{"ALTER TABLE t ADD c INT", "ALTER TABLE t ADD"},
		{"ALTER TABLE t SET TTL = 1", "ALTER TABLE t SET"},
		{"ALTER INDEX i ON t DISABLE", "ALTER INDEX i ON t (disabled: not used)"},
		{"ALTER INDEX i ON t UNUSABLE", "ALTER INDEX i ON t (unusable: not used)"},
		{"ALTER INDEX i ON t REBUILD", "ALTER INDEX i ON t (used by queries)"},
		{"ALTER INDEX i ON t ADD COLUMNS (c)", "ALTER INDEX i ON t ADD COLUMNS"},
		{"DROP VIEW v", "DROP VIEW v"},
		{"DROP MAPPING TABLE m", "DROP MAPPING TABLE m"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		kpt_plan(&T, cases[i][0]);
		if (strcmp(T.text, cases[i][1]))
			fprintf(stderr, "\n  %s\n  got:  %s\n  want: %s\n", cases[i][0], T.text, cases[i][1]);
		CU_ASSERT_STRING_EQUAL(T.text, cases[i][1]);
	}
}

/* The advisor checks a view's key once, on its base table. */
static void test_advisor_skips_views(void)
{
	kpt t;
	kpt_init(&t);
	CU_ASSERT_EQUAL(kpt_schema(&t, "CREATE TABLE ev (ts BIGINT NOT NULL PRIMARY KEY, v VARCHAR);"
	                               "CREATE VIEW ev_v AS SELECT * FROM ev WHERE v = 'x';"), 0);
	kp_advisor adv;
	kp_diags d = {0};
	kp_advisor_init(&adv, &t.cat, KP_TARGET_PHOENIX, &t.arena, &d);
	kp_advisor_run(&adv);
	int on_base = 0, on_view = 0;
	for (const kp_diag *g = d.head; g; g = g->next) {
		on_base += strstr(g->message, "ev ") || strstr(g->message, "ev:") ? 1 : 0;
		on_view += strstr(g->message, "ev_v") ? 1 : 0;
	}
	CU_ASSERT_TRUE(on_base > 0);   /* a monotonic leading key column */
	CU_ASSERT_EQUAL(on_view, 0);
	kpt_free(&t);
}

/* Every test plans against SCHEMA: a schema that does not load fails them all. */
static int setup(void)
{
	return kpt_setup(&T, SCHEMA);
}

static int teardown(void)
{
	kpt_free(&T);
	return 0;
}

KPT_SUITE("ddl", setup, teardown,
	{"Phoenix table: key order, ROW_TIMESTAMP, salt, families, options", test_phoenix_table},
	{"functional indexes", test_functional_index},
	{"the filter in explain's JSON, plain and escaped", test_filter_json_plain_and_escaped},
	{"search and columnar indexes", test_search_and_columnar},
	{"a finding's words kept in explain's JSON memo by their id, and only while they are the id's", test_finding_words_kept_by_id},
	{"a view is planned on its base table's key with its WHERE added", test_view_planned_on_base_key_with_its_where},
	{"Phoenix index rules, LOCAL, UNCOVERED, partial", test_phoenix_index_rules},
	{"ALTER TABLE and ALTER INDEX add and drop columns, options and index states", test_alter_adds_and_drops_columns_options_and_indexes},
	{"views, drops and mapping tables", test_views_and_drops},
	{"DDL errors", test_ddl_errors},
	{"the advisor checks a view's key on its base", test_advisor_skips_views},
	{"nullable Phoenix key columns", test_nullable_key},
	{"explain text of DDL and skipped statements", test_explain_text},
	{"column families and ADD COLUMNS", test_families_and_index_columns},
	{"views take their base's indexes as they change", test_views_take_the_bases_indexes_as_they_change})
