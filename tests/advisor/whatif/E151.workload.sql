-- the exporter's watch on each cluster: a new Event object (the writer fills cluster_id_key: hash(event_uid) % 16, then cluster_id)
-- rate: 10000/s
-- weight: 10000
UPSERT INTO k8s_event (cluster_id_key, cluster_id, first_ts, event_uid, namespace, event_name, involved_kind, involved_namespace, involved_name, involved_uid, reason, event_type, note, reporting_controller, reporting_instance, event_count, last_ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?);
-- the event correlator's repeat: its key is the new key
-- rate: 20000/s
-- weight: 20000
UPSERT INTO k8s_event (cluster_id_key, first_ts, event_uid, event_count, last_ts) VALUES (?, ?, ?, ?, ?);
-- the describe read, one read a bucket (Lindorm: "poll each bucket on its own"), 16 x 15000
-- weight: 240000
SELECT first_ts, last_ts, reason, event_type, note, event_count, reporting_controller FROM k8s_event WHERE cluster_id_key = ? AND involved_uid = ? ORDER BY first_ts DESC LIMIT 50;
-- the warnings, one read a bucket, 16 x 3000
-- weight: 48000
SELECT first_ts, involved_kind, involved_namespace, involved_name, reason, note, event_count FROM k8s_event WHERE cluster_id_key = ? AND event_type = 'Warning' AND first_ts >= ? ORDER BY first_ts DESC LIMIT 100;
-- the event list, one read a bucket, 16 x 2000
-- weight: 32000
SELECT first_ts, event_uid, involved_kind, involved_name, reason, event_type, note FROM k8s_event WHERE cluster_id_key = ? AND first_ts >= ? AND first_ts < ? ORDER BY first_ts DESC LIMIT 200;
-- applied: E151's salt_buckets (cluster_id_key = hash(event_uid) % 16 + cluster_id), by whatif/README.md's rules
