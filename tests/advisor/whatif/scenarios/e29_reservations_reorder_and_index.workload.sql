-- the front desk: a hotel's reservations over a range of dates
-- weight: 4000
SELECT room_number, start_date, end_date, guest_id, confirm_number FROM reservation WHERE hotel_id = ? AND start_date >= ? AND start_date <= ?;
-- one room's reservation on one date
-- weight: 1500
SELECT confirm_number, end_date, guest_id FROM reservation WHERE hotel_id = ? AND start_date = ? AND room_number = ?;
-- the guest's "manage my booking" page, by confirmation number
-- weight: 2500
SELECT hotel_id, start_date, room_number, end_date, guest_id FROM reservation WHERE confirm_number = ?;
-- a booking
-- weight: 1000
INSERT INTO reservation (start_date, hotel_id, room_number, confirm_number, end_date, guest_id) VALUES (?, ?, ?, ?, ?, ?);
-- a cancellation, by the whole key
-- weight: 200
DELETE FROM reservation WHERE start_date = ? AND hotel_id = ? AND room_number = ?;
