#!/usr/bin/env python3
"""Application files are read in bounded memory (docs/embedded-sql.md,
"Memory"): lint of a 26.8 MB Java file peaks within 10 MB of lint on the
same queries as a .sql file. The file is mapped and the pages read past
are given back (base/srcmap.c), its statements are planned as they are
found, and what a finding in a constant names is kept per constant, not
per statement: before, the file's text was read whole (40 MB over on this
file). The peak RSS (VmHWM) is sampled while each run goes; a bound, not
a timing. Sanitizers hold freed memory back, so their builds check the
findings only.

Usage: test_embed_memory.py KEYPLAN SOURCE_DIR"""
import os
import resource
import subprocess
import tempfile
import time

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()
BOUND = not os.environ.get("KP_SANITIZED")
# Sanitized builds check the findings only, on smaller files (they run
# every statement many times slower)
N = 40000 if BOUND else 4000
FILLER = ("    /** Helper {i}: the kind of code that stands between an application's queries. */\n"
          "    int helper{i}(int x) {{\n"
          "        int y = x * {i} + 7;\n"
          "        if (y > 100) {{ y -= 3; }} else {{ y += labels.size(); }}\n"
          "        log.debug(\"helper {i} computed \" + y + \" for \" + x + \" in the list of items\");\n"
          "        return y + x / 2 + offsets[{i} % offsets.length];\n"
          "    }}\n"
          "    String label{i}() {{ return \"item-\" + {i} + \" of the list, shown to the user\"; }}\n"
          "    // {i}: end of helper, filler text to make the file as large as real generated code\n"
          "    // (the statements above and below are what lint reads; this is what it skips)\n\n")


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
    qs, js = [], ["package big;\n\nclass Big {\n",
                  '    static final String BASE = "SELECT id, a FROM t ";\n']
    for i in range(N):
        cond = f"id = {i}" if i % 2 else f"a = {i}"   # every other one a full scan
        qs.append(f"SELECT id, a FROM t WHERE {cond};\n")
        if i % 4 == 3:   # a statement that reads a constant
            js.append(f'    String q{i}() {{ return jdbc.query(BASE + "WHERE {cond}"); }}\n')
        else:
            js.append(f'    static final String Q{i} = "SELECT id, a FROM t "\n        + "WHERE {cond}";\n')
        # code around the statements, as in an application file
        js.append(FILLER.format(i=i))
    js.append("}\n")
    kptest.write(sql, "".join(qs))
    kptest.write(java, "".join(js))
    size_kb = os.path.getsize(java) // 1024
    rc_s, out_s, peak_s = run("lint", "--no-config", "--format", "json", "--schema", schema, sql)
    rc_j, out_j, peak_j = run("lint", "--no-config", "--format", "json", "--schema", schema, java)
    check("the same findings from the Java file and the .sql file",
          rc_s == rc_j == 1 and out_j.count('"KP001"') == out_s.count('"KP001"') == N // 2,
          f"{rc_s} {rc_j} {out_j.count('KP001')} {out_s.count('KP001')}")
    check("the Java file is 26.8 MB", not BOUND or 26 * 1024 <= size_kb <= 28 * 1024, f"{size_kb} KB")
    print(f"{N} statements: .sql peak {peak_s // 1024} MB, Java ({size_kb // 1024} MB) peak {peak_j // 1024} MB")
    if BOUND:
        check("a 26.8 MB Java file takes at most 10 MB more than its queries as .sql",
              peak_j - peak_s <= 10 * 1024, f"{peak_j - peak_s} KB over, file {size_kb} KB")

# A finding in a constant that every statement reads is reported once, at
# the constant, naming the first five readers and how many more: the
# readers are counted once per file (kept per constant), where each
# statement's finding walked every statement of the file (40,000 statements
# took 80 s; now 0.2 s). A bound with a wide margin, not a timing.
R = 40000 if BOUND else 4000
with kptest.tempdir() as tmp:
    schema = os.path.join(tmp, "schema.sql")
    kptest.write(schema, "CREATE TABLE other (id BIGINT NOT NULL, PRIMARY KEY (id));\n")
    java = os.path.join(tmp, "Readers.java")
    js = ["class Readers {\n", '    static final String BASE = "SELECT id, a FROM t ";\n']
    js += [f'    String q{i}() {{ return jdbc.query(BASE + "WHERE id = {i}"); }}\n' for i in range(R)]
    js.append("}\n")
    kptest.write(java, "".join(js))
    # the child's CPU time, not the wall clock: a loaded machine (a CI
    # runner, parallel suites) stretches the wall clock, not the CPU time
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    rc, out, _ = run("lint", "--no-config", "--schema", schema, java)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    took = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    check("one finding at the constant, naming its readers",
          rc == 1 and out.count("[KP008") == 1 and
          f"(in the constant at line 2, used by the statement at line 3, the statement at line 4, the statement "
          f"at line 5, the statement at line 6, the statement at line 7 and {R - 5} more)" in out, out[:400])
    if BOUND:
        check(f"{R} readers of a constant are counted in linear time", took < 20, f"{took:.1f} s of CPU")

# Tokens are read in windows of 65,536, and one pass finds the constants
# and which are read beside a +: a constant defined two windows after the
# statement that reads it is still its text, and not planned alone.
with kptest.tempdir() as tmp:
    schema = os.path.join(tmp, "schema.sql")
    kptest.write(schema, "CREATE TABLE t (id BIGINT NOT NULL, a INT, PRIMARY KEY (id));\n")
    java = os.path.join(tmp, "Late.java")
    js = ["class Late {\n", '    String q() { return jdbc.query(BASE + "WHERE a = 1"); }\n']
    js += [f"    int f{i}(int x) {{ return x + {i} * (x - 1); }}\n" for i in range(8000)]   # 19 tokens each
    js.append('    static final String BASE = "SELECT id, a FROM t ";\n}\n')
    kptest.write(java, "".join(js))
    rc, out, _ = run("lint", "--no-config", "--schema", schema, java)
    check("a constant defined windows after its reader is read as its text, not planned alone",
          rc == 1 and out.count("[KP001") == 1 and "Late.java:2:50: error: full table scan" in out,
          out[:300])

# A MyBatis mapper is read as a .sql file is: statement by statement, each
# planned as soon as its element ends and then freed (docs/embedded-sql.md,
# "Memory"). Only the <sql> fragments and the keyplan: comments are kept,
# found by a first pass over the file (a fragment may be defined after the
# statements that include it, as this one is), and per fragment the first
# five statements that include it and how many (a second pass, when some
# statement includes one). Before, every statement's tree and variants were
# held until the file's end: 4.6 KB per statement, 91 MB over on this file.
M = 20000 if BOUND else 2000
with kptest.tempdir() as tmp:
    schema = os.path.join(tmp, "schema.sql")
    kptest.write(schema, "CREATE TABLE t (id BIGINT NOT NULL, a INT, b VARCHAR, PRIMARY KEY (id));\n")
    xml = os.path.join(tmp, "BigMapper.xml")
    sql = os.path.join(tmp, "variants.sql")
    parts = ['<?xml version="1.0"?>\n<mapper namespace="big.M">\n']
    qs = []
    for i in range(M):
        parts.append(f'  <select id="q{i}">\n    SELECT <include refid="cols"/> FROM t\n'
                     f'    <where><if test="a != null">a = #{{a}}</if>'
                     f'<if test="id != null">AND id = {i}</if></where>\n  </select>\n')
        # its four variants, as a .sql file holds them
        qs += ["SELECT id, a, zz FROM t;\n", "SELECT id, a, zz FROM t WHERE a = ?;\n",
               f"SELECT id, a, zz FROM t WHERE id = {i};\n", f"SELECT id, a, zz FROM t WHERE a = ? AND id = {i};\n"]
    parts.append('  <sql id="cols">id, a, zz</sql>\n</mapper>\n')
    kptest.write(xml, "".join(parts))
    kptest.write(sql, "".join(qs))
    size_kb = os.path.getsize(xml) // 1024
    frag_line = M * 4 + 3
    rc_s, out_s, peak_s = run("lint", "--no-config", "--format", "json", "--schema", schema, sql)
    rc_x, out_x, peak_x = run("lint", "--no-config", "--format", "json", "--schema", schema, xml)
    # the fragment's unknown column once, naming its readers; no full scan
    # (the unknown column stops the plan, as in the .sql file)
    want = (f"unknown column 'zz' in table t (in the <sql> fragment at line {frag_line}, included by 'q0', 'q1', "
            f"'q2', 'q3', 'q4' and {M - 5} more)")
    check("the fragment's finding once, at the fragment defined after its readers, naming them",
          rc_x == 1 and out_x.count('"KP009"') == 1 and want in out_x and out_s.count('"KP009"') == 4 * M,
          f"{rc_x} {out_x.count('KP009')} {out_s.count('KP009')} {out_x[:600]}")
    print(f"{M} mapper statements ({size_kb} KB): peak {peak_x // 1024} MB; their variants as .sql: "
          f"peak {peak_s // 1024} MB")
    if BOUND:
        check("a mapper takes at most 6 MB more than its statements' variants as .sql",
              peak_x - peak_s <= 6 * 1024, f"{peak_x - peak_s} KB over, file {size_kb} KB")

kptest.finish()
