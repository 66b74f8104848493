-- the archiver: every vehicle of every feed, each poll (60,000 vehicles every 15 s), poll_id the poller's counter
-- rate: 4000/s
-- weight: 4000
UPSERT INTO vehicle_position (poll_id, feed_id, vehicle_id, trip_id, route_id, start_date, latitude, longitude, bearing, speed, current_stop_sequence, stop_id, current_status, occupancy_status, position_ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... and the vehicle's latest position, in place
-- rate: 4000/s
-- weight: 4000
UPSERT INTO vehicle_latest (feed_id, vehicle_id, trip_id, route_id, latitude, longitude, bearing, current_stop_sequence, stop_id, current_status, position_ts, vehicle_latest_ts_bucket) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the trip replay and the on-time analysis: one vehicle's track over a window of polls
-- weight: 2000
SELECT poll_id, trip_id, latitude, longitude, speed, current_stop_sequence, current_status FROM vehicle_position WHERE feed_id = ? AND vehicle_id = ? AND poll_id >= ? AND poll_id < ?;
-- the rider app's live map: the vehicles now on one route
-- weight: 50000
SELECT vehicle_id, trip_id, latitude, longitude, bearing FROM vehicle_latest WHERE feed_id = ? AND route_id = ?;
-- the vehicle page
-- weight: 8000
SELECT trip_id, route_id, latitude, longitude, current_stop_sequence, stop_id, current_status, position_ts FROM vehicle_latest WHERE feed_id = ? AND vehicle_id = ?;
-- the operations sweep: vehicles that stopped reporting (once a minute)
-- weight: 1
SELECT feed_id, vehicle_id, trip_id, position_ts FROM vehicle_latest WHERE vehicle_latest_ts_bucket IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) AND position_ts < ?;
