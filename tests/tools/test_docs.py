#!/usr/bin/env python3
"""The help, the man page and the README against the binary: every option
a command's parser takes is in that command's --help and in the man page's
OPTIONS, whose entry names exactly the commands that take it; every option
a --help lists is taken; every command the dispatcher knows is listed; the
README's example runs print the lines it shows; the man page's examples
run on a fixture made of the bundled examples."""
import glob
import gzip
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kptest
from kptest import check, run

KEYPLAN, SRC, DATA = kptest.args()


def read(*path):
    with open(os.path.join(SRC, *path)) as f:
        return f.read()


# ------------------------------------------------ the commands the dispatcher knows
main_c = read("tools", "keyplan.c")
ALIASES = {"version"}   # keyplan version: -V's other spelling, in -V's man entry
commands = [c for c in re.findall(r'!strcmp\(cmd, "([a-z]+)"\)', main_c) if c not in ALIASES]
check("the dispatcher knows the nine commands",
      sorted(commands) == sorted(["help", "explain", "lint", "check", "rules", "digest", "simulate", "repl", "lsp"]),
      commands)
for alias in ALIASES:
    rc, out, err = run(alias)
    check(f"keyplan {alias} runs", rc == 0 and out.startswith("keyplan "), out + err)

rc, top, err = run("--help")
check("keyplan --help exits 0", rc == 0, err)
man = read("docs", "keyplan.1")
plain_man = man.replace("\\-", "-").replace("\\&", "").replace("\\fB", "").replace("\\fR", "")
man_commands = plain_man.split(".SH COMMANDS")[1].split(".SH ")[0]
for cmd in commands:
    check(f"keyplan --help lists {cmd}", re.search(rf"^  {cmd}  ", top, re.M) is not None, top)
    check(f"the man page's COMMANDS has {cmd}", f".TP\n.B {cmd}\n" in man_commands, cmd)
    check(f"the man page's SYNOPSIS has keyplan {cmd}",
          re.search(rf"^\.B keyplan (\[repl\]|{cmd})\b", plain_man.split(".SH DESCRIPTION")[0], re.M) is not None
          or (cmd == "repl" and ".RB [ repl ]" in plain_man), cmd)
rc, _, err = run("frobnicate")
check("an unknown command: exit 2, one line naming every command",
      rc == 2 and err.count("\n") == 1 and all(re.search(rf"\b{c}\b", err) for c in commands if c != "help"), err)
rc, _, err = run("help", "frobnicate")
check("keyplan help of an unknown command: exit 2, one line naming every command",
      rc == 2 and err.count("\n") == 1 and all(re.search(rf"\b{c}\b", err) for c in commands), err)

# ------------------------------------------------ the options every parser takes
PARSERS = ["tools/cli.c", "tools/digest/digest_cmd.c", "tools/simulate/sim_cmd.c", "tools/lsp/server.c",
           "tools/cmd_rules.c", "tools/cmd_repl.c", "tools/cmd_lint.c", "tools/cmd_explain.c"]
options = {"-e", "-h", "-V"}
for p in PARSERS:
    options |= set(re.findall(r'"(--[a-z][a-z-]+)"', read(p)))

REFUSED = re.compile(r"(unknown option|unknown rule|unknown command) '(?P<o>[^']*)'|option '(?P<p>[^']*)' does not apply")


def takes(cmd, opt, tmp):
    """Does cmd's parser take opt? Its value is a word that is no file,
    rule or format, so a run that takes it fails later, on the value."""
    p = subprocess.run([KEYPLAN, cmd, opt, "x"], cwd=tmp, input=b"", capture_output=True, timeout=60,
                       env=dict(os.environ, HOME=tmp, XDG_STATE_HOME=tmp))
    err = p.stderr.decode()
    m = REFUSED.search(err)
    if m and opt in (m.group("o"), m.group("p")):
        # (keyplan lsp prints its whole --help after the line: tools/lsp is
        # another engineer's, reported to the lead)
        check(f"keyplan {cmd} {opt}: a usage error, one line, exit 2",
              p.returncode == 2 and (err.count("\n") == 1 or cmd == "lsp") and err.startswith(f"keyplan {cmd}: "),
              err)
        return False
    return True


taken = {}   # option -> the commands that take it
with kptest.tempdir() as tmp:
    for cmd in commands:
        for opt in sorted(options):
            if takes(cmd, opt, tmp):
                taken.setdefault(opt, set()).add(cmd)
check("the shell refuses --report-unused-ignores (it has no report)", "repl" not in taken.get("--report-unused-ignores", ()),
      taken.get("--report-unused-ignores"))
check("every command takes -h and --help", taken.get("-h") == set(commands) and taken.get("--help") == set(commands),
      taken.get("--help"))

# each command's --help lists exactly the options its parser takes
HELP_OPT = re.compile(r"^  (?:(-[a-zA-Z]), )?(--[a-z][a-z-]+)", re.M)
for cmd in commands:
    rc, out, err = run(cmd, "--help")
    check(f"keyplan {cmd} --help exits 0", rc == 0 and out.startswith("usage: keyplan"), out + err)
    rc2, out2, _ = run("help", cmd)
    check(f"keyplan help {cmd} is keyplan {cmd} --help", rc2 == 0 and out2 == (out if cmd != "help" else top), out2)
    if cmd == "help":
        continue
    check(f"keyplan {cmd} --help states its exit status", "\nexit status: " in out, out)
    wide = [l for l in out.splitlines() if len(l) > 80]
    check(f"keyplan {cmd} --help fits 80 columns", not wide, wide)
    listed = set()
    for short, long in HELP_OPT.findall(out):
        listed |= {long} | ({short} if short else set())
    takes_here = {o for o, cmds in taken.items() if cmd in cmds and o != "-V"}
    check(f"keyplan {cmd} --help lists every option its parser takes", takes_here <= listed,
          sorted(takes_here - listed))
    check(f"keyplan {cmd} takes every option its --help lists", listed <= takes_here, sorted(listed - takes_here))

# the man page's OPTIONS: one entry per option, naming exactly the commands that take it
opts_sect = man.split(".SH OPTIONS")[1].split("\n.SH ")[0]
entries = {}
for m in re.finditer(r"^\.TP\n\.BI? \"?([^\n]*)\n(.*?)(?=^\.TP|\Z)", opts_sect, re.M | re.S):
    head = m.group(1).replace("\\-", "-").replace('"', "")
    names = re.findall(r"(?<![\w-])(--?[a-zA-Z][a-z-]*)", head.split(" ")[0] + " " + " ".join(
        w for w in head.split(" ")[1:] if w.startswith("-")))
    body = m.group(2).replace("\\-", "-")
    scope = re.match(r"\(([^)]*)\)", body)
    for n in names:
        entries[n] = scope.group(1) if scope else None
for opt, cmds in sorted(taken.items()):
    if not check(f"the man page's OPTIONS has {opt}", opt in entries, sorted(entries)):
        continue
    scope = entries[opt]
    if opt in ("-h", "--help"):
        check(f"the man page says {opt} is every command's", scope == "every command", scope)
        continue
    named = set(scope.split(";")[0].split(", ")) if scope else set()
    check(f"the man page's {opt} names the commands that take it", named == cmds,
          f"man: {sorted(named)}, parsers: {sorted(cmds)}")
for opt in entries:
    check(f"the man page's {opt} is an option keyplan takes", opt in taken or opt in ("-V", "--version"), opt)
for opt in ("-V", "--version"):
    rc, out, err = run(opt)
    check(f"keyplan {opt} prints the version", rc == 0 and re.fullmatch(r"keyplan \S+\n", out) is not None, out + err)
    check(f"keyplan --help lists {opt}", re.search(rf"^  (-V, )?{opt}\b|^  -V, --version", top, re.M) is not None, top)


# ------------------------------------------------ the README's example runs
def shown_in(lines, out, err):
    """Each line shown (a line "[...]" leaves some out, "(...)" a part of
    one) is a line of standard output or standard error, in order within
    each; returns the first line that is not, or None."""
    streams = [out.splitlines(), err.splitlines()]
    at = [0, 0]
    for line in lines:
        if line.strip() == "[...]":
            continue
        pat = re.compile("^" + ".*".join(re.escape(p) for p in line.split("(...)")) + "$")
        for k in (0, 1):
            hit = next((i for i in range(at[k], len(streams[k])) if pat.match(streams[k][i])), None)
            if hit is not None:
                at[k] = hit + 1
                break
        else:
            return line
    return None


readme = read("README.md")
runs = re.findall(r"^```\n\$ build/keyplan ([^\n]*)\n(.*?)^```", readme, re.M | re.S)
check("the README shows three example runs", len(runs) >= 3, runs)
for cmdline, shown in runs:
    argv = shlex.split(cmdline)
    rc, out, err = run(*argv, cwd=SRC, plain=True, env={"NO_COLOR": "1"})
    missing = shown_in(shown.splitlines(), out, err)
    check(f"README: keyplan {cmdline} prints what the README shows", rc in (0, 1) and missing is None,
          f"not printed: {missing!r}\n{out}{err}")


# ------------------------------------------------ the man page's examples, on a fixture
examples = [" ".join(line.split()).replace("\\-", "-")
            for line in man.split(".SH EXAMPLES")[1].split(".SH ")[0].splitlines() if line.startswith("  keyplan ")]
check("the man page has its examples", len(examples) >= 12, examples)
have_git = shutil.which("git") is not None
with kptest.tempdir() as tmp:
    schema = read("examples", "schema.sql")
    queries = read("examples", "queries.sql")
    kptest.write(os.path.join(tmp, "db", "schema.sql"), schema)
    # the config the CI examples rely on for their schema
    kptest.write(os.path.join(tmp, ".keyplan"), "[keyplan]\nschema = db/schema.sql\n")
    kptest.write(os.path.join(tmp, "old.sql"), schema)
    kptest.write(os.path.join(tmp, "new.sql"), schema)
    kptest.write(os.path.join(tmp, "queries", "q.sql"), queries)
    kptest.write(os.path.join(tmp, "queries.sql"), queries)
    os.makedirs(os.path.join(tmp, "logs"))
    for day in ("mon", "tue"):
        with gzip.open(os.path.join(tmp, "logs", f"{day}.log.gz"), "wt") as f:
            f.write("SELECT * FROM orders WHERE userid = 'a';\nSELECT * FROM orders WHERE orderid = 7;\n")
    if have_git:
        g = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t",
                 GIT_COMMITTER_EMAIL="t@t")
        for a in (["init", "-q"], ["add", "."], ["commit", "-qm", "start"], ["update-ref", "refs/remotes/origin/main", "HEAD"]):
            subprocess.run(["git", *a], cwd=tmp, env=g, check=True, capture_output=True)
    # the other shard the merge example names
    rc, out, err = run("digest", "--format", "json", "logs/tue.log.gz", cwd=tmp, plain=True)
    kptest.write(os.path.join(tmp, "tue.json"), out)
    for ex in examples:
        argv = shlex.split(ex)[1:]
        if "--diff" in argv and not have_git:
            continue
        # the shell expands the globs, and > writes the file
        out_path = None
        if ">" in argv:
            out_path = argv[argv.index(">") + 1]
            argv = argv[:argv.index(">")]
        words = []
        for a in argv:
            words += sorted(os.path.relpath(p, tmp) for p in glob.glob(os.path.join(tmp, a))) if "*" in a and " " not in a else [a]
        rc, out, err = run(*words, cwd=tmp, plain=True)
        if out_path:
            kptest.write(os.path.join(tmp, out_path), out)
        if words[0] in ("rules", "help", "digest") or "--write-baseline" in words or "--exit-zero" in words:
            want = (0,)
        else:
            want = (0, 1)
        check(f"man page example runs: {ex}", rc in want and "--help lists the options" not in err,
              f"exit {rc}\n{err}")


# ------------------------------------------------ docs/plan-json.md's examples, run
# Each example block, in order, with the statement the text before it names
# (its schema: examples/schema.sql's orders, or the tables the text describes).
import jsonschema   # python3-jsonschema (tools/bootstrap.sh)
with open(os.path.join(SRC, "docs", "schemas", "plan.schema.json")) as f:
    _sch = json.load(f)
PLAN_SCHEMA = jsonschema.validators.validator_for(_sch)(_sch)
PLAN_EXAMPLES = [
    ("lindorm", "SELECT * FROM orders WHERE userid = 'abc' AND orderid = 123"),
    ("lindorm", "SELECT * FROM orders WHERE userid = 'abc' AND 123 < orderid < 456"),
    ("lindorm", "SELECT * FROM orders WHERE userid = 'abc' AND amount > 10"),
    ("lindorm", "SELECT * FROM orders WHERE orderid = 123"),
    ("tablestore", "SELECT * FROM ts WHERE c = 1 AND a > 1"),
    ("lindorm", "SELECT * FROM t3 WHERE p1 IN (3, 1) AND p2 > 7"),
]
plan_doc = read("docs", "plan-json.md").split("## Examples")[1].split("\n## ")[0]
blocks = re.findall(r"```json\n(.*?)\n```", plan_doc, re.S)
check("docs/plan-json.md: one statement for each example", len(blocks) == len(PLAN_EXAMPLES), len(blocks))
with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "s.sql"), read("examples", "schema.sql") +
                 "CREATE TABLE ts (a INT, b INT, c INT, d INT, PRIMARY KEY (a, b));\n"
                 "CREATE INDEX ts_c ON ts (c, a, b);\n"
                 "CREATE TABLE t3 (p1 INT, p2 INT, p3 INT, PRIMARY KEY (p1, p2, p3));\n")
    for block, (target, sql) in zip(blocks, PLAN_EXAMPLES):
        text = block.replace(", ...,", ",")
        doc = json.loads(text if text.startswith("{") else "{" + text + "}")
        rc, out, err = run("explain", "--no-config", "--target", target, "--schema", "s.sql", "--format", "json",
                           "-e", sql, cwd=tmp)
        got = json.loads(out) if out else {}
        errors = [e.message for e in PLAN_SCHEMA.iter_errors(got)]
        check(f"docs/plan-json.md: {sql}: the output validates against plan.schema.json", not errors, errors[:3])
        if "file" in doc:
            got["file"] = doc["file"]   # the example is of a file q.sql
        differ = {k: (v, got.get(k)) for k, v in doc.items() if got.get(k) != v}
        check(f"docs/plan-json.md: {sql} (--target {target}) gives the fields shown", out and not differ,
              differ or err)


# ------------------------------------------------ docs/lint-json.md's example, run
lint_doc = read("docs", "lint-json.md")
ex = json.loads(re.search(r"```json\n(.*?)\n```", lint_doc, re.S).group(1))
rc, out, err = run("lint", "--no-config", "--schema", "examples/schema.sql", "examples/queries.sql", "--format", "json",
                   cwd=SRC)
got = json.loads(out) if out else {}
shown = ex["diagnostics"][0]
real = [d for d in got.get("diagnostics", []) if (d["file"], d["line"]) == (shown["file"], shown["line"])]
if real:
    pat = "^" + ".*".join(re.escape(p) for p in shown["message"].split("(...)")) + "$"
    check("docs/lint-json.md: the example's message is lint's", re.match(pat, real[0]["message"]) is not None,
          real[0]["message"])
    differ = {k: (v, real[0].get(k)) for k, v in shown.items() if k != "message" and real[0].get(k) != v}
    check("docs/lint-json.md: the example's fields are lint's", not differ, differ)
check("docs/lint-json.md: the example is lint's output on the examples",
      real and ex["version"] == got.get("version") and list(ex) == list(got), out[:500] + err)


# ------------------------------------------------ the rule pages' example runs
with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "schema.sql"), read("examples", "schema.sql"))
    for page in sorted(glob.glob(os.path.join(SRC, "docs", "rules", "KP*.md"))):
        text = open(page).read()
        for cmdline, shown in re.findall(r"^```\n\$ keyplan ([^\n]*)\n(.*?)^```", text, re.M | re.S):
            rc, out, err = run(*shlex.split(cmdline), cwd=tmp, plain=True, env={"NO_COLOR": "1"})
            lines = [l for l in shown.splitlines() if l.strip()]
            missing = shown_in(lines, out, err)
            check(f"{os.path.basename(page)}: keyplan {cmdline} prints what the page shows", missing is None,
                  f"not printed: {missing!r}\n{out}{err}")


# ------------------------------------------------ a file that cannot be read: one line naming it, exit 2
with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "s.sql"), read("examples", "schema.sql"))
    kptest.write(os.path.join(tmp, "q.sql"), "SELECT * FROM orders WHERE userid = 'a';\n")
    for argv in (("explain", "--schema", "s.sql", "missing.sql"),
                 ("explain", "--schema", "missing.sql", "q.sql"),
                 ("lint", "--schema", "s.sql", "missing.sql"),
                 ("check", "--schema", "missing.sql"),
                 ("check", "--schema", "s.sql", "--workload", "missing.sql"),
                 ("repl", "--schema", "missing.sql"),
                 ("digest", "missing.sql"),
                 ("digest", "--schema", "missing.sql", "q.sql"),
                 ("simulate", "--schema", "missing.sql", "--workload", "q.sql"),
                 ("simulate", "--schema", "s.sql", "--workload", "missing.sql")):
        rc, out, err = run(*argv, *(("--no-config",) if argv[0] in ("explain", "lint", "check", "repl") else ()),
                           cwd=tmp, stdin=b"", plain=True)
        check(f"keyplan {' '.join(argv)}: exit 2, one line on standard error naming the file",
              rc == 2 and err.count("\n") == 1 and re.match(r"keyplan( [a-z]+)?: missing\.sql: ", err) is not None,
              f"exit {rc}\n{err}")


# ------------------------------------------------ docs/*-json.md name every field the output and the schema have
def fields(o, out):
    """Every key of a JSON value, at any depth."""
    if isinstance(o, dict):
        for k, v in o.items():
            out.add(k)
            fields(v, out)
    elif isinstance(o, list):
        for x in o:
            fields(x, out)
    return out


def schema_fields(sch, out):
    """Every property a JSON Schema names, at any depth."""
    if isinstance(sch, dict):
        for k, v in sch.items():
            if k == "properties" and isinstance(v, dict):
                out |= set(v)
            schema_fields(v, out)
    elif isinstance(sch, list):
        for x in sch:
            schema_fields(x, out)
    return out


with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "x.log"), "SELECT * FROM orders WHERE userid = 'a';\n"
                 "SELECT * FROM orders WHERE orderid = 1;\nnot a statement\n")
    S, Q = os.path.join(SRC, "examples", "schema.sql"), os.path.join(SRC, "examples", "queries.sql")
    outputs = {
        "plan": [json.loads(l) for l in run("explain", "--no-config", "--schema", S, "--format", "json", Q)[1].splitlines()],
        "lint": json.loads(run("lint", "--no-config", "--schema", S, "--format", "json", Q)[1] or "{}"),
        "digest": json.loads(run("digest", "--schema", S, "--format", "json", "x.log", cwd=tmp)[1] or "{}"),
        "simulate": json.loads(run("simulate", "--schema", S, "--workload", Q, "--format", "json")[1] or "{}"),
    }
    for name, out in outputs.items():
        doc = read("docs", f"{name}-json.md")
        words = set(re.findall(r"[`\"]([A-Za-z_][A-Za-z0-9_-]*)[`\"]", doc))
        got = fields(out, set())
        check(f"docs/{name}-json.md: its output has fields", len(got) > 5, out)
        check(f"docs/{name}-json.md names every field of the output", got <= words, sorted(got - words))
        with open(os.path.join(SRC, "docs", "schemas", f"{name}.schema.json")) as f:
            sch = schema_fields(json.load(f), set())
        check(f"docs/{name}-json.md names every property of its schema", sch <= words, sorted(sch - words))


# ------------------------------------------------ the shell's dot-commands: .help and the man page
rc, out, err = run("repl", "--no-config", stdin=b".help\n")
dots = re.findall(r"^(\.[a-z]+)", out, re.M)
man_repl = plain_man.split(".B repl\n")[1].split(".TP")[0]
named = re.findall(r"(?<![\w.])(\.[a-z]+)\b", man_repl.split("dot-commands:")[1].split("\n.tenant ID")[0])
check("the shell's .help lists its dot-commands", rc == 0 and len(dots) >= 10, out + err)
check("the man page names the dot-commands .help lists", named == dots, f"man: {named}\n.help: {dots}")


# ------------------------------------------------ the synopsis at the top of a command's own page
for cmd, page in (("digest", "digest.md"), ("simulate", "simulate.md")):
    block = re.search(r"```\n(keyplan " + cmd + r" .*?)```", read("docs", page), re.S)
    syn = set(re.findall(r"(--[a-z][a-z-]+)", block.group(1))) if block else set()
    own = {o for o, cmds in taken.items() if cmd in cmds and o.startswith("--") and o != "--help"}
    check(f"docs/{page}'s synopsis shows every option of keyplan {cmd}", own <= syn, sorted(own - syn))


# ------------------------------------------------ keyplan help RULE, as the man page says
rc, out, err = run("help", "full-scan")
rc2, out2, _ = run("rules", "KP001")
check("keyplan help full-scan is keyplan rules KP001", rc == 0 and out == out2 and out.startswith("# KP001 full-scan"),
      out[:200] + err)
check("the man page says keyplan help RULE", "keyplan help RULE" in plain_man, "")


# ------------------------------------------------ the distributions check's --help and the man page name
def kinds(text):
    m = re.search(r"-- distribution: COLUMN\s+([a-z|\[\]A-Z \n-]+?)\s*\(docs/annotations", text)
    return [k.split()[0] for k in " ".join(m.group(1).split()).split("|")] if m else []


rc, out, err = run("check", "--help")
help_kinds = kinds(out)
man_check = plain_man.split(".B check\n")[1].split(".TP")[0]
check("check --help and the man page name the same distributions", help_kinds and help_kinds == kinds(man_check),
      f"{help_kinds} / {kinds(man_check)}")
with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "q.sql"), "SELECT * FROM t WHERE a = 1;\n")
    for kind in help_kinds + ["bogus"]:
        arg = {"zipfian": "zipfian 0.9", "fixed": "fixed 3"}.get(kind, kind)
        kptest.write(os.path.join(tmp, "s.sql"), f"-- distribution: a {arg}\n"
                     "CREATE TABLE t (a BIGINT, b BIGINT, PRIMARY KEY (a, b));\n")
        rc, out, err = run("check", "--no-config", "--schema", "s.sql", "--workload", "q.sql", cwd=tmp, plain=True)
        check(f"check reads -- distribution: a {arg}" if kind != "bogus" else "check warns of an unknown distribution",
              ("KP022" in out + err) == (kind == "bogus") and rc in (0, 1), out + err)


# ------------------------------------------------ docs/limits.md's values are the code's
headers = "".join(open(h).read() for h in glob.glob(os.path.join(SRC, "*", "*.h")))
rows = re.findall(r"^\| [^|]+ \| ([^|]+) \| `(KP_[A-Z_]+)`", read("docs", "limits.md"), re.M)
check("docs/limits.md names its limits' macros", len(rows) >= 7, rows)
for value, macro in rows:
    m = re.search(rf"#define {macro}\s+(\(?(\d+)u?\s*<<\s*(\d+)\)?|\d+)", headers)
    code = (int(m.group(2)) << int(m.group(3)) if m.group(2) else int(m.group(1))) if m else None
    n = re.match(r"([\d,]+)\s*(MiB|KiB)?", value.strip())
    doc = int(n.group(1).replace(",", "")) * {"MiB": 1 << 20, "KiB": 1 << 10, None: 1}[n.group(2)] if n else None
    check(f"docs/limits.md: {macro} is {value.split('(')[0].strip()}", code is not None and code == doc, f"{code} / {doc}")


# ------------------------------------------------ the man page's configuration example: every setting, and it loads
conf = man.split(".SH CONFIGURATION")[1].split(".SH ")[0]
example = conf.split(".nf\n")[1].split(".fi")[0]
with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, ".keyplan"), "[keyplan]\nbogus = 1\n")
    rc, out, err = run("lint", "-e", "SELECT 1", cwd=tmp, plain=True)
    m = re.search(r"unknown setting 'bogus' in \[keyplan\] \(([^)]*)\)", err)
    settings = m.group(1).split(", ") if m else []
    shown = re.findall(r"^([a-z-]+) =", example.split("[rules]")[0], re.M)
    check("the man page's configuration example shows every setting [keyplan] takes",
          settings and sorted(shown) == sorted(settings), f"man: {shown}\nkeyplan: {settings}")
    kptest.write(os.path.join(tmp, ".keyplan"), example)
    kptest.write(os.path.join(tmp, "db", "schema.sql"), read("examples", "schema.sql"))
    rc, out, err = run("lint", "--config", ".keyplan", "-e", "SELECT * FROM orders WHERE userid = 'a'",
                       cwd=tmp, plain=True)
    check("the man page's configuration example loads as it stands",
          rc == 0 and err == "", f"exit {rc}\n{out}{err}")
    ini = re.search(r"```ini\n(.*?)```", readme, re.S)
    kptest.write(os.path.join(tmp, ".keyplan"), "\n".join(l.strip() for l in ini.group(1).splitlines()) if ini else "")
    rc, out, err = run("lint", "--config", ".keyplan", "-e", "SELECT * FROM orders WHERE userid = 'a'", cwd=tmp, plain=True)
    check("the README's .keyplan example loads as it stands", ini and rc == 0 and err == "", f"exit {rc}\n{out}{err}")


# ------------------------------------------------ a bad value: one line naming it, exit 2
CHECKED_VALUES = {"--color", "--fail-on", "--format", "--ignore", "--lang", "--select", "--target", "--log-format",
                  "--sample-rate", "--top", "--top-values", "--balance", "--hours", "--rate", "--region-size", "--seed",
                  "--servers", "--steps"}
for opt in sorted(CHECKED_VALUES):
    check(f"{opt} is an option keyplan takes", opt in taken, opt)
    for cmd in sorted(taken.get(opt, ())):
        for form in ((opt, "bogus"), (opt + "=bogus",)):
            rc, out, err = run(cmd, *form, stdin=b"")
            check(f"keyplan {cmd} {' '.join(form)}: exit 2, one line naming the value",
                  rc == 2 and err.count("\n") == 1 and err.startswith(f"keyplan {cmd}: ") and "'bogus'" in err, err)


# ------------------------------------------------ an empty folder: an error of its own, exit 2
with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "s.sql"), read("examples", "schema.sql"))
    kptest.write(os.path.join(tmp, "q.sql"), "SELECT * FROM orders WHERE userid = 'a';\n")
    os.makedirs(os.path.join(tmp, "empty"))
    for argv in (("explain", "--no-config", "--schema", "s.sql", "empty"),
                 ("lint", "--no-config", "--schema", "s.sql", "empty"),
                 ("check", "--no-config", "--schema", "empty"),
                 ("check", "--no-config", "--schema", "s.sql", "--workload", "empty"),
                 ("repl", "--no-config", "--schema", "empty"),
                 ("simulate", "--schema", "empty", "--workload", "q.sql"),
                 ("simulate", "--schema", "s.sql", "--workload", "empty")):
        rc, out, err = run(*argv, cwd=tmp, stdin=b"", plain=True)
        check(f"keyplan {' '.join(argv)}: exit 2, one line naming the empty folder",
              rc == 2 and err.count("\n") == 1 and re.match(r"keyplan( simulate)?: empty: no \.sql files", err) is not None,
              f"exit {rc}\n{err}")
    rc, out, err = run("digest", "--schema", "empty", "q.sql", cwd=tmp, plain=True)
    check("keyplan digest --schema of a folder: exit 2, one line saying it takes a file",
          rc == 2 and out == "" and err.startswith("keyplan digest: empty: a folder: --schema takes a file") and
          err.count("\n") == 1, f"exit {rc}\n{out}{err}")
    rc, out, err = run("digest", "empty", cwd=tmp, plain=True)
    check("keyplan digest of a folder: exit 2, one line naming it",
          rc == 2 and out == "" and err == "keyplan digest: empty: a folder, not a log (name its files: empty/*.log)\n",
          f"exit {rc}\n{out}{err}")


# ------------------------------------------------ a value past its bound: the error and the man page say the same range
for cmd, opt, past, bound in (("digest", "--top", "1000001", "1 to 1000000"), ("digest", "--top-values", "1001", "1 to 1000"),
                              ("simulate", "--steps", "2001", "1 to 2000"), ("simulate", "--servers", "1001", "1 to 1000")):
    rc, out, err = run(cmd, opt, past, stdin=b"")
    entry = re.search(rf"^\.BI {re.escape(opt.replace('-', chr(92) + '-'))} .*?\n(.*?)(?=^\.TP)", man, re.M | re.S)
    check(f"keyplan {cmd} {opt} {past}: refused, naming {bound}", rc == 2 and bound in err, err)
    check(f"the man page gives {opt} the range {bound}", entry is not None and bound in entry.group(1),
          entry.group(1) if entry else opt)


# ------------------------------------------------ each rule page's example, where it is a whole input, fires its rule
# (on examples/schema.sql and the table t(p1, p2, p3, b) the pages use; an
# example with DDL is also checked as schema and workload). These pages show
# a fragment (a key clause, a statement of an unnamed schema, a migration in
# prose) that is no input on its own, or a rule the workload's values fire (KP106: a file given
# as the schema is no workload of its own):
FRAGMENTS = {"KP021", "KP023", "KP024", "KP036", "KP104", "KP106", "KP107", "KP110", "KP120", "KP121", "KP122",
             "KP130", "KP131", "KP132", "KP133", "KP134"}
with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "t.sql"), "CREATE TABLE t (p1 INT, p2 INT, p3 INT, b INT, PRIMARY KEY (p1, p2, p3));\n")
    for page in sorted(glob.glob(os.path.join(SRC, "docs", "rules", "KP*.md"))):
        rid = os.path.basename(page)[:-3]
        m = re.search(r"```(\w*)\n(.*?)```", open(page).read().split("## Example")[-1], re.S)
        if rid in FRAGMENTS or not m:
            check(f"{rid}: a page without a runnable example is listed as such", rid in FRAGMENTS, rid)
            continue
        ext = {"sql": "sql", "java": "java", "python": "py", "go": "go", "kotlin": "kt", "xml": "xml"}.get(m.group(1))
        if not check(f"{rid}: its example is in a language keyplan reads", ext is not None, m.group(1)):
            continue
        ex = os.path.join(tmp, "ex." + ext)
        kptest.write(ex, m.group(2))
        fired = None
        for target in ("lindorm", "phoenix", "tablestore", "generic"):
            runs = [("lint", "--target", target, "--schema", os.path.join(SRC, "examples", "schema.sql"),
                     "--schema", "t.sql", "--format", "json", ex)]
            if "CREATE" in m.group(2).upper():
                runs.append(("check", "--target", target, "--schema", ex, "--workload", ex, "--format", "json"))
            for argv in runs:
                rc, out, err = run(argv[0], "--no-config", *argv[1:], cwd=tmp, plain=True)
                if f'"rule": "{rid}"' in out:
                    fired = (target, argv[0])
                    break
            if fired:
                break
        check(f"{rid}: its page's example fires it", fired is not None, m.group(2))


# ------------------------------------------------ the man page renders without a warning (when groff is installed)
if shutil.which("groff"):
    p = subprocess.run(["groff", "-man", "-ww", "-z", os.path.join(SRC, "docs", "keyplan.1")], capture_output=True,
                       timeout=60)
    check("groff -man -ww renders docs/keyplan.1 without a warning", p.returncode == 0 and not p.stderr, p.stderr.decode())


# ------------------------------------------------ FILES AND PATHS: a schema folder applies in migration order, for every command
with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "mig", "V2__create.sql"), "CREATE TABLE ev (ts BIGINT, id BIGINT, PRIMARY KEY (ts, id));\n")
    kptest.write(os.path.join(tmp, "mig", "V10__add.sql"), "ALTER TABLE ev ADD v BIGINT;\n")
    kptest.write(os.path.join(tmp, "w.sql"), "INSERT INTO ev (ts, id, v) VALUES (1, 2, 3);\n")
    for argv in (("explain", "--no-config", "--schema", "mig", "w.sql"), ("lint", "--no-config", "--schema", "mig", "w.sql"),
                 ("check", "--no-config", "--schema", "mig", "--workload", "w.sql"),
                 ("repl", "--no-config", "--schema", "mig"), ("simulate", "--schema", "mig", "--workload", "w.sql")):
        rc, out, err = run(*argv, cwd=tmp, stdin=open(os.path.join(tmp, "w.sql"), "rb").read(), plain=True)
        check(f"keyplan {argv[0]}: V2__ applies before V10__", rc in (0, 1) and "KP008" not in out + err and
              "KP009" not in out + err, f"exit {rc}\n{out}{err}")
    kptest.write(os.path.join(tmp, "mig", "V2.0__again.sql"), "CREATE TABLE x (k INT PRIMARY KEY);\n")
    for argv in (("lint", "--no-config", "--schema", "mig", "w.sql"), ("simulate", "--schema", "mig", "--workload", "w.sql")):
        rc, out, err = run(*argv, cwd=tmp, plain=True)
        check(f"keyplan {argv[0]}: a repeated version is an error, exit 2", rc == 2 and "migration version 2 repeats" in err,
              f"exit {rc}\n{err}")


# ------------------------------------------------ each --help names an option's value as the man page does
man_meta = {}
for m in re.finditer(r'^\.BI "?([^"\n]*?)"? " ([^"]+)"$', opts_sect, re.M):
    for n in re.findall(r"(--?[a-z-]+)", m.group(1).replace("\\-", "-")):
        man_meta[n] = m.group(2).replace("\\-", "-")
check("the man page's OPTIONS names the values", len(man_meta) > 30, man_meta)
for cmd in commands:
    rc, out, err = run(cmd, "--help")
    for o, v in re.findall(r"^  (?:-\w, )?(--[a-z-]+) (\S+)", out, re.M):
        if o in man_meta and "|" not in v and (cmd, o) != ("digest", "--schema"):   # (a file only: its entry says so)
            check(f"keyplan {cmd} --help names {o}'s value as the man page does", v == man_meta[o],
                  f"--help: {v}, man: {man_meta[o]}")

kptest.finish()
