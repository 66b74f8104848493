def queries(cur, oid):
    cur.execute("SELECT * FROM orders "
                "WHERE orderid = %s", (oid,))
    cur.execute("""
        SELECT * FROM orders
        WHERE userid = %(user)s AND amount > 10""", {"user": "u"})
    cur.execute(f"SELECT * FROM orders WHERE orderid = {oid} AND status = 'x'")
    cur.execute("SELECT * FROM orders WHERE orderid = %s" % oid)
    # keyplan:ignore KP001 -- admin report
    cur.execute('DELETE FROM orders WHERE amount < 5')
    label = "Select an order"
    a = "SELECT * FROM orders WHERE userid = 'a' ORDER BY orderid DESC"
    b = "SELECT * FROM payments WHERE id = 1"
