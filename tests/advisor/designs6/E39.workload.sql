-- Payment and Order-Status, 60% of them: the customers of a district with a last name, by first name
-- weight: 2800
SELECT c_id, c_first FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first;
-- Payment and Order-Status: the customer by id (after the name lookup, or directly)
-- weight: 4700
SELECT c_first, c_middle, c_last, c_credit, c_discount, c_balance FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?;
-- Payment: the customer's balance and payment counters
-- weight: 4300
UPSERT INTO customer (c_w_id, c_d_id, c_id, c_balance, c_ytd_payment, c_payment_cnt) VALUES (?, ?, ?, ?, ?, ?);
-- Delivery: the customer's balance and delivery counter, once per district delivered
-- weight: 4000
UPSERT INTO customer (c_w_id, c_d_id, c_id, c_balance, c_delivery_cnt) VALUES (?, ?, ?, ?, ?);
-- New-Order: the order joins its district's queue of undelivered orders
-- weight: 4500
UPSERT INTO new_order (no_w_id, no_d_id, no_o_id) VALUES (?, ?, ?);
-- Delivery, for each of the warehouse's 10 districts: the oldest undelivered order
-- weight: 4000
SELECT no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id LIMIT 1;
-- and it leaves the queue
-- weight: 4000
DELETE FROM new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?;
