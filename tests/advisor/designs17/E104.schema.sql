-- rows: 400000000
-- distinct: workspace_id 200000
-- distinct: email 380000000
-- distinct: job_title 5000000
CREATE TABLE person (workspace_id VARCHAR(36) NOT NULL, person_id VARCHAR(36) NOT NULL,
  first_name VARCHAR(100), last_name VARCHAR(100), email VARCHAR(320), phone VARCHAR(32),
  job_title VARCHAR(200), city VARCHAR(100), company_id VARCHAR(36), created_at TIMESTAMP,
  updated_at TIMESTAMP,
  PRIMARY KEY (workspace_id, person_id));
CREATE INDEX person_email ON person (workspace_id, email) INCLUDE (first_name, last_name, company_id);
CREATE INDEX person_job_title ON person (workspace_id, job_title);
-- rows: 6000000000
-- distinct: workspace_id 200000
-- distinct: person_id 400000000
-- distinct: company_id 60000000
CREATE TABLE timeline_activity (workspace_id VARCHAR(36) NOT NULL, person_id VARCHAR(36) NOT NULL,
  happens_at TIMESTAMP NOT NULL, activity_id VARCHAR(36) NOT NULL, name VARCHAR(64),
  company_id VARCHAR(36), opportunity_id VARCHAR(36), workspace_member_id VARCHAR(36),
  linked_record_id VARCHAR(36), properties VARCHAR(8000),
  PRIMARY KEY (workspace_id, person_id, happens_at, activity_id));
-- rows: 50000000
-- distribution: import_no monotonic
CREATE TABLE import_row (import_no BIGINT NOT NULL, row_no INTEGER NOT NULL,
  workspace_id VARCHAR(36), raw_line VARCHAR(4000), row_state VARCHAR(16),
  error_message VARCHAR(500), person_id VARCHAR(36),
  PRIMARY KEY (import_no, row_no));
