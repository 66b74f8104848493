-- the rider app's location ping, every few seconds while on shift: the archive ...
-- weight: 200000
INSERT INTO rider_position (city_id, zone_id, rider_id, ts, lat, lng, speed, heading, order_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... and the rider's latest position
-- weight: 200000
UPDATE rider_latest SET zone_id = ?, lat = ?, lng = ?, updated_at = ? WHERE rider_id = ?;
-- the rider goes on or off shift, takes or finishes an order
-- weight: 30000
UPDATE rider_latest SET status = ?, vehicle = ?, current_order_id = ?, updated_at = ? WHERE rider_id = ?;
-- dispatch: the available riders of the restaurant's zone, with where they are
-- weight: 40000
SELECT rider_id, vehicle, lat, lng FROM rider_latest WHERE city_id = ? AND zone_id = ? AND status = 'available';
-- the customer's map: where is my rider
-- weight: 60000
SELECT lat, lng, updated_at FROM rider_latest WHERE rider_id = ?;
-- a delivery's route, for the support agent and the ETA model (the rider's pings in the delivery's window)
-- weight: 6000
SELECT ts, lat, lng, speed FROM rider_position WHERE rider_id = ? AND ts >= ? AND ts < ?;
-- an order offered to and accepted by a rider
-- weight: 15000
INSERT INTO delivery_assignment (rider_id, assigned_at, order_id, restaurant_id, status, fee) VALUES (?, ?, ?, ?, 'accepted', ?);
-- picked up, then delivered
-- weight: 30000
UPDATE delivery_assignment SET status = ?, picked_up_at = ?, delivered_at = ? WHERE rider_id = ? AND assigned_at = ? AND order_id = ?;
-- the rider app's earnings screen: today's assignments
-- weight: 5000
SELECT assigned_at, order_id, status, fee FROM delivery_assignment WHERE rider_id = ? AND assigned_at >= ?;
-- the order's tracking page: which rider carries it, and how far along
-- weight: 50000
SELECT rider_id, status, picked_up_at FROM delivery_assignment WHERE order_id = ?;
