-- a sample logged in at reception (the next accession number; accession_number_hash the first 4 hex characters of its md5)
-- weight: 10000
INSERT INTO sample (accession_number_hash, accession_number, patient_id, site_code, status_id, priority, collection_date, received_date, entered_date) VALUES (?, ?, ?, ?, 1, ?, ?, ?, ?);
-- ... and its ordered tests, one row a test (status 1: not started); accession_number_key the bucket sample_item_no % 16 then the accession number; analysis_worklist_bucket the hash of the key % 16
-- weight: 40000
INSERT INTO analysis (accession_number_key, accession_number, sample_item_no, test_code, analysis_no, status_id, analysis_worklist_bucket) VALUES (?, ?, ?, ?, ?, 1, ?);
-- a tube's barcode scanned anywhere in the lab
-- weight: 40000
SELECT patient_id, site_code, status_id, priority, collection_date, received_date FROM sample WHERE accession_number_hash = ? AND accession_number = ?;
-- the accession's tests and results (result entry, validation, the report): one read a bucket
-- weight: 30000
SELECT sample_item_no, test_code, analysis_no, status_id, result_value, unit, completed_date FROM analysis WHERE accession_number_key IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the bench worklist: a test's analyses awaiting a result, one read a bucket of the index
-- weight: 8000
SELECT accession_number_key, sample_item_no, analysis_no FROM analysis WHERE analysis_worklist_bucket IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15) AND status_id = 1 AND test_code = ? LIMIT 200;
-- a result entered, then validated, then released: the status moves each time
-- weight: 60000
UPDATE analysis SET status_id = ?, result_value = ?, completed_date = ? WHERE accession_number_key = ? AND sample_item_no = ? AND test_code = ? AND analysis_no = ?;
-- the clinician's view: a patient's samples, newest first
-- weight: 6000
SELECT accession_number, status_id, collection_date FROM sample WHERE patient_id = ? ORDER BY collection_date DESC LIMIT 20;
