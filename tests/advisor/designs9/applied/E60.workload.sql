-- the ETL loads each new visit; visit_occurrence_id is the next value of its sequence
-- weight: 20000
INSERT INTO visit_occurrence (person_id, visit_start_date, visit_occurrence_id, visit_concept_id, visit_end_date, visit_type_concept_id, provider_id, care_site_id, visit_source_value, admitted_from_concept_id, discharged_to_concept_id, preceding_visit_occurrence_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- and its copy in the index table, keyed by the hash of the id
-- weight: 20000
INSERT INTO visit_occurrence_by_visit_occurrence_id (visit_occurrence_id_hash, person_id, visit_start_date, visit_occurrence_id, visit_concept_id, visit_end_date, visit_type_concept_id, provider_id, care_site_id, visit_source_value, admitted_from_concept_id, discharged_to_concept_id, preceding_visit_occurrence_id, visit_occurrence_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- a visit by its id: every condition, drug, procedure and measurement row names its visit
-- weight: 20000
SELECT person_id, visit_start_date, visit_concept_id, visit_end_date, care_site_id, provider_id FROM visit_occurrence_by_visit_occurrence_id WHERE visit_occurrence_id_hash = ? AND visit_occurrence_id = ?;
-- a patient's chart: the newest 20 visits
-- weight: 15000
SELECT visit_occurrence_id, visit_start_date, visit_end_date, visit_concept_id, care_site_id FROM visit_occurrence WHERE person_id = ? ORDER BY visit_start_date DESC LIMIT 20;
-- the discharge closes the visit
-- weight: 8000
UPDATE visit_occurrence SET visit_end_date = ?, discharged_to_concept_id = ? WHERE person_id = ? AND visit_start_date = ? AND visit_occurrence_id = ?;
-- a care site's census: its visits of one day
-- weight: 3000
SELECT person_id, visit_occurrence_id, visit_concept_id FROM visit_occurrence WHERE care_site_id = ? AND visit_start_date = ?;
-- a researcher's ad hoc count: emergency room visits since a date (concept 9203)
-- weight: 1
SELECT COUNT(*) FROM visit_occurrence WHERE visit_concept_id = 9203 AND visit_start_date >= ?;
