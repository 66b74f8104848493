#!/usr/bin/env python3
"""A statement read from the shape cache is resolved once per shape
(planner/reuse.c): the resolution made for the first statement of a shape
is used again, and everything that reads a literal is planned again. The
output must be the bytes the full path writes. KP_SHAPE_CACHE=verify
resolves every such statement again as well and aborts where the kept
resolution differs; this test runs keyplan that way and with the cache off
(KP_SHAPE_CACHE=0) on the examples, the corpus against its own schemas (six
copies, other literals in each), tests/regress and a generated workload of
random literals on every target, and asserts the same exit code, standard
output and standard error; then cases where a literal or the schema changes
the resolution between two statements of one shape, each with the output it
must give. KP_SHAPE_CACHE=stats asserts that kept resolutions were used.

The access path chosen is kept too for a shape that reads no literal (its
values are parameters): verify then also plans each reused statement again
from nothing and aborts where the plan's JSON, findings or text differ; the
parameter shapes below are planned that way on every target, and a literal
that changes the path between two statements of one shape (a value its
key column cannot hold) is asserted on.

A statement with literals takes each candidate key's ranges, filter and
class from a template made from an earlier statement of its shape, with
its own values filled in, when its literals have the same classes and
order (planner/template.c); the shapes below change the plan between two
statements of one shape by their literals alone (ends that cross, IN values
that repeat or come in another order, a value the key column cannot hold,
a bound past the type, an OR's values on a DESC column, LIKE patterns of
every kind, an IN list past the range limit) and the plan of each is
asserted.

Usage: test_shape_reuse.py KEYPLAN SOURCE_DIR"""
import glob
import os
import random
import re

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()
CORPUS = os.path.join(SRC, "tests", "corpus")
EXAMPLES = os.path.join(SRC, "examples")
REGRESS = os.path.join(SRC, "tests", "regress")

TOKEN = re.compile(r"""--[^\n]*|/\*.*?\*/|'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]"""
                   r"""|[A-Za-z_][A-Za-z_0-9$]*|0[xX][0-9A-Fa-f]+|[0-9]+(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|.""",
                   re.S)


def rotate(text, k):
    """text with its numbers' digits and its strings' letters moved on by k
    (as test_shape_cache.py's)."""
    out = []
    for m in TOKEN.finditer(text):
        t = m.group(0)
        if t[0].isdigit() and not t.startswith(("0x", "0X")):
            t = "".join(chr((ord(c) - 48 + k) % 10 + 48) if c.isdigit() else c for c in t)
        elif t[0] == "'":
            t = "'" + "".join(chr((ord(c) - 97 + k) % 26 + 97) if "a" <= c <= "z" else c for c in t[1:-1]) + "'"
        out.append(t)
    return "".join(out)


def first_difference(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}:\n  reused:   {x[:400]}\n  resolved: {y[:400]}"
    return f"{len(la)} lines reused, {len(lb)} resolved\n{a[-600:]}"


USED = 0


def same(name, argv):
    """argv with kept resolutions checked (verify) and with no cache: the
    same results. Returns the output."""
    global USED
    on = kptest.run(*argv, env={"KP_SHAPE_CACHE": "verify"}, plain=True, timeout=120)
    off = kptest.run(*argv, env={"KP_SHAPE_CACHE": "0"}, plain=True, timeout=120)
    check(f"{name}: exit code", on[0] == off[0], f"verified {on[0]}, without the cache {off[0]}\n{on[2][-800:]}")
    check(f"{name}: standard output", on[1] == off[1], first_difference(on[1], off[1]))
    check(f"{name}: standard error", on[2] == off[2], first_difference(on[2], off[2]))
    st = kptest.run(*argv, env={"KP_SHAPE_CACHE": "stats"}, plain=True, timeout=120)
    check(f"{name}: stats change nothing else", st[1] == off[1], first_difference(st[1], off[1]))
    USED += sum(int(n) for n in re.findall(r"resolutions kept, (\d+) used again", st[2]))
    return off[1]


def used(argv):
    st = kptest.run(*argv, env={"KP_SHAPE_CACHE": "stats"}, plain=True, timeout=120)
    m = re.search(r"(\d+) resolutions kept, (\d+) used again", st[2])
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


def templated(argv):
    st = kptest.run(*argv, env={"KP_SHAPE_CACHE": "stats"}, plain=True, timeout=120)
    m = re.search(r"(\d+) candidate paths from a template", st[2])
    return int(m.group(1)) if m else -1


def paths_kept(argv):
    st = kptest.run(*argv, env={"KP_SHAPE_CACHE": "stats"}, plain=True, timeout=120)
    m = re.search(r"used again, (\d+) with the path chosen", st[2])
    return int(m.group(1)) if m else -1


def findings_copied(argv):
    st = kptest.run(*argv, env={"KP_SHAPE_CACHE": "stats"}, plain=True, timeout=120)
    m = re.search(r"(\d+) full-scan findings copied", st[2])
    return int(m.group(1)) if m else -1


def corpus(tmp):
    for path in sorted(glob.glob(os.path.join(CORPUS, "*-queries.sql"))):
        base = os.path.basename(path)
        target = base.split("-")[0]
        ddl = os.path.join(CORPUS, f"{target}-ddl.sql")
        text = open(path, encoding="utf-8").read()
        six = os.path.join(tmp, base)
        with open(six, "w", encoding="utf-8") as f:
            f.write("\n;\n".join(rotate(text, k) for k in range(6)) + "\n")
        for cmd in (["explain", "--format", "json"], ["lint", "--format", "json"], ["explain"]):
            same(f"corpus {base} x6: {' '.join(cmd)}", [*cmd, "--no-config", "--target", target, "--schema", ddl, six])


def examples():
    schema = os.path.join(EXAMPLES, "schema.sql")
    queries = os.path.join(EXAMPLES, "queries.sql")
    for fmt in ("text", "json"):
        same(f"examples: explain --format {fmt}", ["explain", "--no-config", "--format", fmt, "--schema", schema,
                                                   queries])
        same(f"examples: lint --format {fmt}", ["lint", "--no-config", "--format", fmt, "--schema", schema, queries])
    same("examples: check", ["check", "--no-config", "--format", "json", "--schema", schema, "--workload", queries])


def regress(tmp):
    schema = os.path.join(tmp, "none.sql")
    kptest.write(schema, "CREATE TABLE kp_none (k INT PRIMARY KEY);\n")
    for path in sorted(glob.glob(os.path.join(REGRESS, "*.sql"))):
        text = open(path, encoding="utf-8", errors="surrogateescape").read()
        many = os.path.join(tmp, "regress-" + os.path.basename(path))
        with open(many, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write("\n;\n".join(rotate(text, k) for k in range(4)) + "\n")
        for target in ("generic", "lindorm"):
            same(f"regress {os.path.basename(path)} ({target})",
                 ["lint", "--no-config", "--target", target, "--format", "json", "--schema", schema, many])


SCHEMA = """CREATE TABLE t1 (k0 VARCHAR(32) NOT NULL, k1 BIGINT NOT NULL, v0 BIGINT, v1 VARCHAR(32), v2 DOUBLE,
  ts TIMESTAMP, PRIMARY KEY (k0, k1));
CREATE TABLE t2 (k0 BIGINT NOT NULL, v0 BIGINT, v1 VARCHAR(32), v2 DOUBLE, PRIMARY KEY (k0 DESC));
CREATE INDEX i1 ON t1 (v0);
CREATE INDEX i2 ON t1 (v1, v0);
CREATE VIEW w1 AS SELECT * FROM t1 WHERE v0 > 10;
"""


def literal(rng, kind):
    if kind == "s":
        return "'" + rng.choice(["", "a", "u", "x%", "%x", "ab_", "u1%", "zz", "a'b"]).replace("'", "''") + \
            rng.choice(["", str(rng.randrange(100))]) + "'"
    if kind == "f":
        return rng.choice(["1.5", "0.0", "-2.25", "1e308", "3"])
    return str(rng.choice([0, 1, 2, 3, 7, 10, 11, 99, 2 ** 63 - 1, 2 ** 64, rng.randrange(1000)]))


SHAPES = [
    "SELECT * FROM t1 WHERE k0 = {s} AND k1 = {i}",
    "SELECT * FROM t1 WHERE k0 = {s} AND k1 > {i} AND k1 < {i}",
    "SELECT * FROM t1 WHERE k0 IN ({s}, {s}, {s}) AND k1 >= {i}",
    "SELECT * FROM t1 WHERE k0 LIKE {s}",
    "SELECT k0, v0 FROM t1 WHERE v0 = {i} ORDER BY {i}",
    "SELECT v1, k0 FROM t1 WHERE v1 = {s} AND v0 > {i} ORDER BY {i} DESC LIMIT {i}",
    "SELECT * FROM t1 WHERE (k0 = {s} OR k0 = {s}) AND v2 < {f}",
    "SELECT * FROM t1 WHERE k0 = {s} AND k0 = {s}",
    "SELECT * FROM t1 WHERE k0 BETWEEN {s} AND {s} AND k1 = {i}",
    "SELECT * FROM t2 WHERE k0 > {i} ORDER BY k0 LIMIT {i}",
    "SELECT * FROM t2 WHERE k0 = {i} OR k0 = {i} OR k0 = {i}",
    "SELECT v0 FROM t2 WHERE k0 <> {i}",
    "SELECT * FROM w1 WHERE k0 = {s}",
    "SELECT * FROM w1 WHERE v0 = {i} AND k0 = {s}",
    "UPDATE t1 SET v0 = {i} WHERE k0 = {s} AND k1 = {i}",
    "DELETE FROM t2 WHERE k0 >= {i} AND k0 <= {i}",
    "SELECT * FROM t1 WHERE k0 = {s} AND ts > {s}",
    "SELECT COUNT(*) FROM t1 WHERE k0 = {s} GROUP BY v0 HAVING COUNT(*) > {i}",
    # no literal where the path is chosen: the choice is kept
    "SELECT * FROM t1 WHERE v0 = ? AND v1 = ?",
    "SELECT k0, v0 FROM t1 WHERE v1 = :v ORDER BY v0",
    "SELECT * FROM t1 WHERE k0 = ? AND v0 > ? LIMIT {i}",
    "SELECT * FROM t1 WHERE v0 IS NULL AND v1 = ?",
    "SELECT * FROM t1 WHERE v0 = ? AND v0 = NULL",
    "SELECT v1 FROM t1 WHERE v1 > ? AND v1 < ? ORDER BY v1 DESC",
    "DELETE FROM t1 WHERE v1 = ? AND v0 IN (?, ?)",
    "UPDATE t1 SET v2 = {f} WHERE v0 = $1",
    "SELECT * FROM w1 WHERE v1 = ?",
    "SELECT * FROM t1 WHERE k0 = ? OR v0 = ?",
]


def workload(tmp):
    """Random literals in 18 shapes, each read many times, on every target."""
    rng = random.Random(20261126)
    schema = os.path.join(tmp, "schema.sql")
    kptest.write(schema, SCHEMA)
    q = os.path.join(tmp, "random.sql")
    lines = []
    for _ in range(1500):
        shape = rng.choice(SHAPES)
        text = re.sub(r"\{([sif])\}", lambda m: literal(rng, m.group(1)), shape)
        lines.append(text + ";")
    kptest.write(q, "\n".join(lines) + "\n")
    for target in ("generic", "lindorm", "phoenix", "tablestore"):
        for cmd in (["explain", "--format", "json"], ["lint", "--format", "json"]):
            same(f"random literals ({target}): {cmd[0]}",
                 [*cmd, "--no-config", "--target", target, "--schema", schema, q])
        kept, again = used(["explain", "--no-config", "--target", target, "--format", "json", "--schema", schema, q])
        check(f"random literals ({target}): resolutions kept and used again", kept >= 10 and again >= 1000,
              f"{kept} kept, {again} used again")
        paths = paths_kept(["explain", "--no-config", "--target", target, "--format", "json", "--schema", schema, q])
        # Tablestore lists every candidate: none is left out
        want = (lambda n: n == 0) if target == "tablestore" else (lambda n: n >= 300)
        check(f"random literals ({target}): statements planned on a kept path choice", want(paths), f"{paths}")


def changes(tmp):
    """A literal or the schema changes what the resolution makes between two
    statements of one shape: each is planned as the full path plans it."""
    s = os.path.join(tmp, "s.sql")
    kptest.write(s, "CREATE TABLE t (a VARCHAR, b INT, c INT, PRIMARY KEY (a));\n")
    q = os.path.join(tmp, "q.sql")
    body = []
    # ORDER BY 1 sorts by b, ORDER BY 2 by a: the key's order
    body += [f"SELECT b, a FROM t WHERE a > 'x{i}' ORDER BY 1;" for i in range(40)]
    body += ["SELECT b, a FROM t WHERE a > 'y' ORDER BY 2;"]
    # a dropped column: the table and its columns' array are the same, the
    # catalog is not
    body += [f"SELECT * FROM t WHERE a = 'x{i}' AND c = {i};" for i in range(40)]
    body += ["ALTER TABLE t DROP COLUMN c;", "SELECT * FROM t WHERE a = 'x' AND c = 3;"]
    # the table made again with its columns elsewhere
    body += [f"SELECT a FROM t WHERE b = {i};" for i in range(40)]
    body += ["DROP TABLE t;", "CREATE TABLE t (b INT, a VARCHAR, PRIMARY KEY (b));", "SELECT a FROM t WHERE b = 5;"]
    kptest.write(q, "\n".join(body) + "\n")
    out = same("a literal or the schema changes the resolution", ["explain", "--no-config", "--format", "json",
                                                                   "--schema", s, q])
    rows = [line for line in out.splitlines() if '"statement": "select"' in line]
    check("changes: a plan per query", len(rows) == 123, f"{len(rows)} plans")
    if len(rows) == 123:
        check("ORDER BY 1 (b) is sorted", '"order": "sort"' in rows[39], rows[39][:400])
        check("ORDER BY 2 (a) is the key's order", '"order": "key"' in rows[40], rows[40][:400])
        check("before the DROP COLUMN, c is a column", '"filter": "c = 39"' in rows[80], rows[80][:400])
        check("after it, c is unknown", "unknown column 'c' in table t" in rows[81], rows[81][:400])
        check("before the table is made again, b is filtered", '"access": "full_scan"' in rows[121], rows[121][:400])
        check("after, b is its key", '"access": "get"' in rows[122], rows[122][:400])
    # lint reads each query file against the schema alone: the same table
    # made with other columns in each, the same shapes in both
    f1, f2 = os.path.join(tmp, "f1.sql"), os.path.join(tmp, "f2.sql")
    kptest.write(f1, "CREATE TABLE u (p INT, q INT, PRIMARY KEY (p));\n" +
                 "".join(f"SELECT * FROM u WHERE p = {i} AND q = {i};\n" for i in range(40)))
    kptest.write(f2, "CREATE TABLE u (q INT, p INT, PRIMARY KEY (q));\n" +
                 "".join(f"SELECT * FROM u WHERE p = {i} AND q = {i};\n" for i in range(40)))
    out = same("lint: one table made in two files", ["lint", "--no-config", "--format", "json", "--schema", s, f1, f2])
    check("lint: the first file's key is p, the second's q",
          out.count("get: the server filters rows by q = ") == 40 and
          out.count("get: the server filters rows by p = ") == 40, out[:600])


def paths(tmp):
    """The path kept for a shape of parameters, and a literal that changes
    the path between two statements of one shape."""
    s = os.path.join(tmp, "ps.sql")
    kptest.write(s, "CREATE TABLE t (b BOOLEAN NOT NULL, v BIGINT, w VARCHAR(8), PRIMARY KEY (b));\n"
                    "CREATE INDEX iv ON t (v);\nCREATE INDEX iw ON t (w, v);\n")
    q = os.path.join(tmp, "pq.sql")
    body = ["SELECT * FROM t WHERE w = ? AND v > ?;"] * 100
    # b = 1 binds the key (a get); b = 2 is no BOOLEAN: the key is not
    # bound, and index iw, which w binds, is read
    body += [f"SELECT * FROM t WHERE b = {i % 2} AND w = 'x';" for i in range(40)]
    body += ["SELECT * FROM t WHERE b = 2 AND w = 'x';"]
    kptest.write(q, "\n".join(body) + "\n")
    argv = ["explain", "--no-config", "--format", "json", "--schema", s, q]
    out = same("the path kept, and a literal that changes it", argv)
    rows = out.splitlines()
    check("paths: a plan per query", len(rows) == 141, f"{len(rows)} plans")
    if len(rows) == 141:
        check("paths: w = ? AND v > ? reads index iw, each time",
              all('"path": {"type": "index", "name": "iw", "covering": true}, "access": "scan"' in r and
                  '"ranges": [{"eq": [{"param": "?"}], "range": {"column": "v", "lower": {"param": "?"}, '
                  '"lower_inclusive": false, "upper": null, "upper_inclusive": false, "nulls": false}}], '
                  '"filter": null' in r for r in rows[:100]), rows[0][:600])
        check("paths: b = 1 is a get on the key", '"path": {"type": "primary"}, "access": "get"' in rows[139] and
              '"ranges": [{"eq": [1], "range": null}], "filter": "w = \'x\'"' in rows[139], rows[139][:400])
        check("paths: b = 2 reads index iw, and says why",
              '"path": {"type": "index", "name": "iw", "covering": true}, "access": "filtered_scan"' in rows[140] and
              '"ranges": [{"eq": ["x"], "range": null}], "filter": "b = 2"' in rows[140] and
              "2 does not fit BOOLEAN column 'b', so it is not used for the key" in rows[140], rows[140][:600])
    # the cache is made at the parser's 32nd statement and learns a shape
    # on its second read: most of the 100 are planned on the kept path
    n = paths_kept(argv)
    check("paths: the parameters' path was kept", 60 <= n <= 100, f"{n}")


TSCHEMA = """CREATE TABLE t (a VARCHAR(16) NOT NULL, b BIGINT NOT NULL, v BIGINT, PRIMARY KEY (a, b DESC));
CREATE TABLE u (f BOOLEAN NOT NULL, k BIGINT NOT NULL, v BIGINT, PRIMARY KEY (f, k));
"""

# (what changes, the shape's statements before (i: 0..39), the statement
# whose literals change the plan, what its plan must hold, one more of the
# first kind after it, what that plan must hold)
TCASES = [
    ("a range's ends cross",
     lambda i: f"SELECT * FROM t WHERE a = 'x{i}' AND b > {i} AND b < {i + 10};",
     "SELECT * FROM t WHERE a = 'y' AND b > 9 AND b < 1;",
     ['"access": "get"', '"ranges": []', "the WHERE clause can never be true"],
     "SELECT * FROM t WHERE a = 'z' AND b > 1 AND b < 9;",
     ['"access": "scan"', '"ranges": [{"eq": ["z"], "range": {"column": "b", "lower": 1, "lower_inclusive": false, '
      '"upper": 9, "upper_inclusive": false}}]']),
    ("IN values repeat",
     lambda i: f"SELECT * FROM t WHERE a IN ('p{i}', 'q{i}', 'r{i}');",
     "SELECT * FROM t WHERE a IN ('r', 'p', 'p');",
     ['"ranges": [{"eq": ["p"], "range": null}, {"eq": ["r"], "range": null}]'],
     "SELECT * FROM t WHERE a IN ('r', 'q', 'p');",
     ['"ranges": [{"eq": ["p"], "range": null}, {"eq": ["q"], "range": null}, {"eq": ["r"], "range": null}]']),
    ("a value the key column cannot hold",
     lambda i: f"SELECT * FROM u WHERE f = {i % 2} AND k = {i};",
     "SELECT * FROM u WHERE f = 2 AND k = 5;",
     ['"access": "full_scan"', "2 does not fit BOOLEAN column 'f', so it is not used for the key",
      '"filter": "f = 2 AND k = 5"'],
     "SELECT * FROM u WHERE f = 1 AND k = 5;",
     ['"access": "get"', '"ranges": [{"eq": [1, 5], "range": null}], "filter": null', '"diagnostics": []']),
    ("a bound past the type",
     lambda i: f"SELECT * FROM t WHERE a = 'x' AND b > {i}.5;",
     "SELECT * FROM t WHERE a = 'x' AND b > 1e999;",
     ['"access": "get"', '"ranges": []', "the WHERE clause can never be true"],
     "SELECT * FROM t WHERE a = 'x' AND b > 2.5;",
     ['"access": "scan"', '"range": {"column": "b", "lower": 2.5, "lower_inclusive": false, "upper": null']),
    ("an OR's values on a DESC column",
     lambda i: f"SELECT * FROM t WHERE a = 'x' AND (b = {i} OR b = {i + 1});",
     "SELECT * FROM t WHERE a = 'x' AND (b = 7 OR b = 7);",
     ['"access": "get"', '"ranges": [{"eq": ["x", 7], "range": null}]'],
     "SELECT * FROM t WHERE a = 'x' AND (b = 8 OR b = 3);",
     ['"ranges": [{"eq": ["x", 8], "range": null}, {"eq": ["x", 3], "range": null}]']),
    ("LIKE patterns",
     lambda i: f"SELECT * FROM t WHERE a LIKE 'x{i}%' AND b = {i};",
     "SELECT * FROM t WHERE a LIKE '%x' AND b = 1;",
     ['"access": "full_scan"', '"filter": "a LIKE \'%x\' AND b = 1"'],
     "SELECT * FROM t WHERE a LIKE 'xy' AND b = 2;",
     ['"access": "get"', '"ranges": [{"eq": ["xy", 2], "range": null}], "filter": null']),
    ("a LIKE prefix and bounds on its column",
     lambda i: f"SELECT * FROM t WHERE a LIKE 'm%' AND a >= 'm{i}' AND a < 'm{i}z';",
     "SELECT * FROM t WHERE a LIKE 'm%' AND a >= 'a' AND a < 'z';",
     ['"range": {"column": "a", "lower": "m", "lower_inclusive": true, "upper": "n", "upper_inclusive": false}'],
     "SELECT * FROM t WHERE a LIKE 'm%' AND a >= 'mb' AND a < 'mc';",
     ['"range": {"column": "a", "lower": "mb", "lower_inclusive": true, "upper": "mc", "upper_inclusive": false}']),
    # a site's value read where the shape recorded its sites (template.c's
    # site map): a hexadecimal integer past 64 bits is no value, so no site
    # (its conjunct a filter), whether the map was recorded before it or
    # from a statement holding one (i % 3 == 0: no map for the shape)
    ("a hexadecimal integer past 64 bits",
     lambda i: f"SELECT * FROM t WHERE a = 'x{i}' AND b = " + (f"0x1{i:016x};" if i % 3 == 0 else f"0x{i + 16:x};"),
     "SELECT * FROM t WHERE a = 'y' AND b = 0x1ffffffffffffffff;",
     ['"access": "filtered_scan"', '"ranges": [{"eq": ["y"], "range": null}], "filter": "b = 0x1ffffffffffffffff"'],
     "SELECT * FROM t WHERE a = 'z' AND b = 0x7f;",
     ['"access": "get"', '"ranges": [{"eq": ["z", 127], "range": null}], "filter": null']),
    ("a hexadecimal integer past 64 bits, the map made first",
     lambda i: f"SELECT * FROM t WHERE a = 'x{i}' AND b = 0x{i + 16:x};",
     "SELECT * FROM t WHERE a = 'y' AND b = 0x10000000000000000;",
     ['"access": "filtered_scan"', '"ranges": [{"eq": ["y"], "range": null}], "filter": "b = 0x10000000000000000"'],
     "SELECT * FROM t WHERE a = 'z' AND b = 0x7f;",
     ['"access": "get"', '"ranges": [{"eq": ["z", 127], "range": null}], "filter": null']),
    ("an integer past 64 bits, a REAL",
     lambda i: f"SELECT * FROM t WHERE a = 'x{i}' AND b = {i};",
     "SELECT * FROM t WHERE a = 'y' AND b = 99999999999999999999;",
     ['"access": "get"', '"ranges": [{"eq": ["y", 1e+20], "range": null}], "filter": null'],
     "SELECT * FROM t WHERE a = 'z' AND b = 12;",
     ['"access": "get"', '"ranges": [{"eq": ["z", 12], "range": null}], "filter": null']),
    # the filter's text is the shape's with each literal written again
    # (planner/filtermemo.c): literals of other lengths, a doubled quote
    ("a filter's literals of other lengths",
     lambda i: f"SELECT * FROM t WHERE a = 'x' AND b = {i} AND (v = {i} OR a LIKE '%y{i}');",
     "SELECT * FROM t WHERE a = 'x' AND b = 12345 AND (v = 1234567 OR a LIKE '%it''s');",
     ['"ranges": [{"eq": ["x", 12345], "range": null}], "filter": "v = 1234567 OR a LIKE \'%it\'\'s\'"',
      '"message": "get: the server filters rows by v = 1234567 OR a LIKE \'%it\'\'s\'"'],
     "SELECT * FROM t WHERE a = 'x' AND b = 3 AND (v = 4 OR a LIKE '%z');",
     ['"ranges": [{"eq": ["x", 3], "range": null}], "filter": "v = 4 OR a LIKE \'%z\'"',
      '"message": "get: the server filters rows by v = 4 OR a LIKE \'%z\'"']),
    ("an IN list past the range limit",
     lambda i: "SELECT * FROM t WHERE a = 'x' AND b IN (" + ", ".join(str(i + 2 * k) for k in range(10001)) + ");",
     "SELECT * FROM t WHERE a = 'x' AND b IN (" + ", ".join(str(k % 3) for k in range(10001)) + ");",
     ['"ranges": [{"eq": ["x", 2], "range": null}, {"eq": ["x", 1], "range": null}, {"eq": ["x", 0], '
      '"range": null}], "filter": null'],
     "SELECT * FROM t WHERE a = 'x' AND b IN (" + ", ".join(str(2 * k) for k in range(10001)) + ");",
     ['"ranges": [{"eq": ["x"], "range": {"column": "b", "lower": 0, "lower_inclusive": true, "upper": 20000, '
      '"upper_inclusive": true}}]', "more than 10000 key ranges after OR/IN expansion"]),
]


def templates(tmp):
    """Literals that change the plan between two statements of one shape
    planned from templates."""
    s = os.path.join(tmp, "ts.sql")
    kptest.write(s, TSCHEMA)
    total = 0
    for n, (what, before, changed, want, after, want_after) in enumerate(TCASES):
        q = os.path.join(tmp, f"tq{n}.sql")
        count = 12 if "limit" in what else 40
        kptest.write(q, "\n".join([before(i) for i in range(count)] + [changed, after]) + "\n")
        for target in ("generic", "phoenix"):
            argv = ["explain", "--no-config", "--target", target, "--format", "json", "--schema", s, q]
            rows = same(f"templates, {what} ({target})", argv).splitlines()
            check(f"templates, {what} ({target}): a plan per query", len(rows) == count + 2, f"{len(rows)} plans")
            if len(rows) != count + 2:
                continue
            for w in want:
                # Phoenix writes names in upper case
                check(f"templates, {what} ({target}): {w[:60]}", w.lower() in rows[-2].lower(), rows[-2][:700])
            for w in want_after:
                check(f"templates, {what} ({target}), after: {w[:60]}", w.lower() in rows[-1].lower(),
                      rows[-1][:700])
            if target == "generic":
                total += templated(argv)
    # IN lists of literals, repeated or not, with a parameter among them
    # (whose range has no place among the others: such a list is not put
    # in order) on every target
    rng = random.Random(26)
    q = os.path.join(tmp, "tq-in.sql")
    lines = []
    for _ in range(300):
        vals = [str(rng.randrange(5)) for _ in range(3)] + ["?"]
        rng.shuffle(vals)
        lines.append(f"SELECT * FROM t WHERE a = 'x' AND b IN ({', '.join(vals)});")
        vals = [str(rng.randrange(5)) for _ in range(4)]
        lines.append(f"SELECT * FROM t WHERE a = 'x' AND b IN ({', '.join(vals)}) AND v IN ({vals[0]}, ?);")
    kptest.write(q, "\n".join(lines) + "\n")
    for target in ("generic", "lindorm", "phoenix", "tablestore"):
        argv = ["explain", "--no-config", "--target", target, "--format", "json", "--schema", s, q]
        same(f"templates, IN lists with a parameter ({target})", argv)
        n = templated(argv)
        check(f"templates, IN lists with a parameter ({target}): planned from templates", n >= 50, f"{n}")
    # IN lists of strings, put in order by their first 8 bytes and then
    # whole, and of integers (template.c's sort_one_kind): strings alike in
    # their first 8 bytes or more, one a prefix of another, empty, repeated,
    # bytes past 0x7f, a byte below '0'; integers repeated, negative, at
    # the type's ends; and the list's column bounded too (pairs of a list's
    # value and another site compared as ever)
    words = ["", "a", "ab", "abcdefgh", "abcdefghi", "abcdefghij", "abcdefgh\u00e9", "abcdefg", "b",
             "abcdefgz", "abcdefghz", "\u00e9t\u00e9", "\u00e9", "A", " ", "abc''d", "zz", "a\u00e9"]
    q = os.path.join(tmp, "tq-in-str.sql")
    lines = []
    for _ in range(300):
        vals = ["'" + rng.choice(words) + "'" for _ in range(rng.randrange(2, 7))]
        lines.append(f"SELECT * FROM t WHERE a IN ({', '.join(vals)});")
        lines.append(f"SELECT * FROM t WHERE a IN ({', '.join(vals)}) AND a > '{rng.choice(words)}';")
        mixed = vals[:2] + [str(rng.randrange(3))]
        lines.append(f"SELECT * FROM t WHERE a IN ({', '.join(mixed)}) AND b IN (3, 1, 3, 2);")
        ints = [str(rng.choice([-3, -1, 0, 1, 2, 7, 9223372036854775807, -9223372036854775807]))
                for _ in range(rng.randrange(2, 7))]
        lines.append(f"SELECT * FROM t WHERE a = 'x' AND b IN ({', '.join(ints)}) AND b > {rng.randrange(-2, 3)};")
    kptest.write(q, "\n".join(lines) + "\n")
    for target in ("generic", "lindorm", "phoenix", "tablestore"):
        argv = ["explain", "--no-config", "--target", target, "--format", "json", "--schema", s, q]
        same(f"templates, IN lists of strings ({target})", argv)
        n = templated(argv)
        check(f"templates, IN lists of strings ({target}): planned from templates", n >= 100, f"{n}")
    # the cache is made at the parser's 32nd statement: the last few of
    # each shape but LIKE's (whose column keeps the key from a template)
    # and the limit's (too many values) are planned from templates
    check("templates: candidate paths planned from a template", total >= 30, f"{total}")
    print(f"{total} candidate paths planned from a template in the shapes whose literals change the plan")


def slots_grow(tmp):
    """200 shapes (one alias each), each read 4 times in a row, then all
    200 twice more: the kept resolutions' table starts at 64 slots and
    doubles as it fills (planner/reuse.c), and a resolution kept before it
    grew is found after it, so the last two passes are planned on kept
    resolutions. Every hit of the parser's cache is planned through the
    table (kept or used again); a shape is kept again only where another
    took its slot, which at most one shape in eight finds while the table
    grows: so at most a quarter more keeps than shapes, whatever the hash
    values. A table that lost or misplaced what it held as it grew keeps
    the 128 shapes from before its last doubling again."""
    s = os.path.join(tmp, "grow-s.sql")
    with open(s, "w", encoding="utf-8") as f:
        f.write("CREATE TABLE t (a VARCHAR, b INT, PRIMARY KEY (a));\n")
    q = os.path.join(tmp, "grow-q.sql")
    with open(q, "w", encoding="utf-8") as f:
        for i in range(200):
            f.write(f"SELECT * FROM t u{i} WHERE a = ? AND b > ?;\n" * 4)
        for _ in range(2):
            for i in range(200):
                f.write(f"SELECT * FROM t u{i} WHERE a = ? AND b > ?;\n")
    argv = ["explain", "--no-config", "--format", "json", "--schema", s, q]
    same("200 shapes", argv)
    rc, out, err = kptest.run(*argv, env={"KP_SHAPE_CACHE": "stats"}, plain=True, timeout=120)
    m = re.search(r"(\d+) hits, (\d+) learned", err)
    r = re.search(r"(\d+) resolutions kept, (\d+) used again", err)
    check("200 shapes: the caches' counts", rc == 0 and m and r, err)
    if m and r:
        hits, learned = map(int, m.groups())
        kept, again = map(int, r.groups())
        check("200 shapes: every hit planned through the kept resolutions", kept + again == hits, err)
        check("200 shapes: kept once each, but where another shape took the slot",
              learned == 200 and kept <= learned * 5 // 4 and again >= learned * 5 // 2, err)


def full_scans(tmp):
    """A shape's full-scan finding (KP001, KP006) is worded once a path and
    copied for its later statements (planner/findmemo.c), each at its own
    span: on every target, the bytes of the full path; after a DDL that
    renames the key's leading column, the new name."""
    s = os.path.join(tmp, "fs.sql")
    kptest.write(s, "CREATE TABLE t (k VARCHAR(16) NOT NULL, v BIGINT, w BIGINT, PRIMARY KEY (k));\n"
                    "CREATE INDEX iw ON t (w);\n")
    q = os.path.join(tmp, "fq.sql")
    # literals of growing length: each statement's span ends elsewhere
    body = [f"SELECT * FROM t WHERE v = {10 ** (i % 9)};" for i in range(40)]
    body += [f"SELECT * FROM t WHERE v > {i} LIMIT 5;" for i in range(40)]
    body += [f"SELECT /*+ _l_allow_filtering_ */ * FROM t WHERE v = {i};" for i in range(40)]
    kptest.write(q, "\n".join(body) + "\n")
    for target in ("generic", "lindorm", "phoenix", "tablestore"):
        argv = ["explain", "--no-config", "--target", target, "--format", "json", "--schema", s, q]
        rows = same(f"full scans ({target})", argv).splitlines()
        check(f"full scans ({target}): a plan per query", len(rows) == 120, f"{len(rows)} plans")
        n = findings_copied(argv)
        # the cache is made at the parser's 32nd statement and learns a
        # shape on its second read; the memo starts at the shape's next
        check(f"full scans ({target}): findings copied", n >= 5, f"{n}")
        if len(rows) != 120:
            continue
        last = rows[39]
        check(f"full scans ({target}): the last's finding at its own WHERE",
              '"rule": "KP001"' in last and '"line": 40, "column": 23, "end_line": 40, "end_column": 31' in last,
              last[:900])
    argv = ["explain", "--no-config", "--target", "lindorm", "--format", "json", "--schema", s, q]
    rows = same("full scans (lindorm)", argv).splitlines()
    if len(rows) == 120:
        want = ('"rule": "KP001", "slug": "full-scan", "severity": "error", "message": "full table scan: no '
                'condition on leading key column \'k\' of t (Lindorm refuses it: \\"This query may be a full table '
                'scan and thus may have unpredictable performance\\")", "file": "FILE", "line": 39, "column": 23, '
                '"end_line": 39, "end_column": 30, "notes": [{"file": "SCHEMA", "line": 1, "column": 61, "message": '
                '"primary key of t declared here"}], "help": ["bind k with = or IN, use a secondary index or index '
                'table (keyplan check, given the workload, says whether one pays), or opt in with /*+ _l_allow_filtering_ */"]}]}')
        want = want.replace("FILE", q).replace("SCHEMA", s)
        check("full scans (lindorm): the finding copied, word for word", rows[38].endswith(want), rows[38][-700:])
        check("full scans (lindorm): a LIMIT's full scan", '"access": "full_scan"' in rows[79] and
              '"rejected": true' in rows[79], rows[79][:600])
        check("full scans (lindorm): allowed by the hint", '"rejected": false' in rows[119] and
              "allowed by the _l_allow_filtering_ hint" in rows[119], rows[119][:900])
    # the key's leading column renamed between statements of one shape
    q2 = os.path.join(tmp, "fq2.sql")
    body = [f"SELECT * FROM t WHERE v = {i};" for i in range(40)]
    body += ["ALTER TABLE t RENAME COLUMN k TO k2;"]
    body += [f"SELECT * FROM t WHERE v = {i};" for i in range(5)]
    kptest.write(q2, "\n".join(body) + "\n")
    argv = ["explain", "--no-config", "--format", "json", "--schema", s, q2]
    rows = [r for r in same("full scans, the key renamed", argv).splitlines() if '"statement": "select"' in r]
    check("full scans, the key renamed: a plan per query", len(rows) == 45, f"{len(rows)} plans")
    if len(rows) == 45:
        check("full scans, before the rename: k", "leading key column 'k' of t" in rows[39], rows[39][:700])
        check("full scans, after it: k2", all("leading key column 'k2' of t" in r and "bind k2 with" in r
                                              for r in rows[40:]), rows[40][:700])


def main():
    with kptest.tempdir() as tmp:
        slots_grow(tmp)
        examples()
        corpus(tmp)
        regress(tmp)
        workload(tmp)
        changes(tmp)
        paths(tmp)
        templates(tmp)
        full_scans(tmp)
    check("kept resolutions were used again", USED >= 5000, f"{USED}")
    print(f"{USED} statements planned on a kept resolution")
    kptest.finish()


main()
