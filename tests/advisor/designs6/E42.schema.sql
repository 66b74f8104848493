-- rows: 60000000
-- distinct: game_title 12
-- distinct: user_id 20000000
CREATE TABLE game_scores (user_id VARCHAR(36) NOT NULL, game_title VARCHAR(64) NOT NULL,
  top_score BIGINT, top_score_at BIGINT, wins BIGINT, losses BIGINT,
  PRIMARY KEY (user_id, game_title));
