-- rows: 20000000000
-- distinct: trace_id 2000000000
-- distribution: trace_id uniform
CREATE TABLE traces (trace_id VARCHAR(32) NOT NULL, span_id BIGINT NOT NULL,
  span_hash BIGINT NOT NULL, parent_id BIGINT, operation_name VARCHAR(128),
  start_time BIGINT, duration BIGINT, process_service VARCHAR(64), tags VARCHAR(4000),
  PRIMARY KEY (trace_id, span_id, span_hash));
-- rows: 20000000000
-- distinct: service_name 50
-- distinct: bucket 10
-- distribution: bucket uniform
CREATE TABLE service_name_index (service_name VARCHAR(64) NOT NULL, bucket INTEGER NOT NULL,
  start_time BIGINT NOT NULL, trace_id VARCHAR(32) NOT NULL,
  PRIMARY KEY (bucket, service_name, start_time DESC, trace_id));
