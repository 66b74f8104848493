-- every business transaction writes its event here
-- weight: 30000
UPSERT INTO outbox (bucket, created_at, message_id, aggregate_type, aggregate_id, event_type, payload) VALUES (?, ?, ?, ?, ?, ?, ?);
-- the relay polls the oldest unpublished messages, in order
-- weight: 48000
SELECT created_at, message_id, aggregate_type, aggregate_id, event_type, payload FROM outbox WHERE bucket = ? AND created_at >= ? ORDER BY created_at LIMIT 500;
-- and deletes each message once the broker has acknowledged it
-- weight: 30000
DELETE FROM outbox WHERE bucket = ? AND created_at = ? AND message_id = ?;
-- E26 (tests/advisor/test_designs4.c, Lindorm) applied by test_whatif_applied (README.md):
-- salt_buckets [bucket][created_at][message_id]. The advice's rewrite: the writer computes
-- bucket = hash(message_id) % 16 (the UPSERT writes it); a statement that binds message_id by =
-- adds bucket = ? (the DELETE); any other read is one read per bucket, each in key order, polled
-- on its own (Lindorm sorts nothing): the relay's poll is 16 reads of weight 3000, written as one
-- read by bucket of weight 48000.
