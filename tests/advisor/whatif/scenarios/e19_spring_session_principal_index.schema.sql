-- distribution: session_id uniform
CREATE TABLE spring_session (session_id CHAR(36) NOT NULL, creation_time BIGINT NOT NULL,
  last_access_time BIGINT NOT NULL, max_inactive_interval INTEGER NOT NULL,
  expiry_time BIGINT NOT NULL, principal_name VARCHAR(100), attributes VARBINARY(8192),
  PRIMARY KEY (session_id));
