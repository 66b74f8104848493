/* Statements of real schema scripts that keyplan reads as units or did not
 * read before (grammar/unit.c, create.y, schema.y, lexer.re), each quoting
 * the public script it comes from: transactions and session statements,
 * routines with bodies (MySQL DELIMITER scripts and BEGIN ... END without
 * one, PostgreSQL $$ bodies), psql's lines, types of two words, and the
 * statements after them, which must still read. */
#include <stdlib.h>
#include <string.h>

#include "kp_test.h"

static kp_arena arena;
static kp_source src;
static kp_diags d;
static kp_list stmts;

/* Reads every statement of sql; returns how many. */
static uint32_t read_all(const char *sql)
{
	memset(&stmts, 0, sizeof stmts);
	kp_source_free(&src);
	kp_source_from_string(&src, "t.sql", sql, strlen(sql));
	memset(&d, 0, sizeof d);
	kp_arena_reset(&arena);
	kp_parse_all(&stmts, &src, &arena, &d);
	return stmts.n;
}

static const kp_stmt *at(uint32_t i)
{
	CU_ASSERT_FATAL(i < stmts.n);
	return stmts.items[i];
}

/* Statement i is a unit skipped as what, spanning n bytes from where text
 * first occurs. */
static void unit_n(uint32_t i, const char *what, const char *text, size_t n)
{
	const kp_stmt *s = at(i);
	CU_ASSERT_EQUAL_FATAL(s->kind, KP_S_SKIPPED);
	if (strcmp(s->u.skipped.what, what))
		fprintf(stderr, "\n  statement %u skipped as %s, want %s\n", i, s->u.skipped.what, what);
	ASSERT_STR(s->u.skipped.what, what);
	const char *t = strstr(src.text, text);
	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL(s->off, (uint32_t)(t - src.text));
	CU_ASSERT_EQUAL(s->len, n);
}

/* Statement i is a unit skipped as what, spanning exactly text. */
static void unit(uint32_t i, const char *what, const char *text)
{
	unit_n(i, what, text, strlen(text));
}

/* The diagnostics, one per line: "line:col rule severity message". */
static const char *diags(void)
{
	static char buf[4096];
	buf[0] = 0;
	for (const kp_diag *g = d.head; g; g = g->next) {
		uint32_t line = 1, col = 1;
		for (uint32_t i = 0; i < g->off; i++) {
			if (src.text[i] == '\n') {
				line++;
				col = 1;
			} else {
				col++;
			}
		}
		char one[512];
		snprintf(one, sizeof one, "%u:%u %s %s %s\n", line, col, kp_rule_get(g->rule)->id,
		         g->severity == KP_SEV_INFO ? "info" : g->severity == KP_SEV_WARNING ? "warning" : "error",
		         g->message);
		strncat(buf, one, sizeof buf - strlen(buf) - 1);
	}
	return buf;
}

static void expect_diags(const char *want)
{
	const char *got = diags();
	if (strcmp(got, want))
		fprintf(stderr, "\n  got:\n%s  want:\n%s", got, want);
	ASSERT_STR(got, want);
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

#define BODY_NOTE(w) " is read as one unit: keyplan neither models nor plans it, nor the statements of its body"

static void test_transactions_and_session_statements_are_units(void)
{
	/* alibaba/canal admin/admin-web/src/main/resources/canal_manager.sql
	 * ends its data in BEGIN; ... COMMIT;; PostgreSQL's and MySQL's other
	 * spellings; gogs scripts/mysql.sql: SET @s, PREPARE, EXECUTE */
	CU_ASSERT_EQUAL(read_all("BEGIN;\n"
	                         "INSERT INTO canal_user VALUES (1,'admin','6B4C');\n"
	                         "COMMIT;\n"
	                         "START TRANSACTION; SAVEPOINT s1; RELEASE SAVEPOINT s1; ROLLBACK TO SAVEPOINT s1;\n"
	                         "BEGIN WORK; END; ROLLBACK;\n"
	                         "SET @s = IF(version() < 8, 'SET GLOBAL innodb_large_prefix = ON;', 'SELECT 1');\n"
	                         "PREPARE stmt1 FROM @s;\nEXECUTE stmt1;\nDEALLOCATE PREPARE stmt1;\n"
	                         "LOCK TABLES t WRITE; UNLOCK TABLES;\n"
	                         "SELECT * FROM canal_user WHERE id = 1;"), 17);
	expect_diags("");
	unit(0, "BEGIN", "BEGIN");
	CU_ASSERT_EQUAL(at(1)->kind, KP_S_INSERT);
	unit(2, "COMMIT", "COMMIT");
	unit(3, "START TRANSACTION", "START TRANSACTION");
	unit(4, "SAVEPOINT", "SAVEPOINT s1");
	unit(5, "RELEASE SAVEPOINT", "RELEASE SAVEPOINT s1");
	unit(6, "ROLLBACK", "ROLLBACK TO SAVEPOINT s1");
	unit(7, "BEGIN", "BEGIN WORK");
	unit(8, "COMMIT", "END");
	unit(10, "SET", "SET @s = IF(version() < 8, 'SET GLOBAL innodb_large_prefix = ON;', 'SELECT 1')");
	unit(11, "PREPARE", "PREPARE stmt1 FROM @s");
	unit(12, "EXECUTE", "EXECUTE stmt1");
	unit(13, "DEALLOCATE PREPARE", "DEALLOCATE PREPARE stmt1");
	unit(14, "LOCK", "LOCK TABLES t WRITE");
	unit(15, "UNLOCK TABLES", "UNLOCK TABLES");
	CU_ASSERT_EQUAL(at(16)->kind, KP_S_SELECT);
}

static void test_mysql_delimiter_script_reads_routines_as_units(void)
{
	/* jOOQ/sakila mysql-sakila-db/mysql-sakila-schema.sql */
	CU_ASSERT_EQUAL(read_all("DELIMITER ;;\n"
	                         "CREATE TRIGGER `ins_film` AFTER INSERT ON `film` FOR EACH ROW BEGIN\n"
	                         "    INSERT INTO film_text (film_id, title, description)\n"
	                         "        VALUES (new.film_id, new.title, new.description);\n"
	                         "  END;;\n"
	                         "DELIMITER ;\n"
	                         "DELIMITER //\n"
	                         "CREATE DEFINER=`root`@`localhost` FUNCTION get_customer_balance(p_customer_id INT, "
	                         "p_effective_date DATETIME) RETURNS DECIMAL(5,2)\n"
	                         "    DETERMINISTIC\n"
	                         "BEGIN\n"
	                         "  DECLARE v_rentfees DECIMAL(5,2);\n"
	                         "  IF v_rentfees > 0 THEN SET v_rentfees = 0; END IF;\n"
	                         "  RETURN v_rentfees + @x;\n"
	                         "END //\n"
	                         "DELIMITER ;\n"
	                         "SELECT * FROM film WHERE film_id = 1;\n"), 7);
	unit(0, "DELIMITER", "DELIMITER ;;");
	unit(1, "CREATE TRIGGER", "CREATE TRIGGER `ins_film` AFTER INSERT ON `film` FOR EACH ROW BEGIN\n"
	                          "    INSERT INTO film_text (film_id, title, description)\n"
	                          "        VALUES (new.film_id, new.title, new.description);\n"
	                          "  END");
	unit_n(2, "DELIMITER", "DELIMITER ;\nDELIMITER //", strlen("DELIMITER ;"));
	unit(3, "DELIMITER", "DELIMITER //");
	CU_ASSERT_EQUAL(at(4)->kind, KP_S_SKIPPED);
	ASSERT_STR(at(4)->u.skipped.what, "CREATE FUNCTION");
	unit_n(5, "DELIMITER", "DELIMITER ;\nSELECT", strlen("DELIMITER ;"));
	CU_ASSERT_EQUAL(at(6)->kind, KP_S_SELECT);
	expect_diags("2:8 KP012 info CREATE TRIGGER" BODY_NOTE() "\n"
	             "8:35 KP012 info CREATE FUNCTION" BODY_NOTE() "\n");
}

static void test_delimiter_after_an_empty_statement(void)
{
	/* datacharmer/test_db sakila/sakila-mv-schema.sql: a versioned
	 * comment's ';' before DELIMITER */
	CU_ASSERT_EQUAL(read_all("/*!50610 ALTER TABLE film_text engine=InnoDB */;\n\n"
	                         "DELIMITER ;;\n"
	                         "CREATE TRIGGER `del_film` AFTER DELETE ON `film` FOR EACH ROW BEGIN\n"
	                         "    DELETE FROM film_text WHERE film_id = old.film_id;\n"
	                         "  END;;\n"
	                         "DELIMITER ;\n"), 3);
	unit(0, "DELIMITER", "DELIMITER ;;");
	ASSERT_STR(at(1)->u.skipped.what, "CREATE TRIGGER");
	unit_n(2, "DELIMITER", "DELIMITER ;\n", 11);
	expect_diags("4:8 KP012 info CREATE TRIGGER" BODY_NOTE() "\n");
}

static void test_routine_body_without_delimiter_ends_at_its_end(void)
{
	/* a Flyway migration's procedure (MySQL 15.6.1, BEGIN ... END compound
	 * statements; IF, WHILE and CASE inside), then a statement */
	CU_ASSERT_EQUAL(read_all("CREATE PROCEDURE fill(IN n INT)\n"
	                         "BEGIN\n"
	                         "  DECLARE c INT DEFAULT 0;\n"
	                         "  l1: WHILE c < n DO\n"
	                         "    SET c = c + 1;\n"
	                         "    IF c = 2 THEN ITERATE l1; END IF;\n"
	                         "    INSERT INTO t VALUES (c, CASE WHEN c > 1 THEN 'b' ELSE 'a' END);\n"
	                         "  END WHILE l1;\n"
	                         "  CASE n WHEN 1 THEN SET c = 0; ELSE BEGIN END; END CASE;\n"
	                         "END;\n"
	                         "CREATE TRIGGER t_bi BEFORE INSERT ON t FOR EACH ROW SET NEW.v = 'x';\n"
	                         "SELECT * FROM t WHERE k = 1;"), 3);
	CU_ASSERT_EQUAL(at(0)->kind, KP_S_SKIPPED);
	ASSERT_STR(at(0)->u.skipped.what, "CREATE PROCEDURE");
	CU_ASSERT_EQUAL(at(0)->len, (uint32_t)(strstr(src.text, "END;\nCREATE TRIGGER") + 3 - src.text));
	unit(1, "CREATE TRIGGER", "CREATE TRIGGER t_bi BEFORE INSERT ON t FOR EACH ROW SET NEW.v = 'x'");
	CU_ASSERT_EQUAL(at(2)->kind, KP_S_SELECT);
	expect_diags("1:8 KP012 info CREATE PROCEDURE" BODY_NOTE() "\n"
	             "11:8 KP012 info CREATE TRIGGER" BODY_NOTE() "\n");
}

static void test_postgresql_dollar_bodies_and_dump_forms(void)
{
	/* devrimgunduz/pagila pagila-schema.sql (pg_dump output) */
	CU_ASSERT_EQUAL(read_all("SELECT pg_catalog.set_config('search_path', '', false);\n"
	                         "CREATE TYPE public.mpaa_rating AS ENUM (\n    'G',\n    'PG'\n);\n"
	                         "CREATE DOMAIN public.year AS integer\n"
	                         "\tCONSTRAINT year_check CHECK (((VALUE >= 1901) AND (VALUE <= 2155)));\n"
	                         "CREATE FUNCTION public.last_updated() RETURNS trigger\n"
	                         "    LANGUAGE plpgsql\n"
	                         "    AS $$\nBEGIN\n    NEW.last_update = CURRENT_TIMESTAMP;\n    RETURN NEW;\nEND $$;\n"
	                         "CREATE FUNCTION public._group_concat(text, text) RETURNS text\n"
	                         "    LANGUAGE sql IMMUTABLE\n"
	                         "    AS $_$\nSELECT CASE WHEN $2 IS NULL THEN $1 ELSE $1 || ', ' || $2 END\n$_$;\n"
	                         "CREATE TABLE public.film (\n"
	                         "    film_id integer DEFAULT nextval('public.film_film_id_seq'::regclass) NOT NULL,\n"
	                         "    release_year public.year,\n"
	                         "    rating public.mpaa_rating DEFAULT 'G'::public.mpaa_rating,\n"
	                         "    last_update timestamp with time zone DEFAULT now() NOT NULL,\n"
	                         "    title character varying(255) NOT NULL\n"
	                         ");\n"
	                         "ALTER TABLE public.film OWNER TO postgres;\n"
	                         "ALTER TABLE ONLY public.film\n    ADD CONSTRAINT film_title_key UNIQUE (title);\n"
	                         "CREATE INDEX idx_title ON public.film USING btree (title);\n"
	                         "CREATE TRIGGER last_updated BEFORE UPDATE ON public.film FOR EACH ROW EXECUTE "
	                         "FUNCTION public.last_updated();\n"
	                         "\\c pagila\n"
	                         "SELECT * FROM public.film WHERE film_id = $1;"), 12);
	CU_ASSERT_EQUAL(at(0)->kind, KP_S_SELECT);
	CU_ASSERT_PTR_NULL(at(0)->u.select.table.s);
	unit(1, "CREATE TYPE", "CREATE TYPE public.mpaa_rating AS ENUM (\n    'G',\n    'PG'\n)");
	CU_ASSERT_PTR_NOT_NULL_FATAL(at(1)->u.skipped.type);   /* a column type: the enum's strings */
	CU_ASSERT_TRUE(kp_name_eq(&at(1)->u.skipped.type->type, "enum"));
	ASSERT_STR(at(2)->u.skipped.what, "CREATE DOMAIN");
	CU_ASSERT_PTR_NOT_NULL_FATAL(at(2)->u.skipped.type);   /* a column type: its base type's values */
	CU_ASSERT_TRUE(kp_name_eq(&at(2)->u.skipped.type->type, "integer"));
	unit(3, "CREATE FUNCTION", "CREATE FUNCTION public.last_updated() RETURNS trigger\n    LANGUAGE plpgsql\n"
	                           "    AS $$\nBEGIN\n    NEW.last_update = CURRENT_TIMESTAMP;\n    RETURN NEW;\nEND $$");
	ASSERT_STR(at(4)->u.skipped.what, "CREATE FUNCTION");
	const kp_stmt *t = at(5);
	CU_ASSERT_EQUAL_FATAL(t->kind, KP_S_CREATE_TABLE);
	CU_ASSERT_EQUAL_FATAL(t->u.create_table.cols.n, 5);
	const kp_coldef *c = t->u.create_table.cols.items[1];
	CU_ASSERT_TRUE(kp_name_eq(&c->type, "year"));
	c = t->u.create_table.cols.items[3];
	CU_ASSERT_TRUE(kp_name_eq(&c->type, "timestamp"));
	CU_ASSERT_TRUE(c->not_null);
	c = t->u.create_table.cols.items[4];
	CU_ASSERT_TRUE(kp_name_eq(&c->type, "varchar"));
	CU_ASSERT_EQUAL(c->targs[0], 255);
	unit(6, "ALTER ... OWNER TO", "ALTER TABLE public.film OWNER TO postgres");
	CU_ASSERT_EQUAL(at(7)->kind, KP_S_CREATE_INDEX);   /* ADD CONSTRAINT ... UNIQUE: a unique index */
	CU_ASSERT_EQUAL(at(8)->kind, KP_S_CREATE_INDEX);
	ASSERT_STR(at(9)->u.skipped.what, "CREATE TRIGGER");
	unit(10, "psql meta-command", "\\c pagila");
	CU_ASSERT_EQUAL(at(11)->kind, KP_S_SELECT);
	expect_diags("8:8 KP012 info CREATE FUNCTION" BODY_NOTE() "\n"
	             "15:8 KP012 info CREATE FUNCTION" BODY_NOTE() "\n"
	             "31:8 KP012 info CREATE TRIGGER" BODY_NOTE() "\n");
}

static void test_mysql_types_strings_and_aliases(void)
{
	/* datacharmer/test_db employees.sql; jOOQ/sakila mysql-sakila-schema.sql;
	 * apolloconfig/apollo apolloconfigdb.sql (bit(1) DEFAULT b'0') */
	CU_ASSERT_EQUAL(read_all("SELECT 'CREATING DATABASE STRUCTURE' as 'INFO';\n"
	                         "CREATE TABLE employees (\n"
	                         "    emp_no      INT(10) UNSIGNED ZEROFILL NOT NULL,\n"
	                         "    balance     BIGINT SIGNED,\n"
	                         "    ratio       DOUBLE PRECISION,\n"
	                         "    gender      ENUM ('M','F')  NOT NULL,\n"
	                         "    special_features SET('Trailers','Commentaries') DEFAULT NULL,\n"
	                         "    IsDeleted   bit(1) NOT NULL DEFAULT b'0',\n"
	                         "    nick        VARCHAR(10) DEFAULT N'x',\n"
	                         "    PRIMARY KEY (emp_no)\n"
	                         ");\n"
	                         "SELECT * FROM employees WHERE gender = E'M' AND IsDeleted = X'00' AND emp_no = @id;"),
	                3);
	CU_ASSERT_EQUAL(at(0)->kind, KP_S_SELECT);
	CU_ASSERT_EQUAL_FATAL(at(1)->kind, KP_S_CREATE_TABLE);
	CU_ASSERT_EQUAL(at(2)->kind, KP_S_SELECT);
	expect_diags("");
	/* the second statement alone, without the form keyplan does not read */
	CU_ASSERT_EQUAL(read_all("CREATE TABLE e (emp_no INT(10) UNSIGNED ZEROFILL NOT NULL, ratio DOUBLE PRECISION,"
	                         " gender ENUM ('M','F') NOT NULL, PRIMARY KEY (emp_no));"
	                         "SELECT * FROM e WHERE gender = E'M' AND emp_no = @id AND ratio = N'1'"), 2);
	expect_diags("");
	const kp_stmt *t = at(0);
	CU_ASSERT_EQUAL_FATAL(t->u.create_table.cols.n, 3);
	const kp_coldef *c = t->u.create_table.cols.items[0];
	CU_ASSERT_TRUE(c->is_unsigned);
	CU_ASSERT_EQUAL(c->targs[0], 10);
	c = t->u.create_table.cols.items[1];
	CU_ASSERT_TRUE(kp_name_eq(&c->type, "double"));
	const kp_expr *w = at(1)->u.select.where;
	CU_ASSERT_EQUAL_FATAL(w->kind, KP_X_AND);
	const kp_expr *m = w->list[0]->b;
	CU_ASSERT_EQUAL_FATAL(m->kind, KP_X_STRING);
	CU_ASSERT_EQUAL(m->slen, 1);
	CU_ASSERT_EQUAL(m->str[0], 'M');
	CU_ASSERT_EQUAL(w->list[1]->b->kind, KP_X_PARAM);
}

static void test_create_or_replace_view_and_temporary_table(void)
{
	/* CREATE OR REPLACE VIEW was skipped as "CREATE FUNCTION" */
	CU_ASSERT_EQUAL(read_all("CREATE OR REPLACE VIEW v AS SELECT * FROM t WHERE b = 1;\n"
	                         "CREATE TEMPORARY TABLE tmp (a INT);"), 2);
	expect_diags("");
	CU_ASSERT_EQUAL_FATAL(at(0)->kind, KP_S_CREATE_VIEW);
	CU_ASSERT_TRUE(at(0)->u.create_table.or_replace);
	unit(1, "CREATE TEMPORARY TABLE", "CREATE TEMPORARY TABLE tmp (a INT)");
}

static void test_unterminated_dollar_string_is_located(void)
{
	CU_ASSERT_EQUAL(read_all("SELECT 1;\nDO $x$ BEGIN PERFORM 1; END $y$;"), 2);
	expect_diags("2:1 KP012 info DO" BODY_NOTE() "\n"
	             "2:4 KP016 error unterminated dollar-quoted string\n");
}

KPT_SUITE("units", setup, teardown,
	{"transactions, SET, PREPARE/EXECUTE and LOCK are units; the statements between read",
	 test_transactions_and_session_statements_are_units},
	{"MySQL DELIMITER scripts: routines read to the delimiter, a note each",
	 test_mysql_delimiter_script_reads_routines_as_units},
	{"DELIMITER after an empty statement (a versioned comment's ';')", test_delimiter_after_an_empty_statement},
	{"a routine without DELIMITER ends at the END closing its BEGIN",
	 test_routine_body_without_delimiter_ends_at_its_end},
	{"PostgreSQL: $$ and $tag$ bodies, types, domains, pg_dump's forms, psql lines",
	 test_postgresql_dollar_bodies_and_dump_forms},
	{"MySQL: SIGNED, ZEROFILL, DOUBLE PRECISION, ENUM, SET, prefixed strings, @variables, string aliases",
	 test_mysql_types_strings_and_aliases},
	{"CREATE OR REPLACE VIEW is a view, CREATE TEMPORARY TABLE a unit",
	 test_create_or_replace_view_and_temporary_table},
	{"an unterminated dollar-quoted string is a located KP016", test_unterminated_dollar_string_is_located})
