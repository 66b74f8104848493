-- a booking: each segment of the itinerary (NDC OrderCreate)
-- weight: 6000
INSERT INTO pnr_segment (record_locator, segment_no, carrier, flight_no, dep_date, origin, destination, booking_class, segment_status, pax_count, fare_basis, created_at, updated_at, pnr_by_created_bucket) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'HK', ?, ?, ?, ?, ?);
-- a schedule change or a cancellation: the segment's status (HK to UN, TK, XX)
-- weight: 1500
UPDATE pnr_segment SET segment_status = ?, updated_at = ? WHERE record_locator = ? AND segment_no = ?;
-- the PNR retrieved (manage my booking, the agent's screen, OrderRetrieve)
-- weight: 40000
SELECT segment_no, carrier, flight_no, dep_date, origin, destination, booking_class, segment_status, pax_count FROM pnr_segment WHERE record_locator = ?;
-- revenue accounting's nightly export: the segments booked yesterday
-- weight: 1
SELECT record_locator, segment_no, carrier, flight_no, booking_class, fare_basis FROM pnr_segment WHERE pnr_by_created_bucket IN (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) AND created_at >= ? AND created_at < ?;
-- a passenger checks in (web, kiosk or counter): the departure control system's row
-- weight: 30000
INSERT INTO checkin (dep_date, flight_no, record_locator, passenger_no, surname, given_name, seat, cabin, bag_count, boarding_status, checked_in_at, sequence_no) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'CHECKED_IN', ?, ?);
-- a seat changed at check-in or at the gate
-- weight: 5000
UPDATE checkin SET seat = ? WHERE dep_date = ? AND flight_no = ? AND record_locator = ? AND passenger_no = ?;
-- the boarding pass scanned at the gate
-- weight: 30000
UPDATE checkin SET boarding_status = 'BOARDED', boarded_at = ? WHERE dep_date = ? AND flight_no = ? AND record_locator = ? AND passenger_no = ?;
-- the gate's passenger list of the departure, refreshed through boarding
-- weight: 20000
SELECT record_locator, passenger_no, surname, given_name, seat, cabin, bag_count, boarding_status FROM checkin WHERE dep_date = ? AND flight_no = ?;
-- the boarding pass shown again (the app, the wallet pass)
-- weight: 25000
SELECT passenger_no, surname, given_name, seat, boarding_status, sequence_no FROM checkin WHERE dep_date = ? AND flight_no = ? AND record_locator = ?;
-- the gate agent: who sits in this seat
-- weight: 3000
SELECT record_locator, passenger_no, surname, boarding_status FROM checkin WHERE dep_date = ? AND flight_no = ? AND seat = ?;
-- applied: designs19.md E120 as recommended after advisor37: pnr_by_created rebuilt led by its bucket (the insert writes it, the export reads its 16 values, README rules); checkin re-keyed by flight with checkin_by_seat dropped (no new column: its statements as written)
