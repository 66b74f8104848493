-- rows: 30000000000
-- distinct: deployment_id 20000
-- distinct: dag_id 4000000
-- distinct: run_id 3000000000
-- distinct: state 10
-- distinct: job_id 500000000
-- distribution: deployment_id zipfian
-- distribution: state 'success' 90%
CREATE TABLE task_instance (deployment_id VARCHAR(36) NOT NULL, dag_id VARCHAR(250) NOT NULL,
  run_id VARCHAR(250) NOT NULL, task_id VARCHAR(250) NOT NULL, map_index INTEGER NOT NULL,
  state VARCHAR(20), pool VARCHAR(256), priority_weight INTEGER, queue VARCHAR(256),
  try_number INTEGER, hostname VARCHAR(1000), job_id BIGINT, queued_dttm BIGINT,
  start_date BIGINT, end_date BIGINT, operator VARCHAR(1000),
  PRIMARY KEY (deployment_id, dag_id, run_id, task_id, map_index));
CREATE INDEX idx_task_instance_deployment_id_state_priority_weight_desc ON task_instance (deployment_id, state, priority_weight DESC) INCLUDE (pool, queue);
-- rows: 3000000000
-- distinct: deployment_id 20000
-- distinct: dag_id 4000000
-- distinct: run_id 3000000000
-- distribution: id monotonic
-- distribution: deployment_id zipfian
CREATE TABLE dag_run (id BIGINT NOT NULL, deployment_id VARCHAR(36), dag_id VARCHAR(250),
  run_id VARCHAR(250), logical_date BIGINT, run_type VARCHAR(50), state VARCHAR(50),
  start_date BIGINT, end_date BIGINT, data_interval_start BIGINT, data_interval_end BIGINT,
  last_scheduling_decision BIGINT,
  PRIMARY KEY (hash32(id), id));
CREATE INDEX dag_run_by_run_id ON dag_run (deployment_id, dag_id, run_id);
CREATE INDEX dag_run_by_date ON dag_run (deployment_id, dag_id, logical_date) INCLUDE (run_id, run_type, state, start_date, end_date);
