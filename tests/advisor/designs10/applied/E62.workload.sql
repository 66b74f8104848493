-- POST /api/v3/order: a new order; its orderId is the symbol's next
-- weight: 100000
UPSERT INTO spot_order (bucket, symbol, order_id, account_id, client_order_id, side, order_type, time_in_force, price, orig_qty, executed_qty, cum_quote_qty, status, order_time, update_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 'NEW', ?, ?);
-- the matching engine's execution reports: a fill, a cancel or an expiry updates the order
-- weight: 150000
UPSERT INTO spot_order (bucket, symbol, order_id, account_id, executed_qty, cum_quote_qty, status, update_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- GET /api/v3/order: one order of the account, by symbol and orderId
-- weight: 30000
SELECT client_order_id, side, order_type, price, orig_qty, executed_qty, status, order_time, update_time FROM spot_order WHERE bucket = ? AND account_id = ? AND symbol = ? AND order_id = ?;
-- GET /api/v3/openOrders: the account's open orders on a symbol
-- weight: 40000
SELECT order_id, client_order_id, side, order_type, price, orig_qty, executed_qty, order_time FROM spot_order WHERE account_id = ? AND symbol = ? AND status IN ('NEW', 'PARTIALLY_FILLED');
-- GET /api/v3/allOrders: the account's orders on a symbol from an orderId, ascending, a page of 500
-- weight: 20000
SELECT order_id, client_order_id, side, price, orig_qty, executed_qty, status, order_time FROM spot_order WHERE account_id = ? AND symbol = ? AND order_id >= ? ORDER BY order_id LIMIT 500;
-- GET /api/v3/allOrders with startTime and endTime
-- weight: 3000
SELECT order_id, side, price, orig_qty, executed_qty, status, order_time FROM spot_order WHERE account_id = ? AND symbol = ? AND order_time >= ? AND order_time < ? LIMIT 500;
-- every fill moves two balances of each side: the base asset and the quote asset
-- weight: 300000
UPSERT INTO account_balance (account_id, asset, free, locked, update_time) VALUES (?, ?, ?, ?, ?);
-- the order check: the asset's free balance
-- weight: 100000
SELECT free, locked FROM account_balance WHERE account_id = ? AND asset = ?;
-- GET /api/v3/account: all the account's balances
-- weight: 20000
SELECT asset, free, locked FROM account_balance WHERE account_id = ?;
