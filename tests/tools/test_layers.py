#!/usr/bin/env python3
"""The layers point one way (HACKING.md): every #include "dir/file.h" in a
product folder must name its own folder or a layer below it. host and
catalog stand side by side and may not include each other; the public
header include/keyplan.h includes nothing of keyplan's; examples/ see only
the public header. A failure names file:line and both layers.

Usage: test_layers.py SOURCE_DIR"""
import os
import re
import tempfile

import kptest
from kptest import check

# folder -> rank; a file may include its own folder and any folder of a
# lower rank. Folders of one rank (host, catalog) may not include each other.
RANK = {
    "base": 0,
    "grammar": 1,
    "host": 2,
    "catalog": 2,
    "planner": 3,
    "advisor": 4,
    "lib": 5,
    "tools": 6,
}
# folders that may include only the public header (and system headers)
PUBLIC_ONLY = {"include", "examples"}
# the public header, as a client includes it: "keyplan.h" or "include/keyplan.h"
PUBLIC = {"keyplan.h", "include/keyplan.h"}
SUFFIXES = (".c", ".h", ".re", ".y")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def check_tree(src):
    """Every upward or sideways include under src, as 'file:line: message'."""
    errors = []
    for top in sorted(set(RANK) | PUBLIC_ONLY):
        root = os.path.join(src, top)
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith(SUFFIXES):
                    errors += check_file(src, top, os.path.join(dirpath, name))
    return errors


def check_file(src, top, path):
    rel = os.path.relpath(path, src)
    errors = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = m.group(1)
            where = f"{rel}:{n}"
            if top in PUBLIC_ONLY:
                if target not in PUBLIC:
                    errors.append(f'{where}: {top}/ may include only the public header, not "{target}"')
                continue
            if target in PUBLIC:
                if RANK[top] < RANK["lib"]:
                    errors.append(f'{where}: {top} (below lib) includes the public header "{target}"')
                continue
            folder = target.split("/")[0] if "/" in target else None
            if folder not in RANK:
                errors.append(f'{where}: "{target}" names no layer folder: include a header with its folder '
                              f'({", ".join(sorted(RANK))})')
            elif folder != top and RANK[folder] >= RANK[top]:
                how = "sideways" if RANK[folder] == RANK[top] else "upward"
                errors.append(f'{where}: {top} includes "{target}": {how}, {top} -> {folder} '
                              f'(the layers: base < grammar < host, catalog < planner < advisor < lib < tools)')
    return errors


def self_test():
    """The checker itself must catch each kind of violation."""
    cases = {
        "base/a.h": '#include "grammar/ast.h"\n',               # upward
        "host/b.c": '#include <stdio.h>\n#include "catalog/catalog.h"\n',   # sideways, line 2
        "planner/c.c": '#include "advisor/advisor.h"\n',        # the advisor feeds planning
        "advisor/d.c": '#include "keyplan.h"\n',                # the public API below lib
        "include/keyplan.h": '#include "base/arena.h"\n',       # internals in the public header
        "grammar/e.c": '#include "ast.h"\n',                    # no folder
        "examples/f.c": '#include "planner/plan.h"\n',          # a client reaching inside
        # allowed: own folder, below, system headers, the public header above lib
        "tools/ok.c": '#include "tools/x.h"\n#include "base/arena.h"\n#include "keyplan.h"\n',
        "lib/ok.c": '#include "include/keyplan.h"\n  #  include "advisor/advisor.h"\n',
        "examples/ok.c": '#include <keyplan.h>\n#include "keyplan.h"\n',
    }
    want = ["advisor/d.c:1", "base/a.h:1", "examples/f.c:1", "grammar/e.c:1", "host/b.c:2",
            "include/keyplan.h:1", "planner/c.c:1"]
    with tempfile.TemporaryDirectory() as tmp:
        for rel, text in cases.items():
            os.makedirs(os.path.join(tmp, os.path.dirname(rel)), exist_ok=True)
            with open(os.path.join(tmp, rel), "w") as f:
                f.write(text)
        got = sorted(e.split(": ")[0] for e in check_tree(tmp))
    return got == want, f"violations found at {got}, expected {want}"


SRC, _ = kptest.args(binary=False)
ok, detail = self_test()
check("the checker finds every kind of violation", ok, detail)
errors = check_tree(SRC)
check("every include points down", not errors, "\n".join(errors))
kptest.finish()
