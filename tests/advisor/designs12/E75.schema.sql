-- rows: 500000000
-- distinct: job_id 5000
-- distinct: thing_name 10000000
-- distinct: status 8
CREATE TABLE job_execution (job_id VARCHAR(64) NOT NULL, thing_name VARCHAR(128) NOT NULL,
  execution_number BIGINT, status VARCHAR(16), status_details VARCHAR(1024), queued_at TIMESTAMP,
  started_at TIMESTAMP, last_updated_at TIMESTAMP, version_number BIGINT
  CONSTRAINT pk PRIMARY KEY (job_id, thing_name));
CREATE VIEW queued_execution AS SELECT * FROM job_execution WHERE status = 'QUEUED';
-- rows: 12000000
-- distinct: thing_name 10000000
CREATE TABLE thing_shadow (thing_name VARCHAR(128) NOT NULL, shadow_name VARCHAR(64) NOT NULL,
  state_desired VARCHAR(8000), state_reported VARCHAR(8000), version BIGINT, updated_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (thing_name, shadow_name));
