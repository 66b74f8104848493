-- rows: 10000000000
-- distinct: user_id 50000000
-- distinct: venue_id 100000000
CREATE TABLE checkins (user_id BIGINT NOT NULL, created_at TIMESTAMP NOT NULL,
  checkin_id VARCHAR(24) NOT NULL, venue_id VARCHAR(24), shout VARCHAR(140), is_private BOOLEAN,
  lat DOUBLE, lng DOUBLE, source VARCHAR(64)
  CONSTRAINT pk PRIMARY KEY (user_id, created_at DESC, checkin_id));
CREATE INDEX idx_CHECKINS_VENUE_ID_CREATED_AT_covered ON CHECKINS (VENUE_ID, CREATED_AT) INCLUDE (SHOUT, IS_PRIVATE);
CREATE VIEW public_checkins AS SELECT * FROM checkins WHERE is_private = FALSE;
-- rows: 100000000
-- distribution: venue_id monotonic
CREATE TABLE venues (venue_id VARCHAR(24) NOT NULL, name VARCHAR(255), category_id VARCHAR(24),
  lat DOUBLE, lng DOUBLE, address VARCHAR(255), created_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (venue_id));
