-- the collectors: Phoenix sets created_date to the server's time
-- weight: 50000
UPSERT INTO destination_metrics_table (metric_id, metric_value) VALUES (?, ?);
-- the rollup job and the overview dashboard: every metric of the last minutes
-- weight: 2000
SELECT metric_id, metric_value FROM destination_metrics_table WHERE created_date >= ? AND created_date < ?;
-- one sample, by its time and metric
-- weight: 300
SELECT metric_value FROM destination_metrics_table WHERE created_date = ? AND metric_id = ?;
