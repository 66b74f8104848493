-- weight: 5000
SELECT driver_id, lat, lon FROM driver_pos WHERE cell IN (?, ?, ?) AND ts >= ?;
-- weight: 2000
SELECT cell, lat, lon, ts FROM driver_pos WHERE driver_id = ? ORDER BY ts DESC LIMIT 1;
-- weight: 50000
UPSERT INTO driver_pos (cell, ts, driver_id, lat, lon) VALUES (?, ?, ?, ?, ?);
