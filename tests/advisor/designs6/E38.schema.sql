-- rows: 3000000000
-- distinct: user_id 100000000
CREATE TABLE thread_meta (user_id VARCHAR(20) NOT NULL, thread_id VARCHAR(32) NOT NULL,
  last_msg_at BIGINT, snippet VARCHAR(200), unread INTEGER, muted BOOLEAN,
  PRIMARY KEY (user_id, thread_id));
-- rows: 100000000000
-- distinct: user_id 100000000
CREATE TABLE message (user_id VARCHAR(20) NOT NULL, thread_id VARCHAR(32) NOT NULL,
  msg_id BIGINT NOT NULL, sender_id VARCHAR(20), body VARCHAR(4000), sent_at BIGINT,
  PRIMARY KEY (user_id, thread_id, msg_id DESC));
