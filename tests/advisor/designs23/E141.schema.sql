-- rows: 20000000000
-- distinct: space_id 30000000
-- distinct: parent_id 4000000000
-- distinct: block_type 40
-- distribution: id uniform
-- distribution: last_edited_time monotonic
CREATE TABLE block (space_id VARCHAR(36) NOT NULL, id VARCHAR(36) NOT NULL, block_type VARCHAR(32),
  properties VARCHAR(8000), content VARCHAR(8000), parent_id VARCHAR(36), parent_table VARCHAR(16),
  alive BOOLEAN, created_by VARCHAR(36), created_time BIGINT, last_edited_by VARCHAR(36),
  last_edited_time BIGINT, version_no BIGINT
  CONSTRAINT pk PRIMARY KEY (space_id, id));
CREATE INDEX block_by_parent ON block (space_id, parent_id) INCLUDE (block_type, alive);
CREATE INDEX block_by_edit ON block (last_edited_time) INCLUDE (version_no);
CREATE VIEW page_block AS SELECT * FROM block WHERE block_type = 'page';
