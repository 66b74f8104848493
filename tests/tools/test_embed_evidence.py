#!/usr/bin/env python3
"""Is a string of application code SQL? (docs/embedded-sql.md, "What counts
as SQL"): annotation and decorator lists are separate strings unless
MyBatis joins them; the call a string is passed to, the name it is assigned
to, the grammar's verdict and prose shape decide; formatting holes are
KP035; WITH, ALTER, CREATE/DROP VIEW and TRUNCATE are read; a Go operand
ends with its line. Every check asserts exact rules, severities and
line:col.

Usage: test_embed_evidence.py KEYPLAN SOURCE_DIR"""
import json
import os

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()

SCHEMA = """CREATE TABLE t (a INT NOT NULL, b VARCHAR, c INT, PRIMARY KEY (a));
CREATE TABLE airports (id INT NOT NULL, name VARCHAR, PRIMARY KEY (id));
"""


def lint(tmp, name, text, *extra):
    path = os.path.join(tmp, name)
    kptest.write(path, text)
    rc, out, err = kptest.run("lint", "--no-config", "--schema", os.path.join(tmp, "schema.sql"), "--format",
                              "json", "--fail-on", "info", *extra, path, cwd=tmp, plain=True)
    try:
        diags = json.loads(out)["diagnostics"]
    except ValueError:
        diags = []
    return rc, [(d["rule"], d["severity"], d["line"], d["column"]) for d in diags], diags, out + err


with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "schema.sql"), SCHEMA)

    # 1. annotation and decorator lists: one statement per element
    rc, got, diags, err = lint(tmp, "A.java", """class A {
  @ValueSource(strings = {"SELECT * FROM t WHERE a = 1", "SELECT * FROM t WHERE b = 2"})
  void f(String q) {}
  @ValueSource(strings = {"hello", "SELECT * FROM t WHERE c = 3"})
  void g(String q) {}
  @Select({"SELECT * FROM t", "WHERE b = #{b}"}) T one(int b);
}
""")
    check("annotation list: each element is a statement, none joined, none lost",
          got == [("KP001", "error", 2, 81), ("KP001", "error", 4, 59), ("KP001", "error", 6, 38)], f"{got}\n{err}")
    rc, got, diags, err = lint(tmp, "a.py", """import pytest
@pytest.mark.parametrize("q", ["select count(*) from airports", "select name from airports where id = 1"])
def test(q): pass
@pytest.mark.parametrize("q", ["nothing", "select name from airports where name = 'x'"])
def test2(q): pass
""")
    check("decorator list: each element is a statement, none joined, none lost",
          got == [("KP001", "warning", 2, 33), ("KP001", "error", 4, 76)], f"{got}\n{err}")
    check("decorator list: no 'missing ;'", not any(d["rule"] == "KP011" for d in diags), str(diags))

    # 2. strings that are not SQL, and SQL passed to SQL calls
    rc, got, diags, err = lint(tmp, "B.java", """class B {
  void h() {
    run("create-table");
    run("drop-table");
    show("Create a new table in this database.");
    show("Select a row from the list");
    show("Delete all entries from the cache");
    show("Insert the value into the map");
    show("Update the record set");
    show("Drop the index");
    plan.add(singletonList("CREATE TABLE"));
    em.createQuery("SELECT u FROM User u WHERE u.name = :n");
    StringBuilder sb = new StringBuilder("DELETE FROM t WHERE ");
    label("SELECT * FROM t WHERE a = = 1");
    conn.prepareStatement("SELECT * FROM t WHERE a = = 1");
    String sql = "SELECT * FROM t WHERE a = = 2";
    String q = "SELECT * FROM t WHERE a = = 3";
    jdbc.query(q, mapper);
    String other = "SELECT * FROM t WHERE a = = 4";
    cursorish(other);
    conn.prepareStatement("Select a row from the list");
    em.createNativeQuery("SELECT * FROM t WHERE b = ?");
  }
}
""")
    want = [("KP011", "info", 14, 38), ("KP011", "error", 15, 54), ("KP011", "error", 16, 45),
            ("KP011", "error", 17, 43), ("KP011", "info", 19, 47), ("KP008", "error", 21, 46),
            ("KP001", "error", 22, 49)]
    check("not SQL: silent; no SQL call: a note; a SQL call, its variable, a sql name: errors", got == want,
          f"got  {got}\nwant {want}\n{err}")
    note = [d for d in diags if d["severity"] == "info"]
    check("the note says why it is one",
          note and note[0]["message"] == "if this string is SQL (no SQL call takes it): syntax error near '='",
          str(note))

    # a team's own wrapper, named in the config
    kptest.write(os.path.join(tmp, ".keyplan"), '[keyplan]\nschema = schema.sql\nsql-calls = runSql, myQuery\n')
    path = os.path.join(tmp, "C.java")
    kptest.write(path, 'class C { void f() { runSql("SELECT * FROM t WHERE a = = 1"); '
                 'other("SELECT * FROM t WHERE a = = 1"); } }\n')
    rc, out, err = kptest.run("lint", "--format", "json", path, cwd=tmp, plain=True)
    got = [(d["rule"], d["severity"], d["column"]) for d in json.loads(out)["diagnostics"]] if out else out + err
    check("config sql_calls: the wrapper's string is SQL, its errors errors",
          got == [("KP011", "error", 56), ("KP011", "info", 96)], str(got))
    os.remove(os.path.join(tmp, ".keyplan"))

    # 6. formatting is interpolation
    rc, got, diags, err = lint(tmp, "F.java", """class F {
  String s = String.format("SELECT * FROM t WHERE a = 1 AND b = '%s'", v);
  String s2 = String.format("SELECT * FROM t WHERE a = 1 LIMIT %%s", v);
  String s3 = "SELECT * FROM t WHERE a = 1 AND b = '%s'".formatted(v);
}
""")
    check("String.format: a verb in quotes is KP035 at the verb, %%s too; planned",
          got == [("KP002", "info", 2, 61), ("KP035", "warning", 2, 66), ("KP035", "warning", 3, 64),
                  ("KP002", "info", 4, 48), ("KP035", "warning", 4, 53)],
          f"{got}\n{err}")
    check("String.format: planned with a parameter",
          all("planned with a bind parameter" in d["message"] for d in diags if d["rule"] == "KP035"), str(diags))
    rc, got, diags, err = lint(tmp, "f.py", """q = ("select {c} from t "
     "where {c} = 1").format(c=col)
cur.execute("select * from t where a = 1 and b = '%s' limit %%s" % v)
""")
    check("Python: (...).format and % in quotes: KP035 located, never KP016",
          got == [("KP035", "warning", 1, 14), ("KP002", "info", 3, 46), ("KP035", "warning", 3, 51)],
          f"{got}\n{err}")

    # 7. statements starting with WITH, ALTER, CREATE/DROP VIEW, TRUNCATE
    rc, got, diags, err = lint(tmp, "W.java", """class W {
  String a = "WITH x AS (SELECT * FROM t) SELECT * FROM x";
  String b = "ALTER TABLE nope ADD d INT";
  String c = "CREATE VIEW v AS SELECT * FROM nope";
  String d = "DROP VIEW nope";
  String e = "TRUNCATE TABLE t";
  String f = "Truncate the log";
}
""")
    check("WITH/ALTER/CREATE VIEW/DROP VIEW read; KP012 a note in application code",
          got == [("KP012", "info", 2, 15), ("KP008", "error", 3, 27), ("KP008", "error", 4, 46),
                  ("KP008", "error", 5, 25)], f"{got}\n{err}")

    # 9. Go: the pasted operand ends with its line
    rc, got, diags, err = lint(tmp, "g.go", """package x
func f() {
	q := `SELECT * FROM t WHERE ` + cond()

	x := 1
	y := 2
}
""")
    check("Go: KP035 spans the operand only",
          [(d["rule"], d["line"], d["column"], d["end_line"], d["end_column"]) for d in diags] ==
          [("KP035", 3, 34, 3, 40)], str(diags))

    # 8. builders followed within a method; conditional appends and
    # fragments without a completed statement are silent
    rc, got, diags, err = lint(tmp, "S.java", """class S {
  void a(Connection conn) {
    StringBuilder sb = new StringBuilder("DELETE FROM t WHERE ");
    sb.append("a = ").append(id);
    conn.prepareStatement(sb.toString());
  }
  void b(Connection conn) {
    String sql = "SELECT * FROM t";
    sql += " WHERE a = ?";
    conn.prepareStatement(sql);
  }
  void c(Connection conn) {
    String sql = "SELECT * FROM t";
    if (x) {
      sql += " WHERE a = ?";
    }
    conn.prepareStatement(sql);
  }
  void d() {
    ctx.append("select count(e.id) from ");
    String q = "INSERT INTO ";
  }
  void e(Connection conn) {
    StringBuilder s2 = new StringBuilder();
    s2.append("SELECT * FROM t");
    s2.append(" WHERE b = ?");
    conn.prepareStatement(s2.toString());
  }
}
""")
    check("builders: appends joined, located in the append; conditional or unfinished ones silent",
          got == [("KP035", "warning", 4, 30), ("KP001", "error", 26, 23)], f"{got}\n{err}")
    rc, got, diags, err = lint(tmp, "s.py", """def f(cur):
    sql = "select * from t"
    sql += " where b = %s"
    cur.execute(sql, (v,))
""")
    check("Python +=: joined", got == [("KP001", "error", 3, 20)], f"{got}\n{err}")

    # a class of many string fields is read once, not once per field
    # (each field could start a builder: its appends are looked for in a
    # method's worth of tokens, and never for a constant)
    import time
    fields = "".join(f'  String q{i} = "SELECT * FROM t WHERE a = {i}";\n' for i in range(20000))
    started = time.monotonic()
    rc, got, diags, err = lint(tmp, "Many.java", "class Many {\n" + fields + "}\n")
    took = time.monotonic() - started
    limit = 600 if os.environ.get("KP_SANITIZED") else 20   # sanitizers slow every statement down
    check("20,000 string fields: linted in under 20 s, no finding", got == [] and took < limit,
          f"{took:.1f} s {got[:3]}")

    # 12. placeholders built in code are parameters, not pasted values
    rc, got, diags, err = lint(tmp, "P.kt", """fun f(ids: List<Int>) {
    db.query("SELECT * FROM t WHERE a IN (${ids.joinToString { "?" }})", ids)
    db.query("SELECT * FROM t WHERE a IN (${ids.joinToString()})", ids)
}
""")
    check("Kotlin joinToString { \"?\" }: no KP035; a pasted list still is",
          got == [("KP035", "warning", 3, 43)], f"{got}\n{err}")
    rc, got, diags, err = lint(tmp, "p.go", """package x
func f() {
	db.Query("SELECT * FROM t WHERE b IN (" + strings.Repeat("?,", len(ids)-1) + "?)", ids...)
}
""")
    check("Go strings.Repeat(\"?,\", n): parameters, planned",
          got == [("KP001", "error", 3, 34)], f"{got}\n{err}")

    # 12, second half: after a DROP TABLE in application code, or a CREATE
    # that failed there, a query on the table says where
    def notes(diags):
        return [(d["rule"], d["line"], d["column"], n["line"], n["column"], n["message"])
                for d in diags for n in d.get("notes", [])]
    rc, got, diags, err = lint(tmp, "D.java", """class D {
  void f(java.sql.Connection c) throws Exception {
    c.createStatement().execute("DROP TABLE t");
    c.prepareStatement("SELECT * FROM t WHERE a = 1");
    c.createStatement().execute("CREATE TABLE w (a INT NOT NULL, b INT PRIMARY KEY (a))");
    c.prepareStatement("SELECT * FROM w WHERE a = 1");
    c.createStatement().execute("CREATE TABLE n (a INT, b INT)");
    c.prepareStatement("SELECT * FROM n WHERE a = 1");
  }
}
""")
    check("DROP TABLE in Java: KP008 with a note at the DROP; a failed CREATE: a note at it",
          notes(diags) == [("KP008", 4, 39, 3, 34, "table t was dropped here, so it is not in the schema"),
                           ("KP008", 6, 39, 5, 34, "the CREATE statement of w failed here, so the table is not "
                                                   "in the schema"),
                           ("KP008", 8, 39, 7, 34, "the CREATE statement of n failed here, so the table is not "
                                                   "in the schema")] and rc == 1,
          f"{rc} {notes(diags)}\n{err}")
    rc, got, diags, err = lint(tmp, "d.py", """def f(cur):
    cur.execute("DROP TABLE airports")
    cur.execute("SELECT name FROM airports WHERE id = %s", (1,))
""")
    check("DROP TABLE in Python: the note points at the DROP",
          notes(diags) == [("KP008", 3, 35, 2, 18, "table airports was dropped here, so it is not in the schema")],
          f"{notes(diags)}\n{err}")
    rc, got, diags, err = lint(tmp, "d.sql", "DROP TABLE t;\nCREATE VIEW v AS SELECT * FROM airports;\n"
                               "DROP VIEW v;\nSELECT * FROM v WHERE id = 1;\nSELECT * FROM t WHERE a = 1;\n")
    check("DROP TABLE and DROP VIEW in SQL: the same notes",
          notes(diags) == [("KP008", 4, 15, 3, 1, "view v was dropped here, so it is not in the schema"),
                           ("KP008", 5, 15, 1, 1, "table t was dropped here, so it is not in the schema")],
          f"{notes(diags)}\n{err}")
    # a schema that drops what it created is not broken: a finding, not a failed run
    kptest.write(os.path.join(tmp, "dropping.sql"), SCHEMA + "DROP TABLE airports;\n")
    kptest.write(os.path.join(tmp, "q.sql"), "SELECT * FROM airports WHERE id = 1;\n")
    rc, out, err = kptest.run("lint", "--no-config", "--schema", os.path.join(tmp, "dropping.sql"), "q.sql",
                              cwd=tmp, plain=True)
    check("a schema's DROP TABLE: the query's KP008 notes it, exit 1, not a broken schema",
          rc == 1 and "dropping.sql:3:1: note: table airports was dropped here" in out and "broken" not in err,
          f"{rc}\n{out}\n{err}")

    # 7, its exception: a construct the target's own grammar refuses stays
    # an error in a string the code runs as SQL; elsewhere it is a note
    java = """class K {
  void f(java.sql.Connection c) throws Exception {
    c.prepareStatement("SELECT * FROM t JOIN u ON t.a = u.a WHERE t.a = 1");
    c.prepareStatement("WITH x AS (SELECT * FROM t) SELECT * FROM x");
    c.prepareStatement("SELECT * FROM t WHERE a = 1 UNION ALL SELECT * FROM t WHERE a = 2");
    c.prepareStatement("SELECT * FROM t WHERE a = 1 UNION SELECT * FROM t WHERE a = 2");
    c.prepareStatement("SELECT * FROM t WHERE a IN (SELECT a FROM t WHERE a = 3)");
    c.prepareStatement("SELECT * FROM (SELECT * FROM t) x");
    c.prepareStatement("SELECT a, rank() OVER (ORDER BY a) FROM t WHERE a = 1");
    c.prepareStatement("SELECT * FROM t, u WHERE t.a = 1");
    c.prepareStatement("SELECT * FROM t LEFT JOIN u ON t.a = u.a WHERE t.a = 1");
    String s = "SELECT * FROM t JOIN u ON t.a = u.a WHERE t.a = 1";
  }
}
"""
    cols = [(3, 41), (4, 25), (5, 53), (6, 53), (7, 53), (8, 39), (9, 42), (10, 40), (11, 46), (12, 33)]
    want = {  # per statement line: error (the target refuses it) or info
        "lindorm": "eeeeeeeeei",
        "phoenix": "ieieiieiii",
        "tablestore": "ieeeiiiiii",
        "generic": "iiiiiiiiii",
    }
    for target, sev in want.items():
        rc, got, diags, err = lint(tmp, "K.java", java, "--target", target)
        exp = [("KP012", "error" if s == "e" else "info", l, c) for s, (l, c) in zip(sev, cols)]
        helps = [bool(d.get("help")) and d["help"][0].startswith(target + " refuses it too")
                 for d in diags if d["rule"] == "KP012"]
        check(f"--target {target}: KP012 an error only where {target} refuses the construct",
              got == exp and helps == [s == "e" for s in sev], f"{got}\n{helps}\n{err}")
    kptest.write(os.path.join(tmp, "KMapper.xml"), """<?xml version="1.0"?>
<mapper namespace="x.KMapper">
  <select id="j">SELECT * FROM t JOIN u ON t.a = u.a WHERE t.a = #{a}</select>
</mapper>
""")
    for target, sev in (("lindorm", "error"), ("phoenix", "info")):
        rc, out, err = kptest.run("lint", "--no-config", "--schema", os.path.join(tmp, "schema.sql"), "--format",
                                  "json", "--fail-on", "info", "--target", target, "KMapper.xml", cwd=tmp, plain=True)
        got = [(d["rule"], d["severity"], d["line"], d["column"]) for d in json.loads(out)["diagnostics"]]
        check(f"MyBatis join, --target {target}: KP012 {sev}", got == [("KP012", sev, 3, 34)], f"{got}\n{err}")

    # named parameters with a property path: Spring's :owner.id, sqlx's :place.id
    rc, got, diags, err = lint(tmp, "n.go", """package x
func f(db *sqlx.DB) {
	db.NamedExec(`INSERT INTO t (a, b) VALUES (:a, :place.id)`, pp)
	db.NamedQuery(`SELECT * FROM t WHERE a = :p.id AND c = :q`, pp)
}
""")
    check("Go (sqlx): :place.id is one parameter, no syntax error",
          got == [("KP002", "info", 4, 53)], f"{got}\n{err}")
    rc, got, diags, err = lint(tmp, "N.java", """class N {
  void f() {
    jdbc.query("SELECT * FROM t WHERE b = :owner.address.city", params, mapper);
  }
}
""")
    check("Java (Spring): :owner.address.city is one parameter",
          got == [("KP001", "error", 3, 39)] and diags[0]["end_column"] == 62, f"{got}\n{err}")
    rc, got, diags, err = lint(tmp, "n.py", """def f(conn):
    conn.execute(text("SELECT * FROM t WHERE a = :p.id"), {})
""")
    check("Python (SQLAlchemy reads :name only): :p.id stays a syntax error",
          got == [("KP011", "error", 2, 52)], f"{got}\n{err}")

    # 6, again: "...".strip().format(...) and textwrap.dedent("...").format(...) (sqlite-utils)
    rc, got, diags, err = lint(tmp, "fmt.py", """import textwrap
def f(db, t):
    db.execute(\"\"\"
        INSERT INTO {table} (a) VALUES (1);
    \"\"\".strip().format(table=t))
    sql = (
        textwrap.dedent(\"\"\"
        SELECT * FROM {table} WHERE a = 1
    \"\"\")
        .strip()
        .format(table=t)
    )
    db.execute(sql)
""")
    check("Python: .strip().format and textwrap.dedent(...).format: KP035 at the field, never KP016",
          got == [("KP035", "warning", 4, 21), ("KP035", "warning", 8, 23)], f"{got}\n{err}")

    # 2, again (sqlite-utils' CLI): a kebab-case command name and text for
    # people (help=, a name ending in message) are not SQL; a SQL call's
    # string or a name that says sql stays SQL
    rc, got, diags, err = lint(tmp, "h.py", """@cli.command("create-spatial-index")
@click.option("--alter", is_flag=True, help="Alter existing table to add any missing columns")
def f(db):
    errorMessage = "Delete from table failed for some reason"
    short_help = "Create table with given name and columns"
    sql = "Create table with given name"
    db.execute("create-spatial-index")
""")
    check("kebab-case names and help/message texts are silent; SQL calls and sql names keep their errors",
          got == [("KP011", "error", 6, 25), ("KP011", "error", 7, 23)], f"{got}\n{err}")

kptest.finish()
