-- every span the collectors receive
-- weight: 100000
UPSERT INTO traces (trace_id, span_id, span_hash, parent_id, operation_name, start_time, duration, process_service, tags) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- and its entry in the service index, the writer computes bucket = span_hash % 10
-- weight: 100000
UPSERT INTO service_name_index (service_name, bucket, start_time, trace_id) VALUES (?, ?, ?, ?);
-- the UI loads one trace: all its spans
-- weight: 5000
SELECT span_id, parent_id, operation_name, start_time, duration, process_service, tags FROM traces WHERE trace_id = ?;
-- the search page: a service's most recent traces in a window, one query per bucket
-- weight: 3000
SELECT trace_id, start_time FROM service_name_index WHERE service_name = ? AND bucket = ? AND start_time >= ? AND start_time <= ? ORDER BY start_time DESC LIMIT 100;
