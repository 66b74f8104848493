-- the exporter's watch on each cluster: a new Event object (kubelet, scheduler, controllers)
-- rate: 10000/s
-- weight: 10000
UPSERT INTO k8s_event (cluster_id, first_ts, event_uid, namespace, event_name, involved_kind, involved_namespace, involved_name, involved_uid, reason, event_type, note, reporting_controller, reporting_instance, event_count, last_ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?);
-- the event correlator's repeat of a recent event: its count and lastTimestamp (series) moved
-- rate: 20000/s
-- weight: 20000
UPSERT INTO k8s_event (cluster_id, first_ts, event_uid, event_count, last_ts) VALUES (?, ?, ?, ?, ?);
-- "kubectl describe" in the console: one object's events, newest first
-- weight: 15000
SELECT first_ts, last_ts, reason, event_type, note, event_count, reporting_controller FROM k8s_event WHERE cluster_id = ? AND involved_uid = ? ORDER BY first_ts DESC LIMIT 50;
-- the cluster's dashboard: the warnings of the last hour, newest first
-- weight: 3000
SELECT first_ts, involved_kind, involved_namespace, involved_name, reason, note, event_count FROM k8s_event WHERE cluster_id = ? AND event_type = 'Warning' AND first_ts >= ? ORDER BY first_ts DESC LIMIT 100;
-- the console's event list: a window of the cluster's events, newest first
-- weight: 2000
SELECT first_ts, event_uid, involved_kind, involved_name, reason, event_type, note FROM k8s_event WHERE cluster_id = ? AND first_ts >= ? AND first_ts < ? ORDER BY first_ts DESC LIMIT 200;
