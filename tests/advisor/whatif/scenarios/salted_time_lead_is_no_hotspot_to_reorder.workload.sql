-- weight: 50000
UPSERT INTO m (created_date, metric_id, metric_value) VALUES (?, ?, ?);
-- weight: 2000
SELECT metric_id, metric_value FROM m WHERE created_date >= ? AND created_date < ?;
-- weight: 300
SELECT metric_value FROM m WHERE metric_id = ?;
