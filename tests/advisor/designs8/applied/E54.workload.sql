-- the head-end system delivers each meter's 15-minute intervals (start, 900 s, value)
-- weight: 100000
INSERT INTO interval_reading (meter_id, channel, interval_start, value, quality, feeder_id) VALUES (?, ?, ?, ?, ?, ?);
-- validation, estimation and editing: an estimated interval replaced by the actual reading
-- weight: 5000
UPDATE interval_reading SET value = ?, quality = ? WHERE meter_id = ? AND channel = ? AND interval_start = ?;
-- the customer portal and billing: a meter's intervals over a day or a billing period
-- weight: 20000
SELECT interval_start, value, quality FROM interval_reading WHERE meter_id = ? AND channel = ? AND interval_start >= ? AND interval_start < ?;
-- outage verification: the meter's latest interval
-- weight: 5000
SELECT interval_start, value FROM interval_reading WHERE meter_id = ? AND channel = ? ORDER BY interval_start DESC LIMIT 1;
-- distribution operations: a feeder's load at one interval, from its meters' delivered energy
-- weight: 3000
SELECT meter_id, value FROM interval_reading WHERE feeder_id = ? AND channel = ? AND interval_start = ?;
