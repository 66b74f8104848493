-- weight: 100
SELECT task_name, execution_time FROM scheduled_tasks WHERE picked = false ORDER BY execution_time LIMIT 100;
-- weight: 10
UPSERT INTO scheduled_tasks (task_name, task_instance, picked, execution_time) VALUES (?, ?, ?, ?);
