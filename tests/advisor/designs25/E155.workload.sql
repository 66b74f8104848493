-- Create, Update, Delete: a row appended with the cluster's next revision (kine's append-only log)
-- rate: 250000/s
-- weight: 25000
INSERT INTO kine (cluster_id, name, created, deleted, create_revision, prev_revision, lease_id, value, old_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the compactor: a superseded revision removed
-- rate: 200000/s
-- weight: 20000
DELETE FROM kine WHERE cluster_id = ? AND revision = ?;
-- Get: a key's latest revision (the apiserver reads an object before each update)
-- weight: 30000
SELECT revision, create_revision, deleted, lease_id, value FROM kine WHERE cluster_id = ? AND name = ? ORDER BY revision DESC LIMIT 1;
-- List: the keys under a prefix (/registry/pods/<namespace>/), the apiserver's relist
-- weight: 2000
SELECT name, revision, create_revision, deleted, value FROM kine WHERE cluster_id = ? AND name >= ? AND name < ? LIMIT 500;
-- Watch: the changes after a revision, in revision order (every watcher polls each second)
-- weight: 50000
SELECT revision, name, created, deleted, create_revision, prev_revision, lease_id, value, old_value FROM kine WHERE cluster_id = ? AND revision > ? ORDER BY revision LIMIT 500;
