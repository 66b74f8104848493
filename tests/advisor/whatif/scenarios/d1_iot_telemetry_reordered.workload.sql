-- weight: 5000
SELECT ts, val FROM telemetry WHERE tenant_id = ? AND device_id = ? AND ts >= ? AND ts < ?;
-- weight: 200
SELECT device_id, val FROM telemetry WHERE tenant_id = ? AND ts >= ?;
-- weight: 50000
INSERT INTO telemetry (ts, tenant_id, device_id, metric, val) VALUES (?, ?, ?, ?, ?);
