"""keyplan simulate's HTML report in a real browser (headless Chromium).

The driver (tests/simulate/sim_report_driver.c) writes the report of the
textbook monotonic table: key (ts, device_id), every write of every step in
the last key bucket; the advised key (device_id, ts) spreads them over all
ten. Its names are hostile (script tags, an onerror attribute, ESC, a bidi
override). The browser opens the file and the test checks:

  * nothing to complain about: no console message, no exception, no log
    entry (a script let through, a CSP violation, a failed load), and no
    request for anything but the file (the report is self-contained);
  * the picture: in the "as designed" writes heatmap, the band of the last
    key bucket (the bottom tenth: keys run top to bottom) is viridis'
    brightest colour and every other band its darkest; in the advised
    key's heatmap every band is one colour, the same, and nothing is near
    the brightest (no hot band). Same for reads. The heatmaps are found by
    their ids, measured by the browser (getBoundingClientRect), so fonts
    that move the layout do not move the test.

Skips (exit 77, ctest's SKIP_RETURN_CODE) only when chromium is not
installed; tools/bootstrap.sh installs it, so CI runs it.

    test_sim_browser.py SIM_REPORT_DRIVER SOURCE_DIR"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chromium  # noqa: E402
import kptest  # noqa: E402
from kptest import check  # noqa: E402

DRIVER, SRC, _ = kptest.args()

BRIGHT = (0xfd, 0xe7, 0x25)  # viridis at 1
DARK = (0x44, 0x01, 0x54)    # viridis at 0


def dist(a, b):
    return max(abs(x - y) for x, y in zip(a, b))


def bands(img, rect, n):
    """For each of n horizontal bands of rect (top to bottom), the colours
    of a grid of points inside it, 3 pixels clear of its edges."""
    x0, y0, w, h = (int(round(rect[k])) for k in ("x", "y", "width", "height"))
    out = []
    for i in range(n):
        top, bottom = y0 + h * i // n + 3, y0 + h * (i + 1) // n - 3
        ys = [top, (top + bottom) // 2, bottom]
        xs = [x0 + 3 + (w - 6) * j // 8 for j in range(9)]
        out.append([img.pixel(x, y) for y in ys for x in xs])
    return out


def check_monotonic(b, img, prefix, what):
    before = b.evaluate(f"JSON.parse(JSON.stringify(document.querySelector('#t1-p1-before-{what} > svg')"
                        ".getBoundingClientRect()))")
    after = b.evaluate(f"JSON.parse(JSON.stringify(document.querySelector('#t1-p1-after-{what} > svg')"
                       ".getBoundingClientRect()))")
    check(f"{prefix}: the {what} plots have their fixed size",
          before and after and round(before["width"]) == 360 and round(before["height"]) == 160
          and round(after["width"]) == 360, f"{before} {after}")
    if not (before and after):
        return
    bb = bands(img, before, 10)
    hot = [p for p in bb[9] if dist(p, BRIGHT) > 12]
    check(f"{prefix}: {what} before: the last key bucket is the brightest colour", not hot, hot[:5])
    cold = [(i, p) for i in range(9) for p in bb[i] if dist(p, DARK) > 12]
    check(f"{prefix}: {what} before: every other bucket is the darkest", not cold, cold[:5])
    ab = bands(img, after, 10)
    ref = ab[0][0]
    uneven = [(i, p) for i in range(10) for p in ab[i] if dist(p, ref) > 6]
    check(f"{prefix}: {what} after: every bucket is one colour (no band)", not uneven, (ref, uneven[:5]))
    bright = [p for band in ab for p in band if dist(p, BRIGHT) < 80]
    check(f"{prefix}: {what} after: nothing near the brightest colour", not bright, bright[:5])
    check(f"{prefix}: {what} after: some load is drawn (not the darkest)", dist(ref, DARK) > 40, ref)


def main():
    binary = chromium.find()
    if not binary:
        print("SKIP: chromium is not installed (Debian package chromium; tools/bootstrap.sh installs it)")
        sys.exit(77)
    with kptest.tempdir() as tmp:
        report = os.path.join(tmp, "report.html")
        p = subprocess.run([DRIVER, report], capture_output=True, timeout=60)
        check("the driver writes the report", p.returncode == 0, p.stderr)
        if p.returncode:
            kptest.finish()
        with chromium.Browser(binary) as b:
            b.open(report)
            title = b.evaluate("document.title")
            check("the title is the report's", title == "keyplan simulate", title)
            table = b.evaluate("document.querySelector('h2 code').textContent")
            check("a hostile table name is shown as text",
                  table == "events</title><script>console.error('table ran')</script>", table)
            scripts = b.evaluate("document.scripts.length")
            check("no script element in the page", scripts == 0, scripts)
            png = b.screenshot()
            shot = os.path.join(tmp, "report.png")
            with open(shot, "wb") as f:
                f.write(png)
            img = chromium.Image(png)
            check_monotonic(b, img, "driver", "writes")
            check_monotonic(b, img, "driver", "reads")
            complaints = b.complaints(report)
            check("no console message, exception, log entry or request", not complaints, complaints)
    kptest.finish()


main()
