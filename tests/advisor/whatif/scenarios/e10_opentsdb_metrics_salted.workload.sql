-- weight: 2000
SELECT base_hour, tags, val FROM tsdb WHERE metric = ? AND base_hour >= ? AND base_hour < ?;
-- weight: 100000
UPSERT INTO tsdb (metric, base_hour, tags, val) VALUES (?, ?, ?, ?);
