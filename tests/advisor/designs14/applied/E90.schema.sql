-- rows: 50000000000
-- distinct: user_id 400000000
-- distinct: filename 2000000
CREATE TABLE media_item (user_id VARCHAR(32) NOT NULL, media_item_id VARCHAR(64) NOT NULL,
  filename VARCHAR(255), mime_type VARCHAR(64), creation_time BIGINT, width BIGINT, height BIGINT,
  camera_make VARCHAR(64), camera_model VARCHAR(64), description VARCHAR(1000),
  PRIMARY KEY (user_id, media_item_id));
CREATE INDEX media_item_by_time ON media_item (user_id, creation_time);
-- rows: 20000000000
-- distinct: user_id 400000000
-- distinct: album_id 3000000000
CREATE TABLE album_item (user_id VARCHAR(32) NOT NULL, album_id VARCHAR(64) NOT NULL, album_position BIGINT NOT NULL,
  media_item_id VARCHAR(64) NOT NULL, added_time BIGINT,
  PRIMARY KEY (user_id, album_id, album_position, media_item_id));
