-- rows: 20000000000
-- distinct: account_sid 300000
-- distinct: status 13
-- distribution: message_sid uniform
-- distribution: date_sent monotonic
-- distribution: date_updated monotonic
-- distinct: message_by_status_bucket 16
-- distribution: message_by_status_bucket uniform
CREATE TABLE sms_message (account_sid VARCHAR(34) NOT NULL, message_sid VARCHAR(34) NOT NULL,
  messaging_service_sid VARCHAR(34), from_number VARCHAR(32), to_number VARCHAR(32),
  body VARCHAR(1600), status VARCHAR(20), direction VARCHAR(16), num_segments INTEGER,
  error_code INTEGER, price VARCHAR(16), date_created BIGINT, date_sent BIGINT, date_updated BIGINT,
  message_by_status_bucket INT,
  PRIMARY KEY (account_sid, message_sid));
CREATE INDEX message_by_sent ON sms_message (account_sid, date_sent) INCLUDE (from_number, to_number, status, num_segments, price);
CREATE INDEX message_by_status ON sms_message (message_by_status_bucket, status, date_updated);
-- rows: 40000000
-- distinct: partition_no 4
-- distribution: received_seq monotonic
-- distinct: bucket 16
-- distribution: bucket uniform
CREATE TABLE callback_inbox (bucket INT NOT NULL, partition_no INTEGER NOT NULL, received_seq BIGINT NOT NULL,
  account_sid VARCHAR(34), message_sid VARCHAR(34), message_status VARCHAR(20),
  error_code INTEGER, raw_dlr_code VARCHAR(8),
  PRIMARY KEY (bucket, partition_no, received_seq));
