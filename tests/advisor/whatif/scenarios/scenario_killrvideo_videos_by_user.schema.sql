CREATE TABLE videos (video_id VARCHAR(36) NOT NULL, user_id VARCHAR(36), added_date BIGINT, title VARCHAR(200), PRIMARY KEY (video_id));
