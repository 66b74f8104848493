-- rows: 110000
-- distinct: system_id 800
CREATE TABLE station_status_now (system_id VARCHAR(64) NOT NULL, station_id VARCHAR(64) NOT NULL,
  num_bikes_available BIGINT, num_ebikes_available BIGINT, num_bikes_disabled BIGINT,
  num_docks_available BIGINT, num_docks_disabled BIGINT, is_installed BIGINT, is_renting BIGINT,
  is_returning BIGINT, last_reported BIGINT,
  PRIMARY KEY (system_id, station_id));
-- rows: 40000000000
-- distinct: system_id 800
-- distinct: station_id 110000
-- distribution: last_reported monotonic
CREATE TABLE station_status_history (system_id VARCHAR(64) NOT NULL, station_id VARCHAR(64) NOT NULL,
  last_reported BIGINT NOT NULL, num_bikes_available BIGINT, num_ebikes_available BIGINT,
  num_docks_available BIGINT, is_renting BIGINT, is_returning BIGINT,
  PRIMARY KEY (system_id, station_id, last_reported));
