-- E83 applied as today's advice says (since 766f825): the salt (severity_key)
-- and idx_finding_product_id_active; finding_by_hash kept as it is
-- rows: 50000000
-- distinct: severity 5
-- distinct: severity_key 80
-- distinct: product_id 3000
-- distinct: hash_code 20000000
CREATE TABLE finding (severity VARCHAR(8) NOT NULL, product_id BIGINT NOT NULL, finding_id VARCHAR(36) NOT NULL,
  test_id BIGINT, title VARCHAR(511), hash_code VARCHAR(64), active BOOLEAN, verified BOOLEAN,
  is_duplicate BOOLEAN, cwe BIGINT, component_name VARCHAR(200), file_path VARCHAR(1024), line BIGINT,
  finding_date BIGINT, mitigated BIGINT, sla_expiration_date BIGINT, last_status_update BIGINT,
  severity_key VARCHAR(11) NOT NULL,
  PRIMARY KEY (severity_key, product_id, finding_id));
CREATE INDEX finding_by_hash ON finding (hash_code) INCLUDE (active);
CREATE INDEX idx_finding_product_id_active ON finding (product_id, active) INCLUDE (title, sla_expiration_date);
