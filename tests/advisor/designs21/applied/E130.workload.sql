-- OTA_HotelResNotifRQ, ResStatus Commit: a new booking from a channel, stored for the hotel's PMS
-- rate: 1500/s
-- weight: 15000
UPSERT INTO reservation (hotel_code, res_id, channel_code, channel_res_id, res_status, arrival_date, departure_date, room_type_code, rate_plan_code, guest_count, guest_surname, guest_given_name, amount_after_tax, currency_code, created_at, last_modified_at) VALUES (?, ?, ?, ?, 'Commit', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ResStatus Modify: new dates, room or rate
-- rate: 300/s
-- weight: 3000
UPSERT INTO reservation (hotel_code, res_id, res_status, arrival_date, departure_date, room_type_code, rate_plan_code, amount_after_tax, last_modified_at) VALUES (?, ?, 'Modify', ?, ?, ?, ?, ?, ?);
-- ResStatus Cancel
-- rate: 200/s
-- weight: 2000
UPSERT INTO reservation (hotel_code, res_id, res_status, last_modified_at) VALUES (?, ?, 'Cancel', ?);
-- OTA_NotifReportRQ: the PMS confirms it took the reservation
-- rate: 2000/s
-- weight: 20000
UPSERT INTO reservation (hotel_code, res_id, pms_ack_at) VALUES (?, ?, ?);
-- the PMS's pull, every minute a hotel: what was booked, modified or cancelled since its last pull
-- weight: 50000
SELECT res_id, res_status, arrival_date, departure_date, room_type_code, rate_plan_code, guest_count, guest_surname, guest_given_name, amount_after_tax, currency_code FROM reservation WHERE hotel_code = ? AND last_modified_at > ?;
-- a modification or cancellation arrives with the channel's own reservation number: which reservation is it
-- weight: 5000
SELECT hotel_code, res_id, res_status, last_modified_at FROM reservation WHERE channel_res_id = ? AND channel_code = ?;
-- the front desk's arrivals list of the day
-- weight: 10000
SELECT res_id, res_status, departure_date, room_type_code, guest_count, guest_surname, guest_given_name FROM reservation WHERE hotel_code = ? AND arrival_date = ?;
-- the night audit: the hotel's cancellations of coming arrivals (through the view)
-- weight: 300
SELECT res_id, arrival_date, guest_surname, amount_after_tax FROM cancelled_reservation WHERE hotel_code = ? AND arrival_date >= ?;
-- one reservation opened in the extranet
-- weight: 8000
SELECT channel_code, channel_res_id, res_status, arrival_date, departure_date, room_type_code, rate_plan_code, guest_count, guest_surname, guest_given_name, amount_after_tax, currency_code FROM reservation WHERE hotel_code = ? AND res_id = ?;
