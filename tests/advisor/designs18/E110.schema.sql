-- rows: 300000000
-- distinct: project_id 2000000
-- distinct: status 5
CREATE TABLE issue_group (project_id BIGINT NOT NULL, group_id BIGINT NOT NULL,
  status INTEGER, level INTEGER, title VARCHAR(200), culprit VARCHAR(200),
  first_seen TIMESTAMP, last_seen TIMESTAMP, times_seen BIGINT, first_release VARCHAR(64),
  assignee_id BIGINT,
  PRIMARY KEY (project_id, group_id));
CREATE INDEX group_stream ON issue_group (project_id, status, last_seen) INCLUDE (title, culprit, level, times_seen);
CREATE INDEX group_by_times_seen ON issue_group (project_id, times_seen);
-- rows: 20000000000
-- distinct: project_id 2000000
-- distribution: project_id zipfian
-- distinct: group_id 300000000
CREATE TABLE error_event (project_id BIGINT NOT NULL, received_at TIMESTAMP NOT NULL,
  event_id VARCHAR(32) NOT NULL, group_id BIGINT, platform VARCHAR(32), environment VARCHAR(64),
  release_version VARCHAR(64), user_id VARCHAR(128), message VARCHAR(1000),
  payload_ref VARCHAR(128),
  PRIMARY KEY (project_id, received_at, event_id));
