-- weight: 3000
SELECT stat_hour, metric, amount FROM usage_hourly WHERE instance_id = ? AND stat_hour >= ? AND stat_hour < ?;
-- weight: 24
SELECT instance_id, metric, amount FROM usage_hourly WHERE stat_hour = ?;
-- weight: 30000
INSERT INTO usage_hourly (instance_id, stat_hour, metric, amount) VALUES (?, ?, ?, ?);
