-- rows: 30000000
-- distinct: jurisdiction_id 2
-- distribution: service_request_id monotonic
-- distinct: service_code 180
-- distinct: status 2
-- distribution: requested_at monotonic
-- range: requested_at 1/40
CREATE TABLE service_request (jurisdiction_id VARCHAR(64) NOT NULL,
  service_request_id BIGINT NOT NULL, service_code VARCHAR(32), status VARCHAR(8),
  status_notes VARCHAR(2000), description VARCHAR(4000), agency_responsible VARCHAR(128),
  service_notice VARCHAR(512), address VARCHAR(255), address_id VARCHAR(64), zipcode VARCHAR(10),
  lat DOUBLE, lon DOUBLE, media_url VARCHAR(1024), requested_at BIGINT, updated_at BIGINT,
  expected_at BIGINT,
  PRIMARY KEY (jurisdiction_id, service_request_id));
CREATE INDEX request_by_service ON service_request (jurisdiction_id, service_code, requested_at) INCLUDE (status, address, lat, lon, updated_at);
-- rows: 30000000
CREATE TABLE request_token (token VARCHAR(64) NOT NULL, jurisdiction_id VARCHAR(64),
  service_request_id BIGINT, created_at BIGINT,
  PRIMARY KEY (token));
-- rows: 400
-- writes: 0
-- distinct: jurisdiction_id 2
CREATE TABLE service (jurisdiction_id VARCHAR(64) NOT NULL, service_code VARCHAR(32) NOT NULL,
  service_name VARCHAR(255), description VARCHAR(2000), has_metadata BOOLEAN, service_type VARCHAR(16),
  keywords VARCHAR(512), service_group VARCHAR(128), attributes VARCHAR(8000),
  PRIMARY KEY (jurisdiction_id, service_code));
