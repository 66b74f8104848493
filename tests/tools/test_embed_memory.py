#!/usr/bin/env python3
"""Application files are linted statement by statement (docs/embedded-sql.md,
"Memory"): the peak memory of lint on a large Java file stays within a
small multiple of the file's own size above lint on the same queries as a
.sql file (it took ten times the file's size when every statement of the
file was held until all were planned). The peak RSS (VmHWM) is sampled
while each run goes; a bound, not a timing. Sanitizers hold freed memory
back, so their builds check the findings only.

Usage: test_embed_memory.py KEYPLAN SOURCE_DIR"""
import os
import subprocess
import tempfile
import time

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()
BOUND = not os.environ.get("KP_SANITIZED")
N = 40000


def hwm(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def run(*args):
    """Exit code, stdout and peak RSS (KB) of keyplan ARGS."""
    peak = 0
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen([KEYPLAN, *args], stdout=out, stderr=subprocess.DEVNULL)
        while p.poll() is None:
            peak = max(peak, hwm(p.pid))
            time.sleep(0.005)
        out.seek(0)
        return p.returncode, out.read().decode(errors="replace"), peak


with kptest.tempdir() as tmp:
    schema = os.path.join(tmp, "schema.sql")
    kptest.write(schema, "CREATE TABLE t (id BIGINT NOT NULL, a INT, b VARCHAR, PRIMARY KEY (id));\n")
    sql = os.path.join(tmp, "q.sql")
    java = os.path.join(tmp, "Big.java")
    with open(sql, "w") as q, open(java, "w") as j:
        j.write("package big;\n\nclass Big {\n")
        for i in range(N):
            cond = f"id = {i}" if i % 2 else f"a = {i}"   # every other one a full scan
            q.write(f"SELECT id, a FROM t WHERE {cond};\n")
            j.write(f'    static final String Q{i} = "SELECT id, a FROM t "\n        + "WHERE {cond}";\n')
        j.write("}\n")
    size_kb = os.path.getsize(java) // 1024
    rc_s, out_s, peak_s = run("lint", "--no-config", "--format", "json", "--schema", schema, sql)
    rc_j, out_j, peak_j = run("lint", "--no-config", "--format", "json", "--schema", schema, java)
    check("the same findings from the Java file and the .sql file",
          rc_s == rc_j == 1 and out_j.count('"KP001"') == out_s.count('"KP001"') == N // 2,
          f"{rc_s} {rc_j} {out_j.count('KP001')} {out_s.count('KP001')}")
    print(f"{N} statements: .sql peak {peak_s // 1024} MB, Java ({size_kb // 1024} MB) peak {peak_j // 1024} MB")
    if BOUND:
        check("a Java file takes at most twice its size (and 3 MB) more than its queries as .sql",
              peak_j - peak_s <= 2 * size_kb + 3072, f"{peak_j - peak_s} KB over, file {size_kb} KB")

kptest.finish()
