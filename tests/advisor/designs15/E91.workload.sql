-- actions/cache restore: the exact key and version in the run's scope (a hit)
-- weight: 60000
SELECT cache_id, blob_url, size_in_bytes FROM actions_cache WHERE repo_id = ? AND scope_ref = ? AND cache_key = ? AND cache_version = ?;
-- no exact hit: a restore-keys prefix in the same scope (the service picks the newest match)
-- weight: 15000
SELECT cache_key, cache_version, cache_id, blob_url, created_at FROM actions_cache WHERE repo_id = ? AND scope_ref = ? AND cache_key LIKE 'npm-Linux-%' LIMIT 20;
-- a hit records its access: the clock of the least-recently-used eviction
-- weight: 60000
UPSERT INTO actions_cache (repo_id, scope_ref, cache_key, cache_version, last_accessed_at) VALUES (?, ?, ?, ?, ?);
-- a miss, the job succeeded: the new cache saved (a cache is never changed; a new key instead)
-- weight: 8000
UPSERT INTO actions_cache (repo_id, scope_ref, cache_key, cache_version, cache_id, size_in_bytes, blob_url, created_at, last_accessed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the repository past its 10 GB: its least recently accessed caches, evicted first
-- weight: 4000
SELECT scope_ref, cache_key, cache_version, size_in_bytes FROM actions_cache WHERE repo_id = ? ORDER BY last_accessed_at LIMIT 100;
-- ... each evicted (and DELETE /repos/{owner}/{repo}/actions/caches?key=)
-- weight: 6000
DELETE FROM actions_cache WHERE repo_id = ? AND scope_ref = ? AND cache_key = ? AND cache_version = ?;
-- the REST API: one ref's caches (GET /repos/{owner}/{repo}/actions/caches?ref=)
-- weight: 300
SELECT cache_id, cache_key, cache_version, size_in_bytes, created_at, last_accessed_at FROM actions_cache WHERE repo_id = ? AND scope_ref = ?;
-- the daily sweep: caches not accessed in 7 days, every repository
-- weight: 1
SELECT repo_id, scope_ref, cache_key, cache_version FROM actions_cache WHERE last_accessed_at < ?;
-- actions/upload-artifact: the run's artifact finalized
-- weight: 12000
UPSERT INTO run_artifact (repo_id, run_id, artifact_name, artifact_id, size_in_bytes, archive_url, digest, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- actions/download-artifact in a later job of the run: by name
-- weight: 20000
SELECT artifact_id, archive_url, digest, size_in_bytes FROM run_artifact WHERE repo_id = ? AND run_id = ? AND artifact_name = ?;
-- the run's page: its artifacts (GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts)
-- weight: 9000
SELECT artifact_name, artifact_id, size_in_bytes, expires_at FROM run_artifact WHERE repo_id = ? AND run_id = ?;
-- the repository's artifacts, newest run first (GET /repos/{owner}/{repo}/actions/artifacts)
-- weight: 500
SELECT run_id, artifact_name, artifact_id, size_in_bytes, expires_at FROM run_artifact WHERE repo_id = ? ORDER BY run_id DESC LIMIT 30;
-- ... filtered by name (GET /repos/{owner}/{repo}/actions/artifacts?name=)
-- weight: 200
SELECT run_id, artifact_id, size_in_bytes, created_at, expires_at FROM run_artifact WHERE repo_id = ? AND artifact_name = ?;
