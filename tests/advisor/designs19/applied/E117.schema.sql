-- applied: designs19.md E117, the first run's recommendation: EVENT_BY_PATIENT widened, EVENT_BY_DATE widened, EVENT_BY_STATUS dropped
-- rows: 300000000
-- distinct: pc_aid 40000
-- distinct: pc_pid 30000000
-- distinct: pc_apptstatus 12
-- distinct: pc_eventdate 4000
CREATE TABLE calendar_event (pc_eid BIGINT NOT NULL, pc_catid INTEGER, pc_aid BIGINT,
  pc_pid BIGINT, pc_title VARCHAR(150), pc_hometext VARCHAR(4000), pc_eventdate DATE,
  pc_starttime VARCHAR(8), pc_endtime VARCHAR(8), pc_duration BIGINT, pc_apptstatus VARCHAR(15),
  pc_facility BIGINT, pc_billing_location BIGINT, pc_room VARCHAR(20), pc_time TIMESTAMP
  CONSTRAINT pk PRIMARY KEY (pc_eid));
CREATE SEQUENCE calendar_event_seq;
CREATE INDEX event_by_provider ON calendar_event (pc_aid, pc_eventdate) INCLUDE (pc_pid, pc_title, pc_starttime, pc_endtime, pc_apptstatus, pc_room);
CREATE INDEX event_by_patient ON calendar_event (pc_pid) INCLUDE (pc_aid, pc_title, pc_eventdate, pc_starttime, pc_apptstatus);
CREATE INDEX event_by_date ON calendar_event (pc_eventdate) INCLUDE (pc_aid, pc_pid, pc_title, pc_starttime, pc_apptstatus, pc_facility);
