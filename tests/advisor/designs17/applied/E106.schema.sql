-- rows: 20000000
-- distinct: post_type 12
-- distinct: post_status 8
-- distinct: post_name 18000000
-- distinct: post_author 3000
-- distinct: post_parent 4000000
CREATE TABLE wp_posts (id BIGINT NOT NULL, post_author BIGINT, post_date TIMESTAMP,
  post_date_gmt TIMESTAMP, post_content VARCHAR, post_title VARCHAR(1000), post_excerpt VARCHAR(4000),
  post_status VARCHAR(20), comment_status VARCHAR(20), post_name VARCHAR(200),
  post_modified TIMESTAMP, post_modified_gmt TIMESTAMP, post_parent BIGINT, guid VARCHAR(255),
  menu_order INTEGER, post_type VARCHAR(20), post_mime_type VARCHAR(100), comment_count BIGINT
  CONSTRAINT pk PRIMARY KEY (id));
CREATE INDEX WP_POSTS_POST_NAME ON WP_POSTS (POST_NAME) INCLUDE (POST_AUTHOR, POST_DATE, POST_CONTENT, POST_TITLE, POST_STATUS, COMMENT_STATUS, POST_TYPE, COMMENT_COUNT);
CREATE INDEX wp_posts_type_status_date ON wp_posts (post_type, post_status, post_date) INCLUDE (post_title, post_excerpt, post_author, post_name);
CREATE INDEX idx_WP_POSTS_POST_PARENT_POST_TYPE ON WP_POSTS (POST_PARENT, POST_TYPE) INCLUDE (GUID, MENU_ORDER, POST_MIME_TYPE);
CREATE SEQUENCE wp_posts_seq;
-- rows: 400000000
-- distinct: post_id 20000000
-- distinct: meta_key 2000
CREATE TABLE wp_postmeta (meta_id BIGINT NOT NULL, post_id BIGINT, meta_key VARCHAR(255),
  meta_value VARCHAR
  CONSTRAINT pk PRIMARY KEY (meta_id));
CREATE INDEX WP_POSTMETA_POST_ID ON WP_POSTMETA (POST_ID) INCLUDE (META_KEY, META_VALUE);
CREATE SEQUENCE wp_postmeta_seq;
