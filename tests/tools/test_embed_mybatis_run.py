#!/usr/bin/env python3
"""MyBatis as MyBatis runs it, continued (docs/embedded-sql.md, "MyBatis
mapper XML"): a KP035 at one place reported once for all the variants that
paste it; <include> properties replaced in the fragment's attributes as in
its text (XMLIncludeTransformer); among the statements of one id, the one
for the configured databaseId, else the one without (XMLMapperBuilder's
databaseIdMatchesCurrent), and what is skipped counted. Exact rules,
messages and line:col.

Usage: test_embed_mybatis_run.py KEYPLAN SOURCE_DIR"""
import json
import os

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()

SCHEMA = """CREATE TABLE t (a INT NOT NULL, b VARCHAR, c INT, PRIMARY KEY (a));
"""


def lint(tmp, paths, *opts):
    rc, out, err = kptest.run("lint", "--no-config", "--schema", os.path.join(tmp, "schema.sql"),
                              "--format", "json", "--fail-on", "info", *opts, *paths, cwd=tmp, plain=True)
    try:
        diags = json.loads(out)["diagnostics"]
    except ValueError:
        diags = []
    return rc, [(d["rule"], d["severity"], d["line"], d["column"], d["message"]) for d in diags], out + err


def mapper(tmp, name, body, ns="m"):
    path = os.path.join(tmp, name)
    kptest.write(path, f'<?xml version="1.0" encoding="UTF-8"?>\n<mapper namespace="{ns}">\n{body}</mapper>\n')
    return path


def same(name, got, want, err=""):
    check(name, got == want, f"got  {got}\nwant {want}\n{err}")


with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "schema.sql"), SCHEMA)

    # KP035 per place: one finding for the variants that paste it, whatever
    # else each variant pastes (litemall's generator mappers: 725 KP035 at
    # 519 places, one per variant)
    p = mapper(tmp, "H.xml", """  <select id="sel">
    SELECT <choose><when test="cols != null">${cols}</when><otherwise>a</otherwise></choose> FROM t WHERE a = #{a}
    <if test="o != null">ORDER BY ${o}</if>
  </select>
  <select id="val">
    SELECT * FROM t WHERE a = ${v}
    <if test="o != null">ORDER BY ${o}</if>
  </select>
""")
    rc, got, err = lint(tmp, [p])
    risk = ": an injection risk, and keyplan cannot check it fully"
    same("KP035 once per place, naming the variants that paste it", got, [
        ("KP035", "warning", 4, 46, "when `cols != null`: interpolated SQL: `${cols}` is pasted into the statement "
         f"text in 2 of its 4 variants{risk} (the statement was not planned)"),
        ("KP035", "warning", 5, 35, "when <otherwise> (none of `cols != null`) and `o != null`: interpolated SQL: "
         f"`${{o}}` is pasted into the statement text{risk} (the statement was not planned)"),
        ("KP035", "warning", 8, 31, "interpolated SQL: `${v}` is pasted into the statement text in 2 of its 2 "
         f"variants{risk} (planned with a bind parameter in its place in 1, not planned in 1)"),
    ], err)

    # <include> properties in the fragment's attributes as in its text: a
    # nested include's refid, an <if test>, a <trim prefix>; a property's
    # value takes the ${} of the includes around it
    p = mapper(tmp, "P.xml", """  <sql id="cols_a">a, b</sql>
  <sql id="head">SELECT <include refid="${cols}"/> FROM t</sql>
  <sql id="byCol"><trim prefix="${kw}" prefixOverrides="AND"><if test="${col} != null">AND ${col} = #{${col}}</if></trim></sql>
  <sql id="outer"><include refid="byCol"><property name="col" value="${x}"/></include></sql>
  <select id="q">
    <include refid="head"><property name="cols" value="cols_a"/></include>
    <include refid="outer"><property name="x" value="a"/><property name="kw" value="WHERE"/></include>
  </select>
""")
    rc, got, err = lint(tmp, [p])
    same("include properties replaced in attributes (refid, test, prefix)", got, [
        ("KP001", "warning", 4, 18, "full table scan: no WHERE clause reads every row of t (in the <sql> fragment at "
         "line 4, included by 'q')")], err)
    rc, out, err = kptest.run("explain", "--no-config", "--schema", os.path.join(tmp, "schema.sql"), p, cwd=tmp,
                              plain=True)
    same("include properties: the variants MyBatis writes", out,
         "P.xml:4:18: when `a == null`: FULL SCAN t\nP.xml:4:18: when `a != null`: GET t key (a=?)\n", err)

kptest.finish()
