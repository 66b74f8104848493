-- distribution: ts monotonic
CREATE TABLE sensor_reading (ts BIGINT NOT NULL, sensor_id VARCHAR(32) NOT NULL,
  value DOUBLE, quality INTEGER, PRIMARY KEY (ts, sensor_id));
