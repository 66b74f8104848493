"""keyplan simulate, through the binary (docs/simulate.md): the model's
documented behaviour end to end, agreement with the advisor's write
concentration, an independent replay of the generated keys, golden JSON
for the bundled examples, hostile annotations and bad options as located
errors."""
import json
import os
import sys

import jsonschema

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import kptest  # noqa: E402
from kptest import check  # noqa: E402

KEYPLAN, SRC, DATA = kptest.args()
GOLDEN = os.path.join(SRC, "tests", "golden", "simulate-examples.json")
_dirs = []
with open(os.path.join(SRC, "docs", "schemas", "simulate.schema.json")) as f:
    VALIDATOR = jsonschema.Draft202012Validator(json.load(f))


def tmp():
    """A temporary folder, removed when the test ends."""
    _dirs.append(kptest.tempdir())
    return _dirs[-1].name


def sim(schema, workload, *opts, fmt="json"):
    d = tmp()
    s = os.path.join(d, "schema.sql")
    w = os.path.join(d, "workload.sql")
    kptest.write(s, schema)
    kptest.write(w, workload)
    rc, out, err = kptest.run("simulate", "--schema", "schema.sql", "--workload", "workload.sql", "--format", fmt,
                              *opts, cwd=d, plain=True)
    doc = None
    if fmt == "json" and rc in (0, 1):
        try:
            doc = json.loads(out)
        except ValueError as e:
            check("simulate's JSON parses", False, f"{e}\n{out}\n{err}")
        errors = [e.message for e in VALIDATOR.iter_errors(doc)] if doc is not None else []
        check("simulate's JSON is valid docs/schemas/simulate.schema.json", not errors, errors[:5])
    return rc, doc, out, err, d


def table(doc, name):
    for t in doc["tables"]:
        if t["table"] == name:
            return t
    return None


# ------------------------------------------------------------ options

rc, out, err = kptest.run("simulate", "--help")
check("simulate --help exits 0 with its usage", rc == 0 and out.startswith("usage: keyplan simulate --schema"), out)
rc, out2, err = kptest.run("help", "simulate")
check("keyplan help simulate prints the same page", rc == 0 and out2 == out, out2)
rc, out, err = kptest.run("--help")
check("the top-level help lists simulate", "  simulate  simulate region load" in out, out)

BAD = [
    ([], "keyplan simulate: no schema: give --schema PATH (keyplan simulate --help lists the options)\n"),
    (["--schema", "s.sql"], "keyplan simulate: no workload: give --workload PATH (the statements whose load is "
                            "simulated) (keyplan simulate --help lists the options)\n"),
    (["--hours", "-1"], "keyplan simulate: --hours takes a number of hours above 0 and up to 8760, not '-1' "
                        "(keyplan simulate --help lists the options)\n"),
    (["--hours", "1e9"], "keyplan simulate: --hours takes a number of hours above 0 and up to 8760, not '1e9' "
                         "(keyplan simulate --help lists the options)\n"),
    (["--rate", "-5/s"], "keyplan simulate: --rate takes N/s (or N/min, N/h) with 0 <= N/s <= 1e9, not '-5/s' "
                         "(keyplan simulate --help lists the options)\n"),
    (["--rate", "5/day"], "keyplan simulate: --rate takes N/s (or N/min, N/h) with 0 <= N/s <= 1e9, not '5/day' "
                          "(keyplan simulate --help lists the options)\n"),
    (["--steps", "0"], "keyplan simulate: --steps takes a whole number from 1 to 2000, not '0' "
                       "(keyplan simulate --help lists the options)\n"),
    (["--servers", "2.5"], "keyplan simulate: --servers takes a whole number from 1 to 1000, not '2.5' "
                           "(keyplan simulate --help lists the options)\n"),
    (["--format", "xml"], "keyplan simulate: --format takes text or json, not 'xml' "
                          "(keyplan simulate --help lists the options)\n"),
    (["--balance", "random"], "keyplan simulate: --balance takes count or round-robin, not 'random' "
                              "(keyplan simulate --help lists the options)\n"),
    (["--target", "mongo"], "keyplan simulate: --target takes lindorm, tablestore, phoenix or generic, not 'mongo' "
                            "(keyplan simulate --help lists the options)\n"),
    (["--frobnicate"], "keyplan simulate: unknown option '--frobnicate' (keyplan simulate --help lists the options)\n"),
    (["stray.sql"], "keyplan simulate: unexpected argument 'stray.sql': give files with --schema and --workload "
                    "(keyplan simulate --help lists the options)\n"),
    (["--seed"], "keyplan simulate: --seed needs a value (keyplan simulate --help lists the options)\n"),
]
for argv, want in BAD:
    rc, out, err = kptest.run("simulate", *argv)
    check(f"simulate {' '.join(argv)}: usage error, exit 2", rc == 2 and err == want and out == "", f"{rc}\n{err}")

d = tmp()
kptest.write(os.path.join(d, "s.sql"), "CREATE TABLE t (k BIGINT PRIMARY KEY);\n")
rc, out, err = kptest.run("simulate", "--schema", "s.sql", "--workload", "nope.sql", cwd=d)
check("a workload that cannot be read: exit 2, one line naming it", rc == 2 and out == "" and
      err == "keyplan simulate: nope.sql: cannot open: No such file or directory\n",
      f"{rc}\n{out}\n{err}")

# ------------------------------------------------- the model end to end

MONO = ("-- rows: 0\n-- row_bytes: 100\n"
        "CREATE TABLE ev (ts TIMESTAMP NOT NULL, id BIGINT NOT NULL, v BIGINT, PRIMARY KEY (ts, id));\n")
MONO_W = "-- rate: 20/s\nINSERT INTO ev (ts, id, v) VALUES (now(), 1, 2);\nSELECT * FROM ev WHERE ts = 5 AND id = 1;\n"
rc, doc, out, err, _ = sim(MONO, MONO_W, "--hours", "1", "--steps", "60", "--region-size", "1e6")
t = table(doc, "ev") if doc else None
check("a monotonic lead: simulated", rc == 0 and t is not None, out + err)
if t:
    m = t["pictures"][0]["metrics"]
    check("a monotonic lead sends 100% of writes to the last region", m["hottest_region_write_share"] == 1 and
          m["final_hottest_region_write_share"] == 1 and m["writes"] == 72000 and m["regions"] > 5, m)
    check("the advisor's write concentration agrees: 100% on one region",
          t["pictures"][0]["advisor_write_concentration"] == 1, t["pictures"][0])
    after = [p for p in t["pictures"][1:] if p["kind"] in ("hash_prefix", "salt_buckets", "reorder_key")]
    check("the advice is simulated after", len(after) >= 1, [p["label"] for p in t["pictures"]])
    for p in after:
        check(f"{p['label']}: no region takes every write", p["metrics"]["final_hottest_region_write_share"] < 0.5,
              p["metrics"])
    rec = [p for p in t["pictures"] if p["recommended"]]
    if rec and rec[0]["advisor_write_concentration"] is not None:
        check("the recommendation: the advisor says no row on one region, the simulation spreads them",
              rec[0]["advisor_write_concentration"] == 0 and
              rec[0]["metrics"]["final_hottest_region_write_share"] <= 2 / rec[0]["metrics"]["regions"] + 1e-9,
              rec[0])

# a hash of the monotonic value leads (Lindorm's hash32): spread, and the advisor agrees
HASHED = ("-- rows: 0\n-- row_bytes: 100\n"
          "CREATE TABLE h (id BIGINT NOT NULL, v BIGINT, PRIMARY KEY (hash32(id), id));\n")
rc, doc, out, err, _ = sim(HASHED, "-- rate: 50/s\nUPSERT INTO h (id, v) VALUES (1, 2);\n", "--hours", "1",
                           "--steps", "100", "--region-size", "1e6")
t = table(doc, "h") if doc else None
if check("a hash prefix: simulated", rc == 0 and t is not None, out + err):
    p = t["pictures"][0]
    m = p["metrics"]
    check("a hash prefix spreads a monotonic key: the hottest region takes at most twice 1/regions at the end",
          m["regions"] >= 8 and m["final_hottest_region_write_share"] <= 2 / m["regions"], m)
    check("the advisor's write concentration agrees: none on one region", p["advisor_write_concentration"] == 0, p)

# Phoenix SALT_BUCKETS = 8: pre-split into 8 regions, 8 tails
SALTED = ("-- rows: 0\n-- row_bytes: 100\n"
          "CREATE TABLE s (ts TIMESTAMP NOT NULL, id BIGINT NOT NULL, v BIGINT CONSTRAINT pk PRIMARY KEY (ts, id)) "
          "SALT_BUCKETS = 8;\n")
rc, doc, out, err, _ = sim(SALTED, "-- rate: 80/s\nUPSERT INTO s (ts, id, v) VALUES (NOW(), 1, 2);\n"
                           "SELECT * FROM s WHERE ts > TO_DATE('2024-01-01');\n",
                           "--target", "phoenix", "--hours", "1", "--steps", "60", "--region-size", "1e9")
t = table(doc, "S") if doc else None
if check("a salted table: simulated", rc == 0 and t is not None, out + err):
    p = t["pictures"][0]
    m = p["metrics"]
    check("8 salt buckets spread writes over 8 regions (within 1/8 +- 0.5%)",
          m["regions"] == 8 and abs(m["hottest_region_write_share"] - 1 / 8) < 0.005, m)
    scans = [f for f in p["statements"] if f["access"] == "scan"]
    check("a range read of a salted table is one scan per bucket: 8 regions", scans and
          abs(scans[0]["regions_per_statement"] - 8) < 1e-6, p["statements"])

# -- range: COLUMN SHARE (docs/annotations.md): the share of rows a range on the column keeps, read by
# simulate as by check: a window read over 100 equal regions touches its share of them (+ the one it
# starts in), 10% by default
RANGED = ("-- rows: 100000000\n-- regions: 100\n-- distribution: ts uniform\n%s"
          "CREATE TABLE ev (ts BIGINT NOT NULL, id BIGINT NOT NULL, v BIGINT, PRIMARY KEY (ts, id));\n")
RANGED_W = ("-- weight: 10\nINSERT INTO ev (ts, id, v) VALUES (?, ?, ?);\n"
            "-- weight: 5\nSELECT v FROM ev WHERE ts >= ? AND ts < ?;\n")
fans = {}
for label, note in (("default", ""), ("stated", "-- range: ts 1/100\n"), ("malformed", "-- range: ts 2\n")):
    rc, doc, out, err, _ = sim(RANGED % note, RANGED_W, "--target", "lindorm", "--hours", "1", "--steps", "4")
    t = table(doc, "ev") if doc else None
    scans = [f for f in t["pictures"][0]["statements"] if f["access"] == "scan"] if t else []
    fans[label] = (rc, scans[0]["regions_per_statement"] if scans else None, err)
check("-- range: a window read keeps 10% of 100 regions by default (10 and the one it starts in)",
      fans["default"][0] == 0 and 10 <= fans["default"][1] <= 11.01, fans["default"])
check("-- range: ts 1/100 stated: the read touches 1 region and the one it starts in",
      fans["stated"][0] == 0 and 1 <= fans["stated"][1] <= 2.01, fans["stated"])
check("-- range: ts 2 is KP022 at its place, exit 1, the default kept",
      fans["malformed"][0] == 1 and fans["malformed"][1] == fans["default"][1] and
      "schema.sql:4:4: warning: malformed annotation 'range: ts 2': expected a column and the share of rows a range "
      "on it keeps, from 0 to 1 (0.01, or a fraction such as 1/365) (docs/annotations.md); ignored [KP022 "
      "bad-directive]" in fans["malformed"][2], fans["malformed"])

# ---------------------------------------------------- independent replay

def replay(keys_path, region_bytes, row_bytes):
    """The documented model redone from the generated keys: rows (lane,
    row) in key order; before each step's writes the regions are as the
    last step left them; at each step's end every region past the size is
    split at its middle row (the row with half the region's rows before it),
    the lower daughter checked again first."""
    import bisect
    steps = {}
    with open(keys_path) as f:
        for line in f:
            s, lane, off = line.split()
            steps.setdefault(int(s), []).append((int(lane), int(off)))
    starts = [(-1, -1)]
    rows = [[]]
    hot = total = 0

    def split():
        r = 0
        while r < len(starts):
            while len(rows[r]) * row_bytes > region_bytes:
                rows[r].sort()
                half = len(rows[r]) // 2
                key = rows[r][half]
                if key <= starts[r]:
                    break
                starts.insert(r + 1, key)
                rows.insert(r + 1, rows[r][half:])
                rows[r] = rows[r][:half]
            r += 1

    for s in sorted(steps):
        counts = {}
        for key in steps[s]:
            r = bisect.bisect_right(starts, key) - 1
            rows[r].append(key)
            counts[r] = counts.get(r, 0) + 1
        if s >= 0:
            hot += max(counts.values())
            total += len(steps[s])
        split()
    return len(starts), hot / total if total else 0


for name, schema, workload in [
    ("a monotonic lead", MONO, MONO_W),
    ("4 kinds, each growing at its end",
     "-- rows: 3000\n-- row_bytes: 100\n-- distribution: kind fixed 4\n"
     "CREATE TABLE k (kind VARCHAR(8) NOT NULL, ts BIGINT NOT NULL, v BIGINT, PRIMARY KEY (kind, ts));\n",
     "-- rate: 25/s\nUPSERT INTO k (kind, ts, v) VALUES ('a', 1, 2);\n"),
]:
    d = tmp()
    keys = os.path.join(d, "keys.txt")
    rc, doc, out, err, _ = sim(schema, workload, "--hours", "1", "--steps", "40", "--region-size", "2e5",
                               "--keys", keys)
    if not check(f"replay, {name}: simulated with --keys", rc == 0 and doc and os.path.getsize(keys) > 0, out + err):
        continue
    m = doc["tables"][0]["pictures"][0]["metrics"]
    n, share = replay(keys, 2e5, 100)
    check(f"replay, {name}: the same region count", n == m["regions"], (n, m))
    check(f"replay, {name}: the same hottest-region write share", abs(share - m["hottest_region_write_share"]) < 1e-6,
          (share, m))

rc, doc, out, err, _ = sim(MONO, "-- rate: 1000/s\nINSERT INTO ev (ts, id, v) VALUES (now(), 1, 2);\n",
                           "--keys", "k.txt")
check("--keys past 2,000,000 rows: exit 2, said",
      rc == 2 and err == "keyplan simulate: the replay's key file is written for at most 2,000,000 rows\n", err)

# --------------------------------------------------- hostile annotations

HOSTILE = ("-- rows: 100\n-- row_bytes: -5\n-- regions: 0\n-- distribution: ts sideways\n"
           "-- distribution: id zipfian 2\n"
           "CREATE TABLE ev (ts TIMESTAMP NOT NULL, id BIGINT NOT NULL, PRIMARY KEY (ts, id));\n")
HOSTILE_W = ("-- rate: -5/s\nSELECT * FROM ev WHERE ts = 1 AND id = 2;\n\n-- rate: 1e12/s\n"
             "SELECT * FROM ev WHERE ts = 2 AND id = 2;\n-- rate: 5/fortnight\n-- weight: lots\n"
             "SELECT * FROM ev WHERE ts = 3 AND id = 2;\n")
rc, doc, out, err, d = sim(HOSTILE, HOSTILE_W, "--hours", "1")
want = [
    "schema.sql:2:4: warning: malformed annotation 'row_bytes: -5': expected a row size in bytes from 1 to "
    "100000000 (docs/annotations.md); ignored [KP022 bad-directive]",
    "schema.sql:3:4: warning: malformed annotation 'regions: 0': expected a whole number of regions from 1 to "
    "100000 (docs/annotations.md); ignored [KP022 bad-directive]",
    "schema.sql:4:4: warning: malformed annotation 'distribution: ts sideways': expected a column and uniform, "
    "monotonic, latest, skewed, zipfian [THETA] or fixed N (docs/annotations.md); ignored [KP022 bad-directive]",
    "schema.sql:5:4: warning: malformed annotation 'distribution: id zipfian 2': expected zipfian and a constant "
    "between 0 and 1 (YCSB's is 0.99) (docs/annotations.md); ignored [KP022 bad-directive]",
    "workload.sql:1:4: warning: malformed annotation 'rate: -5/s': expected -- rate: N/s (or N/min, N/h) with "
    "0 <= N/s <= 1e9 (docs/annotations.md); ignored [KP022 bad-directive]",
    "workload.sql:4:4: warning: malformed annotation 'rate: 1e12/s'",
    "workload.sql:6:4: warning: malformed annotation 'rate: 5/fortnight'",
    "workload.sql:7:4: warning: malformed weight ' lots': expected -- weight: N with 0 <= N <= 1000000 "
    "[KP022 bad-directive]",
]
check("hostile annotations: the simulation still runs, exit 1", rc == 1 and doc is not None, f"{rc}\n{err}")
for w in want:
    check(f"located: {w[:60]}", any(line.startswith(w) for line in err.splitlines()), err)
check("hostile annotations: nothing raw on standard error", "\x1b" not in err)
if doc:
    t = table(doc, "ev")
    check("the defaults kept: row size estimated, one region", t["row_bytes_default"] and
          "one region at the start (no pre-split)" in t["notes"], t)

rc, doc, out, err, d = sim("CREATE TABLE \"e\x1bvil\" (k BIGINT PRIMARY KEY);\n",
                           "SELECT * FROM \"e\x1bvil\" WHERE k = 1;\n", fmt="text", *["--hours", "1"])
check("a control character in a name is shown as <U+001B>", rc == 0 and "e<U+001B>vil" in out and "\x1b" not in out,
      out + err)

rc, doc, out, err, d = sim("CREATE TABLE t (k BIGINT PRIMARY KEY);\n", "SELECT * FROM nope WHERE k = 1;\n")
check("a workload statement on no table: located error, exit 1",
      rc == 1 and err.startswith("workload.sql:1:15: error: ") and "KP008" in err, err)

# ---------------------------------------------------- the bundled examples

rc, out, err = kptest.run("simulate", "--schema", "examples/schema.sql", "--workload", "examples/queries.sql",
                          "--format", "json", cwd=SRC, plain=True)
check("the examples simulate, exit 0", rc == 0 and err == "", err)
check("the examples' JSON is valid simulate.schema.json", not list(VALIDATOR.iter_errors(json.loads(out))))
ex = json.loads(out)
tbo = table(ex, "trades_by_order")
hp = [p for p in tbo["pictures"] if p["kind"] == "hash_prefix"] if tbo else []
check("the examples: the advised hash prefix starts pre-split, one region per server, and spreads writes evenly",
      len(hp) == 1 and hp[0]["label"].endswith(", pre-split into 5 regions") and hp[0]["metrics"]["regions"] == 5 and
      abs(hp[0]["metrics"]["hottest_region_write_share"] - 0.2) < 0.001 and hp[0]["metrics"]["max_mean_server_load"] < 1.01,
      hp)
if os.environ.get("KP_UPDATE_GOLDEN") == "1":
    kptest.write(GOLDEN, out)
with open(GOLDEN) as f:
    golden = f.read()
check("golden JSON metrics of the examples (tests/golden/simulate-examples.json)", out == golden,
      "KP_UPDATE_GOLDEN=1 rewrites it; read the diff")

rc, out, err = kptest.run("simulate", "--schema", "examples", "--workload", "examples/queries.sql", "--format", "json",
                          cwd=SRC, plain=True)
check("a folder of .sql files is read in name order (queries.sql as schema: warned, not planned)", rc == 0, err)

# latest: GETs of a latest key read its newest rows, on the region holding its end
LATEST = ("-- rows: 100000\n-- row_bytes: 100\n-- distribution: ts latest\n"
          "CREATE TABLE l (ts BIGINT NOT NULL, v BIGINT, PRIMARY KEY (ts));\n")
rc, doc, out, err, _ = sim(LATEST, "-- rate: 10/s\nSELECT * FROM l WHERE ts = 5;\n", "--hours", "1", "--steps", "4",
                           "--region-size", "1e6")
if check("latest: simulated", doc is not None, err):
    p = doc["tables"][0]["pictures"][0]
    check("latest: the notes say so", "ts: latest as annotated (-- distribution: ts latest)" in doc["tables"][0]["notes"],
          doc["tables"][0]["notes"])
    check("latest: a GET touches one region", abs(p["statements"][0]["regions_per_statement"] - 1) < 1e-9, p)

# Lindorm refuses a filter while the leading key column is bounded on one side only
# (docs/targets.md): no load from it, as from a refused full scan
ONE_SIDED = ("-- rows: 100000\n-- row_bytes: 100\n"
             "CREATE TABLE o (p1 BIGINT NOT NULL, c1 BIGINT, PRIMARY KEY (p1));\n")
rc, doc, out, err, _ = sim(ONE_SIDED, "-- rate: 10/s\nSELECT * FROM o WHERE p1 > 5 AND c1 = 2;\n"
                           "-- rate: 10/s\nSELECT * FROM o WHERE p1 > 5 AND p1 < 9 AND c1 = 2;\n",
                           "--target", "lindorm", "--hours", "1", "--steps", "4", "--region-size", "1e6")
if check("lindorm one-sided filter: simulated", doc is not None, err):
    st = doc["tables"][0]["pictures"][0]["statements"]
    check("lindorm: the one-sided filtered scan is refused, the two-sided one runs",
          [f["rejected"] for f in st] == [True, False], st)
    check("lindorm: a refused statement reads nothing", doc["tables"][0]["pictures"][0]["metrics"]["reads"] > 0 and
          abs(doc["tables"][0]["pictures"][0]["metrics"]["reads"] - 10 * 3600) < 1, doc["tables"][0]["pictures"][0]["metrics"])

# a query log as the workload: each shape weighted by its count (docs/digest.md)
d = tmp()
kptest.write(os.path.join(d, "s.sql"), "CREATE TABLE t (k BIGINT NOT NULL, v BIGINT, PRIMARY KEY (k));\n")
kptest.write(os.path.join(d, "q.log"), "SELECT * FROM t WHERE k = 1;\nSELECT * FROM t WHERE k = 2;\n"
             "SELECT * FROM t WHERE k > 2;\nUPSERT INTO t (k, v) VALUES (1, 2);\n")
rc, out, err = kptest.run("simulate", "--schema", "s.sql", "--workload", "q.log", "--hours", "1", "--format", "json",
                          cwd=d, plain=True)
doc = json.loads(out) if rc == 0 else None
if check("a query log as the workload: simulated", doc is not None, err):
    fan = {f["access"]: f["rate"] for f in doc["tables"][0]["pictures"][0]["statements"]}
    check("the log's shapes share --rate by their counts (2 GETs, 1 SCAN, 1 UPSERT)",
          fan == {"get": 500, "scan": 250, "insert": 250}, fan)

# the report: written through the HTML writer when this build has it
d = tmp()
rep = os.path.join(d, "r.html")
rc, out, err = kptest.run("simulate", "--schema", "examples/schema.sql", "--workload", "examples/queries.sql",
                          "--report", rep, cwd=SRC, plain=True)
if rc == 2 and "no HTML report writer" in err:
    check("--report without the writer: exit 2, said", not os.path.exists(rep), err)
else:
    check("--report writes one HTML file", rc == 0 and os.path.exists(rep) and
          open(rep, encoding="utf-8").read().lstrip().lower().startswith("<!doctype html"), err)

rep2 = os.path.join(d, "check.html")
rc, out, err = kptest.run("check", "--schema", "examples/schema.sql", "--workload", "examples/queries.sql",
                          "--report", rep2, cwd=SRC, plain=True)
if "no HTML report writer" in err:
    check("check --report without the writer: exit 2, said, nothing written",
          rc == 2 and err == f"keyplan: --report {rep2}: this build has no HTML report writer "
          "(tools/simulate/sim_html.c)\n" and not os.path.exists(rep2), err)
else:
    check("check --report includes the simulation's HTML report", rc in (0, 1) and os.path.exists(rep2) and
          open(rep2, encoding="utf-8").read().lstrip().lower().startswith("<!doctype html"), err)
rc, out, err = kptest.run("lint", "--report", "x.html", "examples/queries.sql", cwd=SRC, plain=True)
check("lint --report: not an option of lint", rc == 2 and "option '--report' does not apply" in err, err)

kptest.finish()
