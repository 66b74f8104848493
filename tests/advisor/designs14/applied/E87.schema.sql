-- rows: 400000000
-- distinct: study_oid 300
-- distinct: study_subject_oid 2000000
-- distinct: site_oid 6000
-- distinct: subject_event_status 8
-- distribution: date_start uniform
CREATE TABLE study_event (study_oid VARCHAR(40) NOT NULL, study_subject_oid VARCHAR(40) NOT NULL,
  event_def_oid VARCHAR(40) NOT NULL, sample_ordinal INTEGER NOT NULL, site_oid VARCHAR(40),
  location VARCHAR(2000), date_start TIMESTAMP, date_end TIMESTAMP, subject_event_status INTEGER,
  owner_id BIGINT, date_updated TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (study_oid, study_subject_oid, event_def_oid, sample_ordinal)) MULTI_TENANT=true;
CREATE VIEW scheduled_events AS SELECT * FROM study_event WHERE subject_event_status = 1;
CREATE INDEX idx_STUDY_EVENT_STUDY_OID_SITE_OID_SUBJECT_EVENT_STATUS_DATE_START ON STUDY_EVENT (SITE_OID, SUBJECT_EVENT_STATUS, DATE_START) INCLUDE (LOCATION);
-- rows: 6000000000
-- distinct: study_oid 300
-- distinct: study_subject_oid 2000000
-- distinct: item_oid 400000
CREATE TABLE item_data (study_oid VARCHAR(40) NOT NULL, study_subject_oid VARCHAR(40) NOT NULL,
  event_def_oid VARCHAR(40) NOT NULL, sample_ordinal INTEGER NOT NULL, crf_oid VARCHAR(40) NOT NULL,
  item_oid VARCHAR(40) NOT NULL, item_group_ordinal INTEGER NOT NULL, item_value VARCHAR(4000),
  status_id INTEGER, owner_id BIGINT, date_updated TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (study_oid, study_subject_oid, event_def_oid, sample_ordinal, crf_oid, item_oid, item_group_ordinal)) MULTI_TENANT=true;
CREATE INDEX idx_ITEM_DATA_STUDY_OID_ITEM_OID ON ITEM_DATA (ITEM_OID) INCLUDE (ITEM_VALUE, STATUS_ID);
