-- rows: 900000000
-- distinct: project_id 300000
-- distinct: issue_id 900000000
-- distinct: assignee_id 5000000
-- distinct: status_category 3
-- distribution: updated_ms monotonic
CREATE TABLE jira_issue (project_id BIGINT NOT NULL, issue_num BIGINT NOT NULL, issue_id BIGINT,
  issue_type_id BIGINT, summary VARCHAR(255), description VARCHAR, reporter_id VARCHAR(128),
  assignee_id VARCHAR(128), priority_id BIGINT, status_id BIGINT, status_category VARCHAR(16),
  resolution_id BIGINT, created_ms BIGINT, updated_ms BIGINT, due_date BIGINT,
  resolution_ms BIGINT, votes INTEGER, watches INTEGER
  CONSTRAINT pk PRIMARY KEY (project_id, issue_num));
CREATE INDEX issue_by_id ON jira_issue (issue_id) INCLUDE (summary, status_id, status_category, assignee_id, updated_ms);
CREATE INDEX issue_by_assignee ON jira_issue (assignee_id, status_category) INCLUDE (summary, priority_id, status_id, updated_ms);
CREATE INDEX idx_JIRA_ISSUE_PROJECT_ID_STATUS_CATEGORY_ISSUE_NUM_desc ON JIRA_ISSUE (PROJECT_ID, STATUS_CATEGORY, ISSUE_NUM DESC) INCLUDE (SUMMARY, ASSIGNEE_ID, PRIORITY_ID);
CREATE VIEW backlog_issue AS SELECT * FROM jira_issue WHERE status_category = 'new';
