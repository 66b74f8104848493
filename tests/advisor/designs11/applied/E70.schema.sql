-- rows: 10000000000
-- distinct: user_id 50000000
-- distinct: venue_id 100000000
CREATE TABLE checkins (user_id BIGINT NOT NULL, created_at TIMESTAMP NOT NULL,
  checkin_id VARCHAR(24) NOT NULL, venue_id VARCHAR(24), shout VARCHAR(140), is_private BOOLEAN,
  lat DOUBLE, lng DOUBLE, source VARCHAR(64)
  CONSTRAINT pk PRIMARY KEY (user_id, created_at DESC, checkin_id));
CREATE VIEW public_checkins AS SELECT * FROM checkins WHERE is_private = FALSE;
-- rows: 10000000000
-- distinct: venue_id 100000000
CREATE TABLE checkins_by_venue_id_created_at (user_id BIGINT, created_at TIMESTAMP NOT NULL, checkin_id VARCHAR(24), venue_id VARCHAR(24) NOT NULL, shout VARCHAR(140), is_private BOOLEAN, lat DOUBLE, lng DOUBLE, source VARCHAR(64), checkins_key VARCHAR(46) NOT NULL
  CONSTRAINT pk PRIMARY KEY (venue_id, created_at, checkins_key));
-- rows: 100000000
-- distribution: venue_id monotonic
CREATE TABLE venues (venue_id VARCHAR(24) NOT NULL, name VARCHAR(255), category_id VARCHAR(24),
  lat DOUBLE, lng DOUBLE, address VARCHAR(255), created_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (venue_id)) SALT_BUCKETS = 16;
