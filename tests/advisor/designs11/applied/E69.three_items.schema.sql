-- rows: 3000000000
-- distinct: org_id 150000
-- distinct: pipeline_slug 3000000
-- distinct: state 11
-- distinct: commit_sha 1000000000
CREATE TABLE builds (org_id VARCHAR(36) NOT NULL, pipeline_slug VARCHAR(100) NOT NULL,
  build_number BIGINT NOT NULL, state VARCHAR(16), branch VARCHAR(255), commit_sha VARCHAR(40),
  message VARCHAR(1000), creator_id VARCHAR(36), created_at TIMESTAMP, scheduled_at TIMESTAMP,
  started_at TIMESTAMP, finished_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (org_id, pipeline_slug, build_number DESC)) MULTI_TENANT=true;
CREATE INDEX idx_BUILDS_ORG_ID_STATE ON BUILDS (STATE) INCLUDE (BRANCH, STARTED_AT);
CREATE INDEX idx_BUILDS_ORG_ID_COMMIT_SHA ON BUILDS (COMMIT_SHA) INCLUDE (STATE);
CREATE VIEW running_builds AS SELECT * FROM builds WHERE state = 'running';
