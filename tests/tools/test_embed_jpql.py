#!/usr/bin/env python3
"""JPQL handed to helpers (docs/embedded-sql.md, "What counts as SQL"): a
string no SQL call takes is JPQL, and silent, when it names an @Entity of
the linted tree (by its JPQL name) after FROM, JOIN, UPDATE or INTO, or
when a class-like name in its FROM has a range variable read as a path to
a property. A string passed to a SQL call stays SQL. The sources quote
spring-data-jpa's tests and domain classes.

Usage: test_embed_jpql.py KEYPLAN SOURCE_DIR"""
import json
import os

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()

FILES = {
    'domain/User.java': 'package org.springframework.data.jpa.domain.sample;\n\n@Entity\n@NamedEntityGraphs({ @NamedEntityGraph(name = "User.overview", attributeNodes = { @NamedAttributeNode("roles") }) })\n@NamedQuery(name = "User.findByEmailAddress", query = "SELECT u FROM User u WHERE u.emailAddress = ?1")\n@Table(name = "SD_User")\npublic class User {\n\t@Id @GeneratedValue(strategy = GenerationType.AUTO) private Integer id;\n}\n',
    'domain/Owner.kt': '@Entity(name = "PetOwner")\n@EntityListeners(AuditingEntityListener::class)\ndata class Owner(@Id val id: Long, val name: String)\n',
    'query/HqlQueryTransformerTests.java': 'class HqlQueryTransformerTests {\n\t@Test\n\tvoid createsCountQueryForConstructorQueries() {\n\n\t\tassertCountQuery("select distinct new com.example.User(name, lastname) from User where foo = ?1",\n\t\t\t\t"select count(distinct name, lastname) from User where foo = ?1");\n\t\tassertThat(alias("delete from PetOwner where name = ?1")).isNull();\n\t}\n\n\t@Test\n\tvoid nativeQueriesStaySql() {\n\t\tem.createNativeQuery("select 1 from User where firstname=? and lastname=?");\n\t\tassertQuery("select * from users where lastname = ?1");\n\t}\n}\n',
    'query/JSqlParserQueryEnhancerUnitTests.java': 'class JSqlParserQueryEnhancerUnitTests {\n\t@Test\n\tvoid shouldApplySorting() {\n\t\tString query = "SELECT AVG(m.price) AS avgPrice FROM Magazine m";\n\t\tassertCountQuery("select distinct m.genre from Media m where m.user = ?1 order by m.genre asc",\n\t\t\t\t"select count(distinct m.genre) from Media m where m.user = ?1");\n\t\tString sql = "SELECT o.order_id FROM orders o WHERE o.customer_id = ?";\n\t}\n}\n',
}


def lint(cwd, *paths):
    # a schema without the tables the strings name: KP008 at each string
    # read as SQL (with no schema at all, lint drops them: "no schema" once)
    schema = os.path.join(cwd, "unrelated.schema.sql")
    if not os.path.exists(schema):
        kptest.write(schema, "CREATE TABLE unrelated (k INT PRIMARY KEY);\n")
    rc, out, err = kptest.run("lint", "--no-config", "--target", "generic", "--schema", schema, "--format", "json",
                              *paths, cwd=cwd, plain=True)
    try:
        diags = json.loads(out)["diagnostics"]
    except ValueError:
        diags = []
    return [(d["file"], d["rule"], d["severity"], d["line"], d["column"]) for d in diags], out + err


with kptest.tempdir() as tmp:
    for name, text in FILES.items():
        os.makedirs(os.path.dirname(os.path.join(tmp, name)), exist_ok=True)
        kptest.write(os.path.join(tmp, name), text)
    H = "query/HqlQueryTransformerTests.java"
    J = "query/JSqlParserQueryEnhancerUnitTests.java"

    got, err = lint(tmp, ".")
    check("the tree's @Entity names (User, @Entity(name = \"PetOwner\")) and entity paths make helper strings JPQL; "
          "SQL calls and table-like names stay SQL",
          got == [(H, "KP008", "error", 12, 39), (H, "KP008", "error", 13, 30), (J, "KP008", "error", 7, 40)],
          f"{got}\n{err}")

    got, err = lint(tmp, H)
    check("without the entity classes in the lint, a string naming User stays SQL",
          got == [(H, "KP008", "error", 6, 49), (H, "KP008", "error", 7, 33), (H, "KP008", "error", 12, 39),
                  (H, "KP008", "error", 13, 30)], f"{got}\n{err}")

    for order in (("domain", H), (H, "domain"), (H, "domain/User.java", "domain/Owner.kt")):
        got, err = lint(tmp, *order)
        check(f"entities of every input are known to every file, in any order: {order}",
              got == [(H, "KP008", "error", 12, 39), (H, "KP008", "error", 13, 30)], f"{got}\n{err}")

kptest.finish()
