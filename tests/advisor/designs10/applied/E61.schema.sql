-- rows: 60000000000
-- distinct: profile_id 500000000
-- distinct: title_id 20000
CREATE TABLE viewing_history (profile_id BIGINT NOT NULL, view_start BIGINT NOT NULL,
  title_id BIGINT NOT NULL, device_type VARCHAR(32), country VARCHAR(2), duration_sec INTEGER,
  PRIMARY KEY (profile_id, view_start DESC, title_id));
-- rows: 10000000000
-- distinct: profile_id 500000000
-- distinct: title_id 20000
-- distribution: updated_at monotonic
CREATE TABLE bookmark (profile_id BIGINT NOT NULL, title_id BIGINT NOT NULL,
  position_sec INTEGER, updated_at BIGINT, device_type VARCHAR(32),
  PRIMARY KEY (profile_id, title_id));
