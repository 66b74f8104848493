-- rows: 300000000
-- distinct: repo_id 20000000
CREATE TABLE actions_cache (repo_id BIGINT NOT NULL, scope_ref VARCHAR(255) NOT NULL,
  cache_key VARCHAR(512) NOT NULL, cache_version VARCHAR(64) NOT NULL, cache_id BIGINT,
  size_in_bytes BIGINT, blob_url VARCHAR(1024), created_at TIMESTAMP, last_accessed_at TIMESTAMP,
  PRIMARY KEY (repo_id, scope_ref, cache_key, cache_version));
CREATE INDEX actions_cache_lru ON actions_cache (repo_id, last_accessed_at) INCLUDE (size_in_bytes);
-- rows: 2000000000
-- distinct: repo_id 20000000
CREATE TABLE run_artifact (repo_id BIGINT NOT NULL, run_id BIGINT NOT NULL, artifact_name VARCHAR(255) NOT NULL,
  artifact_id BIGINT, size_in_bytes BIGINT, archive_url VARCHAR(1024), digest VARCHAR(71),
  created_at TIMESTAMP, expires_at TIMESTAMP,
  PRIMARY KEY (repo_id, run_id, artifact_name));
