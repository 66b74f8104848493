-- the collector polls each system's station_status.json (ttl 60 s) and writes each station that reported
-- rate: 1800/s
-- weight: 18000
UPDATE station_status_now SET num_bikes_available = ?, num_ebikes_available = ?, num_bikes_disabled = ?, num_docks_available = ?, num_docks_disabled = ?, is_installed = ?, is_renting = ?, is_returning = ?, last_reported = ? WHERE system_id = ? AND station_id = ?;
-- ... and appends it to the history
-- rate: 1800/s
-- weight: 18000
INSERT INTO station_status_history (system_id, station_id, last_reported, num_bikes_available, num_ebikes_available, num_docks_available, is_renting, is_returning) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- a station opened (station_information.json gains it)
-- rate: 1/min
-- weight: 1
INSERT INTO station_status_now (system_id, station_id, num_bikes_available, num_docks_available, is_installed, is_renting, is_returning, last_reported) VALUES (?, ?, 0, ?, 1, 0, 0, ?);
-- the app's map: every station of the system
-- weight: 40000
SELECT station_id, num_bikes_available, num_ebikes_available, num_docks_available, is_renting, is_returning FROM station_status_now WHERE system_id = ?;
-- the station sheet
-- weight: 25000
SELECT num_bikes_available, num_ebikes_available, num_docks_available, is_renting, last_reported FROM station_status_now WHERE system_id = ? AND station_id = ?;
-- the station sheet's availability chart: the last 24 hours
-- weight: 5000
SELECT last_reported, num_bikes_available, num_docks_available FROM station_status_history WHERE system_id = ? AND station_id = ? AND last_reported >= ?;
-- the rebalancing planner: the whole system over the last quarter hour
-- weight: 300
SELECT station_id, last_reported, num_bikes_available, num_docks_available FROM station_status_history WHERE system_id = ? AND last_reported >= ? AND last_reported < ?;
