#!/usr/bin/env python3
"""DDL and DML forms of real application schemas (FOREIGN KEY, REFERENCES,
CHECK, UNIQUE, identity columns, CHARACTER SET, RETURNING, ON CONFLICT,
INSERT OR, x::type, ALTER TABLE ... ADD PRIMARY KEY, UPDATE and DELETE with
an alias), each read on every target: the exact findings (rule, severity,
line:col, message, help) where the target's own grammar refuses the form
(advisor/dialect.c, docs/targets.md), none where it takes it. Then schemas in
the style of public repositories (tests/schemas/*.sql) load under generic
with the exact catalog (the shell's .schema) and the exact findings.

Usage: test_forms.py KEYPLAN SOURCE_DIR"""
import json
import os

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()
TARGETS = ("lindorm", "tablestore", "phoenix", "generic")
BASE = "CREATE TABLE p (id BIGINT NOT NULL PRIMARY KEY, name VARCHAR(10));\n"

LINDORM_DDL = ("Lindorm's CREATE TABLE takes column_definition ::= column_identifier data_type [NOT NULL], "
               "a PRIMARY KEY and {KEY | INDEX} elements, and WITH table options (Lindorm, CREATE TABLE)")
LINDORM_UPSERT = ("Lindorm writes rows with {UPSERT | INSERT} INTO table (columns) VALUES (...), ... [ON "
                  "DUPLICATE KEY column = value | IGNORE] (Lindorm, UPSERT)")
TABLESTORE_DDL = ("Tablestore's CREATE TABLE maps an existing table: column_name data_type [NOT NULL | NULL], "
                  "..., PRIMARY KEY (key_part, ...), ENGINE and ENGINE_ATTRIBUTE (Tablestore, Create a mapping "
                  "table for a table)")
PHOENIX_DDL = ("Phoenix's CREATE TABLE takes a column as columnRef dataType [[NOT] NULL] [DEFAULT "
               "constantOperand] [PRIMARY KEY [ASC | DESC] [ROW_TIMESTAMP]] and one table constraint, "
               "CONSTRAINT name PRIMARY KEY (...) (Phoenix grammar, CREATE TABLE, Column Def, Constraint)")
PHOENIX_UPSERT = ("Phoenix writes rows with UPSERT INTO table [(columns)] VALUES (...) [ON DUPLICATE KEY "
                  "{IGNORE | UPDATE column = operand, ...}] (Phoenix grammar, UPSERT VALUES)")
PHOENIX_DML = ("Phoenix writes and changes rows with UPSERT INTO table [(columns)] VALUES (...) and UPSERT INTO "
               "table [(columns)] SELECT ...; its DML is SELECT, UPSERT VALUES, UPSERT SELECT and DELETE, with "
               "no INSERT, UPDATE or REPLACE (Phoenix grammar, UPSERT VALUES, UPSERT SELECT)")
PHOENIX_RETURNING = ("Phoenix's UPSERT and DELETE return the row they wrote only as RETURNING * (Phoenix "
                     "grammar, UPSERT VALUES, DELETE)")
PHOENIX_CAST = ("Phoenix converts a value with CAST(value AS dataType); its grammar has no '::' operator "
                "(Phoenix grammar, Cast)")
PHOENIX_VIEW = ("Phoenix's CREATE VIEW takes [IF NOT EXISTS] newTableRef [(columnDef, ...)] [AS SELECT * FROM "
                "existingTableRef [WHERE expression]] [tableOptions] (Phoenix grammar, Create View)")
PHOENIX_OPERATORS = ("Phoenix's expressions compare with = <> != < <= > >=, compute with + - * / % and join "
                     "strings with ||; its grammar has no '&&', '->' or '->>' operator (Phoenix grammar, "
                     "Expression, Condition, Operand)")
USER_TYPES = ("{}'s SQL declares no types of its own: a column's type is one of its data types, and it has "
              "no CREATE TYPE or CREATE DOMAIN statement")
ALTER = {
    "lindorm": ("Lindorm's ALTER TABLE takes ADD [COLUMN] column_def, DROP COLUMN [IF EXISTS] column_name, SET "
                "table_options and COMPACT; a table's primary key is the one its CREATE TABLE declares "
                "(Lindorm, ALTER TABLE)"),
    "tablestore": ("Tablestore's ALTER TABLE adds or removes one attribute column (ALTER TABLE table_name {ADD "
                   "COLUMN | DROP COLUMN} column_name [data_type]) and cannot add or remove primary key columns "
                   "(Tablestore, Update the attribute columns of a mapping table)"),
    "phoenix": ("Phoenix's ALTER TABLE takes ADD [IF NOT EXISTS] columnDef, ... [options], DROP COLUMN [IF "
                "EXISTS] columnRef, ... or SET options; a key column is added as a columnDef with PRIMARY KEY "
                "(Phoenix grammar, ALTER)"),
}
# generic: p has its key from CREATE TABLE, and a table has one
SECOND_PK = [("KP014", "error", 1, 34, "p already has a primary key (id); a table has one",
              'PostgreSQL: ERROR: multiple primary keys for table "p" are not allowed; '
              "MySQL: ERROR 1068 (42000): Multiple primary key defined")]
DDL = {"lindorm": LINDORM_DDL, "tablestore": TABLESTORE_DDL, "phoenix": PHOENIX_DDL}


def refused(form, col, words):
    """KP012 at line 1, col on each target words names (target -> help)."""
    return {t: [("KP012", "error", 1, col, f"{t} refuses {form}", w)] for t, w in words.items()}


# (statement, where the form's keyword is, expected findings per target)
CASES = [
    ("CREATE TABLE c (id BIGINT NOT NULL PRIMARY KEY, pid BIGINT, CONSTRAINT fk FOREIGN KEY (pid) "
     "REFERENCES p (id) ON DELETE CASCADE ON UPDATE NO ACTION MATCH SIMPLE NOT DEFERRABLE)",
     refused("FOREIGN KEY", 75, DDL)),
    ("CREATE TABLE c (id BIGINT NOT NULL PRIMARY KEY, pid BIGINT CONSTRAINT r REFERENCES p (id) "
     "MATCH FULL INITIALLY DEFERRED)",
     refused("REFERENCES", 73, DDL)),
    ("CREATE TABLE c (id BIGINT NOT NULL PRIMARY KEY, v BIGINT CHECK (v > 0))",
     refused("CHECK", 58, DDL)),
    ("CREATE TABLE c (id BIGINT NOT NULL PRIMARY KEY, v BIGINT, CONSTRAINT ck CHECK (v > 0 AND v < 9))",
     refused("CHECK", 73, DDL)),
    ("CREATE TABLE c (id BIGINT NOT NULL PRIMARY KEY, u VARCHAR(10) UNIQUE)",
     refused("UNIQUE", 63, DDL)),
    ("CREATE TABLE c (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY)",
     refused("an identity or generated column", 27, DDL)),
    ("CREATE TABLE c (id BIGINT NOT NULL PRIMARY KEY, s VARCHAR(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin)",
     refused("CHARACTER SET", 63, DDL)),
    ("DELETE FROM p WHERE id = 1 RETURNING id, name",
     refused("RETURNING", 28, {"phoenix": PHOENIX_RETURNING})),
    ("DELETE FROM p WHERE id = 1 RETURNING *", {}),
    ("INSERT INTO p (id, name) VALUES (1, 'a') ON CONFLICT (id) DO UPDATE SET name = 'b'",
     {**refused("ON CONFLICT", 45, {"lindorm": LINDORM_UPSERT}),
      "phoenix": [("KP012", "error", 1, 1, "phoenix refuses INSERT", PHOENIX_DML),
                  ("KP012", "error", 1, 45, "phoenix refuses ON CONFLICT", PHOENIX_UPSERT)]}),
    # Phoenix's DML is SELECT, UPSERT VALUES, UPSERT SELECT and DELETE; Lindorm
    # writes with UPSERT or INSERT
    ("INSERT INTO p (id, name) VALUES (1, 'a')", refused("INSERT", 1, {"phoenix": PHOENIX_DML})),
    ("INSERT IGNORE INTO p (id, name) VALUES (1, 'a')", refused("INSERT", 1, {"phoenix": PHOENIX_DML})),
    ("REPLACE INTO p (id, name) VALUES (1, 'a')",
     refused("REPLACE", 1, {"lindorm": LINDORM_UPSERT, "phoenix": PHOENIX_DML})),
    ("UPSERT INTO p (id, name) VALUES (1, 'a')", {}),
    ("UPDATE p SET name = 'b' WHERE id = 1", refused("UPDATE", 1, {"phoenix": PHOENIX_DML})),
    ("INSERT OR IGNORE INTO p (id, name) VALUES (1, 'a')",
     refused("INSERT OR", 8, {"lindorm": LINDORM_UPSERT, "phoenix": PHOENIX_UPSERT})),
    ("SELECT name FROM p WHERE id = '1'::bigint",
     refused("'::' casts", 34, {"phoenix": PHOENIX_CAST})),
    ("ALTER TABLE p ADD CONSTRAINT pk2 PRIMARY KEY (id)",
     {**refused("ALTER TABLE ... ADD PRIMARY KEY", 34, ALTER), "generic": SECOND_PK}),
    # MySQL's action list and a column's new type: none of the three stores' ALTER TABLE
    ("ALTER TABLE p ADD COLUMN a INT, ADD INDEX pa (a), DROP COLUMN name, MODIFY a BIGINT",
     {t: [("KP012", "error", 1, 37, f"{t} refuses several actions in one ALTER TABLE", w),
          ("KP012", "error", 1, 69, f"{t} refuses a column's type changed (MODIFY, CHANGE, ALTER COLUMN ... TYPE)", w)]
      for t, w in ALTER.items()}),
    ("ALTER TABLE p ALTER COLUMN name SET DATA TYPE VARCHAR(20)",
     refused("a column's type changed (MODIFY, CHANGE, ALTER COLUMN ... TYPE)", 15, ALTER)),
    ("CREATE DEFINER=`root`@`%` SQL SECURITY DEFINER VIEW v AS SELECT * FROM p",
     refused("ALGORITHM, DEFINER and SQL SECURITY of a view", 8, {"phoenix": PHOENIX_VIEW})),
    ("SELECT name FROM p WHERE id = 1 AND name ->> '$.a' = 'x'",
     {t: ([("KP012", "error", 1, 42, "phoenix refuses '->' and '->>'", PHOENIX_OPERATORS)] if t == "phoenix" else [])
      + [("KP002", "info", 1, 37, "get: the server filters rows by " + ("NAME" if t == "phoenix" else "name") +
           " ->> '$.a' = 'x'", None)] for t in TARGETS}),
    ("SELECT name FROM p WHERE id = 1 AND name && ARRAY['a']",
     {t: ([("KP012", "error", 1, 42, "phoenix refuses '&&'", PHOENIX_OPERATORS)] if t == "phoenix" else [])
      + [("KP002", "info", 1, 37, "get: the server filters rows by " + ("NAME" if t == "phoenix" else "name") +
           " && ARRAY['a']", None)] for t in TARGETS}),
    ("CREATE DOMAIN dn AS bigint NOT NULL",
     refused("CREATE TYPE and CREATE DOMAIN", 8, {
         "lindorm": USER_TYPES.format("Lindorm"), "tablestore": USER_TYPES.format("Tablestore"),
         "phoenix": USER_TYPES.format("Phoenix")})),
    ("UPDATE p AS x SET name = 'b' WHERE x.id = 1", refused("UPDATE", 1, {"phoenix": PHOENIX_DML})),
    ("DELETE FROM p x WHERE x.id = 1", {}),
]


def test_backslash_escapes():
    """MySQL's \\' is a quote inside a string where the target reads MySQL's
    escapes (tablestore, generic: MySQL dumps write DEFAULT '\\'##\\''); on
    lindorm and phoenix a backslash is a character, so the string ends there."""
    sql = "SELECT name FROM p WHERE id = 1 AND name = 'it\\'s'"
    for t in TARGETS:
        code, got, err = findings(t, sql, BASE)
        want = ([("KP002", "info", 1, 37, "get: the server filters rows by name = 'it''s'", None)]
                if t in ("tablestore", "generic") else
                [("KP011", "error", 1, 49, "syntax error near 's'", None),
                 ("KP016", "error", 1, 50, "unterminated string literal", None)])
        check(f"{t}: backslash escapes", got == want, f"got {got}\nwant {want}\n{err}")
    sql += " AND name <> 'a\\\\'"
    with kptest.tempdir() as d:
        kptest.write(os.path.join(d, "s.sql"), BASE)
        kptest.write(os.path.join(d, "q.sql"), sql + ";\n")
        code, out, err = kptest.run("explain", "--target", "generic", "--schema", "s.sql", "q.sql", cwd=d,
                                    plain=True)
    want = "q.sql:1:1: GET p key (id=1) filter name = 'it''s' AND name <> 'a\\'\n"
    check("escapes decoded", out == want, f"{out!r}\n{err}")


def findings(target, sql, schema):
    with kptest.tempdir() as d:
        kptest.write(os.path.join(d, "s.sql"), schema)
        kptest.write(os.path.join(d, "q.sql"), sql + ";\n")
        code, out, err = kptest.run("lint", "--format", "json", "--target", target, "--schema", "s.sql",
                                    "q.sql", cwd=d, plain=True)
    got = [(g["rule"], g["severity"], g["line"], g["column"], g["message"], (g["help"] or [None])[0])
           for g in json.loads(out)["diagnostics"]]
    return code, got, err


def test_forms():
    for sql, want in CASES:
        for t in TARGETS:
            code, got, err = findings(t, sql, BASE)
            exp = want.get(t, [])
            check(f"{t}: {sql}", got == exp, f"got {got}\nwant {exp}\n{err}")
            check(f"{t}: exit code of {sql}", code == (1 if any(g[1] == "error" for g in exp) else 0),
                  f"exit {code}")


def test_alias_plans():
    """UPDATE and DELETE with an alias plan as without one: x.id binds the key."""
    with kptest.tempdir() as d:
        kptest.write(os.path.join(d, "s.sql"), BASE)
        kptest.write(os.path.join(d, "q.sql"), "UPDATE p AS x SET name = 'b' WHERE x.id = 1;\n"
                     "DELETE FROM p x WHERE x.id = 2;\nDELETE FROM p AS y WHERE y.id > 2 RETURNING *;\n")
        code, out, err = kptest.run("explain", "--target", "generic", "--schema", "s.sql", "q.sql", cwd=d,
                                    plain=True)
    want = ("q.sql:1:1: GET p key (id=1)\nq.sql:2:1: GET p key (id=2)\n"
            "q.sql:3:1: SCAN p range id (2, +inf)\n")
    check("alias plans", code == 0 and out == want, f"exit {code}\n{out}\n{err}")


def test_alter_and_types_explained():
    """explain says what each ALTER TABLE did (ADD PRIMARY KEY printed text
    past the end of its table of words), MySQL's action list as one
    statement, the plans after it, and a schema's own types."""
    with kptest.tempdir() as d:
        kptest.write(os.path.join(d, "s.sql"), "CREATE TABLE h (a INT, b INT);\n")
        kptest.write(os.path.join(d, "q.sql"),
                     "ALTER TABLE h ADD PRIMARY KEY (a);\n"
                     "ALTER TABLE h ADD COLUMN c INT, ADD INDEX hc (c), DROP COLUMN b, MODIFY c BIGINT;\n"
                     "SELECT * FROM h WHERE c = 1;\n"
                     "ALTER TABLE h ALTER COLUMN c SET DATA TYPE VARCHAR(4);\n"
                     "CREATE DOMAIN dn AS bigint NOT NULL;\n"
                     "SELECT * FROM h WHERE a = 1 AND extract(epoch from c) > 5 && c ->> 'x' = 'y';\n"
                     "CREATE TABLE g (a INT NOT NULL, b INT, doc TEXT);\n"
                     "ALTER TABLE g ADD PRIMARY KEY (a), ADD KEY gb (b);\n"
                     "SELECT * FROM g WHERE b = 1;\n"
                     "CREATE INDEX gj ON g ((doc ->> 'n'));\n"
                     "SELECT * FROM g WHERE doc ->> 'n' = 'x';\n"
                     "CREATE TABLE f (id INT NOT NULL, v INT);\n"
                     "ALTER TABLE f ADD KEY fv (v), ADD PRIMARY KEY (id);\n"
                     "ALTER TABLE f MODIFY id INT NOT NULL AUTO_INCREMENT, AUTO_INCREMENT=9;\n"
                     "SELECT * FROM f WHERE id = 1;\n")
        code, out, err = kptest.run("explain", "--target", "generic", "--schema", "s.sql", "q.sql", cwd=d,
                                    plain=True)
    want = ("q.sql:1:1: ALTER TABLE h ADD PRIMARY KEY\n"
            "q.sql:2:1: ALTER TABLE h (several actions)\n"
            "q.sql:3:1: SCAN h via index hc (+ table lookup) prefix (c=1)\n"
            "q.sql:4:1: ALTER TABLE h MODIFY COLUMN\n"
            "q.sql:5:1: CREATE DOMAIN dn: a column type, planned as bigint\n"
            "q.sql:6:1: GET h key (a=1) filter extract(epoch FROM c) > 5 AND c ->> 'x' = 'y'\n"
            "q.sql:7:1: CREATE TABLE g\n"
            "q.sql:8:1: ALTER TABLE g (several actions)\n"
            "q.sql:9:1: SCAN g via index gb (+ table lookup) prefix (b=1)\n"
            "q.sql:10:1: CREATE INDEX gj ON g\n"
            "q.sql:11:1: SCAN g via index gj (+ table lookup) prefix (doc ->> 'n'='x')\n"
            "q.sql:12:1: CREATE TABLE f\n"
            "q.sql:13:1: ALTER TABLE f (several actions)\n"
            "q.sql:14:1: ALTER TABLE f (several actions)\n"
            "q.sql:15:1: GET f key (id=1)\n")
    check("ALTER TABLE and types explained", code == 0 and out == want, f"exit {code}\n{out}\n{err}")


def test_application_code():
    """In application code a form the target refuses stays an error when a
    SQL call runs the string; under generic nothing is reported."""
    java = ('class A { void f(java.sql.Connection c) throws Exception {\n'
            '  c.prepareStatement("INSERT INTO p (id, name) VALUES (?, ?) ON CONFLICT (id) DO NOTHING");\n'
            '} }\n')
    for t, want in (("phoenix", [("KP012", "error", 2, 23, "phoenix refuses INSERT", PHOENIX_DML),
                                 ("KP012", "error", 2, 65, "phoenix refuses ON CONFLICT", PHOENIX_UPSERT)]),
                    ("generic", [])):
        with kptest.tempdir() as d:
            kptest.write(os.path.join(d, "s.sql"), BASE)
            kptest.write(os.path.join(d, "A.java"), java)
            code, out, err = kptest.run("lint", "--format", "json", "--target", t, "--schema", "s.sql",
                                        "A.java", cwd=d, plain=True)
        got = [(g["rule"], g["severity"], g["line"], g["column"], g["message"], (g["help"] or [None])[0])
               for g in json.loads(out)["diagnostics"]]
        check(f"{t}: ON CONFLICT in Java", got == want, f"got {got}\nwant {want}\n{err}")


# Each schema's catalog under generic, as the shell's .schema prints it, and
# check's findings (rule, severity, line, column).
SCHEMAS = {
    "jpetstore-6.sql": ("""\
CREATE TABLE supplier (suppid int NOT NULL, name varchar(80), status varchar(2) NOT NULL, city varchar(80), PRIMARY KEY (suppid));
  -- key: [suppid]
CREATE TABLE signon (username varchar(25) NOT NULL, password varchar(25) NOT NULL, PRIMARY KEY (username));
  -- key: [username]
CREATE TABLE orderstatus (orderid int NOT NULL, linenum int NOT NULL, timestamp date NOT NULL, status varchar(2) NOT NULL, PRIMARY KEY (orderid, linenum));
  -- key: [orderid][linenum]
CREATE TABLE category (catid varchar(10) NOT NULL, name varchar(80), PRIMARY KEY (catid));
  -- key: [catid]
CREATE TABLE product (productid varchar(10) NOT NULL, category varchar(10) NOT NULL, name varchar(80), PRIMARY KEY (productid));
  -- key: [productid]
CREATE INDEX productCat ON product (category);
  -- key: [category][productid]
CREATE INDEX productName ON product (name);
  -- key: [name][productid]
CREATE TABLE item (itemid varchar(10) NOT NULL, productid varchar(10) NOT NULL, listprice decimal(10, 2), supplier int, PRIMARY KEY (itemid));
  -- key: [itemid]
CREATE INDEX itemProd ON item (productid);
  -- key: [productid][itemid]
""", []),
    "newbee-mall.sql": ("""\
CREATE TABLE tb_newbee_mall_admin_user (admin_user_id int(11) NOT NULL, login_user_name varchar(50) NOT NULL, locked tinyint(4), redirect_url varchar(100) NOT NULL, PRIMARY KEY (admin_user_id)) ENGINE = InnoDB, AUTO_INCREMENT = 4, CHARACTER SET = utf8, COLLATE = utf8_general_ci, ROW_FORMAT = Dynamic;
  -- key: [admin_user_id]
CREATE TABLE tb_newbee_mall_order_item (order_item_id bigint(20) NOT NULL, order_id bigint(20) NOT NULL, goods_name varchar(200) NOT NULL, create_time datetime(0) NOT NULL, update_time datetime NOT NULL, PRIMARY KEY (order_item_id)) ENGINE = InnoDB, AUTO_INCREMENT = 1, CHARSET = utf8mb4, COMMENT = 'order items', ROW_FORMAT = Dynamic;
  -- key: [order_item_id]
CREATE INDEX idx_order_id ON tb_newbee_mall_order_item (order_id);
  -- key: [order_id][order_item_id]
""", [("KP101", "warning", 16, 3), ("KP101", "warning", 25, 3)]),
    "petclinic-hsqldb.sql": ("""\
CREATE TABLE owners (id INTEGER NOT NULL, first_name VARCHAR(30), last_name VARCHAR_IGNORECASE(30), telephone VARCHAR(20), PRIMARY KEY (id));
  -- key: [id]
CREATE INDEX owners_last_name ON owners (last_name);
  -- key: [last_name][id]
CREATE TABLE visits (id INTEGER NOT NULL, owner_id INTEGER NOT NULL, visit_date DATE, description VARCHAR(255), PRIMARY KEY (id));
  -- key: [id]
CREATE INDEX visits_owner_id ON visits (owner_id);
  -- key: [owner_id][id]
""", [("KP014", "warning", 12, 14), ("KP101", "warning", 10, 3), ("KP101", "warning", 18, 3)]),
    # the join table has no primary key (as in the original): under generic
    # a heap table (MySQL InnoDB keys it by a hidden row id), read through
    # its UNIQUE index or whole, not KP015; every table loads
    "petclinic-mysql.sql": ("""\
CREATE TABLE vets (id INT(4) UNSIGNED NOT NULL, first_name VARCHAR(30), last_name VARCHAR(30), PRIMARY KEY (id)) engine = InnoDB;
  -- key: [id]
CREATE INDEX vets_last_name_idx1 ON vets (last_name);
  -- key: [last_name][id]
CREATE TABLE specialties (id INT(4) UNSIGNED NOT NULL, name VARCHAR(80), PRIMARY KEY (id)) engine = InnoDB;
  -- key: [id]
CREATE INDEX specialties_name_idx1 ON specialties (name);
  -- key: [name][id]
CREATE TABLE vet_specialties (vet_id INT(4) UNSIGNED NOT NULL, specialty_id INT(4) UNSIGNED NOT NULL) engine = InnoDB;
  -- key: none (a heap table)
CREATE UNIQUE INDEX vet_specialties_vet_id_idx1 ON vet_specialties (vet_id, specialty_id);
  -- key: [vet_id][specialty_id]
CREATE TABLE owners (id INT(4) UNSIGNED NOT NULL, last_name VARCHAR(30), telephone VARCHAR(20), PRIMARY KEY (id)) engine = InnoDB;
  -- key: [id]
CREATE INDEX owners_last_name_idx1 ON owners (last_name);
  -- key: [last_name][id]
CREATE TABLE pets (id INT(4) UNSIGNED NOT NULL, name VARCHAR(30), birth_date DATE, owner_id INT(4) UNSIGNED, PRIMARY KEY (id)) engine = InnoDB;
  -- key: [id]
CREATE INDEX pets_name_idx1 ON pets (name);
  -- key: [name][id]
CREATE TABLE pet_attribute (id INT NOT NULL, weight DOUBLE NOT NULL, type_id INT, PRIMARY KEY (id)) engine = InnoDB;
  -- key: [id]
""", [("KP101", "warning", 8, 3), ("KP101", "warning", 15, 3),
      ("KP101", "warning", 29, 3), ("KP101", "warning", 36, 3), ("KP101", "warning", 45, 5)]),
    "petclinic-postgres.sql": ("""\
CREATE TABLE vets (id INT NOT NULL, first_name TEXT, last_name TEXT, uuid UUID, PRIMARY KEY (id));
  -- key: [id]
CREATE UNIQUE INDEX vets_uuid_idx1 ON vets (uuid);
  -- key: [uuid][id]
CREATE INDEX vets_last_name_idx2 ON vets (last_name);
  -- key: [last_name][id]
CREATE TABLE owners (id INT NOT NULL, last_name TEXT, city TEXT, PRIMARY KEY (id));
  -- key: [id]
CREATE INDEX owners_last_name_idx1 ON owners (last_name);
  -- key: [last_name][id]
CREATE TABLE pets (id INT NOT NULL, name TEXT, birth_date DATE, owner_id INT, type_id INT NOT NULL, PRIMARY KEY (id));
  -- key: [id]
CREATE INDEX pets_owner_id_idx1 ON pets (owner_id);
  -- key: [owner_id][id]
CREATE TABLE visits (id INT NOT NULL, pet_id INT, visit_date DATE, description TEXT, PRIMARY KEY (id));
  -- key: [id]
CREATE INDEX visits_pet_id_idx1 ON visits (pet_id);
  -- key: [pet_id][id]
""", [("KP101", "warning", 7, 3), ("KP101", "warning", 15, 3),
      ("KP101", "warning", 22, 3), ("KP101", "warning", 31, 3)]),
}


def test_schemas():
    folder = os.path.join(SRC, "tests", "schemas")
    check("schemas tested are the folder's", sorted(SCHEMAS) == sorted(os.listdir(folder)), os.listdir(folder))
    for name, (catalog, want) in SCHEMAS.items():
        path = os.path.join(folder, name)
        code, out, err = kptest.run("repl", "--target", "generic", "--schema", path, stdin=b".schema\n",
                                    plain=True)
        got = "".join(l + "\n" for l in out.splitlines()
                      if l.startswith("  -- key:") or (l.startswith("CREATE ") and "(" in l))
        check(f"{name}: catalog", got == catalog, f"got\n{got}\nwant\n{catalog}\n{err}")
        code, out, err = kptest.run("check", "--format", "json", "--target", "generic", "--schema", path,
                                    plain=True)
        found = [(g["rule"], g["severity"], g["line"], g["column"]) for g in json.loads(out)["diagnostics"]]
        check(f"{name}: findings", found == want, f"got {found}\nwant {want}\n{err}")
        check(f"{name}: exit code", code == (1 if any(f[1] == "error" for f in want) else 0), f"exit {code}")


if __name__ == "__main__":
    test_forms()
    test_alias_plans()
    test_alter_and_types_explained()
    test_application_code()
    test_backslash_escapes()
    test_schemas()
    kptest.finish()
