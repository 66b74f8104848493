CREATE TABLE inbox (user_id VARCHAR(64) NOT NULL, created_at BIGINT NOT NULL, msg_id VARCHAR(64) NOT NULL, sender VARCHAR(64), body VARCHAR(1024), PRIMARY KEY (user_id, created_at, msg_id));
