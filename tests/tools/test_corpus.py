#!/usr/bin/env python3
"""Runs every tests/corpus/*.sql through `keyplan explain --format json` (the
target is the file name's first word: phoenix-, lindorm-, tablestore-; else
generic) and fails on any syntax or lexical error (KP011, KP016) or a crash.
The corpus is written by hand from the stores' grammars.
Usage: test_corpus.py KEYPLAN SOURCE_DIR"""
import glob
import json
import os
import subprocess
import sys

KEYPLAN, SRC = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(SRC, "tests", "corpus", "*.sql")))
failed = 0
statements = 0
if not files:
    print("FAIL no corpus files")
    sys.exit(1)
for f in files:
    target = os.path.basename(f).split("-")[0]
    if target not in ("phoenix", "lindorm", "tablestore"):
        target = "generic"
    p = subprocess.run([KEYPLAN, "explain", "--target", target, "--format", "json", "--color", "never", f],
                       capture_output=True, timeout=60)
    if p.returncode > 1:
        print(f"FAIL {f}: exit {p.returncode}\n{p.stderr.decode()}")
        failed += 1
        continue
    for line in p.stdout.decode().splitlines():
        o = json.loads(line)
        statements += 1
        if o["statement"] is None:
            print(f"FAIL {f}:{o['line']}: not parsed")
            failed += 1
        for g in o["diagnostics"]:
            if g["rule"] in ("KP011", "KP016"):
                print(f"FAIL {f}:{g['line']}:{g['column']}: {g['message']}")
                failed += 1
print(f"{statements} statements in {len(files)} files, {failed} failures")
sys.exit(1 if failed or statements < 100 else 0)
