#!/usr/bin/env python3
"""keyplan digest through the binary: options and their errors, each log
format detected, gzip and standard input, the JSON contract (validated
against docs/schemas/digest.schema.json), --merge of shards equal to one
pass, and check --workload with a log or a digest.

Usage: test_digest.py KEYPLAN SOURCE_DIR"""
import gzip
import json
import os
import random

import jsonschema

import kptest
from kptest import check

KEYPLAN, SRC, SHARED = kptest.args()

with open(os.path.join(SRC, "docs", "schemas", "digest.schema.json")) as f:
    SCHEMA = json.load(f)


def valid(doc):
    errs = sorted(jsonschema.Draft202012Validator(SCHEMA).iter_errors(doc), key=str)
    return "; ".join(f"{list(e.path)}: {e.message}" for e in errs[:3])


SCHEMA_SQL = ("CREATE TABLE orders (user_id VARCHAR, order_id BIGINT, status VARCHAR,"
              " PRIMARY KEY (user_id, order_id));\n")


def slow_event(i, sql, qt, rows):
    return (f"# Time: 2024-01-0{1 + i // 1000}T03:{i // 60 % 60:02d}:{i % 60:02d}.000000Z\n"
            f"# User@Host: app[app] @ localhost []  Id:     8\n"
            f"# Query_time: {qt:.6f}  Lock_time: 0.000001 Rows_sent: 1  Rows_examined: {rows}\n"
            f"SET timestamp={1704164645 + i};\n{sql};\n")


def slow_log(n, seed):
    r = random.Random(seed)
    out = []
    for i in range(n):
        k = r.random()
        if k < 0.6:
            sql = f"SELECT * FROM orders WHERE user_id = 'u{r.choice([1, 1, 1, 2, 2, r.randrange(100)])}' AND order_id = {r.randrange(10**6)}"
        elif k < 0.9:
            sql = f"select * from orders where user_id = 'u{r.randrange(100)}' and order_id > {r.randrange(1000)}"
        else:
            sql = f"SELECT * FROM orders WHERE status = 's{r.randrange(5)}'"
        out.append(slow_event(i, sql, r.randrange(1, 10**6) / 1e6, r.randrange(1, 10**5)))
    return "".join(out)


with kptest.tempdir() as tmp:
    def p(name):
        return os.path.join(tmp, name)

    kptest.write(p("s.sql"), SCHEMA_SQL)

    # --- options ---
    rc, out, err = kptest.run("digest")
    check("no log is a usage error", rc == 2 and err ==
          "keyplan digest: give one or more logs ('-': standard input) (keyplan digest --help lists the options)\n", err)
    rc, out, err = kptest.run("digest", "--format", "xml", "a.log")
    check("an unknown --format is a usage error", rc == 2 and "--format takes text or json, not 'xml'" in err, err)
    rc, out, err = kptest.run("digest", "--sample-rate", "0", "a.log")
    check("--sample-rate 0 is a usage error", rc == 2 and "--sample-rate takes a number in (0, 1], not '0'" in err, err)
    rc, out, err = kptest.run("digest", "--log-format", "csv", "a.log")
    check("an unknown --log-format is a usage error", rc == 2 and
          "--log-format takes lines, mysql-slow, phoenix-csv, lindorm-json or digest, not 'csv'" in err, err)
    rc, out, err = kptest.run("digest", "--top-values", "0", "a.log")
    check("--top-values 0 is a usage error", rc == 2 and "--top-values takes a whole number from 1 to 1000, not '0'" in err, err)
    rc, out, err = kptest.run("digest", "--bogus", "a.log")
    check("an unknown option is a usage error", rc == 2 and "unknown option '--bogus'" in err, err)
    rc, out, err = kptest.run("digest", p("missing.log"))
    check("a log that cannot be opened: exit 2, named", rc == 2 and
          err == f"keyplan digest: {p('missing.log')}: No such file or directory\n", err)
    rc, out, err = kptest.run("digest", "--help")
    check("--help lists every option", rc == 0 and all(o in out for o in (
        "--format", "--log-format", "--sample-rate", "--schema", "--target", "--top ", "--top-values", "--merge")), out)
    man = open(os.path.join(SRC, "docs", "keyplan.1")).read().replace("\\-", "-")
    for o in ("--format", "--log-format", "--sample-rate", "--schema", "--target", "--top", "--top-values", "--merge"):
        check(f"the man page lists digest's {o}", o in man, o)
    check("the man page describes the digest command", ".B digest\n" in man)
    rc2, out2, _ = kptest.run("help", "digest")
    check("keyplan help digest is its --help", rc2 == 0 and out2 == out)
    rc, out, _ = kptest.run("--help")
    check("keyplan --help lists digest", "  digest    " in out, out)

    # --- formats, gzip, stdin ---
    log = slow_log(3000, 1)
    kptest.write(p("all.log"), log)
    with gzip.open(p("all.log.gz"), "wt") as f:
        f.write(log)
    rc, out, err = kptest.run("digest", "--schema", p("s.sql"), "--format", "json", p("all.log"))
    one = json.loads(out) if rc == 0 else {}
    check("a slow log digests: exit 0", rc == 0, err)
    check("its JSON validates against the schema", rc == 0 and not valid(one), valid(one) if rc == 0 else err)
    check("the slow log is detected", one.get("inputs", [{}])[0].get("format") == "mysql-slow", out[:300])
    check("3,000 statements, 3 shapes, nothing skipped", one.get("statements") == 3000 and len(one.get("shapes", [])) == 3
          and one.get("skipped", {}).get("total") == 0, json.dumps(one.get("skipped")))
    full = [s for s in one.get("shapes", []) if s["plan"] and s["plan"]["access"] == "full_scan"]
    check("the full scan is planned as rejected", len(full) == 1 and full[0]["plan"]["rejected"] is True, str(full)[:300])
    get = [s for s in one.get("shapes", []) if s["plan"] and s["plan"]["access"] == "get"]
    hot = get[0]["hot_keys"][0] if get and get[0]["hot_keys"] else {}
    check("the GET shape's hot user_id is 'u1'", hot.get("column") == "user_id" and hot["values"][0]["value"] == "'u1'",
          json.dumps(hot)[:300])
    rc, outgz, err = kptest.run("digest", "--schema", p("s.sql"), "--format", "json", p("all.log.gz"))
    gz = json.loads(outgz) if rc == 0 else {}
    check("the gzip log digests as the plain one", rc == 0 and gz.get("shapes") and
          [(s["fingerprint"], s["count"], s["time_us"]) for s in gz["shapes"]] ==
          [(s["fingerprint"], s["count"], s["time_us"]) for s in one["shapes"]], err)
    rc, outin, err = kptest.run("digest", "--format", "json", "-", stdin=log.encode())
    sin = json.loads(outin) if rc == 0 else {}
    check("standard input is read as '-'", rc == 0 and sin.get("statements") == 3000 and
          sin["inputs"][0]["path"] == "-", err)

    # --- merge: shards digested apart and merged equal one pass ---
    events = log.split("# Time:")[1:]
    parts = []
    for k in range(4):
        chunk = "".join("# Time:" + e for e in events[k * 750:(k + 1) * 750])
        kptest.write(p(f"shard{k}.log"), chunk)
        rc, o, err = kptest.run("digest", "--schema", p("s.sql"), "--format", "json", p(f"shard{k}.log"))
        check(f"shard {k} digests", rc == 0, err)
        kptest.write(p(f"shard{k}.json"), o)
        parts.append(p(f"shard{k}.json"))
    rc, out, err = kptest.run("digest", "--merge", "--format", "json", *parts)
    merged = json.loads(out) if rc == 0 else {}
    check("the merged digest validates", rc == 0 and not valid(merged), err or valid(merged))

    def exact(d):
        return {s["fingerprint"]: (s["count"], s["estimated"], s["first_seen"], s["last_seen"], s["time_us"],
                                   s["rows_scanned"], s["rows_sent"], s["plan"]) for s in d.get("shapes", [])}
    check("4 shards merged: counts, sums, extremes and plans equal one pass", exact(merged) == exact(one) and
          merged.get("statements") == one.get("statements"), json.dumps(exact(merged))[:400])
    for s in merged.get("shapes", []):
        o = next(x for x in one["shapes"] if x["fingerprint"] == s["fingerprint"])
        for h in s["hot_keys"]:
            oh = next(x for x in o["hot_keys"] if x["column"] == h["column"])
            check(f"hot {h['column']}: merged n equals one pass", h["n"] == oh["n"], f"{h['n']} {oh['n']}")
    rc, out, err = kptest.run("digest", "--merge", "--top-values", "3", parts[0])
    check("a merge with another --top-values is refused, located", rc == 2 and
          "not a keyplan digest: hot values kept with another k (give the same --top-values)" in err, err)
    kptest.write(p("bad.json"), '{"format": "keyplan-digest", "version": 2}\n')
    rc, out, err = kptest.run("digest", "--merge", p("bad.json"))
    check("a digest of another version is refused", rc == 2 and
          err == f"keyplan digest: {p('bad.json')}:1: not a keyplan digest: version 1 is the only one read\n", err)
    rc, out, err = kptest.run("digest", "--merge", p("all.log"))
    check("--merge of a log is refused", rc == 2 and "not a keyplan digest" in err, err)

    # --- the text report ---
    rc, out, err = kptest.run("digest", "--schema", p("s.sql"), p("all.log"), plain=True)
    lines = out.splitlines()
    check("the report opens with what was read", rc == 0 and lines[0] == "digest: 3000 statements, 3 shapes, from 1 log; 0 skipped", out[:300])
    check("rejected shapes come first", "\nrejected, full-scan and filtered shapes:\n#1 " in out and
          out.index("rejected, full-scan") < out.index("top shapes by count:") < out.index("top shapes by rows scanned:"), out[:600])

    kptest.write(p("two.log"), slow_event(0, "SELECT * FROM orders WHERE user_id = 'u1' AND order_id = 5", 0.0015, 1) +
                 slow_event(1, "SELECT * FROM orders WHERE user_id = 'u1' AND order_id = 6", 0.0025, 3))
    rc, out, err = kptest.run("digest", "--schema", p("s.sql"), p("two.log"), plain=True)
    fp = json.loads(kptest.run("digest", "--format", "json", p("two.log"))[1])["shapes"][0]["fingerprint"]
    check("a shape's block in the report: plan and estimate, the log's figures, example, hot keys", rc == 0 and
          "\ntop shapes by count:\n"
          f"#1  {fp}  2 statements, 100.0%  get on orders, 1 key range\n"
          "    SELECT * FROM orders WHERE user_id = 'u1' AND order_id = 5\n"
          "    time avg 2.000 ms max 2.500 ms  rows scanned avg 2.0 max 3  rows sent avg 1.0 max 1\n"
          f"    first example: {p('two.log')}:5\n"
          "    hot user_id (of 2, each count up to 0 short): 'u1' x2\n"
          "    hot order_id (of 2, each count up to 0 short): 5 x1 6 x1\n" in out, out)

    # --- sampling said so ---
    kptest.write(p("q.csv"), "QUERY_ID,QUERY,BIND_PARAMETERS,START_TIME\n"
                 "1,SELECT * FROM orders WHERE user_id = ? AND order_id = ?,\"u1,5\",2024-01-02 03:04:05.000\n")
    rc, out, err = kptest.run("digest", "--sample-rate", "0.25", p("q.csv"))
    check("a sampled log is scaled, and said so", rc == 0 and "sampled at 0.25: counts scaled by 4" in out and
          "about 4 statements run, by the sampling rates" in out, out)

    # --- hostile input: nothing dropped silently ---
    kptest.write(p("bad.log"), "SELECT * FROM orders WHERE user_id = 'a' AND order_id = 1;\n\x01\x02garbage\nSELEC x;\n")
    rc, out, err = kptest.run("digest", p("bad.log"), plain=True)
    check("skipped lines are counted and located", rc == 0 and "skipped: binary 1 not-sql 1\n" in out and
          f"  {p('bad.log')}:2: binary: control byte 0x01 at byte 1 of the line\n" in out and
          f"  {p('bad.log')}:3: not-sql: " in out, out)

    # --- a 1 GB single line (KP_STRESS=1, as tools/check.sh sets): skipped,
    # located, in bounded memory, and the line after it still read ---
    if os.environ.get("KP_STRESS") == "1":
        import resource
        big = p("gigabyte.log")
        with open(big, "w") as f:
            f.write("SELECT * FROM orders WHERE user_id = 'a' AND order_id = 1;\n")
            chunk = "x" * (1 << 20)
            for _ in range(1024):
                f.write(chunk)
            f.write("\nSELECT * FROM orders WHERE user_id = 'b' AND order_id = 2;\n")
        rc, out, err = kptest.run("digest", "--format", "json", big, timeout=1200)
        d = json.loads(out) if rc == 0 else {}
        os.unlink(big)
        rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
        check("a 1 GB line: skipped as too-long at line 2, the statements around it read", rc == 0 and
              d["statements"] == 2 and d["skipped"]["too-long"] == 1 and d["skips"][0]["line"] == 2 and
              d["skips"][0]["detail"] == "a line of 1073741824 bytes (at most 16781312 are read)", err + out[:500])
        if not os.environ.get("KP_SANITIZED"):
            check(f"a 1 GB line: peak RSS {rss_mb} MB stays under 64 MB", rss_mb < 64, str(rss_mb))

    # --- check --workload with a log and with a digest ---
    rc, out, err = kptest.run("check", "--schema", p("s.sql"), "--workload", p("all.log"), "--format", "json")
    doc = json.loads(out) if out.startswith("{") else {}
    summ = {t["table"]: t for t in doc.get("summary", [])}
    counts = {s["plan"]["access"]: s["count"] for s in one.get("shapes", [])}
    before = summ.get("orders", {}).get("before", {})
    check("check --workload LOG weighs each shape by its count", before.get("get") == counts.get("get") and
          before.get("scan") == counts.get("scan") and before.get("rejected") == counts.get("full_scan"),
          json.dumps(before) + " " + json.dumps(counts) + err[:300])
    kptest.write(p("one.json"), json.dumps(one))
    rc2, out2, err2 = kptest.run("check", "--schema", p("s.sql"), "--workload", p("one.json"), "--format", "json")
    doc2 = json.loads(out2) if out2.startswith("{") else {}
    check("check --workload DIGEST gives the same summary", doc2.get("summary") == doc.get("summary"), err2[:300])

kptest.finish()
