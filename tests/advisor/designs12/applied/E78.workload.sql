-- every gateway uploads each microinverter's 15-minute interval
-- weight: 200000
INSERT INTO micro_telemetry (system_id, serial_num, end_at, powr, enwh) VALUES (?, ?, ?, ?, ?);
-- the gateway's upload touches its system's last report time
-- weight: 10000
UPDATE pv_system SET last_report_at = ? WHERE system_id = ?;
-- the owner's app: today's production of the whole system, every microinverter (telemetry/production_micro)
-- weight: 20000
SELECT serial_num, end_at, powr, enwh FROM micro_telemetry WHERE system_id = ? AND end_at >= ? AND end_at < ?;
-- the installer's diagnostics: one microinverter over the last days
-- weight: 1000
SELECT end_at, powr, enwh FROM micro_telemetry WHERE system_id = ? AND serial_num = ? AND end_at >= ?;
-- the owner's app: the system page
-- weight: 20000
SELECT name, timezone, status, size_w, last_report_at FROM pv_system WHERE system_id = ?;
-- GET /systems: the installer's fleet
-- weight: 1500
SELECT system_id, name, status, last_report_at FROM pv_system WHERE installer_id = ?;
-- a system is activated
-- weight: 50
INSERT INTO pv_system (system_id, installer_id, name, timezone, status, size_w, operational_at) VALUES (?, ?, ?, ?, 'normal', ?, ?);
-- the nightly roll-up writes each system's day (energy_lifetime)
-- weight: 3000
INSERT INTO system_energy_day (system_id, day, energy_wh, peak_w) VALUES (?, ?, ?, ?);
-- the owner's app: the month, day by day
-- weight: 5000
SELECT day, energy_wh, peak_w FROM system_energy_day WHERE system_id = ? AND day >= ? AND day <= ?;
