#!/usr/bin/env python3
"""Untrusted input, as issue #7 lists it: a file of 1,000,000 open
parentheses, binary garbage (one error) and random bytes, a 100 MB single line, and (with KP_STRESS=1)
a 1 GB file of statements, which explain and lint must stream in bounded
memory. Also
replays every input in tests/regress/ (crashes found by fuzzing) through
explain, lint and check. Never a crash, hang or sanitizer report.

Usage: test_stress.py KEYPLAN SOURCE_DIR"""
import os
import random
import subprocess
import tempfile
import time

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()
# under AddressSanitizer, freed memory sits in quarantine: memory bounds are
# checked on the normal build only
RSS_LIMIT_KB = float("inf") if os.environ.get("KP_SANITIZED") else 64 * 1024
SCHEMA = os.path.join(SRC, "examples", "schema.sql")


def hwm(pid):
    """The process's peak RSS since exec (VmHWM, KB), or 0."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def run(args, timeout=600):
    """Runs keyplan; returns exit code, stderr, seconds, and its peak RSS in
    KB, sampled from /proc while it runs (wait4's figure would include this
    Python process, which the child is forked from)."""
    t0 = time.time()
    peak = 0
    with tempfile.TemporaryFile() as errf:
        p = subprocess.Popen([KEYPLAN, *args], stdout=subprocess.DEVNULL, stderr=errf)
        deadline = t0 + timeout
        while p.poll() is None:
            peak = max(peak, hwm(p.pid))
            if time.time() > deadline:
                p.kill()
                p.wait()
                break
            time.sleep(0.01)
        errf.seek(0)
        err = errf.read().decode(errors="replace")
    return p.returncode, err, time.time() - t0, peak


def clean(err):
    return "Sanitizer" not in err and "runtime error" not in err


with tempfile.TemporaryDirectory() as tmp:
    parens = os.path.join(tmp, "parens.sql")
    with open(parens, "w") as f:
        f.write("SELECT * FROM orders WHERE " + "(" * 1_000_000 + "\n")
    rc, err, dt, _ = run(["explain", "--no-config", "--schema", SCHEMA, parens])
    check("1,000,000 open parentheses: a located limit error", rc == 1 and clean(err) and
          "1:284: error: parentheses nested more than 256 levels deep [KP021 input-limit]" in err, err[:500])
    rc, err, dt, _ = run(["lint", "--no-config", "--schema", SCHEMA, parens])
    check("1,000,000 open parentheses: lint", rc == 1 and clean(err), err[:500])

    comments = os.path.join(tmp, "comments.sql")
    with open(comments, "w") as f:
        f.write("-- a comment line\n# and another\n/* and a block */\n" * 700_000)
        f.write("SELECT * FROM orders WHERE userid = 'a';\n")
    rc, err, dt, _ = run(["explain", "--no-config", "--schema", SCHEMA, comments])
    check("2,100,000 comments before a statement: no deep recursion", rc == 0 and clean(err), err[:500])

    garbage = os.path.join(tmp, "garbage.sql")
    rnd = random.Random(7)
    data = rnd.randbytes(1 << 20)
    with open(garbage, "wb") as f:
        f.write(data)
    # no NUL byte: not taken for a binary file, so the lexer reads every byte
    text_garbage = os.path.join(tmp, "text-garbage.sql")
    with open(text_garbage, "wb") as f:
        f.write(data.replace(b"\0", b" "))
    for cmd in (["explain"], ["lint"], ["check", "--workload"]):
        args = [cmd[0], "--no-config", "--schema", SCHEMA] + cmd[1:]
        rc, err, dt, _ = run(args + [garbage])
        check(f"binary garbage: {cmd[0]}: one error for the file, exit 2",
              rc == 2 and clean(err) and err.count("\n") == 1 and "a binary file" in err, err[:500])
        rc, err, dt, _ = run(args + [text_garbage])
        check(f"random bytes without NUL: {cmd[0]}", rc == 1 and clean(err), err[:500])

    line = os.path.join(tmp, "line.sql")
    stmt = b"SELECT * FROM orders WHERE userid = 'x' AND orderid > 5; "
    with open(line, "wb") as f:
        block = stmt * (65536 // len(stmt))
        for _ in range((100 << 20) // len(block) + 1):
            f.write(block)
    rc, err, dt, rss = run(["explain", "--no-config", "--format", "json", "--schema", SCHEMA, line])
    check("100 MB single line: planned in bounded memory", rc == 0 and clean(err) and rss < RSS_LIMIT_KB,
          f"rc={rc} rss={rss} KB {err[:300]}")
    print(f"100 MB single line: {dt:.1f} s, peak RSS {rss // 1024} MB")
    rc, err, dt, rss = run(["lint", "--no-config", "--schema", SCHEMA, line])
    check("100 MB single line: linted in bounded memory", rc == 0 and clean(err) and rss < RSS_LIMIT_KB,
          f"rc={rc} rss={rss} KB {err[:300]}")
    print(f"100 MB single line, lint: {dt:.1f} s, peak RSS {rss // 1024} MB")
    os.unlink(line)

    if os.environ.get("KP_STRESS"):
        big = os.path.join(tmp, "big.sql")
        stmt = (b"SELECT * FROM orders WHERE userid = 'abc' AND orderid = 123;\n"
                b"SELECT * FROM metrics WHERE hostname = 'h' AND log_event = 'cpu' ORDER BY ts DESC LIMIT 10;\n")
        block = stmt * (1 << 20 // len(stmt))
        with open(big, "wb") as f:
            for _ in range((1 << 30) // len(block) + 1):
                f.write(block)
        rc, err, dt, rss = run(["explain", "--no-config", "--format", "json", "--schema", SCHEMA, big], timeout=1200)
        check("1 GB file streams in bounded memory", rc == 0 and clean(err) and rss < RSS_LIMIT_KB,
              f"rc={rc} rss={rss} KB {err[:300]}")
        print(f"1 GB file: {dt:.1f} s ({1024 / dt:.0f} MB/s), peak RSS {rss // 1024} MB")
        rc, err, dt, rss = run(["lint", "--no-config", "--format", "json", "--schema", SCHEMA, big], timeout=1200)
        check("1 GB file: lint streams in bounded memory", rc == 0 and clean(err) and rss < RSS_LIMIT_KB,
              f"rc={rc} rss={rss} KB {err[:300]}")
        print(f"1 GB file, lint: {dt:.1f} s ({1024 / dt:.0f} MB/s), peak RSS {rss // 1024} MB")
        os.unlink(big)

    regress = os.path.join(SRC, "tests", "regress")
    n = 0
    for name in sorted(os.listdir(regress)):
        path = os.path.join(regress, name)
        for cmd in (["explain"], ["lint"], ["check", "--workload"]):
            args = [cmd[0], "--no-config", "--schema", SCHEMA] + cmd[1:] + [path]
            rc, err, dt, _ = run(args, timeout=60)
            check(f"regress {name}: {cmd[0]}", rc in (0, 1) and clean(err), err[:1000])
        n += 1
    print(f"replayed {n} regression inputs")

kptest.finish()
