-- an appointment booked (the front desk, or the patient portal): the id from the sequence
-- rate: 4/s
-- weight: 4000
UPSERT INTO calendar_event (pc_eid, pc_catid, pc_aid, pc_pid, pc_title, pc_hometext, pc_eventdate, pc_starttime, pc_endtime, pc_duration, pc_apptstatus, pc_facility, pc_billing_location, pc_room, pc_time) VALUES (NEXT VALUE FOR calendar_event_seq, ?, ?, ?, ?, ?, ?, ?, ?, ?, '-', ?, ?, ?, ?);
-- the status moves through the visit: arrived (@), in exam room (<), checked out (>), no show (?), cancelled (x)
-- rate: 12/s
-- weight: 12000
UPSERT INTO calendar_event (pc_eid, pc_apptstatus) VALUES (?, ?);
-- rescheduled: a new date and time
-- rate: 1/s
-- weight: 1000
UPSERT INTO calendar_event (pc_eid, pc_eventdate, pc_starttime, pc_endtime) VALUES (?, ?, ?, ?);
-- the provider's day in the calendar (the flow board, the day view)
-- weight: 40000
SELECT pc_eid, pc_pid, pc_title, pc_starttime, pc_endtime, pc_apptstatus, pc_room FROM calendar_event WHERE pc_aid = ? AND pc_eventdate = ?;
-- an appointment opened (its edit dialog)
-- weight: 15000
SELECT pc_catid, pc_aid, pc_pid, pc_title, pc_hometext, pc_eventdate, pc_starttime, pc_endtime, pc_apptstatus, pc_facility, pc_room FROM calendar_event WHERE pc_eid = ?;
-- the patient portal and the patient summary: the patient's coming appointments
-- weight: 15000
SELECT pc_eid, pc_eventdate, pc_starttime, pc_aid, pc_title, pc_apptstatus FROM calendar_event WHERE pc_pid = ? AND pc_eventdate >= ?;
-- the reminder job, once a day: tomorrow's appointments, to text the patients
-- weight: 1
SELECT pc_eid, pc_pid, pc_aid, pc_starttime, pc_facility FROM calendar_event WHERE pc_eventdate = ?;
-- applied: designs19.md E117, the first run's recommendation: event_by_patient and event_by_date widened to cover the portal's and the reminder job's reads; event_by_status dropped
