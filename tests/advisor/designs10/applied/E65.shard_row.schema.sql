-- rows: 100000000000
-- distinct: user_id 60000000
-- distinct: track_id 100000000
CREATE TABLE scrobble (user_id VARCHAR(64) NOT NULL, played_at BIGINT NOT NULL,
  track_id VARCHAR(36) NOT NULL, artist_id VARCHAR(36), album_id VARCHAR(36), client VARCHAR(32),
  PRIMARY KEY (user_id, played_at, track_id));
-- rows: 100000000
-- distinct: track_id 100000000
-- distribution: track_id zipfian
CREATE TABLE track_stats (track_id VARCHAR(36) NOT NULL, playcount BIGINT, listeners BIGINT, last_played BIGINT, track_id_shard VARCHAR(39) NOT NULL, PRIMARY KEY (track_id_shard));
