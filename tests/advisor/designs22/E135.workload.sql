-- POST /rest/api/2/issue: an issue created, its number the project's next (PROJ-123)
-- rate: 150/s
-- weight: 150
UPSERT INTO jira_issue (project_id, issue_num, issue_id, issue_type_id, summary, description, reporter_id, assignee_id, priority_id, status_id, status_category, created_ms, updated_ms, votes, watches) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'new', ?, ?, 0, 1);
-- PUT /rest/api/2/issue/{issueIdOrKey}: a field edited (summary, description, priority, due date); every edit moves updated
-- rate: 1200/s
-- weight: 1200
UPSERT INTO jira_issue (project_id, issue_num, summary, description, priority_id, due_date, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?);
-- POST /rest/api/2/issue/{issueIdOrKey}/transitions: the workflow moves the status (and its category, the resolution)
-- rate: 300/s
-- weight: 300
UPSERT INTO jira_issue (project_id, issue_num, status_id, status_category, resolution_id, resolution_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?);
-- PUT /rest/api/2/issue/{issueIdOrKey}/assignee
-- rate: 200/s
-- weight: 200
UPSERT INTO jira_issue (project_id, issue_num, assignee_id, updated_ms) VALUES (?, ?, ?, ?);
-- GET /rest/api/2/issue/PROJ-123: the issue view, by its key
-- weight: 30000
SELECT issue_id, issue_type_id, summary, description, reporter_id, assignee_id, priority_id, status_id, status_category, resolution_id, created_ms, updated_ms, due_date, votes, watches FROM jira_issue WHERE project_id = ? AND issue_num = ?;
-- GET /rest/api/2/issue/10002: the same by its numeric id (links, webhooks' consumers, the mobile app)
-- weight: 8000
SELECT project_id, issue_num, summary, status_id, status_category, assignee_id, updated_ms FROM jira_issue WHERE issue_id = ?;
-- the "Assigned to me" gadget and the your-work page: assignee = currentUser() AND statusCategory != Done
-- weight: 6000
SELECT project_id, issue_num, summary, priority_id, status_id, updated_ms FROM jira_issue WHERE assignee_id = ? AND status_category IN ('new', 'indeterminate');
-- the backlog of a project: its newest issues not started
-- weight: 3000
SELECT issue_num, summary, priority_id, assignee_id FROM backlog_issue WHERE project_id = ? ORDER BY issue_num DESC LIMIT 50;
-- a user's quick search, text ~ "..." (the search service is down: the fallback the product keeps)
-- weight: 1
SELECT project_id, issue_num, summary FROM jira_issue WHERE summary LIKE ?;
