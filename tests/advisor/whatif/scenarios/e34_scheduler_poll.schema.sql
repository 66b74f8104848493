-- distribution: execution_time monotonic
CREATE TABLE scheduled_tasks (task_name VARCHAR(100) NOT NULL, task_instance VARCHAR(100) NOT NULL,
  task_data VARBINARY, execution_time TIMESTAMP, picked BOOLEAN,
  picked_by VARCHAR(50), last_success TIMESTAMP, last_failure TIMESTAMP,
  consecutive_failures INTEGER, last_heartbeat TIMESTAMP, version BIGINT
  CONSTRAINT pk PRIMARY KEY (task_name, task_instance));
