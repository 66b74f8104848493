-- rows: 80000000
-- distinct: site_id 180
-- distinct: parent_id 30000000
-- distinct: owner_user_id 25000000
-- distinct: post_type_id 8
-- distribution: site_id zipfian
-- distribution: post_id monotonic
-- distribution: last_activity_date monotonic
CREATE TABLE post (site_id VARCHAR(32) NOT NULL, post_id BIGINT NOT NULL, post_type_id INTEGER,
  accepted_answer_id BIGINT, parent_id BIGINT, creation_date BIGINT, score INTEGER,
  view_count INTEGER, body VARCHAR, owner_user_id BIGINT, last_editor_user_id BIGINT,
  last_edit_date BIGINT, last_activity_date BIGINT, title VARCHAR(300), tags VARCHAR(250),
  answer_count INTEGER, comment_count INTEGER, closed_date BIGINT
  CONSTRAINT pk PRIMARY KEY (site_id, post_id)) MULTI_TENANT=true;
CREATE INDEX post_by_parent ON post (parent_id) INCLUDE (score, owner_user_id, creation_date);
CREATE INDEX post_by_activity ON post (last_activity_date) INCLUDE (post_type_id, title, score, answer_count, tags);
-- rows: 300000000
-- distinct: site_id 180
-- distinct: post_id 80000000
-- distinct: user_id 25000000
-- distribution: site_id zipfian
CREATE TABLE vote (site_id VARCHAR(32) NOT NULL, post_id BIGINT NOT NULL, user_id BIGINT NOT NULL,
  vote_type_id INTEGER NOT NULL, creation_date BIGINT, bounty_amount INTEGER
  CONSTRAINT pk PRIMARY KEY (site_id, post_id, user_id, vote_type_id)) MULTI_TENANT=true;
