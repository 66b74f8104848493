-- rows: 36000000000
-- distinct: cluster_id 20000
-- distinct: cluster_id_key 320000
-- distinct: involved_uid 3000000000
-- distinct: reason 300
-- distinct: event_type 2
-- distribution: first_ts monotonic
-- distribution: event_type 'Warning' 5%
-- range: first_ts 1/336
CREATE TABLE k8s_event (cluster_id VARCHAR(36) NOT NULL, first_ts BIGINT NOT NULL,
  event_uid VARCHAR(36) NOT NULL, namespace VARCHAR(63), event_name VARCHAR(253),
  involved_kind VARCHAR(64), involved_namespace VARCHAR(63), involved_name VARCHAR(253),
  involved_uid VARCHAR(36), reason VARCHAR(128), event_type VARCHAR(16), note VARCHAR(1024),
  reporting_controller VARCHAR(128), reporting_instance VARCHAR(128), event_count INTEGER,
  last_ts BIGINT, cluster_id_key VARCHAR(39) NOT NULL,
  PRIMARY KEY (cluster_id_key, first_ts, event_uid));
