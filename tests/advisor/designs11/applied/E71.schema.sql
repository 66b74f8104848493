-- rows: 600000000
-- distribution: slot monotonic
-- distinct: api_key 2000000
CREATE TABLE rate_counter (slot BIGINT NOT NULL, api_key VARCHAR(64) NOT NULL,
  route VARCHAR(128) NOT NULL, hits BIGINT, window_limit BIGINT,
  PRIMARY KEY (api_key, slot, route));
-- rows: 2000000
-- distinct: account_id 400000
CREATE TABLE api_keys (api_key VARCHAR(64) NOT NULL, account_id VARCHAR(32), plan VARCHAR(16),
  limit_per_minute BIGINT, created_at BIGINT, revoked_at BIGINT,
  PRIMARY KEY (api_key));
CREATE INDEX idx_api_keys_account_id ON api_keys (account_id) INCLUDE (plan, created_at, revoked_at);
