-- applied: designs19.md E120, the first run's recommendation: pnr_by_created rebuilt led by pnr_by_created_bucket; checkin reorder_key [flight_no][dep_date][record_locator][passenger_no] and checkin_by_seat rebuilt led by checkin_by_seat_bucket
-- rows: 1500000000
-- distribution: created_at monotonic
-- distinct: pnr_by_created_bucket 16
-- distribution: pnr_by_created_bucket uniform
CREATE TABLE pnr_segment (record_locator VARCHAR(6) NOT NULL, segment_no BIGINT NOT NULL,
  carrier VARCHAR(3), flight_no VARCHAR(8), dep_date VARCHAR(10), origin VARCHAR(3),
  destination VARCHAR(3), booking_class VARCHAR(1), segment_status VARCHAR(2),
  pax_count BIGINT, fare_basis VARCHAR(16), created_at BIGINT, updated_at BIGINT, pnr_by_created_bucket BIGINT,
  PRIMARY KEY (record_locator, segment_no));
CREATE INDEX pnr_by_created ON pnr_segment (pnr_by_created_bucket, created_at);
-- rows: 300000000
-- distinct: dep_date 400
-- distribution: dep_date monotonic
-- distinct: flight_no 2500
-- distinct: checkin_by_seat_bucket 16
-- distribution: checkin_by_seat_bucket uniform
CREATE TABLE checkin (dep_date VARCHAR(10) NOT NULL, flight_no VARCHAR(8) NOT NULL,
  record_locator VARCHAR(6) NOT NULL, passenger_no BIGINT NOT NULL, surname VARCHAR(64),
  given_name VARCHAR(64), seat VARCHAR(4), cabin VARCHAR(1), bag_count BIGINT,
  boarding_status VARCHAR(12), checked_in_at BIGINT, boarded_at BIGINT, sequence_no BIGINT, checkin_by_seat_bucket BIGINT,
  PRIMARY KEY (flight_no, dep_date, record_locator, passenger_no));
CREATE INDEX checkin_by_seat ON checkin (checkin_by_seat_bucket, dep_date, flight_no, seat);
