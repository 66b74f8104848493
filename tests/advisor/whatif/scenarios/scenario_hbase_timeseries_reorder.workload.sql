-- weight: 300
SELECT * FROM access_log WHERE host = ? AND ts >= ? AND ts < ?;
-- weight: 5000
INSERT INTO access_log (ts, host, url, status) VALUES (?, ?, ?, ?);
