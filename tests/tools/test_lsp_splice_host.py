"""keyplan lsp, the push publication of SQL in application code spliced
into the last one (tools/lsp/splice.c, what changed told by
tools/lsp/analyze_host.c), with the oracle of test_lsp_splice.py: after
every edit of a Java file and of a MyBatis mapper (random edits, anywhere
in the Java file and inside the mapper's statements: characters typed and
taken away, quotes, line breaks added and taken away, a non-ASCII
character; and scripted ones: a character typed in a literal,
a line break between methods, a statement's element edited), the bytes of
the diagnostics the client has are those another server publishes when it
opens the same text, with Neovim 0.7's and VS Code's capabilities. Every
scripted edit after the first is spliced (keyplan/stats' spliced grows by
one), and so is most of the random ones (a splice is refused, and the
document walked, where the file's own findings or the statements' places
changed in a way the kept text cannot follow)."""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kptest
from kptest import check
from lspclient import LspClient, uri_of
from lsptest import project, schema, VSCODE, NVIM07, stats_and_pubs, fresh, position
import lsptest

KEYPLAN, SRC, SHARED = kptest.args()
EDITS = int(os.environ.get("KP_SPLICE_EDITS", "60"))

Q = ["SELECT * FROM orders WHERE status = 'x'",
     "SELECT amount FROM orders WHERE userid = 'u' AND orderid = 7",
     "SELECT * FROM orders WHERE userid = 'é' ORDER BY amount",
     "SELECT * FROM orders WHERE userid = 'a' AND 1 < orderid < 9",
     "UPDATE orders SET amount = 1 WHERE status = 'open'",
     "SELECT * FROM metrics WHERE hostname = 'h' AND log_event = 'e'",
     "SELECT * FROM orders WHERE orderid = 123"]


def java(rnd, n):
    out = ["package demo;\n", "\n", "class Dao {\n"]
    for i in range(n):
        q = rnd.choice(Q)
        out.append("  void m%d(Statement st) throws Exception {\n" % i)
        if rnd.random() < 0.3:
            cut = q.index(" WHERE ")
            out.append('    st.executeQuery("%s" +\n        "%s");\n' % (q[:cut], q[cut:]))
        else:
            out.append('    st.executeQuery("%s");\n' % q)
        out.append("  }\n")
    out.append("}\n")
    return "".join(out)


def mapper(rnd, n):
    out = ['<?xml version="1.0" encoding="UTF-8" ?>\n', '<mapper namespace="demo.M">\n']
    for i in range(n):
        q = rnd.choice(Q).replace("'x'", "#{s}").replace("'u'", "#{u}")
        tag = "update" if q.startswith("UPDATE") else "select"
        out.append('  <%s id="q%d">%s</%s>\n' % (tag, i, q.replace("<", "&lt;"), tag))
    out.append("</mapper>\n")
    return "".join(out)


def edit(rnd, text):
    """A random edit: (start, end, new text)."""
    n = len(text)
    k = rnd.random()
    a = rnd.randrange(n + 1)
    if k < 0.4:
        return a, a, rnd.choice(["x", " ", "1", "'", "é", "Z", '"'])
    if k < 0.6:
        return a, min(n, a + rnd.randint(1, 3)), ""
    if k < 0.75:
        b = min(n, a + rnd.randint(5, 40))
        seg = text[a:b]
        return a, b, "\n".join("y" * rnd.randint(0, 6) for _ in range(seg.count("\n") + 1))
    if k < 0.88:
        return a, a, "\n"
    i = text.find("\n", a)
    return (i, i + 1, "") if i >= 0 else (a, a, "x")


def session(root, caps, file, lang, text, edits, name):
    """Edits of text (each (start, end, new) or a function of the text
    making one); the client's bytes against a fresh server's after each.
    Returns how many edits after the first were spliced."""
    a = LspClient(KEYPLAN, cwd=root)
    a.initialize(root, capabilities=caps)
    b = LspClient(KEYPLAN, cwd=root)
    b.initialize(root, capabilities=caps)
    uri = uri_of(os.path.join(root, file))
    a.open(uri, lang, text)
    st, pubs = stats_and_pubs(a, uri)
    have = pubs[-1]
    bad, spliced, last, n = [], 0, st["spliced"], 0
    for v, e in enumerate(edits, 2):
        s, e, new = e(text) if callable(e) else e
        start, end = position(text, s), position(text, e)
        text = text[:s] + new + text[e:]
        a.change(uri, v, [{"range": {"start": start, "end": end}, "text": new}])
        st, pubs = stats_and_pubs(a, uri)
        if pubs:
            have = pubs[-1]
        want = fresh(b, uri, text, v, lang)
        strip = lambda x: json.loads(x)["params"]["diagnostics"]
        if pubs and have != want or not pubs and strip(have) != strip(want):
            bad.append((v, s, e, new))
        if v > 2:
            spliced += st["spliced"] - last
            n += 1
        last = st["spliced"]
    check("%s: after %d edits the client's diagnostics are a fresh server's, byte for byte" % (name, len(edits)),
          not bad, repr(bad[:3]))
    a.stop()
    b.stop()
    return spliced, n


def at(what, shift=0, new="x"):
    """An edit typed at the first place of what in the text (shift past its start)."""
    return lambda text: (text.index(what) + shift, text.index(what) + shift, new)


def edit_inside(rnd, text):
    """A random edit inside a statement's element text, not in a
    placeholder's name (the mapper stays well-formed XML and its
    placeholders named: a mapper that is not has a finding of its own,
    and its publication is walked)."""
    while True:
        s, e, new = edit(rnd, text)
        lo = text.rfind(">", 0, s)
        ph = text.rfind("#{", 0, e)
        in_ph = ph >= 0 and text.find("}", ph) >= s   # a placeholder's name: the mapper's own finding
        if (s > text.index("<mapper") and lo >= 0 and text.find("<", lo, e) < 0 and new not in ("\"", "'")
                and not in_ph):
            return s, e, new


def scripted_java():
    return [at("orderid = 123", 12, "4"),          # the first edit walks the document
            at("orderid = 123", 12, "5"),          # a character in a literal
            at('status = \'x\'', 10, "y"),
            at("  void m3(", 0, "\n"),             # a line break between methods: the rest move
            at("  void m5(", 0, "  // a comment\n"),
            at("orderid = 7", 11, "7"),
            lambda t: (t.index("\n\n  void m3(") + 1, t.index("\n\n  void m3(") + 2, "")]


def scripted_mapper():
    return [at("orderid = 123", 12, "4"),
            at("orderid = 123", 12, "5"),
            at('<select id="q3">', 0, "\n"),
            at("status = #{s}", 9, " "),
            at('<select id="q5">', 0, "<!-- q5 -->\n  "),
            at("log_event = 'e'", 12, "f")]


with kptest.tempdir() as tmp:
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": schema()})
    rnd = random.Random(11)
    jtext = java(rnd, 30)
    xtext = mapper(rnd, 30)
    for caps, who in ((NVIM07, "Neovim 0.7"), (VSCODE, "VS Code")):
        got = session(root, caps, "Dao.java", "java", jtext, scripted_java(), "Java, %s, scripted" % who)
        check("Java, %s: every scripted edit after the first spliced" % who, got == (6, 6), repr(got))
        got = session(root, caps, "M.xml", "xml", xtext, scripted_mapper(), "MyBatis, %s, scripted" % who)
        check("MyBatis, %s: every scripted edit after the first spliced" % who, got == (5, 5), repr(got))
    r = random.Random(5)
    got = session(root, NVIM07, "Dao.java", "java", jtext, [lambda t, r=r: edit(r, t) for _ in range(EDITS)],
                  "Java, random")
    print("Java, random edits: %d of %d after the first spliced" % got)
    check("Java, random edits: most spliced", got[0] * 2 >= got[1], repr(got))
    r = random.Random(6)
    got = session(root, VSCODE, "M.xml", "xml", xtext, [lambda t, r=r: edit_inside(r, t) for _ in range(EDITS)],
                  "MyBatis, random")
    print("MyBatis, random edits: %d of %d after the first spliced" % got)
    check("MyBatis, random edits: most spliced", got[0] * 2 >= got[1], repr(got))

lsptest.finish()
