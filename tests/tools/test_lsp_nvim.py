"""keyplan lsp with a real client: Neovim headless (Debian's neovim 0.7,
whose built-in client speaks UTF-16 and has no inlay hints) starts the
server, opens a schema and a query file, and records what it receives:
the diagnostics, a hover, completion items, a definition and a code action,
which it applies to the buffer. Skipped when nvim is not installed."""
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kptest
from kptest import check

KEYPLAN, SRC, SHARED = kptest.args()

LUA = r'''
local out = {}
local root = vim.fn.getcwd()
local id = vim.lsp.start_client({ name = "keyplan", cmd = { KEYPLAN, "lsp" }, root_dir = root })
vim.cmd("edit " .. root .. "/schema.sql")
local sbuf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(sbuf, id)
vim.cmd("edit " .. root .. "/q.sql")
local qbuf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(qbuf, id)
vim.wait(20000, function() return #vim.diagnostic.get(qbuf) > 0 end, 50)
out.diagnostics = {}
for _, d in ipairs(vim.diagnostic.get(qbuf)) do
  table.insert(out.diagnostics, { d.lnum, d.col, d.end_lnum, d.end_col, d.severity, d.code or d.user_data and d.user_data.lsp.code })
end
table.sort(out.diagnostics, function(a, b) return a[1] < b[1] or (a[1] == b[1] and a[2] < b[2]) end)
local client = vim.lsp.get_client_by_id(id)
local uri = vim.uri_from_bufnr(qbuf)
local function at(line, ch) return { textDocument = { uri = uri }, position = { line = line, character = ch } } end
local r = client.request_sync("textDocument/hover", at(0, 3), 10000, qbuf)
out.hover = r and r.result and r.result.contents.value
r = client.request_sync("textDocument/completion", at(1, 14), 10000, qbuf)
out.completion = {}
for _, it in ipairs(r and r.result and r.result.items or {}) do table.insert(out.completion, it.label) end
r = client.request_sync("textDocument/definition", at(1, 30), 10000, qbuf)
out.definition = r and r.result
local diags = {}
for _, d in ipairs(vim.diagnostic.get(qbuf, { lnum = 1 })) do table.insert(diags, d.user_data and d.user_data.lsp) end
r = client.request_sync("textDocument/codeAction", { textDocument = { uri = uri },
  range = { start = { line = 1, character = 30 }, ["end"] = { line = 1, character = 30 } },
  context = { diagnostics = diags } }, 30000, qbuf)
out.actions = {}
for _, a in ipairs(r and r.result or {}) do table.insert(out.actions, a.title) end
vim.lsp.util.apply_workspace_edit(r.result[1].edit, "utf-16")
out.applied = vim.api.nvim_buf_get_lines(qbuf, 1, 2, false)[1]
local function diags_of(buf)
  local t = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(t, { d.lnum, d.col, d.end_lnum, d.end_col, d.severity, d.code or d.user_data and d.user_data.lsp.code })
  end
  table.sort(t, function(a, b) return a[1] < b[1] or (a[1] == b[1] and a[2] < b[2]) end)
  return t
end
local function has_error_on(buf, line)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.lnum == line and d.severity == 1 then return true end
  end
  return false
end
-- the opt-in applied: its full scan runs, no error on line 2 (nvim sent the edit incrementally)
vim.wait(20000, function() return not has_error_on(qbuf, 1) end, 50)
out.after_optin = diags_of(qbuf)
-- typed in nvim: a line inserted above, the findings move down
vim.api.nvim_buf_set_lines(qbuf, 0, 0, false, { "-- typed in nvim" })
vim.wait(20000, function() return has_error_on(qbuf, 3) end, 50)
out.after_insert = diags_of(qbuf)
out.text = vim.api.nvim_buf_get_lines(qbuf, 0, -1, false)
-- the schema edited in its buffer, not saved: an index on orderid serves line 4's query
vim.api.nvim_buf_set_lines(sbuf, -1, -1, false, { "CREATE INDEX idx_orders_orderid ON orders (orderid);" })
vim.wait(20000, function() return not has_error_on(qbuf, 3) end, 50)
out.after_schema = diags_of(qbuf)
r = client.request_sync("textDocument/hover", at(3, 3), 10000, qbuf)
out.hover_index = r and r.result and r.result.contents.value
r = client.request_sync("textDocument/documentSymbol", { textDocument = { uri = vim.uri_from_bufnr(sbuf) } }, 10000, sbuf)
out.symbols = {}
for _, sym in ipairs(r and r.result or {}) do table.insert(out.symbols, sym.name) end
-- SQL in Java: its diagnostics, then a character typed in a literal (the statement planned again)
vim.cmd("edit " .. root .. "/Q.java")
local jbuf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(jbuf, id)
vim.wait(20000, function() return #vim.diagnostic.get(jbuf) > 0 end, 50)
out.java = diags_of(jbuf)
vim.api.nvim_buf_set_text(jbuf, 1, 50, 1, 50, { "0" })
vim.wait(20000, function() local d = vim.diagnostic.get(jbuf) return #d > 0 and d[1].lnum == 1 and d[1].end_col == 52 end, 50)
out.java_typed = diags_of(jbuf)
r = client.request_sync("keyplan/stats", { textDocument = { uri = vim.uri_from_bufnr(jbuf) } }, 10000, jbuf)
out.java_stats = r and r.result
vim.fn.writefile({ vim.fn.json_encode(out) }, root .. "/out.json")
vim.lsp.stop_client(id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(id) == nil end, 50)
vim.cmd("qa!")
'''

nvim = shutil.which("nvim")
if not nvim:
    print("nvim not installed: skipped")
    kptest.finish()

with kptest.tempdir() as root:
    kptest.write(os.path.join(root, ".keyplan"), "[keyplan]\nschema = schema.sql\n")
    shutil.copy(os.path.join(SRC, "examples", "schema.sql"), os.path.join(root, "schema.sql"))
    kptest.write(os.path.join(root, "q.sql"),
                 "SELECT * FROM orders WHERE userid = 'a' AND orderid = 1;\n"
                 "SELECT * FROM orders WHERE orderid = 1;\n"
                 "SELECT amount FROM orders WHERE orderid = 2;\n")
    kptest.write(os.path.join(root, "Q.java"),
                 'class Q {\n  String a = "SELECT * FROM orders WHERE amount = 1";\n'
                 '  String b = "SELECT * FROM orders WHERE userid = \'u\' AND orderid = 2";\n}\n')
    kptest.write(os.path.join(root, "t.lua"), "local KEYPLAN = %s\n%s" % (json.dumps(KEYPLAN), LUA))
    env = dict(os.environ, HOME=root, XDG_CONFIG_HOME=root, XDG_DATA_HOME=root, XDG_STATE_HOME=root)
    p = subprocess.run([nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile t.lua"], cwd=root,
                       env=env, capture_output=True, timeout=120)
    out_path = os.path.join(root, "out.json")
    check("nvim ran the script", p.returncode == 0 and os.path.exists(out_path),
          p.stdout.decode()[-2000:] + p.stderr.decode()[-2000:])
    out = json.load(open(out_path)) if os.path.exists(out_path) else {}
    check("nvim received the diagnostics (KP001 as an error on lines 2 and 3)",
          out.get("diagnostics") == [[1, 27, 1, 38, 1, "KP001"], [2, 32, 2, 43, 1, "KP001"]],
          json.dumps(out.get("diagnostics")))
    check("nvim's hover shows the plan",
          (out.get("hover") or "").startswith("**GET** on `orders` through its primary key `[userid][orderid]`"),
          json.dumps(out.get("hover")))
    check("nvim's completion after FROM lists the tables",
          out.get("completion", [])[:3] == ["orders", "metrics", "trades_by_seller"], json.dumps(out.get("completion")))
    d = out.get("definition") or {}
    d = d[0] if isinstance(d, list) and d else d
    check("nvim's definition goes to the column in the schema",
          d.get("uri", "").endswith("/schema.sql") and d.get("range") ==
          {"start": {"line": 5, "character": 4}, "end": {"line": 5, "character": 11}}, json.dumps(out.get("definition")))
    check("nvim's code actions: the opt-in first",
          out.get("actions", [])[:2] == ["Opt in to the full scan: /*+ _l_allow_filtering_ */",
                                         "Suppress KP001 full-scan for this statement"], json.dumps(out.get("actions")))
    check("the opt-in applied by nvim",
          out.get("applied") == "SELECT /*+ _l_allow_filtering_ */ * FROM orders WHERE orderid = 1;",
          json.dumps(out.get("applied")))
    check("after the opt-in nvim sent, its statement's error is gone (a warning), the other stays",
          out.get("after_optin") == [[1, 54, 1, 65, 2, "KP001"], [2, 32, 2, 43, 1, "KP001"]],
          json.dumps(out.get("after_optin")))
    text = "\n".join(out.get("text", [])) + "\n"
    kptest.write(os.path.join(root, "typed.sql"), text)
    rc, lint_out, err = kptest.run("lint", "--format", "json", "typed.sql", cwd=root, plain=True)
    want = sorted([g["line"] - 1, g["column"] - 1, g["end_line"] - 1, g["end_column"] - 1,
                   {"error": 1, "warning": 2, "info": 3}[g["severity"]], g["rule"]]
                  for g in json.loads(lint_out)["diagnostics"])
    check("a line typed above in nvim: the findings moved down, lint's on the buffer's text",
          out.get("after_insert") == want == [[2, 54, 2, 65, 2, "KP001"], [3, 32, 3, 43, 1, "KP001"]],
          json.dumps(out.get("after_insert")) + " " + json.dumps(want))
    check("the schema edited in nvim, not saved: the queries served by the new index, re-planned",
          out.get("after_schema") == []
          and (out.get("hover_index") or "").startswith("**SCAN** on `orders` through index `idx_orders_orderid`"),
          json.dumps(out.get("after_schema")) + json.dumps(out.get("hover_index")))
    check("nvim: SQL in Java, its finding in the literal",
          out.get("java") == [[1, 41, 1, 51, 1, "KP001"]], json.dumps(out.get("java")))
    st = out.get("java_stats") or {}
    check("nvim: a character typed in the Java literal, that statement alone planned again",
          out.get("java_typed") == [[1, 41, 1, 52, 1, "KP001"]] and st.get("planned") == 1
          and st.get("plannedLines") == [1], json.dumps(out.get("java_typed")) + json.dumps(st))
    check("nvim's document symbols of the schema: its tables, then its indexes",
          out.get("symbols", [])[:3] == ["orders", "metrics", "trades_by_seller"]
          and out.get("symbols", [])[-1:] == ["idx_orders_orderid"], json.dumps(out.get("symbols")))

kptest.finish()
