-- PUT /me/tracks: a track saved to "Liked Songs"
-- weight: 3000
UPSERT INTO saved_track (user_id, track_id, added_at) VALUES (?, ?, ?);
-- DELETE /me/tracks: a track removed
-- weight: 500
DELETE FROM saved_track WHERE user_id = ? AND track_id = ?;
-- GET /me/tracks/contains: the heart icon of a track shown to the user
-- weight: 50000
SELECT added_at FROM saved_track WHERE user_id = ? AND track_id = ?;
-- GET /me/tracks?limit=50: "Liked Songs", most recently added first
-- weight: 30000
SELECT track_id, added_at FROM saved_track WHERE user_id = ? ORDER BY added_at DESC LIMIT 50;
-- each play past 30 seconds, logged from the Kafka topic as it arrives
-- rate: 40000/s
-- weight: 40000
UPSERT INTO play_event (played_at, user_id, track_id, context_uri, ms_played, device_type) VALUES (?, ?, ?, ?, ?, ?);
-- GET /me/player/recently-played?limit=50&before=: the user's plays, newest first
-- weight: 20000
SELECT played_at, track_id, context_uri FROM play_event WHERE user_id = ? AND played_at < ? ORDER BY played_at DESC LIMIT 50;
