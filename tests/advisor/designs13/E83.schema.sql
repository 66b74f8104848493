-- rows: 50000000
-- distinct: severity 5
-- distinct: product_id 3000
-- distinct: hash_code 20000000
CREATE TABLE finding (severity VARCHAR(8) NOT NULL, product_id BIGINT NOT NULL, finding_id VARCHAR(36) NOT NULL,
  test_id BIGINT, title VARCHAR(511), hash_code VARCHAR(64), active BOOLEAN, verified BOOLEAN,
  is_duplicate BOOLEAN, cwe BIGINT, component_name VARCHAR(200), file_path VARCHAR(1024), line BIGINT,
  finding_date BIGINT, mitigated BIGINT, sla_expiration_date BIGINT, last_status_update BIGINT,
  PRIMARY KEY (severity, product_id, finding_id));
CREATE INDEX finding_by_hash ON finding (hash_code) INCLUDE (active);
