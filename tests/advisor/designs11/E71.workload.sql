-- every API request: its key's counter for this minute and route
-- weight: 300000
SELECT hits, window_limit FROM rate_counter WHERE slot = ? AND api_key = ? AND route = ?;
-- the first request of a minute creates the counter
-- weight: 50000
INSERT INTO rate_counter (slot, api_key, route, hits, window_limit) VALUES (?, ?, ?, 1, ?);
-- every later request of the minute counts itself
-- weight: 250000
UPDATE rate_counter SET hits = hits + 1 WHERE slot = ? AND api_key = ? AND route = ?;
-- the developer dashboard: one key's usage over the last hour
-- weight: 3000
SELECT slot, route, hits FROM rate_counter WHERE api_key = ? AND slot >= ?;
-- the limiter loads a key it has not cached
-- weight: 20000
SELECT account_id, plan, limit_per_minute, revoked_at FROM api_keys WHERE api_key = ?;
-- the account settings page lists the account's keys
-- weight: 300
SELECT api_key, plan, created_at, revoked_at FROM api_keys WHERE account_id = ?;
-- a key is created
-- weight: 20
INSERT INTO api_keys (api_key, account_id, plan, limit_per_minute, created_at) VALUES (?, ?, ?, ?, ?);
-- a key is revoked
-- weight: 5
UPDATE api_keys SET revoked_at = ? WHERE api_key = ?;
