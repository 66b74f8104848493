-- rows: 600000000
-- distribution: slot monotonic
-- distinct: api_key 2000000
CREATE TABLE rate_counter (slot BIGINT NOT NULL, api_key VARCHAR(64) NOT NULL,
  route VARCHAR(128) NOT NULL, hits BIGINT, window_limit BIGINT,
  PRIMARY KEY (slot, api_key, route));
CREATE INDEX rate_counter_by_key ON rate_counter (api_key) INCLUDE (hits);
-- rows: 2000000
-- distinct: account_id 400000
CREATE TABLE api_keys (api_key VARCHAR(64) NOT NULL, account_id VARCHAR(32), plan VARCHAR(16),
  limit_per_minute BIGINT, created_at BIGINT, revoked_at BIGINT,
  PRIMARY KEY (api_key));
