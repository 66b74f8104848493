-- rows: 3000000000
-- distinct: organisation_id 60000
-- distinct: project_id 400000
-- distinct: environment_id 1500000
-- distinct: related_object_type 4
-- distinct: related_object_id 300000000
-- distinct: author_id 2000000
CREATE TABLE audit_log (organisation_id VARCHAR(36) NOT NULL, project_id BIGINT NOT NULL,
  created_date TIMESTAMP NOT NULL, audit_id BIGINT NOT NULL, environment_id BIGINT,
  author_id BIGINT, related_object_type VARCHAR(20), related_object_id BIGINT, log VARCHAR(4000)
  CONSTRAINT pk PRIMARY KEY (organisation_id, project_id, created_date, audit_id)) MULTI_TENANT=true;
CREATE INDEX audit_log_author ON audit_log (author_id);
CREATE INDEX audit_log_created ON audit_log (created_date) INCLUDE (project_id, related_object_type, log);
CREATE VIEW feature_audit AS SELECT * FROM audit_log WHERE related_object_type = 'FEATURE';
CREATE SEQUENCE audit_log_seq;
-- rows: 200000000
-- distinct: organisation_id 60000
-- distinct: environment_id 1500000
CREATE TABLE feature_state (organisation_id VARCHAR(36) NOT NULL, environment_id BIGINT NOT NULL,
  feature_id BIGINT NOT NULL, enabled BOOLEAN, feature_state_value VARCHAR(20000), version INTEGER,
  live_from TIMESTAMP, updated_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (organisation_id, environment_id, feature_id)) MULTI_TENANT=true;
CREATE INDEX feature_state_updated ON feature_state (updated_at);
CREATE VIEW enabled_feature_state AS SELECT * FROM feature_state WHERE enabled = TRUE;
