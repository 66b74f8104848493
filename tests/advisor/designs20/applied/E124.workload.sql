-- POST /v2/orders: an order placed (the id a UUID the broker assigns)
-- rate: 3000/s
-- weight: 3000
UPSERT INTO brokerage_order (account_id, order_id, client_order_id, symbol, asset_class, side, order_type, time_in_force, qty, limit_price, stop_price, status, filled_qty, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', 0, ?, ?);
-- an execution from the venue: partially_filled or filled; or canceled, expired
-- rate: 4000/s
-- weight: 4000
UPSERT INTO brokerage_order (account_id, order_id, status, filled_qty, filled_avg_price, updated_at, filled_at, canceled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- GET /v2/orders/{order_id}
-- weight: 20000
SELECT client_order_id, symbol, side, order_type, time_in_force, qty, limit_price, status, filled_qty, filled_avg_price, created_at FROM brokerage_order WHERE account_id = ? AND order_id = ?;
-- GET /v2/orders:by_client_order_id
-- weight: 8000
SELECT order_id, symbol, side, qty, status, filled_qty, filled_avg_price FROM brokerage_order WHERE account_id = ? AND client_order_id = ?;
-- GET /v2/orders?status=open: the account's open orders
-- weight: 12000
SELECT order_id, client_order_id, symbol, side, qty, limit_price, status, filled_qty FROM brokerage_order WHERE account_id = ? AND status IN ('new', 'accepted', 'partially_filled');
-- the crypto desk's view: the account's crypto orders not yet filled
-- weight: 2000
SELECT order_id, symbol, side, qty, filled_qty FROM crypto_order WHERE account_id = ? AND status = 'new';
-- the close: day orders still open are expired (once a day)
-- weight: 1
SELECT account_id, order_id FROM brokerage_order WHERE status = 'new' AND time_in_force = 'day';
-- a fill moves the position
-- rate: 2500/s
-- weight: 2500
UPSERT INTO account_position (account_id, symbol, asset_class, qty, avg_entry_price, cost_basis, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?);
-- GET /v2/positions
-- weight: 30000
SELECT symbol, asset_class, qty, avg_entry_price, cost_basis FROM account_position WHERE account_id = ?;
-- GET /v2/positions/{symbol}
-- weight: 10000
SELECT qty, avg_entry_price, cost_basis FROM account_position WHERE account_id = ? AND symbol = ?;
-- the fill recorded as an account activity (its id: the transaction time, then a UUID)
-- rate: 2500/s
-- weight: 2500
UPSERT INTO account_activity (activity_id, account_id, activity_type, transaction_time, symbol, side, qty, price, cum_qty, leaves_qty, order_id, order_status, net_amount) VALUES (?, ?, 'FILL', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- GET /v2/account/activities?direction=desc&page_size=100: the newest first
-- weight: 15000
SELECT activity_id, activity_type, transaction_time, symbol, side, qty, price, order_id, net_amount FROM account_activity WHERE account_id = ? ORDER BY activity_id DESC LIMIT 100;
-- GET /v2/account/activities/FILL?after=...: the fills since a date, oldest first
-- weight: 3000
SELECT activity_id, transaction_time, symbol, side, qty, price, order_id FROM account_activity WHERE account_id = ? AND activity_type = 'FILL' AND activity_id > ? ORDER BY activity_id LIMIT 100;
