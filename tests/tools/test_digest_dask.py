#!/usr/bin/env python3
"""The Dask recipe of docs/digest.md (docs/examples/digest_dask.py) on a
local Dask cluster of two worker processes: six log shards (plain and gzip,
two formats) mapped to keyplan digest on the workers and merged there must
equal one keyplan digest over all of them: counts, sums, extremes, plans
and skipped lines exactly, hot keys within their stated error.

Dask comes from Debian's python3-distributed (tools/bootstrap.sh installs
it); the recipe runs under the interpreter that has it.

Usage: test_digest_dask.py KEYPLAN SOURCE_DIR"""
import gzip
import json
import os
import random
import shutil
import subprocess
import sys

import kptest
from kptest import check

KEYPLAN, SRC, SHARED = kptest.args()


def dask_python():
    """An interpreter that imports dask.distributed: this one, or Debian's."""
    for py in (sys.executable, "/usr/bin/python3", shutil.which("python3")):
        if py and subprocess.run([py, "-c", "import dask.distributed"], capture_output=True).returncode == 0:
            return py
    return None


PY = dask_python()
check("an interpreter with dask.distributed (Debian: python3-distributed) is installed", PY is not None,
      "install python3-distributed (tools/bootstrap.sh)")
if PY is None:
    kptest.finish()

SCHEMA = ("CREATE TABLE orders (user_id VARCHAR, order_id BIGINT, status VARCHAR,"
          " PRIMARY KEY (user_id, order_id));\n")

r = random.Random(27)
truth = {}


def statement():
    k = r.random()
    if k < 0.7:
        u = r.choice(["u1", "u1", "u2", f"u{r.randrange(500)}"])
        truth[u] = truth.get(u, 0) + 1
        return f"SELECT * FROM orders WHERE user_id = '{u}' AND order_id = {r.randrange(10**6)}"
    if k < 0.9:
        return f"SELECT * FROM orders WHERE status = 's{r.randrange(9)}'"
    return "SELEC broken"


with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "s.sql"), SCHEMA)
    shards = []
    for k in range(6):
        if k % 2 == 0:
            text = "".join(
                f"# Time: 2024-02-0{k + 1}T01:02:{i % 60:02d}.000000Z\n"
                f"# Query_time: 0.{r.randrange(10**6):06d}  Lock_time: 0.0 Rows_sent: 1  Rows_examined: {r.randrange(10**4)}\n"
                f"{statement()};\n" for i in range(1500))
        else:
            text = "".join(json.dumps({"sql_query_s": statement(), "query_start_time": 1706745600000 + k * 86400000 + i,
                                       "duration_ms": r.randrange(100), "rows_scanned": r.randrange(10**4)}) + "\n"
                           for i in range(1500))
        path = os.path.join(tmp, f"shard{k}.log" + (".gz" if k % 3 == 0 else ""))
        if path.endswith(".gz"):
            with gzip.open(path, "wt") as f:
                f.write(text)
        else:
            kptest.write(path, text)
        shards.append(path)

    merged_path = os.path.join(tmp, "merged.json")
    p = subprocess.run([PY, os.path.join(SRC, "docs", "examples", "digest_dask.py"), "--local", "2",
                        "--keyplan", KEYPLAN, "--schema", os.path.join(tmp, "s.sql"), "--top-values", "5",
                        "--out", merged_path, *shards], capture_output=True, text=True, timeout=600)
    check("the recipe runs on a local Dask cluster: exit 0", p.returncode == 0, p.stderr[-2000:])
    merged = json.load(open(merged_path)) if p.returncode == 0 else {}

    rc, out, err = kptest.run("digest", "--schema", os.path.join(tmp, "s.sql"), "--top-values", "5",
                              "--format", "json", *shards, timeout=300)
    one = json.loads(out) if rc == 0 else {}
    check("one pass over all shards: exit 0", rc == 0, err)

    def exact(d):
        return {s["fingerprint"]: (s["count"], s["estimated"], s["first_seen"], s["last_seen"], s["time_us"],
                                   s["rows_scanned"], s["rows_sent"], s["plan"]) for s in d.get("shapes", [])}
    check("9,000 statements were read", one.get("statements", 0) + one.get("skipped", {}).get("total", 0) == 9000,
          json.dumps(one.get("skipped")))
    check("merged on Dask: every shape's counts, sums, extremes and plan equal one pass",
          exact(merged) and exact(merged) == exact(one), json.dumps(exact(merged))[:500])
    check("merged on Dask: statements and skipped lines equal one pass",
          merged.get("statements") == one.get("statements") and merged.get("skipped") == one.get("skipped"),
          json.dumps(merged.get("skipped")))
    check("merged on Dask: all six inputs are listed", sorted(i["path"] for i in merged.get("inputs", [])) == sorted(shards),
          json.dumps(merged.get("inputs"))[:300])
    gets = [s for s in merged.get("shapes", []) if s["plan"] and s["plan"]["access"] == "get"]
    hot = next((h for h in gets[0]["hot_keys"] if h["column"] == "user_id"), None) if gets else None
    ok = hot is not None and hot["n"] == sum(truth.values())
    for v in (hot or {}).get("values", []):
        t = truth.get(v["value"].strip("'"), 0)
        ok &= v["count"] <= t <= v["count"] + hot["error"]
    check("merged on Dask: hot user_id counts within the stated error of the truth", ok, json.dumps(hot)[:400])
    check("merged on Dask: the hottest users are found", hot is not None and
          {v["value"] for v in hot["values"][:2]} == {"'u1'", "'u2'"}, json.dumps(hot)[:400])

kptest.finish()
