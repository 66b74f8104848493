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

Then the report the real command writes for the bundled example
(keyplan simulate --schema examples/schema.sql --workload
examples/queries.sql --report): no complaints, every table drawn, and
trades_by_order, keyed by a growing order number, shows the model's
picture of a monotonic key: at every time step the writes are one bright
segment at the front of the key space, moving toward the largest keys as
the table grows and ending on the last key bucket, the rest dark; the
recommended hash prefix has no bright cell and one even colour. (Run when
the keyplan in the environment variable KEYPLAN has the simulate command:
the report writer and the simulation are built on separate branches.)

Skips (exit 77, ctest's SKIP_RETURN_CODE) only when chromium is not
installed; tools/bootstrap.sh installs it, so CI runs it.

    test_sim_browser.py SIM_REPORT_DRIVER SOURCE_DIR"""
import math
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


def rect(b, selector):
    return b.evaluate(f"JSON.parse(JSON.stringify(document.querySelector('{selector}')?.getBoundingClientRect()"
                      " ?? null))")


def hot(p):
    """viridis above about 0.8 of its range: green above 200"""
    return p[1] >= 200


def column(img, r, fx):
    """the pixels of a vertical line at fraction fx of rect r, clear of its
    frame (a key bucket of 64 is 2.5 pixels tall: the last one must stay)"""
    x = int(r["x"] + 2 + (r["width"] - 4) * fx)
    return [(y, img.pixel(x, y)) for y in range(math.ceil(r["y"]) + 1, math.floor(r["y"] + r["height"]) - 1)]


def check_example(b, img, prefix, table_index):
    before = rect(b, f"#t{table_index}-p1-before-writes > svg")
    after = rect(b, f"#t{table_index}-p1-after-writes > svg")
    check(f"{prefix}: the monotonic table has its before and after writes", before and after, (before, after))
    if not (before and after):
        return
    centres = []
    for i in range(12):
        fx = (i + 0.5) / 12
        px = column(img, before, fx)
        hot_ys = [y for y, p in px if hot(p)]
        dark = sum(1 for _, p in px if dist(p, DARK) <= 12)
        check(f"{prefix}: before, {fx:.2f} of the time: one bright segment, the rest dark",
              hot_ys and dark >= 0.8 * len(px) and hot_ys[-1] - hot_ys[0] <= 0.15 * before["height"],
              (hot_ys[:3], hot_ys[-3:], dark, len(px)))
        if hot_ys:
            centres.append(sum(hot_ys) / len(hot_ys))
    check(f"{prefix}: before: the bright segment moves toward the largest keys",
          len(centres) == 12 and all(a < b2 for a, b2 in zip(centres, centres[1:])), centres)
    bottom = before["y"] + before["height"]
    last = [y for y, p in column(img, before, 0.995) if hot(p)]
    check(f"{prefix}: before: it ends on the last key bucket", last and bottom - last[-1] <= 0.05 * before["height"],
          (last[-3:], bottom))
    px = [p for fx in (0.1, 0.3, 0.5, 0.7, 0.9) for _, p in column(img, after, fx)]
    check(f"{prefix}: after: no bright cell", not [p for p in px if hot(p)], [p for p in px if hot(p)][:5])
    check(f"{prefix}: after: one even colour", all(dist(p, px[0]) <= 6 for p in px), px[0])


def real_command(b, tmp):
    keyplan = os.environ.get("KEYPLAN")
    if not keyplan or subprocess.run([keyplan, "simulate", "--help"], capture_output=True).returncode != 0:
        print("note: this keyplan has no simulate command; the bundled example's report is not checked")
        return
    report = os.path.join(tmp, "examples.html")
    p = subprocess.run([keyplan, "simulate", "--schema", "examples/schema.sql", "--workload", "examples/queries.sql",
                        "--report", report], cwd=SRC, capture_output=True, timeout=120)
    check("keyplan simulate writes the examples' report", p.returncode == 0 and os.path.exists(report), p.stderr)
    if p.returncode:
        return
    b.events.clear()
    b.open(report)
    tables = b.evaluate("[...document.querySelectorAll('section.table')].map(s => "
                        "[s.querySelector('h2 code').textContent, s.querySelectorAll('svg.heat').length])")
    check("examples: every table is drawn", tables and all(n >= 2 for _, n in tables), tables)
    names = [t for t, _ in tables or []]
    check("examples: trades_by_order is in the report", "trades_by_order" in names, names)
    if "trades_by_order" in names:
        t = names.index("trades_by_order") + 1
        img = chromium.Image(*b.screenshot(f"#t{t}-pair1"))
        check_example(b, img, "examples: trades_by_order", t)
    complaints = b.complaints(report)
    check("examples: no console message, exception, log entry or request", not complaints, complaints)


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
            png, x, y = b.screenshot("#t1-pair1")
            img = chromium.Image(png, x, y)
            check_monotonic(b, img, "driver", "writes")
            check_monotonic(b, img, "driver", "reads")
            complaints = b.complaints(report)
            check("no console message, exception, log entry or request", not complaints, complaints)
            real_command(b, tmp)
    kptest.finish()


main()
