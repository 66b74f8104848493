-- rows: 4000000000
-- distribution: build_id monotonic
-- distinct: pipeline_id 700000000
-- distribution: pipeline_id monotonic
-- distinct: project_id 20000000
-- distinct: runner_id 400000
-- distinct: status 12
-- distribution: created_at monotonic
-- distinct: build_by_pipeline_bucket 16
-- distribution: build_by_pipeline_bucket uniform
CREATE TABLE ci_build (build_id BIGINT NOT NULL, project_id BIGINT, pipeline_id BIGINT,
  name VARCHAR(255), stage VARCHAR(255), stage_idx INTEGER, status VARCHAR(16), runner_id BIGINT,
  ref VARCHAR(255), commit_sha VARCHAR(40), created_at BIGINT, queued_at BIGINT,
  started_at BIGINT, finished_at BIGINT, failure_reason INTEGER, token_encrypted VARCHAR(255),
  build_by_pipeline_bucket INT,
  PRIMARY KEY (hash32(build_id), build_id));
CREATE INDEX build_by_pipeline ON ci_build (build_by_pipeline_bucket, pipeline_id) INCLUDE (name, stage, stage_idx, status, started_at, finished_at);
-- rows: 60000
-- distribution: build_id monotonic
CREATE TABLE ci_build_trace_chunk (build_id BIGINT NOT NULL, chunk_index INTEGER NOT NULL,
  data_store INTEGER, raw_data VARBINARY, checksum VARCHAR(64), lock_version INTEGER,
  PRIMARY KEY (hash32(build_id), build_id, chunk_index));
