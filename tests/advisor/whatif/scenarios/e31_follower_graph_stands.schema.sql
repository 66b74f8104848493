CREATE TABLE follows (follower_id CHAR(32) NOT NULL, followed_id CHAR(32) NOT NULL,
  followed_name VARCHAR(64), created_at BIGINT, PRIMARY KEY (follower_id, followed_id));
CREATE TABLE followed_by (followed_id CHAR(32) NOT NULL, follower_id CHAR(32) NOT NULL,
  follower_name VARCHAR(64), created_at BIGINT, PRIMARY KEY (followed_id, follower_id));
