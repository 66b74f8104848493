"""keyplan lsp, a push publication spliced into the last one
(tools/lsp/splice.c). The oracle: after every random edit of a SQL file
(characters typed and taken away, a ';' that splits a statement or joins
two, text replaced across lines, line breaks added and taken away, a
non-ASCII character, CRLF lines), the bytes of the diagnostics the client
has (the last publication it got) are those another server publishes when
it opens the same text, with Neovim 0.7's and VS Code's capabilities; every
edit after the first is spliced (keyplan/stats' spliced grows by one), those
that move lines too. Line breaks before a statement of 120 move the ones
after it by their line numbers alone (splicedRefs, movedRefs), across
widths (line 9 becomes 10, 99 becomes 100, and back). A document of 256 KB
or more has its first edit spliced too."""
import json
import os
import random
import select
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kptest
from kptest import check
from lspclient import LspClient, uri_of
from lsptest import project, schema, VSCODE, NVIM07
import lsptest

KEYPLAN, SRC, SHARED = kptest.args()
EDITS = int(os.environ.get("KP_SPLICE_EDITS", "60"))

Q = ["SELECT * FROM orders WHERE status = 'x';",
     "SELECT amount FROM orders WHERE userid = 'u' AND orderid = 7;",
     "SELECT * FROM orders WHERE userid = 'é' ORDER BY amount; SELECT * FROM metrics;",
     "SELECT * FROM orders WHERE userid = 'a' AND 1 < orderid < 9;",
     "UPDATE orders SET amount = 1 WHERE status = 'open';",
     "-- keyplan:ignore KP001\nSELECT * FROM orders WHERE amount = 3;",
     "SELECT * FROM metrics WHERE hostname = 'h' AND log_event = 'e';",
     "SELECT *\n  FROM orders\n WHERE orderid = 123;"]


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


def stats_and_pubs(c, uri):
    """keyplan/stats for uri, and the raw publications sent before its answer."""
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
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
                pubs.append(body)
        r, _, _ = select.select([fd], [], [], 60)
        if not r:
            raise AssertionError("keyplan/stats not answered in 60 s")
        c.buf += os.read(fd, 1 << 20)


def fresh(c, uri, text, version):
    """What a server that opens text publishes (the document opened, read, closed)."""
    c.open(uri, "sql", text, version)
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


def edit(rnd, text):
    """A random edit: (start, end, new text)."""
    n = len(text)
    k = rnd.random()
    a = rnd.randrange(n + 1)
    if k < 0.35:
        return a, a, rnd.choice(["x", " ", "1", "'", "é", "Z"])
    if k < 0.55:
        return a, min(n, a + rnd.randint(1, 3)), ""
    if k < 0.65:
        return a, a, ";"
    if k < 0.72:
        i = text.find(";", a)
        return (i, i + 1, "") if i >= 0 else (a, a, " ")
    if k < 0.82:
        # a line's text replaced across two lines, as many line breaks as before
        b = min(n, a + rnd.randint(5, 40))
        seg = text[a:b]
        return a, b, "\n".join("y" * rnd.randint(0, 6) for _ in range(seg.count("\n") + 1))
    if k < 0.91:
        return a, a, "\n"
    i = text.find("\n", a)
    return (i, i + 1, "") if i >= 0 else (a, a, "x")


def session(root, caps, text, seed, name, crlf=False):
    rnd = random.Random(seed)
    a = LspClient(KEYPLAN, cwd=root)
    a.initialize(root, capabilities=caps)
    b = LspClient(KEYPLAN, cwd=root)
    b.initialize(root, capabilities=caps)
    uri = uri_of(os.path.join(root, "q.sql"))
    nl = "\r\n" if crlf else "\n"
    a.open(uri, "sql", text.replace("\n", nl))
    st, pubs = stats_and_pubs(a, uri)
    have = pubs[-1]
    bad, moved_spliced, kept_not, spliced = [], 0, 0, 0
    last = st["spliced"]
    for v in range(2, EDITS + 2):
        s, e, new = edit(rnd, text)
        start, end = position(text, s), position(text, e)
        lines_moved = text[s:e].count("\n") != new.count("\n")
        text = text[:s] + new + text[e:]
        a.change(uri, v, [{"range": {"start": start, "end": end}, "text": new.replace("\n", nl)}])
        st, pubs = stats_and_pubs(a, uri)
        if pubs:
            have = pubs[-1]
        want = fresh(b, uri, text.replace("\n", nl), v)
        # the version is the edit's in both; a publication not sent leaves the client's (an older version)
        strip = lambda x: json.loads(x)["params"]["diagnostics"]
        if pubs and have != want or not pubs and strip(have) != strip(want):
            bad.append((v, s, e, new))
        grew = st["spliced"] - last
        last = st["spliced"]
        if v > 2:
            moved_spliced += lines_moved and grew == 1
            kept_not += grew != 1
            spliced += grew
    check("%s: after %d random edits the client's diagnostics are a fresh server's, byte for byte" % (name, EDITS),
          not bad, repr(bad[:3]))
    check("%s: every edit after the first was spliced (%d, %d of them moving lines)" % (name, spliced, moved_spliced),
          kept_not == 0 and spliced == EDITS - 1 and moved_spliced >= 5, "not spliced %d" % kept_not)
    a.stop()
    b.stop()


def line_breaks(root, caps, name):
    """Line breaks typed before statement 5 of 120 (one a line, each with a
    finding), then taken away: the statements after it are not written
    again, only their line numbers (lines 9 and 99 become 10 and 100, a
    digit more, and back: keyplan/stats' splicedRefs and movedRefs); the
    client's bytes are a fresh server's."""
    a = LspClient(KEYPLAN, cwd=root)
    a.initialize(root, capabilities=caps)
    b = LspClient(KEYPLAN, cwd=root)
    b.initialize(root, capabilities=caps)
    uri = uri_of(os.path.join(root, "b.sql"))
    text = "".join("SELECT * FROM orders WHERE amount = %d;\n" % i for i in range(120))
    a.open(uri, "sql", text)
    stats_and_pubs(a, uri)
    # the first edit after the document is opened walks it (what it sends is kept)
    a.change(uri, 2, [{"range": {"start": position(text, len(text)), "end": position(text, len(text))},
                       "text": "\n"}])
    text += "\n"
    stats_and_pubs(a, uri)
    seen, bad = [], []
    for v, (s, e, new) in enumerate([(0, 0, "\n"), (0, 0, "\n\n"), (-2, 0, ""), (-1, 0, "")], 3):
        at = text.index("amount = 4;") - 27   # the start of line 5 (statement 4)
        a.change(uri, v, [{"range": {"start": position(text, at + s), "end": position(text, at + e)}, "text": new}])
        text = text[:at + s] + new + text[at + e:]
        st, pubs = stats_and_pubs(a, uri)
        want = fresh(b, uri, text, v)
        if not pubs or pubs[-1] != want:
            bad.append(v)
        seen.append((st["spliced"], st.get("splicedRefs"), st.get("movedRefs"), len(json.loads(want)["params"]["diagnostics"])))
    # written again: the statements cut again (statement 4, whose text
    # changed, and statement 3 when the change is at their boundary) and
    # the one after them (statement 5: it starts on the line where the
    # change ends); the 115 refs after them (statements 6-119 and the
    # text after the last) only have their line numbers rewritten
    check("%s: line breaks before statement 5 of 120: the 115 refs after the statements written again had their "
          "line numbers rewritten, not their diagnostics, and the client's bytes are a fresh server's" % name,
          not bad and seen == [(1, 3, 115, 120), (2, 2, 115, 120), (3, 2, 115, 120), (4, 3, 115, 120)],
          repr((bad, seen)))
    a.stop()
    b.stop()


def first_edit(root, caps, name):
    """A document of 256 KB or more keeps its publication from when it is
    opened: its first edit is spliced (a smaller one's walks it); the
    client's bytes are a fresh server's."""
    a = LspClient(KEYPLAN, cwd=root)
    a.initialize(root, capabilities=caps)
    b = LspClient(KEYPLAN, cwd=root)
    b.initialize(root, capabilities=caps)
    got = []
    for n, file in ((7000, "big.sql"), (1000, "small.sql")):
        uri = uri_of(os.path.join(root, file))
        text = "".join("SELECT * FROM orders WHERE amount = %d;\n" % i for i in range(n))
        a.open(uri, "sql", text)
        stats_and_pubs(a, uri)
        at = text.index("amount = 500;") + 9
        a.change(uri, 2, [{"range": {"start": position(text, at), "end": position(text, at)}, "text": "7"}])
        text = text[:at] + "7" + text[at:]
        st, pubs = stats_and_pubs(a, uri)
        got.append((len(text) >= 256 << 10, st["spliced"], bool(pubs) and pubs[-1] == fresh(b, uri, text, 2)))
    check("%s: the first edit of a document of 256 KB or more is spliced (not of a smaller one), the bytes a "
          "fresh server's" % name, got == [(True, 1, True), (False, 0, True)], repr(got))
    a.stop()
    b.stop()


def raw_notify(c, method, uri, version, text_json_bytes, rng=None):
    """A notification whose text carries bytes JSON cannot escape (invalid
    UTF-8), as a client that reads a file's bytes may send them."""
    doc = b'{"uri":"%s","version":%d' % (uri.encode(), version)
    if method == "textDocument/didOpen":
        params = b'{"textDocument":' + doc + b',"languageId":"sql","text":"' + text_json_bytes + b'"}}'
    else:
        params = (b'{"textDocument":' + doc + b'},"contentChanges":[{"range":' + json.dumps(rng).encode() +
                  b',"text":"' + text_json_bytes + b'"}]}')
    body = b'{"jsonrpc":"2.0","method":"%s","params":' % method.encode() + params + b"}"
    c.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)


def invalid_utf8(root, caps, name):
    """Bytes that are not UTF-8 appended right after a statement's ';' (the
    input fuzz_lsp found): a position before the edit keeps its column
    whatever follows it (each maximal ill-formed subpart is one character,
    as VS Code's decoder reads it), so the spliced publication is a fresh
    server's and the ranges are exact."""
    a = LspClient(KEYPLAN, cwd=root)
    a.initialize(root, capabilities=caps)
    b = LspClient(KEYPLAN, cwd=root)
    b.initialize(root, capabilities=caps)
    uri = uri_of(os.path.join(root, "u.sql"))
    raw_notify(a, "textDocument/didOpen", uri, 1, b"SELECT * FROM orders WHERE ;")
    stats_and_pubs(a, uri)   # the first edit walks the document: the second is spliced
    at = {"line": 0, "character": 14}
    a.change(uri, 2, [{"range": {"start": at, "end": at}, "text": "x"}])
    stats_and_pubs(a, uri)
    end = {"line": 0, "character": 29}
    raw_notify(a, "textDocument/didChange", uri, 3, b"\x9b\x9a\xe6\xb3 \xf0\x9f\x98\x80\xff = 1;",
               {"start": end, "end": end})
    st, pubs = stats_and_pubs(a, uri)
    raw_notify(b, "textDocument/didOpen", uri, 3, b"SELECT * FROM xorders WHERE ;\x9b\x9a\xe6\xb3 \xf0\x9f\x98\x80\xff = 1;")
    _, want = stats_and_pubs(b, uri)
    got = [(d["code"], d["range"]["start"]["character"], d["range"]["end"]["character"], d["message"])
           for d in json.loads(pubs[-1])["params"]["diagnostics"]] if pubs else None
    check("%s: bytes not UTF-8 after a ';': spliced (%d) and byte for byte a fresh server's" % (name, st["spliced"]),
          bool(pubs) and st["spliced"] == 1 and pubs[-1] == want[-1], repr((st["spliced"], got)))
    check("%s: bytes not UTF-8 after a ';': the syntax error is the ';', each stray byte and the cut-short "
          "sequence is one character, the emoji two units" % name, got == EXPECT_UTF8[caps is VSCODE], repr(got))
    a.stop()
    b.stop()


# the same for both clients (UTF-16 positions): the ';' at 28; 0x9b, 0x9a,
# then 0xe6 0xb3 (a three-byte sequence cut short by the space: a
# character a byte), the emoji two units (34, 35), 0xff at 36
EXPECT_UTF8 = dict.fromkeys((False, True), [
    ("KP011", 28, 29, "syntax error near ';': statement is incomplete"),
    ("KP016", 29, 30, "invalid UTF-8 byte 0x9b in input"),
    ("KP016", 30, 31, "invalid UTF-8 byte 0x9a in input"),
    ("KP016", 31, 32, "invalid UTF-8 byte 0xe6 in input"),
    ("KP016", 32, 33, "invalid UTF-8 byte 0xb3 in input"),
    ("KP016", 36, 37, "invalid UTF-8 byte 0xff in input")])

with kptest.tempdir() as tmp:
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": schema()})
    rnd = random.Random(7)
    text = "\n".join(rnd.choice(Q) for _ in range(40)) + "\n"
    session(root, NVIM07, text, 1, "Neovim 0.7")
    session(root, VSCODE, text, 2, "VS Code")
    session(root, NVIM07, text, 3, "CRLF", crlf=True)
    line_breaks(root, NVIM07, "Neovim 0.7")
    line_breaks(root, VSCODE, "VS Code")
    first_edit(root, NVIM07, "Neovim 0.7")
    invalid_utf8(root, NVIM07, "Neovim 0.7")
    invalid_utf8(root, VSCODE, "VS Code")

lsptest.finish()
