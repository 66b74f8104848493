-- rows: 2000000000
-- distinct: event_name 6
-- distinct: customer_id 400000
CREATE TABLE meter_event (event_name VARCHAR(100) NOT NULL, customer_id VARCHAR(64) NOT NULL,
  ts BIGINT NOT NULL, identifier VARCHAR(100) NOT NULL, value BIGINT,
  PRIMARY KEY (event_name, customer_id, ts, identifier));
