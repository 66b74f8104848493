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
import subprocess
import sys
import tempfile

KEYPLAN = os.path.abspath(sys.argv[1])
CORPUS = os.path.join(os.path.abspath(sys.argv[2]), "tests", "corpus")
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
    if not files:
        print(f"FAIL no corpus files in {CORPUS}")
        return 1
    failed = total = 0
    # a schema that names none of the corpus's tables (an empty one is an
    # error: keyplan says there is nothing to plan against)
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as f:
        f.write("CREATE TABLE kp_corpus_none (k INT PRIMARY KEY);\n")
        empty = f.name
    try:
        for path in files:
            m = re.match(r"(phoenix|lindorm|tablestore)-", os.path.basename(path))
            target = m.group(1) if m else "generic"
            p = subprocess.run([KEYPLAN, "explain", "--schema", empty, "--target", target, "--format", "json",
                                "--color", "never", path], capture_output=True, timeout=120)
            name = os.path.relpath(path, os.path.dirname(CORPUS))
            if p.returncode > 2 or p.returncode < 0:
                print(f"FAIL {name}: keyplan exited with {p.returncode}\n{p.stderr.decode()[:2000]}")
                failed += 1
                continue
            lines = [json.loads(l) for l in p.stdout.decode().splitlines() if l.strip()]
            want = statements(open(path, encoding="utf-8").read())
            total += want
            if len(lines) != want:
                print(f"FAIL {name}: {want} statements, keyplan planned {len(lines)}")
                failed += 1
            for o in lines:
                for d in o["diagnostics"]:
                    if d["rule"] in BAD:
                        print(f"FAIL {name}:{d['line']}:{d['column']}: [{d['rule']}] {d['message']}")
                        failed += 1
    finally:
        os.unlink(empty)
    print(f"{total} statements in {len(files)} files, {failed} failures")
    return 1 if failed else 0


sys.exit(main())
