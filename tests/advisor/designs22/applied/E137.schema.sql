-- rows: 17000000000
-- distinct: home_id 200000
-- distinct: metadata_id 30000000
-- distribution: last_updated_ts monotonic
-- range: last_updated_ts 1/10
CREATE TABLE states (home_id VARCHAR(36) NOT NULL, last_updated_ts BIGINT NOT NULL,
  metadata_id BIGINT NOT NULL, state VARCHAR(255), attributes_id BIGINT, last_changed_ts BIGINT,
  last_reported_ts BIGINT, context_id VARCHAR(32), origin_idx BIGINT,
  PRIMARY KEY (home_id, last_updated_ts, metadata_id));
CREATE INDEX idx_states_home_id_metadata_id_last_updated_ts ON states (home_id, metadata_id, last_updated_ts) INCLUDE (state, attributes_id, last_changed_ts);
-- rows: 4300000000
-- distinct: home_id 200000
-- distinct: event_type 40
-- distribution: time_fired_ts monotonic
-- range: time_fired_ts 1/10
CREATE TABLE events (home_id VARCHAR(36) NOT NULL, event_type VARCHAR(64) NOT NULL,
  time_fired_ts BIGINT NOT NULL, event_id VARCHAR(32) NOT NULL, event_data VARCHAR(8000),
  origin_idx BIGINT, context_id VARCHAR(32), context_user_id VARCHAR(32),
  PRIMARY KEY (home_id, event_type, time_fired_ts, event_id));
CREATE INDEX idx_events_home_id_time_fired_ts ON events (home_id, time_fired_ts) INCLUDE (event_data, context_id);
