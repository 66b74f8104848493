#!/usr/bin/env python3
"""Text a hostile user or file tree controls never drives the terminal:
file names, options, arguments, log lines, a merged digest's fields and
what the shell is given, with ESC sequences, BEL, bidirectional overrides,
C1 controls and bytes that are not UTF-8. Each is shown escaped (<U+XXXX>,
and <XX> for a byte that starts no UTF-8 character), in every front-end's
messages, not only in lint's findings (test_gates covers those).

Usage: test_hostile.py KEYPLAN SOURCE_DIR"""
import gzip
import json
import os
import stat
import subprocess
import tempfile
import threading

import kptest
from kptest import check, write

KEYPLAN, SRC, _ = kptest.args()

ESC, BEL, RLO, CSI8 = b"\x1b", b"\x07", "\u202e".encode(), b"\xc2\x9b"


def run(*argv, cwd=None, stdin=None, timeout=120):
    """(exit code, stdout, stderr) as bytes: raw bytes must be seen as they
    are written, not decoded."""
    env = {k: v for k, v in os.environ.items() if k not in kptest.OUTPUT_ENV}
    p = subprocess.run([KEYPLAN, *argv], cwd=cwd, env=env, input=stdin, capture_output=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def run_fifo(argv, feeds, cwd):
    """Runs keyplan with argv, where each name of feeds (a FIFO made in cwd)
    is written its bytes once by a writer of its own, as bash's <(...) is:
    (exit code, stdout, stderr), or (None, b"", b"timeout") when keyplan
    waits for a second writer that never comes."""
    def feed(path, data):
        try:
            with open(path, "wb") as f:
                f.write(data)
        except OSError:
            pass
    writers = []
    for name, data in feeds.items():
        os.mkfifo(os.path.join(cwd, name))
        t = threading.Thread(target=feed, args=(os.path.join(cwd, name), data), daemon=True)
        t.start()
        writers.append(t)
    try:
        return run(*argv, cwd=cwd, timeout=20)
    except subprocess.TimeoutExpired:
        return None, b"", b"timeout"
    finally:
        for name in feeds:   # a writer still waiting for a reader is let go
            try:
                fd = os.open(os.path.join(cwd, name), os.O_RDONLY | os.O_NONBLOCK)
                os.close(fd)
            except OSError:
                pass
            os.unlink(os.path.join(cwd, name))


def raw(data):
    """The raw controls in data a terminal would act on, or []."""
    found = [b for b in (ESC, BEL, RLO, CSI8, b"\r", b"\x9b", b"\xff") if b in data]
    return found


SCHEMA = b"CREATE TABLE orders (userid VARCHAR, orderid BIGINT, amount INT, PRIMARY KEY (userid, orderid));\n"
SCAN = b"SELECT * FROM orders WHERE orderid = 1;\n"

with tempfile.TemporaryDirectory() as tmp:
    tmpb = tmp.encode()
    write(os.path.join(tmp, "s.sql"), SCHEMA, "wb")
    evil = b"x\x1b]0;own\x07\xff.sql"          # an OSC title sequence and a byte that is not UTF-8
    shown = "x<U+001B>]0;own<U+0007><FF>.sql"

    # ---------------------------------------------- 1. command-line messages
    for cmd in (["explain"], ["lint"]):
        rc, out, err = run(cmd[0], "--no-config", "--schema", b"s.sql", evil, cwd=tmp)
        check(f"1. {cmd[0]}: a file that cannot be opened is named escaped",
              rc == 2 and not raw(err) and
              err.decode(errors="replace").startswith(f"keyplan: {shown}: cannot open: No such file or directory\n"), err)
    rc, out, err = run("check", "--no-config", "--schema", b"s.sql", evil, cwd=tmp)
    check("1. check: an unexpected argument is quoted escaped", rc == 2 and not raw(err) and
          err.decode(errors="replace") == f"keyplan check: unexpected argument '{shown}': give query files with --workload "
                          "(keyplan check --help lists the options)\n", err)
    rc, out, err = run("lint", "--no-config", "--schema", evil, b"s.sql", cwd=tmp)
    check("1. lint --schema: a missing schema is named escaped", rc == 2 and not raw(err) and
          f"keyplan: {shown}: cannot open: No such file or directory\n" in err.decode(errors="replace"), err)
    rc, out, err = run("lint", "--config", evil, b"s.sql", cwd=tmp)
    check("1. lint --config: a missing config file is named escaped", rc == 2 and not raw(err) and
          err.decode(errors="replace") == f"keyplan: {shown}: cannot open config file\n", err)
    rc, out, err = run(b"\x1b[2Jx")
    check("1. an unknown command is quoted escaped", rc == 2 and
          err.decode(errors="replace") == "keyplan: unknown command '<U+001B>[2Jx' (explain, lint, check, digest, simulate, "
                          "rules, repl, lsp; keyplan --help)\n", err)
    rc, out, err = run("lint", "--target", b"\x1b[2J\xe2\x80\xae")
    check("1. an unknown target is quoted escaped", rc == 2 and
          err.decode(errors="replace") == "keyplan lint: unknown target '<U+001B>[2J<U+202E>' (expected lindorm, tablestore, "
                          "phoenix or generic) (keyplan lint --help lists the options)\n", err)
    rc, out, err = run("lint", b"--\x1b[2J")
    check("1. an unknown option is quoted escaped", rc == 2 and
          err.decode(errors="replace") == "keyplan lint: unknown option '--<U+001B>[2J' (keyplan lint --help lists the options)\n",
          err)
    rc, out, err = run("rules", b"\x1b[2J")
    check("1. rules: an unknown rule is quoted escaped", rc == 2 and
          err.decode(errors="replace") == "keyplan rules: unknown rule '<U+001B>[2J' (keyplan rules lists them)\n", err)
    rc, out, err = run("help", b"\x1b[2J")
    check("1. help: an unknown command is quoted escaped", rc == 2 and
          err.decode(errors="replace") == "keyplan help: unknown command '<U+001B>[2J' (explain, lint, check, digest, simulate, "
                          "rules, repl, lsp, help)\n", err)
    rc, out, err = run("digest", evil, cwd=tmp)
    check("1. digest: a log that cannot be opened is named escaped", rc == 2 and
          err.decode(errors="replace") == f"keyplan digest: {shown}: No such file or directory\n", err)

    # ---------------------------------------------- 2. bytes that are not UTF-8
    # A lone 0x9b is CSI to a terminal that reads 8-bit controls: the excerpt
    # shows it as <9B>, as GCC shows such a byte, and the caret spans it.
    write(os.path.join(tmp, "u.sql"), b"SELECT * FROM orders WHERE userid = 'a\x9b2J\xff' AND amount = 1;\n", "wb")
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "u.sql", cwd=tmp)
    check("2. lint: an invalid byte in a literal is shown as <9B>, the caret under all of it",
          rc == 1 and not raw(out) and
          b"u.sql:1:39: error: invalid UTF-8 byte 0x9b in string literal [KP016 lexical-error]\n"
          b"     1 | SELECT * FROM orders WHERE userid = 'a<9B>2J<FF>' AND amount = 1;\n"
          b"       |                                       ^~~~\n" in out, out)
    write(os.path.join(tmp, "u2.sql"), b"SELECT * FROM orders WHERE userid = '\xc3\xa9\xff' AND orderid = 1;\n"
                                       b"SELECT * FROM orders WHERE userid = '\xc3\xa9\xff' AND x = 1;\n", "wb")
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "u2.sql", cwd=tmp)
    check("2. lint: a valid character before the invalid byte keeps its column", not raw(out) and
          "     1 | SELECT * FROM orders WHERE userid = 'é<FF>' AND orderid = 1;\n"
          "       | " + " " * 38 + "^~~~\n" in out.decode(errors="replace"), out)   # é is one column
    name = b"q\xc3\xa9\x9b\xe2\x80\xae.sql"
    write(os.path.join(tmpb, name), SCAN, "wb")
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "--format", "github", name, cwd=tmp)
    check("2. github annotations: a file name's invalid byte as <9B>, its valid characters kept",
          rc == 1 and not raw(out) and
          out.decode(errors="replace").startswith("::error file=qé<9B><U+202E>.sql,line=1,col=28,endLine=1,endColumn=39,"), out)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", name, cwd=tmp)
    check("2. lint text: the file name too", rc == 1 and not raw(out) and
          out.decode(errors="replace").startswith("qé<9B><U+202E>.sql:1:28: error: full table scan"), out)

    # ---------------------------------------------- 3. digest's text report
    write(os.path.join(tmp, "bidi.log"),
          b"SELECT * FROM \"t\xe2\x80\xaeu\" WHERE a = 'x\xe2\x80\xae\xc2\x9b[2J';\n", "wb")
    rc, out, err = run("digest", "bidi.log", cwd=tmp)
    check("3. digest: a statement's bidi override and C1 CSI are shown escaped", rc == 0 and not raw(out) and
          "    SELECT * FROM \"t<U+202E>u\" WHERE a = 'x<U+202E><U+009B>[2J'\n" in out.decode(errors="replace"), out)
    long = b"SELECT * FROM t WHERE a = '" + b"\xc3\xa9" * 150 + b"';\n"
    write(os.path.join(tmp, "long.log"), long, "wb")
    rc, out, err = run("digest", "long.log", cwd=tmp)
    want = "    SELECT * FROM t WHERE a = '" + "é" * 86 + " ...\n"   # 200 bytes, cut before a split character
    check("3. digest: a long example is cut at 200 bytes on a character boundary", rc == 0 and
          want in out.decode(errors="replace"), out)
    write(os.path.join(tmp, "o.log"), b"SELECT * FROM orders WHERE userid = 'a';\n", "wb")
    rc, out, err = run("digest", "--schema", "s.sql", "--format", "json", "o.log", cwd=tmp)
    doc = json.loads(out)
    doc["inputs"][0]["path"] = "l\x1b[2J\u202e.log"
    doc["inputs"][0]["format"] = "li\x1bnes"
    sh = doc["shapes"][0]
    sh["examples"][0]["path"] = "l\x1b[2J\u202e.log"
    sh["plan"]["access"] = "sc\x1ban"
    sh["plan"]["table"] = "ord\x1b]0;x\x07"
    sh["plan"]["index"] = "i\x9b"
    sh["hot_keys"][0]["column"] = "u\x9bid"
    write(os.path.join(tmp, "evil.json"), json.dumps(doc))
    rc, out, err = run("digest", "--merge", "evil.json", cwd=tmp)
    text = out.decode(errors="replace")
    check("3. digest --merge: a digest's paths, plan and columns are shown escaped",
          rc == 0 and not raw(out) and
          "  l<U+001B>[2J<U+202E>.log (li<U+001B>nes): 1 records, 1 statements, 0 skipped\n" in text and
          "sc<U+001B>an on ord<U+001B>]0;x<U+0007> via index i<U+009B>, 1 key range\n" in text and
          "    first example: l<U+001B>[2J<U+202E>.log:1\n" in text and
          "    hot u<U+009B>id (of 1," in text, out + err)

    # ---------------------------------------------- 4. the shell, piped
    script = (b'CREATE TABLE "t\x1b[2J" (k VARCHAR PRIMARY KEY, v VARCHAR);\n'
              b'CREATE INDEX "i\x07" ON "t\x1b[2J" (v);\n'
              b"SELECT * FROM \"t\x1b[2J\" WHERE v = '\x1b]0;x\x07\xe2\x80\xae';\n"
              b".tables\n.schema\n.indexes\n.\x1b[2Jfoo\n.read nonexist\x1b[2J\n.target \x1b[2J\n")
    rc, out, err = run("repl", "--no-config", stdin=script, cwd=tmp)
    check("4. repl: plans, .tables, .schema and .indexes show names escaped", not raw(out) and
          out.decode(errors="replace") ==
          "CREATE TABLE t<U+001B>[2J\n"
          "CREATE INDEX i<U+0007> ON t<U+001B>[2J\n"
          "SCAN t<U+001B>[2J via index i<U+0007> prefix (v='<U+001B>]0;x<U+0007><U+202E>')\n"
          "t<U+001B>[2J                    [k]\n"
          "CREATE TABLE t<U+001B>[2J (k VARCHAR NOT NULL, v VARCHAR, PRIMARY KEY (k));\n"
          "  -- key: [k]\n"
          "CREATE INDEX i<U+0007> ON t<U+001B>[2J (v);\n"
          "  -- key: [v][k]\n"
          "i<U+0007>  on t<U+001B>[2J  [v][k]\n", out)
    check("4. repl: errors quote what was typed escaped", not raw(err) and
          err.decode(errors="replace") ==
          "<stdin>:7:1: error: unknown command '.<U+001B>[2Jfoo' (.help lists them)\n"
          "<stdin>:8:1: error: nonexist<U+001B>[2J: cannot open: No such file or directory\n"
          "<stdin>:9:1: error: unknown target '<U+001B>[2J' (expected lindorm, tablestore, phoenix or generic)\n",
          err)
    rc, out, err = run("repl", "--no-config", stdin=script + b".advise\n", cwd=tmp)
    check("4. repl .advise: the advice names the table escaped", not raw(out) and
          "[KP105] t<U+001B>[2J: shorten_key:" in out.decode(errors="replace"), out)

    # ---------------------------------------------- 5. pipes are read once
    # bash's <(...) is a FIFO (/dev/fd/63): looking into it before reading
    # it (binary or text, its ignore-file lines, a log's format) took what
    # the read needed, and the read found nothing, or waited forever.
    first = "p.sql:1:28: error: full table scan: no condition on leading key column 'userid' of orders"
    for cmd in (["explain", "--no-config", "--schema", "s.sql", "p.sql"],
                ["lint", "--no-config", "--schema", "s.sql", "p.sql"],
                ["check", "--no-config", "--schema", "s.sql", "--workload", "p.sql"]):
        rc, out, err = run_fifo(cmd, {"p.sql": SCAN}, tmp)
        text = (out + err).decode(errors="replace")
        want = ("p.sql:1:1: REJECTED orders: full table scan, no condition on leading key column userid filter orderid = 1\n"
                if cmd[0] == "explain" else first)
        check(f"5. {cmd[0]}: a query file that is a pipe is planned", rc == 1 and want in text, text[:2000])
    write(os.path.join(tmp, "q.sql"), SCAN, "wb")
    rc, out, err = run_fifo(["lint", "--no-config", "--schema", "sp.sql", "q.sql"], {"sp.sql": SCHEMA}, tmp)
    check("5. lint --schema: a schema that is a pipe is read", rc == 1 and
          "q.sql:1:28: error: full table scan" in out.decode(errors="replace"), out + err)
    rc, out, err = run_fifo(["simulate", "--schema", "s.sql", "--workload", "p.sql"], {"p.sql": SCAN}, tmp)
    check("5. simulate: a workload that is a pipe is simulated", rc == 0 and
          "rate: 1000 statements/s shared by weight among 1 statement(s)" in out.decode(errors="replace"), out + err)

    # ---------------------------------------------- 6. a repository's .keyplan
    # docs-url is printed after every text report: a control character in
    # it (an OSC 8 link put under the rule's address) is refused, located
    os.mkdir(os.path.join(tmp, "repo"))
    write(os.path.join(tmp, "repo", ".keyplan"), b"[keyplan]\ndocs-url = https://x\x1b]8;;http://evil\x07y\n", "wb")
    write(os.path.join(tmp, "repo", "q.sql"), SCAN, "wb")
    rc, out, err = run("lint", "--schema", "../s.sql", "q.sql", cwd=os.path.join(tmp, "repo"))
    check("6. .keyplan: a docs-url with control characters is refused, shown escaped",
          rc == 2 and not raw(out + err) and err.decode(errors="replace") ==
          "keyplan: .keyplan:2: [keyplan] docs-url must be an address such as https://host/keyplan/docs, "
          "not 'https://x<U+001B>]8;;http://evil<U+0007>y'\n", out + err)

    # ---------------------------------------------- 7. the shell's long arguments
    # a dot-command's argument was cut at 1,023 bytes: .read of a longer
    # path read the file whose name is its first 1,023 bytes
    parts, n = [], 0
    while n + 201 < 1023 - 10:
        parts.append("d" * 200)
        n += 201
    parts.append("f" * (1023 - n))
    short = "/".join(parts)
    assert len(short) == 1023
    os.makedirs(os.path.join(tmp, os.path.dirname(short)))
    write(os.path.join(tmp, short), b"CREATE TABLE wrong (k VARCHAR PRIMARY KEY);\n", "wb")
    rc, out, err = run("repl", "--no-config", stdin=b".read " + short.encode() + b"ff.sql\n.tables\n", cwd=tmp)
    check("7. repl: .read of a path past 1,023 bytes is refused, not cut to another file's name",
          b"wrong" not in out and
          err.decode(errors="replace") == "<stdin>:1:1: error: .read: its argument is longer than 1023 bytes\n",
          out + err)

    # ---------------------------------------------- 8. digest's numbers
    # a merged digest's sample_rate is checked as --sample-rate is (0 was
    # taken, and its counts scaled by inf), and an estimate past the largest
    # double is written as that double: JSON has no inf
    doc = json.loads(run("digest", "--format", "json", "o.log", cwd=tmp)[1])
    for rate in (0, -1, 1.5, 4e-324):
        doc["inputs"][0]["sample_rate"] = rate
        write(os.path.join(tmp, "rate.json"), json.dumps(doc))
        rc, out, err = run("digest", "--merge", "rate.json", cwd=tmp)
        check(f"8. digest --merge: sample_rate {rate} is refused", rc == 2 and err.decode(errors="replace") ==
              "keyplan digest: rate.json:1: not a keyplan digest: 'sample_rate' is missing or not a number "
              "with 0 < R <= 1\n", err)
    write(os.path.join(tmp, "five.log"), b"SELECT * FROM orders WHERE userid = 'a';\n" * 5, "wb")
    rc, out, err = run("digest", "--sample-rate", "2.2250738585072014e-308", "--format", "json", "five.log", cwd=tmp)
    try:
        est = json.loads(out)["estimated"]
    except ValueError:
        est = None
    check("8. digest --format json: an estimate past the largest double is valid JSON, that double",
          rc == 0 and est == 1.7976931348623157e308, out)

    # ---------------------------------------------- 9. --output and --report that are not files
    # The report went to a temporary file renamed over the target: a FIFO
    # (or, as root, /dev/full and the /dev/stderr link) was replaced by a
    # regular file and its reader got nothing. Now written in place.
    def read_fifo(path, got):
        with open(path, "rb") as f:
            got.append(f.read())
    for name, argv in (("lint --output", ["lint", "--no-config", "--schema", "s.sql", "--format", "json",
                                          "--output", "out.fifo", "q.sql"]),
                       ("simulate --report", ["simulate", "--schema", "s.sql", "--workload", "q.sql",
                                              "--report", "out.fifo"])):
        fifo = os.path.join(tmp, "out.fifo")
        os.mkfifo(fifo)
        got = []
        t = threading.Thread(target=read_fifo, args=(fifo, got), daemon=True)
        t.start()
        rc, out, err = run(*argv, cwd=tmp)
        t.join(20)
        still = stat.S_ISFIFO(os.lstat(fifo).st_mode)
        body = got[0] if got else b""
        check(f"9. {name} to a FIFO: written into it, the FIFO left in place",
              still and rc in (0, 1) and (body.startswith(b'{"version": 1, "diagnostics": [') if name.startswith("lint")
                                         else body.startswith(b"<!DOCTYPE html>")),
              f"rc={rc} fifo={still} {body[:200]!r} {err!r}")
        if not got:   # let a reader still waiting go
            try:
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        os.unlink(fifo)
    os.mkdir(os.path.join(tmp, "folder"))
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "--output", "folder", "q.sql", cwd=tmp)
    check("9. lint --output a folder: one error, the folder left alone", rc == 2 and
          err.decode(errors="replace") == "keyplan: folder: cannot write: a folder\n" and
          os.path.isdir(os.path.join(tmp, "folder")), err)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "--output", "none/out.json", "q.sql", cwd=tmp)
    check("9. lint --output in a missing folder: the error said once", rc == 2 and
          err.decode(errors="replace") == "keyplan: none/out.json: cannot write: No such file or directory\n", err)

    # ---------------------------------------------- 10. a full disk under standard output
    if os.path.exists("/dev/full") and stat.S_ISCHR(os.stat("/dev/full").st_mode):
        write(os.path.join(tmp, "ok.sql"), b"SELECT * FROM orders WHERE userid = 'a';\n", "wb")
        for fmt in ("text", "json"):
            with open("/dev/full", "wb") as full:
                p = subprocess.run([KEYPLAN, "explain", "--no-config", "--schema", "s.sql", "--format", fmt, "ok.sql"],
                                   cwd=tmp, stdout=full, stderr=subprocess.PIPE, timeout=60)
            check(f"10. explain --format {fmt} > /dev/full: a write error, exit 2 (was 0: plans lost, run clean)",
                  p.returncode == 2 and p.stderr == b"keyplan: <stdout>: write error\n", p.stderr)

    # ---------------------------------------------- 11. simulate and binary files
    # simulate read a binary file as SQL: one KP016 error per NUL byte
    # (millions), and /dev/zero as a workload never ended (the look for a
    # log's first line); now one error, as lint's
    write(os.path.join(tmp, "zeros.sql"), b"\0" * 100_000, "wb")
    for role, argv in (("--workload", ["--schema", "s.sql", "--workload", "zeros.sql"]),
                       ("--schema", ["--schema", "zeros.sql", "--workload", "q.sql"])):
        rc, out, err = run("simulate", *argv, cwd=tmp)
        check(f"11. simulate {role}: a binary file is one error", rc == 2 and err.decode(errors="replace") ==
              "keyplan simulate: zeros.sql: a binary file (it holds NUL bytes), not text: name SQL or source files "
              "only\n", err[:500])
    if os.path.exists("/dev/zero") and stat.S_ISCHR(os.stat("/dev/zero").st_mode):
        try:
            rc, out, err = run("simulate", "--schema", "s.sql", "--workload", "/dev/zero", cwd=tmp, timeout=60)
        except subprocess.TimeoutExpired:
            rc, err = None, b"timeout"
        check("11. simulate --workload /dev/zero: one error, no endless read", rc == 2 and
              err.decode(errors="replace").startswith("keyplan simulate: /dev/zero: a binary file"), err[:500])

    # a gzip-compressed query log is a workload (docs/digest.md), not a
    # binary file: check refused it as one, and so would simulate have
    with gzip.open(os.path.join(tmp, "w.log.gz"), "wb") as f:
        f.write(b"".join(b"SELECT * FROM orders WHERE userid = 'u%d';\n" % i for i in range(50)))
    rc, out, err = run("check", "--no-config", "--schema", "s.sql", "--workload", "w.log.gz", cwd=tmp)
    check("11. check --workload a gzip log: digested, its one shape weighted by its 50 statements",
          rc in (0, 1) and "      w.log.gz (shapes):2: SCAN (weight 50)\n" in out.decode(errors="replace"), out + err)
    rc, out, err = run("simulate", "--schema", "s.sql", "--workload", "w.log.gz", cwd=tmp)
    check("11. simulate --workload a gzip log: simulated", rc == 0 and
          "rate: 1000 statements/s shared by weight among 1 statement(s)" in out.decode(errors="replace"), out + err)
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "w.log.gz", cwd=tmp)
    check("11. lint: a gzip file is one error, not SQL read byte by byte", rc == 2 and
          err.decode(errors="replace") == "keyplan: w.log.gz: gzip-compressed, not text: keyplan digest and check "
          "--workload read compressed query logs, the other inputs are SQL or source files\n", (rc, out, err))

    rc, out, err = run("repl", "--no-config", stdin=b".read zeros.sql\n", cwd=tmp)
    check("11. repl .read: a binary file is one error, not one per NUL byte", err.decode(errors="replace") ==
          "<stdin>:1:1: error: zeros.sql: a binary file (it holds NUL bytes), not text: name SQL or source files "
          "only\n", err[:500])

    # ---------------------------------------------- 12. a folder's error said once
    # lint walks the folders it is given twice (JPA entities first): the
    # first walk's errors were printed too, so each came twice
    os.mkdir(os.path.join(tmp, "empty"))
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "empty", cwd=tmp)
    check("12. lint of a folder without SQL: the error said once", rc == 2 and err.decode(errors="replace") ==
          "keyplan: empty: no .sql files (nor application code with SQL) in this folder\n", err)

    # ---------------------------------------------- 13. simulate --report's temporary file
    # it was PATH.tmp, opened as it was: a link left there made the report
    # overwrite the file it points to, and the link became PATH
    write(os.path.join(tmp, "victim"), b"precious\n", "wb")
    os.symlink("victim", os.path.join(tmp, "r.html.tmp"))
    rc, out, err = run("simulate", "--schema", "s.sql", "--workload", "q.sql", "--report", "r.html", cwd=tmp)
    with open(os.path.join(tmp, "victim"), "rb") as f:
        victim = f.read()
    check("13. simulate --report: a link at PATH.tmp is not written through", rc == 0 and victim == b"precious\n" and
          not os.path.islink(os.path.join(tmp, "r.html")) and
          open(os.path.join(tmp, "r.html"), "rb").read(15) == b"<!DOCTYPE html>", (rc, victim, err))

kptest.finish()
