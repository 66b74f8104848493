-- rows: 4000000000
-- distinct: athlete_id 120000000
-- distinct: gear_id 60000000
CREATE TABLE activity (athlete_id BIGINT NOT NULL, activity_id BIGINT NOT NULL, name VARCHAR(255),
  sport_type VARCHAR(32), start_date TIMESTAMP, distance DOUBLE, moving_time INTEGER, elapsed_time INTEGER,
  total_elevation_gain DOUBLE, gear_id VARCHAR(32), description VARCHAR(4000), visibility VARCHAR(16)
  CONSTRAINT pk PRIMARY KEY (athlete_id, activity_id));
CREATE INDEX activity_by_id ON activity (activity_id) INCLUDE (name, sport_type, start_date, distance, moving_time, visibility);
CREATE INDEX activity_gear ON activity (gear_id) INCLUDE (distance, moving_time);
CREATE VIEW ride_activity AS SELECT * FROM activity WHERE sport_type = 'Ride';
CREATE SEQUENCE activity_id_seq;
-- rows: 40000000000
-- distinct: activity_id 4000000000
-- distinct: segment_id 30000000
-- distinct: athlete_id 120000000
-- distribution: activity_id monotonic
CREATE TABLE segment_effort (activity_id BIGINT NOT NULL, effort_seq INTEGER NOT NULL, segment_id BIGINT,
  athlete_id BIGINT, start_date TIMESTAMP, elapsed_time INTEGER, moving_time INTEGER, average_watts DOUBLE,
  pr_rank INTEGER, kom_rank INTEGER
  CONSTRAINT pk PRIMARY KEY (activity_id, effort_seq));
CREATE INDEX segment_effort_leaderboard ON segment_effort (segment_id, elapsed_time) INCLUDE (athlete_id, start_date);
