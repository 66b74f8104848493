#!/usr/bin/env python3
"""Suppression directives in review (issue 25): blocks (keyplan:disable ...
keyplan:enable) in SQL and in application code, unused directives
reported in place (sorted with the file's findings), and the directives
after a file's last statement.

Usage: test_suppress.py KEYPLAN SOURCE_DIR"""
import functools
import json
import os

import kptest
from kptest import check, write

KEYPLAN, SRC, DATA = kptest.args()
run = functools.partial(kptest.run, plain=True, timeout=60)

SCHEMA = ("CREATE TABLE orders (userid VARCHAR NOT NULL, orderid VARCHAR NOT NULL, status VARCHAR, "
          "amount INT, PRIMARY KEY (userid, orderid));\n")


def found(out):
    """(file, line, column, rule) of each JSON diagnostic, in order."""
    return [(d["file"], d["line"], d["column"], d["rule"]) for d in json.loads(out)["diagnostics"]]


def messages(out):
    return [(d["line"], d["message"]) for d in json.loads(out)["diagnostics"] if d["rule"] == "KP022"]


with kptest.tempdir() as d:
    write(os.path.join(d, "s.sql"), SCHEMA)
    lint = ("lint", "--no-config", "--schema", "s.sql", "--format", "json")

    # -------------------------------------------- the simulation's rate
    # a malformed -- rate: (docs/annotations.md) is said by lint and check
    # at its place, as simulate says it; a good one is silent
    write(os.path.join(d, "r.sql"),
          "-- rate: -5/s\n"
          "SELECT * FROM orders WHERE userid = 'u' AND orderid = 'o';\n"
          "-- rate: 20/min\n"
          "SELECT * FROM orders WHERE userid = 'v' AND orderid = 'o';\n")
    rc, out, err = run(*lint, "r.sql", cwd=d)
    check("lint: a malformed rate is KP022 at its place, a good one is silent",
          rc == 0 and messages(out) == [(1, "malformed annotation 'rate: -5/s': expected -- rate: N/s (or N/min, N/h) "
                                            "with 0 <= N/s <= 1e9 (docs/annotations.md); ignored")], out + err)
    rc, out, err = run("check", "--no-config", "--schema", "s.sql", "--workload", "r.sql", "--format", "json", cwd=d)
    check("check: the same KP022 for the workload's malformed rate",
          rc == 0 and messages(out) == [(1, "malformed annotation 'rate: -5/s': expected -- rate: N/s (or N/min, N/h) "
                                            "with 0 <= N/s <= 1e9 (docs/annotations.md); ignored")], out + err)

    # ------------------------------------------------------------ blocks
    write(os.path.join(d, "b.sql"),
          "SELECT * FROM orders WHERE status = 'a';\n"                        # 1 KP001
          "-- keyplan:disable KP001, filtered-scan -- the nightly export\n"   # 2
          "SELECT * FROM orders WHERE status = 'b';\n"                        # 3 silenced
          "SELECT * FROM orders WHERE userid = 'u' AND amount = 1;\n"         # 4 KP002 silenced
          "-- keyplan:enable KP001\n"                                         # 5 KP001 ends, KP002 goes on
          "SELECT * FROM orders WHERE status = 'c';\n"                        # 6 KP001
          "SELECT * FROM orders WHERE userid = 'u' AND amount = 2;\n")        # 7 KP002 silenced (to the end)
    rc, out, err = run(*lint, "b.sql", cwd=d)
    check("disable ... enable silences its rules between them; a rule not enabled runs to the end",
          rc == 1 and found(out) == [("b.sql", 1, 28, "KP001"), ("b.sql", 6, 28, "KP001")], out + err)
    rc, out2, err = run(*lint, "-", stdin=open(os.path.join(d, "b.sql"), "rb").read(), cwd=d)
    check("blocks on standard input as in a file",
          [f[1:] for f in found(out2)] == [f[1:] for f in found(out)], out2 + err)
    write(os.path.join(d, "n.sql"),
          "-- keyplan:disable KP001\n"                          # 1
          "SELECT * FROM orders WHERE status = 'a';\n"          # 2 silenced
          "-- KEYPLAN:DISABLE full-scan, KP002\n"               # 3 KP001 again: KP022, KP002 opens
          "SELECT * FROM orders WHERE userid = 'u' AND amount = 1;\n"   # 4 KP002 silenced
          "-- keyplan:enable KP003\n"                           # 5 not open: KP022
          "SELECT 1; /* keyplan:enable KP001 */\n"              # 6 not a line comment: KP022
          "-- keyplan:enable\n"                                 # 7 no rule: KP022
          "-- keyplan:enable KP001, KP002\n"                    # 8
          "SELECT * FROM orders WHERE status = 'b';\n")         # 9 KP001
    rc, out, err = run(*lint, "n.sql", cwd=d)
    check("blocks do not nest, enable must close an open block, and must be a line comment (in line order)",
          messages(out) == [
        (3, "KP001 is already disabled (line 1): keyplan:disable blocks do not nest, so this one silences nothing "
            "of it: 'KEYPLAN:DISABLE full-scan, KP002'"),
        (5, "no keyplan:disable of KP003 is open, so this keyplan:enable ends nothing: 'keyplan:enable KP003'"),
        (6, "keyplan:enable must be a '--' comment at the start of a line: 'keyplan:enable KP001'"),
        (7, "keyplan:enable names no rule, so it ends nothing: 'keyplan:enable'")] and
        [f for f in found(out) if f[3] != "KP022"] == [("n.sql", 9, 28, "KP001")], out + err)
    write(os.path.join(d, "typo.sql"), "-- keyplan:disable KP001 nightly\nSELECT * FROM orders WHERE status = 'a';\n")
    rc, out, err = run(*lint, "typo.sql", cwd=d)
    check("a disable with a reason but no separator silences nothing", messages(out) == [
        (1, "'nightly' is not a rule, so this keyplan:disable silences nothing: write the reason after ' -- ' "
            "(keyplan:disable KP001 -- reason)")] and ("typo.sql", 2, 28, "KP001") in found(out), out + err)
    # a block ends with its file: the next file starts with none open
    write(os.path.join(d, "open.sql"), "-- keyplan:disable KP001\nSELECT * FROM orders WHERE status = 'a';\n")
    write(os.path.join(d, "next.sql"), "SELECT * FROM orders WHERE status = 'a';\n")
    rc, out, err = run(*lint, "open.sql", "next.sql", cwd=d)
    check("an unterminated block runs to its file's end, not into the next file",
          found(out) == [("next.sql", 1, 28, "KP001")], out + err)
    # in application code: the host's comments, XML's ':' reason
    write(os.path.join(d, "A.java"),
          'class A {\n'
          '  // keyplan:disable KP001 -- the admin screen\n'
          '  String a = "SELECT * FROM orders WHERE status = ?";\n'
          '  String b = "SELECT * FROM orders WHERE amount = ?";\n'
          '  // keyplan:enable KP001\n'
          '  String c = "SELECT * FROM orders WHERE status = ?";\n'
          '}\n')
    rc, out, err = run(*lint, "A.java", cwd=d)
    check("blocks in Java comments", found(out) == [("A.java", 6, 42, "KP001")], out + err)
    write(os.path.join(d, "M.xml"),
          '<?xml version="1.0"?>\n<mapper namespace="m">\n'
          '  <!-- keyplan:disable KP001: reports -->\n'
          '  <select id="a">SELECT * FROM orders WHERE status = #{s}</select>\n'
          '  <!-- keyplan:enable KP001 -->\n'
          '  <select id="b">SELECT * FROM orders WHERE status = #{s}</select>\n'
          '</mapper>\n')
    rc, out, err = run(*lint, "M.xml", cwd=d)
    check("blocks in MyBatis XML, the reason after ':'", found(out) == [("M.xml", 6, 45, "KP001")], out + err)

    # ------------------------------------------ unused directives in place
    write(os.path.join(d, "u.sql"),
          "SELECT * FROM orders WHERE status = 'a';\n"             # 1 KP001
          "-- keyplan:ignore KP003 -- not reverse\n"              # 2 unused
          "SELECT * FROM orders WHERE status = 'b';\n"             # 3 KP001
          "-- keyplan:ignore-file KP010\n"                         # 4 unused
          "-- keyplan:disable KP002\n"                             # 5 unused
          "SELECT * FROM orders WHERE userid = 'u'; -- keyplan:ignore KP001\n"   # 6 unused (trailing)
          "-- keyplan:enable KP002\n"
          "SELECT * FROM orders WHERE status = 'c';\n")            # 8 KP001
    write(os.path.join(d, "v.sql"), "SELECT * FROM orders WHERE amount = 9; /* keyplan:ignore KP001 */\n"
          "-- keyplan:ignore KP002\n")                             # 2: after the last statement, unused
    rc, out, err = run(*lint, "--report-unused-ignores", "u.sql", "v.sql", cwd=d)
    check("unused directives are in input order, sorted with the findings by file, line, column", found(out) == [
        ("u.sql", 1, 28, "KP001"), ("u.sql", 2, 4, "KP022"), ("u.sql", 3, 28, "KP001"), ("u.sql", 4, 4, "KP022"),
        ("u.sql", 5, 4, "KP022"), ("u.sql", 6, 45, "KP022"), ("u.sql", 8, 28, "KP001"),
        ("v.sql", 2, 4, "KP022")] and messages(out)[:4] == [
        (2, "this keyplan:ignore silences nothing"), (4, "this keyplan:ignore-file silences nothing"),
        (5, "this keyplan:disable silences nothing"), (6, "this keyplan:ignore silences nothing")], out + err)
    rc, text, err = run("lint", "--no-config", "--schema", "s.sql", "--report-unused-ignores", "u.sql", "v.sql", cwd=d)
    locs = [l.split(": ")[0] for l in text.splitlines() if l.startswith(("u.sql:", "v.sql:")) and "note:" not in l]
    check("text: the same order", locs == ["u.sql:1:28", "u.sql:2:4", "u.sql:3:28", "u.sql:4:4", "u.sql:5:4",
                                           "u.sql:6:45", "u.sql:8:28", "v.sql:2:4"], text)
    rc, sarif, err = run("lint", "--no-config", "--schema", "s.sql", "--report-unused-ignores", "--format", "sarif",
                         "u.sql", "v.sql", cwd=d)
    res = json.loads(sarif)["runs"][0]["results"]
    check("SARIF: the same order", [(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].split("/")[-1],
                                     r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in res] ==
          [("u.sql", 1), ("u.sql", 2), ("u.sql", 3), ("u.sql", 4), ("u.sql", 5), ("u.sql", 6), ("u.sql", 8),
           ("v.sql", 2)], sarif)
    rc, out, err = run(*lint, "--report-unused-ignores", "A.java", "M.xml", cwd=d)
    check("used blocks in application code are not reported", [f[3] for f in found(out)] == ["KP001", "KP001"],
          out + err)
    rc, out, err = run(*lint, "--report-unused-ignores", "-", stdin=b"SELECT 1;\n-- keyplan:ignore-file KP001\n",
                       cwd=d)
    check("standard input: an unused ignore-file is reported at its line",
          found(out) == [("<stdin>", 2, 4, "KP022")], out + err)

    # the comments after a file's last statement are read
    for name, src in (("file", None), ("stdin", b"SELECT 1;\n/* keyplan:ignor KP001 */\n")):
        write(os.path.join(d, "t.sql"), "SELECT 1;\n/* keyplan:ignor KP001 */\n")
        rc, out, err = run(*lint, "t.sql" if src is None else "-", stdin=src, cwd=d)
        check(f"a directive after the last statement is read ({name})", messages(out) == [
            (2, "unknown directive 'keyplan:ignor': expected keyplan:ignore, keyplan:ignore-file, keyplan:disable, "
                "keyplan:enable or keyplan:tenant")], out + err)

    # the file pass reads a named file in windows and standard input whole,
    # each skipping to the last "keyplan:" first: both must find the same
    # directives in any mix of strings, quoted names and comments
    import random
    rnd = random.Random(20261126)
    parts = ["SELECT * FROM orders WHERE status = 'a';", "'", '"', "`", "/*", "*/", "--", "\n", " ", "-", "/",
             "*", "-- keyplan:ignore-file KP001\n", "  -- keyplan:disable KP001\n", "-- keyplan:enable KP001\n",
             "x", "keyplan:", "\r\n", "-- keyplan:ignore-file KP0\n"]
    differ = []
    for _ in range(80):
        text = "".join(rnd.choice(parts) for _ in range(rnd.randint(1, 30))) + \
            "\nSELECT * FROM orders WHERE status = 'z';\n"
        write(os.path.join(d, "fz.sql"), text)
        a = run(*lint, "fz.sql", cwd=d)[1]
        b = run(*lint, "-", stdin=text.encode(), cwd=d)[1]
        if [f[1:] for f in found(a)] != [f[1:] for f in found(b)]:
            differ.append(text)
    check("the file pass finds the same directives in a file and on standard input", differ == [], repr(differ[:2]))

kptest.finish()
