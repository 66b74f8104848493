"""keyplan lsp's memory with many documents open (docs/lsp.md, Speed): the
strings results share (a finding's message and help, a note's file and
message, a statement's table) are kept once for every document
(tools/lsp/intern.c), and a statement's chunk and findings are compact. 40
documents of 1,000 statements (55 KB, 1,000 findings each) must not add
more than 450 KB of resident memory each: 343 KB now, 803 KB when each
message was a buffer of 256 or 512 bytes of its own. Skipped under
sanitizers (their allocator's memory is not the server's)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kptest
from kptest import check
from lspclient import LspClient, uri_of
from lsptest import project, schema, QUERIES
import lsptest

KEYPLAN, SRC, SHARED = kptest.args()


def rss_kb(pid):
    for line in open("/proc/%d/status" % pid):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return -1


if os.environ.get("KP_SANITIZED") or not os.path.exists("/proc/self/status"):
    print("skipped: memory is measured without sanitizers, on Linux")
else:
    with kptest.tempdir() as tmp:
        root = project(tmp, {".keyplan": "[keyplan]\nschema = schema/\n", "schema/schema.sql": schema()})
        c = LspClient(KEYPLAN, cwd=root)
        c.initialize(root)
        # 1,000 statements, their literals all different (as a real file's are)
        text = "".join(QUERIES.replace("123", str(1000 + i)) for i in range(200))
        first = uri_of(os.path.join(root, "first.sql"))
        c.open(first, "sql", text)
        d = c.diagnostics(first)
        check("a document of 1,000 statements: 1,000 findings", len(d) == 1000, str(len(d)))
        before = rss_kb(c.p.pid)
        for i in range(40):
            u = uri_of(os.path.join(root, "doc%02d.sql" % i))
            c.open(u, "sql", text.replace("'abc'", "'d%d'" % i))
            c.diagnostics(u)
        grown = rss_kb(c.p.pid) - before
        check("40 such documents open: at most 450 KB each (%d KB)" % (grown // 40), 0 < grown <= 40 * 450,
              "%d KB in all" % grown)
        c.stop()

lsptest.finish()
