-- flight search: one day's flights between two airports
-- weight: 50000
SELECT flight_no, departure_time, arrival_time, aircraft FROM flights WHERE origin = ? AND destination = ? AND departure_date = ?;
-- a flight's status
-- weight: 20000
SELECT status, departure_time, arrival_time FROM flights WHERE flight_no = ? AND departure_date = ?;
-- the schedule is loaded, a flight and a date at a time
-- weight: 200
INSERT INTO flights (flight_no, departure_date, origin, destination, departure_time, arrival_time, aircraft, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'scheduled');
-- operations update a flight's status (boarding, departed, delayed ...)
-- weight: 2000
UPDATE flights SET status = ? WHERE flight_no = ? AND departure_date = ?;
-- the seat map of a flight
-- weight: 40000
SELECT cabin, seat_no, status FROM seat_inventory WHERE flight_no = ? AND departure_date = ?;
-- the free seats of one cabin
-- weight: 10000
SELECT seat_no, fare_class FROM seat_inventory WHERE flight_no = ? AND departure_date = ? AND cabin = ? AND status = 'available';
-- the seats of a scheduled flight are created
-- weight: 1000
INSERT INTO seat_inventory (flight_no, departure_date, cabin, seat_no, status, fare_class) VALUES (?, ?, ?, ?, 'available', ?);
-- a seat is held for a booking
-- weight: 8000
UPDATE seat_inventory SET status = 'held', pnr = ?, hold_expires_at = ? WHERE flight_no = ? AND departure_date = ? AND cabin = ? AND seat_no = ?;
-- the booking is paid: the seat is sold
-- weight: 6000
UPDATE seat_inventory SET status = 'sold', passenger_id = ? WHERE flight_no = ? AND departure_date = ? AND cabin = ? AND seat_no = ?;
-- a hold is released (the booking abandoned or cancelled)
-- weight: 2000
UPDATE seat_inventory SET status = 'available', pnr = NULL, hold_expires_at = NULL WHERE flight_no = ? AND departure_date = ? AND cabin = ? AND seat_no = ?;
-- manage booking and check-in: the seats of a booking (PNR)
-- weight: 10000
SELECT flight_no, departure_date, cabin, seat_no, status FROM seat_inventory WHERE pnr = ?;
-- the sweeper, once a minute: holds that have expired
-- weight: 60
SELECT flight_no, departure_date, cabin, seat_no FROM seat_inventory WHERE status = 'held' AND hold_expires_at < ?;
