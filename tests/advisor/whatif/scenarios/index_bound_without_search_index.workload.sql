-- weight: 20000
SELECT * FROM devices WHERE device_id = ?;
-- weight: 100
SELECT device_id FROM devices WHERE city = ? AND status = ? LIMIT 100;
-- weight: 100
SELECT device_id FROM devices WHERE model = ? AND firmware = ? LIMIT 100;
-- weight: 100
SELECT device_id FROM devices WHERE battery < ? AND city = ? LIMIT 100;
-- weight: 100
SELECT device_id FROM devices WHERE owner_id = ? LIMIT 100;
-- weight: 100
SELECT device_id FROM devices WHERE firmware = ? AND status = ? LIMIT 100;
-- weight: 100
SELECT device_id, battery FROM devices WHERE status = ? AND model = ? LIMIT 100;
-- weight: 20000
UPSERT INTO devices (device_id, city, model, firmware, status, battery, owner_id, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
