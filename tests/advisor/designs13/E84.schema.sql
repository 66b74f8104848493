-- rows: 2000000000
-- distinct: file_id 300000000
-- distinct: author_id 80000000
CREATE TABLE comment (file_id VARCHAR(64) NOT NULL, comment_id BIGINT NOT NULL AUTO_INCREMENT,
  author_id VARCHAR(64), content VARCHAR(4096), anchor VARCHAR(1024), quoted_content VARCHAR(1024),
  resolved BOOLEAN, deleted BOOLEAN, created_time BIGINT, modified_time BIGINT,
  PRIMARY KEY (file_id, comment_id));
-- rows: 1000000000
-- distinct: user_id 80000000
CREATE TABLE mention (user_id VARCHAR(64) NOT NULL, created_time BIGINT NOT NULL, file_id VARCHAR(64) NOT NULL,
  comment_id BIGINT NOT NULL, author_id VARCHAR(64), snippet VARCHAR(256), is_read BIGINT,
  PRIMARY KEY (user_id, created_time, file_id, comment_id));
CREATE INDEX mention_unread ON mention (user_id, is_read);
