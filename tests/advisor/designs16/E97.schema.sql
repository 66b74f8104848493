-- rows: 20000000000
-- distinct: feed_id 40
-- distinct: vehicle_id 60000
-- distribution: poll_id monotonic
CREATE TABLE vehicle_position (poll_id BIGINT NOT NULL, feed_id VARCHAR(32) NOT NULL, vehicle_id VARCHAR(64) NOT NULL,
  trip_id VARCHAR(64), route_id VARCHAR(64), start_date VARCHAR(8), latitude DOUBLE, longitude DOUBLE,
  bearing DOUBLE, speed DOUBLE, current_stop_sequence INTEGER, stop_id VARCHAR(64), current_status INTEGER,
  occupancy_status INTEGER, position_ts BIGINT,
  PRIMARY KEY (poll_id, feed_id, vehicle_id));
-- rows: 60000
-- distinct: feed_id 40
-- distinct: route_id 12000
CREATE TABLE vehicle_latest (feed_id VARCHAR(32) NOT NULL, vehicle_id VARCHAR(64) NOT NULL,
  trip_id VARCHAR(64), route_id VARCHAR(64), latitude DOUBLE, longitude DOUBLE, bearing DOUBLE,
  current_stop_sequence INTEGER, stop_id VARCHAR(64), current_status INTEGER, position_ts BIGINT,
  PRIMARY KEY (feed_id, vehicle_id));
CREATE INDEX vehicle_latest_route ON vehicle_latest (feed_id, route_id) INCLUDE (trip_id, latitude, longitude, bearing);
CREATE INDEX vehicle_latest_ts ON vehicle_latest (position_ts);
