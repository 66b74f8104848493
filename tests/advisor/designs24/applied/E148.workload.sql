-- PUT /api/0.6/changeset/create (id from the changesets sequence)
-- rate: 3/s
-- weight: 300
UPSERT INTO changeset (id, user_id, created_at, closed_at, num_changes) VALUES (?, ?, ?, ?, 0);
-- each upload into the open changeset moves its bounding box and its count; closing sets closed_at
-- rate: 30/s
-- weight: 3000
UPSERT INTO changeset (id, closed_at, min_lat, max_lat, min_lon, max_lon, num_changes) VALUES (?, ?, ?, ?, ?, ?, ?);
-- GET /api/0.6/changeset/#id
-- weight: 6000
SELECT user_id, created_at, closed_at, min_lat, max_lat, min_lon, max_lon, num_changes FROM changeset WHERE id = ?;
-- GET /api/0.6/changesets?user=#uid: a mapper's changesets, newest first (and the user's history page)
-- weight: 2000
SELECT id, created_at, closed_at, num_changes FROM changeset WHERE user_id = ? ORDER BY created_at DESC LIMIT 100;
-- POST /api/0.6/changeset/#id/upload: each node created, modified or deleted writes a new version
-- rate: 400/s
-- weight: 40000
UPSERT INTO node (node_id, version, changeset_id, latitude, longitude, visible, node_timestamp, tile) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- ... and the node's current row
-- rate: 400/s
-- weight: 40000
UPSERT INTO current_node (node_id, latitude, longitude, changeset_id, visible, node_timestamp, tile, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- GET /api/0.6/node/#id/history
-- weight: 3000
SELECT version, changeset_id, latitude, longitude, visible, node_timestamp FROM node WHERE node_id = ? ORDER BY version;
-- GET /api/0.6/node/#id/#version
-- weight: 2000
SELECT changeset_id, latitude, longitude, visible, node_timestamp FROM node WHERE node_id = ? AND version = ?;
-- GET /api/0.6/changeset/#id/download (osmChange): the node versions the changeset wrote; also OSMCha and the replication diffs' checks
-- weight: 4000
SELECT node_id, version, latitude, longitude, visible, node_timestamp FROM node WHERE changeset_id = ?;
-- GET /api/0.6/node/#id
-- weight: 20000
SELECT latitude, longitude, changeset_id, visible, node_timestamp, version FROM current_node WHERE node_id = ?;
-- GET /api/0.6/map?bbox=: the nodes of one quadtile range inside the box
-- weight: 30000
SELECT node_id, latitude, longitude, version, changeset_id FROM current_node WHERE tile >= ? AND tile <= ? AND latitude >= ? AND latitude <= ? AND longitude >= ? AND longitude <= ? AND visible = TRUE;
