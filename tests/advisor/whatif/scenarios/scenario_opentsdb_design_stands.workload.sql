-- weight: 1000
SELECT * FROM tsdb WHERE metric_uid = ? AND base_hour >= ? AND base_hour < ?;
-- weight: 10000
UPSERT INTO tsdb (metric_uid, base_hour, tags, v) VALUES (?, ?, ?, ?);
