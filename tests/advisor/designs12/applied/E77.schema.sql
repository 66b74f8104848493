-- rows: 3000000000
-- distinct: carrier_code 40
-- distinct: equipment_reference 40000000
-- distinct: transport_document_reference 300000000
-- distinct: un_location_code 2000
CREATE TABLE equipment_event (carrier_code VARCHAR(4) NOT NULL, equipment_reference VARCHAR(11) NOT NULL,
  event_created_date_time BIGINT NOT NULL, event_id VARCHAR(36) NOT NULL,
  event_type_code VARCHAR(4), event_classifier_code VARCHAR(3), event_date_time BIGINT,
  empty_indicator_code VARCHAR(5), transport_document_reference VARCHAR(20),
  carrier_booking_reference VARCHAR(35), un_location_code VARCHAR(5), facility_code VARCHAR(6),
  vessel_imo_number VARCHAR(7),
  PRIMARY KEY (equipment_reference, carrier_code, event_created_date_time, event_id));
CREATE INDEX idx_equipment_event_transport_document_reference ON equipment_event (transport_document_reference) INCLUDE (event_type_code, event_date_time, un_location_code);
