-- every mutating request looks its key up
-- weight: 30000
SELECT account_id, idem_key, request_method, request_path, request_params, recovery_point, response_code, response_body, locked_at FROM idempotency_key WHERE key_md5 = ?;
-- a new key
-- weight: 25000
INSERT INTO idempotency_key (key_md5, account_id, idem_key, request_method, request_path, request_params, recovery_point, created_at, locked_at) VALUES (?, ?, ?, ?, ?, ?, 'started', ?, ?);
-- each atomic phase moves the recovery point; the last one saves the response and unlocks
-- weight: 50000
UPDATE idempotency_key SET recovery_point = ?, response_code = ?, response_body = ?, locked_at = ? WHERE key_md5 = ?;
