-- AppendHistoryNodes: a workflow task's batch of history events, one node
-- rate: 30000/s
-- weight: 30000
UPSERT INTO history_node (shard_id, tree_id, branch_id, node_id, txn_id, prev_txn_id, data, data_encoding) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- ReadHistoryBranch: a workflow's history from a node on, oldest first (a worker's replay, GetWorkflowExecutionHistory)
-- weight: 12000
SELECT node_id, txn_id, prev_txn_id, data, data_encoding FROM history_node WHERE shard_id = ? AND tree_id = ? AND branch_id = ? AND node_id >= ? AND node_id < ? ORDER BY node_id LIMIT 1000;
-- GetWorkflowExecutionHistoryReverse: the newest events first (the Web UI's compact view)
-- weight: 800
SELECT node_id, txn_id, data, data_encoding FROM history_node WHERE shard_id = ? AND tree_id = ? AND branch_id = ? AND node_id < ? ORDER BY node_id DESC LIMIT 100;
-- UpdateWorkflowExecution: the mutable state, conditional on db_record_version (read, then written)
-- rate: 30000/s
-- weight: 30000
UPSERT INTO executions (shard_id, namespace_id, workflow_id, run_id, next_event_id, last_write_version, state, data, data_encoding, db_record_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- GetWorkflowExecution: the mutable state of one run (cache miss)
-- weight: 20000
SELECT next_event_id, last_write_version, state, data, data_encoding, db_record_version FROM executions WHERE shard_id = ? AND namespace_id = ? AND workflow_id = ? AND run_id = ?;
-- the runs of one workflow id (the current run is looked up through them)
-- weight: 3000
SELECT run_id, state, next_event_id FROM executions WHERE shard_id = ? AND namespace_id = ? AND workflow_id = ?;
-- a timer (user timer, activity timeout, workflow task timeout) scheduled at a future time
-- rate: 10000/s
-- weight: 10000
UPSERT INTO timer_tasks (shard_id, visibility_timestamp, task_id, data, data_encoding) VALUES (?, ?, ?, ?, ?);
-- the shard's timer queue processor: the timers due in the next window, in time order
-- weight: 4000
SELECT visibility_timestamp, task_id, data, data_encoding FROM timer_tasks WHERE shard_id = ? AND visibility_timestamp >= ? AND visibility_timestamp < ? ORDER BY visibility_timestamp LIMIT 100;
-- CompleteTimerTask: a fired timer removed by its key
-- rate: 10000/s
-- weight: 10000
DELETE FROM timer_tasks WHERE shard_id = ? AND visibility_timestamp = ? AND task_id = ?;
