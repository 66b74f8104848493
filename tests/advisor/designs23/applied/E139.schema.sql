-- rows: 50000000000
-- distinct: channel_id 2000000
-- distinct: user_id 30000000
-- distinct: thread_ts 2000000000
-- distribution: ts monotonic
CREATE TABLE message (channel_id VARCHAR(12) NOT NULL, ts VARCHAR(20) NOT NULL,
  user_id VARCHAR(12), msg_text VARCHAR(40000), subtype VARCHAR(32), thread_ts VARCHAR(20),
  reply_count INTEGER, latest_reply VARCHAR(20), edited_ts VARCHAR(20),
  PRIMARY KEY (channel_id, ts));
CREATE INDEX idx_message_channel_id_thread_ts_ts ON message (channel_id, thread_ts, ts) INCLUDE (user_id, msg_text, edited_ts);
-- rows: 8000000000
-- distinct: channel_id 2000000
-- distinct: message_ts 6000000000
-- distinct: emoji_name 20000
CREATE TABLE reaction (channel_id VARCHAR(12) NOT NULL, message_ts VARCHAR(20) NOT NULL,
  emoji_name VARCHAR(100) NOT NULL, user_id VARCHAR(12) NOT NULL, reacted_at BIGINT,
  PRIMARY KEY (channel_id, message_ts, emoji_name, user_id));
