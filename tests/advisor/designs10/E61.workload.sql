-- a play starts: its viewing record
-- weight: 30000
UPSERT INTO viewing_history (profile_id, view_start, title_id, device_type, country, duration_sec) VALUES (?, ?, ?, ?, ?, 0);
-- the play stops: the record's duration
-- weight: 30000
UPSERT INTO viewing_history (profile_id, view_start, title_id, duration_sec) VALUES (?, ?, ?, ?);
-- the player's heartbeat: the resume position, every few seconds of playback
-- weight: 300000
UPSERT INTO bookmark (profile_id, title_id, position_sec, updated_at, device_type) VALUES (?, ?, ?, ?, ?);
-- a title's page or its play button: where to resume
-- weight: 60000
SELECT position_sec, updated_at FROM bookmark WHERE profile_id = ? AND title_id = ?;
-- the Continue Watching row: the profile's bookmarks, ranked by the client
-- weight: 40000
SELECT title_id, position_sec, updated_at FROM bookmark WHERE profile_id = ?;
-- Account, Viewing activity: the newest 50
-- weight: 3000
SELECT view_start, title_id, device_type, duration_sec FROM viewing_history WHERE profile_id = ? ORDER BY view_start DESC LIMIT 50;
-- the recommender's recent history: the plays since a day
-- weight: 10000
SELECT view_start, title_id, duration_sec FROM viewing_history WHERE profile_id = ? AND view_start >= ?;
-- hide a play from viewing activity
-- weight: 100
DELETE FROM viewing_history WHERE profile_id = ? AND view_start = ? AND title_id = ?;
-- an analyst, ad hoc: who played a title since a day
-- weight: 1
SELECT profile_id, view_start FROM viewing_history WHERE title_id = ? AND view_start >= ?;
