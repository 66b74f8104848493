"""What the language server's tests share (test_lsp.py: features, protocol
and hostile input; test_lsp_incremental.py: incremental analysis and
publication): a project on disk, lint's findings as LSP tuples, the
capabilities clients declare, and the closing check for sanitizer
reports."""
import json
import os
import select

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


# ---- splice tests (test_lsp_splice.py, test_lsp_splice_host.py): raw publications, a fresh server's

def frames(buf):
    out = []
    while True:
        i = buf.find(b"\r\n\r\n")
        if i < 0:
            return out, buf
        n = int(buf[:i].decode().split("Content-Length:")[1].split("\r\n")[0])
        if len(buf) < i + 4 + n:
            return out, buf
        out.append(buf[i + 4:i + 4 + n])
        buf = buf[i + 4 + n:]


def stats_and_pubs(c, uri, of=None, answers=None):
    """keyplan/stats for uri, and the raw publications (of uri, or of the document of) sent before its answer;
    the results of other requests answered meanwhile go to answers (by id)."""
    of = of or uri
    c.next_id += 1
    rid = c.next_id
    c.send({"jsonrpc": "2.0", "id": rid, "method": "keyplan/stats", "params": {"textDocument": {"uri": uri}}})
    pubs = []
    fd = c.p.stdout.fileno()
    while True:
        got, c.buf = frames(c.buf)
        for body in got:
            m = json.loads(body)
            if m.get("id") == rid:
                c.buf = b"".join(b"Content-Length: %d\r\n\r\n" % len(x) + x for x in got[got.index(body) + 1:]) + c.buf
                return m["result"], pubs
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == of:
                pubs.append(body)
            elif answers is not None and "id" in m and "result" in m:
                answers[m["id"]] = m["result"]
        r, _, _ = select.select([fd], [], [], 60)
        if not r:
            raise AssertionError("keyplan/stats not answered in 60 s")
        c.buf += os.read(fd, 1 << 20)


def fresh(c, uri, text, version, lang="sql"):
    """What a server that opens text publishes (the document opened, read, closed)."""
    c.open(uri, lang, text, version)
    _, pubs = stats_and_pubs(c, uri)
    c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    return pubs[-1] if pubs else None


def offset(text, line, ch):
    """The offset of an LSP position (UTF-16) in text (lines broken at \\n)."""
    lines = text.split("\n")
    o = sum(len(l) + 1 for l in lines[:line])
    u = 0
    k = 0
    while u < ch:
        u += 2 if ord(lines[line][k]) > 0xFFFF else 1
        k += 1
    return o + k


def position(text, off):
    before = text[:off]
    line = before.count("\n")
    col = before[before.rfind("\n") + 1:]
    return {"line": line, "character": len(col.encode("utf-16-le")) // 2}


def finish():
    bad = [e for e in LspClient.errors if "Sanitizer" in e or "runtime error" in e]
    check("no server wrote a sanitizer report (%d sessions)" % len(LspClient.errors), not bad, "\n".join(bad)[:3000])
    kptest.finish()
