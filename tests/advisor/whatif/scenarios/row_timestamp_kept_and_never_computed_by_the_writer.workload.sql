-- weight: 5000
UPSERT INTO m (metric_id, metric_value) VALUES (?, ?);
-- weight: 2000
SELECT metric_value FROM m WHERE metric_id = ? AND created_date >= ?;
