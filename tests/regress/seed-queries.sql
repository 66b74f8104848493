-- GET: every key column bound (the documents' example).
SELECT * FROM orders WHERE userid = 'abc' AND orderid = 123;

-- SCAN with the documents' chained comparison.
SELECT * FROM orders WHERE userid = 'abc' AND 123 < orderid < 456;

-- Newest first, served backwards by the key.
SELECT * FROM orders WHERE userid = 'abc' AND 123 < orderid < 456 ORDER BY orderid DESC;

-- FILTERED SCAN: a non-key condition.
SELECT * FROM orders WHERE userid = 'abc' AND amount > 10;

-- REJECTED: nothing on the leading key column.
SELECT * FROM orders WHERE orderid = 123;

-- Allowed by hint.
SELECT /*+ _l_allow_filtering_ */ * FROM orders WHERE orderid = 123;

-- A secondary index serves status.
SELECT amount FROM orders WHERE status = 'paid';

-- Latest values of one host's metric: the key is already newest-first.
SELECT * FROM metrics WHERE hostname = 'web1' AND log_event = 'cpu' ORDER BY ts DESC LIMIT 10;

-- A seller's trades in a time window.
SELECT * FROM trades_by_seller WHERE seller_id = 42 AND `timestamp` BETWEEN 1700000000 AND 1700086400;

-- By order number.
SELECT * FROM trades_by_order WHERE order_number IN (1001, 1002, 1003);

-- Hash-prefixed key: a point read works, a range cannot.
SELECT * FROM events WHERE event_id = 7;
SELECT * FROM events WHERE event_id > 7;

-- Tablestore: partition key first.
SELECT * FROM card_spend WHERE card_id = 'c1' AND seller_id = 's9';
SELECT * FROM card_spend WHERE device_id = 'd3';
