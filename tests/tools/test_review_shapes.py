#!/usr/bin/env python3
"""check's design review lists each table's queries one line per shape
(statements alike by kp_stmt_fingerprint), with their count and weight,
heaviest first, and the advisor's findings on them (issue 21, item 6).

Usage: test_review_shapes.py KEYPLAN SOURCE_DIR"""
import functools
import os

import kptest
from kptest import check, write

KEYPLAN, SRC, DATA = kptest.args()
run = functools.partial(kptest.run, plain=True, timeout=60)

SCHEMA = ("CREATE TABLE orders (userid VARCHAR(32) NOT NULL, orderid BIGINT NOT NULL, amount INT,\n"
          "  PRIMARY KEY (userid, orderid));\n")

with kptest.tempdir() as tmp:
    write(os.path.join(tmp, "s.sql"), SCHEMA)
    w = "".join("-- weight: 10\nSELECT * FROM orders WHERE amount = %d;\n" % i for i in range(5))
    w += "-- weight: 7\nSELECT * FROM orders WHERE userid = 'u' AND orderid = 1;\n"
    w += "".join("SELECT * FROM orders WHERE userid = 'u' LIMIT %d;\n" % (i + 1) for i in range(25))
    write(os.path.join(tmp, "w.sql"), w)
    rc, out, err = run("check", "--no-config", "--target", "lindorm", "--schema", "s.sql", "--workload", "w.sql",
                       "--exit-zero", cwd=tmp)
    lines = out.splitlines()
    at = [i for i, l in enumerate(lines) if l.startswith("    queries planned:")]
    check("one queries section for the table", len(at) == 1, out)
    got = lines[at[0]:at[0] + 23] if at else []
    want = (["    queries planned: 31 statement(s) in 27 shape(s), one line per shape, heaviest first:",
             "      w.sql:2: REJECTED (weight 50, 5 statements alike) [KP120 unserved-query]",
             "      w.sql:12: GET (weight 7)"] +
            ["      w.sql:%d: SCAN (weight 1)" % (13 + i) for i in range(18)] +
            ["      and 7 more shape(s): 7 statement(s), weight 7 of 82"])
    check("one line per shape with its count and weight, heaviest first, the rest summed", got[:len(want)] == want,
          "\n".join(got) + "\n---\n" + "\n".join(want))
    # the findings too: one KP120 a shape, on its first statement, with
    # the count and weight of the statements alike (issue 21, item 6)
    check("... one KP120 for the five statements alike", sum(1 for l in lines if ": warning: " in l and l.endswith("[KP120 unserved-query]")) == 1,
          out)
    check("... on the first, with their count and weight",
          "w.sql:2:1: warning: the key of orders cannot serve this query (rejected full scan); a table or index keyed "
          "[amount][userid][orderid] makes it a SCAN (weight 50, 5 statements alike; the first shown) "
          "[KP120 unserved-query]\n" in out, out)

# a table that stands on a key its target refuses or may refuse (KP110 on
# its own declaration) says so in its verdict, with the alternative that
# fixes it (designs14.md E86: subscription's key may be 2212 bytes, Lindorm's
# limit 2 KB; before, "the design stands" alone, shorten_key only as #2)
E86 = os.path.join("tests", "advisor", "designs14")
rc, out, err = run("check", "--no-config", "--target", "lindorm", "--schema", os.path.join(E86, "E86.schema.sql"),
                   "--workload", os.path.join(E86, "E86.workload.sql"), "--exit-zero", cwd=SRC)
verdicts = [l for l in out.splitlines() if l.startswith("    recommendation:")]
check("E86: each table's verdict, the limit named where its own key may pass it",
      verdicts == ["    recommendation: the design stands (no change keyplan tried pays)",
                   "    recommendation: the design stands (no change keyplan tried pays), but the target's limits "
                   "refuse or may refuse it as declared (KP110 at tests/advisor/designs14/E86.schema.sql:13:3: the key "
                   "of subscription may be 2212 bytes long; lindorm allows at most 2 KB): see alternative #2 "
                   "shorten_key"], "\n".join(verdicts))

kptest.finish()
