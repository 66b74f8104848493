-- keyplan:tenant acme
-- an employee's schedule for the week (the mobile app's home screen)
-- weight: 30000
SELECT start_time, end_time, location_id, position_id, notes FROM shift WHERE user_id = ? AND start_time >= ? AND start_time < ?;
-- a manager's schedule of one location for a day or a week
-- weight: 6000
SELECT user_id, start_time, end_time, position_id, published FROM shift WHERE location_id = ? AND start_time >= ? AND start_time < ?;
-- the open shifts of the week that employees may take
-- weight: 4000
SELECT shift_id, start_time, end_time, location_id, position_id FROM open_shift WHERE start_time >= ? AND start_time < ?;
-- an integration polls the shifts changed since its last run
-- weight: 2000
SELECT user_id, start_time, shift_id, end_time, location_id, position_id, published FROM shift WHERE updated_at > ?;
-- a manager creates a shift (user_id 0: an open shift)
-- weight: 10000
UPSERT INTO shift (user_id, start_time, shift_id, end_time, location_id, position_id, site_id, break_time, notes, published, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, FALSE, ?);
-- the schedule is published, shift by shift
-- weight: 4000
UPSERT INTO shift (user_id, start_time, shift_id, published, updated_at) VALUES (?, ?, ?, TRUE, ?);
-- an employee takes an open shift: it leaves user 0 (and is written again under the employee, as a created shift)
-- weight: 500
DELETE FROM shift WHERE user_id = 0 AND start_time = ? AND shift_id = ?;
