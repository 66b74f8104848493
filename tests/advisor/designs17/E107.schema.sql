-- rows: 3000000000
-- distinct: account_id 1500000
-- distinct: sender_user_id 20000000
-- distinct: status 7
CREATE TABLE envelope (account_id VARCHAR(36) NOT NULL, envelope_id VARCHAR(36) NOT NULL,
  sender_user_id VARCHAR(36), email_subject VARCHAR(200), status VARCHAR(16), created_at BIGINT,
  sent_at BIGINT, status_changed_at BIGINT, completed_at BIGINT, expires_at BIGINT,
  document_count BIGINT,
  PRIMARY KEY (account_id, envelope_id));
CREATE INDEX envelope_by_sender ON envelope (account_id, sender_user_id, created_at);
CREATE INDEX envelope_by_status ON envelope (status, status_changed_at);
-- rows: 9000000000
-- distinct: envelope_id 3000000000
-- distinct: email 400000000
-- distinct: recipient_status 8
CREATE TABLE recipient (envelope_id VARCHAR(36) NOT NULL, recipient_id BIGINT NOT NULL,
  account_id VARCHAR(36), email VARCHAR(320), user_name VARCHAR(200), recipient_type VARCHAR(16),
  routing_order BIGINT, recipient_status VARCHAR(16), delivered_at BIGINT, signed_at BIGINT,
  PRIMARY KEY (envelope_id, recipient_id));
