-- rows: 50000000
-- distinct: range_hash 200000
-- distinct: task_queue_id 200000
-- distribution: range_hash uniform
-- distribution: task_id monotonic
CREATE TABLE tasks (range_hash BIGINT NOT NULL, task_queue_id VARCHAR(272) NOT NULL,
  task_id BIGINT NOT NULL, data VARBINARY(65536), data_encoding VARCHAR(16),
  PRIMARY KEY (range_hash, task_queue_id, task_id));
-- rows: 5000000000
-- distinct: namespace_id 5000
-- distinct: workflow_type_name 400000
-- distinct: workflow_id 4000000000
-- distinct: status 7
-- distribution: namespace_id zipfian
-- distribution: run_id uniform
-- distribution: start_time monotonic
-- distribution: status 'Completed' 90%
CREATE TABLE executions_visibility (namespace_id VARCHAR(64) NOT NULL, run_id VARCHAR(64) NOT NULL,
  workflow_id VARCHAR(255), workflow_type_name VARCHAR(255), status VARCHAR(16), start_time BIGINT,
  execution_time BIGINT, close_time BIGINT, history_length BIGINT, task_queue VARCHAR(255),
  memo VARBINARY(4000), encoding VARCHAR(64),
  PRIMARY KEY (namespace_id, run_id));
CREATE INDEX by_status_by_start_time ON executions_visibility (namespace_id, status, start_time);
CREATE INDEX idx_executions_visibility_namespace_id_workflow_type_name_status_start_time ON executions_visibility (namespace_id, workflow_type_name, status, start_time) INCLUDE (workflow_id, task_queue);
