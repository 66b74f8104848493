-- weight: 5000
SELECT ip, device, seq FROM login_history WHERE user_id = ? ORDER BY seq DESC LIMIT 10;
-- weight: 500
SELECT ip, device FROM login_history WHERE user_id = ? AND seq > ?;
-- weight: 10000
INSERT INTO login_history (user_id, ip, device) VALUES (?, ?, ?);
