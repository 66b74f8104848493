-- a listing entered by its agent (a new ListingKey from the MLS)
-- rate: 5/s
-- weight: 5000
UPSERT INTO property (listing_key, listing_id, originating_system_name, standard_status, mls_status, property_type, list_price, bedrooms_total, bathrooms_total_integer, living_area, unparsed_address, city, state_or_province, postal_code, latitude, longitude, list_agent_key, list_office_key, public_remarks, photos_count, on_market_date, modification_timestamp, price_change_timestamp, status_change_timestamp) VALUES (?, ?, ?, 'Active', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- a price change
-- rate: 8/s
-- weight: 8000
UPSERT INTO property (listing_key, list_price, price_change_timestamp, modification_timestamp) VALUES (?, ?, ?, ?);
-- a status change: Active, ActiveUnderContract, Pending, Closed, Withdrawn, Expired, Canceled, ComingSoon, Hold
-- rate: 6/s
-- weight: 6000
UPSERT INTO property (listing_key, standard_status, mls_status, status_change_timestamp, modification_timestamp) VALUES (?, ?, ?, ?, ?);
-- remarks and photos edited
-- rate: 40/s
-- weight: 40000
UPSERT INTO property (listing_key, public_remarks, photos_count, modification_timestamp) VALUES (?, ?, ?, ?);
-- each changed field's history line (HistoryTransactional), with the price and status changes
-- rate: 14/s
-- weight: 14000
UPSERT INTO property_history (resource_record_key, modification_timestamp, field_name, history_transactional_key, previous_value, new_value, change_type, changed_by_member_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?);
-- GET /Property('{ListingKey}'): the listing's page
-- weight: 60000
SELECT listing_id, standard_status, property_type, list_price, bedrooms_total, bathrooms_total_integer, living_area, unparsed_address, city, postal_code, latitude, longitude, list_agent_key, list_office_key, public_remarks, photos_count, on_market_date FROM property WHERE listing_key = ?;
-- the portal's search: active listings of a postal code in a price band
-- weight: 30000
SELECT listing_key, list_price, bedrooms_total, bathrooms_total_integer, unparsed_address, photos_count FROM property WHERE postal_code = ? AND standard_status = 'Active' AND list_price >= ? AND list_price <= ?;
-- RESO Web API replication: $filter=ModificationTimestamp gt {last} $orderby=ModificationTimestamp $select=ListingKey,ModificationTimestamp (each key then fetched by GET)
-- weight: 20000
SELECT listing_key, modification_timestamp FROM property WHERE modification_timestamp > ? ORDER BY modification_timestamp LIMIT 1000;
-- the agent's dashboard: the agent's listings
-- weight: 5000
SELECT listing_key, standard_status, list_price, unparsed_address FROM property WHERE list_agent_key = ?;
-- the listing's price and status history, newest first
-- weight: 8000
SELECT modification_timestamp, field_name, previous_value, new_value, change_type FROM property_history WHERE resource_record_key = ? ORDER BY modification_timestamp DESC;
-- an appraiser's comparables report, once: the closed sales of a city since a date
-- weight: 1
SELECT listing_key, close_price, close_date, living_area FROM property WHERE city = ? AND close_date >= ?;
