-- every event queued for an endpoint is stored under a new ULID
-- weight: 30000
UPSERT INTO webhook_delivery (delivery_id, endpoint_id, event_type, status, attempts, payload) VALUES (?, ?, ?, 'pending', 0, ?);
-- each attempt records its outcome on the delivery
-- weight: 40000
UPSERT INTO webhook_delivery (delivery_id, status, attempts, response_code) VALUES (?, ?, ?, ?);
-- the retry worker and the delivery detail page load one delivery
-- weight: 8000
SELECT endpoint_id, event_type, status, attempts, payload FROM webhook_delivery WHERE delivery_id = ?;
-- the replay tool: the deliveries after a cursor, in order, a page of 500
-- weight: 20
SELECT delivery_id, endpoint_id, event_type, status FROM webhook_delivery WHERE delivery_id > ? ORDER BY delivery_id LIMIT 500;
