#!/usr/bin/env python3
"""keyplan explain as a reviewer reads it (issue 25): every plan line
located as FILE:LINE:COL, each -e its own source with its own lines and
columns, and application code read as lint reads it (a line per variant,
named by its branch conditions).

Usage: test_explain.py KEYPLAN SOURCE_DIR"""
import functools
import json
import os

import kptest
from kptest import check, write

KEYPLAN, SRC, DATA = kptest.args()
EMBED = os.path.join(SRC, "tests", "embed")
run = functools.partial(kptest.run, plain=True, timeout=60)

SCHEMA = ("CREATE TABLE orders (userid VARCHAR NOT NULL, orderid VARCHAR NOT NULL, status VARCHAR, "
          "amount INT, PRIMARY KEY (userid, orderid));\n")
KP001_REJECT = "REJECTED orders: full table scan, no condition on leading key column userid filter "

with kptest.tempdir() as d:
    write(os.path.join(d, "s.sql"), SCHEMA)
    # several -e: each is named by its place, lines and columns are its own
    rc, out, err = run("explain", "--no-config", "--schema", "s.sql", "-e", "SELECT * FROM orders WHERE userid='a'",
                       "-e", "SELECT * FROM orders WHERE status='x';\n  SELECT * FROM orders WHERE amount=1", cwd=d)
    check("several -e: each plan line names its -e, line and column", rc == 1 and out ==
          "<command line 1>:1:1: SCAN orders prefix (userid='a')\n"
          "<command line 2>:1:1: " + KP001_REJECT + "status = 'x'\n"
          "<command line 2>:2:3: " + KP001_REJECT + "amount = 1\n", out + err)
    check("several -e: each diagnostic names its -e", err.startswith(
          "<command line 2>:1:28: error: full table scan") and "\n<command line 2>:2:30: error: full table scan" in err,
          err)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "--format", "json", "-e",
                       "SELECT * FROM orders WHERE status='x'", "-e", "\n\nSELECT * FROM orders WHERE amount=1",
                       cwd=d)
    check("lint: several -e are located each in its own",
          [(g["file"], g["line"], g["column"]) for g in json.loads(out)["diagnostics"]] ==
          [("<command line 1>", 1, 28), ("<command line 2>", 3, 28)], out + err)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "-e", "SELECT * FROM orders WHERE amount=1", cwd=d)
    check("lint: one -e is <command line>", rc == 1 and err == "" and
          out.startswith("<command line>:1:28: error: full table scan"), out + err)
    # a query file: each statement at its first token, windows included
    write(os.path.join(d, "q.sql"), "-- lead\nSELECT * FROM orders WHERE userid = 'a';\n\n   SELECT /*+ _l_allow_filtering_ */ "
          "* FROM orders\n  WHERE amount = 2;\n")
    rc, out, err = run("explain", "--no-config", "--schema", "s.sql", "q.sql", cwd=d)
    check("a file's plan lines are at each statement's first token", rc == 0 and out ==
          "q.sql:2:1: SCAN orders prefix (userid='a')\n"
          "q.sql:4:4: FULL SCAN orders filter amount = 2\n", out + err)

    # application code: Java read as Java, not as SQL
    write(os.path.join(d, "A.java"), 'class A {\n  String q = "SELECT * FROM orders WHERE status = ?";\n'
          '  // not SQL: SELECT * FROM nope;\n}\n')
    rc, out, err = run("explain", "--no-config", "--schema", "s.sql", "A.java", cwd=d)
    check("explain reads .java as Java: the string's plan, located in the code", rc == 1 and
          out == "A.java:2:15: " + KP001_REJECT + "status = ?\n" and
          err.startswith("A.java:2:42: error: full table scan") and "syntax" not in err, out + err)
    rc, out, err = run("explain", "--no-config", "--schema", "s.sql", "--stdin-filename", "B.java", "-",
                       stdin=open(os.path.join(d, "A.java"), "rb").read(), cwd=d)
    check("explain: standard input read as --stdin-filename's language", rc == 1 and
          out == "B.java:2:15: " + KP001_REJECT + "status = ?\n", out + err)
    os.mkdir(os.path.join(d, "app"))
    write(os.path.join(d, "app", "q.py"), 'cur.execute("SELECT * FROM orders WHERE userid = %s", (u,))\n')
    rc, out, err = run("explain", "--no-config", "--schema", "s.sql", "app", cwd=d)
    check("explain: a folder's application code is read", rc == 0 and
          out == "app/q.py:1:14: SCAN orders prefix (userid=?)\n", out + err)
    rc, out, err = run("explain", "--no-config", "--schema", "s.sql", "--lang", "java", "-e",
                       'String q = "SELECT * FROM orders WHERE userid = ?";', cwd=d)
    check("explain --lang java -e: the text is Java", rc == 0 and
          out == "<command line>:1:13: SCAN orders prefix (userid=?)\n" and err == "", out + err)
    rc, out, err = run("explain", "--no-config", "--schema", "s.sql", "--lang", "sql", "A.java", cwd=d)
    check("explain --lang sql reads a .java file as SQL", rc == 1 and "A.java:1:1: ERROR" in out, out + err)

    # a mapper's <include> of another mapper's fragment, as lint reads it
    os.mkdir(os.path.join(d, "mp"))
    write(os.path.join(d, "mp", "Common.xml"), '<?xml version="1.0"?>\n<mapper namespace="demo.Common">\n'
          '  <sql id="byStatus">WHERE status = #{status}</sql>\n</mapper>\n')
    write(os.path.join(d, "mp", "Orders.xml"), '<?xml version="1.0"?>\n<mapper namespace="demo.Orders">\n'
          '  <select id="find">SELECT * FROM orders <include refid="demo.Common.byStatus"/></select>\n</mapper>\n')
    for how in (("mp/Orders.xml", "mp/Common.xml"), ("mp",)):
        rc, out, err = run("explain", "--no-config", "--schema", "s.sql", *how, cwd=d)
        check(f"explain {' '.join(how)}: an <include> of another mapper's fragment is resolved", rc == 1 and
              out == "mp/Orders.xml:3:21: " + KP001_REJECT + "status = ?\n" and "KP012" not in err, out + err)

# MyBatis: a line per variant, named as lint names them
rc, out, err = run("explain", "--no-config", "--schema", "schema.sql", "OrderMapper.xml", cwd=EMBED)
lines = out.splitlines()
check("mapper: a line per variant, named by its branch conditions", rc == 1 and lines[:4] == [
    "OrderMapper.xml:8:5: when `userId == null` and `status == null`: FULL SCAN orders",
    "OrderMapper.xml:8:5: when `userId == null` and `status != null`: " + KP001_REJECT + "status = ?",
    "OrderMapper.xml:8:5: when `userId != null` and `status == null`: SCAN orders prefix (userid=?)",
    "OrderMapper.xml:8:5: when `userId != null` and `status != null`: FILTERED SCAN orders prefix (userid=?) "
    "filter status = ?"], out)
check("mapper: a statement of one variant is not named",
      "OrderMapper.xml:39:5: FILTERED SCAN orders prefix (userid=?) filter amount < 10" in lines, out)
check("mapper: findings merged across variants, as lint's", err.count("[KP001 full-scan]") == 6 and
      "OrderMapper.xml:11:37: error: when `userId == null` and `status != null`: full table scan" in err, err)
rc, out, err = run("explain", "--no-config", "--schema", "schema.sql", "--format", "json", "OrderMapper.xml",
                   cwd=EMBED)
objs = [json.loads(x) for x in out.splitlines()]
check("mapper json: each variant's object names it", [(o["line"], o.get("variant"), o["access"]) for o in objs[:3]] == [
    (8, "when `userId == null` and `status == null`", "full_scan"),
    (8, "when `userId == null` and `status != null`", "full_scan"),
    (8, "when `userId != null` and `status == null`", "scan")] and "variant" not in objs[7], out)

# a range's values written in place (planner/explain.c's value_at): twelve
# key columns bound (more values than one room's worth), integers at both
# ends of 64 bits, strings that need escaping, long and short, a boolean,
# NULL, a parameter, and the JSON is exactly what each value is
with kptest.tempdir() as d:
    cols = [f"c{i}" for i in range(12)]
    types = ["BIGINT", "VARCHAR", "BIGINT", "VARCHAR", "BOOLEAN", "VARCHAR", "BIGINT", "VARCHAR", "BIGINT",
             "VARCHAR", "BIGINT", "BIGINT"]
    write(os.path.join(d, "w.sql"), "CREATE TABLE w (" + ", ".join(f"{c} {t} NOT NULL" for c, t in zip(cols, types)) +
          ", v INT, PRIMARY KEY (" + ", ".join(cols) + "));\n")
    long_s = "q\\u\"t\x01" * 200
    vals = ["-9223372036854775808", "'a'", "9223372036854775807", "'" + long_s.replace("'", "''") + "'", "TRUE",
            "'\u00e9\u7528'", "0", "'\x1b[2J'", "?", "''", "42", "-7"]
    q = "SELECT * FROM w WHERE " + " AND ".join(f"{c} = {v}" for c, v in zip(cols, vals)) + ";\n"
    write(os.path.join(d, "q.sql"), q)
    rc, out, err = run("explain", "--no-config", "--schema", "w.sql", "--format", "json", "q.sql", cwd=d)
    want = [-9223372036854775808, "a", 9223372036854775807, long_s, 1, "\u00e9\u7528", 0, "\x1b[2J",
            {"param": "?"}, "", 42, -7]   # TRUE on a key column is 1
    ranges = '"ranges": ' + json.dumps([{"eq": want, "range": None}], ensure_ascii=False) + ', "filter"'
    check("explain json: twelve key values written in place, each as it is, byte for byte",
          rc == 0 and out.count("\n") == 1 and ranges in out, out + err)

kptest.finish()
