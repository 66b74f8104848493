"""keyplan lsp on application code, differentially: random edit sequences of
Java, Kotlin, Go, Python and MyBatis mapper files (and, for the same edits, a
SQL file, one with a table of its own) whose statements read
constants and <sql> fragments holding findings (chunks pinned to the file's
offsets, tools/lsp/analyze_host.c), statements whose SQL starts in a
constant, pieces joined with '+' over two lines, non-ASCII literals, and
CRLF files. The edits: characters typed and taken away inside and outside
string literals and XML elements, line breaks and CRLF added and taken
away, text replaced by text of the same byte length (a line break becoming
a space, two ASCII bytes becoming one two-byte character: the offsets after
it do not move, the lines or UTF-16 columns do), two statements' lines
joined and a statement's literal split, two or three changes in one
didChange, and undo: the last edit reversed. After every edit the client's
last publication is, byte for byte, what another server publishes when it
opens the final text fresh, and so are hover on the lines the edit touched
and the inlay hints of the whole file; in UTF-16 (Neovim 0.7's and VS
Code's capabilities) and UTF-8. KP_DIFF_EDITS edits a session (default
40), KP_DIFF_SEEDS seeds (default 1), KP_DIFF_SEED the first (default 1);
KP_DIFF_DUMP names a file the first diverging session is written to (its
first text and every didChange's changes)."""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kptest
from kptest import check
from lspclient import LspClient, uri_of
from lsptest import project, schema, VSCODE, NVIM07, stats_and_pubs
import lsptest

KEYPLAN, SRC, SHARED = kptest.args()
EDITS = int(os.environ.get("KP_DIFF_EDITS", "40"))
SEEDS = int(os.environ.get("KP_DIFF_SEEDS", "1"))
SEED0 = int(os.environ.get("KP_DIFF_SEED", "1"))

# statements with and without findings; WHERE clauses that a constant or a fragment may hold
HEADS = ["SELECT * FROM orders", "SELECT amount FROM orders", "SELECT * FROM metrics", "UPDATE orders SET amount = 1"]
WHERES = [" WHERE status = 'x' AND 1 < orderid < 9", " WHERE userid = 'u' AND orderid = 7",
          " WHERE userid = 'é' ORDER BY amount", " WHERE status = 'open'", " WHERE hostname = 'h' AND log_event = 'e'",
          " WHERE orderid = 123", " WHERE userid = 'a' AND orderid = 'b'"]


def java(rnd, plain, kotlin=False):
    out = ["package demo;" if not kotlin else "package demo", "", "class Dao {"]
    if kotlin:
        out.append("    companion object {")
    consts = []
    for i in range(4):
        w = rnd.choice(WHERES) if i else WHERES[0]   # W0 holds findings, read by m0
        if kotlin:
            out.append("        const val W%d = \"%s\"" % (i, w))
        else:
            out.append("    static final String W%d = \"%s\";" % (i, w))
        consts.append("W%d" % i)
    if kotlin:
        out.append("        const val HEAD = \"SELECT * FROM orders\"")
        out += ["    }", ""]
    else:
        out += ["    static final String HEAD = \"SELECT * FROM orders\";", ""]
    for i in range(14):
        k = (0.0, 0.4)[i] if i < 2 else rnd.random()   # m0 reads W0, m1 starts in HEAD
        if plain:
            k = 0.45 + 0.55 * rnd.random()   # nothing read elsewhere: no chunk pinned
        h, w = rnd.choice(HEADS), rnd.choice(WHERES)
        if kotlin:
            out.append("    fun m%d(db: Db) {" % i)
            end = ""
        else:
            out.append("    void m%d(Jdbc db) {" % i)
            end = ";"
        if k < 0.3:
            out.append("        db.query(\"%s\" + %s)%s" % (h, rnd.choice(consts) if i else "W0", end))
        elif k < 0.45:
            out.append("        db.query(HEAD + \"%s\")%s" % (w, end))
        elif k < 0.65:
            out.append("        db.query(\"%s\" +" % h)
            out.append("            \"%s\")%s" % (w, end))
        else:
            out.append("        db.query(\"%s%s\")%s" % (h, w, end))
        out += ["    }", ""]
    out += ["}", ""]
    return "\n".join(out)


def go(rnd, plain):
    out = ["package demo", "", "import \"database/sql\"", ""]
    consts = []
    for i in range(4):
        out.append("const W%d = \"%s\"" % (i, rnd.choice(WHERES) if i else WHERES[0]))
        consts.append("W%d" % i)
    out += ["const HEAD = \"SELECT * FROM orders\"", ""]
    for i in range(14):
        k = (0.0, 0.4)[i] if i < 2 else rnd.random()   # m0 reads W0, m1 starts in HEAD
        if plain:
            k = 0.45 + 0.55 * rnd.random()   # nothing read elsewhere: no chunk pinned
        h, w = rnd.choice(HEADS), rnd.choice(WHERES)
        out.append("func F%d(db *sql.DB) {" % i)
        if k < 0.3:
            out.append("\tdb.Query(\"%s\" + %s)" % (h, rnd.choice(consts) if i else "W0"))
        elif k < 0.45:
            out.append("\tdb.Query(HEAD + \"%s\")" % w)
        elif k < 0.65:
            out.append("\tdb.Query(`%s" % h)
            out.append("\t\t%s`)" % w.strip())
        else:
            out.append("\trows, err := db.Query(\"%s%s\")" % (h, w))
            out.append("\t_, _ = rows, err")
        out += ["}", ""]
    return "\n".join(out)


def python(rnd, plain):
    out = ["import db", ""]
    consts = []
    for i in range(4):
        out.append("W%d = \"%s\"" % (i, rnd.choice(WHERES) if i else WHERES[0]))
        consts.append("W%d" % i)
    out += ["HEAD = \"SELECT * FROM orders\"", "", ""]
    for i in range(14):
        k = (0.0, 0.4)[i] if i < 2 else rnd.random()   # m0 reads W0, m1 starts in HEAD
        if plain:
            k = 0.45 + 0.55 * rnd.random()   # nothing read elsewhere: no chunk pinned
        h, w = rnd.choice(HEADS), rnd.choice(WHERES)
        out.append("def f%d(cur):" % i)
        if k < 0.3:
            out.append("    cur.execute(\"%s\" + %s)" % (h, rnd.choice(consts) if i else "W0"))
        elif k < 0.45:
            out.append("    cur.execute(HEAD + \"%s\")" % w)
        elif k < 0.65:
            out.append("    cur.execute(\"%s\"" % h)
            out.append("                \"%s\")" % w)
        else:
            out.append("    cur.execute(\"%s%s\")" % (h, w))
        out += ["", ""]
    return "\n".join(out)


def mapper(rnd, plain):
    out = ['<?xml version="1.0" encoding="UTF-8" ?>', '<mapper namespace="demo.M">']
    for i in range(3):
        w = rnd.choice(WHERES) if i else WHERES[0]
        out.append('  <sql id="w%d">%s</sql>' % (i, w.strip().replace("<", "&lt;")))
    for i in range(14):
        k = (0.0, 0.4)[i] if i < 2 else rnd.random()   # m0 reads W0, m1 starts in HEAD
        if plain:
            k = 0.45 + 0.55 * rnd.random()   # nothing read elsewhere: no chunk pinned
        h, w = rnd.choice(HEADS), rnd.choice(WHERES).replace("<", "&lt;")
        tag = "update" if h.startswith("UPDATE") else "select"
        if k < 0.35:
            body = '%s <include refid="w%d"/>' % (h, rnd.randrange(3) if i else 0)
        elif k < 0.55:
            body = "%s\n    %s" % (h, w.strip())
        else:
            body = h + w
        out.append('  <%s id="q%d">%s</%s>' % (tag, i, body, tag))
    out += ["</mapper>", ""]
    return "\n".join(out)


def sql(rnd, plain):
    """SQL, for the same edits: statements one or two to a line, some over two lines, a keyplan:ignore
    comment; the pinned variant declares a table of its own (a note of its findings points into the
    document, outside their statement)."""
    out = []
    if not plain:
        out += ["CREATE TABLE own (k VARCHAR(8) NOT NULL, v INT, PRIMARY KEY (k));", ""]
    for i in range(16):
        h, w = rnd.choice(HEADS), rnd.choice(WHERES)
        k = rnd.random()
        if k < 0.2 and not plain:
            out.append("SELECT * FROM own WHERE v = %d;" % i)
        elif k < 0.35:
            out.append("%s\n %s;" % (h, w.strip()))
        elif k < 0.45:
            out.append("-- keyplan:ignore KP001 -- reason\n%s%s;" % (h, w))
        elif k < 0.6:
            out.append("%s%s; %s;" % (h, w, rnd.choice(HEADS)))
        else:
            out.append("%s%s;" % (h, w))
    return "\n".join(out) + "\n"


LANGS = [("Dao.java", "java", lambda r, p: java(r, p)), ("Dao.kt", "kotlin", lambda r, p: java(r, p, True)),
         ("dao.go", "go", go), ("dao.py", "python", python), ("M.xml", "xml", mapper), ("q.sql", "sql", sql)]


# ---- positions: lines break at LF and CRLF (the edits never leave a lone CR)

def position(text, off, utf8):
    before = text[:off]
    line = before.count("\n")
    col = before[before.rfind("\n") + 1:]
    n = len(col.encode("utf-8")) if utf8 else len(col.encode("utf-16-le")) // 2
    return {"line": line, "character": n}


def ok_cut(text, i):
    """i does not split a CRLF."""
    return not (0 < i < len(text) and text[i - 1] == "\r" and text[i] == "\n")


def literals(text):
    """Where string literals and element texts are: (start, end) inside them."""
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c in "\"`":
            j = text.find(c, i + 1)
            if j < 0:
                break
            out.append((i + 1, j))
            i = j + 1
        elif c == ">":
            j = text.find("<", i + 1)
            if j < 0:
                break
            out.append((i + 1, j))
            i = j
        else:
            i += 1
    return [x for x in out if x[1] > x[0]]


def one_edit(rnd, text, nl):
    """A random edit of text: (start, end, new)."""
    n = len(text)
    lits = literals(text)
    if lits and rnd.random() < 0.5:
        lo, hi = rnd.choice(lits)   # inside a literal or an element
        a = rnd.randint(lo, hi)
    else:
        a = rnd.randrange(n + 1)
    k = rnd.random()
    if k < 0.3:
        return a, a, rnd.choice(["x", " ", "1", "'", "é", "Z", '"', "<", "+", "€", "\U0001F600", ";"])
    if k < 0.45:
        return a, min(n, a + rnd.randint(1, 3)), ""
    if k < 0.55:
        return a, a, nl
    if k < 0.65:
        # same byte length: a line break becomes spaces, or spaces a line break, or two ASCII bytes
        # one two-byte character (the offsets after it stay, the lines or UTF-16 columns move)
        i = text.find(nl, a)
        r = rnd.random()
        if r < 0.4 and i >= 0:
            return i, i + len(nl), " " * len(nl.encode())
        if r < 0.7:
            j = text.find(" " * len(nl), a)
            if j >= 0:
                return j, j + len(nl), nl
        b = a
        while b + 2 <= n and not (text[b:b + 2].isascii() and "\r" not in text[b:b + 2] and "\n" not in text[b:b + 2]):
            b += 1
        if b + 2 <= n:
            return b, b + 2, rnd.choice(["é", "ß", "ж"])
        return a, a, "x"
    if k < 0.75:
        # two statements' lines joined: the text between a line's end and the next's first word goes
        i = text.find(nl, a)
        if i < 0:
            return a, a, " "
        j = i + len(nl)
        while j < n and text[j] in " \t":
            j += 1
        return i, j, rnd.choice(["", " "])
    if k < 0.83:
        # a literal split over two lines, with the host's way of joining it or without
        if lits:
            lo, hi = rnd.choice(lits)
            m = rnd.randint(lo, hi)
            return m, m, rnd.choice(['" +' + nl + '    "', nl + "  ", '"' + nl + '"'])
        return a, a, nl
    if k < 0.92:
        # text replaced across lines, with as many line breaks
        b = min(n, a + rnd.randint(5, 40))
        seg = text[a:b]
        return a, b, nl.join("y" * rnd.randint(0, 6) for _ in range(seg.count("\n") + 1))
    i = text.find(nl, a)
    return (i, i + len(nl), "") if i >= 0 else (a, a, "x")


def valid(text, s, e, new):
    t = text[:s] + new + text[e:]
    return ok_cut(text, s) and ok_cut(text, e) and "\r" not in t.replace("\r\n", "")


def draw(rnd, text, nl):
    while True:
        s, e, new = one_edit(rnd, text, nl)
        if valid(text, s, e, new):
            return s, e, new


def fresh_answers(c, uri, lang, text, version, probes, utf8):
    """What a server that opens text answers: its publication, hover at probes, the inlay hints."""
    c.open(uri, lang, text, version)
    _, pubs = stats_and_pubs(c, uri)
    out = answers(c, uri, text, probes, utf8)
    c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    return (pubs[-1] if pubs else None), out


def answers(c, uri, text, probes, utf8):
    hov = [c.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": position(text, p, utf8)})
           for p in probes]
    end = position(text, len(text), utf8)
    inl = c.request("textDocument/inlayHint", {"textDocument": {"uri": uri},
                                               "range": {"start": {"line": 0, "character": 0}, "end": end}})
    return json.dumps(hov, sort_keys=True), json.dumps(inl, sort_keys=True)


def probes_of(rnd, text, lo, hi):
    """Offsets on the lines [lo, hi) of text touches (at most 10, every non-space run's start among them)."""
    a = text.rfind("\n", 0, lo) + 1
    b = text.find("\n", hi)
    b = len(text) if b < 0 else b
    cand = [i for i in range(a, b) if text[i] not in " \t\r\n" and (i == a or text[i - 1] in " \t(\"'`>.")]
    cand = [i for i in cand if ok_cut(text, i)]
    rnd.shuffle(cand)
    return sorted(cand[:10])


STATS = {"edits": 0, "spliced": 0, "regions": 0, "hover": 0, "batches": 0, "undos": 0, "pinned_files": 0}


def differ(x, y):
    """The two texts around where they first differ."""
    x, y = (x or b"").decode() if isinstance(x, bytes) else x or "", (y or b"").decode() if isinstance(y, bytes) else y or ""
    i = 0
    while i < min(len(x), len(y)) and x[i] == y[i]:
        i += 1
    return "at %d: %r / fresh %r" % (i, x[max(0, i - 150):i + 150], y[max(0, i - 150):i + 150])


def dump(history):
    """A divergence's session to replay: the first text and every didChange's changes, as JSON, to the
    file KP_DIFF_DUMP names (the first divergence only)."""
    path = os.environ.get("KP_DIFF_DUMP")
    if path and not os.path.exists(path):
        with open(path, "w") as f:
            json.dump(history, f)


def session(root, caps, utf8, file, lang, text, seed, crlf, bad):
    rnd = random.Random(seed)
    nl = "\r\n" if crlf else "\n"
    if crlf:
        text = text.replace("\n", "\r\n")
    if utf8:
        caps = dict(caps, general={"positionEncodings": ["utf-8", "utf-16"]})
    a = LspClient(KEYPLAN, cwd=root)
    a.initialize(root, capabilities=caps)
    b = LspClient(KEYPLAN, cwd=root)
    b.initialize(root, capabilities=caps)
    path = os.path.join(root, file)
    uri = uri_of(path)
    a.open(uri, lang, text)
    history = {"file": file, "lang": lang, "utf8": utf8, "vscode": caps is VSCODE, "text": text, "edits": []}
    st, pubs = stats_and_pubs(a, uri)
    have = pubs[-1]
    last_sp, last_rg = st["spliced"], st["regionRuns"]
    undo = None
    name = "%s %s%s%s seed %d" % (lang, "utf-8" if utf8 else "utf-16", " CRLF" if crlf else "",
                                  " VS Code" if caps.get("textDocument", {}).get("publishDiagnostics", {}).get(
                                      "codeDescriptionSupport") else "", seed)
    for v in range(2, EDITS + 2):
        r = rnd.random()
        if undo and r < 0.15:
            batch = [undo]
            STATS["undos"] += 1
        elif r < 0.27:
            batch = []
            t = text
            for _ in range(rnd.randint(2, 3)):
                s, e, new = draw(rnd, t, nl)
                batch.append((s, e, new))
                t = t[:s] + new + t[e:]
            STATS["batches"] += 1
        else:
            batch = [draw(rnd, text, nl)]
        changes = []
        lo = hi = None   # what the changes so far replaced, in the newest text
        for s, e, new in batch:
            changes.append({"range": {"start": position(text, s, utf8), "end": position(text, e, utf8)}, "text": new})
            old = text[s:e]
            text = text[:s] + new + text[e:]
            d = len(new) - (e - s)
            if lo is not None:
                lo = lo + d if lo >= e else min(lo, s)
                hi = hi + d if hi >= e else min(hi, s + len(new))
            lo = s if lo is None else min(lo, s)
            hi = s + len(new) if hi is None else max(hi, s + len(new))
            undo = (s, s + len(new), old)
        a.change(uri, v, changes)
        history["edits"].append(changes)
        st, pubs = stats_and_pubs(a, uri)
        if pubs:
            have = pubs[-1]
        probes = probes_of(rnd, text, lo, max(lo, hi))
        got = answers(a, uri, text, probes, utf8)
        want, wants = fresh_answers(b, uri, lang, text, v, probes, utf8)
        strip = lambda x: json.loads(x)["params"]["diagnostics"]
        STATS["edits"] += 1
        STATS["hover"] += len(probes)
        if v > 2:
            STATS["spliced"] += st["spliced"] - last_sp
        STATS["regions"] += st["regionRuns"] - last_rg
        last_sp, last_rg = st["spliced"], st["regionRuns"]
        if (pubs and have != want) or (not pubs and strip(have) != strip(want)):
            bad.append((name, v, "publication", batch, differ(have, want)))
            dump(history)
            have = want   # report the first divergence of a run once
        if got[0] != wants[0]:
            bad.append((name, v, "hover", batch, differ(got[0], wants[0])))
            dump(history)
        if got[1] != wants[1]:
            bad.append((name, v, "inlay hints", batch, differ(got[1], wants[1])))
            dump(history)
        if len(bad) > 20:
            break
    a.stop()
    b.stop()


PIN = ("package demo;\n\nclass Dao {\n    static final String HEAD = \"SELECT * FROM orders\";\n"
       "    void m(Jdbc db) {\n        db.query(HEAD + \" WHERE orderid = 123\");\n    }\n}\n")


def pinned_same_length(root):
    """The stale line the differential run found: a statement whose SQL starts in a constant has its chunk
    pinned to the file's offsets; an edit before it of the same byte length moves no offset but its
    finding's line (a line break made a space) or UTF-16 column (two spaces made one 'é'). Before the fix
    nothing was published: the client kept line 6."""
    a = LspClient(KEYPLAN, cwd=root)
    a.initialize(root, capabilities=NVIM07)
    uri = uri_of(os.path.join(root, "Pin.java"))
    text = PIN
    a.open(uri, "java", text)
    got = []
    st, pubs = stats_and_pubs(a, uri)
    ranges = lambda p: [(d["code"], d["range"]["start"]["line"], d["range"]["start"]["character"],
                         d["range"]["end"]["line"], d["range"]["end"]["character"])
                        for d in json.loads(p)["params"]["diagnostics"]]
    got.append(ranges(pubs[-1]))
    for v, (s, e, new) in enumerate([(text.index("\n"), text.index("\n") + 1, " "),
                                     (text.index("        db."), text.index("        db.") + 2, "é")], 2):
        a.change(uri, v, [{"range": {"start": position(text, s, False), "end": position(text, e, False)},
                           "text": new}])
        text = text[:s] + new + text[e:]
        st, pubs = stats_and_pubs(a, uri)
        got.append((st["planned"], ranges(pubs[-1]) if pubs else None))
    a.stop()
    check("a pinned chunk after a same-length edit that moved its line, then its column: published where it is",
          got == [[("KP001", 5, 32, 5, 45)], (1, [("KP001", 4, 32, 4, 45)]), (1, [("KP001", 4, 31, 4, 44)])],
          repr(got))


with kptest.tempdir() as tmp:
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": schema()})
    pinned_same_length(root)
    bad = []
    runs = 0
    for seed in range(SEED0, SEED0 + SEEDS):
        for k, (file, lang, gen) in enumerate(LANGS):
            pinned = gen(random.Random(seed * 100 + k), False)
            plain = gen(random.Random(seed * 100 + k), True)
            with open(os.path.join(root, file), "w") as f:
                f.write(pinned)
            rc, out, err = kptest.run("lint", file, cwd=root, plain=True)
            STATS["pinned_files"] += lang != "sql" and ("used by the statement" in out or "included by" in out)
            os.remove(os.path.join(root, file))
            for j, (caps, utf8, crlf, text) in enumerate(((NVIM07, False, False, pinned), (VSCODE, False, True, pinned),
                                                           (NVIM07, True, False, plain), (VSCODE, False, False, plain))):
                session(root, caps, utf8, file, lang, text, seed * 1000 + k * 10 + j, crlf, bad)
                runs += 1
    print("%d sessions, %d edits (%d batches of 2-3 changes, %d undos), %d spliced, %d read as one region, "
          "%d hover probes; %d of %d application-code files had findings outside their statement" %
          (runs, STATS["edits"], STATS["batches"], STATS["undos"], STATS["spliced"], STATS["regions"],
           STATS["hover"], STATS["pinned_files"], SEEDS * (len(LANGS) - 1)))
    for x in bad[:6]:
        print("DIVERGENCE", repr(x))
    check("after %d random edits of application code, every publication, hover and inlay hint is a fresh server's"
          % STATS["edits"], not bad, "%d divergences" % len(bad))
    check("the files have findings outside their statements (pinned chunks)",
          STATS["pinned_files"] == SEEDS * (len(LANGS) - 1),
          "%d of %d" % (STATS["pinned_files"], SEEDS * (len(LANGS) - 1)))
    check("some edits were spliced and some read as one region", STATS["spliced"] > 0 and STATS["regions"] > 0,
          repr(STATS))

lsptest.finish()
