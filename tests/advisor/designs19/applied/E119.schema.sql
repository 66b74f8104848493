-- applied: designs19.md E119, the first run's recommendation: the secondary index idx_lab_order_patient_id (IndexMeta [patient_id][order_id], defined columns status, code, authored_at)
-- rows: 6000000000
-- distinct: patient_id 20000000
-- distinct: loinc_code 3000
-- distinct: based_on_order_id 800000000
CREATE TABLE observation (patient_id VARCHAR(64) NOT NULL, loinc_code VARCHAR(16) NOT NULL,
  effective_at BIGINT NOT NULL, observation_id VARCHAR(64) NOT NULL, status VARCHAR(16),
  based_on_order_id VARCHAR(64), value_quantity DOUBLE, value_unit VARCHAR(32),
  value_string VARCHAR(1000), interpretation VARCHAR(8), reference_low DOUBLE,
  reference_high DOUBLE, performer_id VARCHAR(64), issued_at BIGINT,
  PRIMARY KEY (patient_id, loinc_code, effective_at, observation_id));
-- rows: 800000000
-- distinct: patient_id 20000000
-- distinct: performer_lab_id 25
-- distinct: status 7
CREATE TABLE lab_order (order_id VARCHAR(64) NOT NULL, patient_id VARCHAR(64),
  requester_id VARCHAR(64), performer_lab_id VARCHAR(64), status VARCHAR(16),
  priority VARCHAR(8), code VARCHAR(16), specimen_id VARCHAR(64), authored_at BIGINT,
  completed_at BIGINT,
  PRIMARY KEY (order_id));
CREATE INDEX idx_lab_order_patient_id ON lab_order (patient_id) INCLUDE (status, code, authored_at);
