#!/usr/bin/env python3
"""The statement corpus (tests/corpus/*.sql): statements written from the
stores' grammars, every one of which keyplan must read without a syntax or
lexical error (KP011, KP016) and without a crash. A file is read under the
target its name starts with (phoenix-, lindorm-, tablestore-; otherwise
generic), with a schema of none of its tables: unknown tables and plan findings are
expected and not counted. Every statement must get its own plan line, so
an error that swallowed the next statement is caught too.

Usage: test_corpus.py KEYPLAN SOURCE_DIR"""
import glob
import json
import os
import re

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()
CORPUS = os.path.join(SRC, "tests", "corpus")
BAD = {"KP011", "KP016"}


def statements(text):
    """Number of statements: ';' outside strings, quoted names and comments."""
    n, i, pending = 0, 0, False
    while i < len(text):
        c = text[i]
        if text.startswith("--", i) or text.startswith("//", i) or c == "#":
            j = text.find("\n", i)
            i = len(text) if j < 0 else j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = len(text) if j < 0 else j + 2
            continue
        if c in "'\"`":
            j = i + 1
            while j < len(text):
                if text[j] == c:
                    if j + 1 < len(text) and text[j + 1] == c:
                        j += 2
                        continue
                    break
                j += 1
            i, pending = j + 1, True
            continue
        if c == ";":
            n, pending = n + 1, False
        elif not c.isspace():
            pending = True
        i += 1
    return n + (1 if pending else 0)


def main():
    files = sorted(glob.glob(os.path.join(CORPUS, "*.sql")))
    check(f"corpus files in {CORPUS}", files)
    total = 0
    # a schema that names none of the corpus's tables (an empty one is an
    # error: keyplan says there is nothing to plan against)
    with kptest.temp_file("CREATE TABLE kp_corpus_none (k INT PRIMARY KEY);\n") as empty:
        for path in files:
            m = re.match(r"(phoenix|lindorm|tablestore)-", os.path.basename(path))
            target = m.group(1) if m else "generic"
            rc, out, err = kptest.run("explain", "--schema", empty, "--target", target, "--format", "json",
                                      "--color", "never", path, timeout=120)
            name = os.path.relpath(path, os.path.dirname(CORPUS))
            if not check(f"{name}: keyplan exits 0, 1 or 2", 0 <= rc <= 2, f"exit {rc}\n{err[:2000]}"):
                continue
            lines = [json.loads(l) for l in out.splitlines() if l.strip()]
            want = statements(open(path, encoding="utf-8").read())
            total += want
            check(f"{name}: every statement gets its plan line", len(lines) == want,
                  f"{want} statements, keyplan planned {len(lines)}")
            bad = [f"{name}:{d['line']}:{d['column']}: [{d['rule']}] {d['message']}"
                   for o in lines for d in o["diagnostics"] if d["rule"] in BAD]
            check(f"{name}: no syntax or lexical error", not bad, "\n".join(bad))
    print(f"{total} statements in {len(files)} files")
    kptest.finish()


main()
