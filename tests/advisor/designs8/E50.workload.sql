-- a rider requests a trip (its UUID made by the rider's app)
-- weight: 20000
UPSERT INTO trip (trip_id, rider_id, city_id, pickup_zone, request_time, status) VALUES (?, ?, ?, ?, ?, 'requested');
-- a driver accepts it
-- weight: 18000
UPSERT INTO trip (trip_id, driver_id, status) VALUES (?, ?, 'accepted');
-- the rider is picked up
-- weight: 17000
UPSERT INTO trip (trip_id, pickup_time, status) VALUES (?, ?, 'on_trip');
-- the trip ends and is priced
-- weight: 17000
UPSERT INTO trip (trip_id, dropoff_zone, dropoff_time, trip_miles, fare, driver_pay, status) VALUES (?, ?, ?, ?, ?, ?, 'completed');
-- the trip screen and the receipt, polled by both apps
-- weight: 60000
SELECT rider_id, driver_id, status, pickup_zone, dropoff_zone, request_time, pickup_time, dropoff_time, fare FROM trip WHERE trip_id = ?;
-- the driver app's earnings of the week
-- weight: 8000
SELECT trip_id, request_time, status, fare, driver_pay FROM trip WHERE driver_id = ? AND request_time >= ? AND request_time < ?;
-- the rider app's trip history, newest first
-- weight: 12000
SELECT trip_id, request_time, pickup_zone, dropoff_zone, fare, status FROM trip WHERE rider_id = ? ORDER BY request_time DESC LIMIT 10;
