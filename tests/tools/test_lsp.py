"""keyplan lsp, as a client sees it: transcripts of JSON-RPC requests with
the exact answers and notifications (diagnostic ranges in UTF-16 and UTF-8,
non-ASCII text and CRLF, hover text, completion items, edits), diagnostics
equal to keyplan lint's on the same files, schema and config changes, and
hostile input (statement-level incremental analysis and publication:
test_lsp_incremental.py)."""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import threading
import time

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
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": SCHEMA,
                         "q.sql": QUERIES})
    schema_path = os.path.join(root, "schema", "schema.sql")
    q_uri, s_uri = uri_of(os.path.join(root, "q.sql")), uri_of(schema_path)

    # --- initialize: capabilities, the position encoding negotiated
    c = LspClient(KEYPLAN, cwd=root)
    r = c.initialize(root, capabilities=json.loads(json.dumps(VSCODE)))
    check("initialize: UTF-16 positions without an offer, incremental sync",
          r["capabilities"]["positionEncoding"] == "utf-16" and r["capabilities"]["textDocumentSync"]["change"] == 2
          and r["serverInfo"]["name"] == "keyplan", json.dumps(r))

    # --- diagnostics on open: lint's, at lint's positions
    c.open(q_uri, "sql", QUERIES)
    diags = c.diagnostics(q_uri)
    want = lint_as_lsp(QUERIES, lint_json(root, "q.sql"))
    check("didOpen publishes lint's findings at lint's positions", lsp_tuples(diags) == want,
          "%r\n%r" % (lsp_tuples(diags), want))
    kp001 = [d for d in diags if d.get("code") == "KP001" and d["range"]["start"]["line"] == 1]
    check("KP001: exact range, severity, message, help and the note in the schema",
          len(kp001) == 1 and kp001[0]["range"] == rng(1, 27, 1, 40) and kp001[0]["severity"] == 1
          and kp001[0]["message"].startswith("full table scan: no condition on leading key column 'userid' of orders")
          and kp001[0]["message"].endswith("\nhelp: bind userid with = or IN, use a secondary index or index table "
                                           "(keyplan check, given the workload, says whether one pays), or opt in with /*+ _l_allow_filtering_ */")
          and kp001[0]["relatedInformation"] == [{"location": {"uri": s_uri, "range": rng(8, 4, 8, 4)},
                                                  "message": "primary key of orders declared here"}]
          and kp001[0]["source"] == "keyplan"
          and kp001[0]["codeDescription"]["href"].endswith("/rules/KP001.md"), json.dumps(kp001))

    # the optional fields follow the client's capabilities: Neovim 0.7 takes the note, not the link; a
    # client that declares neither gets range, severity, code, source and message (the rule page is
    # on hover, the key's DDL on definition), in its code actions' diagnostics too
    k1 = [i for i, x in enumerate(diags) if x.get("code") == "KP001" and x["range"]["start"]["line"] == 1][0]
    for who, caps, keys in (("Neovim 0.7", NVIM07, ["code", "message", "range", "relatedInformation", "severity",
                                                     "source"]),
                            ("none", {}, ["code", "message", "range", "severity", "source"])):
        o = LspClient(KEYPLAN, cwd=root)
        o.initialize(root, capabilities=json.loads(json.dumps(caps)))
        o.open(q_uri, "sql", QUERIES)
        od = o.diagnostics(q_uri)
        acts = o.request("textDocument/codeAction", {"textDocument": {"uri": q_uri}, "range": rng(1, 30, 1, 30),
                                                     "context": {"diagnostics": []}})
        o.stop()
        strip = [{k: v for k, v in x.items() if k in keys} for x in diags]
        check("a diagnostic's optional fields as the client declares them: %s" % who,
              od == strip and sorted(od[k1]) == keys and [a["diagnostics"] for a in acts[:2]] == [[strip[k1]]] * 2,
              json.dumps(od[k1]) + json.dumps(acts[:1]))

    # --- hover: a table, a column, a diagnostic's rule page, a statement's plan
    h = c.request("textDocument/hover", {"textDocument": {"uri": q_uri}, "position": pos(0, 16)})
    check("hover on a table: its key, its indexes, its DDL",
          h["range"] == rng(0, 14, 0, 20) and h["contents"]["kind"] == "markdown" and h["contents"]["value"] ==
          "**table** `orders`: primary key `[userid][orderid]`\n\n- index `idx_orders_status` "
          "`[status][userid][orderid]`\n\n```sql\nCREATE TABLE orders (\n    userid   VARCHAR(64) NOT NULL,\n"
          "    orderid  BIGINT NOT NULL,\n    amount   DECIMAL(12, 2),\n    status   VARCHAR(16),\n"
          "    PRIMARY KEY (userid, orderid)\n)\n```\n", json.dumps(h))
    h = c.request("textDocument/hover", {"textDocument": {"uri": q_uri}, "position": pos(0, 49)})
    check("hover on a column: its type and its place in the key",
          h["range"] == rng(0, 46, 0, 53) and h["contents"]["value"].startswith(
              "**column** `orders.orderid` BIGINT\n\nkey part 2 of 2 in `orders`: primary key `[userid][orderid]`\n"
              "\n```sql\nCREATE TABLE orders ("), json.dumps(h))
    h = c.request("textDocument/hover", {"textDocument": {"uri": q_uri}, "position": pos(1, 37)})
    check("hover on a diagnostic: the rule's page", h["range"] == rng(1, 27, 1, 40)
          and h["contents"]["value"].startswith("# KP001 full-scan\n"), json.dumps(h)[:300])
    h = c.request("textDocument/hover", {"textDocument": {"uri": q_uri}, "position": pos(0, 2)})
    check("hover on a statement: its plan",
          h["range"] == rng(0, 0, 0, 59) and h["contents"]["value"] ==
          "**GET** on `orders` through its primary key `[userid][orderid]`\n\n- reads: 1 row, each by its whole key\n"
          "- filter: none\n\n```text\nGET orders key (userid='abc', orderid=123)\n```\n", json.dumps(h))
    h = c.request("textDocument/hover", {"textDocument": {"uri": q_uri}, "position": pos(4, 3)})
    check("hover on a statement through an index",
          h["contents"]["value"].startswith("**SCAN** on `orders` through index `idx_orders_status` "
                                            "`[status][userid][orderid]` (covering)\n\n- reads: the rows of 1 key range\n"),
          json.dumps(h))

    # ... its key range, residual filter and order
    hv_uri = uri_of(os.path.join(root, "hover.sql"))
    c.open(hv_uri, "sql", "SELECT amount FROM orders WHERE userid = 'a' AND orderid > 5 AND amount > 3 "
                          "ORDER BY orderid DESC;\n")
    c.diagnostics(hv_uri)
    h = c.request("textDocument/hover", {"textDocument": {"uri": hv_uri}, "position": pos(0, 2)})
    check("hover on a statement: its key range, residual filter and order",
          h["range"] == rng(0, 0, 0, 97) and h["contents"]["value"] ==
          "**FILTERED SCAN** on `orders` through its primary key `[userid][orderid]`\n\n"
          "- reads: the rows of 1 key range\n- filter: `amount > 3`\n- order: served by a reverse scan\n\n"
          "```text\nFILTERED SCAN orders prefix (userid='a') range orderid (5, +inf) filter amount > 3 "
          "order reverse\n```\n", json.dumps(h))
    c.notify("textDocument/didClose", {"textDocument": {"uri": hv_uri}})
    c.diagnostics(hv_uri)

    # --- inlay hints: the access class at the end of each statement
    ih = c.request("textDocument/inlayHint", {"textDocument": {"uri": q_uri}, "range": rng(0, 0, 9, 0)})
    check("inlay hints: one per statement, after its ';'",
          [(x["position"]["line"], x["position"]["character"], x["label"]) for x in ih] ==
          [(0, 60, "GET"), (1, 41, "REJECTED"), (2, 66, "SCAN"), (3, 56, "REJECTED"), (4, 48, "SCAN")], json.dumps(ih))

    # --- completion: tables after FROM, columns (key columns first) after WHERE, hints
    comp = c.request("textDocument/completion", {"textDocument": {"uri": q_uri}, "position": pos(0, 14)})
    check("completion after FROM: the tables, with their keys",
          [(i["label"], i["kind"], i["detail"]) for i in comp["items"]][:3] ==
          [("orders", 7, "table [userid][orderid]"), ("metrics", 7, "table [hostname][log_event][ts DESC]"),
           ("trades_by_seller", 7, "table [seller_id][timestamp][order_number]")] and len(comp["items"]) == 7,
          json.dumps(comp))
    comp = c.request("textDocument/completion", {"textDocument": {"uri": q_uri}, "position": pos(0, 27)})
    items = sorted(comp["items"], key=lambda i: i.get("sortText", i["label"]))
    check("completion after WHERE: the table's columns, key columns first with their place",
          [(i["label"], i["detail"]) for i in items] ==
          [("userid", "VARCHAR, key part 1 of 2 of orders"), ("orderid", "BIGINT, key part 2 of 2 of orders"),
           ("amount", "DECIMAL, orders"), ("status", "VARCHAR, orders")], json.dumps(comp))

    # ... tables after JOIN, INTO and UPDATE; columns in the SELECT list and after ORDER BY
    cx_uri = uri_of(os.path.join(root, "contexts.sql"))
    c.open(cx_uri, "sql", "SELECT  FROM orders WHERE userid = 'u' ORDER BY ;\n"
                          "SELECT * FROM orders o JOIN  ON o.userid = x.userid;\n"
                          "INSERT INTO  (userid) VALUES ('a');\n"
                          "UPDATE  SET amount = 1 WHERE userid = 'u' AND orderid = 1;\n")
    c.diagnostics(cx_uri)
    cols = [("userid", "VARCHAR, key part 1 of 2 of orders"), ("orderid", "BIGINT, key part 2 of 2 of orders"),
            ("amount", "DECIMAL, orders"), ("status", "VARCHAR, orders")]
    for where, at, want in (("in the SELECT list", pos(0, 7), cols), ("after ORDER BY", pos(0, 48), cols),
                            ("after JOIN", pos(1, 28), None), ("after INTO", pos(2, 12), None),
                            ("after UPDATE", pos(3, 7), None)):
        comp = c.request("textDocument/completion", {"textDocument": {"uri": cx_uri}, "position": at})
        items = sorted(comp["items"], key=lambda i: i.get("sortText", i["label"])) if want else comp["items"]
        got = [(i["label"], i["detail"]) for i in items]
        check("completion %s: %s" % (where, "the table's columns, key columns first" if want else "the tables"),
              got == want if want else (got[:2] == [("orders", "table [userid][orderid]"),
                                                    ("metrics", "table [hostname][log_event][ts DESC]")]
                                        and len(got) == 7), json.dumps(comp))
    c.notify("textDocument/didClose", {"textDocument": {"uri": cx_uri}})
    c.diagnostics(cx_uri)

    # --- definition: a column to its declaration in the schema
    dfn = c.request("textDocument/definition", {"textDocument": {"uri": q_uri}, "position": pos(1, 30)})
    check("definition of a column: its line in the schema file",
          dfn == {"uri": s_uri, "range": rng(5, 4, 5, 11)}, json.dumps(dfn))
    dfn = c.request("textDocument/definition", {"textDocument": {"uri": q_uri}, "position": pos(1, 15)})
    check("definition of a table", dfn == {"uri": s_uri, "range": rng(3, 13, 3, 19)}, json.dumps(dfn))

    # --- code actions
    acts = c.request("textDocument/codeAction", {"textDocument": {"uri": q_uri}, "range": rng(1, 30, 1, 30),
                                                 "context": {"diagnostics": []}})
    titles = [a["title"] for a in acts]
    check("code actions on KP001: opt-in, suppression, the advisor's recommendation",
          titles[:2] == ["Opt in to the full scan: /*+ _l_allow_filtering_ */",
                         "Suppress KP001 full-scan for this statement"]
          and len(titles) == 3 and titles[2].startswith("Apply the advisor's recommendation for orders (secondary_index): "
                                                                 "secondary_index: idx_orders_orderid on orders"),
          json.dumps(titles))
    check("the advisor's action states its write cost, as check's review does",
          len(titles) == 3 and titles[2].endswith(" [write cost: an insert writes 3 rows (now 2); rows written by the "
                                                  "workload 15 (now 10)]"), json.dumps(titles[2:]))
    check("the opt-in edit: the hint after SELECT",
          acts[0]["edit"] == {"changes": {q_uri: [{"range": rng(1, 6, 1, 6), "newText": " /*+ _l_allow_filtering_ */"}]}},
          json.dumps(acts[0]["edit"]))
    check("the suppression edit: the documented comment on the line before",
          acts[1]["edit"] == {"changes": {q_uri: [{"range": rng(1, 0, 1, 0),
                                                   "newText": "-- keyplan:ignore KP001 -- reason\n"}]}},
          json.dumps(acts[1]["edit"]))
    adv = acts[2]["edit"]["changes"]
    check("the advisor's edit: DDL after the table's, in the schema file",
          list(adv) == [s_uri] and adv[s_uri][0]["range"] == rng(9, 2, 9, 2)
          and adv[s_uri][0]["newText"] == "\nCREATE INDEX idx_orders_orderid ON orders (orderid) INCLUDE (amount, status);",
          json.dumps(adv))
    acts = c.request("textDocument/codeAction", {"textDocument": {"uri": q_uri}, "range": rng(2, 50, 2, 50),
                                                 "context": {"diagnostics": []}})
    check("KP010: the chained comparison written with AND",
          acts[0]["title"] == "Write the chained comparison with AND: 123 < orderid AND orderid < 456"
          and acts[0]["edit"]["changes"][q_uri] == [{"range": rng(2, 46, 2, 65),
                                                     "newText": "123 < orderid AND orderid < 456"}],
          json.dumps(acts[0]))
    acts = c.request("textDocument/codeAction", {"textDocument": {"uri": q_uri}, "range": rng(3, 37, 3, 37),
                                                 "context": {"diagnostics": []}})
    lit = [a for a in acts if a["title"].startswith("Write 123")]
    check("KP007: the literal in the key column's type",
          len(lit) == 1 and lit[0]["edit"]["changes"][q_uri] == [{"range": rng(3, 36, 3, 39), "newText": "'123'"}],
          json.dumps(acts))

    # --- applying the suppression: the finding goes, as in lint
    c.change(q_uri, 2, [{"range": rng(1, 0, 1, 0), "text": "-- keyplan:ignore KP001 -- reason\n"}])
    diags = c.diagnostics(q_uri)
    text2 = QUERIES.replace("SELECT * FROM orders WHERE orderid = 123;\n",
                            "-- keyplan:ignore KP001 -- reason\nSELECT * FROM orders WHERE orderid = 123;\n")
    kptest.write(os.path.join(root, "q2.sql"), text2)
    check("an incremental edit adding a suppression: lint's findings of the new text",
          lsp_tuples(diags) == lint_as_lsp(text2, lint_json(root, "q2.sql"))
          and not any(d.get("code") == "KP001" and d["range"]["start"]["line"] == 2 for d in diags),
          "%r\n%r" % (lsp_tuples(diags), lint_as_lsp(text2, lint_json(root, "q2.sql"))))
    st = c.request("keyplan/stats", {"textDocument": {"uri": q_uri}})
    check("the edit re-planned only the statement it touched", (st["chunks"], st["planned"]) == (5, 1), json.dumps(st))

    # --- a malformed directive and its repair (KP022)
    c.change(q_uri, 3, [{"range": rng(1, 18, 1, 23), "text": "full_scan"}])
    diags = c.diagnostics(q_uri)
    kp22 = [d for d in diags if d.get("code") == "KP022"]
    check("a malformed directive is KP022 at the bad word", len(kp22) == 1 and kp22[0]["range"] == rng(1, 18, 1, 27),
          json.dumps(diags))
    acts = c.request("textDocument/codeAction", {"textDocument": {"uri": q_uri}, "range": rng(1, 20, 1, 20),
                                                 "context": {"diagnostics": []}})
    check("KP022: the directive repaired to the rule it names",
          acts and acts[0]["title"] == "Change 'full_scan' to the rule 'full-scan'"
          and acts[0]["edit"]["changes"][q_uri] == [{"range": rng(1, 18, 1, 27), "newText": "full-scan"}],
          json.dumps(acts))

    # --- the schema edited in the editor (not saved): the query re-planned
    c.open(s_uri, "sql", SCHEMA)
    c.diagnostics(s_uri)
    c.diagnostics(q_uri)
    sym = c.request("textDocument/documentSymbol", {"textDocument": {"uri": s_uri}})
    check("document symbols of the schema: tables with their columns, then indexes",
          [(x["name"], x["kind"], x.get("detail")) for x in sym][:2] ==
          [("orders", 5, "[userid][orderid]"), ("metrics", 5, "[hostname][log_event][ts DESC]")]
          and [(k["name"], k["detail"]) for k in sym[0]["children"]] ==
          [("userid", "VARCHAR, key part 1"), ("orderid", "BIGINT, key part 2"), ("amount", "DECIMAL"),
           ("status", "VARCHAR")]
          and sym[-1]["name"] == "idx_orders_status" and sym[-1]["kind"] == 20
          and sym[0]["range"] == rng(3, 0, 9, 1) and sym[0]["selectionRange"] == rng(3, 13, 3, 19), json.dumps(sym))
    end = SCHEMA.count("\n")
    c.change(s_uri, 2, [{"range": rng(end, 0, end, 0),
                         "text": "CREATE INDEX idx_orders_orderid ON orders (orderid);\n"}])
    c.diagnostics(s_uri)
    diags = c.diagnostics(q_uri)
    check("an unsaved schema edit re-plans the open queries: the index serves orderid",
          not any(d.get("code") in ("KP001", "KP022") and d["range"]["start"]["line"] == 2 for d in diags)
          and [x["label"] for x in c.request("textDocument/inlayHint", {"textDocument": {"uri": q_uri},
                                                                         "range": rng(0, 0, 9, 0)})][1] == "SCAN",
          json.dumps(diags))
    c.notify("textDocument/didClose", {"textDocument": {"uri": s_uri}})
    check("closing a document clears its diagnostics", c.diagnostics(s_uri) == [])
    c.diagnostics(q_uri)

    # --- inlay hints switched off
    c.notify("workspace/didChangeConfiguration", {"settings": {"keyplan": {"inlayHints": False}}})
    c.diagnostics(q_uri)
    check("inlay hints switched off by the setting",
          c.request("textDocument/inlayHint", {"textDocument": {"uri": q_uri}, "range": rng(0, 0, 9, 0)}) == [])
    check("shutdown then exit: status 0", c.stop() == 0, c.stderr)

    # --- non-ASCII and CRLF: UTF-16 by default, UTF-8 when offered
    uni = ("-- 注文 😀\r\nSELECT /* 😀 注文 */ * FROM orders WHERE orderid = 1;\r\n"
           "SELECT * FROM orders WHERE status = '已付款' AND userid = 123;\r\n")
    kptest.write(os.path.join(root, "uni.sql"), uni)
    with open(os.path.join(root, "uni.sql"), "w", newline="") as f:
        f.write(uni)
    u_uri = uri_of(os.path.join(root, "uni.sql"))
    for enc in (None, ["utf-8", "utf-16"]):
        c = LspClient(KEYPLAN, cwd=root)
        r = c.initialize(root, encodings=enc)
        c.open(u_uri, "sql", uni)
        diags = c.diagnostics(u_uri)
        if enc is None:
            check("UTF-16 positions on lines with non-ASCII text and CRLF equal lint's",
                  lsp_tuples(diags) == lint_as_lsp(uni, lint_json(root, "uni.sql")),
                  "%r %r" % (lsp_tuples(diags), lint_as_lsp(uni, lint_json(root, "uni.sql"))))
            k1 = [d for d in diags if d.get("code") == "KP001"][0]
            check("UTF-16: the emoji counts two units, each CJK character one",
                  k1["range"] == rng(1, 39, 1, 50), json.dumps(k1["range"]))
            k7 = [d for d in diags if d.get("code") == "KP007"][0]
            check("UTF-16: after a CJK string literal", k7["range"] == rng(2, 55, 2, 58), json.dumps(k7["range"]))
            h = c.request("textDocument/hover", {"textDocument": {"uri": u_uri}, "position": pos(1, 31)})
            check("UTF-16 position in a request: the table after the emoji", h["range"] == rng(1, 26, 1, 32),
                  json.dumps(h["range"]))
        else:
            check("UTF-8 is chosen when the client offers it", r["capabilities"]["positionEncoding"] == "utf-8")
            k1 = [d for d in diags if d.get("code") == "KP001"][0]
            check("UTF-8: positions count bytes", k1["range"] == rng(1, 45, 1, 56), json.dumps(k1["range"]))
            h = c.request("textDocument/hover", {"textDocument": {"uri": u_uri}, "position": pos(1, 36)})
            check("UTF-8 position in a request", h["range"] == rng(1, 32, 1, 38), json.dumps(h["range"]))
        c.stop()

    # --- a .keyplan found by walking up; a second project with its own target
    project(root, {"sub/deeper/q.sql": "SELECT * FROM orders WHERE orderid = 1;\n",
                   "phx/.keyplan": "[keyplan]\nschema = s.sql\ntarget = phoenix\n",
                   "phx/s.sql": "CREATE TABLE t (a VARCHAR NOT NULL, b INTEGER NOT NULL CONSTRAINT pk PRIMARY KEY (a, b));\n",
                   "phx/q.sql": "SELECT * FROM t WHERE b = 1;\n"})
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    deep = uri_of(os.path.join(root, "sub/deeper/q.sql"))
    c.open(deep, "sql", "SELECT * FROM orders WHERE orderid = 1;\n")
    d1 = c.diagnostics(deep)
    check("a document below the .keyplan gets its schema", [d.get("code") for d in d1] == ["KP001"], json.dumps(d1))
    pq = uri_of(os.path.join(root, "phx/q.sql"))
    c.open(pq, "sql", "SELECT * FROM t WHERE b = 1;\n")
    d2 = c.diagnostics(pq)
    want = lint_as_lsp("SELECT * FROM t WHERE b = 1;\n", lint_json(os.path.join(root, "phx"), "q.sql"))
    check("another project's .keyplan: its schema and target (Phoenix warns)",
          lsp_tuples(d2) == want and any(d["severity"] == 2 and d.get("code") == "KP001" for d in d2),
          "%r %r" % (lsp_tuples(d2), want))

    c.stop()
    # --- keyplan lsp --target overrides .keyplan's target, as lint's --target does
    q1 = "SELECT * FROM orders WHERE orderid = 1;\n"
    c = LspClient(KEYPLAN, cwd=root, args=("--target", "generic"))
    c.initialize(root)
    c.open(deep, "sql", q1)
    d3 = c.diagnostics(deep)
    want = lint_as_lsp(q1, lint_json(root, "--target", "generic", "sub/deeper/q.sql"))
    check("keyplan lsp --target generic: lint --target generic's findings (KP001 a warning, not lindorm's error)",
          lsp_tuples(d3) == want and [(d.get("code"), d["severity"]) for d in d3] == [("KP001", 2)],
          "%r %r" % (lsp_tuples(d3), want))
    c.stop()
    for argv, err in ((("--target", "bogus"), "keyplan lsp: unknown target 'bogus' (expected lindorm, tablestore, "
                       "phoenix or generic) (keyplan lsp --help lists the options)\n"),
                      (("--target",), "keyplan lsp: --target needs a value: lindorm, tablestore, phoenix or generic "
                       "(keyplan lsp --help lists the options)\n")):
        rc, out, e = kptest.run("lsp", *argv, stdin=b"")
        check("keyplan lsp %s: a usage error, status 2" % " ".join(argv), (rc, out, e) == (2, "", err), (rc, out, e))
    # the client's target setting naming no target is said on each document, never ignored
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root, options={"target": "bogus\x1b[2J"})
    c.open(deep, "sql", q1)
    d3 = c.diagnostics(deep)
    want_msg = ("the client's keyplan.target setting: unknown target 'bogus<U+001B>[2J' (expected lindorm, "
                "tablestore, phoenix or generic); planned for lindorm meanwhile")
    check("an unknown target setting: an error at the top of the document, then lint's findings",
          [(x["range"]["start"], x["severity"], x["message"]) for x in d3[:1]] ==
          [({"line": 0, "character": 0}, 1, want_msg)] and [x.get("code") for x in d3[1:]] == ["KP001"],
          json.dumps(d3)[:600])
    c.notify("workspace/didChangeConfiguration", {"settings": {"keyplan": {"target": "generic"}}})
    d3 = c.diagnostics(deep)
    check("the target setting corrected: the error is gone, KP001 a warning as under generic",
          [(x.get("code"), x["severity"]) for x in d3] == [("KP001", 2)], json.dumps(d3)[:600])
    c.stop()
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(deep, "sql", q1)
    c.diagnostics(deep)

    # --- .keyplan's tenant = ID (Phoenix): the editor plans on the tenant connection, as lint does
    MT = ("CREATE TABLE ev (tenant_id VARCHAR NOT NULL, k INTEGER NOT NULL, v INTEGER "
          "CONSTRAINT pk PRIMARY KEY (tenant_id, k)) MULTI_TENANT=true;\n")
    project(root, {"mt/.keyplan": "[keyplan]\nschema = s.sql\ntarget = phoenix\ntenant = acme\n",
                   "mt/s.sql": MT, "mt/q.sql": "SELECT * FROM ev WHERE v = 1;\nSELECT * FROM ev WHERE tenant_id = 'x';\n"})
    mq = uri_of(os.path.join(root, "mt/q.sql"))
    mtext = "SELECT * FROM ev WHERE v = 1;\nSELECT * FROM ev WHERE tenant_id = 'x';\n"
    c.open(mq, "sql", mtext)
    d3 = c.diagnostics(mq)
    want = lint_as_lsp(mtext, lint_json(os.path.join(root, "mt"), "q.sql"))
    check("tenant = ID: the tenant column bound (no full scan) and hidden (KP009), as lint says",
          lsp_tuples(d3) == want and "KP001" not in [x.get("code") for x in d3] and
          [x.get("code") for x in d3 if x.get("code") == "KP009"] == ["KP009"], "%r %r" % (lsp_tuples(d3), want))
    h = c.request("textDocument/hover", {"textDocument": {"uri": mq}, "position": pos(0, 3)})
    check("tenant = ID: the hover's plan reads the tenant's rows",
          "acme" in h["contents"]["value"], json.dumps(h)[:400])

    # --- a file the .keyplan excludes gets no findings, as lint reads none
    project(root, {"gen/.keyplan": "[keyplan]\nschema = ../schema/schema.sql\nexclude = out/*\n",
                   "gen/out/x.sql": "SELECT * FROM orders WHERE orderid = 1;\n",
                   "gen/in.sql": "SELECT * FROM orders WHERE orderid = 1;\n"})
    xu, iu = uri_of(os.path.join(root, "gen/out/x.sql")), uri_of(os.path.join(root, "gen/in.sql"))
    c.open(xu, "sql", "SELECT * FROM orders WHERE orderid = 1;\n")
    c.open(iu, "sql", "SELECT * FROM orders WHERE orderid = 1;\n")
    dx, di = c.diagnostics(xu), c.diagnostics(iu)
    check("exclude: an excluded file has no diagnostics, its neighbour has lint's",
          dx == [] and [x["code"] for x in di] == ["KP001"], json.dumps([dx, di]))

    # --- schema files changed on disk: picked up from didChangeWatchedFiles
    with open(schema_path, "a") as f:
        f.write("CREATE INDEX idx_orders_orderid ON orders (orderid);\n")
    c.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": s_uri, "type": 2}]})
    d1 = c.diagnostics(deep)
    check("a schema changed on disk re-plans the open documents", d1 == [], json.dumps(d1))
    c.stop()

    # --- no schema at all: one diagnostic says so
with kptest.tempdir() as lone:
    project(lone, {"q.sql": "SELECT * FROM a;\nSELECT * FROM b;\n"})
    c = LspClient(KEYPLAN, cwd=lone)
    c.initialize(lone)
    lu = uri_of(os.path.join(lone, "q.sql"))
    c.open(lu, "sql", "SELECT * FROM a;\nSELECT * FROM b;\n")
    d = c.diagnostics(lu)
    check("without a schema: one diagnostic, not KP008 on every table",
          len(d) == 1 and d[0]["message"].startswith("no schema:") and d[0]["range"] == rng(0, 14, 0, 15)
          and "code" not in d[0], json.dumps(d))
    c.stop()

with kptest.tempdir() as tmp:
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": SCHEMA,
                         "q.sql": QUERIES})
    q_uri = uri_of(os.path.join(root, "q.sql"))

    # --- baselines apply as in lint
    bl = os.path.join(root, "base.txt")
    rc, out, err = kptest.run("lint", "--write-baseline", bl, "q.sql", cwd=root, plain=True)
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root, options={"baseline": "base.txt"})
    c.open(q_uri, "sql", QUERIES)
    d = c.diagnostics(q_uri)
    check("findings in the baseline are not published", rc == 0 and d == [], json.dumps(d) + err)
    c.change(q_uri, 2, [{"range": rng(5, 0, 5, 0), "text": "SELECT * FROM orders WHERE amount = 1;\n"}])
    d = c.diagnostics(q_uri)
    check("a new finding is", [(x["code"], x["range"]["start"]["line"]) for x in d] == [("KP001", 5)], json.dumps(d))
    c.stop()

    # a baseline counts findings: one recorded, two alike in the document, one shown (as lint does)
    one = "SELECT * FROM orders WHERE amount = 1;\n"
    kptest.write(os.path.join(root, "one.sql"), one)
    kptest.write(os.path.join(root, "two.sql"), one + one)
    rc, out, err = kptest.run("lint", "--write-baseline", "b1.txt", "one.sql", cwd=root, plain=True)
    rc, out, err = kptest.run("lint", "--format", "json", "--baseline", "b1.txt", "two.sql", cwd=root, plain=True)
    want = lint_as_lsp(one + one, json.loads(out)["diagnostics"])
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root, options={"baseline": "b1.txt"})
    tu = uri_of(os.path.join(root, "two.sql"))
    c.open(tu, "sql", one + one)
    d = c.diagnostics(tu)
    check("a baseline entry hides as many findings as it recorded, in the document's order",
          lsp_tuples(d) == want and [x["range"]["start"]["line"] for x in d] == [1], "%r %r" % (lsp_tuples(d), want))
    c.change(tu, 2, [{"range": rng(1, 0, 1, 0), "text": "-- moved\n"}])
    d = c.diagnostics(tu)
    check("... also when only the second is planned again (the first from the cache)", [x["range"]["start"]["line"] for x in d] == [2],
          json.dumps(d))
    c.stop()

    # --- SQL in application code: lint's positions in the Java file
    java = ('class A {\n  String q = "SELECT * FROM orders " +\n      "WHERE amount = ?";\n'
            '  // keyplan:ignore KP001 -- fine\n  String r = "SELECT * FROM orders WHERE amount = 1";\n}\n')
    jp = os.path.join(root, "A.java")
    kptest.write(jp, java)
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    ju = uri_of(jp)
    c.open(ju, "java", java)
    d = c.diagnostics(ju)
    check("Java: lint's findings at lint's places, the host's suppression applied",
          lsp_tuples(d) == lint_as_lsp(java, lint_json(root, "A.java")) and len(d) == 1, json.dumps(d))
    acts = c.request("textDocument/codeAction", {"textDocument": {"uri": ju}, "range": rng(2, 14, 2, 14),
                                                 "context": {"diagnostics": []}})
    sup = [a for a in acts if a["title"].startswith("Suppress")]
    check("Java: the suppression in Java's comments",
          sup and sup[0]["edit"]["changes"][ju] == [{"range": rng(1, 0, 1, 0),
                                                     "newText": "  // keyplan:ignore KP001 -- reason\n"}],
          json.dumps(acts))
    c.stop()

    # --- the pipe the server writes to is raised to 1 MB (server.c: a push publication is megabytes),
    # where the system lets any process (pipe-max-size)
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    with open("/proc/sys/fs/pipe-max-size") as f:
        allowed = int(f.read()) >= 1 << 20
    size = fcntl.fcntl(c.p.stdout.fileno(), 1032)   # F_GETPIPE_SZ
    check("the server's output pipe is 1 MB (%d bytes; pipe-max-size allows it: %s)" % (size, allowed),
          size == 1 << 20 or not allowed, "")
    c.stop()

    # --- hostile input
    def raw(data, timeout=120):
        p = subprocess.run([KEYPLAN, "lsp"], input=data, capture_output=True, cwd=root, timeout=timeout)
        c = LspClient.__new__(LspClient)
        c.buf = p.stdout
        return p.returncode, c.drain(), p.stderr.decode()

    init = frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    bye = frame({"jsonrpc": "2.0", "id": 99, "method": "shutdown"}) + frame({"jsonrpc": "2.0", "method": "exit"})
    rc, msgs, err = raw(init + b"Content-Length: 40\r\nContent-Ty")
    check("truncated headers: the server ends (status 1, no exit), no crash",
          rc == 1 and len(msgs) == 1 and msgs[0]["id"] == 1 and err == "", err)
    body = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}).encode()
    rc, msgs, err = raw(init + b"Content-Length: %d\r\n\r\n" % (len(body) - 5) + body + bye)
    check("a Content-Length too short: a parse error, then the next message is read",
          rc == 0 and [m.get("id") for m in msgs] == [1, None, None, 99]
          and msgs[1]["error"]["code"] == -32700 and msgs[3]["result"] is None, json.dumps(msgs))
    rc, msgs, err = raw(init + b"Content-Length: 9999\r\n\r\n" + body)
    check("a Content-Length too long: the message never completes, the server ends at EOF",
          rc == 1 and [m.get("id") for m in msgs] == [1], json.dumps(msgs))
    rc, msgs, err = raw(init + b"Content-Length: 5\r\n\r\n{oops" + b"Content-Length: x\r\n\r\n" +
                        frame({"jsonrpc": "2.0", "id": 3, "method": "no/such"}) +
                        frame({"jsonrpc": "2.0", "method": "no/such/notification"}) +
                        frame([1, 2]) + frame({"jsonrpc": "2.0", "id": {"a": 1}, "method": "x"}) + bye)
    check("invalid JSON, a bad header, unknown methods, a batch, a bad id: JSON-RPC errors, never a crash",
          rc == 0 and [(m.get("id"), m.get("error", {}).get("code")) for m in msgs] ==
          [(1, None), (None, -32700), (None, -32700), (3, -32601), (None, -32600), (None, -32600), (99, None)],
          json.dumps(msgs))
    rc, msgs, err = raw(frame({"jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": {}}) + init +
                        frame({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                               "params": {"textDocument": {"uri": "file:///nowhere.sql"}, "position": pos(0, 0)}}) +
                        frame({"jsonrpc": "2.0", "method": "textDocument/didChange",
                               "params": {"textDocument": {"uri": "file:///nowhere.sql", "version": 2},
                                          "contentChanges": [{"text": "x"}]}}) + bye)
    check("before initialize: ServerNotInitialized; an unopened document: InvalidParams with the URI",
          rc == 0 and msgs[0]["error"]["code"] == -32002 and msgs[2]["error"] ==
          {"code": -32602, "message": "document not open: file:///nowhere.sql (send textDocument/didOpen first)"},
          json.dumps(msgs))
    rc, msgs, err = raw(init + frame({"jsonrpc": "2.0", "method": "exit"}))
    check("exit without shutdown: status 1", rc == 1)
    hov = {"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover",
           "params": {"textDocument": {"uri": q_uri}, "position": pos(0, 0)}}
    rc, msgs, err = raw(init + frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": q_uri, "languageId": "sql", "version": 1, "text": QUERIES}}}) + frame(hov) +
        frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 7}}) + bye)
    check("$/cancelRequest: a queued request is answered RequestCancelled",
          [m["error"]["code"] for m in msgs if m.get("id") == 7] == [-32800], json.dumps(msgs)[:500])

    # a message over 256 MiB is refused unread
    big = 256 * 1024 * 1024 + 1
    p = subprocess.Popen([KEYPLAN, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def feed():
        try:
            p.stdin.write(init + b"Content-Length: %d\r\n\r\n" % big)
            chunk = b" " * (1 << 20)
            left = big
            while left:
                n = min(left, len(chunk))
                p.stdin.write(chunk[:n])
                left -= n
            p.stdin.write(bye)
            p.stdin.close()
        except BrokenPipeError:
            pass
    t = threading.Thread(target=feed)
    t.start()
    out = p.stdout.read()
    p.wait(timeout=300)
    p.stderr.close()
    p.stdout.close()
    t.join()
    c = LspClient.__new__(LspClient)
    c.buf = out
    msgs = c.drain()
    check("a message over 256 MiB: an error, skipped unread, the session goes on",
          p.returncode == 0 and [(m.get("id"), m.get("error", {}).get("code")) for m in msgs] ==
          [(1, None), (None, -32600), (99, None)], json.dumps(msgs)[:400])

    # a 50 MB document
    stmt = "SELECT * FROM orders WHERE userid = 'u' AND orderid = 1; -- padding padding padding padding\n"
    n = (50 * 1000 * 1000) // len(stmt) if not SANITIZED else 20000
    c = LspClient(KEYPLAN, cwd=root, timeout=900)
    c.initialize(root)
    big_uri = uri_of(os.path.join(root, "big.sql"))
    t0 = time.time()
    c.open(big_uri, "sql", stmt * n)
    d = c.diagnostics(big_uri)
    check("a %d MB document: opened and analysed (%d statements, %.1f s)" % (len(stmt) * n // 1000000, n,
                                                                            time.time() - t0), d == [],
          json.dumps(d)[:300])
    c.change(big_uri, 2, [{"range": rng(n - 1, 14, n - 1, 14), "text": "x"}])
    d = c.diagnostics(big_uri)
    check("an edit at its end: one statement re-planned",
          [(x["code"], x["range"]) for x in d] == [("KP008", rng(n - 1, 14, n - 1, 21))]
          and c.request("keyplan/stats", {"textDocument": {"uri": big_uri}})["planned"] == 1, json.dumps(d)[:300])
    c.stop()

    # a burst of 10,000 changes, sent at once: applied in order, published once
    text = stmt * 2000
    c = LspClient(KEYPLAN, cwd=root, timeout=600)
    c.initialize(root)
    b_uri = uri_of(os.path.join(root, "burst.sql"))
    c.open(b_uri, "sql", text)
    c.diagnostics(b_uri)
    # an insertion and its deletion, 5,000 times, then one insertion: only
    # edits applied in order, each at the right place, leave this text
    burst = b"".join(frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": b_uri, "version": 2 + i},
        "contentChanges": [{"range": rng(7, 14, 7, 14), "text": "x"} if i % 2 == 0 or i == 10000 else
                           {"range": rng(7, 14, 7, 15), "text": ""}]}}) for i in range(10001))
    c.send_raw(burst)
    d = c.diagnostics(b_uri)
    check("a burst of 10,000 changes: the text they make, its one finding",
          [(x["code"], x["range"], x["message"]) for x in d] ==
          [("KP008", rng(7, 14, 7, 21), "no such table: xorders\nhelp: did you mean orders?")], json.dumps(d)[:300])
    st = c.request("keyplan/stats", {"textDocument": {"uri": b_uri}})
    check("the burst re-planned one statement", (st["chunks"], st["planned"]) == (2000, 1), json.dumps(st))
    check("the burst is published once", [m for m in c.notes if m.get("method") ==
                                           "textDocument/publishDiagnostics"] == [], json.dumps(c.notes)[:300])
    c.stop()


with kptest.tempdir() as tmp:
    # --- docs-url of .keyplan: codeDescription.href and the hover's link
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\ndocs-url = https://docs.example.net/kp/\n",
                         "schema/schema.sql": SCHEMA, "q.sql": QUERIES})
    q_uri = uri_of(os.path.join(root, "q.sql"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root, capabilities=json.loads(json.dumps(VSCODE)))
    c.open(q_uri, "sql", QUERIES)
    d = c.diagnostics(q_uri)
    check("docs-url: every codeDescription.href is under it",
          sorted(set(x["codeDescription"]["href"] for x in d)) ==
          ["https://docs.example.net/kp/rules/KP001.md", "https://docs.example.net/kp/rules/KP007.md",
           "https://docs.example.net/kp/rules/KP010.md"], json.dumps(d)[:300])
    h = c.request("textDocument/hover", {"textDocument": {"uri": q_uri}, "position": pos(1, 37)})
    check("docs-url: the rule page on hover ends with its link there",
          h["contents"]["value"].startswith("# KP001 full-scan\n") and
          h["contents"]["value"].endswith("\n[KP001 full-scan](https://docs.example.net/kp/rules/KP001.md)\n"),
          h["contents"]["value"][-200:])
    c.stop()

    # --- the opt-in is the target's: none where the store runs full scans; in application code, in the literal
    for target, want in (("lindorm", ["Opt in to the full scan: /*+ _l_allow_filtering_ */"]), ("phoenix", []),
                         ("tablestore", []), ("generic", [])):
        c = LspClient(KEYPLAN, cwd=root)
        c.initialize(root, options={"target": target})
        c.open(q_uri, "sql", QUERIES)
        d = c.diagnostics(q_uri)
        acts = c.request("textDocument/codeAction", {"textDocument": {"uri": q_uri}, "range": rng(1, 30, 1, 30),
                                                     "context": {"diagnostics": []}})
        check("opt-in under %s: %s" % (target, want or "none"),
              [a["title"] for a in acts if a["title"].startswith("Opt in")] == want
              and [x["severity"] for x in d if x["code"] == "KP001" and x["range"]["start"]["line"] == 1] ==
              [1 if target == "lindorm" else 2], json.dumps(acts)[:300])
        c.stop()
    java = 'class R {\n  String q = "SELECT * FROM orders WHERE amount = 1";\n}\n'
    ru = uri_of(os.path.join(root, "R.java"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(ru, "java", java)
    c.diagnostics(ru)
    acts = c.request("textDocument/codeAction", {"textDocument": {"uri": ru}, "range": rng(1, 45, 1, 45),
                                                 "context": {"diagnostics": []}})
    opt = [a for a in acts if a["title"].startswith("Opt in")]
    check("opt-in in application code: the hint inside the literal, after SELECT",
          len(opt) == 1 and opt[0]["edit"] == {"changes": {ru: [{"range": rng(1, 20, 1, 20),
                                                                 "newText": " /*+ _l_allow_filtering_ */"}]}},
          json.dumps(acts)[:400])
    adv = [a for a in acts if a["title"].startswith("Apply the advisor's")]
    s_uri2 = uri_of(os.path.join(root, "schema", "schema.sql"))
    check("the advisor's action for a statement in application code: its unsaved text is the workload, "
          "the DDL goes into the schema file, with its write cost",
          len(adv) == 1 and adv[0]["title"] ==
          "Apply the advisor's recommendation for orders (secondary_index): secondary_index: idx_orders_amount on "
          "orders, covering the columns these queries read; the store maintains it on every write: an insert into "
          "orders then writes 3 rows; served 0 -> 1 of 1 weight [write cost: an insert writes 3 rows (now 2); rows "
          "written by the workload 3 (now 2)]"
          and adv[0]["edit"] == {"changes": {s_uri2: [{"range": rng(9, 2, 9, 2), "newText":
                                                       "\nCREATE INDEX idx_orders_amount ON orders (amount) "
                                                       "INCLUDE (status);"}]}}, json.dumps(adv)[:600])
    c.stop()

with kptest.tempdir() as tmp:
    # --- a key change whose DDL starts with the annotations of the bucket it adds (-- distinct: bucket
    # 16): the action still replaces the table's CREATE, the annotation lines going above the new one
    # (advisor/annotations.c, kpa_ddl_annotated; without actions.c's look past them, the DDL was
    # inserted after the old CREATE as a second one)
    ev_schema = "CREATE TABLE ev (created_at TIMESTAMP NOT NULL, id BIGINT NOT NULL, v INT, PRIMARY KEY (created_at, id));\n"
    ev_q = ("SELECT * FROM ev WHERE created_at >= ? AND created_at < ? AND v <> 1;\n"
            "UPSERT INTO ev (created_at, id, v) VALUES (?, ?, ?);\n")
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": ev_schema, "q.sql": ev_q})
    q_uri = uri_of(os.path.join(root, "q.sql"))
    s_uri = uri_of(os.path.join(root, "schema", "schema.sql"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root, options={"target": "lindorm"})
    c.open(q_uri, "sql", ev_q)
    c.diagnostics(q_uri)
    acts = c.request("textDocument/codeAction", {"textDocument": {"uri": q_uri}, "range": rng(0, 62, 0, 62),
                                                 "context": {"diagnostics": []}})
    adv = [a for a in acts if a["title"].startswith("Apply the advisor's")]
    check("the advisor's salt_buckets replaces the table's CREATE, its bucket's annotations above it",
          len(adv) == 1 and adv[0]["edit"] == {"changes": {s_uri: [{"range": rng(0, 0, 0, 104), "newText":
              "-- distinct: bucket 16\n-- distribution: bucket uniform\nCREATE TABLE ev (bucket INT NOT NULL, "
              "created_at TIMESTAMP NOT NULL, id BIGINT NOT NULL, v INT, PRIMARY KEY (bucket, created_at, id))"}]}},
          json.dumps(acts)[:900])
    c.stop()

with kptest.tempdir() as tmp:
    # --- a table's annotations (-- distribution: t monotonic above its CREATE) reach the editor's advisor
    # as they reach check's: the library keeps a schema string's declarations with the comment lines
    # above them (lib/pipeline.c, keep_declarations); it kept the statement's text alone, so the editor's
    # advisor read t as unannotated, saw no hotspot, and offered no action where check recommends
    # salt_buckets. The edit replaces the CREATE (line 1), the annotation above it staying.
    ev_schema = ("-- distribution: t monotonic\n"
                 "CREATE TABLE ev (t BIGINT NOT NULL, id BIGINT NOT NULL, v INT, PRIMARY KEY (t, id));\n")
    ev_q = "SELECT * FROM ev WHERE t >= ? AND t < ? AND v <> 1;\nUPSERT INTO ev (t, id, v) VALUES (?, ?, ?);\n"
    root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": ev_schema, "q.sql": ev_q})
    q_uri = uri_of(os.path.join(root, "q.sql"))
    s_uri = uri_of(os.path.join(root, "schema", "schema.sql"))
    chk = subprocess.run([KEYPLAN, "check", "--target", "lindorm", "--schema", "schema/schema.sql", "--workload",
                          "q.sql"], cwd=root, capture_output=True, text=True)
    check("check recommends salt_buckets for the annotated monotonic t",
          "    [KP101] salt_buckets: lead the key with bucket = hash(t) % 16" in chk.stdout, chk.stdout[-1500:])
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root, options={"target": "lindorm"})
    c.open(q_uri, "sql", ev_q)
    c.diagnostics(q_uri)
    acts = c.request("textDocument/codeAction", {"textDocument": {"uri": q_uri}, "range": rng(0, 46, 0, 46),
                                                 "context": {"diagnostics": []}})
    adv = [a for a in acts if a["title"].startswith("Apply the advisor's")]
    check("the editor offers check's salt_buckets for a key column annotated monotonic",
          len(adv) == 1 and adv[0]["title"].startswith("Apply the advisor's recommendation for ev (salt_buckets): ")
          and adv[0]["edit"] == {"changes": {s_uri: [{"range": rng(1, 0, 1, 83), "newText":
              "-- distinct: bucket 16\n-- distribution: bucket uniform\nCREATE TABLE ev (bucket INT NOT NULL, "
              "t BIGINT NOT NULL, id BIGINT NOT NULL, v INT, PRIMARY KEY (bucket, t, id))"}]}},
          json.dumps(acts)[:900])
    c.stop()

with kptest.tempdir() as tmp:
    # --- every host language at lint's places (the embedded-SQL fixtures: Java, Kotlin, Go, Python, a
    # MyBatis mapper; non-ASCII text before findings, so UTF-16 columns), as the editor names them
    embed = os.path.join(SRC, "tests", "embed")
    files = {n: open(os.path.join(embed, n), encoding="utf-8").read()
             for n in ("Orders.java", "Orders.kt", "orders.go", "orders.py", "OrderMapper.xml")}
    root = project(tmp, dict(files, **{".keyplan": "[keyplan]\nschema = schema.sql\n",
                                       "schema.sql": open(os.path.join(embed, "schema.sql")).read()}))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    for name, lang in (("Orders.java", "java"), ("Orders.kt", "kotlin"), ("orders.go", "go"), ("orders.py", "python"),
                       ("OrderMapper.xml", "xml")):
        u = uri_of(os.path.join(root, name))
        c.open(u, lang, files[name])
        d = c.diagnostics(u)
        want = lint_as_lsp(files[name], lint_json(root, name))
        check("%s (%s): lint's findings at lint's places" % (name, lang), lsp_tuples(d) == want and len(want) >= 5,
              "%r\n%r" % (lsp_tuples(d), want))
    c.stop()

    # --- an index: definition from its name in a hint, completion of hints and index names
    root = project(os.path.join(tmp, "hints"), {".keyplan": "[keyplan]\nschema = schema.sql\n", "schema.sql": SCHEMA})
    hq = ("SELECT /*+ _l_force_index_('idx_orders_status') */ * FROM orders WHERE status = 'x';\n"
          "SELECT /*+  */ * FROM orders WHERE status = 'x';\n")
    hu = uri_of(os.path.join(root, "h.sql"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(hu, "sql", hq)
    c.diagnostics(hu)
    dfn = c.request("textDocument/definition", {"textDocument": {"uri": hu}, "position": pos(0, 32)})
    check("definition of an index named in a hint: its CREATE INDEX",
          dfn == {"uri": uri_of(os.path.join(root, "schema.sql")), "range": rng(10, 13, 10, 30)}, json.dumps(dfn))
    comp = c.request("textDocument/completion", {"textDocument": {"uri": hu}, "position": pos(1, 11)})
    check("completion in a hint comment: the target's hints, then the statement's tables' indexes",
          [(i["label"], i["kind"]) for i in comp["items"]] ==
          [(h, 14) for h in ("_l_allow_filtering_", "_l_force_index_", "_l_ignore_index_", "_l_operation_timeout_",
                             "operationtimeout", "_l_ts_", "_l_ts_min_", "_l_ts_max_", "_l_versions_", "_l_hot_only_")]
          + [("idx_orders_status", 18)] and comp["items"][-1]["detail"] == "index on orders [status][userid][orderid]",
          json.dumps(comp)[:600])
    c.stop()

    # --- table annotations: each malformed one KP022 at its line, as check says it (lint reads none)
    ann = ("-- rows: 5 million\n-- distinct: nosuch 4\n-- range: ts 2\n-- distinct: k 1000   a note\n"
           "CREATE TABLE t (k BIGINT NOT NULL, ts BIGINT, PRIMARY KEY (k));\nSELECT * FROM t WHERE k = 1;\n")
    sch = "CREATE TABLE v (k BIGINT NOT NULL, PRIMARY KEY (k));\n\n-- rows: 1e20\nCREATE TABLE u (k BIGINT, PRIMARY KEY (k));\n"
    root = project(os.path.join(tmp, "annotations"), {".keyplan": "[keyplan]\nschema = schema/\n", "ann.sql": ann,
                                                      "schema/s.sql": sch})
    au = uri_of(os.path.join(root, "ann.sql"))
    su = uri_of(os.path.join(root, "schema", "s.sql"))
    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(au, "sql", ann)
    d = [(x["range"], x["severity"], x["message"]) for x in c.diagnostics(au) if x.get("code") == "KP022"]
    want = [(rng(0, 3, 0, 18), 2, "malformed annotation 'rows: 5 million': expected a number from 0 to 1e15 "
                                  "(docs/annotations.md); ignored"),
            (rng(1, 3, 1, 21), 2, "malformed annotation 'distinct: nosuch 4': t has no column 'nosuch' "
                                  "(docs/annotations.md); ignored"),
            (rng(2, 3, 2, 14), 2, "malformed annotation 'range: ts 2': expected a column and the share of rows a "
                                  "range on it keeps, from 0 to 1 (0.01, or a fraction such as 1/365) "
                                  "(docs/annotations.md); ignored")]
    check("the editor diagnoses a CREATE TABLE's malformed annotations, each at its line, the well-formed one not",
          sorted(d, key=lambda x: x[0]["start"]["line"]) == want, json.dumps(d))
    c.open(su, "sql", sch)
    d = [(x["range"], x["message"]) for x in c.diagnostics(su) if x.get("code") == "KP022"]
    check("and a schema file's, from the workspace's build",
          d == [(rng(2, 3, 2, 13), "malformed annotation 'rows: 1e20': expected a number from 0 to 1e15 "
                                   "(docs/annotations.md); ignored")], json.dumps(d))
    c.stop()

lsptest.finish()
