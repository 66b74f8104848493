CREATE TABLE messages (channel_id BIGINT NOT NULL, bucket INTEGER NOT NULL, message_id BIGINT NOT NULL, author_id BIGINT, content VARCHAR(4000), PRIMARY KEY (channel_id, bucket, message_id));
