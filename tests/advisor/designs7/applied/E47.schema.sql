-- rows: 300000000
-- distinct: forum_name 5
-- distinct: posted_by 2000000
CREATE TABLE reply (forum_name VARCHAR(64) NOT NULL, subject VARCHAR(200) NOT NULL,
  reply_time BIGINT NOT NULL, posted_by VARCHAR(64), message VARCHAR(4000),
  PRIMARY KEY (subject, forum_name, reply_time));
CREATE INDEX idx_reply_posted_by ON reply (posted_by) INCLUDE (message);
