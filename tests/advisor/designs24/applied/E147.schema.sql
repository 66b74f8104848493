-- rows: 60000000000
-- distinct: account_id 2000000
-- distinct: sg_message_id 12000000000
-- distinct: email 3000000000
-- distinct: event_type 11
-- distinct: category 5000000
-- distribution: account_id zipfian
-- distribution: sg_message_id uniform
-- distribution: event_ts monotonic
CREATE TABLE email_event (account_id BIGINT NOT NULL, sg_message_id VARCHAR(64) NOT NULL,
  event_ts BIGINT NOT NULL, sg_event_id VARCHAR(32) NOT NULL, email VARCHAR(320),
  event_type VARCHAR(20), category VARCHAR(255), asm_group_id INTEGER, reason VARCHAR(1000),
  smtp_status VARCHAR(10), ip VARCHAR(45), useragent VARCHAR(1000), url VARCHAR(2000)
  CONSTRAINT pk PRIMARY KEY (account_id, sg_message_id, event_ts, sg_event_id));
CREATE INDEX idx_EMAIL_EVENT_ACCOUNT_ID_EMAIL_EVENT_TS_desc ON EMAIL_EVENT (ACCOUNT_ID, EMAIL, EVENT_TS DESC) INCLUDE (EVENT_TYPE, REASON);
-- rows: 900000000
-- distinct: account_id 2000000
-- distinct: email 800000000
-- distinct: list_type 4
CREATE TABLE suppression (account_id BIGINT NOT NULL, email VARCHAR(320) NOT NULL,
  list_type VARCHAR(16) NOT NULL, reason VARCHAR(1000), created_at BIGINT
  CONSTRAINT pk PRIMARY KEY (account_id, email, list_type));
