#!/usr/bin/env python3
"""keyplan lint and check as CI users run them: golden files of every format,
SARIF validated against the official schema, exit codes, suppressions,
config discovery, weights, and a 10,000-statement file whose diagnostics
must all sit at the right line and column.

Usage: test_lint.py KEYPLAN SOURCE_DIR
Set KP_UPDATE_GOLDEN=1 to rewrite the golden files."""
import functools
import json
import os
import tempfile

import kptest
from kptest import check

KEYPLAN, SRC, DATA = kptest.args()
GOLDEN = os.path.join(SRC, "tests", "golden")
run = functools.partial(kptest.run, cwd=SRC, plain=True, timeout=120)


def golden(name, text):
    # SARIF names the repository root: the checkout's place varies
    text = text.replace('"file://' + SRC + '/"', '"file:///SRC/"')
    path = os.path.join(GOLDEN, name)
    if os.environ.get("KP_UPDATE_GOLDEN"):
        os.makedirs(GOLDEN, exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
    with open(path) as f:
        want = f.read()
    check(f"golden {name}", text == want, f"--- got\n{text}\n--- want\n{want}")


S, Q = "examples/schema.sql", "examples/queries.sql"

# ---------------------------------------------------------------- golden
for fmt, ext in (("text", "txt"), ("json", "json"), ("sarif", "sarif"), ("github", "txt")):
    rc, out, err = run("lint", "--no-config", "--schema", S, Q, "--format", fmt)
    check(f"lint {fmt} exit 1", rc == 1, err)
    golden(f"lint-{fmt}.{ext}", out)
for fmt, ext in (("text", "txt"), ("json", "json")):
    rc, out, err = run("check", "--no-config", "--schema", S, "--workload", Q, "--format", fmt)
    check(f"check {fmt} exit 1", rc == 1, err)
    golden(f"check-{fmt}.{ext}", out)

# ------------------------------------------------------------------ SARIF
rc, out, err = run("lint", "--no-config", "--schema", S, Q, "--format", "sarif")
doc = json.loads(out)
import jsonschema   # python3-jsonschema (tools/bootstrap.sh)
with open(os.path.join(DATA, "schemas", "sarif-schema-2.1.0.json")) as f:
    sch = json.load(f)
cls = jsonschema.validators.validator_for(sch)
errors = list(cls(sch, format_checker=jsonschema.FormatChecker()).iter_errors(doc))
check("sarif validates against the official schema", not errors, "\n".join(e.message for e in errors[:5]))
# GitHub code scanning's required fields, checked directly in any case
run0 = doc["runs"][0]
rules = run0["tool"]["driver"]["rules"]
check("SARIF output is version 2.1.0", doc["version"] == "2.1.0")
check("SARIF describes every rule with texts and a help URI", all(r["shortDescription"]["text"] and r["fullDescription"]["text"] and
                                   r["help"]["text"] and r["helpUri"].startswith("https://") for r in rules))
res = run0["results"]
check("SARIF results point at their rule and have a message and location", len(res) > 0 and all(
    r["ruleId"] == rules[r["ruleIndex"]]["id"] and r["message"]["text"] and
    r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "examples/queries.sql" and
    r["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1 and
    r["partialFingerprints"]["primaryLocationLineHash"] for r in res), json.dumps(res[:2]))

# ---------------------------------------------------------- exit codes
rc, out, err = run("lint", "--no-config", "--schema", S, "-e", "SELECT * FROM orders WHERE userid = 'a' AND orderid = 1")
check("clean lint exits 0", rc == 0 and out == "", out + err)
rc, out, err = run("lint", "--no-config", "--schema", S, "-e", "SELECT * FROM orders WHERE userid = 'a' AND amount > 1")
check("info only exits 0", rc == 0 and "[KP002 filtered-scan]" in out, out)
rc, out, err = run("lint", "--no-config", "--fail-on", "info", "--schema", S, "-e", "SELECT * FROM orders WHERE userid = 'a' AND amount > 1")
check("--fail-on info exits 1", rc == 1, out)
rc, out, err = run("lint", "--no-config", "--fail-on=warning", "--schema", S, "-e", "SELECT * FROM orders WHERE userid = 'a' AND 1 < orderid < 3 LIMIT 5")
check("--fail-on warning exits 1 on a warning", rc == 1 and "KP010" in out, out)
rc, out, err = run("lint", "--no-config", "--schema", S, "/nonexistent/q.sql")
check("unreadable file exits 2", rc == 2 and "cannot open" in err, err)
rc, out, err = run("lint", "--no-config", "--bogus")
check("unknown option exits 2", rc == 2 and "unknown option '--bogus'" in err, err)
rc, out, err = run("lint", "--no-config", "--format", "xml", "-e", "SELECT 1")
check("unknown format exits 2", rc == 2, err)
rc, out, err = run("check", "--no-config", "--workload", Q)
check("check without schema exits 2", rc == 2 and "no schema" in err, err)
rc, out, err = run("rules")
check("rules lists every rule", rc == 0 and "KP001  full-scan" in out and "KP122  desc-key" in out, out)

# ------------------------------------------------------- --output, colour
with tempfile.TemporaryDirectory() as tmp:
    o = os.path.join(tmp, "report.sarif")
    rc, out, err = run("lint", "--no-config", "--schema", S, Q, "--format", "sarif", "--output", o)
    check("--output writes the file", rc == 1 and out == "" and json.load(open(o))["version"] == "2.1.0", out + err)
rc, out, err = run("lint", "--no-config", "--schema", S, Q, "--color", "always")
check("--color always colours a pipe", "\033[" in out)
rc, out, err = run("lint", "--no-config", "--schema", S, Q)
check("no colour when not a terminal", "\033[" not in out)
rc, out, err = run("lint", "--no-config", "--schema", S, Q, env={"CLICOLOR_FORCE": "1"})
check("CLICOLOR_FORCE colours a pipe", "\033[" in out)
rc, out, err = run("lint", "--no-config", "--schema", S, Q, "--color=never", env={"CLICOLOR_FORCE": "1"})
check("--color never wins over CLICOLOR_FORCE", "\033[" not in out)

# ------------------------------------------------------------ suppressions
def lint_text(sql, *extra):
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False, dir=SRC) as f:
        f.write(sql)
        name = os.path.basename(f.name)
    try:
        return run("lint", "--no-config", "--schema", S, name, "--format", "json", *extra)
    finally:
        os.unlink(os.path.join(SRC, name))


def rules_of(out):
    return [d["rule"] for d in json.loads(out)["diagnostics"]]


BAD = "SELECT * FROM orders WHERE orderid = 1;\n"
rc, out, err = lint_text("-- keyplan:ignore KP001 -- reviewed: a nightly batch\n" + BAD + BAD)
check("ignore applies to the next statement only", rules_of(out) == ["KP001"] and
      json.loads(out)["diagnostics"][0]["line"] == 3, out)
rc, out, err = lint_text("-- keyplan:ignore full-scan, filtered-scan\n" + BAD)
check("ignore by slug, list", rules_of(out) == [] and rc == 0, out)
rc, out, err = lint_text(BAD + "-- keyplan:ignore-file KP001\n" + BAD)
check("ignore-file covers the whole file", rules_of(out) == [], out)
rc, out, err = lint_text("-- keyplan:ignore KP999\n" + BAD)
check("unknown rule warns once and ignores nothing", rules_of(out) == ["KP022", "KP001"], out)
rc, out, err = lint_text("-- keyplan:ignore\n" + BAD)
check("empty ignore warns and ignores nothing", rules_of(out) == ["KP022", "KP001"], out)
rc, out, err = lint_text("-- keyplan:ignore full-scn typo\n" + BAD)
check("a misspelled slug in keyplan:ignore is KP022 and silences nothing", "KP001" in rules_of(out) and "KP022" in rules_of(out), out)
rc, out, err = lint_text("-- keyplan:ignroe KP001\n" + BAD)
check("an unknown keyplan: directive is KP022 and silences nothing", rules_of(out) == ["KP022", "KP001"], out)
rc, out, err = lint_text("-- keyplan:ignore KP002\n" + BAD, "--report-unused-ignores")
check("unused ignore reported on request", sorted(rules_of(out)) == ["KP001", "KP022"], out)
rc, out, err = lint_text("-- keyplan:ignore KP002\n" + BAD)
check("unused ignore silent by default", rules_of(out) == ["KP001"], out)

# ---------------------------------------------------------------- config
with tempfile.TemporaryDirectory() as tmp:
    os.makedirs(os.path.join(tmp, "db"))
    os.makedirs(os.path.join(tmp, "queries", "deep"))
    with open(os.path.join(SRC, S)) as f:
        open(os.path.join(tmp, "db", "schema.sql"), "w").write(f.read())
    open(os.path.join(tmp, "queries", "q.sql"), "w").write(
        "SELECT * FROM orders WHERE userid = 'a' AND amount > 1;\n")
    open(os.path.join(tmp, "queries", "skip.sql"), "w").write(BAD)
    with open(os.path.join(tmp, ".keyplan"), "w") as f:
        f.write("[keyplan]\nschema = db/schema.sql\ninclude = queries/*.sql\nexclude = queries/skip.sql\n"
                "fail-on = info\n[rules]\nfull-scan = off\n")
    sub = os.path.join(tmp, "queries", "deep")
    rc, out, err = run("lint", "q.sql", "--format", "json", cwd=os.path.join(tmp, "queries"))
    check("config found walking up; fail-on from config", rc == 1 and rules_of(out) == ["KP002"], out + err)
    rc, out, err = run("lint", "--fail-on", "error", "../q.sql", cwd=sub)
    check("flags win over the config", rc == 0, out + err)
    rc, out, err = run("lint", "--format", "json", cwd=tmp)
    check("include and exclude globs", rc == 1 and rules_of(out) == ["KP002"], out + err)
    rc, out, err = run("lint", "--format", "json", "../skip.sql", cwd=sub)
    check("rule off in config", rules_of(out) == [], out + err)
    rc, out, err = run("lint", "--no-config", "--schema", "../../db/schema.sql", "../skip.sql", "--format", "json", cwd=sub)
    check("--no-config ignores the .keyplan found above the files", rules_of(out) == ["KP001"], out + err)
    bad = os.path.join(tmp, "bad.ini")
    open(bad, "w").write("[rules]\nKP999 = off\n")
    rc, out, err = run("lint", "--config", bad, "-e", "SELECT 1", cwd=tmp)
    check("bad config exits 2", rc == 2 and "unknown rule 'KP999'" in err, err)

# ---------------------------------------------------------------- weights
W = ("CREATE TABLE t (a BIGINT, b BIGINT, v INT, PRIMARY KEY (a, b));\n")
with tempfile.TemporaryDirectory() as tmp:
    open(os.path.join(tmp, "s.sql"), "w").write(W)
    open(os.path.join(tmp, "w.sql"), "w").write(
        "-- weight: 1200\nSELECT * FROM t WHERE b = 1;\nSELECT * FROM t WHERE a = 1;\n-- weight: x\nSELECT * FROM t WHERE a = 2;\n")
    rc, out, err = run("check", "--no-config", "--target", "generic", "--schema", "s.sql", "--workload", "w.sql",
                       "--format", "json", cwd=tmp)
    d = json.loads(out)
    re = [a for a in d["advice"] if a["kind"] == "reorder_key" and ", alone (" not in a["message"]]
    alone = [a for a in d["advice"] if a["kind"] == "reorder_key" and ", alone (" in a["message"]]
    check("the reorder alone is a candidate too, the reads it makes worse named", len(alone) == 1 and
          alone[0]["key"] == "[b][a]" and alone[0]["worse"] == ["w.sql:3", "w.sql:5"], json.dumps(alone))
    check("weights steer the reordered key", len(re) == 1 and re[0]["key"] == "[b][a]" and
          re[0]["serves"] == 1200 and re[0]["of"] == 1202, json.dumps(d["advice"]))
    i = d["advice"].index(re[0]) if re else 0
    check("the reorder is judged on the weighted workload", re and re[0]["served_before"] == 2 and
          re[0]["served_after"] == 1200 and re[0]["weight"] == 1202 and re[0]["worse"] == ["w.sql:3", "w.sql:5"] and
          "makes worse: w.sql:3 (SCAN -> full scan, weight 1), w.sql:5 (SCAN -> full scan, weight 1)" in re[0]["message"], json.dumps(re))
    check("a reorder that makes reads worse comes with an index table keyed as now",
          d["advice"][i + 1]["kind"] == "index_table" and d["advice"][i + 1]["key"] == "[a][b]" and
          d["advice"][i + 1]["serves"] == 2 and d["advice"][i + 1]["worse"] == [], json.dumps(d["advice"]))
    check("a malformed -- weight: is KP022 at its line", any(x["rule"] == "KP022" and x["line"] == 4 for x in d["diagnostics"]), out)
    # a weight, then a note for the reader (docs/annotations.md): the same
    # weights; a number written with a space is malformed, never 3
    open(os.path.join(tmp, "w.sql"), "w").write(
        "-- weight: 1200   the nightly report\nSELECT * FROM t WHERE b = 1;\nSELECT * FROM t WHERE a = 1;\n"
        "-- weight: 3 000\nSELECT * FROM t WHERE a = 2;\n")
    rc, out, err = run("check", "--no-config", "--target", "generic", "--schema", "s.sql", "--workload", "w.sql",
                       "--format", "json", cwd=tmp)
    d = json.loads(out)
    re = [a for a in d["advice"] if a["kind"] == "reorder_key" and ", alone (" not in a["message"]]
    check("a weight followed by a note is the weight", len(re) == 1 and re[0]["serves"] == 1200 and
          re[0]["of"] == 1202, json.dumps(d["advice"]))
    check("only the weight written with a space is KP022",
          [(x["line"], x["message"]) for x in d["diagnostics"] if x["rule"] == "KP022"] ==
          [(4, "malformed weight ' 3 000': expected -- weight: N with 0 <= N <= 1000000")], out)
    # nan, inf and huge weights are refused (each weighs 1): the sums and the
    # advice's integer serves/of stay meaningful
    open(os.path.join(tmp, "w.sql"), "w").write(
        "-- weight: 1e300\nSELECT * FROM t WHERE b = 1;\n-- weight: nan\nSELECT * FROM t WHERE b = 2;\n"
        "-- weight: 1000001\nSELECT * FROM t WHERE b = 3;\n-- weight: 1000000\nSELECT * FROM t WHERE a = 1;\n")
    rc, out, err = run("check", "--no-config", "--target", "generic", "--schema", "s.sql", "--workload", "w.sql",
                       "--format", "json", cwd=tmp)
    d = json.loads(out)
    bad = [(x["line"], x["message"]) for x in d["diagnostics"] if x["rule"] == "KP022"]
    check("nan, inf and huge weights warn", bad == [
        (1, "malformed weight ' 1e300': expected -- weight: N with 0 <= N <= 1000000"),
        (3, "malformed weight ' nan': expected -- weight: N with 0 <= N <= 1000000"),
        (5, "malformed weight ' 1000001': expected -- weight: N with 0 <= N <= 1000000")], out)
    check("refused weights weigh 1", all(a["of"] in (None, 3, 1000003) and (a["serves"] is None or 0 <= a["serves"] <= 1000003)
                                         for a in d["advice"]) and d["advice"], json.dumps(d["advice"]))
    # 3,000 statements at the largest weight sum past INT_MAX: serves/of are
    # held at 2147483647, never a wrapped negative number
    open(os.path.join(tmp, "w.sql"), "w").write(
        "".join(f"-- weight: 1000000\nSELECT * FROM t WHERE b = {i};\n" for i in range(3000)))
    rc, out, err = run("check", "--no-config", "--target", "generic", "--schema", "s.sql", "--workload", "w.sql",
                       "--format", "json", cwd=tmp)
    d = json.loads(out)
    big = [a for a in d["advice"] if a["of"] is not None]
    check("weight sums past INT_MAX are held at INT_MAX", big and all(
        a["of"] == 2147483647 and 0 <= a["serves"] <= 2147483647 for a in big), json.dumps(d["advice"])[:2000])

# ----------------------------------------------- 10,000 statements, located
lines, want = [], []
for i in range(10000):
    pad = " " * (i % 7)
    if i % 3 == 0:
        lines.append(f"-- 注释 {i} ünïcödé\r")
    lineno = len(lines) + 1
    if i % 2:
        stmt = f"{pad}SELECT * FROM orders WHERE orderid = {i};"
        col = len(pad) + len("SELECT * FROM orders WHERE ") + 1
        want.append((lineno, col))
    else:
        stmt = f"{pad}/* 块 */ SELECT * FROM orders WHERE userid = 'u{i}';"
    lines.append(stmt + ("\r" if i % 5 == 0 else ""))
with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False, encoding="utf-8") as f:
    f.write("\n".join(lines) + "\n")
    big = f.name
rc, out, err = run("lint", "--no-config", "--schema", S, big, "--format", "json")
got = [(d["line"], d["column"]) for d in json.loads(out)["diagnostics"] if d["rule"] == "KP001"]
check("10,000 statements: every diagnostic at its line and column", got == want,
      f"{len(got)} vs {len(want)}; first mismatch: " +
      str(next(((g, w) for g, w in zip(got, want) if g != w), None)))
os.unlink(big)

# ---------------------------------------------------- github escaping
with tempfile.TemporaryDirectory() as tmp:
    p = os.path.join(tmp, "a,b:c.sql")
    open(p, "w").write("SELECT * FROM orders WHERE userid LIKE 'a_%' AND amount > 100;\n")
    rc, out, err = run("lint", "--no-config", "--schema", os.path.join(SRC, S), "a,b:c.sql", "--format", "github",
                       "--fail-on", "info", cwd=tmp)
    check("github: properties and data escaped",
          out.startswith("::notice file=a%2Cb%3Ac.sql,line=1,col=28,endLine=1,endColumn=45,title=KP002::") and
          "LIKE 'a_%25'" in out and rc == 1, out)

# --------------------------------------------- streamed files vs whole input
# A query file is linted in 1 MiB windows; standard input is read whole. On
# a 3 MB file with directives, weights, malformed directives, CRLF lines,
# multibyte text, statements cut by every window edge and ignore-file at the
# very end, both must report exactly the same findings at the same places.
import random
rnd = random.Random(7)
parts = []
i = 0
size = 0
while size < 3_200_000:
    before = len(parts)
    k = rnd.randrange(10)
    nl = "\r\n" if rnd.randrange(5) == 0 else "\n"
    if k == 0:
        parts.append(f"-- keyplan:ignore KP001 -- batch job{nl}")
    elif k == 1:
        parts.append(f"-- keyplan:ignore KP002{nl}")   # often unused
    elif k == 2:
        parts.append(f"-- keyplan:ignroe KP001{nl}")
    elif k == 3:
        parts.append(f"SELECT * FROM orders{nl}  WHERE userid = '\u7528\u6237{i}'{nl}  AND status = 'x';{nl}")
    elif k == 4:
        parts.append("/* a block comment " + "\u00e9" * rnd.randrange(200) + " */ ")
    parts.append(f"SELECT * FROM orders WHERE orderid = {i}; " if rnd.randrange(2) else
                 f"SELECT * FROM orders WHERE userid = 'u{i}' AND amount > {i};{nl}")
    if k == 5:   # the statement's own trailing directive
        parts.append(f" -- keyplan:ignore full-scan{nl}" if rnd.randrange(2) else " /* keyplan:ignore KP001 */ ")
    size += sum(len(x) for x in parts[before:])
    i += 1
parts.append("\n-- keyplan:ignore-file filtered-scan\n")
big = "".join(parts).encode()
with tempfile.TemporaryDirectory() as d:
    path = os.path.join(d, "big.sql")
    with open(path, "wb") as f:
        f.write(big)
    schema = os.path.join(SRC, S)
    rc1, out1, err1 = run("lint", "--no-config", "--schema", schema, path, "--format", "json",
                          "--report-unused-ignores")
    rc2, out2, err2 = run("lint", "--no-config", "--schema", schema, "-", "--format", "json",
                          "--report-unused-ignores", stdin=big)
    d1 = json.loads(out1)["diagnostics"]
    d2 = json.loads(out2)["diagnostics"]
    for x in d1:
        x["file"] = "F"
        for n in x["notes"]:
            n["file"] = "F" if n["file"] == path else n["file"]
    for x in d2:
        x["file"] = "F"
        for n in x["notes"]:
            n["file"] = "F" if n["file"] == "<stdin>" else n["file"]
    rules = {}
    for x in d1:
        rules[x["rule"]] = rules.get(x["rule"], 0) + 1
    check("streamed file and whole stdin agree", rc1 == rc2 and d1 == d2 and len(d1) > 10000 and
          rules.get("KP002", 0) == 0 and rules.get("KP001", 0) > 1000 and rules.get("KP022", 0) > 1000,
          f"{rc1} {rc2} {len(d1)} {len(d2)} {rules}\n" +
          next((f"first difference at {k}:\n{d1[k]}\n{d2[k]}" for k in range(min(len(d1), len(d2)))
                if d1[k] != d2[k]), ""))

kptest.finish()
