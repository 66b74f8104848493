"""What the language server's tests share (test_lsp.py: features, protocol
and hostile input; test_lsp_incremental.py: incremental analysis and
publication): a project on disk, lint's findings as LSP tuples, the
capabilities clients declare, and the closing check for sanitizer
reports."""
import json
import os

import kptest
from kptest import check
from lspclient import LspClient


def project(tmp, files):
    for name, text in files.items():
        path = os.path.join(tmp, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", newline="") as f:
            f.write(text)
    return tmp


def schema():
    """The examples' schema (examples/schema.sql): orders, metrics, ..."""
    return open(os.path.join(kptest.SRC, "examples", "schema.sql")).read()


def lint_json(cwd, *files):
    rc, out, err = kptest.run("lint", "--format", "json", *files, cwd=cwd, plain=True)
    return json.loads(out)["diagnostics"]


def utf16_col(text_line, col_cp):
    return len(text_line[:col_cp - 1].encode("utf-16-le")) // 2


def lint_as_lsp(text, lint_diags):
    """lint's findings as (code, severity, range) in UTF-16 positions."""
    lines = text.replace("\r\n", "\n").split("\n")
    sev = {"error": 1, "warning": 2, "info": 3}
    out = []
    for g in lint_diags:
        l1, c1, l2, c2 = g["line"], g["column"], g["end_line"], g["end_column"]
        out.append((g["rule"], sev[g["severity"]], l1 - 1, utf16_col(lines[l1 - 1], c1), l2 - 1,
                    utf16_col(lines[l2 - 1], c2)))
    return sorted(out)


# what clients declare of a diagnostic's optional fields (textDocument.publishDiagnostics): VS Code's
# language client takes the rule page's link (codeDescription) and the notes (relatedInformation),
# Neovim 0.7 the notes only; the server sends a field only to a client that takes it
VSCODE = {"textDocument": {"publishDiagnostics": {"relatedInformation": True, "codeDescriptionSupport": True,
                                                  "dataSupport": True, "tagSupport": {"valueSet": [1, 2]}}}}
NVIM07 = {"textDocument": {"publishDiagnostics": {"relatedInformation": True, "tagSupport": {"valueSet": [1, 2]}}}}


def lsp_tuples(diags):
    return sorted((d.get("code"), d["severity"], d["range"]["start"]["line"], d["range"]["start"]["character"],
                   d["range"]["end"]["line"], d["range"]["end"]["character"]) for d in diags)


QUERIES = (
    "SELECT * FROM orders WHERE userid = 'abc' AND orderid = 123;\n"
    "SELECT * FROM orders WHERE orderid = 123;\n"
    "SELECT * FROM orders WHERE userid = 'abc' AND 123 < orderid < 456;\n"
    "SELECT * FROM orders WHERE userid = 123 AND orderid = 5;\n"
    "SELECT amount FROM orders WHERE status = 'paid';\n"
)


def published(c):
    """The publications read so far (taken out of c.notes)."""
    got = [m for m in c.notes if m.get("method") == "textDocument/publishDiagnostics"]
    c.notes = [m for m in c.notes if m.get("method") != "textDocument/publishDiagnostics"]
    return got


def quiet(c):
    """Ends the session: what the last edits changed is published (or, to a client that pulls, refreshed)
    before shutdown is answered; the publications read (the rest stays in c.notes)."""
    c.stop()
    c.notes += c.drain()
    return published(c)


def finish():
    bad = [e for e in LspClient.errors if "Sanitizer" in e or "runtime error" in e]
    check("no server wrote a sanitizer report (%d sessions)" % len(LspClient.errors), not bad, "\n".join(bad)[:3000])
    kptest.finish()
