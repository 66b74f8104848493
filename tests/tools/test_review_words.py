#!/usr/bin/env python3
"""The words of check's review and findings follow --target (issue 21): the
summary's full-scan column is named as the planner names what it holds
(REJECTED where the store refuses the full scans, FULL SCAN where it runs
them: Phoenix runs them, E100), and no finding names a store other than the
target (E108: KP105 cited HBase on Tablestore).

Usage: test_review_words.py KEYPLAN SOURCE_DIR"""
import functools
import glob
import json
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

# KP105 on a wide fixed-width key: the target's own advice, never another
# store's (E108: "HBase advises keys of 16 bytes or less" on Tablestore)
WIDE = ("CREATE TABLE application (org_id BIGINT NOT NULL, job_id BIGINT NOT NULL, stage_id BIGINT NOT NULL,\n"
        "  application_id BIGINT NOT NULL, status VARCHAR(16), PRIMARY KEY (org_id, job_id, stage_id, application_id));\n")
KP105 = {
    "lindorm": "the key of application is 32 bytes wide; Lindorm advises compact keys of fixed-length values such "
               "as long integers, to store less and write faster (Lindorm, Design primary keys for Lindorm wide "
               "tables)",
    "tablestore": "the key of application is 32 bytes wide; every row stores its key, and each secondary index's "
                  "row holds it again (Tablestore appends the data table's primary key columns to an index's key)",
    "phoenix": "the key of APPLICATION is 32 bytes wide; HBase, which stores Phoenix's rows, advises row keys of "
               "16 bytes or less (every cell stores its row key)",
    "generic": "the key of application is 32 bytes wide; every row stores its key, and each secondary index's "
               "entry holds it again",
}
with kptest.tempdir() as tmp:
    write(os.path.join(tmp, "s.sql"), WIDE)
    write(os.path.join(tmp, "w.sql"), "SELECT status FROM application WHERE org_id = 1 AND job_id = 2;\n")
    for target, msg in KP105.items():
        rc, out, err = run("check", "--no-config", "--target", target, "--schema", "s.sql", "--workload", "w.sql",
                           "--exit-zero", "--format", "json", cwd=tmp)
        got = [d["message"] for d in json.loads(out)["diagnostics"] if d["rule"] == "KP105"] if rc == 0 else []
        check(f"{target}: KP105 gives the target's own advice on a wide key", got == [msg], repr(got) + err)

# no finding, help, note or advice names a store other than the target, on
# every design fixture read under every target (the directive that applies
# to --target phoenix only says so by the option's value)
STORES = ("lindorm", "tablestore", "phoenix", "hbase")
OWN = {"lindorm": {"lindorm"}, "tablestore": {"tablestore"}, "phoenix": {"phoenix", "hbase"}, "generic": set()}


def words(o):
    if isinstance(o, str):
        yield o
    elif isinstance(o, dict):
        for k, v in o.items():
            if k not in ("file", "ddl"):
                yield from words(v)
    elif isinstance(o, list):
        for v in o:
            yield from words(v)


fixtures = sorted(glob.glob(os.path.join(SRC, "tests", "advisor", "designs1[67]", "E*.schema.sql")))
check("the fixtures are there", len(fixtures) == 12, repr(fixtures))
for schema in fixtures:
    for target, own in OWN.items():
        rc, out, err = run("check", "--no-config", "--exit-zero", "--format", "json", "--target", target, "--schema",
                           schema, "--workload", schema.replace(".schema.sql", ".workload.sql"))
        named = set()
        for s in (words(json.loads(out)) if rc == 0 else []):
            s = s.replace("--target phoenix", "")
            named |= {st for st in STORES if st not in own and re.search(r"\b" + st + r"\b", s, re.I)}
        check(f"{os.path.basename(schema)} on {target}: no other store named", rc == 0 and not named,
              repr(sorted(named)) + err)

# an index recommended with a key change: its key line is the key its rows
# will have, the new key appended as the store appends it, the same as the
# IndexMeta of its message (E101: the line read the old key order)
E101 = os.path.join(SRC, "tests", "advisor", "designs16", "E101")
rc, out, err = run("check", "--no-config", "--exit-zero", "--target", "tablestore", "--schema", E101 + ".schema.sql",
                   "--workload", E101 + ".workload.sql")
lines = out.splitlines()
at = [i for i, l in enumerate(lines) if l.startswith("    and [KP120] secondary_index: "
                                                      "idx_charging_session_token_uid_start_date_time")]
check("E101: the index recommended with the reorder names the new key in its IndexMeta",
      len(at) == 1 and "(IndexMeta: primary key [token_uid][start_date_time][party_id][country_code][session_id]," in
      lines[at[0]], out + err)
check("E101: ... and its key line says the same key, after the key change",
      len(at) == 1 and lines[at[0] + 1] == "        key: [token_uid][start_date_time][party_id][country_code]"
      "[session_id] (after the key change)", "\n".join(lines[at[0]:at[0] + 2]) if at else out)
rc, out, err = run("check", "--no-config", "--exit-zero", "--format", "json", "--target", "tablestore", "--schema",
                   E101 + ".schema.sql", "--workload", E101 + ".workload.sql")
keys = [a["key"] for a in json.loads(out)["advice"] if a["message"].startswith(
    "secondary_index: idx_charging_session_token_uid_start_date_time on")] if rc == 0 else []
check("E101: JSON key stays the index as judged on the table as it is (the KP120 finding's)",
      keys == ["[token_uid][start_date_time][country_code][party_id][session_id]"], repr(keys) + err)

# a KP120 finding never proposes what the review of its table holds back
# (E103, E104): the index table keyed by a column a write changes on a row
# that exists is not proposed; the help names the index that stands, or why
# none does
def kp120(design, target, line):
    path = os.path.join("designs17", design)
    rc, out, err = run("check", "--no-config", "--exit-zero", "--format", "json", "--target", target, "--schema",
                       path + ".schema.sql", "--workload", path + ".workload.sql",
                       cwd=os.path.join(SRC, "tests", "advisor"))
    got = [(d["message"], d.get("help", [])) for d in json.loads(out)["diagnostics"]
           if d["rule"] == "KP120" and d["line"] == line] if rc == 0 else []
    return got, err


got, err = kp120("E103", "lindorm", 12)
check("E103 :12: KP120 names the secondary index that stands as the alternative it is, not the held-back index table", got == [(
    "the key of loan_repayment_schedule cannot serve this query (FILTERED SCAN); a secondary index keyed "
    "[loan_id][completed_derived][installment] would make it a SCAN, but keyplan does not recommend it (alternative #3)",
    ["no index is recommended: secondary_index on loan_repayment_schedule keyed [loan_id][completed_derived][installment] "
     "is alternative #3 of the review of loan_repayment_schedule: reads of weight 20000 that are one covered range of a "
     "bound key prefix today read 20000 weighted rows fewer through it, less than a factor of 4 on their rows: a range "
     "already served, so what it saves them does not count for it; not an index table keyed "
     "[loan_id][completed_derived][installment]: designs17/E103.workload.sql:15 "
     "sets completed_derived on a row that exists, and a key column changes only by a delete and a new write: with "
     "completed_derived in the index table's key, that write would leave the old row in place and write a second "
     "one"])], repr(got) + err)
got, err = kp120("E104", "lindorm", 33)
check("E104 :33: KP120 says why the index table that would serve it is not advised", got == [(
    "the key of import_row cannot serve this query (FILTERED SCAN); an index table keyed "
    "[hash32(import_no)][import_no][row_state][row_no] would make it a SCAN, but keyplan does not advise it",
    ["no index is advised: not an index table keyed [hash32(import_no)][import_no][row_state][row_no]: "
     "designs17/E104.workload.sql:30 sets row_state on a row that exists, and a key column changes only by a delete "
     "and a new write: with row_state in the index table's key, that write would leave the old row in place and "
     "write a second one"])], repr(got) + err)

# no widen_index for a read the widened index would serve no better than the
# table's key: one that binds only the columns the index shares with the key
# in place (E105: a MULTI_TENANT index's tenant, the auditor's total > 10000)
rc, out, err = run("check", "--no-config", "--exit-zero", "--format", "json", "--target", "phoenix", "--schema",
                   "designs17/E105.schema.sql", "--workload", "designs17/E105.workload.sql",
                   cwd=os.path.join(SRC, "tests", "advisor"))
widen = [a["message"] for a in json.loads(out)["advice"] if a["kind"] == "widen_index"] if rc == 0 else ["rc"]
check("E105: no widen_index of REPORT_BY_STATUS for the read that binds only the tenant", widen == [], repr(widen))
KEEP = ("CREATE TABLE t (a BIGINT NOT NULL, b BIGINT NOT NULL, c BIGINT, d BIGINT, e BIGINT, PRIMARY KEY (a, b));\n"
        "CREATE INDEX t_ac ON t (a, c);\n")
with kptest.tempdir() as tmp:
    write(os.path.join(tmp, "s.sql"), KEEP)
    for where, want in (("a = ? AND d = ?", 0), ("a = ? AND c = ?", 1)):
        write(os.path.join(tmp, "w.sql"), "-- weight: 100\nSELECT e FROM t WHERE %s;\n" % where)
        rc, out, err = run("check", "--no-config", "--exit-zero", "--format", "json", "--target", "phoenix",
                           "--schema", "s.sql", "--workload", "w.sql", cwd=tmp)
        n = sum(1 for a in json.loads(out)["advice"] if a["kind"] == "widen_index") if rc == 0 else -1
        check(f"WHERE {where}: {want} widen_index of t_ac (its lead past the key's a is c)", n == want, out + err)

# an UPSERT that rewrites fewer index rows in place, the index that held its
# columns dropped: the columns named are the ones today's index holds (E99:
# "each UPSERT setting  (...), a column 0 indexes hold" named none)
rc, out, err = run("check", "--no-config", "--exit-zero", "--target", "phoenix", "--schema",
                   "designs16/E99.schema.sql", "--workload", "designs16/E99.workload.sql",
                   cwd=os.path.join(SRC, "tests", "advisor"))
said = sorted(set(re.findall(r"each UPSERT setting [^;\n]*", out)))
check("E99: the UPSERT's words name the columns the dropped index held", said == [
    "each UPSERT setting GEAR_ID (designs16/E99.workload.sql:9, weight 3000), a key column of no index (1 now), no "
    "longer moves an index row",
    "each UPSERT setting NAME, SPORT_TYPE (designs16/E99.workload.sql:9, weight 3000), columns no index holds (1 now) "
    "outside its key, no longer rewrites an index row in place, and moves the row of 1 index as today",
    "each UPSERT setting SPORT_TYPE, GEAR_ID (designs16/E99.workload.sql:9, weight 3000), key columns of 2 indexes "
    "(1 now), moves their rows when its row exists (the old deleted, the new written)"], repr(said) + err)

# an index the review drops is never widened by the same recommendation: a
# widen_index of it is only the alternative that keeps it, and each excludes
# the other ("pick one"; E105's widen of the index its review drops)
for design, target in (("designs11/E67", "phoenix"), ("designs13/E79", "lindorm"), ("designs13/E82", "phoenix")):
    rc, out, err = run("check", "--no-config", "--exit-zero", "--format", "json", "--target", target, "--schema",
                       design + ".schema.sql", "--workload", design + ".workload.sql",
                       cwd=os.path.join(SRC, "tests", "advisor"))
    adv = json.loads(out)["advice"] if rc == 0 else []
    pairs = [(i, j) for i, a in enumerate(adv) if a["kind"] == "widen_index"
             for j, b in enumerate(adv) if b["kind"] == "drop_index" and b["recommended"]
             and (" %s on " % a["message"].split()[1]) in b["message"]]
    check(f"{design} on {target}: a widen_index of an index the recommendation drops is an alternative that "
          "excludes the drop, and the drop excludes it", pairs and all(
              not adv[i]["recommended"] and j in adv[i]["excludes"] and i in adv[j]["excludes"] for i, j in pairs),
          repr(pairs) + err)

# a read the store refuses is counted in the text summary's refused column,
# whatever its class (Lindorm's REJECTED FILTERED SCAN was counted under
# FILTERED); JSON keeps it in filtered_scan, its class
with kptest.tempdir() as tmp:
    write(os.path.join(tmp, "s.sql"), KEEP)
    write(os.path.join(tmp, "w.sql"), "-- weight: 10\nSELECT * FROM t WHERE a > 1 AND d = 5;\n"
          "-- weight: 3\nSELECT * FROM t WHERE a = 1 AND b = 2;\n")
    rc, out, err = run("check", "--no-config", "--exit-zero", "--target", "lindorm", "--schema", "s.sql",
                       "--workload", "w.sql", cwd=tmp)
    lines = out.splitlines()
    at = [i for i, l in enumerate(lines) if l.startswith("summary (read weight")]
    check("lindorm: a REJECTED FILTERED SCAN is counted in the REJECTED column of the text summary",
          at and lines[at[0] + 1].split() == ["table", "GET", "SCAN", "FILTERED", "REJECTED"] and
          lines[at[0] + 2].split() == ["t", "3->3", "0->10", "0->0", "10->0"], out + err)
    rc, out, err = run("check", "--no-config", "--exit-zero", "--format", "json", "--target", "lindorm", "--schema",
                       "s.sql", "--workload", "w.sql", cwd=tmp)
    summ = json.loads(out)["summary"] if rc == 0 else []
    check("lindorm: ... and JSON keeps it in filtered_scan", summ == [{"table": "t", "before": {
        "get": 3, "scan": 0, "filtered_scan": 10, "rejected": 0, "search": 0}, "after": {
        "get": 3, "scan": 10, "filtered_scan": 0, "rejected": 0, "search": 0}}], repr(summ) + err)

kptest.finish()
