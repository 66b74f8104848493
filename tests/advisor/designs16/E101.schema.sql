-- rows: 900000000
-- distinct: country_code 12
-- distinct: party_id 900
-- distinct: token_uid 25000000
CREATE TABLE charging_session (country_code VARCHAR(2) NOT NULL, party_id VARCHAR(3) NOT NULL,
  session_id VARCHAR(36) NOT NULL, start_date_time BIGINT, end_date_time BIGINT, kwh_wh BIGINT,
  token_uid VARCHAR(36), contract_id VARCHAR(36), auth_method VARCHAR(16), location_id VARCHAR(36),
  evse_uid VARCHAR(36), connector_id VARCHAR(36), currency VARCHAR(3), total_cost_cents BIGINT,
  status VARCHAR(12), last_updated BIGINT,
  PRIMARY KEY (country_code, party_id, session_id));
-- rows: 850000000
-- distinct: token_uid 25000000
-- distinct: party_id 900
CREATE TABLE cdr (token_uid VARCHAR(36) NOT NULL, end_date_time BIGINT NOT NULL, party_id VARCHAR(3) NOT NULL,
  cdr_id VARCHAR(39) NOT NULL, country_code VARCHAR(2), session_id VARCHAR(36), start_date_time BIGINT,
  location_id VARCHAR(36), evse_uid VARCHAR(36), total_energy_wh BIGINT, total_time_s BIGINT,
  currency VARCHAR(3), total_cost_cents BIGINT, invoice_reference_id VARCHAR(39), last_updated BIGINT,
  PRIMARY KEY (token_uid, end_date_time, party_id, cdr_id));
