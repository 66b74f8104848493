-- rows: 400000000
-- distinct: share_type 8
-- distinct: item_type 2
-- distinct: share_with 30000000
-- distinct: uid_owner 30000000
-- distinct: uid_initiator 30000000
-- distinct: file_source 300000000
-- distinct: token 100000000
CREATE TABLE oc_share (id BIGINT NOT NULL, share_type SMALLINT, share_with VARCHAR(255),
  uid_owner VARCHAR(64), uid_initiator VARCHAR(64), parent BIGINT, item_type VARCHAR(64),
  item_source VARCHAR(255), file_source BIGINT, file_target VARCHAR(512), permissions SMALLINT,
  stime BIGINT, accepted SMALLINT, expiration TIMESTAMP, token VARCHAR(32),
  share_password VARCHAR(255), label VARCHAR(255), hide_download SMALLINT
  CONSTRAINT pk PRIMARY KEY (id));
CREATE SEQUENCE oc_share_id_seq;
CREATE INDEX file_source_index ON oc_share (file_source) INCLUDE (share_type, share_with, permissions);
CREATE INDEX idx_OC_SHARE_TOKEN_SHARE_TYPE ON OC_SHARE (TOKEN, SHARE_TYPE) INCLUDE (UID_OWNER, ITEM_TYPE, ITEM_SOURCE, FILE_SOURCE, PERMISSIONS, EXPIRATION, SHARE_PASSWORD, HIDE_DOWNLOAD);
CREATE INDEX SHARE_WITH_INDEX ON OC_SHARE (SHARE_WITH) INCLUDE (SHARE_TYPE, UID_OWNER, ITEM_TYPE, ITEM_SOURCE, FILE_SOURCE, FILE_TARGET, PERMISSIONS, STIME, ACCEPTED);
CREATE INDEX owner_index ON oc_share (uid_owner) INCLUDE (share_type, share_with, file_source, file_target, permissions, stime);
CREATE VIEW link_shares AS SELECT * FROM oc_share WHERE share_type = 3;
