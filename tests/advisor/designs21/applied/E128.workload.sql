-- OTA_HotelRateAmountNotifRQ from the PMS or the revenue system: one room type's rate plan, one row a night
-- weight: 30000
UPSERT INTO rate_grid (hotel_id, room_type_code, rate_plan_code, stay_date, currency_code, base_amount, extra_adult_amount, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- OTA_HotelAvailNotifRQ with RestrictionStatus and LengthsOfStay: a rate plan closed or opened, its stay limits, a night at a time
-- weight: 10000
UPSERT INTO rate_grid (hotel_id, room_type_code, rate_plan_code, stay_date, min_los, max_los, closed, closed_to_arrival, closed_to_departure, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the availability search (the booking engine, a metasearch price query): every room type and rate plan of one hotel over the nights of a stay
-- weight: 50000
SELECT room_type_code, rate_plan_code, stay_date, currency_code, base_amount, extra_adult_amount, min_los, max_los, closed, closed_to_arrival, closed_to_departure FROM rate_grid WHERE hotel_id = ? AND stay_date >= ? AND stay_date < ?;
-- the extranet's calendar of one room type and rate plan
-- weight: 3000
SELECT stay_date, base_amount, min_los, max_los, closed FROM rate_grid WHERE hotel_id = ? AND room_type_code = ? AND rate_plan_code = ? AND stay_date >= ? AND stay_date < ?;
-- OTA_HotelAvailNotifRQ with a BookingLimit: the rooms to sell of a room type, a night at a time
-- weight: 15000
UPSERT INTO room_inventory (hotel_id, room_type_code, stay_date, booking_limit, updated_at) VALUES (?, ?, ?, ?, ?);
-- a booking taken: the nights of its room type counted sold
-- weight: 2000
UPSERT INTO room_inventory (hotel_id, room_type_code, stay_date, sold, updated_at) VALUES (?, ?, ?, ?, ?);
-- the booking engine, the room type chosen: the rooms left on each night of the stay
-- weight: 8000
SELECT stay_date, booking_limit, sold FROM room_inventory WHERE hotel_id = ? AND room_type_code = ? AND stay_date >= ? AND stay_date < ?;
-- a revenue analyst, once: every hotel's rates for one night (a market report)
-- weight: 1
SELECT hotel_id, room_type_code, rate_plan_code, base_amount FROM rate_grid WHERE stay_date = ?;
