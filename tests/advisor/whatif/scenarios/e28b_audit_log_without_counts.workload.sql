-- keyplan:tenant acme
-- the organization's audit log page, newest first
-- weight: 2000
SELECT created_at, actor_id, action, target FROM audit_event ORDER BY created_at DESC LIMIT 100;
-- the compliance read: what one member did since a date, newest first
-- weight: 300
SELECT created_at, action, target, actor_ip FROM audit_event WHERE actor_id = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 100;
-- every action of every member is logged
-- weight: 20000
UPSERT INTO audit_event (created_at, event_id, actor_id, action, target, actor_ip, detail) VALUES (?, ?, ?, ?, ?, ?, ?);
