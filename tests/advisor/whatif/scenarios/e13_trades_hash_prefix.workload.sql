-- one order, by its number
-- weight: 8000
SELECT * FROM trades WHERE order_number = ?;
-- a seller's trades of a day
-- weight: 1500
SELECT order_number, buyer_id, amount FROM trades WHERE seller_id = ? AND trade_time >= ? AND trade_time < ?;
-- a buyer's trades of a month
-- weight: 1500
SELECT order_number, seller_id, amount FROM trades WHERE buyer_id = ? AND trade_time >= ? AND trade_time < ?;
-- weight: 1000
UPDATE trades SET status = ? WHERE order_number = ?;
-- weight: 20000
UPSERT INTO trades (order_number, seller_id, buyer_id, trade_time, amount, status) VALUES (?, ?, ?, ?, ?, ?);
