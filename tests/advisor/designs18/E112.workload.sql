-- Events API v2, event_action trigger: the alert looked up by its dedup_key on its integration ...
-- weight: 50000
SELECT incident_id, status FROM alert WHERE routing_key = ? AND dedup_key = ?;
-- ... and written (a new alert, or the same alert triggered again)
-- weight: 50000
UPSERT INTO alert (routing_key, dedup_key, incident_id, status, severity, summary, source, created_at) VALUES (?, ?, ?, 'triggered', ?, ?, ?, ?);
-- event_action resolve: the alert resolved
-- weight: 20000
UPSERT INTO alert (routing_key, dedup_key, status, resolved_at) VALUES (?, ?, 'resolved', ?);
-- a new incident opened for a new alert, assigned by its escalation policy
-- weight: 8000
UPSERT INTO incident (account_id, incident_number, incident_id, service_id, escalation_policy_id, status, urgency, title, assigned_user_id, created_at, last_status_change_at, alert_count) VALUES (?, ?, ?, ?, ?, 'triggered', ?, ?, ?, ?, ?, 1);
-- acknowledged or resolved (PUT /incidents/{id})
-- weight: 14000
UPSERT INTO incident (account_id, incident_number, status, last_status_change_at, resolved_at) VALUES (?, ?, ?, ?, ?);
-- escalated or reassigned to another responder
-- weight: 4000
UPSERT INTO incident (account_id, incident_number, assigned_user_id, last_status_change_at) VALUES (?, ?, ?, ?);
-- every trigger, notification, acknowledgement, escalation and note logged
-- weight: 45000
UPSERT INTO log_entry (incident_id, created_at, log_entry_id, account_id, entry_type, agent_id, channel, summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- GET /incidents/{id}
-- weight: 30000
SELECT service_id, status, urgency, title, assigned_user_id, created_at FROM incident WHERE incident_id = ?;
-- the mobile app's "Mine": the responder's open incidents
-- weight: 20000
SELECT incident_id, title, urgency, created_at FROM incident WHERE assigned_user_id = ? AND status = 'triggered';
-- the service page: its latest incidents (GET /incidents?service_ids[]=...)
-- weight: 10000
SELECT incident_number, incident_id, status, urgency, title, created_at FROM incident WHERE account_id = ? AND service_id = ? ORDER BY created_at DESC LIMIT 25;
-- the incident's log (GET /incidents/{id}/log_entries)
-- weight: 12000
SELECT created_at, log_entry_id, entry_type, agent_id, channel, summary FROM log_entry WHERE incident_id = ? ORDER BY created_at;
-- the incident's alerts (GET /incidents/{id}/alerts)
-- weight: 8000
SELECT dedup_key, status, severity, summary, created_at FROM alert WHERE incident_id = ?;
-- the account's log entries of a time window (GET /log_entries?since=&until=), an audit export
-- weight: 300
SELECT incident_id, created_at, log_entry_id, entry_type, agent_id, summary FROM log_entry WHERE account_id = ? AND created_at >= ? AND created_at < ?;
