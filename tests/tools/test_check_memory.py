#!/usr/bin/env python3
"""check's memory grows with a workload's shapes, and by a few bytes a
statement: the same 48 shapes (reads served, filtered and refused, inserts,
updates, on two tables) at M and 4M statements, the literals all
different. What each statement still costs is bounded here at BOUND bytes
of peak RSS: its place (two or three bytes: the advice's worse lists name every
statement they make worse, docs/advice-json.md), an insert's values (a few
bytes each), those worse lists, the workload file's line table; the trees,
records, plans and the judge's work are per shape (advisor/workload.c,
kp_advisor.merge), and the workload file's text is mapped, its pages given
back as it is read. tests/advisor/test_keep.c bounds the advisor's own
bytes exactly. Also: at N and 4N statements check gives the same advice,
review and summary, the summary's weights 4 times N's. The peak RSS is the
child's own (wait4), which counts this process's pages at the fork: the
workloads are written a line at a time and the memory runs come first,
their output thrown away, while this process is small. A bound, not a
timing. Sanitizers hold freed memory back, so their builds check the
outputs only.

Usage: test_check_memory.py KEYPLAN SOURCE_DIR"""
import json
import os
import subprocess
import tempfile

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()
SANITIZED = bool(os.environ.get("KP_SANITIZED"))
N = 48 * (40 if SANITIZED else 500)   # the outputs: every shape N / 48 times
M = 48 * 4000                          # the memory runs
# bytes a statement may add to check's peak RSS from M to 4M statements:
# measured 29 (about 310 before statements alike were one record and the
# workload file was mapped), most of it the worse lists (about half the
# statements here are GETs a key change makes worse, each listed by up to
# three fixes); the margin is the arenas' doubling blocks (up to 4 MB) and
# the line table's doubling
BOUND = 64

SCHEMA = ("CREATE TABLE ev (ts BIGINT NOT NULL, id VARCHAR(32) NOT NULL, a BIGINT, b VARCHAR(32), c BIGINT, "
          "PRIMARY KEY (ts, id));\n"
          "CREATE TABLE us (uid VARCHAR(32) NOT NULL, name VARCHAR(64), age BIGINT, PRIMARY KEY (uid));\n")


def statement(i):
    """The i-th statement: one of 48 shapes, its literals its own."""
    k = i % 48
    col = "abc"[k % 3]
    lit = f"'v{i}'" if col == "b" else str(i)
    if k < 12:
        return f"SELECT a, b FROM ev WHERE ts = {i} AND id = 'k{i}';"                 # GET
    if k < 24:
        return f"SELECT {col} FROM ev WHERE {col} = {lit} LIMIT {10 + k};"             # refused
    if k < 30:
        return f"SELECT a FROM ev WHERE ts >= {i} AND ts < {i + 100} AND {col} = {lit};"   # filtered
    if k < 36:
        return f"INSERT INTO ev (ts, id, {col}) VALUES ({i}, 'i{i}', {lit});"
    if k < 42:
        return f"SELECT name FROM us WHERE uid = 'u{i}';"
    if k < 45:
        return f"UPDATE us SET age = {i} WHERE uid = 'u{i}';"
    return f"SELECT uid FROM us WHERE age > {i} LIMIT {k};"


def run(args, out=None, cwd=None):
    """Exit code, stdout (None when out is given: it goes there) and the
    child's peak RSS in KB."""
    with tempfile.TemporaryFile() as tmp:
        p = subprocess.Popen([KEYPLAN, *args], stdout=out or tmp, stderr=subprocess.DEVNULL, cwd=cwd)
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        if out:
            return p.returncode, None, ru.ru_maxrss
        tmp.seek(0)
        return p.returncode, tmp.read().decode(errors="replace"), ru.ru_maxrss


def workload(path, n):
    """n statements, written a line at a time."""
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            f.write(statement(i) + "\n")
    return path


with kptest.tempdir() as tmp:
    schema = os.path.join(tmp, "schema.sql")
    kptest.write(schema, SCHEMA)
    if not SANITIZED:
        rss = {}
        for m in (M, 4 * M):
            # named short and alike (the worse lists hold each place's file name)
            w = workload(os.path.join(tmp, "m.sql"), m)
            with open(os.devnull, "w") as null:
                rc, _, rss[m] = run(["check", "--no-config", "--schema", "schema.sql", "--workload", "m.sql"], null,
                                    cwd=tmp)
            os.unlink(w)
            check(f"check of {m} statements runs", rc in (0, 1), f"rc={rc}")
            print(f"check of {m} statements: peak RSS {rss[m] // 1024} MB")
        grown = rss[4 * M] - rss[M]
        check(f"peak RSS grows by at most {BOUND} bytes a statement from {M} to {4 * M}",
              grown * 1024 <= BOUND * 3 * M, f"{grown} KB for {3 * M} statements "
              f"({grown * 1024 // (3 * M)} bytes each)")
        print(f"{M} -> {4 * M} statements: peak RSS +{grown // 1024} MB ({grown * 1024 // (3 * M)} bytes a statement)")
    res = {}
    for n in (N, 4 * N):
        w = workload(os.path.join(tmp, f"w{n}.sql"), n)
        rc, out, _ = run(["check", "--no-config", "--format", "json", "--schema", schema, "--workload", w])
        check(f"check of {n} statements runs", rc in (0, 1), f"rc={rc}")
        res[n] = json.loads(out)
    small, big = res[N], res[4 * N]

    def kinds(d):
        return sorted((x["table"], x["kind"], x.get("key") or "", x["recommended"]) for x in d["advice"])

    check("the same advice at N and 4N statements", kinds(small) == kinds(big), f"{kinds(small)} / {kinds(big)}")
    check("the same verdicts", [r["verdict"] for r in small["review"]] == [r["verdict"] for r in big["review"]])
    for s, b in zip(small["summary"], big["summary"]):
        for side in ("before", "after"):
            check(f"{s['table']}: the summary's {side} weights scale with the statements",
                  {k: 4 * v for k, v in s[side].items()} == b[side], f"{s[side]} / {b[side]}")
    ev = [s for s in small["summary"] if s["table"] == "ev"][0]
    # N / 48 statements a shape: 12 GET shapes, 12 refused, 6 filtered; inserts in no class
    check("ev's reads by class", ev["before"] == {"get": N // 4, "scan": 0, "filtered_scan": N // 8,
                                                  "rejected": N // 4, "search": 0}, str(ev["before"]))
    us = [s for s in small["summary"] if s["table"] == "us"][0]
    # 6 GET shapes, 3 refused; the UPDATEs are writes, in no class
    check("us's reads by class", us["before"] == {"get": N // 8, "scan": 0, "filtered_scan": 0,
                                                  "rejected": N // 16, "search": 0}, str(us["before"]))
    # every statement a fix makes worse is named in its worse list: 4 times as many
    for x, y in zip(small["advice"], big["advice"]):
        check(f"{x['table']} {x['kind']}: worse lists every statement",
              len(y["worse"]) == 4 * len(x["worse"]) or len(y["worse"]) == len(x["worse"]) == 0,
              f"{len(x['worse'])} / {len(y['worse'])}")
kptest.finish()
