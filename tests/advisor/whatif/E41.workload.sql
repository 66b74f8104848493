-- every usage event a customer's application reports
-- weight: 50000
INSERT INTO meter_event (event_name_key, event_name, customer_id, ts, identifier, value) VALUES (?, ?, ?, ?, ?, ?);
-- the usage summary of a customer for a meter over a billing period (portal, invoices)
-- weight: 3000
SELECT ts, value FROM meter_event WHERE event_name_key = ? AND customer_id = ? AND ts >= ? AND ts < ?;
-- a retried report: was this identifier recorded already?
-- weight: 2000
SELECT value FROM meter_event WHERE event_name_key = ? AND customer_id = ? AND ts = ? AND identifier = ?;
-- the hourly meter-wide rollup for the usage anomaly alert
-- weight: 24
SELECT customer_id, value FROM meter_event WHERE event_name_key IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AND ts >= ? AND ts < ?;
-- E41 applied by test_whatif_applied (README.md): salt_buckets [bucket + event_name] as
-- event_name_key. The advice's rewrite: the writer fills event_name_key (the INSERT); a read
-- that binds customer_id by = binds event_name_key = bucket + event_name; any other read is
-- 16 scans merged, one a bucket: event_name_key IN (16 values).
