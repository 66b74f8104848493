-- rows: 900000000
-- distinct: org_id 7500
-- distinct: job_id 6000000
-- distinct: current_stage_id 40000000
-- distinct: candidate_id 500000000
CREATE TABLE application (org_id BIGINT NOT NULL, job_id BIGINT NOT NULL,
  current_stage_id BIGINT NOT NULL, application_id BIGINT NOT NULL, candidate_id BIGINT,
  status VARCHAR(16), source_id BIGINT, applied_at BIGINT, last_activity_at BIGINT,
  rejected_at BIGINT, rejection_reason_id BIGINT,
  PRIMARY KEY (org_id, job_id, current_stage_id, application_id));
CREATE INDEX application_by_activity ON application (org_id, last_activity_at);
CREATE INDEX idx_application_org_id_application_id ON application (org_id, application_id) INCLUDE (candidate_id, status, source_id, applied_at, last_activity_at, rejected_at);
CREATE INDEX idx_application_org_id_candidate_id ON application (org_id, candidate_id) INCLUDE (status, applied_at);
