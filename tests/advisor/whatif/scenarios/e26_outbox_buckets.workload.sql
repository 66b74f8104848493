-- every business transaction writes its event here
-- weight: 30000
UPSERT INTO outbox (created_at, message_id, aggregate_type, aggregate_id, event_type, payload) VALUES (?, ?, ?, ?, ?, ?);
-- the relay polls the oldest unpublished messages, in order
-- weight: 3000
SELECT created_at, message_id, aggregate_type, aggregate_id, event_type, payload FROM outbox WHERE created_at >= ? ORDER BY created_at LIMIT 500;
-- and deletes each message once the broker has acknowledged it
-- weight: 30000
DELETE FROM outbox WHERE created_at = ? AND message_id = ?;
