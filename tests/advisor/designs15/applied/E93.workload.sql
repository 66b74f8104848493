-- keyplan:tenant org4711
-- a change in the dashboard writes its audit record (AuditLog: created_date auto_now_add)
-- weight: 20000
UPSERT INTO audit_log (project_id, created_date, audit_id, environment_id, author_id, related_object_type, related_object_id, log) VALUES (?, ?, NEXT VALUE FOR audit_log_seq, ?, ?, ?, ?, ?);
-- the project's audit log page, newest first (GET /api/v1/audit/?project=)
-- weight: 10000
SELECT created_date, audit_id, environment_id, author_id, related_object_type, log FROM audit_log WHERE project_id = ? ORDER BY created_date DESC LIMIT 50;
-- ... filtered to one environment (&environments=)
-- weight: 2000
SELECT created_date, audit_id, author_id, related_object_type, log FROM audit_log WHERE project_id = ? AND environment_id = ? ORDER BY created_date DESC LIMIT 50;
-- the organisation's recent activity, every project, newest first
-- weight: 1500
SELECT project_id, created_date, related_object_type, log FROM audit_log ORDER BY created_date DESC LIMIT 50;
-- a flag's history panel: the changes of one feature, newest first
-- weight: 3000
SELECT created_date, author_id, log FROM feature_audit WHERE related_object_id = ? ORDER BY created_date DESC LIMIT 20;
-- the audit log's search box (&search=)
-- weight: 5
SELECT project_id, created_date, log FROM audit_log WHERE log LIKE '%segment%';
-- the SDK: every flag of an environment (GET /api/v1/flags/, behind the edge cache)
-- weight: 80000
SELECT feature_id, enabled, feature_state_value FROM feature_state WHERE environment_id = ?;
-- the dashboard's "enabled only" filter
-- weight: 3000
SELECT feature_id, feature_state_value FROM enabled_feature_state WHERE environment_id = ?;
-- a flag toggled or its value changed in one environment
-- weight: 12000
UPSERT INTO feature_state (environment_id, feature_id, enabled, feature_state_value, version, updated_at) VALUES (?, ?, ?, ?, ?, ?);
-- a feature created: its state in each environment
-- weight: 1500
UPSERT INTO feature_state (environment_id, feature_id, enabled, feature_state_value, version, live_from, updated_at) VALUES (?, ?, FALSE, ?, 1, ?, ?);
