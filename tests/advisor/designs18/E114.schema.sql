-- rows: 900000000
-- distinct: event_id 5000000
-- distinct: email 300000000
-- distinct: barcode 900000000
-- distinct: last_name 20000000
CREATE TABLE attendee (event_id BIGINT NOT NULL, attendee_id BIGINT NOT NULL, order_id BIGINT,
  ticket_class_id BIGINT, email VARCHAR(320), first_name VARCHAR(100), last_name VARCHAR(100),
  status VARCHAR(16), checked_in BOOLEAN, barcode VARCHAR(64), changed BIGINT, created BIGINT,
  PRIMARY KEY (event_id, attendee_id));
CREATE INDEX attendee_by_barcode ON attendee (barcode);
CREATE INDEX attendee_by_email ON attendee (email);
-- rows: 700000000
-- distinct: event_id 5000000
-- range: scanned_at 1/1000
CREATE TABLE checkin_scan (event_id BIGINT NOT NULL, scanned_at BIGINT NOT NULL,
  scan_id VARCHAR(36) NOT NULL, barcode VARCHAR(64), device_id VARCHAR(64), gate VARCHAR(32),
  result VARCHAR(16),
  PRIMARY KEY (event_id, scanned_at, scan_id));
