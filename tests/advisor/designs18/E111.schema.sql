-- rows: 2000000000
-- distinct: business_id 20000
-- distinct: store_id 1500000
-- distinct: dasher_id 3000000
-- distinct: delivery_status 10
CREATE TABLE delivery (business_id VARCHAR(64) NOT NULL, external_delivery_id VARCHAR(64) NOT NULL,
  store_id VARCHAR(64), dasher_id BIGINT, delivery_status VARCHAR(24), order_value BIGINT,
  fee BIGINT, pickup_address VARCHAR(300), dropoff_address VARCHAR(300),
  pickup_time_estimated TIMESTAMP, dropoff_time_estimated TIMESTAMP, created_at TIMESTAMP,
  updated_at TIMESTAMP, tracking_url VARCHAR(200)
  CONSTRAINT pk PRIMARY KEY (business_id, external_delivery_id)) MULTI_TENANT=true;
CREATE INDEX delivery_by_store ON delivery (store_id, created_at) INCLUDE (delivery_status, dasher_id, dropoff_time_estimated, order_value);
CREATE INDEX delivery_by_status ON delivery (delivery_status, updated_at);
CREATE VIEW in_flight AS SELECT * FROM delivery WHERE delivery_status = 'enroute_to_dropoff';
-- rows: 16000000000
-- distinct: business_id 20000
-- distinct: external_delivery_id 2000000000
CREATE TABLE delivery_event (business_id VARCHAR(64) NOT NULL,
  external_delivery_id VARCHAR(64) NOT NULL, event_time TIMESTAMP NOT NULL,
  event_name VARCHAR(40) NOT NULL, dasher_id BIGINT, lat DOUBLE, lng DOUBLE
  CONSTRAINT pk PRIMARY KEY (business_id, external_delivery_id, event_time, event_name)) MULTI_TENANT=true;
