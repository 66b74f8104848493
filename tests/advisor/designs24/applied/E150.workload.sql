-- CreateTasks: a workflow or activity task added to a task queue partition (the queue's next task id)
-- rate: 8000/s
-- weight: 8000
INSERT INTO tasks (range_hash, task_queue_id, task_id, data, data_encoding) VALUES (?, ?, ?, ?, ?);
-- GetTasks: the partition's task reader loads the next batch, in task id order
-- weight: 3000
SELECT task_id, data, data_encoding FROM tasks WHERE range_hash = ? AND task_queue_id = ? AND task_id > ? AND task_id <= ? ORDER BY task_id LIMIT 1000;
-- a dispatched task acknowledged and removed (the ack level moved past it)
-- rate: 8000/s
-- weight: 8000
DELETE FROM tasks WHERE range_hash = ? AND task_queue_id = ? AND task_id = ?;
-- RecordWorkflowExecutionStarted
-- rate: 1000/s
-- weight: 10000
INSERT INTO executions_visibility (namespace_id, run_id, workflow_id, workflow_type_name, status, start_time, execution_time, task_queue, memo, encoding) VALUES (?, ?, ?, ?, 'Running', ?, ?, ?, ?, ?);
-- RecordWorkflowExecutionClosed: the status (Completed, Failed, TimedOut, ...), the close time and the history length
-- rate: 1000/s
-- weight: 10000
UPDATE executions_visibility SET status = ?, close_time = ?, history_length = ? WHERE namespace_id = ? AND run_id = ?;
-- ListOpenWorkflowExecutions / ListWorkflowExecutions "ExecutionStatus='Running'": the namespace's open runs, newest first
-- weight: 2000
SELECT workflow_id, run_id, workflow_type_name, start_time, task_queue FROM executions_visibility WHERE namespace_id = ? AND status = 'Running' ORDER BY start_time DESC LIMIT 100;
-- ListWorkflowExecutions "WorkflowType='...' AND ExecutionStatus='Running'": the open runs of one type, newest first (the Web UI's filter, the SDK's batch tools)
-- weight: 3000
SELECT workflow_id, run_id, start_time, task_queue FROM executions_visibility WHERE namespace_id = ? AND workflow_type_name = ? AND status = 'Running' ORDER BY start_time DESC LIMIT 100;
-- DescribeWorkflowExecution's visibility record
-- weight: 1000
SELECT workflow_id, workflow_type_name, status, start_time, close_time, history_length FROM executions_visibility WHERE namespace_id = ? AND run_id = ?;
