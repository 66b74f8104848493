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

    # 10. a finding in a fragment: once, at the fragment, naming who reads it
    p = mapper(tmp, "I.xml", """  <sql id="cols">a, nope</sql>
  <select id="one">SELECT <include refid="cols"/> FROM t WHERE a = 1</select>
  <select id="two">SELECT <include refid="cols"/> FROM t WHERE a = 2</select>
  <select id="three">SELECT <include refid="m.cols"/> FROM t WHERE a = <if test="x">3</if><if test="!x">4</if></select>
""")
    rc, diags, err = lint(tmp, [p])
    got = [(d["rule"], d["line"], d["column"], d["message"]) for d in diags]
    want = [("KP009", 3, 21, "unknown column 'nope' in table t (in the <sql> fragment at line 3, included by 'one', "
             "'two', 'three')")]
    check("fragment finding reported once, at the fragment, naming its includers", got == want,
          f"got  {got}\nwant {want}\n{err}")
    java = os.path.join(tmp, "K.java")
    kptest.write(java, """class K {
  static final String COLS = "a, nope";
  String q1 = "SELECT " + COLS + " FROM t WHERE a = 1";
  String q2 = "SELECT " + COLS + " FROM t WHERE a = 2";
}
""")
    rc, diags, err = lint(tmp, [java])
    got = [(d["rule"], d["line"], d["column"], d["message"]) for d in diags]
    want = [("KP009", 2, 34, "unknown column 'nope' in table t (in the constant at line 2, used by the statement at "
             "line 3, the statement at line 4)")]
    check("a constant's finding reported once, at the constant", got == want, f"got  {got}\nwant {want}\n{err}")

    # 11. a cross-mapper <include>: read from the other mapper when it is
    # linted too (named or in the folder), else one note and no cascade
    sub = os.path.join(tmp, "x")
    os.makedirs(sub)
    a = mapper(sub, "A.xml", """  <select id="a">SELECT <include refid="com.x.BMapper.Base_Column_List"/> FROM t WHERE a = 1</select>
  <select id="b">SELECT <include refid="com.x.CMapper.cols"/> FROM t WHERE a = 1</select>
""", ns="com.x.AMapper")
    b = mapper(sub, "B.xml", """  <sql id="Base_Column_List">a, b, nope</sql>
""", ns="com.x.BMapper")
    note = ("KP012", "info", 4, 25, "mapper XML: <include refid=\"com.x.CMapper.cols\"> names a fragment of mapper "
            "com.x.CMapper, which is not among the files linted; 'b' is not planned")
    for args, what in (([a, b], "both named"), ([sub], "the folder"), ([b, a], "the other named first")):
        rc, diags, err = lint(tmp, args)
        got = [(d["rule"], d["severity"], d["line"], d["column"], d["message"]) for d in diags]
        want = [note, ("KP009", "error", 3, 25, "unknown column 'nope' in table t")]
        check(f"cross-mapper include resolved ({what}); a missing mapper is one note", got == want,
              f"got  {got}\nwant {want}\n{err}")
    rc, diags, err = lint(tmp, [a])
    got = [(d["rule"], d["severity"], d["line"]) for d in diags]
    check("cross-mapper include, the other mapper not linted: a note each, no syntax error",
          got == [("KP012", "info", 3), ("KP012", "info", 4)], str(got))

    # the MyBatis generator's standard mapper (*ByExample): no false error.
    # One true one: deleteByExample without its example is DELETE FROM
    # orders, which Lindorm refuses (it deletes one row by its whole key)
    gen = os.path.join(EMBED, "generator", "OrdersMapper.xml")
    rc, diags, err = lint(tmp, [gen], schema=os.path.join(EMBED, "schema.sql"))
    errors = [(d["rule"], d["line"], d["message"][:120]) for d in diags if d["severity"] == "error"]
    want = [("KP001", 99, "when `_parameter == null` (and 2 other variants): DELETE refused: it has no WHERE clause, "
             "and the store deletes one row ")]
    check("generator mapper: the one error is Lindorm's refused DELETE", errors == want, f"{errors}\n{err[:2000]}")
    got = [(d["rule"], d["severity"], d["line"], d["column"]) for d in diags]
    want = [("KP035", "warning", 19, 23), ("KP035", "warning", 22, 23), ("KP035", "warning", 25, 23),
            ("KP035", "warning", 28, 23), ("KP001", "warning", 73, 5), ("KP035", "warning", 83, 16),
            ("KP001", "error", 99, 5), ("KP011", "info", 140, 3), ("KP001", "warning", 142, 5),
            ("KP035", "warning", 48, 23), ("KP035", "warning", 51, 23), ("KP035", "warning", 54, 23),
            ("KP035", "warning", 57, 23), ("KP001", "warning", 148, 5), ("KP011", "info", 166, 3),
            ("KP036", "info", 147, 3), ("KP001", "warning", 168, 5), ("KP011", "info", 187, 5)]
    check("generator mapper: exactly the findings MyBatis's output has", got == want, f"got  {got}\nwant {want}")
    empty = [d["message"] for d in diags if d["rule"] == "KP011"]
    check("an empty <set>/<trim> is a note that says so",
          empty and all(m.endswith("(a <set> or <trim> with every branch absent: the caller must pass at least "
                                   "one of its values)") for m in empty), str(empty))

kptest.finish()
