-- distinct: hotel_id 5000
-- distinct: start_date 730
CREATE TABLE reservation (start_date BIGINT NOT NULL, hotel_id VARCHAR(16) NOT NULL,
  room_number BIGINT NOT NULL, confirm_number VARCHAR(12), end_date BIGINT, guest_id VARCHAR(36),
  PRIMARY KEY (start_date, hotel_id, room_number));
