-- every sensor reports once a minute
-- weight: 50000
UPSERT INTO sensor_reading (ts, sensor_id, value, quality) VALUES (?, ?, ?, ?);
-- the device card: the sensor's latest reading
-- weight: 20000
SELECT ts, value, quality FROM sensor_reading WHERE sensor_id = ? ORDER BY ts DESC LIMIT 1;
-- the sensor's chart: one day of readings
-- weight: 3000
SELECT ts, value FROM sensor_reading WHERE sensor_id = ? AND ts >= ? AND ts < ?;
-- the operations wall: every sensor's readings of the last minute, refreshed each minute
-- weight: 60
SELECT sensor_id, ts, value FROM sensor_reading WHERE ts >= ?;
