CREATE TABLE driver_pos (cell VARCHAR(8) NOT NULL, ts BIGINT NOT NULL, driver_id VARCHAR(32) NOT NULL, lat DOUBLE, lon DOUBLE, PRIMARY KEY (cell, ts, driver_id));
