-- rows: 20000000000
-- distinct: username 3000000
-- distinct: podcast_url 2000000
CREATE TABLE episode_action (username VARCHAR(100) NOT NULL, created BIGINT NOT NULL, action_id VARCHAR(36) NOT NULL,
  device_uid VARCHAR(64), podcast_url VARCHAR(2048), episode_url VARCHAR(2048), action_type VARCHAR(8),
  action_ts BIGINT, started INTEGER, play_position INTEGER, total INTEGER,
  PRIMARY KEY (username, created, action_id));
-- rows: 400000000
-- distinct: username 3000000
-- distinct: podcast_url 2000000
CREATE TABLE subscription (username VARCHAR(100) NOT NULL, device_uid VARCHAR(64) NOT NULL, podcast_url VARCHAR(2048) NOT NULL,
  subscribed BOOLEAN, changed BIGINT,
  PRIMARY KEY (username, device_uid, podcast_url));
