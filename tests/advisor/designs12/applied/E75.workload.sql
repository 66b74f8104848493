-- CreateJob: a firmware rollout queues one execution per target thing
-- weight: 20000
UPSERT INTO job_execution (job_id, thing_name, execution_number, status, queued_at, last_updated_at, version_number) VALUES (?, ?, ?, 'QUEUED', ?, ?, 1);
-- UpdateJobExecution: the device reports IN_PROGRESS, then SUCCEEDED or FAILED
-- weight: 40000
UPSERT INTO job_execution (job_id, thing_name, status, status_details, started_at, last_updated_at, version_number) VALUES (?, ?, ?, ?, ?, ?, ?);
-- StartNextPendingJobExecution / GetPendingJobExecutions: each device asks for its queued jobs on connect and on notify
-- weight: 50000
SELECT job_id, execution_number, queued_at FROM queued_execution WHERE thing_name = ?;
-- ListJobExecutionsForThing: a device's jobs in the console, newest first
-- weight: 1000
SELECT job_id, status, queued_at, last_updated_at FROM job_execution WHERE thing_name = ? ORDER BY queued_at DESC LIMIT 10;
-- DescribeJobExecution: the device reads its job's document and state
-- weight: 20000
SELECT execution_number, status, status_details, version_number FROM job_execution WHERE job_id = ? AND thing_name = ?;
-- ListJobExecutionsForJob with a status filter: the rollout's failed devices
-- weight: 20
SELECT thing_name, status_details, last_updated_at FROM job_execution WHERE job_id = ? AND status = 'FAILED';
-- GetThingShadow
-- weight: 80000
SELECT state_desired, state_reported, version FROM thing_shadow WHERE thing_name = ? AND shadow_name = ?;
-- UpdateThingShadow: the device reports its state
-- weight: 100000
UPSERT INTO thing_shadow (thing_name, shadow_name, state_reported, version, updated_at) VALUES (?, ?, ?, ?, ?);
-- UpdateThingShadow: the application sets a desired state (the new firmware version)
-- weight: 5000
UPSERT INTO thing_shadow (thing_name, shadow_name, state_desired, version, updated_at) VALUES (?, ?, ?, ?, ?);
-- ListNamedShadowsForThing
-- weight: 2000
SELECT shadow_name, version, updated_at FROM thing_shadow WHERE thing_name = ?;
