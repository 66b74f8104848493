#!/usr/bin/env python3
"""The words of check's review and findings follow --target (issue 21): the
summary's full-scan column is named as the planner names what it holds
(REJECTED where the store refuses the full scans, FULL SCAN where it runs
them: Phoenix runs them, E100), and no finding names a store other than the
target (E108: KP105 cited HBase on Tablestore).

Usage: test_review_words.py KEYPLAN SOURCE_DIR"""
import functools
import os
import re

import kptest
from kptest import check, write

KEYPLAN, SRC, DATA = kptest.args()
run = functools.partial(kptest.run, plain=True, timeout=60)

SCHEMA = ("CREATE TABLE orders (userid VARCHAR(32) NOT NULL, orderid BIGINT NOT NULL, amount INT,\n"
          "  PRIMARY KEY (userid, orderid));\n")
WORKLOAD = ("-- weight: 10\nSELECT * FROM orders WHERE amount = 5;\n"
            "-- weight: 7\nSELECT * FROM orders WHERE userid = 'u' AND orderid = 1;\n")


def summary_head(out):
    lines = out.splitlines()
    at = [i for i, l in enumerate(lines) if l.startswith("summary (read weight")]
    return lines[at[0] + 1].split() if at else None


with kptest.tempdir() as tmp:
    write(os.path.join(tmp, "s.sql"), SCHEMA)
    write(os.path.join(tmp, "w.sql"), WORKLOAD)
    want = {"lindorm": ["table", "GET", "SCAN", "FILTERED", "REJECTED"],
            "phoenix": ["table", "GET", "SCAN", "FILTERED", "FULL", "SCAN"],
            "tablestore": ["table", "GET", "SCAN", "FILTERED", "FULL", "SCAN"],
            "generic": ["table", "GET", "SCAN", "FILTERED", "FULL", "SCAN"]}
    for target, head in want.items():
        rc, out, err = run("check", "--no-config", "--target", target, "--schema", "s.sql", "--workload", "w.sql",
                           "--exit-zero", cwd=tmp)
        check(f"{target}: the summary's full-scan column is named as the planner names its full scans",
              summary_head(out) == head, out + err)
    # a full scan the statement opts into runs on Lindorm too: both words
    write(os.path.join(tmp, "w2.sql"), WORKLOAD +
          "-- weight: 3\nSELECT /*+ _l_allow_filtering_ */ * FROM orders WHERE amount = 6;\n")
    rc, out, err = run("check", "--no-config", "--target", "lindorm", "--schema", "s.sql", "--workload", "w2.sql",
                       "--exit-zero", cwd=tmp)
    check("lindorm, one full scan refused and one opted in: the column says both",
          summary_head(out) == ["table", "GET", "SCAN", "FILTERED", "FULL/REJECTED"], out + err)

kptest.finish()
