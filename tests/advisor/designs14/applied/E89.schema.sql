-- rows: 300000000
-- distinct: patient_id 40000000
-- distribution: accession_number monotonic
CREATE TABLE sample (accession_number_hash VARCHAR(4) NOT NULL, accession_number VARCHAR(20) NOT NULL, patient_id VARCHAR(36), site_code VARCHAR(10),
  status_id BIGINT, priority VARCHAR(8), collection_date BIGINT, received_date BIGINT, entered_date BIGINT,
  PRIMARY KEY (accession_number_hash, accession_number));
CREATE INDEX idx_sample_patient_id_collection_date ON sample (patient_id, collection_date) INCLUDE (status_id);
-- rows: 3000000000
-- distinct: accession_number 300000000
-- distinct: test_code 400
-- distinct: status_id 6
-- distribution: accession_number monotonic
CREATE TABLE analysis (accession_number VARCHAR(20) NOT NULL, sample_item_no BIGINT NOT NULL,
  test_code VARCHAR(20) NOT NULL, analysis_no BIGINT NOT NULL, status_id BIGINT, result_value VARCHAR(200),
  result_type VARCHAR(2), unit VARCHAR(20), completed_date BIGINT, released_date BIGINT,
  accession_number_key VARCHAR(23) NOT NULL, analysis_worklist_bucket BIGINT,
  PRIMARY KEY (accession_number_key, sample_item_no, test_code, analysis_no));
CREATE INDEX analysis_worklist ON analysis (analysis_worklist_bucket, status_id, test_code);
