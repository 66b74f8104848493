-- rows: 2000000000
-- distinct: person_id 50000000
-- distinct: care_site_id 400
-- distribution: visit_occurrence_id monotonic
CREATE TABLE visit_occurrence (person_id BIGINT NOT NULL, visit_start_date BIGINT NOT NULL,
  visit_occurrence_id BIGINT NOT NULL, visit_concept_id BIGINT, visit_end_date BIGINT,
  visit_type_concept_id BIGINT, provider_id BIGINT, care_site_id BIGINT,
  visit_source_value VARCHAR(50), admitted_from_concept_id BIGINT,
  discharged_to_concept_id BIGINT, preceding_visit_occurrence_id BIGINT,
  PRIMARY KEY (person_id, visit_start_date, visit_occurrence_id));
