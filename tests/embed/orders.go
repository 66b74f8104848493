package demo

import "fmt"

func queries(db *sql.DB, id int64) {
	db.Query("SELECT * FROM orders " +
		"WHERE orderid = $1", id)
	db.Query(`SELECT * FROM orders
	WHERE userid = ? AND amount > 10`)
	db.Query("SELECT * FROM orders WHERE userid = '\u00e9\t' ORDER BY orderid DESC")
	q := fmt.Sprintf("SELECT * FROM orders WHERE orderid = %d", id)
	// keyplan:ignore KP001 -- batch job
	db.Exec("DELETE FROM orders WHERE amount < 5")
	_ = q
}
