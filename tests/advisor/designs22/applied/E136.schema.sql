-- rows: 6000000000
-- distinct: issue_id 900000000
CREATE TABLE issue_changelog (issue_id BIGINT NOT NULL, change_id BIGINT NOT NULL,
  author_id VARCHAR(128), created_ms BIGINT, items VARCHAR
  CONSTRAINT pk PRIMARY KEY (issue_id, change_id));
-- rows: 4000000000
-- distribution: worklog_id monotonic
-- distinct: issue_id 300000000
-- distinct: author_id 3000000
-- distribution: updated_ms monotonic
-- range: started_ms 1/500
-- range: updated_ms 1/100000
CREATE TABLE worklog (worklog_id BIGINT NOT NULL, issue_id BIGINT, author_id VARCHAR(128),
  update_author_id VARCHAR(128), comment_text VARCHAR(4000), started_ms BIGINT,
  time_spent_s BIGINT, created_ms BIGINT, updated_ms BIGINT, visibility_role VARCHAR(64)
  CONSTRAINT pk PRIMARY KEY (worklog_id));
CREATE INDEX worklog_by_issue ON worklog (issue_id) INCLUDE (author_id, started_ms, time_spent_s, comment_text, updated_ms);
CREATE INDEX idx_WORKLOG_AUTHOR_ID_STARTED_MS ON WORKLOG (AUTHOR_ID, STARTED_MS) INCLUDE (ISSUE_ID, COMMENT_TEXT, TIME_SPENT_S);
CREATE INDEX idx_WORKLOG_UPDATED_MS ON WORKLOG (UPDATED_MS);
