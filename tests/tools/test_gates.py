#!/usr/bin/env python3
"""Review gates that cannot be fooled (issue 20): migrations under --diff,
the order schema folders apply in, SARIF fingerprints, findings that do not
depend on argument order, --exclude and the schema, control characters in
output, --stdin-filename's language, failed runs that never look clean, a
broken schema, --diff against the merge base, one suppression form.

Usage: test_gates.py KEYPLAN SOURCE_DIR"""
import functools
import re
import json
import os
import shutil
import subprocess
import tempfile

import kptest
from kptest import check, write

KEYPLAN, SRC, DATA = kptest.args()
run = functools.partial(kptest.run, cwd=SRC, plain=True, timeout=120)
HAVE_GIT = subprocess.run(["git", "--version"], capture_output=True).returncode == 0

ORDERS = ("CREATE TABLE orders (userid VARCHAR, orderid BIGINT, status VARCHAR, amount INT,\n"
          "  PRIMARY KEY (userid, orderid));\n")
BAD = "SELECT * FROM orders WHERE orderid = 1;\n"


def validator(name):
    import jsonschema   # python3-jsonschema (tools/bootstrap.sh)
    with open(os.path.join(SRC, "docs", "schemas", name)) as f:
        sch = json.load(f)
    return jsonschema.validators.validator_for(sch)(sch)


def sarif_run(out):
    return json.loads(out)["runs"][0]


def jload(text):
    """The JSON document text, or {} when it is not one (a check then fails
    instead of the test stopping)."""
    try:
        return json.loads(text)
    except ValueError:
        return {}


def diags(out):
    return jload(out).get("diagnostics", [])


def rules_of(out):
    return [d["rule"] for d in diags(out)]


def found(out):
    return [(d["file"], d["line"], d["rule"]) for d in diags(out)]


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, "-c", "user.email=t@t", "-c", "user.name=t", *args],
                          check=True, capture_output=True, text=True).stdout


def repo_with(files):
    """A git repository (branch main) holding files, committed."""
    tmp = tempfile.mkdtemp()
    subprocess.run(["git", "init", "-q", "-b", "main", tmp], check=True)
    for name, text in files.items():
        write(os.path.join(tmp, name), text)
    git(tmp, "add", ".")
    git(tmp, "commit", "-qm", "one")
    return tmp


# ------------------------------------------- 1. a migration under --diff
# A branch that only deletes an index file: the query the index served
# breaks, and that breakage is in scope whatever lines the diff touches.
if HAVE_GIT:
    repo = repo_with({"db/schema/V1__orders.sql": ORDERS,
                      "db/schema/V2__ix.sql": "CREATE INDEX ix_status ON orders (status);\n",
                      "q.sql": "SELECT * FROM orders WHERE status = 'paid';\n"})
    old = repo + "-old"
    shutil.copytree(os.path.join(repo, "db", "schema"), old)
    git(repo, "checkout", "-qb", "feature")
    git(repo, "rm", "-q", "db/schema/V2__ix.sql")
    git(repo, "commit", "-qm", "drop the index")
    base = ("check", "--no-config", "--base-schema", old, "--schema", "db/schema", "--workload", "q.sql", "--diff", "main")
    rc, out, err = run(*base, "--format", "json", cwd=repo)
    check("1. --diff: a migration's breakage is in scope (KP130, exit 1)",
          rc == 1 and [(d["file"], d["line"], d["rule"], d["severity"]) for d in diags(out) if d["rule"] >= "KP130"]
          == [("q.sql", 1, "KP130", "error")], out + err)
    rc, out, err = run(*base, cwd=repo)
    check("1. --diff: the text's summary counts the breakage", rc == 1 and "1 error(s)" in out, out + err)
    rc, out, err = run(*base, "--format", "sarif", cwd=repo)
    check("1. --diff: SARIF has the KP130", rc == 1 and
          [r["ruleId"] for r in json.loads(out)["runs"][0]["results"]] == ["KP130"], out + err)
    shutil.rmtree(repo)
    shutil.rmtree(old)
else:
    print("note: git missing; --diff not tested")

# ------------------------------------------- 2. migration order of a schema
with tempfile.TemporaryDirectory() as tmp:
    mig = os.path.join(tmp, "db", "migrations")
    write(os.path.join(mig, "V1__t.sql"), ORDERS)
    write(os.path.join(mig, "V2__ib.sql"), "CREATE INDEX ib ON orders (status);\n")
    write(os.path.join(mig, "V10__drop.sql"), "DROP INDEX ib ON orders;\n")
    write(os.path.join(mig, "V2.1__amount.sql"), "CREATE INDEX ia ON orders (amount);\n")
    write(os.path.join(mig, "R__views.sql"), "CREATE VIEW paid AS SELECT * FROM orders WHERE status = 'paid';\n")
    write(os.path.join(tmp, "q.sql"), "SELECT * FROM orders WHERE status = 'paid';\nSELECT * FROM orders WHERE amount = 3;\n")
    rc, out, err = run("lint", "--no-config", "--schema", "db/migrations", "q.sql", "--format", "json", "--verbose",
                       cwd=tmp)
    check("2. V10 applies after V2 (the dropped index serves nothing), V2.1 between them",
          rc == 1 and [(d["line"], d["rule"]) for d in diags(out)] == [(1, "KP001")], out + err)
    check("2. --verbose says the order used",
          "keyplan: schema files, in the order they apply:\n  db/migrations/V1__t.sql (version 1)\n"
          "  db/migrations/V2__ib.sql (version 2)\n  db/migrations/V2.1__amount.sql (version 2.1)\n"
          "  db/migrations/V10__drop.sql (version 10)\n  db/migrations/R__views.sql (repeatable)\n" == err, err)
    rc, out, err = run("explain", "--no-config", "--schema", "db/migrations", "q.sql", cwd=tmp)
    check("2. explain applies the same order", rc == 1 and out.startswith("q.sql:1:1: REJECTED orders") and "no such" not in err,
          out + err)
    # other files first, in natural order; then the migrations
    write(os.path.join(tmp, "s", "t10.sql"), "CREATE INDEX i10 ON orders (amount);\n")
    write(os.path.join(tmp, "s", "t2.sql"), ORDERS)
    write(os.path.join(tmp, "s", "V1_1__x.sql"), "DROP INDEX i10 ON orders;\n")
    rc, out, err = run("lint", "--no-config", "--schema", "s", "-e", "SELECT * FROM orders WHERE amount = 3",
                       "--verbose", "--format", "json", cwd=tmp)
    check("2. other files in natural order (t2 before t10), before V1_1",
          err == "keyplan: schema files, in the order they apply:\n  s/t2.sql\n  s/t10.sql\n  s/V1_1__x.sql (version 1_1)\n"
          and rules_of(out) == ["KP001"], out + err)
    write(os.path.join(mig, "V1.0__again.sql"), "CREATE INDEX ic ON orders (amount);\n")
    rc, out, err = run("lint", "--no-config", "--schema", "db/migrations", "q.sql", cwd=tmp)
    check("2. a repeated version (V1.0 is V1) is an error, exit 2",
          rc == 2 and "keyplan: db/migrations/V1__t.sql: migration version 1 repeats db/migrations/V1.0__again.sql"
          in err or "keyplan: db/migrations/V1.0__again.sql: migration version 1.0 repeats db/migrations/V1__t.sql" in err,
          err)

# ------------------------------------------- 5. --exclude and the schema
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "db", "schema.sql"), ORDERS)
    write(os.path.join(tmp, "db", "q.sql"), BAD)
    for how in (("--exclude", "db/*"), ("--config", ".keyplan")):
        write(os.path.join(tmp, ".keyplan"), "[keyplan]\nexclude = db/*\n")
        rc, out, err = run("lint", *how, "--schema", "db/schema.sql", "db/q.sql", "-e", BAD.strip(), "--format", "json",
                           cwd=tmp)
        check(f"5. {how[0]} leaves the schema whole (and skips the query file)",
              rc == 1 and found(out) == [("<command line>", 1, "KP001")], out + err)

# ------------------------------------------- 3. SARIF fingerprints
def fingerprints(out):
    return [(r["locations"][0]["physicalLocation"]["region"]["startLine"],
             r["partialFingerprints"]["primaryLocationLineHash"]) for r in json.loads(out)["runs"][0]["results"]]


with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    write(os.path.join(tmp, "q.sql"), BAD + "SELECT 1 FROM orders WHERE userid = 'a';\n" + BAD + BAD)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "q.sql", "--format", "sarif", cwd=tmp)
    fp1 = fingerprints(out)
    check("3. results on lines of the same text have distinct fingerprints",
          [line for line, _ in fp1] == [1, 3, 4] and len({f for _, f in fp1}) == 3, fp1)
    write(os.path.join(tmp, "q.sql"), "-- a new first line\n\n" + BAD + "SELECT 1 FROM orders WHERE userid = 'a';\n" +
          BAD + "SELECT 2 FROM orders WHERE userid = 'b';\n" + BAD)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "q.sql", "--format", "sarif", cwd=tmp)
    fp2 = fingerprints(out)
    check("3. fingerprints unchanged when lines are added elsewhere",
          [line for line, _ in fp2] == [3, 5, 7] and [f for _, f in fp2] == [f for _, f in fp1], fp2)

# ------------------------------------------- 4. DDL in a linted file is its own
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "db", "schema.sql"), ORDERS + "CREATE INDEX ix_status ON orders (status);\n")
    write(os.path.join(tmp, "mig.sql"), "DROP INDEX ix_status ON orders;\nSELECT * FROM orders WHERE status = 'a';\n")
    write(os.path.join(tmp, "queries", "q.sql"), "SELECT * FROM orders WHERE status = 'b';\n")
    write(os.path.join(tmp, "app", "Drop.java"),
          'class Drop {\n  void f(Statement st) throws Exception {\n'
          '    st.execute("DROP INDEX ix_status ON orders");\n'
          '    st.executeQuery("SELECT * FROM orders WHERE status = \'c\'");\n  }\n}\n')
    lint = ("lint", "--no-config", "--schema", "db/schema.sql", "--format", "json")
    want = [("app/Drop.java", 4, "KP001"), ("mig.sql", 2, "KP001")]
    for order in (("mig.sql", "queries"), ("queries", "mig.sql"), ("app", "queries", "mig.sql"),
                  ("mig.sql", "app", "queries"), ("queries", "app")):
        rc, out, err = run(*lint, *order, cwd=tmp)
        got = sorted(found(out))
        expect = sorted(w for w in want if w[0].split("/")[0] in [o.split("/")[0] for o in order])
        check(f"4. the same findings in any order: lint {' '.join(order)}", got == expect, out + err)
    # grouping: one run over all files finds what runs over each file find
    each = []
    for f in ("mig.sql", "queries", "app"):
        each += found(run(*lint, f, cwd=tmp)[1])
    rc, out, err = run(*lint, "mig.sql", "queries", "app", cwd=tmp)
    check("4. the same findings in any grouping", sorted(found(out)) == sorted(each), out + str(each))
    # a migration that creates what the schema declares is not "already exists"
    write(os.path.join(tmp, "db", "migrations", "V1__orders.sql"), ORDERS)
    write(os.path.join(tmp, "db", "migrations", "V2__ix.sql"), "CREATE INDEX ix_status ON orders (status);\n"
          "SELECT * FROM orders WHERE status = 'd';\n")
    rc, out, err = run(*lint, "db/migrations", cwd=tmp)
    check("4. migrations already in the schema: no KP013, their queries planned", rc == 0 and found(out) == [],
          out + err)
    write(os.path.join(tmp, "twice.sql"), "CREATE TABLE t (a INT PRIMARY KEY);\nCREATE TABLE t (a INT PRIMARY KEY);\n")
    rc, out, err = run(*lint, "twice.sql", cwd=tmp)
    check("4. a table created twice in one file is still KP013", found(out) == [("twice.sql", 2, "KP013")], out + err)
    rc, out, err = run("lint", "--no-config", "twice.sql", cwd=tmp)
    check("4. a .sql file is a script: the second CREATE is KP013 at its name",
          rc == 1 and out.startswith("twice.sql:2:14: error: table 't' already exists [KP013 duplicate-name]\n"),
          out + err)
    # application code is not a script: each test makes its own table
    write(os.path.join(tmp, "app", "Recreate.java"), """class Recreate {
  @Test void first(Statement st) throws Exception {
    st.execute("CREATE TABLE t2 (k1 VARCHAR NOT NULL, k2 VARCHAR NOT NULL, v VARCHAR CONSTRAINT pk PRIMARY KEY (k1, k2))");
    st.execute("CREATE INDEX ix_v ON t2 (v)");
    st.executeQuery("SELECT * FROM t2 WHERE k1 = 'a'");
    st.executeQuery("SELECT k1 FROM t2 WHERE v = 'x'");
  }
  @Test void second(Statement st) throws Exception {
    st.execute("CREATE TABLE t2 (k2 VARCHAR NOT NULL, k1 VARCHAR NOT NULL, v VARCHAR CONSTRAINT pk PRIMARY KEY (k2, k1))");
    st.executeQuery("SELECT * FROM t2 WHERE k1 = 'a'");
    st.executeQuery("SELECT k1 FROM t2 WHERE v = 'x'");
  }
  @Test void third(Statement st) throws Exception {
    st.execute("CREATE INDEX ix_v ON t2 (v)");
    st.execute("CREATE INDEX ix_v ON t2 (v, k1)");
    st.executeQuery("SELECT k1 FROM t2 WHERE v = 'x' AND k1 = 'b'");
    st.execute("CREATE INDEX IF NOT EXISTS ix_v ON t2 (k1)");
    st.execute("CREATE TABLE IF NOT EXISTS t2 (k3 VARCHAR PRIMARY KEY)");
    st.executeQuery("SELECT k1 FROM t2 WHERE v = 'y' AND k1 = 'c'");
  }
}
""")
    plans = ["app/Recreate.java:3:17: CREATE TABLE T2", "app/Recreate.java:4:17: CREATE INDEX IX_V ON T2",
             "app/Recreate.java:5:22: SCAN T2 prefix (K1='a')",
             "app/Recreate.java:6:22: SCAN T2 via index IX_V prefix (V='x')",
             "app/Recreate.java:9:17: CREATE TABLE T2",
             "app/Recreate.java:10:22: FULL SCAN T2 filter K1 = 'a'",
             "app/Recreate.java:11:22: FULL SCAN T2 filter V = 'x'",
             "app/Recreate.java:14:17: CREATE INDEX IX_V ON T2", "app/Recreate.java:15:17: CREATE INDEX IX_V ON T2",
             "app/Recreate.java:16:22: SCAN T2 via index IX_V prefix (V='x', K1='b')",
             "app/Recreate.java:17:17: CREATE INDEX IX_V ON T2", "app/Recreate.java:18:17: CREATE TABLE T2",
             "app/Recreate.java:19:22: SCAN T2 via index IX_V prefix (V='y', K1='c')"]
    rc, out, err = run("explain", "--no-config", "--target", "phoenix", "app/Recreate.java", cwd=tmp)
    check("4. application code re-creating its table and index: each statement planned against the one above it",
          rc == 0 and out.splitlines() == plans and "KP013" not in err, out + err)
    full = "full table scan: no condition on leading key column 'K2' of T2 (Phoenix runs it as a full scan over every region)"
    want = [("app/Recreate.java", 10, 45, "KP001", full), ("app/Recreate.java", 11, 46, "KP001", full)]
    for cmd in (("lint", "--no-config", "--target", "phoenix", "--format", "json", "app/Recreate.java"),
                ("check", "--no-config", "--target", "phoenix", "--format", "json", "--schema", "twice.sql",
                 "--workload", "app/Recreate.java")):
        rc, out, err = run(*cmd, cwd=tmp)
        got = [(d["file"], d["line"], d["column"], d["rule"], d["message"]) for d in diags(out)
               if d["file"].startswith("app/") and d["rule"] < "KP100"]   # check advises too
        check(f"4. {cmd[0]}: no KP013 for a re-creation in application code", got == want, out + err)
    # a name the schema holds is still created twice on the store's one database
    write(os.path.join(tmp, "s2.sql"), "CREATE TABLE t2 (k1 VARCHAR PRIMARY KEY, v VARCHAR);\n")
    rc, out, err = run("explain", "--no-config", "--target", "phoenix", "--schema", "s2.sql", "app/Recreate.java",
                       cwd=tmp)
    check("4. explain: a CREATE of a name the schema holds is still KP013, each time",
          [l for l in err.splitlines() if "KP013" in l] ==
          ["app/Recreate.java:3:30: error: table 'T2' already exists [KP013 duplicate-name]",
           "app/Recreate.java:9:30: error: table 'T2' already exists [KP013 duplicate-name]"], out + err)

# ------------------------------------------- 6. control characters never reach the terminal
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), "CREATE TABLE t (a VARCHAR PRIMARY KEY, b VARCHAR);\n")
    with open(os.path.join(tmp, "q.sql"), "wb") as f:
        f.write(b"SELECT * FROM t WHERE b = '\x1b[31mred\xe2\x80\xae\x7f\xc2\x9b';\n"
                b"SELECT * FROM t WHERE a = 'x' AND \"\x1b]0;owned\x07\" = 1;\n")
    RAW = ("\x1b", "\x07", "\x7f", "\u202e", "\u009b")

    def clean(text):
        return not any(ch in text for ch in RAW)
    line1 = "SELECT * FROM t WHERE b = '<U+001B>[31mred<U+202E><U+007F><U+009B>';"
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "q.sql", cwd=tmp)
    check("6. lint text: controls in excerpts and messages shown as <U+XXXX>", rc == 1 and clean(out) and
          f"     1 | {line1}\n       |                       ^{'~' * 44}\n" in out and
          "unknown column '<U+001B>]0;owned<U+0007>'" in out, out)
    rc, out, err = run("explain", "--no-config", "--schema", "s.sql", "q.sql", cwd=tmp)
    check("6. explain text: the plan line shows them too", clean(out) and clean(err) and
          "filter b = '<U+001B>[31mred<U+202E><U+007F><U+009B>'" in out, out + err)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "q.sql", "--format", "github", cwd=tmp)
    check("6. github annotations: no raw control in the CI log", clean(out) and "<U+001B>]0;owned<U+0007>" in out, out)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "q.sql", "--format", "json", cwd=tmp)
    check("6. JSON keeps the text (escaped by JSON itself)", "\\u001b]0;owned\\u0007" in out, out)

# ------------------------------------------- 7. --stdin-filename picks the language, and names every finding
JAVA = ('class A {\n  void f(Statement st) throws Exception {\n'
        '    st.executeQuery("SELECT * FROM orders WHERE orderid = 1");\n  }\n}\n')
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    for extra in ((), ("--lang", "java")):
        rc, out, err = run("lint", "--no-config", "--schema", "s.sql", *extra, "--stdin-filename", "src/A.java", "-",
                           "--format", "json", cwd=tmp, stdin=JAVA.encode())
        check(f"7. --stdin-filename A.java {' '.join(extra)}: Java, reported as src/A.java",
              rc == 1 and [(d["file"], d["line"], d["column"], d["rule"]) for d in diags(out)] ==
              [("src/A.java", 3, 49, "KP001")], out + err)
    rc, out, err = run("check", "--no-config", "--schema", "s.sql", "--workload", "-", "--stdin-filename", "src/A.java",
                       "--format", "sarif", cwd=tmp, stdin=JAVA.encode())
    res = json.loads(out)["runs"][0]["results"]
    check("7. check --workload - --stdin-filename A.java: SARIF names src/A.java",
          [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) for r in res
           if r["ruleId"] == "KP001"] == [("KP001", "src/A.java")], out + err)

# ------------------------------------------- 8. a failed run never looks clean
vlint, vcheck = validator("lint.schema.json"), validator("check.schema.json")
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    write(os.path.join(tmp, "q.sql"), BAD)
    write(os.path.join(tmp, "bad.ini"), "[keyplan]\nfail_on = warning\n")
    for name, args, msg in (
            ("a misspelt config key", ("--config", "bad.ini"), "bad.ini:2: unknown setting 'fail_on' in [keyplan]: did you mean 'fail-on'?"),
            ("a missing config file", ("--config", "/nonexistent/.keyplan"), "/nonexistent/.keyplan: cannot open")):
        write(os.path.join(tmp, "out.sarif"), "stale")
        rc, out, err = run("lint", *args, "--schema", "s.sql", "q.sql", "--format", "sarif", "--output", "out.sarif",
                           cwd=tmp)
        doc = jload(open(os.path.join(tmp, "out.sarif")).read())
        inv = doc.get("runs", [{}])[0].get("invocations", [{}])[0]
        check(f"8. {name}: --output SARIF holds a failed run", rc == 2 and inv.get("executionSuccessful") is False and
              msg in inv["toolExecutionNotifications"][0]["message"]["text"], json.dumps(inv) + err)
        write(os.path.join(tmp, "out.json"), "stale")
        rc, out, err = run("lint", *args, "--schema", "s.sql", "q.sql", "--format", "json", "--output", "out.json",
                           cwd=tmp)
        check(f"8. {name}: --output JSON leaves no report", rc == 2 and not os.path.exists(os.path.join(tmp, "out.json")),
              err)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "missing.sql", "--format", "json", cwd=tmp)
    doc = jload(out)
    check("8. lint --format json on exit 2 carries the error", rc == 2 and
          doc.get("error", "").startswith("missing.sql: cannot open") and vlint.is_valid(doc), out + err)
    rc, out, err = run("check", "--no-config", "--schema", "s.sql", "--workload", "missing.sql", "--format", "json",
                       cwd=tmp)
    doc = jload(out)
    check("8. check --format json on exit 2 is valid check.schema.json, with the error",
          rc == 2 and vcheck.is_valid(doc) and doc.get("advice") == [] and "error" in doc, out + err)
    os.mkdir(os.path.join(tmp, "emptydir"))
    for fmt in ("text", "json"):
        rc, out, err = run("check", "--no-config", "--base-schema", "s.sql", "--schema", "s.sql", "--workload",
                           "emptydir/", "--format", fmt, cwd=tmp)
        check(f"8. check --base-schema with an empty workload ({fmt}): no 'plans as before', exit 2",
              rc == 2 and "plans as before" not in out and '"impact"' not in out and
              "emptydir/: no .sql files" in err, out + err)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "missing.sql", "--format", "github", cwd=tmp)
    check("8. github format: the failure is an annotation", rc == 2 and
          out.startswith("::error title=keyplan failed::missing.sql: cannot open"), out + err)

# ------------------------------------------- issue 25: config errors have lines, all of them reported
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    write(os.path.join(tmp, ".keyplan"), "[keyplan]\nschema = s.sql\nfail_on = warning\ntarget = mongo\njunk line\n"
          "[rules]\nKP999 = off\nfull-scan = loud\n" + "; " + "x" * 300 + "\n[nope]\n")
    rc, out, err = run("lint", "-e", "SELECT 1", cwd=tmp)
    check("25. config errors: each at its line, every one reported", rc == 2 and err.splitlines() == [
        "keyplan: .keyplan:3: unknown setting 'fail_on' in [keyplan]: did you mean 'fail-on'? (schema, include, "
        "exclude, sql-calls, database-id, fail-on, target, tenant, docs-url)",
        "keyplan: .keyplan:4: [keyplan] target must be lindorm, tablestore, phoenix or generic, not 'mongo'",
        "keyplan: .keyplan:5: malformed line 'junk line' (expected [section], name = value or a ; comment)",
        "keyplan: .keyplan:7: [rules] unknown rule 'KP999' (see keyplan rules)",
        "keyplan: .keyplan:8: [rules] full-scan must be error, warning, info or off, not 'loud'",
        "keyplan: .keyplan:9: line longer than 198 bytes",
        "keyplan: .keyplan:10: unknown section [nope] (keyplan, rules)"] and
        os.path.abspath(tmp) not in err, err)

# ------------------------------------------- 11. one suppression form, the docs and the behaviour agree
import glob as _glob
import re

docs = [os.path.join(SRC, "README.md"), os.path.join(SRC, "docs", "embedded-sql.md")] + \
    sorted(_glob.glob(os.path.join(SRC, "docs", "rules", "*.md")))
examples = set()
for path in docs:
    text = open(path).read()
    # an example in backticks, possibly wrapped over two lines
    for m in re.finditer(r"`((?:--|//|#|/\*|<!--) ?keyplan:(?:ignore(?:-file)?|disable)[^`]*)`", text):
        if text[m.end():].startswith(" instead of"):
            continue   # the wrong form, shown as such (KP022's page)
        examples.add((os.path.relpath(path, SRC), " ".join(m.group(1).split())))
man = open(os.path.join(SRC, "docs", "keyplan.1")).read().replace("\\-", "-")
for m in re.finditer(r'"((?:--|//|#|/\*|<!--) ?keyplan:(?:ignore(?:-file)?|disable)[^"]*)"', man):
    examples.add(("docs/keyplan.1", " ".join(m.group(1).split())))
check("11. the docs show suppression examples", len(examples) >= 45, len(examples))
SEL = "SELECT * FROM orders WHERE orderid = 1"
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    for where, ex in sorted(examples):
        if ex.endswith("...") or "RULE" in ex or "[" in ex:
            continue   # a pattern, not an example
        if ex.startswith("<!--"):
            name, text = "M.xml", ('<?xml version="1.0"?>\n<mapper namespace="m">\n  ' + ex +
                                   '\n  <select id="a">' + SEL + '</select>\n</mapper>\n')
        elif ex.startswith("//"):
            name, text = "A.java", "class A {\n  " + ex + '\n  String q = "' + SEL + '";\n}\n'
        elif ex.startswith("#"):
            name, text = "a.py", ex + '\ncur.execute("' + SEL + '")\n'
        else:
            name, text = "q.sql", ex + "\n" + SEL + ";\n"
        write(os.path.join(tmp, name), text)
        rc, out, err = run("lint", "--no-config", "--schema", "s.sql", name, "--format", "json", cwd=tmp)
        rules = rules_of(out)
        silences_kp001 = re.search(r"\b(KP001|full-scan)\b", ex) is not None
        check(f"11. {where}: {ex!r} is well-formed" + (" and silences KP001" if silences_kp001 else ""),
              "KP022" not in rules and (not silences_kp001 or "KP001" not in rules), out + err)
        os.remove(os.path.join(tmp, name))
    # a malformed directive silences nothing, in every comment syntax
    for name, text in (("q.sql", "-- keyplan:ignore KP001 reviewed\n" + SEL + ";\n"),
                       ("q.sql", "/* keyplan:ignore KP001 reviewed */\n" + SEL + ";\n"),
                       ("A.java", 'class A {\n  // keyplan:ignore KP001 reviewed\n  String q = "' + SEL + '";\n}\n'),
                       ("a.py", '# keyplan:ignore KP001 reviewed\ncur.execute("' + SEL + '")\n'),
                       ("M.xml", '<?xml version="1.0"?>\n<mapper namespace="m">\n  <!-- keyplan:ignore KP001 reviewed -->\n'
                                 '  <select id="a">' + SEL + '</select>\n</mapper>\n')):
        write(os.path.join(tmp, name), text)
        rc, out, err = run("lint", "--no-config", "--schema", "s.sql", name, "--format", "json", cwd=tmp)
        check(f"11. {name}: a reason without its separator is KP022 and silences nothing",
              rules_of(out) == ["KP022", "KP001"], out + err)
        os.remove(os.path.join(tmp, name))

# ------------------------------------------- 9. a broken schema fails the run
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), "CREATE TABLE orders (userid VARCHAR, orderid BIGINT PRIMARY KEY (userid, orderid));\n"
          "CREATE TABLE ok (a INT PRIMARY KEY, b INT);\nCREATE INDEX ib ON nope (b);\n")
    write(os.path.join(tmp, "q.sql"), "SELECT * FROM ok WHERE a = 1;\nSELECT * FROM orders WHERE userid = 'a';\n")
    write(os.path.join(tmp, "ok.sql"), "SELECT * FROM ok WHERE a = 1;\n")
    write(os.path.join(tmp, "A.java"), 'class A {\n  String q = "SELECT * FROM orders WHERE userid = ?";\n}\n')
    msg = ("q.sql:2:15: no such table: orders; s.sql:1:1: the CREATE statement of orders failed here, so the table "
           "is not in the schema: the schema is broken, fix it first")
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "q.sql", "--exit-zero", "--format", "sarif",
                       "--write-baseline", "b.json", cwd=tmp)
    inv = jload(out).get("runs", [{}])[0].get("invocations", [{}])[0]
    check("9. a query of a table whose CREATE failed: exit 2 even with --exit-zero, a failed SARIF run",
          rc == 2 and inv.get("executionSuccessful") is False and
          inv["toolExecutionNotifications"][0]["message"]["text"] == msg and f"keyplan: {msg}\n" in err, out + err)
    check("9. ... and nothing written to the baseline", not os.path.exists(os.path.join(tmp, "b.json")), err)
    rc, out, err = run("check", "--no-config", "--schema", "s.sql", "--workload", "A.java", cwd=tmp)
    check("9. the same for a workload in application code", rc == 2 and "A.java:2:29: no such table: orders" in err, err)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "ok.sql", "--format", "json", cwd=tmp)
    check("9. other schema errors stay findings (exit 1, the run completes)",
          rc == 1 and found(out) == [("s.sql", 1, "KP011"), ("s.sql", 3, "KP008")] and "error" not in jload(out),
          out + err)

# ------------------------------------------- 10. --diff: the branch's own change, against the merge base
if HAVE_GIT:
    repo = repo_with({"s.sql": ORDERS, "q/a.sql": BAD, "q/b.sql": "SELECT 1 FROM orders WHERE userid = 'a';\n",
                      "src/A.java": 'class A {\n  static final String COLS = "userid, orderid";\n'
                                    '  String q = "SELECT " + COLS + " FROM orders WHERE orderid = ?";\n}\n'})
    lint = ("lint", "--no-config", "--schema", "s.sql", "--format", "json")
    git(repo, "checkout", "-qb", "feature")
    write(os.path.join(repo, "q", "b.sql"), "SELECT 1 FROM orders WHERE userid = 'a';\n" + BAD)
    git(repo, "commit", "-qam", "feature: a bad query")
    git(repo, "checkout", "-q", "main")
    write(os.path.join(repo, "q", "a.sql"), BAD + BAD)   # main moves on, with a bad query of its own
    git(repo, "commit", "-qam", "main moves")
    git(repo, "checkout", "-q", "feature")
    rc, out, err = run(*lint, "q", "--diff", "main", cwd=repo)
    check("10. --diff main: the merge base, not main's tip (main's own change is not the branch's)",
          found(out) == [("q/b.sql", 2, "KP001")], out + err)
    write(os.path.join(repo, "q", "new.sql"), BAD)
    rc, out, err = run(*lint, "q", "--diff", "main", cwd=repo)
    check("10. --diff: an untracked new file is part of the change",
          sorted(found(out)) == [("q/b.sql", 2, "KP001"), ("q/new.sql", 1, "KP001")], out + err)
    os.symlink("q", os.path.join(repo, "linked"))
    rc, out, err = run(*lint, "linked/new.sql", "linked/a.sql", "--diff", "main", cwd=repo)
    check("10. --diff: a finding under a symbolic link's name is matched by the file it points to",
          found(out) == [("linked/new.sql", 1, "KP001")], out + err)
    diff = subprocess.run(["git", "-C", os.path.join(repo, "q"), "diff", "--relative", "main...HEAD"],
                          capture_output=True).stdout
    rc, out, err = run("lint", "--no-config", "--schema", "../s.sql", "--format", "json", "b.sql", "a.sql", "--diff", "-",
                       cwd=os.path.join(repo, "q"), stdin=diff)
    check("10. --diff -: a git diff --relative from a subfolder", found(out) == [("b.sql", 2, "KP001")], out + err)
    rc, out, err = run(*lint, "src", "--diff", "main", cwd=repo)
    check("10. --diff: an untouched Java statement has no finding", found(out) == [], out + err)
    write(os.path.join(repo, "src", "A.java"), 'class A {\n  static final String COLS = "userid, orderid, amount";\n'
          '  String q = "SELECT " + COLS + " FROM orders WHERE orderid = ?";\n}\n')
    rc, out, err = run(*lint, "src", "--diff", "main", cwd=repo)
    check("10. --diff: a change to a Java constant the statement is built from touches the statement",
          found(out) == [("src/A.java", 3, "KP001")], out + err)
    shutil.rmtree(repo)
    with tempfile.TemporaryDirectory() as tmp:
        write(os.path.join(tmp, "s.sql"), ORDERS)
        write(os.path.join(tmp, "q.sql"), BAD)
        rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "q.sql", "--diff", "main", cwd=tmp,
                           env={"GIT_CEILING_DIRECTORIES": os.path.dirname(tmp)})
        check("10. --diff outside a git repository: one line, exit 2", rc == 2 and err ==
              "keyplan: --diff main: not inside a git work tree (--diff - reads a unified diff on standard input)\n",
              err)

# ------------------------------------------- issue 25: help, pre-commit, SARIF rules, docs address, lint .
rc, out, err = run("check", "--help")
check("25. check --help lists --base-schema", rc == 0 and "  --base-schema PATH" in out, out)
for args in (("help", "--help"), ("help", "-h"), ("help", "help")):
    rc, out, err = run(*args)
    check(f"25. keyplan {' '.join(args)} exits 0 with the help", rc == 0 and out.startswith("usage: keyplan <command>"),
          out + err)
hooks = open(os.path.join(SRC, ".pre-commit-hooks.yaml")).read()
files_re = re.search(r"^\s*files:\s*(\S+)\s*$", hooks, re.M).group(1)
check("25. the pre-commit hook takes the application code lint reads",
      all(re.search(files_re, f) for f in ("q.sql", "A.java", "B.kt", "c.go", "d.py", "Mapper.xml")) and
      not re.search(files_re, "README.md"), files_re)
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    write(os.path.join(tmp, "q", "q.sql"), BAD)
    write(os.path.join(tmp, "app", "A.java"), JAVA)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "--format", "sarif", cwd=tmp)
    doc = jload(out)
    rules = {r["id"]: r for r in doc["runs"][0]["tool"]["driver"]["rules"]}
    page = subprocess.run([KEYPLAN, "rules", "KP001"], capture_output=True, text=True).stdout
    check("25. SARIF help.markdown is the rule's page", page.startswith(rules["KP001"]["help"]["markdown"]) and
          rules["KP001"]["help"]["markdown"].startswith("# KP001 full-scan\n") and
          all("markdown" in r["help"] for r in rules.values()), json.dumps(rules["KP001"]["help"])[:300])
    check("25. KP035 is tagged as a security rule (CWE-89)",
          rules["KP035"]["properties"]["tags"] == ["security", "external/cwe/cwe-89"] and
          rules["KP035"]["properties"]["security-severity"] == "8.8" and "properties" not in rules["KP001"],
          json.dumps(rules["KP035"]))
    check("25. lint with no path lints the working directory (SQL and application code)",
          rc == 1 and sorted(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                             for r in doc["runs"][0]["results"]) == ["app/A.java", "q/q.sql"], out + err)
    write(os.path.join(tmp, ".keyplan"), "[keyplan]\nschema = s.sql\ndocs-url = https://docs.example.net/kp/\n")
    rc, out, err = run("lint", "q", "--format", "sarif", cwd=tmp)
    drv = jload(out)["runs"][0]["tool"]["driver"]
    check("25. docs-url: SARIF's helpUri and informationUri point at the team's copy",
          drv["informationUri"] == "https://docs.example.net/kp" and
          drv["rules"][0]["helpUri"] == "https://docs.example.net/kp/rules/KP001.md", json.dumps(drv)[:300])
    rc, out, err = run("lint", "q", cwd=tmp)
    check("25. docs-url: the text report's addresses, and the installed page (keyplan rules ID)",
          out.endswith("KP001 full-scan: https://docs.example.net/kp/rules/KP001.md (keyplan rules KP001)\n"), out)
    rc, out, err = run("rules", "KP001", cwd=tmp)
    check("25. keyplan rules KP001: the page's address from docs-url, and where it is installed",
          "\nOnline: https://docs.example.net/kp/rules/KP001.md\nInstalled: /" in out and
          out.endswith("/share/doc/keyplan/rules/KP001.md\n"), out)
    write(os.path.join(tmp, ".keyplan"), "[keyplan]\nschema = s.sql\ndocs-url = not an address\n")
    rc, out, err = run("lint", "q", cwd=tmp)
    check("25. a bad docs-url is a config error at its line", rc == 2 and
          err.startswith("keyplan: .keyplan:3: [keyplan] docs-url must be an address"), err)

# ------------------------------------------- issue 25: check impact ERROR -> REJECTED is still broken
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "old.sql"), "CREATE TABLE orders (userid VARCHAR, orderid BIGINT, PRIMARY KEY (userid, orderid));\n")
    write(os.path.join(tmp, "new.sql"), ORDERS)
    write(os.path.join(tmp, "w.sql"), "SELECT * FROM orders WHERE status = 'a';\n")
    rc, out, err = run("check", "--no-config", "--base-schema", "old.sql", "--schema", "new.sql", "--workload", "w.sql",
                       "--format", "json", cwd=tmp)
    doc = jload(out)
    check("25. impact: ERROR -> REJECTED is broken (KP130), not fixed",
          [(x["change"], x["before"]["access"], x["after"]["access"]) for x in doc.get("impact", [])] ==
          [("broken", "error", "full_scan")] and
          [d["rule"] for d in doc["diagnostics"] if d["rule"] >= "KP130"] == ["KP130"], out + err)

# ------------------------------------------- issue 25: --select and --ignore
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    write(os.path.join(tmp, "q.sql"), BAD + "SELECT * FROM orders WHERE userid = 'a' AND amount > 1;\nSELECT * FROM nope;\n")
    write(os.path.join(tmp, ".keyplan"), "[keyplan]\nschema = s.sql\n[rules]\nfiltered-scan = off\n")
    lint = ("lint", "q.sql", "--format", "json")
    rc, out, err = run(*lint, cwd=tmp)
    check("25. (the config turns KP002 off)", rules_of(out) == ["KP001", "KP008"], out + err)
    rc, out, err = run(*lint, "--select", "KP001,filtered-scan", cwd=tmp)
    check("25. --select: only those rules, over the config's off", rc == 1 and rules_of(out) == ["KP001", "KP002"], out)
    rc, out, err = run(*lint, "--ignore", "full-scan", "--ignore", "KP008", cwd=tmp)
    check("25. --ignore: those rules are not reported (repeatable), exit 0", rc == 0 and rules_of(out) == [], out)
    rc, out, err = run(*lint, "--select", "KP001, KP008", "--ignore", "KP008", cwd=tmp)
    check("25. --ignore wins over --select", rules_of(out) == ["KP001"], out)
    rc, out, err = run(*lint, "--select", "KP001,nope-rule", cwd=tmp)
    check("25. --select with an unknown rule: a usage error", rc == 2 and out == "" and
          "unknown rule 'nope-rule'" in err, err)

# ------------------------------------------- issue 25: a baseline and a subset of the files
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    write(os.path.join(tmp, "a.sql"), BAD)
    write(os.path.join(tmp, "b.sql"), "SELECT userid FROM orders WHERE orderid = 2;\n"
          "SELECT * FROM orders WHERE orderid = 3 AND amount > 1;\n")
    base = ("lint", "--no-config", "--schema", "s.sql")
    rc, out, err = run(*base, "a.sql", "b.sql", "--write-baseline", "kb.json", cwd=tmp)
    check("25. (the baseline records both files)", rc == 0 and "3 finding(s) recorded" in err, err)
    rc, out, err = run(*base, "a.sql", "--baseline", "kb.json", cwd=tmp)
    check("25. --baseline on a subset: the other files' entries are not stale", rc == 0 and err == "", err)
    write(os.path.join(tmp, "a.sql"), "SELECT * FROM orders WHERE userid = 'x';\n")   # a.sql's finding fixed
    rc, out, err = run(*base, "a.sql", "--baseline", "kb.json", cwd=tmp)
    check("25. --baseline on a subset: the subset's own fixed entry is stale",
          rc == 0 and "1 baseline entry matches no finding any more" in err and "a.sql:1: KP001" in err, err)
    rc, out, err = run(*base, "a.sql", "--write-baseline", "kb.json", cwd=tmp)
    check("25. --write-baseline on a subset keeps the other files' entries",
          rc == 0 and "2 finding(s) recorded (2 of them from files this run did not read, kept)" in err, err)
    rc, out, err = run(*base, "a.sql", "b.sql", "--baseline", "kb.json", cwd=tmp)
    check("25. ... so the whole project is still clean against it", rc == 0 and err == "" and "error" not in out,
          out + err)

# ------------------------------------------- issue 25: the 25,000-result cap keeps the most severe
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    INFO = "SELECT * FROM orders WHERE userid = 'a' AND amount > 1;\n"   # KP002, info
    write(os.path.join(tmp, "big.sql"), INFO * 25005 + BAD * 3 + INFO * 2)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "big.sql", "--format", "sarif", cwd=tmp)
    res = jload(out).get("runs", [{}])[0].get("results", [])
    lines = [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in res]
    check("25. SARIF cap: the errors past 25,000 results are kept, notes make room, input order kept",
          rc == 1 and len(res) == 25000 and [r["ruleId"] for r in res].count("KP001") == 3 and
          lines == sorted(lines) and lines[-3:] == [25006, 25007, 25008] and
          "25010 results" in err and "the 25000 most severe" in err, err + str(lines[-5:]))

# ------------------------------------------- issue 25: a missing file is reported, the rest still linted
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    write(os.path.join(tmp, "a.sql"), BAD)
    write(os.path.join(tmp, "A.java"), JAVA)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "missing.sql", "a.sql", "Gone.java", "A.java",
                       "--format", "json", cwd=tmp)
    doc = jload(out)
    check("25. missing files: each reported, the others linted, exit 2",
          rc == 2 and found(out) == [("a.sql", 1, "KP001"), ("A.java", 3, "KP001")] and
          "keyplan: missing.sql: cannot open" in err and "keyplan: Gone.java: cannot open" in err and
          doc.get("error", "").startswith("missing.sql: cannot open"), out + err)

# ------------------------------------------- issue 25: a binary or UTF-16 file is one error
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    write(os.path.join(tmp, "a.sql"), BAD)
    with open(os.path.join(tmp, "u16.sql"), "wb") as f:
        f.write(("SELECT * FROM orders WHERE orderid = 1;\n" * 20).encode("utf-16"))
    with open(os.path.join(tmp, "u16be.sql"), "wb") as f:
        f.write(("SELECT 1;\n" * 5).encode("utf-16-be"))
    with open(os.path.join(tmp, "bin.sql"), "wb") as f:
        f.write(bytes(range(256)) * 8)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "u16.sql", "u16be.sql", "bin.sql", "a.sql",
                       "--format", "json", cwd=tmp)
    check("25. binary and UTF-16 files: one error each, with a hint; the rest linted", rc == 2 and
          found(out) == [("a.sql", 1, "KP001")] and err.splitlines() == [
              "keyplan: u16.sql: UTF-16 text: convert it to UTF-8 (iconv -f UTF-16 -t UTF-8), which keyplan reads",
              "keyplan: u16be.sql: UTF-16 text: convert it to UTF-8 (iconv -f UTF-16 -t UTF-8), which keyplan reads",
              "keyplan: bin.sql: a binary file (it holds NUL bytes), not text: name SQL or source files only"],
          out + err)
    rc, out, err = run("explain", "--no-config", "--schema", "s.sql", "u16.sql", cwd=tmp)
    check("25. explain: a UTF-16 file is one error", rc == 2 and out == "" and err.count("\n") == 1 and
          "UTF-16" in err, out + err)

# ------------------------------------------- issue 25: user docs cite the stores' documents
internal = []
for path in [os.path.join(SRC, "README.md")] + sorted(_glob.glob(os.path.join(SRC, "docs", "*.md"))) + \
        sorted(_glob.glob(os.path.join(SRC, "docs", "rules", "*.md"))):
    for n, line in enumerate(open(path), 1):
        if re.search(r"\bseeds \d|shared/seeds|\.\./shared", line):
            internal.append(f"{os.path.relpath(path, SRC)}:{n}")
check("25. no user document cites the project's internal notes (seeds)", internal == [], internal)
kp001 = open(os.path.join(SRC, "docs", "rules", "KP001.md")).read()
check("25. KP001 cites Lindorm's own document", "Lindorm, *How to design the primary key of a wide table*" in kp001,
      kp001[:600])

# ------------------------------------------- issue 25: from a subfolder, config paths are relative
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "db", "s.sql"), ORDERS)
    write(os.path.join(tmp, "q", "a.sql"), BAD)
    write(os.path.join(tmp, ".keyplan"), "[keyplan]\nschema = db/s.sql\ninclude = q/*.sql\n")
    rc, out, err = run("lint", "--format", "json", cwd=os.path.join(tmp, "q"))
    d0 = diags(out)[0] if diags(out) else {}
    check("25. from a subfolder: the config's schema path is relative in JSON (../db/s.sql), not absolute",
          d0.get("file") == "a.sql" and d0.get("notes", [{}])[0].get("file") == "../db/s.sql", out + err)
    rc, out, err = run("lint", cwd=os.path.join(tmp, "q"))
    check("25. ... and in text", "\n../db/s.sql:2:3: note: primary key of orders declared here\n" in out and
          os.path.realpath(tmp) not in out and tmp not in out, out)

# ------------------------------------------- issue 25: baselines of application code
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    write(os.path.join(tmp, "A.java"), JAVA)
    lint = ("lint", "--no-config", "--schema", "s.sql", "A.java")
    rc, out, err = run(*lint, "--write-baseline", "b.json", cwd=tmp)
    entries = [json.loads(l) for l in open(os.path.join(tmp, "b.json")).read().splitlines()[1:-1]]
    check("25. a baseline of application code records the statement",
          [(e["rule"], e["file"], e["statement"]) for e in entries] ==
          [("KP001", "A.java", "select * from orders where orderid = ?")], entries)
    write(os.path.join(tmp, "A.java"), "// a new first line\n" + JAVA.replace("WHERE", "where").replace("= 1", "= 7"))
    rc, out, err = run(*lint, "--baseline", "b.json", "--format", "json", cwd=tmp)
    check("25. ... so WHERE -> where, a moved line or a new literal is still the known finding",
          rc == 0 and diags(out) == [] and err == "", out + err)

# ------------------------------------------- issue 25: ignore-file in a block comment or a string is text
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), ORDERS)
    for name, text in (
            ("block", "/* an example of a directive:\n-- keyplan:ignore-file full-scan\n*/\n" + BAD),
            ("string", "SELECT * FROM orders WHERE userid = 'a\n-- keyplan:ignore-file full-scan\n' AND orderid = 2;\n" + BAD),
            ("quoted name", "SELECT \"a\n-- keyplan:ignore-file full-scan\n\" FROM orders WHERE userid = 'x';\n" + BAD)):
        write(os.path.join(tmp, "q.sql"), text)
        for how in (("q.sql",), ("-",)):   # streamed, and read whole
            rc, out, err = run("lint", "--no-config", "--schema", "s.sql", *how, "--format", "json", cwd=tmp,
                               stdin=text.encode())
            check(f"25. keyplan:ignore-file inside a {name} silences nothing ({how[0]})",
                  "KP001" in rules_of(out), out + err)
    write(os.path.join(tmp, "q.sql"), "/* a comment */ SELECT 1 FROM orders WHERE userid = 'x';\n"
          "-- keyplan:ignore-file full-scan -- after a closed block comment\n" + BAD)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "q.sql", "--format", "json", cwd=tmp)
    check("25. ... and after a block comment closes, it does", rc == 0 and rules_of(out) == [], out + err)

kptest.finish()
