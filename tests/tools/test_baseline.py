#!/usr/bin/env python3
"""Baselines know a statement by kp_stmt_fingerprint (version 2, issue 21):
a version 1 file (the statement's text shape) is still read and matched,
and written back as version 2, its entries for files the run did not read
kept as "fingerprint_version": 1; a name written quoted or not is one
statement, as the catalog compares it.

Usage: test_baseline.py KEYPLAN SOURCE_DIR"""
import functools
import json
import os

import kptest
from kptest import check, write

KEYPLAN, SRC, DATA = kptest.args()
run = functools.partial(kptest.run, plain=True, timeout=60)

SCHEMA = ("CREATE TABLE orders (userid VARCHAR NOT NULL, orderid BIGINT NOT NULL, amount INTEGER\n"
          "  CONSTRAINT pk PRIMARY KEY (userid, orderid));\n")
BAD = "SELECT * FROM orders WHERE orderid = 1;\n"
FNV = 1469598103934665603


def fnv(h, data):
    for b in data.encode():
        h = ((h ^ b) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return h


def v1_fingerprint(rule, text, table, seen=0):
    """A version 1 entry's fingerprint: the rule, the hash of the
    statement's normalised text, the finding's place among the statement's
    findings of the rule, the table."""
    h = fnv(FNV, rule)
    h = fnv(h, "|%016x|%u|" % (fnv(FNV, text), seen))
    return fnv(h, table)


def entries(path):
    return [json.loads(x.rstrip(",")) for x in open(path).read().splitlines()[1:-1]]


lint = ("lint", "--no-config", "--target", "phoenix", "--schema", "s.sql")
with kptest.tempdir() as tmp:
    write(os.path.join(tmp, "s.sql"), SCHEMA)
    write(os.path.join(tmp, "q.sql"), BAD)
    write(os.path.join(tmp, "other.sql"), "SELECT * FROM orders WHERE amount = 1;\n")
    # a version 1 baseline, as keyplan wrote it before
    fp = v1_fingerprint("KP001", "select * from orders where orderid = ?", "ORDERS")
    other = v1_fingerprint("KP001", "select * from orders where amount = ?", "ORDERS")
    v1 = ('{"keyplan_baseline": 1, "findings": [\n'
          '{"fingerprint": "%016x", "count": 1, "rule": "KP001", "table": "ORDERS", "file": "q.sql", "line": 1, '
          '"statement": "select * from orders where orderid = ?"},\n'
          '{"fingerprint": "%016x", "count": 1, "rule": "KP001", "table": "ORDERS", "file": "other.sql", "line": 1, '
          '"statement": "select * from orders where amount = ?"}\n]}\n' % (fp, other))
    write(os.path.join(tmp, "v1.json"), v1)
    rc, out, err = run(*lint, "q.sql", "--baseline", "v1.json", "--format", "json", cwd=tmp)
    check("a version 1 baseline is read: its finding is known", rc == 0 and json.loads(out)["diagnostics"] == [],
          out + err)
    # written back as version 2: q.sql's entry recorded anew, other.sql's kept as it was
    write(os.path.join(tmp, "b.json"), v1)
    rc, out, err = run(*lint, "q.sql", "--write-baseline", "b.json", cwd=tmp)
    text = open(os.path.join(tmp, "b.json")).read()
    got = entries(os.path.join(tmp, "b.json"))
    check("written back as version 2", rc == 0 and text.startswith('{"keyplan_baseline": 2,'), text + err)
    check("... the statement read recorded by its fingerprint, the other file's entry kept as version 1",
          [(e["file"], e.get("fingerprint_version"), e["fingerprint"]) for e in got] ==
          [("q.sql", None, got[0]["fingerprint"]), ("other.sql", 1, "%016x" % other)] and
          got[0]["fingerprint"] != "%016x" % fp, text)
    rc, out, err = run(*lint, "q.sql", "--baseline", "b.json", "--format", "json", cwd=tmp)
    check("the version 2 file knows the finding", rc == 0 and json.loads(out)["diagnostics"] == [] and err == "",
          out + err)
    rc, out, err = run(*lint, "q.sql", "other.sql", "--baseline", "b.json", "--format", "json", cwd=tmp)
    check("... and the kept version 1 entry still matches its finding",
          rc == 0 and json.loads(out)["diagnostics"] == [], out + err)
    # one name, quoted or not: the same statement (the text shape told them apart)
    write(os.path.join(tmp, "q.sql"), 'SELECT * FROM orders WHERE "ORDERID" = 5;\n')
    rc, out, err = run(*lint, "q.sql", "--baseline", "b.json", "--format", "json", cwd=tmp)
    check('orderid and "ORDERID" are one statement to a baseline', rc == 0 and json.loads(out)["diagnostics"] == [],
          out + err)
    # a different statement is still new
    write(os.path.join(tmp, "q.sql"), "SELECT * FROM orders WHERE amount > 5;\n")
    rc, out, err = run(*lint, "q.sql", "--baseline", "b.json", "--format", "json", cwd=tmp)
    check("another statement's finding is new", rc == 0 and
          [d["rule"] for d in json.loads(out)["diagnostics"]] == ["KP001"], out + err)
    # application code: the SQL built from a Java string is fingerprinted as
    # a statement too, so parentheses or layout changed in the string keep
    # the finding known (its text shape told them apart)
    java = ('class App {\n  void f(java.sql.Statement st) throws Exception {\n'
            '    st.executeQuery("SELECT * FROM orders WHERE orderid = 1");\n  }\n}\n')
    write(os.path.join(tmp, "App.java"), java)
    rc, out, err = run(*lint, "App.java", "--format", "json", cwd=tmp)
    check("the Java string's statement draws KP001",
          [d["rule"] for d in json.loads(out)["diagnostics"]] == ["KP001"], out + err)
    rc, out, err = run(*lint, "App.java", "--write-baseline", "app.json", cwd=tmp)
    got = entries(os.path.join(tmp, "app.json"))
    text_fp = "%016x" % fnv(fnv(FNV, "KP001"), "|%016x|0|" % fnv(FNV, "select * from orders where orderid = ?"))
    check("... recorded by its statement's fingerprint, not its text shape",
          len(got) == 1 and got[0]["file"] == "App.java" and got[0]["fingerprint"] != text_fp and
          "fingerprint_version" not in got[0], json.dumps(got))
    write(os.path.join(tmp, "App.java"), java.replace("WHERE orderid = 1", "WHERE (orderid = 2)"))
    rc, out, err = run(*lint, "App.java", "--baseline", "app.json", "--format", "json", cwd=tmp)
    check("... the same statement in parentheses is known", rc == 0 and json.loads(out)["diagnostics"] == [],
          out + err)
    # a version 2 file written before: the Java statement's entry by its text shape, unmarked
    old = ('{"keyplan_baseline": 2, "findings": [\n'
           '{"fingerprint": "%s", "count": 1, "rule": "KP001", "table": null, "file": "App.java", "line": 3, '
           '"statement": "select * from orders where orderid = ?"}\n]}\n' % text_fp)
    write(os.path.join(tmp, "old2.json"), old)
    write(os.path.join(tmp, "App.java"), java)
    rc, out, err = run(*lint, "App.java", "--baseline", "old2.json", "--format", "json", cwd=tmp)
    check("... and an older version 2 entry of it, by its text shape, still matches",
          rc == 0 and json.loads(out)["diagnostics"] == [], out + err)
    # an unknown version is refused, located
    write(os.path.join(tmp, "v9.json"), '{"keyplan_baseline": 9, "findings": [\n]}\n')
    rc, out, err = run(*lint, "q.sql", "--baseline", "v9.json", cwd=tmp)
    check("an unknown baseline version: exit 2", rc == 2 and "v9.json:1: not a keyplan baseline" in err, err)

kptest.finish()
