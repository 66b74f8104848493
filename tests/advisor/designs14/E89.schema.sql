-- rows: 300000000
-- distinct: patient_id 40000000
-- distribution: accession_number monotonic
CREATE TABLE sample (accession_number VARCHAR(20) NOT NULL, patient_id VARCHAR(36), site_code VARCHAR(10),
  status_id BIGINT, priority VARCHAR(8), collection_date BIGINT, received_date BIGINT, entered_date BIGINT,
  PRIMARY KEY (accession_number));
-- rows: 3000000000
-- distinct: accession_number 300000000
-- distinct: test_code 400
-- distinct: status_id 6
-- distribution: accession_number monotonic
CREATE TABLE analysis (accession_number VARCHAR(20) NOT NULL, sample_item_no BIGINT NOT NULL,
  test_code VARCHAR(20) NOT NULL, analysis_no BIGINT NOT NULL, status_id BIGINT, result_value VARCHAR(200),
  result_type VARCHAR(2), unit VARCHAR(20), completed_date BIGINT, released_date BIGINT,
  PRIMARY KEY (accession_number, sample_item_no, test_code, analysis_no));
CREATE INDEX analysis_worklist ON analysis (status_id, test_code);
