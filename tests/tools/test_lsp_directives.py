"""keyplan lsp with keyplan: directives, differentially: random edit sequences of Java, Kotlin, Go,
Python, MyBatis mapper and SQL files that hold directives of every kind (keyplan:ignore before a
statement, trailing it on its last line, between its joined literals, with an unknown rule; a
keyplan:disable ... keyplan:enable block; keyplan:ignore-file; an unknown keyplan:word), edited by
directives inserted and deleted, commented out and back in (the comment marker taken away and put
back), put into and out of a comment an edit leaves open (an unterminated block comment or Python
string typed and taken away), typed into (a rule's name changed), moved (cut and pasted elsewhere),
and by characters typed into and taken out of literals and line breaks added and taken away. After
every edit the client's last publication is, byte for byte, what another server publishes when it
opens the final text fresh (Neovim 0.7's capabilities, UTF-16), and in application code the last one
is what lint reports of the final text. KP_DIR_EDITS edits a session
(default 40), KP_DIR_SEEDS seeds (default 4), KP_DIR_SEED the first (default 1); KP_DIFF_DUMP names
a file the first diverging session is written to (its first text and every didChange's changes)."""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kptest
from kptest import check
from lspclient import LspClient, uri_of
from lsptest import project, schema, NVIM07, stats_and_pubs, lint_as_lsp, lint_json, lsp_tuples
import lsptest

KEYPLAN, SRC, SHARED = kptest.args()
EDITS = int(os.environ.get("KP_DIR_EDITS", "40"))
SEEDS = int(os.environ.get("KP_DIR_SEEDS", "4"))
SEED0 = int(os.environ.get("KP_DIR_SEED", "1"))

HEADS = ["SELECT * FROM orders", "SELECT amount FROM orders", "SELECT * FROM metrics", "UPDATE orders SET amount = 1"]
WHERES = [" WHERE status = 'x' AND 1 < orderid < 9", " WHERE userid = 'u' AND orderid = 7", " WHERE status = 'open'",
          " WHERE hostname = 'h' AND log_event = 'e'", " WHERE orderid = 123", " WHERE userid = 'a' AND orderid = 'b'"]
RULES = ["KP001", "KP010", "KP007", "full-scan", "KP0999", "KP001, KP010"]

# each host's comment: (line comment, block open, block close, the reason's separator)
SYNTAX = {"java": ("//", "/*", "*/", " -- "), "kotlin": ("//", "/*", "*/", " -- "), "go": ("//", "/*", "*/", " -- "),
          "python": ("#", '"""', '"""', " -- "), "xml": (None, "<!--", "-->", ": "), "sql": ("--", "/*", "*/", " -- ")}


def directive(rnd, lang, quiet=False):
    """A directive comment of a random kind (quiet: one that makes no finding of the file's own, so that
    an edit elsewhere can be read as one region: keyplan:ignore, keyplan:disable of a rule not yet
    disabled, keyplan:ignore-file), in lang's comment syntax."""
    line, bo, bc, sep = SYNTAX[lang]
    k = rnd.random()
    rule = rnd.choice(RULES)
    if quiet:
        k = rnd.choice([0.1, 0.1, 0.1, 0.5, 0.6, 0.85])
        rule = rnd.choice(RULES[:4]) if k != 0.6 else rnd.choice(["KP002", "KP009"])
    if k < 0.45:
        body = "keyplan:ignore %s%sreason" % (rule, sep)
    elif k < 0.55:
        body = "keyplan:ignore %s" % rule   # no reason: still silences
    elif k < 0.67:
        body = "keyplan:disable %s%sblock" % (rule, sep)
    elif k < 0.8:
        body = "keyplan:enable %s" % rule
    elif k < 0.9:
        body = "keyplan:ignore-file %s%sfile" % (rule, sep)
    else:
        body = "keyplan:%s %s" % (rnd.choice(["ignor", "nothing", "ignore"]), rule)   # unknown, or no reason
    if line is None or (lang != "python" and rnd.random() < 0.2):
        return "%s %s %s" % (bo if lang != "python" else "#", body, bc if lang != "python" else "")
    return "%s %s" % (line, body)


def stmt_lines(rnd, lang, i):
    """One statement in lang, as lines (some over two lines, joined)."""
    h, w = rnd.choice(HEADS), rnd.choice(WHERES)
    split = rnd.random() < 0.25
    if lang in ("java", "kotlin"):
        end = ";" if lang == "java" else ""
        head = "    void m%d(Jdbc db) {" % i if lang == "java" else "    fun m%d(db: Db) {" % i
        if split:
            body = ["        db.query(\"%s\" +" % h, "            \"%s\")%s" % (w, end)]
        else:
            body = ["        db.query(\"%s%s\")%s" % (h, w, end)]
        return [head] + body + ["    }", ""]
    if lang == "go":
        if split:
            body = ["\tdb.Query(\"%s\" +" % h, "\t\t\"%s\")" % w]
        else:
            body = ["\tdb.Query(\"%s%s\")" % (h, w)]
        return ["func F%d(db *sql.DB) {" % i] + body + ["}", ""]
    if lang == "python":
        if split:
            body = ["    cur.execute(\"%s\"" % h, "                \"%s\")" % w]
        else:
            body = ["    cur.execute(\"%s%s\")" % (h, w)]
        return ["def f%d(cur):" % i] + body + ["", ""]
    if lang == "xml":
        tag = "update" if h.startswith("UPDATE") else "select"
        w = w.replace("<", "&lt;")
        body = "%s\n    %s" % (h, w.strip()) if split else h + w
        return ['  <%s id="q%d">%s</%s>' % (tag, i, body, tag)]
    return ["%s\n %s;" % (h, w.strip()) if split else "%s%s;" % (h, w)]


def document(rnd, lang, own):
    """A file of 10 statements with directives among them: of every kind, or (own) quiet ones only."""
    head = {"java": ["package demo;", "", "class Dao {"], "kotlin": ["package demo", "", "class Dao {"],
            "go": ["package demo", "", "import \"database/sql\"", ""], "python": ["import db", "", ""],
            "xml": ['<?xml version="1.0" encoding="UTF-8" ?>', '<mapper namespace="demo.M">'], "sql": []}[lang]
    tail = {"java": ["}", ""], "kotlin": ["}", ""], "xml": ["</mapper>", ""]}.get(lang, [""])
    out = list(head)
    ind = {"java": "    ", "kotlin": "    ", "xml": "  "}.get(lang, "")
    for i in range(10):
        if rnd.random() < 0.5:
            out.append(ind + directive(rnd, lang, own))
        lines = stmt_lines(rnd, lang, i)
        if rnd.random() < 0.25 and lang != "python":
            # trailing the statement on its last line
            k = max(j for j, l in enumerate(lines) if l.strip() and l.strip() not in ("}",))
            lines[k] += " " + directive(rnd, lang, own)
        out += lines
    return "\n".join(out + tail)


def position(text, off):
    before = text[:off]
    line = before.count("\n")
    col = before[before.rfind("\n") + 1:]
    return {"line": line, "character": len(col.encode("utf-16-le")) // 2}


def line_bounds(text, i):
    a = text.rfind("\n", 0, i) + 1
    b = text.find("\n", i)
    return a, (len(text) if b < 0 else b)


def literals(text):
    """Where the text of string literals is (one line each)."""
    out, i = [], 0
    while True:
        i = text.find('"', i)
        if i < 0:
            return out
        j = text.find('"', i + 1)
        if j < 0 or "\n" in text[i:j]:
            return out
        out.append((i + 1, j))
        i = j + 1


def one_edit(rnd, text, lang, own):
    """A random edit: (start, end, new)."""
    n = len(text)
    dirs = [i for i in range(n) if text.startswith("keyplan:", i)]
    line, bo, bc, sep = SYNTAX[lang]
    lits = literals(text)
    if lits and rnd.random() < 0.3:
        # typed in or taken out of a literal (its region read alone, when the text has regions)
        lo, hi = rnd.choice(lits)
        a = rnd.randint(lo, hi)
        if rnd.random() < 0.6 or a == hi:
            return a, a, rnd.choice(["x", " ", "1", "é"])
        return a, a + 1, ""
    k = rnd.random()
    if k < 0.16:
        # a directive inserted at a line's start (or trailing a line)
        a = rnd.randrange(n + 1)
        a0, b0 = line_bounds(text, a)
        if rnd.random() < 0.7:
            return a0, a0, directive(rnd, lang, own) + "\n"
        return b0, b0, " " + directive(rnd, lang, own)
    if dirs and k < 0.28:
        # a directive's line deleted
        a0, b0 = line_bounds(text, rnd.choice(dirs))
        return a0, min(n, b0 + 1), ""
    if dirs and k < 0.42:
        # commented out, or back in: the comment marker before keyplan: taken away, or put back
        d = rnd.choice(dirs)
        a0, _ = line_bounds(text, d)
        seg = text[a0:d]
        for m in [x for x in (line, bo) if x]:
            j = seg.rfind(m)
            if j >= 0:
                return a0 + j, a0 + j + len(m), ""
        return d, d, (line or bo) + " "
    if k < 0.52:
        # a comment left open (or a Python string), put after a random line: the text below is in it
        a = rnd.randrange(n + 1)
        _, b0 = line_bounds(text, a)
        return b0, b0, " " + bo + " c"
    if k < 0.58:
        # an open comment closed again (the marker typed before taken away)
        j = text.rfind(" " + bo + " c")
        if j >= 0:
            return j, j + len(bo) + 3, ""
    if dirs and k < 0.7:
        # typed into a directive: a rule's name or the kind changed
        d = rnd.choice(dirs)
        _, b0 = line_bounds(text, d)
        a = rnd.randint(d + 8, max(d + 8, b0))
        return a, min(b0, a + rnd.randint(0, 3)), rnd.choice(["1", "x", " ", "-file", ",KP010", ""])
    if dirs and k < 0.78:
        # a directive line moved: cut, then pasted at another line's start (two changes in one, as a list)
        a0, b0 = line_bounds(text, rnd.choice(dirs))
        return ("move", a0, min(n, b0 + 1))
    # characters typed in or taken out of the text, a line break
    a = rnd.randrange(n + 1)
    r = rnd.random()
    if r < 0.5:
        return a, a, rnd.choice(["x", " ", "1", "'", "é", ";", "\n", "\n\n"])
    return a, min(n, a + rnd.randint(1, 4)), ""


def apply(text, s, e, new):
    return text[:s] + new + text[e:]


def session(root, lang, file, text, seed, bad, stats, own):
    rnd = random.Random(seed)
    a = LspClient(KEYPLAN, cwd=root)
    a.initialize(root, capabilities=NVIM07)
    b = LspClient(KEYPLAN, cwd=root)
    b.initialize(root, capabilities=NVIM07)
    uri = uri_of(os.path.join(root, file))
    a.open(uri, lang, text)
    history = {"file": file, "lang": lang, "text": text, "edits": []}
    st, pubs = stats_and_pubs(a, uri)
    have = pubs[-1] if pubs else None
    last_rg = st["regionRuns"]
    for v in range(2, EDITS + 2):
        e = one_edit(rnd, text, lang, own)
        changes = []
        if e[0] == "move":
            _, s0, e0 = e
            cut = text[s0:e0]
            changes.append({"range": {"start": position(text, s0), "end": position(text, e0)}, "text": ""})
            text = apply(text, s0, e0, "")
            at, _ = line_bounds(text, rnd.randrange(len(text) + 1))
            changes.append({"range": {"start": position(text, at), "end": position(text, at)}, "text": cut})
            text = apply(text, at, at, cut)
        else:
            s, en, new = e
            changes.append({"range": {"start": position(text, s), "end": position(text, en)}, "text": new})
            text = apply(text, s, en, new)
        a.change(uri, v, changes)
        history["edits"].append(changes)
        st, pubs = stats_and_pubs(a, uri)
        if pubs:
            have = pubs[-1]
        stats["edits"] += 1
        stats["directives"] += text.count("keyplan:")
        stats["regions"] += st["regionRuns"] - last_rg
        last_rg = st["regionRuns"]
        b.open(uri, lang, text, v)
        _, fp = stats_and_pubs(b, uri)
        b.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        want = fp[-1] if fp else None
        strip = lambda x: json.loads(x)["params"]["diagnostics"] if x else None
        if (pubs and have != want) or (not pubs and strip(have) != strip(want)):
            bad.append((lang, seed, v, changes, strip(have), strip(want)))
            path = os.environ.get("KP_DIFF_DUMP")
            if path and not os.path.exists(path):
                with open(path, "w") as f:
                    json.dump(history, f)
            have = want
        if len(bad) > 10:
            break
    # and the last text's, as lint reports it (a fresh server could share a mistake with the edited one)
    with open(os.path.join(root, file), "w", newline="") as f:
        f.write(text)
    want = lint_as_lsp(text, lint_json(root, file))
    got = lsp_tuples(json.loads(have)["params"]["diagnostics"]) if have else []
    if got != want:
        bad.append((lang, seed, "lint", got, want))
    os.remove(os.path.join(root, file))
    stats["lint"] += 1
    a.stop()
    b.stop()


LANGS = [("Dao.java", "java"), ("Dao.kt", "kotlin"), ("dao.go", "go"), ("dao.py", "python"), ("M.xml", "xml"),
         ("q.sql", "sql")]

with kptest.tempdir() as tmp:
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": schema()})
    bad = []
    stats = {"edits": 0, "directives": 0, "regions": 0, "lint": 0}
    runs = 0
    for seed in range(SEED0, SEED0 + SEEDS):
        for k, (file, lang) in enumerate(LANGS):
            for own in (False, True):
                text = document(random.Random(seed * 100 + k * 2 + own), lang, own)
                session(root, lang, file, text, seed * 1000 + k * 2 + own, bad, stats, own)
                runs += 1
    print("%d sessions, %d edits (%.1f keyplan: comments a text on average), %d read as one region" %
          (runs, stats["edits"], stats["directives"] / max(1, stats["edits"]), stats["regions"]))
    check("some edits of files with directives were read as one region", stats["regions"] > 0, repr(stats))

    # SQL: a keyplan:disable line typed at the top acts on the statements below it, kept or not (the
    # server keyed SQL's statements with the keyplan:ignore-file lines only: those after the edit kept
    # their full scans, a fresh server had none)
    sql = ("SELECT * FROM orders WHERE amount = 4;\nSELECT * FROM orders WHERE amount = 5;\n"
           "SELECT * FROM orders WHERE amount = 6;\n-- keyplan:ignore-file KP007 -- none here\n")
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root, capabilities=NVIM07)
    uri = uri_of(os.path.join(root, "b.sql"))
    c.open(uri, "sql", sql)
    first = [(x["code"], x["range"]["start"]["line"]) for x in c.diagnostics(uri)]
    c.change(uri, 2, [{"range": {"start": position(sql, 0), "end": position(sql, 0)},
                       "text": "-- keyplan:disable KP001 -- reports\n"}])
    _, pubs = stats_and_pubs(c, uri)
    c.stop()
    b = LspClient(KEYPLAN, cwd=root)
    b.initialize(root, capabilities=NVIM07)
    b.open(uri, "sql", "-- keyplan:disable KP001 -- reports\n" + sql, 2)
    _, fp = stats_and_pubs(b, uri)
    b.stop()
    check("SQL: a keyplan:disable line typed above three full scans: published as a fresh server does",
          first == [("KP001", 0), ("KP001", 1), ("KP001", 2)] and pubs and fp and pubs[-1] == fp[-1],
          repr((first, pubs[-1:], fp[-1:])))

    # SQL: a block's line and column are compared with the findings' in the file, as lint compares them
    # (each statement was read as a source of its own, from line 1: the full scan after the enable was
    # silenced, one below the disable was not when its statement started higher in its own source)
    sql = ("SELECT * FROM orders WHERE amount = 4;\n-- keyplan:disable KP001 -- reports\n"
           "SELECT * FROM orders WHERE orderid = 1 AND userid = 'a';\n"
           "SELECT * FROM orders WHERE amount = 5; -- keyplan:ignore KP0999\n-- keyplan:enable KP001\n"
           "SELECT * FROM orders WHERE amount = 6;\n")
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root, capabilities=NVIM07)
    c.open(uri, "sql", sql)
    got = [(x["code"], x["range"]["start"]["line"], x["range"]["start"]["character"]) for x in c.diagnostics(uri)]
    c.stop()
    with open(os.path.join(root, "b.sql"), "w") as f:
        f.write(sql)
    want = [(g["rule"], g["line"] - 1, g["column"] - 1) for g in lint_json(root, "b.sql")]
    os.remove(os.path.join(root, "b.sql"))
    check("SQL: a keyplan:disable ... enable block silences what lint silences",
          got == want == [("KP001", 0, 27), ("KP022", 3, 57), ("KP001", 5, 27)], repr((got, want)))

lsptest.finish()
