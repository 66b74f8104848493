"""What every Python test of keyplan shares: its arguments, running the
binary, counting checks, temporary files, and the closing line.

A test reads its arguments once, checks, and finishes:

    import kptest
    from kptest import check
    KEYPLAN, SRC, DATA = kptest.args()
    rc, out, err = kptest.run("explain", "-e", "SELECT 1")
    check("SELECT 1 has no table", rc == 0 and out == "<command line>:1:1: SELECT: no table, no plan\\n", out + err)
    kptest.finish()

finish() prints "N passed, N failed" (the line CI reads) and exits 1 if a
check failed."""
import contextlib
import os
import subprocess
import sys
import tempfile

KEYPLAN = SRC = DATA = None
passed = failed = 0

# what makes keyplan's output depend on where it runs: colour and the SARIF root
OUTPUT_ENV = ("NO_COLOR", "CLICOLOR_FORCE", "GITHUB_WORKSPACE")


def args(binary=True):
    """The command line: KEYPLAN SOURCE_DIR (SOURCE_DIR with binary=False),
    as absolute paths, and the test data folder inside the repository
    (SOURCE_DIR/tests/data: the SARIF 2.1.0 schema). Nothing outside the
    repository is read."""
    global KEYPLAN, SRC, DATA
    argv = sys.argv[1:]
    want = "KEYPLAN SOURCE_DIR" if binary else "SOURCE_DIR"
    if len(argv) != (2 if binary else 1):
        sys.exit(f"usage: {os.path.basename(sys.argv[0])} {want}")
    if binary:
        KEYPLAN = os.path.abspath(argv.pop(0))
    SRC = os.path.abspath(argv.pop(0))
    DATA = os.path.join(SRC, "tests", "data")
    return (KEYPLAN, SRC, DATA) if binary else (SRC, DATA)


def run(*argv, cwd=None, env=None, stdin=None, timeout=60, plain=False):
    """Runs KEYPLAN with argv; returns (exit code, stdout, stderr), decoded.
    env adds to this process's environment (a value of None removes the
    variable); plain removes the variables that change keyplan's output
    (OUTPUT_ENV) first. stdin is bytes."""
    e = dict(os.environ)
    if plain:
        for k in OUTPUT_ENV:
            e.pop(k, None)
    for k, v in (env or {}).items():
        if v is None:
            e.pop(k, None)
        else:
            e[k] = v
    p = subprocess.run([KEYPLAN, *argv], cwd=cwd, env=e, input=stdin, capture_output=True, timeout=timeout)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def check(name, cond, detail=""):
    """Counts one check; a failed one prints its name and detail (the first
    1,000 and last 2,000 characters of a long one)."""
    global passed, failed
    if cond:
        passed += 1
        return True
    failed += 1
    detail = str(detail)
    if len(detail) > 3000:
        detail = detail[:1000] + "\n[...]\n" + detail[-2000:]
    print(f"FAIL {name}\n{detail}")
    return False


def write(path, text, mode="w"):
    """Writes text (bytes with mode "wb") to path, making its folders."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, mode, **({} if "b" in mode else {"encoding": "utf-8"})) as f:
        f.write(text)
    return path


def tempdir():
    """A temporary folder, removed with everything in it: `with tempdir() as d:`."""
    return tempfile.TemporaryDirectory(prefix="kptest-")


@contextlib.contextmanager
def temp_file(text, suffix=".sql", dir=None):
    """A temporary file holding text (str or bytes), removed afterwards:
    `with temp_file(sql) as path:`."""
    fd, path = tempfile.mkstemp(suffix=suffix, prefix="kptest-", dir=dir)
    with os.fdopen(fd, "wb") as f:
        f.write(text.encode("utf-8") if isinstance(text, str) else text)
    try:
        yield path
    finally:
        os.unlink(path)


def finish():
    """Prints the summary line and exits: 1 if any check failed (or none ran)."""
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed or not passed else 0)
