-- a check-in
-- weight: 30000
UPSERT INTO checkins (user_id, created_at, checkin_id, venue_id, shout, is_private, lat, lng, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- GET /users/USER_ID/checkins: the user's history, newest first
-- weight: 20000
SELECT created_at, checkin_id, venue_id, shout FROM checkins WHERE user_id = ? ORDER BY created_at DESC LIMIT 20;
-- the venue page: its recent public check-ins, newest first
-- weight: 10000
SELECT user_id, created_at, shout FROM public_checkins WHERE venue_id = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 20;
-- GET /venues/VENUE_ID/herenow: how many checked in there in the last three hours
-- weight: 30000
SELECT COUNT(*) FROM checkins WHERE venue_id = ? AND created_at >= ?;
-- a check-in deleted by its user
-- weight: 300
DELETE FROM checkins WHERE user_id = ? AND created_at = ? AND checkin_id = ?;
-- GET /venues/VENUE_ID
-- weight: 40000
SELECT name, category_id, lat, lng, address FROM venues WHERE venue_id = ?;
-- a user adds a venue (its id a new ObjectId: the first 4 bytes are the creation time)
-- weight: 100
UPSERT INTO venues (venue_id, name, category_id, lat, lng, address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?);
-- a superuser corrects a venue
-- weight: 300
UPSERT INTO venues (venue_id, name, address) VALUES (?, ?, ?);
