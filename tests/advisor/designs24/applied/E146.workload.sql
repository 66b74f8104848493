-- the scheduler creates a run's task instances (state scheduled once their upstream allows)
-- weight: 20000
UPSERT INTO task_instance (deployment_id, dag_id, run_id, task_id, map_index, state, pool, priority_weight, queue, try_number, operator) VALUES (?, ?, ?, ?, ?, 'scheduled', ?, ?, ?, 0, ?);
-- the scheduler queues it for the executor
-- weight: 20000
UPSERT INTO task_instance (deployment_id, dag_id, run_id, task_id, map_index, state, queued_dttm) VALUES (?, ?, ?, ?, ?, 'queued', ?);
-- the worker starts it (LocalTaskJob)
-- weight: 20000
UPSERT INTO task_instance (deployment_id, dag_id, run_id, task_id, map_index, state, try_number, hostname, job_id, start_date) VALUES (?, ?, ?, ?, ?, 'running', ?, ?, ?, ?);
-- ... and ends it (success, failed, up_for_retry)
-- weight: 20000
UPSERT INTO task_instance (deployment_id, dag_id, run_id, task_id, map_index, state, end_date) VALUES (?, ?, ?, ?, ?, ?, ?);
-- the scheduler loop (_executable_task_instances_to_queued): the deployment's scheduled tasks, highest priority first
-- weight: 20000
SELECT dag_id, run_id, task_id, map_index, pool, priority_weight, queue FROM task_instance WHERE deployment_id = ? AND state = 'scheduled' ORDER BY priority_weight DESC LIMIT 512;
-- the zombie check and the "running" page: the deployment's running tasks
-- weight: 1000
SELECT dag_id, run_id, task_id, map_index, hostname, job_id, start_date FROM task_instance WHERE deployment_id = ? AND state = 'running';
-- the grid view: one run's task instances
-- weight: 15000
SELECT task_id, map_index, state, try_number, start_date, end_date FROM task_instance WHERE deployment_id = ? AND dag_id = ? AND run_id = ?;
-- a task instance (the REST API, the log page)
-- weight: 10000
SELECT state, try_number, hostname, start_date, end_date, operator FROM task_instance WHERE deployment_id = ? AND dag_id = ? AND run_id = ? AND task_id = ? AND map_index = ?;
-- a dag run created (scheduled, manual or backfill; id from a sequence)
-- weight: 2000
UPSERT INTO dag_run (id, deployment_id, dag_id, run_id, logical_date, run_type, state, data_interval_start, data_interval_end) VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?);
-- the run started, then its scheduling decisions, then its end (the ORM writes the whole row)
-- weight: 12000
UPSERT INTO dag_run (id, deployment_id, dag_id, run_id, state, start_date, end_date, last_scheduling_decision) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- GET /api/v1/dags/{dag_id}/dagRuns/{dag_run_id}, and the scheduler's lookup of a run
-- weight: 20000
SELECT id, logical_date, run_type, state, start_date, end_date, data_interval_start, data_interval_end FROM dag_run WHERE deployment_id = ? AND dag_id = ? AND run_id = ?;
-- the grid view's runs of a dag, newest first
-- weight: 8000
SELECT run_id, logical_date, run_type, state, start_date, end_date FROM dag_run WHERE deployment_id = ? AND dag_id = ? ORDER BY logical_date DESC LIMIT 25;
