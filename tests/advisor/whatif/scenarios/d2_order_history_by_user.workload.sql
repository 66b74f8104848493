-- weight: 5000
SELECT * FROM orders WHERE order_id = ?;
-- weight: 2000
SELECT order_id, status, amount FROM orders WHERE user_id = ? ORDER BY created_at DESC LIMIT 20;
-- weight: 500
SELECT order_id, amount FROM orders WHERE user_id = ? AND status = ? ORDER BY created_at DESC LIMIT 20;
-- weight: 1000
UPDATE orders SET status = ? WHERE order_id = ?;
-- weight: 1000
INSERT INTO orders (order_id, user_id, status, created_at, amount) VALUES (?, ?, ?, ?, ?);
