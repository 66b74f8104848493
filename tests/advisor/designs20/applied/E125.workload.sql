-- a NewOrderSingle (35=D) accepted: the order's state
-- rate: 1000/s
-- weight: 1000
INSERT INTO order_state (account_id, order_id, cl_ord_id, symbol, side, ord_type, order_qty, price, ord_status, cum_qty, leaves_qty, avg_px, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '0', 0, ?, 0, ?, ?);
-- every ExecutionReport (35=8) from the venues' FIX sessions, as it arrives: new, partial fill, fill, canceled
-- rate: 4000/s
-- weight: 4000
INSERT INTO execution_report (trade_date, session_id, order_id, exec_id, cl_ord_id, exec_type, ord_status, symbol, side, last_qty, last_px, cum_qty, leaves_qty, avg_px, last_mkt, transact_time, sending_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... and the order's state moved with it (OrdStatus 39, CumQty 14, LeavesQty 151)
-- rate: 3000/s
-- weight: 3000
UPDATE order_state SET ord_status = ?, cum_qty = ?, leaves_qty = ?, avg_px = ?, updated_at = ? WHERE account_id = ? AND order_id = ?;
-- the order's blotter and the drop copy's reconciliation: the order's executions
-- weight: 20000
SELECT exec_id, exec_type, ord_status, last_qty, last_px, cum_qty, leaves_qty, transact_time FROM execution_report WHERE trade_date = ? AND session_id = ? AND order_id = ?;
-- a resent report (PossDupFlag 43=Y): seen already?
-- weight: 4000
SELECT exec_type, ord_status FROM execution_report WHERE trade_date = ? AND session_id = ? AND order_id = ? AND exec_id = ?;
-- the order read by its owner (the account's order screen)
-- weight: 20000
SELECT cl_ord_id, symbol, side, ord_type, order_qty, price, ord_status, cum_qty, leaves_qty, avg_px, updated_at FROM order_state WHERE account_id = ? AND order_id = ?;
-- an OrderCancelRequest (35=F) or OrderCancelReplaceRequest (35=G) names the order by its OrigClOrdID (41)
-- weight: 6000
SELECT account_id, order_id, ord_status, leaves_qty FROM order_state WHERE cl_ord_id = ?;
