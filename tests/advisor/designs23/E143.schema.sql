-- rows: 60000000000
-- distinct: enterprise_id 5000
-- distribution: enterprise_id zipfian
-- distribution: date_create monotonic
-- distribution: event_id uniform
-- range: date_create 1/365
CREATE TABLE audit_log (enterprise_id VARCHAR(16) NOT NULL, date_create BIGINT NOT NULL,
  event_id VARCHAR(36) NOT NULL, action VARCHAR(64), actor_user_id VARCHAR(16),
  entity_type VARCHAR(16), entity_id VARCHAR(32), context_location_id VARCHAR(16),
  context_ip VARCHAR(45), user_agent VARCHAR(512), details VARCHAR(4000),
  PRIMARY KEY (enterprise_id, date_create, event_id));
-- rows: 5000000000
-- distinct: channel_id 200000000
-- distinct: user_id 50000000
CREATE TABLE channel_member (channel_id VARCHAR(16) NOT NULL, user_id VARCHAR(16) NOT NULL,
  last_read_ts VARCHAR(20), joined_at BIGINT, notify_pref VARCHAR(16),
  PRIMARY KEY (channel_id, user_id));
