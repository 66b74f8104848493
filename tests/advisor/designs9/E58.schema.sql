-- rows: 800000000
-- distinct: topic_id 32000000
-- distinct: user_id 4000000
CREATE TABLE posts (topic_id BIGINT NOT NULL, post_number INTEGER NOT NULL, id BIGINT,
  user_id BIGINT, raw VARCHAR, cooked VARCHAR, reply_to_post_number INTEGER,
  reply_count INTEGER, like_count INTEGER, created_at TIMESTAMP, updated_at TIMESTAMP,
  deleted_at TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (topic_id, post_number));
CREATE INDEX posts_user_and_likes ON posts (user_id, like_count DESC, created_at DESC);
