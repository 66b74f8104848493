-- rows: 30000000000
-- distinct: city_id 300
-- distribution: city_id zipfian
-- distinct: zone_id 6000
-- distinct: rider_id 2000000
-- range: ts 1/5000
CREATE TABLE rider_position (city_id BIGINT NOT NULL, zone_id BIGINT NOT NULL,
  rider_id VARCHAR(36) NOT NULL, ts BIGINT NOT NULL, lat DOUBLE, lng DOUBLE, speed DOUBLE,
  heading BIGINT, order_id VARCHAR(36),
  PRIMARY KEY (city_id, zone_id, rider_id, ts));
-- rows: 2000000
-- distinct: city_id 300
-- distinct: zone_id 6000
-- distinct: status 4
CREATE TABLE rider_latest (rider_id VARCHAR(36) NOT NULL, city_id BIGINT, zone_id BIGINT,
  status VARCHAR(12), vehicle VARCHAR(12), lat DOUBLE, lng DOUBLE, updated_at BIGINT,
  current_order_id VARCHAR(36),
  PRIMARY KEY (rider_id));
CREATE INDEX rider_latest_search USING SEARCH ON rider_latest (city_id, zone_id, status, vehicle, lat, lng);
-- rows: 900000000
-- distinct: rider_id 2000000
-- distinct: order_id 900000000
CREATE TABLE delivery_assignment (rider_id VARCHAR(36) NOT NULL, assigned_at BIGINT NOT NULL,
  order_id VARCHAR(36) NOT NULL, restaurant_id VARCHAR(36), status VARCHAR(16),
  picked_up_at BIGINT, delivered_at BIGINT, fee BIGINT,
  PRIMARY KEY (rider_id, assigned_at, order_id));
