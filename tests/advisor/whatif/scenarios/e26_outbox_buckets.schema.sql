-- distribution: created_at monotonic
CREATE TABLE outbox (created_at BIGINT NOT NULL, message_id CHAR(36) NOT NULL,
  aggregate_type VARCHAR(64), aggregate_id VARCHAR(64), event_type VARCHAR(64),
  payload VARCHAR(16000), PRIMARY KEY (created_at, message_id));
