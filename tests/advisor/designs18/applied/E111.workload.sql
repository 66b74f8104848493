-- keyplan:tenant acme_pizza -- the business's own connection, as the Drive integration runs
-- a delivery created (POST /drive/v2/deliveries)
-- weight: 10000
UPSERT INTO delivery (external_delivery_id, store_id, delivery_status, order_value, fee, pickup_address, dropoff_address, pickup_time_estimated, dropoff_time_estimated, created_at, updated_at, tracking_url) VALUES (?, ?, 'created', ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- its status moves (confirmed, enroute_to_pickup, arrived_at_pickup, picked_up, enroute_to_dropoff, arrived_at_dropoff, delivered), the Dasher once assigned
-- weight: 70000
UPSERT INTO delivery (external_delivery_id, delivery_status, dasher_id, dropoff_time_estimated, updated_at) VALUES (?, ?, ?, ?, ?);
-- ... each status and each Dasher location logged on the delivery's timeline
-- weight: 80000
UPSERT INTO delivery_event (external_delivery_id, event_time, event_name, dasher_id, lat, lng) VALUES (?, ?, ?, ?, ?, ?);
-- GET /drive/v2/deliveries/{external_delivery_id}
-- weight: 60000
SELECT store_id, dasher_id, delivery_status, fee, pickup_time_estimated, dropoff_time_estimated, tracking_url FROM delivery WHERE external_delivery_id = ?;
-- the tracking page: the delivery's timeline, in order
-- weight: 25000
SELECT event_time, event_name, lat, lng FROM delivery_event WHERE external_delivery_id = ? ORDER BY event_time;
-- the store's tablet: the store's deliveries, newest first
-- weight: 15000
SELECT external_delivery_id, delivery_status, dasher_id, dropoff_time_estimated, order_value FROM delivery WHERE store_id = ? ORDER BY created_at DESC LIMIT 50;
-- the store's deliveries on the road now (through the view)
-- weight: 8000
SELECT external_delivery_id, dasher_id, dropoff_time_estimated FROM in_flight WHERE store_id = ?;
-- support, rarely: the deliveries one Dasher carried for the business
-- weight: 5
SELECT external_delivery_id, delivery_status, created_at FROM delivery WHERE dasher_id = ?;
