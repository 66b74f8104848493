"""A Language Server Protocol client for the tests: starts `keyplan lsp`,
frames JSON-RPC messages, and reads the server's answers and notifications
in order, with a timeout, so that a test asserts exact messages.

    c = LspClient(KEYPLAN, cwd=root)
    c.initialize(root)
    c.open(uri, "sql", text)
    diags = c.diagnostics(uri)       # the next publishDiagnostics for uri
    r = c.request("textDocument/hover", {...})
    c.stop()                         # shutdown, exit; returns the exit code
"""
import json
import os
import select
import subprocess


def frame(msg):
    body = json.dumps(msg, ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def uri_of(path):
    from urllib.parse import quote
    return "file://" + quote(path)


class LspError(Exception):
    pass


class LspClient:
    errors = []          # what every server wrote on stderr (sanitizer reports)

    def __init__(self, keyplan, cwd=None, timeout=60, args=()):
        self.p = subprocess.Popen([keyplan, "lsp", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, cwd=cwd)
        self.buf = b""
        self.next_id = 0
        self.timeout = timeout
        self.notes = []      # notifications read while waiting for answers

    def send_raw(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, msg):
        self.send_raw(frame(msg))

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read(self, timeout=None):
        """The next message from the server, or None at its end."""
        fd = self.p.stdout.fileno()
        while True:
            i = self.buf.find(b"\r\n\r\n")
            if i >= 0:
                head = self.buf[:i].decode()
                n = int(head.split("Content-Length:")[1].split("\r\n")[0])
                if len(self.buf) >= i + 4 + n:
                    body = self.buf[i + 4:i + 4 + n]
                    self.buf = self.buf[i + 4 + n:]
                    return json.loads(body)
            r, _, _ = select.select([fd], [], [], timeout or self.timeout)
            if not r:
                raise LspError("timed out waiting for the server")
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return None
            self.buf += chunk

    def request(self, method, params=None, want_error=False):
        self.next_id += 1
        rid = self.next_id
        msg = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        return self.answer(rid, want_error)

    def answer(self, rid, want_error=False):
        while True:
            m = self.read()
            if m is None:
                raise LspError("the server ended before answering %r" % rid)
            if m.get("id") == rid and "method" not in m:
                if want_error:
                    return m.get("error")
                if "error" in m:
                    raise LspError(json.dumps(m["error"]))
                return m.get("result")
            self.notes.append(m)

    def diagnostics(self, uri):
        """The next publishDiagnostics for uri (read earlier or now)."""
        for k, m in enumerate(self.notes):
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
                del self.notes[k]
                return m["params"]["diagnostics"]
        while True:
            m = self.read()
            if m is None:
                raise LspError("the server ended before publishing " + uri)
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
                return m["params"]["diagnostics"]
            self.notes.append(m)

    def initialize(self, root, options=None, encodings=None, capabilities=None):
        caps = capabilities or {}
        if encodings:
            caps.setdefault("general", {})["positionEncodings"] = encodings
        params = {"processId": None, "rootUri": uri_of(root), "capabilities": caps}
        if options is not None:
            params["initializationOptions"] = options
        r = self.request("initialize", params)
        self.notify("initialized", {})
        return r

    def open(self, uri, lang, text, version=1):
        self.notify("textDocument/didOpen",
                    {"textDocument": {"uri": uri, "languageId": lang, "version": version, "text": text}})

    def change(self, uri, version, changes):
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                "contentChanges": changes})

    def stop(self):
        self.request("shutdown")
        self.notify("exit", None)
        return self.wait()

    def wait(self):
        try:
            self.p.stdin.close()
        except BrokenPipeError:
            pass
        rest = self.p.stdout.read()
        self.buf += rest
        rc = self.p.wait(timeout=self.timeout)
        self.stderr = self.p.stderr.read().decode()
        LspClient.errors.append(self.stderr)
        self.p.stdout.close()
        self.p.stderr.close()
        return rc

    def drain(self):
        """Every message left after the server ended."""
        out = []
        while True:
            i = self.buf.find(b"\r\n\r\n")
            if i < 0:
                return out
            n = int(self.buf[:i].decode().split("Content-Length:")[1].split("\r\n")[0])
            out.append(json.loads(self.buf[i + 4:i + 4 + n]))
            self.buf = self.buf[i + 4 + n:]


def pos(line, ch):
    return {"line": line, "character": ch}


def rng(l1, c1, l2, c2):
    return {"start": pos(l1, c1), "end": pos(l2, c2)}
