-- a ServiceRequest placed by the clinician (POST /ServiceRequest)
-- rate: 40/s
-- weight: 4000
INSERT INTO lab_order (order_id, patient_id, requester_id, performer_lab_id, status, priority, code, authored_at) VALUES (?, ?, ?, ?, 'active', ?, ?, ?);
-- ... its specimen received, then the order completed
-- rate: 80/s
-- weight: 8000
UPDATE lab_order SET status = ?, specimen_id = ?, completed_at = ? WHERE order_id = ?;
-- the lab's worklist: its open orders
-- weight: 6000
SELECT order_id, patient_id, priority, code, specimen_id, authored_at FROM lab_order WHERE performer_lab_id = ? AND status = 'active';
-- GET /ServiceRequest/{id}
-- weight: 10000
SELECT patient_id, requester_id, performer_lab_id, status, priority, code, authored_at, completed_at FROM lab_order WHERE order_id = ?;
-- GET /ServiceRequest?subject=Patient/{id}: the patient's orders
-- weight: 5000
SELECT order_id, status, code, authored_at FROM lab_order WHERE patient_id = ?;
-- a result posted by the analyzer interface (POST /Observation), a row per analyte
-- weight: 40000
INSERT INTO observation (patient_id, loinc_code, effective_at, observation_id, status, based_on_order_id, value_quantity, value_unit, interpretation, reference_low, reference_high, performer_id, issued_at) VALUES (?, ?, ?, ?, 'final', ?, ?, ?, ?, ?, ?, ?, ?);
-- a result corrected (status amended)
-- weight: 300
UPDATE observation SET status = 'amended', value_quantity = ?, interpretation = ?, issued_at = ? WHERE patient_id = ? AND loinc_code = ? AND effective_at = ? AND observation_id = ?;
-- Observation/$lastn?patient={id}&code={loinc}&max=1: the latest value
-- weight: 30000
SELECT effective_at, value_quantity, value_unit, interpretation FROM observation WHERE patient_id = ? AND loinc_code = ? ORDER BY effective_at DESC LIMIT 1;
-- the chart's trend: one analyte since a date
-- weight: 8000
SELECT effective_at, value_quantity, value_unit, interpretation FROM observation WHERE patient_id = ? AND loinc_code = ? AND effective_at >= ?;
-- GET /Observation?patient={id}&based-on=ServiceRequest/{order}: the results of one order
-- weight: 12000
SELECT loinc_code, effective_at, value_quantity, value_unit, value_string, interpretation, status FROM observation WHERE patient_id = ? AND based_on_order_id = ?;
-- a quality report, once: every result of one analyte in a month, all patients
-- weight: 1
SELECT patient_id, effective_at, value_quantity FROM observation WHERE loinc_code = ? AND effective_at >= ? AND effective_at < ?;
-- applied: designs19.md E119, the first run's recommendation: lab_order's index (patient_id) holding status, code, authored_at
