-- rows: 200000000000
-- distinct: playlist_id 4000000000
-- distinct: track_uri 100000000
-- distinct: added_by 600000000
-- distribution: added_at monotonic
CREATE TABLE playlist_item (playlist_id VARCHAR(22) NOT NULL, item_rank VARCHAR(64) NOT NULL,
  item_id VARCHAR(22) NOT NULL, track_uri VARCHAR(64), added_at BIGINT, added_by VARCHAR(64),
  PRIMARY KEY (playlist_id, item_rank, item_id));
CREATE INDEX item_by_adder ON playlist_item (added_by, added_at);
-- rows: 20000000000
-- distinct: playlist_id 4000000000
-- distinct: user_id 600000000
CREATE TABLE playlist_follower (playlist_id VARCHAR(22) NOT NULL, user_id VARCHAR(64) NOT NULL,
  followed_at BIGINT, is_public BIGINT,
  PRIMARY KEY (playlist_id, user_id));
