#!/usr/bin/env python3
"""keyplan lint and check on SQL embedded in application code
(docs/embedded-sql.md): per-language fixtures in tests/embed/ with exact
line:col of every finding (concatenations across lines, escapes, text
blocks, raw strings, interpolation, annotations), MyBatis variants and their
descriptions, the variant bound, host-language suppressions, folder walks,
hostile XML, and a differential test: the same queries written as .sql and
embedded in each language give the same findings at mapped locations.

Usage: test_embed.py KEYPLAN SOURCE_DIR"""
import functools
import json
import os
import re
import subprocess
import tempfile

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()
EMBED = os.path.join(SRC, "tests", "embed")
SCHEMA = os.path.join(EMBED, "schema.sql")
run = functools.partial(kptest.run, cwd=EMBED)


def lint_json(*paths, extra=(), cwd=EMBED, timeout=60):
    rc, out, err = run("lint", "--no-config", "--schema", SCHEMA, "--format", "json", "--fail-on", "info",
                       *extra, *paths, cwd=cwd, timeout=timeout)
    try:
        return rc, json.loads(out)["diagnostics"], err
    except ValueError:
        return rc, [], out + err


def located(diags):
    return [(d["rule"], d["line"], d["column"]) for d in diags]


# ------------------------------------------------- per-language fixtures
EXPECT = {
    "Orders.java": [
        ("KP001", 9, 18),    # second line of a + concatenation
        ("KP002", 12, 87),   # after \u00e9 and \t: columns of the source, not of the SQL
        ("KP003", 16, 35),   # inside a text block (read backwards: Lindorm needs no sort, no KP110)
        ("KP001", 20, 44),   # "... orderid = " + id + "...": planned with id as a parameter
        ("KP035", 20, 58),   # ... and id is the interpolation
        ("KP035", 24, 68),   # a pasted ORDER BY column: not planned
        ("KP001", 28, 21),   # @Select({"...", "..."}): the second array element
    ],                       # line 32 is suppressed; "Select an order" is not SQL
    "Orders.kt": [
        ("KP001", 5, 16),
        ("KP003", 9, 35),    # raw string
        ("KP035", 12, 80),   # '${user.id}' inside a quoted string
        ("KP002", 12, 96),
        ("KP001", 14, 65),
        ("KP035", 14, 75),   # $id
    ],
    "orders.go": [
        ("KP001", 7, 10),    # "$1" on the second line
        ("KP002", 9, 23),    # raw string across lines
        ("KP003", 10, 68),   # after \u00e9 and \t
        ("KP001", 11, 47),   # fmt.Sprintf: %d is pasted
        ("KP035", 11, 57),
    ],
    "orders.py": [
        ("KP001", 3, 24),    # adjacent literals inside parentheses, %s a parameter
        ("KP002", 6, 37),    # triple-quoted, %(user)s a parameter
        ("KP001", 7, 46),    # f-string
        ("KP035", 7, 56),
        ("KP001", 8, 45),    # "..." % oid: Python's own formatting
        ("KP035", 8, 55),
        ("KP003", 12, 59),   # a = ...; b = ... on the next line are not joined
        ("KP008", 13, 24),
    ],
}
for name, want in EXPECT.items():
    rc, diags, err = lint_json(name)
    got = located(diags)
    check(f"{name}: findings at exact line:col", got == want, f"got  {got}\nwant {want}\n{err}")
    check(f"{name}: exit 1", rc == 1, err)
    check(f"{name}: every finding names the host file", all(d["file"].endswith(name) for d in diags), str(diags[:1]))

rc, diags, err = lint_json("Orders.java")
kp035 = [d for d in diags if d["rule"] == "KP035"]
check("KP035 names the pasted expression and says the statement was planned",
      len(kp035) == 2 and kp035[0]["message"].startswith("interpolated SQL: `id` is pasted") and
      "planned with a bind parameter" in kp035[0]["message"] and kp035[0]["severity"] == "warning", str(kp035))
check("KP035 says a pasted clause is not planned",
      len(kp035) == 2 and "`column`" in kp035[1]["message"] and "was not planned" in kp035[1]["message"], str(kp035))
check("span end inside the host line", any(d["line"] == 9 and d["end_column"] == 29 for d in diags), str(diags[:1]))

# KP035 quotes at most 60 bytes of the pasted text, cut before a UTF-8 character the limit would split
# (it cut 'é' in two: lint's JSON was not UTF-8)
with tempfile.TemporaryDirectory() as tmp:
    name = "x" * 59 + "é" + "y" * 10
    path = os.path.join(tmp, "Hole.java")
    with open(path, "w", encoding="utf-8") as f:
        f.write("class A {\n  void m(Jdbc db, String %s) {\n"
                "    db.query(\"SELECT * FROM orders WHERE userid = \" + %s);\n  }\n}\n" % (name, name))
    rc, diags, err = lint_json(path, cwd=tmp)
    kp035 = [d["message"] for d in diags if d["rule"] == "KP035"]
    check("KP035 cuts the pasted text before a UTF-8 character, not inside it",
          len(kp035) == 1 and kp035[0].startswith("interpolated SQL: `" + "x" * 59 + "...` is pasted"),
          repr(kp035) + err[:300])

# text output: the excerpt is the host line
rc, out, err = run("lint", "--no-config", "--schema", SCHEMA, "orders.go")
check("text excerpt shows the host source line",
      "orders.go:7:10: error: full table scan" in out and
      '     7 | \t\t"WHERE orderid = $1", id)\n       |          ^~~~~~~~~~~~\n' in out.replace("  \"WHERE", "\t\t\"WHERE"),
      out)

# ------------------------------------------------------------- MyBatis
rc, diags, err = lint_json("OrderMapper.xml")
msgs = [(d["rule"], d["line"], d["column"], d["message"].split(":")[0]) for d in diags]
want = [
    ("KP001", 8, 5, "when `userId == null` and `status == null`"),
    ("KP001", 11, 37, "when `userId == null` and `status != null`"),
    ("KP002", 11, 37, "when `userId != null` and `status != null`"),
    ("KP001", 19, 36, "when `orderId != null`"),
    ("KP002", 20, 37, "when <otherwise> (none of `userId != null`, `orderId != null`)"),
    ("KP011", 35, 5, "when `amount == null` and `status == null`"),
    ("KP002", 39, 50, "filtered scan"),
    ("KP035", 43, 55, "interpolated SQL"),
    ("KP001", 50, 5, "when `o == null`"),
    ("KP001", 52, 32, "when `o != null`"),
]
check("mapper: one finding per distinct variant finding, named by its branch conditions", msgs == want,
      "got\n" + "\n".join(map(str, msgs)) + "\nwant\n" + "\n".join(map(str, want)))
check("mapper: <choose> branches never combined",
      not any("userId != null` and `orderId" in d["message"] for d in diags), str(diags))
check("mapper: <foreach> is an IN list of parameters (a GET: no finding on byIds)",
      not any(24 <= d["line"] <= 27 for d in diags), str(diags))
check("mapper: the <delete> under <!-- keyplan:ignore KP001: reason --> is silenced",
      not any(d["line"] == 47 for d in diags), str(diags))

with tempfile.TemporaryDirectory() as tmp:
    def mapper(body, name="M.xml"):
        p = os.path.join(tmp, name)
        with open(p, "w" if isinstance(body, str) else "wb") as f:
            f.write(body)
        return p

    # 20 independent <if>: 2^20 variants, a sample of 64 planned, and said so
    ifs = "\n".join(f'      <if test="c{i} != null">AND userid = #{{c{i}}}</if>' for i in range(20))
    p = mapper('<mapper namespace="m">\n  <select id="many">\n    SELECT * FROM orders <where>\n'
               f'{ifs}\n  </where></select>\n</mapper>\n')
    rc, diags, err = lint_json(p, cwd=tmp)
    kp036 = [d for d in diags if d["rule"] == "KP036"]
    check("20 <if>: KP036 says how many variants and how many planned",
          len(kp036) == 1 and "'many' has 1048576 variants (20 <if>, 0 <choose>); 64 are planned" in kp036[0]["message"]
          and kp036[0]["severity"] == "info" and (kp036[0]["line"], kp036[0]["column"]) == (2, 3), str(diags))
    # 60 and 1100 <if>: the count is rounded, not printed with noise digits or as "inf"
    for n, says in ((60, "about 1.15e+18"), (1100, "more than 1.8e+308")):
        ifs2 = "".join(f'<if test="c{i}">AND userid = #{{c{i}}}</if>' for i in range(n))
        p2 = mapper(f'<mapper namespace="m"><select id="huge">SELECT * FROM orders <where>{ifs2}</where></select></mapper>',
                    name="H.xml")
        rc2, diags2, err2 = lint_json(p2, cwd=tmp)
        k2 = [d["message"] for d in diags2 if d["rule"] == "KP036"]
        check(f"{n} <if>: KP036 says {says} variants",
              len(k2) == 1 and k2[0].startswith(f"'huge' has {says} variants ({n} <if>, 0 <choose>); 64 are planned"), str(k2))
    kp001 = [d for d in diags if d["rule"] == "KP001"]
    check("20 <if>: the sample includes every branch absent, the only full scan",
          len(kp001) == 1 and kp001[0]["message"] == "when " + " and ".join(f"`c{i} == null`" for i in range(20)) +
          ": full table scan: no WHERE clause reads every row of orders", str(kp001))

    # <include> cycles, missing fragments
    p = mapper('<mapper namespace="m"><sql id="a"><include refid="b"/></sql><sql id="b"><include refid="m.a"/></sql>\n'
               '<select id="s">SELECT * FROM orders WHERE <include refid="a"/> userid = #{u}</select>\n'
               '<select id="t">SELECT * FROM orders <include refid="nope"/></select></mapper>')
    rc, diags, err = lint_json(p, cwd=tmp)
    check("include cycle and missing refid: located errors", located(diags)[:2] == [("KP011", 1, 73), ("KP011", 3, 37)]
          and "includes itself" in diags[0]["message"] and "names no <sql id>" in diags[1]["message"], str(diags))
    # MyBatis fails such a mapper (XMLIncludeTransformer.findSqlFragment: "Could not find SQL statement to
    # include"): the statement is not planned, nothing cascades from the text left without the fragment
    check("include cycle and missing refid: their statements not planned", len(diags) == 2, str(diags))

    # hostile XML: a located error, no crash, no hang
    hostile = {
        "billion laughs": ('<?xml version="1.0"?>\n<!DOCTYPE m [\n <!ENTITY a "aaaaaaaaaa">\n'
                           + "".join(f' <!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">\n' for i in range(9))
                           + ']>\n<mapper><select id="x">SELECT &j;</select></mapper>\n',
                           (3, 13), "entity declarations are not read"),
        "external entity": ('<?xml version="1.0"?>\n<!DOCTYPE mapper [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
                            '<mapper><select id="x">SELECT &x;</select></mapper>', (2, 57),
                            "entity declarations are not read"),
        "deep nesting": ("<mapper>\n" + "<if test='a'>" * 5000 + "</if>" * 5000 + "</mapper>", (2, 2588),
                         "nested too deeply"),
        "huge attribute": ('<mapper>\n<select id="' + "x" * 200000 + '">SELECT 1</select></mapper>', (2, 1),
                           "attribute value longer than 64 KiB"),
        "invalid UTF-8": (b'<mapper>\n<select id="x">SELECT * FROM orders WHERE \xff</select></mapper>', (2, 43),
                          "not well-formed"),
        "unterminated": ('<mapper>\n<select id="x">SELECT * FROM orders', (2, 36), "no element found"),
        "include bomb": ('<mapper><sql id="a0">x</sql>\n' +
                         "".join(f'<sql id="a{i}"><include refid="a{i-1}"/><include refid="a{i-1}"/></sql>\n'
                                 for i in range(1, 30)) +
                         '<select id="s">SELECT * FROM orders WHERE <include refid="a29"/></select></mapper>',
                         (31, 1), "the statement expands past 262,144 elements"),
        "foreach bomb": ('<mapper>\n  <select id="f">SELECT * FROM orders WHERE orderid IN ' +
                         '<foreach open="(" close=")" separator=",">' * 60 + "#{i}" + "</foreach>" * 60 +
                         "</select></mapper>", (2, 3), "the statement expands past"),
        "undefined entity": ('<mapper>\n<select id="x">SELECT &nope;</select></mapper>', (2, 23), "undefined entity"),
    }
    for what, (body, (line, col), msg) in hostile.items():
        p = mapper(body, "H.xml")
        try:
            # a hang, not a slow run: the foreach bomb takes 0.3 s of CPU (2.5 s under ASan), and
            # ctest -j2 under ASan on a loaded 2-core machine once took past 60 s of wall time
            rc, diags, err = lint_json(p, cwd=tmp, timeout=300)
        except subprocess.TimeoutExpired:
            check(f"hostile XML {what}: no hang", False)
            continue
        check(f"hostile XML {what}: located error", rc == 1 and len(diags) == 1 and diags[0]["rule"] == "KP011" and
              (diags[0]["line"], diags[0]["column"]) == (line, col) and msg in diags[0]["message"],
              f"rc={rc} {diags} {err}")

    # ------------------------------------------------------ folder walks
    os.makedirs(os.path.join(tmp, "src", "gen"))
    files = {
        "src/A.java": 'class A { String q = "SELECT * FROM orders WHERE orderid = ?"; }\n',
        "src/b.py": 'q = "SELECT * FROM orders WHERE orderid = %s"\n',
        "src/c.go": 'var q = "SELECT * FROM orders WHERE orderid = ?"\n',
        "src/D.kt": 'val q = "SELECT * FROM orders WHERE orderid = ?"\n',
        "src/e.sql": "SELECT * FROM orders WHERE orderid = 1;\n",
        "src/pom.xml": '<project><select id="x">SELECT * FROM orders WHERE orderid = 1</select></project>\n',
        "src/M.xml": '<mapper namespace="m"><select id="x">SELECT * FROM orders WHERE orderid = 1</select></mapper>\n',
        "src/notes.txt": "SELECT * FROM orders WHERE orderid = 1\n",
        "src/gen/G.java": 'class G { String q = "SELECT * FROM orders WHERE orderid = ?"; }\n',
    }
    for rel, body in files.items():
        with open(os.path.join(tmp, rel), "w") as f:
            f.write(body)
    rc, diags, err = lint_json("src", cwd=tmp)
    check("a folder walk picks .java .kt .go .py .sql and mapper .xml, passes by other XML silently",
          sorted(d["file"][d["file"].index("src/"):] for d in diags) ==
          sorted(["src/A.java", "src/D.kt", "src/M.xml", "src/b.py", "src/c.go", "src/e.sql", "src/gen/G.java"])
          and err == "",
          str([d["file"] for d in diags]) + err)
    rc, diags, err = lint_json("src", extra=("--lang", "python"), cwd=tmp)
    check("--lang python: only Python files of the folder", [d["file"][-8:] for d in diags] == ["src/b.py"], str(diags))
    with open(os.path.join(tmp, "q.txt"), "w") as f:
        f.write('q = "SELECT * FROM orders " \\\n    "WHERE orderid = %s"\n')
    rc, diags, err = lint_json("q.txt", extra=("--lang", "python"), cwd=tmp)
    check("--lang python reads a named file as Python (backslash continuation)", located(diags) == [("KP001", 2, 12)],
          str(diags) + err)
    with open(os.path.join(tmp, "cfg.ini"), "w") as f:
        f.write(f"[keyplan]\nschema = {SCHEMA}\nexclude = src/gen/*\n")
    rc, out, err = run("lint", "--config", "cfg.ini", "--format", "json", "src", cwd=tmp)
    check("config exclude applies to application code",
          "src/A.java" in out and "src/gen/G.java" not in out, out + err)
    rc, out, err = run("lint", "--no-config", "--schema", SCHEMA, "--lang", "java", "--format", "json",
                       "-e", 'String q = "SELECT * FROM orders WHERE orderid = ?";', cwd=tmp)
    check("-e with --lang java", rc == 1 and json.loads(out)["diagnostics"][0]["column"] == 40, out + err)
    rc, out, err = run("lint", "--no-config", "--schema", SCHEMA, "--lang", "java", "--format", "json", "-e",
                       'a = "SELECT * FROM orders WHERE userid = ? AND orderid IN " + ids;\n'
                       'b = "SELECT * FROM orders WHERE (orderid = " + x + ")) AND amount > 1";\n'
                       'c = "SELECT * FROM orders WHERE orderid = 1; SELECT * FROM orders WHERE userid = ?";', cwd=tmp)
    diags = json.loads(out)["diagnostics"] if out.startswith("{") else []
    check("a list pasted after IN is planned as IN (?); a misplaced guess is not planned, not a syntax error; "
          "two statements in one literal",
          [(d["rule"], d["line"], d["column"]) for d in diags] ==
          [("KP035", 1, 63), ("KP035", 2, 48), ("KP001", 3, 33)] and
          "was planned with a bind parameter" in diags[0]["message"] and "was not planned" in diags[1]["message"],
          out + err)
    rc, out, err = run("lint", "--no-config", "--lang", "cobol", "-e", "x", cwd=tmp)
    check("unknown --lang is a usage error", rc == 2 and "unknown language 'cobol'" in err, err)

    # suppressions in the host language
    with open(os.path.join(tmp, "S.java"), "w") as f:
        f.write('class S {\n  // keyplan:ignore-file filtered-scan\n'
                '  /* keyplan:ignore KP001 -- on purpose */\n  String a = "SELECT * FROM orders WHERE orderid = ?";\n'
                '  String b = "SELECT * FROM orders WHERE orderid = ?";\n'
                '  String c = "SELECT * FROM orders WHERE userid = ? AND amount > 1";\n'
                '  // keyplan:ignore KP00x\n  String d = "SELECT * FROM orders WHERE userid = ? AND orderid = 1";\n}\n')
    rc, diags, err = lint_json("S.java", extra=("--report-unused-ignores",), cwd=tmp)
    check("host comments: ignore before the literal, ignore-file, bad directive located",
          located(diags) == [("KP001", 5, 42), ("KP022", 7, 21)],
          str(located(diags)))

    with open(os.path.join(tmp, "T.py"), "w") as f:
        f.write('a = "SELECT * FROM orders WHERE orderid = %s"  # keyplan:ignore KP001 -- trailing\n'
                'b = "SELECT * FROM orders WHERE orderid = %s"\n'
                'c = ("SELECT * FROM orders "  # keyplan:ignore full-scan -- inside the expression\n'
                '     "WHERE orderid = %s")\n')
    rc, diags, err = lint_json("T.py", cwd=tmp)
    check("a directive trailing a statement on its line applies to it, not to the next",
          located(diags) == [("KP001", 2, 33)], str(located(diags)) + err)

    with open(os.path.join(tmp, "E.java"), "w") as f:
        f.write('class E {\n  String a = "SELECT * FROM orders WHERE orderid = ?"\n    + " LIMIT 5";\n}\n')
    rc, diags, err = lint_json("E.java", cwd=tmp)
    check("a span ending where a literal ends ends there, not in the next literal",
          [(d["line"], d["column"], d["end_line"], d["end_column"]) for d in diags] == [(2, 42, 2, 53)],
          str(diags) + err)

    # check --workload reads application code too
    rc, out, err = run("check", "--no-config", "--schema", SCHEMA, "--workload", os.path.join(EMBED, "Orders.java"),
                       "--format", "json", cwd=tmp)
    doc = json.loads(out) if out.startswith("{") else {}
    findings = doc.get("diagnostics", doc.get("findings", []))
    check("check --workload on Java: findings located in the host file",
          any(d.get("file", "").endswith("Orders.java") and d.get("line") == 9 for d in findings), out[:2000] + err)

    # SARIF and GitHub outputs carry the host file, relative to the
    # repository root (here the workspace GitHub would name)
    os.environ["GITHUB_WORKSPACE"] = EMBED
    rc, out, err = run("lint", "--no-config", "--schema", SCHEMA, "--format", "sarif", "orders.py")
    loc = json.loads(out)["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    check("sarif: host file and line", loc["artifactLocation"]["uri"].endswith("orders.py") and
          loc["region"]["startLine"] == 3 and loc["region"]["startColumn"] == 24, str(loc))
    rc, out, err = run("lint", "--no-config", "--schema", SCHEMA, "--format", "github", "Orders.kt")
    check("github: host file and line", re.match(r"::error file=[^,]*Orders\.kt,line=5,(end_line=5,)?col=16", out) is not None, out[:300])
    del os.environ["GITHUB_WORKSPACE"]

# ------------------------------------------------------- differential
# The queries of queries.sql, each split in two literals on two lines, in
# every language: the same (rule, message) findings, and each at a host
# position whose text is the .sql finding's text.
with open(os.path.join(EMBED, "queries.sql")) as f:
    queries = [ln.rstrip(";\n") for ln in f if ln.strip() and not ln.startswith("--")]


def halves(q):
    i = q.index(" WHERE ")
    return q[:i + 1], q[i + 1:]


WRAP = {
    "java": ("D.java", "class D {\n", '    String q{n} = "{a}"\n        + "{b}";\n', "}\n"),
    "kotlin": ("D.kt", "object D {\n", '    val q{n} = "{a}" +\n        "{b}"\n', "}\n"),
    "go": ("d.go", "package d\n\n", 'var q{n} = "{a}" +\n\t"{b}"\n', ""),
    "python": ("d.py", "", 'q{n} = ("{a}"\n      "{b}")\n', ""),
    "mybatis": ("D.xml", '<mapper namespace="d">\n', '<select id="q{n}">{a}\n  {b}</select>\n', "</mapper>\n"),
}
with tempfile.TemporaryDirectory() as tmp:
    rc, ref, err = lint_json(os.path.join(EMBED, "queries.sql"), cwd=tmp)
    qlines = open(os.path.join(EMBED, "queries.sql")).read().split("\n")
    ref_text = [qlines[d["line"] - 1][d["column"] - 1:][:6] for d in ref]
    check("differential: the reference has findings of several rules", len({d["rule"] for d in ref}) >= 5, str(ref))
    for lang, (name, head, item, tail) in WRAP.items():
        body = head
        for n, q in enumerate(queries):
            a, b = halves(q)
            if lang == "mybatis":
                b = b.replace("<", "&lt;")
            body += item.replace("{n}", str(n)).replace("{a}", a).replace("{b}", b)
        body += tail
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(body)
        rc, got, err = lint_json(path, cwd=tmp)
        check(f"differential {lang}: same findings as .sql",
              [(d["rule"], d["message"]) for d in got] == [(d["rule"], d["message"]) for d in ref],
              "got\n" + "\n".join(f'{d["rule"]} {d["message"][:70]}' for d in got) + "\nwant\n" +
              "\n".join(f'{d["rule"]} {d["message"][:70]}' for d in ref) + err)
        lines = body.split("\n")
        got_text = [lines[d["line"] - 1][d["column"] - 1:][:6].replace("&lt;", "<") for d in got]
        check(f"differential {lang}: at mapped locations", got_text == ref_text, f"{got_text}\n{ref_text}")

kptest.finish()
