-- rows: 3000000000
-- distinct: insurer_id 40
-- distinct: patient_id 60000000
-- distinct: claim_id 3000000000
-- distinct: provider_id 1500000
-- distinct: outcome 4
CREATE TABLE claim (insurer_id VARCHAR(36) NOT NULL, patient_id VARCHAR(64) NOT NULL,
  created BIGINT NOT NULL, claim_id VARCHAR(64) NOT NULL, provider_id VARCHAR(64),
  claim_type VARCHAR(32), claim_use VARCHAR(16), priority VARCHAR(16), outcome VARCHAR(16),
  total_value BIGINT, billable_start BIGINT, billable_end BIGINT,
  PRIMARY KEY (insurer_id, patient_id, created, claim_id));
