-- a request relayed from a city's Open311 endpoint (its id the city's own, in the city's sequence)
-- rate: 20/s
-- weight: 20
INSERT INTO service_request (jurisdiction_id, service_request_id, service_code, status, description, address, zipcode, lat, lon, media_url, requested_ts, updated_ts) VALUES (?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?);
-- a status update relayed from the city (status, notes, agency, expected date)
-- rate: 60/s
-- weight: 60
UPDATE service_request SET status = ?, status_notes = ?, agency_responsible = ?, expected_ts = ?, updated_ts = ? WHERE jurisdiction_id = ? AND service_request_id = ?;
-- GET /requests/{service_request_id}.json?jurisdiction_id=...
-- weight: 6000
SELECT service_code, status, status_notes, description, agency_responsible, address, zipcode, lat, lon, media_url, requested_ts, updated_ts, expected_ts FROM service_request WHERE jurisdiction_id = ? AND service_request_id = ?;
-- GET /requests.json?jurisdiction_id=...&service_code=...&start_date=...&end_date=...
-- weight: 1500
SELECT service_request_id, status, address, lat, lon, requested_ts, updated_ts FROM service_request WHERE jurisdiction_id = ? AND service_code = ? AND requested_ts >= ? AND requested_ts < ?;
-- the subscribers' feed (followers of a city, the apps' "updated since" sync): the city's requests changed since the last poll
-- weight: 400
SELECT service_request_id, service_code, status, status_notes, updated_ts FROM service_request WHERE jurisdiction_id = ? AND updated_ts > ? ORDER BY updated_ts LIMIT 500;
-- the duplicate check before a submission: the city's open requests near the point
-- weight: 1
SELECT service_request_id, service_code, status, address FROM service_request WHERE jurisdiction_id = ? AND lat BETWEEN ? AND ? AND lon BETWEEN ? AND ?;
