CREATE SEQUENCE loyalty_event_seq;
-- rows: 300000000
-- distinct: phone_number 300000000
CREATE TABLE loyalty_account (account_id VARCHAR(36) NOT NULL, program_id VARCHAR(36),
  phone_number VARCHAR(20), customer_id VARCHAR(36), balance INTEGER, lifetime_points INTEGER,
  enrolled_at TIMESTAMP, updated_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (account_id));
CREATE INDEX loyalty_account_phone ON loyalty_account (phone_number) INCLUDE (program_id, balance, customer_id);
-- rows: 20000000000
-- distinct: account_id 300000000
-- distinct: order_id 10000000000
-- distinct: event_type 8
CREATE TABLE loyalty_event (event_id BIGINT NOT NULL, account_id VARCHAR(36), event_type VARCHAR(32),
  points INTEGER, order_id VARCHAR(36), location_id VARCHAR(16), source VARCHAR(16),
  created_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (event_id));
