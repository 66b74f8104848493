CREATE TABLE idempotency_key (key_md5 VARCHAR(32) NOT NULL, account_id VARCHAR(32),
  idem_key VARCHAR(255), request_method VARCHAR(8), request_path VARCHAR(256),
  request_params VARCHAR(4096), recovery_point VARCHAR(32), response_code BIGINT,
  response_body VARCHAR(16384), created_at BIGINT, locked_at BIGINT,
  PRIMARY KEY (key_md5));
