#!/usr/bin/env python3
"""Repositories keyplan had not seen (docs/embedded-sql.md): Jdbi's Handle
(createQuery on a handle, createUpdate, prepareBatch, @SqlQuery) takes SQL
while JPA's em.createQuery takes JPQL; Jdbi's <name> attributes are text
written in by its template engine; pgx's @name is a named parameter. The
sources quote jdbi's TestBindList.java, pgx's named_args.go and peewee's
tests/shortcuts.py (execute_sql). Every
check asserts exact rules, severities and line:col.

Usage: test_embed_unseen.py KEYPLAN SOURCE_DIR"""
import json
import os

import kptest
from kptest import check

KEYPLAN, SRC, _ = kptest.args()

SCHEMA = """CREATE TABLE thing (id INT NOT NULL, foo VARCHAR, bar INT, PRIMARY KEY (id));
"""


def lint(tmp, name, text):
    path = os.path.join(tmp, name)
    kptest.write(path, text)
    rc, out, err = kptest.run("lint", "--no-config", "--target", "generic", "--schema",
                              os.path.join(tmp, "schema.sql"), "--format", "json", "--fail-on", "info", path,
                              cwd=tmp, plain=True)
    try:
        diags = json.loads(out)["diagnostics"]
    except ValueError:
        diags = []
    return [(d["rule"], d["severity"], d["line"], d["column"]) for d in diags], diags, out + err


with kptest.tempdir() as tmp:
    kptest.write(os.path.join(tmp, "schema.sql"), SCHEMA)

    got, diags, err = lint(tmp, "TestBindList.java", """public class TestBindList {
    @Test
    public void testBindList() {
        handle.createUpdate("insert into thing (<columns>) values (<values>)")
                .defineList("columns", "id", "foo")
                .bindList("values", 3, "abc")
                .execute();

        List<Thing> list = handle.createQuery("select id, foo from thing where id in (<ids>)")
                .bindList("ids", 1, 3)
                .mapTo(Thing.class)
                .list();
        String out = h.createQuery("select foo from thing where bar < 3 and id > 0 and id<2").mapTo(String.class).one();
        List<Thing> all = em.createQuery("select t from Thing t where t.bar < 3").getResultList();
    }

    public interface ThingDao {
        @SqlQuery("select id, foo from thing where bar = :bar")
        List<Thing> byBar(@Bind("bar") int bar);
    }

    @Test
    public void testMapTuple1WithNameOnlyUsingColumnMapperShouldSucceed() {
        Tuple1<String> result = h2Extension.getSharedHandle()
            .createQuery("select foo from thing where bar = 1")
            .mapTo(new GenericType<Tuple1<String>>() {})
            .one();
    }
}
""")
    check("Jdbi: handle.createQuery and h.createQuery are SQL, <name> is pasted text (KP035 at it), "
          "em.createQuery is JPQL, @SqlQuery is SQL, createQuery on getSharedHandle() is SQL",
          got == [("KP035", "warning", 4, 49), ("KP035", "warning", 9, 87), ("KP002", "info", 13, 65),
                  ("KP001", "warning", 18, 52), ("KP001", "warning", 25, 55)], f"{got}\n{err}")
    check("Jdbi: the attribute is named in KP035, never a syntax error",
          diags and diags[1]["message"].startswith("interpolated SQL: `<ids>` is pasted into the statement text"),
          err)

    got, diags, err = lint(tmp, "named_args.go", """package pgx

// NamedArgs can be used as the first argument to a query method. It will replace every '@' named placeholder with a '$'
// ordinal placeholder and construct the appropriate arguments.
//
// For example, the following two queries are equivalent:
//
//	conn.Query(ctx, "select * from widgets where foo = @foo and bar = @bar", pgx.NamedArgs{"foo": 1, "bar": 2})
//	conn.Query(ctx, "select * from widgets where foo = $1 and bar = $2", 1, 2)
func example(ctx context.Context, conn *pgx.Conn) {
	conn.Query(ctx, "select * from thing where foo = @foo and bar = @bar", pgx.NamedArgs{"foo": 1, "bar": 2})
	conn.Exec(ctx, "select * from thing where id = @id", pgx.NamedArgs{"id": 1})
	conn.Exec(ctx, "select '@foo' as x from thing where bar = $1", 1)
}
""")
    check("pgx: @name is a named parameter (no KP016); '@foo' in a literal stays text",
          got == [("KP001", "warning", 11, 45), ("KP001", "warning", 13, 54)], f"{got}\n{err}")

    # pgx's pgtype/timestamptz_test.go: what a SELECT a SQL call takes selects
    # is pasted: KP035 at it, not silence
    got, diags, err = lint(tmp, "timestamptz_test.go", """package pgtype_test

func TestTimestamptzBinaryTextParity(t *testing.T) {
	defaultConnTestRunner.RunTest(context.Background(), t, func(ctx context.Context, t testing.TB, conn *pgx.Conn) {
		for _, expr := range []string{`'2024-01-02 03:04:05.123456+00'::timestamptz`} {
			var binary, text time.Time
			err := conn.QueryRow(ctx, "select "+expr, pgx.QueryExecModeCacheStatement).Scan(&binary)
			require.NoError(t, err)
		}
	})
}
""")
    check("Go: \"select \"+expr passed to QueryRow is a statement with pasted text (KP035), not silence",
          got == [("KP035", "warning", 7, 40)], f"{got}\n{err}")

    # peewee's tests/shortcuts.py: Database.execute_sql takes SQL (a SELECT
    # without FROM is read only where a SQL call takes it)
    path = os.path.join(tmp, "shortcuts.py")
    kptest.write(path, """class TestReconnectMixin(DatabaseTestCase):
    def test_reconnect_mixin_execute_sql(self):
        sql = 'select 1 + 1'
        curs = self.database.execute_sql(sql)
        self.assertEqual(curs.fetchone(), (2,))

    def test_reconnect_mixin_interface_error(self):
        curs = self.database.execute_sql('select 1 + 1')
        self.assertEqual(curs.fetchone(), (2,))
""")
    rc, out, err = kptest.run("explain", "--target", "generic", "--schema", os.path.join(tmp, "schema.sql"), path,
                              cwd=tmp, plain=True)
    check("peewee: execute_sql's statements and the local passed to it are read",
          out == "shortcuts.py:3:16: SELECT: no table, no plan\nshortcuts.py:8:43: SELECT: no table, no plan\n",
          out + err)

kptest.finish()
