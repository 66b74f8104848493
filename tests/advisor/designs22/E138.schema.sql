-- rows: 400000000
-- distinct: jurisdiction_id 300
-- distribution: jurisdiction_id zipfian
-- distribution: service_request_id monotonic
-- distinct: service_code 400
-- distribution: requested_ts monotonic
-- range: requested_ts 1/40
-- distribution: updated_ts monotonic
-- range: updated_ts 1/100000
CREATE TABLE service_request (jurisdiction_id VARCHAR(64) NOT NULL,
  service_request_id VARCHAR(32) NOT NULL, service_code VARCHAR(32), status VARCHAR(8),
  status_notes VARCHAR(2000), description VARCHAR(4000), agency_responsible VARCHAR(128),
  address VARCHAR(255), zipcode VARCHAR(10), lat DOUBLE, lon DOUBLE, media_url VARCHAR(1024),
  requested_ts BIGINT, updated_ts BIGINT, expected_ts BIGINT,
  PRIMARY KEY (jurisdiction_id, service_request_id));
CREATE INDEX request_by_service ON service_request (jurisdiction_id, service_code, requested_ts) INCLUDE (status, address, lat, lon, updated_ts);
