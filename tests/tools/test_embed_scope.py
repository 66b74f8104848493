#!/usr/bin/env python3
"""Scope in application code (docs/embedded-sql.md): a local constant is
seen in the method, function or lambda that declares it, a field or a
constant of the file everywhere, and a local given another value hides an
outer constant. Every check asserts exact rules, severities and line:col.

Usage: test_embed_scope.py KEYPLAN SOURCE_DIR"""
import json
import os

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()

SCHEMA = """CREATE TABLE t (a INT NOT NULL, b VARCHAR, c INT, PRIMARY KEY (a));
"""


def lint(tmp, name, text, *extra, schema=True):
    path = os.path.join(tmp, name)
    kptest.write(path, text)
    opts = ["--schema", os.path.join(tmp, "schema.sql")] if schema else []
    rc, out, err = kptest.run("lint", "--no-config", "--target", "generic", *opts, "--format", "json",
                              "--fail-on", "info", *extra, path, cwd=tmp, plain=True)
    try:
        diags = json.loads(out)["diagnostics"]
    except ValueError:
        diags = []
    return [(d["rule"], d["severity"], d["line"], d["column"]) for d in diags], diags, out + err


with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "schema.sql"), SCHEMA)

    # Phoenix's LocalIndexIT: `final String tableName = "T_AUTO_MATIC_REPAIR"`
    # in one test method made every other method's tableName that table (193
    # statements), and two such locals made neither a constant
    got, diags, err = lint(tmp, "LocalIndexIT.java", """public class LocalIndexIT extends BaseLocalIndexIT {
  @Test
  public void testLocalIndexForMultiTenantTable() throws Exception {
    String tableName = schemaName + "." + generateUniqueName();
    ResultSet rs =
      conn1.createStatement().executeQuery("SELECT * FROM " + tableName + " WHERE v1 = 'x'");
  }

  @Test
  public void testLocalIndexAutomaticRepair() throws Exception {
    try (Table metaTable = conn.getQueryServices().getTable(TableName.META_TABLE_NAME.getName())) {
      final String tableName = "T_AUTO_MATIC_REPAIR";
      rs = statement.executeQuery("SELECT COUNT(*) FROM " + tableName);
    }
  }

  @Test
  public void testRowsOfT() throws Exception {
    Runnable r = () -> {
      final String tableName = "t";
      statement.executeQuery("SELECT * FROM " + tableName + " WHERE c = 2");
    };
  }
  private static final String TABLE = "t";
  void fieldIsSeenInEveryMethod() { statement.executeQuery("SELECT * FROM " + TABLE + " WHERE b = 'x'"); }
  void localHidesTheField() {
    String TABLE = pick();
    statement.executeQuery("SELECT * FROM " + TABLE + " WHERE c = 1");
  }
}
""")
    check("Java: a local constant is its method's (and its lambda's), a field every method's, a local hides a field",
          got == [("KP035", "warning", 6, 63), ("KP008", "error", 12, 33), ("KP001", "warning", 21, 69),
                  ("KP001", "warning", 25, 95), ("KP035", "warning", 28, 47)], f"{got}\n{err}")
    check("Java: the local constant names only its own method's statement",
          any(d["rule"] == "KP008" and d["message"].endswith("(in the constant at line 12, used by the statement at line 13)")
              for d in diags), err)

    got, diags, err = lint(tmp, "q.go", """package q

func one(db *sql.DB) {
	const q = "SELECT * FROM missing_one"
	db.Query(q + " WHERE a = 1")
}

func two(db *sql.DB) {
	const q = "SELECT * FROM t"
	db.Query(q + " WHERE c = 1")
}
""")
    check("Go: a const of one func is not another's",
          got == [("KP008", "error", 4, 27), ("KP001", "warning", 10, 23)], f"{got}\n{err}")

    # a module constant hidden by a local (one), seen where no local hides it
    # (two); a def's constant is not seen in the next def (four)
    got, diags, err = lint(tmp, "q.py", """SQL = "SELECT * FROM t"


def one(cur):
    SQL = pick()
    cur.execute(SQL + " WHERE c = 1")


def two(cur):
    cur.execute(SQL + " WHERE b = 'x'")


def three(cur):
    Q = "SELECT * FROM t"
    cur.execute(Q + " WHERE c = 2")


def four(cur):
    cur.execute(Q + " WHERE c = 3")
""")
    check("Python: a def's locals end with its body; a local hides the module's constant",
          got == [("KP001", "warning", 10, 31), ("KP001", "warning", 15, 29)], f"{got}\n{err}")

    got, diags, err = lint(tmp, "Repo.kt", """class Repo(private val jdbc: JdbcTemplate) {
    companion object {
        const val TABLE = "t"
    }
    fun a() = jdbc.queryForList("SELECT * FROM " + TABLE + " WHERE c = 1")
    fun b() {
        val run = { val TABLE = pick(); jdbc.queryForList("SELECT * FROM " + TABLE + " WHERE c = 2") }
        jdbc.queryForList("SELECT * FROM " + TABLE + " WHERE c = 3")
    }
}
""")
    check("Kotlin: a companion object's const is the class's; a lambda's val hides it",
          got == [("KP001", "warning", 5, 68), ("KP035", "warning", 7, 78), ("KP001", "warning", 8, 62)],
          f"{got}\n{err}")

    # DDL in application code is its function's: datasette's
    # tests/test_utils_sql_analysis.py, whose fixture makes dogs with age and
    # one test its own dogs without: the next test gave 2 false KP009
    got, diags, err = lint(tmp, "test_sql_analysis.py", '''import pytest


@pytest.fixture
def conn():
    conn = sqlite3.connect(":memory:")
    conn.executescript("""
        create table dogs (id integer primary key, name text, age integer);
    """)
    return conn


def test_analyze_table_kind_for_regular_virtual_and_shadow_tables():
    conn = sqlite3.connect(":memory:")
    conn.executescript("""
            create table dogs (id integer primary key, name text);
    """)
    analyze_sql_tables(conn, "select * from dogs where name = 'Cleo'")


def test_analyze_update_tables(conn):
    analyze_sql_tables(conn, "update dogs set age = age + 1 where name = ?", ("Cleo",))
''', "--target", "phoenix", schema=False)
    check("Python: a test's CREATE is its own; the next test sees the fixture's table",
          got == [("KP001", "warning", 18, 56), ("KP012", "info", 22, 31), ("KP001", "warning", 22, 67)],
          f"{got}\n{err}")
    check("Python: each statement is planned against its own test's or the fixture's definition",
          [n["line"] for d in diags for n in d.get("notes", [])] == [16, 8], f"{diags}")

    # JUnit: @Before's table is the class's; a test's re-created table and an
    # index a test makes are gone in the next test
    got, diags, err = lint(tmp, "IndexIT.java", """public class IndexIT {
  @Before
  public void setUp() throws Exception {
    conn.createStatement().execute("CREATE TABLE T2 (A INTEGER NOT NULL PRIMARY KEY, B INTEGER)");
  }

  @Test
  public void testOwnTable() throws Exception {
    conn.createStatement().execute("CREATE TABLE T2 (A INTEGER NOT NULL PRIMARY KEY, C INTEGER)");
    conn.createStatement().executeQuery("SELECT * FROM T2 WHERE C = 1");
  }

  @Test
  public void testIndexOnB() throws Exception {
    conn.createStatement().execute("CREATE INDEX T2_B ON T2 (B)");
    conn.createStatement().executeQuery("SELECT A FROM T2 WHERE B = 1");
  }

  @Test
  public void testFixtureTable() throws Exception {
    conn.createStatement().executeQuery("SELECT A FROM T2 WHERE B = 2");
  }
}
""", "--target", "phoenix", schema=False)
    check("Java: a test's CREATE TABLE and CREATE INDEX end with the test; @Before's table is every test's",
          got == [("KP001", "warning", 10, 65), ("KP001", "warning", 21, 65)], f"{got}\n{err}")
    check("Java: the next test's statement is planned against @Before's definition",
          [n["line"] for d in diags for n in d.get("notes", [])] == [9, 4], f"{diags}")

kptest.finish()
