#!/usr/bin/env python3
"""The shell reading a pipe (keyplan < file.sql, or keyplan repl < ...): a
dot-command that fails (.read of a missing file, .format bogus, an unknown
command, a table that does not exist) is an error located at its line and
makes the exit status 1, as a rejected statement does; a clean input exits 0.

Usage: test_repl_pipe.py KEYPLAN SOURCE_DIR"""
import kptest
from kptest import check, run

KEYPLAN, SRC, _ = kptest.args()
SCHEMA = SRC + "/examples/schema.sql"

ok = "SELECT * FROM orders WHERE userid = 'a';\n"
rc, out, err = run("--schema", SCHEMA, stdin=(ok + ".tables\n.format json\n.format text\n").encode(), plain=True)
check("clean piped input exits 0", rc == 0 and err == "" and "SCAN orders prefix (userid='a')" in out, f"{rc} {out} {err}")

cases = [
    (".read /nonexistent/missing.sql\n", "<stdin>:2:1: error: /nonexistent/missing.sql: "),
    (".format bogus\n", "<stdin>:2:1: error: usage: .format text|json\n"),
    (".bogus\n", "<stdin>:2:1: error: unknown command '.bogus' (.help lists them)\n"),
    (".schema ordres\n", "<stdin>:2:1: error: no such table: ordres (did you mean orders?)\n"),
    (".try nosuch PRIMARY KEY (a)\n", "<stdin>:2:1: error: no such table: nosuch\n"),
    (".try orders\n", "<stdin>:2:1: error: usage: .try TABLE PRIMARY KEY (col [DESC], ...)\n"),
    (".target nowhere\n", "<stdin>:2:1: error: unknown target 'nowhere' (expected lindorm, tablestore, phoenix or generic)\n"),
]
for line, want in cases:
    rc, out, err = run("--schema", SCHEMA, stdin=(ok + line + ok).encode(), plain=True)
    check(f"piped {line.strip()!r} exits 1 with a located error", rc == 1 and err.startswith(want), f"{rc} {err!r}")
    check(f"piped {line.strip()!r}: the statements after it still run", out.count("SCAN orders prefix (userid='a')") == 2, out)

# the error is located at the dot-command's own line
rc, out, err = run("--schema", SCHEMA, stdin=b"\n\n-- a comment\n.nope\n", plain=True)
check("the error names the dot-command's line", rc == 1 and err == "<stdin>:4:1: error: unknown command '.nope' (.help lists them)\n",
      f"{rc} {err!r}")

kptest.finish()
