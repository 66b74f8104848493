-- rows: 60000000000
-- distinct: user_id 600000000
-- distinct: track_id 100000000
CREATE TABLE saved_track (user_id VARCHAR(32) NOT NULL, track_id VARCHAR(22) NOT NULL,
  added_at BIGINT,
  PRIMARY KEY (user_id, track_id));
-- rows: 300000000000
-- distinct: user_id 600000000
-- distinct: track_id 100000000
-- distribution: played_at monotonic
CREATE TABLE play_event (played_at BIGINT NOT NULL, user_id VARCHAR(32) NOT NULL,
  track_id VARCHAR(22), context_uri VARCHAR(128), ms_played INTEGER, device_type VARCHAR(32),
  PRIMARY KEY (played_at, user_id));
