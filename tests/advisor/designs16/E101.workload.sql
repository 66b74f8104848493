-- the CPO pushes a new session (PUT /sessions/{country_code}/{party_id}/{session_id}, status PENDING or ACTIVE)
-- weight: 3000
INSERT INTO charging_session (country_code, party_id, session_id, start_date_time, kwh_wh, token_uid, contract_id, auth_method, location_id, evse_uid, connector_id, currency, status, last_updated) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- ... and its progress every few minutes (PATCH: kwh, cost, status, last_updated)
-- weight: 40000
UPDATE charging_session SET kwh_wh = ?, total_cost_cents = ?, status = ?, last_updated = ? WHERE country_code = ? AND party_id = ? AND session_id = ?;
-- ... and its end (PATCH: end_date_time, status COMPLETED)
-- weight: 3000
UPDATE charging_session SET end_date_time = ?, kwh_wh = ?, total_cost_cents = ?, status = 'COMPLETED', last_updated = ? WHERE country_code = ? AND party_id = ? AND session_id = ?;
-- GET /sessions/{country_code}/{party_id}/{session_id}: the receiver's own object
-- weight: 10000
SELECT start_date_time, end_date_time, kwh_wh, total_cost_cents, status, last_updated FROM charging_session WHERE country_code = ? AND party_id = ? AND session_id = ?;
-- the eMSP's sync of one CPO (GET /sessions?date_from=): its sessions changed since the last pull
-- weight: 2000
SELECT session_id, kwh_wh, total_cost_cents, status, last_updated FROM charging_session WHERE country_code = ? AND party_id = ? AND last_updated >= ?;
-- the driver app: my sessions, newest first
-- weight: 20000
SELECT country_code, party_id, session_id, start_date_time, kwh_wh, total_cost_cents, status FROM charging_session WHERE token_uid = ? ORDER BY start_date_time DESC LIMIT 20;
-- the CPO pushes the CDR (POST /cdrs)
-- weight: 3000
INSERT INTO cdr (token_uid, end_date_time, party_id, cdr_id, country_code, session_id, start_date_time, location_id, evse_uid, total_energy_wh, total_time_s, currency, total_cost_cents, last_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?);
-- the driver's monthly invoice: the token's CDRs of the month
-- weight: 800
SELECT party_id, cdr_id, session_id, end_date_time, total_energy_wh, total_cost_cents FROM cdr WHERE token_uid = ? AND end_date_time >= ? AND end_date_time < ?;
-- the CDR page in the app
-- weight: 4000
SELECT cdr_id, start_date_time, location_id, total_energy_wh, total_time_s, total_cost_cents FROM cdr WHERE token_uid = ? AND end_date_time = ? AND party_id = ? AND cdr_id = ?;
-- the monthly settlement with one CPO: its CDRs of the month
-- weight: 900
SELECT token_uid, cdr_id, end_date_time, total_energy_wh, total_cost_cents FROM cdr WHERE party_id = ? AND end_date_time >= ? AND end_date_time < ?;
