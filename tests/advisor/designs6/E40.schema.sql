CREATE SEQUENCE rev_seq;
-- rows: 1200000000
-- distinct: rev_page 60000000
-- distinct: rev_actor 50000000
CREATE TABLE revision (rev_id BIGINT NOT NULL, rev_page BIGINT, rev_actor BIGINT,
  rev_timestamp TIMESTAMP, rev_comment_id BIGINT, rev_minor_edit BOOLEAN, rev_deleted TINYINT,
  rev_len INTEGER, rev_parent_id BIGINT, rev_sha1 VARCHAR(32)
  CONSTRAINT pk PRIMARY KEY (rev_id));
