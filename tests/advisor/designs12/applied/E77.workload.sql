-- each carrier's event feed: one event a gate-in, load, discharge, gate-out ... of a container
-- weight: 50000
INSERT INTO equipment_event (carrier_code, equipment_reference, event_created_date_time, event_id, event_type_code, event_classifier_code, event_date_time, empty_indicator_code, transport_document_reference, carrier_booking_reference, un_location_code, facility_code, vessel_imo_number) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- GET /events?equipmentReference=...: a container's milestones, in order
-- weight: 20000
SELECT event_id, event_type_code, event_classifier_code, event_date_time, un_location_code, facility_code FROM equipment_event WHERE carrier_code = ? AND equipment_reference = ? ORDER BY event_created_date_time;
-- GET /events?equipmentReference=...&eventUpdatedDateTimeMin=...: what happened since the last poll
-- weight: 15000
SELECT event_id, event_type_code, event_date_time, un_location_code FROM equipment_event WHERE carrier_code = ? AND equipment_reference = ? AND event_created_date_time >= ?;
-- GET /events?transportDocumentReference=...: every container of a bill of lading
-- weight: 10000
SELECT equipment_reference, event_id, event_type_code, event_date_time, un_location_code FROM equipment_event WHERE transport_document_reference = ?;
-- ad hoc: a vessel's load and discharge events at a port
-- weight: 2
SELECT equipment_reference, event_type_code, event_date_time FROM equipment_event WHERE vessel_imo_number = ? AND un_location_code = ?;
