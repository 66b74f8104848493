-- rows: 50000000000
-- distinct: cluster_id 20000
-- distinct: verb 8
-- distinct: username 5000000
-- distribution: request_ts monotonic
-- distribution: audit_id uniform
-- range: request_ts 1/259200
CREATE TABLE audit_event (cluster_id VARCHAR(36) NOT NULL, request_ts BIGINT NOT NULL,
  audit_id VARCHAR(36) NOT NULL, stage VARCHAR(24), verb VARCHAR(24), username VARCHAR(253),
  user_groups VARCHAR(1024), source_ip VARCHAR(45), user_agent VARCHAR(256),
  object_resource VARCHAR(64), object_namespace VARCHAR(63), object_name VARCHAR(253),
  object_api_group VARCHAR(128), response_code INTEGER, stage_ts BIGINT
  CONSTRAINT pk PRIMARY KEY (cluster_id, request_ts, audit_id));
CREATE INDEX audit_by_verb ON audit_event (verb, request_ts) INCLUDE (object_resource, object_namespace, object_name, username);
-- rows: 2000000
-- distinct: cluster_id 20000
-- distinct: lease_namespace 3
-- distribution: renew_time monotonic
CREATE TABLE node_lease (cluster_id VARCHAR(36) NOT NULL, lease_namespace VARCHAR(63) NOT NULL,
  lease_name VARCHAR(253) NOT NULL, holder_identity VARCHAR(253), lease_duration_seconds INTEGER,
  acquire_time BIGINT, renew_time BIGINT, lease_transitions INTEGER, resource_version BIGINT
  CONSTRAINT pk PRIMARY KEY (cluster_id, lease_namespace, lease_name));
