-- keyplan:tenant S_ONCO042
-- the subject matrix: one subject's visits
-- weight: 30000
SELECT event_def_oid, sample_ordinal, site_oid, date_start, date_end, subject_event_status FROM study_event WHERE study_subject_oid = ?;
-- a visit scheduled (subject_event_status 1, scheduled)
-- weight: 4000
UPSERT INTO study_event (study_subject_oid, event_def_oid, sample_ordinal, site_oid, location, date_start, subject_event_status, owner_id, date_updated) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?);
-- a visit started, completed, skipped or stopped
-- weight: 8000
UPSERT INTO study_event (study_subject_oid, event_def_oid, sample_ordinal, subject_event_status, date_end, date_updated) VALUES (?, ?, ?, ?, ?, ?);
-- the site coordinator's home page: the site's scheduled visits in the coming days
-- weight: 3000
SELECT study_subject_oid, event_def_oid, sample_ordinal, location, date_start FROM scheduled_events WHERE site_oid = ? AND date_start >= ? AND date_start < ?;
-- a CRF opened in a visit: its item data
-- weight: 40000
SELECT item_oid, item_group_ordinal, item_value, status_id FROM item_data WHERE study_subject_oid = ? AND event_def_oid = ? AND sample_ordinal = ? AND crf_oid = ?;
-- a CRF saved: one row an item
-- weight: 50000
UPSERT INTO item_data (study_subject_oid, event_def_oid, sample_ordinal, crf_oid, item_oid, item_group_ordinal, item_value, status_id, owner_id, date_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the data manager's listing of one item across the study's subjects (an adverse event term, a lab value), for discrepancy review
-- weight: 500
SELECT study_subject_oid, event_def_oid, sample_ordinal, item_group_ordinal, item_value, status_id FROM item_data WHERE item_oid = ?;
