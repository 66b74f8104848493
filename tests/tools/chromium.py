"""Headless Chromium for the tests: open a local page, collect everything the
browser complains about, measure elements, take a screenshot, read its
pixels.

The browser is driven through the DevTools protocol over a pipe
(--remote-debugging-pipe: commands on its fd 3, answers and events on its fd
4, JSON messages ended by NUL), not a port: no socket to pick or leak, and
it ends with the test. The protocol gives what the command-line switches do
not: every console message, exception, log entry (CSP violations, failed
loads) and network request as an event, an element's place on the page from
the browser itself (so the test never guesses a layout that fonts could
move), and the screenshot of the same page it measured.

Runs as root in CI (--no-sandbox), with a temporary profile, a fixed window
and device scale factor 1 (one CSS pixel, one screenshot pixel), and a
timeout on every wait. Reads PNG with zlib only."""
import base64
import fcntl
import json
import os
import select
import shutil
import struct
import subprocess
import tempfile
import time
import zlib


def find():
    """The chromium binary, or None."""
    for name in (os.environ.get("KP_CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class Browser:
    """One headless browser and one page."""

    def __init__(self, binary, width=1100, height=1400, timeout=30):
        self.timeout = timeout
        self.width, self.height = width, height
        self.profile = tempfile.mkdtemp(prefix="kp-chromium-")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def fds():
            # fds 3 and 4 in the child, whatever numbers the pipes got here
            a = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
            b = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             f"--user-data-dir={self.profile}", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking", "--disable-sync",
             "--disable-component-update", "--hide-scrollbars", "--force-device-scale-factor=1",
             "--force-color-profile=srgb", f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            preexec_fn=fds, close_fds=False)
        os.close(to_child_r)
        os.close(from_child_w)
        self._buf = b""
        self._id = 0
        self.events = []
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Runtime", "Log", "Network", "Page"):
            self.call(domain + ".enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def _read_message(self, deadline):
        while b"\0" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("chromium did not answer in time")
            ready, _, _ = select.select([self._from_child], [], [], left)
            if ready:
                chunk = os.read(self._from_child, 1 << 20)
                if not chunk:
                    raise RuntimeError("chromium closed its pipe: " + self.stderr())
                self._buf += chunk
        msg, self._buf = self._buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None):
        """Sends one command (to the page once attached); returns its result.
        Events read meanwhile are kept in self.events."""
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            msg["sessionId"] = self.session
        os.write(self._to_child, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            m = self._read_message(deadline)
            if m.get("id") == self._id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            if "method" in m:
                self.events.append(m)

    def wait_event(self, method):
        deadline = time.monotonic() + self.timeout
        for m in self.events:
            if m["method"] == method:
                return m
        while True:
            m = self._read_message(deadline)
            if "method" in m:
                self.events.append(m)
                if m["method"] == method:
                    return m

    def open(self, path):
        """Loads a local file and waits for its load event."""
        self.call("Page.navigate", {"url": "file://" + os.path.abspath(path)})
        self.wait_event("Page.loadEventFired")

    def evaluate(self, expression):
        r = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def complaints(self, page_path):
        """Everything the page made the browser report: console messages of
        any level, uncaught exceptions, log entries (security: CSP;
        network: failed loads), and requests for anything but the page."""
        page_url = "file://" + os.path.abspath(page_path)
        out = []
        for e in self.events:
            m, p = e["method"], e.get("params", {})
            if m == "Runtime.consoleAPICalled":
                out.append(f"console.{p.get('type')}: {[a.get('value') for a in p.get('args', [])]}")
            elif m == "Runtime.exceptionThrown":
                out.append(f"exception: {p.get('exceptionDetails')}")
            elif m == "Log.entryAdded":
                entry = p.get("entry", {})
                out.append(f"log {entry.get('level')} ({entry.get('source')}): {entry.get('text')}")
            elif m == "Network.requestWillBeSent":
                url = p.get("request", {}).get("url", "")
                if url != page_url:
                    out.append(f"request: {url}")
        return out

    def screenshot(self, selector=None):
        """A screenshot as PNG bytes, one CSS pixel a pixel: of the element
        selector names (whole pixels around it), else of the whole page.
        Returns (png, x, y): where its top left corner is on the page."""
        if selector:
            r = self.evaluate(f"JSON.parse(JSON.stringify(document.querySelector('{selector}')"
                              ".getBoundingClientRect()))")
            x, y = int(r["x"] + self.evaluate("window.scrollX")), int(r["y"] + self.evaluate("window.scrollY"))
            w, h = int(r["x"] + r["width"]) + 1 - int(r["x"]), int(r["y"] + r["height"]) + 1 - int(r["y"])
        else:
            x, y, w = 0, 0, self.width
            h = int(self.evaluate("Math.ceil(document.documentElement.scrollHeight)"))
        r = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                 "clip": {"x": x, "y": y, "width": w, "height": h, "scale": 1}})
        return base64.b64decode(r["data"]), x, y

    def stderr(self):
        try:
            self.proc.stderr.close()
        except Exception:
            pass
        return ""

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_child, self._from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        if self.proc.stderr:
            self.proc.stderr.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Image:
    """An 8-bit RGB or RGBA PNG, decoded with zlib: width, height,
    pixel(x, y) -> (r, g, b), x and y on the page when the image's top left
    corner is at (ox, oy) there."""

    def __init__(self, data, ox=0, oy=0):
        self.ox, self.oy = ox, oy
        if data[:8] != b"\x89PNG\r\n\x1a\n":
            raise ValueError("not a PNG")
        pos, idat = 8, b""
        while pos < len(data):
            n, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + n]
            if kind == b"IHDR":
                self.width, self.height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
                if depth != 8 or colour not in (2, 6) or interlace:
                    raise ValueError(f"PNG depth {depth} colour type {colour} interlace {interlace}")
                self.bpp = 3 if colour == 2 else 4
            elif kind == b"IDAT":
                idat += body
            elif kind == b"IEND":
                break
            pos += 12 + n
        raw = zlib.decompress(idat)
        stride = self.width * self.bpp
        rows, prev, bpp = [], bytearray(stride), self.bpp
        for y in range(self.height):
            f = raw[y * (stride + 1)]
            line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            if f == 1:
                for i in range(bpp, stride):
                    line[i] = (line[i] + line[i - bpp]) & 255
            elif f == 2:
                for i in range(stride):
                    line[i] = (line[i] + prev[i]) & 255
            elif f == 3:
                for i in range(stride):
                    left = line[i - bpp] if i >= bpp else 0
                    line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
            elif f == 4:
                for i in range(stride):
                    a = line[i - bpp] if i >= bpp else 0
                    b = prev[i]
                    c = prev[i - bpp] if i >= bpp else 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                    line[i] = (line[i] + pred) & 255
            elif f != 0:
                raise ValueError(f"PNG filter {f}")
            rows.append(line)
            prev = line
        self.rows = rows

    def pixel(self, x, y):
        i = (x - self.ox) * self.bpp
        r = self.rows[y - self.oy]
        return r[i], r[i + 1], r[i + 2]
