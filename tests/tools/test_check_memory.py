#!/usr/bin/env python3
"""check's memory grows with a workload's shapes, and by a bounded amount a
statement: the same 48 shapes (reads served, filtered and refused, inserts,
updates, on two tables) at N and 4N statements, the literals all
different. What each statement still costs (its workload record, its place
in the per-table lists, its text) is bounded here at BOUND bytes; the
trees, plans and the judge's work are per shape (advisor/workload.c's rows
of statements alike, kp_advisor_share). Also: both runs give the same
advice, review and summary, the summary's weights 4 times N's. The peak RSS
is the child's own (wait4); a bound, not a timing. Sanitizers hold freed
memory back, so their builds check the outputs only.

Usage: test_check_memory.py KEYPLAN SOURCE_DIR"""
import json
import os
import subprocess
import tempfile

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()
SANITIZED = bool(os.environ.get("KP_SANITIZED"))
N = 48 * (40 if SANITIZED else 500)   # every shape N / 48 times
# bytes a statement may add to check's peak RSS: measured 500 on this
# workload (a read about 290: its kp_wquery, its list entries, its text; an
# insert about 500, with its values), 0.3 KB on bench --judge; the margin
# is the arenas' doubling blocks (up to 4 MB)
BOUND = 640

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


def run(args):
    """Exit code, stdout and the child's peak RSS in KB."""
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen([KEYPLAN, *args], stdout=out, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        return p.returncode, out.read().decode(errors="replace"), ru.ru_maxrss


with kptest.tempdir() as tmp:
    schema = os.path.join(tmp, "schema.sql")
    kptest.write(schema, SCHEMA)
    res = {}
    for n in (N, 4 * N):
        w = os.path.join(tmp, f"w{n}.sql")
        kptest.write(w, "\n".join(statement(i) for i in range(n)) + "\n")
        rc, out, rss = run(["check", "--no-config", "--format", "json", "--schema", schema, "--workload", w])
        check(f"check of {n} statements runs", rc in (0, 1), f"rc={rc}")
        res[n] = (json.loads(out), rss)
        print(f"check of {n} statements: peak RSS {rss // 1024} MB")
    small, big = res[N][0], res[4 * N][0]

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
    grown = res[4 * N][1] - res[N][1]
    if not SANITIZED:
        check(f"peak RSS grows by at most {BOUND} bytes a statement from {N} to {4 * N}",
              grown * 1024 <= BOUND * 3 * N, f"{grown} KB for {3 * N} statements "
              f"({grown * 1024 // (3 * N)} bytes each)")
    print(f"{N} -> {4 * N} statements: peak RSS +{grown // 1024} MB ({grown * 1024 // (3 * N)} bytes a statement)")
kptest.finish()
