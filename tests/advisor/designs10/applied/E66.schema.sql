-- rows: 3000000000
-- distinct: insurer_id 40
-- distinct: patient_id 60000000
-- distinct: claim_id 3000000000
-- distinct: provider_id 1500000
-- distinct: outcome 4
CREATE TABLE claim (insurer_id VARCHAR(36) NOT NULL, patient_id VARCHAR(64) NOT NULL, created BIGINT NOT NULL, claim_id VARCHAR(64) NOT NULL, provider_id VARCHAR(64), claim_type VARCHAR(32), claim_use VARCHAR(16), priority VARCHAR(16), outcome VARCHAR(16), total_value BIGINT, billable_start BIGINT, billable_end BIGINT, insurer_id_key VARCHAR(39) NOT NULL, PRIMARY KEY (insurer_id_key, patient_id, created, claim_id));
CREATE INDEX idx_claim_claim_id_insurer_id ON claim (claim_id, insurer_id) INCLUDE (provider_id, claim_type, outcome, total_value);
CREATE INDEX idx_claim_provider_id_insurer_id_outcome ON claim (provider_id, insurer_id, outcome) INCLUDE (total_value);
