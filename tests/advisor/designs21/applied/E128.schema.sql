-- rows: 16000000000
-- distinct: hotel_id 300000
-- distinct: room_type_code 3000
-- distinct: rate_plan_code 8000
-- distinct: stay_date 540
-- range: stay_date 1/180
CREATE TABLE rate_grid (hotel_id VARCHAR(16) NOT NULL, room_type_code VARCHAR(16) NOT NULL,
  rate_plan_code VARCHAR(16) NOT NULL, stay_date VARCHAR(10) NOT NULL, currency_code VARCHAR(3),
  base_amount BIGINT, extra_adult_amount BIGINT, min_los INTEGER, max_los INTEGER,
  closed BOOLEAN, closed_to_arrival BOOLEAN, closed_to_departure BOOLEAN, updated_at BIGINT,
  PRIMARY KEY (hotel_id, stay_date, room_type_code, rate_plan_code));
-- rows: 1600000000
-- distinct: hotel_id 300000
-- distinct: room_type_code 3000
-- distinct: stay_date 540
-- range: stay_date 1/180
CREATE TABLE room_inventory (hotel_id VARCHAR(16) NOT NULL, room_type_code VARCHAR(16) NOT NULL,
  stay_date VARCHAR(10) NOT NULL, booking_limit INTEGER, sold INTEGER, updated_at BIGINT,
  PRIMARY KEY (hotel_id, room_type_code, stay_date));
