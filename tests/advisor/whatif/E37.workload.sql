-- every event queued for an endpoint is stored under a new ULID
-- weight: 30000
UPSERT INTO webhook_delivery (bucket, delivery_id, endpoint_id, event_type, status, attempts, payload) VALUES (?, ?, ?, ?, 'pending', 0, ?);
-- each attempt records its outcome on the delivery
-- weight: 40000
UPSERT INTO webhook_delivery (bucket, delivery_id, status, attempts, response_code) VALUES (?, ?, ?, ?, ?);
-- the retry worker and the delivery detail page load one delivery
-- weight: 8000
SELECT endpoint_id, event_type, status, attempts, payload FROM webhook_delivery WHERE bucket = ? AND delivery_id = ?;
-- the replay tool: the deliveries after a cursor, in order, a page of 500
-- weight: 320
SELECT delivery_id, endpoint_id, event_type, status FROM webhook_delivery WHERE bucket = ? AND delivery_id > ? ORDER BY delivery_id LIMIT 500;
-- E37 applied by test_whatif_applied (README.md): salt_buckets [bucket][delivery_id].
-- The advice's rewrite: the writer computes bucket = hash(delivery_id) % 16 (both UPSERTs
-- write it); a read that binds delivery_id by = adds bucket = ?; any other read is one read
-- per bucket, each in key order (Lindorm sorts nothing, so each bucket is polled on its own):
-- the replay read is 16 reads of weight 20, written as one read by bucket of weight 320.
