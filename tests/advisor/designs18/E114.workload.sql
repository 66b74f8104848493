-- an order placed: one attendee a ticket (Eventbrite's Attendee object)
-- weight: 20000
INSERT INTO attendee (event_id, attendee_id, order_id, ticket_class_id, email, first_name, last_name, status, checked_in, barcode, changed, created) VALUES (?, ?, ?, ?, ?, ?, ?, 'attending', false, ?, ?, ?);
-- the organizer's check-in app scans a ticket at the door: the barcode looked up ...
-- weight: 20000
SELECT event_id, attendee_id, ticket_class_id, first_name, last_name, checked_in FROM attendee WHERE barcode = ?;
-- ... the attendee checked in (barcode status "used") ...
-- weight: 15000
UPDATE attendee SET checked_in = true, status = 'checked_in', changed = ? WHERE event_id = ? AND attendee_id = ?;
-- ... and every scan logged, accepted or refused (a duplicate, a refunded ticket); the platform's doors peak at 400 scans a second
-- weight: 20000
-- rate: 400/s
INSERT INTO checkin_scan (event_id, scanned_at, scan_id, barcode, device_id, gate, result) VALUES (?, ?, ?, ?, ?, ?, ?);
-- an order refunded or a ticket transferred: the attendee changed
-- weight: 2000
UPDATE attendee SET status = ?, email = ?, first_name = ?, last_name = ?, changed = ? WHERE event_id = ? AND attendee_id = ?;
-- "Tickets" in the buyer's account: every ticket held under the email
-- weight: 8000
SELECT event_id, attendee_id, ticket_class_id, status FROM attendee WHERE email = ?;
-- the check-in apps' sync: the event's attendees changed since the last sync (GET /events/{id}/attendees/?changed_since=)
-- weight: 6000
SELECT attendee_id, ticket_class_id, first_name, last_name, status, checked_in, barcode FROM attendee WHERE event_id = ? AND changed >= ?;
-- the organizer's live door dashboard: the event's scans of the last minutes
-- weight: 3000
SELECT scanned_at, gate, result FROM checkin_scan WHERE event_id = ? AND scanned_at >= ?;
-- support, now and then: an attendee by name across every event
-- weight: 1
SELECT event_id, attendee_id, email FROM attendee WHERE last_name = ? AND first_name = ?;
