-- a sample logged in at reception (the next accession number)
-- weight: 10000
INSERT INTO sample (accession_number, patient_id, site_code, status_id, priority, collection_date, received_date, entered_date) VALUES (?, ?, ?, 1, ?, ?, ?, ?);
-- ... and its ordered tests, one row a test (status 1: not started)
-- weight: 40000
INSERT INTO analysis (accession_number, sample_item_no, test_code, analysis_no, status_id) VALUES (?, ?, ?, ?, 1);
-- a tube's barcode scanned anywhere in the lab
-- weight: 40000
SELECT patient_id, site_code, status_id, priority, collection_date, received_date FROM sample WHERE accession_number = ?;
-- the accession's tests and results (result entry, validation, the report)
-- weight: 30000
SELECT sample_item_no, test_code, analysis_no, status_id, result_value, unit, completed_date FROM analysis WHERE accession_number = ?;
-- the bench worklist: a test's analyses awaiting a result
-- weight: 8000
SELECT accession_number, sample_item_no, analysis_no FROM analysis WHERE status_id = 1 AND test_code = ? LIMIT 200;
-- a result entered, then validated, then released: the status moves each time
-- weight: 60000
UPDATE analysis SET status_id = ?, result_value = ?, completed_date = ? WHERE accession_number = ? AND sample_item_no = ? AND test_code = ? AND analysis_no = ?;
-- the clinician's view: a patient's samples, newest first
-- weight: 6000
SELECT accession_number, status_id, collection_date FROM sample WHERE patient_id = ? ORDER BY collection_date DESC LIMIT 20;
