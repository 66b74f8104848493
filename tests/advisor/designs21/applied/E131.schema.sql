-- rows: 10000000000
-- distinct: account_sid 200000
-- distinct: contact_number 900000000
-- distinct: message_sid 10000000000
CREATE TABLE conversation_message (account_sid VARCHAR(34) NOT NULL,
  contact_number VARCHAR(32) NOT NULL, date_created BIGINT NOT NULL,
  message_sid VARCHAR(34) NOT NULL, direction VARCHAR(16), sender_number VARCHAR(32),
  body VARCHAR(1600), num_media BIGINT, status VARCHAR(20), error_code BIGINT,
  date_updated BIGINT,
  PRIMARY KEY (account_sid, contact_number, date_created, message_sid));
CREATE INDEX idx_conversation_message_message_sid ON conversation_message (message_sid) INCLUDE (status);
-- rows: 50000000
-- distribution: slot monotonic
-- distinct: bucket 16
-- distribution: bucket uniform
CREATE TABLE webhook_retry (bucket BIGINT NOT NULL, slot BIGINT NOT NULL, callback_id VARCHAR(34) NOT NULL,
  account_sid VARCHAR(34), message_sid VARCHAR(34), callback_url VARCHAR(1024),
  payload VARCHAR(4000), attempt BIGINT, last_http_status BIGINT,
  PRIMARY KEY (bucket, slot, callback_id));
