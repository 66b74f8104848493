-- rows: 150000000000
-- distribution: meter_id uniform
-- distinct: meter_id 4000000
-- distinct: feeder_id 50000
CREATE TABLE interval_reading (meter_id BIGINT NOT NULL, channel BIGINT NOT NULL,
  interval_start BIGINT NOT NULL, value BIGINT, quality BIGINT, feeder_id VARCHAR(16),
  PRIMARY KEY (meter_id, channel, interval_start));
