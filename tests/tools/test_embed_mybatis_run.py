#!/usr/bin/env python3
"""MyBatis as MyBatis runs it, continued (docs/embedded-sql.md, "MyBatis
mapper XML"): a KP035 at one place reported once for all the variants that
paste it; <include> properties replaced in the fragment's attributes as in
its text (XMLIncludeTransformer); among the statements of one id, the one
for the configured databaseId, else the one without (XMLMapperBuilder's
databaseIdMatchesCurrent), and what is skipped counted; explain of a
statement that pasted text leaves unplanned, and of pasted text given as
a mapper; lint with no schema anywhere. Exact rules, messages and line:col.

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

    # property values naming each other include after include (16 names a
    # level, 30 levels): bounded, one located error, never 16^30 lookups
    frags = ['<sql id="f0">SELECT * FROM t WHERE a = 1 ${p0}</sql>']
    frags += [f'<sql id="f{i}"><include refid="f{i - 1}"><property name="p{i - 1}" value="{("${p%d}" % i) * 16}"/>'
              f'</include></sql>' for i in range(1, 30)]
    p = mapper(tmp, "Bomb.xml", "\n".join(frags) + '\n<select id="q"><include refid="f29"><property name="p29" '
               'value=""/></include></select>\n')
    rc, got, err = lint(tmp, [p])
    same("property values that expand without bound: one located error", got, [
        ("KP011", "error", 33, 1, "mapper XML: the statement expands past 262,144 elements or 16 MiB (<include>, "
         "<foreach> and <property> values nested too much); it is not planned")], err)

    # databaseId: of the statements (and <sql> fragments) of one id, the one
    # whose databaseId is the configured one (.keyplan database-id; else the
    # target's name), else the one without; the rest counted in one note
    p = mapper(tmp, "D.xml", """  <sql id="cols">a, b</sql>
  <sql id="cols" databaseId="mysql">a, nope</sql>
  <select id="page">SELECT <include refid="cols"/> FROM t WHERE a = #{a} LIMIT 10</select>
  <select id="page" databaseId="oracle">SELECT <include refid="cols"/> FROM t WHERE a = #{a} AND ROWNUM &lt;= 10</select>
  <select id="page" databaseId="mysql">SELECT <include refid="cols"/> FROM t WHERE a = #{a} LIMIT 5</select>
  <select id="one" databaseId="oracle">SELECT * FROM t WHERE b = 1</select>
  <select id="two">SELECT * FROM t WHERE a = 2</select>
""")
    schema = os.path.join(tmp, "schema.sql")
    rc, out, err = kptest.run("explain", "--no-config", "--schema", schema, p, cwd=tmp, plain=True)
    same("databaseId: none configured, the statements without one", (rc, out),
         (0, "D.xml:5:21: GET t key (a=?)\nD.xml:9:20: GET t key (a=2)\n"), err)
    rc, got, err = lint(tmp, [p])
    same("databaseId: the statements left out are counted in one note", got, [
        ("KP012", "info", 6, 3, "mapper XML: 3 statements are not planned: of the statements of one id MyBatis runs "
         "the one whose databaseId is 'lindorm', else the one without (databaseId 'oracle', 'mysql' not planned)")],
        err)
    rc, got, err = lint(tmp, [p], "--target", "generic")
    same("databaseId: the generic target names none", got, [
        ("KP012", "info", 6, 3, "mapper XML: 3 statements are not planned: with no databaseId configured MyBatis "
         "runs only the statements without one (databaseId 'oracle', 'mysql' not planned)")], err)
    cfg = os.path.join(tmp, "mysql.keyplan")
    kptest.write(cfg, "[keyplan]\ndatabase-id = mysql\n")
    rc, out, err = kptest.run("explain", "--config", cfg, "--schema", schema, p, cwd=tmp, plain=True)
    same("databaseId mysql: its statement and its fragment", (rc, out.splitlines()),
         (1, ["D.xml:7:40: ERROR: statement not planned (see diagnostics)", "D.xml:9:20: GET t key (a=2)"]), err)
    check("databaseId mysql: the fragment for mysql is included",
          "D.xml:4:40: error: unknown column 'nope' in table t" in err, err)
    rc, out, err = kptest.run("lint", "--config", cfg, "--schema", schema, "--format", "json", p, cwd=tmp,
                              plain=True)
    try:
        got = [(d["rule"], d["line"], d["column"], d["message"]) for d in json.loads(out)["diagnostics"]]
    except ValueError:
        got = out
    same("databaseId mysql: the note and the mysql fragment's finding", got, [
        ("KP009", 4, 40, "unknown column 'nope' in table t (in the <sql> fragment at line 4, included by 'page')"),
        ("KP012", 5, 3, "mapper XML: 3 statements are not planned: of the statements of one id MyBatis runs the one "
         "whose databaseId is 'mysql', else the one without (databaseId 'oracle' not planned)")], err)
    kptest.write(cfg, "[keyplan]\ndatabase-id = my sql\n")
    rc, out, err = kptest.run("lint", "--config", cfg, "--schema", schema, p, cwd=tmp, plain=True)
    check("database-id: a bad value is a located config error", rc == 2 and "mysql.keyplan:2:" in err and
          "database-id must be a MyBatis databaseId" in err, f"{rc}\n{err}")

    # databaseId of another mapper's fragment (a cross-mapper include)
    xdir = os.path.join(tmp, "xdb")
    os.makedirs(xdir)
    mapper(xdir, "A.xml", """  <select id="a">SELECT <include refid="com.x.B.cols"/> FROM t WHERE a = 1</select>
""", ns="com.x.A")
    mapper(xdir, "B.xml", """  <sql id="cols" databaseId="lindorm">a, nope</sql>
  <sql id="cols">a, b</sql>
""", ns="com.x.B")
    for target, want in (("lindorm", [("KP009", "error", 3, 25, "unknown column 'nope' in table t")]),
                         ("generic", [])):
        rc, got, err = lint(tmp, [xdir], "--target", target)
        same(f"databaseId of another mapper's fragment ({target})", got, want, err)

    # explain: a statement left unplanned by pasted text gets its line (text)
    # or its object (JSON), never nothing
    java = os.path.join(tmp, "A.java")
    kptest.write(java, """class A {
  void f(Connection c, String x, String o) {
    c.prepareStatement("SELECT * FROM t WHERE a = " + x);
    c.prepareStatement("SELECT * FROM t ORDER BY " + o);
  }
}
""")
    rc, out, err = kptest.run("explain", "--no-config", "--schema", schema, java, cwd=tmp, plain=True)
    same("explain: a statement pasted text leaves unplanned has a NOT PLANNED line", (rc, out), (0,
         "A.java:3:25: GET t key (a=?)\nA.java:4:25: NOT PLANNED: text pasted into it stands where no value goes "
         "(KP035: see diagnostics)\n"), err)
    rc, out, err = kptest.run("explain", "--no-config", "--schema", schema, "--format", "json", java, cwd=tmp,
                              plain=True)
    objs = [json.loads(line) for line in out.splitlines()]
    got = [(o["line"], o["column"], o["statement"], o["access"], [(d["rule"], d["line"], d["column"])
                                                                  for d in o["diagnostics"]]) for o in objs]
    same("explain JSON: the unplanned statement's object holds its KP035", got,
         [(3, 25, "select", "get", []), (4, 25, None, None, [("KP035", 4, 54)])], err)
    rc, out, err = kptest.run("explain", "--no-config", "--schema", schema, "--lang", "mybatis", "-e",
                              '<select id="x">SELECT * FROM t</select>', cwd=tmp, plain=True)
    same("explain --lang mybatis of a statement without <mapper>: a located error", (rc, out, (err.splitlines() or [""])[0]),
         (1, "", "<command line>:1:1: error: mapper XML: the root element is <select>, not <mapper namespace=\"...\">: "
          "MyBatis reads no statement from it [KP011 syntax-error]"), err)

    # lint with no schema anywhere: a tree of .sql queries and application
    # code, or of application code alone, gets what needs no schema (syntax,
    # pasted text), "no schema" once, and exit 2; never a KP008 per statement
    for name, files in (("queries and code", {"q.sql": "SELECT * FROM t WHERE a = 1;\nSELEC x;\n"}),
                        ("code alone", {})):
        tree = os.path.join(tmp, "ns-" + name.replace(" ", "-"))
        os.makedirs(tree)
        kptest.write(os.path.join(tree, "A.java"), """class A {
  void f(Connection c, String x) {
    c.prepareStatement("SELECT * FROM t WHERE a = " + x);
    c.prepareStatement("SELECT * FROM t WHERE a = ?");
    c.prepareStatement("SELECT * FRM t");
  }
}
""")
        for f, text in files.items():
            kptest.write(os.path.join(tree, f), text)
        rc, out, err = kptest.run("lint", "--no-config", "--format", "json", ".", cwd=tree, plain=True)
        try:
            rep = json.loads(out)
            got = [(d["file"], d["rule"], d["line"], d["column"]) for d in rep["diagnostics"]]
        except ValueError:
            rep, got = {}, out
        want = [("A.java", "KP035", 3, 55), ("A.java", "KP011", 5, 34)] + ([("q.sql", "KP011", 2, 1)] if files else [])
        n = 3 if files else 2
        msg = (f"no schema: {n} statements name tables no schema defines and were not planned; give --schema PATH "
               "(a file or folder of CREATE TABLE statements), or schema = in .keyplan")
        same(f"lint with no schema, {name}: what needs none, then 'no schema' once, exit 2",
             (rc, got, rep.get("error"), err), (2, want, msg, f"keyplan: {msg}\n"), err)
    other = os.path.join(tmp, "ns-code-alone", "other.sql")
    kptest.write(other, "CREATE TABLE other (k INT PRIMARY KEY);\n")
    rc, out, err = kptest.run("lint", "--no-config", "--schema", other, "--format", "json", "A.java",
                              cwd=os.path.dirname(other), plain=True)
    got = [(d["rule"], d["line"]) for d in json.loads(out)["diagnostics"]] if out.startswith("{") else out
    same("lint with a schema: every unknown table is a KP008", (rc, got),
         (1, [("KP008", 3), ("KP035", 3), ("KP008", 4), ("KP011", 5)]), err)

    # the generator's MyBatis3 mapper of a table with a LONGVARCHAR column:
    # beside the *ByExample statements (tests/embed/generator), the
    # Blob_Column_List and the *WithBLOBs statements it writes
    base = open(os.path.join(SRC, "tests", "embed", "generator", "OrdersMapper.xml"), encoding="utf-8").read()
    blobs = base.replace("</mapper>\n", """  <resultMap id="ResultMapWithBLOBs" type="demo.model.OrdersWithBLOBs" extends="BaseResultMap" >
    <result column="note" property="note" jdbcType="LONGVARCHAR" />
  </resultMap>
  <sql id="Blob_Column_List" >
    note
  </sql>
  <select id="selectByExampleWithBLOBs" resultMap="ResultMapWithBLOBs" parameterType="demo.model.OrdersExample" >
    select
    <if test="distinct" >
      distinct
    </if>
    <include refid="Base_Column_List" />
    ,
    <include refid="Blob_Column_List" />
    from orders
    <if test="_parameter != null" >
      <include refid="Example_Where_Clause" />
    </if>
    <if test="orderByClause != null" >
      order by ${orderByClause}
    </if>
  </select>
  <select id="selectByPrimaryKeyWithBLOBs" resultMap="ResultMapWithBLOBs" parameterType="demo.model.OrdersKey" >
    select 
    <include refid="Base_Column_List" />
    ,
    <include refid="Blob_Column_List" />
    from orders
    where userid = #{userid,jdbcType=VARCHAR}
      and orderid = #{orderid,jdbcType=BIGINT}
  </select>
  <update id="updateByExampleWithBLOBs" parameterType="map" >
    update orders
    set userid = #{record.userid,jdbcType=VARCHAR},
      orderid = #{record.orderid,jdbcType=BIGINT},
      amount = #{record.amount,jdbcType=DECIMAL},
      status = #{record.status,jdbcType=VARCHAR},
      note = #{record.note,jdbcType=LONGVARCHAR}
    <if test="_parameter != null" >
      <include refid="Update_By_Example_Where_Clause" />
    </if>
  </update>
  <update id="updateByPrimaryKeyWithBLOBs" parameterType="demo.model.OrdersWithBLOBs" >
    update orders
    set amount = #{amount,jdbcType=DECIMAL},
      status = #{status,jdbcType=VARCHAR},
      note = #{note,jdbcType=LONGVARCHAR}
    where userid = #{userid,jdbcType=VARCHAR}
      and orderid = #{orderid,jdbcType=BIGINT}
  </update>
</mapper>
""")
    gdir = os.path.join(tmp, "gen")
    os.makedirs(gdir)
    kptest.write(os.path.join(gdir, "schema.sql"), "CREATE TABLE orders (userid VARCHAR(64) NOT NULL, orderid BIGINT "
                 "NOT NULL, amount DECIMAL(12, 2), status VARCHAR(16), note TEXT, PRIMARY KEY (userid, orderid));\n")
    kptest.write(os.path.join(gdir, "OrdersMapper.xml"), blobs)
    rc, got, err = lint(gdir, ["OrdersMapper.xml"], "--schema", os.path.join(gdir, "schema.sql"))
    # the one error is true: deleteByExample without its example is DELETE
    # FROM orders, which Lindorm refuses (one row by its whole key only)
    same("generator WithBLOBs: Lindorm's refused DELETE, and exactly the full scans and the pasted ORDER BY",
         ([g[:4] for g in got if g[1] == "error"], [g[:4] for g in got if g[2] > 197]),
         ([("KP001", "error", 99, 5)],
          [("KP001", "warning", 204, 5), ("KP035", "warning", 216, 16), ("KP001", "warning", 229, 5)]), err)

kptest.finish()
