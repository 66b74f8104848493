"""keyplan lsp's keyplan/diagnosticDelta (tools/lsp/delta.c, docs/lsp.md):
pulled diagnostics as what changed since the client's last answer, for
keyplan's VS Code extension. The answers' exact ops after each kind of
edit (a statement's findings sent, the others kept and moved), and the
pieces a client rebuilds from them always equal to a full pull of the same
text, over a series of edits, for SQL and application code, with notes in
the document itself, and for documents sent whole (no schema, a
baseline)."""
import copy
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kptest
from kptest import check
from lspclient import LspClient, uri_of, rng
from lsptest import project, schema, VSCODE, QUERIES
import lsptest

KEYPLAN, SRC, SHARED = kptest.args()
SCHEMA = schema()
PULL = copy.deepcopy(VSCODE)
PULL["textDocument"]["diagnostic"] = {"dynamicRegistration": True}


def moved(d, dl, uri):
    """What the extension does to a kept diagnostic (editors/vscode/src/extension.js)."""
    d = copy.deepcopy(d)
    for p in ("start", "end"):
        d["range"][p]["line"] += dl
    for ri in d.get("relatedInformation", []):
        if ri["location"]["uri"] == uri:
            for p in ("start", "end"):
                ri["location"]["range"][p]["line"] += dl
    return d


def apply(old, ops, uri):
    """editors/vscode/src/delta.js's applyOps."""
    out = []
    for op in ops:
        if isinstance(op, list):
            f, n, dl = op
            assert 0 <= f and f + n <= len(old), (op, len(old))
            out += [[moved(d, dl, uri) for d in p] for p in old[f:f + n]]
        else:
            out.append(op["items"])
    return out


class Delta:
    """A client keeping pieces, as the extension does."""

    def __init__(self, c, uri):
        self.c, self.uri, self.rid, self.pieces = c, uri, None, []

    def pull(self, prev=True):
        p = {"textDocument": {"uri": self.uri}}
        if prev and self.rid:
            p["previousResultId"] = self.rid
        r = self.c.request("keyplan/diagnosticDelta", p)
        if r["kind"] == "delta":
            self.pieces = apply(self.pieces if prev else [], r["ops"], self.uri)
        self.rid = r["resultId"]
        return r

    def items(self):
        return [d for p in self.pieces for d in p]


def full(c, uri):
    return c.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})["items"]


def shape(ops):
    """ops with each piece sent as its lines: {"items": [first line of each]}."""
    return [op if isinstance(op, list) else [d["range"]["start"]["line"] for d in op["items"]] for op in ops]


with kptest.tempdir() as tmp:
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": SCHEMA})
    uri = uri_of(os.path.join(root, "q.sql"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root, capabilities=PULL)
    text = QUERIES + QUERIES
    c.open(uri, "sql", text)
    x = Delta(c, uri)
    r = x.pull()
    f = full(c, uri)
    check("the first answer: every piece sent, one per statement that has a finding, a full pull's items",
          r["kind"] == "delta" and shape(r["ops"]) == [[1], [2], [3, 3], [6], [7], [8, 8]]
          and x.items() == f, json.dumps(shape(r["ops"])))
    check("... its resultId is the pull's", r["resultId"] ==
          c.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})["resultId"], r["resultId"])
    r = x.pull()
    check("nothing changed: unchanged", r == {"kind": "unchanged", "resultId": x.rid}, json.dumps(r))

    # a character typed in line 3's statement (its finding changes): that piece sent, the rest kept
    c.change(uri, 2, [{"range": rng(3, 37, 3, 38), "text": "1234"}])
    r = x.pull()
    check("a character typed: that statement's piece sent, the others kept where they were",
          shape(r["ops"]) == [[0, 2, 0], [3, 3], [3, 3, 0]] and x.items() == full(c, uri),
          json.dumps(shape(r["ops"])))
    # a line break at the start of line 2: its statement's text changed (it starts after the break), the
    # pieces below it kept, one line down
    c.change(uri, 3, [{"range": rng(2, 0, 2, 0), "text": "\n"}])
    r = x.pull()
    check("a line break: that statement sent again, the pieces below it kept, moved a line down",
          shape(r["ops"]) == [[0, 1, 0], [3], [2, 4, 1]] and x.items() == full(c, uri), json.dumps(r["ops"])[:300])
    # a statement deleted (lines 0-1): the pieces after it kept, moved up
    c.change(uri, 4, [{"range": rng(0, 0, 2, 0), "text": ""}])
    r = x.pull()
    check("two lines deleted: their pieces dropped, the rest moved up",
          r["ops"] == [[1, 5, -2]] and x.items() == full(c, uri), json.dumps(r["ops"]))
    # a character typed in a statement without a finding (line 0 is the line break's empty line)
    now = full(c, uri)
    free = min(set(range(1, 6)) - {d["range"]["start"]["line"] for d in now})
    c.change(uri, 5, [{"range": rng(free, 7, free, 7), "text": " "}])
    r = x.pull()
    check("typed where no finding changes: unchanged", r["kind"] == "unchanged", json.dumps(r)[:200])
    # a previousResultId the server did not give last: every piece sent
    r = c.request("keyplan/diagnosticDelta", {"textDocument": {"uri": uri}, "previousResultId": "0123456789abcdef"})
    check("an unknown previousResultId: every piece sent, no piece kept",
          all(not isinstance(op, list) for op in r["ops"]) and
          [d for op in r["ops"] for d in op["items"]] == full(c, uri), json.dumps(shape(r["ops"])))
    c.stop()

    # a series of edits, each followed by a delta: always a full pull's items
    rnd = random.Random(28)
    lines = (QUERIES * 8).split("\n")
    uri = uri_of(os.path.join(root, "r.sql"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root, capabilities=PULL)
    c.open(uri, "sql", "\n".join(lines))
    x = Delta(c, uri)
    x.pull()
    version, bad = 1, []
    for k in range(40):
        version += 1
        line = rnd.randrange(max(1, len(lines) - 1))
        what = rnd.choice(["nl", "del", "char", "join"])
        if what == "nl":
            c.change(uri, version, [{"range": rng(line, 0, line, 0), "text": "\n"}])
            lines.insert(line, "")
        elif what == "del" and len(lines) > 3:
            c.change(uri, version, [{"range": rng(line, 0, line + 1, 0), "text": ""}])
            del lines[line]
        elif what == "join" and line + 1 < len(lines):
            n = len(lines[line])
            c.change(uri, version, [{"range": rng(line, n, line + 1, 0), "text": " "}])
            lines[line:line + 2] = [lines[line] + " " + lines[line + 1]]
        else:
            col = rnd.randrange(len(lines[line]) + 1)
            ch = rnd.choice(["1", " ", "x", ";"])
            c.change(uri, version, [{"range": rng(line, col, line, col), "text": ch}])
            lines[line] = lines[line][:col] + ch + lines[line][col:]
        r = x.pull()
        if x.items() != full(c, uri):
            bad.append((k, what, line, json.dumps(r)[:300]))
    check("40 random edits: the pieces rebuilt from each delta are a full pull's items", not bad, repr(bad[:2]))
    c.stop()

    # notes in the document itself: the key declared above, outside the statement's chunk; a line
    # break above the statement (in the one before it) moves it, not the note: its piece is sent
    # again, not kept
    ddl = ("CREATE TABLE t (k INT, v INT, PRIMARY KEY (k));\n"
           "SELECT * FROM t WHERE k = 1;\n"
           "SELECT * FROM t WHERE v = 1;\n")
    ru = uri_of(os.path.join(root, "own.sql"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root, capabilities=PULL)
    c.open(ru, "sql", ddl)
    x = Delta(c, ru)
    x.pull()
    f0 = full(c, ru)
    c.change(ru, 2, [{"range": rng(1, 0, 1, 0), "text": "\n"}])   # the k = 1 statement's text changes
    r = x.pull()
    f = full(c, ru)
    notes = [ri["location"]["uri"] for d in f for ri in d.get("relatedInformation", [])]
    check("a note in the document outside the statement: the moved statement's piece sent again, not kept",
          ru in notes and all(not isinstance(op, list) for op in r["ops"]) and x.items() == f and f != f0,
          json.dumps(r["ops"])[:400] + json.dumps(f)[:300])
    c.stop()

    # a document without a schema: one piece, the whole list (its one "no schema" diagnostic)
    bare = project(os.path.join(tmp, "no", "bare"), {"a.sql": QUERIES})
    kptest.write(os.path.join(tmp, "no", ".keyplan"), "[keyplan]\n")
    bu = uri_of(os.path.join(bare, "a.sql"))
    c = LspClient(KEYPLAN, cwd=bare)
    c.initialize(bare, capabilities=PULL)
    c.open(bu, "sql", QUERIES)
    x = Delta(c, bu)
    r = x.pull()
    f = full(c, bu)
    check("no schema: one piece, a full pull's items", len(r["ops"]) == 1 and r["ops"][0]["items"] == f
          and len(f) == 1 and f[0]["message"].startswith("no schema"), json.dumps(r)[:300])
    c.change(bu, 2, [{"range": rng(0, 0, 0, 0), "text": "\n"}])
    r = x.pull()
    check("... and again whole after an edit (nothing kept)", len(r["ops"]) == 1 and
          not isinstance(r["ops"][0], list) and x.items() == full(c, bu), json.dumps(r)[:300])
    r = c.request("keyplan/diagnosticDelta", {"textDocument": {"uri": uri_of(os.path.join(bare, "nope.sql"))}},
                  want_error=True)
    check("a document not open: InvalidParams", r["code"] == -32602, json.dumps(r))
    c.stop()

    # application code: a Java file's statements as pieces, a literal edited
    jtext = ("class Q {\n"
             "  String a = \"SELECT * FROM orders WHERE orderid = 123\";\n"
             "  String b = \"SELECT * FROM orders WHERE userid = 'abc' AND orderid = 123\";\n"
             "  String c = \"SELECT * FROM orders WHERE amount = 2\";\n"
             "}\n")
    ju = uri_of(os.path.join(root, "Q.java"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root, capabilities=PULL)
    c.open(ju, "java", jtext)
    x = Delta(c, ju)
    r = x.pull()
    check("Java: a piece per statement with a finding", shape(r["ops"]) == [[1], [3]] and x.items() == full(c, ju),
          json.dumps(shape(r["ops"])))
    c.change(ju, 2, [{"range": rng(0, 9, 0, 9), "text": "\n"}])
    r = x.pull()
    check("Java: a line break above: both kept, a line down", r["ops"] == [[0, 2, 1]] and x.items() == full(c, ju),
          json.dumps(r["ops"]))
    col = jtext.split("\n")[3].index("amount") + 6
    c.change(ju, 3, [{"range": rng(4, col, 4, col), "text": "x"}])
    r = x.pull()
    check("Java: a literal edited: its piece sent, the other kept",
          shape(r["ops"]) == [[0, 1, 0], [4]] and x.items() == full(c, ju), json.dumps(shape(r["ops"])))
    c.stop()

lsptest.finish()
