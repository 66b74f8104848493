-- rows: 10000000000
-- distribution: tweet_id monotonic
-- distinct: user_id 300000000
CREATE TABLE tweet (tweet_id_hash VARCHAR(4) NOT NULL, tweet_id BIGINT NOT NULL, user_id BIGINT, created_at BIGINT,
  text VARCHAR(1120), reply_to BIGINT, PRIMARY KEY (tweet_id_hash, tweet_id));
CREATE INDEX idx_tweet_search USING SEARCH ON tweet (tweet_id, user_id, text, created_at);
