-- an upload (POST /uploads, then the processed activity): the id from the activity sequence
-- weight: 6000
UPSERT INTO activity (athlete_id, activity_id, name, sport_type, start_date, distance, moving_time, elapsed_time, total_elevation_gain, gear_id, visibility) VALUES (?, NEXT VALUE FOR activity_id_seq, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... its segment efforts, from the segment matcher (about eight an activity, one statement each)
-- weight: 48000
UPSERT INTO segment_effort ("ACTIVITY_ID_hash", activity_id, effort_seq, segment_id, athlete_id, start_date, elapsed_time, moving_time, average_watts, pr_rank, kom_rank) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- updateActivityById: the athlete renames it, changes its type or its bike (the client knows the athlete and the id)
-- weight: 3000
UPSERT INTO activity (athlete_id, activity_id, name, sport_type, gear_id, description) VALUES (?, ?, ?, ?, ?, ?);
-- getActivityById: the activity page, reached by /activities/{id} alone
-- weight: 40000
SELECT athlete_id, name, sport_type, start_date, distance, moving_time, visibility FROM activity WHERE activity_id = ?;
-- getLoggedInAthleteActivities: the athlete's activities, newest first, 30 a page
-- weight: 20000
SELECT activity_id, name, sport_type, start_date, distance, moving_time FROM activity WHERE athlete_id = ? ORDER BY activity_id DESC LIMIT 30;
-- the profile's rides tab, through the view
-- weight: 3000
SELECT activity_id, name, start_date, distance FROM ride_activity WHERE athlete_id = ? ORDER BY activity_id DESC LIMIT 30;
-- the activity page: its segment efforts
-- weight: 40000
SELECT effort_seq, segment_id, elapsed_time, moving_time, average_watts, pr_rank, kom_rank FROM segment_effort WHERE "ACTIVITY_ID_hash" = ? AND activity_id = ?;
-- the segment page: its leaderboard, fastest first
-- weight: 25000
SELECT athlete_id, elapsed_time, start_date FROM segment_effort WHERE segment_id = ? ORDER BY elapsed_time LIMIT 10;
-- getEffortsBySegmentId: the athlete's own efforts on a segment in a date window
-- weight: 10000
SELECT activity_id, elapsed_time, start_date FROM segment_effort WHERE segment_id = ? AND athlete_id = ? AND start_date >= ? AND start_date < ?;
