-- the seat map: every seat of the event with its state and price level (the availability call)
-- weight: 40000
SELECT section, row_name, seat_no, price_level, status FROM event_seat WHERE event_id = ?;
-- a section zoomed in
-- weight: 20000
SELECT row_name, seat_no, price_level, status FROM event_seat WHERE event_id = ? AND section = ?;
-- seats held for a cart (POST /partners/v1/events/{event_id}/cart), one statement a seat
-- weight: 24000
UPDATE event_seat SET status = 'HELD', hold_token = ?, hold_expires_at = ?, updated_at = ? WHERE event_id = ? AND section = ? AND row_name = ? AND seat_no = ?;
-- the hold reaper, every few seconds: the holds whose time ran out
-- weight: 1500
SELECT event_id, section, row_name, seat_no, hold_token FROM event_seat WHERE seat_by_hold_expiry_bucket IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) AND hold_expires_at < ?;
-- ... each expired or abandoned hold released
-- weight: 15000
UPDATE event_seat SET status = 'OPEN', hold_token = NULL, hold_expires_at = NULL, updated_at = ? WHERE event_id = ? AND section = ? AND row_name = ? AND seat_no = ?;
-- a held seat sold with its order
-- weight: 9000
UPDATE event_seat SET status = 'SOLD', order_id = ?, hold_expires_at = NULL, updated_at = ? WHERE event_id = ? AND section = ? AND row_name = ? AND seat_no = ?;
-- an event's seats loaded from the venue's manifest before it goes on sale
-- weight: 400
UPSERT INTO event_seat (event_id, section, row_name, seat_no, price_level, status, updated_at, seat_by_hold_expiry_bucket) VALUES (?, ?, ?, ?, ?, 'OPEN', ?, ?);
-- the order placed (the cart purchased)
-- weight: 4000
UPSERT INTO ticket_order (order_id, event_id, customer_id, status, seat_count, total, currency, delivery_method, created_at, updated_at) VALUES (?, ?, ?, 'PLACED', ?, ?, ?, ?, ?, ?);
-- the order's state moves (paid, tickets delivered, refunded)
-- weight: 6000
UPSERT INTO ticket_order (order_id, status, updated_at) VALUES (?, ?, ?);
-- the order page
-- weight: 15000
SELECT event_id, customer_id, status, seat_count, total, currency, delivery_method, created_at FROM ticket_order WHERE order_id = ?;
-- "My Tickets": the customer's orders, newest first
-- weight: 12000
SELECT order_id, event_id, status, seat_count, total, created_at FROM ticket_order WHERE customer_id = ? ORDER BY created_at DESC LIMIT 20;
-- the promoter's settlement after the show: every order of the event (a batch export)
-- weight: 3
SELECT order_id, status, total, currency FROM ticket_order WHERE event_id = ?;
-- event_seat: rebuild_index seat_by_hold_expiry led by seat_by_hold_expiry_bucket: the manifest's UPSERT (line 21) fills seat_by_hold_expiry_bucket; the reaper (line 12) reads through the index, one read per bucket (seat_by_hold_expiry_bucket IN 0..15, no ORDER BY); ticket_order: secondary_index, no statement changes; designs18.md
