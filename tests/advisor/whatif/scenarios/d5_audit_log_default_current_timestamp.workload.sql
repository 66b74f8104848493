-- weight: 300
SELECT * FROM audit_log WHERE entity_id = ? AND logged >= ?;
-- weight: 20000
INSERT INTO audit_log (entity_id, event_id, actor, action) VALUES (?, ?, ?, ?);
