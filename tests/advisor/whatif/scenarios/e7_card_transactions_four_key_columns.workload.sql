-- weight: 3000
SELECT seller_id, amount, txn_time FROM card_txn WHERE card_id = ?;
-- weight: 500
SELECT amount FROM card_txn WHERE card_id = ? AND seller_id = ? AND device_id = ? AND order_number = ?;
-- weight: 100
SELECT amount FROM card_txn WHERE seller_id = ? AND txn_time >= ? AND txn_time < ?;
-- weight: 20000
INSERT INTO card_txn (card_id, seller_id, device_id, order_number, amount, txn_time) VALUES (?, ?, ?, ?, ?, ?);
