-- rows: 160000000
-- distinct: user_id 2000000
-- distribution: id monotonic
-- distribution: created_at monotonic
CREATE TABLE changeset (id BIGINT NOT NULL, user_id BIGINT, created_at BIGINT, closed_at BIGINT,
  min_lat INTEGER, max_lat INTEGER, min_lon INTEGER, max_lon INTEGER, num_changes INTEGER
  CONSTRAINT pk PRIMARY KEY (id));
CREATE INDEX changeset_by_user ON changeset (user_id, created_at) INCLUDE (closed_at, num_changes, min_lat, max_lat, min_lon, max_lon);
-- rows: 10000000000
-- distinct: node_id 9000000000
-- distinct: changeset_id 160000000
-- distribution: changeset_id monotonic
CREATE TABLE node (node_id BIGINT NOT NULL, version BIGINT NOT NULL, changeset_id BIGINT,
  latitude INTEGER, longitude INTEGER, visible BOOLEAN, node_timestamp BIGINT, tile BIGINT,
  redaction_id INTEGER
  CONSTRAINT pk PRIMARY KEY (node_id, version));
CREATE INDEX idx_NODE_CHANGESET_ID ON NODE (CHANGESET_ID) INCLUDE (LATITUDE, LONGITUDE, VISIBLE, NODE_TIMESTAMP);
-- rows: 9000000000
-- distinct: tile 1000000000
-- range: tile 1/1000000
CREATE TABLE current_node (node_id BIGINT NOT NULL, latitude INTEGER, longitude INTEGER,
  changeset_id BIGINT, visible BOOLEAN, node_timestamp BIGINT, tile BIGINT, version BIGINT
  CONSTRAINT pk PRIMARY KEY (node_id));
CREATE INDEX idx_CURRENT_NODE_VISIBLE_TILE ON CURRENT_NODE (VISIBLE, TILE) INCLUDE (LATITUDE, LONGITUDE, CHANGESET_ID, VERSION);
