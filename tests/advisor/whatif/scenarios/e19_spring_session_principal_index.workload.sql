-- getSession: every request of a logged-in user
-- weight: 20000
SELECT creation_time, last_access_time, max_inactive_interval, principal_name, attributes FROM spring_session WHERE session_id = ?;
-- save: the last access and the new expiry, on every request
-- weight: 20000
UPDATE spring_session SET last_access_time = ?, max_inactive_interval = ?, expiry_time = ?, principal_name = ? WHERE session_id = ?;
-- createSession at login
-- weight: 1000
UPSERT INTO spring_session (session_id, creation_time, last_access_time, max_inactive_interval, expiry_time, principal_name, attributes) VALUES (?, ?, ?, ?, ?, ?, ?);
-- findByPrincipalName: the concurrent-session check at each login and the "your devices" page
-- weight: 1200
SELECT session_id, last_access_time, expiry_time FROM spring_session WHERE principal_name = ?;
-- deleteById at logout
-- weight: 800
DELETE FROM spring_session WHERE session_id = ?;
-- cleanUpExpiredSessions: the scheduled sweep, once a minute
-- weight: 1
DELETE FROM spring_session WHERE expiry_time < ?;
