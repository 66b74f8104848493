#!/usr/bin/env python3
"""Review gates that cannot be fooled (issue 20): migrations under --diff,
the order schema folders apply in, SARIF fingerprints, findings that do not
depend on argument order, --exclude and the schema, control characters in
output, --stdin-filename's language, failed runs that never look clean, a
broken schema, --diff against the merge base, one suppression form.

Usage: test_gates.py KEYPLAN SOURCE_DIR"""
import functools
import json
import os
import shutil
import subprocess
import tempfile

import kptest
from kptest import check, write

KEYPLAN, SRC, DATA = kptest.args()
run = functools.partial(kptest.run, cwd=SRC, plain=True, timeout=120)
HAVE_GIT = subprocess.run(["git", "--version"], capture_output=True).returncode == 0

ORDERS = ("CREATE TABLE orders (userid VARCHAR, orderid BIGINT, status VARCHAR, amount INT,\n"
          "  PRIMARY KEY (userid, orderid));\n")
BAD = "SELECT * FROM orders WHERE orderid = 1;\n"


def diags(out):
    return json.loads(out)["diagnostics"]


def found(out):
    return [(d["file"], d["line"], d["rule"]) for d in diags(out)]


def git(repo, *args):
    return subprocess.run(["git", "-C", repo, "-c", "user.email=t@t", "-c", "user.name=t", *args],
                          check=True, capture_output=True, text=True).stdout


def repo_with(files):
    """A git repository (branch main) holding files, committed."""
    tmp = tempfile.mkdtemp()
    subprocess.run(["git", "init", "-q", "-b", "main", tmp], check=True)
    for name, text in files.items():
        write(os.path.join(tmp, name), text)
    git(tmp, "add", ".")
    git(tmp, "commit", "-qm", "one")
    return tmp


# ------------------------------------------- 1. a migration under --diff
# A branch that only deletes an index file: the query the index served
# breaks, and that breakage is in scope whatever lines the diff touches.
if HAVE_GIT:
    repo = repo_with({"db/schema/V1__orders.sql": ORDERS,
                      "db/schema/V2__ix.sql": "CREATE INDEX ix_status ON orders (status);\n",
                      "q.sql": "SELECT * FROM orders WHERE status = 'paid';\n"})
    old = repo + "-old"
    shutil.copytree(os.path.join(repo, "db", "schema"), old)
    git(repo, "checkout", "-qb", "feature")
    git(repo, "rm", "-q", "db/schema/V2__ix.sql")
    git(repo, "commit", "-qm", "drop the index")
    base = ("check", "--no-config", "--base-schema", old, "--schema", "db/schema", "--workload", "q.sql", "--diff", "main")
    rc, out, err = run(*base, "--format", "json", cwd=repo)
    check("1. --diff: a migration's breakage is in scope (KP130, exit 1)",
          rc == 1 and [(d["file"], d["line"], d["rule"], d["severity"]) for d in diags(out) if d["rule"] >= "KP130"]
          == [("q.sql", 1, "KP130", "error")], out + err)
    rc, out, err = run(*base, cwd=repo)
    check("1. --diff: the text's summary counts the breakage", rc == 1 and "1 error(s)" in out, out + err)
    rc, out, err = run(*base, "--format", "sarif", cwd=repo)
    check("1. --diff: SARIF has the KP130", rc == 1 and
          [r["ruleId"] for r in json.loads(out)["runs"][0]["results"]] == ["KP130"], out + err)
    shutil.rmtree(repo)
    shutil.rmtree(old)
else:
    print("note: git missing; --diff not tested")

kptest.finish()
