-- a notification fanned out to its recipient (a mention, a favourite, a reblog, a follow ...)
-- weight: 100000
UPSERT INTO notifications (account_id, id, activity_id, activity_type, from_account_id, type, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- GET /api/v1/notifications: the newest 40
-- weight: 40000
SELECT id, type, activity_id, activity_type, from_account_id, created_at FROM notifications WHERE account_id = ? ORDER BY id DESC LIMIT 40;
-- the streaming client's catch-up: newer than since_id
-- weight: 20000
SELECT id, type, activity_id, activity_type, from_account_id, created_at FROM notifications WHERE account_id = ? AND id > ? ORDER BY id DESC LIMIT 40;
-- the next page: older than max_id
-- weight: 8000
SELECT id, type, activity_id, activity_type, from_account_id, created_at FROM notifications WHERE account_id = ? AND id < ? ORDER BY id DESC LIMIT 40;
-- the Mentions tab: types[]=mention
-- weight: 5000
SELECT id, activity_id, activity_type, from_account_id, created_at FROM notifications WHERE account_id = ? AND type = 'mention' ORDER BY id DESC LIMIT 40;
-- GET /api/v1/notifications/:id
-- weight: 3000
SELECT type, activity_id, activity_type, from_account_id, created_at FROM notifications WHERE account_id = ? AND id = ?;
-- a status is deleted: the notifications about it are found ...
-- weight: 2000
SELECT account_id, id FROM notifications WHERE activity_id = ? AND activity_type = 'Status';
-- ... and removed one by one (also POST /api/v1/notifications/:id/dismiss)
-- weight: 2000
DELETE FROM notifications WHERE account_id = ? AND id = ?;
-- the notifications column loads its read marker
-- weight: 40000
SELECT last_read_id, lock_version FROM markers WHERE user_id = ? AND timeline = 'notifications';
-- POST /api/v1/markers: the marker moves as the user reads
-- weight: 20000
UPSERT INTO markers (user_id, timeline, last_read_id, lock_version, updated_at) VALUES (?, ?, ?, ?, ?);
