"""keyplan lsp after edits: statement-level incremental analysis (only the
statements an edit touched are planned again, in SQL files and in
application code with its MyBatis fragments and Java constants) and
publication (each statement's JSON kept, moved and sent again; nothing sent
twice; pull diagnostics), always equal to what keyplan lint and a fresh
server say of the same text."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kptest
from kptest import check
from lspclient import LspClient, LspError, frame, uri_of, pos, rng
from lsptest import (project, schema, lint_json, utf16_col, lint_as_lsp, lsp_tuples, VSCODE, NVIM07, QUERIES,
                     published, quiet)
import lsptest

KEYPLAN, SRC, SHARED = kptest.args()
SANITIZED = bool(os.environ.get("KP_SANITIZED"))
SCHEMA = schema()


with kptest.tempdir() as tmp:
    # --- publication: chunks' JSON kept and moved, nothing sent twice
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": SCHEMA})
    pu = uri_of(os.path.join(root, "p.sql"))
    two = ("SELECT * FROM orders WHERE orderid = 1; SELECT * FROM orders WHERE amount = 2;\n"
           "SELECT * FROM orders WHERE userid = 'é' AND orderid = 3;\n" + QUERIES)

    def same_as_lint(text, d):
        kptest.write(os.path.join(root, "p.sql"), text)
        return lsp_tuples(d) == lint_as_lsp(text, lint_json(root, "p.sql"))

    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(pu, "sql", two)
    d = c.diagnostics(pu)
    check("publication: lint's findings, two statements on a line", same_as_lint(two, d) and len(d) == 6,
          json.dumps(d)[:400])
    # lines inserted above: every chunk moves, its JSON is kept, its lines written anew
    text = "-- one\n-- two\n" + two
    c.change(pu, 2, [{"range": rng(0, 0, 0, 0), "text": "-- one\n-- two\n"}])
    d = c.diagnostics(pu)
    st = c.request("keyplan/stats", {"textDocument": {"uri": pu}})
    check("lines inserted above: the findings moved down, no statement planned again",
          same_as_lint(text, d) and st["planned"] == 1 and sorted(x["range"]["start"]["line"] for x in d)[0] == 2,
          json.dumps(d)[:400] + json.dumps(st))
    # the first statement of a line made longer: the second starts further right
    text = text.replace("orderid = 1;", "orderid = 1000;", 1)
    c.change(pu, 3, [{"range": rng(2, 37, 2, 38), "text": "1000"}])
    d = c.diagnostics(pu)
    kp001 = [x for x in d if x["range"]["start"]["line"] == 2]
    check("a statement that starts inside a line: its findings' columns follow its start",
          same_as_lint(text, d) and [x["range"] for x in kp001] == [rng(2, 27, 2, 41), rng(2, 70, 2, 80)],
          json.dumps(kp001))
    # a comment after a ';' runs over a lone CR, as the lexer reads it: what follows is no statement
    cr = "SELECT * FROM orders WHERE orderid = 1; -- c\rSELECT * FROM orders WHERE amount = 2;\n"
    cu = uri_of(os.path.join(root, "cr.sql"))
    c.open(cu, "sql", cr)
    d = c.diagnostics(cu)
    kptest.write(os.path.join(root, "cr.sql"), cr)
    lint_codes = [g["rule"] for g in lint_json(root, "cr.sql")]
    check("a comment over a lone CR after ';': the text after it is comment, as lint reads it",
          [x["code"] for x in d] == lint_codes == ["KP001"] and d[0]["range"]["start"] == {"line": 0, "character": 27},
          json.dumps(d)[:400])
    # three analyses (the open and two edits) on one pipeline, kept and reset between them, and the
    # same after a document's own DDL, which plans against a copy of the schema (one more, freed)
    st = c.request("keyplan/stats", {"textDocument": {"uri": pu}})
    check("analyses share one pipeline", st["pipelines"] == 1, json.dumps(st))
    du = uri_of(os.path.join(root, "ddl.sql"))
    c.open(du, "sql", "CREATE TABLE extra (k VARCHAR PRIMARY KEY, v INTEGER);\nSELECT * FROM extra WHERE v = 1;\n")
    d = c.diagnostics(du)
    st = c.request("keyplan/stats", {"textDocument": {"uri": du}})
    check("a document's DDL: a copy of the schema made for its analysis, the kept pipeline for the rest",
          st["pipelines"] == 2 and [x["code"] for x in d] == ["KP001"], json.dumps(st) + json.dumps(d))
    # an edit of a statement that has no finding, on one line: the client has the diagnostics
    c.change(pu, 4, [{"range": rng(3, 37, 3, 38), "text": "è"}])
    check("an edit that changes no finding publishes nothing", quiet(c) == [], "")
    # ... and an edit that does, publishes, at lint's places
    text = text.replace("'é'", "'è'", 1)
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(pu, "sql", text)
    c.diagnostics(pu)
    c.change(pu, 2, [{"range": rng(3, 54, 3, 55), "text": "'x'"}])
    text = text.replace("'è' AND orderid = 3", "'è' AND orderid = 'x'", 1)
    d = [m["params"]["diagnostics"] for m in quiet(c)]
    check("an edit that changes a finding publishes it, at lint's places",
          len(d) == 1 and same_as_lint(text, d[0]) and len(d[0]) == 8, json.dumps(d)[:300])

    # --- a keyplan:ignore-file directive typed into a file that had none (only the lines an edit touched
    # are read for one: its last letter completes it), an edit elsewhere while it stands, and its line
    # taken away: each time lint's findings of the same text
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(pu, "sql", two)
    d = c.diagnostics(pu)
    steps = []
    text = two
    for v, (change, new_text) in enumerate([
            ({"range": rng(0, 0, 0, 0), "text": "-- keyplan:ignore-fil\n"}, "-- keyplan:ignore-fil\n" + two),
            ({"range": rng(0, 21, 0, 21), "text": "e full-scan"}, "-- keyplan:ignore-file full-scan\n" + two),
            ({"range": rng(2, 37, 2, 38), "text": "4"}, None),
            ({"range": rng(0, 0, 1, 0), "text": ""}, None)], 2):
        c.change(pu, v, [change])
        if new_text is None:
            lines = text.split("\n")
            if v == 4:
                lines[2] = lines[2][:37] + "4" + lines[2][38:]
            else:
                lines = lines[1:]
            new_text = "\n".join(lines)
        text = new_text
        c.request("keyplan/stats", {"textDocument": {"uri": pu}})   # answered after the publication, if any
        pubs = published(c)
        d = pubs[-1]["params"]["diagnostics"] if pubs else d
        steps.append((same_as_lint(text, d), [x["code"] for x in d].count("KP001"), len(pubs)))
    check("keyplan:ignore-file typed (completed by its last letter), an edit under it, and its line taken away: "
          "lint's findings each time", steps == [(True, 4, 1), (True, 0, 1), (True, 0, 0), (True, 4, 1)],
          repr(steps))

    # --- keyplan/stats right behind an edit (one write: the server reads both at once) is answered after
    # the publication the edit made, and reports that edit's analysis; after an edit that changes no
    # finding it is answered with nothing published before or after it (bench --lsp relies on both)
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(pu, "sql", two)
    c.diagnostics(pu)

    def change_then_stats(version, change, rid):
        c.send_raw(frame({"jsonrpc": "2.0", "method": "textDocument/didChange",
                          "params": {"textDocument": {"uri": pu, "version": version}, "contentChanges": [change]}})
                   + frame({"jsonrpc": "2.0", "id": rid, "method": "keyplan/stats",
                            "params": {"textDocument": {"uri": pu}}}))
        got = []
        while not got or got[-1].get("id") != rid:
            got.append(c.read())
        return [m.get("method", "answer") for m in got], got[-1]["result"]

    order, st = change_then_stats(2, {"range": rng(1, 54, 1, 55), "text": "'x'"}, 900)
    check("stats behind an edit: the publication first, then the edit's own analysis (line 2 planned)",
          order == ["textDocument/publishDiagnostics", "answer"] and st["planned"] == 1
          and st["plannedLines"] == [1], json.dumps([order, st]))
    order, st = change_then_stats(3, {"range": rng(2, 37, 2, 37), "text": "z"}, 901)
    check("stats behind an edit that changes no finding: nothing published, the edit analysed (line 3)",
          order == ["answer"] and st["planned"] == 1 and st["plannedLines"] == [2] and quiet(c) == [],
          json.dumps([order, st]))

    # --- the JSON kept across edits is the JSON a fresh server writes for the same text: line
    # numbers rewritten in place, across a power of ten (9 -> 10, 99 -> 100 and back), a chunk edited
    # (with a baseline set, each diagnostic goes through the baseline and is copied on its own)
    kptest.write(os.path.join(root, "other.sql"), "SELECT * FROM orders WHERE status = 'x';\n")
    kptest.run("lint", "--write-baseline", "b.txt", "other.sql", cwd=root, plain=True)

    def fresh_diags(text, options):
        f = LspClient(KEYPLAN, cwd=root)
        f.initialize(root, options=options)
        f.open(pu, "sql", text)
        got = f.diagnostics(pu)
        f.stop()
        return got

    for options in (None, {"baseline": "b.txt"}):
        c = LspClient(KEYPLAN, cwd=root)
        c.initialize(root, options=options)
        text = ("--\n" * 7 + QUERIES +
                "SELECT * FROM orders WHERE orderid = 4; SELECT * FROM orders WHERE amount = 5;\n"
                "SELECT * FROM orders WHERE userid = 7 AND 1 < orderid < 4 AND amount = 5\n"
                "  AND status = 7;\n")
        c.open(pu, "sql", text)
        c.diagnostics(pu)
        steps = [("a line inserted at the top (lines 9 -> 10)", rng(0, 0, 0, 0), "\n"),
                 ("90 lines inserted (lines 99 -> 100)", rng(0, 0, 0, 0), "--\n" * 90),
                 ("91 lines taken away (back under 10)", rng(0, 0, 91, 0), ""),
                 ("a character typed in a statement with findings", rng(8, 37, 8, 37), "1"),
                 ("a line break inside a statement with findings", rng(8, 26, 8, 27), "\n"),
                 ("two statements of a line joined to the line before", None, " ")]
        v = 1
        for what, r, new_text in steps:
            v += 1
            lines = text.split("\n")
            if r is None:
                r = rng(12, len(lines[12]), 13, 0)
            a = sum(len(x) + 1 for x in lines[:r["start"]["line"]]) + r["start"]["character"]
            b = sum(len(x) + 1 for x in lines[:r["end"]["line"]]) + r["end"]["character"]
            text = text[:a] + new_text + text[b:]
            c.change(pu, v, [{"range": r, "text": new_text}])
            d = c.diagnostics(pu)
            want = fresh_diags(text, options)
            check("kept JSON after %s%s: a fresh server's, lint's places"
                  % (what, " (a baseline set)" if options else ""),
                  d == want and same_as_lint(text, d) and len(d) == 9,
                  json.dumps(d)[-600:] + "\n" + json.dumps(want)[-600:])
        c.stop()

    # --- pull diagnostics (textDocument/diagnostic) for a client that offers them
    c = LspClient(KEYPLAN, cwd=root)
    r = c.initialize(root, capabilities={"textDocument": {"diagnostic": {"dynamicRegistration": False}},
                                         "workspace": {"diagnostics": {"refreshSupport": True}}})
    check("pull: offered to a client that can pull",
          r["capabilities"].get("diagnosticProvider") == {"identifier": "keyplan", "interFileDependencies": True,
                                                          "workspaceDiagnostics": False}, json.dumps(r))
    c.open(pu, "sql", two)
    full = c.request("textDocument/diagnostic", {"textDocument": {"uri": pu}})
    check("pull: the full report, lint's findings",
          full["kind"] == "full" and same_as_lint(two, full["items"]) and len(full["resultId"]) == 16,
          json.dumps(full)[:300])
    again = c.request("textDocument/diagnostic", {"textDocument": {"uri": pu}, "previousResultId": full["resultId"]})
    check("pull: asked again with its resultId, unchanged",
          again == {"kind": "unchanged", "resultId": full["resultId"]}, json.dumps(again))
    c.change(pu, 2, [{"range": rng(1, 37, 1, 38), "text": "e"}])
    again = c.request("textDocument/diagnostic", {"textDocument": {"uri": pu}, "previousResultId": full["resultId"]})
    check("pull: after an edit that changes no finding, unchanged",
          again == {"kind": "unchanged", "resultId": full["resultId"]}, json.dumps(again)[:300])
    c.change(pu, 3, [{"range": rng(0, 0, 0, 0), "text": "\n"}])
    again = c.request("textDocument/diagnostic", {"textDocument": {"uri": pu}, "previousResultId": full["resultId"]})
    text = "\n" + two.replace("'é'", "'e'", 1)
    check("pull: after a line inserted, the full report moved down",
          again["kind"] == "full" and again["resultId"] != full["resultId"] and same_as_lint(text, again["items"]),
          json.dumps(again)[:300])
    err = c.request("textDocument/diagnostic", {"textDocument": {"uri": uri_of(os.path.join(root, "no.sql"))}},
                    want_error=True)
    check("pull: a document not open, InvalidParams", err["code"] == -32602 and "not open" in err["message"],
          json.dumps(err))
    # the schema edited: the other documents' diagnostics changed, the client is told to pull
    su = uri_of(os.path.join(root, "schema", "schema.sql"))
    c.open(su, "sql", SCHEMA)
    c.request("textDocument/diagnostic", {"textDocument": {"uri": su}})
    c.request("textDocument/diagnostic", {"textDocument": {"uri": pu}})
    c.notes = []
    c.change(su, 2, [{"range": rng(0, 0, 0, 0), "text": "-- edited\n"}])
    check("pull: nothing is pushed to a client that pulls, a schema edit sends workspace/diagnostic/refresh",
          quiet(c) == [] and [(m.get("method"), "id" in m) for m in c.notes] ==
          [("workspace/diagnostic/refresh", True)], json.dumps(c.notes)[:300])

    # --- a keyplan: line that an edit elsewhere puts into a comment acts from then on: " /* c" typed
    # after the statement leaves the comment open over the "-- keyplan:ignore KP001" line below, which
    # then applies to the statement on the comment's line (docs/embedded-sql.md). The statement's text
    # and place are unchanged, so its kept result must not be reused (a fuzz_lsp finding)
    gu = uri_of(os.path.join(root, "g.go"))
    go = 'package demo\n\nconst HEAD = "SELECT * FROM orders"\n-- keyplan:ignore KP001\n'
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(gu, "go", go)
    first = [x["code"] for x in c.diagnostics(gu)]
    c.change(gu, 2, [{"range": rng(2, 35, 2, 35), "text": " /* c"}])
    c.request("keyplan/stats", {"textDocument": {"uri": gu}})   # answered after the publication, if any
    pubs = [m for m in published(c) if m["params"]["uri"] == gu]
    after = [x["code"] for x in pubs[-1]["params"]["diagnostics"]] if pubs else None
    check("a keyplan:ignore line put into an open comment by an edit above it suppresses the statement's "
          "finding, as a fresh server and lint do", first == ["KP001"] and after == [], repr((first, after)))
    c.stop()

    # --- a directive's own finding (an unknown rule in it) is at the directive's place, kept with the
    # statement it acts on: text typed between the two moves the directive, not the statement, and
    # the finding moves with it, as a fresh server places it (a fuzz_lsp finding: it stayed put)
    go2 = 'package demo\n\nconst HEAD = "SELECT * FROM orders" // keyplan:ignore M\n'
    moved = go2.replace('orders" //', 'orders"    //')
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(gu, "go", go2)
    c.diagnostics(gu)
    c.change(gu, 2, [{"range": rng(2, 35, 2, 35), "text": "   "}])
    c.request("keyplan/stats", {"textDocument": {"uri": gu}})
    pubs = [m for m in published(c) if m["params"]["uri"] == gu]
    got = sorted((x["code"], x["range"]["start"]["character"]) for x in pubs[-1]["params"]["diagnostics"]) if pubs else None
    c.stop()
    f = LspClient(KEYPLAN, cwd=root)
    f.initialize(root)
    f.open(gu, "go", moved)
    want = sorted((x["code"], x["range"]["start"]["character"]) for x in f.diagnostics(gu))
    f.stop()
    check("a directive's own finding moves with the directive when text is typed before it on its line",
          got == want and len(want) == 2, repr((got, want)))

with kptest.tempdir() as tmp:
    # --- SQL in application code, incremental by statement
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": SCHEMA})

    def lint_same(name, text, d):
        kptest.write(os.path.join(root, name), text)
        return lsp_tuples(d) == lint_as_lsp(text, lint_json(root, name))

    java = ('class Q {\n'
            '  String a = "SELECT * FROM orders WHERE orderid = 1";\n'
            '  // keyplan:ignore KP002 -- known\n'
            '  String b = "SELECT * FROM orders WHERE userid = \'u\' AND amount = 2";\n'
            '  String c = "SELECT * FROM orders WHERE " +\n'
            '      "amount = 3";\n'
            '}\n')
    ju = uri_of(os.path.join(root, "Q.java"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(ju, "java", java)
    d = c.diagnostics(ju)
    st = c.request("keyplan/stats", {"textDocument": {"uri": ju}})
    check("Java: each statement planned on open, lint's findings",
          lint_same("Q.java", java, d) and (st["chunks"], st["planned"], st["plannedLines"]) == (3, 3, [1, 3, 4]),
          json.dumps(d)[:300] + json.dumps(st))
    # a character typed in the third statement's second literal: it alone is planned
    java = java.replace("amount = 3", "amount = 30")
    c.change(ju, 2, [{"range": rng(5, 16, 5, 16), "text": "0"}])
    d = c.diagnostics(ju)
    st = c.request("keyplan/stats", {"textDocument": {"uri": ju}})
    check("Java: an edit in a literal re-plans only its statement",
          lint_same("Q.java", java, d) and (st["planned"], st["plannedLines"]) == (1, [4]), json.dumps(st))
    # lines above: every statement moves, none is planned again
    java = "// header\n\n" + java
    c.change(ju, 3, [{"range": rng(0, 0, 0, 0), "text": "// header\n\n"}])
    d = c.diagnostics(ju)
    st = c.request("keyplan/stats", {"textDocument": {"uri": ju}})
    check("Java: lines inserted above, the findings move, nothing is planned again",
          lint_same("Q.java", java, d) and (st["planned"], st["plannedLines"]) == (0, []), json.dumps(st))
    # the suppression's comment edited: its statement alone is planned again, its region read alone (the
    # comments above a declaration are its region's), and its finding comes back
    java = java.replace("ignore KP002", "ignore KP001")
    c.change(ju, 4, [{"range": rng(4, 24, 4, 25), "text": "1"}])
    d = c.diagnostics(ju)
    st = c.request("keyplan/stats", {"textDocument": {"uri": ju}})
    check("Java: a keyplan:ignore comment edited applies at once",
          lint_same("Q.java", java, d) and "KP002" in [x["code"] for x in d]
          and (st["planned"], st["plannedLines"]) == (1, [5]), json.dumps(d)[:300] + json.dumps(st))
    h = c.request("textDocument/hover", {"textDocument": {"uri": ju}, "position": pos(6, 20)})
    check("Java: hover on a statement plans it alone, its plan",
          h["contents"]["value"].startswith("**FULL SCAN** on `orders`") or
          h["contents"]["value"].startswith("**REJECTED** on `orders`"), json.dumps(h)[:300])
    c.stop()

    # the words create, alter, drop in code or comments are no DDL: the cache holds; DDL in a
    # string (split across pieces) plans every statement against a copy of the schema
    java2 = ('class R {\n'
             '  // create the user, then drop the cache\n'
             '  void f(Repo repo, Statement st) throws Exception {\n'
             '    repo.create(user); cache.drop();\n'
             '    st.executeQuery("SELECT * FROM orders WHERE orderid = 1");\n'
             '    st.executeQuery("SELECT * FROM orders WHERE amount = 3");\n'
             '  }\n'
             '}\n')
    ru = uri_of(os.path.join(root, "R.java"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(ru, "java", java2)
    d = c.diagnostics(ru)
    java2 = java2.replace("amount = 3", "amount = 30")
    c.change(ru, 2, [{"range": rng(5, 58, 5, 58), "text": "0"}])
    d = c.diagnostics(ru)
    st = c.request("keyplan/stats", {"textDocument": {"uri": ru}})
    check("Java: create/drop as method names and words in comments are no DDL: one statement planned",
          lint_same("R.java", java2, d) and (st["planned"], st["plannedLines"]) == (1, [5]), json.dumps(st))
    java3 = ('class S {\n'
             '  void f(Statement st) throws Exception {\n'
             '    st.execute("CREATE " +\n'
             '        "INDEX idx_orders_amount ON orders (amount)");\n'
             '    st.executeQuery("SELECT * FROM orders WHERE amount = 3");\n'
             '    st.executeQuery("SELECT * FROM orders WHERE orderid = 1");\n'
             '  }\n'
             '}\n')
    su = uri_of(os.path.join(root, "S.java"))
    c.open(su, "java", java3)
    d = c.diagnostics(su)
    java3 = java3.replace("orderid = 1", "orderid = 10")
    c.change(su, 2, [{"range": rng(5, 59, 5, 59), "text": "0"}])
    d = c.diagnostics(su)
    st = c.request("keyplan/stats", {"textDocument": {"uri": su}})
    check("Java: DDL split across string pieces: every statement planned again, as lint plans them",
          lint_same("S.java", java3, d) and st["planned"] == 3, json.dumps(st) + json.dumps(d)[:400])
    c.stop()

    # MyBatis: a statement is planned again when its text or a fragment it includes changes
    xml = ('<?xml version="1.0" encoding="UTF-8" ?>\n'
           '<mapper namespace="demo.M">\n'
           '  <sql id="cols">userid, orderid, amount</sql>\n'
           '  <select id="one">SELECT <include refid="cols"/> FROM orders WHERE orderid = #{o}</select>\n'
           '  <select id="two">SELECT <include refid="cols"/> FROM orders WHERE userid = #{u}</select>\n'
           '  <select id="three">SELECT * FROM orders WHERE amount = #{a}</select>\n'
           '</mapper>\n')
    mu = uri_of(os.path.join(root, "M.xml"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(mu, "xml", xml)
    d = c.diagnostics(mu)
    st = c.request("keyplan/stats", {"textDocument": {"uri": mu}})
    check("MyBatis: lint's findings, each statement planned",
          lint_same("M.xml", xml, d) and (st["chunks"], st["planned"]) == (3, 3), json.dumps(d)[:300])
    xml = xml.replace("amount = #{a}", "amount  = #{a}")
    c.change(mu, 2, [{"range": rng(5, 55, 5, 55), "text": " "}])
    d = c.diagnostics(mu)
    st = c.request("keyplan/stats", {"textDocument": {"uri": mu}})
    check("MyBatis: a statement without include edited: it alone (those that include are kept)",
          lint_same("M.xml", xml, d) and (st["planned"], st["plannedLines"]) == (1, [5]), json.dumps(st))
    xml = xml.replace("userid, orderid, amount", "userid, orderid, amount, status")
    c.change(mu, 3, [{"range": rng(2, 40, 2, 40), "text": ", status"}])
    d = c.diagnostics(mu)
    st = c.request("keyplan/stats", {"textDocument": {"uri": mu}})
    check("MyBatis: the fragment edited: the statements that include it",
          lint_same("M.xml", xml, d) and (st["planned"], st["plannedLines"]) == (2, [3, 4]), json.dumps(st))
    c.stop()

    # a finding inside an included fragment: its statement is pinned where it was planned
    xml = ('<?xml version="1.0" encoding="UTF-8" ?>\n'
           '<mapper namespace="demo.F">\n'
           '  <sql id="w">WHERE amount = #{a}</sql>\n'
           '  <select id="one">SELECT * FROM orders <include refid="w"/></select>\n'
           '  <select id="two">SELECT * FROM orders WHERE userid = #{u} AND orderid = #{o}</select>\n'
           '</mapper>\n')
    fu = uri_of(os.path.join(root, "F.xml"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(fu, "xml", xml)
    d = c.diagnostics(fu)
    check("MyBatis: a finding in the fragment, at the fragment",
          lint_same("F.xml", xml, d) and [x["range"]["start"]["line"] for x in d if x["code"] == "KP001"] == [2],
          json.dumps(d)[:300])
    xml = xml.replace("<mapper", "<!-- moved -->\n<mapper")
    c.change(fu, 2, [{"range": rng(1, 0, 1, 0), "text": "<!-- moved -->\n"}])
    d = c.diagnostics(fu)
    st = c.request("keyplan/stats", {"textDocument": {"uri": fu}})
    check("MyBatis: lines inserted above: the pinned statement planned again, the other moved",
          lint_same("F.xml", xml, d) and (st["planned"], st["plannedLines"]) == (1, [4]),
          json.dumps(d)[:300] + json.dumps(st))
    c.stop()

    # a finding in a fragment two statements include: reported once, with the first, naming both; editing
    # one statement re-plans it alone; one that stops including the fragment re-plans the other (its finding
    # now names one statement and is its own)
    xml = ('<?xml version="1.0" encoding="UTF-8" ?>\n'
           '<mapper namespace="demo.G">\n'
           '  <sql id="w">WHERE amount = #{a}</sql>\n'
           '  <select id="one">SELECT * FROM orders <include refid="w"/></select>\n'
           '  <select id="two">SELECT userid FROM orders <include refid="w"/></select>\n'
           '  <select id="three">SELECT * FROM orders WHERE orderid = #{o}</select>\n'
           '</mapper>\n')
    gu = uri_of(os.path.join(root, "G.xml"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(gu, "xml", xml)
    d = c.diagnostics(gu)
    frag = [x for x in d if x["range"]["start"]["line"] == 2]
    check("MyBatis: a finding in a fragment two statements include, once, naming both",
          lint_same("G.xml", xml, d) and len(frag) == 1 and frag[0]["code"] == "KP001"
          and frag[0]["message"].split("\n")[0].endswith("(in the <sql> fragment at line 3, included by 'one', 'two')"),
          json.dumps(frag))
    xml = xml.replace("SELECT userid FROM", "SELECT userid  FROM")
    c.change(gu, 2, [{"range": rng(4, 32, 4, 32), "text": " "}])
    d = c.diagnostics(gu)
    st = c.request("keyplan/stats", {"textDocument": {"uri": gu}})
    check("MyBatis: a statement that includes the fragment edited: it alone, lint's findings",
          lint_same("G.xml", xml, d) and (st["planned"], st["plannedLines"]) == (1, [4]),
          json.dumps(st) + json.dumps(d)[:300])
    c.stop()
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(gu, "xml", xml)
    c.diagnostics(gu)
    xml = xml.replace('<select id="one">SELECT * FROM orders <include refid="w"/></select>',
                      '<select id="one">SELECT * FROM orders WHERE userid = #{u}</select>')
    c.change(gu, 2, [{"range": rng(3, 40, 3, 60), "text": "WHERE userid = #{u}"}])
    d = c.diagnostics(gu)
    st = c.request("keyplan/stats", {"textDocument": {"uri": gu}})
    frag = [x for x in d if x["range"]["start"]["line"] == 2]
    check("MyBatis: the first includer no longer includes: the other re-planned, the finding now its own",
          lint_same("G.xml", xml, d) and (st["planned"], st["plannedLines"]) == (2, [3, 4]) and len(frag) == 1
          and frag[0]["message"].split("\n")[0].endswith("(in the <sql> fragment at line 3, included by 'two')"),
          json.dumps(st) + json.dumps(frag))
    xml = xml.replace("WHERE amount = #{a}", "WHERE amount  = #{a}")
    c.change(gu, 3, [{"range": rng(2, 27, 2, 27), "text": " "}])
    d = c.diagnostics(gu)
    st = c.request("keyplan/stats", {"textDocument": {"uri": gu}})
    check("MyBatis: the fragment edited: the statement that includes it, alone",
          lint_same("G.xml", xml, d) and (st["planned"], st["plannedLines"]) == (1, [4]), json.dumps(st))
    c.stop()

    # Java constants: a statement that reads one is planned again when it or the constant changes
    java = ('class K {\n'
            '  static final String COLS = "userid, orderid, amount";\n'
            '  static final String BY_AMOUNT = " WHERE amount = ?";\n'
            '  void f(Statement st) throws Exception {\n'
            '    st.executeQuery("SELECT " + COLS + " FROM orders" + BY_AMOUNT);\n'
            '    st.executeQuery("SELECT " + COLS + " FROM orders WHERE orderid = 1");\n'
            '    st.executeQuery("SELECT * FROM orders WHERE userid = ?" + BY_AMOUNT.substring(0, 0));\n'
            '  }\n'
            '}\n')
    ku = uri_of(os.path.join(root, "K.java"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(ku, "java", java)
    d = c.diagnostics(ku)
    c_last = d
    st = c.request("keyplan/stats", {"textDocument": {"uri": ku}})
    check("Java constants: lint's findings, each statement planned",
          lint_same("K.java", java, d) and st["planned"] == st["chunks"] and st["planned"] >= 2,
          json.dumps(d)[:300] + json.dumps(st))
    at = java.split("\n")[5].index("orderid = 1") + len("orderid = 1")
    java = java.replace("orderid = 1", "orderid = 12")
    c.change(ku, 2, [{"range": rng(5, at, 5, at), "text": "2"}])
    st = c.request("keyplan/stats", {"textDocument": {"uri": ku}})
    d = quiet(c)
    check("Java constants: a statement that reads a constant edited: it alone, lint's findings",
          (st["planned"], st["plannedLines"]) == (1, [5]) and len(d) <= 1
          and lint_same("K.java", java, d[0]["params"]["diagnostics"] if d else c_last), json.dumps(st) + json.dumps(d)[:300])
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(ku, "java", java)
    c_last = c.diagnostics(ku)
    at = java.split("\n")[1].index("amount") + len("amount")
    java = java.replace("userid, orderid, amount", "userid, orderid, amount, status")
    c.change(ku, 2, [{"range": rng(1, at, 1, at), "text": ", status"}])
    st = c.request("keyplan/stats", {"textDocument": {"uri": ku}})
    d = quiet(c)
    check("Java constants: the constant edited: the statements that read it, lint's findings",
          (st["planned"], st["plannedLines"]) == (2, [4, 5]) and len(d) <= 1
          and lint_same("K.java", java, d[0]["params"]["diagnostics"] if d else c_last),
          json.dumps(st) + json.dumps(d)[:300])

lsptest.finish()
