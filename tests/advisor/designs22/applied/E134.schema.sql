-- rows: 8000000
-- writes: 10
CREATE TABLE statistics_meta (statistic_id VARCHAR(255) NOT NULL, metadata_id BIGINT,
  source VARCHAR(32), unit_of_measurement VARCHAR(32), has_mean BOOLEAN, has_sum BOOLEAN,
  name VARCHAR(255),
  PRIMARY KEY (statistic_id));
-- rows: 208000000000
-- distinct: start_ts 26000
-- distribution: start_ts monotonic
-- distinct: metadata_id 8000000
-- range: start_ts 1/150
CREATE TABLE statistics (start_ts BIGINT NOT NULL, metadata_id BIGINT NOT NULL,
  created_ts BIGINT, mean DOUBLE, min DOUBLE, max DOUBLE, last_reset_ts BIGINT, state DOUBLE,
  sum DOUBLE,
  PRIMARY KEY (metadata_id, start_ts DESC));
-- rows: 23000000000
-- distinct: metadata_id 8000000
-- distribution: start_ts monotonic
-- range: start_ts 1/10
CREATE TABLE statistics_short_term (metadata_id BIGINT NOT NULL, start_ts BIGINT NOT NULL,
  created_ts BIGINT, mean DOUBLE, min DOUBLE, max DOUBLE, last_reset_ts BIGINT, state DOUBLE,
  sum DOUBLE,
  PRIMARY KEY (metadata_id, start_ts));
