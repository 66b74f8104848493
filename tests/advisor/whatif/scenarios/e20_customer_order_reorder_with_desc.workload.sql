-- one order, opened from the customer's order list
-- weight: 4000
SELECT sales_date, total, line_items FROM cust_order WHERE customer_no = ? AND order_no = ?;
-- "my orders": the customer's latest orders
-- weight: 6000
SELECT order_no, sales_date, total FROM cust_order WHERE customer_no = ? ORDER BY order_no DESC LIMIT 20;
-- the customer's orders of a period, for an invoice
-- weight: 500
SELECT order_no, total FROM cust_order WHERE customer_no = ? AND sales_date >= ? AND sales_date < ?;
-- weight: 10000
UPSERT INTO cust_order (order_no, customer_no, sales_date, ship_city, total, line_items) VALUES (?, ?, ?, ?, ?, ?);
