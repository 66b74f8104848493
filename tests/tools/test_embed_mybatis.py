#!/usr/bin/env python3
"""MyBatis as MyBatis runs it (docs/embedded-sql.md, "MyBatis mapper XML"):
<foreach separator> only after an item that wrote text, only variants whose
OGNL conditions can hold together (and their count), conditions said once,
findings of an <include>d fragment reported once at the fragment,
cross-mapper includes, and the MyBatis generator's *ByExample mappers
without a false error. Exact rules, messages and line:col.

Usage: test_embed_mybatis.py KEYPLAN SOURCE_DIR"""
import json
import os

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()
EMBED = os.path.join(SRC, "tests", "embed")

SCHEMA = """CREATE TABLE t (a INT NOT NULL, b VARCHAR, c INT, PRIMARY KEY (a));
"""


def lint(tmp, paths, schema=None):
    rc, out, err = kptest.run("lint", "--no-config", "--schema", schema or os.path.join(tmp, "schema.sql"),
                              "--format", "json", "--fail-on", "info", *paths, cwd=tmp, plain=True)
    try:
        diags = json.loads(out)["diagnostics"]
    except ValueError:
        diags = []
    return rc, diags, out + err


def mapper(tmp, name, body, ns="m"):
    path = os.path.join(tmp, name)
    kptest.write(path, f'<?xml version="1.0" encoding="UTF-8"?>\n<mapper namespace="{ns}">\n{body}</mapper>\n')
    return path


with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "schema.sql"), SCHEMA)

    # 3. <foreach separator> only after an item that wrote text
    p = mapper(tmp, "F.xml", """  <select id="valid">
    select * from t
    <where><foreach collection="cs" item="c" separator="or"><if test="c.valid">(a = #{c.v})</if></foreach></where>
  </select>
""")
    rc, diags, err = lint(tmp, [p])
    got = [(d["rule"], d["severity"], d["line"], d["column"], d["message"]) for d in diags]
    want = [("KP001", "warning", 4, 5, "when not `c.valid`: full table scan: no WHERE clause reads every row of t")]
    check("foreach: no separator after an empty item: the full scan, no syntax error", got == want,
          f"got  {got}\nwant {want}\n{err}")

    # 4. equal and complementary conditions: only possible variants
    p = mapper(tmp, "C.xml", """  <select id="either">
    SELECT * FROM t WHERE
    <if test="a != null">a = #{a}</if>
    <if test="a == null">b = 1</if>
  </select>
""")
    rc, diags, err = lint(tmp, [p])
    got = [(d["rule"], d["line"], d["column"], d["message"]) for d in diags]
    want = [("KP001", 6, 26, "when `a == null`: full table scan: no condition on leading key column 'a' of t "
             "(Lindorm refuses it: \"This query may be a full table scan and thus may have unpredictable "
             "performance\")")]
    check("complementary <if>: no impossible variant, no syntax error", got == want,
          f"got  {got}\nwant {want}\n{err}")

    body = "".join(f'      <if test="x != null">AND c = {i} </if>\n' for i in range(12))
    p = mapper(tmp, "R.xml", f"""  <select id="repeated">
    SELECT * FROM t <where>
      <if test="k != null">AND a = #{{k}}</if>
{body}    </where>
  </select>
""")
    rc, diags, err = lint(tmp, [p])
    check("twelve repeated tests: 4 variants, no KP036",
          not any(d["rule"] == "KP036" for d in diags) and not any(d["rule"] == "KP011" for d in diags),
          str([(d["rule"], d["message"]) for d in diags]))

    nested = "".join(f'<if test="a{i} != null">AND c = {i} <if test="b{i} != null">AND c = 1{i} </if></if>'
                     for i in range(4))
    pairs = "".join(f'<if test="p{i} != null">AND c = {i} </if><if test="p{i} == null">AND c = 2{i} </if>'
                    for i in range(20))
    p = mapper(tmp, "N.xml", f"""  <select id="nested">
    SELECT * FROM t WHERE a = 1 <if test="z">{nested}</if>
  </select>
  <select id="pairs">
    SELECT * FROM t WHERE a = 1 {pairs}
  </select>
""")
    rc, diags, err = lint(tmp, [p])
    kp036 = [(d["line"], d["message"].split(";")[0]) for d in diags if d["rule"] == "KP036"]
    check("KP036 counts only variants that exist: nesting not multiplied, a bound when tests interact",
          kp036 == [(3, "'nested' has 82 variants (9 <if>, 0 <choose>)"),
                    (6, "'pairs' has at most 1099511627776 variants (40 <if>, 0 <choose>)")], str(kp036))
    when = [d["message"] for d in diags if d["message"].startswith("when")]
    check("a condition is said once", not any("`p0 != null` and `p0 != null`" in w for w in when), str(when))

kptest.finish()
