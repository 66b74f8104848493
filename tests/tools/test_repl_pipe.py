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

# --tenant and .tenant: a Phoenix tenant-specific connection for the
# statements after it, DDL included; the --schema files on a global one
# (docs/targets.md, "Multi-tenant tables")
with kptest.temp_file("CREATE TABLE event (tenant_id VARCHAR NOT NULL, event_type CHAR(1) NOT NULL, "
                          "id BIGINT NOT NULL CONSTRAINT pk PRIMARY KEY (tenant_id, event_type, id)) MULTI_TENANT=true;\n") as mt:
    q = "SELECT * FROM event WHERE event_type = 'L';\n"
    script = (q + ".tenant\n.tenant acme\n" + q + "CREATE VIEW mine AS SELECT * FROM event WHERE event_type = 'M';\n"
              "SELECT id FROM mine;\n.tables\n.tenant -\nSELECT id FROM mine;\n.tables\n.tenant a b\n")
    rc, out, err = run("--target", "phoenix", "--schema", mt, stdin=script.encode(), plain=True)
    check(".tenant switches the connection", rc == 1 and out == (
        "FULL SCAN EVENT filter EVENT_TYPE = 'L'\n"
        "- (a global connection)\n"
        "tenant acme's connection (TenantId=acme)\n"
        "SCAN EVENT prefix (TENANT_ID='acme', EVENT_TYPE='L')\n"
        "CREATE VIEW MINE ON EVENT\n"
        "SCAN MINE prefix (TENANT_ID='acme', EVENT_TYPE='M')\n"
        "EVENT                    [TENANT_ID][EVENT_TYPE][ID]\n"
        "MINE                     [TENANT_ID][EVENT_TYPE][ID]\n"
        "a global connection\n"
        "ERROR: statement not planned (see diagnostics)\n"
        "EVENT                    [TENANT_ID][EVENT_TYPE][ID]\n"), out)
    check("a tenant's view is not the global connection's", "<stdin>:9:16: error: no such table: MINE [KP008 "
          "unknown-table]" in err and "<stdin>:5:13: note: view MINE was created on tenant acme's connection, which "
          "alone sees it; this statement runs on the global connection" in err, err)
    check(".tenant with two words is a located error", err.endswith("<stdin>:11:1: error: usage: .tenant [ID|-] (a "
          "TenantId of printable characters, no spaces)\n"), err)
    rc, out, err = run("--target", "phoenix", "--tenant", "globex", "--schema", mt, stdin=q.encode(), plain=True)
    check("repl --tenant", rc == 0 and out == "SCAN EVENT prefix (TENANT_ID='globex', EVENT_TYPE='L')\n", f"{rc} {out} {err}")
    rc, out, err = run("--schema", mt, stdin=b".tenant acme\n", plain=True)
    check(".tenant under another target is an error", rc == 1 and err == "<stdin>:1:1: error: .tenant applies to target "
          "phoenix only (multi-tenant tables), not lindorm\n", f"{rc} {err!r}")
    rc, out, err = run("--tenant", "acme", stdin=b"", plain=True)
    check("repl --tenant under another target is a usage error", rc == 2 and "--tenant (tenant in .keyplan) applies to "
          "--target phoenix only, not lindorm" in err, f"{rc} {err!r}")

kptest.finish()
