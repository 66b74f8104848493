-- rows: 20000000000
-- distribution: trip_id uniform
-- distinct: rider_id 150000000
-- distinct: driver_id 5000000
-- distinct: pickup_zone 263
CREATE TABLE trip (trip_id VARCHAR(36) NOT NULL, rider_id VARCHAR(36), driver_id VARCHAR(36),
  city_id INTEGER, pickup_zone INTEGER, dropoff_zone INTEGER, request_time BIGINT,
  pickup_time BIGINT, dropoff_time BIGINT, status VARCHAR(16), fare BIGINT, driver_pay BIGINT,
  trip_miles DOUBLE, PRIMARY KEY (trip_id));
CREATE INDEX idx_trip_driver ON trip (driver_id, request_time) INCLUDE (status, fare, driver_pay);
CREATE INDEX idx_trip_zone ON trip (pickup_zone, request_time) INCLUDE (status, rider_id);
