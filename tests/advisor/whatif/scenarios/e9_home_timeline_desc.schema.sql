CREATE TABLE home_timeline (user_id VARCHAR(32) NOT NULL, post_ts BIGINT NOT NULL, post_id VARCHAR(32) NOT NULL, author_id VARCHAR(32), body VARCHAR(2000), PRIMARY KEY (user_id, post_ts, post_id));
