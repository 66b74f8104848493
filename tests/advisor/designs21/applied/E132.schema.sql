-- rows: 8000000000
-- distinct: listing_key 200000000
-- distinct: field_name 40
CREATE TABLE listing_history (listing_key VARCHAR(64) NOT NULL, modification_ts BIGINT NOT NULL,
  field_name VARCHAR(64) NOT NULL, history_transactional_key VARCHAR(64) NOT NULL,
  originating_system_name VARCHAR(64), previous_value VARCHAR(255), new_value VARCHAR(255),
  change_type VARCHAR(32), changed_by_member_key VARCHAR(64),
  PRIMARY KEY (listing_key, modification_ts, field_name, history_transactional_key));
-- rows: 900000000
-- distinct: listing_key 150000000
-- distinct: showing_agent_key 1500000
-- distinct: showing_status 6
-- range: showing_start_ts 1/100
CREATE TABLE showing (listing_key VARCHAR(64) NOT NULL, showing_start_ts BIGINT NOT NULL,
  showing_key VARCHAR(64) NOT NULL, showing_end_ts BIGINT, showing_agent_key VARCHAR(64),
  showing_status VARCHAR(16), showing_method VARCHAR(32), feedback_rating BIGINT,
  feedback_remarks VARCHAR(2000), modification_ts BIGINT,
  PRIMARY KEY (listing_key, showing_start_ts, showing_key));
CREATE INDEX idx_showing_showing_agent_key_showing_start_ts ON showing (showing_agent_key, showing_start_ts) INCLUDE (showing_end_ts, showing_status);
