-- rows: 400000000000
-- distinct: shard_id 4096
-- distinct: tree_id 20000000000
-- distribution: tree_id uniform
-- distribution: node_id monotonic
CREATE TABLE history_node (shard_id INTEGER NOT NULL, tree_id VARCHAR(36) NOT NULL,
  branch_id VARCHAR(36) NOT NULL, node_id BIGINT NOT NULL, txn_id BIGINT NOT NULL,
  prev_txn_id BIGINT, data VARBINARY(4000000), data_encoding VARCHAR(16),
  PRIMARY KEY (shard_id, tree_id, branch_id, node_id, txn_id));
-- rows: 3000000000
-- distinct: shard_id 4096
-- distinct: namespace_id 20000
-- distinct: workflow_id 2500000000
CREATE TABLE executions (shard_id INTEGER NOT NULL, namespace_id VARCHAR(36) NOT NULL,
  workflow_id VARCHAR(255) NOT NULL, run_id VARCHAR(36) NOT NULL, next_event_id BIGINT,
  last_write_version BIGINT, state INTEGER, data VARBINARY(1000000), data_encoding VARCHAR(16),
  db_record_version BIGINT,
  PRIMARY KEY (shard_id, namespace_id, workflow_id, run_id));
-- rows: 2000000000
-- distinct: shard_id 4096
-- distinct: task_id 2000000000
CREATE TABLE timer_tasks (shard_id INTEGER NOT NULL, visibility_timestamp BIGINT NOT NULL,
  task_id BIGINT NOT NULL, data VARBINARY(100000), data_encoding VARCHAR(16),
  PRIMARY KEY (shard_id, visibility_timestamp, task_id));
