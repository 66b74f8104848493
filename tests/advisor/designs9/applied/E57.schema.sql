-- rows: 3000000000
-- distinct: account_id 150000
-- distinct: user_id 6000000
-- distinct: location_id 600000
CREATE TABLE shift (account_id VARCHAR(15) NOT NULL, user_id BIGINT NOT NULL,
  start_time TIMESTAMP NOT NULL, shift_id BIGINT NOT NULL, end_time TIMESTAMP,
  location_id BIGINT, position_id BIGINT, site_id BIGINT, break_time DOUBLE,
  notes VARCHAR(1000), published BOOLEAN, updated_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (account_id, user_id, start_time, shift_id)) MULTI_TENANT=true;
CREATE INDEX shift_updated ON shift (updated_at) INCLUDE (end_time, location_id, position_id, published);
CREATE INDEX idx_SHIFT_ACCOUNT_ID_UPDATED_AT ON SHIFT (ACCOUNT_ID, UPDATED_AT) INCLUDE (END_TIME, LOCATION_ID, POSITION_ID, PUBLISHED);
CREATE INDEX idx_SHIFT_ACCOUNT_ID_LOCATION_ID_START_TIME ON SHIFT (ACCOUNT_ID, LOCATION_ID, START_TIME) INCLUDE (END_TIME, POSITION_ID, PUBLISHED);
CREATE VIEW open_shift AS SELECT * FROM shift WHERE user_id = 0;
