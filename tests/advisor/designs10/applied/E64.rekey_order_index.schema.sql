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
CREATE TABLE LOYALTY_EVENT (EVENT_ID BIGINT NOT NULL, ACCOUNT_ID VARCHAR(36) NOT NULL, EVENT_TYPE VARCHAR(32), POINTS INTEGER, ORDER_ID VARCHAR(36), LOCATION_ID VARCHAR(16), SOURCE VARCHAR(16), CREATED_AT TIMESTAMP NOT NULL, CONSTRAINT pk PRIMARY KEY (ACCOUNT_ID, CREATED_AT DESC, EVENT_ID));
CREATE INDEX idx_LOYALTY_EVENT_ORDER_ID ON LOYALTY_EVENT (ORDER_ID) INCLUDE (ACCOUNT_ID, EVENT_TYPE, POINTS);
