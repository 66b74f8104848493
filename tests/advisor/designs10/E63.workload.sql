-- keyplan:tenant acme
-- calendarView: a mailbox's items in a window (the day and week views)
-- weight: 50000
SELECT item_id, start_time, end_time, subject, location, show_as, response, is_cancelled FROM calendar_item WHERE mailbox_id = ? AND start_time >= ? AND start_time < ?;
-- getSchedule: the free/busy of five attendees while a meeting is planned
-- weight: 10000
SELECT mailbox_id, start_time, end_time, show_as FROM calendar_item WHERE mailbox_id IN (?, ?, ?, ?, ?) AND start_time >= ? AND start_time < ?;
-- an item opened from the view, which knows its start
-- weight: 20000
SELECT subject, organizer, location, end_time, ical_uid, response FROM calendar_item WHERE mailbox_id = ? AND start_time = ? AND item_id = ?;
-- a meeting is created: one copy in each attendee's mailbox
-- weight: 40000
UPSERT INTO calendar_item (mailbox_id, start_time, item_id, end_time, ical_uid, series_master_id, subject, organizer, location, show_as, response, is_cancelled, mailbox_kind, last_modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'none', FALSE, ?, ?);
-- the organizer changes a meeting: every attendee's copy is found by its iCalUId ...
-- weight: 8000
SELECT mailbox_id, start_time, item_id FROM calendar_item WHERE ical_uid = ?;
-- ... and rewritten
-- weight: 30000
UPSERT INTO calendar_item (mailbox_id, start_time, item_id, end_time, subject, location, last_modified) VALUES (?, ?, ?, ?, ?, ?, ?);
-- an attendee accepts, tentatively accepts or declines
-- weight: 20000
UPSERT INTO calendar_item (mailbox_id, start_time, item_id, response, show_as, last_modified) VALUES (?, ?, ?, ?, ?, ?);
-- the occurrences of a recurring series, to edit them all
-- weight: 2000
SELECT mailbox_id, start_time, item_id FROM calendar_item WHERE series_master_id = ?;
-- the room finder: the bookings of the tenant's rooms in a window
-- weight: 5000
SELECT mailbox_id, start_time, end_time, show_as FROM room_item WHERE start_time >= ? AND start_time < ?;
