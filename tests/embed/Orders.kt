package demo

class Orders(private val db: Db) {
    fun byOrder(id: Long) = db.query("SELECT * FROM orders " +
        "WHERE orderid = ?", id)

    fun raw() = db.query("""
        SELECT * FROM orders
        WHERE userid = ? ORDER BY orderid DESC
    """)

    fun templated(user: User) = db.query("SELECT * FROM orders WHERE userid = '${user.id}' AND amount > 10")

    fun pasted(id: Long) = db.query("SELECT * FROM orders WHERE orderid = $id")

    // keyplan:ignore full-scan -- admin only
    fun all() = db.query("SELECT * FROM orders WHERE amount > 0")
}
