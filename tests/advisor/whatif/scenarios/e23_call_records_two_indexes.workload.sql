-- the calls a number made in a billing period
-- weight: 3000
SELECT start_time, called_number, duration FROM call_record WHERE cell_number = ? AND start_time >= ? AND start_time < ?;
-- the calls a number received
-- weight: 1000
SELECT cell_number, start_time, duration FROM call_record WHERE called_number = ?;
-- the calls a base station carried since a time
-- weight: 300
SELECT cell_number, start_time, duration FROM call_record WHERE base_station_number = ? AND start_time >= ?;
-- a base station's call durations in a period, and their totals
-- weight: 200
SELECT duration FROM call_record WHERE base_station_number = ? AND start_time >= ? AND start_time <= ?;
-- weight: 100
SELECT SUM(duration), AVG(duration), MAX(duration), MIN(duration) FROM call_record WHERE base_station_number = ? AND start_time >= ? AND start_time <= ?;
-- the calls from one number to another
-- weight: 50
SELECT start_time, duration FROM call_record WHERE cell_number = ? AND called_number = ?;
-- a call ends
-- weight: 20000
INSERT INTO call_record (cell_number, start_time, called_number, duration, base_station_number) VALUES (?, ?, ?, ?, ?);
