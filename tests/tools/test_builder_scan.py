#!/usr/bin/env python3
"""The uses of a builder's local after its string (is it a prefix, NAME +
rest?) are looked up in an index of the file's names, not read token by
token after each literal (host/builder.c): a method of N locals each given
a SELECT reads N uses, not N times the method. KP_HOST_STATS=stats makes
keyplan say how many uses it read and how many tokens it indexed; the test
asserts both, and the findings, on methods of 300 and 3,000 locals; and
on a Python script of as many at its top level, whose locals are also
looked for formatted with % later (sql % args), read once each too.

Usage: test_builder_scan.py KEYPLAN SOURCE_DIR"""
import json
import os
import re

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()


def java(n):
    """A class whose one method gives n locals a SELECT each and runs it."""
    lines = ["class Big {", "    void run(java.sql.Connection c) throws Exception {"]
    for v in range(n):
        lines.append(f'        String s{v} = "SELECT name FROM users WHERE id = {v}";')
        lines.append(f"        c.prepareStatement(s{v}).executeQuery();")
    lines += ["    }", "}", ""]
    return "\n".join(lines)


def schema(tmp):
    """A schema without the table the statements read: KP008 at each (with
    no schema at all, lint drops them and says "no schema" once)."""
    path = os.path.join(tmp, "schema.sql")
    kptest.write(path, "CREATE TABLE unrelated (k INT PRIMARY KEY);\n")
    return path


def main():
    rest = []   # tokens indexed past 16 a local: the same for each n
    with kptest.tempdir() as tmp:
        for n in (300, 3000):
            path = os.path.join(tmp, f"Big{n}.java")
            kptest.write(path, java(n))
            rc, out, err = kptest.run("lint", "--no-config", "--schema", schema(tmp), "--format", "json",
                                      "--exit-zero", path, env={"KP_HOST_STATS": "stats"}, plain=True, timeout=60)
            check(f"{n} locals: exit code 0", rc == 0, f"{rc}\n{err}")
            m = re.search(r"keyplan: builder scan: (\d+) tokens indexed, (\d+) uses of builders' names read\n",
                          err)
            if not check(f"{n} locals: the stats are said", m, err):
                continue
            indexed, read = int(m.group(1)), int(m.group(2))
            # each local is read once after its string: c.prepareStatement(sV)
            check(f"{n} locals: {n} uses read", read == n, f"{read} uses read")
            # String sV = "..." ; c . prepareStatement ( sV ) . executeQuery ( ) ;
            # (16 tokens a local) and the class's and the method's, once
            rest.append(indexed - 16 * n)
            check(f"{n} locals: the file's tokens indexed once", 0 < rest[-1] < 30 and rest[-1] == rest[0],
                  f"{indexed} tokens")
            found = json.loads(out)["diagnostics"]
            lines = sorted(f["line"] for f in found if f["rule"] == "KP008")
            check(f"{n} locals: each SELECT is linted (KP008 at each)",
                  lines == [3 + 2 * v for v in range(n)], lines[:10])
            check(f"{n} locals: nothing else is found", len(found) == n, len(found))
    with kptest.tempdir() as tmp:
        for n in (300, 3000):
            path = os.path.join(tmp, f"big{n}.py")
            kptest.write(path, "".join(f'q{v} = "SELECT name FROM users WHERE id = {v}"\ncur.execute(q{v})\n'
                                       for v in range(n)))
            rc, out, err = kptest.run("lint", "--no-config", "--schema", schema(tmp), "--format", "json",
                                      "--exit-zero", path, env={"KP_HOST_STATS": "stats"}, plain=True, timeout=60)
            check(f"python {n} locals: exit code 0", rc == 0, f"{rc}\n{err}")
            m = re.search(r"builder scan: \d+ tokens indexed, (\d+) uses of builders' names read\n", err)
            if not check(f"python {n} locals: the stats are said", m, err):
                continue
            # cur.execute(qV), once as a prefix (qV + ...?), once formatted (qV % ...?)
            check(f"python {n} locals: {2 * n} uses read", int(m.group(1)) == 2 * n, m.group(0))
            found = json.loads(out)["diagnostics"]
            lines = sorted(f["line"] for f in found if f["rule"] == "KP008")
            check(f"python {n} locals: KP008 at each SELECT and nothing else",
                  lines == [1 + 2 * v for v in range(n)] and len(found) == n, lines[:10])
    kptest.finish()


main()
