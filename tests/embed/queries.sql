-- The queries every language fixture of the differential test embeds.
SELECT * FROM orders WHERE orderid = ?;
SELECT * FROM orders WHERE userid = ? AND amount > 10;
SELECT * FROM orders WHERE userid = ? ORDER BY orderid DESC;
DELETE FROM orders WHERE amount < 5;
UPDATE orders SET amount = 1 WHERE userid = ? AND orderid = ?;
SELECT * FROM orders WHERE userid = ? AND orderid = 1 AND orderid = 2;
SELECT * FROM payments WHERE id = ?;
