-- weight: 5000
SELECT room_number, is_available FROM available_rooms WHERE hotel_id = ? AND stay_date >= ? AND stay_date <= ?;
-- weight: 300
SELECT stay_date, is_available FROM available_rooms WHERE hotel_id = ? AND room_number = ? AND stay_date >= ? AND stay_date <= ?;
-- weight: 1000
UPSERT INTO available_rooms (hotel_id, stay_date, room_number, is_available) VALUES (?, ?, ?, ?);
