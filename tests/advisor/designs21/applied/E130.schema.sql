-- rows: 2000000000
-- distinct: hotel_code 300000
-- distinct: channel_code 400
-- distinct: res_status 3
-- distinct: arrival_date 4000
-- distribution: last_modified_at monotonic
-- range: last_modified_at 1/500000
CREATE TABLE reservation (hotel_code VARCHAR(16) NOT NULL, res_id VARCHAR(32) NOT NULL,
  channel_code VARCHAR(8), channel_res_id VARCHAR(64), res_status VARCHAR(8),
  arrival_date DATE, departure_date DATE, room_type_code VARCHAR(16),
  rate_plan_code VARCHAR(16), guest_count INTEGER, guest_surname VARCHAR(64),
  guest_given_name VARCHAR(64), amount_after_tax BIGINT, currency_code VARCHAR(3),
  created_at BIGINT, last_modified_at BIGINT, pms_ack_at BIGINT
  CONSTRAINT pk PRIMARY KEY (hotel_code, res_id));
CREATE INDEX res_by_arrival ON reservation (hotel_code, arrival_date) INCLUDE (res_status, departure_date, room_type_code, guest_count, guest_surname, guest_given_name);
CREATE INDEX idx_reservation_hotel_code_last_modified_at ON reservation (hotel_code, last_modified_at) INCLUDE (res_status, arrival_date, departure_date, room_type_code, rate_plan_code, guest_count, guest_surname, guest_given_name, amount_after_tax, currency_code);
CREATE INDEX idx_reservation_channel_res_id_channel_code ON reservation (channel_res_id, channel_code) INCLUDE (res_status, last_modified_at);
CREATE VIEW cancelled_reservation AS SELECT * FROM reservation WHERE res_status = 'Cancel';
