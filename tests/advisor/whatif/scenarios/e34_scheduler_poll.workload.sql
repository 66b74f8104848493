-- each scheduler node polls for due executions every 10 seconds
-- weight: 6000
SELECT task_name, task_instance, task_data, execution_time, picked, version FROM scheduled_tasks WHERE picked = false AND execution_time <= ? ORDER BY execution_time LIMIT 100;
-- a node picks a due execution (optimistic lock on version)
-- weight: 20000
UPSERT INTO scheduled_tasks (task_name, task_instance, picked, picked_by, last_heartbeat, version) VALUES (?, ?, true, ?, ?, ?);
-- a new one-time task is scheduled
-- weight: 15000
UPSERT INTO scheduled_tasks (task_name, task_instance, task_data, execution_time, picked, version) VALUES (?, ?, ?, ?, false, 1);
-- a one-time task completes and is removed
-- weight: 15000
DELETE FROM scheduled_tasks WHERE task_name = ? AND task_instance = ?;
-- a recurring task completes and is rescheduled
-- weight: 5000
UPSERT INTO scheduled_tasks (task_name, task_instance, execution_time, picked, picked_by, last_success, consecutive_failures, version) VALUES (?, ?, ?, false, null, ?, 0, ?);
-- the executing node's heartbeat
-- weight: 2000
UPSERT INTO scheduled_tasks (task_name, task_instance, last_heartbeat) VALUES (?, ?, ?);
-- is this task instance already scheduled?
-- weight: 1000
SELECT execution_time, picked, version FROM scheduled_tasks WHERE task_name = ? AND task_instance = ?;
-- the admin page: the instances of one task
-- weight: 100
SELECT task_instance, execution_time, picked, picked_by FROM scheduled_tasks WHERE task_name = ? LIMIT 100;
-- dead executions: picked, but no heartbeat for a while (every 5 minutes per node)
-- weight: 60
SELECT task_name, task_instance, picked_by, last_heartbeat FROM scheduled_tasks WHERE picked = true AND last_heartbeat <= ?;
