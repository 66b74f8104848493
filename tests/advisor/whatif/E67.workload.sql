-- the crate page loads the crate by its name
-- weight: 50000
SELECT id, description, homepage, repository, updated_at FROM crates WHERE name = ?;
-- cargo publish of a new crate
-- weight: 300
UPSERT INTO crates (name, id, description, homepage, repository, max_upload_size, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- cargo publish of a new version touches its crate
-- weight: 2000
UPSERT INTO crates (name, updated_at) VALUES (?, ?);
-- the download counter flushes its in-memory counts: one row per version and day (the app adds to downloads)
-- weight: 100000
UPSERT INTO version_downloads (version_id, dl_date, downloads, index_version_downloads_date_bucket) VALUES (?, ?, ?, ?);
-- GET /api/v1/crates/{name}/downloads: the crate's top versions, the last 90 days
-- weight: 20000
SELECT version_id, dl_date, downloads FROM version_downloads WHERE version_id IN (?, ?, ?, ?, ?) AND dl_date >= ?;
-- GET /api/v1/crates/{name}/{version}/downloads: one version, the last 90 days, by date
-- weight: 5000
SELECT dl_date, downloads FROM version_downloads WHERE version_id = ? AND dl_date >= ? ORDER BY dl_date;
-- the update_downloads job, every 10 minutes: the last week's rows whose downloads are not yet counted
-- weight: 144
SELECT version_id, dl_date, downloads, counted FROM version_downloads WHERE index_version_downloads_date_bucket IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) AND dl_date >= ? AND dl_date <= ? AND downloads <> counted;
-- ... and marks each as counted
-- weight: 50000
UPSERT INTO version_downloads (version_id, dl_date, counted, index_version_downloads_date_bucket) VALUES (?, ?, ?, ?);
-- ad hoc: the biggest single days ever recorded
-- weight: 1
SELECT version_id, dl_date, downloads FROM version_downloads WHERE downloads > ?;
-- E67 applied by test_whatif_applied (README.md): rebuild_index index_version_downloads_date
-- led by index_version_downloads_date_bucket = hash(version_id, dl_date) % 16. The advice's
-- rewrite: the writer fills the bucket from the key each write names (both UPSERTs); a read
-- through the index is 16 reads, one a bucket, merged: the bucket IN (0 to 15).
