-- an event ingested and grouped: the event stored ...
-- weight: 100000
UPSERT INTO error_event (project_id, received_at, event_id, group_id, platform, environment, release_version, user_id, message, payload_ref) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... and its issue's counters, flushed from the write buffer (last_seen, times_seen)
-- weight: 20000
UPSERT INTO issue_group (project_id, group_id, last_seen, times_seen) VALUES (?, ?, ?, ?);
-- a new issue, created by the first event of its fingerprint
-- weight: 1500
UPSERT INTO issue_group (project_id, group_id, status, level, title, culprit, first_seen, last_seen, times_seen, first_release) VALUES (?, ?, 0, ?, ?, ?, ?, ?, 1, ?);
-- an issue resolved, ignored, reopened or assigned
-- weight: 2500
UPSERT INTO issue_group (project_id, group_id, status, assignee_id) VALUES (?, ?, ?, ?);
-- the issue stream: the project's unresolved issues, last seen first
-- weight: 15000
SELECT group_id, title, culprit, level, times_seen, last_seen FROM issue_group WHERE project_id = ? AND status = 0 ORDER BY last_seen DESC LIMIT 25;
-- the issue's page
-- weight: 12000
SELECT status, level, title, culprit, first_seen, last_seen, times_seen, first_release, assignee_id FROM issue_group WHERE project_id = ? AND group_id = ?;
-- the issue's latest events (GET /api/0/issues/{issue_id}/events/)
-- weight: 10000
SELECT received_at, event_id, environment, release_version, user_id, message FROM error_event WHERE project_id = ? AND group_id = ? ORDER BY received_at DESC LIMIT 50;
-- one event (GET /api/0/projects/{org}/{project}/events/{event_id}/)
-- weight: 8000
SELECT received_at, group_id, platform, environment, release_version, user_id, message, payload_ref FROM error_event WHERE project_id = ? AND event_id = ?;
-- the project's newest events
-- weight: 1000
SELECT received_at, event_id, group_id, message FROM error_event WHERE project_id = ? ORDER BY received_at DESC LIMIT 100;
