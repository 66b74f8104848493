-- rows: 2000000000
-- distinct: cluster_id 50000
-- distinct: name 400000000
-- distinct: deleted 2
-- distribution: revision monotonic
CREATE TABLE kine (cluster_id VARCHAR(36) NOT NULL, revision BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(630), created BIGINT, deleted BIGINT, create_revision BIGINT,
  prev_revision BIGINT, lease_id BIGINT, value VARBINARY(2097152), old_value VARBINARY(2097152),
  PRIMARY KEY (cluster_id, revision));
CREATE INDEX idx_kine_cluster_id_name_revision ON kine (cluster_id, name) INCLUDE (deleted, create_revision, lease_id, value);
