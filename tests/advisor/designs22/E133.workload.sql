-- POST /requests.json: a resident's request, its id the city's next number
-- rate: 3/s
-- weight: 3
UPSERT INTO service_request (jurisdiction_id, service_request_id, service_code, status, description, address, address_id, zipcode, lat, lon, media_url, requested_at, updated_at) VALUES (?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... and the token the client polls until the request has an id (GET /tokens/{token}.json)
-- rate: 3/s
-- weight: 3
UPSERT INTO request_token (token, jurisdiction_id, service_request_id, created_at) VALUES (?, ?, ?, ?);
-- the work-order system writes back the status, the notes, the agency and the expected date
-- rate: 12/s
-- weight: 12
UPSERT INTO service_request (jurisdiction_id, service_request_id, status, status_notes, agency_responsible, expected_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?);
-- GET /tokens/{token}.json
-- weight: 300
SELECT service_request_id FROM request_token WHERE token = ?;
-- GET /requests/{service_request_id}.json
-- weight: 5000
SELECT service_code, status, status_notes, description, agency_responsible, service_notice, address, zipcode, lat, lon, media_url, requested_at, updated_at, expected_at FROM service_request WHERE jurisdiction_id = ? AND service_request_id = ?;
-- GET /requests.json?service_code=...&start_date=...&end_date=...&status=open: the city map and the apps' lists
-- weight: 800
SELECT service_request_id, status, address, lat, lon, requested_at, updated_at FROM service_request WHERE jurisdiction_id = ? AND service_code = ? AND requested_at >= ? AND requested_at < ? AND status = 'open';
-- GET /services.json: the service list
-- weight: 2000
SELECT service_code, service_name, description, has_metadata, service_type, keywords, service_group FROM service WHERE jurisdiction_id = ?;
-- GET /services/{service_code}.json: a service's attribute definitions
-- weight: 600
SELECT attributes FROM service WHERE jurisdiction_id = ? AND service_code = ?;
