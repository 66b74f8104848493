#!/usr/bin/env python3
"""CLI tests for `keyplan`: exit codes, help, text plans, and JSON Lines
that a real JSON parser accepts. Usage: test_cli.py KEYPLAN SOURCE_DIR"""
import json
import os
import tempfile

import kptest
from kptest import check, run

KEYPLAN, SRC, _ = kptest.args()
SCHEMA = os.path.join(SRC, "examples", "schema.sql")
QUERIES = os.path.join(SRC, "examples", "queries.sql")

rc, out, err = run("--help")
check("--help lists the commands and exits 0", rc == 0 and "explain" in out, out)
rc, out, err = run("explain", "--help")
check("explain --help lists its options and exits 0", rc == 0 and "--schema PATH" in out and "--format text|json" in out, out)
rc, out, err = run("--version")
check("--version prints 'keyplan VERSION' and exits 0", rc == 0 and out.startswith("keyplan "), out)
rc, out, err = run(stdin=b"")
check("no command reads statements from a pipe", rc == 0 and out == "", out + err)
rc, out, err = run("--schema", SCHEMA, stdin=b"SELECT * FROM orders\n WHERE userid = 'a';\n.tables\nSELECT * FROM orders WHERE userid = 'b'")
check("keyplan < file: plans, dot-commands, a last statement without ';'",
      rc == 0 and out.startswith("SCAN orders prefix (userid='a')\norders ") and
      out.endswith("SCAN orders prefix (userid='b')\n") and "keyplan>" not in out, out + err)
rc, out, err = run("--schema", SCHEMA, stdin=b"SELECT * FROM orders WHERE userid = \0 'a';\nSELECT * FROM orders WHERE userid = 'b';\n")
check("keyplan < file: a NUL byte is reported where it is, its statement is not dropped",
      rc == 1 and out == "ERROR: statement not planned (see diagnostics)\nSCAN orders prefix (userid='b')\n" and
      err.startswith("<stdin>:1:37: error: NUL byte in input [KP016 lexical-error]\n"), out + err)
for opt in (["--output", "x"], ["--fail-on", "info"], ["--lang", "java"], ["-e", "SELECT 1"], ["--color", "never"]):
    rc, out, err = run("repl", *opt, stdin=b"")
    check(f"repl refuses {opt[0]}, which it would ignore", rc == 2 and out == "" and err.startswith(
        f"keyplan repl: option '{opt[0]}' does not apply to this command"), err)
rc, out, err = run("repl", "--format", "sarif", stdin=b"")
check("repl has no sarif", rc == 2 and "unknown format 'sarif' (expected text or json)" in err, err)
rc, out, err = run("repl", "--no-config", "--format", "json", "--schema", SCHEMA, stdin=b"SELECT * FROM orders WHERE userid = 'a';")
check("repl --no-config --format json", rc == 0 and json.loads(out)["access"] == "scan", out + err)
rc, out, err = run("frobnicate")
check("an unknown command is named and exits 2", rc == 2 and "unknown command 'frobnicate'" in err, err)
rc, out, err = run("explain", "--schema", SCHEMA, "--bogus", "x.sql")
check("an unknown option is named and exits 2", rc == 2 and "unknown option '--bogus'" in err, err)
rc, out, err = run("explain", "--schema", SCHEMA, "--format", "xml", "-e", "SELECT 1")
check("an unknown --format is named and exits 2", rc == 2 and "unknown format 'xml'" in err, err)
rc, out, err = run("explain", "--schema", "/nonexistent.sql", "-e", "SELECT 1")
check("missing schema is an I/O error", rc == 2 and "/nonexistent.sql: cannot open" in err, err)
rc, out, err = run("explain", "--schema", SCHEMA, "/nonexistent.sql")
check("a query file that cannot be opened exits 2", rc == 2 and "cannot open" in err, err)
rc, out, err = run("explain", "--schema", SCHEMA)
check("explain with a schema and no queries exits 2", rc == 2 and "no queries" in err, err)

# exit 0 when everything plans, 1 on a rejected query or an error
rc, out, err = run("explain", "--schema", SCHEMA, "-e", "SELECT * FROM orders WHERE userid='abc' AND orderid=123")
check("a GET prints its key and exits 0", rc == 0 and out == "<command line>:1:1: GET orders key (userid='abc', orderid=123)\n", out + err)
# -e with no statement in it: a usage error, never a silent success
for sql in ("", "-- only a comment", ";"):
    rc, out, err = run("explain", "--schema", SCHEMA, "-e", sql)
    check(f"explain -e {sql!r}: no statement, exit 2", rc == 2 and out == "" and
          err == "keyplan explain: -e: no statement in the SQL given (<command line>)\n", f"{rc} {out!r} {err!r}")
rc, out, err = run("explain", "--schema", SCHEMA, "-e", "SELECT * FROM orders WHERE orderid = 1")
check("a rejected full scan is located as KP001 and exits 1", rc == 1 and out.startswith("<command line>:1:1: REJECTED orders: full table scan") and
      "<command line>:1:28: error: full table scan" in err and "[KP001 full-scan]" in err, out + err)
rc, out, err = run("explain", "--schema", SCHEMA, "--target", "phoenix", "-e", "SELECT * FROM orders WHERE orderid = 1")
check("phoenix warns, exits 0", rc == 0 and out.startswith("<command line>:1:1: FULL SCAN ORDERS") and "warning:" in err, out + err)

# names compare as the target does: Phoenix upper-cases unquoted names, so
# "orders" (quoted, lower case) is another table; Lindorm's names are
# case-sensitive; generic ignores case
rc, out, err = run("explain", "--schema", SCHEMA, "--target", "phoenix", "--format", "json", "-e",
                   "SELECT * FROM Orders WHERE USERID = 'a'; SELECT * FROM \"orders\" WHERE userid = 'a'; "
                   "SELECT * FROM \"ORDERS\" WHERE \"USERID\" = 'a'")
objs = [json.loads(l) for l in out.splitlines()]
check("phoenix folds unquoted names", [o["access"] for o in objs] == ["scan", None, "scan"]
      and objs[0]["table"] == "ORDERS" and objs[1]["diagnostics"][0]["rule"] == "KP008", out + err)
rc, out, err = run("explain", "--schema", SCHEMA, "-e", "SELECT * FROM Orders WHERE userid = 'a'")
check("lindorm names are case-sensitive", rc == 1 and "no such table: Orders" in err
      and "help: did you mean orders? names are case-sensitive on this target" in err, out + err)
rc, out, err = run("explain", "--schema", SCHEMA, "--target", "generic", "-e", "SELECT * FROM ORDERS WHERE USERID = 'a'")
check("--target generic matches table and column names in any case", rc == 0 and out.startswith("<command line>:1:1: SCAN orders"), out + err)
# Phoenix's grammar has no '#' comment and no '#' in unquoted names (its
# LocalIndexIT expects CREATE TABLE T(L#a ...) to fail): each '#' is an
# unexpected character there; Lindorm (MySQL) reads '#' as a comment
rc, out, err = run("explain", "--schema", SCHEMA, "--target", "phoenix", "-e",
                   "CREATE TABLE T(L#a varchar primary key, aL# integer)")
check("phoenix: '#' is an unexpected character, each one located", rc == 1 and
      out == "<command line>:1:1: ERROR: statement not planned (see diagnostics)\n" and err ==
      "<command line>:1:17: error: unexpected character '#' [KP016 lexical-error]\n"
      "     1 | CREATE TABLE T(L#a varchar primary key, aL# integer)\n"
      "       |                 ^\n"
      "<command line>:1:43: error: unexpected character '#' [KP016 lexical-error]\n"
      "     1 | CREATE TABLE T(L#a varchar primary key, aL# integer)\n"
      "       |                                           ^\n", out + err)
rc, out, err = run("explain", "--schema", SCHEMA, "-e", "SELECT * FROM orders WHERE userid = 'a' # mysql comment")
check("lindorm: '#' starts a comment", rc == 0 and out == "<command line>:1:1: SCAN orders prefix (userid='a')\n" and err == "", out + err)
# a quoted name holding a dot is one name, another table than schema S, table T
with tempfile.TemporaryDirectory() as d:
    with open(os.path.join(d, "st.sql"), "w") as f:
        f.write('CREATE TABLE s.t (k VARCHAR PRIMARY KEY, v INTEGER);\nCREATE TABLE "S.T" (a VARCHAR PRIMARY KEY, b INTEGER);\n')
    rc, out, err = run("explain", "--schema", os.path.join(d, "st.sql"), "--target", "phoenix", "-e",
                       "SELECT * FROM s.t WHERE k = '1'; SELECT * FROM \"S.T\" WHERE a = '1'; SELECT * FROM \"S.T\" WHERE k = '1'")
    check("\"S.T\" and s.t are two tables, each query planned against its own", rc == 1 and
          out == "<command line>:1:1: GET S.T key (K='1')\n<command line>:1:34: GET \"S.T\" key (A='1')\n"
                 "<command line>:1:69: ERROR: statement not planned (see diagnostics)\n" and
          err.startswith("<command line>:1:95: error: unknown column 'K' in table \"S.T\" [KP009 unknown-column]\n"), out + err)
# Phoenix upper-cases with Java's String.toUpperCase: Latin-1, Latin
# Extended-A, Greek and Cyrillic fold 1:1 (dotless i to ASCII I, a shorter
# name); sharp s would become SS and stays as written
with tempfile.TemporaryDirectory() as d:
    with open(os.path.join(d, "u.sql"), "w", encoding="utf-8") as f:
        f.write("CREATE TABLE straße (ключ VARCHAR PRIMARY KEY, émoi INTEGER, ıd INTEGER, λ INTEGER);\n")
    rc, out, err = run("explain", "--schema", os.path.join(d, "u.sql"), "--target", "phoenix", "-e",
                       "SELECT * FROM STRAßE WHERE КЛЮЧ = 'a' AND ÉMOI = 1 AND ID = 2 AND Λ = 3")
    check("phoenix folds Latin-1, Latin Extended-A, Greek and Cyrillic names", rc == 0 and
          out == "<command line>:1:1: GET STRAßE key (КЛЮЧ='a') filter \"ÉMOI\" = 1 AND ID = 2 AND \"Λ\" = 3\n", out + err)
    rc, out, err = run("explain", "--schema", os.path.join(d, "u.sql"), "--target", "phoenix", "-e",
                       "SELECT * FROM STRASSE WHERE ключ = 'a'")
    check("phoenix does not fold sharp s to SS", rc == 1 and
          err.startswith("<command line>:1:15: error: no such table: STRASSE [KP008 unknown-table]\n"), out + err)

# a UTF-8 byte-order mark (Windows editors write one) is not text: a file or
# standard input starting with one reads as without, its columns do not
# count it, and an ignore-file directive on its first line is seen
BOM = b"\xef\xbb\xbf"
rc, out, err = run("explain", "--schema", SCHEMA, "-", stdin=BOM + b"SELECT * FROM orders WHERE userid = 1;\n")
check("byte-order mark on standard input", rc == 1 and "<stdin>:1:37: warning: 1 does not fit" in err
      and "     1 | SELECT * FROM orders" in err, out + err)
with tempfile.TemporaryDirectory() as d:
    with open(os.path.join(d, "s.sql"), "wb") as f:
        f.write(BOM + b"CREATE TABLE b (k INT, PRIMARY KEY (k));\n")
    with open(os.path.join(d, "q.sql"), "wb") as f:
        f.write(BOM + b"-- keyplan:ignore-file full-scan\nSELECT * FROM b WHERE k > 0 OR k < 0 OR 1 = 1;\n")
    rc, out, err = run("explain", "--schema", os.path.join(d, "s.sql"), "-e", "SELECT * FROM b WHERE k = 1")
    check("byte-order mark in a schema file", rc == 0 and out.startswith("<command line>:1:1: GET b key (k=1)"), out + err)
    rc, out, err = run("lint", "--schema", os.path.join(d, "s.sql"), os.path.join(d, "q.sql"))
    check("ignore-file after a byte-order mark", rc == 0 and "KP001" not in out + err, out + err)
    # a query on a table whose CREATE failed: the note points at that CREATE,
    # in a schema file and in a (streamed) query file
    with open(os.path.join(d, "bad.sql"), "w") as f:
        f.write("CREATE TABLE ok (k INT, PRIMARY KEY (k));\n\nCREATE TABLE web (h CHAR(2) NOT NULL, d DATE NOT NULL, n BIGINT\n"
                "  CONSTRAINT pk PRIMARY KEY (h d));\n")
    with open(os.path.join(d, "both.sql"), "w") as f:
        f.write("CREATE TABLE qf (a INT, b INT PRIMARY KEY (a));\nSELECT * FROM qf WHERE a = 1;\n")
    rc, out, err = run("explain", "--schema", os.path.join(d, "bad.sql"), "-e", "SELECT * FROM web WHERE h = 'a'")
    check("failed CREATE in a schema file noted", rc == 1 and
          os.path.join(d, "bad.sql") + ":3:1: note: the CREATE statement of web failed here, so the table is not in the schema" in err,
          out + err)
    for cmd in ("explain", "lint"):
        rc, out, err = run(cmd, "--schema", os.path.join(d, "s.sql"), os.path.join(d, "both.sql"))
        check(cmd + ": failed CREATE in a query file noted", rc == 1 and
              os.path.join(d, "both.sql") + ":1:1: note: the CREATE statement of qf failed here" in out + err, out + err)
rc, out, err = run("explain", "--schema", SCHEMA, "-e", "SELECT * FROM WHERE")
check("syntax error exits 1", rc == 1 and "<command line>:1:15: error: syntax error near 'WHERE'" in err, err)

# the bundled examples; a file below the working directory is shown
# relative to it, as given otherwise
SHOWN_QUERIES = (os.path.relpath(QUERIES) if QUERIES.startswith(os.getcwd() + os.sep) else QUERIES)
rc, out, err = run("explain", "--schema", SCHEMA, QUERIES)
lines = out.splitlines()
check("examples: one line per statement", len(lines) == 14, out)
check("examples: the first query is a GET on the full key", lines[0] == SHOWN_QUERIES + ":2:1: GET orders key (userid='abc', orderid=123)", out)
check("examples: a query on status is served by its index",
      [l.split(": ", 1)[1] for l in lines if "idx_orders_status" in l] == ["SCAN orders via index idx_orders_status prefix (status='paid')"], out)
check("examples: rejected exit 1", rc == 1, str(rc))

# stdin and JSON Lines
with open(QUERIES, "rb") as f:
    data = f.read()
rc, out, err = run("explain", "--schema", SCHEMA, "--format", "json", "-", stdin=data)
objs = [json.loads(l) for l in out.splitlines()]
check("json: one object per statement", len(objs) == 14, out)
keys = {"file", "line", "column", "statement", "table", "path", "access", "rejected", "key",
        "key_order", "ranges", "filter", "order", "diagnostics"}
check("json: every object has exactly the documented fields", all(set(o) == keys for o in objs), out)
o = objs[0]
check("json: a GET gives its location, access and key values", o["file"] == "<stdin>" and o["line"] == 2 and o["column"] == 1 and
      o["access"] == "get" and o["ranges"] == [{"eq": ["abc", 123], "range": None}] and
      o["path"] == {"type": "primary"} and o["key"] == ["userid", "orderid"], json.dumps(o))
o = objs[4]
check("json: a rejected full scan gives KP001 at its line", o["access"] == "full_scan" and o["rejected"] is True and
      o["diagnostics"][0]["rule"] == "KP001" and o["diagnostics"][0]["line"] == 14, json.dumps(o))

# errors never hide the following statements; bad bytes are located
with tempfile.NamedTemporaryFile("wb", suffix=".sql", delete=False) as f:
    f.write(b"SELECT * FROM orders WHERE userid = 'a\xff';\r\nSELECT * FROM orders WHERE userid = 'b';\n"
            b"SELECT \x00;\nSELECT * FROM orders WHERE userid = '\xe7\x94\xa8' AND x = 'unterminated")
    bad = f.name
rc, out, err = run("explain", "--schema", SCHEMA, "--format", "json", bad)
objs = [json.loads(l) for l in out.splitlines()]
check("bad input: four statements", len(objs) == 4, out)
check("bad input: invalid UTF-8 located", objs[0]["diagnostics"][0]["message"] ==
      "invalid UTF-8 byte 0xff in string literal" and objs[0]["diagnostics"][0]["column"] == 39, out)
check("bad input: next statement planned after CRLF", objs[1]["access"] == "scan" and objs[1]["line"] == 2, out)
check("bad input: NUL located", objs[2]["diagnostics"][0]["message"] == "NUL byte in input" and
      objs[2]["line"] == 3 and objs[2]["diagnostics"][0]["column"] == 8, out)
check("bad input: unterminated string after UTF-8", objs[3]["diagnostics"][0]["message"] ==
      "unterminated string literal" and objs[3]["diagnostics"][0]["column"] == 49, out)
check("bad input: exit 1", rc == 1, str(rc))
os.unlink(bad)

# every statement kind has a text line; a never-true WHERE stays on the primary key
rc, out, err = run("explain", "--no-config", "-e",
                   "CREATE TABLE t (a INT PRIMARY KEY, b INT); CREATE INDEX ON t (b); CREATE INDEX ib ON t (b); "
                   "DROP INDEX ib ON t; UPSERT INTO t (a, b) VALUES (1, 2); REPLACE INTO t (a, b) VALUES (1, 2); "
                   "INSERT INTO t (a, b) VALUES (1, 2); SELECT 1; SELECT * FROM t WHERE a = 1 AND a = 2; "
                   "SELECT * FROM nope; DROP TABLE t")
check("text line per statement kind", rc == 1 and [l.split(": ", 1)[1] for l in out.splitlines()] == [
    "CREATE TABLE t", "CREATE INDEX ON t", "CREATE INDEX ib ON t", "DROP INDEX ib",
    "UPSERT t: no plan (writes carry no access path)", "REPLACE t: no plan (writes carry no access path)",
    "INSERT t: no plan (writes carry no access path)", "SELECT: no table, no plan",
    "GET t no keys: the condition is never true", "ERROR: statement not planned (see diagnostics)",
    "DROP TABLE t"], out + err)
rc, out, err = run("explain", "--no-config", "--format", "json", "-e",
                   "CREATE TABLE t (a INT PRIMARY KEY, b INT); CREATE INDEX ib ON t (b) INCLUDE (a); "
                   "SELECT a, b FROM t WHERE b = 1; SELECT * FROM nope")
lines = [json.loads(x) for x in out.splitlines()]
check("json: DDL lines, a covering index path, an unknown table",
      rc == 1 and len(lines) == 4 and lines[0]["statement"] == "create_table" and lines[0]["path"] is None and
      lines[2]["path"] == {"type": "index", "name": "ib", "covering": True} and lines[2]["key"] == ["b", "a"] and
      lines[3]["table"] is None and lines[3]["diagnostics"][0]["rule"] == "KP008", out)

# A config file keyplan cannot read stops the run (exit 2) with a line per
# error naming the file (relative to the working directory) and the line:
# KP024 bad-config, or KP023 io-error when it cannot be opened.
with kptest.tempdir() as d:
    cfg = os.path.join(d, ".keyplan")
    for text, want in [("[rules]\nfull-scna = off\n", "[rules] unknown rule 'full-scna' (see keyplan rules)"),
                       ("[keyplan]\ntarget = cassandra\n",
                        "[keyplan] target must be lindorm, tablestore, phoenix or generic, not 'cassandra'"),
                       ("[keyplan]\nfail-on = never\n",
                        "[keyplan] fail-on must be error, warning or info, not 'never'"),
                       ("[keyplan]\nschemas = s.sql\n", "unknown setting 'schemas' in [keyplan] (schema, include, "
                        "exclude, sql-calls, database-id, fail-on, target, tenant, docs-url)"),
                       ("[keyplan]\ntenant = \n", "[keyplan] tenant must be a TenantId of printable characters, not ''"),
                       ("[other]\nx = 1\n", "unknown section [other] (keyplan, rules)")]:
        kptest.write(cfg, text)
        rc, out, err = kptest.run("lint", "-e", "SELECT 1", cwd=d, plain=True)
        line = 1 if text.startswith("[other]") else 2
        check(f"config: {want}", rc == 2 and out == "" and err == f"keyplan: .keyplan:{line}: {want}\n",
              f"{rc}\n{out}{err}")
    kptest.write(cfg, "[keyplan]\ntarget = lindorm\nnot a setting\n")
    rc, out, err = kptest.run("explain", "-e", "SELECT 1", cwd=d, plain=True)
    check("config: a malformed line is named by its number", rc == 2 and err == "keyplan: .keyplan:3: malformed line "
          "'not a setting' (expected [section], name = value or a ; comment)\n",
          f"{rc}\n{err}")
    rc, out, err = kptest.run("lint", "--config", os.path.join(d, "nope"), "-e", "SELECT 1", cwd=d, plain=True)
    check("config: a --config file that does not exist", rc == 2 and err == "keyplan: nope: cannot open config file\n",
          f"{rc}\n{err}")
    rc, out, err = kptest.run("lint", "--no-config", "missing.sql", cwd=d, plain=True)
    check("a query file that does not exist: io-error text as ever",
          rc == 2 and err == "keyplan: missing.sql: cannot open: No such file or directory\n", f"{rc}\n{err}")
    rc, out, err = kptest.run("rules", "KP024", plain=True)
    check("keyplan rules KP024 prints the bad-config page", rc == 0 and out.startswith("# KP024 bad-config\n"), out + err)

# A "statement" of comments alone with a bad byte in them starts at that
# byte: not where the last statement (of this source or of the schema read
# before it) started, which lay past the end of this one (read out of bounds).
with kptest.tempdir() as d:
    schema = os.path.join(d, "s.sql")
    kptest.write(schema, "-- padding\n" * 50 + "CREATE TABLE t (a INT PRIMARY KEY);\n")
    for sql, at in [("-- a\udce2b", (1, 5)), ("SELECT * FROM t WHERE a = 1;\n-- a\udce2b", (2, 5))]:
        rc, out, err = kptest.run("explain", "--no-config", "--format", "json", "--schema", schema, "-e", sql,
                                  plain=True)
        last = json.loads(out.splitlines()[-1]) if out else {}
        check(f"comments with a bad byte are a statement at {at}", rc == 1 and last.get("statement") is None and
              (last.get("line"), last.get("column")) == at and last["diagnostics"][0]["rule"] == "KP016",
              f"{rc}\n{out}{err}")

# --tenant ID (tenant = ID in .keyplan): the statements run on a Phoenix
# tenant-specific connection, which binds a MULTI_TENANT table's tenant
# column to the TenantId (docs/targets.md, "Multi-tenant tables")
with kptest.tempdir() as d:
    kptest.write(os.path.join(d, "mt.sql"),
                 "CREATE TABLE event (tenant_id VARCHAR(15) NOT NULL, event_type CHAR(1) NOT NULL, "
                 "created_date DATE NOT NULL, event_id BIGINT NOT NULL CONSTRAINT pk PRIMARY KEY "
                 "(tenant_id, event_type, created_date, event_id)) MULTI_TENANT=true;\n")
    q = "SELECT * FROM event WHERE event_type = 'L'"
    rc, out, err = kptest.run("explain", "--no-config", "--target", "phoenix", "--tenant", "acme", "--schema", "mt.sql",
                              "-e", q, cwd=d, plain=True)
    check("--tenant binds the tenant column", rc == 0 and out == "<command line>:1:1: SCAN EVENT prefix "
          "(TENANT_ID='acme', EVENT_TYPE='L')\n", f"{rc}\n{out}{err}")
    rc, out, err = kptest.run("explain", "--no-config", "--target", "phoenix", "--schema", "mt.sql", "-e", q, cwd=d,
                              plain=True)
    check("without --tenant: a global connection", rc == 0 and out == "<command line>:1:1: FULL SCAN EVENT filter "
          "EVENT_TYPE = 'L'\n", f"{rc}\n{out}{err}")
    kptest.write(os.path.join(d, ".keyplan"), "[keyplan]\nschema = mt.sql\ntarget = phoenix\ntenant = globex\n")
    rc, out, err = kptest.run("lint", "-e", "SELECT * FROM event WHERE created_date > ?", cwd=d, plain=True)
    check("tenant = ID in .keyplan: lint reads the tenant's rows only (no full scan)", rc == 0 and out.startswith(
          "<command line>:1:27: info: filtered scan: the server filters rows by CREATED_DATE > ? [KP002 "
          "filtered-scan]\n") and "KP001" not in out, f"{rc}\n{out}{err}")
    kptest.write(os.path.join(d, "w.sql"), "-- weight: 100\nSELECT * FROM event WHERE event_type = 'L' AND "
                 "created_date > ?;\n")
    rc, out, err = kptest.run("check", "--workload", "w.sql", cwd=d, plain=True)
    check("tenant = ID: check's advisor plans the workload on the tenant's connection", rc == 0 and
          "      w.sql:2: SCAN (weight 100)\n" in out and "KP001" not in out + err, f"{rc}\n{out}{err}")
    rc, out, err = kptest.run("explain", "--tenant", "initech", "-e", q, cwd=d, plain=True)
    check("--tenant wins over the config", rc == 0 and "(TENANT_ID='initech', EVENT_TYPE='L')" in out,
          f"{rc}\n{out}{err}")
    rc, out, err = kptest.run("explain", "--target", "lindorm", "-e", "SELECT 1", cwd=d, plain=True)
    check("--tenant under another target is refused", rc == 2 and out == "" and err == "keyplan explain: --tenant "
          "(tenant in .keyplan) applies to --target phoenix only, not lindorm (keyplan explain --help lists the "
          "options)\n", f"{rc}\n{out}{err}")
    rc, out, err = kptest.run("lint", "--tenant", "", "-e", "SELECT 1", cwd=d, plain=True)
    check("--tenant '' is refused", rc == 2 and "--tenant needs a TenantId of printable characters" in err,
          f"{rc}\n{out}{err}")

# -- keyplan:tenant ID: the views below it are that tenant's (docs/annotations.md,
# "Connections"); a query of another connection is a finding, not a broken schema
with kptest.tempdir() as d:
    kptest.write(os.path.join(d, "mt.sql"),
                 "CREATE TABLE event (tenant_id VARCHAR(15) NOT NULL, event_type CHAR(1) NOT NULL, "
                 "event_id BIGINT NOT NULL CONSTRAINT pk PRIMARY KEY (tenant_id, event_type, event_id)) "
                 "MULTI_TENANT=true;\n-- keyplan:tenant acme\nCREATE VIEW mine AS SELECT * FROM event WHERE "
                 "event_type = 'M';\n")
    q = "SELECT * FROM mine WHERE event_id = 1"
    rc, out, err = kptest.run("explain", "--no-config", "--target", "phoenix", "--tenant", "acme", "--schema", "mt.sql",
                              "-e", q, cwd=d, plain=True)
    check("a tenant's view on its connection", rc == 0 and out == "<command line>:1:1: GET MINE key "
          "(TENANT_ID='acme', EVENT_TYPE='M', EVENT_ID=1)\n", f"{rc}\n{out}{err}")
    rc, out, err = kptest.run("lint", "--no-config", "--target", "phoenix", "--schema", "mt.sql", "-e", q, cwd=d,
                              plain=True)
    check("a tenant's view on a global connection: KP008 with a note, the run completes", rc == 1 and
          "<command line>:1:15: error: no such table: MINE [KP008 unknown-table]" in out and
          "mt.sql:3:13: note: view MINE was created on tenant acme's connection, which alone sees it; this "
          "statement runs on the global connection" in out and "schema is broken" not in err, f"{rc}\n{out}{err}")
    rc, out, err = kptest.run("lint", "--no-config", "--target", "phoenix", "--schema", "mt.sql", "-e",
                              "-- keyplan:tenant acme\nUPSERT INTO mine (event_id) VALUES (1)", cwd=d, plain=True)
    check("a directive in a query: the write runs on acme's connection, which sets the tenant column and the "
          "view's constant", rc == 0 and "error" not in out, f"{rc}\n{out}{err}")
    # check's advisor plans each workload statement again on the connection
    # its directive names, as lint planned it: acme's view and acme's rows
    # (GET, SCAN), then the global connection's full scan, a shape apart
    kptest.write(os.path.join(d, "w.sql"), "-- keyplan:tenant acme\n-- weight: 100\nSELECT * FROM mine WHERE "
                 "event_id = 1;\n-- weight: 10\nSELECT * FROM event WHERE event_type = 'L';\n-- keyplan:tenant\n"
                 "-- weight: 1\nSELECT * FROM event WHERE event_type = 'L';\n")
    rc, out, err = kptest.run("check", "--no-config", "--target", "phoenix", "--schema", "mt.sql", "--workload",
                              "w.sql", cwd=d, plain=True)
    check("check plans the workload on its directives' connections", rc == 0 and
          "    workload: 3 statement(s); weight GET 100, SCAN 10, FILTERED 0, full scan 1, sorted 0;" in out and
          "    cost (weighted rows, 1000000 rows assumed by default; by default 10000 rows a value of a key column "
          "bound by = and 10% of those in a range): read 1001100, written 111," in out and
          "    queries planned: 3 statement(s) in 3 shape(s)" in out and
          "      w.sql:8: full scan (weight 1)\n" in out, f"{rc}\n{out}{err}")
    rc, out, err = kptest.run("lint", "--no-config", "--target", "lindorm", "-e", "-- keyplan:tenant acme\nSELECT 1",
                              cwd=d, plain=True)
    check("keyplan:tenant under another target is a KP022 warning", "<command line>:1:4: warning: keyplan:tenant "
          "applies to --target phoenix only (multi-tenant tables): 'keyplan:tenant acme' (docs/annotations.md); "
          "ignored [KP022 bad-directive]" in out, f"{rc}\n{out}{err}")

# Tablestore reads a search index only where it returns every column the
# read returns (docs/targets.md, its rule 1): check's search index holds the
# select list's columns too, and serves the SELECT * reads. Two fixed access
# paths: the two KV indexes are recommended (a search read also pays its
# fan-out, docs/advice.md), the search index is the first alternative
with kptest.tempdir() as d:
    kptest.write(os.path.join(d, "s.sql"), "CREATE TABLE orders (order_id VARCHAR(64) NOT NULL, buyer_id VARCHAR(64), "
                 "seller_id VARCHAR(64), status VARCHAR(16), note VARCHAR(100), PRIMARY KEY (order_id));\n")
    kptest.write(os.path.join(d, "w.sql"), "-- weight: 100\nSELECT * FROM orders WHERE seller_id = ? AND status = ? "
                 "LIMIT 50;\n-- weight: 100\nSELECT * FROM orders WHERE buyer_id = ? AND status = ? LIMIT 50;\n")
    rc, out, err = kptest.run("check", "--no-config", "--target", "tablestore", "--schema", "s.sql", "--workload",
                              "w.sql", cwd=d, plain=True)
    check("Tablestore: the search index check proposes holds what the reads return", rc == 0 and
          "    #3 [KP120] search_index: idx_orders_search on orders over buyer_id, seller_id, status, note (note held for "
          "the reads that return them, not filtered on), created with the CreateSearchIndex operation" in out and "        serves: 200 of 200 (weight)\n" in out,
          f"{rc}\n{out}{err}")

kptest.finish()
