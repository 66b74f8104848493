-- rows: 300000000
-- distinct: league_id 1500000
-- distinct: player_id 2500
-- distinct: slot 7
CREATE TABLE roster_player (league_id BIGINT NOT NULL, roster_id INTEGER NOT NULL, player_id VARCHAR(8) NOT NULL,
  slot VARCHAR(4), acquired_at TIMESTAMP, acquired_by VARCHAR(16)
  CONSTRAINT pk PRIMARY KEY (league_id, roster_id, player_id));
CREATE INDEX roster_player_player ON roster_player (player_id) INCLUDE (slot);
-- rows: 324000000
-- distinct: league_id 1500000
-- distinct: week 18
CREATE TABLE matchup (league_id BIGINT NOT NULL, week INTEGER NOT NULL, roster_id INTEGER NOT NULL,
  matchup_id INTEGER, points DECIMAL(8,2), custom_points DECIMAL(8,2), starters VARCHAR(200),
  starters_points VARCHAR(400)
  CONSTRAINT pk PRIMARY KEY (league_id, week, roster_id));
CREATE INDEX idx_matchup_week_points ON matchup (week, points);
CREATE VIEW playoff_matchup AS SELECT * FROM matchup WHERE week >= 15;
