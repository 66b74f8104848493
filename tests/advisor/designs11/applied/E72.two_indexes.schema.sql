-- rows: 2200000
-- distinct: flight_no 6000
-- distinct: origin 300
-- distinct: destination 300
CREATE TABLE flights (flight_no VARCHAR(8) NOT NULL, departure_date BIGINT NOT NULL,
  origin VARCHAR(3), destination VARCHAR(3), departure_time BIGINT, arrival_time BIGINT,
  aircraft VARCHAR(8), status VARCHAR(16),
  PRIMARY KEY (flight_no, departure_date));
CREATE INDEX idx_flights_origin_destination_departure_date ON flights (origin, destination, departure_date) INCLUDE (departure_time, arrival_time, aircraft);
-- rows: 390000000
-- distinct: flight_no 6000
-- distinct: departure_date 360
-- distinct: pnr 50000000
CREATE TABLE seat_inventory (flight_no VARCHAR(8) NOT NULL, departure_date BIGINT NOT NULL,
  cabin VARCHAR(1) NOT NULL, seat_no VARCHAR(4) NOT NULL, status VARCHAR(8), pnr VARCHAR(6),
  passenger_id VARCHAR(32), hold_expires_at BIGINT, fare_class VARCHAR(1),
  PRIMARY KEY (flight_no, departure_date, cabin, seat_no));
CREATE INDEX idx_seat_inventory_pnr ON seat_inventory (pnr) INCLUDE (status);
