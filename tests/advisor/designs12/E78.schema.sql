-- rows: 3000000
-- distinct: installer_id 20000
CREATE TABLE pv_system (system_id BIGINT NOT NULL, installer_id VARCHAR(16), name VARCHAR(128),
  timezone VARCHAR(32), status VARCHAR(16), size_w BIGINT, operational_at BIGINT, last_report_at BIGINT,
  PRIMARY KEY (system_id));
-- rows: 2000000000000
-- distinct: system_id 3000000
-- distinct: serial_num 60000000
CREATE TABLE micro_telemetry (system_id BIGINT NOT NULL, serial_num VARCHAR(16) NOT NULL, end_at BIGINT NOT NULL,
  powr BIGINT, enwh BIGINT,
  PRIMARY KEY (system_id, serial_num, end_at));
-- rows: 3000000000
-- distinct: system_id 3000000
CREATE TABLE system_energy_day (system_id BIGINT NOT NULL, day BIGINT NOT NULL, energy_wh BIGINT, peak_w BIGINT,
  PRIMARY KEY (system_id, day));
