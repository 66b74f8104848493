#!/usr/bin/env python3
"""Hostile input at the edges of every front-end, each an exact exit code
and message: compressed bytes where text is read (pipes included), a
standard output that cannot be written, a log line with no end, a
baseline's out-of-range count, an unknown option of the language server.

Usage: test_hostile_io.py KEYPLAN SOURCE_DIR"""
import bz2
import gzip
import lzma
import os
import stat
import subprocess
import tempfile

import kptest
from kptest import check, write

KEYPLAN, SRC, _ = kptest.args()


def run(*argv, cwd=None, stdin=None, stdout=subprocess.PIPE, timeout=60):
    """(exit code, stdout, stderr) as bytes; (None, b"", b"timeout") when
    keyplan does not end."""
    env = {k: v for k, v in os.environ.items() if k not in kptest.OUTPUT_ENV}
    try:
        data = stdin if isinstance(stdin, bytes) else None   # else a file, or None
        p = subprocess.run([KEYPLAN, *argv], cwd=cwd, env=env, input=data, stdin=None if data else stdin,
                           stdout=stdout, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, b"", b"timeout"
    return p.returncode, p.stdout or b"", p.stderr


SCHEMA = b"CREATE TABLE orders (userid VARCHAR, orderid BIGINT, amount INT, PRIMARY KEY (userid, orderid));\n"
QUERY = b"SELECT * FROM orders WHERE userid = 'a';\n"
FULL = os.path.exists("/dev/full") and stat.S_ISCHR(os.stat("/dev/full").st_mode)
ZERO = os.path.exists("/dev/zero") and stat.S_ISCHR(os.stat("/dev/zero").st_mode)

with tempfile.TemporaryDirectory() as tmp:
    write(os.path.join(tmp, "s.sql"), SCHEMA, "wb")
    write(os.path.join(tmp, "q.sql"), QUERY, "wb")

    # ---------------------------------------------- 1. compressed input
    # gzip bytes from a pipe were read as SQL (29 KP016 errors for a line);
    # a zstd file without NUL bytes in its head passed the binary sniff and
    # was a syntax error. Each is now one io error saying what it is.
    kinds = (("gzip", gzip.compress(QUERY), "gzip-compressed data, not text: decompress it first (zcat)"),
             ("xz", lzma.compress(QUERY), "xz-compressed data, not text: decompress it first (xzcat)"),
             ("bzip2", bz2.compress(QUERY), "bzip2-compressed data, not text: decompress it first (bzcat)"),
             ("zstd", bytes.fromhex("28b52ffd2429410100") + QUERY,
              "zstd-compressed data, not text: decompress it first (zstdcat)"))
    for name, data, said in kinds:
        rc, out, err = run("explain", "--no-config", "--schema", "s.sql", "-", cwd=tmp, stdin=data)
        check(f"1. explain - < {name}: one io error, exit 2", rc == 2 and out == b"" and
              err.decode() == f"keyplan: -: {said}\n", (rc, out, err))
        rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "-", cwd=tmp, stdin=data)
        check(f"1. lint - < {name}: one io error, exit 2", rc == 2 and err.decode() == f"keyplan: -: {said}\n" and
              out.decode() == f"\nkeyplan: the run failed, the report is incomplete: -: {said}\n", (rc, out, err))
    write(os.path.join(tmp, "w.sql"), kinds[3][1], "wb")   # a zstd file named .sql
    rc, out, err = run("lint", "--no-config", "--schema", "s.sql", "w.sql", cwd=tmp)
    check("1. lint of a zstd file named .sql: one io error, not SQL", rc == 2 and err.decode().startswith(
          f"keyplan: w.sql: {kinds[3][2]}\n"), (rc, out, err))
    # check --workload reads a gzip log by its name; from a pipe it cannot
    # (the log is read twice: its format, then its lines), and says so
    with open(os.path.join(tmp, "w.sql.gz"), "wb") as f:
        f.write(gzip.compress(QUERY))
    rc, out, err = run("check", "--no-config", "--schema", "s.sql", "--workload", "-", cwd=tmp,
                       stdin=gzip.compress(QUERY))
    check("1. check --workload - < gzip: one io error, exit 2", rc == 2 and
          f"keyplan: -: {kinds[0][2]}\n".encode() in err, (rc, out, err))
    rc, out, err = run("check", "--no-config", "--schema", "s.sql", "--workload", "w.sql.gz", cwd=tmp)
    check("1. check --workload w.sql.gz: read as a log, its statement planned", rc == 0 and
          b"w.sql.gz (shapes):2: SCAN (weight 1)" in out, (rc, out, err))

    # ---------------------------------------------- 2. standard output that cannot be written
    # rules, help, --version and every --help exited 0 with their output
    # lost: standard output is now checked once, for every command
    if FULL:
        for argv in (["rules", "--help"], ["rules"], ["rules", "KP001"], ["--help"], ["--version"],
                     ["help", "check"], ["explain", "--help"], ["digest", "--help"], ["simulate", "--help"],
                     ["lsp", "--help"]):
            with open("/dev/full", "wb") as full:
                rc, out, err = run(*argv, cwd=tmp, stdout=full)
            check(f"2. keyplan {' '.join(argv)} > /dev/full: a write error, exit 2", rc == 2 and
                  err == b"keyplan: <stdout>: write error\n", (rc, err))
        # digest says its own, once
        with open("/dev/full", "wb") as full:
            rc, out, err = run("digest", "q.sql", cwd=tmp, stdout=full)
        check("2. digest > /dev/full: its write error, once, exit 2", rc == 2 and
              err == b"keyplan digest: cannot write the output: No space left on device\n", (rc, err))
        with open("/dev/full", "wb") as full:
            rc, out, err = run("explain", "--no-config", "--schema", "s.sql", "q.sql", cwd=tmp, stdout=full)
        check("2. explain > /dev/full: said once, exit 2", rc == 2 and err == b"keyplan: <stdout>: write error\n",
              (rc, err))
    rc, out, err = run("rules", stdout=subprocess.DEVNULL)
    check("2. rules > /dev/null: exit 0", rc == 0 and err == b"", (rc, err))

    # ---------------------------------------------- 5. the language server's options
    # an unknown option printed the whole --help (16 lines): one line now,
    # naming it, as every other command's usage error is
    for arg, what in (("--bogus", "unknown option '--bogus'"), ("x\x1b[2J", "unexpected argument 'x<U+001B>[2J'")):
        rc, out, err = run("lsp", arg, cwd=tmp)
        check(f"5. lsp {arg!r}: one line, exit 2", rc == 2 and out == b"" and
              err.decode() == f"keyplan lsp: {what} (keyplan lsp --help lists the options)\n", (rc, out, err))

    # ---------------------------------------------- 3. a log line with no end
    # digest /dev/zero never ended (one line, read to its end); a binary
    # file named is one error, and standard input ends at an over-long line
    # of NUL bytes, said at the line where reading stopped
    if ZERO:
        rc, out, err = run("digest", "/dev/zero", cwd=tmp)
        check("3. digest /dev/zero: one error, exit 2", rc == 2 and out == b"" and
              err == b"keyplan digest: /dev/zero: a binary file (it holds NUL bytes), not a query log\n", (rc, out, err))
        with open("/dev/zero", "rb") as zero:
            rc, out, err = run("digest", "-", cwd=tmp, stdin=zero)
        check("3. digest - < /dev/zero: read no further at an over-long line of NUL bytes, said", rc == 0 and
              b"  -:2: damaged: NUL bytes in a line of over 16 MiB (not a log): the log is read no further\n" in out and
              b"skipped: damaged 1 too-long 1\n" in out, (rc, out[-600:], err))

    # ---------------------------------------------- 4. a baseline's numbers
    # "count": 1e400 was read as 1 (strtoull stopped at the e), 1.5 as 1,
    # "5" as absent: each is refused at its line, naming the field
    write(os.path.join(tmp, "t.sql"), b"CREATE TABLE t (a VARCHAR(8) PRIMARY KEY, b INT);\n", "wb")
    write(os.path.join(tmp, "scan.sql"), b"SELECT * FROM t WHERE b = 1;\n", "wb")
    rc, out, err = run("lint", "--no-config", "--schema", "t.sql", "scan.sql", "--write-baseline", "b.json", cwd=tmp)
    with open(os.path.join(tmp, "b.json"), "rb") as f:
        base = f.read()
    check("4. the baseline written has a count", rc == 0 and b'"count": 1,' in base, (rc, base, err))
    for value, said in ((b"1e400", "count '1e400' is not an integer 1 to 1000000"),
                        (b"1.5", "count '1.5' is not an integer 1 to 1000000"),
                        (b'"5"', "count '\"5\"' is not an integer 1 to 1000000"),
                        (b"-3", "count '-3' is not an integer 1 to 1000000"),
                        (b"0", "count 0 is not 1 to 1000000"),
                        (b"1000001", "count 1000001 is not 1 to 1000000")):
        write(os.path.join(tmp, "b2.json"), base.replace(b'"count": 1,', b'"count": ' + value + b","), "wb")
        rc, out, err = run("lint", "--no-config", "--schema", "t.sql", "scan.sql", "--baseline", "b2.json", cwd=tmp)
        check(f"4. a baseline count of {value.decode()}: refused at its line, exit 2", rc == 2 and
              err.decode() == f"keyplan: b2.json:2: malformed baseline entry: {said}\n", (rc, err))
    write(os.path.join(tmp, "b2.json"), base.replace(b'"line": 1,', b'"line": 1e9,'), "wb")
    rc, out, err = run("lint", "--no-config", "--schema", "t.sql", "scan.sql", "--baseline", "b2.json", cwd=tmp)
    check("4. a baseline line of 1e9: refused", rc == 2 and err.decode() ==
          "keyplan: b2.json:2: malformed baseline entry: line '1e9' is not a non-negative integer\n", (rc, err))
    write(os.path.join(tmp, "b2.json"), base.replace(b'"count": 1,', b'"count": 2,'), "wb")
    rc, out, err = run("lint", "--no-config", "--schema", "t.sql", "scan.sql", "--baseline", "b2.json", cwd=tmp)
    check("4. a baseline count of 2: read (the finding it holds is silenced)", rc == 0, (rc, out, err))

kptest.finish()
