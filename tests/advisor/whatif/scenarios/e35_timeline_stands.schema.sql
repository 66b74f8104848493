CREATE TABLE im_store (conversation_id VARCHAR(64) NOT NULL, seq BIGINT NOT NULL AUTO_INCREMENT,
  msg_id VARCHAR(64), sender_id VARCHAR(64), content VARCHAR(4096), sent_at BIGINT,
  PRIMARY KEY (conversation_id, seq));
CREATE TABLE im_sync (receiver_id VARCHAR(64) NOT NULL, seq BIGINT NOT NULL AUTO_INCREMENT,
  conversation_id VARCHAR(64), msg_id VARCHAR(64), sender_id VARCHAR(64),
  content VARCHAR(4096), sent_at BIGINT, PRIMARY KEY (receiver_id, seq));
