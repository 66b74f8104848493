-- weight: 10000
SELECT * FROM orders WHERE order_id = ?;
-- weight: 3000
SELECT order_id, amount, status FROM orders WHERE buyer_id = ? ORDER BY created DESC LIMIT 20;
-- weight: 100
SELECT order_id FROM orders WHERE seller_id = ? AND status = ? LIMIT 50;
-- weight: 100
SELECT order_id FROM orders WHERE seller_id = ? AND created >= ? AND created < ? LIMIT 50;
-- weight: 100
SELECT order_id FROM orders WHERE product = ? AND status = ? LIMIT 50;
-- weight: 100
SELECT order_id FROM orders WHERE amount > ? AND status = ? LIMIT 50;
-- weight: 100
SELECT order_id FROM orders WHERE buyer_id = ? AND status = ? LIMIT 50;
-- weight: 10000
INSERT INTO orders (order_id, buyer_id, seller_id, status, product, amount, created) VALUES (?, ?, ?, ?, ?, ?, ?);
