-- rows: 50000000
-- distinct: repository_name 2000000
CREATE TABLE artifact_tag (repository_name VARCHAR(255) NOT NULL, tag_name VARCHAR(128) NOT NULL,
  artifact_digest VARCHAR(71), push_time BIGINT, pull_time BIGINT,
  PRIMARY KEY (repository_name, tag_name));
-- rows: 30000000
-- distinct: repository_name 2000000
CREATE TABLE artifact (repository_name VARCHAR(255) NOT NULL, digest VARCHAR(71) NOT NULL,
  project_id BIGINT, media_type VARCHAR(255), manifest_media_type VARCHAR(255),
  artifact_type VARCHAR(255), size BIGINT, push_time BIGINT, pull_time BIGINT,
  extra_attrs VARCHAR(4000), annotations VARCHAR(4000),
  PRIMARY KEY (repository_name, digest));
-- rows: 31000000000
-- distinct: project_id 40
-- distribution: project_id zipfian
-- distribution: op_time monotonic
-- range: op_time 1/45
CREATE TABLE audit_log (project_id BIGINT NOT NULL, op_time BIGINT NOT NULL,
  log_id VARCHAR(36) NOT NULL, operation VARCHAR(20), resource_type VARCHAR(255),
  resource VARCHAR(1024), username VARCHAR(255), client_ip VARCHAR(39),
  project_id_key VARCHAR(23) NOT NULL,
  PRIMARY KEY (project_id_key, op_time, log_id));
