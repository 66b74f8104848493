"""keyplan lsp on application code: an edit is extracted over its region
alone (tools/lsp/regions.c). The oracle: after every random edit of a Java,
Kotlin, Go, Python and MyBatis file (and one with CRLF), the diagnostics the server pulls equal
those of another server opening the same text fresh (a full extraction),
and for the four host languages most edits were read as one region; a
name shared by two regions (a constant), a keyplan: comment, and MyBatis
XML read the whole file, with the same diagnostics."""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kptest
from kptest import check
from lspclient import LspClient, uri_of, rng
from lsptest import project, schema
import lsptest

KEYPLAN, SRC, SHARED = kptest.args()
EDITS = int(os.environ.get("KP_REGIONS_EDITS", "40"))
PULL = {"textDocument": {"diagnostic": {"dynamicRegistration": True},
                         "publishDiagnostics": {"relatedInformation": True}}}

Q = ["SELECT * FROM orders WHERE status = 'x'",
     "SELECT amount FROM orders WHERE userid = ? AND orderid = ?",
     "SELECT * FROM orders WHERE userid = ? ORDER BY amount",
     "UPDATE orders SET amount = 1 WHERE status = 'open'",
     "SELECT * FROM metrics",
     "DELETE FROM orders WHERE userid = ? AND orderid > 3"]


def java(kotlin=False, consts=False):
    out = ["package a;", "", "class Repo {"]
    for i in range(14):
        q = Q[i % len(Q)]
        if kotlin:
            if i % 3 == 0:
                out += ["    fun f%d(db%d: Db) {" % (i, i), "        val sql%d = \"%s\"" % (i, q),
                        "        db%d.query(sql%d)" % (i, i), "    }", ""]
            else:
                out += ["    fun g%d(db%d: Db) {" % (i, i), "        db%d.query(\"%s\")" % (i, q), "    }", ""]
        else:
            if i % 3 == 0:
                out += ["    String q%d = \"%s\";" % (i, q), ""]
            elif i % 3 == 1:
                out += ["    void m%d(Jdbc jdbc%d) {" % (i, i), "        String sql%d = \"%s\"" % (i, q[:20]),
                        "            + \"%s\";" % q[20:], "        jdbc%d.query(sql%d);" % (i, i), "    }", ""]
            else:
                out += ["    @Query(\"%s\")" % q, "    List<X%d> find%d();" % (i, i), ""]
    if kotlin:
        out += ["    companion object {", "        const val T = \"orders\"", "        val raw = \"\"\"",
                "            SELECT * FROM metrics WHERE ${'$'}T = 1", "        \"\"\"", "    }", "",
                "    fun b(db9: Db) { val s = buildString { append(\"SELECT * FROM \"); append(\"orders\") }",
                "        db9.query(s) }", ""]
    else:
        out += ["    // a comment with a brace }", "    /* and { one */",
                "    String block = \"\"\"", "        SELECT * FROM metrics", "        \"\"\";", "",
                "    void sb(Jdbc j7) {", "        StringBuilder sb7 = new StringBuilder(\"SELECT * FROM orders\");",
                "        sb7.append(\" WHERE status = 'a'\");", "        j7.query(sb7.toString());", "    }", "",
                "    static class Inner {", "        String iq = \"SELECT * FROM metrics\";", "    }", "",
                "    @Select({\"SELECT * FROM orders\", \" WHERE amount = 1\"})", "    List<Y> arr();", "",
                "    Runnable r = () -> {", "        run(\"SELECT * FROM orders\");", "    };", ""]
    if consts:
        out += ["    static final String COLS = \"userid, amount\";",
                "    void u1(Jdbc jdbc) { jdbc.query(\"SELECT \" + COLS + \" FROM orders\"); }", "",
                "    void u2(Jdbc jdbc) { jdbc.query(\"SELECT \" + COLS + \" FROM metrics\"); }"]
    out += ["}", ""]
    return "\n".join(out)


def go():
    out = ["package a", "", "import \"database/sql\"", ""]
    for i in range(14):
        q = Q[i % len(Q)]
        if i % 2 == 0:
            out += ["func f%d(db%d *sql.DB) {" % (i, i), "\trows%d, err := db%d.Query(\"%s\")" % (i, i, q),
                    "\trows%d.Close()" % i, "}", ""]
        else:
            out += ["const Q%d = \"%s\"" % (i, q), ""]
    out += ["var (", "\tv1 = `SELECT * FROM orders", "\t\tWHERE status = 'x'`", "\tv2 = 3", ")", "",
            "func (r *Repo) Find(dbf *sql.DB) {", "\tdbf.Query(`SELECT * FROM metrics`)", "}", "",
            "type Repo struct {", "\tname string", "}", ""]
    return "\n".join(out)


def python():
    out = ["import db", ""]
    for i in range(14):
        q = Q[i % len(Q)]
        if i % 2 == 0:
            out += ["def f%d(cur%d):" % (i, i), "    sql%d = \"%s\"" % (i, q), "    cur%d.execute(sql%d)" % (i, i), "", ""]
        else:
            out += ["@app.route(\"/x%d\")" % i, "def g%d(cur%d):" % (i, i), "    cur%d.execute(\"%s\")" % (i, q), "", ""]
    out += ["class K:", "    def m(self, c):", "        c.execute(\"%s\")" % Q[0], "",
            "    def n(self, c2):", "        c2.execute(\"\"\"", "            SELECT * FROM metrics", "        \"\"\")", "",
            "@pytest.fixture", "def fx(c3):", "    c3.execute(\"SELECT * FROM orders\")", "",
            "if __name__ == \"__main__\":", "    run(\"SELECT * FROM metrics\")", "else:", "    pass", ""]
    return "\n".join(out)


def java_shared(kotlin=False):
    """Every method declares the same parameter and local names (each its own): a field the methods read
    (a constant) is still shared."""
    out = ["package a;", "", "class Shared {"]
    if kotlin:
        out += ["    companion object {", "        const val TABLE = \"orders\"", "    }", ""]
    else:
        out += ["    private final JdbcTemplate jdbcTemplate;", "    static final String TABLE = \"orders\";", ""]
    for i in range(12):
        q = Q[i % len(Q)]
        if kotlin:
            out += ["    fun f%d(db: Db, id: Long) {" % i, "        val sql = \"%s\"" % q, "        db.query(sql, id)",
                    "    }", ""]
        elif i % 2:
            out += ["    List<Row> f%d(JdbcTemplate jdbcTemplate, long id) {" % i,
                    "        String sql = \"%s\";" % q, "        return jdbcTemplate.query(sql, id);", "    }", ""]
        else:
            out += ["    void g%d(Connection conn) throws SQLException {" % i,
                    "        final String sql = \"%s\";" % q,
                    "        try (PreparedStatement ps = conn.prepareStatement(sql)) {", "            ps.execute();",
                    "        }", "    }", ""]
    if kotlin:
        out += ["    fun t(db: Db) { db.query(\"SELECT userid FROM \" + TABLE) }", ""]
    else:
        out += ["    void t(JdbcTemplate jdbcTemplate) { jdbcTemplate.query(\"SELECT userid FROM \" + TABLE); }", ""]
    out += ["}", ""]
    return "\n".join(out)


def go_shared():
    out = ["package a", "", "import \"database/sql\"", "", "const table = \"orders\"", ""]
    for i in range(12):
        q = Q[i % len(Q)]
        out += ["func (r *Repo) F%d(ctx context.Context, db *sql.DB, id int64) error {" % i,
                "\tq := \"%s\"" % q, "\trows, err := db.QueryContext(ctx, q, id)", "\tif err != nil {",
                "\t\treturn err", "\t}", "\tdefer rows.Close()", "\treturn nil", "}", ""]
    out += ["func T(db *sql.DB) { db.Query(\"SELECT userid FROM \" + table) }", ""]
    return "\n".join(out)


def go_pkgdb():
    """Functions that query through the package's db (rows, err := db.Query(...)): the receiver of a call
    holds no SQL text, so no function's edit reads another."""
    out = ["package a", "", "import \"database/sql\"", "", "var db *sql.DB", "", "const table = \"orders\"", ""]
    for i in range(12):
        q = Q[i % len(Q)]
        out += ["func F%d(id int64) error {" % i, "\trows, err := db.Query(\"%s\", id)" % q, "\tif err != nil {",
                "\t\treturn err", "\t}", "\tdefer rows.Close()", "\treturn nil", "}", ""]
    out += ["func T() { db.Query(\"SELECT userid FROM \" + table) }", ""]
    return "\n".join(out)


def kotlin_pinned():
    """A statement whose finding lies in a constant it reads (its chunk pinned to the file's offsets) near the
    top: an edit of a method after all it reaches is read as one region."""
    out = ["package a", "", "class Pinned {", "    companion object {", "        const val W = \" WHERE amount = 1\"",
           "        const val TABLE = \"orders\"", "    }", "",
           "    fun a(db: Db) { db.query(\"SELECT amount FROM orders\" + W) }", ""]
    for i in range(10):
        q = Q[i % len(Q)]
        out += ["    fun f%d(db%d: Db) {" % (i, i), "        db%d.query(\"%s\")" % (i, q), "    }", ""]
    out += ["    fun t(db: Db) { db.query(\"SELECT userid FROM \" + TABLE) }", "}", ""]
    return "\n".join(out)


def python_class():
    out = ["import db", "", "", "class Other:", "    def o1(self, cur):", "        cur.execute(\"SELECT * FROM metrics\")",
           "", "    def o2(self, cur):", "        cur.execute(\"SELECT * FROM orders WHERE amount = 1\")", "", "",
           "TABLE = \"orders\"", "", "", "class Repo:", "    \"\"\"Queries.\"\"\"", "",
           "    limit = 10", ""]
    for i in range(12):
        q = Q[i % len(Q)]
        if i % 3 == 2:
            out += ["    @staticmethod", "    def s%d(cur, uid):" % i, "        sql = \"%s\"" % q,
                    "        cur.execute(sql, (uid,))", ""]
        else:
            out += ["    def m%d(self, conn, uid):" % i, "        cur = conn.cursor()", "        sql = \"%s\"" % q,
                    "        for row in cur.execute(sql, (uid,)):", "            print(row)", "        return cur", ""]
    out += ["    def t(self, cur):", "        cur.execute(\"SELECT userid FROM \" + TABLE)", "", "",
            "def top(cur):", "    cur.execute(\"SELECT * FROM metrics\")", ""]
    return "\n".join(out)


def python_attrs():
    """A class whose __init__ keeps a connection and a cursor as attributes that every method reads
    (self.conn, self.cursor: no SQL text, no name shared), and one attribute set to SQL text (self.sql: a name
    shared by the two methods that hold it)."""
    out = ["import psycopg2", "", "TABLE = \"orders\"", "", "", "class Store:",
           "    def __init__(self, dsn):", "        self.conn = psycopg2.connect(dsn)",
           "        self.cursor = self.conn.cursor()", "        self.sql = \"SELECT amount FROM orders WHERE status = 'a'\"",
           ""]
    for i in range(10):
        q = Q[i % len(Q)]
        if i % 2:
            out += ["    def m%d(self, uid):" % i, "        self.cursor.execute(\"%s\", (uid,))" % q,
                    "        return self.cursor.fetchall()", ""]
        else:
            out += ["    def c%d(self, uid):" % i, "        cur = self.conn.cursor()",
                    "        cur.execute(\"%s\", (uid,))" % q, "        self.conn.commit()", ""]
    out += ["    def by_status(self):", "        self.cursor.execute(self.sql)", "",
            "    def t(self):", "        self.cursor.execute(\"SELECT userid FROM \" + TABLE)", ""]
    return "\n".join(out)


def mybatis():
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<!DOCTYPE mapper PUBLIC "-//mybatis.org//DTD Mapper 3.0//EN" '
           '"http://mybatis.org/dtd/mybatis-3-mapper.dtd">', '<mapper namespace="a.Repo">',
           '  <sql id="cols">userid, amount</sql>']
    for i in range(10):
        q = Q[i % len(Q)].replace("?", "#{v}")
        if i % 3 == 0:
            out.append('  <select id="s%d">SELECT <include refid="cols"/> FROM orders WHERE status = #{s}</select>' % i)
        else:
            out.append('  <select id="s%d">%s</select>' % (i, q.replace("<", "&lt;")))
    out += ["</mapper>", ""]
    return "\n".join(out)


SNIPPETS = [" ", "x", "1", "\n", "'", "\"", ";", "}", "{", "(", ")", "+", "sql", "COLS", " AND amount = 2",
            "// keyplan:ignore KP001: test\n", "\n    String extra = \"SELECT * FROM orders\";\n", "\"\"\"", "@"]


def position(text, off):
    """LSP's line and character of off: lines break at CRLF, CR or LF (the text is ASCII)."""
    line, start, i = 0, 0, 0
    while i < off:
        if text[i] == "\r" or text[i] == "\n":
            i += 2 if text[i] == "\r" and i + 1 < len(text) and text[i + 1] == "\n" else 1
            if i > off:
                return line, off - start   # between CR and LF: the end of the line
            line, start = line + 1, i
        else:
            i += 1
    return line, off - start


def pull(c, uri):
    return c.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})["items"]


def stats(c, uri):
    return c.request("keyplan/stats", {"textDocument": {"uri": uri}})


with kptest.tempdir() as tmp:
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": schema()})
    a = LspClient(KEYPLAN, cwd=root)
    a.initialize(root, capabilities=PULL)
    b = LspClient(KEYPLAN, cwd=root)
    b.initialize(root, capabilities=PULL)
    rnd = random.Random(int(os.environ.get("KP_REGIONS_SEED", "28")))
    cases = [("Java", "java", "Repo.java", java()), ("Kotlin", "kotlin", "Repo.kt", java(True)),
             ("Go", "go", "repo.go", go()), ("Python", "python", "repo.py", python()),
             ("MyBatis", "xml", "RepoMapper.xml", mybatis()),
             ("Java with CRLF", "java", "Crlf.java", java().replace("\n", "\r\n")),
             ("Java, names shared", "java", "Shared.java", java_shared()),
             ("Kotlin, names shared", "kotlin", "Shared.kt", java_shared(True)),
             ("Go, names shared", "go", "shared.go", go_shared()),
             ("Python, a class", "python", "shared.py", python_class()),
             ("Python, self's attributes", "python", "attrs.py", python_attrs()),
             ("Go, the package's db", "go", "pkgdb.go", go_pkgdb()),
             ("Kotlin, a pinned statement at the top", "kotlin", "Pinned.kt", kotlin_pinned())]
    for name, lang, fname, text in cases:
        uri = uri_of(os.path.join(root, fname))
        orig = text
        a.open(uri, lang, text)
        first = pull(a, uri)
        check("%s: the file has findings to compare" % name, len(first) >= 1, json.dumps(first)[:300])
        version, bad = 1, None
        for k in range(EDITS):
            off = rnd.randrange(len(text) + 1)
            if rnd.random() < 0.3 and off < len(text):
                end = min(len(text), off + rnd.randint(1, 6))
                ins = ""
            else:
                end = off
                ins = rnd.choice(" x1" if rnd.random() < 0.5 else SNIPPETS[:15] if rnd.random() < 0.9 else SNIPPETS)
            # a place between CR and LF has no LSP position: before the CR
            off -= 0 < off < len(text) and text[off - 1:off + 1] == "\r\n"
            end = max(off, end - (0 < end < len(text) and text[end - 1:end + 1] == "\r\n"))
            l1, c1 = position(text, off)
            l2, c2 = position(text, end)
            version += 1
            a.change(uri, version, [{"range": rng(l1, c1, l2, c2), "text": ins}])
            text = text[:off] + ins + text[end:]
            got = pull(a, uri)
            b.open(uri, lang, text, version)
            want = pull(b, uri)
            b.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
            if got != want and bad is None:
                bad = (k, off, end, ins, [(x, y) for x, y in zip(got, want) if x != y][:1], len(got), len(want))
        check("%s: random edits, the diagnostics after each equal a fresh full extraction's" % name,
              bad is None, repr(bad))
        a.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        # typing in the file as written: a character into each of eight statements' SQL, one at a time
        text = orig
        a.open(uri, lang, text, 1000)
        pull(a, uri)
        r0 = stats(a, uri)["regionRuns"]
        spots = [i + 9 for i in range(len(text)) if text.startswith("SELECT * ", i)][:8]
        bad, version = None, 1000
        for k, off in enumerate(sorted(spots, reverse=True)):
            l1, c1 = position(text, off)
            version += 1
            a.change(uri, version, [{"range": rng(l1, c1, l1, c1), "text": "x"}])
            text = text[:off] + "x" + text[off:]
            got = pull(a, uri)
            b.open(uri, lang, text, version)
            want = pull(b, uri)
            b.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
            if got != want and bad is None:
                bad = (k, off, [(x, y) for x, y in zip(got, want) if x != y][:1], len(got), len(want))
        runs = stats(a, uri)["regionRuns"] - r0
        check("%s: a character typed in each of %d statements: the same diagnostics as a full extraction" %
              (name, len(spots)), len(spots) >= 3 and bad is None, repr(bad))
        if lang == "xml":
            check("MyBatis XML: read whole on every edit (its <include>s may cross any edit)", runs == 0, runs)
        else:
            check("%s: each of those edits read as one region" % name, runs == len(spots), runs)
        a.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    # names declared in each method are each method's own; a constant read by one of them is shared with the
    # region that declares it: an edit there reads the whole file
    for name, lang, fname, text in cases[6:]:
        uri = uri_of(os.path.join(root, "t_" + fname))
        a.open(uri, lang, text)
        pull(a, uri)
        r0 = stats(a, uri)["regionRuns"]
        off = text.index("SELECT userid FROM ") + 7
        l1, c1 = position(text, off)
        a.change(uri, 2, [{"range": rng(l1, c1, l1, c1), "text": " "}])
        s = stats(a, uri)
        text = text[:off] + " " + text[off:]
        b.open(uri, lang, text, 2)
        check("%s: an edit of the function reading the file's constant reads the whole file, as a fresh server" %
              name, s["regionRuns"] == r0 and pull(a, uri) == pull(b, uri), json.dumps(s))
        b.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        a.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    # an attribute set to SQL text (self.sql) is a name: an edit of the method that reads it, or of __init__
    # that sets it, reads the whole file; one that sets an attribute to SQL text where none was does too
    pt = python_attrs()
    pu = uri_of(os.path.join(root, "attrs2.py"))
    a.open(pu, "python", pt)
    pull(a, pu)
    for v, (what, anchor, ins) in enumerate([("__init__, where self.sql is set", "status = 'a'", " "),
                              ("the method reading self.sql", "self.cursor.execute(self.sql)", " "),
                              ("a method setting self.cursor to SQL text", "return self.cursor.fetchall()",
                               "self.cursor = \"SELECT 1\"; ")], 2):
        r0 = stats(a, pu)["regionRuns"]
        off = pt.index(anchor)
        l1, c1 = position(pt, off)
        a.change(pu, v, [{"range": rng(l1, c1, l1, c1), "text": ins}])
        pt = pt[:off] + ins + pt[off:]
        s = stats(a, pu)
        b.open(pu, "python", pt, v)
        check("Python: an edit of %s reads the whole file, as a fresh server" % what,
              s["regionRuns"] == r0 and pull(a, pu) == pull(b, pu), json.dumps(s))
        b.notify("textDocument/didClose", {"textDocument": {"uri": pu}})
    a.notify("textDocument/didClose", {"textDocument": {"uri": pu}})

    # one region: an edit inside a method body whose names no other region has
    jt = java()
    ju = uri_of(os.path.join(root, "One.java"))
    a.open(ju, "java", jt)
    pull(a, ju)
    r0 = stats(a, ju)["regionRuns"]
    line = jt.split("\n").index("    String q6 = \"%s\";" % Q[0])
    a.change(ju, 2, [{"range": rng(line, 50, line, 50), "text": " "}])
    s = stats(a, ju)
    check("Java: a character typed in a field's literal is read as its region, one statement planned",
          s["regionRuns"] == r0 + 1 and s["planned"] == 1 and s["plannedLines"] == [line], json.dumps(s))
    # the constant COLS is read by two methods: an edit of one reads the file whole
    jt = java(consts=True)
    ju = uri_of(os.path.join(root, "Two.java"))
    a.open(ju, "java", jt)
    pull(a, ju)
    r0 = stats(a, ju)["regionRuns"]
    line = next(i for i, l in enumerate(jt.split("\n")) if "void u1" in l)
    a.change(ju, 3, [{"range": rng(line, 60, line, 60), "text": " "}])
    s = stats(a, ju)
    check("Java: an edit of a method reading a constant another reads: the whole file",
          s["regionRuns"] == r0 and s["planned"] >= 1, json.dumps(s))

    # what a call elsewhere in the function says of a string (host5's names passed to SQL calls): the
    # string's statement is the same text, but once no SQL call takes it, its syntax error is a note
    eu = uri_of(os.path.join(root, "Ev.java"))
    et = ("class Ev {\n    void m(Jdbc j) {\n        String s = \"SELECT * FROM orders WHERE status = = 1\";\n"
          "        j.query(s);\n    }\n}\n")
    a.open(eu, "java", et)
    before = [(d["code"], d["severity"], d["range"]["start"]["line"]) for d in pull(a, eu)]
    a.change(eu, 2, [{"range": rng(3, 10, 3, 15), "text": "other"}])
    b.open(eu, "java", et.replace("j.query", "j.other"), 2)
    fresh = [(d["code"], d["severity"], d["range"]["start"]["line"], d["message"][:44]) for d in pull(b, eu)]
    after = [(d["code"], d["severity"], d["range"]["start"]["line"], d["message"][:44]) for d in pull(a, eu)]
    check("a string passed to j.query: its syntax error is an error", before == [("KP011", 1, 2)], before)
    check("... then to j.other: a note, as a fresh extraction says (the old chunk was reused)",
          after == fresh == [("KP011", 3, 2, "if this string is SQL (no SQL call takes it)")], (after, fresh))

    # Go: a word before a name assigned to (`conxst W1 = ...`, `const` mistyped) does not make the name a
    # type: the extractor still reads W1 as a constant, so F's reading it links F to W1's region (found by
    # test_lsp_differential: the edit was read as F's region alone, W1 blanked, and KP035 said W1 pasted)
    gu = uri_of(os.path.join(root, "typo.go"))
    gt = ("package demo\n\nconxst W1 = \" WHERE userid = 'u' AND orderid = 1\"\n\nfunc F(db *sql.DB) {\n"
          "\trows, err := db.Query(\"UPDATE orders +SET amount = 1\" + W1)\n\t_, _ = rows, err\n}\n")
    a.open(gu, "go", gt)
    pull(a, gu)
    r0 = stats(a, gu)["regionRuns"]
    a.change(gu, 2, [{"range": rng(6, 17, 6, 17), "text": "1"}])
    s = stats(a, gu)
    got = [(d["code"], d["range"]["start"]["line"], d["range"]["start"]["character"], d["message"][:22])
           for d in pull(a, gu)]
    check("Go: an edit of a function reading a constant declared after a mistyped word: the whole file read, "
          "the statement's syntax error kept", s["regionRuns"] == r0 and
          got == [("KP011", 5, 38, "syntax error near '+'")], (json.dumps(s), got))
    a.stop()
    b.stop()

lsptest.finish()
