-- every login POST: the lockout check by username and IP within the cool-off (AXES_COOLOFF_TIME)
-- weight: 60000
SELECT failures_since_start, attempt_time FROM axes_attempt WHERE username = ? AND ip_address = ? AND attempt_time >= ?;
-- ... and by the IP alone (AXES_LOCKOUT_PARAMETERS with ip_address: credential stuffing from one address)
-- weight: 60000
SELECT username, failures_since_start FROM axes_attempt WHERE ip_address = ? AND attempt_time >= ?;
-- a failed login counts itself (user_login_failed: get_or_create, failures_since_start + 1, attempt_time now)
-- weight: 10000
UPSERT INTO axes_attempt (username, ip_address, ua_hash, user_agent, path_info, failures_since_start, attempt_time) VALUES (?, ?, ?, ?, ?, ?, ?);
-- a successful login resets the attempts of its username, IP and agent (AXES_RESET_ON_SUCCESS)
-- weight: 3000
DELETE FROM axes_attempt WHERE username = ? AND ip_address = ? AND ua_hash = ?;
-- the admin (axes_reset_username): one user's attempts
-- weight: 20
SELECT ip_address, user_agent, failures_since_start, attempt_time FROM axes_attempt WHERE username = ?;
-- user_logged_in: the access log entry, entry_no from the logger's counter (three statements as captured)
-- weight: 15000
UPSERT INTO axes_access_log (entry_no, username, ip_address, user_agent, session_hash, attempt_time) VALUES (73400001, ?, ?, ?, ?, ?);
-- weight: 15000
UPSERT INTO axes_access_log (entry_no, username, ip_address, user_agent, session_hash, attempt_time) VALUES (73400002, ?, ?, ?, ?, ?);
-- weight: 15000
UPSERT INTO axes_access_log (entry_no, username, ip_address, user_agent, session_hash, attempt_time) VALUES (73400003, ?, ?, ?, ?, ?);
-- user_logged_out: the entry's logout time (the session keeps the entry's number, username and login time)
-- weight: 40000
UPSERT INTO axes_access_log (entry_no, username, attempt_time, logout_time) VALUES (?, ?, ?, ?);
-- the account's security page: recent sign-ins, newest first
-- weight: 5000
SELECT ip_address, user_agent, attempt_time, logout_time FROM axes_access_log WHERE username = ? ORDER BY attempt_time DESC LIMIT 20;
