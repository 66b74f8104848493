#!/usr/bin/env python3
"""Every rule is documented as HACKING.md's "Adding a rule" says: for each
rule `keyplan rules` lists (the rule table), docs/rules.md has a row with
the same slug, severity and summary, and docs/rules/ID.md exists, headed
'# ID slug' with the same default severity and summary; no row or page is
left for a rule the table does not have.

Usage: test_rules.py KEYPLAN SOURCE_DIR"""
import os
import re

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()
DOCS = os.path.join(SRC, "docs")

rc, out, err = kptest.run("rules", plain=True)
listed = [re.match(r"(KP\d{3})  (\S+) +(error|warning|info) +(.+)$", line) for line in out.splitlines()]
check("keyplan rules lists rules as 'ID  slug  severity  summary'", rc == 0 and listed and all(listed), out + err)
rules = {m.group(1): m.groups() for m in listed if m}

rows = {}
with open(os.path.join(DOCS, "rules.md"), encoding="utf-8") as f:
    for line in f:
        m = re.match(r"\| \[(KP\d{3})\]\(rules/\1\.md\) \| `([^`]+)` \| (\w+) \| (.*) \|$", line)
        if m:
            rows[m.group(1)] = m.groups()
pages = {name[:-3] for name in os.listdir(os.path.join(DOCS, "rules")) if name.endswith(".md")}

for rid, (_, slug, sev, summary) in sorted(rules.items()):
    check(f"{rid}: docs/rules.md row says {slug}, {sev}, and the table's summary",
          rows.get(rid) == (rid, slug, sev, summary), f"table: {rules[rid]}\nrow:   {rows.get(rid)}")
    path = os.path.join(DOCS, "rules", f"{rid}.md")
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    head = text.split("\n", 1)[0]
    m = re.search(r"^Default severity: \*\*(\w+)\*\*\. (.+)\.$", text, re.M)
    want = summary[0].upper() + summary[1:]
    check(f"{rid}: docs/rules/{rid}.md is headed '# {rid} {slug}' and gives severity {sev} and the summary",
          head == f"# {rid} {slug}" and m is not None and m.groups() == (sev, want.rstrip(".")),
          f"{head}\n{m.group(0) if m else '(no Default severity line)'}\nwant: {want}")
check("no docs/rules.md row for a rule the table lacks", set(rows) <= set(rules), str(sorted(set(rows) - set(rules))))
check("no docs/rules/ page for a rule the table lacks", pages <= set(rules), str(sorted(pages - set(rules))))
kptest.finish()
