-- rows: 600000000
-- distinct: repo_id 3000000
-- distribution: repo_id zipfian
-- distinct: commit_sha 300000000
CREATE TABLE action_run (repo_id BIGINT NOT NULL, run_index BIGINT NOT NULL, owner_id BIGINT,
  workflow_id VARCHAR(255), title VARCHAR(255), trigger_user_id BIGINT, ref VARCHAR(255),
  commit_sha VARCHAR(40), event VARCHAR(32), status BIGINT, started BIGINT, stopped BIGINT,
  created BIGINT, updated BIGINT,
  PRIMARY KEY (repo_id, run_index));
CREATE INDEX idx_action_run_repo_id_commit_sha ON action_run (repo_id, commit_sha) INCLUDE (workflow_id, status);
-- rows: 2400000000
-- distinct: repo_id 3000000
-- distribution: repo_id zipfian
-- distinct: status 8
-- distribution: updated monotonic
CREATE TABLE action_run_job (repo_id BIGINT NOT NULL, run_index BIGINT NOT NULL,
  job_no BIGINT NOT NULL, name VARCHAR(255), attempt BIGINT, runs_on VARCHAR(255),
  task_id BIGINT, status BIGINT, started BIGINT, stopped BIGINT, created BIGINT, updated BIGINT,
  PRIMARY KEY (repo_id, run_index, job_no));
CREATE INDEX job_by_status ON action_run_job (status, updated);
