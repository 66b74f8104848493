-- rows: 30000000000
-- distinct: space_id 300000
-- distinct: page_id 3000000000
-- distinct: block_id 20000000000
-- distribution: edited_time monotonic
CREATE TABLE block_history (space_id VARCHAR(36) NOT NULL, page_id VARCHAR(36) NOT NULL,
  edited_time BIGINT NOT NULL, block_id VARCHAR(36) NOT NULL, operation VARCHAR(16),
  edited_by VARCHAR(36), block_type VARCHAR(32), properties_before VARCHAR(8000),
  properties_after VARCHAR(8000), version_no BIGINT,
  PRIMARY KEY (space_id, page_id, edited_time, block_id));
-- rows: 2000000000
-- distinct: space_id 300000
-- distinct: discussion_id 600000000
-- distinct: created_by 40000000
-- distribution: created_time monotonic
CREATE TABLE page_comment (space_id VARCHAR(36) NOT NULL, discussion_id VARCHAR(36) NOT NULL,
  comment_id VARCHAR(36) NOT NULL, parent_page_id VARCHAR(36), rich_text VARCHAR(8000),
  created_by VARCHAR(36), created_time BIGINT, last_edited_time BIGINT,
  PRIMARY KEY (space_id, discussion_id, comment_id));
CREATE INDEX comment_by_author ON page_comment (created_by, created_time);
