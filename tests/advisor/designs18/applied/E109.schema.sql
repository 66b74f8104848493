-- rows: 2000000000
-- distinct: event_id 400000
-- range: hold_expires_at 1/100000
CREATE TABLE event_seat (event_id VARCHAR(20) NOT NULL, section VARCHAR(16) NOT NULL,
  row_name VARCHAR(8) NOT NULL, seat_no INTEGER NOT NULL, price_level INTEGER, status VARCHAR(8),
  hold_token VARCHAR(36), hold_expires_at TIMESTAMP, order_id VARCHAR(24), updated_at TIMESTAMP,
  PRIMARY KEY (event_id, section, row_name, seat_no));
CREATE INDEX seat_by_hold_expiry ON event_seat (hold_expires_at);
-- rows: 600000000
-- distinct: customer_id 150000000
-- distinct: event_id 400000
CREATE TABLE ticket_order (order_id VARCHAR(24) NOT NULL, event_id VARCHAR(20),
  customer_id VARCHAR(24), status VARCHAR(12), seat_count INTEGER, total DECIMAL(12,2),
  currency VARCHAR(3), delivery_method VARCHAR(16), created_at TIMESTAMP, updated_at TIMESTAMP,
  PRIMARY KEY (order_id));
-- distinct: seat_by_hold_expiry_bucket 16
-- distribution: seat_by_hold_expiry_bucket uniform
ALTER TABLE event_seat ADD COLUMN seat_by_hold_expiry_bucket INT; DROP INDEX seat_by_hold_expiry ON event_seat; CREATE INDEX seat_by_hold_expiry ON event_seat (seat_by_hold_expiry_bucket, hold_expires_at);
CREATE INDEX idx_ticket_order_customer_id_created_at_desc ON ticket_order (customer_id, created_at DESC) INCLUDE (event_id, status, seat_count, total);
