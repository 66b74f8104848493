-- every issue edit and transition records a change group with its items (Jira's changegroup and changeitem)
-- rate: 1700/s
-- weight: 1700
UPSERT INTO issue_changelog (issue_id, change_id, author_id, created_ms, items) VALUES (?, ?, ?, ?, ?);
-- GET /rest/api/2/issue/{issueIdOrKey}/changelog: the History tab, newest first, a page
-- weight: 4000
SELECT change_id, author_id, created_ms, items FROM issue_changelog WHERE issue_id = ? ORDER BY change_id DESC LIMIT 100;
-- POST /rest/api/2/issue/{issueIdOrKey}/worklog: time logged (its id from Jira's sequence)
-- rate: 250/s
-- weight: 250
UPSERT INTO worklog (worklog_id, issue_id, author_id, update_author_id, comment_text, started_ms, time_spent_s, created_ms, updated_ms, visibility_role) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- PUT /rest/api/2/issue/{issueIdOrKey}/worklog/{id}: a worklog corrected
-- rate: 40/s
-- weight: 40
UPSERT INTO worklog (worklog_id, update_author_id, comment_text, started_ms, time_spent_s, updated_ms) VALUES (?, ?, ?, ?, ?, ?);
-- GET /rest/api/2/issue/{issueIdOrKey}/worklog/{id}
-- weight: 500
SELECT issue_id, author_id, comment_text, started_ms, time_spent_s, updated_ms FROM worklog WHERE worklog_id = ?;
-- GET /rest/api/2/issue/{issueIdOrKey}/worklog: the Work log tab and the time tracking field
-- weight: 5000
SELECT worklog_id, author_id, started_ms, time_spent_s, comment_text, updated_ms FROM worklog WHERE issue_id = ?;
-- the timesheet (Tempo's "my work" and the approvals of a team lead): one user's worklogs of a week
-- weight: 3000
SELECT worklog_id, issue_id, started_ms, time_spent_s, comment_text FROM worklog WHERE author_id = ? AND started_ms >= ? AND started_ms < ?;
-- GET /rest/api/2/worklog/updated?since=...: the integrations' incremental sync (a billing export, a BI feed), every minute
-- weight: 60
SELECT worklog_id, updated_ms FROM worklog WHERE updated_ms > ? ORDER BY updated_ms LIMIT 1000;
